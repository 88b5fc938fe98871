/* The rules of a slot's figures and design pool (hw/slot_rules.h). */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "hw/slot_rules.h"

const char *asel_hw_positive_fault(double v)
{
    if (!(v > 0))
        return "must be positive";
    return v < INFINITY ? NULL : "must be finite";
}

const char *asel_hw_bytes_fault(double v)
{
    const char *fault = asel_hw_positive_fault(v);
    if (fault == NULL && (v < 1 || v != floor(v))) /* above 2^53 every double is whole */
        fault = "must be a whole number of bytes >= 1";
    return fault;
}

int asel_hw_pool_repeat(const size_t *pool, size_t n, size_t n_designs, size_t *at,
                        size_t *first)
{
    size_t *seen = asel_calloc(n_designs + 1, sizeof *seen); /* 1 + position, 0 = not yet */
    if (seen == NULL)
        return asel_enomem();
    *at = n;
    for (size_t i = 0; i < n; i++) {
        if (seen[pool[i]] != 0) {
            *at = i;
            *first = seen[pool[i]] - 1;
            break;
        }
        seen[pool[i]] = i + 1;
    }
    asel_free(seen);
    return 0;
}
