/* Principal component analysis behind accelsel_pca: the layout of the handle
 * and the fit on a raw matrix, shared by pca.c (public API), pca_fit.c and
 * the importance computation. */
#ifndef ASEL_PCA_H
#define ASEL_PCA_H

#include <stddef.h>

#include "accelsel/importance.h"

struct accelsel_pca {
    size_t n_samples;      /* rows of the fitting matrix */
    size_t n_features;     /* its columns */
    size_t n_components;
    double *mean;          /* n_features column means of the fitting rows */
    double *components;    /* n_components x n_features, unit rows */
    double *loadings;      /* components scaled by sqrt(explained variance) */
    double *variance;      /* n_components explained variances (descending) */
    double *ratio;         /* variance / total_variance */
    double total_variance; /* trace of the covariance matrix */
};

/* Fit on the finite @p n x @p p matrix @p x (n >= 2, 1 <= k <= min(n, p)).
 * Returns 0, ACCELSEL_EDATA if every column is constant, ACCELSEL_ERANGE if
 * p is beyond LAPACK's int, ACCELSEL_EINFEASIBLE if LAPACK does not converge,
 * or ACCELSEL_ENOMEM; the caller has checked everything else. */
int asel_pca_fit(accelsel_pca **out, const double *x, size_t n, size_t p, size_t k);

/* Scores of @p n rows of @p x (n_features wide) into @p out (n x n_components). */
void asel_pca_project(const accelsel_pca *pca, const double *x, size_t n, double *out);

#endif
