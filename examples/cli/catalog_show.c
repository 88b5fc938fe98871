/* `accelsel catalog show NAME`: one entry as "key: value" lines, each figure
 * in readable units, marked when derived, with its own source if it has one.
 * Text comes from catalog files: it reaches the terminal escaped. */
#include <math.h>
#include <string.h>

#include "catalog_print.h"

/* "@p key: @p value" unindented, for the first line of an entry. */
static void heading(FILE *f, const char *key, const char *value)
{
    fprintf(f, "%s: ", key);
    cli_print_text(f, value);
    fputc('\n', f);
}

static void line(FILE *f, const char *key, const char *value)
{
    if (value == NULL)
        return;
    fprintf(f, "  %s: ", key);
    cli_print_text(f, value);
    fputc('\n', f);
}

static void strings(FILE *f, const char *key, const char *const *v, size_t n)
{
    if (n == 0)
        return;
    fprintf(f, "  %s: ", key);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? "; " : "", f);
        cli_print_text(f, v[i]);
    }
    fputc('\n', f);
}

/* "key: text", then "(derived)" and the figure's own source. */
static void annotated(FILE *f, const accelsel_provenance *p, const char *key, const char *label,
                      const char *text)
{
    fprintf(f, "  %s: %s", label, text);
    if (accelsel_provenance_is_derived(p, key) == 1)
        fputs(" (derived)", f);
    const char *src = accelsel_provenance_source(p, key);
    if (src != p->source) {
        fputs(" [source: ", f);
        cli_print_text(f, src);
        fputc(']', f);
    }
    fputc('\n', f);
}

/* "key: v/scale unit", whole numbers in full. */
static void figure(FILE *f, const accelsel_provenance *p, const char *key, const char *label,
                   double v, double scale, const char *unit)
{
    if (isnan(v))
        return;
    char n[64], text[96];
    cli_catalog_number(n, sizeof n, v / scale);
    snprintf(text, sizeof text, "%s%s%s", n, unit[0] ? " " : "", unit);
    annotated(f, p, key, label, text);
}

/* A purchase price with what it is and when: "33625 USD (estimate, 2023-05)". */
static void price(FILE *f, const accelsel_provenance *p, double v, int32_t basis, const char *date)
{
    if (isnan(v))
        return;
    char n[64], text[128];
    cli_catalog_number(n, sizeof n, v);
    snprintf(text, sizeof text, "%s USD (%s%s%s)", n, accelsel_price_basis_name(basis),
             date != NULL ? ", " : "", date != NULL ? date : "");
    annotated(f, p, "price_usd", "price", text);
}

/* An integer figure; 0 is unknown. */
static void integer(FILE *f, const accelsel_provenance *p, const char *key, const char *label,
                    uint64_t v)
{
    if (v == 0)
        return;
    char text[32];
    snprintf(text, sizeof text, "%llu", (unsigned long long)v);
    annotated(f, p, key, label, text);
}

/* A byte count in a readable binary unit. */
static void byte_count(FILE *f, const accelsel_provenance *p, const char *key, const char *label,
                       double v)
{
    if (isnan(v))
        return;
    char text[96];
    cli_catalog_bytes(text, sizeof text, v);
    annotated(f, p, key, label, text);
}

static void per_precision(FILE *f, const accelsel_provenance *p, const char *key,
                          const char *label, const double *v, double scale, const char *unit)
{
    for (int k = 0; k < ACCELSEL_PRECISION_COUNT; k++) {
        char fk[64], fl[64];
        snprintf(fk, sizeof fk, "%s.%s", key, accelsel_precision_name(k));
        snprintf(fl, sizeof fl, "%s %s", label, accelsel_precision_name(k));
        figure(f, p, fk, fl, v[k], scale, unit);
    }
}

static const char *link_name(const accelsel_catalog *cat, int64_t i);

static void show_device(FILE *f, const accelsel_catalog *cat, const accelsel_device_info *d)
{
    const accelsel_provenance *p = &d->provenance;
    heading(f, "device", d->name);
    strings(f, "aliases", d->aliases, d->n_aliases);
    line(f, "vendor", d->vendor);
    line(f, "kind", accelsel_device_kind_name(d->kind));
    line(f, "architecture", d->architecture);
    integer(f, p, "release_year", "release year", d->release_year > 0 ? (uint64_t)d->release_year : 0);
    per_precision(f, p, "peak_flops", "peak", d->peak_flops, 1e12, "TFLOP/s");
    byte_count(f, p, "memory_bytes", "memory", d->memory_bytes);
    figure(f, p, "memory_bw_bytes_s", "memory bandwidth", d->memory_bw_bytes_s, 1e9, "GB/s");
    byte_count(f, p, "onchip_bytes", "on-chip memory", d->onchip_bytes);
    figure(f, p, "tdp_w", "TDP", d->tdp_w, 1, "W");
    price(f, p, d->price_usd, d->price_basis, d->price_date);
    if (d->sale != ACCELSEL_SALE_SOLD)
        line(f, "sale", accelsel_sale_name(d->sale));
    integer(f, p, "cores", "cores", d->cores > 0 ? (uint64_t)d->cores : 0);
    figure(f, p, "clock_hz", "base clock", d->clock_hz, 1e9, "GHz");
    per_precision(f, p, "flops_per_cycle", "FLOPs/cycle/core", d->flops_per_cycle, 1, "");
    line(f, "host link", link_name(cat, d->host_link));
    line(f, "scale-up link", link_name(cat, d->scale_up_link));
    integer(f, p, "scale_up_domain", "scale-up domain",
            d->scale_up_domain > 0 ? (uint64_t)d->scale_up_domain : 0);
    line(f, "notes", d->notes);
    line(f, "source", p->source);
}

static void show_design(FILE *f, const accelsel_design_info *d)
{
    const accelsel_provenance *p = &d->provenance;
    heading(f, "design", d->name);
    strings(f, "aliases", d->aliases, d->n_aliases);
    line(f, "dataflow", accelsel_dataflow_name(d->dataflow));
    line(f, "platform", d->platform);
    line(f, "precision", d->precision);
    const char *keys[] = {"tm", "tn", "tr", "tc", "pe_rows", "pe_cols"};
    const uint32_t vals[] = {d->tm, d->tn, d->tr, d->tc, d->pe_rows, d->pe_cols};
    for (int k = 0; k < 6; k++)
        integer(f, p, keys[k], keys[k], vals[k]);
    integer(f, p, "macs", "MAC units", d->macs);
    integer(f, p, "dsp", "DSP slices", d->dsp);
    figure(f, p, "clock_hz", "clock", d->clock_hz, 1e6, "MHz");
    figure(f, p, "peak_ops", "peak", d->peak_ops, 1e9, "GOP/s");
    figure(f, p, "measured_ops", "measured", d->measured_ops, 1e9, "GOP/s");
    byte_count(f, p, "buffer_bytes", "on-chip buffers", d->buffer_bytes);
    byte_count(f, p, "offchip_bytes", "off-chip memory", d->offchip_bytes);
    figure(f, p, "offchip_bw_bytes_s", "off-chip bandwidth", d->offchip_bw_bytes_s, 1e9, "GB/s");
    line(f, "notes", d->notes);
    line(f, "source", p->source);
}

static void show_link(FILE *f, const accelsel_link_info *l)
{
    const accelsel_provenance *p = &l->provenance;
    heading(f, "link", l->name);
    strings(f, "aliases", l->aliases, l->n_aliases);
    line(f, "technology", l->technology);
    figure(f, p, "bw_bytes_s", "bandwidth per direction", l->bw_bytes_s, 1e9, "GB/s");
    figure(f, p, "latency_s", "latency", l->latency_s, 1e-6, "us");
    line(f, "notes", l->notes);
    line(f, "source", p->source);
}

static const char *link_name(const accelsel_catalog *cat, int64_t i)
{
    return i >= 0 ? accelsel_catalog_link(cat, (size_t)i)->name : NULL;
}

static void show_slots(FILE *f, const accelsel_catalog *cat, size_t si)
{
    const accelsel_system_info *s = accelsel_catalog_system(cat, si);
    for (size_t k = 0; s->nodes == 0 && k < s->n_slots; k++) {
        const accelsel_slot_info *slot = accelsel_catalog_system_slot(cat, si, k);
        fprintf(f, "  slot %zu:", k);
        if (slot->device >= 0) {
            fputs(" device ", f);
            cli_print_text(f, accelsel_catalog_device(cat, (size_t)slot->device)->name);
        }
        for (size_t d = 0; d < slot->n_designs; d++) {
            fputs(d ? ", " : " designs ", f);
            cli_print_text(f, accelsel_catalog_design(cat, slot->designs[d])->name);
        }
        if (slot->platform != NULL) {
            fputs("; ", f);
            cli_print_text(f, slot->platform);
        }
        if (!isnan(slot->memory_bytes)) {
            char text[96];
            cli_catalog_bytes(text, sizeof text, slot->memory_bytes);
            fprintf(f, "; %s", text);
        }
        if (!isnan(slot->memory_bw_bytes_s))
            fprintf(f, " at %.6g GB/s", slot->memory_bw_bytes_s / 1e9);
        fputc('\n', f);
    }
}

static void show_system(FILE *f, const accelsel_catalog *cat, size_t si)
{
    const accelsel_system_info *s = accelsel_catalog_system(cat, si);
    const accelsel_provenance *p = &s->provenance;
    heading(f, "system", s->name);
    strings(f, "aliases", s->aliases, s->n_aliases);
    integer(f, p, "nodes", "nodes", s->nodes);
    integer(f, p, "devices_per_node", "devices per node", s->devices_per_node);
    line(f, "device", s->device >= 0 ? accelsel_catalog_device(cat, (size_t)s->device)->name : NULL);
    line(f, "host CPU", s->host_cpu >= 0 ? accelsel_catalog_device(cat, (size_t)s->host_cpu)->name : NULL);
    integer(f, p, "host_cpus_per_node", "host CPUs per node", s->host_cpus_per_node);
    line(f, "intra-node link", link_name(cat, s->intra_node_link));
    line(f, "inter-node link", link_name(cat, s->inter_node_link));
    integer(f, p, "inter_node_links_per_node", "network ports per node",
            s->inter_node_links_per_node);
    line(f, "host link", link_name(cat, s->host_link));
    line(f, "topology", s->topology);
    price(f, p, s->price_usd, s->price_basis, s->price_date);
    fprintf(f, "  slots: %zu\n", s->n_slots);
    show_slots(f, cat, si);
    line(f, "notes", s->notes);
    line(f, "source", p->source);
}

void cli_catalog_show_text(FILE *f, const accelsel_catalog *cat, const char *name)
{
    int64_t i;
    int shown = 0;
    for (int l = 0; l < CLI_CATALOG_LISTS; l++) {
        if ((i = cli_catalog_find(cat, l, name)) < 0)
            continue;
        if (shown++)
            fputc('\n', f);
        if (l == 0)
            show_device(f, cat, accelsel_catalog_device(cat, (size_t)i));
        else if (l == 1)
            show_design(f, accelsel_catalog_design(cat, (size_t)i));
        else if (l == 2)
            show_link(f, accelsel_catalog_link(cat, (size_t)i));
        else
            show_system(f, cat, (size_t)i);
    }
}
