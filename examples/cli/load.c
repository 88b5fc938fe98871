/* Reading what a subcommand works on: the dataset (a CSV file or the
 * built-in data), its filters and columns, a network, a catalog. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"

/* Split a copy of @p list at commas: *parts[0..*n-1] point into *copy. */
static int split(const char *list, char **copy, const char ***parts, size_t *n)
{
    size_t count = 1;
    for (const char *p = list; *p; p++)
        count += *p == ',';
    *copy = malloc(strlen(list) + 1);
    *parts = malloc(count * sizeof **parts);
    if (*copy == NULL || *parts == NULL)
        return -1;
    strcpy(*copy, list);
    *n = 0;
    for (char *s = *copy, *next; s != NULL; s = next) {
        next = strchr(s, ',');
        if (next != NULL)
            *next++ = '\0';
        (*parts)[(*n)++] = s;
    }
    return 0;
}

/* The benchmarks that rows of @p ds name in its column @p col, comma-separated. */
static void benchmarks_of(const accelsel_dataset *ds, size_t col, char *out, size_t cap)
{
    size_t len = 0;
    *out = '\0';
    for (size_t l = 0; l < accelsel_dataset_levels(ds, col) && len < cap; l++) {
        char shown[64];
        cli_table_text(shown, sizeof shown, accelsel_dataset_level(ds, col, l));
        len += (size_t)snprintf(out + len, cap - len, "%s%s", l ? ", " : "", shown);
    }
}

/* The rows of FILE whose benchmark column is @p benchmark ("all": every row). */
static int keep_benchmark(accelsel_dataset **ds, const char *csv, const char *benchmark)
{
    size_t col;
    const char *command = "data";
    if (strcmp(benchmark, "all") == 0)
        return CLI_OK;
    cli_args_option_of("benchmark", &command); /* the command's name, for the messages */
    if (accelsel_dataset_column_index(*ds, "benchmark", &col) != 0 ||
        accelsel_dataset_column_type(*ds, col) != ACCELSEL_COLUMN_CATEGORICAL) {
        fprintf(stderr, "accelsel: %s: --benchmark: ", command);
        cli_print_text(stderr, csv);
        fputs(" has no text column 'benchmark' (data/mlperf_training.csv has one)\n", stderr);
        return CLI_FAIL;
    }
    accelsel_dataset *kept = NULL;
    int rc = accelsel_dataset_filter_equal(&kept, *ds, "benchmark", benchmark);
    if (rc != 0)
        return cli_fail(rc, "--benchmark");
    if (accelsel_dataset_rows(kept) == 0 && accelsel_dataset_rows(*ds) > 0) {
        char list[1024], shown[128];
        benchmarks_of(*ds, col, list, sizeof list);
        cli_table_text(shown, sizeof shown, benchmark);
        fprintf(stderr, "accelsel: %s: --benchmark: no row of ", command);
        cli_print_text(stderr, csv);
        fprintf(stderr, " is of benchmark '%s' (its rows are of %s)\n", shown, list);
        accelsel_dataset_free(kept);
        return CLI_FAIL;
    }
    accelsel_dataset_free(*ds);
    *ds = kept;
    return CLI_OK;
}

const char *cli_builtin_name(const char *benchmark, char *buf, size_t cap)
{
    if (benchmark == NULL || strcmp(benchmark, "resnet") == 0)
        return "mlperf-training-resnet";
    if (strcmp(benchmark, "all") == 0)
        return "mlperf-training";
    snprintf(buf, cap, "mlperf-training-%s", benchmark);
    return buf;
}

int cli_load_dataset(accelsel_dataset **ds, const char *csv, const char *na,
                     const char *benchmark)
{
    if (csv == NULL) {
        int rc = benchmark != NULL ? accelsel_dataset_load_benchmark(ds, benchmark)
                                   : accelsel_dataset_load_builtin(ds, "mlperf-training-resnet");
        return rc != 0 ? cli_fail(rc, "built-in data") : CLI_OK;
    }
    if (cli_check_input_file(csv) != CLI_OK)
        return CLI_FAIL;
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    char *copy = NULL;
    const char **parts = NULL;
    size_t n = 0;
    if (na != NULL && split(na, &copy, &parts, &n) != 0) {
        free(copy);
        free(parts);
        fputs("accelsel: out of memory\n", stderr);
        return CLI_FAIL;
    }
    o.missing = parts;
    o.n_missing = n;
    int rc = accelsel_dataset_load_csv(ds, csv, &o);
    free(copy);
    free(parts);
    if (rc != 0)
        return cli_fail(rc, csv);
    return benchmark != NULL ? keep_benchmark(ds, csv, benchmark) : CLI_OK;
}

int cli_copy_column(accelsel_dataset *to, const accelsel_dataset *from, size_t col,
                    const char *name)
{
    size_t n = accelsel_dataset_rows(from);
    const double *v = accelsel_dataset_numeric(from, col);
    if (v != NULL)
        return accelsel_dataset_add_numeric(to, name, v, n);
    const char **s = malloc((n ? n : 1) * sizeof *s);
    if (s == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < n; i++)
        s[i] = accelsel_dataset_string(from, i, col);
    int rc = accelsel_dataset_add_categorical(to, name, s, n);
    free(s);
    return rc;
}

int cli_input_name(const accelsel_dataset *ds, const char *name, const char *command,
                   char *out, size_t cap)
{
    size_t col;
    char shown[256]; /* the name from the input file, escaped for the terminal */
    cli_table_text(shown, sizeof shown, name);
    if (snprintf(out, cap, "%s_input", name) >= (int)cap ||
        accelsel_dataset_column_index(ds, out, &col) == 0) {
        fprintf(stderr, "accelsel: %s: the input's column '%s' clashes with a column the "
                        "command makes, and '%s_input' is taken; rename it in the input\n",
                command, shown, shown);
        return CLI_FAIL;
    }
    fprintf(stderr, "accelsel: %s: the input's column '%s' is named '%s_input' here: the "
                    "command makes a column '%s' of its own\n", command, shown, shown, shown);
    return CLI_OK;
}

/* Whether the cluster profile also makes a column named as column @p col of
 * @p ds: it keeps a text column's name for its most common value, and names
 * its own columns cluster, size and, after each numeric COL, COL_median,
 * COL_min and COL_max. */
static int profile_clash(const accelsel_dataset *ds, size_t col)
{
    static const char *const suffixes[] = {"_median", "_min", "_max"};
    const char *name = accelsel_dataset_column_name(ds, col);
    if (accelsel_dataset_column_type(ds, col) != ACCELSEL_COLUMN_CATEGORICAL)
        return 0;
    if (strcmp(name, "cluster") == 0 || strcmp(name, "size") == 0)
        return 1;
    size_t len = strlen(name), base;
    for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++) {
        size_t n = strlen(suffixes[i]);
        char stem[256];
        if (len <= n || len - n >= sizeof stem || strcmp(name + len - n, suffixes[i]) != 0)
            continue;
        memcpy(stem, name, len - n);
        stem[len - n] = '\0';
        if (accelsel_dataset_column_index(ds, stem, &base) == 0 &&
            accelsel_dataset_column_type(ds, base) == ACCELSEL_COLUMN_NUMERIC)
            return 1;
    }
    return 0;
}

/* *ds with every column copied, those the profile would make again renamed.
 * The copy starts as a selection of no columns, which keeps the rows' file
 * lines for the library's messages about a value ("line 3 of FILE"). */
static int rename_clashes(accelsel_dataset **ds, const char *command)
{
    accelsel_dataset *out = NULL;
    int rc = accelsel_dataset_select_columns(&out, *ds, NULL, 0);
    int status = rc == 0 ? CLI_OK : cli_fail(rc, command);
    for (size_t c = 0; status == CLI_OK && c < accelsel_dataset_cols(*ds); c++) {
        const char *name = accelsel_dataset_column_name(*ds, c);
        char renamed[300];
        int clash = profile_clash(*ds, c);
        if (clash && cli_input_name(*ds, name, command, renamed, sizeof renamed) != CLI_OK)
            status = CLI_FAIL;
        else if ((rc = cli_copy_column(out, *ds, c, clash ? renamed : name)) != 0)
            status = cli_fail(rc, command);
    }
    if (status == CLI_OK) {
        accelsel_dataset_free(*ds);
        *ds = out;
    } else {
        accelsel_dataset_free(out);
    }
    return status;
}

int cli_keep_profile_names(accelsel_dataset **ds, const char *command)
{
    for (size_t c = 0; c < accelsel_dataset_cols(*ds); c++)
        if (profile_clash(*ds, c))
            return rename_clashes(ds, command);
    return CLI_OK;
}

int cli_filter(accelsel_dataset **ds, const char *command, const char *expr)
{
    accelsel_dataset *kept = NULL;
    int rc = accelsel_dataset_filter_expr(&kept, *ds, expr);
    /* Malformed text, or a bound no double holds, is the caller's to fix; a
     * column that does not exist is the data's. */
    if (rc == ACCELSEL_EPARSE || rc == ACCELSEL_EINVAL || rc == ACCELSEL_ERANGE)
        return cli_usage_error("%s: --where '%s': %s (%s)", command, expr,
                               accelsel_last_error()->message, accelsel_status_name(rc));
    if (rc != 0)
        return cli_fail(rc, "--where");
    accelsel_dataset_free(*ds);
    *ds = kept;
    return CLI_OK;
}

/* A file when the text names one (a slash or a .yaml/.yml ending). */
static int is_file_name(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') != NULL || (n > 5 && strcmp(s + n - 5, ".yaml") == 0) ||
           (n > 4 && strcmp(s + n - 4, ".yml") == 0);
}

int cli_load_network(accelsel_network **net, const char *arg)
{
    if (strncmp(arg, "hf:", 3) == 0) {
        if (cli_check_input_file(arg + 3) != CLI_OK)
            return CLI_FAIL;
        int rc = accelsel_network_load_hf_file(net, arg + 3, NULL);
        return rc != 0 ? cli_fail(rc, arg + 3) : CLI_OK;
    }
    if (!is_file_name(arg)) {
        int rc = accelsel_network_load_zoo(net, arg, NULL);
        return rc != 0 ? cli_fail(rc, arg) : CLI_OK;
    }
    if (cli_check_input_file(arg) != CLI_OK)
        return CLI_FAIL;
    int rc = accelsel_network_load_file(net, arg, NULL);
    return rc != 0 ? cli_fail(rc, arg) : CLI_OK;
}

int cli_load_catalog(accelsel_catalog **cat, const char *path)
{
    if (path == NULL) {
        int rc = accelsel_catalog_load_builtin(cat);
        return rc != 0 ? cli_fail(rc, "built-in catalog") : CLI_OK;
    }
    if (cli_check_input_file(path) != CLI_OK)
        return CLI_FAIL;
    int rc = accelsel_catalog_load_file(cat, path);
    return rc != 0 ? cli_fail(rc, path) : CLI_OK;
}

int cli_open_catalog(accelsel_catalog **cat, const char *path)
{
    *cat = NULL;
    accelsel_catalog *builtin = NULL, *user = NULL;
    if (cli_load_catalog(&builtin, NULL) != CLI_OK)
        return CLI_FAIL;
    if (path == NULL) {
        *cat = builtin;
        return CLI_OK;
    }
    int status = cli_load_catalog(&user, path);
    if (status == CLI_OK) {
        int rc = accelsel_catalog_merge(cat, builtin, user, ACCELSEL_MERGE_OVERRIDE);
        status = rc != 0 ? cli_fail(rc, path) : CLI_OK;
    }
    accelsel_catalog_free(user);
    accelsel_catalog_free(builtin);
    return status;
}
