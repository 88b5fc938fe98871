/* Typed access to a parsed YAML tree, with errors that name key and position. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "core/yaml_doc.h"

static const char *kind_name(asel_yaml_kind k)
{
    return k == ASEL_YAML_MAP ? "a mapping" : k == ASEL_YAML_SEQ ? "a list" : "a scalar";
}

int asel_yaml_fail(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return asel_error_at(ACCELSEL_EPARSE, asel_yaml_source(doc), node->line, node->column, "%s",
                         msg);
}

int asel_yaml_has_nul(const asel_yaml_node *node)
{
    return node->kind == ASEL_YAML_SCALAR && strlen(node->value) != node->len;
}

int asel_yaml_expect(const asel_yaml_doc *doc, const asel_yaml_node *node, asel_yaml_kind kind,
                     const char *what)
{
    if (node->kind == kind)
        return 0;
    return asel_yaml_fail(doc, node, "%s must be %s, not %s", what, kind_name(kind),
                          kind_name(node->kind));
}

const asel_yaml_node *asel_yaml_get(const asel_yaml_node *map, const char *key)
{
    if (map == NULL || map->kind != ASEL_YAML_MAP)
        return NULL;
    size_t klen = strlen(key);
    for (size_t i = 0; i < map->n; i++)
        if (map->keys[i]->len == klen && memcmp(map->keys[i]->value, key, klen) == 0)
            return map->items[i];
    return NULL;
}

int asel_yaml_check_keys(const asel_yaml_doc *doc, const asel_yaml_node *map,
                         const char *const *allowed)
{
    for (size_t i = 0; i < map->n; i++) {
        const asel_yaml_node *k = map->keys[i];
        int known = 0;
        for (const char *const *a = allowed; *a != NULL && !known; a++)
            known = strlen(*a) == k->len && memcmp(*a, k->value, k->len) == 0;
        if (!known)
            return asel_yaml_fail(doc, k, "unknown key '%s'", k->value);
    }
    return 0;
}

int asel_yaml_as_string(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                        const char **out)
{
    if (node->kind != ASEL_YAML_SCALAR)
        return asel_yaml_fail(doc, node, "'%s' must be a string, not %s", what,
                              kind_name(node->kind));
    if (asel_yaml_has_nul(node))
        return asel_yaml_fail(doc, node, "'%s' contains a NUL byte", what);
    if (node->len == 0 && !node->quoted)
        return asel_yaml_fail(doc, node, "'%s' is empty", what);
    *out = node->value;
    return 0;
}

int asel_yaml_as_double(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                        double min, double max, double *out)
{
    double v;
    if (node->kind != ASEL_YAML_SCALAR || node->quoted)
        return asel_yaml_fail(doc, node, "'%s' must be a number", what);
    int rc = asel_parse_double(node->value, node->len, &v);
    if (rc == ACCELSEL_ERANGE || (rc == 0 && !isfinite(v)))
        return asel_yaml_fail(doc, node, "'%s' is not a finite number: '%s'", what, node->value);
    if (rc != 0)
        return asel_yaml_fail(doc, node, "'%s' must be a number, not '%s'", what, node->value);
    if (v < min || v > max)
        return asel_yaml_fail(doc, node, "'%s' = %s is outside [%g, %g]", what, node->value, min,
                              max);
    *out = v;
    return 0;
}

int asel_yaml_as_int(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                     int64_t min, int64_t max, int64_t *out)
{
    if (node->kind != ASEL_YAML_SCALAR || node->quoted || node->len == 0)
        return asel_yaml_fail(doc, node, "'%s' must be an integer", what);
    const char *s = node->value;
    size_t i = s[0] == '-' || s[0] == '+' ? 1 : 0;
    int neg = s[0] == '-';
    if (i == node->len)
        return asel_yaml_fail(doc, node, "'%s' must be an integer, not '%s'", what, s);
    uint64_t v = 0;
    for (; i < node->len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return asel_yaml_fail(doc, node, "'%s' must be an integer, not '%s'", what, s);
        uint64_t d = (uint64_t)(s[i] - '0');
        if (v > (UINT64_C(1) << 63) / 10 || v * 10 + d > (UINT64_C(1) << 63))
            return asel_yaml_fail(doc, node, "'%s' = %s does not fit in 64 bits", what, s);
        v = v * 10 + d;
    }
    if (!neg && v > (uint64_t)INT64_MAX)
        return asel_yaml_fail(doc, node, "'%s' = %s does not fit in 64 bits", what, s);
    int64_t x = neg ? (v == (UINT64_C(1) << 63) ? INT64_MIN : -(int64_t)v) : (int64_t)v;
    if (x < min || x > max)
        return asel_yaml_fail(doc, node, "'%s' = %s is outside [%lld, %lld]", what, s,
                              (long long)min, (long long)max);
    *out = x;
    return 0;
}

/* Look up @p key; 1 if present, 0 if absent and optional, or an error. */
static int lookup(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                  int required, const asel_yaml_node **node)
{
    *node = asel_yaml_get(map, key);
    if (*node != NULL)
        return 1;
    if (required)
        return asel_yaml_fail(doc, map, "missing required key '%s'", key);
    return 0;
}

int asel_yaml_get_double(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                         int required, double min, double max, double *out)
{
    const asel_yaml_node *n;
    int rc = lookup(doc, map, key, required, &n);
    return rc <= 0 ? rc : asel_yaml_as_double(doc, n, key, min, max, out);
}

int asel_yaml_get_int(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                      int required, int64_t min, int64_t max, int64_t *out)
{
    const asel_yaml_node *n;
    int rc = lookup(doc, map, key, required, &n);
    return rc <= 0 ? rc : asel_yaml_as_int(doc, n, key, min, max, out);
}

int asel_yaml_get_string(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                         int required, const char **out)
{
    const asel_yaml_node *n;
    int rc = lookup(doc, map, key, required, &n);
    return rc <= 0 ? rc : asel_yaml_as_string(doc, n, key, out);
}

int asel_yaml_get_bool(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                       int required, int *out)
{
    const asel_yaml_node *n;
    int rc = lookup(doc, map, key, required, &n);
    if (rc <= 0)
        return rc;
    if (n->kind == ASEL_YAML_SCALAR && !n->quoted && strcmp(n->value, "true") == 0)
        *out = 1;
    else if (n->kind == ASEL_YAML_SCALAR && !n->quoted && strcmp(n->value, "false") == 0)
        *out = 0;
    else
        return asel_yaml_fail(doc, n, "'%s' must be true or false", key);
    return 0;
}
