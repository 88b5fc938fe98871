/* accelsel_dataset_cross_benchmark(): what cross.c works out and
 * cross_out.c writes. */
#ifndef ASEL_CROSS_H
#define ASEL_CROSS_H

#include <stddef.h>

#include "data/table.h"

/* The columns the comparison reads; SIZE_MAX for an absent optional one. */
enum { CX_ROUND, CX_BENCH, CX_NAME, CX_TIME, CX_ACC, CX_SUBMITTER, CX_FAMILY, CX_N_COLS };

/* One system's fastest row of one benchmark. */
typedef struct asel_cross_cell {
    size_t round, sys, bench; /* group ids, in order of first appearance */
    size_t row;               /* row of the input */
    double time, acc;         /* T and N of that row */
} asel_cross_cell;

typedef struct asel_cross {
    const accelsel_dataset *in;
    size_t col[CX_N_COLS];
    asel_cross_cell *cells; /* sorted by round, system, benchmark */
    size_t n_cells;
    size_t *n_bench;   /* per system: the benchmarks it ran */
    size_t *ref;       /* per round: the reference system, SIZE_MAX if none */
    size_t *ref_start; /* per round: the reference's first cell */
    size_t *kept;      /* the cells written out */
    size_t n_kept;
} asel_cross;

/* Write the kept cells of @p cx as the result dataset (columns in
 * include/accelsel/derive.h). 0 or ACCELSEL_ENOMEM (recorded). */
int asel_cross_write(accelsel_dataset **out, const asel_cross *cx);

/* The reference's cell of the benchmark of cell @p c, or NULL. */
const asel_cross_cell *asel_cross_ref_cell(const asel_cross *cx, const asel_cross_cell *c);

#endif
