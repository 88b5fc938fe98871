/* The options struct of lib/select and its checks. */
#include "core/error.h"
#include "select/select_impl.h"

ACCELSEL_API int accelsel_selection_options_init(accelsel_selection_options *opts,
                                                 unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_selection_options_init", "opts");
    if (version != ACCELSEL_SELECTION_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_selection_options_init: unknown version %u",
                          version);
    *opts = (accelsel_selection_options)ACCELSEL_SELECTION_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_selection_options_size(void)
{
    return sizeof(accelsel_selection_options);
}
