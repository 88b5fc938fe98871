/* accelsel_mapping_evaluate(): a caller's mapping checked, then walked. */
#include "core/error.h"
#include "map/map_impl.h"

static const char fn[] = "accelsel_mapping_evaluate";

static int check_sizes(const accelsel_mapping_problem *p, const accelsel_mapping_spec *spec)
{
    if (spec->version != ACCELSEL_MAPPING_SPEC_VERSION)
        return asel_error(ACCELSEL_EVERSION, "%s: spec version %u is not known", fn,
                          spec->version);
    if (spec->n_slots != p->n_slots || spec->n_layers != p->n_layers)
        return asel_error(ACCELSEL_EINVAL,
                          "%s: the spec has %zu slots and %zu layers, the problem %zu and %zu", fn,
                          spec->n_slots, spec->n_layers, p->n_slots, p->n_layers);
    if (!spec->slot_design || !spec->layer_slots || !spec->layer_strategy)
        return asel_einval(fn, !spec->slot_design ? "spec->slot_design"
                               : !spec->layer_slots ? "spec->layer_slots"
                                                    : "spec->layer_strategy");
    return 0;
}

static int check_layer(const accelsel_mapping_problem *p, const accelsel_mapping_spec *spec,
                       size_t l)
{
    uint64_t all = asel_map_all_slots(p);
    uint64_t grp = spec->layer_slots[l];
    int s = spec->layer_strategy[l];
    if (grp == 0)
        return asel_error(ACCELSEL_EINVAL, "%s: layer '%s' has no slots", fn, p->layer_name[l]);
    if (grp & ~all)
        return asel_error(ACCELSEL_EINVAL, "%s: layer '%s' names slot %d; the system has %zu",
                          fn, p->layer_name[l], __builtin_ctzll(grp & ~all), p->n_slots);
    if ((unsigned)asel_map_popcount(grp) > p->gmax)
        return asel_error(ACCELSEL_EINVAL, "%s: layer '%s' uses %d slots; at most %u may share a layer",
                          fn, p->layer_name[l], asel_map_popcount(grp), p->gmax);
    if (s < 0 || s >= ACCELSEL_STRATEGY_COUNT)
        return asel_error(ACCELSEL_EINVAL, "%s: layer '%s' has unknown strategy %d", fn,
                          p->layer_name[l], s);
    return 0;
}

int accelsel_mapping_evaluate(accelsel_mapping **out, const accelsel_mapping_problem *p,
                              const accelsel_mapping_spec *spec)
{
    if (out != NULL)
        *out = NULL;
    if (p == NULL || spec == NULL || out == NULL)
        return asel_einval(fn, p == NULL ? "p" : spec == NULL ? "spec" : "out");
    return asel_map_evaluate_as(p, spec, "evaluate", out);
}

int asel_map_evaluate_as(const accelsel_mapping_problem *p, const accelsel_mapping_spec *spec,
                         const char *method, accelsel_mapping **out)
{
    int rc = check_sizes(p, spec);
    for (size_t s = 0; rc == 0 && s < p->n_slots; s++)
        if (spec->slot_design[s] >= p->pool_off[s + 1] - p->pool_off[s])
            rc = asel_error(ACCELSEL_EINVAL, "%s: design %u of slot %zu is outside its pool of %zu",
                            fn, spec->slot_design[s], s, p->pool_off[s + 1] - p->pool_off[s]);
    for (size_t l = 0; rc == 0 && l < p->n_layers; l++)
        if (!p->is_input[l])
            rc = check_layer(p, spec, l);
    if (rc != 0)
        return rc;
    asel_map_genomes gs;
    if (asel_map_genomes_new(&gs, p, 1) != 0)
        return asel_enomem();
    asel_map_genome *g = &gs.g[0];
    for (size_t s = 0; s < p->n_slots; s++)
        g->design[s] = spec->slot_design[s];
    for (size_t l = 0; l < p->n_layers; l++) {
        g->group[l] = p->is_input[l] ? 1 : spec->layer_slots[l];
        g->strat[l] = (int8_t)(p->is_input[l] ? 0 : spec->layer_strategy[l]);
    }
    rc = asel_map_build(p, g, method, out);
    asel_map_genomes_free(&gs);
    return rc;
}
