#include "data/levels.h"

#include <string.h>

#include "accelsel/common.h"
#include "core/alloc.h"
#include "core/error.h"
#include "core/strhash.h"

/* Seeded per table, so that a column's values cannot be chosen to collide;
 * the low 32 bits index tables of up to 2^31 levels. */
static uint32_t hash_text(const asel_levels *l, const char *s, size_t len)
{
    return (uint32_t)asel_mem_hash(l->seed, s, len);
}

static int same(const asel_levels *l, int32_t i, uint32_t h, const char *s, size_t len)
{
    const char *t = l->arena + l->off[i];
    return l->hash[i] == h && strncmp(t, s, len) == 0 && t[len] == '\0';
}

static size_t probe(const asel_levels *l, uint32_t h, const char *s, size_t len)
{
    size_t mask = l->n_slots - 1, k = h & mask;
    while (l->slots[k] >= 0 && !same(l, l->slots[k], h, s, len))
        k = (k + 1) & mask;
    return k;
}

int32_t asel_levels_find(const asel_levels *l, const char *s, size_t len)
{
    if (l->n_slots == 0)
        return -1;
    return l->slots[probe(l, hash_text(l, s, len), s, len)];
}

/* Keep the load factor under 1/2 so that probes stay short. */
static int rehash(asel_levels *l)
{
    size_t n_slots = l->n_slots ? l->n_slots * 2 : 16;
    int32_t *slots = asel_reallocarray(NULL, n_slots, sizeof *slots);
    if (slots == NULL)
        return asel_enomem();
    memset(slots, 0xFF, n_slots * sizeof *slots);
    for (size_t i = 0; i < l->n; i++) {
        size_t k = l->hash[i] & (n_slots - 1);
        while (slots[k] >= 0)
            k = (k + 1) & (n_slots - 1);
        slots[k] = (int32_t)i;
    }
    asel_free(l->slots);
    l->slots = slots;
    l->n_slots = n_slots;
    return 0;
}

/* Room for one more level of @p len bytes, allocated before anything changes. */
static int reserve(asel_levels *l, size_t len)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        size_t *off = asel_reallocarray(l->off, cap, sizeof *off);
        if (off == NULL)
            return asel_enomem();
        l->off = off;
        uint32_t *hash = asel_reallocarray(l->hash, cap, sizeof *hash);
        if (hash == NULL)
            return asel_enomem();
        l->hash = hash;
        l->cap = cap;
    }
    if (l->arena_len + len + 1 > l->arena_cap) {
        size_t cap = l->arena_cap ? l->arena_cap : 256;
        while (cap < l->arena_len + len + 1)
            cap *= 2;
        char *arena = asel_realloc(l->arena, cap);
        if (arena == NULL)
            return asel_enomem();
        l->arena = arena;
        l->arena_cap = cap;
    }
    if ((l->n + 1) * 2 > l->n_slots)
        return rehash(l);
    return 0;
}

int asel_levels_intern(asel_levels *l, const char *s, size_t len, int32_t *code)
{
    if (l->n == 0)
        l->seed = asel_str_hash_seed(l);
    uint32_t h = hash_text(l, s, len);
    if (l->n_slots != 0) {
        int32_t found = l->slots[probe(l, h, s, len)];
        if (found >= 0) {
            *code = found;
            return 0;
        }
    }
    if (l->n >= INT32_MAX)
        return asel_error(ACCELSEL_ERANGE, "more than %d distinct values in a column", INT32_MAX);
    int rc = reserve(l, len);
    if (rc != 0)
        return rc;
    memcpy(l->arena + l->arena_len, s, len);
    l->arena[l->arena_len + len] = '\0';
    l->off[l->n] = l->arena_len;
    l->hash[l->n] = h;
    l->arena_len += len + 1;
    l->slots[probe(l, h, s, len)] = (int32_t)l->n;
    *code = (int32_t)l->n++;
    return 0;
}

const char *asel_levels_get(const asel_levels *l, size_t i)
{
    return l->arena + l->off[i];
}

static void *dup(const void *p, size_t n, size_t size)
{
    void *q = asel_reallocarray(NULL, n, size);
    if (q != NULL && n != 0)
        memcpy(q, p, n * size);
    return q;
}

int asel_levels_copy(asel_levels *dst, const asel_levels *src)
{
    *dst = (asel_levels)ASEL_LEVELS_INIT;
    if (src->n == 0)
        return 0;
    dst->arena = dup(src->arena, src->arena_len, 1);
    dst->off = dup(src->off, src->n, sizeof *src->off);
    dst->hash = dup(src->hash, src->n, sizeof *src->hash);
    dst->slots = dup(src->slots, src->n_slots, sizeof *src->slots);
    if (dst->arena == NULL || dst->off == NULL || dst->hash == NULL || dst->slots == NULL) {
        asel_levels_free(dst);
        return asel_enomem();
    }
    dst->arena_len = dst->arena_cap = src->arena_len;
    dst->n = dst->cap = src->n;
    dst->n_slots = src->n_slots;
    dst->seed = src->seed;
    return 0;
}

void asel_levels_free(asel_levels *l)
{
    asel_free(l->arena);
    asel_free(l->off);
    asel_free(l->hash);
    asel_free(l->slots);
    *l = (asel_levels)ASEL_LEVELS_INIT;
}
