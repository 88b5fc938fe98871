/* The median of a set of values: the one way the library takes it (group
 * profiles, imputation), so that every median agrees to the bit. */
#ifndef ASEL_MEDIAN_H
#define ASEL_MEDIAN_H

#include <stddef.h>

/* The median of @p v[0..n-1], which it sorts ascending in place (so v[0] and
 * v[n-1] are then the minimum and maximum); NaN for n = 0. The values must
 * not be NaN. For even n, the mean of the middle two: 0.5 * (a + b) whenever
 * that is finite, else 0.5 * a + 0.5 * b, since a + b overflows for two
 * values near the largest double although their mean is finite. */
double asel_median(double *v, size_t n);

#endif
