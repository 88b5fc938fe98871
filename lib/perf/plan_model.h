/* The training step of a transformer under a complete parallel plan
 * (docs/predictor.md, "Parallel plans"): compute of the busiest pipeline
 * stage, the collectives of each parallelism on the link hierarchy, the
 * pipeline's bubble, and the memory each device needs. */
#ifndef ASEL_PERF_PLAN_MODEL_H
#define ASEL_PERF_PLAN_MODEL_H

#include "perf/predictor_impl.h"

/* Bytes the optimizer step moves per trained parameter: Adam in mixed
 * precision reads the fp32 master weight and both moments and the 16-bit
 * gradient, and writes the three fp32 values and the 16-bit weight:
 * 12 + 2 + 12 + 2. */
#define ASEL_PLAN_ADAM_BYTES 28.0
/* Bytes of optimizer state per trained parameter (Rajbhandari et al. 2020,
 * "ZeRO", K = 12: fp32 master weights, momentum and variance). */
#define ASEL_PLAN_ADAM_STATE 12.0

/* What a plan is evaluated on: the resolved configuration, the network's
 * sizes and the kind's parameters, fixed for a search. */
typedef struct asel_plan_env {
    const asel_perf_config *cfg;
    const accelsel_transformer_info *t;
    const asel_perf_kind_params *q;
    double gbs;       /* global batch in sequences */
    double peak;      /* the GEMMs' rate: dense peak x compute_eff */
    double bw;        /* memory bandwidth x memory_eff */
    double act_bytes; /* bytes of an activation or a weight (16-bit, fp32 for fp32) */
    int fused;        /* fused (flash) attention: no score matrix kept; tests turn it off */
    /* Per block, from the sizes. */
    double block_params, trained_block; /* parameters, and those trained */
    double embed_params, head_params;   /* the first stage's tables, the last's output layer */
    double trained_embed, trained_head;
} asel_plan_env;

/* The environment of @p t on configuration @p c with parameters @p par:
 * sizes per block, rates, the global batch. */
void asel_plan_env_init(asel_plan_env *e, const asel_perf_params *par, const asel_perf_config *c,
                        const accelsel_transformer_info *t, double gbs);

/* Activations one micro-batch of @p b sequences keeps per block on one
 * device (bytes): Korthikanti et al. 2022 (eq. 1-5, section 5) generalised
 * to grouped-query attention, gated and expert feed-forwards, dropout
 * off, context parallelism (cp splits the tokens) and fused attention
 * (which keeps fp32 softmax statistics instead of the score matrix). */
double asel_plan_block_activations(const asel_plan_env *e, const accelsel_plan *pl, double b);

/* The step of the complete plan @p pl (every field chosen and valid) into
 * @p out: 0 if it fits the device's memory, 1 if not (out still filled,
 * memory_needed_bytes above the device's). */
int asel_plan_evaluate(const asel_plan_env *e, const accelsel_plan *pl,
                       accelsel_plan_prediction *out);

/* Why complete plan @p pl cannot run @p e's model and batch: ACCELSEL_EINVAL
 * naming the constraint (field "plan"), or 0. */
int asel_plan_check(const asel_plan_env *e, const accelsel_plan *pl);

/* Layers of the busiest stage: the first and last of pp stages hold one
 * block fewer when the blocks + 2 divide by pp x interleave (the embedding
 * and the output layer counted as one block each). */
double asel_plan_stage_blocks(const accelsel_transformer_info *t, const accelsel_plan *pl);

#endif
