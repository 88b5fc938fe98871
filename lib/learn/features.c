/* Fitting a feature transform: resolve columns and transforms, choose the
 * fitting rows, then record per-column statistics. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"
#include "learn/features_impl.h"

#define FN "accelsel_features_fit"

ACCELSEL_API int accelsel_features_options_init(accelsel_features_options *opts,
                                                unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_features_options_init", "opts");
    if (version != ACCELSEL_FEATURES_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_features_options_init: unknown version %u",
                          version);
    *opts = (accelsel_features_options)ACCELSEL_FEATURES_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_features_options_size(void)
{
    return sizeof(accelsel_features_options);
}

static int check_options(const accelsel_features_options *opts, uint32_t *missing)
{
    *missing = ACCELSEL_MISSING_DROP;
    if (opts == NULL)
        return 0;
    if (opts->version != ACCELSEL_FEATURES_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, FN ": unknown options version %u", opts->version);
    if (opts->missing != ACCELSEL_MISSING_DROP && opts->missing != ACCELSEL_MISSING_IMPUTE)
        return asel_error(ACCELSEL_EINVAL, FN ": unknown missing-value policy %u", opts->missing);
    *missing = opts->missing;
    return 0;
}

/* Check a transform code against the column type; default resolved. */
static int resolve_transform(const char *name, int type, int t, int *out)
{
    if (t < ACCELSEL_TRANSFORM_DEFAULT || t > ACCELSEL_TRANSFORM_ONEHOT)
        return asel_error(ACCELSEL_EINVAL, FN ": unknown transform %d for column '%s'", t, name);
    int categorical = type == ACCELSEL_COLUMN_CATEGORICAL;
    if (t == ACCELSEL_TRANSFORM_DEFAULT)
        t = categorical ? ACCELSEL_TRANSFORM_ONEHOT : ACCELSEL_TRANSFORM_ZSCORE;
    if (categorical && t != ACCELSEL_TRANSFORM_ONEHOT)
        return asel_error(ACCELSEL_ETYPE,
                          FN ": column '%s' is categorical: only one-hot encoding applies", name);
    if (!categorical && t == ACCELSEL_TRANSFORM_ONEHOT)
        return asel_error(ACCELSEL_ETYPE,
                          FN ": column '%s' is numeric: one-hot needs a categorical column", name);
    *out = t;
    return 0;
}

static int resolve_inputs(accelsel_features *f, const accelsel_dataset *ds,
                          const char *const *columns, const int *transforms, size_t *cols)
{
    for (size_t i = 0; i < f->n_inputs; i++) {
        if (columns[i] == NULL)
            return asel_error(ACCELSEL_EINVAL, FN ": column name %zu is NULL", i);
        int rc = accelsel_dataset_column_index(ds, columns[i], &cols[i]);
        if (rc != 0)
            return rc;
        for (size_t k = 0; k < i; k++)
            if (cols[k] == cols[i])
                return asel_error(ACCELSEL_EINVAL, FN ": column '%s' given twice", columns[i]);
        asel_feat_input *in = &f->in[i];
        in->type = accelsel_dataset_column_type(ds, cols[i]);
        rc = resolve_transform(columns[i], in->type,
                               transforms ? transforms[i] : ACCELSEL_TRANSFORM_DEFAULT,
                               &in->transform);
        if (rc != 0)
            return rc;
        in->name = asel_strdup(columns[i]);
        if (in->name == NULL)
            return asel_enomem();
        in->center = 0.0;
        in->scale = 1.0;
    }
    return 0;
}

/* The fitting rows: all of them when imputing, else the complete ones. */
static int select_rows(const accelsel_features *f, const accelsel_dataset *ds, const size_t *cols,
                       size_t *rows, size_t *n_rows)
{
    size_t nr = accelsel_dataset_rows(ds), n = 0;
    for (size_t r = 0; r < nr; r++) {
        int complete = 1;
        for (size_t i = 0; i < f->n_inputs && f->missing == ACCELSEL_MISSING_DROP; i++)
            complete &= accelsel_dataset_is_missing(ds, r, cols[i]) == 0;
        if (complete)
            rows[n++] = r;
    }
    *n_rows = n;
    return n == 0 ? asel_feat_no_rows(FN, ds, cols, f->n_inputs) : 0;
}

int asel_feat_no_rows(const char *fn, const accelsel_dataset *ds, const size_t *cols, size_t n)
{
    if (accelsel_dataset_rows(ds) == 0)
        return asel_error(ACCELSEL_EEMPTY, "%s: no rows left (the dataset is empty)", fn);
    for (size_t i = 0; i < n; i++)
        if (!asel_ds_has_value(ds, cols[i]))
            return asel_error(ACCELSEL_EEMPTY,
                              "%s: no rows left after dropping rows with missing values: column "
                              "'%s' has no value in any row", fn,
                              accelsel_dataset_column_name(ds, cols[i]));
    return asel_error(ACCELSEL_EEMPTY, "%s: no rows left after dropping rows with missing values",
                      fn);
}

static int fit_inputs(accelsel_features *f, const accelsel_dataset *ds, const size_t *cols,
                      const size_t *rows, size_t n_rows, double *scratch)
{
    for (size_t i = 0; i < f->n_inputs; i++) {
        asel_feat_input *in = &f->in[i];
        int rc = in->type == ACCELSEL_COLUMN_NUMERIC
                     ? asel_features_fit_numeric(in, ds, cols[i], rows, n_rows, scratch)
                     : asel_features_fit_categorical(in, ds, cols[i], rows, n_rows);
        if (rc != 0)
            return rc;
    }
    return asel_features_finish(f);
}

ACCELSEL_API int accelsel_features_fit(accelsel_features **out, const accelsel_dataset *ds,
                                       const char *const *columns, const int *transforms,
                                       size_t n_columns, const accelsel_features_options *opts)
{
    if (out == NULL)
        return asel_einval(FN, "out");
    *out = NULL;
    if (ds == NULL || columns == NULL)
        return asel_einval(FN, ds == NULL ? "ds" : "columns");
    if (n_columns == 0)
        return asel_error(ACCELSEL_EINVAL, FN ": n_columns is 0: select at least one column");
    uint32_t missing;
    int rc = check_options(opts, &missing);
    if (rc != 0)
        return rc;
    accelsel_features *f = NULL;
    size_t nr = accelsel_dataset_rows(ds), n_rows = 0;
    size_t *cols = NULL, *rows = NULL;
    double *scratch = NULL;
    if ((rc = asel_features_alloc(&f, n_columns)) != 0 ||
        (rc = asel_alloc_array(&cols, n_columns, sizeof *cols)) != 0 ||
        (rc = asel_alloc_array(&rows, nr, sizeof *rows)) != 0 ||
        (rc = asel_alloc_array(&scratch, nr, sizeof *scratch)) != 0)
        goto done;
    f->missing = missing;
    if ((rc = resolve_inputs(f, ds, columns, transforms, cols)) != 0 ||
        (rc = select_rows(f, ds, cols, rows, &n_rows)) != 0 ||
        (rc = fit_inputs(f, ds, cols, rows, n_rows, scratch)) != 0)
        goto done;
    *out = f;
    f = NULL;
done:
    accelsel_features_free(f);
    asel_free(cols);
    asel_free(rows);
    asel_free(scratch);
    return rc;
}
