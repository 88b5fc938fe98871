/* accelsel data: show a dataset (built-in MLPerf results or a CSV file),
 * optionally with derived metrics, filtered and reduced to some columns. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char usage_text[] =
    "usage: accelsel data [--csv FILE [--na LIST]] [--rows all|kept] [--derive]\n"
    "                     [--where COL=VALUE|COL=MIN..MAX ...] [--columns a,b,c|all]\n"
    "                     [--format table|csv|json [--raw]] [--help]\n"
    "\n"
    "Show the built-in MLPerf Training ResNet-50 results, or the CSV file FILE.\n"
    "The table format shows a readable set of the built-in data's columns\n"
    "(round, submitter, system_name, accelerator_family, total_accelerators,\n"
    "time_to_train_min, and with --derive efficiency, throughput_per_accelerator,\n"
    "accelerator_hours); --columns all shows every column, as csv and json do.\n"
    "  --csv FILE        read FILE (RFC 4180, header row) instead of the built-in data\n"
    "  --na LIST         further spellings of a missing value in FILE, comma-separated\n"
    "                    (empty, NA, N/A and NaN always are)\n"
    "  --rows P          all (default) or kept: the rows accelsel rank keeps (time to\n"
    "                    train > 0, accelerators > 0, closed division, unique logs)\n"
    "  --derive          add accelerators, throughput_img_s_derived,\n"
    "                    throughput_per_accelerator, speedup, efficiency,\n"
    "                    accelerator_hours and reference_row, computed on the rows of\n"
    "                    --rows, before --where; accelsel rank derives with --rows\n"
    "                    kept, so use it to see the E' that rank uses\n"
    "  --where EXPR      keep rows where COL equals VALUE, or where numeric COL lies in\n"
    "                    MIN..MAX (inclusive; either bound may be empty); repeatable\n"
    "  --columns LIST    show only these columns, in this order (comma-separated), or all\n"
    "  --format F        table (default), csv or json\n"
    "  --raw             with csv: write the cells as they are; by default control\n"
    "                    characters are written as tables show them (\\x1b, \\r, \\n,\n"
    "                    a backslash doubled), so that no cell sends an escape\n"
    "                    sequence to a terminal\n";

typedef struct data_args {
    const char *csv, *na, *columns;
    int derive, format, rows;
    const char **where;
    size_t n_where;
    int raw; /* --raw: CSV cells as they are */
} data_args;

/* The value of option argv[*i]: after '=' in the same word, else the next word. */
static const char *value_of(int argc, char **argv, int *i, const char *name)
{
    const char *eq = strchr(argv[*i], '=');
    if (eq != NULL)
        return eq + 1;
    if (*i + 1 >= argc) {
        cli_usage_error("data: %s needs a value (see accelsel data --help)", name);
        return NULL;
    }
    return argv[++*i];
}

static int parse_one(int argc, char **argv, int *i, data_args *a)
{
    const char *arg = argv[*i], *v = NULL;
    if (strcmp(arg, "--derive") == 0) {
        a->derive = 1;
        return CLI_OK;
    }
    if (strcmp(arg, "--raw") == 0) {
        a->raw = 1;
        return CLI_OK;
    }
    if (cli_is_opt(arg, "--csv") || cli_is_opt(arg, "--na") || cli_is_opt(arg, "--where") ||
        cli_is_opt(arg, "--columns") || cli_is_opt(arg, "--format") || cli_is_opt(arg, "--rows")) {
        if ((v = value_of(argc, argv, i, arg)) == NULL)
            return CLI_USAGE;
    } else {
        return cli_usage_error("data: unknown option '%s' (see accelsel data --help)", arg);
    }
    if (cli_is_opt(arg, "--csv"))
        a->csv = v;
    else if (cli_is_opt(arg, "--na"))
        a->na = v;
    else if (cli_is_opt(arg, "--where"))
        a->where[a->n_where++] = v;
    else if (cli_is_opt(arg, "--columns"))
        a->columns = v;
    else if (cli_is_opt(arg, "--rows")) {
        if (strcmp(v, "all") != 0 && strcmp(v, "kept") != 0)
            return cli_usage_error("data: --rows '%s' is not all or kept", v);
        a->rows = strcmp(v, "kept") == 0 ? ACCELSEL_SELECTION_ROWS_KEPT : ACCELSEL_SELECTION_ROWS_ALL;
    }
    else if ((a->format = cli_parse_format(v, 7u)) < 0)
        return cli_usage_error("data: unknown format '%s' (table, csv or json)", v);
    return CLI_OK;
}

/* Replace *ds by the dataset @p next made from it (or keep it on failure). */
static int step(accelsel_dataset **ds, accelsel_dataset *next, int rc, const char *what)
{
    if (rc != 0)
        return cli_fail(rc, what);
    accelsel_dataset_free(*ds);
    *ds = next;
    return CLI_OK;
}

static int out_of_memory(void)
{
    fputs("accelsel: data: out of memory\n", stderr);
    return CLI_FAIL;
}

/* Look up the comma-separated names of @p list in @p ds: cols[0..*n-1]. */
static int column_list(const accelsel_dataset *ds, char *list, size_t *cols, size_t *n)
{
    *n = 0;
    for (char *name = list, *next; name != NULL; name = next) {
        next = strchr(name, ',');
        if (next != NULL)
            *next++ = '\0';
        int rc = accelsel_dataset_column_index(ds, name, &cols[(*n)++]);
        if (rc != 0)
            return cli_fail(rc, "--columns");
    }
    return CLI_OK;
}

static int select_columns(accelsel_dataset **ds, const char *list)
{
    size_t n = 1;
    for (const char *p = list; *p; p++)
        n += *p == ',';
    char *copy = malloc(strlen(list) + 1);
    size_t *cols = malloc(n * sizeof *cols);
    int status = copy != NULL && cols != NULL ? CLI_OK : out_of_memory();
    if (status == CLI_OK)
        status = column_list(*ds, strcpy(copy, list), cols, &n);
    if (status == CLI_OK) {
        accelsel_dataset *sel = NULL;
        int rc = accelsel_dataset_select_columns(&sel, *ds, cols, n);
        status = step(ds, sel, rc, "--columns");
    }
    free(copy);
    free(cols);
    return status;
}

/* The readable default of the table format: those of these columns the data has. */
static char *default_columns(const accelsel_dataset *ds)
{
    static const char *const names[] = {"round", "submitter", "system_name", "accelerator_family",
                                        "total_accelerators", "time_to_train_min", "efficiency",
                                        "throughput_per_accelerator", "accelerator_hours"};
    char *list = calloc(1, 256);
    size_t col;
    for (size_t i = 0; list != NULL && i < sizeof names / sizeof names[0]; i++)
        if (accelsel_dataset_column_index(ds, names[i], &col) == 0) {
            if (list[0])
                strcat(list, ",");
            strcat(list, names[i]);
        }
    return list;
}

/* The columns to show: --columns, else all but for the built-in table. */
static int show_columns(accelsel_dataset **ds, const data_args *a)
{
    if (a->columns != NULL)
        return strcmp(a->columns, "all") == 0 ? CLI_OK : select_columns(ds, a->columns);
    if (a->csv != NULL || a->format != CLI_FORMAT_TABLE)
        return CLI_OK;
    char *list = default_columns(*ds);
    if (list == NULL)
        return out_of_memory();
    int status = list[0] ? select_columns(ds, list) : CLI_OK;
    free(list);
    return status;
}

static int run(const data_args *a)
{
    accelsel_dataset *ds = NULL, *next = NULL;
    int status = cli_load_dataset(&ds, a->csv, a->na), rc;
    if (status != CLI_OK)
        return status;
    int had_rows = accelsel_dataset_rows(ds) > 0;
    if (a->rows == ACCELSEL_SELECTION_ROWS_KEPT) {
        rc = accelsel_selection_keep_rows(&next, ds, a->rows);
        status = step(&ds, next, rc, "--rows");
    }
    if (status == CLI_OK && a->derive) {
        rc = accelsel_dataset_derive(&next, ds, NULL);
        status = step(&ds, next, rc, "--derive");
    }
    for (size_t i = 0; i < a->n_where && status == CLI_OK; i++)
        status = cli_filter(&ds, "data", a->where[i]);
    if (status == CLI_OK && accelsel_dataset_rows(ds) == 0)
        fputs(had_rows ? "accelsel: data: no row matches the filters\n"
                       : "accelsel: data: the input has no rows\n", stderr);
    if (status == CLI_OK)
        status = show_columns(&ds, a);
    if (status == CLI_OK)
        status = cli_print_dataset(stdout, ds, a->format);
    accelsel_dataset_free(ds);
    return status;
}

int cli_data(int argc, char **argv)
{
    data_args a = {NULL, NULL, NULL, 0, CLI_FORMAT_TABLE, ACCELSEL_SELECTION_ROWS_ALL, NULL, 0, 0};
    if (cli_wants_help(argc, argv)) {
        fputs(usage_text, stdout);
        return CLI_OK;
    }
    a.where = malloc((size_t)(argc > 0 ? argc : 1) * sizeof *a.where);
    if (a.where == NULL)
        return out_of_memory();
    int status = CLI_OK;
    for (int i = 1; i < argc && status == CLI_OK; i++)
        status = parse_one(argc, argv, &i, &a);
    if (status == CLI_OK && a.na != NULL && a.csv == NULL)
        status = cli_usage_error("data: --na goes with --csv (the built-in data has its own)");
    if (status == CLI_OK)
        status = cli_set_csv_raw("data", a.raw, a.format);
    if (status == CLI_OK)
        status = run(&a);
    free(a.where);
    return status;
}
