/* accelsel_network: options, accessors and destruction. */
#include <stddef.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "dnn/net.h"

ACCELSEL_API size_t accelsel_layer_info_size(void)
{
    return sizeof(accelsel_layer_info);
}

ACCELSEL_API size_t accelsel_network_totals_size(void)
{
    return sizeof(accelsel_network_totals);
}

ACCELSEL_API int accelsel_network_options_init(accelsel_network_options *opts,
                                               unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_network_options_init", "opts");
    if (version != 1 && version != ACCELSEL_NETWORK_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION,
                          "accelsel_network_options_init: unknown version %u", version);
    accelsel_network_options d = ACCELSEL_NETWORK_OPTIONS_INIT;
    d.version = version;
    /* A version-1 struct ends before the fields of version 2. */
    memcpy(opts, &d, version == 1 ? offsetof(accelsel_network_options, sequence) : sizeof d);
    return 0;
}

ACCELSEL_API size_t accelsel_transformer_info_size(void)
{
    return sizeof(accelsel_transformer_info);
}

ACCELSEL_API const accelsel_transformer_info *accelsel_network_get_transformer(
    const accelsel_network *net)
{
    return net != NULL && net->xf.version != 0 ? &net->xf : NULL;
}

ACCELSEL_API size_t accelsel_network_options_size(void)
{
    return sizeof(accelsel_network_options);
}

ACCELSEL_API const char *accelsel_network_name(const accelsel_network *net)
{
    return net != NULL ? net->name : NULL;
}

ACCELSEL_API uint32_t accelsel_network_bytes_per_element(const accelsel_network *net)
{
    return net != NULL ? net->bpe : 0;
}

ACCELSEL_API size_t accelsel_network_layer_count(const accelsel_network *net)
{
    return net != NULL ? net->n : 0;
}

ACCELSEL_API size_t accelsel_network_input_count(const accelsel_network *net)
{
    return net != NULL ? net->n_inputs : 0;
}

ACCELSEL_API const accelsel_layer_info *accelsel_network_layer(const accelsel_network *net,
                                                               size_t index)
{
    return net != NULL && index < net->n ? &net->layers[index].info : NULL;
}

ACCELSEL_API int accelsel_network_layer_index(const accelsel_network *net, const char *name,
                                              size_t *index)
{
    if (net == NULL || name == NULL || index == NULL)
        return asel_einval("accelsel_network_layer_index", net == NULL ? "net"
                                                           : name == NULL ? "name" : "index");
    size_t i = asel_net_find(net, name);
    if (i == SIZE_MAX)
        return asel_error(ACCELSEL_ENOTFOUND, "network '%s' has no layer '%s'", net->name, name);
    *index = i;
    return 0;
}

ACCELSEL_API int accelsel_network_layer_inputs(const accelsel_network *net, size_t index,
                                               const size_t **inputs, size_t *n)
{
    if (net == NULL || inputs == NULL || n == NULL)
        return asel_einval("accelsel_network_layer_inputs", net == NULL ? "net"
                                                            : inputs == NULL ? "inputs" : "n");
    if (index >= net->n)
        return asel_error(ACCELSEL_EINVAL, "accelsel_network_layer_inputs: layer %zu of %zu",
                          index, net->n);
    *inputs = net->layers[index].inputs;
    *n = net->layers[index].n_edges;
    return 0;
}

ACCELSEL_API int accelsel_network_layer_outputs(const accelsel_network *net, size_t index,
                                                const size_t **outputs, size_t *n)
{
    if (net == NULL || outputs == NULL || n == NULL)
        return asel_einval("accelsel_network_layer_outputs", net == NULL ? "net"
                                                             : outputs == NULL ? "outputs" : "n");
    if (index >= net->n)
        return asel_error(ACCELSEL_EINVAL, "accelsel_network_layer_outputs: layer %zu of %zu",
                          index, net->n);
    *n = net->succ_at[index + 1] - net->succ_at[index];
    *outputs = *n > 0 ? net->succ + net->succ_at[index] : NULL;
    return 0;
}

ACCELSEL_API int accelsel_network_topo_order(const accelsel_network *net, const size_t **order,
                                             size_t *n)
{
    if (net == NULL || order == NULL || n == NULL)
        return asel_einval("accelsel_network_topo_order", net == NULL ? "net"
                                                          : order == NULL ? "order" : "n");
    *order = net->topo;
    *n = net->n;
    return 0;
}

ACCELSEL_API int accelsel_network_outputs(const accelsel_network *net, const size_t **outputs,
                                          size_t *n)
{
    if (net == NULL || outputs == NULL || n == NULL)
        return asel_einval("accelsel_network_outputs", net == NULL ? "net"
                                                       : outputs == NULL ? "outputs" : "n");
    *outputs = net->outputs;
    *n = net->n_outputs;
    return 0;
}

ACCELSEL_API const accelsel_network_totals *accelsel_network_get_totals(
    const accelsel_network *net)
{
    return net != NULL ? &net->totals : NULL;
}

ACCELSEL_API const accelsel_network_recipe *accelsel_network_get_recipe(
    const accelsel_network *net)
{
    return net != NULL ? &net->recipe : NULL;
}

static void free_layer(asel_layer *l)
{
    asel_free(l->name);
    for (size_t e = 0; e < l->n_edges; e++)
        asel_free(l->edges[e].name);
    asel_free(l->edges);
    asel_free(l->inputs);
    asel_free(l->weights_from.name);
}

ACCELSEL_API void accelsel_network_free(accelsel_network *net)
{
    if (net == NULL)
        return;
    for (size_t i = 0; i < net->n; i++)
        free_layer(&net->layers[i]);
    asel_free(net->layers);
    asel_free(net->name);
    asel_free(net->by_name);
    asel_free(net->succ);
    asel_free(net->succ_at);
    asel_free(net->topo);
    asel_free(net->outputs);
    asel_free(net);
}
