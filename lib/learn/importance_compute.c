/* The importance pipeline on a checked matrix: correlations, PCA, forest
 * with permutation and impurity importance, mutual information. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/correlation.h"
#include "learn/importance_impl.h"
#include "learn/mutual_info.h"
#include "learn/pca.h"

/* The permutations and the MI jitter draw from their own seeds derived from
 * the caller's, so that no stream is shared with the forest's trees. */
#define PERMUTATION_SEED_TAG 0x7065726d75746531ULL /* "permute1" */
#define MUTUAL_INFO_SEED_TAG 0x6d7574696e666f31ULL /* "mutinfo1" */

int asel_importance_alloc(accelsel_importance **out, size_t n_features,
                          const char *const *names, const char *target)
{
    accelsel_importance *imp = asel_calloc(1, sizeof *imp);
    *out = imp;
    if (imp == NULL)
        return asel_enomem();
    imp->n_features = n_features;
    imp->target = asel_strdup(target);
    imp->names = asel_calloc(n_features, sizeof *imp->names);
    if (imp->target == NULL || imp->names == NULL)
        return asel_enomem();
    for (size_t j = 0; j < n_features; j++) {
        char generated[32];
        snprintf(generated, sizeof generated, "x%zu", j);
        imp->names[j] = asel_strdup(names ? names[j] : generated);
        if (imp->names[j] == NULL)
            return asel_enomem();
    }
    return 0;
}

static int check_column(const double *v, size_t stride, size_t n, const char *kind,
                        const char *name)
{
    for (size_t r = 0; r < n; r++)
        if (!isfinite(v[r * stride]))
            return asel_error(ACCELSEL_EDATA, "importance: %s '%s' has the non-finite value %g at row %zu",
                              kind, name, v[r * stride], r);
    for (size_t r = 1; r < n; r++)
        if (v[r * stride] != v[0])
            return 0;
    return asel_error(ACCELSEL_EDATA, "importance: %s '%s' is constant (zero variance)", kind, name);
}

int asel_importance_check_data(const accelsel_importance *imp, const double *x, size_t n,
                               const double *y)
{
    size_t p = imp->n_features;
    for (size_t j = 0; j < p; j++) {
        int rc = check_column(x + j, p, n, "feature", imp->names[j]);
        if (rc != 0)
            return rc;
    }
    return check_column(y, 1, n, "target", imp->target);
}

static int correlations(accelsel_importance *imp, const double *x, size_t n, const double *y)
{
    size_t p = imp->n_features, q = p + 1;
    double *joined;
    if (asel_alloc_array(&joined, n * q, sizeof *joined) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t r = 0; r < n; r++) {
        memcpy(joined + r * q, x + r * p, p * sizeof *x);
        joined[r * q + p] = y[r];
    }
    int rc = asel_alloc_array(&imp->pearson, q * q, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&imp->spearman, q * q, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&imp->values[ACCELSEL_MEASURE_PEARSON], p, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&imp->values[ACCELSEL_MEASURE_SPEARMAN], p, sizeof(double));
    if (rc == 0)
        rc = asel_pearson_matrix(joined, n, q, imp->pearson);
    if (rc == 0)
        rc = asel_spearman_matrix(joined, n, q, imp->spearman);
    for (size_t j = 0; rc == 0 && j < p; j++) {
        imp->values[ACCELSEL_MEASURE_PEARSON][j] = imp->pearson[j * q + p];
        imp->values[ACCELSEL_MEASURE_SPEARMAN][j] = imp->spearman[j * q + p];
    }
    asel_free(joined);
    return rc;
}

/* PCA of the columns scaled to unit sample variance: the eigenvalues are
 * those of the correlation matrix, whatever the features' units. */
static int standardised_pca(accelsel_importance *imp, const double *x, size_t n)
{
    size_t p = imp->n_features;
    double *z;
    if (asel_alloc_array(&z, n * p, sizeof *z) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t j = 0; j < p; j++) {
        double sd = sqrt(asel_centre_scaled(x + j, n, p, z + j, p, NULL) / (double)(n - 1));
        for (size_t r = 0; r < n; r++)
            z[r * p + j] /= sd;
    }
    int rc = asel_pca_fit(&imp->pca, z, n, p, n < p ? n : p);
    asel_free(z);
    return rc;
}

static size_t features_per_split(double fraction, size_t p)
{
    double f = fraction > 0.0
                   ? fraction
                   : ((accelsel_importance_options)ACCELSEL_IMPORTANCE_OPTIONS_INIT).max_features;
    size_t m = (size_t)floor(f * (double)p);
    return m < 1 ? 1 : m;
}

static int forest(accelsel_importance *imp, const double *x, size_t n, const double *y,
                  const accelsel_importance_options *o, asel_progress *prog, double base,
                  double unit)
{
    size_t p = imp->n_features;
    asel_forest_params fp = {o->n_trees, o->max_depth, o->min_samples_leaf,
                             features_per_split(o->max_features, p), o->seed, o->n_threads};
    asel_progress_stage(prog, base, 2.0 * unit, fp.n_trees);
    int rc = asel_forest_fit(&imp->forest, x, y, n, p, &fp, prog);
    for (int m = ACCELSEL_MEASURE_PERMUTATION; rc == 0 && m <= ACCELSEL_MEASURE_IMPURITY; m++)
        rc = asel_alloc_array(&imp->values[m], p, sizeof(double));
    if (rc != 0)
        return rc;
    memcpy(imp->values[ACCELSEL_MEASURE_IMPURITY], imp->forest->impurity, p * sizeof(double));
    asel_progress_stage(prog, base + 2.0 * unit, 2.0 * unit, p * o->n_repeats);
    return asel_forest_permutation(imp->forest, x, y, o->n_repeats,
                                   o->permutation_rows == ACCELSEL_PERMUTATION_OOB,
                                   o->seed ^ PERMUTATION_SEED_TAG, o->n_threads, prog,
                                   imp->values[ACCELSEL_MEASURE_PERMUTATION],
                                   imp->values[ACCELSEL_MEASURE_PERMUTATION_SD]);
}

static int mutual_info(accelsel_importance *imp, const double *x, size_t n, const double *y,
                       const uint8_t *discrete, const accelsel_importance_options *o,
                       asel_progress *prog, double base, double unit)
{
    size_t p = imp->n_features;
    double **mi = &imp->values[ACCELSEL_MEASURE_MUTUAL_INFO];
    if (asel_alloc_array(mi, p, sizeof **mi) != 0)
        return ACCELSEL_ENOMEM;
    asel_progress_stage(prog, base, unit, p);
    return asel_mutual_info(x, n, p, y, discrete, o->mi_neighbors,
                            o->seed ^ MUTUAL_INFO_SEED_TAG, o->n_threads, prog, *mi);
}

int asel_importance_run(accelsel_importance *imp, const double *x, size_t n, const double *y,
                        const uint8_t *discrete, const accelsel_importance_options *o)
{
    uint32_t m = o->measures;
    asel_progress prog;
    asel_progress_init(&prog, o->progress, o->payload);
    /* Progress is shared out by rough cost: forest growth and permutations
     * 2 units each, mutual information 1; correlation and PCA are quick. */
    double units = ((m & ACCELSEL_IMPORTANCE_FOREST) ? 4.0 : 0.0) +
                   ((m & ACCELSEL_IMPORTANCE_MUTUAL_INFO) ? 1.0 : 0.0);
    double unit = units > 0.0 ? 1.0 / units : 0.0;
    int rc = asel_progress_report(&prog, 0.0);
    if (rc == 0 && (m & ACCELSEL_IMPORTANCE_CORRELATION))
        rc = correlations(imp, x, n, y);
    if (rc == 0 && (m & ACCELSEL_IMPORTANCE_PCA))
        rc = standardised_pca(imp, x, n);
    if (rc == 0 && (m & ACCELSEL_IMPORTANCE_FOREST))
        rc = forest(imp, x, n, y, o, &prog, 0.0, unit);
    double mi_base = (m & ACCELSEL_IMPORTANCE_FOREST) ? 4.0 * unit : 0.0;
    if (rc == 0 && (m & ACCELSEL_IMPORTANCE_MUTUAL_INFO))
        rc = mutual_info(imp, x, n, y, discrete, o, &prog, mi_base, unit);
    if (rc == 0)
        imp->measures = m;
    return rc;
}
