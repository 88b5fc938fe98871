/* Reading a parameter file written by accelsel_predictor_save_params_file():
 * every key required, none unknown, every value in its range, corrections
 * naming devices of the catalog. */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "perf/params_fields.h"
#include "perf/params_scope.h"
#include "perf/predictor_impl.h"

/* The top-level keys of a file of @p version: these, and the global fields
 * that version has. */
static const char *const section_keys[] = {
    "format", "version", "kinds", "corrections", "count_corrections", NULL,
};
static const char *const scope_keys[] = { "workload", "error_bands", NULL }; /* version 3 on */
static const char *const plan_keys[] = { "plan_corrections", "plan_count_corrections",
                                         NULL }; /* version 5 on */

static int check_root_keys(const asel_yaml_doc *doc, const asel_yaml_node *root, int64_t version)
{
    const char *keys[32];
    size_t n = 0;
    for (const char *const *k = section_keys; *k; k++)
        keys[n++] = *k;
    for (const char *const *k = scope_keys; version >= 3 && *k; k++)
        keys[n++] = *k;
    for (const char *const *k = plan_keys; version >= 5 && *k; k++)
        keys[n++] = *k;
    for (const asel_perf_field *f = asel_perf_global_fields; f->key; f++)
        if (f->since <= version)
            keys[n++] = f->key;
    keys[n] = NULL;
    return asel_yaml_check_keys(doc, root, keys);
}

static int read_header(const asel_yaml_doc *doc, const asel_yaml_node *root, int64_t *version)
{
    const char *format;
    int rc = asel_yaml_expect(doc, root, ASEL_YAML_MAP, "parameter file");
    if (rc == 0) /* keys of no version first; those newer than the file's below */
        rc = check_root_keys(doc, root, ASEL_PERF_PARAMS_FILE_VERSION);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, root, "format", 1, &format);
    if (rc == 0 && strcmp(format, "accelsel-predictor-params") != 0)
        return asel_yaml_fail(doc, asel_yaml_get(root, "format"),
                              "not a predictor parameter file: format '%.*s%s'", ASEL_QUOTE_MAX,
                              format, asel_ellipsis(format));
    if (rc == 0)
        rc = asel_yaml_get_int(doc, root, "version", 1, INT64_MIN, INT64_MAX, version);
    if (rc == 0 && (*version < 1 || *version > ASEL_PERF_PARAMS_FILE_VERSION)) {
        const asel_yaml_node *v = asel_yaml_get(root, "version");
        return asel_error_at(ACCELSEL_EVERSION, asel_yaml_source(doc), v->line, v->column,
                             "unknown predictor parameter file version %lld", (long long)*version);
    }
    if (rc == 0 && *version < ASEL_PERF_PARAMS_FILE_VERSION)
        rc = check_root_keys(doc, root, *version);
    return rc;
}

/* The fields of @p list that a file of @p version has, from map @p map
 * into @p base, each required, finite and in its range (the error is at the
 * value). */
static int read_values(const asel_yaml_doc *doc, const asel_yaml_node *map,
                       const asel_perf_field *list, int64_t version, void *base)
{
    int rc = 0;
    for (const asel_perf_field *f = list; rc == 0 && f->key; f++) {
        if (f->since > version)
            continue;
        double *v = (double *)((char *)base + f->offset);
        rc = asel_yaml_get_double(doc, map, f->key, 1, f->min, f->max, v);
        if (rc == 0 && f->whole && *v != floor(*v))
            return asel_yaml_fail(doc, asel_yaml_get(map, f->key),
                                  "'%s' = %s is not a whole number", f->key,
                                  asel_yaml_get(map, f->key)->value);
    }
    return rc;
}

/* As read_values(), with no key outside those. */
static int read_fields(const asel_yaml_doc *doc, const asel_yaml_node *map,
                       const asel_perf_field *list, int64_t version, void *base)
{
    const char *keys[ASEL_PERF_FIELDS_MAX + 1];
    size_t n = 0;
    for (const asel_perf_field *f = list; f->key && n < ASEL_PERF_FIELDS_MAX; f++)
        if (f->since <= version)
            keys[n++] = f->key;
    keys[n] = NULL;
    int rc = asel_yaml_check_keys(doc, map, keys);
    return rc == 0 ? read_values(doc, map, list, version, base) : rc;
}

static int read_kinds(const asel_yaml_doc *doc, const asel_yaml_node *root, int64_t version,
                      asel_perf_params *par)
{
    const asel_yaml_node *kinds = asel_yaml_get(root, "kinds");
    static const char *const keys[] = { "cpu", "gpu", "accel", NULL };
    if (kinds == NULL)
        return asel_yaml_fail(doc, root, "missing required key 'kinds'");
    int rc = asel_yaml_expect(doc, kinds, ASEL_YAML_MAP, "kinds");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, kinds, keys);
    for (int k = 0; rc == 0 && k < ASEL_PERF_KINDS; k++) {
        const asel_yaml_node *m = asel_yaml_get(kinds, asel_perf_kind_keys[k]);
        if (m == NULL)
            return asel_yaml_fail(doc, kinds, "missing required key '%s'", asel_perf_kind_keys[k]);
        rc = asel_yaml_expect(doc, m, ASEL_YAML_MAP, asel_perf_kind_keys[k]);
        if (rc == 0)
            rc = read_fields(doc, m, asel_perf_kind_fields, version, &par->kind[k]);
    }
    return rc;
}

/* The catalog device named by key @p key: 0; 1 when the catalog lacks it
 * and @p skip says to pass over such devices; or ACCELSEL_EPARSE at it. */
static int device_at(const asel_yaml_doc *doc, const asel_yaml_node *key,
                     const accelsel_predictor *p, int skip, size_t *dev)
{
    if (accelsel_catalog_find_device(p->cat, key->value, dev) == 0)
        return 0;
    if (skip)
        return 1;
    return asel_yaml_fail(doc, key, "correction for unknown device '%.*s%s'", ASEL_QUOTE_MAX,
                          key->value, asel_ellipsis(key->value));
}

/* The mapping at @p key of @p root, which must be there. */
static int required_map(const asel_yaml_doc *doc, const asel_yaml_node *root, const char *key,
                        const asel_yaml_node **out)
{
    *out = asel_yaml_get(root, key);
    if (*out == NULL)
        return asel_yaml_fail(doc, root, "missing required key '%s'", key);
    return asel_yaml_expect(doc, *out, ASEL_YAML_MAP, key);
}

/* 0, or ACCELSEL_EPARSE at key @p i of @p c when an earlier key names the
 * same device (its name and an alias): one would silently win. */
static int first_of_device(const asel_yaml_doc *doc, const asel_yaml_node *c, size_t i,
                           const accelsel_predictor *p, size_t dev)
{
    for (size_t j = 0; j < i; j++) {
        size_t other;
        if (accelsel_catalog_find_device(p->cat, c->keys[j]->value, &other) == 0 && other == dev)
            return asel_yaml_fail(doc, c->keys[i], "device '%s' is corrected twice (as '%.*s%s')",
                                  accelsel_catalog_device(p->cat, dev)->name, ASEL_QUOTE_MAX,
                                  c->keys[j]->value, asel_ellipsis(c->keys[j]->value));
    }
    return 0;
}

/* Corrections at @p key into @p corr: device name -> positive finite time
 * factor, once per device. */
static int read_corrections(const asel_yaml_doc *doc, const asel_yaml_node *root, const char *key,
                            asel_perf_corr *corr, const accelsel_predictor *p, int skip)
{
    const asel_yaml_node *c;
    int rc = required_map(doc, root, key, &c);
    for (size_t i = 0; rc == 0 && i < c->n; i++) {
        size_t dev;
        double v;
        if ((rc = device_at(doc, c->keys[i], p, skip, &dev)) == 1) {
            rc = 0;
            continue;
        }
        if (rc == 0)
            rc = first_of_device(doc, c, i, p, dev);
        if (rc == 0)
            rc = asel_yaml_as_double(doc, c->items[i], "correction", ASEL_PERF_CORR_MIN,
                                     ASEL_PERF_CORR_MAX, &v);
        if (rc == 0)
            corr->dev[dev] = v;
    }
    return rc;
}

/* 0, or ACCELSEL_EPARSE at count factor @p node when it and the device's
 * factor (corrections, read before) multiply to a factor out of range: a
 * prediction at that count would apply the product. */
static int product_in_range(const asel_yaml_doc *doc, const asel_yaml_node *node,
                            const asel_perf_corr *corr, const accelsel_predictor *p, size_t dev,
                            double v)
{
    double f = corr->dev[dev] * v;
    if (f >= ASEL_PERF_CORR_MIN && f <= ASEL_PERF_CORR_MAX)
        return 0;
    return asel_yaml_fail(doc, node,
                          "count correction %s times the correction %.9g of '%s' is %.9g, "
                          "outside [%g, %g]", node->value, corr->dev[dev],
                          accelsel_catalog_device(p->cat, dev)->name, f, ASEL_PERF_CORR_MIN,
                          ASEL_PERF_CORR_MAX);
}

/* One device's map: accelerator count (a positive integer) -> time factor. */
static int read_counts(const asel_yaml_doc *doc, const asel_yaml_node *name,
                       const asel_yaml_node *map, asel_perf_corr *corr,
                       const accelsel_predictor *p, int skip)
{
    size_t dev;
    int rc = device_at(doc, name, p, skip, &dev);
    if (rc == 1)
        return 0;
    if (rc == 0)
        rc = asel_yaml_expect(doc, map, ASEL_YAML_MAP, "count corrections");
    for (size_t j = 0; rc == 0 && j < map->n; j++) {
        int64_t count;
        double v;
        /* A count a request can reach: accelerator counts are 32-bit. */
        rc = asel_yaml_as_int(doc, map->keys[j], "accelerator count", 1, UINT32_MAX, &count);
        if (rc == 0)
            rc = asel_yaml_as_double(doc, map->items[j], "count correction", ASEL_PERF_CORR_MIN,
                                     ASEL_PERF_CORR_MAX, &v);
        if (rc == 0)
            rc = product_in_range(doc, map->items[j], corr, p, dev, v);
        if (rc == 0)
            corr->cnt[corr->n_cnt++] = (asel_perf_count_corr){ dev, (double)count, v };
    }
    return rc;
}

static int cmp_count_corr(const void *a, const void *b)
{
    const asel_perf_count_corr *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return (x->count > y->count) - (x->count < y->count);
}

/* Count corrections at @p key into @p corr: device name -> {count: time
 * factor}, kept sorted; a pair given twice (two names of one device) is an
 * error at the key. */
static int read_count_corrections(const asel_yaml_doc *doc, const asel_yaml_node *root,
                                  const char *key, asel_perf_corr *corr,
                                  const accelsel_predictor *p, int skip)
{
    const asel_yaml_node *c;
    int rc = required_map(doc, root, key, &c);
    size_t total = 0;
    for (size_t i = 0; rc == 0 && i < c->n; i++)
        total += c->items[i]->kind == ASEL_YAML_MAP ? c->items[i]->n : 0;
    if (rc == 0)
        rc = asel_perf_corr_reserve(corr, total);
    for (size_t i = 0; rc == 0 && i < c->n; i++)
        rc = read_counts(doc, c->keys[i], c->items[i], corr, p, skip);
    if (rc < 0)
        return rc;
    asel_perf_count_corr *e = corr->cnt;
    qsort(e, corr->n_cnt, sizeof *e, cmp_count_corr);
    for (size_t k = 1; k < corr->n_cnt; k++)
        if (e[k].dev == e[k - 1].dev && e[k].count == e[k - 1].count)
            return asel_yaml_fail(doc, c, "count %.0f of device '%s' is corrected twice", e[k].count,
                                  accelsel_catalog_device(p->cat, e[k].dev)->name);
    return 0;
}

static int read_params(const asel_yaml_doc *doc, accelsel_predictor *p, int skip)
{
    const asel_yaml_node *root = asel_yaml_root(doc);
    int64_t version = 0;
    int rc = read_header(doc, root, &version);
    if (rc == 0)
        rc = read_kinds(doc, root, version, &p->par);
    if (rc == 0) /* keys: read_header() */
        rc = read_values(doc, root, asel_perf_global_fields, version, &p->par);
    if (rc == 0)
        rc = read_corrections(doc, root, "corrections", &p->corr, p, skip);
    if (rc == 0)
        rc = read_count_corrections(doc, root, "count_corrections", &p->corr, p, skip);
    if (rc == 0 && version >= 5)
        rc = read_corrections(doc, root, "plan_corrections", &p->plan_corr, p, skip);
    if (rc == 0 && version >= 5)
        rc = read_count_corrections(doc, root, "plan_count_corrections", &p->plan_corr, p, skip);
    if (rc == 0)
        rc = asel_perf_read_scope(doc, root, version, p);
    return rc;
}

/* @p skip: pass over corrections of devices @p cat lacks (the shipped fit
 * on a catalog of the caller's), instead of refusing them. */
static int load(accelsel_predictor **out, const accelsel_catalog *cat, const char *data,
                size_t len, const char *source, const accelsel_predictor_options *opts, int skip)
{
    int rc = asel_perf_check_predictor_options(opts);
    if (rc < 0)
        return rc;
    size_t max_nodes = opts && opts->max_yaml_nodes <= SIZE_MAX ? (size_t)opts->max_yaml_nodes : 0;
    asel_yaml_doc *doc = NULL;
    accelsel_predictor *p = NULL;
    rc = asel_yaml_parse_as(&doc, data, len, source, max_nodes, "predictor parameter file");
    if (rc == 0)
        rc = asel_perf_predictor_alloc(&p, cat, asel_perf_params_default());
    if (rc == 0)
        rc = read_params(doc, p, skip);
    asel_yaml_free(doc);
    if (rc < 0) {
        accelsel_predictor_free(p);
        return rc;
    }
    *out = p;
    return 0;
}

ACCELSEL_API int accelsel_predictor_load_params_buffer(accelsel_predictor **out,
                                                       const accelsel_catalog *cat,
                                                       const char *data, size_t len,
                                                       const accelsel_predictor_options *opts)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL || (data == NULL && len > 0))
        return asel_einval("accelsel_predictor_load_params_buffer",
                           out == NULL ? "out" : cat == NULL ? "cat" : "data");
    return load(out, cat, data ? data : "", len, "<buffer>", opts, 0);
}

ACCELSEL_API int accelsel_predictor_load_params_file(accelsel_predictor **out,
                                                     const accelsel_catalog *cat,
                                                     const char *path,
                                                     const accelsel_predictor_options *opts)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL || path == NULL)
        return asel_einval("accelsel_predictor_load_params_file",
                           out == NULL ? "out" : cat == NULL ? "cat" : "path");
    char *data;
    size_t len;
    int rc = asel_read_file(path, &data, &len);
    if (rc < 0)
        return rc;
    rc = load(out, cat, data, len, path, opts, 0);
    asel_free(data);
    return rc;
}

/* Generated by tools/embed.py from data/params/builtin.yaml. */
extern const unsigned char asel_perf_builtin_params[];
extern const size_t asel_perf_builtin_params_len;

int asel_perf_load_builtin(accelsel_predictor **out, const accelsel_catalog *cat)
{
    return load(out, cat, (const char *)asel_perf_builtin_params, asel_perf_builtin_params_len,
                "built-in parameters", NULL, 1);
}
