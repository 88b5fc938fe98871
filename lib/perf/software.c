/* Round dates and the software trend's time factor (lib/perf/software.h). */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/buf.h"
#include "perf/software.h"

/* Digits at *p as a number up to @p max, *p moved past them; -1 if there
 * are none or the number is larger. */
static long bounded_number(const char **p, long max)
{
    long v = 0;
    const char *q = *p;
    if (!isdigit((unsigned char)*q))
        return -1;
    while (isdigit((unsigned char)*q) && v <= max)
        v = 10 * v + (*q++ - '0');
    *p = q;
    return v <= max ? v : -1;
}

int asel_perf_round_code(const char *s, const char **end)
{
    if (s == NULL)
        return -1;
    const char *p = *s == 'v' || *s == 'V' ? s + 1 : s;
    long major = bounded_number(&p, 99);
    if (major < 0 || *p++ != '.')
        return -1;
    long minor = bounded_number(&p, 99);
    if (minor < 0)
        return -1;
    if (end != NULL)
        *end = p;
    return (int)(100 * major + minor);
}

int asel_perf_round_cell(const char *s)
{
    size_t b = 0, e = s ? strlen(s) : 0;
    asel_trim_blanks(s, &b, &e);
    if (b == e)
        return -1;
    const char *end;
    int code = asel_perf_round_code(s + b, &end);
    return code >= 0 && end == s + e ? code : -2;
}

double asel_perf_round_year(int round)
{
    if (round < 0)
        return NAN;
    int major = round / 100, minor = round % 100;
    if (major == 0) /* v0.5 Dec 2018, v0.6 Jul 2019, v0.7 Jul 2020 (a year's gap) */
        return minor >= 7 ? 2020.5 + 0.5 * (minor - 7) : 2019.0 + 0.5 * (minor - 5);
    return 2020.5 + major + 0.5 * minor;
}

int asel_perf_software_held(const asel_perf_params *par, int round)
{
    return round >= 0 && par->software_trend != 0 &&
           asel_perf_round_year(round) - par->software_year > ASEL_PERF_TREND_AHEAD_MAX;
}

static double trend_factor(double trend, double year, int round)
{
    if (round < 0 || trend == 0)
        return 1.0;
    double ahead = asel_perf_round_year(round) - year;
    return exp(trend * fmin(ahead, ASEL_PERF_TREND_AHEAD_MAX));
}

double asel_perf_software_factor(const asel_perf_params *par, int round)
{
    return trend_factor(par->software_trend, par->software_year, round);
}

double asel_plan_software_factor(const asel_perf_params *par, int round)
{
    return trend_factor(par->plan_trend, par->plan_year, round);
}
