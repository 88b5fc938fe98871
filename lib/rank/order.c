/* Sorting of row indices: the ranking order and, through its inversion count,
 * Kendall's tau. A merge sort because it is stable (ties keep row order) and
 * counts inversions for free. */
#include <string.h>

#include "rank/rank_impl.h"

static uint64_t merge(size_t *idx, size_t *tmp, size_t lo, size_t mid, size_t hi,
                      asel_index_cmp cmp, const void *ctx)
{
    uint64_t inversions = 0;
    size_t i = lo, j = mid, o = lo;
    while (i < mid && j < hi) {
        if (cmp(idx[j], idx[i], ctx) < 0) {
            /* idx[j] overtakes every element still waiting on the left. */
            inversions += mid - i;
            tmp[o++] = idx[j++];
        } else {
            tmp[o++] = idx[i++];
        }
    }
    while (i < mid)
        tmp[o++] = idx[i++];
    while (j < hi)
        tmp[o++] = idx[j++];
    memcpy(idx + lo, tmp + lo, (hi - lo) * sizeof *idx);
    return inversions;
}

uint64_t asel_sort_indices(size_t *idx, size_t *tmp, size_t n, asel_index_cmp cmp,
                           const void *ctx)
{
    uint64_t inversions = 0;
    for (size_t width = 1; width < n; width *= 2) {
        for (size_t lo = 0; lo + width < n; lo += 2 * width) {
            size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            inversions += merge(idx, tmp, lo, lo + width, hi, cmp, ctx);
        }
    }
    return inversions;
}

static int higher_score_first(size_t a, size_t b, const void *ctx)
{
    const double *score = ctx;
    if (score[a] != score[b])
        return score[a] > score[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

typedef struct two_keys {
    const double *score, *second;
} two_keys;

static int higher_scores_first(size_t a, size_t b, const void *ctx)
{
    const two_keys *c = ctx;
    if (c->score[a] != c->score[b])
        return c->score[a] > c->score[b] ? -1 : 1;
    if (c->second[a] != c->second[b])
        return c->second[a] > c->second[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

void asel_rank_order_second(const double *score, const double *second, size_t m, size_t *order,
                            size_t *work)
{
    two_keys c = {score, second};
    for (size_t i = 0; i < m; i++)
        order[i] = i;
    asel_sort_indices(order, work, m, higher_scores_first, &c);
}

static int lower_front_first(size_t a, size_t b, const void *ctx)
{
    const size_t *front = ctx;
    if (front[a] != front[b])
        return front[a] < front[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

/* Reorder the run order[0..t-1] of tied positions by their Pareto front
 * among themselves. @p w: 4m scratch (tmp, front by position, count, queue). */
static void break_tie(const double *x, size_t k, size_t m, size_t *run, size_t t, size_t *w)
{
    size_t *tmp = w, *front = w + m, *count = w + 2 * m, *queue = w + 3 * m;
    asel_pareto_fronts(x, k, run, t, tmp, count, queue);
    for (size_t p = 0; p < t; p++)
        front[run[p]] = tmp[p];
    asel_sort_indices(run, tmp, t, lower_front_first, front);
}

void asel_rank_order(const double *score, const double *x, size_t m, size_t k, size_t *order,
                     size_t *work)
{
    for (size_t i = 0; i < m; i++)
        order[i] = i;
    asel_sort_indices(order, work, m, higher_score_first, score);
    if (x == NULL)
        return;
    /* Exact ties are rare and small, so dominance is only ever computed
     * inside them: O(t^2 K) per run of t tied rows instead of O(m^2 K). */
    for (size_t a = 0, b; a < m; a = b) {
        for (b = a + 1; b < m && score[order[b]] == score[order[a]]; b++)
            ;
        if (b - a > 1)
            break_tie(x, k, m, order + a, b - a, work);
    }
}

/* 1 if a tied position other than @p i dominates it. */
static int dominated_in_tie(const double *score, const double *x, size_t m, size_t k, size_t i)
{
    for (size_t j = 0; j < m; j++)
        if (j != i && score[j] == score[i] && asel_dominance(x + j * k, x + i * k, k) > 0)
            return 1;
    return 0;
}

size_t asel_rank_best(const double *score, const double *x, size_t m, size_t k)
{
    size_t best = 0;
    for (size_t i = 1; i < m; i++)
        if (score[i] > score[best])
            best = i;
    if (x == NULL)
        return best;
    /* Tied at the top, the first row in dataset order that no other tied
     * row dominates: front 1 of the tie, as asel_rank_order() sorts it. */
    for (size_t i = best; i < m; i++)
        if (score[i] == score[best] && !dominated_in_tie(score, x, m, k, i))
            return i;
    return best;
}
