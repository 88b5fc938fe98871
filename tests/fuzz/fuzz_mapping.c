/* Fuzz the mapping YAML reader on a fixed problem: load, and on success
 * save, reload and save again; the two saved texts must be identical and
 * the reloaded mapping must have the same objective value. */
#include <stdint.h>

#include "fuzz_mapping_fixture.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_EVERSION, ACCELSEL_EINVAL,
                             ACCELSEL_EINFEASIBLE, ACCELSEL_ENOMEM, 0};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const accelsel_mapping_problem *p = fuzz_map_problem();
    accelsel_mapping *m = NULL, *again = NULL;
    if (p == NULL)
        __builtin_trap();
    int rc = accelsel_mapping_load_buffer(&m, p, (const char *)data, size);
    if (rc != 0) {
        fuzz_check_failure(rc, m, errors, 1);
        return 0;
    }
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    if (accelsel_mapping_save_buffer(m, &first, &first_len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_mapping_load_buffer(&again, p, first, first_len), first);
    if (accelsel_mapping_objective_s(again) != accelsel_mapping_objective_s(m))
        __builtin_trap();
    if (accelsel_mapping_save_buffer(again, &second, &second_len) != 0)
        __builtin_trap();
    fuzz_check_same(first, first_len, second, second_len);
    accelsel_free(first);
    accelsel_free(second);
    accelsel_mapping_free(again);
    accelsel_mapping_free(m);
    return 0;
}
