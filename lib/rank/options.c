/* Method names and the options structs of lib/rank. */
#include <stddef.h>
#include <string.h>

#include "core/error.h"
#include "rank/rank_impl.h"

static const char *const method_names[] = {
    [ACCELSEL_RANK_TOPSIS] = "topsis",
    [ACCELSEL_RANK_WSUM] = "wsum",
    [ACCELSEL_RANK_PARETO] = "pareto",
};

static const char *const method_titles[] = {
    [ACCELSEL_RANK_TOPSIS] = "TOPSIS",
    [ACCELSEL_RANK_WSUM] = "weighted sum",
    [ACCELSEL_RANK_PARETO] = "Pareto fronts",
};

#define N_METHODS (sizeof method_names / sizeof method_names[0])

ACCELSEL_API const char *accelsel_rank_method_name(int method)
{
    return method > 0 && (size_t)method < N_METHODS ? method_names[method] : NULL;
}

ACCELSEL_API const char *accelsel_rank_method_title(int method)
{
    return accelsel_rank_method_name(method) != NULL ? method_titles[method] : NULL;
}

ACCELSEL_API int accelsel_rank_method_from_name(const char *name, int *method)
{
    if (name == NULL)
        return asel_einval("accelsel_rank_method_from_name", "name");
    if (method == NULL)
        return asel_einval("accelsel_rank_method_from_name", "method");
    for (size_t i = 1; i < N_METHODS; i++)
        if (strcmp(name, method_names[i]) == 0) {
            *method = (int)i;
            return 0;
        }
    return asel_error(ACCELSEL_ENOTFOUND, "unknown ranking method '%s' (topsis, wsum, pareto)",
                      name);
}

ACCELSEL_API int accelsel_rank_options_init(accelsel_rank_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_rank_options_init", "opts");
    if (version != 1 && version != ACCELSEL_RANK_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_rank_options_init: unknown version %u",
                          version);
    accelsel_rank_options d = ACCELSEL_RANK_OPTIONS_INIT;
    d.version = version;
    /* A version-1 struct ends before the fields of version 2. */
    memcpy(opts, &d, version == 1 ? offsetof(accelsel_rank_options, ties) : sizeof d);
    return 0;
}

ACCELSEL_API size_t accelsel_rank_options_size(void)
{
    return sizeof(accelsel_rank_options);
}

ACCELSEL_API int accelsel_sensitivity_options_init(accelsel_sensitivity_options *opts,
                                                   unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_sensitivity_options_init", "opts");
    if (version != ACCELSEL_SENSITIVITY_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION,
                          "accelsel_sensitivity_options_init: unknown version %u", version);
    *opts = (accelsel_sensitivity_options)ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_sensitivity_options_size(void)
{
    return sizeof(accelsel_sensitivity_options);
}
