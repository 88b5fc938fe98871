/* The global parameters of the training-time model (docs/predictor.md,
 * "Parameters"): one set per device kind, plus the backward ratio, the
 * epochs relation and the defaults for links without a latency figure. */
#ifndef ASEL_PERF_PARAMS_H
#define ASEL_PERF_PARAMS_H

#include "perf/layer_model.h"

/* Device kinds that share globals: CPUs, GPUs, and every other accelerator
 * (TPU, NPU, FPGA). */
#define ASEL_PERF_KIND_CPU 0
#define ASEL_PERF_KIND_GPU 1
#define ASEL_PERF_KIND_ACCEL 2
#define ASEL_PERF_KINDS 3

typedef struct asel_perf_kind_params {
    double compute_eff;   /* fraction of the dense peak a large GEMM attains */
    double memory_eff;    /* fraction of the memory bandwidth a stream attains */
    double overhead_s;    /* fixed time per layer and pass (launch, dispatch) */
    double comm_eff;      /* fraction of a link's bandwidth an all-reduce attains */
    double overlap;       /* fraction of the backward pass that can hide the all-reduce */
    double cache_ratio;   /* on-chip / off-chip bandwidth when a layer's working set fits on chip */
    double tile_m;        /* GEMM tile rows (M = batch x output pixels); CPUs: register block */
    double tile_n;        /* GEMM tile columns (output channels); CPUs: 0 = 2 vector widths */
    double block_m;       /* CPUs: rows of the block one core takes (thread quantisation) */
    double block_n;       /* CPUs: columns of that block */
    double host_rate;     /* input pipeline samples/s per host core (decode, augment) */
    double fusion;        /* share of an epilogue layer's traffic and launch that fusing it into its GEMM removes */
    /* The eager stack (ACCELSEL_STACK_EAGER: one framework call per layer,
       nothing fused or compiled; docs/predictor.md, "Software stacks"). */
    double eager_compute_eff;  /* its large convolutions' and GEMMs' rate / the dense peak; a CPU's
                                  peak is at base clock, so above 1 where its cores run faster */
    double eager_pixels_half;  /* output pixels per sample at which its convolutions run at half that */
    double eager_wgrad_half;   /* the same for its weight-gradient kernels */
    double eager_grouped_eff;  /* fraction of the vector peak its grouped and depthwise convolutions attain */
    double eager_elementwise_eff; /* the same for its elementwise kernels (batch norm, pooling, activations) */
    double eager_dispatch_s;   /* time per framework call (a layer's pass, a tensor's update) */
    double eager_sync_s;       /* a CPU: per call and thread beyond the first (fork and join) */
    double eager_fault_s_per_byte; /* time per byte of fresh activations the allocator faults in; 0 = none (a caching allocator) */
    /* Parallel plans of transformer training (docs/predictor.md, "Parallel
       plans"): fitted on the LLM rows, apart from the figures above. */
    double plan_gemm_eff;      /* fraction of the dense peak a transformer block's GEMMs attain */
    double plan_attention_eff; /* fraction of the 16-bit peak fused attention attains */
    double plan_comm_eff;      /* fraction of a link's bandwidth the plan's collectives attain */
    double plan_tp_overlap;    /* fraction of a block's GEMM time that hides its tensor-parallel
                                  collectives (split GEMMs pipelined with them) */
    double plan_step_s;        /* time per optimizer step beside the passes: gradient clipping's
                                  global norm, the framework's step, synchronisation */
} asel_perf_kind_params;

/* Software stacks a request names (ACCELSEL_STACK_*). */
#define ASEL_PERF_STACKS 2

struct asel_perf_params {
    asel_perf_kind_params kind[ASEL_PERF_KINDS];
    double backward_ratio;     /* backward work / forward work (input + weight gradients) */
    double update_bytes;       /* optimizer bytes moved per parameter (SGD with momentum) */
    double link_latency_s;     /* per-message latency for a link without one in the catalog */
    double epochs_e0;          /* epochs relation: e0 x max(1, B / b0)^alpha */
    double epochs_b0;
    double epochs_alpha;
    double software_trend;     /* log time change per year of rounds on the same hardware (fitted) */
    double software_year;      /* the year whose software the other parameters describe */
    double plan_trend;         /* as software_trend, of the LLM rows the plan parameters fit */
    double plan_year;          /* the year whose software the plan parameters describe */
};

/* The kind index of catalog device kind @p kind. */
int asel_perf_kind_of(int32_t kind);

#endif
