/* The header record of a CSV input: column names and initial types. */
#include <stdint.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/csv_load.h"

enum { FIRST_ROWS = 64 };

static uint32_t clamp32(size_t v)
{
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static int fail(const asel_csv_load *L, const asel_csv_field *f, const char *what, size_t col)
{
    return asel_error_at(ACCELSEL_EPARSE, L->source, clamp32(f->line), clamp32(f->column),
                         "%s (header field %zu)", what, col + 1);
}

static int add_column(asel_csv_load *L, const asel_csv_field *f)
{
    asel_column c = {0};
    c.type = ACCELSEL_COLUMN_NUMERIC;
    c.name = asel_strndup(f->text, f->len);
    c.num = asel_reallocarray(NULL, L->cap_rows, sizeof *c.num);
    int rc = c.name != NULL && c.num != NULL ? asel_ds_put(L->ds, &c) : asel_enomem();
    if (rc != 0)
        asel_column_clear(&c);
    return rc;
}

/* Names must be unique: a hash set of the names seen finds repeats in one pass. */
static int read_names(asel_csv_load *L, asel_levels *seen)
{
    asel_csv_field f;
    int rc = asel_csv_next(&L->tok, &f);
    if (rc == 0)
        return asel_error_at(ACCELSEL_EPARSE, L->source, 1, 1, "no header: the input is empty");
    for (size_t col = 0; rc == 1; col++) {
        if (f.len == 0)
            return fail(L, &f, "empty column name", col);
        int32_t code;
        size_t before = seen->n;
        if ((rc = asel_levels_intern(seen, f.text, f.len, &code)) != 0)
            return rc;
        if (seen->n == before)
            return fail(L, &f, "duplicate column name", col);
        if ((rc = add_column(L, &f)) != 0 || f.last)
            return rc;
        rc = asel_csv_next(&L->tok, &f);
    }
    return rc;
}

static int force_categorical(asel_csv_load *L, const char *name)
{
    size_t col;
    int rc = asel_ds_find(L->ds, "accelsel_csv_options.categorical", name, &col);
    if (rc != 0)
        return rc;
    asel_column *c = &L->ds->cols[col];
    if (c->type == ACCELSEL_COLUMN_CATEGORICAL)
        return 0;
    int32_t *codes = asel_reallocarray(NULL, L->cap_rows, sizeof *codes);
    if (codes == NULL)
        return asel_enomem();
    asel_free(c->num);
    c->num = NULL;
    c->codes = codes;
    c->type = ACCELSEL_COLUMN_CATEGORICAL;
    return 0;
}

int asel_csv_read_header(asel_csv_load *L, const char *const *categorical, size_t n_categorical)
{
    L->cap_rows = FIRST_ROWS;
    asel_levels seen = ASEL_LEVELS_INIT;
    int rc = read_names(L, &seen);
    asel_levels_free(&seen);
    if (rc != 0)
        return rc;
    L->overflow = asel_calloc(L->ds->n_cols, sizeof *L->overflow);
    if (L->overflow == NULL)
        return asel_enomem();
    for (size_t i = 0; i < n_categorical && rc == 0; i++)
        rc = force_categorical(L, categorical[i]);
    return rc;
}
