/* accelsel_predictor_calibrate_plans(): the LLM rows read, held-out rounds
 * set apart, the plan parameters fitted on the rest, the report built on
 * both (docs/predictor.md, "LLM rows"). */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/plan_calib.h"
#include "perf/report.h"

/* Predicted minutes of every row @p set assigns: the fitted rows under
 * their plans of the fit, the held-out ones under the plan searched now. */
static void minutes_of(double *minutes, const asel_perf_params *par, const asel_perf_corr *corr,
                      const asel_perf_rows *rows, const signed char *set,
                      const unsigned char *use, accelsel_plan *chosen)
{
    for (size_t i = 0; i < rows->n; i++) {
        const asel_perf_row *r = &rows->row[i];
        minutes[i] = NAN;
        if (set[i] < 0 || (!use[i] && asel_plan_row_choose(par, r, rows, &chosen[i]) != 0))
            continue;
        double f = asel_perf_corr_factor(corr, r->cfg.dev_index, r->cfg.count);
        minutes[i] = asel_plan_row_minutes(par, f, r, rows, &chosen[i]);
    }
}

static int calibrate_rows(accelsel_predictor *p, const asel_perf_rows *rows,
                          const accelsel_calibrate_options *o,
                          accelsel_calibration_report **report)
{
    size_t m = rows->n ? rows->n : 1;
    signed char *set = asel_calloc(m, 1);
    unsigned char *use = asel_calloc(m, 1);
    accelsel_plan *chosen = asel_calloc(m, sizeof *chosen);
    double *minutes = asel_calloc(m, sizeof *minutes);
    asel_perf_corr corr = { 0 };
    asel_perf_params par = p->par;
    int rc = set && use && chosen && minutes ? asel_perf_corr_init(&corr, p->plan_corr.n_dev)
                                             : asel_enomem();
    if (rc == 0)
        rc = asel_perf_split(rows, o->holdout_rounds, set, use);
    if (rc == 0)
        rc = asel_plan_fit(&par, &corr, rows, use, o, chosen);
    accelsel_calibration_report *r = NULL;
    if (rc == 0 && report != NULL) {
        minutes_of(minutes, &par, &corr, rows, set, use, chosen);
        rc = asel_perf_report_build(&r, minutes, rows, set);
    }
    if (rc == 0 && (rc = asel_perf_corr_assign(&p->plan_corr, &corr)) < 0)
        accelsel_calibration_report_free(r);
    if (rc == 0) {
        p->par = par;
        if (report)
            *report = r;
    }
    asel_perf_corr_free(&corr);
    asel_free(set), asel_free(use), asel_free(chosen), asel_free(minutes);
    return rc;
}

ACCELSEL_API int accelsel_predictor_calibrate_plans(accelsel_calibration_report **report,
                                                    accelsel_predictor *p,
                                                    const accelsel_dataset *ds,
                                                    const accelsel_calibrate_options *opts)
{
    if (report != NULL)
        *report = NULL;
    if (p == NULL || ds == NULL)
        return asel_einval("accelsel_predictor_calibrate_plans", p == NULL ? "p" : "ds");
    accelsel_calibrate_options o;
    asel_perf_rows rows;
    int rc = asel_perf_calib_rows(p, ds, opts, 1, &o, &rows);
    if (rc < 0)
        return rc;
    rc = calibrate_rows(p, &rows, &o, report);
    asel_perf_rows_free(&rows);
    return rc;
}
