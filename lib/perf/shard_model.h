/* The five sharding strategies of one layer over a group of g slots: what
 * one slot computes, and the collective the group runs afterwards (ring
 * all-gather of outputs, ring all-reduce of partial sums, halo exchange).
 * docs/mapping.md gives the closed forms. Pure functions. */
#ifndef ASEL_PERF_SHARD_MODEL_H
#define ASEL_PERF_SHARD_MODEL_H

#include "accelsel/map.h"
#include "accelsel/network.h"
#include "perf/design_model.h"

typedef struct asel_shard {
    asel_layer_shape share; /* one slot's work (the largest share) */
    double coll_bytes;      /* bytes each slot sends over its link in the collective */
    double coll_steps;      /* sequential message steps (each pays the link latency) */
    double in_frac;         /* fraction of the layer's input one slot needs */
} asel_shard;

/* 1 if @p strategy can split layer @p l over more than one slot when a
 * batch of @p batch samples goes through it (a batch split needs two). */
int asel_shard_applies(const accelsel_layer_info *l, int strategy, uint32_t batch);

/* The plan of @p strategy over @p g slots for layer @p l whose whole shape
 * is @p full; activations are @p bytes bytes per element. Strategy NONE (or
 * g == 1) gives the whole layer to one slot. The strategy must apply. */
void asel_shard_plan(const accelsel_layer_info *l, const asel_layer_shape *full, int strategy,
                     unsigned g, double bytes, asel_shard *out);

#endif
