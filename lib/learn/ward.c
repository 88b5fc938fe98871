/* Ward's method by the nearest-neighbour chain (Murtagh 1983; Müllner 2011).
 * Ward's distance is reducible, so merging mutual nearest neighbours as the
 * chain finds them gives the same tree as the greedy closest-pair order. Each
 * cluster is kept as its centroid and size, so memory is O(n d) instead of
 * the O(n^2) of a Lance-Williams distance matrix. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/ward.h"

typedef struct ward_state {
    size_t n, d;
    double *cent; /* n x d: centroid of the cluster held in each slot */
    size_t *size; /* rows of the cluster in each slot */
    size_t *act;  /* active slots, ascending */
    size_t n_act;
    size_t *chain;
    size_t chain_len;
} ward_state;

/* Squared Ward distance: 2 n_a n_b / (n_a + n_b) ||c_a - c_b||^2. Exactly
 * symmetric in a and b, which keeps the chain free of cycles. */
static double ward_sq(const ward_state *w, size_t a, size_t b)
{
    double s = 0;
    const double *ca = w->cent + a * w->d, *cb = w->cent + b * w->d;
    for (size_t c = 0; c < w->d; c++)
        s += (ca[c] - cb[c]) * (ca[c] - cb[c]);
    double na = (double)w->size[a], nb = (double)w->size[b];
    return 2.0 * na * nb / (na + nb) * s;
}

/* Nearest active slot to @p a; the chain's previous element wins ties, then
 * the lowest slot. */
static size_t nearest(const ward_state *w, size_t a, size_t prev, double *dist)
{
    size_t best = prev;
    double bd = prev == SIZE_MAX ? INFINITY : ward_sq(w, a, prev);
    for (size_t i = 0; i < w->n_act; i++) {
        size_t j = w->act[i];
        if (j == a || j == prev)
            continue;
        double v = ward_sq(w, a, j);
        if (v < bd || best == SIZE_MAX) {
            bd = v;
            best = j;
        }
    }
    *dist = bd;
    return best;
}

/* Merge slot @p b into slot @p a (the lower one) and record it. */
static void merge(ward_state *w, size_t a, size_t b, double sq, asel_ward_merge *m)
{
    if (b < a) {
        size_t t = a;
        a = b;
        b = t;
    }
    double na = (double)w->size[a], nb = (double)w->size[b];
    for (size_t c = 0; c < w->d; c++)
        w->cent[a * w->d + c] =
            (na * w->cent[a * w->d + c] + nb * w->cent[b * w->d + c]) / (na + nb);
    w->size[a] += w->size[b];
    *m = (asel_ward_merge){a, b, sqrt(sq), w->size[a]};
    size_t i = 0;
    while (w->act[i] != b)
        i++;
    memmove(w->act + i, w->act + i + 1, (w->n_act - i - 1) * sizeof *w->act);
    w->n_act--;
}

static int grow_chain(ward_state *w, asel_ward_merge *raw, const asel_cl_progress *progress)
{
    size_t done = 0, step = w->n / 100 + 1;
    while (w->n_act > 1) {
        if (w->chain_len == 0)
            w->chain[w->chain_len++] = w->act[0];
        size_t a = w->chain[w->chain_len - 1];
        size_t prev = w->chain_len >= 2 ? w->chain[w->chain_len - 2] : SIZE_MAX;
        double sq;
        size_t b = nearest(w, a, prev, &sq);
        if (b != prev) {
            w->chain[w->chain_len++] = b;
            continue;
        }
        w->chain_len -= 2;
        merge(w, a, b, sq, &raw[done++]);
        if (done % step == 0) {
            int rc = asel_cl_progress_report(progress, (double)done / (double)(w->n - 1));
            if (rc != 0)
                return rc;
        }
    }
    return 0;
}

int asel_ward_tree(const double *x, size_t n, size_t d, asel_ward_merge *merges,
                   const asel_cl_progress *progress)
{
    ward_state w = {.n = n, .d = d, .n_act = n};
    int rc = asel_alloc_array(&w.cent, n * d, sizeof(double));
    if (rc == 0)
        rc = asel_alloc_array(&w.size, n, sizeof(size_t));
    if (rc == 0)
        rc = asel_alloc_array(&w.act, n, sizeof(size_t));
    if (rc == 0)
        rc = asel_alloc_array(&w.chain, n, sizeof(size_t));
    if (rc == 0) {
        memcpy(w.cent, x, n * d * sizeof(double));
        for (size_t i = 0; i < n; i++) {
            w.size[i] = 1;
            w.act[i] = i;
        }
        rc = grow_chain(&w, merges, progress);
    }
    if (rc == 0)
        rc = asel_ward_label(merges, n);
    asel_free(w.cent);
    asel_free(w.size);
    asel_free(w.act);
    asel_free(w.chain);
    return rc;
}
