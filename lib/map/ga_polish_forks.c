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

/* Try @p part against the search's best @p best_part (value @p best_v). */
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

/* The best cut of the slots, in index order, into one run per child. */
static double best_cut(asel_ga_polish *s, size_t f, uint64_t *best_part)
{
    size_t kids = s->forks->n_kids[f], n = s->p->n_slots, cut[64];
    uint64_t part[64];
    double best_v = INFINITY;
    for (size_t i = 0; i + 1 < kids; i++)
        cut[i] = i + 1;
    for (;;) {
        for (size_t c = 0, lo = 0; c < kids; c++) {
            size_t hi = c + 1 < kids ? cut[c] : n;
            part[c] = (hi - lo == 64 ? ~UINT64_C(0) : (UINT64_C(1) << (hi - lo)) - 1) << lo;
            lo = hi;
        }
        try_parts(s, f, part, best_part, &best_v);
        size_t i = kids - 1; /* the next combination of cut positions */
        while (i > 0 && cut[i - 1] == n - kids + i)
            i--;
        if (i == 0)
            return best_v;
        cut[i - 1]++;
        for (size_t j = i; j + 1 < kids; j++)
            cut[j] = cut[j - 1] + 1;
    }
}

/* From @p part (value *@p v): one slot handed from a branch to another,
 * or two exchanged, while that shortens the walk. */
static void exchange(asel_ga_polish *s, size_t f, uint64_t *part, double *v)
{
    int kids = s->forks->n_kids[f], better = 1;
    uint64_t t[64];
    while (better && !asel_ga_polish_stop(s)) {
        better = 0;
        for (int a = 0; a < kids; a++)
            for (int b = 0; b < kids; b++)
                for (uint64_t m = a != b ? part[a] : 0; m; m &= m - 1) {
                    uint64_t bit = m & (~m + 1);
                    memcpy(t, part, (size_t)kids * sizeof *t);
                    t[a] &= ~bit, t[b] |= bit;
                    if (t[a] != 0 && asel_map_popcount(t[b]) <= s->p->gmax)
                        better |= try_parts(s, f, t, part, v);
                    for (uint64_t n = a < b ? part[b] : 0; n; n &= n - 1) {
                        uint64_t other = n & (~n + 1);
                        memcpy(t, part, (size_t)kids * sizeof *t);
                        t[a] = (t[a] & ~bit) | other;
                        t[b] = (t[b] & ~other) | bit;
                        better |= try_parts(s, f, t, part, v);
                    }
                }
    }
}

/* The branches of fork @p f on disjoint slot sets: the best cut of the
 * slots in index order, improved by handing over and exchanging slots, is
 * kept if it beats the mapping as it is. This is the deterministic form of
 * the GA's branch move; running sibling branches side by side pays only
 * once each has slots that suit it, several single changes away. Forks
 * with more children than slots, or more cuts than MAX_CUTS, are left to
 * the GA. */
static void partition_moves(asel_ga_polish *s, size_t f)
{
    size_t kids = s->forks->n_kids[f], n = s->p->n_slots;
    double count = 1; /* binomial(n - 1, kids - 1) */
    for (size_t i = 1; i < kids; i++)
        count = count * (double)(n - i) / (double)i;
    if (kids > n || count > MAX_CUTS)
        return;
    uint64_t part[64];
    double v = best_cut(s, f, part);
    if (!isfinite(v))
        return;
    exchange(s, f, part, &v);
    if (v < *s->value * (1 - ASEL_GA_POLISH_GAIN)) {
        lay_parts(s, f, part);
        asel_ga_polish_judge(s);
    }
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

/* For each two branches of fork @p f, a slot only one uses and a slot only
 * the other uses trade places: the branches keep their layouts on slots of
 * other memory classes or designs. */
static void swap_moves(asel_ga_polish *s, size_t f)
{
    int kids = s->forks->n_kids[f];
    for (int x = 0; x < kids && !asel_ga_polish_stop(s); x++)
        for (int y = x + 1; y < kids; y++) {
            uint64_t ux, uy;
            branch(s, f, x, &ux);
            branch(s, f, y, &uy);
            for (uint64_t m = ux & ~uy; m; m &= m - 1)
                for (uint64_t n = uy & ~ux; n; n &= n - 1) {
                    uint64_t a = m & (~m + 1), b = n & (~n + 1);
                    trade(s, f, x, a, b);
                    trade(s, f, y, b, a);
                    asel_ga_polish_judge(s);
                }
        }
}

void asel_ga_polish_forks(asel_ga_polish *s)
{
    for (size_t f = 0; f < s->forks->n && !asel_ga_polish_stop(s); f++) {
        for (int c = 0; c < s->forks->n_kids[f]; c++) {
            uint64_t slots;
            branch(s, f, c, &slots);
            if (slots == 0)
                continue;
            lay_branch(s, f, c, slots);
            asel_ga_polish_judge(s);
        }
        partition_moves(s, f);
        swap_moves(s, f);
        for (int c = 0; c < s->forks->n_kids[f]; c++) {
            asel_ga_polish_walk(s);
            spread(s, f, c);
            asel_ga_polish_judge(s);
        }
    }
}

