/* Getters of a mapping, and the names of strategies and objectives. */
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "map/mapping_impl.h"

static const char *const strategy_names[ACCELSEL_STRATEGY_COUNT] = {
    "none", "batch", "output-channels", "input-channels", "spatial"};

const char *accelsel_strategy_name(int strategy)
{
    return strategy >= 0 && strategy < ACCELSEL_STRATEGY_COUNT ? strategy_names[strategy] : NULL;
}

int accelsel_strategy_from_name(const char *name)
{
    if (name == NULL)
        return asel_einval("accelsel_strategy_from_name", "name");
    for (int s = 0; s < ACCELSEL_STRATEGY_COUNT; s++)
        if (strcmp(name, strategy_names[s]) == 0)
            return s;
    return asel_error(ACCELSEL_ENOTFOUND,
                      "unknown strategy '%.*s%s' (none, batch, output-channels, input-channels, "
                      "spatial)",
                      ASEL_QUOTE_MAX, name, asel_ellipsis(name));
}

const char *accelsel_objective_name(int objective)
{
    return objective == ACCELSEL_OBJECTIVE_LATENCY      ? "latency"
           : objective == ACCELSEL_OBJECTIVE_THROUGHPUT ? "throughput"
                                                        : NULL;
}

size_t accelsel_mapping_layer_info_size(void)
{
    return sizeof(accelsel_mapping_layer_info);
}

size_t accelsel_mapping_breakdown_size(void)
{
    return sizeof(accelsel_mapping_breakdown);
}

size_t accelsel_mapping_spec_size(void)
{
    return sizeof(accelsel_mapping_spec);
}

double accelsel_mapping_objective_s(const accelsel_mapping *m)
{
    return m ? m->br.objective_s : NAN;
}

int accelsel_mapping_objective(const accelsel_mapping *m)
{
    return m ? m->objective : ACCELSEL_EINVAL;
}

const accelsel_mapping_breakdown *accelsel_mapping_get_breakdown(const accelsel_mapping *m)
{
    return m ? &m->br : NULL;
}

size_t accelsel_mapping_slot_count(const accelsel_mapping *m)
{
    return m ? m->n_slots : 0;
}

const char *accelsel_mapping_slot_design(const accelsel_mapping *m, size_t slot)
{
    return m && slot < m->n_slots ? m->slot_design_name[slot] : NULL;
}

double accelsel_mapping_memory_bytes(const accelsel_mapping *m, size_t slot)
{
    return m && slot < m->n_slots ? m->memory[slot] : NAN;
}

size_t accelsel_mapping_layer_count(const accelsel_mapping *m)
{
    return m ? m->n_layers : 0;
}

const accelsel_mapping_layer_info *accelsel_mapping_layer(const accelsel_mapping *m, size_t layer)
{
    return m && layer < m->n_layers ? &m->layers[layer] : NULL;
}

int accelsel_mapping_get_spec(const accelsel_mapping *m, accelsel_mapping_spec *spec)
{
    if (m == NULL || spec == NULL)
        return asel_einval("accelsel_mapping_get_spec", m == NULL ? "m" : "spec");
    spec->version = ACCELSEL_MAPPING_SPEC_VERSION;
    spec->n_slots = m->n_slots;
    spec->slot_design = m->slot_design;
    spec->n_layers = m->n_layers;
    spec->layer_slots = m->layer_slots;
    spec->layer_strategy = m->layer_strategy;
    return 0;
}

const char *accelsel_mapping_method(const accelsel_mapping *m)
{
    return m ? m->method : NULL;
}

uint32_t accelsel_mapping_generations(const accelsel_mapping *m)
{
    return m ? m->generations : 0;
}

uint64_t accelsel_mapping_evaluations(const accelsel_mapping *m)
{
    return m ? m->evaluations : 0;
}

double accelsel_mapping_seconds(const accelsel_mapping *m)
{
    return m ? m->seconds : NAN;
}

int accelsel_mapping_history(const accelsel_mapping *m, const double **best, size_t *n)
{
    if (m == NULL || best == NULL || n == NULL)
        return asel_einval("accelsel_mapping_history", m == NULL ? "m" : best == NULL ? "best" : "n");
    *best = m->n_history ? m->history : NULL;
    *n = m->n_history;
    return 0;
}
