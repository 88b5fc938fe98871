/* The eager stack (ACCELSEL_STACK_EAGER): a layer's passes as an eager
 * framework runs them (docs/predictor.md, "Software stacks"). */
#ifndef ASEL_PERF_EAGER_H
#define ASEL_PERF_EAGER_H

#include "perf/layer_model.h"
#include "perf/params.h"

/* @p par as the tuned model's layer terms see the eager stack: each kind's
 * compute efficiency and per-layer overhead its eager ones, nothing fused. */
void asel_perf_eager_params(const asel_perf_params *par, asel_perf_params *out);

/* The forward @p f and backward @p b of layer @p l at @p batch samples on
 * @p dev under the eager stack, from @p t, the layer's terms under
 * asel_perf_eager_params() of @p par:
 * - a dense convolution's arithmetic at p / (p + eager_pixels_half) of its
 *   rate forward and for the input gradient, at p / (p + eager_wgrad_half)
 *   for the weight gradient, p being its output pixels per thread (batch x
 *   output pixels / the CPU's cores, which a thread view restricts);
 * - a grouped or depthwise convolution's at eager_grouped_eff of the
 *   vector peak, and every layer's elementwise work (batch norm, pooling,
 *   activations, sums) at eager_elementwise_eff of it, plus, outside the
 *   GEMMs, the layer's memory time (a loop per pass that waits on memory);
 * - a call per layer and pass: eager_dispatch_s, plus eager_sync_s per
 *   thread beyond the first of a CPU (fork and join);
 * - fresh outputs (forward) and input gradients (backward) above malloc's
 *   mmap threshold (32 MiB) faulted in at eager_fault_s_per_byte seconds
 *   per byte, a cost added to the overhead;
 * - every other backward term backward_ratio times the forward's.
 * Every term grows with the work and shrinks with the rates. */
void asel_perf_eager_passes(const asel_perf_params *par, const accelsel_device_info *dev,
                            const accelsel_layer_info *l, double batch, int precision,
                            const asel_layer_time *t, asel_layer_time *f, asel_layer_time *b);

/* 1 where the eager parameters of @p q keep those terms monotone: positive
 * finite efficiencies; half-points, dispatch, sync and fault time at least 0. */
int asel_perf_eager_monotone(const asel_perf_kind_params *q);

#endif
