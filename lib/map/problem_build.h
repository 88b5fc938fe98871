/* The steps of building a mapping problem (problem.c calls them in order). */
#ifndef ASEL_MAP_PROBLEM_BUILD_H
#define ASEL_MAP_PROBLEM_BUILD_H

#include "accelsel/catalog.h"
#include "accelsel/network.h"
#include "map/map_impl.h"

/* Where the slots come from: a catalog system, or an explicit list. */
typedef struct asel_map_slot_src {
    size_t system;                      /* catalog index, or (size_t)-1 */
    const accelsel_mapping_slot *slots; /* explicit list */
    size_t n_slots;
    const char *link;                   /* explicit list: link between every pair */
} asel_map_slot_src;

/* Slots, pools, units, slot classes, links. Records unit catalog indices in
 * p->unit_design / p->unit_device for build_costs. */
int asel_map_build_slots(accelsel_mapping_problem *p, const accelsel_catalog *cat,
                         const asel_map_slot_src *src);

/* Layer names, inputs, outputs, topological order. */
int asel_map_build_layers(accelsel_mapping_problem *p, const accelsel_network *net);

/* Models of every unit and the cost tables; feasibility of every layer. */
int asel_map_build_costs(accelsel_mapping_problem *p, const accelsel_catalog *cat,
                         const accelsel_network *net);

#endif
