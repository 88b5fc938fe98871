/* One what-if configuration as a row of the built-in format: the ResNet-50
 * model's prediction, or, for a network built from a transformer's sizes,
 * its training under the fastest plan (docs/predictor.md, "What-if rows and
 * their efficiency reference"). */
#include <math.h>

#include "perf/append.h"
#include "perf/plan_model.h"

/* @p req's plan prediction as a prediction: the counts and batch resolved
 * as the plan's search resolves them, its times and rate. */
static int plan_row(const accelsel_predictor *p, const accelsel_predict_request *req,
                    accelsel_prediction *res, accelsel_plan *plan)
{
    asel_perf_config c;
    double gbs;
    int rc = asel_plan_resolve(p, req, &c, &gbs);
    accelsel_plan_prediction best = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
    size_t found = 0;
    if (rc == 0)
        rc = accelsel_predictor_predict_plan(p, req, NULL, &best, 1, &found);
    if (rc < 0)
        return rc;
    unsigned version = res->version;
    *res = (accelsel_prediction){ .version = version, .step_s = best.step_s,
                                  .time_to_train_s = best.time_to_train_s,
                                  .throughput_samples_s = best.throughput_samples_s,
                                  .global_batch = gbs, .per_device_batch = gbs / c.count,
                                  .epochs = NAN, .epoch_s = NAN, .count = (uint32_t)c.count,
                                  .nodes = (uint32_t)c.nodes, .per_node = (uint32_t)c.per_node,
                                  .device_index = (int64_t)c.dev_index,
                                  .precision = c.precision, .correction = best.correction };
    *plan = best.plan;
    return 0;
}

int asel_perf_what_if(const accelsel_predictor *p, const accelsel_predict_request *req,
                      accelsel_prediction *res, accelsel_plan *plan)
{
    *plan = (accelsel_plan)ACCELSEL_PLAN_INIT;
    if (req->network != NULL && accelsel_network_get_transformer(req->network) != NULL)
        return plan_row(p, req, res, plan);
    return accelsel_predictor_predict(p, req, res);
}
