/* Energy and cost of one run (formulas in derive.h): power at the wall from
 * the accelerators' TDP and a power per node, energy with the PUE, the
 * purchase price, the cost of a run when bought (capital over its hours of
 * use, plus electricity) and when rented. A missing input is a missing
 * output, never 0. */
#include <math.h>

#include "data/derive_int.h"

/* @p v when it is a finite figure >= 0, else NaN. */
static double figure(const double *col, size_t i)
{
    double v = col != NULL ? col[i] : NAN;
    return isfinite(v) && v >= 0 ? v : NAN;
}

/* Nodes of row @p i for the node power: its nodes column, else one. */
static double nodes(const asel_derive_in *in, size_t i)
{
    if (in->node_count == NULL)
        return 1;
    double n = in->node_count[i];
    return isfinite(n) && n >= 1 ? n : NAN;
}

/* A result that overflowed is not a figure. */
static double finite_or_nan(double v)
{
    return isfinite(v) ? v : NAN;
}

static double wall_kw(const asel_derive_in *in, size_t i, double n_acc)
{
    if (in->sys_power != NULL)
        return figure(in->sys_power, i);
    return finite_or_nan((figure(in->power, i) * n_acc + in->node_power_w * nodes(in, i)) / 1000);
}

static double purchase(const asel_derive_in *in, size_t i, double n_acc)
{
    return in->sys_price != NULL ? figure(in->sys_price, i) : finite_or_nan(figure(in->price, i) * n_acc);
}

size_t asel_derive_cost(const asel_derive_in *in, size_t n_rows, const double *acc,
                        const double *t, const char **names, double *const *cols)
{
    int power = in->power != NULL || in->sys_power != NULL;
    int price = in->price != NULL || in->sys_price != NULL;
    size_t k = 0;
    double *kw = NULL, *kwh = NULL, *usd = NULL, *buy = NULL, *rent = NULL;
    if (power) {
        names[k] = "wall_power_kw", kw = cols[k++];
        names[k] = "energy_kwh", kwh = cols[k++];
    }
    if (price)
        names[k] = "purchase_usd", usd = cols[k++];
    if (power && price)
        names[k] = "buy_per_run_usd", buy = cols[k++];
    if (in->rent != NULL)
        names[k] = "rent_per_run_usd", rent = cols[k++];
    double hours_paid = in->years * ACCELSEL_HOURS_PER_YEAR * in->utilisation;
    for (size_t i = 0; i < n_rows; i++) {
        double h = t[i] / 60, n = acc[i];
        double p = power ? wall_kw(in, i, n) : NAN, e = finite_or_nan(p * h * in->pue);
        double c = price ? purchase(in, i, n) : NAN;
        if (kw != NULL)
            kw[i] = p, kwh[i] = e;
        if (usd != NULL)
            usd[i] = c;
        if (buy != NULL)
            buy[i] = finite_or_nan(c * (h / hours_paid) + e * in->price_kwh);
        if (rent != NULL)
            rent[i] = finite_or_nan(figure(in->rent, i) * n * h);
    }
    return k;
}
