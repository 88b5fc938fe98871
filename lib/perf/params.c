/* Compiled-in defaults of the global parameters. Each is a round physical
 * figure (docs/predictor.md, "Parameters" gives the reasoning); calibration
 * replaces the efficiencies and overheads with values fitted on data. */
#include "perf/params.h"

static const asel_perf_params defaults = {
    .kind = {
        /* CPU: framework dispatch of ~20 us per operator; GEMM libraries reach about
         * half of the vector peak on deep-learning shapes; caches ~4x DRAM. */
        [ASEL_PERF_KIND_CPU] = { .compute_eff = 0.5, .memory_eff = 0.6, .overhead_s = 20e-6,
                                 .comm_eff = 0.5, .overlap = 0.5, .cache_ratio = 4.0,
                                 .tile_m = 6, .tile_n = 0, .block_m = 96, .block_n = 256,
                                 .host_rate = 1000, .fusion = 0.5 },
        /* GPU: kernel launch ~5 us; cuDNN/cuBLAS tiles of 128 x 128; L2 ~3x HBM. */
        [ASEL_PERF_KIND_GPU] = { .compute_eff = 0.6, .memory_eff = 0.7, .overhead_s = 5e-6,
                                 .comm_eff = 0.7, .overlap = 0.8, .cache_ratio = 3.0,
                                 .tile_m = 128, .tile_n = 128, .block_m = 0, .block_n = 0,
                                 .host_rate = 1000, .fusion = 0.5 },
        /* TPU/NPU: systolic arrays of 128 x 128. */
        [ASEL_PERF_KIND_ACCEL] = { .compute_eff = 0.5, .memory_eff = 0.7, .overhead_s = 5e-6,
                                   .comm_eff = 0.7, .overlap = 0.8, .cache_ratio = 3.0,
                                   .tile_m = 128, .tile_n = 128, .block_m = 0, .block_n = 0,
                                   .host_rate = 1000, .fusion = 0.5 },
    },
    .backward_ratio = 2.0,
    .update_bytes = 20.0, /* read weight, gradient, momentum; write weight, momentum (fp32) */
    .link_latency_s = 5e-6,
    .epochs_e0 = 35.0,
    .epochs_b0 = 3584.0,
    .epochs_alpha = 0.3,
    .software_trend = 0.0, /* no trend until calibration measures one */
    .software_year = 2024.0, /* v3.1, the latest round of the built-in data */
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
