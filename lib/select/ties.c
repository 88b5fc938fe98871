/* Ties: rows (or groups) with the same score share a rank, and are listed in
 * the order of a secondary criterion. Pareto fronts tie whole fronts (every
 * row of front 1 scores 1), so there the secondary criterion is TOPSIS
 * closeness on the same criteria; TOPSIS and weighted sums rarely tie
 * exactly, and their ties keep the order of the rows. */
#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "select/select_impl.h"

typedef struct tie_key {
    double score, second;
    size_t row;
} tie_key;

/* Higher score first, then higher secondary score, then the earlier row. */
static int by_key(const void *pa, const void *pb)
{
    const tie_key *a = pa, *b = pb;
    if (a->score != b->score)
        return a->score > b->score ? -1 : 1;
    if (a->second != b->second && !isnan(a->second) && !isnan(b->second))
        return a->second > b->second ? -1 : 1;
    return (a->row > b->row) - (a->row < b->row);
}

/* Order and shared ranks of @p primary's ranked rows, ties by @p second
 * (NULL: row order). @p order gets ranked_count rows, @p rank one entry per
 * row (0 for a row not ranked). */
static int order_ties(const accelsel_ranking *primary, const accelsel_ranking *second,
                      size_t **order, size_t **rank)
{
    size_t rows = accelsel_ranking_rows(primary), n = accelsel_ranking_ranked_count(primary);
    const double *score = accelsel_ranking_scores(primary);
    const double *s2 = second != NULL ? accelsel_ranking_scores(second) : NULL;
    const size_t *by_primary = accelsel_ranking_order(primary);
    tie_key *keys;
    if (asel_alloc_array(&keys, n ? n : 1, sizeof *keys) != 0 ||
        asel_alloc_array(order, n ? n : 1, sizeof **order) != 0 ||
        asel_alloc_array(rank, rows ? rows : 1, sizeof **rank) != 0) {
        asel_free(keys);
        return ACCELSEL_ENOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        size_t row = by_primary[i];
        keys[i] = (tie_key){score[row], s2 != NULL ? s2[row] : NAN, row};
    }
    qsort(keys, n, sizeof *keys, by_key);
    for (size_t i = 0; i < n; i++) {
        (*order)[i] = keys[i].row;
        (*rank)[keys[i].row] = i > 0 && keys[i].score == keys[i - 1].score
                                   ? (*rank)[keys[i - 1].row]
                                   : i + 1;
    }
    asel_free(keys);
    return 0;
}

/* TOPSIS on the same criteria, the secondary criterion of Pareto fronts. */
static int secondary(const accelsel_dataset *ds, const accelsel_criterion *crit, size_t n_crit,
                     accelsel_ranking **out)
{
    int rc = accelsel_ranking_compute(out, ds, crit, n_crit, ACCELSEL_RANK_TOPSIS, NULL);
    return rc == 0 ? 0 : asel_sel_fail(rc, "criteria");
}

int asel_sel_ties(accelsel_selection *s, const accelsel_selection_options *o)
{
    accelsel_ranking *rows2 = NULL, *groups2 = NULL;
    int rc = 0;
    if (o->method == ACCELSEL_RANK_PARETO) {
        rc = secondary(s->ds, s->crit, s->n_crit, &rows2);
        if (rc == 0)
            rc = secondary(accelsel_cluster_model_profiles(s->model), s->crit_median, s->n_crit,
                           &groups2);
    }
    if (rc == 0)
        rc = order_ties(s->rows, rows2, &s->row_order, &s->row_rank);
    if (rc == 0)
        rc = order_ties(s->groups, groups2, &s->group_order, &s->group_rank);
    accelsel_ranking_free(rows2);
    accelsel_ranking_free(groups2);
    return rc;
}
