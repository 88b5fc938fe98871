/* Round dates and the software trend's time factor (lib/perf/software.h). */
#include <math.h>

#include "perf/software.h"

double asel_perf_round_year(int round)
{
    if (round < 0)
        return NAN;
    int major = round / 100, minor = round % 100;
    if (major == 0) /* v0.5 Dec 2018, v0.6 Jul 2019, v0.7 Jul 2020 (a year's gap) */
        return minor >= 7 ? 2020.5 + 0.5 * (minor - 7) : 2019.0 + 0.5 * (minor - 5);
    return 2020.5 + major + 0.5 * minor;
}

double asel_perf_software_factor(const asel_perf_params *par, int round)
{
    if (round < 0 || par->software_trend == 0)
        return 1.0;
    return exp(par->software_trend * (asel_perf_round_year(round) - par->software_year));
}
