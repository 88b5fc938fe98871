/* accelsel map: declarations shared by the files of the subcommand. */
#ifndef ACCELSEL_CLI_MAP_H
#define ACCELSEL_CLI_MAP_H

#include "cli.h"

/* The command line, as parsed; NULL strings and has_* 0 for options not given. */
typedef struct map_args {
    const char *network, *system, *catalog, *baseline, *evaluate, *save, *gantt, *plot;
    uint64_t batch, seed, threads, generations, population, patience;
    double time_budget;
    int has_seed, has_threads, has_generations, has_population, has_patience, has_time_budget;
    int throughput; /* --objective throughput */
    int compare;
    int format;     /* CLI_FORMAT_TABLE, _JSON or _YAML */
} map_args;

/* One layer of a mapping, as printed and drawn. */
typedef struct map_view_layer {
    const char *name, *design, *strategy;
    size_t *slots; /* the slots of its group, ascending */
    size_t n_slots;
    double start_s, end_s;
} map_view_layer;

/* A mapping read out of the library into plain arrays (owned by the view). */
typedef struct map_view {
    const char *title;     /* network on system */
    const char *network, *system;
    uint32_t batch;
    const char *objective; /* "latency" or "throughput" */
    const char *method;    /* "ga", a baseline, or "load" for --evaluate */
    double latency_s;      /* one batch through the network */
    double objective_s;    /* latency_s, or the period between batches for throughput */
    double compute_s, communication_s, idle_s;
    size_t n_slots;
    const char **designs;  /* per slot; the fixed device's name for a fixed slot */
    double *memory_bytes;  /* peak per slot */
    size_t n_layers;
    map_view_layer *layers;
    uint64_t generations, evaluations;
    double seconds;
} map_view;

/* The baselines run by --compare (method names are the library's). */
#define MAP_MAX_BASELINES 16
typedef struct map_compare {
    size_t n;
    const char *method[MAP_MAX_BASELINES];
    double latency_s[MAP_MAX_BASELINES];   /* one batch; NaN when the baseline refused */
    double objective_s[MAP_MAX_BASELINES]; /* what the methods minimise; NaN when refused */
    char refusal[MAP_MAX_BASELINES][160];  /* the library's message when it refused */
} map_compare;

/* Run every baseline of the library on @p p (with the GA's thread count and
 * time budget, 0 = none, each baseline its own); a baseline that refuses
 * (exhaustive on a large instance or out of time) is recorded, not fatal.
 * CLI_OK, or CLI_FAIL with the message printed on any other error. */
int map_compare_run(const accelsel_mapping_problem *p, uint32_t n_threads, double time_budget_s,
                    map_compare *c);

/* The GA's reduction against baseline @p b, (baseline - ga) / baseline, or NaN. */
double map_reduction(const map_compare *c, size_t b, double ga_objective_s);

/* Write @p len bytes to @p path; on failure prints "map: OPTION: cannot write" and returns CLI_FAIL. */
int map_write_file(const char *option, const char *path, const char *text, size_t len);

/* Outputs: table, JSON or YAML on stdout; @p c NULL without --compare. */
void map_print_table(const map_view *v, const map_compare *c);
void map_print_json(const map_view *v, const map_compare *c);
void map_print_yaml(const map_view *v, const map_compare *c);

/* The SVG figures; CLI_OK or CLI_FAIL with the message printed. */
int map_gantt(const char *path, const map_view *v);
int map_plot(const char *path, const accelsel_mapping *m, const map_compare *c);

/* Read @p m into @p v (freed with map_view_free); CLI_OK or CLI_FAIL. */
int map_view_read(map_view *v, const accelsel_mapping_problem *p, const accelsel_mapping *m,
                  const char *title);
void map_view_free(map_view *v);

/* Parse argv (argv[0] is "map", and no --help: cli_map() prints the usage
 * first); CLI_OK, or CLI_USAGE with the message printed. */
int map_parse_args(int argc, char **argv, map_args *a);

/* The usage text, with the GA's defaults as the library's solve options
 * set them. */
void map_print_usage(FILE *f);

#endif
