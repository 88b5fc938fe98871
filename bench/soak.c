/* Soak: a scheduler-like loop of library calls on shared read-only handles
 * (filter the derived MLPerf table, rank it with TOPSIS, predict one row's
 * cluster, look a device up in the built-in catalog by name, search the
 * catalog for a misspelt name), on 1 thread and then on T threads. Prints the
 * calls per second of each and their ratio, and the resident memory after a
 * warm-up round (the same calls on T threads) and at the end; exits 1 if it
 * grew by more than 1 MiB (a leak or unbounded growth), 2 for a usage error.
 * Never fails on time.
 *
 *   soak [--calls N] [--threads T]      defaults: 100000 calls, 8 threads
 *
 * OpenBLAS: the program limits it to one thread (openblas_set_num_threads),
 * as the library's headers ask of programs that use their own threads. */
#include <cblas.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accelsel/accelsel.h"

#define MAX_THREADS 256
#define N_KINDS 5
#define RSS_LIMIT_KIB 1024

typedef struct handles {
    accelsel_dataset *derived;
    accelsel_features *features;
    accelsel_cluster_model *model;
    accelsel_catalog *catalog;
    double *x; /* the derived rows through the model's features */
    size_t n_x, dim;
} handles;

typedef struct job {
    const handles *h;
    size_t first, calls; /* this thread's calls: indices first .. first + calls - 1 */
    int failed;
} job;

static void die(const char *what)
{
    const accelsel_error *e = accelsel_last_error();
    fprintf(stderr, "soak: %s: %s: %s\n", what, accelsel_status_name(e->code), e->message);
    exit(1);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* VmRSS of this process in KiB, from /proc/self/status. */
static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (strncmp(line, "VmRSS:", 6) == 0)
            kib = strtol(line + 6, NULL, 10);
    if (f != NULL)
        fclose(f);
    if (kib < 0) {
        fprintf(stderr, "soak: no VmRSS in /proc/self/status\n");
        exit(1);
    }
    return kib;
}

static void handles_build(handles *h)
{
    accelsel_dataset *mlperf = NULL, *all = NULL, *some = NULL;
    if (accelsel_dataset_load_builtin(&mlperf, "mlperf-training-resnet") != 0 ||
        accelsel_dataset_derive(&all, mlperf, NULL) != 0 ||
        accelsel_dataset_filter_expr(&some, all, "accelerators=1..") != 0 ||
        accelsel_dataset_filter_expr(&h->derived, some, "time_to_train_min=1e-9..") != 0)
        die("dataset");
    accelsel_dataset_free(some);
    accelsel_dataset_free(all);
    accelsel_dataset_free(mlperf);
    const char *cols[] = {"accelerators", "time_to_train_min", "efficiency"};
    const int tr[] = {ACCELSEL_TRANSFORM_LOG10_ZSCORE, ACCELSEL_TRANSFORM_LOG10_ZSCORE,
                      ACCELSEL_TRANSFORM_ZSCORE};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.seed = 42;
    if (accelsel_features_fit(&h->features, h->derived, cols, tr, 3, NULL) != 0 ||
        accelsel_cluster_fit_dataset(&h->model, h->derived, h->features, &o) != 0)
        die("k-means");
    if (accelsel_catalog_load_builtin(&h->catalog) != 0)
        die("catalog");
    size_t rows = accelsel_dataset_rows(h->derived);
    h->dim = accelsel_features_dim(h->features);
    h->x = malloc(rows * h->dim * sizeof *h->x);
    if (h->x == NULL || accelsel_features_transform(h->features, h->derived, h->x, rows * h->dim,
                                                    &h->n_x, NULL) != 0)
        die("features");
}

static void handles_free(handles *h)
{
    free(h->x);
    accelsel_catalog_free(h->catalog);
    accelsel_cluster_model_free(h->model);
    accelsel_features_free(h->features);
    accelsel_dataset_free(h->derived);
}

/* ---- the calls: index i selects the kind (i mod 5) and its variant ---- */

static const char *const filters[] = {"accelerators=8..64", "round=v3.0", "time_to_train_min=..10",
                                      "efficiency=0.5.."};
static const accelsel_criterion criteria[] = {
    {"time_to_train_min", 2, ACCELSEL_CRITERION_COST},
    {"efficiency", 1, ACCELSEL_CRITERION_BENEFIT},
    {"throughput_per_accelerator", 1, ACCELSEL_CRITERION_BENEFIT},
    {"accelerator_hours", 1, ACCELSEL_CRITERION_COST},
};
static const char *const devices[] = {"NVIDIA H100-SXM5-80GB", "a100-sxm4-40gb", "TPU v4",
                                      "NVIDIA T4", "Tesla V100-SXM2-16GB"};
/* Not in the catalog: the lookup fails and searches every name for the
 * nearest ("A100 SXM 40GB" resolves since lookups take the spellings people
 * type, so the near miss is one gigabyte off). */
static const char *const misspelt[] = {"NVIDIA H100-SXM5-8GB", "tpu-v9", "A100 SXM 41GB"};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static int filter_call(const handles *h, size_t v)
{
    accelsel_dataset *f = NULL;
    int rc = accelsel_dataset_filter_expr(&f, h->derived, filters[v % COUNT(filters)]);
    int ok = rc == 0 && accelsel_dataset_rows(f) > 0;
    accelsel_dataset_free(f);
    return ok;
}

static int rank_call(const handles *h)
{
    accelsel_ranking *r = NULL;
    int rc = accelsel_ranking_compute(&r, h->derived, criteria, COUNT(criteria),
                                      ACCELSEL_RANK_TOPSIS, NULL);
    int ok = rc == 0 && accelsel_ranking_ranked_count(r) > 0;
    accelsel_ranking_free(r);
    return ok;
}

static int predict_call(const handles *h, size_t v)
{
    uint32_t label;
    const double *row = h->x + (v % h->n_x) * h->dim;
    return accelsel_cluster_model_predict(h->model, row, 1, h->dim, &label) == 0 &&
           label < accelsel_cluster_model_k(h->model);
}

static int find_call(const handles *h, size_t v, int expect_found)
{
    size_t i;
    if (expect_found)
        return accelsel_catalog_find_device(h->catalog, devices[v % COUNT(devices)], &i) == 0;
    return accelsel_catalog_find_device(h->catalog, misspelt[v % COUNT(misspelt)], &i) ==
           ACCELSEL_ENOTFOUND;
}

/* Call @p i of the loop; 1 if it gave the result expected. */
static int call(const handles *h, size_t i)
{
    size_t v = i / N_KINDS;
    switch (i % N_KINDS) {
    case 0:
        return filter_call(h, v);
    case 1:
        return rank_call(h);
    case 2:
        return predict_call(h, v);
    case 3:
        return find_call(h, v, 1);
    default:
        return find_call(h, v, 0);
    }
}

/* ---- running the loop ---- */

static void *job_main(void *arg)
{
    job *j = arg;
    for (size_t c = 0; c < j->calls && !j->failed; c++)
        j->failed = !call(j->h, j->first + c);
    return NULL;
}

/* Calls 0 .. calls - 1 split into contiguous shares over @p threads
 * threads; the same calls whatever the thread count. Returns the seconds. */
static double run(const handles *h, size_t calls, size_t threads)
{
    pthread_t tid[MAX_THREADS];
    job jobs[MAX_THREADS];
    double t0 = now();
    for (size_t t = 0, first = 0; t < threads; t++) {
        size_t share = calls / threads + (t < calls % threads);
        jobs[t] = (job){h, first, share, 0};
        first += share;
        if (pthread_create(&tid[t], NULL, job_main, &jobs[t]) != 0) {
            fprintf(stderr, "soak: cannot start thread %zu\n", t);
            exit(1);
        }
    }
    int failed = 0;
    for (size_t t = 0; t < threads; t++) {
        pthread_join(tid[t], NULL);
        failed |= jobs[t].failed;
    }
    if (failed)
        die("a call did not give the expected result");
    return now() - t0;
}

static void usage(const char *why)
{
    fprintf(stderr, "soak: %s\nusage: soak [--calls N] [--threads T]\n", why);
    exit(2);
}

static size_t parse_count(const char *text, size_t max)
{
    char *end;
    unsigned long long v = text != NULL ? strtoull(text, &end, 10) : 0;
    if (text == NULL || *text == '\0' || *end != '\0' || v < 1 || v > max)
        usage("--calls and --threads need a whole number of at least 1");
    return (size_t)v;
}

int main(int argc, char **argv)
{
    size_t calls = 100000, threads = 8;
    for (int a = 1; a < argc; a++) {
        if (strcmp(argv[a], "--calls") == 0)
            calls = parse_count(argv[++a], SIZE_MAX / 2);
        else if (strcmp(argv[a], "--threads") == 0)
            threads = parse_count(argv[++a], MAX_THREADS);
        else
            usage("unknown argument");
    }
    openblas_set_num_threads(1);
    handles h = {0};
    handles_build(&h);
    /* A whole round first: each thread's malloc arena grows to its working
     * size during the first rounds on many threads (about 0.8 MiB here),
     * which is not the growth this program looks for. */
    run(&h, calls, threads);
    long rss0 = rss_kib();
    double one = run(&h, calls, 1);
    double many = run(&h, calls, threads);
    long rss1 = rss_kib();
    handles_free(&h);
    printf("soak: %zu calls of filter, TOPSIS rank, cluster predict, catalog find and search\n",
           calls);
    printf("  1 thread : %8.3f s  %10.0f calls/s\n", one, (double)calls / one);
    printf("  %zu threads: %8.3f s  %10.0f calls/s  (%.2fx the 1-thread rate)\n", threads, many,
           (double)calls / many, one / many);
    printf("  RSS after a warm-up round on %zu threads %ld KiB, at end %ld KiB, growth %ld KiB "
           "(limit %d KiB)\n", threads, rss0, rss1, rss1 - rss0, RSS_LIMIT_KIB);
    return rss1 - rss0 > RSS_LIMIT_KIB ? 1 : 0;
}
