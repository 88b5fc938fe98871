/* accelsel predict --plot: predicted against measured time to train (one
 * colour and marker per accelerator family, the identity y = x drawn by the
 * library as a thin dashed line),
 * and the scaling sweep (time and E' against the count). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "predict.h"

/* The numeric column @p name of @p ds, or NULL. */
static const double *numbers(const accelsel_dataset *ds, const char *name)
{
    size_t col;
    return accelsel_dataset_column_index(ds, name, &col) == 0 ? accelsel_dataset_numeric(ds, col)
                                                              : NULL;
}

typedef struct rows_plot {
    double *x, *y;
    int64_t *group;
    const char **names;
    size_t n, n_groups;
} rows_plot;

/* Families as groups, then "unknown family" when some row has none. */
static void fill_groups(const accelsel_dataset *ds, rows_plot *p)
{
    size_t col, n = accelsel_dataset_rows(ds), unknown = 0;
    int has = accelsel_dataset_column_index(ds, "accelerator_family", &col) == 0 &&
              accelsel_dataset_column_type(ds, col) == ACCELSEL_COLUMN_CATEGORICAL;
    size_t levels = has ? accelsel_dataset_levels(ds, col) : 0;
    for (size_t l = 0; l < levels; l++)
        p->names[l] = accelsel_dataset_level(ds, col, l);
    p->names[levels] = "unknown family";
    for (size_t i = 0; i < n; i++) {
        int64_t code = has ? accelsel_dataset_code(ds, i, col) : -1;
        p->group[i] = code >= 0 ? code : (int64_t)levels;
        unknown += code < 0;
    }
    p->n_groups = levels + (unknown > 0 || levels == 0);
    p->n = n;
}

int predict_plot_rows(const char *path, const accelsel_dataset *ds)
{
    const double *measured = numbers(ds, "time_to_train_min");
    const double *predicted = numbers(ds, "predicted_time_to_train_min");
    if (measured == NULL || predicted == NULL) {
        fprintf(stderr, "accelsel: predict: --plot needs a numeric time_to_train_min column "
                        "to draw predicted against measured\n");
        return CLI_FAIL;
    }
    size_t n = accelsel_dataset_rows(ds), cap = n ? n : 1;
    rows_plot p = {malloc(cap * sizeof(double)), malloc(cap * sizeof(double)),
                   malloc(cap * sizeof(int64_t)), malloc((n + 2) * sizeof(char *)), 0, 0};
    int status = CLI_OK;
    if (p.x == NULL || p.y == NULL || p.group == NULL || p.names == NULL)
        status = predict_oom();
    if (status == CLI_OK) {
        memcpy(p.x, measured, n * sizeof *p.x);
        memcpy(p.y, predicted, n * sizeof *p.y);
        fill_groups(ds, &p);
        accelsel_plot_panel panel = ACCELSEL_PLOT_PANEL_INIT;
        panel.kind = ACCELSEL_PLOT_SCATTER_IDENTITY;
        panel.x = p.x;
        panel.y = p.y;
        panel.group = p.group;
        panel.n = p.n;
        panel.group_names = p.names;
        panel.n_groups = p.n_groups;
        panel.title = "Predicted against measured time to train";
        panel.x_label = "measured (min)";
        panel.y_label = "predicted (min)";
        panel.log_x = panel.log_y = 1;
        status = cli_write_svg("predict", path, &panel, 1);
    }
    free(p.x);
    free(p.y);
    free(p.group);
    free(p.names);
    return status;
}

int predict_plot_sweep(const char *path, const accelsel_sweep_point *pts, size_t n,
                       size_t sweet, double threshold)
{
    /* Time: n points; E': n points, then the threshold as a second line. */
    double *x = malloc((2 * n + 2) * sizeof *x), *y = malloc((2 * n + 2) * sizeof *y);
    int64_t *g = malloc((n + 2) * sizeof *g);
    if (x == NULL || y == NULL || g == NULL) {
        free(x);
        free(y);
        free(g);
        return predict_oom();
    }
    double *ex = x + n, *ey = y + n;
    for (size_t i = 0; i < n; i++) {
        x[i] = ex[i] = pts[i].count;
        y[i] = pts[i].time_to_train_s / 60.0;
        ey[i] = pts[i].efficiency;
        g[i] = 0;
    }
    ex[n] = pts[0].count, ex[n + 1] = pts[n - 1].count;
    ey[n] = ey[n + 1] = threshold;
    g[n] = g[n + 1] = 1;
    char title[96];
    snprintf(title, sizeof title, "Efficiency E' (sweet spot: %u accelerators)", pts[sweet].count);
    static const char *const names[] = {"E'", "threshold"};
    accelsel_plot_panel panels[2] = {ACCELSEL_PLOT_PANEL_INIT, ACCELSEL_PLOT_PANEL_INIT};
    panels[0].kind = panels[1].kind = ACCELSEL_PLOT_LINES;
    panels[0].x = x, panels[0].y = y, panels[0].n = n;
    panels[0].title = "Predicted time to train";
    panels[0].x_label = panels[1].x_label = "accelerators";
    panels[0].y_label = "time to train (min)";
    panels[0].log_x = panels[0].log_y = panels[1].log_x = 1;
    panels[1].x = ex, panels[1].y = ey, panels[1].group = g, panels[1].n = n + 2;
    panels[1].group_names = names, panels[1].n_groups = 2;
    panels[1].title = title;
    panels[1].y_label = "E' (speed-up / count ratio)";
    int status = cli_write_svg("predict", path, panels, 2);
    free(x);
    free(y);
    free(g);
    return status;
}
