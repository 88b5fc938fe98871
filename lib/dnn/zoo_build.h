/* A small builder for the zoo models: each call appends one layer named
 * printf-style and returns the stored name, to be passed as the next layer's
 * input. Errors are sticky (as in asel_buf): after the first failure every
 * call does nothing and returns "", and z->rc holds the status. */
#ifndef ASEL_DNN_ZOO_BUILD_H
#define ASEL_DNN_ZOO_BUILD_H

#include "dnn/net.h"

typedef struct zb {
    accelsel_network *net;
    int rc;
} zb;

/* zb_conv flags */
#define ZB_BIAS 1      /* add a bias */
#define ZB_DEPTHWISE 2 /* one group per input channel */

const char *zb_input3(zb *z, int64_t c, int64_t h, int64_t w, const char *name);
const char *zb_input1(zb *z, int64_t n, const char *name);
const char *zb_conv(zb *z, const char *in, int64_t out, int64_t k, int64_t stride, int64_t pad,
                    int flags, const char *fmt, ...) __attribute__((format(printf, 8, 9)));
const char *zb_bn(zb *z, const char *in, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *zb_ln(zb *z, const char *in, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
const char *zb_rmsnorm(zb *z, const char *in, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *zb_act(zb *z, const char *in, int op, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *zb_pool(zb *z, const char *in, int mode, int64_t k, int64_t stride, int64_t pad,
                    const char *fmt, ...) __attribute__((format(printf, 7, 8)));
const char *zb_global_pool(zb *z, const char *in, int mode, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *zb_linear(zb *z, const char *in, int64_t out, int bias, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* A bias-free linear layer that reuses embedding @p table's weights. */
const char *zb_linear_tied(zb *z, const char *in, int64_t out, const char *table,
                           const char *fmt, ...) __attribute__((format(printf, 5, 6)));
const char *zb_attention(zb *z, const char *in, int64_t heads, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *zb_embedding(zb *z, const char *in, int64_t vocab, int64_t dim, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
const char *zb_add(zb *z, const char *const *in, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const char *zb_concat(zb *z, const char *const *in, size_t n, int64_t axis, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
const char *zb_flatten(zb *z, const char *in, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *zb_slice(zb *z, const char *in, int64_t axis, int64_t start, int64_t size,
                     const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Two-input add, the common residual case. */
const char *zb_add2(zb *z, const char *a, const char *b, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Two-input elementwise product (a gated feed-forward's gate times its up projection). */
const char *zb_mul2(zb *z, const char *a, const char *b, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* A mixture-of-experts feed-forward (see accelsel_layer_info). */
const char *zb_moe(zb *z, const char *in, int64_t experts, int64_t top_k, int64_t hidden,
                   int gated, int op, const char *fmt, ...) __attribute__((format(printf, 8, 9)));
/* The layer the last call appended, to set what the helpers do not (frozen,
 * adapters, key-value heads, bias); NULL after a failure. */
asel_layer *zb_last(zb *z);

#endif
