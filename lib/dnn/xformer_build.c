/* A transformer's layers from its sizes (docs/network-format.md,
 * "Transformers"). Decoders follow Hugging Face's Llama modules (GPT-2 and
 * Megatron's GPT differ only in norms, biases, learned positions and the
 * tied output layer, which the sizes say); encoders follow BERT's. With a
 * LoRA rank every weight is frozen and the attention layers carry the
 * adapters. */
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "dnn/xformer.h"
#include "dnn/zoo_build.h"

typedef struct xb {
    zb z;
    const accelsel_transformer_info *t;
    int act;
} xb;

/* The last layer frozen when the sizes train adapters alone. */
static const char *frozen(xb *b, const char *name)
{
    asel_layer *l = zb_last(&b->z);
    if (l != NULL)
        l->frozen = b->t->lora_rank > 0;
    return name;
}

static const char *norm(xb *b, const char *in, const char *name)
{
    return frozen(b, b->t->rmsnorm ? zb_rmsnorm(&b->z, in, "%s", name)
                                   : zb_ln(&b->z, in, "%s", name));
}

static const char *linear(xb *b, const char *in, uint64_t out, const char *name)
{
    return frozen(b, zb_linear(&b->z, in, (int64_t)out, (int)b->t->bias, "%s", name));
}

static const char *attention(xb *b, const char *in, const char *name)
{
    const char *a = frozen(b, zb_attention(&b->z, in, (int64_t)b->t->heads, "%s", name));
    asel_layer *l = zb_last(&b->z);
    if (l != NULL) {
        l->kv_heads = (int64_t)b->t->kv_heads;
        l->lora_rank = (int64_t)b->t->lora_rank;
        l->bias = (int)b->t->bias;
    }
    return a;
}

/* The feed-forward of one block on @p in: dense (gated or not) or experts;
 * @p p is the block's prefix, @p names the modules' names under it. */
static const char *ffn(xb *b, const char *in, const char *p, const char *const names[5])
{
    const accelsel_transformer_info *t = b->t;
    char n[5][192];
    for (int i = 0; i < 5; i++)
        snprintf(n[i], sizeof n[i], "%s.%s", p, names[i]);
    if (t->experts > 0)
        return frozen(b, zb_moe(&b->z, in, (int64_t)t->experts, (int64_t)t->top_k,
                                (int64_t)t->ffn, (int)t->gated, b->act, "%s", n[4]));
    const char *up = linear(b, in, t->ffn, n[0]);
    const char *h = zb_act(&b->z, t->gated ? linear(b, in, t->ffn, n[1]) : up, b->act, "%s",
                           n[2]);
    if (t->gated)
        h = zb_mul2(&b->z, h, up, "%s", n[3]);
    return linear(b, h, t->hidden, n[4]);
}

static void decoder(xb *b)
{
    static const char *const mlp[5] = {"mlp.up_proj", "mlp.gate_proj", "mlp.act_fn", "mlp.mul",
                                       "mlp.down_proj"};
    static const char *const moe[5] = {"", "", "", "", "block_sparse_moe"};
    const accelsel_transformer_info *t = b->t;
    zb *z = &b->z;
    const char *tokens = zb_input1(z, (int64_t)t->sequence, "input_ids");
    const char *embed = frozen(b, zb_embedding(z, tokens, (int64_t)t->vocab, (int64_t)t->hidden,
                                               "model.embed_tokens"));
    const char *x = embed;
    if (t->positions > 0) {
        const char *pos = frozen(b, zb_embedding(z, tokens, (int64_t)t->positions,
                                                 (int64_t)t->hidden, "model.embed_positions"));
        x = zb_add2(z, x, pos, "model.embed_add");
    }
    for (uint64_t i = 0; i < t->layers && z->rc == 0; i++) {
        char p[64], n[96];
        snprintf(p, sizeof p, "model.layers.%llu", (unsigned long long)i);
        snprintf(n, sizeof n, "%s.input_layernorm", p);
        const char *a = norm(b, x, n);
        snprintf(n, sizeof n, "%s.self_attn", p);
        a = attention(b, a, n);
        x = zb_add2(z, x, a, "%s.self_attn_add", p);
        snprintf(n, sizeof n, "%s.post_attention_layernorm", p);
        const char *m = ffn(b, norm(b, x, n), p, t->experts > 0 ? moe : mlp);
        x = zb_add2(z, x, m, "%s.mlp_add", p);
    }
    x = norm(b, x, "model.norm");
    if (t->tied_embeddings)
        zb_linear_tied(z, x, (int64_t)t->vocab, embed, "lm_head");
    else
        frozen(b, zb_linear(z, x, (int64_t)t->vocab, 0, "lm_head"));
}

static void encoder(xb *b)
{
    static const char *const mlp[5] = {"intermediate.dense", "intermediate.gate",
                                       "intermediate.act_fn", "intermediate.mul", "output.dense"};
    static const char *const moe[5] = {"", "", "", "", "moe"};
    const accelsel_transformer_info *t = b->t;
    zb *z = &b->z;
    const char *tokens = zb_input1(z, (int64_t)t->sequence, "tokens");
    const char *segments = t->type_vocab > 0 ? zb_input1(z, (int64_t)t->sequence, "segments")
                                             : NULL;
    const char *sum[3];
    size_t n = 0;
    sum[n++] = frozen(b, zb_embedding(z, tokens, (int64_t)t->vocab, (int64_t)t->hidden,
                                      "embeddings.word_embeddings"));
    if (t->positions > 0)
        sum[n++] = frozen(b, zb_embedding(z, tokens, (int64_t)t->positions, (int64_t)t->hidden,
                                          "embeddings.position_embeddings"));
    if (segments != NULL)
        sum[n++] = frozen(b, zb_embedding(z, segments, (int64_t)t->type_vocab,
                                          (int64_t)t->hidden, "embeddings.token_type_embeddings"));
    const char *x = n > 1 ? zb_add(z, sum, n, "embeddings.add") : sum[0];
    x = norm(b, x, "embeddings.LayerNorm");
    for (uint64_t i = 0; i < t->layers && z->rc == 0; i++) {
        char p[64], name[96];
        snprintf(p, sizeof p, "encoder.layer.%llu", (unsigned long long)i);
        snprintf(name, sizeof name, "%s.attention", p);
        const char *a = attention(b, x, name);
        x = zb_add2(z, a, x, "%s.attention.add", p);
        snprintf(name, sizeof name, "%s.attention.LayerNorm", p);
        x = norm(b, x, name);
        const char *h = ffn(b, x, p, t->experts > 0 ? moe : mlp);
        x = zb_add2(z, h, x, "%s.output.add", p);
        snprintf(name, sizeof name, "%s.output.LayerNorm", p);
        x = norm(b, x, name);
    }
    x = zb_slice(z, x, 0, 0, 1, "pooler.first_token");
    x = linear(b, x, t->hidden, "pooler.dense");
    zb_act(z, x, ASEL_ACT_TANH, "pooler.activation");
}

int asel_xf_build(accelsel_network **out, const char *name, const accelsel_transformer_info *t,
                  uint32_t bpe)
{
    xb b = {{NULL, 0}, t, asel_act_from_name(t->activation)};
    *out = NULL;
    b.z.rc = asel_net_new(&b.z.net, name, bpe);
    if (b.z.rc == 0)
        (t->family == ACCELSEL_TRANSFORMER_ENCODER ? encoder : decoder)(&b);
    if (b.z.rc == 0)
        b.z.rc = asel_net_finish(b.z.net, NULL);
    if (b.z.rc != 0) {
        accelsel_network_free(b.z.net);
        return b.z.rc;
    }
    b.z.net->xf = *t;
    b.z.net->xf.version = ACCELSEL_TRANSFORMER_INFO_VERSION;
    *out = b.z.net;
    return 0;
}
