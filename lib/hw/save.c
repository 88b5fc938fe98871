/* Writing catalogs as YAML: the shared line writers, plans and the public
 * save functions. The text is canonical (fixed key order, shortest
 * round-trip numbers), so saving what was loaded from a save is identical. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/file.h"
#include "hw/load.h"

void asel_hw_put_name(asel_buf *b, const char *name)
{
    asel_buf_puts(b, "  - name: ");
    asel_yaml_write_scalar(b, name);
    asel_buf_puts(b, "\n");
}

void asel_hw_put_string(asel_buf *b, const char *key, const char *value)
{
    if (value == NULL)
        return;
    asel_buf_printf(b, "    %s: ", key);
    asel_yaml_write_scalar(b, value);
    asel_buf_puts(b, "\n");
}

void asel_hw_put_double(asel_buf *b, const char *key, double v)
{
    asel_buf_printf(b, "    %s: ", key);
    asel_buf_double(b, v);
    asel_buf_puts(b, "\n");
}

void asel_hw_put_list(asel_buf *b, const char *key, const char *const *items, size_t n)
{
    if (n == 0)
        return;
    asel_buf_printf(b, "    %s:\n", key);
    for (size_t i = 0; i < n; i++) {
        asel_buf_puts(b, "      - ");
        asel_yaml_write_scalar(b, items[i]);
        asel_buf_puts(b, "\n");
    }
}

void asel_hw_put_provenance(asel_buf *b, const accelsel_provenance *p, size_t n_derived_given)
{
    asel_hw_put_string(b, "source", p->source);
    if (p->n_figure_sources > 0)
        asel_buf_puts(b, "    sources:\n");
    for (size_t i = 0; i < p->n_figure_sources; i++) {
        asel_buf_printf(b, "      %s: ", p->figure_keys[i]);
        asel_yaml_write_scalar(b, p->figure_sources[i]);
        asel_buf_puts(b, "\n");
    }
    asel_hw_put_list(b, "derived", p->derived, n_derived_given);
}

/* The entry's aliases less those r->drop_aliases leaves out, in @p keep. */
static void kept_aliases(const asel_hw_ref *r, const char *const **aliases, size_t *n,
                         const char *keep[64])
{
    if (r->drop_aliases == 0 || *n > 64)
        return;
    size_t m = 0;
    for (size_t i = 0; i < *n; i++)
        if (!(r->drop_aliases >> i & 1u))
            keep[m++] = (*aliases)[i];
    *aliases = keep;
    *n = m;
}

static void write_entry(asel_buf *b, asel_hw_list list, const asel_hw_ref *r)
{
    const char *keep[64];
    switch (list) {
    case ASEL_HW_DEVICES: {
        asel_hw_device d = r->cat->devices[r->index];
        kept_aliases(r, &d.info.aliases, &d.info.n_aliases, keep);
        asel_hw_write_device(b, r->cat, &d);
        break;
    }
    case ASEL_HW_DESIGNS: {
        asel_hw_design d = r->cat->designs[r->index];
        kept_aliases(r, &d.info.aliases, &d.info.n_aliases, keep);
        asel_hw_write_design(b, &d);
        break;
    }
    case ASEL_HW_LINKS: {
        asel_hw_link l = r->cat->links[r->index];
        kept_aliases(r, &l.info.aliases, &l.info.n_aliases, keep);
        asel_hw_write_link(b, &l);
        break;
    }
    case ASEL_HW_SYSTEMS: {
        asel_hw_system s = r->cat->systems[r->index];
        kept_aliases(r, &s.info.aliases, &s.info.n_aliases, keep);
        asel_hw_write_system(b, r->cat, &s);
        break;
    }
    }
}

void asel_hw_write(asel_buf *b, const asel_hw_plan *plan)
{
    /* Links, devices and designs come before the systems that refer to them. */
    static const asel_hw_list order[] = {ASEL_HW_LINKS, ASEL_HW_DEVICES, ASEL_HW_DESIGNS,
                                         ASEL_HW_SYSTEMS};
    asel_buf_puts(b, "# libaccelsel hardware catalog (format: docs/catalog-format.md)\nversion: 1\n");
    for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++) {
        asel_hw_list list = order[k];
        if (plan->n[list] == 0)
            continue;
        asel_buf_printf(b, "%s:\n", asel_hw_list_key(list));
        for (size_t i = 0; i < plan->n[list]; i++)
            write_entry(b, list, &plan->items[list][i]);
    }
}

int asel_hw_plan_empty(asel_hw_plan *plan, size_t capacity[ASEL_HW_LIST_COUNT])
{
    memset(plan, 0, sizeof *plan);
    for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++) {
        if (asel_alloc_array(&plan->items[k], capacity[k], sizeof(asel_hw_ref)) != 0) {
            asel_hw_plan_release(plan);
            return ACCELSEL_ENOMEM;
        }
    }
    return 0;
}

int asel_hw_plan_all(asel_hw_plan *plan, const accelsel_catalog *cat)
{
    size_t cap[ASEL_HW_LIST_COUNT];
    for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++)
        cap[k] = asel_hw_count(cat, (asel_hw_list)k);
    int rc = asel_hw_plan_empty(plan, cap);
    for (size_t k = 0; rc == 0 && k < ASEL_HW_LIST_COUNT; k++) {
        for (size_t i = 0; i < cap[k]; i++)
            plan->items[k][i] = (asel_hw_ref){cat, i, 0};
        plan->n[k] = cap[k];
    }
    return rc;
}

void asel_hw_plan_release(asel_hw_plan *plan)
{
    for (size_t k = 0; k < ASEL_HW_LIST_COUNT; k++) {
        asel_free(plan->items[k]);
        plan->items[k] = NULL;
        plan->n[k] = 0;
    }
}

static int save_text(const accelsel_catalog *cat, char **out, size_t *len)
{
    asel_hw_plan plan;
    int rc = asel_hw_plan_all(&plan, cat);
    if (rc != 0)
        return rc;
    asel_buf b = ASEL_BUF_INIT;
    asel_hw_write(&b, &plan);
    asel_hw_plan_release(&plan);
    return asel_buf_finish(&b, out, len);
}

int asel_hw_build(accelsel_catalog **out, const asel_hw_plan *plan, const char *source)
{
    asel_buf b = ASEL_BUF_INIT;
    asel_hw_write(&b, plan);
    char *text;
    size_t len;
    int rc = asel_buf_finish(&b, &text, &len);
    if (rc != 0)
        return rc;
    rc = asel_hw_load(out, text, len, source);
    asel_free(text);
    return rc;
}

ACCELSEL_API int accelsel_catalog_save_buffer(const accelsel_catalog *cat, char **out, size_t *len)
{
    if (out != NULL)
        *out = NULL;
    if (cat == NULL || out == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_save_buffer: %s is NULL",
                          cat == NULL ? "cat" : "out");
    return save_text(cat, out, len);
}

ACCELSEL_API int accelsel_catalog_save_file(const accelsel_catalog *cat, const char *path)
{
    if (cat == NULL || path == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_save_file: %s is NULL",
                          cat == NULL ? "cat" : "path");
    char *text;
    size_t len;
    int rc = save_text(cat, &text, &len);
    if (rc != 0)
        return rc;
    rc = asel_write_file(path, text, len);
    asel_free(text);
    return rc;
}
