/* Reading a cluster file (docs/placement.md, "Cluster files"). Each
 * partition goes through accelsel_place_cluster_add() and
 * accelsel_place_cluster_set_state(), the rules of a cluster built in
 * memory; a refusal there is reported at the key it blames. */
#include <float.h>
#include <stdio.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "place/place_impl.h"

static const char *const root_keys[] = { "version", "now", "partitions", NULL };
static const char *const partition_keys[] = { "name", "device", "system", "nodes", "per_node",
                                              "intra_link", "inter_link", "host_cpu", "free",
                                              "busy", NULL };
static const char *const busy_keys[] = { "count", "from", "until", NULL };

typedef struct loader {
    const asel_yaml_doc *doc;
    accelsel_place_cluster *c;
} loader;

/* The last error, recorded by the in-memory rules, as a parse error at the
 * key of @p map it blames (at @p map itself when it blames none). */
static int at_key(const loader *ld, const asel_yaml_node *map, int rc)
{
    const accelsel_error *e = accelsel_last_error();
    if (rc == ACCELSEL_ENOMEM)
        return rc;
    const asel_yaml_node *node = e->field != NULL ? asel_yaml_get(map, e->field) : NULL;
    char msg[ASEL_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", e->message);
    return asel_yaml_fail(ld->doc, node != NULL ? node : map, "%s", msg);
}

/* An optional count (*out untouched when absent), or a required one. */
static int get_u32(const loader *ld, const asel_yaml_node *map, const char *key, int required,
                   int64_t min, int64_t max, uint32_t *out)
{
    int64_t v = *out;
    int rc = asel_yaml_get_int(ld->doc, map, key, required, min, max, &v);
    *out = (uint32_t)v;
    return rc;
}

static int read_spec(const loader *ld, const asel_yaml_node *map, accelsel_partition_spec *s)
{
    int rc = asel_yaml_get_string(ld->doc, map, "name", 1, &s->name);
    if (rc == 0)
        rc = asel_yaml_get_string(ld->doc, map, "device", 0, &s->device);
    if (rc == 0)
        rc = asel_yaml_get_string(ld->doc, map, "system", 0, &s->system);
    if (rc == 0)
        rc = get_u32(ld, map, "nodes", 0, 1, ACCELSEL_PARTITION_MAX_NODES, &s->nodes);
    if (rc == 0)
        rc = get_u32(ld, map, "per_node", 0, 1, ACCELSEL_PARTITION_MAX_PER_NODE, &s->per_node);
    if (rc == 0)
        rc = asel_yaml_get_string(ld->doc, map, "intra_link", 0, &s->intra_link);
    if (rc == 0)
        rc = asel_yaml_get_string(ld->doc, map, "inter_link", 0, &s->inter_link);
    if (rc == 0)
        rc = asel_yaml_get_string(ld->doc, map, "host_cpu", 0, &s->host_cpu);
    return rc;
}

/* The busy groups of @p node into *busy (freed by the caller), the
 * accelerators of those in use now into *in_use. */
static int read_busy(const loader *ld, const asel_yaml_node *node, accelsel_busy **busy,
                     uint64_t *in_use)
{
    *busy = NULL;
    *in_use = 0;
    int rc = asel_yaml_expect(ld->doc, node, ASEL_YAML_SEQ, "busy");
    if (rc == 0)
        rc = asel_alloc_array(busy, node->n, sizeof **busy);
    for (size_t i = 0; rc == 0 && i < node->n; i++) {
        const asel_yaml_node *g = node->items[i];
        if ((rc = asel_yaml_expect(ld->doc, g, ASEL_YAML_MAP, "a busy group")) < 0 ||
            (rc = asel_yaml_check_keys(ld->doc, g, busy_keys)) < 0 ||
            (rc = get_u32(ld, g, "count", 1, 1, UINT32_MAX, &(*busy)[i].count)) < 0 ||
            (rc = asel_yaml_get_double(ld->doc, g, "from", 0, 0, DBL_MAX, &(*busy)[i].from)) < 0 ||
            (rc = asel_yaml_get_double(ld->doc, g, "until", 1, 0, DBL_MAX, &(*busy)[i].until)) < 0)
            break;
        *in_use += (*busy)[i].from <= ld->c->now ? (*busy)[i].count : 0;
    }
    return rc;
}

static int read_state(const loader *ld, const asel_yaml_node *map, size_t index)
{
    const accelsel_partition_info *info = &ld->c->parts[index].info;
    const asel_yaml_node *node = asel_yaml_get(map, "busy");
    accelsel_busy *busy = NULL;
    uint64_t in_use = 0;
    int rc = node != NULL ? read_busy(ld, node, &busy, &in_use) : 0;
    uint32_t free = in_use < info->total ? (uint32_t)(info->total - in_use) : 0;
    if (rc == 0)
        rc = get_u32(ld, map, "free", 0, 0, UINT32_MAX, &free);
    if (rc == 0 && (rc = accelsel_place_cluster_set_state(ld->c, index, free, busy,
                                                          node != NULL ? node->n : 0)) < 0)
        rc = at_key(ld, map, rc);
    asel_free(busy);
    return rc;
}

static int read_partition(const loader *ld, const asel_yaml_node *map)
{
    accelsel_partition_spec s = ACCELSEL_PARTITION_SPEC_INIT;
    int rc = asel_yaml_expect(ld->doc, map, ASEL_YAML_MAP, "a partition");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, map, partition_keys);
    if (rc == 0)
        rc = read_spec(ld, map, &s);
    if (rc == 0 && (rc = accelsel_place_cluster_add(ld->c, &s)) < 0)
        return at_key(ld, map, rc);
    return rc < 0 ? rc : read_state(ld, map, ld->c->n - 1);
}

static int read_version(const loader *ld, const asel_yaml_node *root)
{
    int64_t version;
    int rc = asel_yaml_get_int(ld->doc, root, "version", 1, INT64_MIN, INT64_MAX, &version);
    if (rc == 0 && version != 1) {
        const asel_yaml_node *v = asel_yaml_get(root, "version");
        return asel_error_at(ACCELSEL_EVERSION, asel_yaml_source(ld->doc), v->line, v->column,
                             "cluster version %lld is not supported (this library reads "
                             "version 1)", (long long)version);
    }
    return rc;
}

static int read_root(const loader *ld, const asel_yaml_node *root)
{
    double now = 0;
    int rc = asel_yaml_expect(ld->doc, root, ASEL_YAML_MAP, "a cluster");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, root, root_keys);
    if (rc == 0)
        rc = read_version(ld, root);
    if (rc == 0)
        rc = asel_yaml_get_double(ld->doc, root, "now", 0, 0, DBL_MAX, &now);
    if (rc == 0)
        rc = accelsel_place_cluster_set_now(ld->c, now);
    const asel_yaml_node *list = asel_yaml_get(root, "partitions");
    if (rc < 0 || list == NULL)
        return rc;
    rc = asel_yaml_expect(ld->doc, list, ASEL_YAML_SEQ, "partitions");
    for (size_t i = 0; rc == 0 && i < list->n; i++)
        rc = read_partition(ld, list->items[i]);
    return rc;
}

static int load(accelsel_place_cluster **out, const accelsel_catalog *cat, const char *data,
                size_t len, const char *source)
{
    asel_yaml_doc *doc;
    int rc = asel_yaml_parse_as(&doc, data, len, source, 0, "cluster");
    if (rc < 0)
        return rc;
    accelsel_place_cluster *c;
    if ((rc = accelsel_place_cluster_new(&c, cat)) == 0) {
        loader ld = { doc, c };
        rc = read_root(&ld, asel_yaml_root(doc));
    }
    asel_yaml_free(doc);
    if (rc < 0) {
        accelsel_place_cluster_free(c);
        return rc;
    }
    *out = c;
    return 0;
}

ACCELSEL_API int accelsel_place_cluster_load_buffer(accelsel_place_cluster **out,
                                                    const accelsel_catalog *cat,
                                                    const char *data, size_t len)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL || (data == NULL && len > 0))
        return asel_einval("accelsel_place_cluster_load_buffer",
                           out == NULL ? "out" : cat == NULL ? "cat" : "data");
    return load(out, cat, data, len, "<buffer>");
}

ACCELSEL_API int accelsel_place_cluster_load_file(accelsel_place_cluster **out,
                                                  const accelsel_catalog *cat, const char *path)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || cat == NULL || path == NULL)
        return asel_einval("accelsel_place_cluster_load_file",
                           out == NULL ? "out" : cat == NULL ? "cat" : "path");
    char *text;
    size_t len;
    int rc = asel_read_file(path, &text, &len);
    if (rc < 0)
        return rc;
    rc = load(out, cat, text, len, path);
    asel_free(text);
    return rc;
}
