/* accelsel_predictor_sweep_plan(): a transformer's training at several
 * accelerator counts, the fastest plan searched at each, with speed-up,
 * efficiency E' against the first count and the sweet spot. */
#include <math.h>
#include <stdio.h>

#include "core/error.h"
#include "perf/predictor_impl.h"
#include "perf/sweep.h"

/* The node size of the request: its per_node, its system's, else 8. */
static uint32_t node_size(const accelsel_predictor *p, const accelsel_predict_request *req)
{
    size_t s;
    if (req->per_node > 0)
        return req->per_node;
    if (req->system != NULL && accelsel_catalog_find_system(p->cat, req->system, &s) == 0)
        return accelsel_catalog_system(p->cat, s)->devices_per_node;
    return 8;
}

ACCELSEL_API int accelsel_predictor_sweep_plan(const accelsel_predictor *p,
                                               const accelsel_predict_request *req,
                                               const accelsel_plan *plan,
                                               const uint32_t *counts, size_t n, double threshold,
                                               accelsel_sweep_point *points,
                                               accelsel_plan_prediction *plans, size_t *sweet)
{
    static const char fn[] = "accelsel_predictor_sweep_plan";
    if (p == NULL)
        return asel_einval(fn, "p");
    int rc = asel_perf_sweep_check(fn, req, counts, n, threshold, points, sweet);
    accelsel_predict_request full;
    if (rc < 0 || (rc = asel_perf_request_read(req, &full)) < 0)
        return rc;
    uint32_t size = node_size(p, req);
    for (size_t i = 0; i < n; i++) {
        accelsel_predict_request q = full;
        asel_perf_sweep_layout(&q, counts[i], size);
        accelsel_plan_prediction best = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
        accelsel_plan_prediction *out = plans != NULL ? &plans[i] : &best;
        size_t found = 0;
        if ((rc = accelsel_predictor_predict_plan(p, &q, plan, out, 1, &found)) < 0) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
            return asel_error(rc, "count %u: %s", counts[i], msg);
        }
        if (!isfinite(out->time_to_train_s))
            return asel_error_field(ACCELSEL_EINVAL, "total_samples", "a sweep compares times "
                                    "to train: give the sequences to train (total_samples), or "
                                    "a network with a recipe");
        points[i] = (accelsel_sweep_point){ counts[i], out->time_to_train_s, out->step_s,
                                            out->throughput_samples_s, 1.0, 1.0 };
    }
    asel_perf_sweep_spot(points, n, threshold, sweet);
    return 0;
}
