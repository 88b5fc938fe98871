/* Fuzz the ranking criteria parser. On success every criterion must be
 * valid as accelsel_criterion documents it, and writing the list back as
 * COLUMN:WEIGHT:DIRECTION text must parse to the same list. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/rank.h"
#include "core/buf.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EINVAL, ACCELSEL_EPARSE, ACCELSEL_ERANGE, ACCELSEL_ENOMEM, 0};

static void check_valid(const accelsel_criterion *c, size_t n)
{
    if (n == 0)
        __builtin_trap();
    for (size_t i = 0; i < n; i++)
        if (c[i].column == NULL || c[i].column[0] == '\0' || !isfinite(c[i].weight) ||
            c[i].weight < 0 ||
            (c[i].direction != ACCELSEL_CRITERION_BENEFIT &&
             c[i].direction != ACCELSEL_CRITERION_COST)) {
            fprintf(stderr, "invalid criterion %zu: '%s' weight %g direction %d\n", i,
                    c[i].column ? c[i].column : "(null)", c[i].weight, (int)c[i].direction);
            __builtin_trap();
        }
}

static char *write_back(const accelsel_criterion *c, size_t n)
{
    asel_buf b = ASEL_BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        asel_buf_printf(&b, "%s%s:", i ? "," : "", c[i].column);
        asel_buf_double(&b, c[i].weight);
        asel_buf_puts(&b, c[i].direction == ACCELSEL_CRITERION_COST ? ":cost" : ":benefit");
    }
    char *text = NULL;
    size_t len;
    if (asel_buf_finish(&b, &text, &len) != 0)
        __builtin_trap();
    return text;
}

static void check_same(const accelsel_criterion *a, size_t na, const accelsel_criterion *b,
                       size_t nb)
{
    if (na != nb)
        __builtin_trap();
    for (size_t i = 0; i < na; i++)
        if (strcmp(a[i].column, b[i].column) != 0 || a[i].weight != b[i].weight ||
            a[i].direction != b[i].direction)
            __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    accelsel_criterion *c = NULL, *again = NULL;
    size_t n = 0, n_again = 0;
    int rc = accelsel_criteria_parse(&c, &n, text);
    if (rc != 0) {
        fuzz_check_failure(rc, c, errors, 1);
    } else {
        check_valid(c, n);
        char *back = write_back(c, n);
        fuzz_check_reload(accelsel_criteria_parse(&again, &n_again, back), back);
        check_same(c, n, again, n_again);
        accelsel_free(back);
        accelsel_free(again);
        accelsel_free(c);
    }
    free(text);
    return 0;
}
