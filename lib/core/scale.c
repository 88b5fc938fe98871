#include "core/scale.h"

#include <math.h>

double asel_magnitude_unit(double largest)
{
    if (largest == 0.0)
        return 1.0;
    int e;
    frexp(largest, &e); /* largest in [2^(e-1), 2^e) */
    return ldexp(1.0, e - 1);
}

double asel_column_unit(const double *v, size_t n, size_t stride)
{
    double largest = 0.0;
    for (size_t i = 0; i < n; i++)
        largest = fmax(largest, fabs(v[i * stride]));
    return asel_magnitude_unit(largest);
}
