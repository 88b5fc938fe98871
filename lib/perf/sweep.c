/* Scaling sweep: the same configuration at several accelerator counts,
 * speed-up and efficiency E' against the first, and the sweet spot. */
#include <math.h>
#include <stdio.h>

#include "core/error.h"
#include "perf/predictor_impl.h"

ACCELSEL_API size_t accelsel_sweep_point_size(void)
{
    return sizeof(accelsel_sweep_point);
}

/* Node layout of @p count: the request's (or system's) node size, else the
 * usual 8 per node. */
static void layout(accelsel_predict_request *q, uint32_t count, uint32_t node_size)
{
    q->count = count;
    q->per_node = count < node_size ? count : node_size;
    q->nodes = (count + q->per_node - 1) / q->per_node;
    if (q->nodes * q->per_node != count) { /* a partial last node: let the count decide */
        q->per_node = 0;
        q->nodes = 0;
    }
}

static int check(const accelsel_predict_request *req, const uint32_t *counts, size_t n,
                 double threshold, const accelsel_sweep_point *points, const size_t *sweet)
{
    if (req == NULL || counts == NULL || points == NULL || sweet == NULL || n == 0)
        return asel_einval("accelsel_predictor_sweep",
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
    int rc = check(req, counts, n, threshold, points, sweet);
    if (rc < 0)
        return rc;
    /* The per-device batch of the request at its own size stays fixed. */
    accelsel_prediction base = { .version = ACCELSEL_PREDICTION_VERSION };
    if ((rc = accelsel_predictor_predict(p, req, &base)) < 0)
        return rc;
    uint32_t node_size = base.per_node > 1 ? base.per_node : 8;
    if (req->per_node == 0 && req->system == NULL)
        node_size = 8;
    for (size_t i = 0; i < n; i++) {
        accelsel_predict_request q = *req;
        layout(&q, counts[i], node_size);
        q.global_batch = base.per_device_batch * counts[i];
        accelsel_prediction r = { .version = ACCELSEL_PREDICTION_VERSION };
        if ((rc = accelsel_predictor_predict(p, &q, &r)) < 0) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
            return asel_error(rc, "count %u: %s", counts[i], msg);
        }
        points[i] = (accelsel_sweep_point){ counts[i], r.time_to_train_s, r.step_s,
                                            r.throughput_samples_s, 1.0, 1.0 };
    }
    *sweet = 0;
    for (size_t i = 0; i < n; i++) {
        points[i].speedup = points[0].time_to_train_s / points[i].time_to_train_s;
        points[i].efficiency = points[i].speedup / ((double)counts[i] / counts[0]);
        if (points[i].efficiency >= threshold)
            *sweet = i;
    }
    return 0;
}
