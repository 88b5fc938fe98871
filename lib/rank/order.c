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

typedef struct order_ctx {
    const double *score;
    const size_t *front;
} order_ctx;

static int better_first(size_t a, size_t b, const void *vctx)
{
    const order_ctx *c = vctx;
    if (c->score[a] != c->score[b])
        return c->score[a] > c->score[b] ? -1 : 1;
    if (c->front[a] != c->front[b])
        return c->front[a] < c->front[b] ? -1 : 1;
    return a < b ? -1 : a > b;
}

void asel_rank_order(const double *score, const size_t *front, size_t m, size_t *order,
                     size_t *tmp)
{
    order_ctx c = {score, front};
    for (size_t i = 0; i < m; i++)
        order[i] = i;
    asel_sort_indices(order, tmp, m, better_first, &c);
}

size_t asel_rank_best(const double *score, const size_t *front, size_t m)
{
    order_ctx c = {score, front};
    size_t best = 0;
    for (size_t i = 1; i < m; i++)
        if (better_first(i, best, &c) < 0)
            best = i;
    return best;
}
