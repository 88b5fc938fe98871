/* Importance of dataset columns: the target's rows, the feature transform
 * and its matrix, then the common pipeline; prediction and export as a
 * dataset. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"
#include "learn/features_impl.h"
#include "learn/importance_impl.h"

/* Index of the numeric target column; ENOTFOUND or ETYPE naming it. */
static int find_target(const accelsel_dataset *ds, const char *name, size_t *col)
{
    int rc = accelsel_dataset_column_index(ds, name, col);
    if (rc != 0)
        return rc;
    if (accelsel_dataset_column_type(ds, *col) != ACCELSEL_COLUMN_NUMERIC)
        return asel_ds_not_numeric(ds, *col, "importance: target", "a number is needed");
    return 0;
}

/* A new dataset of the rows of @p ds whose target is present. */
static int rows_with_target(accelsel_dataset **out, const accelsel_dataset *ds, size_t col,
                            const char *name)
{
    size_t n = accelsel_dataset_rows(ds), m = 0;
    const double *t = accelsel_dataset_numeric(ds, col);
    size_t *rows;
    if (asel_alloc_array(&rows, n, sizeof *rows) != 0)
        return ACCELSEL_ENOMEM;
    int rc = 0;
    for (size_t r = 0; r < n && rc == 0; r++) {
        if (isinf(t[r])) {
            char at[256];
            asel_ds_row_place(ds, r, at, sizeof at);
            rc = asel_error(ACCELSEL_EDATA, "importance: target '%s' is infinite at %s", name, at);
        } else if (!isnan(t[r]))
            rows[m++] = r;
    }
    if (rc == 0 && m == 0)
        rc = asel_error(ACCELSEL_EEMPTY, "importance: target '%s' has no value in any row", name);
    if (rc == 0)
        rc = accelsel_dataset_select_rows(out, ds, rows, m);
    asel_free(rows);
    return rc;
}

/* One flag per output column: 1 for the columns of a one-hot input. */
static int discrete_flags(const accelsel_features *f, uint8_t **out)
{
    if (asel_alloc_array(out, f->dim, sizeof **out) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < f->n_inputs; i++)
        for (size_t k = 0; k < f->in[i].n_out; k++)
            (*out)[f->in[i].first + k] = f->in[i].transform == ACCELSEL_TRANSFORM_ONEHOT;
    return 0;
}

typedef struct prepared {
    double *x, *y;
    size_t n;
    uint8_t *discrete;
} prepared;

/* The feature matrix of @p sub and the target of each of its rows. */
static int prepare(prepared *pr, const accelsel_features *f, const accelsel_dataset *sub,
                   size_t target_col)
{
    size_t rows = accelsel_dataset_rows(sub);
    size_t *index = NULL;
    int rc = asel_alloc_array(&pr->x, rows * f->dim, sizeof *pr->x);
    if (rc == 0)
        rc = asel_alloc_array(&pr->y, rows, sizeof *pr->y);
    if (rc == 0)
        rc = asel_alloc_array(&index, rows, sizeof *index);
    if (rc == 0)
        rc = accelsel_features_transform(f, sub, pr->x, rows * f->dim, &pr->n, index);
    for (size_t i = 0; rc == 0 && i < pr->n; i++)
        pr->y[i] = accelsel_dataset_number(sub, index[i], target_col);
    if (rc == 0)
        rc = discrete_flags(f, &pr->discrete);
    asel_free(index);
    return rc;
}

/* The pipeline on @p sub (target present in every row) with transform @p f,
 * which the result takes over (or frees on failure). */
static int compute_with(accelsel_importance **out, const accelsel_dataset *sub,
                        accelsel_features *f, const char *target,
                        const accelsel_importance_options *o)
{
    size_t target_col = 0;
    prepared pr = {NULL, NULL, 0, NULL};
    accelsel_importance *imp = NULL;
    int rc = accelsel_dataset_column_index(sub, target, &target_col);
    if (rc == 0)
        rc = prepare(&pr, f, sub, target_col);
    if (rc == 0)
        rc = asel_importance_check_rows(pr.n, o);
    if (rc == 0)
        rc = asel_importance_alloc(&imp, f->dim, (const char *const *)f->names, target);
    if (imp != NULL) {
        imp->features = f;
        f = NULL;
    }
    if (rc == 0)
        rc = asel_importance_check_data(imp, pr.x, pr.n, pr.y);
    if (rc == 0) {
        imp->n_rows = pr.n;
        rc = asel_importance_run(imp, pr.x, pr.n, pr.y, pr.discrete, o);
    }
    asel_free(pr.x);
    asel_free(pr.y);
    asel_free(pr.discrete);
    accelsel_features_free(f);
    if (rc != 0)
        accelsel_importance_free(imp);
    else
        *out = imp;
    return rc;
}

static int target_not_feature(const char *target, const char *const *cols, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (cols[i] != NULL && strcmp(cols[i], target) == 0)
            return asel_error(ACCELSEL_EINVAL, "importance: target '%s' is also a feature", target);
    return 0;
}

ACCELSEL_API int accelsel_importance_compute(accelsel_importance **out,
                                             const accelsel_dataset *ds,
                                             const char *const *feature_columns,
                                             size_t n_columns, const char *target_column,
                                             const accelsel_importance_options *opts)
{
    static const char fn[] = "accelsel_importance_compute";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (ds == NULL || feature_columns == NULL || target_column == NULL)
        return asel_einval(fn, ds == NULL ? "ds" : feature_columns == NULL ? "feature_columns" : "target_column");
    if (n_columns == 0)
        return asel_error(ACCELSEL_EINVAL, "%s: no feature column given", fn);
    accelsel_importance_options o;
    size_t col;
    accelsel_dataset *sub = NULL;
    accelsel_features *f = NULL;
    int rc = asel_importance_options_check(opts, &o);
    if (rc == 0)
        rc = target_not_feature(target_column, feature_columns, n_columns);
    if (rc == 0)
        rc = find_target(ds, target_column, &col);
    if (rc == 0)
        rc = rows_with_target(&sub, ds, col, target_column);
    if (rc == 0) {
        accelsel_features_options fo = ACCELSEL_FEATURES_OPTIONS_INIT;
        fo.missing = o.missing;
        rc = accelsel_features_fit(&f, sub, feature_columns, NULL, n_columns, &fo);
    }
    if (rc == 0)
        rc = compute_with(out, sub, f, target_column, &o);
    accelsel_dataset_free(sub);
    return rc;
}

ACCELSEL_API int accelsel_importance_compute_features(accelsel_importance **out,
                                                      const accelsel_dataset *ds,
                                                      const accelsel_features *features,
                                                      const char *target_column,
                                                      const accelsel_importance_options *opts)
{
    static const char fn[] = "accelsel_importance_compute_features";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (ds == NULL || features == NULL || target_column == NULL)
        return asel_einval(fn, ds == NULL ? "ds" : features == NULL ? "features" : "target_column");
    accelsel_importance_options o;
    size_t col;
    accelsel_dataset *sub = NULL;
    accelsel_features *f = NULL;
    int rc = asel_importance_options_check(opts, &o);
    for (size_t i = 0; rc == 0 && i < features->n_inputs; i++)
        rc = target_not_feature(target_column, (const char *const *)&features->in[i].name, 1);
    if (rc == 0)
        rc = find_target(ds, target_column, &col);
    if (rc == 0)
        rc = rows_with_target(&sub, ds, col, target_column);
    if (rc == 0)
        rc = asel_features_clone(&f, features);
    if (rc == 0)
        rc = compute_with(out, sub, f, target_column, &o);
    accelsel_dataset_free(sub);
    return rc;
}

ACCELSEL_API int accelsel_importance_predict_dataset(const accelsel_importance *imp,
                                                     const accelsel_dataset *ds, double *out,
                                                     size_t capacity, size_t *n_out,
                                                     size_t *row_index)
{
    static const char fn[] = "accelsel_importance_predict_dataset";
    if (imp == NULL || ds == NULL || out == NULL || n_out == NULL)
        return asel_einval(fn, imp == NULL ? "imp" : ds == NULL ? "ds" : out == NULL ? "out" : "n_out");
    if (imp->features == NULL || imp->forest == NULL)
        return asel_error(ACCELSEL_EINVAL, "%s: needs a dataset computation with the forest", fn);
    size_t rows = accelsel_dataset_rows(ds), p = imp->n_features;
    if (capacity < rows)
        return asel_error(ACCELSEL_EINVAL, "%s: capacity %zu is less than %zu rows", fn, capacity, rows);
    double *x;
    if (asel_alloc_array(&x, rows * p, sizeof *x) != 0)
        return ACCELSEL_ENOMEM;
    int rc = accelsel_features_transform(imp->features, ds, x, rows * p, n_out, row_index);
    for (size_t r = 0; rc == 0 && r < *n_out; r++)
        out[r] = asel_forest_predict_row(imp->forest, x + r * p, 0, 0);
    asel_free(x);
    return rc;
}

ACCELSEL_API int accelsel_importance_to_dataset(accelsel_dataset **out,
                                                const accelsel_importance *imp)
{
    if (out == NULL)
        return asel_einval("accelsel_importance_to_dataset", "out");
    *out = NULL;
    if (imp == NULL)
        return asel_einval("accelsel_importance_to_dataset", "imp");
    accelsel_dataset *ds = NULL;
    size_t p = imp->n_features;
    int rc = accelsel_dataset_new(&ds, p);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(ds, "feature", (const char *const *)imp->names, p);
    for (int m = 1; rc == 0 && m <= ACCELSEL_MEASURE_COUNT; m++)
        if (imp->values[m] != NULL)
            rc = accelsel_dataset_add_numeric(ds, accelsel_importance_measure_name(m),
                                              imp->values[m], p);
    if (rc != 0)
        accelsel_dataset_free(ds);
    else
        *out = ds;
    return rc;
}
