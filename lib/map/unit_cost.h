/* The cost of a layer share on one unit (an accelerator design or a fixed
 * device), through the models of lib/perf. */
#ifndef ASEL_MAP_UNIT_COST_H
#define ASEL_MAP_UNIT_COST_H

#include "accelsel/catalog.h"
#include "accelsel/network.h"
#include "map/map_impl.h"
#include "perf/design_model.h"

typedef struct asel_unit_model {
    const accelsel_device_info *device; /* a fixed device, or NULL */
    asel_design_model design;           /* an accelerator design */
    int precision;                      /* a fixed device: ACCELSEL_PRECISION_* it runs at */
    double bytes;                       /* bytes per activation element */
} asel_unit_model;

/* The model of catalog design @p design or device @p device (the other -1).
 * 0, or ACCELSEL_EDATA naming the design or device and the missing figure. */
int asel_unit_model_of(asel_unit_model *m, const accelsel_catalog *cat, int64_t design,
                       int64_t device);

/* Price layer @p l split by @p strategy over @p g slots of memory bandwidth
 * @p bw: one slot's share. 0 or ACCELSEL_EDATA / ACCELSEL_EINVAL. */
int asel_unit_cost(const asel_unit_model *m, const accelsel_layer_info *l, uint32_t batch,
                   int strategy, unsigned g, double bw, asel_map_cost *out);

#endif
