/* Names as people type them (docs/catalog-format.md, "Names people type"):
 * each spelling below is taken from a vendor's page, an MLPerf system
 * description or the MLPerf Training CSV, with the device a person means
 * written down by hand, or the family members an ambiguous name lists. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

/* A spelling and the one device it names, or NULL and the devices (all of
 * them, in catalog order) that its error lists. */
typedef struct spelling {
    const char *typed, *device;
    const char *members[6];
} spelling;

static const spelling table[] = {
    /* The request's own examples. */
    {"h100", NULL, {"h100-sxm5-80gb", "h100-sxm5-96gb", "h100-pcie-80gb", "h100-nvl-94gb"}},
    {"a100", "a100-sxm4-40gb", {NULL}}, /* the catalog's "NVIDIA A100": the launch part */
    {"NVIDIA H100 SXM 80GB", "h100-sxm5-80gb", {NULL}},
    {"Intel Gaudi 2", "gaudi2", {NULL}},
    {"H200 SXM 141GB", "h200-sxm-141gb", {NULL}},
    /* MLPerf Training CSV, accelerator_model_name (exact names and aliases). */
    {"NVIDIA A100-PCIE-40GB (250W)", "a100-pcie-40gb", {NULL}},
    {"NVIDIA A100-SXM-80GB CTS", "a100-sxm4-80gb", {NULL}},
    {"Tesla V100-SXM3-H-32GB", "v100-sxm3-32gb-h", {NULL}},
    {"Nvidia Tesla V100S-PCIe-32GB", "v100s-pcie-32gb", {NULL}},
    {"Habana Gaudi HL-205", "gaudi", {NULL}},
    {"Graphcore Bow IPU", "ipu-bow", {NULL}},
    {"Ascend910", "ascend-910", {NULL}},
    {"tpuv3-512", "tpu-v3", {NULL}},
    {"TPU-v4", "tpu-v4", {NULL}},
    {"TPU", NULL, {"tpu-v2", "tpu-v3", "tpu-v4", "tpu-v5p", "tpu-v5e", "tpu-v6e"}},
    /* The same column, later rounds (data/mlperf_training.csv). */
    {"NVIDIA H200-SXM5-141GB", "h200-sxm-141gb", {NULL}},
    {"NVIDIA H200-NVL-141GB", "h200-nvl-141gb", {NULL}},
    {"NVIDIA Blackwell GPU (B200-SXM-180GB)", "b200-sxm-180gb", {NULL}},
    {"NVIDIA Blackwell GPU (GB200)", "gb200-186gb", {NULL}},
    {"H100 NVL Tensor Core GPU (PCIe)", "h100-nvl-94gb", {NULL}},
    {"AMD Instinct MI325X 256GB HBM3E DLC", "mi325x", {NULL}},
    {"TPU-trillium", "tpu-v6e", {NULL}},
    {"TPU-v5p", "tpu-v5p", {NULL}},
    /* NVIDIA datasheet and product-page titles. */
    {"NVIDIA H100 Tensor Core GPU", NULL,
     {"h100-sxm5-80gb", "h100-sxm5-96gb", "h100-pcie-80gb", "h100-nvl-94gb"}},
    {"NVIDIA H100 PCIe", "h100-pcie-80gb", {NULL}},
    {"H100 PCIe", "h100-pcie-80gb", {NULL}},
    {"NVIDIA H100 80GB PCIe", "h100-pcie-80gb", {NULL}},
    {"H100 SXM5", NULL, {"h100-sxm5-80gb", "h100-sxm5-96gb"}},
    {"H100 80GB", NULL, {"h100-sxm5-80gb", "h100-pcie-80gb"}},
    {"NVIDIA H200 Tensor Core GPU", "h200-sxm-141gb", {NULL}},
    {"NVIDIA H200 SXM 141 GB", "h200-sxm-141gb", {NULL}},
    {"NVIDIA A100 80GB PCIe", "a100-pcie-80gb", {NULL}},
    {"NVIDIA A100 40GB PCIe", "a100-pcie-40gb", {NULL}},
    {"NVIDIA A100 SXM 80 GB", "a100-sxm4-80gb", {NULL}},
    {"A100 SXM4 80G", "a100-sxm4-80gb", {NULL}},
    {"a100_sxm4_40gb", "a100-sxm4-40gb", {NULL}},
    {"80GB A100 PCIe", "a100-pcie-80gb", {NULL}},
    {"A100 PCIe", NULL, {"a100-pcie-40gb", "a100-pcie-80gb"}},
    {"NVIDIA Tesla V100 SXM2 32GB", "v100-sxm2-32gb", {NULL}},
    {"Tesla V100 PCIe 16 GB", "v100-pcie-16gb", {NULL}},
    {"V100 32GB", NULL, {"v100-sxm2-32gb", "v100-pcie-32gb", "v100-sxm3-32gb", "v100-sxm3-32gb-h"}},
    {"NVIDIA V100S", "v100s-pcie-32gb", {NULL}},
    {"NVIDIA Tesla T4", "t4", {NULL}},
    {"NVIDIA L40S GPU", "l40s", {NULL}},
    {"NVIDIA L4 Tensor Core GPU", "l4", {NULL}},
    {"NVIDIA B200", "b200-sxm-180gb", {NULL}},
    {"NVIDIA RTX A5000", "rtx-a5000", {NULL}},
    {"NVIDIA A10 Tensor Core GPU", "a10", {NULL}},
    /* GeForce product pages. */
    {"NVIDIA GeForce RTX 4090", "rtx-4090", {NULL}},
    {"GeForce RTX 4090 24GB", "rtx-4090", {NULL}},
    {"RTX4090", "rtx-4090", {NULL}},
    {"rtx_4090", "rtx-4090", {NULL}},
    {"4090", "rtx-4090", {NULL}},
    {"NVIDIA GeForce RTX 4080", "rtx-4080", {NULL}},
    {"GeForce RTX 5090", "rtx-5090", {NULL}},
    {"NVIDIA GeForce RTX 3090", "rtx-3090", {NULL}},
    {"RTX 3080 10 GB", "rtx-3080", {NULL}},
    {"GeForce RTX 3050 8GB", "rtx-3050", {NULL}},
    {"NVIDIA GeForce RTX 3050 Laptop GPU", "rtx-3050-laptop", {NULL}},
    {"RTX 3050", "rtx-3050", {NULL}},
    {"3050", NULL, {"rtx-3050", "rtx-3050-laptop"}},
    /* AMD, Google, Intel, Huawei, Graphcore pages. */
    /* GeForce and Radeon cards as NVIDIA's and AMD's product pages name them. */
    {"GeForce RTX 4070 Ti SUPER", "rtx-4070-ti-super", {NULL}},
    {"NVIDIA GeForce RTX 4080 SUPER", "rtx-4080-super", {NULL}},
    {"RTX 4070 SUPER", "rtx-4070-super", {NULL}},
    {"GeForce RTX 4070", "rtx-4070", {NULL}},
    {"RTX 4060 Ti 16GB", "rtx-4060-ti-16gb", {NULL}},
    {"GeForce RTX 4060 Ti 8GB", "rtx-4060-ti-8gb", {NULL}},
    {"RTX 4060 Ti", NULL, {"rtx-4060-ti-16gb", "rtx-4060-ti-8gb"}},
    {"NVIDIA GeForce RTX 4060", "rtx-4060", {NULL}},
    {"GeForce RTX 5080", "rtx-5080", {NULL}},
    {"RTX 5070 Ti", "rtx-5070-ti", {NULL}},
    {"NVIDIA GeForce RTX 5070", "rtx-5070", {NULL}},
    {"GeForce RTX 5060 Ti 16GB", "rtx-5060-ti-16gb", {NULL}},
    {"Radeon RX 9070 XT", "rx-9070-xt", {NULL}},
    {"AMD Radeon RX 9070", "rx-9070", {NULL}},
    {"AMD Radeon RX 7900 XT", "rx-7900-xt", {NULL}},
    {"Radeon RX 7900 GRE", "rx-7900-gre", {NULL}},
    {"RX 7800 XT", "rx-7800-xt", {NULL}},
    {"AMD Radeon RX 7700 XT", "rx-7700-xt", {NULL}},
    {"Radeon RX 7600", "rx-7600", {NULL}},
    {"AMD Radeon RX 7900 XTX", "rx-7900-xtx", {NULL}},
    {"Radeon RX 7900XTX", "rx-7900-xtx", {NULL}},
    {"7900 XTX", "rx-7900-xtx", {NULL}},
    {"AMD Instinct MI300X Accelerator", "mi300x", {NULL}},
    {"AMD Instinct MI250X", "mi250x", {NULL}},
    {"Instinct MI325X", "mi325x", {NULL}},
    {"Google Cloud TPU v5e", "tpu-v5e", {NULL}},
    {"Cloud TPU v4", "tpu-v4", {NULL}},
    {"TPU v5 lite", "tpu-v5e", {NULL}},
    {"tpuv4", "tpu-v4", {NULL}},
    {"Google TPU v6e", "tpu-v6e", {NULL}},
    {"Intel Gaudi 3 AI Accelerator", "gaudi3", {NULL}},
    {"NVIDIA H100 96GB", "h100-sxm5-96gb", {NULL}}, /* the size picks the member */
    {"Intel Gaudi3", "gaudi3", {NULL}},
    {"Habana Gaudi 2", "gaudi2", {NULL}},
    {"gaudi", "gaudi", {NULL}}, /* the first Gaudi's own name */
    {"Huawei Ascend 910", "ascend-910", {NULL}},
    {"Graphcore GC200 IPU", "ipu-gc200", {NULL}},
    /* Host CPUs as system descriptions write them. */
    {"AMD EPYC 7763 64-Core Processor", "epyc-7763", {NULL}},
    {"EPYC 9654", "epyc-9654", {NULL}},
    {"Intel Xeon Platinum 8480+", "xeon-platinum-8480-plus", {NULL}},
    {"Intel(R) Core(TM) i5-12400", "core-i5-12400", {NULL}},
    {"i5 12400", "core-i5-12400", {NULL}},
    /* Not devices. */
    {"N/A", NULL, {NULL}},
    {"NA", NULL, {NULL}},
    {"NVIDIA", NULL, {NULL}},
};

#define N_TABLE (sizeof table / sizeof table[0])

static accelsel_catalog *cat;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_builtin(&cat), 0);
}

static void teardown(void)
{
    accelsel_catalog_free(cat);
}

START_TEST(table_is_large_enough)
{
    ck_assert_uint_ge(N_TABLE, 50);
}
END_TEST

START_TEST(typed_names_resolve)
{
    const spelling *t = &table[_i];
    size_t d = (size_t)-1;
    int rc = accelsel_catalog_find_device(cat, t->typed, &d);
    if (t->device != NULL) {
        ck_assert_msg(rc == 0, "'%s': %s", t->typed, accelsel_last_error()->message);
        ck_assert_str_eq(accelsel_catalog_device(cat, d)->name, t->device);
        return;
    }
    ck_assert_msg(rc == ACCELSEL_ENOTFOUND, "'%s' resolved to %s", t->typed,
                  rc == 0 ? accelsel_catalog_device(cat, d)->name : "an error");
    const char *msg = accelsel_last_error()->message;
    size_t n = 0;
    while (n < 6 && t->members[n] != NULL)
        n++;
    if (n == 0) {
        ck_assert_msg(strstr(msg, "nearest:") != NULL, "'%s': %s", t->typed, msg);
        return;
    }
    char count[64];
    snprintf(count, sizeof count, "is ambiguous: it names %zu devices: ", n);
    ck_assert_msg(strstr(msg, count) != NULL, "'%s': %s", t->typed, msg);
    /* Every member, quoted, in catalog order. */
    const char *at = strstr(msg, count);
    for (size_t k = 0; k < n; k++) {
        char q[64];
        snprintf(q, sizeof q, "'%s'", t->members[k]);
        const char *m = strstr(at, q);
        ck_assert_msg(m != NULL, "'%s': %s lacks %s", t->typed, msg, q);
        at = m + strlen(q);
    }
}
END_TEST

/* Exact names and aliases are found as before, in any case. */
START_TEST(exact_names_unchanged)
{
    size_t n = accelsel_catalog_device_count(cat);
    for (size_t i = 0; i < n; i++) {
        const accelsel_device_info *d = accelsel_catalog_device(cat, i);
        size_t j;
        ck_assert_int_eq(accelsel_catalog_find_device(cat, d->name, &j), 0);
        ck_assert_uint_eq(j, i);
        for (size_t k = 0; k < d->n_aliases; k++) {
            ck_assert_int_eq(accelsel_catalog_find_device(cat, d->aliases[k], &j), 0);
            ck_assert_uint_eq(j, i);
        }
    }
    size_t s;
    ck_assert_int_eq(accelsel_catalog_find_system(cat, "DGX H100", &s), 0);
    ck_assert_str_eq(accelsel_catalog_system(cat, s)->name, "dgx-h100");
    /* Systems are not found by a part of their names: "h100" is a device family. */
    ck_assert_int_eq(accelsel_catalog_find_system(cat, "h100", &s), ACCELSEL_ENOTFOUND);
    /* Equal normal forms work for every list. */
    ck_assert_int_eq(accelsel_catalog_find_link(cat, "nvlink 4", &s), 0);
    ck_assert_str_eq(accelsel_catalog_link(cat, s)->name, "nvlink4");
}
END_TEST

/* A typo of an H100 name suggests H100s first; of an RTX 4090 name, the 4090. */
START_TEST(suggestions_rank_the_family_first)
{
    size_t i;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "H10O SXM5", &i), ACCELSEL_ENOTFOUND);
    const char *msg = accelsel_last_error()->message;
    const char *near = strstr(msg, "nearest: ");
    ck_assert_ptr_nonnull(near);
    /* Three suggestions, all H100s: none is an H200, A100 or other. */
    ck_assert_ptr_null(strstr(near, "200"));
    ck_assert_ptr_null(strstr(near, "A100"));
    ck_assert_ptr_null(strstr(near, "a100"));
    ck_assert_ptr_nonnull(strstr(near, "H100 SXM"));
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "GeForce RTX 4909", &i),
                     ACCELSEL_ENOTFOUND);
    near = strstr(accelsel_last_error()->message, "nearest: ");
    ck_assert_ptr_nonnull(near);
    ck_assert_msg(strncmp(near, "nearest: 'GeForce RTX 4090'", 27) == 0, "%s", near);
}
END_TEST

/* The 4 x RTX 4090 box is one PCIe node: its all-reduce runs over PCIe 4.0
 * x16. One node of g devices: ring, 2 (g-1)/g x S / B + 2 (g-1) L
 * (docs/predictor.md), B = 31.508e9 B/s (PCIe 4.0 x16 in the catalog) x
 * comm_eff 0.7 (the compiled-in GPU default), L = 5 us (no latency in the
 * catalog), S = ResNet-50's parameters x 4 bytes at fp32. */
START_TEST(pcie_box_all_reduces_over_pcie)
{
    accelsel_network *net = NULL;
    accelsel_predictor *p = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    size_t s;
    ck_assert_int_eq(accelsel_catalog_find_system(cat, "4x RTX 4090 workstation", &s), 0);
    const accelsel_system_info *sys = accelsel_catalog_system(cat, s);
    ck_assert_str_eq(sys->name, "rtx-4090-x4-pcie");
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.system = "rtx-4090-x4-pcie";
    q.precision = ACCELSEL_PRECISION_FP32;
    q.no_correction = 1;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_uint_eq(r.count, 4);
    ck_assert_uint_eq(r.nodes, 1);
    double params = (double)accelsel_network_get_totals(net)->params;
    double expect = 2.0 * 3 / 4 * params * 4 / (31.508e9 * 0.7) + 2 * 3 * 5e-6;
    ck_assert_double_eq_tol(r.communication_s, expect, 1e-9 * expect);
    /* NVLink 4 would be 900 GB/s / 31.5 GB/s faster: the box is not modelled with it. */
    accelsel_prediction nv = ACCELSEL_PREDICTION_INIT;
    q.intra_link = "nvlink4";
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &nv), 0);
    ck_assert_double_lt(nv.communication_s * 5, r.communication_s);
    /* Four bare RTX 4090s get the same PCIe link as the device's usual interconnect. */
    accelsel_prediction bare = ACCELSEL_PREDICTION_INIT;
    q.system = NULL;
    q.intra_link = NULL;
    q.device = "RTX 4090";
    q.count = 4;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &bare), 0);
    ck_assert_double_eq_tol(bare.communication_s, expect, 1e-9 * expect);
    accelsel_predictor_free(p);
    accelsel_network_free(net);
}
END_TEST

/* The 2 x RX 7900 XTX box is one PCIe node too: g = 2, so the ring moves
 * 2 (g-1)/g = 1 x S over PCIe 4.0 x16 at comm_eff 0.7, plus 2 latencies. */
START_TEST(radeon_box_all_reduces_over_pcie)
{
    accelsel_network *net = NULL;
    accelsel_predictor *p = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.system = "2x RX 7900 XTX workstation";
    q.precision = ACCELSEL_PRECISION_FP32;
    q.no_correction = 1;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    ck_assert_uint_eq(r.count, 2);
    double params = (double)accelsel_network_get_totals(net)->params;
    double expect = 2.0 * 1 / 2 * params * 4 / (31.508e9 * 0.7) + 2 * 1 * 5e-6;
    ck_assert_double_eq_tol(r.communication_s, expect, 1e-9 * expect);
    accelsel_predictor_free(p);
    accelsel_network_free(net);
}
END_TEST

/* A card's host_link is its bus to the host and, for a card without a
 * GPU-to-GPU link, between the cards of a node: four bare RTX 4060s (PCIe
 * 4.0 x8, 15.754e9 B/s; the year rule would say PCIe 5.0 x16 for 2023)
 * all-reduce at half the x16 rate, and each copies its batch to the device
 * at 15.754e9 B/s. */
START_TEST(x8_card_uses_its_own_link)
{
    accelsel_network *net = NULL;
    accelsel_predictor *p = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&net, "resnet50", NULL), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    q.device = "GeForce RTX 4060";
    q.count = 4;
    q.global_batch = 128;
    q.sample_bytes = 602112; /* 224 x 224 x 3 fp32 */
    q.precision = ACCELSEL_PRECISION_FP32;
    q.no_correction = 1;
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    double params = (double)accelsel_network_get_totals(net)->params;
    double expect = 2.0 * 3 / 4 * params * 4 / (15.754e9 * 0.7) + 2 * 3 * 5e-6;
    ck_assert_double_eq_tol(r.communication_s, expect, 1e-9 * expect);
    ck_assert_double_eq_tol(r.transfer_s, 32 * 602112 / 15.754e9, 1e-12);
    /* A request's intra link still wins over the card's. */
    q.intra_link = "pcie5-x16";
    ck_assert_int_eq(accelsel_predictor_predict(p, &q, &r), 0);
    expect = 2.0 * 3 / 4 * params * 4 / (63.015e9 * 0.7) + 2 * 3 * 5e-6;
    ck_assert_double_eq_tol(r.communication_s, expect, 1e-9 * expect);
    ck_assert_double_eq_tol(r.transfer_s, 32 * 602112 / 15.754e9, 1e-12);
    accelsel_predictor_free(p);
    accelsel_network_free(net);
}
END_TEST

/* host_link in a catalog file: read, written back, and a bad name refused
 * where it stands with the nearest link names. */
static const char host_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: pcie3-x16, technology: pcie, bw_bytes_s: 15.754e9, source: spec}\n"
    "  - {name: pcie4-x8, technology: pcie, bw_bytes_s: 15.754e9, source: spec}\n"
    "devices:\n"
    "  - name: card\n"
    "    vendor: X\n"
    "    kind: gpu\n"
    "    host_link: %s\n"
    "    source: spec\n"
    "  - {name: other, vendor: X, kind: gpu, source: spec}\n";

START_TEST(host_link_key)
{
    char text[1024];
    accelsel_catalog *c = NULL;
    snprintf(text, sizeof text, host_yaml, "pcie4-x8");
    ck_assert_int_eq(accelsel_catalog_load_buffer(&c, text, strlen(text)), 0);
    ck_assert_int_eq(accelsel_catalog_device(c, 0)->host_link, 1);
    ck_assert_int_eq(accelsel_catalog_device(c, 1)->host_link, -1);
    ck_assert_uint_eq(accelsel_catalog_device(c, 0)->version, ACCELSEL_DEVICE_INFO_VERSION);
    char *saved = NULL;
    ck_assert_int_eq(accelsel_catalog_save_buffer(c, &saved, NULL), 0);
    ck_assert_ptr_nonnull(strstr(saved, "host_link: pcie4-x8"));
    accelsel_catalog *again = NULL;
    ck_assert_int_eq(accelsel_catalog_load_buffer(&again, saved, strlen(saved)), 0);
    ck_assert_int_eq(accelsel_catalog_device(again, 0)->host_link, 1);
    char *saved2 = NULL;
    ck_assert_int_eq(accelsel_catalog_save_buffer(again, &saved2, NULL), 0);
    ck_assert_str_eq(saved, saved2);
    /* Selecting the card keeps the link it names. */
    accelsel_catalog *sel = NULL;
    const char *names[] = {"card"};
    ck_assert_int_eq(accelsel_catalog_select(&sel, c, names, 1), 0);
    size_t li;
    ck_assert_int_eq(accelsel_catalog_find_link(sel, "pcie4-x8", &li), 0);
    ck_assert_int_eq(accelsel_catalog_device(sel, 0)->host_link, (int64_t)li);
    accelsel_free(saved);
    accelsel_free(saved2);
    accelsel_catalog_free(sel);
    accelsel_catalog_free(again);
    accelsel_catalog_free(c);
    /* An unknown link: EPARSE at line 9, column 16, nearest names given. */
    snprintf(text, sizeof text, host_yaml, "pcie4-x9");
    ck_assert_int_eq(accelsel_catalog_load_buffer(&c, text, strlen(text)), ACCELSEL_EPARSE);
    ck_assert_ptr_null(c);
    const char *msg = accelsel_last_error()->message;
    ck_assert_msg(strstr(msg, "9:16") != NULL, "%s", msg);
    ck_assert_msg(strstr(msg, "'pcie4-x9'") != NULL, "%s", msg);
    ck_assert_msg(strstr(msg, "nearest: 'pcie4-x8'") != NULL, "%s", msg);
    /* Not a string. */
    snprintf(text, sizeof text, host_yaml, "[pcie4-x8]");
    ck_assert_int_eq(accelsel_catalog_load_buffer(&c, text, strlen(text)), ACCELSEL_EPARSE);
}
END_TEST

/* scale_up_link and scale_up_domain (a fabric of the device's own, how
 * many devices it joins): read, written back, kept by a selection, and bad
 * values refused where they stand. */
static const char scale_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: fabric, technology: nvlink, bw_bytes_s: 900e9, source: spec}\n"
    "  - {name: other-link, technology: pcie, bw_bytes_s: 63e9, source: spec}\n"
    "devices:\n"
    "  - name: rackgpu\n"
    "    vendor: X\n"
    "    kind: gpu\n"
    "    scale_up_link: %s\n"
    "    scale_up_domain: %s\n"
    "    source: spec\n";

START_TEST(scale_up_keys)
{
    char text[1024];
    accelsel_catalog *c = NULL, *again = NULL, *sel = NULL;
    snprintf(text, sizeof text, scale_yaml, "fabric", "72");
    ck_assert_int_eq(accelsel_catalog_load_buffer(&c, text, strlen(text)), 0);
    ck_assert_int_eq(accelsel_catalog_device(c, 0)->scale_up_link, 0);
    ck_assert_int_eq(accelsel_catalog_device(c, 0)->scale_up_domain, 72);
    char *saved = NULL;
    ck_assert_int_eq(accelsel_catalog_save_buffer(c, &saved, NULL), 0);
    ck_assert_ptr_nonnull(strstr(saved, "scale_up_link: fabric"));
    ck_assert_ptr_nonnull(strstr(saved, "scale_up_domain: 72"));
    ck_assert_int_eq(accelsel_catalog_load_buffer(&again, saved, strlen(saved)), 0);
    ck_assert_int_eq(accelsel_catalog_device(again, 0)->scale_up_domain, 72);
    const char *names[] = {"rackgpu"};
    ck_assert_int_eq(accelsel_catalog_select(&sel, c, names, 1), 0);
    size_t li;
    ck_assert_int_eq(accelsel_catalog_find_link(sel, "fabric", &li), 0);
    ck_assert_int_eq(accelsel_catalog_device(sel, 0)->scale_up_link, (int64_t)li);
    accelsel_free(saved);
    accelsel_catalog_free(sel);
    accelsel_catalog_free(again);
    accelsel_catalog_free(c);
    /* An unknown link at line 9, column 20, and a domain of one device. */
    snprintf(text, sizeof text, scale_yaml, "fabrik", "72");
    ck_assert_int_eq(accelsel_catalog_load_buffer(&c, text, strlen(text)), ACCELSEL_EPARSE);
    const char *msg = accelsel_last_error()->message;
    ck_assert_msg(strstr(msg, "9:20") && strstr(msg, "nearest: 'fabric'"), "%s", msg);
    snprintf(text, sizeof text, scale_yaml, "fabric", "1");
    ck_assert_int_eq(accelsel_catalog_load_buffer(&c, text, strlen(text)), ACCELSEL_EPARSE);
    ck_assert_msg(strstr(accelsel_last_error()->message, "scale_up_domain"), "%s",
                  accelsel_last_error()->message);
    ck_assert_ptr_null(c);
}
END_TEST

/* The new GeForce and Radeon cards against the vendors' spec-page figures,
 * written down here by hand: NVIDIA product pages (CUDA cores, boost clock,
 * memory speed and bus, total graphics power), AMD product pages (stream
 * processors, boost clock, memory, total board power); peaks as the
 * catalog's notes state them: GeForce fp32 = cores x 2 x boost, fp16 = bf16
 * = 2 x fp32 (FP32 accumulate); RDNA 3 fp32 = SPs x 4 x boost, fp16 = 2 x
 * fp32; RDNA 4 fp16 = CUs x 1024 x boost. Host link: PCIe per the pages. */
START_TEST(new_consumer_cards_match_their_pages)
{
    static const struct {
        const char *name;
        double fp32, fp16, mem_gib, bw_gbps, bus_bits, power_w;
        const char *link;
    } t[] = {
        {"rtx-4080-super", 10240 * 2 * 2.55e9, 2 * 10240 * 2 * 2.55e9, 16, 23, 256, 320, "pcie4-x16"},
        {"rtx-4070-ti-super", 8448 * 2 * 2.61e9, 2 * 8448 * 2 * 2.61e9, 16, 21, 256, 285, "pcie4-x16"},
        {"rtx-4070-super", 7168 * 2 * 2.475e9, 2 * 7168 * 2 * 2.475e9, 12, 21, 192, 220, "pcie4-x16"},
        {"rtx-4070", 5888 * 2 * 2.475e9, 2 * 5888 * 2 * 2.475e9, 12, 21, 192, 200, "pcie4-x16"},
        {"rtx-4060-ti-16gb", 4352 * 2 * 2.535e9, 2 * 4352 * 2 * 2.535e9, 16, 18, 128, 165, "pcie4-x8"},
        {"rtx-4060-ti-8gb", 4352 * 2 * 2.535e9, 2 * 4352 * 2 * 2.535e9, 8, 18, 128, 160, "pcie4-x8"},
        {"rtx-4060", 3072 * 2 * 2.46e9, 2 * 3072 * 2 * 2.46e9, 8, 17, 128, 115, "pcie4-x8"},
        {"rtx-5080", 10752 * 2 * 2.62e9, 2 * 10752 * 2 * 2.62e9, 16, 30, 256, 360, "pcie5-x16"},
        {"rtx-5070-ti", 8960 * 2 * 2.45e9, 2 * 8960 * 2 * 2.45e9, 16, 28, 256, 300, "pcie5-x16"},
        {"rtx-5070", 6144 * 2 * 2.51e9, 2 * 6144 * 2 * 2.51e9, 12, 28, 192, 250, "pcie5-x16"},
        {"rtx-5060-ti-16gb", 4608 * 2 * 2.57e9, 2 * 4608 * 2 * 2.57e9, 16, 28, 128, 180, "pcie5-x8"},
        {"rtx-5060-ti-8gb", 4608 * 2 * 2.57e9, 2 * 4608 * 2 * 2.57e9, 8, 28, 128, 180, "pcie5-x8"},
        {"rx-7900-xt", 5376 * 4 * 2.4e9, 2 * 5376 * 4 * 2.4e9, 20, 20, 320, 315, "pcie4-x16"},
        {"rx-7900-gre", 5120 * 4 * 2.245e9, 2 * 5120 * 4 * 2.245e9, 16, 18, 256, 260, "pcie4-x16"},
        {"rx-7800-xt", 3840 * 4 * 2.43e9, 2 * 3840 * 4 * 2.43e9, 16, 19.5, 256, 263, "pcie4-x16"},
        {"rx-7700-xt", 3456 * 4 * 2.544e9, 2 * 3456 * 4 * 2.544e9, 12, 18, 192, 245, "pcie4-x16"},
        {"rx-7600", 21.75e12, 43.5e12, 8, 18, 128, 165, "pcie4-x8"}, /* AMD's own figures */
        {"rx-9070-xt", 4096 * 4 * 2.97e9, 64 * 1024 * 2.97e9, 16, 20, 256, 304, "pcie5-x16"},
        {"rx-9070", 3584 * 4 * 2.52e9, 56 * 1024 * 2.52e9, 16, 20, 256, 220, "pcie5-x16"},
    };
    for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
        size_t i;
        ck_assert_msg(accelsel_catalog_find_device(cat, t[k].name, &i) == 0, "%s", t[k].name);
        const accelsel_device_info *d = accelsel_catalog_device(cat, i);
        ck_assert_msg(fabs(d->peak_flops[ACCELSEL_PRECISION_FP32] - t[k].fp32) < 1e-9 * t[k].fp32,
                      "%s fp32 %g", t[k].name, d->peak_flops[ACCELSEL_PRECISION_FP32]);
        ck_assert_msg(fabs(d->peak_flops[ACCELSEL_PRECISION_FP16] - t[k].fp16) < 1e-9 * t[k].fp16,
                      "%s fp16 %g", t[k].name, d->peak_flops[ACCELSEL_PRECISION_FP16]);
        if (d->vendor[0] == 'N')
            ck_assert_double_eq(d->peak_flops[ACCELSEL_PRECISION_BF16],
                                d->peak_flops[ACCELSEL_PRECISION_FP16]);
        ck_assert_double_eq(d->memory_bytes, t[k].mem_gib * 1073741824.0);
        ck_assert_msg(fabs(d->memory_bw_bytes_s - t[k].bw_gbps * 1e9 * t[k].bus_bits / 8) < 1,
                      "%s bw %g", t[k].name, d->memory_bw_bytes_s);
        ck_assert_double_eq(d->tdp_w, t[k].power_w);
        ck_assert_int_ge(d->host_link, 0);
        ck_assert_str_eq(accelsel_catalog_link(cat, (size_t)d->host_link)->name, t[k].link);
        ck_assert_ptr_nonnull(d->provenance.source);
    }
    /* The x8 links: 16 and 32 GT/s x 8 lanes x 128/130 / 8 bits. */
    size_t li;
    ck_assert_int_eq(accelsel_catalog_find_link(cat, "PCIe 4.0 x8", &li), 0);
    ck_assert_double_eq_tol(accelsel_catalog_link(cat, li)->bw_bytes_s, 16e9 * 8 * 128 / 130 / 8, 1e6);
    ck_assert_int_eq(accelsel_catalog_find_link(cat, "PCIe 5.0 x8", &li), 0);
    ck_assert_double_eq_tol(accelsel_catalog_link(cat, li)->bw_bytes_s, 32e9 * 8 * 128 / 130 / 8, 1e6);
}
END_TEST

/* The catalog's new entries against the figures of their sources. */
START_TEST(consumer_cards_and_the_vm)
{
    size_t i;
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "rtx-4080", &i), 0);
    const accelsel_device_info *d = accelsel_catalog_device(cat, i);
    ck_assert_double_eq_tol(d->peak_flops[ACCELSEL_PRECISION_FP32], 9728 * 2 * 2.505e9, 1e3);
    ck_assert_double_eq(d->memory_bw_bytes_s, 22.4e9 * 256 / 8);
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "rx-7900-xtx", &i), 0);
    d = accelsel_catalog_device(cat, i);
    ck_assert_double_eq(d->memory_bw_bytes_s, 20e9 * 384 / 8);
    ck_assert_double_eq(d->memory_bytes, 24.0 * 1073741824.0);
    ck_assert_int_eq(accelsel_catalog_find_device(cat, "epyc-genoa-vm-2vcpu", &i), 0);
    d = accelsel_catalog_device(cat, i);
    /* 2 cores x 2.4 GHz x 32 fp32 FLOPs per cycle (two 256-bit FMA pipes);
       40 GB/s measured. */
    ck_assert_double_eq_tol(d->peak_flops[ACCELSEL_PRECISION_FP32], 153.6e9, 1);
    ck_assert_double_eq_tol(d->peak_flops[ACCELSEL_PRECISION_FP64], 76.8e9, 1);
    ck_assert_double_eq(d->memory_bw_bytes_s, 40e9);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("names");
    TCase *tc = tcase_create("names");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_add_test(tc, table_is_large_enough);
    tcase_add_loop_test(tc, typed_names_resolve, 0, (int)N_TABLE);
    tcase_add_test(tc, exact_names_unchanged);
    tcase_add_test(tc, suggestions_rank_the_family_first);
    tcase_add_test(tc, pcie_box_all_reduces_over_pcie);
    tcase_add_test(tc, consumer_cards_and_the_vm);
    tcase_add_test(tc, radeon_box_all_reduces_over_pcie);
    tcase_add_test(tc, x8_card_uses_its_own_link);
    tcase_add_test(tc, host_link_key);
    tcase_add_test(tc, scale_up_keys);
    tcase_add_test(tc, new_consumer_cards_match_their_pages);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
