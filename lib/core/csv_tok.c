#include "core/csv_tok.h"

#include <string.h>

#include "accelsel/common.h"
#include "core/alloc.h"
#include "core/csv_utf8.h"
#include "core/numparse.h"

static const char bom[] = "\xEF\xBB\xBF";

static int fail(asel_csv_tok *t, const unsigned char *at, const char *what)
{
    t->err_what = what;
    t->err_offset = (size_t)(at - t->base);
    return ACCELSEL_EPARSE;
}

void asel_csv_init(asel_csv_tok *t, const char *data, size_t len, unsigned char delim,
                   uint64_t max_field_len)
{
    memset(t, 0, sizeof *t);
    t->base = (const unsigned char *)data;
    t->p = t->base;
    t->end = t->input_end = t->base + len;
    if (len >= 3 && memcmp(data, bom, 3) == 0)
        t->p += 3;
    t->delim = delim;
    t->max_field_len = max_field_len;
    t->at_record_start = 1;
    /* High bytes stop both scans so that UTF-8 is checked where it occurs. */
    memset(t->stop_plain + 0x80, 1, 0x80);
    memset(t->stop_quoted + 0x80, 1, 0x80);
    t->stop_plain[0] = t->stop_plain['"'] = t->stop_plain['\n'] = t->stop_plain['\r'] = 1;
    t->stop_plain[delim] = 1;
    t->stop_quoted[0] = t->stop_quoted['"'] = 1;
}

void asel_csv_range(asel_csv_tok *t, size_t begin, size_t end)
{
    t->p = t->base + begin;
    t->end = t->base + end;
    t->at_record_start = 1;
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

int asel_csv_blank_tail(const asel_csv_tok *t)
{
    const unsigned char *p = t->p;
    while (p < t->input_end && (*p == '\n' || *p == '\r'))
        p++;
    return p == t->input_end;
}

void asel_csv_position(const char *data, size_t len, size_t offset, size_t *line, size_t *column)
{
    size_t start = len >= 3 && memcmp(data, bom, 3) == 0 ? 3 : 0, line_start = start;
    *line = 1;
    for (size_t i = start; i < offset; i++) {
        if (data[i] == '\n' || (data[i] == '\r' && (i + 1 >= len || data[i + 1] != '\n'))) {
            ++*line;
            line_start = i + 1;
        }
    }
    *column = offset - line_start + 1;
}

/* Step over the delimiter or line end at @p p that closes field @p f. */
static int finish_field(asel_csv_tok *t, asel_csv_field *f, const unsigned char *p)
{
    if (t->max_field_len != 0 && f->len > t->max_field_len)
        return fail(t, t->base + f->offset, "field longer than max_field_len");
    f->last = 1;
    if (p == t->end) {
        t->at_record_start = 1;
    } else if (*p == t->delim) {
        f->last = 0;
        p++;
    } else {
        p += (*p == '\r' && p + 1 < t->end && p[1] == '\n') ? 2 : 1;
        t->at_record_start = 1;
    }
    t->p = p;
    return 1;
}

/* A stop byte inside a field that does not end it: the length of the UTF-8
 * sequence to step over, or 0 after recording the error. */
static size_t inner_byte(asel_csv_tok *t, const unsigned char *p, int quoted)
{
    size_t n = *p >= 0x80 ? asel_utf8_seq(p, t->end) : 0;
    if (n != 0)
        return n;
    if (*p >= 0x80)
        fail(t, p, "invalid UTF-8");
    else if (*p == '"' && !quoted)
        fail(t, p, "quote inside an unquoted field");
    else
        fail(t, p, "NUL byte in input");
    return 0;
}

static int unquoted(asel_csv_tok *t, asel_csv_field *f)
{
    const unsigned char *start = t->p, *p = start, *end = t->end;
    for (;;) {
        while (p < end && !t->stop_plain[*p])
            p++;
        if (p == end || *p == t->delim || *p == '\n' || *p == '\r')
            break;
        size_t n = inner_byte(t, p, 0);
        if (n == 0)
            return ACCELSEL_EPARSE;
        p += n;
    }
    f->text = (const char *)start;
    f->len = (size_t)(p - start);
    f->quoted = 0;
    /* Most fields end at a delimiter with no length limit to check. */
    if (p < end && *p == t->delim && t->max_field_len == 0) {
        f->last = 0;
        t->p = p + 1;
        return 1;
    }
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
        if (s == NULL) {
            t->err_what = "out of memory";
            return ACCELSEL_ENOMEM;
        }
        t->scratch = s;
        t->scratch_cap = cap;
    }
    memcpy(t->scratch + *used, from, n);
    *used += n;
    return 0;
}

static int quoted(asel_csv_tok *t, asel_csv_field *f)
{
    const unsigned char *p = t->p + 1, *seg = p, *end = t->end;
    size_t used = 0;
    int copied = 0, rc;
    for (;;) {
        while (p < end && !t->stop_quoted[*p])
            p++;
        if (p == end)
            return fail(t, t->p, "unterminated quoted field");
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
        size_t n = inner_byte(t, p, 1);
        if (n == 0)
            return ACCELSEL_EPARSE;
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

int asel_csv_next_number(asel_csv_tok *t, asel_csv_field *f, double *v)
{
    const unsigned char *p = t->p, *end = t->end;
    size_t n;
    if (asel_scan_double((const char *)p, (size_t)(end - p), v, &n) != 0)
        return 0;
    /* A number has no quote, NUL, line end or (the caller checks) delimiter:
     * the field is the number if a field end follows it. */
    const unsigned char *q = p + n;
    if (q != end && *q != t->delim && *q != '\n' && *q != '\r')
        return 0;
    f->text = (const char *)p;
    f->len = n;
    f->offset = (size_t)(p - t->base);
    f->quoted = f->blank = 0;
    t->at_record_start = 0;
    if (q != end && *q == t->delim && t->max_field_len == 0) {
        f->last = 0;
        t->p = q + 1;
        return 1;
    }
    return finish_field(t, f, q);
}

int asel_csv_next(asel_csv_tok *t, asel_csv_field *f)
{
    const unsigned char *p = t->p;
    if (t->at_record_start && p == t->end)
        return 0;
    f->offset = (size_t)(p - t->base);
    f->blank = t->at_record_start && (*p == '\n' || *p == '\r');
    t->at_record_start = 0;
    if (p < t->end && *p == '"')
        return quoted(t, f);
    return unquoted(t, f);
}
