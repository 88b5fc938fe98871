/* Internal layout of accelsel_catalog, shared by the loader, the writer,
 * the lookups and merge. */
#ifndef ASEL_HW_CATALOG_IMPL_H
#define ASEL_HW_CATALOG_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/catalog.h"
#include "core/arena.h"
#include "core/buf.h"
#include "core/yaml_doc.h"

/* Each entry wraps its public struct (first, so a pointer to the entry is a
 * pointer to the struct) with what saving needs: provenance.derived lists
 * the file's own derived figures first and then those the library computed,
 * which are not written back. */
typedef struct asel_hw_device {
    accelsel_device_info info;
    size_t n_derived_given;
} asel_hw_device;

typedef struct asel_hw_design {
    accelsel_design_info info;
    size_t n_derived_given;
} asel_hw_design;

typedef struct asel_hw_link {
    accelsel_link_info info;
    size_t n_derived_given;
} asel_hw_link;

/* A slot remembers which of its effective figures are its own (written back)
 * and which come from its device or system. */
typedef struct asel_hw_slot {
    accelsel_slot_info info;
    int own_memory, own_bw, own_host_link;
} asel_hw_slot;

typedef struct asel_hw_system {
    accelsel_system_info info;
    size_t n_derived_given;
    int cluster;          /* nodes x devices_per_node form */
    asel_hw_slot *slots;  /* explicit slots, or the one slot every cluster slot shares */
    int64_t *slot_links;  /* explicit form: n_slots x n_slots link indices, -1 = none */
} asel_hw_system;

/* The four lists, for code that treats them alike (lookups, merge). */
typedef enum asel_hw_list { ASEL_HW_DEVICES, ASEL_HW_DESIGNS, ASEL_HW_LINKS, ASEL_HW_SYSTEMS } asel_hw_list;
#define ASEL_HW_LIST_COUNT 4

/* Every name and alias of one list in a hash table (ASCII case folded), so
 * that a lookup takes constant time: a search of every name per reference
 * and per new name made loading quadratic. */
typedef struct asel_hw_name_slot {
    const char *name; /* NULL for an empty slot */
    size_t entry, k;  /* the entry, and which of its strings (0: name, then aliases) */
} asel_hw_name_slot;

typedef struct asel_hw_name_index {
    asel_hw_name_slot *slots; /* in the catalog's arena */
    size_t cap;               /* a power of two, at least twice the strings; 0 if none */
    uint64_t seed;
} asel_hw_name_index;

struct accelsel_catalog {
    asel_arena arena; /* every string and array below */
    asel_hw_device *devices;
    asel_hw_design *designs;
    asel_hw_link *links;
    asel_hw_system *systems;
    size_t n_devices, n_designs, n_links, n_systems;
    asel_hw_name_index index[ASEL_HW_LIST_COUNT]; /* built as each list finishes loading */
};

/* "device", "design", "link", "system"; and the YAML key of the list. */
const char *asel_hw_noun(asel_hw_list list);
const char *asel_hw_list_key(asel_hw_list list);

size_t asel_hw_count(const accelsel_catalog *cat, asel_hw_list list);

/* Name and aliases of entry @p i of @p list. */
void asel_hw_names(const accelsel_catalog *cat, asel_hw_list list, size_t i, const char **name,
                   const char *const **aliases, size_t *n_aliases);

/* ASCII case-insensitive equality, the catalog's rule for names. */
int asel_hw_name_eq(const char *a, const char *b);

/* Index of the entry of @p list whose name or alias is @p name, or -1. Sets no error. */
int64_t asel_hw_lookup(const accelsel_catalog *cat, asel_hw_list list, const char *name);

/* The slot of @p index holding @p name (ASCII case ignored), or the empty
 * slot where it would go; @p index must have slots. */
asel_hw_name_slot *asel_hw_index_slot(const asel_hw_name_index *index, const char *name);

/* A name in normal form (docs/catalog-format.md, "Names people type"):
 * ASCII case folded; split into words at anything but letters, digits, '.'
 * and '+'; makers' and brands' words ("NVIDIA", "GeForce", "(R)") dropped;
 * memory sizes written "80GB", "80 GB", "80G" or "80GiB" as one word "80gb".
 * compact is the words run together. */
#define ASEL_HW_NORM_TOKENS 32
#define ASEL_HW_NORM_CHARS 256
typedef struct asel_hw_norm {
    size_t n;
    const char *tok[ASEL_HW_NORM_TOKENS]; /* into text */
    char text[ASEL_HW_NORM_CHARS];
    char compact[ASEL_HW_NORM_CHARS];
} asel_hw_norm;

/* Fill @p out from @p s: 1, or 0 if @p s is too long to have a normal form. */
int asel_hw_normalise(asel_hw_norm *out, const char *s);

/* 1 if the query @p q names the same thing as @p c: equal run together
 * ("Gaudi 2", "gaudi2") or the same words in any order. Empty forms never match. */
int asel_hw_norm_equal(const asel_hw_norm *q, const asel_hw_norm *c);

/* 1 if every word of @p q is one of @p c's, a word of letters that @p c
 * has followed by a number ("sxm" within "sxm5"), or a memory size equal to
 * @p memory_bytes (NaN: none) as N GiB or N GB: @p q is part of @p c. */
int asel_hw_norm_within(const asel_hw_norm *q, const asel_hw_norm *c, double memory_bytes);

/* The model word: the first word with a digit ("h100" of "H100 SXM5 80GB"),
 * else the first word, else "". */
const char *asel_hw_norm_model(const asel_hw_norm *n);

/* Index of the one entry of @p list that @p name names (the exact lookup,
 * then the normal form: equal, and for devices only, part of one entry's
 * names), or -1. With several candidates, -1 and their indices (up to
 * @p cap) in @p many, their number in @p n_many. Sets no error. */
int64_t asel_hw_lookup_typed(const accelsel_catalog *cat, asel_hw_list list, const char *name,
                             size_t *many, size_t cap, size_t *n_many);

/* Record ACCELSEL_ENOTFOUND for @p name in @p list with the nearest names. */
int asel_hw_not_found(const accelsel_catalog *cat, asel_hw_list list, const char *name);

/* A new empty catalog (ACCELSEL_ENOMEM recorded on failure). */
accelsel_catalog *asel_hw_catalog_new(void);

/* Parse YAML text into a new catalog; @p source names it in messages. */
int asel_hw_load(accelsel_catalog **out, const char *data, size_t len, const char *source);

/* What to write: for each list, entries taken from one or more catalogs, in
 * order (save writes one catalog whole; merge and select choose). */
typedef struct asel_hw_ref {
    const accelsel_catalog *cat;
    size_t index;
    uint64_t drop_aliases; /* bit i: leave alias i out (merge: another entry keeps it) */
} asel_hw_ref;

typedef struct asel_hw_plan {
    asel_hw_ref *items[ASEL_HW_LIST_COUNT];
    size_t n[ASEL_HW_LIST_COUNT];
} asel_hw_plan;

/* A plan of every entry of @p cat, or of none: 0 or ACCELSEL_ENOMEM. */
int asel_hw_plan_all(asel_hw_plan *plan, const accelsel_catalog *cat);
int asel_hw_plan_empty(asel_hw_plan *plan, size_t capacity[ASEL_HW_LIST_COUNT]);
void asel_hw_plan_release(asel_hw_plan *plan);

/* Append the YAML text of a whole catalog following @p plan. Systems name
 * the entries they refer to, so the text reads back into one catalog. */
void asel_hw_write(asel_buf *b, const asel_hw_plan *plan);

/* Build a new catalog from @p plan by writing it and reading it back (so
 * merge and select get every check the loader makes). */
int asel_hw_build(accelsel_catalog **out, const asel_hw_plan *plan, const char *source);

/* Writers of single entries, for asel_hw_write(). */
void asel_hw_write_device(asel_buf *b, const accelsel_catalog *cat, const asel_hw_device *d);
void asel_hw_write_design(asel_buf *b, const asel_hw_design *d);
void asel_hw_write_link(asel_buf *b, const asel_hw_link *l);
void asel_hw_write_system(asel_buf *b, const accelsel_catalog *cat, const asel_hw_system *s);

/* Shared writer pieces: "  - name: x" opens an entry; the others write
 * "    key: value" lines and nothing for an absent (NULL) value. */
void asel_hw_put_name(asel_buf *b, const char *name);
void asel_hw_put_string(asel_buf *b, const char *key, const char *value);
void asel_hw_put_double(asel_buf *b, const char *key, double v);
void asel_hw_put_list(asel_buf *b, const char *key, const char *const *items, size_t n);
void asel_hw_put_provenance(asel_buf *b, const accelsel_provenance *p, size_t n_derived_given);

#endif
