/* Scaling sweep: the same configuration at several accelerator counts,
 * speed-up and efficiency E' against the first, and the sweet spot. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "core/error.h"
#include "perf/predictor_impl.h"
#include "perf/sweep.h"

ACCELSEL_API size_t accelsel_sweep_point_size(void)
{
    return sizeof(accelsel_sweep_point);
}

/* The largest divisor of @p count that is at most @p max. */
static uint32_t largest_divisor(uint32_t count, uint32_t max)
{
    uint32_t best = 1;
    for (uint32_t d = 1; (uint64_t)d * d <= count; d++)
        if (count % d == 0) {
            if (d <= max && d > best)
                best = d;
            if (count / d <= max && count / d > best)
                best = count / d;
        }
    return best;
}

void asel_perf_sweep_layout(accelsel_predict_request *q, uint32_t count, uint32_t node_size)
{
    q->count = count;
    q->per_node = largest_divisor(count, node_size);
    q->nodes = count / q->per_node;
}

int asel_perf_sweep_check(const char *fn, const accelsel_predict_request *req,
                          const uint32_t *counts, size_t n, double threshold,
                          const accelsel_sweep_point *points, const size_t *sweet)
{
    if (req == NULL || counts == NULL || points == NULL || sweet == NULL || n == 0)
        return asel_einval(fn,
                           req == NULL ? "req" : counts == NULL ? "counts" : points == NULL ? "points"
                           : sweet == NULL ? "sweet" : "n");
    if (!(threshold > 0 && threshold <= 1))
        return asel_error(ACCELSEL_EINVAL, "threshold %g is not in (0, 1]", threshold);
    for (size_t i = 0; i < n; i++)
        if (counts[i] == 0 || (i > 0 && counts[i] <= counts[i - 1]))
            return asel_error(ACCELSEL_EINVAL, "counts must be >= 1 and increasing (count %zu is %u)",
                              i, counts[i]);
    return 0;
}

ACCELSEL_API int accelsel_predictor_sweep(const accelsel_predictor *p,
                                          const accelsel_predict_request *req,
                                          const uint32_t *counts, size_t n, double threshold,
                                          accelsel_sweep_point *points, size_t *sweet)
{
    if (p == NULL)
        return asel_einval("accelsel_predictor_sweep", "p");
    int rc = asel_perf_sweep_check("accelsel_predictor_sweep", req, counts, n, threshold, points,
                                   sweet);
    if (rc < 0)
        return rc;
    /* The mean per-device batch of the request at its own size stays fixed
     * (the per-device batch reported is the busiest device's). */
    accelsel_prediction base = { .version = ACCELSEL_PREDICTION_VERSION };
    accelsel_predict_request full;
    if ((rc = accelsel_predictor_predict(p, req, &base)) < 0 ||
        (rc = asel_perf_request_read(req, &full)) < 0)
        return rc;
    uint32_t node_size = req->per_node > 0 || req->system != NULL ? base.per_node : 8;
    for (size_t i = 0; i < n; i++) {
        accelsel_predict_request q = full;
        asel_perf_sweep_layout(&q, counts[i], node_size);
        q.global_batch = round(base.global_batch / base.count * counts[i]); /* whole samples */
        accelsel_prediction r = { .version = ACCELSEL_PREDICTION_VERSION };
        if ((rc = accelsel_predictor_predict(p, &q, &r)) < 0) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
            return asel_error(rc, "count %u: %s", counts[i], msg);
        }
        points[i] = (accelsel_sweep_point){ counts[i], r.time_to_train_s, r.step_s,
                                            r.throughput_samples_s, 1.0, 1.0 };
    }
    asel_perf_sweep_spot(points, n, threshold, sweet);
    return 0;
}

void asel_perf_sweep_spot(accelsel_sweep_point *points, size_t n, double threshold, size_t *sweet)
{
    *sweet = 0;
    for (size_t i = 0; i < n; i++) {
        points[i].speedup = points[0].time_to_train_s / points[i].time_to_train_s;
        points[i].efficiency = points[i].speedup / ((double)points[i].count / points[0].count);
        if (points[i].efficiency >= threshold)
            *sweet = i;
    }
}
