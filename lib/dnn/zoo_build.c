/* The zoo's layer builder (see zoo_build.h). */
#include <stdarg.h>
#include <stdio.h>

#include "dnn/zoo_build.h"

/* Append a layer of @p kind reading @p in[0..n-1], named from @p fmt. */
static asel_layer *add(zb *z, int kind, const char *const *in, size_t n, const char *fmt,
                       va_list ap)
{
    if (z->rc != 0)
        return NULL;
    char name[160];
    vsnprintf(name, sizeof name, fmt, ap);
    size_t index;
    z->rc = asel_net_add(z->net, kind, name, (asel_pos){0, 0}, &index);
    for (size_t e = 0; z->rc == 0 && e < n; e++)
        z->rc = asel_net_add_edge(z->net, index, in[e], (asel_pos){0, 0});
    return z->rc == 0 ? &z->net->layers[index] : NULL;
}

/* The common shape of the one-input helpers: append, then set attributes
 * only if the layer exists. */
#define ONE_INPUT(kind, in, fmt, setup)                                                   \
    do {                                                                                 \
        va_list ap;                                                                      \
        va_start(ap, fmt);                                                               \
        asel_layer *l = add(z, kind, &in, 1, fmt, ap);                                   \
        va_end(ap);                                                                      \
        if (l == NULL)                                                                   \
            return "";                                                                   \
        setup;                                                                           \
        return l->name;                                                                  \
    } while (0)

static const char *input(zb *z, uint32_t rank, const int64_t *shape, const char *name)
{
    if (z->rc != 0)
        return "";
    size_t index;
    z->rc = asel_net_add(z->net, ACCELSEL_LAYER_INPUT, name, (asel_pos){0, 0}, &index);
    if (z->rc != 0)
        return "";
    asel_layer *l = &z->net->layers[index];
    l->rank = rank;
    for (uint32_t d = 0; d < rank; d++)
        l->shape[d] = shape[d];
    return l->name;
}

const char *zb_input3(zb *z, int64_t c, int64_t h, int64_t w, const char *name)
{
    const int64_t shape[3] = {c, h, w};
    return input(z, 3, shape, name);
}

const char *zb_input1(zb *z, int64_t n, const char *name)
{
    return input(z, 1, &n, name);
}

const char *zb_conv(zb *z, const char *in, int64_t out, int64_t k, int64_t stride, int64_t pad,
                    int flags, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_CONV2D, in, fmt, {
        l->out = out;
        l->kernel[0] = l->kernel[1] = k;
        l->stride[0] = l->stride[1] = stride;
        l->padding[0] = l->padding[1] = pad;
        l->bias = (flags & ZB_BIAS) != 0;
        l->depthwise = (flags & ZB_DEPTHWISE) != 0;
    });
}

const char *zb_bn(zb *z, const char *in, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_BATCHNORM, in, fmt, {});
}

const char *zb_ln(zb *z, const char *in, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_LAYERNORM, in, fmt, {});
}

const char *zb_rmsnorm(zb *z, const char *in, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_RMSNORM, in, fmt, {});
}

const char *zb_act(zb *z, const char *in, int op, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_ACTIVATION, in, fmt, { l->op = op; });
}

const char *zb_pool(zb *z, const char *in, int mode, int64_t k, int64_t stride, int64_t pad,
                    const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_POOL, in, fmt, {
        l->op = mode;
        l->kernel[0] = l->kernel[1] = k;
        l->stride[0] = l->stride[1] = stride;
        l->padding[0] = l->padding[1] = pad;
    });
}

const char *zb_global_pool(zb *z, const char *in, int mode, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_POOL, in, fmt, {
        l->op = mode;
        l->global = 1;
    });
}

const char *zb_linear(zb *z, const char *in, int64_t out, int bias, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_LINEAR, in, fmt, {
        l->out = out;
        l->bias = bias;
    });
}

const char *zb_linear_tied(zb *z, const char *in, int64_t out, const char *table,
                           const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_LINEAR, in, fmt, {
        l->out = out;
        l->bias = 0;
        z->rc = asel_net_set_weights_from(l, table, (asel_pos){0, 0});
    });
}

const char *zb_attention(zb *z, const char *in, int64_t heads, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_ATTENTION, in, fmt, { l->heads = heads; });
}

const char *zb_embedding(zb *z, const char *in, int64_t vocab, int64_t dim, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_EMBEDDING, in, fmt, {
        l->vocab = vocab;
        l->out = dim;
    });
}

const char *zb_flatten(zb *z, const char *in, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_FLATTEN, in, fmt, {});
}

const char *zb_slice(zb *z, const char *in, int64_t axis, int64_t start, int64_t size,
                     const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_SLICE, in, fmt, {
        l->axis = axis;
        l->start = start;
        l->size = size;
    });
}

const char *zb_add(zb *z, const char *const *in, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    asel_layer *l = add(z, ACCELSEL_LAYER_ADD, in, n, fmt, ap);
    va_end(ap);
    return l != NULL ? l->name : "";
}

const char *zb_add2(zb *z, const char *a, const char *b, const char *fmt, ...)
{
    const char *in[2] = {a, b};
    va_list ap;
    va_start(ap, fmt);
    asel_layer *l = add(z, ACCELSEL_LAYER_ADD, in, 2, fmt, ap);
    va_end(ap);
    return l != NULL ? l->name : "";
}

const char *zb_mul2(zb *z, const char *a, const char *b, const char *fmt, ...)
{
    const char *in[2] = {a, b};
    va_list ap;
    va_start(ap, fmt);
    asel_layer *l = add(z, ACCELSEL_LAYER_MUL, in, 2, fmt, ap);
    va_end(ap);
    return l != NULL ? l->name : "";
}

const char *zb_moe(zb *z, const char *in, int64_t experts, int64_t top_k, int64_t hidden,
                   int gated, int op, const char *fmt, ...)
{
    ONE_INPUT(ACCELSEL_LAYER_MOE, in, fmt, {
        l->experts = experts;
        l->top_k = top_k;
        l->out = hidden;
        l->gated = gated;
        l->op = op;
    });
}

asel_layer *zb_last(zb *z)
{
    return z->rc == 0 && z->net->n > 0 ? &z->net->layers[z->net->n - 1] : NULL;
}

const char *zb_concat(zb *z, const char *const *in, size_t n, int64_t axis, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    asel_layer *l = add(z, ACCELSEL_LAYER_CONCAT, in, n, fmt, ap);
    va_end(ap);
    if (l == NULL)
        return "";
    l->axis = axis;
    return l->name;
}
