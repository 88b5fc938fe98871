/* Links (buses, interconnects, networks): reading and writing. */
#include <stddef.h>
#include <string.h>

#include "hw/load.h"

const asel_hw_figure asel_hw_link_figures[] = {
    {"bw_bytes_s", ASEL_HW_F_DOUBLE, offsetof(accelsel_link_info, bw_bytes_s), 0, 0, 1},
    {"latency_s", ASEL_HW_F_DOUBLE, offsetof(accelsel_link_info, latency_s), 0, 0, 0},
};
const size_t asel_hw_n_link_figures = sizeof asel_hw_link_figures / sizeof asel_hw_link_figures[0];

static const char *const link_keys[] = {"name",  "aliases", "technology", "bw_bytes_s", "latency_s",
                                        "notes", "source",  "sources",    "derived",    NULL};

int asel_hw_read_link(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_link *link)
{
    accelsel_link_info *l = &link->info;
    memset(link, 0, sizeof *link);
    l->version = ACCELSEL_LINK_INFO_VERSION;
    int rc = asel_yaml_expect(ld->doc, map, ASEL_YAML_MAP, "a link");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, map, link_keys);
    if (rc == 0)
        rc = asel_hw_read_names(ld, map, &l->name, &l->aliases, &l->n_aliases);
    if (rc == 0)
        rc = asel_hw_read_string(ld, map, "technology", &l->technology);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "notes", &l->notes);
    if (rc == 0)
        rc = asel_hw_read_figures(ld, map, asel_hw_link_figures, asel_hw_n_link_figures, l);
    if (rc == 0)
        rc = asel_hw_read_provenance(ld, map, asel_hw_link_figures, asel_hw_n_link_figures, l,
                                     &l->provenance);
    link->n_derived_given = l->provenance.n_derived;
    return rc;
}

void asel_hw_write_link(asel_buf *b, const asel_hw_link *link)
{
    const accelsel_link_info *l = &link->info;
    asel_hw_put_name(b, l->name);
    asel_hw_put_list(b, "aliases", l->aliases, l->n_aliases);
    asel_hw_put_string(b, "technology", l->technology);
    asel_hw_write_figures(b, asel_hw_link_figures, asel_hw_n_link_figures, l, &l->provenance,
                          link->n_derived_given);
    asel_hw_put_string(b, "notes", l->notes);
    asel_hw_put_provenance(b, &l->provenance, link->n_derived_given);
}
