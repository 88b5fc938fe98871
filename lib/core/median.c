/* The median and the quantiles of a set of values (see median.h). */
#include <math.h>
#include <stdlib.h>

#include "core/median.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

void asel_sort_doubles(double *v, size_t n)
{
    if (n > 1)
        qsort(v, n, sizeof *v, cmp_double);
}

/* The point a fraction @p f of the way from @p a to @p b (a <= b). The
 * tests keep 0 x inf and inf - inf from making NaN where the quantile is
 * infinite; a + f (b - a) is kept wherever b - a is finite, since the error
 * bands were always computed so and must not move by one bit. */
static double between(double a, double b, double f)
{
    if (f == 0 || a == b)
        return a;
    double d = b - a;
    return isfinite(d) || !isfinite(a) || !isfinite(b) ? a + f * d : (1 - f) * a + f * b;
}

double asel_quantile_sorted(const double *v, size_t n, double q)
{
    if (n == 0)
        return NAN;
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)floor(pos);
    size_t hi = lo + 1 < n ? lo + 1 : lo;
    return between(v[lo], v[hi], pos - (double)lo);
}

double asel_median(double *v, size_t n)
{
    asel_sort_doubles(v, n);
    return asel_quantile_sorted(v, n, 0.5);
}
