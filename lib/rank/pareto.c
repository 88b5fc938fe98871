/* Fast non-dominated sort (Deb, Pratap, Agarwal and Meyarivan, 2002, NSGA-II).
 * Deb's algorithm keeps, for every row p, the set S_p of rows it dominates:
 * O(N^2) memory. Here S_p is recomputed when p's front is peeled instead, so
 * memory stays O(N) for the same O(N^2 K) time. */
#include "rank/rank_impl.h"

/* Dominance of rows a and b (larger is better): 1 if a dominates b, -1 if b
 * dominates a, 0 if neither (equal rows included). */
static int dominance(const double *a, const double *b, size_t k)
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

size_t asel_pareto_fronts(const double *x, size_t m, size_t k, size_t *front, size_t *count,
                          size_t *queue)
{
    /* count[i]: how many rows dominate row i. */
    for (size_t i = 0; i < m; i++)
        count[i] = 0;
    for (size_t i = 0; i < m; i++)
        for (size_t j = i + 1; j < m; j++) {
            int d = dominance(x + i * k, x + j * k, k);
            if (d > 0)
                count[j]++;
            else if (d < 0)
                count[i]++;
        }
    /* queue holds the fronts one after another; [begin, end) is the front
     * being peeled, rows of the next one are appended after it. */
    size_t end = 0;
    for (size_t i = 0; i < m; i++)
        if (count[i] == 0) {
            front[i] = 1;
            queue[end++] = i;
        }
    size_t begin = 0, n_fronts = 0;
    while (begin < end) {
        size_t stop = end;
        n_fronts++;
        for (size_t p = begin; p < stop; p++)
            for (size_t q = 0; q < m; q++)
                if (count[q] > 0 && dominance(x + queue[p] * k, x + q * k, k) > 0 &&
                    --count[q] == 0) {
                    front[q] = n_fronts + 1;
                    queue[end++] = q;
                }
        begin = stop;
    }
    return n_fronts;
}
