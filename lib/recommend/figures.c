/* The figures of each real candidate: its times over the workload (mean per
 * run, slowest network, hours a month), worst E', uncertainty, and its
 * energy and costs per run, by accelsel_dataset_add_prices() and
 * accelsel_dataset_derive() on a table of the candidates (a system with a
 * price counts its nodes at that price). */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/recommend_impl.h"

/* The largest held-out error of the candidate's predicted networks; NaN
 * when none is predicted or one has no band. */
static double uncertainty(const asel_rec *w, size_t c)
{
    double u = NAN;
    for (size_t i = 0; i < w->n_net; i++) {
        if (w->meas[c * w->n_net + i])
            continue;
        double e = w->err[c * w->n_net + i];
        if (isnan(e))
            return NAN;
        u = isnan(u) ? e : fmax(u, e);
    }
    return u;
}

static void times(asel_rec *w, size_t c)
{
    const double *t = w->time + c * w->n_net, *e = w->eff + c * w->n_net;
    double sum = 0, slowest = 0, eff = NAN;
    for (size_t i = 0; i < w->n_net; i++) {
        sum += w->in->workload[i].runs_per_month * t[i];
        slowest = isnan(t[i]) ? NAN : fmax(slowest, t[i]);
        eff = isnan(eff) || e[i] < eff ? e[i] : eff;
    }
    w->mean_min[c] = sum / w->runs;
    w->max_min[c] = slowest;
    w->month_hours[c] = sum / 60;
    w->worst_eff[c] = eff;
    w->uncert[c] = uncertainty(w, c);
    int32_t year = w->c[c].device >= 0
                       ? accelsel_catalog_device(w->cat, (size_t)w->c[c].device)->release_year
                       : 0;
    w->release_year[c] = year > 0 ? year : NAN;
}

/* The real candidates as a table for the prices and derive. */
static int table(const asel_rec *w, const char **text, double *num, accelsel_dataset **out)
{
    size_t n = w->n_real;
    int rc = accelsel_dataset_new(out, n);
    for (size_t i = 0; i < n; i++)
        text[i] = w->c[i].device >= 0
                      ? accelsel_catalog_device(w->cat, (size_t)w->c[i].device)->name : NULL;
    if (rc == 0)
        rc = accelsel_dataset_add_categorical(*out, "accelerator", text, n);
    const double *cols[3] = {NULL, NULL, w->mean_min};
    static const char *const names[3] = {"total_accelerators", "number_of_nodes",
                                         "time_to_train_min"};
    for (int k = 0; rc == 0 && k < 3; k++) {
        for (size_t i = 0; i < n; i++)
            num[i] = k == 0 ? w->c[i].count : k == 1 ? w->c[i].nodes : cols[2][i];
        rc = accelsel_dataset_add_numeric(*out, names[k], num, n);
    }
    return rc;
}

/* A system with a price: its nodes at that price; else the accelerators'. */
static int configuration_price(const asel_rec *w, accelsel_dataset *ds, double *num)
{
    size_t acc;
    int rc = accelsel_dataset_column_index(ds, "accelerator_price_usd", &acc);
    for (size_t i = 0; rc == 0 && i < w->n_real; i++) {
        const asel_rec_cand *c = &w->c[i];
        const accelsel_system_info *s =
            c->system >= 0 ? accelsel_catalog_system(w->cat, (size_t)c->system) : NULL;
        num[i] = s != NULL && !isnan(s->price_usd)
                     ? s->price_usd * c->nodes
                     : accelsel_dataset_number(ds, i, acc) * c->count;
        w->basis[i] = s != NULL && !isnan(s->price_usd)
                          ? accelsel_price_basis_name(s->price_basis)
                          : NULL;
    }
    return rc != 0 ? rc : accelsel_dataset_add_numeric(ds, "configuration_price_usd", num,
                                                       w->n_real);
}

static int derive(const asel_rec *w, const accelsel_dataset *in, accelsel_dataset **out)
{
    accelsel_derive_options d = ACCELSEL_DERIVE_OPTIONS_INIT;
    d.accelerators_column = "total_accelerators";
    d.nodes_column = "number_of_nodes";
    d.system_price_column = "configuration_price_usd";
    d.node_power_w = w->o.node_power_w;
    d.pue = w->o.pue;
    d.years = w->o.years;
    d.utilisation = w->o.utilisation;
    d.price_kwh = w->o.price_kwh;
    return accelsel_dataset_derive(out, in, &d);
}

static void read_column(const accelsel_dataset *ds, const char *name, double *to, size_t n)
{
    size_t col;
    int found = accelsel_dataset_column_index(ds, name, &col) == 0;
    for (size_t i = 0; i < n; i++)
        to[i] = found ? accelsel_dataset_number(ds, i, col) : NAN;
}

/* The static name of a price basis read back from a table. */
static const char *static_basis(const char *b)
{
    for (int32_t k = ACCELSEL_PRICE_LIST; b != NULL && k <= ACCELSEL_PRICE_DERIVED; k++)
        if (strcmp(b, accelsel_price_basis_name(k)) == 0)
            return accelsel_price_basis_name(k);
    return NULL;
}

/* Energy, prices and costs of the derived table @p d into the arrays. */
static int take(asel_rec *w, const accelsel_dataset *d)
{
    size_t n = w->n_real, inst, basis;
    read_column(d, "wall_power_kw", w->wall_kw, n);
    read_column(d, "energy_kwh", w->energy, n);
    read_column(d, "purchase_usd", w->purchase, n);
    read_column(d, "buy_per_run_usd", w->buy, n);
    read_column(d, "rent_per_run_usd", w->rent, n);
    int rc = accelsel_dataset_column_index(d, "rent_instance", &inst);
    if (rc == 0)
        rc = accelsel_dataset_column_index(d, "accelerator_price_basis", &basis);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const char *s = accelsel_dataset_string(d, i, inst);
        if (s != NULL && (w->instance[i] = asel_strdup(s)) == NULL)
            rc = asel_enomem();
        if (w->basis[i] == NULL && !isnan(w->purchase[i]))
            w->basis[i] = static_basis(accelsel_dataset_string(d, i, basis));
        w->elec_month[i] = w->runs * w->energy[i] * w->o.price_kwh;
        w->rent_month[i] = w->runs * w->rent[i];
    }
    return rc;
}

static int costs(asel_rec *w, const char **text, double *num)
{
    accelsel_dataset *t = NULL, *p = NULL, *d = NULL;
    accelsel_prices_options po = ACCELSEL_PRICES_OPTIONS_INIT;
    po.accelerator_column = "accelerator";
    int rc = table(w, text, num, &t);
    if (rc == 0)
        rc = accelsel_dataset_add_prices(&p, t, w->cat, w->cloud.ds, &po);
    if (rc == 0)
        rc = configuration_price(w, p, num);
    if (rc == 0)
        rc = derive(w, p, &d);
    if (rc == 0)
        rc = take(w, d);
    accelsel_dataset_free(d);
    accelsel_dataset_free(p);
    accelsel_dataset_free(t);
    return rc;
}

int asel_rec_figures(asel_rec *w)
{
    size_t n = w->n_real ? w->n_real : 1;
    double **arrays[] = {&w->mean_min, &w->max_min,  &w->worst_eff,  &w->uncert,
                         &w->month_hours, &w->wall_kw, &w->energy,  &w->purchase,
                         &w->buy,      &w->rent,     &w->elec_month, &w->rent_month,
                         &w->release_year};
    const char **text = NULL;
    double *num = NULL;
    int rc = 0;
    for (size_t k = 0; rc == 0 && k < sizeof arrays / sizeof *arrays; k++)
        rc = asel_alloc_array(arrays[k], n, sizeof(double));
    if (rc == 0 && (w->instance = asel_calloc(n, sizeof *w->instance)) == NULL)
        rc = asel_enomem();
    if (rc == 0 && (w->basis = asel_calloc(n, sizeof *w->basis)) == NULL)
        rc = asel_enomem();
    if (rc == 0)
        rc = asel_alloc_array(&text, n, sizeof *text);
    if (rc == 0)
        rc = asel_alloc_array(&num, n, sizeof *num);
    for (size_t c = 0; rc == 0 && c < w->n_real; c++)
        times(w, c);
    if (rc == 0)
        rc = costs(w, text, num);
    asel_free((void *)text);
    asel_free(num);
    return rc;
}
