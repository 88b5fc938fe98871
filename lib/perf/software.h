/* Software gets faster from round to round on the same hardware: the
 * global trend that calibration fits (docs/predictor.md, "Software trend"). */
#ifndef ASEL_PERF_SOFTWARE_H
#define ASEL_PERF_SOFTWARE_H

#include "perf/params.h"

/* The code X * 100 + Y of a round name "vX.Y" at @p s ("VX.Y" and "X.Y"
 * too, as result tables spell them; X and Y at most 99, digits only: a
 * round's year then stays within a century, and the trend's factor finite),
 * with @p end (if not NULL) set past it; -1 if @p s is NULL or does not
 * start with such a name. */
int asel_perf_round_code(const char *s, const char **end);

/* The round of a table's cell @p s: the whole cell, blanks (spaces, tabs)
 * around it aside, must be a round name as asel_perf_round_code() reads it.
 * Its code; -1 if @p s is NULL or blank (no round); -2 if it is anything
 * else ("v3.1.2", "v3.1 closed", "v4": not a round). */
int asel_perf_round_cell(const char *s);

/* The publication date, in years, of MLPerf Training round @p round
 * ("vX.Y" as X * 100 + Y): v0.5 2019.0 (December 2018), v0.6 2019.5, v0.7
 * 2020.5 (held back a year), then two rounds a year, vX.0 in June and vX.1
 * at the end of the year: 2020.5 + X + Y / 2. NaN for a negative code (no
 * round). */
double asel_perf_round_year(int round);

/* How far past software_year, in years, the trend is followed: a straight
 * line in log time fitted on rounds up to software_year says nothing about
 * software decades later (v99.99 would train ResNet-50 in 0.08 s). */
#define ASEL_PERF_TREND_AHEAD_MAX 2.0

/* The time factor exp(software_trend x (year of @p round - software_year)):
 * a row of an earlier round ran older, slower software than the parameters
 * describe. A round more than ASEL_PERF_TREND_AHEAD_MAX years after
 * software_year gets the factor at that many years. 1 for a row without a
 * round (the software of software_year). */
double asel_perf_software_factor(const asel_perf_params *par, int round);

/* The same for the LLM rows of a plan fit: plan_trend from plan_year. */
double asel_plan_software_factor(const asel_perf_params *par, int round);

/* 1 if asel_perf_software_factor() holds the trend for @p round (a round
 * more than ASEL_PERF_TREND_AHEAD_MAX years after software_year, with a
 * trend), else 0. */
int asel_perf_software_held(const asel_perf_params *par, int round);

#endif
