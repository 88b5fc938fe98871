#include "data/cell.h"

static int lower(char c)
{
    return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

int asel_missing_token(const char *s, size_t len)
{
    switch (len) {
    case 0:
        return 1;
    case 2:
        return lower(s[0]) == 'n' && lower(s[1]) == 'a';
    case 3:
        return lower(s[0]) == 'n' && ((s[1] == '/' && lower(s[2]) == 'a') ||
                                      (lower(s[1]) == 'a' && lower(s[2]) == 'n'));
    default:
        return 0;
    }
}
