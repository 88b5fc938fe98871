/* The contract of every public function, table by table: each pointer
 * argument NULL in turn (the documented status, a message naming the
 * argument, out-pointers set to NULL, nothing leaked or freed), accessors with
 * a NULL handle and with indices past the end, optional pointers that may be
 * NULL, every options struct's init/size/version rules, destructors given
 * NULL, nothing printed, and one allocation-failure sweep over a pipeline
 * through every module.
 *
 * tests/check_symbols.py fails when a function declared in include/accelsel/
 * does not appear in this file, so a new function needs its contract here. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

/* ------------------------------------------------------------------------ */
/* Fixture: one real handle of every kind, built through the counting
 * allocator so that every case can check that nothing was allocated or freed. */

enum { NROWS = 12, BUF = 1024 };

static struct {
    accelsel_dataset *ds, *scratch, *mlperf, *cross;
    accelsel_features *feat;
    double x[BUF]; /* the feature matrix of ds: n x d */
    size_t n, d;
    accelsel_cluster_model *km, *ward;
    accelsel_cluster_selection *sel;
    accelsel_pca *pca;
    accelsel_importance *imp;
    accelsel_criterion *crit;
    size_t n_crit;
    accelsel_ranking *rank;
    accelsel_sensitivity *sens;
    accelsel_catalog *cat;
    size_t system; /* a system of cat with at least two slots */
    accelsel_network *net, *llm; /* a zoo CNN, and a network built from a transformer's sizes */
    char *model_yaml, *cat_yaml, *net_yaml;
    size_t model_len, cat_len, net_len;
    char model_path[64], save_path[64];
    char csv_path[4096], cat_path[4096], net_path[4096], hf_path[4096];
    accelsel_plot_panel panel;
    long live;
} F;

/* The fixture's large read-only objects, built once per test case with the
 * library's default allocator (so that a test's counting allocator neither
 * sees nor frees them): loading and saving the built-in catalog and data for
 * each of several hundred tests took most of this suite's time under valgrind. */
static struct {
    accelsel_dataset *mlperf;
    accelsel_catalog *cat;
    char *cat_yaml;
    size_t cat_len, system;
} S;

static const double col_n[NROWS] = {1, 2, 4, 8, 1, 2, 4, 8, 16, 16, 32, 64};
static const double col_time[NROWS] = {100, 55, 30, 17, 90, 48, 26, 15, 9, 10, 6, 4};
static const double col_power[NROWS] = {300, 600, 1200, 2400, 400, 800, 1600, 3200,
                                        4800, 5000, 9000, 17000};
static const char *const col_accel[NROWS] = {"A", "A", "A", "A", "B", "B",
                                             "B", "B", "C", "C", "C", "C"};
static const char *const feature_cols[] = {"n", "time", "accel"};
static const double plot_xy[] = {1, 2, 3};

/* Written where no file can be created: a call that wrongly gets past its
 * argument checks then fails with ACCELSEL_EIO instead of writing. Valid
 * calls (k < 0) write F.save_path. */
static const char no_path[] = "/nonexistent-accelsel-api/out";
/* A GPT-2 configuration of one small block. */
static const char hf_text[] = "{\"model_type\": \"gpt2\", \"n_layer\": 1, \"n_embd\": 8, "
                              "\"n_head\": 2, \"vocab_size\": 16, \"n_positions\": 4}";
#define SAVE_PATH (k < 0 ? F.save_path : no_path)

static void ok(int rc, const char *what)
{
    ck_assert_msg(rc == 0, "%s: %s", what, accelsel_last_error()->message);
}

static void temp_path(char *dst)
{
    strcpy(dst, "/tmp/accelsel-api-XXXXXX");
    int fd = mkstemp(dst);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

static void build_data(void)
{
    ok(accelsel_dataset_new(&F.ds, NROWS), "dataset_new");
    ok(accelsel_dataset_add_numeric(F.ds, "n", col_n, NROWS), "add n");
    ok(accelsel_dataset_add_numeric(F.ds, "time", col_time, NROWS), "add time");
    ok(accelsel_dataset_add_numeric(F.ds, "power", col_power, NROWS), "add power");
    ok(accelsel_dataset_add_categorical(F.ds, "accel", col_accel, NROWS), "add accel");
    ok(accelsel_dataset_new(&F.scratch, NROWS), "scratch");
    /* rounds, benchmarks and systems for accelsel_dataset_cross_benchmark() */
    ok(accelsel_dataset_new(&F.cross, NROWS), "cross");
    ok(accelsel_dataset_add_categorical(F.cross, "round", col_accel, NROWS), "add round");
    ok(accelsel_dataset_add_categorical(F.cross, "benchmark", col_accel, NROWS), "add bench");
    ok(accelsel_dataset_add_categorical(F.cross, "system_name", col_accel, NROWS), "add sys");
    ok(accelsel_dataset_add_numeric(F.cross, "time_to_train_min", col_time, NROWS), "add t");
    ok(accelsel_dataset_add_numeric(F.cross, "total_accelerators", col_n, NROWS), "add n");
    F.mlperf = S.mlperf;
    ok(accelsel_features_fit(&F.feat, F.ds, feature_cols, NULL, 3, NULL), "features");
    F.d = accelsel_features_dim(F.feat);
    ok(accelsel_features_transform(F.feat, F.ds, F.x, BUF, &F.n, NULL), "transform");
    ck_assert_uint_eq(F.n, NROWS);
    ck_assert_uint_eq(F.d, 5); /* z(n), z(time), accel=A, accel=B, accel=C */
}

static void build_learn(void)
{
    accelsel_cluster_options co = ACCELSEL_CLUSTER_OPTIONS_INIT;
    co.k = 3;
    co.n_init = 2;
    co.n_threads = 1;
    ok(accelsel_cluster_fit_dataset(&F.km, F.ds, F.feat, &co), "k-means");
    co.algorithm = ACCELSEL_CLUSTER_WARD;
    ok(accelsel_cluster_fit(&F.ward, F.x, F.n, F.d, &co), "ward");
    co.algorithm = ACCELSEL_CLUSTER_KMEANS;
    ok(accelsel_cluster_select_k(&F.sel, F.x, F.n, F.d, 2, 4, ACCELSEL_KSELECT_SILHOUETTE, &co),
       "select_k");
    ok(accelsel_pca_fit(&F.pca, F.x, F.n, F.d, 0), "pca");
    accelsel_importance_options io = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    io.n_trees = 5;
    io.n_repeats = 2;
    io.n_threads = 1;
    const char *const cols[] = {"n", "power", "accel"};
    ok(accelsel_importance_compute(&F.imp, F.ds, cols, 3, "time", &io), "importance");
    ok(accelsel_cluster_model_save_yaml_buffer(F.km, &F.model_yaml, &F.model_len), "save model");
    temp_path(F.model_path);
    ok(accelsel_cluster_model_save_yaml(F.km, F.model_path), "save model file");
}

static void build_rank(void)
{
    ok(accelsel_criteria_parse(&F.crit, &F.n_crit, "time:1:cost, power:1:cost"), "criteria");
    accelsel_rank_options ro = ACCELSEL_RANK_OPTIONS_INIT;
    ro.pareto_fronts = 1;
    ok(accelsel_ranking_compute(&F.rank, F.ds, F.crit, F.n_crit, ACCELSEL_RANK_TOPSIS, &ro),
       "ranking");
    accelsel_sensitivity_options so = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    so.n_samples = 8;
    so.n_threads = 1;
    ok(accelsel_sensitivity_compute(&F.sens, F.rank, &so, NULL, NULL), "sensitivity");
}

static void build_hw(void)
{
    F.cat = S.cat;
    F.cat_yaml = S.cat_yaml;
    F.cat_len = S.cat_len;
    F.system = S.system;
    ok(accelsel_network_load_zoo(&F.net, "small-cnn", NULL), "zoo");
    ok(accelsel_network_load_hf_buffer(&F.llm, hf_text, sizeof hf_text - 1, NULL), "hf");
    ok(accelsel_network_save_buffer(F.net, &F.net_yaml, &F.net_len), "save network");
    ok(accelsel_plot_panel_init(&F.panel, ACCELSEL_PLOT_PANEL_VERSION), "panel");
    F.panel.x = plot_xy;
    F.panel.y = plot_xy;
    F.panel.n = 3;
}

static void shared_setup(void)
{
    testutil_alloc_reset();
    ok(accelsel_dataset_load_builtin(&S.mlperf, "mlperf-training-resnet"), "builtin");
    ok(accelsel_catalog_load_builtin(&S.cat), "catalog");
    ok(accelsel_catalog_save_buffer(S.cat, &S.cat_yaml, &S.cat_len), "save catalog");
    for (S.system = 0; S.system < accelsel_catalog_system_count(S.cat); S.system++)
        if (accelsel_catalog_system(S.cat, S.system)->n_slots >= 2)
            break;
    ck_assert_uint_lt(S.system, accelsel_catalog_system_count(S.cat));
}

static void shared_teardown(void)
{
    testutil_alloc_reset();
    accelsel_dataset_free(S.mlperf);
    accelsel_catalog_free(S.cat);
    accelsel_free(S.cat_yaml);
    memset(&S, 0, sizeof S);
}

static void copy_path(char *dst, const char *rel)
{
    snprintf(dst, 4096, "%s", testutil_source_path(rel));
}

static void prime_error(void);

static void setup(void)
{
    memset(&F, 0, sizeof F);
    testutil_alloc_fail_at(0);
    copy_path(F.csv_path, "data/mlperf_training_resnet.csv");
    copy_path(F.cat_path, "examples/catalog-workstation.yaml");
    copy_path(F.net_path, "examples/network-residual.yaml");
    copy_path(F.hf_path, "examples/config-tiny-llama.json");
    temp_path(F.save_path);
    prime_error();
    build_data();
    build_learn();
    build_rank();
    build_hw();
    ck_assert_msg(strstr(accelsel_last_error()->message, "zz-primed") != NULL,
                  "building the fixture succeeded but changed the last error to '%s'",
                  accelsel_last_error()->message);
    F.live = testutil_alloc_live();
}

static void restore_output(void);

static void teardown(void)
{
    accelsel_sensitivity_free(F.sens);
    accelsel_ranking_free(F.rank);
    accelsel_free(F.crit);
    accelsel_importance_free(F.imp);
    accelsel_pca_free(F.pca);
    accelsel_cluster_selection_free(F.sel);
    accelsel_cluster_model_free(F.ward);
    accelsel_cluster_model_free(F.km);
    accelsel_features_free(F.feat);
    accelsel_dataset_free(F.scratch);
    accelsel_dataset_free(F.cross);
    accelsel_dataset_free(F.ds);
    accelsel_network_free(F.net);
    accelsel_network_free(F.llm);
    accelsel_free(F.model_yaml);
    accelsel_free(F.net_yaml);
    restore_output();
    if (F.model_path[0] != '\0')
        unlink(F.model_path);
    if (F.save_path[0] != '\0')
        unlink(F.save_path);
    long live = testutil_alloc_live();
    testutil_alloc_reset();
    ck_assert_msg(live == 0, "destructors left %ld blocks", live);
}

/* ------------------------------------------------------------------------ */
/* Shared checks. */

/* Leave a distinctive error behind, so that a case can tell whether the call
 * under test recorded its own. */
static void prime_error(void)
{
    int method;
    ck_assert_int_eq(accelsel_rank_method_from_name("zz-primed", &method), ACCELSEL_ENOTFOUND);
}

static int is_word_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Whether @p word occurs in @p text as a whole identifier. */
static int names_word(const char *text, const char *word)
{
    size_t len = strlen(word);
    for (const char *p = strstr(text, word); p != NULL; p = strstr(p + 1, word)) {
        int before = p > text && is_word_char(p[-1]);
        if (!before && !is_word_char(p[len]))
            return 1;
    }
    return 0;
}

/* The call failed with @p want, recorded it with a message naming @p arg, and
 * allocated or freed nothing. */
static void check_failure(const char *fn, const char *arg, int rc, int want)
{
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == want, "%s with %s NULL: status %d (%s), want %d", fn, arg, rc,
                  e->message, want);
    ck_assert_msg(e->code == rc, "%s with %s NULL: last error code %d, returned %d", fn, arg,
                  e->code, rc);
    ck_assert_msg(e->message != NULL && e->message[0] != '\0' && !strstr(e->message, "zz-primed"),
                  "%s with %s NULL recorded no message of its own", fn, arg);
    ck_assert_msg(names_word(e->message, arg), "%s: message '%s' does not name '%s'", fn,
                  e->message, arg);
    ck_assert_msg(strchr(e->message, '\n') == NULL, "%s: message is not one line", fn);
    ck_assert_msg(testutil_alloc_live() == F.live, "%s with %s NULL: %ld blocks live, want %ld",
                  fn, arg, testutil_alloc_live(), F.live);
}

/* ------------------------------------------------------------------------ */
/* Status-returning functions with each required pointer argument NULL.
 * A caller gets the index k of the argument to pass as NULL (its position in
 * the table's args list) and stores its out-pointer's final value in *out. */

typedef int (*null_call)(int k, const void **out);

typedef struct {
    const char *fn;
    null_call call;
    const char *args[6]; /* the pointer arguments that must not be NULL */
    int out_arg;         /* index in args of an out-pointer that must be NULL after failure; -1 */
    int want;            /* the documented status */
} null_case;

/* Argument i, or NULL when it is the one under test. */
#define ARG(i, v) (k == (i) ? NULL : (v))

static max_align_t sentinel;
#define SENTINEL ((void *)&sentinel)

/* The body of a call that writes a new object through its out-pointer
 * ARG(i, &o): the object of a valid call (k < 0) is freed at once. */
#define CTOR_BODY(T, free_fn, call)                                                                \
    T *o = SENTINEL;                                                                               \
    int rc = (call);                                                                               \
    if (k < 0 && rc == 0) {                                                                        \
        free_fn(o);                                                                                \
        o = NULL;                                                                                  \
    }                                                                                              \
    *out = o;                                                                                      \
    return rc;

#define CTOR(name, T, free_fn, call)                                                               \
    static int name(int k, const void **out)                                                       \
    {                                                                                              \
        CTOR_BODY(T, free_fn, call)                                                                \
    }

/* A call without an out-pointer to check. */
#define PLAIN(name, call)                                                                          \
    static int name(int k, const void **out)                                                       \
    {                                                                                              \
        *out = NULL;                                                                               \
        return (call);                                                                             \
    }

/* common.h, plot.h */
CTOR(c_plot_svg, char, accelsel_free, accelsel_plot_svg(ARG(0, &o), NULL, ARG(1, &F.panel), 1))

/* dataset.h */
CTOR(c_load_csv, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_csv(ARG(0, &o), ARG(1, F.csv_path), NULL))
CTOR(c_load_csv_buffer, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_csv_buffer(ARG(0, &o), ARG(1, "a\n1\n"), 4, NULL))
CTOR(c_load_builtin, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_builtin(ARG(0, &o), ARG(1, "mlperf-training-resnet")))
CTOR(c_load_benchmark, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_benchmark(ARG(0, &o), ARG(1, "ncf")))
CTOR(c_dataset_new, accelsel_dataset, accelsel_dataset_free, accelsel_dataset_new(ARG(0, &o), 3))
PLAIN(c_add_numeric,
      accelsel_dataset_add_numeric(ARG(0, F.scratch), ARG(1, "v"), ARG(2, col_n), NROWS))
PLAIN(c_add_categorical, accelsel_dataset_add_categorical(ARG(0, F.scratch), ARG(1, "v"),
                                                          ARG(2, col_accel), NROWS))
static int c_column_index(int k, const void **out)
{
    size_t col = 7;
    int rc = accelsel_dataset_column_index(ARG(0, F.ds), ARG(1, "time"), ARG(2, &col));
    *out = NULL;
    if (k < 0)
        ck_assert_uint_eq(col, 1);
    return rc;
}
CTOR(c_filter_equal, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_equal(ARG(0, &o), ARG(1, F.ds), ARG(2, "accel"), ARG(3, "A")))
CTOR(c_filter_range, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_range(ARG(0, &o), ARG(1, F.ds), ARG(2, "n"), 1, 4))
CTOR(c_filter_expr, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_expr(ARG(0, &o), ARG(1, F.ds), ARG(2, "n=1..4")))
static const size_t sel_idx[] = {1, 0};
CTOR(c_select_rows, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_select_rows(ARG(0, &o), ARG(1, F.ds), ARG(2, sel_idx), 2))
CTOR(c_select_columns, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_select_columns(ARG(0, &o), ARG(1, F.ds), ARG(2, sel_idx), 2))
static int c_to_matrix(int k, const void **out)
{
    double m[2 * NROWS];
    *out = NULL;
    return accelsel_dataset_to_matrix(ARG(0, F.ds), ARG(1, sel_idx), 2, ARG(2, m), 2 * NROWS);
}
PLAIN(c_save_csv, accelsel_dataset_save_csv(ARG(0, F.ds), ARG(1, SAVE_PATH)))
CTOR(c_save_csv_buffer, char, accelsel_free,
     accelsel_dataset_save_csv_buffer(ARG(0, F.ds), ARG(1, &o), NULL))

/* derive.h */
CTOR(c_derive, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_derive(ARG(0, &o), ARG(1, F.mlperf), NULL))
CTOR(c_cross, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_cross_benchmark(ARG(0, &o), ARG(1, F.cross), NULL))

/* features.h */
CTOR(c_features_fit, accelsel_features, accelsel_features_free,
     accelsel_features_fit(ARG(0, &o), ARG(1, F.ds), ARG(2, feature_cols), NULL, 3, NULL))
PLAIN(c_features_scaling, accelsel_features_scaling(ARG(0, F.feat), 0, NULL, NULL))
static int c_features_transform(int k, const void **out)
{
    double m[BUF];
    size_t rows;
    *out = NULL;
    return accelsel_features_transform(ARG(0, F.feat), ARG(1, F.ds), ARG(2, m), BUF,
                                       ARG(3, &rows), NULL);
}
static int c_features_inverse(int k, const void **out)
{
    double m[BUF];
    *out = NULL;
    return accelsel_features_inverse(ARG(0, F.feat), ARG(1, F.x), 2, ARG(2, m), BUF);
}

/* importance.h */
CTOR(c_pca_fit, accelsel_pca, accelsel_pca_free,
     accelsel_pca_fit(ARG(0, &o), ARG(1, F.x), F.n, F.d, 0))
static int c_pca_transform(int k, const void **out)
{
    double m[BUF];
    *out = NULL;
    return accelsel_pca_transform(ARG(0, F.pca), ARG(1, F.x), F.n, F.d, ARG(2, m), BUF);
}
static const char *const imp_cols[] = {"n", "power"};
static accelsel_importance_options imp_opts(void)
{
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_trees = 2;
    o.n_threads = 1;
    return o;
}
static int c_importance_compute(int k, const void **out)
{
    accelsel_importance_options io = imp_opts();
    CTOR_BODY(accelsel_importance, accelsel_importance_free,
              accelsel_importance_compute(ARG(0, &o), ARG(1, F.ds), ARG(2, imp_cols), 2,
                                          ARG(3, "time"), &io))
}
static int c_importance_compute_features(int k, const void **out)
{
    accelsel_importance_options io = imp_opts();
    CTOR_BODY(accelsel_importance, accelsel_importance_free,
              accelsel_importance_compute_features(ARG(0, &o), ARG(1, F.ds), ARG(2, F.feat),
                                                   ARG(3, "power"), &io))
}
static int c_importance_compute_matrix(int k, const void **out)
{
    accelsel_importance_options io = imp_opts();
    CTOR_BODY(accelsel_importance, accelsel_importance_free,
              accelsel_importance_compute_matrix(ARG(0, &o), ARG(1, F.x), F.n, 2, ARG(2, col_power),
                                                 NULL, NULL, &io))
}
static int c_importance_feature_index(int k, const void **out)
{
    size_t j;
    *out = NULL;
    return accelsel_importance_feature_index(ARG(0, F.imp), ARG(1, "power"), ARG(2, &j));
}
static int c_importance_value_by_name(int k, const void **out)
{
    double v;
    *out = NULL;
    return accelsel_importance_value_by_name(ARG(0, F.imp), ACCELSEL_MEASURE_PEARSON,
                                             ARG(1, "power"), ARG(2, &v));
}
static int c_importance_predict(int k, const void **out)
{
    double m[BUF] = {0}, p[NROWS];
    *out = NULL;
    return accelsel_importance_predict(ARG(0, F.imp), ARG(1, m), 2,
                                       accelsel_importance_n_features(F.imp), ARG(2, p), NROWS);
}
static int c_importance_predict_dataset(int k, const void **out)
{
    double p[NROWS];
    size_t n;
    *out = NULL;
    return accelsel_importance_predict_dataset(ARG(0, F.imp), ARG(1, F.ds), ARG(2, p), NROWS,
                                               ARG(3, &n), NULL);
}
CTOR(c_importance_to_dataset, accelsel_dataset, accelsel_dataset_free,
     accelsel_importance_to_dataset(ARG(0, &o), ARG(1, F.imp)))

/* cluster.h */
static accelsel_cluster_options cluster_opts(void)
{
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 2;
    o.n_init = 1;
    o.n_threads = 1;
    return o;
}
static int c_cluster_fit(int k, const void **out)
{
    accelsel_cluster_options co = cluster_opts();
    CTOR_BODY(accelsel_cluster_model, accelsel_cluster_model_free,
              accelsel_cluster_fit(ARG(0, &o), ARG(1, F.x), F.n, F.d, &co))
}
static int c_cluster_fit_dataset(int k, const void **out)
{
    accelsel_cluster_options co = cluster_opts();
    CTOR_BODY(accelsel_cluster_model, accelsel_cluster_model_free,
              accelsel_cluster_fit_dataset(ARG(0, &o), ARG(1, F.ds), ARG(2, F.feat), &co))
}
static int c_cluster_select_k(int k, const void **out)
{
    accelsel_cluster_options co = cluster_opts();
    CTOR_BODY(accelsel_cluster_selection, accelsel_cluster_selection_free,
              accelsel_cluster_select_k(ARG(0, &o), ARG(1, F.x), F.n, F.d, 2, 3,
                                        ACCELSEL_KSELECT_CH, &co))
}
PLAIN(c_cluster_merge, accelsel_cluster_model_merge(ARG(0, F.ward), 0, NULL, NULL, NULL, NULL))
static int c_cluster_predict(int k, const void **out)
{
    uint32_t labels[NROWS];
    *out = NULL;
    return accelsel_cluster_model_predict(ARG(0, F.km), ARG(1, F.x), F.n, F.d, ARG(2, labels));
}
static int c_cluster_predict_dataset(int k, const void **out)
{
    uint32_t labels[NROWS];
    size_t n;
    *out = NULL;
    return accelsel_cluster_model_predict_dataset(ARG(0, F.km), ARG(1, F.ds), ARG(2, labels),
                                                  NROWS, ARG(3, &n), NULL);
}
static int c_cluster_save_yaml_buffer(int k, const void **out){
    CTOR_BODY(char, accelsel_free,
              accelsel_cluster_model_save_yaml_buffer(
                  ARG(0, F.km), ARG(1, &o),
                  NULL))} PLAIN(c_cluster_save_yaml,
                                accelsel_cluster_model_save_yaml(ARG(0, F.km), ARG(1, SAVE_PATH)))
    CTOR(c_cluster_load_yaml_buffer, accelsel_cluster_model, accelsel_cluster_model_free,
         accelsel_cluster_model_load_yaml_buffer(ARG(0, &o), ARG(1, F.model_yaml), F.model_len))
        CTOR(c_cluster_load_yaml, accelsel_cluster_model, accelsel_cluster_model_free,
             accelsel_cluster_model_load_yaml(
                 ARG(0, &o), ARG(1, F.model_path))) static int c_silhouette(int k, const void **out)
{
    double v;
    *out = NULL;
    return accelsel_cluster_silhouette(ARG(0, F.x), F.n, F.d,
                                       ARG(1, accelsel_cluster_model_labels(F.km)), NULL,
                                       ARG(2, &v));
}
static int c_calinski_harabasz(int k, const void **out)
{
    double v;
    *out = NULL;
    return accelsel_cluster_calinski_harabasz(
        ARG(0, F.x), F.n, F.d, ARG(1, accelsel_cluster_model_labels(F.km)), ARG(2, &v));
}
static int c_davies_bouldin(int k, const void **out)
{
    double v;
    *out = NULL;
    return accelsel_cluster_davies_bouldin(ARG(0, F.x), F.n, F.d,
                                           ARG(1, accelsel_cluster_model_labels(F.km)),
                                           ARG(2, &v));
}
static const double elbow_k[] = {1, 2, 3, 4}, elbow_v[] = {10, 5, 3, 2.5};
static int c_elbow(int k, const void **out)
{
    size_t i;
    *out = NULL;
    return accelsel_cluster_elbow(ARG(0, elbow_k), ARG(1, elbow_v), 4, ARG(2, &i));
}

/* rank.h */
static int c_criteria_parse(int k, const void **out)
{
    accelsel_criterion *o = SENTINEL;
    size_t n = 99;
    int rc = accelsel_criteria_parse(ARG(0, &o), ARG(1, &n), ARG(2, "time:1:cost"));
    if (k < 0 && rc == 0) {
        ck_assert_uint_eq(n, 1);
        accelsel_free(o);
        o = NULL;
    } else if (k != 1) {
        ck_assert_msg(n == 0, "accelsel_criteria_parse: n is %zu after failure", n);
    }
    *out = o;
    return rc;
}
static int c_method_from_name(int k, const void **out)
{
    int m;
    *out = NULL;
    return accelsel_rank_method_from_name(ARG(0, "topsis"), ARG(1, &m));
}
static int c_kselect_from_name(int k, const void **out)
{
    int c;
    *out = NULL;
    return accelsel_kselect_from_name(ARG(0, "gap"), ARG(1, &c));
}
static int c_algorithm_from_name(int k, const void **out)
{
    uint32_t a;
    *out = NULL;
    return accelsel_cluster_algorithm_from_name(ARG(0, "ward"), ARG(1, &a));
}
CTOR(c_ranking_compute, accelsel_ranking, accelsel_ranking_free,
     accelsel_ranking_compute(ARG(0, &o), ARG(1, F.ds), ARG(2, F.crit), F.n_crit,
                              ACCELSEL_RANK_TOPSIS, NULL))
static int c_kendall(int k, const void **out)
{
    double tau;
    *out = NULL;
    return accelsel_kendall_tau_b(ARG(0, col_n), ARG(1, col_time), NROWS, ARG(2, &tau));
}
static int c_sensitivity_compute(int k, const void **out)
{
    accelsel_sensitivity_options so = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    so.n_samples = 2;
    so.n_threads = 1;
    CTOR_BODY(accelsel_sensitivity, accelsel_sensitivity_free,
              accelsel_sensitivity_compute(ARG(0, &o), ARG(1, F.rank), &so, NULL, NULL))
}

/* catalog.h */
static const accelsel_provenance *provenance(void)
{
    return &accelsel_catalog_device(F.cat, 0)->provenance;
}
PLAIN(c_provenance_is_derived, accelsel_provenance_is_derived(ARG(0, provenance()),
                                                              ARG(1, "tdp_w")))
CTOR(c_catalog_load_file, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_load_file(ARG(0, &o), ARG(1, F.cat_path)))
CTOR(c_catalog_load_buffer, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_load_buffer(ARG(0, &o), ARG(1, F.cat_yaml), F.cat_len))
CTOR(c_catalog_load_builtin, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_load_builtin(ARG(0, &o)))
PLAIN(c_catalog_save_file, accelsel_catalog_save_file(ARG(0, F.cat), ARG(1, SAVE_PATH)))
static int c_catalog_save_buffer(int k, const void **out)
{
    CTOR_BODY(char, accelsel_free, accelsel_catalog_save_buffer(ARG(0, F.cat), ARG(1, &o), NULL))
}
CTOR(c_catalog_merge, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_merge(ARG(0, &o), ARG(1, F.cat), ARG(2, F.cat), ACCELSEL_MERGE_OVERRIDE))
static const char *const select_names[] = {"adaptive-4"};
CTOR(c_catalog_select, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_select(ARG(0, &o), ARG(1, F.cat), ARG(2, select_names), 1))
#define FIND(id, fn, entry)                                                                        \
    static int id(int k, const void **out)                                                       \
    {                                                                                              \
        size_t i;                                                                                  \
        *out = NULL;                                                                               \
        return fn(ARG(0, F.cat), ARG(1, accelsel_catalog_##entry(F.cat, 0)->name), ARG(2, &i));  \
    }
FIND(c_find_device, accelsel_catalog_find_device, device)
FIND(c_find_design, accelsel_catalog_find_design, design)
FIND(c_find_link, accelsel_catalog_find_link, link)
FIND(c_find_system, accelsel_catalog_find_system, system)
static int c_system_link(int k, const void **out)
{
    size_t link;
    *out = NULL;
    return accelsel_catalog_system_link(ARG(0, F.cat), F.system, 0, 1, ARG(1, &link));
}

/* network.h */
CTOR(c_network_load_file, accelsel_network, accelsel_network_free,
     accelsel_network_load_file(ARG(0, &o), ARG(1, F.net_path), NULL))
CTOR(c_network_load_buffer, accelsel_network, accelsel_network_free,
     accelsel_network_load_buffer(ARG(0, &o), ARG(1, F.net_yaml), F.net_len, NULL))
CTOR(c_network_load_hf_file, accelsel_network, accelsel_network_free,
     accelsel_network_load_hf_file(ARG(0, &o), ARG(1, F.hf_path), NULL))
CTOR(c_network_load_hf_buffer, accelsel_network, accelsel_network_free,
     accelsel_network_load_hf_buffer(ARG(0, &o), ARG(1, hf_text), sizeof hf_text - 1, NULL))
CTOR(c_network_load_zoo, accelsel_network, accelsel_network_free,
     accelsel_network_load_zoo(ARG(0, &o), ARG(1, "small-cnn"), NULL))
PLAIN(c_network_save_file, accelsel_network_save_file(ARG(0, F.net), ARG(1, SAVE_PATH)))
static int c_network_save_buffer(int k, const void **out)
{
    CTOR_BODY(char, accelsel_free, accelsel_network_save_buffer(ARG(0, F.net), ARG(1, &o), NULL))
}
static int c_layer_index(int k, const void **out)
{
    size_t i;
    *out = NULL;
    return accelsel_network_layer_index(ARG(0, F.net),
                                        ARG(1, accelsel_network_layer(F.net, 1)->name), ARG(2, &i));
}
#define NET_LIST(name, call)                                                                       \
    static int name(int k, const void **out)                                                       \
    {                                                                                              \
        const size_t *list;                                                                        \
        size_t n;                                                                                  \
        *out = NULL;                                                                               \
        return (call);                                                                             \
    }
NET_LIST(c_layer_inputs, accelsel_network_layer_inputs(ARG(0, F.net), 1, ARG(1, &list), ARG(2, &n)))
NET_LIST(c_layer_outputs,
         accelsel_network_layer_outputs(ARG(0, F.net), 1, ARG(1, &list), ARG(2, &n)))
NET_LIST(c_topo_order, accelsel_network_topo_order(ARG(0, F.net), ARG(1, &list), ARG(2, &n)))
NET_LIST(c_net_outputs, accelsel_network_outputs(ARG(0, F.net), ARG(1, &list), ARG(2, &n)))

#define EI ACCELSEL_EINVAL
static const null_case null_cases[] = {
    {"accelsel_plot_svg", c_plot_svg, {"out", "panels"}, 0, EI},
    {"accelsel_dataset_load_csv", c_load_csv, {"out", "path"}, 0, EI},
    {"accelsel_dataset_load_csv_buffer", c_load_csv_buffer, {"out", "data"}, 0, EI},
    {"accelsel_dataset_load_builtin", c_load_builtin, {"out", "name"}, 0, EI},
    {"accelsel_dataset_load_benchmark", c_load_benchmark, {"out", "benchmark"}, 0, EI},
    {"accelsel_dataset_new", c_dataset_new, {"out"}, 0, EI},
    {"accelsel_dataset_add_numeric", c_add_numeric, {"ds", "name", "values"}, -1, EI},
    {"accelsel_dataset_add_categorical", c_add_categorical, {"ds", "name", "values"}, -1, EI},
    {"accelsel_dataset_column_index", c_column_index, {"ds", "name", "col"}, -1, EI},
    {"accelsel_dataset_filter_equal", c_filter_equal, {"out", "ds", "column", "value"}, 0, EI},
    {"accelsel_dataset_filter_range", c_filter_range, {"out", "ds", "column"}, 0, EI},
    {"accelsel_dataset_filter_expr", c_filter_expr, {"out", "ds", "expr"}, 0, EI},
    {"accelsel_dataset_select_rows", c_select_rows, {"out", "ds", "rows"}, 0, EI},
    {"accelsel_dataset_select_columns", c_select_columns, {"out", "ds", "cols"}, 0, EI},
    {"accelsel_dataset_to_matrix", c_to_matrix, {"ds", "cols", "matrix"}, -1, EI},
    {"accelsel_dataset_save_csv", c_save_csv, {"ds", "path"}, -1, EI},
    {"accelsel_dataset_save_csv_buffer", c_save_csv_buffer, {"ds", "out"}, 1, EI},
    {"accelsel_dataset_derive", c_derive, {"out", "in"}, 0, EI},
    {"accelsel_dataset_cross_benchmark", c_cross, {"out", "in"}, 0, EI},
    {"accelsel_features_fit", c_features_fit, {"out", "ds", "columns"}, 0, EI},
    {"accelsel_features_scaling", c_features_scaling, {"f"}, -1, EI},
    {"accelsel_features_transform", c_features_transform, {"f", "ds", "matrix", "n_rows_out"}, -1,
     EI},
    {"accelsel_features_inverse", c_features_inverse, {"f", "x", "out"}, -1, EI},
    {"accelsel_pca_fit", c_pca_fit, {"out", "matrix"}, 0, EI},
    {"accelsel_pca_transform", c_pca_transform, {"pca", "matrix", "out"}, -1, EI},
    {"accelsel_importance_compute", c_importance_compute,
     {"out", "ds", "feature_columns", "target_column"}, 0, EI},
    {"accelsel_importance_compute_features", c_importance_compute_features,
     {"out", "ds", "features", "target_column"}, 0, EI},
    {"accelsel_importance_compute_matrix", c_importance_compute_matrix,
     {"out", "matrix", "target"}, 0, EI},
    {"accelsel_importance_feature_index", c_importance_feature_index, {"imp", "name", "j"}, -1, EI},
    {"accelsel_importance_value_by_name", c_importance_value_by_name, {"imp", "name", "value"}, -1,
     EI},
    {"accelsel_importance_predict", c_importance_predict, {"imp", "matrix", "out"}, -1, EI},
    {"accelsel_importance_predict_dataset", c_importance_predict_dataset,
     {"imp", "ds", "out", "n_out"}, -1, EI},
    {"accelsel_importance_to_dataset", c_importance_to_dataset, {"out", "imp"}, 0, EI},
    {"accelsel_cluster_fit", c_cluster_fit, {"out", "x"}, 0, EI},
    {"accelsel_cluster_fit_dataset", c_cluster_fit_dataset, {"out", "ds", "features"}, 0, EI},
    {"accelsel_cluster_select_k", c_cluster_select_k, {"out", "x"}, 0, EI},
    {"accelsel_cluster_model_merge", c_cluster_merge, {"m"}, -1, EI},
    {"accelsel_cluster_model_predict", c_cluster_predict, {"m", "x", "labels"}, -1, EI},
    {"accelsel_cluster_model_predict_dataset", c_cluster_predict_dataset,
     {"m", "ds", "labels", "n_out"}, -1, EI},
    {"accelsel_cluster_model_save_yaml_buffer", c_cluster_save_yaml_buffer, {"m", "out"}, 1, EI},
    {"accelsel_cluster_model_save_yaml", c_cluster_save_yaml, {"m", "path"}, -1, EI},
    {"accelsel_cluster_model_load_yaml_buffer", c_cluster_load_yaml_buffer, {"out", "data"}, 0,
     EI},
    {"accelsel_cluster_model_load_yaml", c_cluster_load_yaml, {"out", "path"}, 0, EI},
    {"accelsel_cluster_silhouette", c_silhouette, {"x", "labels", "out"}, -1, EI},
    {"accelsel_cluster_calinski_harabasz", c_calinski_harabasz, {"x", "labels", "out"}, -1, EI},
    {"accelsel_cluster_davies_bouldin", c_davies_bouldin, {"x", "labels", "out"}, -1, EI},
    {"accelsel_cluster_elbow", c_elbow, {"k", "values", "index"}, -1, EI},
    {"accelsel_criteria_parse", c_criteria_parse, {"out", "n", "text"}, 0, EI},
    {"accelsel_rank_method_from_name", c_method_from_name, {"name", "method"}, -1, EI},
    {"accelsel_kselect_from_name", c_kselect_from_name, {"name", "criterion"}, -1, EI},
    {"accelsel_cluster_algorithm_from_name", c_algorithm_from_name, {"name", "algorithm"}, -1,
     EI},
    {"accelsel_ranking_compute", c_ranking_compute, {"out", "ds", "criteria"}, 0, EI},
    {"accelsel_kendall_tau_b", c_kendall, {"x", "y", "tau"}, -1, EI},
    {"accelsel_sensitivity_compute", c_sensitivity_compute, {"out", "base"}, 0, EI},
    {"accelsel_provenance_is_derived", c_provenance_is_derived, {"p", "figure"}, -1, EI},
    {"accelsel_catalog_load_file", c_catalog_load_file, {"out", "path"}, 0, EI},
    {"accelsel_catalog_load_buffer", c_catalog_load_buffer, {"out", "data"}, 0, EI},
    {"accelsel_catalog_load_builtin", c_catalog_load_builtin, {"out"}, 0, EI},
    {"accelsel_catalog_save_file", c_catalog_save_file, {"cat", "path"}, -1, EI},
    {"accelsel_catalog_save_buffer", c_catalog_save_buffer, {"cat", "out"}, 1, EI},
    {"accelsel_catalog_merge", c_catalog_merge, {"out", "a", "b"}, 0, EI},
    {"accelsel_catalog_select", c_catalog_select, {"out", "cat", "names"}, 0, EI},
    {"accelsel_catalog_find_device", c_find_device, {"cat", "name", "index"}, -1, EI},
    {"accelsel_catalog_find_design", c_find_design, {"cat", "name", "index"}, -1, EI},
    {"accelsel_catalog_find_link", c_find_link, {"cat", "name", "index"}, -1, EI},
    {"accelsel_catalog_find_system", c_find_system, {"cat", "name", "index"}, -1, EI},
    {"accelsel_catalog_system_link", c_system_link, {"cat", "link"}, -1, EI},
    {"accelsel_network_load_file", c_network_load_file, {"out", "path"}, 0, EI},
    {"accelsel_network_load_buffer", c_network_load_buffer, {"out", "data"}, 0, EI},
    {"accelsel_network_load_zoo", c_network_load_zoo, {"out", "name"}, 0, EI},
    {"accelsel_network_load_hf_file", c_network_load_hf_file, {"out", "path"}, 0, EI},
    {"accelsel_network_load_hf_buffer", c_network_load_hf_buffer, {"out", "data"}, 0, EI},
    {"accelsel_network_save_file", c_network_save_file, {"net", "path"}, -1, EI},
    {"accelsel_network_save_buffer", c_network_save_buffer, {"net", "out"}, 1, EI},
    {"accelsel_network_layer_index", c_layer_index, {"net", "name", "index"}, -1, EI},
    {"accelsel_network_layer_inputs", c_layer_inputs, {"net", "inputs", "n"}, -1, EI},
    {"accelsel_network_layer_outputs", c_layer_outputs, {"net", "outputs", "n"}, -1, EI},
    {"accelsel_network_topo_order", c_topo_order, {"net", "order", "n"}, -1, EI},
    {"accelsel_network_outputs", c_net_outputs, {"net", "outputs", "n"}, -1, EI},
};
#define N_NULL_CASES (sizeof null_cases / sizeof null_cases[0])

/* Each case first runs with every argument valid (k = -1: it must succeed,
 * so that the NULL runs test the argument checks and nothing else), then
 * with each argument NULL in turn. */
START_TEST(null_arguments)
{
    const null_case *c = &null_cases[_i];
    const void *out;
    prime_error();
    int rc = c->call(-1, &out);
    ck_assert_msg(rc == 0, "%s with valid arguments: %s", c->fn, accelsel_last_error()->message);
    /* A success leaves the thread's last error as it was. */
    ck_assert_msg(accelsel_last_error()->code == ACCELSEL_ENOTFOUND &&
                      strstr(accelsel_last_error()->message, "zz-primed") != NULL,
                  "%s succeeded but changed the last error to '%s'", c->fn,
                  accelsel_last_error()->message);
    F.live = testutil_alloc_live(); /* a valid add_numeric keeps its column */
    for (int k = 0; k < 6 && c->args[k] != NULL; k++) {
        prime_error();
        rc = c->call(k, &out);
        check_failure(c->fn, c->args[k], rc, c->want);
        if (k != c->out_arg && c->out_arg >= 0)
            ck_assert_msg(out == NULL, "%s with %s NULL: *%s not set to NULL", c->fn, c->args[k],
                          c->args[c->out_arg]);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Accessors of one handle: a NULL handle gives the documented result (and,
 * for a status, records an error naming the handle); the fixture's handle
 * gives something else. Results are compared as doubles: sizes and ints by
 * value, pointers as 1 (non-NULL) or 0. */

enum { H_DS, H_FEAT, H_PCA, H_IMP, H_KM, H_WARD, H_SEL, H_RANK, H_SENS, H_CAT, H_NET, H_LLM,
       H_PROV };

static const void *handle(int which)
{
    switch (which) {
    case H_DS: return F.ds;
    case H_FEAT: return F.feat;
    case H_PCA: return F.pca;
    case H_IMP: return F.imp;
    case H_KM: return F.km;
    case H_WARD: return F.ward;
    case H_SEL: return F.sel;
    case H_RANK: return F.rank;
    case H_SENS: return F.sens;
    case H_CAT: return F.cat;
    case H_NET: return F.net;
    case H_LLM: return F.llm;
    default: return provenance();
    }
}

typedef struct {
    const char *fn;
    double (*get)(const void *h);
    int handle;
    double null_result; /* NAN: the result must be NaN */
    const char *arg;    /* for a status result: the handle's parameter name; else NULL */
    int valid_differs;  /* the fixture's handle gives another result */
} getter_case;

#define G_NUM(fn)                                                                                  \
    static double g_##fn(const void *h)                                                            \
    {                                                                                              \
        return (double)fn(h);                                                                      \
    }
#define G_PTR(fn)                                                                                  \
    static double g_##fn(const void *h)                                                            \
    {                                                                                              \
        return fn(h) != NULL;                                                                      \
    }
#define GET(fn, h, null_result) {#fn, g_##fn, h, null_result, NULL, 1}
#define GET_STATUS(fn, h, arg) {#fn, g_##fn, h, ACCELSEL_EINVAL, arg, 1}

G_NUM(accelsel_dataset_rows) G_NUM(accelsel_dataset_cols)
G_NUM(accelsel_features_dim) G_NUM(accelsel_features_n_inputs)
G_NUM(accelsel_features_missing_policy)
G_NUM(accelsel_pca_n_components) G_NUM(accelsel_pca_n_features)
G_PTR(accelsel_pca_explained_variance) G_PTR(accelsel_pca_explained_variance_ratio)
G_NUM(accelsel_pca_total_variance) G_PTR(accelsel_pca_components) G_PTR(accelsel_pca_loadings)
G_PTR(accelsel_pca_mean)
G_NUM(accelsel_importance_n_features) G_NUM(accelsel_importance_rows)
G_PTR(accelsel_importance_target_name) G_NUM(accelsel_importance_measures)
G_PTR(accelsel_importance_pca) G_NUM(accelsel_importance_oob_r2)
G_PTR(accelsel_importance_features)
G_NUM(accelsel_cluster_model_algorithm) G_NUM(accelsel_cluster_model_k)
G_NUM(accelsel_cluster_model_n_rows) G_NUM(accelsel_cluster_model_dim)
G_PTR(accelsel_cluster_model_labels) G_PTR(accelsel_cluster_model_row_index)
G_PTR(accelsel_cluster_model_centroids) G_PTR(accelsel_cluster_model_centroids_original)
G_PTR(accelsel_cluster_model_features) G_NUM(accelsel_cluster_model_inertia)
G_NUM(accelsel_cluster_model_n_iter) G_NUM(accelsel_cluster_model_silhouette)
G_NUM(accelsel_cluster_model_calinski_harabasz) G_NUM(accelsel_cluster_model_davies_bouldin)
G_NUM(accelsel_cluster_model_n_merges) G_PTR(accelsel_cluster_model_profiles)
G_NUM(accelsel_cluster_selection_count) G_NUM(accelsel_cluster_selection_best_k)
G_NUM(accelsel_cluster_selection_criterion)
G_NUM(accelsel_ranking_method) G_NUM(accelsel_ranking_rows) G_NUM(accelsel_ranking_ranked_count)
G_NUM(accelsel_ranking_excluded_count) G_NUM(accelsel_ranking_front_count)
G_PTR(accelsel_ranking_scores) G_PTR(accelsel_ranking_ranks) G_PTR(accelsel_ranking_order)
G_PTR(accelsel_ranking_fronts) G_NUM(accelsel_ranking_criterion_count)
G_PTR(accelsel_ranking_weights)
G_NUM(accelsel_sensitivity_samples) G_NUM(accelsel_sensitivity_tau_mean)
G_NUM(accelsel_sensitivity_tau_min) G_NUM(accelsel_sensitivity_top1_fraction)
G_NUM(accelsel_sensitivity_perturbation)
G_PTR(accelsel_sensitivity_taus)
G_NUM(accelsel_catalog_device_count) G_NUM(accelsel_catalog_design_count)
G_NUM(accelsel_catalog_link_count) G_NUM(accelsel_catalog_system_count)
G_PTR(accelsel_network_name) G_NUM(accelsel_network_bytes_per_element)
G_NUM(accelsel_network_layer_count) G_NUM(accelsel_network_input_count)
G_PTR(accelsel_network_get_totals) G_PTR(accelsel_network_get_recipe)
G_PTR(accelsel_network_get_transformer)

/* The fixture's rows are built in memory: no line, as for NULL (lines of
 * read rows: test_dataset.c). */
static double g_accelsel_dataset_row_line(const void *h)
{
    return (double)accelsel_dataset_row_line(h, 0);
}

static double g_accelsel_provenance_source(const void *h)
{
    return accelsel_provenance_source(h, "tdp_w") != NULL;
}

static const getter_case getter_cases[] = {
    GET(accelsel_dataset_rows, H_DS, 0),
    GET(accelsel_dataset_cols, H_DS, 0),
    {"accelsel_dataset_row_line", g_accelsel_dataset_row_line, H_DS, 0, NULL, 0},
    GET(accelsel_features_dim, H_FEAT, 0),
    GET(accelsel_features_n_inputs, H_FEAT, 0),
    GET_STATUS(accelsel_features_missing_policy, H_FEAT, "f"),
    GET(accelsel_pca_n_components, H_PCA, 0),
    GET(accelsel_pca_n_features, H_PCA, 0),
    GET(accelsel_pca_explained_variance, H_PCA, 0),
    GET(accelsel_pca_explained_variance_ratio, H_PCA, 0),
    GET(accelsel_pca_total_variance, H_PCA, NAN),
    GET(accelsel_pca_components, H_PCA, 0),
    GET(accelsel_pca_loadings, H_PCA, 0),
    GET(accelsel_pca_mean, H_PCA, 0),
    GET(accelsel_importance_n_features, H_IMP, 0),
    GET(accelsel_importance_rows, H_IMP, 0),
    GET(accelsel_importance_target_name, H_IMP, 0),
    GET(accelsel_importance_measures, H_IMP, 0),
    GET(accelsel_importance_pca, H_IMP, 0),
    GET(accelsel_importance_oob_r2, H_IMP, NAN),
    GET(accelsel_importance_features, H_IMP, 0),
    GET_STATUS(accelsel_cluster_model_algorithm, H_KM, "m"),
    GET(accelsel_cluster_model_k, H_KM, 0),
    GET(accelsel_cluster_model_n_rows, H_KM, 0),
    GET(accelsel_cluster_model_dim, H_KM, 0),
    GET(accelsel_cluster_model_labels, H_KM, 0),
    GET(accelsel_cluster_model_row_index, H_KM, 0),
    GET(accelsel_cluster_model_centroids, H_KM, 0),
    GET(accelsel_cluster_model_centroids_original, H_KM, 0),
    GET(accelsel_cluster_model_features, H_KM, 0),
    GET(accelsel_cluster_model_inertia, H_KM, NAN),
    GET(accelsel_cluster_model_n_iter, H_KM, 0),
    GET(accelsel_cluster_model_silhouette, H_KM, NAN),
    GET(accelsel_cluster_model_calinski_harabasz, H_KM, NAN),
    GET(accelsel_cluster_model_davies_bouldin, H_KM, NAN),
    GET(accelsel_cluster_model_n_merges, H_WARD, 0),
    GET(accelsel_cluster_model_profiles, H_KM, 0),
    GET(accelsel_cluster_selection_count, H_SEL, 0),
    GET(accelsel_cluster_selection_best_k, H_SEL, 0),
    GET_STATUS(accelsel_cluster_selection_criterion, H_SEL, "s"),
    GET_STATUS(accelsel_ranking_method, H_RANK, "r"),
    GET(accelsel_ranking_rows, H_RANK, 0),
    GET(accelsel_ranking_ranked_count, H_RANK, 0),
    {"accelsel_ranking_excluded_count", g_accelsel_ranking_excluded_count, H_RANK, 0, NULL, 0},
    GET(accelsel_ranking_front_count, H_RANK, 0),
    GET(accelsel_ranking_scores, H_RANK, 0),
    GET(accelsel_ranking_ranks, H_RANK, 0),
    GET(accelsel_ranking_order, H_RANK, 0),
    GET(accelsel_ranking_fronts, H_RANK, 0),
    GET(accelsel_ranking_criterion_count, H_RANK, 0),
    GET(accelsel_ranking_weights, H_RANK, 0),
    GET(accelsel_sensitivity_samples, H_SENS, 0),
    GET(accelsel_sensitivity_tau_mean, H_SENS, NAN),
    GET(accelsel_sensitivity_tau_min, H_SENS, NAN),
    GET(accelsel_sensitivity_top1_fraction, H_SENS, NAN),
    GET(accelsel_sensitivity_perturbation, H_SENS, NAN),
    GET(accelsel_sensitivity_taus, H_SENS, 0),
    GET(accelsel_catalog_device_count, H_CAT, 0),
    GET(accelsel_catalog_design_count, H_CAT, 0),
    GET(accelsel_catalog_link_count, H_CAT, 0),
    GET(accelsel_catalog_system_count, H_CAT, 0),
    GET(accelsel_network_name, H_NET, 0),
    GET(accelsel_network_bytes_per_element, H_NET, 0),
    GET(accelsel_network_layer_count, H_NET, 0),
    GET(accelsel_network_input_count, H_NET, 0),
    GET(accelsel_network_get_totals, H_NET, 0),
    GET(accelsel_network_get_recipe, H_NET, 0),
    GET(accelsel_network_get_transformer, H_LLM, 0),
    GET(accelsel_provenance_source, H_PROV, 0),
};
#define N_GETTER_CASES (sizeof getter_cases / sizeof getter_cases[0])

static int same_result(double got, double want)
{
    return isnan(want) ? isnan(got) : got == want;
}

START_TEST(null_handles)
{
    const getter_case *c = &getter_cases[_i];
    prime_error();
    double got = c->get(NULL);
    ck_assert_msg(same_result(got, c->null_result), "%s(NULL) gave %g, want %g", c->fn, got,
                  c->null_result);
    if (c->arg != NULL)
        check_failure(c->fn, c->arg, (int)got, (int)c->null_result);
    ck_assert_int_eq(testutil_alloc_live(), F.live);
    double valid = c->get(handle(c->handle));
    if (c->valid_differs)
        ck_assert_msg(!same_result(valid, c->null_result) && !isnan(valid),
                      "%s of the fixture's handle gave %g", c->fn, valid);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Accessors with an index: the first index past the end and SIZE_MAX give
 * the documented result (a status records an error naming the bad value),
 * as does a NULL handle; index 0 gives something else. For functions of
 * several indices, one varies and the others are valid. */

typedef struct {
    const char *fn; /* the function and the index that varies */
    double (*get)(const void *h, size_t i);
    int handle;
    size_t (*count)(void); /* number of valid values of the index */
    double bad;            /* result past the end and for a NULL handle */
    const char *harg;      /* for a status result: the handle's parameter name; else NULL */
} index_case;

#define I_NUM(id, call)                                                                            \
    static double id(const void *h, size_t i)                                                      \
    {                                                                                              \
        return (double)(call);                                                                     \
    }
#define I_PTR(id, call)                                                                            \
    static double id(const void *h, size_t i)                                                      \
    {                                                                                              \
        return (call) != NULL;                                                                     \
    }
#define COUNT(id, expr)                                                                            \
    static size_t id(void)                                                                         \
    {                                                                                              \
        return (expr);                                                                             \
    }

enum { COL_ACCEL = 3 }; /* the categorical column of F.ds */

COUNT(n_rows, NROWS)
COUNT(n_cols, accelsel_dataset_cols(F.ds))
COUNT(n_levels, accelsel_dataset_levels(F.ds, COL_ACCEL))
COUNT(n_dim, accelsel_features_dim(F.feat))
COUNT(n_inputs, accelsel_features_n_inputs(F.feat))
COUNT(n_imp, accelsel_importance_n_features(F.imp))
COUNT(n_merges, accelsel_cluster_model_n_merges(F.ward))
COUNT(n_tried, accelsel_cluster_selection_count(F.sel))
COUNT(n_devices, accelsel_catalog_device_count(F.cat))
COUNT(n_designs, accelsel_catalog_design_count(F.cat))
COUNT(n_links, accelsel_catalog_link_count(F.cat))
COUNT(n_systems, accelsel_catalog_system_count(F.cat))
COUNT(n_slots, accelsel_catalog_system(F.cat, F.system)->n_slots)
COUNT(n_layers, accelsel_network_layer_count(F.net))

I_PTR(i_column_name, accelsel_dataset_column_name(h, i))
I_NUM(i_column_type, accelsel_dataset_column_type(h, i))
I_PTR(i_numeric, accelsel_dataset_numeric(h, i))
I_NUM(i_number_row, accelsel_dataset_number(h, i, 0))
I_NUM(i_number_col, accelsel_dataset_number(h, 0, i))
I_PTR(i_string_row, accelsel_dataset_string(h, i, COL_ACCEL))
I_PTR(i_string_col, accelsel_dataset_string(h, 0, i == 0 ? COL_ACCEL : i))
I_NUM(i_is_missing_row, accelsel_dataset_is_missing(h, i, 0))
I_NUM(i_is_missing_col, accelsel_dataset_is_missing(h, 0, i))
I_NUM(i_levels, accelsel_dataset_levels(h, i == 0 ? COL_ACCEL : i))
I_PTR(i_level_col, accelsel_dataset_level(h, i == 0 ? COL_ACCEL : i, 0))
I_PTR(i_level, accelsel_dataset_level(h, COL_ACCEL, i))
I_NUM(i_code_row, accelsel_dataset_code(h, i, COL_ACCEL))
I_NUM(i_code_col, accelsel_dataset_code(h, 0, i == 0 ? COL_ACCEL : i))
I_PTR(i_features_name, accelsel_features_name(h, i))
I_PTR(i_features_input_name, accelsel_features_input_name(h, i))
I_NUM(i_features_input_transform, accelsel_features_input_transform(h, i))
I_NUM(i_features_scaling, accelsel_features_scaling(h, i, NULL, NULL))
I_PTR(i_importance_feature_name, accelsel_importance_feature_name(h, i))
I_NUM(i_importance_value, accelsel_importance_value(h, ACCELSEL_MEASURE_PEARSON, i))
I_NUM(i_cluster_merge, accelsel_cluster_model_merge(h, i, NULL, NULL, NULL, NULL))
I_NUM(i_selection_k, accelsel_cluster_selection_k(h, i))
I_NUM(i_selection_score, accelsel_cluster_selection_score(h, i, ACCELSEL_SCORE_INERTIA))
I_PTR(i_catalog_device, accelsel_catalog_device(h, i))
I_PTR(i_catalog_design, accelsel_catalog_design(h, i))
I_PTR(i_catalog_link, accelsel_catalog_link(h, i))
I_PTR(i_catalog_system, accelsel_catalog_system(h, i))
I_PTR(i_slot_system, accelsel_catalog_system_slot(h, i == 0 ? F.system : i, 0))
I_PTR(i_slot, accelsel_catalog_system_slot(h, F.system, i))
static double link_status(const void *h, size_t system, size_t from, size_t to)
{
    size_t link;
    int rc = accelsel_catalog_system_link(h, system, from, to, &link);
    return rc == ACCELSEL_ENOTFOUND ? 0 : rc; /* a valid pair may lack a direct link */
}
I_NUM(i_link_system, link_status(h, i == 0 ? F.system : i, 0, 1))
I_NUM(i_link_from, link_status(h, F.system, i, i == 0 ? 1 : 0))
I_NUM(i_link_to, link_status(h, F.system, 0, i == 0 ? 1 : i))
I_PTR(i_network_layer, accelsel_network_layer(h, i))
static double list_status(const void *h, size_t i, int outputs)
{
    const size_t *list;
    size_t n;
    return outputs ? accelsel_network_layer_outputs(h, i, &list, &n)
                   : accelsel_network_layer_inputs(h, i, &list, &n);
}
I_NUM(i_layer_inputs, list_status(h, i, 0))
I_NUM(i_layer_outputs, list_status(h, i, 1))

#define ER ACCELSEL_ERANGE
static const index_case index_cases[] = {
    {"accelsel_dataset_column_name(col)", i_column_name, H_DS, n_cols, 0, NULL},
    {"accelsel_dataset_column_type(col)", i_column_type, H_DS, n_cols, EI, "ds"},
    {"accelsel_dataset_numeric(col)", i_numeric, H_DS, n_cols, 0, NULL},
    {"accelsel_dataset_number(row)", i_number_row, H_DS, n_rows, NAN, NULL},
    {"accelsel_dataset_number(col)", i_number_col, H_DS, n_cols, NAN, NULL},
    {"accelsel_dataset_string(row)", i_string_row, H_DS, n_rows, 0, NULL},
    {"accelsel_dataset_string(col)", i_string_col, H_DS, n_cols, 0, NULL},
    {"accelsel_dataset_is_missing(row)", i_is_missing_row, H_DS, n_rows, EI, "ds"},
    {"accelsel_dataset_is_missing(col)", i_is_missing_col, H_DS, n_cols, EI, "ds"},
    {"accelsel_dataset_levels(col)", i_levels, H_DS, n_cols, 0, NULL},
    {"accelsel_dataset_level(col)", i_level_col, H_DS, n_cols, 0, NULL},
    {"accelsel_dataset_level(level)", i_level, H_DS, n_levels, 0, NULL},
    {"accelsel_dataset_code(row)", i_code_row, H_DS, n_rows, ER, "ds"},
    {"accelsel_dataset_code(col)", i_code_col, H_DS, n_cols, ER, "ds"},
    {"accelsel_features_name(j)", i_features_name, H_FEAT, n_dim, 0, NULL},
    {"accelsel_features_input_name(i)", i_features_input_name, H_FEAT, n_inputs, 0, NULL},
    {"accelsel_features_input_transform(i)", i_features_input_transform, H_FEAT, n_inputs, EI,
     "f"},
    {"accelsel_features_scaling(j)", i_features_scaling, H_FEAT, n_dim, EI, "f"},
    {"accelsel_importance_feature_name(j)", i_importance_feature_name, H_IMP, n_imp, 0, NULL},
    {"accelsel_importance_value(j)", i_importance_value, H_IMP, n_imp, NAN, NULL},
    {"accelsel_cluster_model_merge(i)", i_cluster_merge, H_WARD, n_merges, EI, "m"},
    {"accelsel_cluster_selection_k(i)", i_selection_k, H_SEL, n_tried, 0, NULL},
    {"accelsel_cluster_selection_score(i)", i_selection_score, H_SEL, n_tried, NAN, NULL},
    {"accelsel_catalog_device(index)", i_catalog_device, H_CAT, n_devices, 0, NULL},
    {"accelsel_catalog_design(index)", i_catalog_design, H_CAT, n_designs, 0, NULL},
    {"accelsel_catalog_link(index)", i_catalog_link, H_CAT, n_links, 0, NULL},
    {"accelsel_catalog_system(index)", i_catalog_system, H_CAT, n_systems, 0, NULL},
    {"accelsel_catalog_system_slot(system)", i_slot_system, H_CAT, n_systems, 0, NULL},
    {"accelsel_catalog_system_slot(slot)", i_slot, H_CAT, n_slots, 0, NULL},
    {"accelsel_catalog_system_link(system)", i_link_system, H_CAT, n_systems, EI, "cat"},
    {"accelsel_catalog_system_link(from)", i_link_from, H_CAT, n_slots, EI, "cat"},
    {"accelsel_catalog_system_link(to)", i_link_to, H_CAT, n_slots, EI, "cat"},
    {"accelsel_network_layer(index)", i_network_layer, H_NET, n_layers, 0, NULL},
    {"accelsel_network_layer_inputs(index)", i_layer_inputs, H_NET, n_layers, EI, "net"},
    {"accelsel_network_layer_outputs(index)", i_layer_outputs, H_NET, n_layers, EI, "net"},
};
#define N_INDEX_CASES (sizeof index_cases / sizeof index_cases[0])

/* A status for a bad index records an error that names the index's
 * parameter (in parentheses in the case's name) or gives its value. */
static void check_index_failure(const index_case *c, size_t i, double got)
{
    char value[32], param[32];
    snprintf(value, sizeof value, "%zu", i);
    const char *open = strchr(c->fn, '(');
    snprintf(param, sizeof param, "%.*s", (int)strcspn(open + 1, ")"), open + 1);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(e->code == (int)got, "%s = %zu: last error %d, returned %g", c->fn, i, e->code,
                  got);
    ck_assert_msg(strstr(e->message, value) != NULL || names_word(e->message, param),
                  "%s = %zu: message '%s' gives neither %s nor '%s'", c->fn, i, e->message,
                  value, param);
}

START_TEST(indices_out_of_range)
{
    const index_case *c = &index_cases[_i];
    const void *h = handle(c->handle);
    ck_assert_msg(!same_result(c->get(h, 0), c->bad), "%s = 0 gave the failure result", c->fn);
    const size_t bad[] = {c->count(), c->count() + 1, SIZE_MAX};
    for (size_t b = 0; b < 3; b++) {
        prime_error();
        double got = c->get(h, bad[b]);
        ck_assert_msg(same_result(got, c->bad), "%s = %zu gave %g, want %g", c->fn, bad[b], got,
                      c->bad);
        if (c->harg != NULL)
            check_index_failure(c, bad[b], got);
    }
    prime_error();
    double got = c->get(NULL, 0);
    ck_assert_msg(same_result(got, c->bad), "%s with a NULL handle gave %g", c->fn, got);
    if (c->harg != NULL)
        check_failure(c->fn, c->harg, (int)got, (int)c->bad);
    ck_assert_int_eq(testutil_alloc_live(), F.live);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Options structs: init() with the current version gives the _INIT macro's
 * values field by field; NULL, version 0 and 999 are refused; _size() is the
 * struct's size; and every function that takes the options refuses a struct
 * of an unknown version without making anything. */

typedef struct {
    const char *fn;
    int (*init)(void *opts, unsigned int version);
    size_t (*size)(void);
    size_t struct_size;
    unsigned int version;
    const char *arg; /* the struct's parameter name in init() */
    void (*same_as_macro)(const void *opts);
    int (*use[4])(unsigned int version); /* functions taking the options, given that version */
} options_case;

#define SAME(field)                                                                                \
    ck_assert_msg(a->field == b.field, "field " #field " differs from the _INIT macro")

/* A call that must fail: its out-pointer must be NULL (a wrong success is
 * freed, and the caller's status check fails). */
#define REFUSED(T, free_fn, call)                                                                  \
    T *o = SENTINEL;                                                                               \
    int rc = (call);                                                                               \
    if (rc == 0)                                                                                   \
        free_fn(o);                                                                                \
    else                                                                                           \
        ck_assert_msg(o == NULL, "*out not NULL after status %d", rc);                            \
    return rc;

static int init_csv(void *o, unsigned int v)
{
    return accelsel_csv_options_init(o, v);
}
static void same_csv(const void *p)
{
    const accelsel_csv_options *a = p, b = ACCELSEL_CSV_OPTIONS_INIT;
    SAME(version);
    SAME(delimiter);
    SAME(max_field_len);
    SAME(categorical);
    SAME(n_categorical);
    SAME(n_threads);
    SAME(missing);
    SAME(n_missing);
}
static int use_csv(unsigned int v)
{
    accelsel_csv_options opts = ACCELSEL_CSV_OPTIONS_INIT;
    opts.version = v;
    REFUSED(accelsel_dataset, accelsel_dataset_free,
            accelsel_dataset_load_csv_buffer(&o, "a\n1\n", 4, &opts))
}
static int use_csv_file(unsigned int v)
{
    accelsel_csv_options opts = ACCELSEL_CSV_OPTIONS_INIT;
    opts.version = v;
    REFUSED(accelsel_dataset, accelsel_dataset_free,
            accelsel_dataset_load_csv(&o, F.csv_path, &opts))
}

static int init_derive(void *o, unsigned int v)
{
    return accelsel_derive_options_init(o, v);
}
static void same_derive(const void *p)
{
    const accelsel_derive_options *a = p, b = ACCELSEL_DERIVE_OPTIONS_INIT;
    SAME(version);
    SAME(time_column);
    SAME(accelerators_column);
    SAME(nodes_column);
    SAME(per_node_column);
    SAME(epochs_column);
    SAME(group_columns);
    SAME(n_group_columns);
    SAME(images_per_epoch);
    SAME(reference_row);
    SAME(power_column);
    SAME(system_power_column);
    SAME(price_column);
    SAME(system_price_column);
    SAME(rent_column);
    SAME(node_power_w);
    SAME(pue);
    SAME(years);
    SAME(utilisation);
    SAME(price_kwh);
}
static int use_derive(unsigned int v)
{
    accelsel_derive_options opts = ACCELSEL_DERIVE_OPTIONS_INIT;
    opts.version = v;
    REFUSED(accelsel_dataset, accelsel_dataset_free, accelsel_dataset_derive(&o, F.mlperf, &opts))
}

static int init_cross(void *o, unsigned int v)
{
    return accelsel_cross_options_init(o, v);
}
static void same_cross(const void *p)
{
    const accelsel_cross_options *a = p, b = ACCELSEL_CROSS_OPTIONS_INIT;
    SAME(version);
    SAME(reference);
    SAME(min_benchmarks);
}
static int use_cross(unsigned int v)
{
    accelsel_cross_options opts = ACCELSEL_CROSS_OPTIONS_INIT;
    opts.version = v;
    REFUSED(accelsel_dataset, accelsel_dataset_free,
            accelsel_dataset_cross_benchmark(&o, F.cross, &opts))
}

static int init_features(void *o, unsigned int v)
{
    return accelsel_features_options_init(o, v);
}
static void same_features(const void *p)
{
    const accelsel_features_options *a = p, b = ACCELSEL_FEATURES_OPTIONS_INIT;
    SAME(version);
    SAME(missing);
}
static int use_features(unsigned int v)
{
    accelsel_features_options opts = ACCELSEL_FEATURES_OPTIONS_INIT;
    opts.version = v;
    REFUSED(accelsel_features, accelsel_features_free,
            accelsel_features_fit(&o, F.ds, feature_cols, NULL, 3, &opts))
}

static int init_importance(void *o, unsigned int v)
{
    return accelsel_importance_options_init(o, v);
}
static void same_importance(const void *p)
{
    const accelsel_importance_options *a = p, b = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    SAME(version);
    SAME(measures);
    SAME(n_trees);
    SAME(max_depth);
    SAME(min_samples_leaf);
    SAME(n_repeats);
    SAME(max_features);
    SAME(permutation_rows);
    SAME(mi_neighbors);
    SAME(seed);
    SAME(n_threads);
    SAME(missing);
    SAME(progress);
    SAME(payload);
}
static accelsel_importance_options importance_version(unsigned int v)
{
    accelsel_importance_options opts = imp_opts();
    opts.version = v;
    return opts;
}
static int use_importance(unsigned int v)
{
    accelsel_importance_options opts = importance_version(v);
    REFUSED(accelsel_importance, accelsel_importance_free,
            accelsel_importance_compute(&o, F.ds, imp_cols, 2, "time", &opts))
}
static int use_importance_features(unsigned int v)
{
    accelsel_importance_options opts = importance_version(v);
    REFUSED(accelsel_importance, accelsel_importance_free,
            accelsel_importance_compute_features(&o, F.ds, F.feat, "power", &opts))
}
static int use_importance_matrix(unsigned int v)
{
    accelsel_importance_options opts = importance_version(v);
    REFUSED(accelsel_importance, accelsel_importance_free,
            accelsel_importance_compute_matrix(&o, F.x, F.n, 2, col_power, NULL, NULL, &opts))
}

static int init_cluster(void *o, unsigned int v)
{
    return accelsel_cluster_options_init(o, v);
}
static void same_cluster(const void *p)
{
    const accelsel_cluster_options *a = p, b = ACCELSEL_CLUSTER_OPTIONS_INIT;
    SAME(version);
    SAME(algorithm);
    SAME(k);
    SAME(n_init);
    SAME(max_iter);
    SAME(tol);
    SAME(seed);
    SAME(n_threads);
    SAME(init);
    SAME(indices);
    SAME(silhouette_max);
    SAME(gap_references);
    SAME(profiles);
    SAME(progress);
    SAME(payload);
}
static accelsel_cluster_options cluster_version(unsigned int v)
{
    accelsel_cluster_options opts = cluster_opts();
    opts.version = v;
    return opts;
}
static int use_cluster(unsigned int v)
{
    accelsel_cluster_options opts = cluster_version(v);
    REFUSED(accelsel_cluster_model, accelsel_cluster_model_free,
            accelsel_cluster_fit(&o, F.x, F.n, F.d, &opts))
}
static int use_cluster_dataset(unsigned int v)
{
    accelsel_cluster_options opts = cluster_version(v);
    REFUSED(accelsel_cluster_model, accelsel_cluster_model_free,
            accelsel_cluster_fit_dataset(&o, F.ds, F.feat, &opts))
}
static int use_cluster_select(unsigned int v)
{
    accelsel_cluster_options opts = cluster_version(v);
    REFUSED(accelsel_cluster_selection, accelsel_cluster_selection_free,
            accelsel_cluster_select_k(&o, F.x, F.n, F.d, 2, 3, ACCELSEL_KSELECT_CH, &opts))
}
static int use_silhouette(unsigned int v)
{
    accelsel_cluster_options opts = cluster_version(v);
    double out = -7;
    int rc = accelsel_cluster_silhouette(F.x, F.n, F.d, accelsel_cluster_model_labels(F.km), &opts,
                                         &out);
    if (rc != 0)
        ck_assert_msg(out == -7, "silhouette written after status %d", rc);
    return rc;
}

static int init_rank(void *o, unsigned int v)
{
    return accelsel_rank_options_init(o, v);
}
static void same_rank(const void *p)
{
    const accelsel_rank_options *a = p, b = ACCELSEL_RANK_OPTIONS_INIT;
    SAME(version);
    SAME(missing);
    SAME(pareto_fronts);
}
static int use_rank(unsigned int v)
{
    accelsel_rank_options opts = ACCELSEL_RANK_OPTIONS_INIT;
    opts.version = v;
    REFUSED(accelsel_ranking, accelsel_ranking_free,
            accelsel_ranking_compute(&o, F.ds, F.crit, F.n_crit, ACCELSEL_RANK_WSUM, &opts))
}

static int init_sensitivity(void *o, unsigned int v)
{
    return accelsel_sensitivity_options_init(o, v);
}
static void same_sensitivity(const void *p)
{
    const accelsel_sensitivity_options *a = p, b = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    SAME(version);
    SAME(n_samples);
    SAME(n_threads);
    SAME(seed);
    SAME(perturbation);
}
static int use_sensitivity(unsigned int v)
{
    accelsel_sensitivity_options opts = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    opts.version = v;
    opts.n_samples = 2;
    opts.n_threads = 1;
    REFUSED(accelsel_sensitivity, accelsel_sensitivity_free,
            accelsel_sensitivity_compute(&o, F.rank, &opts, NULL, NULL))
}

static int init_network(void *o, unsigned int v)
{
    return accelsel_network_options_init(o, v);
}
static void same_network(const void *p)
{
    const accelsel_network_options *a = p, b = ACCELSEL_NETWORK_OPTIONS_INIT;
    SAME(version);
    SAME(bytes_per_element);
    SAME(max_yaml_nodes);
}
static accelsel_network_options network_version(unsigned int v)
{
    accelsel_network_options opts = ACCELSEL_NETWORK_OPTIONS_INIT;
    opts.version = v;
    return opts;
}
static int use_network_zoo(unsigned int v)
{
    accelsel_network_options opts = network_version(v);
    REFUSED(accelsel_network, accelsel_network_free,
            accelsel_network_load_zoo(&o, "small-cnn", &opts))
}
static int use_network_buffer(unsigned int v)
{
    accelsel_network_options opts = network_version(v);
    REFUSED(accelsel_network, accelsel_network_free,
            accelsel_network_load_buffer(&o, F.net_yaml, F.net_len, &opts))
}
static int use_network_file(unsigned int v)
{
    accelsel_network_options opts = network_version(v);
    REFUSED(accelsel_network, accelsel_network_free,
            accelsel_network_load_file(&o, F.net_path, &opts))
}

static int init_panel(void *o, unsigned int v)
{
    return accelsel_plot_panel_init(o, v);
}
static void same_panel(const void *p)
{
    const accelsel_plot_panel *a = p, b = ACCELSEL_PLOT_PANEL_INIT;
    SAME(version);
    SAME(kind);
    SAME(x);
    SAME(y);
    SAME(group);
    SAME(n);
    SAME(group_names);
    SAME(n_groups);
    SAME(title);
    SAME(x_label);
    SAME(y_label);
    SAME(log_x);
    SAME(log_y);
}
static int use_panel(unsigned int v)
{
    accelsel_plot_panel panel = F.panel;
    panel.version = v;
    REFUSED(char, accelsel_free, accelsel_plot_svg(&o, NULL, &panel, 1))
}

static const options_case options_cases[] = {
    {"accelsel_csv_options_init", init_csv, accelsel_csv_options_size,
     sizeof(accelsel_csv_options), ACCELSEL_CSV_OPTIONS_VERSION, "opts", same_csv,
     {use_csv, use_csv_file}},
    {"accelsel_derive_options_init", init_derive, accelsel_derive_options_size,
     sizeof(accelsel_derive_options), ACCELSEL_DERIVE_OPTIONS_VERSION, "opts", same_derive,
     {use_derive}},
    {"accelsel_cross_options_init", init_cross, accelsel_cross_options_size,
     sizeof(accelsel_cross_options), ACCELSEL_CROSS_OPTIONS_VERSION, "opts", same_cross,
     {use_cross}},
    {"accelsel_features_options_init", init_features, accelsel_features_options_size,
     sizeof(accelsel_features_options), ACCELSEL_FEATURES_OPTIONS_VERSION, "opts", same_features,
     {use_features}},
    {"accelsel_importance_options_init", init_importance, accelsel_importance_options_size,
     sizeof(accelsel_importance_options), ACCELSEL_IMPORTANCE_OPTIONS_VERSION, "opts",
     same_importance, {use_importance, use_importance_features, use_importance_matrix}},
    {"accelsel_cluster_options_init", init_cluster, accelsel_cluster_options_size,
     sizeof(accelsel_cluster_options), ACCELSEL_CLUSTER_OPTIONS_VERSION, "opts", same_cluster,
     {use_cluster, use_cluster_dataset, use_cluster_select, use_silhouette}},
    {"accelsel_rank_options_init", init_rank, accelsel_rank_options_size,
     sizeof(accelsel_rank_options), ACCELSEL_RANK_OPTIONS_VERSION, "opts", same_rank, {use_rank}},
    {"accelsel_sensitivity_options_init", init_sensitivity, accelsel_sensitivity_options_size,
     sizeof(accelsel_sensitivity_options), ACCELSEL_SENSITIVITY_OPTIONS_VERSION, "opts",
     same_sensitivity, {use_sensitivity}},
    {"accelsel_network_options_init", init_network, accelsel_network_options_size,
     sizeof(accelsel_network_options), ACCELSEL_NETWORK_OPTIONS_VERSION, "opts", same_network,
     {use_network_zoo, use_network_buffer, use_network_file}},
    {"accelsel_plot_panel_init", init_panel, accelsel_plot_panel_size, sizeof(accelsel_plot_panel),
     ACCELSEL_PLOT_PANEL_VERSION, "panel", same_panel, {use_panel}},
};
#define N_OPTIONS_CASES (sizeof options_cases / sizeof options_cases[0])

START_TEST(options_structs)
{
    const options_case *c = &options_cases[_i];
    union {
        max_align_t align;
        unsigned char bytes[512];
    } o;
    ck_assert_uint_le(c->struct_size, sizeof o.bytes);
    ck_assert_msg(c->size() == c->struct_size, "%s: _size() %zu, sizeof %zu", c->fn, c->size(),
                  c->struct_size);
    ck_assert_uint_ge(c->version, 1);
    memset(o.bytes, 0xa5, sizeof o.bytes);
    ok(c->init(o.bytes, c->version), c->fn);
    ck_assert_uint_eq(*(const unsigned int *)o.bytes, c->version);
    c->same_as_macro(o.bytes);

    prime_error();
    check_failure(c->fn, c->arg, c->init(NULL, c->version), ACCELSEL_EINVAL);
    const unsigned int unknown[] = {0, c->version + 1, 999, UINT32_MAX};
    for (size_t u = 0; u < 4; u++) {
        memset(o.bytes, 0xa5, sizeof o.bytes);
        prime_error();
        check_failure(c->fn, "version", c->init(o.bytes, unknown[u]), ACCELSEL_EVERSION);
        for (size_t b = 0; b < c->struct_size; b++)
            ck_assert_msg(o.bytes[b] == 0xa5, "%s: byte %zu written on failure", c->fn, b);
        for (size_t j = 0; j < 4 && c->use[j] != NULL; j++) {
            prime_error();
            int rc = c->use[j](unknown[u]);
            ck_assert_msg(rc == ACCELSEL_EVERSION, "%s: a user of the options given version %u: "
                          "status %d (%s)", c->fn, unknown[u], rc, accelsel_last_error()->message);
            ck_assert_int_eq(testutil_alloc_live(), F.live);
        }
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Failures other than NULL arguments leave out-pointers NULL too, record
 * their status with a message, and leak nothing. */

typedef struct {
    const char *fn;
    int (*call)(void);
    int want;
} failure_case;

#define FAIL(id, T, free_fn, call)                                                                 \
    static int id(void)                                                                            \
    {                                                                                              \
        REFUSED(T, free_fn, call)                                                                  \
    }

static const char nowhere[] = "/nonexistent-accelsel-api/in";
static const char *const unknown_col[] = {"n", "no_such_column"};
static const size_t bad_row[] = {0, NROWS}, twice[] = {1, 1};
static const double with_nan[] = {1, 2, NAN, 4, 5, 6};

FAIL(x_load_csv, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_csv(&o, nowhere, NULL))
FAIL(x_load_csv_buffer, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_csv_buffer(&o, "a,b\n1\n", 6, NULL))
FAIL(x_load_builtin, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_builtin(&o, "nope"))
FAIL(x_load_benchmark, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_load_benchmark(&o, "nope"))
FAIL(x_cross, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_cross_benchmark(&o, F.ds, NULL))
FAIL(x_filter_equal, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_equal(&o, F.ds, "no_such_column", "1"))
FAIL(x_filter_range, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_range(&o, F.ds, "accel", 0, 1))
FAIL(x_filter_expr, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_expr(&o, F.ds, "no equals sign"))
FAIL(x_select_rows, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_select_rows(&o, F.ds, bad_row, 2))
FAIL(x_select_columns, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_select_columns(&o, F.ds, twice, 2))
FAIL(x_derive, accelsel_dataset, accelsel_dataset_free, accelsel_dataset_derive(&o, F.ds, NULL))
FAIL(x_features_fit, accelsel_features, accelsel_features_free,
     accelsel_features_fit(&o, F.ds, unknown_col, NULL, 2, NULL))
FAIL(x_pca_fit, accelsel_pca, accelsel_pca_free, accelsel_pca_fit(&o, F.x, F.n, F.d, F.d + 1))
FAIL(x_importance_compute, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute(&o, F.ds, imp_cols, 2, "accel", NULL))
FAIL(x_importance_compute_features, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute_features(&o, F.ds, F.feat, "time", NULL))
FAIL(x_importance_compute_matrix, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute_matrix(&o, with_nan, 6, 1, col_n, NULL, NULL, NULL))
static int x_cluster_fit(void)
{
    accelsel_cluster_options co = cluster_opts();
    co.k = NROWS + 1;
    REFUSED(accelsel_cluster_model, accelsel_cluster_model_free,
            accelsel_cluster_fit(&o, F.x, F.n, F.d, &co))
}
FAIL(x_cluster_fit_dataset, accelsel_cluster_model, accelsel_cluster_model_free,
     accelsel_cluster_fit_dataset(&o, F.mlperf, F.feat, NULL))
FAIL(x_cluster_select_k, accelsel_cluster_selection, accelsel_cluster_selection_free,
     accelsel_cluster_select_k(&o, F.x, F.n, F.d, 2, NROWS + 1, ACCELSEL_KSELECT_CH, NULL))
FAIL(x_cluster_load_yaml_buffer, accelsel_cluster_model, accelsel_cluster_model_free,
     accelsel_cluster_model_load_yaml_buffer(&o, "x: 1\n", 5))
FAIL(x_cluster_load_yaml, accelsel_cluster_model, accelsel_cluster_model_free,
     accelsel_cluster_model_load_yaml(&o, nowhere))
static int x_criteria_parse(void)
{
    size_t n = 99;
    accelsel_criterion *o = SENTINEL;
    int rc = accelsel_criteria_parse(&o, &n, "time:x:cost");
    ck_assert_msg(o == NULL && n == 0, "criteria_parse: out %p, n %zu after status %d",
                  (void *)o, n, rc);
    return rc;
}
static const accelsel_criterion unknown_criterion[] = {{"no_such_column", 1, 1}};
FAIL(x_ranking_compute, accelsel_ranking, accelsel_ranking_free,
     accelsel_ranking_compute(&o, F.ds, unknown_criterion, 1, ACCELSEL_RANK_TOPSIS, NULL))
static int x_sensitivity_compute(void)
{
    accelsel_sensitivity_options so = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    so.perturbation = 1.5;
    REFUSED(accelsel_sensitivity, accelsel_sensitivity_free,
            accelsel_sensitivity_compute(&o, F.rank, &so, NULL, NULL))
}
FAIL(x_catalog_load_file, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_load_file(&o, nowhere))
FAIL(x_catalog_load_buffer, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_load_buffer(&o, "version: 2\n", 11))
FAIL(x_catalog_merge, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_merge(&o, F.cat, F.cat, 0))
FAIL(x_catalog_select, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_select(&o, F.cat, unknown_col + 1, 1))
static const accelsel_network_options bad_width = {ACCELSEL_NETWORK_OPTIONS_VERSION, 9, 0, 0};
FAIL(x_network_load_file, accelsel_network, accelsel_network_free,
     accelsel_network_load_file(&o, nowhere, NULL))
FAIL(x_network_load_buffer, accelsel_network, accelsel_network_free,
     accelsel_network_load_buffer(&o, "version: 1\nbogus: 1\n", 20, NULL))
FAIL(x_network_load_hf_file, accelsel_network, accelsel_network_free,
     accelsel_network_load_hf_file(&o, nowhere, NULL))
FAIL(x_network_load_hf_buffer, accelsel_network, accelsel_network_free,
     accelsel_network_load_hf_buffer(&o, "{\"model_type\": \"t5\"}", 21, NULL))
FAIL(x_network_load_zoo, accelsel_network, accelsel_network_free,
     accelsel_network_load_zoo(&o, "small-cnn", &bad_width))
FAIL(x_plot_svg, char, accelsel_free, accelsel_plot_svg(&o, NULL, &F.panel, 0))
static int x_save_csv(void)
{
    return accelsel_dataset_save_csv(F.ds, no_path);
}
static int x_cluster_save_yaml(void)
{
    return accelsel_cluster_model_save_yaml(F.km, no_path);
}
static int x_catalog_save_file(void)
{
    return accelsel_catalog_save_file(F.cat, no_path);
}
static int x_network_save_file(void)
{
    return accelsel_network_save_file(F.net, no_path);
}

/* NULL entries of arrays of names. */
static const char *const null_entry[] = {"n", NULL};
FAIL(x_features_fit_entry, accelsel_features, accelsel_features_free,
     accelsel_features_fit(&o, F.ds, null_entry, NULL, 2, NULL))
FAIL(x_importance_compute_entry, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute(&o, F.ds, null_entry, 2, "time", NULL))
FAIL(x_importance_matrix_entry, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute_matrix(&o, F.x, F.n, 2, col_power, null_entry, NULL, NULL))
FAIL(x_catalog_select_entry, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_select(&o, F.cat, null_entry + 1, 1))
static const accelsel_criterion null_column[] = {{NULL, 1, 1}};
FAIL(x_ranking_entry, accelsel_ranking, accelsel_ranking_free,
     accelsel_ranking_compute(&o, F.ds, null_column, 1, ACCELSEL_RANK_TOPSIS, NULL))
static int x_csv_categorical_entry(void)
{
    accelsel_csv_options opts = ACCELSEL_CSV_OPTIONS_INIT;
    opts.categorical = null_entry;
    opts.n_categorical = 2;
    REFUSED(accelsel_dataset, accelsel_dataset_free,
            accelsel_dataset_load_csv_buffer(&o, "n\n1\n", 4, &opts))
}
static int x_csv_missing_entry(void)
{
    accelsel_csv_options opts = ACCELSEL_CSV_OPTIONS_INIT;
    opts.missing = null_entry;
    opts.n_missing = 2;
    REFUSED(accelsel_dataset, accelsel_dataset_free,
            accelsel_dataset_load_csv_buffer(&o, "n\n1\n", 4, &opts))
}
static int x_derive_group_entry(void)
{
    accelsel_derive_options opts = ACCELSEL_DERIVE_OPTIONS_INIT;
    opts.group_columns = null_entry;
    opts.n_group_columns = 2;
    REFUSED(accelsel_dataset, accelsel_dataset_free, accelsel_dataset_derive(&o, F.mlperf, &opts))
}
static int x_plot_group_name_entry(void)
{
    static const int64_t groups[] = {0, 1, 1};
    accelsel_plot_panel panel = F.panel;
    panel.group = groups;
    panel.n_groups = 2;
    panel.group_names = null_entry + 1;
    REFUSED(char, accelsel_free, accelsel_plot_svg(&o, NULL, &panel, 1))
}

/* A progress callback that stops at once: the computation is canceled. */
static int stop(double fraction, void *payload)
{
    (void)fraction;
    (void)payload;
    return 1;
}
static int x_importance_canceled(void)
{
    accelsel_importance_options io = imp_opts();
    io.progress = stop;
    REFUSED(accelsel_importance, accelsel_importance_free,
            accelsel_importance_compute(&o, F.ds, imp_cols, 2, "time", &io))
}
static int x_cluster_canceled(void)
{
    accelsel_cluster_options co = cluster_opts();
    co.progress = stop;
    REFUSED(accelsel_cluster_model, accelsel_cluster_model_free,
            accelsel_cluster_fit_dataset(&o, F.ds, F.feat, &co))
}
static int x_select_k_canceled(void)
{
    accelsel_cluster_options co = cluster_opts();
    co.progress = stop;
    REFUSED(accelsel_cluster_selection, accelsel_cluster_selection_free,
            accelsel_cluster_select_k(&o, F.x, F.n, F.d, 2, 3, ACCELSEL_KSELECT_GAP, &co))
}
static int x_sensitivity_canceled(void)
{
    REFUSED(accelsel_sensitivity, accelsel_sensitivity_free,
            accelsel_sensitivity_compute(&o, F.rank, NULL, stop, NULL))
}

/* Boundaries the headers document, each with its documented status. */
#define ST(id, call)                                                                               \
    static int id(void)                                                                            \
    {                                                                                              \
        return (call);                                                                             \
    }
static double buf_out[BUF];
static const double nan_rows[4] = {0, 1, NAN, 1}, const_col[6] = {1, 1, 1, 1, 1, 1};
static const uint32_t bad_label[NROWS] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, NROWS};
static const uint32_t one_cluster[NROWS] = {0};
static const double k_dec[] = {1, 3, 2}, k_nan[] = {10, NAN, 1};
static const char *const repeated[] = {"n", "n"};
static const int log_transform[] = {ACCELSEL_TRANSFORM_LOG10}, bad_transform[] = {99};
static const char *const accel_col[] = {"accel"};
static const char *const n_col[] = {"n"};
FAIL(b_range_reversed, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_range(&o, F.ds, "n", 4, 1))
FAIL(b_range_nan, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_range(&o, F.ds, "n", NAN, 1))
FAIL(b_expr_empty_column, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_expr(&o, F.ds, "=5"))
FAIL(b_equal_not_number, accelsel_dataset, accelsel_dataset_free,
     accelsel_dataset_filter_equal(&o, F.ds, "n", "abc"))
ST(b_to_matrix_capacity, accelsel_dataset_to_matrix(F.ds, sel_idx, 2, buf_out, 2 * NROWS - 1))
ST(b_to_matrix_categorical, accelsel_dataset_to_matrix(F.ds, (const size_t[]){COL_ACCEL}, 1,
                                                       buf_out, BUF))
ST(b_add_wrong_length, accelsel_dataset_add_numeric(F.scratch, "v", col_n, NROWS - 1))
ST(b_add_empty_name, accelsel_dataset_add_numeric(F.scratch, "", col_n, NROWS))
ST(b_add_bad_utf8, accelsel_dataset_add_categorical(F.scratch, "v",
                                                    (const char *const[]){"\xff", "a", "a", "a",
                                                                          "a", "a", "a", "a", "a",
                                                                          "a", "a", "a"},
                                                    NROWS))
static int b_derive_reference(void)
{
    accelsel_derive_options opts = ACCELSEL_DERIVE_OPTIONS_INIT;
    opts.reference_row = -2;
    REFUSED(accelsel_dataset, accelsel_dataset_free, accelsel_dataset_derive(&o, F.mlperf, &opts))
}
static int b_derive_images(void)
{
    accelsel_derive_options opts = ACCELSEL_DERIVE_OPTIONS_INIT;
    opts.images_per_epoch = 0;
    REFUSED(accelsel_dataset, accelsel_dataset_free, accelsel_dataset_derive(&o, F.mlperf, &opts))
}
FAIL(b_fit_no_columns, accelsel_features, accelsel_features_free,
     accelsel_features_fit(&o, F.ds, feature_cols, NULL, 0, NULL))
FAIL(b_fit_repeated, accelsel_features, accelsel_features_free,
     accelsel_features_fit(&o, F.ds, repeated, NULL, 2, NULL))
FAIL(b_fit_log_categorical, accelsel_features, accelsel_features_free,
     accelsel_features_fit(&o, F.ds, accel_col, log_transform, 1, NULL))
FAIL(b_fit_bad_transform, accelsel_features, accelsel_features_free,
     accelsel_features_fit(&o, F.ds, n_col, bad_transform, 1, NULL))
static int b_fit_bad_policy(void)
{
    accelsel_features_options opts = ACCELSEL_FEATURES_OPTIONS_INIT;
    opts.missing = 7;
    REFUSED(accelsel_features, accelsel_features_free,
            accelsel_features_fit(&o, F.ds, n_col, NULL, 1, &opts))
}
static int b_transform_capacity(void)
{
    size_t n;
    return accelsel_features_transform(F.feat, F.ds, buf_out, NROWS * F.d - 1, &n, NULL);
}
static int b_transform_no_column(void)
{
    size_t n;
    return accelsel_features_transform(F.feat, F.scratch, buf_out, BUF, &n, NULL);
}
FAIL(b_pca_one_row, accelsel_pca, accelsel_pca_free, accelsel_pca_fit(&o, F.x, 1, F.d, 0))
FAIL(b_pca_no_column, accelsel_pca, accelsel_pca_free, accelsel_pca_fit(&o, F.x, F.n, 0, 0))
FAIL(b_pca_nan, accelsel_pca, accelsel_pca_free, accelsel_pca_fit(&o, nan_rows, 2, 2, 0))
ST(b_pca_transform_cols, accelsel_pca_transform(F.pca, F.x, 1, F.d - 1, buf_out, BUF))
ST(b_pca_transform_capacity, accelsel_pca_transform(F.pca, F.x, F.n, F.d, buf_out, 1))
FAIL(b_importance_no_columns, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute(&o, F.ds, imp_cols, 0, "time", NULL))
FAIL(b_importance_target_feature, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute(&o, F.ds, imp_cols, 2, "power", NULL))
FAIL(b_importance_unknown_target, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute(&o, F.ds, imp_cols, 2, "no_such_column", NULL))
FAIL(b_matrix_no_cols, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute_matrix(&o, F.x, F.n, 0, col_n, NULL, NULL, NULL))
FAIL(b_matrix_repeated_names, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute_matrix(&o, F.x, F.n, 2, col_n, repeated, NULL, NULL))
FAIL(b_matrix_one_row, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute_matrix(&o, F.x, 1, 2, col_n, NULL, NULL, NULL))
FAIL(b_matrix_constant, accelsel_importance, accelsel_importance_free,
     accelsel_importance_compute_matrix(&o, const_col, 6, 1, col_n, NULL, NULL, NULL))
static int b_predict_cols(void)
{
    return accelsel_importance_predict(F.imp, F.x, 1, accelsel_importance_n_features(F.imp) + 1,
                                       buf_out, BUF);
}
static int b_predict_without_forest(void)
{
    accelsel_importance_options io = imp_opts();
    io.measures = ACCELSEL_IMPORTANCE_CORRELATION;
    accelsel_importance *imp = NULL;
    ok(accelsel_importance_compute_matrix(&imp, F.x, F.n, 2, col_power, NULL, NULL, &io), "corr");
    int rc = accelsel_importance_predict(imp, F.x, 1, 2, buf_out, BUF);
    accelsel_importance_free(imp);
    return rc;
}
static int b_predict_dataset_of_matrix(void)
{
    accelsel_importance_options io = imp_opts();
    accelsel_importance *imp = NULL;
    ok(accelsel_importance_compute_matrix(&imp, F.x, F.n, 2, col_power, NULL, NULL, &io), "fit");
    size_t n;
    int rc = accelsel_importance_predict_dataset(imp, F.ds, buf_out, BUF, &n, NULL);
    accelsel_importance_free(imp);
    return rc;
}
static int b_value_unknown_feature(void)
{
    double v;
    return accelsel_importance_value_by_name(F.imp, ACCELSEL_MEASURE_PEARSON, "nope", &v);
}
static int b_feature_index_unknown(void)
{
    size_t j;
    return accelsel_importance_feature_index(F.imp, "nope", &j);
}
static int cluster_with(uint32_t algorithm, uint32_t k, uint32_t n_init, double tol, size_t n,
                        size_t d, const double *x)
{
    accelsel_cluster_options co = cluster_opts();
    co.algorithm = algorithm;
    co.k = k;
    co.n_init = n_init;
    co.tol = tol;
    REFUSED(accelsel_cluster_model, accelsel_cluster_model_free,
            accelsel_cluster_fit(&o, x, n, d, &co))
}
#define KM ACCELSEL_CLUSTER_KMEANS
ST(b_cluster_d0, cluster_with(KM, 2, 1, 0, F.n, 0, F.x))
ST(b_cluster_n0, cluster_with(KM, 2, 1, 0, 0, F.d, F.x))
ST(b_cluster_k0, cluster_with(KM, 0, 1, 0, F.n, F.d, F.x))
ST(b_cluster_n_init0, cluster_with(KM, 2, 0, 0, F.n, F.d, F.x))
ST(b_cluster_tol, cluster_with(KM, 2, 1, -1, F.n, F.d, F.x))
ST(b_cluster_algorithm, cluster_with(9, 2, 1, 0, F.n, F.d, F.x))
ST(b_cluster_nan, cluster_with(KM, 1, 1, 0, 2, 2, nan_rows))
ST(b_cluster_duplicates, cluster_with(KM, 2, 1, 0, 2, 1, (const double[]){1, 1}))
static int b_silhouette_max(void)
{
    accelsel_cluster_options co = cluster_opts();
    co.silhouette_max = 1;
    REFUSED(accelsel_cluster_model, accelsel_cluster_model_free,
            accelsel_cluster_fit(&o, F.x, F.n, F.d, &co))
}
static int b_gap_references(void)
{
    accelsel_cluster_options co = cluster_opts();
    co.gap_references = 0;
    REFUSED(accelsel_cluster_model, accelsel_cluster_model_free,
            accelsel_cluster_fit(&o, F.x, F.n, F.d, &co))
}
static int b_cluster_predict(size_t n, size_t d, const double *x)
{
    uint32_t labels[NROWS];
    return accelsel_cluster_model_predict(F.km, x, n, d, labels);
}
ST(b_predict_wrong_d, b_cluster_predict(1, F.d + 1, F.x))
ST(b_predict_n0, b_cluster_predict(0, F.d, F.x))
static int b_predict_nan(void)
{
    double x[BUF];
    memcpy(x, F.x, F.d * sizeof *x);
    x[1] = NAN;
    return b_cluster_predict(1, F.d, x);
}
static int b_predict_dataset_matrix_model(void)
{
    uint32_t labels[NROWS];
    size_t n;
    return accelsel_cluster_model_predict_dataset(F.ward, F.ds, labels, NROWS, &n, NULL);
}
static int b_predict_dataset_capacity(void)
{
    uint32_t labels[NROWS];
    size_t n;
    return accelsel_cluster_model_predict_dataset(F.km, F.ds, labels, NROWS - 1, &n, NULL);
}
static int b_silhouette(size_t n, size_t d, const uint32_t *labels)
{
    double v;
    return accelsel_cluster_silhouette(F.x, n, d, labels, NULL, &v);
}
ST(b_silhouette_n0, b_silhouette(0, F.d, one_cluster))
ST(b_silhouette_d0, b_silhouette(F.n, 0, one_cluster))
ST(b_silhouette_label, b_silhouette(F.n, F.d, bad_label))
ST(b_silhouette_one_cluster, b_silhouette(F.n, F.d, one_cluster))
static int b_ch_one_cluster(void)
{
    double v;
    return accelsel_cluster_calinski_harabasz(F.x, F.n, F.d, one_cluster, &v);
}
static int b_db_label(void)
{
    double v;
    return accelsel_cluster_davies_bouldin(F.x, F.n, F.d, bad_label, &v);
}
static int b_elbow(const double *k, const double *v, size_t n)
{
    size_t i;
    return accelsel_cluster_elbow(k, v, n, &i);
}
ST(b_elbow_two, b_elbow(elbow_k, elbow_v, 2))
ST(b_elbow_decreasing_k, b_elbow(k_dec, elbow_v, 3))
ST(b_elbow_nan, b_elbow(elbow_k, k_nan, 3))
static int b_select(uint32_t k_min, uint32_t k_max, int criterion, const double *init)
{
    accelsel_cluster_options co = cluster_opts();
    co.init = init;
    REFUSED(accelsel_cluster_selection, accelsel_cluster_selection_free,
            accelsel_cluster_select_k(&o, F.x, F.n, F.d, k_min, k_max, criterion, &co))
}
ST(b_select_k_min0, b_select(0, 3, ACCELSEL_KSELECT_CH, NULL))
ST(b_select_reversed, b_select(3, 2, ACCELSEL_KSELECT_CH, NULL))
ST(b_select_criterion, b_select(2, 3, 9, NULL))
ST(b_select_elbow_two, b_select(2, 3, ACCELSEL_KSELECT_ELBOW, NULL))
ST(b_select_silhouette_k1, b_select(1, 1, ACCELSEL_KSELECT_SILHOUETTE, NULL))
ST(b_select_init, b_select(2, 3, ACCELSEL_KSELECT_CH, F.x))
static int b_rank(const accelsel_criterion *c, size_t n, int method, uint32_t missing,
                  uint32_t fronts, const accelsel_dataset *ds)
{
    accelsel_rank_options ro = ACCELSEL_RANK_OPTIONS_INIT;
    ro.missing = missing;
    ro.pareto_fronts = fronts;
    REFUSED(accelsel_ranking, accelsel_ranking_free,
            accelsel_ranking_compute(&o, ds, c, n, method, &ro))
}
#define TOPSIS ACCELSEL_RANK_TOPSIS
static const accelsel_criterion crit_direction[] = {{"time", 1, 7}};
static const accelsel_criterion crit_nan[] = {{"time", NAN, 2}};
static const accelsel_criterion crit_negative[] = {{"time", -1, 2}};
static const accelsel_criterion crit_infinite[] = {{"time", INFINITY, 2}};
static const accelsel_criterion crit_zero[] = {{"time", 0, 2}, {"n", 0, 2}};
static const accelsel_criterion crit_twice[] = {{"time", 1, 2}, {"time", 1, 2}};
static const accelsel_criterion crit_categorical[] = {{"accel", 1, 2}};
ST(b_rank_none, b_rank(crit_twice, 0, TOPSIS, 0, 0, F.ds))
ST(b_rank_method, b_rank(crit_twice, 1, 9, 0, 0, F.ds))
ST(b_rank_direction, b_rank(crit_direction, 1, TOPSIS, 0, 0, F.ds))
ST(b_rank_nan, b_rank(crit_nan, 1, TOPSIS, 0, 0, F.ds))
ST(b_rank_negative, b_rank(crit_negative, 1, TOPSIS, 0, 0, F.ds))
ST(b_rank_infinite, b_rank(crit_infinite, 1, TOPSIS, 0, 0, F.ds))
ST(b_rank_zero, b_rank(crit_zero, 2, TOPSIS, 0, 0, F.ds))
ST(b_rank_twice, b_rank(crit_twice, 2, TOPSIS, 0, 0, F.ds))
ST(b_rank_missing, b_rank(crit_twice, 1, TOPSIS, 5, 0, F.ds))
ST(b_rank_fronts, b_rank(crit_twice, 1, TOPSIS, 0, 2, F.ds))
ST(b_rank_categorical, b_rank(crit_categorical, 1, TOPSIS, 0, 0, F.ds))
static int b_rank_no_rows(void)
{
    accelsel_dataset *empty = NULL;
    ok(accelsel_dataset_select_rows(&empty, F.ds, NULL, 0), "empty");
    int rc = b_rank(crit_twice, 1, TOPSIS, 0, 0, empty);
    accelsel_dataset_free(empty);
    return rc;
}
static int b_kendall(const double *x, const double *y, size_t n)
{
    double tau;
    return accelsel_kendall_tau_b(x, y, n, &tau);
}
ST(b_kendall_one, b_kendall(col_n, col_time, 1))
ST(b_kendall_nan, b_kendall(nan_rows, col_time, 4))
ST(b_kendall_constant, b_kendall(const_col, col_time, 6))
static int b_sensitivity(uint32_t n_samples, double perturbation)
{
    accelsel_sensitivity_options so = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    so.n_samples = n_samples;
    so.perturbation = perturbation;
    so.n_threads = 1;
    REFUSED(accelsel_sensitivity, accelsel_sensitivity_free,
            accelsel_sensitivity_compute(&o, F.rank, &so, NULL, NULL))
}
ST(b_sensitivity_samples, b_sensitivity(0, 0.2))
ST(b_sensitivity_nan, b_sensitivity(10, NAN))
static int b_sensitivity_one_row(void)
{
    accelsel_dataset *one = NULL;
    accelsel_ranking *r = NULL;
    ok(accelsel_dataset_select_rows(&one, F.ds, sel_idx, 1), "one row");
    ok(accelsel_ranking_compute(&r, one, F.crit, F.n_crit, TOPSIS, NULL), "rank");
    accelsel_sensitivity *o = SENTINEL;
    int rc = accelsel_sensitivity_compute(&o, r, NULL, NULL, NULL);
    ck_assert_ptr_null(o);
    accelsel_ranking_free(r);
    accelsel_dataset_free(one);
    return rc;
}
static int b_criteria(const char *text)
{
    size_t n = 9;
    accelsel_criterion *o = SENTINEL;
    int rc = accelsel_criteria_parse(&o, &n, text);
    ck_assert(o == NULL && n == 0);
    return rc;
}
ST(b_criteria_empty, b_criteria(""))
ST(b_criteria_negative, b_criteria("a:-1:cost"))
ST(b_criteria_direction, b_criteria("a:1:cheap"))
static int b_method_case(void)
{
    int m = 77;
    int rc = accelsel_rank_method_from_name("TOPSIS", &m);
    ck_assert_int_eq(m, 77);
    return rc;
}
FAIL(b_merge_flags, accelsel_catalog, accelsel_catalog_free,
     accelsel_catalog_merge(&o, F.cat, F.cat, 4))
static int b_find_unknown(void)
{
    size_t i = 77;
    int rc = accelsel_catalog_find_device(F.cat, "no-such-device", &i);
    ck_assert_uint_eq(i, 77);
    return rc;
}
static int b_link_same_slot(void)
{
    size_t l;
    return accelsel_catalog_system_link(F.cat, F.system, 1, 1, &l);
}
static int b_zoo_width(void)
{
    accelsel_network_options no = ACCELSEL_NETWORK_OPTIONS_INIT;
    no.bytes_per_element = 0;
    REFUSED(accelsel_network, accelsel_network_free,
            accelsel_network_load_zoo(&o, "small-cnn", &no))
}
static int b_layer_unknown(void)
{
    size_t i;
    return accelsel_network_layer_index(F.net, "no-such-layer", &i);
}
static int b_column_unknown(void)
{
    size_t col = 7;
    int rc = accelsel_dataset_column_index(F.ds, "tim", &col);
    ck_assert_uint_eq(col, SIZE_MAX);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'time'"));
    return rc;
}
static int b_plot(uint32_t kind, size_t n_panels, const int64_t *group)
{
    accelsel_plot_panel panels[17];
    for (size_t i = 0; i < 17; i++)
        panels[i] = F.panel;
    panels[0].kind = kind;
    panels[0].group = group;
    REFUSED(char, accelsel_free, accelsel_plot_svg(&o, NULL, panels, n_panels))
}
ST(b_plot_panels, b_plot(ACCELSEL_PLOT_SCATTER, 17, NULL))
ST(b_plot_kind, b_plot(9, 1, NULL))
ST(b_plot_group, b_plot(ACCELSEL_PLOT_SCATTER, 1, (const int64_t[]){0, 1, 0}))

#define EP ACCELSEL_EPARSE
#define NF ACCELSEL_ENOTFOUND
#define EIO_ ACCELSEL_EIO
static const failure_case failure_cases[] = {
    {"accelsel_dataset_load_csv", x_load_csv, EIO_},
    {"accelsel_dataset_load_csv_buffer", x_load_csv_buffer, EP},
    {"accelsel_dataset_load_builtin", x_load_builtin, NF},
    {"accelsel_dataset_load_benchmark", x_load_benchmark, NF},
    {"accelsel_dataset_cross_benchmark", x_cross, NF},
    {"accelsel_dataset_filter_equal", x_filter_equal, NF},
    {"accelsel_dataset_filter_range", x_filter_range, ACCELSEL_ETYPE},
    {"accelsel_dataset_filter_expr", x_filter_expr, EP},
    {"accelsel_dataset_select_rows", x_select_rows, EI},
    {"accelsel_dataset_select_columns", x_select_columns, EI},
    {"accelsel_dataset_derive", x_derive, NF},
    {"accelsel_features_fit", x_features_fit, NF},
    {"accelsel_pca_fit", x_pca_fit, EI},
    {"accelsel_importance_compute", x_importance_compute, ACCELSEL_ETYPE},
    {"accelsel_importance_compute_features", x_importance_compute_features, EI},
    {"accelsel_importance_compute_matrix", x_importance_compute_matrix, ACCELSEL_EDATA},
    {"accelsel_cluster_fit", x_cluster_fit, EI},
    {"accelsel_cluster_fit_dataset", x_cluster_fit_dataset, NF},
    {"accelsel_cluster_select_k", x_cluster_select_k, EI},
    {"accelsel_cluster_model_load_yaml_buffer", x_cluster_load_yaml_buffer, EP},
    {"accelsel_cluster_model_load_yaml", x_cluster_load_yaml, EIO_},
    {"accelsel_criteria_parse", x_criteria_parse, EP},
    {"accelsel_ranking_compute", x_ranking_compute, NF},
    {"accelsel_sensitivity_compute", x_sensitivity_compute, EI},
    {"accelsel_catalog_load_file", x_catalog_load_file, EIO_},
    {"accelsel_catalog_load_buffer", x_catalog_load_buffer, ACCELSEL_EVERSION},
    {"accelsel_catalog_merge", x_catalog_merge, EI},
    {"accelsel_catalog_select", x_catalog_select, NF},
    {"accelsel_network_load_file", x_network_load_file, EIO_},
    {"accelsel_network_load_buffer", x_network_load_buffer, EP},
    {"accelsel_network_load_hf_file", x_network_load_hf_file, EIO_},
    {"accelsel_network_load_hf_buffer", x_network_load_hf_buffer, EP},
    {"accelsel_network_load_zoo", x_network_load_zoo, EI},
    {"accelsel_plot_svg", x_plot_svg, EI},
    {"accelsel_dataset_save_csv", x_save_csv, EIO_},
    {"accelsel_cluster_model_save_yaml", x_cluster_save_yaml, EIO_},
    {"accelsel_catalog_save_file", x_catalog_save_file, EIO_},
    {"accelsel_network_save_file", x_network_save_file, EIO_},
    {"accelsel_features_fit(columns[1] NULL)", x_features_fit_entry, EI},
    {"accelsel_importance_compute(feature_columns[1] NULL)", x_importance_compute_entry, EI},
    {"accelsel_importance_compute_matrix(names[1] NULL)", x_importance_matrix_entry, EI},
    {"accelsel_catalog_select(names[0] NULL)", x_catalog_select_entry, EI},
    {"accelsel_ranking_compute(criteria[0].column NULL)", x_ranking_entry, EI},
    {"accelsel_dataset_load_csv_buffer(categorical[1] NULL)", x_csv_categorical_entry, EI},
    {"accelsel_dataset_load_csv_buffer(missing[1] NULL)", x_csv_missing_entry, EI},
    {"accelsel_dataset_derive(group_columns[1] NULL)", x_derive_group_entry, EI},
    {"accelsel_plot_svg(group_names[0] NULL)", x_plot_group_name_entry, EI},
    {"accelsel_importance_compute (canceled)", x_importance_canceled, ACCELSEL_ECANCELED},
    {"accelsel_cluster_fit_dataset (canceled)", x_cluster_canceled, ACCELSEL_ECANCELED},
    {"accelsel_cluster_select_k (canceled)", x_select_k_canceled, ACCELSEL_ECANCELED},
    {"accelsel_sensitivity_compute (canceled)", x_sensitivity_canceled, ACCELSEL_ECANCELED},
    {"accelsel_dataset_filter_range (min > max)", b_range_reversed, EI},
    {"accelsel_dataset_filter_range (NaN)", b_range_nan, EI},
    {"accelsel_dataset_filter_expr (empty column)", b_expr_empty_column, EP},
    {"accelsel_dataset_filter_equal (not a number)", b_equal_not_number, EI},
    {"accelsel_dataset_to_matrix (capacity)", b_to_matrix_capacity, EI},
    {"accelsel_dataset_to_matrix (categorical)", b_to_matrix_categorical, ACCELSEL_ETYPE},
    {"accelsel_dataset_add_numeric (n != rows)", b_add_wrong_length, EI},
    {"accelsel_dataset_add_numeric (empty name)", b_add_empty_name, EI},
    {"accelsel_dataset_add_categorical (bad UTF-8)", b_add_bad_utf8, EI},
    {"accelsel_dataset_derive (reference_row -2)", b_derive_reference, EI},
    {"accelsel_dataset_derive (images_per_epoch 0)", b_derive_images, EI},
    {"accelsel_dataset_column_index (unknown)", b_column_unknown, NF},
    {"accelsel_features_fit (no columns)", b_fit_no_columns, EI},
    {"accelsel_features_fit (repeated)", b_fit_repeated, EI},
    {"accelsel_features_fit (log10 of categorical)", b_fit_log_categorical, ACCELSEL_ETYPE},
    {"accelsel_features_fit (unknown transform)", b_fit_bad_transform, EI},
    {"accelsel_features_fit (unknown policy)", b_fit_bad_policy, EI},
    {"accelsel_features_transform (capacity)", b_transform_capacity, EI},
    {"accelsel_features_transform (no column)", b_transform_no_column, NF},
    {"accelsel_pca_fit (one row)", b_pca_one_row, ACCELSEL_EEMPTY},
    {"accelsel_pca_fit (no column)", b_pca_no_column, ACCELSEL_EEMPTY},
    {"accelsel_pca_fit (NaN)", b_pca_nan, ACCELSEL_EDATA},
    {"accelsel_pca_transform (cols)", b_pca_transform_cols, EI},
    {"accelsel_pca_transform (capacity)", b_pca_transform_capacity, EI},
    {"accelsel_importance_compute (no columns)", b_importance_no_columns, EI},
    {"accelsel_importance_compute (target a feature)", b_importance_target_feature, EI},
    {"accelsel_importance_compute (unknown target)", b_importance_unknown_target, NF},
    {"accelsel_importance_compute_matrix (cols 0)", b_matrix_no_cols, EI},
    {"accelsel_importance_compute_matrix (repeated names)", b_matrix_repeated_names, EI},
    {"accelsel_importance_compute_matrix (one row)", b_matrix_one_row, ACCELSEL_EEMPTY},
    {"accelsel_importance_compute_matrix (constant)", b_matrix_constant, ACCELSEL_EDATA},
    {"accelsel_importance_predict (cols)", b_predict_cols, EI},
    {"accelsel_importance_predict (no forest)", b_predict_without_forest, EI},
    {"accelsel_importance_predict_dataset (matrix result)", b_predict_dataset_of_matrix, EI},
    {"accelsel_importance_value_by_name (unknown)", b_value_unknown_feature, NF},
    {"accelsel_importance_feature_index (unknown)", b_feature_index_unknown, NF},
    {"accelsel_cluster_fit (d 0)", b_cluster_d0, EI},
    {"accelsel_cluster_fit (n 0)", b_cluster_n0, ACCELSEL_EEMPTY},
    {"accelsel_cluster_fit (k 0)", b_cluster_k0, EI},
    {"accelsel_cluster_fit (n_init 0)", b_cluster_n_init0, EI},
    {"accelsel_cluster_fit (tol -1)", b_cluster_tol, EI},
    {"accelsel_cluster_fit (algorithm)", b_cluster_algorithm, EI},
    {"accelsel_cluster_fit (NaN)", b_cluster_nan, ACCELSEL_EDATA},
    {"accelsel_cluster_fit (duplicates)", b_cluster_duplicates, ACCELSEL_EDATA},
    {"accelsel_cluster_fit (silhouette_max 1)", b_silhouette_max, EI},
    {"accelsel_cluster_fit (gap_references 0)", b_gap_references, EI},
    {"accelsel_cluster_model_predict (d)", b_predict_wrong_d, EI},
    {"accelsel_cluster_model_predict (n 0)", b_predict_n0, ACCELSEL_EEMPTY},
    {"accelsel_cluster_model_predict (NaN)", b_predict_nan, ACCELSEL_EDATA},
    {"accelsel_cluster_model_predict_dataset (matrix model)", b_predict_dataset_matrix_model, EI},
    {"accelsel_cluster_model_predict_dataset (capacity)", b_predict_dataset_capacity, EI},
    {"accelsel_cluster_silhouette (n 0)", b_silhouette_n0, ACCELSEL_EEMPTY},
    {"accelsel_cluster_silhouette (d 0)", b_silhouette_d0, EI},
    {"accelsel_cluster_silhouette (label)", b_silhouette_label, EI},
    {"accelsel_cluster_silhouette (one cluster)", b_silhouette_one_cluster, ACCELSEL_EDATA},
    {"accelsel_cluster_calinski_harabasz (one cluster)", b_ch_one_cluster, ACCELSEL_EDATA},
    {"accelsel_cluster_davies_bouldin (label)", b_db_label, EI},
    {"accelsel_cluster_elbow (two points)", b_elbow_two, EI},
    {"accelsel_cluster_elbow (k decreasing)", b_elbow_decreasing_k, EI},
    {"accelsel_cluster_elbow (NaN)", b_elbow_nan, ACCELSEL_EDATA},
    {"accelsel_cluster_select_k (k_min 0)", b_select_k_min0, EI},
    {"accelsel_cluster_select_k (k_max < k_min)", b_select_reversed, EI},
    {"accelsel_cluster_select_k (criterion)", b_select_criterion, EI},
    {"accelsel_cluster_select_k (elbow of two)", b_select_elbow_two, EI},
    {"accelsel_cluster_select_k (silhouette k 1)", b_select_silhouette_k1, EI},
    {"accelsel_cluster_select_k (init)", b_select_init, EI},
    {"accelsel_ranking_compute (n_criteria 0)", b_rank_none, EI},
    {"accelsel_ranking_compute (method)", b_rank_method, EI},
    {"accelsel_ranking_compute (direction)", b_rank_direction, EI},
    {"accelsel_ranking_compute (NaN weight)", b_rank_nan, EI},
    {"accelsel_ranking_compute (negative weight)", b_rank_negative, EI},
    {"accelsel_ranking_compute (infinite weight)", b_rank_infinite, EI},
    {"accelsel_ranking_compute (all weights 0)", b_rank_zero, EI},
    {"accelsel_ranking_compute (column twice)", b_rank_twice, EI},
    {"accelsel_ranking_compute (missing policy)", b_rank_missing, EI},
    {"accelsel_ranking_compute (pareto_fronts 2)", b_rank_fronts, EI},
    {"accelsel_ranking_compute (categorical)", b_rank_categorical, ACCELSEL_ETYPE},
    {"accelsel_ranking_compute (no rows)", b_rank_no_rows, ACCELSEL_EEMPTY},
    {"accelsel_kendall_tau_b (n 1)", b_kendall_one, EI},
    {"accelsel_kendall_tau_b (NaN)", b_kendall_nan, ACCELSEL_EDATA},
    {"accelsel_kendall_tau_b (constant)", b_kendall_constant, ACCELSEL_EDATA},
    {"accelsel_sensitivity_compute (n_samples 0)", b_sensitivity_samples, EI},
    {"accelsel_sensitivity_compute (NaN perturbation)", b_sensitivity_nan, EI},
    {"accelsel_sensitivity_compute (one ranked row)", b_sensitivity_one_row, ACCELSEL_EDATA},
    {"accelsel_criteria_parse (empty)", b_criteria_empty, EP},
    {"accelsel_criteria_parse (negative weight)", b_criteria_negative, EI},
    {"accelsel_criteria_parse (direction)", b_criteria_direction, EP},
    {"accelsel_rank_method_from_name (upper case)", b_method_case, NF},
    {"accelsel_catalog_merge (unknown flag)", b_merge_flags, EI},
    {"accelsel_catalog_find_device (unknown)", b_find_unknown, NF},
    {"accelsel_catalog_system_link (same slot)", b_link_same_slot, NF},
    {"accelsel_network_load_zoo (bytes_per_element 0)", b_zoo_width, EI},
    {"accelsel_network_layer_index (unknown)", b_layer_unknown, NF},
    {"accelsel_plot_svg (17 panels)", b_plot_panels, EI},
    {"accelsel_plot_svg (kind)", b_plot_kind, EI},
    {"accelsel_plot_svg (group out of range)", b_plot_group, EI},
};
#define N_FAILURE_CASES (sizeof failure_cases / sizeof failure_cases[0])

START_TEST(other_failures)
{
    const failure_case *c = &failure_cases[_i];
    prime_error();
    int rc = c->call();
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == c->want, "%s: status %d (%s), want %d", c->fn, rc, e->message, c->want);
    ck_assert_int_eq(e->code, rc);
    ck_assert_msg(e->message[0] != '\0' && !strstr(e->message, "zz-primed"),
                  "%s recorded no message of its own", c->fn);
    ck_assert_msg(strchr(e->message, '\n') == NULL, "%s: message is not one line", c->fn);
    ck_assert_msg(testutil_alloc_live() == F.live, "%s: %ld blocks live, want %ld", c->fn,
                  testutil_alloc_live(), F.live);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Structs the library fills: _size() is sizeof, and each filled struct
 * carries the version of this header. */

START_TEST(filled_structs)
{
    ck_assert_uint_eq(accelsel_device_info_size(), sizeof(accelsel_device_info));
    ck_assert_uint_eq(accelsel_design_info_size(), sizeof(accelsel_design_info));
    ck_assert_uint_eq(accelsel_link_info_size(), sizeof(accelsel_link_info));
    ck_assert_uint_eq(accelsel_system_info_size(), sizeof(accelsel_system_info));
    ck_assert_uint_eq(accelsel_slot_info_size(), sizeof(accelsel_slot_info));
    ck_assert_uint_eq(accelsel_layer_info_size(), sizeof(accelsel_layer_info));
    ck_assert_uint_eq(accelsel_network_totals_size(), sizeof(accelsel_network_totals));
    ck_assert_uint_eq(accelsel_transformer_info_size(), sizeof(accelsel_transformer_info));
    ck_assert_uint_eq(accelsel_catalog_device(F.cat, 0)->version, ACCELSEL_DEVICE_INFO_VERSION);
    ck_assert_uint_eq(accelsel_catalog_design(F.cat, 0)->version, ACCELSEL_DESIGN_INFO_VERSION);
    ck_assert_uint_eq(accelsel_catalog_link(F.cat, 0)->version, ACCELSEL_LINK_INFO_VERSION);
    ck_assert_uint_eq(accelsel_catalog_system(F.cat, F.system)->version,
                      ACCELSEL_SYSTEM_INFO_VERSION);
    ck_assert_uint_eq(accelsel_catalog_system_slot(F.cat, F.system, 0)->version,
                      ACCELSEL_SLOT_INFO_VERSION);
    ck_assert_uint_eq(accelsel_network_layer(F.net, 0)->version, ACCELSEL_LAYER_INFO_VERSION);
    ck_assert_uint_eq(accelsel_network_get_totals(F.net)->version,
                      ACCELSEL_NETWORK_TOTALS_VERSION);
    ck_assert_uint_eq(accelsel_network_get_recipe(F.net)->version,
                      ACCELSEL_NETWORK_RECIPE_VERSION);
    accelsel_network *hf = NULL;
    ok(accelsel_network_load_hf_file(&hf, F.hf_path, NULL), "hf file");
    ck_assert_uint_eq(accelsel_network_get_transformer(hf)->version,
                      ACCELSEL_TRANSFORMER_INFO_VERSION);
    accelsel_network_free(hf);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Functions from a number to static text: every valid value gives distinct,
 * non-empty text; the values around the valid range give the documented
 * result (NULL, or a fixed text). */

typedef struct {
    const char *fn;
    const char *(*name)(long long v);
    long long lo, hi; /* valid values; hi < lo: from lo until the first NULL */
    const char *bad;  /* result outside the range: NULL or this text */
} name_case;

#define N_WRAP(fn, T)                                                                              \
    static const char *n_##fn(long long v)                                                         \
    {                                                                                              \
        return fn((T)v);                                                                           \
    }
N_WRAP(accelsel_strerror, int)
N_WRAP(accelsel_status_name, int)
N_WRAP(accelsel_dataset_builtin_name, size_t)
N_WRAP(accelsel_dataset_builtin_description, size_t)
N_WRAP(accelsel_network_zoo_name, size_t)
N_WRAP(accelsel_network_zoo_description, size_t)
N_WRAP(accelsel_precision_name, int)
N_WRAP(accelsel_device_kind_name, int)
N_WRAP(accelsel_dataflow_name, int)
N_WRAP(accelsel_importance_measure_name, int)
N_WRAP(accelsel_rank_method_name, int)
N_WRAP(accelsel_rank_method_title, int)
N_WRAP(accelsel_kselect_name, int)
N_WRAP(accelsel_cluster_score_name, int)
N_WRAP(accelsel_cluster_algorithm_name, uint32_t)
N_WRAP(accelsel_recipe_source_name, uint32_t)
N_WRAP(accelsel_stack_name, int32_t)
N_WRAP(accelsel_correction_source_name, uint32_t)
N_WRAP(accelsel_error_group_name, uint32_t)
N_WRAP(accelsel_price_basis_name, int32_t)
N_WRAP(accelsel_sale_name, int32_t)

static const name_case name_cases[] = {
    {"accelsel_strerror", n_accelsel_strerror, ACCELSEL_EDATA, ACCELSEL_OK, "unknown error"},
    {"accelsel_status_name", n_accelsel_status_name, ACCELSEL_EDATA, ACCELSEL_OK,
     "ACCELSEL_UNKNOWN"},
    {"accelsel_dataset_builtin_name", n_accelsel_dataset_builtin_name, 0, -1, NULL},
    {"accelsel_dataset_builtin_description", n_accelsel_dataset_builtin_description, 0, -1, NULL},
    {"accelsel_network_zoo_name", n_accelsel_network_zoo_name, 0, -1, NULL},
    {"accelsel_network_zoo_description", n_accelsel_network_zoo_description, 0, -1, NULL},
    {"accelsel_precision_name", n_accelsel_precision_name, 0, ACCELSEL_PRECISION_COUNT - 1, NULL},
    {"accelsel_device_kind_name", n_accelsel_device_kind_name, ACCELSEL_DEVICE_CPU,
     ACCELSEL_DEVICE_FPGA, NULL},
    {"accelsel_dataflow_name", n_accelsel_dataflow_name, ACCELSEL_DATAFLOW_WEIGHT_STATIONARY,
     ACCELSEL_DATAFLOW_TILED, NULL},
    {"accelsel_importance_measure_name", n_accelsel_importance_measure_name,
     ACCELSEL_MEASURE_PEARSON, ACCELSEL_MEASURE_COUNT, NULL},
    {"accelsel_rank_method_name", n_accelsel_rank_method_name, ACCELSEL_RANK_TOPSIS,
     ACCELSEL_RANK_PARETO, NULL},
    {"accelsel_rank_method_title", n_accelsel_rank_method_title, ACCELSEL_RANK_TOPSIS,
     ACCELSEL_RANK_PARETO, NULL},
    {"accelsel_kselect_name", n_accelsel_kselect_name, ACCELSEL_KSELECT_SILHOUETTE,
     ACCELSEL_KSELECT_GAP, NULL},
    {"accelsel_cluster_score_name", n_accelsel_cluster_score_name, ACCELSEL_SCORE_INERTIA,
     ACCELSEL_SCORE_GAP_SE, NULL},
    {"accelsel_cluster_algorithm_name", n_accelsel_cluster_algorithm_name,
     ACCELSEL_CLUSTER_KMEANS, ACCELSEL_CLUSTER_WARD, NULL},
    {"accelsel_recipe_source_name", n_accelsel_recipe_source_name, ACCELSEL_RECIPE_FROM_REQUEST,
     ACCELSEL_RECIPE_ASSUMED, NULL},
    {"accelsel_correction_source_name", n_accelsel_correction_source_name,
     ACCELSEL_CORRECTION_NONE, ACCELSEL_CORRECTION_OTHER_STACK, NULL},
    {"accelsel_price_basis_name", n_accelsel_price_basis_name, ACCELSEL_PRICE_NONE,
     ACCELSEL_PRICE_DERIVED, NULL},
    {"accelsel_sale_name", n_accelsel_sale_name, ACCELSEL_SALE_SOLD, ACCELSEL_SALE_RENT_ONLY,
     NULL},
    {"accelsel_error_group_name", n_accelsel_error_group_name, ACCELSEL_ERROR_GROUP_NONE,
     ACCELSEL_ERROR_GROUP_STEPS, NULL},
    {"accelsel_stack_name", n_accelsel_stack_name, ACCELSEL_STACK_TUNED, ACCELSEL_STACK_EAGER,
     NULL},
};
#define N_NAME_CASES (sizeof name_cases / sizeof name_cases[0])

static void check_bad_name(const name_case *c, long long v)
{
    const char *got = c->name(v);
    if (c->bad == NULL)
        ck_assert_msg(got == NULL, "%s(%lld) gave '%s', want NULL", c->fn, v, got);
    else
        ck_assert_msg(got != NULL && strcmp(got, c->bad) == 0, "%s(%lld) gave '%s', want '%s'",
                      c->fn, v, got ? got : "(null)", c->bad);
}

START_TEST(static_names)
{
    const name_case *c = &name_cases[_i];
    long long hi = c->hi;
    if (hi < c->lo)
        for (hi = c->lo; c->name(hi + 1) != NULL; hi++)
            ck_assert_int_lt(hi, 10000);
    for (long long v = c->lo; v <= hi; v++) {
        const char *got = c->name(v);
        ck_assert_msg(got != NULL && got[0] != '\0', "%s(%lld) is empty", c->fn, v);
        for (long long w = c->lo; w < v; w++)
            ck_assert_msg(strcmp(got, c->name(w)) != 0, "%s(%lld) = %s(%lld)", c->fn, v, c->fn, w);
    }
    check_bad_name(c, c->lo - 1);
    check_bad_name(c, hi + 1);
    check_bad_name(c, c->lo < 0 ? INT32_MIN : INT32_MAX);
    if (c->lo >= 0 && (strstr(c->fn, "_name") || strstr(c->fn, "description")))
        check_bad_name(c, (long long)(SIZE_MAX >> 1));
}
END_TEST

/* Measure and score selectors of a result: unknown values give the
 * documented absent result; a status names the measure. */
START_TEST(unknown_selectors)
{
    const int bad[] = {0, -1, ACCELSEL_MEASURE_COUNT + 1, INT32_MAX};
    double v;
    for (size_t b = 0; b < 4; b++) {
        ck_assert_ptr_null(accelsel_importance_values(F.imp, bad[b]));
        ck_assert_ptr_null(accelsel_importance_correlation(F.imp, bad[b]));
        ck_assert(isnan(accelsel_importance_value(F.imp, bad[b], 0)));
        prime_error();
        check_failure("accelsel_importance_value_by_name", "measure",
                      accelsel_importance_value_by_name(F.imp, bad[b], "power", &v),
                      ACCELSEL_EINVAL);
        ck_assert(isnan(accelsel_cluster_selection_score(F.sel, 0, bad[b])));
    }
    /* Known but not a correlation: NULL; the correlations are there. */
    ck_assert_ptr_null(accelsel_importance_correlation(F.imp, ACCELSEL_MEASURE_IMPURITY));
    ck_assert_ptr_nonnull(accelsel_importance_correlation(F.imp, ACCELSEL_MEASURE_SPEARMAN));
    ck_assert_ptr_nonnull(accelsel_importance_values(F.imp, ACCELSEL_MEASURE_MUTUAL_INFO));
    ck_assert(!isnan(accelsel_cluster_selection_score(F.sel, 0, ACCELSEL_SCORE_CH)));
    /* NULL handles with a valid selector. */
    ck_assert_ptr_null(accelsel_importance_values(NULL, ACCELSEL_MEASURE_PEARSON));
    ck_assert_ptr_null(accelsel_importance_correlation(NULL, ACCELSEL_MEASURE_PEARSON));
    ck_assert(isnan(accelsel_cluster_selection_score(NULL, 0, ACCELSEL_SCORE_CH)));
    /* Cells and levels asked of a column of the other type are absent. */
    ck_assert_ptr_null(accelsel_dataset_level(F.ds, 0, 0));
    ck_assert_ptr_null(accelsel_dataset_string(F.ds, 0, 0));
    ck_assert_ptr_null(accelsel_dataset_numeric(F.ds, COL_ACCEL));
    ck_assert(isnan(accelsel_dataset_number(F.ds, 0, COL_ACCEL)));
    ck_assert_uint_eq(accelsel_dataset_levels(F.ds, 0), 0);
    prime_error();
    ck_assert_int_eq(accelsel_dataset_code(F.ds, 0, 0), ACCELSEL_ETYPE);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'n'"));
    /* A provenance asked about a NULL figure. */
    ck_assert_ptr_null(accelsel_provenance_source(provenance(), NULL));
    ck_assert_int_eq(testutil_alloc_live(), F.live);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Destructors accept NULL. */

#define FREE_NULL(fn)                                                                              \
    static void f_##fn(void)                                                                       \
    {                                                                                              \
        fn(NULL);                                                                                  \
    }
FREE_NULL(accelsel_free)
FREE_NULL(accelsel_dataset_free)
FREE_NULL(accelsel_features_free)
FREE_NULL(accelsel_pca_free)
FREE_NULL(accelsel_importance_free)
FREE_NULL(accelsel_cluster_model_free)
FREE_NULL(accelsel_cluster_selection_free)
FREE_NULL(accelsel_ranking_free)
FREE_NULL(accelsel_sensitivity_free)
FREE_NULL(accelsel_catalog_free)
FREE_NULL(accelsel_network_free)

static void (*const free_cases[])(void) = {
    f_accelsel_free, f_accelsel_dataset_free, f_accelsel_features_free,
    f_accelsel_pca_free, f_accelsel_importance_free, f_accelsel_cluster_model_free,
    f_accelsel_cluster_selection_free, f_accelsel_ranking_free, f_accelsel_sensitivity_free,
    f_accelsel_catalog_free, f_accelsel_network_free,
};

START_TEST(destructors_accept_null)
{
    for (size_t i = 0; i < sizeof free_cases / sizeof free_cases[0]; i++)
        free_cases[i]();
    ck_assert_int_eq(testutil_alloc_live(), F.live);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Pointers documented as optional may be NULL: the call succeeds (or gives
 * its documented status). */

typedef struct {
    const char *fn;
    const char *arg;
    int (*call)(void);
    int want;
} optional_case;

static int o_version(void)
{
    int major = -1;
    ck_assert_str_eq(accelsel_version(NULL, NULL, NULL), accelsel_version(&major, NULL, NULL));
    ck_assert_int_eq(major, ACCELSEL_VERSION_MAJOR);
    return 0;
}
#define BUFFER_LEN_NULL(id, call)                                                                  \
    static int id(void)                                                                            \
    {                                                                                              \
        char *text = NULL;                                                                         \
        int rc = (call);                                                                           \
        if (rc == 0)                                                                               \
            ck_assert_ptr_nonnull(text);                                                           \
        accelsel_free(text);                                                                       \
        return rc;                                                                                 \
    }
BUFFER_LEN_NULL(o_save_csv_buffer, accelsel_dataset_save_csv_buffer(F.ds, &text, NULL))
BUFFER_LEN_NULL(o_catalog_save_buffer, accelsel_catalog_save_buffer(F.cat, &text, NULL))
BUFFER_LEN_NULL(o_network_save_buffer, accelsel_network_save_buffer(F.net, &text, NULL))
BUFFER_LEN_NULL(o_cluster_save_buffer, accelsel_cluster_model_save_yaml_buffer(F.km, &text, NULL))
BUFFER_LEN_NULL(o_plot_svg, accelsel_plot_svg(&text, NULL, &F.panel, 1))
static int o_scaling(void)
{
    return accelsel_features_scaling(F.feat, 0, NULL, NULL);
}
static int o_transform(void)
{
    double m[BUF];
    size_t n;
    return accelsel_features_transform(F.feat, F.ds, m, BUF, &n, NULL);
}
static int o_merge(void)
{
    return accelsel_cluster_model_merge(F.ward, 0, NULL, NULL, NULL, NULL);
}
static int o_cluster_predict_dataset(void)
{
    uint32_t labels[NROWS];
    size_t n;
    return accelsel_cluster_model_predict_dataset(F.km, F.ds, labels, NROWS, &n, NULL);
}
static int o_importance_predict_dataset(void)
{
    double p[NROWS];
    size_t n;
    return accelsel_importance_predict_dataset(F.imp, F.ds, p, NROWS, &n, NULL);
}
static int o_silhouette(void)
{
    double v;
    return accelsel_cluster_silhouette(F.x, F.n, F.d, accelsel_cluster_model_labels(F.km), NULL,
                                       &v);
}
#define NEW_DATASET(id, call)                                                                      \
    static int id(void)                                                                            \
    {                                                                                              \
        accelsel_dataset *o = NULL;                                                                \
        int rc = (call);                                                                           \
        ck_assert(rc == 0 ? o != NULL : o == NULL);                                                \
        accelsel_dataset_free(o);                                                                  \
        return rc;                                                                                 \
    }
NEW_DATASET(o_select_rows, accelsel_dataset_select_rows(&o, F.ds, NULL, 0))
NEW_DATASET(o_select_columns, accelsel_dataset_select_columns(&o, F.ds, NULL, 0))
NEW_DATASET(o_csv_buffer_empty, accelsel_dataset_load_csv_buffer(&o, NULL, 0, NULL))
NEW_DATASET(o_derive_defaults, accelsel_dataset_derive(&o, F.mlperf, NULL))
static int o_add_numeric_empty(void)
{
    accelsel_dataset *ds = NULL;
    ok(accelsel_dataset_new(&ds, 0), "new");
    int rc = accelsel_dataset_add_numeric(ds, "x", NULL, 0);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(ds, "y", NULL, 0);
    accelsel_dataset_free(ds);
    return rc;
}
static int o_to_matrix_empty(void)
{
    return accelsel_dataset_to_matrix(F.ds, NULL, 0, NULL, 0);
}
static int o_catalog_empty(void)
{
    accelsel_catalog *cat = NULL;
    int rc = accelsel_catalog_load_buffer(&cat, NULL, 0);
    ck_assert_ptr_null(cat); /* an empty document is an error that says so */
    accelsel_catalog_free(cat);
    return rc;
}
static int o_network_empty(void)
{
    accelsel_network *net = SENTINEL;
    int rc = accelsel_network_load_buffer(&net, NULL, 0, NULL);
    ck_assert(rc == 0 ? net != NULL : net == NULL);
    accelsel_network_free(net);
    return rc;
}
static int o_importance_defaults(void)
{
    accelsel_importance *imp = NULL;
    int rc = accelsel_importance_compute_matrix(&imp, F.x, F.n, 2, col_power, NULL, NULL, NULL);
    accelsel_importance_free(imp);
    return rc;
}
static int o_sensitivity_defaults(void)
{
    accelsel_sensitivity *sens = NULL;
    int rc = accelsel_sensitivity_compute(&sens, F.rank, NULL, NULL, NULL);
    accelsel_sensitivity_free(sens);
    return rc;
}

static const optional_case optional_cases[] = {
    {"accelsel_version", "major, minor, patch", o_version, 0},
    {"accelsel_dataset_save_csv_buffer", "len", o_save_csv_buffer, 0},
    {"accelsel_catalog_save_buffer", "len", o_catalog_save_buffer, 0},
    {"accelsel_network_save_buffer", "len", o_network_save_buffer, 0},
    {"accelsel_cluster_model_save_yaml_buffer", "len", o_cluster_save_buffer, 0},
    {"accelsel_plot_svg", "len", o_plot_svg, 0},
    {"accelsel_features_scaling", "center, scale", o_scaling, 0},
    {"accelsel_features_transform", "row_index_out", o_transform, 0},
    {"accelsel_cluster_model_merge", "a, b, height, size", o_merge, 0},
    {"accelsel_cluster_model_predict_dataset", "row_index_out", o_cluster_predict_dataset, 0},
    {"accelsel_importance_predict_dataset", "row_index", o_importance_predict_dataset, 0},
    {"accelsel_cluster_silhouette", "opts", o_silhouette, 0},
    {"accelsel_dataset_select_rows", "rows (n 0)", o_select_rows, 0},
    {"accelsel_dataset_select_columns", "cols (n 0)", o_select_columns, 0},
    {"accelsel_dataset_load_csv_buffer", "data (len 0)", o_csv_buffer_empty, ACCELSEL_EPARSE},
    {"accelsel_dataset_derive", "opts", o_derive_defaults, 0},
    {"accelsel_dataset_add_numeric", "values (n 0)", o_add_numeric_empty, 0},
    {"accelsel_dataset_to_matrix", "cols, matrix (empty)", o_to_matrix_empty, 0},
    {"accelsel_catalog_load_buffer", "data (len 0)", o_catalog_empty, ACCELSEL_EPARSE},
    {"accelsel_network_load_buffer", "data (len 0)", o_network_empty, ACCELSEL_EPARSE},
    {"accelsel_importance_compute_matrix", "names, discrete, opts", o_importance_defaults, 0},
    {"accelsel_sensitivity_compute", "opts, progress", o_sensitivity_defaults, 0},
};
#define N_OPTIONAL_CASES (sizeof optional_cases / sizeof optional_cases[0])

START_TEST(optional_pointers)
{
    const optional_case *c = &optional_cases[_i];
    prime_error();
    int rc = c->call();
    ck_assert_msg(rc == c->want, "%s with %s NULL: status %d (%s), want %d", c->fn, c->arg, rc,
                  accelsel_last_error()->message, c->want);
    if (rc == 0)
        ck_assert_msg(strstr(accelsel_last_error()->message, "zz-primed") != NULL,
                      "%s succeeded but changed the last error to '%s'", c->fn,
                      accelsel_last_error()->message);
    ck_assert_int_eq(testutil_alloc_live(), F.live);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* The library never prints: every case above, run with standard output and
 * error sent to a file, leaves the file empty. */

static int saved_fd[2] = {-1, -1};

static void restore_output(void)
{
    for (int fd = 1; fd <= 2; fd++)
        if (saved_fd[fd - 1] >= 0) {
            dup2(saved_fd[fd - 1], fd);
            close(saved_fd[fd - 1]);
            saved_fd[fd - 1] = -1;
        }
}

static void run_every_case(void)
{
    const void *out;
    for (size_t i = 0; i < N_NULL_CASES; i++)
        for (int k = 0; k < 6 && null_cases[i].args[k] != NULL; k++)
            null_cases[i].call(k, &out);
    for (size_t i = 0; i < N_GETTER_CASES; i++)
        getter_cases[i].get(NULL);
    for (size_t i = 0; i < N_INDEX_CASES; i++) {
        index_cases[i].get(NULL, 0);
        index_cases[i].get(handle(index_cases[i].handle), SIZE_MAX);
    }
    for (size_t i = 0; i < N_OPTIONS_CASES; i++) {
        options_cases[i].init(NULL, 1);
        for (size_t j = 0; j < 4 && options_cases[i].use[j] != NULL; j++)
            options_cases[i].use[j](999);
    }
    for (size_t i = 0; i < N_OPTIONAL_CASES; i++)
        optional_cases[i].call();
    for (size_t i = 0; i < N_FAILURE_CASES; i++)
        failure_cases[i].call();
}

START_TEST(nothing_printed)
{
    FILE *sink = tmpfile();
    ck_assert_ptr_nonnull(sink);
    fflush(stdout);
    fflush(stderr);
    for (int fd = 1; fd <= 2; fd++) {
        saved_fd[fd - 1] = dup(fd);
        ck_assert_int_ge(saved_fd[fd - 1], 0);
        dup2(fileno(sink), fd);
    }
    run_every_case();
    fflush(stdout);
    fflush(stderr);
    restore_output();
    long size = ftell(sink) < 0 ? -1 : (fseek(sink, 0, SEEK_END), ftell(sink));
    fclose(sink);
    ck_assert_msg(size == 0, "the library wrote %ld bytes to stdout or stderr", size);
    ck_assert_int_eq(testutil_alloc_live(), F.live);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* The allocator configuration (no fixture: no handle may be alive). */

static void *never_malloc(size_t size, void *payload)
{
    (void)size;
    (void)payload;
    return NULL;
}

START_TEST(allocator_configuration)
{
    ck_assert_int_eq(accelsel_set_allocator(NULL), 0);
    accelsel_allocator a = {ACCELSEL_ALLOCATOR_VERSION, never_malloc, NULL, NULL, NULL};
    prime_error();
    int rc = accelsel_set_allocator(&a);
    ck_assert_int_eq(rc, ACCELSEL_EINVAL);
    ck_assert_msg(names_word(accelsel_last_error()->message, "realloc_fn"),
                  "message '%s' does not name realloc_fn", accelsel_last_error()->message);
    a.version = 999;
    prime_error();
    ck_assert_int_eq(accelsel_set_allocator(&a), ACCELSEL_EVERSION);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "999"));
    /* The refused allocators were not installed: allocation still works. */
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 1), 0);
    accelsel_dataset_free(ds);
    /* A success leaves the last error as it was. */
    ck_assert_int_eq(accelsel_last_error()->code, ACCELSEL_EVERSION);
    ck_assert_ptr_null(accelsel_last_error()->source);
    /* A parse error has a source and position; the next, other error has none. */
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, "a\n1,2\n", 6, NULL), ACCELSEL_EPARSE);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_str_eq(e->source, "<buffer>");
    ck_assert_uint_eq(e->line, 2);
    ck_assert_uint_eq(e->column, 3);
    ck_assert_int_eq(accelsel_dataset_new(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_ptr_null(e->source);
    ck_assert_uint_eq(e->line, 0);
    ck_assert_uint_eq(e->column, 0);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Allocation failures along a pipeline through every module: the N-th
 * allocation fails, for every N; each step then fails with ACCELSEL_ENOMEM,
 * its out-pointer NULL, and once everything made so far is freed nothing is
 * left. */

static const char pipeline_csv[] = "n,time,power,accel\n"
                                   "1,100,300,A\n2,55,600,A\n4,30,1200,A\n8,17,2400,A\n"
                                   "1,90,400,B\n2,48,800,B\n4,26,1600,B\n8,15,3200,B\n"
                                   "16,9,4800,C\n16,10,5000,C\n32,6,9000,C\n64,4,17000,C\n";

typedef struct {
    char *cat_yaml, *net_yaml;
    size_t cat_len, net_len;
} pipeline_input;

/* Make @p out with @p call; on failure check the status and out, then stop. */
#define STEP(out, call)                                                                            \
    do {                                                                                           \
        (out) = SENTINEL;                                                                          \
        rc = (call);                                                                               \
        if (rc != 0) {                                                                             \
            ck_assert_msg(rc == ACCELSEL_ENOMEM, "%s: status %d (%s)", #call, rc,                 \
                          accelsel_last_error()->message);                                         \
            ck_assert_msg((out) == NULL, "%s: out not NULL after ENOMEM", #call);                 \
            goto done;                                                                             \
        }                                                                                          \
    } while (0)

/* Columns added to a dataset, one replacing another: a failed add leaves the
 * dataset as it was. */
static int pipeline_build(void)
{
    accelsel_dataset *ds = NULL;
    int rc;
    STEP(ds, accelsel_dataset_new(&ds, NROWS));
    struct {
        const char *name;
        const double *num;
        const char *const *cat;
    } add[] = {{"n", col_n, NULL}, {"accel", NULL, col_accel}, {"n", NULL, col_accel},
               {"accel", col_time, NULL}};
    for (size_t i = 0; i < 4; i++) {
        size_t cols = accelsel_dataset_cols(ds);
        rc = add[i].num ? accelsel_dataset_add_numeric(ds, add[i].name, add[i].num, NROWS)
                        : accelsel_dataset_add_categorical(ds, add[i].name, add[i].cat, NROWS);
        if (rc != 0) {
            ck_assert_int_eq(rc, ACCELSEL_ENOMEM);
            ck_assert_uint_eq(accelsel_dataset_cols(ds), cols);
            if (i == 2) /* the replaced column keeps its type and values */
                ck_assert_double_eq(accelsel_dataset_number(ds, 5, 0), col_n[5]);
            if (i == 3)
                ck_assert_str_eq(accelsel_dataset_string(ds, 5, 1), col_accel[5]);
            break;
        }
    }
done:
    accelsel_dataset_free(ds);
    return rc;
}

static int pipeline_data(accelsel_dataset *ds, accelsel_features *f)
{
    accelsel_dataset *sub = NULL, *der = NULL;
    char *csv = NULL;
    int rc;
    STEP(sub, accelsel_dataset_filter_expr(&sub, ds, "n=2..64"));
    accelsel_derive_options dopts = ACCELSEL_DERIVE_OPTIONS_INIT;
    const char *const groups[] = {"accel"};
    dopts.time_column = "time";
    dopts.accelerators_column = "n";
    dopts.group_columns = groups;
    dopts.n_group_columns = 1;
    STEP(der, accelsel_dataset_derive(&der, ds, &dopts));
    STEP(csv, accelsel_dataset_save_csv_buffer(der, &csv, NULL));
    double x[BUF];
    size_t n;
    rc = accelsel_features_transform(f, sub, x, BUF, &n, NULL);
    ck_assert(rc == 0 || rc == ACCELSEL_ENOMEM);
done:
    accelsel_free(csv);
    accelsel_dataset_free(der);
    accelsel_dataset_free(sub);
    return rc;
}

static int pipeline_learn(accelsel_dataset *ds, accelsel_features *f, accelsel_cluster_model **m)
{
    accelsel_cluster_model *m2 = NULL;
    accelsel_cluster_selection *sel = NULL;
    accelsel_pca *pca = NULL;
    accelsel_importance *imp = NULL;
    accelsel_dataset *ids = NULL;
    char *yaml = NULL;
    size_t len, n;
    double x[BUF];
    int rc = accelsel_features_transform(f, ds, x, BUF, &n, NULL);
    if (rc != 0)
        return rc;
    accelsel_cluster_options co = cluster_opts();
    co.k = 3;
    STEP(*m, accelsel_cluster_fit_dataset(m, ds, f, &co));
    STEP(yaml, accelsel_cluster_model_save_yaml_buffer(*m, &yaml, &len));
    STEP(m2, accelsel_cluster_model_load_yaml_buffer(&m2, yaml, len));
    STEP(sel, accelsel_cluster_select_k(&sel, x, n, accelsel_features_dim(f), 2, 3,
                                        ACCELSEL_KSELECT_SILHOUETTE, &co));
    STEP(pca, accelsel_pca_fit(&pca, x, n, accelsel_features_dim(f), 0));
    accelsel_importance_options io = imp_opts();
    STEP(imp, accelsel_importance_compute(&imp, ds, imp_cols, 2, "time", &io));
    STEP(ids, accelsel_importance_to_dataset(&ids, imp));
done:
    accelsel_dataset_free(ids);
    accelsel_importance_free(imp);
    accelsel_pca_free(pca);
    accelsel_cluster_selection_free(sel);
    accelsel_cluster_model_free(m2);
    accelsel_free(yaml);
    return rc;
}

static int pipeline_rank(const accelsel_dataset *profiles)
{
    accelsel_criterion *crit = NULL;
    accelsel_ranking *r = NULL;
    accelsel_sensitivity *sens = NULL;
    size_t n_crit;
    int rc;
    STEP(crit, accelsel_criteria_parse(&crit, &n_crit, "time_median:1:cost,power_median:1:cost"));
    STEP(r, accelsel_ranking_compute(&r, profiles, crit, n_crit, ACCELSEL_RANK_TOPSIS, NULL));
    accelsel_sensitivity_options so = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    so.n_samples = 4;
    so.n_threads = 1;
    STEP(sens, accelsel_sensitivity_compute(&sens, r, &so, NULL, NULL));
done:
    accelsel_sensitivity_free(sens);
    accelsel_ranking_free(r);
    accelsel_free(crit);
    return rc;
}

static int pipeline_hw(const pipeline_input *in)
{
    accelsel_catalog *cat = NULL, *both = NULL, *some = NULL;
    accelsel_network *net = NULL, *zoo = NULL;
    char *cat_text = NULL, *net_text = NULL, *svg = NULL;
    const char *const names[] = {"rtx-3050"};
    int rc;
    STEP(cat, accelsel_catalog_load_buffer(&cat, in->cat_yaml, in->cat_len));
    STEP(both, accelsel_catalog_merge(&both, cat, cat, ACCELSEL_MERGE_OVERRIDE));
    STEP(some, accelsel_catalog_select(&some, both, names, 1));
    STEP(cat_text, accelsel_catalog_save_buffer(some, &cat_text, NULL));
    STEP(net, accelsel_network_load_buffer(&net, in->net_yaml, in->net_len, NULL));
    STEP(net_text, accelsel_network_save_buffer(net, &net_text, NULL));
    STEP(zoo, accelsel_network_load_zoo(&zoo, "small-cnn", NULL));
    accelsel_plot_panel panel = ACCELSEL_PLOT_PANEL_INIT;
    panel.x = col_n;
    panel.y = col_time;
    panel.n = NROWS;
    panel.log_x = 1;
    STEP(svg, accelsel_plot_svg(&svg, NULL, &panel, 1));
done:
    accelsel_free(svg);
    accelsel_free(net_text);
    accelsel_free(cat_text);
    accelsel_network_free(zoo);
    accelsel_network_free(net);
    accelsel_catalog_free(some);
    accelsel_catalog_free(both);
    accelsel_catalog_free(cat);
    return rc;
}

static int pipeline(void *ctx)
{
    const pipeline_input *in = ctx;
    accelsel_dataset *ds = NULL;
    accelsel_features *f = NULL;
    accelsel_cluster_model *m = NULL;
    int rc;
    if ((rc = pipeline_build()) != 0)
        return rc;
    STEP(ds, accelsel_dataset_load_csv_buffer(&ds, pipeline_csv, strlen(pipeline_csv), NULL));
    STEP(f, accelsel_features_fit(&f, ds, feature_cols, NULL, 3, NULL));
    if ((rc = pipeline_data(ds, f)) != 0 || (rc = pipeline_learn(ds, f, &m)) != 0 ||
        (rc = pipeline_rank(accelsel_cluster_model_profiles(m))) != 0)
        goto done;
    rc = pipeline_hw(in);
done:
    accelsel_cluster_model_free(m);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
    return rc;
}

static char *read_source_file(const char *rel, size_t *len)
{
    FILE *fp = fopen(testutil_source_path(rel), "rb");
    ck_assert_ptr_nonnull(fp);
    char *text = malloc(1 << 16);
    ck_assert_ptr_nonnull(text);
    *len = fread(text, 1, 1 << 16, fp);
    ck_assert(feof(fp));
    fclose(fp);
    return text;
}

START_TEST(allocation_failures)
{
    pipeline_input in;
    in.cat_yaml = read_source_file("examples/catalog-workstation.yaml", &in.cat_len);
    in.net_yaml = read_source_file("examples/network-residual.yaml", &in.net_len);
    testutil_alloc_fail_at(0);
    prime_error();
    ok(pipeline(&in), "pipeline");
    ck_assert_msg(strstr(accelsel_last_error()->message, "zz-primed") != NULL,
                  "the pipeline succeeded but changed the last error to '%s'",
                  accelsel_last_error()->message);
    testutil_alloc_reset();
    /* Every allocation fails in turn in the plain and sanitizer builds;
     * under valgrind, where one run of the pipeline takes seconds, forty. */
    testutil_alloc_sweep_light(pipeline, &in, 100);
    free(in.cat_yaml);
    free(in.net_yaml);
}
END_TEST

/* The numbers of common.h: arguments checked, nothing written on failure
 * (test_policy.c holds their values). */
START_TEST(number_calls)
{
    char text[ACCELSEL_FORMAT_DOUBLE_SIZE] = "x";
    ck_assert_int_eq(accelsel_format_double(NULL, sizeof text, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_format_double(text, 0, 1), ACCELSEL_EINVAL);
    ck_assert_str_eq(text, "x");
    ok(accelsel_format_double(text, sizeof text, 0.25), "format_double");
    ck_assert_str_eq(text, "0.25");
    const double v[] = {2, 1}, q = 0.5;
    double out = -1;
    ck_assert_int_eq(accelsel_quantiles(NULL, 2, &q, 1, &out), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_quantiles(v, 2, NULL, 1, &out), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_quantiles(v, 2, &q, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_double_eq(out, -1);
    ok(accelsel_quantiles(NULL, 0, NULL, 0, NULL), "quantiles of nothing");
    ok(accelsel_quantiles(v, 2, &q, 1, &out), "quantiles");
    ck_assert_double_eq(out, 1.5);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("null");
    tcase_add_unchecked_fixture(tc, shared_setup, shared_teardown);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_loop_test(tc, null_arguments, 0, N_NULL_CASES);
    tcase_add_loop_test(tc, null_handles, 0, N_GETTER_CASES);
    tcase_add_loop_test(tc, indices_out_of_range, 0, N_INDEX_CASES);
    tcase_add_loop_test(tc, options_structs, 0, N_OPTIONS_CASES);
    tcase_add_loop_test(tc, other_failures, 0, N_FAILURE_CASES);
    tcase_add_test(tc, filled_structs);
    tcase_add_loop_test(tc, static_names, 0, N_NAME_CASES);
    tcase_add_test(tc, unknown_selectors);
    tcase_add_test(tc, destructors_accept_null);
    tcase_add_loop_test(tc, optional_pointers, 0, N_OPTIONAL_CASES);
    tcase_add_test(tc, nothing_printed);
    tcase_add_test(tc, number_calls);
    suite_add_tcase(s, tc);
    TCase *bare = tcase_create("bare");
    tcase_add_test(bare, allocator_configuration);
    tcase_add_test(bare, allocation_failures);
    tcase_set_timeout(bare, 600);
    suite_add_tcase(s, bare);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
