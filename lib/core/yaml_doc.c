#include "core/yaml_doc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/yaml_anchor.h"

#define MAX_DEPTH 256

struct asel_yaml_doc {
    char *source;
    asel_yaml_node *root;
    asel_yaml_node **all; /* every node, for freeing; aliases share nodes */
    size_t n_all, cap_all;
    asel_yaml_anchors anchors;
    size_t budget, used; /* nodes allowed and counted after alias expansion */
};

/* What an alias costs against the node budget: the nodes it repeats, and
 * one more for every ALIAS_BYTES bytes of the scalars' text among them.
 * Aliases share the tree's nodes, but a loader copies what it reads: a
 * 100 KB name aliased 20 000 times would cost 2 GB though its tree is
 * small, so the budget must see the text's length. */
#define ALIAS_BYTES 4

/* Subtree sizes make an alias cost what its expansion would. */
typedef struct frame {
    asel_yaml_node *node;
    size_t cap;
    size_t subtree, text; /* nodes and scalar bytes of the subtree */
    char *anchor;
    asel_yaml_node *pending_key; /* maps: key waiting for its value */
} frame;

/* How far the input has been walked, to turn libyaml's marks into positions. */
typedef struct cursor {
    size_t ch, byte;         /* character index (libyaml's mark.index) and byte offset */
    size_t line, line_start; /* 0-based line and the byte offset where it starts */
} cursor;

typedef struct builder {
    asel_yaml_doc *doc;
    frame stack[MAX_DEPTH];
    size_t depth;
    int docs;
    const char *data; /* the whole input, a byte-order mark included */
    size_t len;
    size_t bom; /* 3 when the input starts with a UTF-8 byte-order mark, else 0 */
    cursor cur;
    yaml_mark_t at; /* the current event's start, as a position */
} builder;

static int fail_mark(const asel_yaml_doc *doc, yaml_mark_t m, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail_mark(const asel_yaml_doc *doc, yaml_mark_t m, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return asel_error_at(ACCELSEL_EPARSE, doc->source, (uint32_t)m.line + 1, (uint32_t)m.column + 1,
                         "%s", msg);
}

static asel_yaml_node *new_node(asel_yaml_doc *doc, asel_yaml_kind kind, yaml_mark_t m)
{
    if (asel_array_grow(&doc->all, &doc->cap_all, doc->n_all + 1, sizeof *doc->all, 8) != 0)
        return NULL;
    asel_yaml_node *n = asel_calloc(1, sizeof *n);
    if (n == NULL) {
        asel_enomem();
        return NULL;
    }
    n->kind = kind;
    n->line = (uint32_t)m.line + 1;
    n->column = (uint32_t)m.column + 1;
    doc->all[doc->n_all++] = n;
    return n;
}

static int count_nodes(builder *b, size_t n, yaml_mark_t m)
{
    asel_yaml_doc *doc = b->doc;
    if (n > doc->budget - doc->used)
        return fail_mark(doc, m,
                         "document too large: more than %zu nodes after alias expansion "
                         "(an alias counts one more per %d bytes of text)",
                         doc->budget, ALIAS_BYTES);
    doc->used += n;
    return 0;
}

static int key_cmp(const void *a, const void *b)
{
    const asel_yaml_node *x = *(asel_yaml_node *const *)a, *y = *(asel_yaml_node *const *)b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->value, y->value, n);
    if (c != 0)
        return c;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    /* Equal keys: order by position so the report names the later one. */
    return x->line != y->line ? (x->line < y->line ? -1 : 1) : (x->column < y->column ? -1 : 1);
}

static int check_duplicates(asel_yaml_doc *doc, const asel_yaml_node *map)
{
    if (map->n < 2)
        return 0;
    asel_yaml_node **sorted = asel_calloc(map->n, sizeof *sorted);
    if (sorted == NULL)
        return asel_enomem();
    memcpy(sorted, map->keys, map->n * sizeof *sorted);
    qsort(sorted, map->n, sizeof *sorted, key_cmp);
    int rc = 0;
    for (size_t i = 1; i < map->n && rc == 0; i++)
        if (sorted[i]->len == sorted[i - 1]->len &&
            memcmp(sorted[i]->value, sorted[i - 1]->value, sorted[i]->len) == 0)
            rc = asel_yaml_fail(doc, sorted[i], "duplicate key '%s' (first at line %u)",
                                sorted[i]->value, (unsigned)sorted[i - 1]->line);
    asel_free(sorted);
    return rc;
}

/* Attach a finished node to the open container (or make it the root). */
static int attach(builder *b, asel_yaml_node *node, size_t subtree, size_t text, yaml_mark_t m)
{
    if (b->depth == 0) {
        b->doc->root = node;
        return 0;
    }
    frame *f = &b->stack[b->depth - 1];
    asel_yaml_node *c = f->node;
    f->subtree += subtree;
    f->text += text;
    if (c->kind == ASEL_YAML_MAP && f->pending_key == NULL) {
        if (node->kind != ASEL_YAML_SCALAR)
            return fail_mark(b->doc, m, "mapping keys must be plain strings");
        /* Every reader matches keys as names: a NUL would cut one to its
         * prefix. Checked here, once for every format, as values are by
         * asel_yaml_as_string(), at the key (an alias's place, not its
         * anchor's). */
        if (asel_yaml_has_nul(node)) {
            size_t cut = strlen(node->value);
            return fail_mark(b->doc, m, "key '%.*s%s\\0%s' contains a NUL byte", ASEL_QUOTE_MAX,
                             node->value, asel_ellipsis(node->value),
                             node->len > cut + 1 ? "..." : "");
        }
        f->pending_key = node;
        return 0;
    }
    size_t old_cap = f->cap;
    if (asel_array_grow(&c->items, &f->cap, c->n + 1, sizeof *c->items, 8) != 0)
        return ACCELSEL_ENOMEM;
    if (c->kind == ASEL_YAML_MAP) {
        if (f->cap != old_cap) {
            asel_yaml_node **keys = asel_reallocarray(c->keys, f->cap, sizeof *keys);
            if (keys == NULL)
                return asel_enomem();
            c->keys = keys;
        }
        c->keys[c->n] = f->pending_key;
        f->pending_key = NULL;
    }
    c->items[c->n++] = node;
    return 0;
}

static int on_scalar(builder *b, const yaml_event_t *e)
{
    int rc = count_nodes(b, 1, b->at);
    if (rc != 0)
        return rc;
    asel_yaml_node *n = new_node(b->doc, ASEL_YAML_SCALAR, b->at);
    if (n == NULL)
        return ACCELSEL_ENOMEM;
    char *v = asel_strndup((const char *)e->data.scalar.value, e->data.scalar.length);
    if (v == NULL)
        return asel_enomem();
    n->value = v;
    n->len = e->data.scalar.length;
    /* A plain scalar tagged !!str (or with the non-specific tag "!") is a
     * string as a quoted one is: "!!str 20" is the text 20, not a number. */
    const char *tag = (const char *)e->data.scalar.tag;
    n->quoted = e->data.scalar.style != YAML_PLAIN_SCALAR_STYLE ||
                (tag != NULL && (strcmp(tag, YAML_STR_TAG) == 0 || strcmp(tag, "!") == 0));
    const char *anchor = (const char *)e->data.scalar.anchor;
    if (anchor != NULL && (rc = asel_yaml_anchors_put(&b->doc->anchors, anchor, n)) != 0)
        return rc;
    return attach(b, n, 1, n->len, b->at);
}

static int on_start(builder *b, asel_yaml_kind kind, const yaml_char_t *anc)
{
    if (b->depth == MAX_DEPTH)
        return fail_mark(b->doc, b->at, "nesting deeper than %d levels", MAX_DEPTH);
    int rc = count_nodes(b, 1, b->at);
    if (rc != 0)
        return rc;
    asel_yaml_node *n = new_node(b->doc, kind, b->at);
    if (n == NULL)
        return ACCELSEL_ENOMEM;
    char *a = NULL;
    if (anc != NULL && (a = asel_strdup((const char *)anc)) == NULL)
        return asel_enomem();
    b->stack[b->depth++] = (frame){n, 0, 1, 0, a, NULL};
    return 0;
}

static int on_end(builder *b)
{
    frame f = b->stack[--b->depth];
    int rc = 0;
    if (f.node->kind == ASEL_YAML_MAP)
        rc = check_duplicates(b->doc, f.node);
    if (rc == 0 && f.anchor != NULL)
        rc = asel_yaml_anchors_put(&b->doc->anchors, f.anchor, f.node);
    /* Remember the subtree size in the node's unused scalar field. */
    f.node->len = f.subtree;
    f.node->text = f.text;
    asel_free(f.anchor);
    /* A mapping or list used as a key is reported where it starts, not ends. */
    yaml_mark_t start = {0, f.node->line - 1, f.node->column - 1};
    return rc != 0 ? rc : attach(b, f.node, f.subtree, f.text, start);
}

static int on_alias(builder *b, const yaml_event_t *e)
{
    const char *name = (const char *)e->data.alias.anchor;
    asel_yaml_node *target = asel_yaml_anchors_get(&b->doc->anchors, name);
    if (target == NULL)
        return fail_mark(b->doc, b->at, "unknown alias '*%s'", name);
    int scalar = target->kind == ASEL_YAML_SCALAR;
    size_t nodes = scalar ? 1 : target->len, text = scalar ? target->len : target->text;
    int rc = count_nodes(b, nodes + text / ALIAS_BYTES, b->at);
    return rc != 0 ? rc : attach(b, target, nodes, text, b->at);
}

/* libyaml counts columns, and its mark.index, in characters, and also ends
 * lines at U+0085, U+2028 and U+2029; positions (accelsel_error) are
 * physical lines (LF, CRLF or CR end one, as for CSV) and byte columns, a
 * byte-order mark not counted. Marks come in input order, so a cursor that
 * walks on from the last one finds each in amortised constant time. */
static yaml_mark_t position(builder *b, yaml_mark_t m)
{
    cursor *c = &b->cur;
    /* libyaml reads the input after the byte-order mark: its index 0 is byte b->bom. */
    if (c->ch > m.index || c->byte < b->bom)
        *c = (cursor){0, b->bom, 0, b->bom};
    while (c->ch < m.index && c->byte < b->len) {
        unsigned char x = (unsigned char)b->data[c->byte];
        /* The input is UTF-8 that libyaml has read up to the mark. */
        size_t w = x < 0x80 ? 1 : x < 0xE0 ? 2 : x < 0xF0 ? 3 : 4;
        int crlf = x == '\r' && c->byte + 1 < b->len && b->data[c->byte + 1] == '\n';
        c->byte += w < b->len - c->byte ? w : b->len - c->byte;
        c->ch++;
        if (x == '\n' || (x == '\r' && !crlf)) {
            c->line++;
            c->line_start = c->byte;
        }
    }
    size_t col = c->byte > c->line_start ? c->byte - c->line_start : 0;
    return (yaml_mark_t){c->byte, c->line, col};
}

static int on_event(builder *b, const yaml_event_t *e)
{
    b->at = position(b, e->start_mark);
    switch (e->type) {
    case YAML_DOCUMENT_START_EVENT:
        if (++b->docs > 1)
            return fail_mark(b->doc, b->at, "more than one YAML document");
        return 0;
    case YAML_SCALAR_EVENT:
        return on_scalar(b, e);
    case YAML_SEQUENCE_START_EVENT:
        return on_start(b, ASEL_YAML_SEQ, e->data.sequence_start.anchor);
    case YAML_MAPPING_START_EVENT:
        return on_start(b, ASEL_YAML_MAP, e->data.mapping_start.anchor);
    case YAML_SEQUENCE_END_EVENT:
    case YAML_MAPPING_END_EVENT:
        return on_end(b);
    case YAML_ALIAS_EVENT:
        return on_alias(b, e);
    default:
        return 0;
    }
}

/* The line (LF, CRLF or CR ends one) and byte column of byte @p offset. */
static yaml_mark_t mark_at(const char *data, size_t len, size_t offset)
{
    yaml_mark_t m = {offset, 0, 0};
    size_t bom = len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    for (size_t i = bom; i < offset && i < len; i++) {
        int crlf = data[i] == '\r' && i + 1 < len && data[i + 1] == '\n';
        if (data[i] == '\n' || (data[i] == '\r' && !crlf)) {
            m.line++;
            m.column = 0;
        } else {
            m.column++;
        }
    }
    return m;
}

static int parser_error(builder *b, const yaml_parser_t *p)
{
    const asel_yaml_doc *doc = b->doc;
    if (p->error == YAML_MEMORY_ERROR)
        return asel_enomem();
    /* The reader (bad encoding, control characters) reports a byte offset
     * instead of a mark; errors still need a line and column. */
    if (p->error == YAML_READER_ERROR)
        return fail_mark(doc, mark_at(b->data, b->len, p->problem_offset + b->bom), "%s at byte %zu",
                         p->problem ? p->problem : "unreadable input", p->problem_offset + b->bom);
    return fail_mark(doc, position(b, p->problem_mark), "%s%s%s",
                     p->problem ? p->problem : "syntax error", p->context ? " " : "",
                     p->context ? p->context : "");
}

static int build(builder *b, const char *data, size_t len)
{
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser))
        return asel_enomem();
    /* The formats are UTF-8: libyaml would otherwise also take UTF-16. Told
     * the encoding, it no longer skips a byte-order mark, which would then be
     * content before the first key: the mark is skipped here. */
    b->data = data;
    b->len = len;
    b->bom = len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    yaml_parser_set_input_string(&parser, (const unsigned char *)data + b->bom, len - b->bom);
    yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING);
    int rc = 0;
    for (int done = 0; !done && rc == 0;) {
        yaml_event_t e;
        if (!yaml_parser_parse(&parser, &e)) {
            rc = parser_error(b, &parser);
            break;
        }
        done = e.type == YAML_STREAM_END_EVENT;
        rc = on_event(b, &e);
        yaml_event_delete(&e);
    }
    yaml_parser_delete(&parser);
    while (b->depth > 0)
        asel_free(b->stack[--b->depth].anchor);
    return rc;
}

/* One rule for every format: a document without content (no bytes, only
 * comments, "---" alone or a null) is an error at its start, naming the file. */
static int check_not_empty(const asel_yaml_doc *doc, const char *what)
{
    const asel_yaml_node *r = doc->root;
    int empty = r == NULL;
    if (r != NULL && r->kind == ASEL_YAML_SCALAR && !r->quoted)
        empty = r->len == 0 || strcmp(r->value, "~") == 0 || strcmp(r->value, "null") == 0 ||
                strcmp(r->value, "Null") == 0 || strcmp(r->value, "NULL") == 0;
    return empty ? asel_error_at(ACCELSEL_EPARSE, doc->source, 1, 1, "empty %s: the document has no content",
                                 what)
                 : 0;
}

int asel_yaml_parse(asel_yaml_doc **out, const char *data, size_t len, const char *source,
                    size_t max_nodes)
{
    return asel_yaml_parse_as(out, data, len, source, max_nodes, "document");
}

int asel_yaml_parse_as(asel_yaml_doc **out, const char *data, size_t len, const char *source,
                       size_t max_nodes, const char *what)
{
    *out = NULL;
    asel_yaml_doc *doc = asel_calloc(1, sizeof *doc);
    if (doc == NULL)
        return asel_enomem();
    doc->source = asel_strdup(source != NULL ? source : "<buffer>");
    doc->budget = max_nodes != 0 ? max_nodes : 64 + (len > SIZE_MAX / 32 ? SIZE_MAX / 2 : 16 * len);
    builder *b = asel_calloc(1, sizeof *b);
    int rc = doc->source == NULL || b == NULL ? asel_enomem() : 0;
    if (rc == 0) {
        b->doc = doc;
        rc = build(b, data != NULL ? data : "", data != NULL ? len : 0);
    }
    asel_free(b);
    if (rc == 0)
        rc = check_not_empty(doc, what);
    if (rc != 0) {
        asel_yaml_free(doc);
        return rc;
    }
    *out = doc;
    return 0;
}

const asel_yaml_node *asel_yaml_root(const asel_yaml_doc *doc)
{
    return doc->root;
}

const char *asel_yaml_source(const asel_yaml_doc *doc)
{
    return doc->source;
}

void asel_yaml_free(asel_yaml_doc *doc)
{
    if (doc == NULL)
        return;
    for (size_t i = 0; i < doc->n_all; i++) {
        asel_yaml_node *n = doc->all[i];
        if (n->kind == ASEL_YAML_SCALAR)
            asel_free((char *)n->value);
        asel_free(n->keys);
        asel_free(n->items);
        asel_free(n);
    }
    asel_yaml_anchors_free(&doc->anchors);
    asel_free(doc->all);
    asel_free(doc->source);
    asel_free(doc);
}
