/* Grouping rows by the values of several columns: one column at a time, a
 * hash table maps (group so far, value) to the refined group. */
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/derive_int.h"

typedef struct slot {
    uint64_t group, value;
    size_t id; /* SIZE_MAX = empty */
} slot;

static uint64_t mix(uint64_t a, uint64_t b)
{
    uint64_t z = a * 0x9E3779B97F4A7C15u ^ b;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* A key per cell such that equal values (missing included) give equal keys. */
static uint64_t value_key(const asel_column *c, size_t row)
{
    if (c->type == ACCELSEL_COLUMN_CATEGORICAL)
        return (uint64_t)(int64_t)c->codes[row];
    double v = c->num[row];
    if (v != v)
        return UINT64_C(0x7FF8000000000000);
    if (v == 0)
        return 0; /* -0.0 equals 0.0 */
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return bits;
}

static size_t refine(slot *table, size_t mask, size_t *gid, const asel_column *c, size_t n)
{
    for (size_t k = 0; k <= mask; k++)
        table[k].id = SIZE_MAX;
    size_t next = 0;
    for (size_t row = 0; row < n; row++) {
        uint64_t g = gid[row], v = value_key(c, row);
        size_t k = mix(g, v) & mask;
        while (table[k].id != SIZE_MAX && (table[k].group != g || table[k].value != v))
            k = (k + 1) & mask;
        if (table[k].id == SIZE_MAX)
            table[k] = (slot){g, v, next++};
        gid[row] = table[k].id;
    }
    return next;
}

int asel_group_rows(const accelsel_dataset *ds, const size_t *cols, size_t k, size_t *gid,
                    size_t *n_groups)
{
    size_t n = ds->n_rows, cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    for (size_t row = 0; row < n; row++)
        gid[row] = 0;
    *n_groups = n != 0;
    if (k == 0)
        return 0;
    slot *table = asel_reallocarray(NULL, cap, sizeof *table);
    if (table == NULL)
        return asel_enomem();
    for (size_t j = 0; j < k; j++)
        *n_groups = refine(table, cap - 1, gid, &ds->cols[cols[j]], n);
    asel_free(table);
    return 0;
}
