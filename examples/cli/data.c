/* accelsel data: show a dataset (built-in MLPerf results or a CSV file),
 * optionally with derived metrics, filtered and reduced to some columns. */
#include <stdlib.h>
#include <string.h>

#include "args.h"

static const char usage_text[] =
    "usage: accelsel data [--csv FILE [--na LIST]] [--benchmark NAME] [--rows all|kept]\n"
    "                     [--derive [--catalog FILE] [--cloud-prices FILE]]\n"
    "                     [--where COL=VALUE|COL=MIN..MAX ...] [--columns a,b,c|all]\n"
    "                     [--format table|csv|json [--raw]] [--help]\n"
    "       accelsel data --list [--format table|csv|json]\n"
    "\n"
    "Show the built-in MLPerf Training ResNet-50 results, the built-in results of\n"
    "another MLPerf Training benchmark (--benchmark; --list names them), or the\n"
    "CSV file FILE. The table format shows a readable set of the built-in data's\n"
    "columns (benchmark when the rows hold several, round, submitter,\n"
    "system_name, accelerator_family, total_accelerators, time_to_train_min, and\n"
    "with --derive efficiency, throughput_per_accelerator, accelerator_hours, each\n"
    "when a row has it); --columns all shows every column, as csv and json do.\n"
    "With --derive, a table with accelerator_model_name (or accelerator) also\n"
    "gets each row's catalog_device, accelerator_tdp_w, accelerator_price_usd,\n"
    "accelerator_price_basis, rent_usd_per_accelerator_hour and rent_instance,\n"
    "and from them wall_power_kw, energy_kwh (modelled from TDP),\n"
    "purchase_usd, buy_per_run_usd and rent_per_run_usd (docs/recommend.md);\n"
    "a missing price leaves its costs missing, never 0.\n";

typedef struct data_args {
    const char *csv, *na, *columns, *catalog, *cloud_prices, *benchmark;
    int derive, format, rows, list;
    cli_list where;
    int raw; /* --raw: CSV cells as they are */
} data_args;

static const char *const row_names[] = {"all", "kept", NULL};
static const int row_values[] = {ACCELSEL_SELECTION_ROWS_ALL, ACCELSEL_SELECTION_ROWS_KEPT};
static const char *const formats[] = {"table", "csv", "json", NULL};

#define DATA_N_OPTS 12

static void data_table(cli_opt *t, cli_command *c, data_args *a)
{
    const cli_opt opts[DATA_N_OPTS] = {
        {.name = "--csv", .kind = CLI_ARG_STRING, .dest = &a->csv, .meta = "FILE",
         .help = "read FILE (RFC 4180, header row) instead of the\nbuilt-in data"},
        {.name = "--na", .kind = CLI_ARG_STRING, .dest = &a->na, .meta = "LIST",
         .field = "na_values", .help = "further spellings of a missing value in FILE,\n"
                                       "comma-separated (empty, NA, N/A and NaN\nalways are)"},
        {.name = "--benchmark", .kind = CLI_ARG_STRING, .dest = &a->benchmark, .meta = "NAME",
         .field = "benchmark",
         .help = "the built-in results of MLPerf Training benchmark\nNAME (gpt3, bert, ...; "
                 "resnet is the ResNet-50\ntable, as without the option; all: every\nbenchmark "
                 "in one table); with --csv, the rows of\nFILE whose benchmark column is NAME"},
        {.name = "--list", .kind = CLI_ARG_FLAG, .dest = &a->list,
         .help = "list the built-in datasets: name, benchmark, rows,\ncolumns, what they hold"},
        {.name = "--rows", .kind = CLI_ARG_CHOICE, .dest = &a->rows, .meta = "P",
         .field = "rows", .choices = row_names, .values = row_values,
         .help = "all or kept (@D): kept is the rows accelsel\nrank keeps (time to train > 0, "
                 "accelerators > 0,\nclosed division, unique logs)"},
        {.name = "--derive", .kind = CLI_ARG_FLAG, .dest = &a->derive,
         .help = "add accelerators, throughput_img_s_derived,\nthroughput_per_accelerator, "
                 "speedup, efficiency,\naccelerator_hours and reference_row, computed on\nthe "
                 "rows of --rows, before --where; accelsel\nrank derives with --rows kept, so "
                 "use it to see\nthe E' that rank uses"},
        {.name = "--catalog", .kind = CLI_ARG_STRING, .dest = &a->catalog, .meta = "FILE",
         .help = "--derive: merge FILE over the built-in catalog\n(your own prices and TDPs)"},
        {.name = "--cloud-prices", .kind = CLI_ARG_STRING, .dest = &a->cloud_prices,
         .meta = "FILE", .help = "--derive: cloud prices (the columns of\n"
                                 "data/prices/cloud.csv) in place of the built-in\nones"},
        {.name = "--where", .kind = CLI_ARG_LIST, .dest = &a->where, .meta = "EXPR",
         .help = "keep rows where COL equals VALUE, or where numeric\nCOL lies in MIN..MAX "
                 "(inclusive; either bound\nmay be empty); repeatable"},
        {.name = "--columns", .kind = CLI_ARG_STRING, .dest = &a->columns, .meta = "LIST",
         .help = "show only these columns, in this order\n(comma-separated), or all"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats, .help = "table, csv or json (@D)"},
        CLI_OPT_RAW(&a->raw),
    };
    memcpy(t, opts, sizeof opts);
    *c = (cli_command){.name = "data", .usage = usage_text, .opts = t, .n_opts = DATA_N_OPTS};
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

/* Whether column @p name of @p ds is worth a default table column: present,
 * with a value on some row, and for benchmark more than one value. */
static int worth_showing(const accelsel_dataset *ds, const char *name)
{
    size_t col, n = accelsel_dataset_rows(ds);
    if (accelsel_dataset_column_index(ds, name, &col) != 0)
        return 0;
    if (strcmp(name, "benchmark") == 0)
        return accelsel_dataset_levels(ds, col) > 1;
    for (size_t i = 0; i < n; i++)
        if (accelsel_dataset_is_missing(ds, i, col) == 0)
            return 1;
    return n == 0;
}

/* The readable default of the table format: those of these columns worth showing. */
static char *default_columns(const accelsel_dataset *ds)
{
    static const char *const names[] = {"benchmark", "round", "submitter", "system_name",
                                        "accelerator_family", "total_accelerators",
                                        "time_to_train_min", "efficiency",
                                        "throughput_per_accelerator", "accelerator_hours"};
    char *list = calloc(1, 256);
    for (size_t i = 0; list != NULL && i < sizeof names / sizeof names[0]; i++)
        if (worth_showing(ds, names[i])) {
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
    int status = cli_load_dataset(&ds, a->csv, a->na, a->benchmark), rc;
    if (status != CLI_OK)
        return status;
    int had_rows = accelsel_dataset_rows(ds) > 0;
    if (a->rows == ACCELSEL_SELECTION_ROWS_KEPT) {
        rc = accelsel_selection_keep_rows(&next, ds, a->rows);
        status = step(&ds, next, rc, "--rows");
    }
    int priced = 0;
    if (status == CLI_OK && a->derive)
        status = cli_add_prices(&ds, a->catalog, a->cloud_prices, &priced);
    if (status == CLI_OK && a->derive) {
        rc = accelsel_dataset_derive(&next, ds, NULL);
        status = step(&ds, next, rc, "--derive");
    }
    if (status == CLI_OK && priced)
        fprintf(stderr, "accelsel: data: %s\n", cli_energy_note);
    for (size_t i = 0; i < a->where.n && status == CLI_OK; i++)
        status = cli_filter(&ds, "data", a->where.items[i]);
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

/* --list: a table of the built-in datasets, in the library's order. */
static int list_builtins(int format)
{
    size_t n = 0;
    while (accelsel_dataset_builtin_name(n) != NULL)
        n++;
    const char **name = calloc(n ? n : 1, sizeof *name), **bench = calloc(n ? n : 1, sizeof *bench);
    const char **what = calloc(n ? n : 1, sizeof *what);
    double *rows = calloc(n ? n : 1, sizeof *rows), *cols = calloc(n ? n : 1, sizeof *cols);
    accelsel_dataset *list = NULL;
    int rc = name && bench && what && rows && cols ? 0 : ACCELSEL_ENOMEM;
    for (size_t i = 0; i < n && rc == 0; i++) {
        static const char prefix[] = "mlperf-training-";
        accelsel_dataset *ds = NULL;
        name[i] = accelsel_dataset_builtin_name(i);
        what[i] = accelsel_dataset_builtin_description(i);
        bench[i] = strncmp(name[i], prefix, sizeof prefix - 1) == 0 ? name[i] + sizeof prefix - 1
                                                                   : "all";
        rc = accelsel_dataset_load_builtin(&ds, name[i]);
        rows[i] = (double)accelsel_dataset_rows(ds);
        cols[i] = (double)accelsel_dataset_cols(ds);
        accelsel_dataset_free(ds);
    }
    if (rc == 0)
        rc = accelsel_dataset_new(&list, n);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(list, "name", name, n);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(list, "benchmark", bench, n);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(list, "rows", rows, n);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(list, "columns", cols, n);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(list, "description", what, n);
    int status = rc == 0 ? cli_print_dataset(stdout, list, format) : cli_fail(rc, "data --list");
    accelsel_dataset_free(list);
    free(name);
    free(bench);
    free(what);
    free(rows);
    free(cols);
    return status;
}

/* --list shows the built-in datasets and takes no option that reads rows. */
static int check_list(const data_args *a)
{
    if (a->csv != NULL || a->benchmark != NULL || a->derive || a->where.n > 0 ||
        a->columns != NULL || a->rows != ACCELSEL_SELECTION_ROWS_ALL || a->raw ||
        a->catalog != NULL || a->cloud_prices != NULL)
        return cli_usage_error("data: --list takes only --format");
    return CLI_OK;
}

int cli_data(int argc, char **argv)
{
    data_args a = {.format = CLI_FORMAT_TABLE, .rows = ACCELSEL_SELECTION_ROWS_ALL};
    cli_opt opts[DATA_N_OPTS];
    cli_command c;
    data_table(opts, &c, &a);
    if (cli_args_help_asked(&c, argc, argv))
        return CLI_OK;
    int status = cli_args_parse(&c, argc, argv);
    if (status == CLI_OK && a.list) {
        status = check_list(&a);
        if (status == CLI_OK)
            status = list_builtins(a.format);
        free(a.where.items);
        return status;
    }
    if (status == CLI_OK && a.na != NULL && a.csv == NULL)
        status = cli_usage_error("data: --na goes with --csv (the built-in data has its own)");
    if (status == CLI_OK && (a.catalog != NULL || a.cloud_prices != NULL) && !a.derive)
        status = cli_usage_error("data: --%s goes with --derive (the prices it joins)",
                                 a.catalog != NULL ? "catalog" : "cloud-prices");
    if (status == CLI_OK)
        status = cli_set_csv_raw("data", a.raw, a.format);
    if (status == CLI_OK)
        status = run(&a);
    free(a.where.items);
    return status;
}
