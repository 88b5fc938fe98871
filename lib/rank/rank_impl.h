/* Internals of lib/rank shared by its files: the ranking handle and the
 * per-method scoring steps, which sensitivity analysis reruns with other
 * weights. */
#ifndef ASEL_RANK_IMPL_H
#define ASEL_RANK_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/rank.h"

struct accelsel_ranking {
    int method;
    uint32_t ties;   /* ACCELSEL_RANK_TIES_* */
    size_t n_rows;   /* rows of the dataset */
    size_t n_ranked; /* m: rows with every used criterion present */
    size_t n_crit;   /* criteria given */
    size_t n_used;   /* k: criteria of non-zero weight */
    size_t n_fronts; /* 0 when fronts were not computed */
    double *weights; /* n_crit, normalised to sum 1 */
    double *used_w;  /* k weights of the used criteria */
    /* m x k row-major, oriented so that larger is better (cost criteria
     * negated) and normalised by the method (vector norm for TOPSIS,
     * min-max for the weighted sum; raw for Pareto). */
    double *norm;
    size_t *rows;    /* m: dataset row of each ranked row, ascending */
    double *scores;  /* n_rows */
    size_t *ranks;   /* n_rows */
    size_t *fronts;  /* n_rows, or NULL when not computed */
    size_t *order;   /* m */
};

/* A used criterion's column in the dataset. */
typedef struct asel_rank_column {
    const double *values; /* the dataset's column, n_rows values */
    const char *name;
    double sign; /* +1 benefit, -1 cost: multiplied in to make larger better */
} asel_rank_column;

/* Check weights and directions (EINVAL naming "criteria[i]..."). */
int asel_rank_check_criteria(const accelsel_criterion *c, size_t n);

/* Weights normalised to sum 1 into @p w (n); returns how many are non-zero. */
size_t asel_rank_weights(const accelsel_criterion *c, size_t n, double *w);

/* Dataset column index of each criterion into @p cols (n), in time linear in
 * the criteria and columns: ENOTFOUND, ETYPE or EINVAL (a repeated column),
 * each naming the criterion; ENOMEM. */
int asel_rank_resolve(const accelsel_dataset *ds, const accelsel_criterion *c, size_t n,
                      size_t *cols);

/* Fill r->rows, r->norm (oriented, not yet normalised) and r->n_ranked from
 * the k used columns of @p ds, applying the missing-value policy (errors name
 * the value's line in its file). r->n_rows must be set. */
int asel_rank_gather(accelsel_ranking *r, const accelsel_dataset *ds, const asel_rank_column *cols,
                     size_t k, uint32_t missing);

/* Normalise the m x k oriented matrix in place for the method's scoring. */
void asel_topsis_normalise(double *x, size_t m, size_t k);
void asel_wsum_normalise(double *x, size_t m, size_t k);

/* Score m rows of a normalised matrix with weights @p w (k, sum 1) into
 * @p score. TOPSIS uses @p scratch of 2k doubles. */
void asel_topsis_score(const double *x, size_t m, size_t k, const double *w, double *scratch,
                       double *score);
void asel_wsum_score(const double *x, size_t m, size_t k, const double *w, double *score);

/* Dominance of rows a and b of k values (larger is better): 1 if a
 * dominates b, -1 if b dominates a, 0 if neither (equal rows included). */
int asel_dominance(const double *a, const double *b, size_t k);

/* Pareto fronts (1-based) of a subset of the rows of the oriented matrix
 * @p x (k columns, larger is better) by comparing every pair, O(t^2 k): the
 * t rows idx[0..t-1], or rows 0..t-1 when @p idx is NULL. front[p] is the front of the subset's p-th
 * row; returns the number of fronts. @p count and @p queue are scratch of
 * t entries each. */
size_t asel_pareto_fronts(const double *x, size_t k, const size_t *idx, size_t t, size_t *front,
                          size_t *count, size_t *queue);

/* Pareto fronts (1-based) of rows 0..m-1 of @p x (k columns, larger is
 * better) into @p front (m entries), their number into @p n_fronts:
 * O(m log m) for k <= 2, O(m log^2 m) for k = 3 (pareto_fast.c), else
 * asel_pareto_fronts(). 0 or ACCELSEL_ENOMEM (recorded). */
int asel_pareto_fronts_fast(const double *x, size_t k, size_t m, size_t *front, size_t *n_fronts);

/* Score the ranked rows of @p r with weights @p w (its n_used of them) into
 * @p score (m values); @p scratch holds 2 * n_used doubles. */
void asel_rank_score(const accelsel_ranking *r, const double *w, double *scratch, double *score);

/* Stable merge sort of @p n indices by @p cmp (negative: a first), using
 * @p tmp (n entries). Returns the number of pairs the sort had to invert,
 * i.e. pairs i < j of the input with cmp(idx[i], idx[j]) > 0. */
typedef int (*asel_index_cmp)(size_t a, size_t b, const void *ctx);
uint64_t asel_sort_indices(size_t *idx, size_t *tmp, size_t n, asel_index_cmp cmp,
                           const void *ctx);

/* Sort positions 0..m-1 best first: higher score; among exactly equal
 * scores, lower Pareto front within the tied positions (dominance on the
 * rows of @p x, m x k), then lower position. @p x NULL skips the dominance
 * step (Pareto scores: rows of one front never dominate each other).
 * @p work is scratch of 4m entries. */
void asel_rank_order(const double *score, const double *x, size_t m, size_t k, size_t *order,
                     size_t *work);

/* Sort positions 0..m-1 best first: higher score, then higher @p second,
 * then lower position. @p work is scratch of m entries. */
void asel_rank_order_second(const double *score, const double *second, size_t m, size_t *order,
                            size_t *work);

/* The position asel_rank_order() would put first, in O(m + t m K) for t
 * positions tied at the top. */
size_t asel_rank_best(const double *score, const double *x, size_t m, size_t k);

/* The matrix that breaks ties by dominance for @p r: its normalised
 * criteria, or NULL for the Pareto method and for the other tie rules
 * (whose ties at the top then keep the row order). */
const double *asel_rank_tie_matrix(const accelsel_ranking *r);

/* Kendall's tau-b with caller scratch (@p perm and @p tmp, n entries each).
 * Returns 0, or ACCELSEL_EDATA without recording an error when either sample
 * is constant. Values must not be NaN. */
int asel_tau_b(const double *x, const double *y, size_t n, size_t *perm, size_t *tmp, double *tau);

#endif
