/* Accelerator designs for adaptive slots: reading and writing. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "hw/load.h"

#define FIG(key, type, lo, hi) {#key, type, offsetof(accelsel_design_info, key), lo, hi, 0}

const asel_hw_figure asel_hw_design_figures[] = {
    FIG(tm, ASEL_HW_F_U32, 1, 1 << 20),
    FIG(tn, ASEL_HW_F_U32, 1, 1 << 20),
    FIG(tr, ASEL_HW_F_U32, 1, 1 << 20),
    FIG(tc, ASEL_HW_F_U32, 1, 1 << 20),
    FIG(pe_rows, ASEL_HW_F_U32, 1, 1 << 20),
    FIG(pe_cols, ASEL_HW_F_U32, 1, 1 << 20),
    FIG(macs, ASEL_HW_F_U64, 1, INT64_C(1) << 40),
    FIG(dsp, ASEL_HW_F_U64, 1, INT64_C(1) << 40),
    FIG(clock_hz, ASEL_HW_F_DOUBLE, 0, 0),
    FIG(peak_ops, ASEL_HW_F_DOUBLE, 0, 0),
    FIG(measured_ops, ASEL_HW_F_DOUBLE, 0, 0),
    FIG(buffer_bytes, ASEL_HW_F_BYTES, 0, 0),
    FIG(offchip_bytes, ASEL_HW_F_BYTES, 0, 0),
    FIG(offchip_bw_bytes_s, ASEL_HW_F_DOUBLE, 0, 0),
};
const size_t asel_hw_n_design_figures =
    sizeof asel_hw_design_figures / sizeof asel_hw_design_figures[0];

static const char *const design_keys[] = {
    "name", "aliases", "dataflow", "platform", "precision", "tm", "tn", "tr", "tc", "pe_rows",
    "pe_cols", "macs", "dsp", "clock_hz", "peak_ops", "measured_ops", "buffer_bytes",
    "offchip_bytes", "offchip_bw_bytes_s", "notes", "source", "sources", "derived", NULL};

static const struct {
    const char *name;
    int32_t bits;
} precisions[] = {{"fp32", 32}, {"fp16", 16}, {"bf16", 16}, {"int16", 16}, {"int8", 8}};

/* Value of required key @p key, one of @p n names; its index in *out. */
static int read_choice(const asel_hw_loader *ld, const asel_yaml_node *map, const char *key,
                       const char *const *names, size_t n, const char *known, size_t *out)
{
    const asel_yaml_node *node = asel_yaml_get(map, key);
    if (node == NULL)
        return asel_yaml_fail(ld->doc, map, "missing required key '%s'", key);
    const char *s;
    int rc = asel_yaml_as_string(ld->doc, node, key, &s);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < n; i++) {
        if (strcmp(s, names[i]) == 0) {
            *out = i;
            return 0;
        }
    }
    return asel_yaml_fail(ld->doc, node, "unknown %s '%s' (known: %s)", key, s, known);
}

static int read_kinds(const asel_hw_loader *ld, const asel_yaml_node *map, accelsel_design_info *d)
{
    const char *flows[4], *precs[5];
    for (int i = 0; i < 4; i++)
        flows[i] = accelsel_dataflow_name(i + 1);
    for (size_t i = 0; i < 5; i++)
        precs[i] = precisions[i].name;
    size_t f = 0, p = 0; /* set by read_choice on success; zero quiets -Wmaybe-uninitialized */
    int rc = read_choice(ld, map, "dataflow", flows, 4,
                         "weight-stationary, output-stationary, row-stationary, tiled", &f);
    if (rc == 0)
        rc = read_choice(ld, map, "precision", precs, 5, "fp32, fp16, bf16, int16, int8", &p);
    if (rc != 0)
        return rc;
    d->dataflow = (int32_t)f + 1;
    d->precision = precisions[p].name;
    d->precision_bits = precisions[p].bits;
    return 0;
}

int asel_hw_read_design(const asel_hw_loader *ld, const asel_yaml_node *map, asel_hw_design *des)
{
    accelsel_design_info *d = &des->info;
    memset(des, 0, sizeof *des);
    d->version = ACCELSEL_DESIGN_INFO_VERSION;
    int rc = asel_yaml_expect(ld->doc, map, ASEL_YAML_MAP, "a design");
    if (rc == 0)
        rc = asel_yaml_check_keys(ld->doc, map, design_keys);
    if (rc == 0)
        rc = asel_hw_read_names(ld, map, &d->name, &d->aliases, &d->n_aliases);
    if (rc == 0)
        rc = read_kinds(ld, map, d);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "platform", &d->platform);
    if (rc == 0)
        rc = asel_hw_read_opt_string(ld, map, "notes", &d->notes);
    if (rc == 0)
        rc = asel_hw_read_figures(ld, map, asel_hw_design_figures, asel_hw_n_design_figures, d);
    if (rc == 0)
        rc = asel_hw_read_provenance(ld, map, asel_hw_design_figures, asel_hw_n_design_figures, d,
                                     &d->provenance);
    des->n_derived_given = d->provenance.n_derived;
    if (rc != 0 || !isnan(d->peak_ops) || d->macs == 0 || isnan(d->clock_hz))
        return rc;
    /* A MAC is a multiply and an add: two operations per unit and cycle. */
    d->peak_ops = 2.0 * (double)d->macs * d->clock_hz;
    if (isinf(d->peak_ops))
        return asel_yaml_fail(ld->doc, asel_yaml_get(map, "clock_hz"),
                              "peak_ops = 2 x macs x clock_hz is not a finite number");
    return asel_hw_add_derived(ld, &d->provenance, "peak_ops");
}

void asel_hw_write_design(asel_buf *b, const asel_hw_design *des)
{
    const accelsel_design_info *d = &des->info;
    asel_hw_put_name(b, d->name);
    asel_hw_put_list(b, "aliases", d->aliases, d->n_aliases);
    asel_hw_put_string(b, "dataflow", accelsel_dataflow_name(d->dataflow));
    asel_hw_put_string(b, "platform", d->platform);
    asel_hw_put_string(b, "precision", d->precision);
    asel_hw_write_figures(b, asel_hw_design_figures, asel_hw_n_design_figures, d, &d->provenance,
                          des->n_derived_given);
    asel_hw_put_string(b, "notes", d->notes);
    asel_hw_put_provenance(b, &d->provenance, des->n_derived_given);
}
