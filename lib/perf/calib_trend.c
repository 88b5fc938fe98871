/* The software trend (docs/predictor.md, "Calibration", step 3): how fast
 * the same device at the same count got faster across rounds, the slope of
 * log(measured / predicted) against the round's year within each group,
 * pooled over the groups, under the Huber loss and the recency weights of
 * the corrections. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"
#include "perf/calib_groups.h"
#include "perf/software.h"

#define TREND_ITER 100

/* Weighted means of year and log ratio over members [from, to) that have a
 * round, under weights w (member order); the group's line passes through
 * them. */
static void group_means(const asel_perf_groups *g, const double *y, const double *w, size_t from,
                        size_t to, double *tbar, double *ybar)
{
    double sw = 0, st = 0, sy = 0;
    for (size_t i = from; i < to; i++) {
        double t = asel_perf_round_year(asel_perf_member_round(g, i));
        if (!isfinite(t))
            continue;
        sw += w[i], st += w[i] * t, sy += w[i] * y[g->m[i].pos];
    }
    *tbar = sw > 0 ? st / sw : 0;
    *ybar = sw > 0 ? sy / sw : 0;
}

/* One reweighted step: the pooled within-group slope under weights rw x h. */
static double step(const asel_perf_groups *g, const double *y, const double *rw, const double *h,
                   double *wh)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < g->n; i++)
        wh[i] = rw[i] * h[i];
    for (size_t i = 0; i < g->n; i = asel_perf_same_count(g, i)) {
        size_t end = asel_perf_same_count(g, i);
        double tbar, ybar;
        group_means(g, y, wh, i, end, &tbar, &ybar);
        for (size_t k = i; k < end; k++) {
            double t = asel_perf_round_year(asel_perf_member_round(g, k));
            if (!isfinite(t))
                continue;
            num += wh[k] * (t - tbar) * (y[g->m[k].pos] - ybar);
            den += wh[k] * (t - tbar) * (t - tbar);
        }
    }
    return den > 0 ? num / den : 0.0;
}

/* Huber weights of the residuals about each group's line of slope @p b. */
static void huber_weights(const asel_perf_groups *g, const double *y, const double *wh, double b,
                          double delta, double *h)
{
    for (size_t i = 0; i < g->n; i = asel_perf_same_count(g, i)) {
        size_t end = asel_perf_same_count(g, i);
        double tbar, ybar;
        group_means(g, y, wh, i, end, &tbar, &ybar);
        for (size_t k = i; k < end; k++) {
            double e = fabs(y[g->m[k].pos] - ybar - b * (asel_perf_round_year(asel_perf_member_round(g, k)) - tbar));
            h[k] = isfinite(e) && e > delta ? delta / e : 1.0;
        }
    }
}

int asel_perf_learn_trend(double *trend, const asel_perf_rows *rows, const size_t *idx,
                          const double *r, size_t n, double delta)
{
    asel_perf_groups g;
    int rc = asel_perf_groups_init(&g, rows, idx, n);
    double *buf = rc == 0 ? asel_calloc(4 * (n ? n : 1), sizeof *buf) : NULL;
    if (rc == 0 && buf == NULL)
        rc = asel_enomem();
    if (rc < 0) {
        asel_perf_groups_free(&g);
        return rc;
    }
    double *y = buf, *rw = buf + n, *h = buf + 2 * n, *wh = buf + 3 * n;
    for (size_t i = 0; i < n; i++)
        y[i] = -r[i]; /* log(measured / predicted) */
    for (size_t i = 0; i < n; i = asel_perf_same_count(&g, i)) {
        size_t end = asel_perf_same_count(&g, i);
        int latest = asel_perf_latest_round(&g, i, end);
        for (size_t k = i; k < end; k++)
            rw[k] = asel_perf_recency(&g, asel_perf_member_round(&g, k), latest), h[k] = 1.0;
    }
    double b = 0;
    for (int it = 0; it < TREND_ITER; it++) {
        double next = step(&g, y, rw, h, wh);
        huber_weights(&g, y, wh, next, delta, h);
        int done = fabs(next - b) <= 1e-12;
        b = next;
        if (done)
            break;
    }
    *trend = fmax(-1.0, fmin(1.0, b));
    asel_free(buf);
    asel_perf_groups_free(&g);
    return 0;
}
