/* k-means internals: row blocks, seeding, Lloyd iterations. */
#ifndef ASEL_KMEANS_H
#define ASEL_KMEANS_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/cluster.h"

/* Rows per cblas_dgemm call, and the most row ranges a pass is split into.
 * The split depends on n only, never on the number of threads, so that
 * partial sums are combined in the same order whatever runs them. */
#define ASEL_KM_BLOCK 256
#define ASEL_KM_MAX_TASKS 128

/* Progress reporting for a sub-computation that covers [lo, hi] of the whole. */
typedef struct asel_cl_progress {
    accelsel_cluster_progress_fn fn;
    void *payload;
    double lo, hi;
} asel_cl_progress;

/* 0, or ACCELSEL_ECANCELED (recorded) if the callback asks to stop at
 * @p fraction of this sub-computation. */
int asel_cl_progress_report(const asel_cl_progress *p, double fraction);

/* The sub-range [a, b] (fractions of @p p) as its own progress. */
asel_cl_progress asel_cl_progress_sub(const asel_cl_progress *p, double a, double b);

typedef struct asel_kmeans_cfg {
    size_t k;
    uint32_t n_init;
    uint32_t max_iter;
    double tol; /* relative to the mean feature variance */
    uint64_t seed;
    unsigned int n_threads;
    const double *init; /* k x d or NULL */
    asel_cl_progress progress;
} asel_kmeans_cfg;

/* Row ranges of a pass over n rows: task t covers [t * n / T, (t + 1) * n / T). */
size_t asel_km_tasks(size_t n);
void asel_km_range(size_t n, size_t n_tasks, size_t t, size_t *lo, size_t *hi);

/* Column means of x (n x d) into @p mean, and the mean of the per-column
 * population variances into @p mean_var, in one pass summed per row range in
 * order. ACCELSEL_EDATA (row and column named) if x holds NaN or infinity,
 * so callers need not scan for them first. */
int asel_km_moments(const double *x, size_t n, size_t d, unsigned int n_threads, double *mean,
                    double *mean_var);

/* The number of distinct rows of x (n x d; rows equal value by value, so -0
 * equals 0, and NaN equals NaN) into @p count: 0 or ACCELSEL_ENOMEM
 * (recorded). O(n d) expected; it reads every row, so only a caller that
 * needs the whole count (the selection's k range) should ask for it. */
int asel_km_distinct_rows(const double *x, size_t n, size_t d, size_t *count);

/* 0 if x has at least k distinct rows (the same rule); else ACCELSEL_EDATA
 * naming k and the count. It stops reading once k distinct rows are seen. */
int asel_km_check_distinct(const double *x, size_t n, size_t d, size_t k);

/* Greedy k-means++ seeding of @p centers (k x d) from stream (seed, run). */
int asel_km_seed_pp(const double *x, size_t n, size_t d, size_t k, uint64_t seed, uint64_t run,
                    unsigned int n_threads, double *centers);

/* The whole k-means fit: n_init runs (or one from cfg->init), the lowest
 * inertia kept. @p centers (k x d) and @p labels (n) are the caller's. */
int asel_kmeans(const double *x, size_t n, size_t d, const asel_kmeans_cfg *cfg, double *centers,
                uint32_t *labels, double *inertia, uint32_t *n_iter);

/* One Lloyd run from the centres in @p centers (updated in place). */
typedef struct asel_lloyd asel_lloyd;
int asel_lloyd_new(asel_lloyd **out, const double *x, size_t n, size_t d, size_t k,
                   unsigned int n_threads);
void asel_lloyd_free(asel_lloyd *l);
int asel_lloyd_run(asel_lloyd *l, const asel_kmeans_cfg *cfg, double tol_abs, const double *mean,
                   double *centers, uint32_t *labels, double *inertia, uint32_t *n_iter,
                   const asel_cl_progress *progress);

/* Nearest-centre labels (ties to the lower label) for @p n rows, through the
 * same blocked distances as the Lloyd step; no centre update. */
int asel_km_assign(const double *x, size_t n, size_t d, const double *centers, size_t k,
                   unsigned int n_threads, uint32_t *labels);

/* Sum of squared distances of each row to its labelled centre. */
int asel_km_inertia(const double *x, size_t n, size_t d, const double *centers,
                    const uint32_t *labels, unsigned int n_threads, double *inertia);

#endif
