/* accelsel predict --sweep: one configuration at several accelerator counts,
 * with speed-up, efficiency E' against the first count and the sweet spot;
 * with --plan, a transformer with its plan searched at each count. */
#include <stdlib.h>
#include <string.h>

#include "predict.h"

/* A plan in a few characters: "tp8 pp4 cp1 dp16 mbs1 vp2 sp zero1 full". */
static void plan_text(const accelsel_plan *pl, char *buf, size_t n)
{
    snprintf(buf, n, "tp%u pp%u cp%u dp%u mbs%u vp%u%s %s %s", pl->tp, pl->pp, pl->cp, pl->dp,
             pl->micro_batch, pl->interleave, pl->sequence_parallel == ACCELSEL_PLAN_ON ? " sp" : "",
             accelsel_sharding_name(pl->sharding), accelsel_recompute_name(pl->recompute));
}

static void print_table(const accelsel_sweep_point *p, const accelsel_plan_prediction *plans,
                        size_t n, size_t sweet, double threshold)
{
    printf("%10s %18s %12s %18s %9s %7s%s\n", "count", "time_to_train_min", "step_s",
           "throughput_s", "speedup", "E'", plans ? "  plan" : "");
    for (size_t i = 0; i < n; i++) {
        char plan[96] = "";
        if (plans != NULL)
            plan_text(&plans[i].plan, plan, sizeof plan);
        printf("%10u %18.6g %12.6g %18.6g %9.4g %7.3f%s%s%s\n", p[i].count,
               p[i].time_to_train_s / 60.0, p[i].step_s, p[i].throughput_samples_s,
               p[i].speedup, p[i].efficiency, plans ? "  " : "", plan,
               i == sweet ? "  <- sweet spot" : "");
    }
    printf("\nsweet spot: %u accelerators, the largest count with E' >= %.3g "
           "(E' = %.3f, %.4g min)\n", p[sweet].count, threshold, p[sweet].efficiency,
           p[sweet].time_to_train_s / 60.0);
}

static void print_csv(const accelsel_sweep_point *p, const accelsel_plan_prediction *plans,
                      size_t n, size_t sweet)
{
    printf("count,time_to_train_min,step_s,throughput_samples_s,speedup,efficiency,sweet_spot%s\n",
           plans ? ",plan" : "");
    for (size_t i = 0; i < n; i++) {
        char plan[96] = "";
        if (plans != NULL)
            plan_text(&plans[i].plan, plan, sizeof plan);
        printf("%u,%.17g,%.17g,%.17g,%.17g,%.17g,%d%s%s\n", p[i].count,
               p[i].time_to_train_s / 60.0, p[i].step_s, p[i].throughput_samples_s,
               p[i].speedup, p[i].efficiency, i == sweet, plans ? "," : "", plan);
    }
}

static void print_json(const accelsel_sweep_point *p, const accelsel_plan_prediction *plans,
                       size_t n, size_t sweet, double threshold)
{
    printf("{\n  \"threshold\": ");
    cli_json_number(stdout, threshold);
    printf(",\n  \"sweet_spot\": %u,\n  \"points\": [", p[sweet].count);
    for (size_t i = 0; i < n; i++) {
        const double v[] = {p[i].time_to_train_s / 60.0, p[i].step_s, p[i].throughput_samples_s,
                            p[i].speedup, p[i].efficiency};
        const char *keys[] = {"time_to_train_min", "step_s", "throughput_samples_s", "speedup",
                              "efficiency"};
        printf("%s\n    {\"count\": %u", i ? "," : "", p[i].count);
        for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
            printf(", \"%s\": ", keys[k]);
            cli_json_number(stdout, v[k]);
        }
        if (plans != NULL) {
            fputs(", \"plan\": ", stdout);
            predict_json_plan(&plans[i].plan);
        }
        fputs("}", stdout);
    }
    fputs("\n  ]\n}\n", stdout);
}

/* The sweep of the request, with --plan its plan searched at each count
 * into *plans (freed by the caller). */
static int run(const predict_args *a, predict_env *env, const uint32_t *counts, size_t n,
               accelsel_sweep_point *pts, accelsel_plan_prediction **plans, size_t *sweet)
{
    accelsel_predict_request req;
    predict_request(a, env->net, &req);
    if (a->plan == NULL) {
        int rc = accelsel_predictor_sweep(env->pred, &req, counts, n, a->threshold, pts, sweet);
        return rc != 0 ? cli_fail(rc, "--sweep") : CLI_OK;
    }
    accelsel_plan plan;
    int rc = accelsel_plan_parse(&plan, a->plan);
    if (rc != 0)
        return cli_fail(rc, "--plan");
    if ((*plans = calloc(n, sizeof **plans)) == NULL)
        return predict_oom();
    for (size_t i = 0; i < n; i++)
        (*plans)[i].version = ACCELSEL_PLAN_PREDICTION_VERSION;
    rc = accelsel_predictor_sweep_plan(env->pred, &req, &plan, counts, n, a->threshold, pts, *plans,
                                       sweet);
    return rc != 0 ? cli_fail(rc, "--sweep") : CLI_OK;
}

static int sweep_counts(const predict_args *a, predict_env *env, const uint32_t *counts, size_t n)
{
    accelsel_sweep_point *pts = malloc(n * sizeof *pts);
    if (pts == NULL)
        return predict_oom();
    accelsel_plan_prediction *plans = NULL;
    size_t sweet = 0;
    int status = run(a, env, counts, n, pts, &plans, &sweet);
    if (status == CLI_OK && a->plot != NULL)
        status = predict_plot_sweep(a->plot, pts, n, sweet, a->threshold);
    if (status == CLI_OK && a->format == CLI_FORMAT_JSON)
        print_json(pts, plans, n, sweet, a->threshold);
    else if (status == CLI_OK && a->format == CLI_FORMAT_CSV)
        print_csv(pts, plans, n, sweet);
    else if (status == CLI_OK)
        print_table(pts, plans, n, sweet, a->threshold);
    free(plans);
    free(pts);
    return status;
}

int predict_sweep(const predict_args *a, predict_env *env)
{
    if (a->count > 0 || a->nodes > 0)
        return cli_usage_error("predict: --sweep sets the counts; give no --count or --nodes");
    uint32_t *counts = NULL;
    size_t n = 0;
    int rc = accelsel_predict_counts_parse(&counts, &n, a->sweep);
    if (rc == ACCELSEL_EPARSE)
        return cli_usage_error("predict: --sweep: %s", accelsel_last_error()->message);
    int status = rc == 0 ? predict_env_load_network(a, env) : cli_fail(rc, "predict: --sweep");
    if (status == CLI_OK)
        status = sweep_counts(a, env, counts, n);
    accelsel_free(counts);
    return status;
}
