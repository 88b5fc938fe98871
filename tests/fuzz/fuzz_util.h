/* Checks shared by the fuzz targets. A violated expectation is a bug in the
 * library, so it stops the run with __builtin_trap() after saying why. */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stdio.h>
#include <string.h>

#include "accelsel/common.h"

/* A failed call must leave *out NULL, return one of the statuses its header
 * documents (@p allowed, 0-terminated) and record a one-line message; with
 * @p positioned, a parse or range error also has its source, line and column. */
static inline void fuzz_check_failure(int rc, const void *out, const int *allowed, int positioned)
{
    const accelsel_error *e = accelsel_last_error();
    int known = 0;
    for (const int *a = allowed; *a != 0; a++)
        known |= *a == rc;
    int placed = !positioned || (rc != ACCELSEL_EPARSE && rc != ACCELSEL_ERANGE) ||
                 (e->source != NULL && e->line > 0 && e->column > 0);
    if (!known || !placed || out != NULL || e->code != rc || e->message[0] == '\0' ||
        strchr(e->message, '\n') != NULL) {
        fprintf(stderr, "bad failure: %s, out %p, last error %s at %u:%u '%s'\n",
                accelsel_status_name(rc), out, accelsel_status_name(e->code), e->line, e->column,
                e->message);
        __builtin_trap();
    }
}

/* Reloading what was saved must succeed. */
static inline void fuzz_check_reload(int rc, const char *text)
{
    if (rc != 0) {
        fprintf(stderr, "saved text does not load (%d: %s):\n%s\n", rc,
                accelsel_last_error()->message, text);
        __builtin_trap();
    }
}

/* The second save must give the text of the first. */
static inline void fuzz_check_same(const char *a, size_t alen, const char *b, size_t blen)
{
    if (alen != blen || memcmp(a, b, alen) != 0) {
        fprintf(stderr, "round trip changed the text:\n--- first\n%s\n--- second\n%s\n", a, b);
        __builtin_trap();
    }
}

#endif
