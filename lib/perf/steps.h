/* The inside of the step-measurement loader (include/accelsel/steps.h):
 * one load's input, the columns it found and the names it resolved, shared
 * by the steps_*.c files. */
#ifndef ASEL_STEPS_H
#define ASEL_STEPS_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/steps.h"

/* The required columns, in the order of docs/step-measurements.md. */
enum {
    ST_NETWORK, ST_DEVICE, ST_THREADS, ST_BATCH, ST_IMAGE_SIZE, ST_PRECISION, ST_FRAMEWORK,
    ST_FRAMEWORK_VERSION, ST_STEPS_TIMED, ST_STEP_MIN, ST_STEP_MEDIAN, ST_MEASURED_AT,
    ST_REQUIRED
};

/* Name of required column @p role. */
const char *asel_steps_column_name(int role);

typedef struct asel_steps_load {
    const char *data; /* the whole input */
    size_t len;
    const char *source; /* names it in messages */
    uint64_t max_field_len;
    uint32_t min_timed;
    const accelsel_catalog *cat;
    accelsel_dataset *ds;   /* the rows, once read */
    size_t col[ST_REQUIRED]; /* dataset column (= field index) of each required column */
    int order[ST_REQUIRED];  /* the required columns in file order */
    /* Per level of the network and device columns, resolved once:
     * the network's input side and the device's catalog index (0 = not yet). */
    uint64_t *side;
    size_t *device; /* index + 1 */
} asel_steps_load;

/* The most text columns the format names (asel_steps_header()). */
#define ST_TEXT_MAX 9

/* Find the required columns in the header of @p l->data (l->col, l->order)
 * and the text columns present, to read as categorical (static names into
 * @p names, room for ST_TEXT_MAX; *n set). A missing column is
 * ACCELSEL_EPARSE at 1:1. A header the tokenizer refuses returns 0 with no
 * names: the CSV reader then reports it where it is. */
int asel_steps_header(asel_steps_load *l, const char **names, size_t *n);

/* Record @p code for the cell of data row @p row, field @p col, with the
 * source, line and byte column, and the message "column 'NAME': ...". */
int asel_steps_raise(const asel_steps_load *l, int code, size_t row, size_t col,
                     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The number in required column @p role of @p row: 0 with *v set, or the
 * error (missing value, text) recorded. */
int asel_steps_number(const asel_steps_load *l, size_t row, int role, double *v);

/* The text in required column @p role of @p row, or NULL with the error
 * recorded (a missing value). */
const char *asel_steps_text(const asel_steps_load *l, size_t row, int role);

/* Resolve the network and device of @p row (cached per level): 0 with
 * *side (the network's input side) and *device (catalog index) set, or the
 * error at the cell. */
int asel_steps_network(asel_steps_load *l, size_t row, uint64_t *side);
int asel_steps_device(asel_steps_load *l, size_t row, size_t *device);

/* Check every row of l->ds; the first failure in file order is recorded. */
int asel_steps_check_rows(asel_steps_load *l);

/* The software stack (ACCELSEL_STACK_*) a `framework` cell names: its last
 * '-'-separated word ("pytorch-eager": eager); -1 if that is no stack's name. */
int asel_steps_stack(const char *framework);

/* The whole load: parse, check, and *out the dataset (NULL on failure). */
int asel_steps_parse(accelsel_dataset **out, const accelsel_catalog *cat, const char *data,
                     size_t len, const char *source, const accelsel_steps_options *opts);

#endif
