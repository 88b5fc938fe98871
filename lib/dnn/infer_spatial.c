/* Shapes and counts of the windowed kinds on [C, H, W]: conv2d and pool. */
#include "dnn/net.h"

/* Output size of a window sliding over @p in with zero padding @p pad on each
 * side (PyTorch's floor rule); 0 when the window does not fit once. */
static uint64_t out_size(uint64_t in, int64_t k, int64_t s, int64_t pad, int64_t dil)
{
    uint64_t span = (uint64_t)dil * (uint64_t)(k - 1) + 1;
    uint64_t padded = in + 2 * (uint64_t)pad;
    return padded < span ? 0 : (padded - span) / (uint64_t)s + 1;
}

static int expect_chw(asel_infer_ctx *c)
{
    if (c->in[0]->rank == 3)
        return 0;
    char s[64];
    asel_shape_text(c->in[0], s, sizeof s);
    return asel_infer_fail(c, "input shape %s is not [C, H, W]", s);
}

/* Set the window geometry and output size shared by conv2d and pool. */
static int window(asel_infer_ctx *c, const int64_t *dil)
{
    const asel_layer *l = c->l;
    accelsel_layer_info *o = &c->l->info;
    o->in_channels = c->in[0]->shape[0];
    o->in_h = c->in[0]->shape[1];
    o->in_w = c->in[0]->shape[2];
    o->out_h = out_size(o->in_h, l->kernel[0], l->stride[0], l->padding[0], dil[0]);
    o->out_w = out_size(o->in_w, l->kernel[1], l->stride[1], l->padding[1], dil[1]);
    if (o->out_h == 0 || o->out_w == 0)
        return asel_infer_fail(c, "kernel %lldx%lld (dilation %lldx%lld) does not fit the padded "
                               "input %llux%llu",
                               (long long)l->kernel[0], (long long)l->kernel[1],
                               (long long)dil[0], (long long)dil[1],
                               (unsigned long long)(o->in_h + 2 * (uint64_t)l->padding[0]),
                               (unsigned long long)(o->in_w + 2 * (uint64_t)l->padding[1]));
    o->kernel_h = (uint64_t)l->kernel[0];
    o->kernel_w = (uint64_t)l->kernel[1];
    o->stride_h = (uint64_t)l->stride[0];
    o->stride_w = (uint64_t)l->stride[1];
    o->pad_h = (uint64_t)l->padding[0];
    o->pad_w = (uint64_t)l->padding[1];
    return 0;
}

static void set_chw(accelsel_layer_info *o, uint64_t ch)
{
    o->out_channels = ch;
    o->rank = 3;
    o->shape[0] = ch;
    o->shape[1] = o->out_h;
    o->shape[2] = o->out_w;
}

static int infer_conv(asel_infer_ctx *c)
{
    const asel_layer *l = c->l;
    accelsel_layer_info *o = &c->l->info;
    int rc = window(c, l->dilation);
    if (rc != 0)
        return rc;
    uint64_t groups = l->depthwise ? o->in_channels : (uint64_t)l->groups;
    if (o->in_channels % groups != 0)
        return asel_infer_fail(c, "in_channels %llu not divisible by groups %llu",
                               (unsigned long long)o->in_channels, (unsigned long long)groups);
    if ((uint64_t)l->out % groups != 0)
        return asel_infer_fail(c, "out_channels %lld not divisible by groups %llu",
                               (long long)l->out, (unsigned long long)groups);
    set_chw(o, (uint64_t)l->out);
    o->dilation_h = (uint64_t)l->dilation[0];
    o->dilation_w = (uint64_t)l->dilation[1];
    o->groups = groups;
    o->depthwise = (uint32_t)l->depthwise;
    o->has_bias = (uint32_t)l->bias;
    o->gemm_batch = groups;
    o->gemm_m = asel_mul(c, o->out_h, o->out_w);
    o->gemm_n = o->out_channels / groups;
    o->gemm_k = asel_mul(c, asel_mul(c, o->in_channels / groups, o->kernel_h), o->kernel_w);
    uint64_t per_out = asel_mul(c, o->out_channels, o->gemm_k); /* weights */
    o->params = asel_add(c, per_out, l->bias ? o->out_channels : 0);
    o->weight_elements = o->params;
    o->macs = asel_mul(c, per_out, o->gemm_m);
    o->elementwise_flops = l->bias ? asel_mul(c, o->out_channels, o->gemm_m) : 0;
    return 0;
}

static int infer_pool(asel_infer_ctx *c)
{
    asel_layer *l = c->l;
    accelsel_layer_info *o = &c->l->info;
    o->op = asel_pool_name(l->op);
    o->global = (uint32_t)l->global;
    if (l->global) {
        /* One window over the whole plane. */
        o->in_channels = c->in[0]->shape[0];
        o->in_h = o->kernel_h = o->stride_h = c->in[0]->shape[1];
        o->in_w = o->kernel_w = o->stride_w = c->in[0]->shape[2];
        o->out_h = o->out_w = 1;
    } else {
        for (int d = 0; d < 2; d++)
            if (2 * l->padding[d] > l->kernel[d])
                return asel_infer_fail(c, "padding %lld exceeds half the kernel %lld",
                                       (long long)l->padding[d], (long long)l->kernel[d]);
        static const int64_t no_dilation[2] = {1, 1};
        int rc = window(c, no_dilation);
        if (rc != 0)
            return rc;
    }
    set_chw(o, o->in_channels);
    uint64_t window_size = asel_mul(c, o->kernel_h, o->kernel_w);
    o->elementwise_flops =
        asel_mul(c, asel_mul(c, asel_mul(c, o->out_channels, o->out_h), o->out_w), window_size);
    return 0;
}

int asel_infer_spatial(asel_infer_ctx *c)
{
    int rc = expect_chw(c);
    if (rc != 0)
        return rc;
    return c->l->kind == ACCELSEL_LAYER_CONV2D ? infer_conv(c) : infer_pool(c);
}
