/* Systems to YAML: references by name, slots, and the slot link matrix. */
#include "hw/load.h"

static const char *device_name(const accelsel_catalog *cat, int64_t i)
{
    return i >= 0 ? cat->devices[i].info.name : NULL;
}

static const char *link_name(const accelsel_catalog *cat, int64_t i)
{
    return i >= 0 ? cat->links[i].info.name : NULL;
}

static void write_slot(asel_buf *b, const accelsel_catalog *cat, const asel_hw_slot *slot,
                       int64_t system_host_link)
{
    const accelsel_slot_info *s = &slot->info;
    if (s->device >= 0) {
        asel_buf_puts(b, "      - device: ");
        asel_yaml_write_scalar(b, device_name(cat, s->device));
    } else {
        asel_buf_puts(b, "      - designs: [");
        for (size_t i = 0; i < s->n_designs; i++) {
            asel_buf_puts(b, i ? ", " : "");
            asel_yaml_write_scalar(b, cat->designs[s->designs[i]].info.name);
        }
        asel_buf_puts(b, "]");
    }
    if (s->platform != NULL) {
        asel_buf_puts(b, "\n        platform: ");
        asel_yaml_write_scalar(b, s->platform);
    }
    if (slot->own_memory) {
        asel_buf_puts(b, "\n        memory_bytes: ");
        asel_buf_double(b, s->memory_bytes);
    }
    if (slot->own_bw) {
        asel_buf_puts(b, "\n        memory_bw_bytes_s: ");
        asel_buf_double(b, s->memory_bw_bytes_s);
    }
    if (slot->own_host_link && s->host_link != system_host_link) {
        asel_buf_puts(b, "\n        host_link: ");
        asel_yaml_write_scalar(b, link_name(cat, s->host_link));
    }
    asel_buf_puts(b, "\n");
}

static void write_matrix(asel_buf *b, const accelsel_catalog *cat, const asel_hw_system *sys)
{
    size_t n = sys->info.n_slots, any = 0;
    for (size_t k = 0; k < n * n; k++)
        any += sys->slot_links[k] >= 0;
    if (any == 0)
        return;
    asel_buf_puts(b, "    link_matrix:\n");
    for (size_t r = 0; r < n; r++) {
        asel_buf_puts(b, "      - [");
        for (size_t c = 0; c < n; c++) {
            int64_t l = sys->slot_links[r * n + c];
            asel_buf_puts(b, c ? ", " : "");
            if (l >= 0)
                asel_yaml_write_scalar(b, link_name(cat, l));
            else
                asel_buf_puts(b, "~");
        }
        asel_buf_puts(b, "]\n");
    }
}

void asel_hw_write_system(asel_buf *b, const accelsel_catalog *cat, const asel_hw_system *sys)
{
    const accelsel_system_info *s = &sys->info;
    asel_hw_put_name(b, s->name);
    asel_hw_put_list(b, "aliases", s->aliases, s->n_aliases);
    asel_hw_put_string(b, "device", device_name(cat, s->device));
    asel_hw_put_string(b, "host_cpu", device_name(cat, s->host_cpu));
    asel_hw_put_string(b, "intra_node_link", link_name(cat, s->intra_node_link));
    asel_hw_put_string(b, "inter_node_link", link_name(cat, s->inter_node_link));
    asel_hw_put_string(b, "host_link", link_name(cat, s->host_link));
    asel_hw_put_string(b, "topology", s->topology);
    asel_hw_write_figures(b, asel_hw_system_figures, asel_hw_n_system_figures, s, &s->provenance,
                          sys->n_derived_given);
    asel_hw_put_price(b, s->price_basis, s->price_date);
    if (!sys->cluster) {
        asel_buf_puts(b, "    slots:\n");
        for (size_t i = 0; i < s->n_slots; i++)
            write_slot(b, cat, &sys->slots[i], s->host_link);
        write_matrix(b, cat, sys);
    }
    asel_hw_put_string(b, "notes", s->notes);
    asel_hw_put_provenance(b, &s->provenance, sys->n_derived_given);
}
