/* Reading a mapping from YAML and evaluating it on a problem. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "map/map_impl.h"

typedef struct loader {
    const accelsel_mapping_problem *p;
    const asel_yaml_doc *doc;
    uint32_t *design;        /* per slot; UINT32_MAX = not given */
    uint64_t *group;         /* per layer; 0 = not given */
    int32_t *strat;
    size_t *by_name;         /* layer indices sorted by name */
} loader;


/* Node @p node of a mapping file must be of @p kind: the message names the
 * node (@p what) and what it holds (@p holding), in YAML's words: in a
 * file that describes a mapping, "must be a mapping" says nothing. */
static int expect(const loader *ld, const asel_yaml_node *node, asel_yaml_kind kind,
                  const char *what, const char *holding)
{
    static const char *const names[] = {"scalar", "mapping", "list"};
    if (node->kind == kind)
        return 0;
    return asel_yaml_fail(ld->doc, node, "%s must be a YAML %s %s, not a YAML %s", what,
                          names[kind], holding, names[node->kind]);
}

static int cmp_layer(const void *a, const void *b, void *ctx)
{
    const accelsel_mapping_problem *p = ctx;
    return strcmp(p->layer_name[*(const size_t *)a], p->layer_name[*(const size_t *)b]);
}

static size_t find_layer(const loader *ld, const char *name)
{
    size_t lo = 0, hi = ld->p->n_layers;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(ld->p->layer_name[ld->by_name[mid]], name);
        if (c == 0)
            return ld->by_name[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return (size_t)-1;
}

static int check_header(const loader *ld, const asel_yaml_node *root)
{
    static const char *const keys[] = {"version", "system", "network", "batch", "objective",
                                       "slots", "layers", NULL};
    const asel_yaml_doc *doc = ld->doc;
    int64_t version = 0, batch = ld->p->batch;
    const char *system = ld->p->system, *network = ld->p->network, *objective = NULL;
    int rc = asel_yaml_check_keys(doc, root, keys);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, root, "version", 1, INT64_MIN, INT64_MAX, &version);
    if (rc == 0 && version != 1)
        return asel_error_at(ACCELSEL_EVERSION, asel_yaml_source(doc),
                             asel_yaml_get(root, "version")->line, asel_yaml_get(root, "version")->column,
                             "mapping version %lld is not supported (this library reads version 1)",
                             (long long)version);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, root, "system", 0, &system);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, root, "network", 0, &network);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, root, "batch", 0, 1, UINT32_MAX, &batch);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, root, "objective", 0, &objective);
    if (rc == 0 && strcmp(system, ld->p->system) != 0)
        rc = asel_yaml_fail(doc, asel_yaml_get(root, "system"),
                            "the mapping is for system '%.64s', the problem is on '%s'", system, ld->p->system);
    if (rc == 0 && strcmp(network, ld->p->network) != 0)
        rc = asel_yaml_fail(doc, asel_yaml_get(root, "network"),
                            "the mapping is for network '%.64s', the problem's is '%s'", network, ld->p->network);
    if (rc == 0 && (uint32_t)batch != ld->p->batch)
        rc = asel_yaml_fail(doc, asel_yaml_get(root, "batch"),
                            "the mapping is for batch %lld, the problem's is %u", (long long)batch, ld->p->batch);
    if (rc == 0 && objective && strcmp(objective, accelsel_objective_name(ld->p->objective)) != 0)
        rc = asel_yaml_fail(doc, asel_yaml_get(root, "objective"),
                            "the mapping's objective is '%.64s', the problem's is '%s'", objective,
                            accelsel_objective_name(ld->p->objective));
    return rc;
}

/* The pool index of design @p name in slot @p s, or an error naming both. */
static int pool_index(const loader *ld, const asel_yaml_node *at, size_t s, const char *name,
                      uint32_t *k)
{
    const accelsel_mapping_problem *p = ld->p;
    for (size_t i = p->pool_off[s]; i < p->pool_off[s + 1]; i++)
        if (strcasecmp(p->unit_name[p->pool_unit[i]], name) == 0) {
            *k = (uint32_t)(i - p->pool_off[s]);
            return 0;
        }
    for (size_t u = 0; u < p->n_units; u++)
        if (strcasecmp(p->unit_name[u], name) == 0)
            return asel_yaml_fail(ld->doc, at, "design '%s' is not in the pool of slot %zu", name, s);
    return asel_yaml_fail(ld->doc, at, "unknown design '%.64s%s'", name, asel_ellipsis(name));
}

static int read_slot(loader *ld, const asel_yaml_node *item)
{
    static const char *const keys[] = {"slot", "design", NULL};
    const asel_yaml_doc *doc = ld->doc;
    int64_t s;
    const char *name;
    int rc = expect(ld, item, ASEL_YAML_MAP, "each item of 'slots'", "of 'slot' and 'design'");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, item, keys);
    if (rc == 0)
        rc = asel_yaml_get_int(doc, item, "slot", 1, 0, INT64_MAX, &s);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, item, "design", 1, &name);
    if (rc != 0)
        return rc;
    const asel_yaml_node *at = asel_yaml_get(item, "slot");
    if ((uint64_t)s >= ld->p->n_slots)
        return asel_yaml_fail(doc, at, "unknown slot %lld: the system has %zu slots", (long long)s,
                              ld->p->n_slots);
    if (ld->design[s] != UINT32_MAX)
        return asel_yaml_fail(doc, at, "slot %lld is given twice", (long long)s);
    return pool_index(ld, asel_yaml_get(item, "design"), (size_t)s, name, &ld->design[s]);
}

static int read_group(const loader *ld, const asel_yaml_node *seq, size_t l, uint64_t *out)
{
    char what[ASEL_QUOTE_MAX + 32];
    snprintf(what, sizeof what, "'slots' of layer '%.*s%s'", ASEL_QUOTE_MAX, ld->p->layer_name[l],
             asel_ellipsis(ld->p->layer_name[l]));
    int rc = expect(ld, seq, ASEL_YAML_SEQ, what, "of slot indices");
    if (rc == 0 && seq->n == 0)
        rc = asel_yaml_fail(ld->doc, seq, "layer '%s' has no slots", ld->p->layer_name[l]);
    for (size_t i = 0; rc == 0 && i < seq->n; i++) {
        int64_t s;
        rc = asel_yaml_as_int(ld->doc, seq->items[i], "slot", 0, INT64_MAX, &s);
        if (rc == 0 && (uint64_t)s >= ld->p->n_slots)
            rc = asel_yaml_fail(ld->doc, seq->items[i], "unknown slot %lld: the system has %zu slots",
                                (long long)s, ld->p->n_slots);
        if (rc == 0 && (*out >> s & 1))
            rc = asel_yaml_fail(ld->doc, seq->items[i], "slot %lld is listed twice", (long long)s);
        if (rc == 0)
            *out |= UINT64_C(1) << s;
    }
    if (rc == 0 && (unsigned)asel_map_popcount(*out) > ld->p->gmax)
        rc = asel_yaml_fail(ld->doc, seq, "layer '%s' uses %d slots; at most %u may share a layer",
                            ld->p->layer_name[l], asel_map_popcount(*out), ld->p->gmax);
    return rc;
}

static int read_layer(loader *ld, const asel_yaml_node *item)
{
    static const char *const keys[] = {"name", "slots", "strategy", NULL};
    const asel_yaml_doc *doc = ld->doc;
    const char *name, *strategy = "none";
    int rc = expect(ld, item, ASEL_YAML_MAP, "each item of 'layers'",
                    "of 'name', 'slots' and 'strategy'");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, item, keys);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, item, "name", 1, &name);
    if (rc == 0 && asel_yaml_get(item, "slots") == NULL)
        rc = asel_yaml_fail(doc, item, "missing required key 'slots'");
    if (rc == 0)
        rc = asel_yaml_get_string(doc, item, "strategy", 0, &strategy);
    if (rc != 0)
        return rc;
    const asel_yaml_node *at = asel_yaml_get(item, "name");
    size_t l = find_layer(ld, name);
    if (l == (size_t)-1)
        return asel_yaml_fail(doc, at, "unknown layer '%.64s%s'", name, asel_ellipsis(name));
    if (ld->p->is_input[l])
        return asel_yaml_fail(doc, at, "layer '%s' is a network input, which is not mapped", name);
    if (ld->group[l] != 0)
        return asel_yaml_fail(doc, at, "layer '%s' is given twice", name);
    int s = accelsel_strategy_from_name(strategy);
    if (s < 0)
        return asel_yaml_fail(doc, asel_yaml_get(item, "strategy"), "unknown strategy '%.64s%s'",
                              strategy, asel_ellipsis(strategy));
    ld->strat[l] = s;
    return read_group(ld, asel_yaml_get(item, "slots"), l, &ld->group[l]);
}

/* The list under @p key (@p holding: what its items are), each item read by @p item. */
static int read_list(loader *ld, const asel_yaml_node *root, const char *key, const char *holding,
                     int (*item)(loader *, const asel_yaml_node *))
{
    const asel_yaml_node *seq = asel_yaml_get(root, key);
    if (seq == NULL)
        return asel_error_at(ACCELSEL_EPARSE, asel_yaml_source(ld->doc), root->line, root->column,
                             "missing required key '%s'", key);
    char what[32];
    snprintf(what, sizeof what, "'%s'", key);
    int rc = expect(ld, seq, ASEL_YAML_SEQ, what, holding);
    for (size_t i = 0; rc == 0 && i < seq->n; i++)
        rc = item(ld, seq->items[i]);
    return rc;
}

/* Every slot and every layer must be given. */
static int check_complete(const loader *ld, const asel_yaml_node *root)
{
    const accelsel_mapping_problem *p = ld->p;
    for (size_t s = 0; s < p->n_slots; s++)
        if (ld->design[s] == UINT32_MAX)
            return asel_yaml_fail(ld->doc, asel_yaml_get(root, "slots"), "slot %zu has no design", s);
    for (size_t l = 0; l < p->n_layers; l++)
        if (!p->is_input[l] && ld->group[l] == 0)
            return asel_yaml_fail(ld->doc, asel_yaml_get(root, "layers"), "layer '%s' is not mapped",
                                  p->layer_name[l]);
    return 0;
}

static int read_doc(loader *ld, accelsel_mapping **out)
{
    const asel_yaml_node *root = asel_yaml_root(ld->doc);
    int rc = expect(ld, root, ASEL_YAML_MAP, "the top level of a mapping file",
                    "of 'version', 'slots' and 'layers'");
    if (rc == 0)
        rc = check_header(ld, root);
    if (rc == 0)
        rc = read_list(ld, root, "slots", "of slots", read_slot);
    if (rc == 0)
        rc = read_list(ld, root, "layers", "of layers", read_layer);
    if (rc == 0)
        rc = check_complete(ld, root);
    if (rc != 0)
        return rc;
    accelsel_mapping_spec spec = {ACCELSEL_MAPPING_SPEC_VERSION, ld->p->n_slots, ld->design,
                                  ld->p->n_layers, ld->group, ld->strat};
    return asel_map_evaluate_as(ld->p, &spec, "load", out);
}

static int load(accelsel_mapping **out, const accelsel_mapping_problem *p, const char *data,
                size_t len, const char *source)
{
    loader ld = {p, NULL, NULL, NULL, NULL, NULL};
    int rc = asel_yaml_parse_as((asel_yaml_doc **)&ld.doc, data, len, source, 0,
                                "mapping file");
    if (rc != 0)
        return rc;
    ld.design = asel_malloc(p->n_slots * sizeof *ld.design);
    ld.group = asel_calloc(p->n_layers, sizeof *ld.group);
    ld.strat = asel_calloc(p->n_layers, sizeof *ld.strat);
    ld.by_name = asel_calloc(p->n_layers, sizeof *ld.by_name);
    if (!ld.design || !ld.group || !ld.strat || !ld.by_name) {
        rc = asel_enomem();
    } else {
        memset(ld.design, 0xff, p->n_slots * sizeof *ld.design);
        for (size_t l = 0; l < p->n_layers; l++)
            ld.by_name[l] = l;
        qsort_r(ld.by_name, p->n_layers, sizeof *ld.by_name, cmp_layer, (void *)p);
        rc = read_doc(&ld, out);
    }
    asel_free(ld.design);
    asel_free(ld.group);
    asel_free(ld.strat);
    asel_free(ld.by_name);
    asel_yaml_free((asel_yaml_doc *)ld.doc);
    return rc;
}

int accelsel_mapping_load_buffer(accelsel_mapping **out, const accelsel_mapping_problem *p,
                                 const char *data, size_t len)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || (data == NULL && len > 0))
        return asel_einval("accelsel_mapping_load_buffer", out == NULL ? "out" : p == NULL ? "p" : "data");
    return load(out, p, data ? data : "", len, "<buffer>");
}

int accelsel_mapping_load_file(accelsel_mapping **out, const accelsel_mapping_problem *p,
                               const char *path)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || path == NULL)
        return asel_einval("accelsel_mapping_load_file", out == NULL ? "out" : p == NULL ? "p" : "path");
    char *data;
    size_t len;
    int rc = asel_read_file(path, &data, &len);
    if (rc != 0)
        return rc;
    rc = load(out, p, data, len, path);
    asel_free(data);
    return rc;
}
