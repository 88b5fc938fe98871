/* accelsel rank: step 1, which variables drive the target (importance), and
 * step 2, the performance groups (feature matrix, choice of k, clustering). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

static int fit_spec(const accelsel_dataset *ds, const rank_spec *spec, const char *option,
                    uint32_t missing, accelsel_features **out)
{
    accelsel_features_options o = ACCELSEL_FEATURES_OPTIONS_INIT;
    o.missing = missing;
    int rc = accelsel_features_fit(out, ds, (const char *const *)spec->columns, spec->transforms,
                                   spec->n, &o);
    return rc == 0 ? CLI_OK : cli_fail(rc, option);
}

/* Fit a feature transform on the columns of @p text with @p missing. */
static int fit_features(const accelsel_dataset *ds, const char *text, const char *option,
                        uint32_t missing, accelsel_features **out)
{
    rank_spec spec;
    int status = rank_spec_parse(text, option, &spec);
    if (status == CLI_OK)
        status = fit_spec(ds, &spec, option, missing, out);
    rank_spec_free(&spec);
    return status;
}

/* 1 if column @p name exists and has at most one distinct present value. */
static int is_constant(const accelsel_dataset *ds, const char *name)
{
    size_t col, n = accelsel_dataset_rows(ds), seen = 0;
    if (accelsel_dataset_column_index(ds, name, &col) != 0)
        return 0; /* the fit reports it */
    const double *v = accelsel_dataset_numeric(ds, col);
    double first = NAN;
    for (size_t i = 0; i < n; i++) {
        double x = v != NULL ? v[i] : (double)accelsel_dataset_code(ds, i, col);
        if (v != NULL ? isnan(x) : x < 0)
            continue; /* missing */
        if (seen++ == 0)
            first = x;
        else if (x != first)
            return 0;
    }
    return 1;
}

/* Move the columns that cannot explain anything (one value over the kept
 * rows, e.g. round after --where round=...) from @p spec to r->constant. */
static int drop_constant(const accelsel_dataset *ds, rank_spec *spec, rank_result *r)
{
    r->constant = calloc(spec->n ? spec->n : 1, sizeof *r->constant);
    if (r->constant == NULL)
        return rank_oom();
    size_t kept = 0;
    if (accelsel_dataset_rows(ds) < 2)
        return CLI_OK; /* too few rows for importance: the library says so */
    for (size_t i = 0; i < spec->n; i++) {
        if (is_constant(ds, spec->columns[i])) {
            r->constant[r->n_constant++] = spec->columns[i];
            continue;
        }
        spec->columns[kept] = spec->columns[i];
        spec->transforms[kept++] = spec->transforms[i];
    }
    spec->n = kept;
    if (kept > 0)
        return CLI_OK;
    fputs("accelsel: rank: --variables: every column has a single value over the kept rows\n",
          stderr);
    return CLI_FAIL;
}

int rank_importance(const rank_args *a, rank_result *r)
{
    rank_spec spec = {NULL, NULL, 0};
    accelsel_features *f = NULL;
    int status = rank_add_target(r->ds, a->target);
    if (status == CLI_OK)
        status = rank_spec_parse(a->variables, "--variables", &spec);
    if (status == CLI_OK)
        status = drop_constant(r->ds, &spec, r);
    if (status == CLI_OK)
        status = fit_spec(r->ds, &spec, "--variables", ACCELSEL_MISSING_IMPUTE, &f);
    rank_spec_free(&spec);
    if (status != CLI_OK)
        return status;
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.seed = a->seed;
    int rc = accelsel_importance_compute_features(&r->imp, r->ds, f, a->target, &o);
    accelsel_features_free(f);
    return rc == 0 ? CLI_OK : cli_fail(rc, "variable importance");
}

/* The clustering features of every row they do not drop, as a matrix. */
static int feature_matrix(const rank_args *a, rank_result *r)
{
    int status = fit_features(r->ds, a->features, "--features", ACCELSEL_MISSING_DROP, &r->feat);
    if (status != CLI_OK)
        return status;
    size_t rows = accelsel_dataset_rows(r->ds);
    r->d = accelsel_features_dim(r->feat);
    r->matrix = malloc((rows ? rows : 1) * r->d * sizeof *r->matrix);
    r->matrix_rows = malloc((rows ? rows : 1) * sizeof *r->matrix_rows);
    if (r->matrix == NULL || r->matrix_rows == NULL)
        return rank_oom();
    int rc = accelsel_features_transform(r->feat, r->ds, r->matrix, rows * r->d, &r->n,
                                         r->matrix_rows);
    return rc == 0 ? CLI_OK : cli_fail(rc, "--features");
}

/* The label of every ds row, UINT32_MAX where the row was not clustered. */
static int label_rows(rank_result *r)
{
    size_t rows = accelsel_dataset_rows(r->ds), n = accelsel_cluster_model_n_rows(r->model);
    const uint32_t *labels = accelsel_cluster_model_labels(r->model);
    const size_t *index = accelsel_cluster_model_row_index(r->model);
    r->group_of_row = malloc((rows ? rows : 1) * sizeof *r->group_of_row);
    if (r->group_of_row == NULL)
        return rank_oom();
    for (size_t i = 0; i < rows; i++)
        r->group_of_row[i] = UINT32_MAX;
    for (size_t i = 0; i < n; i++)
        r->group_of_row[index[i]] = labels[i];
    return CLI_OK;
}

int rank_cluster(const rank_args *a, rank_result *r)
{
    int status = feature_matrix(a, r);
    if (status != CLI_OK)
        return status;
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.algorithm = a->algorithm;
    o.seed = a->seed;
    o.k = a->k;
    int rc = 0;
    if (a->k == 0) {
        rc = accelsel_cluster_select_k(&r->sel, r->matrix, r->n, r->d, a->k_min, a->k_max, a->k_by,
                                       &o);
        if (rc != 0)
            return cli_fail(rc, "choice of k");
        o.k = accelsel_cluster_selection_best_k(r->sel);
    }
    rc = accelsel_cluster_fit_dataset(&r->model, r->ds, r->feat, &o);
    if (rc != 0)
        return cli_fail(rc, "clustering");
    return label_rows(r);
}
