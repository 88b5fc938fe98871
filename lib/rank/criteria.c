/* Parser for "COLUMN:WEIGHT:benefit|cost,..." criteria lists. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "rank/rank_impl.h"

#define SRC "<criteria>"

typedef struct span {
    size_t b, e; /* [b, e) byte offsets into the text */
} span;

static span trimmed(const char *t, size_t b, size_t e)
{
    asel_trim_blanks(t, &b, &e);
    return (span){b, e};
}

static int quote_len(span s)
{
    return (int)(s.e - s.b > ASEL_QUOTE_MAX ? ASEL_QUOTE_MAX : s.e - s.b);
}

static size_t last_colon(const char *t, size_t b, size_t e)
{
    for (size_t i = e; i > b; i--)
        if (t[i - 1] == ':')
            return i - 1;
    return SIZE_MAX;
}

static int parse_weight(const char *t, span w, double *weight)
{
    int rc = asel_parse_double(t + w.b, w.e - w.b, weight);
    uint32_t col = (uint32_t)w.b + 1;
    if (rc == ACCELSEL_ERANGE)
        return asel_error_at(rc, SRC, 1, col, "weight '%.*s' is out of range", quote_len(w),
                             t + w.b);
    if (rc != 0)
        return asel_error_at(ACCELSEL_EPARSE, SRC, 1, col, "weight '%.*s' is not a number",
                             quote_len(w), t + w.b);
    if (*weight < 0.0)
        return asel_error_at(ACCELSEL_EINVAL, SRC, 1, col, "weight '%.*s' is negative",
                             quote_len(w), t + w.b);
    /* The reader accepts "inf", but a criterion's weight must be finite. */
    if (isinf(*weight))
        return asel_error_at(ACCELSEL_EINVAL, SRC, 1, col, "weight '%.*s' is infinite",
                             quote_len(w), t + w.b);
    return 0;
}

static int parse_direction(const char *t, span d, int32_t *dir)
{
    size_t len = d.e - d.b;
    if (len == 7 && memcmp(t + d.b, "benefit", 7) == 0)
        *dir = ACCELSEL_CRITERION_BENEFIT;
    else if (len == 4 && memcmp(t + d.b, "cost", 4) == 0)
        *dir = ACCELSEL_CRITERION_COST;
    else
        return asel_error_at(ACCELSEL_EPARSE, SRC, 1, (uint32_t)d.b + 1,
                             "direction '%.*s' is not benefit or cost", quote_len(d), t + d.b);
    return 0;
}

/* One item in t[b, e): its column span, weight and direction. */
static int parse_item(const char *t, size_t b, size_t e, span *col, double *weight, int32_t *dir)
{
    span item = trimmed(t, b, e);
    if (item.b == item.e)
        return asel_error_at(ACCELSEL_EPARSE, SRC, 1, (uint32_t)item.b + 1, "empty criterion");
    size_t c2 = last_colon(t, item.b, item.e);
    size_t c1 = c2 == SIZE_MAX ? SIZE_MAX : last_colon(t, item.b, c2);
    if (c1 == SIZE_MAX)
        return asel_error_at(ACCELSEL_EPARSE, SRC, 1, (uint32_t)item.b + 1,
                             "criterion '%.*s' is not COLUMN:WEIGHT:benefit|cost",
                             quote_len(item), t + item.b);
    *col = trimmed(t, item.b, c1);
    if (col->b == col->e)
        return asel_error_at(ACCELSEL_EPARSE, SRC, 1, (uint32_t)item.b + 1, "empty column name");
    int rc = parse_weight(t, trimmed(t, c1 + 1, c2), weight);
    if (rc == 0)
        rc = parse_direction(t, trimmed(t, c2 + 1, item.e), dir);
    return rc;
}

/* Parse every item; count them and the bytes their names need. When @p out
 * is not NULL, also fill it, copying the names to @p names. */
static int scan(const char *t, size_t len, accelsel_criterion *out, char *names, size_t *n,
                size_t *bytes)
{
    size_t b = 0;
    *n = 0;
    *bytes = 0;
    for (;;) {
        size_t e = b;
        while (e < len && t[e] != ',')
            e++;
        span col = {0, 0};
        double weight = 0.0;
        int32_t dir = 0;
        int rc = parse_item(t, b, e, &col, &weight, &dir);
        if (rc != 0)
            return rc;
        if (out != NULL) {
            char *name = names + *bytes;
            memcpy(name, t + col.b, col.e - col.b);
            name[col.e - col.b] = '\0';
            out[*n] = (accelsel_criterion){name, weight, dir};
        }
        (*n)++;
        *bytes += col.e - col.b + 1;
        if (e == len)
            return 0;
        b = e + 1;
    }
}

ACCELSEL_API int accelsel_criteria_parse(accelsel_criterion **out, size_t *n, const char *text)
{
    if (out != NULL)
        *out = NULL;
    if (n != NULL)
        *n = 0;
    if (out == NULL)
        return asel_einval("accelsel_criteria_parse", "out");
    if (n == NULL)
        return asel_einval("accelsel_criteria_parse", "n");
    if (text == NULL)
        return asel_einval("accelsel_criteria_parse", "text");
    size_t len = strlen(text);
    span all = trimmed(text, 0, len);
    if (all.b == all.e)
        return asel_error_at(ACCELSEL_EPARSE, SRC, 1, 1, "no criteria");
    size_t count, bytes;
    int rc = scan(text, len, NULL, NULL, &count, &bytes);
    if (rc != 0)
        return rc;
    /* One block: the array, then the names it points to. */
    accelsel_criterion *c = asel_malloc(count * sizeof *c + bytes);
    if (c == NULL)
        return asel_enomem();
    scan(text, len, c, (char *)(c + count), &count, &bytes);
    *out = c;
    *n = count;
    return 0;
}
