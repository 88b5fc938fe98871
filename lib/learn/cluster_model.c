/* Read-only accessors and the destructor of a fitted cluster model. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/cluster_impl.h"

ACCELSEL_API void accelsel_cluster_model_free(accelsel_cluster_model *m)
{
    if (m == NULL)
        return;
    asel_free(m->labels);
    asel_free(m->row_index);
    asel_free(m->centroids);
    asel_free(m->centroids_orig);
    accelsel_features_free(m->features);
    asel_free(m->merges);
    accelsel_dataset_free(m->profiles);
    asel_free(m);
}

ACCELSEL_API int accelsel_cluster_model_algorithm(const accelsel_cluster_model *m)
{
    return m ? m->algorithm : asel_einval("accelsel_cluster_model_algorithm", "m");
}

ACCELSEL_API size_t accelsel_cluster_model_k(const accelsel_cluster_model *m)
{
    return m ? m->k : 0;
}

ACCELSEL_API size_t accelsel_cluster_model_n_rows(const accelsel_cluster_model *m)
{
    return m ? m->n : 0;
}

ACCELSEL_API size_t accelsel_cluster_model_dim(const accelsel_cluster_model *m)
{
    return m ? m->d : 0;
}

ACCELSEL_API const uint32_t *accelsel_cluster_model_labels(const accelsel_cluster_model *m)
{
    return m ? m->labels : NULL;
}

ACCELSEL_API const size_t *accelsel_cluster_model_row_index(const accelsel_cluster_model *m)
{
    return m ? m->row_index : NULL;
}

ACCELSEL_API const double *accelsel_cluster_model_centroids(const accelsel_cluster_model *m)
{
    return m ? m->centroids : NULL;
}

ACCELSEL_API const double *
accelsel_cluster_model_centroids_original(const accelsel_cluster_model *m)
{
    return m ? m->centroids_orig : NULL;
}

ACCELSEL_API const accelsel_features *
accelsel_cluster_model_features(const accelsel_cluster_model *m)
{
    return m ? m->features : NULL;
}

ACCELSEL_API double accelsel_cluster_model_inertia(const accelsel_cluster_model *m)
{
    return m ? m->inertia : NAN;
}

ACCELSEL_API uint32_t accelsel_cluster_model_n_iter(const accelsel_cluster_model *m)
{
    return m ? m->n_iter : 0;
}

ACCELSEL_API double accelsel_cluster_model_silhouette(const accelsel_cluster_model *m)
{
    return m ? m->silhouette : NAN;
}

ACCELSEL_API double accelsel_cluster_model_calinski_harabasz(const accelsel_cluster_model *m)
{
    return m ? m->ch : NAN;
}

ACCELSEL_API double accelsel_cluster_model_davies_bouldin(const accelsel_cluster_model *m)
{
    return m ? m->db : NAN;
}

ACCELSEL_API size_t accelsel_cluster_model_n_merges(const accelsel_cluster_model *m)
{
    return m ? m->n_merges : 0;
}

ACCELSEL_API int accelsel_cluster_model_merge(const accelsel_cluster_model *m, size_t i, size_t *a,
                                              size_t *b, double *height, size_t *size)
{
    static const char fn[] = "accelsel_cluster_model_merge";
    if (m == NULL)
        return asel_einval(fn, "m");
    if (i >= m->n_merges)
        return asel_error(ACCELSEL_EINVAL, "%s: merge %zu of %zu%s", fn, i, m->n_merges,
                          m->algorithm == ACCELSEL_CLUSTER_WARD ? "" : " (not a Ward model)");
    const asel_ward_merge *g = &m->merges[i];
    if (a != NULL)
        *a = g->a;
    if (b != NULL)
        *b = g->b;
    if (height != NULL)
        *height = g->height;
    if (size != NULL)
        *size = g->size;
    return 0;
}

ACCELSEL_API const accelsel_dataset *
accelsel_cluster_model_profiles(const accelsel_cluster_model *m)
{
    return m ? m->profiles : NULL;
}
