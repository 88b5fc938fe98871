/* Local search on the GA's best mapping: see ga_polish.h. */
#include "map/ga_polish.h"

#include <math.h>
#include <string.h>

double asel_ga_polish_walk(asel_ga_polish *s)
{
    (*s->evals)++;
    s->work++;
    return asel_map_walk(s->p, s->trial, s->sc, NULL);
}

void asel_ga_polish_lay(asel_ga_polish *s, const size_t *run, size_t n_run, uint64_t slots,
                        const asel_map_timing *tm)
{
    /* A walk prices each layer once, a layout each of its layers once per
     * state: a layout costs about cells / layers walks. */
    size_t cells = asel_map_layout_run(s->p, run, n_run, slots, tm, s->lay, s->trial);
    s->work += cells / (s->p->n_layers ? s->p->n_layers : 1);
}

void asel_ga_polish_judge(asel_ga_polish *s)
{
    double v = asel_ga_polish_walk(s);
    if (v < *s->value * (1 - ASEL_GA_POLISH_GAIN)) {
        *s->value = v;
        asel_map_genome_copy(s->p, s->best, s->trial);
        s->kept = 1;
    } else {
        asel_map_genome_copy(s->p, s->trial, s->best);
    }
}

int asel_ga_polish_stop(asel_ga_polish *s)
{
    if (!s->out_of_time && (s->work >= s->limits.work ||
                            (s->limits.deadline > 0 && asel_map_now() >= s->limits.deadline)))
        s->out_of_time = 1;
    return s->out_of_time;
}

/* The layout for the current designs, and for each other design of each
 * slot, each laid out anew (layout_dp.h). */
static void layout_moves(asel_ga_polish *s)
{
    const accelsel_mapping_problem *p = s->p;
    uint64_t all = asel_map_all_slots(p);
    asel_ga_polish_lay(s, s->cl->at, s->cl->n, all, NULL);
    asel_ga_polish_judge(s);
    for (size_t sl = 0; sl < p->n_slots && !asel_ga_polish_stop(s); sl++) {
        uint32_t n = (uint32_t)(p->pool_off[sl + 1] - p->pool_off[sl]);
        for (uint32_t d = 0; d < n; d++) {
            if (d == s->best->design[sl])
                continue;
            s->trial->design[sl] = d;
            asel_ga_polish_lay(s, s->cl->at, s->cl->n, all, NULL);
            asel_ga_polish_judge(s);
        }
    }
}

static void set_run(asel_ga_polish *s, size_t a, size_t b, uint64_t grp)
{
    for (size_t k = a; k <= b; k++)
        s->trial->group[s->cl->at[k]] = grp;
}

/* A group for positions a..b of the layer order, if it differs and fits. */
static void try_run(asel_ga_polish *s, size_t a, size_t b, uint64_t grp)
{
    if (grp == 0 || grp == s->best->group[s->cl->at[a]] ||
        asel_map_popcount(grp) > s->p->gmax)
        return;
    set_run(s, a, b, grp);
    asel_ga_polish_judge(s);
}

/* Each run of equal groups (a segment): one slot more or less, or the
 * group of the layer before or after it. */
static void group_moves(asel_ga_polish *s)
{
    const asel_ga_layers *cl = s->cl;
    for (size_t a = 0; a < cl->n && !asel_ga_polish_stop(s);) {
        uint64_t grp = s->best->group[cl->at[a]];
        size_t b = a;
        while (b + 1 < cl->n && s->best->group[cl->at[b + 1]] == grp)
            b++;
        for (size_t sl = 0; sl < s->p->n_slots; sl++)
            try_run(s, a, b, grp ^ (UINT64_C(1) << sl));
        if (a > 0)
            try_run(s, a, b, s->best->group[cl->at[a - 1]]);
        if (b + 1 < cl->n)
            try_run(s, a, b, s->best->group[cl->at[b + 1]]);
        /* a kept move may have merged runs: go on after what is now the run */
        a = b + 1;
    }
}

/* Every other strategy of each layer. */
static void strategy_moves(asel_ga_polish *s)
{
    const accelsel_mapping_problem *p = s->p;
    for (size_t k = 0; k < s->cl->n && !asel_ga_polish_stop(s); k++) {
        size_t l = s->cl->at[k];
        for (int st = 0; st < ACCELSEL_STRATEGY_COUNT; st++) {
            if (st == s->best->strat[l] || !p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)st])
                continue;
            s->trial->strat[l] = (int8_t)st;
            asel_ga_polish_judge(s);
        }
    }
}

/* Each layer's group as it is costed (asel_map_effective()): a layer that
 * one member of its group runs alone names only that member. The walk
 * does not change, and the moves that look at which slots a run of layers
 * uses see the slots it really uses. */
static void canonical(const accelsel_mapping_problem *p, asel_map_genome *g)
{
    uint32_t key[ACCELSEL_MAPPING_MAX_SLOTS];
    asel_map_slot_keys(p, g, key);
    for (size_t l = 0; l < p->n_layers; l++) {
        uint64_t eg;
        int es;
        if (p->is_input[l])
            continue;
        asel_map_effective(p, l, g->group[l], g->strat[l], key, &eg, &es);
        g->group[l] = eg;
        g->strat[l] = (int8_t)es;
    }
}

void asel_ga_polish_start(asel_ga_polish *s, const accelsel_mapping_problem *p,
                          const asel_ga_layers *cl, asel_map_genome *best, double *value,
                          const asel_ga_polish_tools *tools, uint64_t *evaluations,
                          const asel_ga_polish_limits *limits)
{
    *s = (asel_ga_polish){p, cl, best, tools->trial, value, tools->scratch, tools->layout,
                          tools->forks, evaluations, *limits, 0, 1, 0};
    if (cl->n == 0 || !(*value < INFINITY)) {
        s->kept = 0;
        return;
    }
    canonical(p, best);
    asel_map_genome_copy(p, s->trial, best);
}

int asel_ga_polish_pass(asel_ga_polish *s)
{
    if (!s->kept || asel_ga_polish_stop(s))
        return 0;
    s->kept = 0;
    layout_moves(s);
    asel_ga_polish_forks(s);
    group_moves(s);
    strategy_moves(s);
    return s->kept && !asel_ga_polish_stop(s);
}
