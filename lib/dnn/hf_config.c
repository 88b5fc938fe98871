/* Networks from Hugging Face-style configuration files (config.json): the
 * model type picks the family's key names and defaults, the sizes go
 * through the checks every transformer reader shares (dnn/xformer.h), and
 * the layers follow from them (docs/network-format.md, "Configuration
 * files"). The text is read by the YAML reader, whose flow style JSON is. */
#include <string.h>

#include "core/error.h"
#include "core/suggest.h"
#include "dnn/load.h"
#include "dnn/xformer.h"

/* How one model type spells its sizes, and what it takes for granted. */
typedef struct hf_family {
    const char *type;             /* model_type */
    int family;                   /* ACCELSEL_TRANSFORMER_* */
    const char *key[ASEL_XF_N];   /* size keys; NULL where the type has none */
    int learned_positions;        /* the context key sizes a position table (else rotary) */
    const char *act_key, *act_default;
    int tied_default;             /* tie_word_embeddings when absent */
    const char *bias_keys[2];     /* both must agree; NULL: always biased */
    const char *dropout_keys[3];  /* any above 0 trains with dropout */
    double dropout_default;
    int rmsnorm, gated;
    uint64_t ffn_default_mult;    /* a missing or null feed-forward width: this x hidden */
} hf_family;

#define LLAMA_KEYS                                                                             \
    [ASEL_XF_LAYERS] = "num_hidden_layers", [ASEL_XF_HIDDEN] = "hidden_size",                  \
    [ASEL_XF_HEADS] = "num_attention_heads", [ASEL_XF_KV_HEADS] = "num_key_value_heads",       \
    [ASEL_XF_HEAD_DIM] = "head_dim", [ASEL_XF_FFN] = "intermediate_size",                      \
    [ASEL_XF_VOCAB] = "vocab_size", [ASEL_XF_SEQUENCE] = "max_position_embeddings",            \
    [ASEL_XF_POSITIONS] = "max_position_embeddings"
#define LLAMA(type, experts, top_k)                                                            \
    {type, ACCELSEL_TRANSFORMER_DECODER,                                                       \
     {LLAMA_KEYS, [ASEL_XF_EXPERTS] = experts, [ASEL_XF_TOP_K] = top_k}, 0, "hidden_act",       \
     "silu", 0, {"attention_bias", "mlp_bias"}, {"attention_dropout"}, 0, 1, 1, 0}

static const hf_family families[] = {
    LLAMA("llama", NULL, NULL),
    LLAMA("custom_llama", NULL, NULL), /* MLPerf's Llama 2 70B, with a fused QKV */
    LLAMA("mistral", NULL, NULL),
    LLAMA("mixtral", "num_local_experts", "num_experts_per_tok"),
    {"gpt2", ACCELSEL_TRANSFORMER_DECODER,
     {[ASEL_XF_LAYERS] = "n_layer", [ASEL_XF_HIDDEN] = "n_embd", [ASEL_XF_HEADS] = "n_head",
      [ASEL_XF_FFN] = "n_inner", [ASEL_XF_VOCAB] = "vocab_size",
      [ASEL_XF_SEQUENCE] = "n_positions", [ASEL_XF_POSITIONS] = "n_positions"},
     1, "activation_function", "gelu_new", 1, {NULL, NULL},
     {"resid_pdrop", "embd_pdrop", "attn_pdrop"}, 0.1, 0, 0, 4},
    {"bert", ACCELSEL_TRANSFORMER_ENCODER,
     {[ASEL_XF_LAYERS] = "num_hidden_layers", [ASEL_XF_HIDDEN] = "hidden_size",
      [ASEL_XF_HEADS] = "num_attention_heads", [ASEL_XF_FFN] = "intermediate_size",
      [ASEL_XF_VOCAB] = "vocab_size", [ASEL_XF_SEQUENCE] = "max_position_embeddings",
      [ASEL_XF_POSITIONS] = "max_position_embeddings"},
     1, "hidden_act", "gelu", 0, {NULL, NULL},
     {"hidden_dropout_prob", "attention_probs_dropout_prob"}, 0.1, 0, 0, 0},
};
#define N_FAMILIES (sizeof families / sizeof families[0])

/* Hugging Face's names of the functions (transformers' ACT2FN) that the
 * layer model knows. */
static const struct { const char *hf, *ours; } functions[] = {
    {"silu", "silu"}, {"swish", "silu"}, {"gelu", "gelu"}, {"gelu_new", "gelu"},
    {"gelu_pytorch_tanh", "gelu"}, {"gelu_fast", "gelu"}, {"quick_gelu", "gelu"},
    {"relu", "relu"}, {"relu6", "relu6"}, {"tanh", "tanh"}, {"sigmoid", "sigmoid"},
};

/* The value of @p key, or NULL when it is absent or a JSON null. */
static const asel_yaml_node *value(const asel_yaml_node *map, const char *key)
{
    const asel_yaml_node *n = key != NULL ? asel_yaml_get(map, key) : NULL;
    if (n != NULL && n->kind == ASEL_YAML_SCALAR && !n->quoted && strcmp(n->value, "null") == 0)
        return NULL;
    return n;
}

static int family_of(const asel_yaml_doc *doc, const asel_yaml_node *root, const hf_family **f)
{
    const char *type;
    int rc = asel_yaml_get_string(doc, root, "model_type", 1, &type);
    if (rc != 0)
        return rc;
    size_t best = 0;
    for (size_t i = 0; i < N_FAMILIES; i++) {
        if (strcmp(families[i].type, type) == 0) {
            *f = &families[i];
            return 0;
        }
        if (asel_suggest_rank(type, families[i].type, 1) <
            asel_suggest_rank(type, families[best].type, 1))
            best = i;
    }
    return asel_yaml_fail(doc, asel_yaml_get(root, "model_type"),
                          "unknown model_type '%.*s%s' (this library reads llama, custom_llama, "
                          "mistral, mixtral, gpt2 and bert; closest: '%s')",
                          ASEL_QUOTE_MAX, type, asel_ellipsis(type), families[best].type);
}

/* Size @p field of the family: a whole number from 1 when given. */
static int size(const asel_yaml_doc *doc, const asel_yaml_node *root, const hf_family *f,
                asel_xf_keys *k, int field, int required, uint64_t *out)
{
    const asel_yaml_node *n = value(root, f->key[field]);
    if (n == NULL)
        return required ? asel_yaml_fail(doc, root, "missing required key '%s'", f->key[field])
                        : 0;
    int64_t v;
    int rc = asel_yaml_as_int(doc, n, f->key[field], 1, ASEL_NET_MAX_SIZE, &v);
    k->pos[field] = asel_node_pos(n);
    *out = (uint64_t)v;
    return rc;
}

static int sizes(const asel_yaml_doc *doc, const asel_yaml_node *root, const hf_family *f,
                 asel_xf_keys *k, accelsel_transformer_info *t)
{
    static const int required[] = {ASEL_XF_LAYERS, ASEL_XF_HIDDEN, ASEL_XF_HEADS, ASEL_XF_VOCAB,
                                   ASEL_XF_SEQUENCE};
    uint64_t *at[ASEL_XF_N] = {
        [ASEL_XF_LAYERS] = &t->layers, [ASEL_XF_HIDDEN] = &t->hidden,
        [ASEL_XF_HEADS] = &t->heads,   [ASEL_XF_VOCAB] = &t->vocab,
        [ASEL_XF_SEQUENCE] = &t->sequence,
    };
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < sizeof required / sizeof required[0]; i++)
        rc = size(doc, root, f, k, required[i], 1, at[required[i]]);
    t->kv_heads = t->heads;
    t->head_dim = t->hidden / (t->heads ? t->heads : 1);
    t->ffn = f->ffn_default_mult * t->hidden;
    if (rc == 0 && f->key[ASEL_XF_KV_HEADS] != NULL)
        rc = size(doc, root, f, k, ASEL_XF_KV_HEADS, 0, &t->kv_heads);
    if (rc == 0 && f->key[ASEL_XF_HEAD_DIM] != NULL)
        rc = size(doc, root, f, k, ASEL_XF_HEAD_DIM, 0, &t->head_dim);
    if (rc == 0)
        rc = size(doc, root, f, k, ASEL_XF_FFN, f->ffn_default_mult == 0, &t->ffn);
    if (rc == 0 && f->key[ASEL_XF_EXPERTS] != NULL)
        rc = size(doc, root, f, k, ASEL_XF_EXPERTS, 1, &t->experts);
    if (rc == 0 && f->key[ASEL_XF_TOP_K] != NULL)
        rc = size(doc, root, f, k, ASEL_XF_TOP_K, 1, &t->top_k);
    k->pos[ASEL_XF_POSITIONS] = k->pos[ASEL_XF_SEQUENCE];
    t->positions = f->learned_positions ? t->sequence : 0;
    return rc;
}

static int activation(const asel_yaml_doc *doc, const asel_yaml_node *root, const hf_family *f,
                      accelsel_transformer_info *t)
{
    const char *fn = f->act_default;
    const asel_yaml_node *n = value(root, f->act_key);
    int rc = n != NULL ? asel_yaml_as_string(doc, n, f->act_key, &fn) : 0;
    for (size_t i = 0; rc == 0 && i < sizeof functions / sizeof functions[0]; i++)
        if (strcmp(functions[i].hf, fn) == 0) {
            t->activation = asel_act_name(asel_act_from_name(functions[i].ours));
            return 0;
        }
    return rc != 0 ? rc
                   : asel_yaml_fail(doc, n, "unknown %s '%.*s%s' (silu, swish, gelu, gelu_new, "
                                    "gelu_pytorch_tanh, gelu_fast, quick_gelu, relu, relu6, "
                                    "tanh or sigmoid)", f->act_key, ASEL_QUOTE_MAX, fn,
                                    asel_ellipsis(fn));
}

/* A flag of the configuration: true or false, absent or null for @p dflt. */
static int flag(const asel_yaml_doc *doc, const asel_yaml_node *root, const char *key, int dflt,
                int *out)
{
    *out = dflt;
    return value(root, key) != NULL ? asel_yaml_get_bool(doc, root, key, 0, out) : 0;
}

static int flags(const asel_yaml_doc *doc, const asel_yaml_node *root, const hf_family *f,
                 accelsel_transformer_info *t)
{
    int tied, bias[2] = {1, 1}, rc = 0;
    if (f->family == ACCELSEL_TRANSFORMER_DECODER)
        rc = flag(doc, root, "tie_word_embeddings", f->tied_default, &tied);
    else
        tied = 0;
    for (int i = 0; rc == 0 && i < 2 && f->bias_keys[i] != NULL; i++)
        rc = flag(doc, root, f->bias_keys[i], 0, &bias[i]);
    const asel_yaml_node *at = value(root, f->bias_keys[1]) ? value(root, f->bias_keys[1])
                                                            : value(root, f->bias_keys[0]);
    if (rc == 0 && bias[0] != bias[1])
        rc = asel_yaml_fail(doc, at,
                            "'%s' and '%s' differ: the layer model gives every linear layer "
                            "and attention projection a bias, or none", f->bias_keys[0],
                            f->bias_keys[1]);
    double p = 0;
    for (int i = 0; rc == 0 && i < 3 && f->dropout_keys[i] != NULL; i++) {
        double d = f->dropout_default;
        if (value(root, f->dropout_keys[i]) != NULL)
            rc = asel_yaml_get_double(doc, root, f->dropout_keys[i], 0, 0, 1, &d);
        p = d > p ? d : p;
    }
    t->tied_embeddings = (uint32_t)tied;
    t->bias = (uint32_t)bias[0];
    t->dropout = p > 0;
    t->rmsnorm = (uint32_t)f->rmsnorm;
    t->gated = (uint32_t)f->gated;
    return rc;
}

static int type_vocab(const asel_yaml_doc *doc, const asel_yaml_node *root, const hf_family *f,
                      accelsel_transformer_info *t)
{
    int64_t types = 2;
    if (f->family != ACCELSEL_TRANSFORMER_ENCODER)
        return 0;
    int rc = value(root, "type_vocab_size") != NULL
                 ? asel_yaml_get_int(doc, root, "type_vocab_size", 0, 0, ASEL_NET_MAX_SIZE, &types)
                 : 0;
    t->type_vocab = (uint64_t)types;
    return rc;
}

static int load_doc(accelsel_network **out, const asel_yaml_doc *doc,
                    const accelsel_network_options *o)
{
    const asel_yaml_node *root = asel_yaml_root(doc);
    const hf_family *f = &families[0];
    accelsel_transformer_info t = {0};
    asel_xf_keys k = {asel_yaml_source(doc), {0}, {{0, 0}}};
    int rc = asel_yaml_expect(doc, root, ASEL_YAML_MAP, "a configuration");
    if (rc == 0)
        rc = family_of(doc, root, &f);
    if (rc != 0)
        return rc;
    memcpy(k.key, f->key, sizeof k.key);
    t.family = f->family;
    if ((rc = sizes(doc, root, f, &k, &t)) != 0 || (rc = activation(doc, root, f, &t)) != 0 ||
        (rc = flags(doc, root, f, &t)) != 0 || (rc = type_vocab(doc, root, f, &t)) != 0 ||
        (rc = asel_xf_check(&t, &k)) != 0 || (rc = asel_xf_set_sequence(&t, o->sequence, &k)) != 0)
        return rc;
    const char *name = NULL;
    const asel_yaml_node *n = value(root, "_name_or_path");
    if (n != NULL && (rc = asel_yaml_as_string(doc, n, "_name_or_path", &name)) != 0)
        return rc;
    return asel_xf_build(out, name != NULL && name[0] != '\0' ? name : f->type, &t,
                         o->bytes_per_element);
}

ACCELSEL_API int accelsel_network_load_hf_buffer(accelsel_network **out, const char *data,
                                                 size_t len,
                                                 const accelsel_network_options *opts)
{
    return asel_net_load_buffer("accelsel_network_load_hf_buffer", "configuration", load_doc, out,
                                data, len, opts);
}

ACCELSEL_API int accelsel_network_load_hf_file(accelsel_network **out, const char *path,
                                               const accelsel_network_options *opts)
{
    return asel_net_load_file("accelsel_network_load_hf_file", "configuration", load_doc, out,
                              path, opts);
}
