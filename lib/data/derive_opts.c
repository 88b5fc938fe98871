/* accelsel_derive_options: defaults, checks, and the columns they name. */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/derive_int.h"

static const char fn[] = "accelsel_dataset_derive";
static const char *const default_groups[] = {"benchmark", "round", "accelerator_model_name"};
#define N_DEFAULT_GROUPS (sizeof default_groups / sizeof default_groups[0])

/* sizeof the options of @p version; 0 for an unknown version. */
static size_t options_size(unsigned int version)
{
    return version == 1 ? offsetof(accelsel_derive_options, power_column)
           : version == ACCELSEL_DERIVE_OPTIONS_VERSION ? sizeof(accelsel_derive_options) : 0;
}

ACCELSEL_API int accelsel_derive_options_init(accelsel_derive_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_derive_options_init", "opts");
    if (options_size(version) == 0)
        return asel_error(ACCELSEL_EVERSION, "accelsel_derive_options_init: unknown version %u",
                          version);
    accelsel_derive_options init = ACCELSEL_DERIVE_OPTIONS_INIT;
    init.version = version;
    memcpy(opts, &init, options_size(version));
    return 0;
}

ACCELSEL_API size_t accelsel_derive_options_size(void)
{
    return sizeof(accelsel_derive_options);
}

/* A numeric column by name; @p optional lets a default name be absent (*v NULL). */
static int numeric(const accelsel_dataset *ds, const char *name, int optional, const double **v)
{
    size_t col = asel_ds_lookup(ds, name);
    *v = NULL;
    if (col == SIZE_MAX)
        return optional ? 0 : asel_ds_find(ds, fn, name, &col);
    if (ds->cols[col].type != ACCELSEL_COLUMN_NUMERIC)
        return asel_ds_not_numeric(ds, col, fn, "a number is needed");
    *v = ds->cols[col].num;
    return 0;
}

/* A cost parameter in [lo, hi] (lo excluded when @p open_lo). */
static int check_param(const char *who, const char *field, double v, double lo, int open_lo,
                       double hi)
{
    if (isfinite(v) && (open_lo ? v > lo : v >= lo) && v <= hi)
        return 0;
    return asel_error_field(ACCELSEL_EINVAL, field, "%s: %s %g is not a number in %s%g, %g]", who,
                            field, v, open_lo ? "(" : "[", lo, hi);
}

int asel_derive_check_costs(double node_power_w, double pue, double years, double utilisation,
                            double price_kwh, const char *who)
{
    int rc = check_param(who, "node_power_w", node_power_w, 0, 0, INFINITY);
    if (rc == 0)
        rc = check_param(who, "pue", pue, 1, 0, INFINITY);
    if (rc == 0)
        rc = check_param(who, "years", years, 0, 1, INFINITY);
    if (rc == 0)
        rc = check_param(who, "utilisation", utilisation, 0, 1, 1);
    if (rc == 0)
        rc = check_param(who, "price_kwh", price_kwh, 0, 0, INFINITY);
    return rc;
}

static int check_options(const accelsel_derive_options *o, size_t n_rows)
{
    if (!(o->images_per_epoch > 0) || !isfinite(o->images_per_epoch))
        return asel_error_field(ACCELSEL_EINVAL, "images_per_epoch",
                                "%s: images_per_epoch %g is not a positive number", fn,
                          o->images_per_epoch);
    if (o->reference_row < -1 || (o->reference_row >= 0 && (uint64_t)o->reference_row >= n_rows))
        return asel_error_field(ACCELSEL_EINVAL, "reference_row",
                                "%s: reference_row %lld is neither -1 nor a row (%zu rows)",
                          fn, (long long)o->reference_row, n_rows);
    for (uint64_t i = 0; o->group_columns != NULL && i < o->n_group_columns; i++)
        if (o->group_columns[i] == NULL)
            return asel_error_field(ACCELSEL_EINVAL, "group_columns",
                                    "%s: group_columns[%llu] is NULL", fn,
                              (unsigned long long)i);
    return asel_derive_check_costs(o->node_power_w, o->pue, o->years, o->utilisation,
                                   o->price_kwh, fn);
}

/* The group columns: those named, each required; by default those of
 * MLPerf's benchmark, round and accelerator model that the data has, as
 * accelsel rank derives any table (one group for all rows when it has none). */
static int resolve_groups(const accelsel_dataset *ds, const accelsel_derive_options *o,
                          asel_derive_in *in)
{
    const char *const *names = o->group_columns != NULL ? o->group_columns : default_groups;
    size_t k = o->group_columns != NULL ? (size_t)o->n_group_columns : N_DEFAULT_GROUPS, n = 0;
    int rc = asel_alloc_array(&in->group_cols, k ? k : 1, sizeof *in->group_cols);
    for (size_t i = 0; i < k && rc == 0; i++) {
        if (o->group_columns == NULL && asel_ds_lookup(ds, names[i]) == SIZE_MAX)
            continue;
        rc = asel_ds_find(ds, fn, names[i], &in->group_cols[n++]);
    }
    in->n_group_cols = n;
    return rc;
}

static int resolve_accelerators(const accelsel_dataset *ds, const accelsel_derive_options *o,
                                asel_derive_in *in)
{
    int rc = numeric(ds, o->accelerators_column ? o->accelerators_column : "total_accelerators",
                     o->accelerators_column == NULL, &in->acc);
    if (rc != 0 || in->acc != NULL)
        return rc;
    rc = numeric(ds, o->nodes_column ? o->nodes_column : "number_of_nodes", 0, &in->nodes);
    if (rc == 0)
        rc = numeric(ds, o->per_node_column ? o->per_node_column : "accelerators_per_node", 0,
                     &in->per_node);
    return rc;
}

/* The power, price and rent columns: a named one must exist, a default
 * name may be absent; a system column replaces the per-accelerator one. */
static int resolve_costs(const accelsel_dataset *ds, const accelsel_derive_options *o,
                         asel_derive_in *in)
{
    int rc = 0;
    if (o->system_power_column != NULL)
        rc = numeric(ds, o->system_power_column, 0, &in->sys_power);
    else
        rc = numeric(ds, o->power_column ? o->power_column : "accelerator_tdp_w",
                     o->power_column == NULL, &in->power);
    if (rc == 0 && o->system_price_column != NULL)
        rc = numeric(ds, o->system_price_column, 0, &in->sys_price);
    else if (rc == 0)
        rc = numeric(ds, o->price_column ? o->price_column : "accelerator_price_usd",
                     o->price_column == NULL, &in->price);
    if (rc == 0)
        rc = numeric(ds, o->rent_column ? o->rent_column : "rent_usd_per_accelerator_hour",
                     o->rent_column == NULL, &in->rent);
    /* nodes for the node power: the nodes column where the table has it */
    if (rc == 0 && in->nodes == NULL)
        rc = numeric(ds, o->nodes_column ? o->nodes_column : "number_of_nodes", 1,
                     &in->node_count);
    else if (rc == 0)
        in->node_count = in->nodes;
    in->node_power_w = o->node_power_w;
    in->pue = o->pue;
    in->years = o->years;
    in->utilisation = o->utilisation;
    in->price_kwh = o->price_kwh;
    return rc;
}

int asel_derive_resolve(const accelsel_dataset *ds, const accelsel_derive_options *opts,
                        asel_derive_in *in)
{
    accelsel_derive_options o = ACCELSEL_DERIVE_OPTIONS_INIT;
    *in = (asel_derive_in){0};
    if (opts != NULL && options_size(opts->version) == 0)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "%s: unknown accelsel_derive_options version %u", fn,
                                opts->version);
    if (opts != NULL)
        memcpy(&o, opts, options_size(opts->version));
    int rc = check_options(&o, ds->n_rows);
    if (rc == 0)
        rc = numeric(ds, o.time_column ? o.time_column : "time_to_train_min", 0, &in->time);
    if (rc == 0)
        rc = resolve_accelerators(ds, &o, in);
    if (rc == 0)
        rc = numeric(ds, o.epochs_column ? o.epochs_column : "epochs_mean",
                     o.epochs_column == NULL, &in->epochs);
    in->benchmark_col = SIZE_MAX;
    size_t bench = asel_ds_lookup(ds, "benchmark");
    if (o.epochs_column == NULL && bench != SIZE_MAX &&
        ds->cols[bench].type == ACCELSEL_COLUMN_CATEGORICAL)
        in->benchmark_col = bench;
    if (rc == 0 && o.reference_row < 0)
        rc = resolve_groups(ds, &o, in);
    if (rc == 0)
        rc = resolve_costs(ds, &o, in);
    in->images_per_epoch = o.images_per_epoch;
    in->reference_row = o.reference_row;
    if (rc != 0)
        asel_derive_in_free(in);
    return rc;
}

void asel_derive_in_free(asel_derive_in *in)
{
    asel_free(in->group_cols);
    in->group_cols = NULL;
}
