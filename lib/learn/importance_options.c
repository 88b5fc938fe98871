#include <math.h>

#include "core/error.h"
#include "learn/importance_impl.h"

ACCELSEL_API int accelsel_importance_options_init(accelsel_importance_options *opts,
                                                  unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_importance_options_init", "opts");
    if (version != ACCELSEL_IMPORTANCE_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION,
                          "accelsel_importance_options_init: unknown options version %u", version);
    *opts = (accelsel_importance_options)ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_importance_options_size(void)
{
    return sizeof(accelsel_importance_options);
}

static int bad_option(const char *name, const char *rule)
{
    return asel_error_field(ACCELSEL_EINVAL, name, "importance: option '%s' %s", name, rule);
}

int asel_importance_options_check(const accelsel_importance_options *opts,
                                  accelsel_importance_options *out)
{
    if (opts == NULL) {
        *out = (accelsel_importance_options)ACCELSEL_IMPORTANCE_OPTIONS_INIT;
        return 0;
    }
    if (opts->version != ACCELSEL_IMPORTANCE_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version",
                                "importance: unknown options version %u", opts->version);
    if (opts->measures == 0 || (opts->measures & ~ACCELSEL_IMPORTANCE_ALL) != 0)
        return bad_option("measures", "must be a nonzero set of ACCELSEL_IMPORTANCE_* bits");
    if (opts->n_trees == 0)
        return bad_option("n_trees", "must be at least 1");
    if (opts->min_samples_leaf == 0)
        return bad_option("min_samples_leaf", "must be at least 1");
    if (opts->n_repeats == 0)
        return bad_option("n_repeats", "must be at least 1");
    if (!(opts->max_features >= 0.0 && opts->max_features <= 1.0))
        return bad_option("max_features", "must be a fraction in (0, 1], or 0 for 1/3");
    if (opts->permutation_rows != ACCELSEL_PERMUTATION_OOB &&
        opts->permutation_rows != ACCELSEL_PERMUTATION_TRAIN)
        return bad_option("permutation_rows", "must be ACCELSEL_PERMUTATION_OOB or _TRAIN");
    if (opts->mi_neighbors == 0)
        return bad_option("mi_neighbors", "must be at least 1");
    if (opts->missing != ACCELSEL_MISSING_DROP && opts->missing != ACCELSEL_MISSING_IMPUTE)
        return bad_option("missing", "must be ACCELSEL_MISSING_DROP or ACCELSEL_MISSING_IMPUTE");
    *out = *opts;
    return 0;
}
