/* Feature transforms: each transform against values worked by hand, one-hot
 * encoding with unseen levels, both missing-value policies, transforming a
 * second dataset, the inverse, bad input and allocation failures. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "accelsel/features.h"
#include "testutil.h"

#define T(name) ACCELSEL_TRANSFORM_##name

/* Four systems; the last has no family, so the drop policy keeps rows 0-2. */
static const char base_csv[] = "name,n,t,fam,k,z\n"
                               "a,1,10,A100,5,0\n"
                               "b,10,20,V100,5,2\n"
                               "c,100,30,A100,5,-1\n"
                               "d,1000,60,,5,inf\n";

static accelsel_dataset *csv(const char *text)
{
    accelsel_dataset *ds = NULL;
    int rc = accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), NULL);
    ck_assert_msg(rc == 0, "csv: %s", accelsel_last_error()->message);
    return ds;
}

static accelsel_features *fit_ok(const accelsel_dataset *ds, const char *const *cols,
                                 const int *tr, size_t n, uint32_t missing)
{
    accelsel_features_options o = ACCELSEL_FEATURES_OPTIONS_INIT;
    o.missing = missing;
    accelsel_features *f = NULL;
    int rc = accelsel_features_fit(&f, ds, cols, tr, n, &o);
    ck_assert_msg(rc == 0, "fit: %s", accelsel_last_error()->message);
    return f;
}

static void transform_ok(const accelsel_features *f, const accelsel_dataset *ds, double *m,
                         size_t cap, size_t want_rows, size_t *idx)
{
    size_t n = 99;
    int rc = accelsel_features_transform(f, ds, m, cap, &n, idx);
    ck_assert_msg(rc == 0, "transform: %s", accelsel_last_error()->message);
    ck_assert_uint_eq(n, want_rows);
}

static void assert_row(const double *got, const double *want, size_t n)
{
    for (size_t j = 0; j < n; j++)
        ck_assert_msg(fabs(got[j] - want[j]) <= 1e-12, "column %zu: got %.17g, want %.17g", j,
                      got[j], want[j]);
}

/* Drop policy keeps rows a, b, c. t = 10, 20, 30: mean 20, population sd
 * sqrt(200/3) = 8.16497, z = -1.2247449, 0, 1.2247449. log10(n) = 0, 1, 2;
 * its z-score: mean 1, sd sqrt(2/3), z = -1.2247449, 0, 1.2247449. min-max of
 * t: 0, 0.5, 1. fam one-hot in order of first appearance: A100, V100. */
START_TEST(each_transform_by_hand)
{
    accelsel_dataset *ds = csv(base_csv);
    const char *cols[] = {"n", "t", "fam", "n", "t"};
    static const char *const c1[] = {"n", "t", "fam"};
    int tr1[] = {T(LOG10_ZSCORE), T(ZSCORE), T(DEFAULT)};
    accelsel_features *f = fit_ok(ds, c1, tr1, 3, ACCELSEL_MISSING_DROP);
    ck_assert_uint_eq(accelsel_features_dim(f), 4);
    ck_assert_str_eq(accelsel_features_name(f, 0), "log10(n)");
    ck_assert_str_eq(accelsel_features_name(f, 1), "t");
    ck_assert_str_eq(accelsel_features_name(f, 2), "fam=A100");
    ck_assert_str_eq(accelsel_features_name(f, 3), "fam=V100");
    ck_assert_ptr_null(accelsel_features_name(f, 4));
    ck_assert_int_eq(accelsel_features_input_transform(f, 2), T(ONEHOT));
    ck_assert_int_eq(accelsel_features_missing_policy(f), ACCELSEL_MISSING_DROP);
    double m[16], center, scale;
    size_t idx[4];
    transform_ok(f, ds, m, 16, 3, idx);
    const double z = 1.224744871391589;
    const double want[] = {-z, -z, 1, 0, 0, 0, 0, 1, z, z, 1, 0};
    assert_row(m, want, 12);
    ck_assert_uint_eq(idx[0], 0);
    ck_assert_uint_eq(idx[2], 2);
    ck_assert_int_eq(accelsel_features_scaling(f, 1, &center, &scale), 0);
    ck_assert_double_eq_tol(center, 20, 1e-12);
    ck_assert_double_eq_tol(scale, sqrt(200.0 / 3), 1e-12);
    ck_assert_int_eq(accelsel_features_scaling(f, 3, &center, &scale), 0);
    ck_assert(center == 0 && scale == 1);
    accelsel_features_free(f);

    int tr2[] = {T(LOG10), T(MINMAX)};
    f = fit_ok(ds, cols, tr2, 2, ACCELSEL_MISSING_DROP);
    ck_assert_str_eq(accelsel_features_name(f, 1), "t");
    transform_ok(f, ds, m, 16, 4, NULL);
    const double want2[] = {0, 0, 1, 0.2, 2, 0.4, 3, 1};
    assert_row(m, want2, 8);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
}
END_TEST

/* Impute: x = 1, -, 3, 10 takes the median of {1, 3, 10} = 3; c = p, q, p, -
 * takes the most common level p. z-score of 1, 3, 3, 10: mean 4.25, sd
 * sqrt(46.75 / 4) = 3.4186986, z = -0.95065415, -0.36563621 (twice), 1.68192658. */
START_TEST(impute_median_and_mode)
{
    accelsel_dataset *ds = csv("x,c\n1,p\n,q\n3,p\n10,\n");
    static const char *const cols[] = {"x", "c", "x"};
    accelsel_features *f = fit_ok(ds, cols, NULL, 2, ACCELSEL_MISSING_IMPUTE);
    double m[12];
    transform_ok(f, ds, m, 12, 4, NULL);
    const double want[] = {-0.9506541513652698, 1, 0,  -0.36563621206356534, 0, 1,
                           -0.36563621206356534, 1, 0, 1.6819265754924004,   1, 0};
    assert_row(m, want, 12);
    accelsel_features_free(f);
    int none[] = {T(NONE)};
    f = fit_ok(ds, cols, none, 1, ACCELSEL_MISSING_IMPUTE);
    transform_ok(f, ds, m, 12, 4, NULL);
    const double raw[] = {1, 3, 3, 10};
    assert_row(m, raw, 4);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
}
END_TEST

/* A second dataset in another column order, with a level never seen at fit
 * time (all zeros) and a missing value dropped. n = 50 gives
 * (log10 50 - 1) / sqrt(2/3) = 0.85605993; t = 25 gives 5 / sqrt(200/3). */
START_TEST(transform_new_rows_the_same_way)
{
    accelsel_dataset *ds = csv(base_csv);
    static const char *const cols[] = {"n", "t", "fam"};
    int tr[] = {T(LOG10_ZSCORE), T(ZSCORE), T(ONEHOT)};
    accelsel_features *f = fit_ok(ds, cols, tr, 3, ACCELSEL_MISSING_DROP);
    accelsel_dataset *other = csv("fam,extra,t,n\nH100,x,25,50\nV100,y,,3\nA100,z,20,10\n");
    double m[12];
    size_t idx[3];
    transform_ok(f, other, m, 12, 2, idx);
    const double want[] = {0.8560599280670957, 0.6123724356957945, 0, 0, 0, 0, 1, 0};
    assert_row(m, want, 8);
    ck_assert_uint_eq(idx[0], 0);
    ck_assert_uint_eq(idx[1], 2);

    /* Back to original units: log10 undone, so the centre of log space is 10. */
    const double x[] = {0, 0, 1, 0, 1.224744871391589, -1.224744871391589, 0, 1};
    double orig[6];
    ck_assert_int_eq(accelsel_features_inverse(f, x, 2, orig, 6), 0);
    ck_assert_double_eq_tol(orig[0], 10, 1e-12);
    ck_assert_double_eq_tol(orig[1], 20, 1e-12);
    ck_assert(isnan(orig[2]));
    ck_assert_double_eq_tol(orig[3], 100, 1e-11);
    ck_assert_double_eq_tol(orig[4], 10, 1e-12);
    ck_assert_int_eq(accelsel_features_inverse(f, x, 2, orig, 5), ACCELSEL_EINVAL);
    accelsel_dataset_free(other);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
}
END_TEST

typedef struct bad_fit {
    const char *col;
    int transform;
    uint32_t missing;
    int status;
    const char *fragment;
} bad_fit;

static const bad_fit bad_fits[] = {
    {"nope", T(DEFAULT), ACCELSEL_MISSING_DROP, ACCELSEL_ENOTFOUND, "no column 'nope'"},
    {"k", T(ZSCORE), ACCELSEL_MISSING_DROP, ACCELSEL_EDATA, "'k' is constant (5 on every row"},
    {"k", T(LOG10_ZSCORE), ACCELSEL_MISSING_DROP, ACCELSEL_EDATA, "'k' is constant (log10 0.69897"},
    {"k", T(MINMAX), ACCELSEL_MISSING_DROP, ACCELSEL_EDATA, "'k' is constant"},
    {"z", T(NONE), ACCELSEL_MISSING_DROP, ACCELSEL_EDATA, "column 'z', line 5 of <buffer>: infinite"},
    {"z", T(LOG10), ACCELSEL_MISSING_DROP, ACCELSEL_EDATA, "column 'z', line 2 of <buffer>: log10"},
    {"fam", T(ZSCORE), ACCELSEL_MISSING_DROP, ACCELSEL_ETYPE, "'fam' is categorical"},
    {"t", T(ONEHOT), ACCELSEL_MISSING_DROP, ACCELSEL_ETYPE, "'t' is numeric"},
    {"t", 42, ACCELSEL_MISSING_DROP, ACCELSEL_EINVAL, "unknown transform 42 for column 't'"},
    {"t", -1, ACCELSEL_MISSING_DROP, ACCELSEL_EINVAL, "unknown transform -1"},
    {"t", T(NONE), 7, ACCELSEL_EINVAL, "missing-value policy 7"},
    {"gone", T(NONE), ACCELSEL_MISSING_DROP, ACCELSEL_EEMPTY,
     "no rows left after dropping rows with missing values: column 'gone' has no value in any row"},
    {"gone", T(NONE), ACCELSEL_MISSING_IMPUTE, ACCELSEL_EEMPTY, "'gone' has no value"},
    {"gonecat", T(ONEHOT), ACCELSEL_MISSING_IMPUTE, ACCELSEL_EEMPTY, "'gonecat' has no value"},
};

START_TEST(fit_bad_input)
{
    const bad_fit *b = &bad_fits[_i];
    accelsel_dataset *ds = csv(base_csv);
    const double nan4[] = {NAN, NAN, NAN, NAN};
    const char *none4[] = {NULL, NULL, NULL, NULL};
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "gone", nan4, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "gonecat", none4, 4), 0);
    accelsel_features_options o = ACCELSEL_FEATURES_OPTIONS_INIT;
    o.missing = b->missing;
    accelsel_features *f = (accelsel_features *)1;
    int rc = accelsel_features_fit(&f, ds, &b->col, &b->transform, 1, &o);
    ck_assert_msg(rc == b->status, "case %d: got %s (%s)", _i, accelsel_status_name(rc),
                  accelsel_last_error()->message);
    ck_assert_ptr_null(f);
    ck_assert_msg(strstr(accelsel_last_error()->message, b->fragment) != NULL,
                  "case %d: message '%s' lacks '%s'", _i, accelsel_last_error()->message,
                  b->fragment);
    accelsel_dataset_free(ds);
}
END_TEST

/* A column of 0 and the smallest subnormal, 2^-1074 = 4.94066e-324: mean and
 * population standard deviation are both 2^-1075, which rounds to 0 (ties to
 * even), so z-scores would be 0/0. Refused, naming the column, instead of
 * NaN features blamed on the data later. Min-max has range 2^-1074 itself:
 * exact, z = 0, 1, 1, 0. A spread of 2e-310 (subnormal but many bits):
 * centre 1e-310, scale 1e-310 by hand, z = -1, 1, 1, -1. */
START_TEST(subnormal_spread)
{
    accelsel_dataset *ds = NULL;
    const double tiny[] = {0, 5e-324, 5e-324, 0}, small[] = {0, 2e-310, 2e-310, 0};
    ck_assert_int_eq(accelsel_dataset_new(&ds, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "b", tiny, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "s", small, 4), 0);
    const char *b[] = {"b"}, *sc[] = {"s"};
    int z = T(ZSCORE), mm = T(MINMAX);
    accelsel_features *f = (accelsel_features *)1;
    ck_assert_int_eq(accelsel_features_fit(&f, ds, b, &z, 1, NULL), ACCELSEL_EDATA);
    ck_assert_ptr_null(f);
    const char *msg = accelsel_last_error()->message;
    ck_assert_msg(strstr(msg, "column 'b' spans 0 to 4.94066e-324, a spread too small for a "
                              "double") != NULL, "%s", msg);
    double m[4], center, scale;
    f = fit_ok(ds, b, &mm, 1, ACCELSEL_MISSING_DROP);
    transform_ok(f, ds, m, 4, 4, NULL);
    assert_row(m, (const double[]){0, 1, 1, 0}, 4);
    accelsel_features_free(f);
    f = fit_ok(ds, sc, &z, 1, ACCELSEL_MISSING_DROP);
    ck_assert_int_eq(accelsel_features_scaling(f, 0, &center, &scale), 0);
    ck_assert_double_eq_tol(center / 1e-310, 1, 1e-9);
    ck_assert_double_eq_tol(scale / 1e-310, 1, 1e-9);
    transform_ok(f, ds, m, 4, 4, NULL);
    assert_row(m, (const double[]){-1, 1, 1, -1}, 4);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(fit_bad_arguments)
{
    accelsel_dataset *ds = csv(base_csv);
    static const char *const cols[] = {"t", "t"};
    static const char *const null_col[] = {NULL};
    accelsel_features *f = (accelsel_features *)1;
    accelsel_features_options o = ACCELSEL_FEATURES_OPTIONS_INIT;
    ck_assert_int_eq(accelsel_features_fit(NULL, ds, cols, NULL, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_fit(&f, NULL, cols, NULL, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(f);
    ck_assert_int_eq(accelsel_features_fit(&f, ds, NULL, NULL, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_fit(&f, ds, cols, NULL, 0, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "n_columns"));
    ck_assert_int_eq(accelsel_features_fit(&f, ds, cols, NULL, 2, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'t' given twice"));
    ck_assert_int_eq(accelsel_features_fit(&f, ds, null_col, NULL, 1, NULL), ACCELSEL_EINVAL);
    o.version = 99;
    ck_assert_int_eq(accelsel_features_fit(&f, ds, cols, NULL, 1, &o), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_features_options_init(&o, 2), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_features_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_options_init(&o, ACCELSEL_FEATURES_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.missing, ACCELSEL_MISSING_DROP);
    ck_assert_uint_eq(accelsel_features_options_size(), sizeof o);
    ck_assert_uint_eq(accelsel_features_dim(NULL), 0);
    ck_assert_uint_eq(accelsel_features_n_inputs(NULL), 0);
    ck_assert_ptr_null(accelsel_features_input_name(NULL, 0));
    ck_assert_int_eq(accelsel_features_input_transform(NULL, 0), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_missing_policy(NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_scaling(NULL, 0, NULL, NULL), ACCELSEL_EINVAL);
    accelsel_features_free(NULL);
    accelsel_dataset_free(ds);
}
END_TEST

typedef struct bad_xf {
    const char *csv;
    int status;
    const char *fragment;
} bad_xf;

static const bad_xf bad_xfs[] = {
    {"n,fam\n1,A100\n", ACCELSEL_ENOTFOUND, "no column 't'"},
    {"n,t,fam\n1,2,3\n", ACCELSEL_ETYPE, "'fam' was categorical"},
    {"n,t,fam\n1,x,A100\n", ACCELSEL_ETYPE, "'t' was numeric"},
    {"n,t,fam\n1,,A100\n", ACCELSEL_EEMPTY,
     "no rows left after dropping rows with missing values: column 't'"},
    {"n,t,fam\n1,2,A100\n1,-inf,A100\n", ACCELSEL_EDATA, "column 't', line 3 of <buffer>: infinite"},
    {"n,t,fam\n1,2,A100\n0,2,A100\n", ACCELSEL_EDATA, "column 'n', line 3 of <buffer>: log10 of 0"},
};

START_TEST(transform_bad_input)
{
    const bad_xf *b = &bad_xfs[_i];
    accelsel_dataset *ds = csv(base_csv);
    static const char *const cols[] = {"n", "t", "fam"};
    int tr[] = {T(LOG10_ZSCORE), T(ZSCORE), T(ONEHOT)};
    accelsel_features *f = fit_ok(ds, cols, tr, 3, ACCELSEL_MISSING_DROP);
    accelsel_dataset *other = csv(b->csv);
    double m[16];
    size_t n = 99;
    int rc = accelsel_features_transform(f, other, m, 16, &n, NULL);
    ck_assert_msg(rc == b->status, "case %d: got %s (%s)", _i, accelsel_status_name(rc),
                  accelsel_last_error()->message);
    ck_assert_uint_eq(n, 0);
    ck_assert_msg(strstr(accelsel_last_error()->message, b->fragment) != NULL,
                  "case %d: message '%s' lacks '%s'", _i, accelsel_last_error()->message,
                  b->fragment);
    accelsel_dataset_free(other);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(transform_bad_arguments)
{
    accelsel_dataset *ds = csv(base_csv);
    static const char *const cols[] = {"t"};
    accelsel_features *f = fit_ok(ds, cols, NULL, 1, ACCELSEL_MISSING_DROP);
    double m[4];
    size_t n;
    ck_assert_int_eq(accelsel_features_transform(NULL, ds, m, 4, &n, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_transform(f, NULL, m, 4, &n, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_transform(f, ds, NULL, 4, &n, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_transform(f, ds, m, 4, NULL, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_transform(f, ds, m, 3, &n, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "capacity 3"));
    accelsel_dataset *empty = NULL;
    ck_assert_int_eq(accelsel_dataset_filter_range(&empty, ds, "t", 1000, 2000), 0);
    ck_assert_int_eq(accelsel_features_transform(f, empty, m, 4, &n, NULL), ACCELSEL_EEMPTY);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "dataset is empty"));
    accelsel_dataset_free(empty);
    ck_assert_int_eq(accelsel_features_inverse(NULL, m, 1, m, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_inverse(f, NULL, 1, m, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_features_inverse(f, m, 1, NULL, 1), ACCELSEL_EINVAL);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
}
END_TEST

static int scenario(void *ctx)
{
    accelsel_dataset *ds = NULL;
    accelsel_features *f = NULL;
    static const char *const cols[] = {"n", "t", "fam"};
    int tr[] = {T(LOG10_ZSCORE), T(MINMAX), T(ONEHOT)};
    accelsel_features_options o = ACCELSEL_FEATURES_OPTIONS_INIT;
    o.missing = ACCELSEL_MISSING_IMPUTE;
    double m[16];
    size_t n;
    int rc = accelsel_dataset_load_csv_buffer(&ds, base_csv, strlen(base_csv), NULL);
    if (rc == 0)
        rc = accelsel_features_fit(&f, ds, cols, tr, 3, &o);
    if (rc == 0)
        rc = accelsel_features_transform(f, ds, m, 16, &n, NULL);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
    return rc;
}

START_TEST(allocation_failures)
{
    testutil_alloc_sweep(scenario, NULL, 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("features");
    TCase *tc = tcase_create("features");
    tcase_add_test(tc, each_transform_by_hand);
    tcase_add_test(tc, impute_median_and_mode);
    tcase_add_test(tc, transform_new_rows_the_same_way);
    tcase_add_loop_test(tc, fit_bad_input, 0, sizeof bad_fits / sizeof bad_fits[0]);
    tcase_add_test(tc, subnormal_spread);
    tcase_add_test(tc, fit_bad_arguments);
    tcase_add_loop_test(tc, transform_bad_input, 0, sizeof bad_xfs / sizeof bad_xfs[0]);
    tcase_add_test(tc, transform_bad_arguments);
    tcase_add_test(tc, allocation_failures);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
