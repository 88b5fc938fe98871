/* Layer shares priced on designs (lib/perf design model) and fixed devices
 * (lib/perf layer model). */
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "map/unit_cost.h"
#include "perf/layer_model.h"
#include "perf/shard_model.h"

/* perf prices the strategies by its own numbers: the public ones are they. */
_Static_assert(ACCELSEL_STRATEGY_NONE == ASEL_SHARD_NONE &&
                   ACCELSEL_STRATEGY_BATCH == ASEL_SHARD_BATCH &&
                   ACCELSEL_STRATEGY_OUTPUT_CHANNELS == ASEL_SHARD_OUTPUT_CHANNELS &&
                   ACCELSEL_STRATEGY_INPUT_CHANNELS == ASEL_SHARD_INPUT_CHANNELS &&
                   ACCELSEL_STRATEGY_SPATIAL == ASEL_SHARD_SPATIAL &&
                   ACCELSEL_STRATEGY_COUNT == ASEL_SHARD_COUNT,
               "ACCELSEL_STRATEGY_* and perf's ASEL_SHARD_* differ");

int asel_unit_model_of(asel_unit_model *m, const accelsel_catalog *cat, int64_t design,
                       int64_t device)
{
    memset(m, 0, sizeof *m);
    if (design >= 0) {
        int rc = asel_design_model_from(accelsel_catalog_design(cat, (size_t)design), &m->design);
        m->bytes = m->design.bytes;
        return rc;
    }
    /* a fixed device runs inference in 16 bits where it has a 16-bit rate
     * (fp16, else bf16 as TPUs and Gaudi), else in fp32 */
    m->device = accelsel_catalog_device(cat, (size_t)device);
    const double *peak = m->device->peak_flops;
    m->precision = isfinite(peak[ACCELSEL_PRECISION_FP16])   ? ACCELSEL_PRECISION_FP16
                   : isfinite(peak[ACCELSEL_PRECISION_BF16]) ? ACCELSEL_PRECISION_BF16
                                                             : ACCELSEL_PRECISION_FP32;
    m->bytes = m->precision == ACCELSEL_PRECISION_FP32 ? 4 : 2;
    asel_layer_time t;
    accelsel_layer_info probe = {.version = ACCELSEL_LAYER_INFO_VERSION, .kind = ACCELSEL_LAYER_ADD};
    return asel_perf_layer_forward(NULL, m->device, &probe, 1, m->precision, &t);
}

static double part_macs(const asel_layer_shape *s)
{
    double macs = 0;
    for (int i = 0; i < s->n_parts; i++) {
        const asel_gemm_part *q = &s->part[i];
        macs += q->g * q->m * q->n * q->r * q->c * q->kh * q->kw;
    }
    return macs;
}

static double ratio(double a, double b)
{
    return b > 0 ? a / b : 1;
}

/* The layer a device slot runs for its share: the GEMM sizes the strategy
 * splits divided, every count scaled to the share. */
static void share_layer(const accelsel_layer_info *l, const asel_layer_shape *full,
                        const asel_shard *plan, int strategy, unsigned g, accelsel_layer_info *out)
{
    const asel_layer_shape *sh = &plan->share;
    double fm = ratio(part_macs(sh), part_macs(full)), fo = ratio(sh->out_elems, full->out_elems);
    double fi = ratio(sh->in_elems, full->in_elems), fw = ratio(sh->w_elems, full->w_elems);
    *out = *l;
    out->macs = (uint64_t)ceil((double)l->macs * fm);
    out->elementwise_flops = (uint64_t)ceil((double)l->elementwise_flops * fo);
    out->flops = 2 * out->macs + out->elementwise_flops;
    out->output_elements = (uint64_t)ceil((double)l->output_elements * fo);
    out->output_bytes = (uint64_t)ceil((double)l->output_bytes * fo);
    out->input_elements = (uint64_t)ceil((double)l->input_elements * fi);
    out->input_bytes = (uint64_t)ceil((double)l->input_bytes * fi);
    out->weight_elements = (uint64_t)ceil((double)l->weight_elements * fw);
    out->weight_bytes = (uint64_t)ceil((double)l->weight_bytes * fw);
    uint64_t gg = g;
    if (strategy == ACCELSEL_STRATEGY_OUTPUT_CHANNELS)
        out->gemm_n = (l->gemm_n + gg - 1) / gg;
    else if (strategy == ACCELSEL_STRATEGY_INPUT_CHANNELS)
        out->gemm_k = (l->gemm_k + gg - 1) / gg;
    else if (strategy == ACCELSEL_STRATEGY_SPATIAL)
        out->gemm_m = (l->gemm_m + gg - 1) / gg;
}

/* The device's layer model at the slot's memory bandwidth @p bw, which is
 * the device's own unless the slot says otherwise. */
static int device_cost(const asel_unit_model *m, const accelsel_layer_info *l,
                       const asel_layer_shape *full, const asel_shard *plan, int strategy,
                       unsigned g, double bw, double *seconds)
{
    accelsel_layer_info share;
    asel_layer_time t;
    accelsel_device_info dev = *m->device;
    dev.memory_bw_bytes_s = bw;
    share_layer(l, full, plan, g > 1 ? strategy : ACCELSEL_STRATEGY_NONE, g, &share);
    int rc = asel_perf_layer_forward(NULL, &dev, &share, plan->share.batch, m->precision, &t);
    *seconds = t.time_s;
    return rc;
}

int asel_unit_cost(const asel_unit_model *m, const accelsel_layer_info *l, uint32_t batch,
                   int strategy, unsigned g, double bw, asel_map_cost *out)
{
    asel_layer_shape full;
    asel_shard plan;
    asel_layer_shape_of(l, batch, &full);
    asel_shard_plan(l, &full, strategy, g, m->bytes, &plan);
    const asel_layer_shape *sh = &plan.share;
    if (m->device != NULL) {
        int rc = device_cost(m, l, &full, &plan, strategy, g, bw, &out->comp_s);
        if (rc != 0)
            return rc;
    } else {
        out->comp_s = asel_design_layer_time(&m->design, sh, bw);
    }
    out->coll_bytes = plan.coll_bytes;
    out->coll_steps = plan.coll_steps;
    out->in_frac = plan.in_frac;
    out->w_bytes = sh->w_elems * m->bytes;
    out->act_bytes = (sh->in_elems + sh->out_elems) * sh->batch * m->bytes;
    return 0;
}
