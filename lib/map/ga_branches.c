/* Sibling branches and the GA's branch move: see ga_branches.h. A layer
 * split over a group runs at the pace of the group, so branches that could
 * run side by side on disjoint groups are reached from a mapping that runs
 * them one after another on all slots only through many segment moves at
 * once, each worse on its own; this move makes them in one step. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "map/ga_branches.h"

/* Successor counts of every layer. */
static void count_successors(const accelsel_mapping_problem *p, size_t *succ)
{
    memset(succ, 0, p->n_layers * sizeof *succ);
    for (size_t l = 0; l < p->n_layers; l++)
        for (size_t k = p->in_off[l]; k < p->in_off[l + 1]; k++)
            succ[p->in_idx[k]]++;
}

/* Owner of every layer for fork @p fork (SIZE_MAX = the network inputs):
 * one bit per child in @p mask, propagated in topological order. */
static size_t own(const accelsel_mapping_problem *p, size_t fork, uint64_t *mask, int8_t *owner)
{
    size_t kids = 0;
    memset(mask, 0, p->n_layers * sizeof *mask);
    for (size_t t = 0; t < p->n_layers; t++) {
        size_t l = p->topo[t];
        uint64_t m = 0;
        int child = fork == SIZE_MAX && p->is_input[l];
        for (size_t k = p->in_off[l]; k < p->in_off[l + 1]; k++) {
            m |= mask[p->in_idx[k]];
            child |= p->in_idx[k] == fork;
        }
        if (child && kids < 64)
            m |= UINT64_C(1) << kids++;
        mask[l] = m;
    }
    for (size_t l = 0; l < p->n_layers; l++) {
        int j = mask[l] && (mask[l] & (mask[l] - 1)) == 0 ? __builtin_ctzll(mask[l]) : -1;
        owner[l] = (int8_t)j;
    }
    return kids;
}

int asel_ga_forks_build(const accelsel_mapping_problem *p, asel_ga_forks *f)
{
    *f = (asel_ga_forks){ 0 };
    size_t n = p->n_layers ? p->n_layers : 1;
    size_t *succ = asel_calloc(n, sizeof *succ);
    uint64_t *mask = asel_calloc(n, sizeof *mask);
    f->n_kids = asel_calloc(ASEL_GA_MAX_FORKS, 1);
    f->owner = asel_calloc(ASEL_GA_MAX_FORKS * n, 1);
    int rc = succ && mask && f->n_kids && f->owner ? 0 : asel_enomem();
    if (rc == 0)
        count_successors(p, succ);
    size_t inputs = 0;
    for (size_t l = 0; rc == 0 && l < p->n_layers; l++)
        inputs += p->is_input[l];
    for (size_t t = 0; rc == 0 && t <= p->n_layers && f->n < ASEL_GA_MAX_FORKS; t++) {
        size_t fork = t == 0 ? SIZE_MAX : p->topo[t - 1];
        if (fork == SIZE_MAX ? inputs < 2 : succ[fork] < 2)
            continue;
        size_t kids = own(p, fork, mask, f->owner + f->n * n);
        if (kids >= 2)
            f->n_kids[f->n++] = (uint8_t)kids;
    }
    asel_free(succ), asel_free(mask);
    if (rc < 0)
        asel_ga_forks_free(f);
    return rc;
}

void asel_ga_forks_free(asel_ga_forks *f)
{
    asel_free(f->n_kids);
    asel_free(f->owner);
    *f = (asel_ga_forks){ 0 };
}

void asel_ga_branch_move(const accelsel_mapping_problem *p, const asel_ga_forks *f,
                         asel_map_genome *g, asel_rng *r)
{
    if (f->n == 0)
        return;
    size_t k = (size_t)asel_rng_below(r, f->n), kids = f->n_kids[k];
    if (kids > p->n_slots)
        return;
    uint8_t slot[64];
    for (size_t s = 0; s < p->n_slots; s++)
        slot[s] = (uint8_t)s;
    for (size_t s = p->n_slots; s > 1; s--) { /* Fisher-Yates */
        size_t j = (size_t)asel_rng_below(r, s);
        uint8_t t = slot[s - 1];
        slot[s - 1] = slot[j];
        slot[j] = t;
    }
    /* Cut points: kids - 1 distinct positions in 1..n_slots-1, as a mask. */
    uint64_t cuts = 0;
    while ((size_t)asel_map_popcount(cuts) < kids - 1)
        cuts |= UINT64_C(1) << (1 + asel_rng_below(r, p->n_slots - 1));
    uint64_t part[64] = { 0 };
    for (size_t s = 0, j = 0; s < p->n_slots; s++) {
        j += (cuts >> s) & 1;
        if ((unsigned)asel_map_popcount(part[j]) < p->gmax)
            part[j] |= UINT64_C(1) << slot[s];
    }
    const int8_t *owner = f->owner + k * p->n_layers;
    for (size_t l = 0; l < p->n_layers; l++)
        if (owner[l] >= 0 && !p->is_input[l])
            g->group[l] = part[owner[l]];
}
