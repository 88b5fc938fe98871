/* The importance result's layout and the steps that build it, shared by the
 * importance*.c files. */
#ifndef ASEL_IMPORTANCE_IMPL_H
#define ASEL_IMPORTANCE_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/importance.h"
#include "learn/forest.h"

struct accelsel_importance {
    size_t n_rows, n_features;
    char **names;  /* n_features */
    char *target;
    uint32_t measures;
    /* values[m] for measure m = 1..ACCELSEL_MEASURE_COUNT: n_features values,
     * NULL when not computed. */
    double *values[ACCELSEL_MEASURE_COUNT + 1];
    double *pearson, *spearman; /* (n_features + 1)^2, target last */
    accelsel_pca *pca;
    asel_forest *forest;
    accelsel_features *features; /* dataset computations only */
};

/* Validate @p opts (NULL: defaults) into @p out; errors name the option. */
int asel_importance_options_check(const accelsel_importance_options *opts,
                                  accelsel_importance_options *out);

/* Allocate a result for @p n_features features named @p names (NULL: "x0",
 * "x1", ...) and the target @p target: 0 or ACCELSEL_ENOMEM, *out set
 * either way (free it with accelsel_importance_free()). */
int asel_importance_alloc(accelsel_importance **out, size_t n_features,
                          const char *const *names, const char *target);

/* Fill @p imp from the @p n x @p p matrix @p x (finite, checked) and target
 * @p y as the options ask. 0, ACCELSEL_EDATA, ACCELSEL_EEMPTY,
 * ACCELSEL_ECANCELED or ACCELSEL_ENOMEM. */
int asel_importance_run(accelsel_importance *imp, const double *x, size_t n, const double *y,
                        const uint8_t *discrete, const accelsel_importance_options *opts);

/* ACCELSEL_EEMPTY unless @p rows is enough for the measures asked (2, and
 * mi_neighbors + 1 for mutual information); ACCELSEL_ERANGE beyond 2^31. */
int asel_importance_check_rows(size_t rows, const accelsel_importance_options *o);

/* ACCELSEL_EDATA naming the first non-finite value or constant column of
 * the matrix (by feature name) or of the target; 0 if none. */
int asel_importance_check_data(const accelsel_importance *imp, const double *x, size_t n,
                               const double *y);

#endif
