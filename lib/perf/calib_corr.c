/* The learned time factors (docs/predictor.md, "Calibration", step 3): per
 * device over all its rows, then per device and accelerator count over the
 * rows at that count, each shrunk toward the level above it and weighted
 * toward recent rounds. */
#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"

/* A row's weight halves for each round of the data between it and the
 * latest round of its group: fixed a priori (a half-life of one round,
 * about six months of software releases), not tuned on the evaluation. */
#define ASEL_PERF_RECENCY_HALVING 2.0

typedef struct member {
    size_t dev;
    double count;
    size_t pos; /* into idx and r */
} member;

static int cmp_member(const void *a, const void *b)
{
    const member *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    if (x->count != y->count)
        return x->count < y->count ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

typedef struct learn {
    const asel_perf_rows *rows;
    const size_t *idx;
    const double *r;   /* log(predicted / measured) at factor 1 */
    int *rounds;       /* distinct rounds of the fitted rows, ascending */
    size_t n_rounds;
    double shrink;
} learn;

static int round_of(const learn *l, size_t pos)
{
    return l->rows->row[l->idx[pos]].round;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* l->rounds (room for n) sorted, duplicates dropped. */
static void collect_rounds(learn *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        l->rounds[i] = round_of(l, i);
    qsort(l->rounds, n, sizeof *l->rounds, cmp_int);
    l->n_rounds = 0;
    for (size_t i = 0; i < n; i++)
        if (l->n_rounds == 0 || l->rounds[l->n_rounds - 1] != l->rounds[i])
            l->rounds[l->n_rounds++] = l->rounds[i];
}

/* Rounds of the data strictly after @p from and at most @p to. */
static double rounds_between(const learn *l, int from, int to)
{
    double k = 0;
    for (size_t i = 0; i < l->n_rounds; i++)
        k += l->rounds[i] > from && l->rounds[i] <= to;
    return k;
}

/* exp(-sum w (r + log base) / (sum w + shrink)) over members m[0..n-1]. */
static double group_factor(const learn *l, const member *m, size_t n, double base)
{
    int latest = -2;
    for (size_t i = 0; i < n; i++)
        latest = round_of(l, m[i].pos) > latest ? round_of(l, m[i].pos) : latest;
    double s = 0, w = 0;
    for (size_t i = 0; i < n; i++) {
        double wi = pow(ASEL_PERF_RECENCY_HALVING, -rounds_between(l, round_of(l, m[i].pos), latest));
        s -= wi * (l->r[m[i].pos] + log(base)), w += wi;
    }
    return exp(s / (w + l->shrink));
}

static size_t same_dev(const member *m, size_t n, size_t i)
{
    size_t j = i;
    while (j < n && m[j].dev == m[i].dev)
        j++;
    return j;
}

static size_t same_count(const member *m, size_t n, size_t i)
{
    size_t j = i;
    while (j < n && m[j].dev == m[i].dev && m[j].count == m[i].count)
        j++;
    return j;
}

int asel_perf_learn_corrections(asel_perf_corr *corr, const asel_perf_rows *rows,
                                const size_t *idx, const double *r, size_t n, double shrink)
{
    asel_perf_corr_reset(corr);
    member *m = asel_calloc(n ? n : 1, sizeof *m);
    int *rounds = asel_calloc(n ? n : 1, sizeof *rounds);
    size_t groups = 0;
    if (m == NULL || rounds == NULL) {
        asel_free(m), asel_free(rounds);
        return asel_enomem();
    }
    for (size_t i = 0; i < n; i++)
        m[i] = (member){ rows->row[idx[i]].cfg.dev_index, rows->row[idx[i]].cfg.count, i };
    qsort(m, n, sizeof *m, cmp_member);
    for (size_t i = 0; i < n; i = same_count(m, n, i))
        groups++;
    int rc = asel_perf_corr_reserve(corr, groups);
    learn l = { rows, idx, r, rounds, 0, shrink };
    collect_rounds(&l, n);
    for (size_t i = 0; rc == 0 && i < n; i = same_dev(m, n, i))
        corr->dev[m[i].dev] = group_factor(&l, m + i, same_dev(m, n, i) - i, 1.0);
    for (size_t i = 0; rc == 0 && i < n; i = same_count(m, n, i)) {
        double base = corr->dev[m[i].dev];
        double f = group_factor(&l, m + i, same_count(m, n, i) - i, base);
        corr->cnt[corr->n_cnt++] = (asel_perf_count_corr){ m[i].dev, m[i].count, f };
    }
    asel_free(m), asel_free(rounds);
    return rc;
}
