/* Using a loaded feature transform: a loader must not accept what its users
 * cannot handle. Two rows are built from the transform's own inputs (one
 * with a value in every column, one missing everywhere), transformed and
 * mapped back; only documented statuses may come out. */
#ifndef FUZZ_ROWS_H
#define FUZZ_ROWS_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/dataset.h"
#include "accelsel/features.h"

static inline void fuzz_add_input(accelsel_dataset *ds, const accelsel_features *f, size_t i)
{
    const char *name = accelsel_features_input_name(f, i);
    size_t col;
    if (accelsel_dataset_column_index(ds, name, &col) == 0)
        return; /* a name given twice */
    static const double num[2] = {10.0, NAN};
    static const char *const text[2] = {"x", NULL};
    int rc = accelsel_features_input_transform(f, i) == ACCELSEL_TRANSFORM_ONEHOT
                 ? accelsel_dataset_add_categorical(ds, name, text, 2)
                 : accelsel_dataset_add_numeric(ds, name, num, 2);
    if (rc != 0)
        __builtin_trap();
}

/* The rows for @p f, or NULL if its input names cannot name columns. */
static inline accelsel_dataset *fuzz_rows_for(const accelsel_features *f)
{
    accelsel_dataset *ds = NULL;
    if (accelsel_dataset_new(&ds, 2) != 0)
        __builtin_trap();
    for (size_t i = 0; i < accelsel_features_n_inputs(f); i++)
        fuzz_add_input(ds, f, i);
    return ds;
}

/* A status accelsel_features_transform() documents for such rows. */
static inline void fuzz_check_transform_status(int rc)
{
    if (rc != 0 && rc != ACCELSEL_EEMPTY && rc != ACCELSEL_EDATA)
        __builtin_trap();
}

static inline void fuzz_use_features(const accelsel_features *f)
{
    accelsel_dataset *ds = fuzz_rows_for(f);
    size_t dim = accelsel_features_dim(f), n_in = accelsel_features_n_inputs(f), n = 0;
    size_t rows[2];
    double *x = malloc(2 * dim * sizeof *x), *back = malloc(2 * n_in * sizeof *back);
    if (x == NULL || back == NULL)
        __builtin_trap();
    int rc = accelsel_features_transform(f, ds, x, 2 * dim, &n, rows);
    fuzz_check_transform_status(rc);
    if (rc == 0 && (n == 0 || n > 2 || rows[0] > 1 ||
                    accelsel_features_inverse(f, x, n, back, 2 * n_in) != 0))
        __builtin_trap();
    free(back);
    free(x);
    accelsel_dataset_free(ds);
}

#endif
