/* Shared checks and summaries of a labelling for the quality indices. */
#ifndef ASEL_CLUSTER_QUALITY_H
#define ASEL_CLUSTER_QUALITY_H

#include <stddef.h>
#include <stdint.h>

/* A labelling's clusters: k = largest label + 1, the size and mean of each. */
typedef struct asel_labelling {
    size_t k;
    size_t n_nonempty;
    size_t *count; /* k */
    double *mean;  /* k x d */
} asel_labelling;

/* Check data and labels as the index functions document (@p fn names the
 * caller) and summarise them: 0, ACCELSEL_EINVAL, ACCELSEL_EEMPTY,
 * ACCELSEL_EDATA or ACCELSEL_ENOMEM. Free with asel_labelling_free(). */
int asel_labelling_make(const char *fn, const double *x, size_t n, size_t d,
                        const uint32_t *labels, asel_labelling *out);

/* As asel_labelling_make(), but any number of non-empty clusters is taken:
 * for a sample, where too few or too many leave the index undefined, not
 * the caller's labels wrong. */
int asel_labelling_summarise(const char *fn, const double *x, size_t n, size_t d,
                             const uint32_t *labels, asel_labelling *out);

/* 1 if the @p n rows of @p l make 2 to n - 1 non-empty clusters, where the
 * indices are defined; else 0. */
int asel_labelling_defined(const asel_labelling *l, size_t n);
void asel_labelling_free(asel_labelling *l);

/* The largest |value| of an n x d matrix to cluster, sqrt(DBL_MAX / (n d)) / 2:
 * squared distances summed over the rows stay finite within it. */
double asel_value_bound(size_t n, size_t d);

/* 0 if every value of x (n x d) is finite and within asel_value_bound();
 * else @p code (ACCELSEL_EDATA for data, ACCELSEL_EINVAL for an argument)
 * naming the first bad row and column, prefixed by @p fn. */
int asel_check_finite(const char *fn, int code, const double *x, size_t n, size_t d);

#endif
