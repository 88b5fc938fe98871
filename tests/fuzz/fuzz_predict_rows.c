/* Fuzz the predictor's reading of dataset rows: CSV text in the built-in
 * format is loaded, every row predicted, and the predictor calibrated on the
 * rows. Every row comes back in order, either predicted (finite, positive
 * times) or with a note saying why not; calibration fits or reports that no
 * row can be fitted, and leaves a predictor that still predicts. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/catalog.h"
#include "accelsel/dataset.h"
#include "accelsel/network.h"
#include "accelsel/predict.h"
#include "fuzz_predict.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the headers document for these calls on a loaded dataset. */
static const int predict_errors[] = {ACCELSEL_ENOTFOUND, ACCELSEL_ENOMEM, 0};
static const int calibrate_errors[] = {ACCELSEL_ENOTFOUND, ACCELSEL_EEMPTY, ACCELSEL_ENOMEM, 0};

static accelsel_catalog *cat;
static accelsel_network *net;

static size_t column(const accelsel_dataset *ds, const char *name)
{
    size_t c;
    if (accelsel_dataset_column_index(ds, name, &c) != 0)
        __builtin_trap(); /* the result always has its predicted columns */
    return c;
}

/* Each row is predicted or says why not; a predicted row may carry a note
 * of what it assumed (a layout among counts that disagree, a held trend). */
static void check_rows(const accelsel_dataset *in, const accelsel_dataset *out)
{
    size_t n = accelsel_dataset_rows(in);
    if (accelsel_dataset_rows(out) != n)
        __builtin_trap();
    const double *t = accelsel_dataset_numeric(out, column(out, "predicted_time_to_train_min"));
    const double *e = accelsel_dataset_numeric(out, column(out, "predicted_epochs"));
    size_t note = column(out, "prediction_note");
    for (size_t r = 0; r < n; r++) {
        int noted = !accelsel_dataset_is_missing(out, r, note);
        int predicted = isfinite(t[r]) && t[r] > 0 && isfinite(e[r]) && e[r] > 0;
        if ((!predicted && !noted) || (!predicted && !isnan(t[r])))
            __builtin_trap();
    }
}

static void still_predicts(const accelsel_predictor *p)
{
    accelsel_prediction r;
    if (fuzz_predict_once(p, net, "h100-sxm5-80gb", 16, &r) != 0 || !(r.time_to_train_s > 0) ||
        !isfinite(r.time_to_train_s))
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_predict_inputs(&cat, &net, "resnet50");
    accelsel_dataset *ds = NULL, *out = NULL;
    if (accelsel_dataset_load_csv_buffer(&ds, (const char *)data, size, NULL) != 0)
        return 0; /* the CSV reader has its own target */
    accelsel_predictor *p = NULL;
    accelsel_predictor_options po = ACCELSEL_PREDICTOR_OPTIONS_INIT;
    if (accelsel_predictor_new(&p, cat, &po) != 0)
        abort();
    accelsel_predict_dataset_options o = ACCELSEL_PREDICT_DATASET_OPTIONS_INIT;
    o.n_threads = 1;
    int rc = accelsel_predictor_predict_dataset(&out, p, ds, &o);
    if (rc != 0)
        fuzz_check_failure(rc, out, predict_errors, 0);
    else
        check_rows(ds, out);
    accelsel_calibrate_options co = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    co.n_threads = 1;
    accelsel_calibration_report *report = NULL;
    rc = accelsel_predictor_calibrate(&report, p, ds, &co);
    if (rc != 0)
        fuzz_check_failure(rc, report, calibrate_errors, 0);
    still_predicts(p);
    accelsel_calibration_report_free(report);
    accelsel_predictor_free(p);
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
    return 0;
}
