/* Pearson and Spearman correlation matrices over the columns of a row-major
 * matrix (no missing values: callers filter first), and the centring they and
 * other standardisations share. */
#ifndef ASEL_CORRELATION_H
#define ASEL_CORRELATION_H

#include <stddef.h>

/* Average ranks (1-based; tied values share the mean of their positions, as
 * scipy.stats.rankdata(method="average")) of the @p n values v[0], v[stride],
 * ... into ranks[0..n-1]. 0 or ACCELSEL_ENOMEM. */
int asel_rank_average(const double *v, size_t n, size_t stride, double *ranks);

/* The @p n values v[0], v[stride], ... divided by their asel_column_unit()
 * (into *unit_out unless it is NULL) and centred, into out[0],
 * out[out_stride], ...; returns the sum of their squares. Dividing first keeps
 * the sums finite and the squares of tiny values above zero, whatever the
 * column's magnitude; ratios of such sums (a correlation, a standardised
 * value) do not depend on the unit. */
double asel_centre_scaled(const double *v, size_t n, size_t stride, double *out, size_t out_stride,
                          double *unit_out);

/* Pearson correlation of every pair of the @p p columns of the @p n x @p p
 * matrix @p x into the p x p matrix @p out (row-major, symmetric, exact 1 on
 * the diagonal). A constant column gives NaN in its row and column.
 * 0 or ACCELSEL_ENOMEM. */
int asel_pearson_matrix(const double *x, size_t n, size_t p, double *out);

/* Spearman correlation: Pearson over average ranks of each column, as
 * pandas DataFrame.corr(method="spearman"). 0 or ACCELSEL_ENOMEM. */
int asel_spearman_matrix(const double *x, size_t n, size_t p, double *out);

#endif
