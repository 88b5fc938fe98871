/* TOPSIS (Hwang and Yoon, 1981) on an oriented matrix (larger is better for
 * every column): cost criteria arrive negated, which leaves the distances
 * unchanged and makes the ideal simply the column maximum. */
#include <math.h>

#include "core/scale.h"
#include "rank/rank_impl.h"

void asel_topsis_normalise(double *x, size_t m, size_t k)
{
    for (size_t j = 0; j < k; j++) {
        /* Scaled first so that the sum of squares cannot overflow. */
        double unit = asel_column_unit(x + j, m, k), ss = 0.0;
        for (size_t i = 0; i < m; i++) {
            double v = x[i * k + j] / unit;
            ss += v * v;
        }
        if (ss == 0.0)
            continue; /* zero norm: the column stays 0 and contributes nothing */
        double root = sqrt(ss);
        for (size_t i = 0; i < m; i++)
            x[i * k + j] = x[i * k + j] / unit / root;
    }
}

void asel_topsis_score(const double *x, size_t m, size_t k, const double *w, double *scratch,
                       double *score)
{
    double *ideal = scratch, *anti = scratch + k;
    for (size_t j = 0; j < k; j++) {
        ideal[j] = anti[j] = x[j];
        for (size_t i = 1; i < m; i++) {
            ideal[j] = fmax(ideal[j], x[i * k + j]);
            anti[j] = fmin(anti[j], x[i * k + j]);
        }
    }
    for (size_t i = 0; i < m; i++) {
        double dp = 0.0, dn = 0.0;
        for (size_t j = 0; j < k; j++) {
            double a = w[j] * (ideal[j] - x[i * k + j]);
            double b = w[j] * (x[i * k + j] - anti[j]);
            dp += a * a;
            dn += b * b;
        }
        dp = sqrt(dp);
        dn = sqrt(dn);
        /* Both distances are 0 only when every criterion is constant: the
         * row is ideal and anti-ideal at once, so it sits half-way. */
        score[i] = dp + dn > 0.0 ? dn / (dp + dn) : 0.5;
    }
}
