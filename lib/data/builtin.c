/* Datasets compiled into the library (tools/embed.py turns data/ files into
 * byte arrays at build time), so no file is looked up at run time. */
#include <string.h>

#include "core/error.h"
#include "data/csv_load.h"

extern const unsigned char asel_mlperf_training_resnet_csv[];
extern const size_t asel_mlperf_training_resnet_csv_len;

static int load_mlperf(accelsel_dataset **out)
{
    /* power_results is empty in every row; it holds "yes" when present.
     * "-" and "core_count" are placeholders that submitters left in
     * host_processor_core_count (v0.6 and v0.7 system descriptions): they
     * mean "not given", and the column is otherwise numeric. */
    static const char *const categorical[] = {"power_results"};
    static const char *const missing[] = {"-", "core_count"};
    accelsel_csv_options o = ACCELSEL_CSV_OPTIONS_INIT;
    o.categorical = categorical;
    o.n_categorical = 1;
    o.missing = missing;
    o.n_missing = 2;
    return asel_csv_parse(out, (const char *)asel_mlperf_training_resnet_csv,
                          asel_mlperf_training_resnet_csv_len, &o, "mlperf-training-resnet",
                          ASEL_CSV_MIN_PART);
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
