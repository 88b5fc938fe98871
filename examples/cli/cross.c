/* accelsel cross: for the systems that ran several MLPerf benchmarks in a
 * round, each benchmark's speed against a reference system of the round
 * (accelsel_dataset_cross_benchmark()), as a table per round, CSV or JSON,
 * and a figure of one benchmark against the others. */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cross.h"

static const char usage_text[] =
    "usage: accelsel cross [--csv FILE [--na LIST]] [--rows kept|all] [--where EXPR ...]\n"
    "                      [--reference SYSTEM] [--min-benchmarks N] [--per accelerator|system]\n"
    "                      [--format table|csv|json [--raw]] [--plot FILE.svg [--base NAME]]\n"
    "\n"
    "Speed across benchmarks: for each system (round, submitter, system_name and\n"
    "accelerators) that ran several MLPerf Training benchmarks in a round, each\n"
    "benchmark's speed against a reference system of the same round, so that one\n"
    "sees whether a system fast on one benchmark is fast on another. Speed per\n"
    "accelerator is (T_ref x N_ref) / (T x N), per system T_ref / T (T time to\n"
    "train, N accelerators); 2.0 trains twice as fast as the reference. Of\n"
    "several rows of one system and benchmark the fastest counts. The rows are\n"
    "the built-in table of every benchmark (mlperf-training), or FILE; --rows and\n"
    "--where as in accelsel data (--where total_accelerators=8 compares single\n"
    "nodes alone: per-accelerator speed falls as systems grow). The table shows a\n"
    "block per round, a column per benchmark of the round; csv and json write one\n"
    "row per system and benchmark.\n";

static const char epilog[] =
    "\n"
    "ResNet-50 and the Llama 2 70B LoRA fine-tuning never share a round here\n"
    "(ResNet-50 of v4.0 is held back): compare them through a benchmark both\n"
    "share rounds with, such as BERT.\n";

static const char *const row_names[] = {"kept", "all", NULL};
static const int row_values[] = {ACCELSEL_SELECTION_ROWS_KEPT, ACCELSEL_SELECTION_ROWS_ALL};
static const char *const per_names[] = {"accelerator", "system", NULL};
static const char *const formats[] = {"table", "csv", "json", NULL};

#define CROSS_N_OPTS 11

static void cross_table(cli_opt *t, cli_command *c, cross_args *a)
{
    const cli_opt opts[CROSS_N_OPTS] = {
        {.name = "--csv", .kind = CLI_ARG_STRING, .dest = &a->csv, .meta = "FILE",
         .help = "read FILE (RFC 4180, header row) instead of the\nbuilt-in data"},
        {.name = "--na", .kind = CLI_ARG_STRING, .dest = &a->na, .meta = "LIST",
         .field = "na_values", .help = "further spellings of a missing value in FILE,\n"
                                       "comma-separated"},
        {.name = "--rows", .kind = CLI_ARG_CHOICE, .dest = &a->rows, .meta = "P",
         .field = "rows", .choices = row_names, .values = row_values,
         .help = "kept (closed division, unique logs, a time and\naccelerators above 0) or "
                 "all; @D"},
        {.name = "--where", .kind = CLI_ARG_LIST, .dest = &a->where, .meta = "EXPR",
         .help = "keep rows where COL=VALUE, or numeric COL in\nMIN..MAX (round=v3.1); "
                 "repeatable"},
        {.name = "--reference", .kind = CLI_ARG_STRING, .dest = &a->reference, .meta = "SYSTEM",
         .field = "reference",
         .help = "the system_name of the reference in each round\n(the first of that name "
                 "there; rounds without it\nare left out); by default the system that ran the\n"
                 "most benchmarks of its round (then the fewest\naccelerators)"},
        {.name = "--min-benchmarks", .kind = CLI_ARG_U32, .dest = &a->min_benchmarks,
         .meta = "N", .field = "min_benchmarks", .lo = 1, .hi = UINT32_MAX,
         .help = "leave out systems that ran fewer benchmarks in\ntheir round (@D)"},
        {.name = "--per", .kind = CLI_ARG_CHOICE, .dest = &a->per, .meta = "P",
         .choices = per_names,
         .help = "the table's and the figure's speed: per accelerator\nor of the whole system; "
                 "@D"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats, .help = "table, csv or json (@D)"},
        CLI_OPT_RAW(&a->raw),
        {.name = "--plot", .kind = CLI_ARG_STRING, .dest = &a->plot, .meta = "FILE.svg",
         .help = "also write a figure: one panel per benchmark\nthat systems ran beside --base "
                 "in a round (the\neight with the most), the speed on --base across\nand on the "
                 "benchmark up, per system, coloured\nby accelerator family; on the dashed line "
                 "a\nsystem is as fast on both"},
        {.name = "--base", .kind = CLI_ARG_STRING, .dest = &a->base, .meta = "NAME",
         .help = "the benchmark across the figure; by default the\none that the most systems "
                 "ran"},
    };
    memcpy(t, opts, sizeof opts);
    *c = (cli_command){.name = "cross", .usage = usage_text, .epilog = epilog, .opts = t,
                       .n_opts = CROSS_N_OPTS};
}

static int load(accelsel_dataset **ds, const cross_args *a)
{
    int status = cli_load_dataset(ds, a->csv, a->na, a->csv != NULL ? NULL : "all");
    if (status == CLI_OK && a->rows == ACCELSEL_SELECTION_ROWS_KEPT) {
        accelsel_dataset *kept = NULL;
        int rc = accelsel_selection_keep_rows(&kept, *ds, a->rows);
        if (rc != 0)
            return cli_fail(rc, "--rows");
        accelsel_dataset_free(*ds);
        *ds = kept;
    }
    for (size_t i = 0; status == CLI_OK && i < a->where.n; i++)
        status = cli_filter(ds, "cross", a->where.items[i]);
    return status;
}

static int run(const cross_args *a)
{
    accelsel_dataset *ds = NULL, *cx = NULL;
    int status = load(&ds, a);
    if (status == CLI_OK) {
        accelsel_cross_options o = ACCELSEL_CROSS_OPTIONS_INIT;
        o.reference = a->reference;
        o.min_benchmarks = a->min_benchmarks;
        int rc = accelsel_dataset_cross_benchmark(&cx, ds, &o);
        status = rc == 0 ? CLI_OK : cli_fail(rc, "cross");
    }
    if (status == CLI_OK && accelsel_dataset_rows(cx) == 0)
        fprintf(stderr, "accelsel: cross: no system ran %lu or more benchmarks in a round "
                        "beside its reference\n", (unsigned long)a->min_benchmarks);
    if (status == CLI_OK && a->plot != NULL)
        status = cross_plot(a, cx);
    if (status == CLI_OK)
        status = a->format == CLI_FORMAT_TABLE ? cross_print_table(stdout, a, cx)
                                               : cli_print_dataset(stdout, cx, a->format);
    accelsel_dataset_free(cx);
    accelsel_dataset_free(ds);
    return status;
}

int cli_cross(int argc, char **argv)
{
    accelsel_cross_options d = ACCELSEL_CROSS_OPTIONS_INIT; /* the library's default */
    cross_args a = {.rows = ACCELSEL_SELECTION_ROWS_KEPT, .format = CLI_FORMAT_TABLE,
                    .min_benchmarks = d.min_benchmarks};
    cli_opt opts[CROSS_N_OPTS];
    cli_command c;
    cross_table(opts, &c, &a);
    if (cli_args_help_asked(&c, argc, argv))
        return CLI_OK;
    int status = cli_args_parse(&c, argc, argv);
    if (status == CLI_OK && a.na != NULL && a.csv == NULL)
        status = cli_usage_error("cross: --na goes with --csv (the built-in data has its own)");
    if (status == CLI_OK && a.base != NULL && a.plot == NULL)
        status = cli_usage_error("cross: --base goes with --plot");
    if (status == CLI_OK && a.plot != NULL)
        status = cli_svg_name("cross", "--plot", a.plot);
    if (status == CLI_OK)
        status = cli_set_csv_raw("cross", a.raw, a.format);
    if (status == CLI_OK)
        status = run(&a);
    free(a.where.items);
    return status;
}
