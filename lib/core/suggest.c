#include "core/suggest.h"

#include <stdint.h>
#include <string.h>

#define MAX_NAME 256

static char fold(char c, int fold_case)
{
    return fold_case && c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* @p n bytes of @p s into @p out, folded to lower case if @p fold_case. */
static void fold_copy(char *out, const char *s, size_t n, int fold_case)
{
    for (size_t i = 0; i < n; i++)
        out[i] = fold(s[i], fold_case);
}

/* Levenshtein distance, one row of the table at a time on the stack; both
 * strings are folded once, not in every cell. */
static size_t edit_distance(const char *a0, size_t la, const char *b0, size_t lb, int fold_case)
{
    char a[MAX_NAME], b[MAX_NAME];
    fold_copy(a, a0, la, fold_case);
    fold_copy(b, b0, lb, fold_case);
    size_t row[MAX_NAME + 1];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* Offset of @p needle in @p hay, or SIZE_MAX. */
static size_t find(const char *hay, size_t lh, const char *needle, size_t ln, int fold_case)
{
    for (size_t i = 0; ln <= lh && i <= lh - ln; i++) {
        size_t k = 0;
        while (k < ln && fold(hay[i + k], fold_case) == fold(needle[k], fold_case))
            k++;
        if (k == ln)
            return i;
    }
    return SIZE_MAX;
}

size_t asel_suggest_rank(const char *query, const char *candidate, int fold_case)
{
    size_t lq = strlen(query), lc = strlen(candidate);
    if (lq > MAX_NAME || lc > MAX_NAME)
        return SIZE_MAX;
    size_t d = edit_distance(query, lq, candidate, lc, fold_case);
    size_t at = lq == 0 ? SIZE_MAX : find(candidate, lc, query, lq, fold_case);
    return at == 0 ? d : at != SIZE_MAX ? d + SIZE_MAX / 4 : d + SIZE_MAX / 2;
}
