/* accelsel rank: step 3, the rankings. Rows are ranked on the criteria
 * columns; groups on the profile dataset the cluster model exports, whose
 * COL_median column stands for COL (the ranking module knows no clusters). */
#include <stdlib.h>
#include <string.h>

#include "rank_cli.h"

/* The criteria on COL_median columns, weights and directions unchanged. */
static int median_criteria(rank_result *r)
{
    r->crit_median = calloc(r->n_crit, sizeof *r->crit_median);
    r->median_names = calloc(r->n_crit, sizeof *r->median_names);
    if (r->crit_median == NULL || r->median_names == NULL)
        return rank_oom();
    for (size_t i = 0; i < r->n_crit; i++) {
        size_t len = strlen(r->crit[i].column) + sizeof "_median";
        if ((r->median_names[i] = malloc(len)) == NULL)
            return rank_oom();
        snprintf(r->median_names[i], len, "%s_median", r->crit[i].column);
        r->crit_median[i] = r->crit[i];
        r->crit_median[i].column = r->median_names[i];
    }
    return CLI_OK;
}

int rank_criteria(const rank_args *a, rank_result *r)
{
    int rc = accelsel_criteria_parse(&r->crit, &r->n_crit, a->criteria);
    if (rc == ACCELSEL_ENOMEM)
        return cli_fail(rc, "--criteria");
    if (rc != 0)
        return cli_usage_error("rank: --criteria: %s (%s)", accelsel_last_error()->message,
                               accelsel_status_name(rc));
    return median_criteria(r);
}

/* How often the first group stays first when the weights move by +-20%. */
static int group_sensitivity(const rank_args *a, rank_result *r)
{
    if (accelsel_ranking_ranked_count(r->groups) < 2)
        return CLI_OK;
    accelsel_sensitivity_options o = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    o.seed = a->seed;
    int rc = accelsel_sensitivity_compute(&r->sens, r->groups, &o, NULL, NULL);
    return rc == 0 ? CLI_OK : cli_fail(rc, "weight sensitivity");
}

int rank_order(const rank_args *a, rank_result *r)
{
    /* Rows first, so that an unknown criterion is reported by its own name. */
    int rc = accelsel_ranking_compute(&r->rows, r->ds, r->crit, r->n_crit, a->method, NULL);
    if (rc != 0)
        return cli_fail(rc, "--criteria");
    const accelsel_dataset *profiles = accelsel_cluster_model_profiles(r->model);
    rc = accelsel_ranking_compute(&r->groups, profiles, r->crit_median, r->n_crit, a->method, NULL);
    if (rc != 0)
        return cli_fail(rc, "ranking of the groups");
    return group_sensitivity(a, r);
}
