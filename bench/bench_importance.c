/* Importance benchmarks, each beside a peer run on the same data:
 * - PCA: covariance + dsyevd (ours) against dgesvd on the centred data;
 * - mutual information: the x-sorted neighbour sweep (ours) against a
 *   brute-force O(n^2) KSG written here, with both values printed;
 * - forest: growth and permutation importance on 1 thread and on all cores.
 * Prints figures; never passes or fails on time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accelsel/importance.h"
#include "core/rng.h"
#include "learn/mutual_info.h"

/* LAPACK SVD, for the peer only (gfortran hidden lengths last). */
void dgesvd_(const char *jobu, const char *jobvt, const int *m, const int *n, double *a,
             const int *lda, double *s, double *u, const int *ldu, double *vt, const int *ldvt,
             double *work, const int *lwork, int *info, size_t jobu_len, size_t jobvt_len);

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void fill(double *x, double *y, size_t n, size_t p, uint64_t seed)
{
    asel_rng r;
    asel_rng_seed(&r, seed);
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < p; j++)
            x[i * p + j] = asel_rng_uniform(&r);
        y[i] = 10 * sin(3.14159265358979 * x[i * p] * x[i * p + 1]) + 10 * x[i * p + 3] +
               asel_rng_normal(&r);
    }
}

/* Singular values of the centred matrix, squared / (n - 1): the peer's variances. */
static double svd_peer(const double *x, size_t n, size_t p, double *var)
{
    double *a = malloc(n * p * sizeof *a), *mean = calloc(p, sizeof *mean);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < p; j++)
            mean[j] += x[i * p + j] / (double)n;
    /* Column-major n x p for LAPACK. */
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < p; j++)
            a[j * n + i] = x[i * p + j] - mean[j];
    int m = (int)n, k = (int)p, one = 1, lwork = -1, info = 0;
    double q, dummy = 0;
    double *s = malloc(p * sizeof *s);
    double t0 = now();
    dgesvd_("N", "N", &m, &k, a, &m, s, &dummy, &one, &dummy, &one, &q, &lwork, &info, 1, 1);
    lwork = (int)q;
    double *work = malloc((size_t)lwork * sizeof *work);
    dgesvd_("N", "N", &m, &k, a, &m, s, &dummy, &one, &dummy, &one, work, &lwork, &info, 1, 1);
    double t = now() - t0;
    for (size_t j = 0; j < p; j++)
        var[j] = s[j] * s[j] / (double)(n - 1);
    free(work);
    free(s);
    free(a);
    free(mean);
    return t;
}

static void bench_pca(void)
{
    size_t n = 200000, p = 32;
    double *x = malloc(n * p * sizeof *x), *y = malloc(n * sizeof *y), var[32];
    fill(x, y, n, p, 1);
    double t0 = now();
    accelsel_pca *pca = NULL;
    if (accelsel_pca_fit(&pca, x, n, p, 0) != 0) {
        printf("pca: %s\n", accelsel_last_error()->message);
        exit(1);
    }
    double ours = now() - t0;
    double peer = svd_peer(x, n, p, var);
    double diff = 0;
    for (size_t j = 0; j < p; j++)
        diff = fmax(diff, fabs(accelsel_pca_explained_variance(pca)[j] - var[j]) / var[0]);
    printf("pca %zu x %zu: covariance+dsyevd %.3f s, dgesvd peer %.3f s, ratio %.1fx; "
           "max relative difference of variances %.1e\n",
           n, p, ours, peer, peer / ours, diff);
    accelsel_pca_free(pca);
    free(x);
    free(y);
}

/* Brute-force KSG (same definition, every pair examined). */
static double ksg_brute(const double *x, const double *y, size_t n, size_t k)
{
    double *d = malloc(n * sizeof *d), sx = 0, sy = 0;
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++)
            d[j] = j == i ? INFINITY : fmax(fabs(x[j] - x[i]), fabs(y[j] - y[i]));
        for (size_t a = 0; a < k; a++)
            for (size_t b = a + 1; b < n; b++)
                if (d[b] < d[a]) {
                    double t = d[a];
                    d[a] = d[b];
                    d[b] = t;
                }
        double r = nextafter(d[k - 1], 0.0);
        size_t cx = 0, cy = 0;
        for (size_t j = 0; j < n; j++) {
            cx += fabs(x[j] - x[i]) <= r;
            cy += fabs(y[j] - y[i]) <= r;
        }
        sx += asel_digamma((double)cx);
        sy += asel_digamma((double)cy);
    }
    free(d);
    double mi = asel_digamma((double)n) + asel_digamma((double)k) - sx / (double)n - sy / (double)n;
    return mi > 0 ? mi : 0;
}

static void bench_mi(void)
{
    size_t n = 5000;
    double *x = malloc(n * 10 * sizeof *x), *y = malloc(n * sizeof *y);
    double *col = malloc(n * sizeof *col);
    fill(x, y, n, 10, 2);
    for (size_t i = 0; i < n; i++)
        col[i] = x[i * 10 + 3];
    double t0 = now(), ours;
    asel_mi_ksg(col, 1, y, n, 3, &ours);
    double t1 = now();
    double peer = ksg_brute(col, y, n, 3);
    double t2 = now();
    printf("mutual information (KSG, k = 3, n = %zu): sweep %.4f s, brute force %.3f s, ratio %.0fx; "
           "values %.15f and %.15f\n",
           n, t1 - t0, t2 - t1, (t2 - t1) / (t1 - t0), ours, peer);
    free(x);
    free(y);
    free(col);
}

static double forest_run(const double *x, const double *y, size_t n, size_t p, uint32_t threads,
                         double *oob)
{
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.measures = ACCELSEL_IMPORTANCE_FOREST;
    o.n_trees = 100;
    o.n_repeats = 3;
    o.n_threads = threads;
    accelsel_importance *imp = NULL;
    double t0 = now();
    if (accelsel_importance_compute_matrix(&imp, x, n, p, y, NULL, NULL, &o) != 0) {
        printf("forest: %s\n", accelsel_last_error()->message);
        exit(1);
    }
    double t = now() - t0;
    *oob = accelsel_importance_oob_r2(imp);
    accelsel_importance_free(imp);
    return t;
}

static void bench_forest(void)
{
    size_t n = 5000, p = 10;
    double *x = malloc(n * p * sizeof *x), *y = malloc(n * sizeof *y), oob1, oobn;
    fill(x, y, n, p, 3);
    double t1 = forest_run(x, y, n, p, 1, &oob1);
    double tn = forest_run(x, y, n, p, 0, &oobn);
    printf("forest (100 trees, %zu x %zu, + permutation x3): 1 thread %.2f s, all cores %.2f s, "
           "speed-up %.2fx; OOB R^2 %.6f and %.6f (must be equal)\n",
           n, p, t1, tn, t1 / tn, oob1, oobn);
    free(x);
    free(y);
}

int main(void)
{
    bench_pca();
    bench_mi();
    bench_forest();
    return 0;
}
