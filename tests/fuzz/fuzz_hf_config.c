/* Fuzz the configuration-file reader (config.json): load, and on success
 * save as YAML, reload and save again; the two saved texts must be
 * identical and the reloaded network must have the same parameters. */
#include <stdint.h>

#include "accelsel/network.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_ERANGE, ACCELSEL_ENOMEM, 0};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelsel_network *net = NULL, *again = NULL;
    int rc = accelsel_network_load_hf_buffer(&net, (const char *)data, size, NULL);
    if (rc != 0) {
        fuzz_check_failure(rc, net, errors, 1);
        return 0;
    }
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    if (accelsel_network_save_buffer(net, &first, &first_len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_network_load_buffer(&again, first, first_len, NULL), first);
    if (accelsel_network_get_totals(again)->params != accelsel_network_get_totals(net)->params)
        __builtin_trap();
    if (accelsel_network_save_buffer(again, &second, &second_len) != 0)
        __builtin_trap();
    fuzz_check_same(first, first_len, second, second_len);
    accelsel_free(first);
    accelsel_free(second);
    accelsel_network_free(again);
    accelsel_network_free(net);
    return 0;
}
