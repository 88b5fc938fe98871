/* Contracts of include/accelsel/select.h: NULL arguments, unknown options
 * versions and values, NULL handles in every getter, indices past the end,
 * the destructor on NULL, and a failed run leaving *out NULL. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

static accelsel_dataset *table(void)
{
    static const double x[6] = {1, 2, 3, 10, 11, 12}, y[6] = {5, 4, 6, 1, 2, 1};
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "x", x, 6), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "y", y, 6), 0);
    return ds;
}

static accelsel_selection_options options(void)
{
    accelsel_selection_options o;
    ck_assert_int_eq(accelsel_selection_options_init(&o, ACCELSEL_SELECTION_OPTIONS_VERSION), 0);
    o.features = "x,y";
    o.criteria = "x:1:benefit,y:1:cost";
    return o;
}

/* A run that must fail with @p status, blaming @p field (NULL: none), and
 * leave *out NULL. */
static void run_fails(const accelsel_dataset *ds, const accelsel_selection_options *o, int status,
                      const char *field)
{
    accelsel_selection *s = (accelsel_selection *)1;
    int rc = accelsel_selection_run(&s, ds, o);
    ck_assert_msg(rc == status, "got %d (%s), want %d", rc, accelsel_last_error()->message, status);
    ck_assert_ptr_null(s);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_int_eq(e->code, status);
    if (field == NULL)
        ck_assert_ptr_null(e->field);
    else
        ck_assert_msg(e->field != NULL && strcmp(e->field, field) == 0, "'%s' blames %s, not %s",
                      e->message, e->field ? e->field : "no field", field);
}

START_TEST(options_init_and_size)
{
    accelsel_selection_options o;
    ck_assert_int_eq(accelsel_selection_options_init(NULL, ACCELSEL_SELECTION_OPTIONS_VERSION),
                     ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_selection_options_init(&o, 999), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_selection_options_init(&o, ACCELSEL_SELECTION_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.version, ACCELSEL_SELECTION_OPTIONS_VERSION);
    ck_assert_ptr_null(o.features);
    ck_assert_ptr_null(o.criteria);
    ck_assert_ptr_null(o.target);
    ck_assert_uint_eq(o.k, 0);
    ck_assert_uint_eq(o.k_min, 2);
    ck_assert_uint_eq(o.k_max, 10);
    ck_assert_uint_eq(o.seed, 42);
    ck_assert_int_eq(o.rows, ACCELSEL_SELECTION_ROWS_KEPT);
    ck_assert_uint_eq(accelsel_selection_options_size(), sizeof(accelsel_selection_options));
}
END_TEST

START_TEST(run_arguments)
{
    accelsel_dataset *ds = table();
    accelsel_selection_options o = options();
    ck_assert_int_eq(accelsel_selection_run(NULL, ds, &o), ACCELSEL_EINVAL);
    run_fails(NULL, &o, ACCELSEL_EINVAL, "data");
    o.version = 999;
    run_fails(ds, &o, ACCELSEL_EVERSION, "version");
    o = options();
    o.k_min = 0;
    run_fails(ds, &o, ACCELSEL_EINVAL, "k_min");
    o = options();
    o.k_min = 5;
    o.k_max = 4;
    run_fails(ds, &o, ACCELSEL_EINVAL, "k_min");
    o = options();
    o.k_by = 99;
    run_fails(ds, &o, ACCELSEL_EINVAL, "k_by");
    o = options();
    o.algorithm = 99;
    run_fails(ds, &o, ACCELSEL_EINVAL, "algorithm");
    o = options();
    o.method = 99;
    run_fails(ds, &o, ACCELSEL_EINVAL, "method");
    o = options();
    o.rows = 99;
    run_fails(ds, &o, ACCELSEL_EINVAL, "rows");
    o = options();
    o.n_where = 1; /* with where NULL */
    run_fails(ds, &o, ACCELSEL_EINVAL, "where");
    const char *where[] = {NULL};
    o.where = where;
    run_fails(ds, &o, ACCELSEL_EINVAL, "where");
    o = options();
    o.features = "x,";
    run_fails(ds, &o, ACCELSEL_EPARSE, "features");
    o = options();
    o.variables = "x,nope";
    o.target = "y";
    run_fails(ds, &o, ACCELSEL_ENOTFOUND, "variables");
    o = options();
    o.target = "nope";
    run_fails(ds, &o, ACCELSEL_ENOTFOUND, "target");
    o = options();
    o.criteria = "x:1:up";
    run_fails(ds, &o, ACCELSEL_EPARSE, "criteria");
    o = options();
    o.criteria = "nope:1:cost";
    run_fails(ds, &o, ACCELSEL_ENOTFOUND, "criteria");
    o = options();
    o.k = 7; /* more groups than the 6 rows */
    run_fails(ds, &o, ACCELSEL_EINVAL, "k");
    o = options();
    const char *empty[] = {"x=100..200"};
    o.where = empty;
    o.n_where = 1;
    run_fails(ds, &o, ACCELSEL_EEMPTY, "where");
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(keep_rows_arguments)
{
    accelsel_dataset *ds = table(), *out = (accelsel_dataset *)1;
    ck_assert_int_eq(accelsel_selection_keep_rows(NULL, ds, ACCELSEL_SELECTION_ROWS_ALL),
                     ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_selection_keep_rows(&out, NULL, ACCELSEL_SELECTION_ROWS_ALL),
                     ACCELSEL_EINVAL);
    ck_assert_ptr_null(out);
    out = (accelsel_dataset *)1;
    ck_assert_int_eq(accelsel_selection_keep_rows(&out, ds, 0), ACCELSEL_EINVAL);
    ck_assert_ptr_null(out);
    /* No filter column in this table: every row is kept. */
    ck_assert_int_eq(accelsel_selection_keep_rows(&out, ds, ACCELSEL_SELECTION_ROWS_KEPT), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), 6);
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
}
END_TEST

/* The default lists, by the field names of the options struct. */
START_TEST(default_lists)
{
    ck_assert_str_eq(accelsel_selection_default("features"), ACCELSEL_SELECTION_DEFAULT_FEATURES);
    ck_assert_str_eq(accelsel_selection_default("variables"),
                     ACCELSEL_SELECTION_DEFAULT_VARIABLES);
    ck_assert_str_eq(accelsel_selection_default("target"), ACCELSEL_SELECTION_DEFAULT_TARGET);
    ck_assert_str_eq(accelsel_selection_default("criteria"), ACCELSEL_SELECTION_DEFAULT_CRITERIA);
    ck_assert_ptr_null(accelsel_selection_default("k_min"));
    ck_assert_ptr_null(accelsel_selection_default(NULL));
}
END_TEST

START_TEST(getters_on_null)
{
    size_t n = 7, d = 7;
    const size_t *rows = (const size_t *)1;
    accelsel_selection_free(NULL);
    ck_assert_uint_eq(accelsel_selection_rows_in(NULL), 0);
    ck_assert_ptr_null(accelsel_selection_dataset(NULL));
    ck_assert_uint_eq(accelsel_selection_note_count(NULL), 0);
    ck_assert_ptr_null(accelsel_selection_note(NULL, 0));
    ck_assert_ptr_null(accelsel_selection_importance(NULL));
    ck_assert_ptr_null(accelsel_selection_target(NULL));
    ck_assert_uint_eq(accelsel_selection_constant_count(NULL), 0);
    ck_assert_ptr_null(accelsel_selection_constant(NULL, 0));
    ck_assert_ptr_null(accelsel_selection_features(NULL));
    ck_assert_ptr_null(accelsel_selection_matrix(NULL, &n, &d, &rows));
    ck_assert_uint_eq(n, 0);
    ck_assert_uint_eq(d, 0);
    ck_assert_ptr_null(rows);
    ck_assert_ptr_null(accelsel_selection_k_choice(NULL));
    ck_assert_uint_eq(accelsel_selection_k_min(NULL), 0);
    ck_assert_uint_eq(accelsel_selection_k_max(NULL), 0);
    ck_assert_ptr_null(accelsel_selection_model(NULL));
    ck_assert_ptr_null(accelsel_selection_row_labels(NULL));
    n = 7;
    ck_assert_ptr_null(accelsel_selection_criteria(NULL, &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(accelsel_selection_group_ranking(NULL));
    ck_assert_ptr_null(accelsel_selection_row_ranking(NULL));
    ck_assert_uint_eq(accelsel_selection_group_at(NULL, 0), UINT32_MAX);
    ck_assert_ptr_null(accelsel_selection_sensitivity(NULL));
    ck_assert_ptr_null(accelsel_selection_row_order(NULL));
    ck_assert_uint_eq(accelsel_selection_row_rank(NULL, 0), 0);
    ck_assert_uint_eq(accelsel_selection_group_rank(NULL, 0), 0);
    ck_assert_ptr_null(accelsel_selection_k_reason(NULL));
    ck_assert_ptr_null(accelsel_selection_recommendation(NULL));
    ck_assert(isnan(accelsel_selection_group_score(NULL, 0)));
    ck_assert_uint_eq(accelsel_selection_group_size(NULL, 0), 0);
    ck_assert(isnan(accelsel_selection_profile_number(NULL, 0, "size")));
    ck_assert_ptr_null(accelsel_selection_median_column(NULL, 0));
    ck_assert_int_eq(accelsel_selection_mlperf_shaped(NULL), 0);
    ck_assert_ptr_null(accelsel_selection_importance_order(NULL));
    ck_assert_uint_eq(accelsel_selection_filter_count(NULL), 0);
    ck_assert_ptr_null(accelsel_selection_filter(NULL, 0));
    const char *value = "x";
    ck_assert_int_eq(accelsel_selection_mode(NULL, 0, "c", &value, NULL, NULL, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_str_eq(value, "x");
}
END_TEST

START_TEST(indices_past_the_end)
{
    accelsel_dataset *ds = table();
    accelsel_selection_options o = options();
    o.k = 2;
    accelsel_selection *s = NULL;
    ck_assert_int_eq(accelsel_selection_run(&s, ds, &o), 0);
    size_t n;
    ck_assert_ptr_null(accelsel_selection_note(s, accelsel_selection_note_count(s)));
    ck_assert_ptr_null(accelsel_selection_constant(s, accelsel_selection_constant_count(s)));
    ck_assert_uint_eq(accelsel_selection_group_at(s, 2), UINT32_MAX);
    ck_assert_uint_eq(accelsel_selection_group_rank(s, 2), 0);
    ck_assert_uint_ge(accelsel_selection_group_rank(s, 0), 1);
    ck_assert_uint_eq(accelsel_selection_row_rank(s, 6), 0);
    ck_assert_uint_ge(accelsel_selection_row_rank(s, 0), 1);
    ck_assert_ptr_nonnull(accelsel_selection_row_order(s));
    ck_assert_ptr_nonnull(accelsel_selection_criteria(s, &n));
    ck_assert_uint_eq(n, 2);
    /* Optional out-pointers may be NULL. */
    ck_assert_ptr_nonnull(accelsel_selection_matrix(s, NULL, NULL, NULL));
    ck_assert_ptr_nonnull(accelsel_selection_criteria(s, NULL));
    ck_assert(isnan(accelsel_selection_group_score(s, 2)));
    ck_assert(!isnan(accelsel_selection_group_score(s, 1)));
    ck_assert_uint_eq(accelsel_selection_group_size(s, 2), 0);
    ck_assert(isnan(accelsel_selection_profile_number(s, 0, NULL)));
    ck_assert_ptr_null(accelsel_selection_median_column(s, 2));
    ck_assert_str_eq(accelsel_selection_median_column(s, 0), "x_median");
    ck_assert_uint_eq(accelsel_selection_filter_count(s), 0); /* no filter column */
    ck_assert_ptr_null(accelsel_selection_filter(s, 0));
    const char *value = NULL;
    ck_assert_int_eq(accelsel_selection_mode(s, 0, NULL, &value, NULL, NULL, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_selection_mode(s, 0, "x", NULL, NULL, NULL, NULL), ACCELSEL_EINVAL);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_select");
    TCase *tc = tcase_create("contract");
    tcase_add_test(tc, options_init_and_size);
    tcase_add_test(tc, run_arguments);
    tcase_add_test(tc, keep_rows_arguments);
    tcase_add_test(tc, default_lists);
    tcase_add_test(tc, getters_on_null);
    tcase_add_test(tc, indices_past_the_end);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
