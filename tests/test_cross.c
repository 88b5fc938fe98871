/* Speed across benchmarks (accelsel_dataset_cross_benchmark()): a hand-made
 * table whose every output is worked out by hand below, the reference
 * named and chosen (ties), the least number of benchmarks, bad inputs and
 * allocation failures. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "accelsel/dataset.h"
#include "accelsel/derive.h"
#include "testutil.h"

/* Systems are (round, submitter, system_name, accelerators):
 *  row  round sub sys  N   bench  T     notes
 *   0   r1    A   s1   8   b1     10    r1's reference: 3 benchmarks
 *   1   r1    A   s1   8   b2     20
 *   2   r1    A   s1   8   b3     30
 *   3   r1    B   s2   4   b1     40    b1: 10/40 = 0.25; per accelerator 0.25 x 8/4 = 0.5
 *   4   r1    B   s2   4   b2     20    b2: 20/20 = 1; per accelerator 2
 *   5   r1    B   s2   4   b2     25    slower than row 4: not counted
 *   6   r1    C   s3   8   b1     5     one benchmark: left out (least 2)
 *   7   r1    B   s2   16  b1     4     another size, another system: one benchmark
 *   8   r2    A   s1   8   b1     12    one benchmark in r2
 *   9   r2    D   s4   2   b1     6     r2's reference: 2 benchmarks
 *  10   r2    D   s4   2   b4     7
 *  11   r1    E   s5   8   b2     -     no time
 *  12   r1    E   s5   8   b3     0     a time of 0: s5 ran nothing
 *  13   r3    F   s6   8   b1     10    r3: three systems of 2 benchmarks; the
 *  14   r3    F   s6   8   b2     10    reference has the fewest accelerators,
 *  15   r3    G   s7   4   b1     20    s7, the first of s7 and s8 (both 4)
 *  16   r3    G   s7   4   b2     40
 *  17   r3    H   s8   4   b1     10
 *  18   r3    H   s8   4   b2     10 */
static const char table[] =
    "round,submitter,system_name,total_accelerators,benchmark,time_to_train_min,"
    "accelerator_family\n"
    "r1,A,s1,8,b1,10,F1\nr1,A,s1,8,b2,20,F1\nr1,A,s1,8,b3,30,F1\n"
    "r1,B,s2,4,b1,40,F2\nr1,B,s2,4,b2,20,F2\nr1,B,s2,4,b2,25,F2\n"
    "r1,C,s3,8,b1,5,F1\nr1,B,s2,16,b1,4,F2\n"
    "r2,A,s1,8,b1,12,F1\nr2,D,s4,2,b1,6,F3\nr2,D,s4,2,b4,7,F3\n"
    "r1,E,s5,8,b2,,F1\nr1,E,s5,8,b3,0,F1\n"
    "r3,F,s6,8,b1,10,F1\nr3,F,s6,8,b2,10,F1\nr3,G,s7,4,b1,20,F1\nr3,G,s7,4,b2,40,F1\n"
    "r3,H,s8,4,b1,10,F1\nr3,H,s8,4,b2,10,F1\n";

#define M NAN

/* One expected row: system, benchmark, source row, benchmarks, reference,
 * speed, speed per accelerator. */
typedef struct want_row {
    const char *sys, *bench;
    double row, n_bench;
    const char *ref;
    double speed, per_acc;
} want_row;

static accelsel_dataset *load(void)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, table, strlen(table), NULL), 0);
    return ds;
}

static size_t col(const accelsel_dataset *ds, const char *name)
{
    size_t c;
    ck_assert_msg(accelsel_dataset_column_index(ds, name, &c) == 0, "no column %s", name);
    return c;
}

static void near(double got, double want, const char *what, size_t row)
{
    if (isnan(want))
        ck_assert_msg(isnan(got), "%s row %zu: %.17g, want missing", what, row, got);
    else
        ck_assert_msg(fabs(got - want) <= 1e-12 * fabs(want), "%s row %zu: %.17g, want %.17g",
                      what, row, got, want);
}

static void check(const accelsel_dataset *out, const want_row *w, size_t n)
{
    ck_assert_uint_eq(accelsel_dataset_rows(out), n);
    for (size_t i = 0; i < n; i++) {
        ck_assert_str_eq(accelsel_dataset_string(out, i, col(out, "system_name")), w[i].sys);
        ck_assert_str_eq(accelsel_dataset_string(out, i, col(out, "benchmark")), w[i].bench);
        ck_assert_str_eq(accelsel_dataset_string(out, i, col(out, "reference_system")), w[i].ref);
        near(accelsel_dataset_number(out, i, col(out, "source_row")), w[i].row, "row", i);
        near(accelsel_dataset_number(out, i, col(out, "benchmarks")), w[i].n_bench, "n", i);
        near(accelsel_dataset_number(out, i, col(out, "speed_vs_reference")), w[i].speed,
             "speed", i);
        near(accelsel_dataset_number(out, i, col(out, "speed_per_accelerator_vs_reference")),
             w[i].per_acc, "per accelerator", i);
    }
}

START_TEST(default_reference_by_hand)
{
    static const want_row w[] = {
        {"s1", "b1", 0, 3, "s1", 1, 1},    {"s1", "b2", 1, 3, "s1", 1, 1},
        {"s1", "b3", 2, 3, "s1", 1, 1},    {"s2", "b1", 3, 2, "s1", 0.25, 0.5},
        {"s2", "b2", 4, 2, "s1", 1, 2},    {"s4", "b1", 9, 2, "s4", 1, 1},
        {"s4", "b4", 10, 2, "s4", 1, 1},   {"s6", "b1", 13, 2, "s7", 2, 1},
        {"s6", "b2", 14, 2, "s7", 4, 2},   {"s7", "b1", 15, 2, "s7", 1, 1},
        {"s7", "b2", 16, 2, "s7", 1, 1},   {"s8", "b1", 17, 2, "s7", 2, 2},
        {"s8", "b2", 18, 2, "s7", 4, 4},
    };
    accelsel_dataset *in = load(), *out = NULL;
    ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, in, NULL), 0);
    check(out, w, sizeof w / sizeof w[0]);
    /* the rows' other columns: round, submitter, family, N, T, the reference's N and T */
    ck_assert_str_eq(accelsel_dataset_string(out, 3, col(out, "round")), "r1");
    ck_assert_str_eq(accelsel_dataset_string(out, 3, col(out, "submitter")), "B");
    ck_assert_str_eq(accelsel_dataset_string(out, 3, col(out, "accelerator_family")), "F2");
    near(accelsel_dataset_number(out, 3, col(out, "accelerators")), 4, "N", 3);
    near(accelsel_dataset_number(out, 4, col(out, "time_to_train_min")), 20, "T", 4);
    near(accelsel_dataset_number(out, 4, col(out, "reference_accelerators")), 8, "N_ref", 4);
    near(accelsel_dataset_number(out, 4, col(out, "reference_time_min")), 20, "T_ref", 4);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

/* Reference s2: in r1 the size of 4 (the first of that name there); r2 and
 * r3 have no s2 and are left out. s1's b3 has no reference time. */
START_TEST(named_reference_by_hand)
{
    static const want_row w[] = {
        {"s1", "b1", 0, 3, "s2", 4, 2},  {"s1", "b2", 1, 3, "s2", 1, 0.5},
        {"s1", "b3", 2, 3, "s2", M, M},  {"s2", "b1", 3, 2, "s2", 1, 1},
        {"s2", "b2", 4, 2, "s2", 1, 1},
    };
    accelsel_dataset *in = load(), *out = NULL;
    accelsel_cross_options o = ACCELSEL_CROSS_OPTIONS_INIT;
    o.reference = "s2";
    ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, in, &o), 0);
    check(out, w, sizeof w / sizeof w[0]);
    ck_assert(accelsel_dataset_is_missing(out, 2, col(out, "reference_time_min")) == 1);
    near(accelsel_dataset_number(out, 2, col(out, "reference_accelerators")), 4, "N_ref", 2);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

/* min_benchmarks 1 (and 0, which counts as 1): every system that ran one. */
START_TEST(single_benchmark_systems)
{
    static const want_row w[] = {
        {"s1", "b1", 0, 3, "s1", 1, 1},     {"s1", "b2", 1, 3, "s1", 1, 1},
        {"s1", "b3", 2, 3, "s1", 1, 1},     {"s2", "b1", 3, 2, "s1", 0.25, 0.5},
        {"s2", "b2", 4, 2, "s1", 1, 2},     {"s3", "b1", 6, 1, "s1", 2, 2},
        {"s2", "b1", 7, 1, "s1", 2.5, 1.25}, {"s1", "b1", 8, 1, "s4", 0.5, 0.125},
        {"s4", "b1", 9, 2, "s4", 1, 1},     {"s4", "b4", 10, 2, "s4", 1, 1},
        {"s6", "b1", 13, 2, "s7", 2, 1},    {"s6", "b2", 14, 2, "s7", 4, 2},
        {"s7", "b1", 15, 2, "s7", 1, 1},    {"s7", "b2", 16, 2, "s7", 1, 1},
        {"s8", "b1", 17, 2, "s7", 2, 2},    {"s8", "b2", 18, 2, "s7", 4, 4},
    };
    accelsel_dataset *in = load(), *out = NULL;
    accelsel_cross_options o = ACCELSEL_CROSS_OPTIONS_INIT;
    for (uint32_t least = 0; least <= 1; least++) {
        o.min_benchmarks = least;
        ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, in, &o), 0);
        check(out, w, sizeof w / sizeof w[0]);
        accelsel_dataset_free(out);
    }
    /* 3: s1 of r1 alone, and the references of r2 and r3 */
    o.min_benchmarks = 3;
    ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, in, &o), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), 3 + 2 + 2);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

START_TEST(bad_inputs)
{
    accelsel_dataset *in = load(), *out = (accelsel_dataset *)&out;
    ck_assert_int_eq(accelsel_dataset_cross_benchmark(NULL, in, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, NULL, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(out);
    accelsel_cross_options o = ACCELSEL_CROSS_OPTIONS_INIT;
    o.version = 99;
    ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, in, &o), ACCELSEL_EVERSION);
    o = (accelsel_cross_options)ACCELSEL_CROSS_OPTIONS_INIT;
    o.reference = "s9";
    ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, in, &o), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->field, "reference");
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "no system 's9' (closest: 's"));
    ck_assert_ptr_null(out);
    /* a missing column, and columns of the wrong type */
    static const char *const bad[] = {
        "round,system_name,total_accelerators,time_to_train_min\nr,s,1,1\n",
        "round,benchmark,system_name,total_accelerators,time_to_train_min\nr,b,s,1,fast\n",
        "round,benchmark,system_name,total_accelerators,time_to_train_min\n1,b,s,1,1\n"};
    static const int status[] = {ACCELSEL_ENOTFOUND, ACCELSEL_ETYPE, ACCELSEL_ETYPE};
    for (size_t i = 0; i < 3; i++) {
        accelsel_dataset *ds = NULL;
        ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, bad[i], strlen(bad[i]), NULL), 0);
        ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, ds, NULL), status[i]);
        ck_assert_ptr_null(out);
        accelsel_dataset_free(ds);
    }
    accelsel_dataset_free(in);
}
END_TEST

/* No usable row, and no row at all: a result of no rows, with its columns. */
START_TEST(nothing_to_compare)
{
    static const char *const texts[] = {
        "round,benchmark,system_name,total_accelerators,time_to_train_min\nr,b,s,0,1\n",
        "round,benchmark,system_name,total_accelerators,time_to_train_min\n"};
    for (size_t i = 0; i < 2; i++) {
        accelsel_dataset *ds = NULL, *out = NULL;
        accelsel_csv_options co = ACCELSEL_CSV_OPTIONS_INIT;
        static const char *const categorical[] = {"round", "benchmark", "system_name"};
        co.categorical = categorical;
        co.n_categorical = 3;
        ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, texts[i], strlen(texts[i]), &co),
                         0);
        ck_assert_int_eq(accelsel_dataset_cross_benchmark(&out, ds, NULL), 0);
        ck_assert_uint_eq(accelsel_dataset_rows(out), 0);
        ck_assert_uint_eq(accelsel_dataset_cols(out), 12); /* no submitter, no family */
        accelsel_dataset_free(out);
        accelsel_dataset_free(ds);
    }
}
END_TEST

static int cross_table(void *ctx)
{
    accelsel_dataset *out = (accelsel_dataset *)&out;
    accelsel_cross_options o = ACCELSEL_CROSS_OPTIONS_INIT;
    o.reference = "s1";
    int rc = accelsel_dataset_cross_benchmark(&out, ctx, &o);
    ck_assert(rc == 0 ? out != NULL : out == NULL);
    accelsel_dataset_free(out);
    return rc;
}

START_TEST(allocation_failures_leak_nothing)
{
    accelsel_dataset *in = load();
    testutil_alloc_sweep(cross_table, in, 10);
    accelsel_dataset_free(in);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cross");
    TCase *tc = tcase_create("cross");
    tcase_add_test(tc, default_reference_by_hand);
    tcase_add_test(tc, named_reference_by_hand);
    tcase_add_test(tc, single_benchmark_systems);
    tcase_add_test(tc, bad_inputs);
    tcase_add_test(tc, nothing_to_compare);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
