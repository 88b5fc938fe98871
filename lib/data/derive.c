/* Derived metrics: throughput, speedup and efficiency against a reference
 * row, accelerator-hours, and the energy and cost of a run where the table
 * has their inputs (derive_cost.c; formulas and choices documented in
 * derive.h). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/derive_int.h"

enum { OUT_ACC, OUT_TP, OUT_TPA, OUT_SPEEDUP, OUT_EFF, OUT_AH, OUT_REF, N_OUT };

static const char *const out_names[N_OUT] = {
    "accelerators", "throughput_img_s_derived", "throughput_per_accelerator", "speedup",
    "efficiency",   "accelerator_hours",        "reference_row",
};

/* Accelerators of row @p i, NaN when unusable. */
static double accel(const asel_derive_in *in, size_t i)
{
    double n = in->acc != NULL ? in->acc[i] : in->nodes[i] * in->per_node[i];
    return isfinite(n) && n >= 0 ? n : NAN;
}

/* Minutes of row @p i, NaN when unusable. */
static double minutes(const asel_derive_in *in, size_t i)
{
    double t = in->time[i];
    return isfinite(t) && t > 0 ? t : NAN;
}

/* Row @p i may serve as a reference; its (N, T) are better than row @p r's. */
static int better(const asel_derive_in *in, size_t i, size_t r)
{
    double n = accel(in, i), t = minutes(in, i);
    if (!(n > 0) || isnan(t))
        return 0;
    if (r == SIZE_MAX)
        return 1;
    double nr = accel(in, r), tr = minutes(in, r);
    return n < nr || (n == nr && t < tr);
}

/* ref[row]: the reference row of each row, SIZE_MAX if its group has none. */
static int references(const accelsel_dataset *ds, const asel_derive_in *in, size_t *ref)
{
    size_t n = ds->n_rows;
    if (in->reference_row >= 0) {
        size_t r = (size_t)in->reference_row;
        if (!better(in, r, SIZE_MAX))
            return asel_error(ACCELSEL_EDATA,
                              "accelsel_dataset_derive: reference_row %zu has no time or no "
                              "accelerators",
                              r);
        for (size_t i = 0; i < n; i++)
            ref[i] = r;
        return 0;
    }
    size_t n_groups, *best = NULL;
    int rc = asel_group_rows(ds, in->group_cols, in->n_group_cols, ref, &n_groups);
    if (rc == 0)
        rc = asel_alloc_array(&best, n_groups ? n_groups : 1, sizeof *best);
    for (size_t g = 0; g < n_groups && rc == 0; g++)
        best[g] = SIZE_MAX;
    for (size_t i = 0; i < n && rc == 0; i++)
        if (better(in, i, best[ref[i]]))
            best[ref[i]] = i;
    for (size_t i = 0; i < n && rc == 0; i++)
        ref[i] = best[ref[i]];
    asel_free(best);
    return rc;
}

/* num[0] x ... x num[n_num-1] / (den[0] x ... x den[n_den-1]) for numerators
 * >= 0 and denominators > 0; NaN if any is NaN. Where both products are
 * normal doubles the plain quotient is exact to rounding; otherwise (a time
 * of 1e308 minutes x 60 overflows and would give a throughput of 0) the
 * mantissas and exponents are multiplied apart, so that only the result can
 * leave the range. A result beyond a double's range, infinite or non-zero
 * but below the smallest subnormal, is NaN: it is not a measurement. */
static double quotient(const double *num, int n_num, const double *den, int n_den)
{
    for (int i = 0; i < n_num + n_den; i++)
        if (isnan(i < n_num ? num[i] : den[i - n_num]))
            return NAN;
    double p = 1, q = 1, m = 1;
    int e = 0, k;
    for (int i = 0; i < n_num; i++) {
        if (num[i] == 0)
            return 0;
        p *= num[i];
        m *= frexp(num[i], &k); /* a few factors in [0.5, 1): m stays near 1 */
        e += k;
    }
    for (int i = 0; i < n_den; i++) {
        q *= den[i];
        m /= frexp(den[i], &k);
        e -= k;
    }
    double r = isnormal(p) && isnormal(q) ? p / q : ldexp(m, e);
    return isfinite(r) && r > 0 ? r : NAN;
}

/* The epochs of row @p i, NaN when unusable or not of ImageNet (a row of
 * another MLPerf benchmark than ResNet-50 counts samples, tokens or another
 * dataset's epochs). */
static double epochs(const accelsel_dataset *ds, const asel_derive_in *in, size_t i)
{
    double ep = in->epochs != NULL ? in->epochs[i] : NAN;
    if (in->benchmark_col != SIZE_MAX) {
        const char *b = accelsel_dataset_string(ds, i, in->benchmark_col);
        if (b == NULL || strcmp(b, "resnet") != 0)
            return NAN;
    }
    return isfinite(ep) && ep >= 0 ? ep : NAN;
}

/* Each output from its inputs (or, throughput per accelerator and
 * efficiency, from the throughput and speedup: missing when they are). */
static void compute_row(const accelsel_dataset *ds, const asel_derive_in *in, size_t i, size_t r,
                        double *const *out)
{
    double n = accel(in, i), t = minutes(in, i), ep = epochs(ds, in, i);
    double tr = r == SIZE_MAX ? NAN : minutes(in, r), nr = r == SIZE_MAX ? NAN : accel(in, r);
    double tp = quotient((const double[]){ep, in->images_per_epoch}, 2, (const double[]){t, 60}, 2);
    double s = quotient(&tr, 1, &t, 1);
    out[OUT_ACC][i] = n;
    out[OUT_TP][i] = tp;
    out[OUT_TPA][i] = n > 0 ? quotient(&tp, 1, &n, 1) : NAN;
    out[OUT_SPEEDUP][i] = s;
    out[OUT_EFF][i] = n > 0 ? quotient((const double[]){s, nr}, 2, &n, 1) : NAN;
    out[OUT_AH][i] = quotient((const double[]){n, t}, 2, (const double[]){60}, 1);
    out[OUT_REF][i] = r == SIZE_MAX ? NAN : (double)r;
}

static int add_outputs(accelsel_dataset **out, const accelsel_dataset *ds,
                       const char *const *names, double *const *cols, size_t n_out)
{
    size_t *all = NULL;
    int rc = asel_alloc_array(&all, ds->n_cols ? ds->n_cols : 1, sizeof *all);
    for (size_t j = 0; j < ds->n_cols && rc == 0; j++)
        all[j] = j;
    if (rc == 0)
        rc = accelsel_dataset_select_columns(out, ds, all, ds->n_cols);
    asel_free(all);
    for (size_t k = 0; k < n_out && rc == 0; k++)
        rc = accelsel_dataset_add_numeric(*out, names[k], cols[k], ds->n_rows);
    if (rc != 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    return rc;
}

enum { N_ALL = N_OUT + ASEL_DERIVE_COST_MAX };

static int derive(accelsel_dataset **out, const accelsel_dataset *ds, const asel_derive_in *in)
{
    size_t n = ds->n_rows, *ref = NULL;
    double *block = NULL, *minutes_of = NULL;
    int rc = asel_alloc_array(&ref, n ? n : 1, sizeof *ref);
    if (rc == 0)
        rc = asel_alloc_array(&block, n ? N_ALL * n : 1, sizeof *block);
    if (rc == 0)
        rc = asel_alloc_array(&minutes_of, n ? n : 1, sizeof *minutes_of);
    if (rc == 0)
        rc = references(ds, in, ref);
    if (rc == 0) {
        double *cols[N_ALL];
        const char *names[N_ALL];
        for (int k = 0; k < N_ALL; k++)
            cols[k] = block + (size_t)k * n, names[k] = k < N_OUT ? out_names[k] : NULL;
        for (size_t i = 0; i < n; i++) {
            compute_row(ds, in, i, ref[i], cols);
            minutes_of[i] = minutes(in, i);
        }
        size_t k = asel_derive_cost(in, n, cols[OUT_ACC], minutes_of, names + N_OUT, cols + N_OUT);
        rc = add_outputs(out, ds, names, cols, N_OUT + k);
    }
    asel_free(minutes_of);
    asel_free(ref);
    asel_free(block);
    return rc;
}

ACCELSEL_API int accelsel_dataset_derive(accelsel_dataset **out, const accelsel_dataset *in,
                                         const accelsel_derive_options *opts)
{
    static const char fn[] = "accelsel_dataset_derive";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (in == NULL)
        return asel_einval(fn, "in");
    asel_derive_in cols;
    int rc = asel_derive_resolve(in, opts, &cols);
    if (rc != 0)
        return rc;
    rc = derive(out, in, &cols);
    asel_derive_in_free(&cols);
    return rc;
}
