/* Fuzz the text form of a job (accelsel_job_spec_parse()): any text parses
 * into a spec whose numbers keep their rules, or fails with
 * ACCELSEL_EPARSE (the spec untouched, no network handed out). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/place.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int errors[] = { ACCELSEL_EPARSE, ACCELSEL_ENOMEM, 0 };

static int whole(double v)
{
    return v == 0 || (v >= 1 && v <= 9007199254740992.0 && v == floor(v));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (text == NULL)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    accelsel_job_spec spec = ACCELSEL_JOB_SPEC_INIT, before = spec;
    char *network = NULL;
    int rc = accelsel_job_spec_parse(&spec, &network, text);
    if (rc != 0) {
        fuzz_check_failure(rc, network, errors, 0);
        if (memcmp(&spec, &before, sizeof spec) != 0)
            __builtin_trap();
    } else if (network == NULL || network[0] == '\0' || !whole(spec.global_batch) ||
               !whole(spec.per_device_batch) || (spec.global_batch > 0 && spec.per_device_batch > 0) ||
               !(isfinite(spec.epochs) && spec.epochs >= 0) ||
               !(isfinite(spec.total_samples) && spec.total_samples >= 0) ||
               (spec.epochs > 0 && spec.total_samples > 0) ||
               !(isfinite(spec.deadline) && spec.deadline >= 0) ||
               (spec.precision != ACCELSEL_PRECISION_AUTO &&
                (spec.precision < 0 || spec.precision >= ACCELSEL_PRECISION_COUNT)) ||
               spec.stack < 0 || spec.stack >= ACCELSEL_STACK_COUNT) {
        __builtin_trap();
    }
    accelsel_free(network);
    free(text);
    return 0;
}
