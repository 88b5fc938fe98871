/* Finding a repeated name in a list without comparing every pair. */
#ifndef ASEL_REPEAT_H
#define ASEL_REPEAT_H

#include <stddef.h>

/* The first string of @p s[0..n-1] (NULL entries are skipped) equal to an
 * earlier one: 0 with *later its index and *earlier the index of the first
 * of them, or *later = SIZE_MAX when all differ; or ACCELSEL_ENOMEM
 * (recorded). O(n log n) by sorting: a search of the earlier strings for
 * each one made the loaders quadratic in their input. */
int asel_first_repeat(const char *const *s, size_t n, size_t *later, size_t *earlier);

#endif
