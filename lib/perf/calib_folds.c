/* The folds of a held-out evaluation and the naive lookup beside them
 * (docs/predictor.md, "Evaluation"). */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "perf/calib.h"
#include "perf/calib_folds.h"

const char *const asel_proto_names[ASEL_PROTOS] = { "rounds", "leave-one-round-out",
                                                    "leave-one-family-out" };

int asel_fold_fits(const asel_holdout *h, const asel_fold *f, const asel_perf_row *r)
{
    if (!asel_perf_row_scored(r))
        return 0;
    if (f->proto == ASEL_PROTO_ROUNDS)
        return r->round < h->first;
    if (f->proto == ASEL_PROTO_LORO)
        return r->round != f->round;
    return strcmp(r->family, f->family) != 0;
}

int asel_fold_predicts(const asel_holdout *h, const asel_fold *f, const asel_perf_row *r)
{
    if (!asel_perf_row_scored(r))
        return 0;
    if (f->proto == ASEL_PROTO_ROUNDS) {
        for (int i = 0; i < h->n; i++)
            if (r->round == h->codes[i])
                return 1;
        return 0;
    }
    if (f->proto == ASEL_PROTO_LORO)
        return r->round == f->round;
    return strcmp(r->family, f->family) == 0;
}

static size_t folds_make(const asel_perf_rows *rows, asel_fold *folds)
{
    size_t n = 0;
    folds[n++] = (asel_fold){ ASEL_PROTO_ROUNDS, -1, NULL };
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < rows->n; i++) {
            const asel_perf_row *r = &rows->row[i];
            if (!asel_perf_row_scored(r))
                continue;
            int seen = 0;
            for (size_t j = 1; j < n && !seen; j++)
                seen = pass == 0 ? folds[j].proto == ASEL_PROTO_LORO && folds[j].round == r->round
                                 : folds[j].proto == ASEL_PROTO_LOFO &&
                                       strcmp(folds[j].family, r->family) == 0;
            if (!seen)
                folds[n++] = pass == 0 ? (asel_fold){ ASEL_PROTO_LORO, r->round, NULL }
                                       : (asel_fold){ ASEL_PROTO_LOFO, -1, r->family };
        }
    return n;
}

int asel_folds_new(const asel_perf_rows *rows, const int *codes, int n_codes, asel_fold **folds,
                   size_t *n, asel_holdout *h)
{
    *h = (asel_holdout){ codes, n_codes, 1 << 30 };
    for (int i = 0; i < n_codes; i++)
        h->first = codes[i] < h->first ? codes[i] : h->first;
    *n = 0;
    if ((*folds = asel_calloc(2 * rows->n + 1, sizeof **folds)) == NULL)
        return asel_enomem();
    *n = folds_make(rows, *folds);
    return 0;
}

int asel_eval_run(accelsel_dataset **out, const accelsel_predictor *p, const asel_perf_rows *rows,
                  const accelsel_calibrate_options *o, const int *codes, int n_codes,
                  size_t res_size, int (*run_fold)(void *, size_t, size_t),
                  int (*table)(accelsel_dataset **, const asel_eval *))
{
    asel_eval e = { p, rows, o, NULL, 0, { 0 }, NULL };
    asel_fold *folds = NULL;
    int rc = asel_folds_new(rows, codes, n_codes, &folds, &e.n_folds, &e.holdout);
    e.folds = folds;
    e.res = rc == 0 ? asel_calloc(e.n_folds * (rows->n ? rows->n : 1), res_size) : NULL;
    if (rc == 0 && e.res == NULL)
        rc = asel_enomem();
    if (rc == 0)
        rc = asel_pool_run(asel_pool_threads(o->n_threads, e.n_folds), e.n_folds, run_fold, &e);
    if (rc == 0)
        rc = table(out, &e);
    asel_free(e.res);
    asel_free(folds);
    return rc;
}

void asel_fold_use(const asel_holdout *h, const asel_fold *f, const asel_perf_rows *rows,
                   unsigned char *use)
{
    for (size_t i = 0; i < rows->n; i++)
        use[i] = (unsigned char)asel_fold_fits(h, f, &rows->row[i]);
}

/* Whether row @p r is a configuration the lookup may take for @p t. */
static int same_config(const asel_perf_row *r, const asel_perf_row *t)
{
    return r->cfg.dev_index == t->cfg.dev_index && r->cfg.count == t->cfg.count &&
           r->bench == t->bench;
}

double asel_fold_peer(const asel_perf_rows *rows, const unsigned char *use,
                      const asel_perf_row *t, double *buf)
{
    int best = -1;
    for (size_t j = 0; j < rows->n; j++) {
        const asel_perf_row *r = &rows->row[j];
        if (use[j] && same_config(r, t) && r->round < t->round && r->round > best)
            best = r->round;
    }
    size_t m = 0;
    for (size_t j = 0; best >= 0 && j < rows->n; j++) {
        const asel_perf_row *r = &rows->row[j];
        if (use[j] && same_config(r, t) && r->round == best)
            buf[m++] = r->measured_min;
    }
    double med, p90;
    asel_perf_quantiles(buf, m, &med, &p90);
    return med;
}
