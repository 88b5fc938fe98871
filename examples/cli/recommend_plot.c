/* accelsel recommend --plot: cost per run against time to train, log-log:
 * feasible measured and predicted configurations apart, the excluded ones,
 * the Pareto front joined, the first choice, and the deadline and the
 * monthly budget (per run) as lines. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "recommend.h"

enum { G_MEASURED, G_PREDICTED, G_EXCLUDED, G_FRONT, G_FIRST, N_GROUPS };

static const char *const group_names[N_GROUPS] = {
    "measured", "predicted", "excluded", "Pareto front", "first choice"};

typedef struct points {
    double *x, *y;
    int64_t *g;
    size_t n;
} points;

static void add(points *p, double x, double y, int g)
{
    p->x[p->n] = x, p->y[p->n] = y, p->g[p->n++] = g;
}

static void fill(const accelsel_recommendation *r, points *p)
{
    size_t rows = accelsel_dataset_rows(accelsel_recommendation_table(r)), nf;
    for (size_t i = 0; i < rows; i++) {
        const char *src = cli_rec_str(r, i, "source");
        int g = cli_rec_num(r, i, "feasible") != 1            ? G_EXCLUDED
                : src != NULL && strcmp(src, "measured") == 0 ? G_MEASURED
                                                              : G_PREDICTED;
        add(p, cli_rec_num(r, i, "time_to_train_min"), cli_rec_num(r, i, "cost_per_run_usd"), g);
    }
    const size_t *front = accelsel_recommendation_pareto(r, &nf);
    for (size_t i = 0; i < nf; i++)
        add(p, cli_rec_num(r, front[i], "time_to_train_min"),
            cli_rec_num(r, front[i], "cost_per_run_usd"), G_FRONT);
    if (accelsel_recommendation_count(r) > 0) {
        size_t top = accelsel_recommendation_order(r)[0];
        add(p, cli_rec_num(r, top, "time_to_train_min"), cli_rec_num(r, top, "cost_per_run_usd"),
            G_FIRST);
    }
}

/* The limits an axis shows: the deadline in time, the monthly budget over
 * the month's runs in cost per run. */
static void rules(const recommend_run *run, accelsel_plot_panel *pl, double *xr, double *yr)
{
    static const char *const x_label[] = {"deadline"};
    static const char *const y_label[] = {"monthly budget / runs a month"};
    const accelsel_recommend_options *o = &run->a->o;
    double runs = 0;
    for (size_t i = 0; i < run->n_work; i++)
        runs += run->work[i].runs_per_month;
    if (isfinite(o->deadline_min)) {
        xr[0] = o->deadline_min;
        pl->x_rules = xr, pl->x_rule_labels = x_label, pl->n_x_rules = 1;
    }
    if (isfinite(o->monthly_budget_usd) && runs > 0) {
        yr[0] = o->monthly_budget_usd / runs;
        pl->y_rules = yr, pl->y_rule_labels = y_label, pl->n_y_rules = 1;
    }
}

int cli_recommend_plot(const recommend_run *run, const char *path)
{
    const accelsel_recommendation *r = run->r;
    size_t cap = accelsel_dataset_rows(accelsel_recommendation_table(r)) * 2 + 2;
    points p = {malloc(cap * sizeof *p.x), malloc(cap * sizeof *p.y), malloc(cap * sizeof *p.g), 0};
    if (p.x == NULL || p.y == NULL || p.g == NULL) {
        free(p.x), free(p.y), free(p.g);
        fputs("accelsel: recommend: out of memory\n", stderr);
        return CLI_FAIL;
    }
    fill(r, &p);
    static const uint32_t joined[N_GROUPS] = {0, 0, 0, 1, 0};
    double xr[1], yr[1];
    accelsel_plot_panel pl = ACCELSEL_PLOT_PANEL_INIT;
    pl.x = p.x, pl.y = p.y, pl.group = p.g, pl.n = p.n;
    pl.group_names = group_names, pl.n_groups = N_GROUPS, pl.group_joined = joined;
    pl.title = "Cost per run against time to train";
    pl.x_label = "time to train (min, run-weighted)";
    pl.y_label = "cost per run (USD)";
    pl.log_x = pl.log_y = 1;
    rules(run, &pl, xr, yr);
    char *svg = NULL;
    size_t len = 0;
    int rc = accelsel_plot_svg(&svg, &len, &pl, 1);
    int status = rc != 0 ? cli_fail(rc, "--plot") : CLI_OK;
    FILE *f = status == CLI_OK ? fopen(path, "wb") : NULL;
    if (status == CLI_OK && (f == NULL || fwrite(svg, 1, len, f) != len)) {
        fprintf(stderr, "accelsel: recommend: cannot write %s\n", path);
        status = CLI_FAIL;
    }
    if (f != NULL && fclose(f) != 0 && status == CLI_OK) {
        fprintf(stderr, "accelsel: recommend: cannot write %s\n", path);
        status = CLI_FAIL;
    }
    accelsel_free(svg);
    free(p.x), free(p.y), free(p.g);
    return status;
}
