#include "core/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* One record per thread: errors never cross threads and need no locking. */
static _Thread_local struct {
    accelsel_error pub;
    char message[ASEL_MSG_MAX];
    char source[ASEL_SRC_MAX];
    char field[ASEL_FIELD_MAX];
} tls_error;

static const struct {
    int code;
    const char *name;
    const char *text;
} status_table[] = {
    {ACCELSEL_OK, "ACCELSEL_OK", "success"},
    {ACCELSEL_EINVAL, "ACCELSEL_EINVAL", "invalid argument"},
    {ACCELSEL_ENOMEM, "ACCELSEL_ENOMEM", "out of memory"},
    {ACCELSEL_EIO, "ACCELSEL_EIO", "input/output error"},
    {ACCELSEL_EPARSE, "ACCELSEL_EPARSE", "malformed input"},
    {ACCELSEL_ENOTFOUND, "ACCELSEL_ENOTFOUND", "not found"},
    {ACCELSEL_ERANGE, "ACCELSEL_ERANGE", "value out of range"},
    {ACCELSEL_EINFEASIBLE, "ACCELSEL_EINFEASIBLE", "no feasible solution"},
    {ACCELSEL_ECANCELED, "ACCELSEL_ECANCELED", "canceled"},
    {ACCELSEL_EVERSION, "ACCELSEL_EVERSION", "unknown version"},
    {ACCELSEL_ETYPE, "ACCELSEL_ETYPE", "wrong type"},
    {ACCELSEL_EEMPTY, "ACCELSEL_EEMPTY", "nothing to work on"},
    {ACCELSEL_EDATA, "ACCELSEL_EDATA", "unusable data"},
};

static size_t status_index(int code)
{
    for (size_t i = 0; i < sizeof status_table / sizeof status_table[0]; i++)
        if (status_table[i].code == code)
            return i;
    return SIZE_MAX;
}

ACCELSEL_API const char *accelsel_strerror(int code)
{
    size_t i = status_index(code);
    return i == SIZE_MAX ? "unknown error" : status_table[i].text;
}

ACCELSEL_API const char *accelsel_status_name(int code)
{
    size_t i = status_index(code);
    return i == SIZE_MAX ? "ACCELSEL_UNKNOWN" : status_table[i].name;
}

ACCELSEL_API const accelsel_error *accelsel_last_error(void)
{
    if (tls_error.pub.message == NULL)
        tls_error.pub.message = tls_error.message;
    return &tls_error.pub;
}

static void set_message(const char *prefix, const char *fmt, va_list ap)
{
    size_t used = 0;
    if (prefix != NULL) {
        int n = snprintf(tls_error.message, sizeof tls_error.message, "%s", prefix);
        used = n < 0 ? 0 : (size_t)n < sizeof tls_error.message ? (size_t)n : sizeof tls_error.message - 1;
    }
    vsnprintf(tls_error.message + used, sizeof tls_error.message - used, fmt, ap);
    /* One line: a newline from user data would break log parsers. Other
     * control characters (C0, DEL, C1) from a file's names would reach the
     * terminal that shows the message: '?' instead. */
    for (unsigned char *p = (unsigned char *)tls_error.message; *p; p++) {
        if (*p == '\n' || *p == '\r')
            *p = ' ';
        else if (*p < 0x20 || *p == 0x7f)
            *p = '?';
        else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
            p[0] = p[1] = '?';
    }
    tls_error.pub.message = tls_error.message;
}

/* A message without a position or a field. */
static void set_plain(int code, const char *fmt, va_list ap)
{
    set_message(NULL, fmt, ap);
    tls_error.pub.code = code;
    tls_error.pub.source = NULL;
    tls_error.pub.line = 0;
    tls_error.pub.column = 0;
    tls_error.pub.field = NULL;
}

int asel_error(int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_plain(code, fmt, ap);
    va_end(ap);
    return code;
}

static void set_field(const char *field)
{
    snprintf(tls_error.field, sizeof tls_error.field, "%s", field);
    tls_error.pub.field = tls_error.field;
}

int asel_error_field(int code, const char *field, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set_plain(code, fmt, ap);
    va_end(ap);
    if (code != ACCELSEL_ENOMEM)
        set_field(field);
    return code;
}

int asel_error_blame(const char *field)
{
    const accelsel_error *e = accelsel_last_error();
    if (e->code != ACCELSEL_ENOMEM && e->field == NULL)
        set_field(field);
    return e->code;
}

int asel_error_at(int code, const char *source, uint32_t line, uint32_t column, const char *fmt, ...)
{
    char prefix[ASEL_SRC_MAX + 32];
    const char *src = source != NULL ? source : "<buffer>";
    snprintf(tls_error.source, sizeof tls_error.source, "%s", src);
    snprintf(prefix, sizeof prefix, "%s:%u:%u: ", tls_error.source, (unsigned)line, (unsigned)column);
    va_list ap;
    va_start(ap, fmt);
    set_message(prefix, fmt, ap);
    va_end(ap);
    tls_error.pub.code = code;
    tls_error.pub.source = tls_error.source;
    tls_error.pub.line = line;
    tls_error.pub.column = column;
    tls_error.pub.field = NULL;
    return code;
}

void asel_error_save(asel_error_record *out)
{
    const accelsel_error *e = accelsel_last_error();
    out->code = e->code;
    out->has_source = e->source != NULL;
    out->has_field = e->field != NULL;
    out->line = e->line;
    out->column = e->column;
    memcpy(out->message, tls_error.message, sizeof out->message);
    memcpy(out->source, tls_error.source, sizeof out->source);
    memcpy(out->field, tls_error.field, sizeof out->field);
}

void asel_error_restore(const asel_error_record *in)
{
    memcpy(tls_error.message, in->message, sizeof tls_error.message);
    memcpy(tls_error.source, in->source, sizeof tls_error.source);
    memcpy(tls_error.field, in->field, sizeof tls_error.field);
    tls_error.pub.field = in->has_field ? tls_error.field : NULL;
    tls_error.pub.message = tls_error.message;
    tls_error.pub.code = in->code;
    tls_error.pub.source = in->has_source ? tls_error.source : NULL;
    tls_error.pub.line = in->line;
    tls_error.pub.column = in->column;
}

int asel_enomem(void)
{
    return asel_error(ACCELSEL_ENOMEM, "out of memory");
}

const char *asel_ellipsis(const char *s)
{
    return strnlen(s, ASEL_QUOTE_MAX + 1) > ASEL_QUOTE_MAX ? "..." : "";
}
