/* Fuzz the catalog YAML reader: load, and on success save, reload and save
 * again; the two saved texts must be identical. */
#include <stdint.h>

#include "accelsel/catalog.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_EVERSION, ACCELSEL_ENOMEM, 0};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelsel_catalog *cat = NULL, *again = NULL;
    int rc = accelsel_catalog_load_buffer(&cat, (const char *)data, size);
    if (rc != 0) {
        fuzz_check_failure(rc, cat, errors, 1);
        return 0;
    }
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    if (accelsel_catalog_save_buffer(cat, &first, &first_len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_catalog_load_buffer(&again, first, first_len), first);
    if (accelsel_catalog_save_buffer(again, &second, &second_len) != 0)
        __builtin_trap();
    fuzz_check_same(first, first_len, second, second_len);
    accelsel_free(first);
    accelsel_free(second);
    accelsel_catalog_free(again);
    accelsel_catalog_free(cat);
    return 0;
}
