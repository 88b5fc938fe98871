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
 * asel_perf_check_device()) under software stack @p stack (ACCELSEL_STACK_*);
 * @p fusable is asel_perf_fusable_layers() of @p net (the tuned stack fuses).
 * Writes up to @p cap rows of the per-layer table into @p rows (may be NULL
 * when cap is 0). */
void asel_perf_device_step(const asel_perf_params *par, const accelsel_device_info *dev,
                           const accelsel_network *net, const unsigned char *fusable,
                           double batch, int precision, int stack, asel_perf_step *out,
                           accelsel_layer_prediction *rows, size_t cap);

/* The output elements of @p net that a step keeps for the backward pass
 * (activation, add and flatten layers run in place). Linear in the layers. */
double asel_perf_kept_elements(const accelsel_network *net);

/* asel_perf_step.memory_needed of @p net at @p batch samples in a format of
 * @p eb bytes, @p kept being asel_perf_kept_elements(): the same figure,
 * bit for bit, without the step. */
double asel_perf_step_memory(const accelsel_network *net, double kept, double batch, double eb);

/* The device_s of asel_perf_device_step(), bit for bit, into *device_s,
 * and 0 when it is at most @p bound. 1 when it exceeds @p bound; the sum may
 * then stop early, once the layers summed so far exceed it, with *device_s
 * that partial sum (a rounded sum of terms at least 0 never shrinks as terms
 * join it, so the whole step exceeds it too). The early stop holds only
 * where asel_perf_params_monotone() does; INFINITY never stops. */
int asel_perf_device_time(const asel_perf_params *par, const accelsel_device_info *dev,
                          const accelsel_network *net, const unsigned char *fusable,
                          double batch, int precision, int stack, double bound,
                          double *device_s);

/* 1 where @p par makes every layer term of a step on @p dev (of its kind)
 * at least 0, never smaller for more bytes, never larger for a higher rate:
 * finite positive efficiencies and backward ratio, a cache ratio of at least
 * 1, a fusion share below 1, overhead and update bytes at least 0, and the
 * eager stack's parameters as asel_perf_eager_monotone() wants them. */
int asel_perf_params_monotone(const asel_perf_params *par, const accelsel_device_info *dev);

/* 1 if the step of any network at any batch up to 2^53 on @p dev takes no
 * longer, as rounded doubles, at precision @p a than at @p b, under either
 * stack: asel_perf_params_monotone(), no wider elements, the same vector
 * peak, and a GEMM tile j times b's (j a power of two, 1 where the tiles
 * are equal) with matrix rates (peak x compute_eff and x eager_compute_eff)
 * at least j times b's, as an AMX CPU's bf16 (tiles of 512 columns at 16
 * times the fp32 rate) stands to fp32 (32). Each layer term is then a
 * correctly rounded sum, product, quotient or maximum of operands no worse
 * for a, or, for a GEMM's arithmetic, padded work at most j times b's over
 * a rate at least j times b's (step.c gives the argument), so every rounded
 * term is no worse and the sums over layers are no larger. Memory is not
 * compared (fp16 keeps a weight copy that fp32 does not). Both precisions
 * pass asel_perf_check_device(). */
int asel_perf_precision_dominates(const asel_perf_params *par, const accelsel_device_info *dev,
                                  int a, int b);

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
