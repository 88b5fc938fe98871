/* State of one CSV load, shared by the files that read the header, the rows
 * and the columns that turn out not to be numeric. */
#ifndef ASEL_CSV_LOAD_H
#define ASEL_CSV_LOAD_H

#include <stddef.h>

#include "core/csv_tok.h"
#include "data/table.h"

/* The first number in a still-numeric column that overflowed a double: an
 * error only if the column stays numeric to the end. */
typedef struct asel_csv_overflow {
    int seen;
    size_t offset, line, column;
} asel_csv_overflow;

typedef struct asel_csv_load {
    asel_csv_tok tok;
    const char *data;
    size_t len;
    const char *source;
    unsigned char delim;
    accelsel_dataset *ds; /* columns named by the header; ds->n_rows counts rows read */
    size_t cap_rows;      /* rows each column array has room for */
    size_t *row_off;      /* offset of each row, to re-read one column later */
    asel_csv_overflow *overflow; /* one per column */
} asel_csv_load;

/* Read the header record and create its columns (categorical for the names
 * in @p categorical, numeric otherwise): 0, ACCELSEL_EPARSE (no header, empty
 * or duplicate name), ACCELSEL_ENOTFOUND (a forced name that is no column)
 * or ACCELSEL_ENOMEM. */
int asel_csv_read_header(asel_csv_load *L, const char *const *categorical, size_t n_categorical);

/* Make sure every column array has room for one more row. */
int asel_csv_reserve_row(asel_csv_load *L);

/* Turn numeric column @p col categorical: the rows read so far are read
 * again from the input for their text. */
int asel_csv_to_categorical(asel_csv_load *L, size_t col);

/* Store the text of a field in categorical column @p c at row @p row. */
int asel_csv_put_text(asel_column *c, size_t row, const asel_csv_field *f);

/* Parse @p len bytes at @p data (options already checked, NULL = defaults);
 * @p source names the input in error messages. */
int asel_csv_parse(accelsel_dataset **out, const char *data, size_t len,
                   const accelsel_csv_options *opts, const char *source);

/* 0 if @p opts (not NULL) is usable, else ACCELSEL_EVERSION or ACCELSEL_EINVAL
 * naming the field, with @p fn (the public function) in the message. */
int asel_csv_options_check(const accelsel_csv_options *opts, const char *fn);

#endif
