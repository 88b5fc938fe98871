/* Weighted sum of min-max normalised criteria on an oriented matrix (larger
 * is better for every column, so cost criteria come out inverted). */
#include <math.h>

#include "rank/rank_impl.h"

void asel_wsum_normalise(double *x, size_t m, size_t k)
{
    for (size_t j = 0; j < k; j++) {
        double lo = x[j], hi = x[j];
        for (size_t i = 1; i < m; i++) {
            double v = x[i * k + j];
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
        /* Halve everything when the range overflows (values near DBL_MAX of
         * both signs); halving is exact, so the endpoints stay 0 and 1. */
        double h = isinf(hi - lo) ? 0.5 : 1.0;
        double range = h * hi - h * lo;
        for (size_t i = 0; i < m; i++)
            /* A column with zero range tells no row from another: it
             * contributes 0 instead of dividing by zero. */
            x[i * k + j] = range > 0.0 ? (h * x[i * k + j] - h * lo) / range : 0.0;
    }
}

void asel_wsum_score(const double *x, size_t m, size_t k, const double *w, double *score)
{
    for (size_t i = 0; i < m; i++) {
        double s = 0.0;
        for (size_t j = 0; j < k; j++)
            s += w[j] * x[i * k + j];
        score[i] = s;
    }
}
