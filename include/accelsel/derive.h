/*
 * libaccelsel: derived performance metrics of benchmark results (throughput,
 * speedup against a reference system, scaling efficiency, accelerator-hours)
 * and, where a table has power and price columns, the energy and cost of
 * one run.
 */
#ifndef ACCELSEL_DERIVE_H
#define ACCELSEL_DERIVE_H

#include <accelsel/common.h>
#include <accelsel/dataset.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Defaults of the cost and energy options (accelsel_derive_options
 *  version 2) @{ */
/** Power of a node beyond its accelerators, in W: the two 350 W host CPUs of
 *  a DGX H100 (Xeon Platinum 8480C; the catalog's 8480+ TDP). Memory, disks,
 *  NICs and fans are not counted. */
#define ACCELSEL_DERIVE_NODE_POWER_W 700.0
/** Power usage effectiveness of the data centre: facility power over IT power. */
#define ACCELSEL_DERIVE_PUE 1.2
/** Years over which bought hardware is paid off (an assumption: set your own). */
#define ACCELSEL_DERIVE_YEARS 5.0
/** Fraction of those years the hardware trains (an assumption: set your own). */
#define ACCELSEL_DERIVE_UTILISATION 0.8
/** Electricity in USD per kWh (an assumption between the 2024 US industrial
 *  and commercial averages of EIA's Electric Power Monthly, table 5.6.B:
 *  set your tariff). */
#define ACCELSEL_DERIVE_PRICE_KWH 0.10
/** Hours in a year: 365.25 days. */
#define ACCELSEL_HOURS_PER_YEAR 8766.0
/** @} */

/** Options for accelsel_dataset_derive(). Initialise with
 *  ACCELSEL_DERIVE_OPTIONS_INIT or accelsel_derive_options_init(); fields are
 *  only ever appended, and a struct of an earlier version is read up to its
 *  own fields (the later ones take their defaults). Every column name may be
 *  NULL for the default, which fits the built-in MLPerf Training table (the
 *  cost and energy defaults: the columns accelsel_dataset_add_prices()
 *  adds). */
typedef struct accelsel_derive_options {
    unsigned int version;            /**< ACCELSEL_DERIVE_OPTIONS_VERSION */
    const char *time_column;         /**< time to train in minutes; NULL = "time_to_train_min" */
    const char *accelerators_column; /**< accelerators per system; NULL = "total_accelerators" */
    const char *nodes_column;        /**< nodes per system; NULL = "number_of_nodes" */
    const char *per_node_column;     /**< accelerators per node; NULL = "accelerators_per_node" */
    const char *epochs_column;       /**< epochs trained; NULL = "epochs_mean" */
    /** Columns whose values together define the groups that each have their
     *  own reference row, each required. NULL = those of {"benchmark",
     *  "round", "accelerator_model_name"} that the dataset has (all rows one
     *  group when it has none; @ref n_group_columns is then ignored); a
     *  non-NULL pointer with @ref n_group_columns 0 puts all rows in one group. */
    const char *const *group_columns;
    uint64_t n_group_columns;   /**< length of @ref group_columns */
    double images_per_epoch;    /**< samples per epoch; default 1281167 (ImageNet-1k training set) */
    /** Row (0-based) that is the reference for every row, or -1 (default) to
     *  choose one per group as described at accelsel_dataset_derive(). */
    int64_t reference_row;
    /* Version 2: cost and energy of one run (see accelsel_dataset_derive()). */
    /** Power of one accelerator in W (its TDP); NULL = "accelerator_tdp_w"
     *  when the table has it. */
    const char *power_column;
    /** Power of the whole configuration at the wall in kW, its nodes
     *  included, in place of @ref power_column and @ref node_power_w (a
     *  quote that gives a system's power); NULL = none. */
    const char *system_power_column;
    /** Purchase price of one accelerator in USD; NULL =
     *  "accelerator_price_usd" when the table has it. */
    const char *price_column;
    /** Purchase price of the whole configuration in USD, in place of
     *  @ref price_column (a quote, or a system's price); NULL = none. */
    const char *system_price_column;
    /** Rent in USD per accelerator-hour; NULL =
     *  "rent_usd_per_accelerator_hour" when the table has it. */
    const char *rent_column;
    double node_power_w; /**< W per node beyond the accelerators, >= 0; default
                              ACCELSEL_DERIVE_NODE_POWER_W */
    double pue;          /**< >= 1; default ACCELSEL_DERIVE_PUE */
    double years;        /**< > 0; default ACCELSEL_DERIVE_YEARS */
    double utilisation;  /**< in (0, 1]; default ACCELSEL_DERIVE_UTILISATION */
    double price_kwh;    /**< USD per kWh, >= 0; default ACCELSEL_DERIVE_PRICE_KWH */
} accelsel_derive_options;

#define ACCELSEL_DERIVE_OPTIONS_VERSION 2
#define ACCELSEL_DERIVE_OPTIONS_INIT                                                              \
    { ACCELSEL_DERIVE_OPTIONS_VERSION, NULL, NULL, NULL, NULL, NULL, NULL, 0, 1281167.0, -1,     \
      NULL, NULL, NULL, NULL, NULL, ACCELSEL_DERIVE_NODE_POWER_W, ACCELSEL_DERIVE_PUE,           \
      ACCELSEL_DERIVE_YEARS, ACCELSEL_DERIVE_UTILISATION, ACCELSEL_DERIVE_PRICE_KWH }

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
 *    start-up count against it. With the default epochs column, a dataset
 *    with a categorical `benchmark` column (the table of every MLPerf
 *    benchmark) has it only for its rows whose benchmark is `resnet`: the
 *    other benchmarks' epochs count samples, tokens or epochs of other
 *    datasets, so their throughput is missing.
 *  - `throughput_per_accelerator`: that throughput / N.
 *  - `speedup`: S = T_ref / T, with T_ref the time of the row's reference row.
 *  - `efficiency`: E' = S / (N / N_ref), speedup per multiple of the reference's
 *    accelerators (1 = perfect linear scaling; after Cortes, Juiz and Bermejo,
 *    2025).
 *  - `accelerator_hours`: N x T / 60, the accelerator time one training costs.
 *  - `reference_row`: 0-based index in @p in of the reference row used.
 *
 *  Cost and energy of one run (version-2 options), each column added only
 *  when its inputs are columns of @p in (named in @p opts, or present under
 *  their default names), T the time in hours, N the accelerators, n the
 *  nodes (the nodes column; 1 when @p in has none):
 *  - `wall_power_kw`: P = (power x N + node_power_w x n) / 1000, the
 *    servers' draw at the wall (PUE not included), or the system power
 *    column. Energy is modelled from TDP: MLPerf's rows carry no power
 *    measurement, and a TDP is an upper bound of the average draw.
 *  - `energy_kwh`: P x T x PUE, with the power.
 *  - `purchase_usd`: C = price x N, or the system price column.
 *  - `buy_per_run_usd`: C x T / (years x ACCELSEL_HOURS_PER_YEAR x
 *    utilisation) + energy_kwh x price_kwh: the capital of the hours the
 *    run takes at that utilisation, and its electricity; with both a price
 *    and a power.
 *  - `rent_per_run_usd`: rent x N x T, with the rent column.
 *  A missing input gives a missing output, never 0: a row without a price
 *  has no purchase or buying cost.
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
 *              images_per_epoch, a reference_row below -1 or past the last
 *              row, or a cost parameter outside its range (NaN, infinite,
 *              negative; accelsel_error.field names it);
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_ENOTFOUND for a column that does not exist (the message
 *              names it and the closest existing column);
 *          ACCELSEL_ETYPE if the time, accelerator, node, epoch, power, price or
 *              rent column is categorical;
 *          ACCELSEL_EDATA if the given reference_row has no time or no accelerators;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p in may be shared. */
ACCELSEL_API int accelsel_dataset_derive(accelsel_dataset **out, const accelsel_dataset *in,
                                         const accelsel_derive_options *opts);

/** @name Speed across benchmarks
 *  For the systems that ran several benchmarks in one round (the table of
 *  every MLPerf Training benchmark), each benchmark's time set against one
 *  reference system of that round, so that one sees whether a system that
 *  is fast on one benchmark is fast on another. @{ */

/** Options for accelsel_dataset_cross_benchmark(). Initialise with
 *  ACCELSEL_CROSS_OPTIONS_INIT or accelsel_cross_options_init(); fields are
 *  only ever appended. */
typedef struct accelsel_cross_options {
    unsigned int version; /**< ACCELSEL_CROSS_OPTIONS_VERSION */
    /** system_name of the reference system, looked up in every round (the
     *  first system of that name in the round); rounds without it are left
     *  out. NULL = in each round the system that ran the most benchmarks;
     *  ties go to the one with fewer accelerators, then to the one the data
     *  shows first. */
    const char *reference;
    /** Systems that ran fewer benchmarks in their round are left out (the
     *  reference never is); 0 counts as 1. Default 2. */
    uint32_t min_benchmarks;
} accelsel_cross_options;

#define ACCELSEL_CROSS_OPTIONS_VERSION 1
#define ACCELSEL_CROSS_OPTIONS_INIT { ACCELSEL_CROSS_OPTIONS_VERSION, NULL, 2 }

/** Fill @p opts with the defaults of @p version.
 *  @param[out] opts     the options to fill.
 *  @param[in]  version  ACCELSEL_CROSS_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_cross_options_init(accelsel_cross_options *opts, unsigned int version);

/** sizeof(accelsel_cross_options) in this library, for bindings to check their layout. */
ACCELSEL_API size_t accelsel_cross_options_size(void);

/** Each benchmark's speed of each system against a reference system of the
 *  same round.
 *
 *  A system is a (round, submitter, system_name, total_accelerators) of
 *  @p in (submitter when the column exists): one configuration, so that a
 *  name that submitters give to several sizes counts once per size. It ran
 *  a benchmark when a row of it has that benchmark with a time above 0 and
 *  accelerators above 0 (finite). Of several such rows of one system and
 *  benchmark, the fastest counts (the earlier row on a tie). Filter the rows first (accelsel_selection_keep_rows() keeps the
 *  closed division and unique logs) to compare what the rules compare.
 *
 *  The result has one row per system and benchmark it ran, the rounds in
 *  the order the data shows them first, within a round the systems so, and
 *  within a system the benchmarks in the order the data shows them first.
 *  Columns: `round`, `submitter` (when @p in has it), `system_name`,
 *  `accelerator_family` (when @p in has it), `accelerators` (N),
 *  `benchmark`, `time_to_train_min` (T), `benchmarks` (how many the system
 *  ran in the round), `reference_system`, `reference_accelerators` (N_ref),
 *  `reference_time_min` (T_ref: the reference's time on the benchmark,
 *  missing when the reference did not run it), `speed_vs_reference`
 *  (T_ref / T: how many times faster the whole system trains),
 *  `speed_per_accelerator_vs_reference` ((T_ref x N_ref) / (T x N): the
 *  same per accelerator, so that systems of different sizes compare), and
 *  `source_row` (0-based row of @p in). The speeds are missing where T_ref
 *  is, and where a quotient is not a finite number above 0.
 *
 *  @param[out] out   the new dataset, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  in    the rows; only read. Needs the categorical columns
 *                    `round`, `benchmark` and `system_name` and the numeric
 *                    `time_to_train_min` and `total_accelerators`;
 *                    `submitter` and `accelerator_family`, when present,
 *                    categorical.
 *  @param[in]  opts  NULL for defaults; not kept.
 *  @return 0, also when no system qualifies (a result of no rows);
 *          ACCELSEL_EINVAL for a NULL @p out or @p in;
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_ENOTFOUND for a missing column (the message names the
 *              closest), or a @p opts->reference that no row names (field
 *              "reference"; the message names the closest system_name);
 *          ACCELSEL_ETYPE for a column of the wrong type;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p in may be shared. */
ACCELSEL_API int accelsel_dataset_cross_benchmark(accelsel_dataset **out,
                                                  const accelsel_dataset *in,
                                                  const accelsel_cross_options *opts);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_DERIVE_H */
