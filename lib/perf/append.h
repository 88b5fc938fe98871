/* Arrays of predict requests as callers pass them (append.c). */
#ifndef ASEL_PERF_APPEND_H
#define ASEL_PERF_APPEND_H

#include <stddef.h>

#include "accelsel/predict.h"

/* 0 if the @p n requests of @p reqs share the first one's version and this
 * library knows it; else ACCELSEL_EVERSION naming the request. */
int asel_perf_check_requests(const accelsel_predict_request *reqs, size_t n);

/* Request @p i of the caller's array: its elements are as long as the
 * first one's version makes them (a version-1 array is shorter). */
const accelsel_predict_request *asel_perf_request_at(const accelsel_predict_request *reqs,
                                                     size_t i);

#endif
