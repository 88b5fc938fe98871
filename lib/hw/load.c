/* Reading a whole catalog: the document, its version and the four lists. */
#include <stddef.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "hw/load.h"

/* data/catalog/builtin.yaml, embedded by tools/embed.py. */
extern const unsigned char asel_hw_builtin_catalog[];
extern const size_t asel_hw_builtin_catalog_len;

static const char *const root_keys[] = {"version", "devices", "designs", "links", "systems", NULL};

static int read_version(const asel_hw_loader *ld, const asel_yaml_node *root)
{
    const asel_yaml_node *v = asel_yaml_get(root, "version");
    int64_t version;
    int rc = asel_yaml_get_int(ld->doc, root, "version", 1, INT64_MIN, INT64_MAX, &version);
    if (rc == 0 && version != 1)
        rc = asel_error_at(ACCELSEL_EVERSION, asel_yaml_source(ld->doc), v->line, v->column,
                           "catalog version %lld is not supported (this library reads version 1)",
                           (long long)version);
    return rc;
}

static int read_entry(const asel_hw_loader *ld, asel_hw_list list, const asel_yaml_node *item,
                      size_t i)
{
    accelsel_catalog *cat = ld->cat;
    switch (list) {
    case ASEL_HW_DEVICES:
        return asel_hw_read_device(ld, item, &cat->devices[i]);
    case ASEL_HW_DESIGNS:
        return asel_hw_read_design(ld, item, &cat->designs[i]);
    case ASEL_HW_LINKS:
        return asel_hw_read_link(ld, item, &cat->links[i]);
    case ASEL_HW_SYSTEMS:
        return asel_hw_read_system(ld, item, &cat->systems[i]);
    }
    return 0;
}

/* Room for @p n entries of @p list, counted as they load so that lookups
 * made while loading (systems) see only finished entries. */
static int allocate(const asel_hw_loader *ld, asel_hw_list list, size_t n)
{
    accelsel_catalog *cat = ld->cat;
    asel_arena *a = &cat->arena;
    void *p = NULL;
    switch (list) {
    case ASEL_HW_DEVICES:
        p = cat->devices = asel_arena_calloc(a, n, sizeof *cat->devices);
        break;
    case ASEL_HW_DESIGNS:
        p = cat->designs = asel_arena_calloc(a, n, sizeof *cat->designs);
        break;
    case ASEL_HW_LINKS:
        p = cat->links = asel_arena_calloc(a, n, sizeof *cat->links);
        break;
    case ASEL_HW_SYSTEMS:
        p = cat->systems = asel_arena_calloc(a, n, sizeof *cat->systems);
        break;
    }
    return p == NULL ? ACCELSEL_ENOMEM : 0;
}

static void set_count(accelsel_catalog *cat, asel_hw_list list, size_t n)
{
    size_t *counts[] = {&cat->n_devices, &cat->n_designs, &cat->n_links, &cat->n_systems};
    *counts[list] = n;
}

static int read_list(const asel_hw_loader *ld, const asel_yaml_node *root, asel_hw_list list)
{
    const asel_yaml_node *seq = asel_yaml_get(root, asel_hw_list_key(list));
    if (seq == NULL)
        return 0;
    int rc = asel_yaml_expect(ld->doc, seq, ASEL_YAML_SEQ, asel_hw_list_key(list));
    if (rc == 0)
        rc = allocate(ld, list, seq->n);
    for (size_t i = 0; rc == 0 && i < seq->n; i++) {
        rc = read_entry(ld, list, seq->items[i], i);
        if (rc == 0)
            set_count(ld->cat, list, i + 1);
    }
    return rc != 0 ? rc : asel_hw_index_names(ld, seq, list);
}

static int read_root(const asel_hw_loader *ld, const asel_yaml_node *root)
{
    int rc = asel_yaml_expect(ld->doc, root, ASEL_YAML_MAP, "a catalog");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, root, root_keys);
    if (rc == 0)
        rc = read_version(ld, root);
    /* Systems refer to the other lists, so they come last. */
    static const asel_hw_list order[] = {ASEL_HW_LINKS, ASEL_HW_DEVICES, ASEL_HW_DESIGNS,
                                         ASEL_HW_SYSTEMS};
    for (size_t k = 0; rc == 0 && k < ASEL_HW_LIST_COUNT; k++)
        rc = read_list(ld, root, order[k]);
    return rc;
}

int asel_hw_load(accelsel_catalog **out, const char *data, size_t len, const char *source)
{
    *out = NULL;
    asel_yaml_doc *doc;
    int rc = asel_yaml_parse_as(&doc, data, len, source, 0, "catalog");
    if (rc != 0)
        return rc;
    accelsel_catalog *cat = asel_hw_catalog_new();
    rc = cat == NULL ? ACCELSEL_ENOMEM : 0;
    if (rc == 0) {
        asel_hw_loader ld = {doc, cat};
        rc = read_root(&ld, asel_yaml_root(doc));
    }
    asel_yaml_free(doc);
    if (rc != 0) {
        accelsel_catalog_free(cat);
        return rc;
    }
    *out = cat;
    return 0;
}

ACCELSEL_API int accelsel_catalog_load_buffer(accelsel_catalog **out, const char *data, size_t len)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || (data == NULL && len != 0))
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_load_buffer: %s is NULL",
                          out == NULL ? "out" : "data");
    return asel_hw_load(out, data, len, "<buffer>");
}

ACCELSEL_API int accelsel_catalog_load_file(accelsel_catalog **out, const char *path)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || path == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_load_file: %s is NULL",
                          out == NULL ? "out" : "path");
    char *text;
    size_t len;
    int rc = asel_read_file(path, &text, &len);
    if (rc != 0)
        return rc;
    rc = asel_hw_load(out, text, len, path);
    asel_free(text);
    return rc;
}

ACCELSEL_API int accelsel_catalog_load_builtin(accelsel_catalog **out)
{
    if (out == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_load_builtin: out is NULL");
    return asel_hw_load(out, (const char *)asel_hw_builtin_catalog, asel_hw_builtin_catalog_len,
                        "<builtin catalog>");
}
