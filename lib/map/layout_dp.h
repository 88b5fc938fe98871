/* Layer layout for fixed designs by dynamic programming: each layer's group
 * and strategy chosen among a few candidate groups so that the layers, run
 * one after another in topological order, finish soonest. It is exact for
 * a chain whose weights fit; on a DAG it counts only the input from the
 * layer before in the order, and runs nothing side by side, so its layout
 * is a proposal that the walk then judges. The GA's polish uses it after a
 * design change, where the layers of the old layout would have to move one
 * by one, each move worse on its own, to use the new design. */
#ifndef ASEL_MAP_LAYOUT_DP_H
#define ASEL_MAP_LAYOUT_DP_H

#include "map/ga_ops.h"

/* Candidate groups of two or more slots a layout considers. */
#define ASEL_LAYOUT_GROUPS 8

typedef struct asel_map_layout {
    size_t cap;        /* states room: slots + ASEL_LAYOUT_GROUPS x split strategies */
    uint64_t *grp;     /* per state: effective group */
    int8_t *strat;     /* per state: effective strategy */
    double *own, *in_frac; /* per state, for the layer at hand */
    double *prev, *cur;    /* per state: soonest finish of the chain so far */
    double *floor;         /* per state: when the layer at hand can start at the soonest */
    uint16_t *from;    /* n_compute x cap: the state before */
    size_t *run;       /* n_compute: room for a caller's run of layers */
    uint8_t *in_run;   /* per layer: in the run being laid out (all 0 between calls) */
    void *block;
} asel_map_layout;

/* What a layout of part of the network knows of the rest, from a walk:
 * when each slot is free of other work, and when each layer outside the
 * run ends. */
typedef struct asel_map_timing {
    const double *free_at; /* per slot */
    const double *end;     /* per layer */
} asel_map_timing;

/* Workspace for @p p: 0 or ACCELSEL_ENOMEM (then @p w holds nothing). */
int asel_map_layout_new(asel_map_layout *w, const accelsel_mapping_problem *p);
void asel_map_layout_free(asel_map_layout *w);

/* Rewrite the groups and strategies of the layers @p run (@p n_run
 * compute layers in topological order) in @p g for @p g's designs, using
 * only the slots in @p slots. Candidate groups within @p slots: the slots
 * of each design, of each design and memory class, all of @p slots, then
 * the groups the run already uses, up to ASEL_LAYOUT_GROUPS; every single
 * slot alone. Inputs from layers outside the run are received from where
 * they stay. With @p tm (may be NULL: everything free from time 0), a
 * layer starts no sooner than its slots are free and its outside inputs
 * end. Leaves @p g unchanged when no layout is finite. Deterministic.
 * Returns the (layer, state) cells it priced, a measure of its work. */
size_t asel_map_layout_run(const accelsel_mapping_problem *p, const size_t *run, size_t n_run,
                         uint64_t slots, const asel_map_timing *tm, asel_map_layout *w,
                         asel_map_genome *g);

#endif
