/* Fast non-dominated sort (Deb, Pratap, Agarwal and Meyarivan, 2002, NSGA-II).
 * Deb's algorithm keeps, for every row p, the set S_p of rows it dominates:
 * O(N^2) memory. Here S_p is recomputed when p's front is peeled instead, so
 * memory stays O(N) for the same O(N^2 K) time. */
#include "rank/rank_impl.h"

int asel_dominance(const double *a, const double *b, size_t k)
{
    int a_better = 0, b_better = 0;
    for (size_t j = 0; j < k; j++) {
        if (a[j] > b[j])
            a_better = 1;
        else if (a[j] < b[j])
            b_better = 1;
        if (a_better && b_better)
            return 0;
    }
    return a_better - b_better;
}

/* Row of @p x for position @p p of the subset. */
static const double *row_at(const double *x, size_t k, const size_t *idx, size_t p)
{
    return x + (idx != NULL ? idx[p] : p) * k;
}

size_t asel_pareto_fronts(const double *x, size_t k, const size_t *idx, size_t t, size_t *front,
                          size_t *count, size_t *queue)
{
    /* count[p]: how many rows of the subset dominate position p. */
    for (size_t p = 0; p < t; p++)
        count[p] = 0;
    for (size_t p = 0; p < t; p++)
        for (size_t q = p + 1; q < t; q++) {
            int d = asel_dominance(row_at(x, k, idx, p), row_at(x, k, idx, q), k);
            if (d > 0)
                count[q]++;
            else if (d < 0)
                count[p]++;
        }
    /* queue holds the fronts one after another; [begin, end) is the front
     * being peeled, positions of the next one are appended after it. */
    size_t end = 0;
    for (size_t p = 0; p < t; p++)
        if (count[p] == 0) {
            front[p] = 1;
            queue[end++] = p;
        }
    size_t begin = 0, n_fronts = 0;
    while (begin < end) {
        size_t stop = end;
        n_fronts++;
        for (size_t i = begin; i < stop; i++) {
            const double *a = row_at(x, k, idx, queue[i]);
            for (size_t q = 0; q < t; q++)
                if (count[q] > 0 && asel_dominance(a, row_at(x, k, idx, q), k) > 0 &&
                    --count[q] == 0) {
                    front[q] = n_fronts + 1;
                    queue[end++] = q;
                }
        }
        begin = stop;
    }
    return n_fronts;
}
