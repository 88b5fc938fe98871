/* Copying a subset of rows into a new dataset. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"

static int take_numeric(asel_column *dst, const asel_column *src, const size_t *rows, size_t n)
{
    if ((dst->num = asel_reallocarray(NULL, n, sizeof *dst->num)) == NULL)
        return asel_enomem();
    for (size_t i = 0; i < n; i++)
        dst->num[i] = src->num[rows[i]];
    return 0;
}

/* Levels are renumbered so that the subset's levels are the values it holds,
 * in its own order of first appearance. */
static int take_categorical(asel_column *dst, const asel_column *src, const size_t *rows,
                            size_t n)
{
    int32_t *map = asel_reallocarray(NULL, src->levels.n, sizeof *map);
    dst->codes = asel_reallocarray(NULL, n, sizeof *dst->codes);
    int rc = map != NULL && dst->codes != NULL ? 0 : asel_enomem();
    if (rc == 0 && src->levels.n != 0)
        memset(map, 0xFF, src->levels.n * sizeof *map);
    for (size_t i = 0; i < n && rc == 0; i++) {
        int32_t old = src->codes[rows[i]];
        if (old >= 0 && map[old] < 0) {
            const char *s = asel_levels_get(&src->levels, (size_t)old);
            rc = asel_levels_intern(&dst->levels, s, strlen(s), &map[old]);
        }
        dst->codes[i] = old < 0 ? -1 : map[old];
    }
    asel_free(map);
    return rc;
}

static int take_column(accelsel_dataset *dst, const asel_column *src, const size_t *rows,
                       size_t n)
{
    asel_column c = {0};
    c.type = src->type;
    c.name = asel_strdup(src->name);
    int rc = c.name == NULL ? asel_enomem()
             : c.type == ACCELSEL_COLUMN_NUMERIC ? take_numeric(&c, src, rows, n)
                                                  : take_categorical(&c, src, rows, n);
    if (rc == 0)
        rc = asel_ds_put(dst, &c);
    if (rc != 0)
        asel_column_clear(&c);
    return rc;
}

int asel_ds_take_rows(accelsel_dataset **out, const accelsel_dataset *ds, const size_t *rows,
                      size_t n)
{
    accelsel_dataset *res = NULL;
    int rc = asel_ds_create(&res, n);
    if (rc == 0)
        rc = asel_ds_copy_origin(res, ds, rows);
    for (size_t j = 0; j < ds->n_cols && rc == 0; j++)
        rc = take_column(res, &ds->cols[j], rows, n);
    if (rc != 0) {
        accelsel_dataset_free(res);
        return rc;
    }
    *out = res;
    return 0;
}
