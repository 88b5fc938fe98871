/* Parsing one part of a CSV body: one pass, each field parsed in place (no
 * per-field allocation), column arrays grown geometrically. A column stays
 * numeric while every value (quoted or not) is a number or missing. Failures are
 * kept in the part and reported by the caller: parts may run on worker
 * threads, whose error records the caller never sees. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/numparse.h"
#include "data/cell.h"
#include "data/csv_load.h"

static int fail(asel_csv_part *part, int rc, size_t offset, const char *what)
{
    part->rc = rc;
    part->err_offset = offset;
    snprintf(part->err, sizeof part->err, "%s", what);
    return rc;
}

static int no_memory(asel_csv_part *part)
{
    return fail(part, ACCELSEL_ENOMEM, SIZE_MAX, "out of memory");
}

static int grow(void *arrayp, size_t cap, size_t size)
{
    void *p;
    memcpy(&p, arrayp, sizeof p);
    void *q = asel_reallocarray(p, cap, size);
    if (q == NULL)
        return ACCELSEL_ENOMEM;
    memcpy(arrayp, &q, sizeof q);
    return 0;
}

/* Capacity for the rows after part->n_rows, @p read bytes into the part:
 * double, or at once the rows that the whole part likely holds at the bytes
 * per row so far, and an eighth more. Large arrays are then seldom moved,
 * and moves that copy fault in fresh pages twice over. Never more rows than
 * the part can hold: k rows of n fields take at least k n - 1 bytes (empty
 * fields, a delimiter or line end between each two), so a wide header does
 * not make every column reserve rows that cannot come (two million columns
 * once reserved a gigabyte for a 16 MB input). */
static size_t next_capacity(const asel_csv_part *part, size_t read)
{
    size_t bytes = part->end - part->begin, n_cols = part->in->n_cols ? part->in->n_cols : 1;
    size_t most = (bytes + 1) / n_cols + 1;
    size_t cap = part->cap_rows ? part->cap_rows * 2 : 64;
    if (part->n_rows > 0 && read > 0) {
        double likely = (double)part->n_rows * (double)bytes / (double)read * 1.125;
        cap = likely > (double)cap && likely < (double)most ? (size_t)likely : cap;
    }
    cap = cap < most ? cap : most;
    return cap > part->n_rows ? cap : part->n_rows + 1;
}

/* Room for row part->n_rows in every column, @p read bytes into the part. */
static int reserve_row(asel_csv_part *part, size_t read)
{
    if (part->n_rows < part->cap_rows)
        return 0;
    size_t cap = next_capacity(part, read);
    if (grow(&part->starts, cap, sizeof *part->starts) != 0)
        return no_memory(part);
    for (size_t j = 0; j < part->in->n_cols; j++) {
        asel_column *c = &part->cols[j];
        int rc = c->type == ACCELSEL_COLUMN_NUMERIC ? grow(&c->num, cap, sizeof *c->num)
                                                    : grow(&c->codes, cap, sizeof *c->codes);
        if (rc != 0)
            return no_memory(part);
    }
    part->cap_rows = cap;
    return 0;
}

int asel_csv_is_missing(const asel_csv_input *in, const char *s, size_t len)
{
    return asel_missing_token(s, len) ||
           (in->missing_set != NULL && asel_levels_find(in->missing_set, s, len) >= 0);
}

int asel_csv_put_text(const asel_csv_input *in, asel_column *c, size_t row,
                      const asel_csv_field *f)
{
    if (asel_csv_is_missing(in, f->text, f->len)) {
        c->codes[row] = -1;
        return 0;
    }
    return asel_levels_intern(&c->levels, f->text, f->len, &c->codes[row]);
}

static int put_text(asel_csv_part *part, asel_column *c, size_t row, const asel_csv_field *f)
{
    int rc = asel_csv_put_text(part->in, c, row, f);
    if (rc == ACCELSEL_ERANGE)
        return fail(part, rc, f->offset, "more than 2147483647 distinct values in a column");
    return rc != 0 ? no_memory(part) : 0;
}

static int put_field(asel_csv_part *part, size_t col, const asel_csv_field *f)
{
    asel_column *c = &part->cols[col];
    size_t row = part->n_rows;
    if (c->type == ACCELSEL_COLUMN_NUMERIC) {
        int rc = asel_parse_double(f->text, f->len, &c->num[row]);
        if (rc == 0) {
            if (part->in->missing_numeric && asel_csv_is_missing(part->in, f->text, f->len))
                c->num[row] = NAN;
            return 0;
        }
        if (rc == ACCELSEL_ERANGE && !part->overflow[col].seen)
            part->overflow[col] = (asel_csv_overflow){1, f->offset};
        if (rc == ACCELSEL_ERANGE || asel_csv_is_missing(part->in, f->text, f->len)) {
            c->num[row] = NAN;
            return 0;
        }
        if (rc == ACCELSEL_ENOMEM)
            return no_memory(part);
        if (asel_csv_part_to_categorical(part, col) != 0)
            return part->rc;
    }
    return put_text(part, c, row, f);
}

static int tok_fail(asel_csv_part *part, const asel_csv_tok *t, int rc)
{
    return rc == ACCELSEL_ENOMEM ? no_memory(part) : fail(part, rc, t->err_offset, t->err_what);
}

/* The record at the tokenizer's position (not the end of the part) into row
 * part->n_rows: 1, 0 if it is only the line ends that end the input, or a
 * status with the part's error set. @p fast: numbers may be read where they
 * start, as no number holds the delimiter. */
static int read_row(asel_csv_part *part, asel_csv_tok *t, int fast)
{
    size_t n_cols = part->in->n_cols, col = 0, start = asel_csv_offset(t);
    asel_csv_field f;
    char msg[96];
    do {
        asel_column *c = &part->cols[col];
        int rc = fast && col < n_cols && c->type == ACCELSEL_COLUMN_NUMERIC
                     ? asel_csv_next_number(t, &f, &c->num[part->n_rows])
                     : 0;
        if (rc > 0)
            continue;
        if (rc == 0)
            rc = asel_csv_next(t, &f);
        if (rc < 0)
            return tok_fail(part, t, rc);
        /* A blank line cannot be a row of several fields: at the end it is
         * only trailing line breaks. In a one-column file it is a missing value. */
        if (f.blank && n_cols > 1 && asel_csv_blank_tail(t))
            return 0;
        if (col == n_cols) {
            snprintf(msg, sizeof msg, "row has more fields than the header's %zu", n_cols);
            return fail(part, ACCELSEL_EPARSE, f.offset, msg);
        }
        if (put_field(part, col, &f) != 0)
            return part->rc;
    } while (col++, !f.last);
    if (col < n_cols) {
        snprintf(msg, sizeof msg, "row has %zu field%s, the header %zu", col, col == 1 ? "" : "s",
                 n_cols);
        return fail(part, ACCELSEL_EPARSE, start, msg);
    }
    part->n_rows++;
    return 1;
}

static void read_rows(asel_csv_part *part, asel_csv_tok *t)
{
    /* A spelling of missing that reads as a number must be looked up. */
    int fast = !asel_number_byte(part->in->delim) && !part->in->missing_numeric;
    size_t at;
    while ((at = asel_csv_offset(t)) != part->end) {
        if (reserve_row(part, at - part->begin) != 0)
            return;
        part->starts[part->n_rows] = at;
        if (read_row(part, t, fast) <= 0)
            return;
    }
}

void asel_csv_part_parse(asel_csv_part *part)
{
    const asel_csv_input *in = part->in;
    part->cols = asel_calloc(in->n_cols, sizeof *part->cols);
    part->overflow = asel_calloc(in->n_cols, sizeof *part->overflow);
    if (part->cols == NULL || part->overflow == NULL) {
        no_memory(part);
        return;
    }
    for (size_t j = 0; j < in->n_cols; j++)
        part->cols[j].type = in->types[j];
    asel_csv_tok t;
    asel_csv_init(&t, in->data, in->len, in->delim, in->max_field_len);
    asel_csv_range(&t, part->begin, part->end);
    read_rows(part, &t);
    asel_csv_release(&t);
    if (part->rc == 0)
        asel_csv_part_finish_text(part);
}

void asel_csv_part_free(asel_csv_part *part)
{
    for (size_t j = 0; part->cols != NULL && j < part->in->n_cols; j++)
        asel_column_clear(&part->cols[j]);
    asel_free(part->cols);
    asel_free(part->overflow);
    asel_free(part->pending);
    asel_free(part->starts);
    part->starts = NULL;
    part->cols = NULL;
    part->overflow = NULL;
    part->pending = NULL;
}
