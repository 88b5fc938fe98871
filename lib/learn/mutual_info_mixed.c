/* Ross's estimator of the mutual information between a discrete and a
 * continuous variable (PLoS ONE 9(2): e87357, 2014), computed as
 * scikit-learn's _compute_mi_cd: for point i with label L (N_L points),
 * d_i is the distance to its k-th nearest neighbour among the points
 * labelled L (k = min(n_neighbors, N_L - 1)), m_i counts all points (itself
 * included) closer than d_i, and
 * I = psi(N) + <psi(k)> - <psi(N_L)> - <psi(m)> over points whose label is
 * not unique. Distances are compared as squares, as the Euclidean k-d tree
 * of scikit-learn compares them. */
#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/mutual_info.h"

typedef struct labelled {
    double label, c;
} labelled;

static int cmp_labelled(const void *a, const void *b)
{
    const labelled *p = a, *q = b;
    if (p->label != q->label)
        return p->label < q->label ? -1 : 1;
    return (p->c > q->c) - (p->c < q->c);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* k-th nearest other value to v[q] in the sorted group v[0..n-1]. */
static double kth_in_group(const double *v, size_t n, size_t q, size_t k)
{
    size_t lo = q, hi = q + 1;
    double d = 0.0;
    for (size_t found = 0; found < k; found++) {
        double dl = lo > 0 ? v[q] - v[lo - 1] : INFINITY;
        double dr = hi < n ? v[hi] - v[q] : INFINITY;
        d = dl <= dr ? dl : dr;
        if (dl <= dr)
            lo--;
        else
            hi++;
    }
    return d;
}

/* Number of sorted values v with (v - c)^2 <= r2. */
static size_t count_within_sq(const double *v, size_t n, double c, double r2)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        double d = c - v[mid];
        if (v[mid] >= c || d * d <= r2)
            hi = mid;
        else
            lo = mid + 1;
    }
    size_t first = lo;
    hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        double d = v[mid] - c;
        if (v[mid] > c && d * d > r2)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo - first;
}

/* Sums of psi(k), psi(N_L) and psi(m) over the points of the group pts[0..g-1]
 * (sorted by value in @p v), against all kept values @p all (sorted). */
static void group_terms(const double *v, size_t g, size_t k_max, const double *all, size_t n_all,
                        double *sums)
{
    size_t k = k_max < g - 1 ? k_max : g - 1;
    for (size_t q = 0; q < g; q++) {
        double r = nextafter(kth_in_group(v, g, q, k), 0.0);
        sums[0] += asel_digamma((double)k);
        sums[1] += asel_digamma((double)g);
        sums[2] += asel_digamma((double)count_within_sq(all, n_all, v[q], r * r));
    }
}

static double mixed_estimate(const labelled *pts, size_t n, size_t k, double *v, double *all)
{
    size_t n_all = 0;
    for (size_t a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && pts[b].label == pts[a].label;)
            b++;
        for (size_t i = a; b - a > 1 && i < b; i++)
            all[n_all++] = pts[i].c;
    }
    if (n_all == 0)
        return 0.0;
    qsort(all, n_all, sizeof *all, cmp_double);
    double sums[3] = {0.0, 0.0, 0.0};
    for (size_t a = 0, b; a < n; a = b) {
        for (b = a + 1; b < n && pts[b].label == pts[a].label;)
            b++;
        if (b - a < 2)
            continue;
        for (size_t i = a; i < b; i++)
            v[i - a] = pts[i].c;
        group_terms(v, b - a, k, all, n_all, sums);
    }
    double m = (double)n_all;
    double mi = asel_digamma(m) + sums[0] / m - sums[1] / m - sums[2] / m;
    return mi > 0.0 ? mi : 0.0;
}

int asel_mi_mixed(const double *d, size_t stride, const double *c, size_t n, size_t k, double *mi)
{
    labelled *pts = NULL;
    double *v = NULL, *all = NULL;
    int rc = asel_alloc_array(&pts, n, sizeof *pts);
    if (rc == 0)
        rc = asel_alloc_array(&v, n, sizeof *v);
    if (rc == 0)
        rc = asel_alloc_array(&all, n, sizeof *all);
    if (rc == 0) {
        for (size_t i = 0; i < n; i++)
            pts[i] = (labelled){d[i * stride], c[i]};
        qsort(pts, n, sizeof *pts, cmp_labelled);
        *mi = mixed_estimate(pts, n, k, v, all);
    }
    asel_free(all);
    asel_free(v);
    asel_free(pts);
    return rc;
}
