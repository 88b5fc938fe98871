/*
 * libaccelsel: feature matrices (dataset columns -> standardised row-major doubles).
 */
#ifndef ACCELSEL_FEATURES_H
#define ACCELSEL_FEATURES_H

#include <accelsel/common.h>
#include <accelsel/dataset.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A fitted transform from named dataset columns to a row-major matrix of
 *  doubles. Fitting records everything the transform needs (column names and
 *  types, per-column centre and scale, one-hot levels, imputation values), so
 *  that another dataset with the same column names is transformed exactly the
 *  same way. Immutable once fitted: any number of threads may use one at once. */
typedef struct accelsel_features accelsel_features;

/** @name Per-column transforms
 *  Applied in this order: missing-value policy, then log10, then scaling.
 *  Scaling statistics are those of the fitting rows after imputation. @{ */
/** z-score for a numeric column, one-hot for a categorical one. */
#define ACCELSEL_TRANSFORM_DEFAULT 0
/** The value as it is. */
#define ACCELSEL_TRANSFORM_NONE 1
/** log10(x); x must be > 0. */
#define ACCELSEL_TRANSFORM_LOG10 2
/** (x - mean) / sd with the population standard deviation (divide by n),
 *  as scikit-learn's StandardScaler. */
#define ACCELSEL_TRANSFORM_ZSCORE 3
/** (x - min) / (max - min), fitting rows mapped onto [0, 1]. */
#define ACCELSEL_TRANSFORM_MINMAX 4
/** z-score of log10(x): for quantities spanning orders of magnitude
 *  (accelerator counts, times). */
#define ACCELSEL_TRANSFORM_LOG10_ZSCORE 5
/** One output column per level seen while fitting ("column=level"), 1 for the
 *  row's level and 0 elsewhere; a level not seen while fitting gives all zeros.
 *  Categorical columns only. */
#define ACCELSEL_TRANSFORM_ONEHOT 6
/** @} */

/** @name Missing-value policies @{ */
/** Drop every row with a missing value in any selected column. */
#define ACCELSEL_MISSING_DROP 1
/** Replace a missing numeric value with the fitting rows' median (before
 *  log10), a missing categorical value with the most common level (ties go to
 *  the level seen first). */
#define ACCELSEL_MISSING_IMPUTE 2
/** @} */

/** Options for accelsel_features_fit(). Initialise with
 *  ACCELSEL_FEATURES_OPTIONS_INIT or accelsel_features_options_init(); fields
 *  are only ever appended. */
typedef struct accelsel_features_options {
    unsigned int version; /**< ACCELSEL_FEATURES_OPTIONS_VERSION */
    uint32_t missing;     /**< ACCELSEL_MISSING_DROP (default) or ACCELSEL_MISSING_IMPUTE */
} accelsel_features_options;

#define ACCELSEL_FEATURES_OPTIONS_VERSION 1
#define ACCELSEL_FEATURES_OPTIONS_INIT { ACCELSEL_FEATURES_OPTIONS_VERSION, ACCELSEL_MISSING_DROP }

/** Fill @p opts with defaults for @p version.
 *  @param[out] opts     the options to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_FEATURES_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_features_options_init(accelsel_features_options *opts,
                                                unsigned int version);

/** sizeof(accelsel_features_options) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_features_options_size(void);

/** Fit a feature transform on columns of @p ds.
 *
 *  @param[out] out         the fitted transform, freed with accelsel_features_free();
 *                          NULL on any failure (nothing leaks).
 *  @param[in]  ds          the fitting data; not kept (everything needed is copied).
 *  @param[in]  columns     @p n_columns distinct column names of @p ds; copied.
 *  @param[in]  transforms  @p n_columns ACCELSEL_TRANSFORM_* values, one per
 *                          column, or NULL for ACCELSEL_TRANSFORM_DEFAULT everywhere.
 *  @param[in]  n_columns   at least 1.
 *  @param[in]  opts        NULL for defaults.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, @p n_columns 0, a repeated column,
 *              an unknown transform code or missing policy (the message names it);
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_ENOTFOUND for a column @p ds does not have (named);
 *          ACCELSEL_ETYPE for a categorical column given a numeric transform, or a
 *              numeric column given ACCELSEL_TRANSFORM_ONEHOT (the column is named);
 *          ACCELSEL_EEMPTY if no row is left after dropping missing values
 *              (or a column has no value at all to impute from);
 *          ACCELSEL_EDATA for an infinite value (column and 0-based row named; infinity
 *              is not missing), log10 of a value <= 0 (column and row named), a
 *              column that is constant under z-score or min-max (named), or a
 *              one-hot column of more than 256 distinct values among the rows
 *              used (named with its count: each level is an output column of
 *              every row, so the matrix would grow as rows x levels);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p ds is only read. */
ACCELSEL_API int accelsel_features_fit(accelsel_features **out, const accelsel_dataset *ds,
                                       const char *const *columns, const int *transforms,
                                       size_t n_columns, const accelsel_features_options *opts);

/** Number of output columns (the matrix width); 0 if @p f is NULL. */
ACCELSEL_API size_t accelsel_features_dim(const accelsel_features *f);

/** Name of output column @p j: the input name for a scaled numeric column
 *  ("peak_tflops"), "log10(name)" for the log10 transforms, "name=level" for a
 *  one-hot column. NULL if @p f is NULL or @p j is out of range.
 *  Valid until @p f is freed. */
ACCELSEL_API const char *accelsel_features_name(const accelsel_features *f, size_t j);

/** Number of input columns given to accelsel_features_fit(); 0 if @p f is NULL. */
ACCELSEL_API size_t accelsel_features_n_inputs(const accelsel_features *f);

/** Name of input column @p i, or NULL if out of range. Valid until @p f is freed. */
ACCELSEL_API const char *accelsel_features_input_name(const accelsel_features *f, size_t i);

/** The transform actually applied to input column @p i (never
 *  ACCELSEL_TRANSFORM_DEFAULT: the default is resolved when fitting);
 *  ACCELSEL_EINVAL if @p f is NULL or @p i is out of range (the error names it).
 *  @param[in] f  the transform; only read.
 *  @param[in] i  0-based input column; any value. */
ACCELSEL_API int accelsel_features_input_transform(const accelsel_features *f, size_t i);

/** The missing-value policy recorded at fit time; ACCELSEL_EINVAL if @p f is
 *  NULL (the error names it).
 *  @param[in] f  the transform; only read. */
ACCELSEL_API int accelsel_features_missing_policy(const accelsel_features *f);

/** Scaling of output column @p j: output = (t(x) - center) / scale, where t is
 *  log10 or the identity. center 0 and scale 1 when not scaled; for one-hot
 *  columns too.
 *  @param[in]  f              the transform; only read.
 *  @param[in]  j              0-based output column; any value.
 *  @param[out] center, scale  may be NULL; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL if @p f is NULL or @p j is out of range.
 *  Thread safety: any number of threads may read one @p f at once. */
ACCELSEL_API int accelsel_features_scaling(const accelsel_features *f, size_t j, double *center,
                                           double *scale);

/** Transform the rows of @p ds (which needs every input column by name, of the
 *  same type as when fitting) into a row-major matrix of accelsel_features_dim()
 *  columns, following the recorded missing-value policy.
 *
 *  @param[in]  f              the fitted transform; only read.
 *  @param[in]  ds             rows to transform; only read.
 *  @param[out] matrix         caller-owned; at least rows(ds) x dim doubles.
 *  @param[in]  capacity       length of @p matrix in doubles; must be at least
 *                             accelsel_dataset_rows(@p ds) * accelsel_features_dim(@p f).
 *  @param[out] n_rows_out     number of matrix rows written (rows(ds) unless dropped).
 *  @param[out] row_index_out  NULL, or caller-owned room for rows(ds) values: the
 *                             dataset row of each matrix row.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument or a too small @p capacity;
 *          ACCELSEL_ENOTFOUND for a missing column (named);
 *          ACCELSEL_ETYPE for a column whose type differs from the fit (named);
 *          ACCELSEL_EEMPTY if every row was dropped (or @p ds has no rows);
 *          ACCELSEL_EDATA for an infinite value or log10 of a value <= 0 (column and row named).
 *          On failure the contents of @p matrix and @p row_index_out are unspecified.
 *  Thread safety: any number of threads may transform with one @p f at once. */
ACCELSEL_API int accelsel_features_transform(const accelsel_features *f,
                                             const accelsel_dataset *ds, double *matrix,
                                             size_t capacity, size_t *n_rows_out,
                                             size_t *row_index_out);

/** Map rows of the feature space back to original units, input column by
 *  input column: the scaling is undone and log10 inverted (so the inverse of an
 *  average in log space is a geometric mean). Categorical inputs give NaN.
 *
 *  @param[in]  f         the fitted transform; only read.
 *  @param[in]  x         @p n_rows x dim doubles, row-major (e.g. centroids).
 *  @param[in]  n_rows    number of rows of @p x and @p out; may be 0.
 *  @param[out] out       caller-owned, @p n_rows x accelsel_features_n_inputs() doubles.
 *  @param[in]  capacity  length of @p out in doubles.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or too small @p capacity.
 *  Thread safety: as accelsel_features_transform(). */
ACCELSEL_API int accelsel_features_inverse(const accelsel_features *f, const double *x,
                                           size_t n_rows, double *out, size_t capacity);

/** Free a feature transform. Accepts NULL. Every pointer it handed out becomes
 *  invalid; no other thread may be using it. */
ACCELSEL_API void accelsel_features_free(accelsel_features *f);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_FEATURES_H */
