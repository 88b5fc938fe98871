/* Speed of the plan search: Llama 3.1 405B on 16,384 B200s (global batch
 * 2,048 sequences of 8,192), every field of the plan searched, on one
 * thread, the fastest of five runs. Prints JSON with "seconds"
 * (tools/run-bench reads it) and the best plan. Never fails on time.
 * --dump prints instead, as JSON, what the search is made of (the sizes,
 * the resolved device and links, the parameters) and its best plan and
 * step without corrections, for bench/plan_vs_numpy.py.
 *
 * usage: bench_plan [--dump] [NETWORK DEVICE COUNT BATCH] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "accelsel/accelsel.h"
#include "perf/plan_model.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* The search's inputs and its best plan as one JSON object. */
static int dump(const accelsel_predictor *p, const accelsel_predict_request *r)
{
    asel_perf_config c;
    double gbs;
    if (asel_plan_resolve(p, r, &c, &gbs) != 0)
        return 1;
    const accelsel_transformer_info *t = accelsel_network_get_transformer(r->network);
    asel_plan_env e;
    asel_plan_env_init(&e, &p->par, &c, t, gbs);
    accelsel_plan fixed = ACCELSEL_PLAN_INIT;
    accelsel_plan_prediction best = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
    size_t n;
    if (asel_plan_search(&e, &fixed, &best, 1, &n) != 0)
        return 1;
    const asel_perf_kind_params *q = e.q;
    printf("{\"t\": {\"decoder\": %d, \"layers\": %llu, \"hidden\": %llu, \"heads\": %llu, "
           "\"kv_heads\": %llu, \"head_dim\": %llu, \"ffn\": %llu, \"vocab\": %llu, "
           "\"sequence\": %llu, \"experts\": %llu, \"top_k\": %llu, \"lora_rank\": %llu, "
           "\"gated\": %u, \"dropout\": %u},\n",
           t->family == ACCELSEL_TRANSFORMER_DECODER, (unsigned long long)t->layers,
           (unsigned long long)t->hidden, (unsigned long long)t->heads,
           (unsigned long long)t->kv_heads, (unsigned long long)t->head_dim,
           (unsigned long long)t->ffn, (unsigned long long)t->vocab,
           (unsigned long long)t->sequence, (unsigned long long)t->experts,
           (unsigned long long)t->top_k, (unsigned long long)t->lora_rank, t->gated, t->dropout);
    printf(" \"env\": {\"gbs\": %.17g, \"peak\": %.17g, \"attn_peak\": %.17g, \"bw\": %.17g, "
           "\"act_bytes\": %.17g, \"frozen_bytes\": %.17g, \"fused\": %d, \"block_params\": %.17g, "
           "\"trained_block\": %.17g, \"embed_params\": %.17g, \"head_params\": %.17g, "
           "\"trained_embed\": %.17g, \"trained_head\": %.17g},\n", e.gbs, e.peak, e.attn_peak,
           e.bw, e.act_bytes, e.frozen_bytes, e.fused, e.block_params, e.trained_block,
           e.embed_params, e.head_params, e.trained_embed, e.trained_head);
    printf(" \"cfg\": {\"count\": %.17g, \"domain\": %.17g, \"intra_bw\": %.17g, \"intra_lat\": "
           "%.17g, \"inter_bw\": %.17g, \"inter_lat\": %.17g, \"memory_bytes\": %.17g, "
           "\"peak\": %.17g},\n", c.count, c.domain, c.intra_bw, c.intra_lat, c.inter_bw,
           c.inter_lat, c.dev->memory_bytes, c.dev->peak_flops[c.precision]);
    printf(" \"q\": {\"overhead_s\": %.17g, \"fusion\": %.17g, \"overlap\": %.17g, "
           "\"plan_comm_eff\": %.17g, \"plan_tp_overlap\": %.17g, \"plan_step_s\": %.17g},\n",
           q->overhead_s, q->fusion, q->overlap, q->plan_comm_eff, q->plan_tp_overlap,
           q->plan_step_s);
    const accelsel_plan *b = &best.plan;
    printf(" \"best\": {\"tp\": %u, \"pp\": %u, \"cp\": %u, \"dp\": %u, \"mbs\": %u, "
           "\"vp\": %u, \"sp\": %u, \"zero\": %u, \"recompute\": %u, \"step_s\": %.17g}}\n",
           b->tp, b->pp, b->cp, b->dp, b->micro_batch, b->interleave, b->sequence_parallel,
           b->sharding, b->recompute, best.step_s);
    return 0;
}

int main(int argc, char **argv)
{
    int dumping = argc > 1 && strcmp(argv[1], "--dump") == 0;
    argc -= dumping, argv += dumping;
    const char *name = argc > 4 ? argv[1] : "llama31-405b", *dev = argc > 4 ? argv[2] : "b200";
    uint32_t count = argc > 4 ? (uint32_t)atol(argv[3]) : 16384;
    double gbs = argc > 4 ? atof(argv[4]) : 2048;
    accelsel_catalog *cat = NULL;
    accelsel_predictor *p = NULL;
    accelsel_network *net = NULL;
    if (accelsel_catalog_load_builtin(&cat) != 0 || accelsel_predictor_new(&p, cat, NULL) != 0 ||
        accelsel_network_load_zoo(&net, name, NULL) != 0) {
        fprintf(stderr, "bench_plan: %s\n", accelsel_last_error()->message);
        return 1;
    }
    accelsel_predict_request r = ACCELSEL_PREDICT_REQUEST_INIT;
    r.network = net;
    r.device = dev;
    r.count = count;
    r.global_batch = gbs;
    if (dumping) {
        int rc = dump(p, &r);
        if (rc != 0)
            fprintf(stderr, "bench_plan: %s\n", accelsel_last_error()->message);
        accelsel_network_free(net);
        accelsel_predictor_free(p);
        accelsel_catalog_free(cat);
        return rc;
    }
    accelsel_plan_prediction out[2] = {{.version = ACCELSEL_PLAN_PREDICTION_VERSION},
                                       {.version = ACCELSEL_PLAN_PREDICTION_VERSION}};
    size_t n = 0;
    int reps = 5, rc = 0;
    double best = 1e300;
    for (int i = 0; i < reps && rc == 0; i++) {
        double t0 = now();
        rc = accelsel_predictor_predict_plan(p, &r, NULL, out, 2, &n);
        double dt = now() - t0;
        best = dt < best ? dt : best;
    }
    if (rc != 0) {
        fprintf(stderr, "bench_plan: %s\n", accelsel_last_error()->message);
        return 1;
    }
    const accelsel_plan *b = &out[0].plan;
    printf("{\"network\": \"%s\", \"device\": \"%s\", \"count\": %u, \"global_batch\": %.0f, "
           "\"seconds\": %.6f, \"plan\": {\"tp\": %u, \"pp\": %u, \"cp\": %u, \"dp\": %u, "
           "\"mbs\": %u, \"vp\": %u, \"sp\": %u, \"zero\": \"%s\", \"recompute\": \"%s\"}, "
           "\"step_s\": %.9g}\n", name, dev, count, gbs, best, b->tp, b->pp, b->cp, b->dp,
           b->micro_batch, b->interleave, b->sequence_parallel,
           accelsel_sharding_name(b->sharding), accelsel_recompute_name(b->recompute),
           out[0].step_s);
    accelsel_network_free(net);
    accelsel_predictor_free(p);
    accelsel_catalog_free(cat);
    return 0;
}
