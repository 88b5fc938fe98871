/* The header record of a CSV input: column names and initial types. */
#include <stdint.h>
#include <stdio.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/csv_load.h"

static int add_column(accelsel_dataset *ds, const asel_csv_field *f)
{
    asel_column c = {0};
    c.type = ACCELSEL_COLUMN_NUMERIC;
    c.name = asel_strndup(f->text, f->len);
    int rc = c.name != NULL ? asel_ds_put(ds, &c) : asel_enomem();
    if (rc != 0)
        asel_column_clear(&c);
    return rc;
}

static int bad_name(const asel_csv_input *in, const asel_csv_field *f, const char *what, size_t col)
{
    char msg[64];
    snprintf(msg, sizeof msg, "%s (header field %zu)", what, col + 1);
    return asel_csv_raise(in, ACCELSEL_EPARSE, f->offset, msg);
}

/* Names must be unique: a hash set of the names seen finds repeats in one pass. */
static int read_names(const asel_csv_input *in, asel_csv_tok *t, accelsel_dataset *ds,
                      asel_levels *seen)
{
    asel_csv_field f;
    int rc = asel_csv_next(t, &f);
    if (rc == 0)
        return asel_csv_raise(in, ACCELSEL_EPARSE, asel_csv_offset(t), "no header: the input is empty");
    for (size_t col = 0; rc == 1; col++) {
        if (f.len == 0)
            return bad_name(in, &f, "empty column name", col);
        int32_t code;
        size_t before = seen->n;
        if ((rc = asel_levels_intern(seen, f.text, f.len, &code)) != 0)
            return rc;
        if (seen->n == before)
            return bad_name(in, &f, "duplicate column name", col);
        if ((rc = add_column(ds, &f)) != 0 || f.last)
            return rc;
        rc = asel_csv_next(t, &f);
    }
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    return asel_csv_raise(in, rc, t->err_offset, t->err_what);
}

static int set_types(accelsel_dataset *ds, const char *const *categorical, size_t n, int **types)
{
    int rc = asel_alloc_array(types, ds->n_cols ? ds->n_cols : 1, sizeof **types);
    for (size_t j = 0; j < ds->n_cols && rc == 0; j++)
        (*types)[j] = ACCELSEL_COLUMN_NUMERIC;
    for (size_t i = 0; i < n && rc == 0; i++) {
        size_t col;
        rc = asel_ds_find(ds, "accelsel_csv_options.categorical", categorical[i], &col);
        if (rc == 0)
            (*types)[col] = ACCELSEL_COLUMN_CATEGORICAL;
    }
    return rc;
}

int asel_csv_read_header(const asel_csv_input *in, const char *const *categorical,
                         size_t n_categorical, accelsel_dataset **ds, int **types, size_t *body)
{
    asel_csv_tok t;
    asel_csv_init(&t, in->data, in->len, in->delim, in->max_field_len);
    asel_levels seen = ASEL_LEVELS_INIT;
    *ds = NULL;
    *types = NULL;
    int rc = asel_ds_create(ds, 0);
    if (rc == 0)
        rc = read_names(in, &t, *ds, &seen);
    if (rc == 0)
        rc = set_types(*ds, categorical, n_categorical, types);
    *body = asel_csv_offset(&t);
    asel_levels_free(&seen);
    asel_csv_release(&t);
    if (rc != 0) {
        accelsel_dataset_free(*ds);
        asel_free(*types);
        *ds = NULL;
        *types = NULL;
    }
    return rc;
}
