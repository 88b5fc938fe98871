/* Rows of a dataset in the built-in MLPerf format, read as configurations
 * (configuration columns only) and, for calibration, with their results. */
#ifndef ASEL_PERF_ROWS_H
#define ASEL_PERF_ROWS_H

#include "perf/llm_bench.h"
#include "perf/predictor_impl.h"

typedef struct asel_perf_row {
    int ok;               /* 1 if the configuration resolved */
    char *note;           /* owned: why not when !ok; when ok, what reading the row
                             assumed (a layout among counts that disagree), or NULL */
    asel_perf_config cfg;
    double measured_min;  /* time_to_train_min; NaN if absent */
    double epochs_mean;   /* measured epochs; NaN if absent (calibration only) */
    int round;            /* "vX.Y" as X * 100 + Y; -1 if absent (or not a round: !ok) */
    const char *family;   /* accelerator_family; "" if absent; borrowed from the dataset */
    int closed;           /* division is closed (or absent) */
    int repeat;           /* same_runs_as names an earlier row: a copy of its logs */
    /* A row of an LLM benchmark (asel_plan_rows_read()): */
    int bench;            /* index into asel_llm_benches; -1 on a ResNet-50 row */
    accelsel_plan plan;   /* the sizes the row names; ACCELSEL_PLAN_AUTO for the others */
    int plan_given;       /* the row names its tensor and data parallel sizes; else its plan
                             is searched */
    double gbs;           /* global batch in sequences */
    double samples;       /* sequences trained to the target */
} asel_perf_row;

typedef struct asel_perf_rows {
    size_t n;
    asel_perf_row *row;
    accelsel_network *net; /* ResNet-50 at 224 x 224, every row's network; NULL for LLM rows */
    unsigned char *fusable; /* asel_perf_fusable_layers() of net, computed once */
    accelsel_network *llm[ASEL_LLM_BENCHES]; /* LLM rows: each benchmark's network */
} asel_perf_rows;

/* Whether a row's benchmark cell (NULL or "" where there is none) is
 * ResNet-50: as MLPerf's tables name it ("resnet", "ResNet") or its task
 * ("image_classification"). Rows of other benchmarks are not predicted as
 * ResNet-50, nor do they measure it. */
int asel_perf_is_resnet(const char *benchmark);

/* The name under which the catalog knows a row's accelerator: @p model (the
 * accelerator_model_name cell) where the catalog has it, else @p family
 * (accelerator_family: some rounds name the accelerator only by family,
 * "TPU" in v0.7); NULL when it has neither (either may be NULL; the last
 * error then holds the lookup's, which is no failure). The one rule by which
 * rows name devices, for the predictor and the prices alike. */
const char *asel_perf_row_accelerator(const accelsel_catalog *cat, const char *model,
                                      const char *family);

/* Index of column @p name of @p ds, or SIZE_MAX; sets no error (a missing
 * optional column is not a failure). */
size_t asel_perf_column(const accelsel_dataset *ds, const char *name);

/* Read every row of @p ds. Rows that cannot be predicted get a note (a
 * configuration cell that is not what its column holds, a round cell that
 * is not a round, a configuration that does not resolve); only
 * ACCELSEL_ENOMEM, or ACCELSEL_ENOTFOUND for a missing required column
 * (accelerator_model_name, total_accelerators, and time_to_train_min when
 * @p measured: the rows are to be fitted or scored), fail the call. */
int asel_perf_rows_read(asel_perf_rows *out, const accelsel_predictor *p,
                        const accelsel_dataset *ds, int measured);

/* As asel_perf_rows_read() with @p measured, the rows of the LLM
 * benchmarks (asel_llm_benches) in the place of ResNet-50's: each with its
 * benchmark's network, the plan sizes it names, its global batch in
 * sequences and the sequences it trained (plan_rows.c); rows of other
 * benchmarks get a note. */
int asel_plan_rows_read(asel_perf_rows *out, const accelsel_predictor *p,
                        const accelsel_dataset *ds);

/* The columns a row is read from (SIZE_MAX: absent). */
typedef struct asel_perf_cols {
    size_t model, family, total, nodes, per_node, link, host, host_n, host_cores, batch;
    size_t time, epochs, round, division, same_runs, benchmark;
    size_t precision, tp, pp, cp, sp, dp, mbs, samples;
} asel_perf_cols;

/* An LLM row's own cells into @p out and @p q (plan_rows.c): its
 * benchmark's network, its precision, the plan sizes it names, the
 * sequences it trained. NULL, or why the row cannot be predicted (a note,
 * in @p buf where formatted); ACCELSEL_ENOMEM through *rc. */
const char *asel_plan_row_cells(const asel_perf_rows *rows, const accelsel_dataset *ds, size_t r,
                                const asel_perf_cols *c, asel_perf_row *out,
                                accelsel_predict_request *q, char *buf, size_t n, int *rc);
void asel_perf_rows_free(asel_perf_rows *rows);

/* Predict row @p r of @p rows with @p par and time factor @p corr, times the
 * software factor of the row's round: asel_perf_run()'s result (never
 * ACCELSEL_ENOMEM: the rows hold what it needs). */
int asel_perf_row_run(const asel_perf_params *par, double corr, const asel_perf_row *r,
                      const asel_perf_rows *rows, accelsel_prediction *res);

/* Predicted time to train in minutes of row @p r with @p par and time factor
 * @p corr; NaN (and ok unchanged) when the model finds it infeasible. */
double asel_perf_row_minutes(const asel_perf_params *par, double corr, const asel_perf_row *r,
                             const asel_perf_rows *rows);

/* The device step of row @p r under @p par, which every row of the same
 * device, per-device batch and precision shares. */
void asel_perf_row_step(const asel_perf_params *par, const asel_perf_row *r,
                        const asel_perf_rows *rows, asel_perf_step *s);

/* asel_perf_row_minutes() from the row's device step @p s. */
double asel_perf_row_minutes_step(const asel_perf_params *par, double corr, const asel_perf_row *r,
                                  const asel_perf_rows *rows, const asel_perf_step *s);

#endif
