/* The cost tables of a mapping problem: every (layer, unit, slot class,
 * strategy, group size) priced once, so that an evaluation is a table walk. */
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "map/problem_build.h"
#include "map/unit_cost.h"
#include "perf/shard_model.h"

/* Entries that evaluation never reads alone (NONE on a group, a strategy on
 * one slot or one that does not apply) hold the one-slot cost. */
static int used_entry(const accelsel_mapping_problem *p, size_t l, int s, unsigned g)
{
    if (s == ACCELSEL_STRATEGY_NONE)
        return g == 1;
    return g > 1 && p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)s];
}

static int price_layer(accelsel_mapping_problem *p, const asel_unit_model *um, size_t l,
                       const accelsel_layer_info *li, size_t u, size_t c)
{
    asel_map_cost *one = (asel_map_cost *)asel_map_cost_at(p, l, u, c, ACCELSEL_STRATEGY_NONE, 1);
    int rc = asel_unit_cost(um, li, p->batch, ACCELSEL_STRATEGY_NONE, 1, p->class_bw[c], one);
    for (int s = 0; rc == 0 && s < ACCELSEL_STRATEGY_COUNT; s++)
        for (unsigned g = 1; rc == 0 && g <= p->gmax; g++) {
            asel_map_cost *e = (asel_map_cost *)asel_map_cost_at(p, l, u, c, s, g);
            if (e == one)
                continue;
            if (used_entry(p, l, s, g))
                rc = asel_unit_cost(um, li, p->batch, s, g, p->class_bw[c], e);
            else
                *e = *one;
        }
    return rc;
}

/* The least memory layer @p l needs on any slot, any split. */
static double least_activation(const accelsel_mapping_problem *p, size_t l)
{
    double least = INFINITY;
    for (size_t u = 0; u < p->n_units; u++)
        for (size_t c = 0; c < p->n_classes; c++)
            for (int s = 0; s < ACCELSEL_STRATEGY_COUNT; s++)
                for (unsigned g = 1; g <= p->gmax; g++) {
                    double a = asel_map_cost_at(p, l, u, c, s, g)->act_bytes;
                    least = a < least ? a : least;
                }
    return least;
}

static int check_fit(const accelsel_mapping_problem *p)
{
    double most = 0;
    for (size_t s = 0; s < p->n_slots; s++)
        most = p->slot_mem[s] > most ? p->slot_mem[s] : most;
    for (size_t l = 0; l < p->n_layers; l++) {
        if (p->is_input[l])
            continue;
        double need = least_activation(p, l);
        if (need > most)
            return asel_error(ACCELSEL_EINFEASIBLE,
                              "layer '%s' needs %.0f bytes of activations even when split and "
                              "with its weights streamed from the host; the largest slot memory "
                              "holds %.0f bytes",
                              p->layer_name[l], need, most);
    }
    return 0;
}

/* Whether no mapping can overflow a slot: all weights at their largest
 * share plus the largest activations fit the smallest slot. Evaluation then
 * skips its memory pass. */
static int never_streams(const accelsel_mapping_problem *p)
{
    double weights = 0, act = 0, least = INFINITY;
    size_t per_layer = p->n_units * p->n_classes * ACCELSEL_STRATEGY_COUNT * p->gmax;
    for (size_t l = 0; l < p->n_layers; l++) {
        double w = 0;
        for (size_t i = 0; i < per_layer; i++) {
            const asel_map_cost *e = &p->cost[l * per_layer + i];
            w = e->w_bytes > w ? e->w_bytes : w;
            act = e->act_bytes > act ? e->act_bytes : act;
        }
        weights += w;
    }
    for (size_t s = 0; s < p->n_slots; s++)
        least = p->slot_mem[s] < least ? p->slot_mem[s] : least;
    return weights + act <= least;
}

/* The hot figures and the per-(layer, strategy, group size) ones, copied
 * from the full entries. */
static void split_tables(accelsel_mapping_problem *p)
{
    size_t keys = p->n_units * p->n_classes, plans = p->n_layers * ACCELSEL_STRATEGY_COUNT * p->gmax;
    for (size_t i = 0; i < plans; i++) {
        p->plan[i].coll_steps = p->cost[i * keys].coll_steps;
        p->plan[i].in_frac = p->cost[i * keys].in_frac;
        for (size_t k = 0; k < keys; k++) {
            p->hot[i * keys + k].comp_s = p->cost[i * keys + k].comp_s;
            p->hot[i * keys + k].coll_bytes = p->cost[i * keys + k].coll_bytes;
        }
    }
}

static int alloc_tables(accelsel_mapping_problem *p)
{
    size_t per_layer = p->n_units * p->n_classes * ACCELSEL_STRATEGY_COUNT * p->gmax;
    p->cost = asel_hw_arena_calloc(&p->arena, p->n_layers, per_layer * sizeof *p->cost);
    p->hot = asel_hw_arena_calloc(&p->arena, p->n_layers, per_layer * sizeof *p->hot);
    p->plan = asel_hw_arena_calloc(&p->arena, p->n_layers * ACCELSEL_STRATEGY_COUNT, p->gmax * sizeof *p->plan);
    p->applies = asel_hw_arena_calloc(&p->arena, p->n_layers, ACCELSEL_STRATEGY_COUNT);
    p->unit_bytes = asel_hw_arena_calloc(&p->arena, p->n_units, sizeof *p->unit_bytes);
    return p->cost && p->hot && p->plan && p->applies && p->unit_bytes ? 0 : ACCELSEL_ENOMEM;
}

int asel_map_build_costs(accelsel_mapping_problem *p, const accelsel_catalog *cat,
                         const accelsel_network *net)
{
    int rc = alloc_tables(p);
    for (size_t u = 0; rc == 0 && u < p->n_units; u++) {
        p->unit_name[u] = asel_hw_arena_strdup(&p->arena, p->unit_name[u]);
        if (p->unit_name[u] == NULL)
            rc = ACCELSEL_ENOMEM;
    }
    for (size_t l = 0; rc == 0 && l < p->n_layers; l++)
        for (int s = 0; s < ACCELSEL_STRATEGY_COUNT; s++)
            p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)s] =
                (uint8_t)asel_shard_applies(accelsel_network_layer(net, l), s, p->batch);
    for (size_t u = 0; rc == 0 && u < p->n_units; u++) {
        asel_unit_model um;
        rc = asel_unit_model_of(&um, cat, p->unit_design[u], p->unit_device[u]);
        if (rc == 0)
            p->unit_bytes[u] = um.bytes;
        for (size_t l = 0; rc == 0 && l < p->n_layers; l++) {
            const accelsel_layer_info *li = accelsel_network_layer(net, l);
            for (size_t c = 0; rc == 0 && !p->is_input[l] && c < p->n_classes; c++)
                rc = price_layer(p, &um, l, li, u, c);
        }
    }
    if (rc == 0) {
        p->never_stream = never_streams(p);
        split_tables(p);
    }
    return rc == 0 ? check_fit(p) : rc;
}
