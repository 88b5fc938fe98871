/* accelsel_mapping_solve(): options, the method by name, the result as a mapping. */
#include <math.h>
#include <string.h>
#include <time.h>

#include "core/alloc.h"
#include "core/error.h"
#include "map/mapping_impl.h"

static const char fn[] = "accelsel_mapping_solve";

static const char *const methods[] = {"ga", "computation-first", "h2h", "single",
                                      "data-parallel", "exhaustive", NULL};

double asel_map_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int accelsel_mapping_solve_options_init(accelsel_mapping_solve_options *opts,
                                        unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_mapping_solve_options_init", "opts");
    if (version != ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "mapping solve options version %u is not known",
                          version);
    *opts = (accelsel_mapping_solve_options)ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    return 0;
}

size_t accelsel_mapping_solve_options_size(void)
{
    return sizeof(accelsel_mapping_solve_options);
}

const char *accelsel_mapping_method_name(size_t index)
{
    return index < sizeof methods / sizeof *methods - 1 ? methods[index] : NULL;
}

static int check(const accelsel_mapping_solve_options *o, const char **method)
{
    if (o->version != ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", "%s: options version %u is not known", fn,
                          o->version);
    if (o->population != 0 && o->population < 4)
        return asel_error_field(ACCELSEL_EINVAL, "population", "%s: population %u is below 4", fn,
                                o->population);
    if (!(o->time_budget_s >= 0))
        return asel_error_field(ACCELSEL_EINVAL, "time_budget_s", "%s: time budget must be 0 or positive",
                                fn);
    *method = o->method ? o->method : "ga";
    for (size_t i = 0; methods[i]; i++)
        if (strcmp(*method, methods[i]) == 0)
            return 0;
    return asel_error_field(ACCELSEL_ENOTFOUND, "method",
                      "%s: unknown method '%.*s%s' (ga, computation-first, h2h, single, "
                      "data-parallel, exhaustive)",
                      fn, ASEL_QUOTE_MAX, *method, asel_ellipsis(*method));
}

static int to_mapping(const accelsel_mapping_problem *p, const char *method, asel_map_result *r,
                      double seconds, accelsel_mapping **out)
{
    int rc = asel_map_build(p, &r->best, method, out);
    if (rc == 0 && asel_map_set_stats(*out, r->generations, r->evaluations, seconds, r->history,
                                      r->n_history) != 0) {
        accelsel_mapping_free(*out);
        *out = NULL;
        rc = asel_enomem();
    }
    if (rc == 0 && r->canceled)
        rc = asel_error(ACCELSEL_ECANCELED,
                        "the progress callback stopped the search after generation %u; the best "
                        "mapping so far is returned",
                        r->generations);
    return rc;
}

int accelsel_mapping_solve(accelsel_mapping **out, const accelsel_mapping_problem *p,
                           const accelsel_mapping_solve_options *opts)
{
    accelsel_mapping_solve_options def = ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT;
    const accelsel_mapping_solve_options *o = opts ? opts : &def;
    const char *method = "ga";
    if (out != NULL)
        *out = NULL;
    if (p == NULL || out == NULL)
        return asel_einval(fn, p == NULL ? "p" : "out");
    int rc = check(o, &method);
    if (rc != 0)
        return rc;
    asel_map_genomes best;
    if (asel_map_genomes_new(&best, p, 1) != 0)
        return asel_enomem();
    asel_map_result r;
    memset(&r, 0, sizeof r);
    r.best = best.g[0];
    r.value = r.excess = INFINITY;
    double t0 = asel_map_now();
    rc = strcmp(method, "ga") == 0 ? asel_map_ga(p, o, &r) : asel_map_baseline(p, method, o, &r);
    if (rc == 0)
        rc = to_mapping(p, method, &r, asel_map_now() - t0, out);
    else if (rc == ACCELSEL_ENOMEM)
        asel_enomem();
    asel_free(r.history);
    asel_map_genomes_free(&best);
    return rc;
}
