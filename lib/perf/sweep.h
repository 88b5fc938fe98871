/* What the scaling sweeps share: the ResNet-50 model's
 * (accelsel_predictor_sweep()) and the parallel plans'
 * (accelsel_predictor_sweep_plan()). */
#ifndef ASEL_PERF_SWEEP_H
#define ASEL_PERF_SWEEP_H

#include "accelsel/predict.h"

/* The arguments of a sweep named @p fn: 0, or ACCELSEL_EINVAL naming the
 * one at fault (NULL, no counts, counts not increasing from 1, a threshold
 * outside (0, 1]). */
int asel_perf_sweep_check(const char *fn, const accelsel_predict_request *req,
                          const uint32_t *counts, size_t n, double threshold,
                          const accelsel_sweep_point *points, const size_t *sweet);

/* @p q at @p count accelerators on equal nodes of the largest size that
 * divides it and is at most @p node_size, since the model has no partial
 * node (at 8 per node 16 is 2 x 8, 12 is 2 x 6, 17 is 17 x 1). */
void asel_perf_sweep_layout(accelsel_predict_request *q, uint32_t count, uint32_t node_size);

/* Speed-up and E' of each of @p n points against the first, and the sweet
 * spot: the last point whose E' is at least @p threshold (0 when none). */
void asel_perf_sweep_spot(accelsel_sweep_point *points, size_t n, double threshold, size_t *sweet);

#endif
