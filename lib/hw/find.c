/* Lookup by name or alias, and "did you mean" suggestions. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/suggest.h"
#include "hw/catalog_impl.h"

#define SUGGESTIONS 3
#define AMBIGUOUS_SHOWN 12 /* names listed for an ambiguous one */

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

/* Whether entry @p i of @p list has a name or alias that the query @p q
 * names: equally (@p within 0) or as a part (@p within 1). */
static int entry_matches(const accelsel_catalog *cat, asel_hw_list list, size_t i,
                         const asel_hw_norm *q, int within)
{
    const char *nm;
    const char *const *al;
    size_t na;
    asel_hw_names(cat, list, i, &nm, &al, &na);
    double memory = list == ASEL_HW_DEVICES ? cat->devices[i].info.memory_bytes : NAN;
    for (size_t k = 0; k <= na; k++) {
        asel_hw_norm c;
        if (!asel_hw_normalise(&c, k == 0 ? nm : al[k - 1]))
            continue;
        if (within ? asel_hw_norm_within(q, &c, memory) : asel_hw_norm_equal(q, &c))
            return 1;
    }
    return 0;
}

int64_t asel_hw_lookup_typed(const accelsel_catalog *cat, asel_hw_list list, const char *name,
                             size_t *many, size_t cap, size_t *n_many)
{
    *n_many = 0;
    int64_t i = asel_hw_lookup(cat, list, name);
    asel_hw_norm q;
    if (i >= 0 || !asel_hw_normalise(&q, name))
        return i;
    /* Equal forms first; only devices are also found by a part of their
     * names ("4090"), as a system's names hold its device's ("DGX H100"). */
    for (int within = 0; within <= (list == ASEL_HW_DEVICES) && *n_many == 0; within++) {
        for (size_t e = 0; e < asel_hw_count(cat, list); e++) {
            if (!entry_matches(cat, list, e, &q, within))
                continue;
            if (*n_many < cap)
                many[*n_many] = e;
            ++*n_many;
        }
    }
    if (*n_many == 1) {
        *n_many = 0;
        return (int64_t)many[0];
    }
    return -1;
}

/* How near a name is to the query, compared field by field: for devices,
 * first the edit distance between the model words ("h100" and "h100", so a
 * typo of an H100 name suggests H100s before H200s or A100s), then the rank
 * of the normal forms run together, then that of the strings as given. */
typedef struct nearness {
    size_t model, norm, raw;
} nearness;

static int nearer(const nearness *a, const nearness *b)
{
    if (a->model != b->model)
        return a->model < b->model;
    if (a->norm != b->norm)
        return a->norm < b->norm;
    return a->raw < b->raw;
}

static nearness string_nearness(asel_hw_list list, const char *query, const asel_hw_norm *q,
                                int q_ok, const char *s)
{
    nearness r = {0, 0, asel_suggest_rank(query, s, 1)};
    asel_hw_norm c;
    if (list != ASEL_HW_DEVICES || !q_ok || !asel_hw_normalise(&c, s) || q->n == 0) {
        r.norm = r.raw;
        return r;
    }
    r.model = asel_suggest_rank(asel_hw_norm_model(q), asel_hw_norm_model(&c), 0);
    /* Only the distance between the model words, not whether one begins the other. */
    r.model = r.model >= SIZE_MAX / 2 ? r.model - SIZE_MAX / 2
              : r.model >= SIZE_MAX / 4 ? r.model - SIZE_MAX / 4 : r.model;
    r.norm = asel_suggest_rank(q->compact, c.compact, 0);
    return r;
}

/* The closest string among an entry's name and aliases. */
static nearness entry_nearness(const accelsel_catalog *cat, asel_hw_list list, size_t i,
                               const char *name, const asel_hw_norm *q, int q_ok,
                               const char **best)
{
    const char *nm;
    const char *const *al;
    size_t na;
    asel_hw_names(cat, list, i, &nm, &al, &na);
    nearness d = string_nearness(list, name, q, q_ok, nm);
    *best = nm;
    for (size_t k = 0; k < na; k++) {
        nearness dk = string_nearness(list, name, q, q_ok, al[k]);
        if (nearer(&dk, &d)) {
            d = dk;
            *best = al[k];
        }
    }
    return d;
}

int asel_hw_not_found(const accelsel_catalog *cat, asel_hw_list list, const char *name)
{
    const char *best[SUGGESTIONS] = {NULL};
    nearness dist[SUGGESTIONS] = {{0, 0, 0}};
    size_t n = asel_hw_count(cat, list), found = 0;
    asel_hw_norm q;
    int q_ok = asel_hw_normalise(&q, name);
    for (size_t i = 0; i < n; i++) {
        const char *s;
        nearness d = entry_nearness(cat, list, i, name, &q, q_ok, &s);
        size_t pos = found < SUGGESTIONS ? found++ : SUGGESTIONS;
        while (pos > 0 && nearer(&d, &dist[pos - 1])) {
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
        return asel_error(ACCELSEL_ENOTFOUND, "no %s '%.*s%s': the catalog has no %ss",
                          asel_hw_noun(list), ASEL_QUOTE_MAX, name, asel_ellipsis(name),
                          asel_hw_noun(list));
    char near[384] = "";
    size_t used = 0;
    for (size_t k = 0; k < found && used < sizeof near; k++) {
        int w = snprintf(near + used, sizeof near - used, "%s'%s'", k ? ", " : "", best[k]);
        used += w > 0 ? (size_t)w : 0;
    }
    return asel_error(ACCELSEL_ENOTFOUND, "no %s '%.*s%s'; nearest: %s", asel_hw_noun(list),
                      ASEL_QUOTE_MAX, name, asel_ellipsis(name), near);
}

/* ACCELSEL_ENOTFOUND for a name that several entries answer to, listing them. */
static int ambiguous(const accelsel_catalog *cat, asel_hw_list list, const char *name,
                     const size_t *many, size_t n_many, size_t cap)
{
    char list_text[400] = "";
    size_t used = 0, shown = 0;
    for (; shown < n_many && shown < cap; shown++) {
        const char *nm;
        const char *const *al;
        size_t na;
        asel_hw_names(cat, list, many[shown], &nm, &al, &na);
        if (used + strlen(nm) + 4 >= sizeof list_text)
            break;
        int w = snprintf(list_text + used, sizeof list_text - used, "%s'%s'", shown ? ", " : "", nm);
        used += w > 0 ? (size_t)w : 0;
    }
    char more[48] = "";
    if (shown < n_many)
        snprintf(more, sizeof more, " and %zu more", n_many - shown);
    return asel_error(ACCELSEL_ENOTFOUND, "%s '%.*s%s' is ambiguous: it names %zu %ss: %s%s",
                      asel_hw_noun(list), ASEL_QUOTE_MAX, name, asel_ellipsis(name), n_many,
                      asel_hw_noun(list), list_text, more);
}

static int find(const accelsel_catalog *cat, asel_hw_list list, const char *name, size_t *index,
                const char *fn)
{
    if (cat == NULL || name == NULL || index == NULL)
        return asel_error(ACCELSEL_EINVAL, "%s: %s is NULL", fn,
                          cat == NULL ? "cat" : name == NULL ? "name" : "index");
    size_t many[AMBIGUOUS_SHOWN], n_many;
    int64_t i = asel_hw_lookup_typed(cat, list, name, many, AMBIGUOUS_SHOWN, &n_many);
    if (i < 0 && n_many > 1)
        return ambiguous(cat, list, name, many, n_many, AMBIGUOUS_SHOWN);
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
