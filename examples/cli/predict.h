/* accelsel predict: the training-time predictor from the command line, split
 * over predict_*.c. Shared types of those files; public API only. */
#ifndef ACCELSEL_PREDICT_CLI_H
#define ACCELSEL_PREDICT_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "cli.h"

/* What the command does, from the options given. */
#define PREDICT_ONE 0      /* one configuration */
#define PREDICT_FROM_CSV 1 /* every row of a CSV */
#define PREDICT_CALIBRATE 2
#define PREDICT_SWEEP 3
#define PREDICT_SEED001 4
#define PREDICT_FROM_STEPS 5 /* every step-measurement row */

/* What the command line asked for; every field has a documented default. */
typedef struct predict_args {
    int mode;                      /* PREDICT_* */
    const char *network;           /* zoo name or YAML file */
    const char *device, *system;   /* one of the two */
    uint32_t count, nodes, per_node; /* 0: derive */
    const char *intra_link, *inter_link, *host_cpu; /* NULL: defaults */
    double batch;                  /* global batch; 0: the library's default */
    int precision;                 /* ACCELSEL_PRECISION_* or _AUTO */
    double epochs, samples, epoch_samples; /* 0: defaults */
    const char *catalog;           /* merged over the built-in catalog; NULL: none */
    const char *params;            /* saved parameters; NULL: the shipped fit */
    int calibrated;                /* 1: fit on the built-in rows now */
    int physical;                  /* 1: the compiled-in starting values, no corrections */
    int breakdown, layers;
    int format;                    /* CLI_FORMAT_*, or -1 for the mode's default */
    int raw;                       /* --raw: CSV cells as they are */
    const char *from_csv, *csv, *na; /* --from-csv FILE|builtin; --calibrate --csv FILE; --na */
    const char *benchmark;           /* --benchmark NAME (with --from-csv), or NULL */
    const char *holdout_rounds, *save;
    int evaluate;                  /* --calibrate --evaluate: the held-out protocols */
    const char *sweep;             /* COUNTS text */
    double threshold;              /* E' threshold of the sweet spot (0 until parsed: not given) */
    const char *plot;              /* SVG file, or NULL */
    const char *variant;           /* --variant as given, or NULL */
    int cifar;                     /* --seed001 --variant cifar */
    uint32_t threads;              /* --threads; 0: all cores */
    int stack;                     /* ACCELSEL_STACK_* */
    const char *from_steps, *steps; /* --from-steps FILE; --calibrate --steps FILE ("builtin") */
    const char *plan;              /* --plan SPEC|auto: a transformer under a parallel plan */
    const char *plans;             /* --calibrate --plans FILE|builtin: the LLM rows */
} predict_args;

/* predict_args.c: the command line into @p a (defaults set first); CLI_OK
 * or CLI_USAGE with the message printed. */
int predict_parse_args(int argc, char **argv, predict_args *a);


/* predict.c: the catalog (built-in, with --catalog merged over it) and the
 * predictor (--params or defaults). Both freed by predict_env_free(). */
typedef struct predict_env {
    accelsel_catalog *cat;           /* cli_open_catalog() */
    accelsel_predictor *pred;
    accelsel_network *net;
} predict_env;
int predict_env_open(const predict_args *a, predict_env *env);
int predict_env_load_network(const predict_args *a, predict_env *env);
void predict_env_free(predict_env *env);

/* The request for the configuration of @p a with network @p net. */
void predict_request(const predict_args *a, const accelsel_network *net,
                     accelsel_predict_request *req);

/* Print that memory ran out (in the command, not the library); CLI_FAIL. */
int predict_oom(void);

/* predict_print.c: one prediction as a table or JSON, with the per-layer
 * rows (NULL unless --layers). */
int predict_print(const predict_args *a, const accelsel_catalog *cat, const accelsel_network *net,
                  const accelsel_prediction *res, const accelsel_layer_prediction *rows,
                  size_t n_rows);

/* predict_plan.c: one configuration under --plan, its best plan and the
 * next best, as a table or JSON. */
int predict_plan(const predict_args *a, predict_env *env, const accelsel_predict_request *req);
/* A plan's fields as a JSON object, as --plan --format json writes them. */
void predict_json_plan(const accelsel_plan *pl);

/* predict_csv.c: --from-csv. */
int predict_from_csv(const predict_args *a, predict_env *env);
/* Median and 90th percentile of the values of @p v that are not NaN, by the
 * library's quantile rule (accelsel_quantiles()); NaN when none. CLI_FAIL
 * when out of memory. */
int predict_median_p90(const double *v, size_t n, double *median, double *p90);

/* predict_steps.c: the step rows of @p what (a file, or "builtin" for the
 * library's) against @p cat into *ds; CLI_OK or CLI_FAIL (message printed). */
int predict_load_steps(const char *what, const accelsel_catalog *cat, accelsel_dataset **ds);
/* --from-steps: each row predicted, or with --evaluate the leave-one-network-out table. */
int predict_from_steps(const predict_args *a, predict_env *env);
/* --calibrate --steps: the eager stack fitted on @p steps after the MLPerf
 * fit, evaluated first with --evaluate (its table printed, its band kept). */
int predict_calibrate_steps(const predict_args *a, predict_env *env,
                            const accelsel_dataset *steps);

/* predict_plans.c: the LLM rows of @p what (a CSV file read with @p na,
 * or "builtin": the built-in MLPerf rows) into *ds; CLI_OK or CLI_FAIL. */
int predict_load_llm_rows(const char *what, const char *na, accelsel_dataset **ds);
/* --calibrate --plans: the parallel plans fitted on @p llm after the other
 * fits, evaluated first with --evaluate; their tables printed (JSON: as
 * keys plan_calibration, plan_evaluation of the open object). */
int predict_calibrate_plans(const predict_args *a, predict_env *env, const accelsel_dataset *llm);

/* predict_calibrate.c: --calibrate. */
int predict_calibrate(const predict_args *a, predict_env *env);

/* predict_sweep.c: --sweep, its counts read by accelsel_predict_counts_parse(). */
int predict_sweep(const predict_args *a, predict_env *env);

/* predict_seed001.c: --seed001. */
int predict_seed001(const predict_args *a);

/* predict_plot.c: predicted against measured time to train of the rows of
 * @p ds (a predict_dataset result), one colour per accelerator family. */
int predict_plot_rows(const char *path, const accelsel_dataset *ds);
/* Time to train and E' against the count, the sweet spot marked. */
int predict_plot_sweep(const char *path, const accelsel_sweep_point *pts, size_t n,
                       size_t sweet, double threshold);

/* Where @p r's epochs, samples per epoch and correction came from, and its
 * error band: lines of the table, or JSON members (each followed by a
 * comma) (predict_provenance.c). */
void predict_print_provenance_table(const predict_args *a, const accelsel_network *net,
                                    const accelsel_prediction *r);
void predict_print_provenance_json(const predict_args *a, const accelsel_network *net,
                                   const accelsel_prediction *r);

#endif
