/* From a dataset and criteria to the matrix a ranking works on: argument
 * checks, column lookup, weight normalisation and the rows kept. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/scale.h"
#include "data/table.h"
#include "rank/rank_impl.h"

static int check_criterion(const accelsel_criterion *c, size_t i)
{
    if (c->column == NULL)
        return asel_error(ACCELSEL_EINVAL, "criteria[%zu].column is NULL", i);
    if (isnan(c->weight))
        return asel_error(ACCELSEL_EINVAL, "criteria[%zu].weight of column '%s' is NaN", i,
                          c->column);
    if (isinf(c->weight))
        return asel_error(ACCELSEL_EINVAL, "criteria[%zu].weight of column '%s' is infinite", i,
                          c->column);
    if (c->weight < 0.0)
        return asel_error(ACCELSEL_EINVAL, "criteria[%zu].weight of column '%s' is negative (%g)",
                          i, c->column, c->weight);
    if (c->direction != ACCELSEL_CRITERION_BENEFIT && c->direction != ACCELSEL_CRITERION_COST)
        return asel_error(ACCELSEL_EINVAL,
                          "criteria[%zu].direction of column '%s' is %d, not benefit (%d) or cost (%d)",
                          i, c->column, (int)c->direction, ACCELSEL_CRITERION_BENEFIT,
                          ACCELSEL_CRITERION_COST);
    return 0;
}

int asel_rank_check_criteria(const accelsel_criterion *c, size_t n)
{
    int any = 0;
    for (size_t i = 0; i < n; i++) {
        int rc = check_criterion(&c[i], i);
        if (rc != 0)
            return asel_error_blame("criteria");
        any |= c[i].weight > 0.0;
    }
    if (!any)
        return asel_error_field(ACCELSEL_EINVAL, "criteria", "every weight is zero");
    return 0;
}

size_t asel_rank_weights(const accelsel_criterion *c, size_t n, double *w)
{
    /* Scaled before summing so that the sum of huge weights cannot
     * overflow. */
    double big = 0.0, sum = 0.0;
    size_t used = 0;
    for (size_t i = 0; i < n; i++)
        big = fmax(big, c[i].weight);
    double unit = asel_magnitude_unit(big);
    for (size_t i = 0; i < n; i++)
        sum += c[i].weight / unit;
    for (size_t i = 0; i < n; i++) {
        w[i] = c[i].weight / unit / sum;
        used += c[i].weight > 0.0;
    }
    return used;
}

static int resolve_column(const accelsel_dataset *ds, const accelsel_criterion *c, size_t i,
                          size_t *col)
{
    int rc = accelsel_dataset_column_index(ds, c->column, col);
    if (rc != 0) {
        char detail[256];
        snprintf(detail, sizeof detail, "%s", accelsel_last_error()->message);
        return asel_error(rc, "criteria[%zu].column: %s", i, detail);
    }
    if (accelsel_dataset_column_type(ds, *col) != ACCELSEL_COLUMN_NUMERIC) {
        char what[48];
        snprintf(what, sizeof what, "criteria[%zu].column", i);
        return asel_ds_not_numeric(ds, *col, what, "a criterion needs a numeric column");
    }
    return 0;
}

int asel_rank_resolve(const accelsel_dataset *ds, const accelsel_criterion *c, size_t n,
                      size_t *cols)
{
    /* Per dataset column, 1 + the criterion that took it: a repeat is found
     * in constant time, so that many criteria cost linear time. */
    size_t *taken = NULL;
    int rc = asel_alloc_array(&taken, accelsel_dataset_cols(ds), sizeof *taken);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        rc = resolve_column(ds, &c[i], i, &cols[i]);
        if (rc == 0 && taken[cols[i]] != 0)
            rc = asel_error(ACCELSEL_EINVAL, "criteria[%zu].column: column '%s' is already "
                            "criteria[%zu]", i, c[i].column, taken[cols[i]] - 1);
        if (rc == 0)
            taken[cols[i]] = i + 1;
    }
    asel_free(taken);
    return rc == 0 ? 0 : asel_error_blame("criteria");
}
