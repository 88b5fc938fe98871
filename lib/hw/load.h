/* Loader pieces shared by the entry readers and the writer: the table of
 * numeric figures of each entry kind, names, provenance and uniqueness. */
#ifndef ASEL_HW_LOAD_H
#define ASEL_HW_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "hw/catalog_impl.h"

typedef struct asel_hw_loader {
    const asel_yaml_doc *doc;
    accelsel_catalog *cat;
} asel_hw_loader;

/* Types of numeric figures; absent is NaN for doubles and 0 for integers. */
typedef enum asel_hw_ftype {
    ASEL_HW_F_DOUBLE, /* double, > 0 */
    ASEL_HW_F_BYTES,  /* double, a whole number >= 1 (a count of bytes) */
    ASEL_HW_F_I32,    /* int32_t in [min, max] */
    ASEL_HW_F_U32,    /* uint32_t in [min, max] */
    ASEL_HW_F_U64,    /* uint64_t in [min, max] */
    ASEL_HW_F_PREC    /* double[ACCELSEL_PRECISION_COUNT], a map by precision name, each > 0 */
} asel_hw_ftype;

typedef struct asel_hw_figure {
    const char *key;
    asel_hw_ftype type;
    size_t offset; /* in the entry's public struct */
    int64_t min, max;
    int required;
} asel_hw_figure;

/* Read every figure of @p figs from map @p map into @p info (absent ones
 * set to NaN or 0). */
int asel_hw_read_figures(const asel_hw_loader *ld, const asel_yaml_node *map,
                         const asel_hw_figure *figs, size_t n_figs, void *info);

/* 1 if figure @p key ("tdp_w", "peak_flops.fp16") is present in @p info. */
int asel_hw_figure_present(const asel_hw_figure *figs, size_t n_figs, const void *info,
                           const char *key);

/* Write the present figures, leaving out those listed in
 * p->derived[n_derived_given..] (computed on load). */
void asel_hw_write_figures(asel_buf *b, const asel_hw_figure *figs, size_t n_figs,
                           const void *info, const accelsel_provenance *p, size_t n_derived_given);

/* Copy of a string into the catalog; NULL (error recorded) on failure. */
const char *asel_hw_copy(const asel_hw_loader *ld, const char *s);

/* Required non-empty string @p key, copied. */
int asel_hw_read_string(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                        const char **out);

/* Optional string @p key, copied; *out untouched (NULL) when absent. */
int asel_hw_read_opt_string(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                            const char **out);

/* Optional list of non-empty strings @p key, copied. */
int asel_hw_read_strings(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                         const char *const **out, size_t *n);

/* "name" (required) and "aliases" (optional list). */
int asel_hw_read_names(const asel_hw_loader *ld, const asel_yaml_node *map, const char **name,
                       const char *const **aliases, size_t *n_aliases);

/* "source" (required), "sources" (map figure -> text) and "derived" (list of
 * figures); every figure they name must be present. Call after the figures. */
int asel_hw_read_provenance(const asel_hw_loader *ld, const asel_yaml_node *map,
                            const asel_hw_figure *figs, size_t n_figs, const void *info,
                            accelsel_provenance *p);

/* Append @p key to p->derived (for figures the library computes). */
int asel_hw_add_derived(const asel_hw_loader *ld, accelsel_provenance *p, const char *key);

/* Build the name index of @p list from the entries just loaded from sequence
 * @p seq: 0, ACCELSEL_ENOMEM, or ACCELSEL_EPARSE at the first name or alias
 * that equals (ignoring ASCII case) an earlier one, with the earlier one's line. */
int asel_hw_index_names(const asel_hw_loader *ld, const asel_yaml_node *seq, asel_hw_list list);

/* Index of the entry of @p list that node @p node (a scalar) names, or
 * ACCELSEL_EPARSE at the node naming @p what. */
int asel_hw_resolve(const asel_hw_loader *ld, const asel_yaml_node *node, asel_hw_list list,
                    const char *what, int64_t *index);

/* Optional key naming an entry of @p list: *index = -1 when absent. */
int asel_hw_read_ref(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                     asel_hw_list list, int64_t *index);

/* "price_basis" and "price_date" of an entry whose price_usd (@p price,
 * NaN when absent) and provenance are read: the basis is list when not
 * given, derived exactly when price_usd is listed under "derived"; the date
 * is ISO 8601 (YYYY, YYYY-MM or YYYY-MM-DD). Neither may come without a
 * price. */
int asel_hw_read_price(const asel_hw_loader *ld, const asel_yaml_node *map, double price,
                       const accelsel_provenance *p, int32_t *basis, const char **date);
/* Write them, nothing for ACCELSEL_PRICE_NONE. */
void asel_hw_put_price(asel_buf *b, int32_t basis, const char *date);

/* A device's "sale" (ACCELSEL_SALE_*, sold when not given), read after its
 * price_usd (@p price): a rent-only device may have no price. */
int asel_hw_read_sale(const asel_hw_loader *ld, const asel_yaml_node *map, double price,
                      int32_t *sale);
/* Write it, nothing for ACCELSEL_SALE_SOLD. */
void asel_hw_put_sale(asel_buf *b, int32_t sale);

/* Entry readers: @p map is one item of the list. */
int asel_hw_read_device(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_device *d);
int asel_hw_read_design(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_design *d);
int asel_hw_read_link(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_link *l);
int asel_hw_read_system(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_system *s);

/* The figure tables, for the writers. */
extern const asel_hw_figure asel_hw_device_figures[];
extern const size_t asel_hw_n_device_figures;
extern const asel_hw_figure asel_hw_design_figures[];
extern const size_t asel_hw_n_design_figures;
extern const asel_hw_figure asel_hw_link_figures[];
extern const size_t asel_hw_n_link_figures;
extern const asel_hw_figure asel_hw_system_figures[];
extern const size_t asel_hw_n_system_figures;

#endif
