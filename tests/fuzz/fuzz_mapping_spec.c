/* Fuzz accelsel_mapping_evaluate() with caller specs made of the input
 * bytes: designs, slot masks and strategies of any value. Whatever the
 * spec, the call returns a documented status, and a mapping it returns has
 * a finite objective and a breakdown that adds up. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz_mapping_fixture.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int errors[] = {ACCELSEL_EINVAL, ACCELSEL_EINFEASIBLE, ACCELSEL_ENOMEM, 0};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const accelsel_mapping_problem *p = fuzz_map_problem();
    if (p == NULL)
        __builtin_trap();
    size_t S = accelsel_mapping_problem_slot_count(p), L = accelsel_mapping_problem_layer_count(p);
    uint32_t design[8] = {0};
    uint64_t groups[16] = {0};
    int32_t strat[16] = {0};
    if (S > 8 || L > 16)
        __builtin_trap();
    size_t at = 0;
    for (size_t s = 0; s < S && at < size; s++)
        design[s] = data[at++] % 3; /* sometimes outside the pool */
    for (size_t l = 0; l < L && at + 1 < size; l++) {
        groups[l] = data[at++] & 0x0f; /* sometimes empty or past the slots */
        strat[l] = (int8_t)data[at++];  /* sometimes out of range */
    }
    accelsel_mapping_spec spec = {ACCELSEL_MAPPING_SPEC_VERSION, S, design, L, groups, strat};
    accelsel_mapping *m = NULL;
    int rc = accelsel_mapping_evaluate(&m, p, &spec);
    if (rc != 0) {
        fuzz_check_failure(rc, m, errors, 0);
        return 0;
    }
    const accelsel_mapping_breakdown *b = accelsel_mapping_get_breakdown(m);
    double sum = b->compute_s + b->communication_s + b->idle_s;
    if (!isfinite(b->objective_s) || fabs(sum - b->used_slots * b->latency_s) > 1e-9 * (1 + sum))
        __builtin_trap();
    accelsel_mapping_free(m);
    return 0;
}
