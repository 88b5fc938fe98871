#include <math.h>

#include "learn/mutual_info.h"

double asel_digamma(double x)
{
    /* psi(x) = psi(x + 1) - 1/x moves x up to where the asymptotic series
     * (Abramowitz and Stegun 6.3.18) is accurate to double precision. */
    double shift = 0.0;
    while (x < 16.0) {
        shift -= 1.0 / x;
        x += 1.0;
    }
    double r = 1.0 / (x * x);
    double series = r * (1.0 / 12 - r * (1.0 / 120 - r * (1.0 / 252 - r * (1.0 / 240 - r * (1.0 / 132)))));
    return shift + log(x) - 0.5 / x - series;
}
