/* The eager stack's parameters fitted on step rows: per device kind, the
 * Huber loss of log(predicted / measured) with a weak prior towards the
 * starting values, minimised by Nelder-Mead (eight parameters; each
 * evaluation predicts every row, so derivatives by differences would cost
 * as much and the loss has kinks where a layer turns memory-bound;
 * lib/core/neldermead.c). */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/neldermead.h"
#include "perf/params_fields.h"
#include "perf/steps_set.h"

#define NE 8 /* compute, pixels, weight gradients, grouped, elementwise, dispatch, sync, faults */
#define DELTA 0.1     /* Huber threshold: about 10 % off */
/* As the MLPerf fit's prior (calib_fit.c): moving a transformed parameter
 * by 1 costs one row at the threshold, so parameters no row sees (the
 * grouped rate without a depthwise network) stay where they were. */
#define PRIOR_W 0.1
#define MAX_EVALS 4000
#define TOL 1e-9      /* stop when the simplex's losses agree this closely */
#define FAULT_FLOOR 1e-13 /* s/byte: the fault term's transform reaches 0 below it */

typedef struct fit {
    const asel_steps_set *s;
    const unsigned char *use;
    asel_perf_params par; /* the candidate: only kind k's eager fields change */
    int k;
    double theta0[NE];
} fit;

static double logit(double x) { return log(x / (1 - x)); }
static double sigmoid(double t) { return 1 / (1 + exp(-t)); }

static void to_theta(const asel_perf_kind_params *q, double *t)
{
    t[0] = log(q->eager_compute_eff);
    t[1] = log1p(q->eager_pixels_half);
    t[2] = log1p(q->eager_wgrad_half);
    t[3] = logit(q->eager_grouped_eff);
    t[4] = logit(q->eager_elementwise_eff);
    t[5] = log(fmax(q->eager_dispatch_s, 1e-9));
    t[6] = log(fmax(q->eager_sync_s, 1e-9));
    t[7] = log(q->eager_fault_s_per_byte + FAULT_FLOOR);
}

static void from_theta(asel_perf_kind_params *q, const double *t)
{
    q->eager_compute_eff = fmin(exp(t[0]), 4.0); /* the documented range */
    q->eager_pixels_half = fmax(0.0, expm1(t[1]));
    q->eager_wgrad_half = fmax(0.0, expm1(t[2]));
    q->eager_grouped_eff = sigmoid(t[3]);
    q->eager_elementwise_eff = sigmoid(t[4]);
    q->eager_dispatch_s = exp(t[5]);
    q->eager_sync_s = exp(t[6]);
    q->eager_fault_s_per_byte = fmax(0.0, exp(t[7]) - FAULT_FLOOR);
}

static double huber(double r)
{
    double a = fabs(r);
    return a <= DELTA ? 0.5 * r * r : DELTA * (a - 0.5 * DELTA);
}

static int in_kind(const fit *f, size_t i)
{
    return (f->use == NULL || f->use[i]) &&
           asel_perf_kind_of(f->s->row[i].cfg.dev->kind) == f->k &&
           f->s->row[i].cfg.stack == ACCELSEL_STACK_EAGER;
}

static double loss(fit *f, const double *t)
{
    from_theta(&f->par.kind[f->k], t);
    double sum = 0;
    for (size_t i = 0; i < f->s->n; i++) {
        if (!in_kind(f, i))
            continue;
        double p = asel_steps_predict(&f->par, f->s, i);
        /* An infeasible or absurd candidate is as far off as a row can be. */
        sum += isfinite(p) && p > 0 ? huber(log(p / f->s->row[i].measured_s)) : 1e6;
    }
    for (int j = 0; j < NE; j++)
        sum += 0.5 * PRIOR_W * PRIOR_W * (t[j] - f->theta0[j]) * (t[j] - f->theta0[j]);
    return isfinite(sum) ? sum : 1e300;
}

static double loss_of(void *ctx, const double *t)
{
    return loss(ctx, t);
}

int asel_steps_fit(asel_perf_params *par, const asel_steps_set *s, const unsigned char *use)
{
    fit f = { .s = s, .use = use, .par = *par };
    int fitted = 0;
    for (f.k = 0; f.k < ASEL_PERF_KINDS; f.k++) {
        size_t rows = 0;
        for (size_t i = 0; i < s->n; i++)
            rows += in_kind(&f, i);
        if (rows == 0)
            continue;
        double theta[NE];
        to_theta(&par->kind[f.k], theta);
        memcpy(f.theta0, theta, sizeof theta);
        asel_nelder_mead(loss_of, &f, theta, NE, 0.5, MAX_EVALS, TOL);
        from_theta(&f.par.kind[f.k], theta);
        fitted = 1;
    }
    if (!fitted)
        return asel_error(ACCELSEL_EEMPTY, "no step row ran under the eager stack: nothing "
                          "to fit");
    int rc = asel_perf_params_check(&f.par);
    if (rc == 0)
        *par = f.par;
    return rc;
}
