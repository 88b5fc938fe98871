/* Zoo Transformers: BERT-base (Devlin et al. 2019, as Hugging Face's
 * bert-base-uncased, pooler included) and GPT-2 small (Radford et al. 2019,
 * as Hugging Face's gpt2: LM head tied to the token embedding). Layer names
 * follow the Hugging Face modules. */
#include <stdio.h>

#include "dnn/zoo_models.h"

const char *asel_zoo_encoder_layer(zb *z, const char *in, int64_t heads, int64_t dim,
                                   int64_t ffn, const char *prefix)
{
    const char *a = zb_attention(z, in, heads, "%s.attention", prefix);
    const char *x = zb_add2(z, a, in, "%s.attention.add", prefix);
    x = zb_ln(z, x, "%s.attention.LayerNorm", prefix);
    const char *h = zb_linear(z, x, ffn, 1, "%s.intermediate.dense", prefix);
    h = zb_act(z, h, ASEL_ACT_GELU, "%s.intermediate.gelu", prefix);
    h = zb_linear(z, h, dim, 1, "%s.output.dense", prefix);
    x = zb_add2(z, h, x, "%s.output.add", prefix);
    return zb_ln(z, x, "%s.output.LayerNorm", prefix);
}

/* BERT-base: 12 layers, dim 768, 12 heads, FFN 3072, WordPiece vocabulary
 * 30522, 512 positions, 2 segment types. The position embedding reads the
 * token input for its shape (positions 0..seq-1 are implied). */
void asel_zoo_bert_base(zb *z, int64_t seq)
{
    const char *tokens = zb_input1(z, seq, "tokens");
    const char *segments = zb_input1(z, seq, "segments");
    const char *sum[3] = {
        zb_embedding(z, tokens, 30522, 768, "embeddings.word_embeddings"),
        zb_embedding(z, tokens, 512, 768, "embeddings.position_embeddings"),
        zb_embedding(z, segments, 2, 768, "embeddings.token_type_embeddings"),
    };
    const char *x = zb_add(z, sum, 3, "embeddings.add");
    x = zb_ln(z, x, "embeddings.LayerNorm");
    for (int i = 0; i < 12; i++) {
        char prefix[32];
        snprintf(prefix, sizeof prefix, "encoder.layer.%d", i);
        x = asel_zoo_encoder_layer(z, x, 12, 768, 3072, prefix);
    }
    x = zb_slice(z, x, 0, 0, 1, "pooler.first_token");
    x = zb_linear(z, x, 768, 1, "pooler.dense");
    zb_act(z, x, ASEL_ACT_TANH, "pooler.activation");
}

/* GPT-2 small: 12 pre-norm blocks, dim 768, 12 heads, FFN 3072, vocabulary
 * 50257, context 1024 (the sequence). Causal masking is not discounted: the
 * attention scores are counted in full, as for an encoder. */
void asel_zoo_gpt2_small(zb *z)
{
    const char *tokens = zb_input1(z, 1024, "tokens");
    const char *wte = zb_embedding(z, tokens, 50257, 768, "wte");
    const char *wpe = zb_embedding(z, tokens, 1024, 768, "wpe");
    const char *x = zb_add2(z, wte, wpe, "embed.add");
    for (int i = 0; i < 12; i++) {
        const char *a = zb_ln(z, x, "h.%d.ln_1", i);
        a = zb_attention(z, a, 12, "h.%d.attn", i);
        x = zb_add2(z, x, a, "h.%d.attn.add", i);
        const char *m = zb_ln(z, x, "h.%d.ln_2", i);
        m = zb_linear(z, m, 3072, 1, "h.%d.mlp.c_fc", i);
        m = zb_act(z, m, ASEL_ACT_GELU, "h.%d.mlp.gelu", i);
        m = zb_linear(z, m, 768, 1, "h.%d.mlp.c_proj", i);
        x = zb_add2(z, x, m, "h.%d.mlp.add", i);
    }
    x = zb_ln(z, x, "ln_f");
    zb_linear_tied(z, x, 50257, wte, "lm_head");
}
