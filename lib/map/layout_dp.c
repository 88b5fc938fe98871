/* Layer layout for fixed designs by dynamic programming: see layout_dp.h. */
#include "map/layout_dp.h"

#include <math.h>
#include <string.h>

#include "core/alloc.h"

#define SPLITS (ACCELSEL_STRATEGY_COUNT - 1)

int asel_map_layout_new(asel_map_layout *w, const accelsel_mapping_problem *p)
{
    memset(w, 0, sizeof *w);
    size_t cap = p->n_slots + (size_t)ASEL_LAYOUT_GROUPS * SPLITS;
    size_t runs = p->n_compute ? p->n_compute : 1;
    size_t bytes = cap * (sizeof(uint64_t) + 5 * sizeof(double) + 1) +
                   runs * (cap * sizeof(uint16_t) + sizeof(size_t)) + p->n_layers + 8;
    char *b = asel_malloc(bytes);
    if (b == NULL)
        return ACCELSEL_ENOMEM;
    w->block = b;
    w->cap = cap;
    w->grp = (uint64_t *)b;
    w->own = (double *)(w->grp + cap);
    w->in_frac = w->own + cap;
    w->prev = w->in_frac + cap;
    w->cur = w->prev + cap;
    w->floor = w->cur + cap;
    w->run = (size_t *)(w->floor + cap);
    w->from = (uint16_t *)(w->run + runs);
    w->strat = (int8_t *)(w->from + runs * cap);
    w->in_run = (uint8_t *)(w->strat + cap);
    memset(w->in_run, 0, p->n_layers);
    return 0;
}

void asel_map_layout_free(asel_map_layout *w)
{
    asel_free(w->block);
    memset(w, 0, sizeof *w);
}

static size_t add_group(const accelsel_mapping_problem *p, uint64_t *groups, size_t n, uint64_t m)
{
    unsigned k = asel_map_popcount(m);
    if (n == ASEL_LAYOUT_GROUPS || k < 2 || k > p->gmax)
        return n;
    for (size_t i = 0; i < n; i++)
        if (groups[i] == m)
            return n;
    groups[n] = m;
    return n + 1;
}

/* The states: each allowed slot alone, then each candidate group with
 * each split. */
static size_t states(const accelsel_mapping_problem *p, const size_t *run, size_t n_run,
                     uint64_t slots, asel_map_layout *w, const asel_map_genome *g,
                     const uint32_t *key)
{
    uint64_t groups[ASEL_LAYOUT_GROUPS];
    size_t ng = 0, n = 0;
    for (size_t s = 0; s < p->n_slots; s++) {
        uint64_t same = 0, same_class = 0;
        for (size_t t = 0; t < p->n_slots; t++)
            if (key[t] / p->n_classes == key[s] / p->n_classes) {
                same |= UINT64_C(1) << t;
                if (p->slot_class[t] == p->slot_class[s])
                    same_class |= UINT64_C(1) << t;
            }
        ng = add_group(p, groups, ng, same & slots);
        ng = add_group(p, groups, ng, same_class & slots);
    }
    ng = add_group(p, groups, ng, slots);
    for (size_t k = 0; k < n_run; k++)
        if ((g->group[run[k]] & ~slots) == 0)
            ng = add_group(p, groups, ng, g->group[run[k]]);
    for (size_t s = 0; s < p->n_slots; s++)
        if (slots >> s & 1) {
            w->grp[n] = UINT64_C(1) << s;
            w->strat[n++] = ACCELSEL_STRATEGY_NONE;
        }
    for (size_t i = 0; i < ng; i++)
        for (int st = 1; st < ACCELSEL_STRATEGY_COUNT; st++, n++) {
            w->grp[n] = groups[i];
            w->strat[n] = (int8_t)st;
        }
    return n;
}

/* Layer @p l's own time in each state: computing, its collective, sending
 * a network output back. INFINITY where the strategy does not apply, or
 * where a share's activations overflow its slot's memory (the walk would
 * call the mapping infeasible). */
static void compute_times(const accelsel_mapping_problem *p, const uint32_t *key,
                          const asel_map_timing *tm, size_t l, asel_map_layout *w, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        w->floor[j] = 0;
        if (tm != NULL)
            for (uint64_t m = w->grp[j]; m; m &= m - 1)
                w->floor[j] = fmax(w->floor[j], tm->free_at[__builtin_ctzll(m)]);
        w->in_frac[j] = 1;
        if (!p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)w->strat[j]] ||
            !asel_map_fits(p, key, l, w->grp[j], w->strat[j])) {
            w->own[j] = INFINITY;
            continue;
        }
        double coll;
        w->own[j] = asel_map_layer_time(p, key, NULL, l, w->grp[j], w->strat[j], &coll,
                                        &w->in_frac[j]) + coll;
        if (p->is_output[l]) {
            unsigned sender;
            w->own[j] += asel_map_host_out_time(p, key, l, w->grp[j], w->strat[j], &sender, NULL);
        }
    }
}

/* compute_times(), then in each state the receiving of the inputs that do
 * not come from the run: from the host, or from layers whose placement
 * stays (which also sets when the layer can start, with @p tm). */
static void own_times(const accelsel_mapping_problem *p, const uint32_t *key,
                      const asel_map_genome *g, const asel_map_timing *tm, size_t l,
                      asel_map_layout *w, size_t n)
{
    compute_times(p, key, tm, l, w, n);
    for (size_t k = p->in_off[l]; k < p->in_off[l + 1]; k++) {
        size_t q = p->in_idx[k];
        if (p->is_input[q]) {
            for (size_t j = 0; j < n; j++)
                w->own[j] += asel_map_host_in_time(p, key, q, l, w->grp[j], w->in_frac[j], NULL);
            continue;
        }
        if (w->in_run[q])
            continue;
        uint64_t gq;
        int sq;
        asel_map_effective(p, q, g->group[q], g->strat[q], key, &gq, &sq);
        for (size_t j = 0; j < n; j++) {
            if (tm != NULL)
                w->floor[j] = fmax(w->floor[j], tm->end[q]);
            w->own[j] += asel_map_input_time(p, key, q, gq, sq, l, w->grp[j], w->strat[j],
                                             w->in_frac[j], NULL);
        }
    }
}

static int reads(const accelsel_mapping_problem *p, size_t l, size_t q)
{
    for (size_t k = p->in_off[l]; k < p->in_off[l + 1]; k++)
        if (p->in_idx[k] == q)
            return 1;
    return 0;
}

/* The chain's finish with the layer before in state @p i and layer @p l in
 * state @p j, before @p l's own time: as the walk has it, a layer starts
 * when its inputs are done and its slots free, then receives its inputs. */
static double via(const accelsel_mapping_problem *p, const uint32_t *key, const asel_map_layout *w,
                  size_t q, size_t l, size_t i, size_t j)
{
    return fmax(w->prev[i], w->floor[j]) +
           asel_map_input_time(p, key, q, w->grp[i], w->strat[i], l, w->grp[j], w->strat[j],
                               w->in_frac[j], NULL);
}

/* One step of the recursion: the chain's soonest finish with layer @p l in
 * each state, from the finishes with layer @p q (the one before) in w->prev.
 * The soonest state before and the same state are tried first; then only
 * states whose finish alone is sooner than the best found can do better
 * (a transfer never takes negative time). */
static void step(const accelsel_mapping_problem *p, const uint32_t *key, asel_map_layout *w,
                 size_t n, size_t q, size_t l, uint16_t *from)
{
    int linked = reads(p, l, q);
    size_t any = 0;
    for (size_t i = 1; i < n; i++)
        if (w->prev[i] < w->prev[any])
            any = i;
    for (size_t j = 0; j < n; j++) {
        size_t bi = any;
        double best = fmax(w->prev[any], w->floor[j]);
        if (linked && isfinite(w->own[j])) {
            best = via(p, key, w, q, l, any, j);
            double x = via(p, key, w, q, l, j, j);
            if (x < best)
                best = x, bi = j;
            for (size_t i = 0; i < n; i++)
                if (w->prev[i] < best && (x = via(p, key, w, q, l, i, j)) < best)
                    best = x, bi = i;
        }
        w->cur[j] = best + w->own[j];
        from[j] = (uint16_t)bi;
    }
}

size_t asel_map_layout_run(const accelsel_mapping_problem *p, const size_t *run, size_t n_run,
                           uint64_t slots, const asel_map_timing *tm, asel_map_layout *w,
                           asel_map_genome *g)
{
    uint32_t key[ACCELSEL_MAPPING_MAX_SLOTS];
    if (n_run == 0 || slots == 0)
        return 0;
    asel_map_slot_keys(p, g, key);
    size_t n = states(p, run, n_run, slots, w, g, key);
    for (size_t k = 0; k < n_run; k++)
        w->in_run[run[k]] = 1;
    own_times(p, key, g, tm, run[0], w, n);
    for (size_t j = 0; j < n; j++)
        w->prev[j] = w->floor[j] + w->own[j];
    for (size_t k = 1; k < n_run; k++) {
        own_times(p, key, g, tm, run[k], w, n);
        step(p, key, w, n, run[k - 1], run[k], &w->from[k * w->cap]);
        double *t = w->prev;
        w->prev = w->cur;
        w->cur = t;
    }
    for (size_t k = 0; k < n_run; k++)
        w->in_run[run[k]] = 0;
    size_t j = 0;
    for (size_t i = 1; i < n; i++)
        if (w->prev[i] < w->prev[j])
            j = i;
    if (isfinite(w->prev[j]))
        for (size_t k = n_run; k-- > 0;) {
            g->group[run[k]] = w->grp[j];
            g->strat[run[k]] = w->strat[j];
            if (k > 0)
                j = w->from[k * w->cap + j];
        }
    return n_run * n;
}
