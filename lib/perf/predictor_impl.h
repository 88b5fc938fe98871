/* Internal layout of accelsel_predictor and of a resolved configuration. */
#ifndef ASEL_PERF_PREDICTOR_IMPL_H
#define ASEL_PERF_PREDICTOR_IMPL_H

#include "accelsel/predict.h"
#include "perf/corrections.h"
#include "perf/params.h"
#include "perf/step.h"

struct accelsel_predictor {
    const accelsel_catalog *cat; /* borrowed */
    asel_perf_params par;
    asel_perf_corr corr; /* time factors learned by calibration, per device and count */
};

/* A request with every default filled in and every name looked up. */
typedef struct asel_perf_config {
    const accelsel_device_info *dev;
    size_t dev_index;
    int precision;
    double count, nodes, per_node;
    double intra_bw, intra_lat, inter_bw, inter_lat; /* raw link figures per device */
    double host_bw;              /* host-to-device link; 0 = none (CPU devices) */
    const char *intra_name, *inter_name, *host_name; /* the links, for messages; NULL
                                                        where none is crossed */
    double host_cores;           /* per node; 0 = unbounded */
    double global_batch, per_device_batch;
    double epochs;               /* 0 = from the epochs relation */
    double epoch_samples, total_samples, sample_bytes;
    int no_correction;
} asel_perf_config;

/* The largest global batch: 2^53, beyond which a double has no fractions
 * and "a whole number of samples" checks nothing. */
#define ASEL_PERF_BATCH_MAX 9007199254740992.0

/* Resolve @p req: 0, or the errors of accelsel_predictor_predict(). */
int asel_perf_resolve(const accelsel_predictor *p, const accelsel_predict_request *req,
                      asel_perf_config *cfg);

/* Predict a resolved configuration with parameters @p par and time factor
 * @p corr. Fails only with ACCELSEL_EINFEASIBLE (memory), ACCELSEL_ERANGE
 * (an infinite or zero step, epoch or time) or ACCELSEL_ENOMEM. */
int asel_perf_run(const asel_perf_params *par, double corr, const asel_perf_config *cfg,
                  const accelsel_network *net, accelsel_prediction *res,
                  accelsel_layer_prediction *rows, size_t cap);

/* asel_perf_run() from the device step @p s that asel_perf_device_step()
 * gave for @p cfg's device, per-device batch and precision under @p par
 * (configurations that share those share the step); fails as
 * asel_perf_run() but never with ACCELSEL_ENOMEM. */
int asel_perf_run_step(const asel_perf_params *par, double corr, const asel_perf_config *cfg,
                       const accelsel_network *net, const asel_perf_step *s,
                       accelsel_prediction *res);

/* Epochs at global batch @p b by the relation in @p par. */
double asel_perf_epochs(const asel_perf_params *par, double b);

/* Bytes per sample from host memory: the network's input elements at one
 * byte each (decoded 8-bit images) unless the request says. */
double asel_perf_sample_bytes(const asel_perf_config *c, const accelsel_network *net);

/* 0 if every time of @p res (step, epoch, training, throughput) is finite
 * and positive; else ACCELSEL_ERANGE naming the step's largest part and its
 * figures (run_check.c). */
int asel_perf_check_result(const asel_perf_config *c, const accelsel_network *net,
                           const accelsel_prediction *res);

/* A new predictor on @p cat with parameters @p par and no corrections:
 * 0 or ACCELSEL_ENOMEM. */
int asel_perf_predictor_alloc(accelsel_predictor **out, const accelsel_catalog *cat,
                              const asel_perf_params *par);

#endif
