/* Devices: reading one from YAML (with CPU peaks derived from cores, clock
 * and FLOPs per cycle) and writing it back. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hw/load.h"

#define FIG(key, type, lo, hi) {#key, type, offsetof(accelsel_device_info, key), lo, hi, 0}

const asel_hw_figure asel_hw_device_figures[] = {
    FIG(release_year, ASEL_HW_F_I32, 1950, 2100),
    FIG(peak_flops, ASEL_HW_F_PREC, 0, 0),
    FIG(memory_bytes, ASEL_HW_F_BYTES, 0, 0),
    FIG(memory_bw_bytes_s, ASEL_HW_F_DOUBLE, 0, 0),
    FIG(onchip_bytes, ASEL_HW_F_BYTES, 0, 0),
    FIG(tdp_w, ASEL_HW_F_DOUBLE, 0, 0),
    FIG(price_usd, ASEL_HW_F_DOUBLE, 0, 0),
    FIG(cores, ASEL_HW_F_I32, 1, 1000000),
    FIG(clock_hz, ASEL_HW_F_DOUBLE, 0, 0),
    FIG(flops_per_cycle, ASEL_HW_F_PREC, 0, 0),
    FIG(scale_up_domain, ASEL_HW_F_I32, 2, 1000000),
};
const size_t asel_hw_n_device_figures =
    sizeof asel_hw_device_figures / sizeof asel_hw_device_figures[0];

static const char *const device_keys[] = {
    "name", "aliases", "vendor", "kind", "architecture", "release_year", "peak_flops",
    "memory_bytes", "memory_bw_bytes_s", "onchip_bytes", "tdp_w", "price_usd", "price_basis",
    "price_date", "sale", "cores", "clock_hz", "flops_per_cycle", "host_link", "scale_up_link",
    "scale_up_domain", "notes", "source", "sources", "derived", NULL};

static int read_kind(const asel_hw_loader *ld, const asel_yaml_node *map, int32_t *kind)
{
    const asel_yaml_node *node = asel_yaml_get(map, "kind");
    if (node == NULL)
        return asel_yaml_fail(ld->doc, map, "missing required key 'kind'");
    const char *s;
    int rc = asel_yaml_as_string(ld->doc, node, "kind", &s);
    if (rc != 0)
        return rc;
    for (int k = ACCELSEL_DEVICE_CPU; k <= ACCELSEL_DEVICE_FPGA; k++) {
        if (strcmp(s, accelsel_device_kind_name(k)) == 0) {
            *kind = k;
            return 0;
        }
    }
    return asel_yaml_fail(ld->doc, node, "unknown device kind '%s' (known: cpu, gpu, tpu, npu, fpga)",
                          s);
}

/* A link of the device's own at @p key (host_link: a card's PCIe
 * generation and width; scale_up_link: its NVLink or inter-chip fabric).
 * A name the catalog's links do not have fails at its position, with the
 * nearest link names. */
static int read_link(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                     int64_t *index)
{
    const asel_yaml_node *node = asel_yaml_get(map, key);
    *index = -1;
    if (node == NULL)
        return 0;
    const char *s;
    int rc = asel_yaml_as_string(ld->doc, node, key, &s);
    if (rc != 0)
        return rc;
    *index = asel_hw_lookup(ld->cat, ASEL_HW_LINKS, s);
    if (*index >= 0)
        return 0;
    char why[512]; /* a copy: the new message is written where the old one is */
    asel_hw_not_found(ld->cat, ASEL_HW_LINKS, s);
    snprintf(why, sizeof why, "%s", accelsel_last_error()->message);
    return asel_yaml_fail(ld->doc, node, "'%s' refers to an unknown link (a catalog must "
                          "define every link it refers to): %s", key, why);
}

/* Peak = cores x clock x FLOPs per cycle wherever the peak is not given.
 * Each factor is finite, but their product may not be: a figure the library
 * computes must be as finite as one it reads. */
static int derive_peaks(const asel_hw_loader *ld, const asel_yaml_node *map,
                        accelsel_device_info *d)
{
    if (d->cores == 0 || isnan(d->clock_hz))
        return 0;
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++) {
        if (!isnan(d->peak_flops[p]) || isnan(d->flops_per_cycle[p]))
            continue;
        d->peak_flops[p] = (double)d->cores * d->clock_hz * d->flops_per_cycle[p];
        char key[48];
        snprintf(key, sizeof key, "peak_flops.%s", accelsel_precision_name(p));
        if (isinf(d->peak_flops[p]))
            return asel_yaml_fail(ld->doc, asel_yaml_get(map, "flops_per_cycle"),
                                  "%s = cores x clock_hz x flops_per_cycle.%s is not a finite "
                                  "number", key, accelsel_precision_name(p));
        int rc = asel_hw_add_derived(ld, &d->provenance, key);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int asel_hw_read_device(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_device *dev)
{
    accelsel_device_info *d = &dev->info;
    memset(dev, 0, sizeof *dev);
    d->version = ACCELSEL_DEVICE_INFO_VERSION;
    int rc = asel_yaml_expect(ld->doc, map, ASEL_YAML_MAP, "a device");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, map, device_keys);
    if (rc == 0)
        rc = asel_hw_read_names(ld, map, &d->name, &d->aliases, &d->n_aliases);
    if (rc == 0)
        rc = asel_hw_read_string(ld, map, "vendor", &d->vendor);
    if (rc == 0)
        rc = read_kind(ld, map, &d->kind);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "architecture", &d->architecture);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "notes", &d->notes);
    if (rc == 0)
        rc = read_link(ld, map, "host_link", &d->host_link);
    if (rc == 0)
        rc = read_link(ld, map, "scale_up_link", &d->scale_up_link);
    if (rc == 0)
        rc = asel_hw_read_figures(ld, map, asel_hw_device_figures, asel_hw_n_device_figures, d);
    if (rc == 0)
        rc = asel_hw_read_provenance(ld, map, asel_hw_device_figures, asel_hw_n_device_figures, d,
                                     &d->provenance);
    if (rc == 0)
        rc = asel_hw_read_price(ld, map, d->price_usd, &d->provenance, &d->price_basis,
                                &d->price_date);
    if (rc == 0)
        rc = asel_hw_read_sale(ld, map, d->price_usd, &d->sale);
    dev->n_derived_given = d->provenance.n_derived;
    return rc != 0 ? rc : derive_peaks(ld, map, d);
}

void asel_hw_write_device(asel_buf *b, const accelsel_catalog *cat, const asel_hw_device *dev)
{
    const accelsel_device_info *d = &dev->info;
    asel_hw_put_name(b, d->name);
    asel_hw_put_list(b, "aliases", d->aliases, d->n_aliases);
    asel_hw_put_string(b, "vendor", d->vendor);
    asel_hw_put_string(b, "kind", accelsel_device_kind_name(d->kind));
    asel_hw_put_string(b, "architecture", d->architecture);
    asel_hw_write_figures(b, asel_hw_device_figures, asel_hw_n_device_figures, d, &d->provenance,
                          dev->n_derived_given);
    asel_hw_put_price(b, d->price_basis, d->price_date);
    asel_hw_put_sale(b, d->sale);
    if (d->host_link >= 0)
        asel_hw_put_string(b, "host_link", cat->links[d->host_link].info.name);
    if (d->scale_up_link >= 0)
        asel_hw_put_string(b, "scale_up_link", cat->links[d->scale_up_link].info.name);
    asel_hw_put_string(b, "notes", d->notes);
    asel_hw_put_provenance(b, &d->provenance, dev->n_derived_given);
}
