/* Pearson and Spearman correlation matrices over the columns of a row-major
 * matrix (no missing values: callers filter first). */
#ifndef ASEL_CORRELATION_H
#define ASEL_CORRELATION_H

#include <stddef.h>

/* Average ranks (1-based; tied values share the mean of their positions, as
 * scipy.stats.rankdata(method="average")) of the @p n values v[0], v[stride],
 * ... into ranks[0..n-1]. 0 or ACCELSEL_ENOMEM. */
int asel_rank_average(const double *v, size_t n, size_t stride, double *ranks);

/* Pearson correlation of every pair of the @p p columns of the @p n x @p p
 * matrix @p x into the p x p matrix @p out (row-major, symmetric, exact 1 on
 * the diagonal). A constant column gives NaN in its row and column.
 * 0 or ACCELSEL_ENOMEM. */
int asel_pearson_matrix(const double *x, size_t n, size_t p, double *out);

/* Spearman correlation: Pearson over average ranks of each column, as
 * pandas DataFrame.corr(method="spearman"). 0 or ACCELSEL_ENOMEM. */
int asel_spearman_matrix(const double *x, size_t n, size_t p, double *out);

#endif
