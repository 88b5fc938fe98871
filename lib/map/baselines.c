/* The baselines MARS is compared with, in the library so that a caller can
 * run the same comparison: computation-first (H2H's baseline), h2h
 * (computation- then communication-aware, after H2H, DAC 2022), single
 * (the best one slot), data-parallel (every layer batch-split over all
 * slots on one design) and exhaustive (small instances). docs/mapping.md. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "map/baselines.h"

/* A limit left 0 is the INIT's. */
static const accelsel_mapping_solve_options defaults = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;

typedef asel_map_base base;

int asel_map_past(double deadline)
{
    return deadline > 0 && asel_map_now() >= deadline;
}

/* The deadline, then the progress callback: either may stop the loops. */
static void check(base *b)
{
    asel_map_watch *w = b->w;
    if (asel_map_past(w->deadline))
        w->stopped = 1;
    if (!w->stopped && w->progress != NULL &&
        w->progress(0, b->r->value, w->evals_before + b->r->evaluations, w->payload) != 0)
        w->stopped = w->canceled = 1;
}

static asel_map_genome *cand(base *b)
{
    return &b->work.g[0];
}

void asel_map_base_tally(base *b, const asel_map_genome *g, double v, double ex)
{
    b->r->evaluations++;
    if (g != NULL && (asel_map_beats(v, ex, b->r->value, b->r->excess) || b->r->evaluations == 1)) {
        asel_map_genome_copy(b->p, &b->r->best, g);
        b->r->value = v;
        b->r->excess = ex;
    }
    if (b->r->evaluations % ASEL_MAP_CHECK_EVERY == 0)
        check(b);
}

/* Evaluate the working candidate; keep it if it is the best so far (of
 * infeasible ones, the nearest to feasible: asel_map_beats()). Its excess
 * is left in b->sc.excess. */
static double consider(base *b)
{
    double v = asel_map_walk(b->p, cand(b), &b->sc, NULL);
    asel_map_base_tally(b, cand(b), v, b->sc.excess);
    return v;
}

static void all_layers(base *b, uint64_t group, int8_t strat)
{
    for (size_t l = 0; l < b->p->n_layers; l++) {
        cand(b)->group[l] = group;
        cand(b)->strat[l] = strat;
    }
}

static size_t pool(const accelsel_mapping_problem *p, size_t s)
{
    return p->pool_off[s + 1] - p->pool_off[s];
}

static size_t unit(const accelsel_mapping_problem *p, size_t s, size_t k)
{
    return p->pool_unit[p->pool_off[s] + k];
}

static void single(base *b)
{
    const accelsel_mapping_problem *p = b->p;
    memset(cand(b)->design, 0, p->n_slots * sizeof *cand(b)->design);
    for (size_t s = 0; s < p->n_slots; s++) {
        all_layers(b, UINT64_C(1) << s, ACCELSEL_STRATEGY_NONE);
        for (size_t k = 0; k < pool(p, s) && !b->w->stopped; k++) {
            cand(b)->design[s] = (uint32_t)k;
            consider(b);
        }
        cand(b)->design[s] = 0;
    }
}

static void data_parallel(base *b)
{
    const accelsel_mapping_problem *p = b->p;
    uint64_t all = p->gmax == 64 ? ~UINT64_C(0) : (UINT64_C(1) << p->gmax) - 1;
    all_layers(b, all, ACCELSEL_STRATEGY_BATCH);
    for (size_t k = 0; k < pool(p, 0); k++) {
        int ok = 1;
        for (size_t s = 0; s < p->n_slots; s++) {
            size_t j = 0;
            while (j < pool(p, s) && unit(p, s, j) != unit(p, 0, k))
                j++;
            ok &= j < pool(p, s) || s >= p->gmax;
            cand(b)->design[s] = (uint32_t)(j < pool(p, s) ? j : 0);
        }
        if (ok)
            consider(b);
    }
}

/* One-slot time of layer @p l on slot @p s with pool entry @p k. */
static double alone(const accelsel_mapping_problem *p, size_t l, size_t s, size_t k)
{
    return asel_map_cost_at(p, l, unit(p, s, k), p->slot_class[s], ACCELSEL_STRATEGY_NONE, 1)->comp_s;
}

/* Whether layer @p l's activations fit slot @p s alone with pool entry @p k. */
static int fits_alone(const accelsel_mapping_problem *p, size_t l, size_t s, size_t k)
{
    return asel_map_cost_at(p, l, unit(p, s, k), p->slot_class[s], ACCELSEL_STRATEGY_NONE, 1)
               ->act_bytes <= p->slot_mem[s];
}

/* Whether slot @p s (design @p ks) suits layer @p l better than slot @p at
 * (design @p ka): a slot that holds the layer's activations first (on one
 * that does not, the mapping is infeasible however fast), then the faster. */
static int suits(const accelsel_mapping_problem *p, size_t l, size_t s, size_t ks, size_t at,
                 size_t ka)
{
    int fs = fits_alone(p, l, s, ks), fa = fits_alone(p, l, at, ka);
    return fs > fa || (fs == fa && alone(p, l, s, ks) < alone(p, l, at, ka));
}

/* Designs chosen slot by slot, each the one that most lowers the sum over
 * layers of the fastest compute time on the slots chosen so far; then every
 * layer on the slot that computes it fastest among those that hold its
 * activations (lowest slot on ties). */
static void computation_first(base *b)
{
    const accelsel_mapping_problem *p = b->p;
    asel_map_genome *g = cand(b);
    for (size_t s = 0; s < p->n_slots && !b->w->stopped; s++) {
        double best = INFINITY;
        if (asel_map_past(b->w->deadline)) { /* the slots left keep their first design */
            b->w->stopped = 1;
            break;
        }
        for (size_t k = 0; k < pool(p, s); k++) {
            double sum = 0;
            for (size_t l = 0; l < p->n_layers; l++) {
                if (p->is_input[l])
                    continue;
                double t = alone(p, l, s, k);
                for (size_t q = 0; q < s; q++)
                    t = fmin(t, alone(p, l, q, g->design[q]));
                sum += t;
            }
            if (sum < best) {
                best = sum;
                g->design[s] = (uint32_t)k;
            }
        }
    }
    for (size_t l = 0; l < p->n_layers; l++) {
        size_t at = 0;
        for (size_t s = 1; !p->is_input[l] && s < p->n_slots; s++)
            if (suits(p, l, s, g->design[s], at, g->design[at]))
                at = s;
        g->group[l] = UINT64_C(1) << at;
        g->strat[l] = ACCELSEL_STRATEGY_NONE;
    }
    consider(b);
}

static int h2h(base *b)
{
    computation_first(b);
    asel_map_genome_copy(b->p, cand(b), &b->r->best);
    return asel_map_h2h(b);
}

/* Group masks of 1..gmax slots, in increasing order. */
static size_t list_groups(const accelsel_mapping_problem *p, uint64_t *out)
{
    size_t n = 0;
    for (uint64_t m = 1; m < (UINT64_C(1) << p->n_slots); m++)
        if ((unsigned)asel_map_popcount(m) <= p->gmax)
            out[n++] = m;
    return n;
}

/* Candidates exhaustive search would enumerate (a double: it may be huge). */
static double space_size(const accelsel_mapping_problem *p, double groups)
{
    double n = 1;
    for (size_t s = 0; s < p->n_slots; s++)
        n *= (double)pool(p, s);
    for (size_t l = 0; l < p->n_layers; l++) {
        if (p->is_input[l])
            continue;
        int k = 0;
        for (int st = 0; st < ACCELSEL_STRATEGY_COUNT; st++)
            k += p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)st];
        n *= groups * k;
    }
    return n;
}

/* Next strategy of layer @p l that applies, or -1 after the last. */
static int next_strategy(const accelsel_mapping_problem *p, size_t l, int s)
{
    while (++s < ACCELSEL_STRATEGY_COUNT)
        if (p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)s])
            return s;
    return -1;
}

/* Advance the mixed-radix counter (designs, then each layer's group and
 * strategy); 0 after the last candidate. */
static int advance(base *b, const uint64_t *groups, size_t n_groups, size_t *gi)
{
    const accelsel_mapping_problem *p = b->p;
    asel_map_genome *g = cand(b);
    for (size_t s = 0; s < p->n_slots; s++) {
        if (++g->design[s] < pool(p, s))
            return 1;
        g->design[s] = 0;
    }
    for (size_t l = 0; l < p->n_layers; l++) {
        if (p->is_input[l])
            continue;
        int st = next_strategy(p, l, g->strat[l]);
        if (st >= 0) {
            g->strat[l] = (int8_t)st;
            return 1;
        }
        g->strat[l] = ACCELSEL_STRATEGY_NONE;
        if (++gi[l] < n_groups) {
            g->group[l] = groups[gi[l]];
            return 1;
        }
        gi[l] = 0;
        g->group[l] = groups[0];
    }
    return 0;
}

static int exhaustive(base *b, uint64_t limit)
{
    const accelsel_mapping_problem *p = b->p;
    if (p->n_slots > 20)
        return asel_error(ACCELSEL_ERANGE, "exhaustive search of %zu slots is too large (the "
                          "limit is %llu candidates)", p->n_slots, (unsigned long long)limit);
    size_t n_groups = 0;
    for (uint64_t m = 1; m < (UINT64_C(1) << p->n_slots); m++)
        n_groups += (unsigned)asel_map_popcount(m) <= p->gmax;
    double size = space_size(p, (double)n_groups);
    if (size > (double)limit)
        return asel_error(ACCELSEL_ERANGE,
                          "exhaustive search would enumerate %s%.4g candidates; the limit is %llu",
                          isinf(size) ? "more than " : "", isinf(size) ? DBL_MAX : size,
                          (unsigned long long)limit);
    uint64_t *groups = asel_calloc(n_groups, sizeof *groups);
    size_t *gi = asel_calloc(p->n_layers, sizeof *gi);
    if (groups == NULL || gi == NULL) {
        asel_free(groups);
        asel_free(gi);
        return ACCELSEL_ENOMEM;
    }
    list_groups(p, groups);
    memset(cand(b)->design, 0, p->n_slots * sizeof *cand(b)->design);
    all_layers(b, groups[0], ACCELSEL_STRATEGY_NONE);
    do
        consider(b);
    while (!b->w->stopped && advance(b, groups, n_groups, gi));
    asel_free(groups);
    asel_free(gi);
    if (b->w->stopped && !b->w->canceled) /* a part of the space is no optimum */
        return asel_error(ACCELSEL_ERANGE,
                          "exhaustive search ran out of its time budget after %llu of %.4g "
                          "candidates",
                          (unsigned long long)b->r->evaluations, size);
    return 0;
}

static int run(base *b, const char *method, uint64_t exhaustive_limit)
{
    if (strcmp(method, "single") == 0)
        single(b);
    else if (strcmp(method, "data-parallel") == 0)
        data_parallel(b);
    else if (strcmp(method, "computation-first") == 0)
        computation_first(b);
    else if (strcmp(method, "h2h") == 0)
        return h2h(b);
    else
        return exhaustive(b, exhaustive_limit ? exhaustive_limit : defaults.exhaustive_limit);
    return 0;
}

/* Baseline @p method into @p r, stopping early as @p w says. */
static int watched(const accelsel_mapping_problem *p, const char *method, uint64_t limit,
                   asel_map_watch *w, asel_map_result *r)
{
    base b = {p, r, {0}, {0}, w};
    int rc = asel_map_genomes_new(&b.work, p, 1);
    if (rc == 0)
        rc = asel_map_scratch_new(&b.sc, p);
    if (rc == 0)
        rc = run(&b, method, limit);
    if (rc == 0 && r->evaluations == 0)
        rc = asel_error(ACCELSEL_EINFEASIBLE,
                        "%s: no design is in the pool of every slot, so no mapping qualifies",
                        method);
    asel_map_scratch_free(&b.sc);
    asel_map_genomes_free(&b.work);
    return rc;
}

int asel_map_baseline(const accelsel_mapping_problem *p, const char *method,
                      const accelsel_mapping_solve_options *o, asel_map_result *r)
{
    asel_map_watch w = {o->progress, o->payload,
                        o->time_budget_s > 0 ? asel_map_now() + o->time_budget_s : 0, 0, 0, 0};
    int rc = watched(p, method, o->exhaustive_limit, &w, r);
    r->canceled = w.canceled;
    if (rc == 0 && !w.canceled && o->progress &&
        o->progress(0, r->value, r->evaluations, o->payload) != 0)
        r->canceled = 1;
    return rc;
}

int asel_map_heuristic_seeds(const accelsel_mapping_problem *p, asel_map_watch *w,
                             asel_map_genome *out, double *values, double *excess,
                             uint64_t *evaluations)
{
    static const char *const seeds[] = {"computation-first", "h2h"};
    int rc = 0, i = 0;
    for (; rc == 0 && i < 2 && !w->stopped; i++) {
        asel_map_result r;
        memset(&r, 0, sizeof r);
        r.best = out[i];
        r.value = r.excess = INFINITY;
        rc = watched(p, seeds[i], 0, w, &r);
        *evaluations += r.evaluations;
        w->evals_before += r.evaluations;
        values[i] = r.value;
        excess[i] = r.excess;
    }
    if (rc == 0 && i < 2) { /* stopped before h2h */
        asel_map_genome_copy(p, &out[1], &out[0]);
        values[1] = values[0];
        excess[1] = excess[0];
    }
    return rc;
}
