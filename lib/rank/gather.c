/* The rows a ranking keeps and their criteria, oriented so that larger is
 * better: the missing-value policy is applied here. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"
#include "rank/rank_impl.h"

/* 1 if @p row is ranked, 0 if it is left out, or a negative status. */
static int row_status(const accelsel_dataset *ds, const asel_rank_column *cols, size_t k, size_t row,
                      uint32_t missing)
{
    int keep = 1;
    char at[256];
    for (size_t j = 0; j < k; j++) {
        double v = cols[j].values[row];
        if (isinf(v) || (isnan(v) && missing == ACCELSEL_RANK_MISSING_ERROR))
            asel_ds_row_place(ds, row, at, sizeof at);
        if (isinf(v))
            return asel_error(ACCELSEL_EDATA, "column '%s', %s: infinite value", cols[j].name, at);
        if (isnan(v)) {
            if (missing == ACCELSEL_RANK_MISSING_ERROR)
                return asel_error(ACCELSEL_EDATA, "column '%s', %s: missing value", cols[j].name,
                                  at);
            keep = 0;
        }
    }
    return keep;
}

/* ACCELSEL_EEMPTY, naming a criterion that no row has where there is one. */
static int no_complete_row(const accelsel_ranking *r, const asel_rank_column *cols, size_t k)
{
    for (size_t j = 0; j < k; j++) {
        size_t row = 0;
        while (row < r->n_rows && isnan(cols[j].values[row]))
            row++;
        if (row == r->n_rows && r->n_rows > 0)
            return asel_error(ACCELSEL_EEMPTY, "no row has a value for every criterion: column "
                              "'%s' has no value in any of the %zu rows", cols[j].name, r->n_rows);
    }
    return asel_error(ACCELSEL_EEMPTY,
                      "no row has a value for every criterion (%zu rows, each missing one)",
                      r->n_rows);
}

int asel_rank_gather(accelsel_ranking *r, const accelsel_dataset *ds, const asel_rank_column *cols,
                     size_t k, uint32_t missing)
{
    size_t m = 0;
    for (size_t row = 0; row < r->n_rows; row++) {
        int rc = row_status(ds, cols, k, row, missing);
        if (rc < 0)
            return rc;
        m += (size_t)rc;
    }
    if (m == 0)
        return no_complete_row(r, cols, k);
    if (asel_alloc_array(&r->rows, m, sizeof *r->rows) != 0 ||
        asel_alloc_array(&r->norm, m, k * sizeof *r->norm) != 0)
        return ACCELSEL_ENOMEM;
    size_t i = 0;
    for (size_t row = 0; row < r->n_rows; row++) {
        if (row_status(ds, cols, k, row, missing) == 0)
            continue;
        r->rows[i] = row;
        for (size_t j = 0; j < k; j++)
            r->norm[i * k + j] = cols[j].sign * cols[j].values[row];
        i++;
    }
    r->n_ranked = m;
    return 0;
}
