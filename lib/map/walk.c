/* Evaluating a candidate mapping: a walk over the cost tables in
 * topological order, with one timeline per slot (docs/mapping.md). */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "map/map_impl.h"
#include "perf/xfer_model.h"

int asel_map_scratch_new(asel_map_scratch *s, const accelsel_mapping_problem *p)
{
    size_t L = p->n_layers, S = p->n_slots;
    size_t doubles = L + 4 * S;
    size_t bytes = doubles * sizeof(double) + L * sizeof(uint64_t) + S * sizeof(uint32_t) + L + S;
    memset(s, 0, sizeof *s);
    /* Zeroed: a walk that fails in the memory pass writes no timeline, and
     * the local search's fork moves read the scratch's ends and groups after
     * any walk (uninitialised, they made an infeasible GA run depend on the
     * heap). */
    char *b = asel_calloc(1, bytes);
    if (b == NULL)
        return ACCELSEL_ENOMEM;
    s->block = b;
    s->end = (double *)b;
    s->free_at = s->end + L;
    s->busy = s->free_at + S;
    s->wres = s->busy + S;
    s->act = s->wres + S;
    s->eg = (uint64_t *)(s->act + S);
    s->key = (uint32_t *)(s->eg + L);
    s->es = (int8_t *)(s->key + S);
    s->stream = (uint8_t *)(s->es + L);
    return 0;
}

void asel_map_scratch_free(asel_map_scratch *s)
{
    asel_free(s->block);
    s->block = NULL;
}


static unsigned lowest(uint64_t x)
{
    return (unsigned)__builtin_ctzll(x);
}

/* The member of @p group that computes layer @p l fastest on its own
 * (the lowest such slot on ties). */
static uint64_t fastest_member(const accelsel_mapping_problem *p, size_t l, uint64_t group,
                               const uint32_t *key)
{
    uint64_t pick = group & (~group + 1);
    double best = INFINITY;
    for (uint64_t m = group; m; m &= m - 1) {
        unsigned s = (unsigned)__builtin_ctzll(m);
        double t = p->hot[asel_map_cost_index(p, l, ACCELSEL_STRATEGY_NONE, 1, key[s])].comp_s;
        if (t < best) {
            best = t;
            pick = UINT64_C(1) << s;
        }
    }
    return pick;
}

void asel_map_effective(const accelsel_mapping_problem *p, size_t l, uint64_t group, int strat,
                        const uint32_t *key, uint64_t *eff_group, int *eff_strat)
{
    if (strat <= ACCELSEL_STRATEGY_NONE || strat >= ACCELSEL_STRATEGY_COUNT ||
        !p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)strat] || asel_map_popcount(group) <= 1) {
        *eff_strat = ACCELSEL_STRATEGY_NONE;
        *eff_group = fastest_member(p, l, group, key);
    } else {
        *eff_strat = strat;
        *eff_group = group;
    }
}

static size_t unit_at(const accelsel_mapping_problem *p, const asel_map_genome *g, unsigned s)
{
    return p->pool_unit[p->pool_off[s] + g->design[s]];
}

/* The table entry of slot @p s (key from asel_map_slot_keys()) for layer @p l. */
static const asel_map_cost *entry(const accelsel_mapping_problem *p, const asel_map_scratch *sc,
                                  size_t l, unsigned s, int strat, unsigned gsz)
{
    return &p->cost[asel_map_cost_index(p, l, strat, gsz, sc->key[s])];
}

/* The slower direction of the link between slots @p a and @p b, and the
 * larger latency: every member of a collective sends to and receives from
 * the others (a ring of two uses a -> b and b -> a), so a pair linked one
 * way only cannot carry it. */
static double pair_bw(const accelsel_mapping_problem *p, unsigned a, unsigned b, double *lat)
{
    size_t i = a * p->n_slots + b, j = b * p->n_slots + a;
    *lat = p->link_lat[i] > p->link_lat[j] ? p->link_lat[i] : p->link_lat[j];
    return p->link_bw[i] < p->link_bw[j] ? p->link_bw[i] : p->link_bw[j];
}

/* Slowest link and largest latency inside a group, each pair both ways
 * (a system whose links are not all alike: the caller reads a uniform
 * system's one link itself, on the walk's hot path). */
static void group_link(const accelsel_mapping_problem *p, uint64_t grp, double *bw, double *lat)
{
    *bw = INFINITY;
    *lat = 0;
    for (uint64_t a = grp; a; a &= a - 1)
        for (uint64_t b = a & (a - 1); b; b &= b - 1) {
            double l, w = pair_bw(p, lowest(a), lowest(b), &l);
            *bw = w < *bw ? w : *bw;
            *lat = l > *lat ? l : *lat;
        }
}

/* A pair of group @p grp (two slots or more) with its slowest link, as
 * a x n_slots + b with a < b, the first such: for the message. */
static size_t slowest_pair(const accelsel_mapping_problem *p, uint64_t grp)
{
    size_t pair = lowest(grp) * p->n_slots + lowest(grp & (grp - 1));
    double least = INFINITY;
    for (uint64_t a = grp; a; a &= a - 1)
        for (uint64_t b = a & (a - 1); b; b &= b - 1) {
            double l, w = pair_bw(p, lowest(a), lowest(b), &l);
            if (w < least) {
                least = w;
                pair = lowest(a) * p->n_slots + lowest(b);
            }
        }
    return pair;
}

static void fail(asel_map_trace *t, asel_map_fault kind, size_t layer, size_t from, double bytes)
{
    if (t != NULL && t->bad_kind == ASEL_MAP_FAULT_NONE) {
        t->bad_kind = kind;
        t->bad_layer = layer;
        t->bad_from = from;
        t->bad_bytes = bytes;
    }
}

int asel_map_fits(const accelsel_mapping_problem *p, const uint32_t *key, size_t l, uint64_t grp,
                  int strat)
{
    unsigned gsz = asel_map_popcount(grp);
    if (p->acts_fit) /* the usual case, on the GA's hot path: no table reads */
        return 1;
    for (uint64_t m = grp; m; m &= m - 1) {
        unsigned s = lowest(m);
        if (p->cost[asel_map_cost_index(p, l, strat, gsz, key[s])].act_bytes > p->slot_mem[s])
            return 0;
    }
    return 1;
}

/* Pass 1: weights each slot keeps and the largest activations it holds;
 * a slot whose weights do not fit with them streams its weights.
 * Activations that overflow a slot make the mapping infeasible (the first
 * recorded in @p t); the bytes over, summed over every layer and slot, go
 * to sc->excess, so that a search can tell a candidate nearly feasible
 * from one far off. */
static int memory_pass(const accelsel_mapping_problem *p, const asel_map_genome *g,
                       asel_map_scratch *sc, asel_map_trace *t)
{
    size_t S = p->n_slots;
    memset(sc->wres, 0, 2 * S * sizeof(double));
    memset(sc->stream, 0, S);
    sc->excess = 0;
    if (p->never_stream && t == NULL)
        return 0;
    for (size_t l = 0; l < p->n_layers; l++) {
        if (p->is_input[l])
            continue;
        uint64_t eg;
        int es;
        asel_map_effective(p, l, g->group[l], g->strat[l], sc->key, &eg, &es);
        unsigned gsz = asel_map_popcount(eg);
        for (uint64_t m = eg; m; m &= m - 1) {
            unsigned s = lowest(m);
            const asel_map_cost *e = entry(p, sc, l, s, es, gsz);
            sc->wres[s] += e->w_bytes;
            if (e->act_bytes > sc->act[s])
                sc->act[s] = e->act_bytes;
            if (e->act_bytes > p->slot_mem[s]) {
                fail(t, ASEL_MAP_FAULT_MEMORY, l, s, e->act_bytes);
                sc->excess += e->act_bytes - p->slot_mem[s];
            }
        }
    }
    if (sc->excess > 0)
        return -1;
    for (size_t s = 0; s < S; s++)
        sc->stream[s] = sc->wres[s] + sc->act[s] > p->slot_mem[s];
    return 0;
}

double asel_map_host_in_time(const accelsel_mapping_problem *p, const uint32_t *key, size_t q,
                             size_t l, uint64_t grp, double in_frac, asel_map_trace *t)
{
    double bytes = p->out_elems[q] * p->batch * p->unit_bytes[key[lowest(grp)] / p->n_classes] *
                   in_frac,
           worst = 0;
    for (uint64_t m = grp; m; m &= m - 1) {
        unsigned s = lowest(m);
        double x = asel_xfer_time(bytes, 1, p->host_bw[s], p->host_lat[s]);
        worst = x > worst ? x : worst;
    }
    if (isinf(worst))
        fail(t, ASEL_MAP_FAULT_LINK, l, (size_t)-1, bytes);
    return worst;
}

/* Seconds to move @p bytes from the member of @p from nearest to slot @p r
 * (the fastest transfer; the lowest slot on ties), into @p src that member
 * (the lowest when none is linked): every member holds the whole output,
 * so any of them may send it. */
static double from_nearest(const accelsel_mapping_problem *p, uint64_t from, unsigned r,
                           double bytes, size_t *src)
{
    double best = INFINITY;
    *src = lowest(from);
    for (uint64_t m = from; m; m &= m - 1) {
        size_t i = lowest(m) * p->n_slots + r;
        double x = asel_xfer_time(bytes, 1, p->link_bw[i], p->link_lat[i]);
        if (x < best) {
            best = x;
            *src = lowest(m);
        }
    }
    return best;
}

/* Seconds to move @p bytes to slot @p r from members @p from that each own
 * a part (a batch split): every part crosses its owner's link, and the
 * share is priced as one stream at the slowest of them (a slot receives
 * through one port). Into @p src the slowest member (the first without a
 * link). */
static double from_owners(const accelsel_mapping_problem *p, uint64_t from, unsigned r,
                          double bytes, size_t *src)
{
    double worst = 0;
    *src = lowest(from);
    for (uint64_t m = from; m; m &= m - 1) {
        size_t i = lowest(m) * p->n_slots + r;
        double x = asel_xfer_time(bytes, 1, p->link_bw[i], p->link_lat[i]);
        if (x > worst) {
            worst = x;
            *src = lowest(m);
        }
    }
    return worst;
}

double asel_map_input_time(const accelsel_mapping_problem *p, const uint32_t *key, size_t q,
                           uint64_t gq, int sq, size_t l, uint64_t grp, int sl, double in_frac,
                           asel_map_trace *t)
{
    uint64_t recv = grp & ~gq;
    if (sq == ACCELSEL_STRATEGY_BATCH && !(gq == grp && sl == ACCELSEL_STRATEGY_BATCH))
        recv = grp; /* the producer's samples are spread over its group */
    if (recv == 0)
        return 0;
    double bytes = p->out_elems[q] * p->batch * p->unit_bytes[key[lowest(gq)] / p->n_classes] *
                   in_frac;
    if (p->uniform) { /* every receiver waits as long */
        uint64_t outside = recv & ~gq;
        if (outside == 0 && asel_map_popcount(gq) < 2)
            return 0;
        double x = asel_xfer_time(bytes, 1, p->link_bw[1], p->link_lat[1]);
        if (isinf(x)) {
            unsigned r = lowest(outside ? outside : recv);
            fail(t, ASEL_MAP_FAULT_LINK, l, lowest(gq & ~(UINT64_C(1) << r)) * p->n_slots + r,
                 bytes);
        }
        return x;
    }
    double worst = 0;
    for (uint64_t m = recv; m; m &= m - 1) {
        unsigned r = lowest(m);
        uint64_t others = gq & ~(UINT64_C(1) << r);
        size_t from;
        if (others == 0)
            continue;
        double x = sq == ACCELSEL_STRATEGY_BATCH ? from_owners(p, others, r, bytes, &from)
                                                 : from_nearest(p, others, r, bytes, &from);
        if (isinf(x))
            fail(t, ASEL_MAP_FAULT_LINK, l, from * p->n_slots + r, bytes);
        worst = x > worst ? x : worst;
    }
    return worst;
}

/* Seconds for layer @p l to receive its inputs (from the host and from
 * other groups); @p host gets the host part. Infinite when an input needs
 * a missing link (the first recorded in @p t). */
static double receive(const accelsel_mapping_problem *p, const asel_map_scratch *sc, size_t l,
                      double in_frac, double *host, asel_map_trace *t)
{
    double between = 0;
    *host = 0;
    for (size_t k = p->in_off[l]; k < p->in_off[l + 1]; k++) {
        size_t q = p->in_idx[k];
        if (p->is_input[q])
            *host += asel_map_host_in_time(p, sc->key, q, l, sc->eg[l], in_frac, t);
        else
            between += asel_map_input_time(p, sc->key, q, sc->eg[q], sc->es[q], l, sc->eg[l],
                                           sc->es[l], in_frac, t);
    }
    return between;
}

double asel_map_host_out_time(const accelsel_mapping_problem *p, const uint32_t *key, size_t l,
                              uint64_t grp, int strat, unsigned *sender, asel_map_trace *t)
{
    double bytes = p->out_elems[l] * p->batch * p->unit_bytes[key[lowest(grp)] / p->n_classes];
    double best = INFINITY;
    *sender = lowest(grp);
    /* After a batch split the lowest slot sends it all; otherwise every
     * member holds the whole output and the fastest sends it. */
    uint64_t from = strat == ACCELSEL_STRATEGY_BATCH ? grp & (~grp + 1) : grp;
    for (uint64_t m = from; m; m &= m - 1) {
        unsigned s = lowest(m);
        double x = asel_xfer_time(bytes, 1, p->host_bw[s], p->host_lat[s]);
        if (x < best) {
            best = x;
            *sender = s;
        }
    }
    if (isinf(best))
        fail(t, ASEL_MAP_FAULT_LINK, l, (size_t)-1, bytes);
    return best;
}

double asel_map_layer_time(const accelsel_mapping_problem *p, const uint32_t *key,
                           const uint8_t *stream, size_t l, uint64_t grp, int strat,
                           double *coll, double *in_frac)
{
    unsigned gsz = asel_map_popcount(grp);
    size_t base = asel_map_cost_index(p, l, strat, gsz, 0);
    const asel_map_plan *plan = &p->plan[base / (p->n_units * p->n_classes)];
    double comp = 0, cb = 0;
    for (uint64_t m = grp; m; m &= m - 1) {
        unsigned s = lowest(m);
        const asel_map_hot *h = &p->hot[base + key[s]];
        double c = h->comp_s;
        if (stream != NULL && stream[s])
            c += p->host_bw[s] > 0 ? p->cost[base + key[s]].w_bytes / p->host_bw[s] : INFINITY;
        comp = c > comp ? c : comp;
        cb = h->coll_bytes > cb ? h->coll_bytes : cb;
    }
    *in_frac = plan->in_frac;
    *coll = 0;
    if (gsz > 1) {
        double bw = p->link_bw[1], lat = p->link_lat[1];
        if (!p->uniform)
            group_link(p, grp, &bw, &lat);
        *coll = asel_xfer_time(cb, plan->coll_steps, bw, lat);
    }
    return comp;
}

static void record(asel_map_trace *t, size_t l, const asel_map_scratch *sc, double start,
                   double end, double comp, double in, double host, double coll)
{
    unsigned gsz = asel_map_popcount(sc->eg[l]);
    t->start[l] = start;
    t->end[l] = end;
    t->comp[l] = comp;
    t->comm_in[l] = in + host;
    t->coll[l] = coll;
    t->eff_group[l] = sc->eg[l];
    t->eff_strat[l] = sc->es[l];
    t->br.compute_s += gsz * comp;
    t->br.comm_between_s += gsz * in;
    t->br.comm_host_s += gsz * host;
    t->br.comm_within_s += gsz * coll;
}

/* Why layer @p l has no finite end on its group (@p comp its compute
 * time, @p coll its collective's): a member streams its weights with no
 * host link, or over one so slow that it takes no finite time; a member
 * computes for no finite time (a figure such as a tiny memory bandwidth);
 * two members are not linked both ways for its collective; or, its parts
 * finite, their sum is not (the layer and its first slot). A missing link
 * for an input was recorded where the input is received; fail() keeps the
 * first reason. */
static void layer_fail(const accelsel_mapping_problem *p, const asel_map_scratch *sc, size_t l,
                       double comp, double coll, asel_map_trace *t)
{
    uint64_t grp = sc->eg[l];
    unsigned gsz = asel_map_popcount(grp);
    for (uint64_t m = grp; !(comp < INFINITY) && m; m &= m - 1) {
        unsigned s = lowest(m);
        size_t i = asel_map_cost_index(p, l, sc->es[l], gsz, sc->key[s]);
        double w = p->cost[i].w_bytes;
        if (!(p->hot[i].comp_s < INFINITY)) {
            fail(t, ASEL_MAP_FAULT_COMPUTE, l, s, 0);
            return;
        }
        if (sc->stream[s] && !(p->host_bw[s] > 0)) {
            fail(t, ASEL_MAP_FAULT_LINK, l, (size_t)-1, w);
            return;
        }
        if (sc->stream[s] && !(p->hot[i].comp_s + w / p->host_bw[s] < INFINITY)) {
            fail(t, ASEL_MAP_FAULT_STREAM, l, s, w);
            return;
        }
    }
    if (!(coll < INFINITY) && gsz > 1) {
        fail(t, ASEL_MAP_FAULT_COLLECTIVE, l, slowest_pair(p, grp), 0);
        return;
    }
    fail(t, ASEL_MAP_FAULT_OVERFLOW, l, lowest(grp), 0);
}

/* When layer @p l may start: its inputs done and every slot of its group free. */
static double ready_time(const accelsel_mapping_problem *p, const asel_map_scratch *sc, size_t l)
{
    double ready = 0;
    for (size_t k = p->in_off[l]; k < p->in_off[l + 1]; k++)
        ready = sc->end[p->in_idx[k]] > ready ? sc->end[p->in_idx[k]] : ready;
    for (uint64_t m = sc->eg[l]; m; m &= m - 1)
        ready = sc->free_at[lowest(m)] > ready ? sc->free_at[lowest(m)] : ready;
    return ready;
}

/* Layer @p l on the timeline: when it is done (its network output back at
 * the host included), or INFINITY when it needs a link that does not
 * exist (recorded in @p t). Every part of its time is finite or +inf and
 * the start is finite, so one look at the end tells; an infinite end is
 * never stored in the timeline nor subtracted (inf - inf is NaN). */
static double run_layer(const accelsel_mapping_problem *p, const asel_map_genome *g,
                        asel_map_scratch *sc, size_t l, asel_map_trace *t)
{
    int es;
    uint64_t grp;
    asel_map_effective(p, l, g->group[l], g->strat[l], sc->key, &grp, &es);
    sc->eg[l] = grp;
    sc->es[l] = (int8_t)es;
    double coll, frac = 1, host;
    double comp = asel_map_layer_time(p, sc->key, sc->stream, l, grp, es, &coll, &frac);
    double in = receive(p, sc, l, frac, &host, t);
    double ready = ready_time(p, sc, l);
    double end = ready + host + in + comp + coll;
    if (!(end < INFINITY)) {
        layer_fail(p, sc, l, comp, coll, t);
        return INFINITY;
    }
    for (uint64_t m = grp; m; m &= m - 1) {
        sc->free_at[lowest(m)] = end;
        sc->busy[lowest(m)] += end - ready;
    }
    sc->end[l] = end;
    if (t != NULL)
        record(t, l, sc, ready, end, comp, in, host, coll);
    if (p->is_output[l]) { /* the result goes back to the host */
        unsigned s;
        double x = asel_map_host_out_time(p, sc->key, l, grp, es, &s, t);
        if (!(x < INFINITY))
            return INFINITY;
        sc->free_at[s] += x;
        sc->busy[s] += x;
        if (t != NULL)
            t->br.comm_host_s += x;
        end += x;
    }
    return end;
}

double asel_map_walk_step(const accelsel_mapping_problem *p, const asel_map_genome *g,
                          asel_map_scratch *sc, size_t l)
{
    return run_layer(p, g, sc, l, NULL);
}

int asel_map_walk_memory(const accelsel_mapping_problem *p, const asel_map_genome *g,
                         asel_map_scratch *sc)
{
    asel_map_slot_keys(p, g, sc->key);
    return memory_pass(p, g, sc, NULL);
}

/* Pass 2: the timeline. Returns the latency, or INFINITY at the first
 * layer that needs a missing link: the walk stops there, and the scratch
 * holds no times for the layers after it. */
static double schedule(const accelsel_mapping_problem *p, const asel_map_genome *g,
                       asel_map_scratch *sc, asel_map_trace *t)
{
    double latency = 0;
    memset(sc->free_at, 0, 2 * p->n_slots * sizeof(double));
    memset(sc->end, 0, p->n_layers * sizeof(double));
    for (size_t i = 0; i < p->n_layers; i++) {
        size_t l = p->topo[i];
        if (p->is_input[l])
            continue;
        double end = run_layer(p, g, sc, l, t);
        if (!(end < INFINITY)) {
            /* why is recorded; if not, the output's way home overflowed the sum */
            fail(t, ASEL_MAP_FAULT_OVERFLOW, l, lowest(sc->eg[l]), 0);
            return INFINITY;
        }
        latency = end > latency ? end : latency;
    }
    return latency;
}

static void finish_trace(const accelsel_mapping_problem *p, const asel_map_scratch *sc,
                         asel_map_trace *t, double latency, double period)
{
    uint64_t used = 0;
    double busy = 0;
    for (size_t l = 0; l < p->n_layers; l++)
        if (!p->is_input[l])
            used |= sc->eg[l];
    for (size_t s = 0; s < p->n_slots; s++) {
        busy += sc->busy[s];
        t->memory[s] = (used >> s & 1) ? (sc->stream[s] ? 0 : sc->wres[s]) + sc->act[s] : 0;
    }
    t->br.version = ACCELSEL_MAPPING_BREAKDOWN_VERSION;
    t->br.latency_s = latency;
    t->br.period_s = period;
    t->br.objective_s = p->objective == ACCELSEL_OBJECTIVE_LATENCY ? latency : period;
    t->br.used_slots = asel_map_popcount(used);
    t->br.communication_s = t->br.comm_between_s + t->br.comm_within_s + t->br.comm_host_s;
    t->br.idle_s = t->br.used_slots * latency - busy;
    if (t->br.idle_s < 0) /* rounding of the sums */
        t->br.idle_s = 0;
}

double asel_map_walk(const accelsel_mapping_problem *p, const asel_map_genome *g,
                     asel_map_scratch *sc, asel_map_trace *t)
{
    asel_map_slot_keys(p, g, sc->key);
    if (memory_pass(p, g, sc, t) != 0)
        return INFINITY;
    double latency = schedule(p, g, sc, t), period = 0;
    sc->excess = INFINITY; /* no measure of how far a missing link is from feasible */
    if (!(latency < INFINITY)) /* infeasible under either objective */
        return INFINITY;
    for (size_t s = 0; s < p->n_slots; s++) /* written so that a NaN is kept, not skipped */
        period = sc->busy[s] <= period ? period : sc->busy[s];
    if (!(period < INFINITY))
        return INFINITY;
    sc->excess = 0;
    if (t != NULL)
        finish_trace(p, sc, t, latency, period);
    return p->objective == ACCELSEL_OBJECTIVE_LATENCY ? latency : period;
}

/* The strategy of layer @p l that takes least time (compute and collective)
 * on its group among those whose shares fit the memory of their slots: a
 * share that overflows makes the whole mapping infeasible, however fast.
 * Among all strategies when none fits. */
static int8_t greedy_strategy(const accelsel_mapping_problem *p, const asel_map_genome *g,
                              const uint32_t *key, size_t l)
{
    double best = INFINITY;
    int8_t pick = 0;
    int best_fits = -1;
    for (int s = 0; s < ACCELSEL_STRATEGY_COUNT; s++) {
        uint64_t eg;
        int es;
        double coll, frac;
        if (!p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)s])
            continue;
        asel_map_effective(p, l, g->group[l], s, key, &eg, &es);
        double t = asel_map_layer_time(p, key, NULL, l, eg, es, &coll, &frac) + coll;
        int fits = asel_map_fits(p, key, l, eg, es);
        if (fits > best_fits || (fits == best_fits && t < best)) {
            best = t;
            best_fits = fits;
            pick = (int8_t)s;
        }
    }
    return pick;
}

void asel_map_slot_keys(const accelsel_mapping_problem *p, const asel_map_genome *g,
                        uint32_t *key)
{
    for (size_t s = 0; s < p->n_slots; s++)
        key[s] = (uint32_t)(unit_at(p, g, (unsigned)s) * p->n_classes + p->slot_class[s]);
}

void asel_map_greedy_strategies(const accelsel_mapping_problem *p, const asel_map_genome *g)
{
    uint32_t key[ACCELSEL_MAPPING_MAX_SLOTS];
    asel_map_slot_keys(p, g, key);
    for (size_t l = 0; l < p->n_layers; l++)
        if (!p->is_input[l])
            g->strat[l] = greedy_strategy(p, g, key, l);
}
