/* The result of accelsel_dataset_cross_benchmark(): one row per kept cell,
 * the columns of derive.h. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/cross.h"

enum { S_ROUND, S_SUBMITTER, S_NAME, S_FAMILY, S_BENCH, S_REF, N_TEXT };
enum { D_ACC, D_TIME, D_NBENCH, D_REF_ACC, D_REF_TIME, D_SPEED, D_SPEED_ACC, D_ROW, N_NUM };

/* The columns in their order: text (t) or number (d), the index, and the
 * optional input column it comes from (-1: always written). */
static const struct {
    const char *name;
    char kind;
    int index, needs;
} columns[] = {
    {"round", 't', S_ROUND, -1},
    {"submitter", 't', S_SUBMITTER, CX_SUBMITTER},
    {"system_name", 't', S_NAME, -1},
    {"accelerator_family", 't', S_FAMILY, CX_FAMILY},
    {"accelerators", 'd', D_ACC, -1},
    {"benchmark", 't', S_BENCH, -1},
    {"time_to_train_min", 'd', D_TIME, -1},
    {"benchmarks", 'd', D_NBENCH, -1},
    {"reference_system", 't', S_REF, -1},
    {"reference_accelerators", 'd', D_REF_ACC, -1},
    {"reference_time_min", 'd', D_REF_TIME, -1},
    {"speed_vs_reference", 'd', D_SPEED, -1},
    {"speed_per_accelerator_vs_reference", 'd', D_SPEED_ACC, -1},
    {"source_row", 'd', D_ROW, -1},
};

/* A quotient that is a finite number above 0, else NaN. */
static double positive(double v)
{
    return isfinite(v) && v > 0 ? v : NAN;
}

static const char *text(const asel_cross *cx, size_t row, int which)
{
    size_t col = cx->col[which];
    return col == SIZE_MAX ? NULL : accelsel_dataset_string(cx->in, row, col);
}

/* Row @p i of the result, from cell @p c. */
static void fill(const asel_cross *cx, const asel_cross_cell *c, size_t i, size_t m,
                 const char **s, double *d)
{
    const asel_cross_cell *r = asel_cross_ref_cell(cx, c);
    const asel_cross_cell *first = &cx->cells[cx->ref_start[c->round]]; /* of the reference */
    s[S_ROUND * m + i] = text(cx, c->row, CX_ROUND);
    s[S_SUBMITTER * m + i] = text(cx, c->row, CX_SUBMITTER);
    s[S_NAME * m + i] = text(cx, c->row, CX_NAME);
    s[S_FAMILY * m + i] = text(cx, c->row, CX_FAMILY);
    s[S_BENCH * m + i] = text(cx, c->row, CX_BENCH);
    s[S_REF * m + i] = text(cx, first->row, CX_NAME);
    d[D_ACC * m + i] = c->acc;
    d[D_TIME * m + i] = c->time;
    d[D_NBENCH * m + i] = (double)cx->n_bench[c->sys];
    d[D_REF_ACC * m + i] = first->acc; /* one size: accelerators are part of a system */
    d[D_REF_TIME * m + i] = r != NULL ? r->time : NAN;
    /* as two quotients, so that no product overflows on the way */
    d[D_SPEED * m + i] = r != NULL ? positive(r->time / c->time) : NAN;
    d[D_SPEED_ACC * m + i] = r != NULL ? positive(positive(r->time / c->time) * (r->acc / c->acc))
                                       : NAN;
    d[D_ROW * m + i] = (double)c->row;
}

static int add_columns(accelsel_dataset *ds, const asel_cross *cx, const char **s,
                       const double *d, size_t m)
{
    int rc = 0;
    for (size_t k = 0; rc == 0 && k < sizeof columns / sizeof columns[0]; k++) {
        if (columns[k].needs >= 0 && cx->col[columns[k].needs] == SIZE_MAX)
            continue; /* absent from the input */
        size_t at = (size_t)columns[k].index * m;
        rc = columns[k].kind == 't'
                 ? accelsel_dataset_add_categorical(ds, columns[k].name, s + at, m)
                 : accelsel_dataset_add_numeric(ds, columns[k].name, d + at, m);
    }
    return rc;
}

int asel_cross_write(accelsel_dataset **out, const asel_cross *cx)
{
    size_t m = cx->n_kept, cap = m ? m : 1;
    const char **s = asel_calloc(N_TEXT * cap, sizeof *s);
    double *d = asel_calloc(N_NUM * cap, sizeof *d);
    accelsel_dataset *ds = NULL;
    int rc = s != NULL && d != NULL ? accelsel_dataset_new(&ds, m) : asel_enomem();
    for (size_t i = 0; rc == 0 && i < m; i++)
        fill(cx, &cx->cells[cx->kept[i]], i, m, s, d);
    if (rc == 0)
        rc = add_columns(ds, cx, s, d, m);
    if (rc == 0)
        *out = ds;
    else
        accelsel_dataset_free(ds);
    asel_free(s);
    asel_free(d);
    return rc;
}
