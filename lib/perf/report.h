/* The calibration report. */
#ifndef ASEL_PERF_REPORT_H
#define ASEL_PERF_REPORT_H

#include "perf/rows.h"

/* Errors of every scored row against @p minutes[i], its predicted time
 * (NaN: not predicted), per set (set[i]: 0 fit, 1 held out, -1 none) and
 * accelerator family. */
int asel_perf_report_build(accelsel_calibration_report **out, const double *minutes,
                           const asel_perf_rows *rows, const signed char *set);

#endif
