/* accelsel map: the command line. Every refusal names the option and exits 2
 * before anything is loaded, solved or written: the ranges here are the
 * library's, so that it refuses no value the command line let through. An
 * option given twice takes its last value, as in the other commands. */
#include <math.h>
#include <string.h>

#include "args.h"
#include "map.h"

static const char usage_text[] =
    "usage: accelsel map --network NAME|FILE.yaml --system NAME [options]\n"
    "\n"
    "Map a network's layers onto the slots of a multi-accelerator system with the\n"
    "two-level genetic algorithm (designs per slot and layer groups outside,\n"
    "sharding strategy per layer inside), or with one of the baselines.\n"
    "\n";

static const char epilog[] =
    "\n"
    "A progress bar is drawn on stderr when stderr is a terminal and the format is\n"
    "table. Ctrl-C stops the search: the best mapping so far is still printed, saved\n"
    "and drawn, and the exit status is 1. An option given twice takes its last\n"
    "value. Exit status: 0 success, 1 the library refused (its message is printed)\n"
    "or the search was interrupted, 2 bad usage.\n";

static const char *const objectives[] = {"latency", "throughput", NULL};
static const char *const formats[] = {"table", "json", "yaml", NULL};
static const int format_values[] = {CLI_FORMAT_TABLE, CLI_FORMAT_JSON, CLI_FORMAT_YAML};

/* The table of map's options and what parsing needs beside map_args. */
typedef struct map_table {
    cli_opt opts[18];
    cli_command cmd;
    const char *baselines[16]; /* the library's methods after the GA (method 0) */
    char baseline_want[256];
    int baseline;
} map_table;

/* The baselines the library knows, for --baseline's choices and message. */
static void baseline_choices(map_table *t)
{
    size_t n = 0;
    strcpy(t->baseline_want, "one of");
    for (size_t i = 1; accelsel_mapping_method_name(i) != NULL && n + 1 < 16; i++) {
        t->baselines[n++] = accelsel_mapping_method_name(i);
        size_t at = strlen(t->baseline_want);
        snprintf(t->baseline_want + at, sizeof t->baseline_want - at, "%s %s", i > 1 ? "," : "",
                 accelsel_mapping_method_name(i));
    }
    t->baselines[n] = NULL;
    t->baseline = -1;
}

/* @p a holds the library's defaults (INIT) when this is called: the help shows them. */
static void map_table_init(map_table *t, map_args *a)
{
    baseline_choices(t);
    const cli_opt opts[18] = {
        {.name = "--network", .kind = CLI_ARG_STRING, .dest = &a->network, .meta = "NAME|FILE",
         .help = "a zoo model (accelsel network list), a network YAML file or hf:FILE.json"},
        {.name = "--system", .kind = CLI_ARG_STRING, .dest = &a->system, .meta = "NAME",
         .field = "system", .help = "a system of the catalog (accelsel catalog list)"},
        {.name = "--catalog", .kind = CLI_ARG_STRING, .dest = &a->catalog, .meta = "FILE",
         .help = "a catalog YAML file merged over the built-in catalog\n(its entries replace "
                 "built-in entries of the same\nname; accelsel catalog --help)"},
        {.name = "--batch", .kind = CLI_ARG_UINT, .dest = &a->batch, .meta = "N", .field = "batch",
         .lo = 1, .hi = 1u << 20, .help = "samples per batch (@D)"},
        {.name = "--objective", .kind = CLI_ARG_CHOICE, .dest = &a->throughput, .meta = "O",
         .field = "objective", .choices = objectives,
         .help = "latency (one batch through the network) or\nthroughput (segments on disjoint "
                 "groups pipeline batches);\n@D"},
        {.name = "--seed", .kind = CLI_ARG_UINT, .dest = &a->seed, .meta = "N", .field = "seed",
         .hi = UINT64_MAX, .given = &a->has_seed,
         .help = "seed of the search (@D); the same seed gives the\nsame mapping at any thread "
                 "count"},
        {.name = "--threads", .kind = CLI_ARG_UINT, .dest = &a->threads, .meta = "N",
         .field = "n_threads", .hi = 1024, .given = &a->has_threads,
         .help = "evaluation threads (0 = all cores; @D)"},
        {.name = "--generations", .kind = CLI_ARG_UINT, .dest = &a->generations, .meta = "N",
         .field = "generations", .lo = 1, .hi = 1000000, .given = &a->has_generations,
         .help = "outer generations (@D)"},
        {.name = "--population", .kind = CLI_ARG_UINT, .dest = &a->population, .meta = "N",
         .field = "population", .lo = 4, .hi = 100000, .given = &a->has_population,
         .help = "outer population, at least 4 (@D)"},
        {.name = "--patience", .kind = CLI_ARG_UINT, .dest = &a->patience, .meta = "N",
         .field = "patience", .lo = 1, .hi = UINT32_MAX, .given = &a->has_patience,
         .help = "stop after N generations without improvement\n(@D)\n(--seed to here steer "
                 "the GA's search: not with\n--baseline or --evaluate)"},
        {.name = "--time-budget", .kind = CLI_ARG_DOUBLE, .dest = &a->time_budget, .meta = "S",
         .field = "time_budget_s", .dhi = INFINITY, .lo_open = 1, .given = &a->has_time_budget,
         .want = "a positive number of seconds or inf",
         .help = "stop the search after about S seconds, a positive number\nor inf (no limit): "
                 "the GA's, a baseline's, and each\nbaseline's that --compare runs, with the best "
                 "so far\n(exhaustive refuses); not with --evaluate"},
        {.name = "--baseline", .kind = CLI_ARG_CHOICE, .dest = &t->baseline, .meta = "NAME",
         .field = "method", .choices = t->baselines, .want = t->baseline_want,
         .help = "map with a baseline instead of the GA: computation-first,\nh2h, single, "
                 "data-parallel or exhaustive"},
        {.name = "--compare", .kind = CLI_ARG_FLAG, .dest = &a->compare,
         .help = "also run every baseline; print each one's objective\n(latency, or period under "
                 "throughput) and the GA's\nreduction against it, (baseline - ga) / baseline"},
        {.name = "--evaluate", .kind = CLI_ARG_STRING, .dest = &a->evaluate, .meta = "FILE",
         .help = "evaluate the mapping in FILE instead of searching"},
        {.name = "--save", .kind = CLI_ARG_STRING, .dest = &a->save, .meta = "FILE",
         .help = "write the mapping as YAML (loadable with --evaluate)"},
        {.name = "--format", .kind = CLI_ARG_CHOICE, .dest = &a->format, .meta = "F",
         .choices = formats, .values = format_values, .help = "table, json or yaml (@D)"},
        {.name = "--gantt", .kind = CLI_ARG_STRING, .dest = &a->gantt, .meta = "FILE.svg",
         .help = "draw slots against time, each layer coloured by strategy"},
        {.name = "--plot", .kind = CLI_ARG_STRING, .dest = &a->plot, .meta = "FILE.svg",
         .help = "draw the best latency per generation, and with --compare\nthe baselines as "
                 "horizontal lines"},
    };
    memcpy(t->opts, opts, sizeof opts);
    t->cmd = (cli_command){.name = "map", .usage = usage_text, .epilog = epilog,
                           .opts = t->opts, .n_opts = 18};
}

/* The library's defaults, from the INIT values of its options. */
static void map_defaults(map_args *a)
{
    accelsel_mapping_problem_options p = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    accelsel_mapping_solve_options s = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    memset(a, 0, sizeof *a);
    a->batch = p.batch;
    a->throughput = p.objective == ACCELSEL_OBJECTIVE_THROUGHPUT;
    a->seed = s.seed;
    a->threads = s.n_threads;
    a->generations = s.generations;
    a->population = s.population;
    a->patience = s.patience;
    a->time_budget = s.time_budget_s;
    a->format = CLI_FORMAT_TABLE;
}

void map_print_usage(FILE *f)
{
    map_args a;
    map_table t;
    map_defaults(&a);
    map_table_init(&t, &a);
    cli_args_help(&t.cmd, f);
}

/* Options that cannot go together, or that need another. */
static int check_combination(const map_args *a)
{
    if ((a->gantt != NULL && cli_svg_name("map", "--gantt", a->gantt) != CLI_OK) ||
        (a->plot != NULL && cli_svg_name("map", "--plot", a->plot) != CLI_OK))
        return CLI_USAGE;
    if (a->network == NULL)
        return cli_usage_error("map: --network is required (a zoo name or a YAML file)");
    if (a->system == NULL)
        return cli_usage_error("map: --system is required (see accelsel catalog list)");
    if (a->evaluate != NULL && (a->baseline != NULL || a->compare))
        return cli_usage_error("map: --evaluate cannot go with %s",
                               a->compare ? "--compare" : "--baseline");
    if (a->baseline != NULL && a->compare)
        return cli_usage_error("map: --baseline cannot go with --compare (which runs them all)");
    if (a->plot != NULL && (a->evaluate != NULL || a->baseline != NULL))
        return cli_usage_error("map: --plot draws the GA's convergence: not with %s",
                               a->evaluate != NULL ? "--evaluate" : "--baseline");
    const char *ga_only = a->has_seed          ? "--seed"
                          : a->has_threads     ? "--threads"
                          : a->has_generations ? "--generations"
                          : a->has_population  ? "--population"
                          : a->has_patience    ? "--patience"
                                               : NULL;
    if (ga_only != NULL && (a->evaluate != NULL || a->baseline != NULL))
        return cli_usage_error("map: %s steers the GA's search: not with %s", ga_only,
                               a->evaluate != NULL ? "--evaluate" : "--baseline");
    if (a->has_time_budget && a->evaluate != NULL) /* an evaluation is no search */
        return cli_usage_error("map: --time-budget bounds a search: not with --evaluate");
    const char *paths[4] = {a->save, a->gantt, a->plot, a->evaluate};
    for (int x = 0; x < 4; x++)
        for (int y = x + 1; y < 4; y++)
            if (paths[x] != NULL && paths[y] != NULL && strcmp(paths[x], paths[y]) == 0)
                return cli_usage_error("map: '%s' is named by two options", paths[x]);
    return CLI_OK;
}

int map_parse_args(int argc, char **argv, map_args *a)
{
    map_table t;
    map_defaults(a);
    map_table_init(&t, a);
    int rc = cli_args_parse(&t.cmd, argc, argv);
    if (rc != CLI_OK)
        return rc;
    if (t.baseline >= 0)
        a->baseline = t.baselines[t.baseline];
    return check_combination(a);
}
