/* The contract of every function of include/accelsel/predict.h: NULL
 * arguments (the documented status, a message naming the argument, out
 * pointers set to NULL), options and struct versions, sizes, destructors
 * given NULL, and allocation-failure sweeps over construction, prediction,
 * the parameter file, calibration, dataset rows and the evaluation. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

/* A catalog with one GPU under an MLPerf spelling and the links its defaults name. */
static const char cat_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: pcie4-x16, technology: pcie, bw_bytes_s: 31.5e9, source: s}\n"
    "  - {name: ib-hdr, technology: infiniband, bw_bytes_s: 25e9, source: s}\n"
    "devices:\n"
    "  - {name: g, aliases: [NVIDIA G], vendor: v, kind: gpu, release_year: 2021,\n"
    "     peak_flops: {fp32: 20e12, fp16: 300e12}, memory_bytes: 80e9,\n"
    "     memory_bw_bytes_s: 2e12, source: s}\n";

/* Rows in the built-in format, enough for a fit and a held-out round. */
static const char rows_csv[] =
    "round,division,accelerator_model_name,accelerator_family,total_accelerators,number_of_nodes,"
    "global_batch_size,time_to_train_min,epochs_mean\n"
    "v1.0,closed,NVIDIA G,G,8,1,2048,30,35\n"
    "v1.0,closed,NVIDIA G,G,64,8,8192,5,40\n"
    "v2.0,closed,NVIDIA G,G,8,1,2048,28,35\n"
    "v2.0,closed,NVIDIA G,G,16,2,4096,15,36\n"
    "v3.0,closed,NVIDIA G,G,8,1,2048,27,35\n"
    "v3.0,closed,unknown,X,8,1,2048,27,35\n";

/* LLM rows: Llama 2 70B LoRA on G, one row naming no parallel sizes, one
 * of ResNet-50 that the plan fit passes over. */
static const char llm_csv[] =
    "round,division,benchmark,accelerator_model_name,accelerator_family,total_accelerators,"
    "number_of_nodes,global_batch_size,time_to_train_min,samples_to_converge_mean,"
    "tensor_parallel,data_parallel,precision\n"
    "v4.0,closed,llama2_70b_lora,NVIDIA G,G,8,1,8,40,3072,4,2,fp16\n"
    "v4.1,closed,llama2_70b_lora,NVIDIA G,G,8,1,8,36,3072,4,2,fp16\n"
    "v4.1,closed,llama2_70b_lora,NVIDIA G,G,16,2,16,22,3200,,,fp16\n"
    "v5.0,closed,llama2_70b_lora,NVIDIA G,G,8,1,8,34,3110.4,4,2,\n"
    "v5.0,closed,resnet,NVIDIA G,G,8,1,2048,27,,,,\n";

static accelsel_catalog *cat;
static accelsel_network *net;
static accelsel_predictor *pred;
static accelsel_dataset *rows;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, cat_yaml, strlen(cat_yaml)), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "small-cnn", NULL), 0);
    ck_assert_int_eq(accelsel_predictor_new(&pred, cat, TEST_PHYSICAL), 0);
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&rows, rows_csv, strlen(rows_csv), NULL), 0);
}

static void teardown(void)
{
    accelsel_dataset_free(rows);
    accelsel_predictor_free(pred);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}

static void assert_einval(int rc, const char *arg)
{
    ck_assert_int_eq(rc, ACCELSEL_EINVAL);
    ck_assert_msg(strstr(accelsel_last_error()->message, arg) != NULL, "'%s' lacks '%s'",
                  accelsel_last_error()->message, arg);
}

/* Parallel plans: init, size, parse, names, and the prediction's NULL
 * arguments, versions, a capacity of 0 and a network without sizes. */
START_TEST(plan_calls)
{
    accelsel_plan pl;
    ck_assert_uint_eq(accelsel_plan_size(), sizeof(accelsel_plan));
    ck_assert_uint_eq(accelsel_plan_prediction_size(), sizeof(accelsel_plan_prediction));
    assert_einval(accelsel_plan_init(NULL, ACCELSEL_PLAN_VERSION), "plan");
    ck_assert_int_eq(accelsel_plan_init(&pl, 2), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_plan_init(&pl, ACCELSEL_PLAN_VERSION), 0);
    ck_assert_uint_eq(pl.tp + pl.pp + pl.dp + pl.cp + pl.micro_batch + pl.interleave, 0);
    assert_einval(accelsel_plan_parse(NULL, "auto"), "plan");
    assert_einval(accelsel_plan_parse(&pl, NULL), "text");
    ck_assert_int_eq(accelsel_plan_parse(&pl, "tp=8,pp=4,dp=...,mbs=1,recompute=selective,zero=fsdp"), 0);
    ck_assert_uint_eq(pl.tp, 8);
    ck_assert_uint_eq(pl.pp, 4);
    ck_assert_uint_eq(pl.dp, ACCELSEL_PLAN_AUTO);
    ck_assert_uint_eq(pl.recompute, ACCELSEL_RECOMPUTE_SELECTIVE);
    ck_assert_uint_eq(pl.sharding, ACCELSEL_SHARDING_PARAMETERS);
    ck_assert_int_eq(accelsel_plan_parse(&pl, "tp=8,tq=2"), ACCELSEL_EPARSE);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "column 6: unknown key 'tq'"));
    ck_assert_str_eq(accelsel_last_error()->field, "plan");
    ck_assert_int_eq(accelsel_plan_parse(&pl, "tp=0"), ACCELSEL_EPARSE);
    ck_assert_int_eq(accelsel_plan_parse(&pl, "tp=2,tp=2"), ACCELSEL_EPARSE);
    ck_assert_str_eq(accelsel_sharding_name(ACCELSEL_SHARDING_OPTIMIZER), "zero1");
    ck_assert_ptr_null(accelsel_sharding_name(0));
    ck_assert_ptr_null(accelsel_sharding_name(5));
    ck_assert_str_eq(accelsel_recompute_name(ACCELSEL_RECOMPUTE_FULL), "full");
    ck_assert_ptr_null(accelsel_recompute_name(4));

    accelsel_plan_prediction out[2] = {{.version = ACCELSEL_PLAN_PREDICTION_VERSION},
                                       {.version = ACCELSEL_PLAN_PREDICTION_VERSION}};
    size_t n = 9;
    accelsel_predict_request req = ACCELSEL_PREDICT_REQUEST_INIT;
    req.network = net;
    req.device = "g";
    assert_einval(accelsel_predictor_predict_plan(NULL, &req, NULL, out, 2, &n), "p");
    assert_einval(accelsel_predictor_predict_plan(pred, NULL, NULL, out, 2, &n), "req");
    assert_einval(accelsel_predictor_predict_plan(pred, &req, NULL, NULL, 2, &n), "out");
    assert_einval(accelsel_predictor_predict_plan(pred, &req, NULL, out, 2, NULL), "n");
    assert_einval(accelsel_predictor_predict_plan(pred, &req, NULL, out, 0, &n), "capacity");
    /* small-cnn has no transformer sizes. */
    ck_assert_int_eq(accelsel_predictor_predict_plan(pred, &req, NULL, out, 2, &n), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "network");
    ck_assert_uint_eq(n, 0);
    out[1].version = 7;
    ck_assert_int_eq(accelsel_predictor_predict_plan(pred, &req, NULL, out, 2, &n), ACCELSEL_EVERSION);
    pl.version = 3;
    ck_assert_int_eq(accelsel_predictor_predict_plan(pred, &req, &pl, out, 1, &n), ACCELSEL_EVERSION);
}
END_TEST

START_TEST(options_and_structs)
{
    accelsel_predictor_options po;
    accelsel_predict_request rq;
    accelsel_prediction pr;
    accelsel_predict_dataset_options dop;
    accelsel_calibrate_options co;
    ck_assert_int_eq(accelsel_predictor_options_init(&po, ACCELSEL_PREDICTOR_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(po.calibrate_builtin, 0);
    ck_assert_uint_eq(po.physical, 0);
    ck_assert_int_eq(accelsel_predictor_options_init(&po, 99), ACCELSEL_EVERSION);
    assert_einval(accelsel_predictor_options_init(NULL, 1), "opts");
    ck_assert_int_eq(accelsel_predict_request_init(&rq, ACCELSEL_PREDICT_REQUEST_VERSION), 0);
    ck_assert_int_eq(rq.precision, ACCELSEL_PRECISION_AUTO);
    ck_assert_int_eq(accelsel_predict_request_init(&rq, 0), ACCELSEL_EVERSION);
    assert_einval(accelsel_predict_request_init(NULL, 1), "req");
    ck_assert_int_eq(accelsel_prediction_init(&pr, ACCELSEL_PREDICTION_VERSION), 0);
    ck_assert_int_eq(accelsel_prediction_init(&pr, 3), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_prediction_init(&pr, 0), ACCELSEL_EVERSION);
    assert_einval(accelsel_prediction_init(NULL, 1), "res");
    ck_assert_int_eq(accelsel_predict_dataset_options_init(&dop, ACCELSEL_PREDICT_DATASET_OPTIONS_VERSION), 0);
    ck_assert_int_eq(accelsel_predict_dataset_options_init(&dop, 7), ACCELSEL_EVERSION);
    assert_einval(accelsel_predict_dataset_options_init(NULL, 1), "opts");
    ck_assert_int_eq(accelsel_calibrate_options_init(&co, ACCELSEL_CALIBRATE_OPTIONS_VERSION), 0);
    ck_assert_double_eq(co.huber_delta, 0.1);
    ck_assert_double_eq(co.shrink_rows, 1);
    ck_assert_int_eq(accelsel_calibrate_options_init(&co, 7), ACCELSEL_EVERSION);
    assert_einval(accelsel_calibrate_options_init(NULL, 1), "opts");
    ck_assert_uint_eq(accelsel_predictor_options_size(), sizeof(accelsel_predictor_options));
    ck_assert_uint_eq(accelsel_predict_request_size(), sizeof(accelsel_predict_request));
    ck_assert_uint_eq(accelsel_prediction_size(), sizeof(accelsel_prediction));
    ck_assert_uint_eq(accelsel_layer_prediction_size(), sizeof(accelsel_layer_prediction));
    ck_assert_uint_eq(accelsel_predict_dataset_options_size(), sizeof(accelsel_predict_dataset_options));
    ck_assert_uint_eq(accelsel_calibrate_options_size(), sizeof(accelsel_calibrate_options));
    ck_assert_uint_eq(accelsel_sweep_point_size(), sizeof(accelsel_sweep_point));
}
END_TEST

/* An evaluation table of three protocols: each group takes the protocol
 * with the most rows (a: "p2" with 9, b: "p1" with 5, c: none). */
static accelsel_dataset *evaluation(void)
{
    accelsel_dataset *t;
    const char *proto[] = { "p1", "p2", "p1", "p2" }, *group[] = { "a", "a", "b", "all" };
    const double n[] = { 4, 9, 5, 20 }, med[] = { 1, 2, 3, 4 }, p90[] = { 5, 6, 7, 8 };
    ck_assert_int_eq(accelsel_dataset_new(&t, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(t, "protocol", proto, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(t, "group", group, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(t, "rows", n, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(t, "model_median_ape", med, 4), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(t, "model_p90_ape", p90, 4), 0);
    return t;
}

/* The group, band and sources a prediction reports, by the definitions of
 * include/accelsel/predict.h. */
START_TEST(error_bands_and_sources)
{
    assert_einval(accelsel_predictor_set_error_bands(NULL, rows), "p");
    assert_einval(accelsel_predictor_set_error_bands(pred, NULL), "evaluation");
    ck_assert_int_eq(accelsel_predictor_set_error_bands(pred, rows), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "'protocol'"));
    accelsel_dataset *t = evaluation();
    ck_assert_int_eq(accelsel_predictor_set_error_bands(pred, t), 0);
    accelsel_dataset_free(t);
    /* The bands read back as the table gave them; c has none. */
    accelsel_error_summary band = ACCELSEL_ERROR_SUMMARY_INIT;
    ck_assert_int_eq(accelsel_predictor_error_band(pred, ACCELSEL_ERROR_GROUP_A, &band), 0);
    ck_assert_uint_eq(band.rows, 9);
    ck_assert_double_eq(band.median_ape, 2);
    ck_assert_double_eq(band.p90_ape, 6);
    ck_assert_int_eq(accelsel_predictor_error_band(pred, ACCELSEL_ERROR_GROUP_B, &band), 0);
    ck_assert(band.rows == 5 && band.median_ape == 3 && band.p90_ape == 7);
    ck_assert_int_eq(accelsel_predictor_error_band(pred, ACCELSEL_ERROR_GROUP_C, &band), 0);
    ck_assert(band.rows == 0 && isnan(band.median_ape) && isnan(band.p90_ape));
    assert_einval(accelsel_predictor_error_band(NULL, ACCELSEL_ERROR_GROUP_A, &band), "p");
    assert_einval(accelsel_predictor_error_band(pred, ACCELSEL_ERROR_GROUP_A, NULL), "out");
    ck_assert_int_eq(accelsel_predictor_error_band(pred, ACCELSEL_ERROR_GROUP_NONE, &band),
                     ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "group");
    ck_assert_int_eq(accelsel_predictor_error_band(pred, ACCELSEL_ERROR_GROUP_STEPS + 1, &band),
                     ACCELSEL_EINVAL);
    band.version = 99;
    ck_assert_int_eq(accelsel_predictor_error_band(pred, ACCELSEL_ERROR_GROUP_A, &band),
                     ACCELSEL_EVERSION);
    char *text;
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(pred, &text, NULL), 0);
    ck_assert_ptr_nonnull(strstr(text, "  a: {median: 2, p90: 6, rows: 9, protocol: p2}\n"
                                       "  b: {median: 3, p90: 7, rows: 5, protocol: p1}\n"));
    /* The same bands, with corrections of g learned on small-cnn. */
    char edited[16384];
    const char *at = strstr(text, "corrections: {}\ncount_corrections: {}\n"
                                  "plan_corrections: {}\nplan_count_corrections: {}\n"
                                  "workload: {network: resnet50, parameters: 25557032, "
                                  "macs: 4089184256}\n");
    ck_assert_ptr_nonnull(at);
    const accelsel_network_totals *tot = accelsel_network_get_totals(net);
    snprintf(edited, sizeof edited,
             "%.*scorrections: {g: 1.25}\ncount_corrections: {g: {8: 0.8}}\n"
             "plan_corrections: {}\nplan_count_corrections: {}\n"
             "workload: {network: small-cnn, parameters: %llu, macs: %llu}\n%s",
             (int)(at - text), text, (unsigned long long)tot->params,
             (unsigned long long)tot->macs, strstr(at, "error_bands:"));
    accelsel_free(text);
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&p, cat, edited, strlen(edited), NULL), 0);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    q.network = net, q.device = "g", q.count = 8;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_uint_eq(r.correction_source, ACCELSEL_CORRECTION_DEVICE_COUNT);
    ck_assert_double_eq_tol(r.correction, 1.25 * 0.8, 1e-15);
    ck_assert_uint_eq(r.error_group, ACCELSEL_ERROR_GROUP_A);
    ck_assert_double_eq(r.error_median_pct, 2);
    ck_assert_double_eq(r.error_p90_pct, 6);
    /* small-cnn's recipe: 50,000 samples, 10 epochs. */
    ck_assert_uint_eq(r.epochs_source, ACCELSEL_RECIPE_FROM_NETWORK);
    ck_assert_uint_eq(r.epoch_samples_source, ACCELSEL_RECIPE_FROM_NETWORK);
    ck_assert_double_eq(r.epochs, 10);
    q.count = 4;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_uint_eq(r.correction_source, ACCELSEL_CORRECTION_DEVICE);
    ck_assert_uint_eq(r.error_group, ACCELSEL_ERROR_GROUP_B);
    ck_assert_double_eq(r.error_p90_pct, 7);
    q.epochs = 3, q.epoch_samples = 1000;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_uint_eq(r.epochs_source, ACCELSEL_RECIPE_FROM_REQUEST);
    ck_assert_uint_eq(r.epoch_samples_source, ACCELSEL_RECIPE_FROM_REQUEST);
    q.no_correction = 1;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_uint_eq(r.correction_source, ACCELSEL_CORRECTION_DISABLED);
    ck_assert_uint_eq(r.error_group, ACCELSEL_ERROR_GROUP_NONE);
    ck_assert(isnan(r.error_median_pct) && isnan(r.error_p90_pct));
    /* Another network: g's factors are withheld; no recipe is assumed. */
    accelsel_network *gpt;
    ck_assert_int_eq(accelsel_network_load_zoo(&gpt, "gpt2-small", NULL), 0);
    accelsel_predict_request g = ACCELSEL_PREDICT_REQUEST_INIT;
    g.network = gpt, g.device = "g", g.count = 8, g.global_batch = 64;
    ck_assert_int_eq(accelsel_predictor_predict(p, &g, &r), 0);
    ck_assert_uint_eq(r.correction_source, ACCELSEL_CORRECTION_OTHER_WORKLOAD);
    ck_assert_double_eq(r.correction, 1);
    ck_assert_uint_eq(r.error_group, ACCELSEL_ERROR_GROUP_NONE);
    ck_assert_uint_eq(r.epochs_source, ACCELSEL_RECIPE_ASSUMED);
    ck_assert_uint_eq(r.epoch_samples_source, ACCELSEL_RECIPE_ASSUMED);
    /* A version-1 prediction is written up to its own fields only. */
    accelsel_prediction v1;
    memset(&v1, 0x5a, sizeof v1);
    ck_assert_int_eq(accelsel_prediction_init(&v1, 1), 0);
    ck_assert_int_eq(accelsel_predictor_predict(p, &g, &v1), 0);
    ck_assert_double_eq(v1.time_to_train_s, r.time_to_train_s);
    ck_assert_uint_eq(v1.error_group, 0x5a5a5a5aU);
    accelsel_network_free(gpt);
    accelsel_predictor_free(p);
}
END_TEST

/* Version-1 options end before physical; physical with a fit is refused. */
START_TEST(options_versions)
{
    accelsel_predictor_options o;
    memset(&o, 0x5a, sizeof o);
    ck_assert_int_eq(accelsel_predictor_options_init(&o, 1), 0);
    ck_assert_uint_eq(o.version, 1);
    ck_assert_uint_eq(o.calibrate_builtin, 0);
    ck_assert_uint_eq(o.physical, 0x5a5a5a5aU);
    ck_assert_int_eq(accelsel_predictor_options_init(&o, 2), 0);
    o.physical = 1, o.calibrate_builtin = 1;
    accelsel_predictor *p = (accelsel_predictor *)&p;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, &o), ACCELSEL_EINVAL);
    ck_assert_ptr_null(p);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "physical and calibrate_builtin"));
}
END_TEST

START_TEST(constructors_and_files)
{
    accelsel_predictor *p = (accelsel_predictor *)&p;
    assert_einval(accelsel_predictor_new(&p, NULL, NULL), "cat");
    ck_assert_ptr_null(p);
    assert_einval(accelsel_predictor_new(NULL, cat, NULL), "out");
    accelsel_predictor_options bad = ACCELSEL_PREDICTOR_OPTIONS_INIT;
    bad.version = 9;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, &bad), ACCELSEL_EVERSION);
    ck_assert_ptr_null(p);
    p = (accelsel_predictor *)&p;
    assert_einval(accelsel_predictor_load_params_buffer(&p, NULL, "", 0, NULL), "cat");
    ck_assert_ptr_null(p);
    assert_einval(accelsel_predictor_load_params_buffer(&p, cat, NULL, 3, NULL), "data");
    assert_einval(accelsel_predictor_load_params_buffer(NULL, cat, "", 0, NULL), "out");
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&p, cat, "", 0, NULL), ACCELSEL_EPARSE);
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&p, cat, "", 0, &bad), ACCELSEL_EVERSION);
    assert_einval(accelsel_predictor_load_params_file(&p, cat, NULL, NULL), "path");
    assert_einval(accelsel_predictor_load_params_file(&p, NULL, "x", NULL), "cat");
    assert_einval(accelsel_predictor_load_params_file(NULL, cat, "x", NULL), "out");
    char *text = (char *)&text;
    assert_einval(accelsel_predictor_save_params_buffer(NULL, &text, NULL), "p");
    ck_assert_ptr_null(text);
    assert_einval(accelsel_predictor_save_params_buffer(pred, NULL, NULL), "out");
    assert_einval(accelsel_predictor_save_params_file(NULL, "x"), "p");
    assert_einval(accelsel_predictor_save_params_file(pred, NULL), "path");
    ck_assert_int_eq(accelsel_predictor_save_params_file(pred, "/nonexistent-dir/x.yaml"), ACCELSEL_EIO);
    accelsel_predictor_free(NULL);
    accelsel_calibration_report_free(NULL);
}
END_TEST

START_TEST(prediction_calls)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.device = "g";
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    assert_einval(accelsel_predictor_predict(NULL, &q, &r), "p");
    assert_einval(accelsel_predictor_predict(pred, NULL, &r), "req");
    assert_einval(accelsel_predictor_predict(pred, &q, NULL), "res");
    r.version = 5;
    ck_assert_int_eq(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EVERSION);
    r.version = ACCELSEL_PREDICTION_VERSION;
    q.network = NULL;
    assert_einval(accelsel_predictor_predict(pred, &q, &r), "network");
    q.network = net;
    ck_assert_int_eq(accelsel_predictor_predict(pred, &q, &r), 0);
    size_t n;
    accelsel_layer_prediction row;
    assert_einval(accelsel_predictor_predict_layers(NULL, &q, NULL, 0, &n), "p");
    assert_einval(accelsel_predictor_predict_layers(pred, NULL, NULL, 0, &n), "req");
    assert_einval(accelsel_predictor_predict_layers(pred, &q, NULL, 0, NULL), "n");
    assert_einval(accelsel_predictor_predict_layers(pred, &q, NULL, 1, &n), "rows");
    ck_assert_int_eq(accelsel_predictor_predict_layers(pred, &q, &row, 1, &n), 0);
    ck_assert_uint_eq(n, accelsel_network_layer_count(net));
    double e;
    assert_einval(accelsel_predictor_epochs(NULL, 1, &e), "p");
    assert_einval(accelsel_predictor_epochs(pred, 1, NULL), "epochs");
    const uint32_t counts[] = { 1, 2 };
    accelsel_sweep_point pts[2];
    size_t sweet;
    assert_einval(accelsel_predictor_sweep(NULL, &q, counts, 2, 0.8, pts, &sweet), "p");
    assert_einval(accelsel_predictor_sweep(pred, NULL, counts, 2, 0.8, pts, &sweet), "req");
    assert_einval(accelsel_predictor_sweep(pred, &q, NULL, 2, 0.8, pts, &sweet), "counts");
    assert_einval(accelsel_predictor_sweep(pred, &q, counts, 2, 0.8, NULL, &sweet), "points");
    assert_einval(accelsel_predictor_sweep(pred, &q, counts, 2, 0.8, pts, NULL), "sweet");
    assert_einval(accelsel_predictor_sweep(pred, &q, counts, 0, 0.8, pts, &sweet), "n");
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, counts, 2, 0.8, pts, &sweet), 0);
}
END_TEST

/* The request member at fault, by name (accelsel_error.field), for the
 * front ends that name it their own way; none for a NULL argument. */
static void assert_field(int rc, int code, const char *field)
{
    const accelsel_error *e = accelsel_last_error();
    ck_assert_int_eq(rc, code);
    ck_assert_ptr_nonnull(e->field);
    ck_assert_str_eq(e->field, field);
    ck_assert_msg(strncmp(e->message, field, strlen(field)) != 0 ||
                      e->message[strlen(field)] != ':',
                  "'%s' starts with its field", e->message);
}

START_TEST(fields_at_fault)
{
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.device = "g";
    q.count = 12, q.nodes = 2, q.per_node = 4; /* 2 x 4 is not 12 */
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "count");
    q.count = 0, q.per_node = 0; /* nodes without a size */
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "nodes");
    q.nodes = 0;
    q.global_batch = 8.5;
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "global_batch");
    q.global_batch = 0;
    q.epochs = -1;
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "epochs");
    q.epochs = 0;
    q.epoch_samples = 0.5;
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "epoch_samples");
    q.epoch_samples = 0;
    q.threads = 2; /* g is a GPU */
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "threads");
    q.threads = 0;
    q.stack = 7;
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "stack");
    q.stack = ACCELSEL_STACK_TUNED;
    q.precision = ACCELSEL_PRECISION_INT8; /* g gives fp32 and fp16 alone */
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "precision");
    q.precision = ACCELSEL_PRECISION_AUTO;
    q.per_node = 2;
    q.intra_link = "no-such-link";
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_ENOTFOUND, "intra_link");
    q.per_node = 0, q.intra_link = NULL;
    q.host_cpu = "no-such-cpu";
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_ENOTFOUND, "host_cpu");
    q.host_cpu = "g"; /* a GPU as the host */
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "host_cpu");
    q.host_cpu = NULL;
    q.device = "no-such-device";
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_ENOTFOUND, "device");
    q.system = "no-such-system", q.device = NULL;
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_ENOTFOUND, "system");
    q.device = "g"; /* both */
    assert_field(accelsel_predictor_predict(pred, &q, &r), ACCELSEL_EINVAL, "device");
    /* A NULL argument is the parameter at fault. */
    ck_assert_int_eq(accelsel_predictor_predict(pred, NULL, &r), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "req");
    /* Calibration options, checked before any row is read. */
    accelsel_calibrate_options co = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    co.holdout_rounds = "v3.0,round 3";
    assert_field(accelsel_predictor_calibrate(NULL, pred, rows, &co), ACCELSEL_EINVAL,
                 "holdout_rounds");
    co.holdout_rounds = NULL;
    co.huber_delta = 0;
    assert_field(accelsel_predictor_calibrate(NULL, pred, rows, &co), ACCELSEL_EINVAL,
                 "huber_delta");
    co.huber_delta = 0.1;
    co.shrink_rows = -1;
    assert_field(accelsel_predictor_calibrate(NULL, pred, rows, &co), ACCELSEL_EINVAL,
                 "shrink_rows");
    accelsel_predictor_options po = ACCELSEL_PREDICTOR_OPTIONS_INIT;
    po.physical = 1, po.calibrate_builtin = 1;
    accelsel_predictor *other = NULL;
    assert_field(accelsel_predictor_new(&other, cat, &po), ACCELSEL_EINVAL, "physical");
}
END_TEST

START_TEST(dataset_calls)
{
    accelsel_dataset *out = (accelsel_dataset *)&out;
    assert_einval(accelsel_predictor_predict_dataset(&out, NULL, rows, NULL), "p");
    ck_assert_ptr_null(out);
    assert_einval(accelsel_predictor_predict_dataset(&out, pred, NULL, NULL), "ds");
    assert_einval(accelsel_predictor_predict_dataset(NULL, pred, rows, NULL), "out");
    accelsel_predict_dataset_options dop = ACCELSEL_PREDICT_DATASET_OPTIONS_INIT;
    dop.version = 3;
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&out, pred, rows, &dop), ACCELSEL_EVERSION);
    accelsel_dataset *empty;
    ck_assert_int_eq(accelsel_dataset_new(&empty, 0), 0);
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&out, pred, empty, NULL), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(out);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    assert_einval(accelsel_predictor_append_predictions(&out, NULL, rows, &q, 1), "p");
    assert_einval(accelsel_predictor_append_predictions(&out, pred, NULL, &q, 1), "ds");
    assert_einval(accelsel_predictor_append_predictions(&out, pred, rows, NULL, 1), "reqs");
    assert_einval(accelsel_predictor_append_predictions(NULL, pred, rows, &q, 1), "out");
    ck_assert_int_eq(accelsel_predictor_append_predictions(&out, pred, rows, NULL, 0), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), accelsel_dataset_rows(rows));
    accelsel_dataset_free(out);
    accelsel_dataset_free(empty);
}
END_TEST

START_TEST(calibration_calls)
{
    accelsel_calibration_report *rep = (accelsel_calibration_report *)&rep;
    assert_einval(accelsel_predictor_calibrate(&rep, NULL, rows, NULL), "p");
    ck_assert_ptr_null(rep);
    assert_einval(accelsel_predictor_calibrate(&rep, pred, NULL, NULL), "ds");
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.version = 0;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, pred, rows, &o), ACCELSEL_EVERSION);
    o = (accelsel_calibrate_options)ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.huber_delta = 0;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, pred, rows, &o), ACCELSEL_EINVAL);
    o.huber_delta = 0.1;
    o.shrink_rows = NAN;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, pred, rows, &o), ACCELSEL_EINVAL);
    o.shrink_rows = 4;
    o.holdout_rounds = "three";
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, pred, rows, &o), ACCELSEL_EINVAL);
    o.holdout_rounds = "v3.0";
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, p, rows, &o), 0);
    accelsel_error_summary e = ACCELSEL_ERROR_SUMMARY_INIT;
    assert_einval(accelsel_calibration_report_summary(NULL, 0, NULL, &e), "r");
    assert_einval(accelsel_calibration_report_summary(rep, 0, NULL, NULL), "out");
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, 2, NULL, &e), ACCELSEL_EINVAL);
    ck_assert_uint_eq(accelsel_error_summary_size(), sizeof e);
    e.version = 2; /* a later struct than this library's */
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_HOLDOUT, NULL, &e),
                     ACCELSEL_EVERSION);
    ck_assert_uint_eq(e.rows, 0); /* untouched */
    e.version = ACCELSEL_ERROR_SUMMARY_VERSION;
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_HOLDOUT, NULL, &e), 0);
    ck_assert_uint_eq(e.version, ACCELSEL_ERROR_SUMMARY_VERSION);
    ck_assert_uint_eq(e.rows, 1); /* the v3.0 row of NVIDIA G; the unknown device has a note */
    accelsel_calibration_report_free(rep);
    /* a round named again counts once, however often; 65 distinct are too many */
    char list[512] = "", *at = list;
    for (int i = 0; i < 70; i++)
        at += sprintf(at, "v0.5,");
    strcpy(at, "v3.0");
    o.holdout_rounds = list;
    ck_assert_int_eq(accelsel_predictor_calibrate(&rep, p, rows, &o), 0);
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_HOLDOUT, NULL,
                                                         &e), 0);
    ck_assert_uint_eq(e.rows, 1);
    at = list;
    for (int i = 0; i < 65; i++)
        at += sprintf(at, "%sv%d.%d", i ? "," : "", 1 + i / 10, i % 10);
    o.holdout_rounds = list;
    accelsel_calibration_report *none = (accelsel_calibration_report *)&none;
    ck_assert_int_eq(accelsel_predictor_calibrate(&none, p, rows, &o), ACCELSEL_EINVAL);
    ck_assert_msg(strstr(accelsel_last_error()->message, "more than 64 rounds"), "%s",
                  accelsel_last_error()->message);
    o.holdout_rounds = "v3.0";
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, 0, "nope", &e), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(accelsel_calibration_report_table(NULL));
    ck_assert_uint_eq(accelsel_dataset_rows(accelsel_calibration_report_table(rep)), 4);
    accelsel_calibration_report_free(rep);
    accelsel_dataset *t = (accelsel_dataset *)&t;
    assert_einval(accelsel_predictor_evaluate(&t, NULL, rows, NULL), "p");
    ck_assert_ptr_null(t);
    assert_einval(accelsel_predictor_evaluate(&t, p, NULL, NULL), "ds");
    assert_einval(accelsel_predictor_evaluate(NULL, p, rows, NULL), "out");
    accelsel_predictor_free(p);
}
END_TEST

/* The plan sweep: its contract, the plan at each count multiplying to it,
 * speed-up and E' recomputed from the times, the sweet spot the last count
 * at the threshold. */
START_TEST(sweep_plan_calls)
{
    accelsel_network *lora;
    ck_assert_int_eq(accelsel_network_load_zoo(&lora, "llama2-70b-lora", NULL), 0);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = lora;
    q.device = "g";
    q.global_batch = 16;
    const uint32_t counts[] = {8, 16, 32};
    accelsel_sweep_point pts[3];
    accelsel_plan_prediction plans[3];
    for (int i = 0; i < 3; i++)
        plans[i] = (accelsel_plan_prediction){ .version = ACCELSEL_PLAN_PREDICTION_VERSION };
    size_t sweet = 9;
    assert_einval(accelsel_predictor_sweep_plan(NULL, &q, NULL, counts, 3, 0.8, pts, plans, &sweet), "p");
    assert_einval(accelsel_predictor_sweep_plan(pred, NULL, NULL, counts, 3, 0.8, pts, plans, &sweet), "req");
    assert_einval(accelsel_predictor_sweep_plan(pred, &q, NULL, counts, 0, 0.8, pts, plans, &sweet), "n");
    assert_einval(accelsel_predictor_sweep_plan(pred, &q, NULL, counts, 3, 0.8, pts, plans, NULL), "sweet");
    ck_assert_int_eq(accelsel_predictor_sweep_plan(pred, &q, NULL, counts, 3, 1.5, pts, plans, &sweet),
                     ACCELSEL_EINVAL);
    /* LoRA's network has no recipe: nothing to compare without samples. */
    assert_field(accelsel_predictor_sweep_plan(pred, &q, NULL, counts, 3, 0.8, pts, NULL, &sweet),
                 ACCELSEL_EINVAL, "total_samples");
    q.total_samples = 3200;
    ck_assert_int_eq(accelsel_predictor_sweep_plan(pred, &q, NULL, counts, 3, 0.8, pts, plans, &sweet), 0);
    size_t want = 0;
    for (int i = 0; i < 3; i++) {
        const accelsel_plan *pl = &plans[i].plan;
        ck_assert_uint_eq(pl->tp * pl->pp * pl->cp * pl->dp, counts[i]);
        ck_assert_uint_eq(pts[i].count, counts[i]);
        ck_assert_double_eq(pts[i].time_to_train_s, plans[i].time_to_train_s);
        double speedup = pts[0].time_to_train_s / pts[i].time_to_train_s;
        ck_assert_double_eq_tol(pts[i].speedup, speedup, 1e-12 * speedup);
        ck_assert_double_eq_tol(pts[i].efficiency, speedup * counts[0] / counts[i], 1e-12);
        if (pts[i].efficiency >= 0.8)
            want = (size_t)i;
    }
    ck_assert_uint_eq(sweet, want);
    accelsel_network_free(lora);
}
END_TEST

/* The plan fit and its evaluation on LLM rows: their contracts; the
 * ResNet-50 parameters and predictions untouched by the fit. */
START_TEST(plan_calibration_calls)
{
    accelsel_dataset *llm;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&llm, llm_csv, strlen(llm_csv), NULL), 0);
    accelsel_calibration_report *rep = (accelsel_calibration_report *)&rep;
    assert_einval(accelsel_predictor_calibrate_plans(&rep, NULL, llm, NULL), "p");
    ck_assert_ptr_null(rep);
    assert_einval(accelsel_predictor_calibrate_plans(&rep, pred, NULL, NULL), "ds");
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.version = 0;
    ck_assert_int_eq(accelsel_predictor_calibrate_plans(&rep, pred, llm, &o), ACCELSEL_EVERSION);
    o = (accelsel_calibrate_options)ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.holdout_rounds = "five";
    ck_assert_int_eq(accelsel_predictor_calibrate_plans(&rep, pred, llm, &o), ACCELSEL_EINVAL);
    /* ResNet-50 rows alone hold nothing to fit. */
    ck_assert_int_eq(accelsel_predictor_calibrate_plans(&rep, pred, rows, NULL), ACCELSEL_EEMPTY);
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.device = "g";
    q.count = 8;
    accelsel_prediction before = ACCELSEL_PREDICTION_INIT, after = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &before), 0);
    o.holdout_rounds = "v5.0";
    ck_assert_int_eq(accelsel_predictor_calibrate_plans(&rep, p, llm, &o), 0);
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &after), 0);
    ck_assert_double_eq(before.step_s, after.step_s);
    accelsel_error_summary e = ACCELSEL_ERROR_SUMMARY_INIT;
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_FIT, NULL, &e), 0);
    ck_assert_uint_eq(e.rows, 3);
    ck_assert_int_eq(accelsel_calibration_report_summary(rep, ACCELSEL_CALIBRATION_HOLDOUT, NULL, &e), 0);
    ck_assert_uint_eq(e.rows, 1);
    accelsel_calibration_report_free(rep);
    accelsel_dataset *t = (accelsel_dataset *)&t;
    assert_einval(accelsel_predictor_evaluate_plans(&t, NULL, llm, NULL), "p");
    ck_assert_ptr_null(t);
    assert_einval(accelsel_predictor_evaluate_plans(&t, p, NULL, NULL), "ds");
    assert_einval(accelsel_predictor_evaluate_plans(NULL, p, llm, NULL), "out");
    o.version = 0;
    ck_assert_int_eq(accelsel_predictor_evaluate_plans(&t, p, llm, &o), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_predictor_evaluate_plans(&t, p, llm, NULL), 0);
    /* One benchmark and "all", three protocols, five groups. */
    ck_assert_uint_eq(accelsel_dataset_rows(t), 2 * 3 * 5);
    size_t col;
    ck_assert_int_eq(accelsel_dataset_column_index(t, "linear_median_ape", &col), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(t, "searched_rows", &col), 0);
    accelsel_dataset_free(t);
    accelsel_predictor_free(p);
    accelsel_dataset_free(llm);
}
END_TEST

/* ---- allocation failures ---- */

static int predict_scenario(void *ctx)
{
    (void)ctx;
    accelsel_catalog *c = NULL;
    accelsel_network *n = NULL;
    accelsel_predictor *p = NULL, *back = NULL;
    char *text = NULL;
    int rc = accelsel_catalog_load_buffer(&c, cat_yaml, strlen(cat_yaml));
    if (rc == 0)
        rc = accelsel_network_load_zoo(&n, "small-cnn", NULL);
    if (rc == 0)
        rc = accelsel_predictor_new(&p, c, NULL);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = n;
    q.device = "g";
    q.count = 16;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    accelsel_layer_prediction rowbuf[32];
    size_t nl;
    if (rc == 0)
        rc = accelsel_predictor_predict(p, &q, &r);
    if (rc == 0)
        rc = accelsel_predictor_predict_layers(p, &q, rowbuf, 32, &nl);
    if (rc == 0)
        rc = accelsel_predictor_save_params_buffer(p, &text, NULL);
    if (rc == 0)
        rc = accelsel_predictor_load_params_buffer(&back, c, text, strlen(text), NULL);
    if (rc != 0)
        ck_assert(back == NULL);
    accelsel_free(text);
    accelsel_predictor_free(back);
    accelsel_predictor_free(p);
    accelsel_network_free(n);
    accelsel_catalog_free(c);
    return rc;
}

START_TEST(prediction_allocation_failures)
{
    testutil_alloc_sweep_light(predict_scenario, NULL, 20);
}
END_TEST

/* which: 0 calibrate with a report, 1 predict every row, 2 append, 3 evaluate;
 * on LLM rows, 4 calibrate the plans with a report, 5 evaluate them. */
static int rows_scenario(void *ctx)
{
    int which = *(const int *)ctx;
    accelsel_catalog *c = NULL;
    accelsel_dataset *ds = NULL, *out = NULL;
    accelsel_predictor *p = NULL;
    accelsel_calibration_report *rep = NULL;
    accelsel_network *n = NULL;
    int rc = accelsel_catalog_load_buffer(&c, cat_yaml, strlen(cat_yaml));
    const char *csv = which < 4 ? rows_csv : llm_csv;
    if (rc == 0)
        rc = accelsel_dataset_load_csv_buffer(&ds, csv, strlen(csv), NULL);
    if (rc == 0)
        rc = accelsel_predictor_new(&p, c, NULL);
    accelsel_calibrate_options o = ACCELSEL_CALIBRATE_OPTIONS_INIT;
    o.holdout_rounds = "v3.0";
    o.n_threads = 1;
    if (rc == 0 && which == 0)
        rc = accelsel_predictor_calibrate(&rep, p, ds, &o);
    if (rc == 0 && which == 1)
        rc = accelsel_predictor_predict_dataset(&out, p, ds, NULL);
    if (rc == 0 && which == 2 && (rc = accelsel_network_load_zoo(&n, "small-cnn", NULL)) == 0) {
        accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
        q.network = n;
        q.device = "g";
        rc = accelsel_predictor_append_predictions(&out, p, ds, &q, 1);
    }
    if (rc == 0 && which == 3)
        rc = accelsel_predictor_evaluate(&out, p, ds, &o);
    o.holdout_rounds = "v5.0";
    if (rc == 0 && which == 4)
        rc = accelsel_predictor_calibrate_plans(&rep, p, ds, &o);
    if (rc == 0 && which == 5)
        rc = accelsel_predictor_evaluate_plans(&out, p, ds, &o);
    if (rc != 0)
        ck_assert(rep == NULL && out == NULL);
    accelsel_calibration_report_free(rep);
    accelsel_dataset_free(out);
    accelsel_network_free(n);
    accelsel_predictor_free(p);
    accelsel_dataset_free(ds);
    accelsel_catalog_free(c);
    return rc;
}

START_TEST(rows_allocation_failures)
{
    int which = _i;
    testutil_alloc_sweep_light(rows_scenario, &which, 20);
}
END_TEST

/* The what-if calls: spec, its requests, the references and the rows. */
static int what_if_scenario(void *ctx)
{
    (void)ctx;
    accelsel_predict_spec *spec = NULL;
    accelsel_predict_request *reqs = NULL, *refs = NULL;
    accelsel_dataset *out = NULL;
    size_t n = 0, k = 0;
    uint32_t *counts = NULL;
    int rc = accelsel_predict_counts_parse(&counts, &n, "1,2,...,4");
    accelsel_free(counts);
    if (rc == 0)
        rc = accelsel_predict_spec_parse(&spec, "g:16,32,...,64;NVIDIA G:256");
    if (rc == 0)
        rc = accelsel_predict_spec_requests(&reqs, &n, spec, cat, net);
    if (rc == 0)
        rc = accelsel_predictor_references(&refs, &k, pred, reqs, n);
    if (rc == 0)
        rc = accelsel_predictor_append_predictions_v2(&out, pred, rows, reqs, n, NULL);
    if (rc == 0) {
        ck_assert_uint_eq(n, 5); /* 16, 32, 48, 64: a difference of 16; 256 */
        ck_assert_uint_eq(k, 1); /* "NVIDIA G" is g: one reference for both items */
        ck_assert_uint_eq(accelsel_dataset_rows(out), accelsel_dataset_rows(rows) + n + k);
    }
    accelsel_dataset_free(out);
    accelsel_free(refs);
    accelsel_free(reqs);
    accelsel_predict_spec_free(spec);
    return rc;
}

START_TEST(what_if_calls)
{
    accelsel_predict_spec *spec = (accelsel_predict_spec *)&spec;
    assert_einval(accelsel_predict_spec_parse(NULL, "g:8"), "out");
    assert_einval(accelsel_predict_spec_parse(&spec, NULL), "spec");
    ck_assert_ptr_null(spec);
    ck_assert_uint_eq(accelsel_predict_spec_items(NULL), 0);
    ck_assert_ptr_null(accelsel_predict_spec_name(NULL, 0));
    size_t n = 9;
    ck_assert_ptr_null(accelsel_predict_spec_counts(NULL, 0, &n));
    ck_assert_uint_eq(n, 0);
    accelsel_predict_spec_free(NULL);
    ck_assert_int_eq(accelsel_predict_spec_parse(&spec, "g:8"), 0);
    accelsel_predict_request *reqs = (accelsel_predict_request *)&reqs;
    assert_einval(accelsel_predict_spec_requests(&reqs, &n, spec, NULL, net), "cat");
    ck_assert_ptr_null(reqs);
    assert_einval(accelsel_predict_spec_requests(&reqs, &n, spec, cat, NULL), "net");
    assert_einval(accelsel_predict_spec_requests(&reqs, NULL, spec, cat, net), "n");
    assert_einval(accelsel_predict_spec_requests(NULL, &n, spec, cat, net), "out");
    assert_einval(accelsel_predict_spec_requests(&reqs, &n, NULL, cat, net), "spec");
    accelsel_predict_spec_free(spec);
    uint32_t *counts = (uint32_t *)&counts;
    assert_einval(accelsel_predict_counts_parse(&counts, &n, NULL), "counts");
    ck_assert_ptr_null(counts);
    assert_einval(accelsel_predict_counts_parse(NULL, &n, "8"), "out");
    accelsel_predict_request q;
    accelsel_predict_request_init(&q, ACCELSEL_PREDICT_REQUEST_VERSION);
    assert_einval(accelsel_predictor_references(&reqs, &n, NULL, &q, 1), "p");
    assert_einval(accelsel_predictor_references(&reqs, &n, pred, NULL, 1), "reqs");
    assert_einval(accelsel_predictor_references(&reqs, NULL, pred, &q, 1), "n_out");
    accelsel_dataset *out = (accelsel_dataset *)&out;
    assert_einval(accelsel_predictor_append_predictions_v2(&out, NULL, rows, &q, 1, NULL), "p");
    ck_assert_ptr_null(out);
    assert_einval(accelsel_predictor_append_predictions_v2(&out, pred, NULL, &q, 1, NULL), "ds");
    accelsel_append_options o;
    assert_einval(accelsel_append_options_init(NULL, ACCELSEL_APPEND_OPTIONS_VERSION), "opts");
    ck_assert_int_eq(accelsel_append_options_init(&o, 99), ACCELSEL_EVERSION);
    ck_assert_uint_eq(accelsel_append_options_size(), sizeof o);
    o = (accelsel_append_options)ACCELSEL_APPEND_OPTIONS_INIT;
    o.version = 99;
    ck_assert_int_eq(accelsel_predictor_append_predictions_v2(&out, pred, rows, &q, 0, &o),
                     ACCELSEL_EVERSION);
    testutil_alloc_sweep_light(what_if_scenario, NULL, 10);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api_predict");
    TCase *tc = tcase_create("api_predict");
    tcase_set_timeout(tc, 900);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, options_and_structs);
    tcase_add_test(tc, constructors_and_files);
    tcase_add_test(tc, error_bands_and_sources);
    tcase_add_test(tc, options_versions);
    tcase_add_test(tc, prediction_calls);
    tcase_add_test(tc, fields_at_fault);
    tcase_add_test(tc, dataset_calls);
    tcase_add_test(tc, calibration_calls);
    tcase_add_test(tc, prediction_allocation_failures);
    tcase_add_test(tc, sweep_plan_calls);
    tcase_add_test(tc, plan_calibration_calls);
    tcase_add_loop_test(tc, rows_allocation_failures, 0, 6);
    tcase_add_test(tc, what_if_calls);
    tcase_add_test(tc, plan_calls);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
