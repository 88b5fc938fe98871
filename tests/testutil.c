#include "testutil.h"

#include <check.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "accelsel/common.h"

static atomic_size_t fail_at;
static atomic_size_t count;
static atomic_long live;
static atomic_size_t live_bytes, peak_bytes;

/* Count @p add bytes in and @p sub out, keeping the peak. */
static void account(size_t add, size_t sub)
{
    size_t now = atomic_fetch_add(&live_bytes, add) + add;
    atomic_fetch_sub(&live_bytes, sub);
    size_t peak = atomic_load(&peak_bytes);
    while (now > peak && !atomic_compare_exchange_weak(&peak_bytes, &peak, now))
        ;
}

/* A header before each block lets free() tell counted blocks apart. */
typedef union {
    max_align_t align;
    size_t size;
} header;

static void *t_malloc(size_t size, void *payload)
{
    (void)payload;
    size_t n = atomic_fetch_add(&count, 1) + 1;
    size_t f = atomic_load(&fail_at);
    if (f != 0 && n == f)
        return NULL;
    header *h = malloc(sizeof(header) + size);
    if (h == NULL)
        return NULL;
    h->size = size;
    atomic_fetch_add(&live, 1);
    account(size, 0);
    return h + 1;
}

static void t_free(void *ptr, void *payload)
{
    (void)payload;
    if (ptr == NULL)
        return;
    atomic_fetch_sub(&live, 1);
    account(0, ((header *)ptr - 1)->size);
    free((header *)ptr - 1);
}

static void *t_realloc(void *ptr, size_t size, void *payload)
{
    size_t n = atomic_fetch_add(&count, 1) + 1;
    size_t f = atomic_load(&fail_at);
    if (f != 0 && n == f)
        return NULL;
    size_t old = ((header *)ptr - 1)->size;
    header *h = realloc((header *)ptr - 1, sizeof(header) + size);
    if (h == NULL)
        return NULL;
    h->size = size;
    account(size, old);
    (void)payload;
    return h + 1;
}

void testutil_alloc_fail_at(size_t n)
{
    atomic_store(&fail_at, n);
    atomic_store(&count, 0);
    atomic_store(&live, 0);
    atomic_store(&live_bytes, 0);
    atomic_store(&peak_bytes, 0);
    accelsel_allocator a = {ACCELSEL_ALLOCATOR_VERSION, t_malloc, t_realloc, t_free, NULL};
    accelsel_set_allocator(&a);
}

void testutil_alloc_reset(void)
{
    accelsel_set_allocator(NULL);
    atomic_store(&fail_at, 0);
}

size_t testutil_alloc_count(void)
{
    return atomic_load(&count);
}

long testutil_alloc_live(void)
{
    return atomic_load(&live);
}

size_t testutil_alloc_peak_bytes(void)
{
    return atomic_load(&peak_bytes);
}

static void sweep(int (*scenario)(void *ctx), void *ctx, size_t min_allocs, int light)
{
    testutil_alloc_fail_at(0);
    ck_assert_int_eq(scenario(ctx), 0);
    size_t total = testutil_alloc_count();
    ck_assert_int_eq(testutil_alloc_live(), 0);
    ck_assert_uint_gt(total, min_allocs);
    /* Light under a memory checker: about forty failure points spread over
     * the run, the last included. */
    const char *env = getenv("ACCELSEL_TEST_LIGHT");
    size_t step = light && env != NULL && env[0] != '\0' && total > 40 ? total / 40 : 1;
    for (size_t n = light ? total % step + step : 1; n <= total; n += step) {
        testutil_alloc_fail_at(n);
        int rc = scenario(ctx);
        ck_assert_msg(rc == 0 || rc == ACCELSEL_ENOMEM, "failure %zu of %zu gave %d (%s)", n, total,
                      rc, accelsel_last_error()->message);
        ck_assert_msg(testutil_alloc_live() == 0, "failure %zu of %zu leaked %ld blocks", n, total,
                      testutil_alloc_live());
    }
    testutil_alloc_fail_at(0);
    ck_assert_int_eq(scenario(ctx), 0);
    ck_assert_int_eq(testutil_alloc_live(), 0);
    testutil_alloc_reset();
}

void testutil_alloc_sweep(int (*scenario)(void *ctx), void *ctx, size_t min_allocs)
{
    sweep(scenario, ctx, min_allocs, 0);
}

void testutil_alloc_sweep_light(int (*scenario)(void *ctx), void *ctx, size_t min_allocs)
{
    sweep(scenario, ctx, min_allocs, 1);
}

size_t testutil_reps(size_t full)
{
    const char *light = getenv("ACCELSEL_TEST_LIGHT");
    if (light == NULL || light[0] == '\0')
        return full;
    return full / 50 > 0 ? full / 50 : 1;
}

const char *testutil_source_path(const char *rel)
{
    static char buf[4096];
    const char *root = getenv("ACCELSEL_SOURCE_ROOT");
    snprintf(buf, sizeof buf, "%s/%s", root ? root : ACCELSEL_SOURCE_ROOT_DEFAULT, rel);
    return buf;
}

void testutil_put(testutil_text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    ck_assert_int_ge(n, 0);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->s = realloc(t->s, t->cap);
        ck_assert_ptr_nonnull(t->s);
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}
