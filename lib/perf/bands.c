/* accelsel_predictor_set_error_bands(): each group's figures from the
 * evaluation table of accelsel_predictor_evaluate(). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "perf/predictor_impl.h"

enum { C_PROTOCOL, C_GROUP, C_ROWS, C_MEDIAN, C_P90, N_COLS };
static const char *const names[N_COLS] = { "protocol", "group", "rows", "model_median_ape",
                                           "model_p90_ape" };

static int find_columns(const accelsel_dataset *t, size_t col[N_COLS])
{
    for (int k = 0; k < N_COLS; k++) {
        int rc = accelsel_dataset_column_index(t, names[k], &col[k]);
        if (rc == 0 && (k >= C_ROWS) != (accelsel_dataset_numeric(t, col[k]) != NULL))
            return asel_error(ACCELSEL_EINVAL, "evaluation column '%s' is not %s", names[k],
                              k >= C_ROWS ? "numeric" : "categorical");
        if (rc < 0)
            return asel_error(ACCELSEL_ENOTFOUND,
                              "the evaluation table has no column '%s' (a table of "
                              "accelsel_predictor_evaluate() has)", names[k]);
    }
    return 0;
}

/* The band index of group name @p g (ACCELSEL_ERROR_GROUP_* - 1), or -1. */
static int group_of(const char *g)
{
    for (uint32_t k = ACCELSEL_ERROR_GROUP_A; g != NULL && k <= ACCELSEL_ERROR_GROUP_STEPS; k++)
        if (strcmp(g, accelsel_error_group_name(k)) == 0)
            return (int)k - 1;
    return -1;
}

/* Row @p r into band @p b, checked as a parameter file checks it. */
static int take_row(const accelsel_dataset *t, const size_t col[N_COLS], size_t r,
                    asel_perf_band *b)
{
    double rows = accelsel_dataset_numeric(t, col[C_ROWS])[r];
    double med = accelsel_dataset_numeric(t, col[C_MEDIAN])[r];
    double p90 = accelsel_dataset_numeric(t, col[C_P90])[r];
    const char *proto = accelsel_dataset_string(t, r, col[C_PROTOCOL]);
    if (!(isfinite(med) && isfinite(p90) && med >= 0 && p90 >= med && p90 <= 1e300))
        return asel_error(ACCELSEL_EDATA,
                          "evaluation row %zu: median %g and p90 %g are not finite figures "
                          "with 0 <= median <= p90", r + 1, med, p90);
    if (proto == NULL || proto[0] == '\0' || strlen(proto) >= sizeof b->protocol)
        return asel_error(ACCELSEL_EDATA, "evaluation row %zu: protocol name of 1 to %zu bytes "
                          "expected", r + 1, sizeof b->protocol - 1);
    *b = (asel_perf_band){ med, p90, rows, "" };
    snprintf(b->protocol, sizeof b->protocol, "%s", proto);
    return 0;
}

ACCELSEL_API int accelsel_predictor_set_error_bands(accelsel_predictor *p,
                                                    const accelsel_dataset *evaluation)
{
    if (p == NULL || evaluation == NULL)
        return asel_einval("accelsel_predictor_set_error_bands", p == NULL ? "p" : "evaluation");
    size_t col[N_COLS];
    int rc = find_columns(evaluation, col);
    asel_perf_band band[ASEL_PERF_GROUPS];
    asel_perf_bands_clear(band);
    const double *rows = rc == 0 ? accelsel_dataset_numeric(evaluation, col[C_ROWS]) : NULL;
    for (size_t r = 0; rc == 0 && r < accelsel_dataset_rows(evaluation); r++) {
        int k = group_of(accelsel_dataset_string(evaluation, r, col[C_GROUP]));
        /* The protocol with the most rows of the group speaks for it. */
        if (k >= 0 && isfinite(rows[r]) && rows[r] >= 1 && rows[r] == floor(rows[r]) &&
            rows[r] > band[k].rows)
            rc = take_row(evaluation, col, r, &band[k]);
    }
    /* A group the table does not cover keeps its band: the MLPerf
       evaluation and that of the step measurements are two tables. */
    for (int k = 0; rc == 0 && k < ASEL_PERF_GROUPS; k++)
        if (band[k].rows == 0)
            band[k] = p->band[k];
    if (rc == 0)
        memcpy(p->band, band, sizeof band);
    return rc;
}

ACCELSEL_API int accelsel_predictor_error_band(const accelsel_predictor *p, uint32_t group,
                                               accelsel_error_summary *out)
{
    if (p == NULL || out == NULL)
        return asel_einval("accelsel_predictor_error_band", p == NULL ? "p" : "out");
    if (out->version != ACCELSEL_ERROR_SUMMARY_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "unknown error summary version %u", out->version);
    if (group < ACCELSEL_ERROR_GROUP_A || group > ACCELSEL_ERROR_GROUP_STEPS)
        return asel_error_field(ACCELSEL_EINVAL, "group",
                                "group %u is not an error group with a band (a, b, c or steps)",
                                group);
    const asel_perf_band *b = &p->band[group - 1];
    out->rows = (size_t)b->rows;
    out->median_ape = b->rows > 0 ? b->median : NAN;
    out->p90_ape = b->rows > 0 ? b->p90 : NAN;
    return 0;
}
