/* Systems from YAML: clusters (nodes x devices) and explicit slots with a
 * design pool or a fixed device, linked pair by pair or by a matrix. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "hw/load.h"
#include "hw/slot_rules.h"


#define FIG(key) {#key, ASEL_HW_F_U32, offsetof(accelsel_system_info, key), 1, 1 << 30, 0}

const asel_hw_figure asel_hw_system_figures[] = {
    FIG(nodes), FIG(devices_per_node), FIG(host_cpus_per_node), FIG(inter_node_links_per_node),
    {"price_usd", ASEL_HW_F_DOUBLE, offsetof(accelsel_system_info, price_usd), 0, 0, 0}};
const size_t asel_hw_n_system_figures =
    sizeof asel_hw_system_figures / sizeof asel_hw_system_figures[0];

static const asel_hw_figure slot_figures[] = {
    {"memory_bytes", ASEL_HW_F_BYTES, offsetof(accelsel_slot_info, memory_bytes), 0, 0, 0},
    {"memory_bw_bytes_s", ASEL_HW_F_DOUBLE, offsetof(accelsel_slot_info, memory_bw_bytes_s), 0, 0, 0},
};

static const char *const system_keys[] = {
    "name", "aliases", "device", "nodes", "devices_per_node", "host_cpu", "host_cpus_per_node",
    "intra_node_link", "inter_node_link", "inter_node_links_per_node", "host_link", "topology",
    "slots", "links", "link_matrix", "price_usd", "price_basis", "price_date", "notes", "source",
    "sources", "derived", NULL};
static const char *const cluster_only[] = {"nodes", "devices_per_node", "intra_node_link",
                                           "inter_node_link", "inter_node_links_per_node", NULL};
static const char *const slot_keys[] = {"device", "designs", "platform", "memory_bytes",
                                        "memory_bw_bytes_s", "host_link", NULL};
static const char *const pair_keys[] = {"slots", "link", NULL};

/* Every name resolved, then no design twice (hw/slot_rules.h: the rule
 * that explicit slots given to the mapper keep too), reported at the
 * repeat. */
static int read_pool(const asel_hw_loader *ld, const asel_yaml_node *node, accelsel_slot_info *s)
{
    int rc = asel_yaml_expect(ld->doc, node, ASEL_YAML_SEQ, "designs");
    if (rc == 0 && node->n == 0)
        rc = asel_yaml_fail(ld->doc, node, "'designs' is empty: an adaptive slot needs a design");
    if (rc != 0)
        return rc;
    size_t *pool = asel_arena_calloc(&ld->cat->arena, node->n, sizeof *pool);
    if (pool == NULL)
        return ACCELSEL_ENOMEM; /* the arena records its own */
    for (size_t i = 0; rc == 0 && i < node->n; i++) {
        int64_t d = -1;
        rc = asel_hw_resolve(ld, node->items[i], ASEL_HW_DESIGNS, "designs", &d);
        pool[i] = (size_t)d;
    }
    size_t at = node->n, first;
    if (rc == 0)
        rc = asel_hw_pool_repeat(pool, node->n, ld->cat->n_designs, &at, &first);
    if (rc == 0 && at < node->n)
        rc = asel_yaml_fail(ld->doc, node->items[at], "design '%s' is twice in the pool",
                            node->items[at]->value);
    s->designs = pool;
    s->n_designs = rc == 0 ? node->n : 0;
    return rc;
}

/* A slot's own figures, or its device's; its own host link or the system's. */
static void inherit(const accelsel_catalog *cat, asel_hw_slot *slot, int64_t system_host_link)
{
    accelsel_slot_info *s = &slot->info;
    slot->own_memory = !isnan(s->memory_bytes);
    slot->own_bw = !isnan(s->memory_bw_bytes_s);
    slot->own_host_link = s->host_link >= 0;
    if (s->device >= 0 && !slot->own_memory)
        s->memory_bytes = cat->devices[s->device].info.memory_bytes;
    if (s->device >= 0 && !slot->own_bw)
        s->memory_bw_bytes_s = cat->devices[s->device].info.memory_bw_bytes_s;
    if (!slot->own_host_link)
        s->host_link = system_host_link;
}

static int read_slot(const asel_hw_loader *ld, const asel_yaml_node *map, int64_t host_link,
                     asel_hw_slot *slot)
{
    accelsel_slot_info *s = &slot->info;
    s->version = ACCELSEL_SLOT_INFO_VERSION;
    int rc = asel_yaml_expect(ld->doc, map, ASEL_YAML_MAP, "a slot");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, map, slot_keys);
    const asel_yaml_node *designs = asel_yaml_get(map, "designs");
    int has_device = asel_yaml_get(map, "device") != NULL;
    if (rc == 0 && has_device == (designs != NULL))
        rc = asel_yaml_fail(ld->doc, map, has_device ? "a slot has either 'device' or 'designs', not both"
                                                     : "a slot needs 'device' or 'designs'");
    if (rc == 0)
        rc = asel_hw_read_ref(ld, map, "device", ASEL_HW_DEVICES, &s->device);
    if (rc == 0 && designs != NULL)
        rc = read_pool(ld, designs, s);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "platform", &s->platform);
    if (rc == 0)
        rc = asel_hw_read_figures(ld, map, slot_figures, 2, s);
    if (rc == 0)
        rc = asel_hw_read_ref(ld, map, "host_link", ASEL_HW_LINKS, &s->host_link);
    if (rc == 0)
        inherit(ld->cat, slot, host_link);
    return rc;
}

static int slot_index(const asel_hw_loader *ld, const asel_yaml_node *node, size_t n, size_t *out)
{
    int64_t v;
    int rc = asel_yaml_as_int(ld->doc, node, "slots", 0, (int64_t)n - 1, &v);
    if (rc == 0)
        *out = (size_t)v;
    return rc;
}

/* One `{slots: [i, j], link: name}` item: a link both ways. */
static int read_pair(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_system *sys)
{
    size_t n = sys->info.n_slots, i = 0, j = 0;
    int rc = asel_yaml_expect(ld->doc, map, ASEL_YAML_MAP, "a slot link");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, map, pair_keys);
    const asel_yaml_node *pair = asel_yaml_get(map, "slots"), *link = asel_yaml_get(map, "link");
    if (rc == 0 && (pair == NULL || link == NULL))
        rc = asel_yaml_fail(ld->doc, map, "missing required key '%s'", pair == NULL ? "slots" : "link");
    if (rc == 0 && (pair->kind != ASEL_YAML_SEQ || pair->n != 2))
        rc = asel_yaml_fail(ld->doc, pair, "'slots' must be a list of two slot indices");
    if (rc == 0 && (rc = slot_index(ld, pair->items[0], n, &i)) == 0)
        rc = slot_index(ld, pair->items[1], n, &j);
    if (rc == 0 && i == j)
        rc = asel_yaml_fail(ld->doc, pair, "a slot cannot link to itself (slot %zu)", i);
    if (rc == 0 && sys->slot_links[i * n + j] >= 0)
        rc = asel_yaml_fail(ld->doc, pair, "slots %zu and %zu are linked twice", i, j);
    int64_t l = -1;
    if (rc == 0)
        rc = asel_hw_resolve(ld, link, ASEL_HW_LINKS, "link", &l);
    if (rc == 0)
        sys->slot_links[i * n + j] = sys->slot_links[j * n + i] = l;
    return rc;
}

static int is_null(const asel_yaml_node *node)
{
    return node->kind == ASEL_YAML_SCALAR && !node->quoted &&
           (strcmp(node->value, "~") == 0 || strcmp(node->value, "null") == 0 || node->len == 0);
}

static int read_matrix_row(const asel_hw_loader *ld, const asel_yaml_node *row, size_t r,
                           asel_hw_system *sys)
{
    size_t n = sys->info.n_slots;
    if (row->kind != ASEL_YAML_SEQ || row->n != n)
        return asel_yaml_fail(ld->doc, row, "'link_matrix' row %zu must list %zu links (~ for none)",
                              r, n);
    for (size_t c = 0; c < n; c++) {
        const asel_yaml_node *cell = row->items[c];
        if (is_null(cell))
            continue;
        if (c == r)
            return asel_yaml_fail(ld->doc, cell, "'link_matrix' diagonal must be ~ (slot %zu)", r);
        int rc = asel_hw_resolve(ld, cell, ASEL_HW_LINKS, "link_matrix", &sys->slot_links[r * n + c]);
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int read_slot_links(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_system *sys)
{
    size_t n = sys->info.n_slots;
    const asel_yaml_node *pairs = asel_yaml_get(map, "links"), *matrix = asel_yaml_get(map, "link_matrix");
    if (pairs != NULL && matrix != NULL)
        return asel_yaml_fail(ld->doc, matrix, "give either 'links' or 'link_matrix', not both");
    sys->slot_links = asel_arena_calloc(&ld->cat->arena, n * n, sizeof *sys->slot_links);
    if (sys->slot_links == NULL)
        return ACCELSEL_ENOMEM;
    for (size_t k = 0; k < n * n; k++)
        sys->slot_links[k] = -1;
    const asel_yaml_node *list = pairs != NULL ? pairs : matrix;
    int rc = list != NULL ? asel_yaml_expect(ld->doc, list, ASEL_YAML_SEQ, list == pairs ? "links" : "link_matrix") : 0;
    if (rc == 0 && matrix != NULL && matrix->n != n)
        rc = asel_yaml_fail(ld->doc, matrix, "'link_matrix' must have %zu rows, one per slot", n);
    for (size_t k = 0; rc == 0 && list != NULL && k < list->n; k++)
        rc = pairs != NULL ? read_pair(ld, list->items[k], sys)
                           : read_matrix_row(ld, list->items[k], k, sys);
    return rc;
}

static int read_slots(const asel_hw_loader *ld, const asel_yaml_node *map, const asel_yaml_node *seq,
                      asel_hw_system *sys)
{
    int rc = asel_yaml_expect(ld->doc, seq, ASEL_YAML_SEQ, "slots");
    if (rc == 0 && seq->n == 0)
        rc = asel_yaml_fail(ld->doc, seq, "'slots' is empty");
    /* Beyond the mapper's 64-bit slot groups; it also bounds the dense
     * n x n link table a small file can make the loader allocate. */
    if (rc == 0 && seq->n > ACCELSEL_SYSTEM_MAX_SLOTS)
        rc = asel_yaml_fail(ld->doc, seq, "more than %d slots (the most a system may have: "
                            "a mapping's slot groups are 64-bit masks)", ACCELSEL_SYSTEM_MAX_SLOTS);
    if (rc != 0)
        return rc;
    sys->slots = asel_arena_calloc(&ld->cat->arena, seq->n, sizeof *sys->slots);
    if (sys->slots == NULL)
        return ACCELSEL_ENOMEM;
    sys->info.n_slots = seq->n;
    for (size_t i = 0; rc == 0 && i < seq->n; i++)
        rc = read_slot(ld, seq->items[i], sys->info.host_link, &sys->slots[i]);
    return rc != 0 ? rc : read_slot_links(ld, map, sys);
}

static int read_cluster(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_system *sys)
{
    accelsel_system_info *s = &sys->info;
    if (s->nodes == 0 || s->devices_per_node == 0)
        return asel_yaml_fail(ld->doc, map, "missing required key '%s' (a system needs 'slots' or "
                              "'device', 'nodes' and 'devices_per_node')",
                              asel_yaml_get(map, "device") == NULL ? "device"
                              : s->nodes == 0                      ? "nodes"
                                                                   : "devices_per_node");
    int rc = asel_hw_read_ref(ld, map, "device", ASEL_HW_DEVICES, &s->device);
    if (rc == 0)
        rc = asel_hw_read_ref(ld, map, "intra_node_link", ASEL_HW_LINKS, &s->intra_node_link);
    if (rc == 0)
        rc = asel_hw_read_ref(ld, map, "inter_node_link", ASEL_HW_LINKS, &s->inter_node_link);
    if (rc != 0)
        return rc;
    sys->slots = asel_arena_calloc(&ld->cat->arena, 1, sizeof *sys->slots);
    if (sys->slots == NULL)
        return ACCELSEL_ENOMEM;
    sys->cluster = 1;
    s->n_slots = (size_t)s->nodes * s->devices_per_node;
    sys->slots[0].info = (accelsel_slot_info){ACCELSEL_SLOT_INFO_VERSION, s->device, 0, NULL, NULL,
                                              NAN, NAN, -1};
    inherit(ld->cat, &sys->slots[0], s->host_link);
    return 0;
}

/* The host CPU must be a CPU. */
static int read_host(const asel_hw_loader *ld, const asel_yaml_node *map, accelsel_system_info *s)
{
    int rc = asel_hw_read_ref(ld, map, "host_cpu", ASEL_HW_DEVICES, &s->host_cpu);
    if (rc == 0 && s->host_cpu >= 0 && ld->cat->devices[s->host_cpu].info.kind != ACCELSEL_DEVICE_CPU)
        rc = asel_yaml_fail(ld->doc, asel_yaml_get(map, "host_cpu"), "host_cpu '%s' is a %s, not a cpu",
                            ld->cat->devices[s->host_cpu].info.name,
                            accelsel_device_kind_name(ld->cat->devices[s->host_cpu].info.kind));
    return rc != 0 ? rc : asel_hw_read_ref(ld, map, "host_link", ASEL_HW_LINKS, &s->host_link);
}

/* Clusters and slot systems take different keys. */
static int check_form(const asel_hw_loader *ld, const asel_yaml_node *map, const asel_yaml_node *slots)
{
    int rc = asel_yaml_check_keys(ld->doc, map, system_keys);
    for (const char *const *k = cluster_only; rc == 0 && slots != NULL && *k; k++)
        if (asel_yaml_get(map, *k) != NULL)
            rc = asel_yaml_fail(ld->doc, map, "'%s' is for clusters ('device' x 'nodes'), not "
                                "systems with 'slots'", *k);
    static const char *const slot_only[] = {"links", "link_matrix", NULL};
    for (const char *const *k = slot_only; rc == 0 && slots == NULL && *k; k++)
        if (asel_yaml_get(map, *k) != NULL)
            rc = asel_yaml_fail(ld->doc, map, "'%s' is for systems with 'slots'", *k);
    if (rc == 0 && slots != NULL && asel_yaml_get(map, "device") != NULL)
        rc = asel_yaml_fail(ld->doc, map, "give either 'device' (a cluster) or 'slots', not both");
    return rc;
}

int asel_hw_read_system(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_system *sys)
{
    accelsel_system_info *s = &sys->info;
    memset(sys, 0, sizeof *sys);
    *s = (accelsel_system_info){.version = ACCELSEL_SYSTEM_INFO_VERSION, .device = -1,
                                .host_cpu = -1, .intra_node_link = -1, .inter_node_link = -1,
                                .host_link = -1};
    int rc = asel_yaml_expect(ld->doc, map, ASEL_YAML_MAP, "a system");
    const asel_yaml_node *slots = rc == 0 ? asel_yaml_get(map, "slots") : NULL;
    if (rc == 0)
        rc = check_form(ld, map, slots);
    if (rc == 0)
        rc = asel_hw_read_names(ld, map, &s->name, &s->aliases, &s->n_aliases);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "topology", &s->topology);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "notes", &s->notes);
    if (rc == 0)
        rc = asel_hw_read_figures(ld, map, asel_hw_system_figures, asel_hw_n_system_figures, s);
    if (rc == 0)
        rc = read_host(ld, map, s);
    if (rc == 0)
        rc = slots != NULL ? read_slots(ld, map, slots, sys) : read_cluster(ld, map, sys);
    if (rc == 0)
        rc = asel_hw_read_provenance(ld, map, asel_hw_system_figures, asel_hw_n_system_figures, s,
                                     &s->provenance);
    if (rc == 0)
        rc = asel_hw_read_price(ld, map, s->price_usd, &s->provenance, &s->price_basis,
                                &s->price_date);
    sys->n_derived_given = s->provenance.n_derived;
    return rc;
}
