/* Per-column statistics of a feature transform: imputation values, log10,
 * centre and scale, one-hot levels. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/median.h"
#include "core/scale.h"
#include "data/table.h"
#include "learn/features_impl.h"

#define FN "accelsel_features_fit"

int asel_feat_is_log(int transform)
{
    return transform == ACCELSEL_TRANSFORM_LOG10 || transform == ACCELSEL_TRANSFORM_LOG10_ZSCORE;
}

/* The non-missing values of the fitting rows into @p out, checked. */
static int gather(const asel_feat_input *in, const accelsel_dataset *ds, const double *v,
                  const size_t *rows, size_t n_rows, double *out, size_t *n_out)
{
    size_t n = 0;
    char at[256];
    for (size_t k = 0; k < n_rows; k++) {
        double x = v[rows[k]];
        if (isnan(x))
            continue;
        if (isinf(x) || (asel_feat_is_log(in->transform) && x <= 0))
            asel_ds_row_place(ds, rows[k], at, sizeof at);
        if (isinf(x))
            return asel_error(ACCELSEL_EDATA, FN ": column '%s', %s: infinite value", in->name, at);
        if (asel_feat_is_log(in->transform) && x <= 0)
            return asel_error(ACCELSEL_EDATA, FN ": column '%s', %s: log10 of %g needs a value > 0",
                              in->name, at, x);
        out[n++] = x;
    }
    *n_out = n;
    if (n == 0)
        return asel_error(ACCELSEL_EEMPTY, FN ": column '%s' has no value to impute from",
                          in->name);
    return 0;
}

/* The value that enters the scaling for dataset value @p x. */
static double pre_scale(const asel_feat_input *in, double x)
{
    if (isnan(x))
        x = in->impute;
    return asel_feat_is_log(in->transform) ? log10(x) : x;
}

/* The scale of a column that varies must be finite and above 0. A range
 * wider than the largest double cannot be a finite scale; a spread of a few
 * subnormals (0 and 4.9e-324) gives a standard deviation that rounds to 0,
 * and dividing by it would turn every value into NaN or infinity that later
 * steps blame on the data. */
static int check_scale(const asel_feat_input *in, double lo, double hi)
{
    if (!isfinite(in->scale))
        return asel_error(ACCELSEL_EDATA,
                          FN ": column '%s' spans %g to %g, a range wider than the largest double: "
                          "it cannot be scaled",
                          in->name, lo, hi);
    if (!(in->scale > 0))
        return asel_error(ACCELSEL_EDATA,
                          FN ": column '%s' spans %g to %g, a spread too small for a double: its "
                          "standard deviation rounds to 0, so it cannot be scaled; leave it out "
                          "of the features",
                          in->name, lo, hi);
    return 0;
}

/* Centre and scale, computed on the values divided by their
 * asel_magnitude_unit(): sums of values near 1e200 or of squares of values
 * near 1e-170 would overflow or underflow, and the column would drop out. */
static int fit_scale(asel_feat_input *in, const double *v, const size_t *rows, size_t n_rows)
{
    double sum = 0, lo = INFINITY, hi = -INFINITY, big = 0;
    for (size_t k = 0; k < n_rows; k++) {
        double t = pre_scale(in, v[rows[k]]);
        lo = t < lo ? t : lo;
        hi = t > hi ? t : hi;
        big = fabs(t) > big ? fabs(t) : big;
    }
    double unit = asel_magnitude_unit(big);
    for (size_t k = 0; k < n_rows; k++)
        sum += pre_scale(in, v[rows[k]]) / unit;
    if (in->transform == ACCELSEL_TRANSFORM_MINMAX || in->transform == ACCELSEL_TRANSFORM_ZSCORE ||
        in->transform == ACCELSEL_TRANSFORM_LOG10_ZSCORE) {
        if (lo == hi)
            return asel_error(ACCELSEL_EDATA,
                              FN ": column '%s' is constant (%s%g on every row used): it cannot "
                              "be scaled; leave it out of the features", in->name,
                              asel_feat_is_log(in->transform) ? "log10 " : "",
                              pre_scale(in, v[rows[0]]));
    }
    if (in->transform == ACCELSEL_TRANSFORM_MINMAX) {
        in->center = lo;
        in->scale = hi - lo;
    } else if (in->transform != ACCELSEL_TRANSFORM_NONE &&
               in->transform != ACCELSEL_TRANSFORM_LOG10) {
        double mean = sum / (double)n_rows, ss = 0;
        for (size_t k = 0; k < n_rows; k++) {
            double d = pre_scale(in, v[rows[k]]) / unit - mean;
            ss += d * d;
        }
        in->center = mean * unit;
        in->scale = sqrt(ss / (double)n_rows) * unit;
    }
    return check_scale(in, lo, hi);
}

int asel_features_fit_numeric(asel_feat_input *in, const accelsel_dataset *ds, size_t col,
                              const size_t *rows, size_t n_rows, double *scratch)
{
    const double *v = accelsel_dataset_numeric(ds, col);
    size_t n = 0;
    int rc = gather(in, ds, v, rows, n_rows, scratch, &n);
    if (rc != 0)
        return rc;
    in->impute = asel_median(scratch, n);
    return fit_scale(in, v, rows, n_rows);
}

/* Levels in order of first appearance among the fitting rows, and the most
 * common one (the earliest on ties). @p map and @p count have one entry per
 * dataset level. */
static int collect_levels(asel_feat_input *in, const accelsel_dataset *ds, size_t col,
                          const size_t *rows, size_t n_rows, size_t *map, size_t *count)
{
    for (size_t k = 0; k < n_rows; k++) {
        int64_t code = accelsel_dataset_code(ds, rows[k], col);
        if (code < 0)
            continue;
        if (map[code] == SIZE_MAX) {
            in->levels[in->n_out] = asel_strdup(accelsel_dataset_level(ds, col, (size_t)code));
            if (in->levels[in->n_out] == NULL)
                return asel_enomem();
            map[code] = in->n_out++;
        }
        count[map[code]]++;
    }
    if (in->n_out == 0)
        return asel_error(ACCELSEL_EEMPTY, FN ": column '%s' has no value to impute from",
                          in->name);
    in->impute_level = 0;
    for (size_t l = 1; l < in->n_out; l++)
        if (count[l] > count[in->impute_level])
            in->impute_level = l;
    return 0;
}

int asel_features_fit_categorical(asel_feat_input *in, const accelsel_dataset *ds, size_t col,
                                  const size_t *rows, size_t n_rows)
{
    size_t nl = accelsel_dataset_levels(ds, col);
    size_t *map = NULL, *count = NULL;
    int rc;
    if ((rc = asel_alloc_array(&map, nl, sizeof *map)) != 0 ||
        (rc = asel_alloc_array(&count, nl, sizeof *count)) != 0 ||
        (rc = asel_alloc_array(&in->levels, nl, sizeof *in->levels)) != 0)
        goto done;
    for (size_t l = 0; l < nl; l++) {
        map[l] = SIZE_MAX;
        count[l] = 0;
    }
    in->n_out = 0;
    rc = collect_levels(in, ds, col, rows, n_rows, map, count);
    /* Each level is an output column of every row: a level per row would
     * make the matrix rows x rows (1.6 GB from a 79 KB file). */
    if (rc == 0 && in->n_out > ASEL_ONEHOT_MAX_LEVELS)
        rc = asel_error(ACCELSEL_EDATA,
                        FN ": column '%s' has %zu distinct values among the rows used; one-hot "
                        "encoding takes at most %d (each level is a column of every row)",
                        in->name, in->n_out, ASEL_ONEHOT_MAX_LEVELS);
done:
    asel_free(map);
    asel_free(count);
    return rc;
}
