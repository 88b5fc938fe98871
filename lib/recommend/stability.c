/* The sensitivity of a buying decision to prices: each draw moves every
 * device's purchase price and cloud rate by its own factor in
 * [1 - X, 1 + X), recommends again under the same constraints (which the
 * prices may now break) and counts whether the first choice stays. Draw s
 * uses stream (seed, s): the same seed gives the same answer. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/rng.h"
#include "recommend/result_impl.h"

typedef struct draw {
    double *buy_f, *rent_f;             /* per catalog device */
    size_t *rows;                       /* feasible rows of this draw */
    double *time, *cost, *energy, *cap; /* their criteria */
} draw;

static void factors(const asel_rec *w, draw *d, uint64_t s, size_t n_dev)
{
    asel_rng g;
    asel_rng_stream(&g, w->o.seed, s);
    double x = w->o.price_perturbation;
    for (size_t k = 0; k < n_dev; k++) {
        d->buy_f[k] = 1 + x * (2 * asel_rng_uniform(&g) - 1);
        d->rent_f[k] = 1 + x * (2 * asel_rng_uniform(&g) - 1);
    }
}

/* The first choice under draw @p d: 1 when it is @p top, 0 when another,
 * or an error. */
static int same_top(const asel_rec *w, draw *d, size_t top)
{
    size_t m = 0;
    for (size_t i = 0; i < w->n_real; i++) {
        int64_t dev = w->c[i].device;
        asel_rec_way e;
        asel_rec_choose(w, i, dev >= 0 ? d->buy_f[dev] : 1, dev >= 0 ? d->rent_f[dev] : 1, &e);
        if (e.n_broken > 0)
            continue;
        d->rows[m] = i, d->time[m] = w->mean_min[i], d->cost[m] = e.per_run;
        d->energy[m] = w->energy[i], d->cap[m++] = e.capital;
    }
    if (m == 0)
        return 0;
    size_t first;
    int rc = asel_rec_top(w, d->rows, m, d->time, d->cost, d->energy, d->cap, &first);
    return rc != 0 ? rc : first == top;
}

int asel_rec_stability(accelsel_recommendation *r, const asel_rec *w)
{
    r->price_stability = NAN;
    if (w->o.price_samples == 0 || r->n_feasible == 0)
        return 0;
    size_t n_dev = accelsel_catalog_device_count(w->cat), n = w->n_real;
    draw d = {0};
    double *block = asel_calloc(2 * (n_dev ? n_dev : 1) + 4 * n, sizeof *block);
    if (block == NULL || asel_alloc_array(&d.rows, n, sizeof *d.rows) != 0) {
        asel_free(block);
        return asel_enomem();
    }
    d.buy_f = block, d.rent_f = block + (n_dev ? n_dev : 1);
    d.time = d.rent_f + (n_dev ? n_dev : 1), d.cost = d.time + n, d.energy = d.cost + n;
    d.cap = d.energy + n;
    size_t kept = 0;
    int rc = 0;
    for (uint32_t s = 0; rc >= 0 && s < w->o.price_samples; s++) {
        factors(w, &d, s, n_dev);
        rc = same_top(w, &d, r->order[0]);
        kept += rc == 1;
    }
    asel_free(d.rows);
    asel_free(block);
    if (rc < 0)
        return rc;
    r->price_stability = (double)kept / w->o.price_samples;
    return 0;
}
