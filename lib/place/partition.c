/* A partition from its spec: the rules of its name and counts, its names
 * looked up in the catalog; and the start of a count on its state. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "place/place_impl.h"

/* A name a Slurm partition could have and a job's comma-separated list can
 * hold: no commas, blanks or control characters. */
static int check_name(const accelsel_place_cluster *c, const char *name)
{
    size_t len = name != NULL ? strlen(name) : 0;
    if (len == 0 || len > ACCELSEL_PARTITION_NAME_MAX)
        return asel_error_field(ACCELSEL_EINVAL, "name", "a partition name has 1 to %u bytes, "
                                "not %zu", ACCELSEL_PARTITION_NAME_MAX, len);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)name[i];
        if (ch == ',' || ch == ' ' || ch < 0x20 || ch == 0x7f)
            return asel_error_field(ACCELSEL_EINVAL, "name", "partition name '%s' holds %s at "
                                    "byte %zu (no commas, blanks or control characters)",
                                    name, ch == ',' ? "a comma" : ch == ' ' ? "a blank"
                                                                            : "a control character",
                                    i + 1);
    }
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->parts[i].info.name, name) == 0)
            return asel_error_field(ACCELSEL_EINVAL, "name", "partition '%s' is already in the "
                                    "cluster (partition %zu)", name, i);
    return 0;
}

/* A catalog entry named by member @p field: its index into *index, or -1
 * when @p name is NULL. */
static int find(const accelsel_catalog *cat, int (*lookup)(const accelsel_catalog *, const char *,
                                                           size_t *),
                const char *name, const char *field, int64_t *index)
{
    size_t i;
    *index = -1;
    if (name == NULL)
        return 0;
    if (lookup(cat, name, &i) < 0)
        return asel_error_blame(field);
    *index = (int64_t)i;
    return 0;
}

/* Device or system, and the node layout they allow. */
static int hardware(const accelsel_place_cluster *c, const accelsel_partition_spec *s,
                    accelsel_partition_info *info)
{
    if ((s->device == NULL) == (s->system == NULL))
        return asel_error_field(ACCELSEL_EINVAL, "device", "a partition names a device or a "
                                "system (this one names %s)", s->device != NULL ? "both" : "neither");
    int rc = find(c->cat, accelsel_catalog_find_device, s->device, "device", &info->device);
    if (rc == 0)
        rc = find(c->cat, accelsel_catalog_find_system, s->system, "system", &info->system);
    if (rc < 0)
        return rc;
    info->nodes = s->nodes;
    info->per_node = s->per_node;
    if (info->system < 0 && (s->nodes == 0 || s->per_node == 0))
        return asel_error_field(ACCELSEL_EINVAL, s->nodes == 0 ? "nodes" : "per_node",
                                "partition '%s' of device '%s' gives no %s (a system's partition "
                                "may leave it to the system)", s->name,
                                accelsel_catalog_device(c->cat, (size_t)info->device)->name,
                                s->nodes == 0 ? "nodes" : "per_node");
    if (info->system >= 0) {
        const accelsel_system_info *sys = accelsel_catalog_system(c->cat, (size_t)info->system);
        if (sys->device < 0)
            return asel_error_field(ACCELSEL_EINVAL, "system", "system '%s' is not a cluster of "
                                    "one device", sys->name);
        info->device = sys->device;
        if (s->per_node > sys->devices_per_node)
            return asel_error_field(ACCELSEL_EINVAL, "per_node", "per_node %u is more than the %u "
                                    "accelerators per node of system '%s'", s->per_node,
                                    sys->devices_per_node, sys->name);
        if (info->nodes == 0)
            info->nodes = sys->nodes;
        if (info->per_node == 0)
            info->per_node = sys->devices_per_node;
    }
    if (info->nodes < 1 || info->nodes > ACCELSEL_PARTITION_MAX_NODES)
        return asel_error_field(ACCELSEL_EINVAL, "nodes", "nodes %u is not from 1 to %u",
                                info->nodes, ACCELSEL_PARTITION_MAX_NODES);
    if (info->per_node < 1 || info->per_node > ACCELSEL_PARTITION_MAX_PER_NODE)
        return asel_error_field(ACCELSEL_EINVAL, "per_node", "per_node %u is not from 1 to %u",
                                info->per_node, ACCELSEL_PARTITION_MAX_PER_NODE);
    info->total = info->nodes * info->per_node;
    return 0;
}

static int links(const accelsel_place_cluster *c, const accelsel_partition_spec *s,
                 accelsel_partition_info *info)
{
    int rc = find(c->cat, accelsel_catalog_find_link, s->intra_link, "intra_link",
                  &info->intra_link);
    if (rc == 0)
        rc = find(c->cat, accelsel_catalog_find_link, s->inter_link, "inter_link",
                  &info->inter_link);
    if (rc == 0)
        rc = find(c->cat, accelsel_catalog_find_device, s->host_cpu, "host_cpu", &info->host_cpu);
    if (rc == 0 && info->host_cpu >= 0 &&
        accelsel_catalog_device(c->cat, (size_t)info->host_cpu)->kind != ACCELSEL_DEVICE_CPU)
        return asel_error_field(ACCELSEL_ENOTFOUND, "host_cpu", "host CPU '%s' is not a CPU",
                                accelsel_catalog_device(c->cat, (size_t)info->host_cpu)->name);
    return rc;
}

int asel_place_partition_make(const accelsel_place_cluster *c, const accelsel_partition_spec *s,
                              asel_place_partition *out)
{
    *out = (asel_place_partition){ .info = { .version = ACCELSEL_PARTITION_INFO_VERSION } };
    accelsel_partition_info *info = &out->info;
    int rc;
    if (s->version != ACCELSEL_PARTITION_SPEC_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown partition spec version %u",
                                s->version);
    if ((rc = check_name(c, s->name)) < 0 || (rc = hardware(c, s, info)) < 0 ||
        (rc = links(c, s, info)) < 0)
        return rc;
    if ((out->name = asel_strdup(s->name)) == NULL)
        return asel_enomem();
    info->name = out->name;
    return asel_place_state_init(out, c->now);
}

void asel_place_partition_release(asel_place_partition *pt)
{
    asel_free(pt->name);
    asel_free(pt->busy);
    asel_free(pt->profile.at);
    asel_free(pt->profile.avail);
    *pt = (asel_place_partition){ 0 };
}

/* The request fields a partition and count fix; the rest of @p q stays. */
static void hardware_of(const accelsel_place_cluster *c, const accelsel_partition_info *pi,
                        uint32_t count, accelsel_predict_request *q)
{
    const accelsel_catalog *cat = c->cat;
    q->device = pi->system < 0 ? accelsel_catalog_device(cat, (size_t)pi->device)->name : NULL;
    q->system = pi->system >= 0 ? accelsel_catalog_system(cat, (size_t)pi->system)->name : NULL;
    q->count = count;
    q->per_node = count <= pi->per_node ? count : pi->per_node;
    q->nodes = count / q->per_node;
    q->intra_link = pi->intra_link >= 0 ? accelsel_catalog_link(cat, (size_t)pi->intra_link)->name
                                        : NULL;
    q->inter_link = pi->inter_link >= 0 ? accelsel_catalog_link(cat, (size_t)pi->inter_link)->name
                                        : NULL;
    q->host_cpu = pi->host_cpu >= 0 ? accelsel_catalog_device(cat, (size_t)pi->host_cpu)->name
                                    : NULL;
}

void asel_place_request(const accelsel_place_cluster *c, size_t partition, uint32_t count,
                        accelsel_predict_request *q)
{
    hardware_of(c, &c->parts[partition].info, count, q);
}

ACCELSEL_API int accelsel_place_cluster_request(const accelsel_place_cluster *c, size_t partition,
                                                uint32_t count, accelsel_predict_request *req)
{
    if (c == NULL || req == NULL)
        return asel_einval("accelsel_place_cluster_request", c == NULL ? "c" : "req");
    if (req->version != 1 && req->version != ACCELSEL_PREDICT_REQUEST_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown predict request version %u",
                                req->version);
    if (partition >= c->n)
        return asel_error_field(ACCELSEL_EINVAL, "partition", "partition %zu of a cluster of %zu",
                                partition, c->n);
    const accelsel_partition_info *pi = &c->parts[partition].info;
    if (count == 0 || count > pi->total || (count > pi->per_node && count % pi->per_node != 0))
        return asel_error_field(ACCELSEL_EINVAL, "count", "%u accelerators fit no layout of "
                                "partition '%s' (%u nodes of %u: up to one node's accelerators, "
                                "or whole nodes)", count, pi->name, pi->nodes, pi->per_node);
    hardware_of(c, pi, count, req);
    return 0;
}
