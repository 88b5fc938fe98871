/* Clustering benchmark: k-means (given initial centres, exactly 20 Lloyd
 * iterations, tol 0) on n x 16 uniform points for n = 10^4 .. 10^6 with
 * k = 8, and the exact silhouette of 20,000 x 16 points. Prints one JSON
 * object per measurement: seconds, iterations, and the library's peak
 * allocation (counted through accelsel_set_allocator()) beside the input
 * size. bench/cluster_vs_sklearn.py runs this program and scikit-learn on the
 * same data (written with --dump DIR) and prints the ratios.
 *
 * usage: bench_cluster [--dump DIR] [--threads N] [--max-n N]
 *
 * OpenBLAS is limited to one thread here (openblas_set_num_threads(1)), as
 * cluster.h asks of programs that use the library's own threads. */
#include <cblas.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "accelsel/cluster.h"
#include "core/rng.h"

#define D 16
#define K 8
#define ITERS 20

static atomic_size_t cur_bytes, peak_bytes;

typedef union {
    max_align_t align;
    size_t size;
} header;

/* Count @p add new bytes and then release @p sub (a realloc holds both for a
 * moment, so the peak includes both). */
static void note(size_t add, size_t sub)
{
    size_t held = atomic_fetch_add(&cur_bytes, add) + add;
    atomic_fetch_sub(&cur_bytes, sub);
    size_t peak = atomic_load(&peak_bytes);
    while (held > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, held))
        ;
}

static void *c_malloc(size_t size, void *payload)
{
    (void)payload;
    header *h = malloc(sizeof(header) + size);
    if (h == NULL)
        return NULL;
    h->size = size;
    note(size, 0);
    return h + 1;
}

static void *c_realloc(void *ptr, size_t size, void *payload)
{
    (void)payload;
    if (ptr == NULL)
        return c_malloc(size, payload);
    header *old = (header *)ptr - 1;
    size_t before = old->size;
    header *h = realloc(old, sizeof(header) + size);
    if (h == NULL)
        return NULL;
    h->size = size;
    note(size, before);
    return h + 1;
}

static void c_free(void *ptr, void *payload)
{
    (void)payload;
    if (ptr == NULL)
        return;
    header *h = (header *)ptr - 1;
    atomic_fetch_sub(&cur_bytes, h->size);
    free(h);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double *uniform(size_t n, uint64_t seed)
{
    double *x = malloc(n * D * sizeof *x);
    if (x == NULL) {
        fprintf(stderr, "bench_cluster: out of memory\n");
        exit(1);
    }
    asel_rng r;
    asel_rng_seed(&r, seed);
    for (size_t i = 0; i < n * D; i++)
        x[i] = asel_rng_uniform(&r);
    return x;
}

static void dump(const char *dir, const char *name, const void *data, size_t bytes)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL || fwrite(data, 1, bytes, f) != bytes) {
        fprintf(stderr, "bench_cluster: cannot write %s\n", path);
        exit(1);
    }
    fclose(f);
}

static long max_rss_kib(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

static void bench_kmeans(size_t n, unsigned threads, const char *dir)
{
    double *x = uniform(n, n), init[K * D];
    for (size_t j = 0; j < K; j++)
        memcpy(init + j * D, x + (j * (n / K)) * D, D * sizeof(double));
    if (dir != NULL) {
        char name[64];
        snprintf(name, sizeof name, "kmeans_%zu.f64", n);
        dump(dir, name, x, n * D * sizeof *x);
        snprintf(name, sizeof name, "kmeans_%zu_init.f64", n);
        dump(dir, name, init, sizeof init);
    }
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = K;
    o.init = init;
    o.max_iter = ITERS;
    o.tol = 0;
    o.indices = 0;
    o.profiles = 0;
    o.n_threads = threads;
    atomic_store(&peak_bytes, atomic_load(&cur_bytes));
    long rss0 = max_rss_kib();
    accelsel_cluster_model *m = NULL;
    double t0 = now();
    int rc = accelsel_cluster_fit(&m, x, n, D, &o);
    double t = now() - t0;
    if (rc != 0) {
        fprintf(stderr, "bench_cluster: %s\n", accelsel_last_error()->message);
        exit(1);
    }
    printf("{\"bench\": \"kmeans\", \"n\": %zu, \"d\": %d, \"k\": %d, \"seconds\": %.6f, "
           "\"n_iter\": %u, \"inertia\": %.17g, \"input_bytes\": %zu, \"centroid_bytes\": %zu, "
           "\"peak_alloc_bytes\": %zu, \"max_rss_growth_kib\": %ld}\n",
           n, D, K, t, accelsel_cluster_model_n_iter(m), accelsel_cluster_model_inertia(m),
           n * D * sizeof(double), sizeof init, atomic_load(&peak_bytes), max_rss_kib() - rss0);
    fflush(stdout);
    accelsel_cluster_model_free(m);
    free(x);
}

static void bench_silhouette(size_t n, unsigned threads, const char *dir)
{
    double *x = uniform(n, 7);
    uint32_t *labels = malloc(n * sizeof *labels);
    for (size_t i = 0; i < n; i++)
        labels[i] = (uint32_t)(i % K);
    if (dir != NULL) {
        dump(dir, "silhouette.f64", x, n * D * sizeof *x);
        dump(dir, "silhouette_labels.u32", labels, n * sizeof *labels);
    }
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.n_threads = threads;
    double s = 0, t0 = now();
    if (accelsel_cluster_silhouette(x, n, D, labels, &o, &s) != 0) {
        fprintf(stderr, "bench_cluster: %s\n", accelsel_last_error()->message);
        exit(1);
    }
    printf("{\"bench\": \"silhouette\", \"n\": %zu, \"d\": %d, \"seconds\": %.6f, "
           "\"silhouette\": %.17g}\n", n, D, now() - t0, s);
    fflush(stdout);
    free(labels);
    free(x);
}

int main(int argc, char **argv)
{
    const char *dir = NULL;
    unsigned threads = 0;
    size_t max_n = 1000000;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--dump") == 0)
            dir = argv[i + 1];
        else if (strcmp(argv[i], "--threads") == 0)
            threads = (unsigned)strtoul(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--max-n") == 0)
            max_n = strtoul(argv[i + 1], NULL, 10);
    }
    openblas_set_num_threads(1);
    accelsel_allocator a = {ACCELSEL_ALLOCATOR_VERSION, c_malloc, c_realloc, c_free, NULL};
    accelsel_set_allocator(&a);
    for (size_t n = 10000; n <= max_n; n *= 10)
        bench_kmeans(n, threads, dir);
    bench_silhouette(20000, threads, dir);
    return 0;
}
