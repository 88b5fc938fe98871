/* accelsel_csv_options: defaults and checks. */
#include "core/error.h"
#include "data/csv_load.h"

ACCELSEL_API int accelsel_csv_options_init(accelsel_csv_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_csv_options_init", "opts");
    if (version != ACCELSEL_CSV_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_csv_options_init: unknown version %u",
                          version);
    *opts = (accelsel_csv_options)ACCELSEL_CSV_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_csv_options_size(void)
{
    return sizeof(accelsel_csv_options);
}

int asel_csv_options_check(const accelsel_csv_options *opts, const char *fn)
{
    if (opts->version != ACCELSEL_CSV_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "%s: unknown accelsel_csv_options version %u", fn, opts->version);
    uint32_t d = opts->delimiter;
    if (d == 0 || d > 127 || d == '"' || d == '\r' || d == '\n')
        return asel_error_field(ACCELSEL_EINVAL, "delimiter",
                          "%s: delimiter %u is not an ASCII byte other than NUL, '\"', CR and LF",
                          fn, (unsigned)d);
    if (opts->n_categorical != 0 && opts->categorical == NULL)
        return asel_einval(fn, "categorical");
    for (uint64_t i = 0; i < opts->n_categorical; i++)
        if (opts->categorical[i] == NULL)
            return asel_error_field(ACCELSEL_EINVAL, "categorical", "%s: categorical[%llu] is NULL", fn,
                              (unsigned long long)i);
    if (opts->n_missing != 0 && opts->missing == NULL)
        return asel_einval(fn, "missing");
    for (uint64_t i = 0; i < opts->n_missing; i++)
        if (opts->missing[i] == NULL)
            return asel_error_field(ACCELSEL_EINVAL, "missing", "%s: missing[%llu] is NULL", fn,
                              (unsigned long long)i);
    return 0;
}
