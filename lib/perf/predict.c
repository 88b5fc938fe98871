/* The public prediction calls and their structs. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/predictor_impl.h"
#include "perf/step_cache.h"

/* A version-1 prediction ends before the fields of version 2. */
#define V1_SIZE offsetof(accelsel_prediction, epochs_source)

/* A version-1 request's fields end before those of version 2; its struct
 * is that rounded up to the struct's alignment, the stride of an array of
 * them. */
#define REQUEST_V1_FIELDS offsetof(accelsel_predict_request, threads)
#define REQUEST_ALIGN _Alignof(accelsel_predict_request)
#define REQUEST_V1_SIZE ((REQUEST_V1_FIELDS + REQUEST_ALIGN - 1) / REQUEST_ALIGN * REQUEST_ALIGN)

size_t asel_perf_request_size(unsigned int version)
{
    return version == 1 ? REQUEST_V1_SIZE
           : version == ACCELSEL_PREDICT_REQUEST_VERSION ? sizeof(accelsel_predict_request)
                                                         : 0;
}

/* The bytes of a request of @p version that are its own fields. */
static size_t request_fields(unsigned int version)
{
    return version == 1 ? REQUEST_V1_FIELDS : asel_perf_request_size(version);
}

int asel_perf_request_read(const accelsel_predict_request *req, accelsel_predict_request *out)
{
    size_t n = request_fields(req->version);
    if (n == 0)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown predict request version %u", req->version);
    *out = (accelsel_predict_request)ACCELSEL_PREDICT_REQUEST_INIT;
    memcpy(out, req, n);
    return 0;
}

ACCELSEL_API int accelsel_predict_request_init(accelsel_predict_request *req,
                                               unsigned int version)
{
    if (req == NULL)
        return asel_einval("accelsel_predict_request_init", "req");
    size_t n = request_fields(version);
    if (n == 0)
        return asel_error(ACCELSEL_EVERSION, "unknown predict request version %u", version);
    accelsel_predict_request init = ACCELSEL_PREDICT_REQUEST_INIT;
    init.version = version;
    memcpy(req, &init, n);
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

/* The arguments checked and @p req read into @p full. */
static int check_args(const char *fn, const accelsel_predictor *p,
                      const accelsel_predict_request *req, accelsel_predict_request *full)
{
    if (p == NULL || req == NULL)
        return asel_einval(fn, p == NULL ? "p" : "req");
    int rc = asel_perf_request_read(req, full);
    if (rc < 0)
        return rc;
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
    int other_stack = c->stack != ACCELSEL_STACK_TUNED;
    if (c->no_correction ||
        ((!c->same_workload || other_stack) && kind != ACCELSEL_CORRECTION_NONE)) {
        *source = c->no_correction ? ACCELSEL_CORRECTION_DISABLED
                  : other_stack    ? ACCELSEL_CORRECTION_OTHER_STACK
                                   : ACCELSEL_CORRECTION_OTHER_WORKLOAD;
        return 0;
    }
    *source = (uint32_t)kind;
    return asel_perf_corr_get(&p->corr, c->dev_index, c->count, c->dev->name, f);
}

/* The held-out band of a prediction whose correction is @p source: its
 * group by the definitions of the evaluation, and that group's figures. The
 * eager stack's on a CPU is that of the step measurements, which judge any
 * network (they leave one out); elsewhere no evaluation covers it. */
static void error_band(const accelsel_predictor *p, const asel_perf_config *c, uint32_t source,
                       accelsel_prediction *res)
{
    int eager = c->stack == ACCELSEL_STACK_EAGER;
    int g = eager ? (c->dev->kind == ACCELSEL_DEVICE_CPU ? ACCELSEL_ERROR_GROUP_STEPS
                                                         : ACCELSEL_ERROR_GROUP_NONE)
            : source == ACCELSEL_CORRECTION_DEVICE_COUNT ? ACCELSEL_ERROR_GROUP_A
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
 * (capacity @p cap) when wanted, or with the device steps of @p cache. */
static int predict_full(const accelsel_predictor *p, const accelsel_predict_request *req,
                        asel_perf_step_cache *cache, accelsel_prediction *res,
                        accelsel_layer_prediction *rows, size_t cap)
{
    asel_perf_config c;
    double corr;
    uint32_t source;
    int rc;
    if ((rc = asel_perf_resolve(p, req, &c)) < 0 || (rc = correction(p, &c, &corr, &source)) < 0)
        return rc;
    rc = cache != NULL ? asel_perf_run_cached(&p->par, corr, &c, cache, res)
                       : asel_perf_run(&p->par, corr, &c, req->network, res, rows, cap);
    if (rc < 0)
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
    accelsel_predict_request q;
    int rc = check_args("accelsel_predictor_predict", p, req, &q);
    if (rc < 0)
        return rc;
    if (res == NULL)
        return asel_einval("accelsel_predictor_predict", "res");
    if (res->version != 1 && res->version != ACCELSEL_PREDICTION_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown prediction version %u", res->version);
    accelsel_prediction full = { .version = ACCELSEL_PREDICTION_VERSION };
    if ((rc = predict_full(p, &q, NULL, &full, NULL, 0)) < 0)
        return rc;
    full.version = res->version;
    memcpy(res, &full, res->version == 1 ? V1_SIZE : sizeof full);
    return 0;
}

int asel_perf_predict_cached(const accelsel_predictor *p, const accelsel_predict_request *req,
                             asel_perf_step_cache *cache, accelsel_prediction *res)
{
    accelsel_predict_request q;
    int rc = check_args("accelsel_predictor_predict", p, req, &q);
    if (rc < 0)
        return rc;
    *res = (accelsel_prediction){ .version = ACCELSEL_PREDICTION_VERSION };
    return predict_full(p, &q, cache, res, NULL, 0);
}

ACCELSEL_API int accelsel_predictor_predict_layers(const accelsel_predictor *p,
                                                   const accelsel_predict_request *req,
                                                   accelsel_layer_prediction *rows,
                                                   size_t capacity, size_t *n)
{
    accelsel_predict_request q;
    int rc = check_args("accelsel_predictor_predict_layers", p, req, &q);
    if (rc < 0)
        return rc;
    if (n == NULL || (rows == NULL && capacity > 0))
        return asel_einval("accelsel_predictor_predict_layers", n == NULL ? "n" : "rows");
    accelsel_prediction res = { .version = ACCELSEL_PREDICTION_VERSION };
    if ((rc = predict_full(p, &q, NULL, &res, rows, capacity)) < 0)
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
        return asel_error_field(ACCELSEL_EINVAL, "global_batch", "global batch %g is not a positive finite number",
                          global_batch);
    *epochs = asel_perf_epochs(&p->par, global_batch);
    return 0;
}
