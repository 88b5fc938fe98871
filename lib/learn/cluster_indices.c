/* The mean silhouette (exact, or on a seeded sample above silhouette_max
 * rows) and the indices a fitted model records. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/rng.h"
#include "learn/cluster_impl.h"
#include "learn/cluster_silhouette.h"

#define FN "accelsel_cluster_silhouette"

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return (x > y) - (x < y);
}

/* The silhouette of @p m rows drawn without replacement (partial
 * Fisher-Yates from stream (seed, 0)), taken in row order. NaN when they
 * hold fewer than 2 or more than m - 1 clusters: the sample's silhouette is
 * then undefined, though the data's labels are fine (two rows, say, are
 * always one cluster or two). */
static int sampled(const double *x, size_t n, size_t d, const uint32_t *labels, size_t m,
                   const accelsel_cluster_options *o, const asel_cl_progress *p, double *out)
{
    size_t *idx = NULL;
    double *xs = NULL;
    uint32_t *ls = NULL;
    int rc;
    if ((rc = asel_alloc_array(&idx, n, sizeof *idx)) != 0 ||
        (rc = asel_alloc_array(&xs, m * d, sizeof *xs)) != 0 ||
        (rc = asel_alloc_array(&ls, m, sizeof *ls)) != 0)
        goto done;
    asel_rng rng;
    asel_rng_stream(&rng, o->seed, 0);
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    for (size_t i = 0; i < m; i++) {
        size_t j = i + (size_t)asel_rng_below(&rng, n - i), t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
    }
    qsort(idx, m, sizeof *idx, cmp_size);
    for (size_t i = 0; i < m; i++) {
        memcpy(xs + i * d, x + idx[i] * d, d * sizeof *xs);
        ls[i] = labels[idx[i]];
    }
    asel_labelling l;
    if ((rc = asel_labelling_summarise(FN " (sample)", xs, m, d, ls, &l)) == 0) {
        if (asel_labelling_defined(&l, m))
            rc = asel_silhouette_exact(xs, m, d, ls, &l, o->n_threads, p, out);
        else
            *out = NAN;
        asel_labelling_free(&l);
    }
done:
    asel_free(idx);
    asel_free(xs);
    asel_free(ls);
    return rc;
}

static int silhouette(const double *x, size_t n, size_t d, const uint32_t *labels,
                      const accelsel_cluster_options *o, const asel_cl_progress *p, double *out)
{
    asel_labelling l;
    int rc = asel_labelling_make(FN, x, n, d, labels, &l);
    if (rc != 0)
        return rc;
    if (n <= o->silhouette_max)
        rc = asel_silhouette_exact(x, n, d, labels, &l, o->n_threads, p, out);
    else
        rc = sampled(x, n, d, labels, (size_t)o->silhouette_max, o, p, out);
    asel_labelling_free(&l);
    return rc;
}

ACCELSEL_API int accelsel_cluster_silhouette(const double *x, size_t n, size_t d,
                                             const uint32_t *labels,
                                             const accelsel_cluster_options *opts, double *out)
{
    if (out == NULL)
        return asel_einval(FN, "out");
    accelsel_cluster_options o;
    int rc = asel_cluster_resolve(FN, opts, &o);
    if (rc != 0)
        return rc;
    asel_cl_progress p = asel_cluster_progress(&o);
    return silhouette(x, n, d, labels, &o, &p, out);
}

/* Whether the labels make 2 to n - 1 non-empty clusters (else the indices
 * are undefined and recorded as NaN). */
static int indices_defined(const accelsel_cluster_model *m)
{
    size_t used = 0;
    unsigned char *seen = NULL;
    if (asel_alloc_array(&seen, m->k, 1) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < m->n; i++) {
        used += !seen[m->labels[i]];
        seen[m->labels[i]] = 1;
    }
    asel_free(seen);
    return used >= 2 && used + 1 <= m->n;
}

int asel_cluster_indices(accelsel_cluster_model *m, const double *x,
                         const accelsel_cluster_options *o, const asel_cl_progress *p)
{
    m->silhouette = m->ch = m->db = NAN;
    int rc = 0;
    if (isnan(m->inertia)) /* k-means has it already */
        rc = asel_km_inertia(x, m->n, m->d, m->centroids, m->labels, o->n_threads, &m->inertia);
    if (rc != 0 || !o->indices)
        return rc;
    int defined = indices_defined(m);
    if (defined <= 0)
        return defined;
    if ((rc = silhouette(x, m->n, m->d, m->labels, o, p, &m->silhouette)) == 0 &&
        (rc = accelsel_cluster_calinski_harabasz(x, m->n, m->d, m->labels, &m->ch)) == 0)
        rc = accelsel_cluster_davies_bouldin(x, m->n, m->d, m->labels, &m->db);
    return rc;
}
