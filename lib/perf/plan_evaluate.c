/* accelsel_predictor_evaluate_plans(): the held-out evaluation of the plan
 * fit on MLPerf's LLM rows (docs/predictor.md, "LLM rows"), per benchmark,
 * beside the naive lookup and the linear scaling of the best measured
 * per-accelerator throughput. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib_folds.h"
#include "perf/plan_calib.h"

enum { GROUP_A, GROUP_B, GROUP_C, GROUP_WITH_ROWS, GROUP_ALL, GROUPS };
static const char *const group_names[GROUPS] = { "a", "b", "c", "with-rows", "all" };

/* Per fold and row: the errors, the group (-1: not predicted) and whether
 * the row's plan was searched (it names no tensor and data parallel size). */
typedef struct result {
    double model, phys, peer, linear;
    signed char group, searched;
} result;

typedef asel_eval ctx; /* its results: n_folds x rows->n of result */

/* The linear peer: the same benchmark's best measured sequences per second
 * and accelerator of the device among the rows in @p use, times the row's
 * accelerators. NaN if the device has no such row. */
static double linear(const asel_perf_rows *rows, const unsigned char *use, const asel_perf_row *t)
{
    double best = 0;
    for (size_t j = 0; j < rows->n; j++) {
        const asel_perf_row *r = &rows->row[j];
        if (use[j] && r->bench == t->bench && r->cfg.dev_index == t->cfg.dev_index)
            best = fmax(best, r->samples / (r->measured_min * r->cfg.count));
    }
    return best > 0 ? t->samples / (best * t->cfg.count) : NAN;
}

static void predict_row(const ctx *c, const unsigned char *use, const asel_perf_params *par,
                        const asel_perf_corr *corr, size_t i, result *out, double *buf)
{
    const asel_perf_rows *rows = c->rows;
    const asel_perf_row *t = &rows->row[i];
    accelsel_plan pl;
    if (asel_plan_row_choose(par, t, rows, &pl) != 0)
        return;
    double f = asel_perf_corr_factor(corr, t->cfg.dev_index, t->cfg.count);
    double m = asel_plan_row_minutes(par, f, t, rows, &pl);
    if (!isfinite(m))
        return;
    int known = 0;
    for (size_t j = 0; j < rows->n && !known; j++)
        known = use[j] && rows->row[j].cfg.dev_index == t->cfg.dev_index;
    double pr = asel_fold_peer(rows, use, t, buf), lin = linear(rows, use, t);
    out->model = asel_perf_ape(m, t->measured_min);
    out->phys = asel_perf_ape(asel_plan_row_minutes(par, 1.0, t, rows, &pl), t->measured_min);
    out->peer = isfinite(pr) ? asel_perf_ape(pr, t->measured_min) : NAN;
    out->linear = isfinite(lin) ? asel_perf_ape(lin, t->measured_min) : NAN;
    out->group = isfinite(pr) ? GROUP_A : known ? GROUP_B : GROUP_C;
    out->searched = !t->plan_given;
}

static int run_fold(void *arg, size_t k, size_t worker)
{
    const ctx *c = arg;
    const asel_perf_rows *rows = c->rows;
    size_t m = rows->n ? rows->n : 1;
    unsigned char *use = asel_calloc(m, 1);
    double *buf = asel_calloc(m, sizeof *buf);
    accelsel_plan *chosen = asel_calloc(m, sizeof *chosen);
    asel_perf_corr corr = { 0 };
    int rc = use && buf && chosen ? asel_perf_corr_init(&corr, c->p->plan_corr.n_dev)
                                  : asel_enomem();
    if (rc == 0)
        asel_fold_use(&c->holdout, &c->folds[k], rows, use);
    asel_perf_params par = c->p->par;
    if (rc == 0)
        rc = asel_plan_fit(&par, &corr, rows, use, c->o, chosen);
    result *out = (result *)c->res + k * rows->n;
    for (size_t i = 0; i < rows->n; i++)
        out[i].group = -1;
    for (size_t i = 0; rc == 0 && i < rows->n; i++)
        if (asel_fold_predicts(&c->holdout, &c->folds[k], &rows->row[i]))
            predict_row(c, use, &par, &corr, i, &out[i], buf);
    asel_free(use), asel_free(buf), asel_free(chosen);
    asel_perf_corr_free(&corr);
    (void)worker;
    return rc == ACCELSEL_EEMPTY ? 0 : rc;
}

/* ---- the table ---- */

#define NCOL 13
static const char *const num_cols[NCOL] = {
    "rows", "searched_rows", "model_median_ape", "model_p90_ape", "physical_median_ape",
    "physical_p90_ape", "peer_rows", "peer_median_ape", "peer_p90_ape", "linear_rows",
    "linear_median_ape", "linear_p90_ape", "predicted_share" };

typedef struct acc {
    double *model, *phys, *peer, *linear;
    size_t n, n_peer, n_linear, searched, scored;
} acc;

static int in_group(int g, int group)
{
    return g == GROUP_ALL || group == g || (g == GROUP_WITH_ROWS && group != GROUP_C);
}

/* The errors of benchmark @p bench (-1: every one), protocol @p proto and
 * group @p g into @p a; a->scored counts the rows the folds tried to
 * predict, for the share predicted. */
static void gather(const ctx *c, size_t n_folds, int bench, int proto, int g, acc *a)
{
    a->n = a->n_peer = a->n_linear = a->searched = a->scored = 0;
    for (size_t k = 0; k < n_folds; k++) {
        if (c->folds[k].proto != proto)
            continue;
        const result *r = (const result *)c->res + k * c->rows->n;
        for (size_t i = 0; i < c->rows->n; i++) {
            const asel_perf_row *row = &c->rows->row[i];
            if (bench >= 0 && row->bench != bench)
                continue;
            a->scored += g == GROUP_ALL && asel_fold_predicts(&c->holdout, &c->folds[k], row);
            if (r[i].group < 0 || !in_group(g, r[i].group))
                continue;
            a->model[a->n] = r[i].model;
            a->phys[a->n++] = r[i].phys;
            a->searched += r[i].searched;
            if (!isnan(r[i].peer))
                a->peer[a->n_peer++] = r[i].peer;
            if (!isnan(r[i].linear))
                a->linear[a->n_linear++] = r[i].linear;
        }
    }
}

static void fill(const acc *a, int g, double *v, size_t nrow, size_t r)
{
    v[0 * nrow + r] = (double)a->n;
    v[1 * nrow + r] = (double)a->searched;
    asel_perf_quantiles(a->model, a->n, &v[2 * nrow + r], &v[3 * nrow + r]);
    asel_perf_quantiles(a->phys, a->n, &v[4 * nrow + r], &v[5 * nrow + r]);
    v[6 * nrow + r] = (double)a->n_peer;
    asel_perf_quantiles(a->peer, a->n_peer, &v[7 * nrow + r], &v[8 * nrow + r]);
    v[9 * nrow + r] = (double)a->n_linear;
    asel_perf_quantiles(a->linear, a->n_linear, &v[10 * nrow + r], &v[11 * nrow + r]);
    v[12 * nrow + r] = g == GROUP_ALL && a->scored ? (double)a->n / (double)a->scored : NAN;
}

/* The benchmarks with scored rows, in table order, then -1 for all. */
static size_t benches_of(const asel_perf_rows *rows, int *benches)
{
    size_t n = 0;
    for (int b = 0; b < ASEL_LLM_BENCHES; b++) {
        int any = 0;
        for (size_t i = 0; i < rows->n && !any; i++)
            any = rows->row[i].bench == b && asel_perf_row_scored(&rows->row[i]);
        if (any)
            benches[n++] = b;
    }
    benches[n++] = -1;
    return n;
}

static int eval_table(accelsel_dataset **out, const ctx *c)
{
    size_t n_folds = c->n_folds;
    int benches[ASEL_LLM_BENCHES + 1];
    size_t nb = benches_of(c->rows, benches), nrow = nb * ASEL_PROTOS * GROUPS;
    size_t cap = n_folds * (c->rows->n ? c->rows->n : 1);
    acc a = { asel_calloc(cap, sizeof(double)), asel_calloc(cap, sizeof(double)),
              asel_calloc(cap, sizeof(double)), asel_calloc(cap, sizeof(double)), 0, 0, 0, 0, 0 };
    double *v = asel_calloc(NCOL * nrow, sizeof *v);
    const char **bench = asel_calloc(nrow, sizeof *bench), **proto = asel_calloc(nrow, sizeof *proto),
               **grp = asel_calloc(nrow, sizeof *grp);
    int rc = a.model && a.phys && a.peer && a.linear && v && bench && proto && grp ? 0
                                                                                  : asel_enomem();
    for (size_t r = 0; rc == 0 && r < nrow; r++) {
        int b = benches[r / (ASEL_PROTOS * GROUPS)];
        int pr = (int)(r / GROUPS % ASEL_PROTOS), g = (int)(r % GROUPS);
        bench[r] = b >= 0 ? asel_llm_benches[b].name : "all";
        proto[r] = asel_proto_names[pr];
        grp[r] = group_names[g];
        gather(c, n_folds, b, pr, g, &a);
        fill(&a, g, v, nrow, r);
    }
    if (rc == 0 && (rc = accelsel_dataset_new(out, nrow)) == 0 &&
        (rc = accelsel_dataset_add_categorical(*out, "benchmark", bench, nrow)) == 0 &&
        (rc = accelsel_dataset_add_categorical(*out, "protocol", proto, nrow)) == 0)
        rc = accelsel_dataset_add_categorical(*out, "group", grp, nrow);
    for (int k = 0; rc == 0 && k < NCOL; k++)
        rc = accelsel_dataset_add_numeric(*out, num_cols[k], v + k * nrow, nrow);
    if (rc < 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    asel_free(a.model), asel_free(a.phys), asel_free(a.peer), asel_free(a.linear), asel_free(v);
    asel_free(bench), asel_free(proto), asel_free(grp);
    return rc;
}

/* The held-out rounds: those of the options, else the latest round of the
 * scored rows. Their number into *n. */
static int holdout_rounds(const asel_perf_rows *rows, const accelsel_calibrate_options *o,
                          int codes[ASEL_PERF_MAX_ROUNDS], int *n)
{
    if (o->holdout_rounds != NULL) {
        *n = asel_perf_parse_rounds(o->holdout_rounds, codes);
        return *n < 0 ? *n : 0;
    }
    int latest = -1;
    for (size_t i = 0; i < rows->n; i++)
        if (asel_perf_row_scored(&rows->row[i]) && rows->row[i].round > latest)
            latest = rows->row[i].round;
    codes[0] = latest;
    *n = latest >= 0;
    return 0;
}

static int evaluate(accelsel_dataset **out, const accelsel_predictor *p, const asel_perf_rows *rows,
                    const accelsel_calibrate_options *o)
{
    int codes[ASEL_PERF_MAX_ROUNDS], nh = 0;
    int rc = holdout_rounds(rows, o, codes, &nh);
    if (rc < 0)
        return rc;
    return asel_eval_run(out, p, rows, o, codes, nh, sizeof(result), run_fold, eval_table);
}

ACCELSEL_API int accelsel_predictor_evaluate_plans(accelsel_dataset **out,
                                                   const accelsel_predictor *p,
                                                   const accelsel_dataset *ds,
                                                   const accelsel_calibrate_options *opts)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || ds == NULL)
        return asel_einval("accelsel_predictor_evaluate_plans",
                           out == NULL ? "out" : p == NULL ? "p" : "ds");
    accelsel_calibrate_options o;
    asel_perf_rows rows;
    int rc = asel_perf_calib_rows(p, ds, opts, 1, &o, &rows);
    if (rc < 0)
        return rc;
    rc = evaluate(out, p, &rows, &o);
    asel_perf_rows_free(&rows);
    return rc;
}
