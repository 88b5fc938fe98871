/* Mutual information between each feature and a continuous target by
 * nearest-neighbour estimators, as scikit-learn's mutual_info_regression:
 * Kraskov, Stoegbauer and Grassberger (2004, estimator 1) for a continuous
 * feature, Ross (2014) for a discrete one. Values in nats, negative estimates
 * replaced by 0. */
#ifndef ASEL_MUTUAL_INFO_H
#define ASEL_MUTUAL_INFO_H

#include <stddef.h>
#include <stdint.h>

#include "learn/importance_progress.h"

/* The digamma function psi(x) for x > 0, to about 1e-15 relative. */
double asel_digamma(double x);

/* KSG estimate for the @p n pairs (x[i * stride], y[i]) with @p k neighbours
 * (k < n) in the max-norm, taken as the values are: no scaling, no noise.
 * 0 or ACCELSEL_ENOMEM. */
int asel_mi_ksg(const double *x, size_t stride, const double *y, size_t n, size_t k, double *mi);

/* Ross estimate between the labels d[i * stride] (compared exactly) and the
 * continuous c[i]; points whose label occurs once are left out, and 0 is
 * returned when no point is left. 0 or ACCELSEL_ENOMEM. */
int asel_mi_mixed(const double *d, size_t stride, const double *c, size_t n, size_t k, double *mi);

/* The whole estimate for the @p p columns of the @p n x @p p matrix @p x
 * against @p y, column j discrete when discrete[j] is nonzero (NULL: none):
 * as scikit-learn, continuous columns and the target are divided by their
 * population standard deviation and given a 1e-10-relative Gaussian jitter
 * to break ties, drawn from streams of @p seed (column j: stream j, target:
 * stream p), so the result is the same for any @p n_threads.
 * 0, ACCELSEL_ECANCELED or ACCELSEL_ENOMEM. */
int asel_mutual_info(const double *x, size_t n, size_t p, const double *y,
                     const uint8_t *discrete, size_t k, uint64_t seed, unsigned int n_threads,
                     asel_progress *prog, double *mi);

#endif
