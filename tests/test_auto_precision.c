/* ACCELSEL_PRECISION_AUTO against its definition (include/accelsel/predict.h):
 * over every zoo network, every catalog device (GPUs, CPUs, TPUs and other
 * accelerators, devices lacking some precisions) and devices made to test
 * the rule's corners (a tf32 or bf16 faster than fp16, no fp32, a memory
 * that fp16 overflows and fp32 does not), at a few batches, the precision
 * AUTO picks is the one the rule gives when every precision's step is
 * computed in full under the compiled-in parameters, and the AUTO
 * prediction is, field by field and bit for bit, the fixed-precision
 * prediction of that precision, with the compiled-in parameters and with a
 * calibrated predictor. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "perf/layer_cost.h"
#include "perf/params.h"
#include "perf/step.h"
#include "testutil.h"

static const int order[] = { ACCELSEL_PRECISION_FP16, ACCELSEL_PRECISION_BF16,
                             ACCELSEL_PRECISION_TF32, ACCELSEL_PRECISION_FP32 };
static const double batches[] = { 1, 8, 64, 512 };

/* Devices for the corners of the rule; "tight" gets a memory between the
 * fp32 and the fp16 need of bert-base at batch 1 (printed in at run time). */
static const char extra_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: pcie3-x16, technology: pcie, bw_bytes_s: 15.75e9, source: s}\n"
    "  - {name: pcie4-x16, technology: pcie, bw_bytes_s: 31.5e9, source: s}\n"
    "  - {name: pcie5-x16, technology: pcie, bw_bytes_s: 63e9, source: s}\n"
    "devices:\n"
    "  - {name: tf32-fast, vendor: v, kind: gpu, release_year: 2021,\n"
    "     peak_flops: {fp16: 100e12, bf16: 120e12, tf32: 150e12, fp32: 10e12},\n"
    "     memory_bytes: 40e9, memory_bw_bytes_s: 1.5e12, source: s}\n"
    "  - {name: bf16-fast, vendor: v, kind: gpu, release_year: 2021,\n"
    "     peak_flops: {fp16: 100e12, bf16: 100.5e12, fp32: 20e12},\n"
    "     memory_bytes: 16e9, memory_bw_bytes_s: 0.9e12, onchip_bytes: 40e6, source: s}\n"
    "  - {name: no-fp32, vendor: v, kind: npu, release_year: 2022,\n"
    "     peak_flops: {fp16: 50e12, tf32: 60e12},\n"
    "     memory_bytes: 32e9, memory_bw_bytes_s: 1e12, source: s}\n"
    "  - {name: cpu-mixed, vendor: v, kind: cpu, release_year: 2023, cores: 16, clock_hz: 2e9,\n"
    "     flops_per_cycle: {fp32: 64, fp16: 64, bf16: 1024},\n"
    "     peak_flops: {fp32: 2.048e12, fp16: 3e12, bf16: 32.768e12},\n"
    "     memory_bw_bytes_s: 200e9, onchip_bytes: 64e6, source: s}\n"
    "  - {name: cpu-ties, vendor: v, kind: cpu, release_year: 2023, cores: 8, clock_hz: 3e9,\n"
    "     flops_per_cycle: {fp32: 32, fp16: 32, bf16: 32},\n"
    "     peak_flops: {fp32: 0.768e12, fp16: 0.768e12, bf16: 0.768e12},\n"
    "     memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: tight, vendor: v, kind: gpu, release_year: 2022,\n"
    "     peak_flops: {fp16: 200e12, bf16: 200e12, tf32: 100e12, fp32: 20e12},\n"
    "     memory_bytes: %.17g, memory_bw_bytes_s: 2e12, source: s}\n";

/* The rule of the header, computed from every precision's whole step: the
 * first of fp16, bf16, tf32, fp32 with a peak, replaced by a later one that
 * fits where the kept one does not, or fits alike and is strictly faster.
 * -1 where the device has none of them. */
static int rule(const accelsel_device_info *dev, const accelsel_network *net, double batch)
{
    unsigned char *fusable;
    ck_assert_int_eq(asel_perf_fusable_layers(net, &fusable), 0);
    int best = -1, best_fits = 0;
    double best_s = INFINITY;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        int prec = order[i];
        if (!(isfinite(dev->peak_flops[prec]) && dev->peak_flops[prec] > 0) ||
            asel_perf_check_device(dev, prec) != 0)
            continue;
        asel_perf_step s;
        asel_perf_device_step(asel_perf_params_default(), dev, net, fusable, batch, prec,
                              ACCELSEL_STACK_TUNED, &s,
                              NULL, 0);
        int fits = !(s.memory_needed > dev->memory_bytes);
        if (best < 0 || fits > best_fits || (fits == best_fits && s.device_s < best_s))
            best = prec, best_fits = fits, best_s = s.device_s;
    }
    accelsel_free(fusable);
    return best;
}

static int same_double(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Every field of @p a and @p b, bit for bit. */
static void check_same(const accelsel_prediction *a, const accelsel_prediction *b,
                       const char *what)
{
#define SAME(f) ck_assert_msg(same_double(a->f, b->f), "%s: " #f " %.17g != %.17g", what, \
                              a->f, b->f)
    SAME(step_s);
    SAME(epoch_s);
    SAME(time_to_train_s);
    SAME(throughput_samples_s);
    SAME(per_device_batch);
    SAME(global_batch);
    SAME(epochs);
    SAME(compute_s);
    SAME(memory_s);
    SAME(communication_s);
    SAME(exposed_communication_s);
    SAME(overhead_s);
    SAME(transfer_s);
    SAME(input_s);
    SAME(memory_needed_bytes);
    SAME(memory_available_bytes);
    SAME(correction);
#undef SAME
    ck_assert_msg(a->version == b->version && a->precision == b->precision &&
                      a->count == b->count && a->nodes == b->nodes &&
                      a->per_node == b->per_node && a->device_index == b->device_index,
                  "%s: integer fields differ", what);
}

typedef struct tally {
    size_t cases, chosen[ACCELSEL_PRECISION_COUNT], not_fastest, none;
} tally;

/* AUTO on one device, network and batch against the rule and the fixed
 * prediction, on each predictor. */
static void check_case(accelsel_predictor *const *preds, size_t n_preds,
                       const accelsel_catalog *cat, size_t d, const accelsel_network *net,
                       double batch, tally *t)
{
    const accelsel_device_info *dev = accelsel_catalog_device(cat, d);
    int want = rule(dev, net, batch);
    char what[256];
    snprintf(what, sizeof what, "%s on %s at %g", accelsel_network_name(net), dev->name, batch);
    for (size_t k = 0; k < n_preds; k++) {
        accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
        q.network = net;
        q.device = dev->name;
        q.count = 1;
        q.global_batch = batch;
        accelsel_prediction a = ACCELSEL_PREDICTION_INIT, f = ACCELSEL_PREDICTION_INIT;
        int rc_a = accelsel_predictor_predict(preds[k], &q, &a);
        if (want < 0) {
            ck_assert_msg(rc_a == ACCELSEL_EINVAL || rc_a == ACCELSEL_EDATA, "%s: AUTO gave %d",
                          what, rc_a);
            t->none++;
            continue;
        }
        q.precision = want;
        int rc_f = accelsel_predictor_predict(preds[k], &q, &f);
        ck_assert_msg(rc_a == rc_f, "%s: AUTO %d, %s %d", what, rc_a,
                      accelsel_precision_name(want), rc_f);
        if (rc_a == 0) {
            ck_assert_msg(a.precision == want, "%s: AUTO chose %s, the rule %s", what,
                          accelsel_precision_name(a.precision), accelsel_precision_name(want));
            check_same(&a, &f, what);
        }
        if (k == 0) {
            t->cases++;
            t->chosen[want]++;
        }
    }
    /* The cases where the fastest peak is not the choice: memory or bytes judged. */
    double top = 0;
    int fastest = -1;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (isfinite(dev->peak_flops[order[i]]) && dev->peak_flops[order[i]] > top)
            top = dev->peak_flops[order[i]], fastest = order[i];
    t->not_fastest += want >= 0 && want != fastest;
}

static void check_catalog(accelsel_predictor *const *preds, size_t n_preds,
                          const accelsel_catalog *cat, accelsel_network *const *nets,
                          size_t n_nets, tally *t)
{
    for (size_t d = 0; d < accelsel_catalog_device_count(cat); d++)
        for (size_t i = 0; i < n_nets; i++)
            for (size_t b = 0; b < sizeof batches / sizeof batches[0]; b++)
                check_case(preds, n_preds, cat, d, nets[i], batches[b], t);
}

static size_t load_zoo(accelsel_network **nets, size_t cap)
{
    size_t n = 0;
    for (const char *name; n < cap && (name = accelsel_network_zoo_name(n)) != NULL; n++)
        ck_assert_int_eq(accelsel_network_load_zoo(&nets[n], name, NULL), 0);
    return n;
}

START_TEST(auto_is_the_rule)
{
    accelsel_catalog *builtin, *extra;
    accelsel_network *nets[64];
    accelsel_dataset *ds;
    size_t n_nets = load_zoo(nets, 64);
    ck_assert_uint_gt(n_nets, 10);
    ck_assert_int_eq(accelsel_catalog_load_builtin(&builtin), 0);
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);

    /* The memory for "tight": between bert-base's fp32 and fp16 needs at batch 1. */
    accelsel_network *bert = NULL;
    for (size_t i = 0; i < n_nets; i++)
        if (strcmp(accelsel_network_name(nets[i]), "bert-base") == 0)
            bert = nets[i];
    ck_assert_ptr_nonnull(bert);
    size_t a100;
    ck_assert_int_eq(accelsel_catalog_find_device(builtin, "a100-sxm4-80gb", &a100), 0);
    unsigned char *fusable;
    ck_assert_int_eq(asel_perf_fusable_layers(bert, &fusable), 0);
    asel_perf_step s16, s32;
    const accelsel_device_info *ad = accelsel_catalog_device(builtin, a100);
    asel_perf_device_step(asel_perf_params_default(), ad, bert, fusable, 1,
                          ACCELSEL_PRECISION_FP16, ACCELSEL_STACK_TUNED, &s16, NULL, 0);
    asel_perf_device_step(asel_perf_params_default(), ad, bert, fusable, 1,
                          ACCELSEL_PRECISION_FP32, ACCELSEL_STACK_TUNED, &s32, NULL, 0);
    accelsel_free(fusable);
    ck_assert(s32.memory_needed < s16.memory_needed);
    char yaml[sizeof extra_yaml + 64];
    snprintf(yaml, sizeof yaml, extra_yaml, (s32.memory_needed + s16.memory_needed) / 2);
    ck_assert_int_eq(accelsel_catalog_load_buffer(&extra, yaml, strlen(yaml)), 0);

    tally t = { 0 };
    const accelsel_catalog *cats[] = { builtin, extra };
    for (size_t c = 0; c < 2; c++) {
        accelsel_predictor *preds[2];
        ck_assert_int_eq(accelsel_predictor_new(&preds[0], cats[c], NULL), 0);
        ck_assert_int_eq(accelsel_predictor_new(&preds[1], cats[c], NULL), 0);
        if (c == 0) /* the built-in rows name built-in devices */
            ck_assert_int_eq(accelsel_predictor_calibrate(preds[1], ds, NULL, NULL), 0);
        check_catalog(preds, 2, cats[c], nets, n_nets, &t);
        accelsel_predictor_free(preds[0]);
        accelsel_predictor_free(preds[1]);
    }
    /* The spread reached every precision and both reasons to pass the top peak. */
    ck_assert_uint_gt(t.cases, 5000);
    ck_assert_uint_gt(t.chosen[ACCELSEL_PRECISION_FP16], 0);
    ck_assert_uint_gt(t.chosen[ACCELSEL_PRECISION_BF16], 0);
    ck_assert_uint_gt(t.chosen[ACCELSEL_PRECISION_TF32], 0);
    ck_assert_uint_gt(t.chosen[ACCELSEL_PRECISION_FP32], 0);
    ck_assert_uint_gt(t.not_fastest, 0);
    ck_assert_uint_gt(t.none, 0); /* devices with no training precision: a10g, gaudi */

    for (size_t i = 0; i < n_nets; i++)
        accelsel_network_free(nets[i]);
    accelsel_catalog_free(extra);
    accelsel_catalog_free(builtin);
    accelsel_dataset_free(ds);
}
END_TEST

/* The corner devices pick what their figures make them pick. */
START_TEST(corners)
{
    accelsel_catalog *cat;
    accelsel_network *net;
    char yaml[sizeof extra_yaml + 64];
    snprintf(yaml, sizeof yaml, extra_yaml, 80e9);
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, yaml, strlen(yaml)), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, NULL), 0);
    static const struct { const char *dev; double batch; int want; } c[] = {
        { "cpu-ties", 64, ACCELSEL_PRECISION_FP16 }, /* three equal steps: the first */
        { "cpu-mixed", 64, ACCELSEL_PRECISION_BF16 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
        accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
        q.network = net;
        q.device = c[i].dev;
        q.count = 1;
        q.global_batch = c[i].batch;
        ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
        ck_assert_msg(r.precision == c[i].want, "%s: %s", c[i].dev,
                      accelsel_precision_name(r.precision));
    }
    accelsel_predictor_free(p);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("auto_precision");
    TCase *tc = tcase_create("auto_precision");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, auto_is_the_rule);
    tcase_add_test(tc, corners);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
