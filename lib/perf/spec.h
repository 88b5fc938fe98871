/* A parsed what-if spec (accelsel_predict_spec_parse()): NAME:COUNTS items. */
#ifndef ASEL_PERF_SPEC_H
#define ASEL_PERF_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "accelsel/predict.h"

/* At most this many counts in one item, "..." expanded. */
#define ASEL_SPEC_MAX_COUNTS 4096

typedef struct asel_spec_item {
    char *name;       /* owned; NULL for a list of counts alone */
    uint32_t *counts; /* owned; increasing */
    size_t n;
} asel_spec_item;

struct accelsel_predict_spec {
    asel_spec_item *item;
    size_t n, cap;
};

/* Parse the COUNTS of item @p name, @p len bytes at @p text, which starts at
 * 0-based byte @p column of the whole spec (for messages), into @p it's
 * counts: increasing counts from 1 to UINT32_MAX in the number syntax of
 * every option (8 or 8e0), and "..." continuing the series of the two or
 * three terms before it (a constant difference or a whole ratio) up to
 * the term after it. 0; ACCELSEL_EPARSE naming the item, the column and
 * the text, field "spec" (a list alone: the column, field "counts");
 * ACCELSEL_ENOMEM. The counts are @p it's even on failure. */
int asel_spec_parse_counts(asel_spec_item *it, const char *text, size_t len, size_t column);

#endif
