#include "core/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"

static int reserve(asel_buf *b, size_t extra)
{
    if (b->failed)
        return -1;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) {
        if (cap > SIZE_MAX / 2) {
            b->failed = 1;
            return -1;
        }
        cap *= 2;
    }
    char *d = asel_realloc(b->data, cap);
    if (d == NULL) {
        b->failed = 1;
        return -1;
    }
    b->data = d;
    b->cap = cap;
    return 0;
}

void asel_buf_append(asel_buf *b, const char *s, size_t n)
{
    if (reserve(b, n) != 0)
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void asel_buf_puts(asel_buf *b, const char *s)
{
    asel_buf_append(b, s, strlen(s));
}

void asel_buf_printf(asel_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n >= 0 && reserve(b, (size_t)n) == 0) {
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
        b->len += (size_t)n;
    }
    va_end(ap2);
}

/* %.*g (or %.*f) with the C locale's decimal point, whatever locale the host set. */
static void print_num(char out[32], int fixed, int prec, double v)
{
    snprintf(out, 32, fixed ? "%.*f" : "%.*g", prec, v);
    for (char *p = out; *p; p++)
        if (*p == ',')
            *p = '.';
}

static int round_trips(const char *s, double v)
{
    double back;
    return asel_parse_double(s, strlen(s), &back) == 0 && back == v;
}

void asel_format_double(char out[32], double v)
{
    if (v != v) {
        strcpy(out, "nan");
        return;
    }
    if (v == 1.0 / 0.0 || v == -1.0 / 0.0) {
        strcpy(out, v > 0 ? "inf" : "-inf");
        return;
    }
    int prec = 1;
    for (; prec < 17; prec++) {
        print_num(out, 0, prec, v);
        if (round_trips(out, v))
            break;
    }
    print_num(out, 0, prec, v);
    /* %g turns 60 into 6e+01 at one digit; plain notation reads better
     * while it is at most two characters longer. */
    char *e = strchr(out, 'e');
    if (e != NULL) {
        int exp10 = atoi(e + 1);
        if (exp10 > 0 && exp10 < 16) {
            char plain[32];
            int decimals = prec - 1 - exp10 > 0 ? prec - 1 - exp10 : 0;
            print_num(plain, 1, decimals, v);
            if (strlen(plain) <= strlen(out) + 2 && round_trips(plain, v))
                strcpy(out, plain);
        }
    }
    /* YAML 1.1 readers (PyYAML) take an exponent form for a float only with
     * a '.' in its mantissa: 1e-05 would be a string, 1.0e-05 is a float. */
    e = strchr(out, 'e');
    if (e != NULL && memchr(out, '.', (size_t)(e - out)) == NULL) {
        memmove(e + 2, e, strlen(e) + 1);
        memcpy(e, ".0", 2);
    }
}

void asel_buf_double(asel_buf *b, double v)
{
    char tmp[32];
    asel_format_double(tmp, v);
    asel_buf_puts(b, tmp);
}

int asel_buf_finish(asel_buf *b, char **out, size_t *len)
{
    if (!b->failed && reserve(b, 0) == 0) {
        b->data[b->len] = '\0';
        *out = b->data;
        if (len != NULL)
            *len = b->len;
        *b = (asel_buf)ASEL_BUF_INIT;
        return 0;
    }
    asel_buf_release(b);
    *out = NULL;
    return asel_enomem();
}

void asel_buf_release(asel_buf *b)
{
    asel_free(b->data);
    *b = (asel_buf)ASEL_BUF_INIT;
}

void asel_trim_blanks(const char *s, size_t *b, size_t *e)
{
    while (*b < *e && (s[*b] == ' ' || s[*b] == '\t'))
        (*b)++;
    while (*e > *b && (s[*e - 1] == ' ' || s[*e - 1] == '\t'))
        (*e)--;
}
