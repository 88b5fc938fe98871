/* Permutation importance (Breiman 2001; scikit-learn's
 * permutation_importance with the R^2 score): how much the forest's R^2 drops
 * when one column's values are shuffled between rows. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "learn/forest.h"

typedef struct perm_ctx {
    const asel_forest *f;
    const double *x, *y;
    size_t n_repeats;
    int oob;
    uint64_t seed;
    double baseline;
    double *drops; /* n_features x n_repeats */
    asel_progress *prog;
} perm_ctx;

/* R^2 with column @p j replaced by its values in the order @p perm. */
static double permuted_r2(const perm_ctx *c, size_t j, const size_t *perm, double *row,
                          double *pred)
{
    const asel_forest *f = c->f;
    size_t p = f->n_features;
    for (size_t i = 0; i < f->n_rows; i++) {
        for (size_t k = 0; k < p; k++)
            row[k] = c->x[i * p + k];
        row[j] = c->x[perm[i] * p + j];
        pred[i] = asel_forest_predict_row(f, row, i, c->oob);
    }
    return asel_r2(c->y, pred, f->n_rows, NULL);
}

/* Task j * n_repeats + r: feature j, repeat r, with its own stream. */
static int perm_task(void *arg, size_t task, size_t worker)
{
    perm_ctx *c = arg;
    size_t n = c->f->n_rows, p = c->f->n_features;
    size_t *perm = NULL;
    double *row = NULL, *pred = NULL;
    int rc = asel_alloc_array(&perm, n, sizeof *perm);
    if (rc == 0)
        rc = asel_alloc_array(&row, p, sizeof *row);
    if (rc == 0)
        rc = asel_alloc_array(&pred, n, sizeof *pred);
    if (rc == 0) {
        asel_rng rng;
        asel_rng_stream(&rng, c->seed, task);
        for (size_t i = 0; i < n; i++)
            perm[i] = i;
        asel_rng_shuffle(&rng, perm, n);
        c->drops[task] = c->baseline - permuted_r2(c, task / c->n_repeats, perm, row, pred);
        rc = asel_progress_step(c->prog, worker);
    }
    asel_free(pred);
    asel_free(row);
    asel_free(perm);
    return rc;
}

/* Baseline R^2 on the training rows, unshuffled. */
static int baseline_r2(perm_ctx *c)
{
    const asel_forest *f = c->f;
    if (c->oob) {
        c->baseline = f->oob_r2;
        return 0;
    }
    double *pred;
    if (asel_alloc_array(&pred, f->n_rows, sizeof *pred) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < f->n_rows; i++)
        pred[i] = asel_forest_predict_row(f, c->x + i * f->n_features, i, 0);
    c->baseline = asel_r2(c->y, pred, f->n_rows, NULL);
    asel_free(pred);
    return 0;
}

static void summarise(const perm_ctx *c, double *mean, double *sd)
{
    size_t r = c->n_repeats;
    for (size_t j = 0; j < c->f->n_features; j++) {
        const double *d = c->drops + j * r;
        double m = 0.0, ss = 0.0;
        for (size_t k = 0; k < r; k++)
            m += d[k];
        m /= (double)r;
        for (size_t k = 0; k < r; k++)
            ss += (d[k] - m) * (d[k] - m);
        mean[j] = m;
        sd[j] = sqrt(ss / (double)r); /* population sd, as scikit-learn's importances_std */
    }
}

int asel_forest_permutation(const asel_forest *f, const double *x, const double *y,
                            size_t n_repeats, int oob, uint64_t seed, unsigned int n_threads,
                            asel_progress *prog, double *mean, double *sd)
{
    size_t tasks = f->n_features * n_repeats;
    perm_ctx c = {f, x, y, n_repeats, oob, seed, 0.0, NULL, prog};
    int rc = asel_alloc_array(&c.drops, tasks, sizeof *c.drops);
    if (rc == 0)
        rc = baseline_r2(&c);
    if (rc == 0) {
        rc = asel_pool_run(asel_pool_threads(n_threads, tasks), tasks, perm_task, &c);
        if (rc != 0)
            rc = asel_progress_fail(rc, "permutation importance");
    }
    if (rc == 0)
        summarise(&c, mean, sd);
    asel_free(c.drops);
    return rc;
}
