/* Load time of each built-in dataset (accelsel_dataset_load_builtin(): the
 * LZ4-compressed table decoded, parsed and, for one benchmark, filtered),
 * best of N runs, one JSON line each.
 *
 *   bench_builtin [N]   N runs per dataset (default 20)
 *
 * bench/builtin_vs_pandas.py runs this and pandas.read_csv on the same CSV
 * text and prints the ratio. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "accelsel/dataset.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 20;
    if (runs < 1) {
        fputs("usage: bench_builtin [RUNS]\n", stderr);
        return 2;
    }
    for (size_t i = 0; accelsel_dataset_builtin_name(i) != NULL; i++) {
        const char *name = accelsel_dataset_builtin_name(i);
        double best = 1e300;
        size_t rows = 0, cols = 0;
        for (int r = 0; r < runs; r++) {
            accelsel_dataset *ds = NULL;
            double t0 = now();
            if (accelsel_dataset_load_builtin(&ds, name) != 0) {
                fprintf(stderr, "bench_builtin: %s: %s\n", name, accelsel_last_error()->message);
                return 1;
            }
            double t = now() - t0;
            best = t < best ? t : best;
            rows = accelsel_dataset_rows(ds);
            cols = accelsel_dataset_cols(ds);
            accelsel_dataset_free(ds);
        }
        printf("{\"bench\": \"%s\", \"n\": %zu, \"d\": %zu, \"runs\": %d, \"seconds\": %.6f}\n",
               name, rows, cols, runs, best);
    }
    return 0;
}
