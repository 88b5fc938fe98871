/* Lookup by name or alias, and "did you mean" suggestions. */
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/suggest.h"
#include "hw/catalog_impl.h"

#define SUGGESTIONS 3

static char fold(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

int asel_hw_name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (fold(*a) != fold(*b))
            return 0;
    return *a == *b;
}

int64_t asel_hw_lookup(const accelsel_catalog *cat, asel_hw_list list, const char *name)
{
    const asel_hw_name_index *index = &cat->index[list];
    if (index->cap == 0)
        return -1;
    const asel_hw_name_slot *s = asel_hw_index_slot(index, name);
    return s->name != NULL ? (int64_t)s->entry : -1;
}

/* The closest string among an entry's name and aliases. */
static size_t entry_distance(const accelsel_catalog *cat, asel_hw_list list, size_t i,
                             const char *name, const char **best)
{
    const char *nm;
    const char *const *al;
    size_t na;
    asel_hw_names(cat, list, i, &nm, &al, &na);
    size_t d = asel_suggest_rank(name, nm, 1);
    *best = nm;
    for (size_t k = 0; k < na; k++) {
        size_t dk = asel_suggest_rank(name, al[k], 1);
        if (dk < d) {
            d = dk;
            *best = al[k];
        }
    }
    return d;
}

int asel_hw_not_found(const accelsel_catalog *cat, asel_hw_list list, const char *name)
{
    const char *best[SUGGESTIONS] = {NULL};
    size_t dist[SUGGESTIONS] = {0};
    size_t n = asel_hw_count(cat, list), found = 0;
    for (size_t i = 0; i < n; i++) {
        const char *s;
        size_t d = entry_distance(cat, list, i, name, &s);
        size_t pos = found < SUGGESTIONS ? found++ : SUGGESTIONS;
        while (pos > 0 && dist[pos - 1] > d) {
            if (pos < SUGGESTIONS) {
                best[pos] = best[pos - 1];
                dist[pos] = dist[pos - 1];
            }
            pos--;
        }
        if (pos < SUGGESTIONS) {
            best[pos] = s;
            dist[pos] = d;
        }
    }
    if (found == 0)
        return asel_error(ACCELSEL_ENOTFOUND, "no %s '%s': the catalog has no %ss", asel_hw_noun(list),
                          name, asel_hw_noun(list));
    char near[384] = "";
    size_t used = 0;
    for (size_t k = 0; k < found && used < sizeof near; k++) {
        int w = snprintf(near + used, sizeof near - used, "%s'%s'", k ? ", " : "", best[k]);
        used += w > 0 ? (size_t)w : 0;
    }
    return asel_error(ACCELSEL_ENOTFOUND, "no %s '%s'; nearest: %s", asel_hw_noun(list), name,
                      near);
}

static int find(const accelsel_catalog *cat, asel_hw_list list, const char *name, size_t *index,
                const char *fn)
{
    if (cat == NULL || name == NULL || index == NULL)
        return asel_error(ACCELSEL_EINVAL, "%s: %s is NULL", fn,
                          cat == NULL ? "cat" : name == NULL ? "name" : "index");
    int64_t i = asel_hw_lookup(cat, list, name);
    if (i < 0)
        return asel_hw_not_found(cat, list, name);
    *index = (size_t)i;
    return 0;
}

ACCELSEL_API int accelsel_catalog_find_device(const accelsel_catalog *cat, const char *name,
                                              size_t *index)
{
    return find(cat, ASEL_HW_DEVICES, name, index, "accelsel_catalog_find_device");
}

ACCELSEL_API int accelsel_catalog_find_design(const accelsel_catalog *cat, const char *name,
                                              size_t *index)
{
    return find(cat, ASEL_HW_DESIGNS, name, index, "accelsel_catalog_find_design");
}

ACCELSEL_API int accelsel_catalog_find_link(const accelsel_catalog *cat, const char *name,
                                            size_t *index)
{
    return find(cat, ASEL_HW_LINKS, name, index, "accelsel_catalog_find_link");
}

ACCELSEL_API int accelsel_catalog_find_system(const accelsel_catalog *cat, const char *name,
                                              size_t *index)
{
    return find(cat, ASEL_HW_SYSTEMS, name, index, "accelsel_catalog_find_system");
}
