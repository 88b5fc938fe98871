/* Dataset life cycle and column bookkeeping. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"

int asel_ds_create(accelsel_dataset **out, size_t n_rows)
{
    accelsel_dataset *ds = asel_malloc(sizeof *ds);
    if (ds == NULL)
        return asel_enomem();
    *ds = (accelsel_dataset){n_rows, 0, 0, NULL, ASEL_LEVELS_INIT, NULL, NULL};
    *out = ds;
    return 0;
}

int asel_ds_copy_origin(accelsel_dataset *dst, const accelsel_dataset *src, const size_t *rows)
{
    if (src->lines == NULL)
        return 0;
    dst->lines = asel_reallocarray(NULL, dst->n_rows ? dst->n_rows : 1, sizeof *dst->lines);
    dst->source = asel_strdup(src->source);
    if (dst->lines == NULL || dst->source == NULL)
        return asel_enomem();
    for (size_t i = 0; i < dst->n_rows; i++)
        dst->lines[i] = src->lines[rows != NULL ? rows[i] : i];
    return 0;
}

void asel_ds_row_place(const accelsel_dataset *ds, size_t row, char *buf, size_t cap)
{
    if (ds->lines != NULL)
        snprintf(buf, cap, "line %llu of %.200s", (unsigned long long)ds->lines[row], ds->source);
    else
        snprintf(buf, cap, "dataset row %zu", row);
}

int asel_ds_has_value(const accelsel_dataset *ds, size_t col)
{
    for (size_t r = 0; r < ds->n_rows; r++)
        if (accelsel_dataset_is_missing(ds, r, col) == 0)
            return 1;
    return 0;
}

/* Row of the first value of text column @p col that strtod does not read
 * whole; SIZE_MAX if every present value reads as a number. */
static size_t first_text(const accelsel_dataset *ds, size_t col)
{
    for (size_t r = 0; r < ds->n_rows; r++) {
        const char *s = accelsel_dataset_string(ds, r, col);
        char *end;
        if (s != NULL && (strtod(s, &end), end == s || *end != '\0'))
            return r;
    }
    return SIZE_MAX;
}

int asel_ds_not_numeric(const accelsel_dataset *ds, size_t col, const char *what,
                        const char *need)
{
    const char *name = ds->cols[col].name;
    size_t r = first_text(ds, col);
    if (r == SIZE_MAX)
        return asel_error(ACCELSEL_ETYPE, "%s: column '%s' is categorical; %s", what, name, need);
    char place[256];
    const char *v = accelsel_dataset_string(ds, r, col);
    asel_ds_row_place(ds, r, place, sizeof place);
    return asel_error(ACCELSEL_ETYPE, "%s: column '%s' is categorical (%s: '%.*s%s' is not a "
                      "number); %s", what, name, place, ASEL_QUOTE_MAX, v, asel_ellipsis(v), need);
}

void asel_column_clear(asel_column *c)
{
    asel_free(c->name);
    asel_free(c->num);
    asel_free(c->codes);
    asel_levels_free(&c->levels);
    memset(c, 0, sizeof *c);
}

int asel_ds_put(accelsel_dataset *ds, asel_column *c)
{
    size_t i = asel_ds_lookup(ds, c->name);
    if (i != SIZE_MAX) {
        asel_column_clear(&ds->cols[i]);
        ds->cols[i] = *c;
        return 0;
    }
    /* Room first: once the name is interned, appending cannot fail. */
    if (ds->n_cols == ds->cap_cols) {
        size_t cap = ds->cap_cols ? ds->cap_cols * 2 : 8;
        asel_column *cols = asel_reallocarray(ds->cols, cap, sizeof *cols);
        if (cols == NULL)
            return asel_enomem();
        ds->cols = cols;
        ds->cap_cols = cap;
    }
    int32_t code;
    int rc = asel_levels_intern(&ds->names, c->name, strlen(c->name), &code);
    if (rc != 0)
        return rc;
    ds->cols[ds->n_cols++] = *c;
    return 0;
}

ACCELSEL_API int accelsel_dataset_new(accelsel_dataset **out, size_t n_rows)
{
    if (out == NULL)
        return asel_einval("accelsel_dataset_new", "out");
    *out = NULL;
    return asel_ds_create(out, n_rows);
}

ACCELSEL_API void accelsel_dataset_free(accelsel_dataset *ds)
{
    if (ds == NULL)
        return;
    for (size_t i = 0; i < ds->n_cols; i++)
        asel_column_clear(&ds->cols[i]);
    asel_free(ds->cols);
    asel_levels_free(&ds->names);
    asel_free(ds->lines);
    asel_free(ds->source);
    asel_free(ds);
}

ACCELSEL_API size_t accelsel_dataset_rows(const accelsel_dataset *ds)
{
    return ds == NULL ? 0 : ds->n_rows;
}

ACCELSEL_API uint64_t accelsel_dataset_row_line(const accelsel_dataset *ds, size_t row)
{
    return ds == NULL || ds->lines == NULL || row >= ds->n_rows ? 0 : ds->lines[row];
}

ACCELSEL_API size_t accelsel_dataset_cols(const accelsel_dataset *ds)
{
    return ds == NULL ? 0 : ds->n_cols;
}

ACCELSEL_API const char *accelsel_dataset_column_name(const accelsel_dataset *ds, size_t col)
{
    return ds == NULL || col >= ds->n_cols ? NULL : ds->cols[col].name;
}

ACCELSEL_API int accelsel_dataset_column_index(const accelsel_dataset *ds, const char *name,
                                               size_t *col)
{
    static const char fn[] = "accelsel_dataset_column_index";
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (name == NULL)
        return asel_einval(fn, "name");
    if (col == NULL)
        return asel_einval(fn, "col");
    return asel_ds_find(ds, fn, name, col);
}

ACCELSEL_API int accelsel_dataset_column_type(const accelsel_dataset *ds, size_t col)
{
    if (ds == NULL)
        return asel_einval("accelsel_dataset_column_type", "ds");
    if (col >= ds->n_cols)
        return asel_error(ACCELSEL_EINVAL, "accelsel_dataset_column_type: column %zu out of range (%zu columns)",
                          col, ds->n_cols);
    return ds->cols[col].type;
}
