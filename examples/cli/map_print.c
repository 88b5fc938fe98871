/* accelsel map: the mapping read out of the library, and printed as a table. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "map.h"

int map_write_file(const char *option, const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    int ok = f != NULL && fwrite(text, 1, len, f) == len;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    if (!ok)
        fprintf(stderr, "accelsel: map: %s: cannot write '%s': %s\n", option, path, strerror(errno));
    return ok ? CLI_OK : CLI_FAIL;
}

void map_view_free(map_view *v)
{
    for (size_t i = 0; v->layers != NULL && i < v->n_layers; i++)
        free(v->layers[i].slots);
    free(v->layers);
    free(v->designs);
    free(v->memory_bytes);
    memset(v, 0, sizeof *v);
}

/* Layer @p info into @p l; its slot mask as an ascending list. */
static int read_layer(map_view_layer *l, const accelsel_mapping_layer_info *info)
{
    l->name = info->name;
    l->design = info->design;
    l->strategy = accelsel_strategy_name(info->strategy);
    l->start_s = info->start_s;
    l->end_s = info->end_s;
    l->slots = malloc((info->n_slots ? info->n_slots : 1) * sizeof *l->slots);
    if (l->slots == NULL)
        return -1;
    for (size_t s = 0; s < ACCELSEL_MAPPING_MAX_SLOTS; s++)
        if (info->slots >> s & 1)
            l->slots[l->n_slots++] = s;
    return 0;
}

static int read_layers(map_view *v, const accelsel_mapping *m)
{
    size_t n = accelsel_mapping_layer_count(m);
    v->layers = calloc(n ? n : 1, sizeof *v->layers);
    if (v->layers == NULL)
        return -1;
    /* Network inputs are not computed: they have no group and are left out. */
    for (size_t i = 0; i < n; i++) {
        const accelsel_mapping_layer_info *info = accelsel_mapping_layer(m, i);
        if (info->n_slots > 0 && read_layer(&v->layers[v->n_layers++], info) != 0)
            return -1;
    }
    return 0;
}

int map_view_read(map_view *v, const accelsel_mapping_problem *p, const accelsel_mapping *m,
                  const char *title)
{
    memset(v, 0, sizeof *v);
    v->network = accelsel_mapping_problem_network(p);
    v->system = accelsel_mapping_problem_system(p);
    v->batch = accelsel_mapping_problem_batch(p);
    const accelsel_mapping_breakdown *b = accelsel_mapping_get_breakdown(m);
    v->title = title;
    v->objective = accelsel_objective_name(accelsel_mapping_objective(m));
    v->latency_s = b->latency_s;
    v->objective_s = b->objective_s;
    v->compute_s = b->compute_s;
    v->communication_s = b->communication_s;
    v->idle_s = b->idle_s;
    v->n_slots = accelsel_mapping_slot_count(m);
    v->designs = malloc((v->n_slots ? v->n_slots : 1) * sizeof *v->designs);
    v->memory_bytes = malloc((v->n_slots ? v->n_slots : 1) * sizeof *v->memory_bytes);
    int rc = v->designs != NULL && v->memory_bytes != NULL ? read_layers(v, m) : -1;
    for (size_t s = 0; rc == 0 && s < v->n_slots; s++) {
        v->designs[s] = accelsel_mapping_slot_design(m, s);
        v->memory_bytes[s] = accelsel_mapping_memory_bytes(m, s);
    }
    v->generations = accelsel_mapping_generations(m);
    v->evaluations = accelsel_mapping_evaluations(m);
    v->seconds = accelsel_mapping_seconds(m);
    v->method = accelsel_mapping_method(m);
    if (rc == 0)
        return CLI_OK;
    map_view_free(v);
    fputs("accelsel: map: out of memory\n", stderr);
    return CLI_FAIL;
}

/* "0-3" for consecutive slots, else "0,2,5". */
static void slots_text(const map_view_layer *l, char *buf, size_t cap)
{
    size_t at = 0;
    buf[0] = '\0';
    if (l->n_slots > 2 && l->slots[l->n_slots - 1] - l->slots[0] == l->n_slots - 1) {
        snprintf(buf, cap, "%zu-%zu", l->slots[0], l->slots[l->n_slots - 1]);
        return;
    }
    for (size_t k = 0; k < l->n_slots && at < cap; k++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%zu", k ? "," : "", l->slots[k]);
}

static void print_layers(const map_view *v)
{
    printf("\n%-32s %-12s %-24s %-16s %12s %12s\n", "layer", "slots", "design", "strategy",
           "start (ms)", "end (ms)");
    for (size_t i = 0; i < v->n_layers; i++) {
        const map_view_layer *l = &v->layers[i];
        char slots[200], name[256], design[256];
        slots_text(l, slots, sizeof slots);
        /* Names come from the network and catalog files: no control character
         * reaches the terminal. */
        cli_table_text(name, sizeof name, l->name);
        cli_table_text(design, sizeof design, l->design != NULL ? l->design : "-");
        printf("%-32s %-12s %-24s %-16s %12.4f %12.4f\n", name, slots, design, l->strategy,
               l->start_s * 1e3, l->end_s * 1e3);
    }
}

/* The column holds what the methods minimise: under throughput the
 * period between batches, headed as the summary above names it. */
static void print_compare(const map_view *v, const map_compare *c)
{
    int period = strcmp(v->objective, "throughput") == 0;
    printf("\n%-20s %14s %12s\n", "method", period ? "period (ms)" : "latency (ms)",
           "ga reduction");
    printf("%-20s %14.4f %12s\n", "ga", v->objective_s * 1e3, "-");
    for (size_t b = 0; b < c->n; b++) {
        if (isnan(c->objective_s[b]))
            printf("%-20s %14s %12s  refused: %s\n", c->method[b], "-", "-", c->refusal[b]);
        else
            printf("%-20s %14.4f %11.1f%%\n", c->method[b], c->objective_s[b] * 1e3,
                   100.0 * map_reduction(c, b, v->objective_s));
    }
}

void map_print_table(const map_view *v, const map_compare *c)
{
    cli_print_text(stdout, v->title);
    printf(" (%s)\n", v->method);
    printf("latency %.6g ms", v->latency_s * 1e3);
    if (strcmp(v->objective, "throughput") == 0)
        printf(", period between batches %.6g ms", v->objective_s * 1e3);
    printf("\nslot-time: compute %.6g ms, communication %.6g ms, idle %.6g ms\n",
           v->compute_s * 1e3, v->communication_s * 1e3, v->idle_s * 1e3);
    printf("search: %llu generations, %llu evaluations, %.3f s\n\n%-6s %-28s %16s\n",
           (unsigned long long)v->generations, (unsigned long long)v->evaluations, v->seconds,
           "slot", "design", "peak memory (B)");
    for (size_t s = 0; s < v->n_slots; s++) {
        char design[256];
        cli_table_text(design, sizeof design, v->designs[s] ? v->designs[s] : "-");
        printf("%-6zu %-28s %16.0f\n", s, design, v->memory_bytes[s]);
    }
    print_layers(v);
    if (c != NULL)
        print_compare(v, c);
}
