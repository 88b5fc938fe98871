/* The contract of every function of include/accelsel/steps.h: NULL
 * arguments are ACCELSEL_EINVAL naming the argument, an unknown options
 * version is ACCELSEL_EVERSION, the out pointer is NULL after any failure,
 * and the options functions give the documented defaults and size. The
 * predictor's step functions: the errors every call shares (a missing
 * column, a column of the wrong type, no rows, a row the predictor cannot
 * resolve), and allocation-failure sweeps (ACCELSEL_ENOMEM, nothing leaked,
 * the predictor unchanged by a failed calibration). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

static const char csv[] =
    "network,device,threads,batch,image_size,precision,framework,framework_version,"
    "steps_timed,step_min_s,step_median_s,measured_at\n"
    "small-cnn,c,1,32,32,fp32,pytorch-eager,1.13.0a0,5,0.04,0.05,2025-06-01\n";
static const char cat_yaml[] =
    "version: 1\ndevices:\n  - {name: c, vendor: v, kind: cpu, cores: 1, clock_hz: 2.0e9, source: s}\n";

static void assert_einval(int rc, const char *arg)
{
    char want[64];
    snprintf(want, sizeof want, "'%s'", arg);
    ck_assert_int_eq(rc, ACCELSEL_EINVAL);
    ck_assert_msg(strstr(accelsel_last_error()->message, want) != NULL, "'%s' does not name %s",
                  accelsel_last_error()->message, want);
}

START_TEST(options)
{
    accelsel_steps_options o, d = ACCELSEL_STEPS_OPTIONS_INIT;
    memset(&o, 0xff, sizeof o);
    ck_assert_int_eq(accelsel_steps_options_init(&o, ACCELSEL_STEPS_OPTIONS_VERSION), 0);
    ck_assert_int_eq(memcmp(&o, &d, sizeof o), 0);
    ck_assert_uint_eq(o.version, 1);
    ck_assert_uint_eq(o.min_steps_timed, 5);
    ck_assert_uint_eq(o.max_field_len, 0);
    ck_assert_int_eq(accelsel_steps_options_init(&o, 0), ACCELSEL_EVERSION);
    assert_einval(accelsel_steps_options_init(NULL, 1), "opts");
    ck_assert_uint_eq(accelsel_steps_options_size(), sizeof(accelsel_steps_options));
}
END_TEST

START_TEST(null_arguments_and_versions)
{
    accelsel_catalog *cat = NULL;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, cat_yaml, strlen(cat_yaml)), 0);
    accelsel_dataset *ds = (accelsel_dataset *)&ds;
    assert_einval(accelsel_steps_load_buffer(NULL, cat, csv, strlen(csv), NULL), "out");
    assert_einval(accelsel_steps_load_buffer(&ds, cat, NULL, 3, NULL), "data");
    ck_assert_ptr_null(ds);
    ds = (accelsel_dataset *)&ds;
    assert_einval(accelsel_steps_load_file(&ds, cat, NULL, NULL), "path");
    ck_assert_ptr_null(ds);
    assert_einval(accelsel_steps_load_file(NULL, cat, "x.csv", NULL), "out");
    assert_einval(accelsel_steps_load_builtin(NULL, NULL), "out");
    accelsel_steps_options o = ACCELSEL_STEPS_OPTIONS_INIT;
    o.version = 2;
    ds = (accelsel_dataset *)&ds;
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, csv, strlen(csv), &o), ACCELSEL_EVERSION);
    ck_assert_ptr_null(ds);
    ck_assert_int_eq(accelsel_steps_load_file(&ds, cat, "/nonexistent/x.csv", &o),
                     ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_steps_load_file(&ds, cat, "/nonexistent/x.csv", NULL), ACCELSEL_EIO);
    ck_assert(strstr(accelsel_last_error()->message, "/nonexistent/x.csv") != NULL);
    /* The same text loads with this catalog, and not with the built-in one,
     * which has no device "c" (NULL catalog = built-in). */
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, cat, csv, strlen(csv), NULL), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), 1);
    accelsel_dataset_free(ds);
    ck_assert_int_eq(accelsel_steps_load_buffer(&ds, NULL, csv, strlen(csv), NULL),
                     ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(ds);
    ck_assert_int_eq(accelsel_steps_load_builtin(&ds, NULL), 0);
    accelsel_dataset_free(ds);
    accelsel_catalog_free(cat);
}
END_TEST

/* ---- the predictor on step rows ---- */

/* The steps' catalog: c2 (2 cores) and c3 (4 cores), with the figures a
 * prediction needs. The predictor's: c2 alone, with 2 cores. */
static const char steps_cat_yaml[] =
    "version: 1\ndevices:\n"
    "  - {name: c2, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9, flops_per_cycle: {fp32: 32},\n"
    "     memory_bw_bytes_s: 20e9, source: s}\n"
    "  - {name: c3, vendor: v, kind: cpu, cores: 4, clock_hz: 2.0e9, flops_per_cycle: {fp32: 32},\n"
    "     memory_bw_bytes_s: 20e9, source: s}\n";
static const char pred_cat_yaml[] =
    "version: 1\ndevices:\n"
    "  - {name: c2, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9, flops_per_cycle: {fp32: 32},\n"
    "     memory_bw_bytes_s: 20e9, source: s}\n";
#define STEPS_HEADER                                                                         \
    "network,device,threads,batch,image_size,precision,framework,framework_version,"         \
    "steps_timed,step_min_s,step_median_s,measured_at\n"
static const char two_rows[] = STEPS_HEADER
    "small-cnn,c2,1,32,32,fp32,pytorch-eager,1.13,5,0.04,0.05,2025-06-01\n"
    "resnet18-cifar,c2,2,8,32,fp32,pytorch-eager,1.13,5,0.09,0.1,2025-06-01\n";

/* The three step functions with one signature: 0 predict, 1 evaluate, 2
 * calibrate (which has no out pointer: *out stays NULL). */
static int call_steps(int which, accelsel_dataset **out, accelsel_predictor *p,
                      const accelsel_dataset *steps)
{
    if (which == 0)
        return accelsel_predictor_predict_steps(out, p, steps);
    if (which == 1)
        return accelsel_predictor_evaluate_steps(out, p, steps);
    if (out != NULL)
        *out = NULL;
    return accelsel_predictor_calibrate_steps(p, steps);
}

typedef struct fixture {
    accelsel_catalog *scat, *pcat;
    accelsel_predictor *p;
} fixture;

static void fixture_open(fixture *f)
{
    ck_assert_int_eq(accelsel_catalog_load_buffer(&f->scat, steps_cat_yaml, strlen(steps_cat_yaml)), 0);
    ck_assert_int_eq(accelsel_catalog_load_buffer(&f->pcat, pred_cat_yaml, strlen(pred_cat_yaml)), 0);
    ck_assert_int_eq(accelsel_predictor_new(&f->p, f->pcat, TEST_PHYSICAL), 0);
}

static void fixture_close(fixture *f)
{
    accelsel_predictor_free(f->p);
    accelsel_catalog_free(f->pcat);
    accelsel_catalog_free(f->scat);
}

static accelsel_dataset *steps_of(const fixture *f, const char *text)
{
    accelsel_dataset *ds;
    ck_assert_msg(accelsel_steps_load_buffer(&ds, f->scat, text, strlen(text), NULL) == 0, "%s",
                  accelsel_last_error()->message);
    return ds;
}

static char *saved(const accelsel_predictor *p)
{
    char *text = NULL;
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(p, &text, NULL), 0);
    return text;
}

/* NULL arguments: EINVAL naming the argument, *out NULL. */
START_TEST(predictor_steps_null_arguments)
{
    fixture f;
    fixture_open(&f);
    accelsel_dataset *ds = steps_of(&f, two_rows), *out = (accelsel_dataset *)&out;
    assert_einval(accelsel_predictor_predict_steps(NULL, f.p, ds), "out");
    assert_einval(accelsel_predictor_predict_steps(&out, NULL, ds), "p");
    ck_assert_ptr_null(out);
    out = (accelsel_dataset *)&out;
    assert_einval(accelsel_predictor_predict_steps(&out, f.p, NULL), "steps");
    ck_assert_ptr_null(out);
    assert_einval(accelsel_predictor_evaluate_steps(NULL, f.p, ds), "out");
    out = (accelsel_dataset *)&out;
    assert_einval(accelsel_predictor_evaluate_steps(&out, NULL, ds), "p");
    ck_assert_ptr_null(out);
    out = (accelsel_dataset *)&out;
    assert_einval(accelsel_predictor_evaluate_steps(&out, f.p, NULL), "steps");
    ck_assert_ptr_null(out);
    assert_einval(accelsel_predictor_calibrate_steps(NULL, ds), "p");
    assert_einval(accelsel_predictor_calibrate_steps(f.p, NULL), "steps");
    /* The good calls. */
    ck_assert_int_eq(accelsel_predictor_predict_steps(&out, f.p, ds), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), 2);
    accelsel_dataset_free(out);
    ck_assert_int_eq(accelsel_predictor_evaluate_steps(&out, f.p, ds), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), 3); /* two networks and "all" */
    accelsel_dataset_free(out);
    ck_assert_int_eq(accelsel_predictor_calibrate_steps(f.p, ds), 0);
    accelsel_dataset_free(ds);
    fixture_close(&f);
}
END_TEST

/* A table of seven columns, one of them left out (@p skip) or of the other
 * type (@p retype), with @p rows rows. */
static accelsel_dataset *table(int skip, int retype, size_t rows)
{
    static const char *const names[] = { "network", "device", "threads", "batch", "precision",
                                         "framework", "step_median_s" };
    static const int numeric[] = { 0, 0, 1, 1, 0, 0, 1 };
    static const char *const text[] = { "small-cnn", "c2", "1", "32", "fp32", "pytorch-eager",
                                        "0.05" };
    static const double num[] = { 0, 0, 1, 32, 0, 0, 0.05 };
    accelsel_dataset *ds;
    ck_assert_int_eq(accelsel_dataset_new(&ds, rows), 0);
    for (int k = 0; k < 7; k++) {
        if (k == skip)
            continue;
        const char *sv[2] = { text[k], text[k] };
        double nv[2] = { num[k], num[k] };
        if (numeric[k] != (k == retype))
            ck_assert_int_eq(accelsel_dataset_add_numeric(ds, names[k], rows ? nv : NULL, rows), 0);
        else
            ck_assert_int_eq(accelsel_dataset_add_categorical(ds, names[k], rows ? sv : NULL, rows), 0);
    }
    return ds;
}

/* Each required column missing: ENOTFOUND naming it; of the wrong type:
 * EINVAL naming it; no rows: EEMPTY; a table made by hand (not the
 * loader's) with every column works. Calibration on tuned rows alone:
 * EEMPTY (nothing to fit). */
START_TEST(predictor_steps_columns_and_rows)
{
    static const char *const names[] = { "network", "device", "threads", "batch", "precision",
                                         "framework", "step_median_s" };
    fixture f;
    fixture_open(&f);
    for (int which = 0; which < 3; which++) {
        for (int k = 0; k < 7; k++) {
            accelsel_dataset *ds = table(k, -1, 2), *out = (accelsel_dataset *)&out;
            ck_assert_int_eq(call_steps(which, &out, f.p, ds), ACCELSEL_ENOTFOUND);
            ck_assert_ptr_null(out);
            ck_assert_msg(strstr(accelsel_last_error()->message, names[k]), "%s",
                          accelsel_last_error()->message);
            accelsel_dataset_free(ds);
            ds = table(-1, k, 2);
            out = (accelsel_dataset *)&out;
            ck_assert_int_eq(call_steps(which, &out, f.p, ds), ACCELSEL_EINVAL);
            ck_assert_ptr_null(out);
            ck_assert_msg(strstr(accelsel_last_error()->message, names[k]), "%s",
                          accelsel_last_error()->message);
            accelsel_dataset_free(ds);
        }
        accelsel_dataset *ds = table(-1, -1, 0), *out = (accelsel_dataset *)&out;
        ck_assert_int_eq(call_steps(which, &out, f.p, ds), ACCELSEL_EEMPTY);
        ck_assert_ptr_null(out);
        accelsel_dataset_free(ds);
        ds = table(-1, -1, 2);
        ck_assert_int_eq(call_steps(which, &out, f.p, ds), 0);
        accelsel_dataset_free(out);
        accelsel_dataset_free(ds);
    }
    accelsel_dataset *ds = steps_of(
        &f, STEPS_HEADER "small-cnn,c2,1,32,32,fp32,pytorch-tuned,1.13,5,0.04,0.05,2025-06-01\n");
    char *before = saved(f.p);
    ck_assert_int_eq(accelsel_predictor_calibrate_steps(f.p, ds), ACCELSEL_EEMPTY);
    char *after = saved(f.p);
    ck_assert_str_eq(before, after);
    accelsel_free(before);
    accelsel_free(after);
    accelsel_dataset *out;
    ck_assert_int_eq(accelsel_predictor_predict_steps(&out, f.p, ds), 0); /* tuned rows predict */
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
    fixture_close(&f);
}
END_TEST

/* Rows the predictor cannot resolve, each call failing with the resolver's
 * status and a message that starts "step row N:": row 2's device c3 is not
 * in the predictor's catalog (ENOTFOUND; a failed calibration leaves the
 * predictor as it was); row 1's 4 threads on c3 are above the 2 cores
 * another predictor's catalog gives c3 (ERANGE), while the steps' catalog,
 * which loaded the row, gives it 4. */
START_TEST(predictor_steps_unresolvable_rows)
{
    fixture f;
    fixture_open(&f);
    static const char missing[] = STEPS_HEADER
        "small-cnn,c2,1,32,32,fp32,pytorch-eager,1.13,5,0.04,0.05,2025-06-01\n"
        "small-cnn,c3,1,32,32,fp32,pytorch-eager,1.13,5,0.04,0.05,2025-06-01\n";
    accelsel_dataset *ds = steps_of(&f, missing);
    for (int which = 0; which < 3; which++) {
        char *before = saved(f.p);
        accelsel_dataset *out = (accelsel_dataset *)&out;
        ck_assert_int_eq(call_steps(which, &out, f.p, ds), ACCELSEL_ENOTFOUND);
        ck_assert_ptr_null(out);
        const char *m = accelsel_last_error()->message;
        ck_assert_msg(strncmp(m, "step row 2: ", 12) == 0 && strstr(m, "c3"), "%s", m);
        char *after = saved(f.p);
        ck_assert_str_eq(before, after);
        accelsel_free(before);
        accelsel_free(after);
    }
    accelsel_dataset_free(ds);
    static const char c3_two[] =
        "version: 1\ndevices:\n"
        "  - {name: c3, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9, flops_per_cycle: {fp32: 32},\n"
        "     memory_bw_bytes_s: 20e9, source: s}\n";
    accelsel_catalog *small;
    accelsel_predictor *q;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&small, c3_two, strlen(c3_two)), 0);
    ck_assert_int_eq(accelsel_predictor_new(&q, small, TEST_PHYSICAL), 0);
    ds = steps_of(&f, STEPS_HEADER
                  "small-cnn,c3,4,32,32,fp32,pytorch-eager,1.13,5,0.04,0.05,2025-06-01\n");
    for (int which = 0; which < 3; which++) {
        accelsel_dataset *out = (accelsel_dataset *)&out;
        ck_assert_int_eq(call_steps(which, &out, q, ds), ACCELSEL_ERANGE);
        ck_assert_ptr_null(out);
        const char *m = accelsel_last_error()->message;
        ck_assert_msg(strncmp(m, "step row 1: ", 12) == 0 && strstr(m, "4 threads"), "%s", m);
    }
    accelsel_predictor *wide;
    ck_assert_int_eq(accelsel_predictor_new(&wide, f.scat, TEST_PHYSICAL), 0);
    accelsel_dataset *out;
    ck_assert_int_eq(accelsel_predictor_predict_steps(&out, wide, ds), 0);
    accelsel_dataset_free(out);
    accelsel_predictor_free(wide);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(q);
    accelsel_catalog_free(small);
    fixture_close(&f);
}
END_TEST

/* ---- allocation failures ---- */

/* which: 0 predict_steps, 1 evaluate_steps, 2 calibrate_steps. Everything
 * the call needs is built inside, so that every allocation is swept; a
 * failed calibration leaves the parameters (and bands) as they were. */
static int steps_scenario(void *ctx)
{
    int which = *(const int *)ctx;
    accelsel_catalog *c = NULL;
    accelsel_dataset *ds = NULL, *out = (accelsel_dataset *)&out;
    accelsel_predictor *p = NULL;
    char *before = NULL;
    int rc = accelsel_catalog_load_buffer(&c, steps_cat_yaml, strlen(steps_cat_yaml));
    if (rc == 0)
        rc = accelsel_steps_load_buffer(&ds, c, two_rows, strlen(two_rows), NULL);
    if (rc == 0)
        rc = accelsel_predictor_new(&p, c, TEST_PHYSICAL);
    if (rc == 0 && which == 2)
        rc = accelsel_predictor_save_params_buffer(p, &before, NULL);
    if (rc == 0) {
        rc = call_steps(which, &out, p, ds);
        if (rc != 0) {
            ck_assert_ptr_null(out);
            if (before != NULL) { /* the one failing allocation is behind us */
                char *after = NULL;
                ck_assert_int_eq(accelsel_predictor_save_params_buffer(p, &after, NULL), 0);
                ck_assert_str_eq(before, after);
                accelsel_free(after);
            }
        } else if (which < 2) {
            ck_assert_uint_eq(accelsel_dataset_rows(out), which == 0 ? 2 : 3);
            accelsel_dataset_free(out);
        }
    }
    accelsel_free(before);
    accelsel_predictor_free(p);
    accelsel_dataset_free(ds);
    accelsel_catalog_free(c);
    return rc;
}

START_TEST(predictor_steps_allocation_failures)
{
    int which = _i;
    testutil_alloc_sweep_light(steps_scenario, &which, 20);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_steps");
    TCase *tc = tcase_create("api_steps");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, options);
    tcase_add_test(tc, null_arguments_and_versions);
    tcase_add_test(tc, predictor_steps_null_arguments);
    tcase_add_test(tc, predictor_steps_columns_and_rows);
    tcase_add_test(tc, predictor_steps_unresolvable_rows);
    tcase_add_loop_test(tc, predictor_steps_allocation_failures, 0, 3);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
