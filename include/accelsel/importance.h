/*
 * libaccelsel: which variables drive a target (correlation, PCA, random-forest
 * importance, mutual information), and PCA on any matrix.
 */
#ifndef ACCELSEL_IMPORTANCE_H
#define ACCELSEL_IMPORTANCE_H

#include <accelsel/common.h>
#include <accelsel/dataset.h>
#include <accelsel/features.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------ */
/** @name Principal component analysis @{ */

/** A fitted PCA: column means, principal axes and the variance along each.
 *  Immutable once fitted: any number of threads may use one at once. */
typedef struct accelsel_pca accelsel_pca;

/** Fit a PCA on a row-major matrix, as scikit-learn's PCA (svd_solver="full")
 *  does: the columns are centred (not scaled: standardise first for a PCA of
 *  correlations) and the covariance matrix (divisor rows - 1) is
 *  diagonalised with LAPACK dsyevd from OpenBLAS. Each component's sign is
 *  chosen as scikit-learn 1.2's svd_flip does: the fitting row with the
 *  largest absolute score gets a positive score.
 *
 *  OpenBLAS may use its own threads here; a caller that runs several fits at
 *  once should limit them (openblas_set_num_threads(1) or the environment
 *  variable OPENBLAS_NUM_THREADS=1): the library never changes that global.
 *
 *  @param[out] out           the fit, freed with accelsel_pca_free(); NULL on failure.
 *  @param[in]  matrix        @p rows x @p cols finite doubles, row-major; not kept.
 *  @param[in]  rows          at least 2.
 *  @param[in]  cols          1 to 32000.
 *  @param[in]  n_components  1 to min(@p rows, @p cols), or 0 for min(@p rows, @p cols).
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument or @p n_components too large;
 *          ACCELSEL_EEMPTY for fewer than 2 rows or no column;
 *          ACCELSEL_EDATA for a NaN or infinite value (row and column named)
 *              or a matrix whose columns are all constant;
 *          ACCELSEL_ERANGE for more than 32000 columns;
 *          ACCELSEL_EINFEASIBLE if LAPACK does not converge;
 *          ACCELSEL_ENOMEM (nothing leaks).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_pca_fit(accelsel_pca **out, const double *matrix, size_t rows,
                                  size_t cols, size_t n_components);

/** Number of components kept; 0 if @p pca is NULL. */
ACCELSEL_API size_t accelsel_pca_n_components(const accelsel_pca *pca);

/** Number of columns of the fitting matrix; 0 if @p pca is NULL. */
ACCELSEL_API size_t accelsel_pca_n_features(const accelsel_pca *pca);

/** Variance along each component (eigenvalues of the covariance, descending;
 *  scikit-learn's explained_variance_), accelsel_pca_n_components() values;
 *  NULL if @p pca is NULL. Valid until @p pca is freed. */
ACCELSEL_API const double *accelsel_pca_explained_variance(const accelsel_pca *pca);

/** Each component's share of the total variance (explained_variance_ratio_),
 *  accelsel_pca_n_components() values; NULL if @p pca is NULL. They sum to 1
 *  when every component is kept. Valid until @p pca is freed. */
ACCELSEL_API const double *accelsel_pca_explained_variance_ratio(const accelsel_pca *pca);

/** Total variance of the fitting matrix (trace of its covariance); NaN if
 *  @p pca is NULL. */
ACCELSEL_API double accelsel_pca_total_variance(const accelsel_pca *pca);

/** Principal axes, n_components x n_features row-major, each row of unit
 *  length (scikit-learn's components_); NULL if @p pca is NULL.
 *  Valid until @p pca is freed. */
ACCELSEL_API const double *accelsel_pca_components(const accelsel_pca *pca);

/** Loadings: each component row multiplied by the square root of its
 *  variance, so that on standardised data a loading is the correlation
 *  between a column and the component's scores. Same layout as
 *  accelsel_pca_components(); NULL if @p pca is NULL. Valid until @p pca is freed. */
ACCELSEL_API const double *accelsel_pca_loadings(const accelsel_pca *pca);

/** Column means of the fitting matrix, n_features values; NULL if @p pca is NULL.
 *  Valid until @p pca is freed. */
ACCELSEL_API const double *accelsel_pca_mean(const accelsel_pca *pca);

/** Project rows onto the components: out[i][c] = (row_i - mean) . component_c.
 *  @param[in]  pca       the fit; only read.
 *  @param[in]  matrix    @p rows x @p cols doubles, row-major; not kept.
 *  @param[in]  rows      number of rows; may be 0.
 *  @param[in]  cols      must equal accelsel_pca_n_features().
 *  @param[out] out       caller-owned, @p rows x n_components doubles.
 *  @param[in]  capacity  length of @p out in doubles.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a wrong @p cols or a too
 *          small @p capacity. Non-finite inputs give non-finite scores.
 *  Thread safety: any number of threads may project with one @p pca at once. */
ACCELSEL_API int accelsel_pca_transform(const accelsel_pca *pca, const double *matrix,
                                        size_t rows, size_t cols, double *out, size_t capacity);

/** Free a PCA. Accepts NULL. Every pointer it handed out becomes invalid; no
 *  other thread may be using it. A PCA owned by an importance result is freed
 *  with that result, never with this function. */
ACCELSEL_API void accelsel_pca_free(accelsel_pca *pca);
/** @} */

/* ------------------------------------------------------------------------ */
/** @name Variable importance @{ */

/** The importance of each feature for a numeric target: correlations, a PCA
 *  of the standardised features, a random forest with its permutation and
 *  impurity importances, and mutual information. Immutable once computed:
 *  any number of threads may read one at once. */
typedef struct accelsel_importance accelsel_importance;

/** @name What to compute (bits of accelsel_importance_options.measures) @{ */
#define ACCELSEL_IMPORTANCE_CORRELATION 0x1u /**< Pearson and Spearman matrices */
#define ACCELSEL_IMPORTANCE_PCA 0x2u         /**< PCA of the standardised features */
#define ACCELSEL_IMPORTANCE_FOREST 0x4u      /**< forest, permutation and impurity importance */
#define ACCELSEL_IMPORTANCE_MUTUAL_INFO 0x8u /**< mutual information with the target */
#define ACCELSEL_IMPORTANCE_ALL 0xfu         /**< everything (the default) */
/** @} */

/** @name Rows on which permutation importance is scored @{ */
/** Out-of-bag: each row is predicted only by the trees whose bootstrap left
 *  it out (Breiman's original measure; honest without a held-out set). */
#define ACCELSEL_PERMUTATION_OOB 0
/** Training rows predicted by every tree (scikit-learn's
 *  permutation_importance(forest, X_train, y_train)). */
#define ACCELSEL_PERMUTATION_TRAIN 1
/** @} */

/** Progress callback: @p fraction grows from 0 to 1 over the computation.
 *  It is called on the thread that called the compute function (never on a
 *  worker thread), between pieces of work. Return 0 to go on, anything else
 *  to stop: the computation then fails with ACCELSEL_ECANCELED. */
typedef int (*accelsel_importance_progress_fn)(double fraction, void *payload);

/** Options for the importance computations. Initialise with
 *  ACCELSEL_IMPORTANCE_OPTIONS_INIT or accelsel_importance_options_init();
 *  fields are only ever appended.
 *
 *  The forest follows scikit-learn's RandomForestRegressor (bootstrap of n
 *  rows with replacement, squared-error CART, best split over the sorted
 *  values of each feature tried, threshold half-way between neighbouring
 *  values) with one difference in the defaults: @ref max_features is 1/3 of
 *  the features (Breiman's and R randomForest's default for regression),
 *  where scikit-learn tries them all (1.0); set 1.0 to match it. */
typedef struct accelsel_importance_options {
    unsigned int version;      /**< ACCELSEL_IMPORTANCE_OPTIONS_VERSION */
    uint32_t measures;         /**< ACCELSEL_IMPORTANCE_* bits; default ACCELSEL_IMPORTANCE_ALL */
    uint32_t n_trees;          /**< trees in the forest, >= 1; default 100 */
    uint32_t max_depth;        /**< deepest split level; 0 (default) = until leaves are pure */
    uint32_t min_samples_leaf; /**< fewest distinct rows in a leaf, >= 1; default 1 */
    uint32_t n_repeats;        /**< shuffles per feature for permutation importance, >= 1; default 5 */
    /** Fraction of the features tried at each split, in (0, 1]; the count is
     *  max(1, floor(fraction x features)). Default 1/3 (the INIT's value; 0
     *  means it too). */
    double max_features;
    uint32_t permutation_rows; /**< ACCELSEL_PERMUTATION_OOB (default) or ACCELSEL_PERMUTATION_TRAIN */
    uint32_t mi_neighbors;     /**< k of the k-nearest-neighbour MI estimators, >= 1; default 3 */
    uint64_t seed;             /**< seeds the forest, the permutations and the MI jitter; default 0 */
    /** Threads for the forest, permutations and MI; 0 (default) = all cores.
     *  Results are identical for any value. OpenBLAS (used by the PCA) has
     *  threads of its own: limit them with openblas_set_num_threads(1) or
     *  OPENBLAS_NUM_THREADS=1 when using many of ours. */
    uint32_t n_threads;
    /** Missing-value policy (ACCELSEL_MISSING_DROP, the default, or
     *  ACCELSEL_MISSING_IMPUTE) for the feature transform that
     *  accelsel_importance_compute() fits; ignored by the other entry points. */
    uint32_t missing;
    accelsel_importance_progress_fn progress; /**< NULL (default) for none */
    void *payload;                            /**< passed to @ref progress unchanged */
} accelsel_importance_options;

#define ACCELSEL_IMPORTANCE_OPTIONS_VERSION 1
#define ACCELSEL_IMPORTANCE_OPTIONS_INIT                                                       \
    { ACCELSEL_IMPORTANCE_OPTIONS_VERSION, ACCELSEL_IMPORTANCE_ALL, 100, 0, 1, 5, 1.0 / 3.0,  \
      ACCELSEL_PERMUTATION_OOB, 3, 0, 0, ACCELSEL_MISSING_DROP, NULL, NULL }

/** Fill @p opts with defaults for @p version.
 *  @param[out] opts     the options to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_IMPORTANCE_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_importance_options_init(accelsel_importance_options *opts,
                                                  unsigned int version);

/** sizeof(accelsel_importance_options) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_importance_options_size(void);

/** Compute the importance of dataset columns for a numeric target column.
 *
 *  Rows whose target is missing (NaN) are dropped first. The features are the
 *  columns @p feature_columns through a feature transform fitted here on the
 *  remaining rows with the default transforms (z-score for numeric columns,
 *  one-hot for categorical ones) and @p opts->missing; its output columns are
 *  the features reported (a categorical column gives one feature per level,
 *  "column=level"). Then as accelsel_importance_compute_matrix(), one-hot
 *  features being discrete for mutual information.
 *
 *  @param[out] out              the result, freed with accelsel_importance_free();
 *                               NULL on any failure (nothing leaks).
 *  @param[in]  ds               only read; not kept.
 *  @param[in]  feature_columns  @p n_columns distinct column names; copied.
 *  @param[in]  n_columns        at least 1.
 *  @param[in]  target_column    a numeric column, not among the features.
 *  @param[in]  opts             NULL for defaults.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, @p n_columns 0, the target among the
 *              features or an invalid option (the message names it);
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_ENOTFOUND for a column @p ds does not have (named);
 *          ACCELSEL_ETYPE for a categorical target (named);
 *          ACCELSEL_EEMPTY if fewer than 2 rows are left after dropping missing
 *              values (or fewer than mi_neighbors + 1 when mutual information is asked);
 *          ACCELSEL_EDATA for an infinite target or feature value, a constant
 *              feature or target (named), or a log10 of a value <= 0;
 *          ACCELSEL_ERANGE, ACCELSEL_EINFEASIBLE as accelsel_importance_compute_matrix();
 *          ACCELSEL_ECANCELED if the progress callback asked to stop;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds is only read. */
ACCELSEL_API int accelsel_importance_compute(accelsel_importance **out,
                                             const accelsel_dataset *ds,
                                             const char *const *feature_columns,
                                             size_t n_columns, const char *target_column,
                                             const accelsel_importance_options *opts);

/** As accelsel_importance_compute(), with a feature transform the caller has
 *  fitted (for example with log10 transforms); it is copied, and rows it drops
 *  (missing values) are dropped. @p opts->missing is ignored.
 *  @param[out] out            the result, freed with accelsel_importance_free();
 *                             NULL on any failure (nothing leaks).
 *  @param[in]  ds             only read; not kept.
 *  @param[in]  features       the fitted transform; only read and copied.
 *  @param[in]  target_column  a numeric column of @p ds, not an input of @p features.
 *  @param[in]  opts           NULL for defaults.
 *  @return as accelsel_importance_compute(), with ACCELSEL_EINVAL also for a
 *          NULL @p features and ACCELSEL_EINVAL if the target is one of its inputs.
 *  Thread safety: may be called from any thread; @p ds and @p features may be shared. */
ACCELSEL_API int accelsel_importance_compute_features(accelsel_importance **out,
                                                      const accelsel_dataset *ds,
                                                      const accelsel_features *features,
                                                      const char *target_column,
                                                      const accelsel_importance_options *opts);

/** Compute the importance of the columns of a matrix for a target vector.
 *
 *  - Correlation: Pearson and Spearman (average ranks for ties, as pandas'
 *    corr(method="spearman")) over the features and the target, the target last.
 *  - PCA: of the features standardised to unit sample variance (a PCA of
 *    the correlation matrix), every component kept.
 *  - Forest: see accelsel_importance_options. Permutation importance is the
 *    mean decrease of R^2 over @p opts->n_repeats shuffles of one column, on
 *    the rows chosen by @p opts->permutation_rows; NaN when fewer than two rows
 *    have an out-of-bag prediction. Impurity importance is the mean decrease
 *    in squared error per feature, each tree's normalised to sum 1, averaged
 *    and normalised again (scikit-learn's feature_importances_).
 *  - Mutual information (nats), as scikit-learn's mutual_info_regression:
 *    Kraskov-Stoegbauer-Grassberger with @p opts->mi_neighbors neighbours for
 *    continuous features, Ross's estimator for discrete ones. Continuous
 *    columns and the target are scaled to unit population deviation and given
 *    a seeded Gaussian jitter of 1e-10 of their mean magnitude (as
 *    scikit-learn, against ties), so values match scikit-learn's up to that
 *    jitter; negative estimates are reported as 0.
 *
 *  @param[out] out       the result, freed with accelsel_importance_free(); NULL on failure.
 *  @param[in]  matrix    @p rows x @p cols finite doubles, row-major; copied.
 *  @param[in]  rows      at least 2 (and more than mi_neighbors for mutual information).
 *  @param[in]  cols      at least 1.
 *  @param[in]  target    @p rows finite doubles; copied.
 *  @param[in]  names     NULL (features are named "x0", "x1", ...) or @p cols
 *                        distinct non-empty names; copied.
 *  @param[in]  discrete  NULL (all continuous) or @p cols flags, nonzero for a
 *                        discrete feature (compared by exact value); copied.
 *  @param[in]  opts      NULL for defaults.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, @p cols 0, an empty or repeated
 *              name or an invalid option (named);
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_EEMPTY for too few rows;
 *          ACCELSEL_EDATA for a NaN or infinite value (column and row named) or
 *              a constant feature or target (named);
 *          ACCELSEL_ERANGE for more than 2^31 rows, or more than 32000 features
 *              with ACCELSEL_IMPORTANCE_PCA;
 *          ACCELSEL_EINFEASIBLE if LAPACK does not converge (PCA);
 *          ACCELSEL_ECANCELED; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_importance_compute_matrix(accelsel_importance **out,
                                                    const double *matrix, size_t rows,
                                                    size_t cols, const double *target,
                                                    const char *const *names,
                                                    const uint8_t *discrete,
                                                    const accelsel_importance_options *opts);

/** Number of features; 0 if @p imp is NULL. */
ACCELSEL_API size_t accelsel_importance_n_features(const accelsel_importance *imp);

/** Number of rows used (after dropping missing values); 0 if @p imp is NULL. */
ACCELSEL_API size_t accelsel_importance_rows(const accelsel_importance *imp);

/** Name of feature @p j, or NULL if @p imp is NULL or @p j is out of range.
 *  Valid until @p imp is freed. */
ACCELSEL_API const char *accelsel_importance_feature_name(const accelsel_importance *imp,
                                                          size_t j);

/** Find a feature by exact name.
 *  @param[in]  imp   the result; only read.
 *  @param[in]  name  the feature's name.
 *  @param[out] j     its index; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND (named).
 *  Thread safety: any number of threads may read one @p imp at once. */
ACCELSEL_API int accelsel_importance_feature_index(const accelsel_importance *imp,
                                                   const char *name, size_t *j);

/** Name of the target ("target" for a matrix computation), or NULL if @p imp
 *  is NULL. Valid until @p imp is freed. */
ACCELSEL_API const char *accelsel_importance_target_name(const accelsel_importance *imp);

/** The ACCELSEL_IMPORTANCE_* bits that were computed; 0 if @p imp is NULL. */
ACCELSEL_API uint32_t accelsel_importance_measures(const accelsel_importance *imp);

/** @name Per-feature measures @{ */
#define ACCELSEL_MEASURE_PEARSON 1         /**< Pearson correlation with the target */
#define ACCELSEL_MEASURE_SPEARMAN 2        /**< Spearman correlation with the target */
#define ACCELSEL_MEASURE_PERMUTATION 3     /**< mean decrease of R^2 when shuffled */
#define ACCELSEL_MEASURE_PERMUTATION_SD 4  /**< its standard deviation over the repeats */
#define ACCELSEL_MEASURE_IMPURITY 5        /**< mean decrease in impurity, summing to 1 */
#define ACCELSEL_MEASURE_MUTUAL_INFO 6     /**< mutual information with the target, nats */
#define ACCELSEL_MEASURE_COUNT 6           /**< the highest measure number */
/** @} */

/** Short name of a measure ("pearson", "spearman", "permutation",
 *  "permutation_sd", "impurity", "mutual_info"), or NULL for an unknown one.
 *  Static storage. */
ACCELSEL_API const char *accelsel_importance_measure_name(int measure);

/** All features' values of @p measure (accelsel_importance_n_features()
 *  doubles, in feature order), or NULL if @p imp is NULL, the measure is
 *  unknown or was not computed. Valid until @p imp is freed. */
ACCELSEL_API const double *accelsel_importance_values(const accelsel_importance *imp,
                                                      int measure);

/** One value of @p measure for feature @p j; NaN if unavailable (see
 *  accelsel_importance_values()) or @p j is out of range. */
ACCELSEL_API double accelsel_importance_value(const accelsel_importance *imp, int measure,
                                              size_t j);

/** One value of @p measure for the feature named @p name.
 *  @param[in]  imp      the result; only read.
 *  @param[in]  measure  an ACCELSEL_MEASURE_* value.
 *  @param[in]  name     the feature's name.
 *  @param[out] value    the value; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or an unknown measure;
 *          ACCELSEL_ENOTFOUND for an unknown feature (named) or a measure
 *          that was not computed.
 *  Thread safety: any number of threads may read one @p imp at once. */
ACCELSEL_API int accelsel_importance_value_by_name(const accelsel_importance *imp, int measure,
                                                   const char *name, double *value);

/** The (n_features + 1) x (n_features + 1) correlation matrix, row-major,
 *  the target last, for @p measure ACCELSEL_MEASURE_PEARSON or
 *  ACCELSEL_MEASURE_SPEARMAN; NULL otherwise or if not computed.
 *  Valid until @p imp is freed. */
ACCELSEL_API const double *accelsel_importance_correlation(const accelsel_importance *imp,
                                                           int measure);

/** The PCA of the standardised features, or NULL if not computed.
 *  Owned by @p imp: valid until @p imp is freed; do not free it. */
ACCELSEL_API const accelsel_pca *accelsel_importance_pca(const accelsel_importance *imp);

/** R^2 of the forest's out-of-bag predictions (each row predicted by the trees
 *  that did not see it, over the rows that have such trees); NaN if the
 *  forest was not computed or fewer than two rows have such trees. */
ACCELSEL_API double accelsel_importance_oob_r2(const accelsel_importance *imp);

/** Predict the target with the forest for rows in feature space (the same
 *  columns as the features: for a dataset computation, the transformed
 *  matrix; see accelsel_importance_predict_dataset()).
 *  @param[in]  imp       the result; only read.
 *  @param[in]  matrix    @p rows x @p cols doubles, row-major; not kept.
 *  @param[in]  rows      number of rows; may be 0.
 *  @param[in]  cols      must equal accelsel_importance_n_features().
 *  @param[out] out       caller-owned, @p rows doubles.
 *  @param[in]  capacity  length of @p out.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a wrong @p cols, a too small
 *          @p capacity or a result computed without ACCELSEL_IMPORTANCE_FOREST.
 *  Thread safety: any number of threads may predict with one @p imp at once. */
ACCELSEL_API int accelsel_importance_predict(const accelsel_importance *imp,
                                             const double *matrix, size_t rows, size_t cols,
                                             double *out, size_t capacity);

/** Predict the target for the rows of a dataset through the fitted feature
 *  transform and the forest (rows the transform drops are left out).
 *  @param[in]  imp        a result computed from a dataset with the forest; only read.
 *  @param[in]  ds         rows to predict, with the feature columns by name; only read.
 *  @param[out] out        caller-owned, at least accelsel_dataset_rows(@p ds) doubles.
 *  @param[in]  capacity   length of @p out.
 *  @param[out] n_out      number of predictions written.
 *  @param[out] row_index  NULL, or room for accelsel_dataset_rows(@p ds) values:
 *                         the dataset row of each prediction.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a too small @p capacity, a
 *          result computed from a matrix or without the forest; the errors of
 *          accelsel_features_transform(); ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may predict with one @p imp at once. */
ACCELSEL_API int accelsel_importance_predict_dataset(const accelsel_importance *imp,
                                                     const accelsel_dataset *ds, double *out,
                                                     size_t capacity, size_t *n_out,
                                                     size_t *row_index);

/** The feature transform of a dataset computation, or NULL for a matrix one.
 *  Owned by @p imp: valid until @p imp is freed. */
ACCELSEL_API const accelsel_features *accelsel_importance_features(const accelsel_importance *imp);

/** The per-feature results as a new dataset: a categorical column "feature"
 *  and one numeric column per computed measure, named as
 *  accelsel_importance_measure_name(), one row per feature in feature order.
 *  @param[out] out  freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  imp  the result; only read, not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p imp may be shared. */
ACCELSEL_API int accelsel_importance_to_dataset(accelsel_dataset **out,
                                                const accelsel_importance *imp);

/** Free an importance result, with its PCA and feature transform. Accepts NULL.
 *  Every pointer it handed out becomes invalid; no other thread may be using it. */
ACCELSEL_API void accelsel_importance_free(accelsel_importance *imp);
/** @} */

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_IMPORTANCE_H */
