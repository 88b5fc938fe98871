/* The accelsel command-line tool: shared declarations of the subcommands and
 * the small helpers they share. Uses the public API only. */
#ifndef ACCELSEL_CLI_H
#define ACCELSEL_CLI_H

#include <stdint.h>
#include <stdio.h>

#include <accelsel/accelsel.h>

/* Exit statuses: 0 success, 1 a library call failed, 2 bad usage. */
#define CLI_OK 0
#define CLI_FAIL 1
#define CLI_USAGE 2

/* Each subcommand gets argv after its own name (argv[0] is the subcommand). */
int cli_data(int argc, char **argv);
int cli_cross(int argc, char **argv);
int cli_rank(int argc, char **argv);
int cli_cluster(int argc, char **argv);
int cli_catalog(int argc, char **argv);
int cli_network(int argc, char **argv);
int cli_predict(int argc, char **argv);
int cli_map(int argc, char **argv);
int cli_recommend(int argc, char **argv);
int cli_place(int argc, char **argv);

/* Print "accelsel: <what>: <library detail>" for status @p rc to stderr and
 * return CLI_FAIL; "accelsel: <library detail>" when the detail already
 * names @p what (a file or entry name) as its source or quoted, so that a
 * path is said once; "accelsel: <command>: <--option>: <message>" when the
 * library blames a field (accelsel_error.field) that an option of the
 * command feeds (args.h). */
int cli_fail(int rc, const char *what);

/* The JSON object of a file that failed validation with status @p rc:
 * file, valid (false), status, message, line and column of the last error. */
void cli_print_invalid_json(FILE *f, const char *file, int rc);

/* Print a usage error to stderr and return CLI_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* CLI_OK if @p path, given to @p option of @p command, ends in .svg, else a
 * usage error: no image library is linked, and a file named .png that holds
 * SVG would mislead whoever opens it. Checked before any work, so that
 * nothing is written under a refused name. */
int cli_svg_name(const char *command, const char *option, const char *path);

/* Draw @p panels (accelsel_plot_svg()) into the file @p path, given to
 * --plot of @p command. CLI_OK, or CLI_FAIL with the message printed. */
int cli_write_svg(const char *command, const char *path, const accelsel_plot_panel *panels,
                  size_t n);

/* Whether an argument after the command's name is --help or -h: every
 * command and sub-command then prints its usage on stdout and exits 0,
 * whatever else is on the line. */
int cli_wants_help(int argc, char **argv);

/* The number rule of every numeric option: the whole text in the number
 * syntax of the dataset reader (include/accelsel/dataset.h, "Types"), an
 * optional sign, decimal digits with an optional fraction and exponent
 * (8, +8, 0.5, .5, 8., 1e3, 2.5E-3), or inf / infinity in any case. No
 * blanks around it, no hexadecimal (0x10, 0x1p8), no digit separators
 * (1_000, 1,000), no nan; a number beyond a double (1e999) is refused, as
 * the reader refuses it. 0, or -1 if @p s is not such a number. */
int cli_parse_number(const char *s, double *out);

/* A whole number in [lo, hi] under the rule of cli_parse_number(): 8, +8,
 * 8.0 and 8e0 alike; up to 2^53 in any spelling, beyond it (to 2^64 - 1)
 * only as plain digits, which are read exactly where a double would round.
 * 0, or -1 if not. */
int cli_parse_uint(const char *s, uint64_t lo, uint64_t hi, uint64_t *out);

/* "N" (0, first = last = N) or "A..B" with lo <= A <= B <= hi (1); -1 if neither. */
int cli_parse_uint_range(const char *s, uint64_t lo, uint64_t hi, uint64_t *first, uint64_t *last);

/* Output formats shared by subcommands. */
#define CLI_FORMAT_TABLE 0
#define CLI_FORMAT_CSV 1
#define CLI_FORMAT_JSON 2
#define CLI_FORMAT_YAML 3

/* Write @p s as a JSON string literal (quotes and escapes included), which
 * is also a YAML double-quoted scalar: control characters (C0, DEL, C1) and
 * U+2028/U+2029 are written as \uXXXX. */
void cli_json_string(FILE *f, const char *s);

/* @p s for a text table, at most @p cap - 1 bytes in @p out: control
 * characters as \n, \t, \r, \xHH or \u2028 and a backslash doubled, so that
 * no escape sequence reaches the terminal and no line break splits a row;
 * text cut to fit ends in "...". */
void cli_table_text(char *out, size_t cap, const char *s);

/* Write @p s escaped as cli_table_text() does, whatever its length: for text
 * from input files that is not padded to a column. */
void cli_print_text(FILE *f, const char *s);

/* Write a double as JSON that YAML 1.1 reads as the same number: an integral
 * value under 2^53 as an integer (100, not 1e+02), any other as the shortest
 * text that reads back to it, with a '.' in the mantissa of an exponent form
 * (1.0e-05); null if not finite. */
void cli_json_number(FILE *f, double v);

/* Load the CSV file @p csv, or the built-in MLPerf data when @p csv is NULL.
 * @p na: NULL or comma-separated extra spellings of a missing value.
 * @p benchmark: NULL, or the MLPerf benchmark whose rows to keep: the
 * built-in table of that benchmark (accelsel_dataset_load_benchmark();
 * "all" every benchmark), or the rows of @p csv whose text column
 * `benchmark` holds it ("all" every row; a file without the column, or
 * without a row of it, is an error naming the file's benchmarks). NULL
 * without @p csv is the built-in ResNet-50 table. Prints the library's
 * error and returns CLI_FAIL on failure. */
int cli_load_dataset(accelsel_dataset **ds, const char *csv, const char *na,
                     const char *benchmark);

/* The name of the built-in dataset that cli_load_dataset() loads for
 * @p benchmark without a file (NULL: the ResNet-50 table), in @p buf when it
 * is made there. */
const char *cli_builtin_name(const char *benchmark, char *buf, size_t cap);

/* Add column @p col of @p from to @p to (same rows) under @p name; a
 * library status. */
int cli_copy_column(accelsel_dataset *to, const accelsel_dataset *from, size_t col,
                    const char *name);

/* Input columns never take the name of a column that a command makes (a
 * profile's size, rank's score): such a column is called NAME_input, which
 * this writes to @p out after a note on stderr. CLI_FAIL, with the message
 * printed, when @p ds already has a column NAME_input. */
int cli_input_name(const accelsel_dataset *ds, const char *name, const char *command,
                   char *out, size_t cap);

/* Rename (see cli_input_name) the columns of *ds, which is replaced, that
 * the cluster profile would make again: text columns named cluster or size,
 * or COL_median, COL_min or COL_max beside a numeric COL. */
int cli_keep_profile_names(accelsel_dataset **ds, const char *command);

/* CLI_OK if @p path may be read as an input file: a regular file (or one
 * the library will report as missing or a directory), or anything when
 * ACCELSEL_ALLOW_SPECIAL_FILES=1; else prints why and returns CLI_FAIL.
 * A device such as /dev/zero or a pipe has no end the CLI can know. */
int cli_check_input_file(const char *path);

/* Keep the rows of *ds (replaced) that match the --where expression
 * @p expr of @p command; malformed text is a usage error. */
int cli_filter(accelsel_dataset **ds, const char *command, const char *expr);

/* Network @p arg: a YAML file when it names one (a slash, or a .yaml or
 * .yml ending), else a zoo model. */
int cli_load_network(accelsel_network **net, const char *arg);

/* The catalog in file @p path, or the built-in one when @p path is NULL. */
int cli_load_catalog(accelsel_catalog **cat, const char *path);

/* What --catalog means in every command: the built-in catalog with the file
 * @p path merged over it (ACCELSEL_MERGE_OVERRIDE: an entry of the file
 * replaces the built-in entry of its name; an alias of the file's entry that
 * names a built-in entry which stays is left to that entry), or the built-in
 * catalog alone when @p path is NULL. */
int cli_open_catalog(accelsel_catalog **cat, const char *path);

/* Cloud prices of the file @p path (accelsel_cloud_prices_load_file()), or
 * the built-in ones when @p path is NULL, their accelerators looked up in
 * @p cat; CLI_FAIL with the library's error printed. */
int cli_load_cloud_prices(accelsel_dataset **out, const accelsel_catalog *cat, const char *path);

/* Replace *ds by a copy with each row's accelerator priced
 * (accelsel_dataset_add_prices(): catalog_device, accelerator_tdp_w,
 * accelerator_price_usd, accelerator_price_basis,
 * rent_usd_per_accelerator_hour, rent_instance), the accelerator read from
 * accelerator_model_name or else accelerator, the count from
 * total_accelerators, count or accelerators, with the catalog of --catalog
 * @p catalog and the cloud prices of @p cloud_path (NULL: built-in). A
 * table without an accelerator column is left as it is (*joined 0). */
int cli_add_prices(accelsel_dataset **ds, const char *catalog, const char *cloud_path,
                   int *joined);

/* What every output with energy_kwh says of it. */
extern const char cli_energy_note[];

/* Print a dataset as an aligned table, CSV or JSON (array of objects).
 * Every CSV of the command line is written here: by the library's writer
 * (RFC 4180 quoting), with column names and text cells escaped as tables
 * show them (control characters as \x1b, \r, \n, ..., a backslash doubled)
 * unless cli_set_csv_raw() was told --raw. */
int cli_print_dataset(FILE *f, const accelsel_dataset *ds, int format);

/* A command's --raw switch (@p raw 1 when given), with the output format it
 * resolved to: CSV then writes cells as they are, control characters and
 * all, for a program that reads the CSV back byte for byte. A usage error
 * naming @p command when --raw goes with another format; CLI_OK else. */
int cli_set_csv_raw(const char *command, int raw, int format);

#endif
