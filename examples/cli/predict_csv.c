/* accelsel predict --from-csv: every row of a CSV in the built-in MLPerf
 * format, predicted from its configuration columns, with the error against
 * the measured time to train when the file has one. */
#include <math.h>
#include <string.h>

#include "predict.h"

int predict_median_p90(const double *v, size_t n, double *median, double *p90)
{
    static const double q[2] = {0.5, 0.9};
    double out[2] = {NAN, NAN};
    int rc = accelsel_quantiles(v, n, q, 2, out);
    *median = out[0];
    *p90 = out[1];
    return rc == 0 ? CLI_OK : cli_fail(rc, "predict: error summary");
}

/* Two decimals up to a million per cent; beyond, three significant digits
 * (a measured time of 1e-300 min is some 1e303 % off: "%.2f" wrote 300 digits). */
static const char *pct(double x, char buf[32])
{
    snprintf(buf, 32, fabs(x) < 1e6 ? "%.2f" : "%.3g", x);
    return buf;
}

/* Median and p90 of abs_pct_error on stderr, when the result has it: every
 * row with one, an infinite error (a measured time of 5e-324) included. */
static int print_errors(const accelsel_dataset *out)
{
    size_t col;
    if (accelsel_dataset_column_index(out, "abs_pct_error", &col) != 0)
        return CLI_OK;
    const double *v = accelsel_dataset_numeric(out, col);
    if (v == NULL)
        return CLI_OK;
    size_t n = accelsel_dataset_rows(out), m = 0;
    for (size_t i = 0; i < n; i++)
        m += !isnan(v[i]);
    if (m == 0) {
        fprintf(stderr, "accelsel: predict: none of %zu rows predicted with a measured time to "
                        "train: no error to report\n", n);
        return CLI_OK;
    }
    double median, p90;
    if (predict_median_p90(v, n, &median, &p90) != CLI_OK)
        return CLI_FAIL;
    char a[32], b[32];
    fprintf(stderr, "accelsel: predict: %zu of %zu rows predicted with a measured time to train: "
                    "absolute error median %s %%, p90 %s %%\n",
            m, n, pct(median, a), pct(p90, b));
    return CLI_OK;
}

int predict_from_csv(const predict_args *a, predict_env *env)
{
    accelsel_dataset *ds = NULL, *out = NULL;
    int builtin = strcmp(a->from_csv, "builtin") == 0;
    int status = cli_load_dataset(&ds, builtin ? NULL : a->from_csv, a->na, a->benchmark);
    if (status != CLI_OK)
        return status;
    int rc = accelsel_predictor_predict_dataset(&out, env->pred, ds, NULL);
    accelsel_dataset_free(ds);
    if (rc != 0)
        return cli_fail(rc, builtin ? "built-in data" : a->from_csv);
    if (a->plot != NULL)
        status = predict_plot_rows(a->plot, out);
    if (status == CLI_OK)
        status = cli_print_dataset(stdout, out, a->format);
    if (status == CLI_OK)
        status = print_errors(out);
    accelsel_dataset_free(out);
    return status;
}
