/* Merging two catalogs and selecting entries by name. Both plan which
 * entries to keep, then write and re-read them (asel_hw_build), so a merged
 * or selected catalog passes every check a loaded one does and systems refer
 * to entries by name in their new catalog. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "hw/catalog_impl.h"

/* A name or alias of entry (bc, bi) equal to one of entry (ac, ai); NULL if none. */
static const char *shared_name(const accelsel_catalog *ac, size_t ai, const accelsel_catalog *bc,
                               size_t bi, asel_hw_list list)
{
    const char *an, *bn;
    const char *const *aa, *const *ba;
    size_t na, nb;
    asel_hw_names(ac, list, ai, &an, &aa, &na);
    asel_hw_names(bc, list, bi, &bn, &ba, &nb);
    for (size_t i = 0; i <= na; i++) {
        const char *x = i == 0 ? an : aa[i - 1];
        for (size_t j = 0; j <= nb; j++) {
            const char *y = j == 0 ? bn : ba[j - 1];
            if (asel_hw_name_eq(x, y))
                return y;
        }
    }
    return NULL;
}

static const char *entry_name(const accelsel_catalog *cat, asel_hw_list list, size_t i)
{
    const char *name;
    const char *const *al;
    size_t na;
    asel_hw_names(cat, list, i, &name, &al, &na);
    return name;
}

/* Bits of the aliases of entry (bc, bi) that equal an alias of entry
 * (ac, ai); 0 when a name of either is in the clash, or an alias past 64. */
static uint64_t clashing_aliases(const accelsel_catalog *ac, size_t ai, const accelsel_catalog *bc,
                                 size_t bi, asel_hw_list list)
{
    const char *an, *bn;
    const char *const *aa, *const *ba;
    size_t na, nb;
    asel_hw_names(ac, list, ai, &an, &aa, &na);
    asel_hw_names(bc, list, bi, &bn, &ba, &nb);
    uint64_t bits = 0;
    for (size_t i = 0; i <= na; i++) {
        const char *x = i == 0 ? an : aa[i - 1];
        if (asel_hw_name_eq(x, bn))
            return 0;
        for (size_t j = 0; j < nb; j++)
            if (asel_hw_name_eq(x, ba[j])) {
                if (i == 0 || j >= 64)
                    return 0;
                bits |= (uint64_t)1 << j;
            }
    }
    return bits;
}

static int clash_error(const accelsel_catalog *a, size_t i, const accelsel_catalog *b, size_t j,
                       asel_hw_list list, const char *clash)
{
    return asel_error(ACCELSEL_EINVAL,
                      "cannot merge: %s '%s' of the second catalog clashes with %s '%s' "
                      "of the first (both are called '%s')",
                      asel_hw_noun(list), entry_name(b, list, j), asel_hw_noun(list),
                      entry_name(a, list, i), clash);
}

/* Plan one list: a's entries (replaced in place by b's entry of the same
 * name when overriding), then b's other entries. When overriding, an alias
 * that b's entry shares with an entry of a which stays is left to a's entry
 * (left out of b's), so a copy of an entry under a new name, aliases and
 * all, adds to the catalog and the aliases still find the original; a clash
 * that involves the name of either entry is still an error. */
static int plan_list(asel_hw_plan *plan, const accelsel_catalog *a, const accelsel_catalog *b,
                     asel_hw_list list, int override, unsigned char *used, uint64_t *drop)
{
    size_t na = asel_hw_count(a, list), nb = asel_hw_count(b, list);
    memset(used, 0, nb);
    memset(drop, 0, nb * sizeof *drop);
    for (size_t i = 0; i < na; i++) {
        int stays = 1;
        for (size_t j = 0; override && j < nb; j++)
            if (asel_hw_name_eq(entry_name(a, list, i), entry_name(b, list, j)))
                stays = 0;
        for (size_t j = 0; stays && j < nb; j++) {
            const char *clash = shared_name(a, i, b, j, list);
            if (clash == NULL)
                continue;
            uint64_t bits = override ? clashing_aliases(a, i, b, j, list) : 0;
            if (bits == 0)
                return clash_error(a, i, b, j, list, clash);
            drop[j] |= bits;
        }
    }
    for (size_t i = 0; i < na; i++) {
        asel_hw_ref r = {a, i, 0};
        for (size_t j = 0; override && j < nb; j++)
            if (asel_hw_name_eq(entry_name(a, list, i), entry_name(b, list, j))) {
                used[j] = 1;
                r = (asel_hw_ref){b, j, drop[j]};
            }
        plan->items[list][plan->n[list]++] = r;
    }
    for (size_t j = 0; j < nb; j++)
        if (!used[j])
            plan->items[list][plan->n[list]++] = (asel_hw_ref){b, j, drop[j]};
    return 0;
}

static int merge_plan(asel_hw_plan *plan, const accelsel_catalog *a, const accelsel_catalog *b,
                      int override)
{
    size_t cap[ASEL_HW_LIST_COUNT], most = 1;
    for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++) {
        cap[k] = asel_hw_count(a, (asel_hw_list)k) + asel_hw_count(b, (asel_hw_list)k);
        most = cap[k] > most ? cap[k] : most;
    }
    unsigned char *used = asel_malloc(most);
    uint64_t *drop = asel_malloc(most * sizeof *drop);
    int rc = used == NULL || drop == NULL ? asel_enomem() : asel_hw_plan_empty(plan, cap);
    for (size_t k = 0; rc == 0 && k < ASEL_HW_LIST_COUNT; k++)
        rc = plan_list(plan, a, b, (asel_hw_list)k, override, used, drop);
    if (rc != 0 && used != NULL && drop != NULL)
        asel_hw_plan_release(plan);
    asel_free(used);
    asel_free(drop);
    return rc;
}

/* Entries each valid in their catalog that do not fit together (a system's
 * host CPU that the other catalog makes a GPU): the re-read of the merged
 * text fails at a position in text the caller never sees, so the message
 * keeps only what is wrong. */
static int unfit(void)
{
    char what[512]; /* a copy: the new message is written where the old one is */
    const char *m = accelsel_last_error()->message, *at = strstr(m, ": ");
    snprintf(what, sizeof what, "%s", strncmp(m, "<merged catalog>:", 17) == 0 && at ? at + 2 : m);
    return asel_error(ACCELSEL_EINVAL,
                      "accelsel_catalog_merge: the merged entries do not fit together: %s", what);
}

ACCELSEL_API int accelsel_catalog_merge(accelsel_catalog **out, const accelsel_catalog *a,
                                        const accelsel_catalog *b, unsigned int flags)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || a == NULL || b == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_merge: %s is NULL",
                          out == NULL ? "out" : a == NULL ? "a" : "b");
    if ((flags & ~ACCELSEL_MERGE_OVERRIDE) != 0)
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_merge: unknown flags 0x%x",
                          flags & ~ACCELSEL_MERGE_OVERRIDE);
    asel_hw_plan plan;
    int rc = merge_plan(&plan, a, b, (flags & ACCELSEL_MERGE_OVERRIDE) != 0);
    if (rc != 0)
        return rc;
    rc = asel_hw_build(out, &plan, "<merged catalog>");
    asel_hw_plan_release(&plan);
    return rc == ACCELSEL_EPARSE ? unfit() : rc;
}

/* Mark what a chosen system refers to. */
static void mark_references(const accelsel_catalog *cat, size_t si, unsigned char *keep[])
{
    const asel_hw_system *s = &cat->systems[si];
    const int64_t devs[] = {s->info.device, s->info.host_cpu};
    const int64_t links[] = {s->info.intra_node_link, s->info.inter_node_link, s->info.host_link};
    for (size_t k = 0; k < 2; k++)
        if (devs[k] >= 0)
            keep[ASEL_HW_DEVICES][devs[k]] = 1;
    for (size_t k = 0; k < 3; k++)
        if (links[k] >= 0)
            keep[ASEL_HW_LINKS][links[k]] = 1;
    size_t n = s->cluster ? 0 : s->info.n_slots;
    for (size_t i = 0; i < n; i++) {
        const accelsel_slot_info *slot = &s->slots[i].info;
        if (slot->device >= 0)
            keep[ASEL_HW_DEVICES][slot->device] = 1;
        if (slot->host_link >= 0)
            keep[ASEL_HW_LINKS][slot->host_link] = 1;
        for (size_t d = 0; d < slot->n_designs; d++)
            keep[ASEL_HW_DESIGNS][slot->designs[d]] = 1;
        for (size_t j = 0; j < n; j++)
            if (s->slot_links[i * n + j] >= 0)
                keep[ASEL_HW_LINKS][s->slot_links[i * n + j]] = 1;
    }
}

/* Flag the entries named in @p names; ACCELSEL_ENOTFOUND for a name in no list. */
static int mark_names(const accelsel_catalog *cat, const char *const *names, size_t n,
                      unsigned char *keep[])
{
    for (size_t i = 0; i < n; i++) {
        if (names[i] == NULL)
            return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_select: names[%zu] is NULL", i);
        int found = 0;
        for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++) {
            int64_t e = asel_hw_lookup(cat, (asel_hw_list)k, names[i]);
            if (e >= 0) {
                keep[k][e] = 1;
                found = 1;
            }
        }
        if (!found)
            return asel_hw_not_found(cat, ASEL_HW_DEVICES, names[i]);
    }
    for (size_t s = 0; s < cat->n_systems; s++)
        if (keep[ASEL_HW_SYSTEMS][s])
            mark_references(cat, s, keep);
    for (size_t d = 0; d < cat->n_devices; d++) {
        const accelsel_device_info *dev = &cat->devices[d].info;
        if (keep[ASEL_HW_DEVICES][d] && dev->host_link >= 0)
            keep[ASEL_HW_LINKS][dev->host_link] = 1;
        if (keep[ASEL_HW_DEVICES][d] && dev->scale_up_link >= 0)
            keep[ASEL_HW_LINKS][dev->scale_up_link] = 1;
    }
    return 0;
}

static int select_plan(asel_hw_plan *plan, const accelsel_catalog *cat, unsigned char *keep[])
{
    size_t cap[ASEL_HW_LIST_COUNT];
    for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++)
        cap[k] = asel_hw_count(cat, (asel_hw_list)k);
    int rc = asel_hw_plan_empty(plan, cap);
    for (size_t k = 0; rc == 0 && k < ASEL_HW_LIST_COUNT; k++)
        for (size_t i = 0; i < cap[k]; i++)
            if (keep[k][i])
                plan->items[k][plan->n[k]++] = (asel_hw_ref){cat, i, 0};
    return rc;
}

ACCELSEL_API int accelsel_catalog_select(accelsel_catalog **out, const accelsel_catalog *cat,
                                         const char *const *names, size_t n)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL || (names == NULL && n > 0))
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_select: %s is NULL",
                          out == NULL ? "out" : cat == NULL ? "cat" : "names");
    unsigned char *keep[ASEL_HW_LIST_COUNT] = {NULL};
    int rc = 0;
    for (size_t k = 0; rc == 0 && k < ASEL_HW_LIST_COUNT; k++)
        rc = asel_alloc_array(&keep[k], asel_hw_count(cat, (asel_hw_list)k), 1);
    if (rc == 0)
        rc = mark_names(cat, names, n, keep);
    asel_hw_plan plan;
    if (rc == 0 && (rc = select_plan(&plan, cat, keep)) == 0) {
        rc = asel_hw_build(out, &plan, "<selected catalog>");
        asel_hw_plan_release(&plan);
    }
    for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++)
        asel_free(keep[k]);
    return rc;
}
