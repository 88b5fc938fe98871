/* Robust least squares on log time (docs/predictor.md, "Calibration"):
 * Levenberg-Marquardt on the Huber loss of r = log(predicted / measured),
 * by iteratively reweighted least squares, with a weak Gaussian prior that
 * keeps parameters the rows cannot see at their defaults. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"
#include "perf/params_fields.h"
#include "perf/software.h"

#define NPK 5 /* fitted per kind: compute, memory, overhead, communication, fusion */
#define NP (NPK * ASEL_PERF_KINDS)
/* Prior residual per unit of a transformed parameter: moving one by 1 (a
 * factor e) costs as much as one row at the Huber threshold (10 % off).
 * Rows still decide wherever they see a parameter, and the prior holds the
 * directions they barely see (per-layer overhead against efficiency,
 * communication behind the backward pass) near physical values; at a
 * hundredth of this the fit jumped between basins (a GPU overhead of 12 us
 * or of 0.2 us) when the epochs relation moved by 3 %. */
#define PRIOR_W 0.1
#define MAX_ITER 60
/* A step that lowers the objective by less than this share stops the fit:
 * the steps after it moved no error of the evaluation by 0.05 points, and
 * left alone they crept on to MAX_ITER. */
#define STOP_GAIN 1e-7

static double logit(double x) { return log(x / (1 - x)); }
static double sigmoid(double t) { return 1 / (1 + exp(-t)); }

static void to_theta(const asel_perf_params *par, double *t)
{
    for (int k = 0; k < ASEL_PERF_KINDS; k++) {
        const asel_perf_kind_params *q = &par->kind[k];
        t[NPK * k + 0] = logit(fmin(q->compute_eff, 0.999));
        t[NPK * k + 1] = logit(fmin(q->memory_eff, 0.999));
        t[NPK * k + 2] = log(fmax(q->overhead_s, 1e-9));
        t[NPK * k + 3] = logit(fmin(q->comm_eff, 0.999));
        t[NPK * k + 4] = logit(fmin(fmax(q->fusion, 0.001), 0.999));
    }
}

static void from_theta(asel_perf_params *par, const double *t)
{
    for (int k = 0; k < ASEL_PERF_KINDS; k++) {
        asel_perf_kind_params *q = &par->kind[k];
        q->compute_eff = sigmoid(t[NPK * k + 0]);
        q->memory_eff = sigmoid(t[NPK * k + 1]);
        q->overhead_s = exp(t[NPK * k + 2]);
        q->comm_eff = sigmoid(t[NPK * k + 3]);
        q->fusion = sigmoid(t[NPK * k + 4]);
    }
}

typedef struct fit {
    const asel_perf_rows *rows;
    const size_t *idx;  /* rows fitted */
    size_t n;
    asel_perf_params par; /* scratch */
    double theta0[NP];
    double delta;       /* Huber threshold */
    size_t *step_of;    /* per fitted row: its device step in steps */
    asel_perf_step *steps; /* one per device, per-device batch and precision */
    unsigned char *fresh;  /* per step: computed under the current par */
} fit;

static int kind_of_row(const fit *f, size_t i)
{
    return asel_perf_kind_of(f->rows->row[f->idx[i]].cfg.dev->kind);
}

/* log(t / m) of positive finite @p t and @p m: the log of the ratio, exact
 * near 1, where the ratio is a normal number; else the difference of the
 * logs, finite where the ratio overflows or vanishes (a measured time of
 * 5e-324 or 1e308 minutes), so that the Huber loss bounds such a row's pull
 * like any other wrong time's instead of an infinite residual making the
 * fit or a device's factor NaN. */
static double log_ratio(double t, double m)
{
    double q = t / m;
    return isnormal(q) ? log(q) : log(t) - log(m);
}

/* The residuals of the rows of device kind @p kind, or of every row if
 * @p kind is negative; the others are left as they are. Rows that share a
 * device step (most of MLPerf's repeat a device at one per-device batch)
 * share its computation. */
static void residuals_of(fit *f, const double *theta, int kind, double *r)
{
    from_theta(&f->par, theta);
    memset(f->fresh, 0, f->n);
    for (size_t i = 0; i < f->n; i++) {
        if (kind >= 0 && kind_of_row(f, i) != kind)
            continue;
        const asel_perf_row *row = &f->rows->row[f->idx[i]];
        size_t k = f->step_of[i];
        if (!f->fresh[k])
            asel_perf_row_step(&f->par, row, f->rows, &f->steps[k]);
        f->fresh[k] = 1;
        double t = asel_perf_row_minutes_step(&f->par, 1.0, row, f->rows, &f->steps[k]);
        r[i] = log_ratio(t, row->measured_min);
    }
}

static int same_step(const asel_perf_config *a, const asel_perf_config *b)
{
    return a->dev == b->dev && a->per_device_batch == b->per_device_batch &&
           a->precision == b->precision && a->stack == b->stack;
}

/* Number the distinct device steps of the fitted rows: 0 or ACCELSEL_ENOMEM. */
static int share_steps(fit *f)
{
    size_t m = f->n ? f->n : 1, n_steps = 0;
    f->step_of = asel_calloc(m, sizeof *f->step_of);
    f->steps = asel_calloc(m, sizeof *f->steps);
    f->fresh = asel_calloc(m, 1);
    if (!f->step_of || !f->steps || !f->fresh)
        return asel_enomem();
    for (size_t i = 0; i < f->n; i++) {
        const asel_perf_config *c = &f->rows->row[f->idx[i]].cfg;
        size_t j = 0;
        while (j < i && !same_step(&f->rows->row[f->idx[j]].cfg, c))
            j++;
        f->step_of[i] = j < i ? f->step_of[j] : n_steps++;
    }
    return 0;
}

static void free_steps(fit *f)
{
    asel_free(f->step_of), asel_free(f->steps), asel_free(f->fresh);
}

static void residuals(fit *f, const double *theta, double *r)
{
    residuals_of(f, theta, -1, r);
}

static double huber(double r, double d)
{
    double a = fabs(r);
    return a <= d ? 0.5 * r * r : d * (a - 0.5 * d);
}

static double objective(const fit *f, const double *theta, const double *r)
{
    double s = 0;
    for (size_t i = 0; i < f->n; i++)
        s += huber(r[i], f->delta);
    for (int j = 0; j < NP; j++)
        s += 0.5 * PRIOR_W * PRIOR_W * (theta[j] - f->theta0[j]) * (theta[j] - f->theta0[j]);
    return s;
}

/* Solve a x = b (NP x NP) by Gaussian elimination with partial pivoting. */
static void solve(double a[NP][NP], double *b, double *x)
{
    for (int c = 0; c < NP; c++) {
        int piv = c;
        for (int r = c + 1; r < NP; r++)
            if (fabs(a[r][c]) > fabs(a[piv][c]))
                piv = r;
        for (int k = 0; k < NP; k++) {
            double t = a[c][k];
            a[c][k] = a[piv][k];
            a[piv][k] = t;
        }
        double t = b[c];
        b[c] = b[piv];
        b[piv] = t;
        for (int r = c + 1; r < NP; r++) {
            double m = a[r][c] / a[c][c];
            for (int k = c; k < NP; k++)
                a[r][k] -= m * a[c][k];
            b[r] -= m * b[c];
        }
    }
    for (int c = NP - 1; c >= 0; c--) {
        double s = b[c];
        for (int k = c + 1; k < NP; k++)
            s -= a[c][k] * x[k];
        x[c] = s / a[c][c];
    }
}

/* The normal equations of one reweighted step: (J'WJ + prior + mu diag) dx = -(J'Wr + prior). */
static void normal_eq(const fit *f, const double *theta, const double *r, const double *jac,
                      double mu, double a[NP][NP], double *g)
{
    double pw = PRIOR_W * PRIOR_W;
    memset(a, 0, sizeof(double) * NP * NP);
    for (int j = 0; j < NP; j++)
        g[j] = pw * (theta[j] - f->theta0[j]);
    for (size_t i = 0; i < f->n; i++) {
        double w = fabs(r[i]) <= f->delta ? 1.0 : f->delta / fabs(r[i]);
        const double *ji = jac + i * NP;
        for (int j = 0; j < NP; j++) {
            g[j] += w * ji[j] * r[i];
            for (int k = 0; k < NP; k++)
                a[j][k] += w * ji[j] * ji[k];
        }
    }
    for (int j = 0; j < NP; j++) {
        a[j][j] += pw;
        a[j][j] *= 1 + mu;
        g[j] = -g[j];
    }
}

/* Forward differences. A row reads only its own device kind's parameters,
 * so a parameter of another kind leaves it exactly where it was: its
 * derivative is 0 without running it again. */
static void jacobian(fit *f, double *theta, const double *r, double *jac, double *tmp)
{
    const double h = 1e-5;
    for (int j = 0; j < NP; j++) {
        int kind = j / NPK;
        double keep = theta[j];
        theta[j] += h;
        residuals_of(f, theta, kind, tmp);
        theta[j] = keep;
        for (size_t i = 0; i < f->n; i++)
            jac[i * NP + j] = kind_of_row(f, i) == kind ? (tmp[i] - r[i]) / h : 0;
    }
}

static void lm(fit *f, double *theta, double *r, double *jac, double *tmp)
{
    double mu = 1e-3, a[NP][NP], g[NP], step[NP], trial[NP];
    residuals(f, theta, r);
    double obj = objective(f, theta, r);
    for (int it = 0; it < MAX_ITER; it++) {
        jacobian(f, theta, r, jac, tmp);
        int moved = 0;
        while (mu < 1e8) {
            normal_eq(f, theta, r, jac, mu, a, g);
            solve(a, g, step);
            for (int j = 0; j < NP; j++)
                trial[j] = theta[j] + step[j];
            residuals(f, trial, tmp);
            double o = objective(f, trial, tmp);
            if (isfinite(o) && o < obj) {
                moved = obj - o > STOP_GAIN * (1 + obj);
                memcpy(theta, trial, sizeof trial);
                memcpy(r, tmp, f->n * sizeof *r);
                obj = o;
                mu = fmax(mu / 3, 1e-9);
                break;
            }
            mu *= 4;
        }
        if (!moved)
            break;
    }
}

/* A measured epochs_mean the relation can take the log of: a positive
 * normal number. A denormal (5e-324) or an infinite one is no count of
 * epochs, and its log (-744, or inf) would outweigh every other row of
 * the unweighted first pass; such a row is left out of the epochs fit. */
static int has_epochs(const asel_perf_row *r)
{
    return isnormal(r->epochs_mean) && r->epochs_mean > 0;
}

/* The line log epochs = le0 + alpha x log max(1, B / b0) (alpha >= 0) for
 * one b0, by iteratively reweighted least squares on the Huber loss with
 * threshold @p delta: the first pass unweighted (least squares), each later
 * one weighted about the line before it, until the loss stops falling;
 * returns the loss of the line it leaves in @p le0, @p alpha. */
static double epochs_line(const asel_perf_rows *rows, const unsigned char *use, double b0,
                          double delta, double *le0, double *alpha)
{
    double loss = INFINITY;
    *le0 = *alpha = 0;
    for (int it = 0;; it++) {
        double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, l = 0;
        for (size_t i = 0; i < rows->n; i++) {
            const asel_perf_row *r = &rows->row[i];
            if (!use[i] || !has_epochs(r))
                continue;
            double x = log(fmax(1.0, r->cfg.global_batch / b0)), y = log(r->epochs_mean);
            double e = fabs(*le0 + *alpha * x - y);
            double w = it == 0 || e <= delta ? 1.0 : delta / e;
            l += huber(e, delta);
            sw += w, sx += w * x, sy += w * y, sxx += w * x * x, sxy += w * x * y;
        }
        /* Pass 0 scores the line 0 it starts from, no line of the data, so
         * the comparisons start from the least-squares line's loss (pass 1):
         * comparing that with line 0's ended the fit at least squares
         * whenever line 0 scored better (one row of 1e-9 epochs among four
         * of 35 gave e0 = 0.27, the exp of the mean log). */
        if (it > 1 && (l >= loss - 1e-12 * loss || it == 50)) /* no longer improving */
            return l;
        loss = l;
        double var = sxx - sx * sx / sw;
        *alpha = var > 1e-12 ? fmax(0.0, (sxy - sx * sy / sw) / var) : 0.0;
        *le0 = (sy - *alpha * sx) / sw;
    }
}

/* epochs = e0 x max(1, B / b0)^alpha: for each candidate b0 (a batch of the
 * data) the robust line of epochs_line(); the b0 with the smallest loss
 * wins. The Huber loss keeps the few rounds whose rules needed many more
 * epochs (v0.6: about 60 at the batches where later rounds need 35) from
 * pulling the relation up for every later row. */
static void fit_epochs(asel_perf_params *par, const asel_perf_rows *rows, const unsigned char *use,
                       double delta)
{
    double best = INFINITY;
    for (size_t c = 0; c < rows->n; c++) {
        const asel_perf_row *rc = &rows->row[c];
        if (!use[c] || !has_epochs(rc))
            continue;
        double b0 = rc->cfg.global_batch, le0, alpha;
        double loss = epochs_line(rows, use, b0, delta, &le0, &alpha);
        if (loss < best - 1e-12 || (fabs(loss - best) <= 1e-12 && b0 < par->epochs_b0)) {
            best = loss;
            par->epochs_e0 = exp(le0);
            par->epochs_b0 = b0;
            par->epochs_alpha = alpha;
        }
    }
}

/* The latest round's year among the fitted rows; @p dflt if none has one. */
static double latest_year(const fit *f, double dflt)
{
    double y = -INFINITY;
    for (size_t i = 0; i < f->n; i++)
        y = fmax(y, asel_perf_round_year(f->rows->row[f->idx[i]].round));
    return isfinite(y) ? y : dflt;
}

/* The globals with no trend, the trend from their residuals, then the
 * globals again under it, so that they describe the latest round's
 * software; @p r ends with the residuals of the last fit. */
static int fit_globals(fit *f, double *theta, double *r)
{
    f->par.software_trend = 0;
    f->par.software_year = latest_year(f, f->par.software_year);
    lm(f, theta, r, r + 2 * f->n, r + f->n);
    from_theta(&f->par, theta);
    int rc = asel_perf_learn_trend(&f->par.software_trend, f->rows, f->idx, r, f->n, f->delta);
    if (rc == 0 && f->par.software_trend != 0) {
        lm(f, theta, r, r + 2 * f->n, r + f->n);
        from_theta(&f->par, theta);
    }
    return rc;
}

/* @p par with the parameters the fit finds set to their defaults: the fit
 * starts there and its prior holds it there, so that it depends on the
 * rows alone, not on what an earlier calibration left in the predictor
 * (started from its own result, each fit moved the CPU's overhead on). */
static asel_perf_params fit_start(const asel_perf_params *par)
{
    const asel_perf_params *d = asel_perf_params_default();
    asel_perf_params s = *par;
    for (int k = 0; k < ASEL_PERF_KINDS; k++) {
        s.kind[k].compute_eff = d->kind[k].compute_eff;
        s.kind[k].memory_eff = d->kind[k].memory_eff;
        s.kind[k].overhead_s = d->kind[k].overhead_s;
        s.kind[k].comm_eff = d->kind[k].comm_eff;
        s.kind[k].fusion = d->kind[k].fusion;
    }
    s.epochs_e0 = d->epochs_e0;
    s.epochs_b0 = d->epochs_b0;
    s.epochs_alpha = d->epochs_alpha;
    s.software_trend = d->software_trend;
    s.software_year = d->software_year;
    return s;
}

/* The epochs relation of @p f fitted, then the rows to fit into @p idx:
 * those in use whose time the model predicts (a finite one). The relation
 * is checked first: an e0 of 1e308 made every row's time infinite, and
 * "no row can be fitted" blamed the rows for what is one parameter's value
 * (1e200 named epochs_e0). 0, ACCELSEL_EDATA or ACCELSEL_EEMPTY. */
static int select_rows(fit *f, const unsigned char *use, size_t *idx)
{
    const asel_perf_rows *rows = f->rows;
    fit_epochs(&f->par, rows, use, f->delta);
    int rc = asel_perf_params_check(&f->par);
    if (rc < 0)
        return rc;
    for (size_t i = 0; i < rows->n; i++)
        if (use[i] && isfinite(asel_perf_row_minutes(&f->par, 1.0, &rows->row[i], rows)))
            idx[f->n++] = i;
    if (f->n == 0)
        return asel_error(ACCELSEL_EEMPTY, "no row of the dataset can be fitted");
    f->idx = idx;
    return 0;
}

int asel_perf_fit(asel_perf_params *par, asel_perf_corr *corr, const asel_perf_rows *rows,
                  const unsigned char *use, const accelsel_calibrate_options *o)
{
    asel_perf_corr_reset(corr);
    fit f = { .rows = rows, .par = fit_start(par), .delta = o->huber_delta };
    size_t *idx = asel_calloc(rows->n ? rows->n : 1, sizeof *idx);
    if (idx == NULL)
        return asel_enomem();
    int rc = select_rows(&f, use, idx);
    if (rc < 0) {
        asel_free(idx);
        return rc;
    }
    double theta[NP], *r = asel_calloc(f.n * (NP + 2), sizeof(double));
    rc = r ? share_steps(&f) : asel_enomem();
    to_theta(&f.par, theta);
    memcpy(f.theta0, theta, sizeof theta);
    if (rc == 0)
        rc = fit_globals(&f, theta, r);
    if (rc == 0)
        rc = asel_perf_params_check(&f.par);
    if (rc == 0 && !o->no_corrections)
        rc = asel_perf_learn_corrections(corr, rows, idx, r, f.n, o->shrink_rows, o->huber_delta);
    if (rc == 0)
        *par = f.par;
    free_steps(&f);
    asel_free(r);
    asel_free(idx);
    return rc;
}
