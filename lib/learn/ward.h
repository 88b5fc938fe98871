/* Agglomerative Ward clustering: the full tree and its cut into k clusters. */
#ifndef ASEL_WARD_H
#define ASEL_WARD_H

#include <stddef.h>
#include <stdint.h>

#include "learn/kmeans.h"

/* One merge in SciPy's linkage convention (a < b; ids >= n are earlier merges). */
typedef struct asel_ward_merge {
    size_t a, b;
    double height;
    size_t size;
} asel_ward_merge;

/* The n - 1 merges of the Ward tree of @p x (n x d), in increasing height
 * (ties in the order the chain made them). */
int asel_ward_tree(const double *x, size_t n, size_t d, asel_ward_merge *merges,
                   const asel_cl_progress *progress);

/* Turn the chain's merges (slots a < b, each slot a row of its cluster, in
 * chain order) into SciPy's form: sorted by height, stable, with cluster ids. */
int asel_ward_label(asel_ward_merge *merges, size_t n);

/* Labels of the cut into @p k clusters: the first n - k merges applied,
 * clusters numbered by their first row. */
int asel_ward_cut(const asel_ward_merge *merges, size_t n, size_t k, uint32_t *labels);

#endif
