/* Concurrency: 16 threads share read-only handles (the built-in dataset, a
 * derived one, a feature transform, a fitted k-means model, the built-in
 * catalog, a zoo network) while each also creates and frees its own objects,
 * k-means with its own two-thread pool included. Every thread's results must
 * be bit-identical to those the main thread computed alone beforehand, so the
 * suite fails on a race even without ThreadSanitizer; built with
 * -fsanitize=thread it must also be free of reports. Also: each thread's
 * accelsel_last_error() is its own, a custom allocator serves every thread,
 * and allocation failures in many threads at once fail cleanly. Placement:
 * jobs prepared and decided on one predictor and one cluster by 1 to 16
 * threads at once give the decisions made on one thread, bit for bit.
 *
 * OpenBLAS: the library leaves OpenBLAS's thread count to the program. Setting
 * OPENBLAS_NUM_THREADS with setenv() in main() would come too late (OpenBLAS
 * reads it in its load-time constructor and has started its threads before
 * main), so main() calls openblas_set_num_threads(1), which a program may do;
 * run the suite with OPENBLAS_NUM_THREADS=1 in the environment as well, so
 * that OpenBLAS starts no thread at all. */
#include <cblas.h>
#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

#define N_THREADS 16
#define N_ITER 4
#define MAX_ROWS 512
#define MAX_LAYERS 256
/* Three groups of 20 x 10 grid points: more than two k-means blocks of 256
 * rows, so that n_threads = 2 really starts a second thread. */
#define GRID_X 20
#define GRID_Y 10
#define OWN_ROWS (3 * GRID_X * GRID_Y)

typedef struct shared {
    accelsel_dataset *mlperf, *derived;
    accelsel_features *features;
    accelsel_cluster_model *model;
    accelsel_catalog *catalog;
    accelsel_network *network;
} shared;

/* What one pass over the shared handles computes. */
typedef struct shared_results {
    size_t round_levels, n_round;
    size_t rows, cols, time_col;
    size_t n_filtered;
    double filtered_time[MAX_ROWS];
    size_t n_ranked;
    double scores[MAX_ROWS];
    size_t order[MAX_ROWS];
    size_t n_labels;
    uint32_t labels[MAX_ROWS];
    size_t label_rows[MAX_ROWS];
    uint32_t matrix_labels[MAX_ROWS];
    size_t device;
    char near_miss[512];
    size_t n_layers;
    uint64_t layer_flops[MAX_LAYERS], layer_bytes[MAX_LAYERS];
    double layer_intensity[MAX_LAYERS];
} shared_results;

/* What a thread's own k-means computes. */
typedef struct own_results {
    double inertia, silhouette;
    double centroids[3 * 2];
    uint32_t labels[OWN_ROWS];
} own_results;

typedef struct worker {
    size_t id;
    const shared *sh;
    const shared_results *want;
    const own_results *own_want;
    pthread_barrier_t *barrier;
    int tolerate_enomem; /* 1 while the allocator fails now and then */
    size_t n_enomem;
    size_t n_allocs; /* allocations this thread made through the counting allocator */
    char failure[512]; /* the first failure; empty if none */
    double grid[OWN_ROWS * 2];
    shared_results got;
    own_results own;
} worker;

/* Threads record failures here; the main thread asserts on them (Check's
 * assertions may only fail on the thread that runs the test). */
__attribute__((format(printf, 3, 4))) static void fail_at(worker *w, int line, const char *fmt, ...)
{
    if (w->failure[0] != '\0')
        return;
    int n = snprintf(w->failure, sizeof w->failure, "thread %zu, line %d: ", w->id, line);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(w->failure + n, sizeof w->failure - (size_t)n, fmt, ap);
    va_end(ap);
}
#define FAIL(w, ...) fail_at((w), __LINE__, __VA_ARGS__)
#define EXPECT(w, cond) ((cond) ? 1 : (FAIL((w), "%s", #cond), 0))

/* 1 if @p rc is 0; otherwise records a failure, unless it is ACCELSEL_ENOMEM
 * while allocations are made to fail, and returns 0. */
static int ok_at(worker *w, int line, int rc, const char *what)
{
    if (rc == 0)
        return 1;
    if (rc == ACCELSEL_ENOMEM && w->tolerate_enomem)
        w->n_enomem++;
    else
        fail_at(w, line, "%s: %s (%s)", what, accelsel_status_name(rc),
                accelsel_last_error()->message);
    return 0;
}
#define OK(w, call) ok_at((w), __LINE__, (call), #call)

static void same_at(worker *w, int line, const char *what, const void *got, const void *want,
                    size_t size)
{
    if (memcmp(got, want, size) != 0)
        fail_at(w, line, "%s differs from the single-threaded result", what);
}
#define SAME(w, field) same_at((w), __LINE__, #field, &got->field, &want->field, sizeof got->field)

/* ---- the shared handles, built by the main thread ---- */

static const accelsel_criterion criteria[] = {
    {"time_to_train_min", 2, ACCELSEL_CRITERION_COST},
    {"efficiency", 1, ACCELSEL_CRITERION_BENEFIT},
    {"throughput_per_accelerator", 1, ACCELSEL_CRITERION_BENEFIT},
    {"accelerator_hours", 1, ACCELSEL_CRITERION_COST},
};

static accelsel_dataset *filtered(const accelsel_dataset *ds, const char *expr)
{
    accelsel_dataset *out = NULL;
    int rc = accelsel_dataset_filter_expr(&out, ds, expr);
    ck_assert_msg(rc == 0, "%s: %s", expr, accelsel_last_error()->message);
    return out;
}

static void shared_build(shared *sh)
{
    accelsel_dataset *all = NULL;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&sh->mlperf, "mlperf-training-resnet"), 0);
    ck_assert_int_eq(accelsel_dataset_derive(&all, sh->mlperf, NULL), 0);
    /* log10 needs systems with accelerators and a time. */
    accelsel_dataset *with_acc = filtered(all, "accelerators=1..");
    sh->derived = filtered(with_acc, "time_to_train_min=1e-9..");
    accelsel_dataset_free(with_acc);
    accelsel_dataset_free(all);
    ck_assert_uint_le(accelsel_dataset_rows(sh->derived), MAX_ROWS);
    const char *cols[] = {"accelerators", "time_to_train_min", "efficiency"};
    const int tr[] = {ACCELSEL_TRANSFORM_LOG10_ZSCORE, ACCELSEL_TRANSFORM_LOG10_ZSCORE,
                      ACCELSEL_TRANSFORM_ZSCORE};
    ck_assert_int_eq(accelsel_features_fit(&sh->features, sh->derived, cols, tr, 3, NULL), 0);
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 4;
    o.seed = 42;
    o.n_threads = 2;
    ck_assert_int_eq(accelsel_cluster_fit_dataset(&sh->model, sh->derived, sh->features, &o), 0);
    ck_assert_int_eq(accelsel_catalog_load_builtin(&sh->catalog), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&sh->network, "resnet50", NULL), 0);
    ck_assert_uint_le(accelsel_network_layer_count(sh->network), MAX_LAYERS);
}

static void shared_free(shared *sh)
{
    accelsel_network_free(sh->network);
    accelsel_catalog_free(sh->catalog);
    accelsel_cluster_model_free(sh->model);
    accelsel_features_free(sh->features);
    accelsel_dataset_free(sh->derived);
    accelsel_dataset_free(sh->mlperf);
}

/* ---- reading the shared handles ---- */

/* The built-in table's categorical side: round v3.0's rows. */
static void read_builtin(worker *w, shared_results *r)
{
    const accelsel_dataset *ds = w->sh->mlperf;
    size_t col;
    if (!OK(w, accelsel_dataset_column_index(ds, "round", &col)))
        return;
    r->round_levels = accelsel_dataset_levels(ds, col);
    const char *first = accelsel_dataset_level(ds, col, 0);
    EXPECT(w, first != NULL && strcmp(first, accelsel_dataset_string(ds, 0, col)) == 0);
    accelsel_dataset *f = NULL;
    if (!OK(w, accelsel_dataset_filter_equal(&f, ds, "round", "v3.0")))
        return;
    r->n_round = accelsel_dataset_rows(f);
    EXPECT(w, accelsel_dataset_levels(f, col) == 1);
    accelsel_dataset_free(f);
}

static void read_dataset(worker *w, shared_results *r)
{
    read_builtin(w, r);
    const accelsel_dataset *ds = w->sh->derived;
    r->rows = accelsel_dataset_rows(ds);
    r->cols = accelsel_dataset_cols(ds);
    if (!OK(w, accelsel_dataset_column_index(ds, "time_to_train_min", &r->time_col)))
        return;
    EXPECT(w, strcmp(accelsel_dataset_column_name(ds, r->time_col), "time_to_train_min") == 0);
    accelsel_dataset *f = NULL;
    if (!OK(w, accelsel_dataset_filter_expr(&f, ds, "accelerators=8..64")))
        return;
    r->n_filtered = accelsel_dataset_rows(f);
    const double *t = accelsel_dataset_numeric(f, r->time_col);
    if (EXPECT(w, t != NULL && r->n_filtered <= MAX_ROWS))
        memcpy(r->filtered_time, t, r->n_filtered * sizeof *t);
    accelsel_dataset_free(f);
}

static void read_ranking(worker *w, shared_results *r)
{
    accelsel_ranking *rk = NULL;
    if (!OK(w, accelsel_ranking_compute(&rk, w->sh->derived, criteria, 4, ACCELSEL_RANK_TOPSIS,
                                        NULL)))
        return;
    r->n_ranked = accelsel_ranking_ranked_count(rk);
    memcpy(r->scores, accelsel_ranking_scores(rk), accelsel_ranking_rows(rk) * sizeof(double));
    memcpy(r->order, accelsel_ranking_order(rk), r->n_ranked * sizeof(size_t));
    accelsel_ranking_free(rk);
}

/* Labels through the model's features, and again from a matrix this thread
 * transformed itself. */
static void read_model(worker *w, shared_results *r)
{
    const accelsel_cluster_model *m = w->sh->model;
    if (!OK(w, accelsel_cluster_model_predict_dataset(m, w->sh->derived, r->labels, MAX_ROWS,
                                                      &r->n_labels, r->label_rows)))
        return;
    size_t dim = accelsel_cluster_model_dim(m), n = 0;
    double *x = malloc(MAX_ROWS * dim * sizeof *x);
    if (EXPECT(w, x != NULL) &&
        OK(w, accelsel_features_transform(accelsel_cluster_model_features(m), w->sh->derived, x,
                                          MAX_ROWS * dim, &n, NULL)))
        OK(w, accelsel_cluster_model_predict(m, x, n, dim, r->matrix_labels));
    free(x);
}

static void read_catalog(worker *w, shared_results *r)
{
    const accelsel_catalog *cat = w->sh->catalog;
    if (!OK(w, accelsel_catalog_find_device(cat, "NVIDIA H100-SXM5-80GB", &r->device)))
        return;
    /* NVIDIA H100 SXM datasheet: 3.35 TB/s, 700 W. */
    const accelsel_device_info *d = accelsel_catalog_device(cat, r->device);
    EXPECT(w, d->memory_bw_bytes_s == 3.35e12 && d->tdp_w == 700);
    /* The nearest names are searched for over every name and alias. */
    size_t i;
    int rc = accelsel_catalog_find_device(cat, "NVIDIA H100-SXM5-8GB", &i);
    if (rc == ACCELSEL_ENOMEM && w->tolerate_enomem)
        return;
    EXPECT(w, rc == ACCELSEL_ENOTFOUND);
    snprintf(r->near_miss, sizeof r->near_miss, "%s", accelsel_last_error()->message);
}

static void read_network(worker *w, shared_results *r)
{
    const accelsel_network *net = w->sh->network;
    r->n_layers = accelsel_network_layer_count(net);
    uint64_t flops = 0;
    for (size_t i = 0; i < r->n_layers; i++) {
        const accelsel_layer_info *l = accelsel_network_layer(net, i);
        r->layer_flops[i] = l->flops;
        r->layer_bytes[i] = l->input_bytes + l->output_bytes + l->weight_bytes;
        r->layer_intensity[i] = l->intensity;
        flops += l->flops;
    }
    EXPECT(w, flops == accelsel_network_get_totals(net)->flops);
}

static void read_shared(worker *w, shared_results *r)
{
    memset(r, 0, sizeof *r);
    read_dataset(w, r);
    read_ranking(w, r);
    read_model(w, r);
    read_catalog(w, r);
    read_network(w, r);
}

static void compare_shared(worker *w, const shared_results *got, const shared_results *want)
{
    SAME(w, round_levels);
    SAME(w, n_round);
    SAME(w, rows);
    SAME(w, cols);
    SAME(w, time_col);
    SAME(w, n_filtered);
    SAME(w, filtered_time);
    SAME(w, n_ranked);
    SAME(w, scores);
    SAME(w, order);
    SAME(w, n_labels);
    SAME(w, labels);
    SAME(w, label_rows);
    SAME(w, matrix_labels);
    SAME(w, device);
    SAME(w, near_miss);
    SAME(w, n_layers);
    SAME(w, layer_flops);
    SAME(w, layer_bytes);
    SAME(w, layer_intensity);
}

/* ---- bad calls: statuses, messages, and a per-thread error record ---- */

static void expect_error_at(worker *w, int line, int rc, int want, const char *fragment)
{
    if (rc == ACCELSEL_ENOMEM && w->tolerate_enomem) {
        w->n_enomem++;
        return;
    }
    const accelsel_error *e = accelsel_last_error();
    if (rc != want || e->code != want || strstr(e->message, fragment) == NULL)
        fail_at(w, line, "got %s '%s', want %s with '%s'", accelsel_status_name(rc), e->message,
                accelsel_status_name(want), fragment);
}
#define EXPECT_ERROR(w, call, want, fragment) \
    expect_error_at((w), __LINE__, (call), (want), (fragment))

/* Wrong calls on the shared handles; the last one names a column after this
 * thread. Returns 1 if that one failed as it should (not for memory). */
static int bad_calls(worker *w)
{
    const shared *sh = w->sh;
    accelsel_dataset *o = NULL;
    accelsel_ranking *rk = NULL;
    const accelsel_criterion categorical = {"round", 1, ACCELSEL_CRITERION_BENEFIT};
    const double x[2] = {0, 0};
    const size_t *in;
    size_t i, n;
    uint32_t label;
    EXPECT_ERROR(w, accelsel_dataset_filter_expr(&o, sh->derived, "accelerators"), ACCELSEL_EPARSE,
                 "(no '=')");
    EXPECT_ERROR(w, accelsel_dataset_filter_expr(&o, sh->derived, "accelerators=x..4"),
                 ACCELSEL_EINVAL, "bound 'x' is not a number");
    EXPECT_ERROR(w,
                 accelsel_ranking_compute(&rk, sh->derived, &categorical, 1, ACCELSEL_RANK_TOPSIS,
                                          NULL),
                 ACCELSEL_ETYPE, "criteria[0].column: column 'round' is categorical");
    EXPECT(w, o == NULL && rk == NULL);
    EXPECT_ERROR(w, accelsel_cluster_model_predict(sh->model, x, 1, 2, &label), ACCELSEL_EINVAL,
                 "d = 2 but the model has 3 features");
    EXPECT_ERROR(w, accelsel_network_layer_inputs(sh->network, 100000, &in, &n), ACCELSEL_EINVAL,
                 "layer 100000 of");
    EXPECT_ERROR(w, accelsel_network_layer_index(sh->network, "conv9", &i), ACCELSEL_ENOTFOUND,
                 "no layer 'conv9'");
    EXPECT_ERROR(w, accelsel_catalog_find_device(sh->catalog, NULL, &i), ACCELSEL_EINVAL,
                 "name is NULL");
    char expr[64], name[64];
    snprintf(expr, sizeof expr, "no_such_column_%zu=1", w->id);
    snprintf(name, sizeof name, "no column 'no_such_column_%zu'", w->id);
    int rc = accelsel_dataset_filter_expr(&o, sh->derived, expr);
    if (rc == ACCELSEL_ENOMEM && w->tolerate_enomem)
        return 0;
    EXPECT_ERROR(w, rc, ACCELSEL_ENOTFOUND, name);
    return rc == ACCELSEL_ENOTFOUND;
}

/* Called after every thread has made its own last error: a record shared
 * between threads would now hold another thread's column. */
static void check_own_error(worker *w)
{
    char name[64];
    snprintf(name, sizeof name, "'no_such_column_%zu'", w->id);
    const accelsel_error *e = accelsel_last_error();
    if (e->code != ACCELSEL_ENOTFOUND || strstr(e->message, name) == NULL)
        FAIL(w, "last error is '%s', not this thread's %s", e->message, name);
}

/* ---- objects each thread creates and frees ---- */

/* Group g's centre plus offsets ((i - 9.5) / 10, (j - 4.5) / 10): each
 * group's mean is its centre. */
static void grid_fill(double *x)
{
    static const double centres[3][2] = {{0, 0}, {10, 0}, {0, 10}};
    size_t r = 0;
    for (int g = 0; g < 3; g++)
        for (int i = 0; i < GRID_X; i++)
            for (int j = 0; j < GRID_Y; j++, r++) {
                x[2 * r] = centres[g][0] + (i - 9.5) / 10;
                x[2 * r + 1] = centres[g][1] + (j - 4.5) / 10;
            }
}

static void own_kmeans(worker *w, uint64_t seed, uint32_t n_threads, own_results *r)
{
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 3;
    o.n_init = 3;
    o.seed = seed;
    o.n_threads = n_threads;
    accelsel_cluster_model *m = NULL;
    memset(r, 0, sizeof *r);
    if (!OK(w, accelsel_cluster_fit(&m, w->grid, OWN_ROWS, 2, &o)))
        return;
    r->inertia = accelsel_cluster_model_inertia(m);
    r->silhouette = accelsel_cluster_model_silhouette(m);
    memcpy(r->centroids, accelsel_cluster_model_centroids(m), sizeof r->centroids);
    memcpy(r->labels, accelsel_cluster_model_labels(m), sizeof r->labels);
    accelsel_cluster_model_free(m);
}

static void own_csv(worker *w)
{
    char text[128], name[32];
    int len = snprintf(text, sizeof text, "system,tflops\nsys-%zu,%zu.5\nother,NA\n", w->id, w->id);
    snprintf(name, sizeof name, "sys-%zu", w->id);
    accelsel_dataset *ds = NULL;
    if (!OK(w, accelsel_dataset_load_csv_buffer(&ds, text, (size_t)len, NULL)))
        return;
    const char *s = accelsel_dataset_string(ds, 0, 0);
    EXPECT(w, accelsel_dataset_rows(ds) == 2 && s != NULL && strcmp(s, name) == 0);
    EXPECT(w, accelsel_dataset_number(ds, 0, 1) == (double)w->id + 0.5);
    EXPECT(w, accelsel_dataset_is_missing(ds, 1, 1) == 1);
    accelsel_dataset_free(ds);
}

static void own_catalogs(worker *w)
{
    static const char yaml[] =
        "version: 1\n"
        "devices:\n"
        "  - {name: gpu-t, vendor: V, kind: gpu, peak_flops: {fp32: 19.5e12},\n"
        "     memory_bw_bytes_s: 1555e9, source: A100 datasheet}\n";
    accelsel_catalog *cat = NULL, *one = NULL;
    size_t i;
    if (OK(w, accelsel_catalog_load_buffer(&cat, yaml, strlen(yaml))) &&
        OK(w, accelsel_catalog_find_device(cat, "GPU-T", &i)))
        EXPECT(w, accelsel_catalog_device(cat, i)->peak_flops[ACCELSEL_PRECISION_FP32] == 19.5e12);
    accelsel_catalog_free(cat);
    const char *names[] = {"NVIDIA H100-SXM5-80GB"};
    if (OK(w, accelsel_catalog_select(&one, w->sh->catalog, names, 1)))
        EXPECT(w, accelsel_catalog_device_count(one) == 1 &&
                      strcmp(accelsel_catalog_device(one, 0)->name, "h100-sxm5-80gb") == 0);
    accelsel_catalog_free(one);
}

static void own_network(worker *w)
{
    accelsel_network *net = NULL;
    if (!OK(w, accelsel_network_load_zoo(&net, "resnet18", NULL)))
        return;
    /* torchvision resnet18: 11,689,512 parameters. */
    EXPECT(w, accelsel_network_get_totals(net)->params == 11689512);
    accelsel_network_free(net);
}

/* A CSV text and a k-means fit with its own pool of two threads. */
static void own_data(worker *w)
{
    own_csv(w);
    size_t before = w->n_enomem;
    own_kmeans(w, w->id, 2, &w->own);
    if (w->n_enomem == before) {
        const own_results *got = &w->own, *want = w->own_want;
        SAME(w, inertia);
        SAME(w, silhouette);
        SAME(w, centroids);
        SAME(w, labels);
    }
}

static void own_objects(worker *w)
{
    own_data(w);
    own_catalogs(w);
    own_network(w);
}

/* ---- a thread-safe counting allocator ---- */

/* The allocator's payload. A header on each block marks it as ours, so that
 * a block freed through us that another allocator gave is seen. */
typedef struct counting {
    atomic_long live;
    atomic_size_t calls, fail_every, wrong_payload, foreign_frees;
} counting;

static counting counter;
static _Thread_local size_t thread_allocs;

#define MAGIC UINT64_C(0x616363656c73656c)
typedef union {
    max_align_t align;
    uint64_t magic;
} header;

static int fails_now(counting *c)
{
    size_t n = atomic_fetch_add(&c->calls, 1) + 1, every = atomic_load(&c->fail_every);
    return every != 0 && n % every == 0;
}

static void *c_malloc(size_t size, void *payload)
{
    counting *c = payload;
    if (c != &counter)
        atomic_fetch_add(&counter.wrong_payload, 1);
    thread_allocs++;
    header *h = fails_now(&counter) ? NULL : malloc(sizeof *h + size);
    if (h == NULL)
        return NULL;
    h->magic = MAGIC;
    atomic_fetch_add(&counter.live, 1);
    return h + 1;
}

static void *c_realloc(void *ptr, size_t size, void *payload)
{
    if (payload != &counter)
        atomic_fetch_add(&counter.wrong_payload, 1);
    header *h = (header *)ptr - 1;
    if (h->magic != MAGIC)
        atomic_fetch_add(&counter.foreign_frees, 1);
    if (fails_now(&counter))
        return NULL;
    h = realloc(h, sizeof *h + size);
    return h == NULL ? NULL : h + 1;
}

static void c_free(void *ptr, void *payload)
{
    if (payload != &counter)
        atomic_fetch_add(&counter.wrong_payload, 1);
    header *h = (header *)ptr - 1;
    if (h->magic != MAGIC) {
        atomic_fetch_add(&counter.foreign_frees, 1);
        return;
    }
    h->magic = 0;
    atomic_fetch_sub(&counter.live, 1);
    free(h);
}

/* The struct given to accelsel_set_allocator() dies with this call: the
 * library copies it. */
static void counting_install(void)
{
    atomic_store(&counter.live, 0);
    atomic_store(&counter.calls, 0);
    atomic_store(&counter.fail_every, 0);
    atomic_store(&counter.wrong_payload, 0);
    atomic_store(&counter.foreign_frees, 0);
    accelsel_allocator a = {ACCELSEL_ALLOCATOR_VERSION, c_malloc, c_realloc, c_free, &counter};
    ck_assert_int_eq(accelsel_set_allocator(&a), 0);
}

/* ---- running the threads ---- */

static void *thread_main(void *arg)
{
    worker *w = arg;
    thread_allocs = 0;
    pthread_barrier_wait(w->barrier);
    for (int it = 0; it < N_ITER; it++) {
        size_t before = w->n_enomem;
        read_shared(w, &w->got);
        if (w->n_enomem == before)
            compare_shared(w, &w->got, w->want);
        int named = bad_calls(w);
        pthread_barrier_wait(w->barrier);
        if (named)
            check_own_error(w);
        own_objects(w);
    }
    w->n_allocs = thread_allocs;
    return NULL;
}

/* What the threads will be held to, computed on this thread alone: the shared
 * reads, and each thread's k-means on one thread (the threads use two). */
typedef struct reference {
    shared_results shared;
    own_results own[N_THREADS];
} reference;

/* Checks of the reference against figures found without the code under test. */
static void check_reference(const shared *sh, const reference *ref)
{
    size_t n = 0, acc;
    ck_assert_int_eq(accelsel_dataset_column_index(sh->derived, "accelerators", &acc), 0);
    for (size_t i = 0; i < accelsel_dataset_rows(sh->derived); i++) {
        double a = accelsel_dataset_number(sh->derived, i, acc);
        n += a >= 8 && a <= 64;
    }
    ck_assert_uint_eq(ref->shared.n_filtered, n);
    ck_assert_uint_gt(n, 0);
    /* data/README.md: nine rounds, v0.5 to v3.1; 63 rows in v3.0. */
    ck_assert_uint_eq(ref->shared.round_levels, 9);
    ck_assert_uint_eq(ref->shared.n_round, 63);
    /* Converged k-means: every row is labelled with its nearest final centroid. */
    const accelsel_cluster_model *m = sh->model;
    ck_assert_uint_eq(ref->shared.n_labels, accelsel_cluster_model_n_rows(m));
    size_t k = ref->shared.n_labels;
    ck_assert_mem_eq(ref->shared.labels, accelsel_cluster_model_labels(m), k * sizeof(uint32_t));
    ck_assert_mem_eq(ref->shared.label_rows, accelsel_cluster_model_row_index(m),
                     k * sizeof(size_t));
    ck_assert_mem_eq(ref->shared.matrix_labels, ref->shared.labels, k * sizeof(uint32_t));
    const double *score = ref->shared.scores;
    for (size_t i = 1; i < ref->shared.n_ranked; i++)
        ck_assert(score[ref->shared.order[i - 1]] >= score[ref->shared.order[i]]);
    ck_assert_ptr_nonnull(strstr(ref->shared.near_miss, "nearest: 'NVIDIA H100-SXM5-80GB'"));
    /* torchvision resnet50: 25,557,032 parameters. */
    ck_assert_uint_eq(accelsel_network_get_totals(sh->network)->params, 25557032);
}

/* By hand: each group of 20 x 10 points has its mean at its centre and a sum
 * of squares about it of 10 x 6.65 (x: 2 (0.05^2 + 0.15^2 + ... + 0.95^2) =
 * 6.65 per column) + 20 x 0.825 (y: 2 (0.05^2 + ... + 0.45^2)) = 83; three
 * groups: inertia 249, one label per group. */
static void check_own_by_hand(const own_results *r)
{
    ck_assert_double_eq_tol(r->inertia, 249, 1e-9);
    for (int g = 0; g < 3; g++) {
        uint32_t label = r->labels[g * GRID_X * GRID_Y];
        for (int i = 0; i < GRID_X * GRID_Y; i++)
            ck_assert_uint_eq(r->labels[g * GRID_X * GRID_Y + i], label);
        const double want[3][2] = {{0, 0}, {10, 0}, {0, 10}};
        ck_assert_double_eq_tol(r->centroids[2 * label], want[g][0], 1e-12);
        ck_assert_double_eq_tol(r->centroids[2 * label + 1], want[g][1], 1e-12);
    }
}

static void reference_compute(const shared *sh, reference *ref)
{
    worker *w = calloc(1, sizeof *w);
    ck_assert_ptr_nonnull(w);
    w->sh = sh;
    grid_fill(w->grid);
    read_shared(w, &ref->shared);
    for (size_t t = 0; t < N_THREADS; t++) {
        own_kmeans(w, t, 1, &ref->own[t]);
        check_own_by_hand(&ref->own[t]);
    }
    ck_assert_msg(w->failure[0] == '\0', "%s", w->failure);
    free(w);
    check_reference(sh, ref);
}

/* Start N_THREADS threads together; each runs N_ITER rounds. Returns the
 * workers (free()d by the caller) after asserting that none failed. */
static worker *run_threads(const shared *sh, const reference *ref, int tolerate_enomem)
{
    worker *ws = calloc(N_THREADS, sizeof *ws);
    pthread_t tid[N_THREADS];
    pthread_barrier_t barrier;
    ck_assert_ptr_nonnull(ws);
    ck_assert_int_eq(pthread_barrier_init(&barrier, NULL, N_THREADS), 0);
    for (size_t t = 0; t < N_THREADS; t++) {
        ws[t] = (worker){.id = t, .sh = sh, .want = &ref->shared, .own_want = &ref->own[t],
                         .barrier = &barrier, .tolerate_enomem = tolerate_enomem};
        grid_fill(ws[t].grid);
        ck_assert_int_eq(pthread_create(&tid[t], NULL, thread_main, &ws[t]), 0);
    }
    for (size_t t = 0; t < N_THREADS; t++)
        ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
    pthread_barrier_destroy(&barrier);
    for (size_t t = 0; t < N_THREADS; t++)
        ck_assert_msg(ws[t].failure[0] == '\0', "%s", ws[t].failure);
    return ws;
}

/* Build the shared handles and their single-threaded reference, run the
 * threads with every @p fail_every-th allocation failing (0: none) and free
 * the handles. Returns the workers, for their counts (free()d by the caller). */
static worker *run_round(size_t fail_every)
{
    shared sh = {0};
    reference *ref = calloc(1, sizeof *ref);
    ck_assert_ptr_nonnull(ref);
    shared_build(&sh);
    reference_compute(&sh, ref);
    atomic_store(&counter.fail_every, fail_every);
    worker *ws = run_threads(&sh, ref, fail_every != 0);
    atomic_store(&counter.fail_every, 0);
    shared_free(&sh);
    free(ref);
    return ws;
}

/* ---- the tests ---- */

START_TEST(shared_handles_in_16_threads)
{
    free(run_round(0));
}
END_TEST

/* accelsel_set_allocator() before the threads start: every thread allocates
 * through it, every call gets the payload, and every block comes back to it. */
START_TEST(custom_allocator_serves_every_thread)
{
    counting_install();
    worker *ws = run_round(0);
    for (size_t t = 0; t < N_THREADS; t++)
        ck_assert_uint_gt(ws[t].n_allocs, 0);
    free(ws);
    ck_assert_int_eq(atomic_load(&counter.live), 0);
    ck_assert_uint_eq(atomic_load(&counter.wrong_payload), 0);
    ck_assert_uint_eq(atomic_load(&counter.foreign_frees), 0);
    ck_assert_int_eq(accelsel_set_allocator(NULL), 0);
    /* Back on malloc: a new handle no longer reaches the counting allocator. */
    size_t calls = atomic_load(&counter.calls);
    accelsel_network *net = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "small-cnn", NULL), 0);
    accelsel_network_free(net);
    ck_assert_uint_eq(atomic_load(&counter.calls), calls);
}
END_TEST

/* Every 53rd allocation fails while 16 threads work: each call returns
 * ACCELSEL_ENOMEM or its usual result, and nothing leaks. */
START_TEST(allocation_failures_in_16_threads)
{
    counting_install();
    worker *ws = run_round(53);
    size_t enomem = 0;
    for (size_t t = 0; t < N_THREADS; t++)
        enomem += ws[t].n_enomem;
    ck_assert_uint_gt(enomem, N_THREADS);
    free(ws);
    ck_assert_int_eq(atomic_load(&counter.live), 0);
    ck_assert_uint_eq(atomic_load(&counter.foreign_frees), 0);
    ck_assert_int_eq(accelsel_set_allocator(NULL), 0);
}
END_TEST

/* One thread's CSV and k-means (on two threads) with the N-th allocation
 * failing, for every N: a failure inside the pool, or in starting its thread,
 * still gives ACCELSEL_ENOMEM or the exact result. (The catalog and network
 * loaders have sweeps of their own in their suites.) */
static int own_objects_once(void *ctx)
{
    worker *w = ctx;
    w->failure[0] = '\0';
    w->n_enomem = 0;
    own_data(w);
    ck_assert_msg(w->failure[0] == '\0', "%s", w->failure);
    return w->n_enomem == 0 ? 0 : ACCELSEL_ENOMEM;
}

START_TEST(own_objects_allocation_sweep)
{
    shared sh = {0};
    own_results *want = calloc(1, sizeof *want);
    worker *w = calloc(1, sizeof *w);
    ck_assert_ptr_nonnull(want);
    ck_assert_ptr_nonnull(w);
    shared_build(&sh);
    *w = (worker){.sh = &sh, .own_want = want, .tolerate_enomem = 1};
    grid_fill(w->grid);
    own_kmeans(w, 0, 1, want);
    check_own_by_hand(want);
    testutil_alloc_sweep(own_objects_once, w, 100);
    shared_free(&sh);
    free(w);
    free(want);
}
END_TEST

/* ---- placement: many threads deciding on one predictor and cluster ---- */

#define PLACE_JOBS 48

typedef struct place_shared {
    accelsel_catalog *cat;
    accelsel_predictor *pred;
    accelsel_place_cluster *cluster;
    accelsel_network *nets[3];
    accelsel_place_job *prepared[PLACE_JOBS]; /* shared: decided by every thread */
    accelsel_decision want[PLACE_JOBS];
} place_shared;

typedef struct place_worker {
    const place_shared *sh;
    atomic_size_t *next;
    accelsel_decision got[PLACE_JOBS];
    int rc[PLACE_JOBS];
} place_worker;

static const char place_cluster_yaml[] =
    "version: 1\nnow: 60\npartitions:\n"
    "  - {name: h100, device: h100-sxm5-80gb, nodes: 2, per_node: 8, free: 4,\n"
    "     busy: [{count: 8, until: 4000}, {count: 4, until: 900}]}\n"
    "  - {name: a100, system: dgx-a100, nodes: 4, free: 16, busy: [{count: 16, until: 20000}]}\n"
    "  - {name: v100, device: v100-sxm2-16gb, nodes: 8, per_node: 8}\n"
    "  - {name: l40s, device: l40s, nodes: 2, per_node: 4, free: 2}\n";

/* Job @p i: a network, a batch, counts and a deadline from its index. */
static accelsel_job_spec place_job(const place_shared *sh, size_t i)
{
    accelsel_job_spec j = ACCELSEL_JOB_SPEC_INIT;
    j.network = sh->nets[i % 3];
    j.per_device_batch = (double)(32 << (i % 3));
    j.epochs = 1 + (double)(i % 5);
    j.max_count = (uint32_t)(1 + i % 32);
    j.deadline = i % 4 == 0 ? 5000 : 0;
    return j;
}

/* Job @p i decided under the policy and margin its index picks: prepared
 * here, or the shared one. */
static int place_decide(const place_shared *sh, size_t i, accelsel_decision *d)
{
    accelsel_place_options o = ACCELSEL_PLACE_OPTIONS_INIT;
    o.policy = (uint32_t)(i % ACCELSEL_POLICY_COUNT);
    o.margin = (uint32_t)(i / 3 % ACCELSEL_MARGIN_COUNT);
    *d = (accelsel_decision)ACCELSEL_DECISION_INIT;
    if (i % 2 == 0)
        return accelsel_place_decide(d, sh->prepared[i], &o);
    accelsel_job_spec j = place_job(sh, i);
    accelsel_place_job *job;
    int rc = accelsel_place_job_new(&job, sh->pred, sh->cluster, &j);
    if (rc == 0)
        rc = accelsel_place_decide(d, job, &o);
    accelsel_place_job_free(job);
    return rc;
}

static void *place_thread(void *arg)
{
    place_worker *w = arg;
    for (size_t i; (i = atomic_fetch_add(w->next, 1)) < 2 * PLACE_JOBS;)
        w->rc[i % PLACE_JOBS] = place_decide(w->sh, i % PLACE_JOBS, &w->got[i % PLACE_JOBS]);
    return NULL;
}

/* Every job decided by @p n threads taking jobs as they come, each job
 * twice: each decision must be the one made on one thread. */
static void place_in_threads(const place_shared *sh, size_t n)
{
    atomic_size_t next = 0;
    pthread_t tid[N_THREADS];
    place_worker *ws = calloc(n, sizeof *ws);
    ck_assert_ptr_nonnull(ws);
    for (size_t t = 0; t < n; t++) {
        ws[t].sh = sh, ws[t].next = &next;
        for (size_t i = 0; i < PLACE_JOBS; i++)
            ws[t].rc[i] = 1; /* not decided by this thread */
        ck_assert_int_eq(pthread_create(&tid[t], NULL, place_thread, &ws[t]), 0);
    }
    for (size_t t = 0; t < n; t++)
        ck_assert_int_eq(pthread_join(tid[t], NULL), 0);
    size_t decided = 0;
    for (size_t t = 0; t < n; t++)
        for (size_t i = 0; i < PLACE_JOBS; i++) {
            if (ws[t].rc[i] == 1)
                continue;
            ck_assert_int_eq(ws[t].rc[i], 0);
            ck_assert_msg(memcmp(&ws[t].got[i], &sh->want[i], sizeof sh->want[i]) == 0,
                          "job %zu on %zu threads decided otherwise", i, n);
            decided++;
        }
    ck_assert_uint_ge(decided, PLACE_JOBS);
    free(ws);
}

START_TEST(placement_decisions_at_any_thread_count)
{
    place_shared *sh = calloc(1, sizeof *sh);
    ck_assert_ptr_nonnull(sh);
    static const char *const nets[3] = { "resnet50", "bert-base", "small-cnn" };
    ck_assert_int_eq(accelsel_catalog_load_builtin(&sh->cat), 0);
    ck_assert_int_eq(accelsel_predictor_new(&sh->pred, sh->cat, NULL), 0);
    ck_assert_int_eq(accelsel_place_cluster_load_buffer(&sh->cluster, sh->cat, place_cluster_yaml,
                                                        strlen(place_cluster_yaml)), 0);
    for (size_t k = 0; k < 3; k++)
        ck_assert_int_eq(accelsel_network_load_zoo(&sh->nets[k], nets[k], NULL), 0);
    for (size_t i = 0; i < PLACE_JOBS; i += 2) {
        accelsel_job_spec j = place_job(sh, i);
        ck_assert_int_eq(accelsel_place_job_new(&sh->prepared[i], sh->pred, sh->cluster, &j), 0);
    }
    size_t partitions_used = 0;
    for (size_t i = 0; i < PLACE_JOBS; i++) {
        ck_assert_int_eq(place_decide(sh, i, &sh->want[i]), 0);
        partitions_used |= (size_t)1 << sh->want[i].choice.partition;
    }
    ck_assert_uint_gt(partitions_used & (partitions_used - 1), 0); /* two partitions or more */
    static const size_t counts[] = { 1, 2, 4, N_THREADS };
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++)
        place_in_threads(sh, counts[k]);
    for (size_t i = 0; i < PLACE_JOBS; i++)
        accelsel_place_job_free(sh->prepared[i]);
    for (size_t k = 0; k < 3; k++)
        accelsel_network_free(sh->nets[k]);
    accelsel_place_cluster_free(sh->cluster);
    accelsel_predictor_free(sh->pred);
    accelsel_catalog_free(sh->cat);
    free(sh);
}
END_TEST

int main(void)
{
    openblas_set_num_threads(1);
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, shared_handles_in_16_threads);
    tcase_add_test(tc, custom_allocator_serves_every_thread);
    tcase_add_test(tc, allocation_failures_in_16_threads);
    tcase_add_test(tc, own_objects_allocation_sweep);
    tcase_add_test(tc, placement_decisions_at_any_thread_count);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
