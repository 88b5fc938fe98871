/* The public accelsel_pca API: argument checks and accessors around
 * asel_pca_fit(). */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/pca.h"

static int check_matrix(const double *x, size_t rows, size_t cols)
{
    for (size_t r = 0; r < rows; r++)
        for (size_t j = 0; j < cols; j++)
            if (!isfinite(x[r * cols + j]))
                return asel_error(ACCELSEL_EDATA, "accelsel_pca_fit: value %g at row %zu, column %zu is not finite",
                                  x[r * cols + j], r, j);
    return 0;
}

ACCELSEL_API int accelsel_pca_fit(accelsel_pca **out, const double *matrix, size_t rows,
                                  size_t cols, size_t n_components)
{
    if (out == NULL)
        return asel_einval("accelsel_pca_fit", "out");
    *out = NULL;
    if (matrix == NULL)
        return asel_einval("accelsel_pca_fit", "matrix");
    if (rows < 2 || cols == 0)
        return asel_error(ACCELSEL_EEMPTY, "accelsel_pca_fit: needs at least 2 rows and 1 column (got %zu x %zu)",
                          rows, cols);
    size_t max_k = rows < cols ? rows : cols;
    if (n_components > max_k)
        return asel_error(ACCELSEL_EINVAL, "accelsel_pca_fit: n_components %zu is more than min(rows, cols) = %zu",
                          n_components, max_k);
    int rc = check_matrix(matrix, rows, cols);
    return rc != 0 ? rc : asel_pca_fit(out, matrix, rows, cols, n_components ? n_components : max_k);
}

ACCELSEL_API size_t accelsel_pca_n_components(const accelsel_pca *pca)
{
    return pca ? pca->n_components : 0;
}

ACCELSEL_API size_t accelsel_pca_n_features(const accelsel_pca *pca)
{
    return pca ? pca->n_features : 0;
}

ACCELSEL_API const double *accelsel_pca_explained_variance(const accelsel_pca *pca)
{
    return pca ? pca->variance : NULL;
}

ACCELSEL_API const double *accelsel_pca_explained_variance_ratio(const accelsel_pca *pca)
{
    return pca ? pca->ratio : NULL;
}

ACCELSEL_API double accelsel_pca_total_variance(const accelsel_pca *pca)
{
    return pca ? pca->total_variance : NAN;
}

ACCELSEL_API const double *accelsel_pca_components(const accelsel_pca *pca)
{
    return pca ? pca->components : NULL;
}

ACCELSEL_API const double *accelsel_pca_loadings(const accelsel_pca *pca)
{
    return pca ? pca->loadings : NULL;
}

ACCELSEL_API const double *accelsel_pca_mean(const accelsel_pca *pca)
{
    return pca ? pca->mean : NULL;
}

ACCELSEL_API int accelsel_pca_transform(const accelsel_pca *pca, const double *matrix,
                                        size_t rows, size_t cols, double *out, size_t capacity)
{
    if (pca == NULL)
        return asel_einval("accelsel_pca_transform", "pca");
    if (matrix == NULL || out == NULL)
        return asel_einval("accelsel_pca_transform", matrix == NULL ? "matrix" : "out");
    if (cols != pca->n_features)
        return asel_error(ACCELSEL_EINVAL, "accelsel_pca_transform: cols is %zu, the fit had %zu",
                          cols, pca->n_features);
    if (rows > 0 && capacity / rows < pca->n_components)
        return asel_error(ACCELSEL_EINVAL, "accelsel_pca_transform: capacity %zu is less than %zu x %zu",
                          capacity, rows, pca->n_components);
    asel_pca_project(pca, matrix, rows, out);
    return 0;
}

ACCELSEL_API void accelsel_pca_free(accelsel_pca *pca)
{
    if (pca == NULL)
        return;
    asel_free(pca->mean);
    asel_free(pca->components);
    asel_free(pca->loadings);
    asel_free(pca->variance);
    asel_free(pca->ratio);
    asel_free(pca);
}
