#include <math.h>
#include <stdlib.h>

#include "learn/forest_grow.h"

void asel_node_stats(const asel_grow *g, size_t start, size_t end, asel_stats *s)
{
    double w = 0.0, sum = 0.0;
    double lo = g->y[g->rows[start]], hi = lo;
    for (size_t k = start; k < end; k++) {
        size_t r = g->rows[k];
        double y = g->y[r];
        w += g->weight[r];
        sum += g->weight[r] * y;
        lo = y < lo ? y : lo;
        hi = y > hi ? y : hi;
    }
    double mean = sum / w, ss = 0.0;
    /* Two passes: the one-pass E[y^2] - E[y]^2 cancels badly on large targets. */
    for (size_t k = start; k < end; k++) {
        size_t r = g->rows[k];
        double d = g->y[r] - mean;
        ss += g->weight[r] * d * d;
    }
    *s = (asel_stats){w, mean, ss / w, lo == hi};
}

static int cmp_keyed(const void *a, const void *b)
{
    const asel_keyed *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return x->row < y->row ? -1 : x->row > y->row;
}

/* A threshold t with a <= t < b for neighbouring values a < b: the midpoint,
 * unless rounding puts it on b (adjacent doubles) or it overflows. */
static double threshold_between(double a, double b)
{
    double t = a / 2.0 + b / 2.0;
    return (t >= a && t < b) ? t : a;
}

/* Scan feature f's sorted values for its best split: sklearn's proxy
 * sum_l^2 / w_l + sum_r^2 / w_r, which ranks splits as the decrease in
 * squared error does. Updates *best_proxy / *best when improved. */
static void scan_feature(const asel_grow *g, size_t m, size_t f, double total_w, double total_s,
                         double *best_proxy, asel_split *best)
{
    size_t leaf = g->params->min_samples_leaf;
    double wl = 0.0, sl = 0.0;
    for (size_t i = 0; i + 1 < m; i++) {
        size_t r = g->keys[i].row;
        wl += g->weight[r];
        sl += g->weight[r] * g->y[r];
        if (g->keys[i].v == g->keys[i + 1].v || i + 1 < leaf || m - (i + 1) < leaf)
            continue;
        double wr = total_w - wl, sr = total_s - sl;
        double proxy = sl * sl / wl + sr * sr / wr;
        if (proxy > *best_proxy) {
            *best_proxy = proxy;
            *best = (asel_split){f, threshold_between(g->keys[i].v, g->keys[i + 1].v)};
        }
    }
}

int asel_best_split(asel_grow *g, size_t start, size_t end, asel_split *best)
{
    size_t m = end - start, p = g->p, tried = 0;
    double total_w = 0.0, total_s = 0.0, best_proxy = -INFINITY;
    for (size_t k = start; k < end; k++) {
        size_t r = g->rows[k];
        total_w += g->weight[r];
        total_s += g->weight[r] * g->y[r];
    }
    /* Fisher-Yates drawn lazily: feature i is picked among those not yet tried. */
    for (size_t i = 0; i < p && tried < g->params->max_features; i++) {
        size_t j = i + (size_t)asel_rng_below(g->rng, p - i);
        size_t f = g->features[j];
        g->features[j] = g->features[i];
        g->features[i] = f;
        for (size_t k = 0; k < m; k++) {
            size_t r = g->rows[start + k];
            g->keys[k] = (asel_keyed){g->x[r * p + f], r};
        }
        qsort(g->keys, m, sizeof *g->keys, cmp_keyed);
        if (g->keys[0].v == g->keys[m - 1].v)
            continue; /* constant here: does not count as tried */
        tried++;
        scan_feature(g, m, f, total_w, total_s, &best_proxy, best);
    }
    return best_proxy > -INFINITY;
}

size_t asel_partition(asel_grow *g, size_t start, size_t end, const asel_split *s)
{
    size_t lo = start, hi = end;
    while (lo < hi) {
        size_t r = g->rows[lo];
        if (g->x[r * g->p + s->feature] <= s->threshold) {
            lo++;
        } else {
            g->rows[lo] = g->rows[--hi];
            g->rows[hi] = r;
        }
    }
    return lo;
}
