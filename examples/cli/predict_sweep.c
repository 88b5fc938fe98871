/* accelsel predict --sweep: one configuration at several accelerator counts,
 * with speed-up, efficiency E' against the first count and the sweet spot. */
#include <stdlib.h>
#include <string.h>

#include "predict.h"

#define MAX_COUNTS 4096

/* The counts read so far; @p start is where the series that a "..." would
 * continue begins: the list's first term, or the end term of the last "...". */
typedef struct count_list {
    const char *where; /* the command and option, for errors */
    uint32_t *v;
    size_t n, start;
} count_list;

static int push(count_list *c, uint64_t v)
{
    if (c->n >= MAX_COUNTS)
        return cli_usage_error("%s: more than %d counts", c->where, MAX_COUNTS);
    c->v[c->n++] = (uint32_t)v;
    return CLI_OK;
}

/* The step of the series that "..." continues (two terms or more): a
 * difference, or a ratio when *geometric. Two terms make an arithmetic
 * series; more, their last three: a constant difference or whole ratio. */
static int series_step(const count_list *c, uint64_t *step, int *geometric)
{
    uint64_t b = c->v[c->n - 2], last = c->v[c->n - 1];
    *geometric = 0;
    *step = last - b;
    if (c->n - c->start == 2)
        return CLI_OK;
    uint64_t a = c->v[c->n - 3];
    if (b - a == last - b)
        return CLI_OK;
    if (b % a == 0 && last == b * (b / a)) {
        *geometric = 1;
        *step = b / a;
        return CLI_OK;
    }
    return cli_usage_error("%s: %llu,%llu,%llu before '...' have neither a constant difference "
                           "nor a constant whole ratio", c->where, (unsigned long long)a,
                           (unsigned long long)b, (unsigned long long)last);
}

/* The terms that "..." stands for, between the last one written and @p end,
 * which must lie on the series. */
static int extend(count_list *c, uint64_t end)
{
    uint64_t step = 0;
    int geometric = 0, status = series_step(c, &step, &geometric);
    if (status != CLI_OK)
        return status;
    uint64_t v = c->v[c->n - 1];
    if (end <= v)
        return cli_usage_error("%s: '...' must end above %llu, not at %llu", c->where,
                               (unsigned long long)v, (unsigned long long)end);
    while (status == CLI_OK && (v = geometric ? v * step : v + step) < end)
        status = push(c, v);
    if (status == CLI_OK && v != end)
        return cli_usage_error("%s: the end %llu is not on the series before '...', which goes "
                               "from %u to %llu", c->where, (unsigned long long)end,
                               c->v[c->n - 1], (unsigned long long)v);
    return status;
}

/* One comma-separated item; *pending when the last one was "...". */
static int parse_item(count_list *c, const char *item, int *pending)
{
    uint64_t v;
    if (strcmp(item, "...") == 0) {
        if (*pending)
            return cli_usage_error("%s: '...' twice in a row", c->where);
        if (c->n - c->start < 2)
            return cli_usage_error("%s: '...' needs two terms before it (e.g. 8,16,...,64)",
                                   c->where);
        *pending = 1;
        return CLI_OK;
    }
    if (cli_parse_uint(item, 1, UINT32_MAX, &v) != 0)
        return cli_usage_error("%s: '%s' is not a count from 1 to %u", c->where, item,
                               UINT32_MAX);
    int status = *pending ? extend(c, v) : CLI_OK;
    if (status == CLI_OK && c->n > 0 && v <= c->v[c->n - 1])
        return cli_usage_error("%s: %llu after %u: the counts must increase", c->where,
                               (unsigned long long)v, c->v[c->n - 1]);
    if (status == CLI_OK && *pending)
        c->start = c->n; /* a later "..." continues from this end term */
    *pending = 0;
    return status == CLI_OK ? push(c, v) : status;
}

int predict_parse_counts(const char *where, const char *text, uint32_t **counts, size_t *n)
{
    count_list c = {where, malloc(MAX_COUNTS * sizeof *c.v), 0, 0};
    char *copy = malloc(strlen(text) + 1);
    int status = c.v != NULL && copy != NULL ? CLI_OK : predict_oom(), pending = 0;
    if (status == CLI_OK)
        strcpy(copy, text);
    for (char *s = copy, *next; status == CLI_OK && s != NULL; s = next) {
        next = strchr(s, ',');
        if (next != NULL)
            *next++ = '\0';
        status = parse_item(&c, s, &pending);
    }
    if (status == CLI_OK && pending)
        status = cli_usage_error("%s: '...' needs an end term after it (e.g. 1,2,4,...,1024)",
                                 where);
    free(copy);
    *counts = c.v;
    *n = c.n;
    return status;
}

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
    int status = predict_parse_counts("predict: --sweep", a->sweep, &counts, &n);
    if (status == CLI_OK)
        status = predict_env_load_network(a, env);
    if (status == CLI_OK)
        status = sweep_counts(a, env, counts, n);
    free(counts);
    return status;
}
