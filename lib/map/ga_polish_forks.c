/* The closing local search's moves at forks: see ga_polish.h. */
#include <math.h>
#include <string.h>

#include "map/ga_polish.h"

/* Forks with more ways to cut the slots among their branches are left to
 * the GA's branch move. */
#define MAX_CUTS 128

/* The layers child @p c of fork @p f alone leads to, into the layout's run
 * list; returns how many, and into @p slots (may be NULL) the slots the
 * best places them on. */
static size_t branch(asel_ga_polish *s, size_t f, int c, uint64_t *slots)
{
    const int8_t *owner = s->forks->owner + f * s->p->n_layers;
    size_t n = 0;
    uint64_t used = 0;
    for (size_t k = 0; k < s->cl->n; k++)
        if (owner[s->cl->at[k]] == c) {
            s->lay->run[n++] = s->cl->at[k];
            used |= s->best->group[s->cl->at[k]];
        }
    if (slots != NULL)
        *slots = used;
    return n;
}

/* Child @p c's branch laid out anew in the trial on @p slots. */
static void lay_branch(asel_ga_polish *s, size_t f, int c, uint64_t slots)
{
    size_t n = branch(s, f, c, NULL);
    asel_ga_polish_lay(s, s->lay->run, n, slots, NULL);
}

/* Child @p c's branch laid out anew in the trial on any slot, each slot
 * from when the other branches of fork @p f leave it in the walk of the
 * trial that the scratch holds: a branch that would finish last takes up
 * the slots the others are done with. */
static void spread(asel_ga_polish *s, size_t f, int c)
{
    const accelsel_mapping_problem *p = s->p;
    const int8_t *owner = s->forks->owner + f * p->n_layers;
    double free_at[ACCELSEL_MAPPING_MAX_SLOTS] = {0};
    size_t n = branch(s, f, c, NULL);
    for (size_t l = 0; l < p->n_layers; l++)
        if (owner[l] >= 0 && owner[l] != c && !p->is_input[l])
            for (uint64_t m = s->sc->eg[l]; m; m &= m - 1) {
                unsigned sl = (unsigned)__builtin_ctzll(m);
                free_at[sl] = fmax(free_at[sl], s->sc->end[l]);
            }
    asel_map_timing tm = {free_at, s->sc->end};
    asel_ga_polish_lay(s, s->lay->run, n, asel_map_all_slots(p), &tm);
}

/* The child of fork @p f whose layers end last in the scratch's walk. */
static int last_branch(asel_ga_polish *s, size_t f)
{
    const int8_t *owner = s->forks->owner + f * s->p->n_layers;
    double last = -1;
    int c = 0;
    for (size_t l = 0; l < s->p->n_layers; l++)
        if (owner[l] >= 0 && !s->p->is_input[l] && s->sc->end[l] > last) {
            last = s->sc->end[l];
            c = owner[l];
        }
    return c;
}

/* The fork's branches laid out on @p part (one slot set per child) in the
 * trial, and the one that ends last spread; returns the walk's value and
 * leaves the trial so. */
static double lay_parts(asel_ga_polish *s, size_t f, const uint64_t *part)
{
    for (int c = 0; c < s->forks->n_kids[f]; c++)
        lay_branch(s, f, c, part[c]);
    asel_ga_polish_walk(s);
    spread(s, f, last_branch(s, f));
    return asel_ga_polish_walk(s);
}

/* Try @p part against the partition search's best @p best_part (value
 * @p best_v); returns whether it was better. */
static int try_parts(asel_ga_polish *s, size_t f, const uint64_t *part, uint64_t *best_part,
                     double *best_v)
{
    double v = lay_parts(s, f, part);
    asel_map_genome_copy(s->p, s->trial, s->best);
    if (!(v < *best_v * (1 - ASEL_GA_POLISH_GAIN)))
        return 0;
    *best_v = v;
    memcpy(best_part, part, s->forks->n_kids[f] * sizeof *part);
    return 1;
}

/* Whether fork @p f gets partition moves: no more children than slots and
 * at most MAX_CUTS cuts of the slots in index order. */
static int partitioned(const asel_ga_polish *s, size_t f)
{
    size_t kids = s->forks->n_kids[f], n = s->p->n_slots;
    double count = 1; /* binomial(n - 1, kids - 1) */
    for (size_t i = 1; i < kids; i++)
        count = count * (double)(n - i) / (double)i;
    return kids <= n && count <= MAX_CUTS;
}

/* The next combination of @p kids - 1 cut positions among @p n slots;
 * 0 after the last. */
static int next_cut(size_t *cut, size_t kids, size_t n)
{
    size_t i = kids - 1;
    while (i > 0 && cut[i - 1] == n - kids + i)
        i--;
    if (i == 0)
        return 0;
    cut[i - 1]++;
    for (size_t j = i; j + 1 < kids; j++)
        cut[j] = cut[j - 1] + 1;
    return 1;
}

/* The cuts of the slots, in index order, into one run per child, each
 * tried; the best is kept in s->cut (at.j: 0 not begun, 1 under way, 2
 * done). The sibling branches of the mapping as it is often share slots;
 * running them side by side pays only once each has slots that suit it,
 * several single changes away. */
static int cut_move(asel_ga_polish *s, size_t f)
{
    asel_ga_polish_cut *x = &s->cut;
    size_t kids = s->forks->n_kids[f], n = s->p->n_slots;
    if (s->at.j == 0) {
        x->on = partitioned(s, f);
        if (!x->on)
            return 0;
        for (size_t i = 0; i + 1 < kids; i++)
            x->cut[i] = i + 1;
        x->value = INFINITY;
        s->at.j = 1;
    }
    if (s->at.j == 2) {
        x->on = isfinite(x->value);
        return 0;
    }
    uint64_t part[64] = {0}; /* kids >= 1, but gcc cannot see it */
    for (size_t c = 0, lo = 0; c < kids; c++) {
        size_t hi = c + 1 < kids ? x->cut[c] : n;
        part[c] = (hi - lo == 64 ? ~UINT64_C(0) : (UINT64_C(1) << (hi - lo)) - 1) << lo;
        lo = hi;
    }
    try_parts(s, f, part, x->part, &x->value);
    if (!next_cut(x->cut, kids, n))
        s->at.j = 2;
    return 1;
}

/* Where an exchange round is at its slot m's lowest: the slot handed from
 * child a to child b, or exchanged with each slot n of b. */
enum { HAND, PAIRS_FROM, PAIRS };

/* The next change of the best partition that an exchange round tries,
 * into @p t: one slot handed from a branch to another (while the first
 * keeps one and the second fits max_group_size), or two exchanged; 0 at
 * the round's end. The round walks the partition as it is when each loop
 * over a child's slots begins, as nested loops over (a, b, slot of a, slot
 * of b) would. */
static int next_change(asel_ga_polish *s, int kids, uint64_t *t)
{
    asel_ga_polish_cut *x = &s->cut;
    for (;;) {
        if (x->a == kids)
            return 0;
        if (x->stage == HAND && x->m == 0) { /* the next pair of children */
            if (++x->b == kids) {
                x->b = 0;
                x->a++;
            }
            x->m = x->a < kids && x->a != x->b ? x->part[x->a] : 0;
            continue;
        }
        uint64_t bit = x->m & (~x->m + 1);
        memcpy(t, x->part, (size_t)kids * sizeof *t);
        if (x->stage == HAND) {
            x->stage = PAIRS_FROM;
            t[x->a] &= ~bit, t[x->b] |= bit;
            if (t[x->a] != 0 && asel_map_popcount(t[x->b]) <= s->p->gmax)
                return 1;
        } else if (x->stage == PAIRS_FROM) {
            x->n = x->a < x->b ? x->part[x->b] : 0;
            x->stage = PAIRS;
        } else if (x->n == 0) {
            x->m &= x->m - 1;
            x->stage = HAND;
        } else {
            uint64_t other = x->n & (~x->n + 1);
            x->n &= x->n - 1;
            t[x->a] = (t[x->a] & ~bit) | other;
            t[x->b] = (t[x->b] & ~other) | bit;
            return 1;
        }
    }
}

/* From the best cut: one slot handed from a branch to another, or two
 * exchanged, round after round while a round improves the partition. */
static int exchange_move(asel_ga_polish *s, size_t f)
{
    asel_ga_polish_cut *x = &s->cut;
    int kids = s->forks->n_kids[f];
    uint64_t t[64];
    if (!x->on)
        return 0;
    if (s->at.j == 0) { /* as if a round that kept a change had just ended */
        s->at.j = 1;
        x->better = 1;
        x->a = kids;
    }
    while (!next_change(s, kids, t)) {
        if (!x->better)
            return 0;
        x->better = 0;
        x->a = x->b = 0;
        x->m = 0;
        x->stage = HAND;
    }
    x->better |= try_parts(s, f, t, x->part, &x->value);
    return 1;
}

/* The best partition found, kept if it beats the mapping as it is. */
static int keep_move(asel_ga_polish *s, size_t f)
{
    if (!s->cut.on || s->at.j++ > 0 ||
        !(s->cut.value < s->score->value * (1 - ASEL_GA_POLISH_GAIN)))
        return 0;
    lay_parts(s, f, s->cut.part);
    asel_ga_polish_judge(s);
    return 1;
}

/* Slots @p a and @p b trade places in the layers of child @p c of fork @p f. */
static void trade(asel_ga_polish *s, size_t f, int c, uint64_t a, uint64_t b)
{
    const int8_t *owner = s->forks->owner + f * s->p->n_layers;
    for (size_t k = 0; k < s->cl->n; k++) {
        size_t l = s->cl->at[k];
        uint64_t g = s->trial->group[l];
        if (owner[l] == c && ((g & a) != 0) != ((g & b) != 0))
            s->trial->group[l] = g ^ a ^ b;
    }
}

/* For each two branches at.j < at.k of fork @p f, a slot only the first
 * uses (at.m) and a slot only the second uses (at.n, from at.rest) trade
 * places: the branches keep their layouts on slots of other memory
 * classes or designs. The slots each uses are read when the pair begins. */
static int swap_move(asel_ga_polish *s, size_t f)
{
    asel_ga_polish_at *at = &s->at;
    size_t kids = (size_t)s->forks->n_kids[f];
    for (;;) {
        if (!at->open) {
            if (at->k == 0)
                at->k = at->j + 1;
            if (at->k >= kids) {
                at->j++;
                at->k = 0;
                if (at->j + 1 >= kids)
                    return 0;
                continue;
            }
            uint64_t ux, uy;
            branch(s, f, (int)at->j, &ux);
            branch(s, f, (int)at->k, &uy);
            at->m = ux & ~uy;
            at->n = at->rest = uy & ~ux;
            at->open = 1;
        }
        if (at->m == 0) {
            at->open = 0;
            at->k++;
            continue;
        }
        if (at->n == 0) {
            at->m &= at->m - 1;
            at->n = at->rest;
            continue;
        }
        uint64_t a = at->m & (~at->m + 1), b = at->n & (~at->n + 1);
        at->n &= at->n - 1;
        trade(s, f, (int)at->j, a, b);
        trade(s, f, (int)at->k, b, a);
        asel_ga_polish_judge(s);
        return 1;
    }
}

/* Each branch laid out anew on its own slots: child at.j. */
static int branch_move(asel_ga_polish *s, size_t f)
{
    while (s->at.j < (size_t)s->forks->n_kids[f]) {
        int c = (int)s->at.j++;
        uint64_t slots;
        branch(s, f, c, &slots);
        if (slots == 0)
            continue;
        lay_branch(s, f, c, slots);
        asel_ga_polish_judge(s);
        return 1;
    }
    return 0;
}

/* Each branch spread (spread()): child at.j. */
static int spread_move(asel_ga_polish *s, size_t f)
{
    if (s->at.j >= (size_t)s->forks->n_kids[f])
        return 0;
    int c = (int)s->at.j++;
    asel_ga_polish_walk(s);
    spread(s, f, c);
    asel_ga_polish_judge(s);
    return 1;
}

/* The moves at one fork, in order: branches laid out on their slots; the
 * partition (cuts, exchanges, the best kept); trades; spreads. */
static int (*const fork_moves[])(asel_ga_polish *, size_t) = {
    branch_move, cut_move, exchange_move, keep_move, swap_move, spread_move};

#define FORK_MOVES ((int)(sizeof fork_moves / sizeof fork_moves[0]))

/* Where a kind of move at a fork begins. */
static void next_kind(asel_ga_polish_at *at, int stage)
{
    *at = (asel_ga_polish_at){.phase = at->phase, .i = at->i, .stage = stage};
}

int asel_ga_polish_fork_move(asel_ga_polish *s)
{
    asel_ga_polish_at *at = &s->at;
    for (; at->i < s->forks->n; at->i++, next_kind(at, 0))
        for (; at->stage < FORK_MOVES; next_kind(at, at->stage + 1))
            if (fork_moves[at->stage](s, at->i))
                return 1;
    return 0;
}
