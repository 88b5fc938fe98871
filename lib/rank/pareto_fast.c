/* Pareto fronts of every row for one, two or three criteria without
 * comparing every pair.
 *
 * The rows are sorted best first, lexicographically (column 0, then 1,
 * then 2), and rows equal on every criterion are merged: they never dominate
 * each other and share a front. After the sort a row can only be dominated
 * by a row before it, and a row p is dominated by an earlier row q exactly
 * when q is at least as good as p on columns 1 and 2 (column 0 is, by the
 * order; q differs from p, so it is strictly better somewhere). The front of
 * p is one more than the highest front of the rows that dominate it
 * (Jensen, IEEE TEC 2003):
 * - two criteria: the fronts' best column-1 values so far decrease front by
 *   front, so a binary search over them finds p's front (sort and sweep,
 *   O(N log N));
 * - three criteria: the highest front over the earlier rows with both
 *   columns at least p's is a two-sided query, answered by divide and
 *   conquer over the sorted order with a Fenwick tree of prefix maxima over
 *   column 2 (O(N log^2 N)). */
#include <string.h>

#include "core/alloc.h"
#include "rank/rank_impl.h"

typedef struct sorted {
    const double *x;
    size_t k;
} sorted;

/* Better row first: higher column 0, then 1, then 2. */
static int better_first(size_t a, size_t b, const void *ctx)
{
    const sorted *s = ctx;
    const double *ra = s->x + a * s->k, *rb = s->x + b * s->k;
    for (size_t j = 0; j < s->k; j++)
        if (ra[j] != rb[j])
            return ra[j] > rb[j] ? -1 : 1;
    return a < b ? -1 : a > b;
}

static int equal_rows(const double *a, const double *b, size_t k)
{
    for (size_t j = 0; j < k; j++)
        if (a[j] != b[j])
            return 0;
    return 1;
}

/* Two criteria: best[f] is the highest column-1 value of front f + 1 so
 * far; it decreases with f. Returns the number of fronts. */
static size_t sweep2(const double *x, const size_t *u, size_t n, size_t *f, double *best)
{
    size_t fronts = 0;
    for (size_t i = 0; i < n; i++) {
        double y = x[u[i] * 2 + 1];
        size_t lo = 0, hi = fronts; /* first front whose best is below y */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (best[mid] >= y)
                lo = mid + 1;
            else
                hi = mid;
        }
        best[lo] = y;
        f[i] = lo + 1;
        fronts += lo == fronts;
    }
    return fronts;
}

/* Three criteria. @p yr and @p zr are dense ranks of columns 1 and 2 from
 * the best (0) down, so "at least as good" is "rank at most". */
typedef struct dc3 {
    const size_t *yr, *zr; /* by position in the sorted order */
    size_t *f;             /* front by position, 1 up */
    size_t *tree;          /* Fenwick tree over z rank: highest front at rank <= r */
    size_t n;
    size_t *a, *b, *tmp;   /* scratch of n positions */
} dc3;

static int by_y_rank(size_t p, size_t q, const void *ctx)
{
    const size_t *yr = ctx;
    return yr[p] != yr[q] ? (yr[p] < yr[q] ? -1 : 1) : (p < q ? -1 : p > q);
}

static void tree_raise(dc3 *d, size_t r, size_t v)
{
    for (size_t i = r + 1; i <= d->n; i += i & (~i + 1))
        if (d->tree[i] < v)
            d->tree[i] = v;
}

static void tree_clear(dc3 *d, size_t r)
{
    for (size_t i = r + 1; i <= d->n && d->tree[i] != 0; i += i & (~i + 1))
        d->tree[i] = 0;
}

static size_t tree_max(const dc3 *d, size_t r)
{
    size_t v = 0;
    for (size_t i = r + 1; i > 0; i -= i & (~i + 1))
        if (d->tree[i] > v)
            v = d->tree[i];
    return v;
}

/* Raise the fronts of positions [mid, hi) by those of [lo, mid), whose
 * fronts are final. */
static void combine(dc3 *d, size_t lo, size_t mid, size_t hi)
{
    size_t nl = mid - lo, nr = hi - mid;
    for (size_t i = 0; i < nl; i++)
        d->a[i] = lo + i;
    for (size_t i = 0; i < nr; i++)
        d->b[i] = mid + i;
    asel_sort_indices(d->a, d->tmp, nl, by_y_rank, d->yr);
    asel_sort_indices(d->b, d->tmp, nr, by_y_rank, d->yr);
    for (size_t i = 0, j = 0; j < nr; j++) {
        size_t p = d->b[j];
        for (; i < nl && d->yr[d->a[i]] <= d->yr[p]; i++)
            tree_raise(d, d->zr[d->a[i]], d->f[d->a[i]]);
        size_t above = tree_max(d, d->zr[p]);
        if (above + 1 > d->f[p])
            d->f[p] = above + 1;
    }
    for (size_t i = 0; i < nl; i++)
        tree_clear(d, d->zr[d->a[i]]);
}

static void solve3(dc3 *d, size_t lo, size_t hi)
{
    if (hi - lo < 2)
        return;
    size_t mid = lo + (hi - lo) / 2;
    solve3(d, lo, mid);
    combine(d, lo, mid, hi);
    solve3(d, mid, hi);
}

typedef struct column_view {
    const double *x;
    const size_t *u;
    size_t j;
} column_view;

/* Higher value of column j first. */
static int higher_in_column(size_t p, size_t q, const void *ctx)
{
    const column_view *c = ctx;
    double a = c->x[c->u[p] * 3 + c->j], b = c->x[c->u[q] * 3 + c->j];
    return a != b ? (a > b ? -1 : 1) : (p < q ? -1 : p > q);
}

/* Dense rank of column @p j of the sorted unique rows @p u, best first. */
static void dense_ranks(const double *x, const size_t *u, size_t n, size_t j, size_t *order,
                        size_t *tmp, size_t *rank)
{
    column_view c = {x, u, j};
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    asel_sort_indices(order, tmp, n, higher_in_column, &c);
    for (size_t i = 0, r = 0; i < n; i++) {
        if (i > 0 && x[u[order[i]] * 3 + j] != x[u[order[i - 1]] * 3 + j])
            r++;
        rank[order[i]] = r;
    }
}

/* Fronts of the @p n sorted unique rows @p u of three columns into @p f. */
static int fronts3(const double *x, const size_t *u, size_t n, size_t *f)
{
    size_t *w = NULL;
    if (asel_alloc_array(&w, 6 * n + 1, sizeof *w) != 0)
        return ACCELSEL_ENOMEM;
    dc3 d = {w, w + n, f, w + 2 * n, n, w + 3 * n + 1, w + 4 * n + 1, w + 5 * n + 1};
    size_t *yr = w, *zr = w + n;
    dense_ranks(x, u, n, 1, d.a, d.tmp, yr);
    dense_ranks(x, u, n, 2, d.a, d.tmp, zr);
    memset(d.tree, 0, (n + 1) * sizeof *d.tree);
    for (size_t i = 0; i < n; i++)
        f[i] = 1;
    solve3(&d, 0, n);
    asel_free(w);
    return 0;
}

int asel_pareto_fronts_fast(const double *x, size_t k, size_t m, size_t *front, size_t *n_fronts)
{
    if (k > 3) {
        size_t *w = NULL;
        if (asel_alloc_array(&w, 2 * m + 1, sizeof *w) != 0)
            return ACCELSEL_ENOMEM;
        *n_fronts = asel_pareto_fronts(x, k, NULL, m, front, w, w + m);
        asel_free(w);
        return 0;
    }
    /* idx: rows best first; u: one row of each run of equal rows; f: the
     * front of each entry of u; best: sweep2's scratch. */
    size_t *w = NULL;
    double *best = NULL;
    if (asel_alloc_array(&w, 4 * m + 1, sizeof *w) != 0 ||
        asel_alloc_array(&best, m + 1, sizeof *best) != 0) {
        asel_free(w);
        return ACCELSEL_ENOMEM;
    }
    size_t *idx = w, *tmp = w + m, *u = w + 2 * m, *f = w + 3 * m;
    sorted s = {x, k};
    for (size_t i = 0; i < m; i++)
        idx[i] = i;
    asel_sort_indices(idx, tmp, m, better_first, &s);
    size_t n = 0;
    for (size_t i = 0; i < m; i++)
        if (i == 0 || !equal_rows(x + idx[i] * k, x + idx[i - 1] * k, k))
            u[n++] = idx[i];
    int rc = 0;
    size_t fronts = n;
    if (k == 1)
        for (size_t i = 0; i < n; i++)
            f[i] = i + 1;
    else if (k == 2)
        fronts = sweep2(x, u, n, f, best);
    else
        rc = fronts3(x, u, n, f);
    if (rc == 0) {
        if (k == 3)
            for (size_t i = 0, fr = 0; i < n; i++)
                fronts = fr = f[i] > fr ? f[i] : fr;
        for (size_t i = 0, g = 0; i < m; i++) {
            if (i > 0 && !equal_rows(x + idx[i] * k, x + idx[i - 1] * k, k))
                g++;
            front[idx[i]] = f[g];
        }
        *n_fronts = fronts;
    }
    asel_free(w);
    asel_free(best);
    return rc;
}
