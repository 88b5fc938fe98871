/* Strings, names, provenance, uniqueness and references for the entry readers. */
#include <string.h>

#include "hw/load.h"

const char *asel_hw_copy(const asel_hw_loader *ld, const char *s)
{
    return asel_arena_strdup(&ld->cat->arena, s);
}

static int string_node(const asel_hw_loader *ld, const asel_yaml_node *node, const char *what,
                       const char **out)
{
    const char *s;
    int rc = asel_yaml_as_string(ld->doc, node, what, &s);
    if (rc != 0)
        return rc;
    if (s[0] == '\0')
        return asel_yaml_fail(ld->doc, node, "'%s' is empty", what);
    *out = asel_hw_copy(ld, s);
    return *out == NULL ? ACCELSEL_ENOMEM : 0;
}

int asel_hw_read_string(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                        const char **out)
{
    const asel_yaml_node *node = asel_yaml_get(map, key);
    if (node == NULL)
        return asel_yaml_fail(ld->doc, map, "missing required key '%s'", key);
    return string_node(ld, node, key, out);
}

int asel_hw_read_opt_string(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                            const char **out)
{
    const asel_yaml_node *node = asel_yaml_get(map, key);
    return node != NULL ? string_node(ld, node, key, out) : 0;
}

int asel_hw_read_strings(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                         const char *const **out, size_t *n)
{
    const asel_yaml_node *node = asel_yaml_get(map, key);
    *out = NULL;
    *n = 0;
    if (node == NULL)
        return 0;
    int rc = asel_yaml_expect(ld->doc, node, ASEL_YAML_SEQ, key);
    if (rc != 0)
        return rc;
    const char **v = asel_arena_calloc(&ld->cat->arena, node->n, sizeof *v);
    if (v == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < node->n; i++)
        if ((rc = string_node(ld, node->items[i], key, &v[i])) != 0)
            return rc;
    *out = v;
    *n = node->n;
    return 0;
}

int asel_hw_read_names(const asel_hw_loader *ld, const asel_yaml_node *map, const char **name,
                       const char *const **aliases, size_t *n_aliases)
{
    int rc = asel_hw_read_string(ld, map, "name", name);
    return rc != 0 ? rc : asel_hw_read_strings(ld, map, "aliases", aliases, n_aliases);
}

/* The figure named by key node @p k must be present. */
static int check_figure(const asel_hw_loader *ld, const asel_yaml_node *k, const char *list,
                        const asel_hw_figure *figs, size_t n_figs, const void *info)
{
    if (asel_hw_figure_present(figs, n_figs, info, k->value))
        return 0;
    return asel_yaml_fail(ld->doc, k, "'%s' names figure '%s', which this entry does not give",
                          list, k->value);
}

static int read_sources(const asel_hw_loader *ld, const asel_yaml_node *node,
                        const asel_hw_figure *figs, size_t n_figs, const void *info,
                        accelsel_provenance *p)
{
    int rc = asel_yaml_expect(ld->doc, node, ASEL_YAML_MAP, "sources");
    if (rc != 0)
        return rc;
    const char **keys = asel_arena_calloc(&ld->cat->arena, node->n, sizeof *keys);
    const char **vals = asel_arena_calloc(&ld->cat->arena, node->n, sizeof *vals);
    if (keys == NULL || vals == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < node->n; i++) {
        if ((rc = check_figure(ld, node->keys[i], "sources", figs, n_figs, info)) != 0 ||
            (rc = string_node(ld, node->items[i], node->keys[i]->value, &vals[i])) != 0)
            return rc;
        if ((keys[i] = asel_hw_copy(ld, node->keys[i]->value)) == NULL)
            return ACCELSEL_ENOMEM;
    }
    p->figure_keys = keys;
    p->figure_sources = vals;
    p->n_figure_sources = node->n;
    return 0;
}

int asel_hw_read_provenance(const asel_hw_loader *ld, const asel_yaml_node *map,
                            const asel_hw_figure *figs, size_t n_figs, const void *info,
                            accelsel_provenance *p)
{
    memset(p, 0, sizeof *p);
    int rc = asel_hw_read_string(ld, map, "source", &p->source);
    const asel_yaml_node *sources = asel_yaml_get(map, "sources");
    if (rc == 0 && sources != NULL)
        rc = read_sources(ld, sources, figs, n_figs, info, p);
    if (rc == 0)
        rc = asel_hw_read_strings(ld, map, "derived", &p->derived, &p->n_derived);
    const asel_yaml_node *derived = asel_yaml_get(map, "derived");
    for (size_t i = 0; rc == 0 && i < p->n_derived; i++)
        rc = check_figure(ld, derived->items[i], "derived", figs, n_figs, info);
    return rc;
}

int asel_hw_add_derived(const asel_hw_loader *ld, accelsel_provenance *p, const char *key)
{
    const char **v = asel_arena_calloc(&ld->cat->arena, p->n_derived + 1, sizeof *v);
    const char *copy = asel_hw_copy(ld, key);
    if (v == NULL || copy == NULL)
        return ACCELSEL_ENOMEM;
    if (p->n_derived > 0)
        memcpy(v, p->derived, p->n_derived * sizeof *v);
    v[p->n_derived++] = copy;
    p->derived = v;
    return 0;
}

int asel_hw_resolve(const asel_hw_loader *ld, const asel_yaml_node *node, asel_hw_list list,
                    const char *what, int64_t *index)
{
    const char *s;
    int rc = asel_yaml_as_string(ld->doc, node, what, &s);
    if (rc != 0)
        return rc;
    *index = asel_hw_lookup(ld->cat, list, s);
    /* A file is loaded on its own and merged afterwards (accelsel_catalog_merge),
     * so a name that another catalog defines is still unknown here: say so,
     * since a file written to extend the built-in catalog looks valid. */
    if (*index < 0)
        return asel_yaml_fail(ld->doc, node,
                              "'%s' refers to unknown %s '%s' (a catalog must define every entry "
                              "it refers to, even one that a catalog it is merged with has)",
                              what, asel_hw_noun(list), s);
    return 0;
}

int asel_hw_read_ref(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                     asel_hw_list list, int64_t *index)
{
    const asel_yaml_node *node = asel_yaml_get(map, key);
    *index = -1;
    return node != NULL ? asel_hw_resolve(ld, node, list, key, index) : 0;
}
