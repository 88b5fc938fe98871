/* A partition's state over time: the accelerators down, the groups in use
 * or held, and from them the profile of free accelerators from now on, in
 * which a job's start is the first time its count is free for its run. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "place/place_impl.h"

/* A change of the free accelerators at a time. */
typedef struct step {
    double at;
    int64_t delta;
} step;

static int by_time(const void *a, const void *b)
{
    const step *x = a, *y = b;
    return (x->at > y->at) - (x->at < y->at);
}

/* Groups from @p now on: each takes its count over [max(from, now), until)
 * (nothing when that is empty: a group past its end frees now). */
static size_t steps_of(const accelsel_busy *busy, size_t n, double now, step *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        double a = fmax(busy[i].from, now), b = busy[i].until;
        if (b <= a)
            continue;
        out[k++] = (step){ a, -(int64_t)busy[i].count };
        out[k++] = (step){ b, (int64_t)busy[i].count };
    }
    qsort(out, k, sizeof *out, by_time);
    return k;
}

/* The profile of @p up accelerators (those not down) under @p n groups at
 * @p now, into *out (its arrays replaced): 0; ACCELSEL_ENOMEM; or, unless
 * @p lenient (then none are free there), 1 when the groups take more than
 * @p up at some time, that time in *when and what they take in *taken. */
static int profile_of(uint32_t up, const accelsel_busy *busy, size_t n, double now, int lenient,
                      asel_place_profile *out, double *when, int64_t *taken)
{
    step *s = asel_calloc(2 * n + 1, sizeof *s);
    double *at = asel_calloc(2 * n + 1, sizeof *at);
    uint32_t *avail = asel_calloc(2 * n + 1, sizeof *avail);
    int rc = s && at && avail ? 0 : asel_enomem();
    size_t k = rc == 0 ? steps_of(busy, n, now, s) : 0, i = 0, m = 0;
    int64_t free = up;
    /* Every step is at now or later: the first time is now. */
    for (double t = now; rc == 0; t = s[i].at) {
        for (; i < k && s[i].at <= t; i++)
            free += s[i].delta;
        if (free < 0 && !lenient) {
            *when = t;
            *taken = (int64_t)up - free;
            rc = 1;
            break;
        }
        at[m] = t;
        avail[m++] = free > 0 ? (uint32_t)free : 0;
        if (i == k)
            break;
    }
    asel_free(s);
    if (rc != 0) {
        asel_free(at);
        asel_free(avail);
        return rc;
    }
    asel_free(out->at);
    asel_free(out->avail);
    *out = (asel_place_profile){ at, avail, m };
    return 0;
}

/* Accelerators of groups in use at @p now (begun, ended or not). */
static uint64_t in_use(const accelsel_busy *busy, size_t n, double now)
{
    uint64_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += busy[i].from <= now ? busy[i].count : 0;
    return k;
}

int asel_place_state_init(asel_place_partition *pt, double now)
{
    double when;
    int64_t taken;
    pt->down = 0;
    pt->info.free = pt->info.total;
    return profile_of(pt->info.total, NULL, 0, now, 0, &pt->profile, &when, &taken);
}

static int check_groups(const accelsel_partition_info *info, const accelsel_busy *busy, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const accelsel_busy *g = &busy[i];
        if (g->count == 0 || !(isfinite(g->from) && g->from >= 0) ||
            !(isfinite(g->until) && g->until >= g->from))
            return asel_error_field(ACCELSEL_EINVAL, "busy", "group %zu of partition '%s': %u "
                                    "accelerators from %g until %g (a count >= 1, finite times "
                                    ">= 0, until not before from)", i, info->name, g->count,
                                    g->from, g->until);
    }
    return 0;
}

static int overcommitted(const accelsel_partition_info *info, uint32_t up, double when,
                         int64_t taken)
{
    return asel_error_field(ACCELSEL_EINVAL, "busy", "at %g the groups of partition '%s' take "
                            "%lld accelerators of the %u that are not down", when, info->name,
                            (long long)taken, up);
}

/* Groups @p busy (@p n) as the state of @p pt with @p down accelerators
 * down at @p now: checked (unless @p lenient), copied and profiled, or
 * @p pt unchanged. */
static int replace(asel_place_partition *pt, uint32_t down, const accelsel_busy *busy, size_t n,
                   double now, int lenient)
{
    accelsel_partition_info *info = &pt->info;
    uint64_t used = in_use(busy, n, now);
    if (used + down > info->total && !lenient)
        return asel_error_field(ACCELSEL_EINVAL, "busy", "partition '%s' has %u accelerators, "
                                "%u of them down, not %llu in use", info->name, info->total, down,
                                (unsigned long long)used);
    accelsel_busy *copy = asel_calloc(n ? n : 1, sizeof *copy);
    if (copy == NULL)
        return asel_enomem();
    if (n > 0)
        memcpy(copy, busy, n * sizeof *busy);
    double when;
    int64_t taken;
    asel_place_profile prof = { 0 };
    int rc = profile_of(info->total - down, copy, n, now, lenient, &prof, &when, &taken);
    if (rc != 0) {
        asel_free(copy);
        return rc < 0 ? rc : overcommitted(info, info->total - down, when, taken);
    }
    asel_free(pt->profile.at);
    asel_free(pt->profile.avail);
    asel_free(pt->busy);
    pt->profile = prof;
    pt->busy = copy;
    pt->down = down;
    info->busy = copy;
    info->n_busy = n;
    info->free = used + down < info->total ? (uint32_t)(info->total - down - used) : 0;
    return 0;
}

static int blame(int rc, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* This thread's last error again with @p field blamed and the text of
 * @p fmt before its message. */
static int blame(int rc, const char *field, const char *fmt, ...)
{
    char what[256], msg[ASEL_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
    return asel_error_field(rc, field, "%s%s", what, msg);
}

static int check_partition(const accelsel_place_cluster *c, size_t partition)
{
    if (partition >= c->n)
        return asel_error_field(ACCELSEL_EINVAL, "partition", "partition %zu of a cluster of %zu",
                                partition, c->n);
    return 0;
}

ACCELSEL_API int accelsel_place_cluster_set_state(accelsel_place_cluster *c, size_t partition,
                                                  uint32_t free, const accelsel_busy *busy,
                                                  size_t n_busy)
{
    if (c == NULL || (busy == NULL && n_busy > 0))
        return asel_einval("accelsel_place_cluster_set_state", c == NULL ? "c" : "busy");
    int rc = check_partition(c, partition);
    if (rc < 0)
        return rc;
    const accelsel_partition_info *info = &c->parts[partition].info;
    if (free > info->total)
        return asel_error_field(ACCELSEL_EINVAL, "free", "%u accelerators free on partition "
                                "'%s', which has %u", free, info->name, info->total);
    if ((rc = check_groups(info, busy, n_busy)) < 0)
        return rc;
    uint64_t used = in_use(busy, n_busy, c->now);
    if (free + used > info->total)
        return asel_error_field(ACCELSEL_EINVAL, "busy", "partition '%s' has %u accelerators, "
                                "not %u free and %llu in use", info->name, info->total, free,
                                (unsigned long long)used);
    return replace(&c->parts[partition], (uint32_t)(info->total - free - used), busy, n_busy,
                   c->now, 0);
}

ACCELSEL_API int accelsel_place_cluster_set_now(accelsel_place_cluster *c, double now)
{
    if (c == NULL)
        return asel_einval("accelsel_place_cluster_set_now", "c");
    if (!(isfinite(now) && now >= 0))
        return asel_error_field(ACCELSEL_EINVAL, "now", "now %g is not a finite time >= 0", now);
    /* Every partition at the new clock, or none. The groups stay as they
     * are until the caller sets the states of the new time: where they
     * take more than there is, none is free. */
    asel_place_profile *next = asel_calloc(c->n ? c->n : 1, sizeof *next);
    int rc = next != NULL ? 0 : asel_enomem();
    for (size_t i = 0; rc == 0 && i < c->n; i++) {
        const asel_place_partition *pt = &c->parts[i];
        double when;
        int64_t taken;
        rc = profile_of(pt->info.total - pt->down, pt->busy, pt->info.n_busy, now, 1, &next[i],
                        &when, &taken);
    }
    for (size_t i = 0; next != NULL && i < c->n; i++) { /* the old profiles go, or the new */
        asel_place_partition *pt = &c->parts[i];
        asel_place_profile *gone = rc == 0 ? &pt->profile : &next[i];
        asel_free(gone->at);
        asel_free(gone->avail);
        if (rc == 0) {
            uint64_t used = in_use(pt->busy, pt->info.n_busy, now) + pt->down;
            pt->profile = next[i];
            pt->info.free = used < pt->info.total ? (uint32_t)(pt->info.total - used) : 0;
        }
    }
    asel_free(next);
    if (rc == 0)
        c->now = now;
    return rc;
}

ACCELSEL_API int accelsel_place_cluster_take(accelsel_place_cluster *c, size_t partition,
                                             uint32_t count, double from, double until)
{
    if (c == NULL)
        return asel_einval("accelsel_place_cluster_take", "c");
    int rc = check_partition(c, partition);
    if (rc < 0)
        return rc;
    asel_place_partition *pt = &c->parts[partition];
    accelsel_busy g = { count, from, until };
    if (count == 0)
        return asel_error_field(ACCELSEL_EINVAL, "count", "a take of 0 accelerators");
    if (!(isfinite(from) && from >= 0 && isfinite(until) && until >= from))
        return asel_error_field(ACCELSEL_EINVAL, "until", "from %g until %g: finite times >= 0, "
                                "until not before from", from, until);
    size_t n = pt->info.n_busy;
    accelsel_busy *all = asel_calloc(n + 1, sizeof *all);
    if (all == NULL)
        return asel_enomem();
    if (n > 0)
        memcpy(all, pt->busy, n * sizeof *all);
    all[n] = g;
    rc = replace(pt, pt->down, all, n + 1, c->now, 0);
    asel_free(all);
    if (rc < 0 && rc != ACCELSEL_ENOMEM)
        return blame(rc, "count", "taking %u accelerators of partition '%s' from %g until %g: ",
                     count, pt->info.name, from, until);
    return rc;
}

double asel_place_start(const asel_place_partition *pt, uint32_t count, double run)
{
    const asel_place_profile *p = &pt->profile;
    for (size_t k = 0; k < p->n;) {
        if (p->avail[k] < count) {
            k++;
            continue;
        }
        size_t j = k + 1;
        double end = p->at[k] + run;
        while (j < p->n && p->at[j] < end && p->avail[j] >= count)
            j++;
        if (j == p->n || p->at[j] >= end)
            return p->at[k];
        k = j + 1; /* every start up to at[j] would run into it */
    }
    return INFINITY;
}
