/* What every front end asks the library for instead of re-deriving it: the
 * what-if spec grammar and its requests, the one-node references of E',
 * quantiles and the shortest number text. Expectations are by hand (the
 * series, the columns, the order statistics) or numpy's
 * quantile(method='linear') on the same values. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

static accelsel_predict_spec *parse_ok(const char *text)
{
    accelsel_predict_spec *s = NULL;
    ck_assert_int_eq(accelsel_predict_spec_parse(&s, text), 0);
    return s;
}

static void assert_counts(const accelsel_predict_spec *s, size_t item, const uint32_t *want,
                          size_t n_want)
{
    size_t n = 0;
    const uint32_t *c = accelsel_predict_spec_counts(s, item, &n);
    ck_assert_uint_eq(n, n_want);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_eq(c[i], want[i]);
}

START_TEST(spec_items_and_series)
{
    accelsel_predict_spec *s = parse_ok("h200-sxm-141gb:8,16,64,512;dgx-h100:32");
    ck_assert_uint_eq(accelsel_predict_spec_items(s), 2);
    ck_assert_str_eq(accelsel_predict_spec_name(s, 0), "h200-sxm-141gb");
    ck_assert_str_eq(accelsel_predict_spec_name(s, 1), "dgx-h100");
    assert_counts(s, 0, (const uint32_t[]){8, 16, 64, 512}, 4);
    assert_counts(s, 1, (const uint32_t[]){32}, 1);
    ck_assert_ptr_null(accelsel_predict_spec_name(s, 2));
    accelsel_predict_spec_free(s);
    /* two terms make a difference; three a ratio; "..." resumes after its end */
    s = parse_ok("a:8,16,...,40;b:1,2,4,...,32,33,...,35;c:d:8e0");
    assert_counts(s, 0, (const uint32_t[]){8, 16, 24, 32, 40}, 5);
    assert_counts(s, 1, (const uint32_t[]){1, 2, 4, 8, 16, 32, 33, 34, 35}, 9);
    ck_assert_str_eq(accelsel_predict_spec_name(s, 2), "c:d"); /* cut at the last colon */
    assert_counts(s, 2, (const uint32_t[]){8}, 1);
    accelsel_predict_spec_free(s);
}
END_TEST

/* The spec, the column the message must give, and a piece of the message. */
static const struct {
    const char *spec;
    const char *where;
    const char *what;
} bad_specs[] = {
    {"h200-sxm-141gb", "item 1 ('h200-sxm-141gb', column 1)", "is not NAME:COUNTS"},
    {"a:8;b", "item 2 ('b', column 5)", "is not NAME:COUNTS"},
    {":8", "item 1 (':8', column 1)", "is not NAME:COUNTS"},
    {"a:16,8", "the counts of 'a', column 6", "8 after 16: the counts must increase"},
    {"a:0", "the counts of 'a', column 3", "'0' is not a count from 1 to 4294967295"},
    {"a:", "the counts of 'a', column 3", "'' is not a count"},
    {"a: 8", "the counts of 'a', column 3", "' 8' is not a count"},
    {"a:1.5", "the counts of 'a', column 3", "'1.5' is not a count"},
    {"a:4294967296", "the counts of 'a', column 3", "is not a count"},
    {"a:1,2,4,...,100", "the counts of 'a', column 13", "the end 100 is not on the series"},
    {"a:1,2,5,...,9", "the counts of 'a', column 13", "neither a constant difference"},
    {"a:8,...,64", "the counts of 'a', column 5", "'...' needs two terms before it"},
    {"a:1,2,...", "the counts of 'a', column 7", "'...' needs an end term after it"},
    {"a:1,2,...,...", "the counts of 'a', column 11", "'...' twice in a row"},
    {"bb:1,2,...,2", "the counts of 'bb', column 12", "'...' must end above 2, not at 2"},
};

START_TEST(spec_errors_name_the_position)
{
    accelsel_predict_spec *s = (accelsel_predict_spec *)&s;
    ck_assert_int_eq(accelsel_predict_spec_parse(&s, bad_specs[_i].spec), ACCELSEL_EPARSE);
    ck_assert_ptr_null(s);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_pstr_eq(e->field, "spec");
    ck_assert_msg(strstr(e->message, bad_specs[_i].where) != NULL &&
                      strstr(e->message, bad_specs[_i].what) != NULL,
                  "'%s': %s", bad_specs[_i].spec, e->message);
}
END_TEST

START_TEST(spec_too_many_counts)
{
    accelsel_predict_spec *s = NULL;
    ck_assert_int_eq(accelsel_predict_spec_parse(&s, "a:1,2,...,4096"), 0);
    size_t n;
    const uint32_t *c = accelsel_predict_spec_counts(s, 0, &n);
    ck_assert_uint_eq(n, 4096);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_eq(c[i], i + 1);
    accelsel_predict_spec_free(s);
    ck_assert_int_eq(accelsel_predict_spec_parse(&s, "a:1,2,...,4097"), ACCELSEL_EPARSE);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "more than 4096 counts"));
    ck_assert_int_eq(accelsel_predict_spec_parse(&s, NULL), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "spec");
}
END_TEST

/* The counts alone, as predict --sweep reads them: the same grammar, the
 * column counted from the list's start. */
START_TEST(counts_alone)
{
    uint32_t *c = NULL;
    size_t n = 0;
    ck_assert_int_eq(accelsel_predict_counts_parse(&c, &n, "1,2,4,...,1024"), 0);
    ck_assert_uint_eq(n, 11);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_eq(c[i], 1u << i);
    accelsel_free(c);
    ck_assert_int_eq(accelsel_predict_counts_parse(&c, &n, "16,8"), ACCELSEL_EPARSE);
    ck_assert_ptr_null(c);
    ck_assert_uint_eq(n, 0);
    ck_assert_pstr_eq(accelsel_last_error()->field, "counts");
    ck_assert_str_eq(accelsel_last_error()->message,
                     "column 4: 8 after 16: the counts must increase");
    ck_assert_int_eq(accelsel_predict_counts_parse(&c, NULL, "8"), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "n");
}
END_TEST

static accelsel_catalog *cat;
static accelsel_predictor *pred;
static accelsel_network *net;

static void open_builtin(void)
{
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_predictor_new(&pred, cat, NULL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
}

static void close_builtin(void)
{
    accelsel_network_free(net);
    accelsel_predictor_free(pred);
    accelsel_catalog_free(cat);
}

START_TEST(spec_requests_are_systems_or_devices)
{
    open_builtin();
    accelsel_predict_spec *s = parse_ok("h200-sxm-141gb:8,16;dgx-h100:32");
    accelsel_predict_request *r = NULL;
    size_t n = 0;
    ck_assert_int_eq(accelsel_predict_spec_requests(&r, &n, s, cat, net), 0);
    ck_assert_uint_eq(n, 3);
    ck_assert_str_eq(r[0].device, "h200-sxm-141gb");
    ck_assert_ptr_null(r[0].system);
    ck_assert_uint_eq(r[0].count, 8);
    ck_assert_uint_eq(r[1].count, 16);
    ck_assert_str_eq(r[2].system, "dgx-h100");
    ck_assert_ptr_null(r[2].device);
    ck_assert_uint_eq(r[2].nodes, 32);
    ck_assert_uint_eq(r[2].count, 0);
    ck_assert_ptr_eq(r[2].network, net);
    accelsel_free(r);
    accelsel_predict_spec_free(s);
    s = parse_ok("h2000:8");
    ck_assert_int_eq(accelsel_predict_spec_requests(&r, &n, s, cat, net), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(r);
    ck_assert_uint_eq(n, 0);
    ck_assert_pstr_eq(accelsel_last_error()->field, "spec");
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'h2000'"));
    accelsel_predict_spec_free(s);
    close_builtin();
}
END_TEST

static accelsel_predict_request device_req(const char *device, uint32_t count)
{
    accelsel_predict_request q;
    accelsel_predict_request_init(&q, ACCELSEL_PREDICT_REQUEST_VERSION);
    q.network = net;
    q.device = device;
    q.count = count;
    return q;
}

static accelsel_predict_request system_req(const char *system, uint32_t nodes)
{
    accelsel_predict_request q = device_req(NULL, 0);
    q.system = system;
    q.nodes = nodes;
    return q;
}

/* An HGX/DGX node holds 8 GPUs: 16 H200 are two nodes, 32 DGX H100 nodes
 * 256 GPUs. Only what spans several nodes without a one-node row gets one. */
START_TEST(references_by_hand)
{
    open_builtin();
    accelsel_predict_request q[] = {
        device_req("h200-sxm-141gb", 16), device_req("h200-sxm-141gb", 64),
        system_req("dgx-h100", 32), device_req("h100-sxm5-80gb", 8),
        device_req("h100-sxm5-80gb", 64),
    };
    accelsel_predict_request *refs = NULL;
    size_t k = 9;
    ck_assert_int_eq(accelsel_predictor_references(&refs, &k, pred, q, 5), 0);
    ck_assert_uint_eq(k, 2);
    ck_assert_str_eq(refs[0].device, "h200-sxm-141gb");
    ck_assert_uint_eq(refs[0].count, 8);
    ck_assert_uint_eq(refs[0].nodes, 1);
    ck_assert_str_eq(refs[1].system, "dgx-h100"); /* a system is not its device's rows */
    ck_assert_uint_eq(refs[1].nodes, 1);
    accelsel_free(refs);
    /* an alias is its device: the one node of "H200" serves h200-sxm-141gb */
    accelsel_predict_request alias[] = {device_req("h200-sxm-141gb", 16), device_req("H200", 8)};
    ck_assert_int_eq(accelsel_predictor_references(&refs, &k, pred, alias, 2), 0);
    ck_assert_uint_eq(k, 0);
    ck_assert_ptr_nonnull(refs);
    accelsel_free(refs);
    close_builtin();
}
END_TEST

static double column_at(const accelsel_dataset *ds, const char *name, size_t row)
{
    size_t c;
    ck_assert_int_eq(accelsel_dataset_column_index(ds, name, &c), 0);
    return accelsel_dataset_number(ds, row, c);
}

/* The rows of append_predictions_v2: the requests', then the reference's,
 * predicted as the reference alone is predicted. */
START_TEST(append_adds_the_reference_row)
{
    open_builtin();
    accelsel_dataset *ds = NULL, *out = NULL, *plain = NULL;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    size_t old = accelsel_dataset_rows(ds);
    accelsel_predict_request q = system_req("dgx-h100", 32), one = system_req("dgx-h100", 1);
    ck_assert_int_eq(accelsel_predictor_append_predictions_v2(&out, pred, ds, &q, 1, NULL), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), old + 2);
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(pred, &one, &r), 0);
    ck_assert_double_eq(column_at(out, "total_accelerators", old + 1), 8);
    ck_assert_double_eq(column_at(out, "time_to_train_min", old + 1), r.time_to_train_s / 60.0);
    ck_assert_double_eq(column_at(out, "total_accelerators", old), 256);
    accelsel_append_options o;
    ck_assert_int_eq(accelsel_append_options_init(&o, ACCELSEL_APPEND_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.one_node_references, 1);
    o.one_node_references = 0;
    ck_assert_int_eq(accelsel_predictor_append_predictions_v2(&plain, pred, ds, &q, 1, &o), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(plain), old + 1);
    o.one_node_references = 2;
    accelsel_dataset_free(plain);
    ck_assert_int_eq(accelsel_predictor_append_predictions_v2(&plain, pred, ds, &q, 1, &o),
                     ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "one_node_references");
    ck_assert_ptr_null(plain);
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
    close_builtin();
}
END_TEST

/* Sorted: 1 1 2 3 4 5 6 9. By hand, and numpy.quantile(v, q) (method
 * 'linear'): 1, 1.75, 3.5, 6.9, 9. */
START_TEST(quantiles_by_hand)
{
    const double v[] = {3, 1, 4, 1, 5, 9, 2, 6}, q[] = {0, 0.25, 0.5, 0.9, 1};
    double out[5];
    ck_assert_int_eq(accelsel_quantiles(v, 8, q, 5, out), 0);
    ck_assert_double_eq(out[0], 1);
    ck_assert_double_eq(out[1], 1.75);
    ck_assert_double_eq(out[2], 3.5);
    ck_assert_double_eq_tol(out[3], 6.9, 1e-12);
    ck_assert_double_eq(out[4], 9);
    ck_assert_double_eq(v[0], 3); /* the caller's values stay as they were */
    const double gaps[] = {NAN, 2, 1, NAN}, half = 0.5;
    ck_assert_int_eq(accelsel_quantiles(gaps, 4, &half, 1, out), 0);
    ck_assert_double_eq(out[0], 1.5); /* NaN is missing */
    ck_assert_int_eq(accelsel_quantiles(gaps, 0, &half, 1, out), 0);
    ck_assert(isnan(out[0]));
}
END_TEST

START_TEST(quantiles_at_the_edges)
{
    const double inf[] = {1, 2, INFINITY}, q[] = {0.5, 0.75};
    double out[2];
    ck_assert_int_eq(accelsel_quantiles(inf, 3, q, 2, out), 0);
    ck_assert_double_eq(out[0], 2);
    ck_assert(isinf(out[1]) && out[1] > 0);
    /* b - a overflows; the midpoint of -1e308 and 1e308 is 0 */
    const double wide[] = {1e308, -1e308};
    ck_assert_int_eq(accelsel_quantiles(wide, 2, q, 1, out), 0);
    ck_assert_double_eq(out[0], 0);
    const double big[] = {1.5e308, 1.7e308};
    ck_assert_int_eq(accelsel_quantiles(big, 2, q, 1, out), 0);
    ck_assert_double_eq_tol(out[0], 1.6e308, 1e293);
    const double bad_q[] = {0.5, 1.5};
    out[1] = 7;
    ck_assert_int_eq(accelsel_quantiles(inf, 3, bad_q, 2, out), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "q");
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "q[1] is 1.5"));
    ck_assert_double_eq(out[1], 7);
    const double nan_q = NAN;
    ck_assert_int_eq(accelsel_quantiles(inf, 3, &nan_q, 1, out), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_quantiles(NULL, 3, q, 1, out), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "v");
    ck_assert_int_eq(accelsel_quantiles(inf, 3, q, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "out");
    testutil_alloc_fail_at(1);
    out[0] = -1;
    ck_assert_int_eq(accelsel_quantiles(inf, 3, q, 1, out), ACCELSEL_ENOMEM);
    ck_assert_int_eq(testutil_alloc_live(), 0);
    testutil_alloc_reset();
    ck_assert_double_eq(out[0], -1);
}
END_TEST

/* Each value, and the text it must get. */
static const struct {
    double v;
    const char *text;
} numbers[] = {
    {0.1, "0.1"}, {60, "60"}, {1e-5, "1.0e-05"}, {1.0 / 3, "0.3333333333333333"},
    {256, "256"}, {1e16, "1.0e+16"}, {-2.5, "-2.5"}, {5e-324, "5.0e-324"},
};

START_TEST(format_double_round_trips)
{
    char text[ACCELSEL_FORMAT_DOUBLE_SIZE];
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        ck_assert_int_eq(accelsel_format_double(text, sizeof text, numbers[i].v), 0);
        ck_assert_str_eq(text, numbers[i].text);
        ck_assert(strtod(text, NULL) == numbers[i].v);
    }
    /* a sweep over magnitudes: the text always reads back to the same bits */
    for (int e = -300; e <= 300; e += 7) {
        double v = 1.2345678901234567 * pow(10, e);
        ck_assert_int_eq(accelsel_format_double(text, sizeof text, v), 0);
        ck_assert(strtod(text, NULL) == v);
    }
    ck_assert_int_eq(accelsel_format_double(text, sizeof text, NAN), 0);
    ck_assert_str_eq(text, "nan");
    ck_assert_int_eq(accelsel_format_double(text, sizeof text, -INFINITY), 0);
    ck_assert_str_eq(text, "-inf");
    ck_assert_int_eq(accelsel_format_double(text, 31, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "cap");
    ck_assert_int_eq(accelsel_format_double(NULL, 32, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "out");
}
END_TEST

static Suite *policy_suite(void)
{
    Suite *s = suite_create("policy");
    TCase *tc = tcase_create("policy");
    tcase_add_test(tc, spec_items_and_series);
    tcase_add_loop_test(tc, spec_errors_name_the_position, 0,
                        (int)(sizeof bad_specs / sizeof bad_specs[0]));
    tcase_add_test(tc, spec_too_many_counts);
    tcase_add_test(tc, counts_alone);
    tcase_add_test(tc, spec_requests_are_systems_or_devices);
    tcase_add_test(tc, references_by_hand);
    tcase_add_test(tc, append_adds_the_reference_row);
    tcase_add_test(tc, quantiles_by_hand);
    tcase_add_test(tc, quantiles_at_the_edges);
    tcase_add_test(tc, format_double_round_trips);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(policy_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
