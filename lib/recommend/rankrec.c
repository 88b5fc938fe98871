/* The ranking of the feasible configurations: accelsel_ranking_compute() on
 * the feasible rows of the table, the Pareto front of time against cost per
 * run, and the sensitivity of the ranking to its weights. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/result_impl.h"

void asel_rec_criteria(const accelsel_recommend_options *o, accelsel_criterion crit[4])
{
    crit[0] = (accelsel_criterion){"time_to_train_min", o->weight_time, ACCELSEL_CRITERION_COST};
    crit[1] = (accelsel_criterion){"cost_per_run_usd", o->weight_cost, ACCELSEL_CRITERION_COST};
    crit[2] = (accelsel_criterion){"energy_kwh", o->weight_energy, ACCELSEL_CRITERION_COST};
    crit[3] = (accelsel_criterion){"capital_usd", o->weight_purchase, ACCELSEL_CRITERION_COST};
}

static const accelsel_rank_options rank_opts = ACCELSEL_RANK_OPTIONS_INIT;

/* The Pareto front of the feasible rows @p sub on time and cost per run,
 * faster first, as table rows. */
static int front(accelsel_recommendation *r, const accelsel_dataset *sub)
{
    static const accelsel_criterion tc[] = {
        {"time_to_train_min", 1, ACCELSEL_CRITERION_COST},
        {"cost_per_run_usd", 1, ACCELSEL_CRITERION_COST}};
    accelsel_ranking *p = NULL;
    int rc = accelsel_ranking_compute(&p, sub, tc, 2, ACCELSEL_RANK_PARETO, &rank_opts);
    if (rc == 0)
        rc = asel_alloc_array(&r->pareto, r->n_feasible, sizeof *r->pareto);
    const size_t *fronts = rc == 0 ? accelsel_ranking_fronts(p) : NULL;
    size_t time_col = 0;
    if (rc == 0)
        rc = accelsel_dataset_column_index(sub, "time_to_train_min", &time_col);
    for (size_t i = 0; rc == 0 && i < r->n_feasible; i++) {
        if (fronts[i] != 1)
            continue;
        /* insertion by time: the front is small */
        double t = accelsel_dataset_number(sub, i, time_col);
        size_t at = r->n_pareto;
        while (at > 0 && accelsel_dataset_number(sub, r->pareto[at - 1], time_col) > t)
            at--;
        memmove(r->pareto + at + 1, r->pareto + at, (r->n_pareto - at) * sizeof *r->pareto);
        r->pareto[at] = i;
        r->n_pareto++;
    }
    for (size_t i = 0; rc == 0 && i < r->n_pareto; i++)
        r->pareto[i] = r->feasible[r->pareto[i]];
    accelsel_ranking_free(p);
    return rc;
}

static int sensitivity(accelsel_recommendation *r, const asel_rec *w)
{
    if (r->n_feasible < 2 || w->o.method == ACCELSEL_RANK_PARETO || w->o.sensitivity_samples == 0)
        return 0;
    accelsel_sensitivity_options so = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    so.n_samples = w->o.sensitivity_samples;
    so.n_threads = w->o.n_threads;
    so.seed = w->o.seed;
    return accelsel_sensitivity_compute(&r->sensitivity, r->ranking, &so, NULL, NULL);
}

/* score, rank and pareto columns of the whole table. */
static int columns(accelsel_recommendation *r)
{
    size_t n = accelsel_dataset_rows(r->table);
    double *v = NULL;
    int rc = asel_alloc_array(&v, 3 * (n ? n : 1), sizeof *v);
    double *score = v, *rank = v + (n ? n : 1), *par = rank + (n ? n : 1);
    for (size_t i = 0; rc == 0 && i < n; i++)
        score[i] = NAN, rank[i] = 0, par[i] = 0;
    for (size_t i = 0; rc == 0 && i < r->n_feasible; i++) {
        score[r->feasible[i]] = accelsel_ranking_scores(r->ranking)[i];
        rank[r->feasible[i]] = (double)accelsel_ranking_ranks(r->ranking)[i];
    }
    for (size_t i = 0; rc == 0 && i < r->n_pareto; i++)
        par[r->pareto[i]] = 1;
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(r->table, "score", score, n);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(r->table, "rank", rank, n);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(r->table, "pareto", par, n);
    asel_free(v);
    return rc;
}

int asel_rec_rank(accelsel_recommendation *r, const asel_rec *w)
{
    if (r->n_feasible == 0)
        return columns(r);
    accelsel_criterion crit[4];
    asel_rec_criteria(&w->o, crit);
    accelsel_dataset *sub = NULL;
    int rc = accelsel_dataset_select_rows(&sub, r->table, r->feasible, r->n_feasible);
    if (rc == 0)
        rc = accelsel_ranking_compute(&r->ranking, sub, crit, 4, w->o.method, &rank_opts);
    if (rc == 0)
        rc = asel_alloc_array(&r->order, r->n_feasible, sizeof *r->order);
    for (size_t i = 0; rc == 0 && i < accelsel_ranking_ranked_count(r->ranking); i++)
        r->order[i] = r->feasible[accelsel_ranking_order(r->ranking)[i]];
    if (rc == 0)
        rc = front(r, sub);
    if (rc == 0)
        rc = sensitivity(r, w);
    if (rc == 0)
        rc = columns(r);
    accelsel_dataset_free(sub);
    return rc;
}

int asel_rec_top(const asel_rec *w, const size_t *rows, size_t n, const double *time,
                 const double *cost, const double *energy, const double *capital, size_t *top)
{
    static const char *const names[4] = {"time_to_train_min", "cost_per_run_usd", "energy_kwh",
                                         "capital_usd"};
    const double *cols[4] = {time, cost, energy, capital};
    accelsel_criterion crit[4];
    asel_rec_criteria(&w->o, crit);
    accelsel_dataset *ds = NULL;
    accelsel_ranking *rk = NULL;
    int rc = accelsel_dataset_new(&ds, n);
    for (int k = 0; rc == 0 && k < 4; k++)
        rc = accelsel_dataset_add_numeric(ds, names[k], cols[k], n);
    if (rc == 0)
        rc = accelsel_ranking_compute(&rk, ds, crit, 4, w->o.method, &rank_opts);
    if (rc == 0)
        *top = rows[accelsel_ranking_order(rk)[0]];
    accelsel_ranking_free(rk);
    accelsel_dataset_free(ds);
    return rc;
}
