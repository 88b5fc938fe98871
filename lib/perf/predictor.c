/* The predictor handle: a borrowed catalog, the global parameters and the
 * per-device corrections. */

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "accelsel/predict.h"
#include "core/alloc.h"
#include "core/error.h"
#include "perf/predictor_impl.h"

ACCELSEL_API int accelsel_predictor_options_init(accelsel_predictor_options *opts,
                                                 unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_predictor_options_init", "opts");
    if (version != 1 && version != ACCELSEL_PREDICTOR_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown predictor options version %u", version);
    accelsel_predictor_options d = ACCELSEL_PREDICTOR_OPTIONS_INIT;
    d.version = version;
    /* A version-1 struct ends before the fields of version 2. */
    memcpy(opts, &d, version == 1 ? offsetof(accelsel_predictor_options, physical) : sizeof d);
    return 0;
}

int asel_perf_check_predictor_options(const accelsel_predictor_options *o)
{
    if (o == NULL)
        return 0;
    if (o->version != 1 && o->version != ACCELSEL_PREDICTOR_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "unknown predictor options version %u", o->version);
    if (o->version >= 2 && o->physical && o->calibrate_builtin)
        return asel_error_field(ACCELSEL_EINVAL, "physical",
                          "predictor options: physical and calibrate_builtin cannot be combined");
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
    size_t n = accelsel_catalog_device_count(cat);
    int rc = asel_perf_corr_init(&p->corr, n);
    if (rc == 0 && (rc = asel_perf_corr_init(&p->plan_corr, n)) < 0)
        asel_perf_corr_free(&p->corr);
    if (rc < 0) {
        asel_free(p);
        return rc;
    }
    p->cat = cat;
    p->par = *par;
    p->workload = (asel_perf_workload)ASEL_PERF_WORKLOAD_DEFAULT;
    asel_perf_bands_clear(p->band);
    *out = p;
    return 0;
}

/* On every prediction: the counts first, and the name compared in place
 * (as asel_perf_workload_of() would cut it), without a copy. */
int asel_perf_is_workload(const asel_perf_workload *w, const accelsel_network *net)
{
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    if ((double)t->params != w->params || (double)t->macs != w->macs)
        return 0;
    const char *name = accelsel_network_name(net);
    size_t n = strlen(w->name);
    return strncmp(name, w->name, n) == 0 && (name[n] == '\0' || n == sizeof w->name - 1);
}

void asel_perf_workload_of(asel_perf_workload *w, const accelsel_network *net)
{
    const accelsel_network_totals *t = accelsel_network_get_totals(net);
    snprintf(w->name, sizeof w->name, "%s", accelsel_network_name(net));
    w->params = (double)t->params;
    w->macs = (double)t->macs;
}

void asel_perf_bands_clear(asel_perf_band band[ASEL_PERF_GROUPS])
{
    for (int g = 0; g < ASEL_PERF_GROUPS; g++)
        band[g] = (asel_perf_band){ NAN, NAN, 0, "" };
}

/* The built-in MLPerf data fitted now against @p p's catalog. The error
 * bands stay those of the shipped evaluation: the same fit of the same
 * rows. */
static int calibrate_builtin(accelsel_predictor *p)
{
    asel_perf_band band[ASEL_PERF_GROUPS];
    memcpy(band, p->band, sizeof band);
    accelsel_dataset *ds;
    int rc = accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet");
    if (rc == 0)
        rc = accelsel_predictor_calibrate(NULL, p, ds, NULL);
    accelsel_dataset_free(ds);
    if (rc == 0)
        memcpy(p->band, band, sizeof band);
    return rc;
}

ACCELSEL_API int accelsel_predictor_new(accelsel_predictor **out, const accelsel_catalog *cat,
                                        const accelsel_predictor_options *opts)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL)
        return asel_einval("accelsel_predictor_new", out == NULL ? "out" : "cat");
    int rc = asel_perf_check_predictor_options(opts);
    if (rc < 0)
        return rc;
    int physical = opts != NULL && opts->version >= 2 && opts->physical;
    rc = physical ? asel_perf_predictor_alloc(out, cat, asel_perf_params_default())
                  : asel_perf_load_builtin(out, cat);
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
    asel_perf_corr_free(&p->plan_corr);
    asel_free(p);
}
