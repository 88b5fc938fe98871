/* The exact silhouette behind accelsel_cluster_silhouette(). */
#ifndef ASEL_SILHOUETTE_H
#define ASEL_SILHOUETTE_H

#include <stddef.h>
#include <stdint.h>

#include "learn/cluster_quality.h"
#include "learn/kmeans.h"

/* Mean silhouette of all @p n rows of a checked labelling @p l. */
int asel_silhouette_exact(const double *x, size_t n, size_t d, const uint32_t *labels,
                          const asel_labelling *l, unsigned int n_threads,
                          const asel_cl_progress *progress, double *out);

#endif
