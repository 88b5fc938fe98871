/* accelsel rank: the rows the method works on -- loaded, filtered by the
 * default filters, given derived metrics, filtered by --where -- and the
 * importance target as a column. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

/* Replace *ds by @p next, made from it by a call that returned @p rc. */
static int step(accelsel_dataset **ds, accelsel_dataset *next, int rc, const char *what)
{
    if (rc != 0)
        return cli_fail(rc, what);
    accelsel_dataset_free(*ds);
    *ds = next;
    return CLI_OK;
}

static int has_column(const accelsel_dataset *ds, const char *name)
{
    for (size_t c = 0; c < accelsel_dataset_cols(ds); c++)
        if (strcmp(accelsel_dataset_column_name(ds, c), name) == 0)
            return 1;
    return 0;
}

/* Keep rows whose numeric column @p name is above 0 (missing never is). */
static int keep_positive(accelsel_dataset **ds, const char *name)
{
    if (!has_column(*ds, name))
        return CLI_OK;
    accelsel_dataset *next = NULL;
    int rc = accelsel_dataset_filter_range(&next, *ds, name, nextafter(0.0, 1.0), INFINITY);
    return step(ds, next, rc, name);
}

/* Keep rows whose logs are not copies of an earlier row's. */
static int keep_unique_logs(accelsel_dataset **ds)
{
    size_t col;
    if (!has_column(*ds, "same_runs_as") ||
        accelsel_dataset_column_index(*ds, "same_runs_as", &col) != 0)
        return CLI_OK;
    size_t n = accelsel_dataset_rows(*ds), m = 0;
    size_t *keep = malloc((n ? n : 1) * sizeof *keep);
    if (keep == NULL)
        return rank_oom();
    for (size_t i = 0; i < n; i++)
        if (accelsel_dataset_is_missing(*ds, i, col) == 1)
            keep[m++] = i;
    accelsel_dataset *next = NULL;
    int rc = accelsel_dataset_select_rows(&next, *ds, keep, m);
    free(keep);
    return step(ds, next, rc, "same_runs_as");
}

static int default_filters(accelsel_dataset **ds)
{
    int status = keep_positive(ds, "time_to_train_min");
    if (status == CLI_OK)
        status = keep_positive(ds, "total_accelerators");
    if (status == CLI_OK && has_column(*ds, "division_norm")) {
        accelsel_dataset *next = NULL;
        int rc = accelsel_dataset_filter_equal(&next, *ds, "division_norm", "closed");
        status = step(ds, next, rc, "division_norm");
    }
    if (status == CLI_OK)
        status = keep_unique_logs(ds);
    return status;
}

int rank_load(const rank_args *a, rank_result *r)
{
    int rc, status = cli_load_dataset(&r->ds, a->csv, a->na);
    if (status == CLI_OK && a->with_predictions != NULL)
        status = rank_add_predictions(a->with_predictions, &r->ds);
    if (status != CLI_OK)
        return status;
    r->rows_in = accelsel_dataset_rows(r->ds);
    status = default_filters(&r->ds);
    if (status == CLI_OK) {
        accelsel_dataset *next = NULL;
        rc = accelsel_dataset_derive(&next, r->ds, NULL);
        status = step(&r->ds, next, rc, "derived metrics");
    }
    for (size_t i = 0; i < a->n_where && status == CLI_OK; i++) {
        accelsel_dataset *next = NULL;
        rc = accelsel_dataset_filter_expr(&next, r->ds, a->where[i]);
        status = step(&r->ds, next, rc, a->where[i]);
    }
    return status;
}

/* log10 of @p n values, NaN where not above 0 (missing included); caller frees. */
static double *log10_values(const double *v, size_t n)
{
    double *logs = malloc((n ? n : 1) * sizeof *logs);
    for (size_t i = 0; logs != NULL && i < n; i++)
        logs[i] = v[i] > 0 ? log10(v[i]) : NAN;
    return logs;
}

/* A target written log10(COL) becomes a column of that name. */
int rank_add_target(accelsel_dataset *ds, const char *target)
{
    size_t len = strlen(target), col;
    if (len < 8 || strncmp(target, "log10(", 6) != 0 || target[len - 1] != ')' ||
        has_column(ds, target))
        return CLI_OK;
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(len - 7), target + 6);
    int rc = accelsel_dataset_column_index(ds, name, &col);
    if (rc != 0)
        return cli_fail(rc, "--target");
    const double *v = accelsel_dataset_numeric(ds, col);
    if (v == NULL) {
        fprintf(stderr, "accelsel: --target: column '%s' is categorical, log10 needs numbers (%s)\n",
                name, accelsel_status_name(ACCELSEL_ETYPE));
        return CLI_FAIL;
    }
    size_t n = accelsel_dataset_rows(ds);
    double *logs = log10_values(v, n);
    if (logs == NULL)
        return rank_oom();
    rc = accelsel_dataset_add_numeric(ds, target, logs, n);
    free(logs);
    return rc == 0 ? CLI_OK : cli_fail(rc, "--target");
}
