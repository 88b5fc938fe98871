/* k-means: restarts from k-means++ seedings (or one run from given centres),
 * the run with the lowest inertia kept. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/kmeans.h"

typedef struct km_state {
    const double *x;
    size_t n, d;
    const asel_kmeans_cfg *cfg;
    asel_lloyd *lloyd;
    double *mean, tol_abs;
    double *run_centers;
    uint32_t *run_labels;
} km_state;

static int one_run(km_state *s, uint32_t r, uint32_t runs, double *inertia, uint32_t *n_iter)
{
    const asel_kmeans_cfg *cfg = s->cfg;
    int rc = 0;
    if (cfg->init != NULL)
        memcpy(s->run_centers, cfg->init, cfg->k * s->d * sizeof(double));
    else
        rc =
            asel_km_seed_pp(s->x, s->n, s->d, cfg->k, cfg->seed, r, cfg->n_threads, s->run_centers);
    asel_cl_progress sub =
        asel_cl_progress_sub(&cfg->progress, (double)r / runs, (double)(r + 1) / runs);
    if (rc == 0)
        rc = asel_lloyd_run(s->lloyd, cfg, s->tol_abs, s->mean, s->run_centers, s->run_labels,
                            inertia, n_iter, &sub);
    if (rc == 0)
        rc = asel_cl_progress_report(&sub, 1.0);
    return rc;
}

static int runs(km_state *s, double *centers, uint32_t *labels, double *inertia, uint32_t *n_iter)
{
    const asel_kmeans_cfg *cfg = s->cfg;
    uint32_t n_runs = cfg->init != NULL ? 1 : cfg->n_init;
    int rc = 0;
    for (uint32_t r = 0; rc == 0 && r < n_runs; r++) {
        double in = 0;
        uint32_t it = 0;
        if ((rc = one_run(s, r, n_runs, &in, &it)) != 0)
            break;
        if (r == 0 || in < *inertia) {
            *inertia = in;
            *n_iter = it;
            memcpy(centers, s->run_centers, cfg->k * s->d * sizeof *centers);
            memcpy(labels, s->run_labels, s->n * sizeof *labels);
        }
    }
    return rc;
}

int asel_kmeans(const double *x, size_t n, size_t d, const asel_kmeans_cfg *cfg, double *centers,
                uint32_t *labels, double *inertia, uint32_t *n_iter)
{
    km_state s = {.x = x, .n = n, .d = d, .cfg = cfg};
    double mean_var = 0;
    int rc = asel_alloc_array(&s.mean, d, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&s.run_centers, cfg->k * d, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&s.run_labels, n, sizeof(uint32_t));
    if (rc == 0)
        rc = asel_km_moments(x, n, d, cfg->n_threads, s.mean, &mean_var);
    if (rc == 0)
        rc = asel_lloyd_new(&s.lloyd, x, n, d, cfg->k, cfg->n_threads);
    s.tol_abs = cfg->tol * mean_var;
    if (rc == 0)
        rc = runs(&s, centers, labels, inertia, n_iter);
    asel_lloyd_free(s.lloyd);
    asel_free(s.mean);
    asel_free(s.run_centers);
    asel_free(s.run_labels);
    return rc;
}
