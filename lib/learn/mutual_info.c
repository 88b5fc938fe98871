/* The mutual-information driver: scaling and jitter as scikit-learn's
 * _estimate_mi, then one estimate per column, columns in parallel. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "core/rng.h"
#include "learn/correlation.h"
#include "learn/mutual_info.h"

typedef struct mi_ctx {
    const double *x;
    size_t n, p, k;
    const double *y; /* target, already scaled and jittered */
    const uint8_t *discrete;
    uint64_t seed;
    double *mi;
    asel_progress *prog;
} mi_ctx;

/* v[i * stride] / sd (population) plus 1e-10 * max(1, mean |scaled|) * N(0, 1),
 * into out[0..n-1]. Kraskov et al. advise the jitter so that repeated values
 * do not give zero distances; it is far below any difference that matters.
 * The sd comes from the values divided by their unit, so that values near
 * 1e200 or 1e-170 scale as values near 1 do; @p out is its scratch first. */
static void scale_and_jitter(const double *v, size_t stride, size_t n, asel_rng *rng,
                             double *out)
{
    double unit, abs_mean = 0.0;
    double sd = sqrt(asel_centre_scaled(v, n, stride, out, 1, &unit) / (double)n);
    for (size_t i = 0; i < n; i++) {
        out[i] = sd > 0.0 ? v[i * stride] / unit / sd : v[i * stride];
        abs_mean += fabs(out[i]);
    }
    abs_mean /= (double)n;
    double amp = 1e-10 * (abs_mean > 1.0 ? abs_mean : 1.0);
    for (size_t i = 0; i < n; i++)
        out[i] += amp * asel_rng_normal(rng);
}

static int mi_task(void *arg, size_t j, size_t worker)
{
    mi_ctx *c = arg;
    int rc;
    if (c->discrete != NULL && c->discrete[j]) {
        rc = asel_mi_mixed(c->x + j, c->p, c->y, c->n, c->k, &c->mi[j]);
    } else {
        double *col;
        if (asel_alloc_array(&col, c->n, sizeof *col) != 0)
            return ACCELSEL_ENOMEM;
        asel_rng rng;
        asel_rng_stream(&rng, c->seed, j);
        scale_and_jitter(c->x + j, c->p, c->n, &rng, col);
        rc = asel_mi_ksg(col, 1, c->y, c->n, c->k, &c->mi[j]);
        asel_free(col);
    }
    return rc != 0 ? rc : asel_progress_step(c->prog, worker);
}

int asel_mutual_info(const double *x, size_t n, size_t p, const double *y,
                     const uint8_t *discrete, size_t k, uint64_t seed, unsigned int n_threads,
                     asel_progress *prog, double *mi)
{
    double *ys;
    if (asel_alloc_array(&ys, n, sizeof *ys) != 0)
        return ACCELSEL_ENOMEM;
    asel_rng rng;
    asel_rng_stream(&rng, seed, p);
    scale_and_jitter(y, 1, n, &rng, ys);
    mi_ctx c = {x, n, p, k, ys, discrete, seed, mi, prog};
    int rc = asel_pool_run(asel_pool_threads(n_threads, p), p, mi_task, &c);
    if (rc != 0)
        rc = asel_progress_fail(rc, "mutual information");
    asel_free(ys);
    return rc;
}
