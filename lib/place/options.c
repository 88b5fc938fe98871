/* The option and spec structs of placement, their names and sizes. */
#include <stddef.h>
#include <string.h>

#include "core/error.h"
#include "place/place_impl.h"

/* sizeof the place options of @p version; 0 for an unknown version. */
static size_t options_size(unsigned int version)
{
    return version == 1 ? offsetof(accelsel_place_options, min_count)
           : version == ACCELSEL_PLACE_OPTIONS_VERSION ? sizeof(accelsel_place_options) : 0;
}

ACCELSEL_API const char *accelsel_place_policy_name(uint32_t policy)
{
    static const char *const names[ACCELSEL_POLICY_COUNT] = {
        "earliest-completion", "min-accelerator-hours", "max-throughput-per-accelerator"
    };
    return policy < ACCELSEL_POLICY_COUNT ? names[policy] : NULL;
}

ACCELSEL_API const char *accelsel_place_margin_name(uint32_t margin)
{
    static const char *const names[ACCELSEL_MARGIN_COUNT] = { "p90", "median", "none" };
    return margin < ACCELSEL_MARGIN_COUNT ? names[margin] : NULL;
}

ACCELSEL_API int accelsel_partition_spec_init(accelsel_partition_spec *spec, unsigned int version)
{
    if (spec == NULL)
        return asel_einval("accelsel_partition_spec_init", "spec");
    if (version != ACCELSEL_PARTITION_SPEC_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown partition spec version %u", version);
    *spec = (accelsel_partition_spec)ACCELSEL_PARTITION_SPEC_INIT;
    return 0;
}

ACCELSEL_API int accelsel_job_spec_init(accelsel_job_spec *spec, unsigned int version)
{
    if (spec == NULL)
        return asel_einval("accelsel_job_spec_init", "spec");
    if (version != ACCELSEL_JOB_SPEC_VERSION)
        return asel_error(ACCELSEL_EVERSION, "unknown job spec version %u", version);
    *spec = (accelsel_job_spec)ACCELSEL_JOB_SPEC_INIT;
    return 0;
}

ACCELSEL_API int accelsel_place_options_init(accelsel_place_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_place_options_init", "opts");
    if (options_size(version) == 0)
        return asel_error(ACCELSEL_EVERSION, "unknown place options version %u", version);
    accelsel_place_options init = ACCELSEL_PLACE_OPTIONS_INIT;
    init.version = version;
    memcpy(opts, &init, options_size(version));
    return 0;
}

int asel_place_options_read(const accelsel_place_options *in, accelsel_place_options *out)
{
    *out = (accelsel_place_options)ACCELSEL_PLACE_OPTIONS_INIT;
    if (in == NULL)
        return 0;
    if (options_size(in->version) == 0)
        return asel_error_field(ACCELSEL_EVERSION, "version", "unknown place options version %u",
                                in->version);
    memcpy(out, in, options_size(in->version));
    return 0;
}

ACCELSEL_API size_t accelsel_partition_spec_size(void)
{
    return sizeof(accelsel_partition_spec);
}

ACCELSEL_API size_t accelsel_busy_size(void)
{
    return sizeof(accelsel_busy);
}

ACCELSEL_API size_t accelsel_partition_info_size(void)
{
    return sizeof(accelsel_partition_info);
}

ACCELSEL_API size_t accelsel_job_spec_size(void)
{
    return sizeof(accelsel_job_spec);
}

ACCELSEL_API size_t accelsel_place_options_size(void)
{
    return sizeof(accelsel_place_options);
}

ACCELSEL_API size_t accelsel_placement_size(void)
{
    return sizeof(accelsel_placement);
}

ACCELSEL_API size_t accelsel_decision_size(void)
{
    return sizeof(accelsel_decision);
}
