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

/* The "C" locale for strtod_l, created once: the host's locale may use ','. */
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;
static locale_t c_locale;

static void make_c_locale(void)
{
    c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

static int ieq(const char *s, size_t len, const char *word)
{
    size_t n = strlen(word);
    if (len != n)
        return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if (c != word[i])
            return 0;
    }
    return 1;
}

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

int asel_parse_double(const char *s, size_t len, double *v)
{
    size_t i = 0;
    int neg = 0;
    if (i < len && (s[i] == '+' || s[i] == '-'))
        neg = s[i++] == '-';
    if (ieq(s + i, len - i, "inf") || ieq(s + i, len - i, "infinity")) {
        *v = neg ? -INFINITY : INFINITY;
        return 0;
    }
    uint64_t mant = 0;
    int digits = 0, frac_digits = 0, seen_digit = 0, dropped = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, seen_digit = 1) {
        if (digits < 19) {
            mant = mant * 10 + (uint64_t)(s[i] - '0');
            if (mant != 0)
                digits++;
        } else {
            dropped++;
        }
    }
    if (i < len && s[i] == '.') {
        for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, seen_digit = 1) {
            if (digits < 19) {
                mant = mant * 10 + (uint64_t)(s[i] - '0');
                frac_digits++;
                if (mant != 0)
                    digits++;
            } else {
                dropped++;
            }
        }
    }
    if (!seen_digit)
        return ACCELSEL_EPARSE;
    long exp10 = 0;
    if (i < len && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        int eneg = 0;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            eneg = s[i++] == '-';
        if (i >= len || s[i] < '0' || s[i] > '9')
            return ACCELSEL_EPARSE;
        for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
            if (exp10 < 100000)
                exp10 = exp10 * 10 + (s[i] - '0');
        if (eneg)
            exp10 = -exp10;
    }
    if (i != len)
        return ACCELSEL_EPARSE;
    long e = exp10 - frac_digits;
    if (dropped == 0 && mant <= (UINT64_C(1) << 53) && e >= -22 && e <= 22) {
        double x = (double)mant;
        x = e < 0 ? x / exact_pow10[-e] : x * exact_pow10[e];
        *v = neg ? -x : x;
        return 0;
    }
    if (mant == 0 && dropped == 0) {
        *v = neg ? -0.0 : 0.0;
        return 0;
    }
    return parse_slow(s, len, v);
}
