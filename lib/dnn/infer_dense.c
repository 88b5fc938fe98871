/* Shapes and counts of the GEMM-like kinds: linear, matmul, attention, and
 * the embedding lookup that feeds them. LoRA adapters (Hu et al. 2021) beside
 * a weight of in x out features are two matrices, in x r and r x out: r (in +
 * out) parameters, and as many MACs per row. */
#include "dnn/net.h"

/* Output = input shape with the last dimension replaced by @p last. */
static void replace_last(accelsel_layer_info *o, const accelsel_layer_info *in, uint64_t last)
{
    o->rank = in->rank;
    for (uint32_t d = 0; d < in->rank; d++)
        o->shape[d] = in->shape[d];
    o->shape[o->rank - 1] = last;
}

/* Product of the first @p n dimensions of @p in. */
static uint64_t leading(asel_infer_ctx *c, const accelsel_layer_info *in, uint32_t n)
{
    uint64_t p = 1;
    for (uint32_t d = 0; d < n; d++)
        p = asel_mul(c, p, in->shape[d]);
    return p;
}

/* A linear layer tied to an embedding reads the table as its weight matrix,
 * so the table must be [out_features, in_features]. */
static int check_tied(asel_infer_ctx *c, uint64_t in_features)
{
    const asel_layer *w = c->weights;
    if (w->kind != ACCELSEL_LAYER_EMBEDDING)
        return asel_infer_fail(c, "weights_from '%s' is not an embedding (kind %s)", w->name,
                               asel_kind_name(w->kind));
    if ((uint64_t)w->vocab != (uint64_t)c->l->out || (uint64_t)w->out != in_features)
        return asel_infer_fail(c, "weights_from '%s' is a [%lld, %lld] table, not "
                               "[out_features, in_features] = [%lld, %llu]",
                               w->name, (long long)w->vocab, (long long)w->out,
                               (long long)c->l->out, (unsigned long long)in_features);
    return 0;
}

static int infer_linear(asel_infer_ctx *c)
{
    const accelsel_layer_info *in = c->in[0];
    accelsel_layer_info *o = &c->l->info;
    uint64_t fin = in->shape[in->rank - 1], fout = (uint64_t)c->l->out;
    if (c->weights != NULL) {
        int rc = check_tied(c, fin);
        if (rc != 0)
            return rc;
    }
    replace_last(o, in, fout);
    o->in_channels = fin;
    o->out_channels = fout;
    o->has_bias = (uint32_t)c->l->bias;
    o->gemm_batch = 1;
    o->gemm_m = leading(c, in, in->rank - 1);
    o->gemm_n = fout;
    o->gemm_k = fin;
    uint64_t matrix = asel_mul(c, fin, fout), bias = c->l->bias ? fout : 0;
    c->adapters = asel_mul(c, (uint64_t)c->l->lora_rank, asel_add(c, fin, fout));
    o->lora_rank = (uint64_t)c->l->lora_rank;
    o->params = asel_add(c, c->weights != NULL ? bias : asel_add(c, matrix, bias), c->adapters);
    o->weight_elements = asel_add(c, asel_add(c, matrix, bias), c->adapters);
    o->macs = asel_mul(c, o->gemm_m, asel_add(c, matrix, c->adapters));
    o->elementwise_flops = asel_mul(c, o->gemm_m, bias);
    return 0;
}

static int infer_matmul(asel_infer_ctx *c)
{
    const accelsel_layer_info *a = c->in[0], *b = c->in[1];
    accelsel_layer_info *o = &c->l->info;
    char sa[64], sb[64];
    asel_shape_text(a, sa, sizeof sa);
    asel_shape_text(b, sb, sizeof sb);
    if (a->rank < 2 || a->rank != b->rank)
        return asel_infer_fail(c, "inputs %s and %s are not matrices of one rank", sa, sb);
    uint32_t r = a->rank;
    for (uint32_t d = 0; d + 2 < r; d++)
        if (a->shape[d] != b->shape[d])
            return asel_infer_fail(c, "leading dimensions of %s and %s differ", sa, sb);
    int t = c->l->transpose_b;
    uint64_t m = a->shape[r - 2], k = a->shape[r - 1];
    uint64_t kb = b->shape[t ? r - 1 : r - 2], n = b->shape[t ? r - 2 : r - 1];
    if (k != kb)
        return asel_infer_fail(c, "inner dimensions %llu and %llu differ (%s x %s%s)",
                               (unsigned long long)k, (unsigned long long)kb, sa, sb,
                               t ? " transposed" : "");
    replace_last(o, a, n);
    o->transpose_b = (uint32_t)t;
    o->gemm_batch = leading(c, a, r - 2);
    o->gemm_m = m;
    o->gemm_n = n;
    o->gemm_k = k;
    o->macs = asel_mul(c, asel_mul(c, o->gemm_batch, m), asel_mul(c, k, n));
    return 0;
}

/* Grouped-query attention (Ainslie et al. 2023): kv_heads key and value
 * heads, each shared by heads / kv_heads query heads, so K and V project to
 * kv_heads x head_dim features. Adapters sit on the fused QKV projection and
 * on the output projection, as MLPerf's Llama 2 70B LoRA places them. */
static int infer_attention(asel_infer_ctx *c)
{
    const accelsel_layer_info *in = c->in[0];
    accelsel_layer_info *o = &c->l->info;
    char s[64];
    asel_shape_text(in, s, sizeof s);
    if (in->rank != 2)
        return asel_infer_fail(c, "input shape %s is not [seq, dim]", s);
    uint64_t seq = in->shape[0], dim = in->shape[1], heads = (uint64_t)c->l->heads;
    uint64_t kv = c->l->kv_heads > 0 ? (uint64_t)c->l->kv_heads : heads;
    if (dim % heads != 0)
        return asel_infer_fail(c, "model dim %llu not divisible by heads %llu",
                               (unsigned long long)dim, (unsigned long long)heads);
    if (kv > heads || heads % kv != 0)
        return asel_infer_fail(c, "heads %llu not divisible by kv_heads %llu",
                               (unsigned long long)heads, (unsigned long long)kv);
    replace_last(o, in, dim);
    o->in_channels = o->out_channels = o->model_dim = dim;
    o->sequence = seq;
    o->heads = heads;
    o->kv_heads = kv;
    o->head_dim = dim / heads;
    o->has_bias = (uint32_t)c->l->bias;
    o->lora_rank = (uint64_t)c->l->lora_rank;
    /* Q and output projections dim x dim, K and V dim x (kv x head_dim); per
     * head, scores Q K^T and the weighted sum of V: 2 seq^2 dim over all heads. */
    uint64_t kv_dim = asel_mul(c, kv, o->head_dim), qo = asel_mul(c, dim, dim);
    uint64_t proj = asel_mul(c, 2, asel_add(c, qo, asel_mul(c, dim, kv_dim)));
    uint64_t bias = c->l->bias ? asel_mul(c, 2, asel_add(c, dim, kv_dim)) : 0;
    uint64_t qkv_out = asel_add(c, dim, asel_mul(c, 2, kv_dim));
    c->adapters = asel_mul(c, (uint64_t)c->l->lora_rank,
                           asel_add(c, asel_add(c, dim, qkv_out), asel_mul(c, 2, dim)));
    o->params = asel_add(c, asel_add(c, proj, bias), c->adapters);
    o->weight_elements = o->params;
    o->macs = asel_add(c, asel_mul(c, seq, asel_add(c, proj, c->adapters)),
                       asel_mul(c, asel_mul(c, 2, asel_mul(c, seq, seq)), dim));
    uint64_t softmax = asel_mul(c, heads, asel_mul(c, seq, seq));
    o->elementwise_flops = asel_add(c, softmax, asel_mul(c, seq, bias));
    return 0;
}

static int infer_embedding(asel_infer_ctx *c)
{
    const accelsel_layer_info *in = c->in[0];
    accelsel_layer_info *o = &c->l->info;
    if (in->rank == ACCELSEL_NETWORK_MAX_DIMS) {
        char s[64];
        asel_shape_text(in, s, sizeof s);
        return asel_infer_fail(c, "input shape %s leaves no room for the embedding dimension", s);
    }
    o->rank = in->rank + 1;
    for (uint32_t d = 0; d < in->rank; d++)
        o->shape[d] = in->shape[d];
    o->shape[in->rank] = (uint64_t)c->l->out;
    o->vocab = (uint64_t)c->l->vocab;
    o->model_dim = o->out_channels = (uint64_t)c->l->out;
    o->params = asel_mul(c, o->vocab, o->model_dim);
    o->weight_elements = o->params;
    return 0;
}

int asel_infer_dense(asel_infer_ctx *c)
{
    switch (c->l->kind) {
    case ACCELSEL_LAYER_LINEAR:
        return infer_linear(c);
    case ACCELSEL_LAYER_MATMUL:
        return infer_matmul(c);
    case ACCELSEL_LAYER_ATTENTION:
        return infer_attention(c);
    default:
        return infer_embedding(c);
    }
}
