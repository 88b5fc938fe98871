/* A placement cluster built in memory: partitions appended, the clock and
 * each partition's state set, and read back. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/suggest.h"
#include "place/place_impl.h"

ACCELSEL_API int accelsel_place_cluster_new(accelsel_place_cluster **out,
                                            const accelsel_catalog *cat)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL)
        return asel_einval("accelsel_place_cluster_new", out == NULL ? "out" : "cat");
    accelsel_place_cluster *c = asel_calloc(1, sizeof *c);
    if (c == NULL)
        return asel_enomem();
    c->cat = cat;
    *out = c;
    return 0;
}

ACCELSEL_API void accelsel_place_cluster_free(accelsel_place_cluster *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; i < c->n; i++)
        asel_place_partition_release(&c->parts[i]);
    asel_free(c->parts);
    asel_free(c);
}

ACCELSEL_API int accelsel_place_cluster_add(accelsel_place_cluster *c,
                                            const accelsel_partition_spec *spec)
{
    if (c == NULL || spec == NULL)
        return asel_einval("accelsel_place_cluster_add", c == NULL ? "c" : "spec");
    asel_place_partition pt;
    int rc = asel_place_partition_make(c, spec, &pt);
    if (rc == 0)
        rc = asel_array_grow(&c->parts, &c->cap, c->n + 1, sizeof *c->parts, 4);
    if (rc < 0) {
        asel_place_partition_release(&pt);
        return rc;
    }
    c->parts[c->n++] = pt;
    return 0;
}

ACCELSEL_API size_t accelsel_place_cluster_partitions(const accelsel_place_cluster *c)
{
    return c != NULL ? c->n : 0;
}

ACCELSEL_API const accelsel_partition_info *accelsel_place_cluster_partition(
    const accelsel_place_cluster *c, size_t index)
{
    return c != NULL && index < c->n ? &c->parts[index].info : NULL;
}

ACCELSEL_API double accelsel_place_cluster_now(const accelsel_place_cluster *c)
{
    return c != NULL ? c->now : NAN;
}

ACCELSEL_API int accelsel_place_cluster_find(const accelsel_place_cluster *c, const char *name,
                                             size_t *index)
{
    if (c == NULL || name == NULL || index == NULL)
        return asel_einval("accelsel_place_cluster_find",
                           c == NULL ? "c" : name == NULL ? "name" : "index");
    size_t best = SIZE_MAX, best_rank = SIZE_MAX;
    for (size_t i = 0; i < c->n; i++) {
        if (strcmp(c->parts[i].info.name, name) == 0) {
            *index = i;
            return 0;
        }
        size_t r = asel_suggest_rank(name, c->parts[i].info.name, 1);
        if (best == SIZE_MAX || r < best_rank)
            best = i, best_rank = r;
    }
    if (best == SIZE_MAX)
        return asel_error(ACCELSEL_ENOTFOUND, "no partition '%.*s%s' (the cluster has none)",
                          ASEL_QUOTE_MAX, name, asel_ellipsis(name));
    return asel_error(ACCELSEL_ENOTFOUND, "no partition '%.*s%s'; nearest: '%s'", ASEL_QUOTE_MAX,
                      name, asel_ellipsis(name), c->parts[best].info.name);
}
