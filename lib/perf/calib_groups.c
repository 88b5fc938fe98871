/* Rows grouped by device and accelerator count, and recency weights over
 * the rounds of the fitted data (lib/perf/calib_groups.h). */
#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib_groups.h"

#define RECENCY_HALVING 2.0

static int cmp_member(const void *a, const void *b)
{
    const asel_perf_member *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    if (x->count != y->count)
        return x->count < y->count ? -1 : 1;
    return (x->pos > y->pos) - (x->pos < y->pos);
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int asel_perf_member_round(const asel_perf_groups *g, size_t i)
{
    return g->rows->row[g->idx[g->m[i].pos]].round;
}

int asel_perf_groups_init(asel_perf_groups *g, const asel_perf_rows *rows, const size_t *idx,
                          size_t n)
{
    *g = (asel_perf_groups){ rows, idx, n, asel_calloc(n ? n : 1, sizeof *g->m),
                             asel_calloc(n ? n : 1, sizeof *g->rounds), 0 };
    if (g->m == NULL || g->rounds == NULL) {
        asel_perf_groups_free(g);
        return asel_enomem();
    }
    for (size_t i = 0; i < n; i++)
        g->m[i] = (asel_perf_member){ rows->row[idx[i]].cfg.dev_index, rows->row[idx[i]].cfg.count, i };
    qsort(g->m, n, sizeof *g->m, cmp_member);
    for (size_t i = 0; i < n; i++)
        g->rounds[i] = rows->row[idx[i]].round;
    qsort(g->rounds, n, sizeof *g->rounds, cmp_int);
    for (size_t i = 0; i < n; i++)
        if (g->n_rounds == 0 || g->rounds[g->n_rounds - 1] != g->rounds[i])
            g->rounds[g->n_rounds++] = g->rounds[i];
    return 0;
}

void asel_perf_groups_free(asel_perf_groups *g)
{
    asel_free(g->m), asel_free(g->rounds);
    g->m = NULL, g->rounds = NULL;
}

size_t asel_perf_same_dev(const asel_perf_groups *g, size_t i)
{
    size_t j = i;
    while (j < g->n && g->m[j].dev == g->m[i].dev)
        j++;
    return j;
}

size_t asel_perf_same_count(const asel_perf_groups *g, size_t i)
{
    size_t j = i;
    while (j < g->n && g->m[j].dev == g->m[i].dev && g->m[j].count == g->m[i].count)
        j++;
    return j;
}

int asel_perf_latest_round(const asel_perf_groups *g, size_t from, size_t to)
{
    int latest = -2;
    for (size_t i = from; i < to; i++)
        if (asel_perf_member_round(g, i) > latest)
            latest = asel_perf_member_round(g, i);
    return latest;
}

double asel_perf_recency(const asel_perf_groups *g, int round, int latest)
{
    double k = 0;
    for (size_t i = 0; i < g->n_rounds; i++)
        k += g->rounds[i] > round && g->rounds[i] <= latest;
    return pow(RECENCY_HALVING, -k);
}
