/* Errors at one cell of a dataset read from CSV text (data/csv_cell.h). */
#include <stdio.h>

#include "core/csv_tok.h"
#include "core/error.h"
#include "data/csv_cell.h"

/* Byte offset of field @p col of data row @p row (record row + 1): 0 with
 * *off set, ACCELSEL_ENOMEM, or ACCELSEL_ENOTFOUND if the input has no such
 * field. */
static int cell_offset(const asel_csv_text *t, size_t row, size_t col, size_t *off)
{
    asel_csv_tok tok;
    asel_csv_field f;
    size_t rec = 0, field = 0;
    int rc;
    asel_csv_init(&tok, t->data, t->len, ',', t->max_field_len);
    while ((rc = asel_csv_next(&tok, &f)) == 1) {
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
    asel_csv_release(&tok);
    return rc == 1 ? 0 : rc == ACCELSEL_ENOMEM ? rc : ACCELSEL_ENOTFOUND;
}

int asel_csv_cell_verror(const asel_csv_text *t, const accelsel_dataset *ds, int code,
                         size_t row, size_t col, const char *fmt, va_list ap)
{
    char what[ASEL_MSG_MAX];
    vsnprintf(what, sizeof what, fmt, ap);
    size_t off, line = accelsel_dataset_row_line(ds, row), column = 1;
    int rc = cell_offset(t, row, col, &off);
    if (rc == ACCELSEL_ENOMEM)
        return asel_enomem();
    if (rc == 0)
        asel_csv_position(t->data, t->len, off, &line, &column);
    return asel_error_at(code, t->source, (uint32_t)line, (uint32_t)column, "column '%s': %s",
                         accelsel_dataset_column_name(ds, col), what);
}

int asel_csv_cell_error(const asel_csv_text *t, const accelsel_dataset *ds, int code, size_t row,
                        size_t col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = asel_csv_cell_verror(t, ds, code, row, col, fmt, ap);
    va_end(ap);
    return rc;
}
