/* Writing a network as YAML in the canonical form: fixed key order, default
 * attributes left out, so that save -> load -> save gives identical text. A
 * network built from a transformer's sizes is written as those sizes. */
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "dnn/xformer.h"

static void put_int(asel_buf *b, const char *key, int64_t v)
{
    asel_buf_printf(b, "    %s: %lld\n", key, (long long)v);
}

/* One integer when height and width agree, else [h, w]. */
static void put_pair(asel_buf *b, const char *key, const int64_t v[2])
{
    if (v[0] == v[1])
        put_int(b, key, v[0]);
    else
        asel_buf_printf(b, "    %s: [%lld, %lld]\n", key, (long long)v[0], (long long)v[1]);
}

static void put_pair_unless(asel_buf *b, const char *key, const int64_t v[2], int64_t dflt)
{
    if (v[0] != dflt || v[1] != dflt)
        put_pair(b, key, v);
}

static void put_text(asel_buf *b, const char *key, const char *s)
{
    asel_buf_printf(b, "    %s: ", key);
    asel_yaml_write_scalar(b, s);
    asel_buf_puts(b, "\n");
}

/* Names with ':' go in a block list: older libyaml rejects "a:b" in flow context. */
static void put_inputs(asel_buf *b, const asel_layer *l)
{
    int flow = 1;
    for (size_t e = 0; e < l->n_edges; e++)
        flow &= strchr(l->edges[e].name, ':') == NULL;
    asel_buf_puts(b, flow ? "    inputs: [" : "    inputs:\n");
    for (size_t e = 0; e < l->n_edges; e++) {
        asel_buf_puts(b, flow ? (e ? ", " : "") : "      - ");
        asel_yaml_write_scalar(b, l->edges[e].name);
        if (!flow)
            asel_buf_puts(b, "\n");
    }
    if (flow)
        asel_buf_puts(b, "]\n");
}

static void put_conv(asel_buf *b, const asel_layer *l)
{
    put_int(b, "out_channels", l->out);
    put_pair(b, "kernel", l->kernel);
    put_pair_unless(b, "stride", l->stride, 1);
    put_pair_unless(b, "padding", l->padding, 0);
    put_pair_unless(b, "dilation", l->dilation, 1);
    if (l->depthwise)
        asel_buf_puts(b, "    depthwise: true\n");
    else if (l->groups != 1)
        put_int(b, "groups", l->groups);
}

static void put_pool(asel_buf *b, const asel_layer *l)
{
    put_text(b, "mode", asel_pool_name(l->op));
    if (l->global) {
        asel_buf_puts(b, "    global: true\n");
        return;
    }
    put_pair(b, "kernel", l->kernel);
    if (l->stride[0] != l->kernel[0] || l->stride[1] != l->kernel[1])
        put_pair(b, "stride", l->stride);
    put_pair_unless(b, "padding", l->padding, 0);
}

static void put_attributes(asel_buf *b, const asel_layer *l)
{
    switch (l->kind) {
    case ACCELSEL_LAYER_CONV2D:
        put_conv(b, l);
        break;
    case ACCELSEL_LAYER_LINEAR:
        put_int(b, "out_features", l->out);
        if (l->weights_from.name != NULL)
            put_text(b, "weights_from", l->weights_from.name);
        break;
    case ACCELSEL_LAYER_MOE:
        put_int(b, "experts", l->experts);
        put_int(b, "top_k", l->top_k);
        put_int(b, "hidden", l->out);
        if (!l->gated)
            asel_buf_puts(b, "    gated: false\n");
        if (l->op != ASEL_ACT_SILU)
            put_text(b, "function", asel_act_name(l->op));
        break;
    case ACCELSEL_LAYER_MATMUL:
        if (l->transpose_b)
            asel_buf_puts(b, "    transpose_b: true\n");
        break;
    case ACCELSEL_LAYER_ATTENTION:
        put_int(b, "heads", l->heads);
        if (l->kv_heads != 0 && l->kv_heads != l->heads)
            put_int(b, "kv_heads", l->kv_heads);
        break;
    case ACCELSEL_LAYER_POOL:
        put_pool(b, l);
        break;
    case ACCELSEL_LAYER_ACTIVATION:
        put_text(b, "function", asel_act_name(l->op));
        break;
    case ACCELSEL_LAYER_EMBEDDING:
        put_int(b, "vocab", l->vocab);
        put_int(b, "dim", l->out);
        break;
    case ACCELSEL_LAYER_CONCAT:
    case ACCELSEL_LAYER_SLICE:
        if (l->axis != 0)
            put_int(b, "axis", l->axis);
        if (l->kind == ACCELSEL_LAYER_SLICE) {
            if (l->start != 0)
                put_int(b, "start", l->start);
            put_int(b, "size", l->size);
        }
        break;
    }
    int biased = l->kind == ACCELSEL_LAYER_CONV2D || l->kind == ACCELSEL_LAYER_LINEAR ||
                 l->kind == ACCELSEL_LAYER_ATTENTION;
    if (biased && !l->bias)
        asel_buf_puts(b, "    bias: false\n");
    if (l->lora_rank > 0)
        put_int(b, "lora_rank", l->lora_rank);
    if (l->frozen)
        asel_buf_puts(b, "    frozen: true\n");
}

static void put_input(asel_buf *b, const asel_layer *l)
{
    asel_buf_puts(b, "  - name: ");
    asel_yaml_write_scalar(b, l->name);
    asel_buf_puts(b, "\n    shape: [");
    for (uint32_t d = 0; d < l->rank; d++)
        asel_buf_printf(b, "%s%lld", d ? ", " : "", (long long)l->shape[d]);
    asel_buf_puts(b, "]\n");
}

static void put_layer(asel_buf *b, const asel_layer *l)
{
    asel_buf_puts(b, "  - name: ");
    asel_yaml_write_scalar(b, l->name);
    asel_buf_printf(b, "\n    kind: %s\n", asel_kind_name(l->kind));
    put_inputs(b, l);
    put_attributes(b, l);
}

ACCELSEL_API int accelsel_network_save_buffer(const accelsel_network *net, char **out,
                                              size_t *len)
{
    if (out == NULL)
        return asel_einval("accelsel_network_save_buffer", "out");
    *out = NULL;
    if (net == NULL)
        return asel_einval("accelsel_network_save_buffer", "net");
    asel_buf b = ASEL_BUF_INIT;
    asel_buf_puts(&b, "version: 1\nname: ");
    asel_yaml_write_scalar(&b, net->name);
    asel_buf_puts(&b, "\n");
    if (net->xf.version != 0) {
        asel_xf_write_yaml(&b, &net->xf);
        return asel_buf_finish(&b, out, len);
    }
    asel_buf_puts(&b, "inputs:\n");
    for (size_t i = 0; i < net->n_inputs; i++)
        put_input(&b, &net->layers[i]);
    asel_buf_puts(&b, "layers:\n");
    for (size_t i = net->n_inputs; i < net->n; i++)
        put_layer(&b, &net->layers[i]);
    return asel_buf_finish(&b, out, len);
}

ACCELSEL_API int accelsel_network_save_file(const accelsel_network *net, const char *path)
{
    if (net == NULL || path == NULL)
        return asel_einval("accelsel_network_save_file", net == NULL ? "net" : "path");
    char *text = NULL;
    size_t len = 0;
    int rc = accelsel_network_save_buffer(net, &text, &len);
    if (rc == 0)
        rc = asel_write_file(path, text, len);
    asel_free(text);
    return rc;
}
