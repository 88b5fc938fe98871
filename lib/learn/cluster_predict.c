/* Labelling new rows with a fitted model's nearest centroid. */
#include "core/alloc.h"
#include "core/error.h"
#include "learn/cluster_impl.h"
#include "learn/cluster_quality.h"

ACCELSEL_API int accelsel_cluster_model_predict(const accelsel_cluster_model *m, const double *x,
                                                size_t n, size_t d, uint32_t *labels)
{
    static const char fn[] = "accelsel_cluster_model_predict";
    if (m == NULL || x == NULL || labels == NULL)
        return asel_einval(fn, m == NULL ? "m" : x == NULL ? "x" : "labels");
    if (d != m->d)
        return asel_error(ACCELSEL_EINVAL, "%s: d = %zu but the model has %zu features", fn, d,
                          m->d);
    if (n == 0)
        return asel_error(ACCELSEL_EEMPTY, "%s: no rows", fn);
    int rc = asel_check_finite(fn, ACCELSEL_EDATA, x, n, d);
    if (rc != 0)
        return rc;
    return asel_km_assign(x, n, d, m->centroids, m->k, 1, labels);
}

ACCELSEL_API int accelsel_cluster_model_predict_dataset(const accelsel_cluster_model *m,
                                                        const accelsel_dataset *ds,
                                                        uint32_t *labels, size_t capacity,
                                                        size_t *n_out, size_t *row_index_out)
{
    static const char fn[] = "accelsel_cluster_model_predict_dataset";
    if (m == NULL || ds == NULL || labels == NULL || n_out == NULL)
        return asel_einval(fn, m == NULL        ? "m"
                               : ds == NULL     ? "ds"
                               : labels == NULL ? "labels"
                                                : "n_out");
    *n_out = 0;
    if (m->features == NULL)
        return asel_error(ACCELSEL_EINVAL, "%s: the model was fitted on a matrix: no features", fn);
    size_t nr = accelsel_dataset_rows(ds), n = 0;
    if (capacity < nr)
        return asel_error(ACCELSEL_EINVAL, "%s: capacity %zu is below the %zu rows", fn, capacity,
                          nr);
    double *x = NULL;
    int rc = asel_alloc_array(&x, nr * m->d, sizeof *x);
    if (rc == 0)
        rc = accelsel_features_transform(m->features, ds, x, nr * m->d, &n, row_index_out);
    if (rc == 0)
        rc = asel_km_assign(x, n, m->d, m->centroids, m->k, 1, labels);
    asel_free(x);
    if (rc == 0)
        *n_out = n;
    return rc;
}
