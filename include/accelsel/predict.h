/*
 * libaccelsel: the training-time predictor. A network (accelsel_network), a
 * device or system of a catalog (accelsel_catalog) and a batch give a step
 * time, an epoch time and a time to train, with a breakdown; the global
 * parameters can be calibrated on a dataset in the built-in MLPerf format,
 * saved and loaded as YAML, and evaluated on held-out rows. The model and
 * every parameter are described in docs/predictor.md.
 *
 * Threads: a predictor is read-only once built (calibration aside, which
 * needs exclusive access), so any number of threads may predict with one
 * predictor at once. Calibration and evaluation take n_threads; their results
 * do not depend on it.
 */
#ifndef ACCELSEL_PREDICT_H
#define ACCELSEL_PREDICT_H

#include <stddef.h>
#include <stdint.h>

#include <accelsel/common.h>
#include <accelsel/catalog.h>
#include <accelsel/dataset.h>
#include <accelsel/network.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A predictor: a catalog (borrowed) and the model's global parameters
 *  (compiled-in defaults, loaded from YAML, or calibrated). */
typedef struct accelsel_predictor accelsel_predictor;

/** Samples per epoch assumed when neither the request nor the network's
 *  recipe gives them: ImageNet-1k's training set, the data set of the MLPerf
 *  ResNet-50 benchmark. A prediction says when it assumed them. */
#define ACCELSEL_PREDICT_IMAGENET_SAMPLES 1281167

/** @name Where a prediction's epochs and samples per epoch came from
 *  (accelsel_prediction.epochs_source, .epoch_samples_source) @{ */
#define ACCELSEL_RECIPE_FROM_REQUEST 1 /**< the request (epochs, total_samples or
                                            epoch_samples) */
#define ACCELSEL_RECIPE_FROM_NETWORK 2 /**< the network's training recipe
                                            (accelsel_network_recipe()) */
#define ACCELSEL_RECIPE_FROM_FIT 3     /**< epochs: the epochs relation, fitted on rows of
                                            this network (the parameters' workload) */
#define ACCELSEL_RECIPE_ASSUMED 4      /**< nothing gave it: epochs from the relation of
                                            another workload, or ImageNet-1k's samples */
/** @} */

/** @name Which learned time factor a prediction applied
 *  (accelsel_prediction.correction_source) @{ */
#define ACCELSEL_CORRECTION_NONE 0           /**< the device has none: the model alone */
#define ACCELSEL_CORRECTION_DEVICE 1         /**< the device's factor */
#define ACCELSEL_CORRECTION_DEVICE_COUNT 2   /**< the device's, times that of its count */
#define ACCELSEL_CORRECTION_OTHER_WORKLOAD 3 /**< withheld: learned on another network
                                                  (docs/predictor.md, "Corrections") */
#define ACCELSEL_CORRECTION_DISABLED 4       /**< withheld: the request's no_correction */
#define ACCELSEL_CORRECTION_OTHER_STACK 5    /**< withheld: learned on the tuned stack of the
                                                  MLPerf rows, the request names another */
/** @} */

/** The name of ACCELSEL_RECIPE_* @p source: "request", "network", "fit" or
 *  "assumed"; NULL for any other value. Static text. Thread safety: any thread. */
ACCELSEL_API const char *accelsel_recipe_source_name(uint32_t source);

/** The name of ACCELSEL_CORRECTION_* @p source: "none", "device",
 *  "device-count", "other-workload", "disabled" or "other-stack"; NULL for
 *  any other value. */
ACCELSEL_API const char *accelsel_correction_source_name(uint32_t source);

/** @name The held-out error group of a prediction (accelsel_prediction.error_group),
 *  as the evaluation of docs/predictor.md defines them @{ */
#define ACCELSEL_ERROR_GROUP_NONE 0 /**< no evaluation covers it: another workload than
                                         the parameters', a withheld correction, or
                                         parameters without error bands */
#define ACCELSEL_ERROR_GROUP_A 1    /**< the device was measured at this count */
#define ACCELSEL_ERROR_GROUP_B 2    /**< the device was measured, not at this count */
#define ACCELSEL_ERROR_GROUP_C 3    /**< the device was never measured */
#define ACCELSEL_ERROR_GROUP_STEPS 4 /**< the eager stack on a CPU: the step
                                          measurements' leave-one-network-out error */
/** @} */

/** The name of ACCELSEL_ERROR_GROUP_* @p group: "none", "a", "b", "c" or "steps";
 *  NULL for any other value. */
ACCELSEL_API const char *accelsel_error_group_name(uint32_t group);

/** Precision value meaning "the device's fastest training precision":
 *  among fp16, bf16, tf32 and fp32 that the device has a peak for, the one in
 *  which the compiled-in parameters train the network fastest on one device
 *  at its batch, one whose memory fits before one that does not (ties go in
 *  that order). The compiled-in parameters, not a calibration's, judge, so
 *  that calibrating never changes the precision of its own rows. fp8 and
 *  int8 are used only when asked for by name; fp64 is never a default. */
#define ACCELSEL_PRECISION_AUTO (-1)

/** Options for accelsel_predictor_new() and the parameter loaders.
 *  Initialise with ACCELSEL_PREDICTOR_OPTIONS_INIT or
 *  accelsel_predictor_options_init(); fields are only ever appended, and a
 *  struct of an earlier version is read up to its own fields. */
typedef struct accelsel_predictor_options {
    unsigned int version;    /**< ACCELSEL_PREDICTOR_OPTIONS_VERSION, or 1 */
    uint64_t max_yaml_nodes; /**< parameter files: limit on YAML nodes after alias
                                  expansion; 0 = 64 + 16 x input bytes */
    uint32_t calibrate_builtin; /**< accelsel_predictor_new() only: 1 = fit the globals
                                     and corrections on the built-in MLPerf dataset now,
                                     against the catalog given (about half a second),
                                     instead of taking the fit shipped with the library
                                     (made the same way against the built-in catalog);
                                     for a catalog that changes devices of the data.
                                     Default 0 */
    uint32_t physical;          /**< since version 2; accelsel_predictor_new() only:
                                     1 = the compiled-in starting values of
                                     docs/predictor.md, no corrections and no error
                                     bands (the raw physical model); default 0. Not
                                     with calibrate_builtin */
} accelsel_predictor_options;

#define ACCELSEL_PREDICTOR_OPTIONS_VERSION 2
#define ACCELSEL_PREDICTOR_OPTIONS_INIT { ACCELSEL_PREDICTOR_OPTIONS_VERSION, 0, 0, 0 }

/** Fill @p opts with defaults for @p version.
 *  @param[out] opts     untouched on failure.
 *  @param[in]  version  ACCELSEL_PREDICTOR_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION for an unknown version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_predictor_options_init(accelsel_predictor_options *opts,
                                                 unsigned int version);

/** sizeof(accelsel_predictor_options), for bindings to check their layout. */
ACCELSEL_API size_t accelsel_predictor_options_size(void);

/** A predictor. By default its parameters are the fit on the built-in MLPerf
 *  dataset that ships with the library (data/params/builtin.yaml: globals,
 *  corrections learned on ResNet-50, error bands of the held-out
 *  evaluation), read without fitting; corrections name devices, and those
 *  of devices @p cat lacks are left out. @p opts may ask for a fit now
 *  (calibrate_builtin) or for the physical model (physical).
 *  @param[out] out   the new predictor, freed with accelsel_predictor_free(); NULL on failure.
 *  @param[in]  cat   the catalog of devices, links and systems. Borrowed: it must
 *                    stay alive, unchanged, until the predictor is freed.
 *  @param[in]  opts  NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p out or @p cat, or both calibrate_builtin
 *          and physical; ACCELSEL_EVERSION for
 *          an unknown @p opts->version; ACCELSEL_EEMPTY with calibrate_builtin when
 *          no built-in row's device is in @p cat; ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_predictor_new(accelsel_predictor **out, const accelsel_catalog *cat,
                                        const accelsel_predictor_options *opts);

/** A predictor with parameters read from a YAML file written by
 *  accelsel_predictor_save_params_file() (format: docs/predictor.md).
 *  Unknown keys, missing keys, values out of range, tile and block sizes that
 *  are not whole numbers, accelerator counts above 4294967295, a count
 *  correction whose product with its device's correction leaves [1e-6, 1e6],
 *  and alias bombs are rejected.
 *  @param[out] out   freed with accelsel_predictor_free(); NULL on failure.
 *  @param[in]  cat   borrowed, as for accelsel_predictor_new().
 *  @param[in]  path  the file; not kept.
 *  @param[in]  opts  NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EVERSION for an unknown
 *          options or file `version`; ACCELSEL_EIO (path and reason);
 *          ACCELSEL_EPARSE (line, column and key); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_predictor_load_params_file(accelsel_predictor **out,
                                                     const accelsel_catalog *cat,
                                                     const char *path,
                                                     const accelsel_predictor_options *opts);

/** As accelsel_predictor_load_params_file(), from @p len bytes at @p data
 *  (not NUL-terminated; may be NULL only when @p len is 0). Errors name "<buffer>". */
ACCELSEL_API int accelsel_predictor_load_params_buffer(accelsel_predictor **out,
                                                       const accelsel_catalog *cat,
                                                       const char *data, size_t len,
                                                       const accelsel_predictor_options *opts);

/** Write the predictor's parameters (globals per device kind, epochs relation,
 *  per-device and per-count corrections) as YAML. Each number is written as the
 *  shortest text that reads back to the same double, so loading the text gives
 *  bit-identical parameters and saving again gives identical text.
 *  @param[in] p     the predictor; only read.
 *  @param[in] path  created or truncated; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EIO; ACCELSEL_ENOMEM.
 *  Thread safety: @p p may be shared. */
ACCELSEL_API int accelsel_predictor_save_params_file(const accelsel_predictor *p,
                                                     const char *path);

/** As accelsel_predictor_save_params_file(), into a new NUL-terminated buffer.
 *  @param[out] out  freed with accelsel_free(); NULL on failure.
 *  @param[out] len  length without the NUL; may be NULL. */
ACCELSEL_API int accelsel_predictor_save_params_buffer(const accelsel_predictor *p, char **out,
                                                       size_t *len);

/** Free a predictor. Accepts NULL. The catalog is not freed. */
ACCELSEL_API void accelsel_predictor_free(accelsel_predictor *p);

/** What to predict. Initialise with ACCELSEL_PREDICT_REQUEST_INIT or
 *  accelsel_predict_request_init(); fields are only ever appended.
 *
 *  Devices: name @p device, or a catalog @p system (a cluster of nodes x
 *  devices per node; its device, links and host CPU are the defaults).
 *  Counts: @p count accelerators in all, or @p nodes x @p per_node; any two
 *  of the three fix the third, and all given must agree. Without counts: the
 *  system's size, or one device. With a system, a node holds at most the
 *  system's devices_per_node (fewer use part of each node). */
typedef struct accelsel_predict_request {
    unsigned int version;              /**< ACCELSEL_PREDICT_REQUEST_VERSION */
    const accelsel_network *network;   /**< required; borrowed for the call */
    const char *device;                /**< device name or alias; NULL with @p system */
    const char *system;                /**< catalog system name; NULL with @p device */
    uint32_t count;                    /**< accelerators in all; 0 = derive */
    uint32_t nodes;                    /**< 0 = derive */
    uint32_t per_node;                 /**< accelerators per node; 0 = derive */
    const char *intra_link;            /**< link inside a node; NULL = the system's, else the
                                            device's usual interconnect (docs/predictor.md) */
    const char *inter_link;            /**< link between nodes; NULL = the system's, else
                                            InfiniBand of the device's generation */
    const char *host_cpu;              /**< host CPU device; NULL = the system's, or none */
    uint32_t host_cores_per_node;      /**< host cores feeding a node's input pipeline;
                                            0 = from the host CPU, or unbounded if none */
    double global_batch;               /**< samples per step over all devices: a whole
                                            number, at least one per device and at most
                                            2^53; 0 = 256 per device */
    int32_t precision;                 /**< ACCELSEL_PRECISION_* or ACCELSEL_PRECISION_AUTO */
    double epochs;                     /**< 0 = the network's recipe, else the epochs
                                            relation at the global batch (see
                                            accelsel_prediction.epochs_source) */
    double epoch_samples;              /**< samples per epoch, at least 1; 0 = the
                                            network's recipe, else
                                            ACCELSEL_PREDICT_IMAGENET_SAMPLES (assumed) */
    double total_samples;              /**< if > 0, samples to train on, at least 1;
                                            replaces @p epochs (fewer than one global batch
                                            still take a step) */
    double sample_bytes;               /**< host-to-device bytes per sample; 0 = the network's
                                            input elements at 1 byte (8-bit images) */
    uint32_t no_correction;            /**< 1 = the physical model alone, without the
                                            learned corrections */
    /* Version 2. */
    uint32_t threads;                  /**< a CPU device: the cores that run the step, at
                                            most the device's (ACCELSEL_ERANGE above);
                                            0 = all. Other devices: 0 only */
    int32_t stack;                     /**< ACCELSEL_STACK_*: the software that runs the
                                            step; ACCELSEL_STACK_TUNED by default */
} accelsel_predict_request;

/** @name Software stacks (accelsel_predict_request.stack; docs/predictor.md,
 *  "Software stacks") @{ */
#define ACCELSEL_STACK_TUNED 0 /**< tuned and fused, as MLPerf submissions run (cuDNN,
                                    XLA, oneDNN graphs): the stack of the MLPerf rows */
#define ACCELSEL_STACK_EAGER 1 /**< an eager framework (PyTorch's default mode): one call
                                    per layer and pass, nothing fused: the stack of the
                                    step measurements */
#define ACCELSEL_STACK_COUNT 2
/** @} */

/** The name of ACCELSEL_STACK_* @p stack: "tuned" or "eager"; NULL for any
 *  other value. Static text. Thread safety: any thread. */
ACCELSEL_API const char *accelsel_stack_name(int32_t stack);

#define ACCELSEL_PREDICT_REQUEST_VERSION 2
#define ACCELSEL_PREDICT_REQUEST_INIT                                                      \
    { ACCELSEL_PREDICT_REQUEST_VERSION, NULL, NULL, NULL, 0, 0, 0, NULL, NULL, NULL, 0, 0, \
      ACCELSEL_PRECISION_AUTO, 0, 0, 0, 0, 0, 0, ACCELSEL_STACK_TUNED }

/** Fill @p req with defaults for @p version (as ACCELSEL_PREDICT_REQUEST_INIT;
 *  version 1 up to its own fields). Every call that takes requests reads a
 *  version-1 request up to its own fields and gives the later ones their
 *  defaults (an array of requests: every element of the first's version).
 *  @return 0; ACCELSEL_EINVAL if @p req is NULL; ACCELSEL_EVERSION. */
ACCELSEL_API int accelsel_predict_request_init(accelsel_predict_request *req,
                                               unsigned int version);
/** sizeof(accelsel_predict_request). */
ACCELSEL_API size_t accelsel_predict_request_size(void);

/** A prediction. The caller sets @ref version (ACCELSEL_PREDICTION_INIT or
 *  accelsel_prediction_init(); 1 or ACCELSEL_PREDICTION_VERSION); the library
 *  fills the fields that version has.
 *  Times are seconds; the breakdown is per step and per device. */
typedef struct accelsel_prediction {
    unsigned int version;          /**< ACCELSEL_PREDICTION_VERSION */
    double step_s;                 /**< one training step (forward, backward, update, exposed
                                        communication, input pipeline stalls) */
    double epoch_s;                /**< steps per epoch x step_s */
    double time_to_train_s;        /**< epochs x epoch_s, and at least one step_s (a
                                        training of less than one global batch runs
                                        a step) */
    double throughput_samples_s;   /**< global batch / step_s */
    double per_device_batch;       /**< the busiest device's batch: global batch / count,
                                        rounded up (the step waits for that device) */
    double global_batch;
    double epochs;                 /**< given, from total_samples, or from the epochs relation */
    int32_t precision;             /**< the precision used (ACCELSEL_PRECISION_*) */
    uint32_t count, nodes, per_node;
    double compute_s;              /**< layers whose arithmetic bounds them: their time */
    double memory_s;               /**< layers whose memory traffic bounds them: their time */
    double communication_s;        /**< gradient all-reduce, whole */
    double exposed_communication_s;/**< the part of it not hidden behind the backward pass */
    double overhead_s;             /**< fixed per-layer launch/dispatch overhead, all passes */
    double transfer_s;             /**< host-to-device input transfer not hidden by compute */
    double input_s;                /**< host input pipeline time per step (decode, augment) */
    double memory_needed_bytes;    /**< weights, gradients, optimizer state and activations */
    double memory_available_bytes; /**< the device's memory; NaN if the catalog has none */
    double correction;             /**< the learned time factor applied: the device's, times
                                        that of its count where the count was measured
                                        (1 = none) */
    int64_t device_index;          /**< the device's index in the catalog */
    /* Since version 2. */
    uint32_t epochs_source;        /**< ACCELSEL_RECIPE_* */
    uint32_t epoch_samples_source; /**< ACCELSEL_RECIPE_* (never ACCELSEL_RECIPE_FROM_FIT) */
    uint32_t correction_source;    /**< ACCELSEL_CORRECTION_* */
    uint32_t error_group;          /**< ACCELSEL_ERROR_GROUP_* */
    double error_median_pct;       /**< the group's median absolute percentage error of the
                                        time to train in the shipped evaluation; NaN for
                                        ACCELSEL_ERROR_GROUP_NONE */
    double error_p90_pct;          /**< the group's 90th percentile, likewise */
} accelsel_prediction;

#define ACCELSEL_PREDICTION_VERSION 2
#define ACCELSEL_PREDICTION_INIT                                                            \
    { ACCELSEL_PREDICTION_VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, \
      0, 0, 0, 0, 0, 0, 0, 0 }

/** Set @p res->version and zero the rest.
 *  @return 0; ACCELSEL_EINVAL if @p res is NULL; ACCELSEL_EVERSION. */
ACCELSEL_API int accelsel_prediction_init(accelsel_prediction *res, unsigned int version);
/** sizeof(accelsel_prediction). */
ACCELSEL_API size_t accelsel_prediction_size(void);

/** One row of the per-layer table (accelsel_predictor_predict_layers()), for one
 *  device and its per-device batch. Times are seconds per step. */
typedef struct accelsel_layer_prediction {
    size_t layer;          /**< index in the network */
    const char *name;      /**< the layer's name; borrowed from the network */
    double forward_s;      /**< forward pass */
    double backward_s;     /**< input and weight gradients */
    double update_s;       /**< optimizer update of its weights */
    double compute_s;      /**< arithmetic part of the three (after tile quantisation) */
    double memory_s;       /**< memory-traffic part */
    double overhead_s;     /**< fixed per-layer overhead, all passes */
    int32_t bound;         /**< ACCELSEL_BOUND_* of the forward pass */
} accelsel_layer_prediction;

/** @name What bounds a layer (accelsel_layer_prediction.bound) @{ */
#define ACCELSEL_BOUND_COMPUTE 1
#define ACCELSEL_BOUND_MEMORY 2
#define ACCELSEL_BOUND_OVERHEAD 3
/** @} */

/** sizeof(accelsel_layer_prediction). */
ACCELSEL_API size_t accelsel_layer_prediction_size(void);

/** Predict one training configuration.
 *  @param[in]     p    the predictor; only read.
 *  @param[in]     req  the configuration; borrowed for the call.
 *  @param[in,out] res  @p res->version set by the caller; filled on success,
 *                      unspecified on failure.
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, neither or both of device and
 *              system, zero, negative or non-finite sizes, an epoch_samples or
 *              total_samples above 0 and below 1 (less than one sample; the
 *              message names the field), counts that disagree or do not divide
 *              into nodes, more devices a node than a system's
 *              devices_per_node (per_node, or a count over nodes: the message
 *              names the system, its per-node count and the request's), a
 *              global batch that is not a whole number, is above 2^53 or is
 *              smaller than the device count, or a precision the device
 *              cannot train in (the message names device and precision);
 *          ACCELSEL_EVERSION for an unknown request or result version;
 *          ACCELSEL_ENOTFOUND for an unknown device, system, link or host CPU
 *              (the message lists the nearest names);
 *          ACCELSEL_EDATA for a device without a figure the model needs (the
 *              message names device and figure);
 *          ACCELSEL_EINFEASIBLE when weights, gradients, optimizer state and
 *              activations at the per-device batch exceed the device's memory
 *              (the message gives bytes needed and available, in whole bytes up
 *              to 2^53, else in four significant digits);
 *          ACCELSEL_ERANGE for a network that does no work on the device
 *              (inputs and flattens alone: its forward, backward and update
 *              passes take 0 s, whatever copying its input takes; the message
 *              names the network), when the step, an epoch, the time to train
 *              or the throughput would be infinite or zero (sizes or figures
 *              at the ends of the double range; the message names the figures
 *              out of range and no others, the step's largest term and the
 *              figures behind it, a link's bandwidth and latency, the device's
 *              peak or memory bandwidth), or when the device's correction
 *              times that of its count leaves [1e-6, 1e6];
 *          ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may predict with one @p p at once. */
ACCELSEL_API int accelsel_predictor_predict(const accelsel_predictor *p,
                                            const accelsel_predict_request *req,
                                            accelsel_prediction *res);

/** The per-layer table of the configuration @p req: one row per layer of the
 *  network (inputs included, with zero times), in layer order.
 *  @param[in]  p         the predictor; only read.
 *  @param[in]  req       as for accelsel_predictor_predict().
 *  @param[out] rows      room for @p capacity rows; may be NULL when @p capacity is 0.
 *  @param[in]  capacity  rows that fit; fewer than the layers writes the first ones.
 *  @param[out] n         the number of layers (call with capacity 0 to size).
 *  @return as accelsel_predictor_predict(); ACCELSEL_EINVAL also for a NULL @p n,
 *          or NULL @p rows with @p capacity above 0. */
ACCELSEL_API int accelsel_predictor_predict_layers(const accelsel_predictor *p,
                                                   const accelsel_predict_request *req,
                                                   accelsel_layer_prediction *rows,
                                                   size_t capacity, size_t *n);

/** Epochs to converge at global batch @p global_batch, by the relation fitted
 *  on the built-in MLPerf data (docs/predictor.md, "Epochs to converge"):
 *  epochs = e0 x max(1, B / B0)^alpha.
 *  @param[in]  p             the predictor; only read.
 *  @param[in]  global_batch  > 0 and finite.
 *  @param[out] epochs        the epochs.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or a bad batch.
 *  Thread safety: @p p may be shared. */
ACCELSEL_API int accelsel_predictor_epochs(const accelsel_predictor *p, double global_batch,
                                           double *epochs);

/** @name Rows of a dataset in the built-in MLPerf format
 *  The predictor reads only configuration columns: accelerator_model_name,
 *  accelerator_family (the device when the name is not in the catalog but
 *  the family is a catalog device's name or alias; "cpu" in it marks a
 *  CPU-only row), total_accelerators, number_of_nodes, accelerators_per_node,
 *  accelerator_interconnect, host_processor_model_name,
 *  host_processors_per_node, host_processor_core_count, global_batch_size,
 *  round and benchmark; never the results (time_to_train_min, run_times_min,
 *  throughput_img_s, epochs_mean, eval_accuracy_mean). A number cell is read
 *  alike in a numeric and a text column: the whole cell, blanks around it
 *  aside, in the CSV reader's number syntax ("0x8" is not a number).
 *  Counts: any two of total_accelerators, number_of_nodes and
 *  accelerators_per_node fix the third; each given must be a whole number
 *  from 1 to 4294967295 (a total of 0 counts as missing). Where the three
 *  disagree the total decides: nodes of number_of_nodes if it divides the
 *  total, else of accelerators_per_node if that does, else the layout of
 *  the count alone, and the note says so. A global_batch_size given must be
 *  a positive whole number (missing: 256 per device), a
 *  host_processor_core_count a whole number from 1 to 4294967295 (missing or
 *  0: the input pipeline is not bounded). Every row is ResNet-50 v1.5 at
 *  224 x 224 on ImageNet; where a `benchmark` column names another (not
 *  "resnet..." nor "image_classification"), the row gets a note and no
 *  prediction. A row's round (the whole cell "vX.Y", "VX.Y" or "X.Y", X and Y
 *  up to 99, blanks around it aside; a numeric column reads 3 as 3.0) gives
 *  the software it ran: its time carries the fitted software trend's factor
 *  exp(trend x (year of the round - the parameters' software year)), the
 *  difference held at 2 years for a later round (a straight line says nothing
 *  of software decades ahead), with a note; a row without a round (missing or
 *  blank) runs the parameters' software; a round cell that is anything else
 *  gives a note and no prediction (docs/predictor.md, "Software trend"). @{ */

/** Options for accelsel_predictor_predict_dataset(). Fields only ever appended. */
typedef struct accelsel_predict_dataset_options {
    unsigned int version;  /**< ACCELSEL_PREDICT_DATASET_OPTIONS_VERSION */
    uint32_t n_threads;    /**< 0 = all cores; results do not depend on it */
    uint32_t no_correction;/**< 1 = physical model alone */
} accelsel_predict_dataset_options;

#define ACCELSEL_PREDICT_DATASET_OPTIONS_VERSION 1
#define ACCELSEL_PREDICT_DATASET_OPTIONS_INIT { ACCELSEL_PREDICT_DATASET_OPTIONS_VERSION, 0, 0 }

ACCELSEL_API int accelsel_predict_dataset_options_init(accelsel_predict_dataset_options *opts,
                                                       unsigned int version);
ACCELSEL_API size_t accelsel_predict_dataset_options_size(void);

/** Predict every row of @p ds. The result has every column of @p ds, in order,
 *  then predicted_time_to_train_min, predicted_epochs, predicted_throughput_img_s
 *  (numeric, NaN where a row cannot be predicted), prediction_note (categorical:
 *  on a row without a prediction, why not: unknown device, missing count,
 *  infeasible memory, ...; on a predicted row, what the prediction assumed in
 *  place of what the row says: a node layout chosen among counts that
 *  disagree, a software trend held at 2 years; missing when the row was
 *  predicted as it reads) and, when @p ds has time_to_train_min,
 *  abs_pct_error (100 x |predicted - measured| / measured; +inf where that
 *  ratio exceeds the doubles, a measured time of 5e-324). Rows stay in order;
 *  a row that cannot be predicted is not an error.
 *  @param[out] out   freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  p     the predictor; only read.
 *  @param[in]  ds    the rows; only read.
 *  @param[in]  opts  NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EVERSION;
 *          ACCELSEL_ENOTFOUND if @p ds lacks accelerator_model_name or
 *          total_accelerators; ACCELSEL_ENOMEM.
 *  Thread safety: @p p and @p ds may be shared. */
ACCELSEL_API int accelsel_predictor_predict_dataset(accelsel_dataset **out,
                                                    const accelsel_predictor *p,
                                                    const accelsel_dataset *ds,
                                                    const accelsel_predict_dataset_options *opts);

/** A new dataset: the rows of @p ds followed by one predicted row per request
 *  (without the one-node references that E' needs: see
 *  accelsel_predictor_append_predictions_v2(), which front ends call),
 *  with every column of @p ds plus `predicted` (0 for the rows of @p ds, 1 for
 *  the new ones). A new row fills accelerator_model_name and accelerator_family
 *  (the device's name), total_accelerators, number_of_nodes,
 *  accelerators_per_node, global_batch_size, epochs_mean, time_to_train_min,
 *  throughput_img_s, division ("closed"), round ("predicted"), submitter and
 *  system_name (a description such as "predicted 16 x h200-sxm-141gb") where
 *  @p ds has those columns; its other cells are missing.
 *  @param[out] out    freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  p      the predictor; only read.
 *  @param[in]  ds     the measured rows; only read.
 *  @param[in]  reqs   @p n requests (see accelsel_predictor_predict()), all of the
 *                     first one's version (ACCELSEL_EVERSION otherwise).
 *  @param[in]  n      number of requests.
 *  @return 0; the errors of accelsel_predictor_predict() for the first request
 *          that fails (the message names its index); ACCELSEL_EINVAL for a NULL
 *          argument or a @p ds whose `predicted` column has a cell other than
 *          0 or 1 (read as every configuration cell: in a numeric or a text
 *          column, blanks around it trimmed): missing, text or another
 *          number, the message naming the first such cell's line and file
 *          ("line 3 of rows.csv"; "dataset row 2", 0-based, for rows built
 *          in memory) and its value; ACCELSEL_ENOMEM.
 *  Thread safety: @p p and @p ds may be shared. */
ACCELSEL_API int accelsel_predictor_append_predictions(accelsel_dataset **out,
                                                       const accelsel_predictor *p,
                                                       const accelsel_dataset *ds,
                                                       const accelsel_predict_request *reqs,
                                                       size_t n);

/** The one-node references of what-if requests. A row's efficiency E' (see
 *  accelsel_derive_options) is against the row of its device with the
 *  fewest accelerators in its round, round "predicted" for every predicted
 *  row; a device or system whose smallest request spans several nodes would
 *  be its own reference (a lone 32-node system at E' = 1, ranked beside the
 *  best single nodes). So each catalog system, and each device asked for
 *  without a system, whose request with the fewest accelerators (the first
 *  on ties) spans several nodes, and none of whose requests is one node,
 *  gets one reference: a copy of that request (of the current version) at
 *  one node, nodes = 1 and, for a device, count = the accelerators per node
 *  of its prediction; a global_batch it sets is scaled to the same samples
 *  per device (a whole number, at least one per device). Devices are told
 *  apart by what their names resolve to (an alias is its device), systems
 *  by catalog entry.
 *  @param[out] out    the references in the order of the first request of
 *                     each, freed with accelsel_free(); their pointers
 *                     (network, names) are those of @p reqs. An empty array,
 *                     not NULL, when none is needed. NULL on failure.
 *  @param[out] n_out  number of references; 0 on failure.
 *  @param[in]  p      the predictor; only read.
 *  @param[in]  reqs   @p n requests, all of the first one's version.
 *  @param[in]  n      number of requests.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument (accelsel_error.field
 *          names it); ACCELSEL_EVERSION; the errors of
 *          accelsel_predictor_predict() for the first request that fails
 *          (the message names its index); ACCELSEL_ENOMEM.
 *  Thread safety: @p p and @p reqs may be shared. */
ACCELSEL_API int accelsel_predictor_references(accelsel_predict_request **out, size_t *n_out,
                                               const accelsel_predictor *p,
                                               const accelsel_predict_request *reqs, size_t n);

/** Options for accelsel_predictor_append_predictions_v2(). Fields only ever
 *  appended. */
typedef struct accelsel_append_options {
    unsigned int version;          /**< ACCELSEL_APPEND_OPTIONS_VERSION */
    uint32_t one_node_references;  /**< 1 (the default): append the requests' one-node
                                        references (accelsel_predictor_references())
                                        after their rows, so that E' is measured as
                                        `accelsel rank --with-predictions` measures it;
                                        0: the requested rows alone */
} accelsel_append_options;

#define ACCELSEL_APPEND_OPTIONS_VERSION 1
#define ACCELSEL_APPEND_OPTIONS_INIT { ACCELSEL_APPEND_OPTIONS_VERSION, 1 }

/** Fill @p opts with ACCELSEL_APPEND_OPTIONS_INIT for @p version.
 *  @param[out] opts     untouched on failure.
 *  @param[in]  version  ACCELSEL_APPEND_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p opts; ACCELSEL_EVERSION.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_append_options_init(accelsel_append_options *opts,
                                              unsigned int version);
/** sizeof(accelsel_append_options), for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_append_options_size(void);

/** accelsel_predictor_append_predictions() with options: by default the
 *  rows of @p ds, then one predicted row per request, then one per one-node
 *  reference of the requests (accelsel_predictor_references()), the rows
 *  that every front end appends for a what-if list.
 *  @param[out] out   freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  p     the predictor; only read.
 *  @param[in]  ds    the measured rows; only read.
 *  @param[in]  reqs  @p n requests, all of the first one's version.
 *  @param[in]  n     number of requests.
 *  @param[in]  opts  NULL for ACCELSEL_APPEND_OPTIONS_INIT.
 *  @return as accelsel_predictor_append_predictions(), a reference's failure
 *          naming it ("one-node reference 0: ..."); ACCELSEL_EVERSION for an
 *          unknown @p opts version; ACCELSEL_EINVAL for one_node_references
 *          other than 0 or 1 (accelsel_error.field "one_node_references").
 *  Thread safety: @p p and @p ds may be shared. */
ACCELSEL_API int accelsel_predictor_append_predictions_v2(accelsel_dataset **out,
                                                          const accelsel_predictor *p,
                                                          const accelsel_dataset *ds,
                                                          const accelsel_predict_request *reqs,
                                                          size_t n,
                                                          const accelsel_append_options *opts);
/** @} */

/** @name What-if specs
 *  NAME:COUNTS[;NAME:COUNTS...], the text of `accelsel rank
 *  --with-predictions`: NAME a catalog system (COUNTS are node counts) or
 *  else a device or alias (COUNTS are accelerator counts), cut at the last
 *  colon of its item; COUNTS comma-separated increasing counts from 1 to
 *  UINT32_MAX, each in the number syntax of every option (8, 8e0; no
 *  blanks), where "..." continues the series of the two or three terms
 *  before it (a constant difference, or a constant whole ratio) up to the
 *  term after it: 8,16,...,512 is 8,16,32,64,128,256,512; at most 4096
 *  counts per item. h200-sxm-141gb:8,16,64,512;dgx-h100:32 is two items.
 *  @{ */

/** Parse COUNTS alone, the grammar of a spec item's counts (above), as
 *  `accelsel predict --sweep` takes them: "1,2,4,...,1024".
 *  @param[out] out     the counts, increasing, freed with accelsel_free(); NULL
 *                      on failure.
 *  @param[out] n       number of counts; 0 on failure.
 *  @param[in]  counts  the text; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EPARSE for a
 *          list off the grammar, accelsel_error.field "counts", the message
 *          giving the 1-based byte column of the term and the term
 *          ("column 4: 8 after 16: the counts must increase");
 *          ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_predict_counts_parse(uint32_t **out, size_t *n, const char *counts);

/** A parsed spec: its items in order, each a name and its counts. */
typedef struct accelsel_predict_spec accelsel_predict_spec;

/** Parse a what-if spec. Names are not looked up here (see
 *  accelsel_predict_spec_requests()).
 *  @param[out] out   freed with accelsel_predict_spec_free(); NULL on failure.
 *  @param[in]  spec  the text; not kept.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EPARSE for a spec
 *          off the grammar, accelsel_error.field "spec", the message naming
 *          the item and its 1-based byte column in @p spec ("item 1
 *          ('h200-sxm-141gb', column 1) is not NAME:COUNTS ...") or, for its
 *          counts, the item's name, the column of the term and the term
 *          ("the counts of 'h200-sxm-141gb', column 19: 8 after 16: the
 *          counts must increase"); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_predict_spec_parse(accelsel_predict_spec **out, const char *spec);

/** Free a parsed spec (NULL is accepted); the names and counts handed out die with it. */
ACCELSEL_API void accelsel_predict_spec_free(accelsel_predict_spec *spec);

/** Number of items of @p spec; 0 for NULL. Thread safety: @p spec may be shared. */
ACCELSEL_API size_t accelsel_predict_spec_items(const accelsel_predict_spec *spec);

/** Name of item @p item, as written; NULL if @p spec is NULL or @p item out
 *  of range. Borrowed: valid until @p spec is freed.
 *  Thread safety: @p spec may be shared. */
ACCELSEL_API const char *accelsel_predict_spec_name(const accelsel_predict_spec *spec,
                                                    size_t item);

/** Counts of item @p item, "..." expanded, increasing; NULL (and *n = 0) if
 *  @p spec is NULL or @p item out of range. Borrowed: valid until @p spec
 *  is freed.
 *  @param[out] n  number of counts; may be NULL.
 *  Thread safety: @p spec may be shared. */
ACCELSEL_API const uint32_t *accelsel_predict_spec_counts(const accelsel_predict_spec *spec,
                                                          size_t item, size_t *n);

/** The requests of @p spec: per item in order, per count in order, a request
 *  of the current version at its defaults but network = @p net and, when
 *  the item names a system of @p cat, system = the name and nodes = the
 *  count, else device = the name and count = the count. Pass them (and
 *  their one-node references) to accelsel_predictor_append_predictions_v2().
 *  @param[out] out   the requests, freed with accelsel_free(); their names
 *                    are borrowed from @p spec and @p net is borrowed.
 *                    NULL on failure.
 *  @param[out] n     number of requests; 0 on failure.
 *  @param[in]  spec  the parsed spec.
 *  @param[in]  cat   the catalog that names the systems and devices.
 *  @param[in]  net   the network of every request.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument (accelsel_error.field
 *          names it); ACCELSEL_ENOTFOUND for a name that is neither a system
 *          nor a device, with the catalog's message ("no device 'h2000';
 *          nearest: 'H200'"), field "spec"; ACCELSEL_ENOMEM.
 *  Thread safety: @p spec, @p cat and @p net may be shared. */
ACCELSEL_API int accelsel_predict_spec_requests(accelsel_predict_request **out, size_t *n,
                                                const accelsel_predict_spec *spec,
                                                const accelsel_catalog *cat,
                                                const accelsel_network *net);
/** @} */

/** One point of a scaling sweep. */
typedef struct accelsel_sweep_point {
    uint32_t count;           /**< accelerators */
    double time_to_train_s;
    double step_s;
    double throughput_samples_s;
    double speedup;           /**< S = T(first count) / T(count) */
    double efficiency;        /**< E' = S / (count / first count) */
} accelsel_sweep_point;

/** sizeof(accelsel_sweep_point). */
ACCELSEL_API size_t accelsel_sweep_point_size(void);

/** Predict @p req at each of @p n accelerator counts and find the sweet spot:
 *  the largest count whose efficiency E' stays at or above @p threshold. The
 *  reference is the first count. Nodes: the node size is the per-node count
 *  of the request's own prediction when the request gives @p per_node or a
 *  system, else 8; each count runs on equal nodes of the largest
 *  size that divides it and is at most the node size (the model has no
 *  partial node): at 8, 4 is one node of 4, 16 is 2 x 8, 12 is 2 x 6, 17 is
 *  17 x 1. The global batch stays at the request's per-device batch x count
 *  (weak scaling), rounded to whole samples; epochs follow the epochs
 *  relation unless the request fixes them.
 *  @param[in]  p          the predictor; only read.
 *  @param[in]  req        the configuration; its counts are replaced by each count.
 *  @param[in]  counts     @p n counts, each >= 1, increasing.
 *  @param[in]  n          >= 1.
 *  @param[in]  threshold  in (0, 1]; e.g. 0.8.
 *  @param[out] points     room for @p n points.
 *  @param[out] sweet      index into @p points of the sweet spot (0 if only the
 *                         first count qualifies).
 *  @return 0; ACCELSEL_EINVAL for NULL arguments, counts not increasing or a bad
 *          threshold; the errors of accelsel_predictor_predict() for a count
 *          that fails (the message names it).
 *  Thread safety: @p p may be shared. */
ACCELSEL_API int accelsel_predictor_sweep(const accelsel_predictor *p,
                                          const accelsel_predict_request *req,
                                          const uint32_t *counts, size_t n, double threshold,
                                          accelsel_sweep_point *points, size_t *sweet);

/** @name Calibration and its evaluation @{ */

/** Options for accelsel_predictor_calibrate() and accelsel_predictor_evaluate().
 *  Fields are only ever appended. */
typedef struct accelsel_calibrate_options {
    unsigned int version;        /**< ACCELSEL_CALIBRATE_OPTIONS_VERSION */
    uint32_t n_threads;          /**< 0 = all cores; results do not depend on it */
    const char *holdout_rounds;  /**< comma-separated rounds left out of the fit and
                                      reported apart (e.g. "v3.0,v3.1"; a repeat counts
                                      once, at most 64 rounds); NULL = none */
    double huber_delta;          /**< Huber loss threshold on log-time residuals;
                                      default 0.1 (about 10 %) */
    double shrink_rows;          /**< corrections: prior weight in rows. Per device
                                      exp(m), m minimising sum w H(-r - m) +
                                      shrink_rows m^2 / 2 over its rows' log residuals
                                      r, H the Huber loss of huber_delta (so
                                      exp(-sum w r / (sum w + shrink_rows)) where every
                                      row lies within huber_delta of m), a row's weight
                                      w halving per round of the data between it and
                                      the device's latest round; then the same per
                                      device and count on what the device's factor
                                      leaves; default 1: one row moves a device halfway */
    uint32_t no_corrections;     /**< 1 = fit the globals only */
} accelsel_calibrate_options;

#define ACCELSEL_CALIBRATE_OPTIONS_VERSION 1
#define ACCELSEL_CALIBRATE_OPTIONS_INIT { ACCELSEL_CALIBRATE_OPTIONS_VERSION, 0, NULL, 0.1, 1.0, 0 }

ACCELSEL_API int accelsel_calibrate_options_init(accelsel_calibrate_options *opts,
                                                 unsigned int version);
ACCELSEL_API size_t accelsel_calibrate_options_size(void);

/** What a calibration found: error figures per accelerator family and overall,
 *  on the rows fitted and on the held-out rows. Immutable; may be shared. */
typedef struct accelsel_calibration_report accelsel_calibration_report;

/** Error figures of one set of rows: absolute percentage errors of the
 *  predicted time to train, 100 x |predicted - measured| / measured (+inf
 *  for a row whose ratio exceeds the doubles, a measured time of 5e-324: it
 *  counts, and a quantile on or past it is +inf). */
typedef struct accelsel_error_summary {
    unsigned int version; /**< set by the caller: ACCELSEL_ERROR_SUMMARY_VERSION */
    size_t rows;          /**< rows predicted */
    double median_ape;    /**< median, percent; NaN when rows is 0 */
    double p90_ape;       /**< 90th percentile (linear interpolation), percent; NaN when
                               rows is 0 */
} accelsel_error_summary;

#define ACCELSEL_ERROR_SUMMARY_VERSION 1
#define ACCELSEL_ERROR_SUMMARY_INIT { ACCELSEL_ERROR_SUMMARY_VERSION, 0, 0.0, 0.0 }

/** sizeof(accelsel_error_summary) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_error_summary_size(void);

/** @name Sets of rows of a report @{ */
#define ACCELSEL_CALIBRATION_FIT 0     /**< rows used in the fit */
#define ACCELSEL_CALIBRATION_HOLDOUT 1 /**< rows of the held-out rounds */
/** @} */

/** Fit the global parameters (per device kind: compute, memory and
 *  communication efficiency, per-layer overhead, epilogue fusion; the
 *  epochs relation, on the rows with a positive epochs_mean, else kept;
 *  the software trend across rounds, after which the parameters describe
 *  the software of the latest fitted round) and the per-device and
 *  per-count corrections on the rows of @p ds (built-in format; rows
 *  without a time to train, with an unknown device, or whose division is
 *  not "closed" in any case are skipped), by
 *  least squares on log time with the Huber loss (docs/predictor.md). The
 *  fit starts from, and its prior centres on, the compiled-in defaults of
 *  the parameters it fits, whatever @p p held: the result depends on the
 *  rows and options alone (the parameters it does not fit, such as tile
 *  sizes, keep @p p's values). On success @p p holds the fitted
 *  parameters; on failure it is unchanged.
 *  @param[out]    report  the report, freed with accelsel_calibration_report_free();
 *                         may be NULL when not wanted; NULL on failure.
 *  @param[in,out] p       the predictor; needs exclusive access.
 *  @param[in]     ds      the rows; only read.
 *  @param[in]     opts    NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or bad options;
 *          ACCELSEL_EVERSION; ACCELSEL_ENOTFOUND for a missing column;
 *          ACCELSEL_EEMPTY if no row can be fitted; ACCELSEL_EDATA if a
 *          device's rows call for a correction (device, or device x count)
 *          outside [1e-6, 1e6], or the rows drive a fitted parameter
 *          outside the range a parameter file holds (the message names
 *          it; the epochs relation is checked before rows are left out
 *          for a time it makes infinite, so an epochs_mean of 1e308 names
 *          epochs_e0 as 1e200 does); ACCELSEL_ENOMEM.
 *  Thread safety: no other thread may use @p p during the call. */
ACCELSEL_API int accelsel_predictor_calibrate(accelsel_calibration_report **report,
                                              accelsel_predictor *p, const accelsel_dataset *ds,
                                              const accelsel_calibrate_options *opts);

/** Error summary of accelerator family @p family (a value of the dataset's
 *  accelerator_family column, or NULL for all rows) in set @p set
 *  (ACCELSEL_CALIBRATION_FIT or ACCELSEL_CALIBRATION_HOLDOUT).
 *  @param[in,out] out  its version set by the caller (ACCELSEL_ERROR_SUMMARY_INIT);
 *                      filled on success, untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p r or @p out or a bad set;
 *          ACCELSEL_EVERSION for an unknown out->version;
 *          ACCELSEL_ENOTFOUND for a family without rows in the report. */
ACCELSEL_API int accelsel_calibration_report_summary(const accelsel_calibration_report *r,
                                                     int set, const char *family,
                                                     accelsel_error_summary *out);

/** The report as a table: one row per (set, family) and an "overall" row per
 *  set, with columns set ("fit" or "holdout"), family, rows, median_ape,
 *  p90_ape. Borrowed: valid until @p r is freed. NULL if @p r is NULL. */
ACCELSEL_API const accelsel_dataset *accelsel_calibration_report_table(
    const accelsel_calibration_report *r);

/** Free a report. Accepts NULL. */
ACCELSEL_API void accelsel_calibration_report_free(accelsel_calibration_report *r);

/** The held-out evaluation of docs/predictor.md, "Evaluation", as a table.
 *  Starting from the parameters of @p p, it calibrates copies on parts of
 *  @p ds and predicts the rest:
 *  - protocol "rounds": fit on every round before the first of
 *    @p opts->holdout_rounds (default "v3.0,v3.1"), predict those rounds;
 *  - protocol "leave-one-round-out": for each round, fit on the others;
 *  - protocol "leave-one-family-out": for each accelerator family, fit on the
 *    others and predict the family from its datasheet figures alone.
 *  Each predicted row falls in group "a" (the naive peer can answer it: the
 *  same accelerator model at the same count in the latest earlier round; the
 *  peer's prediction is that row's time), "b" (the device has rows in the fit
 *  but none at this count) or "c" (the device has no row in the fit). The
 *  table has one row per (protocol, group) and per (protocol, "all"), with
 *  columns protocol, group, rows, model_median_ape, model_p90_ape,
 *  physical_median_ape, physical_p90_ape (the same globals without the
 *  corrections), peer_rows, peer_median_ape, peer_p90_ape (peer figures on
 *  the rows the peer answers). A fold with no row to fit predicts nothing,
 *  so a dataset with no fittable row gives a table of 0 rows and NaN
 *  figures, not an error.
 *  @param[out] out   freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  p     the parameters that calibration does not fit; only read.
 *  @param[in]  ds    the rows; only read.
 *  @param[in]  opts  NULL for defaults.
 *  @return as accelsel_predictor_calibrate(), except ACCELSEL_EEMPTY.
 *  Thread safety: @p p and @p ds may be shared. */
ACCELSEL_API int accelsel_predictor_evaluate(accelsel_dataset **out,
                                             const accelsel_predictor *p,
                                             const accelsel_dataset *ds,
                                             const accelsel_calibrate_options *opts);
/** Take the predictor's error bands (accelsel_prediction.error_group and
 *  its figures) from @p evaluation, a table of accelsel_predictor_evaluate()
 *  run on the rows @p p was calibrated on (groups a, b and c) or of
 *  accelsel_predictor_evaluate_steps() (group steps): for each group the
 *  table has rows of, the model figures of the protocol with the most rows
 *  in that group (the first of equals); the other groups keep their bands.
 *  Saved with the parameters. Calibrating clears the bands: they describe
 *  one fit.
 *  @param[in,out] p           the predictor; needs exclusive access.
 *  @param[in]     evaluation  only read.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or a column of the wrong
 *          type; ACCELSEL_ENOTFOUND for a missing column (named); ACCELSEL_EDATA
 *          for figures that are not finite with 0 <= median <= p90, or a
 *          protocol name of more than 31 bytes; on failure @p p is unchanged.
 *  Thread safety: no other thread may use @p p during the call. */
ACCELSEL_API int accelsel_predictor_set_error_bands(accelsel_predictor *p,
                                                    const accelsel_dataset *evaluation);

/** The error band of group @p group in @p p's parameters: the held-out
 *  figures that a prediction of that group carries
 *  (accelsel_prediction.error_median_pct and error_p90_pct) and the rows
 *  they were measured on, so that a caller can use the error of a group
 *  without a prediction in it (a scheduler's margins, a simulation's
 *  noise).
 *  @param[in]     p      the predictor; only read.
 *  @param[in]     group  ACCELSEL_ERROR_GROUP_A, _B, _C or _STEPS.
 *  @param[in,out] out    its version set by the caller
 *                        (ACCELSEL_ERROR_SUMMARY_INIT); on success rows,
 *                        median_ape and p90_ape of the band, or 0 rows and
 *                        NaN figures where the parameters have none (the
 *                        physical model, a calibration not evaluated);
 *                        untouched on failure.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or another @p group
 *          (accelsel_error.field "group"); ACCELSEL_EVERSION for an
 *          unknown out->version.
 *  Thread safety: @p p may be shared. */
ACCELSEL_API int accelsel_predictor_error_band(const accelsel_predictor *p, uint32_t group,
                                               accelsel_error_summary *out);
/** @} */

/** @name Parallel plans of transformer training (docs/predictor.md, "Parallel plans")
 *  A network built from a transformer's sizes (accelsel_network_get_transformer())
 *  trains under a plan: tensor parallelism (Megatron-LM's all-reduces, or
 *  sequence parallelism's reduce-scatters and all-gathers), pipeline stages
 *  (1F1B, or interleaved with model chunks), data parallelism with its
 *  optimizer state, gradients or parameters sharded (ZeRO-1/2/3, FSDP),
 *  context parallelism, activation recomputation and micro-batches. A field
 *  of 0 (ACCELSEL_PLAN_AUTO) is chosen by the predictor: the fastest value
 *  that fits memory. @{ */
#define ACCELSEL_PLAN_AUTO 0
#define ACCELSEL_SHARDING_NONE 1       /**< every data-parallel replica holds its whole state */
#define ACCELSEL_SHARDING_OPTIMIZER 2  /**< ZeRO-1: optimizer states sharded */
#define ACCELSEL_SHARDING_GRADIENTS 3  /**< ZeRO-2: optimizer states and gradients */
#define ACCELSEL_SHARDING_PARAMETERS 4 /**< ZeRO-3, FSDP: parameters too */
#define ACCELSEL_RECOMPUTE_NONE 1      /**< every activation the backward pass needs is kept */
#define ACCELSEL_RECOMPUTE_SELECTIVE 2 /**< attention's core is recomputed (Korthikanti et al. 2022) */
#define ACCELSEL_RECOMPUTE_FULL 3      /**< only each block's input is kept; the forward runs twice */
#define ACCELSEL_PLAN_OFF 1            /**< sequence_parallel off */
#define ACCELSEL_PLAN_ON 2             /**< sequence_parallel on */
/** @} */

/** A parallel plan. Initialise with ACCELSEL_PLAN_INIT (every field chosen) or
 *  accelsel_plan_init(), or parse one with accelsel_plan_parse(). Fields are
 *  only ever appended. The degrees multiply to the accelerator count:
 *  tp x pp x cp x dp = count. */
typedef struct accelsel_plan {
    unsigned int version;       /**< ACCELSEL_PLAN_VERSION */
    uint32_t tp;                /**< tensor-parallel degree; divides the heads and key-value heads */
    uint32_t pp;                /**< pipeline stages; divide the blocks, or the blocks + 2 (the
                                     embedding and the output layer each standing for one) */
    uint32_t dp;                /**< data-parallel degree */
    uint32_t cp;                /**< context-parallel degree; 2 cp divides the sequence */
    uint32_t micro_batch;       /**< sequences per micro-batch; divides global batch / dp */
    uint32_t interleave;        /**< model chunks per pipeline stage: 1 = 1F1B, more = interleaved */
    uint32_t sequence_parallel; /**< ACCELSEL_PLAN_OFF or ACCELSEL_PLAN_ON (with tp > 1) */
    uint32_t sharding;          /**< ACCELSEL_SHARDING_* */
    uint32_t recompute;         /**< ACCELSEL_RECOMPUTE_* */
} accelsel_plan;

#define ACCELSEL_PLAN_VERSION 1
#define ACCELSEL_PLAN_INIT { ACCELSEL_PLAN_VERSION, 0, 0, 0, 0, 0, 0, 0, 0, 0 }

/** Fill @p plan with ACCELSEL_PLAN_INIT for @p version.
 *  @return 0; ACCELSEL_EINVAL for a NULL @p plan; ACCELSEL_EVERSION. */
ACCELSEL_API int accelsel_plan_init(accelsel_plan *plan, unsigned int version);
/** sizeof(accelsel_plan). */
ACCELSEL_API size_t accelsel_plan_size(void);

/** Parse a plan written as comma-separated KEY=VALUE terms: tp, pp, dp, cp,
 *  mbs (micro_batch), vp (interleave) = a whole number from 1 or "auto";
 *  sp = on|off|auto; zero = 0|1|2|3|auto (3 also spelt fsdp); recompute =
 *  none|selective|full|auto. "auto" alone, or a key left out, leaves the field
 *  to the predictor (dp=... as in Megatron's notation is also "auto").
 *  @param[out] plan  the plan; untouched on failure.
 *  @param[in]  text  e.g. "tp=8,pp=4,dp=...,mbs=1,recompute=selective".
 *  @return 0; ACCELSEL_EINVAL for a NULL argument; ACCELSEL_EPARSE naming the term
 *          and its 1-based byte column (an unknown key with the closest one, a value
 *          out of range, a key given twice), field "plan".
 *  Thread safety: any thread. */
ACCELSEL_API int accelsel_plan_parse(accelsel_plan *plan, const char *text);

/** "none", "zero1", "zero2" or "zero3" for ACCELSEL_SHARDING_*; "none", "selective"
 *  or "full" for ACCELSEL_RECOMPUTE_*; NULL for other values. Static text. @{ */
ACCELSEL_API const char *accelsel_sharding_name(uint32_t sharding);
ACCELSEL_API const char *accelsel_recompute_name(uint32_t recompute);
/** @} */

/** A training step under a parallel plan, per device of the busiest pipeline
 *  stage, and the memory it needs. Times are seconds per step. Fields are
 *  only ever appended. */
typedef struct accelsel_plan_prediction {
    unsigned int version;        /**< ACCELSEL_PLAN_PREDICTION_VERSION, set by the caller */
    accelsel_plan plan;          /**< the plan, every field chosen */
    double step_s;               /**< one optimizer step of the global batch, correction included */
    double time_to_train_s;      /**< the request's samples or epochs (else the network's
                                      recipe) in steps, and @ref evaluation_s */
    double throughput_samples_s; /**< sequences per second */
    double tokens_s;             /**< tokens per second */
    double mfu;                  /**< model FLOPs (the forward, backward and weight-gradient
                                      GEMMs and attention of the trained parameters) per
                                      second over the devices' dense peaks */
    double micro_batches;        /**< per step and pipeline: global batch / (dp x micro_batch) */
    double compute_s;            /**< GEMMs and attention of every micro-batch, recomputation
                                      included */
    double recompute_s;          /**< of which the forward passes run again */
    double memory_s;             /**< elementwise work bound by memory (norms, activations) */
    double overhead_s;           /**< per-kernel launch overhead */
    double bubble_s;             /**< the pipeline's fill and drain: (pp - 1) / interleave
                                      micro-batch times */
    double optimizer_s;          /**< the optimizer step (Adam) on this device's shard */
    double tp_s, tp_exposed_s;   /**< tensor-parallel collectives, all exposed */
    double cp_s, cp_exposed_s;   /**< context-parallel key-value exchange; exposed beyond the
                                      attention it overlaps */
    double pp_s, pp_exposed_s;   /**< pipeline sends and receives */
    double dp_s, dp_exposed_s;   /**< data-parallel gradient reduction and sharded state
                                      gathers; exposed beyond the backward pass they overlap */
    double weight_bytes;         /**< this device's weights (sharded by ZeRO-3) */
    double gradient_bytes;       /**< its gradients (sharded by ZeRO-2, 3) */
    double optimizer_bytes;      /**< its optimizer states: fp32 master weights and Adam's
                                      two moments (sharded by ZeRO-1, 2, 3) */
    double activation_bytes;     /**< activations kept for the backward pass, every micro-batch
                                      in flight (the first stage's, or the last's with logits) */
    double memory_needed_bytes;  /**< the four together */
    double memory_available_bytes; /**< the device's */
    double correction;           /**< the time factor of the plan corrections that
                                      accelsel_predictor_calibrate_plans() learned for the device
                                      (and count): step_s, time_to_train_s and the rates include
                                      it, the parts above do not; 1 for none or no_correction */
    uint32_t count, nodes, per_node; /**< the configuration: accelerators, nodes and
                                          accelerators a node, as accelsel_prediction's */
    double evaluation_s;         /**< of time_to_train_s, the evaluations' forward passes: those
                                      of MLPerf's schedule for a network named as its LLM
                                      benchmark (the zoo's gpt3, llama2_70b_lora,
                                      llama31_405b); 0 for others */
} accelsel_plan_prediction;

#define ACCELSEL_PLAN_PREDICTION_VERSION 1

/** sizeof(accelsel_plan_prediction). */
ACCELSEL_API size_t accelsel_plan_prediction_size(void);

/** Predict a transformer's training under a parallel plan, the fields the
 *  plan leaves at ACCELSEL_PLAN_AUTO searched: every factorisation of the
 *  accelerator count into tp x pp x cp x dp that divides the model, every
 *  micro-batch that divides the global batch, every interleave, sequence
 *  parallelism, sharding and recomputation, pruned where a plan cannot win
 *  (more recomputation only once less does not fit). The fastest plans that
 *  fit memory go to @p out, best first.
 *
 *  The request gives the network (one built from a transformer's sizes), the
 *  device or system, the count, links, the global batch in sequences (0 = the
 *  network's recipe's global_batch, else one sequence per device), the
 *  precision (AUTO: bf16, else fp16, else fp32; for the zoo's MLPerf
 *  workloads gpt3, llama2_70b_lora and llama31_405b fp8, else int8, first,
 *  as their results train; fp8 runs the GEMMs at the fp8 peak with 16-bit
 *  weights and activations)
 *  and the samples or epochs to train (epochs count the network's recipe's
 *  samples per epoch, or the request's epoch_samples; without either the time
 *  to train is NaN, as it is with no samples, epochs or recipe at all).
 *  @param[in]  p         the predictor; only read.
 *  @param[in]  req       the request; borrowed for the call.
 *  @param[in]  plan      the plan's fixed fields; NULL = every field searched.
 *  @param[out] out       room for @p capacity predictions, each with its version set
 *                        to ACCELSEL_PLAN_PREDICTION_VERSION.
 *  @param[in]  capacity  1 for the best plan, 2 for it and the next best, ...
 *  @param[out] n         the plans written (at most @p capacity; fewer when fewer fit).
 *  @return 0;
 *          ACCELSEL_EINVAL for a NULL argument, a capacity of 0, a network without a
 *              transformer's sizes (field "network"), a plan whose degrees do not multiply
 *              to the count, do not divide the model (blocks by stages, heads and key-value
 *              heads by tp, the sequence by 2 cp) or the global batch (field "plan",
 *              naming both numbers), and the errors of accelsel_predictor_predict();
 *          ACCELSEL_EVERSION for an unknown plan or prediction version;
 *          ACCELSEL_EINFEASIBLE when no plan fits memory (the message gives the plan that
 *              came closest with its weights, gradients, optimizer states and activations
 *              in bytes, and the device's memory) or none divides the model and batch
 *              (the message names which constraint bound);
 *          ACCELSEL_ENOMEM.
 *  Thread safety: any number of threads may call it with one @p p. */
ACCELSEL_API int accelsel_predictor_predict_plan(const accelsel_predictor *p,
                                                 const accelsel_predict_request *req,
                                                 const accelsel_plan *plan,
                                                 accelsel_plan_prediction *out, size_t capacity,
                                                 size_t *n);

/** accelsel_predictor_sweep() for a transformer under parallel plans: at
 *  each of @p n accelerator counts, the fastest plan that keeps @p plan's
 *  fixed fields (NULL: every field searched), as
 *  accelsel_predictor_predict_plan() finds it; speed-up S and efficiency
 *  E' against the first count; the sweet spot, the largest count whose E'
 *  stays at or above @p threshold. Each count runs on equal nodes of the
 *  largest size that divides it and is at most the request's per_node (its
 *  system's devices per node, else 8). The global batch is the request's at
 *  every count when it gives one (the same sequences per step: a recipe's),
 *  else the network's recipe's global_batch, else one sequence per device;
 *  the sequences to train are the request's samples or epochs, else the
 *  network's recipe.
 *  @param[in]  p          the predictor; only read.
 *  @param[in]  req        the configuration; its counts are replaced by each count.
 *  @param[in]  plan       the plan's fixed fields; NULL = every field searched.
 *  @param[in]  counts     @p n counts, each >= 1, increasing.
 *  @param[in]  n          >= 1.
 *  @param[in]  threshold  in (0, 1]; e.g. 0.8.
 *  @param[out] points     room for @p n points.
 *  @param[out] plans      NULL, or room for @p n plan predictions, each with its version
 *                         set: the plan found at each count.
 *  @param[out] sweet      index into @p points of the sweet spot.
 *  @return 0; ACCELSEL_EINVAL for NULL arguments, counts not increasing, a bad
 *          threshold, nothing to train (no samples and no recipe: field total_samples);
 *          the errors of accelsel_predictor_predict_plan() for a count (the message
 *          names it).
 *  Thread safety: @p p may be shared. */
ACCELSEL_API int accelsel_predictor_sweep_plan(const accelsel_predictor *p,
                                               const accelsel_predict_request *req,
                                               const accelsel_plan *plan,
                                               const uint32_t *counts, size_t n, double threshold,
                                               accelsel_sweep_point *points,
                                               accelsel_plan_prediction *plans, size_t *sweet);

/** Fit the parameters of parallel plans on the rows of MLPerf's LLM
 *  benchmarks in @p ds (built-in format; gpt3, llama2_70b_lora,
 *  llama31_405b; docs/predictor.md, "LLM rows"): per device kind, the
 *  fraction of the dense peak a transformer's GEMMs attain, of the 16-bit
 *  peak fused attention attains, of a link's bandwidth the collectives
 *  attain, the share of tensor-parallel collectives the GEMMs hide and a
 *  fixed time per optimizer step; the software trend across the LLM rows'
 *  rounds; and the per-device and per-count corrections of plans. Each row
 *  is its benchmark's network on its device, accelerators, global batch
 *  and precision, under the plan sizes it names, the others searched; its
 *  time to train is its steps (samples_to_converge_mean over the global
 *  batch) and its benchmark's evaluations. Rows of other benchmarks, and
 *  rows whose device, counts, sizes or memory allow no plan, are skipped;
 *  as in accelsel_predictor_calibrate(), only closed-division rows with a
 *  time to train that repeat no earlier row's logs are fitted, and @p opts
 *  holdout_rounds holds rounds out of the fit and the report's "fit" set.
 *  The fit starts from the compiled-in defaults of what it fits; the
 *  ResNet-50 parameters and corrections of @p p are untouched. On success
 *  @p p holds the fitted parameters; on failure it is unchanged.
 *  @param[out]    report  per set and family as accelsel_predictor_calibrate()'s; may be
 *                         NULL; NULL on failure.
 *  @param[in,out] p       the predictor; needs exclusive access.
 *  @param[in]     ds      the rows; only read.
 *  @param[in]     opts    NULL for defaults.
 *  @return 0; ACCELSEL_EINVAL for a NULL argument or bad options;
 *          ACCELSEL_EVERSION; ACCELSEL_ENOTFOUND for a missing column;
 *          ACCELSEL_EEMPTY if no LLM row can be fitted; ACCELSEL_EDATA if the rows
 *          drive a parameter or factor outside what a parameter file holds;
 *          ACCELSEL_ENOMEM.
 *  Thread safety: no other thread may use @p p during the call. */
ACCELSEL_API int accelsel_predictor_calibrate_plans(accelsel_calibration_report **report,
                                                    accelsel_predictor *p,
                                                    const accelsel_dataset *ds,
                                                    const accelsel_calibrate_options *opts);

/** The held-out evaluation of accelsel_predictor_calibrate_plans() on the
 *  LLM rows of @p ds, as a table: the protocols of
 *  accelsel_predictor_evaluate() ("rounds": fit on the rounds before the
 *  first of @p opts->holdout_rounds, default the latest round of the rows,
 *  and predict those; "leave-one-round-out"; "leave-one-family-out"), each
 *  fold fitted from @p p's parameters on its own rows. A predicted row falls
 *  in group "a" (the lookup answers it: the same benchmark, accelerator and
 *  count in the latest earlier fitted round, its median time), "b" (its
 *  device has fitted rows) or "c" (none); "with-rows" is a and b. One table
 *  row per benchmark with scored rows and "all", protocol and group (a, b,
 *  c, with-rows, all), with columns benchmark, protocol, group, rows,
 *  searched_rows (of them, rows whose plan was searched: the row names no
 *  tensor and data parallel size), model_median_ape, model_p90_ape,
 *  physical_median_ape, physical_p90_ape (without the corrections),
 *  peer_rows, peer_median_ape, peer_p90_ape (the lookup, on the rows it
 *  answers), linear_rows, linear_median_ape, linear_p90_ape (the device's
 *  best measured sequences per second and accelerator on the benchmark
 *  among the fitted rows, scaled linearly to the row's accelerators), and
 *  predicted_share (group "all": the rows predicted over those held out;
 *  NaN elsewhere).
 *  @param[out] out   freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  p     the parameters the fit does not change; only read.
 *  @param[in]  ds    the rows; only read.
 *  @param[in]  opts  NULL for defaults.
 *  @return as accelsel_predictor_calibrate_plans(), except ACCELSEL_EEMPTY.
 *  Thread safety: @p p and @p ds may be shared. */
ACCELSEL_API int accelsel_predictor_evaluate_plans(accelsel_dataset **out,
                                                   const accelsel_predictor *p,
                                                   const accelsel_dataset *ds,
                                                   const accelsel_calibrate_options *opts);

#ifdef __cplusplus
}
#endif
#endif /* ACCELSEL_PREDICT_H */
