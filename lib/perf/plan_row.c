/* An LLM row's plan and its time to train: the plan searched with the sizes
 * the row names, its steps and its benchmark's evaluations. */
#include <math.h>

#include "perf/plan_calib.h"
#include "perf/plan_model.h"
#include "perf/software.h"

static void env_of(asel_plan_env *e, const asel_perf_params *par, const asel_perf_row *r,
                   const asel_perf_rows *rows)
{
    const accelsel_network *net = rows->llm[r->bench];
    asel_plan_env_init(e, par, &r->cfg, accelsel_network_get_transformer(net), r->gbs);
}

int asel_plan_row_choose(const asel_perf_params *par, const asel_perf_row *r,
                         const asel_perf_rows *rows, accelsel_plan *chosen)
{
    asel_plan_env e;
    env_of(&e, par, r, rows);
    accelsel_plan_prediction best = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
    size_t n = 0;
    int rc = asel_plan_search(&e, &r->plan, &best, 1, &n);
    if (rc == 0)
        *chosen = best.plan;
    return rc;
}

double asel_plan_row_minutes(const asel_perf_params *par, double corr, const asel_perf_row *r,
                             const asel_perf_rows *rows, const accelsel_plan *pl)
{
    asel_plan_env e;
    env_of(&e, par, r, rows);
    accelsel_plan_prediction p = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
    if (asel_plan_evaluate(&e, pl, &p) != 0)
        return NAN;
    const asel_llm_bench *b = &asel_llm_benches[r->bench];
    double steps = ceil(r->samples / r->gbs);
    double evals = asel_llm_bench_evaluations(b, steps, r->gbs);
    double s = steps * p.step_s + evals * asel_plan_forward_s(&e, pl, b->eval_sequences);
    return s / 60.0 * corr * asel_plan_software_factor(par, r->round);
}
