/* The public prediction calls and their structs. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/predictor_impl.h"

/* A version-1 prediction ends before the fields of version 2. */
#define V1_SIZE offsetof(accelsel_prediction, epochs_source)

ACCELSEL_API int accelsel_predict_request_init(accelsel_predict_request *req,
                                               unsigned int version)
{
    if (req == NULL)
        return asel_einval("accelsel_predict_request_init", "req");
    if (version != ACCELSEL_PREDICT_REQUEST_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown predict request version %u", version);
    *req = (accelsel_predict_request)ACCELSEL_PREDICT_REQUEST_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_predict_request_size(void)
{
    return sizeof(accelsel_predict_request);
}

ACCELSEL_API int accelsel_prediction_init(accelsel_prediction *res, unsigned int version)
{
    if (res == NULL)
        return asel_einval("accelsel_prediction_init", "res");
    if (version != 1 && version != ACCELSEL_PREDICTION_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown prediction version %u", version);
    accelsel_prediction zero = { .version = version };
    memcpy(res, &zero, version == 1 ? V1_SIZE : sizeof zero);
    return 0;
}

ACCELSEL_API size_t accelsel_prediction_size(void)
{
    return sizeof(accelsel_prediction);
}

ACCELSEL_API size_t accelsel_layer_prediction_size(void)
{
    return sizeof(accelsel_layer_prediction);
}

static int check_args(const char *fn, const accelsel_predictor *p,
                      const accelsel_predict_request *req)
{
    if (p == NULL || req == NULL)
        return asel_einval(fn, p == NULL ? "p" : "req");
    if (req->version != ACCELSEL_PREDICT_REQUEST_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown predict request version %u", req->version);
    if (req->network == NULL)
        return asel_einval(fn, "req->network");
    return 0;
}

/* The learned time factor of @p c into *f, and which it is into *source:
 * 0 or ACCELSEL_ERANGE. A factor learned on another workload is withheld:
 * it measured that network's software on the device, not this one's. */
static int correction(const accelsel_predictor *p, const asel_perf_config *c, double *f,
                      uint32_t *source)
{
    *f = 1.0;
    int kind = asel_perf_corr_kind(&p->corr, c->dev_index, c->count);
    if (c->no_correction || (!c->same_workload && kind != ACCELSEL_CORRECTION_NONE)) {
        *source = c->no_correction ? ACCELSEL_CORRECTION_DISABLED
                                   : ACCELSEL_CORRECTION_OTHER_WORKLOAD;
        return 0;
    }
    *source = (uint32_t)kind;
    return asel_perf_corr_get(&p->corr, c->dev_index, c->count, c->dev->name, f);
}

/* The held-out band of a prediction whose correction is @p source: its
 * group by the definitions of the evaluation, and that group's figures. */
static void error_band(const accelsel_predictor *p, const asel_perf_config *c, uint32_t source,
                       accelsel_prediction *res)
{
    int g = source == ACCELSEL_CORRECTION_DEVICE_COUNT ? ACCELSEL_ERROR_GROUP_A
            : source == ACCELSEL_CORRECTION_DEVICE     ? ACCELSEL_ERROR_GROUP_B
            : source == ACCELSEL_CORRECTION_NONE && c->same_workload ? ACCELSEL_ERROR_GROUP_C
                                                                    : ACCELSEL_ERROR_GROUP_NONE;
    const asel_perf_band *b = g != ACCELSEL_ERROR_GROUP_NONE ? &p->band[g - 1] : NULL;
    if (b == NULL || b->rows == 0)
        g = ACCELSEL_ERROR_GROUP_NONE;
    res->error_group = (uint32_t)g;
    res->error_median_pct = g != ACCELSEL_ERROR_GROUP_NONE ? b->median : NAN;
    res->error_p90_pct = g != ACCELSEL_ERROR_GROUP_NONE ? b->p90 : NAN;
}

/* Resolve and run @p req into the full prediction @p res, with @p rows
 * (capacity @p cap) when wanted. */
static int predict_full(const accelsel_predictor *p, const accelsel_predict_request *req,
                        accelsel_prediction *res, accelsel_layer_prediction *rows, size_t cap)
{
    asel_perf_config c;
    double corr;
    uint32_t source;
    int rc;
    if ((rc = asel_perf_resolve(p, req, &c)) < 0 || (rc = correction(p, &c, &corr, &source)) < 0 ||
        (rc = asel_perf_run(&p->par, corr, &c, req->network, res, rows, cap)) < 0)
        return rc;
    res->epochs_source = c.epochs_source;
    res->epoch_samples_source = c.epoch_samples_source;
    res->correction_source = source;
    error_band(p, &c, source, res);
    return 0;
}

ACCELSEL_API int accelsel_predictor_predict(const accelsel_predictor *p,
                                            const accelsel_predict_request *req,
                                            accelsel_prediction *res)
{
    int rc = check_args("accelsel_predictor_predict", p, req);
    if (rc < 0)
        return rc;
    if (res == NULL)
        return asel_einval("accelsel_predictor_predict", "res");
    if (res->version != 1 && res->version != ACCELSEL_PREDICTION_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown prediction version %u", res->version);
    accelsel_prediction full = { .version = ACCELSEL_PREDICTION_VERSION };
    if ((rc = predict_full(p, req, &full, NULL, 0)) < 0)
        return rc;
    full.version = res->version;
    memcpy(res, &full, res->version == 1 ? V1_SIZE : sizeof full);
    return 0;
}

ACCELSEL_API int accelsel_predictor_predict_layers(const accelsel_predictor *p,
                                                   const accelsel_predict_request *req,
                                                   accelsel_layer_prediction *rows,
                                                   size_t capacity, size_t *n)
{
    int rc = check_args("accelsel_predictor_predict_layers", p, req);
    if (rc < 0)
        return rc;
    if (n == NULL || (rows == NULL && capacity > 0))
        return asel_einval("accelsel_predictor_predict_layers", n == NULL ? "n" : "rows");
    accelsel_prediction res = { .version = ACCELSEL_PREDICTION_VERSION };
    if ((rc = predict_full(p, req, &res, rows, capacity)) < 0)
        return rc;
    *n = accelsel_network_layer_count(req->network);
    return 0;
}

ACCELSEL_API int accelsel_predictor_epochs(const accelsel_predictor *p, double global_batch,
                                           double *epochs)
{
    if (p == NULL || epochs == NULL)
        return asel_einval("accelsel_predictor_epochs", p == NULL ? "p" : "epochs");
    if (!(isfinite(global_batch) && global_batch > 0))
        return asel_error(ACCELSEL_EINVAL, "global batch %g is not a positive finite number",
                          global_batch);
    *epochs = asel_perf_epochs(&p->par, global_batch);
    return 0;
}
