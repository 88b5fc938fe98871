/* The plan parameters fitted on MLPerf's LLM rows (docs/predictor.md, "LLM
 * rows"): each row's plan chosen, the five parameters of each device kind
 * by Nelder-Mead on the Huber loss of log(predicted / measured) with the
 * MLPerf fit's weak prior, the plans chosen again under the fitted
 * parameters and the fit repeated, then the software trend and the
 * corrections as for ResNet-50 (calib_trend.c, calib_corr.c). */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/neldermead.h"
#include "perf/params_fields.h"
#include "perf/plan_calib.h"
#include "perf/plan_model.h"
#include "perf/software.h"

#define NP 5          /* GEMM, attention, communication, overlap, per step */
#define PRIOR_W 0.1   /* as calib_fit.c: a transformed unit costs one row at the threshold */
#define MAX_EVALS 3000
#define TOL 1e-9
#define FRACTION_MIN 1e-3 /* the fractions' transform keeps them inside (0, 1) */
#define STEP_FLOOR 1e-3   /* s: the fixed time's transform reaches 0 below it */

typedef struct fit {
    const asel_perf_rows *rows;
    const size_t *idx; /* rows fitted */
    size_t n;
    const accelsel_plan *chosen;
    asel_perf_params par;
    int k;             /* the kind being fitted */
    double delta;
    double theta0[NP];
} fit;

static double logit(double x)
{
    x = fmin(fmax(x, FRACTION_MIN), 1 - FRACTION_MIN);
    return log(x / (1 - x));
}

static double sigmoid(double t) { return 1 / (1 + exp(-t)); }

static void to_theta(const asel_perf_kind_params *q, double *t)
{
    t[0] = logit(q->plan_gemm_eff);
    t[1] = logit(q->plan_attention_eff);
    t[2] = logit(q->plan_comm_eff);
    t[3] = logit(q->plan_tp_overlap);
    t[4] = log(q->plan_step_s + STEP_FLOOR);
}

static void from_theta(asel_perf_kind_params *q, const double *t)
{
    q->plan_gemm_eff = sigmoid(t[0]);
    q->plan_attention_eff = sigmoid(t[1]);
    q->plan_comm_eff = sigmoid(t[2]);
    q->plan_tp_overlap = sigmoid(t[3]);
    q->plan_step_s = fmax(0.0, exp(t[4]) - STEP_FLOOR);
}

static double huber(double r, double delta)
{
    double a = fabs(r);
    return a <= delta ? 0.5 * r * r : delta * (a - 0.5 * delta);
}

static int kind_of(const asel_perf_row *r)
{
    return asel_perf_kind_of(r->cfg.dev->kind);
}

/* log(predicted / measured) of fitted row @p j at factor 1. */
static double residual(const fit *f, size_t j)
{
    const asel_perf_row *r = &f->rows->row[f->idx[j]];
    double p = asel_plan_row_minutes(&f->par, 1.0, r, f->rows, &f->chosen[f->idx[j]]);
    return isfinite(p) && p > 0 ? log(p) - log(r->measured_min) : NAN;
}

static double loss(void *ctx, const double *t)
{
    fit *f = ctx;
    from_theta(&f->par.kind[f->k], t);
    double sum = 0;
    for (size_t j = 0; j < f->n; j++) {
        if (kind_of(&f->rows->row[f->idx[j]]) != f->k)
            continue;
        double r = residual(f, j);
        /* A candidate that makes a row absurd is as far off as a row can be. */
        sum += isfinite(r) ? huber(r, f->delta) : 1e6;
    }
    for (int j = 0; j < NP; j++)
        sum += 0.5 * PRIOR_W * PRIOR_W * (t[j] - f->theta0[j]) * (t[j] - f->theta0[j]);
    return isfinite(sum) ? sum : 1e300;
}

/* Each kind's parameters that has rows, in turn. */
static void fit_kinds(fit *f)
{
    for (f->k = 0; f->k < ASEL_PERF_KINDS; f->k++) {
        size_t rows = 0;
        for (size_t j = 0; j < f->n; j++)
            rows += kind_of(&f->rows->row[f->idx[j]]) == f->k;
        if (rows == 0)
            continue;
        double theta[NP];
        to_theta(&asel_perf_params_default()->kind[f->k], f->theta0);
        to_theta(&f->par.kind[f->k], theta);
        asel_nelder_mead(loss, f, theta, NP, 0.5, MAX_EVALS, TOL);
        from_theta(&f->par.kind[f->k], theta);
    }
}

/* The plans of the rows in use under f->par into @p chosen; the rows that
 * have one into @p idx. */
static void choose(fit *f, const unsigned char *use, accelsel_plan *chosen, size_t *idx)
{
    f->n = 0;
    for (size_t i = 0; i < f->rows->n; i++) {
        const asel_perf_row *r = &f->rows->row[i];
        if (use[i] && asel_plan_row_choose(&f->par, r, f->rows, &chosen[i]) == 0)
            idx[f->n++] = i;
    }
}

static double latest_year(const asel_perf_rows *rows, const unsigned char *use, double dflt)
{
    double y = -INFINITY;
    for (size_t i = 0; i < rows->n; i++)
        if (use[i])
            y = fmax(y, asel_perf_round_year(rows->row[i].round));
    return isfinite(y) ? y : dflt;
}

/* @p par with the plan fields at their defaults and no trend: the fit
 * starts there, so that it depends on the rows alone. */
static asel_perf_params fit_start(const asel_perf_params *par, const asel_perf_rows *rows,
                                  const unsigned char *use)
{
    const asel_perf_params *d = asel_perf_params_default();
    asel_perf_params s = *par;
    for (int k = 0; k < ASEL_PERF_KINDS; k++) {
        s.kind[k].plan_gemm_eff = d->kind[k].plan_gemm_eff;
        s.kind[k].plan_attention_eff = d->kind[k].plan_attention_eff;
        s.kind[k].plan_comm_eff = d->kind[k].plan_comm_eff;
        s.kind[k].plan_tp_overlap = d->kind[k].plan_tp_overlap;
        s.kind[k].plan_step_s = d->kind[k].plan_step_s;
    }
    s.plan_trend = 0;
    s.plan_year = latest_year(rows, use, d->plan_year);
    return s;
}

int asel_plan_fit(asel_perf_params *par, asel_perf_corr *corr, const asel_perf_rows *rows,
                  const unsigned char *use, const accelsel_calibrate_options *o,
                  accelsel_plan *chosen)
{
    asel_perf_corr_reset(corr);
    size_t m = rows->n ? rows->n : 1;
    size_t *idx = asel_calloc(m, sizeof *idx);
    double *r = asel_calloc(m, sizeof *r);
    if (idx == NULL || r == NULL) {
        asel_free(idx), asel_free(r);
        return asel_enomem();
    }
    fit f = { .rows = rows, .idx = idx, .chosen = chosen, .par = fit_start(par, rows, use),
              .delta = o->huber_delta };
    int rc = 0;
    /* Plans chosen under the defaults, fitted; chosen again under the fit,
     * fitted again; then the trend, and the parameters under it. */
    for (int pass = 0; pass < 2; pass++) {
        choose(&f, use, chosen, idx);
        fit_kinds(&f);
    }
    if (f.n == 0)
        rc = asel_error(ACCELSEL_EEMPTY, "no LLM row of the dataset can be fitted");
    for (size_t j = 0; rc == 0 && j < f.n; j++)
        r[j] = residual(&f, j);
    if (rc == 0)
        rc = asel_perf_learn_trend(&f.par.plan_trend, rows, idx, r, f.n, f.delta);
    if (rc == 0 && f.par.plan_trend != 0) {
        fit_kinds(&f);
        for (size_t j = 0; j < f.n; j++)
            r[j] = residual(&f, j);
    }
    if (rc == 0)
        rc = asel_perf_params_check(&f.par);
    if (rc == 0 && !o->no_corrections)
        rc = asel_perf_learn_corrections(corr, rows, idx, r, f.n, o->shrink_rows, o->huber_delta);
    if (rc == 0)
        *par = f.par;
    asel_free(idx), asel_free(r);
    return rc;
}
