/* The contract of every function of include/accelsel/steps.h: NULL
 * arguments are ACCELSEL_EINVAL naming the argument, an unknown options
 * version is ACCELSEL_EVERSION, the out pointer is NULL after any failure,
 * and the options functions give the documented defaults and size. */
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
    ck_assert_uint_eq(o.min_steps_timed, 0);
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

int main(void)
{
    Suite *s = suite_create("api_steps");
    TCase *tc = tcase_create("api_steps");
    tcase_add_test(tc, options);
    tcase_add_test(tc, null_arguments_and_versions);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
