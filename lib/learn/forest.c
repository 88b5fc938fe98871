/* The forest: bootstrap samples, trees grown in parallel, impurity
 * importance, out-of-bag R^2 and prediction. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "learn/forest.h"
#include "core/scale.h"

typedef struct fit_ctx {
    asel_forest *f;
    const double *x, *y; /* y divided by unit */
    double unit;
    const asel_forest_params *params;
    double *decrease; /* n_trees x n_features, each tree's own row */
    asel_progress *prog;
} fit_ctx;

int asel_forest_inbag(const asel_forest *f, size_t t, size_t i)
{
    return (int)((f->inbag[t * f->words + i / 64] >> (i % 64)) & 1u);
}

/* The tree grown on the target divided by @p unit, made to predict the
 * target itself; a power of two scales exactly. */
static void restore_unit(asel_tree *t, double unit)
{
    for (size_t i = 0; i < t->n_nodes; i++)
        t->nodes[i].value *= unit;
}

/* Tree t: its bootstrap and its feature draws come from stream t alone. */
static int fit_tree(void *arg, size_t t, size_t worker)
{
    fit_ctx *c = arg;
    asel_forest *f = c->f;
    size_t n = f->n_rows;
    uint32_t *weight;
    if (asel_alloc_array(&weight, n, sizeof *weight) != 0)
        return ACCELSEL_ENOMEM;
    asel_rng rng;
    asel_rng_stream(&rng, c->params->seed, t);
    uint64_t *bits = f->inbag + t * f->words;
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)asel_rng_below(&rng, n);
        weight[i]++;
        bits[i / 64] |= (uint64_t)1 << (i % 64);
    }
    int rc = asel_tree_grow(&f->trees[t], c->x, c->y, n, f->n_features, weight, c->params, &rng,
                            c->decrease + t * f->n_features);
    asel_free(weight);
    if (rc != 0)
        return rc;
    restore_unit(&f->trees[t], c->unit);
    return asel_progress_step(c->prog, worker);
}

/* scikit-learn's feature_importances_: each tree's decreases normalised to
 * sum 1 (trees that never split are left out), averaged, normalised again. */
static void impurity_importance(asel_forest *f, const double *decrease)
{
    size_t p = f->n_features;
    for (size_t j = 0; j < p; j++)
        f->impurity[j] = 0.0;
    for (size_t t = 0; t < f->n_trees; t++) {
        const double *d = decrease + t * p;
        double sum = 0.0;
        for (size_t j = 0; j < p; j++)
            sum += d[j];
        if (f->trees[t].n_nodes > 1 && sum > 0.0)
            for (size_t j = 0; j < p; j++)
                f->impurity[j] += d[j] / sum;
    }
    double total = 0.0;
    for (size_t j = 0; j < p; j++)
        total += f->impurity[j];
    for (size_t j = 0; j < p; j++)
        f->impurity[j] = total > 0.0 ? f->impurity[j] / total : 0.0;
}

double asel_forest_predict_row(const asel_forest *f, const double *row, size_t i, int oob)
{
    double sum = 0.0;
    size_t used = 0;
    for (size_t t = 0; t < f->n_trees; t++) {
        if (oob && asel_forest_inbag(f, t, i))
            continue;
        sum += asel_tree_predict(&f->trees[t], row);
        used++;
    }
    return used ? sum / (double)used : NAN;
}

double asel_r2(const double *y, const double *pred, size_t n, size_t *used)
{
    /* Residuals and deviations are taken in the unit of y, so that their
     * squares neither overflow nor vanish for targets near 1e200 or 1e-170. */
    double unit = asel_column_unit(y, n, 1), sum = 0.0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(pred[i])) {
            sum += y[i] / unit;
            m++;
        }
    if (used != NULL)
        *used = m;
    double mean = sum / (double)m, ss_res = 0.0, ss_tot = 0.0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(pred[i])) {
            double res = y[i] / unit - pred[i] / unit, dev = y[i] / unit - mean;
            ss_res += res * res;
            ss_tot += dev * dev;
        }
    return (m < 2 || ss_tot == 0.0) ? NAN : 1.0 - ss_res / ss_tot;
}

static int oob_score(asel_forest *f, const double *x, const double *y)
{
    double *pred;
    if (asel_alloc_array(&pred, f->n_rows, sizeof *pred) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < f->n_rows; i++)
        pred[i] = asel_forest_predict_row(f, x + i * f->n_features, i, 1);
    f->oob_r2 = asel_r2(y, pred, f->n_rows, &f->oob_rows);
    asel_free(pred);
    return 0;
}

static int alloc_forest(asel_forest **out, size_t n, size_t p, size_t n_trees)
{
    asel_forest *f = asel_calloc(1, sizeof *f);
    *out = f;
    if (f == NULL)
        return asel_enomem();
    *f = (asel_forest){.n_trees = n_trees, .n_features = p, .n_rows = n, .words = (n + 63) / 64};
    f->trees = asel_calloc(n_trees, sizeof *f->trees);
    f->inbag = asel_calloc(n_trees * f->words, sizeof *f->inbag);
    f->impurity = asel_calloc(p, sizeof *f->impurity);
    if (f->trees == NULL || f->inbag == NULL || f->impurity == NULL)
        return asel_enomem();
    return 0;
}

int asel_forest_fit(asel_forest **out, const double *x, const double *y, size_t n, size_t p,
                    const asel_forest_params *params, asel_progress *prog)
{
    asel_forest *f = NULL;
    double *decrease = NULL, *scaled = NULL;
    int rc = alloc_forest(&f, n, p, params->n_trees);
    if (rc == 0)
        rc = asel_alloc_array(&decrease, params->n_trees * p, sizeof *decrease);
    if (rc == 0)
        rc = asel_alloc_array(&scaled, n, sizeof *scaled);
    if (rc == 0) {
        /* Node variances and split scores are sums of squared targets. */
        double unit = asel_column_unit(y, n, 1);
        for (size_t i = 0; i < n; i++)
            scaled[i] = y[i] / unit;
        fit_ctx c = {f, x, scaled, unit, params, decrease, prog};
        size_t workers = asel_pool_threads(params->n_threads, params->n_trees);
        rc = asel_pool_run(workers, params->n_trees, fit_tree, &c);
        if (rc != 0)
            rc = asel_progress_fail(rc, "random forest");
    }
    if (rc == 0) {
        impurity_importance(f, decrease);
        rc = oob_score(f, x, y);
    }
    asel_free(scaled);
    asel_free(decrease);
    if (rc != 0) {
        asel_forest_free(f);
        f = NULL;
    }
    *out = f;
    return rc;
}

void asel_forest_free(asel_forest *f)
{
    if (f == NULL)
        return;
    for (size_t t = 0; f->trees != NULL && t < f->n_trees; t++)
        asel_tree_free(&f->trees[t]);
    asel_free(f->trees);
    asel_free(f->inbag);
    asel_free(f->impurity);
    asel_free(f);
}
