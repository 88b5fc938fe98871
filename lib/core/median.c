/* The median of a set of values (see median.h). */
#include <math.h>
#include <stdlib.h>

#include "core/median.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* 0.5 * (a + b) is kept where finite: it is what the library always gave,
 * so ordinary medians do not move by one bit; only an overflowing sum takes
 * the halves first (halving first would lose the last bit of subnormals). */
static double mean_of_two(double a, double b)
{
    double m = 0.5 * (a + b);
    return isfinite(m) ? m : 0.5 * a + 0.5 * b;
}

double asel_median(double *v, size_t n)
{
    if (n == 0)
        return NAN;
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : mean_of_two(v[n / 2 - 1], v[n / 2]);
}
