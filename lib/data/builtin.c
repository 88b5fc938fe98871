/* Datasets compiled into the library (tools/embed.py turns data/ files into
 * byte arrays at build time), so no file is looked up at run time. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/buf.h"
#include "core/error.h"
#include "data/csv_load.h"

extern const unsigned char asel_mlperf_training_resnet_csv[];
extern const size_t asel_mlperf_training_resnet_csv_len;

/* Placeholders that submitters left in host_processor_core_count (v0.6 and
 * v0.7 Google system descriptions): they mean "not given". */
static const char *const core_count_placeholders[] = {"-", "core_count"};

static int is_placeholder(const char *s)
{
    for (size_t i = 0; i < sizeof core_count_placeholders / sizeof *core_count_placeholders; i++)
        if (strcmp(s, core_count_placeholders[i]) == 0)
            return 1;
    return 0;
}

/* Replace the categorical column @p name by its values read as numbers. */
static int make_numeric(accelsel_dataset *ds, const char *name)
{
    size_t col = asel_ds_lookup(ds, name), n = ds->n_rows;
    double *v = asel_reallocarray(NULL, n, sizeof *v);
    if (v == NULL)
        return asel_enomem();
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const char *s = accelsel_dataset_string(ds, i, col);
        v[i] = NAN;
        if (s != NULL && !is_placeholder(s) && asel_parse_double(s, strlen(s), &v[i]) != 0)
            rc = asel_error(ACCELSEL_EDATA, "built-in column '%s', row %zu: '%s' is not a number",
                            name, i, s);
    }
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(ds, name, v, n);
    asel_free(v);
    return rc;
}

static int load_mlperf(accelsel_dataset **out)
{
    static const char *const categorical[] = {"power_results"};
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.categorical = categorical;
    o.n_categorical = 1;
    int rc = asel_csv_parse(out, (const char *)asel_mlperf_training_resnet_csv,
                            asel_mlperf_training_resnet_csv_len, &o, "mlperf-training-resnet",
                            ASEL_CSV_MIN_PART);
    if (rc == 0 && (rc = make_numeric(*out, "host_processor_core_count")) != 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    return rc;
}

static const struct {
    const char *name;
    int (*load)(accelsel_dataset **out);
} builtins[] = {
    {"mlperf-training-resnet", load_mlperf},
};

ACCELSEL_API const char *accelsel_dataset_builtin_name(size_t index)
{
    return index < sizeof builtins / sizeof *builtins ? builtins[index].name : NULL;
}

ACCELSEL_API int accelsel_dataset_load_builtin(accelsel_dataset **out, const char *name)
{
    static const char fn[] = "accelsel_dataset_load_builtin";
    if (out == NULL)
        return asel_einval(fn, "out");
    *out = NULL;
    if (name == NULL)
        return asel_einval(fn, "name");
    for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++)
        if (strcmp(name, builtins[i].name) == 0)
            return builtins[i].load(out);
    return asel_error(ACCELSEL_ENOTFOUND, "%s: no built-in dataset '%s' (available: %s)", fn, name,
                      builtins[0].name);
}
