#include "accelsel/common.h"

#define ASEL_STR2(x) #x
#define ASEL_STR(x) ASEL_STR2(x)

ACCELSEL_API const char *accelsel_version(int *major, int *minor, int *patch)
{
    if (major != NULL)
        *major = ACCELSEL_VERSION_MAJOR;
    if (minor != NULL)
        *minor = ACCELSEL_VERSION_MINOR;
    if (patch != NULL)
        *patch = ACCELSEL_VERSION_PATCH;
    return ASEL_STR(ACCELSEL_VERSION_MAJOR) "." ASEL_STR(ACCELSEL_VERSION_MINOR) "." ASEL_STR(
        ACCELSEL_VERSION_PATCH);
}
