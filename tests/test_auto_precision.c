/* ACCELSEL_PRECISION_AUTO against its definition (include/accelsel/predict.h):
 * over every zoo network, every catalog device (GPUs, CPUs, TPUs and other
 * accelerators, devices lacking some precisions) and devices made to test
 * the rule's corners (a tf32 or bf16 faster than fp16, no fp32, a memory
 * that fp16 overflows and fp32 does not), at a few batches, the precision
 * AUTO picks is the one the rule gives when every precision's step is
 * computed in full under the compiled-in parameters, and the AUTO
 * prediction is, field by field and bit for bit, the fixed-precision
 * prediction of that precision, with the compiled-in parameters and with a
 * calibrated predictor. The rule that lets an AMX CPU's bf16 settle AUTO
 * without a step (tiles 16 times fp32's at 16 times the rate) is checked
 * against whole steps, by hand at its tie, and through AUTO on thread
 * counts and both stacks, beside devices that miss one of its conditions. */
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
            ck_assert_int_eq(accelsel_predictor_calibrate(NULL, preds[1], ds, NULL), 0);
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

/* CPUs for the rule of tiles that scale with the rate
 * (asel_perf_precision_dominates()): "amx" has AMX's figures (bf16 in
 * tiles of 512 columns, two vector widths of flops_per_cycle / 4 lanes, at
 * 16 times the rate of fp32's tiles of 32); each other misses one
 * condition or meets it at a corner. No memory figure: every precision
 * fits. */
static const char amx_yaml[] =
    "version: 1\n"
    "devices:\n"
    "  - {name: amx, vendor: v, kind: cpu, release_year: 2023, cores: 8, clock_hz: 2e9,\n"
    "     flops_per_cycle: {fp32: 64, bf16: 1024}, memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: amx-1core, vendor: v, kind: cpu, release_year: 2023, cores: 1, clock_hz: 2e9,\n"
    "     flops_per_cycle: {fp32: 64, bf16: 1024}, memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: amx-short, vendor: v, kind: cpu, release_year: 2023, cores: 8, clock_hz: 2e9,\n"
    "     flops_per_cycle: {fp32: 64, bf16: 1024}, peak_flops: {bf16: 16.38e12},\n"
    "     memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: amx-1core-short, vendor: v, kind: cpu, release_year: 2023, cores: 1,\n"
    "     clock_hz: 2e9, flops_per_cycle: {fp32: 64, bf16: 1024}, peak_flops: {bf16: 2.046e12},\n"
    "     memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: amx-4x, vendor: v, kind: cpu, release_year: 2023, cores: 8, clock_hz: 2e9,\n"
    "     flops_per_cycle: {fp32: 64, bf16: 1024}, peak_flops: {bf16: 4.096e12},\n"
    "     memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: avx-3x, vendor: v, kind: cpu, release_year: 2023, cores: 8, clock_hz: 2e9,\n"
    "     flops_per_cycle: {fp32: 64, bf16: 192}, memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: same-tile, vendor: v, kind: cpu, release_year: 2023, cores: 8, clock_hz: 2e9,\n"
    "     flops_per_cycle: {fp32: 64, bf16: 64}, memory_bw_bytes_s: 100e9, source: s}\n";

static const accelsel_device_info *device(const accelsel_catalog *cat, const char *name)
{
    size_t i;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, name, &i), 0);
    return accelsel_catalog_device(cat, i);
}

/* What bf16 against fp32 needs, from the figures above: tiles 512 = 16 x 32
 * at a peak of 8 x 2e9 x 1024 = 16 x 8 x 2e9 x 64 (amx), 16.38e12 < 16 x
 * 1.024e12 (amx-short), tiles 96 = 3 x 32, no power of two (avx-3x), equal
 * tiles at equal peaks (same-tile); fp32 never beats bf16's width. Blocks
 * beyond 2^32 columns leave scaled tiles out (equal ones need no bound);
 * a fixed tile makes every pair's tiles equal, and every bf16 rate here is
 * at least fp32's. */
START_TEST(scaled_tiles_rule)
{
    accelsel_catalog *cat;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, amx_yaml, sizeof amx_yaml - 1), 0);
    static const struct { const char *dev; int want; } c[] = {
        { "amx", 1 }, { "amx-1core", 1 }, { "amx-short", 0 }, { "amx-1core-short", 0 },
        { "amx-4x", 0 }, { "avx-3x", 0 }, { "same-tile", 1 },
    };
    const asel_perf_params *def = asel_perf_params_default();
    asel_perf_params wide = *def, fixed = *def;
    wide.kind[ASEL_PERF_KIND_CPU].block_n = 0x1p33;
    fixed.kind[ASEL_PERF_KIND_CPU].tile_n = 16;
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        const accelsel_device_info *d = device(cat, c[i].dev);
        int bf = ACCELSEL_PRECISION_BF16, fp = ACCELSEL_PRECISION_FP32;
        ck_assert_msg(asel_perf_precision_dominates(def, d, bf, fp) == c[i].want, "%s",
                      c[i].dev);
        ck_assert_msg(!asel_perf_precision_dominates(def, d, fp, bf), "%s", c[i].dev);
        int same = strcmp(c[i].dev, "same-tile") == 0;
        ck_assert_msg(asel_perf_precision_dominates(&wide, d, bf, fp) == same, "%s", c[i].dev);
        ck_assert_msg(asel_perf_precision_dominates(&fixed, d, bf, fp), "%s", c[i].dev);
    }
    accelsel_catalog_free(cat);
}
END_TEST

/* Narrow layers (16 columns: AMX pads them 16-fold, or to a 256-column
 * block on several cores, against fp32's 32) that keep a CPU busy
 * computing, and one GEMM of a single column. */
static const char narrow_yaml[] =
    "version: 1\n"
    "name: narrow\n"
    "inputs:\n"
    "  - {name: x, shape: [3, 32, 32]}\n"
    "layers:\n"
    "  - {name: c1, kind: conv2d, inputs: [x], out_channels: 16, kernel: 3, padding: 1,\n"
    "     bias: false}\n"
    "  - {name: r1, kind: activation, inputs: [c1], function: relu}\n"
    "  - {name: c2, kind: conv2d, inputs: [r1], out_channels: 16, kernel: 3, padding: 1,\n"
    "     bias: false}\n"
    "  - {name: r2, kind: activation, inputs: [c2], function: relu}\n"
    "  - {name: c3, kind: conv2d, inputs: [r2], out_channels: 16, kernel: 3, padding: 1,\n"
    "     bias: false}\n"
    "  - {name: flat, kind: flatten, inputs: [c3]}\n"
    "  - {name: fc, kind: linear, inputs: [flat], out_features: 10}\n";
static const char column_yaml[] =
    "version: 1\n"
    "name: column\n"
    "inputs:\n"
    "  - {name: x, shape: [4096]}\n"
    "layers:\n"
    "  - {name: fc, kind: linear, inputs: [x], out_features: 1, bias: false}\n";

/* The zoo and the two networks above: the count. */
static size_t load_nets(accelsel_network **nets, size_t cap)
{
    size_t n = load_zoo(nets, cap - 2);
    ck_assert_int_eq(accelsel_network_load_buffer(&nets[n++], narrow_yaml,
                                                  sizeof narrow_yaml - 1, NULL), 0);
    ck_assert_int_eq(accelsel_network_load_buffer(&nets[n++], column_yaml,
                                                  sizeof column_yaml - 1, NULL), 0);
    return n;
}

/* Whole steps of bf16 and fp32 on @p d under @p stack: where the rule says
 * bf16 dominates, it is never slower; elsewhere *fp32_wins counts the
 * cases where fp32 is strictly faster. */
static void compare_steps(const accelsel_device_info *d, accelsel_network *const *nets,
                          size_t n_nets, int stack, size_t *cases, size_t *fp32_wins)
{
    static const double b[] = { 1, 3, 64, 257 };
    const asel_perf_params *def = asel_perf_params_default();
    int dom = asel_perf_precision_dominates(def, d, ACCELSEL_PRECISION_BF16,
                                            ACCELSEL_PRECISION_FP32);
    for (size_t i = 0; i < n_nets; i++) {
        unsigned char *fusable;
        ck_assert_int_eq(asel_perf_fusable_layers(nets[i], &fusable), 0);
        for (size_t k = 0; k < sizeof b / sizeof b[0]; k++) {
            asel_perf_step s16, s32;
            asel_perf_device_step(def, d, nets[i], fusable, b[k], ACCELSEL_PRECISION_BF16,
                                  stack, &s16, NULL, 0);
            asel_perf_device_step(def, d, nets[i], fusable, b[k], ACCELSEL_PRECISION_FP32,
                                  stack, &s32, NULL, 0);
            ck_assert_msg(!dom || s16.device_s <= s32.device_s,
                          "%s on %s at %g (%s): bf16 %.17g s, fp32 %.17g s",
                          accelsel_network_name(nets[i]), d->name, b[k],
                          accelsel_stack_name(stack), s16.device_s, s32.device_s);
            *fp32_wins += s32.device_s < s16.device_s;
            ++*cases;
        }
        accelsel_free(fusable);
    }
}

/* The rule against whole steps over the zoo and the networks above, on the
 * devices above and on Sapphire Rapids, under both stacks. A peak short of
 * 16 times fp32's does lose to fp32 somewhere (the 16-column layers on one
 * core, where the padding is the whole 16-fold; at 4 times, on 8 cores
 * too), so the rate condition is not idle. */
START_TEST(scaled_tiles_hold)
{
    accelsel_catalog *cat, *builtin;
    accelsel_network *nets[64];
    size_t n_nets = load_nets(nets, 64);
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, amx_yaml, sizeof amx_yaml - 1), 0);
    ck_assert_int_eq(accelsel_catalog_load_builtin(&builtin), 0);
    static const struct { const char *dev; int fp32_wins; } c[] = {
        { "amx", 0 }, { "amx-1core", 0 }, { "amx-short", 0 }, { "amx-1core-short", 1 },
        { "amx-4x", 1 }, { "avx-3x", 0 }, { "same-tile", 0 }, { "xeon-platinum-8480-plus", 0 },
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        const accelsel_device_info *d = device(strncmp(c[i].dev, "xeon", 4) ? cat : builtin,
                                               c[i].dev);
        for (int stack = 0; stack < ACCELSEL_STACK_COUNT; stack++) {
            size_t cases = 0, wins = 0;
            compare_steps(d, nets, n_nets, stack, &cases, &wins);
            ck_assert_uint_gt(cases, 60);
            ck_assert_msg((wins > 0) == c[i].fp32_wins, "%s (%s): fp32 faster in %zu cases",
                          c[i].dev, accelsel_stack_name(stack), wins);
        }
    }
    for (size_t i = 0; i < n_nets; i++)
        accelsel_network_free(nets[i]);
    accelsel_catalog_free(builtin);
    accelsel_catalog_free(cat);
}
END_TEST

/* One prediction of @p net on @p dev at @p batch samples, @p precision. */
static accelsel_prediction predict_one(const accelsel_predictor *p, const accelsel_network *net,
                                       const char *dev, double batch, int precision)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    q.network = net;
    q.device = dev;
    q.count = 1;
    q.global_batch = batch;
    q.precision = precision;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    return r;
}

/* The rule's corner, by hand: one GEMM of 4096 x 1 at batch 6 on one core
 * (amx-1core: fp32 1 x 2e9 x 64 = 128e9 FLOP/s in tiles of 32 columns,
 * bf16 16 times that in tiles of 512, compute_eff 0.5, memory_eff 0.6,
 * overhead 20 us, backward ratio 2, 20 update bytes per weight). Forward:
 * 2 x 6 x 32 x 4096 / 64e9 = 2 x 6 x 512 x 4096 / 1.024e12 = 24.576 us of
 * arithmetic, over (4097 x 6 + 4096) x 4 bytes / 60e9 = 1.91 us of fp32
 * traffic; the step, (24.576 + 20) + 2 x (24.576 + 20) + (4096 x 20 / 60e9
 * + 20) us, is the same in both: the tie goes to bf16. At a bf16 peak of
 * 2.046e12 (amx-1core-short) bf16 computes 24.600 us and fp32 wins. */
START_TEST(scaled_tiles_tie)
{
    accelsel_catalog *cat;
    accelsel_network *net;
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, amx_yaml, sizeof amx_yaml - 1), 0);
    ck_assert_int_eq(accelsel_network_load_buffer(&net, column_yaml, sizeof column_yaml - 1,
                                                  NULL), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    double compute = 3 * 24.576e-6, step = 3 * (24.576e-6 + 20e-6) + 4096 * 20 / 60e9 + 20e-6;
    accelsel_prediction a = predict_one(p, net, "amx-1core", 6, ACCELSEL_PRECISION_AUTO);
    accelsel_prediction f = predict_one(p, net, "amx-1core", 6, ACCELSEL_PRECISION_FP32);
    ck_assert_int_eq(a.precision, ACCELSEL_PRECISION_BF16);
    ck_assert(same_double(a.step_s, f.step_s) && same_double(a.compute_s, f.compute_s));
    ck_assert_double_eq_tol(a.compute_s, compute, 1e-12 * compute);
    ck_assert_double_eq_tol(a.step_s, step, 1e-12 * step);
    a = predict_one(p, net, "amx-1core-short", 6, ACCELSEL_PRECISION_AUTO);
    ck_assert_int_eq(a.precision, ACCELSEL_PRECISION_FP32);
    ck_assert_double_eq_tol(a.step_s, step, 1e-12 * step);
    f = predict_one(p, net, "amx-1core-short", 6, ACCELSEL_PRECISION_BF16);
    ck_assert_double_eq_tol(f.compute_s, 3 * 2 * 6 * 512 * 4096 / 1.023e12, 1e-12);
    accelsel_predictor_free(p);
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}
END_TEST

/* The rule from fixed predictions of the physical model @p phys, which
 * decides AUTO: at one device of a CPU the step is the device's, and with
 * no memory figure every precision fits. -1 where none is supported. */
static int rule_by_predictions(const accelsel_predictor *phys, accelsel_predict_request q)
{
    int best = -1;
    double best_s = INFINITY;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
        q.precision = order[i];
        int rc = accelsel_predictor_predict(phys, &q, &r);
        ck_assert_msg(rc == 0 || rc == ACCELSEL_EINVAL, "%s: %d", q.device, rc);
        if (rc != 0)
            continue;
        ck_assert(!isfinite(r.memory_available_bytes));
        if (best < 0 || r.step_s < best_s)
            best = order[i], best_s = r.step_s;
    }
    return best;
}

/* AUTO on @p d at a few thread counts, both stacks and batches, over
 * @p nets, on each predictor (the physical model first): the rule's
 * precision, and its fixed prediction bit for bit. */
static size_t check_views(accelsel_predictor *const *preds, size_t n_preds,
                          const accelsel_device_info *d, accelsel_network *const *nets,
                          size_t n_nets)
{
    static const uint32_t threads[] = { 0, 1, 3, 7 };
    static const double b[] = { 1, 64, 257 };
    size_t cases = 0;
    for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
        for (int stack = 0; stack < ACCELSEL_STACK_COUNT && threads[t] <= (uint32_t)d->cores;
             stack++)
            for (size_t i = 0; i < n_nets * (sizeof b / sizeof b[0]); i++, cases++) {
                accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
                q.network = nets[i / (sizeof b / sizeof b[0])];
                q.device = d->name;
                q.count = 1;
                q.global_batch = b[i % (sizeof b / sizeof b[0])];
                q.threads = threads[t];
                q.stack = stack;
                int want = rule_by_predictions(preds[0], q);
                char what[256];
                snprintf(what, sizeof what, "%s on %s, %u threads, %s, batch %g",
                         accelsel_network_name(q.network), d->name, threads[t],
                         accelsel_stack_name(stack), q.global_batch);
                for (size_t k = 0; k < n_preds; k++) {
                    accelsel_prediction a = ACCELSEL_PREDICTION_INIT, f = a;
                    ck_assert_int_eq(accelsel_predictor_predict(preds[k], &q, &a), 0);
                    accelsel_predict_request x = q;
                    x.precision = want;
                    ck_assert_int_eq(accelsel_predictor_predict(preds[k], &x, &f), 0);
                    ck_assert_msg(a.precision == want, "%s: AUTO chose %s, the rule %s", what,
                                  accelsel_precision_name(a.precision),
                                  accelsel_precision_name(want));
                    check_same(&a, &f, what);
                }
            }
    return cases;
}

/* AUTO where the thread count scales the peaks (a share of the cores;
 * 16 times a rounded product is still 16 times, bit for bit) and under
 * the eager stack, on the devices above and on two Sapphire Rapids, with
 * the physical model, the shipped fit and a calibration. */
START_TEST(auto_on_threads_and_stacks)
{
    accelsel_catalog *cats[2];
    accelsel_network *nets[64];
    accelsel_dataset *ds;
    size_t n_nets = load_nets(nets, 64), cases = 0;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cats[0], amx_yaml, sizeof amx_yaml - 1), 0);
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cats[1]), 0);
    ck_assert_int_eq(accelsel_dataset_load_builtin(&ds, "mlperf-training-resnet"), 0);
    static const char *spr[] = { "xeon-platinum-8480-plus", "xeon-gold-6430" };
    for (size_t c = 0; c < 2; c++) {
        accelsel_predictor *preds[3];
        size_t n_preds = c == 0 ? 2 : 3;
        ck_assert_int_eq(accelsel_predictor_new(&preds[0], cats[c], TEST_PHYSICAL), 0);
        for (size_t k = 1; k < n_preds; k++)
            ck_assert_int_eq(accelsel_predictor_new(&preds[k], cats[c], NULL), 0);
        if (c == 1)
            ck_assert_int_eq(accelsel_predictor_calibrate(NULL, preds[2], ds, NULL), 0);
        size_t n_dev = c == 0 ? accelsel_catalog_device_count(cats[0]) : 2;
        for (size_t i = 0; i < n_dev; i++)
            cases += check_views(preds, n_preds,
                                 c == 0 ? accelsel_catalog_device(cats[0], i)
                                        : device(cats[1], spr[i]),
                                 nets, n_nets);
        for (size_t k = 0; k < n_preds; k++)
            accelsel_predictor_free(preds[k]);
    }
    ck_assert_uint_gt(cases, 3000);
    for (size_t i = 0; i < n_nets; i++)
        accelsel_network_free(nets[i]);
    accelsel_catalog_free(cats[0]);
    accelsel_catalog_free(cats[1]);
    accelsel_dataset_free(ds);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("auto_precision");
    TCase *tc = tcase_create("auto_precision");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, auto_is_the_rule);
    tcase_add_test(tc, corners);
    tcase_add_test(tc, scaled_tiles_rule);
    tcase_add_test(tc, scaled_tiles_hold);
    tcase_add_test(tc, scaled_tiles_tie);
    tcase_add_test(tc, auto_on_threads_and_stacks);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
