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
void asel_labelling_free(asel_labelling *l);

/* 0 if every value of x (n x d) is finite and small enough that squared
 * distances summed over the rows stay finite (|v| <= sqrt(DBL_MAX / (n d)) / 2);
 * else @p code (ACCELSEL_EDATA for data, ACCELSEL_EINVAL for an argument)
 * naming the first bad row and column, prefixed by @p fn. */
int asel_check_finite(const char *fn, int code, const double *x, size_t n, size_t d);

#endif
