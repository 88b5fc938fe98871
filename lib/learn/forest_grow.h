/* State shared by the tree-growing files (forest_tree.c grows, forest_split.c
 * finds and applies the best split of a node). */
#ifndef ASEL_FOREST_GROW_H
#define ASEL_FOREST_GROW_H

#include "learn/forest.h"

typedef struct asel_keyed {
    double v;
    size_t row;
} asel_keyed;

typedef struct asel_grow {
    const double *x, *y;
    size_t n, p;
    const uint32_t *weight; /* bootstrap count of each row */
    const asel_forest_params *params;
    asel_rng *rng;
    size_t *rows;        /* in-bag rows; each node owns rows[start, end) */
    asel_keyed *keys;    /* one feature's values of a node, for sorting */
    size_t *features;    /* order in which features are tried */
} asel_grow;

typedef struct asel_stats {
    double weight;   /* sum of bootstrap counts */
    double mean;     /* weighted mean target */
    double impurity; /* weighted variance of the target */
    int pure;        /* every target value equal: nothing left to split */
} asel_stats;

typedef struct asel_split {
    size_t feature;
    double threshold;
} asel_split;

void asel_node_stats(const asel_grow *g, size_t start, size_t end, asel_stats *s);

/* The split of rows[start, end) with the largest decrease in squared error
 * among up to max_features non-constant features tried in random order (more
 * are tried when some are constant in the node, as scikit-learn does), each
 * side keeping at least min_samples_leaf rows. 1 if one was found, else 0. */
int asel_best_split(asel_grow *g, size_t start, size_t end, asel_split *best);

/* Reorder rows[start, end) so the rows going left come first; returns the
 * index where the right side begins. */
size_t asel_partition(asel_grow *g, size_t start, size_t end, const asel_split *s);

#endif
