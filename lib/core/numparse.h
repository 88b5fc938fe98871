/* Reading a number where it starts, without knowing where it ends: for
 * readers that find the end of a field and its value in one pass.
 * asel_parse_double() (core/buf.h) is the same grammar over a whole text. */
#ifndef ASEL_NUMPARSE_H
#define ASEL_NUMPARSE_H

#include <stddef.h>

/* The longest prefix of the @p len bytes at @p s that asel_parse_double()
 * would accept: 0 with *v and *used (>= 1) set, ACCELSEL_EPARSE if no prefix
 * is a number, ACCELSEL_ERANGE if it overflows a double, ACCELSEL_ENOMEM.
 * Reads no byte past @p len. Sets no error. */
int asel_scan_double(const char *s, size_t len, double *v, size_t *used);

/* 1 if byte @p c can be part of a number that asel_scan_double() reads. */
int asel_number_byte(unsigned char c);

#endif
