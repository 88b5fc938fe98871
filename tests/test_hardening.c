/* Regression tests for the second hardening round (docs/hostile-inputs.md):
 * inputs whose cost grew faster than their size, and answers that were wrong.
 *
 * Growth is measured, not an absolute time: each case runs at two sizes and
 * the ratio of its cost (peak bytes allocated, or CPU time, the best of three
 * runs each repeated over at least 50 ms) must stay near the ratio of the
 * sizes. The limits leave room for a loaded machine: at four times the size,
 * linear code costs about 4 times as much, and the quadratic code these cases
 * replaced cost 16 times (at twice, 2 against 4 or 8). */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accelsel/accelsel.h"
#include "data/csv_load.h"
#include "testutil.h"

/* ---- Text building ------------------------------------------------------ */


static void repeat(testutil_text *t, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        testutil_put(t, "%s", s);
}

/* ---- Measuring ---------------------------------------------------------- */

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef int (*run_fn)(void *ctx);

/* CPU seconds per call of @p run: the best of three rounds of at least 50 ms. */
static double seconds_per_call(run_fn run, void *ctx)
{
    double best = INFINITY;
    for (int round = 0; round < 3; round++) {
        double start = cpu_seconds(), used;
        size_t calls = 0;
        do {
            run(ctx);
            calls++;
        } while ((used = cpu_seconds() - start) < 0.05);
        best = fmin(best, used / (double)calls);
    }
    return best;
}

/* The cost at size x @p factor is below @p limit times the cost at size x 1. */
static void assert_time_growth(const char *what, run_fn run, void *small, void *large, double factor,
                               double limit)
{
    /* Under a memory checker (ACCELSEL_TEST_LIGHT) one run at the small size
     * finds memory errors; the times it measures are the checker's. */
    if (getenv("ACCELSEL_TEST_LIGHT") != NULL) {
        run(small);
        return;
    }
    double t1 = seconds_per_call(run, small), t2 = seconds_per_call(run, large);
    ck_assert_msg(t2 < limit * t1, "%s: %.3g s at x1, %.3g s at x%g: %.1f times (limit %.1f)", what,
                  t1, t2, factor, t2 / t1, limit);
}

/* Peak bytes that the library allocates in @p run. */
static size_t peak_bytes(run_fn run, void *ctx)
{
    testutil_alloc_fail_at(0);
    run(ctx);
    size_t peak = testutil_alloc_peak_bytes();
    ck_assert_int_eq(testutil_alloc_live(), 0);
    testutil_alloc_reset();
    return peak;
}

static void assert_peak_growth(const char *what, run_fn run, void *small, void *large, double limit)
{
    size_t p1 = peak_bytes(run, small), p2 = peak_bytes(run, large);
    ck_assert_msg((double)p2 < limit * (double)p1, "%s: peak %zu bytes at x1, %zu at x2 (limit %.1f times)",
                  what, p1, p2, limit);
}

static void assert_error(int rc, int want, const char *fragment)
{
    ck_assert_msg(rc == want, "status %s, want %s (%s)", accelsel_status_name(rc),
                  accelsel_status_name(want), accelsel_last_error()->message);
    ck_assert_msg(strstr(accelsel_last_error()->message, fragment) != NULL, "'%s' lacks '%s'",
                  accelsel_last_error()->message, fragment);
}

/* ---- CSV ---------------------------------------------------------------- */

typedef struct csv_case {
    testutil_text t;
    accelsel_csv_options o;
    const char **na;
} csv_case;

static int load_csv(void *ctx)
{
    csv_case *c = ctx;
    accelsel_dataset *ds = NULL;
    int rc = accelsel_dataset_load_csv_buffer(&ds, c->t.s, c->t.len, &c->o);
    accelsel_dataset_free(ds);
    return rc;
}

static void csv_init(csv_case *c)
{
    memset(c, 0, sizeof *c);
    ck_assert_int_eq(accelsel_csv_options_init(&c->o, ACCELSEL_CSV_OPTIONS_VERSION), 0);
    c->o.n_threads = 1;
}

static void csv_free(csv_case *c)
{
    free(c->t.s);
    free(c->na);
}

/* @p cols numeric columns of 40 rows, then a row of text in every column. */
static void late_text(csv_case *c, size_t cols)
{
    csv_init(c);
    for (size_t j = 0; j < cols; j++)
        testutil_put(&c->t, "%sc%zu", j ? "," : "", j);
    testutil_put(&c->t, "\n");
    for (int r = 0; r < 40; r++) {
        repeat(&c->t, "1,", cols - 1);
        testutil_put(&c->t, "1\n");
    }
    repeat(&c->t, "x,", cols - 1);
    testutil_put(&c->t, "x\n");
}

START_TEST(csv_late_text_is_linear)
{
    csv_case small, large;
    late_text(&small, 500);
    late_text(&large, 2000);
    ck_assert_int_eq(load_csv(&small), 0);
    assert_time_growth("CSV columns turning to text on the last row", load_csv, &small, &large, 4, 10);
    csv_free(&small);
    csv_free(&large);
}
END_TEST

/* Levels keep their order of first appearance when a column turns to text
 * late, in one part or in several (the parts are merged in order). */
START_TEST(csv_late_text_keeps_level_order)
{
    static const char text_[] = "a,b\n1,5\nx,6\n2,NA\nx,7\ny,z\n";
    for (uint32_t threads = 1; threads <= 4; threads += 3) {
        accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
        o.n_threads = threads;
        accelsel_dataset *ds = NULL;
        /* Parts of 4 bytes or more: with 4 threads, about one row each. */
        ck_assert_int_eq(asel_csv_parse(&ds, text_, sizeof text_ - 1, &o, "<t>", 4), 0);
        ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_CATEGORICAL);
        ck_assert_int_eq(accelsel_dataset_column_type(ds, 1), ACCELSEL_COLUMN_CATEGORICAL);
        /* a: 1, x, 2, x, y -> levels 1 x 2 y; b: 5 6 NA 7 z -> 5 6 7 z, row 2 missing */
        static const char *const a_levels[] = {"1", "x", "2", "y"};
        static const int64_t a_codes[] = {0, 1, 2, 1, 3}, b_codes[] = {0, 1, -1, 2, 3};
        ck_assert_uint_eq(accelsel_dataset_levels(ds, 0), 4);
        for (size_t l = 0; l < 4; l++)
            ck_assert_str_eq(accelsel_dataset_level(ds, 0, l), a_levels[l]);
        ck_assert_str_eq(accelsel_dataset_level(ds, 1, 3), "z");
        for (size_t r = 0; r < 5; r++) {
            ck_assert_int_eq(accelsel_dataset_code(ds, r, 0), a_codes[r]);
            ck_assert_int_eq(accelsel_dataset_code(ds, r, 1), b_codes[r]);
        }
        accelsel_dataset_free(ds);
    }
}
END_TEST

/* @p n spellings of missing and a text column of @p n rows, every tenth a spelling. */
static void many_spellings(csv_case *c, size_t n)
{
    csv_init(c);
    c->na = malloc(n * sizeof *c->na);
    ck_assert_ptr_nonnull(c->na);
    static char names[4096][8];
    ck_assert_uint_le(n, 4096);
    for (size_t i = 0; i < n; i++) {
        snprintf(names[i], sizeof names[i], "na%zu", i);
        c->na[i] = names[i];
    }
    c->o.missing = c->na;
    c->o.n_missing = n;
    testutil_put(&c->t, "t\n");
    for (size_t r = 0; r < n; r++)
        testutil_put(&c->t, r % 10 == 0 ? "na%zu\n" : "value%zu\n", r);
}

START_TEST(csv_missing_spellings_are_hashed)
{
    csv_case small, large;
    many_spellings(&small, 1000);
    many_spellings(&large, 4000);
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, small.t.s, small.t.len, &small.o), 0);
    for (size_t r = 0; r < 1000; r++)
        ck_assert_int_eq(accelsel_dataset_is_missing(ds, r, 0), r % 10 == 0);
    accelsel_dataset_free(ds);
    assert_time_growth("4x the spellings of missing over 4x the rows", load_csv, &small, &large, 4, 10);
    csv_free(&small);
    csv_free(&large);
}
END_TEST

/* dataset.h: the spellings are compared in every column, numeric ones included. */
START_TEST(csv_numeric_missing_spelling)
{
    static const char text_[] = "a,b\n1,-999\n-999,2.5\n3,4\n";
    const char *na[] = {"-999"};
    for (uint32_t threads = 1; threads <= 4; threads += 3) {
        accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
        o.missing = na;
        o.n_missing = 1;
        o.n_threads = threads;
        accelsel_dataset *ds = NULL;
        ck_assert_int_eq(asel_csv_parse(&ds, text_, sizeof text_ - 1, &o, "<t>", 4), 0);
        ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_NUMERIC);
        ck_assert(isnan(accelsel_dataset_number(ds, 1, 0)));
        ck_assert(isnan(accelsel_dataset_number(ds, 0, 1)));
        ck_assert(accelsel_dataset_number(ds, 2, 0) == 3.0);
        ck_assert(accelsel_dataset_number(ds, 1, 1) == 2.5);
        accelsel_dataset_free(ds);
    }
}
END_TEST

/* ---- YAML aliases of long scalars -------------------------------------- */

typedef struct yaml_case {
    testutil_text t;
    int network;
} yaml_case;

static int load_yaml(void *ctx)
{
    yaml_case *c = ctx;
    if (c->network) {
        accelsel_network *net = NULL;
        int rc = accelsel_network_load_buffer(&net, c->t.s, c->t.len, NULL);
        accelsel_network_free(net);
        return rc;
    }
    accelsel_catalog *cat = NULL;
    int rc = accelsel_catalog_load_buffer(&cat, c->t.s, c->t.len);
    accelsel_catalog_free(cat);
    return rc;
}

/* A catalog: a @p scalar-byte source anchored on the first device, then
 * @p n devices whose source is an alias of it. */
static void catalog_aliases(yaml_case *c, size_t scalar, size_t n)
{
    memset(c, 0, sizeof *c);
    testutil_put(&c->t, "version: 1\ndevices:\n  - {name: g, vendor: v, kind: gpu, source: &a ");
    repeat(&c->t, "s", scalar);
    testutil_put(&c->t, "}\n");
    for (size_t i = 0; i < n; i++)
        testutil_put(&c->t, "  - {name: g%zu, vendor: v, kind: gpu, source: *a}\n", i);
}

/* A network: an input whose name is a @p scalar-byte anchor, and an add of
 * @p n aliases of it. */
static void network_aliases(yaml_case *c, size_t scalar, size_t n)
{
    memset(c, 0, sizeof *c);
    c->network = 1;
    testutil_put(&c->t, "name: t\ninputs:\n  - {shape: [1], name: &a ");
    repeat(&c->t, "i", scalar);
    testutil_put(&c->t, "}\nlayers:\n  - {name: s, kind: add, inputs: [");
    repeat(&c->t, "*a, ", n);
    testutil_put(&c->t, "*a]}\n");
}

START_TEST(yaml_long_alias_memory_follows_input)
{
    yaml_case small, large;
    for (int network = 0; network <= 1; network++) {
        if (network) {
            network_aliases(&small, 25000, 2000);
            network_aliases(&large, 50000, 4000);
        } else {
            catalog_aliases(&small, 25000, 1000);
            catalog_aliases(&large, 50000, 2000);
        }
        assert_error(load_yaml(&small), ACCELSEL_EPARSE, "document too large");
        assert_peak_growth(network ? "network: 2x the aliases of a 2x longer name"
                                   : "catalog: 2x the aliases of a 2x longer source",
                           load_yaml, &small, &large, 3);
        /* A small multiple of the input, whatever the aliases repeat. */
        size_t peak = peak_bytes(load_yaml, &large);
        ck_assert_msg(peak < 32 * large.t.len, "peak %zu bytes for %zu bytes of input", peak,
                      large.t.len);
        free(small.t.s);
        free(large.t.s);
    }
}
END_TEST

/* Aliases of a short scalar within the budget still load. */
START_TEST(yaml_few_aliases_still_load)
{
    yaml_case c;
    catalog_aliases(&c, 40, 50);
    ck_assert_int_eq(load_yaml(&c), 0);
    free(c.t.s);
    network_aliases(&c, 40, 50);
    ck_assert_int_eq(load_yaml(&c), 0);
    free(c.t.s);
}
END_TEST

/* ---- Learning on wide and high-cardinality tables ----------------------- */

typedef struct learn_case {
    accelsel_dataset *ds;
    accelsel_features *f;
} learn_case;

/* @p cols numeric columns c0.. of 5 rows (c0 and c1 the features). */
static void wide_table(learn_case *c, size_t cols)
{
    ck_assert_int_eq(accelsel_dataset_new(&c->ds, 5), 0);
    for (size_t j = 0; j < cols; j++) {
        char name[32];
        double v[5] = {1, 2, 3, 10, 11};
        v[j % 5] += (double)j;
        snprintf(name, sizeof name, "c%zu", j);
        ck_assert_int_eq(accelsel_dataset_add_numeric(c->ds, name, v, 5), 0);
    }
    const char *cols2[] = {"c0", "c1"};
    ck_assert_int_eq(accelsel_features_fit(&c->f, c->ds, cols2, NULL, 2, NULL), 0);
}

static int cluster_wide(void *ctx)
{
    learn_case *c = ctx;
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 2;
    o.n_threads = 1;
    o.n_init = 1;
    accelsel_cluster_model *m = NULL;
    int rc = accelsel_cluster_fit_dataset(&m, c->ds, c->f, &o);
    if (rc == 0)
        /* every column gets median, min and max */
        ck_assert_uint_eq(accelsel_dataset_cols(accelsel_cluster_model_profiles(m)),
                          2 + 3 * accelsel_dataset_cols(c->ds));
    accelsel_cluster_model_free(m);
    return rc;
}

static void learn_free(learn_case *c)
{
    accelsel_features_free(c->f);
    accelsel_dataset_free(c->ds);
}

START_TEST(cluster_profiles_of_a_wide_table_are_linear)
{
    learn_case small = {0}, large = {0};
    wide_table(&small, 1000);
    wide_table(&large, 4000);
    ck_assert_int_eq(cluster_wide(&small), 0);
    assert_time_growth("profiles of 4x the columns", cluster_wide, &small, &large, 4, 10);
    learn_free(&small);
    learn_free(&large);
}
END_TEST

/* @p n rows: a target y = row, a numeric x, and a name unique to each row. */
static accelsel_dataset *unique_names(size_t n)
{
    accelsel_dataset *ds = NULL;
    double *y = malloc(n * sizeof *y), *x = malloc(n * sizeof *x);
    const char **names = malloc(n * sizeof *names);
    char *store = malloc(n * 32); /* room for "system-" and any size_t */
    ck_assert(y && x && names && store);
    for (size_t i = 0; i < n; i++) {
        y[i] = (double)i;
        x[i] = (double)(i % 7);
        snprintf(store + 32 * i, 32, "system-%zu", i);
        names[i] = store + 32 * i;
    }
    ck_assert_int_eq(accelsel_dataset_new(&ds, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "y", y, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "x", x, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "name", names, n), 0);
    free(y);
    free(x);
    free(names);
    free(store);
    return ds;
}

static int cluster_unique(void *ctx)
{
    accelsel_dataset *ds = ctx;
    const char *cols[] = {"x", "name"};
    accelsel_features *f = NULL;
    int rc = accelsel_features_fit(&f, ds, cols, NULL, 2, NULL);
    if (rc == 0) {
        accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
        o.k = 2;
        o.n_threads = 1;
        accelsel_cluster_model *m = NULL;
        rc = accelsel_cluster_fit_dataset(&m, ds, f, &o);
        accelsel_cluster_model_free(m);
    }
    accelsel_features_free(f);
    return rc;
}

START_TEST(onehot_of_a_level_per_row_is_refused)
{
    accelsel_dataset *small = unique_names(500), *large = unique_names(1000);
    assert_error(cluster_unique(small), ACCELSEL_EDATA,
                 "column 'name' has 500 distinct values among the rows used; one-hot encoding takes at "
                 "most 256");
    assert_peak_growth("one-hot of a level per row, 2x the rows", cluster_unique, small, large, 3);
    accelsel_dataset_free(small);
    accelsel_dataset_free(large);
    /* 256 levels are taken: the matrix is rows x 257, linear in the rows. */
    accelsel_dataset *ok = unique_names(256);
    ck_assert_int_eq(cluster_unique(ok), 0);
    accelsel_dataset_free(ok);
}
END_TEST

static int importance_unique(void *ctx)
{
    accelsel_dataset *ds = ctx;
    const char *cols[] = {"x", "name"};
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_threads = 1;
    accelsel_importance *imp = NULL;
    int rc = accelsel_importance_compute(&imp, ds, cols, 2, "y", &o);
    accelsel_importance_free(imp);
    return rc;
}

START_TEST(importance_of_a_high_cardinality_variable_is_not_cubic)
{
    accelsel_dataset *small = unique_names(300), *large = unique_names(600);
    assert_error(importance_unique(small), ACCELSEL_EDATA, "column 'name' has 300 distinct values");
    assert_time_growth("importance with a name per row, 2x the rows", importance_unique, small, large,
                       2, 5);
    accelsel_dataset_free(small);
    accelsel_dataset_free(large);
}
END_TEST

/* ---- The h2h baseline on long chains ------------------------------------ */

/* h2h tries every compute layer on every slot. Each try was a walk of the
 * whole network, so a pass took layers x slots walks of every layer:
 * 0.38 s for a chain of 1000 convolutions on the 16 slots of dgx-2h, 1.57 s
 * for 2000, 5.98 s for 4000. A try now walks from its layer until its
 * answer is known, which on a chain is a layer or two past it. */

typedef struct h2h_case {
    accelsel_mapping_problem *p;
} h2h_case;

/* A chain of @p n 3 x 3 convolutions of 16 channels on 16 x 16 pixels on
 * catalog system @p system under @p objective. */
static void conv_chain(h2h_case *c, size_t n, const char *system, int objective)
{
    testutil_text t = {0};
    testutil_put(&t, "name: chain\ninputs: [{name: c0, shape: [16, 16, 16]}]\nlayers:\n");
    for (size_t i = 1; i <= n; i++)
        testutil_put(&t, "  - {name: c%zu, kind: conv2d, inputs: [c%zu], out_channels: 16, "
                         "kernel: 3, padding: 1}\n", i, i - 1);
    accelsel_catalog *cat = NULL;
    accelsel_network *net = NULL;
    accelsel_mapping_problem_options o = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    o.objective = objective;
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_network_load_buffer(&net, t.s, t.len, NULL), 0);
    ck_assert_int_eq(accelsel_mapping_problem_new(&c->p, cat, system, net, &o), 0);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    free(t.s);
}

static int solve_h2h(void *ctx)
{
    h2h_case *c = ctx;
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = "h2h";
    o.n_threads = 1;
    accelsel_mapping *m = NULL;
    int rc = accelsel_mapping_solve(&m, c->p, &o);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    accelsel_mapping_free(m);
    return rc;
}

START_TEST(h2h_on_a_chain_is_not_quadratic)
{
    h2h_case small, large;
    conv_chain(&small, 600, "dgx-2h", ACCELSEL_OBJECTIVE_LATENCY);
    conv_chain(&large, 1200, "dgx-2h", ACCELSEL_OBJECTIVE_LATENCY);
    /* One pass, 16 tries per layer, each counted as an evaluation (the
     * computation-first mapping is one more): all layers stay on slot 0,
     * since a move only adds transfers. */
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = "h2h";
    accelsel_mapping *m = NULL;
    ck_assert_int_eq(accelsel_mapping_solve(&m, small.p, &o), 0);
    ck_assert_uint_eq(accelsel_mapping_evaluations(m), 1 + 16 * 600);
    for (size_t l = 1; l <= 600; l++)
        ck_assert_uint_eq(accelsel_mapping_layer(m, l)->slots, 1);
    accelsel_mapping_free(m);
    assert_time_growth("h2h, latency, twice the layers on 16 slots", solve_h2h, &small, &large, 2,
                       3);
    accelsel_mapping_problem_free(small.p);
    accelsel_mapping_problem_free(large.p);
    /* Under throughput on adaptive-8 most tries load a slot past the period
     * that the kept mapping has: a try ends there, not at the last layer. */
    conv_chain(&small, 400, "adaptive-8", ACCELSEL_OBJECTIVE_THROUGHPUT);
    conv_chain(&large, 800, "adaptive-8", ACCELSEL_OBJECTIVE_THROUGHPUT);
    assert_time_growth("h2h, throughput, twice the layers on 8 slots", solve_h2h, &small, &large,
                       2, 3);
    accelsel_mapping_problem_free(small.p);
    accelsel_mapping_problem_free(large.p);
}
END_TEST

/* ---- Standardisation at the ends of the double range ------------------ */

static accelsel_features *fit_one(const double *v, size_t n, int transform, int *rc)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "v", v, n), 0);
    const char *cols[] = {"v"};
    accelsel_features *f = NULL;
    *rc = accelsel_features_fit(&f, ds, cols, &transform, 1, NULL);
    accelsel_dataset_free(ds);
    return f;
}

/* z-scores of {1, 2, 3, 4} x s: centre 2.5 s, scale s sqrt(1.25) (population
 * standard deviation), whatever s, from 1e-170 (squares underflow) to 1e200
 * (squares overflow). */
START_TEST(zscore_is_scaled_stably)
{
    static const double scales[] = {1e-170, 1e-300, 1e200, 1e300};
    for (size_t i = 0; i < sizeof scales / sizeof scales[0]; i++) {
        double s = scales[i], v[] = {1 * s, 2 * s, 3 * s, 4 * s}, center, scale;
        int rc;
        accelsel_features *f = fit_one(v, 4, ACCELSEL_TRANSFORM_ZSCORE, &rc);
        ck_assert_msg(rc == 0, "scale %g: %s", s, accelsel_last_error()->message);
        ck_assert_int_eq(accelsel_features_scaling(f, 0, &center, &scale), 0);
        ck_assert_double_eq_tol(center / s, 2.5, 1e-12);
        ck_assert_double_eq_tol(scale / s, sqrt(1.25), 1e-12);
        accelsel_features_free(f);
    }
}
END_TEST

/* +-1e308: mean 0, standard deviation 1e308, z-scores +-1; a min-max range of
 * 2e308 is not a double: refused, naming the column. */
START_TEST(extreme_values_scale_or_are_refused)
{
    double v[] = {1e308, -1e308, 1e308, -1e308}, center, scale;
    int rc;
    accelsel_features *f = fit_one(v, 4, ACCELSEL_TRANSFORM_ZSCORE, &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(accelsel_features_scaling(f, 0, &center, &scale), 0);
    ck_assert_double_eq_tol(center, 0, 1e-300);
    ck_assert_double_eq_tol(scale / 1e308, 1, 1e-12);
    accelsel_features_free(f);
    f = fit_one(v, 4, ACCELSEL_TRANSFORM_MINMAX, &rc);
    assert_error(rc, ACCELSEL_EDATA, "column 'v' spans -1e+308 to 1e+308, a range wider than the largest double");
    ck_assert_ptr_null(f);
}
END_TEST

/* Squared distances of values near 1e200 overflow: k-means and Ward refuse
 * alike, naming the value, instead of an infinite inertia. The bound for 4
 * rows of 1 column is sqrt(DBL_MAX / 4) / 2 = 3.35e153. */
START_TEST(clustering_refuses_values_whose_distances_overflow)
{
    double x[] = {1e200, 2e200, -1e200, -2e200};
    for (uint32_t algorithm = ACCELSEL_CLUSTER_KMEANS; algorithm <= ACCELSEL_CLUSTER_WARD; algorithm++) {
        accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
        o.k = 2;
        o.algorithm = algorithm;
        accelsel_cluster_model *m = NULL;
        assert_error(accelsel_cluster_fit(&m, x, 4, 1, &o), ACCELSEL_EDATA,
                     "row 0 column 0 is 1e+200, beyond 3.35e+153: squared distances would overflow");
        ck_assert_ptr_null(m);
        x[0] = 1e150, x[1] = 2e150, x[2] = -1e150, x[3] = -2e150;
        ck_assert_int_eq(accelsel_cluster_fit(&m, x, 4, 1, &o), 0);
        ck_assert(isfinite(accelsel_cluster_model_inertia(m)));
        accelsel_cluster_model_free(m);
        x[0] = 1e200, x[1] = 2e200, x[2] = -1e200, x[3] = -2e200;
    }
}
END_TEST

/* ---- Positions: a value's line in its file ------------------------------ */

/* Lines: 1 header, 2 a (quoted over lines 2-3), 4 b, 5 c, 6 c with -inf, 7 c.
 * Filtered to g=c, the bad value is row 1 of the subset: reported on line 6. */
START_TEST(messages_name_the_line_of_a_value)
{
    static const char text_[] = "g,v,w\n\"a\nx\",1,1\nb,2,2\nc,3,3\nc,-inf,0\nc,5,-1\n";
    accelsel_dataset *ds = NULL, *sub = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text_, sizeof text_ - 1, NULL), 0);
    ck_assert_int_eq(accelsel_dataset_filter_expr(&sub, ds, "g=c"), 0);
    const char *cols[] = {"v"}, *wcol[] = {"w"};
    accelsel_features *f = NULL;
    assert_error(accelsel_features_fit(&f, sub, cols, NULL, 1, NULL), ACCELSEL_EDATA,
                 "column 'v', line 6 of <buffer>: infinite value");
    int log10 = ACCELSEL_TRANSFORM_LOG10;
    assert_error(accelsel_features_fit(&f, sub, wcol, &log10, 1, NULL), ACCELSEL_EDATA,
                 "column 'w', line 6 of <buffer>: log10 of 0 needs a value > 0");
    accelsel_criterion c[] = {{"v", 1, ACCELSEL_CRITERION_BENEFIT}};
    accelsel_ranking *r = NULL;
    assert_error(accelsel_ranking_compute(&r, sub, c, 1, ACCELSEL_RANK_TOPSIS, NULL), ACCELSEL_EDATA,
                 "column 'v', line 6 of <buffer>: infinite value");
    accelsel_dataset_free(sub);
    /* Rows taken in another order keep their lines. */
    size_t rows[] = {4, 0};
    ck_assert_int_eq(accelsel_dataset_select_rows(&sub, ds, rows, 2), 0);
    assert_error(accelsel_features_fit(&f, sub, wcol, &log10, 1, NULL), ACCELSEL_EDATA,
                 "column 'w', line 7 of <buffer>: log10 of -1"); /* row 4 is c,5,-1 */
    accelsel_dataset_free(sub);
    accelsel_dataset_free(ds);
    /* Rows built in memory are named as the caller's rows. */
    double v[] = {1, 2, INFINITY};
    ck_assert_int_eq(accelsel_dataset_new(&ds, 3), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "v", v, 3), 0);
    assert_error(accelsel_features_fit(&f, ds, cols, NULL, 1, NULL), ACCELSEL_EDATA,
                 "column 'v', dataset row 2: infinite value");
    accelsel_dataset_free(ds);
}
END_TEST

/* ---- Filters on column names holding '=' or '"' ------------------------ */

START_TEST(filter_quotes_column_names)
{
    static const char text_[] = "\"x=y\",\"a\"\"b\",n\n4,p,1\n5,q,2\n4,r,3\n";
    accelsel_dataset *ds = NULL, *sub = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text_, sizeof text_ - 1, NULL), 0);
    ck_assert_str_eq(accelsel_dataset_column_name(ds, 0), "x=y");
    ck_assert_int_eq(accelsel_dataset_filter_expr(&sub, ds, "\"x=y\"=4"), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(sub), 2); /* rows 0 and 2 */
    ck_assert(accelsel_dataset_number(sub, 1, 2) == 3.0);
    accelsel_dataset_free(sub);
    ck_assert_int_eq(accelsel_dataset_filter_expr(&sub, ds, "\"x=y\"=5..9"), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(sub), 1);
    accelsel_dataset_free(sub);
    ck_assert_int_eq(accelsel_dataset_filter_expr(&sub, ds, "\"a\"\"b\"=q"), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(sub), 1);
    accelsel_dataset_free(sub);
    ck_assert_int_eq(accelsel_dataset_filter_expr(&sub, ds, "\"n\"=1"), 0); /* quotes are optional */
    ck_assert_uint_eq(accelsel_dataset_rows(sub), 1);
    accelsel_dataset_free(sub);
    assert_error(accelsel_dataset_filter_expr(&sub, ds, "\"x=y=4"), ACCELSEL_EPARSE,
                 "unterminated quoted column name");
    assert_error(accelsel_dataset_filter_expr(&sub, ds, "\"x=y\"4"), ACCELSEL_EPARSE,
                 "no '=' after the quoted column name");
    /* Unquoted, the name is still the text before the first '='. */
    assert_error(accelsel_dataset_filter_expr(&sub, ds, "x=y=4"), ACCELSEL_ENOTFOUND, "no column 'x'");
    ck_assert_ptr_null(sub);
    accelsel_dataset_free(ds);
}
END_TEST

/* Messages quote names from files: no control character reaches the
 * terminal that shows them, and a message is one line. */
START_TEST(messages_hold_no_control_characters)
{
    static const char text_[] = "a\n1\n";
    accelsel_dataset *ds = NULL, *sub = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text_, sizeof text_ - 1, NULL), 0);
    int rc = accelsel_dataset_filter_expr(&sub, ds, "\x1b[2J\tb\xc2\x9b\x7f\nc=1");
    ck_assert_int_eq(rc, ACCELSEL_ENOTFOUND);
    const char *m = accelsel_last_error()->message;
    /* ESC, tab, the two bytes of U+009B and DEL are '?', the newline a space. */
    ck_assert_msg(strstr(m, "no column '?[2J?b?" "?? c'") != NULL, "message: %s", m);
    for (const unsigned char *p = (const unsigned char *)m; *p; p++)
        ck_assert_msg(*p >= 0x20 && *p != 0x7f && !(p[0] == 0xc2 && p[1] < 0xa0), "byte %u in '%s'", *p,
                      m);
    accelsel_dataset_free(ds);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hardening");
    TCase *growth = tcase_create("growth");
    tcase_add_test(growth, csv_late_text_is_linear);
    tcase_add_test(growth, csv_missing_spellings_are_hashed);
    tcase_add_test(growth, yaml_long_alias_memory_follows_input);
    tcase_add_test(growth, cluster_profiles_of_a_wide_table_are_linear);
    tcase_add_test(growth, onehot_of_a_level_per_row_is_refused);
    tcase_add_test(growth, importance_of_a_high_cardinality_variable_is_not_cubic);
    tcase_add_test(growth, h2h_on_a_chain_is_not_quadratic);
    /* The code these replace took minutes on the larger sizes. */
    tcase_set_timeout(growth, 300);
    suite_add_tcase(s, growth);
    TCase *answers = tcase_create("answers");
    tcase_add_test(answers, csv_late_text_keeps_level_order);
    tcase_add_test(answers, csv_numeric_missing_spelling);
    tcase_add_test(answers, yaml_few_aliases_still_load);
    tcase_add_test(answers, filter_quotes_column_names);
    tcase_add_test(answers, messages_hold_no_control_characters);
    tcase_add_test(answers, messages_name_the_line_of_a_value);
    tcase_add_test(answers, zscore_is_scaled_stably);
    tcase_add_test(answers, extreme_values_scale_or_are_refused);
    tcase_add_test(answers, clustering_refuses_values_whose_distances_overflow);
    suite_add_tcase(s, answers);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
