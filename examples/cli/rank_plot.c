/* accelsel rank --plot: a standalone SVG of two panels -- the clustered rows
 * in the plane of the first two principal components of their features,
 * coloured by group, and the scaling curve: the best time to train per
 * accelerator family and accelerator count, log-log, when the rows have
 * those columns. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

/* Point data and labels of the two panels, owned here. */
typedef struct plot_data {
    double *px, *py;     /* n scores on the first two principal components */
    int64_t *label;      /* n groups of the scatter */
    char **group_names;  /* k */
    double *sx, *sy;     /* scaling points: accelerators, best time */
    int64_t *family;     /* family index of each scaling point */
    const char **family_names;
    size_t n_scaling, n_families;
    char pc_label[2][48];
} plot_data;

static void free_plot(plot_data *p, size_t k)
{
    free(p->px);
    free(p->py);
    free(p->label);
    for (size_t g = 0; p->group_names != NULL && g < k; g++)
        free(p->group_names[g]);
    free(p->group_names);
    free(p->sx);
    free(p->sy);
    free(p->family);
    free(p->family_names);
}

/* Scores on the first two components (the second is 0 for one feature). */
static int pca_scores(const rank_result *r, plot_data *p)
{
    size_t nc = r->d >= 2 ? 2 : 1;
    accelsel_pca *pca = NULL;
    int rc = accelsel_pca_fit(&pca, r->matrix, r->n, r->d, nc);
    double *s = rc == 0 ? malloc(r->n * nc * sizeof *s) : NULL;
    if (rc == 0 && s == NULL)
        rc = ACCELSEL_ENOMEM;
    if (rc == 0)
        rc = accelsel_pca_transform(pca, r->matrix, r->n, r->d, s, r->n * nc);
    for (size_t i = 0; rc == 0 && i < r->n; i++) {
        p->px[i] = s[i * nc];
        p->py[i] = nc == 2 ? s[i * nc + 1] : 0.0;
    }
    for (size_t c = 0; rc == 0 && c < 2; c++)
        snprintf(p->pc_label[c], sizeof p->pc_label[c], "PC%zu (%.0f%% of the variance)", c + 1,
                 c < nc ? 100.0 * accelsel_pca_explained_variance_ratio(pca)[c] : 0.0);
    free(s);
    accelsel_pca_free(pca);
    return rc == 0 ? CLI_OK : cli_fail(rc, "--plot: PCA");
}

static int scatter_data(const rank_result *r, plot_data *p)
{
    const accelsel_selection *sel = r->selection;
    size_t k = accelsel_cluster_model_k(r->model);
    p->px = malloc((r->n ? r->n : 1) * sizeof *p->px);
    p->py = malloc((r->n ? r->n : 1) * sizeof *p->py);
    p->label = malloc((r->n ? r->n : 1) * sizeof *p->label);
    p->group_names = calloc(k, sizeof *p->group_names);
    if (p->px == NULL || p->py == NULL || p->label == NULL || p->group_names == NULL)
        return rank_oom();
    for (size_t i = 0; i < r->n; i++)
        p->label[i] = r->group_of_row[r->matrix_rows[i]];
    for (size_t g = 0; g < k; g++) {
        if ((p->group_names[g] = malloc(32)) == NULL)
            return rank_oom();
        snprintf(p->group_names[g], 32, "group %u (%zu)", RANK_GROUP(g),
                 accelsel_selection_group_size(sel, (uint32_t)g));
    }
    return pca_scores(r, p);
}

/* Index of @p name among the families seen so far, added if new. */
static int64_t family_index(plot_data *p, const char *name)
{
    for (size_t f = 0; f < p->n_families; f++)
        if (strcmp(p->family_names[f], name) == 0)
            return (int64_t)f;
    p->family_names[p->n_families] = name;
    return (int64_t)p->n_families++;
}

/* One point per (family, accelerator count): the best time among the rows. */
static void add_scaling_point(plot_data *p, const char *family, double n, double t)
{
    int64_t f = family_index(p, family);
    for (size_t i = 0; i < p->n_scaling; i++)
        if (p->family[i] == f && p->sx[i] == n) {
            p->sy[i] = fmin(p->sy[i], t);
            return;
        }
    p->family[p->n_scaling] = f;
    p->sx[p->n_scaling] = n;
    p->sy[p->n_scaling++] = t;
}

static int scaling_data(const rank_result *r, plot_data *p)
{
    size_t rows = accelsel_dataset_rows(r->ds), cap = rows ? rows : 1;
    p->sx = malloc(cap * sizeof *p->sx);
    p->sy = malloc(cap * sizeof *p->sy);
    p->family = malloc(cap * sizeof *p->family);
    p->family_names = malloc(cap * sizeof *p->family_names);
    if (p->sx == NULL || p->sy == NULL || p->family == NULL || p->family_names == NULL)
        return rank_oom();
    for (size_t i = 0; i < rows; i++) {
        const char *family = rank_row_text(r, i, "accelerator_family");
        double n = rank_row_number(r, i, "accelerators");
        double t = rank_row_number(r, i, "time_to_train_min");
        if (family != NULL && n > 0 && t > 0)
            add_scaling_point(p, family, n, t);
    }
    return CLI_OK;
}

/* The scatter, and the scaling panel when some row has a family, a count and
 * a time to train: a table without them still gets its groups drawn. */
static int draw(const char *path, const rank_result *r, const plot_data *p)
{
    const accelsel_plot_panel panel[2] = {
        {ACCELSEL_PLOT_PANEL_VERSION, ACCELSEL_PLOT_SCATTER, p->px, p->py, p->label, r->n,
         (const char *const *)p->group_names, accelsel_cluster_model_k(r->model),
         "Configurations by group (PCA of the features)", p->pc_label[0], p->pc_label[1], 0, 0,
         NULL, NULL, 1, NULL, 0, NULL, NULL, NULL, 0, NULL, NULL, 0},
        {ACCELSEL_PLOT_PANEL_VERSION, ACCELSEL_PLOT_LINES, p->sx, p->sy, p->family, p->n_scaling,
         p->family_names, p->n_families,
         "Scaling: best time per accelerator count", "accelerators", "time to train (min)", 1, 1,
         NULL, NULL, 1, NULL, 0, NULL, NULL, NULL, 0, NULL, NULL, 0}};
    if (p->n_scaling == 0)
        fputs("accelsel: rank: --plot: no scaling panel: no row has accelerator_family, "
              "accelerators > 0 and time_to_train_min > 0\n", stderr);
    return cli_write_svg("rank", path, panel, p->n_scaling > 0 ? 2 : 1);
}

int rank_plot(const char *path, const rank_result *r)
{
    plot_data p;
    memset(&p, 0, sizeof p);
    int status = scatter_data(r, &p);
    if (status == CLI_OK)
        status = scaling_data(r, &p);
    if (status == CLI_OK)
        status = draw(path, r, &p);
    free_plot(&p, accelsel_cluster_model_k(r->model));
    return status;
}
