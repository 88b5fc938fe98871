/* ISO 8601 calendar dates: YYYY, YYYY-MM, YYYY-MM-DD, and a day followed by
 * a time. */
#include <string.h>

#include "core/isodate.h"

static int digits(const char *s, int n, int *v)
{
    *v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        *v = *v * 10 + (s[i] - '0');
    }
    return 1;
}

static int days_in(int y, int m)
{
    static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    return mdays[m - 1] + (m == 2 && leap);
}

int asel_iso_date(const char *s, unsigned int forms)
{
    size_t n = strlen(s);
    int y, m, d;
    if (n < 4 || !digits(s, 4, &y))
        return 0;
    if (n == 4)
        return (forms & ASEL_ISO_YEAR) != 0;
    if (n < 7 || s[4] != '-' || !digits(s + 5, 2, &m) || m < 1 || m > 12)
        return 0;
    if (n == 7)
        return (forms & ASEL_ISO_MONTH) != 0;
    if (n < 10 || s[7] != '-' || !digits(s + 8, 2, &d) || d < 1 || d > days_in(y, m))
        return 0;
    if (n == 10)
        return (forms & ASEL_ISO_DAY) != 0;
    return (forms & ASEL_ISO_TIME) != 0 && s[10] == 'T' && n > 11;
}
