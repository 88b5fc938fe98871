/* The public prediction calls and their structs. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/predictor_impl.h"

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
    if (version != ACCELSEL_PREDICTION_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown prediction version %u", version);
    *res = (accelsel_prediction){ .version = version };
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

/* The learned time factor of @p c into *f: 0 or ACCELSEL_ERANGE. */
static int correction(const accelsel_predictor *p, const asel_perf_config *c, double *f)
{
    *f = 1.0;
    return c->no_correction ? 0
                            : asel_perf_corr_get(&p->corr, c->dev_index, c->count, c->dev->name, f);
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
    if (res->version != ACCELSEL_PREDICTION_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown prediction version %u", res->version);
    asel_perf_config c;
    double corr;
    if ((rc = asel_perf_resolve(p, req, &c)) < 0 || (rc = correction(p, &c, &corr)) < 0)
        return rc;
    return asel_perf_run(&p->par, corr, &c, req->network, res, NULL, 0);
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
    asel_perf_config c;
    double corr;
    if ((rc = asel_perf_resolve(p, req, &c)) < 0 || (rc = correction(p, &c, &corr)) < 0)
        return rc;
    accelsel_prediction res = { .version = ACCELSEL_PREDICTION_VERSION };
    if ((rc = asel_perf_run(&p->par, corr, &c, req->network, &res, rows, capacity)) < 0)
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
