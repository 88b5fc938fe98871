/* accelsel recommend: shared between its argument reading, its run and its
 * printers (recommend*.c). */
#ifndef ACCELSEL_CLI_RECOMMEND_H
#define ACCELSEL_CLI_RECOMMEND_H

#include "args.h"

typedef struct recommend_args {
    const char *network, *mix, *devices, *counts, *catalog, *cloud_prices, *csv, *na;
    const char *criteria, *plot, *baselines;
    double runs, batch, epochs, tokens;
    int candidates, acquire, buy, rent, either, no_fit_month, format, method, raw;
    uint64_t top;
    accelsel_recommend_options o;
} recommend_args;

/* What the run made, for the printers. */
typedef struct recommend_run {
    const recommend_args *a;
    accelsel_workload_item *work;
    size_t n_work;
    const accelsel_recommendation *r;
    int baseline_shown[ACCELSEL_BASELINE_COUNT];
} recommend_run;

/* Parse argv into @p a (defaults from the library's INIT): CLI_OK,
 * CLI_USAGE with the message printed, or CLI_OK with *help when --help
 * printed the usage. */
int cli_recommend_args(recommend_args *a, int argc, char **argv, int *help);

/* The value of column @p name of the table at @p row (NaN, NULL if absent). */
double cli_rec_num(const accelsel_recommendation *r, size_t row, const char *name);
const char *cli_rec_str(const accelsel_recommendation *r, size_t row, const char *name);

int cli_recommend_table(FILE *f, const recommend_run *run);
int cli_recommend_json(FILE *f, const recommend_run *run);
int cli_recommend_plot(const recommend_run *run, const char *path);

#endif
