#include "core/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"

static void *default_malloc(size_t size, void *payload)
{
    (void)payload;
    return malloc(size);
}

static void *default_realloc(void *ptr, size_t size, void *payload)
{
    (void)payload;
    return realloc(ptr, size);
}

static void default_free(void *ptr, void *payload)
{
    (void)payload;
    free(ptr);
}

/* Process-wide configuration, written only by accelsel_set_allocator()
 * before use (documented as not thread-safe, like SQLITE_CONFIG_MALLOC). */
static accelsel_allocator active = {ACCELSEL_ALLOCATOR_VERSION, default_malloc, default_realloc,
                                    default_free, NULL};

ACCELSEL_API int accelsel_set_allocator(const accelsel_allocator *allocator)
{
    if (allocator == NULL) {
        active = (accelsel_allocator){ACCELSEL_ALLOCATOR_VERSION, default_malloc, default_realloc,
                                      default_free, NULL};
        return 0;
    }
    if (allocator->version != ACCELSEL_ALLOCATOR_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_set_allocator: unknown version %u",
                          allocator->version);
    if (allocator->malloc_fn == NULL || allocator->realloc_fn == NULL || allocator->free_fn == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_set_allocator: allocator->%s is NULL",
                          allocator->malloc_fn == NULL    ? "malloc_fn"
                          : allocator->realloc_fn == NULL ? "realloc_fn"
                                                          : "free_fn");
    active = *allocator;
    return 0;
}

void *asel_malloc(size_t size)
{
    return active.malloc_fn(size == 0 ? 1 : size, active.payload);
}

void *asel_realloc(void *ptr, size_t size)
{
    if (ptr == NULL)
        return asel_malloc(size);
    return active.realloc_fn(ptr, size == 0 ? 1 : size, active.payload);
}

void asel_free(void *ptr)
{
    if (ptr != NULL)
        active.free_fn(ptr, active.payload);
}

ACCELSEL_API void accelsel_free(void *ptr)
{
    asel_free(ptr);
}

void *asel_calloc(size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    void *p = asel_malloc(n * size);
    if (p != NULL)
        memset(p, 0, n * size);
    return p;
}

void *asel_reallocarray(void *ptr, size_t n, size_t size)
{
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    return asel_realloc(ptr, n * size);
}

char *asel_strndup(const char *s, size_t len)
{
    char *d = asel_malloc(len + 1);
    if (d != NULL) {
        memcpy(d, s, len);
        d[len] = '\0';
    }
    return d;
}

char *asel_strdup(const char *s)
{
    return asel_strndup(s, strlen(s));
}

int asel_array_grow(void *arr, size_t *cap, size_t need, size_t size, size_t first)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : first > 0 ? first : 1;
    while (c < need) {
        if (c > SIZE_MAX / 2)
            return asel_enomem();
        c *= 2;
    }
    void *p;
    memcpy(&p, arr, sizeof p);
    void *bigger = asel_reallocarray(p, c, size);
    if (bigger == NULL)
        return asel_enomem();
    memcpy(arr, &bigger, sizeof bigger);
    *cap = c;
    return 0;
}

int asel_alloc_array(void *out, size_t n, size_t size)
{
    void *p = asel_calloc(n, size);
    memcpy(out, &p, sizeof p);
    return p == NULL ? asel_enomem() : 0;
}
