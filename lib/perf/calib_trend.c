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

/* Per member (member order): its round's year t (NaN without one) and
 * log(measured / predicted) y. */
typedef struct points {
    const double *t, *y;
} points;

/* Weighted means of year and log ratio over members [from, to) that have a
 * round, under weights w (member order); the group's line passes through
 * them. */
static void group_means(const points *pt, const double *w, size_t from, size_t to, double *tbar,
                        double *ybar)
{
    double sw = 0, st = 0, sy = 0;
    for (size_t i = from; i < to; i++)
        if (isfinite(pt->t[i]))
            sw += w[i], st += w[i] * pt->t[i], sy += w[i] * pt->y[i];
    *tbar = sw > 0 ? st / sw : 0;
    *ybar = sw > 0 ? sy / sw : 0;
}

/* One reweighted step: the pooled within-group slope under weights rw x h. */
static double step(const asel_perf_groups *g, const points *pt, const double *rw, const double *h,
                   double *wh)
{
    double num = 0, den = 0;
    for (size_t i = 0; i < g->n; i++)
        wh[i] = rw[i] * h[i];
    for (size_t i = 0; i < g->n; i = asel_perf_same_count(g, i)) {
        size_t end = asel_perf_same_count(g, i);
        double tbar, ybar;
        group_means(pt, wh, i, end, &tbar, &ybar);
        for (size_t k = i; k < end; k++)
            if (isfinite(pt->t[k])) {
                num += wh[k] * (pt->t[k] - tbar) * (pt->y[k] - ybar);
                den += wh[k] * (pt->t[k] - tbar) * (pt->t[k] - tbar);
            }
    }
    return den > 0 ? num / den : 0.0;
}

/* Huber weights of the residuals about each group's line of slope @p b. */
static void huber_weights(const asel_perf_groups *g, const points *pt, const double *wh, double b,
                          double delta, double *h)
{
    for (size_t i = 0; i < g->n; i = asel_perf_same_count(g, i)) {
        size_t end = asel_perf_same_count(g, i);
        double tbar, ybar;
        group_means(pt, wh, i, end, &tbar, &ybar);
        for (size_t k = i; k < end; k++) {
            double e = fabs(pt->y[k] - ybar - b * (pt->t[k] - tbar));
            h[k] = isfinite(e) && e > delta ? delta / e : 1.0;
        }
    }
}

int asel_perf_learn_trend(double *trend, const asel_perf_rows *rows, const size_t *idx,
                          const double *r, size_t n, double delta)
{
    asel_perf_groups g;
    int rc = asel_perf_groups_init(&g, rows, idx, n);
    double *buf = rc == 0 ? asel_calloc(5 * (n ? n : 1), sizeof *buf) : NULL;
    if (rc == 0 && buf == NULL)
        rc = asel_enomem();
    if (rc < 0) {
        asel_perf_groups_free(&g);
        return rc;
    }
    double *t = buf, *y = buf + n, *rw = buf + 2 * n, *h = buf + 3 * n, *wh = buf + 4 * n;
    for (size_t i = 0; i < n; i++) {
        t[i] = asel_perf_round_year(asel_perf_member_round(&g, i));
        y[i] = -r[g.m[i].pos];
    }
    points pt = { t, y };
    for (size_t i = 0; i < n; i = asel_perf_same_count(&g, i)) {
        size_t end = asel_perf_same_count(&g, i);
        int latest = asel_perf_latest_round(&g, i, end);
        for (size_t k = i; k < end; k++)
            rw[k] = asel_perf_recency(&g, asel_perf_member_round(&g, k), latest), h[k] = 1.0;
    }
    double b = 0;
    for (int it = 0; it < TREND_ITER; it++) {
        double next = step(&g, &pt, rw, h, wh);
        huber_weights(&g, &pt, wh, next, delta, h);
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
