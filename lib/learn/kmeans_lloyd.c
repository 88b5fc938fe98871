/* Lloyd iterations in row blocks: nearest centres through cblas_dgemm, per
 * range partial sums combined in range order, scikit-learn's handling of
 * empty clusters and of convergence. */
#include <cblas.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "learn/kmeans.h"

struct asel_lloyd {
    const double *x;
    size_t n, d, k, n_tasks, n_workers;
    double *shifted; /* k x d: centres minus the data mean */
    double *bias;    /* k: ||c - mean||^2 + 2 mean.(c - mean) */
    double *scratch; /* n_workers x ASEL_KM_BLOCK x k distances */
    double *sums;    /* n_tasks x k x d */
    size_t *counts;  /* n_tasks x k */
    size_t *changes; /* n_tasks */
    double *next;    /* k x d: the new centres */
    double *inert;   /* n_tasks: inertia of the final assignment */
    const double *centers;
    uint32_t *labels;
    int update; /* 1: sum rows into clusters; 0: final assignment with inertia */
};

int asel_lloyd_new(asel_lloyd **out, const double *x, size_t n, size_t d, size_t k,
                   unsigned int n_threads)
{
    asel_lloyd *l = NULL;
    int rc = asel_alloc_array(&l, 1, sizeof *l);
    if (rc != 0)
        return rc;
    *l = (asel_lloyd){.x = x, .n = n, .d = d, .k = k, .n_tasks = asel_km_tasks(n)};
    l->n_workers = asel_pool_threads(n_threads, l->n_tasks);
    size_t scratch = l->n_workers * ASEL_KM_BLOCK * k;
    if ((rc = asel_alloc_array(&l->shifted, k * d, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&l->bias, k, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&l->scratch, scratch, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&l->sums, l->n_tasks * k * d, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&l->counts, l->n_tasks * k, sizeof(size_t))) != 0 ||
        (rc = asel_alloc_array(&l->changes, l->n_tasks, sizeof(size_t))) != 0 ||
        (rc = asel_alloc_array(&l->next, k * d, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&l->inert, l->n_tasks, sizeof(double))) != 0) {
        asel_lloyd_free(l);
        return rc;
    }
    *out = l;
    return 0;
}

void asel_lloyd_free(asel_lloyd *l)
{
    if (l == NULL)
        return;
    asel_free(l->shifted);
    asel_free(l->bias);
    asel_free(l->scratch);
    asel_free(l->sums);
    asel_free(l->counts);
    asel_free(l->changes);
    asel_free(l->next);
    asel_free(l->inert);
    asel_free(l);
}

/* Distances are taken relative to the data mean, as scikit-learn centres the
 * data: ||x - c||^2 - ||x - mean||^2 = bias(c) - 2 x.(c - mean), where the
 * terms stay small when the data sit far from the origin. */
static void prepare(asel_lloyd *l, const double *centers, const double *mean)
{
    for (size_t j = 0; j < l->k; j++) {
        double sq = 0, cross = 0;
        for (size_t c = 0; c < l->d; c++) {
            double s = centers[j * l->d + c] - mean[c];
            l->shifted[j * l->d + c] = s;
            sq += s * s;
            cross += mean[c] * s;
        }
        l->bias[j] = sq + 2 * cross;
    }
}

/* s += x over d values, four at a time so that the compiler pairs them into
 * vector adds (the order of the additions per element is unchanged). */
static void add_row(double *restrict s, const double *restrict x, size_t d)
{
    size_t c = 0;
    for (; c + 4 <= d; c += 4) {
        s[c] += x[c];
        s[c + 1] += x[c + 1];
        s[c + 2] += x[c + 2];
        s[c + 3] += x[c + 3];
    }
    for (; c < d; c++)
        s[c] += x[c];
}

/* Label of the smallest of k values (ties to the lower). */
static uint32_t nearest(const double *restrict row, size_t k)
{
    uint32_t best = 0;
    double bv = row[0];
    for (size_t j = 1; j < k; j++)
        if (row[j] < bv) {
            bv = row[j];
            best = (uint32_t)j;
        }
    return best;
}

/* Squared distances of rows [b, b + m) to their labelled centres, summed. */
static double block_inertia(const asel_lloyd *l, size_t b, size_t m)
{
    double s = 0;
    for (size_t i = b; i < b + m; i++) {
        const double *c = l->centers + l->labels[i] * l->d, *xr = l->x + i * l->d;
        double r = 0;
        for (size_t j = 0; j < l->d; j++)
            r += (xr[j] - c[j]) * (xr[j] - c[j]);
        s += r;
    }
    return s;
}

static int assign_task(void *ctx, size_t t, size_t worker)
{
    asel_lloyd *l = ctx;
    size_t lo, hi, k = l->k, changes = 0;
    asel_km_range(l->n, l->n_tasks, t, &lo, &hi);
    double *sums = l->sums + t * k * l->d;
    size_t *counts = l->counts + t * k;
    if (l->update) {
        memset(sums, 0, k * l->d * sizeof *sums);
        memset(counts, 0, k * sizeof *counts);
    }
    double *dist = l->scratch + worker * ASEL_KM_BLOCK * k, inertia = 0;
    for (size_t b = lo; b < hi; b += ASEL_KM_BLOCK) {
        size_t m = hi - b < ASEL_KM_BLOCK ? hi - b : ASEL_KM_BLOCK;
        /* bias - 2 x.c in one call: C starts as the bias (beta 1), as
         * scikit-learn does. */
        for (size_t i = 0; i < m; i++)
            memcpy(dist + i * k, l->bias, k * sizeof *dist);
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)k, (int)l->d, -2.0,
                    l->x + b * l->d, (int)l->d, l->shifted, (int)l->d, 1.0, dist, (int)k);
        uint32_t *lab = l->labels + b;
        for (size_t i = 0; i < m; i++) {
            uint32_t best = nearest(dist + i * k, k);
            changes += lab[i] != best;
            lab[i] = best;
        }
        if (!l->update) {
            inertia += block_inertia(l, b, m);
            continue;
        }
        for (size_t i = 0; i < m; i++) {
            add_row(sums + lab[i] * l->d, l->x + (b + i) * l->d, l->d);
            counts[lab[i]]++;
        }
    }
    l->changes[t] = changes;
    l->inert[t] = inertia;
    return 0;
}

/* Assign every row and, with @p update, sum it into its cluster, else add
 * up the inertia to @p centers; the number of changed labels in @p changes. */
static int assign(asel_lloyd *l, const double *centers, uint32_t *labels, int update,
                  size_t *changes)
{
    l->centers = centers;
    l->labels = labels;
    l->update = update;
    int rc = asel_pool_run(l->n_workers, l->n_tasks, assign_task, l);
    *changes = 0;
    for (size_t t = 0; t < l->n_tasks; t++)
        *changes += l->changes[t];
    return rc;
}

/* Cluster sums and sizes into l->next and @p counts, in range order. */
static void reduce(asel_lloyd *l, size_t *counts)
{
    size_t kd = l->k * l->d;
    memset(l->next, 0, kd * sizeof(double));
    memset(counts, 0, l->k * sizeof(size_t));
    for (size_t t = 0; t < l->n_tasks; t++) {
        for (size_t i = 0; i < kd; i++)
            l->next[i] += l->sums[t * kd + i];
        for (size_t j = 0; j < l->k; j++)
            counts[j] += l->counts[t * l->k + j];
    }
}

/* The unchosen row farthest from its own centre; ties to the lower row. */
static size_t farthest(const asel_lloyd *l, const double *centers, const uint32_t *labels,
                       const unsigned char *taken)
{
    size_t best = SIZE_MAX;
    double bv = -1;
    for (size_t i = 0; i < l->n; i++) {
        if (taken[i])
            continue;
        double s = 0;
        for (size_t c = 0; c < l->d; c++) {
            double diff = l->x[i * l->d + c] - centers[labels[i] * l->d + c];
            s += diff * diff;
        }
        if (s > bv) {
            bv = s;
            best = i;
        }
    }
    return best;
}

/* Empty clusters take the rows farthest from their centres, which leave
 * their own cluster's sum (labels stay as they are), as scikit-learn's
 * _relocate_empty_clusters_dense. */
static int relocate_empty(asel_lloyd *l, const double *centers, const uint32_t *labels,
                          size_t *counts)
{
    unsigned char *taken = NULL;
    for (size_t j = 0; j < l->k; j++) {
        if (counts[j] != 0)
            continue;
        if (taken == NULL && asel_alloc_array(&taken, l->n, 1) != 0)
            return ACCELSEL_ENOMEM;
        size_t far = farthest(l, centers, labels, taken);
        taken[far] = 1;
        const double *xr = l->x + far * l->d;
        uint32_t old = labels[far];
        for (size_t c = 0; c < l->d; c++) {
            l->next[old * l->d + c] -= xr[c];
            l->next[j * l->d + c] = xr[c];
        }
        counts[j] = 1;
        counts[old]--;
    }
    asel_free(taken);
    return 0;
}

/* Divide sums by sizes (by the reciprocal, as scikit-learn) and return the
 * summed squared shift from @p centers, which receive the new centres. */
static double average_and_shift(asel_lloyd *l, const size_t *counts, double *centers)
{
    double total = 0;
    for (size_t j = 0; j < l->k; j++) {
        double alpha = counts[j] ? 1.0 / (double)counts[j] : 1.0, sq = 0;
        for (size_t c = 0; c < l->d; c++) {
            double v = l->next[j * l->d + c] * alpha;
            double diff = v - centers[j * l->d + c];
            sq += diff * diff;
            centers[j * l->d + c] = v;
        }
        total += sq;
    }
    return total;
}

/* One iteration: assign, update, move; changed labels and squared shift out. */
static int step(asel_lloyd *l, const double *mean, double *centers, uint32_t *labels,
                size_t *counts, size_t *changes, double *shift)
{
    prepare(l, centers, mean);
    int rc = assign(l, centers, labels, 1, changes);
    if (rc != 0)
        return rc;
    reduce(l, counts);
    if ((rc = relocate_empty(l, centers, labels, counts)) != 0)
        return rc;
    *shift = average_and_shift(l, counts, centers);
    return 0;
}

int asel_lloyd_run(asel_lloyd *l, const asel_kmeans_cfg *cfg, double tol_abs, const double *mean,
                   double *centers, uint32_t *labels, double *inertia, uint32_t *n_iter,
                   const asel_cl_progress *progress)
{
    size_t *counts = NULL, changes = 0;
    int rc = asel_alloc_array(&counts, l->k, sizeof *counts), strict = 0;
    uint32_t it = 0;
    for (size_t i = 0; i < l->n; i++)
        labels[i] = UINT32_MAX;
    while (rc == 0 && it < cfg->max_iter) {
        double shift = 0;
        if ((rc = step(l, mean, centers, labels, counts, &changes, &shift)) != 0)
            break;
        it++;
        strict = changes == 0;
        if (strict || shift <= tol_abs)
            break;
        rc = asel_cl_progress_report(progress, (double)it / cfg->max_iter);
    }
    asel_free(counts);
    *n_iter = it;
    if (rc != 0)
        return rc;
    if (strict)
        return asel_km_inertia(l->x, l->n, l->d, centers, labels, cfg->n_threads, inertia);
    prepare(l, centers, mean);
    rc = assign(l, centers, labels, 0, &changes);
    *inertia = 0;
    for (size_t t = 0; t < l->n_tasks; t++)
        *inertia += l->inert[t];
    return rc;
}
