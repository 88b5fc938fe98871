/* Variation operators of the two-level GA: random candidates, outer
 * crossover and mutation (designs and segment groups), repair, and the
 * inner level over per-layer strategies. Each takes the candidate's own
 * generator, so results never depend on the thread that runs them. */
#ifndef ASEL_MAP_GA_OPS_H
#define ASEL_MAP_GA_OPS_H

#include "core/rng.h"
#include "map/map_impl.h"

/* How good a candidate is: its objective, and how far from feasible it
 * is (asel_map_scratch.excess; 0 when feasible). */
typedef struct asel_ga_score {
    double value, excess;
} asel_ga_score;

/* asel_map_beats() on two scores. */
static inline int asel_ga_beats(asel_ga_score a, asel_ga_score b)
{
    return asel_map_beats(a.value, a.excess, b.value, b.excess);
}

/* Layers that are not network inputs, in topological order. */
typedef struct asel_ga_layers {
    size_t *at;
    size_t n;
} asel_ga_layers;

/* A random group of 1..gmax slots. */
uint64_t asel_ga_random_group(const accelsel_mapping_problem *p, asel_rng *r);

/* A random applicable strategy for layer @p l. */
int8_t asel_ga_random_strategy(const accelsel_mapping_problem *p, size_t l, asel_rng *r);

/* Random designs and a random cut of the layer order into segments. */
void asel_ga_random(const accelsel_mapping_problem *p, const asel_ga_layers *cl,
                    asel_map_genome *g, asel_rng *r);

/* Outer crossover of @p b into @p child (a copy of the first parent):
 * uniform over slot designs, one point over the layer order. */
void asel_ga_crossover(const accelsel_mapping_problem *p, const asel_ga_layers *cl,
                       asel_map_genome *child, const asel_map_genome *b, asel_rng *r);

/* Outer mutation: designs per slot (now and then one slot's design spread
 * to every slot that can take it), and one or two segment operations
 * (regroup a segment, split it, merge it into a neighbour, flip one slot of
 * its group, regroup one layer). */
void asel_ga_mutate(const accelsel_mapping_problem *p, const asel_ga_layers *cl,
                    asel_map_genome *g, asel_rng *r);

/* Every group non-empty and within max_group_size. */
void asel_ga_repair(const accelsel_mapping_problem *p, asel_map_genome *g, asel_rng *r);

/* The indices 0..@p n-1 into @p order, best first (asel_ga_beats()),
 * equal scores in index order (stable; ga.c), by merges in O(n log n): a
 * population of thousands is sorted every generation. @p tmp holds @p n
 * indices. The values must not be NaN (a walk never gives one). */
void asel_ga_sort_order(const asel_ga_score *fit, size_t n, size_t *order, size_t *tmp);

#endif
