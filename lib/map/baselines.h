/* What the baselines share with the h2h search (h2h.c): the working state
 * of one baseline run, and how a run counts what it evaluates. */
#ifndef ASEL_MAP_BASELINES_H
#define ASEL_MAP_BASELINES_H

#include "map/map_impl.h"

typedef struct asel_map_base {
    const accelsel_mapping_problem *p;
    asel_map_result *r;
    asel_map_genomes work; /* one candidate */
    asel_map_scratch sc;
    asel_map_watch *w;     /* when to stop early */
} asel_map_base;

/* One more candidate evaluated, of value @p v and excess @p ex: kept as the
 * best if it beats the best so far (@p g may then be NULL only if it does
 * not); every ASEL_MAP_CHECK_EVERY evaluations the clock and the progress
 * callback are looked at, as for a walked one. */
void asel_map_base_tally(asel_map_base *b, const asel_map_genome *g, double v, double ex);

/* H2H's second step on the working candidate (the computation-first
 * mapping, also the best so far): docs/mapping.md. 0 or ACCELSEL_ENOMEM. */
int asel_map_h2h(asel_map_base *b);

#endif
