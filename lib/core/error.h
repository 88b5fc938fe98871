/* Thread-local error detail behind accelsel_last_error(). */
#ifndef ASEL_ERROR_H
#define ASEL_ERROR_H

#include <stdint.h>

#include "accelsel/common.h"

/* Record @p code with a printf-style message on this thread; returns @p code
 * so that callers can write `return asel_error(ACCELSEL_EINVAL, "...")`. */
int asel_error(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* As asel_error(), for a parse error at @p source:@p line:@p column. The
 * message is prefixed with "source:line:column: ". */
int asel_error_at(int code, const char *source, uint32_t line, uint32_t column,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* As asel_error(), blaming the options or request member @p field (a name
 * as the public header spells it; copied). */
int asel_error_field(int code, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Blame @p field for this thread's last error, recorded by a callee that did
 * not know which field it was reading, and return its code. An allocation
 * failure is nobody's field, and a field already blamed (the callee's, more
 * precise) stays. */
int asel_error_blame(const char *field);

/* Shorthand for a NULL or invalid argument named @p what in function @p fn,
 * which is the field at fault. */
#define asel_einval(fn, what)                                                                   \
    asel_error_field(ACCELSEL_EINVAL, (what), "%s: invalid argument '%s'", (fn), (what))

#define ASEL_MSG_MAX 512
#define ASEL_SRC_MAX 256
#define ASEL_FIELD_MAX 64

/* A copy of this thread's error detail, to carry it to another thread. */
typedef struct asel_error_record {
    int code;
    int has_source, has_field;
    uint32_t line, column;
    char message[ASEL_MSG_MAX];
    char source[ASEL_SRC_MAX];
    char field[ASEL_FIELD_MAX];
} asel_error_record;

/* This thread's error detail into @p out. */
void asel_error_save(asel_error_record *out);

/* Make @p in this thread's error detail. */
void asel_error_restore(const asel_error_record *in);

/* Shorthand for an allocation failure. */
int asel_enomem(void);

/* Caller text quoted in a message is cut to this many bytes, followed by
 * asel_ellipsis(s), as "'%.*s%s'", so that what the message says after the
 * quote survives its length limit (100 KB of input would push it out). */
#define ASEL_QUOTE_MAX 64

/* "..." if @p s is longer than ASEL_QUOTE_MAX bytes, else "". */
const char *asel_ellipsis(const char *s);

#endif
