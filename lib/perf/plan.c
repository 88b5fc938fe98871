/* Parallel plans as text and as names (accelsel_plan_parse(), the names of
 * the sharding and recomputation choices). */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/error.h"
#include "core/suggest.h"
#include "accelsel/predict.h"

static const char *const sharding_names[] = {NULL, "none", "zero1", "zero2", "zero3"};
static const char *const recompute_names[] = {NULL, "none", "selective", "full"};

ACCELSEL_API const char *accelsel_sharding_name(uint32_t sharding)
{
    return sharding >= 1 && sharding <= 4 ? sharding_names[sharding] : NULL;
}

ACCELSEL_API const char *accelsel_recompute_name(uint32_t recompute)
{
    return recompute >= 1 && recompute <= 3 ? recompute_names[recompute] : NULL;
}

ACCELSEL_API int accelsel_plan_init(accelsel_plan *plan, unsigned int version)
{
    if (plan == NULL)
        return asel_einval("accelsel_plan_init", "plan");
    if (version != ACCELSEL_PLAN_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown plan version %u", version);
    *plan = (accelsel_plan)ACCELSEL_PLAN_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_plan_size(void)
{
    return sizeof(accelsel_plan);
}

ACCELSEL_API size_t accelsel_plan_prediction_size(void)
{
    return sizeof(accelsel_plan_prediction);
}

/* The keys of the text form, and the words each takes besides numbers. */
static const struct {
    const char *key;
    size_t offset;
    const char *const *words; /* value i + 1 for words[i]; NULL: whole numbers */
    int words_from_zero;      /* zero: "0" is the first word */
} keys[] = {
    {"tp", offsetof(accelsel_plan, tp), NULL, 0},
    {"pp", offsetof(accelsel_plan, pp), NULL, 0},
    {"dp", offsetof(accelsel_plan, dp), NULL, 0},
    {"cp", offsetof(accelsel_plan, cp), NULL, 0},
    {"mbs", offsetof(accelsel_plan, micro_batch), NULL, 0},
    {"vp", offsetof(accelsel_plan, interleave), NULL, 0},
    {"sp", offsetof(accelsel_plan, sequence_parallel), (const char *const[]){"off", "on", NULL}, 0},
    {"zero", offsetof(accelsel_plan, sharding),
     (const char *const[]){"0", "1", "2", "3", NULL}, 1},
    {"recompute", offsetof(accelsel_plan, recompute),
     (const char *const[]){"none", "selective", "full", NULL}, 0},
};
#define N_KEYS (sizeof keys / sizeof keys[0])

static int bad(const char *text, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int bad(const char *text, const char *at, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return asel_error_field(ACCELSEL_EPARSE, "plan", "plan '%.*s%s', column %zu: %s",
                            ASEL_QUOTE_MAX, text, asel_ellipsis(text),
                            (size_t)(at - text) + 1, msg);
}

/* One KEY=VALUE term of @p len bytes at @p term into @p plan. */
static int term(const char *text, const char *term, size_t len, accelsel_plan *plan,
                unsigned *seen)
{
    char buf[64];
    if (len >= sizeof buf)
        return bad(text, term, "a term longer than 63 bytes");
    memcpy(buf, term, len);
    buf[len] = '\0';
    char *eq = strchr(buf, '=');
    if (eq == NULL)
        return bad(text, term, "'%s' is not KEY=VALUE", buf);
    *eq = '\0';
    const char *value = eq + 1;
    size_t k = 0, best = 0;
    while (k < N_KEYS && strcmp(keys[k].key, buf) != 0) {
        if (asel_suggest_rank(buf, keys[k].key, 1) < asel_suggest_rank(buf, keys[best].key, 1))
            best = k;
        k++;
    }
    if (k == N_KEYS)
        return bad(text, term, "unknown key '%s' (closest: '%s'; keys tp, pp, dp, cp, mbs, vp, "
                   "sp, zero, recompute)", buf, keys[best].key);
    if (*seen & (1u << k))
        return bad(text, term, "'%s' is given twice", buf);
    *seen |= 1u << k;
    uint32_t *field = (uint32_t *)((char *)plan + keys[k].offset);
    if (strcmp(value, "auto") == 0 || (keys[k].words == NULL && strcmp(value, "...") == 0)) {
        *field = ACCELSEL_PLAN_AUTO;
        return 0;
    }
    if (keys[k].words != NULL) {
        for (uint32_t w = 0; keys[k].words[w] != NULL; w++)
            if (strcmp(keys[k].words[w], value) == 0 ||
                (keys[k].words_from_zero && w == 3 && strcmp(value, "fsdp") == 0)) {
                *field = w + 1;
                return 0;
            }
        return bad(text, term, "'%s' is no value of '%s'", value, buf);
    }
    char *end;
    unsigned long long v = strtoull(value, &end, 10);
    if (value[0] < '1' || value[0] > '9' || *end != '\0' || v > UINT32_MAX)
        return bad(text, term, "'%s' is not a whole number from 1 to 4294967295 for '%s'", value,
                   buf);
    *field = (uint32_t)v;
    return 0;
}

ACCELSEL_API int accelsel_plan_parse(accelsel_plan *plan, const char *text)
{
    if (plan == NULL || text == NULL)
        return asel_einval("accelsel_plan_parse", plan == NULL ? "plan" : "text");
    accelsel_plan p = ACCELSEL_PLAN_INIT;
    if (strcmp(text, "auto") != 0) {
        unsigned seen = 0;
        for (const char *s = text;; s++) {
            size_t len = strcspn(s, ",");
            int rc = term(text, s, len, &p, &seen);
            if (rc != 0)
                return rc;
            s += len;
            if (*s == '\0')
                break;
        }
    }
    *plan = p;
    return 0;
}
