/* Slots of a mapping problem: from a catalog system or an explicit list. */
#include <math.h>
#include <string.h>

#include "core/buf.h"
#include "core/error.h"
#include "hw/slot_rules.h"
#include "map/problem_build.h"

/* A slot as the build needs it, from either source. */
typedef struct slot_view {
    int64_t device;
    const size_t *designs;
    size_t n_designs;
    double memory, bw;
    int64_t host_link;
} slot_view;

static void *arena_array(accelsel_mapping_problem *p, size_t n, size_t size)
{
    return asel_arena_calloc(&p->arena, n ? n : 1, size);
}

/* The unit index of a catalog design (kind 0) or device (kind 1), added if new. */
static uint32_t unit_of(accelsel_mapping_problem *p, const accelsel_catalog *cat, int kind,
                        size_t index)
{
    for (size_t u = 0; u < p->n_units; u++)
        if ((kind == 0 ? p->unit_design[u] : p->unit_device[u]) == (int64_t)index)
            return (uint32_t)u;
    size_t u = p->n_units++;
    p->unit_design[u] = kind == 0 ? (int64_t)index : -1;
    p->unit_device[u] = kind == 1 ? (int64_t)index : -1;
    p->unit_name[u] = (char *)(kind == 0 ? accelsel_catalog_design(cat, index)->name
                                         : accelsel_catalog_device(cat, index)->name);
    return (uint32_t)u;
}

static int add_slot(accelsel_mapping_problem *p, const accelsel_catalog *cat, size_t s,
                    const slot_view *v, size_t *next)
{
    if (v->device < 0 && v->n_designs == 0)
        return asel_error(ACCELSEL_EEMPTY, "slot %zu of system '%s' has an empty design pool", s,
                          p->system);
    if (!(v->memory > 0))
        return asel_error(ACCELSEL_EDATA, "slot %zu of system '%s' lacks figure 'memory_bytes'",
                          s, p->system);
    if (!(v->bw > 0))
        return asel_error(ACCELSEL_EDATA,
                          "slot %zu of system '%s' lacks figure 'memory_bw_bytes_s'", s, p->system);
    p->pool_off[s] = *next;
    if (v->device >= 0)
        p->pool_unit[(*next)++] = unit_of(p, cat, 1, (size_t)v->device);
    for (size_t k = 0; v->device < 0 && k < v->n_designs; k++)
        p->pool_unit[(*next)++] = unit_of(p, cat, 0, v->designs[k]);
    p->pool_off[s + 1] = *next;
    p->slot_mem[s] = v->memory;
    size_t c = 0;
    while (c < p->n_classes && p->class_bw[c] != v->bw)
        c++;
    if (c == p->n_classes)
        p->class_bw[p->n_classes++] = v->bw;
    p->slot_class[s] = (uint32_t)c;
    if (v->host_link >= 0) {
        const accelsel_link_info *li = accelsel_catalog_link(cat, (size_t)v->host_link);
        p->host_bw[s] = li->bw_bytes_s;
        p->host_lat[s] = isfinite(li->latency_s) ? li->latency_s : 0;
    }
    return 0;
}

static int alloc_slots(accelsel_mapping_problem *p, size_t n, size_t pool_total, size_t n_cat)
{
    if (n > ACCELSEL_MAPPING_MAX_SLOTS)
        return asel_error(ACCELSEL_ERANGE, "system '%s' has %zu slots; at most %d can be mapped",
                          p->system, n, ACCELSEL_MAPPING_MAX_SLOTS);
    p->n_slots = n;
    p->pool_off = arena_array(p, n + 1, sizeof *p->pool_off);
    p->pool_unit = arena_array(p, pool_total, sizeof *p->pool_unit);
    p->slot_class = arena_array(p, n, sizeof *p->slot_class);
    p->class_bw = arena_array(p, n, sizeof *p->class_bw);
    p->slot_mem = arena_array(p, n, sizeof *p->slot_mem);
    p->host_bw = arena_array(p, n, sizeof *p->host_bw);
    p->host_lat = arena_array(p, n, sizeof *p->host_lat);
    p->link_bw = arena_array(p, n * n, sizeof *p->link_bw);
    p->link_lat = arena_array(p, n * n, sizeof *p->link_lat);
    p->unit_name = arena_array(p, n_cat, sizeof *p->unit_name);
    p->unit_design = arena_array(p, n_cat, sizeof *p->unit_design);
    p->unit_device = arena_array(p, n_cat, sizeof *p->unit_device);
    if (!p->pool_off || !p->pool_unit || !p->slot_class || !p->class_bw || !p->slot_mem ||
        !p->host_bw || !p->host_lat || !p->link_bw || !p->link_lat || !p->unit_name ||
        !p->unit_design || !p->unit_device)
        return ACCELSEL_ENOMEM;
    return 0;
}

static void set_link(accelsel_mapping_problem *p, const accelsel_catalog *cat, size_t a, size_t b,
                     size_t link)
{
    const accelsel_link_info *li = accelsel_catalog_link(cat, link);
    p->link_bw[a * p->n_slots + b] = li->bw_bytes_s;
    p->link_lat[a * p->n_slots + b] = isfinite(li->latency_s) ? li->latency_s : 0;
}

static int from_system(accelsel_mapping_problem *p, const accelsel_catalog *cat, size_t sys)
{
    const accelsel_system_info *info = accelsel_catalog_system(cat, sys);
    p->system = asel_arena_strdup(&p->arena, info->name);
    if (p->system == NULL)
        return ACCELSEL_ENOMEM;
    size_t n = info->n_slots, total = 0;
    for (size_t s = 0; s < n && n <= ACCELSEL_MAPPING_MAX_SLOTS; s++) {
        const accelsel_slot_info *si = accelsel_catalog_system_slot(cat, sys, s);
        total += si->device >= 0 ? 1 : si->n_designs;
    }
    int rc = alloc_slots(p, n, total, accelsel_catalog_design_count(cat) +
                                          accelsel_catalog_device_count(cat));
    size_t next = 0;
    for (size_t s = 0; rc == 0 && s < n; s++) {
        const accelsel_slot_info *si = accelsel_catalog_system_slot(cat, sys, s);
        slot_view v = {si->device, si->designs, si->n_designs, si->memory_bytes,
                       si->memory_bw_bytes_s, si->host_link >= 0 ? si->host_link : info->host_link};
        rc = add_slot(p, cat, s, &v, &next);
        for (size_t t = 0; rc == 0 && t < n; t++) {
            size_t link;
            if (t != s && accelsel_catalog_system_link(cat, sys, s, t, &link) == 0)
                set_link(p, cat, s, t, link);
        }
    }
    return rc;
}

static const char fn[] = "accelsel_mapping_problem_new_slots";

/* An explicit slot's figures keep the catalog's rules (hw/slot_rules.h);
 * NaN takes the fixed device's figure. */
static int check_figures(const accelsel_mapping_slot *in, size_t s)
{
    const char *bytes = isnan(in->memory_bytes) ? NULL : asel_hw_bytes_fault(in->memory_bytes);
    const char *rate =
        isnan(in->memory_bw_bytes_s) ? NULL : asel_hw_positive_fault(in->memory_bw_bytes_s);
    if (bytes == NULL && rate == NULL)
        return 0;
    char text[32];
    asel_format_double(text, bytes != NULL ? in->memory_bytes : in->memory_bw_bytes_s);
    return asel_error(ACCELSEL_EINVAL, "%s: slot %zu: %s %s, not %s%s", fn, s,
                      bytes != NULL ? "memory_bytes" : "memory_bw_bytes_s",
                      bytes != NULL ? bytes : rate, text,
                      in->device != NULL ? " (NaN: the device's)" : "");
}

/* No design twice in a pool, as in a catalog file (hw/slot_rules.h), once
 * every name resolved: names and aliases of one design repeat it. */
static int check_pool(const accelsel_catalog *cat, const accelsel_mapping_slot *in, size_t s,
                      const size_t *designs)
{
    size_t at, first;
    int rc = asel_hw_pool_repeat(designs, in->n_designs, accelsel_catalog_design_count(cat), &at,
                                 &first);
    if (rc != 0 || at == in->n_designs)
        return rc;
    const char *name = accelsel_catalog_design(cat, designs[at])->name;
    return asel_error(ACCELSEL_EINVAL,
                      "%s: slot %zu: design '%.*s%s' is twice in the pool (designs[%zu] and "
                      "designs[%zu] both name '%s')",
                      fn, s, ASEL_QUOTE_MAX, in->designs[at], asel_ellipsis(in->designs[at]), first,
                      at, name);
}

/* An explicit slot's designs and device resolved to catalog indices. */
static int resolve_slot(const accelsel_catalog *cat, const accelsel_mapping_slot *in, size_t s,
                        size_t *designs, slot_view *v)
{
    if (in->version != ACCELSEL_MAPPING_SLOT_VERSION)
        return asel_error(ACCELSEL_EINVAL, "%s: slot %zu has unknown version %u", fn, s,
                          in->version);
    if ((in->device == NULL) == (in->n_designs == 0) || (in->n_designs && !in->designs))
        return asel_error(ACCELSEL_EINVAL, "%s: slot %zu must give either a device or designs",
                          fn, s);
    *v = (slot_view){-1, designs, in->n_designs, in->memory_bytes, in->memory_bw_bytes_s, -1};
    int rc = check_figures(in, s);
    if (rc == 0 && in->device != NULL) {
        size_t d;
        rc = accelsel_catalog_find_device(cat, in->device, &d);
        if (rc == 0) {
            const accelsel_device_info *di = accelsel_catalog_device(cat, d);
            v->device = (int64_t)d;
            if (isnan(v->memory))
                v->memory = di->memory_bytes;
            if (isnan(v->bw))
                v->bw = di->memory_bw_bytes_s;
        }
    }
    for (size_t k = 0; rc == 0 && k < in->n_designs; k++)
        rc = in->designs[k] ? accelsel_catalog_find_design(cat, in->designs[k], &designs[k])
                            : asel_error(ACCELSEL_EINVAL, "%s: slot %zu: designs[%zu] is NULL",
                                         fn, s, k);
    if (rc == 0)
        rc = check_pool(cat, in, s, designs);
    size_t hl;
    if (rc == 0 && in->host_link != NULL && (rc = accelsel_catalog_find_link(cat, in->host_link, &hl)) == 0)
        v->host_link = (int64_t)hl;
    return rc;
}

static int from_list(accelsel_mapping_problem *p, const accelsel_catalog *cat,
                     const asel_map_slot_src *src)
{
    size_t link = 0, total = 0;
    p->system = asel_arena_strdup(&p->arena, "(explicit slots)");
    if (p->system == NULL)
        return ACCELSEL_ENOMEM;
    int rc = src->link ? accelsel_catalog_find_link(cat, src->link, &link) : 0;
    for (size_t s = 0; s < src->n_slots && s < ACCELSEL_MAPPING_MAX_SLOTS + 1; s++)
        total += src->slots[s].device ? 1 : src->slots[s].n_designs;
    if (rc == 0)
        rc = alloc_slots(p, src->n_slots, total,
                         accelsel_catalog_design_count(cat) + accelsel_catalog_device_count(cat));
    size_t *designs = rc == 0 ? arena_array(p, total, sizeof *designs) : NULL;
    if (rc == 0 && designs == NULL)
        rc = ACCELSEL_ENOMEM;
    size_t next = 0;
    for (size_t s = 0; rc == 0 && s < src->n_slots; s++) {
        slot_view v;
        rc = resolve_slot(cat, &src->slots[s], s, designs + next, &v);
        if (rc == 0)
            rc = add_slot(p, cat, s, &v, &next);
        for (size_t t = 0; rc == 0 && src->link && t < src->n_slots; t++)
            if (t != s)
                set_link(p, cat, s, t, link);
    }
    return rc;
}

/* Whether one link joins every pair, so that a group's collectives need
 * no search for its slowest link. */
static int uniform_links(const accelsel_mapping_problem *p)
{
    size_t n = p->n_slots;
    for (size_t i = 0; i < n * n; i++)
        if (i / n != i % n && (p->link_bw[i] != p->link_bw[1] || p->link_lat[i] != p->link_lat[1]))
            return 0;
    return 1;
}

int asel_map_build_slots(accelsel_mapping_problem *p, const accelsel_catalog *cat,
                         const asel_map_slot_src *src)
{
    int rc = src->slots ? from_list(p, cat, src) : from_system(p, cat, src->system);
    if (rc == 0)
        p->uniform = p->n_slots > 1 && uniform_links(p);
    return rc;
}
