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

/* The publication date, in years, of MLPerf Training round @p round
 * ("vX.Y" as X * 100 + Y): v0.5 2019.0 (December 2018), v0.6 2019.5, v0.7
 * 2020.5 (held back a year), then two rounds a year, vX.0 in June and vX.1
 * at the end of the year: 2020.5 + X + Y / 2. NaN for a negative code (no
 * round). */
double asel_perf_round_year(int round);

/* The time factor exp(software_trend x (year of @p round - software_year)):
 * a row of an earlier round ran older, slower software than the parameters
 * describe. 1 for a row without a round (the software of software_year). */
double asel_perf_software_factor(const asel_perf_params *par, int round);

#endif
