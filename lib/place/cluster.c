/* A placement cluster built in memory: partitions appended, the clock and
 * each partition's state set, and read back. */
#include <math.h>
#include <stdlib.h>
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

ACCELSEL_API int accelsel_place_cluster_set_now(accelsel_place_cluster *c, double now)
{
    if (c == NULL)
        return asel_einval("accelsel_place_cluster_set_now", "c");
    if (!(isfinite(now) && now >= 0))
        return asel_error_field(ACCELSEL_EINVAL, "now", "now %g is not a finite time >= 0", now);
    c->now = now;
    return 0;
}

static int check_state(const accelsel_partition_info *info, uint32_t free,
                       const accelsel_busy *busy, size_t n_busy)
{
    if (free > info->total)
        return asel_error_field(ACCELSEL_EINVAL, "free", "%u accelerators free on partition "
                                "'%s', which has %u", free, info->name, info->total);
    uint64_t in_use = 0;
    for (size_t i = 0; i < n_busy; i++) {
        if (busy[i].count == 0 || !(isfinite(busy[i].until) && busy[i].until >= 0))
            return asel_error_field(ACCELSEL_EINVAL, "busy", "busy group %zu of partition '%s': "
                                    "%u accelerators until %g (a count >= 1 until a finite "
                                    "time >= 0)", i, info->name, busy[i].count, busy[i].until);
        in_use += busy[i].count;
    }
    if (free + in_use > info->total)
        return asel_error_field(ACCELSEL_EINVAL, "busy", "partition '%s' has %u accelerators, "
                                "not %u free and %llu busy", info->name, info->total, free,
                                (unsigned long long)in_use);
    return 0;
}

static int by_until(const void *a, const void *b)
{
    const accelsel_busy *x = a, *y = b;
    return (x->until > y->until) - (x->until < y->until);
}

ACCELSEL_API int accelsel_place_cluster_set_state(accelsel_place_cluster *c, size_t partition,
                                                  uint32_t free, const accelsel_busy *busy,
                                                  size_t n_busy)
{
    if (c == NULL || (busy == NULL && n_busy > 0))
        return asel_einval("accelsel_place_cluster_set_state", c == NULL ? "c" : "busy");
    if (partition >= c->n)
        return asel_error_field(ACCELSEL_EINVAL, "partition", "partition %zu of a cluster of %zu",
                                partition, c->n);
    asel_place_partition *pt = &c->parts[partition];
    int rc = check_state(&pt->info, free, busy, n_busy);
    if (rc < 0)
        return rc;
    size_t n = n_busy ? n_busy : 1;
    accelsel_busy *copy = asel_calloc(n, sizeof *copy), *sorted = asel_calloc(n, sizeof *sorted);
    double *until = asel_calloc(n, sizeof *until);
    uint32_t *ready = asel_calloc(n, sizeof *ready);
    if (copy == NULL || sorted == NULL || until == NULL || ready == NULL) {
        asel_free(copy), asel_free(sorted), asel_free(until), asel_free(ready);
        return asel_enomem();
    }
    if (n_busy > 0) {
        memcpy(copy, busy, n_busy * sizeof *busy);
        memcpy(sorted, busy, n_busy * sizeof *busy);
    }
    qsort(sorted, n_busy, sizeof *sorted, by_until);
    for (size_t i = 0; i < n_busy; i++) {
        until[i] = sorted[i].until;
        ready[i] = (i ? ready[i - 1] : free) + sorted[i].count;
    }
    asel_free(sorted);
    asel_free(pt->busy), asel_free(pt->until), asel_free(pt->ready);
    pt->busy = copy, pt->until = until, pt->ready = ready;
    pt->info.free = free;
    pt->info.busy = copy;
    pt->info.n_busy = n_busy;
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
