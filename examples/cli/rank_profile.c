/* accelsel rank: cells of the kept rows, a group's most common value and
 * the k table, as the reports print them; the library decides every value. */
#include <math.h>
#include <string.h>

#include "rank_cli.h"

static int find(const accelsel_dataset *ds, const char *name, size_t *col)
{
    for (size_t c = 0; c < accelsel_dataset_cols(ds); c++)
        if (strcmp(accelsel_dataset_column_name(ds, c), name) == 0) {
            *col = c;
            return 1;
        }
    return 0;
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

int rank_mode(const rank_result *r, size_t group, const char *column, char *out, size_t size)
{
    const char *value = NULL;
    size_t count = 0, ties = 0, missing = 0;
    int rc = accelsel_selection_mode(r->selection, (uint32_t)group, column, &value, &count, &ties,
                                     &missing);
    if (rc == ACCELSEL_ENOMEM)
        return rank_oom();
    /* no such column (or a numeric one): nothing is missing from it */
    int len = rc != 0 || value == NULL
                  ? snprintf(out, size, "-")
                  : snprintf(out, size, "%s %zu/%zu%s", value, count,
                             accelsel_selection_group_size(r->selection, (uint32_t)group),
                             ties ? " (tie)" : "");
    if (rc == 0 && missing > 0 && len >= 0 && (size_t)len < size)
        snprintf(out + len, size - (size_t)len, ", %zu missing", missing);
    return CLI_OK;
}
