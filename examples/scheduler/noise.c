/* The "real" run time of a simulated job: the prediction times a factor
 * drawn from the predictor's own held-out error, so that the simulation is
 * not the predictor checking itself.
 *
 * The evaluation reports, per error group, the median M and the 90th
 * percentile P of the absolute percentage error e = 100 |predicted - real|
 * / real. The draw takes e from the Weibull distribution that has exactly
 * those two quantiles (shape k = ln(ln 10 / ln 2) / ln(P / M), scale
 * M / (ln 2)^(1/k)), at the job's uniform draw u, and the side from the
 * job's coin: real = predicted / (1 - e/100) when the run is slower than
 * predicted (an e above 95 % counts as 95 %: twenty times the prediction),
 * predicted / (1 + e/100) when faster. A job keeps its u and its coin under
 * every scheduler: the comparison is paired. */
#include <math.h>

#include "scheduler.h"

/* The largest error of a slower run, as a fraction. */
#define SLOW_MAX 0.95

double real_run(const error_bands *b, uint32_t group, double predicted_s, const job *j)
{
    double m = b->median[group], p = b->p90[group];
    if (!(m > 0 && p > m)) /* no band: the prediction is taken as right */
        return predicted_s;
    double k = log(log(10) / log(2)) / log(p / m);
    double scale = m / pow(log(2), 1 / k);
    double e = scale * pow(-log1p(-j->u), 1 / k) / 100;
    return j->slower ? predicted_s / (1 - fmin(e, SLOW_MAX)) : predicted_s / (1 + e);
}
