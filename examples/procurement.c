/*
 * procurement: a host program that embeds libaccelsel to answer a buyer's
 * question. "We train ResNet-50 eight times a month and BERT twice; we have
 * 400,000 USD and 20 kW: what do we buy, or do we rent?"
 *
 *   procurement [PLOT.svg]
 *
 * Prints a one-page report (the first choices, the Pareto front of time
 * against cost, the rules of thumb under the same constraints, the
 * break-even of buying against renting, what the figures assume) and draws
 * cost per run against time to train into PLOT.svg (default
 * procurement.svg). Candidates: the built-in MLPerf rows and the default
 * catalog devices at 8 to 512 accelerators, predicted. Exit status 0, or 1
 * with the library's message.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <accelsel/accelsel.h>

static int fail(const char *what, int rc)
{
    fprintf(stderr, "procurement: %s: %s (%s)\n", what, accelsel_last_error()->message,
            accelsel_status_name(rc));
    return 1;
}

/* Cell @p name of row @p row of the recommendation's table. */
static double num(const accelsel_recommendation *r, size_t row, const char *name)
{
    const accelsel_dataset *t = accelsel_recommendation_table(r);
    size_t col;
    return accelsel_dataset_column_index(t, name, &col) == 0 ? accelsel_dataset_number(t, row, col)
                                                             : NAN;
}

static const char *text(const accelsel_recommendation *r, size_t row, const char *name)
{
    const accelsel_dataset *t = accelsel_recommendation_table(r);
    size_t col;
    const char *s = accelsel_dataset_column_index(t, name, &col) == 0
                        ? accelsel_dataset_string(t, row, col) : NULL;
    return s != NULL ? s : "-";
}

static void report(const accelsel_recommendation *r)
{
    size_t n = accelsel_recommendation_count(r), np;
    const size_t *order = accelsel_recommendation_order(r);
    printf("Procurement: ResNet-50 x 8 and BERT-base x 2 a month, 400000 USD, 20 kW\n\n");
    if (n == 0) {
        int64_t miss = accelsel_recommendation_closest_miss(r);
        printf("Nothing is feasible. Binding constraint: %s; closest miss: %s\n",
               accelsel_recommendation_binding_constraint(r),
               miss >= 0 ? text(r, (size_t)miss, "name") : "-");
        return;
    }
    printf("%zu feasible configurations; the first five:\n", n);
    printf("  %-44s %-9s %4s %10s %9s %9s %6s\n", "configuration", "source", "way", "min/run",
           "USD/run", "kWh/run", "unc.%");
    for (size_t i = 0; i < n && i < 5; i++) {
        size_t row = order[i];
        char unc[16] = "-"; /* none measured, or no held-out error for a network */
        if (!isnan(num(r, row, "uncertainty_pct")))
            snprintf(unc, sizeof unc, "%.1f", num(r, row, "uncertainty_pct"));
        printf("  %-44.44s %-9s %4s %10.2f %9.2f %9.2f %6s\n", text(r, row, "name"),
               text(r, row, "source"), text(r, row, "acquire"), num(r, row, "time_to_train_min"),
               num(r, row, "cost_per_run_usd"), num(r, row, "energy_kwh"), unc);
    }
    const size_t *front = accelsel_recommendation_pareto(r, &np);
    printf("\nPareto front of time against cost (%zu):", np);
    for (size_t i = 0; i < np; i++)
        printf("%s %s", i ? ";" : "", text(r, front[i], "name"));
    double first = num(r, order[0], "cost_per_run_usd");
    printf("\n\nRules of thumb under the same constraints:\n");
    for (int b = 0; b < ACCELSEL_BASELINE_COUNT; b++) {
        int64_t row = accelsel_recommendation_baseline(r, b);
        if (row < 0)
            continue;
        double cost = num(r, (size_t)row, "cost_per_run_usd");
        printf("  %-18s %-44.44s %9.2f USD/run; the first choice saves %.1f%%\n",
               accelsel_baseline_name(b), text(r, (size_t)row, "name"), cost,
               100 * (1 - first / cost));
    }
    double be = accelsel_recommendation_break_even_months(r);
    if (isnan(be))
        printf("\nBreak-even of buying against renting: unknown (a price is missing)\n");
    else
        printf("\nBreak-even of buying against renting: %.1f months\n", be);
    printf("Prices moved by +-20%%: the first choice stays first in %.0f%% of draws\n",
           100 * accelsel_recommendation_price_stability(r));
    for (size_t i = 0; i < accelsel_recommendation_note_count(r); i++)
        printf("Note: %s\n", accelsel_recommendation_note(r, i));
}

/* Cost per run against time to train, log-log: the feasible points, the
 * Pareto front joined, the first choice. */
static int plot(const accelsel_recommendation *r, const char *path)
{
    size_t n = accelsel_recommendation_count(r), np;
    const size_t *order = accelsel_recommendation_order(r);
    const size_t *front = accelsel_recommendation_pareto(r, &np);
    size_t m = n + np + (n > 0);
    double *x = malloc((m ? m : 1) * sizeof *x), *y = malloc((m ? m : 1) * sizeof *y);
    int64_t *g = malloc((m ? m : 1) * sizeof *g);
    if (x == NULL || y == NULL || g == NULL) {
        free(x), free(y), free(g);
        fputs("procurement: out of memory\n", stderr);
        return 1;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++, k++)
        x[k] = num(r, order[i], "time_to_train_min"), y[k] = num(r, order[i], "cost_per_run_usd"),
        g[k] = 0;
    for (size_t i = 0; i < np; i++, k++)
        x[k] = num(r, front[i], "time_to_train_min"), y[k] = num(r, front[i], "cost_per_run_usd"),
        g[k] = 1;
    if (n > 0)
        x[k] = x[0], y[k] = y[0], g[k++] = 2;
    static const char *const names[] = {"feasible", "Pareto front", "first choice"};
    static const uint32_t joined[] = {0, 1, 0};
    accelsel_plot_panel p = ACCELSEL_PLOT_PANEL_INIT;
    p.x = x, p.y = y, p.group = g, p.n = k, p.group_names = names, p.n_groups = 3;
    p.group_joined = joined, p.log_x = p.log_y = 1;
    p.title = "Cost per run against time to train";
    p.x_label = "time to train (min)", p.y_label = "cost per run (USD)";
    char *svg = NULL;
    size_t len = 0;
    int rc = accelsel_plot_svg(&svg, &len, &p, 1);
    free(x), free(y), free(g);
    if (rc != 0)
        return fail("plot", rc);
    FILE *f = fopen(path, "wb");
    int bad = f == NULL || fwrite(svg, 1, len, f) != len;
    if (f != NULL && fclose(f) != 0)
        bad = 1;
    accelsel_free(svg);
    if (bad) {
        fprintf(stderr, "procurement: cannot write %s\n", path);
        return 1;
    }
    printf("\nPlot: %s\n", path);
    return 0;
}

int main(int argc, char **argv)
{
    const char *path = argc > 1 ? argv[1] : "procurement.svg";
    accelsel_catalog *cat = NULL;
    accelsel_predictor *pred = NULL;
    accelsel_dataset *mlperf = NULL;
    accelsel_network *resnet = NULL, *bert = NULL;
    accelsel_recommendation *r = NULL;
    accelsel_network_options no = ACCELSEL_NETWORK_OPTIONS_INIT;
    int rc, status = 0;
    if ((rc = accelsel_catalog_load_builtin(&cat)) != 0)
        status = fail("catalog", rc);
    else if ((rc = accelsel_predictor_new(&pred, cat, NULL)) != 0)
        status = fail("predictor", rc);
    else if ((rc = accelsel_dataset_load_builtin(&mlperf, "mlperf-training-resnet")) != 0)
        status = fail("MLPerf rows", rc);
    else if ((rc = accelsel_network_load_zoo(&resnet, "resnet50", &no)) != 0 ||
             (rc = accelsel_network_load_zoo(&bert, "bert-base", &no)) != 0)
        status = fail("networks", rc);
    if (status == 0) {
        accelsel_workload_item work[2] = {{resnet, 8, 0, 0}, {bert, 2, 0, 0}};
        accelsel_recommend_inputs in = ACCELSEL_RECOMMEND_INPUTS_INIT;
        in.workload = work, in.n_workload = 2;
        in.catalog = cat, in.predictor = pred, in.measured = mlperf;
        accelsel_recommend_options o = ACCELSEL_RECOMMEND_OPTIONS_INIT;
        o.budget_usd = 400000;
        o.power_cap_kw = 20;
        if ((rc = accelsel_recommend(&r, &in, &o)) != 0)
            status = fail("recommend", rc);
    }
    if (status == 0) {
        report(r);
        status = plot(r, path);
    }
    accelsel_recommendation_free(r);
    accelsel_network_free(bert);
    accelsel_network_free(resnet);
    accelsel_dataset_free(mlperf);
    accelsel_predictor_free(pred);
    accelsel_catalog_free(cat);
    return status;
}
