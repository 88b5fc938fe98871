/* A decision: each candidate of a prepared job started on the cluster's
 * state, ordered by the policy; the best placement of each partition, the
 * first three of them. */
#include <math.h>
#include <stdint.h>

#include "core/error.h"
#include "place/place_impl.h"

/* A candidate on the current state. */
typedef struct scored {
    const asel_place_candidate *cand;
    size_t partition;
    double start, completion, accelerator_hours, per_accelerator;
    int meets; /* the deadline, or there is none */
} scored;

/* The policy's key of @p s, compared in order (smaller first). */
static void key_of(const scored *s, uint32_t policy, double k[3])
{
    switch (policy) {
    case ACCELSEL_POLICY_MIN_ACCELERATOR_HOURS:
        k[0] = !s->meets;
        k[1] = s->meets ? s->accelerator_hours : s->completion;
        k[2] = s->meets ? s->completion : s->accelerator_hours;
        return;
    case ACCELSEL_POLICY_MAX_THROUGHPUT_PER_ACCELERATOR:
        k[0] = -s->per_accelerator;
        k[1] = s->completion;
        k[2] = s->accelerator_hours;
        return;
    default:
        k[0] = s->completion;
        k[1] = s->accelerator_hours;
        k[2] = 0;
    }
}

/* 1 if @p a comes before @p b under @p policy: its key, then the earlier
 * partition, then the smaller count. */
static int before(const scored *a, const scored *b, uint32_t policy)
{
    double ka[3], kb[3];
    key_of(a, policy, ka);
    key_of(b, policy, kb);
    for (int i = 0; i < 3; i++)
        if (ka[i] != kb[i])
            return ka[i] < kb[i];
    if (a->partition != b->partition)
        return a->partition < b->partition;
    return a->cand->count < b->cand->count;
}

/* The longest run whose error, 100 |predicted - run| / run, is within
 * @p margin percent of the predicted @p run: run / (1 - margin / 100). */
static double time_limit(double run, double margin)
{
    return isnan(margin) || margin >= 100 ? INFINITY : run / (1 - margin / 100);
}

static void fill(accelsel_placement *out, const scored *s, uint32_t margin_kind)
{
    const asel_place_candidate *c = s->cand;
    double margin = margin_kind == ACCELSEL_MARGIN_NONE     ? 0
                    : margin_kind == ACCELSEL_MARGIN_MEDIAN ? c->median_pct
                                                            : c->p90_pct;
    *out = (accelsel_placement){ s->partition, c->count, c->nodes, c->per_node, c->precision,
                                 s->start, c->run_s, s->completion, time_limit(c->run_s, margin),
                                 margin, c->error_group, (uint32_t)s->meets,
                                 s->accelerator_hours, c->throughput };
}

/* Keep @p s among the first @p *n (at most 3) of @p top, in order. */
static void rank_in(scored top[3], size_t *n, const scored *s, uint32_t policy)
{
    size_t at = *n;
    while (at > 0 && before(s, &top[at - 1], policy))
        at--;
    if (at >= 3)
        return;
    for (size_t k = *n < 3 ? *n : 2; k > at; k--)
        top[k] = top[k - 1];
    top[at] = *s;
    if (*n < 3)
        (*n)++;
}

/* The candidates of span @p sp that the options weigh: cand[*first ..
 * *end), empty for a partition they leave out. A span's counts ascend, so
 * the counts' range is cut from its ends, not tested per candidate. */
static void weighed(const accelsel_place_job *job, const asel_place_span *sp,
                    const accelsel_place_options *o, size_t *first, size_t *end)
{
    *first = *end = sp->first;
    if (o->partition >= 0 && (uint64_t)o->partition != sp->partition)
        return;
    uint32_t hi = o->max_count > 0 ? o->max_count : UINT32_MAX;
    *end = sp->first + sp->n;
    while (*first < *end && job->cand[*first].count < o->min_count)
        ++*first;
    while (*end > *first && job->cand[*end - 1].count > hi)
        --*end;
}

/* The best of candidates cand[first .. end) of partition @p partition on
 * the state, into *best: 0 if none can ever start. */
static int best_of(const accelsel_place_job *job, size_t partition, size_t first, size_t end,
                   uint32_t policy, scored *best)
{
    const asel_place_partition *pt = &job->cluster->parts[partition];
    int found = 0;
    for (size_t i = first; i < end; i++) {
        const asel_place_candidate *c = &job->cand[i];
        double start = asel_place_start(pt, c->count, c->run_s);
        if (isinf(start))
            continue;
        scored s = { c, partition, start, start + c->run_s, c->count * c->run_s / 3600.0,
                     c->throughput / c->count, 0 };
        s.meets = job->deadline == 0 || s.completion <= job->deadline;
        if (!found || before(&s, best, policy))
            *best = s;
        found = 1;
    }
    return found;
}

static int check_options(const accelsel_place_options *o, const accelsel_place_cluster *c)
{
    if (o->policy >= ACCELSEL_POLICY_COUNT)
        return asel_error_field(ACCELSEL_EINVAL, "policy", "policy %u is not an "
                                "ACCELSEL_POLICY_* value", o->policy);
    if (o->margin >= ACCELSEL_MARGIN_COUNT)
        return asel_error_field(ACCELSEL_EINVAL, "margin", "margin %u is not an "
                                "ACCELSEL_MARGIN_* value", o->margin);
    if (o->max_count > 0 && o->min_count > o->max_count)
        return asel_error_field(ACCELSEL_EINVAL, "min_count", "min_count %u is above max_count "
                                "%u", o->min_count, o->max_count);
    if (o->partition < -1 || (o->partition >= 0 && (uint64_t)o->partition >= c->n))
        return asel_error_field(ACCELSEL_EINVAL, "partition", "partition %lld is neither -1 "
                                "(every one) nor one of the cluster's %zu",
                                (long long)o->partition, c->n);
    return 0;
}

ACCELSEL_API int accelsel_place_decide(accelsel_decision *out, const accelsel_place_job *job,
                                       const accelsel_place_options *opts)
{
    if (out == NULL || job == NULL)
        return asel_einval("accelsel_place_decide", out == NULL ? "out" : "job");
    if (out->version != ACCELSEL_DECISION_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown decision version %u",
                                out->version);
    accelsel_place_options o;
    int rc = asel_place_options_read(opts, &o);
    if (rc == 0)
        rc = check_options(&o, job->cluster);
    if (rc < 0)
        return rc;
    double now = job->cluster->now;
    if (job->deadline > 0 && job->deadline <= now)
        return asel_error_field(ACCELSEL_EINVAL, "deadline", "deadline %g has passed: the "
                                "cluster's clock is at %g", job->deadline, now);
    scored top[3], s;
    size_t n = 0, n_weighed = 0;
    for (size_t i = 0; i < job->n_span; i++) {
        size_t first, end;
        weighed(job, &job->span[i], &o, &first, &end);
        n_weighed += end - first;
        if (best_of(job, job->span[i].partition, first, end, o.policy, &s))
            rank_in(top, &n, &s, o.policy);
    }
    if (n_weighed == 0)
        return asel_error(ACCELSEL_EEMPTY, "the options (partition %lld, min_count %u, "
                          "max_count %u) leave none of the job's candidates",
                          (long long)o.partition, o.min_count, o.max_count);
    if (n == 0)
        return asel_error(ACCELSEL_EEMPTY, "no allowed partition will ever have enough "
                          "accelerators free for the job (the rest are down)");
    out->policy = o.policy;
    fill(&out->choice, &top[0], o.margin);
    out->n_alternatives = (uint32_t)(n - 1);
    for (size_t k = 1; k < n; k++)
        fill(&out->alternatives[k - 1], &top[k], o.margin);
    return 0;
}
