/* Passes over the rows shared by k-means and the indices: the fixed split
 * into row ranges, column moments, inertia, nearest-centre assignment. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "learn/cluster_quality.h"
#include "learn/kmeans.h"

size_t asel_km_tasks(size_t n)
{
    size_t blocks = (n + ASEL_KM_BLOCK - 1) / ASEL_KM_BLOCK;
    return blocks < 1 ? 1 : blocks > ASEL_KM_MAX_TASKS ? ASEL_KM_MAX_TASKS : blocks;
}

void asel_km_range(size_t n, size_t n_tasks, size_t t, size_t *lo, size_t *hi)
{
    /* Split on block boundaries so that every range but the last holds whole blocks. */
    size_t blocks = (n + ASEL_KM_BLOCK - 1) / ASEL_KM_BLOCK;
    size_t b0 = blocks * t / n_tasks, b1 = blocks * (t + 1) / n_tasks;
    *lo = b0 * ASEL_KM_BLOCK;
    *hi = b1 * ASEL_KM_BLOCK < n ? b1 * ASEL_KM_BLOCK : n;
}

int asel_cl_progress_report(const asel_cl_progress *p, double fraction)
{
    if (p == NULL || p->fn == NULL)
        return 0;
    if (p->fn(p->lo + (p->hi - p->lo) * fraction, p->payload) != 0)
        return asel_error(ACCELSEL_ECANCELED, "clustering canceled by the progress callback");
    return 0;
}

asel_cl_progress asel_cl_progress_sub(const asel_cl_progress *p, double a, double b)
{
    asel_cl_progress s = *p;
    s.lo = p->lo + (p->hi - p->lo) * a;
    s.hi = p->lo + (p->hi - p->lo) * b;
    return s;
}

/* A pass that writes `width` partial sums per range, reduced in range order. */
typedef struct pass {
    const double *x;
    size_t n, d, n_tasks, width;
    const double *centers;  /* inertia */
    const uint32_t *labels; /* inertia */
    double *partial;        /* n_tasks x width */
} pass;

/* Sums of x - x0 and of (x - x0)^2 per column, x0 being the first row: one
 * pass, and no cancellation since x0 lies among the data. */
static int moments_task(void *ctx, size_t t, size_t worker)
{
    pass *p = ctx;
    size_t lo, hi, d = p->d;
    asel_km_range(p->n, p->n_tasks, t, &lo, &hi);
    double *s = p->partial + t * p->width;
    memset(s, 0, p->width * sizeof *s);
    for (size_t i = lo; i < hi; i++)
        for (size_t c = 0; c < d; c++) {
            double v = p->x[i * d + c] - p->x[c];
            s[c] += v;
            s[d + c] += v * v;
        }
    return 0;
}

static int inertia_task(void *ctx, size_t t, size_t worker)
{
    pass *p = ctx;
    size_t lo, hi;
    asel_km_range(p->n, p->n_tasks, t, &lo, &hi);
    double s = 0;
    for (size_t i = lo; i < hi; i++) {
        const double *c = p->centers + p->labels[i] * p->d, *xr = p->x + i * p->d;
        double r = 0;
        for (size_t j = 0; j < p->d; j++)
            r += (xr[j] - c[j]) * (xr[j] - c[j]);
        s += r;
    }
    p->partial[t] = s;
    return 0;
}

/* Run @p fn over the ranges and sum the partials, range by range, into @p out. */
static int run_pass(pass *p, asel_task_fn fn, unsigned int n_threads, double *out)
{
    p->n_tasks = asel_km_tasks(p->n);
    int rc = asel_alloc_array(&p->partial, p->n_tasks * p->width, sizeof(double));
    if (rc != 0)
        return rc;
    rc = asel_pool_run(asel_pool_threads(n_threads, p->n_tasks), p->n_tasks, fn, p);
    memset(out, 0, p->width * sizeof *out);
    for (size_t t = 0; t < p->n_tasks; t++)
        for (size_t c = 0; c < p->width; c++)
            out[c] += p->partial[t * p->width + c];
    asel_free(p->partial);
    return rc;
}

int asel_km_moments(const double *x, size_t n, size_t d, unsigned int n_threads, double *mean,
                    double *mean_var)
{
    pass p = {.x = x, .n = n, .d = d, .width = 2 * d};
    double *s = NULL, total = 0, check = 0;
    int rc = asel_alloc_array(&s, 2 * d, sizeof *s);
    if (rc == 0)
        rc = run_pass(&p, moments_task, n_threads, s);
    for (size_t c = 0; rc == 0 && c < d; c++) {
        double m1 = s[c] / (double)n, var = s[d + c] / (double)n - m1 * m1;
        mean[c] = x[c] + m1;
        total += var > 0 ? var : 0;
        check += s[c] + s[d + c];
    }
    *mean_var = total / (double)d;
    asel_free(s);
    /* The sums carry any NaN or infinity of the data: only then scan for it. */
    if (rc == 0 && !isfinite(check)) {
        rc = asel_check_finite("accelsel_cluster_fit", ACCELSEL_EDATA, x, n, d);
        if (rc == 0)
            rc = asel_error(ACCELSEL_EDATA, "accelsel_cluster_fit: values too large to cluster");
    }
    return rc;
}

int asel_km_inertia(const double *x, size_t n, size_t d, const double *centers,
                    const uint32_t *labels, unsigned int n_threads, double *inertia)
{
    pass p = {.x = x, .n = n, .d = d, .width = 1, .centers = centers, .labels = labels};
    return run_pass(&p, inertia_task, n_threads, inertia);
}

int asel_km_assign(const double *x, size_t n, size_t d, const double *centers, size_t k,
                   unsigned int n_threads, uint32_t *labels)
{
    asel_lloyd *l = NULL;
    double *mean = NULL, mean_var, inertia;
    uint32_t it;
    asel_kmeans_cfg cfg = {.k = k, .max_iter = 0, .n_threads = n_threads};
    double *c = NULL;
    int rc = asel_alloc_array(&mean, d, sizeof *mean);
    if (rc == 0)
        rc = asel_km_moments(x, n, d, n_threads, mean, &mean_var);
    if (rc == 0)
        rc = asel_alloc_array(&c, k * d, sizeof *c);
    if (rc == 0) {
        memcpy(c, centers, k * d * sizeof *c);
        rc = asel_lloyd_new(&l, x, n, d, k, n_threads);
    }
    /* With no iteration allowed, a run is exactly the final assignment. */
    if (rc == 0)
        rc = asel_lloyd_run(l, &cfg, 0, mean, c, labels, &inertia, &it, NULL);
    asel_lloyd_free(l);
    asel_free(mean);
    asel_free(c);
    return rc;
}

/* One row of a matrix, for sorting rows without a context argument. */
typedef struct row_ref {
    const double *v;
    size_t d;
} row_ref;

/* A total order on doubles in which -0 equals 0 and NaN follows every
 * number, so that qsort sees a consistent comparison whatever the data. */
static int cmp_value(double a, double b)
{
    if (a < b)
        return -1;
    if (a > b)
        return 1;
    return isnan(a) - isnan(b);
}

static int cmp_row(const void *pa, const void *pb)
{
    const row_ref *a = pa, *b = pb;
    for (size_t c = 0; c < a->d; c++) {
        int r = cmp_value(a->v[c], b->v[c]);
        if (r != 0)
            return r;
    }
    return 0;
}

/* Sorting, not pairwise comparison: the count is O(n log n) even when every
 * row differs (a selection counts before it knows k). */
int asel_km_distinct_rows(const double *x, size_t n, size_t d, size_t *count)
{
    *count = 0;
    if (n == 0)
        return 0;
    row_ref *r = NULL;
    if (asel_alloc_array(&r, n, sizeof *r) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < n; i++)
        r[i] = (row_ref){x + i * d, d};
    qsort(r, n, sizeof *r, cmp_row);
    size_t c = 1;
    for (size_t i = 1; i < n; i++)
        c += cmp_row(&r[i - 1], &r[i]) != 0;
    asel_free(r);
    *count = c;
    return 0;
}

int asel_km_check_distinct(const double *x, size_t n, size_t d, size_t k)
{
    size_t n_distinct;
    int rc = asel_km_distinct_rows(x, n, d, &n_distinct);
    if (rc == 0 && n_distinct < k)
        rc = asel_error(ACCELSEL_EDATA, "k = %zu exceeds the %zu distinct rows of the data", k,
                        n_distinct);
    return rc;
}
