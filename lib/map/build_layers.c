/* Layers of a mapping problem: names, edges, outputs and order, copied from
 * the network so that the problem outlives it. */
#include <string.h>

#include "core/error.h"
#include "map/problem_build.h"

static int copy_edges(accelsel_mapping_problem *p, const accelsel_network *net)
{
    size_t total = 0, n;
    const size_t *in;
    for (size_t l = 0; l < p->n_layers; l++) {
        accelsel_network_layer_inputs(net, l, &in, &n);
        total += n;
    }
    p->in_off = asel_arena_calloc(&p->arena, p->n_layers + 1, sizeof *p->in_off);
    p->in_idx = asel_arena_calloc(&p->arena, total ? total : 1, sizeof *p->in_idx);
    if (p->in_off == NULL || p->in_idx == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t l = 0, k = 0; l < p->n_layers; l++) {
        accelsel_network_layer_inputs(net, l, &in, &n);
        p->in_off[l] = k;
        for (size_t i = 0; i < n; i++)
            p->in_idx[k++] = in[i];
        p->in_off[l + 1] = k;
    }
    return 0;
}

int asel_map_build_layers(accelsel_mapping_problem *p, const accelsel_network *net)
{
    asel_arena *a = &p->arena;
    size_t L = accelsel_network_layer_count(net), n_out, n_topo;
    const size_t *outs, *topo;
    p->network = asel_arena_strdup(a, accelsel_network_name(net));
    p->n_layers = L;
    p->layer_name = asel_arena_calloc(a, L ? L : 1, sizeof *p->layer_name);
    p->is_input = asel_arena_calloc(a, L ? L : 1, 1);
    p->is_output = asel_arena_calloc(a, L ? L : 1, 1);
    p->out_elems = asel_arena_calloc(a, L ? L : 1, sizeof *p->out_elems);
    p->topo = asel_arena_calloc(a, L ? L : 1, sizeof *p->topo);
    if (!p->network || !p->layer_name || !p->is_input || !p->is_output || !p->out_elems || !p->topo)
        return ACCELSEL_ENOMEM;
    for (size_t l = 0; l < L; l++) {
        const accelsel_layer_info *li = accelsel_network_layer(net, l);
        if ((p->layer_name[l] = asel_arena_strdup(a, li->name)) == NULL)
            return ACCELSEL_ENOMEM;
        p->is_input[l] = li->kind == ACCELSEL_LAYER_INPUT;
        p->out_elems[l] = (double)li->output_elements;
        p->n_compute += !p->is_input[l];
    }
    if (p->n_compute == 0)
        return asel_error(ACCELSEL_EEMPTY, "network '%s' has no layers to map", p->network);
    accelsel_network_outputs(net, &outs, &n_out);
    for (size_t i = 0; i < n_out; i++)
        p->is_output[outs[i]] = 1;
    accelsel_network_topo_order(net, &topo, &n_topo);
    memcpy(p->topo, topo, n_topo * sizeof *topo);
    return copy_edges(p, net);
}
