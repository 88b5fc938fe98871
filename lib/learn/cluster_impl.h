/* The fitted cluster model's layout and the helpers its files share. */
#ifndef ASEL_CLUSTER_IMPL_H
#define ASEL_CLUSTER_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/cluster.h"
#include "learn/kmeans.h"
#include "learn/ward.h"

struct accelsel_cluster_model {
    int algorithm;
    size_t k, n, d;
    uint32_t *labels;         /* n */
    size_t *row_index;        /* n dataset rows, or NULL for a matrix fit */
    double *centroids;        /* k x d */
    double *centroids_orig;   /* k x n_orig */
    size_t n_orig;
    accelsel_features *features; /* NULL for a matrix fit */
    double inertia, silhouette, ch, db;
    uint32_t n_iter;
    asel_ward_merge *merges;  /* n - 1 for Ward, else NULL */
    size_t n_merges;
    accelsel_dataset *profiles;
};

/* A model with zeroed labels and centroids (and merges for Ward), NaN
 * indices: 0 or ACCELSEL_ENOMEM. */
int asel_cluster_model_alloc(accelsel_cluster_model **out, size_t n, size_t d, size_t k,
                             int algorithm);

/* Options with defaults filled in and checked (not k): 0, EVERSION or EINVAL. */
int asel_cluster_resolve(const char *fn, const accelsel_cluster_options *opts,
                         accelsel_cluster_options *out);

/* k within [1, n]: 0 or ACCELSEL_EINVAL naming k. */
int asel_cluster_check_k(const char *fn, uint32_t k, size_t n);

asel_cl_progress asel_cluster_progress(const accelsel_cluster_options *o);

/* Cluster x into a new model's labels, centroids, inertia, Ward tree and
 * indices (profiles and original-unit centroids are left to the caller).
 * x must be checked finite and opts resolved. */
int asel_cluster_fit_matrix(accelsel_cluster_model **out, const double *x, size_t n, size_t d,
                            const accelsel_cluster_options *opts);

/* Means of each label's rows (k x d) into @p centroids. */
void asel_cluster_means(const double *x, size_t n, size_t d, const uint32_t *labels, size_t k,
                        double *centroids);

/* Profiles of a matrix fit (columns x0, x1, ...) or of a dataset fit (every
 * column of @p ds, rows from m->row_index); cluster and size only unless @p full. */
int asel_cluster_profile_matrix(accelsel_cluster_model *m, const double *x, int full);
int asel_cluster_profile_dataset(accelsel_cluster_model *m, const accelsel_dataset *ds, int full);

/* The inertia, silhouette, CH and DB of a labelling into the model (NaN
 * where undefined or not asked for); the silhouette reports to @p p. */
int asel_cluster_indices(accelsel_cluster_model *m, const double *x,
                         const accelsel_cluster_options *o, const asel_cl_progress *p);

#endif
