/* Passes over the rows shared by k-means and the indices: the fixed split
 * into row ranges, column moments, inertia, nearest-centre assignment. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "core/strhash.h"
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

/* Two values of a row are the same when equal as numbers (so -0 equals 0)
 * or both NaN: the rule the count has always kept, whatever the caller
 * checked before. */
static int same_value(double a, double b)
{
    return a == b || (isnan(a) && isnan(b));
}

static int same_row(const double *a, const double *b, size_t d)
{
    for (size_t c = 0; c < d; c++)
        if (!same_value(a[c], b[c]))
            return 0;
    return 1;
}

/* A hash of a row that agrees with same_row: -0 hashes as 0 and every NaN
 * as one NaN. A word at a time (xxHash64's round and finaliser), from a
 * seed that the table's address gives, as the library's name tables do, so
 * that data cannot be written to make its rows collide. */
static uint64_t row_hash(uint64_t seed, const double *v, size_t d)
{
    uint64_t h = seed ^ 0x27d4eb2f165667c5u;
    for (size_t c = 0; c < d; c++) {
        double x = v[c] == 0 ? 0.0 : isnan(v[c]) ? NAN : v[c];
        uint64_t b;
        memcpy(&b, &x, sizeof b);
        h += b * 0xc2b2ae3d27d4eb4fu;
        h = (h << 31 | h >> 33) * 0x9e3779b185ebca87u;
    }
    h ^= h >> 33;
    h *= 0xc2b2ae3d27d4eb4fu;
    h ^= h >> 29;
    h *= 0x165667b19e3779f9u;
    return h ^ (h >> 32);
}

/* The distinct rows of x counted up to @p limit: the scan stops as soon as
 * @p limit are seen, so asking whether k exist reads about k rows when the
 * first rows differ, and all n (each once) only when fewer than k do. The
 * table (row index + 1, 0 for empty, linear probing) has at least twice as
 * many slots as it can hold rows, so a look-up costs O(d) expected. */
static int count_distinct(const double *x, size_t n, size_t d, size_t limit, size_t *count)
{
    size_t want = limit < n ? limit : n, cap = 4, *slot = NULL, c = 0;
    *count = 0;
    if (want == 0)
        return 0;
    while (cap < 2 * want)
        cap *= 2;
    if (asel_alloc_array(&slot, cap, sizeof *slot) != 0)
        return ACCELSEL_ENOMEM;
    uint64_t seed = asel_str_hash_seed(slot);
    for (size_t i = 0; i < n && c < limit; i++) {
        size_t s = (size_t)row_hash(seed, x + i * d, d) & (cap - 1);
        while (slot[s] != 0 && !same_row(x + (slot[s] - 1) * d, x + i * d, d))
            s = (s + 1) & (cap - 1);
        if (slot[s] == 0) {
            slot[s] = i + 1;
            c++;
        }
    }
    asel_free(slot);
    *count = c;
    return 0;
}

/* Only the selection's k range needs every distinct row counted; it counts
 * once, before it knows k. */
int asel_km_distinct_rows(const double *x, size_t n, size_t d, size_t *count)
{
    return count_distinct(x, n, d, n, count);
}

/* k distinct rows are all a fit needs: counting stops there. When fewer
 * exist, every row was read, so the count in the message is the full one. */
int asel_km_check_distinct(const double *x, size_t n, size_t d, size_t k)
{
    size_t n_distinct;
    int rc = count_distinct(x, n, d, k, &n_distinct);
    if (rc == 0 && n_distinct < k)
        rc = asel_error(ACCELSEL_EDATA, "k = %zu exceeds the %zu distinct rows of the data", k,
                        n_distinct);
    return rc;
}
