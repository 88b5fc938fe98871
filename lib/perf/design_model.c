/* Layer time on an accelerator design: see design_model.h and docs/mapping.md. */
#include <math.h>
#include <string.h>

#include "core/error.h"
#include "perf/design_model.h"

static int missing(const accelsel_design_info *d, const char *figure)
{
    return asel_error(ACCELSEL_EDATA,
                      "design '%s' lacks figure '%s', which the mapping cost model needs",
                      d->name, figure);
}

/* An ASIC design on an FPGA slot runs at the fabric clock, or at its own
 * published clock when that is lower (Eyeriss' 200 MHz). */
static int is_asic(const accelsel_design_info *d)
{
    return d->platform != NULL && strncmp(d->platform, "ASIC", 4) == 0;
}

static int stationary_array(const accelsel_design_info *d, asel_design_model *m)
{
    if (d->pe_rows == 0 || d->pe_cols == 0)
        return missing(d, d->pe_rows == 0 ? "pe_rows" : "pe_cols");
    m->rows = d->pe_rows;
    m->cols = d->pe_cols;
    m->macs = m->rows * m->cols;
    return 0;
}

/* Tiled designs unroll Tm x Tn channels and macs / (Tm Tn) pixels (the
 * DPU's 8); without published tiles the design is a plain MAC array. */
static int tiled(const accelsel_design_info *d, asel_design_model *m)
{
    if (d->macs == 0 && !(isfinite(d->peak_ops) && d->peak_ops > 0))
        return missing(d, "macs");
    /* peak_ops counts the MACs at the design's own clock, not the fabric's */
    if (d->macs == 0 && !(isfinite(d->clock_hz) && d->clock_hz > 0))
        return missing(d, "clock_hz");
    m->macs = d->macs ? (double)d->macs : d->peak_ops / (2.0 * d->clock_hz);
    if (m->macs < 1)
        return asel_error(ACCELSEL_EDATA, "design '%s': peak_ops %g at clock_hz %g is %g MACs, "
                          "fewer than one", d->name, d->peak_ops, d->clock_hz, m->macs);
    if (d->tm && d->tn) {
        m->tm = d->tm;
        m->tn = d->tn;
        m->pp = floor(m->macs / (m->tm * m->tn));
        if (m->pp < 1)
            m->pp = 1;
    }
    return 0;
}

int asel_design_model_from(const accelsel_design_info *d, asel_design_model *m)
{
    memset(m, 0, sizeof *m);
    m->dataflow = d->dataflow;
    if (d->precision_bits <= 0)
        return missing(d, "precision");
    m->bytes = ceil(d->precision_bits / 8.0);
    if (is_asic(d))
        m->clock_hz = isfinite(d->clock_hz) && d->clock_hz < ASEL_FPGA_FABRIC_CLOCK_HZ
                          ? d->clock_hz
                          : ASEL_FPGA_FABRIC_CLOCK_HZ;
    else if (isfinite(d->clock_hz) && d->clock_hz > 0)
        m->clock_hz = d->clock_hz;
    else
        return missing(d, "clock_hz");
    if (!isfinite(d->buffer_bytes) || d->buffer_bytes <= 0)
        return missing(d, "buffer_bytes");
    m->buffer_bytes = d->buffer_bytes;
    if (d->dataflow == ACCELSEL_DATAFLOW_TILED)
        return tiled(d, m);
    if (d->dataflow == ACCELSEL_DATAFLOW_WEIGHT_STATIONARY ||
        d->dataflow == ACCELSEL_DATAFLOW_OUTPUT_STATIONARY ||
        d->dataflow == ACCELSEL_DATAFLOW_ROW_STATIONARY)
        return stationary_array(d, m);
    return missing(d, "dataflow");
}

static void set_part(asel_gemm_part *p, double g, double m, double n, double r, double c,
                     double kh, double kw)
{
    *p = (asel_gemm_part){g, m, n, r, c, kh, kw};
}

void asel_layer_shape_of(const accelsel_layer_info *l, double batch, asel_layer_shape *s)
{
    memset(s, 0, sizeof *s);
    s->batch = batch;
    s->in_elems = (double)l->input_elements;
    s->out_elems = (double)l->output_elements;
    s->w_elems = (double)l->weight_elements;
    s->elem_flops = (double)l->elementwise_flops;
    double g = (double)l->groups;
    switch (l->kind) {
    case ACCELSEL_LAYER_CONV2D:
        s->n_parts = 1;
        set_part(&s->part[0], g, (double)l->out_channels / g, (double)l->in_channels / g,
                 (double)l->out_h, (double)l->out_w, (double)l->kernel_h, (double)l->kernel_w);
        break;
    case ACCELSEL_LAYER_LINEAR:
    case ACCELSEL_LAYER_MATMUL:
        s->n_parts = 1;
        set_part(&s->part[0], (double)l->gemm_batch, (double)l->gemm_n, (double)l->gemm_k,
                 (double)l->gemm_m, 1, 1, 1);
        break;
    case ACCELSEL_LAYER_ATTENTION: {
        double seq = (double)l->sequence, dim = (double)l->model_dim;
        double h = (double)l->heads, hd = (double)l->head_dim;
        s->n_parts = 3;
        set_part(&s->part[0], 1, dim, dim, 4 * seq, 1, 1, 1); /* Q, K, V, output projections */
        set_part(&s->part[1], h, seq, hd, seq, 1, 1, 1);      /* scores Q K^T per head */
        set_part(&s->part[2], h, hd, seq, seq, 1, 1, 1);      /* weights x V per head */
        break;
    }
    default:
        break;
    }
}

/* Output pixels in units of @p lanes parallel pixel lanes: along a row for
 * convolutions, along the rows of a GEMM (c == 1). */
static double pixel_steps(double r, double c, double lanes)
{
    return c == 1 ? ceil(r / lanes) : r * ceil(c / lanes);
}

/* Cycles of one part for one sample, by dataflow. */
static double part_cycles(const asel_design_model *m, const asel_gemm_part *p)
{
    double k2 = p->kh * p->kw;
    switch (m->dataflow) {
    case ACCELSEL_DATAFLOW_TILED:
        if (m->tm == 0) /* a MAC array without published tiles */
            return ceil(p->g * p->m * p->n * p->r * p->c * k2 / m->macs);
        return p->g * ceil(p->m / m->tm) * ceil(p->n / m->tn) * k2 *
               pixel_steps(p->r, p->c, m->pp);
    case ACCELSEL_DATAFLOW_WEIGHT_STATIONARY:
        /* an im2col weight tile of rows (reduction) x cols (outputs) stays in
         * the array while every output pixel streams through; fill and drain
         * take rows + cols cycles per tile (systolic) */
        return p->g * ceil(p->n * k2 / m->rows) * ceil(p->m / m->cols) *
               (p->r * p->c + m->rows + m->cols);
    case ACCELSEL_DATAFLOW_OUTPUT_STATIONARY:
        /* each PE owns one output pixel of one output channel */
        return p->g * p->m * (p->c == 1 ? ceil(p->r / (m->rows * m->cols))
                                        : ceil(p->r / m->rows) * ceil(p->c / m->cols)) *
               p->n * k2;
    case ACCELSEL_DATAFLOW_ROW_STATIONARY: {
        /* a PE set of kh filter rows x output rows; floor(rows / kh) sets
         * (channel pairs) share the array, each PE doing a 1-D convolution */
        double fold = ceil(p->kh / m->rows), sets = p->kh <= m->rows ? floor(m->rows / p->kh) : 1;
        return p->g * ceil(p->m * p->n / sets) * fold * ceil(p->r / m->cols) * p->c * p->kw;
    }
    default:
        return INFINITY;
    }
}

double asel_design_cycles(const asel_design_model *m, const asel_layer_shape *s)
{
    double cycles = 0;
    for (int i = 0; i < s->n_parts; i++)
        cycles += part_cycles(m, &s->part[i]);
    /* elementwise work (bias, activation, pooling, normalisation) on a
     * vector unit as wide as the MAC array */
    cycles += ceil(s->elem_flops / m->macs);
    return cycles * s->batch;
}

/* Output channels one pass of the design covers: inputs are re-read once
 * per pass when they do not stay on chip. */
static double outputs_per_pass(const asel_design_model *m)
{
    switch (m->dataflow) {
    case ACCELSEL_DATAFLOW_TILED:
        return m->tm > 0 ? m->tm : 1;
    case ACCELSEL_DATAFLOW_WEIGHT_STATIONARY:
        return m->cols;
    default:
        return 1;
    }
}

double asel_design_traffic(const asel_design_model *m, const asel_layer_shape *s)
{
    double in = s->in_elems * s->batch * m->bytes, out = s->out_elems * s->batch * m->bytes;
    double w = s->w_elems * m->bytes, half = m->buffer_bytes / 2;
    double extra = 0;
    if (s->n_parts > 0 && in > half) {
        /* the better of two loop orders: inputs streamed once per pass of
         * output channels, or weights streamed once per buffer-full of inputs */
        double m_total = s->part[0].g * s->part[0].m;
        double reread_in = (ceil(m_total / outputs_per_pass(m)) - 1) * in;
        double reread_w = (ceil(in / half) - 1) * w;
        extra = reread_in < reread_w ? reread_in : reread_w;
    }
    return in + out + w + extra;
}

double asel_design_layer_time(const asel_design_model *m, const asel_layer_shape *s, double bw)
{
    double compute = asel_design_cycles(m, s) / m->clock_hz;
    double memory = asel_design_traffic(m, s) / bw;
    return compute > memory ? compute : memory;
}
