/* The unit that values are divided by before their sums and sums of squares
 * are taken, so that columns near 1e300 do not overflow and columns near
 * 1e-170 do not underflow to zero. Every such division in the library uses
 * it: dividing by a power of two is exact, so arithmetic on the quotients
 * gives the results of the same arithmetic on the values, scaled, wherever
 * that does not overflow or underflow, and results at ordinary magnitudes
 * do not depend on the scaling. */
#ifndef ASEL_SCALE_H
#define ASEL_SCALE_H

#include <stddef.h>

/* The power of two in (largest / 2, largest] for a finite @p largest > 0;
 * 1 for 0. Quotients of magnitudes up to @p largest by it lie in [0, 2). */
double asel_magnitude_unit(double largest);

/* asel_magnitude_unit() of the greatest magnitude among the @p n finite
 * values v[0], v[stride], ... */
double asel_column_unit(const double *v, size_t n, size_t stride);

#endif
