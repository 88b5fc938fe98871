/* accelsel map --plot: the convergence of the search, the best objective value
 * after each generation (the library's history of the solve), with each
 * baseline run by --compare as a horizontal line across the same generations.
 * Values are in ms, as the CLI prints them; each legend entry gives its
 * line's final value, so lines that lie on one another are still told apart
 * (the library also gives neighbouring lines different dashes). */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

typedef struct series {
    double *x, *y;
    int64_t *group;
    const char **names;
    char (*labels)[96]; /* the names with their values */
} series;

static void series_free(series *s)
{
    free(s->x);
    free(s->y);
    free(s->group);
    free(s->names);
    free(s->labels);
}

static int series_alloc(series *s, size_t n, size_t n_groups)
{
    s->x = malloc((n ? n : 1) * sizeof *s->x);
    s->y = malloc((n ? n : 1) * sizeof *s->y);
    s->group = malloc((n ? n : 1) * sizeof *s->group);
    s->names = malloc(n_groups * sizeof *s->names);
    s->labels = malloc(n_groups * sizeof *s->labels);
    if (s->x != NULL && s->y != NULL && s->group != NULL && s->names != NULL && s->labels != NULL)
        return CLI_OK;
    series_free(s);
    fputs("accelsel: map: --plot: out of memory\n", stderr);
    return CLI_FAIL;
}

/* Generation g and the best value after it; each baseline that ran as two
 * points at the first and last generation (one that refused is left out).
 * @p first is the generation of best[0]: 0 when the history starts with the
 * initial population. Returns the points; *n_groups gets the lines. */
static size_t fill(series *s, const double *best, size_t n, size_t first, const map_compare *c,
                   size_t *n_groups)
{
    size_t at = 0, nb = c != NULL ? c->n : 0;
    snprintf(s->labels[0], sizeof s->labels[0], "genetic algorithm: %.4f ms",
             n > 0 ? best[n - 1] * 1e3 : NAN);
    s->names[0] = s->labels[0];
    *n_groups = 1;
    for (size_t i = 0; i < n; i++, at++) {
        s->x[at] = (double)(first + i);
        s->y[at] = best[i] * 1e3;
        s->group[at] = 0;
    }
    for (size_t b = 0; b < nb; b++) {
        if (isnan(c->objective_s[b]))
            continue;
        snprintf(s->labels[*n_groups], sizeof s->labels[0], "%s: %.4f ms", c->method[b],
                 c->objective_s[b] * 1e3);
        s->names[*n_groups] = s->labels[*n_groups];
        for (int end = 0; end < 2; end++, at++) {
            s->x[at] = end ? (double)(first + (n > 1 ? n - 1 : 1)) : (double)first;
            s->y[at] = c->objective_s[b] * 1e3;
            s->group[at] = (int64_t)*n_groups;
        }
        ++*n_groups;
    }
    return at;
}

int map_plot(const char *path, const accelsel_mapping *m, const map_compare *c)
{
    const double *best = NULL;
    size_t n = 0, nb = c != NULL ? c->n : 0;
    int rc = accelsel_mapping_history(m, &best, &n);
    if (rc != 0)
        return cli_fail(rc, "map: --plot");
    series s;
    if (series_alloc(&s, n + 2 * nb, nb + 1) != CLI_OK)
        return CLI_FAIL;
    accelsel_plot_panel panel = ACCELSEL_PLOT_PANEL_INIT;
    panel.kind = ACCELSEL_PLOT_LINES;
    panel.x = s.x;
    panel.y = s.y;
    panel.group = s.group;
    size_t n_groups;
    panel.n = fill(&s, best, n, n > accelsel_mapping_generations(m) ? 0 : 1, c, &n_groups);
    panel.group_names = s.names;
    panel.n_groups = n_groups;
    panel.title = "Convergence: best mapping per generation";
    panel.x_label = "generation";
    panel.y_label = accelsel_mapping_objective(m) == ACCELSEL_OBJECTIVE_THROUGHPUT
                        ? "period between batches (ms)"
                        : "latency (ms)";
    char *svg = NULL;
    size_t len = 0;
    rc = accelsel_plot_svg(&svg, &len, &panel, 1);
    int status = rc == 0 ? map_write_file("--plot", path, svg, len) : cli_fail(rc, "map: --plot");
    accelsel_free(svg);
    series_free(&s);
    return status;
}
