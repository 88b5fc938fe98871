/* Fuzz the cloud-price loader (include/accelsel/recommend.h): a failure has
 * a documented status and, but for an empty table, its source, line and
 * column; a success holds rows with a catalog device, a whole count of
 * accelerators and a positive finite price, and the table saved as CSV
 * loads again with the same rows. Devices come from a small catalog built
 * once (the corpus names them ga and gb); then the rows are priced as
 * cloud prices of themselves (accelsel_dataset_add_prices()). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "accelsel/accelsel.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int errors[] = {ACCELSEL_EPARSE, ACCELSEL_ERANGE, ACCELSEL_ENOTFOUND,
                             ACCELSEL_EDATA,  ACCELSEL_EEMPTY, ACCELSEL_ENOMEM, 0};

static const accelsel_catalog *catalog(void)
{
    static accelsel_catalog *cat; /* the harness's, made once */
    static const char yaml[] =
        "version: 1\ndevices:\n"
        "  - {name: ga, aliases: [Vendor GA], vendor: v, kind: gpu, tdp_w: 300,\n"
        "     price_usd: 1000, source: s}\n"
        "  - {name: gb, vendor: v, kind: gpu, source: s}\n";
    if (cat == NULL && accelsel_catalog_load_buffer(&cat, yaml, sizeof yaml - 1) != 0)
        __builtin_trap();
    return cat;
}

static double number(const accelsel_dataset *ds, size_t r, const char *name)
{
    size_t c;
    if (accelsel_dataset_column_index(ds, name, &c) != 0)
        __builtin_trap();
    if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC)
        return accelsel_dataset_number(ds, r, c);
    return strtod(accelsel_dataset_string(ds, r, c), NULL); /* a number that read as text */
}

static void check_rows(const accelsel_dataset *ds)
{
    size_t dev;
    if (accelsel_dataset_column_index(ds, "device", &dev) != 0)
        __builtin_trap();
    for (size_t r = 0; r < accelsel_dataset_rows(ds); r++) {
        double per = number(ds, r, "accelerators_per_instance");
        double rate = number(ds, r, "usd_per_accelerator_hour");
        if (accelsel_dataset_string(ds, r, dev) == NULL || !(per >= 1 && per == floor(per)) ||
            !(rate > 0 && isfinite(rate)))
            __builtin_trap();
    }
}

static void reload_and_price(const accelsel_dataset *ds)
{
    char *text = NULL;
    size_t len = 0;
    accelsel_dataset *again = NULL, *priced = NULL;
    if (accelsel_dataset_save_csv_buffer(ds, &text, &len) != 0)
        __builtin_trap();
    fuzz_check_reload(accelsel_cloud_prices_load_buffer(&again, catalog(), text, len), text);
    if (accelsel_dataset_rows(again) != accelsel_dataset_rows(ds))
        __builtin_trap();
    accelsel_prices_options po = ACCELSEL_PRICES_OPTIONS_INIT;
    po.accelerator_column = "accelerator";
    int rc = accelsel_dataset_add_prices(&priced, ds, catalog(), ds, &po);
    if (rc != 0 && rc != ACCELSEL_ETYPE && rc != ACCELSEL_ENOMEM)
        __builtin_trap();
    accelsel_dataset_free(priced);
    accelsel_dataset_free(again);
    accelsel_free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    accelsel_dataset *ds = NULL;
    int rc = accelsel_cloud_prices_load_buffer(&ds, catalog(), (const char *)data, size);
    if (rc != 0) {
        fuzz_check_failure(rc, ds, errors, 1);
        const accelsel_error *e = accelsel_last_error();
        if (rc != ACCELSEL_EEMPTY && rc != ACCELSEL_ENOMEM && (e->line == 0 || e->column == 0))
            __builtin_trap();
        return 0;
    }
    check_rows(ds);
    reload_and_price(ds);
    accelsel_dataset_free(ds);
    return 0;
}
