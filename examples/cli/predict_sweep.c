/* accelsel predict --sweep: one configuration at several accelerator counts,
 * with speed-up, efficiency E' against the first count and the sweet spot. */
#include <stdlib.h>
#include <string.h>

#include "predict.h"

static void print_table(const accelsel_sweep_point *p, size_t n, size_t sweet, double threshold)
{
    printf("%10s %18s %12s %18s %9s %7s\n", "count", "time_to_train_min", "step_s",
           "throughput_s", "speedup", "E'");
    for (size_t i = 0; i < n; i++)
        printf("%10u %18.6g %12.6g %18.6g %9.4g %7.3f%s\n", p[i].count,
               p[i].time_to_train_s / 60.0, p[i].step_s, p[i].throughput_samples_s,
               p[i].speedup, p[i].efficiency, i == sweet ? "  <- sweet spot" : "");
    printf("\nsweet spot: %u accelerators, the largest count with E' >= %.3g "
           "(E' = %.3f, %.4g min)\n", p[sweet].count, threshold, p[sweet].efficiency,
           p[sweet].time_to_train_s / 60.0);
}

static void print_csv(const accelsel_sweep_point *p, size_t n, size_t sweet)
{
    puts("count,time_to_train_min,step_s,throughput_samples_s,speedup,efficiency,sweet_spot");
    for (size_t i = 0; i < n; i++)
        printf("%u,%.17g,%.17g,%.17g,%.17g,%.17g,%d\n", p[i].count, p[i].time_to_train_s / 60.0,
               p[i].step_s, p[i].throughput_samples_s, p[i].speedup, p[i].efficiency,
               i == sweet);
}

static void print_json(const accelsel_sweep_point *p, size_t n, size_t sweet, double threshold)
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
        fputs("}", stdout);
    }
    fputs("\n  ]\n}\n", stdout);
}

static int sweep_counts(const predict_args *a, predict_env *env, const uint32_t *counts, size_t n)
{
    accelsel_sweep_point *pts = malloc(n * sizeof *pts);
    if (pts == NULL)
        return predict_oom();
    accelsel_predict_request req;
    predict_request(a, env->net, &req);
    size_t sweet = 0;
    int status = CLI_OK;
    int rc = accelsel_predictor_sweep(env->pred, &req, counts, n, a->threshold, pts, &sweet);
    if (rc != 0)
        status = cli_fail(rc, "--sweep");
    if (status == CLI_OK && a->plot != NULL)
        status = predict_plot_sweep(a->plot, pts, n, sweet, a->threshold);
    if (status == CLI_OK && a->format == CLI_FORMAT_JSON)
        print_json(pts, n, sweet, a->threshold);
    else if (status == CLI_OK && a->format == CLI_FORMAT_CSV)
        print_csv(pts, n, sweet);
    else if (status == CLI_OK)
        print_table(pts, n, sweet, a->threshold);
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
