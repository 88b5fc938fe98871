/* accelsel recommend --format json: one object; missing figures are null. */
#include <math.h>
#include <string.h>

#include "recommend.h"

static void key(FILE *f, const char *k, int first)
{
    fputs(first ? "" : ", ", f);
    cli_json_string(f, k);
    fputs(": ", f);
}

static void text_or_null(FILE *f, const char *s)
{
    if (s != NULL)
        cli_json_string(f, s);
    else
        fputs("null", f);
}

/* The columns of a ranked configuration, as the table has them. */
static void configuration(FILE *f, const accelsel_recommendation *r, size_t row)
{
    static const char *const text[] = {"name", "accelerator", "source", "round", "acquire",
                                       "instance", "price_basis"};
    static const char *const num[] = {
        "count", "nodes", "time_to_train_min", "time_max_min", "efficiency", "wall_power_kw",
        "energy_kwh", "purchase_usd", "buy_per_run_usd", "rent_per_run_usd", "cost_per_run_usd",
        "monthly_usd", "break_even_months", "score", "rank", "uncertainty_pct"};
    fputc('{', f);
    for (size_t k = 0; k < sizeof text / sizeof *text; k++) {
        key(f, text[k], k == 0);
        text_or_null(f, cli_rec_str(r, row, text[k]));
    }
    for (size_t k = 0; k < sizeof num / sizeof *num; k++) {
        key(f, num[k], 0);
        cli_json_number(f, cli_rec_num(r, row, num[k]));
    }
    fputc('}', f);
}

static void feasible(FILE *f, const recommend_run *run)
{
    const accelsel_recommendation *r = run->r;
    size_t n = accelsel_recommendation_count(r);
    fprintf(f, ",\n \"feasible_count\": %zu,\n \"feasible\": [", n);
    for (size_t i = 0; i < n && i < run->a->top; i++) {
        fputs(i ? ",\n  " : "\n  ", f);
        configuration(f, r, accelsel_recommendation_order(r)[i]);
    }
    fputs("]", f);
}

static void pareto(FILE *f, const accelsel_recommendation *r)
{
    size_t n;
    const size_t *p = accelsel_recommendation_pareto(r, &n);
    fputs(",\n \"pareto\": [", f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        cli_json_string(f, cli_rec_str(r, p[i], "name"));
    }
    fputs("]", f);
}

static void exclusion(FILE *f, const accelsel_recommendation *r, size_t row,
                      const char *constraint, double value, double limit)
{
    fputc('{', f);
    key(f, "name", 1);
    cli_json_string(f, cli_rec_str(r, row, "name"));
    key(f, "constraint", 0);
    cli_json_string(f, constraint);
    key(f, "value", 0);
    cli_json_number(f, value);
    key(f, "limit", 0);
    cli_json_number(f, limit);
    fputc('}', f);
}

static void excluded(FILE *f, const accelsel_recommendation *r)
{
    size_t n;
    const accelsel_exclusion *e = accelsel_recommendation_exclusions(r, &n);
    fputs(",\n \"excluded\": [", f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ",\n  " : "\n  ", f);
        exclusion(f, r, e[i].row, e[i].constraint, e[i].value, e[i].limit);
    }
    fputs("]", f);
    fputs(",\n \"binding_constraint\": ", f);
    text_or_null(f, accelsel_recommendation_binding_constraint(r));
    int64_t miss = accelsel_recommendation_closest_miss(r);
    fputs(",\n \"closest_miss\": ", f);
    if (miss < 0)
        fputs("null", f);
    else
        exclusion(f, r, (size_t)miss, cli_rec_str(r, (size_t)miss, "constraint"),
                  cli_rec_num(r, (size_t)miss, "constraint_value"),
                  cli_rec_num(r, (size_t)miss, "constraint_limit"));
}

static void baselines(FILE *f, const recommend_run *run)
{
    const accelsel_recommendation *r = run->r;
    int first = 1;
    fputs(",\n \"baselines\": [", f);
    for (int b = 0; b < ACCELSEL_BASELINE_COUNT; b++) {
        int64_t row = accelsel_recommendation_baseline(r, b);
        if (!run->baseline_shown[b] || row < 0)
            continue;
        fputs(first ? "\n  {" : ",\n  {", f);
        first = 0;
        key(f, "rule", 1);
        cli_json_string(f, accelsel_baseline_name(b));
        key(f, "name", 0);
        cli_json_string(f, cli_rec_str(r, (size_t)row, "name"));
        static const char *const num[] = {"time_to_train_min", "cost_per_run_usd", "energy_kwh",
                                          "purchase_usd"};
        for (int k = 0; k < 4; k++) {
            key(f, num[k], 0);
            cli_json_number(f, cli_rec_num(r, (size_t)row, num[k]));
        }
        double rec = cli_rec_num(r, accelsel_recommendation_order(r)[0], "cost_per_run_usd");
        key(f, "recommendation_saves_pct", 0);
        cli_json_number(f, 100 * (1 - rec / cli_rec_num(r, (size_t)row, "cost_per_run_usd")));
        fputc('}', f);
    }
    fputs("]", f);
}

static void workload(FILE *f, const recommend_run *run)
{
    fputs("{\n \"workload\": [", f);
    for (size_t i = 0; i < run->n_work; i++) {
        fputs(i ? ", {" : "{", f);
        key(f, "network", 1);
        cli_json_string(f, accelsel_network_name(run->work[i].network));
        key(f, "runs_per_month", 0);
        cli_json_number(f, run->work[i].runs_per_month);
        fputc('}', f);
    }
    fputs("]", f);
}

static void sensitivity(FILE *f, const accelsel_recommendation *r)
{
    /* null when a price is missing; renting that never costs more is
     * break_even_never, since JSON has no infinity */
    double be = accelsel_recommendation_break_even_months(r);
    fputs(",\n \"break_even_months\": ", f);
    cli_json_number(f, be);
    fprintf(f, ",\n \"break_even_never\": %s", isinf(be) ? "true" : "false");
    fputs(",\n \"price_stability\": ", f);
    cli_json_number(f, accelsel_recommendation_price_stability(r));
    const accelsel_sensitivity *s = accelsel_recommendation_sensitivity(r);
    fputs(",\n \"weight_sensitivity\": ", f);
    if (s == NULL) {
        fputs("null", f);
        return;
    }
    fprintf(f, "{\"samples\": %zu, \"perturbation\": ", accelsel_sensitivity_samples(s));
    cli_json_number(f, accelsel_sensitivity_perturbation(s));
    fputs(", \"top1_fraction\": ", f);
    cli_json_number(f, accelsel_sensitivity_top1_fraction(s));
    fputs(", \"tau_mean\": ", f);
    cli_json_number(f, accelsel_sensitivity_tau_mean(s));
    fputc('}', f);
}

int cli_recommend_json(FILE *f, const recommend_run *run)
{
    const accelsel_recommendation *r = run->r;
    workload(f, run);
    feasible(f, run);
    pareto(f, r);
    excluded(f, r);
    if (accelsel_recommendation_count(r) > 0)
        baselines(f, run);
    else
        fputs(",\n \"baselines\": []", f);
    sensitivity(f, r);
    fputs(",\n \"notes\": [", f);
    for (size_t i = 0; i < accelsel_recommendation_note_count(r); i++) {
        fputs(i ? ", " : "", f);
        cli_json_string(f, accelsel_recommendation_note(r, i));
    }
    fputs("]\n}\n", f);
    return CLI_OK;
}
