/* One CSV load: the input shared by all parts, and the parts (record-aligned
 * byte ranges after the header) that may be parsed on several threads and
 * are then merged in input order. */
#ifndef ASEL_CSV_LOAD_H
#define ASEL_CSV_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "core/csv_tok.h"
#include "data/table.h"

/* Read-only while parts are parsed. */
typedef struct asel_csv_input {
    const char *data;
    size_t len;
    const char *source; /* names the input in error messages */
    unsigned char delim;
    uint64_t max_field_len;
    size_t n_cols;
    const int *types; /* per column: categorical when forced, else numeric to start */
    const char *const *missing; /* extra missing-value spellings (options) */
    size_t n_missing;
    /* The same spellings in a hash table (comparing each field with every
     * spelling cost fields x spellings), and whether one of them reads as a
     * number (then numeric fields are looked up too: --na=-999). */
    const asel_levels *missing_set;
    int missing_numeric;
} asel_csv_input;

/* The first number in a still-numeric column that overflowed a double: an
 * error only if the column stays numeric to the end. */
typedef struct asel_csv_overflow {
    int seen;
    size_t offset;
} asel_csv_overflow;

typedef struct asel_csv_part {
    const asel_csv_input *in;
    size_t begin, end;     /* byte range: whole records */
    asel_column *cols;     /* in->n_cols columns without names */
    asel_csv_overflow *overflow;
    size_t n_rows, cap_rows;
    size_t *starts;        /* byte offset of each row, for the dataset's row lines */
    size_t *pending;       /* per column, rows whose text is still to read (NULL: none yet) */
    size_t max_pending;    /* the most of those */
    int rc;                /* 0 or the failure's status */
    size_t err_offset;     /* where it failed, SIZE_MAX if nowhere in particular */
    char err[160];         /* what failed, without the position */
} asel_csv_part;

/* Read the header: a new dataset with one named column per field and no
 * rows, and types[] for those columns (categorical for the names in
 * @p categorical). *body is the offset of the first row. Errors are recorded. */
int asel_csv_read_header(const asel_csv_input *in, const char *const *categorical,
                         size_t n_categorical, accelsel_dataset **ds, int **types, size_t *body);

/* Parse @p part (in, begin and end set, the rest zero). It may run on a
 * worker thread, so part->rc and the detail say what failed, for the caller
 * to report with asel_csv_raise(). */
void asel_csv_part_parse(asel_csv_part *part);

/* Turn numeric column @p col of @p part categorical: its later rows are
 * stored as text, and the text of the rows read so far is pending until
 * asel_csv_part_finish_text(). Sets part->rc on failure and returns it. */
int asel_csv_part_to_categorical(asel_csv_part *part, size_t col);

/* Read the pending text of every column turned categorical, in one pass over
 * the part. Sets part->rc on failure and returns it. */
int asel_csv_part_finish_text(asel_csv_part *part);

/* Whether field text @p s of @p len bytes is a missing value for @p in. */
int asel_csv_is_missing(const asel_csv_input *in, const char *s, size_t len);

/* Store field @p f as the text of categorical column @p c at @p row. */
int asel_csv_put_text(const asel_csv_input *in, asel_column *c, size_t row,
                      const asel_csv_field *f);

void asel_csv_part_free(asel_csv_part *part);

/* Cut the body [@p begin, in->len) into at most @p max_parts ranges of at
 * least @p min_part bytes that each hold whole records, found by quote
 * parity. Writes n + 1 offsets to @p bounds (room for max_parts + 1), returns n. */
size_t asel_csv_split(const asel_csv_input *in, size_t begin, size_t max_parts, size_t min_part,
                      size_t *bounds);

/* Move the rows of @p parts[0..n-1] (parsed without failure) into @p ds,
 * whose columns they fill in order, on up to @p workers threads. Records
 * errors (ERANGE, ENOMEM). */
int asel_csv_merge(const asel_csv_input *in, accelsel_dataset *ds, asel_csv_part *parts, size_t n,
                   size_t workers);

/* Record the error @p code with @p msg at byte @p offset of the input (line
 * and column computed), or without position when offset is SIZE_MAX. */
int asel_csv_raise(const asel_csv_input *in, int code, size_t offset, const char *msg);

/* Below this many bytes a part of the body is not worth a thread. */
#define ASEL_CSV_MIN_PART ((size_t)1 << 20)

/* Parse @p len bytes at @p data into a dataset; @p opts already checked
 * (NULL = defaults). Parts smaller than @p min_part bytes are not split off
 * (tests lower it to exercise the parallel path on small inputs). */
int asel_csv_parse(accelsel_dataset **out, const char *data, size_t len,
                   const accelsel_csv_options *opts, const char *source, size_t min_part);

/* 0 if @p opts (not NULL) is usable, else ACCELSEL_EVERSION or ACCELSEL_EINVAL
 * naming the field, with @p fn (the public function) in the message. */
int asel_csv_options_check(const accelsel_csv_options *opts, const char *fn);

#endif
