/* Prices for the cost and energy metrics of data --derive and rank: each
 * row's accelerator resolved in the catalog (vendor spellings as catalog
 * lookups take them), its TDP and purchase price, and the cloud instances
 * that rent its accelerators (accelsel_dataset_add_prices()). */
#include <string.h>

#include "cli.h"

const char cli_energy_note[] =
    "energy_kwh is modelled from TDP (each accelerator at its TDP, 700 W a node beyond them, "
    "times a PUE of 1.2), not measured; costs are missing where a price is (docs/recommend.md)";

int cli_load_cloud_prices(accelsel_dataset **out, const accelsel_catalog *cat, const char *path)
{
    *out = NULL;
    if (path == NULL) {
        int rc = accelsel_cloud_prices_load_builtin(out, cat);
        return rc != 0 ? cli_fail(rc, "built-in cloud prices") : CLI_OK;
    }
    if (cli_check_input_file(path) != CLI_OK)
        return CLI_FAIL;
    int rc = accelsel_cloud_prices_load_file(out, cat, path);
    return rc != 0 ? cli_fail(rc, path) : CLI_OK;
}

/* The first of @p names that is a column of @p ds of @p type; NULL if none. */
static const char *first_column(const accelsel_dataset *ds, const char *const *names, size_t n,
                                int type)
{
    for (size_t i = 0; i < n; i++) {
        size_t col;
        if (accelsel_dataset_column_index(ds, names[i], &col) == 0 &&
            accelsel_dataset_column_type(ds, col) == type)
            return names[i];
    }
    return NULL;
}

int cli_add_prices(accelsel_dataset **ds, const char *catalog, const char *cloud_path,
                   int *joined)
{
    static const char *const accel[] = {"accelerator_model_name", "accelerator"};
    static const char *const counts[] = {"total_accelerators", "count", "accelerators"};
    *joined = 0;
    accelsel_prices_options po = ACCELSEL_PRICES_OPTIONS_INIT;
    po.accelerator_column = first_column(*ds, accel, 2, ACCELSEL_COLUMN_CATEGORICAL);
    if (po.accelerator_column == NULL)
        return CLI_OK; /* no accelerator to price */
    po.accelerators_column = first_column(*ds, counts, 3, ACCELSEL_COLUMN_NUMERIC);
    if (po.accelerators_column == NULL)
        po.accelerators_column = counts[0]; /* absent: one accelerator a row */
    accelsel_catalog *cat = NULL;
    accelsel_dataset *cloud = NULL, *next = NULL;
    int status = cli_open_catalog(&cat, catalog);
    if (status == CLI_OK)
        status = cli_load_cloud_prices(&cloud, cat, cloud_path);
    if (status == CLI_OK) {
        int rc = accelsel_dataset_add_prices(&next, *ds, cat, cloud, &po);
        status = rc != 0 ? cli_fail(rc, "prices") : CLI_OK;
    }
    if (status == CLI_OK) {
        accelsel_dataset_free(*ds);
        *ds = next;
        *joined = 1;
    }
    accelsel_dataset_free(cloud);
    accelsel_catalog_free(cat);
    return status;
}
