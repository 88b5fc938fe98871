/* The folds of a held-out evaluation (docs/predictor.md, "Evaluation"):
 * by rounds, by one round left out, by one family left out; and the naive
 * lookup each is compared with. Shared by the ResNet-50 evaluation and the
 * LLM rows'. */
#ifndef ASEL_PERF_CALIB_FOLDS_H
#define ASEL_PERF_CALIB_FOLDS_H

#include "perf/rows.h"

enum { ASEL_PROTO_ROUNDS, ASEL_PROTO_LORO, ASEL_PROTO_LOFO, ASEL_PROTOS };

/* "rounds", "leave-one-round-out", "leave-one-family-out". */
extern const char *const asel_proto_names[ASEL_PROTOS];

typedef struct asel_fold {
    int proto;
    int round;          /* ASEL_PROTO_LORO: the round left out */
    const char *family; /* ASEL_PROTO_LOFO: the family left out */
} asel_fold;

/* The held-out rounds of the rounds protocol: those predicted, and the
 * first of them, before which every round is fitted. */
typedef struct asel_holdout {
    const int *codes;
    int n;
    int first;
} asel_holdout;

/* Whether scored row @p r is fitted, or predicted, in fold @p f. */
int asel_fold_fits(const asel_holdout *h, const asel_fold *f, const asel_perf_row *r);
int asel_fold_predicts(const asel_holdout *h, const asel_fold *f, const asel_perf_row *r);

/* The folds of @p rows into *folds (allocated; asel_free() it), *n of
 * them: the rounds split, one per round, one per family, in order of first
 * appearance; and into *h the rounds split's @p n_codes held-out rounds
 * @p codes (borrowed). 0 or ACCELSEL_ENOMEM. */
int asel_folds_new(const asel_perf_rows *rows, const int *codes, int n_codes, asel_fold **folds,
                   size_t *n, asel_holdout *h);

/* A held-out evaluation under way: every fold fitted on its rows and
 * predicting the others, the results (n_folds x rows->n, each of the
 * evaluation's own type) made into a table. */
typedef struct asel_eval {
    const accelsel_predictor *p;
    const asel_perf_rows *rows;
    const accelsel_calibrate_options *o;
    const asel_fold *folds;
    size_t n_folds;
    asel_holdout holdout;
    void *res;
} asel_eval;

/* The evaluation of @p rows with predictor @p p and options @p o, the
 * rounds split holding out @p codes: the folds made, @p run_fold run on
 * each (asel_pool_run()'s task, its argument the asel_eval, its results
 * of @p res_size bytes a row zeroed before), then @p table made of them
 * into *out. 0 or the error. */
int asel_eval_run(accelsel_dataset **out, const accelsel_predictor *p, const asel_perf_rows *rows,
                  const accelsel_calibrate_options *o, const int *codes, int n_codes,
                  size_t res_size, int (*run_fold)(void *, size_t, size_t),
                  int (*table)(accelsel_dataset **, const asel_eval *));

/* The rows fold @p f fits, into @p use (rows->n flags). */
void asel_fold_use(const asel_holdout *h, const asel_fold *f, const asel_perf_rows *rows,
                   unsigned char *use);

/* The lookup: the same device at the same count (and benchmark) in the
 * latest earlier round among the rows in @p use; the median of that
 * round's times (@p buf: room for rows->n). NaN if none. */
double asel_fold_peer(const asel_perf_rows *rows, const unsigned char *use,
                      const asel_perf_row *t, double *buf);

#endif
