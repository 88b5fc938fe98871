/* The held-out evaluation (docs/predictor.md, "Evaluation"): folds by
 * rounds, by one round left out and by one family left out; each fold is
 * fitted on its own rows and predicts the rest, beside the naive peer. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"
#include "perf/calib_folds.h"

static const char group_names[4][4] = { "a", "b", "c", "all" };

typedef asel_fold fold;

/* Per fold and row: the three errors and the group (-1: not predicted). */
typedef struct result {
    double model, phys, peer;
    signed char group;
} result;

typedef asel_eval ctx; /* its results: n_folds x rows->n of result */

static void predict_fold(const ctx *c, const unsigned char *use, const asel_perf_params *par,
                         const asel_perf_corr *corr, const fold *f, result *out, double *buf)
{
    const asel_perf_rows *rows = c->rows;
    for (size_t i = 0; i < rows->n; i++) {
        const asel_perf_row *t = &rows->row[i];
        out[i].group = -1;
        if (!asel_fold_predicts(&c->holdout, f, t))
            continue;
        double m = asel_perf_row_minutes(par, asel_perf_corr_factor(corr, t->cfg.dev_index, t->cfg.count),
                                         t, rows);
        if (!isfinite(m))
            continue;
        int known = 0;
        for (size_t j = 0; j < rows->n && !known; j++)
            known = use[j] && rows->row[j].cfg.dev_index == t->cfg.dev_index;
        double pr = asel_fold_peer(rows, use, t, buf);
        out[i].model = asel_perf_ape(m, t->measured_min);
        out[i].phys = asel_perf_ape(asel_perf_row_minutes(par, 1.0, t, rows), t->measured_min);
        out[i].peer = isfinite(pr) ? asel_perf_ape(pr, t->measured_min) : NAN;
        out[i].group = isfinite(pr) ? 0 : known ? 1 : 2;
    }
}

static int run_fold(void *arg, size_t k, size_t worker)
{
    const ctx *c = arg;
    const asel_perf_rows *rows = c->rows;
    size_t m = rows->n ? rows->n : 1;
    unsigned char *use = asel_calloc(m, 1);
    double *buf = asel_calloc(m, sizeof *buf);
    asel_perf_corr corr = { 0 };
    int rc = use && buf ? asel_perf_corr_init(&corr, c->p->corr.n_dev) : asel_enomem();
    if (rc == 0)
        asel_fold_use(&c->holdout, &c->folds[k], rows, use);
    asel_perf_params par = c->p->par;
    if (rc == 0)
        rc = asel_perf_fit(&par, &corr, rows, use, c->o);
    result *out = (result *)c->res + k * rows->n;
    for (size_t i = 0; i < rows->n; i++)
        out[i].group = -1;
    if (rc == 0)
        predict_fold(c, use, &par, &corr, &c->folds[k], out, buf);
    asel_free(use), asel_free(buf);
    asel_perf_corr_free(&corr);
    (void)worker;
    return rc == ACCELSEL_EEMPTY ? 0 : rc;
}

static int eval_table(accelsel_dataset **out, const ctx *c);

static int evaluate(accelsel_dataset **out, const accelsel_predictor *p, const asel_perf_rows *rows,
                    const accelsel_calibrate_options *o)
{
    int codes[ASEL_PERF_MAX_ROUNDS];
    int nh = asel_perf_parse_rounds(o->holdout_rounds ? o->holdout_rounds : "v3.0,v3.1", codes);
    if (nh < 0)
        return nh;
    return asel_eval_run(out, p, rows, o, codes, nh, sizeof(result), run_fold, eval_table);
}

/* ---- the table ---- */

typedef struct acc {
    double *model, *phys, *peer;
    size_t n, n_peer;
} acc;

static void gather(const ctx *c, size_t n_folds, int proto, int group, acc *a)
{
    a->n = a->n_peer = 0;
    for (size_t k = 0; k < n_folds; k++) {
        if (c->folds[k].proto != proto)
            continue;
        const result *r = (const result *)c->res + k * c->rows->n;
        for (size_t i = 0; i < c->rows->n; i++) {
            if (r[i].group < 0 || (group < 3 && r[i].group != group))
                continue;
            a->model[a->n] = r[i].model;
            a->phys[a->n++] = r[i].phys;
            if (!isnan(r[i].peer)) /* an infinite error (a time of 5e-324) counts */
                a->peer[a->n_peer++] = r[i].peer;
        }
    }
}

#define NCOL 8
static const char *const num_cols[NCOL] = { "rows", "model_median_ape", "model_p90_ape",
                                            "physical_median_ape", "physical_p90_ape",
                                            "peer_rows", "peer_median_ape", "peer_p90_ape" };

static int eval_table(accelsel_dataset **out, const ctx *c)
{
    size_t n_folds = c->n_folds;
    size_t cap = n_folds * (c->rows->n ? c->rows->n : 1), nrow = ASEL_PROTOS * 4;
    acc a = { asel_calloc(cap, sizeof(double)), asel_calloc(cap, sizeof(double)),
              asel_calloc(cap, sizeof(double)), 0, 0 };
    double *v = asel_calloc(NCOL * nrow, sizeof *v);
    const char **proto = asel_calloc(nrow, sizeof *proto), **grp = asel_calloc(nrow, sizeof *grp);
    int rc = a.model && a.phys && a.peer && v && proto && grp ? 0 : asel_enomem();
    for (size_t r = 0; rc == 0 && r < nrow; r++) {
        int pr = (int)(r / 4), g = (int)(r % 4);
        proto[r] = asel_proto_names[pr];
        grp[r] = group_names[g];
        gather(c, n_folds, pr, g, &a);
        v[0 * nrow + r] = (double)a.n;
        asel_perf_quantiles(a.model, a.n, &v[1 * nrow + r], &v[2 * nrow + r]);
        asel_perf_quantiles(a.phys, a.n, &v[3 * nrow + r], &v[4 * nrow + r]);
        v[5 * nrow + r] = (double)a.n_peer;
        asel_perf_quantiles(a.peer, a.n_peer, &v[6 * nrow + r], &v[7 * nrow + r]);
    }
    if (rc == 0 && (rc = accelsel_dataset_new(out, nrow)) == 0 &&
        (rc = accelsel_dataset_add_categorical(*out, "protocol", proto, nrow)) == 0)
        rc = accelsel_dataset_add_categorical(*out, "group", grp, nrow);
    for (int k = 0; rc == 0 && k < NCOL; k++)
        rc = accelsel_dataset_add_numeric(*out, num_cols[k], v + k * nrow, nrow);
    if (rc < 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    asel_free(a.model), asel_free(a.phys), asel_free(a.peer), asel_free(v);
    asel_free(proto), asel_free(grp);
    return rc;
}

ACCELSEL_API int accelsel_predictor_evaluate(accelsel_dataset **out,
                                             const accelsel_predictor *p,
                                             const accelsel_dataset *ds,
                                             const accelsel_calibrate_options *opts)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || ds == NULL)
        return asel_einval("accelsel_predictor_evaluate", out == NULL ? "out" : p == NULL ? "p" : "ds");
    accelsel_calibrate_options o;
    asel_perf_rows rows;
    int rc = asel_perf_calib_rows(p, ds, opts, 0, &o, &rows);
    if (rc < 0)
        return rc;
    rc = evaluate(out, p, &rows, &o);
    asel_perf_rows_free(&rows);
    return rc;
}
