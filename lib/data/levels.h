/* The distinct strings of a categorical column, in order of first
 * appearance: one arena holds the text, an open-addressing hash table maps
 * text to its level code. */
#ifndef ASEL_LEVELS_H
#define ASEL_LEVELS_H

#include <stddef.h>
#include <stdint.h>

typedef struct asel_levels {
    char *arena; /* NUL-terminated strings back to back */
    size_t arena_len, arena_cap;
    size_t *off;   /* start of level i in the arena */
    uint32_t *hash; /* hash of level i */
    size_t n, cap;
    int32_t *slots; /* level index, or -1 for an empty slot */
    size_t n_slots; /* a power of two, or 0 before the first level */
    uint64_t seed;  /* of the hash, chosen with the first level */
} asel_levels;

#define ASEL_LEVELS_INIT { NULL, 0, 0, NULL, NULL, 0, 0, NULL, 0, 0 }

/* The code of @p len bytes at @p s, added as a new level if absent:
 * 0, ACCELSEL_ENOMEM (table unchanged) or ACCELSEL_ERANGE past INT32_MAX
 * levels (recorded). */
int asel_levels_intern(asel_levels *l, const char *s, size_t len, int32_t *code);

/* The code of the text, or -1 if it is not a level. */
int32_t asel_levels_find(const asel_levels *l, const char *s, size_t len);

/* Level @p i (< l->n): NUL-terminated, valid until the table changes size
 * or is freed. */
const char *asel_levels_get(const asel_levels *l, size_t i);

/* A deep copy of @p src into @p dst (empty): 0 or ACCELSEL_ENOMEM (dst left empty). */
int asel_levels_copy(asel_levels *dst, const asel_levels *src);

void asel_levels_free(asel_levels *l);

#endif
