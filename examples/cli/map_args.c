/* accelsel map: the command line. Every refusal names the option and exits 2
 * before anything is loaded, solved or written: the ranges here are the
 * library's, so that it refuses no value the command line let through. An
 * option given twice takes its last value, as in the other commands. */
#include <stdlib.h>
#include <string.h>

#include "map.h"

static const char usage_text[] =
    "usage: accelsel map --network NAME|FILE.yaml --system NAME [options]\n"
    "\n"
    "Map a network's layers onto the slots of a multi-accelerator system with the\n"
    "two-level genetic algorithm (designs per slot and layer groups outside,\n"
    "sharding strategy per layer inside), or with one of the baselines.\n"
    "\n"
    "  --network NAME|FILE     a zoo model (accelsel network list) or a network YAML file\n"
    "  --system NAME           a system of the catalog (accelsel catalog list)\n"
    "  --catalog FILE          a catalog YAML file merged over the built-in catalog\n"
    "                          (its entries replace built-in entries of the same\n"
    "                          name; accelsel catalog --help)\n"
    "  --batch N               samples per batch (default 1)\n"
    "  --objective O           latency (one batch through the network, default) or\n"
    "                          throughput (segments on disjoint groups pipeline batches)\n"
    "  --seed N                seed of the search (default 0); the same seed gives the\n"
    "                          same mapping at any thread count\n"
    "  --threads N             evaluation threads (0 = all cores, default)\n"
    "  --generations N         outer generations (%s)\n"
    "  --population N          outer population, at least 4 (%s)\n"
    "  --patience N            stop after N generations without improvement\n"
    "                          (%s)\n"
    "                          (--seed to here steer the GA's search: not with\n"
    "                          --baseline or --evaluate)\n"
    "  --time-budget S         stop the search after about S seconds, a positive number\n"
    "                          or inf (no limit): the GA's, a baseline's, and each\n"
    "                          baseline's that --compare runs, with the best so far\n"
    "                          (exhaustive refuses); not with --evaluate\n"
    "  --baseline NAME         map with a baseline instead of the GA: computation-first,\n"
    "                          h2h, single, data-parallel or exhaustive\n"
    "  --compare               also run every baseline; print each one's objective\n"
    "                          (latency, or period under throughput) and the GA's\n"
    "                          reduction against it, (baseline - ga) / baseline\n"
    "  --evaluate FILE         evaluate the mapping in FILE instead of searching\n"
    "  --save FILE             write the mapping as YAML (loadable with --evaluate)\n"
    "  --format F              table (default), json or yaml\n"
    "  --gantt FILE.svg        draw slots against time, each layer coloured by strategy\n"
    "  --plot FILE.svg         draw the best latency per generation, and with --compare\n"
    "                          the baselines as horizontal lines\n"
    "\n"
    "A progress bar is drawn on stderr when stderr is a terminal and the format is\n"
    "table. Ctrl-C stops the search: the best mapping so far is still printed, saved\n"
    "and drawn, and the exit status is 1. An option given twice takes its last\n"
    "value. Exit status: 0 success, 1 the library refused (its message is printed)\n"
    "or the search was interrupted, 2 bad usage.\n";

/* A default of the library's solve options as the usage says it: "default
 * N" with the value that accelsel_mapping_solve_options_init() sets, or
 * "default: the library's" where it leaves 0 for the library to choose. */
static const char *default_text(uint64_t v, char buf[32])
{
    if (v == 0)
        return "default: the library's";
    snprintf(buf, 32, "default %llu", (unsigned long long)v);
    return buf;
}

void map_print_usage(FILE *f)
{
    accelsel_mapping_solve_options o;
    accelsel_mapping_solve_options_init(&o, ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION);
    char g[32], p[32], s[32];
    fprintf(f, usage_text, default_text(o.generations, g), default_text(o.population, p),
            default_text(o.patience, s));
}

#define FORMATS ((1u << CLI_FORMAT_TABLE) | (1u << CLI_FORMAT_JSON) | (1u << CLI_FORMAT_YAML))

enum { O_NETWORK, O_SYSTEM, O_CATALOG, O_BATCH, O_OBJECTIVE, O_SEED, O_THREADS, O_GENERATIONS,
       O_POPULATION, O_PATIENCE, O_TIME_BUDGET, O_BASELINE, O_COMPARE, O_EVALUATE, O_SAVE, O_FORMAT, O_GANTT,
       O_PLOT, O_COUNT };

static const char *const option_names[O_COUNT] = {
    "--network", "--system", "--catalog", "--batch", "--objective", "--seed", "--threads",
    "--generations", "--population", "--patience", "--time-budget", "--baseline", "--compare", "--evaluate",
    "--save", "--format", "--gantt", "--plot"};

static int find_option(const char *arg, size_t len)
{
    for (int o = 0; o < O_COUNT; o++)
        if (strlen(option_names[o]) == len && strncmp(arg, option_names[o], len) == 0)
            return o;
    return -1;
}

static int bad_value(int o, const char *v, const char *want)
{
    return cli_usage_error("map: %s must be %s, not '%s'", option_names[o], want, v);
}

/* A path for an SVG: must end in ".svg" so that a typo cannot overwrite another file. */
static int svg_path(int o, const char *v, const char **out)
{
    if (cli_svg_name("map", option_names[o], v) != CLI_OK)
        return CLI_USAGE;
    *out = v;
    return CLI_OK;
}

static int uint_value(int o, const char *v, uint64_t lo, uint64_t hi, uint64_t *out, int *has)
{
    if (cli_parse_uint(v, lo, hi, out) != 0) {
        char want[64];
        snprintf(want, sizeof want, "an integer from %llu to %llu", (unsigned long long)lo,
                 (unsigned long long)hi);
        return bad_value(o, v, want);
    }
    if (has != NULL)
        *has = 1;
    return CLI_OK;
}

/* Seconds above 0, or inf: the library takes an infinite budget as none.
 * A number too large for a double is refused, not read as inf. */
static int seconds_value(const char *v, map_args *a)
{
    double s;
    if (cli_parse_number(v, &s) != 0 || s <= 0)
        return bad_value(O_TIME_BUDGET, v, "a positive number of seconds or inf");
    a->time_budget = s;
    a->has_time_budget = 1;
    return CLI_OK;
}

static int text_value(int o, const char *v, const char **out)
{
    if (*v == '\0')
        return bad_value(o, v, "non-empty");
    *out = v;
    return CLI_OK;
}

/* A baseline the library knows: its methods after the GA (method 0). */
static int baseline_value(const char *v, map_args *a)
{
    char names[256] = "one of";
    for (size_t i = 1; accelsel_mapping_method_name(i) != NULL; i++) {
        if (strcmp(v, accelsel_mapping_method_name(i)) == 0) {
            a->baseline = v;
            return CLI_OK;
        }
        size_t at = strlen(names);
        snprintf(names + at, sizeof names - at, "%s %s", i > 1 ? "," : "",
                 accelsel_mapping_method_name(i));
    }
    return bad_value(O_BASELINE, v, names);
}

static int set_value(int o, const char *v, map_args *a)
{
    switch (o) {
    case O_NETWORK: return text_value(o, v, &a->network);
    case O_SYSTEM: return text_value(o, v, &a->system);
    case O_CATALOG: return text_value(o, v, &a->catalog);
    case O_BASELINE: return baseline_value(v, a);
    case O_EVALUATE: return text_value(o, v, &a->evaluate);
    case O_SAVE: return text_value(o, v, &a->save);
    case O_BATCH: return uint_value(o, v, 1, 1u << 20, &a->batch, NULL);
    case O_SEED: return uint_value(o, v, 0, UINT64_MAX, &a->seed, &a->has_seed);
    case O_THREADS: return uint_value(o, v, 0, 1024, &a->threads, &a->has_threads);
    case O_GENERATIONS: return uint_value(o, v, 1, 1000000, &a->generations, &a->has_generations);
    case O_POPULATION: return uint_value(o, v, 4, 100000, &a->population, &a->has_population);
    case O_PATIENCE: return uint_value(o, v, 1, UINT32_MAX, &a->patience, &a->has_patience);
    case O_TIME_BUDGET: return seconds_value(v, a);
    case O_GANTT: return svg_path(o, v, &a->gantt);
    case O_PLOT: return svg_path(o, v, &a->plot);
    case O_OBJECTIVE:
        if (strcmp(v, "latency") != 0 && strcmp(v, "throughput") != 0)
            return bad_value(o, v, "latency or throughput");
        a->throughput = v[0] == 't';
        return CLI_OK;
    default:
        if ((a->format = cli_parse_format(v, FORMATS)) < 0)
            return bad_value(o, v, "table, json or yaml");
        return CLI_OK;
    }
}

static int parse_option(int argc, char **argv, int *i, map_args *a)
{
    const char *arg = argv[*i];
    const char *eq = strchr(arg, '=');
    size_t len = eq != NULL ? (size_t)(eq - arg) : strlen(arg);
    int o = find_option(arg, len);
    if (o < 0)
        return cli_usage_error("map: unknown option '%s' (see accelsel map --help)", arg);
    if (o == O_COMPARE) {
        if (eq != NULL)
            return cli_usage_error("map: %s takes no value", option_names[o]);
        a->compare = 1;
        return CLI_OK;
    }
    const char *v = eq != NULL ? eq + 1 : *i + 1 < argc ? argv[++*i] : NULL;
    if (v == NULL)
        return cli_usage_error("map: %s needs a value", option_names[o]);
    return set_value(o, v, a);
}

/* Options that cannot go together, or that need another. */
static int check_combination(const map_args *a)
{
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
    memset(a, 0, sizeof *a);
    a->batch = 1;
    a->format = CLI_FORMAT_TABLE;
    for (int i = 1; i < argc; i++) {
        int rc = strncmp(argv[i], "-", 1) == 0
                     ? parse_option(argc, argv, &i, a)
                     : cli_usage_error("map: unexpected argument '%s'", argv[i]);
        if (rc != CLI_OK)
            return rc;
    }
    return check_combination(a);
}
