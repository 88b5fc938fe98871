#include "core/arena.h"

#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"

/* Small entries dominate; 16 KiB blocks keep the allocation count low so
 * that the allocation-failure sweep over a catalog stays short. */
#define BLOCK_DATA 16384

struct asel_arena_block {
    asel_arena_block *next;
    size_t used, cap;
    max_align_t data[];
};

static size_t round_up(size_t n)
{
    size_t a = sizeof(max_align_t);
    return (n + a - 1) / a * a;
}

void *asel_arena_calloc(asel_arena *a, size_t n, size_t size)
{
    if (size != 0 && n > (SIZE_MAX / 2) / size) {
        asel_enomem();
        return NULL;
    }
    size_t need = round_up(n * size == 0 ? 1 : n * size);
    asel_arena_block *b = a->head;
    if (b == NULL || b->cap - b->used < need) {
        size_t cap = need > BLOCK_DATA ? need : BLOCK_DATA;
        b = asel_malloc(sizeof *b + cap);
        if (b == NULL) {
            asel_enomem();
            return NULL;
        }
        b->used = 0;
        b->cap = cap;
        /* A big block goes behind the head so the head's free space stays usable. */
        if (a->head != NULL && need > BLOCK_DATA) {
            b->next = a->head->next;
            a->head->next = b;
        } else {
            b->next = a->head;
            a->head = b;
        }
    }
    char *p = (char *)b->data + b->used;
    b->used += need;
    memset(p, 0, need);
    return p;
}

char *asel_arena_strdup(asel_arena *a, const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = asel_arena_calloc(a, n, 1);
    if (d != NULL)
        memcpy(d, s, n);
    return d;
}

void asel_arena_release(asel_arena *a)
{
    while (a->head != NULL) {
        asel_arena_block *next = a->head->next;
        asel_free(a->head);
        a->head = next;
    }
}
