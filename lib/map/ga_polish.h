/* The local search that ends the GA: moves tried in a fixed order on the
 * best candidates, each kept when it shortens the objective, pass after
 * pass until one keeps none, pausing after any move when asked
 * (asel_ga_polish_run()). The GA stops in mappings that one coordinated
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

/* Where a pass is: the kind of move it tries, and where in its loops, so
 * that the search can pause after any move and go on from there
 * (asel_ga_polish_run()). All zero: between passes. */
typedef struct asel_ga_polish_at {
    int phase;          /* layouts, designs, forks, segments, strategies (ga_polish.c) */
    int stage;          /* forks: the move at fork i (ga_polish_forks.c) */
    int open;           /* the inner loop below is set up */
    size_t i, j, k;     /* loop positions */
    uint64_t m, n, rest; /* slot sets still to walk */
    uint64_t grp;       /* segments: the run's group */
} asel_ga_polish_at;

/* A fork's partition under way (ga_polish_forks.c): the cut of the slots
 * being tried, the best partition so far and the exchange round's place. */
typedef struct asel_ga_polish_cut {
    size_t cut[64];      /* cut positions, one fewer than children */
    uint64_t part[64];   /* the best partition, a slot set per child */
    double value;        /* its walk's value */
    int on;              /* the fork qualifies and a finite partition was found */
    int better;          /* the exchange round under way kept a change */
    int stage;           /* exchange: at a hand-over, or at the exchanges of its slot */
    int a, b;            /* exchange: from child a to child b */
    uint64_t m, n;       /* exchange: slots of a, of b still to try */
} asel_ga_polish_cut;

/* A local search under way on one candidate. */
typedef struct asel_ga_polish {
    const accelsel_mapping_problem *p;
    const asel_ga_layers *cl;
    asel_map_genome *best, *trial;
    asel_ga_score *score;
    asel_map_scratch *sc;
    asel_map_layout *lay;
    const asel_ga_forks *forks;
    uint64_t *evals;
    asel_ga_polish_limits limits;
    uint64_t work;
    int kept, out_of_time;
    asel_ga_polish_at at;
    asel_ga_polish_cut cut;
} asel_ga_polish;

/* Start improving @p best (its score *@p score) in place; each walk will
 * count in *@p evaluations; @p limits bound the work. An infeasible @p best
 * is improved toward feasibility first (asel_map_beats()). */
void asel_ga_polish_start(asel_ga_polish *s, const accelsel_mapping_problem *p,
                          const asel_ga_layers *cl, asel_map_genome *best, asel_ga_score *score,
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

/* The next move at the forks (ga_polish_forks.c), from s->at; 0 when the
 * forks have no move left in this pass (none made). */
int asel_ga_polish_fork_move(asel_ga_polish *s);

/* Go on with the search for about @p slice work: moves in a fixed order,
 * each kept when it shortens the objective, pass after pass, until a pass
 * keeps nothing or a limit is reached. Returns after the move that takes
 * the work @p slice past where it was: 1 while the search may go on, 0
 * once it is over. The moves and their order do not depend on @p slice,
 * so neither does the result. A limit is looked at before every move. */
int asel_ga_polish_run(asel_ga_polish *s, uint64_t slice);

/* The rest of the pass under way (or one whole pass): returns 1 while
 * another pass may keep more. */
int asel_ga_polish_pass(asel_ga_polish *s);

#endif
