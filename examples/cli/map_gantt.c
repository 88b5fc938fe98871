/* accelsel map --gantt: slots against time, one bar per layer on every slot
 * of its group, coloured by sharding strategy, with a legend of the
 * strategies one sees: a bar panel of accelsel_plot_svg(), which escapes
 * the names from files. The file is written only once the whole document
 * is built. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

#define TIP_MAX 256   /* a bar's tooltip */
#define LABEL_MAX 160 /* a slot's label */

/* The panel's arrays, one entry per bar (a layer on one slot of its group). */
typedef struct gantt {
    double *x, *x_end, *y;
    int64_t *group;
    char (*tip)[TIP_MAX];
    const char **tips;
    char (*label)[LABEL_MAX];
    const char **labels;
    const char **strategies; /* the groups: strategies of visible bars first */
    size_t n, n_strategies;
} gantt;

/* Whether layer @p l draws a bar one can see (some slot, some time). */
static int visible(const map_view_layer *l)
{
    return l->n_slots > 0 && l->end_s > l->start_s;
}

/* Index of @p strategy among the groups, added if new. */
static int64_t strategy_index(gantt *g, const char *strategy)
{
    for (size_t i = 0; i < g->n_strategies; i++)
        if (strcmp(g->strategies[i], strategy) == 0)
            return (int64_t)i;
    g->strategies[g->n_strategies] = strategy;
    return (int64_t)g->n_strategies++;
}

/* Axis unit for a time span: seconds, milliseconds or microseconds. */
static double time_unit(double span, const char **name)
{
    if (span >= 1.0) {
        *name = "s";
        return 1.0;
    }
    *name = span >= 1e-3 ? "ms" : "us";
    return span >= 1e-3 ? 1e3 : 1e6;
}

static int gantt_alloc(gantt *g, const map_view *v)
{
    size_t n = 0;
    for (size_t i = 0; i < v->n_layers; i++)
        n += v->layers[i].n_slots;
    size_t m = n ? n : 1, rows = v->n_slots ? v->n_slots : 1;
    g->x = malloc(m * sizeof *g->x);
    g->x_end = malloc(m * sizeof *g->x_end);
    g->y = malloc(m * sizeof *g->y);
    g->group = malloc(m * sizeof *g->group);
    g->tip = malloc(m * sizeof *g->tip);
    g->tips = malloc(m * sizeof *g->tips);
    g->label = malloc(rows * sizeof *g->label);
    g->labels = malloc(rows * sizeof *g->labels);
    g->strategies = malloc((v->n_layers ? v->n_layers : 1) * sizeof *g->strategies);
    return g->x && g->x_end && g->y && g->group && g->tip && g->tips && g->label && g->labels &&
           g->strategies;
}

static void gantt_free(gantt *g)
{
    free(g->x);
    free(g->x_end);
    free(g->y);
    free(g->group);
    free(g->tip);
    free(g->tips);
    free(g->label);
    free(g->labels);
    free(g->strategies);
}

/* The bars in @p unit per second; the strategies of visible layers number
 * the groups first, so that only theirs are coloured and listed. */
static void fill(gantt *g, const map_view *v, double unit)
{
    for (size_t i = 0; i < v->n_layers; i++)
        if (visible(&v->layers[i]))
            strategy_index(g, v->layers[i].strategy);
    for (size_t i = 0; i < v->n_layers; i++) {
        const map_view_layer *l = &v->layers[i];
        int64_t group = strategy_index(g, l->strategy);
        for (size_t k = 0; k < l->n_slots; k++, g->n++) {
            g->x[g->n] = l->start_s * unit;
            g->x_end[g->n] = l->end_s * unit;
            g->y[g->n] = (double)l->slots[k];
            g->group[g->n] = group;
            snprintf(g->tip[g->n], TIP_MAX, "%s (%s on %s): %.6g s to %.6g s", l->name,
                     l->strategy, l->design, l->start_s, l->end_s);
            g->tips[g->n] = g->tip[g->n];
        }
    }
    for (size_t s = 0; s < v->n_slots; s++) {
        snprintf(g->label[s], LABEL_MAX, "slot %zu: %s", s,
                 v->designs[s] != NULL ? v->designs[s] : "-");
        g->labels[s] = g->label[s];
    }
}

static int draw(const gantt *g, const map_view *v, double span, const char *unit, char **svg,
                size_t *len)
{
    static const char *const no_strategy[] = {"-"}; /* no layer at all: one empty group */
    char x_label[32];
    snprintf(x_label, sizeof x_label, "time (%s)", unit);
    accelsel_plot_panel p = ACCELSEL_PLOT_PANEL_INIT;
    p.kind = ACCELSEL_PLOT_BARS;
    p.x = g->x;
    p.x_end = g->x_end;
    p.y = g->y;
    p.group = g->group;
    p.n = g->n;
    p.group_names = g->n_strategies ? g->strategies : no_strategy;
    p.n_groups = g->n_strategies ? g->n_strategies : 1;
    p.title = v->title;
    p.x_label = x_label;
    p.row_labels = g->labels;
    p.n_rows = v->n_slots;
    p.labels = g->tips;
    p.x_hi = span;
    return accelsel_plot_svg(svg, len, &p, 1);
}

int map_gantt(const char *path, const map_view *v)
{
    double span = v->latency_s; /* the output's transfer to the host may end the batch */
    for (size_t i = 0; i < v->n_layers; i++)
        span = fmax(span, v->layers[i].end_s);
    if (!(span > 0))
        span = 1; /* an empty or instantaneous mapping still gets an axis */
    const char *unit;
    double scale = time_unit(span, &unit);
    gantt g = {0};
    char *svg = NULL;
    size_t len = 0;
    int status = CLI_OK;
    if (!gantt_alloc(&g, v)) {
        fputs("accelsel: map: --gantt: out of memory\n", stderr);
        status = CLI_FAIL;
    }
    if (status == CLI_OK) {
        fill(&g, v, scale);
        int rc = draw(&g, v, span * scale, unit, &svg, &len);
        status = rc != 0 ? cli_fail(rc, "map: --gantt") : map_write_file("--gantt", path, svg, len);
    }
    accelsel_free(svg);
    gantt_free(&g);
    return status;
}
