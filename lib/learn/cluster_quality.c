/* Calinski-Harabasz and Davies-Bouldin indices (as sklearn.metrics computes
 * them), the elbow of a curve, and the checks all indices share. */
#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "accelsel/cluster.h"
#include "core/alloc.h"
#include "core/error.h"
#include "learn/cluster_quality.h"
#include "core/scale.h"

double asel_value_bound(size_t n, size_t d)
{
    /* A squared distance of d columns, summed over n rows (inertia, a Ward
     * height), stays finite when every |value| is within this bound. */
    return 0.5 * sqrt(DBL_MAX / ((double)n * (double)d));
}

int asel_check_finite(const char *fn, int code, const double *x, size_t n, size_t d)
{
    double bound = asel_value_bound(n, d);
    for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < d; c++) {
            double v = x[i * d + c];
            if (!isfinite(v))
                return asel_error(code, "%s: row %zu column %zu is %s", fn, i, c,
                                  isnan(v) ? "NaN" : "infinite");
            if (fabs(v) > bound)
                return asel_error(code,
                                  "%s: row %zu column %zu is %g, beyond %.3g: squared "
                                  "distances would overflow (standardise the columns first)",
                                  fn, i, c, v, bound);
        }
    return 0;
}

static int check_args(const char *fn, const double *x, size_t n, size_t d, const uint32_t *labels)
{
    if (x == NULL || labels == NULL)
        return asel_einval(fn, x == NULL ? "x" : "labels");
    if (d == 0 || d > INT_MAX)
        return asel_error(ACCELSEL_EINVAL, "%s: d = %zu columns is out of range", fn, d);
    if (n == 0)
        return asel_error(ACCELSEL_EEMPTY, "%s: no rows", fn);
    for (size_t i = 0; i < n; i++)
        if (labels[i] >= n)
            return asel_error(ACCELSEL_EINVAL, "%s: label %u of row %zu is not below the %zu rows",
                              fn, labels[i], i, n);
    return asel_check_finite(fn, ACCELSEL_EDATA, x, n, d);
}

void asel_labelling_free(asel_labelling *l)
{
    asel_free(l->count);
    asel_free(l->mean);
    l->count = NULL;
    l->mean = NULL;
}

int asel_labelling_summarise(const char *fn, const double *x, size_t n, size_t d,
                             const uint32_t *labels, asel_labelling *out)
{
    *out = (asel_labelling){0};
    int rc = check_args(fn, x, n, d, labels);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < n; i++)
        out->k = labels[i] + 1 > out->k ? labels[i] + 1 : out->k;
    if ((rc = asel_alloc_array(&out->count, out->k, sizeof(size_t))) != 0 ||
        (rc = asel_alloc_array(&out->mean, out->k * d, sizeof(double))) != 0) {
        asel_labelling_free(out);
        return rc;
    }
    for (size_t i = 0; i < n; i++) {
        out->count[labels[i]]++;
        for (size_t c = 0; c < d; c++)
            out->mean[labels[i] * d + c] += x[i * d + c];
    }
    for (size_t j = 0; j < out->k; j++) {
        out->n_nonempty += out->count[j] != 0;
        for (size_t c = 0; out->count[j] && c < d; c++)
            out->mean[j * d + c] /= (double)out->count[j];
    }
    return 0;
}

int asel_labelling_defined(const asel_labelling *l, size_t n)
{
    return l->n_nonempty >= 2 && l->n_nonempty + 1 <= n;
}

int asel_labelling_make(const char *fn, const double *x, size_t n, size_t d, const uint32_t *labels,
                        asel_labelling *out)
{
    int rc = asel_labelling_summarise(fn, x, n, d, labels, out);
    if (rc == 0 && !asel_labelling_defined(out, n)) {
        rc = asel_error(ACCELSEL_EDATA,
                        "%s: %zu clusters with rows among %zu rows: needs 2 to n - 1", fn,
                        out->n_nonempty, n);
        asel_labelling_free(out);
    }
    return rc;
}

ACCELSEL_API int accelsel_cluster_calinski_harabasz(const double *x, size_t n, size_t d,
                                                    const uint32_t *labels, double *out)
{
    static const char fn[] = "accelsel_cluster_calinski_harabasz";
    if (out == NULL)
        return asel_einval(fn, "out");
    asel_labelling l;
    int rc = asel_labelling_make(fn, x, n, d, labels, &l);
    if (rc != 0)
        return rc;
    double extra = 0, intra = 0;
    for (size_t c = 0; c < d; c++) {
        double all = 0;
        for (size_t i = 0; i < n; i++)
            all += x[i * d + c];
        all /= (double)n;
        for (size_t j = 0; j < l.k; j++)
            extra += (double)l.count[j] * (l.mean[j * d + c] - all) * (l.mean[j * d + c] - all);
    }
    for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < d; c++) {
            double diff = x[i * d + c] - l.mean[labels[i] * d + c];
            intra += diff * diff;
        }
    double q = (double)l.n_nonempty;
    *out = intra == 0 ? 1.0 : extra * ((double)n - q) / (intra * (q - 1.0));
    asel_labelling_free(&l);
    return 0;
}

static double dist(const double *a, const double *b, size_t d)
{
    double s = 0;
    for (size_t c = 0; c < d; c++)
        s += (a[c] - b[c]) * (a[c] - b[c]);
    return sqrt(s);
}

/* The Davies-Bouldin mean from per-cluster scatters, skipping empty clusters
 * and coinciding centroids; numpy's allclose(v, 0) (|v| <= 1e-8) on all
 * scatters or all centroid distances gives 0, as in scikit-learn. */
static double db_from_scatter(const asel_labelling *l, const double *s, size_t d)
{
    int all_s0 = 1, all_c0 = 1;
    for (size_t i = 0; i < l->k; i++)
        for (size_t j = 0; l->count[i] && j < l->k; j++)
            if (l->count[j]) {
                all_s0 &= s[i] <= 1e-8;
                all_c0 &= dist(l->mean + i * d, l->mean + j * d, d) <= 1e-8;
            }
    if (all_s0 || all_c0)
        return 0.0;
    double total = 0;
    for (size_t i = 0; i < l->k; i++) {
        double worst = 0;
        for (size_t j = 0; l->count[i] && j < l->k; j++) {
            double cd = dist(l->mean + i * d, l->mean + j * d, d);
            if (l->count[j] && cd != 0 && (s[i] + s[j]) / cd > worst)
                worst = (s[i] + s[j]) / cd;
        }
        total += worst;
    }
    return total / (double)l->n_nonempty;
}

ACCELSEL_API int accelsel_cluster_davies_bouldin(const double *x, size_t n, size_t d,
                                                 const uint32_t *labels, double *out)
{
    static const char fn[] = "accelsel_cluster_davies_bouldin";
    if (out == NULL)
        return asel_einval(fn, "out");
    asel_labelling l;
    int rc = asel_labelling_make(fn, x, n, d, labels, &l);
    double *s = NULL;
    if (rc == 0 && (rc = asel_alloc_array(&s, l.k, sizeof *s)) == 0) {
        for (size_t i = 0; i < n; i++)
            s[labels[i]] += dist(x + i * d, l.mean + labels[i] * d, d);
        for (size_t j = 0; j < l.k; j++)
            s[j] = l.count[j] ? s[j] / (double)l.count[j] : 0;
        *out = db_from_scatter(&l, s, d);
    }
    asel_free(s);
    asel_labelling_free(&l);
    return rc;
}

/* Points that are not finite or k that does not increase, named. */
static int check_curve(const char *fn, const double *k, const double *values, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(values[i]) || !isfinite(k[i]))
            return asel_error(ACCELSEL_EDATA, "%s: point %zu is not finite", fn, i);
        if (i > 0 && !(k[i] > k[i - 1]))
            return asel_error(ACCELSEL_EINVAL, "%s: k is not increasing at point %zu", fn, i);
    }
    return 0;
}

ACCELSEL_API int accelsel_cluster_elbow(const double *k, const double *values, size_t n,
                                        size_t *index)
{
    static const char fn[] = "accelsel_cluster_elbow";
    if (k == NULL || values == NULL || index == NULL)
        return asel_einval(fn, k == NULL ? "k" : values == NULL ? "values" : "index");
    if (n < 3)
        return asel_error(ACCELSEL_EINVAL, "%s: %zu points: the elbow needs at least 3", fn, n);
    int rc = check_curve(fn, k, values, n);
    if (rc != 0)
        return rc;
    /* Each axis in its own unit first: a range such as 1e308 - (-1e308)
     * would overflow, and every distance would be NaN. */
    double ku = asel_column_unit(k, n, 1), vu = asel_column_unit(values, n, 1);
    double vmin = INFINITY, vmax = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        vmin = fmin(vmin, values[i] / vu);
        vmax = fmax(vmax, values[i] / vu);
    }
    double span = vmax > vmin ? vmax - vmin : 1.0, kspan = k[n - 1] / ku - k[0] / ku;
    /* Scaled points (u, v); the chord runs from (0, v0) to (1, v1). */
    double v0 = (values[0] / vu - vmin) / span, v1 = (values[n - 1] / vu - vmin) / span;
    double len = sqrt(1.0 + (v1 - v0) * (v1 - v0)), best = -1;
    for (size_t i = 0; i < n; i++) {
        double u = (k[i] / ku - k[0] / ku) / kspan, v = (values[i] / vu - vmin) / span;
        double dd = fabs((v1 - v0) * u - (v - v0)) / len;
        if (dd > best) {
            best = dd;
            *index = i;
        }
    }
    return 0;
}
