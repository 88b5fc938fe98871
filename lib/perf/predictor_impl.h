/* Internal layout of accelsel_predictor and of a resolved configuration. */
#ifndef ASEL_PERF_PREDICTOR_IMPL_H
#define ASEL_PERF_PREDICTOR_IMPL_H

#include "accelsel/predict.h"
#include "perf/corrections.h"
#include "perf/params.h"
#include "perf/step.h"

/* The network a fit was made on: its corrections and epochs relation are
 * that workload's (docs/predictor.md, "Corrections"). Known by name,
 * parameters and multiply-accumulates, so that a file of the same name
 * with other layers is another workload. */
typedef struct asel_perf_workload {
    char name[64];
    double params, macs;
} asel_perf_workload;

/* The compiled-in workload, and that of parameter files before version 3:
 * the zoo's resnet50, the network of the MLPerf rows. */
#define ASEL_PERF_WORKLOAD_DEFAULT { "resnet50", 25557032.0, 4089184256.0 }

/* The held-out error of one group (a, b, c) in an evaluation of the fit:
 * median and 90th percentile of the absolute percentage error, the rows
 * and the protocol they come from; rows 0 and NaN figures when none. */
typedef struct asel_perf_band {
    double median, p90, rows;
    char protocol[32];
} asel_perf_band;

#define ASEL_PERF_GROUPS 4 /* a, b, c and steps (ACCELSEL_ERROR_GROUP_* - 1) */

struct accelsel_predictor {
    const accelsel_catalog *cat; /* borrowed */
    asel_perf_params par;
    asel_perf_corr corr; /* time factors learned by calibration, per device and count */
    asel_perf_corr plan_corr; /* the same for parallel plans, learned on the LLM rows */
    asel_perf_workload workload;
    asel_perf_band band[ASEL_PERF_GROUPS];
};

/* Whether @p net is @p w, the workload of a fit. */
int asel_perf_is_workload(const asel_perf_workload *w, const accelsel_network *net);

/* The workload of network @p net (a name of more than 63 bytes is cut;
 * the counts still tell it apart). */
void asel_perf_workload_of(asel_perf_workload *w, const accelsel_network *net);

/* Every band back to "none". */
void asel_perf_bands_clear(asel_perf_band band[ASEL_PERF_GROUPS]);

/* sizeof a request struct of @p version (the stride of an array of them);
 * 0 for an unknown version. */
size_t asel_perf_request_size(unsigned int version);

/* @p req (of version 1 or the current one) as a current request in *out,
 * the fields its version lacks at their defaults: 0 or ACCELSEL_EVERSION. */
int asel_perf_request_read(const accelsel_predict_request *req, accelsel_predict_request *out);

/* A request with every default filled in and every name looked up. A CPU
 * restricted to fewer threads than its cores is @p view, and @p dev points
 * at it: a resolved configuration is used where it was resolved, never
 * copied. */
typedef struct asel_perf_config {
    const accelsel_device_info *dev;
    accelsel_device_info view;   /* the catalog's device on the request's threads */
    size_t dev_index;
    int stack;                   /* ACCELSEL_STACK_* */
    double threads;              /* the cores a CPU runs on; 0 = not a CPU */
    int precision;
    double count, nodes, per_node;
    double domain;               /* devices the intra-node link joins: per_node, or the device's
                                    scale-up domain (a GB200 NVL72 rack, a TPU pod) up to count */
    double intra_bw, intra_lat, inter_bw, inter_lat; /* raw link figures per device */
    double host_bw;              /* host-to-device link; 0 = none (CPU devices) */
    const char *intra_name, *inter_name, *host_name; /* the links, for messages; NULL
                                                        where none is crossed */
    double host_cores;           /* per node; 0 = unbounded */
    double global_batch, per_device_batch;
    double epochs;               /* 0 = from the epochs relation */
    double epoch_samples, total_samples, sample_bytes;
    int no_correction;
    int same_workload;           /* the network is the parameters' workload */
    uint32_t epochs_source, epoch_samples_source; /* ACCELSEL_RECIPE_* */
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

struct asel_perf_step_cache;

/* asel_perf_run() with the device step of @p cache (perf/step_cache.h),
 * computed and added there when it has none for @p cfg's device, threads,
 * per-device batch, precision and stack; a configuration whose memory does
 * not fit fails before any step is computed. Fails as asel_perf_run(). */
int asel_perf_run_cached(const asel_perf_params *par, double corr, const asel_perf_config *cfg,
                         struct asel_perf_step_cache *cache, accelsel_prediction *res);

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

/* A predictor with the fit shipped with the library (data/params/builtin.yaml),
 * corrections of devices @p cat lacks left out: 0 or ACCELSEL_ENOMEM (the
 * file is checked by the tests, so parse errors are not expected). */
int asel_perf_load_builtin(accelsel_predictor **out, const accelsel_catalog *cat);

/* 0 for NULL or valid options of version 1 or 2, else ACCELSEL_EVERSION or
 * ACCELSEL_EINVAL naming what is wrong. */
int asel_perf_check_predictor_options(const accelsel_predictor_options *opts);

#endif
