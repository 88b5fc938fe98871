/* Kendall's tau-b by Knight's (1966) O(n log n) method: sort by x (ties by y),
 * then merge-sort by y counting the swaps, which are the discordant pairs. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "rank/rank_impl.h"

typedef struct pair_ctx {
    const double *x;
    const double *y;
} pair_ctx;

static int by_x_then_y(size_t a, size_t b, const void *vctx)
{
    const pair_ctx *c = vctx;
    if (c->x[a] != c->x[b])
        return c->x[a] < c->x[b] ? -1 : 1;
    if (c->y[a] != c->y[b])
        return c->y[a] < c->y[b] ? -1 : 1;
    return 0;
}

static int by_y(size_t a, size_t b, const void *vctx)
{
    const pair_ctx *c = vctx;
    if (c->y[a] != c->y[b])
        return c->y[a] < c->y[b] ? -1 : 1;
    return 0;
}

/* Pairs tied on @p key (and on @p key2 too when it is not NULL), counted over
 * the runs of equal values in @p perm, which is sorted on those keys. */
static uint64_t tied_pairs(const size_t *perm, size_t n, const double *key, const double *key2)
{
    uint64_t pairs = 0, run = 1;
    for (size_t i = 1; i <= n; i++) {
        int same = i < n && key[perm[i]] == key[perm[i - 1]] &&
                   (key2 == NULL || key2[perm[i]] == key2[perm[i - 1]]);
        if (same) {
            run++;
        } else {
            pairs += run * (run - 1) / 2;
            run = 1;
        }
    }
    return pairs;
}

int asel_tau_b(const double *x, const double *y, size_t n, size_t *perm, size_t *tmp, double *tau)
{
    pair_ctx c = {x, y};
    for (size_t i = 0; i < n; i++)
        perm[i] = i;
    asel_sort_indices(perm, tmp, n, by_x_then_y, &c);
    uint64_t tx = tied_pairs(perm, n, x, NULL);
    uint64_t txy = tied_pairs(perm, n, x, y);
    uint64_t discordant = asel_sort_indices(perm, tmp, n, by_y, &c);
    uint64_t ty = tied_pairs(perm, n, y, NULL);
    uint64_t all = (uint64_t)n * (n - 1) / 2;
    if (tx == all || ty == all)
        return ACCELSEL_EDATA;
    /* Concordant + discordant = all - tx - ty + txy (pairs tied on both were
     * subtracted twice); the numerator is concordant - discordant. */
    uint64_t untied = all - tx + txy - ty;
    double num = (double)untied - 2.0 * (double)discordant;
    double t = num / sqrt((double)(all - tx) * (double)(all - ty));
    *tau = t > 1.0 ? 1.0 : t < -1.0 ? -1.0 : t;
    return 0;
}

static int check_sample(const double *v, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (isnan(v[i]))
            return asel_error(ACCELSEL_EDATA, "accelsel_kendall_tau_b: %s[%zu] is NaN", name, i);
    return 0;
}

ACCELSEL_API int accelsel_kendall_tau_b(const double *x, const double *y, size_t n, double *tau)
{
    if (x == NULL)
        return asel_einval("accelsel_kendall_tau_b", "x");
    if (y == NULL)
        return asel_einval("accelsel_kendall_tau_b", "y");
    if (tau == NULL)
        return asel_einval("accelsel_kendall_tau_b", "tau");
    if (n < 2)
        return asel_error(ACCELSEL_EINVAL, "accelsel_kendall_tau_b: n is %zu, needs at least 2", n);
    int rc = check_sample(x, n, "x");
    if (rc == 0)
        rc = check_sample(y, n, "y");
    if (rc != 0)
        return rc;
    size_t *perm = NULL;
    if (asel_alloc_array(&perm, 2 * n, sizeof *perm) != 0)
        return ACCELSEL_ENOMEM;
    rc = asel_tau_b(x, y, n, perm, perm + n, tau);
    asel_free(perm);
    if (rc != 0)
        return asel_error(rc, "accelsel_kendall_tau_b: a sample is constant, tau-b is undefined");
    return 0;
}
