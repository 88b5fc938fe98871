/* Local search on the GA's best mapping: see ga_polish.h. Each kind of
 * move is a function that makes the next move of its kind from s->at and
 * returns 1, or returns 0 when its kind has none left in this pass; the
 * search can so stop, or pause for the progress callback, after any move
 * and go on where it was. */
#include "map/ga_polish.h"

#include <math.h>
#include <string.h>

/* The kinds of move, in the order a pass tries them; 0 between passes. */
enum { BETWEEN, LAYOUT, DESIGNS, FORKS, SEGMENTS, STRATEGIES, PHASES };

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
     * state: a layout costs about cells / layers walks, rounded up, so
     * that layouts of short runs (a branch of one layer) count too. */
    size_t cells = asel_map_layout_run(s->p, run, n_run, slots, tm, s->lay, s->trial);
    size_t layers = s->p->n_layers ? s->p->n_layers : 1;
    s->work += (cells + layers - 1) / layers;
}

/* Whether @p t beats the best @p best by more than rounding: a shorter
 * objective, or while neither is feasible, less memory overflowed. */
static int gains(asel_ga_score t, asel_ga_score best)
{
    if (best.value < INFINITY)
        return t.value < best.value * (1 - ASEL_GA_POLISH_GAIN);
    return t.value < INFINITY || t.excess < best.excess;
}

void asel_ga_polish_judge(asel_ga_polish *s)
{
    asel_ga_score t = {asel_ga_polish_walk(s), 0};
    t.excess = s->sc->excess;
    if (gains(t, *s->score)) {
        *s->score = t;
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

/* The layout for the current designs (layout_dp.h). */
static int layout_move(asel_ga_polish *s)
{
    if (s->at.j++ > 0)
        return 0;
    asel_ga_polish_lay(s, s->cl->at, s->cl->n, asel_map_all_slots(s->p), NULL);
    asel_ga_polish_judge(s);
    return 1;
}

/* The layout for another design of a slot: slot at.i, pool entry at.j. */
static int design_move(asel_ga_polish *s)
{
    const accelsel_mapping_problem *p = s->p;
    asel_ga_polish_at *at = &s->at;
    for (; at->i < p->n_slots; at->i++, at->j = 0)
        while (at->j < p->pool_off[at->i + 1] - p->pool_off[at->i]) {
            uint32_t d = (uint32_t)at->j++;
            if (d == s->best->design[at->i])
                continue;
            s->trial->design[at->i] = d;
            asel_ga_polish_lay(s, s->cl->at, s->cl->n, asel_map_all_slots(p), NULL);
            asel_ga_polish_judge(s);
            return 1;
        }
    return 0;
}

static void set_run(asel_ga_polish *s, size_t a, size_t b, uint64_t grp)
{
    for (size_t k = a; k <= b; k++)
        s->trial->group[s->cl->at[k]] = grp;
}

/* A group for positions a..b of the layer order, if it differs and fits;
 * returns whether it was tried. */
static int try_run(asel_ga_polish *s, size_t a, size_t b, uint64_t grp)
{
    if (grp == 0 || grp == s->best->group[s->cl->at[a]] ||
        asel_map_popcount(grp) > s->p->gmax)
        return 0;
    set_run(s, a, b, grp);
    asel_ga_polish_judge(s);
    return 1;
}

/* The group that try at.j gives the run at.i..at.k (of group at.grp): one
 * slot flipped, then the group before it, then the one after; 0 when there
 * is none such. */
static uint64_t run_group(const asel_ga_polish *s)
{
    const asel_ga_polish_at *at = &s->at;
    size_t n = s->p->n_slots;
    if (at->j < n)
        return at->grp ^ (UINT64_C(1) << at->j);
    if (at->j == n)
        return at->i > 0 ? s->best->group[s->cl->at[at->i - 1]] : 0;
    return at->k + 1 < s->cl->n ? s->best->group[s->cl->at[at->k + 1]] : 0;
}

/* Each run of equal groups (a segment): one slot more or less, or the
 * group of the layer before or after it. The run is the one the best had
 * when its tries began; a kept move may merge runs, and the next run starts
 * after what was this one. */
static int segment_move(asel_ga_polish *s)
{
    const asel_ga_layers *cl = s->cl;
    asel_ga_polish_at *at = &s->at;
    for (;;) {
        if (!at->open) {
            if (at->i >= cl->n)
                return 0;
            at->grp = s->best->group[cl->at[at->i]];
            for (at->k = at->i; at->k + 1 < cl->n && s->best->group[cl->at[at->k + 1]] == at->grp;)
                at->k++;
            at->j = 0;
            at->open = 1;
        }
        if (at->j > s->p->n_slots + 1) {
            at->open = 0;
            at->i = at->k + 1;
            continue;
        }
        uint64_t grp = run_group(s);
        at->j++;
        if (try_run(s, at->i, at->k, grp))
            return 1;
    }
}

/* Every other strategy of each layer: layer at.i, strategy at.j. */
static int strategy_move(asel_ga_polish *s)
{
    const accelsel_mapping_problem *p = s->p;
    asel_ga_polish_at *at = &s->at;
    for (; at->i < s->cl->n; at->i++, at->j = 0) {
        size_t l = s->cl->at[at->i];
        while (at->j < ACCELSEL_STRATEGY_COUNT) {
            int st = (int)at->j++;
            if (st == s->best->strat[l] || !p->applies[l * ACCELSEL_STRATEGY_COUNT + (size_t)st])
                continue;
            s->trial->strat[l] = (int8_t)st;
            asel_ga_polish_judge(s);
            return 1;
        }
    }
    return 0;
}

/* The next move of the pass under way; 0 at its end (no move made). */
static int move(asel_ga_polish *s)
{
    static int (*const kind[PHASES])(asel_ga_polish *) = {
        NULL, layout_move, design_move, asel_ga_polish_fork_move, segment_move, strategy_move};
    for (; s->at.phase < PHASES; s->at = (asel_ga_polish_at){.phase = s->at.phase + 1})
        if (kind[s->at.phase](s))
            return 1;
    return 0;
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
                          const asel_ga_layers *cl, asel_map_genome *best, asel_ga_score *score,
                          const asel_ga_polish_tools *tools, uint64_t *evaluations,
                          const asel_ga_polish_limits *limits)
{
    memset(s, 0, sizeof *s);
    s->p = p;
    s->cl = cl;
    s->best = best;
    s->trial = tools->trial;
    s->score = score;
    s->sc = tools->scratch;
    s->lay = tools->layout;
    s->forks = tools->forks;
    s->evals = evaluations;
    s->limits = *limits;
    /* an infeasible best too: the moves then look for less overflow */
    s->kept = cl->n > 0;
    if (!s->kept)
        return;
    canonical(p, best);
    asel_map_genome_copy(p, s->trial, best);
}

/* A new pass, if the last kept a move and no limit is reached. */
static int begin_pass(asel_ga_polish *s)
{
    if (!s->kept || asel_ga_polish_stop(s))
        return 0;
    s->kept = 0;
    s->at = (asel_ga_polish_at){.phase = LAYOUT};
    return 1;
}

int asel_ga_polish_run(asel_ga_polish *s, uint64_t slice)
{
    uint64_t until = s->work + slice < s->work ? UINT64_MAX : s->work + slice;
    for (;;) {
        if (s->at.phase == BETWEEN && !begin_pass(s))
            return 0;
        if (asel_ga_polish_stop(s))
            return 0;
        if (!move(s))
            s->at = (asel_ga_polish_at){.phase = BETWEEN};
        else if (s->work >= until)
            return 1;
    }
}

int asel_ga_polish_pass(asel_ga_polish *s)
{
    if (s->at.phase == BETWEEN && !begin_pass(s))
        return 0;
    while (!asel_ga_polish_stop(s) && move(s))
        ;
    s->at = (asel_ga_polish_at){.phase = BETWEEN};
    return s->kept && !asel_ga_polish_stop(s);
}
