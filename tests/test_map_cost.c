/* The mapper's cost models in lib/perf: tile-quantised cycles of every
 * dataflow, off-chip traffic of the better loop order, sharding plans and
 * their collectives against closed forms, link transfers, and monotonicity.
 * Every expected figure is worked out by hand in the comments. */
#include <check.h>
#include <math.h>
#include <string.h>

#include "accelsel/catalog.h"
#include "accelsel/map.h"
#include "accelsel/network.h"
#include "perf/design_model.h"
#include "perf/shard_model.h"
#include "perf/xfer_model.h"
#include "testutil.h"

static asel_layer_shape conv_shape(double m, double n, double r, double c, double k)
{
    asel_layer_shape s;
    memset(&s, 0, sizeof s);
    s.n_parts = 1;
    s.part[0] = (asel_gemm_part){1, m, n, r, c, k, k};
    s.batch = 1;
    return s;
}

static asel_design_model design(int dataflow, double macs, double tm, double tn, double rows,
                                double cols)
{
    asel_design_model d;
    memset(&d, 0, sizeof d);
    d.dataflow = dataflow;
    d.clock_hz = 100e6;
    d.macs = macs;
    d.tm = tm;
    d.tn = tn;
    d.pp = tm > 0 ? floor(macs / (tm * tn)) : 0;
    d.rows = rows;
    d.cols = cols;
    d.buffer_bytes = 1e9;
    d.bytes = 1;
    return d;
}

START_TEST(tiled_zhang15_alexnet_conv1)
{
    /* Zhang'15: Tm x Tn = 64 x 7, one pixel per cycle. AlexNet conv1 (3 -> 96
     * channels, 55 x 55 outputs, 11 x 11 kernel): ceil(96/64) ceil(3/7) 11^2 55 x 55
     * = 2 x 1 x 121 x 3025 = 732050 cycles. */
    asel_design_model d = design(ACCELSEL_DATAFLOW_TILED, 448, 64, 7, 0, 0);
    asel_layer_shape s = conv_shape(96, 3, 55, 55, 11);
    ck_assert_double_eq(asel_design_cycles(&d, &s), 732050.0);
    s.batch = 3; /* three samples: three times the tiles */
    ck_assert_double_eq(asel_design_cycles(&d, &s), 3 * 732050.0);
}
END_TEST

START_TEST(tiled_dpu_pixel_parallelism)
{
    /* DPU B4096: 16 x 16 channels x 8 pixels. 64 -> 128 channels, 56 x 56, 3 x 3:
     * ceil(128/16) ceil(64/16) 9 x 56 x ceil(56/8) = 8 x 4 x 9 x 56 x 7 = 112896. */
    asel_design_model d = design(ACCELSEL_DATAFLOW_TILED, 2048, 16, 16, 0, 0);
    ck_assert_double_eq(d.pp, 8);
    asel_layer_shape s = conv_shape(128, 64, 56, 56, 3);
    ck_assert_double_eq(asel_design_cycles(&d, &s), 112896.0);
    /* A GEMM (c = 1) spreads its rows over the pixel lanes: 1000 x 512 x 10 rows:
     * ceil(1000/16) ceil(512/16) ceil(10/8) = 63 x 32 x 2 = 4032. */
    asel_layer_shape g = conv_shape(1000, 512, 10, 1, 1);
    ck_assert_double_eq(asel_design_cycles(&d, &g), 4032.0);
}
END_TEST

START_TEST(stationary_dataflows)
{
    /* Weight-stationary 64 x 32 (NVDLA nv_full): im2col reduction 64 x 9 = 576 rows
     * in ceil(576/64) = 9 tiles, 128 outputs in 4; each tile streams 56 x 56 pixels
     * plus 64 + 32 fill cycles: 9 x 4 x (3136 + 96) = 116352. */
    asel_design_model ws = design(ACCELSEL_DATAFLOW_WEIGHT_STATIONARY, 2048, 0, 0, 64, 32);
    asel_layer_shape s = conv_shape(128, 64, 56, 56, 3);
    ck_assert_double_eq(asel_design_cycles(&ws, &s), 116352.0);
    /* Output-stationary 8 x 8 (ShiDianNao): 4 outputs of 16 x 16 from 16 channels,
     * 3 x 3: 4 x ceil(16/8) ceil(16/8) x 16 x 9 = 2304. */
    asel_design_model os = design(ACCELSEL_DATAFLOW_OUTPUT_STATIONARY, 64, 0, 0, 8, 8);
    asel_layer_shape t = conv_shape(4, 16, 16, 16, 3);
    ck_assert_double_eq(asel_design_cycles(&os, &t), 2304.0);
    /* Row-stationary 12 x 14 (Eyeriss), 3 x 3: floor(12/3) = 4 PE sets share the
     * array; 4 x 16 channel pairs in ceil(64/4) = 16 passes, ceil(16/14) = 2 row
     * folds, 16 columns x 3 taps: 16 x 2 x 16 x 3 = 1536. */
    asel_design_model rs = design(ACCELSEL_DATAFLOW_ROW_STATIONARY, 168, 0, 0, 12, 14);
    ck_assert_double_eq(asel_design_cycles(&rs, &t), 1536.0);
    /* A 13 x 13 kernel folds over the 12 rows twice with one set:
     * 4 x 16 x 2 x ceil(16/14) x 16 x 13 = 64 x 2 x 2 x 16 x 13 = 53248. */
    asel_layer_shape big = conv_shape(4, 16, 16, 16, 13);
    ck_assert_double_eq(asel_design_cycles(&rs, &big), 53248.0);
}
END_TEST

START_TEST(elementwise_work_uses_the_array_width)
{
    /* 1000 elementwise operations on 448 lanes: ceil(1000/448) = 3 cycles. */
    asel_design_model d = design(ACCELSEL_DATAFLOW_TILED, 448, 64, 7, 0, 0);
    asel_layer_shape s;
    memset(&s, 0, sizeof s);
    s.batch = 1;
    s.elem_flops = 1000;
    ck_assert_double_eq(asel_design_cycles(&d, &s), 3.0);
}
END_TEST

START_TEST(traffic_takes_the_better_loop_order)
{
    /* 1-byte operands, 1000-byte buffer (500 per half). Inputs 1000 B do not fit:
     * re-reading inputs per pass of 16 of the 64 outputs costs 3 x 1000 = 3000 B,
     * re-reading the 300 B of weights per half-buffer of inputs (2 halves) costs
     * 300 B; the second wins: 1000 + 200 + 300 + 300 = 1800 B. */
    asel_design_model d = design(ACCELSEL_DATAFLOW_TILED, 256, 16, 16, 0, 0);
    d.buffer_bytes = 1000;
    asel_layer_shape s = conv_shape(64, 4, 1, 1, 1);
    s.in_elems = 1000;
    s.out_elems = 200;
    s.w_elems = 300;
    ck_assert_double_eq(asel_design_traffic(&d, &s), 1800.0);
    /* With inputs that fit, nothing is read twice. */
    d.buffer_bytes = 4000;
    ck_assert_double_eq(asel_design_traffic(&d, &s), 1500.0);
    /* Double buffering: the slower of 100 MHz arithmetic and the traffic. The
     * shape takes ceil(64/16) ceil(4/16) = 4 cycles = 40 ns; 1500 B at 1 GB/s
     * take 1.5 us, which bounds it; at 1 TB/s the arithmetic does. */
    ck_assert_double_eq_tol(asel_design_layer_time(&d, &s, 1e9), 1.5e-6, 1e-18);
    ck_assert_double_eq_tol(asel_design_layer_time(&d, &s, 1e12), 4e-8, 1e-20);
}
END_TEST

static const char catalog_yaml[] =
    "version: 1\n"
    "designs:\n"
    "  - {name: asic-fast, dataflow: weight-stationary, platform: ASIC, precision: int8,\n"
    "     pe_rows: 8, pe_cols: 8, clock_hz: 1e9, buffer_bytes: 65536, source: test}\n"
    "  - {name: asic-slow, dataflow: row-stationary, platform: ASIC, precision: int16,\n"
    "     pe_rows: 12, pe_cols: 14, clock_hz: 2e8, buffer_bytes: 65536, source: test}\n"
    "  - {name: fpga-nobuf, dataflow: tiled, platform: FPGA, precision: fp32, tm: 4, tn: 4,\n"
    "     macs: 16, clock_hz: 1e8, source: test}\n"
    "  - {name: fpga-noclock, dataflow: tiled, platform: FPGA, precision: fp32, tm: 4, tn: 4,\n"
    "     macs: 16, buffer_bytes: 1000, source: test}\n"
    "  - {name: asic-peak-only, dataflow: tiled, platform: ASIC 7nm, precision: int8,\n"
    "     peak_ops: 1e12, buffer_bytes: 1e6, source: test}\n"
    "  - {name: asic-peak-clock, dataflow: tiled, platform: ASIC 7nm, precision: int8,\n"
    "     peak_ops: 1e12, clock_hz: 5e8, buffer_bytes: 1e6, source: test}\n";

START_TEST(design_models_from_the_catalog)
{
    accelsel_catalog *cat;
    asel_design_model m;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, catalog_yaml, sizeof catalog_yaml - 1), 0);
    /* An ASIC above the fabric clock runs at the fabric clock; one below keeps its own. */
    ck_assert_int_eq(asel_design_model_from(accelsel_catalog_design(cat, 0), &m), 0);
    ck_assert_double_eq(m.clock_hz, ASEL_FPGA_FABRIC_CLOCK_HZ);
    ck_assert_double_eq(m.macs, 64);
    ck_assert_double_eq(m.bytes, 1);
    ck_assert_int_eq(asel_design_model_from(accelsel_catalog_design(cat, 1), &m), 0);
    ck_assert_double_eq(m.clock_hz, 2e8);
    ck_assert_double_eq(m.bytes, 2);
    /* Missing figures are ACCELSEL_EDATA naming the design and the figure. */
    ck_assert_int_eq(asel_design_model_from(accelsel_catalog_design(cat, 2), &m), ACCELSEL_EDATA);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "fpga-nobuf"));
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "buffer_bytes"));
    ck_assert_int_eq(asel_design_model_from(accelsel_catalog_design(cat, 3), &m), ACCELSEL_EDATA);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "clock_hz"));
    /* MACs from a peak need the clock it was quoted at: 1e12 / (2 x 5e8) =
     * 1000, though the ASIC runs at the fabric clock on an FPGA slot. */
    ck_assert_int_eq(asel_design_model_from(accelsel_catalog_design(cat, 4), &m), ACCELSEL_EDATA);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "asic-peak-only"));
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "clock_hz"));
    ck_assert_int_eq(asel_design_model_from(accelsel_catalog_design(cat, 5), &m), 0);
    ck_assert_double_eq(m.macs, 1000);
    ck_assert_double_eq(m.clock_hz, ASEL_FPGA_FABRIC_CLOCK_HZ);
    accelsel_catalog_free(cat);
}
END_TEST

START_TEST(every_builtin_design_has_its_figures)
{
    accelsel_catalog *cat;
    asel_design_model m;
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
    for (size_t i = 0; i < accelsel_catalog_design_count(cat); i++) {
        const accelsel_design_info *d = accelsel_catalog_design(cat, i);
        ck_assert_msg(asel_design_model_from(d, &m) == 0, "%s: %s", d->name,
                      accelsel_last_error()->message);
        /* The modelled peak never exceeds what the design's MACs give at its clock. */
        ck_assert(m.macs > 0 && m.clock_hz > 0 && m.clock_hz <= 1e9);
    }
    accelsel_catalog_free(cat);
}
END_TEST

static const char net_yaml[] =
    "version: 1\n"
    "name: shards\n"
    "inputs:\n"
    "  - {name: x, shape: [4, 10, 10]}\n"
    "  - {name: v, shape: [6, 32]}\n"
    "layers:\n"
    "  - {name: conv, kind: conv2d, inputs: [x], out_channels: 8, kernel: 3, padding: 1, bias: false}\n"
    "  - {name: dw, kind: conv2d, inputs: [conv], out_channels: 8, kernel: 3, padding: 1,\n"
    "     depthwise: true, bias: false}\n"
    "  - {name: fc, kind: linear, inputs: [v], out_features: 16, bias: false}\n"
    "  - {name: ln, kind: layernorm, inputs: [fc]}\n";

static accelsel_network *load_net(void)
{
    accelsel_network *net;
    ck_assert_int_eq(accelsel_network_load_buffer(&net, net_yaml, sizeof net_yaml - 1, NULL), 0);
    return net;
}

static const accelsel_layer_info *layer(const accelsel_network *net, const char *name)
{
    size_t i;
    ck_assert_int_eq(accelsel_network_layer_index(net, name, &i), 0);
    return accelsel_network_layer(net, i);
}

START_TEST(shard_collectives_closed_forms)
{
    accelsel_network *net = load_net();
    const accelsel_layer_info *conv = layer(net, "conv");
    asel_layer_shape full;
    asel_shard sh;
    asel_layer_shape_of(conv, 2, &full);
    /* Output 8 x 10 x 10 = 800 elements x 2 samples x 2 bytes = 3200 B. */
    asel_shard_plan(conv, &full, ACCELSEL_STRATEGY_OUTPUT_CHANNELS, 4, 2, &sh);
    ck_assert_double_eq(sh.coll_bytes, 3.0 / 4.0 * 3200); /* ring all-gather: (g-1)/g */
    ck_assert_double_eq(sh.coll_steps, 3);
    ck_assert_double_eq(sh.share.part[0].m, 2);           /* 8 channels over 4 */
    ck_assert_double_eq(sh.in_frac, 1);                   /* every slot reads all inputs */
    asel_shard_plan(conv, &full, ACCELSEL_STRATEGY_INPUT_CHANNELS, 4, 2, &sh);
    ck_assert_double_eq(sh.coll_bytes, 2 * 3.0 / 4.0 * 3200); /* ring all-reduce: 2(g-1)/g */
    ck_assert_double_eq(sh.coll_steps, 6);
    ck_assert_double_eq(sh.in_frac, 1.0 / 4.0);
    ck_assert_double_eq(sh.share.w_elems, conv->weight_elements / 4.0);
    asel_shard_plan(conv, &full, ACCELSEL_STRATEGY_BATCH, 4, 2, &sh);
    ck_assert_double_eq(sh.share.batch, 1); /* ceil(2/4) */
    ck_assert_double_eq(sh.coll_bytes, 0);
    ck_assert_double_eq(sh.in_frac, 0.5);
    /* Spatial over 2: 10 rows in 5s; halo 2 x (3 - 1) rows x 10 columns x 4
     * channels x 2 samples x 2 B = 640 B, then all-gather 1/2 x 3200. */
    asel_shard_plan(conv, &full, ACCELSEL_STRATEGY_SPATIAL, 2, 2, &sh);
    ck_assert_double_eq(sh.share.part[0].r, 5);
    ck_assert_double_eq(sh.coll_bytes, 640 + 1600);
    ck_assert_double_eq(sh.in_frac, 0.5);
    /* Depthwise output split hands out whole groups: 8 groups over 3 -> 3. */
    const accelsel_layer_info *dw = layer(net, "dw");
    asel_layer_shape_of(dw, 1, &full);
    asel_shard_plan(dw, &full, ACCELSEL_STRATEGY_OUTPUT_CHANNELS, 3, 1, &sh);
    ck_assert_double_eq(sh.share.part[0].g, 3);
    accelsel_network_free(net);
}
END_TEST

START_TEST(strategies_that_apply)
{
    accelsel_network *net = load_net();
    const accelsel_layer_info *conv = layer(net, "conv"), *dw = layer(net, "dw");
    const accelsel_layer_info *fc = layer(net, "fc"), *ln = layer(net, "ln");
    for (int s = 0; s < ACCELSEL_STRATEGY_COUNT; s++)
        ck_assert(asel_shard_applies(conv, s, 2));
    ck_assert(!asel_shard_applies(dw, ACCELSEL_STRATEGY_INPUT_CHANNELS, 2));
    ck_assert(asel_shard_applies(fc, ACCELSEL_STRATEGY_SPATIAL, 2)); /* 6 tokens */
    ck_assert(!asel_shard_applies(ln, ACCELSEL_STRATEGY_OUTPUT_CHANNELS, 2));
    ck_assert(!asel_shard_applies(ln, ACCELSEL_STRATEGY_INPUT_CHANNELS, 2));
    ck_assert(asel_shard_applies(ln, ACCELSEL_STRATEGY_BATCH, 2));
    /* one sample cannot be split by batch */
    ck_assert(!asel_shard_applies(ln, ACCELSEL_STRATEGY_BATCH, 1));
    ck_assert(!asel_shard_applies(conv, ACCELSEL_STRATEGY_COUNT, 2));
    accelsel_network_free(net);
}
END_TEST

START_TEST(shares_shrink_and_collectives_grow_with_the_group)
{
    accelsel_network *net = load_net();
    const accelsel_layer_info *conv = layer(net, "conv");
    asel_design_model d = design(ACCELSEL_DATAFLOW_TILED, 16, 4, 4, 0, 0);
    asel_layer_shape full;
    asel_layer_shape_of(conv, 4, &full);
    for (int s = 1; s < ACCELSEL_STRATEGY_COUNT; s++) {
        double prev_t = INFINITY, prev_c = -1;
        for (unsigned g = 1; g <= 8; g++) {
            asel_shard sh;
            asel_shard_plan(conv, &full, s, g, 1, &sh);
            double t = asel_design_layer_time(&d, &sh.share, 1e9);
            ck_assert_msg(t <= prev_t, "strategy %d, group %u: %g > %g", s, g, t, prev_t);
            ck_assert_msg(sh.coll_bytes >= prev_c, "strategy %d, group %u", s, g);
            prev_t = t;
            prev_c = sh.coll_bytes;
        }
    }
    accelsel_network_free(net);
}
END_TEST

START_TEST(link_transfers)
{
    /* 1 GB in 2 messages over 1 GB/s with 1 us latency: 1 s + 2 us. */
    ck_assert_double_eq_tol(asel_xfer_time(1e9, 2, 1e9, 1e-6), 1.000002, 1e-12);
    ck_assert_double_eq(asel_xfer_time(0, 1, 0, 1), 0);           /* nothing to move */
    ck_assert(isinf(asel_xfer_time(1, 1, 0, 0)));                 /* no link */
    ck_assert_double_eq(asel_xfer_time(100, 1, 100, NAN), 1);     /* unknown latency counts 0 */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("map_cost");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, tiled_zhang15_alexnet_conv1);
    tcase_add_test(tc, tiled_dpu_pixel_parallelism);
    tcase_add_test(tc, stationary_dataflows);
    tcase_add_test(tc, elementwise_work_uses_the_array_width);
    tcase_add_test(tc, traffic_takes_the_better_loop_order);
    tcase_add_test(tc, design_models_from_the_catalog);
    tcase_add_test(tc, every_builtin_design_has_its_figures);
    tcase_add_test(tc, shard_collectives_closed_forms);
    tcase_add_test(tc, strategies_that_apply);
    tcase_add_test(tc, shares_shrink_and_collectives_grow_with_the_group);
    tcase_add_test(tc, link_transfers);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
