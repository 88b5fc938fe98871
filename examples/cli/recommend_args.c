/* accelsel recommend: the command line into recommend_args. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "recommend.h"

static const char usage_text[] =
    "usage: accelsel recommend --network NAME [--runs N] | --mix NAME:RUNS,...\n"
    "                          [--batch B] [--epochs E] [--tokens T]\n"
    "                          [--budget USD] [--monthly-budget USD] [--power-cap KW]\n"
    "                          [--deadline MIN] [--max-accelerators N] [--min-efficiency X]\n"
    "                          [--no-fit-month]\n"
    "                          [--candidates measured|catalog|all] [--devices LIST]\n"
    "                          [--counts LIST] [--buy|--rent|--buy-or-rent] [--years N]\n"
    "                          [--utilisation X] [--price-kwh X] [--pue X] [--node-power W]\n"
    "                          [--cloud-prices FILE] [--catalog FILE] [--csv FILE [--na L]]\n"
    "                          [--criteria LIST] [--method M] [--baseline LIST] [--top N]\n"
    "                          [--seed N] [--format table|json|csv [--raw]] [--plot FILE.svg]\n"
    "\n"
    "What to buy or rent for a workload: one network, or a month's mix of them.\n"
    "Candidates are the built-in MLPerf rows' configurations (or those of --csv),\n"
    "and catalog devices or systems at the --counts, predicted. Each gets its\n"
    "time to train, energy (modelled from TDP) and cost per run, bought (the\n"
    "price paid off over --years at --utilisation, plus electricity) or rented\n"
    "(the cheapest public on-demand instances that hold it). Configurations that\n"
    "break a constraint are excluded, with the constraint and by how much; the\n"
    "others are ranked (TOPSIS on time, cost, energy and purchase price), with\n"
    "the Pareto front of time against cost, the rules of thumb (latest,\n"
    "cheapest-hour, most-accelerators) under the same constraints, and the\n"
    "break-even between buying and renting. Nothing feasible is not an error:\n"
    "the closest miss and the binding constraint are said, exit status 0.\n"
    "\n"
    "A transformer (a zoo LLM, hf:config.json) is predicted under its fastest\n"
    "parallel plan, its batch in sequences (default its recipe's, else one a\n"
    "device); it trains --tokens, else its recipe (a zoo LLM: its pre-training).\n"
    "MLPerf's LLM benchmarks are workloads of their own: gpt3, llama2_70b_lora\n"
    "and llama31_405b train to MLPerf's target, with its batch and evaluations,\n"
    "and rows of those benchmarks measure them.\n";

static const char epilog_text[] =
    "\n--format json prints feasible (ranked: name, accelerator, count, nodes,\n"
    "source, time_to_train_min, energy_kwh, purchase_usd, cost_per_run_usd,\n"
    "rent_per_run_usd, instance, score, uncertainty_pct, ...), pareto, excluded\n"
    "(name, constraint, value, limit), binding_constraint, closest_miss,\n"
    "break_even_months, baselines, price_stability and notes. csv prints every\n"
    "candidate with every column.\n";

static const char *const formats[] = {"table", "csv", "json", NULL};
static const char *const candidate_names[] = {"measured", "catalog", "all", NULL};
static const int candidate_values[] = {ACCELSEL_CANDIDATES_MEASURED,
                                       ACCELSEL_CANDIDATES_CATALOG, ACCELSEL_CANDIDATES_ALL};
static const char *const method_names[] = {"topsis", "wsum", "pareto", NULL};
static const int method_values[] = {ACCELSEL_RANK_TOPSIS, ACCELSEL_RANK_WSUM,
                                    ACCELSEL_RANK_PARETO};

#define N_OPTS 36
#define TEXT(opt, dst, m, h) {.name = opt, .kind = CLI_ARG_STRING, .dest = dst, .meta = m, .help = h}
/* A text option whose value the library blames as member @p fld. */
#define FIELD_TEXT(opt, dst, fld, m, h)                                                        \
    {.name = opt, .kind = CLI_ARG_STRING, .dest = dst, .field = fld, .meta = m, .help = h}
#define LIMIT(opt, dst, fld, m, h)                                                             \
    {.name = opt, .kind = CLI_ARG_DOUBLE, .dest = dst, .field = fld, .meta = m, .dlo = 0,      \
     .lo_open = 1, .dhi = 1e300, .want = "a finite number above 0", .help = h,                \
     .shown_default = "none"}

static void table(cli_opt *t, cli_command *c, recommend_args *a)
{
    const cli_opt opts[] = {
        TEXT("--network", &a->network, "NAME", "the network (zoo name or YAML file)"),
        {.name = "--runs", .kind = CLI_ARG_DOUBLE, .dest = &a->runs, .meta = "N", .dlo = 0,
         .lo_open = 1, .dhi = 1e9, .want = "a number above 0",
         .help = "runs a month of --network (@D)"},
        FIELD_TEXT("--mix", &a->mix, "workload", "LIST", "NAME:RUNS_PER_MONTH,...: the month's networks"),
        {.name = "--batch", .kind = CLI_ARG_DOUBLE, .dest = &a->batch, .meta = "B", .dlo = 0,
         .lo_open = 1, .dhi = 1e15, .want = "a number above 0",
         .help = "global batch of every network (default 256\na device)"},
        {.name = "--epochs", .kind = CLI_ARG_DOUBLE, .dest = &a->epochs, .meta = "E", .dlo = 0,
         .lo_open = 1, .dhi = 1e9, .want = "a number above 0",
         .help = "epochs of every network (default the\npredictor's)"},
        {.name = "--tokens", .kind = CLI_ARG_DOUBLE, .dest = &a->tokens, .meta = "T", .dlo = 0,
         .lo_open = 1, .dhi = 1e18, .want = "a number above 0",
         .help = "tokens to train every transformer (in\nplace of --epochs; default its recipe)"},
        LIMIT("--budget", &a->o.budget_usd, "budget_usd", "USD", "purchase budget (@D)"),
        LIMIT("--monthly-budget", &a->o.monthly_budget_usd, "monthly_budget_usd", "USD",
              "a month's cost (@D)"),
        LIMIT("--power-cap", &a->o.power_cap_kw, "power_cap_kw", "KW",
              "power at the wall, PUE not included (@D)"),
        LIMIT("--deadline", &a->o.deadline_min, "deadline_min", "MIN",
              "time to train of every network (@D)"),
        {.name = "--max-accelerators", .kind = CLI_ARG_U32, .dest = &a->o.max_accelerators,
         .field = "max_accelerators", .meta = "N", .lo = 1, .hi = UINT32_MAX,
         .shown_default = "none", .help = "most accelerators (@D)"},
        {.name = "--min-efficiency", .kind = CLI_ARG_DOUBLE, .dest = &a->o.min_efficiency,
         .field = "min_efficiency", .meta = "X", .dlo = 0, .lo_open = 1, .dhi = 1e9,
         .want = "a number above 0", .shown_default = "none",
         .help = "least E' of every network (@D)"},
        {.name = "--candidates", .kind = CLI_ARG_CHOICE, .dest = &a->candidates, .meta = "C",
         .field = "candidates", .choices = candidate_names, .values = candidate_values,
         .help = "measured, catalog or all (@D)"},
        FIELD_TEXT("--devices", &a->devices, "devices", "LIST",
             "catalog devices or systems to predict,\ncomma-separated (default "
             ACCELSEL_RECOMMEND_DEFAULT_DEVICES ")"),
        FIELD_TEXT("--counts", &a->counts, "counts", "LIST",
             "their accelerator counts (node counts of\nsystems), as predict --sweep takes them\n"
             "(default " ACCELSEL_RECOMMEND_DEFAULT_COUNTS ")"),
        {.name = "--no-fit-month", .kind = CLI_ARG_FLAG, .dest = &a->no_fit_month,
         .help = "let the month's runs take more than a\nmonth of wall time"},
        {.name = "--buy", .kind = CLI_ARG_FLAG, .dest = &a->buy, .help = "buy only"},
        {.name = "--rent", .kind = CLI_ARG_FLAG, .dest = &a->rent, .help = "rent only"},
        {.name = "--buy-or-rent", .kind = CLI_ARG_FLAG, .dest = &a->either,
         .help = "each configuration bought or rented,\nwhichever costs less a run (the default)"},
        {.name = "--years", .kind = CLI_ARG_DOUBLE, .dest = &a->o.years, .field = "years",
         .meta = "N", .dlo = 0, .lo_open = 1, .dhi = 1e3, .want = "a number above 0",
         .help = "years to pay a purchase off (@D)"},
        {.name = "--utilisation", .kind = CLI_ARG_DOUBLE, .dest = &a->o.utilisation,
         .field = "utilisation", .meta = "X", .dlo = 0, .lo_open = 1, .dhi = 1,
         .want = "a number above 0 and at most 1", .help = "fraction of those years in use (@D)"},
        {.name = "--price-kwh", .kind = CLI_ARG_DOUBLE, .dest = &a->o.price_kwh,
         .field = "price_kwh", .meta = "X", .dlo = 0, .dhi = 1e6, .want = "a number >= 0",
         .help = "electricity, USD per kWh (@D)"},
        {.name = "--pue", .kind = CLI_ARG_DOUBLE, .dest = &a->o.pue, .field = "pue", .meta = "X",
         .dlo = 1, .dhi = 100, .want = "a number >= 1", .help = "power usage effectiveness (@D)"},
        {.name = "--node-power", .kind = CLI_ARG_DOUBLE, .dest = &a->o.node_power_w,
         .field = "node_power_w", .meta = "W", .dlo = 0, .dhi = 1e6, .want = "a number >= 0",
         .help = "W a node beyond its accelerators (@D)"},
        TEXT("--cloud-prices", &a->cloud_prices, "FILE",
             "cloud prices (the columns of data/prices/\ncloud.csv) in place of the built-in ones"),
        FIELD_TEXT("--catalog", &a->catalog, "catalog", "FILE",
             "merge FILE over the built-in catalog (your\nown purchase prices)"),
        TEXT("--csv", &a->csv, "FILE", "measured rows of FILE (built-in format) in\nplace of "
             "the built-in data"),
        {.name = "--na", .kind = CLI_ARG_STRING, .dest = &a->na, .meta = "LIST",
         .field = "na_values", .help = "further spellings of a missing value in FILE"},
        FIELD_TEXT("--criteria", &a->criteria, "weight_time", "LIST",
             "weights time:W,cost:W,energy:W,purchase:W\n(default time:1,cost:2,energy:0.5,\n"
             "purchase:0.5; a criterion left out weighs 0)"),
        {.name = "--method", .kind = CLI_ARG_CHOICE, .dest = &a->method, .meta = "M",
         .field = "method", .choices = method_names, .values = method_values,
         .help = "topsis, wsum or pareto (@D)"},
        TEXT("--baseline", &a->baselines, "LIST",
             "rules of thumb to compare with: latest,\ncheapest-hour, most-accelerators "
             "(default all)"),
        {.name = "--top", .kind = CLI_ARG_UINT, .dest = &a->top, .meta = "N", .lo = 1,
         .hi = 1000000, .help = "configurations to list (@D)"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats, .help = "table, json or csv (@D)"},
        TEXT("--plot", &a->plot, "FILE.svg",
             "cost per run against time to train, log-log,\nthe Pareto front, measured and "
             "predicted apart,\nthe deadline and budget lines"),
        {.name = "--seed", .kind = CLI_ARG_UINT, .dest = &a->o.seed, .meta = "N", .field = "seed",
         .lo = 0, .hi = UINT64_MAX, .help = "seed of the weight and price draws (@D)"},
        CLI_OPT_RAW(&a->raw),
    };
    _Static_assert(sizeof opts / sizeof *opts == N_OPTS, "N_OPTS counts the options");
    memcpy(t, opts, sizeof opts);
    *c = (cli_command){.name = "recommend", .usage = usage_text, .epilog = epilog_text,
                       .opts = t, .n_opts = N_OPTS};
}

static int acquire(recommend_args *a)
{
    if (a->buy + a->rent + a->either > 1)
        return cli_usage_error("recommend: give one of --buy, --rent and --buy-or-rent");
    a->o.acquire = a->buy ? ACCELSEL_ACQUIRE_BUY
                   : a->rent ? ACCELSEL_ACQUIRE_RENT : ACCELSEL_ACQUIRE_EITHER;
    return CLI_OK;
}

/* --criteria: time:W,cost:W,energy:W,purchase:W into the options' weights. */
static int criteria(recommend_args *a)
{
    if (a->criteria == NULL)
        return CLI_OK;
    static const char *const names[] = {"time", "cost", "energy", "purchase"};
    double *w[] = {&a->o.weight_time, &a->o.weight_cost, &a->o.weight_energy,
                   &a->o.weight_purchase};
    for (int k = 0; k < 4; k++)
        *w[k] = 0;
    const char *p = a->criteria;
    while (*p) {
        const char *end = strchr(p, ','), *colon = strchr(p, ':');
        size_t len = end != NULL ? (size_t)(end - p) : strlen(p);
        int k = 0;
        while (k < 4 && !(colon != NULL && (size_t)(colon - p) == strlen(names[k]) &&
                          strncmp(p, names[k], strlen(names[k])) == 0))
            k++;
        char num[64];
        size_t nl = colon != NULL && colon < p + len ? len - (size_t)(colon - p) - 1 : 0;
        if (k == 4 || nl == 0 || nl >= sizeof num)
            return cli_usage_error("recommend: --criteria: '%.*s' is not time:W, cost:W, "
                                   "energy:W or purchase:W", (int)len, p);
        memcpy(num, colon + 1, nl);
        num[nl] = '\0';
        if (cli_parse_number(num, w[k]) != 0 || !(*w[k] >= 0) || isinf(*w[k]))
            return cli_usage_error("recommend: --criteria: the weight of %s, '%s', is not a "
                                   "number >= 0", names[k], num);
        p += len + (end != NULL);
    }
    return CLI_OK;
}

int cli_recommend_args(recommend_args *a, int argc, char **argv, int *help)
{
    accelsel_recommend_options_init(&a->o, ACCELSEL_RECOMMEND_OPTIONS_VERSION);
    a->runs = 1;
    a->top = 10;
    a->format = CLI_FORMAT_TABLE;
    a->candidates = (int)a->o.candidates;
    a->method = a->o.method;
    cli_opt opts[N_OPTS];
    cli_command c;
    table(opts, &c, a);
    *help = cli_args_help_asked(&c, argc, argv);
    if (*help)
        return CLI_OK;
    int status = cli_args_parse(&c, argc, argv);
    if (status == CLI_OK && (a->network == NULL) == (a->mix == NULL))
        status = cli_usage_error("recommend: give --network NAME or --mix NAME:RUNS,... (one)");
    if (status == CLI_OK && a->na != NULL && a->csv == NULL)
        status = cli_usage_error("recommend: --na goes with --csv");
    if (status == CLI_OK)
        status = acquire(a);
    if (status == CLI_OK)
        status = criteria(a);
    if (status == CLI_OK && a->plot != NULL)
        status = cli_svg_name("recommend", "--plot", a->plot);
    a->o.fit_month = a->no_fit_month ? 0 : 1;
    a->o.candidates = (uint32_t)a->candidates;
    a->o.method = a->method;
    return status;
}
