/* Building a network: appending layers with default attributes, and the
 * finishing step shared by the YAML loader and the zoo. */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "dnn/net.h"

int asel_net_new(accelsel_network **out, const char *name, uint32_t bpe)
{
    accelsel_network *net = asel_calloc(1, sizeof *net);
    if (net == NULL)
        return asel_enomem();
    net->name = asel_strdup(name);
    if (net->name == NULL) {
        asel_free(net);
        return asel_enomem();
    }
    net->bpe = bpe;
    net->recipe.version = ACCELSEL_NETWORK_RECIPE_VERSION;
    *out = net;
    return 0;
}

/* The format's defaults (docs/network-format.md); the writer leaves these out. */
static void set_defaults(asel_layer *l)
{
    for (int i = 0; i < 2; i++) {
        l->stride[i] = 1;
        l->dilation[i] = 1;
    }
    l->groups = 1;
    l->bias = 1;
    if (l->kind == ACCELSEL_LAYER_MOE) {
        l->gated = 1;
        l->op = ASEL_ACT_SILU;
    }
}

int asel_net_add(accelsel_network *net, int kind, const char *name, asel_pos pos, size_t *index)
{
    assert(kind == ACCELSEL_LAYER_INPUT ? net->n == net->n_inputs : net->n_inputs > 0);
    int rc = asel_array_grow(&net->layers, &net->cap, net->n + 1, sizeof *net->layers, 16);
    if (rc != 0)
        return rc;
    asel_layer *l = &net->layers[net->n];
    memset(l, 0, sizeof *l);
    l->name = asel_strdup(name);
    if (l->name == NULL)
        return asel_enomem();
    l->kind = kind;
    l->pos = pos;
    set_defaults(l);
    *index = net->n++;
    if (kind == ACCELSEL_LAYER_INPUT)
        net->n_inputs++;
    return 0;
}

int asel_net_add_edge(accelsel_network *net, size_t index, const char *name, asel_pos pos)
{
    asel_layer *l = &net->layers[index];
    int rc = asel_array_grow(&l->edges, &l->cap_edges, l->n_edges + 1, sizeof *l->edges, 4);
    if (rc != 0)
        return rc;
    char *copy = asel_strdup(name);
    if (copy == NULL)
        return asel_enomem();
    l->edges[l->n_edges++] = (asel_edge){copy, pos};
    return 0;
}

int asel_net_set_weights_from(asel_layer *l, const char *name, asel_pos pos)
{
    char *copy = asel_strdup(name);
    if (copy == NULL)
        return asel_enomem();
    asel_free(l->weights_from.name);
    l->weights_from = (asel_edge){copy, pos};
    return 0;
}

int asel_net_fail(const char *source, asel_pos pos, int code, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (source != NULL && pos.line != 0)
        return asel_error_at(code, source, pos.line, pos.column, "%s", msg);
    return asel_error(code, "%s", msg);
}

/* Add one layer's counts; nonzero if a sum overflows. */
static int add_totals(accelsel_network_totals *t, const accelsel_layer_info *info)
{
    int o = __builtin_add_overflow(t->params, info->params, &t->params);
    o |= __builtin_add_overflow(t->macs, info->macs, &t->macs);
    o |= __builtin_add_overflow(t->elementwise_flops, info->elementwise_flops,
                                &t->elementwise_flops);
    o |= __builtin_add_overflow(t->flops, info->flops, &t->flops);
    o |= __builtin_add_overflow(t->activation_bytes, info->output_bytes, &t->activation_bytes);
    o |= __builtin_add_overflow(t->frozen_params, info->frozen_params, &t->frozen_params);
    return o;
}

int asel_net_finish(accelsel_network *net, const char *source)
{
    /* The loader reports these with positions; this guards the C builders. */
    if (net->n_inputs == 0 || net->n == net->n_inputs)
        return asel_error(ACCELSEL_EPARSE, "network '%s' needs inputs and layers", net->name);
    int rc = asel_net_link(net, source);
    if (rc != 0)
        return rc;
    accelsel_network_totals *t = &net->totals;
    memset(t, 0, sizeof *t);
    t->version = ACCELSEL_NETWORK_TOTALS_VERSION;
    for (size_t k = 0; k < net->n; k++) {
        asel_layer *l = &net->layers[net->topo[k]];
        rc = asel_net_infer(net, l, source);
        if (rc != 0)
            return rc;
        if (add_totals(t, &l->info))
            return asel_net_fail(source, l->pos, ACCELSEL_ERANGE,
                                 "network totals overflow 64 bits at layer '%s'", l->name);
        /* Checked layer by layer, so that the message names the layer (and
         * its position in a file) that takes the total past 64 bits. */
        if (__builtin_mul_overflow(t->params, (uint64_t)net->bpe, &t->weight_bytes))
            return asel_net_fail(source, l->pos, ACCELSEL_ERANGE,
                                 "network weight bytes overflow 64 bits at layer '%s': %llu "
                                 "parameters up to it x %u bytes per element",
                                 l->name, (unsigned long long)t->params, (unsigned)net->bpe);
    }
    t->layers = net->n;
    t->inputs = net->n_inputs;
    t->outputs = net->n_outputs;
    return 0;
}
