/* accelsel_predictor_calibrate(): rows read, held-out rounds set apart,
 * parameters fitted on the rest, the report built on both. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/median.h"
#include "perf/calib.h"
#include "perf/software.h"
#include "perf/report.h"

ACCELSEL_API int accelsel_calibrate_options_init(accelsel_calibrate_options *opts,
                                                 unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_calibrate_options_init", "opts");
    if (version != ACCELSEL_CALIBRATE_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown calibrate options version %u", version);
    *opts = (accelsel_calibrate_options)ACCELSEL_CALIBRATE_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_calibrate_options_size(void)
{
    return sizeof(accelsel_calibrate_options);
}

int asel_perf_row_scored(const asel_perf_row *r)
{
    return r->ok && r->closed && !r->repeat && isfinite(r->measured_min) && r->measured_min > 0;
}

double asel_perf_ape(double predicted, double measured)
{
    /* 100 x (p - m) overflows from |p - m| = 1.8e306 on (m = 1e308): there
     * the difference over m first. Elsewhere as before, to the last bit. */
    double d = fabs(predicted - measured), a = 100.0 * d;
    return isinf(a) ? 100.0 * (d / measured) : a / measured;
}

void asel_perf_quantiles(double *v, size_t n, double *median, double *p90)
{
    asel_sort_doubles(v, n);
    *median = asel_quantile_sorted(v, n, 0.5);
    *p90 = asel_quantile_sorted(v, n, 0.9);
}

static int in_rounds(int round, const int *codes, int n)
{
    for (int i = 0; i < n; i++)
        if (codes[i] == round)
            return 1;
    return 0;
}

int asel_perf_parse_rounds(const char *list, int codes[ASEL_PERF_MAX_ROUNDS])
{
    int n = 0;
    const char *s = list;
    while (s && *s) {
        while (*s == ' ')
            s++;
        const char *end;
        int code = asel_perf_round_code(s, &end);
        if (code < 0)
            return asel_error(ACCELSEL_EINVAL, "holdout round list '%.*s%s' is not like 'v3.0,v3.1'",
                              ASEL_QUOTE_MAX, list, asel_ellipsis(list));
        if (!in_rounds(code, codes, n) && n == ASEL_PERF_MAX_ROUNDS)
            return asel_error(ACCELSEL_EINVAL,
                              "holdout round list '%.*s%s' names more than %d rounds",
                              ASEL_QUOTE_MAX, list, asel_ellipsis(list), ASEL_PERF_MAX_ROUNDS);
        if (!in_rounds(code, codes, n))
            codes[n++] = code;
        s = end;
        while (*s == ' ')
            s++;
        if (*s == ',')
            s++;
        else if (*s != '\0')
            return asel_error(ACCELSEL_EINVAL, "holdout round list '%.*s%s' is not like 'v3.0,v3.1'",
                              ASEL_QUOTE_MAX, list, asel_ellipsis(list));
    }
    return n;
}

int asel_perf_check_calibrate_options(const accelsel_calibrate_options *o)
{
    if (o->version != ACCELSEL_CALIBRATE_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "unknown calibrate options version %u", o->version);
    if (!(isfinite(o->huber_delta) && o->huber_delta > 0))
        return asel_error_field(ACCELSEL_EINVAL, "huber_delta",
                                "huber_delta %g is not a positive finite number", o->huber_delta);
    if (!(isfinite(o->shrink_rows) && o->shrink_rows >= 0))
        return asel_error_field(ACCELSEL_EINVAL, "shrink_rows",
                                "shrink_rows %g is negative or not finite", o->shrink_rows);
    int codes[ASEL_PERF_MAX_ROUNDS];
    return asel_perf_parse_rounds(o->holdout_rounds, codes) < 0 ? asel_error_blame("holdout_rounds")
                                                                 : 0;
}

int asel_perf_calib_rows(const accelsel_predictor *p, const accelsel_dataset *ds,
                         const accelsel_calibrate_options *opts, int plans,
                         accelsel_calibrate_options *o, asel_perf_rows *rows)
{
    *o = (accelsel_calibrate_options)ACCELSEL_CALIBRATE_OPTIONS_INIT;
    if (opts != NULL)
        *o = *opts;
    int rc = asel_perf_check_calibrate_options(o);
    if (rc < 0)
        return rc;
    return plans ? asel_plan_rows_read(rows, p, ds) : asel_perf_rows_read(rows, p, ds, 1);
}

int asel_perf_split(const asel_perf_rows *rows, const char *holdout, signed char *set,
                    unsigned char *use)
{
    int codes[ASEL_PERF_MAX_ROUNDS];
    int n = asel_perf_parse_rounds(holdout, codes);
    if (n < 0)
        return n;
    for (size_t i = 0; i < rows->n; i++) {
        const asel_perf_row *r = &rows->row[i];
        set[i] = !asel_perf_row_scored(r) ? -1 : in_rounds(r->round, codes, n) ? 1 : 0;
        use[i] = set[i] == 0;
    }
    return 0;
}

/* The report of the rows @p set assigns, predicted with @p par and @p corr. */
static int report_of(accelsel_calibration_report **out, const asel_perf_params *par,
                     const asel_perf_corr *corr, const asel_perf_rows *rows,
                     const signed char *set)
{
    double *minutes = asel_calloc(rows->n ? rows->n : 1, sizeof *minutes);
    if (minutes == NULL)
        return asel_enomem();
    for (size_t i = 0; i < rows->n; i++) {
        const asel_perf_row *r = &rows->row[i];
        minutes[i] = set[i] < 0 ? NAN
                     : asel_perf_row_minutes(par, asel_perf_corr_factor(corr, r->cfg.dev_index,
                                                                       r->cfg.count), r, rows);
    }
    int rc = asel_perf_report_build(out, minutes, rows, set);
    asel_free(minutes);
    return rc;
}

static int calibrate_rows(accelsel_predictor *p, const asel_perf_rows *rows,
                          const accelsel_calibrate_options *o,
                          accelsel_calibration_report **report)
{
    size_t m = rows->n ? rows->n : 1;
    signed char *set = asel_calloc(m, 1);
    unsigned char *use = asel_calloc(m, 1);
    asel_perf_corr corr = { 0 };
    asel_perf_params par = p->par;
    int rc = set && use ? asel_perf_corr_init(&corr, p->corr.n_dev) : asel_enomem();
    if (rc == 0)
        rc = asel_perf_split(rows, o->holdout_rounds, set, use);
    if (rc == 0)
        rc = asel_perf_fit(&par, &corr, rows, use, o);
    accelsel_calibration_report *r = NULL;
    if (rc == 0 && report != NULL)
        rc = report_of(&r, &par, &corr, rows, set);
    if (rc == 0 && (rc = asel_perf_corr_assign(&p->corr, &corr)) < 0)
        accelsel_calibration_report_free(r);
    if (rc == 0) {
        p->par = par;
        /* The rows' network; the bands of an earlier fit describe that fit. */
        asel_perf_workload_of(&p->workload, rows->net);
        asel_perf_bands_clear(p->band);
        if (report)
            *report = r;
    }
    asel_perf_corr_free(&corr);
    asel_free(set), asel_free(use);
    return rc;
}

ACCELSEL_API int accelsel_predictor_calibrate(accelsel_calibration_report **report,
                                              accelsel_predictor *p, const accelsel_dataset *ds,
                                              const accelsel_calibrate_options *opts)
{
    if (report != NULL)
        *report = NULL;
    if (p == NULL || ds == NULL)
        return asel_einval("accelsel_predictor_calibrate", p == NULL ? "p" : "ds");
    accelsel_calibrate_options o;
    asel_perf_rows rows;
    int rc = asel_perf_calib_rows(p, ds, opts, 0, &o, &rows);
    if (rc < 0)
        return rc;
    rc = calibrate_rows(p, &rows, &o, report);
    asel_perf_rows_free(&rows);
    return rc;
}
