/* The learned time factors (docs/predictor.md, "Calibration", steps 4-5): per
 * device over all its rows, then per device and accelerator count over the
 * rows at that count, each shrunk toward the level above it and weighted
 * toward recent rounds. */
#include <math.h>

#include "core/error.h"
#include "perf/calib.h"
#include "perf/calib_groups.h"

/* A tolerance on a log factor far below any digit the results show. */
#define CORR_TOL 1e-12
/* Each step of the reweighting lowers a convex objective; it reaches the
 * tolerance in tens of steps where residuals are of one sign. */
#define CORR_MAX_ITER 500

/* exp(m), m minimising sum w H(x - m) + shrink m^2 / 2 over members
 * [from, to), x = -(r + log base): the log factor left to explain, H the
 * Huber loss with threshold @p delta (the global fit's), so that one row far
 * off moves the factor by at most about delta w / (sum w + shrink); found by
 * reweighting, m = sum w u x / (sum w u + shrink), u = min(1, delta / |x - m|). */
static double group_factor(const asel_perf_groups *g, const double *r, size_t from, size_t to,
                           double base, double shrink, double delta)
{
    int latest = asel_perf_latest_round(g, from, to);
    double m = 0;
    for (int it = 0; it < CORR_MAX_ITER; it++) {
        double s = 0, w = 0;
        for (size_t i = from; i < to; i++) {
            double wi = asel_perf_recency(g, asel_perf_member_round(g, i), latest);
            double x = -(r[g->m[i].pos] + log(base)), d = fabs(x - m);
            double u = d > delta ? delta / d : 1;
            s += wi * u * x, w += wi * u;
        }
        double next = s / (w + shrink);
        int done = fabs(next - m) <= CORR_TOL;
        m = next;
        if (done)
            break;
    }
    return exp(m);
}

/* A factor the parameter file could not hold: the rows' times are far
 * beyond anything the model explains (a time of a microsecond, say). */
static int check_factor(const asel_perf_groups *g, size_t i, const char *what, double f)
{
    if (f >= ASEL_PERF_CORR_MIN && f <= ASEL_PERF_CORR_MAX)
        return 0;
    const asel_perf_config *c = &g->rows->row[g->idx[g->m[i].pos]].cfg;
    return asel_error(ACCELSEL_EDATA,
                      "'%s' at %g accelerators: its rows call for a %s factor of %g, outside "
                      "[%g, %g]; their times are beyond what the model explains",
                      c->dev->name, c->count, what, f, ASEL_PERF_CORR_MIN, ASEL_PERF_CORR_MAX);
}

int asel_perf_learn_corrections(asel_perf_corr *corr, const asel_perf_rows *rows,
                                const size_t *idx, const double *r, size_t n, double shrink,
                                double delta)
{
    asel_perf_corr_reset(corr);
    asel_perf_groups g;
    int rc = asel_perf_groups_init(&g, rows, idx, n);
    if (rc < 0)
        return rc;
    size_t groups = 0;
    for (size_t i = 0; i < n; i = asel_perf_same_count(&g, i))
        groups++;
    rc = asel_perf_corr_reserve(corr, groups);
    for (size_t i = 0; rc == 0 && i < n; i = asel_perf_same_dev(&g, i)) {
        corr->dev[g.m[i].dev] = group_factor(&g, r, i, asel_perf_same_dev(&g, i), 1.0, shrink, delta);
        rc = check_factor(&g, i, "device", corr->dev[g.m[i].dev]);
    }
    for (size_t i = 0; rc == 0 && i < n; i = asel_perf_same_count(&g, i)) {
        double base = corr->dev[g.m[i].dev];
        double f = group_factor(&g, r, i, asel_perf_same_count(&g, i), base, shrink, delta);
        corr->cnt[corr->n_cnt++] = (asel_perf_count_corr){ g.m[i].dev, g.m[i].count, f };
        rc = check_factor(&g, i, "count", f);
        if (rc == 0) /* a prediction applies the product */
            rc = check_factor(&g, i, "device x count", base * f);
    }
    asel_perf_groups_free(&g);
    if (rc < 0)
        asel_perf_corr_reset(corr);
    return rc;
}
