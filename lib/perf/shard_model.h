/* The five sharding strategies of one layer over a group of g slots: what
 * one slot computes, and the collective the group runs afterwards (ring
 * all-gather of outputs, ring all-reduce of partial sums, halo exchange).
 * docs/mapping.md gives the closed forms. Pure functions. */
#ifndef ASEL_PERF_SHARD_MODEL_H
#define ASEL_PERF_SHARD_MODEL_H

#include "accelsel/network.h"
#include "perf/design_model.h"

/* The strategies, numbered as the mapper's public ACCELSEL_STRATEGY_*
 * (lib/map/unit_cost.c asserts it when it compiles), so that perf prices a
 * split without knowing the mapper. */
enum {
    ASEL_SHARD_NONE,            /* one slot computes the whole layer */
    ASEL_SHARD_BATCH,           /* batch split; weights replicated */
    ASEL_SHARD_OUTPUT_CHANNELS, /* output channels split; all-gather after */
    ASEL_SHARD_INPUT_CHANNELS,  /* input channels split; partial sums reduced */
    ASEL_SHARD_SPATIAL,         /* output rows split; halo rows exchanged */
    ASEL_SHARD_COUNT
};

typedef struct asel_shard {
    asel_layer_shape share; /* one slot's work (the largest share) */
    double coll_bytes;      /* bytes each slot sends over its link in the collective */
    double coll_steps;      /* sequential message steps (each pays the link latency) */
    double in_frac;         /* fraction of the layer's input one slot needs */
} asel_shard;

/* 1 if @p strategy (ASEL_SHARD_*) can split layer @p l over more than one slot when a
 * batch of @p batch samples goes through it (a batch split needs two). */
int asel_shard_applies(const accelsel_layer_info *l, int strategy, uint32_t batch);

/* The plan of @p strategy over @p g slots for layer @p l whose whole shape
 * is @p full; activations are @p bytes bytes per element. Strategy NONE (or
 * g == 1) gives the whole layer to one slot. The strategy must apply. */
void asel_shard_plan(const accelsel_layer_info *l, const asel_layer_shape *full, int strategy,
                     unsigned g, double bytes, asel_shard *out);

#endif
