/* Fuzz the step-measurement loader (include/accelsel/steps.h): a failure
 * has a documented status and, but for an empty file, its source, line and
 * column; a success holds rows whose times keep the format's rules, and
 * the dataset saved as CSV loads again with the same rows. Devices come
 * from a small catalog built once (the corpus names its CPU "c2"). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/accelsel.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int errors[] = {ACCELSEL_EPARSE,    ACCELSEL_ERANGE, ACCELSEL_ENOTFOUND,
                             ACCELSEL_EDATA,     ACCELSEL_EEMPTY, ACCELSEL_ENOMEM, 0};

static const accelsel_catalog *catalog(void)
{
    static accelsel_catalog *cat; /* the harness's, made once */
    static const char yaml[] =
        "version: 1\ndevices:\n"
        "  - {name: c2, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9, source: s}\n"
        "  - {name: g1, vendor: v, kind: gpu, source: s}\n";
    if (cat == NULL && accelsel_catalog_load_buffer(&cat, yaml, sizeof yaml - 1) != 0)
        __builtin_trap();
    return cat;
}

static void check_rows(const accelsel_dataset *ds)
{
    size_t lo, med;
    if (accelsel_dataset_column_index(ds, "step_min_s", &lo) != 0 ||
        accelsel_dataset_column_index(ds, "step_median_s", &med) != 0)
        __builtin_trap();
    for (size_t r = 0; r < accelsel_dataset_rows(ds); r++) {
        double a = accelsel_dataset_number(ds, r, lo), b = accelsel_dataset_number(ds, r, med);
        if (!(a > 0 && a <= b && isfinite(b)))
            __builtin_trap();
    }
}

static void reload(const accelsel_dataset *ds, const accelsel_steps_options *o)
{
    char *text = NULL;
    size_t len = 0;
    accelsel_dataset *again = NULL;
    if (accelsel_dataset_save_csv_buffer(ds, &text, &len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_steps_load_buffer(&again, catalog(), text, len, o), text);
    if (accelsel_dataset_rows(again) != accelsel_dataset_rows(ds))
        __builtin_trap();
    accelsel_dataset_free(again);
    accelsel_free(text);
}

static void one(const uint8_t *data, size_t size, const accelsel_steps_options *o)
{
    accelsel_dataset *ds = NULL;
    int rc = accelsel_steps_load_buffer(&ds, catalog(), (const char *)data, size, o);
    if (rc != 0) {
        fuzz_check_failure(rc, ds, errors, 1);
        const accelsel_error *e = accelsel_last_error();
        if (rc != ACCELSEL_EEMPTY && rc != ACCELSEL_ENOMEM && (e->line == 0 || e->column == 0))
            __builtin_trap();
        return;
    }
    check_rows(ds);
    reload(ds, o);
    accelsel_dataset_free(ds);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelsel_steps_options o = ACCELSEL_STEPS_OPTIONS_INIT;
    one(data, size, &o);
    o.min_steps_timed = 1;
    one(data, size, &o);
    return 0;
}
