/* accelsel map --compare: every baseline of the library on the same problem,
 * and the GA's reduction against each. */
#include <math.h>
#include <string.h>

#include "map.h"

static void record_refusal(map_compare *c, size_t b, int rc)
{
    const accelsel_error *e = accelsel_last_error();
    snprintf(c->refusal[b], sizeof c->refusal[b], "%s (%s)",
             e->code == rc && e->message[0] ? e->message : accelsel_strerror(rc),
             accelsel_status_name(rc));
    c->latency_s[b] = c->objective_s[b] = NAN;
}

/* ERANGE (exhaustive on too large an instance) and EINFEASIBLE (a baseline
 * that finds no feasible mapping, e.g. a single slot too small) are answers
 * about the instance, not failures of the run. */
static int run_one(const accelsel_mapping_problem *p, uint32_t n_threads, double time_budget_s,
                   map_compare *c, size_t b)
{
    accelsel_mapping_solve_options o = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    o.method = c->method[b];
    o.n_threads = n_threads;
    o.time_budget_s = time_budget_s;
    accelsel_mapping *m = NULL;
    int rc = accelsel_mapping_solve(&m, p, &o);
    if (rc == 0) {
        c->latency_s[b] = accelsel_mapping_get_breakdown(m)->latency_s;
        c->objective_s[b] = accelsel_mapping_objective_s(m);
        c->refusal[b][0] = '\0';
    } else if (rc == ACCELSEL_ERANGE || rc == ACCELSEL_EINFEASIBLE) {
        record_refusal(c, b, rc);
        rc = 0;
    }
    accelsel_mapping_free(m);
    return rc == 0 ? CLI_OK : cli_fail(rc, c->method[b]);
}

int map_compare_run(const accelsel_mapping_problem *p, uint32_t n_threads, double time_budget_s,
                    map_compare *c)
{
    memset(c, 0, sizeof *c);
    /* Method 0 is the GA itself; the baselines follow. */
    for (size_t i = 1; accelsel_mapping_method_name(i) != NULL && c->n < MAP_MAX_BASELINES; i++) {
        c->method[c->n] = accelsel_mapping_method_name(i);
        if (run_one(p, n_threads, time_budget_s, c, c->n++) != CLI_OK)
            return CLI_FAIL;
    }
    return CLI_OK;
}

double map_reduction(const map_compare *c, size_t b, double ga_objective_s)
{
    double base = c->objective_s[b];
    return base > 0 ? (base - ga_objective_s) / base : NAN;
}
