/* UTF-8 validation (RFC 3629) for the CSV reader and for strings handed to
 * datasets: overlong forms, UTF-16 surrogates, code points above U+10FFFF,
 * stray continuation bytes and truncated sequences are all invalid. */
#ifndef ASEL_CSV_UTF8_H
#define ASEL_CSV_UTF8_H

#include <stddef.h>

/* Length of the valid multi-byte sequence starting at @p p (whose first byte
 * is >= 0x80), or 0 if the bytes from @p p up to @p end are not one. */
size_t asel_utf8_seq(const unsigned char *p, const unsigned char *end);

/* 1 if @p len bytes at @p s are valid UTF-8, else 0 with *bad (if not NULL)
 * set to the offset of the first byte of the first invalid sequence. */
int asel_utf8_valid(const char *s, size_t len, size_t *bad);

#endif
