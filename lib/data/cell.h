/* How cell text is read: the missing-value tokens and the number test that
 * the CSV reader applies, which the CSV writer must mirror to round-trip. */
#ifndef ASEL_CELL_H
#define ASEL_CELL_H

#include <stddef.h>

/* 1 if @p len bytes at @p s are a missing-value token when unquoted: empty,
 * NA, N/A or NaN in any case. */
int asel_missing_token(const char *s, size_t len);

/* 1 if the text would read as a number (asel_parse_double() accepts it or
 * finds it overflowing), 0 if not, ACCELSEL_ENOMEM (recorded). */
int asel_looks_numeric(const char *s, size_t len);

#endif
