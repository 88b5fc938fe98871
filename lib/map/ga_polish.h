/* The local search that ends the GA: moves tried in a fixed order on the
 * best candidates, each kept when it shortens the objective, pass after
 * pass until one keeps none. The GA stops in mappings that one coordinated
 * change would improve (every layer laid out anew for another design of
 * one slot, sibling branches on other slots, a segment's group); the
 * population seldom draws such a change, a pass tries each of them:
 *   - layouts: every layer's group and strategy laid out anew for the
 *     designs as they are and for each other design of each slot
 *     (layout_dp.h);
 *   - forks (ga_polish_forks.c): each branch laid out anew on its slots;
 *     the branches on disjoint slot sets (the best cut of the slots in
 *     index order, then slots handed over or exchanged), the branch that
 *     ends last spread over the slots the others are done with; slots
 *     traded between two branches; each branch spread;
 *   - segments: one slot more or less, or a neighbour's group;
 *   - strategies: every other strategy of each layer. */
#ifndef ASEL_MAP_GA_POLISH_H
#define ASEL_MAP_GA_POLISH_H

#include "map/ga_branches.h"
#include "map/ga_ops.h"
#include "map/layout_dp.h"

/* What the polish works with, owned by the caller. */
typedef struct asel_ga_polish_tools {
    asel_map_genome *trial;      /* a genome to try moves in */
    asel_map_scratch *scratch;   /* one walk's */
    asel_map_layout *layout;     /* layout_dp.h */
    const asel_ga_forks *forks;  /* ga_branches.h */
} asel_ga_polish_tools;

/* When a local search stops at the latest. */
typedef struct asel_ga_polish_limits {
    double deadline; /* asel_map_now() after which no move is tried; 0 none */
    uint64_t work;   /* work (walks, and layouts as the walks they cost) after
                        which no move is tried */
} asel_ga_polish_limits;

/* A local search under way on one candidate. */
typedef struct asel_ga_polish {
    const accelsel_mapping_problem *p;
    const asel_ga_layers *cl;
    asel_map_genome *best, *trial;
    double *value;
    asel_map_scratch *sc;
    asel_map_layout *lay;
    const asel_ga_forks *forks;
    uint64_t *evals;
    asel_ga_polish_limits limits;
    uint64_t work;
    int kept, out_of_time;
} asel_ga_polish;

/* Start improving @p best (objective *@p value) in place; each walk will
 * count in *@p evaluations; @p limits bound the work. */
void asel_ga_polish_start(asel_ga_polish *s, const accelsel_mapping_problem *p,
                          const asel_ga_layers *cl, asel_map_genome *best, double *value,
                          const asel_ga_polish_tools *tools, uint64_t *evaluations,
                          const asel_ga_polish_limits *limits);

/* A move is kept only when it gains more than rounding. */
#define ASEL_GA_POLISH_GAIN 1e-12

/* Walk the trial, counted. */
double asel_ga_polish_walk(asel_ga_polish *s);

/* asel_map_layout_run() on the trial, counted. */
void asel_ga_polish_lay(asel_ga_polish *s, const size_t *run, size_t n_run, uint64_t slots,
                        const asel_map_timing *tm);

/* Walk the trial: keep it when it beats the best, else put the best back. */
void asel_ga_polish_judge(asel_ga_polish *s);

/* Whether a limit has been reached. */
int asel_ga_polish_stop(asel_ga_polish *s);

/* The moves at forks (ga_polish_forks.c). */
void asel_ga_polish_forks(asel_ga_polish *s);

/* One pass over every move, each kept when it shortens the objective.
 * Returns 1 while another pass may keep more: this one kept a move and
 * no limit has been reached. Deterministic: the moves are tried in a
 * fixed order. */
int asel_ga_polish_pass(asel_ga_polish *s);

#endif
