#include "core/csv_tok.h"

#include <string.h>

#include "accelsel/common.h"
#include "core/alloc.h"
#include "core/csv_utf8.h"
#include "core/error.h"

static uint32_t clamp32(size_t v)
{
    return v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
}

static int fail_at(const asel_csv_tok *t, size_t line, size_t column, const char *what)
{
    return asel_error_at(ACCELSEL_EPARSE, t->source, clamp32(line), clamp32(column), "%s", what);
}

static int fail(const asel_csv_tok *t, const unsigned char *p, const char *what)
{
    return fail_at(t, t->line, (size_t)(p - t->line_start) + 1, what);
}

void asel_csv_init(asel_csv_tok *t, const char *data, size_t len, unsigned char delim,
                   uint64_t max_field_len, const char *source)
{
    memset(t, 0, sizeof *t);
    t->base = (const unsigned char *)data;
    t->p = t->base;
    t->end = t->base + len;
    if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        t->p += 3;
    t->line_start = t->p;
    t->line = 1;
    t->delim = delim;
    t->max_field_len = max_field_len;
    t->source = source;
    t->at_record_start = 1;
    /* High bytes stop both scans so that UTF-8 is checked where it occurs. */
    memset(t->stop_plain + 0x80, 1, 0x80);
    memset(t->stop_quoted + 0x80, 1, 0x80);
    t->stop_plain[0] = t->stop_plain['"'] = t->stop_plain['\n'] = t->stop_plain['\r'] = 1;
    t->stop_plain[delim] = 1;
    t->stop_quoted[0] = t->stop_quoted['"'] = t->stop_quoted['\n'] = t->stop_quoted['\r'] = 1;
}

void asel_csv_release(asel_csv_tok *t)
{
    asel_free(t->scratch);
    t->scratch = NULL;
    t->scratch_cap = 0;
}

size_t asel_csv_offset(const asel_csv_tok *t)
{
    return (size_t)(t->p - t->base);
}

void asel_csv_seek(asel_csv_tok *t, size_t offset)
{
    t->p = t->base + offset;
    t->line_start = t->p;
    t->at_record_start = 1;
}

int asel_csv_blank_tail(const asel_csv_tok *t)
{
    const unsigned char *p = t->p;
    while (p < t->end && (*p == '\n' || *p == '\r'))
        p++;
    return p == t->end;
}

/* Step over the delimiter or line end at @p p that closes field @p f. */
static int finish_field(asel_csv_tok *t, asel_csv_field *f, const unsigned char *p)
{
    if (t->max_field_len != 0 && f->len > t->max_field_len)
        return fail_at(t, f->line, f->column, "field longer than max_field_len");
    f->last = 1;
    if (p == t->end) {
        t->at_record_start = 1;
    } else if (*p == t->delim) {
        f->last = 0;
        p++;
    } else {
        p += (*p == '\r' && p + 1 < t->end && p[1] == '\n') ? 2 : 1;
        t->line++;
        t->line_start = p;
        t->at_record_start = 1;
    }
    t->p = p;
    return 1;
}

/* A stop byte inside text that is not the field's end: a UTF-8 sequence to
 * step over (its length) or an error (0, recorded). */
static size_t plain_byte(const asel_csv_tok *t, const unsigned char *p, int *rc)
{
    size_t n = *p >= 0x80 ? asel_utf8_seq(p, t->end) : 0;
    if (n == 0)
        *rc = fail(t, p, *p >= 0x80 ? "invalid UTF-8" : *p == '"' ? "quote inside an unquoted field" : "NUL byte in input");
    return n;
}

static int unquoted(asel_csv_tok *t, asel_csv_field *f)
{
    const unsigned char *start = t->p, *p = start, *end = t->end;
    for (;;) {
        while (p < end && !t->stop_plain[*p])
            p++;
        if (p == end || *p == t->delim || *p == '\n' || *p == '\r')
            break;
        int rc = 0;
        size_t n = plain_byte(t, p, &rc);
        if (n == 0)
            return rc;
        p += n;
    }
    f->text = (const char *)start;
    f->len = (size_t)(p - start);
    f->quoted = 0;
    return finish_field(t, f, p);
}

/* Append [from, to) to the scratch text of length *used. */
static int scratch_add(asel_csv_tok *t, size_t *used, const unsigned char *from,
                       const unsigned char *to)
{
    size_t n = (size_t)(to - from);
    if (*used + n > t->scratch_cap) {
        size_t cap = t->scratch_cap ? t->scratch_cap : 64;
        while (cap < *used + n)
            cap *= 2;
        char *s = asel_realloc(t->scratch, cap);
        if (s == NULL)
            return asel_enomem();
        t->scratch = s;
        t->scratch_cap = cap;
    }
    memcpy(t->scratch + *used, from, n);
    *used += n;
    return 0;
}

/* Handle a stop byte inside quotes other than the closing quote: a line
 * break (counted) or a UTF-8 sequence. Returns bytes to step over, or 0 with
 * *rc set. */
static size_t quoted_byte(asel_csv_tok *t, const unsigned char *p, int *rc)
{
    if (*p == '\n' || *p == '\r') {
        size_t n = (*p == '\r' && p + 1 < t->end && p[1] == '\n') ? 2 : 1;
        t->line++;
        t->line_start = p + n;
        return n;
    }
    size_t n = *p >= 0x80 ? asel_utf8_seq(p, t->end) : 0;
    if (n == 0)
        *rc = fail(t, p, *p >= 0x80 ? "invalid UTF-8" : "NUL byte in input");
    return n;
}

static int quoted(asel_csv_tok *t, asel_csv_field *f)
{
    const unsigned char *p = t->p + 1, *seg = p, *end = t->end;
    size_t used = 0;
    int copied = 0, rc = 0;
    for (;;) {
        while (p < end && !t->stop_quoted[*p])
            p++;
        if (p == end)
            return fail_at(t, f->line, f->column, "unterminated quoted field");
        if (*p == '"') {
            if (p + 1 == end || p[1] != '"')
                break;
            /* Keep one quote of the pair: the segment ends after the first. */
            if ((rc = scratch_add(t, &used, seg, p + 1)) != 0)
                return rc;
            copied = 1;
            p += 2;
            seg = p;
            continue;
        }
        size_t n = quoted_byte(t, p, &rc);
        if (n == 0)
            return rc;
        p += n;
    }
    if (copied && (rc = scratch_add(t, &used, seg, p)) != 0)
        return rc;
    f->text = copied ? t->scratch : (const char *)seg;
    f->len = copied ? used : (size_t)(p - seg);
    f->quoted = 1;
    p++;
    if (p < end && *p != t->delim && *p != '\n' && *p != '\r')
        return fail(t, p, "text after closing quote");
    return finish_field(t, f, p);
}

int asel_csv_next(asel_csv_tok *t, asel_csv_field *f)
{
    const unsigned char *p = t->p;
    if (t->at_record_start && p == t->end)
        return 0;
    f->line = t->line;
    f->column = (size_t)(p - t->line_start) + 1;
    f->blank = t->at_record_start && (*p == '\n' || *p == '\r');
    t->at_record_start = 0;
    if (p < t->end && *p == '"')
        return quoted(t, f);
    return unquoted(t, f);
}
