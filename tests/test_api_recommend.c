/* The contract of every function of include/accelsel/recommend.h: NULL
 * arguments are ACCELSEL_EINVAL naming the argument, unknown versions are
 * ACCELSEL_EVERSION, the out pointer is NULL after any failure, the options
 * and inputs functions give the documented defaults and sizes, and every
 * accessor of a recommendation answers NULL, 0, NaN or -1 for a NULL one;
 * files that cannot be read are ACCELSEL_EIO naming them. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

static void assert_einval(int rc, const char *arg)
{
    char want[64];
    snprintf(want, sizeof want, "'%s'", arg);
    ck_assert_int_eq(rc, ACCELSEL_EINVAL);
    ck_assert_msg(strstr(accelsel_last_error()->message, want) != NULL, "'%s' does not name %s",
                  accelsel_last_error()->message, want);
}

START_TEST(options_and_inputs)
{
    accelsel_recommend_options o, d = ACCELSEL_RECOMMEND_OPTIONS_INIT;
    memset(&o, 0xff, sizeof o);
    ck_assert_int_eq(accelsel_recommend_options_init(&o, ACCELSEL_RECOMMEND_OPTIONS_VERSION), 0);
    /* field by field: padding bytes are not part of the contract */
    ck_assert(o.version == d.version && o.candidates == d.candidates && o.acquire == d.acquire &&
              o.max_accelerators == d.max_accelerators && o.min_efficiency == d.min_efficiency &&
              o.method == d.method && o.sensitivity_samples == d.sensitivity_samples &&
              o.price_samples == d.price_samples &&
              o.price_perturbation == d.price_perturbation && o.seed == d.seed &&
              o.n_threads == d.n_threads);
    ck_assert(isinf(o.budget_usd) && isinf(o.monthly_budget_usd) && isinf(o.power_cap_kw) &&
              isinf(o.deadline_min));
    ck_assert(o.pue == ACCELSEL_DERIVE_PUE && o.node_power_w == 700 && o.years == 5 &&
              o.utilisation == 0.8 && o.price_kwh == 0.10);
    ck_assert(o.weight_time == 1 && o.weight_cost == 2 && o.weight_energy == 0.5 &&
              o.weight_purchase == 0.5);
    ck_assert_uint_eq(o.candidates, ACCELSEL_CANDIDATES_ALL);
    ck_assert_uint_eq(o.acquire, ACCELSEL_ACQUIRE_EITHER);
    ck_assert_uint_eq(o.fit_month, 1);
    ck_assert_uint_eq(o.price_samples, 200);
    ck_assert_int_eq(accelsel_recommend_options_init(&o, 2), ACCELSEL_EVERSION);
    assert_einval(accelsel_recommend_options_init(NULL, 1), "opts");
    ck_assert_uint_eq(accelsel_recommend_options_size(), sizeof(accelsel_recommend_options));

    accelsel_recommend_inputs in, di = ACCELSEL_RECOMMEND_INPUTS_INIT;
    memset(&in, 0xff, sizeof in);
    ck_assert_int_eq(accelsel_recommend_inputs_init(&in, ACCELSEL_RECOMMEND_INPUTS_VERSION), 0);
    ck_assert(in.version == di.version && in.workload == NULL && in.n_workload == 0 &&
              in.catalog == NULL && in.predictor == NULL && in.measured == NULL &&
              in.cloud_prices == NULL && in.devices == NULL && in.n_devices == 0 &&
              in.counts == NULL && in.n_counts == 0);
    ck_assert_int_eq(accelsel_recommend_inputs_init(&in, 0), ACCELSEL_EVERSION);
    assert_einval(accelsel_recommend_inputs_init(NULL, 1), "in");
    ck_assert_uint_eq(accelsel_recommend_inputs_size(), sizeof(accelsel_recommend_inputs));

    accelsel_prices_options p, dp = ACCELSEL_PRICES_OPTIONS_INIT;
    memset(&p, 0xff, sizeof p);
    ck_assert_int_eq(accelsel_prices_options_init(&p, ACCELSEL_PRICES_OPTIONS_VERSION), 0);
    ck_assert(p.version == dp.version && p.accelerator_column == NULL &&
              p.accelerators_column == NULL);
    ck_assert_int_eq(accelsel_prices_options_init(&p, 9), ACCELSEL_EVERSION);
    assert_einval(accelsel_prices_options_init(NULL, 1), "opts");
    ck_assert_uint_eq(accelsel_prices_options_size(), sizeof(accelsel_prices_options));

    ck_assert_str_eq(accelsel_baseline_name(ACCELSEL_BASELINE_LATEST), "latest");
    ck_assert_str_eq(accelsel_baseline_name(ACCELSEL_BASELINE_CHEAPEST_HOUR), "cheapest-hour");
    ck_assert_str_eq(accelsel_baseline_name(ACCELSEL_BASELINE_MOST_ACCELERATORS),
                     "most-accelerators");
    ck_assert_ptr_null(accelsel_baseline_name(ACCELSEL_BASELINE_COUNT));
    ck_assert_ptr_null(accelsel_baseline_name(-1));
}
END_TEST

START_TEST(loaders)
{
    accelsel_dataset *ds = (accelsel_dataset *)&ds;
    assert_einval(accelsel_cloud_prices_load_file(NULL, NULL, "x.csv"), "out");
    assert_einval(accelsel_cloud_prices_load_file(&ds, NULL, NULL), "path");
    ck_assert_ptr_null(ds);
    ds = (accelsel_dataset *)&ds;
    ck_assert_int_eq(accelsel_cloud_prices_load_file(&ds, NULL, "/nonexistent/p.csv"),
                     ACCELSEL_EIO);
    ck_assert_ptr_null(ds);
    ck_assert(strstr(accelsel_last_error()->message, "/nonexistent/p.csv") != NULL);
    assert_einval(accelsel_cloud_prices_load_buffer(NULL, NULL, "", 0), "out");
    ds = (accelsel_dataset *)&ds;
    assert_einval(accelsel_cloud_prices_load_buffer(&ds, NULL, NULL, 4), "data");
    ck_assert_ptr_null(ds);
    ck_assert_int_eq(accelsel_cloud_prices_load_buffer(&ds, NULL, NULL, 0), ACCELSEL_EPARSE);
    assert_einval(accelsel_cloud_prices_load_builtin(NULL, NULL), "out");
    /* the built-in file loads; the file of the source tree is the same table */
    accelsel_dataset *file = NULL;
    ck_assert_int_eq(accelsel_cloud_prices_load_builtin(&ds, NULL), 0);
    ck_assert_int_eq(accelsel_cloud_prices_load_file(&file, NULL,
                                                     testutil_source_path("data/prices/cloud.csv")),
                     0);
    ck_assert_uint_eq(accelsel_dataset_rows(ds), accelsel_dataset_rows(file));
    ck_assert_uint_eq(accelsel_dataset_cols(ds), accelsel_dataset_cols(file));

    accelsel_dataset *out = (accelsel_dataset *)&out;
    assert_einval(accelsel_dataset_add_prices(NULL, ds, NULL, NULL, NULL), "out");
    assert_einval(accelsel_dataset_add_prices(&out, NULL, NULL, NULL, NULL), "ds");
    ck_assert_ptr_null(out);
    accelsel_prices_options po = ACCELSEL_PRICES_OPTIONS_INIT;
    po.version = 2;
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, NULL, NULL, &po), ACCELSEL_EVERSION);
    /* a table without accelerator_model_name must name its column; a
     * cloud-price table can be priced by its own accelerator column */
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, NULL, NULL, NULL), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->field, "accelerator_column");
    po.version = 1;
    po.accelerator_column = "device";
    po.accelerators_column = "accelerators_per_instance";
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, NULL, ds, &po), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), accelsel_dataset_rows(ds));
    accelsel_dataset_free(out);
    /* a table that is not a price table as the cloud prices */
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, NULL, out = NULL, &po), 0);
    accelsel_dataset_free(out);
    accelsel_dataset *bare = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&bare, 0), 0);
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, NULL, bare, &po), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(out);
    accelsel_dataset_free(bare);
    accelsel_dataset_free(file);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(recommend_arguments_and_null_results)
{
    accelsel_network *net = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    accelsel_workload_item w = {net, 2, 0, 0};
    accelsel_recommend_inputs in = ACCELSEL_RECOMMEND_INPUTS_INIT;
    in.workload = &w, in.n_workload = 1, in.measured = ds;
    accelsel_recommend_options o = ACCELSEL_RECOMMEND_OPTIONS_INIT;
    o.candidates = ACCELSEL_CANDIDATES_MEASURED;
    o.price_samples = 2, o.sensitivity_samples = 2;
    accelsel_recommendation *r = (accelsel_recommendation *)&r;
    assert_einval(accelsel_recommend(NULL, &in, &o), "out");
    assert_einval(accelsel_recommend(&r, NULL, &o), "in");
    ck_assert_ptr_null(r);
    in.version = 2;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EVERSION);
    in.version = 1;
    o.version = 2;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EVERSION);
    o.version = 1;
    in.n_workload = 0;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
    in.n_workload = 1;
    /* the built-in catalog and cloud prices by default (NULL) */
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), 0);
    ck_assert_uint_gt(accelsel_recommendation_count(r), 0);
    accelsel_recommendation_free(r);
    accelsel_recommendation_free(NULL);
    /* every accessor of a NULL recommendation */
    size_t n = 9;
    ck_assert_ptr_null(accelsel_recommendation_table(NULL));
    ck_assert_uint_eq(accelsel_recommendation_count(NULL), 0);
    ck_assert_ptr_null(accelsel_recommendation_order(NULL));
    ck_assert_ptr_null(accelsel_recommendation_ranking(NULL));
    ck_assert_ptr_null(accelsel_recommendation_sensitivity(NULL));
    ck_assert_ptr_null(accelsel_recommendation_pareto(NULL, &n));
    ck_assert_uint_eq(n, 0);
    n = 9;
    ck_assert_ptr_null(accelsel_recommendation_exclusions(NULL, &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_ptr_null(accelsel_recommendation_binding_constraint(NULL));
    ck_assert_int_eq(accelsel_recommendation_closest_miss(NULL), -1);
    ck_assert(isnan(accelsel_recommendation_break_even_months(NULL)));
    ck_assert_int_eq(accelsel_recommendation_baseline(NULL, 0), -1);
    ck_assert(isnan(accelsel_recommendation_price_stability(NULL)));
    ck_assert_uint_eq(accelsel_recommendation_note_count(NULL), 0);
    ck_assert_ptr_null(accelsel_recommendation_note(NULL, 0));
    accelsel_dataset_free(ds);
    accelsel_network_free(net);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_recommend");
    TCase *tc = tcase_create("api_recommend");
    tcase_add_test(tc, options_and_inputs);
    tcase_add_test(tc, loaders);
    tcase_add_test(tc, recommend_arguments_and_null_results);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
