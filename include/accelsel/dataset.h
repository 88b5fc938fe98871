/*
 * libaccelsel: datasets (typed tables of benchmark results).
 */
#ifndef ACCELSEL_DATASET_H
#define ACCELSEL_DATASET_H

#include <accelsel/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A table: named columns, each numeric (double, NaN = missing) or categorical
 *  (UTF-8 strings, NULL = missing), rows in input order.
 *  A dataset that is only read (every function taking `const accelsel_dataset *`)
 *  may be shared by any number of threads; the functions that add columns need
 *  exclusive access. */
typedef struct accelsel_dataset accelsel_dataset;

/** @name Column types @{ */
#define ACCELSEL_COLUMN_NUMERIC 1     /**< double values; missing is NaN */
#define ACCELSEL_COLUMN_CATEGORICAL 2 /**< strings; missing is NULL */
/** @} */

/** Options for reading CSV. Initialise with ACCELSEL_CSV_OPTIONS_INIT or
 *  accelsel_csv_options_init(); fields are only ever appended. */
typedef struct accelsel_csv_options {
    unsigned int version;   /**< ACCELSEL_CSV_OPTIONS_VERSION */
    uint32_t delimiter;     /**< field separator, an ASCII byte other than '"', CR or LF; default ',' */
    uint64_t max_field_len; /**< longest field in bytes; 0 = no limit beyond the input size */
    /** Columns to keep categorical even when every value parses as a number
     *  (e.g. codes like "0042"); NULL or an array of @ref n_categorical names. */
    const char *const *categorical;
    uint64_t n_categorical; /**< length of @ref categorical */
    /** Threads that parse parts of a large input (at least 1 MiB each) at
     *  once; 0 = one per online core. The result is the same for any value.
     *  The reader does not use OpenBLAS, so OpenBLAS's own thread setting
     *  does not matter here. */
    uint32_t n_threads;
    /** Further spellings of a missing value, besides the empty field, `NA`,
     *  `N/A` and `NaN`; compared exactly (case-sensitive) in every column.
     *  NULL or an array of @ref n_missing strings, e.g. {"-", "?"}. */
    const char *const *missing;
    uint64_t n_missing; /**< length of @ref missing */
} accelsel_csv_options;

#define ACCELSEL_CSV_OPTIONS_VERSION 1
#define ACCELSEL_CSV_OPTIONS_INIT { ACCELSEL_CSV_OPTIONS_VERSION, ',', 0, NULL, 0, 0, NULL, 0 }

/** Fill @p opts with the defaults of @p version (comma, no length limit, no
 *  forced columns, all cores).
 *  @param[out] opts     the options to fill.
 *  @param[in]  version  ACCELSEL_CSV_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_csv_options_init(accelsel_csv_options *opts, unsigned int version);

/** sizeof(accelsel_csv_options) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_csv_options_size(void);

/** Read a CSV file (RFC 4180) into a new dataset.
 *
 *  The first record is the header; names must be unique and non-empty. Quoted
 *  fields may hold commas, doubled quotes and newlines; LF, CRLF and lone CR
 *  line ends and a UTF-8 byte-order mark are accepted; text must be valid
 *  UTF-8 without NUL bytes. The line end after the last record is optional,
 *  and blank lines at the end are not rows (except in a one-column file, where
 *  a blank line is a row with a missing value).
 *
 *  Types: a column is numeric when every non-missing value is a decimal
 *  number (optionally signed, with fraction and exponent, or inf/infinity,
 *  read correctly rounded); otherwise categorical, with its distinct values
 *  (levels) in order of first appearance. A column without any value is
 *  numeric. Quotes only delimit a field (RFC 4180): `"42"` is the number 42,
 *  as in a file written with every field quoted. Empty fields (`""` too) and
 *  `NA`, `N/A`, `NaN` (any case), plus the spellings in @p opts->missing, are
 *  missing in both kinds, never 0.
 *
 *  Error positions: line is the physical line (1-based, line breaks inside
 *  quoted fields count), column the byte offset in that line (1-based; a
 *  byte-order mark is not counted). A row with too few fields is reported at
 *  its start, one with too many at the first extra field, an unterminated
 *  quote at the opening quote. When the input holds several errors, the first
 *  in the input is reported, whatever @p opts->n_threads is.
 *
 *  @param[out] out   the new dataset, freed with accelsel_dataset_free();
 *                    NULL on any failure.
 *  @param[in]  path  file to read; not kept.
 *  @param[in]  opts  NULL for defaults; not kept.
 *  @return 0;
 *          ACCELSEL_EINVAL if @p out or @p path is NULL or @p opts is invalid
 *              (a bad delimiter, a NULL categorical name);
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_EIO if the file cannot be read (the message names the path and the system's reason);
 *          ACCELSEL_EPARSE for malformed CSV: a row with a different number of fields,
 *              an unterminated quote, text after a closing quote, a quote inside an
 *              unquoted field, invalid UTF-8, a NUL byte, an empty or duplicate column
 *              name, a field over @p opts->max_field_len, no header (the detail has
 *              source, line and column);
 *          ACCELSEL_ERANGE if a number in a numeric column overflows a double (line and column given);
 *          ACCELSEL_ENOTFOUND if a name in @p opts->categorical is not a column
 *              (the message names the closest one);
 *          ACCELSEL_ENOMEM (nothing is leaked).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_dataset_load_csv(accelsel_dataset **out, const char *path,
                                           const accelsel_csv_options *opts);

/** As accelsel_dataset_load_csv(), from memory; errors name the source "<buffer>".
 *  @param[out] out   the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  data  @p len bytes of CSV (not NUL-terminated; not kept). May be
 *                    NULL only when @p len is 0 (which gives ACCELSEL_EPARSE: no header).
 *  @param[in]  len   number of bytes.
 *  @param[in]  opts  NULL for defaults; not kept.
 *  @return as accelsel_dataset_load_csv(), without ACCELSEL_EIO.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_dataset_load_csv_buffer(accelsel_dataset **out, const char *data,
                                                  size_t len, const accelsel_csv_options *opts);

/** Load a dataset compiled into the library.
 *
 *  - "mlperf-training-resnet": MLPerf Training ResNet-50 results, rounds v0.5
 *    to v3.1, 343 rows x 38 columns (data/mlperf_training_resnet.csv; see
 *    data/README.md for provenance and the meaning of each column). Types are
 *    inferred as for a CSV file, with two decisions from the data's
 *    documentation: `power_results` (`yes` or blank) is categorical, and the
 *    placeholders `-` and `core_count` that some submitters left in
 *    `host_processor_core_count` read as missing, so that column is numeric.
 *    Loading data/mlperf_training_resnet.csv with the same
 *    accelsel_csv_options gives the same dataset.
 *  - "mlperf-training": every benchmark of every round v0.5 to v5.0, 2,037
 *    rows x 59 columns (data/mlperf_training.csv): the 38 above for every
 *    benchmark, then `benchmark`, the quality target, parallelism, energy
 *    and more (data/README.md). Types are inferred as for a CSV file, `-`,
 *    `core_count` and `Node1: 128, Node2: 64` reading as missing; loading the
 *    file with those spellings in accelsel_csv_options.missing gives the same
 *    dataset.
 *  - "mlperf-training-BENCHMARK" for each other benchmark of that table
 *    (accelsel_dataset_builtin_name() lists them): its rows, with the 59
 *    columns and their types, as accelsel_dataset_filter_equal() on
 *    `benchmark` keeps them from "mlperf-training" (row lines are those of
 *    data/mlperf_training.csv).
 *
 *  The tables are compiled in LZ4-compressed and decoded on each load.
 *  @param[out] out  the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in] name  one of the names above.
 *  @return 0; ACCELSEL_EINVAL if an argument is NULL; ACCELSEL_ENOTFOUND for an
 *          unknown name (the message lists the known ones and the closest);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_dataset_load_builtin(accelsel_dataset **out, const char *name);

/** Load the built-in dataset of an MLPerf Training benchmark by the
 *  benchmark's name, as the `benchmark` column and data/README.md spell it:
 *  "resnet" gives "mlperf-training-resnet" (its own table, as it always
 *  was), "all" gives "mlperf-training", and any other benchmark its
 *  "mlperf-training-BENCHMARK" dataset.
 *  @param[out] out        the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  benchmark  "resnet", "gpt3", "llama2_70b_lora", ..., or "all".
 *  @return 0; ACCELSEL_EINVAL if an argument is NULL; ACCELSEL_ENOTFOUND for
 *          an unknown benchmark (the message lists the known ones and the
 *          closest; accelsel_error.field is "benchmark"); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_dataset_load_benchmark(accelsel_dataset **out, const char *benchmark);

/** Name of built-in dataset @p index (0-based), or NULL past the last.
 *  @param[in] index  0-based; any value.
 *  @return static storage. Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_dataset_builtin_name(size_t index);

/** One line saying what built-in dataset @p index holds (its benchmark,
 *  dataset and rounds), or NULL past the last.
 *  @param[in] index  0-based; any value.
 *  @return static storage. Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_dataset_builtin_description(size_t index);

/** Create an empty dataset of @p n_rows rows and no columns, to be filled with
 *  accelsel_dataset_add_numeric() and accelsel_dataset_add_categorical().
 *  @param[out] out     the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  n_rows  number of rows every column will have.
 *  @return 0; ACCELSEL_EINVAL if @p out is NULL; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_dataset_new(accelsel_dataset **out, size_t n_rows);

/** Append (or, if a column of that name exists, replace in place) a numeric column.
 *  @param[in,out] ds     the dataset; needs exclusive access (no other thread may
 *                        use it during the call).
 *  @param[in]     name   non-empty UTF-8; copied.
 *  @param[in]     values accelsel_dataset_rows(ds) values, NaN = missing; copied.
 *                        Infinities are kept. May be NULL when @p n is 0.
 *  @param[in]     n      number of values.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, an empty or invalid name or
 *          @p n != rows; ACCELSEL_ENOMEM. On failure the dataset is unchanged.
 *  A replaced column's earlier pointers (accelsel_dataset_numeric(), strings)
 *  become invalid. */
ACCELSEL_API int accelsel_dataset_add_numeric(accelsel_dataset *ds, const char *name,
                                              const double *values, size_t n);

/** Append (or replace in place) a categorical column; its levels are its
 *  distinct values in order of first appearance.
 *  @param[in,out] ds     the dataset; needs exclusive access (no other thread may
 *                        use it during the call).
 *  @param[in]     name   non-empty UTF-8; copied.
 *  @param[in]     values @p n UTF-8 strings, NULL = missing; copied. May be
 *                        NULL when @p n is 0.
 *  @param[in]     n      number of values; must equal accelsel_dataset_rows(ds).
 *  @return as accelsel_dataset_add_numeric(), plus ACCELSEL_EINVAL for a value
 *          that is not valid UTF-8 (the message gives its row). */
ACCELSEL_API int accelsel_dataset_add_categorical(accelsel_dataset *ds, const char *name,
                                                  const char *const *values, size_t n);

/** Number of rows; 0 if @p ds is NULL. */
ACCELSEL_API size_t accelsel_dataset_rows(const accelsel_dataset *ds);

/** The line of row @p row in the CSV it was read from: the physical line
 *  (1-based, the header is line 1, line breaks inside quoted fields count)
 *  where its record starts, as spreadsheets number it. Rows taken from such
 *  a dataset keep their lines: filters (accelsel_dataset_filter_*(),
 *  accelsel_dataset_select_rows()), column selections and derived metrics.
 *  @return the line; 0 if @p ds is NULL, @p row is not below
 *          accelsel_dataset_rows(), or the rows were not read from CSV (built
 *          with accelsel_dataset_new(), or rows appended to read ones).
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API uint64_t accelsel_dataset_row_line(const accelsel_dataset *ds, size_t row);

/** Number of columns; 0 if @p ds is NULL. */
ACCELSEL_API size_t accelsel_dataset_cols(const accelsel_dataset *ds);

/** Name of column @p col (0-based), or NULL if @p ds is NULL or @p col is out
 *  of range. Owned by @p ds: valid until it is freed or the column replaced. */
ACCELSEL_API const char *accelsel_dataset_column_name(const accelsel_dataset *ds, size_t col);

/** Find a column by exact name.
 *  @param[in]  ds    the dataset; only read.
 *  @param[in]  name  the column's name.
 *  @param[out] col   its index; SIZE_MAX when not found, untouched for a NULL argument.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND (the
 *          message names the column and the closest existing name: one that
 *          starts with @p name, else one that contains it, else the one at
 *          the smallest edit distance).
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_column_index(const accelsel_dataset *ds, const char *name,
                                               size_t *col);

/** Type of column @p col.
 *  @param[in] ds   the dataset; only read.
 *  @param[in] col  0-based column index; any value.
 *  @return ACCELSEL_COLUMN_NUMERIC or ACCELSEL_COLUMN_CATEGORICAL; ACCELSEL_EINVAL
 *          if @p ds is NULL or @p col is out of range (the message gives it). */
ACCELSEL_API int accelsel_dataset_column_type(const accelsel_dataset *ds, size_t col);

/** The values of numeric column @p col: accelsel_dataset_rows() doubles, NaN =
 *  missing, or NULL if @p ds is NULL, @p col is out of range or categorical.
 *  Owned by @p ds: valid until it is freed or the column replaced. */
ACCELSEL_API const double *accelsel_dataset_numeric(const accelsel_dataset *ds, size_t col);

/** One numeric value; NaN if missing, out of range or not numeric. */
ACCELSEL_API double accelsel_dataset_number(const accelsel_dataset *ds, size_t row, size_t col);

/** One categorical value, or NULL if missing, out of range or not categorical.
 *  Owned by @p ds: valid until it is freed or the column replaced. */
ACCELSEL_API const char *accelsel_dataset_string(const accelsel_dataset *ds, size_t row,
                                                 size_t col);

/** Whether a cell is missing (NaN in a numeric column, NULL in a categorical one).
 *  @param[in] ds        the dataset; only read.
 *  @param[in] row, col  0-based cell position; any values.
 *  @return 1 if missing, 0 if present; ACCELSEL_EINVAL if @p ds is NULL or the
 *          cell is out of range (the message gives it). */
ACCELSEL_API int accelsel_dataset_is_missing(const accelsel_dataset *ds, size_t row, size_t col);

/** Number of distinct values (levels) of categorical column @p col, in order of
 *  first appearance; 0 if not categorical or out of range. */
ACCELSEL_API size_t accelsel_dataset_levels(const accelsel_dataset *ds, size_t col);

/** Level @p level of categorical column @p col, or NULL if @p ds is NULL,
 *  either index is out of range or the column is numeric.
 *  Owned by @p ds: valid until it is freed or the column replaced. */
ACCELSEL_API const char *accelsel_dataset_level(const accelsel_dataset *ds, size_t col,
                                                size_t level);

/** Level index of a categorical cell (see accelsel_dataset_level()); -1 if missing.
 *  ACCELSEL_EINVAL equals -1, so failures use other codes:
 *  ACCELSEL_ERANGE if @p ds is NULL or the cell is out of range;
 *  ACCELSEL_ETYPE if the column is numeric. */
ACCELSEL_API int64_t accelsel_dataset_code(const accelsel_dataset *ds, size_t row, size_t col);

/** New dataset with the rows where column @p column equals @p value: exactly,
 *  for a categorical column; as numbers, for a numeric one (@p value is parsed,
 *  so "8" and "8.0" match 8). Missing cells never match. The result has every
 *  column of @p ds and may have 0 rows; its levels are those of the rows kept.
 *  @param[out] out     the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  ds      the dataset; only read.
 *  @param[in]  column  the column's name.
 *  @param[in]  value   the value to match.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or a value that is not a
 *          number for a numeric column; ACCELSEL_ERANGE for a number that
 *          overflows a double (e.g. "1e999"); ACCELSEL_ENOTFOUND for an unknown
 *          column (the message names the closest); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_filter_equal(accelsel_dataset **out, const accelsel_dataset *ds,
                                               const char *column, const char *value);

/** New dataset with the rows where numeric column @p column lies in
 *  [@p min, @p max] (inclusive; use -INFINITY/INFINITY for open ends). Missing
 *  cells never match.
 *  @param[out] out     the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  ds      the dataset; only read.
 *  @param[in]  column  the column's name.
 *  @param[in]  min     lower bound.
 *  @param[in]  max     upper bound.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, NaN bounds or min > max;
 *          ACCELSEL_ENOTFOUND for an unknown column; ACCELSEL_ETYPE if the
 *          column is categorical; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_filter_range(accelsel_dataset **out, const accelsel_dataset *ds,
                                               const char *column, double min, double max);

/** Filter by a text condition, as the CLI's --where: `COL=VALUE` (equality, as
 *  accelsel_dataset_filter_equal()) or, on a numeric column, `COL=MIN..MAX`
 *  (inclusive; either bound may be empty for an open end). The column name is
 *  the text before the first '=', or, when the expression starts with a
 *  double quote, the text up to the closing quote, "" standing for one quote
 *  (as in CSV): `"x=y"=4` filters the column named x=y. On a categorical
 *  column "a..b" is a plain value.
 *  @param[out] out   the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  ds    the dataset; only read.
 *  @param[in]  expr  the condition.
 *  @return as the two functions above (a bound that is not a number is
 *          ACCELSEL_EINVAL, one that overflows a double ACCELSEL_ERANGE),
 *          plus ACCELSEL_EPARSE for a malformed expression
 *          (no '=', an empty column name, an unterminated quoted name).
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_filter_expr(accelsel_dataset **out, const accelsel_dataset *ds,
                                              const char *expr);

/** New dataset with the rows @p rows[0..n-1] of @p ds, in that order (repeats
 *  allowed), every column; levels are those of the rows taken.
 *  @param[out] out   the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  ds    the dataset; only read.
 *  @param[in]  rows  0-based row indices; may be NULL when @p n is 0.
 *  @param[in]  n     number of indices.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or a row out of range; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_select_rows(accelsel_dataset **out, const accelsel_dataset *ds,
                                              const size_t *rows, size_t n);

/** New dataset with the columns @p cols[0..n-1] of @p ds, in that order, all rows.
 *  @param[out] out   the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  ds    the dataset; only read.
 *  @param[in]  cols  0-based column indices; may be NULL when @p n is 0.
 *  @param[in]  n     number of indices.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a column out of range or
 *          selected twice; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_select_columns(accelsel_dataset **out,
                                                 const accelsel_dataset *ds, const size_t *cols,
                                                 size_t n);

/** Copy numeric columns into a row-major matrix: matrix[i * n_cols + j] is
 *  row i of column cols[j]; missing values are NaN.
 *  @param[in]  ds        the dataset; only read.
 *  @param[in]  cols      @p n_cols column indices.
 *  @param[in]  n_cols    number of columns.
 *  @param[out] matrix    caller-owned; may be NULL when the matrix is empty.
 *  @param[in]  capacity  length of @p matrix in doubles.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a column out of range or
 *          @p capacity < rows * n_cols; ACCELSEL_ETYPE if a column is categorical.
 *          On failure @p matrix is not written.
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_to_matrix(const accelsel_dataset *ds, const size_t *cols,
                                            size_t n_cols, double *matrix, size_t capacity);

/** Write the dataset as CSV (comma, LF line ends, header row, numbers in the
 *  shortest form that reads back to the same double, infinities as `inf` and
 *  `-inf`, missing values as empty unquoted fields, except in a table of one
 *  column, where they are `""`: a blank line reads back as missing here, but
 *  pandas skips it and Python's csv module reads it as a row of no field).
 *
 *  Otherwise a field is quoted only when it holds a comma, a quote or a line break,
 *  starts or ends with a space or tab, or starts with U+FEFF (which would
 *  otherwise read as a byte-order mark). Loading the output gives an equal
 *  dataset (the same columns, types, values, missing cells and level order)
 *  for any dataset loaded from CSV, with the same options. For datasets built
 *  or filtered in memory, the reader's rules apply on reload: a categorical
 *  column whose every value reads as a number comes back numeric (unless named
 *  in accelsel_csv_options.categorical), categorical values that are empty or
 *  a missing-value word come back missing, and a column without any value
 *  comes back numeric. A dataset without columns is written as empty text,
 *  which does not load.
 *  @param[in] ds    the dataset; only read.
 *  @param[in] path  file to create or truncate.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO (path and reason);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_save_csv(const accelsel_dataset *ds, const char *path);

/** As accelsel_dataset_save_csv(), into a new NUL-terminated buffer.
 *  @param[in]  ds   the dataset; only read.
 *  @param[out] out  the text, freed by the caller with accelsel_free(); NULL on failure.
 *  @param[out] len  its length without the NUL; may be NULL.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p ds or @p out; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds may be shared. */
ACCELSEL_API int accelsel_dataset_save_csv_buffer(const accelsel_dataset *ds, char **out,
                                                  size_t *len);

/** Free a dataset and everything it owns. Accepts NULL. Every pointer it handed
 *  out becomes invalid; no other thread may be using it. */
ACCELSEL_API void accelsel_dataset_free(accelsel_dataset *ds);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_DATASET_H */
