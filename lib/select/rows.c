/* The rows the method works on: the row policy, derived metrics where the
 * data has their columns, the where filters, and the target column. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"
#include "select/select_impl.h"

/* Replace *ds by @p next, made from it by a call that returned @p rc. */
static int step(accelsel_dataset **ds, accelsel_dataset *next, int rc, const char *field)
{
    if (rc != 0)
        return asel_sel_blame(field);
    accelsel_dataset_free(*ds);
    *ds = next;
    return 0;
}

/* The filters of ACCELSEL_SELECTION_ROWS_KEPT, in the order they apply;
 * bit i of a filter mask says that filter i applied. */
static const char *const filter_names[] = {"time to train > 0", "accelerators > 0",
                                           "closed division", "unique logs"};
enum { FILTER_TIME, FILTER_ACCELERATORS, FILTER_CLOSED, FILTER_UNIQUE, N_FILTERS };

/* Keep rows whose numeric column @p name is above 0 (missing never is). */
static int keep_positive(accelsel_dataset **ds, const char *name, int filter, uint32_t *mask)
{
    if (!asel_sel_has(*ds, name))
        return 0;
    *mask |= 1u << filter;
    accelsel_dataset *next = NULL;
    int rc = accelsel_dataset_filter_range(&next, *ds, name, nextafter(0.0, 1.0), INFINITY);
    return step(ds, next, rc, "rows");
}

/* Keep rows whose logs are not copies of an earlier row's. */
static int keep_unique_logs(accelsel_dataset **ds, uint32_t *mask)
{
    size_t col;
    if (!asel_sel_has(*ds, "same_runs_as") ||
        accelsel_dataset_column_index(*ds, "same_runs_as", &col) != 0)
        return 0;
    *mask |= 1u << FILTER_UNIQUE;
    size_t n = accelsel_dataset_rows(*ds), m = 0, *keep;
    if (asel_alloc_array(&keep, n ? n : 1, sizeof *keep) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < n; i++)
        if (accelsel_dataset_is_missing(*ds, i, col) == 1)
            keep[m++] = i;
    accelsel_dataset *next = NULL;
    int rc = accelsel_dataset_select_rows(&next, *ds, keep, m);
    asel_free(keep);
    return step(ds, next, rc, "rows");
}

/* Keep the closed division's rows, where division_norm says: a column left
 * blank throughout (so read as numeric) says nothing of the division, and
 * one of numbers is not a division. (asel_sel_has first: a failed lookup
 * would record an error on a successful call.) */
static int keep_closed(accelsel_dataset **ds, uint32_t *mask)
{
    size_t col;
    if (!asel_sel_has(*ds, "division_norm") ||
        accelsel_dataset_column_index(*ds, "division_norm", &col) != 0 ||
        !asel_ds_has_value(*ds, col))
        return 0;
    if (accelsel_dataset_column_type(*ds, col) == ACCELSEL_COLUMN_NUMERIC)
        return asel_error_field(ACCELSEL_ETYPE, "rows", "column 'division_norm' holds numbers; "
                                "the division filter keeps the rows marked 'closed'");
    *mask |= 1u << FILTER_CLOSED;
    accelsel_dataset *next = NULL;
    int rc = accelsel_dataset_filter_equal(&next, *ds, "division_norm", "closed");
    return step(ds, next, rc, "rows");
}

static int kept_rows(accelsel_dataset **ds, uint32_t *mask)
{
    int rc = keep_positive(ds, "time_to_train_min", FILTER_TIME, mask);
    if (rc == 0)
        rc = keep_positive(ds, "total_accelerators", FILTER_ACCELERATORS, mask);
    if (rc == 0)
        rc = keep_closed(ds, mask);
    return rc == 0 ? keep_unique_logs(ds, mask) : rc;
}

/* Derived metrics where the data has the time and the accelerators, with
 * one reference per group of the grouping columns the data has (the
 * derive defaults: benchmark, round, accelerator model). */
static int derive(accelsel_selection *s)
{
    const accelsel_dataset *ds = s->ds;
    int counts = asel_sel_has(ds, "total_accelerators") ||
                 (asel_sel_has(ds, "number_of_nodes") && asel_sel_has(ds, "accelerators_per_node"));
    if (!asel_sel_has(ds, "time_to_train_min") || !counts)
        return asel_sel_note(s, "derived metrics skipped: they need the columns time_to_train_min "
                                "and total_accelerators (or number_of_nodes and "
                                "accelerators_per_node)");
    static const char *const all_groups[] = {"round", "accelerator_model_name"};
    const char *groups[2];
    size_t n_groups = 0;
    for (size_t i = 0; i < 2; i++)
        if (asel_sel_has(ds, all_groups[i]))
            groups[n_groups++] = all_groups[i];
    accelsel_derive_options o = ACCELSEL_DERIVE_OPTIONS_INIT;
    if (!asel_sel_has(ds, "epochs_mean") &&
        asel_sel_note(s, "throughput_per_accelerator and throughput_img_s_derived are missing: "
                         "they need the column epochs_mean") != 0)
        return ACCELSEL_ENOMEM;
    if (n_groups < 2 &&
        asel_sel_note(s, "efficiency compares each row with the smallest system %s%s",
                      n_groups == 0 ? "of all rows" : "of the same ", n_groups ? groups[0] : "") != 0)
        return ACCELSEL_ENOMEM;
    accelsel_dataset *next = NULL;
    int rc = accelsel_dataset_derive(&next, ds, &o);
    if (rc == ACCELSEL_ENOMEM)
        return rc;
    if (rc != 0) {
        /* no option is at fault: the step is named in the message instead */
        char why[ASEL_MSG_MAX];
        snprintf(why, sizeof why, "%s", accelsel_last_error()->message);
        return asel_error(rc, "derived metrics: %s", why);
    }
    accelsel_dataset_free(s->ds);
    s->ds = next;
    return 0;
}

static int apply_where(accelsel_selection *s, const accelsel_selection_options *o)
{
    int rc = 0;
    for (uint64_t i = 0; i < o->n_where && rc == 0; i++) {
        accelsel_dataset *next = NULL;
        int frc = accelsel_dataset_filter_expr(&next, s->ds, o->where[i]);
        rc = step(&s->ds, next, frc, "where");
        if (rc == 0 && accelsel_dataset_rows(s->ds) == 0)
            return asel_error_field(ACCELSEL_EEMPTY, "where", "no row is left after '%.*s%s'",
                                    ASEL_QUOTE_MAX, o->where[i], asel_ellipsis(o->where[i]));
    }
    return rc;
}

/* A copy of every row of @p data, which the steps then replace. */
static int copy_rows(accelsel_dataset **out, const accelsel_dataset *data)
{
    size_t n = accelsel_dataset_rows(data), *all;
    if (asel_alloc_array(&all, n ? n : 1, sizeof *all) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < n; i++)
        all[i] = i;
    int rc = accelsel_dataset_select_rows(out, data, all, n);
    asel_free(all);
    return rc;
}

/* The rows of @p in that policy @p rows keeps into *out; @p mask gets the
 * filters that applied. */
static int keep(accelsel_dataset **out, const accelsel_dataset *in, int32_t rows, uint32_t *mask)
{
    accelsel_dataset *ds = NULL;
    int rc = copy_rows(&ds, in);
    if (rc == 0 && rows == ACCELSEL_SELECTION_ROWS_KEPT)
        rc = kept_rows(&ds, mask);
    if (rc != 0) {
        accelsel_dataset_free(ds);
        return rc;
    }
    *out = ds;
    return 0;
}

ACCELSEL_API int accelsel_selection_keep_rows(accelsel_dataset **out, const accelsel_dataset *in,
                                              int32_t rows)
{
    if (out == NULL)
        return asel_einval("accelsel_selection_keep_rows", "out");
    *out = NULL;
    if (in == NULL)
        return asel_einval("accelsel_selection_keep_rows", "in");
    if (rows != ACCELSEL_SELECTION_ROWS_KEPT && rows != ACCELSEL_SELECTION_ROWS_ALL)
        return asel_error_field(ACCELSEL_EINVAL, "rows", "accelsel_selection_keep_rows: unknown "
                                "row policy %d", (int)rows);
    uint32_t mask = 0;
    return keep(out, in, rows, &mask);
}

ACCELSEL_API size_t accelsel_selection_filter_count(const accelsel_selection *s)
{
    size_t n = 0;
    for (int i = 0; s != NULL && i < N_FILTERS; i++)
        n += (s->filters >> i) & 1u;
    return n;
}

ACCELSEL_API const char *accelsel_selection_filter(const accelsel_selection *s, size_t i)
{
    for (int f = 0; s != NULL && f < N_FILTERS; f++)
        if (((s->filters >> f) & 1u) && i-- == 0)
            return filter_names[f];
    return NULL;
}

int asel_sel_rows(accelsel_selection *s, const accelsel_dataset *data,
                  const accelsel_selection_options *o)
{
    s->rows_in = accelsel_dataset_rows(data);
    if (s->rows_in == 0)
        return asel_error_field(ACCELSEL_EEMPTY, "rows", "the data has no rows");
    int rc = keep(&s->ds, data, o->rows, &s->filters);
    if (rc == 0 && accelsel_dataset_rows(s->ds) == 0)
        return asel_error_field(ACCELSEL_EEMPTY, "rows", "no row has a time to train and "
                                "accelerators above 0 in the closed division");
    if (rc == 0)
        rc = derive(s);
    if (rc == 0 && (o->features == NULL || o->criteria == NULL) && asel_sel_other_benchmark(s->ds))
        rc = asel_sel_note(s, "rows of an MLPerf benchmark other than ResNet-50: the default "
                              "features and criteria leave out throughput, whose epochs count "
                              "other things than ImageNet images");
    return rc == 0 ? apply_where(s, o) : rc;
}

/* log10 of @p n values, NaN where not above 0 (missing included). */
static double *log10_values(const double *v, size_t n)
{
    double *logs = asel_malloc((n ? n : 1) * sizeof *logs);
    for (size_t i = 0; logs != NULL && i < n; i++)
        logs[i] = v[i] > 0 ? log10(v[i]) : NAN;
    return logs;
}

int asel_sel_target_column(const accelsel_dataset *ds, const char *target, size_t *col,
                           int *logged)
{
    size_t len = strlen(target);
    *logged = len > 7 && strncmp(target, "log10(", 6) == 0 && target[len - 1] == ')' &&
              !asel_sel_has(ds, target);
    /* a column name may be any length */
    char *name = *logged ? asel_strndup(target + 6, len - 7) : asel_strdup(target);
    if (name == NULL)
        return asel_enomem();
    int rc = accelsel_dataset_column_index(ds, name, col);
    asel_free(name);
    if (rc != 0)
        return asel_sel_blame("target");
    if (accelsel_dataset_numeric(ds, *col) != NULL)
        return 0;
    asel_ds_not_numeric(ds, *col, "target", *logged ? "log10 needs numbers" : "a number is needed");
    return asel_sel_blame("target");
}

/* A target written log10(COL) becomes a column of that name. */
int asel_sel_add_target(accelsel_dataset *ds, const char *target)
{
    size_t col;
    int logged;
    int rc = asel_sel_target_column(ds, target, &col, &logged);
    if (rc != 0 || !logged)
        return rc;
    const double *v = accelsel_dataset_numeric(ds, col);
    size_t n = accelsel_dataset_rows(ds);
    double *logs = log10_values(v, n);
    if (logs == NULL)
        return asel_enomem();
    rc = accelsel_dataset_add_numeric(ds, target, logs, n);
    asel_free(logs);
    return rc == 0 ? 0 : asel_sel_blame("target");
}
