/* Fuzz accelsel_predict_spec_parse() and accelsel_predict_counts_parse()
 * with the input as text. A failure is a documented status with a message;
 * a parsed spec has names and increasing counts from 1, and the text
 * written back from it (NAME:C1,C2,...;...) parses to the same items. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_ENOMEM, 0};

/* The spec's text in canonical form, in @p out of @p cap bytes; 0 if it did not fit. */
static int write_back(const accelsel_predict_spec *s, char *out, size_t cap)
{
    size_t at = 0;
    for (size_t i = 0; i < accelsel_predict_spec_items(s); i++) {
        size_t n;
        const uint32_t *c = accelsel_predict_spec_counts(s, i, &n);
        int w = snprintf(out + at, cap - at, "%s%s:", i ? ";" : "", accelsel_predict_spec_name(s, i));
        for (size_t k = 0; w >= 0 && (size_t)w < cap - at && k < n; k++) {
            at += (size_t)w;
            w = snprintf(out + at, cap - at, "%s%u", k ? "," : "", c[k]);
        }
        if (w < 0 || (size_t)w >= cap - at)
            return 0;
        at += (size_t)w;
    }
    return 1;
}

static void check_items(const accelsel_predict_spec *s, const accelsel_predict_spec *again)
{
    if (accelsel_predict_spec_items(s) != accelsel_predict_spec_items(again))
        __builtin_trap();
    for (size_t i = 0; i < accelsel_predict_spec_items(s); i++) {
        size_t n, m;
        const uint32_t *c = accelsel_predict_spec_counts(s, i, &n);
        const uint32_t *d = accelsel_predict_spec_counts(again, i, &m);
        const char *name = accelsel_predict_spec_name(s, i);
        if (name[0] == '\0' || strcmp(name, accelsel_predict_spec_name(again, i)) != 0 || n == 0 ||
            n != m || memcmp(c, d, n * sizeof *c) != 0 || c[0] < 1)
            __builtin_trap();
        for (size_t k = 1; k < n; k++)
            if (c[k] <= c[k - 1])
                __builtin_trap();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* a NUL inside ends the text, as for any C caller */
    uint32_t *counts = NULL;
    size_t n = 0;
    int rc = accelsel_predict_counts_parse(&counts, &n, text);
    if (rc != 0)
        fuzz_check_failure(rc, counts, errors, 0);
    accelsel_free(counts);
    accelsel_predict_spec *s = NULL, *again = NULL;
    rc = accelsel_predict_spec_parse(&s, text);
    if (rc != 0) {
        fuzz_check_failure(rc, s, errors, 0);
        free(text);
        return 0;
    }
    static char back[1 << 16];
    if (write_back(s, back, sizeof back)) {
        if (accelsel_predict_spec_parse(&again, back) != 0)
            __builtin_trap();
        check_items(s, again);
    }
    accelsel_predict_spec_free(again);
    accelsel_predict_spec_free(s);
    free(text);
    return 0;
}
