/* The cost of one layer on one device: the contract between the predictor
 * (issue 9) and the mapper (issue 10). Model and parameters: docs/predictor.md. */
#ifndef ASEL_PERF_LAYER_MODEL_H
#define ASEL_PERF_LAYER_MODEL_H

#include "accelsel/catalog.h"
#include "accelsel/network.h"

typedef struct asel_perf_params asel_perf_params; /* global model parameters (issue-9) */
const asel_perf_params *asel_perf_params_default(void); /* compiled-in defaults, static const */

typedef struct asel_layer_time {
    double compute_s;  /* arithmetic at the attainable rate, after tile/wave quantisation */
    double memory_s;   /* bytes moved at the attainable bandwidth */
    double overhead_s; /* fixed per-layer launch/dispatch overhead */
    double time_s;     /* the layer's time as the model combines the three */
} asel_layer_time;

/* Forward (inference) time of one layer for `batch` samples on catalog device `dev` at
   precision `precision` (ACCELSEL_PRECISION_*). par == NULL means the defaults. Returns 0, or
   ACCELSEL_EDATA (a figure the model needs is missing: message names device and figure) or
   ACCELSEL_EINVAL (precision unsupported), with the thread-local error set. Pure and thread-safe. */
int asel_perf_layer_forward(const asel_perf_params *par, const accelsel_device_info *dev,
                            const accelsel_layer_info *layer, double batch, int precision,
                            asel_layer_time *out);

#endif
