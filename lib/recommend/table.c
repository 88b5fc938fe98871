/* The table of every candidate (accelsel_recommendation_table()): one row a
 * real candidate, its configuration, times, prices, energy, the way it is
 * acquired and what that costs, and whether and why it was excluded. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/result_impl.h"

typedef struct builder {
    accelsel_dataset *ds;
    const asel_rec *w;
    const asel_rec_choice *ch;
    double *num;
    const char **text;
    int rc;
} builder;

static void numeric(builder *b, const char *name)
{
    if (b->rc == 0)
        b->rc = accelsel_dataset_add_numeric(b->ds, name, b->num, b->w->n_real);
}

static void text(builder *b, const char *name)
{
    if (b->rc == 0)
        b->rc = accelsel_dataset_add_categorical(b->ds, name, b->text, b->w->n_real);
}

/* A column of one of the computation's arrays. */
static void array(builder *b, const char *name, const double *v)
{
    memcpy(b->num, v, b->w->n_real * sizeof *v);
    numeric(b, name);
}

static const char *source(const asel_rec_cand *c, size_t n_net)
{
    return c->measured == n_net ? "measured" : c->measured == 0 ? "predicted" : "mixed";
}

static void configuration(builder *b)
{
    const asel_rec *w = b->w;
    size_t n = w->n_real;
    for (size_t i = 0; i < n; i++)
        b->text[i] = w->c[i].name;
    text(b, "name");
    for (size_t i = 0; i < n; i++)
        b->text[i] = w->c[i].device >= 0
                         ? accelsel_catalog_device(w->cat, (size_t)w->c[i].device)->name : NULL;
    text(b, "accelerator");
    for (size_t i = 0; i < n; i++)
        b->num[i] = w->c[i].count;
    numeric(b, "count");
    for (size_t i = 0; i < n; i++)
        b->num[i] = w->c[i].nodes;
    numeric(b, "nodes");
    for (size_t i = 0; i < n; i++)
        b->text[i] = source(&w->c[i], w->n_net);
    text(b, "source");
    for (size_t i = 0; i < n; i++)
        b->text[i] = w->c[i].round;
    text(b, "round");
}

/* time_NETWORK_min per network, a repeated network numbered from its second. */
static void network_times(builder *b)
{
    const asel_rec *w = b->w;
    for (size_t k = 0; b->rc == 0 && k < w->n_net; k++) {
        const char *net = accelsel_network_name(w->in->workload[k].network);
        size_t same = 0;
        for (size_t j = 0; j < k; j++)
            same += strcmp(accelsel_network_name(w->in->workload[j].network), net) == 0;
        char name[300];
        if (same > 0)
            snprintf(name, sizeof name, "time_%s_%zu_min", net, same + 1);
        else
            snprintf(name, sizeof name, "time_%s_min", net);
        for (size_t i = 0; i < w->n_real; i++)
            b->num[i] = w->time[i * w->n_net + k];
        numeric(b, name);
    }
}

static void figures(builder *b)
{
    const asel_rec *w = b->w;
    array(b, "time_to_train_min", w->mean_min);
    array(b, "time_max_min", w->max_min);
    network_times(b);
    array(b, "efficiency", w->worst_eff);
    array(b, "wall_power_kw", w->wall_kw);
    array(b, "energy_kwh", w->energy);
    array(b, "purchase_usd", w->purchase);
    array(b, "buy_per_run_usd", w->buy);
    array(b, "rent_per_run_usd", w->rent);
    for (size_t i = 0; i < w->n_real; i++)
        b->text[i] = w->instance[i];
    text(b, "instance");
}

/* A column of the chosen way's figures. */
static void way_column(builder *b, const char *name, size_t offset)
{
    for (size_t i = 0; i < b->w->n_real; i++)
        b->num[i] = *(const double *)((const char *)&b->ch->e[i] + offset);
    numeric(b, name);
}

static void break_even(builder *b)
{
    const asel_rec *w = b->w;
    for (size_t i = 0; i < w->n_real; i++) {
        double gap = w->rent_month[i] - w->elec_month[i];
        b->num[i] = isnan(gap) || isnan(w->purchase[i]) ? NAN
                    : gap > 0                             ? w->purchase[i] / gap
                                                          : INFINITY;
    }
    numeric(b, "break_even_months");
}

static void acquisition(builder *b)
{
    const asel_rec *w = b->w;
    for (size_t i = 0; i < w->n_real; i++)
        b->text[i] = b->ch->way[i] == ACCELSEL_ACQUIRE_BUY ? "buy" : "rent";
    text(b, "acquire");
    way_column(b, "cost_per_run_usd", offsetof(asel_rec_way, per_run));
    way_column(b, "capital_usd", offsetof(asel_rec_way, capital));
    way_column(b, "hourly_usd", offsetof(asel_rec_way, hourly));
    way_column(b, "monthly_usd", offsetof(asel_rec_way, monthly));
    array(b, "month_hours", w->month_hours);
    break_even(b);
    array(b, "uncertainty_pct", w->uncert);
    for (size_t i = 0; i < w->n_real; i++)
        b->text[i] = w->basis[i];
    text(b, "price_basis");
    array(b, "release_year", w->release_year);
}

/* feasible, and an excluded row's worst constraint with its figure and limit. */
static void exclusion(builder *b)
{
    const asel_rec *w = b->w;
    size_t n = w->n_real;
    for (size_t i = 0; i < n; i++)
        b->num[i] = b->ch->e[i].n_broken == 0;
    numeric(b, "feasible");
    double *value = NULL, *limit = NULL;
    if (b->rc == 0 && (b->rc = asel_alloc_array(&value, 2 * (n ? n : 1), sizeof *value)) == 0)
        limit = value + (n ? n : 1);
    for (size_t i = 0; b->rc == 0 && i < n; i++) {
        const asel_rec_way *e = &b->ch->e[i];
        int worst = e->worst_at;
        b->text[i] = worst >= 0 ? asel_rec_constraint_name(e->broken[worst]) : NULL;
        value[i] = worst >= 0 ? e->value[worst] : NAN;
        limit[i] = worst >= 0 ? e->limit[worst] : NAN;
    }
    text(b, "constraint");
    if (b->rc == 0)
        b->rc = accelsel_dataset_add_numeric(b->ds, "constraint_value", value, n);
    if (b->rc == 0)
        b->rc = accelsel_dataset_add_numeric(b->ds, "constraint_limit", limit, n);
    asel_free(value);
}

int asel_rec_table(accelsel_recommendation *r, const asel_rec *w, const asel_rec_choice *ch)
{
    size_t n = w->n_real ? w->n_real : 1;
    builder b = {NULL, w, ch, NULL, NULL, 0};
    b.rc = accelsel_dataset_new(&b.ds, w->n_real);
    if (b.rc == 0)
        b.rc = asel_alloc_array(&b.num, n, sizeof *b.num);
    if (b.rc == 0)
        b.rc = asel_alloc_array(&b.text, n, sizeof *b.text);
    if (b.rc == 0) { /* each step adds nothing once one has failed */
        configuration(&b);
        figures(&b);
        acquisition(&b);
        exclusion(&b);
    }
    asel_free(b.num);
    asel_free((void *)b.text);
    if (b.rc != 0) {
        accelsel_dataset_free(b.ds);
        return b.rc;
    }
    r->table = b.ds;
    return 0;
}
