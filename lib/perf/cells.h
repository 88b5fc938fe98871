/* Configuration cells of a dataset row read as numbers, by one rule
 * whatever their column's type, and the notes that name a bad one. */
#ifndef ASEL_PERF_CELLS_H
#define ASEL_PERF_CELLS_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/dataset.h"

/* A configuration cell read as a number. */
typedef struct asel_perf_cell {
    int present;      /* the cell holds a value (missing, or blanks alone, is not one) */
    double v;         /* its number; NaN when it is not one */
    const char *text; /* its text in a text column, else NULL */
} asel_perf_cell;

/* Cell (@p r, @p c) of @p ds (c = SIZE_MAX: no such column, absent) by one
 * rule whatever its column's type: a text column (one odd cell turns a
 * column to text) is read as the CSV reader reads a numeric one, by
 * asel_parse_double() over the whole text (no hex, no blanks inside), after
 * blanks on both sides are trimmed. A number beyond a double is not a
 * number. 0 or ACCELSEL_ENOMEM. */
int asel_perf_read_cell(const accelsel_dataset *ds, size_t r, size_t c, asel_perf_cell *out);

/* Whether present cell @p x is a whole number from 1 to @p max. */
int asel_perf_cell_whole(const asel_perf_cell *x, double max);

/* NULL when cell @p x is absent or a whole number from 1 to @p max (no
 * bound when infinite); otherwise a note in @p buf (@p n bytes) naming
 * column @p name and the value. */
const char *asel_perf_check_cell(const asel_perf_cell *x, const char *name, double max, char *buf,
                                 size_t n);

/* The count in cell @p x: 0 when it is absent, or when it is not a whole
 * number from 1 to UINT32_MAX, with *why then set to the note of
 * asel_perf_check_cell() (in @p buf). */
uint32_t asel_perf_count_cell(const asel_perf_cell *x, const char *name, char *buf, size_t n,
                              const char **why);

#endif
