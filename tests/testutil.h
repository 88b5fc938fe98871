/* Helpers shared by the Check suites. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <stddef.h>

#include <accelsel/predict.h>

/* Options for the physical model (compiled-in values, no corrections):
 * the predictor that tests which compute predictions by hand start from. */
#define TEST_PHYSICAL                                                                \
    (&(const accelsel_predictor_options){ ACCELSEL_PREDICTOR_OPTIONS_VERSION, 0, 0, 1 })

/* Install an allocator that fails the N-th allocation from now (1-based;
 * 0 = never fail) and counts live blocks. Restore with testutil_alloc_reset(). */
void testutil_alloc_fail_at(size_t n);
void testutil_alloc_reset(void);
/* Allocations made since testutil_alloc_fail_at(). */
size_t testutil_alloc_count(void);
/* Blocks allocated through the counting allocator and not yet freed. */
long testutil_alloc_live(void);
/* The most bytes live at once through the counting allocator since
 * testutil_alloc_fail_at(): what growth tests compare at two input sizes. */
size_t testutil_alloc_peak_bytes(void);

/* The allocation-failure sweep: run @p scenario(@p ctx) once with no failure
 * (it must return 0, leak nothing and make more than @p min_allocs
 * allocations), then once failing each N-th allocation in turn; every run
 * must return 0 or ACCELSEL_ENOMEM and leak nothing. Finally, with the
 * allocator restored, the scenario must succeed again: a failure leaves the
 * process usable. Asserts with Check. */
void testutil_alloc_sweep(int (*scenario)(void *ctx), void *ctx, size_t min_allocs);
/* The same sweep, but when ACCELSEL_TEST_LIGHT is set (the valgrind setup) it
 * fails only every k-th allocation, about forty points ending at the last
 * one: for scenarios whose every run is long under a memory checker. The
 * plain and sanitizer builds still fail every allocation. */
void testutil_alloc_sweep_light(int (*scenario)(void *ctx), void *ctx, size_t min_allocs);

/* @p full, or a fiftieth of it (at least 1) when ACCELSEL_TEST_LIGHT is set,
 * as the valgrind test setup does: a memory checker finds memory errors on a
 * few repetitions of the same code path, and the full count still runs in the
 * plain and sanitizer builds. */
size_t testutil_reps(size_t full);

/* Path of a file under the source tree (ACCELSEL_SOURCE_ROOT or the build's
 * configured root); static buffer, test use only. */
const char *testutil_source_path(const char *rel);

/* Text built by printf pieces, for generated inputs; a failed allocation
 * fails the test. Free t->s with free(). */
typedef struct testutil_text {
    char *s;
    size_t len, cap;
} testutil_text;
void testutil_put(testutil_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
