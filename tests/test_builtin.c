/* The built-in MLPerf Training ResNet-50 table. Expected values were read
 * from data/mlperf_training_resnet.csv with Python's csv module (row numbers
 * are 0-based data rows) and checked against data/README.md. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "accelsel/dataset.h"
#include "testutil.h"

static accelsel_dataset *mlperf(void)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    return ds;
}

static size_t col(const accelsel_dataset *ds, const char *name)
{
    size_t c = 0;
    ck_assert_msg(accelsel_dataset_column_index(ds, name, &c) == 0, "%s", name);
    return c;
}

START_TEST(names_and_shape)
{
    ck_assert_str_eq(accelsel_dataset_builtin_name(0), "mlperf-training-resnet");
    ck_assert_ptr_null(accelsel_dataset_builtin_name(1));
    accelsel_dataset *ds = (accelsel_dataset *)1;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf"), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(ds);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "mlperf-training-resnet"));
    ck_assert_int_eq(accelsel_dataset_load_builtin(NULL, "x"), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, NULL), ACCELSEL_EINVAL);
    ds = mlperf();
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 343);
    ck_assert_uint_eq(accelsel_dataset_cols(ds), 38);
    ck_assert_str_eq(accelsel_dataset_column_name(ds, 0), "round");
    ck_assert_str_eq(accelsel_dataset_column_name(ds, 37), "notes");
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(column_types)
{
    static const char *const numeric[] = {
        "number_of_nodes", "accelerators_per_node", "total_accelerators", "host_processors_per_node",
        "host_processor_core_count", "n_runs", "n_runs_success", "time_to_train_min",
        "global_batch_size", "epochs_mean", "eval_accuracy_mean", "throughput_img_s",
        "train_samples_logged"};
    static const char *const categorical[] = {
        "round", "submitter", "division", "status", "division_norm", "availability", "system_name",
        "system_id", "accelerator_model_name", "accelerator_family", "accelerator_memory_capacity",
        "host_processor_model_name", "host_memory_capacity", "framework", "run_times_min",
        "scoring_note", "same_runs_as", "power_results", "notes"};
    accelsel_dataset *ds = mlperf();
    for (size_t i = 0; i < sizeof numeric / sizeof *numeric; i++)
        ck_assert_msg(accelsel_dataset_column_type(ds, col(ds, numeric[i])) == ACCELSEL_COLUMN_NUMERIC,
                      "%s", numeric[i]);
    for (size_t i = 0; i < sizeof categorical / sizeof *categorical; i++)
        ck_assert_msg(accelsel_dataset_column_type(ds, col(ds, categorical[i])) ==
                          ACCELSEL_COLUMN_CATEGORICAL,
                      "%s", categorical[i]);
    /* 13 numeric columns, the other 25 categorical. */
    size_t n_numeric = 0;
    for (size_t c = 0; c < 38; c++)
        n_numeric += accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC;
    ck_assert_uint_eq(n_numeric, 13);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(known_values)
{
    accelsel_dataset *ds = mlperf();
    size_t round = col(ds, "round"), sub = col(ds, "submitter"), acc = col(ds, "total_accelerators");
    size_t t = col(ds, "time_to_train_min"), model = col(ds, "accelerator_model_name");
    /* Row 288: v3.0 NVIDIA+CoreWeave, 3584 H100, 0.183 min (the published score). */
    ck_assert_str_eq(accelsel_dataset_string(ds, 288, round), "v3.0");
    ck_assert_str_eq(accelsel_dataset_string(ds, 288, sub), "NVIDIA+CoreWeave");
    ck_assert_str_eq(accelsel_dataset_string(ds, 288, model), "NVIDIA H100-SXM5-80GB");
    ck_assert(accelsel_dataset_number(ds, 288, acc) == 3584);
    ck_assert(accelsel_dataset_number(ds, 288, t) == 0.183);
    ck_assert(accelsel_dataset_number(ds, 288, col(ds, "epochs_mean")) == 77);
    ck_assert(accelsel_dataset_number(ds, 288, col(ds, "global_batch_size")) == 57344);
    ck_assert(accelsel_dataset_number(ds, 288, col(ds, "throughput_img_s")) == 8985322.8);
    /* Row 26: v0.6 NVIDIA dgx2h_n96, 1536 V100, 1.3324 min ("80 seconds"). */
    ck_assert_str_eq(accelsel_dataset_string(ds, 26, col(ds, "system_id")), "dgx2h_n96_ngc19.05_mxnet");
    ck_assert(accelsel_dataset_number(ds, 26, acc) == 1536);
    ck_assert(accelsel_dataset_number(ds, 26, t) == 1.3324);
    /* Row 0: v0.5 Google 8xV100, 137.8002 min, and quoting in run_times_min. */
    ck_assert(accelsel_dataset_number(ds, 0, t) == 137.8002);
    ck_assert_str_eq(accelsel_dataset_string(ds, 0, col(ds, "run_times_min")),
                     "137.188;137.6583;137.8666;137.8757;137.9848");
    /* Last row: v3.1 G5500V7x8xL40S, 8 accelerators, 42.6366 min. */
    ck_assert_str_eq(accelsel_dataset_string(ds, 342, col(ds, "system_id")), "G5500V7x8xL40S");
    ck_assert(accelsel_dataset_number(ds, 342, t) == 42.6366);
    /* A quoted field with commas (row 0 has none; a DGX A100 row has this framework). */
    size_t fw = col(ds, "framework");
    int found = 0;
    for (size_t r = 0; r < 343; r++) {
        const char *s = accelsel_dataset_string(ds, r, fw);
        found += s != NULL && strcmp(s, "NGC MXNet 22.09 , NGC PyTorch 22.09 , NGC TensorFlow 22.09-tf1") == 0;
    }
    ck_assert_int_eq(found, 28);
    /* 7 rows without a score (logs missing from the snapshots, README). */
    size_t missing = 0;
    for (size_t r = 0; r < 343; r++)
        missing += (size_t)accelsel_dataset_is_missing(ds, r, t);
    ck_assert_uint_eq(missing, 7);
    /* N/A in accelerator_memory_capacity is missing, never a level. */
    size_t mem = col(ds, "accelerator_memory_capacity");
    for (size_t l = 0; l < accelsel_dataset_levels(ds, mem); l++)
        ck_assert_str_ne(accelsel_dataset_level(ds, mem, l), "N/A");
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(rounds_and_core_counts)
{
    static const char *const rounds[] = {"v0.5", "v0.6", "v0.7", "v1.0", "v1.1",
                                         "v2.0", "v2.1", "v3.0", "v3.1"};
    static const size_t per_round[] = {14, 14, 35, 37, 42, 56, 41, 63, 41}; /* README row counts */
    accelsel_dataset *ds = mlperf();
    size_t round = col(ds, "round");
    ck_assert_uint_eq(accelsel_dataset_levels(ds, round), 9);
    for (size_t i = 0; i < 9; i++) {
        ck_assert_str_eq(accelsel_dataset_level(ds, round, i), rounds[i]);
        accelsel_dataset *f = NULL;
        ck_assert_int_eq(accelsel_dataset_filter_equal(&f, ds, "round", rounds[i]), 0);
        ck_assert_uint_eq(accelsel_dataset_rows(f), per_round[i]);
        accelsel_dataset_free(f);
    }
    /* host_processor_core_count: numbers, with 4 blanks, 6 "-" (rows 16-21,
     * v0.6 Google TPU v3) and 3 "core_count" (rows 38, 43, 44) missing. */
    size_t cores = col(ds, "host_processor_core_count"), missing = 0;
    for (size_t r = 0; r < 343; r++)
        missing += (size_t)accelsel_dataset_is_missing(ds, r, cores);
    ck_assert_uint_eq(missing, 13);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 16, cores), 1);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 38, cores), 1);
    ck_assert(accelsel_dataset_number(ds, 0, cores) == 48);
    ck_assert(accelsel_dataset_number(ds, 288, cores) == 32);
    /* power_results is empty in every row, and categorical. */
    size_t power = col(ds, "power_results");
    ck_assert_uint_eq(accelsel_dataset_levels(ds, power), 0);
    ck_assert_int_eq(accelsel_dataset_is_missing(ds, 100, power), 1);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(save_load_round_trip)
{
    accelsel_dataset *ds = mlperf(), *back = NULL;
    char *text = NULL;
    size_t len = 0;
    ck_assert_int_eq(accelsel_dataset_save_csv_buffer(ds, &text, &len), 0);
    /* An all-missing column reads back numeric unless named categorical. */
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    const char *cat[] = {"power_results"};
    o.categorical = cat;
    o.n_categorical = 1;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&back, text, len, &o), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(back), 343);
    for (size_t c = 0; c < 38; c++) {
        int type = accelsel_dataset_column_type(ds, c);
        ck_assert_int_eq(accelsel_dataset_column_type(back, c), type);
        ck_assert_uint_eq(accelsel_dataset_levels(back, c), accelsel_dataset_levels(ds, c));
        for (size_t r = 0; r < 343; r++) {
            if (type == ACCELSEL_COLUMN_NUMERIC) {
                double a = accelsel_dataset_number(ds, r, c), b = accelsel_dataset_number(back, r, c);
                ck_assert(a == b || (isnan(a) && isnan(b)));
            } else {
                ck_assert_int_eq(accelsel_dataset_code(ds, r, c), accelsel_dataset_code(back, r, c));
            }
        }
    }
    /* Text with commas is quoted as in the original file; text without is not. */
    ck_assert_ptr_nonnull(strstr(text, ",\"NGC MXNet 22.09 , NGC PyTorch 22.09 , NGC TensorFlow 22.09-tf1\","));
    ck_assert_ptr_nonnull(strstr(text, ",olympic mean of 5 runs (dropped fastest and slowest),"));
    accelsel_free(text);
    accelsel_dataset_free(back);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(allocation_failures_leak_nothing)
{
    size_t n;
    for (n = 1;; n += 7) { /* every 7th: the load makes over a thousand allocations */
        accelsel_dataset *ds = NULL;
        testutil_alloc_fail_at(n);
        int rc = accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet");
        accelsel_dataset_free(ds);
        long live = testutil_alloc_live();
        testutil_alloc_reset();
        ck_assert_msg(rc == 0 || rc == ACCELSEL_ENOMEM, "n=%zu rc=%d", n, rc);
        ck_assert_msg(live == 0, "n=%zu leaked %ld", n, live);
        if (rc == 0)
            break;
    }
    ck_assert_uint_gt(n, 100);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("builtin");
    TCase *tc = tcase_create("builtin");
    tcase_add_test(tc, names_and_shape);
    tcase_add_test(tc, column_types);
    tcase_add_test(tc, known_values);
    tcase_add_test(tc, rounds_and_core_counts);
    tcase_add_test(tc, save_load_round_trip);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
