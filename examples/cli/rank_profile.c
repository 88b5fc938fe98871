/* accelsel rank: reading results back for the reports -- cells of the
 * profile dataset by group, cells of the kept rows, orders of groups and of
 * importance features. Missing columns and cells read as NaN or NULL. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

const char *rank_method_title(int method)
{
    return method == ACCELSEL_RANK_WSUM     ? "weighted sum"
           : method == ACCELSEL_RANK_PARETO ? "Pareto fronts"
                                            : "TOPSIS";
}

static int find(const accelsel_dataset *ds, const char *name, size_t *col)
{
    for (size_t c = 0; c < accelsel_dataset_cols(ds); c++)
        if (strcmp(accelsel_dataset_column_name(ds, c), name) == 0) {
            *col = c;
            return 1;
        }
    return 0;
}

/* The profile row of cluster @p group: the row whose `cluster` is @p group. */
static size_t profile_row(const accelsel_dataset *p, size_t group)
{
    size_t col, n = accelsel_dataset_rows(p);
    if (!find(p, "cluster", &col))
        return group;
    for (size_t i = 0; i < n; i++)
        if (accelsel_dataset_number(p, i, col) == (double)group)
            return i;
    return n;
}

double rank_profile_number(const rank_result *r, size_t group, const char *column)
{
    const accelsel_dataset *p = accelsel_cluster_model_profiles(r->model);
    size_t col;
    return find(p, column, &col) ? accelsel_dataset_number(p, profile_row(p, group), col) : NAN;
}

const char *rank_profile_text(const rank_result *r, size_t group, const char *column)
{
    const accelsel_dataset *p = accelsel_cluster_model_profiles(r->model);
    size_t col;
    return find(p, column, &col) ? accelsel_dataset_string(p, profile_row(p, group), col) : NULL;
}

size_t rank_profile_size(const rank_result *r, size_t group)
{
    double v = rank_profile_number(r, group, "size");
    return isfinite(v) && v >= 0 ? (size_t)v : 0;
}

double rank_row_number(const rank_result *r, size_t row, const char *column)
{
    size_t col;
    return find(r->ds, column, &col) ? accelsel_dataset_number(r->ds, row, col) : NAN;
}

const char *rank_row_text(const rank_result *r, size_t row, const char *column)
{
    size_t col;
    return find(r->ds, column, &col) ? accelsel_dataset_string(r->ds, row, col) : NULL;
}

size_t rank_group_at(const rank_result *r, size_t i)
{
    return accelsel_selection_group_at(r->selection, i);
}

double rank_group_score(const rank_result *r, size_t i)
{
    const accelsel_dataset *p = accelsel_cluster_model_profiles(r->model);
    size_t row = profile_row(p, rank_group_at(r, i));
    return row < accelsel_dataset_rows(p) ? accelsel_ranking_scores(r->groups)[row] : NAN;
}

size_t rank_group_rank(const rank_result *r, size_t i)
{
    return accelsel_selection_group_rank(r->selection, i);
}

size_t rank_row_at(const rank_result *r, size_t i)
{
    return accelsel_selection_row_order(r->selection)[i];
}

size_t rank_row_rank(const rank_result *r, size_t i)
{
    return accelsel_selection_row_rank(r->selection, rank_row_at(r, i));
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

size_t *rank_importance_order(const accelsel_importance *imp)
{
    size_t n = accelsel_importance_n_features(imp);
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    keyed *k = malloc((n ? n : 1) * sizeof *k);
    const double *perm = accelsel_importance_values(imp, ACCELSEL_MEASURE_PERMUTATION);
    for (size_t i = 0; order != NULL && k != NULL && i < n; i++)
        k[i] = (keyed){perm != NULL ? perm[i] : NAN, i};
    if (order != NULL && k != NULL) {
        qsort(k, n, sizeof *k, by_value);
        for (size_t i = 0; i < n; i++)
            order[i] = k[i].index;
    } else {
        free(order);
        order = NULL;
    }
    free(k);
    return order;
}

size_t rank_k_count(const rank_result *r)
{
    return r->sel != NULL ? accelsel_cluster_selection_count(r->sel) : 1;
}

uint32_t rank_k_scores(const rank_result *r, size_t i, double score[RANK_N_SCORES])
{
    if (r->sel != NULL) {
        for (int s = 0; s < RANK_N_SCORES; s++)
            score[s] = accelsel_cluster_selection_score(r->sel, i, s + 1);
        return accelsel_cluster_selection_k(r->sel, i);
    }
    /* A given k: the fitted model's own indices; the gap is not computed. */
    score[ACCELSEL_SCORE_INERTIA - 1] = accelsel_cluster_model_inertia(r->model);
    score[ACCELSEL_SCORE_SILHOUETTE - 1] = accelsel_cluster_model_silhouette(r->model);
    score[ACCELSEL_SCORE_CH - 1] = accelsel_cluster_model_calinski_harabasz(r->model);
    score[ACCELSEL_SCORE_DB - 1] = accelsel_cluster_model_davies_bouldin(r->model);
    score[ACCELSEL_SCORE_GAP - 1] = score[ACCELSEL_SCORE_GAP_SE - 1] = NAN;
    return (uint32_t)accelsel_cluster_model_k(r->model);
}

static int by_string(const void *pa, const void *pb)
{
    return strcmp(*(const char *const *)pa, *(const char *const *)pb);
}

int rank_mode(const rank_result *r, size_t group, const char *column, char *out, size_t size)
{
    size_t rows = accelsel_dataset_rows(r->ds), n = 0, missing = 0, members = 0, col;
    if (!find(r->ds, column, &col)) {
        snprintf(out, size, "-"); /* no such column: nothing is missing from it */
        return CLI_OK;
    }
    const char **v = malloc((rows ? rows : 1) * sizeof *v);
    if (v == NULL)
        return rank_oom();
    for (size_t i = 0; i < rows; i++) {
        if (r->group_of_row[i] != group)
            continue;
        members++;
        const char *s = rank_row_text(r, i, column);
        if (s == NULL || *s == '\0')
            missing++;
        else
            v[n++] = s;
    }
    qsort(v, n, sizeof *v, by_string);
    size_t best = 0, best_at = 0, ties = 0;
    for (size_t i = 0, run; i < n; i += run) {
        for (run = 1; i + run < n && strcmp(v[i], v[i + run]) == 0; run++)
            ;
        if (run > best) {
            best = run;
            best_at = i;
            ties = 0;
        } else if (run == best)
            ties++;
    }
    int len = best == 0 ? snprintf(out, size, "-")
                        : snprintf(out, size, "%s %zu/%zu%s", v[best_at], best, members,
                                   ties ? " (tie)" : "");
    if (missing > 0 && len >= 0 && (size_t)len < size)
        snprintf(out + len, size - (size_t)len, ", %zu missing", missing);
    free(v);
    return CLI_OK;
}

int rank_mlperf_shaped(const rank_result *r)
{
    static const char *const cols[] = {"accelerators", "time_to_train_min", "efficiency"};
    size_t col;
    for (size_t i = 0; i < sizeof cols / sizeof cols[0]; i++)
        if (!find(r->ds, cols[i], &col))
            return 0;
    return 1;
}
