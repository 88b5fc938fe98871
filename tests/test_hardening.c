/* Regression tests for the second hardening round (docs/hostile-inputs.md):
 * inputs whose cost grew faster than their size, and answers that were wrong.
 *
 * The cases whose cost grew faster than their size run here at the larger
 * size and check the answer there, derived by hand (every column turned to
 * text, the rows that are missing, the profile of a known split, the
 * refusal's message, the mapping that h2h must find) or by a second route
 * (the h2h search written plainly over accelsel_mapping_evaluate()). Where
 * growth is counted, it is counted, not timed: peak bytes allocated at two
 * sizes, and the evaluations a search makes. Their time at two sizes is
 * measured by bench/bench_growth.c, which prints the ratio beside the ratio
 * of the sizes and asserts nothing: tests never assert on time. */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "data/csv_load.h"
#include "testutil.h"

/* ---- Text building ------------------------------------------------------ */


static void repeat(testutil_text *t, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        testutil_put(t, "%s", s);
}

/* ---- Counting ---------------------------------------------------------- */

typedef int (*run_fn)(void *ctx);

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

/* 2,000 columns of 40 rows of 1, then x in every column: each column
 * turns to text on the last row (each column re-read the part before, columns
 * x size), with levels 1 then x in their order of first
 * appearance, codes 0 on the 40 rows and 1 on the last. */
START_TEST(csv_late_text_turns_every_column)
{
    csv_case c;
    late_text(&c, 2000);
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, c.t.s, c.t.len, &c.o), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 41);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 2000);
    for (size_t j = 0; j < 2000; j++) {
        ck_assert_int_eq(accelsel_dataset_column_type(ds, j), ACCELSEL_COLUMN_CATEGORICAL);
        ck_assert_uint_eq(accelsel_dataset_levels(ds, j), 2);
        ck_assert_str_eq(accelsel_dataset_level(ds, j, 0), "1");
        ck_assert_str_eq(accelsel_dataset_level(ds, j, 1), "x");
        for (size_t r = 0; r < 41; r++)
            ck_assert_int_eq(accelsel_dataset_code(ds, r, j), r < 40 ? 0 : 1);
    }
    accelsel_dataset_free(ds);
    csv_free(&c);
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

/* 1,000 and 4,000 spellings of missing (each field compared with every
 * spelling before, now hashed): every tenth row, written na0, na10, ..., is missing, and the
 * others keep their text. */
START_TEST(csv_missing_spellings_are_hashed)
{
    const size_t sizes[] = {1000, 4000};
    for (size_t k = 0; k < 2; k++) {
        size_t n = sizes[k];
        csv_case c;
        many_spellings(&c, n);
        accelsel_dataset *ds = NULL;
        ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, c.t.s, c.t.len, &c.o), 0);
        ck_assert_uint_eq(accelsel_dataset_rows(ds), n);
        ck_assert_int_eq(accelsel_dataset_column_type(ds, 0), ACCELSEL_COLUMN_CATEGORICAL);
        ck_assert_uint_eq(accelsel_dataset_levels(ds, 0), n - n / 10);
        for (size_t r = 0; r < n; r++) {
            ck_assert_int_eq(accelsel_dataset_is_missing(ds, r, 0), r % 10 == 0);
            if (r % 10 != 0) {
                char want[32];
                snprintf(want, sizeof want, "value%zu", r);
                ck_assert_str_eq(accelsel_dataset_level(ds, 0, (size_t)accelsel_dataset_code(ds, r, 0)),
                                 want);
            }
        }
        accelsel_dataset_free(ds);
        csv_free(&c);
    }
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

static void learn_free(learn_case *c)
{
    accelsel_features_free(c->f);
    accelsel_dataset_free(c->ds);
}

/* Profiles of 4,000 columns (each new column name was compared with all
 * earlier ones before). Column j is {1, 2, 3, 10, 11} with j added to row j mod 5, so
 * the features c0 = {1, 2, 3, 10, 11} and c1 = {1, 3, 3, 10, 11} split the
 * rows into {0, 1, 2} and {3, 4}. By hand, c0 has median, min and max 2, 1,
 * 3 and 10.5, 10, 11; c3999 (3999 mod 5 = 4) is {1, 2, 3, 10, 4010}: 2, 1, 3
 * and 2010, 10, 4010; c3997 (row 2 + 3997) 2, 1, 4000 and 10.5, 10, 11. */
START_TEST(cluster_profiles_of_a_wide_table)
{
    learn_case c = {0};
    wide_table(&c, 4000);
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 2;
    o.n_threads = 1;
    o.n_init = 1;
    accelsel_cluster_model *m = NULL;
    ck_assert_int_eq(accelsel_cluster_fit_dataset(&m, c.ds, c.f, &o), 0);
    const uint32_t *labels = accelsel_cluster_model_labels(m);
    uint32_t a = labels[0], b = labels[3];
    ck_assert_uint_ne(a, b);
    ck_assert(labels[1] == a && labels[2] == a && labels[4] == b);
    const accelsel_dataset *pr = accelsel_cluster_model_profiles(m);
    ck_assert_uint_eq(accelsel_dataset_rows(pr), 2);
    ck_assert_uint_eq(accelsel_dataset_cols(pr), 2 + 3 * 4000);
    static const struct { const char *col; double want[2][3]; } cases[] = {
        {"c0", {{2, 1, 3}, {10.5, 10, 11}}},
        {"c3999", {{2, 1, 3}, {2010, 10, 4010}}},
        {"c3997", {{2, 1, 4000}, {10.5, 10, 11}}},
    };
    size_t cluster_col, size_col;
    ck_assert_int_eq(accelsel_dataset_column_index(pr, "cluster", &cluster_col), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(pr, "size", &size_col), 0);
    for (size_t r = 0; r < 2; r++) {
        uint32_t cl = (uint32_t)accelsel_dataset_number(pr, r, cluster_col);
        ck_assert(cl == a || cl == b);
        int which = cl == b;
        ck_assert_double_eq(accelsel_dataset_number(pr, r, size_col), which ? 2 : 3);
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            static const char *const stat[] = {"median", "min", "max"};
            for (int k = 0; k < 3; k++) {
                char name[32];
                size_t col;
                snprintf(name, sizeof name, "%s_%s", cases[i].col, stat[k]);
                ck_assert_int_eq(accelsel_dataset_column_index(pr, name, &col), 0);
                ck_assert_msg(accelsel_dataset_number(pr, r, col) == cases[i].want[which][k],
                              "cluster %u %s: %g, want %g", cl, name,
                              accelsel_dataset_number(pr, r, col), cases[i].want[which][k]);
            }
        }
    }
    accelsel_cluster_model_free(m);
    learn_free(&c);
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

/* A name per row (its one-hot width grew with the rows: cubic) is refused at
 * 300 rows and at 600, naming the count. */
START_TEST(importance_of_a_high_cardinality_variable_is_refused)
{
    const size_t sizes[] = {300, 600};
    for (size_t k = 0; k < 2; k++) {
        accelsel_dataset *ds = unique_names(sizes[k]);
        char want[64];
        snprintf(want, sizeof want, "column 'name' has %zu distinct values", sizes[k]);
        assert_error(importance_unique(ds), ACCELSEL_EDATA, want);
        accelsel_dataset_free(ds);
    }
}
END_TEST

/* ---- The h2h baseline on long chains ------------------------------------ */

/* h2h tries every compute layer on every slot. Each try was a walk of the
 * whole network, so a pass took layers x slots walks of every layer:
 * 0.38 s for a chain of 1000 convolutions on the 16 slots of dgx-2h, 1.57 s
 * for 2000, 5.98 s for 4000. A try now walks from its layer until its
 * answer is known, which on a chain is a layer or two past it. Here: the
 * answer at the larger sizes; bench/bench_growth.c (h2h-latency,
 * h2h-throughput): the time at two sizes. */

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

static accelsel_mapping *solve_method(const h2h_case *c, const char *method)
{
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = method;
    o.n_threads = 1;
    accelsel_mapping *m = NULL;
    int rc = accelsel_mapping_solve(&m, c->p, &o);
    ck_assert_msg(rc == 0, "%s: %s", method, accelsel_last_error()->message);
    return m;
}

/* The objective of @p c's mapping with @p slot_design and per layer the
 * single slot mask @p group, by accelsel_mapping_evaluate(). */
static double evaluate(const h2h_case *c, const uint32_t *slot_design, const uint64_t *group,
                       const int32_t *strategy, size_t n_slots, size_t n_layers)
{
    accelsel_mapping_spec spec = {ACCELSEL_MAPPING_SPEC_VERSION, n_slots, slot_design, n_layers,
                                  group, strategy};
    accelsel_mapping *m = NULL;
    int rc = accelsel_mapping_evaluate(&m, c->p, &spec);
    ck_assert_msg(rc == 0, "%s", accelsel_last_error()->message);
    double v = accelsel_mapping_objective_s(m);
    accelsel_mapping_free(m);
    return v;
}

/* H2H's second step written plainly, as lib/map/h2h.c describes it and as
 * it computed it before the walks were cut short: from the
 * computation-first mapping, each layer in order tried alone on every slot
 * in turn, a try kept when its objective (evaluated whole) is below the
 * kept one's, passes until one keeps nothing, at most 8. Its groups go to
 * @p group; the passes to @p passes. */
static double plain_h2h(const h2h_case *c, uint64_t *group, int *passes)
{
    accelsel_mapping *cf = solve_method(c, "computation-first");
    accelsel_mapping_spec spec;
    ck_assert_int_eq(accelsel_mapping_get_spec(cf, &spec), 0);
    size_t S = spec.n_slots, L = spec.n_layers;
    uint32_t *design = malloc(S * sizeof *design);
    int32_t *strategy = calloc(L, sizeof *strategy); /* ACCELSEL_STRATEGY_NONE */
    ck_assert(design && strategy);
    memcpy(design, spec.slot_design, S * sizeof *design);
    memcpy(group, spec.layer_slots, L * sizeof *group);
    accelsel_mapping_free(cf);
    double kept = evaluate(c, design, group, strategy, S, L);
    int moved = 1;
    for (*passes = 0; moved && *passes < 8; ++*passes) {
        moved = 0;
        for (size_t l = 1; l < L; l++) { /* layer 0 is the input */
            for (size_t s = 0; s < S; s++) {
                uint64_t keep = group[l];
                if ((UINT64_C(1) << s) == keep)
                    continue;
                group[l] = UINT64_C(1) << s;
                double v = evaluate(c, design, group, strategy, S, L);
                if (v < kept) {
                    kept = v;
                    moved = 1;
                } else {
                    group[l] = keep;
                }
            }
        }
    }
    free(design);
    free(strategy);
    return kept;
}

/* Latency on the 16 V100s of dgx-2h, 600 and 1,200 identical layers: a move
 * only adds transfers, so h2h keeps every layer on slot 0 after one pass of
 * 16 tries a layer (1 + 16 x layers evaluations, the computation-first
 * mapping the first), and the latency is that of one slot running the
 * chain: the layers back to back, each taking the same compute time c, so
 * that 600 more layers add 600 c. The mapping with every layer on slot 0,
 * evaluated, gives the same latency to the bit. */
START_TEST(h2h_on_a_long_chain_under_latency)
{
    const size_t sizes[] = {600, 1200};
    double latency[2], c = 0;
    for (size_t k = 0; k < 2; k++) {
        size_t n = sizes[k];
        h2h_case hc;
        conv_chain(&hc, n, "dgx-2h", ACCELSEL_OBJECTIVE_LATENCY);
        accelsel_mapping *m = solve_method(&hc, "h2h");
        ck_assert_uint_eq(accelsel_mapping_evaluations(m), 1 + 16 * n);
        ck_assert_uint_eq(accelsel_mapping_layer_count(m), n + 1);
        const accelsel_mapping_layer_info *first = accelsel_mapping_layer(m, 1);
        if (k == 0)
            c = first->compute_s;
        ck_assert_double_eq(first->compute_s, c);
        for (size_t l = 1; l <= n; l++) {
            const accelsel_mapping_layer_info *li = accelsel_mapping_layer(m, l);
            ck_assert_uint_eq(li->slots, 1);
            ck_assert_double_eq(li->compute_s, c);
            if (l > 1) {
                ck_assert_double_eq(li->comm_in_s, 0);
                ck_assert_double_eq(li->start_s, accelsel_mapping_layer(m, l - 1)->end_s);
            }
        }
        const accelsel_mapping_breakdown *bd = accelsel_mapping_get_breakdown(m);
        ck_assert_uint_eq(bd->used_slots, 1);
        ck_assert_double_eq_tol(bd->compute_s, n * c, 1e-12 * n * c);
        latency[k] = bd->latency_s;
        uint32_t design[16] = {0};
        uint64_t *group = malloc((n + 1) * sizeof *group);
        int32_t *strategy = calloc(n + 1, sizeof *strategy);
        ck_assert(group && strategy);
        for (size_t l = 0; l <= n; l++)
            group[l] = 1;
        ck_assert_double_eq(evaluate(&hc, design, group, strategy, 16, n + 1), latency[k]);
        free(group);
        free(strategy);
        accelsel_mapping_free(m);
        accelsel_mapping_problem_free(hc.p);
    }
    ck_assert_double_eq_tol(latency[1] - latency[0], 600 * c, 1e-9 * 600 * c);
}
END_TEST

/* Throughput on adaptive-8, 800 layers: most tries load a slot past the
 * kept period and end there, not at the last layer. The search that cuts
 * its walks short keeps the same moves and reports the same period, to the
 * bit, as the plain one evaluating every try whole, with 1 + passes x 8 x
 * layers evaluations. */
START_TEST(h2h_on_a_long_chain_under_throughput)
{
    size_t n = getenv("ACCELSEL_TEST_LIGHT") != NULL ? 100 : 800;
    h2h_case hc;
    conv_chain(&hc, n, "adaptive-8", ACCELSEL_OBJECTIVE_THROUGHPUT);
    uint64_t *group = malloc((n + 1) * sizeof *group);
    ck_assert_ptr_nonnull(group);
    int passes;
    double want = plain_h2h(&hc, group, &passes);
    accelsel_mapping *m = solve_method(&hc, "h2h");
    ck_assert_double_eq(accelsel_mapping_objective_s(m), want);
    ck_assert_uint_eq(accelsel_mapping_evaluations(m), 1 + (uint64_t)passes * 8 * n);
    for (size_t l = 1; l <= n; l++)
        ck_assert_msg(accelsel_mapping_layer(m, l)->slots == group[l], "layer %zu: slots %#llx, want %#llx",
                      l, (unsigned long long)accelsel_mapping_layer(m, l)->slots,
                      (unsigned long long)group[l]);
    free(group);
    accelsel_mapping_free(m);
    accelsel_mapping_problem_free(hc.p);
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
    tcase_add_test(growth, csv_late_text_turns_every_column);
    tcase_add_test(growth, csv_missing_spellings_are_hashed);
    tcase_add_test(growth, yaml_long_alias_memory_follows_input);
    tcase_add_test(growth, cluster_profiles_of_a_wide_table);
    tcase_add_test(growth, onehot_of_a_level_per_row_is_refused);
    tcase_add_test(growth, importance_of_a_high_cardinality_variable_is_refused);
    tcase_add_test(growth, h2h_on_a_long_chain_under_latency);
    tcase_add_test(growth, h2h_on_a_long_chain_under_throughput);
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
