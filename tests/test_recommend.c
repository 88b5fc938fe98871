/* Procurement: the cloud-price loader against a table of malformed files,
 * the prices of each row (the cheapest instances by hand), energy and
 * costs per run by hand, constraints by brute force on random tables (rows
 * exactly at a limit included), the ranking equal to
 * accelsel_ranking_compute() on the feasible rows, the Pareto front and the
 * rules of thumb by brute force, the break-even against its closed form,
 * the empty result's closest miss, thread invariance, bad input and
 * allocation failures. The catalog and cloud prices here are made up, so
 * that every figure is known. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/accelsel.h"
#include "testutil.h"

/* Three accelerators: ga (300 W, 10000 USD list, 2020), gb (500 W, 20000 USD
 * estimate, 2022), gc (400 W, no price, 2023); system sb: nodes of 8 ga at
 * 150000 USD a node; links for the predictor's defaults. */
static const char catalog_yaml[] =
    "version: 1\n"
    "links:\n"
    "  - {name: pcie4-x16, technology: pcie, bw_bytes_s: 31.5e9, source: s}\n"
    "  - {name: nvlink3, technology: nvlink, bw_bytes_s: 300e9, source: s}\n"
    "  - {name: ib-hdr, technology: infiniband, bw_bytes_s: 25e9, source: s}\n"
    "devices:\n"
    "  - {name: ga, aliases: [Vendor GA 40GB], vendor: V, kind: gpu, release_year: 2020,\n"
    "     tdp_w: 300, price_usd: 10000, price_basis: list, peak_flops: {fp16: 1e14},\n"
    "     memory_bytes: 42949672960, memory_bw_bytes_s: 1e12, source: s}\n"
    "  - {name: gb, vendor: V, kind: gpu, release_year: 2022, tdp_w: 500, price_usd: 20000,\n"
    "     price_basis: estimate, price_date: 2024-05, source: s}\n"
    "  - {name: gc, vendor: W, kind: gpu, release_year: 2023, tdp_w: 400, source: s}\n"
    "systems:\n"
    "  - {name: sb, device: ga, nodes: 1, devices_per_node: 8, price_usd: 150000, source: s}\n";

/* ga: one a node at 2.0, or eight at 1.5 an accelerator-hour; gb: eight at
 * 3.0; gc: one at 4.0. */
static const char cloud_csv[] =
    "provider,instance,accelerator,accelerators_per_instance,usd_per_accelerator_hour,region,"
    "date,source\n"
    "p,one-ga,Vendor GA 40GB,1,2.0,r1,2025-01-02,s\n"
    "p,eight-ga,ga,8,1.5,r1,2025-01,s\n"
    "q,eight-gb,gb,8,3.0,r2,2025,s\n"
    "q,one-gc,gc,1,4.0,r2,2025-03-04,s\n";

static accelsel_catalog *cat;
static accelsel_dataset *cloud;
static accelsel_network *resnet;

static void setup(void)
{
    ck_assert_int_eq(accelsel_catalog_load_buffer(&cat, catalog_yaml, strlen(catalog_yaml)), 0);
    ck_assert_int_eq(accelsel_cloud_prices_load_buffer(&cloud, cat, cloud_csv, strlen(cloud_csv)),
                     0);
    ck_assert_int_eq(accelsel_network_load_zoo(&resnet, "resnet50", NULL), 0);
}

static void teardown(void)
{
    accelsel_network_free(resnet);
    accelsel_dataset_free(cloud);
    accelsel_catalog_free(cat);
}

static size_t col(const accelsel_dataset *ds, const char *name)
{
    size_t c = SIZE_MAX;
    ck_assert_msg(accelsel_dataset_column_index(ds, name, &c) == 0, "no column %s", name);
    return c;
}

static double num(const accelsel_dataset *ds, size_t row, const char *name)
{
    return accelsel_dataset_number(ds, row, col(ds, name));
}

static const char *str(const accelsel_dataset *ds, size_t row, const char *name)
{
    return accelsel_dataset_string(ds, row, col(ds, name));
}

static void near(double got, double want, const char *what)
{
    if (isnan(want))
        ck_assert_msg(isnan(got), "%s: %.17g, want missing", what, got);
    else if (isinf(want))
        ck_assert_msg(got == want, "%s: %.17g, want %g", what, got, want);
    else
        ck_assert_msg(fabs(got - want) <= 1e-12 * fabs(want) + 1e-12, "%s: %.17g, want %.17g",
                      what, got, want);
}

/* ---- the loader ---- */

START_TEST(builtin_cloud_prices_load)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_cloud_prices_load_builtin(&ds, NULL), 0);
    ck_assert_uint_gt(accelsel_dataset_rows(ds), 30);
    /* every row resolves to a catalog device, and prices are positive */
    for (size_t r = 0; r < accelsel_dataset_rows(ds); r++) {
        ck_assert_ptr_nonnull(str(ds, r, "device"));
        ck_assert(num(ds, r, "usd_per_accelerator_hour") > 0);
    }
    ck_assert_str_eq(str(ds, 0, "provider"), "aws");
    ck_assert_str_eq(str(ds, 0, "device"), "a100-sxm4-40gb");
    accelsel_dataset_free(ds);
    /* the test's own file: the alias resolves */
    ck_assert_str_eq(str(cloud, 0, "device"), "ga");
    ck_assert_str_eq(str(cloud, 0, "accelerator"), "Vendor GA 40GB");
    ck_assert_str_eq(str(cloud, 2, "date"), "2025");
}
END_TEST

#define HEAD "provider,instance,accelerator,accelerators_per_instance,usd_per_accelerator_hour," \
             "region,date,source\n"

static const struct {
    const char *text;
    int status;
    unsigned line, column;
    const char *fragment;
} bad_cloud[] = {
    {"provider,instance,accelerator,usd_per_accelerator_hour,region,date,source\n"
     "p,i,ga,1,r,2025,s\n", ACCELSEL_EPARSE, 1, 1,
     "missing required column 'accelerators_per_instance'"},
    {HEAD "p,i,ga,1,2,r,2025,s\np,j,ga,1,2,r,2025,s\np,i,gb,8,3,r,2025,s\n", ACCELSEL_EDATA, 4, 3,
     "instance 'i' of provider 'p' in region 'r' is already on line 2"},
    {HEAD "p,i,ga,1,cheap,r,2025,s\n", ACCELSEL_EPARSE, 2, 10,
     "column 'usd_per_accelerator_hour': 'cheap' is not a number"},
    {HEAD "p,i,ga,1,0,r,2025,s\n", ACCELSEL_ERANGE, 2, 10, "0 is not a price above 0"},
    {HEAD "p,i,ga,1,-2,r,2025,s\n", ACCELSEL_ERANGE, 2, 10, "-2 is not a price above 0"},
    {HEAD "p,i,ga,1,inf,r,2025,s\n", ACCELSEL_ERANGE, 2, 10, "inf is not a price above 0"},
    {HEAD "p,i,ga,0,2,r,2025,s\n", ACCELSEL_ERANGE, 2, 8, "0 is not a whole number"},
    {HEAD "p,i,ga,1.5,2,r,2025,s\n", ACCELSEL_ERANGE, 2, 8, "1.5 is not a whole number"},
    {HEAD "p,i,gz,1,2,r,2025,s\n", ACCELSEL_ENOTFOUND, 2, 5, "column 'accelerator': "},
    {HEAD "p,i,ga,1,2,r,2025-13,s\n", ACCELSEL_EPARSE, 2, 14, "'2025-13' is not an ISO 8601 date"},
    {HEAD "p,i,ga,1,2,,2025,s\n", ACCELSEL_EPARSE, 2, 12, "column 'region': missing value"},
    {HEAD, ACCELSEL_EEMPTY, 0, 0, "no price rows"},
    {"", ACCELSEL_EPARSE, 0, 0, ""},
    {HEAD "p,\"i,ga,1,2,r,2025,s\n", ACCELSEL_EPARSE, 0, 0, ""},
};

START_TEST(malformed_cloud_prices)
{
    accelsel_dataset *ds = (accelsel_dataset *)&ds;
    int rc = accelsel_cloud_prices_load_buffer(&ds, cat, bad_cloud[_i].text,
                                               strlen(bad_cloud[_i].text));
    const accelsel_error *e = accelsel_last_error();
    ck_assert_msg(rc == bad_cloud[_i].status, "case %d: %d (%s)", _i, rc, e->message);
    ck_assert_ptr_null(ds);
    ck_assert_msg(strstr(e->message, bad_cloud[_i].fragment) != NULL, "case %d: '%s'", _i,
                  e->message);
    if (bad_cloud[_i].line > 0) {
        ck_assert_msg(e->line == bad_cloud[_i].line && e->column == bad_cloud[_i].column,
                      "case %d: at %u:%u (%s)", _i, e->line, e->column, e->message);
        ck_assert_str_eq(e->source, "<buffer>");
    }
}
END_TEST

/* ---- the prices of rows ---- */

/* The CSV text @p rows (kept in *@p ds) priced with the test's catalog and cloud. */
static accelsel_dataset *priced(const char *rows, accelsel_dataset **ds)
{
    accelsel_dataset *out = NULL;
    ck_assert_int_eq(accelsel_dataset_load_csv_buffer(ds, rows, strlen(rows), NULL), 0);
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, *ds, cat, cloud, NULL), 0);
    return out;
}

/* Row @p r of a priced table: its device (NULL: none), rate and price. */
static void assert_priced(const accelsel_dataset *out, size_t r, const char *dev, double rate,
                          double price)
{
    const char *d = str(out, r, "catalog_device");
    ck_assert_msg((d == NULL) == (dev == NULL) && (d == NULL || strcmp(d, dev) == 0),
                  "row %zu device %s", r, d ? d : "(missing)");
    near(num(out, r, "rent_usd_per_accelerator_hour"), rate, "rate");
    near(num(out, r, "accelerator_price_usd"), price, "price");
}

/* Cheapest instances by hand: ga at N = 1: one-ga 2.0 against a whole
 * eight-ga (8 x 1.5 = 12): 2.0; N = 8: 16 against 12: 1.5; N = 12: 24
 * against two eight-ga, 24 an hour over 12: 2.0, the first of equals
 * (one-ga). gb at N = 4: one eight-gb, 24 over 4 = 6.0. gc: 4.0. A name
 * that is no catalog device gets nothing; vendor spellings resolve. */
START_TEST(prices_of_rows_by_hand)
{
    static const char rows[] = "accelerator_model_name,total_accelerators\n"
                               "ga,1\nVendor GA 40GB,8\nGA,12\ngb,4\ngc,1\nzz,8\n";
    accelsel_dataset *ds = NULL, *out = priced(rows, &ds);
    static const char *const dev[] = {"ga", "ga", "ga", "gb", "gc", NULL};
    static const double rate[] = {2.0, 1.5, 2.0, 6.0, 4.0, NAN};
    static const double price[] = {10000, 10000, 10000, 20000, NAN, NAN};
    static const char *const inst[] = {"p one-ga, r1", "p eight-ga, r1", "p one-ga, r1",
                                       "q eight-gb, r2", "q one-gc, r2", NULL};
    for (size_t r = 0; r < 6; r++) {
        const char *i = str(out, r, "rent_instance");
        assert_priced(out, r, dev[r], rate[r], price[r]);
        ck_assert_msg((i == NULL) == (inst[r] == NULL) && (i == NULL || strcmp(i, inst[r]) == 0),
                      "row %zu instance %s", r, i ? i : "(missing)");
    }
    ck_assert_str_eq(str(out, 0, "accelerator_price_basis"), "list");
    ck_assert_str_eq(str(out, 3, "accelerator_price_basis"), "estimate");
    ck_assert_ptr_null(str(out, 4, "accelerator_price_basis"));
    near(num(out, 3, "accelerator_tdp_w"), 500, "tdp");
    accelsel_dataset_free(out);
    /* no cloud prices: no rent, but the rest */
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, cat, NULL, NULL), 0);
    near(num(out, 1, "rent_usd_per_accelerator_hour"), NAN, "rate");
    near(num(out, 1, "accelerator_price_usd"), 10000, "price");
    accelsel_dataset_free(out);
    /* the accelerator column must exist, named or not */
    accelsel_prices_options po = ACCELSEL_PRICES_OPTIONS_INIT;
    po.accelerator_column = "gpu";
    out = (accelsel_dataset *)&out;
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, cat, cloud, &po), ACCELSEL_ENOTFOUND);
    ck_assert_ptr_null(out);
    po.accelerator_column = "total_accelerators";
    ck_assert_int_eq(accelsel_dataset_add_prices(&out, ds, cat, cloud, &po), ACCELSEL_ETYPE);
    accelsel_dataset_free(ds);
}
END_TEST

/* A row whose accelerator names no device is priced by its
 * accelerator_family where the table has one (MLPerf names some TPU v4 rows
 * "TPU", family "Google TPU v4"), as the predictor reads rows; a known
 * accelerator keeps its own device whatever the family says. */
START_TEST(prices_fall_back_on_the_family)
{
    static const char rows[] = "accelerator_model_name,accelerator_family,total_accelerators\n"
                               "XPU,Vendor GA 40GB,8\ngb,ga,4\nzz,qq,1\n,gc,1\n";
    accelsel_dataset *ds = NULL, *out = priced(rows, &ds);
    static const char *const dev[] = {"ga", "gb", NULL, "gc"};
    static const double rate[] = {1.5, 6.0, NAN, 4.0};
    static const double price[] = {10000, 20000, NAN, NAN};
    for (size_t r = 0; r < 4; r++)
        assert_priced(out, r, dev[r], rate[r], price[r]);
    accelsel_dataset_free(out);
    accelsel_dataset_free(ds);
}
END_TEST

/* ---- recommendations on measured rows ---- */

/* A measured table in the built-in format's columns. */
static accelsel_dataset *measured_table(size_t n, const char *const *dev, const double *count,
                                        const double *minutes)
{
    accelsel_dataset *ds = NULL;
    const char **names = calloc(n, sizeof *names), **round = calloc(n, sizeof *round);
    double *nodes = calloc(n, sizeof *nodes), *per = calloc(n, sizeof *per);
    char (*sys)[32] = calloc(n, sizeof *sys);
    ck_assert(names && round && nodes && per && sys);
    for (size_t i = 0; i < n; i++) {
        snprintf(sys[i], sizeof sys[i], "sys%zu", i);
        names[i] = sys[i];
        round[i] = "v1.0";
        nodes[i] = ceil(count[i] / 8);
        per[i] = count[i] / nodes[i];
    }
    ck_assert_int_eq(accelsel_dataset_new(&ds, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "round", round, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "system_name", names, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "accelerator_model_name", dev, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "total_accelerators", count, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "number_of_nodes", nodes, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "accelerators_per_node", per, n), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "time_to_train_min", minutes, n), 0);
    free(names), free(round), free(nodes), free(per), free(sys);
    return ds;
}

static accelsel_recommendation *recommend(const accelsel_dataset *measured, double runs,
                                          const accelsel_recommend_options *o)
{
    accelsel_workload_item w = {resnet, runs, 0, 0};
    accelsel_recommend_inputs in = ACCELSEL_RECOMMEND_INPUTS_INIT;
    in.workload = &w, in.n_workload = 1, in.catalog = cat, in.measured = measured;
    in.cloud_prices = cloud;
    accelsel_recommendation *r = NULL;
    int rc = accelsel_recommend(&r, &in, o);
    ck_assert_msg(rc == 0, "recommend: %s", accelsel_last_error()->message);
    return r;
}

static accelsel_recommend_options measured_only(uint32_t acquire)
{
    accelsel_recommend_options o = ACCELSEL_RECOMMEND_OPTIONS_INIT;
    o.candidates = ACCELSEL_CANDIDATES_MEASURED;
    o.acquire = acquire;
    o.price_samples = 0;
    o.sensitivity_samples = 50;
    return o;
}

/* Row 0, 8 ga on one node for 60 min, 10 runs a month, by hand with the
 * defaults (700 W a node, PUE 1.2, 5 years x 8766 h x 0.8 = 35064 h paid,
 * 0.10 USD/kWh):
 *   P = (8 x 300 + 700) / 1000 = 3.1 kW, E = 3.1 x 1 h x 1.2 = 3.72 kWh,
 *   C = 80000 USD, buy = 80000 / 35064 + 0.372 = 2.6535418663... USD,
 *   rent = 8 x 1.5 x 1 = 12 USD (eight-ga), hourly rent 12, hourly buy
 *   80000 / 35064 + 3.1 x 1.2 x 0.1 = 2.6535418663, monthly buy
 *   80000 / 60 + 10 x 3.72 x 0.1 = 1337.0533..., monthly rent 120,
 *   break-even 80000 / (120 - 3.72) = 688.0...
 * Row 1: 4 gc (no purchase price): buying it is excluded for "price";
 * renting it: 4 x 4.0 x 0.5 h = 8 USD. */
START_TEST(energy_and_costs_by_hand)
{
    static const char *const dev[] = {"ga", "gc"};
    const double count[] = {8, 4}, minutes[] = {60, 30};
    accelsel_dataset *m = measured_table(2, dev, count, minutes);
    accelsel_recommend_options o = measured_only(ACCELSEL_ACQUIRE_EITHER);
    accelsel_recommendation *r = recommend(m, 10, &o);
    const accelsel_dataset *t = accelsel_recommendation_table(r);
    near(num(t, 0, "wall_power_kw"), 3.1, "power");
    near(num(t, 0, "energy_kwh"), 3.72, "energy");
    near(num(t, 0, "purchase_usd"), 80000, "purchase");
    near(num(t, 0, "buy_per_run_usd"), 80000.0 / 35064 + 0.372, "buy");
    near(num(t, 0, "rent_per_run_usd"), 12, "rent");
    ck_assert_str_eq(str(t, 0, "acquire"), "buy"); /* 2.65 against 12 */
    near(num(t, 0, "cost_per_run_usd"), 80000.0 / 35064 + 0.372, "cost");
    near(num(t, 0, "monthly_usd"), 80000.0 / 60 + 3.72, "monthly");
    near(num(t, 0, "break_even_months"), 80000 / (120 - 3.72), "break-even");
    near(num(t, 0, "hourly_usd"), 80000.0 / 35064 + 3.1 * 1.2 * 0.1, "hourly");
    near(num(t, 1, "purchase_usd"), NAN, "no price");
    near(num(t, 1, "buy_per_run_usd"), NAN, "no price");
    near(num(t, 1, "rent_per_run_usd"), 8, "rent");
    ck_assert_str_eq(str(t, 1, "acquire"), "rent");
    near(num(t, 1, "capital_usd"), 0, "capital");
    near(num(t, 1, "break_even_months"), NAN, "no price");
    ck_assert_str_eq(str(t, 0, "source"), "measured");
    near(num(t, 0, "uncertainty_pct"), NAN, "measured");
    ck_assert_str_eq(accelsel_recommendation_note(r, 0) + 0, accelsel_recommendation_note(r, 0));
    ck_assert(strstr(accelsel_recommendation_note(r, 0), "modelled from TDP") != NULL);
    accelsel_recommendation_free(r);
    /* buying only: the price-less row is excluded for "price" */
    o = measured_only(ACCELSEL_ACQUIRE_BUY);
    r = recommend(m, 10, &o);
    t = accelsel_recommendation_table(r);
    ck_assert_uint_eq(accelsel_recommendation_count(r), 1);
    ck_assert_str_eq(str(t, 1, "constraint"), "price");
    size_t n;
    const accelsel_exclusion *e = accelsel_recommendation_exclusions(r, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(e[0].row, 1);
    ck_assert_str_eq(e[0].constraint, "price");
    near(accelsel_recommendation_break_even_months(r), 80000 / (120 - 3.72), "break-even");
    accelsel_recommendation_free(r);
    accelsel_dataset_free(m);
}
END_TEST

/* Expected figures of a measured row of device @p d (0 ga, 1 gb, 2 gc). */
typedef struct expect {
    double wall, energy, purchase, buy, rent, monthly_buy, monthly_rent;
} expect;

static expect figures(int d, double n, double minutes, double runs)
{
    static const double tdp[] = {300, 500, 400}, price[] = {10000, 20000, NAN};
    double nodes = ceil(n / 8), h = minutes / 60;
    expect x;
    x.wall = (tdp[d] * n + 700 * nodes) / 1000;
    x.energy = x.wall * h * 1.2;
    x.purchase = price[d] * n;
    x.buy = x.purchase * (h / 35064) + x.energy * 0.1;
    /* the cheapest instances by hand, as prices_of_rows_by_hand */
    double hour = d == 0 ? fmin(n * 2.0, ceil(n / 8) * 8 * 1.5)
                  : d == 1 ? ceil(n / 8) * 8 * 3.0 : n * 4.0;
    x.rent = hour * h;
    x.monthly_buy = x.purchase / 60 + runs * x.energy * 0.1;
    x.monthly_rent = runs * x.rent;
    return x;
}

/* Constraints by brute force: random tables of 40 rows, random limits, and
 * in every other draw each limit set exactly to one row's figure (which
 * must stay feasible: a limit is kept at equality). Buying only: a row is
 * feasible exactly when it has a price and its purchase, month, power,
 * count and time are within their limits; its exclusions are exactly the
 * constraints it breaks. */
START_TEST(constraints_exclude_exactly_the_rows_that_break_them)
{
    enum { N = 40 };
    static const char *const names[] = {"ga", "gb", "gc"};
    srand(2626);
    for (size_t rep = 0; rep < testutil_reps(30); rep++) {
        const char *dev[N];
        double count[N], minutes[N];
        int d[N];
        for (size_t i = 0; i < N; i++) {
            d[i] = rand() % 3;
            dev[i] = names[d[i]];
            count[i] = (double)(1u << (rand() % 7));
            minutes[i] = 5 + rand() % 200;
        }
        accelsel_dataset *m = measured_table(N, dev, count, minutes);
        accelsel_recommend_options o = measured_only(ACCELSEL_ACQUIRE_BUY);
        expect x[N];
        for (size_t i = 0; i < N; i++)
            x[i] = figures(d[i], count[i], minutes[i], 3);
        size_t at = (size_t)rand() % N;
        int exact = rep % 2 == 0 && d[at] != 2;
        o.budget_usd = exact ? x[at].purchase : 10000.0 * (1 + rand() % 400);
        o.monthly_budget_usd = exact ? x[at].monthly_buy : 200.0 * (1 + rand() % 100);
        o.power_cap_kw = exact ? x[at].wall : 1.0 + rand() % 40;
        o.max_accelerators = exact ? (uint32_t)count[at] : 1u << (rand() % 7);
        o.deadline_min = exact ? minutes[at] : 5.0 + rand() % 200;
        accelsel_recommendation *r = recommend(m, 3, &o);
        const accelsel_dataset *t = accelsel_recommendation_table(r);
        size_t n_excl, k = 0, feasible = 0;
        const accelsel_exclusion *e = accelsel_recommendation_exclusions(r, &n_excl);
        for (size_t i = 0; i < N; i++) {
            near(num(t, i, "purchase_usd"), x[i].purchase, "purchase");
            near(num(t, i, "wall_power_kw"), x[i].wall, "power");
            near(num(t, i, "monthly_usd"), d[i] == 2 ? NAN : x[i].monthly_buy, "monthly");
            /* which constraints the row breaks, on the library's own
             * figures (checked above to the formulas), so that a row at a
             * limit is judged on the very number the limit was set to */
            const char *want[8];
            size_t nw = 0;
            if (d[i] == 2) {
                want[nw++] = "price";
            } else {
                if (num(t, i, "purchase_usd") > o.budget_usd)
                    want[nw++] = "budget_usd";
                if (num(t, i, "monthly_usd") > o.monthly_budget_usd)
                    want[nw++] = "monthly_budget_usd";
                if (num(t, i, "wall_power_kw") > o.power_cap_kw)
                    want[nw++] = "power_cap_kw";
                if (count[i] > o.max_accelerators)
                    want[nw++] = "max_accelerators";
                if (minutes[i] > o.deadline_min)
                    want[nw++] = "deadline_min";
            }
            feasible += nw == 0;
            ck_assert_msg(num(t, i, "feasible") == (nw == 0), "rep %zu row %zu", rep, i);
            for (size_t j = 0; j < nw; j++, k++) {
                ck_assert_msg(k < n_excl && e[k].row == i && strcmp(e[k].constraint, want[j]) == 0,
                              "rep %zu row %zu: exclusion %zu should be %s", rep, i, k, want[j]);
            }
        }
        ck_assert_uint_eq(k, n_excl);
        ck_assert_uint_eq(accelsel_recommendation_count(r), feasible);
        if (exact)
            ck_assert_msg(num(t, at, "feasible") == 1, "rep %zu: the row at every limit", rep);
        accelsel_recommendation_free(r);
        accelsel_dataset_free(m);
    }
}
END_TEST

/* The ranking is accelsel_ranking_compute() on the feasible rows of the
 * table with the recommendation's criteria; the Pareto front of time and
 * cost per run is the rows no other feasible row dominates (by brute
 * force); the rules of thumb pick by their keys (by brute force). */
START_TEST(ranking_front_and_baselines_by_brute_force)
{
    enum { N = 30 };
    static const char *const names[] = {"ga", "gb", "gc"};
    srand(26);
    for (size_t rep = 0; rep < testutil_reps(10); rep++) {
        const char *dev[N];
        double count[N], minutes[N];
        for (size_t i = 0; i < N; i++) {
            dev[i] = names[rand() % 3];
            count[i] = (double)(1u << (rand() % 6));
            minutes[i] = (double)(5 + rand() % 50); /* ties in time */
        }
        accelsel_dataset *m = measured_table(N, dev, count, minutes);
        accelsel_recommend_options o = measured_only(ACCELSEL_ACQUIRE_EITHER);
        o.deadline_min = 40;
        accelsel_recommendation *r = recommend(m, 5, &o);
        const accelsel_dataset *t = accelsel_recommendation_table(r);
        size_t nf = accelsel_recommendation_count(r), rows[N], k = 0;
        for (size_t i = 0; i < N; i++)
            if (num(t, i, "feasible") == 1)
                rows[k++] = i;
        ck_assert_uint_eq(k, nf);
        accelsel_dataset *sub = NULL;
        accelsel_ranking *rk = NULL;
        ck_assert_int_eq(accelsel_dataset_select_rows(&sub, t, rows, nf), 0);
        accelsel_criterion crit[] = {{"time_to_train_min", 1, ACCELSEL_CRITERION_COST},
                                     {"cost_per_run_usd", 2, ACCELSEL_CRITERION_COST},
                                     {"energy_kwh", 0.5, ACCELSEL_CRITERION_COST},
                                     {"capital_usd", 0.5, ACCELSEL_CRITERION_COST}};
        ck_assert_int_eq(accelsel_ranking_compute(&rk, sub, crit, 4, ACCELSEL_RANK_TOPSIS, NULL), 0);
        for (size_t i = 0; i < nf; i++) {
            ck_assert_uint_eq(accelsel_recommendation_order(r)[i],
                              rows[accelsel_ranking_order(rk)[i]]);
            ck_assert(num(t, rows[i], "score") == accelsel_ranking_scores(rk)[i]);
        }
        /* the front */
        size_t np;
        const size_t *front = accelsel_recommendation_pareto(r, &np);
        size_t want = 0;
        for (size_t a = 0; a < nf; a++) {
            double ta = num(t, rows[a], "time_to_train_min"), ca = num(t, rows[a], "cost_per_run_usd");
            int dominated = 0;
            for (size_t b = 0; b < nf && !dominated; b++) {
                double tb = num(t, rows[b], "time_to_train_min"), cb = num(t, rows[b], "cost_per_run_usd");
                dominated = tb <= ta && cb <= ca && (tb < ta || cb < ca);
            }
            int on = 0;
            for (size_t j = 0; j < np; j++)
                on |= front[j] == rows[a];
            ck_assert_msg(on == !dominated, "rep %zu row %zu", rep, rows[a]);
            ck_assert_int_eq(num(t, rows[a], "pareto"), !dominated);
            want += !dominated;
        }
        ck_assert_uint_eq(np, want);
        for (size_t j = 1; j < np; j++)
            ck_assert(num(t, front[j - 1], "time_to_train_min") <=
                      num(t, front[j], "time_to_train_min"));
        /* rules of thumb */
        size_t most = rows[0], cheap = rows[0], late = rows[0];
        for (size_t j = 1; j < nf; j++) {
            size_t i = rows[j];
            if (num(t, i, "count") > num(t, most, "count") ||
                (num(t, i, "count") == num(t, most, "count") &&
                 num(t, i, "cost_per_run_usd") < num(t, most, "cost_per_run_usd")))
                most = i;
            if (num(t, i, "hourly_usd") < num(t, cheap, "hourly_usd") ||
                (num(t, i, "hourly_usd") == num(t, cheap, "hourly_usd") &&
                 num(t, i, "time_to_train_min") < num(t, cheap, "time_to_train_min")))
                cheap = i;
            if (num(t, i, "release_year") > num(t, late, "release_year") ||
                (num(t, i, "release_year") == num(t, late, "release_year") &&
                 num(t, i, "hourly_usd") < num(t, late, "hourly_usd")))
                late = i;
        }
        if (nf > 0) {
            ck_assert_int_eq(accelsel_recommendation_baseline(r, ACCELSEL_BASELINE_MOST_ACCELERATORS),
                             (int64_t)most);
            ck_assert_int_eq(accelsel_recommendation_baseline(r, ACCELSEL_BASELINE_CHEAPEST_HOUR),
                             (int64_t)cheap);
            ck_assert_int_eq(accelsel_recommendation_baseline(r, ACCELSEL_BASELINE_LATEST),
                             (int64_t)late);
        }
        accelsel_ranking_free(rk);
        accelsel_dataset_free(sub);
        accelsel_recommendation_free(r);
        accelsel_dataset_free(m);
    }
}
END_TEST

/* Nothing feasible is a result, not an error: a budget of 1000 USD buys
 * nothing. The closest miss is the row whose purchase is least above the
 * budget relatively: 1 ga = 10000 USD, 900% over (against 8 ga and 2 gb);
 * the binding constraint is the budget. */
START_TEST(nothing_feasible_names_the_closest_miss)
{
    static const char *const dev[] = {"ga", "ga", "gb"};
    const double count[] = {8, 1, 2}, minutes[] = {10, 60, 30};
    accelsel_dataset *m = measured_table(3, dev, count, minutes);
    accelsel_recommend_options o = measured_only(ACCELSEL_ACQUIRE_BUY);
    o.budget_usd = 1000;
    accelsel_recommendation *r = recommend(m, 1, &o);
    ck_assert_uint_eq(accelsel_recommendation_count(r), 0);
    ck_assert_int_eq(accelsel_recommendation_closest_miss(r), 1);
    ck_assert_str_eq(accelsel_recommendation_binding_constraint(r), "budget_usd");
    near(num(accelsel_recommendation_table(r), 1, "constraint_value"), 10000, "value");
    near(num(accelsel_recommendation_table(r), 1, "constraint_limit"), 1000, "limit");
    ck_assert_int_eq(accelsel_recommendation_baseline(r, ACCELSEL_BASELINE_LATEST), -1);
    near(accelsel_recommendation_break_even_months(r), NAN, "break-even");
    ck_assert_ptr_null(accelsel_recommendation_ranking(r));
    accelsel_recommendation_free(r);
    accelsel_dataset_free(m);
}
END_TEST

/* Catalog candidates: the system sb counts its nodes at its price; the
 * predictor gives each a time and an uncertainty; the same seed gives the
 * same result at any thread count. */
START_TEST(catalog_candidates_and_thread_invariance)
{
    accelsel_predictor *p = NULL;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    static const char *const devs[] = {"ga", "sb"};
    static const uint32_t counts[] = {1, 2};
    accelsel_workload_item w = {resnet, 4, 0, 0};
    accelsel_recommend_inputs in = ACCELSEL_RECOMMEND_INPUTS_INIT;
    in.workload = &w, in.n_workload = 1, in.catalog = cat, in.predictor = p;
    in.cloud_prices = cloud, in.devices = devs, in.n_devices = 2;
    in.counts = counts, in.n_counts = 2;
    accelsel_recommend_options o = ACCELSEL_RECOMMEND_OPTIONS_INIT;
    o.candidates = ACCELSEL_CANDIDATES_CATALOG;
    accelsel_recommendation *r[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        o.n_threads = k == 0 ? 1 : 4;
        ck_assert_int_eq(accelsel_recommend(&r[k], &in, &o), 0);
    }
    const accelsel_dataset *t = accelsel_recommendation_table(r[0]);
    ck_assert_uint_eq(accelsel_dataset_rows(t), 4);
    ck_assert_str_eq(str(t, 0, "name"), "1 x ga");
    ck_assert_str_eq(str(t, 2, "name"), "sb x 1 nodes");
    ck_assert_str_eq(str(t, 2, "source"), "predicted");
    near(num(t, 2, "count"), 8, "count");
    near(num(t, 3, "purchase_usd"), 300000, "two nodes of sb");
    ck_assert_str_eq(str(t, 3, "price_basis"), "list");
    ck_assert(num(t, 0, "time_to_train_min") > 0);
    for (size_t i = 0; i < accelsel_recommendation_count(r[0]); i++)
        ck_assert_uint_eq(accelsel_recommendation_order(r[0])[i],
                          accelsel_recommendation_order(r[1])[i]);
    const accelsel_sensitivity *s0 = accelsel_recommendation_sensitivity(r[0]),
                               *s1 = accelsel_recommendation_sensitivity(r[1]);
    ck_assert(s0 != NULL && s1 != NULL);
    ck_assert(accelsel_sensitivity_tau_mean(s0) == accelsel_sensitivity_tau_mean(s1));
    ck_assert(accelsel_recommendation_price_stability(r[0]) ==
              accelsel_recommendation_price_stability(r[1]));
    accelsel_recommendation_free(r[0]);
    accelsel_recommendation_free(r[1]);
    accelsel_predictor_free(p);
}
END_TEST

/* The best plan's prediction of @p net on @p count of @p dev. */
static accelsel_plan_prediction best_plan(const accelsel_predictor *p, const accelsel_network *net,
                                          const char *dev, uint32_t count, double epochs)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net, q.device = dev, q.count = count, q.epochs = epochs;
    accelsel_plan_prediction b = {.version = ACCELSEL_PLAN_PREDICTION_VERSION};
    size_t n = 0;
    ck_assert_int_eq(accelsel_predictor_predict_plan(p, &q, NULL, &b, 1, &n), 0);
    return b;
}

/* LLM workloads on the built-in catalog: a transformer's time is its
 * fastest plan's time to train (MLPerf's llama2_70b_lora with its batch and
 * evaluations; Llama 3.1 8B for a share of its pre-training given as
 * epochs) and its layout the plan's; a row of the benchmark llama2_70b_lora
 * measures the zoo's llama2_70b_lora; a transformer with nothing to train
 * (llama2-70b-lora: no samples in its recipe) is excluded by "prediction". */
START_TEST(llm_workloads_under_their_fastest_plan)
{
    accelsel_predictor *p = NULL;
    accelsel_catalog *builtin = NULL;
    ck_assert_int_eq(accelsel_catalog_load_builtin(&builtin), 0);
    ck_assert_int_eq(accelsel_predictor_new(&p, builtin, TEST_PHYSICAL), 0);
    accelsel_network *lora = NULL, *l8 = NULL, *bare = NULL;
    ck_assert_int_eq(accelsel_network_load_zoo(&lora, "llama2_70b_lora", NULL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&l8, "llama31-8b", NULL), 0);
    ck_assert_int_eq(accelsel_network_load_zoo(&bare, "llama2-70b-lora", NULL), 0);
    const double epochs = 1e11 / (8192.0 * accelsel_network_get_recipe(l8)->epoch_samples);
    static const char *const devs[] = {"h100-sxm5-80gb"}, *const row_dev[] = {"H100-SXM5-80GB"};
    static const uint32_t counts[] = {8, 64};
    const double row_count[] = {16}, row_min[] = {30};
    accelsel_dataset *m = measured_table(1, row_dev, row_count, row_min);
    const char *bench[] = {"llama2_70b_lora"};
    ck_assert_int_eq(accelsel_dataset_add_categorical(m, "benchmark", bench, 1), 0);
    accelsel_workload_item w[] = {{lora, 4, 0, 0}, {l8, 1, 0, epochs}};
    accelsel_recommend_inputs in = ACCELSEL_RECOMMEND_INPUTS_INIT;
    in.workload = w, in.n_workload = 2, in.predictor = p, in.measured = m, in.catalog = builtin;
    in.devices = devs, in.n_devices = 1, in.counts = counts, in.n_counts = 2;
    accelsel_recommendation *r = NULL;
    ck_assert_int_eq(accelsel_recommend(&r, &in, NULL), 0);
    const accelsel_dataset *t = accelsel_recommendation_table(r);
    ck_assert_str_eq(str(t, 0, "source"), "mixed");
    near(num(t, 0, "time_llama2_70b_lora_min"), 30, "the measured row");
    accelsel_plan_prediction b = best_plan(p, l8, "h100-sxm5-80gb", 16, epochs);
    near(num(t, 0, "time_llama31-8b_min"), b.time_to_train_s / 60, "8B on the row's devices");
    for (size_t k = 0; k < 2; k++) {
        size_t row = 1 + k;
        ck_assert_str_eq(str(t, row, "source"), "predicted");
        accelsel_plan_prediction a = best_plan(p, lora, "h100-sxm5-80gb", counts[k], 0);
        b = best_plan(p, l8, "h100-sxm5-80gb", counts[k], epochs);
        ck_assert(a.evaluation_s > 0 && a.plan.dp * a.micro_batches * a.plan.micro_batch == 8);
        near(num(t, row, "time_llama2_70b_lora_min"), a.time_to_train_s / 60, "LoRA");
        near(num(t, row, "time_llama31-8b_min"), b.time_to_train_s / 60, "8B");
        near(num(t, row, "nodes"), a.nodes, "nodes");
        near(num(t, row, "nodes"), counts[k] / 8, "nodes of 8");
        ck_assert(isnan(num(t, row, "uncertainty_pct")));
    }
    accelsel_recommendation_free(r);
    w[0].network = bare;
    in.n_workload = 1, in.measured = NULL;
    ck_assert_int_eq(accelsel_recommend(&r, &in, NULL), 0);
    ck_assert_uint_eq(accelsel_recommendation_count(r), 0);
    size_t n = 0;
    const accelsel_exclusion *x = accelsel_recommendation_exclusions(r, &n);
    ck_assert_uint_ge(n, 2);
    ck_assert_str_eq(x[0].constraint, "prediction");
    accelsel_recommendation_free(r);
    accelsel_dataset_free(m);
    accelsel_network_free(lora), accelsel_network_free(l8), accelsel_network_free(bare);
    accelsel_predictor_free(p);
    accelsel_catalog_free(builtin);
}
END_TEST

/* Bad input: each option out of range names its field; workloads without
 * runs, unknown devices, counts that do not increase. */
START_TEST(bad_input_names_the_field)
{
    static const char *const dev[] = {"ga"};
    const double count[] = {8}, minutes[] = {10};
    accelsel_dataset *m = measured_table(1, dev, count, minutes);
    accelsel_workload_item w = {resnet, 1, 0, 0};
    accelsel_recommend_inputs in = ACCELSEL_RECOMMEND_INPUTS_INIT;
    in.workload = &w, in.n_workload = 1, in.catalog = cat, in.measured = m;
    in.cloud_prices = cloud;
    static const struct {
        const char *field;
        double v;
    } bad[] = {{"budget_usd", 0},           {"budget_usd", -1},     {"budget_usd", NAN},
               {"monthly_budget_usd", 0},   {"power_cap_kw", -5},   {"deadline_min", 0},
               {"min_efficiency", -0.5},    {"years", 0},           {"utilisation", 2},
               {"price_kwh", -1},           {"pue", 0.5},           {"weight_cost", -1},
               {"price_perturbation", 1}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        accelsel_recommend_options o = measured_only(ACCELSEL_ACQUIRE_EITHER);
        double *at = strcmp(bad[i].field, "budget_usd") == 0 ? &o.budget_usd
                     : strcmp(bad[i].field, "monthly_budget_usd") == 0 ? &o.monthly_budget_usd
                     : strcmp(bad[i].field, "power_cap_kw") == 0 ? &o.power_cap_kw
                     : strcmp(bad[i].field, "deadline_min") == 0 ? &o.deadline_min
                     : strcmp(bad[i].field, "min_efficiency") == 0 ? &o.min_efficiency
                     : strcmp(bad[i].field, "years") == 0 ? &o.years
                     : strcmp(bad[i].field, "utilisation") == 0 ? &o.utilisation
                     : strcmp(bad[i].field, "price_kwh") == 0 ? &o.price_kwh
                     : strcmp(bad[i].field, "pue") == 0 ? &o.pue
                     : strcmp(bad[i].field, "weight_cost") == 0 ? &o.weight_cost
                                                                : &o.price_perturbation;
        *at = bad[i].v;
        accelsel_recommendation *r = (accelsel_recommendation *)&r;
        ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
        ck_assert_ptr_null(r);
        ck_assert_msg(strcmp(accelsel_last_error()->field, bad[i].field) == 0, "%s: field %s",
                      bad[i].field, accelsel_last_error()->field);
    }
    accelsel_recommend_options o = measured_only(ACCELSEL_ACQUIRE_EITHER);
    accelsel_recommendation *r = NULL;
    o.weight_time = o.weight_cost = o.weight_energy = o.weight_purchase = 0;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
    o = measured_only(ACCELSEL_ACQUIRE_EITHER);
    w.runs_per_month = 0;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "workload");
    ck_assert(strstr(accelsel_last_error()->message, "sum to 0") != NULL);
    w.runs_per_month = 1;
    w.network = NULL;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
    w.network = resnet;
    /* catalog candidates need a predictor; an unknown device names the nearest */
    o.candidates = ACCELSEL_CANDIDATES_CATALOG;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "predictor");
    accelsel_predictor *p = NULL;
    ck_assert_int_eq(accelsel_predictor_new(&p, cat, TEST_PHYSICAL), 0);
    in.predictor = p;
    static const char *const unknown[] = {"gx"};
    in.devices = unknown, in.n_devices = 1;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->field, "devices");
    ck_assert(strstr(accelsel_last_error()->message, "'ga'") != NULL);
    static const uint32_t counts[] = {8, 8};
    in.devices = NULL, in.n_devices = 0, in.counts = counts, in.n_counts = 2;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "counts");
    /* a count the predictor refuses: a global batch of 4 over 8 devices */
    static const uint32_t eight[] = {8};
    static const char *const ga[] = {"ga"};
    in.devices = ga, in.n_devices = 1, in.counts = eight, in.n_counts = 1;
    w.global_batch = 4;
    ck_assert_int_eq(accelsel_recommend(&r, &in, &o), ACCELSEL_EINVAL);
    ck_assert_ptr_null(r);
    ck_assert_str_eq(accelsel_last_error()->field, "counts");
    ck_assert(strstr(accelsel_last_error()->message, "ga at 8: ") != NULL);
    w.global_batch = 0;
    accelsel_predictor_free(p);
    accelsel_dataset_free(m);
}
END_TEST

static int sweep_scenario(void *ctx)
{
    accelsel_dataset *m = ctx, *c = NULL, *p = NULL;
    int rc = accelsel_cloud_prices_load_buffer(&c, cat, cloud_csv, strlen(cloud_csv));
    if (rc == 0)
        rc = accelsel_dataset_add_prices(&p, m, cat, c, NULL);
    accelsel_workload_item w = {resnet, 10, 0, 0};
    accelsel_recommend_inputs in = ACCELSEL_RECOMMEND_INPUTS_INIT;
    in.workload = &w, in.n_workload = 1, in.catalog = cat, in.measured = m, in.cloud_prices = c;
    accelsel_recommend_options o = measured_only(ACCELSEL_ACQUIRE_EITHER);
    o.price_samples = 3;
    o.sensitivity_samples = 3;
    o.n_threads = 1;
    accelsel_recommendation *r = NULL;
    if (rc == 0)
        rc = accelsel_recommend(&r, &in, &o);
    accelsel_recommendation_free(r);
    accelsel_dataset_free(p);
    accelsel_dataset_free(c);
    return rc;
}

START_TEST(allocation_failures_leak_nothing)
{
    static const char *const dev[] = {"ga", "gc"};
    const double count[] = {8, 4}, minutes[] = {60, 30};
    accelsel_dataset *m = measured_table(2, dev, count, minutes);
    testutil_alloc_sweep_light(sweep_scenario, m, 20);
    accelsel_dataset_free(m);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("recommend");
    TCase *tc = tcase_create("recommend");
    tcase_add_unchecked_fixture(tc, setup, teardown);
    tcase_add_test(tc, builtin_cloud_prices_load);
    tcase_add_loop_test(tc, malformed_cloud_prices, 0, sizeof bad_cloud / sizeof *bad_cloud);
    tcase_add_test(tc, prices_of_rows_by_hand);
    tcase_add_test(tc, prices_fall_back_on_the_family);
    tcase_add_test(tc, energy_and_costs_by_hand);
    tcase_add_test(tc, constraints_exclude_exactly_the_rows_that_break_them);
    tcase_add_test(tc, ranking_front_and_baselines_by_brute_force);
    tcase_add_test(tc, nothing_feasible_names_the_closest_miss);
    tcase_add_test(tc, catalog_candidates_and_thread_invariance);
    tcase_add_test(tc, llm_workloads_under_their_fastest_plan);
    tcase_add_test(tc, bad_input_names_the_field);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
