/* Column lookup by name, with a suggestion when the name is unknown. */
#include <stdint.h>
#include <string.h>

#include "core/error.h"
#include "core/suggest.h"
#include "data/table.h"

size_t asel_ds_lookup(const accelsel_dataset *ds, const char *name)
{
    int32_t code = asel_levels_find(&ds->names, name, strlen(name));
    return code < 0 ? SIZE_MAX : (size_t)code;
}

int asel_ds_find(const accelsel_dataset *ds, const char *fn, const char *name, size_t *col)
{
    *col = asel_ds_lookup(ds, name);
    if (*col != SIZE_MAX)
        return 0;
    const char *best = NULL;
    size_t best_rank = SIZE_MAX;
    for (size_t i = 0; i < ds->n_cols; i++) {
        size_t r = asel_suggest_rank(name, ds->cols[i].name, 0);
        if (best == NULL || r < best_rank) {
            best_rank = r;
            best = ds->cols[i].name;
        }
    }
    if (best == NULL)
        return asel_error(ACCELSEL_ENOTFOUND, "%s: no column '%.*s%s' (the dataset has no columns)",
                          fn, ASEL_QUOTE_MAX, name, asel_ellipsis(name));
    return asel_error(ACCELSEL_ENOTFOUND, "%s: no column '%.*s%s' (closest: '%s')", fn,
                      ASEL_QUOTE_MAX, name, asel_ellipsis(name), best);
}
