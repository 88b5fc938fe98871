/* Compiled-in defaults of the global parameters. Each is a round physical
 * figure (docs/predictor.md, "Parameters" gives the reasoning); calibration
 * replaces the efficiencies and overheads with values fitted on data. */
#include "perf/params.h"

/* An eager framework on a CPU: its large convolutions (oneDNN) reach about
 * two thirds of the vector peak at the clock a loaded core holds, some 1.5
 * times its base clock, so about the base-clock peak; they block over the
 * output pixels each thread takes, so maps of a few pixels leave the
 * register blocks empty, the more so for weight gradients, which reduce
 * over those pixels; depthwise kernels run at a tenth of the vector peak
 * and elementwise ones (batch norm, pooling: several passes, no
 * vectorisation across channels) at a twentieth; each call costs ~10 us of
 * dispatch (operator lookup, autograd bookkeeping, a tensor's allocation)
 * and ~2 us per further thread to fork and join them; fresh activations
 * are faulted in at ~4 GB/s (one 4 KiB page per microsecond). */
#define CPU_EAGER                                                                           \
    .eager_compute_eff = 1.0, .eager_pixels_half = 16, .eager_wgrad_half = 64,            \
    .eager_grouped_eff = 0.1, .eager_elementwise_eff = 0.05, .eager_dispatch_s = 10e-6,     \
    .eager_sync_s = 2e-6,                                                                   \
    .eager_fault_s_per_byte = 2.5e-10
/* On a GPU or an accelerator the kernels batch the samples, so small maps
 * cost nothing extra; elementwise kernels are vectorised and memory-bound;
 * a caching allocator faults nothing in; a call costs ~10 us of host-side
 * launch and dispatch. */
#define DEVICE_EAGER                                                                        \
    .eager_compute_eff = 0.5, .eager_pixels_half = 0, .eager_wgrad_half = 0,              \
    .eager_grouped_eff = 0.1, .eager_elementwise_eff = 0.5, .eager_dispatch_s = 10e-6,      \
    .eager_sync_s = 0,                                                                      \
    .eager_fault_s_per_byte = 0

/* Parallel plans on a GPU or an accelerator: a transformer's large GEMMs
 * reach about 70 % of the dense peak (cuBLAS, XLA on LLM shapes), fused
 * attention about half of the 16-bit peak (FlashAttention-2 on an H100);
 * collectives about 70 % of a link's bandwidth; nothing of the
 * tensor-parallel collectives hidden (Megatron-LM's default); 50 ms per
 * optimizer step of framework work (clipping's global norm, the step,
 * logging). A CPU trains no LLM: the same figures, never fitted. */
#define PLANS                                                                              \
    .plan_gemm_eff = 0.7, .plan_attention_eff = 0.5, .plan_comm_eff = 0.7,                 \
    .plan_tp_overlap = 0, .plan_step_s = 0.05

static const asel_perf_params defaults = {
    .kind = {
        /* CPU: framework dispatch of ~20 us per operator; GEMM libraries reach about
         * half of the vector peak on deep-learning shapes; caches ~4x DRAM. */
        [ASEL_PERF_KIND_CPU] = { .compute_eff = 0.5, .memory_eff = 0.6, .overhead_s = 20e-6,
                                 .comm_eff = 0.5, .overlap = 0.5, .cache_ratio = 4.0,
                                 .tile_m = 6, .tile_n = 0, .block_m = 96, .block_n = 256,
                                 .host_rate = 1000, .fusion = 0.5, CPU_EAGER, PLANS },
        /* GPU: kernel launch ~5 us; cuDNN/cuBLAS tiles of 128 x 128; L2 ~3x HBM. */
        [ASEL_PERF_KIND_GPU] = { .compute_eff = 0.6, .memory_eff = 0.7, .overhead_s = 5e-6,
                                 .comm_eff = 0.7, .overlap = 0.8, .cache_ratio = 3.0,
                                 .tile_m = 128, .tile_n = 128, .block_m = 0, .block_n = 0,
                                 .host_rate = 1000, .fusion = 0.5, DEVICE_EAGER, PLANS },
        /* TPU/NPU: systolic arrays of 128 x 128. */
        [ASEL_PERF_KIND_ACCEL] = { .compute_eff = 0.5, .memory_eff = 0.7, .overhead_s = 5e-6,
                                   .comm_eff = 0.7, .overlap = 0.8, .cache_ratio = 3.0,
                                   .tile_m = 128, .tile_n = 128, .block_m = 0, .block_n = 0,
                                   .host_rate = 1000, .fusion = 0.5, DEVICE_EAGER, PLANS },
    },
    .backward_ratio = 2.0,
    .update_bytes = 20.0, /* read weight, gradient, momentum; write weight, momentum (fp32) */
    .link_latency_s = 5e-6,
    .epochs_e0 = 35.0,
    .epochs_b0 = 3584.0,
    .epochs_alpha = 0.3,
    .software_trend = 0.0, /* no trend until calibration measures one */
    .software_year = 2024.0, /* v3.1, the latest round of the built-in data */
    .plan_trend = 0.0,
    .plan_year = 2025.5, /* v5.0, the latest round of the built-in LLM rows */
};

const asel_perf_params *asel_perf_params_default(void)
{
    return &defaults;
}

int asel_perf_kind_of(int32_t kind)
{
    if (kind == ACCELSEL_DEVICE_CPU)
        return ASEL_PERF_KIND_CPU;
    if (kind == ACCELSEL_DEVICE_GPU)
        return ASEL_PERF_KIND_GPU;
    return ASEL_PERF_KIND_ACCEL;
}
