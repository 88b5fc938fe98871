/* Writing a mapping as YAML (format: docs/mapping.md). */
#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "core/file.h"
#include "core/yaml_doc.h"
#include "map/mapping_impl.h"

static void write_layer(asel_buf *b, const accelsel_mapping *m, size_t l)
{
    const accelsel_mapping_layer_info *li = &m->layers[l];
    asel_buf_puts(b, "  - name: ");
    asel_yaml_write_scalar(b, li->name);
    asel_buf_puts(b, "\n    slots: [");
    const char *sep = "";
    for (uint64_t s = li->slots; s; s &= s - 1) {
        asel_buf_printf(b, "%s%d", sep, __builtin_ctzll(s));
        sep = ", ";
    }
    asel_buf_printf(b, "]\n    strategy: %s\n", accelsel_strategy_name(li->strategy));
}

static void write_mapping(asel_buf *b, const accelsel_mapping *m)
{
    asel_buf_puts(b, "version: 1\nsystem: ");
    asel_yaml_write_scalar(b, m->system);
    asel_buf_puts(b, "\nnetwork: ");
    asel_yaml_write_scalar(b, m->network);
    asel_buf_printf(b, "\nbatch: %u\nobjective: %s\n# %s_s: ", m->batch,
                    accelsel_objective_name(m->objective), accelsel_objective_name(m->objective));
    asel_buf_double(b, m->br.objective_s);
    asel_buf_puts(b, " (computed again on loading)\nslots:\n");
    for (size_t s = 0; s < m->n_slots; s++) {
        asel_buf_printf(b, "  - slot: %zu\n    design: ", s);
        asel_yaml_write_scalar(b, m->slot_design_name[s]);
        asel_buf_puts(b, "\n");
    }
    asel_buf_puts(b, "layers:\n");
    for (size_t l = 0; l < m->n_layers; l++)
        if (m->layers[l].n_slots > 0)
            write_layer(b, m, l);
}

int accelsel_mapping_save_buffer(const accelsel_mapping *m, char **out, size_t *len)
{
    if (out != NULL)
        *out = NULL;
    if (m == NULL || out == NULL)
        return asel_einval("accelsel_mapping_save_buffer", m == NULL ? "m" : "out");
    asel_buf b = ASEL_BUF_INIT;
    write_mapping(&b, m);
    return asel_buf_finish(&b, out, len) == 0 ? 0 : asel_enomem();
}

int accelsel_mapping_save_file(const accelsel_mapping *m, const char *path)
{
    if (m == NULL || path == NULL)
        return asel_einval("accelsel_mapping_save_file", m == NULL ? "m" : "path");
    char *text;
    size_t len;
    int rc = accelsel_mapping_save_buffer(m, &text, &len);
    if (rc == 0)
        rc = asel_write_file(path, text, len);
    asel_free(text);
    return rc;
}
