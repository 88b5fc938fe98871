/* `accelsel catalog --format json`: entries as JSON objects with SI figures
 * (null when unknown) and entries referred to by name. */
#include <math.h>

#include "catalog_print.h"

static void key(FILE *f, const char *k)
{
    fputs(", ", f);
    cli_json_string(f, k);
    fputs(": ", f);
}

static void str(FILE *f, const char *k, const char *v)
{
    key(f, k);
    if (v != NULL)
        cli_json_string(f, v);
    else
        fputs("null", f);
}

static void number(FILE *f, const char *k, double v)
{
    key(f, k);
    cli_json_number(f, v);
}

static void count(FILE *f, const char *k, uint64_t v)
{
    number(f, k, v > 0 ? (double)v : NAN);
}

static void strings(FILE *f, const char *k, const char *const *v, size_t n)
{
    key(f, k);
    fputc('[', f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        cli_json_string(f, v[i]);
    }
    fputc(']', f);
}

static void precisions(FILE *f, const char *k, const double *v)
{
    key(f, k);
    fputc('{', f);
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++) {
        fputs(p ? ", " : "", f);
        cli_json_string(f, accelsel_precision_name(p));
        fputs(": ", f);
        cli_json_number(f, v[p]);
    }
    fputc('}', f);
}

static void open_entry(FILE *f, const char *name, const char *const *aliases, size_t n)
{
    fputs("{\"name\": ", f);
    cli_json_string(f, name);
    strings(f, "aliases", aliases, n);
}

static void close_entry(FILE *f, const char *notes, const accelsel_provenance *p)
{
    str(f, "notes", notes);
    str(f, "source", p->source);
    key(f, "sources");
    fputc('{', f);
    for (size_t i = 0; i < p->n_figure_sources; i++) {
        fputs(i ? ", " : "", f);
        cli_json_string(f, p->figure_keys[i]);
        fputs(": ", f);
        cli_json_string(f, p->figure_sources[i]);
    }
    fputc('}', f);
    strings(f, "derived", p->derived, p->n_derived);
    fputc('}', f);
}

static const char *link_name(const accelsel_catalog *cat, int64_t i);

static void json_device(FILE *f, const accelsel_catalog *cat, const accelsel_device_info *d)
{
    open_entry(f, d->name, d->aliases, d->n_aliases);
    str(f, "vendor", d->vendor);
    str(f, "kind", accelsel_device_kind_name(d->kind));
    str(f, "architecture", d->architecture);
    count(f, "release_year", d->release_year > 0 ? (uint64_t)d->release_year : 0);
    precisions(f, "peak_flops", d->peak_flops);
    number(f, "memory_bytes", d->memory_bytes);
    number(f, "memory_bw_bytes_s", d->memory_bw_bytes_s);
    number(f, "onchip_bytes", d->onchip_bytes);
    number(f, "tdp_w", d->tdp_w);
    number(f, "price_usd", d->price_usd);
    str(f, "price_basis", accelsel_price_basis_name(d->price_basis));
    str(f, "price_date", d->price_date);
    str(f, "sale", accelsel_sale_name(d->sale));
    count(f, "cores", d->cores > 0 ? (uint64_t)d->cores : 0);
    number(f, "clock_hz", d->clock_hz);
    precisions(f, "flops_per_cycle", d->flops_per_cycle);
    str(f, "host_link", link_name(cat, d->host_link));
    str(f, "scale_up_link", link_name(cat, d->scale_up_link));
    count(f, "scale_up_domain", d->scale_up_domain > 0 ? (uint64_t)d->scale_up_domain : 0);
    close_entry(f, d->notes, &d->provenance);
}

static void json_design(FILE *f, const accelsel_design_info *d)
{
    open_entry(f, d->name, d->aliases, d->n_aliases);
    str(f, "dataflow", accelsel_dataflow_name(d->dataflow));
    str(f, "platform", d->platform);
    str(f, "precision", d->precision);
    const char *keys[] = {"tm", "tn", "tr", "tc", "pe_rows", "pe_cols"};
    const uint32_t vals[] = {d->tm, d->tn, d->tr, d->tc, d->pe_rows, d->pe_cols};
    for (int k = 0; k < 6; k++)
        count(f, keys[k], vals[k]);
    count(f, "macs", d->macs);
    count(f, "dsp", d->dsp);
    number(f, "clock_hz", d->clock_hz);
    number(f, "peak_ops", d->peak_ops);
    number(f, "measured_ops", d->measured_ops);
    number(f, "buffer_bytes", d->buffer_bytes);
    number(f, "offchip_bytes", d->offchip_bytes);
    number(f, "offchip_bw_bytes_s", d->offchip_bw_bytes_s);
    close_entry(f, d->notes, &d->provenance);
}

static void json_link(FILE *f, const accelsel_link_info *l)
{
    open_entry(f, l->name, l->aliases, l->n_aliases);
    str(f, "technology", l->technology);
    number(f, "bw_bytes_s", l->bw_bytes_s);
    number(f, "latency_s", l->latency_s);
    close_entry(f, l->notes, &l->provenance);
}

static const char *link_name(const accelsel_catalog *cat, int64_t i)
{
    return i >= 0 ? accelsel_catalog_link(cat, (size_t)i)->name : NULL;
}

static const char *device_name(const accelsel_catalog *cat, int64_t i)
{
    return i >= 0 ? accelsel_catalog_device(cat, (size_t)i)->name : NULL;
}

static void json_slot(FILE *f, const accelsel_catalog *cat, const accelsel_slot_info *s)
{
    fputs("{\"device\": ", f);
    if (s->device >= 0)
        cli_json_string(f, device_name(cat, s->device));
    else
        fputs("null", f);
    key(f, "designs");
    fputc('[', f);
    for (size_t d = 0; d < s->n_designs; d++) {
        fputs(d ? ", " : "", f);
        cli_json_string(f, accelsel_catalog_design(cat, s->designs[d])->name);
    }
    fputc(']', f);
    str(f, "platform", s->platform);
    number(f, "memory_bytes", s->memory_bytes);
    number(f, "memory_bw_bytes_s", s->memory_bw_bytes_s);
    str(f, "host_link", link_name(cat, s->host_link));
    fputc('}', f);
}

/* Explicit slots and their link matrix (clusters have neither). */
static void slots(FILE *f, const accelsel_catalog *cat, size_t si)
{
    const accelsel_system_info *s = accelsel_catalog_system(cat, si);
    if (s->nodes > 0)
        return;
    key(f, "slots");
    fputc('[', f);
    for (size_t i = 0; i < s->n_slots; i++) {
        fputs(i ? ", " : "", f);
        json_slot(f, cat, accelsel_catalog_system_slot(cat, si, i));
    }
    fputc(']', f);
    key(f, "link_matrix");
    fputc('[', f);
    for (size_t i = 0; i < s->n_slots; i++) {
        fputs(i ? ", [" : "[", f);
        for (size_t j = 0; j < s->n_slots; j++) {
            size_t l;
            fputs(j ? ", " : "", f);
            if (accelsel_catalog_system_link(cat, si, i, j, &l) == 0)
                cli_json_string(f, accelsel_catalog_link(cat, l)->name);
            else
                fputs("null", f);
        }
        fputc(']', f);
    }
    fputc(']', f);
}

static void json_system(FILE *f, const accelsel_catalog *cat, size_t si)
{
    const accelsel_system_info *s = accelsel_catalog_system(cat, si);
    open_entry(f, s->name, s->aliases, s->n_aliases);
    count(f, "nodes", s->nodes);
    count(f, "devices_per_node", s->devices_per_node);
    str(f, "device", device_name(cat, s->device));
    str(f, "host_cpu", device_name(cat, s->host_cpu));
    count(f, "host_cpus_per_node", s->host_cpus_per_node);
    str(f, "intra_node_link", link_name(cat, s->intra_node_link));
    str(f, "inter_node_link", link_name(cat, s->inter_node_link));
    count(f, "inter_node_links_per_node", s->inter_node_links_per_node);
    str(f, "host_link", link_name(cat, s->host_link));
    str(f, "topology", s->topology);
    number(f, "price_usd", s->price_usd);
    str(f, "price_basis", accelsel_price_basis_name(s->price_basis));
    str(f, "price_date", s->price_date);
    key(f, "n_slots");
    fprintf(f, "%zu", s->n_slots);
    slots(f, cat, si);
    close_entry(f, s->notes, &s->provenance);
}

void cli_catalog_json_entry(FILE *f, const accelsel_catalog *cat, int list, size_t i)
{
    if (list == 0)
        json_device(f, cat, accelsel_catalog_device(cat, i));
    else if (list == 1)
        json_design(f, accelsel_catalog_design(cat, i));
    else if (list == 2)
        json_link(f, accelsel_catalog_link(cat, i));
    else
        json_system(f, cat, i);
}

static const char *const list_keys[CLI_CATALOG_LISTS] = {"devices", "designs", "links", "systems"};
static const char *const entry_keys[CLI_CATALOG_LISTS] = {"device", "design", "link", "system"};

/* The names of the list's entries without a price: devices split into
 * accelerators and CPUs, then systems (list 3). Rent-only devices are not
 * sold, so they are listed apart (@p rent) rather than as unpriced. */
static void unpriced(FILE *f, const accelsel_catalog *cat, const char *k, int list, int cpus,
                     int rent)
{
    key(f, k);
    fputc('[', f);
    int first = 1;
    for (size_t i = 0; i < cli_catalog_count(cat, list); i++) {
        const char *name;
        if (list == 0) {
            const accelsel_device_info *d = accelsel_catalog_device(cat, i);
            if (!isnan(d->price_usd) || (d->kind == ACCELSEL_DEVICE_CPU) != cpus ||
                (d->sale == ACCELSEL_SALE_RENT_ONLY) != rent)
                continue;
            name = d->name;
        } else {
            const accelsel_system_info *s = accelsel_catalog_system(cat, i);
            if (!isnan(s->price_usd))
                continue;
            name = s->name;
        }
        fputs(first ? "" : ", ", f);
        first = 0;
        cli_json_string(f, name);
    }
    fputc(']', f);
}

/* Which entries have no purchase price (prices are the one figure a catalog
 * often lacks: data-centre parts have no public list price), apart from the
 * accelerators that are not sold at all. */
static void price_report(FILE *f, const accelsel_catalog *cat)
{
    fputs(",\n \"prices\": {\"note\": \"entries without a purchase price (price_usd); "
          "accelerators_not_sold are rented only (sale: rent-only)\"", f);
    unpriced(f, cat, "accelerators_without_price", 0, 0, 0);
    unpriced(f, cat, "accelerators_not_sold", 0, 0, 1);
    unpriced(f, cat, "cpus_without_price", 0, 1, 0);
    unpriced(f, cat, "systems_without_price", 3, 0, 0);
    fputc('}', f);
}

int cli_catalog_json(FILE *f, const accelsel_catalog *cat, int only)
{
    int first = 1;
    fputc('{', f);
    for (int l = 0; l < CLI_CATALOG_LISTS; l++) {
        if (only >= 0 && only != l)
            continue;
        fputs(first ? "" : ",", f);
        first = 0;
        fprintf(f, "\n \"%s\": [", list_keys[l]);
        size_t n = cli_catalog_count(cat, l);
        for (size_t i = 0; i < n; i++) {
            fputs(i ? ",\n  " : "\n  ", f);
            cli_catalog_json_entry(f, cat, l, i);
        }
        fputs(n ? "\n ]" : "]", f);
    }
    if (only < 0)
        price_report(f, cat);
    fputs("\n}\n", f);
    return CLI_OK;
}

int cli_catalog_show_json(FILE *f, const accelsel_catalog *cat, const char *name)
{
    int first = 1;
    fputc('{', f);
    for (int l = 0; l < CLI_CATALOG_LISTS; l++) {
        int64_t i = cli_catalog_find(cat, l, name);
        if (i < 0)
            continue;
        fprintf(f, "%s\n \"%s\": ", first ? "" : ",", entry_keys[l]);
        first = 0;
        cli_catalog_json_entry(f, cat, l, (size_t)i);
    }
    fputs("\n}\n", f);
    return CLI_OK;
}
