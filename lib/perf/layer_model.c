/* Roofline time of one layer on one device, with tile quantisation of GEMM
 * layers, CPU thread quantisation, a working set against on-chip memory and
 * a fixed per-layer overhead (docs/predictor.md, "Layer cost"). */
#include <math.h>

#include "core/error.h"
#include "perf/layer_cost.h"
#include "perf/params.h"

double asel_perf_precision_bytes(int precision)
{
    switch (precision) {
    case ACCELSEL_PRECISION_FP64: return 8;
    case ACCELSEL_PRECISION_FP32:
    case ACCELSEL_PRECISION_TF32: return 4;
    case ACCELSEL_PRECISION_FP16:
    case ACCELSEL_PRECISION_BF16: return 2;
    default: return 1;
    }
}

int asel_perf_check_device(const accelsel_device_info *dev, int precision)
{
    if (precision < 0 || precision >= ACCELSEL_PRECISION_COUNT)
        return asel_error(ACCELSEL_EINVAL, "precision %d is not an ACCELSEL_PRECISION_* value",
                          precision);
    double peak = dev->peak_flops[precision];
    if (isfinite(peak) && peak > 0 && isfinite(dev->memory_bw_bytes_s) && dev->memory_bw_bytes_s > 0)
        return 0; /* the common case, first: this runs for every layer evaluated */
    int any = 0;
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++)
        any |= isfinite(dev->peak_flops[p]) && dev->peak_flops[p] > 0;
    if (!any)
        return asel_error(ACCELSEL_EDATA, "device '%s' has no figure 'peak_flops' for any precision",
                          dev->name);
    if (!(isfinite(dev->memory_bw_bytes_s) && dev->memory_bw_bytes_s > 0))
        return asel_error(ACCELSEL_EDATA, "device '%s' has no figure 'memory_bw_bytes_s'",
                          dev->name);
    return asel_error(ACCELSEL_EINVAL, "device '%s' does not support precision '%s'", dev->name,
                      accelsel_precision_name(precision));
}

int asel_perf_is_gemm(int32_t kind)
{
    return kind == ACCELSEL_LAYER_CONV2D || kind == ACCELSEL_LAYER_LINEAR ||
           kind == ACCELSEL_LAYER_MATMUL;
}

static double round_up(double x, double to)
{
    return to > 1 ? ceil(x / to) * to : x;
}

double asel_perf_vector_peak(const accelsel_device_info *dev, int precision)
{
    double v = dev->peak_flops[ACCELSEL_PRECISION_FP32];
    return isfinite(v) && v > 0 ? v : dev->peak_flops[precision];
}

/* CPUs: columns of the register block = two vector widths; a vector holds
 * flops_per_cycle / 4 lanes (two FMA units, two FLOPs per FMA). */
double asel_perf_tile_n(const asel_perf_kind_params *q, const accelsel_device_info *dev,
                        int precision)
{
    if (q->tile_n > 0)
        return q->tile_n;
    double fpc = dev->flops_per_cycle[precision];
    if (!isfinite(fpc))
        fpc = dev->flops_per_cycle[ACCELSEL_PRECISION_FP32];
    return isfinite(fpc) && fpc >= 4 ? fpc / 2 : 1;
}

/* CPUs cut the output into blocks of block_m x block_n, one block per core
 * at a time: the GEMM takes as many waves as it has blocks per core, each
 * as long as its largest block, of @p pm x @p pn padded rows and columns
 * where the GEMM is smaller. More rows never take less time, as they could
 * if the padded work were spread evenly over the blocks. */
static double blocked_macs(const asel_perf_kind_params *q, const accelsel_device_info *dev,
                           double m, double n, double pm, double pn, double k, double groups)
{
    double blocks = ceil(m / q->block_m) * ceil(n / q->block_n) * groups;
    double waves = ceil(blocks / dev->cores);
    return waves * dev->cores * fmin(pm, q->block_m) * fmin(pn, q->block_n) * k;
}

/* MACs after padding M and N to whole tiles (dense GEMMs only: grouped and
 * depthwise convolutions run on the vector units without tiles). */
static double gemm_compute(const asel_perf_kind_params *q, const accelsel_device_info *dev,
                           const accelsel_layer_info *l, double batch, int precision,
                           double rate)
{
    double groups = (double)l->gemm_batch, m = (double)l->gemm_m, n = (double)l->gemm_n,
           k = (double)l->gemm_k;
    if (l->kind == ACCELSEL_LAYER_MATMUL)
        groups *= batch;
    else
        m *= batch;
    if (l->kind == ACCELSEL_LAYER_CONV2D && l->groups > 1) {
        double flops = 2.0 * groups * m * n * k;
        return flops / (asel_perf_vector_peak(dev, precision) * q->compute_eff);
    }
    double pm = round_up(m, q->tile_m), pn = round_up(n, asel_perf_tile_n(q, dev, precision));
    double macs = q->block_m > 0 && q->block_n > 0 && dev->cores > 1
                      ? blocked_macs(q, dev, m, n, pm, pn, k, groups)
                      : groups * pm * pn * k;
    return 2.0 * macs / rate;
}

void asel_perf_layer_terms(const asel_perf_params *par, const accelsel_device_info *dev,
                           const accelsel_layer_info *l, double batch, int precision,
                           asel_layer_time *out)
{
    const asel_perf_kind_params *q = &par->kind[asel_perf_kind_of(dev->kind)];
    *out = (asel_layer_time){ 0, 0, 0, 0 };
    if (l->kind == ACCELSEL_LAYER_INPUT || l->kind == ACCELSEL_LAYER_FLATTEN)
        return;
    double rate = dev->peak_flops[precision] * q->compute_eff;
    double vrate = asel_perf_vector_peak(dev, precision) * q->compute_eff;
    if (asel_perf_is_gemm(l->kind))
        out->compute_s = gemm_compute(q, dev, l, batch, precision, rate);
    else
        out->compute_s = 2.0 * (double)l->macs * batch / rate;
    out->compute_s += (double)l->elementwise_flops * batch / vrate;

    double eb = asel_perf_precision_bytes(precision);
    double bytes = ((double)l->input_elements + (double)l->output_elements) * batch * eb +
                   (double)l->weight_elements * eb;
    double bw = dev->memory_bw_bytes_s * q->memory_eff;
    if (isfinite(dev->onchip_bytes) && bytes <= dev->onchip_bytes)
        bw *= q->cache_ratio;
    out->memory_s = bytes / bw;
    out->overhead_s = q->overhead_s;
    out->time_s = fmax(out->compute_s, out->memory_s) + out->overhead_s;
}

int asel_perf_layer_forward(const asel_perf_params *par, const accelsel_device_info *dev,
                            const accelsel_layer_info *layer, double batch, int precision,
                            asel_layer_time *out)
{
    if (dev == NULL || layer == NULL || out == NULL)
        return asel_einval("asel_perf_layer_forward", dev == NULL ? "dev" : layer == NULL ? "layer" : "out");
    if (!(isfinite(batch) && batch > 0))
        return asel_error(ACCELSEL_EINVAL, "batch %g is not a positive finite number", batch);
    int rc = asel_perf_check_device(dev, precision);
    if (rc < 0)
        return rc;
    asel_perf_layer_terms(par ? par : asel_perf_params_default(), dev, layer, batch, precision, out);
    return 0;
}
