/*
 * libaccelsel: derived performance metrics of benchmark results (throughput,
 * speedup against a reference system, scaling efficiency, accelerator-hours).
 */
#ifndef ACCELSEL_DERIVE_H
#define ACCELSEL_DERIVE_H

#include <accelsel/common.h>
#include <accelsel/dataset.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Options for accelsel_dataset_derive(). Initialise with
 *  ACCELSEL_DERIVE_OPTIONS_INIT or accelsel_derive_options_init(); fields are
 *  only ever appended. Every column name may be NULL for the default, which
 *  fits the built-in MLPerf Training table. */
typedef struct accelsel_derive_options {
    unsigned int version;            /**< ACCELSEL_DERIVE_OPTIONS_VERSION */
    const char *time_column;         /**< time to train in minutes; NULL = "time_to_train_min" */
    const char *accelerators_column; /**< accelerators per system; NULL = "total_accelerators" */
    const char *nodes_column;        /**< nodes per system; NULL = "number_of_nodes" */
    const char *per_node_column;     /**< accelerators per node; NULL = "accelerators_per_node" */
    const char *epochs_column;       /**< epochs trained; NULL = "epochs_mean" */
    /** Columns whose values together define the groups that each have their
     *  own reference row, each required. NULL = those of {"round",
     *  "accelerator_model_name"} that the dataset has (all rows one group
     *  when it has neither; @ref n_group_columns is then ignored); a non-NULL
     *  pointer with @ref n_group_columns 0 puts all rows in one group. */
    const char *const *group_columns;
    uint64_t n_group_columns;   /**< length of @ref group_columns */
    double images_per_epoch;    /**< samples per epoch; default 1281167 (ImageNet-1k training set) */
    /** Row (0-based) that is the reference for every row, or -1 (default) to
     *  choose one per group as described at accelsel_dataset_derive(). */
    int64_t reference_row;
} accelsel_derive_options;

#define ACCELSEL_DERIVE_OPTIONS_VERSION 1
#define ACCELSEL_DERIVE_OPTIONS_INIT                                                              \
    { ACCELSEL_DERIVE_OPTIONS_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, 0, 1281167.0, -1 }

/** Fill @p opts with the defaults of @p version.
 *  @param[out] opts     the options to fill.
 *  @param[in]  version  ACCELSEL_DERIVE_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_derive_options_init(accelsel_derive_options *opts, unsigned int version);

/** sizeof(accelsel_derive_options) in this library, for bindings to check their layout. */
ACCELSEL_API size_t accelsel_derive_options_size(void);

/** A copy of @p in with derived columns added at the end (or, where @p in
 *  already has a column of that name, replacing it in place). All are numeric:
 *
 *  - `accelerators`: N, the accelerators of the system: the accelerators
 *    column, or, when the default-named one is absent, nodes x accelerators
 *    per node.
 *  - `throughput_img_s_derived`: epochs x images_per_epoch / (T x 60), images
 *    per second over the whole timed run (T in minutes), so evaluation and
 *    start-up count against it.
 *  - `throughput_per_accelerator`: that throughput / N.
 *  - `speedup`: S = T_ref / T, with T_ref the time of the row's reference row.
 *  - `efficiency`: E' = S / (N / N_ref), speedup per multiple of the reference's
 *    accelerators (1 = perfect linear scaling; after Cortes, Juiz and Bermejo,
 *    2025).
 *  - `accelerator_hours`: N x T / 60, the accelerator time one training costs.
 *  - `reference_row`: 0-based index in @p in of the reference row used.
 *
 *  Reference rows: with @p opts->reference_row -1, rows are grouped by the
 *  values of the group columns (a missing value is a group value of its own),
 *  and each group's reference is its row with the fewest accelerators (N > 0)
 *  that has a time; ties go to the fastest such row, then to the first in
 *  the input. A group without such a row has no reference.
 *
 *  Missing values: a time that is missing, not finite or not above 0 counts as
 *  missing, as does a missing, negative or non-finite N or epoch count. An
 *  output is missing (NaN) when any input it needs is missing; the
 *  per-accelerator outputs (`throughput_per_accelerator`, `efficiency`) are
 *  also missing when N is 0 (CPU-only systems), while `accelerator_hours` is
 *  then 0. When the epochs column is absent (only possible for the default
 *  name) both throughput columns are missing.
 *
 *  Outputs beyond a double's range: an output whose value would be infinite,
 *  or non-zero but below the smallest subnormal (4.9e-324, where it would
 *  round to 0), is missing (NaN) too, and so are the outputs computed from it
 *  (throughput per accelerator from throughput, efficiency from speedup): a
 *  throughput of infinity from a time of 5e-324 minutes is not a
 *  measurement. Only the value itself decides: products that overflow on
 *  the way (1e308 minutes x 60) are worked around, so such a row still gets
 *  every output that is a double.
 *
 *  Columns named in @p opts must exist; of the default names, "total_accelerators"
 *  and "epochs_mean" may be absent as described above.
 *
 *  @param[out] out   the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  in    the input; only read.
 *  @param[in]  opts  NULL for defaults; not kept.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL @p out or @p in, a NULL entry of
 *              @p opts->group_columns, a non-positive or non-finite
 *              images_per_epoch, or a reference_row below -1 or past the last row;
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_ENOTFOUND for a column that does not exist (the message
 *              names it and the closest existing column);
 *          ACCELSEL_ETYPE if the time, accelerator, node or epoch column is categorical;
 *          ACCELSEL_EDATA if the given reference_row has no time or no accelerators;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p in may be shared. */
ACCELSEL_API int accelsel_dataset_derive(accelsel_dataset **out, const accelsel_dataset *in,
                                         const accelsel_derive_options *opts);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_DERIVE_H */
