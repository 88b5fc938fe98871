/* Predictions end to end on the built-in catalog: the arithmetic that ties
 * the result's fields together, counts and defaults, the per-layer table
 * against the step, the epochs relation, every bad input of the issue with
 * its status and message, the parameter file's exact round trip and its
 * rejections, dataset rows (result columns never read), appended what-if
 * rows, the sweep, and threads sharing one predictor. */
#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

static accelsel_catalog *cat;
static accelsel_network *r50, *small;
static accelsel_predictor *pred;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&r50, "resnet50", NULL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&small, "small-cnn", NULL), 0);
    ck_assert_int_eq(accelsel_predictor_new(&pred, cat, TEST_PHYSICAL), 0);
}

static void teardown(void)
{
    accelsel_predictor_free(pred);
    accelsel_network_free(small);
    accelsel_network_free(r50);
    accelsel_catalog_free(cat);
}

static accelsel_predict_request req(const char *device, uint32_t count, double batch)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = r50;
    q.device = device;
    q.count = count;
    q.global_batch = batch;
    return q;
}

static int predict(const accelsel_predict_request *q, accelsel_prediction *res)
{
    *res = (accelsel_prediction)ACCELSEL_PREDICTION_INIT;
    return accelsel_predictor_predict(pred, q, res);
}

static void assert_note(const accelsel_dataset *out, size_t row, size_t col, const char *part)
{
    const char *s = accelsel_dataset_string(out, row, col);
    ck_assert_msg(s != NULL && strstr(s, part) != NULL, "row %zu: note '%s' lacks '%s'", row,
                  s ? s : "(none)", part);
}

static void assert_message_has(const char *a, const char *b)
{
    const char *m = accelsel_last_error()->message;
    ck_assert_msg(strstr(m, a) != NULL, "'%s' lacks '%s'", m, a);
    if (b)
        ck_assert_msg(strstr(m, b) != NULL, "'%s' lacks '%s'", m, b);
}

/* throughput = batch / step; epoch = ceil(samples / batch) steps; time =
 * epochs x epoch; per-device batch = batch / count. */
START_TEST(fields_agree)
{
    accelsel_predict_request q = req("a100-sxm4-80gb", 16, 16 * 200);
    q.epochs = 37;
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq_tol(r.throughput_samples_s, 3200 / r.step_s, 1e-9 * r.throughput_samples_s);
    ck_assert_double_eq_tol(r.epoch_s, ceil(1281167.0 / 3200) * r.step_s, 1e-12);
    ck_assert_double_eq_tol(r.time_to_train_s, 37 * r.epoch_s, 1e-9);
    ck_assert_double_eq(r.per_device_batch, 200);
    ck_assert_uint_eq(r.count, 16);
    ck_assert_uint_eq(r.nodes, 2);
    ck_assert_uint_eq(r.per_node, 8);
    ck_assert_int_eq(r.precision, ACCELSEL_PRECISION_FP16);
    ck_assert(r.exposed_communication_s <= r.communication_s);
    ck_assert(r.communication_s > 0);
    ck_assert_double_eq(r.correction, 1);
    ck_assert(r.memory_needed_bytes < r.memory_available_bytes);
    /* total_samples replaces epochs: 10 epochs of 50,000. */
    q.total_samples = 500000;
    q.epoch_samples = 50000;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.epochs, 10);
}
END_TEST

/* A system of the built-in catalog is there to be used: each one built of a
 * single device predicts ResNet-50 at its own size, and each other is turned
 * down for what it is. */
START_TEST(every_builtin_system_predicts)
{
    for (size_t i = 0; i < accelsel_catalog_system_count(cat); i++) {
        const accelsel_system_info *s = accelsel_catalog_system(cat, i);
        accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
        accelsel_prediction r;
        q.network = r50;
        q.system = s->name;
        int rc = predict(&q, &r);
        if (s->device < 0) {
            ck_assert_int_eq(rc, ACCELSEL_EINVAL);
            assert_message_has(s->name, "not a cluster of one device");
            continue;
        }
        ck_assert_msg(rc == 0, "%s: %s", s->name, accelsel_last_error()->message);
        ck_assert_uint_eq(r.count, (uint32_t)(s->nodes * s->devices_per_node));
        /* 256 samples a device; an epoch of ImageNet's 1,281,167 in whole steps. */
        double batch = 256.0 * r.count;
        ck_assert_double_eq(r.global_batch, batch);
        ck_assert(isfinite(r.step_s) && r.step_s > 0);
        ck_assert_double_eq_tol(r.epoch_s, ceil(1281167 / batch) * r.step_s, 1e-12 * r.epoch_s);
        ck_assert_double_eq_tol(r.time_to_train_s, r.epochs * r.epoch_s, 1e-12 * r.time_to_train_s);
    }
}
END_TEST

/* The usual intra-node link follows the GPU's generation: NVLink 5 for
 * Blackwell, NVLink 4 for Hopper, also for the H200 that came out in 2024. */
START_TEST(usual_links_by_generation)
{
    const struct { const char *device, *usual, *other; } g[] = {
        { "b200-sxm-180gb", "nvlink5", "nvlink4" },
        { "h200-sxm-141gb", "nvlink4", "nvlink5" },
        { "a100-sxm4-80gb", "nvlink3", "nvlink4" },
    };
    for (size_t k = 0; k < sizeof g / sizeof g[0]; k++) {
        accelsel_predict_request q = req(g[k].device, 8, 0);
        accelsel_prediction dflt, same, other;
        ck_assert_int_eq(predict(&q, &dflt), 0);
        q.intra_link = g[k].usual;
        ck_assert_int_eq(predict(&q, &same), 0);
        q.intra_link = g[k].other;
        ck_assert_int_eq(predict(&q, &other), 0);
        ck_assert_msg(dflt.communication_s == same.communication_s, "%s", g[k].device);
        ck_assert_msg(dflt.communication_s != other.communication_s, "%s", g[k].device);
    }
}
END_TEST

START_TEST(systems_and_counts)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    accelsel_prediction r;
    q.network = r50;
    q.system = "dgx-a100";
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_uint_eq(r.count, 8);
    ck_assert_uint_eq(r.nodes, 1);
    ck_assert_double_eq(r.global_batch, 8 * 256);
    q.nodes = 32; /* a DGX SuperPOD-like 32 nodes of the same system */
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_uint_eq(r.count, 256);
    ck_assert_uint_eq(r.per_node, 8);
    q = req("h100-sxm5-80gb", 0, 0);
    q.nodes = 4;
    q.per_node = 8;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_uint_eq(r.count, 32);
    q.count = 12;
    q.per_node = 0;
    q.nodes = 5;
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    assert_message_has("12", "5 nodes");
    q.nodes = 2;
    q.per_node = 4;
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    /* 12 alone: nodes of 6, the largest divisor up to 8. */
    q = req("h100-sxm5-80gb", 12, 0);
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_uint_eq(r.per_node, 6);
    ck_assert_uint_eq(r.nodes, 2);
}
END_TEST

/* The per-layer table adds up to the device's step (one device: no
 * communication; the copy from the host comes on top). */
START_TEST(layer_table_sums_to_step)
{
    accelsel_predict_request q = req("v100-sxm2-16gb", 1, 64);
    size_t n;
    ck_assert_int_eq(accelsel_predictor_predict_layers(pred, &q, NULL, 0, &n), 0);
    ck_assert_uint_eq(n, accelsel_network_layer_count(r50));
    accelsel_layer_prediction *rows = calloc(n, sizeof *rows);
    ck_assert_int_eq(accelsel_predictor_predict_layers(pred, &q, rows, n, &n), 0);
    double sum = 0, parts = 0;
    for (size_t i = 0; i < n; i++) {
        sum += rows[i].forward_s + rows[i].backward_s + rows[i].update_s;
        ck_assert_str_eq(rows[i].name, accelsel_network_layer(r50, i)->name);
    }
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q, &r), 0);
    parts = r.compute_s + r.memory_s + r.overhead_s;
    ck_assert_double_eq_tol(sum, parts, 1e-9 * sum);
    ck_assert_double_eq_tol(sum + r.transfer_s, r.step_s, 1e-9 * sum);
    ck_assert_double_eq(r.communication_s, 0);
    /* Transfer: 224 x 224 x 3 bytes per sample over PCIe Gen3 x16 (15.754 GB/s). */
    ck_assert_double_eq_tol(r.transfer_s, 64.0 * 224 * 224 * 3 / 15.754e9, 1e-12);
    ck_assert_int_eq(rows[0].bound, 0);
    free(rows);
}
END_TEST

/* The input pipeline by hand: a node's samples per step over its host
 * cores at the default host_rate of 1000 ImageNet samples (224 x 224 x 3
 * bytes) per second; a 32 x 32 x 3 image costs 3072 / 150528 of one. */
START_TEST(input_pipeline_by_hand)
{
    accelsel_predict_request q = req("v100-sxm2-16gb", 8, 8 * 32);
    q.host_cpu = "core-i5-12400"; /* 6 cores */
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq_tol(r.input_s, 256.0 / (6 * 1000), 1e-15);
    q.host_cores_per_node = 2;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq_tol(r.input_s, 256.0 / (2 * 1000), 1e-15);
    q.network = small;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq_tol(r.input_s, 256.0 * 3072 / 150528 / (2 * 1000), 1e-15);
    q.sample_bytes = 150528; /* the host hands over ImageNet-sized samples */
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq_tol(r.input_s, 256.0 / (2 * 1000), 1e-15);
    q.host_cpu = NULL;
    q.host_cores_per_node = 0; /* no host named: the pipeline is not bounded */
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.input_s, 0);
}
END_TEST

/* Defaults: e0 = 35, b0 = 3584, alpha = 0.3. */
START_TEST(epochs_relation)
{
    double e;
    ck_assert_int_eq(accelsel_predictor_epochs(pred, 1000, &e), 0);
    ck_assert_double_eq(e, 35);
    ck_assert_int_eq(accelsel_predictor_epochs(pred, 4 * 3584, &e), 0);
    ck_assert_double_eq_tol(e, 35 * pow(4, 0.3), 1e-12);
    ck_assert_int_eq(accelsel_predictor_epochs(pred, 0, &e), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_predictor_epochs(pred, NAN, &e), ACCELSEL_EINVAL);
}
END_TEST

START_TEST(bad_input)
{
    accelsel_prediction r;
    accelsel_predict_request q = req("a100-sxm4-80gx", 8, 0);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_ENOTFOUND);
    assert_message_has("a100-sxm4-80gb", NULL); /* the nearest name */
    q = req("a100-sxm4-80gb", 8, 0);
    q.intra_link = "nvlink9";
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_ENOTFOUND);
    assert_message_has("nvlink", NULL);
    q = req(NULL, 8, 0);
    q.system = "dgx-a1000";
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_ENOTFOUND);
    assert_message_has("dgx-a100", NULL);
    q = req("tpu-v4", 8, 0);
    q.precision = ACCELSEL_PRECISION_FP32;
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    assert_message_has("tpu-v4", "fp32");
    q = req("rtx-3050", 1, 4096);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINFEASIBLE);
    assert_message_has("needs", "8589934592");
    q = req("gaudi", 8, 0);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EDATA);
    assert_message_has("gaudi", "peak_flops");
    q = req("ipu-gc200", 8, 0);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EDATA);
    assert_message_has("memory_bw_bytes_s", NULL);
    const double bad[] = { -1, NAN, INFINITY };
    for (size_t i = 0; i < 3; i++) {
        q = req("a100-sxm4-80gb", 8, bad[i]);
        ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
        q = req("a100-sxm4-80gb", 8, 0);
        q.epochs = bad[i];
        ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    }
    q = req("a100-sxm4-80gb", 16, 15);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    assert_message_has("global batch 15", "16 devices");
    q = req("a100-sxm4-80gb", 8, 0);
    q.system = "dgx-a100";
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    q.version = 99;
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EVERSION);
}
END_TEST

/* Counts whose product leaves 32 bits, and sizes that make a step infinite
 * or free, are errors, not predictions of 0 devices or of infinite time. */
START_TEST(out_of_range)
{
    accelsel_prediction r;
    accelsel_predict_request q = req("a100-sxm4-80gb", 0, 0);
    q.nodes = 65536, q.per_node = 65536; /* 2^32 devices */
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    assert_message_has("4294967296", "4294967295");
    q = req("a100-sxm4-80gb", 8, 0);
    q.sample_bytes = 1e308;
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_ERANGE);
    assert_message_has("a100-sxm4-80gb", "finite");
    q = req("a100-sxm4-80gb", 8, 0);
    q.epochs = 1e308;
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_ERANGE);
    q = req("a100-sxm4-80gb", 8, 0);
    /* 1,000 epochs, large, still finite: a prediction. The step does not
     * depend on the epochs; 8 x 256 = 2048 samples a step make
     * ceil(1,281,167 / 2048) = 626 steps an epoch, so 626,000 steps. */
    accelsel_prediction dflt;
    ck_assert_int_eq(predict(&q, &dflt), 0);
    q.epochs = 1e3;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.epochs, 1e3);
    ck_assert_double_eq(r.step_s, dflt.step_s);
    ck_assert_double_eq_tol(r.time_to_train_s, 626000 * dflt.step_s, 1e-12 * r.time_to_train_s);
}
END_TEST

/* Samples count whole images: an epoch or a training of less than one
 * sample is refused naming its field (an epoch_samples of 5e-324 made an
 * epoch of 0 s beside 35 epochs, a total_samples of 5e-324 0 epochs of an
 * infinite epoch, both returned as predictions); one sample is a training
 * of one step. */
START_TEST(samples_below_one_are_refused)
{
    accelsel_prediction r;
    const double tiny[] = { 5e-324, 1e-300, 0.5 };
    for (size_t i = 0; i < 3; i++) {
        accelsel_predict_request q = req("a100-sxm4-40gb", 8, 0);
        q.epoch_samples = tiny[i];
        ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
        assert_message_has("epoch_samples", "less than one sample");
        q = req("a100-sxm4-40gb", 8, 0);
        q.epoch_samples = 1e308;
        q.total_samples = tiny[i];
        ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
        assert_message_has("total_samples", "less than one sample");
    }
    accelsel_predict_request q = req("a100-sxm4-40gb", 8, 0);
    q.total_samples = 1;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.epochs, 1.0 / 1281167);
    ck_assert_double_eq(r.time_to_train_s, r.step_s);
    q = req("a100-sxm4-40gb", 8, 0);
    q.epoch_samples = 1; /* one step an epoch */
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.epoch_s, r.step_s);
}
END_TEST

/* A device of 1,000 FLOP/s takes some 1e10 s a step of ResNet-50 at 256
 * samples; 1e308 samples an epoch are 3.9e305 steps: the epoch is beyond
 * the doubles, and an infinite epoch is no prediction, whatever the epochs. */
START_TEST(infinite_epoch_is_refused)
{
    static const char yaml[] =
        "version: 1\ndevices:\n"
        "  - {name: abacus, vendor: x, kind: gpu, peak_flops: {fp32: 1e3},\n"
        "     memory_bw_bytes_s: 1e12, memory_bytes: 85899345920, source: test}\n";
    accelsel_catalog *own, *both;
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&own, yaml, sizeof yaml - 1), 0);
    ck_assert_int_eq(accelsel_catalog_merge(&both, cat, own, 0), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, both, TEST_PHYSICAL), 0);
    accelsel_predict_request q = req("abacus", 1, 256);
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert(r.step_s > 1e9 && isfinite(r.step_s));
    q.epoch_samples = 1e308;
    q.total_samples = 1; /* one sample: one step, were the epoch not infinite */
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_ERANGE);
    assert_message_has("an epoch of inf s", "abacus");
    /* The step of 1e10 s is finite: the message names what is not. */
    assert_message_has("'abacus': an epoch of inf s and inf s to train are not a finite", NULL);
    ck_assert_ptr_null(strstr(accelsel_last_error()->message, "a step of"));
    accelsel_predictor_free(p);
    accelsel_catalog_free(both);
    accelsel_catalog_free(own);
}
END_TEST

/* A whole number of samples means something up to 2^53, where a double
 * stops holding fractions: a batch above it is out of range (1e308 asked
 * for "inf bytes" of memory). Below it, bytes beyond 2^53 are written in
 * four significant digits, not in 23 whole ones. */
START_TEST(batches_and_bytes_in_range)
{
    accelsel_prediction r;
    const double big[] = { 1e308, 9007199254740994.0 };
    for (size_t i = 0; i < 2; i++) {
        accelsel_predict_request q = req("rtx-3050", 1, big[i]);
        ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
        assert_message_has("global_batch", "out of range: above 2^53 = 9007199254740992");
    }
    accelsel_predict_request q = req("rtx-3050", 1, 1e15);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINFEASIBLE);
    const char *m = accelsel_last_error()->message, *at = strstr(m, "needs ");
    ck_assert_ptr_nonnull(at);
    char bytes[64];
    ck_assert_int_eq(sscanf(at, "needs %63s bytes", bytes), 1);
    /* d.ddde+NN: four significant digits */
    ck_assert_msg(strlen(bytes) == 9 && bytes[1] == '.' && strstr(bytes, "e+") == bytes + 5,
                  "bytes '%s' in '%s'", bytes, m);
    assert_message_has("the device has 8589934592", NULL); /* below 2^53: every digit */
}
END_TEST

/* A network @p yaml loaded from text. */
static accelsel_network *net_of(const char *yaml)
{
    accelsel_network *net;
    ck_assert_msg(accelsel_network_load_buffer(&net, yaml, strlen(yaml), NULL) == 0, "%s",
                  accelsel_last_error()->message);
    return net;
}

/* Networks that do no work on the device: inputs and flattens alone (a
 * flatten is a view: no FLOPs, no bytes, no weights). Their step was the
 * copy of the input alone (1.56 us for 256 samples of 3 x 8 x 8 bytes over
 * PCIe 4), or 0 with a throughput of inf for a sample_bytes of 5e-324, and
 * was returned as a prediction where predict.h says ACCELSEL_ERANGE. So it
 * is, whatever the input's size, the count, the stack or sample_bytes, and
 * in the per-layer call too; an activation on the same input is work and
 * is predicted. */
START_TEST(no_work_is_refused)
{
    static const struct { const char *name, *yaml; } nets[] = {
        { "flat", "name: flat\ninputs:\n  - {name: x, shape: [3, 8, 8]}\nlayers:\n"
                  "  - {name: f, kind: flatten, inputs: [x]}\n" },
        { "flat2", "name: flat2\ninputs:\n  - {name: x, shape: [3, 224, 224]}\nlayers:\n"
                   "  - {name: f, kind: flatten, inputs: [x]}\n"
                   "  - {name: g, kind: flatten, inputs: [f]}\n" },
    };
    const double bytes[] = { 0, 1e-300, 5e-324, 1e9 };
    const uint32_t counts[] = { 1, 8 };
    for (size_t k = 0; k < sizeof nets / sizeof nets[0]; k++) {
        accelsel_network *net = net_of(nets[k].yaml);
        char who[64];
        snprintf(who, sizeof who, "network '%s' does no work on the device", nets[k].name);
        for (size_t i = 0; i < 2 * 2 * 4; i++) {
            accelsel_predict_request q = req("a100-sxm4-80gb", counts[i % 2], 0);
            q.network = net;
            q.stack = (int32_t)(i / 2 % 2);
            q.sample_bytes = bytes[i / 4];
            accelsel_prediction r;
            ck_assert_msg(predict(&q, &r) == ACCELSEL_ERANGE, "%s, case %zu", nets[k].name, i);
            assert_message_has(who, "forward, backward and update passes take 0 s");
            size_t n;
            ck_assert_int_eq(accelsel_predictor_predict_layers(pred, &q, NULL, 0, &n),
                             ACCELSEL_ERANGE);
            assert_message_has(who, NULL);
        }
        accelsel_network_free(net);
    }
    accelsel_network *relu = net_of("name: relu\ninputs:\n  - {name: x, shape: [3, 8, 8]}\n"
                                    "layers:\n  - {name: a, kind: activation, inputs: [x], "
                                    "function: relu}\n");
    accelsel_predict_request q = req("a100-sxm4-80gb", 1, 0);
    q.network = relu;
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert(r.memory_s > 0 && r.step_s > r.transfer_s);
    accelsel_network_free(relu);
}
END_TEST

/* @p text with the value after the first @p key that follows @p after
 * replaced by @p value, into @p out. */
static void edit_value(const char *text, const char *after, const char *key, const char *value,
                       char *out, size_t n)
{
    const char *at = strstr(text, after);
    ck_assert_ptr_nonnull(at);
    at = strstr(at, key);
    ck_assert_ptr_nonnull(at);
    at += strlen(key);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, value, strchr(at, '\n'));
}

/* A throughput beyond the doubles is named as the figure out of range. A
 * device of 1.7e308 B/s with no per-layer overhead (a parameter file's
 * overhead_s of 0) takes 4 bytes / (1.7e308 x memory_eff), about 1e-307 s,
 * for one sample of a one-element activation, a throughput of about 1e307
 * samples/s a device. On 32 devices with a sample each the step, the epoch
 * and the training are finite and positive, but 32 samples over that step
 * are beyond the doubles: the message called the three times "not a
 * finite, positive prediction" and left the throughput out. On 8 devices
 * all four are figures. */
START_TEST(throughput_out_of_range_is_named)
{
    static const char yaml[] =
        "version: 1\ndevices:\n"
        "  - {name: zip, vendor: v, kind: gpu, release_year: 2021, peak_flops: {fp32: 1.7e308,\n"
        "     fp16: 1.7e308}, memory_bytes: 16e9, memory_bw_bytes_s: 1.7e308, source: s}\n";
    accelsel_catalog *own, *both;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&own, yaml, sizeof yaml - 1), 0);
    ck_assert_int_eq(accelsel_catalog_merge(&both, cat, own, 0), 0);
    char *base, text[16384];
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(pred, &base, NULL), 0);
    edit_value(base, "  gpu:", "overhead_s: ", "0", text, sizeof text);
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&p, both, text, strlen(text), NULL), 0);
    accelsel_network *relu = net_of("name: relu\ninputs:\n  - {name: x, shape: [1]}\nlayers:\n"
                                    "  - {name: a, kind: activation, inputs: [x], "
                                    "function: relu}\n");
    accelsel_predict_request q = req("zip", 8, 8);
    q.network = relu;
    q.sample_bytes = 1e-300; /* the copy from the host adds about 3e-311 s */
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert(r.step_s > 0 && r.step_s < 1e-306 && isfinite(r.throughput_samples_s));
    double step = r.step_s;
    q.count = 32, q.global_batch = 32;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_ERANGE);
    assert_message_has("'zip': a throughput of inf samples/s is not a finite, positive "
                       "prediction: a global batch of 32 samples in a step of ",
                       "memory term");
    /* The step is the same one sample per device as on 8 devices. */
    const char *at = strstr(accelsel_last_error()->message, "in a step of ");
    ck_assert_double_eq_tol(strtod(at + strlen("in a step of "), NULL), step, 1e-5 * step);
    accelsel_network_free(relu);
    accelsel_predictor_free(p);
    accelsel_free(base);
    accelsel_catalog_free(both);
    accelsel_catalog_free(own);
}
END_TEST

/* A system's node holds its devices_per_node: 2 nodes of 1,000 devices of
 * a DGX H100 (8 a node) were predicted, and so were 2,000 over 2 nodes.
 * Every cluster system of the catalog refuses one device more a node than
 * it holds, given as per_node or as a count over nodes, naming the
 * system, its per-node count and the request's; its own count and fewer
 * (the sweep's partial nodes) are predicted. */
START_TEST(per_node_within_the_system)
{
    for (size_t i = 0; i < accelsel_catalog_system_count(cat); i++) {
        const accelsel_system_info *s = accelsel_catalog_system(cat, i);
        if (s->device < 0)
            continue;
        uint32_t d = s->devices_per_node;
        accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
        accelsel_prediction r;
        char want[192];
        q.network = r50, q.system = s->name, q.nodes = 2, q.per_node = d + 1;
        ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
        snprintf(want, sizeof want, "per_node %u is more than the %u devices per node of system "
                 "'%s'", d + 1, d, s->name);
        assert_message_has(want, NULL);
        q.per_node = 0, q.count = 2 * (d + 1);
        ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
        snprintf(want, sizeof want, "count %u on 2 nodes is %u devices per node, more than the "
                 "%u of system '%s'", 2 * (d + 1), d + 1, d, s->name);
        assert_message_has(want, NULL);
        for (uint32_t per = d; per >= 1 && per + 2 > d; per--) {
            q.count = 0, q.per_node = per;
            ck_assert_msg(predict(&q, &r) == 0, "%s, %u: %s", s->name, per,
                          accelsel_last_error()->message);
            ck_assert_uint_eq(r.count, 2 * per);
            ck_assert_uint_eq(r.per_node, per);
        }
    }
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    accelsel_prediction r;
    q.network = r50, q.system = "dgx-h100", q.nodes = 2, q.per_node = 1000;
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    assert_message_has("per_node 1000 is more than the 8 devices per node of system 'dgx-h100'",
                       NULL);
    /* The sweep of the system: 4 is one node of 4, 16 two of 8. */
    q.nodes = 0, q.per_node = 0;
    const uint32_t counts[] = { 4, 8, 16 };
    accelsel_sweep_point pts[3];
    size_t sweet;
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, counts, 3, 0.5, pts, &sweet), 0);
}
END_TEST

/* A step, epoch or training beyond the doubles names the figure behind it:
 * a link of 1e-300 B/s, a link latency of 1.7e308 s, a memory bandwidth or
 * a peak of 5e-324 (the message said only "sizes or figures beyond range"). */
START_TEST(range_errors_name_the_figure)
{
    static const char yaml[] =
        "version: 1\n"
        "links:\n"
        "  - {name: tiny, technology: t, bw_bytes_s: 1e-300, latency_s: 1e-6, source: s}\n"
        "  - {name: slowlat, technology: t, bw_bytes_s: 100e9, latency_s: 1.7e308, source: s}\n"
        "devices:\n"
        "  - {name: gbw, vendor: v, kind: gpu, release_year: 2021, peak_flops: {fp32: 1e12,\n"
        "     fp16: 4e12}, memory_bytes: 16e9, memory_bw_bytes_s: 5e-324, source: s}\n"
        "  - {name: gpk, vendor: v, kind: gpu, release_year: 2021, peak_flops: {fp16: 5e-324},\n"
        "     memory_bytes: 16e9, memory_bw_bytes_s: 100e9, source: s}\n";
    accelsel_catalog *own, *both;
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&own, yaml, sizeof yaml - 1), 0);
    ck_assert_int_eq(accelsel_catalog_merge(&both, cat, own, 0), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, both, TEST_PHYSICAL), 0);
    static const struct { const char *dev, *intra, *inter; uint32_t count, nodes; const char *a, *b; } c[] = {
        { "a100-sxm4-80gb", "tiny", NULL, 8, 1, "link 'tiny' (bw_bytes_s 1e-300", "all-reduce" },
        { "a100-sxm4-80gb", "slowlat", NULL, 8, 1, "link 'slowlat'", "latency_s 1.7e+308" },
        { "a100-sxm4-80gb", NULL, "tiny", 16, 2, "and link 'tiny' (bw_bytes_s 1e-300", "all-reduce" },
        { "gbw", NULL, NULL, 1, 1, "'gbw' memory_bw_bytes_s 4.94066e-324", "memory term" },
        { "gpk", NULL, NULL, 1, 1, "'gpk' peak_flops.fp16 4.94066e-324", "compute term" },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        accelsel_predict_request q = req(c[i].dev, c[i].count, 0);
        q.nodes = c[i].nodes;
        q.intra_link = c[i].intra;
        q.inter_link = c[i].inter;
        accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
        ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_ERANGE);
        assert_message_has(c[i].a, c[i].b);
        assert_message_has("not a finite, positive prediction", c[i].dev);
    }
    accelsel_predictor_free(p);
    accelsel_catalog_free(both);
    accelsel_catalog_free(own);
}
END_TEST

/* Rows at the ends of the doubles: a batch of 1e308 is out of range (its
 * note said "needs inf bytes"); a measured 1e308 min predicted as minutes
 * is 100 % off (100 x (p - m) overflowed to inf), a measured 5e-324
 * infinitely (no double holds the ratio). */
START_TEST(rows_at_the_ends_of_the_doubles)
{
    static const char csv[] =
        "accelerator_model_name,total_accelerators,global_batch_size,time_to_train_min\n"
        "a100-sxm4-40gb,8,1e308,30\n"
        "a100-sxm4-40gb,8,2048,1e308\n"
        "a100-sxm4-40gb,8,2048,5e-324\n"
        "a100-sxm4-40gb,8,2048,30\n";
    accelsel_dataset *ds, *out;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, csv, sizeof csv - 1, NULL), 0);
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&out, pred, ds, NULL), 0);
    size_t t, note, e;
    ck_assert_int_eq(accelsel_dataset_column_index(out, "predicted_time_to_train_min", &t), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(out, "prediction_note", &note), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(out, "abs_pct_error", &e), 0);
    ck_assert(isnan(accelsel_dataset_number(out, 0, t)));
    assert_note(out, 0, note, "global_batch_size 1e+308 is out of range: above 2^53 = "
                              "9007199254740992 samples");
    double p = accelsel_dataset_number(out, 3, t);
    ck_assert(p > 0 && p < 1e3);
    ck_assert_double_eq(accelsel_dataset_number(out, 1, e), 100);
    ck_assert(isinf(accelsel_dataset_number(out, 2, e)));
    ck_assert_double_eq_tol(accelsel_dataset_number(out, 3, e), 100 * fabs(p - 30) / 30, 1e-12);
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
}
END_TEST

/* A catalog of one CPU and no link: one device crosses no link, so it
 * predicts; two in a node need their usual link, which is not there, and a
 * link named in the request is looked up even for one device. */
START_TEST(links_only_where_crossed)
{
    static const char yaml[] =
        "version: 1\n"
        "devices:\n"
        "  - {name: cpu6, vendor: x, kind: cpu, cores: 6, clock_hz: 2.5e9,\n"
        "     flops_per_cycle: {fp32: 32},\n"
        "     memory_bw_bytes_s: 76.8e9, memory_bytes: 64e9, source: test}\n";
    accelsel_catalog *own;
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&own, yaml, sizeof yaml - 1), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, own, TEST_PHYSICAL), 0);
    accelsel_predict_request q = req("cpu6", 1, 64);
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_double_eq(r.communication_s, 0);
    q.count = 2;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_ENOTFOUND);
    q.count = 1;
    q.intra_link = "nvlink4";
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_ENOTFOUND);
    assert_message_has("nvlink4", NULL);
    accelsel_predictor_free(p);
    accelsel_catalog_free(own);
}
END_TEST

/* GPUs of one kind but their peaks (tera-FLOP/s): fast, with a tf32 a bit
 * above fp16 (4-byte elements: twice the bytes and the memory), a slow fp16
 * (as on consumer Pascal cards), fp8 alone; and a card with a tf32 ten times
 * its fp16, with 80 GiB and with 4 GiB (ResNet-50 at 64 samples needs 3.2 GB
 * in fp16, 6.1 GB in tf32); with the built-in catalog's links. */
static accelsel_catalog *precision_catalog(void)
{
    static const char yaml[] =
        "version: 1\n"
        "devices:\n"
        "  - {name: fp16-card, vendor: x, kind: gpu, peak_flops: {fp16: 100e12, fp32: 20e12},\n"
        "     memory_bw_bytes_s: 1e12, memory_bytes: 85899345920, source: test}\n"
        "  - {name: tf32-card, vendor: x, kind: gpu,\n"
        "     peak_flops: {fp16: 100e12, tf32: 101e12, fp32: 20e12},\n"
        "     memory_bw_bytes_s: 1e12, memory_bytes: 85899345920, source: test}\n"
        "  - {name: slow-fp16-card, vendor: x, kind: gpu, peak_flops: {fp16: 0.2e12, fp32: 10e12},\n"
        "     memory_bw_bytes_s: 1e12, memory_bytes: 85899345920, source: test}\n"
        "  - {name: roomy-card, vendor: x, kind: gpu,\n"
        "     peak_flops: {fp16: 100e12, tf32: 1000e12, fp32: 20e12},\n"
        "     memory_bw_bytes_s: 10e12, memory_bytes: 85899345920, source: test}\n"
        "  - {name: small-card, vendor: x, kind: gpu,\n"
        "     peak_flops: {fp16: 100e12, tf32: 1000e12, fp32: 20e12},\n"
        "     memory_bw_bytes_s: 10e12, memory_bytes: 4294967296, source: test}\n"
        "  - {name: fp8-card, vendor: x, kind: gpu, peak_flops: {fp8: 100e12},\n"
        "     memory_bw_bytes_s: 1e12, memory_bytes: 85899345920, source: test}\n";
    accelsel_catalog *own, *both;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&own, yaml, sizeof yaml - 1), 0);
    ck_assert_int_eq(accelsel_catalog_merge(&both, cat, own, 0), 0); /* the links */
    accelsel_catalog_free(own);
    return both;
}

/* The step of @p device at 64 samples in @p precision, or +inf if it does not fit. */
static double step_in(const accelsel_predictor *p, const char *device, int precision,
                      int *used)
{
    accelsel_predict_request q = req(device, 1, 64);
    q.precision = precision;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    int rc = accelsel_predictor_predict(p, &q, &r);
    ck_assert(rc == 0 || rc == ACCELSEL_EINFEASIBLE);
    if (used)
        *used = r.precision;
    return rc == 0 ? r.step_s : INFINITY;
}

/* AUTO is the fastest precision the device trains in, not the highest
 * peak: each card's AUTO step is the least of its steps in fp16 and in
 * tf32 or fp32 asked for by name; a card whose fast format does not fit its
 * memory takes one that does; an fp8-only card has no default. */
START_TEST(auto_precision_is_the_fastest)
{
    accelsel_catalog *own = precision_catalog();
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_new(&p, own, TEST_PHYSICAL), 0);
    static const struct { const char *dev; int wide, want; } c[] = {
        { "fp16-card", ACCELSEL_PRECISION_FP32, ACCELSEL_PRECISION_FP16 },
        { "tf32-card", ACCELSEL_PRECISION_TF32, ACCELSEL_PRECISION_FP16 },
        { "slow-fp16-card", ACCELSEL_PRECISION_FP32, ACCELSEL_PRECISION_FP32 },
        { "roomy-card", ACCELSEL_PRECISION_TF32, ACCELSEL_PRECISION_TF32 },
        { "small-card", ACCELSEL_PRECISION_TF32, ACCELSEL_PRECISION_FP16 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        double half = step_in(p, c[i].dev, ACCELSEL_PRECISION_FP16, NULL);
        double wide = step_in(p, c[i].dev, c[i].wide, NULL);
        int used;
        double aut = step_in(p, c[i].dev, ACCELSEL_PRECISION_AUTO, &used);
        ck_assert_msg(used == c[i].want, "%s: %s", c[i].dev, accelsel_precision_name(used));
        ck_assert_double_eq(aut, fmin(half, wide));
    }
    /* The tf32 card is no slower than the card without tf32. */
    ck_assert_double_eq(step_in(p, "tf32-card", ACCELSEL_PRECISION_AUTO, NULL),
                        step_in(p, "fp16-card", ACCELSEL_PRECISION_AUTO, NULL));
    ck_assert(isinf(step_in(p, "small-card", ACCELSEL_PRECISION_TF32, NULL)));
    accelsel_predict_request q = req("fp8-card", 1, 64);
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_EINVAL);
    assert_message_has("'fp8-card' trains in none of fp16, bf16, tf32 and fp32", NULL);
    q.precision = ACCELSEL_PRECISION_FP8;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    accelsel_predictor_free(p);
    accelsel_catalog_free(own);
}
END_TEST

/* 64 samples on 33 devices: 31 take 2 and 2 take 1, and the step waits for
 * those with 2, so it takes as long as on 32 devices; the memory check is
 * at the busiest device's batch too (1,894 samples of ResNet-50 do not fit
 * an 80 GB A100; 15,151 on 8 devices give 7 of them 1,894). */
START_TEST(busiest_device_sets_the_step)
{
    accelsel_prediction r32, r33, r;
    accelsel_predict_request q = req("epyc-7742", 32, 64);
    q.per_node = 1;
    ck_assert_int_eq(predict(&q, &r32), 0);
    q.count = 33;
    ck_assert_int_eq(predict(&q, &r33), 0);
    ck_assert_double_eq(r33.per_device_batch, 2);
    ck_assert_double_eq(r33.compute_s, r32.compute_s);
    ck_assert_double_eq(r33.memory_s, r32.memory_s);
    q = req("a100-sxm4-80gb", 1, 1894);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINFEASIBLE);
    q = req("a100-sxm4-80gb", 8, 15151);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINFEASIBLE);
    assert_message_has("at 1894 samples per device", NULL);
}
END_TEST

/* A network with no weights has no gradient to all-reduce: 8 devices send
 * no message, so no link latency is charged. */
START_TEST(no_weights_no_allreduce)
{
    static const char yaml[] =
        "version: 1\n"
        "name: relu-only\n"
        "inputs:\n"
        "  - {name: x, shape: [3, 224, 224]}\n"
        "layers:\n"
        "  - {name: act, kind: activation, inputs: [x], function: relu}\n";
    accelsel_network *relu;
    ck_assert_int_eq(accelsel_network_load_buffer(&relu, yaml, sizeof yaml - 1, NULL), 0);
    accelsel_predict_request q = req("a100-sxm4-80gb", 8, 0);
    q.network = relu;
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.communication_s, 0);
    ck_assert_double_eq(r.exposed_communication_s, 0);
    accelsel_network_free(relu);
}
END_TEST

/* A host CPU must be a CPU with a core count: a GPU named as the host, or a
 * CPU without cores, would silently drop the input pipeline's bound. Nodes
 * alone do not say how many devices: the error says what to add. */
START_TEST(host_and_node_errors)
{
    static const char yaml[] =
        "version: 1\n"
        "devices:\n"
        "  - {name: coreless, vendor: x, kind: cpu, peak_flops: {fp32: 1e12},\n"
        "     memory_bw_bytes_s: 1e11, source: test}\n";
    accelsel_catalog *own;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&own, yaml, sizeof yaml - 1), 0);
    accelsel_catalog *both;
    ck_assert_int_eq(accelsel_catalog_merge(&both, cat, own, 0), 0);
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_new(&p, both, TEST_PHYSICAL), 0);
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    accelsel_predict_request q = req("a100-sxm4-80gb", 8, 0);
    q.host_cpu = "h100-sxm5-80gb";
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_EINVAL);
    assert_message_has("host CPU 'h100-sxm5-80gb' is not a CPU", NULL);
    q.host_cpu = "coreless";
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_EDATA);
    assert_message_has("host CPU 'coreless' has no figure 'cores'", NULL);
    q.host_cpu = "epyc-7742";
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert(r.input_s > 0);
    q = req("a100-sxm4-80gb", 0, 0);
    q.nodes = 4;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_EINVAL);
    assert_message_has("4 nodes of how many devices?", NULL);
    accelsel_predictor_free(p);
    accelsel_catalog_free(both);
    accelsel_catalog_free(own);
}
END_TEST

/* Both predictors give the same prediction of @p q, to the bit. */
static void assert_same_prediction(const accelsel_predictor *a, const accelsel_predictor *b,
                                   accelsel_predict_request q)
{
    accelsel_prediction r1 = ACCELSEL_PREDICTION_INIT, r2 = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(a, &q, &r1), 0);
    ck_assert_int_eq(accelsel_predictor_predict(b, &q, &r2), 0);
    ck_assert(memcmp(&r1, &r2, sizeof r1) == 0);
}

static char *save(const accelsel_predictor *p)
{
    char *text;
    ck_assert_int_eq(accelsel_predictor_save_params_buffer(p, &text, NULL), 0);
    return text;
}

/* Save, load, save: identical text; a calibrated predictor predicts the same after loading. */
START_TEST(params_round_trip)
{
    accelsel_dataset *ds;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    /* Under a memory checker one round's rows exercise the same code: the
     * fit over all 343 rows takes minutes there. */
    if (getenv("ACCELSEL_TEST_LIGHT") != NULL) {
        accelsel_dataset *one;
        ck_assert_int_eq(accelsel_dataset_filter_equal(&one, ds, "round", "v3.1"), 0);
        accelsel_dataset_free(ds);
        ds = one;
    }
    accelsel_predictor *cal, *back;
    ck_assert_int_eq(accelsel_predictor_new(&cal, cat, TEST_PHYSICAL), 0);
    ck_assert_int_eq(accelsel_predictor_calibrate(NULL, cal, ds, NULL), 0);
    char *a = save(cal);
    ck_assert_ptr_nonnull(strstr(a, "\ncorrections:\n  "));
    ck_assert_ptr_nonnull(strstr(a, "\ncount_corrections:\n  "));
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&back, cat, a, strlen(a), NULL), 0);
    char *b = save(back);
    ck_assert_str_eq(a, b);
    assert_same_prediction(cal, back, req("a100-sxm4-80gb", 64, 0));
    /* Through a file. */
    char path[] = "/tmp/accelsel_params_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    accelsel_predictor *f;
    ck_assert_int_eq(accelsel_predictor_save_params_file(cal, path), 0);
    ck_assert_int_eq(accelsel_predictor_load_params_file(&f, cat, path, NULL), 0);
    char *c = save(f);
    ck_assert_str_eq(a, c);
    accelsel_predictor_free(f);
    unlink(path);
    ck_assert_int_eq(accelsel_predictor_load_params_file(&f, cat, path, NULL), ACCELSEL_EIO);
    ck_assert_ptr_null(f);
    accelsel_free(a), accelsel_free(b), accelsel_free(c);
    accelsel_predictor_free(back), accelsel_predictor_free(cal);
    accelsel_dataset_free(ds);
}
END_TEST

/* Edits of the default file, each with the status and a word of the message. */
static const struct { const char *from, *to; int rc; const char *word; } edits[] = {
    { "format: accelsel-predictor-params", "format: other", ACCELSEL_EPARSE, "not a predictor" },
    { "version: 5", "version: 6", ACCELSEL_EVERSION, "version 6" },
    { "version: 5", "version: 0", ACCELSEL_EVERSION, "version 0" },
    { "version: 5", "version: 1", ACCELSEL_EPARSE, "software_trend" }, /* a key version 1 lacks */
    { "version: 5", "version: 2", ACCELSEL_EPARSE, "plan_trend" },     /* one version 2 lacks */
    { "version: 5", "version: 3", ACCELSEL_EPARSE, "plan_trend" },     /* one version 3 lacks */
    { "version: 5", "version: 4", ACCELSEL_EPARSE, "plan_" },         /* one version 4 lacks */
    /* The parallel plans' (version 5). */
    { "plan_corrections: {}", "plan_corrections: {no-such-device: 1.1}", ACCELSEL_EPARSE,
      "no-such-device" },
    { "plan_count_corrections: {}\n", "", ACCELSEL_EPARSE, "plan_count_corrections" },
    { "plan_count_corrections: {}", "plan_count_corrections: {a30: {8: 0}}", ACCELSEL_EPARSE,
      "count correction" },
    { "plan_gemm_eff: 0.7", "plan_gemm_eff: 1.5", ACCELSEL_EPARSE, "plan_gemm_eff" },
    { "plan_year: 2025.5", "plan_year: 1e9", ACCELSEL_EPARSE, "plan_year" },
    /* The fit's workload and error bands (version 3). */
    { "workload: {network: resnet50, parameters: 25557032, macs: 4089184256}\n", "",
      ACCELSEL_EPARSE, "missing required key 'workload'" },
    { "macs: 4089184256", "macs: 1.5", ACCELSEL_EPARSE, "'macs' = 1.5 is not a whole number" },
    { "network: resnet50", "network: ''", ACCELSEL_EPARSE, "1 to 63 characters" },
    { "network: resnet50", "network: resnet50, layers: 3", ACCELSEL_EPARSE, "layers" },
    { "error_bands: {}", "error_bands: {d: {median: 1, p90: 2, rows: 3, protocol: x}}",
      ACCELSEL_EPARSE, "'d'" },
    { "error_bands: {}", "error_bands: {a: {median: 5, p90: 2, rows: 3, protocol: x}}",
      ACCELSEL_EPARSE, "p90 2 of group a is below its median 5" },
    { "error_bands: {}", "error_bands: {a: {median: 1, p90: 2, rows: 0, protocol: x}}",
      ACCELSEL_EPARSE, "rows" },
    { "error_bands: {}", "error_bands: {a: {median: 1, p90: 2, rows: 3}}", ACCELSEL_EPARSE,
      "protocol" },
    { "error_bands: {}", "error_bands: {b: {median: nan, p90: 2, rows: 3, protocol: x}}",
      ACCELSEL_EPARSE, "median" },
    { "software_trend: 0\n", "", ACCELSEL_EPARSE, "software_trend" },
    { "software_trend: 0", "software_trend: -1.5", ACCELSEL_EPARSE, "software_trend" },
    { "software_year: 2024", "software_year: 1e9", ACCELSEL_EPARSE, "software_year" },
    { "backward_ratio: 2", "backward_ratio: 2\nextra: 1", ACCELSEL_EPARSE, "extra" },
    { "backward_ratio: 2\n", "", ACCELSEL_EPARSE, "backward_ratio" },
    { "compute_eff: 0.6", "compute_eff: 1.5", ACCELSEL_EPARSE, "compute_eff" },
    { "compute_eff: 0.6", "compute_eff: nan", ACCELSEL_EPARSE, "compute_eff" },
    { "compute_eff: 0.6", "compute_eff: x", ACCELSEL_EPARSE, "compute_eff" },
    { "corrections: {}", "corrections: {no-such-device: 1.1}", ACCELSEL_EPARSE, "no-such-device" },
    { "corrections: {}", "corrections: {a30: -1}", ACCELSEL_EPARSE, "correction" },
    { "corrections: {}", "corrections: [1]", ACCELSEL_EPARSE, "corrections" },
    { "  gpu:\n", "  tpu:\n", ACCELSEL_EPARSE, "tpu" },
    { "count_corrections: {}\n", "", ACCELSEL_EPARSE, "count_corrections" },
    { "count_corrections: {}", "count_corrections: {no-such-device: {8: 1.1}}", ACCELSEL_EPARSE, "no-such-device" },
    { "count_corrections: {}", "count_corrections: {a30: {1.5: 1.1}}", ACCELSEL_EPARSE, "accelerator count" },
    { "count_corrections: {}", "count_corrections: {a30: {0: 1.1}}", ACCELSEL_EPARSE, "accelerator count" },
    { "count_corrections: {}", "count_corrections: {a30: {8: 0}}", ACCELSEL_EPARSE, "count correction" },
    { "count_corrections: {}", "count_corrections: {a30: 1.1}", ACCELSEL_EPARSE, "count corrections" },
    { "count_corrections: {}", "count_corrections: {a30: {8: 1.1}, NVIDIA A30: {8: 1.2}}", ACCELSEL_EPARSE, "twice" },
    { "corrections: {}", "corrections: {a30: 1.1, NVIDIA A30: 1.2}", ACCELSEL_EPARSE, "twice" },
    /* Tile and block sizes count rows and columns. */
    { "tile_m: 128", "tile_m: 127.5", ACCELSEL_EPARSE, "'tile_m' = 127.5 is not a whole number" },
    { "block_m: 96", "block_m: 0.5", ACCELSEL_EPARSE, "'block_m' = 0.5 is not a whole number" },
    /* No request has more accelerators than 2^32 - 1. */
    { "count_corrections: {}", "count_corrections: {a30: {4294967296: 1.1}}", ACCELSEL_EPARSE,
      "'accelerator count' = 4294967296 is outside [1, 4294967295]" },
    /* Each factor in [1e-6, 1e6], their product 1e-12 not. */
    { "corrections: {}\ncount_corrections: {}",
      "corrections: {a30: 1e-6}\ncount_corrections: {a30: {8: 1e-6}}", ACCELSEL_EPARSE,
      "count correction 1e-6 times the correction 1e-06 of 'a30' is 1e-12, outside [1e-06, 1e+06]" },
};

START_TEST(params_rejections)
{
    char *base = save(pred);
    char text[8192];
    const char *at = strstr(base, edits[_i].from);
    ck_assert_ptr_nonnull(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - base), base, edits[_i].to,
             at + strlen(edits[_i].from));
    accelsel_predictor *p = (accelsel_predictor *)&text;
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&p, cat, text, strlen(text), NULL), edits[_i].rc);
    ck_assert_ptr_null(p);
    assert_message_has(edits[_i].word, NULL);
    if (edits[_i].rc == ACCELSEL_EPARSE)
        ck_assert_uint_gt(accelsel_last_error()->line, 0);
    accelsel_free(base);
}
END_TEST

/* What the rejections above stop short of still loads: the largest count,
 * whole tile sizes, corrections whose product stays in range. */
START_TEST(params_edges_load)
{
    static const struct { const char *from, *to; } ok[] = {
        { "count_corrections: {}", "count_corrections: {a30: {4294967295: 1.1}}" },
        { "tile_m: 128", "tile_m: 127" },
        { "corrections: {}\ncount_corrections: {}",
          "corrections: {a30: 1e-3}\ncount_corrections: {a30: {8: 1e-2}}" },
    };
    char *base = save(pred);
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        char text[8192];
        const char *at = strstr(base, ok[i].from);
        ck_assert_ptr_nonnull(at);
        snprintf(text, sizeof text, "%.*s%s%s", (int)(at - base), base, ok[i].to,
                 at + strlen(ok[i].from));
        accelsel_predictor *p;
        ck_assert_msg(accelsel_predictor_load_params_buffer(&p, cat, text, strlen(text), NULL) == 0,
                      "%s: %s", ok[i].to, accelsel_last_error()->message);
        accelsel_predictor_free(p);
    }
    accelsel_free(base);
}
END_TEST

/* Remove every line of @p text that starts with @p key. */
static void drop_lines(char *text, const char *key)
{
    char *line;
    while ((line = strstr(text, key)) != NULL) {
        char *end = strchr(line, '\n');
        ck_assert_ptr_nonnull(end);
        memmove(line, end + 1, strlen(end + 1) + 1);
    }
}

/* A file of version 1 (before the software trend, the workload, the error
 * bands, the eager stack and the parallel plans) still loads: its keys are read, the trend
 * keeps its default (none, software of 2024), the workload is ResNet-50's,
 * there are no bands and the eager stack has its compiled-in values, so the
 * predictor predicts as before and saves as the current version again. */
START_TEST(params_version_1_loads)
{
    static const char trend[] = "software_trend: 0\nsoftware_year: 2024\n";
    static const char scope[] =
        "workload: {network: resnet50, parameters: 25557032, macs: 4089184256}\n"
        "error_bands: {}\n";
    char *base = save(pred), text[8192];
    const char *t = strstr(base, trend), *w = strstr(base, scope);
    ck_assert_ptr_nonnull(t);
    ck_assert_ptr_nonnull(w);
    ck_assert_ptr_eq(w + strlen(scope), base + strlen(base)); /* the last lines */
    snprintf(text, sizeof text, "%.*s%.*s", (int)(t - base), base,
             (int)(w - t - strlen(trend)), t + strlen(trend));
    char *v = strstr(text, "version: 5");
    ck_assert_ptr_nonnull(v);
    v[strlen("version: ")] = '1';
    drop_lines(text, "    eager_");  /* version 4 */
    drop_lines(text, "    plan_");   /* version 5 */
    drop_lines(text, "plan_");
    accelsel_predictor *old;
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&old, cat, text, strlen(text), NULL), 0);
    char *again = save(old);
    ck_assert_str_eq(again, base);
    assert_same_prediction(old, pred, req("v100-sxm2-16gb", 8, 256));
    accelsel_predictor_free(old);
    accelsel_free(base), accelsel_free(again);
}
END_TEST

/* The result columns are never read: removing them changes no prediction. */
START_TEST(dataset_rows)
{
    accelsel_dataset *ds, *slim, *a, *b;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    size_t keep[64], nk = 0;
    static const char *results[] = { "time_to_train_min", "run_times_min", "throughput_img_s",
                                     "epochs_mean", "eval_accuracy_mean" };
    for (size_t c = 0; c < accelsel_dataset_cols(ds); c++) {
        int drop = 0;
        for (size_t k = 0; k < 5; k++)
            drop |= strcmp(accelsel_dataset_column_name(ds, c), results[k]) == 0;
        if (!drop)
            keep[nk++] = c;
    }
    ck_assert_uint_eq(nk, accelsel_dataset_cols(ds) - 5);
    ck_assert_int_eq(accelsel_dataset_select_columns(&slim, ds, keep, nk), 0);
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&a, pred, ds, NULL), 0);
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&b, pred, slim, NULL), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(a), 343);
    ck_assert_uint_eq(accelsel_dataset_cols(a), accelsel_dataset_cols(ds) + 5);
    ck_assert_uint_eq(accelsel_dataset_cols(b), nk + 4); /* no abs_pct_error without times */
    size_t ta, tb, na, ea;
    ck_assert_int_eq(accelsel_dataset_column_index(a, "predicted_time_to_train_min", &ta), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(b, "predicted_time_to_train_min", &tb), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(a, "prediction_note", &na), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(a, "abs_pct_error", &ea), 0);
    size_t predicted = 0, noted = 0;
    for (size_t r = 0; r < 343; r++) {
        double x = accelsel_dataset_number(a, r, ta), y = accelsel_dataset_number(b, r, tb);
        ck_assert(memcmp(&x, &y, sizeof x) == 0);
        /* A row without a prediction says why; a predicted row has a note
         * only where the prediction assumed something: the two v0.5 TPU v3
         * pods, whose nodes (host VMs) times cores per node is not their
         * total (check_layout_notes below). */
        const char *note = accelsel_dataset_string(a, r, na);
        ck_assert(!isnan(x) || note != NULL);
        noted += !isnan(x) && note != NULL;
        predicted += !isnan(x);
    }
    ck_assert_uint_gt(predicted, 290);
    ck_assert_uint_eq(noted, 2);
    accelsel_dataset_free(a), accelsel_dataset_free(b), accelsel_dataset_free(slim);
    accelsel_dataset_free(ds);
}
END_TEST

/* A benchmark column, where a table has one, keeps rows of other benchmarks
 * from being predicted as ResNet-50; a round may be spelt 3.1 or V3.1. */
START_TEST(other_benchmarks_and_round_spellings)
{
    static const char csv[] =
        "benchmark,round,accelerator_model_name,total_accelerators,global_batch_size\n"
        "bert,v3.1,h100-sxm5-80gb,8,2048\n"
        "resnet,v3.1,h100-sxm5-80gb,8,2048\n"
        ",v3.1,h100-sxm5-80gb,8,2048\n"
        "image_classification,3.1,h100-sxm5-80gb,8,2048\n"
        "ResNet,V3.1,h100-sxm5-80gb,8,2048\n"
        "resnet,v0.7,h100-sxm5-80gb,8,2048\n";
    accelsel_dataset *ds, *out;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, csv, sizeof csv - 1, NULL), 0);
    /* a trend of -0.1 a year from software of 2024 (v3.1), so that rounds show */
    char *text = save(pred), *at = strstr(text, "software_trend: 0\n"), edited[8192];
    ck_assert_ptr_nonnull(at);
    snprintf(edited, sizeof edited, "%.*ssoftware_trend: -0.1\n%s", (int)(at - text), text,
             at + strlen("software_trend: 0\n"));
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&p, cat, edited, strlen(edited), NULL),
                     0);
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&out, p, ds, NULL), 0);
    size_t t, note;
    ck_assert_int_eq(accelsel_dataset_column_index(out, "predicted_time_to_train_min", &t), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(out, "prediction_note", &note), 0);
    ck_assert(isnan(accelsel_dataset_number(out, 0, t)));
    assert_note(out, 0, note, "benchmark 'bert' is not ResNet-50");
    double v31 = accelsel_dataset_number(out, 1, t);
    ck_assert(isfinite(v31) && v31 > 0);
    for (size_t r = 2; r < 5; r++)
        ck_assert_double_eq(accelsel_dataset_number(out, r, t), v31);
    /* v0.7, three and a half years before v3.1: exp(0.1 x 3.5) times as long */
    ck_assert_double_eq_tol(accelsel_dataset_number(out, 5, t) / v31, exp(0.35), 1e-12);
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
    accelsel_predictor_free(p);
    accelsel_free(text);
}
END_TEST

/* The default parameters with software_trend @p trend (software of 2024, v3.1). */
static accelsel_predictor *with_trend(const char *trend)
{
    char *text = save(pred), *at = strstr(text, "software_trend: 0\n"), edited[8192];
    ck_assert_ptr_nonnull(at);
    snprintf(edited, sizeof edited, "%.*ssoftware_trend: %s\n%s", (int)(at - text), text, trend,
             at + strlen("software_trend: 0\n"));
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_load_params_buffer(&p, cat, edited, strlen(edited), NULL),
                     0);
    accelsel_free(text);
    return p;
}

/* The rows of @p csv predicted by @p p, with the columns of minutes and notes. */
typedef struct predicted_rows {
    accelsel_dataset *out;
    size_t t, note;
} predicted_rows;

static predicted_rows predict_csv(const accelsel_predictor *p, const char *csv)
{
    accelsel_dataset *ds;
    predicted_rows o;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(&ds, csv, strlen(csv), NULL), 0);
    ck_assert_int_eq(accelsel_predictor_predict_dataset(&o.out, p, ds, NULL), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(o.out, "predicted_time_to_train_min", &o.t), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(o.out, "prediction_note", &o.note), 0);
    accelsel_dataset_free(ds);
    return o;
}

static double minutes_of(const predicted_rows *o, size_t r)
{
    return accelsel_dataset_number(o->out, r, o->t);
}

static const char *note_of(const predicted_rows *o, size_t r)
{
    return accelsel_dataset_string(o->out, r, o->note);
}

/* Row @p r has no prediction and exactly the note @p want. */
static void assert_refused(const predicted_rows *o, size_t r, const char *want)
{
    ck_assert_msg(isnan(minutes_of(o, r)), "row %zu: predicted %g", r, minutes_of(o, r));
    ck_assert_msg(note_of(o, r) != NULL && strcmp(note_of(o, r), want) == 0,
                  "row %zu: note '%s', want '%s'", r, note_of(o, r) ? note_of(o, r) : "(none)",
                  want);
}

/* Row @p r is predicted at @p factor times @p ref minutes, with no note. */
static void assert_times(const predicted_rows *o, size_t r, double ref, double factor)
{
    ck_assert_msg(fabs(minutes_of(o, r) - ref * factor) <= 1e-12 * ref, "row %zu: %.17g, want %.17g",
                  r, minutes_of(o, r), ref * factor);
}

/* A round is the whole cell, blanks around it aside: anything else is a
 * note and no prediction, not the latest software. The trend (-0.1 a year
 * from v3.1, 2024) is followed up to 2 years after 2024 and held there,
 * with a note: v6.0 (2026.5) and v99.99 (2169) both run exp(-0.2). */
START_TEST(rounds_whole_cells_and_trend_held)
{
    static const char csv[] = "round,accelerator_model_name,total_accelerators,global_batch_size\n"
                              "v3.1,h100-sxm5-80gb,8,2048\n"
                              " v3.1\t,h100-sxm5-80gb,8,2048\n"
                              ",h100-sxm5-80gb,8,2048\n"
                              "v3.1garbage,h100-sxm5-80gb,8,2048\n"
                              "v3.1.2,h100-sxm5-80gb,8,2048\n"
                              "v4,h100-sxm5-80gb,8,2048\n"
                              "foo,h100-sxm5-80gb,8,2048\n"
                              "v4.0,h100-sxm5-80gb,8,2048\n"
                              "v5.0,h100-sxm5-80gb,8,2048\n"
                              "v6.0,h100-sxm5-80gb,8,2048\n"
                              "v99.99,h100-sxm5-80gb,8,2048\n";
    accelsel_predictor *p = with_trend("-0.1");
    predicted_rows o = predict_csv(p, csv);
    double v31 = minutes_of(&o, 0);
    ck_assert(isfinite(v31) && v31 > 0);
    ck_assert_ptr_null(note_of(&o, 0));
    assert_times(&o, 1, v31, 1);
    assert_times(&o, 2, v31, 1); /* no round: the software of 2024 */
    assert_refused(&o, 3, "round 'v3.1garbage' is not a round name (vX.Y or X.Y)");
    assert_refused(&o, 4, "round 'v3.1.2' is not a round name (vX.Y or X.Y)");
    assert_refused(&o, 5, "round 'v4' is not a round name (vX.Y or X.Y)");
    assert_refused(&o, 6, "round 'foo' is not a round name (vX.Y or X.Y)");
    assert_times(&o, 7, v31, exp(-0.05)); /* June 2024, half a year on */
    assert_times(&o, 8, v31, exp(-0.15));
    ck_assert_ptr_null(note_of(&o, 8));
    assert_times(&o, 9, v31, exp(-0.2));
    assert_times(&o, 10, v31, exp(-0.2));
    ck_assert_str_eq(note_of(&o, 9), "round v6.0 is 2.5 years after the parameters' software "
                                     "(2024): the software trend is held at 2 years after it");
    ck_assert_str_eq(note_of(&o, 10), "round v99.99 is 145 years after the parameters' software "
                                      "(2024): the software trend is held at 2 years after it");
    accelsel_dataset_free(o.out);
    /* A numeric round column (every round spelt X.Y) still gives rounds:
     * 3 (written 3.0) is v3.0, June 2023, half a year before v3.1. */
    o = predict_csv(p, "round,accelerator_model_name,total_accelerators,global_batch_size\n"
                       "3.1,h100-sxm5-80gb,8,2048\n3.0,h100-sxm5-80gb,8,2048\n");
    assert_times(&o, 0, v31, 1);
    assert_times(&o, 1, v31, exp(0.05));
    accelsel_dataset_free(o.out);
    accelsel_predictor_free(p);
}
END_TEST

/* Links slow enough that the all-reduce is not hidden behind the backward
 * pass, so that a node layout shows in the time. */
#define SLOW_INTRA "pcie3-x16"
#define SLOW_INTER "eth-10g"

/* Minutes of @p count H100s as @p nodes x @p per_node at @p batch over the
 * slow links, by the API. */
static double layout_minutes(uint32_t count, uint32_t nodes, uint32_t per_node, double batch)
{
    accelsel_predict_request q = req("h100-sxm5-80gb", count, batch);
    q.nodes = nodes, q.per_node = per_node;
    q.intra_link = SLOW_INTRA, q.inter_link = SLOW_INTER;
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q, &r), 0);
    return r.time_to_train_s / 60;
}

/* As layout_minutes(), with the links a row of SLOW_INTRA gets: that inside
 * a node, InfiniBand NDR (the H100's generation) between nodes. */
static double row_layout_minutes(uint32_t count, uint32_t nodes, uint32_t per_node, double batch)
{
    accelsel_predict_request q = req("h100-sxm5-80gb", count, batch);
    q.nodes = nodes, q.per_node = per_node;
    q.intra_link = SLOW_INTRA;
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q, &r), 0);
    return r.time_to_train_s / 60;
}

/* Any two of total_accelerators, number_of_nodes and accelerators_per_node
 * fix the third; a value that is not a count is a note; where the three
 * disagree, the total decides (nodes given if they divide it, else the
 * per-node count if it does, else the count's own layout) and the note
 * says which layout was used. At 16 images per device over PCIe 3 inside
 * a node the all-reduce is not hidden, so the layout shows in the time. */
START_TEST(node_layouts_from_three_columns)
{
    static const char csv[] =
        "accelerator_model_name,total_accelerators,number_of_nodes,accelerators_per_node,"
        "global_batch_size,accelerator_interconnect\n"
        "h100-sxm5-80gb,16,2,8,256," SLOW_INTRA "\n"  /* 0: agree */
        "h100-sxm5-80gb,,4,4,256," SLOW_INTRA "\n"    /* 1: 4 x 4 */
        "h100-sxm5-80gb,16,,4,256," SLOW_INTRA "\n"   /* 2: 4 x 4 */
        "h100-sxm5-80gb,16,3,,256," SLOW_INTRA "\n"   /* 3: 3 does not divide 16: 2 x 8 */
        "h100-sxm5-80gb,16,3,4,256," SLOW_INTRA "\n"  /* 4: 4 x 4 */
        "h100-sxm5-80gb,32,2,32,512," SLOW_INTRA "\n" /* 5: as v0.5's TPU v3-32: 2 x 16 */
        "h100-sxm5-80gb,16,16,4,256," SLOW_INTRA "\n" /* 6: nodes win: 16 x 1 */
        "h100-sxm5-80gb,8,0,8,2048,\n"
        "h100-sxm5-80gb,8,-1,8,2048,\n"
        "h100-sxm5-80gb,8,1,2.5,2048,\n"
        "h100-sxm5-80gb,,2,,2048,\n"
        "h100-sxm5-80gb,,65536,65536,2048,\n";
    double two_by_8 = row_layout_minutes(16, 2, 8, 256);
    double four_by_4 = row_layout_minutes(16, 4, 4, 256);
    ck_assert(two_by_8 != four_by_4); /* else the rows below could not tell the layouts apart */
    predicted_rows o = predict_csv(pred, csv);
    assert_times(&o, 0, two_by_8, 1);
    ck_assert_ptr_null(note_of(&o, 0));
    assert_times(&o, 1, four_by_4, 1);
    ck_assert_ptr_null(note_of(&o, 1));
    assert_times(&o, 2, four_by_4, 1);
    ck_assert_ptr_null(note_of(&o, 2));
    assert_times(&o, 3, two_by_8, 1);
    ck_assert_str_eq(note_of(&o, 3), "total_accelerators 16 and number_of_nodes 3 disagree: "
                                     "predicted as 2 nodes of 8");
    assert_times(&o, 4, four_by_4, 1);
    ck_assert_str_eq(note_of(&o, 4), "total_accelerators 16, number_of_nodes 3 and "
                                     "accelerators_per_node 4 disagree: predicted as 4 nodes of 4");
    assert_times(&o, 5, row_layout_minutes(32, 2, 16, 512), 1);
    ck_assert_str_eq(note_of(&o, 5), "total_accelerators 32, number_of_nodes 2 and "
                                     "accelerators_per_node 32 disagree: predicted as 2 nodes of 16");
    assert_times(&o, 6, row_layout_minutes(16, 16, 1, 256), 1);
    ck_assert_str_eq(note_of(&o, 6), "total_accelerators 16, number_of_nodes 16 and "
                                     "accelerators_per_node 4 disagree: predicted as 16 nodes of 1");
    assert_refused(&o, 7, "number_of_nodes 0 is not a whole number from 1 to 4294967295");
    assert_refused(&o, 8, "number_of_nodes -1 is not a whole number from 1 to 4294967295");
    assert_refused(&o, 9, "accelerators_per_node 2.5 is not a whole number from 1 to 4294967295");
    assert_refused(&o, 10, "missing accelerator count");
    assert_refused(&o, 11, "number_of_nodes 65536 x accelerators_per_node 65536 is above "
                           "4294967295");
    accelsel_dataset_free(o.out);
}
END_TEST

/* A number cell reads alike in a numeric and a text column (here "0x8"
 * turns total_accelerators to text, " 2048 " global_batch_size): blanks
 * around it trimmed on both sides, the CSV reader's syntax, so no hex. A
 * batch or a core count given must be a positive whole number (0 cores:
 * none recorded, as v0.5's TPU rows write it). One host core feeding 8
 * H100s bounds the step: 2048 samples / (1 core x 1000 samples/s) =
 * 2.048 s, 626 steps an epoch (1,281,167 / 2048 rounded up), 35 epochs. */
START_TEST(number_cells_one_rule)
{
    static const char csv[] =
        "accelerator_model_name,total_accelerators,global_batch_size,host_processor_core_count\n"
        "h100-sxm5-80gb,8,2048,\n"     /* 0: the reference */
        "h100-sxm5-80gb,8 ,2048,\n"    /* 1 */
        "h100-sxm5-80gb, 8,2048,\n"    /* 2 */
        "h100-sxm5-80gb,0x8,2048,\n"   /* 3 */
        "h100-sxm5-80gb,8,,\n"         /* 4: 256 per device */
        "h100-sxm5-80gb,8, 2048 ,\n"   /* 5 */
        "h100-sxm5-80gb,8,-1,\n"
        "h100-sxm5-80gb,8,0,\n"
        "h100-sxm5-80gb,8,3200.7,\n"
        "h100-sxm5-80gb,8,inf,\n"
        "h100-sxm5-80gb,8,2048,0\n"    /* 10: as missing */
        "h100-sxm5-80gb,8,2048,-5\n"
        "h100-sxm5-80gb,8,2048,2.5\n"
        "h100-sxm5-80gb,8,2048,1\n";   /* 13: input-bound */
    predicted_rows o = predict_csv(pred, csv);
    double ref = minutes_of(&o, 0);
    ck_assert(isfinite(ref) && ref > 0);
    for (size_t r = 1; r < 6; r++)
        if (r != 3)
            assert_times(&o, r, ref, 1);
    assert_refused(&o, 3, "accelerator count '0x8' is not a number");
    assert_refused(&o, 6, "global_batch_size -1 is not a positive whole number");
    assert_refused(&o, 7, "global_batch_size 0 is not a positive whole number");
    assert_refused(&o, 8, "global_batch_size 3200.7 is not a positive whole number");
    assert_refused(&o, 9, "global_batch_size inf is not a positive whole number");
    assert_times(&o, 10, ref, 1);
    assert_refused(&o, 11, "host_processor_core_count -5 is not a whole number from 1 to 4294967295");
    assert_refused(&o, 12, "host_processor_core_count 2.5 is not a whole number from 1 to 4294967295");
    ck_assert_double_eq_tol(minutes_of(&o, 13), 35 * 626 * 2.048 / 60, 1e-9);
    accelsel_dataset_free(o.out);
    /* The request API: a batch is whole samples. */
    accelsel_prediction r;
    accelsel_predict_request q = req("h100-sxm5-80gb", 8, 8.5);
    ck_assert_int_eq(predict(&q, &r), ACCELSEL_EINVAL);
    assert_message_has("global_batch 8.5", "whole");
}
END_TEST

/* Training on less than one global batch still runs a step: neither one
 * sample nor 1e-300 epochs is a time shorter than the step. */
START_TEST(at_least_one_step)
{
    accelsel_prediction full, r;
    accelsel_predict_request q = req("h100-sxm5-80gb", 8, 2048);
    ck_assert_int_eq(predict(&q, &full), 0);
    q.total_samples = 1;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.step_s, full.step_s);
    ck_assert_double_eq(r.time_to_train_s, full.step_s);
    q.total_samples = 0;
    q.epochs = 1e-300;
    ck_assert_int_eq(predict(&q, &r), 0);
    ck_assert_double_eq(r.time_to_train_s, full.step_s);
}
END_TEST

/* The sweep splits each count into equal nodes no larger than the node
 * size: at 4 per node, 6 is 2 x 3 (not one node of 6), and 1 per node
 * stays 1 per node. Over the slow links the all-reduce shows. */
START_TEST(sweep_node_layouts)
{
    double two_by_3 = layout_minutes(6, 2, 3, 6 * 256), one_by_6 = layout_minutes(6, 1, 6, 6 * 256);
    ck_assert(two_by_3 != one_by_6);
    accelsel_predict_request q = req("h100-sxm5-80gb", 4, 4 * 256);
    q.per_node = 4;
    q.intra_link = SLOW_INTRA, q.inter_link = SLOW_INTER;
    const uint32_t counts[] = { 4, 6 };
    accelsel_sweep_point pts[2];
    size_t sweet;
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, counts, 2, 0.8, pts, &sweet), 0);
    ck_assert_double_eq_tol(pts[0].time_to_train_s / 60, layout_minutes(4, 1, 4, 4 * 256), 1e-12);
    ck_assert_double_eq_tol(pts[1].time_to_train_s / 60, two_by_3, 1e-12);
    q = req("h100-sxm5-80gb", 8, 8 * 256);
    q.per_node = 1;
    q.intra_link = SLOW_INTRA, q.inter_link = SLOW_INTER;
    const uint32_t eight[] = { 8 };
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, eight, 1, 0.8, pts, &sweet), 0);
    double eight_by_1 = layout_minutes(8, 8, 1, 8 * 256);
    ck_assert_double_eq_tol(pts[0].time_to_train_s / 60, eight_by_1, 1e-12);
    ck_assert(eight_by_1 != layout_minutes(8, 1, 8, 8 * 256));
    /* 100 images on 8 devices, 12.5 each: 9 devices take round(112.5) = 113 as 3 x 3. */
    q = req("h100-sxm5-80gb", 8, 100);
    q.intra_link = SLOW_INTRA, q.inter_link = SLOW_INTER;
    const uint32_t nine[] = { 8, 9 };
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, nine, 2, 0.8, pts, &sweet), 0);
    ck_assert_double_eq_tol(pts[1].time_to_train_s / 60, layout_minutes(9, 3, 3, 113), 1e-12);
}
END_TEST

START_TEST(appended_rows)
{
    accelsel_dataset *ds, *out;
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    accelsel_predict_request q[2] = { req("h200-sxm-141gb", 16, 0), req("h200-sxm-141gb", 512, 0) };
    ck_assert_int_eq(accelsel_predictor_append_predictions(&out, pred, ds, q, 2), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(out), 345);
    size_t pc, tc, nc;
    ck_assert_int_eq(accelsel_dataset_column_index(out, "predicted", &pc), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(out, "time_to_train_min", &tc), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(out, "total_accelerators", &nc), 0);
    ck_assert_double_eq(accelsel_dataset_number(out, 0, pc), 0);
    ck_assert_double_eq(accelsel_dataset_number(out, 343, pc), 1);
    ck_assert_double_eq(accelsel_dataset_number(out, 344, nc), 512);
    accelsel_prediction r;
    ck_assert_int_eq(predict(&q[1], &r), 0);
    ck_assert_double_eq_tol(accelsel_dataset_number(out, 344, tc), r.time_to_train_s / 60, 1e-12);
    /* Appending again keeps the first flags. */
    accelsel_dataset *again;
    ck_assert_int_eq(accelsel_predictor_append_predictions(&again, pred, out, q, 1), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(again, "predicted", &pc), 0);
    ck_assert_double_eq(accelsel_dataset_number(again, 344, pc), 1);
    ck_assert_double_eq(accelsel_dataset_number(again, 10, pc), 0);
    accelsel_dataset_free(again);
    q[1].device = "nope";
    ck_assert_int_eq(accelsel_predictor_append_predictions(&again, pred, ds, q, 2), ACCELSEL_ENOTFOUND);
    assert_message_has("request 1", NULL);
    ck_assert_ptr_null(again);
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
}
END_TEST

/* The sweet spot by hand. A network without weights has nothing to
 * all-reduce, and with no host CPU named the input pipeline is unbounded:
 * at a fixed 256 samples per device (weak scaling) every count takes the
 * same step, so T(n) = epochs(B) x ceil(S / B) x step with B = 256 n and
 * S = 1,281,167, and the step cancels from E' = T(8) / T(n) / (n / 8). The
 * epochs relation (predict.h, defaults e0 = 35, B0 = 3584, alpha = 0.3):
 *   n = 8:   B = 2048,   35 epochs,                  626 steps, E' = 1
 *   n = 16:  B = 4096,   35 x (4096/3584)^0.3 = 36.43,  313 steps, E' = 0.9607
 *   n = 64:  B = 16384,  35 x (16384/3584)^0.3 = 55.22, 79 steps, E' = 0.6278
 *   n = 512: B = 131072, 35 x (131072/3584)^0.3 = 103.04, 10 steps, E' = 0.3322
 * so the sweet spot is 16 at 0.8, 64 at 0.6, 512 at 0.3 and 8 at 0.97. */
static double hand_epochs(double batch)
{
    return 35 * pow(fmax(1, batch / 3584), 0.3);
}

START_TEST(sweep_and_sweet_spot)
{
    static const char yaml[] =
        "version: 1\n"
        "name: relu-only\n"
        "inputs:\n"
        "  - {name: x, shape: [3, 224, 224]}\n"
        "layers:\n"
        "  - {name: act, kind: activation, inputs: [x], function: relu}\n";
    accelsel_network *relu;
    ck_assert_int_eq(accelsel_network_load_buffer(&relu, yaml, sizeof yaml - 1, NULL), 0);
    accelsel_predict_request q = req("h200-sxm-141gb", 8, 8 * 256);
    q.network = relu;
    q.epoch_samples = 1281167;
    const uint32_t counts[] = { 8, 16, 64, 512 };
    const double by_hand[] = { 1, 0.9607323528657203, 0.627829435346796, 0.33223989560314676 };
    accelsel_sweep_point pts[4];
    size_t sweet;
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, counts, 4, 0.8, pts, &sweet), 0);
    ck_assert_uint_eq(sweet, 1);
    double t8 = hand_epochs(2048) * ceil(1281167.0 / 2048);
    for (size_t i = 0; i < 4; i++) {
        double b = 256.0 * counts[i], tn = hand_epochs(b) * ceil(1281167.0 / b);
        double e = t8 / tn / (counts[i] / 8.0);
        ck_assert_uint_eq(pts[i].count, counts[i]);
        ck_assert_double_eq_tol(e, by_hand[i], 1e-12); /* the formula is the table's */
        ck_assert_double_eq(pts[i].step_s, pts[0].step_s); /* weak scaling, no all-reduce */
        ck_assert_double_eq_tol(pts[i].time_to_train_s, tn * pts[0].step_s, 1e-12 * tn * pts[0].step_s);
        ck_assert_double_eq_tol(pts[i].speedup, t8 / tn, 1e-12);
        ck_assert_double_eq_tol(pts[i].efficiency, e, 1e-12);
    }
    const struct { double threshold; size_t sweet; } at[] = { { 0.97, 0 }, { 0.6, 2 }, { 0.3, 3 } };
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, counts, 4, at[k].threshold, pts, &sweet), 0);
        ck_assert_msg(sweet == at[k].sweet, "threshold %g: sweet spot %zu, want %zu", at[k].threshold,
                      sweet, at[k].sweet);
    }
    const uint32_t bad[] = { 8, 8 };
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, bad, 2, 0.8, pts, &sweet), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, counts, 4, 0, pts, &sweet), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_predictor_sweep(pred, &q, counts, 4, 1.5, pts, &sweet), ACCELSEL_EINVAL);
    accelsel_network_free(relu);
}
END_TEST

typedef struct job {
    const accelsel_predict_request *q;
    accelsel_prediction out[16];
} job;

static void *worker(void *arg)
{
    job *j = arg;
    for (int k = 0; k < 16; k++) {
        j->out[k] = (accelsel_prediction)ACCELSEL_PREDICTION_INIT;
        if (accelsel_predictor_predict(pred, &j->q[k % 4], &j->out[k]) != 0)
            j->out[k].step_s = -1;
    }
    return NULL;
}

/* Eight threads share one predictor: every result equals the single-threaded one bit for bit. */
START_TEST(threads_share_a_predictor)
{
    accelsel_predict_request q[4] = { req("a100-sxm4-80gb", 8, 0), req("h100-sxm5-80gb", 64, 0),
                                      req("tpu-v4", 128, 0), req("xeon-platinum-8380", 2, 64) };
    static job jobs[8];
    pthread_t t[8];
    for (int i = 0; i < 8; i++) {
        jobs[i].q = q;
        ck_assert_int_eq(pthread_create(&t[i], NULL, worker, &jobs[i]), 0);
    }
    for (int i = 0; i < 8; i++)
        pthread_join(t[i], NULL);
    for (int k = 0; k < 4; k++) {
        accelsel_prediction r;
        ck_assert_int_eq(predict(&q[k], &r), 0);
        for (int i = 0; i < 8; i++) {
            ck_assert(memcmp(&jobs[i].out[k], &r, sizeof r) == 0);
            ck_assert(memcmp(&jobs[i].out[k + 4], &r, sizeof r) == 0);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("predict");
    TCase *tc = tcase_create("predict");
    tcase_set_timeout(tc, 600);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, fields_agree);
    tcase_add_test(tc, every_builtin_system_predicts);
    tcase_add_test(tc, usual_links_by_generation);
    tcase_add_test(tc, systems_and_counts);
    tcase_add_test(tc, layer_table_sums_to_step);
    tcase_add_test(tc, input_pipeline_by_hand);
    tcase_add_test(tc, epochs_relation);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, out_of_range);
    tcase_add_test(tc, links_only_where_crossed);
    tcase_add_test(tc, auto_precision_is_the_fastest);
    tcase_add_test(tc, busiest_device_sets_the_step);
    tcase_add_test(tc, no_weights_no_allreduce);
    tcase_add_test(tc, host_and_node_errors);
    tcase_add_test(tc, params_round_trip);
    tcase_add_test(tc, params_version_1_loads);
    tcase_add_test(tc, params_edges_load);
    tcase_add_loop_test(tc, params_rejections, 0, (int)(sizeof edits / sizeof edits[0]));
    tcase_add_test(tc, dataset_rows);
    tcase_add_test(tc, other_benchmarks_and_round_spellings);
    tcase_add_test(tc, samples_below_one_are_refused);
    tcase_add_test(tc, infinite_epoch_is_refused);
    tcase_add_test(tc, batches_and_bytes_in_range);
    tcase_add_test(tc, range_errors_name_the_figure);
    tcase_add_test(tc, no_work_is_refused);
    tcase_add_test(tc, throughput_out_of_range_is_named);
    tcase_add_test(tc, per_node_within_the_system);
    tcase_add_test(tc, rows_at_the_ends_of_the_doubles);
    tcase_add_test(tc, rounds_whole_cells_and_trend_held);
    tcase_add_test(tc, node_layouts_from_three_columns);
    tcase_add_test(tc, number_cells_one_rule);
    tcase_add_test(tc, at_least_one_step);
    tcase_add_test(tc, sweep_node_layouts);
    tcase_add_test(tc, appended_rows);
    tcase_add_test(tc, sweep_and_sweet_spot);
    tcase_add_test(tc, threads_share_a_predictor);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
