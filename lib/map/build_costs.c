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

/* The least activation bytes layer @p l holds on slot @p s as one of @p g
 * slots sharing it under strategy @p st, over the designs of the slot's
 * pool (operand widths differ between designs). */
static double least_share(const accelsel_mapping_problem *p, size_t l, size_t s, int st,
                          unsigned g)
{
    double least = INFINITY;
    for (size_t k = p->pool_off[s]; k < p->pool_off[s + 1]; k++) {
        double a = asel_map_cost_at(p, l, p->pool_unit[k], p->slot_class[s], st, g)->act_bytes;
        least = a < least ? a : least;
    }
    return least;
}

/* The slot that comes closest to holding a share it cannot hold: the
 * share's bytes, the slot, its memory. */
typedef struct near_miss {
    double need, mem;
    size_t slot;
} near_miss;

static void closer(near_miss *n, double need, double mem, size_t slot)
{
    if (need - mem < n->need - n->mem)
        *n = (near_miss){need, mem, slot};
}

/* Why a layer fits nowhere, for the message: the closest miss of all, and
 * the split that came nearest to finding enough slots for its shares. */
typedef struct fit_gap {
    near_miss miss;      /* over every strategy and group size */
    int strat;           /* a split whose share some slots hold, but too few; -1 none */
    unsigned g, holders; /* its group size, and the slots that hold a share */
    double share;        /* the least share a holder holds */
    near_miss other;     /* the closest miss of that split */
} fit_gap;

/* Whether layer @p l can run somewhere: under some strategy over g slots
 * (one slot for none), g slots each hold their share with some design of
 * their own pool, its weights streamed from the host. Only the entries
 * the walk reads count (used_entry()). Else @p gap says how close it came. */
static int layer_fits(const accelsel_mapping_problem *p, size_t l, fit_gap *gap)
{
    const near_miss none = {INFINITY, 0, 0};
    *gap = (fit_gap){none, -1, 0, 0, 0, none};
    for (int st = 0; st < ACCELSEL_STRATEGY_COUNT; st++)
        for (unsigned g = 1; g <= p->gmax; g++) {
            unsigned holders = 0;
            double share = INFINITY;
            near_miss miss = none;
            if (!used_entry(p, l, st, g))
                continue;
            for (size_t s = 0; s < p->n_slots; s++) {
                double a = least_share(p, l, s, st, g);
                if (a <= p->slot_mem[s])
                    holders++, share = a < share ? a : share;
                else
                    closer(&miss, a, p->slot_mem[s], s);
            }
            if (holders >= g)
                return 1;
            closer(&gap->miss, miss.need, miss.mem, miss.slot);
            if (holders > 0 && (gap->strat < 0 || g - holders < gap->g - gap->holders))
                *gap = (fit_gap){gap->miss, st, g, holders, share, miss};
        }
    return 0;
}

/* Every layer must fit some slots that can take it: a layer that fits
 * none is infeasible in every mapping, which the build says at once,
 * naming the layer, the bytes and the slot memory that fall short. */
static int check_fit(const accelsel_mapping_problem *p)
{
    for (size_t l = 0; l < p->n_layers; l++) {
        fit_gap gap;
        if (p->is_input[l] || layer_fits(p, l, &gap))
            continue;
        if (gap.strat >= 0)
            return asel_error(ACCELSEL_EINFEASIBLE,
                              "layer '%s' fits slot memory only as a share of a split over %u "
                              "slots (%s, %.0f bytes of activations), and only %u of the %zu "
                              "slots hold such a share; the closest of the others, slot %zu, "
                              "would need %.0f bytes and holds %.0f",
                              p->layer_name[l], gap.g, accelsel_strategy_name(gap.strat),
                              gap.share, gap.holders, p->n_slots, gap.other.slot,
                              gap.other.need, gap.other.mem);
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "layer '%s' needs at least %.0f bytes of activations on a slot even "
                          "when split and with its weights streamed from the host; the slot "
                          "that comes closest, slot %zu, holds %.0f bytes",
                          p->layer_name[l], gap.miss.need, gap.miss.slot, gap.miss.mem);
    }
    return 0;
}

/* A slot of memory class @p c whose pool has unit @p u, or n_slots. */
static size_t slot_with(const accelsel_mapping_problem *p, size_t u, size_t c)
{
    for (size_t s = 0; s < p->n_slots; s++)
        for (size_t k = p->pool_off[s]; p->slot_class[s] == c && k < p->pool_off[s + 1]; k++)
            if (p->pool_unit[k] == u)
                return s;
    return p->n_slots;
}

/* Every compute time in the tables must be finite: a figure such as a
 * memory bandwidth of 5e-324 B/s passes as positive, but the times it
 * gives overflow, and every mapping would then be infeasible for no reason
 * a caller could see. The build names the slot and the figure instead. */
static int check_times(const accelsel_mapping_problem *p)
{
    size_t cells = p->n_units * p->n_classes * ACCELSEL_STRATEGY_COUNT * p->gmax;
    for (size_t l = 0; l < p->n_layers; l++)
        for (size_t i = 0; !p->is_input[l] && i < cells; i++) {
            if (isfinite(p->cost[l * cells + i].comp_s))
                continue;
            size_t key = i % (p->n_units * p->n_classes);
            size_t u = key / p->n_classes, c = key % p->n_classes, s = slot_with(p, u, c);
            if (s == p->n_slots) /* a unit and class no slot combines */
                continue;
            return asel_error(ACCELSEL_EDATA,
                              "slot %zu: layer '%s' on '%s' takes no finite time at "
                              "memory_bw_bytes_s %g; the slot's figure is too small",
                              s, p->layer_name[l], p->unit_name[u], p->class_bw[c]);
        }
    return 0;
}

/* Whether no mapping can overflow a slot: all weights at their largest
 * share plus the largest activations fit the smallest slot. Evaluation then
 * skips its memory pass. Into @p acts_fit whether the largest activations
 * alone fit it. */
static int never_streams(const accelsel_mapping_problem *p, int *acts_fit)
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
    *acts_fit = act <= least;
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
    p->cost = asel_arena_calloc(&p->arena, p->n_layers, per_layer * sizeof *p->cost);
    p->hot = asel_arena_calloc(&p->arena, p->n_layers, per_layer * sizeof *p->hot);
    p->plan = asel_arena_calloc(&p->arena, p->n_layers * ACCELSEL_STRATEGY_COUNT, p->gmax * sizeof *p->plan);
    p->applies = asel_arena_calloc(&p->arena, p->n_layers, ACCELSEL_STRATEGY_COUNT);
    p->unit_bytes = asel_arena_calloc(&p->arena, p->n_units, sizeof *p->unit_bytes);
    return p->cost && p->hot && p->plan && p->applies && p->unit_bytes ? 0 : ACCELSEL_ENOMEM;
}

int asel_map_build_costs(accelsel_mapping_problem *p, const accelsel_catalog *cat,
                         const accelsel_network *net)
{
    int rc = alloc_tables(p);
    for (size_t u = 0; rc == 0 && u < p->n_units; u++) {
        p->unit_name[u] = asel_arena_strdup(&p->arena, p->unit_name[u]);
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
        p->never_stream = never_streams(p, &p->acts_fit);
        split_tables(p);
    }
    if (rc == 0)
        rc = check_times(p);
    return rc == 0 ? check_fit(p) : rc;
}
