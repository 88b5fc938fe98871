/* Applying a fitted feature transform to a dataset, and mapping feature rows
 * back to original units. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"
#include "learn/features_impl.h"

#define FN "accelsel_features_transform"

/* Where an input lives in the dataset being transformed; for a categorical
 * input, the fitted level of each of the dataset's levels (SIZE_MAX: unseen). */
typedef struct bound_input {
    size_t col;
    size_t *level_map;
} bound_input;

static int bind_levels(const asel_feat_input *in, const accelsel_dataset *ds, bound_input *b)
{
    size_t nl = accelsel_dataset_levels(ds, b->col);
    int rc = asel_alloc_array(&b->level_map, nl, sizeof *b->level_map);
    for (size_t l = 0; rc == 0 && l < nl; l++) {
        const char *s = accelsel_dataset_level(ds, b->col, l);
        b->level_map[l] = SIZE_MAX;
        for (size_t k = 0; k < in->n_out && b->level_map[l] == SIZE_MAX; k++)
            if (strcmp(s, in->levels[k]) == 0)
                b->level_map[l] = k;
    }
    return rc;
}

static int bind_inputs(const accelsel_features *f, const accelsel_dataset *ds, bound_input *b)
{
    for (size_t i = 0; i < f->n_inputs; i++) {
        const asel_feat_input *in = &f->in[i];
        int rc = accelsel_dataset_column_index(ds, in->name, &b[i].col);
        if (rc != 0)
            return rc;
        if (accelsel_dataset_column_type(ds, b[i].col) != in->type)
            return asel_error(ACCELSEL_ETYPE, FN ": column '%s' was %s when fitted", in->name,
                              in->type == ACCELSEL_COLUMN_NUMERIC ? "numeric" : "categorical");
        if (in->type == ACCELSEL_COLUMN_CATEGORICAL && (rc = bind_levels(in, ds, &b[i])) != 0)
            return rc;
    }
    return 0;
}

static int numeric_value(const asel_feat_input *in, const accelsel_dataset *ds, double x,
                         size_t row, double *out)
{
    if (isnan(x))
        x = in->impute;
    char at[256];
    if (isinf(x) || (asel_feat_is_log(in->transform) && x <= 0))
        asel_ds_row_place(ds, row, at, sizeof at);
    if (isinf(x))
        return asel_error(ACCELSEL_EDATA, FN ": column '%s', %s: infinite value", in->name, at);
    if (asel_feat_is_log(in->transform)) {
        if (x <= 0)
            return asel_error(ACCELSEL_EDATA, FN ": column '%s', %s: log10 of %g needs a value > 0",
                              in->name, at, x);
        x = log10(x);
    }
    *out = (x - in->center) / in->scale;
    /* Near the largest double, x - center itself may overflow. */
    if (!isfinite(*out) && isfinite(x))
        *out = x / in->scale - in->center / in->scale;
    return 0;
}

static int write_row(const accelsel_features *f, const accelsel_dataset *ds, const bound_input *b,
                     size_t row, double *dst)
{
    for (size_t i = 0; i < f->n_inputs; i++) {
        const asel_feat_input *in = &f->in[i];
        if (in->type == ACCELSEL_COLUMN_NUMERIC) {
            double x = accelsel_dataset_number(ds, row, b[i].col);
            int rc = numeric_value(in, ds, x, row, &dst[in->first]);
            if (rc != 0)
                return rc;
            continue;
        }
        int64_t code = accelsel_dataset_code(ds, row, b[i].col);
        size_t level = code < 0 ? in->impute_level : b[i].level_map[code];
        for (size_t l = 0; l < in->n_out; l++)
            dst[in->first + l] = l == level ? 1.0 : 0.0;
    }
    return 0;
}

static int row_complete(const accelsel_features *f, const accelsel_dataset *ds,
                        const bound_input *b, size_t row)
{
    for (size_t i = 0; i < f->n_inputs; i++)
        if (accelsel_dataset_is_missing(ds, row, b[i].col) != 0)
            return 0;
    return 1;
}

static int no_rows(const accelsel_features *f, const accelsel_dataset *ds, const bound_input *b)
{
    size_t *cols = asel_calloc(f->n_inputs ? f->n_inputs : 1, sizeof *cols);
    if (cols == NULL)
        return asel_enomem();
    for (size_t i = 0; i < f->n_inputs; i++)
        cols[i] = b[i].col;
    int rc = asel_feat_no_rows(FN, ds, cols, f->n_inputs);
    asel_free(cols);
    return rc;
}

static int write_rows(const accelsel_features *f, const accelsel_dataset *ds, const bound_input *b,
                      double *matrix, size_t *n_rows_out, size_t *row_index_out)
{
    size_t nr = accelsel_dataset_rows(ds), n = 0;
    for (size_t r = 0; r < nr; r++) {
        if (f->missing == ACCELSEL_MISSING_DROP && !row_complete(f, ds, b, r))
            continue;
        int rc = write_row(f, ds, b, r, matrix + n * f->dim);
        if (rc != 0)
            return rc;
        if (row_index_out != NULL)
            row_index_out[n] = r;
        n++;
    }
    *n_rows_out = n;
    return n == 0 ? no_rows(f, ds, b) : 0;
}

ACCELSEL_API int accelsel_features_transform(const accelsel_features *f, const accelsel_dataset *ds,
                                             double *matrix, size_t capacity, size_t *n_rows_out,
                                             size_t *row_index_out)
{
    if (f == NULL || ds == NULL || matrix == NULL || n_rows_out == NULL)
        return asel_einval(FN, f == NULL        ? "f"
                               : ds == NULL     ? "ds"
                               : matrix == NULL ? "matrix"
                                                : "n_rows_out");
    *n_rows_out = 0;
    size_t nr = accelsel_dataset_rows(ds);
    if (nr != 0 && (f->dim > SIZE_MAX / nr || capacity < nr * f->dim))
        return asel_error(ACCELSEL_EINVAL, FN ": capacity %zu is below %zu rows x %zu features",
                          capacity, nr, f->dim);
    bound_input *b = NULL;
    int rc = asel_alloc_array(&b, f->n_inputs, sizeof *b);
    if (rc != 0)
        return rc;
    if ((rc = bind_inputs(f, ds, b)) == 0)
        rc = write_rows(f, ds, b, matrix, n_rows_out, row_index_out);
    for (size_t i = 0; i < f->n_inputs; i++)
        asel_free(b[i].level_map);
    asel_free(b);
    if (rc != 0)
        *n_rows_out = 0;
    return rc;
}

ACCELSEL_API int accelsel_features_inverse(const accelsel_features *f, const double *x,
                                           size_t n_rows, double *out, size_t capacity)
{
    if (f == NULL || x == NULL || out == NULL)
        return asel_einval("accelsel_features_inverse", f == NULL ? "f" : x == NULL ? "x" : "out");
    if (n_rows != 0 && (f->n_inputs > SIZE_MAX / n_rows || capacity < n_rows * f->n_inputs))
        return asel_error(ACCELSEL_EINVAL,
                          "accelsel_features_inverse: capacity %zu is below %zu rows x %zu inputs",
                          capacity, n_rows, f->n_inputs);
    for (size_t r = 0; r < n_rows; r++)
        for (size_t i = 0; i < f->n_inputs; i++) {
            const asel_feat_input *in = &f->in[i];
            double v = NAN;
            if (in->type == ACCELSEL_COLUMN_NUMERIC) {
                v = x[r * f->dim + in->first] * in->scale + in->center;
                if (asel_feat_is_log(in->transform))
                    v = pow(10.0, v);
            }
            out[r * f->n_inputs + i] = v;
        }
    return 0;
}
