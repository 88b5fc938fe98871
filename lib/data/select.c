/* Subsets by index: rows, columns, and numeric columns as a matrix. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"

ACCELSEL_API int accelsel_dataset_select_rows(accelsel_dataset **out, const accelsel_dataset *ds,
                                              const size_t *rows, size_t n)
{
    static const char fn[] = "accelsel_dataset_select_rows";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (rows == NULL && n != 0)
        return asel_einval(fn, "rows");
    for (size_t i = 0; i < n; i++)
        if (rows[i] >= ds->n_rows)
            return asel_error(ACCELSEL_EINVAL, "%s: rows[%zu] = %zu out of range (%zu rows)", fn,
                              i, rows[i], ds->n_rows);
    return asel_ds_take_rows(out, ds, rows, n);
}

static int copy_values(asel_column *dst, const asel_column *src, size_t n)
{
    if (src->type == ACCELSEL_COLUMN_NUMERIC) {
        if ((dst->num = asel_reallocarray(NULL, n, sizeof *dst->num)) == NULL)
            return asel_enomem();
        if (n != 0)
            memcpy(dst->num, src->num, n * sizeof *dst->num);
        return 0;
    }
    if ((dst->codes = asel_reallocarray(NULL, n, sizeof *dst->codes)) == NULL)
        return asel_enomem();
    if (n != 0)
        memcpy(dst->codes, src->codes, n * sizeof *dst->codes);
    return asel_levels_copy(&dst->levels, &src->levels);
}

static int copy_column(accelsel_dataset *dst, const asel_column *src)
{
    asel_column c = {0};
    c.type = src->type;
    c.name = asel_strdup(src->name);
    int rc = c.name != NULL ? copy_values(&c, src, dst->n_rows) : asel_enomem();
    if (rc == 0)
        rc = asel_ds_put(dst, &c);
    if (rc != 0)
        asel_column_clear(&c);
    return rc;
}

static int check_columns(const char *fn, const accelsel_dataset *ds, const size_t *cols, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (cols[i] >= ds->n_cols)
            return asel_error(ACCELSEL_EINVAL, "%s: cols[%zu] = %zu out of range (%zu columns)", fn,
                              i, cols[i], ds->n_cols);
        for (size_t k = 0; k < i; k++)
            if (cols[k] == cols[i])
                return asel_error(ACCELSEL_EINVAL, "%s: column '%s' selected twice", fn,
                                  ds->cols[cols[i]].name);
    }
    return 0;
}

ACCELSEL_API int accelsel_dataset_select_columns(accelsel_dataset **out,
                                                 const accelsel_dataset *ds, const size_t *cols,
                                                 size_t n)
{
    static const char fn[] = "accelsel_dataset_select_columns";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (cols == NULL && n != 0)
        return asel_einval(fn, "cols");
    int rc = check_columns(fn, ds, cols, n);
    accelsel_dataset *res = NULL;
    if (rc == 0)
        rc = asel_ds_create(&res, ds->n_rows);
    if (rc == 0)
        rc = asel_ds_copy_origin(res, ds, NULL);
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = copy_column(res, &ds->cols[cols[i]]);
    if (rc != 0) {
        accelsel_dataset_free(res);
        return rc;
    }
    *out = res;
    return 0;
}

ACCELSEL_API int accelsel_dataset_to_matrix(const accelsel_dataset *ds, const size_t *cols,
                                            size_t n_cols, double *matrix, size_t capacity)
{
    static const char fn[] = "accelsel_dataset_to_matrix";
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (cols == NULL && n_cols != 0)
        return asel_einval(fn, "cols");
    if (matrix == NULL && ds->n_rows != 0 && n_cols != 0)
        return asel_einval(fn, "matrix");
    if (n_cols != 0 && (ds->n_rows > SIZE_MAX / n_cols || capacity < ds->n_rows * n_cols))
        return asel_error(ACCELSEL_EINVAL, "%s: capacity %zu < %zu rows x %zu columns", fn,
                          capacity, ds->n_rows, n_cols);
    for (size_t j = 0; j < n_cols; j++) {
        if (cols[j] >= ds->n_cols)
            return asel_error(ACCELSEL_EINVAL, "%s: cols[%zu] = %zu out of range (%zu columns)", fn,
                              j, cols[j], ds->n_cols);
        if (ds->cols[cols[j]].type != ACCELSEL_COLUMN_NUMERIC)
            return asel_error(ACCELSEL_ETYPE, "%s: column '%s' is categorical", fn,
                              ds->cols[cols[j]].name);
    }
    for (size_t j = 0; j < n_cols; j++) {
        const double *v = ds->cols[cols[j]].num;
        for (size_t i = 0; i < ds->n_rows; i++)
            matrix[i * n_cols + j] = v[i];
    }
    return 0;
}
