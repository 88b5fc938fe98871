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
    info->free = info->total;
    return 0;
}

void asel_place_partition_release(asel_place_partition *pt)
{
    asel_free(pt->name);
    asel_free(pt->busy);
    asel_free(pt->until);
    asel_free(pt->ready);
    *pt = (asel_place_partition){ 0 };
}

double asel_place_start(const asel_place_partition *pt, double now, uint32_t count)
{
    if (count <= pt->info.free)
        return now;
    size_t lo = 0, hi = pt->info.n_busy; /* the first group whose freeing is enough */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (pt->ready[mid] >= count)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo < pt->info.n_busy ? fmax(pt->until[lo], now) : INFINITY;
}
