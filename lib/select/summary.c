/* What a front end shows of a selection, decided here once: the groups'
 * profile cells, scores and sizes, the most common value of a column per
 * group, whether the rows are MLPerf-shaped, the order of the importance
 * features and the default column lists. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/cluster_profile.h"
#include "select/select_impl.h"

ACCELSEL_API const char *accelsel_selection_default(const char *field)
{
    static const char *const defaults[][2] = {
        {"features", ACCELSEL_SELECTION_DEFAULT_FEATURES},
        {"variables", ACCELSEL_SELECTION_DEFAULT_VARIABLES},
        {"target", ACCELSEL_SELECTION_DEFAULT_TARGET},
        {"criteria", ACCELSEL_SELECTION_DEFAULT_CRITERIA},
        {"benchmark_features", ACCELSEL_SELECTION_BENCHMARK_FEATURES},
        {"benchmark_criteria", ACCELSEL_SELECTION_BENCHMARK_CRITERIA},
        {"energy_criterion", ACCELSEL_SELECTION_ENERGY_CRITERION}};
    for (size_t i = 0; field != NULL && i < sizeof defaults / sizeof defaults[0]; i++)
        if (strcmp(field, defaults[i][0]) == 0)
            return defaults[i][1];
    return NULL;
}

/* The profile row of group @p group: the row whose `cluster` is @p group;
 * the number of profile rows when there is none. */
static size_t profile_row(const accelsel_selection *s, uint32_t group)
{
    const accelsel_dataset *p = accelsel_cluster_model_profiles(s->model);
    size_t col, n = accelsel_dataset_rows(p);
    if (!asel_sel_find(p, "cluster", &col))
        return group < n ? group : n;
    for (size_t i = 0; i < n; i++)
        if (accelsel_dataset_number(p, i, col) == (double)group)
            return i;
    return n;
}

ACCELSEL_API double accelsel_selection_profile_number(const accelsel_selection *s, uint32_t group,
                                                      const char *column)
{
    if (s == NULL || column == NULL)
        return NAN;
    const accelsel_dataset *p = accelsel_cluster_model_profiles(s->model);
    size_t col, row = profile_row(s, group);
    if (row >= accelsel_dataset_rows(p) || !asel_sel_find(p, column, &col) ||
        accelsel_dataset_column_type(p, col) != ACCELSEL_COLUMN_NUMERIC)
        return NAN;
    return accelsel_dataset_number(p, row, col);
}

ACCELSEL_API size_t accelsel_selection_group_size(const accelsel_selection *s, uint32_t group)
{
    double v = accelsel_selection_profile_number(s, group, "size");
    return isfinite(v) && v >= 0 ? (size_t)v : 0;
}

ACCELSEL_API uint32_t accelsel_selection_group_at(const accelsel_selection *s, size_t i)
{
    if (s == NULL || i >= accelsel_ranking_ranked_count(s->groups))
        return UINT32_MAX;
    const accelsel_dataset *p = accelsel_cluster_model_profiles(s->model);
    size_t row = accelsel_ranking_order(s->groups)[i], col;
    return asel_sel_find(p, "cluster", &col) ? (uint32_t)accelsel_dataset_number(p, row, col)
                                             : (uint32_t)row;
}

/* The profile row of group @p group, if it was ranked; SIZE_MAX if not. */
static size_t ranked_profile_row(const accelsel_selection *s, uint32_t group)
{
    const accelsel_dataset *p = accelsel_cluster_model_profiles(s->model);
    size_t col, n = accelsel_dataset_rows(p);
    int labelled = asel_sel_find(p, "cluster", &col);
    for (size_t row = 0; row < n; row++)
        if ((labelled ? accelsel_dataset_number(p, row, col) : (double)row) == (double)group)
            return accelsel_ranking_ranks(s->groups)[row] > 0 ? row : SIZE_MAX;
    return SIZE_MAX;
}

ACCELSEL_API size_t accelsel_selection_group_rank(const accelsel_selection *s, uint32_t group)
{
    size_t row = s != NULL ? ranked_profile_row(s, group) : SIZE_MAX;
    return row != SIZE_MAX ? accelsel_ranking_ranks(s->groups)[row] : 0;
}

ACCELSEL_API double accelsel_selection_group_score(const accelsel_selection *s, uint32_t group)
{
    size_t row = s != NULL ? ranked_profile_row(s, group) : SIZE_MAX;
    return row != SIZE_MAX ? accelsel_ranking_scores(s->groups)[row] : NAN;
}

ACCELSEL_API const char *accelsel_selection_median_column(const accelsel_selection *s, size_t i)
{
    return s != NULL && i < s->n_crit ? s->median_names[i] : NULL;
}

/* The categorical column @p column of the rows, or the error saying why not. */
static int mode_column(const accelsel_selection *s, const char *column, size_t *col)
{
    if (!asel_sel_find(s->ds, column, col))
        return asel_error_field(ACCELSEL_ENOTFOUND, "column", "no column '%.*s%s' in the rows",
                                ASEL_QUOTE_MAX, column, asel_ellipsis(column));
    if (accelsel_dataset_column_type(s->ds, *col) != ACCELSEL_COLUMN_CATEGORICAL)
        return asel_error_field(ACCELSEL_ETYPE, "column", "column '%.*s%s' holds numbers",
                                ASEL_QUOTE_MAX, column, asel_ellipsis(column));
    return 0;
}

ACCELSEL_API int accelsel_selection_mode(const accelsel_selection *s, uint32_t group,
                                         const char *column, const char **value, size_t *count,
                                         size_t *ties, size_t *missing)
{
    static const char fn[] = "accelsel_selection_mode";
    if (s == NULL)
        return asel_einval(fn, "s");
    if (column == NULL)
        return asel_einval(fn, "column");
    if (value == NULL)
        return asel_einval(fn, "value");
    if (group >= accelsel_cluster_model_k(s->model))
        return asel_error_field(ACCELSEL_EINVAL, "group", "%s: group %u is past the %zu groups",
                                fn, group, accelsel_cluster_model_k(s->model));
    size_t col, rows = accelsel_dataset_rows(s->ds), lost = 0, *n = NULL, tied;
    int rc = mode_column(s, column, &col);
    size_t nl = rc == 0 ? accelsel_dataset_levels(s->ds, col) : 0;
    if (rc != 0 || (rc = asel_alloc_array(&n, nl ? nl : 1, sizeof *n)) != 0)
        return rc;
    for (size_t i = 0; i < rows; i++) {
        if (s->group_of_row[i] != group)
            continue;
        int64_t code = accelsel_dataset_code(s->ds, i, col);
        if (code >= 0)
            n[code]++;
        else
            lost++;
    }
    size_t best = asel_level_mode(n, nl, &tied);
    *value = best == SIZE_MAX ? NULL : accelsel_dataset_level(s->ds, col, best);
    if (count != NULL)
        *count = best == SIZE_MAX ? 0 : n[best];
    if (ties != NULL)
        *ties = tied;
    if (missing != NULL)
        *missing = lost;
    asel_free(n);
    return 0;
}

ACCELSEL_API int accelsel_selection_mlperf_shaped(const accelsel_selection *s)
{
    static const char *const cols[] = {"accelerators", "time_to_train_min", "efficiency",
                                       "throughput_per_accelerator", "accelerator_hours",
                                       "accelerator_family", "host_processor_model_name"};
    for (size_t i = 0; s != NULL && i < sizeof cols / sizeof cols[0]; i++)
        if (!asel_sel_has(s->ds, cols[i]))
            return 0;
    return s != NULL;
}

typedef struct keyed {
    double value;
    size_t index;
} keyed;

/* Larger value first, NaN last, then lower index. */
static int by_value(const void *pa, const void *pb)
{
    const keyed *a = pa, *b = pb;
    if (isnan(a->value) != isnan(b->value))
        return isnan(a->value) ? 1 : -1;
    if (a->value != b->value && !isnan(a->value))
        return a->value > b->value ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

int asel_sel_importance_order(accelsel_selection *s)
{
    size_t n = accelsel_importance_n_features(s->imp);
    const double *perm = accelsel_importance_values(s->imp, ACCELSEL_MEASURE_PERMUTATION);
    keyed *k;
    if (asel_alloc_array(&k, n ? n : 1, sizeof *k) != 0 ||
        asel_alloc_array(&s->importance_order, n ? n : 1, sizeof *s->importance_order) != 0) {
        asel_free(k);
        return ACCELSEL_ENOMEM;
    }
    for (size_t i = 0; i < n; i++)
        k[i] = (keyed){perm != NULL ? perm[i] : NAN, i};
    qsort(k, n, sizeof *k, by_value);
    for (size_t i = 0; i < n; i++)
        s->importance_order[i] = k[i].index;
    asel_free(k);
    return 0;
}

ACCELSEL_API const size_t *accelsel_selection_importance_order(const accelsel_selection *s)
{
    return s != NULL && s->imp != NULL ? s->importance_order : NULL;
}
