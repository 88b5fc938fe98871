/* accelsel predict --plan: a transformer's training under a parallel plan,
 * the fastest that fits memory (the plan's missing keys searched by the
 * library) and the next best, as a table or JSON. */
#include <stdio.h>

#include "predict.h"

typedef struct named {
    const char *key;
    double v;
} named;

static void json_object(const char *key, const named *v, size_t n, const char *indent)
{
    printf("%s\"%s\": {", indent, key);
    for (size_t i = 0; i < n; i++) {
        printf("%s\"%s\": ", i ? ", " : "", v[i].key);
        cli_json_number(stdout, v[i].v);
    }
    fputs("}", stdout);
}

void predict_json_plan(const accelsel_plan *pl)
{
    printf("{\"tp\": %u, \"pp\": %u, \"dp\": %u, \"cp\": %u, \"micro_batch\": %u, "
           "\"interleave\": %u, \"sequence_parallel\": %s, \"sharding\": \"%s\", "
           "\"recompute\": \"%s\"}", pl->tp, pl->pp, pl->dp, pl->cp, pl->micro_batch,
           pl->interleave, pl->sequence_parallel == ACCELSEL_PLAN_ON ? "true" : "false",
           accelsel_sharding_name(pl->sharding), accelsel_recompute_name(pl->recompute));
}

static void json_plan(const accelsel_plan_prediction *p, const char *in)
{
    printf("%s\"plan\": ", in);
    predict_json_plan(&p->plan);
    fputs(",\n", stdout);
    const named top[] = {{"step_s", p->step_s}, {"time_to_train_s", p->time_to_train_s},
                         {"throughput_samples_s", p->throughput_samples_s},
                         {"tokens_s", p->tokens_s}, {"mfu", p->mfu},
                         {"micro_batches", p->micro_batches}, {"correction", p->correction},
                         {"nodes", p->nodes}, {"per_node", p->per_node},
                         {"evaluation_s", p->evaluation_s}};
    for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) {
        printf("%s\"%s\": ", in, top[i].key);
        cli_json_number(stdout, top[i].v);
        fputs(",\n", stdout);
    }
    printf("%s\"communication\": {", in);
    const char *names[] = {"tp", "cp", "pp", "dp"};
    const double s[] = {p->tp_s, p->cp_s, p->pp_s, p->dp_s};
    const double x[] = {p->tp_exposed_s, p->cp_exposed_s, p->pp_exposed_s, p->dp_exposed_s};
    for (int i = 0; i < 4; i++) {
        const named v[] = {{"s", s[i]}, {"exposed_s", x[i]}};
        json_object(names[i], v, 2, i ? ", " : "");
    }
    fputs("},\n", stdout);
    const named b[] = {{"compute_s", p->compute_s}, {"recompute_s", p->recompute_s},
                       {"memory_s", p->memory_s},   {"overhead_s", p->overhead_s},
                       {"bubble_s", p->bubble_s},   {"optimizer_s", p->optimizer_s}};
    json_object("breakdown", b, sizeof b / sizeof b[0], in);
    fputs(",\n", stdout);
    const named m[] = {{"weights", p->weight_bytes}, {"gradients", p->gradient_bytes},
                       {"optimizer_states", p->optimizer_bytes},
                       {"activations", p->activation_bytes}, {"needed", p->memory_needed_bytes},
                       {"available", p->memory_available_bytes}};
    json_object("memory", m, sizeof m / sizeof m[0], in);
}

static void print_json(const predict_args *a, const accelsel_network *net,
                       const accelsel_plan_prediction *p, size_t n)
{
    fputs("{\n  \"network\": ", stdout);
    cli_json_string(stdout, accelsel_network_name(net));
    fputs(",\n  \"device\": ", stdout);
    cli_json_string(stdout, a->device != NULL ? a->device : a->system);
    printf(",\n  \"count\": %u,\n", p[0].plan.tp * p[0].plan.pp * p[0].plan.cp * p[0].plan.dp);
    json_plan(&p[0], "  ");
    if (n > 1) {
        fputs(",\n  \"next_best\": {\n", stdout);
        json_plan(&p[1], "    ");
        fputs("\n  }", stdout);
    }
    fputs("\n}\n", stdout);
}

static void print_table(const accelsel_plan_prediction *p, const char *title, int breakdown)
{
    const accelsel_plan *pl = &p->plan;
    printf("%s: tp %u, pp %u, dp %u, cp %u, micro-batch %u, interleave %u, sequence parallel "
           "%s, sharding %s, recompute %s\n", title, pl->tp, pl->pp, pl->dp, pl->cp,
           pl->micro_batch, pl->interleave, pl->sequence_parallel == ACCELSEL_PLAN_ON ? "on" : "off",
           accelsel_sharding_name(pl->sharding), accelsel_recompute_name(pl->recompute));
    printf("  step %.6g s, %.6g tokens/s, MFU %.3f, %.6g micro-batches; time to train %.6g h",
           p->step_s, p->tokens_s, p->mfu, p->micro_batches, p->time_to_train_s / 3600);
    if (p->evaluation_s > 0)
        printf(" (evaluations %.4g h)", p->evaluation_s / 3600);
    printf("; correction %.4g\n", p->correction);
    printf("  memory %.4g GB of %.4g (weights %.4g, gradients %.4g, optimizer states %.4g, "
           "activations %.4g)\n", p->memory_needed_bytes / 1e9, p->memory_available_bytes / 1e9,
           p->weight_bytes / 1e9, p->gradient_bytes / 1e9, p->optimizer_bytes / 1e9,
           p->activation_bytes / 1e9);
    if (!breakdown)
        return;
    printf("  per step, s: compute %.6g (recompute %.6g), memory-bound %.6g, overhead %.6g, "
           "bubble %.6g, optimizer %.6g\n", p->compute_s, p->recompute_s, p->memory_s,
           p->overhead_s, p->bubble_s, p->optimizer_s);
    printf("  communication, s (exposed): tp %.6g (%.6g), cp %.6g (%.6g), pp %.6g (%.6g), "
           "dp %.6g (%.6g)\n", p->tp_s, p->tp_exposed_s, p->cp_s, p->cp_exposed_s, p->pp_s,
           p->pp_exposed_s, p->dp_s, p->dp_exposed_s);
}

int predict_plan(const predict_args *a, predict_env *env, const accelsel_predict_request *req)
{
    accelsel_plan plan;
    int rc = accelsel_plan_parse(&plan, a->plan);
    if (rc != 0)
        return cli_fail(rc, "--plan");
    accelsel_plan_prediction out[2] = {{.version = ACCELSEL_PLAN_PREDICTION_VERSION},
                                       {.version = ACCELSEL_PLAN_PREDICTION_VERSION}};
    size_t n = 0;
    rc = accelsel_predictor_predict_plan(env->pred, req, &plan, out, 2, &n);
    if (rc != 0)
        return cli_fail(rc, a->device != NULL ? a->device : a->system);
    if (a->format == CLI_FORMAT_JSON) {
        print_json(a, env->net, out, n);
        return CLI_OK;
    }
    print_table(&out[0], "best plan", a->breakdown);
    if (n > 1)
        print_table(&out[1], "next best", a->breakdown);
    return CLI_OK;
}
