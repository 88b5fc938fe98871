/* Kraskov-Stoegbauer-Grassberger estimator 1 (Phys. Rev. E 69, 066138,
 * 2004), computed as scikit-learn's _compute_mi_cc: eps_i is the max-norm
 * distance to the k-th neighbour of point i in the joint space, nx_i and
 * ny_i count the other points strictly closer than eps_i in each marginal,
 * and I = psi(n) + psi(k) - <psi(nx + 1)> - <psi(ny + 1)>. */
#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/mutual_info.h"

typedef struct point {
    double x, y;
} point;

static int cmp_point(const void *a, const void *b)
{
    const point *p = a, *q = b;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    return (p->y > q->y) - (p->y < q->y);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Insert @p d into the ascending list best[0..*have-1] kept to @p k entries. */
static void keep_smallest(double *best, size_t *have, size_t k, double d)
{
    if (*have == k && d >= best[k - 1])
        return;
    size_t i = *have < k ? (*have)++ : k - 1;
    while (i > 0 && best[i - 1] > d) {
        best[i] = best[i - 1];
        i--;
    }
    best[i] = d;
}

/* Distance from pts[q] to its k-th nearest other point: walk outward in x
 * order and stop once the x gap alone reaches the k-th best distance. */
static double kth_distance(const point *pts, size_t n, size_t q, size_t k, double *best)
{
    size_t have = 0, lo = q, hi = q + 1;
    for (;;) {
        double dl = lo > 0 ? pts[q].x - pts[lo - 1].x : INFINITY;
        double dr = hi < n ? pts[hi].x - pts[q].x : INFINITY;
        double dx = dl < dr ? dl : dr;
        if (isinf(dx) || (have == k && dx >= best[k - 1]))
            break;
        size_t j = dl < dr ? --lo : hi++;
        double dy = fabs(pts[j].y - pts[q].y);
        keep_smallest(best, &have, k, dx > dy ? dx : dy);
    }
    return best[k - 1];
}

/* Number of sorted values v[0..n-1] with |v - c| <= r, the comparison done
 * on the computed difference as a k-d tree query does. */
static size_t count_within(const double *v, size_t n, double c, double r)
{
    size_t lo = 0, hi = n;
    while (lo < hi) { /* first index with v >= c or c - v <= r */
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] >= c || c - v[mid] <= r)
            hi = mid;
        else
            lo = mid + 1;
    }
    size_t first = lo;
    hi = n;
    while (lo < hi) { /* first index with v > c and v - c > r */
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] > c && v[mid] - c > r)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo - first;
}

static double ksg_sum(const point *pts, const double *xs, const double *ys, size_t n, size_t k,
                      double *best)
{
    double sx = 0.0, sy = 0.0;
    for (size_t q = 0; q < n; q++) {
        double r = nextafter(kth_distance(pts, n, q, k, best), 0.0);
        sx += asel_digamma((double)count_within(xs, n, pts[q].x, r));
        sy += asel_digamma((double)count_within(ys, n, pts[q].y, r));
    }
    double mi = asel_digamma((double)n) + asel_digamma((double)k) - sx / (double)n - sy / (double)n;
    return mi > 0.0 ? mi : 0.0;
}

int asel_mi_ksg(const double *x, size_t stride, const double *y, size_t n, size_t k, double *mi)
{
    point *pts = NULL;
    double *xs = NULL, *ys = NULL, *best = NULL;
    int rc = asel_alloc_array(&pts, n, sizeof *pts);
    if (rc == 0)
        rc = asel_alloc_array(&xs, n, sizeof *xs);
    if (rc == 0)
        rc = asel_alloc_array(&ys, n, sizeof *ys);
    if (rc == 0)
        rc = asel_alloc_array(&best, k, sizeof *best);
    if (rc == 0) {
        for (size_t i = 0; i < n; i++)
            pts[i] = (point){x[i * stride], y[i]};
        qsort(pts, n, sizeof *pts, cmp_point);
        for (size_t i = 0; i < n; i++) {
            xs[i] = pts[i].x;
            ys[i] = pts[i].y;
        }
        qsort(ys, n, sizeof *ys, cmp_double);
        /* Counts include the point itself: count = n_x + 1, as psi wants. */
        *mi = ksg_sum(pts, xs, ys, n, k, best);
    }
    asel_free(best);
    asel_free(ys);
    asel_free(xs);
    asel_free(pts);
    return rc;
}
