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

/* Request @p req as a what-if row into @p res: accelsel_predictor_predict(),
 * or for a network built from a transformer's sizes its training under the
 * fastest plan (what_if.c), whose fields go to @p plan (ACCELSEL_PLAN_INIT
 * otherwise); its counts, batch (sequences), time to train, rate, device
 * and correction filled, epochs NaN. The errors of the call made. */
int asel_perf_what_if(const accelsel_predictor *p, const accelsel_predict_request *req,
                      accelsel_prediction *res, accelsel_plan *plan);

#endif
