/* The median and the quantiles of a set of values: the one way the library
 * takes them (group profiles, imputation, error bands, the public
 * accelsel_quantiles()), so that every median agrees to the bit. */
#ifndef ASEL_MEDIAN_H
#define ASEL_MEDIAN_H

#include <stddef.h>

/* Sort @p v[0..n-1] ascending in place; the values must not be NaN. */
void asel_sort_doubles(double *v, size_t n);

/* The quantile @p q (0 <= q <= 1) of @p v[0..n-1], sorted ascending, by
 * linear interpolation between the closest ranks (Hyndman and Fan's type 7,
 * numpy's default 'linear'): at position h = q (n - 1), v[floor h] + (h -
 * floor h) (v[floor h + 1] - v[floor h]); NaN for n = 0. Infinite values
 * take part: a quantile on or beyond one is infinite (NaN only strictly
 * between -inf and +inf; numpy gives NaN beside any infinity). Where the
 * difference of the two neighbours overflows (-1e308 and 1e308), the same
 * point as (1 - f) a + f b. */
double asel_quantile_sorted(const double *v, size_t n, double q);

/* The median of @p v[0..n-1], which it sorts ascending in place (so v[0] and
 * v[n-1] are then the minimum and maximum): asel_quantile_sorted() at 0.5,
 * the mean of the middle two for even n. NaN for n = 0. The values must not
 * be NaN. */
double asel_median(double *v, size_t n);

#endif
