/* The exact mean silhouette in blocks: rows sorted by label into a centred
 * copy, so that the distances from one row to a cluster are one contiguous
 * stretch of a block; squared distances from cblas_dgemm
 * (||x||^2 + ||y||^2 - 2 x.y), recomputed directly where cancellation leaves
 * too few correct digits. Memory O(n d) plus a block per thread. */
#include <cblas.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "learn/cluster_silhouette.h"

#define ROWS 64   /* rows per task */
#define COLS 1024 /* columns per dgemm block */
/* Below this fraction of ||x||^2 + ||y||^2 a GEMM squared distance has lost
 * more than about 10 of its 16 digits and is recomputed. */
#define CANCEL 1e-6

typedef struct sil_ctx {
    size_t n, d, k;
    double *xs;      /* n x d, rows sorted by label, centred */
    double *norm;    /* n: ||xs||^2 */
    size_t *start;   /* k + 1: first sorted row of each cluster */
    uint32_t *lab;   /* n: sorted labels */
    double *scratch; /* per worker: ROWS x COLS distances, ROWS x k sums */
    double *row_sum; /* per task: the sum of its rows' silhouettes */
    size_t offset;   /* first task of the current batch */
} sil_ctx;

/* Distances of column block [c0, c1) into g (m x w), with sqrt applied. */
static void distances(const sil_ctx *s, size_t r0, size_t m, size_t c0, size_t c1, double *g)
{
    size_t w = c1 - c0, d = s->d;
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)w, (int)d, -2.0,
                s->xs + r0 * d, (int)d, s->xs + c0 * d, (int)d, 0.0, g, (int)w);
    for (size_t i = 0; i < m; i++) {
        double *gi = g + i * w, ni = s->norm[r0 + i];
        for (size_t j = 0; j < w; j++) {
            double v = gi[j] + ni + s->norm[c0 + j];
            if (v < CANCEL * (ni + s->norm[c0 + j])) {
                const double *a = s->xs + (r0 + i) * d, *b = s->xs + (c0 + j) * d;
                v = 0;
                for (size_t c = 0; c < d; c++)
                    v += (a[c] - b[c]) * (a[c] - b[c]);
            }
            gi[j] = sqrt(v);
        }
    }
}

/* Sum of @p len values with four accumulators (fixed order, vectorisable). */
static double stretch_sum(const double *v, size_t len)
{
    double acc[4] = {0, 0, 0, 0};
    size_t j = 0;
    for (; j + 4 <= len; j += 4)
        for (int u = 0; u < 4; u++)
            acc[u] += v[j + u];
    for (; j < len; j++)
        acc[0] += v[j];
    return (acc[0] + acc[1]) + (acc[2] + acc[3]);
}

/* Per-cluster distance sums of rows [r0, r0 + m) over column block [c0, c1). */
static void block(const sil_ctx *s, size_t r0, size_t m, size_t c0, size_t c1, double *g,
                  double *sums)
{
    size_t w = c1 - c0;
    distances(s, r0, m, c0, c1, g);
    for (size_t i = 0; i < m; i++)
        for (size_t c = s->lab[c0]; c < s->k && s->start[c] < c1; c++) {
            size_t lo = s->start[c] > c0 ? s->start[c] : c0;
            size_t hi = s->start[c + 1] < c1 ? s->start[c + 1] : c1;
            sums[i * s->k + c] += stretch_sum(g + i * w + (lo - c0), hi - lo);
        }
}

/* s = (b - a) / max(a, b); 0 for a row alone in its cluster. */
static double row_value(const sil_ctx *s, const double *sums, uint32_t own)
{
    size_t n_own = s->start[own + 1] - s->start[own];
    if (n_own == 1)
        return 0.0;
    double a = sums[own] / (double)(n_own - 1), b = INFINITY;
    for (size_t c = 0; c < s->k; c++) {
        size_t nc = s->start[c + 1] - s->start[c];
        if (c != own && nc != 0 && sums[c] / (double)nc < b)
            b = sums[c] / (double)nc;
    }
    double m = a > b ? a : b;
    return m > 0 ? (b - a) / m : 0.0;
}

static int task(void *ctx, size_t t, size_t worker)
{
    sil_ctx *s = ctx;
    t += s->offset;
    size_t r0 = t * ROWS, m = s->n - r0 < ROWS ? s->n - r0 : ROWS;
    double *g = s->scratch + worker * (ROWS * COLS + ROWS * s->k), *sums = g + ROWS * COLS;
    memset(sums, 0, m * s->k * sizeof *sums);
    for (size_t c0 = 0; c0 < s->n; c0 += COLS)
        block(s, r0, m, c0, s->n - c0 < COLS ? s->n : c0 + COLS, g, sums);
    double total = 0;
    for (size_t i = 0; i < m; i++)
        total += row_value(s, sums + i * s->k, s->lab[r0 + i]);
    s->row_sum[t] = total;
    return 0;
}

/* Tasks in batches, so that the progress callback can stop the work; the
 * batching does not change any result. */
static int run_tasks(sil_ctx *s, size_t n_tasks, size_t n_workers, const asel_cl_progress *progress)
{
    size_t batch = 16 * n_workers;
    for (s->offset = 0; s->offset < n_tasks; s->offset += batch) {
        size_t len = n_tasks - s->offset < batch ? n_tasks - s->offset : batch;
        int rc = asel_pool_run(n_workers, len, task, s);
        if (rc == 0)
            rc = asel_cl_progress_report(progress, (double)(s->offset + len) / (double)n_tasks);
        if (rc != 0)
            return rc;
    }
    return 0;
}

/* Sort rows by label (stable counting sort) into a copy centred on the mean. */
static void sort_rows(sil_ctx *s, const double *x, const uint32_t *labels, const double *mean,
                      size_t *pos)
{
    size_t d = s->d;
    for (size_t c = 0; c < s->k; c++)
        pos[c] = s->start[c];
    for (size_t i = 0; i < s->n; i++) {
        size_t p = pos[labels[i]]++;
        double sq = 0;
        s->lab[p] = labels[i];
        for (size_t c = 0; c < d; c++) {
            double v = x[i * d + c] - mean[c];
            s->xs[p * d + c] = v;
            sq += v * v;
        }
        s->norm[p] = sq;
    }
}

static int alloc_ctx(sil_ctx *s, size_t n_tasks, size_t n_workers)
{
    int rc;
    if ((rc = asel_alloc_array(&s->xs, s->n * s->d, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&s->norm, s->n, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&s->start, s->k + 1, sizeof(size_t))) != 0 ||
        (rc = asel_alloc_array(&s->lab, s->n, sizeof(uint32_t))) != 0 ||
        (rc = asel_alloc_array(&s->scratch, n_workers * (ROWS * COLS + ROWS * s->k),
                               sizeof(double))) != 0)
        return rc;
    return asel_alloc_array(&s->row_sum, n_tasks, sizeof(double));
}

static void free_ctx(sil_ctx *s)
{
    asel_free(s->xs);
    asel_free(s->norm);
    asel_free(s->start);
    asel_free(s->lab);
    asel_free(s->scratch);
    asel_free(s->row_sum);
}

int asel_silhouette_exact(const double *x, size_t n, size_t d, const uint32_t *labels,
                          const asel_labelling *l, unsigned int n_threads,
                          const asel_cl_progress *progress, double *out)
{
    sil_ctx s = {.n = n, .d = d, .k = l->k};
    size_t n_tasks = (n + ROWS - 1) / ROWS, n_workers = asel_pool_threads(n_threads, n_tasks);
    size_t *pos = NULL;
    double *mean = NULL;
    int rc = alloc_ctx(&s, n_tasks, n_workers);
    if (rc == 0 && (rc = asel_alloc_array(&pos, l->k, sizeof *pos)) == 0 &&
        (rc = asel_alloc_array(&mean, d, sizeof *mean)) == 0) {
        for (size_t j = 0; j < l->k; j++) {
            s.start[j + 1] = s.start[j] + l->count[j];
            for (size_t c = 0; c < d; c++)
                mean[c] += (double)l->count[j] * l->mean[j * d + c] / (double)n;
        }
        sort_rows(&s, x, labels, mean, pos);
        rc = run_tasks(&s, n_tasks, n_workers, progress);
    }
    double total = 0;
    for (size_t t = 0; rc == 0 && t < n_tasks; t++)
        total += s.row_sum[t];
    if (rc == 0)
        *out = total / (double)n;
    asel_free(pos);
    asel_free(mean);
    free_ctx(&s);
    return rc;
}
