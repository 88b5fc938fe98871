/* The choice of k: the selection's layout and the gap statistic. */
#ifndef ASEL_KSELECT_H
#define ASEL_KSELECT_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/cluster.h"
#include "learn/kmeans.h"

#define ASEL_N_SCORES 6 /* ACCELSEL_SCORE_INERTIA .. ACCELSEL_SCORE_GAP_SE */

struct accelsel_cluster_selection {
    int criterion;
    uint32_t k_min;
    size_t count;
    double *scores; /* count x ASEL_N_SCORES, score s of k_min + i at [i * 6 + s - 1] */
    uint32_t best;
};

/* Gap and s_k for every k, from gap_references uniform reference sets in
 * the bounding box of x, each clustered like the data (inertias of the data
 * already in the scores). */
int asel_gap_fill(accelsel_cluster_selection *s, const double *x, size_t n, size_t d,
                  const accelsel_cluster_options *o, const asel_cl_progress *p);

/* Index of the k chosen by Tibshirani's rule (smallest k with
 * Gap(k) >= Gap(k+1) - s(k+1), else the largest gap). */
int asel_gap_choice(const accelsel_cluster_selection *s);

#endif
