/* Cells of a step-measurement file: their values, and errors that point at
 * them. The dataset keeps each row's line but not where a field starts in
 * it, so a failing cell's column is found again with the tokenizer, once,
 * on the way out. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/buf.h"
#include "core/csv_tok.h"
#include "core/error.h"
#include "perf/steps.h"

/* Byte offset of field @p col of data row @p row (record row + 1): 0 with
 * *off set, ACCELSEL_ENOMEM, or ACCELSEL_ENOTFOUND if the input has no such
 * field (it has: the dataset was read from it). */
static int cell_offset(const asel_steps_load *l, size_t row, size_t col, size_t *off)
{
    asel_csv_tok t;
    asel_csv_field f;
    size_t rec = 0, field = 0;
    int rc;
    asel_csv_init(&t, l->data, l->len, ',', l->max_field_len);
    while ((rc = asel_csv_next(&t, &f)) == 1) {
        if (rec == row + 1 && field == col) {
            *off = f.offset;
            break;
        }
        if (f.last) {
            rec++;
            field = 0;
        } else {
            field++;
        }
    }
    asel_csv_release(&t);
    return rc == 1 ? 0 : rc == ACCELSEL_ENOMEM ? rc : ACCELSEL_ENOTFOUND;
}

int asel_steps_raise(const asel_steps_load *l, int code, size_t row, size_t col,
                     const char *fmt, ...)
{
    char what[ASEL_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    size_t off, line = accelsel_dataset_row_line(l->ds, row), column = 1;
    int rc = cell_offset(l, row, col, &off);
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    if (rc == 0)
        asel_csv_position(l->data, l->len, off, &line, &column);
    return asel_error_at(code, l->source, (uint32_t)line, (uint32_t)column, "column '%s': %s",
                         accelsel_dataset_column_name(l->ds, col), what);
}

int asel_steps_number(const asel_steps_load *l, size_t row, int role, double *v)
{
    size_t col = l->col[role];
    if (accelsel_dataset_is_missing(l->ds, row, col))
        return asel_steps_raise(l, ACCELSEL_EPARSE, row, col, "missing value");
    if (accelsel_dataset_column_type(l->ds, col) == ACCELSEL_COLUMN_NUMERIC) {
        *v = accelsel_dataset_number(l->ds, row, col);
        return 0;
    }
    /* Text elsewhere in the column made it categorical: this cell may still
     * be a number. */
    const char *s = accelsel_dataset_string(l->ds, row, col);
    if (asel_parse_double(s, strlen(s), v) != 0)
        return asel_steps_raise(l, ACCELSEL_EPARSE, row, col, "'%.*s%s' is not a number",
                                ASEL_QUOTE_MAX, s, asel_ellipsis(s));
    return 0;
}

const char *asel_steps_text(const asel_steps_load *l, size_t row, int role)
{
    size_t col = l->col[role];
    const char *s = accelsel_dataset_string(l->ds, row, col);
    if (s == NULL)
        asel_steps_raise(l, ACCELSEL_EPARSE, row, col, "missing value");
    return s;
}
