/* Clustering options: defaults, and the checks every entry point shares. */
#include <limits.h>
#include <math.h>

#include "core/error.h"
#include "learn/cluster_impl.h"

ACCELSEL_API int accelsel_cluster_options_init(accelsel_cluster_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_cluster_options_init", "opts");
    if (version != ACCELSEL_CLUSTER_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_cluster_options_init: unknown version %u",
                          version);
    *opts = (accelsel_cluster_options)ACCELSEL_CLUSTER_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_cluster_options_size(void)
{
    return sizeof(accelsel_cluster_options);
}

int asel_cluster_resolve(const char *fn, const accelsel_cluster_options *opts,
                         accelsel_cluster_options *out)
{
    *out = (accelsel_cluster_options)ACCELSEL_CLUSTER_OPTIONS_INIT;
    if (opts == NULL)
        return 0;
    if (opts->version != ACCELSEL_CLUSTER_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "%s: unknown options version %u", fn, opts->version);
    if (opts->algorithm != ACCELSEL_CLUSTER_KMEANS && opts->algorithm != ACCELSEL_CLUSTER_WARD)
        return asel_error(ACCELSEL_EINVAL, "%s: unknown algorithm %u", fn, opts->algorithm);
    if (opts->n_init == 0 || opts->max_iter == 0)
        return asel_error(ACCELSEL_EINVAL, "%s: %s is 0: it must be >= 1", fn,
                          opts->n_init == 0 ? "n_init" : "max_iter");
    if (!(opts->tol >= 0) || !isfinite(opts->tol))
        return asel_error(ACCELSEL_EINVAL, "%s: tol = %g must be finite and >= 0", fn, opts->tol);
    if (opts->silhouette_max < 2)
        return asel_error(ACCELSEL_EINVAL, "%s: silhouette_max = %llu must be >= 2", fn,
                          (unsigned long long)opts->silhouette_max);
    if (opts->gap_references == 0)
        return asel_error(ACCELSEL_EINVAL, "%s: gap_references is 0: it must be >= 1", fn);
    *out = *opts;
    return 0;
}

int asel_cluster_check_k(const char *fn, uint32_t k, size_t n)
{
    if (k < 1)
        return asel_error(ACCELSEL_EINVAL, "%s: k = %u must be >= 1", fn, k);
    if (k > n)
        return asel_error(ACCELSEL_EINVAL, "%s: k = %u exceeds the %zu rows", fn, k, n);
    if (k > INT_MAX) /* BLAS takes int sizes */
        return asel_error(ACCELSEL_EINVAL, "%s: k = %u is too large", fn, k);
    return 0;
}

asel_cl_progress asel_cluster_progress(const accelsel_cluster_options *o)
{
    return (asel_cl_progress){o->progress, o->payload, 0.0, 1.0};
}
