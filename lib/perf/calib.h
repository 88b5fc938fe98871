/* Calibration internals shared by accelsel_predictor_calibrate() and the
 * held-out evaluation. */
#ifndef ASEL_PERF_CALIB_H
#define ASEL_PERF_CALIB_H

#include "perf/rows.h"

/* Fit @p par (epochs relation, then the per-kind efficiencies and overheads)
 * and the time factors @p corr (reset first: per device, then per device and
 * count) on the rows with use[i] != 0; the epochs relation keeps its
 * defaults where no row has a positive epochs_mean. 0, ACCELSEL_EEMPTY (no
 * usable row), ACCELSEL_EDATA (a parameter or factor beyond what a
 * parameter file holds; @p par unchanged) or ACCELSEL_ENOMEM. */
int asel_perf_fit(asel_perf_params *par, asel_perf_corr *corr, const asel_perf_rows *rows,
                  const unsigned char *use, const accelsel_calibrate_options *o);

/* The time factors @p corr (reset first) from the residuals r[i] =
 * log(predicted / measured) at factor 1 of rows idx[0..n-1]: per device
 * exp(m), m the shrunk Huber location of -r (threshold @p delta, @p shrink
 * rows at m = 0; m = -sum w r / (sum w + shrink) when every residual lies
 * within delta of it), then per device and count the same over the
 * residuals left after the device's factor; a row's weight w halves per
 * round of the data between it and its group's latest round. 0,
 * ACCELSEL_EDATA (a factor beyond what a parameter file holds) or
 * ACCELSEL_ENOMEM. */
int asel_perf_learn_corrections(asel_perf_corr *corr, const asel_perf_rows *rows,
                                const size_t *idx, const double *r, size_t n, double shrink,
                                double delta);

/* The software trend @p trend (log time per year, in [-1, 1]) from the
 * residuals r[i] = log(predicted / measured) of rows idx[0..n-1]: the
 * pooled slope of -r against the round's year within each device and count,
 * under the Huber loss with threshold @p delta and the corrections' recency
 * weights; 0 when no group spans two rounds. 0 or ACCELSEL_ENOMEM. */
int asel_perf_learn_trend(double *trend, const asel_perf_rows *rows, const size_t *idx,
                          const double *r, size_t n, double delta);

/* 1 if row @p r can be fitted or scored: resolved, closed division, not a
 * copy of an earlier row's logs (same_runs_as), a positive measured time. */
int asel_perf_row_scored(const asel_perf_row *r);

/* The absolute percentage error of @p predicted against @p measured (both
 * positive): 100 |p / m - 1|, without overflow where the difference does
 * not overflow (a time of 1e308 predicted as minutes is 100 % off), and
 * +inf where the ratio itself exceeds the doubles (a measured time of
 * 5e-324): no finite figure says how far off that is. NaN if either is. */
double asel_perf_ape(double predicted, double measured);

/* Median and 90th percentile of @p v[0..n-1] (asel_quantile_sorted()), sorted
 * in place; NaN when n is 0. Infinite values take part: a quantile that
 * lies on or beyond one is infinite. */
void asel_perf_quantiles(double *v, size_t n, double *median, double *p90);

/* 0 if the options are usable: known version, positive finite Huber
 * threshold, finite shrink >= 0, a well-formed round list; else
 * ACCELSEL_EVERSION or ACCELSEL_EINVAL with the error set. */
int asel_perf_check_calibrate_options(const accelsel_calibrate_options *o);

/* The start of a calibration or evaluation call: @p opts (NULL: the
 * defaults) into *o, checked, and the rows of @p ds into *rows, as
 * ResNet-50's (@p plans 0) or as the LLM benchmarks' (1). 0, or the error
 * with nothing to free. */
int asel_perf_calib_rows(const accelsel_predictor *p, const accelsel_dataset *ds,
                         const accelsel_calibrate_options *opts, int plans,
                         accelsel_calibrate_options *o, asel_perf_rows *rows);

/* The set of each row of @p rows into @p set: 1 held out (its round is in
 * the list @p holdout, "v3.0,v3.1"; NULL holds none out), 0 fitted, -1
 * neither (not scored); use[i] = set[i] == 0. 0 or ACCELSEL_EINVAL for a
 * malformed list. */
int asel_perf_split(const asel_perf_rows *rows, const char *holdout, signed char *set,
                    unsigned char *use);

/* The most distinct rounds a holdout list may name (MLPerf has had 13). */
#define ASEL_PERF_MAX_ROUNDS 64

/* The distinct rounds named in @p list ("v3.0,v3.1"), each once, as round
 * codes in @p codes (room for ASEL_PERF_MAX_ROUNDS); their count, or
 * ACCELSEL_EINVAL for a malformed name or too many rounds. */
int asel_perf_parse_rounds(const char *list, int codes[ASEL_PERF_MAX_ROUNDS]);

#endif
