/* Fuzz the predictor's parameter-file reader: load against the built-in
 * catalog, and on success save, reload and save again; the two saved texts
 * must be identical, and a prediction with the loaded parameters must not
 * crash. */
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/catalog.h"
#include "accelsel/network.h"
#include "accelsel/predict.h"
#include "fuzz_predict.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The statuses the header documents for this input. */
static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_EVERSION, ACCELSEL_ENOMEM, 0};

static accelsel_catalog *cat;
static accelsel_network *net;

static void predict_once(const accelsel_predictor *p)
{
    accelsel_prediction r;
    int rc = fuzz_predict_once(p, net, "a100-sxm4-80gb", 64, &r);
    if (rc != 0 && rc != ACCELSEL_EINFEASIBLE)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_predict_inputs(&cat, &net, "small-cnn");
    accelsel_predictor *p = NULL, *again = NULL;
    int rc = accelsel_predictor_load_params_buffer(&p, cat, (const char *)data, size, NULL);
    if (rc != 0) {
        fuzz_check_failure(rc, p, errors, 1);
        return 0;
    }
    char *first = NULL, *second = NULL;
    size_t first_len = 0, second_len = 0;
    if (accelsel_predictor_save_params_buffer(p, &first, &first_len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_predictor_load_params_buffer(&again, cat, first, first_len, NULL), first);
    if (accelsel_predictor_save_params_buffer(again, &second, &second_len) != 0)
        __builtin_trap();
    fuzz_check_same(first, first_len, second, second_len);
    predict_once(again);
    accelsel_free(first);
    accelsel_free(second);
    accelsel_predictor_free(again);
    accelsel_predictor_free(p);
    return 0;
}
