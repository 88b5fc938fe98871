/* Time of one layer on one accelerator design (an adaptive slot's design):
 * the tile-quantised cycle count of the design's dataflow and the off-chip
 * traffic of the better of two loop orders, overlapped by double buffering.
 * docs/mapping.md derives every formula. Pure functions, no allocation. */
#ifndef ASEL_PERF_DESIGN_MODEL_H
#define ASEL_PERF_DESIGN_MODEL_H

#include <stdint.h>

#include "accelsel/catalog.h"
#include "accelsel/network.h"

/* The clock of the FPGA fabric that a design without a published FPGA clock
 * runs at: the default kernel clock of Vitis on Alveo cards (UG1393). An
 * ASIC design whose published clock is higher runs at this clock. */
#define ASEL_FPGA_FABRIC_CLOCK_HZ 300e6

/* What the model needs of a design, checked once. */
typedef struct asel_design_model {
    int dataflow;           /* ACCELSEL_DATAFLOW_* */
    double clock_hz;        /* on the slot */
    double macs;            /* multiply-accumulates per cycle */
    double tm, tn, pp;      /* tiled: unrolled output channels, input channels, pixels; tm = 0: no tiles */
    double rows, cols;      /* PE array of the stationary dataflows */
    double buffer_bytes;    /* on-chip buffers */
    double bytes;           /* bytes per operand */
} asel_design_model;

/* One GEMM-like part of a layer: g independent problems of m output
 * channels, n input channels, r x c output pixels and a kh x kw window. */
typedef struct asel_gemm_part {
    double g, m, n, r, c, kh, kw;
} asel_gemm_part;

/* A layer as the design models see it, per sample. */
typedef struct asel_layer_shape {
    int n_parts;              /* 0 for layers without multiply-accumulates */
    asel_gemm_part part[3];   /* attention: projections, scores, weighted sum */
    double in_elems, out_elems, w_elems, elem_flops;
    double batch;             /* samples this shape is run for */
} asel_layer_shape;

/* Fill @p m from @p d, or ACCELSEL_EDATA naming the design and the missing
 * figure (clock_hz, macs, pe_rows, buffer_bytes, precision). */
int asel_design_model_from(const accelsel_design_info *d, asel_design_model *m);

/* The layer's shape for @p batch samples. */
void asel_layer_shape_of(const accelsel_layer_info *l, double batch, asel_layer_shape *s);

/* Cycles of the arithmetic of @p s on @p m (tile-quantised). */
double asel_design_cycles(const asel_design_model *m, const asel_layer_shape *s);

/* Bytes moved between the design and its off-chip memory for @p s. */
double asel_design_traffic(const asel_design_model *m, const asel_layer_shape *s);

/* Seconds for @p s on @p m with @p bw bytes/s of off-chip bandwidth:
 * the slower of arithmetic and traffic (double-buffered overlap). */
double asel_design_layer_time(const asel_design_model *m, const asel_layer_shape *s, double bw);

#endif
