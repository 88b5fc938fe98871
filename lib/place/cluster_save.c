/* Writing a cluster file: what accelsel_place_cluster_load_*() reads back
 * to the same cluster, names as the catalog spells them. */
#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "place/place_impl.h"

static void write_name(asel_buf *b, const char *key, const char *name)
{
    asel_buf_printf(b, "    %s: ", key);
    asel_yaml_write_scalar(b, name);
    asel_buf_puts(b, "\n");
}

static void write_partition(asel_buf *b, const accelsel_catalog *cat,
                            const accelsel_partition_info *p)
{
    asel_buf_puts(b, "  - name: ");
    asel_yaml_write_scalar(b, p->name);
    asel_buf_puts(b, "\n");
    if (p->system >= 0)
        write_name(b, "system", accelsel_catalog_system(cat, (size_t)p->system)->name);
    else
        write_name(b, "device", accelsel_catalog_device(cat, (size_t)p->device)->name);
    asel_buf_printf(b, "    nodes: %u\n    per_node: %u\n", p->nodes, p->per_node);
    if (p->intra_link >= 0)
        write_name(b, "intra_link", accelsel_catalog_link(cat, (size_t)p->intra_link)->name);
    if (p->inter_link >= 0)
        write_name(b, "inter_link", accelsel_catalog_link(cat, (size_t)p->inter_link)->name);
    if (p->host_cpu >= 0)
        write_name(b, "host_cpu", accelsel_catalog_device(cat, (size_t)p->host_cpu)->name);
    asel_buf_printf(b, "    free: %u\n", p->free);
    if (p->n_busy > 0)
        asel_buf_puts(b, "    busy:\n");
    for (size_t i = 0; i < p->n_busy; i++) {
        asel_buf_printf(b, "      - {count: %u, ", p->busy[i].count);
        if (p->busy[i].from > 0) {
            asel_buf_puts(b, "from: ");
            asel_buf_double(b, p->busy[i].from);
            asel_buf_puts(b, ", ");
        }
        asel_buf_puts(b, "until: ");
        asel_buf_double(b, p->busy[i].until);
        asel_buf_puts(b, "}\n");
    }
}

static int save_text(const accelsel_place_cluster *c, char **out, size_t *len)
{
    asel_buf b = ASEL_BUF_INIT;
    asel_buf_puts(&b, "version: 1\nnow: ");
    asel_buf_double(&b, c->now);
    asel_buf_puts(&b, "\n");
    if (c->n > 0)
        asel_buf_puts(&b, "partitions:\n");
    for (size_t i = 0; i < c->n; i++)
        write_partition(&b, c->cat, &c->parts[i].info);
    return asel_buf_finish(&b, out, len);
}

ACCELSEL_API int accelsel_place_cluster_save_buffer(const accelsel_place_cluster *c, char **out,
                                                    size_t *len)
{
    if (out != NULL)
        *out = NULL;
    if (c == NULL || out == NULL)
        return asel_einval("accelsel_place_cluster_save_buffer", c == NULL ? "c" : "out");
    return save_text(c, out, len);
}

ACCELSEL_API int accelsel_place_cluster_save_file(const accelsel_place_cluster *c,
                                                  const char *path)
{
    if (c == NULL || path == NULL)
        return asel_einval("accelsel_place_cluster_save_file", c == NULL ? "c" : "path");
    char *text;
    size_t len;
    int rc = save_text(c, &text, &len);
    if (rc < 0)
        return rc;
    rc = asel_write_file(path, text, len);
    asel_free(text);
    return rc;
}
