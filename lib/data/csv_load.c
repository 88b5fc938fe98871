/* Reading CSV into a dataset: one pass over the input, each field parsed in
 * place (no per-field allocation), column arrays grown geometrically. A
 * column stays numeric while every value is an unquoted number or missing. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "data/cell.h"
#include "data/csv_load.h"

static uint32_t clamp32(size_t v)
{
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static int grow(void *arrayp, size_t cap, size_t size)
{
    void *p;
    memcpy(&p, arrayp, sizeof p);
    void *q = asel_reallocarray(p, cap, size);
    if (q == NULL)
        return asel_enomem();
    memcpy(arrayp, &q, sizeof q);
    return 0;
}

int asel_csv_reserve_row(asel_csv_load *L)
{
    if (L->ds->n_rows < L->cap_rows)
        return 0;
    size_t cap = L->cap_rows * 2;
    if (grow(&L->row_off, cap, sizeof *L->row_off) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < L->ds->n_cols; i++) {
        asel_column *c = &L->ds->cols[i];
        int rc = c->type == ACCELSEL_COLUMN_NUMERIC ? grow(&c->num, cap, sizeof *c->num)
                                                    : grow(&c->codes, cap, sizeof *c->codes);
        if (rc != 0)
            return rc;
    }
    L->cap_rows = cap;
    return 0;
}

static void note_overflow(asel_csv_load *L, size_t col, const asel_csv_field *f)
{
    asel_csv_overflow *o = &L->overflow[col];
    if (o->seen)
        return;
    o->seen = 1;
    o->offset = (size_t)((const unsigned char *)f->text - L->tok.base);
    o->line = f->line;
    o->column = f->column;
}

static int put_field(asel_csv_load *L, size_t col, const asel_csv_field *f)
{
    asel_column *c = &L->ds->cols[col];
    size_t row = L->ds->n_rows;
    if (c->type == ACCELSEL_COLUMN_NUMERIC) {
        if (!f->quoted) {
            double v;
            int rc = asel_parse_double(f->text, f->len, &v);
            if (rc == 0) {
                c->num[row] = v;
                return 0;
            }
            if (asel_missing_token(f->text, f->len) || rc == ACCELSEL_ERANGE) {
                if (rc == ACCELSEL_ERANGE)
                    note_overflow(L, col, f);
                c->num[row] = NAN;
                return 0;
            }
            if (rc == ACCELSEL_ENOMEM)
                return asel_enomem();
        }
        int rc = asel_csv_to_categorical(L, col);
        if (rc != 0)
            return rc;
    }
    return asel_csv_put_text(c, row, f);
}

static int ragged(const asel_csv_load *L, const asel_csv_field *first, size_t got)
{
    return asel_error_at(ACCELSEL_EPARSE, L->source, clamp32(first->line), clamp32(first->column),
                         "row has %zu field%s, the header %zu", got, got == 1 ? "" : "s",
                         L->ds->n_cols);
}

/* One record whose first field is @p f. */
static int read_row(asel_csv_load *L, asel_csv_field *f)
{
    asel_csv_field first = *f;
    size_t n_cols = L->ds->n_cols, col = 0;
    for (;;) {
        int rc = put_field(L, col++, f);
        if (rc != 0)
            return rc;
        if (f->last)
            break;
        if ((rc = asel_csv_next(&L->tok, f)) < 0)
            return rc;
        if (col == n_cols)
            return asel_error_at(ACCELSEL_EPARSE, L->source, clamp32(f->line), clamp32(f->column),
                                 "row has more fields than the header's %zu", n_cols);
    }
    if (col < n_cols)
        return ragged(L, &first, col);
    L->ds->n_rows++;
    return 0;
}

static int read_rows(asel_csv_load *L)
{
    for (;;) {
        size_t off = asel_csv_offset(&L->tok);
        asel_csv_field f;
        int rc = asel_csv_next(&L->tok, &f);
        if (rc <= 0)
            return rc;
        /* A blank line cannot be a row of several fields: at the end it is
         * only trailing line breaks. In a one-column file it is a missing value. */
        if (f.blank && L->ds->n_cols > 1 && asel_csv_blank_tail(&L->tok))
            return 0;
        if ((rc = asel_csv_reserve_row(L)) != 0)
            return rc;
        L->row_off[L->ds->n_rows] = off;
        if ((rc = read_row(L, &f)) != 0)
            return rc;
    }
}

/* A number too large for a double is an error only in a column that ends
 * numeric; report the first such place in the input. */
static int check_overflow(const asel_csv_load *L)
{
    const asel_csv_overflow *first = NULL;
    size_t first_col = 0;
    for (size_t i = 0; i < L->ds->n_cols; i++) {
        const asel_csv_overflow *o = &L->overflow[i];
        if (o->seen && (first == NULL || o->offset < first->offset)) {
            first = o;
            first_col = i;
        }
    }
    if (first == NULL)
        return 0;
    return asel_error_at(ACCELSEL_ERANGE, L->source, clamp32(first->line), clamp32(first->column),
                         "number too large for a double in numeric column '%s'",
                         L->ds->cols[first_col].name);
}

int asel_csv_parse(accelsel_dataset **out, const char *data, size_t len,
                   const accelsel_csv_options *opts, const char *source)
{
    accelsel_csv_options defaults = ACCELSEL_CSV_OPTIONS_INIT;
    const accelsel_csv_options *o = opts != NULL ? opts : &defaults;
    asel_csv_load L = {0};
    L.data = data;
    L.len = len;
    L.source = source;
    L.delim = (unsigned char)o->delimiter;
    asel_csv_init(&L.tok, data, len, L.delim, o->max_field_len, source);
    int rc = asel_ds_create(&L.ds, 0);
    if (rc == 0)
        rc = asel_csv_read_header(&L, o->categorical, (size_t)o->n_categorical);
    if (rc == 0)
        rc = asel_alloc_array(&L.row_off, L.cap_rows, sizeof *L.row_off);
    if (rc == 0)
        rc = read_rows(&L);
    if (rc == 0)
        rc = check_overflow(&L);
    asel_csv_release(&L.tok);
    asel_free(L.row_off);
    asel_free(L.overflow);
    if (rc != 0) {
        accelsel_dataset_free(L.ds);
        return rc;
    }
    *out = L.ds;
    return 0;
}

ACCELSEL_API int accelsel_dataset_load_csv_buffer(accelsel_dataset **out, const char *data,
                                                  size_t len, const accelsel_csv_options *opts)
{
    static const char fn[] = "accelsel_dataset_load_csv_buffer";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (data == NULL && len != 0)
        return asel_einval(fn, "data");
    int rc = opts != NULL ? asel_csv_options_check(opts, fn) : 0;
    if (rc != 0)
        return rc;
    return asel_csv_parse(out, data != NULL ? data : "", len, opts, "<buffer>");
}

ACCELSEL_API int accelsel_dataset_load_csv(accelsel_dataset **out, const char *path,
                                           const accelsel_csv_options *opts)
{
    static const char fn[] = "accelsel_dataset_load_csv";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (path == NULL)
        return asel_einval(fn, "path");
    int rc = opts != NULL ? asel_csv_options_check(opts, fn) : 0;
    if (rc != 0)
        return rc;
    char *data;
    size_t len;
    if ((rc = asel_read_file(path, &data, &len)) != 0)
        return rc;
    rc = asel_csv_parse(out, data, len, opts, path);
    asel_free(data);
    return rc;
}
