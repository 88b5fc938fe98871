/* accelsel_recommend(): checks, candidates, their E' and figures, the way
 * each is acquired and the constraints it breaks, then the table, ranking
 * and summaries of the result. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/result_impl.h"

#define FN "accelsel_recommend"

static void work_free(asel_rec *w)
{
    for (size_t i = 0; i < w->n; i++)
        asel_free(w->c[i].name);
    for (size_t i = 0; w->instance != NULL && i < w->n_real; i++)
        asel_free(w->instance[i]);
    for (size_t i = 0; i < w->n_notes; i++)
        asel_free(w->notes[i]);
    double *arrays[] = {w->time,     w->err,         w->eff,     w->mean_min,   w->max_min,
                        w->worst_eff, w->uncert,     w->month_hours, w->wall_kw, w->energy,
                        w->purchase, w->buy,         w->rent,    w->elec_month, w->rent_month,
                        w->release_year};
    for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++)
        asel_free(arrays[k]);
    asel_free(w->meas);
    asel_free(w->c);
    asel_free(w->instance);
    asel_free((void *)w->basis);
    asel_free(w->notes);
}

/* What every figure assumes, and what the candidates lack. */
static int notes(asel_rec *w)
{
    const accelsel_recommend_options *o = &w->o;
    int rc = asel_rec_note(w, "energy is modelled from TDP (each accelerator at its TDP, %g W a "
                           "node beyond them, times a PUE of %g): no measured power",
                           o->node_power_w, o->pue);
    if (rc == 0 && (o->acquire & ACCELSEL_ACQUIRE_BUY))
        rc = asel_rec_note(w, "buying: the price paid off over %g years at %g%% use, plus "
                           "electricity at %g USD/kWh", o->years, 100 * o->utilisation,
                           o->price_kwh);
    size_t no_price = 0, no_rent = 0;
    for (size_t i = 0; i < w->n_real; i++)
        no_price += isnan(w->purchase[i]), no_rent += isnan(w->rent[i]);
    if (rc == 0 && no_price > 0 && (o->acquire & ACCELSEL_ACQUIRE_BUY))
        rc = asel_rec_note(w, "%zu of %zu configurations have no purchase price (none is public "
                           "for their accelerator): they cannot be bought here", no_price,
                           w->n_real);
    if (rc == 0 && no_rent > 0 && (o->acquire & ACCELSEL_ACQUIRE_RENT))
        rc = asel_rec_note(w, "%zu of %zu configurations have no cloud price: they cannot be "
                           "rented here", no_rent, w->n_real);
    return rc;
}

static int candidates(asel_rec *w, accelsel_dataset **kept)
{
    int rc = 0;
    if ((w->o.candidates & ACCELSEL_CANDIDATES_MEASURED) && w->in->measured != NULL)
        rc = asel_rec_measured(w, kept);
    if (rc == 0 && (w->o.candidates & ACCELSEL_CANDIDATES_CATALOG))
        rc = asel_rec_predicted(w);
    while (rc == 0 && w->n_real < w->n && !w->c[w->n_real].reference)
        w->n_real++;
    if (rc == 0 && w->n_real == 0)
        rc = asel_error(ACCELSEL_EEMPTY, FN ": no candidate configuration (no measured row kept, "
                        "no catalog candidate asked for)");
    if (rc == 0)
        rc = asel_rec_efficiency(w);
    if (rc == 0)
        rc = asel_rec_figures(w);
    return rc;
}

/* Buying is paid off at the assumed use: say so when the workload alone
 * keeps the bought first choice busy for less than half of that. */
static int use_note(const accelsel_recommendation *r, asel_rec *w, const asel_rec_choice *ch)
{
    if (r->n_feasible == 0)
        return 0;
    size_t top = r->order[0];
    double share = w->month_hours[top] / ACCELSEL_HOURS_PER_MONTH;
    if (ch->way[top] != ACCELSEL_ACQUIRE_BUY || !(share < w->o.utilisation / 2))
        return 0;
    if (isnan(r->break_even))
        return asel_rec_note(w, "the first choice is bought, paid off at %g%% use, but this "
                             "workload keeps it busy %.2g%% of a month: other work must fill it "
                             "for the cost per run to hold", 100 * w->o.utilisation, 100 * share);
    return asel_rec_note(w, "the first choice is bought, paid off at %g%% use, but this workload "
                         "keeps it busy %.2g%% of a month: unless other work fills it, renting it "
                         "costs less (buying pays off after %.0f months)",
                         100 * w->o.utilisation, 100 * share, r->break_even);
}

static int result(accelsel_recommendation *r, asel_rec *w)
{
    asel_rec_choice ch = {0};
    size_t n = w->n_real;
    int rc = asel_alloc_array(&ch.way, n, sizeof *ch.way);
    if (rc == 0)
        rc = asel_alloc_array(&ch.e, n, sizeof *ch.e);
    for (size_t i = 0; rc == 0 && i < n; i++)
        ch.way[i] = asel_rec_choose(w, i, 1, 1, &ch.e[i]);
    if (rc == 0)
        rc = asel_rec_table(r, w, &ch);
    if (rc == 0)
        rc = asel_alloc_array(&r->feasible, n, sizeof *r->feasible);
    for (size_t i = 0; rc == 0 && i < n; i++)
        if (ch.e[i].n_broken == 0)
            r->feasible[r->n_feasible++] = i;
    if (rc == 0)
        rc = asel_rec_rank(r, w);
    if (rc == 0)
        rc = asel_rec_summaries(r, w, &ch);
    if (rc == 0)
        rc = use_note(r, w, &ch);
    if (rc == 0)
        rc = asel_rec_stability(r, w);
    asel_free(ch.way);
    asel_free(ch.e);
    return rc;
}

static int run(accelsel_recommendation *r, asel_rec *w)
{
    accelsel_catalog *own_cat = NULL;
    accelsel_dataset *own_cloud = NULL, *kept = NULL;
    int rc = w->in->catalog == NULL ? accelsel_catalog_load_builtin(&own_cat) : 0;
    w->cat = w->in->catalog != NULL ? w->in->catalog : own_cat;
    if (rc == 0 && w->in->cloud_prices == NULL)
        rc = accelsel_cloud_prices_load_builtin(&own_cloud, NULL); /* names as built in */
    if (rc == 0)
        rc = asel_rec_cloud_columns(w->in->cloud_prices != NULL ? w->in->cloud_prices : own_cloud,
                                    &w->cloud);
    if (rc == 0)
        rc = candidates(w, &kept);
    if (rc == 0)
        rc = notes(w);
    if (rc == 0)
        rc = result(r, w);
    if (rc == 0) { /* the notes move to the result */
        r->notes = w->notes, r->n_notes = w->n_notes;
        w->notes = NULL, w->n_notes = 0;
    }
    work_free(w);
    accelsel_dataset_free(kept);
    accelsel_dataset_free(own_cloud);
    accelsel_catalog_free(own_cat);
    return rc;
}

ACCELSEL_API int accelsel_recommend(accelsel_recommendation **out,
                                    const accelsel_recommend_inputs *in,
                                    const accelsel_recommend_options *opts)
{
    if (out == NULL)
        return asel_einval(FN, "out");
    *out = NULL;
    if (in == NULL)
        return asel_einval(FN, "in");
    asel_rec w = {.o = ACCELSEL_RECOMMEND_OPTIONS_INIT, .in = in, .pred = in->predictor};
    if (opts != NULL)
        w.o = *opts;
    int rc = asel_rec_check_options(&w.o);
    if (rc == 0)
        rc = asel_rec_check_inputs(in, &w.runs);
    if (rc == 0 && (w.o.candidates & ACCELSEL_CANDIDATES_CATALOG) && in->predictor == NULL)
        rc = asel_error_field(ACCELSEL_EINVAL, "predictor", FN ": catalog candidates need a "
                              "predictor");
    if (rc != 0)
        return rc;
    w.n_net = (size_t)in->n_workload;
    accelsel_recommendation *r = asel_calloc(1, sizeof *r);
    if (r == NULL)
        return asel_enomem();
    rc = run(r, &w);
    if (rc != 0) {
        accelsel_recommendation_free(r);
        return rc;
    }
    *out = r;
    return 0;
}
