/* Shapes and counts of the kinds without MACs: norms, activations, add,
 * mul, concat, flatten and slice. */
#include "dnn/net.h"

static void copy_shape(accelsel_layer_info *o, const accelsel_layer_info *in)
{
    o->rank = in->rank;
    for (uint32_t d = 0; d < in->rank; d++)
        o->shape[d] = in->shape[d];
}

static int same_shape(const accelsel_layer_info *a, const accelsel_layer_info *b)
{
    if (a->rank != b->rank)
        return 0;
    for (uint32_t d = 0; d < a->rank; d++)
        if (a->shape[d] != b->shape[d])
            return 0;
    return 1;
}

/* Batch norm scales and shifts each channel (dimension 0); layer norm each
 * feature of the last dimension; RMS norm (Zhang and Sennrich 2019) only
 * scales it. All: one FLOP per element by convention. */
static int infer_norm(asel_infer_ctx *c)
{
    const accelsel_layer_info *in = c->in[0];
    accelsel_layer_info *o = &c->l->info;
    copy_shape(o, in);
    if (c->l->kind == ACCELSEL_LAYER_BATCHNORM) {
        if (in->rank > 3) {
            char s[64];
            asel_shape_text(in, s, sizeof s);
            return asel_infer_fail(c, "input shape %s is not [C], [C, L] or [C, H, W]", s);
        }
        o->in_channels = in->shape[0];
        if (in->rank == 3) {
            o->in_h = o->out_h = in->shape[1];
            o->in_w = o->out_w = in->shape[2];
        }
    } else {
        o->in_channels = in->shape[in->rank - 1];
    }
    o->out_channels = o->in_channels;
    o->params = asel_mul(c, c->l->kind == ACCELSEL_LAYER_RMSNORM ? 1 : 2, o->in_channels);
    o->weight_elements = o->params;
    o->elementwise_flops = asel_elements(c, o);
    return 0;
}

static int infer_activation(asel_infer_ctx *c)
{
    accelsel_layer_info *o = &c->l->info;
    copy_shape(o, c->in[0]);
    o->op = asel_act_name(c->l->op);
    o->elementwise_flops = asel_elements(c, o);
    return 0;
}

/* add and mul: elementwise over inputs of one shape. */
static int infer_add(asel_infer_ctx *c)
{
    accelsel_layer_info *o = &c->l->info;
    for (size_t e = 1; e < c->l->n_edges; e++)
        if (!same_shape(c->in[0], c->in[e])) {
            char s0[64], se[64];
            asel_shape_text(c->in[0], s0, sizeof s0);
            asel_shape_text(c->in[e], se, sizeof se);
            return asel_infer_fail(c, "input shapes %s ('%s') and %s ('%s') differ", s0,
                                   c->l->edges[0].name, se, c->l->edges[e].name);
        }
    copy_shape(o, c->in[0]);
    o->elementwise_flops = asel_mul(c, c->l->n_edges - 1, asel_elements(c, o));
    return 0;
}

static int infer_concat(asel_infer_ctx *c)
{
    accelsel_layer_info *o = &c->l->info;
    const accelsel_layer_info *first = c->in[0];
    char s0[64], se[64];
    asel_shape_text(first, s0, sizeof s0);
    uint64_t axis = (uint64_t)c->l->axis;
    if (axis >= first->rank)
        return asel_infer_fail(c, "axis %llu is out of range for input shape %s",
                               (unsigned long long)axis, s0);
    copy_shape(o, first);
    for (size_t e = 1; e < c->l->n_edges; e++) {
        const accelsel_layer_info *in = c->in[e];
        int fits = in->rank == first->rank;
        for (uint32_t d = 0; fits && d < in->rank; d++)
            fits = d == axis || in->shape[d] == first->shape[d];
        if (!fits) {
            asel_shape_text(in, se, sizeof se);
            return asel_infer_fail(c, "input shapes %s ('%s') and %s ('%s') differ outside "
                                   "axis %llu", s0, c->l->edges[0].name, se,
                                   c->l->edges[e].name, (unsigned long long)axis);
        }
        o->shape[axis] = asel_add(c, o->shape[axis], in->shape[axis]);
    }
    o->axis = axis;
    return 0;
}

static int infer_flatten(asel_infer_ctx *c)
{
    accelsel_layer_info *o = &c->l->info;
    o->rank = 1;
    o->shape[0] = asel_elements(c, c->in[0]);
    return 0;
}

static int infer_slice(asel_infer_ctx *c)
{
    const accelsel_layer_info *in = c->in[0];
    accelsel_layer_info *o = &c->l->info;
    char s[64];
    asel_shape_text(in, s, sizeof s);
    uint64_t axis = (uint64_t)c->l->axis, start = (uint64_t)c->l->start;
    uint64_t size = (uint64_t)c->l->size;
    if (axis >= in->rank)
        return asel_infer_fail(c, "axis %llu is out of range for input shape %s",
                               (unsigned long long)axis, s);
    if (start >= in->shape[axis] || size > in->shape[axis] - start)
        return asel_infer_fail(c, "start %llu + size %llu exceeds dimension %llu of %s",
                               (unsigned long long)start, (unsigned long long)size,
                               (unsigned long long)axis, s);
    copy_shape(o, in);
    o->shape[axis] = size;
    o->axis = axis;
    o->start = start;
    o->size = size;
    return 0;
}

int asel_infer_elem(asel_infer_ctx *c)
{
    switch (c->l->kind) {
    case ACCELSEL_LAYER_BATCHNORM:
    case ACCELSEL_LAYER_LAYERNORM:
    case ACCELSEL_LAYER_RMSNORM:
        return infer_norm(c);
    case ACCELSEL_LAYER_ACTIVATION:
        return infer_activation(c);
    case ACCELSEL_LAYER_ADD:
    case ACCELSEL_LAYER_MUL:
        return infer_add(c);
    case ACCELSEL_LAYER_CONCAT:
        return infer_concat(c);
    case ACCELSEL_LAYER_FLATTEN:
        return infer_flatten(c);
    default:
        return infer_slice(c);
    }
}
