/* The library's one allocation path (see accelsel_set_allocator()). */
#ifndef ASEL_ALLOC_H
#define ASEL_ALLOC_H

#include <stddef.h>

/* malloc/realloc/free through the configured allocator. asel_malloc(0)
 * returns a unique pointer (never NULL on success). These do not set the
 * thread's error: callers report ACCELSEL_ENOMEM with asel_enomem(). */
void *asel_malloc(size_t size);
void *asel_realloc(void *ptr, size_t size);
void asel_free(void *ptr);

/* Zeroed array of @p n elements of @p size bytes; NULL on overflow or failure. */
void *asel_calloc(size_t n, size_t size);

/* Resize to @p n elements of @p size bytes; NULL on overflow or failure
 * (then @p ptr is untouched). */
void *asel_reallocarray(void *ptr, size_t n, size_t size);

/* Copy of a NUL-terminated string, or of @p len bytes plus a NUL. */
char *asel_strdup(const char *s);
char *asel_strndup(const char *s, size_t len);

/* Allocate @p n elements of @p size and store in @p *out; 0 or ACCELSEL_ENOMEM
 * (with the error recorded). The common "allocate or fail" step in one call. */
int asel_alloc_array(void *out, size_t n, size_t size);

/* Room for at least @p need elements of @p size in the array at @p *arr
 * (a pointer to the array pointer), which holds @p *cap: the capacity
 * doubles, from @p first. Doubling keeps a run of appends linear even with
 * an allocator that cannot grow a block in place. 0, or ACCELSEL_ENOMEM
 * (error recorded) with the array and @p *cap untouched. */
int asel_array_grow(void *arr, size_t *cap, size_t need, size_t size, size_t first);

#endif
