/* The names of the clustering algorithms, of the criteria for k and of the
 * scores recorded per k, as files, the command line and the binding spell
 * them: one table each. */
#include <string.h>

#include "core/error.h"
#include "accelsel/cluster.h"

/* Indexed by the ACCELSEL_CLUSTER_*, ACCELSEL_KSELECT_* and ACCELSEL_SCORE_*
 * values (from 1). */
static const char *const algorithm_names[] = {NULL, "kmeans", "ward"};
static const char *const kselect_names[] = {NULL, "silhouette", "ch", "db", "elbow", "gap"};
static const char *const score_names[] = {NULL,  "inertia",        "silhouette", "calinski_harabasz",
                                          "davies_bouldin", "gap", "gap_se"};

#define COUNT(a) (sizeof(a) / sizeof(a)[0])

static const char *name_of(const char *const *names, size_t n, long long value)
{
    return value > 0 && (unsigned long long)value < n ? names[value] : NULL;
}

/* The index of @p name in @p names, or ENOTFOUND listing them all. */
static int find(const char *const *names, size_t n, const char *name, const char *what,
                int *value)
{
    for (size_t i = 1; i < n; i++)
        if (strcmp(name, names[i]) == 0) {
            *value = (int)i;
            return 0;
        }
    char list[128] = "";
    for (size_t i = 1; i < n; i++)
        strcat(strcat(list, i > 1 ? ", " : ""), names[i]);
    return asel_error(ACCELSEL_ENOTFOUND, "unknown %s '%.*s%s' (%s)", what, ASEL_QUOTE_MAX, name,
                      asel_ellipsis(name), list);
}

ACCELSEL_API const char *accelsel_cluster_algorithm_name(uint32_t algorithm)
{
    return name_of(algorithm_names, COUNT(algorithm_names), algorithm);
}

ACCELSEL_API int accelsel_cluster_algorithm_from_name(const char *name, uint32_t *algorithm)
{
    if (name == NULL || algorithm == NULL)
        return asel_einval("accelsel_cluster_algorithm_from_name",
                           name == NULL ? "name" : "algorithm");
    int v;
    int rc = find(algorithm_names, COUNT(algorithm_names), name, "clustering algorithm", &v);
    if (rc == 0)
        *algorithm = (uint32_t)v;
    return rc;
}

ACCELSEL_API const char *accelsel_kselect_name(int criterion)
{
    return name_of(kselect_names, COUNT(kselect_names), criterion);
}

ACCELSEL_API int accelsel_kselect_from_name(const char *name, int *criterion)
{
    if (name == NULL || criterion == NULL)
        return asel_einval("accelsel_kselect_from_name", name == NULL ? "name" : "criterion");
    return find(kselect_names, COUNT(kselect_names), name, "criterion for k", criterion);
}

ACCELSEL_API const char *accelsel_cluster_score_name(int which)
{
    return name_of(score_names, COUNT(score_names), which);
}
