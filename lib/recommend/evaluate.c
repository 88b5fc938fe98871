/* The constraints of one candidate bought or rented: each one it breaks,
 * with its figure, the limit and how far beyond (relatively), and what the
 * way costs a run, an hour and a month. Prices may be scaled, for the draws
 * of moved prices. */
#include <math.h>

#include "recommend/recommend_impl.h"

static void breaks(asel_rec_way *out, int c, double value, double limit, double excess)
{
    int k = out->n_broken++;
    out->broken[k] = c;
    out->value[k] = value;
    out->limit[k] = limit;
    out->excess[k] = excess;
    if (out->worst_at < 0 || excess > out->worst)
        out->worst = excess, out->worst_at = k;
}

/* An upper limit: broken when @p v is above it (kept at equality). */
static void at_most(asel_rec_way *out, int c, double v, double limit)
{
    if (v > limit)
        breaks(out, c, v, limit, (v - limit) / limit);
}

static void missing(asel_rec_way *out, int c)
{
    breaks(out, c, NAN, NAN, INFINITY);
}

/* Figures the way needs that are missing: nothing else is checked then. */
static int data_missing(const asel_rec *w, size_t c, uint32_t way, asel_rec_way *out)
{
    if (w->c[c].failed || isnan(w->mean_min[c]))
        missing(out, ASEL_REC_PREDICTION);
    else if (isnan(way == ACCELSEL_ACQUIRE_BUY ? w->purchase[c] : w->rent[c]))
        missing(out, ASEL_REC_PRICE);
    else if (isnan(w->wall_kw[c]))
        missing(out, ASEL_REC_POWER);
    return out->n_broken > 0;
}

static void limits(const asel_rec *w, size_t c, uint32_t way, asel_rec_way *out)
{
    const accelsel_recommend_options *o = &w->o;
    if (way == ACCELSEL_ACQUIRE_BUY)
        at_most(out, ASEL_REC_BUDGET, out->capital, o->budget_usd);
    at_most(out, ASEL_REC_MONTHLY, out->monthly, o->monthly_budget_usd);
    at_most(out, ASEL_REC_POWER_CAP, w->wall_kw[c], o->power_cap_kw);
    if (o->max_accelerators > 0)
        at_most(out, ASEL_REC_MAX_ACC, w->c[c].count, o->max_accelerators);
    double eff = w->worst_eff[c];
    if (o->min_efficiency > 0 && isnan(eff))
        missing(out, ASEL_REC_MIN_EFF);
    else if (o->min_efficiency > 0 && eff < o->min_efficiency)
        breaks(out, ASEL_REC_MIN_EFF, eff, o->min_efficiency,
               (o->min_efficiency - eff) / o->min_efficiency);
    at_most(out, ASEL_REC_DEADLINE, w->max_min[c], o->deadline_min);
    if (o->fit_month)
        at_most(out, ASEL_REC_MONTH, w->month_hours[c], ACCELSEL_HOURS_PER_MONTH);
}

void asel_rec_way_eval(const asel_rec *w, size_t c, uint32_t way, double buy_f, double rent_f,
                       asel_rec_way *out)
{
    const accelsel_recommend_options *o = &w->o;
    double paid_hours = o->years * ACCELSEL_HOURS_PER_YEAR * o->utilisation;
    double purchase = w->purchase[c] * buy_f, h = w->mean_min[c] / 60;
    *out = (asel_rec_way){.worst_at = -1};
    if (way == ACCELSEL_ACQUIRE_BUY) {
        out->capital = purchase;
        out->per_run = purchase * (h / paid_hours) + w->energy[c] * o->price_kwh;
        out->hourly = purchase / paid_hours + w->wall_kw[c] * o->pue * o->price_kwh;
        out->monthly = purchase / (o->years * 12) + w->elec_month[c];
    } else {
        out->capital = 0;
        out->per_run = w->rent[c] * rent_f;
        out->hourly = out->per_run / h;
        out->monthly = w->rent_month[c] * rent_f;
    }
    if (!data_missing(w, c, way, out))
        limits(w, c, way, out);
}

uint32_t asel_rec_choose(const asel_rec *w, size_t c, double buy_f, double rent_f,
                         asel_rec_way *out)
{
    uint32_t ways = w->o.acquire, best = 0;
    for (uint32_t way = ACCELSEL_ACQUIRE_BUY; way <= ACCELSEL_ACQUIRE_RENT; way++) {
        if ((ways & way) == 0)
            continue;
        asel_rec_way e;
        asel_rec_way_eval(w, c, way, buy_f, rent_f, &e);
        /* feasible before not; then the cheaper run, or the nearer miss */
        int better = best == 0 || (e.n_broken == 0 && out->n_broken > 0) ||
                     (e.n_broken == 0 && out->n_broken == 0 && e.per_run < out->per_run) ||
                     (e.n_broken > 0 && out->n_broken > 0 && e.worst < out->worst);
        if (better)
            *out = e, best = way;
    }
    return best;
}
