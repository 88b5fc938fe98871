/* CSV load throughput: accelsel_dataset_load_csv() on a numeric file of about
 * 100 MB (8 float columns, 6 to 8 significant digits), best of 3 runs.
 *
 *   bench_csv [FILE [N_THREADS]]   time FILE (or a generated temporary file)
 *                                  with n_threads N_THREADS (default 0: all cores)
 *
 * bench/csv_vs_pandas.py runs this on the same file as pandas.read_csv and
 * prints the ratio. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "accelsel/dataset.h"
#include "core/rng.h"

enum { COLS = 8, RUNS = 3 };
#define TARGET_BYTES 100000000.0

/* Values spread over several magnitudes, each printed with 6, 7 or 8
 * significant digits, as measurements usually are. */
static int generate(const char *path)
{
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return -1;
    asel_rng r;
    asel_rng_seed(&r, 42);
    fputs("a,b,c,d,e,f,g,h\n", f);
    double written = 16;
    while (written < TARGET_BYTES) {
        for (int c = 0; c < COLS; c++) {
            double scale = c < 4 ? 1e3 : c < 6 ? 1.0 : 1e-2;
            double v = (asel_rng_uniform(&r) * 2 - 1) * scale;
            int n = fprintf(f, "%.*g%c", 6 + (int)asel_rng_below(&r, 3), v, c + 1 < COLS ? ',' : '\n');
            written += n;
        }
    }
    return fclose(f);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    char tmp[] = "/tmp/accelsel_bench_csv_XXXXXX";
    const char *path = argc > 1 ? argv[1] : tmp;
    if (argc <= 1) {
        int fd = mkstemp(tmp);
        if (fd < 0 || close(fd) != 0 || generate(tmp) != 0) {
            perror("bench_csv: cannot write the test file");
            return 1;
        }
    }
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return 1;
    }
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.n_threads = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 0;
    double best = 1e300;
    size_t rows = 0, cols = 0;
    for (int run = 0; run < RUNS; run++) {
        accelsel_dataset *ds = NULL;
        double t0 = now();
        int rc = accelsel_dataset_load_csv(&ds, path, &o);
        double t = now() - t0;
        if (rc != 0) {
            fprintf(stderr, "bench_csv: %s\n", accelsel_last_error()->message);
            return 1;
        }
        rows = accelsel_dataset_rows(ds);
        cols = accelsel_dataset_cols(ds);
        accelsel_dataset_free(ds);
        best = t < best ? t : best;
    }
    double mb = (double)st.st_size / 1e6;
    printf("file: %s (%.1f MB, %zu rows x %zu columns)\n", path, mb, rows, cols);
    printf("accelsel_dataset_load_csv (n_threads %u): best of %d %.3f s, %.1f MB/s\n",
           (unsigned)o.n_threads, RUNS, best, mb / best);
    if (argc <= 1)
        remove(tmp);
    return 0;
}
