/* A growable byte buffer for building text (CSV, YAML, messages). */
#ifndef ASEL_BUF_H
#define ASEL_BUF_H

#include <stddef.h>

typedef struct asel_buf {
    char *data; /* NUL-terminated while len > 0 or after any append */
    size_t len;
    size_t cap;
    int failed; /* set once an allocation failed; later appends do nothing */
} asel_buf;

#define ASEL_BUF_INIT { NULL, 0, 0, 0 }

/* Append bytes, a string or formatted text. Failures are sticky: check
 * asel_buf_finish() (or b->failed) once at the end instead of after each call. */
void asel_buf_append(asel_buf *b, const char *s, size_t n);
void asel_buf_puts(asel_buf *b, const char *s);
void asel_buf_printf(asel_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Append the shortest decimal text that reads back as exactly @p v
 * ("nan", "inf", "-inf" for non-finite values). */
void asel_buf_double(asel_buf *b, double v);

/* Hand over the text: 0 with *out and *len set (caller frees with asel_free), or
 * ACCELSEL_ENOMEM with the buffer released and the error recorded. */
int asel_buf_finish(asel_buf *b, char **out, size_t *len);

void asel_buf_release(asel_buf *b);

/* Shortest "%.*g" text (up to 17 digits) that round-trips @p v, with a '.'
 * in an exponent form's mantissa (1.0e-05: YAML 1.1 reads 1e-05 as text);
 * @p out needs 32 bytes. */
void asel_format_double(char out[32], double v);

/* Locale-independent decimal number parser for [+-]digits[.digits][e[+-]digits]
 * and inf/infinity (any case). Consumes exactly @p len bytes or fails.
 * Returns 0 with *v set, ACCELSEL_EPARSE if the text is not such a number, or
 * ACCELSEL_ERANGE if it overflows a double. Correctly rounded. Sets no error. */
int asel_parse_double(const char *s, size_t len, double *v);

/* Narrows [*b, *e) of @p s past the spaces and tabs at both ends, the blanks
 * that every list and cell the library reads may carry around a value. */
void asel_trim_blanks(const char *s, size_t *b, size_t *e);

#endif
