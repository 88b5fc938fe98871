/* Reading one layer of a network file: common keys (name, kind, inputs) and
 * the attributes of each kind, with the format's defaults. */
#include <string.h>

#include "core/error.h"
#include "dnn/load.h"

typedef int (*attr_reader)(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map);

/* An integer or a list of two integers (height, width). */
static int get_pair(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                    int required, int64_t min, int64_t out[2])
{
    const asel_yaml_node *n = asel_yaml_get(map, key);
    if (n == NULL)
        return required ? asel_yaml_fail(doc, map, "missing required key '%s'", key) : 0;
    if (n->kind == ASEL_YAML_SCALAR) {
        int rc = asel_yaml_as_int(doc, n, key, min, ASEL_NET_MAX_SIZE, &out[0]);
        out[1] = out[0];
        return rc;
    }
    if (n->kind != ASEL_YAML_SEQ || n->n != 2)
        return asel_yaml_fail(doc, n, "'%s' must be an integer or a list of two integers", key);
    int rc = asel_yaml_as_int(doc, n->items[0], key, min, ASEL_NET_MAX_SIZE, &out[0]);
    return rc != 0 ? rc : asel_yaml_as_int(doc, n->items[1], key, min, ASEL_NET_MAX_SIZE, &out[1]);
}

static int get_size(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                    int required, int64_t *out)
{
    return asel_yaml_get_int(doc, map, key, required, 1, ASEL_NET_MAX_SIZE, out);
}

static int read_conv(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = get_size(doc, map, "out_channels", 1, &l->out);
    if (rc == 0)
        rc = get_pair(doc, map, "kernel", 1, 1, l->kernel);
    if (rc == 0)
        rc = get_pair(doc, map, "stride", 0, 1, l->stride);
    if (rc == 0)
        rc = get_pair(doc, map, "padding", 0, 0, l->padding);
    if (rc == 0)
        rc = get_pair(doc, map, "dilation", 0, 1, l->dilation);
    if (rc == 0)
        rc = get_size(doc, map, "groups", 0, &l->groups);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "depthwise", 0, &l->depthwise);
    if (rc == 0 && l->depthwise && asel_yaml_get(map, "groups") != NULL)
        rc = asel_yaml_fail(doc, asel_yaml_get(map, "groups"),
                            "'groups' and 'depthwise: true' exclude each other");
    return rc != 0 ? rc : asel_yaml_get_bool(doc, map, "bias", 0, &l->bias);
}

/* LoRA adapters' rank: 0 (none, the default) up to the format's largest size. */
static int get_lora(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    return asel_yaml_get_int(doc, map, "lora_rank", 0, 0, ASEL_NET_MAX_SIZE, &l->lora_rank);
}

static int read_linear(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = get_size(doc, map, "out_features", 1, &l->out);
    if (rc == 0)
        rc = get_lora(l, doc, map);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "bias", 0, &l->bias);
    const char *from = NULL;
    if (rc == 0)
        rc = asel_yaml_get_string(doc, map, "weights_from", 0, &from);
    if (rc != 0 || from == NULL)
        return rc;
    return asel_net_set_weights_from(l, from, asel_node_pos(asel_yaml_get(map, "weights_from")));
}

static int read_matmul(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    return asel_yaml_get_bool(doc, map, "transpose_b", 0, &l->transpose_b);
}

static int read_attention(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = get_size(doc, map, "heads", 1, &l->heads);
    if (rc == 0)
        rc = get_size(doc, map, "kv_heads", 0, &l->kv_heads);
    if (rc == 0)
        rc = get_lora(l, doc, map);
    return rc != 0 ? rc : asel_yaml_get_bool(doc, map, "bias", 0, &l->bias);
}

/* A string attribute naming one entry of a table (activation, pool mode). */
static int get_name(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                    int (*lookup)(const char *), const char *choices, int *out)
{
    const char *s;
    int rc = asel_yaml_get_string(doc, map, key, 1, &s);
    if (rc != 0)
        return rc;
    *out = lookup(s);
    if (*out < 0)
        return asel_yaml_fail(doc, asel_yaml_get(map, key), "unknown %s '%s' (%s)", key, s,
                              choices);
    return 0;
}

static int read_pool(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = get_name(doc, map, "mode", asel_pool_from_name, "max or avg", &l->op);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "global", 0, &l->global);
    if (rc != 0)
        return rc;
    if (l->global) {
        static const char *const window_keys[] = {"kernel", "stride", "padding", NULL};
        for (const char *const *k = window_keys; *k != NULL; k++)
            if (asel_yaml_get(map, *k) != NULL)
                return asel_yaml_fail(doc, asel_yaml_get(map, *k),
                                      "'%s' does not apply to global pooling", *k);
        return 0;
    }
    rc = get_pair(doc, map, "kernel", 1, 1, l->kernel);
    l->stride[0] = l->kernel[0];
    l->stride[1] = l->kernel[1];
    if (rc == 0)
        rc = get_pair(doc, map, "stride", 0, 1, l->stride);
    return rc != 0 ? rc : get_pair(doc, map, "padding", 0, 0, l->padding);
}

static int read_activation(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    return get_name(doc, map, "function", asel_act_from_name,
                    "relu, relu6, gelu, silu, sigmoid, tanh, hardswish or softmax", &l->op);
}

static int read_moe(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = get_size(doc, map, "experts", 1, &l->experts);
    if (rc == 0)
        rc = get_size(doc, map, "top_k", 1, &l->top_k);
    if (rc == 0)
        rc = get_size(doc, map, "hidden", 1, &l->out);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "gated", 0, &l->gated);
    if (rc != 0 || asel_yaml_get(map, "function") == NULL)
        return rc;
    return get_name(doc, map, "function", asel_act_from_name,
                    "relu, relu6, gelu, silu, sigmoid, tanh, hardswish or softmax", &l->op);
}

static int read_concat(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    return asel_yaml_get_int(doc, map, "axis", 0, 0, ACCELSEL_NETWORK_MAX_DIMS - 1, &l->axis);
}

static int read_embedding(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = get_size(doc, map, "vocab", 1, &l->vocab);
    return rc != 0 ? rc : get_size(doc, map, "dim", 1, &l->out);
}

static int read_slice(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    int rc = asel_yaml_get_int(doc, map, "axis", 0, 0, ACCELSEL_NETWORK_MAX_DIMS - 1, &l->axis);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, map, "start", 0, 0, ASEL_NET_MAX_SIZE, &l->start);
    return rc != 0 ? rc : get_size(doc, map, "size", 1, &l->size);
}

static int read_nothing(asel_layer *l, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    (void)l, (void)doc, (void)map;
    return 0;
}

/* Every kind with weights takes `frozen` (read by asel_load_layer()). */
#define MAX_KEYS 13
static const struct {
    int kind;
    attr_reader read;
    const char *keys[MAX_KEYS - 3]; /* besides name, kind, inputs; NULL-terminated */
} kinds[] = {
    {ACCELSEL_LAYER_CONV2D, read_conv,
     {"out_channels", "kernel", "stride", "padding", "dilation", "groups", "depthwise", "bias",
      "frozen"}},
    {ACCELSEL_LAYER_LINEAR, read_linear,
     {"out_features", "bias", "weights_from", "lora_rank", "frozen"}},
    {ACCELSEL_LAYER_MATMUL, read_matmul, {"transpose_b"}},
    {ACCELSEL_LAYER_ATTENTION, read_attention, {"heads", "kv_heads", "bias", "lora_rank", "frozen"}},
    {ACCELSEL_LAYER_POOL, read_pool, {"mode", "global", "kernel", "stride", "padding"}},
    {ACCELSEL_LAYER_BATCHNORM, read_nothing, {"frozen"}},
    {ACCELSEL_LAYER_LAYERNORM, read_nothing, {"frozen"}},
    {ACCELSEL_LAYER_RMSNORM, read_nothing, {"frozen"}},
    {ACCELSEL_LAYER_ACTIVATION, read_activation, {"function"}},
    {ACCELSEL_LAYER_ADD, read_nothing, {NULL}},
    {ACCELSEL_LAYER_MUL, read_nothing, {NULL}},
    {ACCELSEL_LAYER_CONCAT, read_concat, {"axis"}},
    {ACCELSEL_LAYER_EMBEDDING, read_embedding, {"vocab", "dim", "frozen"}},
    {ACCELSEL_LAYER_FLATTEN, read_nothing, {NULL}},
    {ACCELSEL_LAYER_SLICE, read_slice, {"axis", "start", "size"}},
    {ACCELSEL_LAYER_MOE, read_moe, {"experts", "top_k", "hidden", "gated", "function", "frozen"}},
};

static int find_kind(const asel_yaml_doc *doc, const asel_yaml_node *map, size_t *row)
{
    const char *s;
    int rc = asel_yaml_get_string(doc, map, "kind", 1, &s);
    if (rc != 0)
        return rc;
    int kind = asel_kind_from_name(s);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].kind == kind) {
            *row = i;
            return 0;
        }
    const asel_yaml_node *n = asel_yaml_get(map, "kind");
    if (kind == ACCELSEL_LAYER_INPUT)
        return asel_yaml_fail(doc, n, "network inputs belong under 'inputs', not 'layers'");
    return asel_yaml_fail(doc, n, "unknown layer kind '%s'", s);
}

static int check_keys(const asel_yaml_doc *doc, const asel_yaml_node *map, size_t row)
{
    const char *allowed[MAX_KEYS + 1] = {"name", "kind", "inputs"};
    for (size_t k = 0; k < MAX_KEYS - 3 && kinds[row].keys[k] != NULL; k++)
        allowed[3 + k] = kinds[row].keys[k];
    return asel_yaml_check_keys(doc, map, allowed);
}

static int read_edges(accelsel_network *net, size_t index, const asel_yaml_doc *doc,
                      const asel_yaml_node *map)
{
    const asel_yaml_node *list = asel_yaml_get(map, "inputs");
    if (list == NULL)
        return asel_yaml_fail(doc, map, "missing required key 'inputs'");
    int rc = asel_yaml_expect(doc, list, ASEL_YAML_SEQ, "'inputs'");
    for (size_t i = 0; rc == 0 && i < list->n; i++) {
        const char *name;
        rc = asel_yaml_as_string(doc, list->items[i], "inputs", &name);
        if (rc == 0)
            rc = asel_net_add_edge(net, index, name, asel_node_pos(list->items[i]));
    }
    return rc;
}

int asel_load_layer(accelsel_network *net, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    size_t row = 0, index;
    const char *name;
    int rc = asel_yaml_expect(doc, map, ASEL_YAML_MAP, "a layer");
    if (rc == 0)
        rc = asel_get_layer_name(doc, map, &name);
    if (rc == 0)
        rc = find_kind(doc, map, &row);
    if (rc == 0)
        rc = check_keys(doc, map, row);
    if (rc == 0)
        rc = asel_net_add(net, kinds[row].kind, name, asel_node_pos(map), &index);
    if (rc == 0)
        rc = read_edges(net, index, doc, map);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "frozen", 0, &net->layers[index].frozen);
    return rc != 0 ? rc : kinds[row].read(&net->layers[index], doc, map);
}
