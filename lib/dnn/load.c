/* Loading a network from YAML: the document's top level and its inputs; the
 * per-kind layer attributes are in load_layer.c. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "dnn/load.h"
#include "dnn/xformer.h"

int asel_net_options(const accelsel_network_options *opts, const char *fn,
                     accelsel_network_options *out)
{
    *out = (accelsel_network_options)ACCELSEL_NETWORK_OPTIONS_INIT;
    if (opts == NULL)
        return 0;
    if (opts->version != 1 && opts->version != ACCELSEL_NETWORK_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "%s: unknown options version %u",
                                fn, opts->version);
    if (opts->bytes_per_element < 1 || opts->bytes_per_element > 8)
        return asel_error_field(ACCELSEL_EINVAL, "bytes_per_element",
                                "%s: bytes_per_element %u is not 1..8", fn,
                                opts->bytes_per_element);
    /* A version-1 struct ends before the fields of version 2. */
    memcpy(out, opts, opts->version == 1 ? offsetof(accelsel_network_options, sequence)
                                         : sizeof *out);
    if (out->sequence > (uint64_t)ASEL_NET_MAX_SIZE)
        return asel_error_field(ACCELSEL_EINVAL, "sequence",
                                "%s: sequence %llu is above %lld", fn,
                                (unsigned long long)out->sequence, (long long)ASEL_NET_MAX_SIZE);
    out->version = ACCELSEL_NETWORK_OPTIONS_VERSION;
    return 0;
}

asel_pos asel_node_pos(const asel_yaml_node *node)
{
    return (asel_pos){node->line, node->column};
}

int asel_get_layer_name(const asel_yaml_doc *doc, const asel_yaml_node *map, const char **name)
{
    int rc = asel_yaml_get_string(doc, map, "name", 1, name);
    if (rc == 0 && (*name)[0] == '\0')
        rc = asel_yaml_fail(doc, asel_yaml_get(map, "name"), "layer names must not be empty");
    return rc;
}

/* A required, non-empty list under @p key of the top-level map. */
static int get_list(const asel_yaml_doc *doc, const asel_yaml_node *root, const char *key,
                    const asel_yaml_node **out)
{
    const asel_yaml_node *n = asel_yaml_get(root, key);
    if (n == NULL)
        return asel_yaml_fail(doc, root, "missing required key '%s'", key);
    char what[32];
    snprintf(what, sizeof what, "'%s'", key);
    int rc = asel_yaml_expect(doc, n, ASEL_YAML_SEQ, what);
    if (rc == 0 && n->n == 0)
        rc = asel_yaml_fail(doc, n, "'%s' is empty", key);
    *out = n;
    return rc;
}

static int check_version(const asel_yaml_doc *doc, const asel_yaml_node *root)
{
    int64_t version = 1;
    int rc = asel_yaml_get_int(doc, root, "version", 0, INT64_MIN, INT64_MAX, &version);
    if (rc == 0 && version != 1) {
        const asel_yaml_node *n = asel_yaml_get(root, "version");
        return asel_error_at(ACCELSEL_EVERSION, asel_yaml_source(doc), n->line, n->column,
                             "network format version %lld is not supported (this library "
                             "reads version 1)",
                             (long long)version);
    }
    return rc;
}

static int load_input(accelsel_network *net, const asel_yaml_doc *doc, const asel_yaml_node *map)
{
    static const char *const keys[] = {"name", "shape", NULL};
    const char *name;
    int rc = asel_yaml_expect(doc, map, ASEL_YAML_MAP, "an input");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, map, keys);
    if (rc == 0)
        rc = asel_get_layer_name(doc, map, &name);
    const asel_yaml_node *shape = asel_yaml_get(map, "shape");
    if (rc == 0 && shape == NULL)
        rc = asel_yaml_fail(doc, map, "missing required key 'shape'");
    if (rc == 0)
        rc = asel_yaml_expect(doc, shape, ASEL_YAML_SEQ, "'shape'");
    if (rc == 0 && (shape->n == 0 || shape->n > ACCELSEL_NETWORK_MAX_DIMS))
        rc = asel_yaml_fail(doc, shape, "'shape' must have 1 to %d dimensions, not %zu",
                            ACCELSEL_NETWORK_MAX_DIMS, shape->n);
    size_t index;
    if (rc == 0)
        rc = asel_net_add(net, ACCELSEL_LAYER_INPUT, name, asel_node_pos(map), &index);
    if (rc != 0)
        return rc;
    asel_layer *l = &net->layers[index];
    l->rank = (uint32_t)shape->n;
    for (size_t d = 0; rc == 0 && d < shape->n; d++)
        rc = asel_yaml_as_int(doc, shape->items[d], "shape", 1, ASEL_NET_MAX_SIZE, &l->shape[d]);
    return rc;
}

/* The layers of a network given by its sizes (a `transformer` section)
 * exclude a list of inputs and layers. */
static int load_sizes(accelsel_network **out, const asel_yaml_doc *doc,
                      const asel_yaml_node *root, const char *name,
                      const accelsel_network_options *o)
{
    static const char *const lists[] = {"inputs", "layers"};
    for (size_t i = 0; i < 2; i++)
        if (asel_yaml_get(root, lists[i]) != NULL)
            return asel_yaml_fail(doc, asel_yaml_get(root, lists[i]),
                                  "'%s' and 'transformer' exclude each other: a transformer's "
                                  "layers follow from its sizes", lists[i]);
    return asel_xf_read_yaml(out, doc, asel_yaml_get(root, "transformer"), name, o);
}

static int load_doc(accelsel_network **out, const asel_yaml_doc *doc,
                    const accelsel_network_options *o)
{
    static const char *const keys[] = {"version", "name", "inputs", "layers", "transformer", NULL};
    const asel_yaml_node *root = asel_yaml_root(doc), *inputs = NULL, *layers = NULL;
    const char *name = NULL;
    int rc = asel_yaml_expect(doc, root, ASEL_YAML_MAP, "a network");
    /* An empty stream has a root without a position: report its start. */
    if (rc == 0 && root->n == 0)
        rc = asel_error_at(ACCELSEL_EPARSE, asel_yaml_source(doc), 1, 1,
                           "empty network description");
    if (rc == 0)
        rc = asel_yaml_check_keys(doc, root, keys);
    if (rc == 0)
        rc = check_version(doc, root);
    if (rc == 0)
        rc = asel_yaml_get_string(doc, root, "name", 1, &name);
    if (rc == 0 && asel_yaml_get(root, "transformer") != NULL)
        return load_sizes(out, doc, root, name, o);
    if (rc == 0)
        rc = asel_xf_no_sequence(name, o->sequence);
    if (rc == 0)
        rc = get_list(doc, root, "inputs", &inputs);
    accelsel_network *net = NULL;
    if (rc == 0)
        rc = asel_net_new(&net, name, o->bytes_per_element);
    for (size_t i = 0; rc == 0 && i < inputs->n; i++)
        rc = load_input(net, doc, inputs->items[i]);
    if (rc == 0)
        rc = get_list(doc, root, "layers", &layers);
    for (size_t i = 0; rc == 0 && i < layers->n; i++)
        rc = asel_load_layer(net, doc, layers->items[i]);
    if (rc == 0)
        rc = asel_net_finish(net, asel_yaml_source(doc));
    if (rc != 0) {
        accelsel_network_free(net);
        return rc;
    }
    *out = net;
    return 0;
}

/* The text as a YAML document (@p what names it in errors) and @p load's
 * network of it. */
static int load_text(accelsel_network **out, const char *data, size_t len, const char *source,
                     const accelsel_network_options *opts, const char *what,
                     asel_net_doc_loader load)
{
    asel_yaml_doc *doc = NULL;
    int rc = asel_yaml_parse_as(&doc, data, len, source, (size_t)opts->max_yaml_nodes, what);
    if (rc == 0)
        rc = load(out, doc, opts);
    asel_yaml_free(doc);
    return rc;
}

int asel_net_load_buffer(const char *fn, const char *what, asel_net_doc_loader load,
                         accelsel_network **out, const char *data, size_t len,
                         const accelsel_network_options *opts)
{
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (data == NULL && len > 0)
        return asel_einval(fn, "data");
    accelsel_network_options o;
    int rc = asel_net_options(opts, fn, &o);
    return rc != 0 ? rc : load_text(out, data != NULL ? data : "", len, "<buffer>", &o, what, load);
}

int asel_net_load_file(const char *fn, const char *what, asel_net_doc_loader load,
                       accelsel_network **out, const char *path,
                       const accelsel_network_options *opts)
{
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (path == NULL)
        return asel_einval(fn, "path");
    accelsel_network_options o;
    int rc = asel_net_options(opts, fn, &o);
    char *data = NULL;
    size_t len = 0;
    if (rc == 0)
        rc = asel_read_file(path, &data, &len);
    if (rc == 0)
        rc = load_text(out, data, len, path, &o, what, load);
    asel_free(data);
    return rc;
}

ACCELSEL_API int accelsel_network_load_buffer(accelsel_network **out, const char *data,
                                              size_t len, const accelsel_network_options *opts)
{
    return asel_net_load_buffer("accelsel_network_load_buffer", "network description", load_doc,
                                out, data, len, opts);
}

ACCELSEL_API int accelsel_network_load_file(accelsel_network **out, const char *path,
                                            const accelsel_network_options *opts)
{
    return asel_net_load_file("accelsel_network_load_file", "network description", load_doc, out,
                              path, opts);
}
