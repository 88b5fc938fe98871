/* One training step of a network on one device, and the all-reduce. */
#ifndef ASEL_PERF_STEP_H
#define ASEL_PERF_STEP_H

#include <stddef.h>

#include "accelsel/predict.h"
#include "perf/params.h"

typedef struct asel_perf_step {
    double forward_s, backward_s, update_s; /* sums over layers */
    double compute_s, memory_s, overhead_s; /* the same time split by what bounds it */
    double device_s;                        /* forward + backward + update */
    double memory_needed;                   /* bytes: weights, gradients, optimizer, activations */
} asel_perf_step;

/* Per layer of @p net, 1 where the layer is an epilogue (batch norm, an
 * activation other than softmax, a residual sum) whose first input leads
 * back through epilogues alone to a GEMM, so that it fuses into that GEMM's
 * kernel; 0 elsewhere. *out gets accelsel_network_layer_count() flags (at
 * least one byte), freed with asel_free(). Linear in the layers. 0 or
 * ACCELSEL_ENOMEM (*out NULL). */
int asel_perf_fusable_layers(const accelsel_network *net, unsigned char **out);

/* Step time of @p net at @p batch samples on @p dev (checked with
 * asel_perf_check_device()); @p fusable is asel_perf_fusable_layers() of
 * @p net. Writes up to @p cap rows of the per-layer table into @p rows (may
 * be NULL when cap is 0). */
void asel_perf_device_step(const asel_perf_params *par, const accelsel_device_info *dev,
                           const accelsel_network *net, const unsigned char *fusable,
                           double batch, int precision, asel_perf_step *out,
                           accelsel_layer_prediction *rows, size_t cap);

/* Bandwidth terms of an all-reduce, for the collective model. */
typedef struct asel_perf_links {
    double intra_bw, intra_lat; /* per direction, per device; latency per message */
    double inter_bw, inter_lat; /* per device share of the node's network ports */
} asel_perf_links;

/* Time of an all-reduce of @p bytes over @p nodes x @p per_node devices:
 * a ring inside a node when nodes == 1, a ring across nodes when per_node == 1,
 * else hierarchical (reduce-scatter in the node, ring all-reduce of each
 * shard across nodes, all-gather in the node). Bandwidths are already scaled
 * by the efficiency. 0 for one device or no bytes. */
double asel_perf_allreduce(double bytes, double nodes, double per_node, const asel_perf_links *l);

/* Ring all-reduce of @p bytes over @p p members: 2 (p-1)/p bytes/bw + 2 (p-1) lat;
 * 0 for one member or no bytes. */
double asel_perf_ring_allreduce(double bytes, double p, double bw, double lat);

#endif
