/* Adding columns to a dataset from caller arrays. Each call builds the whole
 * column first and swaps it in last, so a failure leaves the dataset as it was. */
#include <string.h>

#include "core/alloc.h"
#include "core/csv_utf8.h"
#include "core/error.h"
#include "data/table.h"

static int check_args(const char *fn, const accelsel_dataset *ds, const char *name,
                      const void *values, size_t n)
{
    if (ds == NULL)
        return asel_einval(fn, "ds");
    if (name == NULL)
        return asel_einval(fn, "name");
    if (name[0] == '\0')
        return asel_error(ACCELSEL_EINVAL, "%s: empty column name", fn);
    if (!asel_utf8_valid(name, strlen(name), NULL))
        return asel_error(ACCELSEL_EINVAL, "%s: column name is not valid UTF-8", fn);
    if (values == NULL && n != 0)
        return asel_einval(fn, "values");
    if (n != ds->n_rows)
        return asel_error(ACCELSEL_EINVAL, "%s: column '%s' has %zu values, the dataset %zu rows",
                          fn, name, n, ds->n_rows);
    return 0;
}

/* Hand a finished column to the dataset, or free it on failure. */
static int put_or_clear(accelsel_dataset *ds, asel_column *c)
{
    int rc = asel_ds_put(ds, c);
    if (rc != 0)
        asel_column_clear(c);
    return rc;
}

ACCELSEL_API int accelsel_dataset_add_numeric(accelsel_dataset *ds, const char *name,
                                              const double *values, size_t n)
{
    int rc = check_args("accelsel_dataset_add_numeric", ds, name, values, n);
    if (rc != 0)
        return rc;
    asel_column c = {0};
    c.type = ACCELSEL_COLUMN_NUMERIC;
    c.name = asel_strdup(name);
    c.num = asel_reallocarray(NULL, n, sizeof *c.num);
    if (c.name == NULL || c.num == NULL) {
        asel_column_clear(&c);
        return asel_enomem();
    }
    if (n != 0)
        memcpy(c.num, values, n * sizeof *c.num);
    return put_or_clear(ds, &c);
}

static int fill_levels(asel_column *c, const char *const *values, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (values[i] == NULL) {
            c->codes[i] = -1;
            continue;
        }
        size_t len = strlen(values[i]);
        if (!asel_utf8_valid(values[i], len, NULL))
            return asel_error(ACCELSEL_EINVAL,
                              "accelsel_dataset_add_categorical: value of row %zu in column '%s' "
                              "is not valid UTF-8",
                              i, c->name);
        int rc = asel_levels_intern(&c->levels, values[i], len, &c->codes[i]);
        if (rc != 0)
            return rc;
    }
    return 0;
}

ACCELSEL_API int accelsel_dataset_add_categorical(accelsel_dataset *ds, const char *name,
                                                  const char *const *values, size_t n)
{
    int rc = check_args("accelsel_dataset_add_categorical", ds, name, values, n);
    if (rc != 0)
        return rc;
    asel_column c = {0};
    c.type = ACCELSEL_COLUMN_CATEGORICAL;
    c.name = asel_strdup(name);
    c.codes = asel_reallocarray(NULL, n, sizeof *c.codes);
    if (c.name == NULL || c.codes == NULL) {
        asel_column_clear(&c);
        return asel_enomem();
    }
    if ((rc = fill_levels(&c, values, n)) != 0) {
        asel_column_clear(&c);
        return rc;
    }
    return put_or_clear(ds, &c);
}
