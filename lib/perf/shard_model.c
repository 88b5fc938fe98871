/* Sharding strategies: see shard_model.h and docs/mapping.md. */
#include <math.h>

#include "perf/shard_model.h"

static int is_mac(const accelsel_layer_info *l)
{
    return l->kind == ACCELSEL_LAYER_CONV2D || l->kind == ACCELSEL_LAYER_LINEAR ||
           l->kind == ACCELSEL_LAYER_MATMUL || l->kind == ACCELSEL_LAYER_ATTENTION;
}

/* Layers that work element by element or channel by channel: any split of
 * their elements is a valid split of their work. */
static int is_elementwise(const accelsel_layer_info *l)
{
    return l->kind == ACCELSEL_LAYER_POOL || l->kind == ACCELSEL_LAYER_BATCHNORM ||
           l->kind == ACCELSEL_LAYER_ACTIVATION || l->kind == ACCELSEL_LAYER_ADD;
}

/* Rows a spatial split can cut: output rows of a convolution or pooling,
 * tokens of a GEMM. */
static double split_rows(const accelsel_layer_info *l)
{
    if (l->kind == ACCELSEL_LAYER_CONV2D || l->kind == ACCELSEL_LAYER_POOL ||
        l->kind == ACCELSEL_LAYER_BATCHNORM)
        return (double)l->out_h;
    if (l->kind == ACCELSEL_LAYER_LINEAR || l->kind == ACCELSEL_LAYER_MATMUL)
        return (double)l->gemm_m;
    if (l->kind == ACCELSEL_LAYER_ACTIVATION || l->kind == ACCELSEL_LAYER_ADD)
        return l->rank >= 2 ? (double)l->shape[0] : 0;
    return 0;
}

int asel_shard_applies(const accelsel_layer_info *l, int strategy, uint32_t batch)
{
    switch (strategy) {
    case ASEL_SHARD_NONE:
        return 1;
    case ASEL_SHARD_BATCH:
        return l->kind != ACCELSEL_LAYER_INPUT && batch >= 2;
    case ASEL_SHARD_OUTPUT_CHANNELS:
        return is_mac(l) || is_elementwise(l);
    case ASEL_SHARD_INPUT_CHANNELS:
        return (l->kind == ACCELSEL_LAYER_CONV2D && !l->depthwise && l->groups == 1) ||
               l->kind == ACCELSEL_LAYER_LINEAR || l->kind == ACCELSEL_LAYER_MATMUL;
    case ASEL_SHARD_SPATIAL:
        return split_rows(l) > 1;
    default:
        return 0;
    }
}

/* Every per-sample figure of @p s divided among @p g slots (largest share). */
static void scale(asel_layer_shape *s, double in, double out, double w, double flops)
{
    s->in_elems *= in;
    s->out_elems *= out;
    s->w_elems *= w;
    s->elem_flops *= flops;
}

static void split_outputs(const accelsel_layer_info *l, asel_layer_shape *s, double g)
{
    asel_gemm_part *p = &s->part[0];
    double f;
    if (l->kind == ACCELSEL_LAYER_ATTENTION) {
        /* heads split (Megatron-style): each slot its heads' projections */
        f = ceil(l->heads / g) / l->heads;
        p->m = ceil(p->m * f);
        s->part[1].g = s->part[2].g = ceil(l->heads / g);
    } else if (s->n_parts > 0 && p->m == 1 && p->g > 1) {
        f = ceil(p->g / g) / p->g; /* depthwise: whole groups per slot */
        p->g = ceil(p->g / g);
    } else if (s->n_parts > 0) {
        f = ceil(p->m / g) / p->m;
        p->m = ceil(p->m / g);
    } else {
        f = 1 / g;
    }
    scale(s, s->n_parts > 0 ? 1 : f, f, f, f);
}

static void split_rows_of(const accelsel_layer_info *l, asel_layer_shape *s, double g)
{
    double rows = split_rows(l), f = ceil(rows / g) / rows;
    if (s->n_parts > 0)
        s->part[0].r = ceil(s->part[0].r / g);
    scale(s, f, f, 1, f);
}

/* Rows of input each slot of a spatial split needs from its neighbours. */
static double halo_bytes(const accelsel_layer_info *l, double batch, double bytes)
{
    if (l->kind != ACCELSEL_LAYER_CONV2D && l->kind != ACCELSEL_LAYER_POOL)
        return 0;
    double rows = (double)l->kernel_h - (double)l->stride_h;
    if (rows <= 0)
        return 0;
    return 2 * rows * (double)l->in_w * (double)l->in_channels * batch * bytes;
}

static double in_fraction(const asel_layer_shape *share, const asel_layer_shape *full)
{
    return full->in_elems > 0 ? share->in_elems / full->in_elems : 1;
}

void asel_shard_plan(const accelsel_layer_info *l, const asel_layer_shape *full, int strategy,
                     unsigned g, double bytes, asel_shard *out)
{
    double gd = g, outb = full->out_elems * full->batch * bytes;
    out->share = *full;
    out->coll_bytes = out->coll_steps = 0;
    out->in_frac = 1;
    if (g <= 1 || strategy == ASEL_SHARD_NONE)
        return;
    switch (strategy) {
    case ASEL_SHARD_BATCH:
        out->share.batch = ceil(full->batch / gd);
        out->in_frac = out->share.batch / full->batch;
        break;
    case ASEL_SHARD_OUTPUT_CHANNELS: /* ring all-gather of the outputs */
        split_outputs(l, &out->share, gd);
        out->in_frac = in_fraction(&out->share, full);
        out->coll_bytes = (gd - 1) / gd * outb;
        out->coll_steps = gd - 1;
        break;
    case ASEL_SHARD_INPUT_CHANNELS: { /* ring all-reduce of partial sums */
        asel_gemm_part *p = &out->share.part[0];
        double f = ceil(p->n / gd) / p->n;
        p->n = ceil(p->n / gd);
        scale(&out->share, f, 1, f, 1);
        out->in_frac = f;
        out->coll_bytes = 2 * (gd - 1) / gd * outb;
        out->coll_steps = 2 * (gd - 1);
        break;
    }
    case ASEL_SHARD_SPATIAL: /* halo exchange, then all-gather */
        split_rows_of(l, &out->share, gd);
        out->in_frac = in_fraction(&out->share, full);
        out->coll_bytes = halo_bytes(l, full->batch, bytes) + (gd - 1) / gd * outb;
        out->coll_steps = gd;
        break;
    default:
        break;
    }
}
