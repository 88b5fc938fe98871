/* Row filters: equality and inclusive numeric ranges. Each collects the
 * matching row indices, then copies those rows into a new dataset. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "data/filter.h"

static int check_common(const char *fn, accelsel_dataset **out, const accelsel_dataset *ds,
                        const char *column)
{
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (column == NULL)
        return asel_einval(fn, "column");
    return 0;
}

/* Keep the rows for which @p keep says yes. */
static int keep_rows(accelsel_dataset **out, const accelsel_dataset *ds,
                     int (*keep)(const asel_column *c, size_t row, const void *arg),
                     const asel_column *c, const void *arg)
{
    size_t *rows = asel_reallocarray(NULL, ds->n_rows, sizeof *rows);
    if (rows == NULL)
        return asel_enomem();
    size_t n = 0;
    for (size_t i = 0; i < ds->n_rows; i++)
        if (keep(c, i, arg))
            rows[n++] = i;
    int rc = asel_ds_take_rows(out, ds, rows, n);
    asel_free(rows);
    return rc;
}

static int code_is(const asel_column *c, size_t row, const void *arg)
{
    return c->codes[row] == *(const int32_t *)arg;
}

static int value_in(const asel_column *c, size_t row, const void *arg)
{
    const double *bounds = arg;
    return c->num[row] >= bounds[0] && c->num[row] <= bounds[1]; /* false for NaN */
}

int asel_filter_equal(accelsel_dataset **out, const accelsel_dataset *ds, const char *fn,
                      size_t col, const char *value)
{
    const asel_column *c = &ds->cols[col];
    if (c->type == ACCELSEL_COLUMN_CATEGORICAL) {
        /* A value that is no level matches nothing: code -2 is never stored. */
        int32_t code = asel_levels_find(&c->levels, value, strlen(value));
        code = code < 0 ? -2 : code;
        return keep_rows(out, ds, code_is, c, &code);
    }
    double v;
    int rc = asel_parse_double(value, strlen(value), &v);
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    if (rc == ACCELSEL_ERANGE)
        return asel_error(rc, "%s: '%.*s%s' overflows a double (column '%s' is numeric)", fn,
                          ASEL_QUOTE_MAX, value, asel_ellipsis(value), c->name);
    if (rc != 0)
        return asel_error(ACCELSEL_EINVAL, "%s: '%.*s%s' is not a number (column '%s' is numeric)",
                          fn, ASEL_QUOTE_MAX, value, asel_ellipsis(value), c->name);
    double bounds[2] = {v, v};
    return keep_rows(out, ds, value_in, c, bounds);
}

int asel_filter_range(accelsel_dataset **out, const accelsel_dataset *ds, const char *fn,
                      size_t col, double min, double max)
{
    const asel_column *c = &ds->cols[col];
    if (c->type != ACCELSEL_COLUMN_NUMERIC)
        return asel_ds_not_numeric(ds, col, fn, "a range needs a numeric one");
    if (isnan(min) || isnan(max) || min > max)
        return asel_error(ACCELSEL_EINVAL, "%s: invalid range [%g, %g] for column '%s'", fn, min,
                          max, c->name);
    double bounds[2] = {min, max};
    return keep_rows(out, ds, value_in, c, bounds);
}

ACCELSEL_API int accelsel_dataset_filter_equal(accelsel_dataset **out, const accelsel_dataset *ds,
                                               const char *column, const char *value)
{
    static const char fn[] = "accelsel_dataset_filter_equal";
    int rc = check_common(fn, out, ds, column);
    if (rc != 0)
        return rc;
    if (value == NULL)
        return asel_einval(fn, "value");
    size_t col;
    if ((rc = asel_ds_find(ds, fn, column, &col)) != 0)
        return rc;
    return asel_filter_equal(out, ds, fn, col, value);
}

ACCELSEL_API int accelsel_dataset_filter_range(accelsel_dataset **out, const accelsel_dataset *ds,
                                               const char *column, double min, double max)
{
    static const char fn[] = "accelsel_dataset_filter_range";
    int rc = check_common(fn, out, ds, column);
    if (rc != 0)
        return rc;
    size_t col;
    if ((rc = asel_ds_find(ds, fn, column, &col)) != 0)
        return rc;
    return asel_filter_range(out, ds, fn, col, min, max);
}
