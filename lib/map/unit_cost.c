/* Layer shares priced on designs (lib/perf design model) and fixed devices
 * (lib/perf layer model). */
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "map/unit_cost.h"
#include "perf/shard_model.h"

int asel_unit_model_of(asel_unit_model *m, const accelsel_catalog *cat, int64_t design,
                       int64_t device)
{
    memset(m, 0, sizeof *m);
    if (design >= 0) {
        int rc = asel_design_model_from(accelsel_catalog_design(cat, (size_t)design), &m->design);
        m->bytes = m->design.bytes;
        return rc;
    }
    m->device = accelsel_catalog_device(cat, (size_t)device);
    return asel_error(ACCELSEL_EDATA, "device '%s': fixed-device slots need the layer model",
                      m->device->name);
}

int asel_unit_cost(const asel_unit_model *m, const accelsel_layer_info *l, uint32_t batch,
                   int strategy, unsigned g, double bw, asel_map_cost *out)
{
    asel_layer_shape full;
    asel_shard plan;
    asel_layer_shape_of(l, batch, &full);
    asel_shard_plan(l, &full, strategy, g, m->bytes, &plan);
    const asel_layer_shape *sh = &plan.share;
    out->comp_s = asel_design_layer_time(&m->design, sh, bw);
    out->coll_bytes = plan.coll_bytes;
    out->coll_steps = plan.coll_steps;
    out->in_frac = plan.in_frac;
    out->w_bytes = sh->w_elems * m->bytes;
    out->act_bytes = (sh->in_elems + sh->out_elems) * sh->batch * m->bytes;
    return 0;
}
