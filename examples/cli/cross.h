/* accelsel cross: speed across benchmarks, split over cross*.c. */
#ifndef ACCELSEL_CROSS_CLI_H
#define ACCELSEL_CROSS_CLI_H

#include "args.h"

typedef struct cross_args {
    const char *csv, *na;  /* NULL csv: the built-in table of every benchmark */
    cli_list where;
    int rows;              /* ACCELSEL_SELECTION_ROWS_* */
    const char *reference; /* system_name, or NULL for the library's choice */
    uint32_t min_benchmarks;
    int per;               /* 0: per accelerator, 1: per system */
    int format;            /* CLI_FORMAT_TABLE, _CSV or _JSON */
    int raw;
    const char *plot, *base; /* --plot FILE.svg, --base NAME */
} cross_args;

/* The speed column that --per names. */
const char *cross_speed_column(const cross_args *a);

/* The end of the rows of the system of row @p lo of @p cx (the library
 * writes a system's rows together). */
size_t cross_system_end(const accelsel_dataset *cx, size_t lo);

/* A block per round of @p cx (accelsel_dataset_cross_benchmark()'s
 * result): a row per system, a column per benchmark. */
int cross_print_table(FILE *f, const cross_args *a, const accelsel_dataset *cx);

/* --plot: the speed on --base against each other benchmark. */
int cross_plot(const cross_args *a, const accelsel_dataset *cx);

#endif
