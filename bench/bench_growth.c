/* Growth with the input's size of the cases of the hardening rounds
 * (docs/hostile-inputs.md) whose cost once grew faster than their input:
 * each case runs at a size and at F times it, and the ratio of the CPU
 * seconds per call (the best of 3 rounds, each repeated over at least
 * 50 ms) is printed beside F, what linear code costs, and F squared, what
 * the quadratic code these cases replaced cost. Printed, never asserted:
 * tests/test_hardening.c and tests/test_catalog.c check the answers at the
 * larger sizes, and tests never assert on time.
 *
 *   bench_growth [NAME...]   only the cases whose name contains a NAME
 *
 * One line per case, then a JSON line per size with "seconds" (what
 * tools/run-bench --against compares). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accelsel/accelsel.h"

/* ---- Text --------------------------------------------------------------- */

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            abort();
        if (t->s != NULL && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = t->cap ? 2 * t->cap : 4096;
        while (cap <= t->len + (size_t)n)
            cap *= 2;
        char *s = realloc(t->s, cap);
        if (s == NULL)
            abort();
        t->s = s;
        t->cap = cap;
    }
}

static void repeat(text *t, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        put(t, "%s", s);
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

static int n_wanted;
static char **wanted;

static int selected(const char *name)
{
    if (n_wanted == 0)
        return 1;
    for (int i = 0; i < n_wanted; i++)
        if (strstr(name, wanted[i]) != NULL)
            return 1;
    return 0;
}

/* Time @p run on @p small (size @p n) and @p large (@p factor x @p n), print both. */
static void growth(const char *name, const char *what, run_fn run, void *small, void *large,
                   size_t n, double factor)
{
    double t1 = seconds_per_call(run, small), t2 = seconds_per_call(run, large);
    printf("%-24s %s: %.3g s at %zu, %.3g s at %.0f: %.2f times for %g times the size "
           "(linear %g, quadratic %g)\n",
           name, what, t1, n, t2, factor * (double)n, t2 / t1, factor, factor, factor * factor);
    printf("{\"bench\": \"growth-%s\", \"n\": %zu, \"seconds\": %.6g}\n", name, n, t1);
    printf("{\"bench\": \"growth-%s\", \"n\": %.0f, \"seconds\": %.6g}\n", name, factor * (double)n,
           t2);
    fflush(stdout);
}

/* ---- CSV ---------------------------------------------------------------- */

typedef struct csv_case {
    text t;
    accelsel_csv_options o;
    const char **na;
    char (*names)[8];
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
    accelsel_csv_options_init(&c->o, ACCELSEL_CSV_OPTIONS_VERSION);
    c->o.n_threads = 1;
}

static void csv_free(csv_case *c)
{
    free(c->t.s);
    free(c->na);
    free(c->names);
}

/* @p cols numeric columns of 40 rows, then a row of text in every column. */
static void late_text(csv_case *c, size_t cols)
{
    csv_init(c);
    for (size_t j = 0; j < cols; j++)
        put(&c->t, "%sc%zu", j ? "," : "", j);
    put(&c->t, "\n");
    for (int r = 0; r < 40; r++) {
        repeat(&c->t, "1,", cols - 1);
        put(&c->t, "1\n");
    }
    repeat(&c->t, "x,", cols - 1);
    put(&c->t, "x\n");
}

/* @p n spellings of missing and a text column of @p n rows, every tenth a spelling. */
static void many_spellings(csv_case *c, size_t n)
{
    csv_init(c);
    c->na = malloc(n * sizeof *c->na);
    c->names = malloc(n * sizeof *c->names);
    if (c->na == NULL || c->names == NULL)
        abort();
    for (size_t i = 0; i < n; i++) {
        snprintf(c->names[i], sizeof c->names[i], "na%zu", i);
        c->na[i] = c->names[i];
    }
    c->o.missing = c->na;
    c->o.n_missing = n;
    put(&c->t, "t\n");
    for (size_t r = 0; r < n; r++)
        put(&c->t, r % 10 == 0 ? "na%zu\n" : "value%zu\n", r);
}

static void bench_csv(void)
{
    csv_case small, large;
    if (selected("csv-late-text")) {
        late_text(&small, 500);
        late_text(&large, 2000);
        growth("csv-late-text", "CSV columns turning to text on the last row", load_csv, &small,
               &large, 500, 4);
        csv_free(&small);
        csv_free(&large);
    }
    if (selected("csv-missing")) {
        many_spellings(&small, 1000);
        many_spellings(&large, 4000);
        growth("csv-missing", "spellings of missing over as many rows", load_csv, &small, &large,
               1000, 4);
        csv_free(&small);
        csv_free(&large);
    }
}

/* ---- Learning on wide and high-cardinality tables ----------------------- */

typedef struct learn_case {
    accelsel_dataset *ds;
    accelsel_features *f;
} learn_case;

/* @p cols numeric columns c0.. of 5 rows (c0 and c1 the features). */
static int wide_table(learn_case *c, size_t cols)
{
    if (accelsel_dataset_new(&c->ds, 5) != 0)
        return -1;
    for (size_t j = 0; j < cols; j++) {
        char name[32];
        double v[5] = {1, 2, 3, 10, 11};
        v[j % 5] += (double)j;
        snprintf(name, sizeof name, "c%zu", j);
        if (accelsel_dataset_add_numeric(c->ds, name, v, 5) != 0)
            return -1;
    }
    const char *cols2[] = {"c0", "c1"};
    return accelsel_features_fit(&c->f, c->ds, cols2, NULL, 2, NULL);
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
    accelsel_cluster_model_free(m);
    return rc;
}

/* @p n rows: a target y = row, a numeric x, and a name unique to each row. */
static accelsel_dataset *unique_names(size_t n)
{
    accelsel_dataset *ds = NULL;
    double *y = malloc(n * sizeof *y), *x = malloc(n * sizeof *x);
    const char **names = malloc(n * sizeof *names);
    char *store = malloc(n * 32);
    if (!y || !x || !names || !store)
        abort();
    for (size_t i = 0; i < n; i++) {
        y[i] = (double)i;
        x[i] = (double)(i % 7);
        snprintf(store + 32 * i, 32, "system-%zu", i);
        names[i] = store + 32 * i;
    }
    if (accelsel_dataset_new(&ds, n) != 0 || accelsel_dataset_add_numeric(ds, "y", y, n) != 0 ||
        accelsel_dataset_add_numeric(ds, "x", x, n) != 0 ||
        accelsel_dataset_add_categorical(ds, "name", names, n) != 0)
        abort();
    free(y);
    free(x);
    free(names);
    free(store);
    return ds;
}

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

static void bench_learn(void)
{
    if (selected("cluster-profiles")) {
        learn_case small = {0}, large = {0};
        if (wide_table(&small, 1000) != 0 || wide_table(&large, 4000) != 0) {
            fprintf(stderr, "bench_growth: %s\n", accelsel_last_error()->message);
            exit(1);
        }
        growth("cluster-profiles", "cluster profiles of as many columns", cluster_wide, &small,
               &large, 1000, 4);
        accelsel_features_free(small.f);
        accelsel_features_free(large.f);
        accelsel_dataset_free(small.ds);
        accelsel_dataset_free(large.ds);
    }
    if (selected("importance-names")) {
        accelsel_dataset *small = unique_names(300), *large = unique_names(600);
        growth("importance-names", "importance refusing a name per row", importance_unique, small,
               large, 300, 2);
        accelsel_dataset_free(small);
        accelsel_dataset_free(large);
    }
}

/* ---- The h2h baseline on long chains ------------------------------------ */

/* A chain of @p n 3 x 3 convolutions of 16 channels on 16 x 16 pixels on
 * catalog system @p system under @p objective. */
static accelsel_mapping_problem *conv_chain(size_t n, const char *system, int objective)
{
    text t = {0};
    put(&t, "name: chain\ninputs: [{name: c0, shape: [16, 16, 16]}]\nlayers:\n");
    for (size_t i = 1; i <= n; i++)
        put(&t, "  - {name: c%zu, kind: conv2d, inputs: [c%zu], out_channels: 16, kernel: 3, "
                "padding: 1}\n", i, i - 1);
    accelsel_catalog *cat = NULL;
    accelsel_network *net = NULL;
    accelsel_mapping_problem *p = NULL;
    accelsel_mapping_problem_options o = ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT;
    o.objective = objective;
    if (accelsel_catalog_load_builtin(&cat) != 0 ||
        accelsel_network_load_buffer(&net, t.s, t.len, NULL) != 0 ||
        accelsel_mapping_problem_new(&p, cat, system, net, &o) != 0) {
        fprintf(stderr, "bench_growth: %s\n", accelsel_last_error()->message);
        exit(1);
    }
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
    free(t.s);
    return p;
}

static int solve_h2h(void *ctx)
{
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = "h2h";
    o.n_threads = 1;
    accelsel_mapping *m = NULL;
    int rc = accelsel_mapping_solve(&m, ctx, &o);
    accelsel_mapping_free(m);
    return rc;
}

static void bench_h2h(void)
{
    static const struct {
        const char *name, *what, *system;
        int objective;
        size_t n;
    } cases[] = {
        {"h2h-latency", "h2h, latency, chains on the 16 slots of dgx-2h", "dgx-2h",
         ACCELSEL_OBJECTIVE_LATENCY, 600},
        {"h2h-throughput", "h2h, throughput, chains on the 8 slots of adaptive-8", "adaptive-8",
         ACCELSEL_OBJECTIVE_THROUGHPUT, 400},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!selected(cases[i].name))
            continue;
        accelsel_mapping_problem *small = conv_chain(cases[i].n, cases[i].system, cases[i].objective);
        accelsel_mapping_problem *large =
            conv_chain(2 * cases[i].n, cases[i].system, cases[i].objective);
        growth(cases[i].name, cases[i].what, solve_h2h, small, large, cases[i].n, 2);
        accelsel_mapping_problem_free(small);
        accelsel_mapping_problem_free(large);
    }
}

/* ---- Catalogs of many anchors, aliases and names ------------------------ */

static int load_catalog(void *ctx)
{
    text *t = ctx;
    accelsel_catalog *cat = NULL;
    int rc = accelsel_catalog_load_buffer(&cat, t->s, t->len);
    accelsel_catalog_free(cat);
    return rc;
}

/* @p n anchors, then 2 @p n aliases of them (refused: an unknown key). */
static void anchors(text *t, size_t n)
{
    memset(t, 0, sizeof *t);
    put(t, "version: 1\nx0:\n");
    for (size_t i = 0; i < n; i++)
        put(t, "  - &a%zu v\n", i);
    for (size_t i = 0; i < 2 * n; i++)
        put(t, "  - *a%zu\n", i % n);
}

/* One device with @p n aliases. */
static void names(text *t, size_t n)
{
    memset(t, 0, sizeof *t);
    put(t, "version: 1\ndevices:\n  - name: d\n    vendor: v\n    kind: gpu\n    source: s\n"
           "    aliases:\n");
    for (size_t i = 0; i < n; i++)
        put(t, "      - a%zu\n", i);
}

static void bench_catalog(void)
{
    text small, large;
    if (selected("catalog-anchors")) {
        anchors(&small, 20000);
        anchors(&large, 40000);
        growth("catalog-anchors", "YAML anchors, then twice as many aliases of them", load_catalog,
               &small, &large, 20000, 2);
        free(small.s);
        free(large.s);
    }
    if (selected("catalog-names")) {
        names(&small, 25000);
        names(&large, 50000);
        growth("catalog-names", "aliases of one device", load_catalog, &small, &large, 25000, 2);
        free(small.s);
        free(large.s);
    }
}

int main(int argc, char **argv)
{
    n_wanted = argc - 1;
    wanted = argv + 1;
    bench_csv();
    bench_learn();
    bench_h2h();
    bench_catalog();
    return 0;
}
