/* Column lookup by name, with a suggestion when the name is unknown. */
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"

size_t asel_ds_lookup(const accelsel_dataset *ds, const char *name)
{
    for (size_t i = 0; i < ds->n_cols; i++)
        if (strcmp(ds->cols[i].name, name) == 0)
            return i;
    return SIZE_MAX;
}

/* Levenshtein distance over bytes, one row of the table at a time; names are
 * short, and a name too long for the stack row is simply not suggested. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t row[257];
    if (lb > 256)
        return SIZE_MAX;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* A name the unknown one begins (typed short) ranks first, then one that
 * contains it, then the rest; within each kind the smaller edit distance wins. */
static size_t suggestion_rank(const char *name, const char *candidate)
{
    size_t d = edit_distance(name, candidate);
    if (d == SIZE_MAX)
        return SIZE_MAX;
    const char *at = strstr(candidate, name);
    return at == candidate ? d : at != NULL ? d + SIZE_MAX / 4 : d + SIZE_MAX / 2;
}

int asel_ds_find(const accelsel_dataset *ds, const char *fn, const char *name, size_t *col)
{
    *col = asel_ds_lookup(ds, name);
    if (*col != SIZE_MAX)
        return 0;
    const char *best = NULL;
    size_t best_rank = SIZE_MAX;
    for (size_t i = 0; i < ds->n_cols; i++) {
        size_t r = suggestion_rank(name, ds->cols[i].name);
        if (best == NULL || r < best_rank) {
            best_rank = r;
            best = ds->cols[i].name;
        }
    }
    if (best == NULL)
        return asel_error(ACCELSEL_ENOTFOUND, "%s: no column '%s' (the dataset has no columns)", fn,
                          name);
    return asel_error(ACCELSEL_ENOTFOUND, "%s: no column '%s' (closest: '%s')", fn, name, best);
}
