/* Helpers around the layer model shared by the step and predictor code. */
#ifndef ASEL_PERF_LAYER_COST_H
#define ASEL_PERF_LAYER_COST_H

#include "perf/params.h"

/* Bytes per element of a precision (fp64 8, fp32 and tf32 4, fp16 and bf16
 * 2, fp8 and int8 1). */
double asel_perf_precision_bytes(int precision);

/* 0 if @p dev has the figures the model needs and a peak at @p precision;
 * else ACCELSEL_EDATA (missing figure named) or ACCELSEL_EINVAL (precision). */
int asel_perf_check_device(const accelsel_device_info *dev, int precision);

/* 1 for the layer kinds that run as GEMMs: conv2d, linear, matmul. */
int asel_perf_is_gemm(int32_t kind);

/* The rate of elementwise work: the vector units (fp32 peak) where the
 * catalog gives them, else the peak of @p precision. */
double asel_perf_vector_peak(const accelsel_device_info *dev, int precision);

/* Columns of a GEMM tile on @p dev at @p precision: the kind's tile_n, or
 * on CPUs (tile_n 0) two vector widths. */
double asel_perf_tile_n(const asel_perf_kind_params *q, const accelsel_device_info *dev,
                        int precision);

/* asel_perf_layer_forward() without checks: @p dev passed
 * asel_perf_check_device(), @p batch > 0, @p par not NULL. */
void asel_perf_layer_terms(const asel_perf_params *par, const accelsel_device_info *dev,
                           const accelsel_layer_info *l, double batch, int precision,
                           asel_layer_time *out);

#endif
