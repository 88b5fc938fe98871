/* The parallel plans fitted and judged on MLPerf's LLM rows
 * (docs/predictor.md, "LLM rows"): a row's plan, its time to train, and
 * the fit of the plan parameters, trend and corrections. */
#ifndef ASEL_PERF_PLAN_CALIB_H
#define ASEL_PERF_PLAN_CALIB_H

#include "perf/calib.h"

/* The plan row @p r runs under @p par into @p chosen: the fastest that
 * fits memory with the sizes the row names. 0, or the errors of
 * asel_plan_search() (ACCELSEL_EINVAL, ACCELSEL_EINFEASIBLE). */
int asel_plan_row_choose(const asel_perf_params *par, const asel_perf_row *r,
                         const asel_perf_rows *rows, accelsel_plan *chosen);

/* Minutes to train row @p r under the complete plan @p pl with @p par and
 * time factor @p corr: its steps of the global batch, its benchmark's
 * evaluations (forward passes), times the software factor of its round;
 * NaN when the plan does not fit memory. */
double asel_plan_row_minutes(const asel_perf_params *par, double corr, const asel_perf_row *r,
                             const asel_perf_rows *rows, const accelsel_plan *pl);

/* Fit @p par's plan fields (per device kind that has rows) and plan_trend,
 * and the plan factors @p corr (reset first: per device, then per device
 * and count), on the rows with use[i] != 0, from the compiled-in defaults
 * of those fields. chosen[i] receives each row's plan under the fitted
 * parameters (rows whose sizes no plan fits are left out). 0,
 * ACCELSEL_EEMPTY (no row to fit), ACCELSEL_EDATA (a parameter or factor
 * beyond what a parameter file holds; @p par unchanged) or
 * ACCELSEL_ENOMEM. */
int asel_plan_fit(asel_perf_params *par, asel_perf_corr *corr, const asel_perf_rows *rows,
                  const unsigned char *use, const accelsel_calibrate_options *o,
                  accelsel_plan *chosen);

#endif
