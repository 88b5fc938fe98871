/* Sibling branches of the network for the GA's branch move: for each fork
 * (a layer read by two or more layers, or the network's inputs when there
 * are several), which layers only one of its children leads to. */
#ifndef ASEL_MAP_GA_BRANCHES_H
#define ASEL_MAP_GA_BRANCHES_H

#include "core/rng.h"
#include "map/map_impl.h"

/* Forks kept: enough for every fork of the zoo, and a bound on the table
 * (forks x layers bytes) for any network. */
#define ASEL_GA_MAX_FORKS 256

typedef struct asel_ga_forks {
    size_t n;        /* forks kept, in topological order */
    uint8_t *n_kids; /* per fork: its children, 2..64 */
    int8_t *owner;   /* n x n_layers: the child that alone leads to the layer, or -1 */
} asel_ga_forks;

/* The forks of @p p's network: 0 or ACCELSEL_ENOMEM (then @p f holds nothing). */
int asel_ga_forks_build(const accelsel_mapping_problem *p, asel_ga_forks *f);
void asel_ga_forks_free(asel_ga_forks *f);

/* Run the sibling branches of one random fork on disjoint slot groups: the
 * slots, shuffled, are cut into one part per child (a random cut), and each
 * child's own layers take its part. A fork with more children than slots,
 * or a network without forks, leaves @p g unchanged. */
void asel_ga_branch_move(const accelsel_mapping_problem *p, const asel_ga_forks *f,
                         asel_map_genome *g, asel_rng *r);

#endif
