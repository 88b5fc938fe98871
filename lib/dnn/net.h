/* The network handle's insides, shared by the loader, the zoo builder, the
 * shape and cost inference and the writer. A network is built in two steps:
 * layers are appended with their attributes and input names (asel_net_add,
 * asel_net_add_edge), then asel_net_finish resolves names, rejects cycles and
 * computes every shape and count; only a finished network leaves the module. */
#ifndef ASEL_DNN_NET_H
#define ASEL_DNN_NET_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/network.h"

/* Activation functions and pool modes (asel_layer.op). */
enum {
    ASEL_ACT_RELU,
    ASEL_ACT_RELU6,
    ASEL_ACT_GELU,
    ASEL_ACT_SILU,
    ASEL_ACT_SIGMOID,
    ASEL_ACT_TANH,
    ASEL_ACT_HARDSWISH,
    ASEL_ACT_SOFTMAX,
    ASEL_ACT_COUNT
};
enum { ASEL_POOL_MAX, ASEL_POOL_AVG, ASEL_POOL_COUNT };

/* Where a layer or an input name came from, for error messages
 * (line 0: built in C, no position). */
typedef struct asel_pos {
    uint32_t line, column;
} asel_pos;

typedef struct asel_edge {
    char *name; /* as written */
    asel_pos pos;
} asel_edge;

/* One layer: the description (attributes as given or defaulted) and, after
 * asel_net_finish, the public info. */
typedef struct asel_layer {
    char *name;
    int kind; /* ACCELSEL_LAYER_* */
    asel_pos pos;
    asel_edge *edges; /* input names */
    size_t n_edges, cap_edges;
    size_t *inputs; /* resolved edges (finish) */

    int op;                                   /* ASEL_ACT_* or ASEL_POOL_* */
    uint32_t rank;                            /* input layers: shape */
    int64_t shape[ACCELSEL_NETWORK_MAX_DIMS]; /* input layers: shape */
    int64_t out;          /* conv2d out_channels, linear out_features, embedding dim,
                             moe expert_hidden */
    int64_t kernel[2], stride[2], padding[2], dilation[2];
    int64_t groups;       /* conv2d; ignored (left 1) when depthwise */
    int depthwise, bias, global, transpose_b;
    int gated;            /* moe: gated experts (gate, up, down projections) */
    int64_t heads;        /* attention */
    int64_t kv_heads;     /* attention: 0 = heads */
    int64_t experts, top_k; /* moe */
    int64_t lora_rank;    /* linear, attention: adapters beside the weights; 0 = none */
    int frozen;           /* the layer's own weights are not trained */
    int64_t vocab;        /* embedding */
    int64_t axis, start, size; /* concat, slice */
    asel_edge weights_from;    /* linear: the embedding whose table it reuses (tied weights) */

    accelsel_layer_info info;
} asel_layer;

typedef struct asel_name_entry {
    const char *name;
    size_t index;
} asel_name_entry;

struct accelsel_network {
    char *name;
    uint32_t bpe; /* bytes per element */
    asel_layer *layers;
    size_t n, cap;
    size_t n_inputs; /* the first n_inputs layers are the network inputs */

    /* Derived by asel_net_finish. */
    asel_name_entry *by_name; /* layers sorted by name */
    size_t *succ;       /* successors of layer i: succ[succ_at[i] .. succ_at[i + 1]) */
    size_t *succ_at;
    size_t *topo;
    size_t *outputs;
    size_t n_outputs;
    accelsel_network_totals totals;
    accelsel_network_recipe recipe; /* zoo networks: static texts; files: none */
    accelsel_transformer_info xf;   /* version 0 when the network was not built from one */
};

/* A new, empty network named @p name with @p bpe bytes per element:
 * 0 or ACCELSEL_ENOMEM. */
int asel_net_new(accelsel_network **out, const char *name, uint32_t bpe);

/* Append a layer of @p kind named @p name (copied) at @p pos, with the
 * format's default attributes; its index goes to *index. Network inputs
 * must all be added before the first other layer. 0 or ACCELSEL_ENOMEM. */
int asel_net_add(accelsel_network *net, int kind, const char *name, asel_pos pos, size_t *index);

/* Append input @p name (copied) to layer @p index. 0 or ACCELSEL_ENOMEM. */
int asel_net_add_edge(accelsel_network *net, size_t index, const char *name, asel_pos pos);

/* Set linear layer @p l to reuse the table of embedding @p name (copied).
 * 0 or ACCELSEL_ENOMEM. */
int asel_net_set_weights_from(asel_layer *l, const char *name, asel_pos pos);

/* Resolve names, check arity, reject duplicates and cycles, infer shapes and
 * counts. @p source names the input in messages (NULL when built in C).
 * 0, ACCELSEL_EPARSE, ACCELSEL_ERANGE or ACCELSEL_ENOMEM. */
int asel_net_finish(accelsel_network *net, const char *source);

/* Record @p code with a message, at @p pos in @p source when both are known
 * (files), else without a position (networks built in C). */
int asel_net_fail(const char *source, asel_pos pos, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The graph step of asel_net_finish: name index, edges, successors, topological
 * order (cycle check) and outputs. */
int asel_net_link(accelsel_network *net, const char *source);

/* Index of the layer named @p name, or SIZE_MAX (after asel_net_link). */
size_t asel_net_find(const accelsel_network *net, const char *name);

/* The shape and count step of asel_net_finish, for layer @p l whose inputs are done. */
int asel_net_infer(accelsel_network *net, asel_layer *l, const char *source);

/* Per-kind inference, called by asel_net_infer with the input infos. Each
 * sets the output shape, params, macs, elementwise FLOPs, weight elements and
 * geometry in l->info, or fails naming the layer. */
typedef struct asel_infer_ctx {
    const char *source;
    asel_layer *l;
    const accelsel_layer_info *const *in; /* infos of l's inputs */
    const asel_layer *weights;            /* linear weights_from target, or NULL */
    int overflow;                         /* set by asel_mul */
    uint64_t adapters;                    /* LoRA parameters among params: they train even
                                             when the layer is frozen */
} asel_infer_ctx;

int asel_infer_spatial(asel_infer_ctx *c); /* conv2d, pool */
int asel_infer_dense(asel_infer_ctx *c);   /* linear, matmul, attention, embedding */
int asel_infer_elem(asel_infer_ctx *c);    /* norms, activation, add, mul, concat, flatten, slice */
int asel_infer_moe(asel_infer_ctx *c);     /* moe */

/* a x b and a + b, setting c->overflow instead of wrapping. */
uint64_t asel_mul(asel_infer_ctx *c, uint64_t a, uint64_t b);
uint64_t asel_add(asel_infer_ctx *c, uint64_t a, uint64_t b);

/* Product of the output dims of @p info. */
uint64_t asel_elements(asel_infer_ctx *c, const accelsel_layer_info *info);

/* "[3, 224, 224]" into @p buf (64 bytes are enough). */
void asel_shape_text(const accelsel_layer_info *info, char *buf, size_t cap);

/* ACCELSEL_EPARSE naming the layer: "<kind> '<name>': <message>". */
int asel_infer_fail(asel_infer_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Names of kinds, activation functions and pool modes, and lookups by name
 * (-1 if unknown). */
const char *asel_kind_name(int kind);
int asel_kind_from_name(const char *s);
const char *asel_act_name(int op);
int asel_act_from_name(const char *s);
const char *asel_pool_name(int op);
int asel_pool_from_name(const char *s);

/* Inputs a kind takes: [min, max] (max SIZE_MAX = no limit). */
void asel_kind_arity(int kind, size_t *min, size_t *max);

#endif
