/*
 * libaccelsel: step measurements. Training steps of zoo networks timed on a
 * device (tools/measure-steps writes them), read from CSV into a dataset
 * after every row is checked against the model zoo and a catalog. The
 * format, its columns and units are described in docs/step-measurements.md.
 */
#ifndef ACCELSEL_STEPS_H
#define ACCELSEL_STEPS_H

#include <stddef.h>
#include <stdint.h>

#include <accelsel/common.h>
#include <accelsel/catalog.h>
#include <accelsel/dataset.h>
#include <accelsel/predict.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The fewest timed steps a row may have by default: a median of fewer says
 *  little about a step's time. */
#define ACCELSEL_STEPS_MIN_TIMED 5

/** Options for the step-measurement loaders. Initialise with
 *  ACCELSEL_STEPS_OPTIONS_INIT or accelsel_steps_options_init(); fields are
 *  only ever appended. */
typedef struct accelsel_steps_options {
    unsigned int version;     /**< ACCELSEL_STEPS_OPTIONS_VERSION */
    uint32_t min_steps_timed; /**< fewest `steps_timed` accepted, at least 1;
                                   default ACCELSEL_STEPS_MIN_TIMED (the INIT's
                                   value; 0 means it too) */
    uint64_t max_field_len;   /**< longest CSV field in bytes; 0 = no limit beyond
                                   the input size */
} accelsel_steps_options;

#define ACCELSEL_STEPS_OPTIONS_VERSION 1
#define ACCELSEL_STEPS_OPTIONS_INIT { ACCELSEL_STEPS_OPTIONS_VERSION, ACCELSEL_STEPS_MIN_TIMED, 0 }

/** Fill @p opts with the defaults of @p version.
 *  @param[out] opts     the options to fill; untouched on failure.
 *  @param[in]  version  ACCELSEL_STEPS_OPTIONS_VERSION as the caller knows it.
 *  @return 0; ACCELSEL_EINVAL if @p opts is NULL; ACCELSEL_EVERSION for an
 *          unknown @p version.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API int accelsel_steps_options_init(accelsel_steps_options *opts, unsigned int version);

/** sizeof(accelsel_steps_options) in this library, for bindings to check their layout.
 *  Thread safety: may be called from any thread. */
ACCELSEL_API size_t accelsel_steps_options_size(void);

/** Read step measurements from a CSV file (RFC 4180, as
 *  accelsel_dataset_load_csv() reads it) and check every row.
 *
 *  Required columns (docs/step-measurements.md): `network`, `device`,
 *  `threads`, `batch`, `image_size`, `precision`, `framework`,
 *  `framework_version`, `steps_timed`, `step_min_s`, `step_median_s`,
 *  `measured_at`; further columns are kept as they read (the text columns
 *  the format names, such as `cpu_model`, stay categorical). A required
 *  value may not be missing. Checks per row, reported for the first row
 *  that fails and, in it, the first column in file order:
 *  - `network` a zoo network (accelsel_network_load_zoo()), `device` a
 *    device of @p cat (accelsel_catalog_find_device()); both messages name
 *    the closest names;
 *  - `threads`, `batch`, `steps_timed` and `image_size` whole numbers >= 1
 *    (batch at most 2^53); `steps_timed` >= @p opts->min_steps_timed;
 *    `threads` at most the device's cores when it is a CPU whose cores the
 *    catalog gives (other devices: the host threads, not checked);
 *  - `image_size` the side of the network's input (H = W of an image
 *    network, the sequence length of a token network);
 *  - `precision` a name of accelsel_precision_name() (lower case);
 *  - `framework` ends in the software stack it ran under, `-` and an
 *    accelsel_stack_name() ("pytorch-eager");
 *  - `step_min_s` and `step_median_s` finite and above 0, the minimum not
 *    above the median;
 *  - `measured_at` an ISO 8601 date, `YYYY-MM-DD`, optionally followed by
 *    `T` and a time.
 *  Every failure has the source, the line and the byte column of the cell
 *  (a missing column: line 1, column 1), and the message names the column.
 *
 *  @param[out] out   the rows as a dataset in file order, freed with
 *                    accelsel_dataset_free(); NULL on any failure.
 *  @param[in]  cat   the catalog devices are looked up in; NULL = the
 *                    built-in catalog. Only read during the call.
 *  @param[in]  path  file to read; not kept.
 *  @param[in]  opts  NULL for defaults; not kept.
 *  @return 0;
 *          ACCELSEL_EINVAL if @p out or @p path is NULL;
 *          ACCELSEL_EVERSION for an unknown @p opts->version;
 *          ACCELSEL_EIO if the file cannot be read (path and reason);
 *          ACCELSEL_EPARSE for malformed CSV (as accelsel_dataset_load_csv()),
 *              a missing required column, a missing required value, text in a
 *              number column, a bad `measured_at`, a `framework` without
 *              its stack;
 *          ACCELSEL_ENOTFOUND for an unknown network, device or precision;
 *          ACCELSEL_ERANGE for a number out of its range (above), threads
 *              above the device's cores, too few timed steps;
 *          ACCELSEL_EDATA for an `image_size` the network does not take, a
 *              minimum step time above the median;
 *          ACCELSEL_EEMPTY for a header without rows;
 *          ACCELSEL_ENOMEM (nothing is leaked).
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_steps_load_file(accelsel_dataset **out, const accelsel_catalog *cat,
                                          const char *path, const accelsel_steps_options *opts);

/** As accelsel_steps_load_file(), from memory; errors name the source "<buffer>".
 *  @param[out] out   as for accelsel_steps_load_file().
 *  @param[in]  cat   NULL = the built-in catalog; only read during the call.
 *  @param[in]  data  @p len bytes of CSV (not NUL-terminated; not kept); may be
 *                    NULL only when @p len is 0 (ACCELSEL_EPARSE: no header).
 *  @param[in]  len   number of bytes.
 *  @param[in]  opts  NULL for defaults; not kept.
 *  @return as accelsel_steps_load_file(), without ACCELSEL_EIO; ACCELSEL_EINVAL
 *          also for a NULL @p data with @p len above 0.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_steps_load_buffer(accelsel_dataset **out, const accelsel_catalog *cat,
                                            const char *data, size_t len,
                                            const accelsel_steps_options *opts);

/** The step measurements compiled into the library (data/steps/builtin.csv;
 *  its provenance is in data/README.md), checked as
 *  accelsel_steps_load_file() checks a file, with the default options;
 *  errors name the source "steps-builtin".
 *  @param[out] out  freed with accelsel_dataset_free(); NULL on failure.
 *  @param[in]  cat  NULL = the built-in catalog; a catalog without the rows'
 *                   devices fails with ACCELSEL_ENOTFOUND.
 *  @return 0; ACCELSEL_EINVAL if @p out is NULL; the errors of
 *          accelsel_steps_load_buffer(); ACCELSEL_ENOMEM.
 *  Thread safety: may be called from any thread; @p cat may be shared. */
ACCELSEL_API int accelsel_steps_load_builtin(accelsel_dataset **out, const accelsel_catalog *cat);


/** @name The predictor on step measurements (docs/predictor.md, "Software
 *  stacks"). @p steps is a table of accelsel_steps_load_file() (or one with
 *  its columns network, device, threads, batch, precision, framework and
 *  step_median_s); each row is predicted as accelsel_predictor_predict()
 *  predicts one device of the row's device on the row's threads, at its
 *  batch, precision and stack (the `framework` cell's last word), for one
 *  step, without corrections (they describe the MLPerf rows' stack); a
 *  CPU's `threads` are the cores it runs on, another device's the host's
 *  (not part of the request).
 *  Errors of every call: ACCELSEL_EINVAL for a NULL argument or a column of
 *  the wrong type; ACCELSEL_ENOTFOUND for a missing column; ACCELSEL_EEMPTY
 *  for no rows; a row the predictor cannot resolve (a device the
 *  predictor's catalog lacks, threads above its cores) fails with the
 *  predictor's status and a message that starts "step row N:";
 *  ACCELSEL_ENOMEM. @{ */

/** Fit the eager stack's parameters of every device kind that rows of
 *  @p steps ran on (eager_compute_eff, eager_pixels_half, eager_wgrad_half,
 *  eager_grouped_eff, eager_elementwise_eff, eager_dispatch_s, eager_sync_s,
 *  eager_fault_s_per_byte) on all its
 *  rows: the Huber loss of log(predicted / measured step_median_s) with a
 *  weak prior towards @p p's values, which a parameter no row sees keeps.
 *  The other parameters and the corrections stay; the steps error band is
 *  cleared (it described the earlier fit).
 *  @param[in,out] p      needs exclusive access; unchanged on failure.
 *  @param[in]     steps  only read.
 *  @return 0; the errors above; ACCELSEL_EEMPTY when no row ran under the
 *          eager stack; ACCELSEL_EDATA for a fitted parameter outside its
 *          documented range. Thread safety: no other thread may use @p p. */
ACCELSEL_API int accelsel_predictor_calibrate_steps(accelsel_predictor *p,
                                                    const accelsel_dataset *steps);

/** Predict every row of @p steps.
 *  @param[out] out  a table with one row per step row, in order: network,
 *                   device, stack (categorical), threads, batch,
 *                   measured_step_s, predicted_step_s (NaN where the model
 *                   finds the row infeasible), ape (100 |predicted /
 *                   measured - 1|); freed with accelsel_dataset_free(); NULL
 *                   on failure.
 *  @return 0 or the errors above. Thread safety: @p p may be shared. */
ACCELSEL_API int accelsel_predictor_predict_steps(accelsel_dataset **out,
                                                  const accelsel_predictor *p,
                                                  const accelsel_dataset *steps);

/** Leave one network out: for each network of @p steps, fit the eager
 *  parameters (as accelsel_predictor_calibrate_steps(), starting from
 *  @p p's) on the rows of the other networks and predict its rows.
 *  @param[out] out  one row per network in order of first appearance, then
 *                   one named "all": protocol ("leave-one-network-out"),
 *                   group ("steps", as accelsel_predictor_set_error_bands()
 *                   takes it), network, rows, start_median_ape (@p p's
 *                   parameters, no refit), model_median_ape, model_p90_ape,
 *                   model_worst_times (the largest max(p / m, m / p) of its
 *                   rows); NULL on failure.
 *  @return 0 or the errors above; ACCELSEL_EDATA as
 *          accelsel_predictor_calibrate_steps(). Deterministic.
 *  Thread safety: @p p may be shared. */
ACCELSEL_API int accelsel_predictor_evaluate_steps(accelsel_dataset **out,
                                                   const accelsel_predictor *p,
                                                   const accelsel_dataset *steps);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* ACCELSEL_STEPS_H */
