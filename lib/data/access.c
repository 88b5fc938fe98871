/* Reading cells and levels. These getters answer "absent" (NULL, NaN, 0)
 * rather than failing, as the header documents, except where a status is
 * part of the contract. */
#include <math.h>

#include "core/error.h"
#include "data/table.h"

static const asel_column *column(const accelsel_dataset *ds, size_t col, int type)
{
    if (ds == NULL || col >= ds->n_cols || ds->cols[col].type != type)
        return NULL;
    return &ds->cols[col];
}

ACCELSEL_API const double *accelsel_dataset_numeric(const accelsel_dataset *ds, size_t col)
{
    const asel_column *c = column(ds, col, ACCELSEL_COLUMN_NUMERIC);
    return c == NULL ? NULL : c->num;
}

ACCELSEL_API double accelsel_dataset_number(const accelsel_dataset *ds, size_t row, size_t col)
{
    const asel_column *c = column(ds, col, ACCELSEL_COLUMN_NUMERIC);
    return c == NULL || row >= ds->n_rows ? NAN : c->num[row];
}

ACCELSEL_API const char *accelsel_dataset_string(const accelsel_dataset *ds, size_t row,
                                                 size_t col)
{
    const asel_column *c = column(ds, col, ACCELSEL_COLUMN_CATEGORICAL);
    if (c == NULL || row >= ds->n_rows || c->codes[row] < 0)
        return NULL;
    return asel_levels_get(&c->levels, (size_t)c->codes[row]);
}

ACCELSEL_API int accelsel_dataset_is_missing(const accelsel_dataset *ds, size_t row, size_t col)
{
    static const char fn[] = "accelsel_dataset_is_missing";
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (row >= ds->n_rows || col >= ds->n_cols)
        return asel_error(ACCELSEL_EINVAL, "%s: cell (%zu, %zu) out of range (%zu x %zu)", fn, row,
                          col, ds->n_rows, ds->n_cols);
    const asel_column *c = &ds->cols[col];
    return c->type == ACCELSEL_COLUMN_NUMERIC ? isnan(c->num[row]) != 0 : c->codes[row] < 0;
}

ACCELSEL_API size_t accelsel_dataset_levels(const accelsel_dataset *ds, size_t col)
{
    const asel_column *c = column(ds, col, ACCELSEL_COLUMN_CATEGORICAL);
    return c == NULL ? 0 : c->levels.n;
}

ACCELSEL_API const char *accelsel_dataset_level(const accelsel_dataset *ds, size_t col,
                                                size_t level)
{
    const asel_column *c = column(ds, col, ACCELSEL_COLUMN_CATEGORICAL);
    return c == NULL || level >= c->levels.n ? NULL : asel_levels_get(&c->levels, level);
}

/* ACCELSEL_EINVAL is -1, the code of a missing cell, so failures here use
 * statuses below -1. */
ACCELSEL_API int64_t accelsel_dataset_code(const accelsel_dataset *ds, size_t row, size_t col)
{
    static const char fn[] = "accelsel_dataset_code";
    if (ds == NULL)
        return asel_error(ACCELSEL_ERANGE, "%s: ds is NULL", fn);
    if (row >= ds->n_rows || col >= ds->n_cols)
        return asel_error(ACCELSEL_ERANGE, "%s: cell (%zu, %zu) out of range (%zu x %zu)", fn, row,
                          col, ds->n_rows, ds->n_cols);
    const asel_column *c = &ds->cols[col];
    if (c->type != ACCELSEL_COLUMN_CATEGORICAL)
        return asel_error(ACCELSEL_ETYPE, "%s: column '%s' is numeric", fn, c->name);
    return c->codes[row];
}
