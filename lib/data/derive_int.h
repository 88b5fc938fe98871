/* Pieces of accelsel_dataset_derive(): the input columns it resolved, and
 * the grouping of rows by the values of some columns. */
#ifndef ASEL_DERIVE_INT_H
#define ASEL_DERIVE_INT_H

#include <stddef.h>

#include "accelsel/derive.h"
#include "data/table.h"

typedef struct asel_derive_in {
    const double *time;     /* minutes */
    const double *acc;      /* accelerators, or NULL: nodes x per_node */
    const double *nodes, *per_node;
    const double *epochs;   /* NULL when the default-named column is absent */
    size_t *group_cols;     /* owned: indices of the group columns */
    size_t n_group_cols;
    double images_per_epoch;
    int64_t reference_row;
} asel_derive_in;

/* Check @p opts (NULL = defaults) against @p ds and find its columns. */
int asel_derive_resolve(const accelsel_dataset *ds, const accelsel_derive_options *opts,
                        asel_derive_in *in);

void asel_derive_in_free(asel_derive_in *in);

/* Number the distinct combinations of the values of columns @p cols[0..k-1]
 * in order of first appearance: gid[row] for every row, *n_groups in all.
 * Missing is a value like any other; numeric values compare as numbers
 * (so 0 and -0 are one group). 0 or ACCELSEL_ENOMEM. */
int asel_group_rows(const accelsel_dataset *ds, const size_t *cols, size_t k, size_t *gid,
                    size_t *n_groups);

#endif
