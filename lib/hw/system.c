/* Slots and slot-to-slot links of systems, in both forms. */
#include "core/error.h"
#include "hw/catalog_impl.h"

ACCELSEL_API const accelsel_slot_info *accelsel_catalog_system_slot(const accelsel_catalog *cat,
                                                                    size_t system, size_t slot)
{
    if (cat == NULL || system >= cat->n_systems)
        return NULL;
    const asel_hw_system *s = &cat->systems[system];
    if (slot >= s->info.n_slots)
        return NULL;
    return &s->slots[s->cluster ? 0 : slot].info;
}

static int64_t cluster_link(const asel_hw_system *s, size_t from, size_t to)
{
    size_t per_node = s->info.devices_per_node;
    return from / per_node == to / per_node ? s->info.intra_node_link : s->info.inter_node_link;
}

ACCELSEL_API int accelsel_catalog_system_link(const accelsel_catalog *cat, size_t system,
                                              size_t from, size_t to, size_t *link)
{
    if (cat == NULL || link == NULL)
        return asel_error(ACCELSEL_EINVAL, "accelsel_catalog_system_link: %s is NULL",
                          cat == NULL ? "cat" : "link");
    if (system >= cat->n_systems)
        return asel_error(ACCELSEL_EINVAL,
                          "accelsel_catalog_system_link: system %zu out of range (%zu systems)",
                          system, cat->n_systems);
    const asel_hw_system *s = &cat->systems[system];
    size_t n = s->info.n_slots;
    if (from >= n || to >= n)
        return asel_error(ACCELSEL_EINVAL,
                          "accelsel_catalog_system_link: slot %zu out of range (system '%s' has %zu)",
                          from >= n ? from : to, s->info.name, n);
    int64_t l = -1;
    if (from != to)
        l = s->cluster ? cluster_link(s, from, to) : s->slot_links[from * n + to];
    if (l < 0)
        return asel_error(ACCELSEL_ENOTFOUND, "system '%s': no direct link from slot %zu to slot %zu",
                          s->info.name, from, to);
    *link = (size_t)l;
    return 0;
}
