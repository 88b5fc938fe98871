/* Compiled-in defaults of the global parameters. Each is a round physical
 * figure (docs/predictor.md, "Parameters" gives the reasoning); calibration
 * replaces the efficiencies and overheads with values fitted on data. */
#include <math.h>

#include "perf/params.h"

static const asel_perf_params defaults = {
    .kind = {
        /* CPU: framework dispatch of ~20 us per operator; GEMM libraries reach about
         * half of the vector peak on deep-learning shapes; caches ~4x DRAM. */
        [ASEL_PERF_KIND_CPU] = { .compute_eff = 0.5, .memory_eff = 0.6, .overhead_s = 20e-6,
                                 .comm_eff = 0.5, .overlap = 0.5, .cache_ratio = 4.0,
                                 .tile_m = 6, .tile_n = 0, .block_m = 96, .block_n = 256,
                                 .host_rate = 1000 },
        /* GPU: kernel launch ~5 us; cuDNN/cuBLAS tiles of 128 x 128; L2 ~3x HBM. */
        [ASEL_PERF_KIND_GPU] = { .compute_eff = 0.6, .memory_eff = 0.7, .overhead_s = 5e-6,
                                 .comm_eff = 0.7, .overlap = 0.8, .cache_ratio = 3.0,
                                 .tile_m = 128, .tile_n = 128, .block_m = 0, .block_n = 0,
                                 .host_rate = 1000 },
        /* TPU/NPU: systolic arrays of 128 x 128. */
        [ASEL_PERF_KIND_ACCEL] = { .compute_eff = 0.5, .memory_eff = 0.7, .overhead_s = 5e-6,
                                   .comm_eff = 0.7, .overlap = 0.8, .cache_ratio = 3.0,
                                   .tile_m = 128, .tile_n = 128, .block_m = 0, .block_n = 0,
                                   .host_rate = 1000 },
    },
    .backward_ratio = 2.0,
    .update_bytes = 20.0, /* read weight, gradient, momentum; write weight, momentum (fp32) */
    .link_latency_s = 5e-6,
    .epochs_e0 = 35.0,
    .epochs_b0 = 3584.0,
    .epochs_alpha = 0.3,
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

static int in(double v, double lo, double hi)
{
    return isfinite(v) && v >= lo && v <= hi;
}

int asel_perf_params_valid(const asel_perf_params *par, const char **bad)
{
    for (int k = 0; k < ASEL_PERF_KINDS; k++) {
        const asel_perf_kind_params *q = &par->kind[k];
        const struct { const char *name; int ok; } checks[] = {
            { "compute_eff", in(q->compute_eff, 1e-6, 1.0) },
            { "memory_eff", in(q->memory_eff, 1e-6, 1.0) },
            { "overhead_s", in(q->overhead_s, 0.0, 1.0) },
            { "comm_eff", in(q->comm_eff, 1e-6, 1.0) },
            { "overlap", in(q->overlap, 0.0, 1.0) },
            { "cache_ratio", in(q->cache_ratio, 1.0, 1e3) },
            { "tile_m", in(q->tile_m, 1.0, 65536.0) },
            { "tile_n", in(q->tile_n, 0.0, 65536.0) },
            { "block_m", in(q->block_m, 0.0, 1e9) },
            { "block_n", in(q->block_n, 0.0, 1e9) },
            { "host_rate", in(q->host_rate, 1e-3, 1e9) },
        };
        for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
            if (!checks[i].ok) {
                *bad = checks[i].name;
                return 0;
            }
    }
    const struct { const char *name; int ok; } g[] = {
        { "backward_ratio", in(par->backward_ratio, 0.0, 100.0) },
        { "update_bytes", in(par->update_bytes, 0.0, 1e4) },
        { "link_latency_s", in(par->link_latency_s, 0.0, 1.0) },
        { "epochs_e0", in(par->epochs_e0, 1e-6, 1e6) },
        { "epochs_b0", in(par->epochs_b0, 1.0, 1e12) },
        { "epochs_alpha", in(par->epochs_alpha, 0.0, 10.0) },
    };
    for (size_t i = 0; i < sizeof g / sizeof g[0]; i++)
        if (!g[i].ok) {
            *bad = g[i].name;
            return 0;
        }
    return 1;
}
