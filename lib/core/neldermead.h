/* Nelder-Mead minimisation of a function of a few parameters, without
 * derivatives: the fits whose every evaluation predicts all their rows and
 * whose loss has kinks (lib/perf: the eager stack's, the parallel plans'). */
#ifndef ASEL_CORE_NELDERMEAD_H
#define ASEL_CORE_NELDERMEAD_H

/* The most parameters a minimisation takes. */
#define ASEL_NM_MAX 16

typedef double (*asel_nm_fn)(void *ctx, const double *x);

/* Minimise @p f over @p n (1..ASEL_NM_MAX) parameters from @p x, which
 * receives the best point found: the simplex of @p x and @p x + @p step
 * along each axis; reflection, expansion, contraction and shrinking
 * (coefficients 1, 2, 1/2, 1/2); until @p max_evals evaluations or until
 * the simplex's values agree within @p tol x (1 + the best). Deterministic. */
void asel_nelder_mead(asel_nm_fn f, void *ctx, double *x, int n, double step, int max_evals,
                      double tol);

#endif
