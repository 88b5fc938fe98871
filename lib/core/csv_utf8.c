#include "core/csv_utf8.h"

size_t asel_utf8_seq(const unsigned char *p, const unsigned char *end)
{
    unsigned char c = p[0];
    size_t n;
    /* The second byte's range carries the overlong, surrogate and
     * above-U+10FFFF checks (RFC 3629, section 4). */
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if ((size_t)(end - p) < n || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    return n;
}

int asel_utf8_valid(const char *s, size_t len, size_t *bad)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    while (p < end) {
        if (*p < 0x80) {
            p++;
            continue;
        }
        size_t n = asel_utf8_seq(p, end);
        if (n == 0) {
            if (bad != NULL)
                *bad = (size_t)(p - (const unsigned char *)s);
            return 0;
        }
        p += n;
    }
    return 1;
}
