/* Rows of a dataset in the built-in MLPerf format, read as configurations
 * (configuration columns only) and, for calibration, with their results. */
#ifndef ASEL_PERF_ROWS_H
#define ASEL_PERF_ROWS_H

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
} asel_perf_row;

typedef struct asel_perf_rows {
    size_t n;
    asel_perf_row *row;
    accelsel_network *net; /* ResNet-50 at 224 x 224, every row's network */
    unsigned char *fusable; /* asel_perf_fusable_layers() of net, computed once */
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
