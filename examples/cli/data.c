/* accelsel data: show a dataset (built-in MLPerf results or a CSV file),
 * optionally with derived metrics, filtered and reduced to some columns. */
#include <stdlib.h>
#include <string.h>

#include "args.h"

static const char usage_text[] =
    "usage: accelsel data [--csv FILE [--na LIST]] [--rows all|kept]\n"
    "                     [--derive [--catalog FILE] [--cloud-prices FILE]]\n"
    "                     [--where COL=VALUE|COL=MIN..MAX ...] [--columns a,b,c|all]\n"
    "                     [--format table|csv|json [--raw]] [--help]\n"
    "\n"
    "Show the built-in MLPerf Training ResNet-50 results, or the CSV file FILE.\n"
    "The table format shows a readable set of the built-in data's columns\n"
    "(round, submitter, system_name, accelerator_family, total_accelerators,\n"
    "time_to_train_min, and with --derive efficiency, throughput_per_accelerator,\n"
    "accelerator_hours); --columns all shows every column, as csv and json do.\n"
    "With --derive, a table with accelerator_model_name (or accelerator) also\n"
    "gets each row's catalog_device, accelerator_tdp_w, accelerator_price_usd,\n"
    "accelerator_price_basis, rent_usd_per_accelerator_hour and rent_instance,\n"
    "and from them wall_power_kw, energy_kwh (modelled from TDP),\n"
    "purchase_usd, buy_per_run_usd and rent_per_run_usd (docs/recommend.md);\n"
    "a missing price leaves its costs missing, never 0.\n";

typedef struct data_args {
    const char *csv, *na, *columns, *catalog, *cloud_prices;
    int derive, format, rows;
    cli_list where;
    int raw; /* --raw: CSV cells as they are */
} data_args;

static const char *const row_names[] = {"all", "kept", NULL};
static const int row_values[] = {ACCELSEL_SELECTION_ROWS_ALL, ACCELSEL_SELECTION_ROWS_KEPT};
static const char *const formats[] = {"table", "csv", "json", NULL};

#define DATA_N_OPTS 10

static void data_table(cli_opt *t, cli_command *c, data_args *a)
{
    const cli_opt opts[DATA_N_OPTS] = {
        {.name = "--csv", .kind = CLI_ARG_STRING, .dest = &a->csv, .meta = "FILE",
         .help = "read FILE (RFC 4180, header row) instead of the\nbuilt-in data"},
        {.name = "--na", .kind = CLI_ARG_STRING, .dest = &a->na, .meta = "LIST",
         .field = "na_values", .help = "further spellings of a missing value in FILE,\n"
                                       "comma-separated (empty, NA, N/A and NaN\nalways are)"},
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

int cli_data(int argc, char **argv)
{
    data_args a = {.format = CLI_FORMAT_TABLE, .rows = ACCELSEL_SELECTION_ROWS_ALL};
    cli_opt opts[DATA_N_OPTS];
    cli_command c;
    data_table(opts, &c, &a);
    if (cli_args_help_asked(&c, argc, argv))
        return CLI_OK;
    int status = cli_args_parse(&c, argc, argv);
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
