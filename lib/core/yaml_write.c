/* YAML scalar output: plain when it reads back as the same string, else quoted. */
#include <string.h>

#include "core/yaml_doc.h"

static int ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b)
            return 0;
    }
    return *a == *b;
}

/* Words a YAML 1.1 reader could take as null, a boolean or a number. */
static int looks_typed(const char *s)
{
    static const char *const words[] = {"null", "~",  "true", "false", "yes", "no", "on",
                                        "off",  "y",  "n",    ".inf",  "-.inf", ".nan", NULL};
    for (const char *const *w = words; *w; w++)
        if (ieq(s, *w))
            return 1;
    double v;
    return asel_parse_double(s, strlen(s), &v) == 0 || (s[0] >= '0' && s[0] <= '9') ||
           ((s[0] == '-' || s[0] == '+' || s[0] == '.') && s[1] >= '0' && s[1] <= '9');
}

static int plain_ok(const char *s)
{
    size_t n = strlen(s);
    if (n == 0 || s[0] == ' ' || s[n - 1] == ' ' || strchr("-?:,[]{}#&*!|>'\"%@`", s[0]) != NULL)
        return 0;
    if (looks_typed(s))
        return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x20 || c == 0x7f || c >= 0x80)
            return 0;
        if ((c == ':' && (s[i + 1] == ' ' || s[i + 1] == '\0')) || (c == '#' && s[i - 1] == ' '))
            return 0;
        if (strchr(",[]{}", c) != NULL)
            return 0; /* harmless in block context, but not in a flow list */
    }
    return 1;
}

static void write_quoted(asel_buf *b, const char *s)
{
    asel_buf_puts(b, "\"");
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char esc[2] = {'\\', (char)*p};
            asel_buf_append(b, esc, 2);
        } else if (*p < 0x20 || *p == 0x7f) {
            asel_buf_printf(b, "\\x%02x", *p);
        } else if (p[0] == 0xc2 && p[1] == 0x85) {
            asel_buf_puts(b, "\\N"); /* NEL would be read as a line break */
            p++;
        } else if (p[0] == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
            asel_buf_printf(b, "\\x%02x", p[1]); /* C1 controls are not printable YAML */
            p++;
        } else if (p[0] == 0xe2 && p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9)) {
            asel_buf_puts(b, p[2] == 0xa8 ? "\\L" : "\\P");
            p += 2;
        } else {
            asel_buf_append(b, (const char *)p, 1);
        }
    }
    asel_buf_puts(b, "\"");
}

void asel_yaml_write_scalar(asel_buf *b, const char *s)
{
    if (plain_ok(s))
        asel_buf_puts(b, s);
    else
        write_quoted(b, s);
}
