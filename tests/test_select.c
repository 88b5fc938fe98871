/* The selection method as one call: on tables with no MLPerf column (what is
 * skipped and said, k clamped to the rows, TOPSIS closeness of rows and of
 * group medians against the textbook formula computed here), usage errors
 * naming their field, Pareto without sensitivity, the README's findings on the
 * built-in data, and allocation failures. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

#define N_QUOTES 8

/* Vendor quotes: a name, a price, a speed and a power draw; no MLPerf column. */
static const char *const quote_names[N_QUOTES] = {"A", "B", "C", "D", "E", "F", "G", "H"};
static const double price[N_QUOTES] = {250, 200, 300, 275, 225, 210, 520, 480};
static const double speed[N_QUOTES] = {16, 16, 32, 32, 16, 8, 64, 60};
static const double power[N_QUOTES] = {12, 8, 16, 8, 16, 10, 30, 25};

static accelsel_dataset *quotes(void)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, N_QUOTES), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "vendor", quote_names, N_QUOTES), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "price", price, N_QUOTES), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "speed", speed, N_QUOTES), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "power", power, N_QUOTES), 0);
    return ds;
}

static accelsel_selection_options quote_options(void)
{
    accelsel_selection_options o = ACCELSEL_SELECTION_OPTIONS_INIT;
    o.features = "log10(price),speed";
    o.criteria = "price:0.5:cost,speed:0.3:benefit,power:0.2:cost";
    return o;
}

static accelsel_selection *run_ok(const accelsel_dataset *ds, const accelsel_selection_options *o)
{
    accelsel_selection *s = NULL;
    int rc = accelsel_selection_run(&s, ds, o);
    ck_assert_msg(rc == 0, "run: %s", accelsel_last_error()->message);
    return s;
}

static int has_note(const accelsel_selection *s, const char *part)
{
    for (size_t i = 0; i < accelsel_selection_note_count(s); i++)
        if (strstr(accelsel_selection_note(s, i), part) != NULL)
            return 1;
    return 0;
}

/* TOPSIS closeness by the textbook (Hwang and Yoon 1981): vector
 * normalisation, weights, distances to the ideal and anti-ideal rows. */
static void textbook_topsis(const double *const *cols, const double *w, const int *cost, size_t k,
                            size_t n, double *out)
{
    double wsum = 0;
    for (size_t j = 0; j < k; j++)
        wsum += w[j];
    double v[3][N_QUOTES], best[3], worst[3];
    for (size_t j = 0; j < k; j++) {
        double norm = 0;
        for (size_t i = 0; i < n; i++)
            norm += cols[j][i] * cols[j][i];
        norm = sqrt(norm);
        best[j] = cost[j] ? INFINITY : -INFINITY;
        worst[j] = -best[j];
        for (size_t i = 0; i < n; i++) {
            v[j][i] = w[j] / wsum * cols[j][i] / norm;
            best[j] = cost[j] ? fmin(best[j], v[j][i]) : fmax(best[j], v[j][i]);
            worst[j] = cost[j] ? fmax(worst[j], v[j][i]) : fmin(worst[j], v[j][i]);
        }
    }
    for (size_t i = 0; i < n; i++) {
        double dp = 0, dm = 0;
        for (size_t j = 0; j < k; j++) {
            dp += (v[j][i] - best[j]) * (v[j][i] - best[j]);
            dm += (v[j][i] - worst[j]) * (v[j][i] - worst[j]);
        }
        out[i] = sqrt(dm) / (sqrt(dp) + sqrt(dm));
    }
}

START_TEST(any_table_skips_and_says)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    accelsel_selection *s = run_ok(ds, &o);
    ck_assert(has_note(s, "derived metrics skipped"));
    ck_assert(has_note(s, "variable importance skipped"));
    ck_assert_ptr_null(accelsel_selection_importance(s));
    ck_assert_ptr_null(accelsel_selection_target(s));
    ck_assert_uint_eq(accelsel_dataset_rows(accelsel_selection_dataset(s)), N_QUOTES);
    /* 8 rows: k over 2..10 becomes 2..7, said in a note. */
    ck_assert_uint_eq(accelsel_selection_k_min(s), 2);
    ck_assert_uint_eq(accelsel_selection_k_max(s), N_QUOTES - 1);
    ck_assert(has_note(s, "k range clamped to 2..7"));
    ck_assert_ptr_nonnull(accelsel_selection_recommendation(s));
    ck_assert_ptr_nonnull(strstr(accelsel_selection_recommendation(s), "ranks first"));
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(rows_ranked_by_textbook_topsis)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    accelsel_selection *s = run_ok(ds, &o);
    const double *cols[3] = {price, speed, power};
    const double w[3] = {0.5, 0.3, 0.2};
    const int cost[3] = {1, 0, 1};
    double want[N_QUOTES];
    textbook_topsis(cols, w, cost, 3, N_QUOTES, want);
    const accelsel_ranking *r = accelsel_selection_row_ranking(s);
    ck_assert_uint_eq(accelsel_ranking_ranked_count(r), N_QUOTES);
    for (size_t i = 0; i < N_QUOTES; i++)
        ck_assert_double_eq_tol(accelsel_ranking_scores(r)[i], want[i], 1e-12);
    /* The recommendation names the best row by its figures. */
    size_t top = accelsel_ranking_order(r)[0];
    for (size_t i = 0; i < N_QUOTES; i++)
        ck_assert(want[top] >= want[i]);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

static int by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(const double *v, const uint32_t *group, uint32_t g, size_t n)
{
    double tmp[N_QUOTES];
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (group[i] == g)
            tmp[m++] = v[i];
    qsort(tmp, m, sizeof *tmp, by_double);
    return m % 2 ? tmp[m / 2] : (tmp[m / 2 - 1] + tmp[m / 2]) / 2;
}

START_TEST(groups_ranked_by_textbook_topsis_on_medians)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    o.k = 3;
    accelsel_selection *s = run_ok(ds, &o);
    const uint32_t *group = accelsel_selection_row_labels(s);
    double med[3][3];
    const double *cols[3] = {price, speed, power};
    for (uint32_t g = 0; g < 3; g++)
        for (size_t j = 0; j < 3; j++)
            med[j][g] = median_of(cols[j], group, g, N_QUOTES);
    const double *mcols[3] = {med[0], med[1], med[2]};
    const double w[3] = {0.5, 0.3, 0.2};
    const int cost[3] = {1, 0, 1};
    double want[3];
    textbook_topsis(mcols, w, cost, 3, 3, want);
    const accelsel_ranking *r = accelsel_selection_group_ranking(s);
    ck_assert_uint_eq(accelsel_ranking_ranked_count(r), 3);
    for (size_t i = 0; i < 3; i++) {
        uint32_t g = accelsel_selection_group_at(s, i);
        size_t row = accelsel_ranking_order(r)[i];
        ck_assert_double_eq_tol(accelsel_ranking_scores(r)[row], want[g], 1e-12);
        if (i > 0)
            ck_assert(want[accelsel_selection_group_at(s, i - 1)] >= want[g]);
    }
    ck_assert_uint_eq(accelsel_selection_group_at(s, 3), UINT32_MAX);
    ck_assert_ptr_null(accelsel_selection_k_choice(s));
    ck_assert_str_eq(accelsel_selection_k_reason(s), "k = 3 was given");
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(target_gives_importance)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    o.target = "log10(price)";
    o.variables = "speed,power";
    o.k = 2;
    accelsel_selection *s = run_ok(ds, &o);
    ck_assert_ptr_nonnull(accelsel_selection_importance(s));
    ck_assert_str_eq(accelsel_selection_target(s), "log10(price)");
    ck_assert_uint_eq(accelsel_importance_n_features(accelsel_selection_importance(s)), 2);
    ck_assert(!has_note(s, "importance skipped"));
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* The failure's status and the field it blames; the message no longer
 * repeats the field as a prefix. */
static void fails(const accelsel_dataset *ds, const accelsel_selection_options *o, int status,
                  const char *field)
{
    accelsel_selection *s = (accelsel_selection *)1;
    int rc = accelsel_selection_run(&s, ds, o);
    ck_assert_msg(rc == status, "got %d (%s), want %d", rc, accelsel_last_error()->message, status);
    ck_assert_ptr_null(s);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(e->field != NULL && strcmp(e->field, field) == 0, "'%s' blames %s, not %s",
                  e->message, e->field ? e->field : "no field", field);
    ck_assert_msg(strncmp(e->message, field, strlen(field)) != 0 || e->message[strlen(field)] != ':',
                  "'%s' still starts with '%s:'", e->message, field);
}

START_TEST(errors_name_their_field)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    o.features = NULL; /* the default features need MLPerf columns */
    fails(ds, &o, ACCELSEL_EINVAL, "features");
    o = quote_options();
    o.criteria = NULL;
    fails(ds, &o, ACCELSEL_EINVAL, "criteria");
    o = quote_options();
    o.criteria = "price:1:cheap";
    fails(ds, &o, ACCELSEL_EPARSE, "criteria");
    o = quote_options();
    o.features = "speed,no_such";
    fails(ds, &o, ACCELSEL_ENOTFOUND, "features");
    o = quote_options();
    const char *where[] = {"vendor=Z"};
    o.where = where;
    o.n_where = 1;
    fails(ds, &o, ACCELSEL_EEMPTY, "where");
    o = quote_options();
    o.k_min = 8; /* 8 rows allow at most 7 groups */
    o.k_max = 9;
    fails(ds, &o, ACCELSEL_EINVAL, "k_min");
    o = quote_options();
    o.target = "no_such";
    o.variables = "speed";
    fails(ds, &o, ACCELSEL_ENOTFOUND, "target");
    o.target = "log10(no_such)"; /* fails after the variables are made: nothing leaks */
    fails(ds, &o, ACCELSEL_ENOTFOUND, "target");
    o.target = "log10(vendor)";
    fails(ds, &o, ACCELSEL_ETYPE, "target");
    accelsel_dataset_free(ds);
    /* A table of no rows says so, whatever its columns. */
    accelsel_dataset *empty;
    ck_assert_int_eq(accelsel_dataset_new(&empty, 0), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(empty, "division_norm", NULL, 0), 0);
    o = quote_options();
    fails(empty, &o, ACCELSEL_EEMPTY, "rows");
    accelsel_dataset_free(empty);
}
END_TEST

/* log10(NAME) of a name of any length takes that column, not one whose
 * name is a prefix of it: a 300-byte name beside its first 255 bytes. */
START_TEST(long_target_names)
{
    accelsel_dataset *ds = quotes();
    char long_name[301], prefix[256], target[320];
    memset(long_name, 'a', 300), long_name[300] = '\0';
    memcpy(prefix, long_name, 255), prefix[255] = '\0';
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, long_name, price, N_QUOTES), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, prefix, speed, N_QUOTES), 0);
    snprintf(target, sizeof target, "log10(%s)", long_name);
    accelsel_selection_options o = quote_options();
    o.target = target;
    o.variables = "power";
    accelsel_selection *s = run_ok(ds, &o);
    size_t col;
    const accelsel_dataset *out = accelsel_selection_dataset(s);
    ck_assert_int_eq(accelsel_dataset_column_index(out, target, &col), 0);
    for (size_t i = 0; i < N_QUOTES; i++)
        ck_assert_double_eq_tol(accelsel_dataset_number(out, i, col), log10(price[i]), 1e-15);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* A division column left blank on every row (so read as numeric) does not
 * filter: all eight quotes stay; one division given keeps the closed rows. */
START_TEST(blank_division_keeps_every_row)
{
    accelsel_dataset *ds = quotes();
    const double blank[N_QUOTES] = {NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN};
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "division_norm", blank, N_QUOTES), 0);
    accelsel_selection_options o = quote_options();
    accelsel_selection *s = run_ok(ds, &o);
    ck_assert_uint_eq(accelsel_dataset_rows(accelsel_selection_dataset(s)), N_QUOTES);
    ck_assert_uint_eq(accelsel_selection_filter_count(s), 0); /* a blank division filters nothing */
    accelsel_selection_free(s);
    const char *div[N_QUOTES] = {"closed", "open", "closed", "closed", "open", "closed", "closed",
                                 "closed"};
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "division_norm", div, N_QUOTES), 0);
    s = run_ok(ds, &o);
    ck_assert_uint_eq(accelsel_dataset_rows(accelsel_selection_dataset(s)), 6);
    ck_assert_uint_eq(accelsel_selection_filter_count(s), 1);
    ck_assert_str_eq(accelsel_selection_filter(s, 0), "closed division");
    accelsel_selection_free(s);
    /* Numbers where the division's name belongs: a type error, not a filter. */
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "division_norm", price, N_QUOTES), 0);
    fails(ds, &o, ACCELSEL_ETYPE, "rows");
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(pareto_has_no_sensitivity)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    o.k = 3;
    o.method = ACCELSEL_RANK_PARETO;
    accelsel_selection *s = run_ok(ds, &o);
    ck_assert_ptr_null(accelsel_selection_sensitivity(s));
    ck_assert(has_note(s, "weights do not change Pareto fronts"));
    o.method = ACCELSEL_RANK_TOPSIS;
    accelsel_selection *t = run_ok(ds, &o);
    ck_assert_ptr_nonnull(accelsel_selection_sensitivity(t));
    accelsel_selection_free(t);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* Pareto fronts tie: rows of one front share a rank, and are listed by
 * their TOPSIS closeness on the same criteria (computed here). */
START_TEST(pareto_ties_share_a_rank)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    o.k = 2;
    o.method = ACCELSEL_RANK_PARETO;
    accelsel_selection *s = run_ok(ds, &o);
    const double *cols[3] = {price, speed, power};
    const double w[3] = {0.5, 0.3, 0.2};
    const int cost[3] = {1, 0, 1};
    double closeness[N_QUOTES];
    textbook_topsis(cols, w, cost, 3, N_QUOTES, closeness);
    const double *score = accelsel_ranking_scores(accelsel_selection_row_ranking(s));
    const size_t *order = accelsel_selection_row_order(s);
    size_t ties = 0;
    for (size_t i = 0; i < N_QUOTES; i++) {
        size_t row = order[i], better = 0;
        for (size_t j = 0; j < N_QUOTES; j++)
            better += score[j] > score[row];
        ck_assert_uint_eq(accelsel_selection_row_rank(s, row), better + 1);
        if (i > 0 && score[order[i - 1]] == score[row]) {
            ties++;
            ck_assert(closeness[order[i - 1]] >= closeness[row]);
        } else if (i > 0)
            ck_assert(score[order[i - 1]] > score[row]);
    }
    ck_assert_uint_gt(ties, 0); /* these quotes have a front of several rows */
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* The README's findings on the built-in data (rows kept, k, silhouette, the
 * group scores, the out-of-bag R^2, the best configuration). */
START_TEST(readme_findings)
{
    if (getenv("ACCELSEL_TEST_LIGHT") != NULL)
        return; /* a forest and ten clusterings: too long under valgrind */
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    accelsel_selection *s = run_ok(ds, NULL);
    ck_assert_uint_eq(accelsel_selection_rows_in(s), 343);
    ck_assert_uint_eq(accelsel_dataset_rows(accelsel_selection_dataset(s)), 275);
    ck_assert_uint_eq(accelsel_selection_note_count(s), 0);
    /* The built-in data has every filter column, and some rows say their division. */
    static const char *const filters[] = {"time to train > 0", "accelerators > 0",
                                          "closed division", "unique logs"};
    ck_assert_uint_eq(accelsel_selection_filter_count(s), 4);
    for (size_t i = 0; i < 4; i++)
        ck_assert_str_eq(accelsel_selection_filter(s, i), filters[i]);
    ck_assert_ptr_null(accelsel_selection_filter(s, 4));
    ck_assert_uint_eq(accelsel_cluster_model_k(accelsel_selection_model(s)), 2);
    ck_assert_double_eq_tol(accelsel_cluster_model_silhouette(accelsel_selection_model(s)), 0.557,
                            5e-4);
    ck_assert_double_eq_tol(accelsel_importance_oob_r2(accelsel_selection_importance(s)), 0.951,
                            5e-4);
    const accelsel_ranking *g = accelsel_selection_group_ranking(s);
    const size_t *order = accelsel_ranking_order(g);
    ck_assert_double_eq_tol(accelsel_ranking_scores(g)[order[0]], 0.688, 5e-4);
    ck_assert_double_eq_tol(accelsel_ranking_scores(g)[order[1]], 0.312, 5e-4);
    const accelsel_ranking *r = accelsel_selection_row_ranking(s);
    size_t best = accelsel_ranking_order(r)[0], col;
    ck_assert_double_eq_tol(accelsel_ranking_scores(r)[best], 0.946, 5e-4);
    const accelsel_dataset *kept = accelsel_selection_dataset(s);
    ck_assert_int_eq(accelsel_dataset_column_index(kept, "system_name", &col), 0);
    ck_assert_ptr_nonnull(strstr(accelsel_dataset_string(kept, best, col), "ESC-N8-E11"));
    ck_assert_ptr_nonnull(strstr(accelsel_selection_recommendation(s), "ESC-N8-E11"));
    /* The README's group table: the first group's most common family and CPU. */
    ck_assert_int_eq(accelsel_selection_mlperf_shaped(s), 1);
    uint32_t first = accelsel_selection_group_at(s, 0);
    const char *value = NULL;
    size_t count, ties, missing;
    ck_assert_int_eq(accelsel_selection_mode(s, first, "accelerator_family", &value, &count, &ties,
                                             &missing), 0);
    ck_assert_str_eq(value, "NVIDIA A100");
    ck_assert_uint_eq(count, 15);
    ck_assert_uint_eq(missing, 0);
    ck_assert_int_eq(accelsel_selection_mode(s, first, "host_processor_model_name", &value,
                                             &count, &ties, &missing), 0);
    ck_assert_str_eq(value, "AMD EPYC 7742");
    ck_assert_uint_eq(count, 15);
    ck_assert_uint_eq(missing, 2);
    ck_assert_uint_eq(accelsel_selection_group_size(s, first), 56);
    ck_assert_double_eq(accelsel_selection_profile_number(s, first, "accelerators_median"), 512);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

static void assert_criteria(const accelsel_selection *s, const char *const *want, size_t n_want)
{
    size_t n = 0;
    const accelsel_criterion *c = accelsel_selection_criteria(s, &n);
    ck_assert_uint_eq(n, n_want);
    for (size_t i = 0; i < n; i++)
        ck_assert_str_eq(c[i].column, want[i]);
}

/* The rows of another MLPerf benchmark get the defaults without throughput,
 * and energy per training joins the criteria where every row has one. */
START_TEST(other_benchmark_defaults)
{
    static const char *const base[] = {"time_to_train_min", "efficiency", "accelerator_hours"};
    static const char *const energy[] = {"time_to_train_min", "efficiency", "accelerator_hours",
                                         "measured_energy_kwh"};
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_benchmark(&ds, "llama2_70b_lora"), 0);
    accelsel_selection_options o = ACCELSEL_SELECTION_OPTIONS_INIT;
    o.k = 2;
    o.target = "";
    accelsel_selection *s = run_ok(ds, &o);
    assert_criteria(s, base, 3);
    ck_assert(has_note(s, "other than ResNet-50"));
    ck_assert(!has_note(s, "measured_energy_kwh joins"));
    size_t n, d;
    accelsel_selection_matrix(s, &n, &d, NULL);
    ck_assert_uint_eq(d, 3); /* log10(accelerators), log10(time), efficiency */
    ck_assert_ptr_null(strstr(accelsel_selection_recommendation(s), "images/s"));
    accelsel_selection_free(s);
    /* The power submissions alone: 8 of the 112 rows, all with a measured
     * energy; the 3 DC-power rows of Sustainable Metal Cloud are the same
     * runs as its AC-power rows (same_runs_as), which the row filters drop,
     * so 5 are ranked. */
    const char *where[] = {"measured_energy_kwh=0.."};
    o.where = where;
    o.n_where = 1;
    s = run_ok(ds, &o);
    ck_assert_uint_eq(accelsel_dataset_rows(accelsel_selection_dataset(s)), 5);
    assert_criteria(s, energy, 4);
    ck_assert(has_note(s, "measured_energy_kwh joins the criteria"));
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* The ResNet-50 rows of the table of every benchmark are ranked as the
 * ResNet table is (the README's k = 2 groups). */
START_TEST(resnet_rows_of_every_benchmark)
{
    if (getenv("ACCELSEL_TEST_LIGHT") != NULL)
        return; /* a forest and ten clusterings: too long under valgrind */
    accelsel_dataset *all = NULL, *rn = NULL;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&all, "mlperf-training"), 0);
    ck_assert_int_eq(accelsel_dataset_filter_equal(&rn, all, "benchmark", "resnet"), 0);
    accelsel_selection *s = run_ok(rn, NULL);
    ck_assert_uint_eq(accelsel_dataset_rows(accelsel_selection_dataset(s)), 275);
    ck_assert(!has_note(s, "other than ResNet-50"));
    const accelsel_ranking *g = accelsel_selection_group_ranking(s);
    const size_t *order = accelsel_ranking_order(g);
    ck_assert_double_eq_tol(accelsel_ranking_scores(g)[order[0]], 0.688, 5e-4);
    ck_assert_double_eq_tol(accelsel_ranking_scores(g)[order[1]], 0.312, 5e-4);
    accelsel_selection_free(s);
    accelsel_dataset_free(rn);
    accelsel_dataset_free(all);
}
END_TEST

/* Two groups made by hand: x = 1, 2, 3 and x = 10, 11, 12 (k = 2), with
 * a vendor column A, B, A | C, B, missing. The first group's mode is A, 2
 * of 3, no tie; in the second C and B are as common (1 each) and B, which
 * the dataset saw first (row 1, before C on row 3), is the mode, with one
 * tie and one row missing. The profiles' own cell names the same value. */
START_TEST(modes_with_ties_by_hand)
{
    static const double x[6] = {1, 2, 3, 10, 11, 12}, y[6] = {5, 4, 6, 1, 2, 1};
    const char *vendor[6] = {"A", "B", "A", "C", "B", NULL};
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "x", x, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "y", y, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "vendor", vendor, 6), 0);
    accelsel_selection_options o = ACCELSEL_SELECTION_OPTIONS_INIT;
    o.features = "x,y";
    o.criteria = "x:1:benefit,y:1:cost";
    o.k = 2;
    accelsel_selection *s = run_ok(ds, &o);
    const uint32_t *label = accelsel_selection_row_labels(s);
    uint32_t low = label[0], high = label[3];
    ck_assert_uint_ne(low, high);
    const char *value = NULL;
    size_t count = 9, ties = 9, missing = 9;
    ck_assert_int_eq(accelsel_selection_mode(s, low, "vendor", &value, &count, &ties, &missing), 0);
    ck_assert_str_eq(value, "A");
    ck_assert_uint_eq(count, 2);
    ck_assert_uint_eq(ties, 0);
    ck_assert_uint_eq(missing, 0);
    ck_assert_int_eq(accelsel_selection_mode(s, high, "vendor", &value, &count, &ties, &missing),
                     0);
    ck_assert_str_eq(value, "B");
    ck_assert_uint_eq(count, 1);
    ck_assert_uint_eq(ties, 1);
    ck_assert_uint_eq(missing, 1);
    const accelsel_dataset *p = accelsel_cluster_model_profiles(accelsel_selection_model(s));
    size_t col, cl;
    ck_assert_int_eq(accelsel_dataset_column_index(p, "vendor", &col), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(p, "cluster", &cl), 0);
    for (size_t i = 0; i < 2; i++)
        ck_assert_str_eq(accelsel_dataset_string(p, i, col),
                         accelsel_dataset_number(p, i, cl) == (double)high ? "B" : "A");
    /* Medians by hand; the second group is better on both criteria, so it
     * is TOPSIS's ideal (closeness 1) and the first its anti-ideal (0). */
    ck_assert_double_eq(accelsel_selection_profile_number(s, low, "x_median"), 2);
    ck_assert_double_eq(accelsel_selection_profile_number(s, high, "y_median"), 1);
    ck_assert(isnan(accelsel_selection_profile_number(s, high, "vendor")));
    ck_assert(isnan(accelsel_selection_profile_number(s, 2, "x_median")));
    ck_assert_uint_eq(accelsel_selection_group_size(s, low), 3);
    ck_assert_uint_eq(accelsel_selection_group_at(s, 0), high);
    ck_assert_double_eq(accelsel_selection_group_score(s, high), 1.0);
    ck_assert_double_eq(accelsel_selection_group_score(s, low), 0.0);
    ck_assert_uint_eq(accelsel_selection_group_rank(s, high), 1);
    ck_assert_uint_eq(accelsel_selection_group_rank(s, low), 2);
    ck_assert_uint_eq(accelsel_selection_group_rank(s, 2), 0);
    ck_assert_str_eq(accelsel_selection_median_column(s, 1), "y_median");
    ck_assert_int_eq(accelsel_selection_mlperf_shaped(s), 0);
    ck_assert_ptr_null(accelsel_selection_importance_order(s)); /* no target column */
    ck_assert_int_eq(accelsel_selection_mode(s, low, "x", &value, NULL, NULL, NULL), ACCELSEL_ETYPE);
    ck_assert_str_eq(accelsel_last_error()->field, "column");
    ck_assert_int_eq(accelsel_selection_mode(s, low, "nope", &value, NULL, NULL, NULL),
                     ACCELSEL_ENOTFOUND);
    ck_assert_int_eq(accelsel_selection_mode(s, 2, "vendor", &value, NULL, NULL, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "group");
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* Equal scores share a rank and keep the row order under TOPSIS: two rows
 * equal on every criterion tie exactly. */
START_TEST(equal_rows_share_a_rank_in_row_order)
{
    static const double x[6] = {1, 2, 3, 10, 10, 12}, y[6] = {5, 4, 6, 2, 2, 1};
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "x", x, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "y", y, 6), 0);
    accelsel_selection_options o = ACCELSEL_SELECTION_OPTIONS_INIT;
    o.features = "x,y";
    o.criteria = "x:1:benefit,y:1:cost";
    o.k = 2;
    accelsel_selection *s = run_ok(ds, &o);
    /* Row 5 is best on both criteria (rank 1); rows 3 and 4 are equal and
     * dominate rows 0-2, so they come next, sharing rank 2, listed 3 then
     * 4; the fourth place has rank 4. */
    const size_t *order = accelsel_selection_row_order(s);
    ck_assert_uint_eq(order[0], 5);
    ck_assert_uint_eq(order[1], 3);
    ck_assert_uint_eq(order[2], 4);
    ck_assert_uint_eq(accelsel_selection_row_rank(s, 5), 1);
    ck_assert_uint_eq(accelsel_selection_row_rank(s, 3), 2);
    ck_assert_uint_eq(accelsel_selection_row_rank(s, 4), 2);
    ck_assert_uint_eq(accelsel_selection_row_rank(s, order[3]), 4);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* @p reps copies of the rows (price[i], speed[i]), i < n, one after the other. */
static accelsel_dataset *repeated(const double *pr, const double *sp, size_t n, size_t reps)
{
    double p[64], q[64];
    ck_assert_uint_le(n * reps, 64);
    for (size_t r = 0; r < reps; r++)
        for (size_t i = 0; i < n; i++)
            p[r * n + i] = pr[i], q[r * n + i] = sp[i];
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, n * reps), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "price", p, n * reps), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "speed", q, n * reps), 0);
    return ds;
}

/* Repeated rows: k is clamped to the distinct rows minus 1, not the rows
 * minus 1. Three laptops quoted four times each give k = 2 only (the review's
 * table). In z-scores, (999, 3.2) and (1299, 3.8) are 3.08 apart squared and
 * (1299, 3.8) and (1999, 4.1) 3.43, so the 1999 laptop is alone. */
START_TEST(k_clamped_to_distinct_rows)
{
    const double pr[] = {999, 1299, 1999}, sp[] = {3.2, 3.8, 4.1};
    accelsel_dataset *ds = repeated(pr, sp, 3, 4);
    accelsel_selection_options o = ACCELSEL_SELECTION_OPTIONS_INIT;
    o.features = "price,speed";
    o.criteria = "price:1:cost,speed:1:benefit";
    accelsel_selection *s = run_ok(ds, &o);
    ck_assert_uint_eq(accelsel_selection_k_min(s), 2);
    ck_assert_uint_eq(accelsel_selection_k_max(s), 2);
    ck_assert(has_note(s, "k range clamped to 2..2: 12 rows were clustered, 3 of them distinct"));
    const uint32_t *g = accelsel_selection_row_labels(s);
    for (size_t i = 0; i < 12; i++)
        ck_assert_int_eq(g[i] == g[2], i % 3 == 2);
    accelsel_selection_free(s);
    /* k given above the distinct rows stays an error, blamed on k. */
    o.k = 4;
    fails(ds, &o, ACCELSEL_EDATA, "k");
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "3 distinct rows"));
    accelsel_dataset_free(ds);
    /* Five distinct rows three times: 2..4, not 2..10 nor 2..14. */
    const double pr5[] = {100, 200, 300, 1000, 1100}, sp5[] = {1, 2, 2, 9, 8};
    ds = repeated(pr5, sp5, 5, 3);
    o.k = 0;
    s = run_ok(ds, &o);
    ck_assert_uint_eq(accelsel_selection_k_max(s), 4);
    ck_assert_uint_eq(accelsel_cluster_selection_count(accelsel_selection_k_choice(s)), 3);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
    /* Two distinct rows: no k can be chosen, so the error says to give k
     * (not k_by, which the caller did not set); k = 2 then fits. */
    const double pr2[] = {1, 3}, sp2[] = {2, 4};
    ds = repeated(pr2, sp2, 2, 3);
    fails(ds, &o, ACCELSEL_EINVAL, "k");
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "2 distinct clustered rows"));
    o.k = 2;
    s = run_ok(ds, &o);
    ck_assert_uint_eq(accelsel_cluster_model_k(accelsel_selection_model(s)), 2);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

/* The failure of @p o on @p ds names @p name in a message starting "target:". */
static void target_fails(const accelsel_dataset *ds, accelsel_selection_options *o,
                         const char *target, int status, const char *name)
{
    o->target = target;
    fails(ds, o, status, "target");
    ck_assert_msg(strstr(accelsel_last_error()->message, name) != NULL, "'%s' does not name '%s'",
                  accelsel_last_error()->message, name);
}

/* An explicit target that is not a numeric column fails as select.h says,
 * also where importance would be skipped because the data has none of the
 * default variables (the quotes have none) and no variables are given. */
START_TEST(bad_target_fails_without_variables)
{
    accelsel_dataset *ds = quotes();
    accelsel_selection_options o = quote_options();
    target_fails(ds, &o, "no_such", ACCELSEL_ENOTFOUND, "'no_such'");
    target_fails(ds, &o, "log10(no_such)", ACCELSEL_ENOTFOUND, "'no_such'");
    target_fails(ds, &o, "vendor", ACCELSEL_ETYPE, "'vendor' is categorical");
    target_fails(ds, &o, "log10(vendor)", ACCELSEL_ETYPE, "'vendor' is categorical");
    /* A good target without variables: skipped for want of variables, said. */
    o.target = "price";
    accelsel_selection *s = run_ok(ds, &o);
    ck_assert_ptr_null(accelsel_selection_importance(s));
    ck_assert(has_note(s, "none of the default variables"));
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

static int small_run(void *ctx)
{
    const accelsel_dataset *ds = ctx;
    accelsel_selection_options o = quote_options();
    o.k = 2;
    o.method = ACCELSEL_RANK_PARETO;
    accelsel_selection *s = NULL;
    int rc = accelsel_selection_run(&s, ds, &o);
    accelsel_selection_free(s);
    return rc;
}

START_TEST(allocation_failures)
{
    accelsel_dataset *ds = quotes();
    testutil_alloc_sweep(small_run, ds, 20);
    accelsel_dataset_free(ds);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("select");
    TCase *tc = tcase_create("select");
    tcase_add_test(tc, any_table_skips_and_says);
    tcase_add_test(tc, rows_ranked_by_textbook_topsis);
    tcase_add_test(tc, groups_ranked_by_textbook_topsis_on_medians);
    tcase_add_test(tc, target_gives_importance);
    tcase_add_test(tc, errors_name_their_field);
    tcase_add_test(tc, blank_division_keeps_every_row);
    tcase_add_test(tc, long_target_names);
    tcase_add_test(tc, pareto_has_no_sensitivity);
    tcase_add_test(tc, pareto_ties_share_a_rank);
    tcase_add_test(tc, readme_findings);
    tcase_add_test(tc, other_benchmark_defaults);
    tcase_add_test(tc, resnet_rows_of_every_benchmark);
    tcase_add_test(tc, k_clamped_to_distinct_rows);
    tcase_add_test(tc, bad_target_fails_without_variables);
    tcase_add_test(tc, modes_with_ties_by_hand);
    tcase_add_test(tc, equal_rows_share_a_rank_in_row_order);
    tcase_add_test(tc, allocation_failures);
    tcase_set_timeout(tc, 600);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
