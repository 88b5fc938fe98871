/* Derived metrics: a small hand-made table whose every output is worked out
 * by hand below, option checks, MLPerf rows against hand arithmetic, and
 * allocation failures. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "accelsel/dataset.h"
#include "accelsel/derive.h"
#include "testutil.h"

/* images_per_epoch 1200 makes throughput = 1200 ep / (60 T) = 20 ep / T.
 * Groups by gpu: g1 = rows 0-3, 7-9; g2 = 4, 5; g3 = 6; missing gpu = 10.
 *  row  N = nodes x per_node   T (min)  epochs   notes
 *   0   1 x 4 = 4              40       10
 *   1   2 x 4 = 8              22       10
 *   2   1 x 4 = 4              38       11       g1 reference: fewest N, then fastest
 *   3   4 x 4 = 16             -        10       no time
 *   4   1 x 0 = 0              100      5        CPU only
 *   5   2 x 8 = 16             5        20       g2 reference (N = 0 cannot be one)
 *   6   1 x 2 = 2              -3       5        a time <= 0 is missing: g3 has no reference
 *   7   - x 2                  30       10       no N
 *   8   1 x 4 = 4              39       -        no epochs
 *   9   1 x 4 = 4              38       1        ties row 2: the first in the file wins
 *  10   1 x 2 = 2              10       1        gpu missing: a group of its own */
static const char table[] = "sys,gpu,nodes,per_node,t,ep,speedup\n"
                            "r0,g1,1,4,40,10,x\n"
                            "r1,g1,2,4,22,10,x\n"
                            "r2,g1,1,4,38,11,x\n"
                            "r3,g1,4,4,,10,x\n"
                            "r4,g2,1,0,100,5,x\n"
                            "r5,g2,2,8,5,20,x\n"
                            "r6,g3,1,2,-3,5,x\n"
                            "r7,g1,,2,30,10,x\n"
                            "r8,g1,1,4,39,,x\n"
                            "r9,g1,1,4,38,1,x\n"
                            "r10,,1,2,10,1,x\n";

#define M NAN
/* Expected, by hand: accelerators, throughput = 20 ep / T, per accelerator,
 * speedup = T_ref / T, efficiency = S N_ref / N, hours = N T / 60, reference. */
static const double want[11][7] = {
    {4, 200.0 / 40, 200.0 / 40 / 4, 38.0 / 40, 38.0 / 40, 4 * 40 / 60.0, 2},
    {8, 200.0 / 22, 200.0 / 22 / 8, 38.0 / 22, 38.0 / 22 * 4 / 8, 8 * 22 / 60.0, 2},
    {4, 220.0 / 38, 220.0 / 38 / 4, 1, 1, 4 * 38 / 60.0, 2},
    {16, M, M, M, M, M, 2},
    {0, 100.0 / 100, M, 5.0 / 100, M, 0, 5},
    {16, 400.0 / 5, 400.0 / 5 / 16, 1, 1, 16 * 5 / 60.0, 5},
    {2, M, M, M, M, M, M},
    {M, 200.0 / 30, M, 38.0 / 30, M, M, 2},
    {4, M, M, 38.0 / 39, 38.0 / 39, 4 * 39 / 60.0, 2},
    {4, 20.0 / 38, 20.0 / 38 / 4, 1, 1, 4 * 38 / 60.0, 2},
    {2, 20.0 / 10, 20.0 / 10 / 2, 1, 1, 2 * 10 / 60.0, 10},
};

static const char *const outputs[7] = {"accelerators", "throughput_img_s_derived",
                                       "throughput_per_accelerator", "speedup", "efficiency",
                                       "accelerator_hours", "reference_row"};

static accelsel_dataset *load(const char *text)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), NULL), 0);
    return ds;
}

static accelsel_derive_options table_options(const char *const *groups)
{
    accelsel_derive_options o = ACCELSEL_DERIVE_OPTIONS_INIT;
    o.time_column = "t";
    o.nodes_column = "nodes";
    o.per_node_column = "per_node";
    o.epochs_column = "ep";
    o.group_columns = groups;
    o.n_group_columns = 1;
    o.images_per_epoch = 1200;
    return o;
}

static double cell(const accelsel_dataset *ds, size_t row, const char *name)
{
    size_t col;
    ck_assert_int_eq(accelsel_dataset_column_index(ds, name, &col), 0);
    ck_assert_int_eq(accelsel_dataset_column_type(ds, col), ACCELSEL_COLUMN_NUMERIC);
    return accelsel_dataset_number(ds, row, col);
}

static void assert_near(double got, double expect, const char *what, size_t row)
{
    if (isnan(expect))
        ck_assert_msg(isnan(got), "%s row %zu: %.17g, want missing", what, row, got);
    else
        ck_assert_msg(fabs(got - expect) <= 1e-12 * fabs(expect), "%s row %zu: %.17g, want %.17g",
                      what, row, got, expect);
}

START_TEST(hand_made_table)
{
    static const char *const groups[] = {"gpu"};
    accelsel_dataset *in = load(table), *out = NULL;
    accelsel_derive_options o = table_options(groups);
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    /* 7 input columns; "speedup" replaced in place, six appended. */
    ck_assert_uint_eq(accelsel_dataset_cols(out), 13);
    ck_assert_str_eq(accelsel_dataset_column_name(out, 6), "speedup");
    ck_assert_str_eq(accelsel_dataset_column_name(out, 7), "accelerators");
    ck_assert_str_eq(accelsel_dataset_column_name(out, 12), "reference_row");
    for (size_t r = 0; r < 11; r++) /* the rows keep their lines (header = 1) */
        ck_assert_uint_eq(accelsel_dataset_row_line(out, r), r + 2);
    ck_assert_uint_eq(accelsel_dataset_cols(in), 7); /* the input is unchanged */
    for (size_t r = 0; r < 11; r++)
        for (int k = 0; k < 7; k++)
            assert_near(cell(out, r, outputs[k]), want[r][k], outputs[k], r);
    ck_assert_str_eq(accelsel_dataset_string(out, 10, 0), "r10");
    accelsel_dataset_free(out);

    /* An accelerators column, when given, wins over nodes x per node. */
    double acc[11] = {4, 8, 4, 16, 0, 16, 2, 8, 4, 4, 2}; /* row 7 now has 8 */
    ck_assert_int_eq(accelsel_dataset_add_numeric(in, "acc", acc, 11), 0);
    o.accelerators_column = "acc";
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    assert_near(cell(out, 7, "accelerators"), 8, "accelerators", 7);
    assert_near(cell(out, 7, "efficiency"), 38.0 / 30 * 4 / 8, "efficiency", 7);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

START_TEST(one_reference_for_all)
{
    static const char *const none[] = {NULL};
    accelsel_dataset *in = load(table), *out = NULL;
    accelsel_derive_options o = table_options(none);
    o.n_group_columns = 0; /* one group: row 10 (N = 2, 10 min) is the reference */
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    assert_near(cell(out, 5, "speedup"), 10.0 / 5, "speedup", 5);
    assert_near(cell(out, 5, "efficiency"), 10.0 / 5 * 2 / 16, "efficiency", 5);
    assert_near(cell(out, 6, "reference_row"), 10, "reference_row", 6);
    accelsel_dataset_free(out);

    /* The default groups, MLPerf's round and model, where the data has
     * neither: one group, as with none. */
    o.group_columns = NULL;
    accelsel_dataset *dflt = NULL;
    ck_assert_int_eq(accelsel_dataset_derive(&dflt, in, &o), 0);
    assert_near(cell(dflt, 5, "efficiency"), 10.0 / 5 * 2 / 16, "efficiency", 5);
    assert_near(cell(dflt, 6, "reference_row"), 10, "reference_row", 6);
    accelsel_dataset_free(dflt);
    /* With a round column alone, one reference per round. */
    const char *rounds[11] = {"a", "a", "a", "a", "a", "b", "b", "b", "b", "b", "b"};
    ck_assert_int_eq(accelsel_dataset_add_categorical(in, "round", rounds, 11), 0);
    ck_assert_int_eq(accelsel_dataset_derive(&dflt, in, &o), 0);
    assert_near(cell(dflt, 1, "reference_row"), 2, "reference_row", 1); /* N = 4, the faster */
    assert_near(cell(dflt, 5, "reference_row"), 10, "reference_row", 5);
    accelsel_dataset_free(dflt);
    o.group_columns = none;

    o.reference_row = 1; /* row 1: N = 8, 22 min, whatever the groups */
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    assert_near(cell(out, 5, "speedup"), 22.0 / 5, "speedup", 5);
    assert_near(cell(out, 5, "efficiency"), 22.0 / 5 * 8 / 16, "efficiency", 5);
    assert_near(cell(out, 4, "reference_row"), 1, "reference_row", 4);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

static void assert_fails(const accelsel_dataset *in, const accelsel_derive_options *o, int status,
                         const char *fragment)
{
    accelsel_dataset *out = (accelsel_dataset *)1;
    int rc = accelsel_dataset_derive(&out, in, o);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == status, "status %d, want %d (%s)", rc, status, e->message);
    ck_assert_ptr_null(out);
    ck_assert_msg(strstr(e->message, fragment) != NULL, "'%s' lacks '%s'", e->message, fragment);
}

START_TEST(bad_options_and_inputs)
{
    static const char *const groups[] = {"gpu"};
    static const char *const bad_groups[] = {"gpux"};
    static const char *const null_group[] = {NULL};
    accelsel_dataset *in = load(table);
    accelsel_derive_options o = table_options(groups);
    ck_assert_int_eq(accelsel_dataset_derive(NULL, in, &o), ACCELSEL_EINVAL);
    assert_fails(NULL, &o, ACCELSEL_EINVAL, "'in'");
    assert_fails(in, NULL, ACCELSEL_ENOTFOUND, "no column 'time_to_train_min'");
    o.version = 5;
    assert_fails(in, &o, ACCELSEL_EVERSION, "version 5");
    o = table_options(groups);
    o.images_per_epoch = 0;
    assert_fails(in, &o, ACCELSEL_EINVAL, "images_per_epoch");
    o.images_per_epoch = NAN;
    assert_fails(in, &o, ACCELSEL_EINVAL, "images_per_epoch");
    ck_assert_str_eq(accelsel_last_error()->field, "images_per_epoch");
    o = table_options(groups);
    o.reference_row = 11;
    assert_fails(in, &o, ACCELSEL_EINVAL, "reference_row 11");
    ck_assert_str_eq(accelsel_last_error()->field, "reference_row");
    o.reference_row = -2;
    assert_fails(in, &o, ACCELSEL_EINVAL, "reference_row -2");
    o.reference_row = 3;
    assert_fails(in, &o, ACCELSEL_EDATA, "reference_row 3 has no time");
    o.reference_row = 4;
    assert_fails(in, &o, ACCELSEL_EDATA, "no accelerators");
    o = table_options(groups);
    o.time_column = "tt";
    assert_fails(in, &o, ACCELSEL_ENOTFOUND, "no column 'tt' (closest: 't')");
    o.time_column = "gpu";
    assert_fails(in, &o, ACCELSEL_ETYPE, "'gpu' is categorical (line 2 of <buffer>: 'g1' is not");
    /* A unit after a number makes the column text: the message finds it. */
    accelsel_dataset *units = load("sys,gpu,nodes,per_node,t,ep\nr0,g1,1,4,40,10\n"
                                   "r1,g1,2,4,,10\nr2,g1,1,4,22 min,10\n");
    o = table_options(groups);
    assert_fails(units, &o, ACCELSEL_ETYPE,
                 "column 't' is categorical (line 4 of <buffer>: '22 min' is not a number)");
    accelsel_dataset_free(units);
    o = table_options(groups);
    o.epochs_column = "epochs";
    assert_fails(in, &o, ACCELSEL_ENOTFOUND, "no column 'epochs'");
    o = table_options(bad_groups);
    assert_fails(in, &o, ACCELSEL_ENOTFOUND, "closest: 'gpu'");
    o = table_options(null_group);
    assert_fails(in, &o, ACCELSEL_EINVAL, "group_columns[0] is NULL");
    static const char *const round[] = {"round"};
    o = table_options(round); /* a group column named is required */
    assert_fails(in, &o, ACCELSEL_ENOTFOUND, "no column 'round'");
    o = table_options(groups);
    o.nodes_column = NULL;
    assert_fails(in, &o, ACCELSEL_ENOTFOUND, "no column 'number_of_nodes'");

    accelsel_derive_options d;
    ck_assert_int_eq(accelsel_derive_options_init(&d, 3), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_derive_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_derive_options_init(&d, ACCELSEL_DERIVE_OPTIONS_VERSION), 0);
    ck_assert(d.images_per_epoch == 1281167 && d.reference_row == -1 && d.time_column == NULL);
    ck_assert_uint_eq(accelsel_derive_options_size(), sizeof d);
    accelsel_dataset_free(in);
}
END_TEST

/* Outputs beyond a double's range are missing, not inf or 0; products that
 * overflow on the way do not decide. images_per_epoch 1200: throughput
 * = 20 ep / T. Reference row 0 (N_ref 2, T_ref 10) for all. By hand:
 *  row  N       T        ep    tp        tp/N       S       E' = S N_ref/N  N T/60
 *   0   2       10       1     2         1          1       1               1/3
 *   1   4       5e-324   1     inf: M    M          inf: M  M               3.3e-325: M
 *   2   2       1e308    1     2e-307    1e-307     1e-307  1e-307          3.33e306
 *   3   5e-324  10       1     2         inf: M     1       inf: M          8.2e-325: M
 *   4   1e300   1e10     1     2e-9      2e-309     1e-9    2e-309          1e310/60
 *   5   2       1e-300   1e10  2e311: M  M          1e301   1e301           2e-300/60
 * (M: missing; 4.9e-324 is the smallest subnormal, 1.8e308 the largest
 * double.) Row 2's T x 60 and N x T, and row 4's N x T, overflow; the
 * library once gave throughput 0 and hours inf there. */
START_TEST(outputs_beyond_range_are_missing)
{
    static const char *const none[] = {NULL};
    accelsel_dataset *in = NULL, *out = NULL;
    const double acc[] = {2, 4, 2, 5e-324, 1e300, 2}, t[] = {10, 5e-324, 1e308, 10, 1e10, 1e-300},
                 ep[] = {1, 1, 1, 1, 1, 1e10};
    ck_assert_int_eq(accelsel_dataset_new(&in, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(in, "acc", acc, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(in, "t", t, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(in, "ep", ep, 6), 0);
    accelsel_derive_options o = table_options(none);
    o.n_group_columns = 0;
    o.accelerators_column = "acc";
    o.reference_row = 0;
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    static const double w[6][6] = {
        {2, 2, 1, 1, 1, 1.0 / 3},
        {4, M, M, M, M, M},
        {2, 2e-307, 1e-307, 1e-307, 1e-307, 1e308 / 60 * 2},
        {5e-324, 2, M, 1, M, M},
        {1e300, 2e-9, 2e-309, 1e-9, 2e-309, 1e300 / 60 * 1e10},
        {2, M, M, 1e301, 1e301, 2e-300 / 60},
    };
    for (size_t r = 0; r < 6; r++)
        for (int k = 0; k < 6; k++) {
            double got = cell(out, r, outputs[k]);
            /* a subnormal result carries fewer bits: 2e-309 to 2.5e-15 */
            if (fabs(w[r][k]) < 1e-300)
                ck_assert_msg(fabs(got - w[r][k]) <= 1e-12 * w[r][k], "%s row %zu: %.17g",
                              outputs[k], r, got);
            else
                assert_near(got, w[r][k], outputs[k], r);
        }
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

START_TEST(default_names_may_be_absent)
{
    /* Default names: no total_accelerators (nodes x per node is used) and no
     * epochs_mean (throughputs missing). Two rounds, one model. */
    accelsel_dataset *in = load("round,accelerator_model_name,number_of_nodes,"
                                "accelerators_per_node,time_to_train_min\n"
                                "v1,X,1,8,60\n"
                                "v1,X,2,8,40\n"
                                "v2,X,4,8,10\n");
    accelsel_dataset *out = NULL;
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, NULL), 0);
    assert_near(cell(out, 1, "accelerators"), 16, "accelerators", 1);
    assert_near(cell(out, 1, "speedup"), 60.0 / 40, "speedup", 1);
    assert_near(cell(out, 1, "efficiency"), 60.0 / 40 * 8 / 16, "efficiency", 1);
    assert_near(cell(out, 2, "speedup"), 1, "speedup", 2); /* own round, own reference */
    assert_near(cell(out, 0, "throughput_img_s_derived"), NAN, "throughput", 0);
    assert_near(cell(out, 2, "accelerator_hours"), 32 * 10 / 60.0, "accelerator_hours", 2);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

START_TEST(mlperf_rows_by_hand)
{
    /* Inputs read from data/mlperf_training_resnet.csv with Python's csv module.
     * Row 288: v3.0 NVIDIA+CoreWeave, 3584 x NVIDIA H100-SXM5-80GB, 0.183 min,
     *   77 epochs. Its group (v3.0, that model) has 4 rows with 4 accelerators
     *   (266: 26.5245 min, 293: 27.3818, 294: 27.1206): the fastest, 266, is
     *   the reference.
     * Row 26: v0.6 NVIDIA DGX-2H x96, 1536 x Tesla V100-SXM3-32GB-H, 1.3324 min,
     *   90 epochs; reference row 27 (16 GPUs, 52.7367 min).
     * Row 6: v0.5 Intel CPU-only, 0 accelerators, 10402.1111 min, 62.4 epochs;
     *   its group (v0.5, missing model) has no row with accelerators. */
    accelsel_dataset *in = NULL, *out = NULL;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&in, "mlperf-training-resnet"), 0);
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, NULL), 0);
    assert_near(cell(out, 288, "reference_row"), 266, "reference_row", 288);
    assert_near(cell(out, 288, "speedup"), 26.5245 / 0.183, "speedup", 288);          /* 144.94 */
    assert_near(cell(out, 288, "efficiency"), 26.5245 / 0.183 * 4 / 3584, "efficiency", 288); /* 0.1618 */
    assert_near(cell(out, 288, "throughput_img_s_derived"), 77 * 1281167 / (0.183 * 60), "tp", 288);
    assert_near(cell(out, 288, "accelerator_hours"), 3584 * 0.183 / 60, "hours", 288); /* 10.93 */
    assert_near(cell(out, 26, "reference_row"), 27, "reference_row", 26);
    assert_near(cell(out, 26, "speedup"), 52.7367 / 1.3324, "speedup", 26);           /* 39.58 */
    assert_near(cell(out, 26, "efficiency"), 52.7367 / 1.3324 * 16 / 1536, "efficiency", 26);
    assert_near(cell(out, 26, "throughput_per_accelerator"), 90 * 1281167 / (1.3324 * 60) / 1536,
                "tpa", 26);
    assert_near(cell(out, 6, "accelerators"), 0, "accelerators", 6);
    assert_near(cell(out, 6, "accelerator_hours"), 0, "hours", 6);
    assert_near(cell(out, 6, "throughput_img_s_derived"), 62.4 * 1281167 / (10402.1111 * 60), "tp", 6);
    assert_near(cell(out, 6, "throughput_per_accelerator"), NAN, "tpa", 6);
    assert_near(cell(out, 6, "speedup"), NAN, "speedup", 6);
    assert_near(cell(out, 6, "reference_row"), NAN, "reference_row", 6);
    ck_assert_uint_eq(accelsel_dataset_cols(out), 45);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

/* A table of several MLPerf benchmarks: each benchmark has its own reference
 * in a round and model, and only ResNet-50 rows have a throughput (images).
 *  row  benchmark  N   T (min)  epochs
 *   0   resnet     8   20       40      reference of the resnet group
 *   1   resnet     16  11       40
 *   2   bert       16  10       1       reference of the bert group (not row 0)
 *   3   bert       32  6        1
 *   4   (none)     8   30       40      a missing benchmark is a group of its own */
START_TEST(benchmarks_apart)
{
    static const char text[] = "benchmark,round,accelerator_model_name,total_accelerators,"
                               "time_to_train_min,epochs_mean\n"
                               "resnet,v3.0,H100,8,20,40\n"
                               "resnet,v3.0,H100,16,11,40\n"
                               "bert,v3.0,H100,16,10,1\n"
                               "bert,v3.0,H100,32,6,1\n"
                               ",v3.0,H100,8,30,40\n";
    accelsel_dataset *in = load(text), *out = NULL;
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, NULL), 0);
    assert_near(cell(out, 1, "reference_row"), 0, "reference_row", 1);
    assert_near(cell(out, 1, "efficiency"), 20.0 / 11 * 8 / 16, "efficiency", 1); /* 0.909 */
    assert_near(cell(out, 3, "reference_row"), 2, "reference_row", 3);
    assert_near(cell(out, 3, "efficiency"), 10.0 / 6 * 16 / 32, "efficiency", 3); /* 0.833 */
    assert_near(cell(out, 4, "reference_row"), 4, "reference_row", 4);
    assert_near(cell(out, 1, "throughput_img_s_derived"), 40 * 1281167 / (11 * 60.0), "tp", 1);
    for (size_t r = 2; r < 5; r++)
        assert_near(cell(out, r, "throughput_img_s_derived"), NAN, "tp", r);
    accelsel_dataset_free(out);
    /* Epochs named by the caller count for every row. */
    accelsel_derive_options o = ACCELSEL_DERIVE_OPTIONS_INIT;
    o.epochs_column = "epochs_mean";
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    assert_near(cell(out, 3, "throughput_img_s_derived"), 1 * 1281167 / (6 * 60.0), "tp", 3);
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

/* Derive the table's metrics; a failure leaves no dataset. */
static int derive_table(void *ctx)
{
    static const char *const groups[] = {"gpu"};
    accelsel_derive_options o = table_options(groups);
    accelsel_dataset *out = (accelsel_dataset *)&out;
    int rc = accelsel_dataset_derive(&out, ctx, &o);
    ck_assert(rc == 0 ? out != NULL : out == NULL);
    accelsel_dataset_free(out);
    return rc;
}

/* Energy and cost of a run by hand, defaults (node 700 W, PUE 1.2, 5 years
 * of 8766 h at 0.8 utilisation = 35064 paid hours, 0.10 USD/kWh):
 *  row 0: 8 x 700 W, 1 node, 60 min: P = (5600 + 700) / 1000 = 6.3 kW,
 *         E = 6.3 x 1 h x 1.2 = 7.56 kWh; C = 8 x 30000 = 240000 USD,
 *         buy = 240000 / 35064 + 7.56 x 0.10 = 7.6006270 USD; rent = 2 x 8 x 1 = 16.
 *  row 1: 16 x 400 W, 2 nodes, 30 min: P = (6400 + 1400) / 1000 = 7.8,
 *         E = 7.8 x 0.5 x 1.2 = 4.68; no price, no rent: missing, not 0.
 *  row 2: no TDP: no power, energy or buying cost; C = 4 x 1000 = 4000;
 *         rent = 0.5 x 4 x 2 h = 4. */
static const char cost_table[] = "acc,t,number_of_nodes,accelerator_tdp_w,accelerator_price_usd,"
                                 "rent_usd_per_accelerator_hour\n"
                                 "8,60,1,700,30000,2\n"
                                 "16,30,2,400,,\n"
                                 "4,120,1,,1000,0.5\n";

static void assert_row(const accelsel_dataset *out, size_t r, const double *expect)
{
    static const char *const cols[] = {"wall_power_kw", "energy_kwh", "purchase_usd",
                                       "buy_per_run_usd", "rent_per_run_usd"};
    for (int k = 0; k < 5; k++)
        assert_near(cell(out, r, cols[k]), expect[k], cols[k], r);
}

/* The options of the cost tables: accelerators "acc", time "t", no epochs. */
static accelsel_derive_options cost_options(void)
{
    static const char *const none[] = {NULL};
    accelsel_derive_options o = table_options(none);
    o.n_group_columns = 0;
    o.accelerators_column = "acc";
    o.nodes_column = NULL;
    o.epochs_column = NULL;
    return o;
}

START_TEST(cost_and_energy_by_hand)
{
    accelsel_dataset *in = load(cost_table), *out = NULL;
    accelsel_derive_options o = cost_options();
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    assert_row(out, 0, (const double[]){6.3, 7.56, 240000, 7.600626967830253, 16});
    assert_row(out, 1, (const double[]){7.8, 4.68, M, M, M});
    assert_row(out, 2, (const double[]){M, M, 4000, M, 4});
    accelsel_dataset_free(out);
    /* Other parameters: node 500 W, PUE 1.5, 3 years at 0.5, 0.20 USD/kWh.
     * Row 0: P = 6.1, E = 6.1 x 1.5 = 9.15, buy = 240000 / (3 x 8766 x 0.5)
     * + 9.15 x 0.2 = 20.0823386. */
    o.node_power_w = 500, o.pue = 1.5, o.years = 3, o.utilisation = 0.5, o.price_kwh = 0.2;
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    assert_row(out, 0, (const double[]){6.1, 9.15, 240000, 20.082338580880673, 16});
    accelsel_dataset_free(out);
    /* A version-1 struct has no cost fields: they take their defaults. */
    o.version = 1;
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    assert_row(out, 0, (const double[]){6.3, 7.56, 240000, 7.600626967830253, 16});
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

/* A buyer's quote gives the whole configuration's power and price: they
 * replace the per-accelerator ones and the node power. 10 kW for 60 min:
 * E = 10 x 1 x 1.2 = 12 kWh; buy = 300000 / 35064 + 12 x 0.1 = 9.7557837.
 * A table without any cost column gets none of the cost columns. */
START_TEST(system_power_and_price_replace_per_accelerator_ones)
{
    accelsel_dataset *in = load("acc,t,power_kw,price\n8,60,10,300000\n"), *out = NULL;
    accelsel_derive_options o = cost_options();
    o.system_power_column = "power_kw";
    o.system_price_column = "price";
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    size_t col;
    ck_assert_int_eq(accelsel_dataset_column_index(out, "rent_per_run_usd", &col),
                     ACCELSEL_ENOTFOUND);
    static const char *const cols[] = {"wall_power_kw", "energy_kwh", "purchase_usd",
                                       "buy_per_run_usd"};
    const double expect[] = {10, 12, 300000, 9.755783709787817};
    for (int k = 0; k < 4; k++)
        assert_near(cell(out, 0, cols[k]), expect[k], cols[k], 0);
    accelsel_dataset_free(out);
    o.system_power_column = o.system_price_column = NULL;
    ck_assert_int_eq(accelsel_dataset_derive(&out, in, &o), 0);
    ck_assert_uint_eq(accelsel_dataset_cols(out), 4 + 7); /* the 7 outputs of every table */
    accelsel_dataset_free(out);
    accelsel_dataset_free(in);
}
END_TEST

/* Each cost parameter outside its range, and cost columns that are absent
 * when named or not numbers, fail naming the field or column. */
START_TEST(cost_options_are_checked)
{
    accelsel_dataset *in = load(cost_table);
    accelsel_derive_options o = cost_options();
    static const struct {
        const char *field;
        double v;
    } bad[] = {{"node_power_w", -1}, {"node_power_w", NAN}, {"pue", 0.99}, {"pue", INFINITY},
               {"years", 0},         {"utilisation", 0},    {"utilisation", 1.01},
               {"price_kwh", -0.1}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        accelsel_derive_options b = o;
        double *at = strcmp(bad[i].field, "node_power_w") == 0 ? &b.node_power_w
                     : strcmp(bad[i].field, "pue") == 0        ? &b.pue
                     : strcmp(bad[i].field, "years") == 0      ? &b.years
                     : strcmp(bad[i].field, "utilisation") == 0 ? &b.utilisation
                                                                : &b.price_kwh;
        *at = bad[i].v;
        assert_fails(in, &b, ACCELSEL_EINVAL, bad[i].field);
        ck_assert_str_eq(accelsel_last_error()->field, bad[i].field);
    }
    accelsel_derive_options b = o;
    b.price_column = "quote";
    assert_fails(in, &b, ACCELSEL_ENOTFOUND, "no column 'quote'");
    b = o;
    b.system_power_column = "kw";
    assert_fails(in, &b, ACCELSEL_ENOTFOUND, "no column 'kw'");
    accelsel_dataset_free(in);
    in = load("acc,t,accelerator_tdp_w\n8,60,lots\n");
    assert_fails(in, &o, ACCELSEL_ETYPE, "accelerator_tdp_w");
    accelsel_dataset_free(in);
}
END_TEST

START_TEST(allocation_failures_leak_nothing)
{
    accelsel_dataset *in = load(table);
    testutil_alloc_sweep(derive_table, in, 10);
    accelsel_dataset_free(in);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("derive");
    TCase *tc = tcase_create("derive");
    tcase_add_test(tc, hand_made_table);
    tcase_add_test(tc, one_reference_for_all);
    tcase_add_test(tc, bad_options_and_inputs);
    tcase_add_test(tc, outputs_beyond_range_are_missing);
    tcase_add_test(tc, default_names_may_be_absent);
    tcase_add_test(tc, mlperf_rows_by_hand);
    tcase_add_test(tc, cost_and_energy_by_hand);
    tcase_add_test(tc, system_power_and_price_replace_per_accelerator_ones);
    tcase_add_test(tc, cost_options_are_checked);
    tcase_add_test(tc, benchmarks_apart);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
