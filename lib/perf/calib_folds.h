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

/* The rows fold @p f fits, into @p use (rows->n flags). */
void asel_fold_use(const asel_holdout *h, const asel_fold *f, const asel_perf_rows *rows,
                   unsigned char *use);

/* The lookup: the same device at the same count (and benchmark) in the
 * latest earlier round among the rows in @p use; the median of that
 * round's times (@p buf: room for rows->n). NaN if none. */
double asel_fold_peer(const asel_perf_rows *rows, const unsigned char *use,
                      const asel_perf_row *t, double *buf);

#endif
