/* Decimal text to double, correctly rounded: mantissas of up to 19 digits
 * with small exponents take Clinger's fast path (one exact conversion and
 * one correctly rounded multiplication or division), everything else goes to
 * strtod_l in the "C" locale. Digits are read up to eight at a time from
 * little-endian words. */
#include "core/numparse.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/common.h"
#include "core/alloc.h"
#include "core/buf.h"

/* Powers of ten exactly representable in a double (Clinger's fast path). */
static const double exact_pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                     1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                     1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static const uint64_t pow10_u64[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                     100000000};

#define BYTES(b) (UINT64_C(0x0101010101010101) * (b))

/* The "C" locale for strtod_l, created once: the host's locale may use ','. */
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;
static locale_t c_locale;

static void make_c_locale(void)
{
    c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

/* A number's parts as read from the text. */
typedef struct number {
    const unsigned char *first, *mant_end, *end; /* mantissa, and the byte after the number */
    uint64_t mant;    /* its digits modulo 2^64 */
    size_t n_digits;  /* digits in the mantissa */
    size_t n_frac;    /* of which after the point */
    long exp10;       /* the written exponent, clamped far beyond any double's */
    int neg;
} number;

/* Slow but exact path for long mantissas or large exponents. */
static int parse_slow(const char *s, size_t len, double *v)
{
    char stack[128];
    char *tmp = len < sizeof stack ? stack : asel_malloc(len + 1);
    if (tmp == NULL)
        return ACCELSEL_ENOMEM;
    memcpy(tmp, s, len);
    tmp[len] = '\0';
    pthread_once(&c_locale_once, make_c_locale);
    errno = 0;
    double x = c_locale != (locale_t)0 ? strtod_l(tmp, NULL, c_locale) : strtod(tmp, NULL);
    int overflow = errno == ERANGE && isinf(x);
    if (tmp != stack)
        asel_free(tmp);
    if (overflow)
        return ACCELSEL_ERANGE;
    *v = x;
    return 0;
}

/* Eight bytes, the first in the low byte whatever the host's byte order. */
static uint64_t load8(const unsigned char *p)
{
    uint64_t w;
    memcpy(&w, p, sizeof w);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* The bytes from @p p (at most eight, never past @p end) in a little-endian
 * word, zero bytes after @p end. @p start, where the text begins, lets a
 * short tail come from one load that ends at @p end. */
static inline uint64_t window(const unsigned char *p, const unsigned char *end,
                              const unsigned char *start)
{
    size_t r = (size_t)(end - p);
    if (r >= 8)
        return load8(p);
    if (r == 0)
        return 0;
    if (end - start >= 8)
        return load8(end - 8) >> (8 * (8 - r));
    uint64_t w = 0;
    for (size_t i = 0; i < r; i++)
        w |= (uint64_t)p[i] << (8 * i);
    return w;
}

/* How many of the word's bytes, from the first, are '0'..'9'. A byte above
 * '9' carries into its high bit when 0x46 is added, one below '0' borrows
 * it when 0x30 is subtracted; carries and borrows only disturb the bytes
 * after the first non-digit. */
static unsigned leading_digits(uint64_t w)
{
    uint64_t non = ((w + BYTES(0x46)) | (w - BYTES(0x30))) & BYTES(0x80);
    return non != 0 ? (unsigned)__builtin_ctzll(non) / 8 : 8;
}

/* The value of eight digit values 0..9 (first in the low byte) in three
 * multiplications: pairs, then quadruples, then the whole (the method of
 * simdjson and fast_float). */
static uint64_t eight_digit_value(uint64_t d)
{
    const uint64_t mask = UINT64_C(0x000000FF000000FF);
    const uint64_t mul1 = 100 + (UINT64_C(1000000) << 32);
    const uint64_t mul2 = 1 + (UINT64_C(10000) << 32);
    d = d * 10 + (d >> 8);
    return ((d & mask) * mul1 + ((d >> 16) & mask) * mul2) >> 32;
}

/* Read the run of digits at @p p into *mant (modulo 2^64: the caller checks
 * that at most 19 digits count) and return the byte after it. */
static inline const unsigned char *digit_run(const unsigned char *p, const unsigned char *end,
                                             const unsigned char *start, uint64_t *mant)
{
    uint64_t m = *mant;
    unsigned n;
    do {
        uint64_t w = window(p, end, start);
        n = leading_digits(w);
        /* The n digits shifted to the top, zeros before them (two shifts:
         * one of 64 bits is undefined). */
        unsigned half = 32 - 4 * n;
        m = m * pow10_u64[n] + eight_digit_value(((w - BYTES(0x30)) << half) << half);
        p += n;
    } while (n == 8);
    *mant = m;
    return p;
}

static int ieq(const unsigned char *s, const unsigned char *end, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(end - s) < n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if ((s[i] >= 'A' && s[i] <= 'Z' ? s[i] - 'A' + 'a' : s[i]) != word[i])
            return 0;
    return 1;
}

/* The exponent at *p, if it has digits: its value, and *p moved past it. */
static long exponent(const unsigned char **pp, const unsigned char *end)
{
    const unsigned char *p = *pp + 1;
    int neg = 0;
    if (p < end && (*p == '+' || *p == '-'))
        neg = *p++ == '-';
    if (p == end || (unsigned)(*p - '0') > 9)
        return 0; /* "1e" is the number 1 followed by other text */
    long e = 0;
    for (unsigned d; p < end && (d = (unsigned)(*p - '0')) <= 9; p++)
        if (e < 100000)
            e = e * 10 + (long)d;
    *pp = p;
    return neg ? -e : e;
}

/* The infinity at @p first (after the sign), if there is one. */
static int infinity(const unsigned char *first, const unsigned char *end, number *n)
{
    n->end = first + (ieq(first, end, "infinity") ? 8 : ieq(first, end, "inf") ? 3 : 0);
    return n->end != first ? 0 : ACCELSEL_EPARSE;
}

/* The longest number at the start of [s, end): 0, or ACCELSEL_EPARSE if none. */
static int lex(const unsigned char *s, const unsigned char *end, number *n)
{
    const unsigned char *p = s;
    n->neg = p < end && *p == '-';
    p += p < end && (*p == '-' || *p == '+');
    n->first = p;
    uint64_t mant = 0;
    p = digit_run(p, end, s, &mant);
    size_t n_digits = (size_t)(p - n->first), n_frac = 0;
    if (p < end && *p == '.') {
        const unsigned char *frac = p + 1;
        p = digit_run(frac, end, s, &mant);
        n_frac = (size_t)(p - frac);
        n_digits += n_frac;
    }
    n->mant = mant;
    n->n_digits = n_digits;
    n->n_frac = n_frac;
    n->mant_end = p;
    n->exp10 = 0;
    /* Only a text without digits or point can be an infinity. */
    if (n_digits == 0)
        return p == n->first ? infinity(p, end, n) : ACCELSEL_EPARSE;
    if (p < end && (*p | 0x20) == 'e')
        n->exp10 = exponent(&p, end);
    n->end = p;
    return 0;
}

/* Leading zeros of the mantissa (the point skipped). */
static size_t leading_zeros(const unsigned char *p, const unsigned char *end)
{
    size_t z = 0;
    for (; p < end && (*p == '0' || *p == '.'); p++)
        z += *p == '0';
    return z;
}

/* The double nearest the number @p n read from @p len bytes at @p s, one
 * that scan_plain() left: an infinity, over 19 digits, or beyond Clinger's
 * fast path (though with leading zeros or a zero mantissa it may still
 * apply). */
static int value(const char *s, size_t len, const number *n, double *v)
{
    if (n->n_digits == 0) {
        *v = n->neg ? -INFINITY : INFINITY;
        return 0;
    }
    /* Over 19 digits the mantissa may have wrapped: exact only if the extra
     * ones are leading zeros. */
    if (n->n_digits > 19 && n->n_digits - leading_zeros(n->first, n->mant_end) > 19)
        return parse_slow(s, len, v);
    long e = n->exp10 - (long)n->n_frac;
    if (n->mant == 0 || (n->mant <= (UINT64_C(1) << 53) && e >= -22 && e <= 22)) {
        double x = (double)n->mant;
        if (x != 0)
            x = e < 0 ? x / exact_pow10[-e] : x * exact_pow10[e];
        *v = n->neg ? -x : x;
        return 0;
    }
    return parse_slow(s, len, v);
}

/* The common number, [sign]digits[.digits][exponent] with 1 to 19 digits, a
 * mantissa up to 2^53 and a power of ten within +-22: the byte after it,
 * with *v set; or NULL to leave the number (or non-number) to lex() and
 * value(). Clinger's fast path: such a mantissa and power of ten convert
 * exactly, so one IEEE multiplication or division rounds correctly. Nothing
 * is kept for the general reading, so the common case holds few values. */
static inline const unsigned char *scan_plain(const unsigned char *s, const unsigned char *end,
                                              double *v)
{
    const unsigned char *p = s;
    int neg = p < end && *p == '-';
    p += p < end && (*p == '-' || *p == '+');
    const unsigned char *first = p;
    uint64_t mant = 0;
    p = digit_run(p, end, s, &mant);
    size_t n_digits = (size_t)(p - first);
    long e = 0;
    if (p < end && *p == '.') {
        const unsigned char *frac = p + 1;
        p = digit_run(frac, end, s, &mant);
        e = -(long)(p - frac);
        n_digits += (size_t)(p - frac);
    }
    if (p < end && (*p | 0x20) == 'e') {
        const unsigned char *q = p;
        e += exponent(&q, end);
        p = q;
    }
    if (n_digits - 1 >= 19 || mant > (UINT64_C(1) << 53) || e < -22 || e > 22)
        return NULL;
    double x = (double)mant;
    x = e < 0 ? x / exact_pow10[-e] : x * exact_pow10[e];
    *v = neg ? -x : x;
    return p;
}

int asel_parse_double(const char *s, size_t len, double *v)
{
    const unsigned char *u = (const unsigned char *)s, *end = u + len, *stop;
    double x;
    if ((stop = scan_plain(u, end, &x)) != NULL) {
        if (stop != end)
            return ACCELSEL_EPARSE;
        *v = x;
        return 0;
    }
    number n;
    if (lex(u, end, &n) != 0 || n.end != end)
        return ACCELSEL_EPARSE;
    return value(s, len, &n, v);
}

int asel_scan_double(const char *s, size_t len, double *v, size_t *used)
{
    const unsigned char *u = (const unsigned char *)s, *stop;
    if ((stop = scan_plain(u, u + len, v)) != NULL) {
        *used = (size_t)(stop - u);
        return 0;
    }
    number n;
    if (lex(u, u + len, &n) != 0)
        return ACCELSEL_EPARSE;
    *used = (size_t)(n.end - u);
    return value(s, *used, &n, v);
}

int asel_number_byte(unsigned char c)
{
    return c != '\0' && strchr("0123456789+-.eEiInNfFtTyY", c) != NULL;
}
