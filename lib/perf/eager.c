/* An eager framework's passes of one layer: convolution kernels that block
 * over one sample's output pixels, depthwise kernels on the vector units,
 * one framework call per layer and pass, fresh activations faulted in. */
#include <math.h>

#include "perf/eager.h"
#include "perf/layer_cost.h"

void asel_perf_eager_params(const asel_perf_params *par, asel_perf_params *out)
{
    *out = *par;
    for (int k = 0; k < ASEL_PERF_KINDS; k++) {
        asel_perf_kind_params *q = &out->kind[k];
        q->compute_eff = q->eager_compute_eff;
        q->overhead_s = q->eager_dispatch_s;  /* per call; the threads' share below */
        q->fusion = 0;
    }
}

/* Share of the large-map rate at @p pixels output pixels per sample. */
static double pixel_share(double pixels, double half)
{
    return half > 0 ? pixels / (pixels + half) : 1.0;
}

/* Tensors above this size are mapped fresh from the kernel on every
 * allocation and unmapped when freed, so each step faults their pages in
 * again: glibc's malloc raises its mmap threshold as large blocks are freed,
 * up to DEFAULT_MMAP_THRESHOLD_MAX (4 MiB x sizeof(long): 32 MiB on 64-bit
 * systems), and serves smaller blocks from memory it reuses. */
#define MMAP_THRESHOLD_BYTES 33554432.0

/* Time to fault in a fresh tensor of @p elements per sample: the kernel
 * serialises the faults of one process's threads (measured: dividing the
 * time by the threads fitted the step rows worse). */
static double fault_s(double elements, double batch, int precision, double s_per_byte)
{
    double bytes = elements * batch * asel_perf_precision_bytes(precision);
    return bytes > MMAP_THRESHOLD_BYTES ? bytes * s_per_byte : 0.0;
}

/* Output elements an eager framework allocates for a layer's forward:
 * activations and residual sums run in place, as in asel_perf_kept_elements(). */
static double fresh_outputs(const accelsel_layer_info *l)
{
    int in_place = l->kind == ACCELSEL_LAYER_ACTIVATION || l->kind == ACCELSEL_LAYER_ADD ||
                   l->kind == ACCELSEL_LAYER_FLATTEN || l->kind == ACCELSEL_LAYER_INPUT;
    return in_place ? 0.0 : (double)l->output_elements;
}

void asel_perf_eager_passes(const asel_perf_params *par, const accelsel_device_info *dev,
                            const accelsel_layer_info *l, double batch, int precision,
                            const asel_layer_time *t, asel_layer_time *f, asel_layer_time *b)
{
    const asel_perf_kind_params *q = &par->kind[asel_perf_kind_of(dev->kind)];
    double r = par->backward_ratio;
    if (l->kind == ACCELSEL_LAYER_INPUT || l->kind == ACCELSEL_LAYER_FLATTEN) {
        *f = *b = *t; /* no call: the tuned terms, all 0 */
        return;
    }
    /* Every call forks and joins the CPU's threads (OpenMP). */
    double threads = dev->cores > 1 ? dev->cores : 1;
    double call = t->overhead_s + (threads - 1) * q->eager_sync_s;
    /* t's elementwise part ran at the vector peak x eager_compute_eff. */
    double vpeak = asel_perf_vector_peak(dev, precision);
    double ew = (double)l->elementwise_flops * batch;
    double gemm = fmax(0.0, t->compute_s - ew / (vpeak * q->eager_compute_eff));
    double elem = ew / (vpeak * q->eager_elementwise_eff), fwd = gemm, bwd = r * gemm;
    if (l->kind == ACCELSEL_LAYER_CONV2D && l->groups > 1) {
        fwd = gemm * q->eager_compute_eff / q->eager_grouped_eff;
        bwd = r * fwd;
    } else if (l->kind == ACCELSEL_LAYER_CONV2D) {
        double px = (double)l->gemm_m * batch / threads;
        fwd = gemm / pixel_share(px, q->eager_pixels_half);
        bwd = r / 2 * (fwd + gemm / pixel_share(px, q->eager_wgrad_half));
    }
    /* An elementwise kernel of the framework is a loop per pass that waits on
       its memory: its arithmetic and traffic add up. */
    if (!asel_perf_is_gemm(l->kind) && elem > 0)
        elem += t->memory_s;
    *f = (asel_layer_time){ fwd + elem, t->memory_s,
                            call + fault_s(fresh_outputs(l), batch, precision,
                                           q->eager_fault_s_per_byte), 0 };
    f->time_s = fmax(f->compute_s, f->memory_s) + f->overhead_s;
    double grads = l->kind == ACCELSEL_LAYER_INPUT ? 0.0 : (double)l->input_elements;
    *b = (asel_layer_time){ bwd + r * elem, r * t->memory_s,
                            r * call + fault_s(grads, batch, precision,
                                               q->eager_fault_s_per_byte), 0 };
    b->time_s = fmax(b->compute_s, b->memory_s) + b->overhead_s;
}

int asel_perf_eager_monotone(const asel_perf_kind_params *q)
{
    return isfinite(q->eager_compute_eff) && q->eager_compute_eff > 0 &&
           isfinite(q->eager_grouped_eff) && q->eager_grouped_eff > 0 &&
           isfinite(q->eager_elementwise_eff) && q->eager_elementwise_eff > 0 &&
           isfinite(q->eager_pixels_half) && q->eager_pixels_half >= 0 &&
           isfinite(q->eager_wgrad_half) && q->eager_wgrad_half >= 0 &&
           isfinite(q->eager_dispatch_s) && q->eager_dispatch_s >= 0 &&
           isfinite(q->eager_sync_s) && q->eager_sync_s >= 0 &&
           isfinite(q->eager_fault_s_per_byte) && q->eager_fault_s_per_byte >= 0;
}
