/* accelsel map --format json|yaml: the same keys in the same order. JSON is
 * one object; YAML is a block mapping whose values are JSON-style flow
 * collections and double-quoted strings, which YAML reads as written. */
#include <math.h>

#include "map.h"

typedef struct emitter {
    int yaml;
    int first; /* no key written yet at the top level */
} emitter;

static void key(emitter *e, const char *k)
{
    if (e->yaml)
        printf("%s: ", k);
    else
        printf("%s\n  \"%s\": ", e->first ? "{" : ",", k);
    e->first = 0;
}

static void end_value(const emitter *e)
{
    if (e->yaml)
        fputc('\n', stdout);
}

static void number(emitter *e, const char *k, double v)
{
    key(e, k);
    cli_json_number(stdout, v);
    end_value(e);
}

static void string(emitter *e, const char *k, const char *s)
{
    key(e, k);
    if (s != NULL)
        cli_json_string(stdout, s);
    else
        fputs("null", stdout);
    end_value(e);
}

static void layer(const map_view_layer *l)
{
    fputs("{\"name\": ", stdout);
    cli_json_string(stdout, l->name);
    fputs(", \"slots\": [", stdout);
    for (size_t k = 0; k < l->n_slots; k++)
        printf("%s%zu", k ? ", " : "", l->slots[k]);
    fputs("], \"design\": ", stdout);
    cli_json_string(stdout, l->design != NULL ? l->design : "");
    fputs(", \"strategy\": ", stdout);
    cli_json_string(stdout, l->strategy != NULL ? l->strategy : "");
    fputs(", \"start_s\": ", stdout);
    cli_json_number(stdout, l->start_s);
    fputs(", \"end_s\": ", stdout);
    cli_json_number(stdout, l->end_s);
    fputc('}', stdout);
}

static void layers(emitter *e, const map_view *v)
{
    key(e, "layers");
    fputs(v->n_layers ? "[" : "[]", stdout);
    for (size_t i = 0; i < v->n_layers; i++) {
        fputs(i ? ",\n    " : "\n    ", stdout);
        layer(&v->layers[i]);
    }
    fputs(v->n_layers ? "\n  ]" : "", stdout);
    end_value(e);
}

static void slot_lists(emitter *e, const map_view *v)
{
    key(e, "designs");
    fputc('[', stdout);
    for (size_t s = 0; s < v->n_slots; s++) {
        fputs(s ? ", " : "", stdout);
        cli_json_string(stdout, v->designs[s] != NULL ? v->designs[s] : "");
    }
    fputc(']', stdout);
    end_value(e);
    key(e, "memory_bytes");
    fputc('[', stdout);
    for (size_t s = 0; s < v->n_slots; s++) {
        fputs(s ? ", " : "", stdout);
        cli_json_number(stdout, v->memory_bytes[s]);
    }
    fputc(']', stdout);
    end_value(e);
}

static void breakdown(emitter *e, const map_view *v)
{
    key(e, "breakdown");
    fputs("{\"compute_s\": ", stdout);
    cli_json_number(stdout, v->compute_s);
    fputs(", \"communication_s\": ", stdout);
    cli_json_number(stdout, v->communication_s);
    fputs(", \"idle_s\": ", stdout);
    cli_json_number(stdout, v->idle_s);
    fputc('}', stdout);
    end_value(e);
}

static void result(const char *method, double latency_s, double objective_s, const char *refusal)
{
    fputs("{\"method\": ", stdout);
    cli_json_string(stdout, method);
    fputs(", \"latency_s\": ", stdout);
    cli_json_number(stdout, latency_s);
    fputs(", \"objective_s\": ", stdout);
    cli_json_number(stdout, objective_s);
    if (refusal != NULL && refusal[0] != '\0') {
        fputs(", \"refused\": ", stdout);
        cli_json_string(stdout, refusal);
    }
    fputc('}', stdout);
}

/* results: the GA first, then every baseline (null figures when it refused);
 * with the library's message when it refused;
 * reduction: per baseline, (baseline - ga) / baseline on the objective. */
static void comparison(emitter *e, const map_view *v, const map_compare *c)
{
    key(e, "results");
    fputs("[\n    ", stdout);
    result("ga", v->latency_s, v->objective_s, NULL);
    for (size_t b = 0; b < c->n; b++) {
        fputs(",\n    ", stdout);
        result(c->method[b], c->latency_s[b], c->objective_s[b], c->refusal[b]);
    }
    fputs("\n  ]", stdout);
    end_value(e);
    key(e, "reduction");
    fputc('{', stdout);
    for (size_t b = 0; b < c->n; b++) {
        fputs(b ? ", " : "", stdout);
        cli_json_string(stdout, c->method[b]);
        fputs(": ", stdout);
        cli_json_number(stdout, map_reduction(c, b, v->objective_s));
    }
    fputc('}', stdout);
    end_value(e);
}

static void print(const map_view *v, const map_compare *c, int yaml)
{
    emitter e = {yaml, 1};
    string(&e, "network", v->network);
    string(&e, "system", v->system);
    number(&e, "batch", (double)v->batch);
    string(&e, "method", v->method);
    string(&e, "objective", v->objective);
    number(&e, "latency_s", v->latency_s);
    number(&e, "objective_s", v->objective_s);
    slot_lists(&e, v);
    layers(&e, v);
    breakdown(&e, v);
    number(&e, "generations", (double)v->generations);
    number(&e, "evaluations", (double)v->evaluations);
    number(&e, "seconds", v->seconds);
    if (c != NULL)
        comparison(&e, v, c);
    if (!yaml)
        fputs("\n}\n", stdout);
}

void map_print_json(const map_view *v, const map_compare *c)
{
    print(v, c, 0);
}

void map_print_yaml(const map_view *v, const map_compare *c)
{
    print(v, c, 1);
}
