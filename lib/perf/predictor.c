/* The predictor handle: a borrowed catalog, the global parameters and the
 * per-device corrections. */

#include "accelsel/predict.h"
#include "core/alloc.h"
#include "core/error.h"
#include "perf/predictor_impl.h"

ACCELSEL_API int accelsel_predictor_options_init(accelsel_predictor_options *opts,
                                                 unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_predictor_options_init", "opts");
    if (version != ACCELSEL_PREDICTOR_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown predictor options version %u", version);
    *opts = (accelsel_predictor_options)ACCELSEL_PREDICTOR_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_predictor_options_size(void)
{
    return sizeof(accelsel_predictor_options);
}

int asel_perf_predictor_alloc(accelsel_predictor **out, const accelsel_catalog *cat,
                              const asel_perf_params *par)
{
    accelsel_predictor *p = asel_calloc(1, sizeof *p);
    if (p == NULL)
        return asel_enomem();
    int rc = asel_perf_corr_init(&p->corr, accelsel_catalog_device_count(cat));
    if (rc < 0) {
        asel_free(p);
        return rc;
    }
    p->cat = cat;
    p->par = *par;
    *out = p;
    return 0;
}

/* The fitted globals and corrections of the built-in MLPerf data. */
static int calibrate_builtin(accelsel_predictor *p)
{
    accelsel_dataset *ds;
    int rc = accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet");
    if (rc == 0)
        rc = accelsel_predictor_calibrate(p, ds, NULL, NULL);
    accelsel_dataset_free(ds);
    return rc;
}

ACCELSEL_API int accelsel_predictor_new(accelsel_predictor **out, const accelsel_catalog *cat,
                                        const accelsel_predictor_options *opts)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL)
        return asel_einval("accelsel_predictor_new", out == NULL ? "out" : "cat");
    if (opts != NULL && opts->version != ACCELSEL_PREDICTOR_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown predictor options version %u",
                          opts->version);
    int rc = asel_perf_predictor_alloc(out, cat, asel_perf_params_default());
    if (rc == 0 && opts != NULL && opts->calibrate_builtin)
        rc = calibrate_builtin(*out);
    if (rc < 0) {
        accelsel_predictor_free(*out);
        *out = NULL;
    }
    return rc;
}

ACCELSEL_API void accelsel_predictor_free(accelsel_predictor *p)
{
    if (p == NULL)
        return;
    asel_perf_corr_free(&p->corr);
    asel_free(p);
}
