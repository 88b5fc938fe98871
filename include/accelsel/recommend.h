/*
 * libaccelsel: procurement. What to buy or rent for a workload (one network
 * or a monthly mix of them), under a purchase budget, a monthly budget, a
 * power cap and a deadline: candidate configurations from measured rows and
 * from the catalog (predicted), their time, energy and cost per run, the
 * feasible ones ranked, the Pareto front of time against cost, what was
 * excluded and why, the break-even between buying and renting, and the
 * rules of thumb people use without a tool, under the same constraints.
 *
 * Prices: the catalog's purchase prices (accelsel_device_info.price_usd and
 * its basis) and public on-demand cloud prices per accelerator-hour
 * (data/prices/cloud.csv, or a file of the same columns). Energy is
 * modelled from the accelerators' TDP and a power per node
 * (accelsel_derive_options), not measured.
 *
 * Threads: a recommendation is computed on the calling thread, but for the
 * weight sensitivity (n_threads); the result does not depend on the thread
 * count. Inputs are only read, so they may be shared.
 */
#ifndef ACCELSEL_RECOMMEND_H
#define ACCELSEL_RECOMMEND_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include <accelsel/catalog.h>
#include <accelsel/common.h>
#include <accelsel/dataset.h>
#include <accelsel/derive.h>
#include <accelsel/network.h>
#include <accelsel/predict.h>
#include <accelsel/rank.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @name Cloud prices
 *  A table of public on-demand prices, one row per instance type and region:
 *  the columns `provider`, `instance`, `accelerator` (a device of the
 *  catalog, by name or alias, as catalog lookups take names),
 *  `accelerators_per_instance` (a whole number from 1 to 2^31),
 *  `usd_per_accelerator_hour` (finite, above 0), `region`, `date` (ISO 8601:
 *  YYYY, YYYY-MM or YYYY-MM-DD, when the price was read) and `source`, in
 *  any order; further columns are kept. Every value is required. The loaded
 *  table has the file's columns as read (the text ones categorical) and a
 *  last column `device`, the catalog name each accelerator resolved to.
 *  Every failure names the source, the line and byte column of the cell,
 *  and the column (a missing column: line 1, column 1):
 *  ACCELSEL_EPARSE for malformed CSV, a missing column or value, text where
 *  a number belongs, a bad date; ACCELSEL_ENOTFOUND for an accelerator the
 *  catalog lacks (the message gives the nearest names); ACCELSEL_ERANGE for
 *  a count or price out of its range; ACCELSEL_EDATA for an instance given
 *  twice (the same provider, instance and region; the message names the
 *  earlier line); ACCELSEL_EEMPTY for a header without rows;
 *  ACCELSEL_ENOMEM. @{ */

/** Read cloud prices from a CSV file (RFC 4180).
 *  @param[out] out   the prices, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  cat   the catalog accelerators are looked up in; NULL = the
 *                    built-in catalog. Only read during the call.
 *  @param[in]  path  the file; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p out or @p path; ACCELSEL_EIO
 *          (path and reason); the errors above.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_cloud_prices_load_file(accelsel_dataset **out,
                                                 const accelsel_catalog *cat, const char *path);

/** As accelsel_cloud_prices_load_file(), from @p len bytes at @p data (not
 *  NUL-terminated; may be NULL only when @p len is 0); errors name the
 *  source "<buffer>".
 *  @return as accelsel_cloud_prices_load_file(), without ACCELSEL_EIO;
 *          ACCELSEL_EINVAL also for a NULL @p data with @p len above 0. */
ACCELSEL_API int accelsel_cloud_prices_load_buffer(accelsel_dataset **out,
                                                   const accelsel_catalog *cat, const char *data,
                                                   size_t len);

/** The cloud prices compiled into the library (data/prices/cloud.csv: each
 *  row's source and the date it was read; data/README.md), checked as a
 *  file is; errors name the source "cloud-prices-builtin".
 *  @param[out] out  freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  cat  NULL = the built-in catalog; a catalog without the
 *                   rows' accelerators fails with ACCELSEL_ENOTFOUND.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p out; the errors above.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_cloud_prices_load_builtin(accelsel_dataset **out,
                                                    const accelsel_catalog *cat);
/** @} */

/** Options for accelsel_dataset_add_prices(). Initialise with
 *  ACCELSEL_PRICES_OPTIONS_INIT or accelsel_prices_options_init(); fields
 *  are only ever appended. */
typedef struct accelsel_prices_options {
    unsigned int version;            /**< ACCELSEL_PRICES_OPTIONS_VERSION */
    /** The accelerator of each row; NULL = "accelerator_model_name". */
    const char *accelerator_column;
    /** Accelerators of each row, to choose the cheapest instances for that
     *  many; NULL = "total_accelerators" (a row without a count rents one). */
    const char *accelerators_column;
} accelsel_prices_options;

#define ACCELSEL_PRICES_OPTIONS_VERSION 1
#define ACCELSEL_PRICES_OPTIONS_INIT { ACCELSEL_PRICES_OPTIONS_VERSION, NULL, NULL }

/** Fill @p opts with the defaults of @p version.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_prices_options_init(accelsel_prices_options *opts,
                                              unsigned int version);
/** sizeof(accelsel_prices_options), for bindings to check their layout. */
ACCELSEL_API size_t accelsel_prices_options_size(void);

/** A copy of @p ds with the prices and power of each row's accelerator
 *  added (or replaced, where @p ds has columns of these names), the inputs
 *  of the cost and energy columns of accelsel_dataset_derive():
 *  - `catalog_device`: the catalog device the accelerator cell names (as
 *    catalog lookups take names: the MLPerf spellings, vendor spellings such
 *    as "NVIDIA A100 80GB PCIe"), else, where @p ds has a text column
 *    `accelerator_family`, the device that cell names (as the predictor
 *    reads rows: MLPerf names some TPU v4 rows only "TPU"); missing where
 *    neither names one device;
 *  - `accelerator_tdp_w`, `accelerator_price_usd`: the device's TDP and
 *    purchase price; `accelerator_price_basis`: "list", "estimate" or
 *    "derived" (missing where there is no price);
 *  - `rent_usd_per_accelerator_hour` and `rent_instance` ("PROVIDER INSTANCE,
 *    REGION"): of the cloud rows of the device, the instances that hold the
 *    row's N accelerators most cheaply: ceil(N / per instance) instances, the
 *    rate being their price over N accelerator-hours (the first in file
 *    order among equal ones); missing where no cloud row has the device.
 *  A missing price is a missing value, never 0.
 *  @param[out] out    freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  ds     the rows; only read.
 *  @param[in]  cat    the catalog; NULL = the built-in one.
 *  @param[in]  cloud  cloud prices (accelsel_cloud_prices_load_*()); NULL = none.
 *  @param[in]  opts   NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p out or @p ds; ACCELSEL_EVERSION;
 *          ACCELSEL_ENOTFOUND for a named column that @p ds lacks, or for
 *          the default accelerator column when @p ds lacks it (the message
 *          says to name one), or a @p cloud without the columns of a price
 *          table; ACCELSEL_ETYPE for a count column that holds text or an
 *          accelerator column that holds numbers; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; the inputs may be shared. */
ACCELSEL_API int accelsel_dataset_add_prices(accelsel_dataset **out, const accelsel_dataset *ds,
                                             const accelsel_catalog *cat,
                                             const accelsel_dataset *cloud,
                                             const accelsel_prices_options *opts);

/** One network of a workload and how often it is trained. Plain data; new
 *  members would come with new functions, never appended.
 *
 *  A transformer (a network with accelsel_network_get_transformer(): a zoo
 *  LLM, a config.json) is predicted under its fastest parallel plan
 *  (accelsel_predictor_predict_plan(), every field searched): its global
 *  batch counts sequences (0 = its recipe's, else one a device), and its
 *  epochs count its recipe's samples per epoch, so that T tokens are
 *  T / (sequence x epoch_samples) epochs (a zoo LLM's epoch is its
 *  pre-training); 0 = its recipe's samples. The zoo's gpt3,
 *  llama2_70b_lora and llama31_405b are MLPerf's benchmarks: trained to
 *  the target with MLPerf's batch and evaluations, and measured by the rows
 *  of those benchmarks. A transformer with nothing to train (no recipe, no
 *  epochs) is excluded by "prediction". */
typedef struct accelsel_workload_item {
    const accelsel_network *network; /**< borrowed for the call */
    double runs_per_month;           /**< finite, >= 0; the workload's sum must be above 0 */
    double global_batch;             /**< samples per step; 0 = 256 per accelerator (a
                                          transformer: as above) */
    double epochs;                   /**< 0 = the predictor's default for the network */
} accelsel_workload_item;

/** @name Where candidates come from (accelsel_recommend_options.candidates) @{ */
#define ACCELSEL_CANDIDATES_MEASURED 1u /**< the measured rows' configurations */
#define ACCELSEL_CANDIDATES_CATALOG 2u  /**< catalog devices and systems, predicted */
#define ACCELSEL_CANDIDATES_ALL 3u      /**< both */
/** @} */

/** @name Buying or renting (accelsel_recommend_options.acquire) @{ */
#define ACCELSEL_ACQUIRE_BUY 1u
#define ACCELSEL_ACQUIRE_RENT 2u
#define ACCELSEL_ACQUIRE_EITHER 3u /**< each configuration bought or rented, whichever
                                        costs less a run among the feasible ways */
/** @} */

/** The catalog candidates when none are named: the accelerators of the
 *  measurements of docs (H100, H200, A100 80 GB, L40S, MI300X, Gaudi 2). */
#define ACCELSEL_RECOMMEND_DEFAULT_DEVICES                                                   \
    "h100-sxm5-80gb,h200-sxm-141gb,a100-sxm4-80gb,l40s,mi300x,gaudi2"
/** Their accelerator counts (node counts for systems) when none are named. */
#define ACCELSEL_RECOMMEND_DEFAULT_COUNTS "8,16,32,64,128,256,512"
/** Hours in a month: ACCELSEL_HOURS_PER_YEAR / 12. */
#define ACCELSEL_HOURS_PER_MONTH 730.5

/** What to recommend from. Initialise with ACCELSEL_RECOMMEND_INPUTS_INIT
 *  or accelsel_recommend_inputs_init(); fields are only ever appended. */
typedef struct accelsel_recommend_inputs {
    unsigned int version;                  /**< ACCELSEL_RECOMMEND_INPUTS_VERSION */
    const accelsel_workload_item *workload; /**< @ref n_workload networks, required */
    uint64_t n_workload;                   /**< at least 1 */
    /** The catalog of prices, TDPs and release years; NULL = the built-in
     *  one. It must be the predictor's catalog when a predictor is given. */
    const accelsel_catalog *catalog;
    /** Predicts the catalog candidates, and the networks of a mix that a
     *  measured row did not measure; NULL = none: only measured candidates
     *  (asking for catalog ones is then ACCELSEL_EINVAL naming "predictor"),
     *  and a measured configuration missing a network of the mix is
     *  excluded with the constraint "prediction". */
    const accelsel_predictor *predictor;
    /** Measured rows in the built-in MLPerf format (their kept rows:
     *  accelsel_selection_keep_rows()); NULL = none. A table without a
     *  `benchmark` column holds ResNet-50 rows, which measure the zoo's
     *  "resnet50"; a `benchmark` cell measures the network of that name. */
    const accelsel_dataset *measured;
    /** Cloud prices (accelsel_cloud_prices_load_*()); NULL = the built-in ones,
     *  read against the built-in catalog: a device of @ref catalog is rented
     *  at the rows whose device has its name. */
    const accelsel_dataset *cloud_prices;
    /** Catalog devices or systems to predict (names or aliases); NULL with
     *  @ref n_devices 0 = ACCELSEL_RECOMMEND_DEFAULT_DEVICES. */
    const char *const *devices;
    uint64_t n_devices;
    /** Accelerator counts of the devices, node counts of the systems,
     *  increasing, from 1; NULL with @ref n_counts 0 =
     *  ACCELSEL_RECOMMEND_DEFAULT_COUNTS. */
    const uint32_t *counts;
    uint64_t n_counts;
} accelsel_recommend_inputs;

#define ACCELSEL_RECOMMEND_INPUTS_VERSION 1
#define ACCELSEL_RECOMMEND_INPUTS_INIT                                                       \
    { ACCELSEL_RECOMMEND_INPUTS_VERSION, NULL, 0, NULL, NULL, NULL, NULL, NULL, 0, NULL, 0 }

/** Fill @p in with the defaults of @p version.
 *  @return 0; ACCELSEL_EINVAL if @p in is NULL; ACCELSEL_EVERSION.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_recommend_inputs_init(accelsel_recommend_inputs *in,
                                                unsigned int version);
/** sizeof(accelsel_recommend_inputs), for bindings to check their layout. */
ACCELSEL_API size_t accelsel_recommend_inputs_size(void);

/** Options of accelsel_recommend(). Initialise with
 *  ACCELSEL_RECOMMEND_OPTIONS_INIT or accelsel_recommend_options_init();
 *  fields are only ever appended. A limit of INFINITY (or 0 for the counts
 *  and the efficiency) is no limit. */
typedef struct accelsel_recommend_options {
    unsigned int version;        /**< ACCELSEL_RECOMMEND_OPTIONS_VERSION */
    uint32_t candidates;         /**< ACCELSEL_CANDIDATES_*; default _ALL */
    uint32_t acquire;            /**< ACCELSEL_ACQUIRE_*; default _EITHER */
    double budget_usd;           /**< purchase budget (buying only); > 0 */
    double monthly_budget_usd;   /**< a month's cost (buying: the price paid off over
                                      the years, and the electricity of the month's runs;
                                      renting: the month's runs); > 0 */
    double power_cap_kw;         /**< power at the wall, PUE not included; > 0 */
    uint32_t max_accelerators;   /**< 0 = none */
    double min_efficiency;       /**< E' of every network of the workload, >= 0; 0 = none */
    double deadline_min;         /**< time to train of every network; > 0 */
    /** 1 (default): the month's runs, one after another, must fit in a month
     *  (ACCELSEL_HOURS_PER_MONTH of wall time); 0: no such limit. */
    uint32_t fit_month;
    double node_power_w;         /**< as accelsel_derive_options; default its */
    double pue;                  /**< likewise */
    double years;                /**< likewise */
    double utilisation;          /**< likewise */
    double price_kwh;            /**< likewise */
    /** Criteria weights, >= 0, not all 0, normalised to sum 1: the mean time
     *  to train of a run, its cost, its energy, and the purchase price (0 for
     *  a rented configuration). Defaults 1, 2, 0.5, 0.5. */
    double weight_time, weight_cost, weight_energy, weight_purchase;
    int32_t method;              /**< ACCELSEL_RANK_*; default TOPSIS */
    uint32_t sensitivity_samples; /**< weight perturbations of +-20%, as accelsel rank
                                       draws them; default 1000; 0 = none */
    /** Draws of prices moved at random by up to +-@ref price_perturbation
     *  (each device's purchase price and cloud rate by a factor of its own),
     *  recommending again under each: how often the first choice stays.
     *  Default 200; 0 = none. */
    uint32_t price_samples;
    double price_perturbation;   /**< in [0, 1); default 0.2 */
    uint64_t seed;               /**< default 42 */
    uint32_t n_threads;          /**< 0 = all cores; results do not depend on it */
} accelsel_recommend_options;

#define ACCELSEL_RECOMMEND_OPTIONS_VERSION 1
#define ACCELSEL_RECOMMEND_OPTIONS_INIT                                                       \
    { ACCELSEL_RECOMMEND_OPTIONS_VERSION, ACCELSEL_CANDIDATES_ALL, ACCELSEL_ACQUIRE_EITHER,    \
      INFINITY, INFINITY, INFINITY, 0, 0, INFINITY, 1, ACCELSEL_DERIVE_NODE_POWER_W,          \
      ACCELSEL_DERIVE_PUE, ACCELSEL_DERIVE_YEARS, ACCELSEL_DERIVE_UTILISATION,                 \
      ACCELSEL_DERIVE_PRICE_KWH, 1, 2, 0.5, 0.5, ACCELSEL_RANK_TOPSIS, 1000, 200, 0.2, 42, 0 }

/** Fill @p opts with the defaults of @p version.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_recommend_options_init(accelsel_recommend_options *opts,
                                                 unsigned int version);
/** sizeof(accelsel_recommend_options), for bindings to check their layout. */
ACCELSEL_API size_t accelsel_recommend_options_size(void);

/** A recommendation: every candidate configuration with its figures, the
 *  feasible ones ranked, and the summaries. Immutable once made: any number
 *  of threads may read one. */
typedef struct accelsel_recommendation accelsel_recommendation;

/** @name Rules of thumb (accelsel_recommendation_baseline()) @{ */
#define ACCELSEL_BASELINE_LATEST 0           /**< the newest accelerator (release year),
                                                  its configuration cheapest an hour */
#define ACCELSEL_BASELINE_CHEAPEST_HOUR 1    /**< the configuration cheapest an hour */
#define ACCELSEL_BASELINE_MOST_ACCELERATORS 2 /**< the most accelerators, the cheaper a
                                                  run among equals */
#define ACCELSEL_BASELINE_COUNT 3
/** @} */

/** The name of baseline @p baseline: "latest", "cheapest-hour" or
 *  "most-accelerators"; NULL for another value. Static storage. */
ACCELSEL_API const char *accelsel_baseline_name(int baseline);

/** Recommend configurations for @p in's workload.
 *
 *  Candidates: the kept rows of @p in->measured (ACCELSEL_CANDIDATES_MEASURED),
 *  and each device or system of @p in->devices at each count, predicted
 *  (ACCELSEL_CANDIDATES_CATALOG). A candidate's time for each network of the
 *  workload is measured where a row of its configuration measured that
 *  network, else predicted (its @c source is "measured", "predicted" or
 *  "mixed"); its figures are per run, run-weighted over the workload: the
 *  mean time to train, energy_kwh, cost per run when bought and when
 *  rented (accelsel_dataset_derive(), with @p opts' parameters, on the
 *  prices of accelsel_dataset_add_prices(); a system with a price counts
 *  its nodes at that price); and per month. E' is computed as
 *  accelsel_dataset_derive() computes it (per round and accelerator, the
 *  predicted rows of a device against its smallest count, with one-node
 *  references as accelsel_predictor_references() adds them) for each
 *  network; the worst is the candidate's.
 *
 *  Constraints: a configuration is excluded, with each constraint it breaks
 *  and by how much, when it breaks one: "budget_usd" (its purchase price),
 *  "monthly_budget_usd", "power_cap_kw", "max_accelerators",
 *  "min_efficiency", "deadline_min" (its slowest network), "month_hours"
 *  (the month's runs in hours, against ACCELSEL_HOURS_PER_MONTH), or when a
 *  figure it needs is missing: "price" (no purchase price to buy, or cloud
 *  price to rent), "power" (no TDP) or "prediction" (the predictor could not
 *  predict it, or there is no predictor). A limit is kept at equality (a
 *  row exactly at a limit is feasible). Under ACCELSEL_ACQUIRE_EITHER a
 *  configuration is feasible when buying or renting it is, and takes the
 *  way that costs less a run.
 *
 *  The feasible configurations are ranked by accelsel_ranking_compute() with
 *  @p opts->method on the criteria time_to_train_min, cost_per_run_usd,
 *  energy_kwh and capital_usd (cost, with the weights of @p opts) of the
 *  table of accelsel_recommendation_table() restricted to them; the
 *  Pareto front of time against cost per run is front 1 of those two
 *  criteria. When nothing is feasible the result has no ranked row, and
 *  names the closest miss (the excluded configuration whose worst
 *  constraint is broken by the least, relatively) and that constraint, the
 *  binding one: not an error.
 *
 *  @param[out] out   the result, freed with accelsel_recommendation_free(); NULL on failure.
 *  @param[in]  in    the inputs; only read during the call.
 *  @param[in]  opts  NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, an empty or bad workload
 *          (a NULL network, runs negative or not finite, runs summing to 0,
 *          a bad batch or epochs), counts not increasing from 1, or an
 *          a device or system at a count the predictor refuses (a global
 *          batch below the count, say: field "counts", the message names the
 *          configuration and the predictor's reason), or an
 *          option out of range (accelsel_error.field names the member:
 *          "budget_usd", "workload", "counts", ...; "predictor" for catalog
 *          candidates without a predictor); ACCELSEL_EVERSION;
 *          ACCELSEL_ENOTFOUND for a device or system of @p in->devices the
 *          catalog lacks (the message gives the nearest names), or one the
 *          predictor cannot resolve in it (a link or host CPU the catalog
 *          lacks: field "catalog");
 *          ACCELSEL_EEMPTY when there is no candidate at all (no measured
 *          row kept and no catalog candidate asked for);
 *          the errors of the measured rows' columns (accelsel_selection_keep_rows());
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; the inputs may be shared. */
ACCELSEL_API int accelsel_recommend(accelsel_recommendation **out,
                                    const accelsel_recommend_inputs *in,
                                    const accelsel_recommend_options *opts);

/** Free a recommendation. Accepts NULL. */
ACCELSEL_API void accelsel_recommendation_free(accelsel_recommendation *r);

/** @name Results
 *  Borrowed: valid until @p r is freed; NULL (or 0, NaN) for a NULL @p r.
 *  Thread safety: any number of threads may read one @p r. @{ */

/** Every candidate, one row each in candidate order, with the columns
 *  name, accelerator (the catalog device), count, nodes, source, round
 *  (measured rows' round, else "predicted"), time_to_train_min (run-
 *  weighted mean), time_max_min (the slowest network), then per network
 *  N of the workload time_N_min; efficiency (the worst network's E'),
 *  wall_power_kw, energy_kwh, purchase_usd, buy_per_run_usd,
 *  rent_per_run_usd, instance (the cloud instances rented), acquire ("buy"
 *  or "rent": the way the figures below take), cost_per_run_usd,
 *  capital_usd, hourly_usd (what an hour of the configuration costs that
 *  way), monthly_usd, month_hours, break_even_months (buying against
 *  renting over months: purchase / (monthly rent - monthly electricity),
 *  +inf when renting never costs more), uncertainty_pct (predicted
 *  networks: the largest held-out median error of their predictions'
 *  groups; missing for measured ones or where no evaluation covers a
 *  prediction), price_basis, release_year, feasible (1 or 0),
 *  constraint, constraint_value, constraint_limit (an excluded row's worst
 *  constraint), score and rank (ranked rows; rank 0 and score NaN for the
 *  others) and pareto (1 on the front). Prices, energy and costs are
 *  missing where an input is, never 0. */
ACCELSEL_API const accelsel_dataset *accelsel_recommendation_table(
    const accelsel_recommendation *r);

/** Number of feasible (ranked) candidates. */
ACCELSEL_API size_t accelsel_recommendation_count(const accelsel_recommendation *r);

/** The feasible candidates' rows of the table, best first
 *  (accelsel_recommendation_count() of them). */
ACCELSEL_API const size_t *accelsel_recommendation_order(const accelsel_recommendation *r);

/** The ranking of the feasible rows (its rows are the feasible rows, in
 *  table order), as accelsel_ranking_compute() made it. */
ACCELSEL_API const accelsel_ranking *accelsel_recommendation_ranking(
    const accelsel_recommendation *r);

/** The weight sensitivity of that ranking; NULL when it was not computed
 *  (fewer than 2 feasible rows, the Pareto method, or 0 samples). */
ACCELSEL_API const accelsel_sensitivity *accelsel_recommendation_sensitivity(
    const accelsel_recommendation *r);

/** The Pareto front of time against cost per run: its rows of the table,
 *  faster first, @p *n of them (0 when nothing is feasible).
 *  @param[out] n  may be NULL. */
ACCELSEL_API const size_t *accelsel_recommendation_pareto(const accelsel_recommendation *r,
                                                          size_t *n);

/** One constraint a configuration breaks. Plain data; new members would
 *  come with new functions, never appended. */
typedef struct accelsel_exclusion {
    size_t row;             /**< its row of the table */
    const char *constraint; /**< as accelsel_recommend() names them; static storage */
    double value;           /**< its figure (NaN for missing data) */
    double limit;           /**< the limit (NaN for missing data) */
} accelsel_exclusion;

/** Every broken constraint of every excluded configuration (under
 *  ACCELSEL_ACQUIRE_EITHER, of the way that comes closer), by row, then in
 *  the order of accelsel_recommend()'s list; @p *n of them.
 *  @param[out] n  may be NULL. */
ACCELSEL_API const accelsel_exclusion *accelsel_recommendation_exclusions(
    const accelsel_recommendation *r, size_t *n);

/** When nothing is feasible: the constraint that excludes the closest miss
 *  (its worst one), else NULL. Static storage. */
ACCELSEL_API const char *accelsel_recommendation_binding_constraint(
    const accelsel_recommendation *r);

/** When nothing is feasible: the closest miss's row of the table, the
 *  excluded configuration whose worst constraint is broken by the least
 *  relative amount (a missing figure counting as infinitely far); -1 when
 *  something is feasible, or when every candidate lacks data. */
ACCELSEL_API int64_t accelsel_recommendation_closest_miss(const accelsel_recommendation *r);

/** The break-even in months between buying and renting the first
 *  recommendation (its table value); NaN when nothing is feasible or the
 *  configuration lacks a purchase or cloud price; +inf when renting never
 *  costs more. */
ACCELSEL_API double accelsel_recommendation_break_even_months(const accelsel_recommendation *r);

/** The configuration rule of thumb @p baseline picks among the feasible
 *  candidates (ACCELSEL_BASELINE_*): its row of the table, or -1 when
 *  nothing is feasible or @p baseline is unknown. */
ACCELSEL_API int64_t accelsel_recommendation_baseline(const accelsel_recommendation *r,
                                                      int baseline);

/** The fraction of price draws (accelsel_recommend_options.price_samples)
 *  whose first recommendation is the unperturbed one's; NaN when none were
 *  drawn or nothing is feasible. */
ACCELSEL_API double accelsel_recommendation_price_stability(const accelsel_recommendation *r);

/** Number of notes: what the figures assume (energy modelled from TDP,
 *  predictions with assumed epochs, candidates left without a price), and
 *  a bought first choice that the workload alone keeps busy for less than
 *  half the assumed utilisation (renting may then cost less). */
ACCELSEL_API size_t accelsel_recommendation_note_count(const accelsel_recommendation *r);

/** Note @p i, or NULL past the end. */
ACCELSEL_API const char *accelsel_recommendation_note(const accelsel_recommendation *r,
                                                      size_t i);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_RECOMMEND_H */
