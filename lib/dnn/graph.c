/* The graph of a network: layer names to indices, edges, successors, a
 * deterministic topological order (which is also the cycle check) and outputs. */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "dnn/net.h"

static int by_name_cmp(const void *a, const void *b)
{
    const asel_name_entry *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c != 0 ? c : (x->index > y->index) - (x->index < y->index);
}

static int index_names(accelsel_network *net, const char *source)
{
    if (asel_alloc_array(&net->by_name, net->n, sizeof *net->by_name) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < net->n; i++)
        net->by_name[i] = (asel_name_entry){net->layers[i].name, i};
    qsort(net->by_name, net->n, sizeof *net->by_name, by_name_cmp);
    for (size_t i = 1; i < net->n; i++) {
        if (strcmp(net->by_name[i - 1].name, net->by_name[i].name) != 0)
            continue;
        const asel_layer *first = &net->layers[net->by_name[i - 1].index];
        const asel_layer *dup = &net->layers[net->by_name[i].index];
        if (first->pos.line != 0)
            return asel_net_fail(source, dup->pos, ACCELSEL_EPARSE,
                                 "duplicate layer name '%s' (first at line %u)", dup->name,
                                 first->pos.line);
        return asel_net_fail(source, dup->pos, ACCELSEL_EPARSE, "duplicate layer name '%s'",
                             dup->name);
    }
    return 0;
}

size_t asel_net_find(const accelsel_network *net, const char *name)
{
    size_t lo = 0, hi = net->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(net->by_name[mid].name, name);
        if (c == 0)
            return net->by_name[mid].index;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return SIZE_MAX;
}

static int resolve_layer(accelsel_network *net, asel_layer *l, const char *source)
{
    size_t min, max;
    asel_kind_arity(l->kind, &min, &max);
    if (l->n_edges < min || l->n_edges > max) {
        if (min == max)
            return asel_net_fail(source, l->pos, ACCELSEL_EPARSE,
                                 "%s '%s' takes %zu input%s, not %zu", asel_kind_name(l->kind),
                                 l->name, min, min == 1 ? "" : "s", l->n_edges);
        return asel_net_fail(source, l->pos, ACCELSEL_EPARSE,
                             "%s '%s' takes at least %zu inputs, not %zu",
                             asel_kind_name(l->kind), l->name, min, l->n_edges);
    }
    if (l->n_edges > 0 && asel_alloc_array(&l->inputs, l->n_edges, sizeof *l->inputs) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t e = 0; e < l->n_edges; e++) {
        l->inputs[e] = asel_net_find(net, l->edges[e].name);
        if (l->inputs[e] == SIZE_MAX)
            return asel_net_fail(source, l->edges[e].pos, ACCELSEL_EPARSE,
                                 "layer '%s': unknown input '%s'", l->name, l->edges[e].name);
    }
    l->info.weights_from = -1;
    if (l->weights_from.name != NULL) {
        size_t w = asel_net_find(net, l->weights_from.name);
        if (w == SIZE_MAX)
            return asel_net_fail(source, l->weights_from.pos, ACCELSEL_EPARSE,
                                 "layer '%s': unknown weights_from layer '%s'", l->name,
                                 l->weights_from.name);
        l->info.weights_from = (int64_t)w;
    }
    return 0;
}

/* 1 if input e of layer @p i repeats an earlier input of it (successors
 * count each predecessor once). @p last holds per layer the last layer that
 * read it (SIZE_MAX before the pass), so that a pass over every layer costs
 * one step per edge, however many inputs one layer has. */
static int repeated(const asel_layer *l, size_t i, size_t e, size_t *last)
{
    size_t from = l->inputs[e];
    if (last[from] == i)
        return 1;
    last[from] = i;
    return 0;
}

static void clear_marks(size_t *last, size_t n)
{
    for (size_t i = 0; i < n; i++)
        last[i] = SIZE_MAX;
}

static int link_successors(accelsel_network *net)
{
    size_t *last = NULL, total = 0;
    if (asel_alloc_array(&net->succ_at, net->n + 1, sizeof *net->succ_at) != 0 ||
        asel_alloc_array(&last, net->n, sizeof *last) != 0)
        return ACCELSEL_ENOMEM;
    memset(net->succ_at, 0, (net->n + 1) * sizeof *net->succ_at);
    clear_marks(last, net->n);
    for (size_t i = 0; i < net->n; i++)
        for (size_t e = 0; e < net->layers[i].n_edges; e++)
            if (!repeated(&net->layers[i], i, e, last)) {
                net->succ_at[net->layers[i].inputs[e] + 1]++;
                total++;
            }
    for (size_t i = 0; i < net->n; i++)
        net->succ_at[i + 1] += net->succ_at[i];
    if (asel_alloc_array(&net->succ, total, sizeof *net->succ) != 0) {
        asel_free(last);
        return ACCELSEL_ENOMEM;
    }
    size_t *fill = net->topo; /* borrowed as scratch: per-layer fill positions */
    memcpy(fill, net->succ_at, net->n * sizeof *fill);
    clear_marks(last, net->n);
    for (size_t i = 0; i < net->n; i++)
        for (size_t e = 0; e < net->layers[i].n_edges; e++)
            if (!repeated(&net->layers[i], i, e, last))
                net->succ[fill[net->layers[i].inputs[e]]++] = i;
    asel_free(last);
    return 0;
}

/* Binary min-heap of layer indices. */
static void heap_push(size_t *h, size_t *n, size_t v)
{
    size_t i = (*n)++;
    for (; i > 0 && h[(i - 1) / 2] > v; i = (i - 1) / 2)
        h[i] = h[(i - 1) / 2];
    h[i] = v;
}

static size_t heap_pop(size_t *h, size_t *n)
{
    size_t top = h[0], v = h[--*n], i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= *n)
            break;
        if (c + 1 < *n && h[c + 1] < h[c])
            c++;
        if (v <= h[c])
            break;
        h[i] = h[c];
        i = c;
    }
    if (*n > 0)
        h[i] = v;
    return top;
}

/* Name a cycle among the layers Kahn's algorithm could not order (those with
 * indeg > 0): walking back through such predecessors must revisit a layer.
 * Each layer's step back is found once and kept in @p next (scratch for n
 * entries): the walk takes n steps, and a layer with many inputs on the
 * cycle would otherwise be scanned on every visit. */
static int report_cycle(const accelsel_network *net, const size_t *indeg, size_t *next,
                        const char *source)
{
    size_t u = 0;
    while (indeg[u] == 0)
        u++;
    for (size_t i = 0; i < net->n; i++)
        next[i] = SIZE_MAX;
    for (size_t step = 0; step < net->n; step++) {
        if (next[u] == SIZE_MAX) {
            const asel_layer *l = &net->layers[u];
            size_t e = 0;
            while (indeg[l->inputs[e]] == 0)
                e++;
            next[u] = l->inputs[e];
        }
        u = next[u];
    }
    const asel_layer *on = &net->layers[u];
    return asel_net_fail(source, on->pos, ACCELSEL_EPARSE,
                         "cycle: layer '%s' depends on its own output", on->name);
}

static int order(accelsel_network *net, const char *source)
{
    size_t *indeg = NULL, *heap = NULL, nh = 0, done = 0;
    if (asel_alloc_array(&indeg, net->n, sizeof *indeg) != 0)
        return ACCELSEL_ENOMEM;
    if (asel_alloc_array(&heap, net->n, sizeof *heap) != 0) {
        asel_free(indeg);
        return ACCELSEL_ENOMEM;
    }
    /* The successor lists hold each predecessor once: in-degrees from them. */
    memset(indeg, 0, net->n * sizeof *indeg);
    for (size_t k = 0; k < net->succ_at[net->n]; k++)
        indeg[net->succ[k]]++;
    for (size_t i = 0; i < net->n; i++)
        if (indeg[i] == 0)
            heap_push(heap, &nh, i);
    while (nh > 0) {
        size_t u = heap_pop(heap, &nh);
        net->topo[done++] = u;
        for (size_t k = net->succ_at[u]; k < net->succ_at[u + 1]; k++)
            if (--indeg[net->succ[k]] == 0)
                heap_push(heap, &nh, net->succ[k]);
    }
    int rc = done == net->n ? 0 : report_cycle(net, indeg, heap, source);
    asel_free(heap);
    asel_free(indeg);
    return rc;
}

static int find_outputs(accelsel_network *net)
{
    size_t n = 0;
    for (size_t i = 0; i < net->n; i++)
        n += net->succ_at[i + 1] == net->succ_at[i];
    if (asel_alloc_array(&net->outputs, n, sizeof *net->outputs) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < net->n; i++)
        if (net->succ_at[i + 1] == net->succ_at[i])
            net->outputs[net->n_outputs++] = i;
    return 0;
}

int asel_net_link(accelsel_network *net, const char *source)
{
    int rc = index_names(net, source);
    for (size_t i = 0; rc == 0 && i < net->n; i++)
        rc = resolve_layer(net, &net->layers[i], source);
    if (rc == 0 && asel_alloc_array(&net->topo, net->n, sizeof *net->topo) != 0)
        rc = ACCELSEL_ENOMEM;
    if (rc == 0)
        rc = link_successors(net);
    if (rc == 0)
        rc = order(net, source);
    return rc != 0 ? rc : find_outputs(net);
}
