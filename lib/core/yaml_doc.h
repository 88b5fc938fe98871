/* A YAML document read into a small tree with positions, for the loaders of
 * catalogs, networks and fitted models. libyaml does the parsing; this layer
 * adds what every loader needs: aliases expanded within a node budget (so an
 * alias bomb fails instead of exhausting memory), duplicate keys rejected,
 * only scalar keys without NUL bytes, and typed getters whose errors name the
 * key and position. Writing goes through asel_buf with
 * asel_yaml_write_scalar() for quoting. */
#ifndef ASEL_YAML_DOC_H
#define ASEL_YAML_DOC_H

#include <stddef.h>
#include <stdint.h>

#include "core/buf.h"

typedef enum asel_yaml_kind { ASEL_YAML_SCALAR, ASEL_YAML_MAP, ASEL_YAML_SEQ } asel_yaml_kind;

typedef struct asel_yaml_node asel_yaml_node;
struct asel_yaml_node {
    asel_yaml_kind kind;
    uint32_t line, column; /* 1-based position of the node's start */
    /* SCALAR: the text (NUL-terminated; may hold NUL bytes up to len) and
     * whether it was quoted (a quoted "null" or "1" is a string). */
    const char *value;
    size_t len;
    int quoted;
    /* MAP: n pairs keys[i] -> items[i]; SEQ: n items. keys are scalar nodes.
     * For maps and sequences, len counts the nodes of the subtree (it bounds
     * the cost of an alias), and text the bytes of its scalars. Nodes may be
     * shared through aliases. */
    size_t n;
    size_t text;
    asel_yaml_node **keys;
    asel_yaml_node **items;
};

typedef struct asel_yaml_doc asel_yaml_doc;

/* Parse one YAML document from @p len bytes at @p data. @p source names the
 * input in messages (a path or "<buffer>"). The tree may hold at most
 * @p max_nodes nodes after alias expansion (0 = 64 + 16 x input bytes), an
 * alias counting the nodes it repeats and one more per 4 bytes of their
 * scalars' text, so that what a loader copies stays in proportion to the
 * input. A UTF-8 byte-order
 * mark at the start is skipped. A document without content (an empty
 * stream, only comments, "---" alone, a null) is ACCELSEL_EPARSE "empty
 * @p what" at 1:1 ("catalog", "network description", ...).
 * Returns 0, ACCELSEL_EPARSE (syntax, duplicate key, non-scalar key, a key
 * with a NUL byte, more than one document, too many nodes, nesting deeper
 * than 256, empty; the error has line and column) or ACCELSEL_ENOMEM. */
int asel_yaml_parse_as(asel_yaml_doc **out, const char *data, size_t len, const char *source,
                       size_t max_nodes, const char *what);

/* asel_yaml_parse_as() with @p what "document". */
int asel_yaml_parse(asel_yaml_doc **out, const char *data, size_t len, const char *source,
                    size_t max_nodes);

const asel_yaml_node *asel_yaml_root(const asel_yaml_doc *doc);
const char *asel_yaml_source(const asel_yaml_doc *doc);
void asel_yaml_free(asel_yaml_doc *doc);

/* 1 if scalar @p node holds a NUL byte (a "\0" escape), which would cut it
 * where it is read as a C string; else 0. The one test of that rule: keys at
 * parse time (every mapping key is a name), strings in their getters. */
int asel_yaml_has_nul(const asel_yaml_node *node);

/* Record ACCELSEL_EPARSE at @p node's position with a formatted message. */
int asel_yaml_fail(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* 0 if @p node is a map / sequence / scalar, else ACCELSEL_EPARSE naming
 * @p what ("catalog", "device 'x'", ...). */
int asel_yaml_expect(const asel_yaml_doc *doc, const asel_yaml_node *node, asel_yaml_kind kind,
                     const char *what);

/* The value for @p key in map @p map, or NULL if absent. */
const asel_yaml_node *asel_yaml_get(const asel_yaml_node *map, const char *key);

/* ACCELSEL_EPARSE naming the first key of @p map not in the NULL-terminated
 * @p allowed list, with its line; 0 if all are known. */
int asel_yaml_check_keys(const asel_yaml_doc *doc, const asel_yaml_node *map,
                         const char *const *allowed);

/* Typed getters for map @p map's @p key. When the key is absent: if
 * @p required, ACCELSEL_EPARSE ("missing required key"); else 0 and the
 * output untouched (so callers preset defaults). A present value of the wrong
 * type or outside [min, max] is ACCELSEL_EPARSE naming the key and position.
 * Strings point into the document (valid until it is freed); they must be
 * valid UTF-8 without NUL bytes. */
int asel_yaml_get_double(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                         int required, double min, double max, double *out);
int asel_yaml_get_int(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                      int required, int64_t min, int64_t max, int64_t *out);
int asel_yaml_get_bool(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                       int required, int *out);
int asel_yaml_get_string(const asel_yaml_doc *doc, const asel_yaml_node *map, const char *key,
                         int required, const char **out);

/* Scalar conversions of a node, with the same error rules. */
int asel_yaml_as_double(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                        double min, double max, double *out);
int asel_yaml_as_int(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                     int64_t min, int64_t max, int64_t *out);
int asel_yaml_as_string(const asel_yaml_doc *doc, const asel_yaml_node *node, const char *what,
                        const char **out);

/* Append @p s as a YAML scalar: plain when that reads back as the same
 * string, else double-quoted with escapes. */
void asel_yaml_write_scalar(asel_buf *b, const char *s);

#endif
