#include "core/repeat.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"

typedef struct item {
    const char *s;
    size_t i;
} item;

/* By text, then by position: each run of equal strings starts with the first. */
static int by_text(const void *a, const void *b)
{
    const item *x = a, *y = b;
    int c = strcmp(x->s, y->s);
    return c != 0 ? c : (x->i > y->i) - (x->i < y->i);
}

int asel_first_repeat(const char *const *s, size_t n, size_t *later, size_t *earlier)
{
    *later = *earlier = SIZE_MAX;
    item *v = asel_calloc(n ? n : 1, sizeof *v);
    if (v == NULL)
        return asel_enomem();
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] != NULL)
            v[m++] = (item){s[i], i};
    qsort(v, m, sizeof *v, by_text);
    for (size_t j = 1; j < m; j++) {
        int starts_run = j == 1 || strcmp(v[j - 1].s, v[j - 2].s) != 0;
        if (starts_run && strcmp(v[j].s, v[j - 1].s) == 0 && v[j].i < *later) {
            *later = v[j].i;
            *earlier = v[j - 1].i;
        }
    }
    asel_free(v);
    return 0;
}
