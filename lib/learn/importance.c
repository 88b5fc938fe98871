/* The public accelsel_importance API: the matrix entry point, accessors,
 * prediction and freeing. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/importance_impl.h"
#include "learn/pca.h"

static int check_names(const char *const *names, size_t cols)
{
    for (size_t j = 0; names != NULL && j < cols; j++) {
        if (names[j] == NULL || names[j][0] == '\0')
            return asel_error(ACCELSEL_EINVAL, "accelsel_importance_compute_matrix: name %zu is NULL or empty", j);
        for (size_t k = 0; k < j; k++)
            if (strcmp(names[k], names[j]) == 0)
                return asel_error(ACCELSEL_EINVAL, "accelsel_importance_compute_matrix: feature name '%s' is repeated",
                                  names[j]);
    }
    return 0;
}

/* Enough rows for what is asked: 2 for any statistic, k + 1 for the k-NN
 * estimators of mutual information. */
int asel_importance_check_rows(size_t rows, const accelsel_importance_options *o)
{
    size_t need = 2;
    if ((o->measures & ACCELSEL_IMPORTANCE_MUTUAL_INFO) && (size_t)o->mi_neighbors + 1 > need)
        need = (size_t)o->mi_neighbors + 1;
    if (rows < need)
        return asel_error(ACCELSEL_EEMPTY, "importance: %zu rows left, at least %zu needed", rows, need);
    /* Tree nodes address each other with 32 bits; a tree has under 2 x rows nodes. */
    if (rows > ((size_t)1 << 31))
        return asel_error(ACCELSEL_ERANGE, "importance: %zu rows is more than 2^31", rows);
    return 0;
}

ACCELSEL_API int accelsel_importance_compute_matrix(accelsel_importance **out,
                                                    const double *matrix, size_t rows,
                                                    size_t cols, const double *target,
                                                    const char *const *names,
                                                    const uint8_t *discrete,
                                                    const accelsel_importance_options *opts)
{
    static const char fn[] = "accelsel_importance_compute_matrix";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (matrix == NULL || target == NULL)
        return asel_einval(fn, matrix == NULL ? "matrix" : "target");
    if (cols == 0 || cols > INT32_MAX)
        return asel_error(ACCELSEL_EINVAL, "%s: cols must be between 1 and %d (got %zu)", fn, INT32_MAX, cols);
    accelsel_importance_options o;
    int rc = asel_importance_options_check(opts, &o);
    if (rc == 0)
        rc = check_names(names, cols);
    if (rc == 0)
        rc = asel_importance_check_rows(rows, &o);
    accelsel_importance *imp = NULL;
    if (rc == 0)
        rc = asel_importance_alloc(&imp, cols, names, "target");
    if (rc == 0)
        rc = asel_importance_check_data(imp, matrix, rows, target);
    if (rc == 0) {
        imp->n_rows = rows;
        rc = asel_importance_run(imp, matrix, rows, target, discrete, &o);
    }
    if (rc != 0)
        accelsel_importance_free(imp);
    else
        *out = imp;
    return rc;
}

ACCELSEL_API size_t accelsel_importance_n_features(const accelsel_importance *imp)
{
    return imp ? imp->n_features : 0;
}

ACCELSEL_API size_t accelsel_importance_rows(const accelsel_importance *imp)
{
    return imp ? imp->n_rows : 0;
}

ACCELSEL_API const char *accelsel_importance_feature_name(const accelsel_importance *imp,
                                                          size_t j)
{
    return (imp && j < imp->n_features) ? imp->names[j] : NULL;
}

ACCELSEL_API int accelsel_importance_feature_index(const accelsel_importance *imp,
                                                   const char *name, size_t *j)
{
    if (imp == NULL || name == NULL || j == NULL)
        return asel_einval("accelsel_importance_feature_index",
                           imp == NULL ? "imp" : name == NULL ? "name" : "j");
    for (size_t k = 0; k < imp->n_features; k++)
        if (strcmp(imp->names[k], name) == 0) {
            *j = k;
            return 0;
        }
    return asel_error(ACCELSEL_ENOTFOUND, "importance: no feature named '%s'", name);
}

ACCELSEL_API const char *accelsel_importance_target_name(const accelsel_importance *imp)
{
    return imp ? imp->target : NULL;
}

ACCELSEL_API uint32_t accelsel_importance_measures(const accelsel_importance *imp)
{
    return imp ? imp->measures : 0;
}

ACCELSEL_API const char *accelsel_importance_measure_name(int measure)
{
    static const char *const names[ACCELSEL_MEASURE_COUNT + 1] = {
        NULL, "pearson", "spearman", "permutation", "permutation_sd", "impurity", "mutual_info"};
    return (measure >= 1 && measure <= ACCELSEL_MEASURE_COUNT) ? names[measure] : NULL;
}

ACCELSEL_API const double *accelsel_importance_values(const accelsel_importance *imp,
                                                      int measure)
{
    if (imp == NULL || measure < 1 || measure > ACCELSEL_MEASURE_COUNT)
        return NULL;
    return imp->values[measure];
}

ACCELSEL_API double accelsel_importance_value(const accelsel_importance *imp, int measure,
                                              size_t j)
{
    const double *v = accelsel_importance_values(imp, measure);
    return (v != NULL && j < imp->n_features) ? v[j] : NAN;
}

ACCELSEL_API int accelsel_importance_value_by_name(const accelsel_importance *imp, int measure,
                                                   const char *name, double *value)
{
    static const char fn[] = "accelsel_importance_value_by_name";
    if (imp == NULL || name == NULL || value == NULL)
        return asel_einval(fn, imp == NULL ? "imp" : name == NULL ? "name" : "value");
    if (accelsel_importance_measure_name(measure) == NULL)
        return asel_error(ACCELSEL_EINVAL, "%s: unknown measure %d", fn, measure);
    if (imp->values[measure] == NULL)
        return asel_error(ACCELSEL_ENOTFOUND, "%s: measure '%s' was not computed", fn,
                          accelsel_importance_measure_name(measure));
    size_t j;
    int rc = accelsel_importance_feature_index(imp, name, &j);
    if (rc == 0)
        *value = imp->values[measure][j];
    return rc;
}

ACCELSEL_API const double *accelsel_importance_correlation(const accelsel_importance *imp,
                                                           int measure)
{
    if (imp == NULL)
        return NULL;
    if (measure == ACCELSEL_MEASURE_PEARSON)
        return imp->pearson;
    return measure == ACCELSEL_MEASURE_SPEARMAN ? imp->spearman : NULL;
}

ACCELSEL_API const accelsel_pca *accelsel_importance_pca(const accelsel_importance *imp)
{
    return imp ? imp->pca : NULL;
}

ACCELSEL_API double accelsel_importance_oob_r2(const accelsel_importance *imp)
{
    return (imp && imp->forest) ? imp->forest->oob_r2 : NAN;
}

ACCELSEL_API const accelsel_features *accelsel_importance_features(const accelsel_importance *imp)
{
    return imp ? imp->features : NULL;
}

ACCELSEL_API int accelsel_importance_predict(const accelsel_importance *imp,
                                             const double *matrix, size_t rows, size_t cols,
                                             double *out, size_t capacity)
{
    static const char fn[] = "accelsel_importance_predict";
    if (imp == NULL || matrix == NULL || out == NULL)
        return asel_einval(fn, imp == NULL ? "imp" : matrix == NULL ? "matrix" : "out");
    if (imp->forest == NULL)
        return asel_error(ACCELSEL_EINVAL, "%s: the forest was not computed", fn);
    if (cols != imp->n_features)
        return asel_error(ACCELSEL_EINVAL, "%s: cols is %zu, the forest has %zu features", fn,
                          cols, imp->n_features);
    if (capacity < rows)
        return asel_error(ACCELSEL_EINVAL, "%s: capacity %zu is less than %zu rows", fn,
                          capacity, rows);
    for (size_t r = 0; r < rows; r++)
        out[r] = asel_forest_predict_row(imp->forest, matrix + r * cols, 0, 0);
    return 0;
}

ACCELSEL_API void accelsel_importance_free(accelsel_importance *imp)
{
    if (imp == NULL)
        return;
    for (size_t j = 0; imp->names != NULL && j < imp->n_features; j++)
        asel_free(imp->names[j]);
    asel_free(imp->names);
    asel_free(imp->target);
    for (int m = 0; m <= ACCELSEL_MEASURE_COUNT; m++)
        asel_free(imp->values[m]);
    asel_free(imp->pearson);
    asel_free(imp->spearman);
    accelsel_pca_free(imp->pca);
    asel_forest_free(imp->forest);
    accelsel_features_free(imp->features);
    asel_free(imp);
}
