/*
 * libaccelsel: clustering (k-means, agglomerative Ward), quality indices
 * (silhouette, Calinski-Harabasz, Davies-Bouldin, elbow, gap statistic) and
 * the choice of the number of clusters.
 *
 * Threads: k-means, the silhouette and the gap statistic run on their own
 * threads (n_threads) and compute distances with OpenBLAS's cblas_dgemm on
 * blocks of rows. OpenBLAS has its own thread pool; so that the two do not
 * multiply, limit OpenBLAS to one thread when using n_threads != 1
 * (openblas_set_num_threads(1), or OPENBLAS_NUM_THREADS=1 in the environment
 * before the program starts). The library never changes OpenBLAS settings
 * itself: they are process-wide state.
 *
 * Determinism: for the same data, options and seed, every result (labels,
 * centroids, inertia, indices, chosen k) is bit-identical whatever n_threads,
 * because work is split into a fixed number of blocks whose partial sums are
 * combined in block order, and each random stream belongs to a task index,
 * never to a thread.
 */
#ifndef ACCELSEL_CLUSTER_H
#define ACCELSEL_CLUSTER_H

#include <stddef.h>
#include <stdint.h>

#include <accelsel/common.h>
#include <accelsel/dataset.h>
#include <accelsel/features.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A fitted clustering: k, a label per row, centroids, quality indices and a
 *  profile of each cluster. Immutable once fitted: any number of threads may
 *  read one model (and predict with it) at once. */
typedef struct accelsel_cluster_model accelsel_cluster_model;

/** @name Algorithms @{ */
/** k-means (Lloyd's algorithm). Seeding by greedy k-means++ as scikit-learn
 *  does it: the first centre is a uniformly drawn row; each further centre is
 *  the best of 2 + floor(ln k) candidates drawn with probability proportional
 *  to the squared distance to the nearest centre so far, "best" meaning the
 *  lowest resulting sum of squared distances. Each Lloyd iteration assigns
 *  every row to its nearest centre (squared distances ||c||^2 - 2 x.c from
 *  cblas_dgemm on blocks of rows, ties to the lower label) and moves each
 *  centre to the mean of its rows. A centre left without rows is moved onto
 *  the row farthest from its own centre (rows taken in decreasing distance,
 *  ties to the lower row index), as scikit-learn does. It stops when no label
 *  changes, when the summed squared centre shift is <= tol x the mean
 *  per-feature variance of the data, or after max_iter iterations; unless no
 *  label changed, the rows are then assigned once more to the final centres.
 *  With the same initial centres this gives scikit-learn 1.2's
 *  KMeans(algorithm="lloyd", n_init=1) labels, centres and inertia. */
#define ACCELSEL_CLUSTER_KMEANS 1
/** Agglomerative clustering with Ward's criterion, exact: the nearest-neighbour
 *  chain algorithm on cluster centroids and sizes (Ward distance between
 *  clusters a and b: sqrt(2 n_a n_b / (n_a + n_b)) ||c_a - c_b||, the merge
 *  height SciPy reports). O(N^2 d) time, O(N d) memory, one thread. The tree is
 *  cut into k clusters by undoing the k-1 highest merges; centroids are the
 *  cluster means. Labels equal scikit-learn's AgglomerativeClustering(
 *  linkage="ward") up to renumbering. */
#define ACCELSEL_CLUSTER_WARD 2
/** @} */

/** Progress callback: @p fraction in [0, 1] of the work done. Return 0 to go
 *  on, anything else to stop: the call then fails with ACCELSEL_ECANCELED.
 *  Always called on the thread that called the library, between steps (Lloyd
 *  iterations, restarts, blocks of rows, values of k). */
typedef int (*accelsel_cluster_progress_fn)(double fraction, void *payload);

/** Options for fitting, indices and the choice of k. Initialise with
 *  ACCELSEL_CLUSTER_OPTIONS_INIT or accelsel_cluster_options_init(); fields
 *  are only ever appended. */
typedef struct accelsel_cluster_options {
    unsigned int version; /**< ACCELSEL_CLUSTER_OPTIONS_VERSION */
    uint32_t algorithm;   /**< ACCELSEL_CLUSTER_KMEANS (default) or ACCELSEL_CLUSTER_WARD */
    /** Number of clusters, >= 1; default 5 (the five performance groups of the
     *  GPU-configuration methodology this library reproduces). */
    uint32_t k;
    /** k-means restarts from new seedings, >= 1; the lowest inertia wins; default 10. */
    uint32_t n_init;
    uint32_t max_iter; /**< Lloyd iterations per run, >= 1; default 300 */
    /** Relative centre-shift tolerance, >= 0 (0: stop only when no label
     *  changes); default 1e-4. */
    double tol;
    uint64_t seed;     /**< seed of all random choices; default 0 */
    uint32_t n_threads; /**< 0 = all online cores (default) */
    /** NULL (default) for k-means++ seeding, or k x dim initial centres
     *  (row-major, in the space of the fitted matrix); then n_init is taken as
     *  1. Not kept after the call. */
    const double *init;
    /** 1 (default) to compute the silhouette, Calinski-Harabasz and
     *  Davies-Bouldin indices when fitting; 0 to skip them (they are then NaN). */
    uint32_t indices;
    /** The silhouette is exact up to this many rows (>= 2; default 100000);
     *  above it is estimated, as scikit-learn's silhouette_score(sample_size=...),
     *  on this many rows drawn without replacement with @ref seed. */
    uint64_t silhouette_max;
    /** Uniform reference data sets for the gap statistic, >= 1; default 10. */
    uint32_t gap_references;
    /** 1 (default) for full profiles (median, min and max of every numeric
     *  column, mode of every categorical one); 0 for the cluster and size
     *  columns only, which saves sorting every column on large inputs. */
    uint32_t profiles;
    accelsel_cluster_progress_fn progress; /**< NULL for none (default) */
    void *payload;                         /**< passed to @ref progress */
} accelsel_cluster_options;

#define ACCELSEL_CLUSTER_OPTIONS_VERSION 1
#define ACCELSEL_CLUSTER_OPTIONS_INIT                                                       \
    { ACCELSEL_CLUSTER_OPTIONS_VERSION, ACCELSEL_CLUSTER_KMEANS, 5, 10, 300, 1e-4, 0, 0,    \
      NULL, 1, 100000, 10, 1, NULL, NULL }

/** Fill @p opts with the defaults of @p version.
 *  @param[out] opts     the options to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_CLUSTER_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION if this
 *          library does not know @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_cluster_options_init(accelsel_cluster_options *opts,
                                               unsigned int version);

/** sizeof(accelsel_cluster_options) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_cluster_options_size(void);

/** Cluster the rows of a matrix.
 *
 *  @param[out] out  the model, freed with accelsel_cluster_model_free(); NULL on failure.
 *  @param[in]  x    @p n x @p d doubles, row-major; not kept (the model copies
 *                   what it needs: labels and centroids, not the data).
 *  @param[in]  n    rows, >= 1.
 *  @param[in]  d    columns, >= 1.
 *  @param[in]  opts NULL for defaults.
 *  The model's profile dataset has the columns x0, x1, ... of the matrix.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, d = 0, an unknown algorithm,
 *              k < 1 or k > n (the message names k), n_init, max_iter or
 *              gap_references 0, silhouette_max below 2, a negative or
 *              non-finite tol, a non-finite initial centre;
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_EEMPTY if @p n is 0;
 *          ACCELSEL_EDATA for a NaN or infinite value (row and column named) or
 *              fewer distinct rows than k (named);
 *          ACCELSEL_ECANCELED if the progress callback asked to stop;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; see the header comment on OpenBLAS. */
ACCELSEL_API int accelsel_cluster_fit(accelsel_cluster_model **out, const double *x, size_t n,
                                      size_t d, const accelsel_cluster_options *opts);

/** Cluster the rows of a dataset through a fitted feature transform.
 *
 *  The rows are transformed with accelsel_features_transform() (rows dropped
 *  by the missing-value policy get no label) and clustered as by
 *  accelsel_cluster_fit(). The model keeps a copy of @p features, so that
 *  centroids can be given in original units and new datasets predicted; its
 *  profile dataset summarises every column of @p ds, not only the features.
 *  @param[out] out       the model, freed with accelsel_cluster_model_free(); NULL on failure.
 *  @param[in]  ds        only read; not kept.
 *  @param[in]  features  only read; copied.
 *  @param[in]  opts      NULL for defaults.
 *  @return as accelsel_cluster_fit() and accelsel_features_transform(), and
 *          with opts->profiles on, ACCELSEL_EDATA naming a column of @p ds
 *          whose name the profile also makes: a categorical column keeps its
 *          name there, so one named `cluster` or `size`, or `C_median`,
 *          `C_min` or `C_max` beside a numeric column C, would be made twice
 *          (opts->profiles = 0 makes only `cluster` and `size` and avoids it).
 *  Thread safety: as accelsel_cluster_fit(); @p ds and @p features may be shared. */
ACCELSEL_API int accelsel_cluster_fit_dataset(accelsel_cluster_model **out,
                                              const accelsel_dataset *ds,
                                              const accelsel_features *features,
                                              const accelsel_cluster_options *opts);

/** The algorithm (ACCELSEL_CLUSTER_KMEANS or _WARD); ACCELSEL_EINVAL if @p m is
 *  NULL (the error names it).
 *  @param[in] m  the model; only read. */
ACCELSEL_API int accelsel_cluster_model_algorithm(const accelsel_cluster_model *m);

/** The name of algorithm @p algorithm ("kmeans", "ward"), as fitted models
 *  write it; NULL for an unknown value. Static storage.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_cluster_algorithm_name(uint32_t algorithm);

/** The algorithm called @p name (exact lower case).
 *  @param[in]  name       NUL-terminated; not kept.
 *  @param[out] algorithm  ACCELSEL_CLUSTER_KMEANS or _WARD; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND for an
 *          unknown name (the message names it and lists the algorithms).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_cluster_algorithm_from_name(const char *name, uint32_t *algorithm);

/** Number of clusters; 0 if @p m is NULL. */
ACCELSEL_API size_t accelsel_cluster_model_k(const accelsel_cluster_model *m);

/** Number of clustered rows (labels); 0 if @p m is NULL. */
ACCELSEL_API size_t accelsel_cluster_model_n_rows(const accelsel_cluster_model *m);

/** Width of the clustered matrix (features); 0 if @p m is NULL. */
ACCELSEL_API size_t accelsel_cluster_model_dim(const accelsel_cluster_model *m);

/** The label (0..k-1) of each clustered row, accelsel_cluster_model_n_rows()
 *  values; NULL if @p m is NULL. Valid until @p m is freed. */
ACCELSEL_API const uint32_t *accelsel_cluster_model_labels(const accelsel_cluster_model *m);

/** For a model fitted on a dataset: the dataset row of each label
 *  (n_rows values); for a matrix fit: NULL. Valid until @p m is freed. */
ACCELSEL_API const size_t *accelsel_cluster_model_row_index(const accelsel_cluster_model *m);

/** Centroids in the clustered (standardised) space: k x dim doubles,
 *  row-major; NULL if @p m is NULL. Valid until @p m is freed. */
ACCELSEL_API const double *accelsel_cluster_model_centroids(const accelsel_cluster_model *m);

/** Centroids in original units: k x accelsel_features_n_inputs() doubles
 *  through accelsel_features_inverse() (NaN for categorical inputs; geometric
 *  means for log10 inputs); for a matrix fit the same as the centroids.
 *  NULL if @p m is NULL. Valid until @p m is freed. */
ACCELSEL_API const double *accelsel_cluster_model_centroids_original(
    const accelsel_cluster_model *m);

/** The feature transform of a dataset fit (borrowed; valid until @p m is
 *  freed), or NULL for a matrix fit. */
ACCELSEL_API const accelsel_features *accelsel_cluster_model_features(
    const accelsel_cluster_model *m);

/** Sum of squared distances of the rows to their centroids; NaN if @p m is NULL. */
ACCELSEL_API double accelsel_cluster_model_inertia(const accelsel_cluster_model *m);

/** Lloyd iterations of the winning k-means run (0 for Ward or NULL). */
ACCELSEL_API uint32_t accelsel_cluster_model_n_iter(const accelsel_cluster_model *m);

/** Mean silhouette computed at fit time (see accelsel_cluster_silhouette());
 *  NaN when skipped, undefined (fewer than 2 or more than n-1 non-empty
 *  clusters among the n rows, or among the rows sampled above
 *  options.silhouette_max) or @p m is NULL. */
ACCELSEL_API double accelsel_cluster_model_silhouette(const accelsel_cluster_model *m);

/** Calinski-Harabasz index computed at fit time (on all the rows); NaN when
 *  skipped, undefined (fewer than 2 or more than n-1 non-empty clusters) or
 *  @p m is NULL. */
ACCELSEL_API double accelsel_cluster_model_calinski_harabasz(const accelsel_cluster_model *m);

/** Davies-Bouldin index computed at fit time; NaN as for Calinski-Harabasz. */
ACCELSEL_API double accelsel_cluster_model_davies_bouldin(const accelsel_cluster_model *m);

/** For a Ward model: the number of merges of the full tree (n_rows - 1);
 *  0 for k-means or NULL. */
ACCELSEL_API size_t accelsel_cluster_model_n_merges(const accelsel_cluster_model *m);

/** Merge @p i (0-based, in increasing height) of a Ward tree, in SciPy's
 *  linkage convention: clusters @p a and @p b (ids below n_rows are single
 *  rows, id n_rows + j is the cluster made by merge j) join at @p height into
 *  a cluster of @p size rows.
 *  @param[in]  m                   the model; only read.
 *  @param[in]  i                   0 .. accelsel_cluster_model_n_merges() - 1; any value.
 *  @param[out] a, b, height, size  each may be NULL; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL if @p m is NULL, not a Ward model, or @p i out of range. */
ACCELSEL_API int accelsel_cluster_model_merge(const accelsel_cluster_model *m, size_t i,
                                              size_t *a, size_t *b, double *height,
                                              size_t *size);

/** One row per cluster, as a dataset that the ranking functions can rank:
 *  `cluster` (0..k-1), `size` (rows), then for each numeric column C of the
 *  fitted data `C_median`, `C_min`, `C_max` over the cluster's rows (missing
 *  values ignored; NaN if none), and for each categorical column C the most
 *  common value `C` (ties to the level seen first; missing if none); only
 *  `cluster` and `size` if the model was fitted with options.profiles = 0.
 *  Borrowed: valid until @p m is freed; NULL if @p m is NULL. */
ACCELSEL_API const accelsel_dataset *accelsel_cluster_model_profiles(
    const accelsel_cluster_model *m);

/** Label new rows of a matrix with the nearest centroid (squared Euclidean
 *  distance, ties to the lower label), in the clustered space.
 *  @param[in]  m       the model; only read.
 *  @param[in]  x       @p n x @p d doubles, row-major; not kept.
 *  @param[in]  n       number of rows, >= 1.
 *  @param[in]  d       must equal accelsel_cluster_model_dim().
 *  @param[out] labels  caller-owned, @p n values.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or a wrong @p d;
 *          ACCELSEL_EEMPTY if @p n is 0; ACCELSEL_EDATA for NaN or infinity (row and column named).
 *  Thread safety: any number of threads may predict with one model at once. */
ACCELSEL_API int accelsel_cluster_model_predict(const accelsel_cluster_model *m, const double *x,
                                                size_t n, size_t d, uint32_t *labels);

/** Label the rows of a dataset: transformed through the model's features,
 *  then as accelsel_cluster_model_predict().
 *  @param[in]  m              a model fitted on a dataset; only read.
 *  @param[in]  ds             rows to label, with the feature columns by name; only read.
 *  @param[out] labels         caller-owned, room for accelsel_dataset_rows(@p ds) values.
 *  @param[in]  capacity       length of @p labels.
 *  @param[out] n_out          labels written (rows dropped for missing values get none).
 *  @param[out] row_index_out  NULL or room for rows(ds) values: the dataset row of each label.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, a too small @p capacity or a
 *          model fitted on a matrix (it has no features); the errors of
 *          accelsel_features_transform(); ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may predict with one model at once. */
ACCELSEL_API int accelsel_cluster_model_predict_dataset(const accelsel_cluster_model *m,
                                                        const accelsel_dataset *ds,
                                                        uint32_t *labels, size_t capacity,
                                                        size_t *n_out, size_t *row_index_out);

/** Write the model as YAML text, every double in the shortest form that reads
 *  back to the same value, so that loading gives an identical model.
 *  @param[in]  m    the model; only read.
 *  @param[out] out  NUL-terminated text, freed with accelsel_free(); NULL on failure.
 *  @param[out] len  its length without the NUL; may be NULL.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p m or @p out; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p m may be shared. */
ACCELSEL_API int accelsel_cluster_model_save_yaml_buffer(const accelsel_cluster_model *m,
                                                         char **out, size_t *len);

/** As accelsel_cluster_model_save_yaml_buffer(), into the file @p path
 *  (created or truncated).
 *  @param[in] m     the model; only read.
 *  @param[in] path  the file; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO (path and
 *          reason); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p m may be shared. */
ACCELSEL_API int accelsel_cluster_model_save_yaml(const accelsel_cluster_model *m,
                                                  const char *path);

/** Read a model written by accelsel_cluster_model_save_yaml_buffer().
 *  @param[out] out   the model, freed with accelsel_cluster_model_free(); NULL on failure.
 *  @param[in]  data  @p len bytes of YAML (not NUL-terminated; not kept).
 *  @param[in]  len   number of bytes.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument;
 *          ACCELSEL_EPARSE for malformed YAML, an unknown or missing key, a
 *              value of the wrong type or out of range, or arrays of
 *              inconsistent lengths (source "<buffer>", line and column given);
 *          ACCELSEL_EVERSION for an unknown format version; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_cluster_model_load_yaml_buffer(accelsel_cluster_model **out,
                                                         const char *data, size_t len);

/** As accelsel_cluster_model_load_yaml_buffer(), from the file @p path
 *  (errors name the path).
 *  @param[out] out   the model, freed with accelsel_cluster_model_free(); NULL on failure.
 *  @param[in]  path  the file; not kept.
 *  @return as accelsel_cluster_model_load_yaml_buffer(), plus ACCELSEL_EIO
 *          (path and reason).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_cluster_model_load_yaml(accelsel_cluster_model **out, const char *path);

/** Free a model, with its profiles and feature transform. Accepts NULL. Every
 *  pointer it handed out becomes invalid; no other thread may be using it. */
ACCELSEL_API void accelsel_cluster_model_free(accelsel_cluster_model *m);

/** @name Quality indices of a labelling
 *  Each takes @p x, @p n x @p d row-major data, and @p labels, a label per
 *  row, each below @p n
 *  (labels need not be contiguous: only clusters that have rows count). Each
 *  equals scikit-learn's function of the same name on the same data and labels
 *  (to rounding). They fail with ACCELSEL_EINVAL for a NULL argument, d = 0 or
 *  a label >= n (row named), ACCELSEL_EEMPTY for n = 0, ACCELSEL_EDATA for NaN
 *  or infinity (row and column named) or fewer than 2 or more than n - 1
 *  non-empty clusters. The data and labels are only read and not kept.
 *  Thread safety: any thread. @{ */

/** Mean silhouette coefficient (Rousseeuw 1987) with Euclidean distances:
 *  for each row, a = mean distance to the other rows of its cluster, b = the
 *  lowest mean distance to another cluster's rows, s = (b - a) / max(a, b)
 *  (0 for a row alone in its cluster). Exact, in blocks (memory O(n d + block
 *  x n)), on opts->n_threads threads, up to opts->silhouette_max rows; above
 *  that the mean over a sample of that many rows drawn with opts->seed (the
 *  silhouette of the sample alone, as scikit-learn's sample_size).
 *  Distances come from cblas_dgemm and are recomputed directly wherever
 *  cancellation would make them inexact (near-duplicate rows).
 *  @param[in] opts  NULL for defaults; only n_threads, silhouette_max, seed and
 *                   progress are used, but every field must be valid (as for
 *                   accelsel_cluster_fit(); start from ACCELSEL_CLUSTER_OPTIONS_INIT).
 *  @param[out] out  the mean silhouette, in [-1, 1]; NaN (undefined) when
 *                   the sample holds fewer than 2 or more than
 *                   silhouette_max - 1 non-empty clusters, as a sample of 2
 *                   rows always does.
 *  @return also ACCELSEL_ECANCELED; ACCELSEL_ENOMEM. */
ACCELSEL_API int accelsel_cluster_silhouette(const double *x, size_t n, size_t d,
                                             const uint32_t *labels,
                                             const accelsel_cluster_options *opts, double *out);

/** Calinski-Harabasz index: between-cluster dispersion x (n - k) over
 *  within-cluster dispersion x (k - 1); 1 if the within dispersion is 0
 *  (as scikit-learn).
 *  @param[out] out  the index; untouched on failure.
 *  @return also ACCELSEL_ENOMEM. */
ACCELSEL_API int accelsel_cluster_calinski_harabasz(const double *x, size_t n, size_t d,
                                                    const uint32_t *labels, double *out);

/** Davies-Bouldin index: the mean over clusters of the largest
 *  (s_i + s_j) / ||c_i - c_j||, s being the mean distance of a cluster's rows
 *  to its mean c; 0 if every s or every centroid distance is 0 (as
 *  scikit-learn; coinciding centroids are skipped).
 *  @param[out] out  the index; untouched on failure.
 *  @return also ACCELSEL_ENOMEM. */
ACCELSEL_API int accelsel_cluster_davies_bouldin(const double *x, size_t n, size_t d,
                                                 const uint32_t *labels, double *out);
/** @} */

/** The elbow of a decreasing curve such as inertia against k: both axes are
 *  scaled to [0, 1] by their ranges and the elbow is the point farthest from
 *  the chord joining the first and last points (ties to the lower index).
 *  @param[in]  k       @p n increasing values of k.
 *  @param[in]  values  @p n finite values (e.g. inertias).
 *  @param[in]  n       number of points, >= 3.
 *  @param[out] index   the index of the elbow in 0..n-1; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, fewer than 3 points, k not
 *          strictly increasing; ACCELSEL_EDATA for a non-finite value.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_cluster_elbow(const double *k, const double *values, size_t n,
                                        size_t *index);

/** @name Criteria for choosing k @{ */
#define ACCELSEL_KSELECT_SILHOUETTE 1 /**< highest mean silhouette */
#define ACCELSEL_KSELECT_CH 2         /**< highest Calinski-Harabasz index */
#define ACCELSEL_KSELECT_DB 3         /**< lowest Davies-Bouldin index */
#define ACCELSEL_KSELECT_ELBOW 4      /**< elbow of inertia (accelsel_cluster_elbow()) */
/** Gap statistic (Tibshirani, Walther and Hastie, 2001): Gap(k) = mean over B
 *  references of log W*_k - log W_k, W being the inertia and the references
 *  drawn uniformly in the bounding box of the data (the paper's first method),
 *  each clustered like the data; s_k = sd(log W*_k) sqrt(1 + 1/B). The choice
 *  is the smallest k with Gap(k) >= Gap(k+1) - s_(k+1); if no k in the range
 *  qualifies, the k of the largest gap. */
#define ACCELSEL_KSELECT_GAP 5
/** @} */

/** The name of criterion @p criterion ("silhouette", "ch", "db", "elbow",
 *  "gap"), or NULL for an unknown value. Static storage.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_kselect_name(int criterion);

/** The criterion called @p name (exact lower case, as accelsel_kselect_name()
 *  gives it).
 *  @param[in]  name       NUL-terminated; not kept.
 *  @param[out] criterion  the ACCELSEL_KSELECT_* value; untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_ENOTFOUND for an
 *          unknown name (the message names it and lists the criteria).
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_kselect_from_name(const char *name, int *criterion);

/** @name Scores recorded per k @{ */
#define ACCELSEL_SCORE_INERTIA 1
#define ACCELSEL_SCORE_SILHOUETTE 2
#define ACCELSEL_SCORE_CH 3
#define ACCELSEL_SCORE_DB 4
#define ACCELSEL_SCORE_GAP 5    /**< NaN unless the criterion is the gap statistic */
#define ACCELSEL_SCORE_GAP_SE 6 /**< s_k of the gap statistic; NaN likewise */
/** @} */

/** The name of score @p which (ACCELSEL_SCORE_*): "inertia", "silhouette",
 *  "calinski_harabasz", "davies_bouldin", "gap", "gap_se", as JSON output
 *  keys them; NULL for an unknown value. Static storage.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API const char *accelsel_cluster_score_name(int which);

/** The outcome of choosing k: every tried k with its scores, and the choice.
 *  Immutable: any number of threads may read one. */
typedef struct accelsel_cluster_selection accelsel_cluster_selection;

/** Fit the matrix for every k in [@p k_min, @p k_max] (options as for
 *  accelsel_cluster_fit(), opts->k ignored; initial centres are not allowed)
 *  and choose k by @p criterion. Silhouette, CH and DB are undefined for
 *  k = 1 (NaN there; k = 1 is then never chosen).
 *  @param[out] out           the selection, freed with accelsel_cluster_selection_free();
 *                            NULL on failure.
 *  @param[in]  x             @p n x @p d doubles, row-major; not kept.
 *  @param[in]  n, d          rows and columns, as for accelsel_cluster_fit().
 *  @param[in]  k_min, k_max  the range of k tried, 1 <= k_min <= k_max <= n.
 *  @param[in]  criterion     an ACCELSEL_KSELECT_* value.
 *  @param[in]  opts          NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument, k_min < 1, k_max < k_min,
 *          k_max > n (names k_max), an unknown criterion, fewer than 3 values
 *          of k for the elbow, only k = 1 for silhouette, CH or DB,
 *          opts->init set; ACCELSEL_EDATA if no k has a defined value of
 *          the criterion (silhouettes of samples too small to hold their
 *          clusters, say); the errors of accelsel_cluster_fit().
 *  Thread safety: as accelsel_cluster_fit(). */
ACCELSEL_API int accelsel_cluster_select_k(accelsel_cluster_selection **out, const double *x,
                                           size_t n, size_t d, uint32_t k_min, uint32_t k_max,
                                           int criterion, const accelsel_cluster_options *opts);

/** Number of values of k tried; 0 if @p s is NULL. */
ACCELSEL_API size_t accelsel_cluster_selection_count(const accelsel_cluster_selection *s);

/** The i-th value of k tried (k_min + i); 0 if out of range. */
ACCELSEL_API uint32_t accelsel_cluster_selection_k(const accelsel_cluster_selection *s, size_t i);

/** Score @p which (ACCELSEL_SCORE_*) of the i-th k; NaN if undefined or out of range. */
ACCELSEL_API double accelsel_cluster_selection_score(const accelsel_cluster_selection *s,
                                                     size_t i, int which);

/** The chosen k; 0 if @p s is NULL. */
ACCELSEL_API uint32_t accelsel_cluster_selection_best_k(const accelsel_cluster_selection *s);

/** The criterion used (ACCELSEL_KSELECT_*); ACCELSEL_EINVAL if @p s is NULL
 *  (the error names it).
 *  @param[in] s  the selection; only read. */
ACCELSEL_API int accelsel_cluster_selection_criterion(const accelsel_cluster_selection *s);

/** Free a selection. Accepts NULL; no other thread may be using it. */
ACCELSEL_API void accelsel_cluster_selection_free(accelsel_cluster_selection *s);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_CLUSTER_H */
