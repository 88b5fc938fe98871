/* How cell text is read: the missing-value tokens that the CSV reader
 * applies, which the CSV writer must mirror to round-trip. */
#ifndef ASEL_CELL_H
#define ASEL_CELL_H

#include <stddef.h>

/* 1 if @p len bytes at @p s are a missing-value token when unquoted: empty,
 * NA, N/A or NaN in any case. */
int asel_missing_token(const char *s, size_t len);

#endif
