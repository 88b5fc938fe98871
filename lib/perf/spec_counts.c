/* The COUNTS of a what-if spec item (spec.h): a comma-separated list of
 * increasing counts in which "..." stands for the terms of a series. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "perf/spec.h"

/* The list read so far; @p start is where the series that a "..." would
 * continue begins: the list's first term, or the end term of the last "...". */
typedef struct count_list {
    asel_spec_item *it;
    size_t start, column; /* column: 1-based, of the term being read */
} count_list;

/* A list of an item names the item; a list alone, accelsel_predict_counts_parse(). */
static int fail(const count_list *c, const char *what)
{
    if (c->it->name == NULL)
        return asel_error_field(ACCELSEL_EPARSE, "counts", "column %zu: %s", c->column, what);
    return asel_error_field(ACCELSEL_EPARSE, "spec", "the counts of '%.64s', column %zu: %s",
                            c->it->name, c->column, what);
}

static int push(count_list *c, uint64_t v)
{
    if (c->it->n >= ASEL_SPEC_MAX_COUNTS) {
        char what[64];
        snprintf(what, sizeof what, "more than %d counts", ASEL_SPEC_MAX_COUNTS);
        return fail(c, what);
    }
    c->it->counts[c->it->n++] = (uint32_t)v;
    return 0;
}

/* The step of the series that "..." continues (two terms or more): a
 * difference, or a ratio when *geometric. Two terms make an arithmetic
 * series; more, their last three: a constant difference or whole ratio. */
static int series_step(const count_list *c, uint64_t *step, int *geometric)
{
    const uint32_t *v = c->it->counts;
    size_t n = c->it->n;
    uint64_t b = v[n - 2], last = v[n - 1];
    *geometric = 0;
    *step = last - b;
    if (n - c->start == 2)
        return 0;
    uint64_t a = v[n - 3];
    if (b - a == last - b)
        return 0;
    if (b % a == 0 && last == b * (b / a)) {
        *geometric = 1;
        *step = b / a;
        return 0;
    }
    char what[128];
    snprintf(what, sizeof what, "%llu,%llu,%llu before '...' have neither a constant difference "
             "nor a constant whole ratio", (unsigned long long)a, (unsigned long long)b,
             (unsigned long long)last);
    return fail(c, what);
}

/* The terms that "..." stands for, between the last one written and @p end,
 * which must lie on the series. */
static int extend(count_list *c, uint64_t end)
{
    uint64_t step = 0;
    int geometric = 0, rc = series_step(c, &step, &geometric);
    uint64_t v = c->it->counts[c->it->n - 1];
    char what[128];
    if (rc == 0 && end <= v) {
        snprintf(what, sizeof what, "'...' must end above %llu, not at %llu",
                 (unsigned long long)v, (unsigned long long)end);
        return fail(c, what);
    }
    while (rc == 0 && (v = geometric ? v * step : v + step) < end)
        rc = push(c, v);
    if (rc == 0 && v != end) {
        snprintf(what, sizeof what, "the end %llu is not on the series before '...', which goes "
                 "from %u to %llu", (unsigned long long)end, c->it->counts[c->it->n - 1],
                 (unsigned long long)v);
        return fail(c, what);
    }
    return rc;
}

/* A count from 1 to UINT32_MAX, the whole @p len bytes, in the number
 * syntax of every option (8, 8e0); -1 if it is not one. */
static int read_count(const char *s, size_t len, uint64_t *out)
{
    double v;
    if (len == 0 || asel_parse_double(s, len, &v) != 0 || !isfinite(v) || v != floor(v) ||
        v < 1 || v > UINT32_MAX)
        return -1;
    *out = (uint64_t)v;
    return 0;
}

/* One term (or "...") of @p len bytes at @p s; *pending when the last was "...". */
static int parse_term(count_list *c, const char *s, size_t len, int *pending)
{
    if (len == 3 && memcmp(s, "...", 3) == 0) {
        if (*pending)
            return fail(c, "'...' twice in a row");
        if (c->it->n - c->start < 2)
            return fail(c, "'...' needs two terms before it (e.g. 8,16,...,64)");
        *pending = 1;
        return 0;
    }
    uint64_t v;
    char what[160];
    if (read_count(s, len, &v) != 0) {
        snprintf(what, sizeof what, "'%.*s' is not a count from 1 to %u",
                 len > 64 ? 64 : (int)len, s, UINT32_MAX);
        return fail(c, what);
    }
    int rc = *pending ? extend(c, v) : 0;
    if (rc == 0 && c->it->n > 0 && v <= c->it->counts[c->it->n - 1]) {
        snprintf(what, sizeof what, "%llu after %u: the counts must increase",
                 (unsigned long long)v, c->it->counts[c->it->n - 1]);
        return fail(c, what);
    }
    if (rc == 0 && *pending)
        c->start = c->it->n; /* a later "..." continues from this end term */
    *pending = 0;
    return rc == 0 ? push(c, v) : rc;
}

int asel_spec_parse_counts(asel_spec_item *it, const char *text, size_t len, size_t column)
{
    it->counts = asel_malloc(ASEL_SPEC_MAX_COUNTS * sizeof *it->counts);
    if (it->counts == NULL)
        return asel_enomem();
    count_list c = {it, 0, 0};
    int rc, pending = 0;
    for (size_t b = 0;; ) {
        const char *comma = memchr(text + b, ',', len - b);
        size_t e = comma != NULL ? (size_t)(comma - text) : len;
        c.column = column + 1 + b;
        rc = parse_term(&c, text + b, e - b, &pending);
        if (rc != 0 || comma == NULL)
            break;
        b = e + 1;
    }
    if (rc == 0 && pending)
        rc = fail(&c, "'...' needs an end term after it (e.g. 1,2,4,...,1024)");
    /* Room for the largest list while reading; a spec of many short items
     * keeps only what they hold. */
    uint32_t *fit = rc == 0 ? asel_realloc(it->counts, it->n * sizeof *fit) : NULL;
    if (fit != NULL)
        it->counts = fit;
    return rc;
}

ACCELSEL_API int accelsel_predict_counts_parse(uint32_t **out, size_t *n, const char *counts)
{
    if (out != NULL)
        *out = NULL;
    if (n != NULL)
        *n = 0;
    const char *bad = out == NULL ? "out" : n == NULL ? "n" : counts == NULL ? "counts" : NULL;
    if (bad != NULL)
        return asel_error_field(ACCELSEL_EINVAL, bad,
                                "accelsel_predict_counts_parse: invalid argument '%s'", bad);
    asel_spec_item it = { NULL, NULL, 0 };
    int rc = asel_spec_parse_counts(&it, counts, strlen(counts), 0);
    if (rc != 0) {
        asel_free(it.counts);
        return rc;
    }
    *out = it.counts;
    *n = it.n;
    return 0;
}
