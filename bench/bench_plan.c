/* Speed of the plan search: Llama 3.1 405B on 16,384 B200s (global batch
 * 2,048 sequences of 8,192), every field of the plan searched, on one
 * thread, the fastest of five runs. Prints JSON with "seconds"
 * (tools/run-bench reads it) and the best plan. Never fails on time.
 *
 * usage: bench_plan [NETWORK DEVICE COUNT BATCH] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "accelsel/accelsel.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv)
{
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
