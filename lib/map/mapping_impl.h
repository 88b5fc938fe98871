/* Internal layout of accelsel_mapping. */
#ifndef ASEL_MAP_MAPPING_IMPL_H
#define ASEL_MAP_MAPPING_IMPL_H

#include "map/map_impl.h"

struct accelsel_mapping {
    asel_arena arena;                 /* everything below */
    char *system, *network, *method;
    uint32_t batch;
    int objective;
    accelsel_mapping_breakdown br;
    size_t n_slots, n_layers;
    uint32_t *slot_design;               /* pool index per slot */
    const char **slot_design_name;
    double *memory;
    uint64_t *layer_slots;
    int32_t *layer_strategy;
    accelsel_mapping_layer_info *layers;
    uint32_t generations;
    uint64_t evaluations;
    double seconds;
    double *history;
    size_t n_history;
};

#endif
