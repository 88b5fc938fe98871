/* Preparing a job: every candidate (allowed partition and count) predicted
 * once, the candidates of one device and per-device batch sharing the walk
 * over the network's layers. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/step_cache.h"
#include "place/job.h"

typedef struct builder {
    const accelsel_predictor *p;
    const accelsel_place_cluster *c;
    const accelsel_job_spec *spec;
    accelsel_place_job *job;
    asel_perf_step_cache cache;
    double wide_median, wide_p90; /* the widest band, for predictions outside every group */
    int misfit;                   /* a candidate did not fit memory; its error in memory */
    asel_error_record memory;
} builder;

size_t asel_place_counts(const accelsel_partition_info *info, uint32_t lo, uint32_t hi,
                         uint32_t *out)
{
    size_t n = 0;
    if (hi > info->total)
        hi = info->total;
    for (uint32_t k = lo; k <= hi && k <= info->per_node; k++, n++)
        if (out != NULL)
            out[n] = k;
    uint32_t first = lo / info->per_node + (lo % info->per_node != 0);
    for (uint32_t m = first > 2 ? first : 2; m <= hi / info->per_node; m++, n++)
        if (out != NULL)
            out[n] = m * info->per_node;
    return n;
}

/* The widest median and p90 among the predictor's bands (NaN if none). */
static void widest_band(builder *b)
{
    b->wide_median = b->wide_p90 = NAN;
    for (uint32_t g = ACCELSEL_ERROR_GROUP_A; g <= ACCELSEL_ERROR_GROUP_STEPS; g++) {
        accelsel_error_summary s = ACCELSEL_ERROR_SUMMARY_INIT;
        if (accelsel_predictor_error_band(b->p, g, &s) == 0 && s.rows > 0) {
            b->wide_median = isnan(b->wide_median) ? s.median_ape : fmax(b->wide_median, s.median_ape);
            b->wide_p90 = isnan(b->wide_p90) ? s.p90_ape : fmax(b->wide_p90, s.p90_ape);
        }
    }
}

/* The counts every allowed partition may run the job at, from the spec's
 * minimum to its maximum (and no more than a global batch's samples). */
static int count_range(const builder *b, const unsigned char *allowed, uint32_t *lo,
                       uint32_t *hi)
{
    const accelsel_job_spec *s = b->spec;
    const accelsel_place_cluster *c = b->c;
    *lo = s->min_count > 0 ? s->min_count : 1;
    *hi = s->max_count > 0 ? s->max_count : UINT32_MAX;
    if (s->global_batch > 0 && s->global_batch < *hi)
        *hi = (uint32_t)s->global_batch;
    size_t largest = SIZE_MAX;
    for (size_t i = 0; i < c->n; i++)
        if (allowed[i] && (largest == SIZE_MAX ||
                           c->parts[i].info.total > c->parts[largest].info.total))
            largest = i;
    const accelsel_partition_info *big = &c->parts[largest].info;
    if (*lo > big->total)
        return asel_error_field(ACCELSEL_EINVAL, "min_count", "min_count %u is more than any "
                                "allowed partition has (the largest, '%s', has %u)", *lo,
                                big->name, big->total);
    for (size_t i = 0; i < c->n; i++)
        if (allowed[i] && asel_place_counts(&c->parts[i].info, *lo, *hi, NULL) > 0)
            return 0;
    return asel_error_field(ACCELSEL_EINVAL, *lo > *hi ? "global_batch" : "min_count",
                            "no count from %u to %u fits an allowed partition (a count is up to "
                            "one node's accelerators, or whole nodes%s)", *lo, *hi,
                            s->global_batch > 0 ? ", and at most the global batch" : "");
}

static void request_of(const builder *b, size_t partition, uint32_t count,
                       accelsel_predict_request *q)
{
    const accelsel_job_spec *s = b->spec;
    *q = (accelsel_predict_request)ACCELSEL_PREDICT_REQUEST_INIT;
    asel_place_request(b->c, partition, count, q);
    q->network = s->network;
    q->global_batch = s->global_batch > 0 ? s->global_batch : s->per_device_batch * count;
    q->precision = s->precision;
    q->epochs = s->epochs;
    q->total_samples = s->total_samples;
    q->stack = s->stack;
}

/* The precision the predictor chose for the last candidate of a partition
 * and its per-device batch (-1: the predictor's default, the same at every
 * count; 0: none yet). ACCELSEL_PRECISION_AUTO depends on the device, the
 * per-device batch, the network and the stack alone (predict.h), so a
 * later count at the same per-device batch takes it as given: the same
 * prediction, without weighing the precisions again. */
typedef struct chosen {
    double batch;
    int32_t precision;
} chosen;

/* Predict @p count on partition @p partition into the next candidate: 1 when it is
 * kept, 0 when its batch does not fit memory, or an error. */
static int predict(builder *b, size_t partition, uint32_t count, chosen *last)
{
    const accelsel_partition_info *pi = &b->c->parts[partition].info;
    accelsel_predict_request q;
    accelsel_prediction r;
    request_of(b, partition, count, &q);
    double batch = q.global_batch > 0 ? ceil(q.global_batch / count) : -1;
    if (q.precision == ACCELSEL_PRECISION_AUTO && batch == last->batch)
        q.precision = last->precision;
    int rc = asel_perf_predict_cached(b->p, &q, &b->cache, &r);
    if (rc == 0)
        *last = (chosen){ batch, r.precision };
    if (rc == ACCELSEL_EINFEASIBLE) {
        if (!b->misfit)
            asel_error_save(&b->memory);
        b->misfit = 1;
        return 0;
    }
    if (rc < 0) {
        char msg[ASEL_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
        return asel_error(rc, "partition '%s', %u accelerators: %s", pi->name, count, msg);
    }
    int outside = r.error_group == ACCELSEL_ERROR_GROUP_NONE;
    b->job->cand[b->job->n_cand++] = (asel_place_candidate){
        count, r.nodes, r.per_node, r.precision, r.error_group, r.time_to_train_s,
        r.throughput_samples_s, outside ? b->wide_median : r.error_median_pct,
        outside ? b->wide_p90 : r.error_p90_pct
    };
    return 1;
}

/* The candidates of partition @p i. */
static int add_partition(builder *b, size_t i, uint32_t lo, uint32_t hi, uint32_t *counts)
{
    const accelsel_partition_info *pi = &b->c->parts[i].info;
    accelsel_place_job *job = b->job;
    asel_place_span sp = { i, job->n_cand, 0 };
    chosen last = { 0, 0 };
    size_t n = asel_place_counts(pi, lo, hi, counts);
    for (size_t k = 0; k < n; k++) {
        int rc = predict(b, i, counts[k], &last);
        if (rc < 0)
            return rc;
        sp.n += (size_t)rc;
    }
    if (sp.n > 0)
        job->span[job->n_span++] = sp;
    return 0;
}

static int build(builder *b, const unsigned char *allowed)
{
    const accelsel_place_cluster *c = b->c;
    uint32_t lo, hi;
    int rc = count_range(b, allowed, &lo, &hi);
    if (rc < 0)
        return rc;
    size_t total = 0, most = 0;
    for (size_t i = 0; i < c->n; i++)
        if (allowed[i]) {
            size_t n = asel_place_counts(&c->parts[i].info, lo, hi, NULL);
            total += n;
            most = n > most ? n : most;
        }
    uint32_t *counts = NULL;
    accelsel_place_job *job = b->job;
    if ((rc = asel_alloc_array(&job->cand, total, sizeof *job->cand)) < 0 ||
        (rc = asel_alloc_array(&job->span, c->n, sizeof *job->span)) < 0 ||
        (rc = asel_alloc_array(&counts, most, sizeof *counts)) < 0 ||
        (rc = asel_perf_step_cache_init(&b->cache, b->spec->network)) < 0)
        goto done;
    widest_band(b);
    for (size_t i = 0; rc == 0 && i < c->n; i++)
        if (allowed[i])
            rc = add_partition(b, i, lo, hi, counts);
    if (rc == 0 && job->n_cand == 0) {
        asel_error_restore(&b->memory);
        char msg[ASEL_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
        rc = asel_error(ACCELSEL_EINFEASIBLE, "no candidate's batch fits its accelerators' "
                        "memory: %s", msg);
    }
done:
    asel_free(counts);
    asel_perf_step_cache_release(&b->cache);
    return rc;
}

ACCELSEL_API int accelsel_place_job_new(accelsel_place_job **out, const accelsel_predictor *p,
                                        const accelsel_place_cluster *c,
                                        const accelsel_job_spec *spec)
{
    static const char fn[] = "accelsel_place_job_new";
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || c == NULL || spec == NULL)
        return asel_einval(fn, out == NULL ? "out" : p == NULL ? "p" : c == NULL ? "c" : "spec");
    int rc = asel_place_check_spec(spec);
    if (rc < 0)
        return rc;
    if (p->cat != c->cat)
        return asel_error_field(ACCELSEL_EINVAL, "p", "the predictor and the cluster use "
                                "different catalogs");
    if (c->n == 0)
        return asel_error(ACCELSEL_EEMPTY, "the cluster has no partitions");
    unsigned char *allowed;
    accelsel_place_job *job;
    if ((rc = asel_alloc_array(&allowed, c->n, 1)) < 0)
        return rc;
    if ((job = asel_calloc(1, sizeof *job)) == NULL) {
        asel_free(allowed);
        return asel_enomem();
    }
    *job = (accelsel_place_job){ .cluster = c, .deadline = spec->deadline };
    builder b = { .p = p, .c = c, .spec = spec, .job = job };
    rc = asel_place_allowed(c, spec->partitions, allowed);
    if (rc == 0)
        rc = build(&b, allowed);
    asel_free(allowed);
    if (rc < 0) {
        accelsel_place_job_free(job);
        return rc;
    }
    *out = job;
    return 0;
}

ACCELSEL_API void accelsel_place_job_free(accelsel_place_job *job)
{
    if (job == NULL)
        return;
    asel_free(job->cand);
    asel_free(job->span);
    asel_free(job);
}
