/* Catalog lifetime, counts, entry access and the names of enumerations. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "hw/catalog_impl.h"

static const char *const precision_names[ACCELSEL_PRECISION_COUNT] = {
    "fp64", "fp32", "tf32", "fp16", "bf16", "fp8", "int8"};
static const char *const kind_names[] = {NULL, "cpu", "gpu", "tpu", "npu", "fpga"};
static const char *const dataflow_names[] = {NULL, "weight-stationary", "output-stationary",
                                             "row-stationary", "tiled"};

ACCELSEL_API const char *accelsel_precision_name(int precision)
{
    return precision >= 0 && precision < ACCELSEL_PRECISION_COUNT ? precision_names[precision]
                                                                   : NULL;
}

ACCELSEL_API const char *accelsel_device_kind_name(int kind)
{
    return kind >= ACCELSEL_DEVICE_CPU && kind <= ACCELSEL_DEVICE_FPGA ? kind_names[kind] : NULL;
}

ACCELSEL_API const char *accelsel_dataflow_name(int dataflow)
{
    return dataflow >= ACCELSEL_DATAFLOW_WEIGHT_STATIONARY && dataflow <= ACCELSEL_DATAFLOW_TILED
               ? dataflow_names[dataflow]
               : NULL;
}

ACCELSEL_API size_t accelsel_device_info_size(void)
{
    return sizeof(accelsel_device_info);
}

ACCELSEL_API size_t accelsel_design_info_size(void)
{
    return sizeof(accelsel_design_info);
}

ACCELSEL_API size_t accelsel_link_info_size(void)
{
    return sizeof(accelsel_link_info);
}

ACCELSEL_API size_t accelsel_system_info_size(void)
{
    return sizeof(accelsel_system_info);
}

ACCELSEL_API size_t accelsel_slot_info_size(void)
{
    return sizeof(accelsel_slot_info);
}

ACCELSEL_API const char *accelsel_provenance_source(const accelsel_provenance *p,
                                                    const char *figure)
{
    if (p == NULL || figure == NULL)
        return NULL;
    for (size_t i = 0; i < p->n_figure_sources; i++)
        if (strcmp(p->figure_keys[i], figure) == 0)
            return p->figure_sources[i];
    return p->source;
}

ACCELSEL_API int accelsel_provenance_is_derived(const accelsel_provenance *p, const char *figure)
{
    if (p == NULL || figure == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_provenance_is_derived: %s is NULL",
                          p == NULL ? "p" : "figure");
    for (size_t i = 0; i < p->n_derived; i++)
        if (strcmp(p->derived[i], figure) == 0)
            return 1;
    return 0;
}

accelsel_catalog *asel_hw_catalog_new(void)
{
    accelsel_catalog *cat = asel_calloc(1, sizeof *cat);
    if (cat == NULL)
        asel_enomem();
    return cat;
}

ACCELSEL_API void accelsel_catalog_free(accelsel_catalog *cat)
{
    if (cat == NULL)
        return;
    asel_arena_release(&cat->arena);
    asel_free(cat);
}

ACCELSEL_API size_t accelsel_catalog_device_count(const accelsel_catalog *cat)
{
    return cat != NULL ? cat->n_devices : 0;
}

ACCELSEL_API size_t accelsel_catalog_design_count(const accelsel_catalog *cat)
{
    return cat != NULL ? cat->n_designs : 0;
}

ACCELSEL_API size_t accelsel_catalog_link_count(const accelsel_catalog *cat)
{
    return cat != NULL ? cat->n_links : 0;
}

ACCELSEL_API size_t accelsel_catalog_system_count(const accelsel_catalog *cat)
{
    return cat != NULL ? cat->n_systems : 0;
}

ACCELSEL_API const accelsel_device_info *accelsel_catalog_device(const accelsel_catalog *cat,
                                                                 size_t index)
{
    return cat != NULL && index < cat->n_devices ? &cat->devices[index].info : NULL;
}

ACCELSEL_API const accelsel_design_info *accelsel_catalog_design(const accelsel_catalog *cat,
                                                                 size_t index)
{
    return cat != NULL && index < cat->n_designs ? &cat->designs[index].info : NULL;
}

ACCELSEL_API const accelsel_link_info *accelsel_catalog_link(const accelsel_catalog *cat,
                                                             size_t index)
{
    return cat != NULL && index < cat->n_links ? &cat->links[index].info : NULL;
}

ACCELSEL_API const accelsel_system_info *accelsel_catalog_system(const accelsel_catalog *cat,
                                                                 size_t index)
{
    return cat != NULL && index < cat->n_systems ? &cat->systems[index].info : NULL;
}

const char *asel_hw_noun(asel_hw_list list)
{
    static const char *const nouns[] = {"device", "design", "link", "system"};
    return nouns[list];
}

const char *asel_hw_list_key(asel_hw_list list)
{
    static const char *const keys[] = {"devices", "designs", "links", "systems"};
    return keys[list];
}

size_t asel_hw_count(const accelsel_catalog *cat, asel_hw_list list)
{
    const size_t counts[] = {cat->n_devices, cat->n_designs, cat->n_links, cat->n_systems};
    return counts[list];
}

void asel_hw_names(const accelsel_catalog *cat, asel_hw_list list, size_t i, const char **name,
                   const char *const **aliases, size_t *n_aliases)
{
    switch (list) {
    case ASEL_HW_DEVICES:
        *name = cat->devices[i].info.name;
        *aliases = cat->devices[i].info.aliases;
        *n_aliases = cat->devices[i].info.n_aliases;
        break;
    case ASEL_HW_DESIGNS:
        *name = cat->designs[i].info.name;
        *aliases = cat->designs[i].info.aliases;
        *n_aliases = cat->designs[i].info.n_aliases;
        break;
    case ASEL_HW_LINKS:
        *name = cat->links[i].info.name;
        *aliases = cat->links[i].info.aliases;
        *n_aliases = cat->links[i].info.n_aliases;
        break;
    case ASEL_HW_SYSTEMS:
        *name = cat->systems[i].info.name;
        *aliases = cat->systems[i].info.aliases;
        *n_aliases = cat->systems[i].info.n_aliases;
        break;
    }
}
