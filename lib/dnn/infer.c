/* Shape and count inference for one layer: the per-kind step plus the
 * figures every kind shares (elements, bytes, FLOPs, intensity). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "dnn/net.h"

uint64_t asel_mul(asel_infer_ctx *c, uint64_t a, uint64_t b)
{
    uint64_t r;
    if (__builtin_mul_overflow(a, b, &r)) {
        c->overflow = 1;
        return 0;
    }
    return r;
}

uint64_t asel_add(asel_infer_ctx *c, uint64_t a, uint64_t b)
{
    uint64_t r;
    if (__builtin_add_overflow(a, b, &r)) {
        c->overflow = 1;
        return 0;
    }
    return r;
}

uint64_t asel_elements(asel_infer_ctx *c, const accelsel_layer_info *info)
{
    uint64_t n = 1;
    for (uint32_t d = 0; d < info->rank; d++)
        n = asel_mul(c, n, info->shape[d]);
    return n;
}

void asel_shape_text(const accelsel_layer_info *info, char *buf, size_t cap)
{
    size_t at = (size_t)snprintf(buf, cap, "[");
    for (uint32_t d = 0; d < info->rank && at < cap; d++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%llu", d ? ", " : "",
                               (unsigned long long)info->shape[d]);
    if (at < cap)
        snprintf(buf + at, cap - at, "]");
}

int asel_infer_fail(asel_infer_ctx *c, const char *fmt, ...)
{
    char msg[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return asel_net_fail(c->source, c->l->pos, ACCELSEL_EPARSE, "%s '%s': %s",
                         asel_kind_name(c->l->kind), c->l->name, msg);
}

static int infer_input(asel_infer_ctx *c)
{
    accelsel_layer_info *o = &c->l->info;
    o->rank = c->l->rank;
    for (uint32_t d = 0; d < o->rank; d++)
        o->shape[d] = (uint64_t)c->l->shape[d];
    return 0;
}

static int infer_kind(asel_infer_ctx *c)
{
    switch (c->l->kind) {
    case ACCELSEL_LAYER_INPUT:
        return infer_input(c);
    case ACCELSEL_LAYER_CONV2D:
    case ACCELSEL_LAYER_POOL:
        return asel_infer_spatial(c);
    case ACCELSEL_LAYER_LINEAR:
    case ACCELSEL_LAYER_MATMUL:
    case ACCELSEL_LAYER_ATTENTION:
    case ACCELSEL_LAYER_EMBEDDING:
        return asel_infer_dense(c);
    case ACCELSEL_LAYER_MOE:
        return asel_infer_moe(c);
    default:
        return asel_infer_elem(c);
    }
}

/* Elements, bytes, FLOPs and intensity from what the kind step set. */
static void common_figures(asel_infer_ctx *c, uint32_t bpe)
{
    accelsel_layer_info *o = &c->l->info;
    o->input_elements = 0;
    for (size_t e = 0; e < c->l->n_edges; e++)
        o->input_elements = asel_add(c, o->input_elements, asel_elements(c, c->in[e]));
    o->output_elements = asel_elements(c, o);
    o->input_bytes = asel_mul(c, o->input_elements, bpe);
    o->output_bytes = asel_mul(c, o->output_elements, bpe);
    o->weight_bytes = asel_mul(c, o->weight_elements, bpe);
    o->flops = asel_add(c, asel_mul(c, o->macs, 2), o->elementwise_flops);
    double bytes = (double)o->input_bytes + (double)o->output_bytes + (double)o->weight_bytes;
    o->intensity = bytes > 0 ? (double)o->flops / bytes : 0.0;
}

int asel_net_infer(accelsel_network *net, asel_layer *l, const char *source)
{
    const accelsel_layer_info **in = NULL;
    if (l->n_edges > 0 && asel_alloc_array(&in, l->n_edges, sizeof *in) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t e = 0; e < l->n_edges; e++)
        in[e] = &net->layers[l->inputs[e]].info;
    int64_t wf = l->info.weights_from;
    memset(&l->info, 0, sizeof l->info);
    l->info.weights_from = wf;
    asel_infer_ctx c = {source, l, in, wf >= 0 ? &net->layers[wf] : NULL, 0, 0};
    accelsel_layer_info *o = &l->info;
    o->version = ACCELSEL_LAYER_INFO_VERSION;
    o->kind = l->kind;
    o->name = l->name;
    o->kind_name = asel_kind_name(l->kind);
    o->n_inputs = (uint32_t)l->n_edges;
    int rc = infer_kind(&c);
    if (rc == 0)
        common_figures(&c, net->bpe);
    /* A frozen layer's adapters still train. */
    if (rc == 0 && !c.overflow && l->frozen)
        o->frozen_params = o->params - c.adapters;
    asel_free(in);
    if (rc == 0 && c.overflow)
        rc = asel_net_fail(source, l->pos, ACCELSEL_ERANGE, "%s '%s': counts overflow 64 bits",
                           asel_kind_name(l->kind), l->name);
    return rc;
}
