/* Growing one CART regression tree depth-first, and predicting with it. */
#include "core/alloc.h"
#include "core/error.h"
#include "learn/forest_grow.h"

typedef struct pending {
    size_t node, start, end, depth;
    asel_stats stats;
} pending;

static int new_node(asel_tree *t, const asel_stats *s, size_t *index)
{
    int rc = asel_array_grow(&t->nodes, &t->cap, t->n_nodes + 1, sizeof *t->nodes, 64);
    if (rc != 0)
        return rc;
    *index = t->n_nodes++;
    t->nodes[*index] = (asel_node){0.0, s->mean, -1, 0, 0};
    return 0;
}

static int can_split(const asel_grow *g, const pending *nd)
{
    const asel_forest_params *pr = g->params;
    return !nd->stats.pure && nd->end - nd->start >= 2 * pr->min_samples_leaf &&
           (pr->max_depth == 0 || nd->depth < pr->max_depth);
}

/* Split node @p nd if worthwhile, pushing its children on @p stack. */
static int expand(asel_grow *g, asel_tree *t, const pending *nd, pending *stack, size_t *top,
                  double *decrease)
{
    asel_split s;
    if (!can_split(g, nd) || !asel_best_split(g, nd->start, nd->end, &s))
        return 0;
    size_t mid = asel_partition(g, nd->start, nd->end, &s);
    pending l = {.start = nd->start, .end = mid, .depth = nd->depth + 1};
    pending r = {.start = mid, .end = nd->end, .depth = nd->depth + 1};
    asel_node_stats(g, l.start, l.end, &l.stats);
    asel_node_stats(g, r.start, r.end, &r.stats);
    int rc = new_node(t, &l.stats, &l.node);
    if (rc == 0)
        rc = new_node(t, &r.stats, &r.node);
    if (rc != 0)
        return rc;
    asel_node *n = &t->nodes[nd->node];
    *n = (asel_node){s.threshold, n->value, (int32_t)s.feature, (uint32_t)l.node, (uint32_t)r.node};
    decrease[s.feature] += nd->stats.weight * nd->stats.impurity -
                           l.stats.weight * l.stats.impurity - r.stats.weight * r.stats.impurity;
    /* Right first so the left subtree is grown first (any order gives the same tree). */
    stack[(*top)++] = r;
    stack[(*top)++] = l;
    return 0;
}

static int grow(asel_grow *g, asel_tree *t, size_t m, pending *stack, double *decrease)
{
    pending root = {.end = m};
    asel_node_stats(g, 0, m, &root.stats);
    int rc = new_node(t, &root.stats, &root.node);
    size_t top = 0;
    if (rc == 0)
        stack[top++] = root;
    while (rc == 0 && top > 0) {
        pending nd = stack[--top];
        rc = expand(g, t, &nd, stack, &top, decrease);
    }
    return rc;
}

int asel_tree_grow(asel_tree *tree, const double *x, const double *y, size_t n, size_t p,
                   const uint32_t *weight, const asel_forest_params *params, asel_rng *rng,
                   double *decrease)
{
    asel_grow g = {x, y, n, p, weight, params, rng, NULL, NULL, NULL};
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        m += weight[i] > 0;
    pending *stack = NULL;
    /* A depth-first stack never holds more than depth + 1 <= m + 1 nodes. */
    int rc = asel_alloc_array(&g.rows, m, sizeof *g.rows);
    if (rc == 0)
        rc = asel_alloc_array(&g.keys, m, sizeof *g.keys);
    if (rc == 0)
        rc = asel_alloc_array(&g.features, p, sizeof *g.features);
    if (rc == 0)
        rc = asel_alloc_array(&stack, m + 1, sizeof *stack);
    if (rc == 0) {
        for (size_t i = 0, k = 0; i < n; i++)
            if (weight[i] > 0)
                g.rows[k++] = i;
        for (size_t j = 0; j < p; j++)
            g.features[j] = j;
        rc = grow(&g, tree, m, stack, decrease);
    }
    asel_free(stack);
    asel_free(g.features);
    asel_free(g.keys);
    asel_free(g.rows);
    return rc;
}

double asel_tree_predict(const asel_tree *t, const double *row)
{
    const asel_node *n = &t->nodes[0];
    while (n->feature >= 0)
        n = &t->nodes[row[n->feature] <= n->threshold ? n->left : n->right];
    return n->value;
}

void asel_tree_free(asel_tree *tree)
{
    asel_free(tree->nodes);
    tree->nodes = NULL;
    tree->n_nodes = tree->cap = 0;
}
