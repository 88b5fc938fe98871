/* Names of the sources and groups a prediction reports, for front ends. */
#include "accelsel/predict.h"

ACCELSEL_API const char *accelsel_recipe_source_name(uint32_t source)
{
    static const char *const names[] = { NULL, "request", "network", "fit", "assumed" };
    return source < sizeof names / sizeof names[0] ? names[source] : NULL;
}

ACCELSEL_API const char *accelsel_correction_source_name(uint32_t source)
{
    static const char *const names[] = { "none", "device", "device-count", "other-workload",
                                         "disabled", "other-stack" };
    return source < sizeof names / sizeof names[0] ? names[source] : NULL;
}

ACCELSEL_API const char *accelsel_error_group_name(uint32_t group)
{
    static const char *const names[] = { "none", "a", "b", "c", "steps" };
    return group < sizeof names / sizeof names[0] ? names[group] : NULL;
}

ACCELSEL_API const char *accelsel_stack_name(int32_t stack)
{
    static const char *const names[] = { "tuned", "eager" };
    return stack >= 0 && stack < ACCELSEL_STACK_COUNT ? names[stack] : NULL;
}
