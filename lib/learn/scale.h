/* The unit that values are divided by before their sums and sums of squares
 * are taken, so that columns near 1e300 do not overflow and columns near
 * 1e-170 do not underflow to zero. */
#ifndef ASEL_SCALE_H
#define ASEL_SCALE_H

#include <stddef.h>

/* The power of two in (largest / 2, largest], largest being the greatest
 * magnitude among the @p n finite values v[0], v[stride], ...; 1 if they are
 * all 0. Quotients by it lie in (-2, 2), and dividing by a power of two is
 * exact, so arithmetic on the quotients gives the results of the same
 * arithmetic on the values, scaled, wherever that does not overflow or
 * underflow: results at ordinary magnitudes do not change. */
double asel_column_unit(const double *v, size_t n, size_t stride);

#endif
