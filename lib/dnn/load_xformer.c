/* The `transformer` section of a network file: a transformer given by its
 * sizes instead of its layers (docs/network-format.md, "Transformers"), and
 * its canonical form, which the writer gives every key of. */
#include <string.h>

#include "core/error.h"
#include "dnn/load.h"
#include "dnn/xformer.h"

/* The section's keys for the sizes of asel_xf_keys, in that order. */
static const char *const size_keys[ASEL_XF_N] = {
    [ASEL_XF_LAYERS] = "layers",       [ASEL_XF_HIDDEN] = "hidden",
    [ASEL_XF_HEADS] = "heads",         [ASEL_XF_KV_HEADS] = "kv_heads",
    [ASEL_XF_HEAD_DIM] = "hidden",     [ASEL_XF_FFN] = "ffn",
    [ASEL_XF_VOCAB] = "vocab",         [ASEL_XF_SEQUENCE] = "sequence",
    [ASEL_XF_POSITIONS] = "positions", [ASEL_XF_EXPERTS] = "experts",
    [ASEL_XF_TOP_K] = "top_k",         [ASEL_XF_LORA_RANK] = "lora_rank",
};

static const char *const section_keys[] = {
    "family", "layers", "hidden", "heads", "kv_heads", "ffn", "activation", "gated", "vocab",
    "sequence", "positions", "type_vocab", "norm", "bias", "tied_embeddings", "dropout",
    "experts", "top_k", "lora_rank", NULL};

/* A size: required ones from 1, optional ones from 0, up to the format's largest. */
static int size(const asel_yaml_doc *doc, const asel_yaml_node *map, asel_xf_keys *k,
                int field, int required, uint64_t *out)
{
    const asel_yaml_node *n = asel_yaml_get(map, size_keys[field]);
    int64_t v = (int64_t)*out;
    int rc = asel_yaml_get_int(doc, map, size_keys[field], required, required ? 1 : 0,
                               ASEL_NET_MAX_SIZE, &v);
    if (n != NULL)
        k->pos[field] = asel_node_pos(n);
    *out = (uint64_t)v;
    return rc;
}

/* A key naming one of @p names (NULL-terminated); its index into *out. */
static int choice(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                  const char *const *names, const char *choices, int *out)
{
    const char *s;
    int rc = asel_yaml_get_string(doc, map, key, 0, &s);
    if (rc != 0 || asel_yaml_get(map, key) == NULL)
        return rc;
    for (int i = 0; names[i] != NULL; i++)
        if (strcmp(names[i], s) == 0) {
            *out = i;
            return 0;
        }
    return asel_yaml_fail(doc, asel_yaml_get(map, key), "unknown %s '%s' (%s)", key, s, choices);
}

static int flags(const asel_yaml_doc *doc, const asel_yaml_node *map,
                 accelsel_transformer_info *t)
{
    static const char *const families[] = {"", "decoder", "encoder", NULL};
    static const char *const norms[] = {"layernorm", "rmsnorm", NULL};
    int family = 0, rms = 0, gated = 0, bias = 1, tied = 0, dropout = 0, act;
    int rc = choice(doc, map, "family", families, "decoder or encoder", &family);
    if (rc == 0 && family == 0)
        rc = asel_yaml_fail(doc, map, "missing required key 'family'");
    if (rc == 0)
        rc = choice(doc, map, "norm", norms, "layernorm or rmsnorm", &rms);
    const char *fn = "gelu";
    if (rc == 0)
        rc = asel_yaml_get_string(doc, map, "activation", 0, &fn);
    act = asel_act_from_name(fn);
    if (rc == 0 && (act < 0 || act == ASEL_ACT_SOFTMAX))
        rc = asel_yaml_fail(doc, asel_yaml_get(map, "activation"),
                            "unknown activation '%s' (relu, relu6, gelu, silu, sigmoid, tanh "
                            "or hardswish)", fn);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "gated", 0, &gated);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "bias", 0, &bias);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "tied_embeddings", 0, &tied);
    if (rc == 0)
        rc = asel_yaml_get_bool(doc, map, "dropout", 0, &dropout);
    t->family = family;
    t->rmsnorm = (uint32_t)rms;
    t->activation = act >= 0 ? asel_act_name(act) : NULL;
    t->gated = (uint32_t)gated;
    t->bias = (uint32_t)bias;
    t->tied_embeddings = (uint32_t)tied;
    t->dropout = (uint32_t)dropout;
    return rc;
}

/* Keys that belong to the other family. */
static int family_keys(const asel_yaml_doc *doc, const asel_yaml_node *map,
                       const accelsel_transformer_info *t)
{
    const char *key = t->family == ACCELSEL_TRANSFORMER_DECODER ? "type_vocab" : "tied_embeddings";
    const asel_yaml_node *n = asel_yaml_get(map, key);
    if (n == NULL)
        return 0;
    return asel_yaml_fail(doc, n, "'%s' does not apply to the %s family", key,
                          t->family == ACCELSEL_TRANSFORMER_DECODER ? "decoder" : "encoder");
}

int asel_xf_read_yaml(accelsel_network **out, const asel_yaml_doc *doc,
                      const asel_yaml_node *map, const char *name,
                      const accelsel_network_options *o)
{
    accelsel_transformer_info t = {0};
    asel_xf_keys k = {asel_yaml_source(doc), {0}, {{0, 0}}};
    memcpy(k.key, size_keys, sizeof k.key);
    int rc = asel_yaml_expect(doc, map, ASEL_YAML_MAP, "'transformer'");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, map, section_keys);
    if (rc == 0)
        rc = flags(doc, map, &t);
    static const int required[] = {ASEL_XF_LAYERS, ASEL_XF_HIDDEN, ASEL_XF_HEADS, ASEL_XF_FFN,
                                   ASEL_XF_VOCAB, ASEL_XF_SEQUENCE};
    uint64_t *at[ASEL_XF_N] = {
        [ASEL_XF_LAYERS] = &t.layers,   [ASEL_XF_HIDDEN] = &t.hidden,
        [ASEL_XF_HEADS] = &t.heads,     [ASEL_XF_KV_HEADS] = &t.kv_heads,
        [ASEL_XF_FFN] = &t.ffn,         [ASEL_XF_VOCAB] = &t.vocab,
        [ASEL_XF_SEQUENCE] = &t.sequence, [ASEL_XF_POSITIONS] = &t.positions,
        [ASEL_XF_EXPERTS] = &t.experts, [ASEL_XF_TOP_K] = &t.top_k,
        [ASEL_XF_LORA_RANK] = &t.lora_rank,
    };
    for (size_t i = 0; rc == 0 && i < sizeof required / sizeof required[0]; i++)
        rc = size(doc, map, &k, required[i], 1, at[required[i]]);
    static const int optional[] = {ASEL_XF_POSITIONS, ASEL_XF_EXPERTS, ASEL_XF_TOP_K,
                                   ASEL_XF_LORA_RANK};
    for (size_t i = 0; rc == 0 && i < sizeof optional / sizeof optional[0]; i++)
        rc = size(doc, map, &k, optional[i], 0, at[optional[i]]);
    t.kv_heads = t.heads;
    if (rc == 0)
        rc = size(doc, map, &k, ASEL_XF_KV_HEADS, 0, &t.kv_heads);
    int64_t types = 0;
    if (rc == 0)
        rc = asel_yaml_get_int(doc, map, "type_vocab", 0, 0, ASEL_NET_MAX_SIZE, &types);
    t.type_vocab = (uint64_t)types;
    if (rc == 0 && t.kv_heads == 0)
        rc = asel_yaml_fail(doc, asel_yaml_get(map, "kv_heads"),
                            "'kv_heads' = 0 is outside [1, %lld]", (long long)ASEL_NET_MAX_SIZE);
    if (rc == 0)
        rc = family_keys(doc, map, &t);
    t.head_dim = t.heads > 0 ? t.hidden / t.heads : 0;
    if (rc == 0)
        rc = asel_xf_check(&t, &k);
    if (rc == 0)
        rc = asel_xf_set_sequence(&t, o->sequence, &k);
    return rc != 0 ? rc : asel_xf_build(out, name, &t, o->bytes_per_element);
}

void asel_xf_write_yaml(asel_buf *b, const accelsel_transformer_info *t)
{
    const struct { const char *key; uint64_t v; } sizes[] = {
        {"layers", t->layers}, {"hidden", t->hidden}, {"heads", t->heads},
        {"kv_heads", t->kv_heads}, {"ffn", t->ffn},
    };
    asel_buf_printf(b, "transformer:\n  family: %s\n",
                    t->family == ACCELSEL_TRANSFORMER_ENCODER ? "encoder" : "decoder");
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        asel_buf_printf(b, "  %s: %llu\n", sizes[i].key, (unsigned long long)sizes[i].v);
    asel_buf_printf(b, "  activation: %s\n  gated: %s\n  vocab: %llu\n  sequence: %llu\n"
                    "  positions: %llu\n", t->activation, t->gated ? "true" : "false",
                    (unsigned long long)t->vocab, (unsigned long long)t->sequence,
                    (unsigned long long)t->positions);
    if (t->family == ACCELSEL_TRANSFORMER_ENCODER)
        asel_buf_printf(b, "  type_vocab: %llu\n", (unsigned long long)t->type_vocab);
    asel_buf_printf(b, "  norm: %s\n  bias: %s\n", t->rmsnorm ? "rmsnorm" : "layernorm",
                    t->bias ? "true" : "false");
    if (t->family == ACCELSEL_TRANSFORMER_DECODER)
        asel_buf_printf(b, "  tied_embeddings: %s\n", t->tied_embeddings ? "true" : "false");
    asel_buf_printf(b, "  dropout: %s\n  experts: %llu\n  top_k: %llu\n  lora_rank: %llu\n",
                    t->dropout ? "true" : "false", (unsigned long long)t->experts,
                    (unsigned long long)t->top_k, (unsigned long long)t->lora_rank);
}
