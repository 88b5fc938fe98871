/* Candidate storage: many genomes in one block. */
#include <string.h>

#include "core/alloc.h"
#include "map/map_impl.h"

int asel_map_genomes_new(asel_map_genomes *gs, const accelsel_mapping_problem *p, size_t n)
{
    size_t S = p->n_slots, L = p->n_layers;
    size_t one = S * sizeof(uint32_t) + L * sizeof(uint64_t) + L;
    one = (one + 7) & ~(size_t)7;
    memset(gs, 0, sizeof *gs);
    gs->g = asel_calloc(n, sizeof *gs->g);
    gs->block = asel_calloc(n, one);
    if (gs->g == NULL || gs->block == NULL) {
        asel_map_genomes_free(gs);
        return ACCELSEL_ENOMEM;
    }
    for (size_t i = 0; i < n; i++) {
        char *b = (char *)gs->block + i * one;
        gs->g[i].group = (uint64_t *)b;
        gs->g[i].design = (uint32_t *)(b + L * sizeof(uint64_t));
        gs->g[i].strat = (int8_t *)(b + L * sizeof(uint64_t) + S * sizeof(uint32_t));
    }
    gs->n = n;
    return 0;
}

void asel_map_genomes_free(asel_map_genomes *gs)
{
    asel_free(gs->g);
    asel_free(gs->block);
    memset(gs, 0, sizeof *gs);
}

void asel_map_genome_copy(const accelsel_mapping_problem *p, asel_map_genome *dst,
                          const asel_map_genome *src)
{
    memcpy(dst->design, src->design, p->n_slots * sizeof *dst->design);
    memcpy(dst->group, src->group, p->n_layers * sizeof *dst->group);
    memcpy(dst->strat, src->strat, p->n_layers);
}
