/* Inputs and options of accelsel_recommend(): defaults and checks. */
#include <math.h>

#include "core/error.h"
#include "data/derive_int.h"
#include "recommend/recommend_impl.h"

#define FN "accelsel_recommend"

ACCELSEL_API int accelsel_recommend_inputs_init(accelsel_recommend_inputs *in,
                                                unsigned int version)
{
    if (in == NULL)
        return asel_einval("accelsel_recommend_inputs_init", "in");
    if (version != ACCELSEL_RECOMMEND_INPUTS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_recommend_inputs_init: unknown version %u",
                          version);
    *in = (accelsel_recommend_inputs)ACCELSEL_RECOMMEND_INPUTS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_recommend_inputs_size(void)
{
    return sizeof(accelsel_recommend_inputs);
}

ACCELSEL_API int accelsel_recommend_options_init(accelsel_recommend_options *opts,
                                                 unsigned int version)
{
    if (opts == NULL)
        return asel_einval("accelsel_recommend_options_init", "opts");
    if (version != ACCELSEL_RECOMMEND_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION,
                          "accelsel_recommend_options_init: unknown version %u", version);
    *opts = (accelsel_recommend_options)ACCELSEL_RECOMMEND_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_recommend_options_size(void)
{
    return sizeof(accelsel_recommend_options);
}

ACCELSEL_API const char *accelsel_baseline_name(int baseline)
{
    static const char *const names[ACCELSEL_BASELINE_COUNT] = {"latest", "cheapest-hour",
                                                               "most-accelerators"};
    return baseline >= 0 && baseline < ACCELSEL_BASELINE_COUNT ? names[baseline] : NULL;
}

/* A limit: above 0 (INFINITY = none). */
static int limit(const char *field, double v)
{
    if (v > 0)
        return 0;
    return asel_error_field(ACCELSEL_EINVAL, field, FN ": %s %g is not above 0 (INFINITY is no "
                            "limit)", field, v);
}

static int weight(const char *field, double v)
{
    if (v >= 0 && isfinite(v))
        return 0;
    return asel_error_field(ACCELSEL_EINVAL, field, FN ": %s %g is not a finite weight >= 0",
                            field, v);
}

static int check_weights(const accelsel_recommend_options *o)
{
    int rc = weight("weight_time", o->weight_time);
    if (rc == 0)
        rc = weight("weight_cost", o->weight_cost);
    if (rc == 0)
        rc = weight("weight_energy", o->weight_energy);
    if (rc == 0)
        rc = weight("weight_purchase", o->weight_purchase);
    if (rc == 0 && o->weight_time + o->weight_cost + o->weight_energy + o->weight_purchase == 0)
        rc = asel_error_field(ACCELSEL_EINVAL, "weight_time", FN ": every criterion weight is 0");
    if (rc == 0 && accelsel_rank_method_name(o->method) == NULL)
        rc = asel_error_field(ACCELSEL_EINVAL, "method", FN ": method %d is not a "
                              "ACCELSEL_RANK_ method", (int)o->method);
    return rc;
}

int asel_rec_check_options(const accelsel_recommend_options *o)
{
    if (o->version != ACCELSEL_RECOMMEND_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", FN ": unknown options version %u",
                                o->version);
    if (o->candidates < 1 || o->candidates > ACCELSEL_CANDIDATES_ALL)
        return asel_error_field(ACCELSEL_EINVAL, "candidates", FN ": candidates %u is not "
                                "ACCELSEL_CANDIDATES_*", (unsigned)o->candidates);
    if (o->acquire < 1 || o->acquire > ACCELSEL_ACQUIRE_EITHER)
        return asel_error_field(ACCELSEL_EINVAL, "acquire", FN ": acquire %u is not "
                                "ACCELSEL_ACQUIRE_*", (unsigned)o->acquire);
    int rc = limit("budget_usd", o->budget_usd);
    if (rc == 0)
        rc = limit("monthly_budget_usd", o->monthly_budget_usd);
    if (rc == 0)
        rc = limit("power_cap_kw", o->power_cap_kw);
    if (rc == 0)
        rc = limit("deadline_min", o->deadline_min);
    if (rc == 0 && !(o->min_efficiency >= 0 && isfinite(o->min_efficiency)))
        rc = asel_error_field(ACCELSEL_EINVAL, "min_efficiency", FN ": min_efficiency %g is not "
                              "a finite number >= 0", o->min_efficiency);
    if (rc == 0 && o->fit_month > 1)
        rc = asel_error_field(ACCELSEL_EINVAL, "fit_month", FN ": fit_month is %u, not 0 or 1",
                              (unsigned)o->fit_month);
    if (rc == 0 && !(o->price_perturbation >= 0 && o->price_perturbation < 1))
        rc = asel_error_field(ACCELSEL_EINVAL, "price_perturbation", FN ": price_perturbation "
                              "%g is not in [0, 1)", o->price_perturbation);
    if (rc == 0)
        rc = check_weights(o);
    return rc != 0 ? rc
                   : asel_derive_check_costs(o->node_power_w, o->pue, o->years, o->utilisation,
                                             o->price_kwh, FN);
}

int asel_rec_check_inputs(const accelsel_recommend_inputs *in, double *runs)
{
    if (in->version != ACCELSEL_RECOMMEND_INPUTS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", FN ": unknown inputs version %u",
                                in->version);
    if (in->workload == NULL || in->n_workload == 0)
        return asel_error_field(ACCELSEL_EINVAL, "workload", FN ": the workload is empty");
    *runs = 0;
    for (uint64_t i = 0; i < in->n_workload; i++) {
        const accelsel_workload_item *w = &in->workload[i];
        if (w->network == NULL)
            return asel_error_field(ACCELSEL_EINVAL, "workload", FN ": workload[%llu].network "
                                    "is NULL", (unsigned long long)i);
        if (!(w->runs_per_month >= 0 && isfinite(w->runs_per_month)))
            return asel_error_field(ACCELSEL_EINVAL, "workload", FN ": workload[%llu]."
                                    "runs_per_month %g is not a finite number >= 0",
                                    (unsigned long long)i, w->runs_per_month);
        if (!(w->global_batch >= 0 && isfinite(w->global_batch)) ||
            !(w->epochs >= 0 && isfinite(w->epochs)))
            return asel_error_field(ACCELSEL_EINVAL, "workload", FN ": workload[%llu]: "
                                    "global_batch and epochs are finite numbers >= 0 (0 = the "
                                    "default)", (unsigned long long)i);
        *runs += w->runs_per_month;
    }
    if (!(*runs > 0) || !isfinite(*runs))
        return asel_error_field(ACCELSEL_EINVAL, "workload", FN ": the workload's runs a month "
                                "sum to %g: no run to buy for", *runs);
    if ((in->devices == NULL) != (in->n_devices == 0) || (in->counts == NULL) != (in->n_counts == 0))
        return asel_error_field(ACCELSEL_EINVAL, in->devices == NULL ? "devices" : "counts",
                                FN ": a list and its length disagree (NULL with n > 0, or n 0)");
    for (uint64_t i = 0; i < in->n_devices; i++)
        if (in->devices[i] == NULL)
            return asel_error_field(ACCELSEL_EINVAL, "devices", FN ": devices[%llu] is NULL",
                                    (unsigned long long)i);
    for (uint64_t i = 0; i < in->n_counts; i++)
        if (in->counts[i] < 1 || (i > 0 && in->counts[i] <= in->counts[i - 1]))
            return asel_error_field(ACCELSEL_EINVAL, "counts", FN ": counts[%llu] = %u: counts "
                                    "increase from 1", (unsigned long long)i,
                                    (unsigned)in->counts[i]);
    return 0;
}
