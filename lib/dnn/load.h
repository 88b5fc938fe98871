/* Shared by the YAML loader's files and the zoo: option checking and the
 * per-layer attribute reader. */
#ifndef ASEL_DNN_LOAD_H
#define ASEL_DNN_LOAD_H

#include "core/yaml_doc.h"
#include "dnn/net.h"

/* Largest size, channel count, kernel, stride, padding or table size a file
 * may give: keeps every single dimension within 31 bits so that products are
 * checked, not wrapped. */
#define ASEL_NET_MAX_SIZE INT64_C(2147483647)

/* Check @p opts (NULL = defaults) for function @p fn and copy them to *out:
 * 0, ACCELSEL_EVERSION or ACCELSEL_EINVAL. */
int asel_net_options(const accelsel_network_options *opts, const char *fn,
                     accelsel_network_options *out);

/* A network from a parsed document: the YAML format's, a config.json's. */
typedef int (*asel_net_doc_loader)(accelsel_network **out, const asel_yaml_doc *doc,
                                   const accelsel_network_options *o);

/* The _buffer and _file loaders of public function @p fn: arguments and
 * options checked, the text (a file's, read whole) parsed as YAML, @p what
 * naming it in errors, and @p load's network of it. */
int asel_net_load_buffer(const char *fn, const char *what, asel_net_doc_loader load,
                         accelsel_network **out, const char *data, size_t len,
                         const accelsel_network_options *opts);
int asel_net_load_file(const char *fn, const char *what, asel_net_doc_loader load,
                       accelsel_network **out, const char *path,
                       const accelsel_network_options *opts);

asel_pos asel_node_pos(const asel_yaml_node *node);

/* The non-empty 'name' of an input or layer map. */
int asel_get_layer_name(const asel_yaml_doc *doc, const asel_yaml_node *map, const char **name);

/* Append the layer described by map @p node to @p net. */
int asel_load_layer(accelsel_network *net, const asel_yaml_doc *doc, const asel_yaml_node *node);

#endif
