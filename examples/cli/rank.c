/* accelsel rank: run the whole selection method -- variable importance,
 * clustering into performance groups, ranking of the groups and of the
 * configurations -- and say what it found. This file: options and the run. */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "rank_cli.h"

static const char usage_text[] =
    "usage: accelsel rank [--csv FILE [--na LIST]] [--benchmark NAME] [--rows kept|all]\n"
    "                     [--where EXPR ...]\n"
    "                     [--features LIST] [--variables LIST]\n"
    "                     [--target COL] [--k N | --k-range A..B --k-by CRITERION]\n"
    "                     [--algorithm kmeans|ward] [--criteria LIST] [--method M]\n"
    "                     [--seed N] [--top N] [--format table|json|csv [--raw]]\n"
    "                     [--plot FILE.svg] [--name-column COL]\n"
    "                     [--catalog FILE] [--cloud-prices FILE]\n"
    "                     [--with-predictions SPEC]\n"
    "\n"
    "Run the selection method on benchmark results: which variables drive the\n"
    "target, which performance groups the configurations form, how the groups\n"
    "and the configurations rank, and a recommendation drawn from the results.\n"
    "\n"
    "Rows. The built-in MLPerf Training ResNet-50 results, those of another\n"
    "MLPerf Training benchmark (--benchmark NAME; accelsel data --list), or FILE\n"
    "(any table; with --benchmark, its rows of that benchmark).\n"
    "Kept (--rows kept, the default): rows with a time to train above 0, more\n"
    "than 0 accelerators, closed division and logs that repeat no earlier row\n"
    "(same_runs_as empty); each filter applies when its column\n"
    "(time_to_train_min, total_accelerators, division_norm, same_runs_as)\n"
    "exists. Then derived metrics are added (accelerators,\n"
    "throughput_per_accelerator, speedup, efficiency, accelerator_hours, as in\n"
    "accelsel data --derive --rows kept: computed on the kept rows only) when\n"
    "the table has time_to_train_min and total_accelerators; then --where\n"
    "applies.\n"
    "\n"
    "Prices. A table with accelerator_model_name (or accelerator) gets each\n"
    "row's catalog_device (vendor spellings resolve as catalog names do), TDP,\n"
    "purchase price and cloud price before the derived metrics, which then add\n"
    "energy_kwh (modelled from TDP), purchase_usd, buy_per_run_usd and\n"
    "rent_per_run_usd (docs/recommend.md): criteria like any other column.\n"
    "\n"
    "Names. Rows are called by --name-column (default: system_name, else the\n"
    "first text column whose values are all there and unique, else their\n"
    "line in the file). Every row left out (by a filter of Rows, by --where,\n"
    "or for lack of a criterion) is counted and listed with why.\n"
    "\n"
    "Any table. The defaults below fit the MLPerf table. On another table,\n"
    "steps that need a missing column are skipped and said in a Note (derived\n"
    "metrics; importance, unless --target is given); the defaults of\n"
    "--features and --criteria cannot be skipped, so name them (exit 2 says\n"
    "which). The range of k is clamped to the distinct clustered rows minus 1.\n"
    "On the rows of an MLPerf benchmark other than ResNet-50 (a text column\n"
    "benchmark), whose epochs count no ImageNet images, the default features\n"
    "are\n"
    "  " ACCELSEL_SELECTION_BENCHMARK_FEATURES ",\n"
    "the default criteria\n"
    "  " ACCELSEL_SELECTION_BENCHMARK_CRITERIA ",\n"
    "and " ACCELSEL_SELECTION_ENERGY_CRITERION " joins them when every kept row has a\n"
    "measured energy (power submissions); a Note says so.\n"
    "Columns rank makes keep their names: a text column of FILE named cluster\n"
    "or size, or COL_median, COL_min or COL_max beside a numeric COL (names of\n"
    "the group profiles), is renamed NAME_input, with a note, and the options\n"
    "name it so.\n"
    "\n";

static const char epilog[] =
    "\n"
    "Groups are numbered from 1 in the clustering's order. Exit status: 0 success,\n"
    "1 a library error (status name and message printed), 2 bad usage.\n";

static const char *const row_names[] = {"kept", "all", NULL};
static const int row_values[] = {ACCELSEL_SELECTION_ROWS_KEPT, ACCELSEL_SELECTION_ROWS_ALL};
static const char *const formats[] = {"table", "csv", "json", NULL};

#define RANK_N_OPTS 23

/* The table, and the values as the parser reads them before they narrow
 * into rank_args; the defaults the help shows that are lists or ranges. */
typedef struct rank_table {
    cli_opt opts[RANK_N_OPTS];
    cli_command cmd;
    cli_names k_by, algorithms;
    cli_list where;
    const char *k_range, *method;
    uint64_t top;
    int algorithm, k_given, range_given;
    char k_range_default[48], algorithm_default[64], criteria_default[512];
} rank_table;

#define RANK_TEXT(opt, m, dst, fld, text) \
    {.name = opt, .kind = CLI_ARG_STRING, .dest = dst, .meta = m, .field = fld, .help = text}

static void rank_table_init(rank_table *t, rank_args *a)
{
    cli_names_kselect(&t->k_by);
    cli_names_algorithms(&t->algorithms);
    const cli_opt opts[RANK_N_OPTS] = {
        RANK_TEXT("--csv", "FILE", &a->csv, NULL,
                  "read FILE (RFC 4180, header row) instead of the\nbuilt-in data"),
        RANK_TEXT("--na", "LIST", &a->na, "na_values",
                  "further spellings of a missing value in FILE,\ncomma-separated; "
                  "--na=-,core_count reads\ndata/mlperf_training_resnet.csv as the built-in "
                  "data\nis read"),
        RANK_TEXT("--benchmark", "NAME", &a->benchmark, "benchmark",
                  "the built-in results of MLPerf Training benchmark\nNAME (gpt3, bert, ...; "
                  "resnet is the default\ntable; all: every benchmark); with --csv, the rows\n"
                  "of FILE whose benchmark column is NAME"),
        {.name = "--rows", .kind = CLI_ARG_CHOICE, .dest = &a->rows, .meta = "P",
         .field = "rows", .choices = row_names, .values = row_values,
         .help = "kept (see Rows) or all (every row; derived metrics on\nall); @D"},
        {.name = "--where", .kind = CLI_ARG_LIST, .dest = &t->where, .meta = "EXPR",
         .help = "keep rows where COL=VALUE, or numeric COL in MIN..MAX;\nrepeatable; may name "
                 "derived columns"},
        {.name = "--features", .kind = CLI_ARG_STRING, .dest = &a->features, .meta = "LIST",
         .field = "features", .shown_default = accelsel_selection_default("features"),
         .help = "clustering features, comma-separated; log10(COL) takes\nthe logarithm first; "
                 "numeric features are z-scored,\ncategorical ones one-hot; rows missing one "
                 "are not\nclustered; @D"},
        {.name = "--variables", .kind = CLI_ARG_STRING, .dest = &a->variables, .meta = "LIST",
         .field = "variables", .shown_default = accelsel_selection_default("variables"),
         .help = "inputs of the variable importance, same syntax (missing\nvalues imputed by the "
                 "median or most common level);\n@D\n(those of them the table has)"},
        {.name = "--target", .kind = CLI_ARG_STRING, .dest = &a->target, .meta = "COL",
         .field = "target", .empty_ok = 1, .shown_default = accelsel_selection_default("target"),
         .help = "numeric column (or log10(COL)) whose drivers are\nmeasured; @D,\nand "
                 "importance is skipped (with a note) when the\ntable has no time_to_train_min; "
                 "--target '' skips it\nalways"},
        {.name = "--k", .kind = CLI_ARG_U32, .dest = &a->k, .meta = "N", .field = "k", .lo = 1,
         .hi = UINT32_MAX, .given = &t->k_given, .want = "a whole number of at least 1",
         .help = "use N groups"},
        {.name = "--k-range", .kind = CLI_ARG_STRING, .dest = &t->k_range, .meta = "A..B",
         .field = "k_min", .given = &t->range_given, .shown_default = t->k_range_default,
         .help = "choose k in A..B (@D) by --k-by"},
        {.name = "--k-by", .kind = CLI_ARG_CHOICE, .dest = &a->k_by, .meta = "C", .field = "k_by",
         .choices = t->k_by.names, .values = t->k_by.values, .given = &t->range_given,
         .help = "silhouette (highest), ch (Calinski-Harabasz, highest),\ndb (Davies-Bouldin, "
                 "lowest), elbow (of the inertia) or\ngap (gap statistic, 10 uniform "
                 "references);\n@D"},
        {.name = "--algorithm", .kind = CLI_ARG_CHOICE, .dest = &t->algorithm, .meta = "A",
         .field = "algorithm", .choices = t->algorithms.names, .values = t->algorithms.values,
         .shown_default = t->algorithm_default, .help = "kmeans or ward\n(@D)"},
        {.name = "--criteria", .kind = CLI_ARG_STRING, .dest = &a->criteria, .meta = "LIST",
         .field = "criteria", .shown_default = t->criteria_default,
         .help = "COL:WEIGHT:benefit|cost,... on data columns; groups\nare ranked on each "
                 "criterion's median over the group\n(COL_median); @D"},
        {.name = "--method", .kind = CLI_ARG_STRING, .dest = &t->method, .meta = "M",
         .field = "method", .want = "topsis, wsum or pareto",
         .shown_default = accelsel_rank_method_name(a->method),
         .help = "topsis, wsum or pareto (@D; rows of\none front tie at 1/front; no weight "
                 "sensitivity,\nsince weights cannot change the fronts)"},
        {.name = "--seed", .kind = CLI_ARG_UINT, .dest = &a->seed, .meta = "N", .field = "seed",
         .hi = UINT64_MAX, .want = "a whole number",
         .help = "seed of k-means, the forest and the sensitivity draws;\n@D"},
        {.name = "--top", .kind = CLI_ARG_UINT, .dest = &t->top, .meta = "N", .lo = 1,
         .hi = SIZE_MAX, .want = "a whole number of at least 1",
         .help = "configurations to list; @D"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats,
         .help = "table, csv or json (@D); json: one\nobject (settings, importance, "
                 "k_selection, clusters,\ncluster_ranking, top_configurations, "
                 "recommendation);\ncsv: the top configurations only (rank, score, group,\n"
                 "group_rank, then the data's columns: the descriptive\nones, the criteria, "
                 "then every other; one of those\nfour names renamed NAME_input)"},
        CLI_OPT_RAW(&a->raw),
        RANK_TEXT("--plot", "FILE.svg", &a->plot, NULL,
                  "also write two panels: a PCA of the features coloured\nby group, and time to "
                  "train against accelerators\n(log-log), the best time per accelerator_family "
                  "and\ncount; the second only when the rows have those\ncolumns (a note says "
                  "when it is left out)"),
        RANK_TEXT("--name-column", "COL", &a->name_column, NULL,
                  "text column that names the rows (see Names)"),
        RANK_TEXT("--catalog", "FILE", &a->catalog, NULL,
                  "merge FILE over the built-in catalog (your own\nprices and TDPs)"),
        RANK_TEXT("--cloud-prices", "FILE", &a->cloud_prices, NULL,
                  "cloud prices (the columns of data/prices/cloud.csv)\nin place of the "
                  "built-in ones"),
        /* documented by rank_predictions_usage, after the table's help */
        RANK_TEXT("--with-predictions", "SPEC", &a->with_predictions, NULL, NULL),
    };
    memcpy(t->opts, opts, sizeof opts);
    t->cmd = (cli_command){.name = "rank", .usage = usage_text, .epilog = epilog,
                           .opts = t->opts, .n_opts = RANK_N_OPTS, .value_first = 1};
}

/* The values read into @p a: the k range and the method by the library's rules. */
static int narrow(const rank_table *t, rank_args *a)
{
    uint64_t lo, hi;
    a->where = t->where.items;
    a->n_where = t->where.n;
    a->algorithm = (uint32_t)t->algorithm;
    a->top = (size_t)t->top;
    if (t->k_range != NULL) {
        if (cli_parse_uint_range(t->k_range, 1, UINT32_MAX, &lo, &hi) != 1)
            return cli_usage_error("rank: --k-range '%s' is not A..B with 1 <= A <= B",
                                   t->k_range);
        a->k_min = (uint32_t)lo;
        a->k_max = (uint32_t)hi;
    }
    if (t->method != NULL && accelsel_rank_method_from_name(t->method, &a->method) != 0)
        return cli_usage_error("rank: --method '%s' is not topsis, wsum or pareto", t->method);
    if (a->plot != NULL && cli_svg_name("rank", "--plot", a->plot) != CLI_OK)
        return CLI_USAGE;
    return CLI_OK;
}

static int parse_args(rank_table *t, int argc, char **argv, rank_args *a)
{
    int status = cli_args_parse(&t->cmd, argc, argv);
    if (status == CLI_OK)
        status = narrow(t, a);
    if (status == CLI_OK && t->k_given && t->range_given)
        return cli_usage_error("rank: --k fixes k; it cannot be combined with --k-range or --k-by");
    if (status == CLI_OK && a->na != NULL && a->csv == NULL)
        return cli_usage_error("rank: --na goes with --csv (the built-in data has its own)");
    if (status == CLI_OK)
        status = cli_set_csv_raw("rank", a->raw, a->format);
    return status;
}

void rank_result_free(rank_result *r)
{
    accelsel_selection_free(r->selection);
}

const char *rank_k_reason(const rank_result *r)
{
    return accelsel_selection_k_reason(r->selection);
}

const char *rank_advice(const rank_result *r)
{
    return accelsel_selection_recommendation(r->selection);
}

int rank_oom(void)
{
    fputs("accelsel: rank: out of memory\n", stderr);
    return CLI_FAIL;
}

static int report(const rank_args *a, const rank_result *r)
{
    if (a->plot != NULL) {
        int status = rank_plot(a->plot, r);
        if (status != CLI_OK)
            return status;
    }
    if (a->format == CLI_FORMAT_JSON)
        return rank_print_json(stdout, a, r);
    if (a->format == CLI_FORMAT_CSV)
        return rank_print_csv(stdout, a, r);
    return rank_print_table(stdout, a, r);
}

/* The option of each accelsel_selection_options field, as the command line
 * spells it; NULL for a field it does not map. */
static const char *option_of_field(const char *field)
{
    static const char *const fields[][2] = {
        {"features", "--features"}, {"variables", "--variables"}, {"target", "--target"},
        {"criteria", "--criteria"}, {"where", "--where"},         {"k_min", "--k-range"},
        {"k_max", "--k-range"},     {"k_by", "--k-by"},           {"k", "--k"},
        {"algorithm", "--algorithm"}, {"method", "--method"}};
    for (size_t i = 0; field != NULL && i < sizeof fields / sizeof fields[0]; i++)
        if (strcmp(field, fields[i][0]) == 0)
            return fields[i][1];
    return NULL;
}

/* A library error, blamed on the option its field names. Malformed text
 * (criteria, where, a bound of where that no double holds, a range whose
 * ends are swapped, as data --where says) and a default list that needs a
 * column the data lacks are usage errors (exit 2): the fix is to give the
 * option. The rest (a named column that does not exist, rows that cannot
 * give a result) exit 1. */
static int selection_error(int rc)
{
    const accelsel_error *e = accelsel_last_error();
    const char *option = option_of_field(e->field);
    int usage = rc == ACCELSEL_EPARSE ||
                (rc == ACCELSEL_EINVAL && option != NULL &&
                 (strcmp(option, "--features") == 0 || strcmp(option, "--criteria") == 0 ||
                  strcmp(option, "--where") == 0)) ||
                (rc == ACCELSEL_ERANGE && option != NULL && strcmp(option, "--where") == 0);
    if (option != NULL && usage)
        return cli_usage_error("rank: %s: %s (%s)", option, e->message, accelsel_status_name(rc));
    if (option != NULL || e->field != NULL) {
        fprintf(stderr, "accelsel: rank: %s: %s (%s)\n", option != NULL ? option : e->field,
                e->message, accelsel_status_name(rc));
        return CLI_FAIL;
    }
    return cli_fail(rc, "rank");
}

/* Borrow every result of the selection for the reports. */
static int borrow(rank_result *r)
{
    const accelsel_selection *s = r->selection;
    r->rows_in = accelsel_selection_rows_in(s);
    r->ds = accelsel_selection_dataset(s);
    r->imp = accelsel_selection_importance(s);
    r->n_constant = accelsel_selection_constant_count(s);
    r->feat = accelsel_selection_features(s);
    r->matrix = accelsel_selection_matrix(s, &r->n, &r->d, &r->matrix_rows);
    r->sel = accelsel_selection_k_choice(s);
    r->model = accelsel_selection_model(s);
    r->group_of_row = accelsel_selection_row_labels(s);
    r->crit = accelsel_selection_criteria(s, &r->n_crit);
    r->groups = accelsel_selection_group_ranking(s);
    r->sens = accelsel_selection_sensitivity(s);
    r->rows = accelsel_selection_row_ranking(s);
    r->constant = calloc(r->n_constant ? r->n_constant : 1, sizeof *r->constant);
    if (r->constant == NULL)
        return rank_oom();
    for (size_t i = 0; i < r->n_constant; i++)
        ((const char **)r->constant)[i] = accelsel_selection_constant(s, i);
    return CLI_OK;
}

static int run(const rank_args *a)
{
    accelsel_selection_options o = ACCELSEL_SELECTION_OPTIONS_INIT;
    o.features = a->features;
    o.variables = a->variables;
    o.target = a->target;
    o.criteria = a->criteria;
    o.where = a->where;
    o.n_where = a->n_where;
    o.k = a->k;
    o.k_min = a->k_min;
    o.k_max = a->k_max;
    o.k_by = a->k_by;
    o.algorithm = a->algorithm;
    o.method = a->method;
    o.seed = a->seed;
    o.rows = a->rows;
    rank_result r;
    memset(&r, 0, sizeof r);
    accelsel_dataset *data = NULL;
    int status = cli_load_dataset(&data, a->csv, a->na, a->benchmark);
    if (status == CLI_OK)
        status = cli_keep_profile_names(&data, "rank");
    if (status == CLI_OK && a->with_predictions != NULL)
        status = rank_add_predictions(a->with_predictions, &data);
    if (status == CLI_OK)
        status = cli_add_prices(&data, a->catalog, a->cloud_prices, &r.priced);
    if (status == CLI_OK) {
        int rc = accelsel_selection_run(&r.selection, data, &o);
        status = rc == 0 ? borrow(&r) : selection_error(rc);
    }
    r.input = data;
    size_t energy;
    r.priced = r.priced && r.ds != NULL &&
               accelsel_dataset_column_index(r.ds, "energy_kwh", &energy) == 0;
    if (status == CLI_OK)
        status = rank_choose_name(&r, a);
    /* The table and JSON reports carry the notes; CSV has no room for them. */
    size_t notes = a->format == CLI_FORMAT_CSV ? accelsel_selection_note_count(r.selection) : 0;
    for (size_t i = 0; i < notes; i++) {
        fputs("accelsel: rank: ", stderr);
        cli_print_text(stderr, accelsel_selection_note(r.selection, i));
        fputc('\n', stderr);
    }
    if (status == CLI_OK && r.priced && a->format == CLI_FORMAT_CSV)
        fprintf(stderr, "accelsel: rank: %s\n", cli_energy_note);
    if (status == CLI_OK)
        status = report(a, &r);
    accelsel_dataset_free(data);
    free((void *)r.constant);
    rank_result_free(&r);
    return status;
}

/* "0.4, 0.2, 0.2, 0.2": the weights of the default criteria, normalised. */
static void default_weights(char *out, size_t size)
{
    accelsel_criterion *c = NULL;
    size_t n = 0, len = 0;
    double sum = 0;
    *out = '\0';
    if (accelsel_criteria_parse(&c, &n, accelsel_selection_default("criteria")) != 0)
        return;
    for (size_t i = 0; i < n; i++)
        sum += c[i].weight;
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "%s%g", i ? ", " : "", c[i].weight / sum);
    accelsel_free(c);
}

/* The defaults the help shows that no one option value holds: the range of
 * k, the restarts of k-means, the criteria with their weights. */
static void rank_help_defaults(rank_table *t, const rank_args *a)
{
    accelsel_cluster_options co = ACCELSEL_CLUSTER_OPTIONS_INIT;
    char weights[128];
    default_weights(weights, sizeof weights);
    snprintf(t->k_range_default, sizeof t->k_range_default, "%lu..%lu",
             (unsigned long)a->k_min, (unsigned long)a->k_max);
    snprintf(t->algorithm_default, sizeof t->algorithm_default, "%s, k-means++ with %lu restarts",
             accelsel_cluster_algorithm_name(a->algorithm), (unsigned long)co.n_init);
    snprintf(t->criteria_default, sizeof t->criteria_default, "%s (weights %s)",
             accelsel_selection_default("criteria"), weights);
}

int cli_rank(int argc, char **argv)
{
    accelsel_selection_options d = ACCELSEL_SELECTION_OPTIONS_INIT; /* the library's defaults */
    rank_args a = {.k_min = d.k_min, .k_max = d.k_max, .k_by = d.k_by, .algorithm = d.algorithm,
                   .method = d.method, .seed = d.seed, .top = 10, .format = CLI_FORMAT_TABLE,
                   .rows = d.rows};
    rank_table t = {.algorithm = (int)d.algorithm, .top = a.top};
    rank_table_init(&t, &a);
    if (cli_wants_help(argc, argv)) {
        rank_help_defaults(&t, &a);
        cli_args_help(&t.cmd, stdout);
        fputs(rank_predictions_usage, stdout);
        return CLI_OK;
    }
    int status = parse_args(&t, argc, argv, &a);
    if (status == CLI_OK)
        status = run(&a);
    free(t.where.items);
    return status;
}
