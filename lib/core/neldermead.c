/* Nelder-Mead minimisation (Nelder and Mead 1965) on a simplex kept in
 * order of value, best first. */
#include <string.h>

#include "core/neldermead.h"

typedef struct simplex {
    asel_nm_fn f;
    void *ctx;
    int n;
    double x[ASEL_NM_MAX + 1][ASEL_NM_MAX], y[ASEL_NM_MAX + 1];
} simplex;

/* The point c + a (p - c) into @p out, and its value. */
static double toward(simplex *s, const double *c, const double *p, double a, double *out)
{
    for (int j = 0; j < s->n; j++)
        out[j] = c[j] + a * (p[j] - c[j]);
    return s->f(s->ctx, out);
}

static void order(simplex *s)
{
    size_t bytes = (size_t)s->n * sizeof(double);
    for (int i = 1; i <= s->n; i++)
        for (int j = i; j > 0 && s->y[j] < s->y[j - 1]; j--) {
            double t = s->y[j], tx[ASEL_NM_MAX];
            s->y[j] = s->y[j - 1], s->y[j - 1] = t;
            memcpy(tx, s->x[j], bytes), memcpy(s->x[j], s->x[j - 1], bytes),
                memcpy(s->x[j - 1], tx, bytes);
        }
}

/* One step on the ordered simplex: reflect, expand, contract, or shrink
 * towards the best. Returns the evaluations it made. */
static int step(simplex *s)
{
    int n = s->n;
    size_t bytes = (size_t)n * sizeof(double);
    double c[ASEL_NM_MAX] = { 0 }, r[ASEL_NM_MAX], e[ASEL_NM_MAX];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            c[j] += s->x[i][j] / n;
    double yr = toward(s, c, s->x[n], -1.0, r);
    if (yr < s->y[0]) {
        double ye = toward(s, c, s->x[n], -2.0, e);
        memcpy(s->x[n], ye < yr ? e : r, bytes), s->y[n] = ye < yr ? ye : yr;
        return 2;
    }
    if (yr < s->y[n - 1]) {
        memcpy(s->x[n], r, bytes), s->y[n] = yr;
        return 1;
    }
    double yc = toward(s, c, s->x[n], yr < s->y[n] ? -0.5 : 0.5, e);
    if (yc < (yr < s->y[n] ? yr : s->y[n])) {
        memcpy(s->x[n], e, bytes), s->y[n] = yc;
        return 2;
    }
    for (int i = 1; i <= n; i++)
        s->y[i] = toward(s, s->x[0], s->x[i], 0.5, s->x[i]);
    return 2 + n;
}

void asel_nelder_mead(asel_nm_fn f, void *ctx, double *x, int n, double step_size, int max_evals,
                      double tol)
{
    simplex s = { .f = f, .ctx = ctx, .n = n };
    size_t bytes = (size_t)n * sizeof(double);
    for (int i = 0; i <= n; i++) {
        memcpy(s.x[i], x, bytes);
        if (i > 0)
            s.x[i][i - 1] += step_size;
        s.y[i] = f(ctx, s.x[i]);
    }
    int evals = n + 1;
    order(&s);
    while (evals < max_evals && s.y[n] - s.y[0] > tol * (1 + s.y[0])) {
        evals += step(&s);
        order(&s);
    }
    memcpy(x, s.x[0], bytes);
}
