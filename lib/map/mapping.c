/* Mappings: built from a candidate by a traced walk, and their getters. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "map/mapping_impl.h"

/* The design slot @p s takes in @p g. */
static const char *design_of(const accelsel_mapping_problem *p, const asel_map_genome *g,
                             size_t s)
{
    return p->unit_name[p->pool_unit[p->pool_off[s] + g->design[s]]];
}

static int infeasible(const accelsel_mapping_problem *p, const asel_map_genome *g,
                      const asel_map_trace *t)
{
    const char *layer = p->layer_name[t->bad_layer];
    size_t s = t->bad_from;
    if (t->bad_kind == ASEL_MAP_FAULT_MEMORY)
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "layer '%s' needs %.0f bytes on slot %zu, which holds %.0f bytes",
                          layer, t->bad_bytes, s, p->slot_mem[s]);
    if (t->bad_kind == ASEL_MAP_FAULT_COLLECTIVE)
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "layer '%s' runs a collective over slots %zu and %zu, which are not "
                          "linked both ways with bandwidth",
                          layer, s / p->n_slots, s % p->n_slots);
    if (t->bad_kind == ASEL_MAP_FAULT_COMPUTE)
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "layer '%s' computes for no finite time on slot %zu (design '%s', "
                          "memory bandwidth %g B/s)",
                          layer, s, design_of(p, g, s), p->class_bw[p->slot_class[s]]);
    if (t->bad_kind == ASEL_MAP_FAULT_OVERFLOW)
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "layer '%s' on slot %zu (design '%s') ends at no finite time: its "
                          "times are finite but their sum is not",
                          layer, s, design_of(p, g, s));
    if (t->bad_kind == ASEL_MAP_FAULT_STREAM)
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "layer '%s' streams %.0f bytes of weights to slot %zu over a host "
                          "link of %g B/s, which takes no finite time",
                          layer, t->bad_bytes, s, p->host_bw[s]);
    if (t->bad_kind == ASEL_MAP_FAULT_NONE) /* every infinite walk records why; kept as a safety net */
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "the mapping has no finite time: a slot's busy time overflows");
    if (s == (size_t)-1)
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "layer '%s' moves %.0f bytes to or from the host over a link that does "
                          "not exist or has zero bandwidth",
                          layer, t->bad_bytes);
    return asel_error(ACCELSEL_EINFEASIBLE,
                      "layer '%s' needs %.0f bytes from slot %zu on slot %zu, which have no link "
                      "with bandwidth",
                      layer, t->bad_bytes, s / p->n_slots, s % p->n_slots);
}

/* ACCELSEL_EINFEASIBLE when the slots' times, each finite, sum beyond a
 * double in the breakdown (slot figures near the least a double holds make
 * times near the largest), so that a mapping returned never has inf or NaN
 * parts; else 0. */
static int breakdown_overflows(const accelsel_mapping_breakdown *b)
{
    if (isfinite(b->compute_s) && isfinite(b->communication_s) && isfinite(b->idle_s))
        return 0;
    return asel_error(ACCELSEL_EINFEASIBLE,
                      "the mapping's latency is %g s, but its slots' compute (%g s), "
                      "communication (%g s) or idle time (%g s) sums beyond a double: a slot "
                      "figure is too small",
                      b->latency_s, b->compute_s, b->communication_s, b->idle_s);
}

/* Arrays of a trace, in @p a. */
static int trace_alloc(asel_map_trace *t, asel_arena *a, size_t L, size_t S)
{
    memset(t, 0, sizeof *t);
    t->start = asel_arena_calloc(a, L, sizeof(double));
    t->end = asel_arena_calloc(a, L, sizeof(double));
    t->comp = asel_arena_calloc(a, L, sizeof(double));
    t->comm_in = asel_arena_calloc(a, L, sizeof(double));
    t->coll = asel_arena_calloc(a, L, sizeof(double));
    t->eff_group = asel_arena_calloc(a, L, sizeof(uint64_t));
    t->eff_strat = asel_arena_calloc(a, L, 1);
    t->memory = asel_arena_calloc(a, S, sizeof(double));
    return t->start && t->end && t->comp && t->comm_in && t->coll && t->eff_group &&
                   t->eff_strat && t->memory
               ? 0
               : ACCELSEL_ENOMEM;
}

static int fill_layers(accelsel_mapping *m, const accelsel_mapping_problem *p,
                       const asel_map_trace *t)
{
    asel_arena *a = &m->arena;
    m->layers = asel_arena_calloc(a, p->n_layers, sizeof *m->layers);
    m->layer_slots = asel_arena_calloc(a, p->n_layers, sizeof *m->layer_slots);
    m->layer_strategy = asel_arena_calloc(a, p->n_layers, sizeof *m->layer_strategy);
    if (!m->layers || !m->layer_slots || !m->layer_strategy)
        return ACCELSEL_ENOMEM;
    for (size_t l = 0; l < p->n_layers; l++) {
        accelsel_mapping_layer_info *li = &m->layers[l];
        li->version = ACCELSEL_MAPPING_LAYER_INFO_VERSION;
        if ((li->name = asel_arena_strdup(a, p->layer_name[l])) == NULL)
            return ACCELSEL_ENOMEM;
        if (p->is_input[l])
            continue;
        uint64_t grp = t->eff_group[l];
        li->slots = m->layer_slots[l] = grp;
        li->n_slots = (uint32_t)asel_map_popcount(grp);
        li->design = m->slot_design_name[__builtin_ctzll(grp)];
        li->strategy = m->layer_strategy[l] = t->eff_strat[l];
        li->start_s = t->start[l];
        li->end_s = t->end[l];
        li->compute_s = t->comp[l];
        li->comm_in_s = t->comm_in[l];
        li->comm_within_s = t->coll[l];
    }
    return 0;
}

static int fill_slots(accelsel_mapping *m, const accelsel_mapping_problem *p,
                      const asel_map_genome *g, const asel_map_trace *t)
{
    asel_arena *a = &m->arena;
    size_t S = p->n_slots;
    m->slot_design = asel_arena_calloc(a, S, sizeof *m->slot_design);
    m->slot_design_name = asel_arena_calloc(a, S, sizeof *m->slot_design_name);
    m->memory = asel_arena_calloc(a, S, sizeof *m->memory);
    if (!m->slot_design || !m->slot_design_name || !m->memory)
        return ACCELSEL_ENOMEM;
    for (size_t s = 0; s < S; s++) {
        m->slot_design[s] = g->design[s];
        m->memory[s] = t->memory[s];
        const char *name = p->unit_name[p->pool_unit[p->pool_off[s] + g->design[s]]];
        if ((m->slot_design_name[s] = asel_arena_strdup(a, name)) == NULL)
            return ACCELSEL_ENOMEM;
    }
    return 0;
}

static int fill(accelsel_mapping *m, const accelsel_mapping_problem *p, const asel_map_genome *g,
                const char *method, asel_map_scratch *sc)
{
    asel_map_trace t;
    int rc = trace_alloc(&t, &m->arena, p->n_layers, p->n_slots);
    if (rc != 0)
        return rc;
    double v = asel_map_walk(p, g, sc, &t);
    if (!isfinite(v))
        return infeasible(p, g, &t);
    rc = breakdown_overflows(&t.br);
    if (rc != 0)
        return rc;
    m->br = t.br;
    m->objective = p->objective;
    m->batch = p->batch;
    m->n_slots = p->n_slots;
    m->n_layers = p->n_layers;
    m->evaluations = 1;
    m->system = asel_arena_strdup(&m->arena, p->system);
    m->network = asel_arena_strdup(&m->arena, p->network);
    m->method = asel_arena_strdup(&m->arena, method);
    if (!m->system || !m->network || !m->method)
        return ACCELSEL_ENOMEM;
    rc = fill_slots(m, p, g, &t);
    return rc == 0 ? fill_layers(m, p, &t) : rc;
}

int asel_map_build(const accelsel_mapping_problem *p, const asel_map_genome *g,
                   const char *method, accelsel_mapping **out)
{
    *out = NULL;
    accelsel_mapping *m = asel_calloc(1, sizeof *m);
    if (m == NULL)
        return asel_enomem();
    asel_map_scratch sc;
    int rc = asel_map_scratch_new(&sc, p);
    if (rc == 0) {
        rc = fill(m, p, g, method, &sc);
        asel_map_scratch_free(&sc);
    }
    if (rc != 0) {
        accelsel_mapping_free(m);
        return rc == ACCELSEL_ENOMEM ? asel_enomem() : rc;
    }
    *out = m;
    return 0;
}

int asel_map_set_stats(accelsel_mapping *m, uint32_t generations, uint64_t evaluations,
                       double seconds, const double *history, size_t n_history)
{
    m->generations = generations;
    m->evaluations = evaluations;
    m->seconds = seconds;
    if (n_history == 0)
        return 0;
    m->history = asel_arena_calloc(&m->arena, n_history, sizeof *m->history);
    if (m->history == NULL)
        return ACCELSEL_ENOMEM;
    memcpy(m->history, history, n_history * sizeof *history);
    m->n_history = n_history;
    return 0;
}

void accelsel_mapping_free(accelsel_mapping *m)
{
    if (m == NULL)
        return;
    asel_arena_release(&m->arena);
    asel_free(m);
}
