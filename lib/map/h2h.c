/* H2H's second step (after H2H, DAC 2022): from the computation-first
 * mapping, move each layer in topological order to the slot that lowers
 * the objective most (communication and memory included; from an
 * infeasible start, first the memory overflowed), until a pass changes
 * nothing, at most 8 passes. Every layer is tried on every slot in turn,
 * and a try is kept when it beats the mapping kept so far.
 *
 * Walking every try whole made a pass quadratic in the layers. A try
 * changes one layer's slot, so the layers before it in the order run as
 * in the kept mapping: each try starts from the kept mapping's timeline
 * at its layer (the prefix, carried forward one layer at a time) and walks
 * the rest in step with the kept mapping, until the answer is known:
 *  - once the layer's consumers have run, if nothing that the rest reads
 *    (a slot's free time, an end still awaited) differs, the rest runs
 *    alike: a tie, not kept;
 *  - for latency, if nothing the rest reads is earlier than in the kept
 *    mapping and the latency so far is not lower, the try cannot end
 *    sooner: each step takes a maximum of times and adds durations that
 *    do not depend on them, and rounded addition is monotone, so a later
 *    start never gives an earlier end;
 *  - when its latency (for throughput, a slot's busy time) so far already
 *    exceeds the kept value, which later steps only raise; for throughput
 *    also when, its consumers run, a slot's busy time now plus what the
 *    kept mapping adds to it later (the same layers, for times that differ
 *    by rounding alone) exceeds the kept value by more than rounding.
 * A try walked to the end compares as a whole walk does. The arithmetic
 * is the walk's own (asel_map_walk_step()), so the search keeps the same
 * moves, counts the same evaluations and reports the same values as one
 * that walks every try whole, bit for bit. Walked whole are: every try
 * from an infeasible mapping (they compare by excess), and a try that may
 * make a slot start or stop streaming its weights, or whose sum of weights
 * is too close to its memory to call without summing again. Known without
 * a walk: the layer's own slot (the kept mapping itself), and a slot that
 * is interchangeable with one tried before for this layer (the same design
 * and memory, links that swapping the two leaves alike, and no other layer
 * on either): the same value again.
 *
 * A try that is not kept stops after its layer's last consumer on chains
 * and on most networks, so a pass is about linear in the layers. A kept
 * move walks to the end; so do, under throughput on interchangeable slots,
 * the tries that leave the busiest slot's own layers alone: the timeline
 * after the move shifts, every later busy time changes by rounding, and
 * only the whole sum tells whether the try ties, wins or loses by a bit. */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "map/baselines.h"

#define PASSES 8

/* What a try comes to: not kept, kept, or to be walked whole; FAST: the
 * memory pass allows walking only what the try changes. */
enum { NOT_BEATS, BEATS, WHOLE, FAST };

typedef struct h2h {
    asel_map_base *b;
    const accelsel_mapping_problem *p;
    asel_map_genome *g;             /* the kept mapping; a try changes one group */
    asel_map_scratch try_sc, kept_sc; /* the try's timeline and the kept one, in step */
    double cur, cur_excess;         /* the kept mapping's value and excess */
    int plain;                      /* walk every try whole (a group of several slots) */
    int prefix_ok;                  /* the prefix is the kept mapping's up to position at */
    size_t at;
    double *snap;                   /* the prefix: free_at, then busy, per slot */
    double snap_lat, snap_top;      /* its latency so far and largest busy time */
    double *kept_busy, kept_lat;    /* the kept mapping's busy time per slot and latency */
    uint32_t *uses;                 /* per slot: compute layers on it */
    size_t *last;                   /* per slot: 1 + the last position on it; 0 = none */
    size_t *act1;                   /* per slot: the first layer of largest activations */
    double *act2;                   /* per slot: largest activations of the others */
    uint8_t *rep;                   /* per slot: the first slot interchangeable with it */
    int8_t *fdir, *bdir;            /* per slot: try's free and busy time against the kept */
    size_t *last_use;               /* per layer: position of its last consumer (its own) */
    int8_t *edir;                   /* per layer: try's end against the kept, while awaited */
    size_t earlier, later;          /* what the rest reads: earlier, later in the try */
    size_t busy_less, busy_more;    /* slots less and more busy in the try */
    void *block;
} h2h;

static void h2h_free(h2h *h)
{
    asel_map_scratch_free(&h->try_sc);
    asel_map_scratch_free(&h->kept_sc);
    asel_free(h->block);
}

static int h2h_new(h2h *h, asel_map_base *b)
{
    const accelsel_mapping_problem *p = b->p;
    size_t S = p->n_slots, L = p->n_layers;
    memset(h, 0, sizeof *h);
    h->b = b;
    h->p = p;
    h->g = &b->work.g[0];
    h->cur = b->r->value;
    h->cur_excess = b->r->excess;
    char *m = asel_malloc(4 * S * sizeof(double) + (2 * S + L) * sizeof(size_t) +
                          S * sizeof(uint32_t) + 3 * S + L);
    h->block = m;
    if (m == NULL || asel_map_scratch_new(&h->try_sc, p) != 0 ||
        asel_map_scratch_new(&h->kept_sc, p) != 0) {
        h2h_free(h);
        return ACCELSEL_ENOMEM;
    }
    h->snap = (double *)m;
    h->act2 = h->snap + 2 * S;
    h->kept_busy = h->act2 + S;
    h->last = (size_t *)(h->kept_busy + S);
    h->act1 = h->last + S;
    h->last_use = h->act1 + S;
    h->uses = (uint32_t *)(h->last_use + L);
    h->rep = (uint8_t *)(h->uses + S);
    h->fdir = (int8_t *)(h->rep + S);
    h->bdir = h->fdir + S;
    h->edir = h->bdir + S;
    return 0;
}

static unsigned lowest(uint64_t x)
{
    return (unsigned)__builtin_ctzll(x);
}

static int cmp(double a, double b)
{
    return (a > b) - (a < b);
}

/* The cost entry of layer @p l alone on slot @p s (h2h's groups are single slots). */
static const asel_map_cost *cell(const h2h *h, size_t l, unsigned s)
{
    return &h->p->cost[asel_map_cost_index(h->p, l, ACCELSEL_STRATEGY_NONE, 1, h->kept_sc.key[s])];
}

/* Per slot, the first layer with the largest activations and the largest
 * activations of the others, for a try that takes that layer away. */
static void second_largest(h2h *h)
{
    const accelsel_mapping_problem *p = h->p;
    double top[ACCELSEL_MAPPING_MAX_SLOTS] = {0};
    memset(h->act2, 0, p->n_slots * sizeof *h->act2);
    for (size_t s = 0; s < p->n_slots; s++)
        h->act1[s] = p->n_layers; /* none */
    for (size_t l = 0; l < p->n_layers; l++) {
        if (p->is_input[l])
            continue;
        unsigned s = lowest(h->g->group[l]);
        double a = cell(h, l, s)->act_bytes;
        if (a > top[s]) {
            h->act2[s] = top[s];
            top[s] = a;
            h->act1[s] = l;
        } else if (a > h->act2[s]) {
            h->act2[s] = a;
        }
    }
}

/* What the tries need of the kept mapping: each slot's layers (how many,
 * the last position) and its memory pass. A group of several slots (not
 * one that h2h makes) leaves every try to a whole walk. */
static void survey(h2h *h)
{
    const accelsel_mapping_problem *p = h->p;
    size_t S = p->n_slots;
    memset(h->uses, 0, S * sizeof *h->uses);
    memset(h->last, 0, S * sizeof *h->last);
    for (size_t k = 0; k < p->n_layers && !h->plain; k++) {
        size_t l = p->topo[k];
        if (p->is_input[l])
            continue;
        if ((h->plain = asel_map_popcount(h->g->group[l]) != 1) != 0)
            break;
        h->uses[lowest(h->g->group[l])]++;
        h->last[lowest(h->g->group[l])] = k + 1;
    }
    asel_map_walk_memory(p, h->g, &h->kept_sc);
    memcpy(h->try_sc.key, h->kept_sc.key, S * sizeof *h->kept_sc.key);
    memcpy(h->try_sc.stream, h->kept_sc.stream, S);
    if (!p->never_stream && !h->plain)
        second_largest(h);
}

/* Whether swapping slots @p s and @p t leaves every link alike: s's links
 * to and from each slot r are t's to and from r's image. */
static int same_links(const accelsel_mapping_problem *p, unsigned s, unsigned t)
{
    size_t S = p->n_slots;
    for (size_t r = 0; !p->uniform && r < S; r++) {
        size_t x = r == s ? t : r == t ? s : r;
        if (p->link_bw[s * S + r] != p->link_bw[t * S + x] ||
            p->link_lat[s * S + r] != p->link_lat[t * S + x] ||
            p->link_bw[r * S + s] != p->link_bw[x * S + t] ||
            p->link_lat[r * S + s] != p->link_lat[x * S + t])
            return 0;
    }
    return 1;
}

/* rep[s]: the first slot that s may swap with, all else alike (the same
 * unit, memory class and size, host link and links). Swaps that leave
 * the system alike compose, so this is a partition. */
static void classes(h2h *h)
{
    const accelsel_mapping_problem *p = h->p;
    const uint32_t *key = h->kept_sc.key;
    for (unsigned s = 0; s < p->n_slots; s++) {
        h->rep[s] = (uint8_t)s;
        for (unsigned t = 0; t < s; t++)
            if (key[s] == key[t] && p->slot_mem[s] == p->slot_mem[t] &&
                p->host_bw[s] == p->host_bw[t] && p->host_lat[s] == p->host_lat[t] &&
                same_links(p, s, t)) {
                h->rep[s] = h->rep[t];
                break;
            }
    }
}

/* last_use[l]: the position of l's last consumer, or l's own. */
static void consumers(h2h *h)
{
    const accelsel_mapping_problem *p = h->p;
    for (size_t k = 0; k < p->n_layers; k++)
        h->last_use[p->topo[k]] = k;
    for (size_t k = 0; k < p->n_layers; k++) {
        size_t m = p->topo[k];
        for (size_t j = p->in_off[m]; j < p->in_off[m + 1]; j++)
            h->last_use[p->in_idx[j]] = k;
    }
}

/* The walk's value from a finished timeline @p sc of latency @p latency. */
static double final_value(const accelsel_mapping_problem *p, const asel_map_scratch *sc,
                          double latency)
{
    double period = 0;
    for (size_t s = 0; s < p->n_slots; s++) /* as asel_map_walk(): a NaN is kept */
        period = sc->busy[s] <= period ? period : sc->busy[s];
    if (!(period < INFINITY))
        return INFINITY;
    return p->objective == ACCELSEL_OBJECTIVE_LATENCY ? latency : period;
}

/* The kept mapping's busy time per slot and latency, walked whole (for
 * throughput's bound on a try's busy times). */
static void kept_totals(h2h *h)
{
    const accelsel_mapping_problem *p = h->p;
    if (p->objective == ACCELSEL_OBJECTIVE_LATENCY || h->plain || !(h->cur < INFINITY))
        return;
    memset(h->kept_sc.free_at, 0, 2 * p->n_slots * sizeof *h->kept_sc.free_at);
    memset(h->kept_sc.end, 0, p->n_layers * sizeof *h->kept_sc.end);
    h->kept_lat = 0;
    for (size_t k = 0; k < p->n_layers; k++) {
        if (p->is_input[p->topo[k]])
            continue;
        double end = asel_map_walk_step(p, h->g, &h->kept_sc, p->topo[k]);
        h->kept_lat = end > h->kept_lat ? end : h->kept_lat;
    }
    memcpy(h->kept_busy, h->kept_sc.busy, p->n_slots * sizeof *h->kept_busy);
    assert(final_value(p, &h->kept_sc, h->kept_lat) == h->cur);
}

/* The prefix at position 0: every slot free at 0, nothing run. */
static void prefix_reset(h2h *h)
{
    size_t S = h->p->n_slots, L = h->p->n_layers;
    memset(h->snap, 0, 2 * S * sizeof *h->snap);
    memset(h->try_sc.end, 0, L * sizeof *h->try_sc.end);
    memset(h->kept_sc.end, 0, L * sizeof *h->kept_sc.end);
    memset(h->edir, 0, L);
    h->snap_lat = h->snap_top = 0;
    h->at = 0;
}

/* The layer at position h->at, as kept, into the prefix; both timelines
 * hold what the layers after it read of it. */
static void prefix_advance(h2h *h)
{
    const accelsel_mapping_problem *p = h->p;
    size_t S = p->n_slots, l = p->topo[h->at++];
    if (p->is_input[l])
        return;
    memcpy(h->kept_sc.free_at, h->snap, 2 * S * sizeof *h->snap); /* free_at, then busy */
    double end = asel_map_walk_step(p, h->g, &h->kept_sc, l);
    assert(end < INFINITY); /* the prefix is only kept for a feasible mapping */
    memcpy(h->snap, h->kept_sc.free_at, 2 * S * sizeof *h->snap);
    h->snap_lat = end > h->snap_lat ? end : h->snap_lat;
    for (uint64_t m = h->kept_sc.eg[l]; m; m &= m - 1)
        h->snap_top = fmax(h->snap_top, h->kept_sc.busy[lowest(m)]);
    h->try_sc.end[l] = h->kept_sc.end[l];
    h->try_sc.eg[l] = h->kept_sc.eg[l];
    h->try_sc.es[l] = h->kept_sc.es[l];
    h->edir[l] = 0;
}

static void prefix_to(h2h *h, size_t i)
{
    if (!h->prefix_ok)
        prefix_reset(h);
    h->prefix_ok = 1;
    while (h->at < i)
        prefix_advance(h);
}

/* Whether weights of about @p w (a sum that differs from the walk's, in
 * its order, by rounding alone; @p size bounds its terms' sum) and
 * activations @p act overflow memory @p mem: 1, 0, or -1 when rounding
 * could decide. A sum of n terms that are not negative is within
 * (n - 1) x DBL_EPSILON / 2 of its exact value (Higham, Accuracy and
 * Stability of Numerical Algorithms, 4.2); both sums and the steps here
 * stay well inside 4 x (n + 4) x DBL_EPSILON of the figures. */
static int overflows_near(const accelsel_mapping_problem *p, double w, double size, double act,
                          double mem)
{
    double x = w + act, e = 4.0 * ((double)p->n_layers + 4) * DBL_EPSILON * (size + act + mem);
    if (!(x < INFINITY) || !(e < INFINITY))
        return -1;
    return x - e > mem ? 1 : x + e < mem ? 0 : -1;
}

/* Whether slot @p a streams without layer @p l: 1, 0 or -1 (too close). */
static int streams_without(const h2h *h, size_t l, unsigned a)
{
    const accelsel_mapping_problem *p = h->p;
    double w = h->kept_sc.wres[a], wl = cell(h, l, a)->w_bytes;
    if (h->uses[a] == 1) /* nothing left on it: the walk's sums are 0 */
        return 0.0 + 0.0 > p->slot_mem[a];
    double act = h->act1[a] == l ? h->act2[a] : h->kept_sc.act[a];
    return overflows_near(p, w - wl, w + wl, act, p->slot_mem[a]);
}

/* Whether slot @p b streams with layer @p l added: 1, 0 or -1 (too close). */
static int streams_with(const h2h *h, size_t l, unsigned b)
{
    const accelsel_mapping_problem *p = h->p;
    const asel_map_cost *e = cell(h, l, b);
    if (h->uses[b] == 0) { /* its only layer: the walk's sums, exactly */
        double w = 0, act = 0;
        w += e->w_bytes;
        act = e->act_bytes > act ? e->act_bytes : act;
        return w + act > p->slot_mem[b];
    }
    double w = h->kept_sc.wres[b] + e->w_bytes;
    double act = e->act_bytes > h->kept_sc.act[b] ? e->act_bytes : h->kept_sc.act[b];
    return overflows_near(p, w, w, act, p->slot_mem[b]);
}

/* What moving layer @p l from slot @p a to slot @p b does to the memory
 * pass: FAST when no slot starts or stops streaming (the walk before the
 * layer is then the kept one), NOT_BEATS when its activations overflow
 * @p b (infeasible), WHOLE when a slot's streaming changes or is too close
 * to call. */
static int memory_verdict(const h2h *h, size_t l, unsigned a, unsigned b)
{
    const accelsel_mapping_problem *p = h->p;
    if (p->never_stream) /* the walk has no memory pass */
        return FAST;
    if (cell(h, l, b)->act_bytes > p->slot_mem[b])
        return NOT_BEATS;
    return streams_without(h, l, a) == h->kept_sc.stream[a] &&
                   streams_with(h, l, b) == h->kept_sc.stream[b]
               ? FAST
               : WHOLE;
}

static void redirect(int8_t *dir, int d, size_t *less, size_t *more)
{
    *less -= *dir < 0;
    *more -= *dir > 0;
    *dir = (int8_t)d;
    *less += d < 0;
    *more += d > 0;
}

/* Slot @p s after position @p k in both timelines: its free time counts
 * while a later layer runs on it; its busy time for throughput, and into
 * @p top the try's largest busy time. */
static void note_slot(h2h *h, unsigned s, size_t k, double *top)
{
    int f = h->last[s] > k + 1 ? cmp(h->try_sc.free_at[s], h->kept_sc.free_at[s]) : 0;
    redirect(&h->fdir[s], f, &h->earlier, &h->later);
    redirect(&h->bdir[s], cmp(h->try_sc.busy[s], h->kept_sc.busy[s]), &h->busy_less,
             &h->busy_more);
    *top = fmax(*top, h->try_sc.busy[s]);
}

/* Layer @p m at position @p k: the ends it was the last to await no longer
 * count; its own counts while a consumer waits. */
static void note_end(h2h *h, size_t m, size_t k)
{
    const accelsel_mapping_problem *p = h->p;
    for (size_t j = p->in_off[m]; j < p->in_off[m + 1]; j++) {
        size_t q = p->in_idx[j];
        if (h->edir[q] != 0 && h->last_use[q] == k)
            redirect(&h->edir[q], 0, &h->earlier, &h->later);
    }
    h->edir[m] = 0; /* from an earlier try: not in this one's counts */
    int d = h->last_use[m] > k ? cmp(h->try_sc.end[m], h->kept_sc.end[m]) : 0;
    redirect(&h->edir[m], d, &h->earlier, &h->later);
}

/* Position @p k in both timelines, the try with layer @p l on @p grp.
 * 1 when the try is infeasible there (so not kept), else 0. */
static int step_both(h2h *h, size_t k, size_t l, uint64_t grp, double *lat, double *top)
{
    const accelsel_mapping_problem *p = h->p;
    size_t m = p->topo[k];
    uint64_t keep = h->g->group[l];
    h->g->group[l] = grp;
    double et = asel_map_walk_step(p, h->g, &h->try_sc, m);
    h->g->group[l] = keep;
    double ek = asel_map_walk_step(p, h->g, &h->kept_sc, m);
    if (!(et < INFINITY))
        return 1;
    assert(ek < INFINITY); /* the kept mapping is feasible */
    lat[0] = et > lat[0] ? et : lat[0];
    lat[1] = ek > lat[1] ? ek : lat[1];
    for (uint64_t s = h->try_sc.eg[m] | h->kept_sc.eg[m]; s; s &= s - 1)
        note_slot(h, lowest(s), k, top);
    note_end(h, m, k);
    return 0;
}

/* Whether the rest of the walk can no longer make the try beat the kept
 * mapping (the cases in the comment at the top). */
static int settled(const h2h *h, const double *lat, double top, int after_consumers)
{
    if (h->p->objective == ACCELSEL_OBJECTIVE_LATENCY)
        return lat[0] > h->cur || (after_consumers && h->earlier == 0 && !(lat[0] < lat[1]));
    return top > h->cur ||
           (after_consumers && h->earlier == 0 && h->later == 0 && h->busy_less == 0);
}

/* Throughput, once the layer's consumers have run: whether a slot of
 * @p slots ends the try busier than the kept mapping's value. Later layers
 * run on the same slots for the same durations, and each adds to its
 * slot's busy time its end less its start, which differs from the
 * duration by rounding alone: within 5 x DBL_EPSILON / 2 of its end. The
 * kept ends are below the kept latency; the try's below twice the kept
 * latency plus the latest time now (@p lat: by how much two timelines
 * differ now bounds how much they differ later, but for rounding). So the
 * try's final busy time is at least its busy time now plus what the kept
 * mapping adds after now, less a margin for those roundings and for the
 * two sums' own (each within (n - 1) x DBL_EPSILON / 2 of the exact sum of
 * its n terms, Higham 4.2); the margin here is twice that, or more. */
static int busier_than_kept(const h2h *h, uint64_t slots, const double *lat)
{
    const accelsel_mapping_problem *p = h->p;
    double n = 2.0 * (double)p->n_layers + 8, late = lat[0] > lat[1] ? lat[0] : lat[1];
    for (; slots; slots &= slots - 1) {
        unsigned s = lowest(slots);
        double now = h->try_sc.busy[s], kept_now = h->kept_sc.busy[s];
        double margin = 8 * n * DBL_EPSILON *
                        (now + kept_now + h->kept_busy[s] + 3 * h->kept_lat + 2 * late);
        if (now + (h->kept_busy[s] - kept_now) - margin > h->cur)
            return 1;
    }
    return 0;
}

/* The try of layer topo[@p i] on @p grp from the prefix, in step with the
 * kept mapping: NOT_BEATS, or BEATS with its value in @p v. */
static int walk_both(h2h *h, size_t i, uint64_t grp, double *v)
{
    const accelsel_mapping_problem *p = h->p;
    size_t S = p->n_slots, l = p->topo[i];
    double lat[2] = {h->snap_lat, h->snap_lat}, top = h->snap_top;
    memcpy(h->try_sc.free_at, h->snap, 2 * S * sizeof *h->snap);
    memcpy(h->kept_sc.free_at, h->snap, 2 * S * sizeof *h->snap);
    memset(h->fdir, 0, S);
    memset(h->bdir, 0, S);
    h->earlier = h->later = h->busy_less = h->busy_more = 0;
    for (size_t k = i; k < p->n_layers; k++) {
        size_t m = p->topo[k];
        if (p->is_input[m])
            continue;
        if (step_both(h, k, l, grp, lat, &top) != 0 || settled(h, lat, top, k >= h->last_use[l]))
            return NOT_BEATS;
        /* every slot when the consumers are done, then those that change */
        uint64_t slots = k == h->last_use[l] ? asel_map_all_slots(p)
                                             : h->try_sc.eg[m] | h->kept_sc.eg[m];
        if (p->objective != ACCELSEL_OBJECTIVE_LATENCY && k >= h->last_use[l] &&
            busier_than_kept(h, slots, lat))
            return NOT_BEATS;
    }
    *v = final_value(p, &h->try_sc, lat[0]);
    assert(final_value(p, &h->kept_sc, lat[1]) == h->cur);
    return *v < h->cur ? BEATS : NOT_BEATS;
}

/* Layer topo[@p i] on slot @p s instead: BEATS (value and excess into @p v
 * and @p ex) or NOT_BEATS. */
static int try_move(h2h *h, size_t i, unsigned s, double *v, double *ex)
{
    const accelsel_mapping_problem *p = h->p;
    size_t l = p->topo[i];
    uint64_t grp = UINT64_C(1) << s, keep = h->g->group[l];
    if (grp == keep) /* the kept mapping itself */
        return NOT_BEATS;
    int verdict = h->plain || !(h->cur < INFINITY) ? WHOLE : memory_verdict(h, l, lowest(keep), s);
    if (verdict == FAST) {
        prefix_to(h, i);
        *ex = 0;
        return walk_both(h, i, grp, v);
    }
    if (verdict != WHOLE)
        return verdict;
    h->g->group[l] = grp;
    *v = asel_map_walk(p, h->g, &h->b->sc, NULL);
    *ex = h->b->sc.excess;
    h->g->group[l] = keep;
    return asel_map_beats(*v, *ex, h->cur, h->cur_excess) ? BEATS : NOT_BEATS;
}

/* Keep layer @p l on slot @p s. The prefix stays the kept mapping's unless
 * a slot's streaming changed (which a whole walk may have found). */
static void keep_move(h2h *h, size_t l, unsigned s, double v, double ex)
{
    size_t S = h->p->n_slots;
    uint8_t before[ACCELSEL_MAPPING_MAX_SLOTS];
    memcpy(before, h->kept_sc.stream, S);
    h->g->group[l] = UINT64_C(1) << s;
    h->cur = v;
    h->cur_excess = ex;
    asel_map_base_tally(h->b, h->g, v, ex);
    survey(h);
    kept_totals(h);
    if (memcmp(before, h->kept_sc.stream, S) != 0)
        h->prefix_ok = 0;
}

/* Every slot for layer topo[@p i], in order; whether a move was kept. A
 * slot with no other layer, interchangeable with one tried before, gives
 * that one's value: it does not beat what is kept after that one. */
static int scan(h2h *h, size_t i)
{
    const accelsel_mapping_problem *p = h->p;
    size_t l = p->topo[i];
    uint64_t seen = 0;
    int moved = 0;
    for (unsigned s = 0; s < p->n_slots && !h->b->w->stopped; s++) {
        int alone = !h->plain && h->uses[s] == (h->g->group[l] >> s & 1);
        double v = INFINITY, ex = INFINITY;
        int verdict = alone && (seen >> h->rep[s] & 1) ? NOT_BEATS : try_move(h, i, s, &v, &ex);
        seen |= (uint64_t)alone << h->rep[s];
        if (verdict == BEATS) {
            keep_move(h, l, s, v, ex);
            moved = 1;
        } else {
            asel_map_base_tally(h->b, NULL, v, ex);
        }
    }
    return moved;
}

int asel_map_h2h(asel_map_base *b)
{
    const accelsel_mapping_problem *p = b->p;
    h2h h;
    if (h2h_new(&h, b) != 0)
        return ACCELSEL_ENOMEM;
    survey(&h);
    classes(&h);
    consumers(&h);
    kept_totals(&h);
    for (int pass = 0, moved = 1; moved && pass < PASSES && !b->w->stopped; pass++) {
        moved = 0;
        h.prefix_ok = 0;
        for (size_t i = 0; i < p->n_layers && !b->w->stopped; i++) {
            if (!p->is_input[p->topo[i]])
                moved |= scan(&h, i);
            if (h.prefix_ok)
                prefix_advance(&h);
        }
    }
    h2h_free(&h);
    return 0;
}
