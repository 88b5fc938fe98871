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
    /* With the default epochs column, the categorical `benchmark` column of
     * a table of several MLPerf benchmarks: only its "resnet" rows have
     * epochs of ImageNet images. SIZE_MAX when there is none. */
    size_t benchmark_col;
    size_t *group_cols;     /* owned: indices of the group columns */
    size_t n_group_cols;
    double images_per_epoch;
    int64_t reference_row;
    /* Cost and energy: each NULL when the table lacks it. */
    const double *power, *sys_power; /* W per accelerator; kW of the configuration */
    const double *price, *sys_price; /* USD per accelerator; USD of the configuration */
    const double *rent;              /* USD per accelerator-hour */
    const double *node_count;        /* nodes, for node power; NULL = one node */
    double node_power_w, pue, years, utilisation, price_kwh;
} asel_derive_in;

/* The cost parameters of accelsel_derive_options in their ranges: 0, or
 * ACCELSEL_EINVAL naming the field, @p who (the public function) in the
 * message. */
int asel_derive_check_costs(double node_power_w, double pue, double years, double utilisation,
                            double price_kwh, const char *who);

/* The cost and energy columns of accelsel_dataset_derive() (derive_cost.c):
 * how many @p in yields (0 to ASEL_DERIVE_COST_MAX), their names into
 * @p names and values into @p cols (each n_rows, caller's), from the
 * accelerators @p acc and minutes @p t of each row (NaN when unusable). */
#define ASEL_DERIVE_COST_MAX 5
size_t asel_derive_cost(const asel_derive_in *in, size_t n_rows, const double *acc,
                        const double *t, const char **names, double *const *cols);

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
