/* Random-forest regression (Breiman 2001): CART trees with the squared-error
 * criterion grown on bootstrap samples, a random subset of the features tried
 * at each node, as scikit-learn's RandomForestRegressor. Tree t draws every
 * random number from asel_rng_stream(seed, t), so a forest does not depend on
 * how many threads grew it. */
#ifndef ASEL_FOREST_H
#define ASEL_FOREST_H

#include <stddef.h>
#include <stdint.h>

#include "core/rng.h"
#include "learn/importance_progress.h"

typedef struct asel_node {
    double threshold; /* x[feature] <= threshold goes left */
    double value;     /* bootstrap-weighted mean target of the node */
    int32_t feature;  /* -1 for a leaf */
    uint32_t left, right;
} asel_node;

typedef struct asel_tree {
    asel_node *nodes;
    size_t n_nodes, cap;
} asel_tree;

typedef struct asel_forest_params {
    size_t n_trees;
    size_t max_depth;        /* 0: grow until leaves are pure or too small */
    size_t min_samples_leaf; /* distinct rows, as scikit-learn counts them */
    size_t max_features;     /* features tried per node, 1..p */
    uint64_t seed;
    unsigned int n_threads;  /* 0: all cores */
} asel_forest_params;

typedef struct asel_forest {
    size_t n_trees, n_features, n_rows;
    asel_tree *trees;
    uint64_t *inbag;  /* per tree, a bitset of the rows its bootstrap drew */
    size_t words;     /* uint64_t words per tree in inbag */
    double *impurity; /* n_features mean decrease in impurity, summing to 1 */
    double oob_r2;    /* R^2 of out-of-bag predictions; NaN if undefined */
    size_t oob_rows;  /* rows with at least one out-of-bag tree */
} asel_forest;

/* Grow a forest on the finite @p n x @p p matrix @p x and target @p y (of
 * any magnitude: the trees are grown on y divided by its asel_column_unit()).
 * 0, ACCELSEL_ECANCELED (through @p prog) or ACCELSEL_ENOMEM. */
int asel_forest_fit(asel_forest **out, const double *x, const double *y, size_t n, size_t p,
                    const asel_forest_params *params, asel_progress *prog);

void asel_forest_free(asel_forest *f);

/* Prediction of one tree for a row of n_features values. */
double asel_tree_predict(const asel_tree *t, const double *row);

/* 1 if tree @p t's bootstrap drew row @p i. */
int asel_forest_inbag(const asel_forest *f, size_t t, size_t i);

/* Mean prediction over every tree (@p oob 0) or over the trees whose
 * bootstrap left out training row @p i (@p oob 1; then NaN if there is none). */
double asel_forest_predict_row(const asel_forest *f, const double *row, size_t i, int oob);

/* R^2 = 1 - SS_res / SS_tot over the rows where pred is not NaN; NaN if
 * fewer than two rows or SS_tot is 0. @p used gets the row count (may be NULL). */
double asel_r2(const double *y, const double *pred, size_t n, size_t *used);

/* Permutation importance: for each feature j and repeat r, column j is
 * shuffled (stream r + j * n_repeats of @p seed) and the forest's R^2 on the
 * training rows recomputed (out-of-bag trees only when @p oob); the drop from
 * the unshuffled R^2 is averaged over the repeats into mean[j], its population
 * standard deviation into sd[j]. 0, ACCELSEL_ECANCELED or ACCELSEL_ENOMEM. */
int asel_forest_permutation(const asel_forest *f, const double *x, const double *y,
                            size_t n_repeats, int oob, uint64_t seed, unsigned int n_threads,
                            asel_progress *prog, double *mean, double *sd);

/* Grow one tree on the rows drawn @p weight[i] times each. @p decrease
 * (n_features, zeroed) gets each feature's total impurity decrease, weighted
 * by bootstrap counts. 0 or ACCELSEL_ENOMEM (tree left freeable). */
int asel_tree_grow(asel_tree *tree, const double *x, const double *y, size_t n, size_t p,
                   const uint32_t *weight, const asel_forest_params *params, asel_rng *rng,
                   double *decrease);

void asel_tree_free(asel_tree *tree);

#endif
