/* The Ward tree in SciPy's linkage form, and its cut into k clusters. */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/ward.h"

typedef struct order_key {
    double height;
    size_t index;
} order_key;

static int cmp_key(const void *pa, const void *pb)
{
    const order_key *a = pa, *b = pb;
    if (a->height != b->height)
        return a->height < b->height ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

/* Root of @p x with path halving. */
static size_t find_root(size_t *parent, size_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

int asel_ward_label(asel_ward_merge *merges, size_t n)
{
    size_t m = n - 1, *parent = NULL;
    order_key *keys = NULL;
    asel_ward_merge *copy = NULL;
    int rc = asel_alloc_array(&keys, m, sizeof *keys);
    if (rc == 0)
        rc = asel_alloc_array(&copy, m, sizeof *copy);
    if (rc == 0)
        rc = asel_alloc_array(&parent, 2 * n - 1, sizeof *parent);
    if (rc == 0) {
        for (size_t i = 0; i < m; i++)
            keys[i] = (order_key){merges[i].height, i};
        qsort(keys, m, sizeof *keys, cmp_key);
        memcpy(copy, merges, m * sizeof *copy);
        for (size_t i = 0; i < 2 * n - 1; i++)
            parent[i] = i;
        for (size_t i = 0; i < m; i++) {
            const asel_ward_merge *r = &copy[keys[i].index];
            size_t ra = find_root(parent, r->a), rb = find_root(parent, r->b);
            parent[ra] = parent[rb] = n + i;
            merges[i] = (asel_ward_merge){ra < rb ? ra : rb, ra < rb ? rb : ra, r->height, r->size};
        }
    }
    asel_free(keys);
    asel_free(copy);
    asel_free(parent);
    return rc;
}

int asel_ward_cut(const asel_ward_merge *merges, size_t n, size_t k, uint32_t *labels)
{
    size_t *parent = NULL, *label_of = NULL;
    int rc = asel_alloc_array(&parent, 2 * n - 1, sizeof *parent);
    if (rc == 0)
        rc = asel_alloc_array(&label_of, 2 * n - 1, sizeof *label_of);
    if (rc == 0) {
        for (size_t i = 0; i < 2 * n - 1; i++) {
            parent[i] = i;
            label_of[i] = SIZE_MAX;
        }
        for (size_t i = 0; i + k < n; i++)
            parent[merges[i].a] = parent[merges[i].b] = n + i;
        uint32_t next = 0;
        for (size_t p = 0; p < n; p++) {
            size_t r = find_root(parent, p);
            if (label_of[r] == SIZE_MAX)
                label_of[r] = next++;
            labels[p] = (uint32_t)label_of[r];
        }
    }
    asel_free(parent);
    asel_free(label_of);
    return rc;
}
