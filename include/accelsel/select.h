/*
 * libaccelsel: the whole selection method as one call -- the rows kept,
 * derived metrics, which variables drive a target (importance), the choice of
 * k, performance groups (clustering), the ranking of the groups and of the
 * rows, the sensitivity of the first group to the weights, and a
 * recommendation in plain English built from the numbers found.
 *
 * It runs on any dataset. The defaults fit the built-in MLPerf Training table
 * ("mlperf-training-resnet"); on another table each step that needs a column
 * the table lacks is skipped and said (accelsel_selection_note()), or, where
 * the step cannot be skipped (the clustering features, the criteria), the run
 * fails with accelsel_error.field naming the option to give.
 *
 * Threads: a run uses the threads of the clustering, importance and
 * sensitivity modules (see their headers, and OPENBLAS_NUM_THREADS there).
 */
#ifndef ACCELSEL_SELECT_H
#define ACCELSEL_SELECT_H

#include <stddef.h>
#include <stdint.h>

#include <accelsel/cluster.h>
#include <accelsel/common.h>
#include <accelsel/dataset.h>
#include <accelsel/derive.h>
#include <accelsel/features.h>
#include <accelsel/importance.h>
#include <accelsel/rank.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The result of one run of the selection method; opaque, read-only once made. */
typedef struct accelsel_selection accelsel_selection;

/** @name Row policies @{ */
/** Keep the rows with a time to train above 0, more than 0 accelerators, the
 *  closed division and logs that repeat no earlier row (same_runs_as empty);
 *  each filter applies when its column (time_to_train_min,
 *  total_accelerators, division_norm, same_runs_as) exists, and the division
 *  filter only when some row has a division. Derived metrics are then
 *  computed on the kept rows only. */
#define ACCELSEL_SELECTION_ROWS_KEPT 1
/** Keep every row; derived metrics are computed on all of them. */
#define ACCELSEL_SELECTION_ROWS_ALL 2
/** @} */

/** The defaults, which fit the built-in MLPerf Training ResNet-50 table. @{ */
#define ACCELSEL_SELECTION_DEFAULT_FEATURES                                                        \
    "log10(accelerators),log10(time_to_train_min),log10(throughput_per_accelerator),efficiency"
#define ACCELSEL_SELECTION_DEFAULT_VARIABLES                                                       \
    "log10(accelerators),accelerator_family,host_processor_core_count,round"
#define ACCELSEL_SELECTION_DEFAULT_TARGET "log10(time_to_train_min)"
#define ACCELSEL_SELECTION_DEFAULT_CRITERIA                                                        \
    "time_to_train_min:2:cost,efficiency:1:benefit,throughput_per_accelerator:1:benefit,"          \
    "accelerator_hours:1:cost"
/** @} */

/** The defaults for the rows of another MLPerf Training benchmark (data
 *  with a categorical `benchmark` column holding a value other than
 *  "resnet", such as the built-in "mlperf-training-gpt3"): no throughput,
 *  whose epochs count samples, tokens or other datasets' epochs there, but
 *  scale, speed and scaling; and energy per training as a criterion
 *  (ACCELSEL_SELECTION_ENERGY_CRITERION appended to the criteria) when
 *  every row the run keeps has a measured energy (`measured_energy_kwh`). @{ */
#define ACCELSEL_SELECTION_BENCHMARK_FEATURES                                                      \
    "log10(accelerators),log10(time_to_train_min),efficiency"
#define ACCELSEL_SELECTION_BENCHMARK_CRITERIA                                                      \
    "time_to_train_min:2:cost,efficiency:1:benefit,accelerator_hours:1:cost"
#define ACCELSEL_SELECTION_ENERGY_CRITERION "measured_energy_kwh:1:cost"
/** @} */

/** The default of the column-list option @p field, as the options header
 *  spells it ("features", "variables", "target" or "criteria"): the text of
 *  ACCELSEL_SELECTION_DEFAULT_FEATURES and its siblings, for front ends that
 *  cannot read macros; "benchmark_features", "benchmark_criteria" and
 *  "energy_criterion" give ACCELSEL_SELECTION_BENCHMARK_FEATURES and its
 *  siblings. NULL for another @p field (or NULL). Static storage.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_selection_default(const char *field);

/** Options of accelsel_selection_run(). Initialise with
 *  ACCELSEL_SELECTION_OPTIONS_INIT or accelsel_selection_options_init();
 *  fields are only ever appended. Column lists are comma-separated names,
 *  each optionally written log10(NAME) to take the logarithm before the
 *  z-score (categorical columns are one-hot encoded). */
typedef struct accelsel_selection_options {
    unsigned int version;  /**< ACCELSEL_SELECTION_OPTIONS_VERSION */
    /** Clustering features; rows missing one are not clustered.
     *  NULL = ACCELSEL_SELECTION_DEFAULT_FEATURES, or for the rows of
     *  another MLPerf benchmark ACCELSEL_SELECTION_BENCHMARK_FEATURES. */
    const char *features;
    /** Inputs of the variable importance (missing values imputed). NULL = the
     *  columns of ACCELSEL_SELECTION_DEFAULT_VARIABLES that the data has. */
    const char *variables;
    /** Numeric column, or log10(COL), whose drivers are measured. NULL = the
     *  default target, and importance is skipped (with a note) when the data
     *  lacks its column; "" = no importance. */
    const char *target;
    /** COL:WEIGHT:benefit|cost,... (accelsel_criteria_parse()); groups are
     *  ranked on each criterion's group median. NULL = the default criteria
     *  (ACCELSEL_SELECTION_DEFAULT_CRITERIA, or for the rows of another
     *  MLPerf benchmark ACCELSEL_SELECTION_BENCHMARK_CRITERIA, with energy
     *  when every kept row has it). */
    const char *criteria;
    /** Filter expressions (accelsel_dataset_filter_expr()) applied after the
     *  derived metrics, so they may name derived columns; NULL if none. */
    const char *const *where;
    uint64_t n_where;       /**< length of @ref where */
    uint32_t k;             /**< groups; 0 (default) = choose in k_min..k_max */
    uint32_t k_min;         /**< default 2 */
    /** default 10; clamped to the distinct clustered rows - 1 (rows equal on
     *  every feature count once), with a note */
    uint32_t k_max;
    int32_t k_by;           /**< ACCELSEL_KSELECT_*; default silhouette */
    uint32_t algorithm;     /**< ACCELSEL_CLUSTER_KMEANS (default) or _WARD */
    int32_t method;         /**< ACCELSEL_RANK_*; default TOPSIS */
    uint64_t seed;          /**< k-means, the forest, the sensitivity draws; default 42 */
    int32_t rows;           /**< ACCELSEL_SELECTION_ROWS_*; default _KEPT */
} accelsel_selection_options;

#define ACCELSEL_SELECTION_OPTIONS_VERSION 1
#define ACCELSEL_SELECTION_OPTIONS_INIT                                                            \
    { ACCELSEL_SELECTION_OPTIONS_VERSION, NULL, NULL, NULL, NULL, NULL, 0, 0, 2, 10,              \
      ACCELSEL_KSELECT_SILHOUETTE, ACCELSEL_CLUSTER_KMEANS, ACCELSEL_RANK_TOPSIS, 42,             \
      ACCELSEL_SELECTION_ROWS_KEPT }

/** Fill @p opts with the defaults of @p version.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION for an
 *          unknown @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_selection_options_init(accelsel_selection_options *opts,
                                                 unsigned int version);

/** sizeof(accelsel_selection_options) in this library, for bindings. */
ACCELSEL_API size_t accelsel_selection_options_size(void);

/** The rows that row policy @p rows keeps of @p in, as a new dataset (the
 *  first step of accelsel_selection_run(), so that a caller deriving metrics
 *  itself gets the same reference rows as the selection).
 *  @param[out] out   the kept rows, freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  in    the rows; only read.
 *  @param[in]  rows  ACCELSEL_SELECTION_ROWS_KEPT or _ALL.
 *  @return 0 (possibly with no row); ACCELSEL_EINVAL for a NULL argument or
 *          an unknown @p rows; ACCELSEL_ETYPE when time_to_train_min or
 *          total_accelerators holds text (the message names the first value
 *          that is not a number and its line), or division_norm holds numbers;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p in may be shared. */
ACCELSEL_API int accelsel_selection_keep_rows(accelsel_dataset **out, const accelsel_dataset *in,
                                              int32_t rows);

/** Run the selection method on @p data.
 *
 *  Steps: the row policy (@ref accelsel_selection_options.rows); derived
 *  metrics (accelsel_dataset_derive()) when the data has time_to_train_min
 *  and total_accelerators (or number_of_nodes and accelerators_per_node),
 *  with one reference per benchmark, round and accelerator_model_name
 *  where those columns exist; the --where filters; the importance of the variables for
 *  the target (variables with a single value over the rows are left out);
 *  the choice of k and the clustering on the features; the ranking of the
 *  groups (on their COL_median profile columns) and of every row; the
 *  sensitivity of the group ranking (ACCELSEL_SENSITIVITY_OPTIONS_INIT's
 *  perturbation and draws, +-20% and 1000, with the seed of @p opts; not for
 *  Pareto fronts, which weights cannot change, nor for fewer than 2 groups).
 *
 *  @param[out] out   the result, freed with accelsel_selection_free(); NULL on failure.
 *  @param[in]  data  the rows; only read, not kept.
 *  @param[in]  opts  NULL for the defaults; not kept.
 *  Errors name the option at fault in accelsel_error.field, spelled as the
 *  member of accelsel_selection_options ("k_min", "features", "where",
 *  "criteria", ...; "k_min" also for the range k_min..k_max), and the
 *  message says what is wrong without that prefix.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument or an option out of range (field
 *              the option; "features" or "criteria" when a default list needs
 *              a column the data lacks);
 *          ACCELSEL_EVERSION for an unknown @p opts->version (field "version");
 *          ACCELSEL_EPARSE for malformed criteria or filters (field "criteria",
 *              "where", "features", "variables");
 *          ACCELSEL_ENOTFOUND, ACCELSEL_ETYPE for a named column that does not
 *              exist or is categorical where a number is needed (field the
 *              option that names it);
 *          ACCELSEL_EEMPTY when the data or the filters leave no row (field
 *              "rows" or "where");
 *          ACCELSEL_EDATA when the rows cannot be clustered or ranked (field
 *              the option that chose them, where one did);
 *          ACCELSEL_ENOMEM (never a field).
 *  Thread safety: may be called from any thread; @p data may be shared. */
ACCELSEL_API int accelsel_selection_run(accelsel_selection **out, const accelsel_dataset *data,
                                        const accelsel_selection_options *opts);

/** Free @p s; NULL is allowed. */
ACCELSEL_API void accelsel_selection_free(accelsel_selection *s);

/** @name Results
 *  Borrowed handles and arrays, valid until accelsel_selection_free(); NULL
 *  (or 0) for a NULL @p s. Thread safety: any number of threads may read one
 *  selection. @{ */
/** Rows of the input before any filter. */
ACCELSEL_API size_t accelsel_selection_rows_in(const accelsel_selection *s);
/** The rows the method worked on, with the derived columns (and the target
 *  column log10(COL) when the target is written so). */
ACCELSEL_API const accelsel_dataset *accelsel_selection_dataset(const accelsel_selection *s);
/** The filters of ACCELSEL_SELECTION_ROWS_KEPT that applied, in order, as
 *  English phrases: "time to train > 0", "accelerators > 0", "closed
 *  division", "unique logs" (each where its column exists, the division
 *  where some row has one); none under ACCELSEL_SELECTION_ROWS_ALL. NULL
 *  past the end. */
ACCELSEL_API size_t accelsel_selection_filter_count(const accelsel_selection *s);
ACCELSEL_API const char *accelsel_selection_filter(const accelsel_selection *s, size_t i);
/** What was skipped, clamped or left out, one English sentence each. */
ACCELSEL_API size_t accelsel_selection_note_count(const accelsel_selection *s);
ACCELSEL_API const char *accelsel_selection_note(const accelsel_selection *s, size_t i);
/** The variable importance; NULL when it was skipped (see the notes). */
ACCELSEL_API const accelsel_importance *accelsel_selection_importance(const accelsel_selection *s);
/** The target's name, NULL when importance was skipped. */
ACCELSEL_API const char *accelsel_selection_target(const accelsel_selection *s);
/** Variables left out of the importance as constant over the rows. */
ACCELSEL_API size_t accelsel_selection_constant_count(const accelsel_selection *s);
ACCELSEL_API const char *accelsel_selection_constant(const accelsel_selection *s, size_t i);
/** The clustering transform and the matrix it gave: @p *n rows of @p *d
 *  columns, row-major; @p rows (if not NULL) receives the dataset row of
 *  each matrix row. */
ACCELSEL_API const accelsel_features *accelsel_selection_features(const accelsel_selection *s);
ACCELSEL_API const double *accelsel_selection_matrix(const accelsel_selection *s, size_t *n,
                                                     size_t *d, const size_t **rows);
/** The scores of every k tried; NULL when k was given. */
ACCELSEL_API const accelsel_cluster_selection *
accelsel_selection_k_choice(const accelsel_selection *s);
/** The range of k tried after clamping (both k when k was given). */
ACCELSEL_API uint32_t accelsel_selection_k_min(const accelsel_selection *s);
ACCELSEL_API uint32_t accelsel_selection_k_max(const accelsel_selection *s);
ACCELSEL_API const accelsel_cluster_model *accelsel_selection_model(const accelsel_selection *s);
/** Per dataset row: the group label (0-based), or UINT32_MAX if the row was
 *  not clustered (a feature missing); accelsel_dataset_rows() of
 *  accelsel_selection_dataset() entries. */
ACCELSEL_API const uint32_t *accelsel_selection_row_labels(const accelsel_selection *s);
/** The parsed criteria (on data columns), @p *n of them. */
ACCELSEL_API const accelsel_criterion *accelsel_selection_criteria(const accelsel_selection *s,
                                                                   size_t *n);
/** The ranking of the profile rows of the model (one per group; the profile
 *  column `cluster` holds the group label of each). */
ACCELSEL_API const accelsel_ranking *accelsel_selection_group_ranking(const accelsel_selection *s);
/** The ranking of every row of accelsel_selection_dataset(). */
ACCELSEL_API const accelsel_ranking *accelsel_selection_row_ranking(const accelsel_selection *s);
/** Ties. Rows (and groups) with equal scores share a rank and are listed by
 *  a secondary criterion: for Pareto fronts (which tie whole fronts) the
 *  TOPSIS closeness on the same criteria, then the row order; for TOPSIS and
 *  the weighted sum the row order. The rankings above are computed so
 *  (accelsel_rank_options.shared_ranks 1, ties ACCELSEL_RANK_TIES_TOPSIS or
 *  _ROW_ORDER), so their own order and ranks are these. */
/** The ranked rows of accelsel_selection_dataset(), best first, ties in the
 *  order of the secondary criterion; accelsel_ranking_ranked_count() of
 *  accelsel_selection_row_ranking() entries. */
ACCELSEL_API const size_t *accelsel_selection_row_order(const accelsel_selection *s);
/** The shared rank (from 1) of dataset row @p row: 1 + the number of rows
 *  with a strictly better score; 0 for a row not ranked or past the end. */
ACCELSEL_API size_t accelsel_selection_row_rank(const accelsel_selection *s, size_t row);
/** The shared rank (from 1) of group @p group (a label), as
 *  accelsel_selection_row_rank() gives a row's: 1 + the number of groups with
 *  a strictly better score; 0 for a group not ranked or a label past the
 *  groups. */
ACCELSEL_API size_t accelsel_selection_group_rank(const accelsel_selection *s, uint32_t group);
/** The group label at place @p i (0 = best) of the group order (ties by the
 *  secondary criterion); UINT32_MAX past the end. */
ACCELSEL_API uint32_t accelsel_selection_group_at(const accelsel_selection *s, size_t i);
/** The score of group @p group (a label); NaN for a group not ranked or a
 *  label past the groups. */
ACCELSEL_API double accelsel_selection_group_score(const accelsel_selection *s, uint32_t group);
/** The rows of group @p group (a label); 0 for a label past the groups. */
ACCELSEL_API size_t accelsel_selection_group_size(const accelsel_selection *s, uint32_t group);
/** The cell of profile column @p column (accelsel_cluster_model_profiles():
 *  "size", "COL_median", "COL_min", "COL_max") of group @p group (a label);
 *  NaN for a column the profiles lack or that is not numeric, for a label
 *  past the groups and for a NULL @p column. */
ACCELSEL_API double accelsel_selection_profile_number(const accelsel_selection *s, uint32_t group,
                                                      const char *column);
/** The profile column that stands for criterion @p i of
 *  accelsel_selection_criteria() in the group ranking, "COL_median"; NULL
 *  past the end. */
ACCELSEL_API const char *accelsel_selection_median_column(const accelsel_selection *s, size_t i);
/** The most common non-empty value of categorical column @p column of
 *  accelsel_selection_dataset() among the rows of group @p group (a label).
 *  One tie rule, the cluster profiles' own: among values as common the one
 *  the dataset saw first, so that @p *value is the profile's cell of
 *  @p column.
 *  @param[out] value    the value, borrowed (valid until accelsel_selection_free());
 *                       NULL when every row of the group lacks one.
 *  @param[out] count    the group's rows with that value.
 *  @param[out] ties     other values exactly as common (0: no tie).
 *  @param[out] missing  the group's rows with no value.
 *  Each out pointer but @p value may be NULL; on failure they are untouched.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p s, @p column or @p value, or a
 *          label past the groups; ACCELSEL_ENOTFOUND for a column the data
 *          lacks; ACCELSEL_ETYPE for a numeric column; ACCELSEL_ENOMEM. */
ACCELSEL_API int accelsel_selection_mode(const accelsel_selection *s, uint32_t group,
                                         const char *column, const char **value, size_t *count,
                                         size_t *ties, size_t *missing);
/** 1 if the rows have the MLPerf columns that the detailed summaries speak
 *  of (accelerators, time_to_train_min, efficiency,
 *  throughput_per_accelerator, accelerator_hours, accelerator_family,
 *  host_processor_model_name), else 0: the one test of whether a report may
 *  show the MLPerf figures, or only each criterion. 0 for a NULL @p s. */
ACCELSEL_API int accelsel_selection_mlperf_shaped(const accelsel_selection *s);
/** The importance features, most important first: by permutation importance,
 *  larger first, NaN last, then by feature index;
 *  accelsel_importance_n_features() entries. NULL when importance was skipped. */
ACCELSEL_API const size_t *accelsel_selection_importance_order(const accelsel_selection *s);
/** Sensitivity of the group ranking; NULL for fewer than 2 groups and for
 *  Pareto fronts. */
ACCELSEL_API const accelsel_sensitivity *accelsel_selection_sensitivity(const accelsel_selection *s);
/** Why this k, in one English sentence. */
ACCELSEL_API const char *accelsel_selection_k_reason(const accelsel_selection *s);
/** The recommendation, in plain English, built from the numbers found. */
ACCELSEL_API const char *accelsel_selection_recommendation(const accelsel_selection *s);
/** @} */

#ifdef __cplusplus
}
#endif

#endif
