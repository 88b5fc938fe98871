/* Cells of a step-measurement file: their values, and errors that point at
 * them (data/csv_cell.h). */
#include <stdarg.h>
#include <string.h>

#include "core/buf.h"
#include "core/error.h"
#include "data/csv_cell.h"
#include "perf/steps.h"

int asel_steps_raise(const asel_steps_load *l, int code, size_t row, size_t col,
                     const char *fmt, ...)
{
    asel_csv_text t = {l->data, l->len, l->max_field_len, l->source};
    va_list ap;
    va_start(ap, fmt);
    int rc = asel_csv_cell_verror(&t, l->ds, code, row, col, fmt, ap);
    va_end(ap);
    return rc;
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
