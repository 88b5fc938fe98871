/* Fitting a cluster model on a matrix or on a dataset through features. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/cluster_impl.h"
#include "learn/cluster_quality.h"
#include "learn/features_impl.h"

int asel_cluster_model_alloc(accelsel_cluster_model **out, size_t n, size_t d, size_t k,
                             int algorithm)
{
    accelsel_cluster_model *m = NULL;
    int rc = asel_alloc_array(&m, 1, sizeof *m);
    if (rc != 0)
        return rc;
    *m = (accelsel_cluster_model){.algorithm = algorithm, .k = k, .n = n, .d = d};
    m->inertia = m->silhouette = m->ch = m->db = NAN;
    if ((rc = asel_alloc_array(&m->labels, n, sizeof *m->labels)) != 0 ||
        (rc = asel_alloc_array(&m->centroids, k * d, sizeof *m->centroids)) != 0 ||
        (algorithm == ACCELSEL_CLUSTER_WARD &&
         (rc = asel_alloc_array(&m->merges, n - 1, sizeof *m->merges)) != 0)) {
        accelsel_cluster_model_free(m);
        return rc;
    }
    m->n_merges = algorithm == ACCELSEL_CLUSTER_WARD ? n - 1 : 0;
    *out = m;
    return 0;
}

void asel_cluster_means(const double *x, size_t n, size_t d, const uint32_t *labels, size_t k,
                        double *centroids)
{
    memset(centroids, 0, k * d * sizeof *centroids);
    for (size_t j = 0; j < k; j++) {
        size_t count = 0;
        for (size_t i = 0; i < n; i++) {
            if (labels[i] != j)
                continue;
            count++;
            for (size_t c = 0; c < d; c++)
                centroids[j * d + c] += x[i * d + c];
        }
        for (size_t c = 0; count && c < d; c++)
            centroids[j * d + c] /= (double)count;
    }
}

static int fit_kmeans(accelsel_cluster_model *m, const double *x, const accelsel_cluster_options *o,
                      const asel_cl_progress *p)
{
    asel_kmeans_cfg cfg = {.k = m->k,
                           .n_init = o->n_init,
                           .max_iter = o->max_iter,
                           .tol = o->tol,
                           .seed = o->seed,
                           .n_threads = o->n_threads,
                           .init = o->init,
                           .progress = *p};
    if (o->init != NULL) {
        int rc =
            asel_check_finite("accelsel_cluster_fit: init", ACCELSEL_EINVAL, o->init, m->k, m->d);
        if (rc != 0)
            return rc;
    }
    return asel_kmeans(x, m->n, m->d, &cfg, m->centroids, m->labels, &m->inertia, &m->n_iter);
}

static int fit_ward(accelsel_cluster_model *m, const double *x, const asel_cl_progress *p)
{
    int rc = asel_ward_tree(x, m->n, m->d, m->merges, p);
    if (rc == 0)
        rc = asel_ward_cut(m->merges, m->n, m->k, m->labels);
    if (rc == 0)
        asel_cluster_means(x, m->n, m->d, m->labels, m->k, m->centroids);
    return rc;
}

int asel_cluster_fit_matrix(accelsel_cluster_model **out, const double *x, size_t n, size_t d,
                            const accelsel_cluster_options *o)
{
    static const char fn[] = "accelsel_cluster_fit";
    *out = NULL;
    int rc = asel_cluster_check_k(fn, o->k, n);
    if (rc != 0)
        return rc;
    if (d > INT_MAX)
        return asel_error(ACCELSEL_EINVAL, "%s: d = %zu columns is too many", fn, d);
    /* k-means and Ward alike: one refusal where a result could not be finite. */
    if ((rc = asel_check_finite(fn, ACCELSEL_EDATA, x, n, d)) != 0)
        return rc;
    if ((rc = asel_km_check_distinct(x, n, d, o->k)) != 0)
        return rc;
    accelsel_cluster_model *m = NULL;
    if ((rc = asel_cluster_model_alloc(&m, n, d, o->k, (int)o->algorithm)) != 0)
        return rc;
    asel_cl_progress all = asel_cluster_progress(o);
    double split = o->indices ? 0.8 : 1.0;
    asel_cl_progress fit = asel_cl_progress_sub(&all, 0, split),
                     idx = asel_cl_progress_sub(&all, split, 1);
    rc = o->algorithm == ACCELSEL_CLUSTER_KMEANS ? fit_kmeans(m, x, o, &fit) : fit_ward(m, x, &fit);
    if (rc == 0)
        rc = asel_cluster_indices(m, x, o, &idx);
    if (rc != 0)
        accelsel_cluster_model_free(m);
    else
        *out = m;
    return rc;
}

ACCELSEL_API int accelsel_cluster_fit(accelsel_cluster_model **out, const double *x, size_t n,
                                      size_t d, const accelsel_cluster_options *opts)
{
    static const char fn[] = "accelsel_cluster_fit";
    if (out != NULL)
        *out = NULL;
    if (out == NULL || x == NULL)
        return asel_einval(fn, out == NULL ? "out" : "x");
    if (d == 0)
        return asel_error(ACCELSEL_EINVAL, "%s: d is 0", fn);
    if (n == 0)
        return asel_error(ACCELSEL_EEMPTY, "%s: no rows to cluster", fn);
    accelsel_cluster_options o;
    accelsel_cluster_model *m = NULL;
    int rc = asel_cluster_resolve(fn, opts, &o);
    if (rc == 0)
        rc = asel_cluster_fit_matrix(&m, x, n, d, &o);
    if (rc == 0 && (rc = asel_alloc_array(&m->centroids_orig, m->k * d, sizeof(double))) == 0) {
        memcpy(m->centroids_orig, m->centroids, m->k * d * sizeof(double));
        m->n_orig = d;
        rc = asel_cluster_profile_matrix(m, x, o.profiles != 0);
    }
    if (rc != 0)
        accelsel_cluster_model_free(m);
    else
        *out = m;
    return rc;
}

/* Features copy, original-unit centroids and profiles of a dataset fit. */
static int finish_dataset(accelsel_cluster_model *m, const accelsel_dataset *ds,
                          const accelsel_features *f, int full)
{
    size_t ni = accelsel_features_n_inputs(f);
    int rc = asel_features_clone(&m->features, f);
    if (rc == 0)
        rc = asel_alloc_array(&m->centroids_orig, m->k * ni, sizeof(double));
    if (rc == 0) {
        m->n_orig = ni;
        accelsel_features_inverse(f, m->centroids, m->k, m->centroids_orig, m->k * ni);
        rc = asel_cluster_profile_dataset(m, ds, full);
    }
    return rc;
}

ACCELSEL_API int accelsel_cluster_fit_dataset(accelsel_cluster_model **out,
                                              const accelsel_dataset *ds,
                                              const accelsel_features *features,
                                              const accelsel_cluster_options *opts)
{
    static const char fn[] = "accelsel_cluster_fit_dataset";
    if (out != NULL)
        *out = NULL;
    if (out == NULL || ds == NULL || features == NULL)
        return asel_einval(fn, out == NULL ? "out" : ds == NULL ? "ds" : "features");
    accelsel_cluster_options o;
    size_t nr = accelsel_dataset_rows(ds), dim = accelsel_features_dim(features), n = 0;
    double *x = NULL;
    size_t *rows = NULL;
    accelsel_cluster_model *m = NULL;
    int rc = asel_cluster_resolve(fn, opts, &o);
    if (rc == 0 && (rc = asel_alloc_array(&x, nr * dim, sizeof *x)) == 0 &&
        (rc = asel_alloc_array(&rows, nr, sizeof *rows)) == 0 &&
        (rc = accelsel_features_transform(features, ds, x, nr * dim, &n, rows)) == 0 &&
        (rc = asel_cluster_fit_matrix(&m, x, n, dim, &o)) == 0) {
        m->row_index = rows;
        rows = NULL;
        rc = finish_dataset(m, ds, features, o.profiles != 0);
    }
    asel_free(x);
    asel_free(rows);
    if (rc != 0)
        accelsel_cluster_model_free(m);
    else
        *out = m;
    return rc;
}
