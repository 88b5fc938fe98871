#include "learn/correlation.h"

#include <math.h>
#include <stdlib.h>

#include "accelsel/common.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/scale.h"

typedef struct ranked {
    double v;
    size_t i;
} ranked;

static int cmp_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->v != y->v)
        return x->v < y->v ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

int asel_rank_average(const double *v, size_t n, size_t stride, double *ranks)
{
    ranked *r;
    if (asel_alloc_array(&r, n, sizeof *r) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < n; i++)
        r[i] = (ranked){v[i * stride], i};
    qsort(r, n, sizeof *r, cmp_ranked);
    for (size_t lo = 0; lo < n;) {
        size_t hi = lo + 1;
        while (hi < n && r[hi].v == r[lo].v)
            hi++;
        /* Positions lo+1 .. hi (1-based) share their mean. */
        double avg = 0.5 * ((double)(lo + 1) + (double)hi);
        for (size_t k = lo; k < hi; k++)
            ranks[r[k].i] = avg;
        lo = hi;
    }
    asel_free(r);
    return 0;
}

double asel_centre_scaled(const double *v, size_t n, size_t stride, double *out, size_t out_stride,
                          double *unit_out)
{
    double unit = asel_column_unit(v, n, stride), sum = 0.0, ss = 0.0;
    for (size_t r = 0; r < n; r++)
        sum += v[r * stride] / unit;
    double mean = sum / (double)n;
    for (size_t r = 0; r < n; r++) {
        double c = v[r * stride] / unit - mean;
        out[r * out_stride] = c;
        ss += c * c;
    }
    if (unit_out != NULL)
        *unit_out = unit;
    return ss;
}

static double dot(const double *a, const double *b, size_t n)
{
    double s = 0.0;
    for (size_t r = 0; r < n; r++)
        s += a[r] * b[r];
    return s;
}

int asel_pearson_matrix(const double *x, size_t n, size_t p, double *out)
{
    /* Columns one after another, so that the pair sums run over contiguous
     * memory; the diagonal holds the sums of squares until the pairs are done. */
    double *c = asel_calloc(n * p == 0 ? 1 : n * p, sizeof *c);
    if (c == NULL)
        return asel_enomem();
    for (size_t i = 0; i < p; i++)
        out[i * p + i] = asel_centre_scaled(x + i, n, p, c + i * n, 1, NULL);
    for (size_t i = 0; i < p; i++) {
        double sii = out[i * p + i];
        for (size_t j = i + 1; j < p; j++) {
            double sjj = out[j * p + j];
            double rho = dot(c + i * n, c + j * n, n) / sqrt(sii * sjj);
            /* Rounding can carry |rho| a hair past 1; numpy clips the same way. */
            if (rho > 1.0)
                rho = 1.0;
            else if (rho < -1.0)
                rho = -1.0;
            out[i * p + j] = out[j * p + i] = (sii > 0.0 && sjj > 0.0) ? rho : NAN;
        }
    }
    for (size_t i = 0; i < p; i++)
        out[i * p + i] = out[i * p + i] > 0.0 ? 1.0 : NAN;
    asel_free(c);
    return 0;
}

int asel_spearman_matrix(const double *x, size_t n, size_t p, double *out)
{
    double *ranks = asel_calloc(n * p == 0 ? 1 : n * p, sizeof *ranks);
    double *col = asel_calloc(n == 0 ? 1 : n, sizeof *col);
    int rc = (ranks == NULL || col == NULL) ? asel_enomem() : 0;
    for (size_t j = 0; rc == 0 && j < p; j++) {
        rc = asel_rank_average(x + j, n, p, col);
        for (size_t r = 0; rc == 0 && r < n; r++)
            ranks[r * p + j] = col[r];
    }
    if (rc == 0)
        rc = asel_pearson_matrix(ranks, n, p, out);
    asel_free(col);
    asel_free(ranks);
    return rc;
}
