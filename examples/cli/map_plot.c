/* accelsel map --plot: the convergence of the search, the best latency after
 * each generation (as the progress callback reported it), with each baseline
 * run by --compare as a horizontal line across the same generations. */
#include <stdlib.h>
#include <string.h>

#include "map.h"

int map_plot(const char *path, const map_history *h, const map_compare *c)
{
    size_t nb = c != NULL ? c->n : 0, n = h->n + 2 * nb;
    double *x = malloc((n ? n : 1) * sizeof *x), *y = malloc((n ? n : 1) * sizeof *y);
    int64_t *group = malloc((n ? n : 1) * sizeof *group);
    const char **names = malloc((nb + 1) * sizeof *names);
    if (x == NULL || y == NULL || group == NULL || names == NULL) {
        free(x), free(y), free(group), free(names);
        fputs("accelsel: map: --plot: out of memory\n", stderr);
        return CLI_FAIL;
    }
    names[0] = "genetic algorithm";
    for (size_t i = 0; i < h->n; i++) {
        x[i] = (double)h->generation[i];
        y[i] = h->best_s[i];
        group[i] = 0;
    }
    double last = h->n ? x[h->n - 1] : 1;
    for (size_t b = 0; b < nb; b++) {
        size_t at = h->n + 2 * b;
        names[b + 1] = c->method[b];
        x[at] = h->n ? x[0] : 0;
        x[at + 1] = last > x[at] ? last : x[at] + 1;
        y[at] = y[at + 1] = c->latency_s[b];
        group[at] = group[at + 1] = (int64_t)b + 1;
    }
    accelsel_plot_panel panel = ACCELSEL_PLOT_PANEL_INIT;
    panel.kind = ACCELSEL_PLOT_LINES;
    panel.x = x;
    panel.y = y;
    panel.group = group;
    panel.n = n;
    panel.group_names = names;
    panel.n_groups = nb + 1;
    panel.title = "Convergence: best latency per generation";
    panel.x_label = "generation";
    panel.y_label = "latency (s)";
    char *svg = NULL;
    size_t len = 0;
    int rc = accelsel_plot_svg(&svg, &len, &panel, 1);
    int status = rc == 0 ? map_write_file("--plot", path, svg, len) : cli_fail(rc, "map: --plot");
    accelsel_free(svg);
    free(x), free(y), free(group), free(names);
    return status;
}
