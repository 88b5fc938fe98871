/* The layer model and the collectives against hand computation: roofline
 * terms of small layers on made-up devices whose figures make the arithmetic
 * easy, tile and thread quantisation, the on-chip working-set rule, the ring
 * and hierarchical all-reduce against their closed forms, and monotonicity in
 * bandwidth, peak and device count. Parameter values in the expectations are
 * the defaults documented in docs/predictor.md, written out here. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "core/alloc.h"
#include "perf/layer_model.h"
#include "perf/corrections.h"
#include "perf/params.h"
#include "perf/predictor_impl.h"
#include "perf/step.h"
#include "testutil.h"

static const char cat_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: fast, technology: t, bw_bytes_s: 100e9, latency_s: 1e-6, source: s}\n"
    "  - {name: slow, technology: t, bw_bytes_s: 10e9, latency_s: 5e-6, source: s}\n"
    "  - {name: pcie4-x16, technology: pcie, bw_bytes_s: 31.5e9, source: s}\n"
    "devices:\n"
    "  - {name: gpu1, vendor: v, kind: gpu, release_year: 2021, peak_flops: {fp32: 1e12, fp16: 4e12},\n"
    "     memory_bytes: 16e9, memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: gpu2, vendor: v, kind: gpu, release_year: 2021, peak_flops: {fp32: 2e12, fp16: 8e12},\n"
    "     memory_bytes: 16e9, memory_bw_bytes_s: 100e9, source: s}\n"
    "  - {name: gpu3, vendor: v, kind: gpu, release_year: 2021, peak_flops: {fp32: 1e12, fp16: 4e12},\n"
    "     memory_bytes: 16e9, memory_bw_bytes_s: 200e9, source: s}\n"
    "  - {name: gpu-cache, vendor: v, kind: gpu, peak_flops: {fp32: 1e12}, memory_bytes: 16e9,\n"
    "     memory_bw_bytes_s: 100e9, onchip_bytes: 1e9, source: s}\n"
    "  - {name: cpu4, vendor: v, kind: cpu, cores: 4, clock_hz: 1e9, flops_per_cycle: {fp32: 32},\n"
    "     memory_bw_bytes_s: 50e9, source: s}\n"
    "  - {name: nobw, vendor: v, kind: gpu, peak_flops: {fp32: 1e12}, source: s}\n";

static const char net_yaml[] =
    "version: 1\nname: one-linear\ninputs:\n  - {name: x, shape: [256]}\n"
    "layers:\n  - {name: fc, kind: linear, inputs: [x], out_features: 256}\n";

static accelsel_catalog *cat;
static accelsel_network *net;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, cat_yaml, strlen(cat_yaml)), 0);
    ck_assert_int_eq(accelsel_network_load_buffer(&net, net_yaml, strlen(net_yaml), NULL), 0);
}

static void teardown(void)
{
    accelsel_network_free(net);
    accelsel_catalog_free(cat);
}

static const accelsel_device_info *dev(const char *name)
{
    size_t i;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, name, &i), 0);
    return accelsel_catalog_device(cat, i);
}

static const accelsel_layer_info *fc(void)
{
    return accelsel_network_layer(net, 1);
}

/* 128 x 256 x 256 MACs on tensor cores at 4 TFLOP/s x 0.6; the bias (one
 * FLOP per output) on the vector units at 1 TFLOP/s x 0.6; inputs, outputs
 * and weights at 2 bytes over 100 GB/s x 0.7; 5 us overhead. */
START_TEST(gpu_roofline_by_hand)
{
    asel_layer_time t;
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 128, ACCELSEL_PRECISION_FP16, &t), 0);
    double compute = 2.0 * 128 * 256 * 256 / (4e12 * 0.6) + 128.0 * 256 / (1e12 * 0.6);
    double bytes = (256.0 + 256.0) * 128 * 2 + (256.0 * 256 + 256) * 2;
    ck_assert_double_eq_tol(t.compute_s, compute, 1e-12 * compute);
    ck_assert_double_eq_tol(t.memory_s, bytes / (100e9 * 0.7), 1e-15);
    ck_assert_double_eq_tol(t.overhead_s, 5e-6, 1e-18);
    ck_assert_double_eq_tol(t.time_s, fmax(t.compute_s, t.memory_s) + 5e-6, 1e-15);
}
END_TEST

/* A batch of 100 fills the same 128-row tile as 128: the GEMM part is equal. */
START_TEST(tile_quantisation)
{
    asel_layer_time a, b;
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 100, ACCELSEL_PRECISION_FP16, &a), 0);
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 128, ACCELSEL_PRECISION_FP16, &b), 0);
    double gemm = 2.0 * 128 * 256 * 256 / (4e12 * 0.6);
    ck_assert_double_eq_tol(a.compute_s - 100.0 * 256 / 0.6e12, gemm, 1e-12 * gemm);
    ck_assert_double_eq_tol(b.compute_s - 128.0 * 256 / 0.6e12, gemm, 1e-12 * gemm);
    /* 129 rows need a second tile. */
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 129, ACCELSEL_PRECISION_FP16, &a), 0);
    ck_assert_double_eq_tol(a.compute_s - 129.0 * 256 / 0.6e12, 2 * gemm, 1e-12 * gemm);
}
END_TEST

/* fp32 runs at the fp32 peak: four times the fp16 tensor-core time here. */
START_TEST(fp32_versus_tensor_precision)
{
    asel_layer_time h, s;
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 128, ACCELSEL_PRECISION_FP16, &h), 0);
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 128, ACCELSEL_PRECISION_FP32, &s), 0);
    double bias = 128.0 * 256 / 0.6e12;
    ck_assert_double_eq_tol(s.compute_s - bias, 4 * (h.compute_s - bias), 1e-18);
    ck_assert_double_eq_tol(s.memory_s, 2 * h.memory_s, 1e-18);
}
END_TEST

/* CPU: peak 4 cores x 1 GHz x 32 = 128 GFLOP/s at 0.5; 96 x 256 outputs are
 * one block of 96 x 256, so one core of four works: a quarter of the rate.
 * Each wave of blocks takes as long as its largest block. */
START_TEST(cpu_thread_quantisation)
{
    asel_layer_time t;
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("cpu4"), fc(), 96, ACCELSEL_PRECISION_FP32, &t), 0);
    double gemm = 2.0 * 96 * 256 * 256 / (128e9 * 0.5) / 0.25;
    double bias = 96.0 * 256 / (128e9 * 0.5);
    ck_assert_double_eq_tol(t.compute_s, gemm + bias, 1e-12 * gemm);
    /* 384 rows: four blocks, every core busy, four times the work in the same time. */
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("cpu4"), fc(), 384, ACCELSEL_PRECISION_FP32, &t), 0);
    ck_assert_double_eq_tol(t.compute_s, gemm + 4 * bias, 1e-12 * gemm);
    ck_assert_double_eq_tol(t.overhead_s, 20e-6, 1e-18);
    /* 100 rows: two blocks on two cores, one wave as long as its largest
     * block, 96 rows: the time of 96 rows, not less. */
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("cpu4"), fc(), 100, ACCELSEL_PRECISION_FP32, &t), 0);
    ck_assert_double_eq_tol(t.compute_s, gemm + 100 * bias / 96, 1e-12 * gemm);
    /* 5 rows: one block of one register tile of 6 rows. */
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("cpu4"), fc(), 5, ACCELSEL_PRECISION_FP32, &t), 0);
    ck_assert_double_eq_tol(t.compute_s, gemm * 6 / 96 + 5 * bias / 96, 1e-12 * gemm);
    /* 385 rows: five blocks on four cores, two waves of 96 rows. */
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("cpu4"), fc(), 385, ACCELSEL_PRECISION_FP32, &t), 0);
    ck_assert_double_eq_tol(t.compute_s, 2 * gemm + 385 * bias / 96, 1e-12 * gemm);
    /* More rows never take less time. */
    double last = 0;
    for (double rows = 1; rows <= 1000; rows++) {
        ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("cpu4"), fc(), rows, ACCELSEL_PRECISION_FP32, &t), 0);
        ck_assert_msg(t.compute_s >= last, "%g rows: %g s after %g s", rows, t.compute_s, last);
        last = t.compute_s;
    }
}
END_TEST

/* A working set that fits on chip streams at cache_ratio (3) x the memory bandwidth. */
START_TEST(working_set_on_chip)
{
    asel_layer_time t;
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu-cache"), fc(), 128, ACCELSEL_PRECISION_FP32, &t), 0);
    double bytes = (256.0 + 256.0) * 128 * 4 + (256.0 * 256 + 256) * 4;
    ck_assert_double_eq_tol(t.memory_s, bytes / (100e9 * 0.7 * 3), 1e-16);
}
END_TEST

START_TEST(bad_device_and_precision)
{
    asel_layer_time t;
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("nobw"), fc(), 1, ACCELSEL_PRECISION_FP32, &t), ACCELSEL_EDATA);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "memory_bw_bytes_s"));
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "nobw"));
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 1, ACCELSEL_PRECISION_BF16, &t), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "bf16"));
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "gpu1"));
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 0, ACCELSEL_PRECISION_FP32, &t), ACCELSEL_EINVAL);
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), NAN, ACCELSEL_PRECISION_FP32, &t), ACCELSEL_EINVAL);
    ck_assert_int_eq(asel_perf_layer_forward(NULL, dev("gpu1"), fc(), 1, 99, &t), ACCELSEL_EINVAL);
    ck_assert_int_eq(asel_perf_layer_forward(NULL, NULL, fc(), 1, 1, &t), ACCELSEL_EINVAL);
}
END_TEST

/* Ring: 2 (p-1)/p x S / B + 2 (p-1) x L; hierarchical: reduce-scatter and
 * all-gather in the node ((g-1)/g x S / Bi + (g-1) Li each) around a ring of
 * the S/g shard over the nodes. */
START_TEST(allreduce_closed_forms)
{
    double S = 100e6;
    ck_assert_double_eq_tol(asel_perf_ring_allreduce(S, 8, 100e9, 1e-6),
                            2.0 * 7 / 8 * S / 100e9 + 14e-6, 1e-15);
    ck_assert_double_eq(asel_perf_ring_allreduce(S, 1, 100e9, 1e-6), 0);
    asel_perf_links l = { 100e9, 1e-6, 10e9, 5e-6 };
    ck_assert_double_eq_tol(asel_perf_allreduce(S, 1, 8, &l), 2.0 * 7 / 8 * S / 100e9 + 14e-6, 1e-15);
    ck_assert_double_eq_tol(asel_perf_allreduce(S, 4, 1, &l), 2.0 * 3 / 4 * S / 10e9 + 6 * 5e-6, 1e-15);
    double intra = 7.0 / 8 * S / 100e9 + 7e-6;
    double inter = 2.0 * 3 / 4 * (S / 8) / 10e9 + 6 * 5e-6;
    ck_assert_double_eq_tol(asel_perf_allreduce(S, 4, 8, &l), 2 * intra + inter, 1e-15);
}
END_TEST

static double step_time(const char *device, uint32_t count, const char *intra, double batch)
{
    accelsel_predictor *p;
    accelsel_network *r50;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&r50, "resnet18", NULL), 0);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = r50;
    q.device = device;
    q.count = count;
    q.intra_link = intra;
    q.inter_link = "slow";
    q.global_batch = batch;
    accelsel_prediction res = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &res), 0);
    accelsel_network_free(r50);
    accelsel_predictor_free(p);
    return res.step_s;
}

/* More peak (gpu2) or more bandwidth (gpu3, fast link) is never slower; more
 * devices at a fixed global batch never give a device more compute. */
START_TEST(monotonicity)
{
    for (double b = 8; b <= 128; b *= 4) {
        ck_assert(step_time("gpu2", 1, "slow", b) <= step_time("gpu1", 1, "slow", b));
        ck_assert(step_time("gpu3", 1, "slow", b) <= step_time("gpu1", 1, "slow", b));
        ck_assert(step_time("gpu1", 8, "fast", 8 * b) <= step_time("gpu1", 8, "slow", 8 * b));
    }
    accelsel_predictor *p;
    accelsel_network *r18;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&r18, "resnet18", NULL), 0);
    double last = INFINITY;
    for (uint32_t n = 1; n <= 128; n *= 2) {
        accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
        q.network = r18;
        q.device = "gpu1";
        q.count = n;
        q.intra_link = "fast";
        q.inter_link = "slow";
        q.global_batch = 128;
        accelsel_prediction res = ACCELSEL_PREDICTION_INIT;
        ck_assert_int_eq(accelsel_predictor_predict(p, &q, &res), 0);
        ck_assert(res.compute_s <= last);
        last = res.compute_s;
    }
    accelsel_network_free(r18);
    accelsel_predictor_free(p);
}
END_TEST

/* Epilogue fusion: a ReLU on a linear layer's output, and a second ReLU on
 * that one, run inside the GEMM's kernel, so `fusion` (0.5 by default) of
 * their traffic and launch goes; a ReLU on the network input has no GEMM to
 * join and keeps all of it. The backward pass follows the forward's terms. */
START_TEST(epilogue_fusion)
{
    static const char y[] =
        "version: 1\nname: chain\ninputs:\n  - {name: x, shape: [256]}\n"
        "layers:\n  - {name: r0, kind: activation, function: relu, inputs: [x]}\n"
        "  - {name: fc, kind: linear, inputs: [r0], out_features: 256}\n"
        "  - {name: r1, kind: activation, function: relu, inputs: [fc]}\n"
        "  - {name: r2, kind: activation, function: relu, inputs: [r1]}\n";
    accelsel_network *chain;
    ck_assert_int_eq(accelsel_network_load_buffer(&chain, y, strlen(y), NULL), 0);
    asel_perf_params par = *asel_perf_params_default();
    const double f = par.kind[ASEL_PERF_KIND_GPU].fusion;
    ck_assert_double_eq(f, 0.5);
    asel_perf_step st;
    accelsel_layer_prediction rows[5];
    unsigned char *fus;
    ck_assert_int_eq(asel_perf_fusable_layers(chain, &fus), 0);
    asel_perf_device_step(&par, dev("gpu1"), chain, fus, 128, ACCELSEL_PRECISION_FP16, ACCELSEL_STACK_TUNED, &st, rows, 5);
    for (size_t i = 1; i < 5; i++) {
        asel_layer_time t;
        const accelsel_layer_info *l = accelsel_network_layer(chain, i);
        ck_assert_int_eq(asel_perf_layer_forward(&par, dev("gpu1"), l, 128, ACCELSEL_PRECISION_FP16, &t), 0);
        double keep = i >= 3 ? 1 - f : 1;
        double fwd = fmax(t.compute_s, keep * t.memory_s) + keep * t.overhead_s;
        ck_assert_double_eq_tol(rows[i].forward_s, fwd, 1e-12 * fwd);
        double bwd = fmax(2 * t.compute_s, 2 * keep * t.memory_s) + 2 * keep * t.overhead_s;
        ck_assert_double_eq_tol(rows[i].backward_s, bwd, 1e-12 * bwd);
    }
    /* Full fusion leaves a fused ReLU its arithmetic alone. */
    par.kind[ASEL_PERF_KIND_GPU].fusion = 1;
    asel_perf_device_step(&par, dev("gpu1"), chain, fus, 128, ACCELSEL_PRECISION_FP16, ACCELSEL_STACK_TUNED, &st, rows, 5);
    ck_assert_double_eq_tol(rows[4].forward_s, 128.0 * 256 / 0.6e12, 1e-20);
    asel_free(fus);
    accelsel_network_free(chain);
}
END_TEST

/* The first definition of fusion, kept here as the reference: walk back
 * through first inputs while the layer is an epilogue; fused if a GEMM is
 * reached. (Quadratic over a chain, which is why the library memoises.) */
static int is_epilogue_ref(const accelsel_layer_info *l)
{
    return l->kind == ACCELSEL_LAYER_BATCHNORM || l->kind == ACCELSEL_LAYER_ADD ||
           (l->kind == ACCELSEL_LAYER_ACTIVATION && l->op && strcmp(l->op, "softmax") != 0);
}

static int fusable_ref(const accelsel_network *n, size_t i)
{
    const accelsel_layer_info *l = accelsel_network_layer(n, i);
    while (is_epilogue_ref(l)) {
        const size_t *in;
        size_t k;
        if (accelsel_network_layer_inputs(n, i, &in, &k) != 0 || k == 0)
            return 0;
        i = in[0];
        l = accelsel_network_layer(n, i);
        if (l->kind == ACCELSEL_LAYER_CONV2D || l->kind == ACCELSEL_LAYER_LINEAR ||
            l->kind == ACCELSEL_LAYER_MATMUL)
            return 1;
    }
    return 0;
}

/* The fusion decisions by hand on a network listed out of dependency order
 * (r1 before the bn it reads): index 0 is the input x, then file order. A
 * ReLU on the input has no GEMM (r0); the GEMM itself is no epilogue (conv);
 * bn and r1 chain back to conv; a residual sum follows its first input (sum
 * from r1 yes, sum2 from r0 no); softmax is no epilogue and breaks the
 * chain for the ReLU after it. */
START_TEST(fusable_layers_by_hand)
{
    static const char y[] =
        "version: 1\nname: branches\ninputs:\n  - {name: x, shape: [4, 8, 8]}\nlayers:\n"
        "  - {name: r1, kind: activation, function: relu, inputs: [bn]}\n"
        "  - {name: r0, kind: activation, function: relu, inputs: [x]}\n"
        "  - {name: conv, kind: conv2d, inputs: [r0], out_channels: 4, kernel: 1}\n"
        "  - {name: bn, kind: batchnorm, inputs: [conv]}\n"
        "  - {name: sum, kind: add, inputs: [r1, r0]}\n"
        "  - {name: sum2, kind: add, inputs: [r0, r1]}\n"
        "  - {name: sm, kind: activation, function: softmax, inputs: [conv]}\n"
        "  - {name: r2, kind: activation, function: relu, inputs: [sm]}\n";
    static const unsigned char want[] = { 0, 1, 0, 0, 1, 1, 0, 0, 0 };
    accelsel_network *n;
    ck_assert_int_eq(accelsel_network_load_buffer(&n, y, strlen(y), NULL), 0);
    ck_assert_uint_eq(accelsel_network_layer_count(n), sizeof want);
    unsigned char *f;
    ck_assert_int_eq(asel_perf_fusable_layers(n, &f), 0);
    for (size_t i = 0; i < sizeof want; i++)
        ck_assert_msg(f[i] == want[i], "layer %zu (%s): %d, want %d", i,
                      accelsel_network_layer(n, i)->name, f[i], want[i]);
    asel_free(f);
    accelsel_network_free(n);
}
END_TEST

/* Every zoo network gets the decisions of the first definition, layer by
 * layer, so that every prediction stays what it was; ResNet-50 fuses its 53
 * batch norms, 49 ReLUs and 16 residual sums (docs/predictor.md: 118). */
START_TEST(fusable_layers_match_the_walk_on_the_zoo)
{
    const char *name;
    for (size_t z = 0; (name = accelsel_network_zoo_name(z)) != NULL; z++) {
        accelsel_network *n;
        ck_assert_int_eq(accelsel_network_load_zoo(&n, name, NULL), 0);
        unsigned char *f;
        ck_assert_int_eq(asel_perf_fusable_layers(n, &f), 0);
        size_t count = 0, layers = accelsel_network_layer_count(n);
        for (size_t i = 0; i < layers; i++) {
            ck_assert_msg(f[i] == fusable_ref(n, i), "%s layer %zu", name, i);
            count += f[i];
        }
        if (strcmp(name, "resnet50") == 0)
            ck_assert_uint_eq(count, 118);
        asel_free(f);
        accelsel_network_free(n);
    }
}
END_TEST

/* A chain of 2,000 ReLUs on a linear layer and one of 2,000 on the input:
 * every ReLU of the first fuses (keeps 1 - fusion of its traffic and launch),
 * none of the second, layer by layer against the layer model by hand; the
 * first definition agrees on each. */
START_TEST(long_chains_fuse_as_before)
{
    enum { LEN = 2000 };
    static char y[LEN * 2 * 96 + 512];
    size_t len = (size_t)snprintf(y, sizeof y, "version: 1\nname: chains\ninputs:\n"
                                  "  - {name: x, shape: [256]}\nlayers:\n"
                                  "  - {name: fc, kind: linear, inputs: [x], out_features: 256}\n");
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < LEN; i++) {
            char prev[32];
            if (i == 0)
                snprintf(prev, sizeof prev, "%s", c == 0 ? "fc" : "x");
            else
                snprintf(prev, sizeof prev, "c%d_%d", c, i - 1);
            len += (size_t)snprintf(y + len, sizeof y - len,
                                    "  - {name: c%d_%d, kind: activation, function: relu, "
                                    "inputs: [%s]}\n", c, i, prev);
        }
    ck_assert_uint_lt(len, sizeof y);
    accelsel_network *n;
    ck_assert_int_eq(accelsel_network_load_buffer(&n, y, len, NULL), 0);
    size_t layers = accelsel_network_layer_count(n);
    ck_assert_uint_eq(layers, 2 + 2 * LEN);
    asel_perf_params par = *asel_perf_params_default();
    const double f = par.kind[ASEL_PERF_KIND_GPU].fusion;
    unsigned char *fus;
    ck_assert_int_eq(asel_perf_fusable_layers(n, &fus), 0);
    static accelsel_layer_prediction rows[2 + 2 * LEN];
    asel_perf_step st;
    asel_perf_device_step(&par, dev("gpu1"), n, fus, 128, ACCELSEL_PRECISION_FP16, ACCELSEL_STACK_TUNED, &st, rows,
                          layers);
    for (size_t i = 2; i < layers; i++) { /* 0: x, 1: fc, then the two chains */
        int fused = i < 2 + LEN;
        ck_assert_int_eq(fus[i], fused);
        ck_assert_int_eq(fusable_ref(n, i), fused);
        asel_layer_time t;
        const accelsel_layer_info *l = accelsel_network_layer(n, i);
        ck_assert_int_eq(asel_perf_layer_forward(&par, dev("gpu1"), l, 128, ACCELSEL_PRECISION_FP16, &t), 0);
        double keep = fused ? 1 - f : 1;
        double fwd = fmax(t.compute_s, keep * t.memory_s) + keep * t.overhead_s;
        ck_assert_double_eq_tol(rows[i].forward_s, fwd, 1e-12 * fwd);
    }
    asel_free(fus);
    accelsel_network_free(n);
}
END_TEST

/* Each learned factor in [1e-6, 1e6] may still multiply out of it: a
 * device factor of 1e-6 and a count factor of 1e-6 give 1e-12, which
 * predicts nothing physical, so it is ERANGE; at another count the device
 * factor alone applies. */
START_TEST(corrections_multiply_out_of_range)
{
    accelsel_predictor *p;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    size_t g;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "gpu1", &g), 0);
    p->corr.dev[g] = 1e-6;
    ck_assert_int_eq(asel_perf_corr_reserve(&p->corr, 1), 0);
    p->corr.cnt[p->corr.n_cnt++] = (asel_perf_count_corr){ g, 2, 1e-6 };
    asel_perf_workload_of(&p->workload, net); /* factors learned on this network */
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net, q.device = "gpu1", q.count = 2, q.intra_link = "fast";
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), ACCELSEL_ERANGE);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "gpu1"));
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "1e-12"));
    q.no_correction = 1; /* the physical model alone has no factor to refuse */
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_double_eq(r.correction, 1);
    q.no_correction = 0, q.count = 4;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_double_eq(r.correction, 1e-6);
    accelsel_predictor_free(p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("perf");
    TCase *tc = tcase_create("perf");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, gpu_roofline_by_hand);
    tcase_add_test(tc, tile_quantisation);
    tcase_add_test(tc, fp32_versus_tensor_precision);
    tcase_add_test(tc, cpu_thread_quantisation);
    tcase_add_test(tc, working_set_on_chip);
    tcase_add_test(tc, bad_device_and_precision);
    tcase_add_test(tc, allreduce_closed_forms);
    tcase_add_test(tc, monotonicity);
    tcase_add_test(tc, epilogue_fusion);
    tcase_add_test(tc, fusable_layers_by_hand);
    tcase_add_test(tc, fusable_layers_match_the_walk_on_the_zoo);
    tcase_add_test(tc, long_chains_fuse_as_before);
    tcase_add_test(tc, corrections_multiply_out_of_range);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
