/* Core: status codes, thread-local errors, allocator, RNG, numbers, YAML tree. */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "accelsel/common.h"
#include "accelsel/plot.h"
#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/lz4.h"
#include "core/median.h"
#include "core/pool.h"
#include "core/rng.h"
#include "core/strhash.h"
#include "core/yaml_doc.h"
#include "testutil.h"

START_TEST(status_names_and_texts)
{
    ck_assert_str_eq(accelsel_status_name(ACCELSEL_EPARSE), "ACCELSEL_EPARSE");
    ck_assert_str_eq(accelsel_status_name(ACCELSEL_OK), "ACCELSEL_OK");
    ck_assert_str_eq(accelsel_status_name(-9999), "ACCELSEL_UNKNOWN");
    ck_assert_str_eq(accelsel_strerror(ACCELSEL_ENOMEM), "out of memory");
    ck_assert_str_eq(accelsel_strerror(12345), "unknown error");
    /* Every code from -1 to -12 has its own name. */
    for (int c = -1; c >= -12; c--)
        ck_assert_str_ne(accelsel_status_name(c), "ACCELSEL_UNKNOWN");
}
END_TEST

START_TEST(version_matches_macros)
{
    int a = -1, b = -1, c = -1;
    const char *v = accelsel_version(&a, &b, &c);
    char expect[32];
    snprintf(expect, sizeof expect, "%d.%d.%d", ACCELSEL_VERSION_MAJOR, ACCELSEL_VERSION_MINOR,
             ACCELSEL_VERSION_PATCH);
    ck_assert_str_eq(v, expect);
    ck_assert_int_eq(a, ACCELSEL_VERSION_MAJOR);
    ck_assert_int_eq(b, ACCELSEL_VERSION_MINOR);
    ck_assert_int_eq(c, ACCELSEL_VERSION_PATCH);
    ck_assert_int_eq(ACCELSEL_VERSION_NUMBER, a * 10000 + b * 100 + c);
    ck_assert_ptr_nonnull(accelsel_version(NULL, NULL, NULL));
}
END_TEST

static void *other_thread_error(void *arg)
{
    (void)arg;
    asel_error(ACCELSEL_EIO, "from the other thread");
    return NULL;
}

START_TEST(errors_are_thread_local_and_one_line)
{
    asel_error_at(ACCELSEL_EPARSE, "x.csv", 3, 7, "bad\nthing %d", 5);
    pthread_t t;
    pthread_create(&t, NULL, other_thread_error, NULL);
    pthread_join(t, NULL);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_int_eq(e->code, ACCELSEL_EPARSE);
    ck_assert_str_eq(e->message, "x.csv:3:7: bad thing 5");
    ck_assert_str_eq(e->source, "x.csv");
    ck_assert_uint_eq(e->line, 3);
    ck_assert_uint_eq(e->column, 7);
    asel_error(ACCELSEL_EINVAL, "plain");
    ck_assert_ptr_null(e->source);
    ck_assert_uint_eq(e->line, 0);
}
END_TEST

START_TEST(set_allocator_checks_arguments)
{
    accelsel_allocator a = {ACCELSEL_ALLOCATOR_VERSION, NULL, NULL, NULL, NULL};
    ck_assert_int_eq(accelsel_set_allocator(&a), ACCELSEL_EINVAL);
    a.version = 99;
    ck_assert_int_eq(accelsel_set_allocator(&a), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_set_allocator(NULL), 0);
}
END_TEST

START_TEST(counting_allocator_fails_exactly_once)
{
    testutil_alloc_fail_at(2);
    void *a = asel_malloc(8), *b = asel_malloc(8), *c = asel_malloc(8);
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_null(b);
    ck_assert_ptr_nonnull(c);
    ck_assert_int_eq(testutil_alloc_live(), 2);
    asel_free(a);
    asel_free(c);
    ck_assert_int_eq(testutil_alloc_live(), 0);
    ck_assert_ptr_null(asel_calloc(SIZE_MAX / 2, 4)); /* overflow, not a huge malloc */
    testutil_alloc_reset();
}
END_TEST

/* Threads: one per task at most, all online cores for 0, and a request of
 * (uint32_t)-1 cut to max(cores, ACCELSEL_MAX_THREADS). */
START_TEST(pool_threads_are_bounded)
{
    size_t cores = (size_t)sysconf(_SC_NPROCESSORS_ONLN);
    size_t cap = cores > 256 ? cores : 256;
    ck_assert_uint_eq(ACCELSEL_MAX_THREADS, 256);
    ck_assert_uint_eq(asel_pool_threads(16, 100), 16);
    ck_assert_uint_eq(asel_pool_threads(16, 3), 3);
    ck_assert_uint_eq(asel_pool_threads(16, 0), 1);
    ck_assert_uint_eq(asel_pool_threads(0, 1000000), cores);
    ck_assert_uint_eq(asel_pool_threads(UINT32_MAX, 1000000), cap);
    ck_assert_uint_eq(asel_pool_threads(UINT32_MAX, 7), 7);
}
END_TEST

/* Tasks 3 and 5 of 8 fail, 5 at once and 3 only after 5 has (it waits for
 * it): whatever the thread count, the call reports task 3, as one thread
 * stops there, with task 3's code and message on the calling thread, not
 * the error it held before nor the one of task 5's thread. */
typedef struct two_failures {
    atomic_int five_failed;
} two_failures;

static int fail_three_and_five(void *ctx, size_t index, size_t worker)
{
    two_failures *t = ctx;
    (void)worker;
    if (index == 5) {
        atomic_store(&t->five_failed, 1);
        return asel_error(ACCELSEL_EDATA, "task 5 failed");
    }
    if (index == 3) {
        for (int i = 0; i < 2000 && !atomic_load(&t->five_failed); i++)
            usleep(500); /* one thread never reaches 5: it gives up waiting */
        return asel_error_at(ACCELSEL_EPARSE, "three.yaml", 3, 4, "task 3 failed");
    }
    return 0;
}

START_TEST(pool_reports_the_lowest_failing_task)
{
    for (size_t workers = 1; workers <= 4; workers++) {
        two_failures t;
        atomic_init(&t.five_failed, 0);
        asel_error(ACCELSEL_ENOTFOUND, "stale error of an earlier call");
        ck_assert_int_eq(asel_pool_run(workers, 8, fail_three_and_five, &t), ACCELSEL_EPARSE);
        const accelsel_error *e = accelsel_last_error();
        ck_assert_int_eq(e->code, ACCELSEL_EPARSE);
        ck_assert_str_eq(e->message, "three.yaml:3:4: task 3 failed");
        ck_assert_str_eq(e->source, "three.yaml");
        ck_assert_uint_eq(e->line, 3);
        ck_assert_uint_eq(e->column, 4);
    }
}
END_TEST

/* Capacity doubles from the first size until it holds the need: 8, 16, ...,
 * 128 for 100; a failed growth leaves the array and capacity as they were. */
START_TEST(array_grow_doubles_and_fails_cleanly)
{
    int *a = NULL;
    size_t cap = 0;
    ck_assert_int_eq(asel_array_grow(&a, &cap, 100, sizeof *a, 8), 0);
    ck_assert_uint_eq(cap, 128);
    a[99] = 7;
    ck_assert_int_eq(asel_array_grow(&a, &cap, 128, sizeof *a, 8), 0);
    ck_assert_uint_eq(cap, 128);
    int *before = a;
    testutil_alloc_fail_at(1);
    ck_assert_int_eq(asel_array_grow(&a, &cap, 129, sizeof *a, 8), ACCELSEL_ENOMEM);
    testutil_alloc_reset();
    ck_assert_ptr_eq(a, before);
    ck_assert_uint_eq(cap, 128);
    ck_assert_int_eq(a[99], 7);
    ck_assert_int_eq(asel_array_grow(&a, &cap, SIZE_MAX / 2 + 2, sizeof *a, 8), ACCELSEL_ENOMEM);
    ck_assert_uint_eq(cap, 128);
    asel_free(a);
}
END_TEST

/* The byte hash is the string hash without folding; the seed changes every
 * value, so a table seeded by its own address cannot be flooded by input
 * written against another run. FNV-1a 64 of "a" from the plain basis is
 * 0xaf63dc4c8601ec8c (published test vector); finished by MurmurHash3's
 * fmix64, whose reference code gives the value below. */
START_TEST(string_hashes_are_seeded)
{
    ck_assert_uint_eq(asel_mem_hash(7, "Ab\0c", 2), asel_str_hash(7, "Ab", 0));
    ck_assert_uint_ne(asel_mem_hash(7, "Ab", 2), asel_str_hash(7, "Ab", 1));
    ck_assert_uint_eq(asel_str_hash(7, "Ab", 1), asel_str_hash(7, "ab", 0));
    ck_assert_uint_ne(asel_mem_hash(1, "level", 5), asel_mem_hash(2, "level", 5));
    ck_assert_uint_ne(asel_mem_hash(7, "a\0b", 3), asel_mem_hash(7, "a\0c", 3));
    uint64_t h = UINT64_C(0xaf63dc4c8601ec8c);
    h ^= h >> 33;
    h *= UINT64_C(0xff51afd7ed558ccd);
    h ^= h >> 33;
    h *= UINT64_C(0xc4ceb9fe1a85ec53);
    h ^= h >> 33;
    ck_assert_uint_eq(asel_mem_hash(0, "a", 1), h);
}
END_TEST

START_TEST(rng_reference_values)
{
    /* splitmix64 from state 0 gives 0xe220a8397b1dcdaf first (Vigna's
     * reference splitmix64.c); asel_rng_seed(0) stores exactly that in s[0]. */
    asel_rng r;
    asel_rng_seed(&r, 0);
    ck_assert_uint_eq(r.s[0], 0xe220a8397b1dcdafULL);
    /* xoshiro256** output for state {1,2,3,4}: rotl(2*5,7)*9 = 11520. */
    r.s[0] = 1, r.s[1] = 2, r.s[2] = 3, r.s[3] = 4;
    ck_assert_uint_eq(asel_rng_next(&r), 11520);
    /* Streams: the same (seed, index) repeats; different indices differ. */
    asel_rng a, b, c;
    asel_rng_stream(&a, 42, 7);
    asel_rng_stream(&b, 42, 7);
    asel_rng_stream(&c, 42, 8);
    uint64_t x = asel_rng_next(&a);
    ck_assert_uint_eq(x, asel_rng_next(&b));
    ck_assert_uint_ne(x, asel_rng_next(&c));
}
END_TEST

START_TEST(rng_uniform_and_below_are_in_range)
{
    asel_rng r;
    asel_rng_seed(&r, 123);
    size_t counts[5] = {0};
    double sum = 0;
    for (int i = 0; i < 100000; i++) {
        double u = asel_rng_uniform(&r);
        ck_assert(u >= 0.0 && u < 1.0);
        sum += u;
        counts[asel_rng_below(&r, 5)]++;
    }
    /* Mean of 1e5 uniforms: sd 0.29/sqrt(1e5) ~ 0.0009; 5 sd bound. */
    ck_assert(fabs(sum / 100000 - 0.5) < 0.005);
    for (int k = 0; k < 5; k++) /* expected 20000, sd ~126 */
        ck_assert(counts[k] > 19300 && counts[k] < 20700);
}
END_TEST

START_TEST(parse_double_matches_strtod)
{
    static const char *const good[] = {"0", "-0", "1", "+2.5", "3.14159", "1e10", "1E-5",
                                       "123456789012345678901234567890", "0.1", "2.2250738585072014e-308",
                                       "4.9e-324", "1.7976931348623157e308", "137.8002", ".5", "5.",
                                       "9007199254740993", "1e22", "1e23", "0.000000001234",
                                       /* over 19 digits, but leading zeros or a zero mantissa */
                                       "0000000000000000000000000001.5",
                                       "0.000000000000000000000000123456789", "0e-400",
                                       "-0.0000000000000000000000e999", "+iNfInItY"};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        double v = -1;
        ck_assert_int_eq(asel_parse_double(good[i], strlen(good[i]), &v), 0);
        ck_assert_msg(v == strtod(good[i], NULL), "%s", good[i]);
    }
    static const char *const bad[] = {"", "-", ".", "e5", "1e", "1e+", "1.2.3", "0x10", "1 ", " 1",
                                      "nan", "1,5", "--1"};
    double v;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(asel_parse_double(bad[i], strlen(bad[i]), &v) == ACCELSEL_EPARSE, "%s", bad[i]);
    ck_assert_int_eq(asel_parse_double("1e999", 5, &v), ACCELSEL_ERANGE);
    ck_assert_int_eq(asel_parse_double("-Infinity", 9, &v), 0);
    ck_assert(isinf(v) && v < 0);
    /* Random decimal strings: correctly rounded, like glibc's strtod. */
    asel_rng r;
    asel_rng_seed(&r, 9);
    for (int i = 0; i < 20000; i++) {
        char s[64];
        size_t nd = 1 + asel_rng_below(&r, 22), dot = asel_rng_below(&r, nd + 1), k = 0;
        for (size_t d = 0; d < nd; d++) {
            if (d == dot)
                s[k++] = '.';
            s[k++] = (char)('0' + asel_rng_below(&r, 10));
        }
        snprintf(s + k, sizeof s - k, "e%d", (int)asel_rng_below(&r, 80) - 40);
        ck_assert_int_eq(asel_parse_double(s, strlen(s), &v), 0);
        ck_assert_msg(v == strtod(s, NULL), "%s", s);
    }
}
END_TEST

/* A random decimal text: optional sign, leading zeros, up to 24 digits on
 * either side of an optional point, an optional exponent (either case, signed
 * or not, with leading zeros) reaching past both ends of the double range. */
static size_t random_decimal(asel_rng *r, char *s)
{
    size_t k = 0, n_int = asel_rng_below(r, 25), n_frac = asel_rng_below(r, 25);
    static const char *const signs[] = {"", "+", "-"};
    k += (size_t)sprintf(s, "%s", signs[asel_rng_below(r, 3)]);
    for (uint64_t z = asel_rng_below(r, 4) == 0 ? asel_rng_below(r, 4) : 0; z > 0; z--)
        s[k++] = '0';
    if (n_int + n_frac == 0)
        n_int = 1;
    for (size_t d = 0; d < n_int; d++)
        s[k++] = (char)('0' + asel_rng_below(r, 10));
    if (n_frac > 0 || asel_rng_below(r, 4) == 0) {
        s[k++] = '.';
        for (size_t d = 0; d < n_frac; d++)
            s[k++] = (char)('0' + asel_rng_below(r, 10));
    }
    if (asel_rng_below(r, 3) != 0) {
        int e = asel_rng_below(r, 2) ? (int)asel_rng_below(r, 61) - 30
                                     : (int)asel_rng_below(r, 801) - 400;
        switch (asel_rng_below(r, 4)) {
        case 0:
            k += (size_t)sprintf(s + k, "e%d", e);
            break;
        case 1:
            k += (size_t)sprintf(s + k, "E%d", e);
            break;
        case 2:
            k += (size_t)sprintf(s + k, "e%+d", e);
            break;
        default:
            k += (size_t)sprintf(s + k, "e%03d", e);
        }
    }
    s[k] = '\0';
    return k;
}

/* A random finite double (any bit pattern) printed with 1 to 17 significant digits. */
static size_t random_printed(asel_rng *r, char *s)
{
    double x;
    do {
        uint64_t bits = asel_rng_next(r);
        memcpy(&x, &bits, sizeof x);
    } while (!isfinite(x));
    int digits = 1 + (int)asel_rng_below(r, 17);
    return (size_t)(asel_rng_below(r, 2) ? sprintf(s, "%.*g", digits, x)
                                         : sprintf(s, "%.*e", digits - 1, x));
}

/* Between two neighbouring doubles, printed to 25 digits: the hardest roundings. */
static size_t random_halfway(asel_rng *r, char *s)
{
    double x = ldexp(asel_rng_uniform(r) + 0.5, (int)asel_rng_below(r, 2000) - 1000);
    return (size_t)sprintf(s, "%.25e", x + (nextafter(x, INFINITY) - x) / 2);
}

START_TEST(parse_double_random_shapes_match_strtod)
{
    asel_rng r;
    asel_rng_seed(&r, 20240611);
    /* The text is followed by more digits that the parser must not read. */
    char s[128];
    size_t reps = testutil_reps(1000000);
    for (size_t i = 0; i < reps; i++) {
        int shape = (int)(i % 3);
        size_t len = shape == 0 ? random_decimal(&r, s)
                     : shape == 1 ? random_printed(&r, s)
                                  : random_halfway(&r, s);
        errno = 0;
        double want = strtod(s, NULL), got = -1;
        int overflow = errno == ERANGE && isinf(want);
        memcpy(s + len, "12345678", 9);
        int rc = asel_parse_double(s, len, &got);
        s[len] = '\0';
        if (overflow) {
            ck_assert_msg(rc == ACCELSEL_ERANGE, "%s", s);
            continue;
        }
        ck_assert_msg(rc == 0, "%s", s);
        ck_assert_msg(memcmp(&got, &want, sizeof got) == 0, "%s: %.17g, strtod %.17g", s, got,
                      want);
    }
}
END_TEST

START_TEST(format_double_is_shortest_round_trip)
{
    char out[32];
    asel_format_double(out, 0.1);
    ck_assert_str_eq(out, "0.1");
    asel_format_double(out, 137.8002);
    ck_assert_str_eq(out, "137.8002");
    asel_format_double(out, 1.0 / 3.0);
    ck_assert_str_eq(out, "0.3333333333333333");
    asel_format_double(out, 60);
    ck_assert_str_eq(out, "60");
    asel_format_double(out, 1e6);
    ck_assert_str_eq(out, "1000000");
    asel_format_double(out, 1e7);
    ck_assert_str_eq(out, "1.0e+07");
    asel_format_double(out, 1.5e15);
    ck_assert_str_eq(out, "1.5e+15");
    asel_format_double(out, -2e-7);
    ck_assert_str_eq(out, "-2.0e-07");
    asel_format_double(out, 1281167);
    ck_assert_str_eq(out, "1281167");
    asel_format_double(out, NAN);
    ck_assert_str_eq(out, "nan");
    asel_format_double(out, -INFINITY);
    ck_assert_str_eq(out, "-inf");
    asel_rng r;
    asel_rng_seed(&r, 5);
    size_t reps = testutil_reps(20000);
    for (size_t i = 0; i < reps; i++) {
        uint64_t bits = asel_rng_next(&r);
        double x;
        memcpy(&x, &bits, sizeof x);
        if (!isfinite(x))
            continue;
        asel_format_double(out, x);
        ck_assert_msg(strtod(out, NULL) == x, "%s", out);
    }
}
END_TEST

START_TEST(buf_grows_and_fails_cleanly)
{
    asel_buf b = ASEL_BUF_INIT;
    for (int i = 0; i < 1000; i++)
        asel_buf_printf(&b, "%d,", i);
    char *s;
    size_t n;
    ck_assert_int_eq(asel_buf_finish(&b, &s, &n), 0);
    ck_assert_uint_eq(n, strlen(s));
    ck_assert(strncmp(s, "0,1,2,", 6) == 0);
    asel_free(s);
    testutil_alloc_fail_at(1);
    asel_buf_puts(&b, "x");
    ck_assert_int_eq(asel_buf_finish(&b, &s, &n), ACCELSEL_ENOMEM);
    ck_assert_ptr_null(s);
    ck_assert_int_eq(testutil_alloc_live(), 0);
    testutil_alloc_reset();
}
END_TEST

static int parse(asel_yaml_doc **doc, const char *text)
{
    return asel_yaml_parse(doc, text, strlen(text), "t.yaml", 0);
}

START_TEST(yaml_tree_and_getters)
{
    asel_yaml_doc *doc;
    const char *text = "name: a100\npeak: 19.5e12\ncount: 8\nflag: true\nlist: [1, 2, 3]\n"
                       "quoted: \"42\"\nnested:\n  x: &anc {k: v}\n  y: *anc\n";
    ck_assert_int_eq(parse(&doc, text), 0);
    const asel_yaml_node *root = asel_yaml_root(doc);
    ck_assert_int_eq(root->kind, ASEL_YAML_MAP);
    ck_assert_uint_eq(root->n, 7);
    const char *name;
    double peak;
    int64_t count;
    int flag;
    ck_assert_int_eq(asel_yaml_get_string(doc, root, "name", 1, &name), 0);
    ck_assert_str_eq(name, "a100");
    ck_assert_int_eq(asel_yaml_get_double(doc, root, "peak", 1, 0, 1e20, &peak), 0);
    ck_assert(peak == 19.5e12);
    ck_assert_int_eq(asel_yaml_get_int(doc, root, "count", 1, 1, 64, &count), 0);
    ck_assert_int_eq(count, 8);
    ck_assert_int_eq(asel_yaml_get_bool(doc, root, "flag", 1, &flag), 0);
    ck_assert_int_eq(flag, 1);
    ck_assert_uint_eq(asel_yaml_get(root, "list")->n, 3);
    /* A quoted number is a string, not a number. */
    ck_assert_int_eq(asel_yaml_get_int(doc, root, "quoted", 1, 0, 100, &count), ACCELSEL_EPARSE);
    ck_assert_uint_eq(accelsel_last_error()->line, 6);
    /* The alias points at the anchored map. */
    const asel_yaml_node *nested = asel_yaml_get(root, "nested");
    ck_assert_ptr_eq(asel_yaml_get(nested, "x"), asel_yaml_get(nested, "y"));
    /* Absent optional keys leave the default. */
    count = 77;
    ck_assert_int_eq(asel_yaml_get_int(doc, root, "absent", 0, 0, 100, &count), 0);
    ck_assert_int_eq(count, 77);
    ck_assert_int_eq(asel_yaml_get_int(doc, root, "absent", 1, 0, 100, &count), ACCELSEL_EPARSE);
    ck_assert(strstr(accelsel_last_error()->message, "missing required key 'absent'") != NULL);
    ck_assert_int_eq(asel_yaml_get_int(doc, root, "count", 1, 16, 64, &count), ACCELSEL_EPARSE);
    ck_assert(strstr(accelsel_last_error()->message, "outside [16, 64]") != NULL);
    static const char *const allowed[] = {"name", "peak", "count", "flag", "list", "quoted", NULL};
    ck_assert_int_eq(asel_yaml_check_keys(doc, root, allowed), ACCELSEL_EPARSE);
    ck_assert_str_eq(accelsel_last_error()->message, "t.yaml:7:1: unknown key 'nested'");
    asel_yaml_free(doc);
}
END_TEST

static const struct {
    const char *text;
    uint32_t line;
    const char *fragment;
} bad_yaml[] = {
    {"a: 1\na: 2\n", 2, "duplicate key 'a'"},
    {"a: [1, 2\n", 2, ""},
    {"? [1, 2]\n: x\n", 1, "mapping keys must be plain strings"},
    {"a: *nope\n", 1, "unknown alias"},
    {"--- 1\n--- 2\n", 2, "more than one YAML document"},
    {"a: \"unterminated\n", 2, ""},
    {"\t- x\n", 1, ""},
};

START_TEST(yaml_malformed)
{
    asel_yaml_doc *doc = (asel_yaml_doc *)1;
    ck_assert_int_eq(parse(&doc, bad_yaml[_i].text), ACCELSEL_EPARSE);
    ck_assert_ptr_null(doc);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_uint_eq(e->line, bad_yaml[_i].line);
    ck_assert_msg(strstr(e->message, bad_yaml[_i].fragment) != NULL, "%s", e->message);
    ck_assert(strncmp(e->message, "t.yaml:", 7) == 0);
}
END_TEST

/* A NUL in a key is refused as the tree is built, at the key: where an alias
 * is the key, at the alias, not at its anchor. Keys of any depth, block or
 * flow, plain lookups included; a NUL in a value is left to the getters. */
static const struct {
    const char *text;
    uint32_t line, column;
    const char *message;
} nul_keys[] = {
    {"\"a\\0\": 1\n", 1, 1, "t.yaml:1:1: key 'a\\0' contains a NUL byte"},
    {"x:\n  y:\n    \"zz\\0w\": 1\n", 3, 5, "t.yaml:3:5: key 'zz\\0...' contains a NUL byte"},
    {"- {k: 1, \"\\0\": 2}\n", 1, 10, "t.yaml:1:10: key '\\0' contains a NUL byte"},
    /* "b: {" is 4 bytes: the alias at 5. */
    {"a: &n \"x\\0y\"\nb: {*n : 1}\n", 2, 5, "t.yaml:2:5: key 'x\\0...' contains a NUL byte"},
    {"a: &n \"x\\0y\"\n? *n\n: 1\n", 2, 3, "t.yaml:2:3: key 'x\\0...' contains a NUL byte"},
};

START_TEST(yaml_key_with_nul)
{
    asel_yaml_doc *doc = (asel_yaml_doc *)1;
    ck_assert_int_eq(parse(&doc, nul_keys[_i].text), ACCELSEL_EPARSE);
    ck_assert_ptr_null(doc);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_uint_eq(e->line, nul_keys[_i].line);
    ck_assert_uint_eq(e->column, nul_keys[_i].column);
    ck_assert_str_eq(e->message, nul_keys[_i].message);
}
END_TEST

START_TEST(yaml_value_with_nul_is_the_getters_to_refuse)
{
    asel_yaml_doc *doc;
    ck_assert_int_eq(parse(&doc, "name: \"a\\0b\"\n"), 0);
    const char *name = NULL;
    ck_assert_int_eq(asel_yaml_get_string(doc, asel_yaml_root(doc), "name", 1, &name),
                     ACCELSEL_EPARSE);
    ck_assert_str_eq(accelsel_last_error()->message, "t.yaml:1:7: 'name' contains a NUL byte");
    asel_yaml_free(doc);
}
END_TEST

START_TEST(yaml_alias_bomb_is_bounded)
{
    /* Nine levels of ten aliases each would expand to 10^9 nodes. */
    char text[2048] = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 10; i++) {
        char line[128];
        snprintf(line, sizeof line, "a%d: &a%d [*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d,*a%d]\n",
                 i, i, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1, i - 1);
        strcat(text, line);
    }
    asel_yaml_doc *doc;
    ck_assert_int_eq(parse(&doc, text), ACCELSEL_EPARSE);
    ck_assert(strstr(accelsel_last_error()->message, "after alias expansion") != NULL);
}
END_TEST

START_TEST(yaml_depth_is_bounded)
{
    size_t n = 10000;
    char *text = malloc(n + 1);
    memset(text, '[', n);
    text[n] = '\0';
    asel_yaml_doc *doc;
    ck_assert_int_eq(asel_yaml_parse(&doc, text, n, NULL, 0), ACCELSEL_EPARSE);
    ck_assert(strstr(accelsel_last_error()->message, "<buffer>:") == accelsel_last_error()->message);
    free(text);
}
END_TEST

START_TEST(yaml_scalar_writer_round_trips)
{
    static const char *const values[] = {"plain", "two words", "42", "true", "null", "", " lead",
                                         "a: b", "#x", "- item", "quote\"d", "back\\slash",
                                         "line\nbreak", "tab\there", "ünïcode", "x # y", "[a]", "~"};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        asel_buf b = ASEL_BUF_INIT;
        asel_buf_puts(&b, "k: ");
        asel_yaml_write_scalar(&b, values[i]);
        asel_buf_puts(&b, "\n");
        asel_yaml_doc *doc;
        ck_assert_int_eq(asel_yaml_parse(&doc, b.data, b.len, NULL, 0), 0);
        const asel_yaml_node *v = asel_yaml_get(asel_yaml_root(doc), "k");
        ck_assert_msg(v->len == strlen(values[i]) && strcmp(v->value, values[i]) == 0, "%s -> %s",
                      values[i], b.data);
        asel_yaml_free(doc);
        asel_buf_release(&b);
    }
}
END_TEST

START_TEST(yaml_allocation_failures_leak_nothing)
{
    const char *text = "a: &x {b: [1, 2, {c: d}]}\ne: *x\nf: text\n";
    size_t total;
    testutil_alloc_fail_at(0);
    asel_yaml_doc *doc;
    ck_assert_int_eq(parse(&doc, text), 0);
    asel_yaml_free(doc);
    total = testutil_alloc_count();
    for (size_t n = 1; n <= total; n++) {
        testutil_alloc_fail_at(n);
        int rc = parse(&doc, text);
        ck_assert_int_eq(rc, ACCELSEL_ENOMEM);
        ck_assert_ptr_null(doc);
        ck_assert_int_eq(testutil_alloc_live(), 0);
    }
    testutil_alloc_reset();
}
END_TEST

static size_t count_of(const char *hay, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

START_TEST(plot_svg_draws_each_visible_point)
{
    double x[] = {1, 10, 100, NAN, -5, 1000};
    double y[] = {5, 4, 3, 2, 1, 0.5};
    int64_t g[] = {0, 0, 1, 1, 1, 1};
    const char *names[] = {"a<b", "c&d"};
    accelsel_plot_panel p[2];
    ck_assert_int_eq(accelsel_plot_panel_init(&p[0], ACCELSEL_PLOT_PANEL_VERSION), 0);
    p[0].x = x, p[0].y = y, p[0].group = g, p[0].n = 6, p[0].n_groups = 2, p[0].group_names = names;
    p[0].title = "PCA <scatter>";
    p[1] = p[0];
    p[1].kind = ACCELSEL_PLOT_LINES;
    p[1].log_x = 1;
    char *svg;
    size_t len;
    ck_assert_int_eq(accelsel_plot_svg(&svg, &len, p, 2), 0);
    ck_assert_uint_eq(len, strlen(svg));
    /* Scatter: 5 finite points. Lines: NaN and -5 (log axis) dropped, 4 markers,
     * one polyline per group. Legend: 2 markers per panel, the series' own
     * (circles for the first seven series). */
    ck_assert_uint_eq(count_of(svg, "<circle"), 5 + 4 + 2 * 2);
    ck_assert_uint_eq(count_of(svg, "<g class=\"legend\">"), 2);
    ck_assert_uint_eq(count_of(svg, "<polyline"), 2);
    ck_assert(strstr(svg, "PCA &lt;scatter&gt;") != NULL);
    ck_assert(strstr(svg, "a&lt;b") != NULL && strstr(svg, "c&amp;d") != NULL);
    ck_assert(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1240\"") != NULL);
    accelsel_free(svg);
    g[2] = 2;
    ck_assert_int_eq(accelsel_plot_svg(&svg, &len, p, 1), ACCELSEL_EINVAL);
    ck_assert_ptr_null(svg);
    ck_assert(strstr(accelsel_last_error()->message, "point 2 has group 2") != NULL);
    ck_assert_int_eq(accelsel_plot_svg(&svg, &len, p, 0), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_plot_svg(NULL, &len, p, 1), ACCELSEL_EINVAL);
    p[0].version = 77;
    ck_assert_int_eq(accelsel_plot_svg(&svg, &len, p, 1), ACCELSEL_EVERSION);
}
END_TEST

/* Points beyond +-1e300 on a linear axis are left out (the axis range
 * would overflow to NaN coordinates); text that is not UTF-8 becomes U+FFFD
 * in a document declared UTF-8, and valid UTF-8 stays as it is. */
START_TEST(plot_svg_extremes_and_text)
{
    double x[] = {-1e308, 0, 1, 1e308}, y[] = {1, 2, 3, 4};
    accelsel_plot_panel p;
    ck_assert_int_eq(accelsel_plot_panel_init(&p, ACCELSEL_PLOT_PANEL_VERSION), 0);
    p.x = x, p.y = y, p.n = 4;
    p.title = "bad \xff\xfe, caf\xc3\xa9";
    char *svg;
    size_t len;
    ck_assert_int_eq(accelsel_plot_svg(&svg, &len, &p, 1), 0);
    ck_assert_ptr_null(strstr(svg, "nan"));
    ck_assert_uint_eq(count_of(svg, "<circle"), 2); /* 0 and 1; one series has no legend */
    ck_assert_ptr_nonnull(strstr(svg, "bad \xef\xbf\xbd\xef\xbf\xbd, caf\xc3\xa9"));
    accelsel_free(svg);
}
END_TEST

/* Medians worked by hand: the middle value, the mean of the middle two, the
 * mean of two values whose sum overflows (1.25e308, not inf), the mean of two
 * equal smallest subnormals (themselves, where halving first gives 0), and
 * the values left sorted. */
START_TEST(median_by_hand)
{
    double odd[] = {5, -1, 3};
    ck_assert_double_eq(asel_median(odd, 3), 3);
    ck_assert(odd[0] == -1 && odd[1] == 3 && odd[2] == 5);
    double even[] = {8, 1, 4, 2};
    ck_assert_double_eq(asel_median(even, 4), 3);
    ck_assert(even[0] == 1 && even[3] == 8);
    double huge[] = {1.5e308, 1e308};
    ck_assert_double_eq_tol(asel_median(huge, 2), 1.25e308, 1.25e308 * 1e-15);
    double neg[] = {-1.5e308, -1e308, 0, -1.7e308};
    ck_assert_double_eq_tol(asel_median(neg, 4), -1.25e308, 1.25e308 * 1e-15);
    double tiny[] = {4.9406564584124654e-324, 4.9406564584124654e-324};
    ck_assert(asel_median(tiny, 2) == 4.9406564584124654e-324);
    ck_assert(isnan(asel_median(NULL, 0)));
}
END_TEST

/* Bars by hand: x from 0 to x_hi = 10 over 570 pixels from x = 170, so 57
 * pixels a unit; rows 30 pixels from y = 40, bars 22 high and 4 below a
 * row's top. Group 2 has only an instant: grey and out of the legend. */
START_TEST(plot_bars_by_hand)
{
    const double x[] = {2, 0, 7}, x_end[] = {5, 1, 7}, y[] = {1, 0, 1};
    const int64_t g[] = {0, 1, 2};
    const char *names[] = {"batch", "none", "spatial"}, *rows[] = {"slot 0", "slot <1>"};
    const char *tips[] = {"a (batch)", NULL, "c"};
    accelsel_plot_panel p = ACCELSEL_PLOT_PANEL_INIT;
    p.kind = ACCELSEL_PLOT_BARS, p.x = x, p.x_end = x_end, p.y = y, p.group = g, p.n = 3;
    p.group_names = names, p.n_groups = 3, p.row_labels = rows, p.n_rows = 2, p.labels = tips;
    p.x_hi = 10;
    char *svg;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), 0);
    ck_assert(strstr(svg, "<rect class=\"bar\" x=\"284.000\" y=\"74.00\" width=\"171.000\" "
                          "height=\"22.00\" fill=\"#0072B2\"") != NULL);
    ck_assert(strstr(svg, "<title>a (batch)</title>") != NULL);
    ck_assert(strstr(svg, "x=\"170.000\" y=\"44.00\" width=\"57.000\" height=\"22.00\" "
                          "fill=\"#E69F00\" stroke=\"white\" stroke-width=\"0.3\"/>") != NULL);
    ck_assert(strstr(svg, "x=\"569.000\" y=\"74.00\" width=\"0.000\" height=\"22.00\" "
                          "fill=\"#bbbbbb\"") != NULL);
    const char *legend = strstr(svg, "<g class=\"legend\">");
    ck_assert_ptr_nonnull(legend);
    ck_assert(strstr(legend, ">batch<") && strstr(legend, ">none<") && !strstr(legend, "spatial"));
    ck_assert(strstr(svg, "slot &lt;1&gt;") != NULL);
    /* 910 wide; 40 + max(2 x 30, 3 x 15 + 8) + 55 = 155 high */
    ck_assert(strstr(svg, "width=\"910\" height=\"155\"") != NULL);
    accelsel_free(svg);
}
END_TEST

START_TEST(plot_bars_refused)
{
    const double x[] = {2, 0}, x_end[] = {5, 1}, y[] = {1, 2};
    accelsel_plot_panel p = ACCELSEL_PLOT_PANEL_INIT;
    p.kind = ACCELSEL_PLOT_BARS, p.x = x, p.x_end = x_end, p.y = y, p.n = 2, p.n_rows = 2;
    char *svg = NULL;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "y");
    ck_assert(strstr(accelsel_last_error()->message, "at bar 1") != NULL);
    p.n = 1, p.x_end = x; /* ends at 2, starts at 2: an instant */
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), 0);
    accelsel_free(svg);
    p.x = x_end, p.x_end = x; /* from 5 to 2 */
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "x_end");
    p.x = x, p.x_end = NULL;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "x_end");
    p.x_end = x_end, p.n_rows = 0;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "n_rows");
    p.n_rows = 2, p.log_x = 1;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    p.log_x = 0, p.x_hi = INFINITY;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "x_hi");
    p.x_hi = 0, p.version = 1; /* bars came with version 2 */
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "version");
    ck_assert_ptr_null(svg);
}
END_TEST

/* A caller built against version 1 or 2 passes arrays of the shorter
 * struct; version 1 ends before x_end, version 2 before group_joined. */
START_TEST(plot_older_panels_still_read)
{
    const unsigned int version = (unsigned int)_i + 1;
    const size_t size = version == 1 ? offsetof(accelsel_plot_panel, x_end)
                                     : offsetof(accelsel_plot_panel, group_joined);
    _Alignas(accelsel_plot_panel) unsigned char old[2 * sizeof(accelsel_plot_panel)];
    const double x[] = {1, 2}, y[] = {3, 4};
    for (int i = 0; i < 2; i++) {
        accelsel_plot_panel p;
        ck_assert_int_eq(accelsel_plot_panel_init(&p, version), 0);
        p.x = x, p.y = y, p.n = 2;
        memcpy(old + i * size, &p, size);
    }
    char *svg;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, (const accelsel_plot_panel *)(void *)old, 2), 0);
    ck_assert_uint_eq(count_of(svg, "<circle"), 2 * 2);
    ck_assert_ptr_null(strstr(svg, "class=\"rule\""));
    accelsel_free(svg);
}
END_TEST

/* Version 3: a joined group is one polyline through its points in order of
 * x, markers kept; reference lines widen the axes to reach them and are
 * named in the legend (a NULL label: drawn, not named). */
START_TEST(plot_rules_and_joined_groups)
{
    const double x[] = {3, 1, 2, 5}, y[] = {1, 3, 2, 4};
    const int64_t g[] = {0, 0, 0, 1};
    const uint32_t joined[] = {1, 0};
    const double xr[] = {40}, yr[] = {0.5, 9};
    const char *xl[] = {"deadline"}, *yl[] = {NULL, "budget <1>"};
    accelsel_plot_panel p = ACCELSEL_PLOT_PANEL_INIT;
    p.x = x, p.y = y, p.group = g, p.n = 4, p.n_groups = 2, p.group_joined = joined;
    p.x_rules = xr, p.x_rule_labels = xl, p.n_x_rules = 1;
    p.y_rules = yr, p.y_rule_labels = yl, p.n_y_rules = 2;
    char *svg;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), 0);
    ck_assert_uint_eq(count_of(svg, "<polyline"), 1);
    ck_assert_uint_eq(count_of(svg, "<circle"), 4 + 2); /* and "group 0", "group 1" */
    ck_assert_uint_eq(count_of(svg, "class=\"rule\""), 3 + 2);
    ck_assert(strstr(svg, "budget &lt;1&gt;") != NULL && strstr(svg, "deadline") != NULL);
    /* The polyline runs in order of x: (1,3), (2,2), (3,1). */
    const char *pl = strstr(svg, "points=\"");
    ck_assert_ptr_nonnull(pl);
    double px[3], py[3];
    ck_assert_int_eq(sscanf(pl, "points=\"%lf,%lf %lf,%lf %lf,%lf", &px[0], &py[0], &px[1],
                            &py[1], &px[2], &py[2]), 6);
    ck_assert(px[0] < px[1] && px[1] < px[2] && py[0] < py[1] && py[1] < py[2]); /* y grows down */
    accelsel_free(svg);
    /* Refusals, each naming the member. */
    const uint32_t two[] = {2, 0};
    p.group_joined = two;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "group_joined");
    p.group_joined = joined;
    const double nine[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    p.x_rules = nine, p.x_rule_labels = NULL, p.n_x_rules = 9;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "x_rules");
    p.n_x_rules = 8;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), 0);
    accelsel_free(svg);
    const double bad[] = {NAN};
    p.x_rules = bad, p.n_x_rules = 1;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "x_rules");
    p.x_rules = NULL;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    p.x_rules = xr, p.log_y = 1; /* y rule 0.5 is fine on a log axis; -1 is not */
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), 0);
    accelsel_free(svg);
    const double neg[] = {-1};
    p.y_rules = neg, p.n_y_rules = 1;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_pstr_eq(accelsel_last_error()->field, "y_rules");
    p.y_rules = yr, p.log_y = 0, p.kind = ACCELSEL_PLOT_LINES;
    ck_assert_int_eq(accelsel_plot_svg(&svg, NULL, &p, 1), ACCELSEL_EINVAL);
    ck_assert_ptr_null(svg);
}
END_TEST

/* LZ4 blocks written out by hand from the format (token: literal length in
 * the high nibble, match length - 4 in the low one; a nibble of 15 goes on
 * in bytes that add up; a little-endian 16-bit offset back into the output). */
START_TEST(lz4_blocks_by_hand)
{
    unsigned char out[300];
    static const unsigned char literals[] = {0x30, 'a', 'b', 'c'};
    ck_assert_int_eq(asel_lz4_decode(literals, sizeof literals, out, 3), 0);
    ck_assert_int_eq(memcmp(out, "abc", 3), 0);
    /* "ab", then a match 2 back of 6 bytes that overlaps itself, then "!". */
    static const unsigned char overlap[] = {0x22, 'a', 'b', 2, 0, 0x10, '!'};
    ck_assert_int_eq(asel_lz4_decode(overlap, sizeof overlap, out, 9), 0);
    ck_assert_int_eq(memcmp(out, "abababab!", 9), 0);
    /* 275 literals: 15 + 255 + 5. */
    unsigned char longlit[3 + 275] = {0xF0, 0xFF, 0x05};
    memset(longlit + 3, 'x', 275);
    ck_assert_int_eq(asel_lz4_decode(longlit, sizeof longlit, out, 275), 0);
    ck_assert(out[0] == 'x' && out[274] == 'x');
    /* A match of 4 + 15 + 1 = 20 bytes of "z". */
    static const unsigned char longmatch[] = {0x1F, 'z', 1, 0, 1};
    ck_assert_int_eq(asel_lz4_decode(longmatch, sizeof longmatch, out, 21), 0);
    ck_assert(out[0] == 'z' && out[20] == 'z');
    /* Nothing decodes to nothing. */
    ck_assert_int_eq(asel_lz4_decode(literals, 0, out, 0), 0);
}
END_TEST

START_TEST(lz4_malformed_blocks)
{
    unsigned char out[64];
    static const struct {
        unsigned char in[8];
        size_t n, cap;
        const char *what;
    } bad[] = {
        {{0x22, 'a', 'b', 0, 0}, 5, 8, "an offset points before the start at byte 3"},
        {{0x22, 'a', 'b', 3, 0}, 5, 8, "an offset points before the start at byte 3"},
        {{0x30, 'a', 'b'}, 3, 3, "literals run past the end at byte 0"},
        {{0xF0}, 1, 20, "a literal length runs past the end at byte 0"},
        {{0x2F, 'a', 'b', 1, 0}, 5, 30, "a match length runs past the end at byte 0"},
        {{0x22, 'a', 'b', 2}, 4, 8, "an offset runs past the end at byte 3"},
        {{0x22, 'a', 'b', 2, 0}, 5, 7, "a match runs past the end at byte 0"},
        {{0x30, 'a', 'b', 'c'}, 4, 2, "literals run past the end at byte 0"},
        {{0x30, 'a', 'b', 'c'}, 4, 5, "decodes to another size than expected at byte 4"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(asel_lz4_decode(bad[i].in, bad[i].n, out, bad[i].cap), ACCELSEL_EPARSE);
        ck_assert_msg(strstr(accelsel_last_error()->message, bad[i].what) != NULL, "case %zu: %s", i,
                      accelsel_last_error()->message);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("core");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, status_names_and_texts);
    tcase_add_test(tc, lz4_blocks_by_hand);
    tcase_add_test(tc, lz4_malformed_blocks);
    tcase_add_test(tc, version_matches_macros);
    tcase_add_test(tc, errors_are_thread_local_and_one_line);
    tcase_add_test(tc, set_allocator_checks_arguments);
    tcase_add_test(tc, counting_allocator_fails_exactly_once);
    tcase_add_test(tc, pool_threads_are_bounded);
    tcase_add_test(tc, pool_reports_the_lowest_failing_task);
    tcase_add_test(tc, array_grow_doubles_and_fails_cleanly);
    tcase_add_test(tc, string_hashes_are_seeded);
    tcase_add_test(tc, rng_reference_values);
    tcase_add_test(tc, rng_uniform_and_below_are_in_range);
    tcase_add_test(tc, parse_double_matches_strtod);
    tcase_add_test(tc, parse_double_random_shapes_match_strtod);
    tcase_add_test(tc, format_double_is_shortest_round_trip);
    tcase_add_test(tc, buf_grows_and_fails_cleanly);
    tcase_add_test(tc, yaml_tree_and_getters);
    tcase_add_loop_test(tc, yaml_malformed, 0, sizeof bad_yaml / sizeof bad_yaml[0]);
    tcase_add_loop_test(tc, yaml_key_with_nul, 0, sizeof nul_keys / sizeof nul_keys[0]);
    tcase_add_test(tc, yaml_value_with_nul_is_the_getters_to_refuse);
    tcase_add_test(tc, yaml_alias_bomb_is_bounded);
    tcase_add_test(tc, yaml_depth_is_bounded);
    tcase_add_test(tc, yaml_scalar_writer_round_trips);
    tcase_add_test(tc, yaml_allocation_failures_leak_nothing);
    tcase_add_test(tc, plot_svg_draws_each_visible_point);
    tcase_add_test(tc, plot_svg_extremes_and_text);
    tcase_add_test(tc, median_by_hand);
    tcase_add_test(tc, plot_bars_by_hand);
    tcase_add_test(tc, plot_bars_refused);
    tcase_add_loop_test(tc, plot_older_panels_still_read, 0, 2);
    tcase_add_test(tc, plot_rules_and_joined_groups);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
