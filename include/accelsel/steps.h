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
                                   0 = ACCELSEL_STEPS_MIN_TIMED */
    uint64_t max_field_len;   /**< longest CSV field in bytes; 0 = no limit beyond
                                   the input size */
} accelsel_steps_options;

#define ACCELSEL_STEPS_OPTIONS_VERSION 1
#define ACCELSEL_STEPS_OPTIONS_INIT { ACCELSEL_STEPS_OPTIONS_VERSION, 0, 0 }

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
 *              number column, a bad `measured_at`;
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

#ifdef __cplusplus
}
#endif

#endif /* ACCELSEL_STEPS_H */
