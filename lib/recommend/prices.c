/* accelsel_dataset_add_prices(): each row's accelerator looked up in the
 * catalog once per distinct spelling, its TDP and purchase price, and the
 * cloud instances that rent its N accelerators most cheaply. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/rows.h"
#include "recommend/recommend_impl.h"

#define FN "accelsel_dataset_add_prices"

ACCELSEL_API int accelsel_prices_options_init(accelsel_prices_options *opts,
                                              unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_prices_options_init", "opts");
    if (version != ACCELSEL_PRICES_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_prices_options_init: unknown version %u",
                          version);
    *opts = (accelsel_prices_options)ACCELSEL_PRICES_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_prices_options_size(void)
{
    return sizeof(accelsel_prices_options);
}

/* Column @p name of @p ds of @p type: 0 with *col, SIZE_MAX when @p optional
 * and absent; else ENOTFOUND or ETYPE. */
static int column(const accelsel_dataset *ds, const char *name, int type, int optional,
                  size_t *col)
{
    if (accelsel_dataset_column_index(ds, name, col) != 0) {
        if (optional) {
            *col = SIZE_MAX;
            return 0;
        }
        return accelsel_last_error()->code;
    }
    if (accelsel_dataset_column_type(ds, *col) != type)
        return asel_error(ACCELSEL_ETYPE, "%s: column '%s' holds %s", FN, name,
                          type == ACCELSEL_COLUMN_NUMERIC ? "text, not counts"
                                                          : "numbers, not accelerator names");
    return 0;
}

int asel_rec_cloud_columns(const accelsel_dataset *cloud, asel_rec_cloud *c)
{
    static const char *const text[] = {"provider", "instance", "region", "device"};
    for (int k = 0; k < 4; k++) {
        size_t *at = k == 0 ? &c->provider : k == 1 ? &c->instance : k == 2 ? &c->region
                                                                            : &c->device;
        if (column(cloud, text[k], ACCELSEL_COLUMN_CATEGORICAL, 0, at) != 0)
            return asel_error(ACCELSEL_ENOTFOUND, "%s: the cloud prices lack a text column '%s' "
                              "(load them with accelsel_cloud_prices_load_file())", FN, text[k]);
    }
    if (column(cloud, "accelerators_per_instance", ACCELSEL_COLUMN_NUMERIC, 0, &c->per) != 0 ||
        column(cloud, "usd_per_accelerator_hour", ACCELSEL_COLUMN_NUMERIC, 0, &c->rate) != 0)
        return asel_error(ACCELSEL_ENOTFOUND, "%s: the cloud prices lack accelerators_per_instance "
                          "or usd_per_accelerator_hour as numbers", FN);
    c->ds = cloud;
    return 0;
}

void asel_rec_rent(const asel_rec_cloud *c, const char *device, double n, double *rate,
                   size_t *row)
{
    *rate = NAN;
    *row = SIZE_MAX;
    if (c == NULL || device == NULL)
        return;
    double want = n >= 1 && isfinite(n) ? n : 1, best = INFINITY;
    for (size_t r = 0; r < accelsel_dataset_rows(c->ds); r++) {
        const char *d = accelsel_dataset_string(c->ds, r, c->device);
        if (d == NULL || strcmp(d, device) != 0)
            continue;
        double per = accelsel_dataset_number(c->ds, r, c->per);
        double hour = ceil(want / per) * per * accelsel_dataset_number(c->ds, r, c->rate);
        if (hour < best)
            best = hour, *row = r;
    }
    if (*row != SIZE_MAX)
        *rate = best / want;
}

void asel_rec_instance_name(const asel_rec_cloud *c, size_t row, char *buf, size_t n)
{
    snprintf(buf, n, "%s %s, %s", accelsel_dataset_string(c->ds, row, c->provider),
                    accelsel_dataset_string(c->ds, row, c->instance),
                    accelsel_dataset_string(c->ds, row, c->region));
}

/* The added columns, one value per row. */
typedef struct added {
    const char **device, **basis, **instance; /* instance strings owned */
    double *tdp, *price, *rent;
} added;

/* The device of row @p r: its accelerator's (looked up once per spelling,
 * @p dev), else where the table has accelerator_family (@p fam_col), the
 * one asel_perf_row_accelerator() names. */
static const accelsel_device_info *row_device(const accelsel_dataset *ds, size_t r,
                                              size_t acc_col, size_t fam_col, const int64_t *dev,
                                              const accelsel_catalog *cat)
{
    int64_t code = accelsel_dataset_code(ds, r, acc_col);
    size_t d;
    if (code >= 0 && dev[code] >= 0)
        return accelsel_catalog_device(cat, (size_t)dev[code]);
    const char *name = fam_col == SIZE_MAX ? NULL
                       : asel_perf_row_accelerator(cat, accelsel_dataset_string(ds, r, acc_col),
                                                   accelsel_dataset_string(ds, r, fam_col));
    return name != NULL && accelsel_catalog_find_device(cat, name, &d) == 0
               ? accelsel_catalog_device(cat, d) : NULL;
}

static int fill(const accelsel_dataset *ds, size_t acc_col, size_t n_col, size_t fam_col,
                const accelsel_catalog *cat, const asel_rec_cloud *cloud, added *a)
{
    size_t n = accelsel_dataset_rows(ds), levels = accelsel_dataset_levels(ds, acc_col);
    int64_t *dev = NULL;
    if (asel_alloc_array(&dev, levels ? levels : 1, sizeof *dev) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t l = 0; l < levels; l++) {
        size_t d;
        dev[l] = accelsel_catalog_find_device(cat, accelsel_dataset_level(ds, acc_col, l), &d) == 0
                     ? (int64_t)d : -1;
    }
    int rc = 0;
    for (size_t r = 0; rc == 0 && r < n; r++) {
        const accelsel_device_info *d = row_device(ds, r, acc_col, fam_col, dev, cat);
        a->device[r] = d != NULL ? d->name : NULL;
        a->tdp[r] = d != NULL ? d->tdp_w : NAN;
        a->price[r] = d != NULL ? d->price_usd : NAN;
        a->basis[r] = d != NULL && !isnan(d->price_usd) ? accelsel_price_basis_name(d->price_basis)
                                                        : NULL;
        size_t best;
        double count = n_col != SIZE_MAX ? accelsel_dataset_number(ds, r, n_col) : 1;
        asel_rec_rent(cloud, a->device[r], count, &a->rent[r], &best);
        a->instance[r] = NULL;
        if (best != SIZE_MAX) {
            char buf[512];
            asel_rec_instance_name(cloud, best, buf, sizeof buf);
            if ((a->instance[r] = asel_strdup(buf)) == NULL)
                rc = asel_enomem();
        }
    }
    asel_free(dev);
    return rc;
}

static int add_columns(accelsel_dataset *out, const added *a, size_t n)
{
    int rc = accelsel_dataset_add_categorical(out, "catalog_device", a->device, n);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(out, "accelerator_tdp_w", a->tdp, n);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(out, "accelerator_price_usd", a->price, n);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(out, "accelerator_price_basis", a->basis, n);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(out, "rent_usd_per_accelerator_hour", a->rent, n);
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(out, "rent_instance", a->instance, n);
    return rc;
}

/* A copy of @p ds to add the columns to. */
static int copy(accelsel_dataset **out, const accelsel_dataset *ds)
{
    size_t k = accelsel_dataset_cols(ds), *all = NULL;
    int rc = asel_alloc_array(&all, k ? k : 1, sizeof *all);
    for (size_t j = 0; rc == 0 && j < k; j++)
        all[j] = j;
    if (rc == 0)
        rc = accelsel_dataset_select_columns(out, ds, all, k);
    asel_free(all);
    return rc;
}

static int add_prices(accelsel_dataset **out, const accelsel_dataset *ds,
                      const accelsel_catalog *cat, const asel_rec_cloud *cloud, size_t acc_col,
                      size_t n_col, size_t fam_col)
{
    size_t n = accelsel_dataset_rows(ds), m = n ? n : 1;
    added a = {0};
    void *block = asel_calloc(m, 3 * sizeof(char *) + 3 * sizeof(double));
    if (block == NULL)
        return asel_enomem();
    a.device = block, a.basis = a.device + m, a.instance = a.basis + m;
    a.tdp = (double *)(a.instance + m), a.price = a.tdp + m, a.rent = a.price + m;
    int rc = fill(ds, acc_col, n_col, fam_col, cat, cloud, &a);
    if (rc == 0)
        rc = copy(out, ds);
    if (rc == 0 && (rc = add_columns(*out, &a, n)) != 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    for (size_t r = 0; r < n; r++)
        asel_free((char *)a.instance[r]);
    asel_free(block);
    return rc;
}

ACCELSEL_API int accelsel_dataset_add_prices(accelsel_dataset **out, const accelsel_dataset *ds,
                                             const accelsel_catalog *cat,
                                             const accelsel_dataset *cloud,
                                             const accelsel_prices_options *opts)
{
    if (out == NULL)
        return asel_einval(FN, "out");
    *out = NULL;
    if (ds == NULL)
        return asel_einval(FN, "ds");
    if (opts != NULL && opts->version != ACCELSEL_PRICES_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", FN ": unknown options version %u",
                                opts->version);
    const char *acc = opts != NULL && opts->accelerator_column ? opts->accelerator_column
                                                               : "accelerator_model_name";
    const char *cnt = opts != NULL && opts->accelerators_column ? opts->accelerators_column
                                                                : "total_accelerators";
    size_t acc_col, n_col;
    int rc = column(ds, acc, ACCELSEL_COLUMN_CATEGORICAL, 0, &acc_col);
    if (rc == ACCELSEL_ENOTFOUND && (opts == NULL || opts->accelerator_column == NULL))
        rc = asel_error_field(rc, "accelerator_column", FN ": no column '%s': name the column "
                              "of accelerator names", acc);
    if (rc == 0)
        rc = column(ds, cnt, ACCELSEL_COLUMN_NUMERIC,
                    opts == NULL || opts->accelerators_column == NULL, &n_col);
    size_t fam_col = asel_perf_column(ds, "accelerator_family");
    if (fam_col != SIZE_MAX && accelsel_dataset_column_type(ds, fam_col) != ACCELSEL_COLUMN_CATEGORICAL)
        fam_col = SIZE_MAX;
    asel_rec_cloud c;
    if (rc == 0 && cloud != NULL)
        rc = asel_rec_cloud_columns(cloud, &c);
    accelsel_catalog *own = NULL;
    if (rc == 0 && cat == NULL)
        rc = accelsel_catalog_load_builtin(&own);
    if (rc == 0)
        rc = add_prices(out, ds, cat != NULL ? cat : own, cloud != NULL ? &c : NULL, acc_col,
                        n_col, fam_col);
    accelsel_catalog_free(own);
    return rc;
}
