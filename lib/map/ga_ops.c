/* Variation operators of the two-level GA: see ga_ops.h. */
#include "map/ga_ops.h"

/* MAGMA's per-gene mutation rate (HPCA 2022). */
#define GENE_MUTATION 0.05
/* Share of mutations that spread one slot's design (spread_design()). */
#define SPREAD_DESIGN 0.1

uint64_t asel_ga_random_group(const accelsel_mapping_problem *p, asel_rng *r)
{
    size_t k = 1 + (size_t)asel_rng_below(r, p->gmax);
    uint64_t g = 0;
    while ((size_t)asel_map_popcount(g) < k)
        g |= UINT64_C(1) << asel_rng_below(r, p->n_slots);
    return g;
}

int8_t asel_ga_random_strategy(const accelsel_mapping_problem *p, size_t l, asel_rng *r)
{
    int8_t ok[ACCELSEL_STRATEGY_COUNT];
    int n = 0;
    for (int s = 0; s < ACCELSEL_STRATEGY_COUNT; s++)
        if (p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)s])
            ok[n++] = (int8_t)s;
    return ok[asel_rng_below(r, (uint64_t)n)];
}

static uint32_t random_design(const accelsel_mapping_problem *p, size_t s, asel_rng *r)
{
    return (uint32_t)asel_rng_below(r, p->pool_off[s + 1] - p->pool_off[s]);
}

void asel_ga_random(const accelsel_mapping_problem *p, const asel_ga_layers *cl,
                    asel_map_genome *g, asel_rng *r)
{
    for (size_t s = 0; s < p->n_slots; s++)
        g->design[s] = random_design(p, s, r);
    for (size_t l = 0; l < p->n_layers; l++) {
        g->group[l] = 1;
        g->strat[l] = 0;
    }
    size_t most = 2 * p->n_slots < cl->n ? 2 * p->n_slots : cl->n;
    size_t segments = 1 + (size_t)asel_rng_below(r, most);
    uint64_t grp = asel_ga_random_group(p, r);
    for (size_t k = 0; k < cl->n; k++) {
        if (k > 0 && asel_rng_below(r, cl->n) < segments - 1)
            grp = asel_ga_random_group(p, r);
        g->group[cl->at[k]] = grp;
        g->strat[cl->at[k]] = asel_ga_random_strategy(p, cl->at[k], r);
    }
}

void asel_ga_crossover(const accelsel_mapping_problem *p, const asel_ga_layers *cl,
                       asel_map_genome *child, const asel_map_genome *b, asel_rng *r)
{
    for (size_t s = 0; s < p->n_slots; s++)
        if (asel_rng_below(r, 2))
            child->design[s] = b->design[s];
    for (size_t k = (size_t)asel_rng_below(r, cl->n); k < cl->n; k++) {
        child->group[cl->at[k]] = b->group[cl->at[k]];
        child->strat[cl->at[k]] = b->strat[cl->at[k]];
    }
}

/* The segment around position @p k: the run of equal groups. */
static void run_around(const asel_ga_layers *cl, const asel_map_genome *g, size_t k, size_t *a,
                       size_t *b)
{
    uint64_t grp = g->group[cl->at[k]];
    *a = *b = k;
    while (*a > 0 && g->group[cl->at[*a - 1]] == grp)
        (*a)--;
    while (*b + 1 < cl->n && g->group[cl->at[*b + 1]] == grp)
        (*b)++;
}

static void set_run(const asel_ga_layers *cl, asel_map_genome *g, size_t a, size_t b, uint64_t grp)
{
    for (size_t k = a; k <= b; k++)
        g->group[cl->at[k]] = grp;
}

static void segment_op(const accelsel_mapping_problem *p, const asel_ga_layers *cl,
                       asel_map_genome *g, asel_rng *r)
{
    size_t k = (size_t)asel_rng_below(r, cl->n), a, b;
    run_around(cl, g, k, &a, &b);
    uint64_t grp = g->group[cl->at[k]];
    switch (asel_rng_below(r, 5)) {
    case 0: /* regroup the segment */
        set_run(cl, g, a, b, asel_ga_random_group(p, r));
        break;
    case 1: /* split it: the tail takes a new group */
        set_run(cl, g, a + (size_t)asel_rng_below(r, b - a + 1), b, asel_ga_random_group(p, r));
        break;
    case 2: /* merge it into a neighbour */
        if (a > 0 && (b + 1 >= cl->n || asel_rng_below(r, 2)))
            set_run(cl, g, a, b, g->group[cl->at[a - 1]]);
        else if (b + 1 < cl->n)
            set_run(cl, g, a, b, g->group[cl->at[b + 1]]);
        break;
    case 3: /* one slot more or less in its group */
        grp ^= UINT64_C(1) << asel_rng_below(r, p->n_slots);
        if (grp != 0)
            set_run(cl, g, a, b, grp);
        break;
    default: /* one layer alone */
        g->group[cl->at[k]] = asel_ga_random_group(p, r);
        break;
    }
}

/* One slot's design copied to every slot whose pool offers it. A layer split
 * over a group runs at the pace of its slowest member, so changing one slot
 * of a group seldom pays off alone: without this move a population settled
 * on one design for most slots stayed there when another was better for all. */
static void spread_design(const accelsel_mapping_problem *p, asel_map_genome *g, asel_rng *r)
{
    size_t s = (size_t)asel_rng_below(r, p->n_slots);
    uint32_t unit = p->pool_unit[p->pool_off[s] + g->design[s]];
    for (size_t t = 0; t < p->n_slots; t++)
        for (size_t j = p->pool_off[t]; j < p->pool_off[t + 1]; j++)
            if (p->pool_unit[j] == unit)
                g->design[t] = (uint32_t)(j - p->pool_off[t]);
}

void asel_ga_mutate(const accelsel_mapping_problem *p, const asel_ga_layers *cl,
                    asel_map_genome *g, asel_rng *r)
{
    if (asel_rng_uniform(r) < SPREAD_DESIGN)
        spread_design(p, g, r);
    double rate = 1.0 / (double)p->n_slots > GENE_MUTATION ? 1.0 / (double)p->n_slots : GENE_MUTATION;
    for (size_t s = 0; s < p->n_slots; s++)
        if (asel_rng_uniform(r) < rate)
            g->design[s] = random_design(p, s, r);
    segment_op(p, cl, g, r);
    if (asel_rng_uniform(r) < 0.3)
        segment_op(p, cl, g, r);
}

void asel_ga_repair(const accelsel_mapping_problem *p, asel_map_genome *g, asel_rng *r)
{
    for (size_t l = 0; l < p->n_layers; l++) {
        if (p->is_input[l])
            continue;
        uint64_t grp = g->group[l];
        if (grp == 0)
            grp = asel_ga_random_group(p, r);
        while ((unsigned)asel_map_popcount(grp) > p->gmax)
            grp &= ~(UINT64_C(1) << asel_rng_below(r, p->n_slots));
        g->group[l] = grp;
    }
}
