/* Predictions that share their device steps: the layer walk of a step is
 * most of a prediction's cost, and configurations of one network on one
 * device at one per-device batch, precision and stack share it (a
 * scheduler's candidates differ in counts and links). lib/place keeps one
 * cache per job. */
#ifndef ASEL_PERF_STEP_CACHE_H
#define ASEL_PERF_STEP_CACHE_H

#include <stddef.h>

#include "accelsel/predict.h"
#include "perf/predictor_impl.h"
#include "perf/step.h"

typedef struct asel_perf_step_entry {
    size_t dev_index;
    double threads, batch; /* the CPU's cores (0 elsewhere); the per-device batch */
    int precision, stack;
    asel_perf_step step;
} asel_perf_step_entry;

typedef struct asel_perf_step_cache {
    const accelsel_network *net; /* borrowed: the network of every request */
    unsigned char *fusable;      /* asel_perf_fusable_layers() of net */
    double kept;                 /* asel_perf_kept_elements() of net */
    asel_perf_step_entry *entries;
    size_t n, cap;
} asel_perf_step_cache;

/* An empty cache for requests of network @p net: 0 or ACCELSEL_ENOMEM. */
int asel_perf_step_cache_init(asel_perf_step_cache *cache, const accelsel_network *net);

/* Free what the cache holds; it may be initialised again. */
void asel_perf_step_cache_release(asel_perf_step_cache *cache);

/* The step of @p cfg's device, threads, per-device batch, precision and
 * stack under @p par, from the cache or computed and added to it (the
 * cache serves one predictor: its parameters are never compared). 0 with
 * *step valid until the next call, or ACCELSEL_ENOMEM. */
int asel_perf_step_cache_get(asel_perf_step_cache *cache, const asel_perf_params *par,
                             const asel_perf_config *cfg, const asel_perf_step **step);

/* accelsel_predictor_predict() of @p req (whose network must be the
 * cache's; @p res of the current version), bit for bit, taking the device
 * step from @p cache when an earlier call computed it and adding it there
 * otherwise. Not thread-safe on one cache; @p p may be shared. */
int asel_perf_predict_cached(const accelsel_predictor *p, const accelsel_predict_request *req,
                             asel_perf_step_cache *cache, accelsel_prediction *res);

#endif
