/* `accelsel catalog`: entries as aligned tables and as "key: value" text. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "catalog_print.h"

#define CELL 96
#define MAX_COLS 10

size_t cli_catalog_count(const accelsel_catalog *cat, int list)
{
    switch (list) {
    case 0: return accelsel_catalog_device_count(cat);
    case 1: return accelsel_catalog_design_count(cat);
    case 2: return accelsel_catalog_link_count(cat);
    default: return accelsel_catalog_system_count(cat);
    }
}

const char *cli_catalog_name(const accelsel_catalog *cat, int list, size_t i)
{
    switch (list) {
    case 0: return accelsel_catalog_device(cat, i)->name;
    case 1: return accelsel_catalog_design(cat, i)->name;
    case 2: return accelsel_catalog_link(cat, i)->name;
    default: return accelsel_catalog_system(cat, i)->name;
    }
}

static const char *const list_names[CLI_CATALOG_LISTS] = {"devices", "designs", "links", "systems"};

int cli_catalog_list_of(const char *type)
{
    for (int l = 0; l < CLI_CATALOG_LISTS; l++)
        if (strcmp(type, list_names[l]) == 0)
            return l;
    return -1;
}

int64_t cli_catalog_find(const accelsel_catalog *cat, int list, const char *name)
{
    size_t i = 0;
    int rc = list == 0   ? accelsel_catalog_find_device(cat, name, &i)
             : list == 1 ? accelsel_catalog_find_design(cat, name, &i)
             : list == 2 ? accelsel_catalog_find_link(cat, name, &i)
                         : accelsel_catalog_find_system(cat, name, &i);
    return rc == 0 ? (int64_t)i : -1;
}

void cli_catalog_number(char *out, size_t size, double v)
{
    /* Below 1e15 a whole double prints exactly in at most 15 digits. */
    if (fabs(v) < 1e15 && v == floor(v))
        snprintf(out, size, "%.0f", v);
    else
        snprintf(out, size, "%.6g", v);
}

void cli_catalog_bytes(char *out, size_t size, double v)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB", "ZiB", "YiB"};
    size_t u = 0;
    while (v >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
        v /= 1024; /* exact: a power of two */
        u++;
    }
    char n[64];
    cli_catalog_number(n, sizeof n, v);
    snprintf(out, size, "%s %s", n, units[u]);
}

/* A figure divided by @p scale, or "-" when unknown. */
static void num(char *cell, double v, double scale)
{
    if (isnan(v))
        snprintf(cell, CELL, "-");
    else
        cli_catalog_number(cell, CELL, v / scale);
}

/* A byte count in a readable unit, or "-" when unknown. */
static void bytes(char *cell, double v)
{
    if (isnan(v))
        snprintf(cell, CELL, "-");
    else
        cli_catalog_bytes(cell, CELL, v);
}

static const char *or_dash(const char *s)
{
    return s != NULL ? s : "-";
}

static void device_row(const accelsel_catalog *cat, size_t i, char row[][CELL])
{
    const accelsel_device_info *d = accelsel_catalog_device(cat, i);
    snprintf(row[0], CELL, "%s", d->name);
    snprintf(row[1], CELL, "%s", accelsel_device_kind_name(d->kind));
    snprintf(row[2], CELL, "%s", d->vendor);
    if (d->release_year > 0)
        snprintf(row[3], CELL, "%d", (int)d->release_year);
    else
        snprintf(row[3], CELL, "-");
    num(row[4], d->peak_flops[ACCELSEL_PRECISION_FP32], 1e12);
    num(row[5], d->peak_flops[ACCELSEL_PRECISION_FP16], 1e12);
    num(row[6], d->peak_flops[ACCELSEL_PRECISION_BF16], 1e12);
    bytes(row[7], d->memory_bytes);
    num(row[8], d->memory_bw_bytes_s, 1e9);
    num(row[9], d->tdp_w, 1);
}

static void design_row(const accelsel_catalog *cat, size_t i, char row[][CELL])
{
    const accelsel_design_info *d = accelsel_catalog_design(cat, i);
    snprintf(row[0], CELL, "%s", d->name);
    snprintf(row[1], CELL, "%s", accelsel_dataflow_name(d->dataflow));
    snprintf(row[2], CELL, "%s", d->precision);
    num(row[3], d->macs > 0 ? (double)d->macs : NAN, 1);
    num(row[4], d->clock_hz, 1e6);
    num(row[5], d->peak_ops, 1e9);
    snprintf(row[6], CELL, "%s", or_dash(d->platform));
}

static void link_row(const accelsel_catalog *cat, size_t i, char row[][CELL])
{
    const accelsel_link_info *l = accelsel_catalog_link(cat, i);
    snprintf(row[0], CELL, "%s", l->name);
    snprintf(row[1], CELL, "%s", l->technology);
    num(row[2], l->bw_bytes_s, 1e9);
    num(row[3], l->latency_s, 1e-6);
}

static void system_row(const accelsel_catalog *cat, size_t i, char row[][CELL])
{
    const accelsel_system_info *s = accelsel_catalog_system(cat, i);
    snprintf(row[0], CELL, "%s", s->name);
    snprintf(row[1], CELL, "%zu", s->n_slots);
    const accelsel_device_info *d = s->device >= 0 ? accelsel_catalog_device(cat, (size_t)s->device) : NULL;
    const accelsel_slot_info *slot = accelsel_catalog_system_slot(cat, i, 0);
    snprintf(row[2], CELL, "%s", d != NULL ? d->name : slot->device < 0 ? "adaptive" : "mixed");
    int64_t links[3] = {s->intra_node_link, s->inter_node_link, s->host_link};
    for (int k = 0; k < 3; k++)
        snprintf(row[3 + k], CELL, "%s",
                 links[k] >= 0 ? accelsel_catalog_link(cat, (size_t)links[k])->name : "-");
    snprintf(row[6], CELL, "%s",
             s->host_cpu >= 0 ? accelsel_catalog_device(cat, (size_t)s->host_cpu)->name : "-");
}

static const struct {
    int cols;
    const char *head[MAX_COLS];
    int numeric[MAX_COLS];
    void (*row)(const accelsel_catalog *, size_t, char[][CELL]);
} tables[CLI_CATALOG_LISTS] = {
    {10, {"name", "kind", "vendor", "year", "fp32 TFLOP/s", "fp16 TFLOP/s", "bf16 TFLOP/s",
          "memory", "bandwidth GB/s", "TDP W"}, {0, 0, 0, 1, 1, 1, 1, 1, 1, 1}, device_row},
    {7, {"name", "dataflow", "precision", "MACs", "clock MHz", "peak GOP/s", "platform"},
     {0, 0, 0, 1, 1, 1, 0}, design_row},
    {4, {"name", "technology", "GB/s per direction", "latency us"}, {0, 0, 1, 1}, link_row},
    {7, {"name", "slots", "device", "intra-node link", "inter-node link", "host link", "host CPU"},
     {0, 1, 0, 0, 0, 0, 0}, system_row},
};

static void print_row(FILE *f, int list, char row[][CELL], const size_t *width)
{
    int cols = tables[list].cols;
    for (int c = 0; c < cols; c++) {
        int pad = (int)(width[c] - strlen(row[c]));
        if (tables[list].numeric[c])
            fprintf(f, "%*s%s", pad, "", row[c]);
        else
            fprintf(f, "%s%*s", row[c], c + 1 < cols ? pad : 0, "");
        fputs(c + 1 < cols ? "  " : "\n", f);
    }
}

void cli_catalog_table(FILE *f, const accelsel_catalog *cat, int list, int heading)
{
    size_t n = cli_catalog_count(cat, list), width[MAX_COLS] = {0};
    int cols = tables[list].cols;
    char(*rows)[MAX_COLS][CELL] = calloc(n + 1, sizeof *rows);
    if (rows == NULL)
        return;
    for (int c = 0; c < cols; c++)
        snprintf(rows[0][c], CELL, "%s", tables[list].head[c]);
    for (size_t i = 0; i < n; i++) {
        tables[list].row(cat, i, rows[i + 1]);
        /* Names come from the catalog file: no control character reaches the terminal. */
        for (int c = 0; c < cols; c++) {
            char raw[CELL];
            memcpy(raw, rows[i + 1][c], CELL);
            cli_table_text(rows[i + 1][c], CELL, raw);
        }
    }
    for (size_t r = 0; r <= n; r++)
        for (int c = 0; c < cols; c++)
            width[c] = strlen(rows[r][c]) > width[c] ? strlen(rows[r][c]) : width[c];
    if (heading)
        fprintf(f, "%s%s (%zu):\n", list > 0 ? "\n" : "", list_names[list], n);
    for (size_t r = 0; r <= n; r++)
        print_row(f, list, rows[r], width);
    free(rows);
}
