/* PCA through the eigendecomposition of the covariance matrix (LAPACK
 * dsyevd), which keeps memory at p x p plus a bounded block of rows however
 * many rows there are. */
#include <cblas.h>
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/lapack.h"
#include "learn/pca.h"

/* Rows centred and fed to dsyrk at a time. */
#define PCA_BLOCK_ROWS 1024
/* dsyevd needs 1 + 6p + 2p^2 doubles of workspace, counted in an int. */
#define PCA_MAX_FEATURES 32000

static void column_means(const double *x, size_t n, size_t p, double *mean)
{
    for (size_t j = 0; j < p; j++)
        mean[j] = 0.0;
    for (size_t r = 0; r < n; r++)
        for (size_t j = 0; j < p; j++)
            mean[j] += x[r * p + j];
    for (size_t j = 0; j < p; j++)
        mean[j] /= (double)n;
}

static size_t centre_block(const double *x, size_t n, size_t p, const double *mean, size_t r0,
                           double *block)
{
    size_t rows = n - r0 < PCA_BLOCK_ROWS ? n - r0 : PCA_BLOCK_ROWS;
    for (size_t r = 0; r < rows; r++)
        for (size_t j = 0; j < p; j++)
            block[r * p + j] = x[(r0 + r) * p + j] - mean[j];
    return rows;
}

/* Upper triangle (row-major) of X_c' X_c / (n - 1), in blocks of rows. */
static void covariance(const double *x, size_t n, size_t p, const double *mean, double *block,
                       double *cov)
{
    for (size_t r0 = 0; r0 < n; r0 += PCA_BLOCK_ROWS) {
        size_t rows = centre_block(x, n, p, mean, r0, block);
        cblas_dsyrk(CblasRowMajor, CblasUpper, CblasTrans, (int)p, (int)rows,
                    1.0 / (double)(n - 1), block, (int)p, r0 == 0 ? 0.0 : 1.0, cov, (int)p);
    }
}

/* Eigenvalues ascending into w, eigenvectors into cov's storage: column-major
 * for LAPACK, so eigenvector k is cov[k*p .. k*p+p-1]. The row-major upper
 * triangle dsyrk wrote is LAPACK's column-major lower one. */
static int eigen(double *cov, size_t p, double *w)
{
    int n = (int)p, info = 0, lwork = -1, liwork = -1, iwork_query = 0;
    double work_query = 0.0;
    dsyevd_("V", "L", &n, cov, &n, w, &work_query, &lwork, &iwork_query, &liwork, &info, 1, 1);
    if (info != 0)
        return asel_error(ACCELSEL_EINFEASIBLE, "pca: LAPACK dsyevd workspace query failed (info %d)", info);
    lwork = (int)work_query;
    liwork = iwork_query;
    double *work = asel_malloc((size_t)lwork * sizeof *work);
    int *iwork = asel_malloc((size_t)liwork * sizeof *iwork);
    int rc = 0;
    if (work == NULL || iwork == NULL)
        rc = asel_enomem();
    else {
        dsyevd_("V", "L", &n, cov, &n, w, work, &lwork, iwork, &liwork, &info, 1, 1);
        if (info != 0)
            rc = asel_error(ACCELSEL_EINFEASIBLE, "pca: LAPACK dsyevd did not converge (info %d)", info);
    }
    asel_free(work);
    asel_free(iwork);
    return rc;
}

/* scikit-learn's svd_flip (u-based, as in scikit-learn 1.2's PCA): each
 * component's sign makes the largest-magnitude score over the fitting rows
 * positive (the first such row on ties), so that components and loadings
 * compare with its output. Scores come a block of rows at a time from dgemm;
 * @p scores holds PCA_BLOCK_ROWS x k, @p best 2 x k doubles. */
static void flip_signs(accelsel_pca *pca, const double *x, double *block, double *scores,
                       double *best)
{
    size_t n = pca->n_samples, p = pca->n_features, k = pca->n_components;
    double *best_abs = best, *best_score = best + k;
    for (size_t c = 0; c < k; c++)
        best_abs[c] = -1.0;
    for (size_t r0 = 0; r0 < n; r0 += PCA_BLOCK_ROWS) {
        size_t rows = centre_block(x, n, p, pca->mean, r0, block);
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)rows, (int)k, (int)p, 1.0, block,
                    (int)p, pca->components, (int)p, 0.0, scores, (int)k);
        for (size_t r = 0; r < rows; r++)
            for (size_t c = 0; c < k; c++)
                if (fabs(scores[r * k + c]) > best_abs[c]) {
                    best_abs[c] = fabs(scores[r * k + c]);
                    best_score[c] = scores[r * k + c];
                }
    }
    for (size_t c = 0; c < k; c++)
        if (best_score[c] < 0.0)
            for (size_t j = 0; j < p; j++)
                pca->components[c * p + j] = -pca->components[c * p + j];
}

static int alloc_pca(accelsel_pca **out, size_t n, size_t p, size_t k)
{
    accelsel_pca *pca = asel_calloc(1, sizeof *pca);
    if (pca == NULL)
        return asel_enomem();
    *pca = (accelsel_pca){.n_samples = n, .n_features = p, .n_components = k};
    pca->mean = asel_calloc(p, sizeof *pca->mean);
    pca->components = asel_calloc(k * p, sizeof *pca->components);
    pca->loadings = asel_calloc(k * p, sizeof *pca->loadings);
    pca->variance = asel_calloc(k, sizeof *pca->variance);
    pca->ratio = asel_calloc(k, sizeof *pca->ratio);
    *out = pca;
    if (!pca->mean || !pca->components || !pca->loadings || !pca->variance || !pca->ratio)
        return asel_enomem();
    return 0;
}

static void fill_components(accelsel_pca *pca, const double *vectors, const double *w)
{
    size_t p = pca->n_features;
    pca->total_variance = 0.0;
    for (size_t j = 0; j < p; j++)
        pca->total_variance += w[j] > 0.0 ? w[j] : 0.0;
    for (size_t c = 0; c < pca->n_components; c++) {
        size_t e = p - 1 - c; /* LAPACK sorts ascending */
        /* Round-off can leave a null direction a hair below zero. */
        pca->variance[c] = w[e] > 0.0 ? w[e] : 0.0;
        pca->ratio[c] = pca->variance[c] / pca->total_variance;
        for (size_t j = 0; j < p; j++)
            pca->components[c * p + j] = vectors[e * p + j];
    }
}

static void fill_loadings(accelsel_pca *pca)
{
    size_t p = pca->n_features;
    for (size_t c = 0; c < pca->n_components; c++)
        for (size_t j = 0; j < p; j++)
            pca->loadings[c * p + j] = pca->components[c * p + j] * sqrt(pca->variance[c]);
}

int asel_pca_fit(accelsel_pca **out, const double *x, size_t n, size_t p, size_t k)
{
    *out = NULL;
    if (p > PCA_MAX_FEATURES)
        return asel_error(ACCELSEL_ERANGE, "pca: %zu columns is more than LAPACK can take", p);
    accelsel_pca *pca = NULL;
    size_t block_rows = n < PCA_BLOCK_ROWS ? n : PCA_BLOCK_ROWS;
    double *cov = asel_calloc(p * p, sizeof *cov);
    double *w = asel_calloc(p, sizeof *w);
    double *block = asel_calloc(block_rows * p, sizeof *block);
    double *scores = asel_calloc(block_rows * k, sizeof *scores);
    double *best = asel_calloc(2 * k, sizeof *best);
    int rc = (!cov || !w || !block || !scores || !best) ? asel_enomem() : alloc_pca(&pca, n, p, k);
    if (rc == 0) {
        column_means(x, n, p, pca->mean);
        covariance(x, n, p, pca->mean, block, cov);
        rc = eigen(cov, p, w);
    }
    if (rc == 0) {
        fill_components(pca, cov, w);
        if (!(pca->total_variance > 0.0))
            rc = asel_error(ACCELSEL_EDATA, "pca: every column is constant (total variance 0)");
    }
    if (rc == 0) {
        flip_signs(pca, x, block, scores, best);
        fill_loadings(pca);
        *out = pca;
    } else {
        accelsel_pca_free(pca);
    }
    asel_free(cov);
    asel_free(w);
    asel_free(block);
    asel_free(scores);
    asel_free(best);
    return rc;
}

void asel_pca_project(const accelsel_pca *pca, const double *x, size_t n, double *out)
{
    size_t p = pca->n_features, k = pca->n_components;
    for (size_t r = 0; r < n; r++)
        for (size_t c = 0; c < k; c++) {
            double t = 0.0;
            for (size_t j = 0; j < p; j++)
                t += (x[r * p + j] - pca->mean[j]) * pca->components[c * p + j];
            out[r * k + c] = t;
        }
}
