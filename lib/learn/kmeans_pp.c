/* Greedy k-means++ seeding (Arthur and Vassilvitskii 2007, with the local
 * trials of scikit-learn's _kmeans_plusplus): O(n) memory beyond the data,
 * because candidate potentials are summed on the fly instead of storing a
 * distance row per candidate. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "core/rng.h"
#include "learn/kmeans.h"

typedef struct pp_ctx {
    const double *x;
    size_t n, d, n_tasks;
    double *closest;    /* n: squared distance to the nearest centre so far */
    const double *cand; /* n_cand x d candidate rows */
    size_t n_cand;
    int potentials; /* 1: sum min(closest, d(cand)) per candidate; 0: update closest from cand[0] */
    int first;      /* with potentials 0: closest is not set yet */
    double *partial; /* n_tasks x n_cand */
} pp_ctx;

static double sqdist(const double *a, const double *b, size_t d)
{
    double s = 0;
    for (size_t c = 0; c < d; c++)
        s += (a[c] - b[c]) * (a[c] - b[c]);
    return s;
}

static int pp_task(void *ctx, size_t t, size_t worker)
{
    pp_ctx *p = ctx;
    size_t lo, hi, w = p->potentials ? p->n_cand : 1;
    asel_km_range(p->n, p->n_tasks, t, &lo, &hi);
    double *s = p->partial + t * w;
    memset(s, 0, w * sizeof *s);
    for (size_t i = lo; i < hi; i++) {
        const double *xr = p->x + i * p->d;
        for (size_t c = 0; c < w; c++) {
            double v = sqdist(xr, p->cand + c * p->d, p->d);
            if (!p->first && p->closest[i] < v)
                v = p->closest[i];
            if (p->potentials)
                s[c] += v;
            else
                s[0] += p->closest[i] = v;
        }
    }
    return 0;
}

/* Run a pass and sum the per-range partials into totals[0..w). */
static int pp_pass(pp_ctx *p, unsigned int n_threads, double *totals)
{
    size_t w = p->potentials ? p->n_cand : 1;
    int rc = asel_pool_run(asel_pool_threads(n_threads, p->n_tasks), p->n_tasks, pp_task, p);
    for (size_t c = 0; c < w; c++) {
        totals[c] = 0;
        for (size_t t = 0; t < p->n_tasks; t++)
            totals[c] += p->partial[t * w + c];
    }
    return rc;
}

/* The first row whose cumulative `closest` reaches @p r (numpy's
 * searchsorted on the cumulative sum), clipped to the last row. Needs the
 * per-range sums of the last update pass in p->partial. */
static size_t pick(const pp_ctx *p, double r)
{
    double acc = 0;
    for (size_t t = 0; t < p->n_tasks; t++) {
        if (acc + p->partial[t] < r && t + 1 < p->n_tasks) {
            acc += p->partial[t];
            continue;
        }
        size_t lo, hi;
        asel_km_range(p->n, p->n_tasks, t, &lo, &hi);
        for (size_t i = lo; i < hi; i++)
            if ((acc += p->closest[i]) >= r)
                return i;
        if (t + 1 == p->n_tasks)
            break;
    }
    return p->n - 1;
}

/* Choose the next centre among the local trials (2 + ln k <= 24 for any
 * 32-bit k, so totals[] is large enough) and update closest. */
static int next_center(pp_ctx *p, asel_rng *rng, size_t n_trials, double *pot, double *cand,
                       unsigned int n_threads, double *center)
{
    double current = *pot, best_pot = 0, totals[64];
    size_t best = 0;
    for (size_t t = 0; t < n_trials; t++) {
        size_t row = pick(p, asel_rng_uniform(rng) * current);
        memcpy(cand + t * p->d, p->x + row * p->d, p->d * sizeof *cand);
    }
    p->cand = cand;
    p->n_cand = n_trials;
    p->potentials = 1;
    int rc = pp_pass(p, n_threads, totals);
    for (size_t t = 0; t < n_trials; t++)
        if (t == 0 || totals[t] < best_pot) {
            best_pot = totals[t];
            best = t;
        }
    memcpy(center, cand + best * p->d, p->d * sizeof *center);
    p->cand = center;
    p->potentials = 0;
    if (rc == 0)
        rc = pp_pass(p, n_threads, pot);
    return rc;
}

int asel_km_seed_pp(const double *x, size_t n, size_t d, size_t k, uint64_t seed, uint64_t run,
                    unsigned int n_threads, double *centers)
{
    size_t n_trials = 2 + (size_t)log((double)k);
    pp_ctx p = {.x = x, .n = n, .d = d, .n_tasks = asel_km_tasks(n), .first = 1};
    double *cand = NULL, pot = 0;
    int rc = asel_alloc_array(&p.closest, n, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&p.partial, p.n_tasks * n_trials, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&cand, n_trials * d, sizeof(double));
    asel_rng rng;
    asel_rng_stream(&rng, seed, run);
    if (rc == 0) {
        memcpy(centers, x + asel_rng_below(&rng, n) * d, d * sizeof *centers);
        p.cand = centers;
        p.n_cand = 1;
        rc = pp_pass(&p, n_threads, &pot);
        p.first = 0;
    }
    for (size_t c = 1; rc == 0 && c < k; c++)
        rc = next_center(&p, &rng, n_trials, &pot, cand, n_threads, centers + c * d);
    asel_free(p.closest);
    asel_free(p.partial);
    asel_free(cand);
    return rc;
}
