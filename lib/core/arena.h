/* A bump allocator for a handle's strings and arrays (a catalog, a mapping
 * problem, a mapping): everything the handle hands out lives until it is
 * freed, so one release frees it all and a failed build cannot leak part of
 * an entry. */
#ifndef ASEL_CORE_ARENA_H
#define ASEL_CORE_ARENA_H

#include <stddef.h>

typedef struct asel_arena_block asel_arena_block;

typedef struct asel_arena {
    asel_arena_block *head;
} asel_arena;

/* @p size zeroed bytes aligned for any type; NULL (with ACCELSEL_ENOMEM
 * recorded) on failure or overflow of @p n x @p size. */
void *asel_arena_calloc(asel_arena *a, size_t n, size_t size);

/* Copy of @p s; NULL (error recorded) on failure. */
char *asel_arena_strdup(asel_arena *a, const char *s);

/* Free every block. The arena is empty afterwards and may be reused. */
void asel_arena_release(asel_arena *a);

#endif
