/* Step 3, the rankings. Rows are ranked on the criteria columns; groups on
 * the profile dataset the cluster model exports, whose COL_median column
 * stands for COL (the ranking module knows no clusters). */
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "select/select_impl.h"

/* The criteria on COL_median columns, weights and directions unchanged. */
static int median_criteria(accelsel_selection *s)
{
    if (asel_alloc_array(&s->crit_median, s->n_crit, sizeof *s->crit_median) != 0 ||
        asel_alloc_array(&s->median_names, s->n_crit, sizeof *s->median_names) != 0)
        return ACCELSEL_ENOMEM;
    for (size_t i = 0; i < s->n_crit; i++) {
        size_t len = strlen(s->crit[i].column) + sizeof "_median";
        if ((s->median_names[i] = asel_malloc(len)) == NULL)
            return asel_enomem();
        snprintf(s->median_names[i], len, "%s_median", s->crit[i].column);
        s->crit_median[i] = s->crit[i];
        s->crit_median[i].column = s->median_names[i];
    }
    return 0;
}

static int parse_criteria(accelsel_selection *s, const char *text)
{
    size_t n = 0;
    int rc = accelsel_criteria_parse(&s->crit, &n, text);
    if (rc != 0)
        return asel_sel_blame("criteria");
    s->n_crit = n;
    return median_criteria(s);
}

int asel_sel_criteria(accelsel_selection *s, const accelsel_selection_options *o)
{
    return o->criteria != NULL ? parse_criteria(s, o->criteria) : 0;
}

/* 1 when every row has an energy above 0 (measured_energy_kwh). */
static int all_energy(const accelsel_dataset *ds)
{
    size_t col, n = accelsel_dataset_rows(ds);
    const double *v = asel_sel_find(ds, "measured_energy_kwh", &col)
                          ? accelsel_dataset_numeric(ds, col)
                          : NULL;
    for (size_t i = 0; v != NULL && i < n; i++)
        if (!(v[i] > 0))
            return 0;
    return v != NULL && n > 0;
}

int asel_sel_default_criteria(accelsel_selection *s, const accelsel_selection_options *o)
{
    if (o->criteria != NULL)
        return 0;
    if (!asel_sel_other_benchmark(s->ds))
        return parse_criteria(s, ACCELSEL_SELECTION_DEFAULT_CRITERIA);
    if (!all_energy(s->ds))
        return parse_criteria(s, ACCELSEL_SELECTION_BENCHMARK_CRITERIA);
    if (asel_sel_note(s, "measured_energy_kwh joins the criteria (%s): every row has a measured "
                         "energy",
                      ACCELSEL_SELECTION_ENERGY_CRITERION) != 0)
        return ACCELSEL_ENOMEM;
    return parse_criteria(s, ACCELSEL_SELECTION_BENCHMARK_CRITERIA
                          "," ACCELSEL_SELECTION_ENERGY_CRITERION);
}

/* With the default criteria, a column the data lacks is a usage matter. */
static int check_default_criteria(const accelsel_selection *s)
{
    for (size_t i = 0; i < s->n_crit; i++)
        if (!asel_sel_has(s->ds, s->crit[i].column))
            return asel_error_field(ACCELSEL_EINVAL, "criteria",
                                    "the default criteria need the column '%s', which the data "
                                    "lacks; name the criteria",
                                    s->crit[i].column);
    return 0;
}

/* How often the first group stays first when the weights move by +-20%;
 * not for Pareto fronts, which weights cannot change. */
static int group_sensitivity(accelsel_selection *s, const accelsel_selection_options *o)
{
    if (accelsel_ranking_ranked_count(s->groups) < 2)
        return 0;
    if (o->method == ACCELSEL_RANK_PARETO)
        return asel_sel_note(s, "weight sensitivity not computed: weights do not change Pareto "
                                "fronts");
    accelsel_sensitivity_options so = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    so.seed = o->seed;
    return accelsel_sensitivity_compute(&s->sens, s->groups, &so, NULL, NULL);
}

/* One tie rule for rows and groups: equal scores share a rank and are listed
 * by TOPSIS closeness on the same criteria for Pareto fronts (which tie whole
 * fronts), by row order for the other methods (which rarely tie exactly). */
static accelsel_rank_options rank_options(const accelsel_selection_options *o)
{
    accelsel_rank_options ro = ACCELSEL_RANK_OPTIONS_INIT;
    ro.ties = o->method == ACCELSEL_RANK_PARETO ? ACCELSEL_RANK_TIES_TOPSIS
                                                : ACCELSEL_RANK_TIES_ROW_ORDER;
    ro.shared_ranks = 1;
    return ro;
}

int asel_sel_order(accelsel_selection *s, const accelsel_selection_options *o)
{
    int rc = o->criteria == NULL ? check_default_criteria(s) : 0;
    if (rc != 0)
        return rc;
    /* Rows first, so that an unknown criterion is reported by its own name. */
    accelsel_rank_options ro = rank_options(o);
    rc = accelsel_ranking_compute(&s->rows, s->ds, s->crit, s->n_crit, o->method, &ro);
    if (rc != 0)
        return asel_sel_blame("criteria");
    const accelsel_dataset *profiles = accelsel_cluster_model_profiles(s->model);
    rc = accelsel_ranking_compute(&s->groups, profiles, s->crit_median, s->n_crit, o->method, &ro);
    if (rc != 0)
        return asel_sel_blame("criteria");
    return group_sensitivity(s, o);
}
