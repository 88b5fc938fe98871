/* Errors that point at one cell of a dataset read from CSV text: its line
 * and byte column, for loaders that check rows after reading them (step
 * measurements, cloud prices). */
#ifndef ASEL_CSV_CELL_H
#define ASEL_CSV_CELL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "accelsel/dataset.h"

/* The CSV text a dataset was read from. */
typedef struct asel_csv_text {
    const char *data;
    size_t len;
    uint64_t max_field_len; /* as it was read with */
    const char *source;     /* names it in messages */
} asel_csv_text;

/* Record @p code for the cell of data row @p row, field @p col of @p ds
 * (read from @p t) with the source, line and byte column, and the message
 * "column 'NAME': " and @p fmt. Returns @p code (ACCELSEL_ENOMEM if finding
 * the column ran out of memory). The dataset keeps each row's line but not
 * where a field starts in it, so the column is found again with the
 * tokenizer, once, on the way out. */
int asel_csv_cell_error(const asel_csv_text *t, const accelsel_dataset *ds, int code, size_t row,
                        size_t col, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
int asel_csv_cell_verror(const asel_csv_text *t, const accelsel_dataset *ds, int code,
                         size_t row, size_t col, const char *fmt, va_list ap);

#endif
