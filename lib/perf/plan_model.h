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
    double peak;      /* the GEMMs' rate: dense peak x plan_gemm_eff */
    double attn_peak; /* fused attention's: the 16-bit peak (fp32's in fp32) x plan_attention_eff */
    double bw;        /* memory bandwidth x memory_eff */
    double act_bytes; /* bytes of an activation or a trained weight (16-bit, fp32 for fp32) */
    double frozen_bytes; /* of a frozen weight: stored as the GEMMs read it (1 in fp8, int8) */
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

/* Seconds to run the forward pass alone over @p seqs sequences under the
 * complete plan @p pl (an evaluation: no backward pass, no optimizer), the
 * micro-batches filling the pipeline as in training. */
double asel_plan_forward_s(const asel_plan_env *e, const accelsel_plan *pl, double seqs);

/* Why complete plan @p pl cannot run @p e's model and batch: ACCELSEL_EINVAL
 * naming the constraint (field "plan"), or 0. */
int asel_plan_check(const asel_plan_env *e, const accelsel_plan *pl);

/* @p req resolved as for a prediction (asel_perf_resolve()) into @p c, with
 * the plan's own defaults: a global batch @p gbs of one sequence per
 * device, which may be below the count (a data-parallel step needs one per
 * device, a plan one per replica), and a 16-bit precision. 0 or the errors
 * of accelsel_predictor_predict_plan(). */
int asel_plan_resolve(const accelsel_predictor *p, const accelsel_predict_request *req,
                      asel_perf_config *c, double *gbs);

/* The fastest plans on @p e that fit memory and keep the fields @p fixed
 * gives (ACCELSEL_PLAN_AUTO elsewhere), best first, into @p out (room for
 * @p capacity, versions set), their number in *n: 0, or the errors of
 * accelsel_predictor_predict_plan() for the plan (ACCELSEL_EINVAL,
 * ACCELSEL_EINFEASIBLE). */
int asel_plan_search(const asel_plan_env *e, const accelsel_plan *fixed,
                     accelsel_plan_prediction *out, size_t capacity, size_t *n);

/* Layers of the busiest stage: the first and last of pp stages hold one
 * block fewer when the blocks + 2 divide by pp x interleave (the embedding
 * and the output layer counted as one block each). */
double asel_plan_stage_blocks(const accelsel_transformer_info *t, const accelsel_plan *pl);

#endif
