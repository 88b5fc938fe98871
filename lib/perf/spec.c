/* What-if specs, NAME:COUNTS[;NAME:COUNTS...] (accelsel_predict_spec_parse()):
 * the grammar of `accelsel rank --with-predictions`, read once for every
 * front end. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/spec.h"

ACCELSEL_API void accelsel_predict_spec_free(accelsel_predict_spec *s)
{
    if (s == NULL)
        return;
    for (size_t i = 0; i < s->n; i++) {
        asel_free(s->item[i].name);
        asel_free(s->item[i].counts);
    }
    asel_free(s->item);
    asel_free(s);
}

static asel_spec_item *new_item(accelsel_predict_spec *s)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 8;
        asel_spec_item *v = asel_realloc(s->item, cap * sizeof *v);
        if (v == NULL)
            return NULL;
        s->item = v;
        s->cap = cap;
    }
    s->item[s->n] = (asel_spec_item){ NULL, NULL, 0 };
    return &s->item[s->n++];
}

/* Item number @p k (1-based) of @p len bytes at @p text, from 0-based byte
 * @p column of the spec: NAME, cut at its last colon, and COUNTS. */
static int parse_item(accelsel_predict_spec *s, const char *text, size_t len, size_t column,
                      size_t k)
{
    const char *colon = NULL;
    for (size_t i = 0; i < len; i++)
        if (text[i] == ':')
            colon = text + i;
    if (colon == NULL || colon == text)
        return asel_error_field(ACCELSEL_EPARSE, "spec", "item %zu ('%.*s', column %zu) is not "
                                "NAME:COUNTS (e.g. h200-sxm-141gb:8,16,64)", k,
                                len > 64 ? 64 : (int)len, text, column + 1);
    asel_spec_item *it = new_item(s);
    size_t name_len = (size_t)(colon - text);
    if (it == NULL || (it->name = asel_malloc(name_len + 1)) == NULL)
        return asel_enomem();
    memcpy(it->name, text, name_len);
    it->name[name_len] = '\0';
    return asel_spec_parse_counts(it, colon + 1, len - name_len - 1, column + name_len + 1);
}

ACCELSEL_API int accelsel_predict_spec_parse(accelsel_predict_spec **out, const char *spec)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || spec == NULL)
        return asel_error_field(ACCELSEL_EINVAL, out == NULL ? "out" : "spec",
                                "accelsel_predict_spec_parse: invalid argument '%s'",
                                out == NULL ? "out" : "spec");
    accelsel_predict_spec *s = asel_calloc(1, sizeof *s);
    if (s == NULL)
        return asel_enomem();
    int rc;
    size_t len = strlen(spec);
    for (size_t b = 0, k = 1;; k++) {
        const char *semi = memchr(spec + b, ';', len - b);
        size_t e = semi != NULL ? (size_t)(semi - spec) : len;
        rc = parse_item(s, spec + b, e - b, b, k);
        if (rc != 0 || semi == NULL)
            break;
        b = e + 1;
    }
    if (rc != 0) {
        accelsel_predict_spec_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

ACCELSEL_API size_t accelsel_predict_spec_items(const accelsel_predict_spec *s)
{
    return s != NULL ? s->n : 0;
}

ACCELSEL_API const char *accelsel_predict_spec_name(const accelsel_predict_spec *s, size_t item)
{
    return s != NULL && item < s->n ? s->item[item].name : NULL;
}

ACCELSEL_API const uint32_t *accelsel_predict_spec_counts(const accelsel_predict_spec *s,
                                                          size_t item, size_t *n)
{
    int ok = s != NULL && item < s->n;
    if (n != NULL)
        *n = ok ? s->item[item].n : 0;
    return ok ? s->item[item].counts : NULL;
}
