/* The text form of a job, KEY=VALUE[,KEY=VALUE...] (accelsel_job_spec_parse()),
 * as a Slurm job's comment carries it. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/suggest.h"
#include "place/place_impl.h"

enum { K_NETWORK, K_BATCH, K_DEVICE_BATCH, K_EPOCHS, K_SAMPLES, K_PRECISION, K_STACK, K_MIN,
       K_MAX, K_DEADLINE, N_KEYS };
static const char *const keys[N_KEYS] = { "network", "batch", "device_batch", "epochs",
                                          "samples", "precision", "stack", "min", "max",
                                          "deadline" };

/* A pair being read: its text and the 1-based columns of key and value. */
typedef struct pair {
    const char *key, *value;
    size_t key_len, value_len, key_column, value_column;
} pair;

static int fail(size_t column, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ACCELSEL_EPARSE at 1-based byte @p column of the spec. */
static int fail(size_t column, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return asel_error_field(ACCELSEL_EPARSE, "spec", "column %zu: %s", column, msg);
}

/* At most ASEL_QUOTE_MAX bytes of @p n at @p s are quoted. */
#define QUOTE(n) (int)((n) > ASEL_QUOTE_MAX ? ASEL_QUOTE_MAX : (n))

static int key_of(const pair *p)
{
    size_t best = 0, best_rank = SIZE_MAX;
    char key[65];
    for (int k = 0; k < N_KEYS; k++)
        if (strlen(keys[k]) == p->key_len && memcmp(keys[k], p->key, p->key_len) == 0)
            return k;
    snprintf(key, sizeof key, "%.*s", (int)(p->key_len > 64 ? 64 : p->key_len), p->key);
    for (int k = 0; k < N_KEYS; k++) {
        size_t r = asel_suggest_rank(key, keys[k], 0);
        if (r < best_rank)
            best = (size_t)k, best_rank = r;
    }
    return fail(p->key_column, "'%.*s': unknown key; nearest: '%s'", QUOTE(p->key_len), p->key,
                keys[best]);
}

/* The value of @p p as a whole number from @p min to @p max, or (@p whole
 * 0) a finite number above 0. */
static int number(const pair *p, double min, double max, int whole, double *out)
{
    double v;
    int rc = asel_parse_double(p->value, p->value_len, &v);
    if (rc == 0 && isfinite(v) && (whole ? v >= min && v <= max && v == floor(v) : v > 0)) {
        *out = v;
        return 0;
    }
    if (whole)
        return fail(p->value_column, "'%.*s' is not a whole number from %.0f to %.0f",
                    QUOTE(p->value_len), p->value, min, max);
    return fail(p->value_column, "'%.*s' is not a finite number above 0", QUOTE(p->value_len),
                p->value);
}

/* The value of @p p among @p n names of @p name_of (or "auto" when
 * @p with_auto, which reads as @p auto_value). */
static int choice(const pair *p, const char *(*name_of)(int), int n, int with_auto,
                  int auto_value, int32_t *out)
{
    if (with_auto && p->value_len == 4 && memcmp(p->value, "auto", 4) == 0) {
        *out = auto_value;
        return 0;
    }
    for (int i = 0; i < n; i++) {
        const char *s = name_of(i);
        if (s != NULL && strlen(s) == p->value_len && memcmp(s, p->value, p->value_len) == 0) {
            *out = i;
            return 0;
        }
    }
    return fail(p->value_column, "'%.*s' is not a %s name", QUOTE(p->value_len), p->value,
                name_of == accelsel_precision_name ? "precision" : "stack");
}

static const char *stack_name(int s)
{
    return accelsel_stack_name(s);
}

static int value(const pair *p, int k, accelsel_job_spec *s, char **network)
{
    double v = 0;
    int rc = 0;
    switch (k) {
    case K_NETWORK:
        if (p->value_len == 0)
            return fail(p->value_column, "an empty network name");
        *network = asel_strndup(p->value, p->value_len);
        return *network == NULL ? asel_enomem() : 0;
    case K_PRECISION:
        return choice(p, accelsel_precision_name, ACCELSEL_PRECISION_COUNT, 1,
                      ACCELSEL_PRECISION_AUTO, &s->precision);
    case K_STACK:
        return choice(p, stack_name, ACCELSEL_STACK_COUNT, 0, 0, &s->stack);
    case K_BATCH:
    case K_DEVICE_BATCH:
        rc = number(p, 1, 9007199254740992.0, 1, &v);
        *(k == K_BATCH ? &s->global_batch : &s->per_device_batch) = v;
        return rc;
    case K_EPOCHS:
    case K_SAMPLES:
        rc = number(p, 0, 0, 0, &v);
        *(k == K_EPOCHS ? &s->epochs : &s->total_samples) = v;
        return rc;
    case K_MIN:
    case K_MAX:
        rc = number(p, 1, UINT32_MAX, 1, &v);
        *(k == K_MIN ? &s->min_count : &s->max_count) = (uint32_t)v;
        return rc;
    default:
        rc = number(p, 0, 0, 0, &s->deadline);
        return rc;
    }
}

/* Keys that exclude each other: the second one given fails. */
static int exclusive(const pair *p, int k, const int seen[N_KEYS])
{
    int other = k == K_BATCH ? K_DEVICE_BATCH : k == K_DEVICE_BATCH ? K_BATCH
                : k == K_EPOCHS  ? K_SAMPLES
                : k == K_SAMPLES ? K_EPOCHS
                                 : -1;
    if (other >= 0 && seen[other])
        return fail(p->key_column, "'%s' and '%s' exclude each other", keys[k], keys[other]);
    if (seen[k])
        return fail(p->key_column, "'%s' is given twice", keys[k]);
    return 0;
}

static int parse(const char *text, accelsel_job_spec *s, char **network)
{
    int seen[N_KEYS] = { 0 };
    size_t at = 0, len = strlen(text);
    do {
        const char *item = text + at;
        size_t n = strcspn(item, ",");
        const char *eq = memchr(item, '=', n);
        if (eq == NULL || eq == item)
            return fail(at + 1, "'%.*s' is not KEY=VALUE", QUOTE(n), item);
        pair p = { item, eq + 1, (size_t)(eq - item), n - (size_t)(eq - item) - 1, at + 1,
                   at + (size_t)(eq - item) + 2 };
        int k = key_of(&p), rc;
        if (k < 0 || (rc = exclusive(&p, k, seen)) < 0 || (rc = value(&p, k, s, network)) < 0)
            return k < 0 ? k : rc;
        seen[k] = 1;
        at += n + 1;
    } while (at <= len);
    if (!seen[K_NETWORK])
        return asel_error_field(ACCELSEL_EPARSE, "spec", "the spec names no network "
                                "(network=NAME or network=FILE)");
    return 0;
}

ACCELSEL_API int accelsel_job_spec_parse(accelsel_job_spec *spec, char **network,
                                         const char *text)
{
    if (network != NULL)
        *network = NULL;
    if (spec == NULL || network == NULL || text == NULL)
        return asel_einval("accelsel_job_spec_parse",
                           spec == NULL ? "spec" : network == NULL ? "network" : "text");
    if (spec->version != ACCELSEL_JOB_SPEC_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown job spec version %u",
                                spec->version);
    accelsel_job_spec s = *spec;
    int rc = parse(text, &s, network);
    if (rc < 0) {
        asel_free(*network);
        *network = NULL;
        return rc;
    }
    *spec = s;
    return 0;
}
