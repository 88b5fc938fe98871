/* accelsel cross --plot: per system, the speed on the base benchmark across
 * and on another benchmark up, one panel per other benchmark (the eight that
 * the most systems ran beside the base), coloured by accelerator family. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cross.h"

#define MAX_PANELS 8

/* Names seen in order, each with a count. */
typedef struct names {
    const char **name;
    size_t *count, n;
} names;

/* Every point of every panel; a panel's points are those of its benchmark. */
typedef struct points {
    double *x, *y;
    int64_t *family;
    size_t *bench, n;
    names benches, families;
} points;

static const char *cell(const accelsel_dataset *cx, const char *column, size_t row)
{
    size_t c;
    const char *s = accelsel_dataset_column_index(cx, column, &c) == 0
                        ? accelsel_dataset_string(cx, row, c)
                        : NULL;
    return s != NULL ? s : "";
}

static double number(const accelsel_dataset *cx, const char *column, size_t row)
{
    size_t c;
    return accelsel_dataset_column_index(cx, column, &c) == 0
               ? accelsel_dataset_number(cx, row, c)
               : NAN;
}

/* Index of @p s in @p n, added if new; its count raised by one. */
static size_t intern(names *n, const char *s)
{
    size_t k = 0;
    while (k < n->n && strcmp(n->name[k], s) != 0)
        k++;
    if (k == n->n) {
        n->name[n->n] = s;
        n->count[n->n++] = 0;
    }
    n->count[k]++;
    return k;
}

/* The base: --base, else the benchmark of the most rows (systems). */
static int choose_base(const cross_args *a, const accelsel_dataset *cx, names *all,
                       const char **base)
{
    for (size_t i = 0; i < accelsel_dataset_rows(cx); i++)
        intern(all, cell(cx, "benchmark", i));
    size_t best = 0;
    for (size_t k = 0; k < all->n; k++) {
        if (a->base != NULL && strcmp(all->name[k], a->base) == 0) {
            *base = a->base;
            return CLI_OK;
        }
        if (all->count[k] > all->count[best])
            best = k;
    }
    if (a->base != NULL)
        return cli_usage_error("cross: --base '%s' is not a benchmark of the rows", a->base);
    *base = all->n > 0 ? all->name[best] : NULL;
    return CLI_OK;
}

/* The points of the systems that ran the base, rows [lo, hi) being one system. */
static void add_system(points *p, const accelsel_dataset *cx, const char *speed,
                       const char *base, size_t lo, size_t hi)
{
    double x = NAN;
    for (size_t i = lo; i < hi; i++)
        if (strcmp(cell(cx, "benchmark", i), base) == 0)
            x = number(cx, speed, i);
    for (size_t i = lo; i < hi && !isnan(x); i++) {
        double y = number(cx, speed, i);
        if (strcmp(cell(cx, "benchmark", i), base) == 0 || isnan(y))
            continue;
        p->x[p->n] = x;
        p->y[p->n] = y;
        p->bench[p->n] = intern(&p->benches, cell(cx, "benchmark", i));
        p->family[p->n++] = (int64_t)intern(&p->families, cell(cx, "accelerator_family", i));
    }
}

/* The benchmarks of the panels: the most points first (the first seen on
 * a tie), at most MAX_PANELS. */
static size_t choose_panels(const points *p, size_t *chosen)
{
    size_t n = 0;
    for (size_t k = 0; k < p->benches.n; k++) {
        size_t at = n;
        while (at > 0 && p->benches.count[chosen[at - 1]] < p->benches.count[k])
            at--;
        if (at >= MAX_PANELS)
            continue;
        if (n < MAX_PANELS)
            n++;
        memmove(chosen + at + 1, chosen + at, (n - 1 - at) * sizeof *chosen);
        chosen[at] = k;
    }
    return n;
}

static int draw(const cross_args *a, const points *p, const char *base)
{
    size_t chosen[MAX_PANELS], n_panels = choose_panels(p, chosen), total = 0;
    accelsel_plot_panel panels[MAX_PANELS];
    char titles[MAX_PANELS][96], ylabels[MAX_PANELS][96], xlabel[96];
    double *buf = malloc((p->n ? p->n : 1) * 2 * sizeof *buf);
    int64_t *groups = malloc((p->n ? p->n : 1) * sizeof *groups);
    if (buf == NULL || groups == NULL) {
        free(buf);
        free(groups);
        fputs("accelsel: cross: out of memory\n", stderr);
        return CLI_FAIL;
    }
    const char *per = a->per == 1 ? "system" : "accelerator";
    snprintf(xlabel, sizeof xlabel, "%s: speed per %s vs the reference", base, per);
    for (size_t k = 0; k < n_panels; k++) {
        size_t b = chosen[k], m = 0;
        double *x = buf + total, *y = buf + p->n + total;
        for (size_t i = 0; i < p->n; i++)
            if (p->bench[i] == b) {
                x[m] = p->x[i];
                y[m] = p->y[i];
                groups[total + m++] = p->family[i];
            }
        snprintf(titles[k], sizeof titles[k], "%s against %s (%zu systems)", p->benches.name[b],
                 base, m);
        snprintf(ylabels[k], sizeof ylabels[k], "%s: speed per %s", p->benches.name[b], per);
        panels[k] = (accelsel_plot_panel)ACCELSEL_PLOT_PANEL_INIT;
        panels[k].kind = ACCELSEL_PLOT_SCATTER_IDENTITY;
        panels[k].x = x;
        panels[k].y = y;
        panels[k].group = groups + total;
        panels[k].n = m;
        panels[k].group_names = p->families.name;
        panels[k].n_groups = p->families.n;
        panels[k].title = titles[k];
        panels[k].x_label = xlabel;
        panels[k].y_label = ylabels[k];
        panels[k].log_x = panels[k].log_y = 1;
        total += m;
    }
    int status = n_panels > 0 ? cli_write_svg("cross", a->plot, panels, n_panels) : CLI_OK;
    if (n_panels == 0)
        fprintf(stderr, "accelsel: cross: --plot: no system ran another benchmark beside %s; "
                        "no figure written\n", base);
    free(buf);
    free(groups);
    return status;
}

int cross_plot(const cross_args *a, const accelsel_dataset *cx)
{
    size_t n = accelsel_dataset_rows(cx), cap = n ? n : 1;
    names all = {malloc(cap * sizeof *all.name), malloc(cap * sizeof *all.count), 0};
    points p = {malloc(cap * sizeof *p.x), malloc(cap * sizeof *p.y),
                malloc(cap * sizeof *p.family), malloc(cap * sizeof *p.bench), 0,
                {malloc(cap * sizeof(char *)), malloc(cap * sizeof(size_t)), 0},
                {malloc(cap * sizeof(char *)), malloc(cap * sizeof(size_t)), 0}};
    const char *base = NULL;
    int status = all.name && all.count && p.x && p.y && p.family && p.bench && p.benches.name &&
                         p.benches.count && p.families.name && p.families.count
                     ? choose_base(a, cx, &all, &base)
                     : (fputs("accelsel: cross: out of memory\n", stderr), CLI_FAIL);
    for (size_t i = 0, j; status == CLI_OK && base != NULL && i < n; i = j) {
        j = cross_system_end(cx, i);
        add_system(&p, cx, cross_speed_column(a), base, i, j);
    }
    if (status == CLI_OK && base != NULL)
        status = draw(a, &p, base);
    free(all.name);
    free(all.count);
    free(p.x);
    free(p.y);
    free(p.family);
    free(p.bench);
    free(p.benches.name);
    free(p.benches.count);
    free(p.families.name);
    free(p.families.count);
    return status;
}
