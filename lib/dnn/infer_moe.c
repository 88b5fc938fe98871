/* Shapes and counts of a mixture-of-experts feed-forward (Shazeer et al.
 * 2017; Mixtral, Jiang et al. 2024): a router of dim x experts weights picks
 * top_k experts per token, each a feed-forward of dim -> expert_hidden ->
 * dim (gated: a gate and an up projection multiplied before the down one),
 * and their outputs are summed with the router's weights. Every expert's
 * weights are parameters; a token's MACs are the router's and its top_k
 * experts'. */
#include "dnn/net.h"

int asel_infer_moe(asel_infer_ctx *c)
{
    const asel_layer *l = c->l;
    const accelsel_layer_info *in = c->in[0];
    accelsel_layer_info *o = &c->l->info;
    uint64_t dim = in->shape[in->rank - 1], experts = (uint64_t)l->experts;
    uint64_t k = (uint64_t)l->top_k, hidden = (uint64_t)l->out;
    if (k > experts)
        return asel_infer_fail(c, "top_k %llu is more than the %llu experts",
                               (unsigned long long)k, (unsigned long long)experts);
    o->rank = in->rank;
    for (uint32_t d = 0; d < in->rank; d++)
        o->shape[d] = in->shape[d];
    o->in_channels = o->out_channels = o->model_dim = dim;
    o->experts = experts;
    o->top_k = k;
    o->expert_hidden = hidden;
    o->op = asel_act_name(l->op);
    uint64_t rows = asel_elements(c, in) / dim;
    uint64_t router = asel_mul(c, dim, experts);
    uint64_t expert = asel_mul(c, l->gated ? 3 : 2, asel_mul(c, dim, hidden));
    o->params = asel_add(c, router, asel_mul(c, experts, expert));
    o->weight_elements = o->params;
    o->macs = asel_mul(c, rows, asel_add(c, router, asel_mul(c, k, expert)));
    /* Per token: the router's softmax, the function (and the gate's product)
     * on each chosen expert's hidden units, the weighted sum of k outputs. */
    uint64_t per_token = asel_add(c, experts, asel_mul(c, k, asel_add(c, hidden, dim)));
    if (l->gated)
        per_token = asel_add(c, per_token, asel_mul(c, k, hidden));
    o->elementwise_flops = asel_mul(c, rows, per_token);
    return 0;
}
