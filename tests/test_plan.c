/* Parallel plans of transformer training against closed forms: activation
 * memory under each recomputation (Korthikanti et al. 2022), the pipeline
 * bubble (Narayanan et al. 2021), ZeRO's collective volumes and memory
 * (Rajbhandari et al. 2020), Megatron-LM's tensor-parallel all-reduces,
 * monotonicity in bandwidth, memory and peak, and the bad plans of issue 29. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "perf/plan_model.h"
#include "testutil.h"

/* A GPU of 8 per node on links of 1 fs latency, so that collective times
 * are volumes over bandwidths to 1e-9. */
static const char cat_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: nv, technology: nvlink, bw_bytes_s: 100e9, latency_s: 1e-15, source: s}\n"
    "  - {name: ib, technology: infiniband, bw_bytes_s: 10e9, latency_s: 1e-15, source: s}\n"
    "  - {name: pcie5-x16, technology: pcie, bw_bytes_s: 63e9, source: s}\n"
    "devices:\n"
    "  - {name: g, vendor: v, kind: gpu, release_year: 2023, peak_flops: {fp32: 50e12, bf16: 1e15,\n"
    "     fp8: 2e15}, memory_bytes: 80e9, memory_bw_bytes_s: 3e12, source: s}\n"
    "  - {name: g2, vendor: v, kind: gpu, release_year: 2023, peak_flops: {fp32: 50e12, bf16: 2e15},\n"
    "     memory_bytes: 160e9, memory_bw_bytes_s: 6e12, source: s}\n"
    "  - {name: rack, vendor: v, kind: gpu, release_year: 2023, peak_flops: {fp32: 50e12,\n"
    "     bf16: 1e15}, memory_bytes: 80e9, memory_bw_bytes_s: 3e12, scale_up_link: nv,\n"
    "     scale_up_domain: 16, source: s}\n";

/* GPT-style blocks as Korthikanti et al. measured them: 4h GELU
 * feed-forward, dropout, layer norms, every head its own keys. */
static const char gpt_yaml[] =
    "name: gpt\ntransformer: {family: decoder, layers: 8, hidden: 1024, heads: 16, ffn: 4096,\n"
    "  vocab: 1000, sequence: 2048, positions: 2048, tied_embeddings: true, dropout: true}\n";

static accelsel_catalog *cat;
static accelsel_predictor *pred;
static accelsel_network *gpt;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, cat_yaml, strlen(cat_yaml)), 0);
    accelsel_predictor_options o = ACCELSEL_PREDICTOR_OPTIONS_INIT;
    o.physical = 1;
    ck_assert_int_eq(accelsel_predictor_new(&pred, cat, &o), 0);
    ck_assert_int_eq(accelsel_network_load_buffer(&gpt, gpt_yaml, strlen(gpt_yaml), NULL), 0);
}

static void teardown(void)
{
    accelsel_network_free(gpt);
    accelsel_predictor_free(pred);
    accelsel_catalog_free(cat);
}

static accelsel_predict_request request(const char *dev, uint32_t count, double gbs)
{
    accelsel_predict_request r = ACCELSEL_PREDICT_REQUEST_INIT;
    r.network = gpt;
    r.device = dev;
    r.count = count;
    r.global_batch = gbs;
    r.intra_link = "nv";
    r.inter_link = "ib";
    return r;
}

static accelsel_plan_prediction predict(const accelsel_predict_request *r, const char *plan)
{
    accelsel_plan pl;
    ck_assert_int_eq(accelsel_plan_parse(&pl, plan), 0);
    accelsel_plan_prediction out = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
    size_t n = 0;
    int rc = accelsel_predictor_predict_plan(pred, r, &pl, &out, 1, &n);
    ck_assert_msg(rc == 0, "%s: %s", plan, accelsel_last_error()->message);
    ck_assert_uint_eq(n, 1);
    return out;
}

/* Korthikanti et al. 2022: per layer, s b h (34 + 5 a s / h) bytes without
 * parallelism; s b h (10 + 24 / t + 5 a s / (h t)) with tensor parallelism
 * t; s b h (34 / t + 5 a s / (h t)) with sequence parallelism too; 34 s b h
 * / t recomputing selectively; 2 s b h (/ t with sequence parallelism)
 * recomputing fully. The model keeps the score matrix only when attention
 * is not fused. */
START_TEST(activations_korthikanti)
{
    accelsel_predict_request r = request("g", 8, 8);
    asel_perf_config c;
    ck_assert_int_eq(asel_perf_resolve(pred, &r, &c), 0);
    c.precision = ACCELSEL_PRECISION_BF16;
    asel_plan_env e;
    asel_plan_env_init(&e, asel_perf_params_default(), &c, accelsel_network_get_transformer(gpt), 8);
    e.fused = 0;
    double s = 2048, b = 2, h = 1024, a = 16, t = 8, sbh = s * b * h;
    accelsel_plan pl = { 1, 8, 1, 1, 1, 2, 1, ACCELSEL_PLAN_OFF, ACCELSEL_SHARDING_NONE,
                         ACCELSEL_RECOMPUTE_NONE };
    ck_assert_double_eq_tol(asel_plan_block_activations(&e, &pl, b),
                            sbh * (10 + 24 / t + 5 * a * s / (h * t)), 1e-6);
    pl.sequence_parallel = ACCELSEL_PLAN_ON;
    ck_assert_double_eq_tol(asel_plan_block_activations(&e, &pl, b),
                            sbh * (34 / t + 5 * a * s / (h * t)), 1e-6);
    pl.recompute = ACCELSEL_RECOMPUTE_SELECTIVE;
    ck_assert_double_eq_tol(asel_plan_block_activations(&e, &pl, b), sbh * 34 / t, 1e-6);
    pl.recompute = ACCELSEL_RECOMPUTE_FULL;
    ck_assert_double_eq_tol(asel_plan_block_activations(&e, &pl, b), 2 * sbh / t, 1e-6);
    pl.tp = 1;
    pl.sequence_parallel = ACCELSEL_PLAN_OFF;
    pl.recompute = ACCELSEL_RECOMPUTE_NONE;
    ck_assert_double_eq_tol(asel_plan_block_activations(&e, &pl, b),
                            sbh * (34 + 5 * a * s / h), 1e-6);
    /* Fused attention keeps fp32 statistics (4 a s b bytes) instead of scores. */
    e.fused = 1;
    ck_assert_double_eq_tol(asel_plan_block_activations(&e, &pl, b), sbh * 34 + 4 * a * s * b, 1e-6);
}
END_TEST

/* 1F1B's bubble is (pp - 1) micro-batch times, interleaving's (pp - 1) / v
 * (Narayanan et al. 2021): bubble / (m x per micro-batch) = (pp - 1) / (v m). */
START_TEST(pipeline_bubble)
{
    accelsel_predict_request r = request("g", 8, 32);
    const char *plans[] = {"tp=1,pp=4,cp=1,dp=2,mbs=1,vp=1,sp=off,zero=0,recompute=none",
                           "tp=1,pp=4,cp=1,dp=2,mbs=1,vp=2,sp=off,zero=0,recompute=none",
                           "tp=1,pp=8,cp=1,dp=1,mbs=2,vp=1,sp=off,zero=0,recompute=none"};
    const double want[] = {3.0 / 16, 3.0 / 32, 7.0 / 16};
    for (int i = 0; i < 3; i++) {
        accelsel_plan_prediction p = predict(&r, plans[i]);
        double fixed = asel_perf_params_default()->kind[ASEL_PERF_KIND_GPU].plan_step_s;
        double busy = p.step_s - p.bubble_s - p.dp_exposed_s - p.optimizer_s - fixed;
        ck_assert_double_eq_tol(p.bubble_s / busy, want[i], 1e-12);
    }
}
END_TEST

/* ZeRO (Rajbhandari et al. 2020, section 7): plain data parallelism and
 * stages 1 and 2 move 2 psi per step, stage 3 3 psi; with one micro-batch
 * the times are in those ratios. Memory: (2 + 2 + 12) psi, then 2 psi + 2
 * psi + 12 psi / N, 2 psi + 14 psi / N, 16 psi / N (N the replicas). */
START_TEST(zero_volumes_and_memory)
{
    accelsel_predict_request r = request("g", 8, 8);
    const char *z[] = {"0", "1", "2", "3"};
    double dp[4], psi = 0;
    for (int i = 0; i < 4; i++) {
        char plan[128];
        snprintf(plan, sizeof plan, "tp=1,pp=1,cp=1,dp=8,mbs=1,vp=1,sp=off,zero=%s,recompute=none",
                 z[i]);
        accelsel_plan_prediction p = predict(&r, plan);
        dp[i] = p.dp_s;
        if (i == 0)
            psi = p.weight_bytes / 2;
        double n = 8, want[4][3] = {{2, 2, 12}, {2, 2, 12 / n}, {2, 2 / n, 12 / n},
                                     {2 / n, 2 / n, 12 / n}};
        ck_assert_double_eq_tol(p.weight_bytes, want[i][0] * psi, 1e-3);
        ck_assert_double_eq_tol(p.gradient_bytes, want[i][1] * psi, 1e-3);
        ck_assert_double_eq_tol(p.optimizer_bytes, want[i][2] * psi, 1e-3);
    }
    ck_assert_double_eq_tol(psi, (double)accelsel_network_get_totals(gpt)->params, 0.5);
    ck_assert_double_eq_tol(dp[1] / dp[0], 1, 1e-9);
    ck_assert_double_eq_tol(dp[2] / dp[0], 1, 1e-9);
    ck_assert_double_eq_tol(dp[3] / dp[0], 1.5, 1e-9);
    /* The ring all-reduce of 2 psi bytes in 16-bit among 8 GPUs of a node:
     * 2 (8 - 1) / 8 x 2 psi over the link at comm_eff. */
    double bw = 100e9 * 0.7;
    ck_assert_double_eq_tol(dp[0], 2.0 * 7 / 8 * 2 * psi / bw, 1e-9 * dp[0]);
}
END_TEST

/* Megatron-LM: per block and micro-batch, 2 all-reduces of s b h in the
 * forward pass and 2 in the backward (6 recomputing fully), each over the
 * tp ranks of a node. */
START_TEST(tensor_parallel_volume)
{
    accelsel_predict_request r = request("g", 8, 8);
    accelsel_plan_prediction p = predict(&r, "tp=8,pp=1,cp=1,dp=1,mbs=1,vp=1,sp=off,zero=0,"
                                             "recompute=none");
    double bytes = 2048.0 * 1024 * 2, ar = 2.0 * 7 / 8 * bytes / (100e9 * 0.7);
    ck_assert_double_eq_tol(p.tp_s, 8 * 8 * 4 * ar, 1e-9 * p.tp_s);
    accelsel_plan_prediction sp = predict(&r, "tp=8,pp=1,cp=1,dp=1,mbs=1,vp=1,sp=on,zero=0,"
                                              "recompute=full");
    ck_assert_double_eq_tol(sp.tp_s, 8 * 8 * 6 * ar, 1e-9 * sp.tp_s);
}
END_TEST

/* A device with a fabric of its own (an NVL72 rack's NVLink) joins its
 * scale-up domain on it across nodes: 16 devices in nodes of 4 ring their
 * tensor-parallel all-reduces over nv alone, 2 (16 - 1) / 16 of the
 * activation bytes each at comm_eff; within nodes only, the ring would
 * cross ib. */
START_TEST(scale_up_domain)
{
    accelsel_predict_request r = request("rack", 16, 1);
    r.intra_link = NULL;
    r.per_node = 4;
    accelsel_plan_prediction p = predict(&r, "tp=16,pp=1,cp=1,dp=1,mbs=1,vp=1,sp=off,zero=0,"
                                             "recompute=none");
    double bytes = 2048.0 * 1024 * 2, ar = 2.0 * 15 / 16 * bytes / (100e9 * 0.7);
    ck_assert_double_eq_tol(p.tp_s, 8 * 4 * ar, 1e-9 * p.tp_s);
    /* naming that fabric (as MLPerf's rows name their interconnect) keeps
     * the domain; another link inside the nodes is the nodes' alone */
    r.intra_link = "nv";
    accelsel_plan_prediction q = predict(&r, "tp=16,pp=1,cp=1,dp=1,mbs=1,vp=1,sp=off,zero=0,"
                                             "recompute=none");
    ck_assert_double_eq(q.tp_s, p.tp_s);
    r.intra_link = "pcie5-x16";
    q = predict(&r, "tp=16,pp=1,cp=1,dp=1,mbs=1,vp=1,sp=off,zero=0,recompute=none");
    ck_assert_double_gt(q.tp_s, p.tp_s);
}
END_TEST

/* MLPerf's LLM benchmarks train in the 8 bits a device has: their zoo
 * workloads at the automatic precision are fp8 on g (bf16 and fp8 peaks),
 * bf16 on g2 (no fp8); the same sizes under another name are bf16. */
START_TEST(mlperf_workloads_in_8_bits)
{
    accelsel_network *mlperf, *bare;
    ck_assert_int_eq(accelsel_network_load_zoo(&mlperf, "llama2_70b_lora", NULL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&bare, "llama2-70b-lora", NULL), 0);
    static const char spec[] = "tp=1,pp=1,cp=2,dp=4,mbs=1,vp=1,sp=off,zero=3,recompute=full";
    const struct { const char *dev; const accelsel_network *net; int want; } c[] = {
        {"g", mlperf, ACCELSEL_PRECISION_FP8},
        {"g2", mlperf, ACCELSEL_PRECISION_BF16},
        {"g", bare, ACCELSEL_PRECISION_BF16},
    };
    for (size_t i = 0; i < 3; i++) {
        accelsel_predict_request r = request(c[i].dev, 8, 8);
        r.network = c[i].net;
        accelsel_plan_prediction a = predict(&r, spec);
        r.precision = c[i].want;
        accelsel_plan_prediction b = predict(&r, spec);
        ck_assert_msg(a.step_s == b.step_s, "%s: %g, at %s %g", c[i].dev, a.step_s,
                      accelsel_precision_name(c[i].want), b.step_s);
    }
    accelsel_network_free(mlperf);
    accelsel_network_free(bare);
}
END_TEST

/* A faster device, more bandwidth or more memory is never slower: the best
 * plan on g2 (twice the peak, bandwidth and memory) and over faster links. */
START_TEST(monotone)
{
    for (uint32_t count = 8; count <= 64; count *= 2) {
        accelsel_predict_request r = request("g", count, 64);
        accelsel_plan_prediction slow = predict(&r, "auto");
        r.device = "g2";
        accelsel_plan_prediction fast = predict(&r, "auto");
        ck_assert_double_le(fast.step_s, slow.step_s);
        r.inter_link = "nv";
        accelsel_plan_prediction links = predict(&r, "auto");
        ck_assert_double_le(links.step_s, fast.step_s);
    }
}
END_TEST

/* Bad plans: degrees that do not multiply to the count, do not divide the
 * model or the batch; a plan that does not fit, with the bytes by kind. */
START_TEST(bad_plans)
{
    static const struct { const char *plan; int status; const char *message; } bad[] = {
        {"tp=2,pp=2,cp=1,dp=4", ACCELSEL_EINFEASIBLE, "divides the model"},
        {"tp=3,pp=1,cp=1,dp=1,mbs=1,vp=1,sp=off,zero=0,recompute=none", ACCELSEL_EINVAL,
         "not the 8 accelerators"},
        {"tp=8,pp=3,cp=1,dp=1,mbs=1,vp=1,sp=off,zero=0,recompute=none", ACCELSEL_EINVAL,
         "not the 8"},
        {"tp=1,pp=8,cp=1,dp=1,mbs=3,vp=1,sp=off,zero=0,recompute=none", ACCELSEL_EINVAL,
         "does not divide into dp 1 x micro-batches of 3"},
        {"tp=1,pp=1,cp=1,dp=8,mbs=1,vp=1,sp=on,zero=0,recompute=none", ACCELSEL_EINVAL,
         "sequence parallelism needs tp > 1"},
    };
    accelsel_predict_request r = request("g", 8, 8);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        accelsel_plan pl;
        ck_assert_int_eq(accelsel_plan_parse(&pl, bad[i].plan), 0);
        accelsel_plan_prediction out = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
        size_t n = 7;
        int rc = accelsel_predictor_predict_plan(pred, &r, &pl, &out, 1, &n);
        ck_assert_msg(rc == bad[i].status, "%s: %s", bad[i].plan, accelsel_last_error()->message);
        ck_assert_msg(strstr(accelsel_last_error()->message, bad[i].message) != NULL, "%s: %s",
                      bad[i].plan, accelsel_last_error()->message);
        ck_assert_uint_eq(n, 0);
    }
    /* Llama 3.1 405B on 8 devices of 80 GB fits no plan: the bytes by kind. */
    accelsel_network *big = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&big, "llama31-405b", NULL), 0);
    r.network = big;
    accelsel_plan_prediction out = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
    size_t n;
    ck_assert_int_eq(accelsel_predictor_predict_plan(pred, &r, NULL, &out, 1, &n),
                     ACCELSEL_EINFEASIBLE);
    const char *m = accelsel_last_error()->message;
    ck_assert_msg(strstr(m, "no plan fits memory") && strstr(m, "weights") &&
                  strstr(m, "optimizer states") && strstr(m, "activations"), "%s", m);
    accelsel_network_free(big);
}
END_TEST

/* LoRA: frozen weights take no gradients and no optimizer state. */
START_TEST(lora_state)
{
    accelsel_network *lora = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&lora, "llama2-70b-lora", NULL), 0);
    accelsel_predict_request r = request("g2", 8, 8);
    r.network = lora;
    accelsel_plan_prediction p = predict(&r, "tp=8,pp=1,cp=1,dp=1,mbs=1,vp=1,sp=on,zero=0,"
                                             "recompute=full");
    double trained = 44564480.0 / 8;
    ck_assert_double_eq_tol(p.gradient_bytes, 2 * trained, 1);
    ck_assert_double_eq_tol(p.optimizer_bytes, 12 * trained, 1);
    ck_assert_double_eq_tol(p.weight_bytes, 2 * 69021212672.0 / 8, 1);
    accelsel_network_free(lora);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("plan");
    TCase *tc = tcase_create("plan");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, activations_korthikanti);
    tcase_add_test(tc, pipeline_bubble);
    tcase_add_test(tc, zero_volumes_and_memory);
    tcase_add_test(tc, tensor_parallel_volume);
    tcase_add_test(tc, scale_up_domain);
    tcase_add_test(tc, mlperf_workloads_in_8_bits);
    tcase_add_test(tc, monotone);
    tcase_add_test(tc, bad_plans);
    tcase_add_test(tc, lora_state);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
