/* One transformer training step under a complete parallel plan: the
 * busiest stage's compute, each parallelism's collectives on the link
 * hierarchy, the pipeline's bubble, the optimizer, and the memory each
 * device holds (docs/predictor.md, "Parallel plans"). */
#include <math.h>
#include <string.h>

#include "perf/layer_cost.h"
#include "perf/plan_model.h"

/* The rate fused attention runs at: an 8-bit training keeps attention's
 * softmax and its two matrix products in 16 bits (Transformer Engine's
 * and MaxText's fp8 and int8 recipes quantise the linear layers alone),
 * so bf16's peak, else fp16's; any other precision runs it at its own. */
static double attention_peak(const accelsel_device_info *dev, int precision)
{
    if (precision != ACCELSEL_PRECISION_FP8 && precision != ACCELSEL_PRECISION_INT8)
        return dev->peak_flops[precision];
    double bf16 = dev->peak_flops[ACCELSEL_PRECISION_BF16];
    double fp16 = dev->peak_flops[ACCELSEL_PRECISION_FP16];
    return bf16 > 0 ? bf16 : fp16 > 0 ? fp16 : dev->peak_flops[precision];
}

void asel_plan_env_init(asel_plan_env *e, const asel_perf_params *par, const asel_perf_config *c,
                        const accelsel_transformer_info *t, double gbs)
{
    double h = (double)t->hidden, kvd = (double)(t->kv_heads * t->head_dim);
    double f = (double)t->ffn, E = (double)t->experts, r = (double)t->lora_rank;
    double g = t->gated ? 3 : 2, bias = t->bias ? 1 : 0;
    double attn = 2 * h * h + 2 * h * kvd + bias * (2 * h + 2 * kvd);
    double adapters = r * (4 * h + 2 * kvd);
    double ffn = E > 0 ? h * E + E * g * h * f : g * h * f + bias * ((g - 1) * f + h);
    double norms = (t->rmsnorm ? 1 : 2) * h;
    int lora = t->lora_rank > 0, enc = t->family == ACCELSEL_TRANSFORMER_ENCODER;
    *e = (asel_plan_env){ .cfg = c, .t = t, .q = &par->kind[asel_perf_kind_of(c->dev->kind)],
                          .gbs = gbs, .fused = 1 };
    e->peak = c->dev->peak_flops[c->precision] * e->q->plan_gemm_eff;
    e->attn_peak = attention_peak(c->dev, c->precision) * e->q->plan_attention_eff;
    e->bw = c->dev->memory_bw_bytes_s * e->q->memory_eff;
    e->act_bytes = asel_perf_precision_bytes(c->precision) >= 4 ? 4 : 2;
    /* A weight no step changes needs no 16-bit master: 8-bit training keeps
     * it as its GEMMs read it (NeMo's fp8 parameters for LoRA's base). */
    e->frozen_bytes = fmin(e->act_bytes, asel_perf_precision_bytes(c->precision));
    e->block_params = attn + adapters + ffn + 2 * norms;
    e->trained_block = lora ? adapters : e->block_params;
    e->embed_params = (double)(t->vocab + t->positions + t->type_vocab) * h + (enc ? norms : 0);
    e->head_params = enc ? h * h + bias * h : norms + (t->tied_embeddings ? 0 : (double)t->vocab * h);
    e->trained_embed = lora ? 0 : e->embed_params;
    e->trained_head = lora ? 0 : e->head_params;
}

double asel_plan_stage_blocks(const accelsel_transformer_info *t, const accelsel_plan *pl)
{
    double L = (double)t->layers, pp = pl->pp;
    return fmod(L, pp * pl->interleave) == 0 ? L / pp : (L + 2) / pp;
}

double asel_plan_block_activations(const asel_plan_env *e, const accelsel_plan *pl, double b)
{
    const accelsel_transformer_info *t = e->t;
    double tp = pl->tp, sig = pl->sequence_parallel == ACCELSEL_PLAN_ON ? tp : 1;
    double s = (double)t->sequence, tok = b * s / pl->cp, h = (double)t->hidden;
    double kvd = (double)(t->kv_heads * t->head_dim), a = (double)t->heads;
    double f = (double)t->ffn * (t->experts > 0 ? (double)t->top_k : 1), d = t->dropout ? 1 : 0;
    double eb = e->act_bytes;
    if (pl->recompute == ACCELSEL_RECOMPUTE_FULL)
        return eb * tok * h / sig; /* the block's input alone */
    /* Attention: its input, Q and K, V, the output projection's input, the
     * dropout mask; the feed-forward: its input, the (gated) hidden units,
     * the mask; two norms' inputs. Korthikanti et al.'s 34 s b h with
     * 16-bit activations and 1-byte masks, at a 4h GELU feed-forward. */
    double attn = eb * tok * h / sig + eb * tok * (h + kvd) / tp + eb * tok * kvd / tp +
                  eb * tok * h / tp + d * tok * h / sig;
    double ffn = eb * tok * h / sig + (t->gated ? 4 : 2) * eb * tok * f / tp + d * tok * h / sig;
    double norms = 2 * eb * tok * h / sig;
    /* The scores (softmax output, and with dropout its mask and output: 5 a
     * s^2 b) unless attention is fused or recomputed; fused attention keeps
     * fp32 softmax statistics per query and head. */
    double scores = e->fused ? 4 * a * tok / tp
                    : pl->recompute == ACCELSEL_RECOMPUTE_SELECTIVE ? 0
                                                                     : (2 + 3 * d) * a * tok * s / tp;
    return attn + ffn + norms + scores;
}

/* The time of an all-reduce of @p bytes over @p n devices placed @p stride
 * ranks apart: those within a scale-up domain (a node, an NVL72 rack, a
 * TPU pod) ring over its link, the domains over the network
 * (lib/perf/collective.c). */
static double allreduce(const asel_plan_env *e, double bytes, double n, double stride)
{
    const asel_perf_config *c = e->cfg;
    if (n <= 1)
        return 0;
    double in_node = fmax(1, fmin(n, c->domain / stride));
    asel_perf_links l = { c->intra_bw * e->q->plan_comm_eff, c->intra_lat,
                          c->inter_bw * e->q->plan_comm_eff, c->inter_lat };
    return asel_perf_allreduce(bytes, n / in_node, in_node, &l);
}

/* One pass's parts per micro-batch on one device. */
typedef struct pass {
    double compute, memory, overhead;
} pass;

static double pass_time(const asel_plan_env *e, double flops, double attn_flops,
                        double weight_bytes, double elem_bytes, double kernels, pass *acc)
{
    double c = flops / e->peak + attn_flops / e->attn_peak;
    double w = weight_bytes / e->bw, m = elem_bytes / e->bw;
    double o = kernels * e->q->overhead_s;
    acc->compute += fmax(c, w);
    acc->memory += m;
    acc->overhead += o;
    return fmax(c, w) + m + o;
}

/* A block's passes for one micro-batch: forward, backward, recomputation;
 * the attention core's share for the context-parallel overlap and the
 * GEMMs' for the tensor-parallel one. */
typedef struct block_time {
    double fwd, bwd, rec, attn, gemm;
    double fwd_attn, fwd_gemm; /* of the forward pass alone */
    pass parts;
    double rec_compute, useful_flops;
} block_time;

static void block(const asel_plan_env *e, const accelsel_plan *pl, block_time *bt)
{
    const accelsel_transformer_info *t = e->t;
    double tp = pl->tp, sig = pl->sequence_parallel == ACCELSEL_PLAN_ON ? tp : 1;
    double s = (double)t->sequence, tok = pl->micro_batch * s / pl->cp, h = (double)t->hidden;
    double kvd = (double)(t->kv_heads * t->head_dim), g = t->gated ? 3 : 2;
    double f = (double)t->ffn * (t->experts > 0 ? (double)t->top_k : 1);
    double gemm = 2 * tok * (2 * h * h + 2 * h * kvd + g * h * f) / tp +
                  2 * tok * h * (double)t->experts;
    double lora = 2 * tok * (double)t->lora_rank * (4 * h + 2 * kvd);
    double causal = t->family == ACCELSEL_TRANSFORMER_DECODER ? 0.5 : 1;
    double attn = 4 * tok * s * h / tp * causal;
    double elem = e->act_bytes * tok * (10 * h / sig + (t->gated ? 5 : 2) * f / tp) *
                  (1 - e->q->fusion);
    /* Context parallelism runs attention as a ring of cp steps, each its
     * own kernel on the keys and values that step brought. */
    double wbytes = e->block_params / tp * e->act_bytes;
    double kernels = (t->gated ? 12 : 10) + (pl->cp - 1.0);
    double wgrad = t->lora_rank > 0 ? 0 : gemm; /* frozen weights take no weight gradient */
    int full = pl->recompute == ACCELSEL_RECOMPUTE_FULL;
    *bt = (block_time){ 0 };
    bt->fwd = pass_time(e, gemm + lora, attn, wbytes, elem, kernels, &bt->parts);
    /* Backward: input and weight gradients of the GEMMs; fused attention's
     * backward recomputes the scores: 2.5 times its forward (Dao 2023). */
    bt->bwd = pass_time(e, gemm + wgrad + 2 * lora, 2.5 * attn, 2 * wbytes, 2 * elem, kernels,
                        &bt->parts);
    bt->attn = 3.5 * attn / e->attn_peak;
    bt->gemm = ((2 + full) * (gemm + lora) + wgrad + lora) / e->peak;
    bt->fwd_attn = attn / e->attn_peak;
    bt->fwd_gemm = (gemm + lora) / e->peak;
    double again = full ? gemm + lora : 0;
    double again_attn = full || (pl->recompute == ACCELSEL_RECOMPUTE_SELECTIVE && !e->fused)
                            ? attn : 0;
    if (again + again_attn > 0) {
        pass r = { 0 };
        bt->rec = pass_time(e, again, again_attn, full ? wbytes : 0, full ? elem : 0,
                            full ? kernels : 1, &r);
        bt->parts.compute += r.compute;
        bt->parts.memory += r.memory;
        bt->parts.overhead += r.overhead;
        bt->rec_compute = r.compute;
    }
    bt->useful_flops = 2 * gemm + wgrad + 3 * lora + 3.5 * attn;
}

/* The output layer (decoders: logits and cross-entropy over the
 * vocabulary; encoders: the pooler) or the embedding, per micro-batch:
 * its forward pass, and both passes. */
typedef struct end_time {
    double fwd, both, flops;
} end_time;

static end_time ends(const asel_plan_env *e, const accelsel_plan *pl, int head, pass *acc)
{
    const accelsel_transformer_info *t = e->t;
    double tok = pl->micro_batch * (double)t->sequence / pl->cp, h = (double)t->hidden;
    end_time r = { 0 };
    if (!head) {
        double bytes = tok * h * e->act_bytes;
        r.fwd = pass_time(e, 0, 0, 0, bytes, 1, acc);
        r.both = r.fwd + pass_time(e, 0, 0, 0, 2 * bytes, 1, acc);
        return r;
    }
    double rows = t->family == ACCELSEL_TRANSFORMER_ENCODER ? pl->micro_batch : tok;
    double width = t->family == ACCELSEL_TRANSFORMER_ENCODER ? h : (double)t->vocab;
    double gemm = 2 * rows * h * width / pl->tp, wgrad = e->trained_head > 0 ? gemm : 0;
    double logits = rows * width / pl->tp * 4; /* fp32 for the loss */
    double wbytes = e->head_params / pl->tp * e->act_bytes;
    r.flops = 2 * gemm + wgrad;
    r.fwd = pass_time(e, gemm, 0, wbytes, logits, 2, acc);
    r.both = r.fwd + pass_time(e, gemm + wgrad, 0, 2 * wbytes, 2 * logits, 2, acc);
    return r;
}

/* Bytes per device of the stage holding @p blocks blocks and @p extra other
 * parameters (trained: @p trained_extra): weights, gradients, optimizer. */
static void state(const asel_plan_env *e, const accelsel_plan *pl, double blocks, double extra,
                  double trained_extra, double out[3])
{
    double shards = (double)pl->dp * pl->cp, ew = e->act_bytes;
    double all = (blocks * e->block_params + extra) / pl->tp;
    double trained = (blocks * e->trained_block + trained_extra) / pl->tp;
    out[0] = (trained * ew + (all - trained) * e->frozen_bytes) /
             (pl->sharding >= ACCELSEL_SHARDING_PARAMETERS ? shards : 1);
    out[1] = trained * ew / (pl->sharding >= ACCELSEL_SHARDING_GRADIENTS ? shards : 1);
    /* fp32 training keeps its weights as the master copy: Adam's moments alone. */
    out[2] = trained * (ew >= 4 ? 8 : ASEL_PLAN_ADAM_STATE) /
             (pl->sharding >= ACCELSEL_SHARDING_OPTIMIZER ? shards : 1);
}

static void memory(const asel_plan_env *e, const accelsel_plan *pl, double m, double blocks,
                   int plus2, accelsel_plan_prediction *out)
{
    const accelsel_transformer_info *t = e->t;
    double pp = pl->pp, v = pl->interleave, b = pl->micro_batch;
    double per_block = asel_plan_block_activations(e, pl, b);
    double spare = pl->recompute == ACCELSEL_RECOMPUTE_FULL
                       ? asel_plan_block_activations(e, &(accelsel_plan){ .tp = pl->tp,
                           .cp = pl->cp, .sequence_parallel = pl->sequence_parallel,
                           .recompute = ACCELSEL_RECOMPUTE_NONE }, b)
                       : 0;
    /* The first stage keeps min(m, pp) micro-batches in flight under 1F1B,
     * and (1 + (pp - 1) / (pp v)) times that interleaved (Korthikanti et
     * al. 2022, section 4.2.3); the last stage one, and fp32 logits. */
    double inflight = fmin(m, pp) * (v > 1 ? 1 + (pp - 1) / (pp * v) : 1);
    double tok = b * (double)t->sequence / pl->cp;
    double logits = t->family == ACCELSEL_TRANSFORMER_DECODER
                        ? 4 * tok * (double)t->vocab / pl->tp
                        : 0;
    double edge = pp > 1 && plus2 ? blocks - 1 : blocks;
    double first_act = per_block * edge * inflight + spare, first[3], last[3];
    double last_act = per_block * edge + spare + logits;
    state(e, pl, edge, e->embed_params + (pp == 1 ? e->head_params : 0),
          e->trained_embed + (pp == 1 ? e->trained_head : 0), first);
    state(e, pl, edge, e->head_params, e->trained_head, last);
    if (pp == 1) { /* one stage holds everything */
        last_act = first_act + logits;
        memcpy(last, first, sizeof last);
    }
    double f = first[0] + first[1] + first[2] + first_act;
    double l = last[0] + last[1] + last[2] + last_act;
    const double *w = l > f ? last : first;
    out->weight_bytes = w[0];
    out->gradient_bytes = w[1];
    out->optimizer_bytes = w[2];
    out->activation_bytes = l > f ? last_act : first_act;
    out->memory_needed_bytes = fmax(f, l);
    out->memory_available_bytes = e->cfg->dev->memory_bytes;
}

/* Parameters per device of the busiest stage (@p trained: those trained):
 * its blocks and the larger of the embedding and the output layer, or
 * both when one stage holds the whole network. */
static double stage_params(const asel_plan_env *e, const accelsel_plan *pl, double blocks,
                           int trained)
{
    double b = trained ? e->trained_block : e->block_params;
    double in = trained ? e->trained_embed : e->embed_params;
    double out = trained ? e->trained_head : e->head_params;
    return (blocks * b + (pl->pp == 1 ? in + out : fmax(in, out))) / pl->tp;
}

/* Data parallelism over dp x cp replicas (placed tp ranks apart): the
 * gradient reduction and, sharded, the gathers of ZeRO (Rajbhandari et al.
 * 2020: 2 psi for none, 1 and 2; 3 psi for 3, per micro-batch there). */
static void data_parallel(const asel_plan_env *e, const accelsel_plan *pl, double m,
                          double blocks, double fwd, double bwd, accelsel_plan_prediction *out)
{
    double n = (double)pl->dp * pl->cp, ew = e->act_bytes;
    double trained = stage_params(e, pl, blocks, 1), all = stage_params(e, pl, blocks, 0);
    double ar = allreduce(e, trained * ew, n, pl->tp), half = ar / 2;
    double gather = allreduce(e, all * ew, n, pl->tp) / 2, ov = e->q->overlap;
    double per_mb = 0, per_step = 0;
    switch (pl->sharding) {
    case ACCELSEL_SHARDING_NONE: per_step = ar; break;
    case ACCELSEL_SHARDING_OPTIMIZER: per_step = 2 * half; break;
    case ACCELSEL_SHARDING_GRADIENTS: per_mb = half, per_step = half; break;
    default: per_mb = 2 * gather + half; break;
    }
    /* Gradients are reduced while the backward pass makes them; ZeRO-3's
     * gathers also run ahead of the forward. The last micro-batch's window
     * hides the step's part too, never twice; ZeRO-1's gather of the
     * updated parameters runs beside the next step's first forward pass
     * (Megatron-LM's overlapped parameter gather). */
    double w = ov * (pl->sharding == ACCELSEL_SHARDING_PARAMETERS ? fwd + bwd : bwd);
    out->dp_s = m * per_mb + per_step;
    out->dp_exposed_s = pl->sharding == ACCELSEL_SHARDING_OPTIMIZER
                            ? fmax(0, half - w) + fmax(0, half - ov * fwd)
                            : (m - 1) * fmax(0, per_mb - w) + fmax(0, per_mb + per_step - w);
}

/* Sends between stages: 2 per micro-batch and model chunk (activations
 * forward, their gradients back), over the network when a stage's tp x cp
 * x dp devices fill a scale-up domain. */
static double p2p(const asel_plan_env *e, const accelsel_plan *pl)
{
    const asel_perf_config *c = e->cfg;
    if (pl->pp <= 1)
        return 0;
    double sig = pl->sequence_parallel == ACCELSEL_PLAN_ON ? pl->tp : 1;
    double bytes = pl->micro_batch * (double)e->t->sequence / pl->cp * (double)e->t->hidden *
                   e->act_bytes / sig;
    int across = (double)pl->tp * pl->cp * pl->dp >= c->domain;
    double bw = (across ? c->inter_bw : c->intra_bw) * e->q->plan_comm_eff;
    return 2.0 * pl->interleave * (bytes / bw + (across ? c->inter_lat : c->intra_lat));
}

/* The collectives of one block and micro-batch on the critical path:
 * tensor parallelism's all-reduces (or reduce-scatter and all-gather
 * pairs), 2 per pass, less what the GEMMs they are pipelined with hide;
 * context parallelism's key-value exchange, less the attention it runs
 * beside. */
typedef struct block_comm {
    double tp1, cp1; /* one collective of each */
} block_comm;

static block_comm comm_of(const asel_plan_env *e, const accelsel_plan *pl)
{
    const accelsel_transformer_info *t = e->t;
    double act = pl->micro_batch * (double)t->sequence / pl->cp * (double)t->hidden * e->act_bytes;
    double kv = 2 * act / (double)t->hidden * (double)(t->kv_heads * t->head_dim) / pl->tp;
    block_comm c = { allreduce(e, act, pl->tp, 1), 0 };
    c.cp1 = pl->cp > 1 ? allreduce(e, kv * pl->cp, pl->cp, pl->tp) / 2 : 0;
    return c;
}

/* Busiest stage of @p blocks blocks (@p edge beside the embedding or the
 * output layer) per micro-batch, given a block's time and the ends'. */
static double stage_time(double pp, double blocks, double edge, double per_block, double head,
                         double embed)
{
    return pp > 1 ? fmax(blocks * per_block, edge * per_block + fmax(head, embed))
                  : blocks * per_block + head + embed;
}

double asel_plan_forward_s(const asel_plan_env *e, const accelsel_plan *pl, double seqs)
{
    const accelsel_transformer_info *t = e->t;
    double pp = pl->pp, blocks = asel_plan_stage_blocks(t, pl);
    int plus2 = fmod((double)t->layers, pp * pl->interleave) != 0;
    double edge = pp > 1 && plus2 ? blocks - 1 : blocks;
    block_time bt;
    block(e, pl, &bt);
    pass unused = { 0 };
    end_time head = ends(e, pl, 1, &unused), embed = ends(e, pl, 0, &unused);
    block_comm c = comm_of(e, pl);
    double tp = fmax(0, 2 * c.tp1 - e->q->plan_tp_overlap * bt.fwd_gemm);
    double cp = fmax(0, c.cp1 - bt.fwd_attn);
    double mb = stage_time(pp, blocks, edge, bt.fwd + tp + cp, head.fwd, embed.fwd) +
                p2p(e, pl) / 2;
    double m = ceil(seqs / ((double)pl->dp * pl->micro_batch));
    return (m + (pp - 1) / pl->interleave) * mb;
}

int asel_plan_evaluate(const asel_plan_env *e, const accelsel_plan *pl,
                       accelsel_plan_prediction *out)
{
    const accelsel_transformer_info *t = e->t;
    double m = e->gbs / ((double)pl->dp * pl->micro_batch), pp = pl->pp;
    double blocks = asel_plan_stage_blocks(t, pl);
    int plus2 = fmod((double)t->layers, pp * pl->interleave) != 0;
    unsigned version = out->version;
    *out = (accelsel_plan_prediction){ .version = version, .plan = *pl, .micro_batches = m };
    block_time bt;
    block(e, pl, &bt);
    pass ends_parts = { 0 };
    end_time head = ends(e, pl, 1, &ends_parts), embed = ends(e, pl, 0, &ends_parts);
    /* Per micro-batch: the busiest stage (with the embedding or the output
     * layer, one block fewer where the blocks + 2 split), tp's collectives
     * (4 per block, 6 recomputing fully) beyond what the GEMMs hide, cp's
     * key-value exchange beyond the attention it hides behind, the sends. */
    double edge = pp > 1 && plus2 ? blocks - 1 : blocks;
    block_comm c = comm_of(e, pl);
    double n_tp = pl->recompute == ACCELSEL_RECOMPUTE_FULL ? 6 : 4;
    double n_cp = pl->recompute == ACCELSEL_RECOMPUTE_FULL ? 4 : 3;
    double tp_exp = fmax(0, n_tp * c.tp1 - e->q->plan_tp_overlap * bt.gemm);
    double cp_exp = fmax(0, n_cp * c.cp1 - bt.attn);
    double per_block = bt.fwd + bt.bwd + bt.rec;
    double stage = stage_time(pp, blocks, edge, per_block + tp_exp + cp_exp, head.both,
                              embed.both);
    double pp_mb = p2p(e, pl), mb = stage + pp_mb;
    /* 1F1B runs m micro-batches and fills and drains over pp - 1 more;
     * interleaving v chunks divides that bubble by v (Narayanan et al. 2021). */
    out->bubble_s = (pp - 1) / pl->interleave * mb;
    data_parallel(e, pl, m, blocks, blocks * bt.fwd, blocks * bt.bwd, out);
    double trained = stage_params(e, pl, blocks, 1);
    if (pl->sharding >= ACCELSEL_SHARDING_OPTIMIZER)
        trained /= (double)pl->dp * pl->cp;
    out->optimizer_s = trained * ASEL_PLAN_ADAM_BYTES / e->bw + e->q->overhead_s;
    out->tp_s = m * blocks * n_tp * c.tp1;
    out->tp_exposed_s = m * blocks * tp_exp;
    out->cp_s = m * blocks * n_cp * c.cp1;
    out->cp_exposed_s = m * blocks * cp_exp;
    out->pp_s = out->pp_exposed_s = m * pp_mb;
    out->compute_s = m * (blocks * bt.parts.compute + ends_parts.compute);
    out->recompute_s = m * blocks * bt.rec_compute;
    out->memory_s = m * (blocks * bt.parts.memory + ends_parts.memory);
    out->overhead_s = m * (blocks * bt.parts.overhead + ends_parts.overhead) + e->q->plan_step_s;
    out->step_s = m * mb + out->bubble_s + out->dp_exposed_s + out->optimizer_s +
                  e->q->plan_step_s;
    double seqs = e->gbs, count = e->cfg->count;
    out->throughput_samples_s = seqs / out->step_s;
    out->tokens_s = out->throughput_samples_s * (double)t->sequence;
    double useful = (bt.useful_flops * (double)t->layers + head.flops) * pl->tp * pl->cp *
                    (seqs / pl->micro_batch);
    out->mfu = useful / (out->step_s * count * e->cfg->dev->peak_flops[e->cfg->precision]);
    memory(e, pl, m, blocks, plus2, out);
    return out->memory_needed_bytes > e->cfg->dev->memory_bytes;
}
