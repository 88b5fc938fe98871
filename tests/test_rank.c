/* Ranking: TOPSIS against published worked examples, weighted sum and Pareto
 * fronts by hand, tie-breaking, missing values, Kendall's tau-b against
 * scipy, weight sensitivity against an analytic probability, bad input and
 * allocation failures. */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/dataset.h"
#include "accelsel/rank.h"
#include "rank/rank_impl.h"
#include "testutil.h"

#define B ACCELSEL_CRITERION_BENEFIT
#define C ACCELSEL_CRITERION_COST

/* A dataset of n rows from k numeric columns given column by column. */
static accelsel_dataset *numeric_ds(const char *const *names, size_t k, const double *cols,
                                    size_t n)
{
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, n), 0);
    for (size_t j = 0; j < k; j++)
        ck_assert_int_eq(accelsel_dataset_add_numeric(ds, names[j], cols + j * n, n), 0);
    return ds;
}

static accelsel_ranking *rank_ok(const accelsel_dataset *ds, const accelsel_criterion *c,
                                 size_t n, int method)
{
    accelsel_ranking *r = NULL;
    int rc = accelsel_ranking_compute(&r, ds, c, n, method, NULL);
    ck_assert_msg(rc == 0, "rank: %s", accelsel_last_error()->message);
    return r;
}

/* As rank_ok(), with the Pareto fronts of every row computed. */
static accelsel_ranking *rank_with_fronts(const accelsel_dataset *ds, const accelsel_criterion *c,
                                          size_t n, int method)
{
    accelsel_rank_options o;
    ck_assert_int_eq(accelsel_rank_options_init(&o, ACCELSEL_RANK_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.pareto_fronts, 0);
    o.pareto_fronts = 1;
    accelsel_ranking *r = NULL;
    int rc = accelsel_ranking_compute(&r, ds, c, n, method, &o);
    ck_assert_msg(rc == 0, "rank: %s", accelsel_last_error()->message);
    return r;
}

static void assert_sizes(const size_t *got, const size_t *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(got[i] == want[i], "index %zu: got %zu, want %zu", i, got[i], want[i]);
}

/* Hwang, C.-L. and Yoon, K. (1981), "Multiple Attribute Decision Making:
 * Methods and Applications", Springer LNEMS 186, the fighter-aircraft example
 * (also in Yoon and Hwang, 1995, Sage). Attributes: maximum speed (Mach),
 * ferry range (NM), maximum payload (lb), acquisition cost (10^6 $, a cost),
 * reliability and manoeuvrability (interval scale 1-9); weights 0.2, 0.1,
 * 0.1, 0.1, 0.2, 0.3. Published closeness: A1 0.643, A2 0.268, A3 0.613,
 * A4 0.312, so A1 > A3 > A4 > A2.
 * Recomputed by hand: column norms 4.2814, 4096.3, 39560, 10.851, 10.392,
 * 13.416; D+ = 0.0546, 0.1197, 0.0580, 0.1009; D- = 0.0984, 0.0439, 0.0920,
 * 0.0458; D-/(D+ + D-) = 0.6433, 0.2684, 0.6135, 0.3123 (numpy agrees to 4
 * digits). The book works with rounded intermediate values and prints 3
 * digits (0.6135 as 0.613), hence the 1e-3 tolerance on its figures. */
START_TEST(topsis_matches_hwang_yoon_fighter_aircraft)
{
    static const char *const names[] = {"speed", "range", "payload", "cost", "reliability",
                                        "manoeuvrability"};
    static const double cols[] = {2.0,   2.5,   1.8,   2.2,   1500, 2700, 2000, 1800,
                                  20000, 18000, 21000, 20000, 5.5,  6.5,  4.5,  5.0,
                                  5,     3,     7,     5,     9,    5,    7,    5};
    accelsel_dataset *ds = numeric_ds(names, 6, cols, 4);
    accelsel_criterion crit[] = {{"speed", 0.2, B},       {"range", 0.1, B},
                                 {"payload", 0.1, B},     {"cost", 0.1, C},
                                 {"reliability", 0.2, B}, {"manoeuvrability", 0.3, B}};
    accelsel_ranking *r = rank_ok(ds, crit, 6, ACCELSEL_RANK_TOPSIS);
    const double published[] = {0.643, 0.268, 0.613, 0.312};
    const double by_hand[] = {0.6433, 0.2684, 0.6135, 0.3123};
    for (size_t i = 0; i < 4; i++) {
        ck_assert_double_eq_tol(accelsel_ranking_scores(r)[i], published[i], 1e-3);
        ck_assert_double_eq_tol(accelsel_ranking_scores(r)[i], by_hand[i], 1e-4);
    }
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){0, 2, 3, 1}, 4);
    assert_sizes(accelsel_ranking_ranks(r), (const size_t[]){1, 4, 2, 3}, 4);
    ck_assert_uint_eq(accelsel_ranking_ranked_count(r), 4);
    ck_assert_uint_eq(accelsel_ranking_excluded_count(r), 0);
    ck_assert_int_eq(accelsel_ranking_method(r), ACCELSEL_RANK_TOPSIS);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

/* Tzeng, G.-H. and Huang, J.-J. (2011), "Multiple Attribute Decision Making:
 * Methods and Applications", CRC Press: four alternatives, three benefit
 * criteria, weights 0.3, 0.4, 0.3; published closeness 0.5037, 0.6581,
 * 0.7482, 0.3340 (numpy gives 0.503720, 0.658085, 0.748249, 0.333997).
 * The weights are given as 3:4:3 to check their normalisation too. */
START_TEST(topsis_matches_tzeng_huang)
{
    static const char *const names[] = {"a", "b", "c"};
    static const double cols[] = {5, 7, 8, 7, 8, 6, 8, 4, 4, 8, 6, 6};
    accelsel_dataset *ds = numeric_ds(names, 3, cols, 4);
    accelsel_criterion crit[] = {{"a", 3, B}, {"b", 4, B}, {"c", 3, B}};
    accelsel_ranking *r = rank_ok(ds, crit, 3, ACCELSEL_RANK_TOPSIS);
    const double published[] = {0.5037, 0.6581, 0.7482, 0.3340};
    for (size_t i = 0; i < 4; i++)
        ck_assert_double_eq_tol(accelsel_ranking_scores(r)[i], published[i], 5e-5);
    assert_sizes(accelsel_ranking_ranks(r), (const size_t[]){3, 2, 1, 4}, 4);
    const double *w = accelsel_ranking_weights(r);
    ck_assert_double_eq_tol(w[0], 0.3, 1e-15);
    ck_assert_double_eq_tol(w[1], 0.4, 1e-15);
    ck_assert_uint_eq(accelsel_ranking_criterion_count(r), 3);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

/* Weights 2:1:1 -> 0.5, 0.25, 0.25.
 * time (cost) 10 20 15 30: (30 - x) / 20 = 1, 0.5, 0.75, 0
 * thr (benefit) 100 300 250 100: (x - 100) / 200 = 0, 1, 0.75, 0
 * power 5 5 5 5: zero range, contributes 0
 * scores: 0.5, 0.25 + 0.25 = 0.5, 0.375 + 0.1875 = 0.5625, 0.
 * Rows 0 and 1 tie and are both non-dominated, so row 0 goes first. */
START_TEST(wsum_by_hand)
{
    static const char *const names[] = {"time", "thr", "power"};
    static const double cols[] = {10, 20, 15, 30, 100, 300, 250, 100, 5, 5, 5, 5};
    accelsel_dataset *ds = numeric_ds(names, 3, cols, 4);
    accelsel_criterion crit[] = {{"time", 2, C}, {"thr", 1, B}, {"power", 1, C}};
    accelsel_ranking *r = rank_ok(ds, crit, 3, ACCELSEL_RANK_WSUM);
    const double want[] = {0.5, 0.5, 0.5625, 0.0};
    for (size_t i = 0; i < 4; i++)
        ck_assert_double_eq_tol(accelsel_ranking_scores(r)[i], want[i], 1e-15);
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){2, 0, 1, 3}, 4);
    /* Fronts are only computed when asked for; the ranking is the same. */
    ck_assert_ptr_null(accelsel_ranking_fronts(r));
    ck_assert_uint_eq(accelsel_ranking_front_count(r), 0);
    accelsel_ranking_free(r);
    r = rank_with_fronts(ds, crit, 3, ACCELSEL_RANK_WSUM);
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){2, 0, 1, 3}, 4);
    /* Row 3 (time 30, thr 100) is dominated by row 0 (time 10, thr 100). */
    assert_sizes(accelsel_ranking_fronts(r), (const size_t[]){1, 1, 1, 2}, 4);
    ck_assert_uint_eq(accelsel_ranking_front_count(r), 2);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

/* Six points, cost (lower is better) and perf (higher is better):
 *   P0 (1,1)  P1 (2,3)  P2 (2,3)  P3 (3,2)  P4 (4,4)  P5 (4,1)
 * Nobody beats P0 on cost, P4 on perf, and P1/P2 need cost <= 2 with perf >= 3:
 * front 1 = {P0, P1, P2, P4} (P1 and P2 are equal: neither dominates).
 * P3 is dominated by P1 and P2 only: front 2. P5 is dominated by P0, P4 and
 * also by P3 (3 < 4, 2 > 1): front 3. Scores 1/front; rows in a front keep
 * dataset order. The weights do not matter. */
START_TEST(pareto_fronts_by_hand)
{
    static const char *const names[] = {"cost", "perf"};
    static const double cols[] = {1, 2, 2, 3, 4, 4, 1, 3, 3, 2, 4, 1};
    accelsel_dataset *ds = numeric_ds(names, 2, cols, 6);
    accelsel_criterion crit[] = {{"cost", 5, C}, {"perf", 1, B}};
    accelsel_ranking *r = rank_ok(ds, crit, 2, ACCELSEL_RANK_PARETO);
    assert_sizes(accelsel_ranking_fronts(r), (const size_t[]){1, 1, 1, 2, 1, 3}, 6);
    ck_assert_uint_eq(accelsel_ranking_front_count(r), 3);
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){0, 1, 2, 4, 3, 5}, 6);
    assert_sizes(accelsel_ranking_ranks(r), (const size_t[]){1, 2, 3, 5, 4, 6}, 6);
    ck_assert_double_eq(accelsel_ranking_scores(r)[3], 0.5);
    ck_assert_double_eq_tol(accelsel_ranking_scores(r)[5], 1.0 / 3.0, 1e-15);
    accelsel_ranking_free(r);
    /* TOPSIS asked for fronts reports the same: they depend on the data only. */
    r = rank_with_fronts(ds, crit, 2, ACCELSEL_RANK_TOPSIS);
    assert_sizes(accelsel_ranking_fronts(r), (const size_t[]){1, 1, 1, 2, 1, 3}, 6);
    ck_assert_uint_eq(accelsel_ranking_front_count(r), 3);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

/* Fronts by the definition, independently of the library: front 1 holds
 * the rows no remaining row dominates; peel it and repeat. x is n x k,
 * larger is better. */
static void fronts_by_definition(const double *x, size_t n, size_t k, size_t *front)
{
    for (size_t i = 0; i < n; i++)
        front[i] = 0;
    for (size_t f = 1, left = n; left > 0; f++) {
        for (size_t p = 0; p < n; p++) {
            if (front[p] != 0)
                continue;
            int dominated = 0;
            for (size_t q = 0; q < n && !dominated; q++) {
                if (q == p || (front[q] != 0 && front[q] < f))
                    continue;
                int ge = 1, gt = 0;
                for (size_t j = 0; j < k; j++) {
                    ge &= x[q * k + j] >= x[p * k + j];
                    gt |= x[q * k + j] > x[p * k + j];
                }
                dominated = ge && gt;
            }
            if (!dominated)
                front[p] = f + n; /* marked for this front, fixed below */
        }
        for (size_t p = 0; p < n; p++)
            if (front[p] == f + n) {
                front[p] = f;
                left--;
            }
    }
}

/* The sweep (one and two criteria) and the divide and conquer (three) give
 * the fronts of the definition on random tables with many ties and
 * duplicated rows (values drawn from a few levels), through
 * accelsel_ranking_compute() and directly; four criteria take the pairwise
 * path, checked the same way. Cost columns are negated by the library, so
 * the brute force sees the oriented values. */
START_TEST(pareto_fronts_equal_brute_force_on_random_data)
{
    static const char *const names[] = {"a", "b", "c", "d"};
    srand(26);
    size_t reps = testutil_reps(150);
    for (size_t rep = 0; rep < reps; rep++) {
        size_t k = 1 + rep % 4, n = 1 + (size_t)rand() % 120, levels = 2 + (size_t)rand() % 9;
        double *cols = malloc(n * k * sizeof *cols), *x = malloc(n * k * sizeof *x);
        size_t *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
        ck_assert(cols != NULL && x != NULL && want != NULL && got != NULL);
        accelsel_criterion crit[4];
        for (size_t j = 0; j < k; j++) {
            crit[j] = (accelsel_criterion){names[j], 1.0, j % 2 ? C : B};
            for (size_t i = 0; i < n; i++) {
                /* every fifth row copies an earlier one */
                size_t src = i > 0 && rand() % 5 == 0 ? (size_t)rand() % i : i;
                cols[j * n + i] = src < i ? cols[j * n + src] : (double)(rand() % (int)levels);
            }
        }
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < k; j++)
                x[i * k + j] = j % 2 ? -cols[j * n + i] : cols[j * n + i];
        fronts_by_definition(x, n, k, want);
        accelsel_dataset *ds = numeric_ds(names, k, cols, n);
        accelsel_ranking *r = rank_ok(ds, crit, k, ACCELSEL_RANK_PARETO);
        assert_sizes(accelsel_ranking_fronts(r), want, n);
        size_t most = 0, nf = 0;
        for (size_t i = 0; i < n; i++)
            most = want[i] > most ? want[i] : most;
        ck_assert_uint_eq(accelsel_ranking_front_count(r), most);
        ck_assert_int_eq(asel_pareto_fronts_fast(x, k, n, got, &nf), 0);
        assert_sizes(got, want, n);
        ck_assert_uint_eq(nf, most);
        accelsel_ranking_free(r);
        accelsel_dataset_free(ds);
        free(cols);
        free(x);
        free(want);
        free(got);
    }
}
END_TEST

/* Hand cases of the sweeps' tie rules: equal rows share a front; a row
 * equal to another on the first criterion and worse on the next is
 * dominated by it; three criteria where the dominating row comes from the
 * other half of the divide and conquer. */
START_TEST(pareto_fast_ties_by_hand)
{
    size_t f[6], nf = 0;
    /* (3,1) (3,1) (3,0) (2,2) (1,2): fronts 1 1 2 1 2 */
    const double two[] = {3, 1, 3, 1, 3, 0, 2, 2, 1, 2};
    ck_assert_int_eq(asel_pareto_fronts_fast(two, 2, 5, f, &nf), 0);
    assert_sizes(f, (const size_t[]){1, 1, 2, 1, 2}, 5);
    ck_assert_uint_eq(nf, 2);
    /* (5,0,0) (4,4,4) (4,4,3) (0,5,5) (0,5,5) (0,4,5): 1 1 2 1 1 2 */
    const double three[] = {5, 0, 0, 4, 4, 4, 4, 4, 3, 0, 5, 5, 0, 5, 5, 0, 4, 5};
    ck_assert_int_eq(asel_pareto_fronts_fast(three, 3, 6, f, &nf), 0);
    assert_sizes(f, (const size_t[]){1, 1, 2, 1, 1, 2}, 6);
    ck_assert_uint_eq(nf, 2);
    /* one criterion: distinct values best first, equal values together */
    const double one[] = {2, 7, 2, 9};
    ck_assert_int_eq(asel_pareto_fronts_fast(one, 1, 4, f, &nf), 0);
    assert_sizes(f, (const size_t[]){3, 2, 3, 1}, 4);
    ck_assert_uint_eq(nf, 3);
    ck_assert_int_eq(asel_pareto_fronts_fast(one, 1, 0, f, &nf), 0);
    ck_assert_uint_eq(nf, 0);
}
END_TEST

/* Equal weights, x and y benefit, both over [0, 10]:
 *   row0 (5,5) 0.5   row1 (10,0) 0.5   row2 (6,6) 0.6   row3 (0,10) 0.5   row4 (5,5) 0.5
 * Over all rows, row2 dominates rows 0 and 4 (front 2); rows 1, 2, 3 are
 * front 1. Among the rows tied at 0.5 (0, 1, 3, 4) none dominates another
 * (rows 0 and 4 are equal), so they keep dataset order: 2, 0, 1, 3, 4,
 * with or without the fronts computed. */
START_TEST(ties_keep_row_order_when_no_tied_row_dominates)
{
    static const char *const names[] = {"x", "y"};
    static const double cols[] = {5, 10, 6, 0, 5, 5, 0, 6, 10, 5};
    accelsel_dataset *ds = numeric_ds(names, 2, cols, 5);
    accelsel_criterion crit[] = {{"x", 1, B}, {"y", 1, B}};
    for (int with_fronts = 0; with_fronts < 2; with_fronts++) {
        accelsel_ranking *r = with_fronts ? rank_with_fronts(ds, crit, 2, ACCELSEL_RANK_WSUM)
                                          : rank_ok(ds, crit, 2, ACCELSEL_RANK_WSUM);
        const double *s = accelsel_ranking_scores(r);
        ck_assert(s[0] == 0.5 && s[1] == 0.5 && s[3] == 0.5 && s[4] == 0.5);
        if (with_fronts)
            assert_sizes(accelsel_ranking_fronts(r), (const size_t[]){2, 1, 1, 1, 2}, 5);
        assert_sizes(accelsel_ranking_order(r), (const size_t[]){2, 0, 1, 3, 4}, 5);
        assert_sizes(accelsel_ranking_ranks(r), (const size_t[]){2, 3, 1, 4, 5}, 5);
        accelsel_ranking_free(r);
    }
    accelsel_dataset_free(ds);
}
END_TEST

/* A tie made by rounding, where one tied row dominates another. Weighted
 * sum, x and y benefit, weights 1:1:
 *   x = 4, 8, 8        -> min-max 0, 1, 1
 *   y = 6, 1, 1 + 2^-52 -> min-max 1, 0, 2^-52 / 5 = 4.4e-17
 * Scores 0.5, 0.5, 0.5 + 2.2e-17, which rounds to 0.5 (doubles near 0.5
 * are 1.1e-16 apart): all three tie exactly. Row 2 dominates row 1 (equal
 * x, larger y), row 0 neither: row 1 goes last, order 0, 2, 1. */
START_TEST(tied_row_dominated_by_another_tied_row_goes_after_it)
{
    static const char *const names[] = {"x", "y"};
    const double cols[] = {4, 8, 8, 6, 1, nextafter(1.0, 2.0)};
    accelsel_dataset *ds = numeric_ds(names, 2, cols, 3);
    accelsel_criterion crit[] = {{"x", 1, B}, {"y", 1, B}};
    accelsel_ranking *r = rank_ok(ds, crit, 2, ACCELSEL_RANK_WSUM);
    const double *s = accelsel_ranking_scores(r);
    ck_assert(s[0] == 0.5 && s[1] == 0.5 && s[2] == 0.5);
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){0, 2, 1}, 3);
    assert_sizes(accelsel_ranking_ranks(r), (const size_t[]){1, 3, 2}, 3);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

/* The internal ordering on hand-made scores (k = 2, larger is better):
 *   row0 (1,1) 0.5   row1 (0,3) 0.5   row2 (2,1) 0.5   row3 (9,9) 0.9
 * Tied at 0.5: row2 dominates row0 (2 > 1, 1 = 1), row1 is incomparable
 * with both: fronts among the tie row1 1, row2 1, row0 2 -> order 3, 1, 2, 0.
 * The best of rows 0..2 alone is row1, the first row no tied row dominates.
 * Without a matrix (the Pareto method) ties keep row order. */
/* One Pareto front of three rows told apart by each tie rule, on a table
 * made by hand: x, y benefit, rows r0 (0, 1), r1 (1, 0), r2 (0.9, 0.9),
 * r3 (1, 1), r4 (0, 0). Fronts: r3; r0, r1, r2 (no one of them dominates
 * another); r4. TOPSIS closeness: x and y have the same vector norm, so with
 * equal weights r0 and r1 lie at the same distance a from the ideal (a, a)
 * and from the anti-ideal (0, 0) (closeness 1/2 each, exactly), while r2,
 * at 0.9a on both axes, is nearer the ideal (closeness 0.9). */
static accelsel_ranking *front_ties(uint32_t ties, uint32_t shared)
{
    static const char *const names[] = {"x", "y"};
    const double cols[] = {0, 1, 0.9, 1, 0, 1, 0, 0.9, 1, 0};
    accelsel_dataset *ds = numeric_ds(names, 2, cols, 5);
    accelsel_criterion crit[] = {{"x", 1, B}, {"y", 1, B}};
    accelsel_rank_options o = ACCELSEL_RANK_OPTIONS_INIT;
    o.ties = ties;
    o.shared_ranks = shared;
    accelsel_ranking *r = NULL;
    int rc = accelsel_ranking_compute(&r, ds, crit, 2, ACCELSEL_RANK_PARETO, &o);
    ck_assert_msg(rc == 0, "rank: %s", accelsel_last_error()->message);
    accelsel_dataset_free(ds);
    return r;
}

static void expect(const size_t *got, const size_t *want, size_t n, const char *what)
{
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(got[i] == want[i], "%s[%zu] is %zu, want %zu", what, i, got[i], want[i]);
}

START_TEST(tie_rules_and_shared_ranks_by_hand)
{
    static const size_t row_order[] = {3, 0, 1, 2, 4}, topsis_order[] = {3, 2, 0, 1, 4};
    static const size_t places[] = {2, 3, 4, 1, 5}, topsis_places[] = {3, 4, 2, 1, 5};
    static const size_t shared[] = {2, 2, 2, 1, 5};
    accelsel_ranking *r = front_ties(ACCELSEL_RANK_TIES_DOMINANCE, 0);
    expect(accelsel_ranking_order(r), row_order, 5, "dominance order");
    expect(accelsel_ranking_ranks(r), places, 5, "dominance ranks");
    accelsel_ranking_free(r);
    r = front_ties(ACCELSEL_RANK_TIES_ROW_ORDER, 1);
    expect(accelsel_ranking_order(r), row_order, 5, "row order");
    expect(accelsel_ranking_ranks(r), shared, 5, "shared ranks");
    accelsel_ranking_free(r);
    r = front_ties(ACCELSEL_RANK_TIES_TOPSIS, 0);
    expect(accelsel_ranking_order(r), topsis_order, 5, "TOPSIS order");
    expect(accelsel_ranking_ranks(r), topsis_places, 5, "TOPSIS ranks");
    accelsel_ranking_free(r);
    r = front_ties(ACCELSEL_RANK_TIES_TOPSIS, 1);
    expect(accelsel_ranking_order(r), topsis_order, 5, "TOPSIS order, shared");
    expect(accelsel_ranking_ranks(r), shared, 5, "TOPSIS shared ranks");
    accelsel_ranking_free(r);
}
END_TEST

/* A version-1 struct ends before ties: the fields after it are not read. */
START_TEST(rank_options_version_1_is_read_up_to_its_fields)
{
    accelsel_rank_options o;
    memset(&o, 0x7f, sizeof o);
    ck_assert_int_eq(accelsel_rank_options_init(&o, 1), 0);
    ck_assert_uint_eq(o.version, 1);
    ck_assert_uint_eq(o.missing, ACCELSEL_RANK_MISSING_EXCLUDE);
    ck_assert_uint_eq(o.ties, 0x7f7f7f7fu);
    static const char *const names[] = {"x"};
    const double cols[] = {1, 1, 2};
    accelsel_dataset *ds = numeric_ds(names, 1, cols, 3);
    accelsel_criterion crit[] = {{"x", 1, B}};
    accelsel_ranking *r = NULL;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 1, ACCELSEL_RANK_WSUM, &o), 0);
    static const size_t ranks[] = {2, 3, 1}; /* distinct places, the default */
    expect(accelsel_ranking_ranks(r), ranks, 3, "ranks");
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
    ck_assert_str_eq(accelsel_rank_method_title(ACCELSEL_RANK_WSUM), "weighted sum");
    ck_assert_str_eq(accelsel_rank_method_title(ACCELSEL_RANK_PARETO), "Pareto fronts");
    ck_assert_str_eq(accelsel_rank_method_title(ACCELSEL_RANK_TOPSIS), "TOPSIS");
    ck_assert_ptr_null(accelsel_rank_method_title(0));
}
END_TEST

START_TEST(tie_break_internals)
{
    const double score[] = {0.5, 0.5, 0.5, 0.9};
    const double x[] = {1, 1, 0, 3, 2, 1, 9, 9};
    size_t order[4], work[16];
    asel_rank_order(score, x, 4, 2, order, work);
    assert_sizes(order, (const size_t[]){3, 1, 2, 0}, 4);
    ck_assert_uint_eq(asel_rank_best(score, x, 3, 2), 1);
    ck_assert_uint_eq(asel_rank_best(score, x, 4, 2), 3);
    asel_rank_order(score, NULL, 4, 2, order, work);
    assert_sizes(order, (const size_t[]){3, 0, 1, 2}, 4);
    ck_assert_uint_eq(asel_rank_best(score, NULL, 3, 2), 0);
}
END_TEST

/* Every criterion constant: TOPSIS puts every row half-way (0.5), the
 * weighted sum gives 0; all rows tie in one front and keep dataset order. */
START_TEST(constant_criteria_do_not_divide_by_zero)
{
    static const char *const names[] = {"x", "z"};
    static const double cols[] = {3, 3, 3, 0, 0, 0};
    accelsel_dataset *ds = numeric_ds(names, 2, cols, 3);
    accelsel_criterion crit[] = {{"x", 1, B}, {"z", 1, C}};
    accelsel_ranking *r = rank_ok(ds, crit, 2, ACCELSEL_RANK_TOPSIS);
    for (size_t i = 0; i < 3; i++)
        ck_assert_double_eq(accelsel_ranking_scores(r)[i], 0.5);
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){0, 1, 2}, 3);
    accelsel_ranking_free(r);
    r = rank_ok(ds, crit, 2, ACCELSEL_RANK_WSUM);
    for (size_t i = 0; i < 3; i++)
        ck_assert_double_eq(accelsel_ranking_scores(r)[i], 0.0);
    ck_assert_uint_eq(accelsel_ranking_front_count(r), 0);
    accelsel_ranking_free(r);
    r = rank_with_fronts(ds, crit, 2, ACCELSEL_RANK_WSUM);
    ck_assert_uint_eq(accelsel_ranking_front_count(r), 1);
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){0, 1, 2}, 3);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

/* Row 1 misses x and row 3 misses the zero-weight column z (which is then
 * not a criterion): only row 1 is left out. Over rows 0, 2, 3 x = 1, 3, 2:
 * min-max 0, 1, 0.5. */
START_TEST(missing_values_exclude_or_fail)
{
    static const char *const names[] = {"x", "z"};
    const double cols[] = {1, NAN, 3, 2, 7, 7, 7, NAN};
    accelsel_dataset *ds = numeric_ds(names, 2, cols, 4);
    accelsel_criterion crit[] = {{"x", 1, B}, {"z", 0, B}};
    accelsel_ranking *r = rank_ok(ds, crit, 2, ACCELSEL_RANK_WSUM);
    ck_assert_uint_eq(accelsel_ranking_excluded_count(r), 1);
    ck_assert_uint_eq(accelsel_ranking_ranked_count(r), 3);
    ck_assert_uint_eq(accelsel_ranking_rows(r), 4);
    ck_assert(isnan(accelsel_ranking_scores(r)[1]));
    ck_assert_double_eq(accelsel_ranking_scores(r)[3], 0.5);
    assert_sizes(accelsel_ranking_ranks(r), (const size_t[]){3, 0, 1, 2}, 4);
    ck_assert_ptr_null(accelsel_ranking_fronts(r));
    assert_sizes(accelsel_ranking_order(r), (const size_t[]){2, 3, 0}, 3);
    ck_assert_double_eq(accelsel_ranking_weights(r)[1], 0.0);
    accelsel_ranking_free(r);
    /* x alone orders the fronts as it orders the ranks; excluded rows: 0. */
    r = rank_with_fronts(ds, crit, 2, ACCELSEL_RANK_WSUM);
    assert_sizes(accelsel_ranking_fronts(r), (const size_t[]){3, 0, 1, 2}, 4);
    accelsel_ranking_free(r);

    accelsel_rank_options o;
    ck_assert_int_eq(accelsel_rank_options_init(&o, ACCELSEL_RANK_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.missing, ACCELSEL_RANK_MISSING_EXCLUDE);
    o.missing = ACCELSEL_RANK_MISSING_ERROR;
    r = (accelsel_ranking *)1;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 2, ACCELSEL_RANK_TOPSIS, &o),
                     ACCELSEL_EDATA);
    ck_assert_ptr_null(r);
    ck_assert_str_eq(accelsel_last_error()->message, "column 'x', dataset row 1: missing value");
    accelsel_dataset_free(ds);
}
END_TEST

/* Expected values from scipy.stats.kendalltau (scipy 1.10.1, tau-b):
 *   kendalltau([1,2,3,4,5], [5,4,3,2,1])                   -> -1
 *   kendalltau([1,2,2,3,4,4,5], [2,1,3,3,5,4,4])           -> 0.6842105263157894
 *     (21 pairs, 2 tied in x, 2 in y, none in both: (C - D) / 19 = 13 / 19)
 *   kendalltau([1,1,2,2,3,3], [1,2,1,2,1,2])               -> 0.0
 *   kendalltau([3.5,1,2,2,7,0.5,7,1], [1,1,2,3,3,0,2,5])   -> 0.24 (6 / 25)
 *   kendalltau([1,2,3,4], [1,3,2,4])                       -> 0.6666666666666669 */
static const struct {
    double x[8], y[8];
    size_t n;
    double tau;
} tau_cases[] = {
    {{1, 2, 3, 4, 5}, {5, 4, 3, 2, 1}, 5, -1.0},
    {{1, 2, 2, 3, 4, 4, 5}, {2, 1, 3, 3, 5, 4, 4}, 7, 0.6842105263157894},
    {{1, 1, 2, 2, 3, 3}, {1, 2, 1, 2, 1, 2}, 6, 0.0},
    {{3.5, 1, 2, 2, 7, 0.5, 7, 1}, {1, 1, 2, 3, 3, 0, 2, 5}, 8, 0.24},
    {{1, 2, 3, 4}, {1, 3, 2, 4}, 4, 0.6666666666666669},
};

START_TEST(kendall_tau_b_matches_scipy)
{
    double tau = 99;
    ck_assert_int_eq(accelsel_kendall_tau_b(tau_cases[_i].x, tau_cases[_i].y, tau_cases[_i].n,
                                            &tau),
                     0);
    ck_assert_double_eq_tol(tau, tau_cases[_i].tau, 1e-12);
}
END_TEST

/* tau-b straight from its definition, O(n^2), as an independent check of the
 * O(n log n) merge-sort version on larger samples with many ties. */
static double tau_b_by_definition(const double *x, const double *y, size_t n)
{
    double conc = 0, disc = 0, tx = 0, ty = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double dx = x[i] - x[j], dy = y[i] - y[j];
            if (dx == 0 && dy == 0)
                continue;
            if (dx == 0)
                tx++;
            else if (dy == 0)
                ty++;
            else if ((dx > 0) == (dy > 0))
                conc++;
            else
                disc++;
        }
    return (conc - disc) / sqrt((conc + disc + tx) * (conc + disc + ty));
}

START_TEST(kendall_tau_b_matches_definition)
{
    enum { N = 300 };
    static double x[N], y[N];
    srand(7);
    for (size_t i = 0; i < N; i++) {
        x[i] = rand() % 17;
        y[i] = x[i] * 0.5 + rand() % 11;
    }
    double tau;
    ck_assert_int_eq(accelsel_kendall_tau_b(x, y, N, &tau), 0);
    ck_assert_double_eq_tol(tau, tau_b_by_definition(x, y, N), 1e-12);
}
END_TEST

START_TEST(kendall_tau_b_bad_input)
{
    const double x[] = {1, 2, 3}, c[] = {4, 4, 4}, nan_y[] = {1, NAN, 2};
    double tau = 99;
    ck_assert_int_eq(accelsel_kendall_tau_b(x, c, 3, &tau), ACCELSEL_EDATA);
    ck_assert(strstr(accelsel_last_error()->message, "constant") != NULL);
    ck_assert_int_eq(accelsel_kendall_tau_b(x, nan_y, 3, &tau), ACCELSEL_EDATA);
    ck_assert(strstr(accelsel_last_error()->message, "y[1] is NaN") != NULL);
    ck_assert_int_eq(accelsel_kendall_tau_b(x, x, 1, &tau), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_kendall_tau_b(NULL, x, 3, &tau), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_kendall_tau_b(x, x, 3, NULL), ACCELSEL_EINVAL);
    ck_assert_double_eq(tau, 99);
}
END_TEST

/* Two rows: A = (1, 0), B = (0, 1) on two benefit criteria, weights 0.55 and
 * 0.45. Under either method A scores w1 and B w2 (weighted sum: min-max gives
 * A = (1, 0), B = (0, 1); TOPSIS: D+ and D- of A are w2 and w1, so C = w1).
 * A stays on top iff 0.55 (1 + u1) > 0.45 (1 + u2), u ~ U(-0.2, 0.2), i.e.
 * a ~ U(0.44, 0.66) beats b ~ U(0.36, 0.54). It loses on the triangle
 * 0.44 <= a <= b <= 0.54: P = (0.1^2 / 2) / (0.22 * 0.18) = 0.126263, so the
 * top-1 fraction is 0.873737, and with two rows tau is +1 or -1: mean
 * 1 - 2 x 0.126263 = 0.747475, min -1. With 20000 samples the standard error
 * of the fraction is 0.0024; the tolerance is 4 of them. */
START_TEST(sensitivity_matches_analytic_flip_probability)
{
    static const char *const names[] = {"p", "q"};
    static const double cols[] = {1, 0, 0, 1};
    accelsel_dataset *ds = numeric_ds(names, 2, cols, 2);
    accelsel_criterion crit[] = {{"p", 0.55, B}, {"q", 0.45, B}};
    accelsel_sensitivity_options o;
    ck_assert_int_eq(accelsel_sensitivity_options_init(&o, ACCELSEL_SENSITIVITY_OPTIONS_VERSION), 0);
    o.n_samples = 20000;
    o.perturbation = 0.2;
    o.seed = 2024;
    const int methods[] = {ACCELSEL_RANK_TOPSIS, ACCELSEL_RANK_WSUM};
    for (size_t m = 0; m < 2; m++) {
        accelsel_ranking *r = rank_ok(ds, crit, 2, methods[m]);
        accelsel_sensitivity *s = NULL;
        ck_assert_int_eq(accelsel_sensitivity_compute(&s, r, &o, NULL, NULL), 0);
        ck_assert_uint_eq(accelsel_sensitivity_samples(s), 20000);
        ck_assert_double_eq(accelsel_sensitivity_perturbation(s), 0.2);
        ck_assert_double_eq_tol(accelsel_sensitivity_top1_fraction(s), 0.873737, 0.0095);
        ck_assert_double_eq_tol(accelsel_sensitivity_tau_mean(s), 0.747475, 0.019);
        ck_assert_double_eq(accelsel_sensitivity_tau_min(s), -1.0);
        accelsel_sensitivity_free(s);
        accelsel_ranking_free(r);
    }
    accelsel_dataset_free(ds);
}
END_TEST

static const char *const big_names[] = {"t", "thr", "pw"};

/* 40 rows with three criteria in conflict, and some exact ties. */
static accelsel_dataset *conflict_ds(void)
{
    enum { N = 40 };
    double cols[3 * N];
    for (size_t i = 0; i < N; i++) {
        cols[i] = 10 + (double)(i * 7 % 23);
        cols[N + i] = 100 + (double)(i * 13 % 31);
        cols[2 * N + i] = 50 + (double)(i % 9);
    }
    return numeric_ds(big_names, 3, cols, N);
}

START_TEST(sensitivity_is_the_same_whatever_the_threads)
{
    accelsel_dataset *ds = conflict_ds();
    accelsel_criterion crit[] = {{"t", 2, C}, {"thr", 1, B}, {"pw", 1, C}};
    accelsel_ranking *r = rank_ok(ds, crit, 3, ACCELSEL_RANK_TOPSIS);
    accelsel_sensitivity_options o = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    o.n_samples = 300;
    accelsel_sensitivity *s1 = NULL, *s4 = NULL;
    o.n_threads = 1;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s1, r, &o, NULL, NULL), 0);
    o.n_threads = 4;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s4, r, &o, NULL, NULL), 0);
    ck_assert_mem_eq(accelsel_sensitivity_taus(s1), accelsel_sensitivity_taus(s4),
                     300 * sizeof(double));
    ck_assert(accelsel_sensitivity_top1_fraction(s1) == accelsel_sensitivity_top1_fraction(s4));
    accelsel_sensitivity_free(s4);
    o.n_threads = UINT32_MAX; /* what -1 becomes: cut to ACCELSEL_MAX_THREADS */
    ck_assert_int_eq(accelsel_sensitivity_compute(&s4, r, &o, NULL, NULL), 0);
    ck_assert_mem_eq(accelsel_sensitivity_taus(s1), accelsel_sensitivity_taus(s4),
                     300 * sizeof(double));
    /* +-20% leaves a 40-row ranking close to the base but not identical. */
    ck_assert(accelsel_sensitivity_tau_mean(s1) > 0.8 && accelsel_sensitivity_tau_mean(s1) < 1.0);
    ck_assert(accelsel_sensitivity_tau_min(s1) <= accelsel_sensitivity_tau_mean(s1));
    accelsel_sensitivity_free(s1);
    accelsel_sensitivity_free(s4);
    /* No perturbation: every sample is the base ranking. */
    o.perturbation = 0.0;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s1, r, &o, NULL, NULL), 0);
    ck_assert_double_eq(accelsel_sensitivity_tau_min(s1), 1.0);
    ck_assert_double_eq(accelsel_sensitivity_top1_fraction(s1), 1.0);
    accelsel_sensitivity_free(s1);
    accelsel_ranking_free(r);
    /* Pareto fronts ignore the weights: always stable. */
    r = rank_ok(ds, crit, 3, ACCELSEL_RANK_PARETO);
    o.perturbation = 0.5;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s1, r, &o, NULL, NULL), 0);
    ck_assert_double_eq(accelsel_sensitivity_tau_mean(s1), 1.0);
    ck_assert_double_eq(accelsel_sensitivity_top1_fraction(s1), 1.0);
    accelsel_sensitivity_free(s1);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

typedef struct progress_log {
    double last;
    int calls, stop_at;
} progress_log;

static int on_progress(double fraction, void *payload)
{
    progress_log *p = payload;
    ck_assert(fraction > p->last && fraction <= 1.0);
    p->last = fraction;
    return ++p->calls == p->stop_at;
}

START_TEST(sensitivity_progress_and_cancel)
{
    accelsel_dataset *ds = conflict_ds();
    accelsel_criterion crit[] = {{"t", 1, C}, {"thr", 1, B}};
    accelsel_ranking *r = rank_ok(ds, crit, 2, ACCELSEL_RANK_WSUM);
    accelsel_sensitivity_options o = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    o.n_samples = 100;
    accelsel_sensitivity *s = NULL;
    progress_log log = {0, 0, 0};
    ck_assert_int_eq(accelsel_sensitivity_compute(&s, r, &o, on_progress, &log), 0);
    ck_assert_double_eq(log.last, 1.0);
    ck_assert_int_eq(log.calls, 20);
    accelsel_sensitivity_free(s);
    log = (progress_log){0, 0, 3};
    s = (accelsel_sensitivity *)1;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s, r, &o, on_progress, &log),
                     ACCELSEL_ECANCELED);
    ck_assert_ptr_null(s);
    ck_assert_int_eq(log.calls, 3);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}
END_TEST

/* Bad input to accelsel_ranking_compute: each row gives the criteria, the
 * expected status and a fragment of the message. */
static const struct {
    accelsel_criterion crit[2];
    size_t n;
    int method;
    int status;
    const char *fragment;
} bad_rank[] = {
    {{{"nosuch", 1, B}}, 1, ACCELSEL_RANK_TOPSIS, ACCELSEL_ENOTFOUND, "nosuch"},
    {{{"x", 1, B}, {"gpu", 1, B}}, 2, ACCELSEL_RANK_TOPSIS, ACCELSEL_ETYPE, "'gpu' is categorical"},
    {{{"x", 1, B}, {"y", -1, B}}, 2, ACCELSEL_RANK_WSUM, ACCELSEL_EINVAL, "criteria[1].weight"},
    {{{"x", 0, B}, {"y", 0, B}}, 2, ACCELSEL_RANK_WSUM, ACCELSEL_EINVAL, "every weight is zero"},
    {{{"x", NAN, B}}, 1, ACCELSEL_RANK_TOPSIS, ACCELSEL_EINVAL, "criteria[0].weight of column 'x' is NaN"},
    {{{"x", INFINITY, B}}, 1, ACCELSEL_RANK_TOPSIS, ACCELSEL_EINVAL, "infinite"},
    {{{"x", 1, 7}}, 1, ACCELSEL_RANK_TOPSIS, ACCELSEL_EINVAL, "criteria[0].direction"},
    {{{NULL, 1, B}}, 1, ACCELSEL_RANK_TOPSIS, ACCELSEL_EINVAL, "criteria[0].column is NULL"},
    {{{"x", 1, B}, {"x", 2, C}}, 2, ACCELSEL_RANK_TOPSIS, ACCELSEL_EINVAL, "already criteria[0]"},
    {{{"x", 1, B}}, 0, ACCELSEL_RANK_TOPSIS, ACCELSEL_EINVAL, "n_criteria"},
    {{{"x", 1, B}}, 1, 99, ACCELSEL_EINVAL, "method 99"},
    {{{"inf", 1, B}}, 1, ACCELSEL_RANK_PARETO, ACCELSEL_EDATA, "column 'inf', dataset row 1: infinite value"},
    {{{"gone", 1, B}}, 1, ACCELSEL_RANK_WSUM, ACCELSEL_EEMPTY,
     "no row has a value for every criterion: column 'gone' has no value in any of the"},
};

START_TEST(ranking_bad_input)
{
    static const char *const names[] = {"x", "y", "inf", "gone"};
    const double cols[] = {1, 2, 3, 4, 5, 6, 1, INFINITY, 2, NAN, NAN, NAN};
    accelsel_dataset *ds = numeric_ds(names, 4, cols, 3);
    const char *gpus[] = {"a", "b", "c"};
    ck_assert_int_eq(accelsel_dataset_add_categorical(ds, "gpu", gpus, 3), 0);
    accelsel_ranking *r = (accelsel_ranking *)1;
    int rc = accelsel_ranking_compute(&r, ds, bad_rank[_i].crit, bad_rank[_i].n,
                                      bad_rank[_i].method, NULL);
    ck_assert_int_eq(rc, bad_rank[_i].status);
    ck_assert_ptr_null(r);
    ck_assert_msg(strstr(accelsel_last_error()->message, bad_rank[_i].fragment) != NULL,
                  "message '%s' lacks '%s'", accelsel_last_error()->message, bad_rank[_i].fragment);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(ranking_bad_arguments_and_options)
{
    static const char *const names[] = {"x"};
    const double cols[] = {1, 2};
    accelsel_dataset *ds = numeric_ds(names, 1, cols, 2), *empty = NULL;
    accelsel_criterion crit[] = {{"x", 1, B}};
    accelsel_ranking *r = (accelsel_ranking *)1;
    ck_assert_int_eq(accelsel_ranking_compute(NULL, ds, crit, 1, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_ranking_compute(&r, NULL, crit, 1, 1, NULL), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "'ds'") != NULL);
    ck_assert_ptr_null(r);
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, NULL, 1, 1, NULL), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "'criteria'") != NULL);
    accelsel_rank_options o = ACCELSEL_RANK_OPTIONS_INIT;
    o.version = 3;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 1, 1, &o), ACCELSEL_EVERSION);
    ck_assert_str_eq(accelsel_last_error()->field, "version");
    o = (accelsel_rank_options)ACCELSEL_RANK_OPTIONS_INIT;
    o.missing = 5;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 1, 1, &o), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "opts->missing") != NULL);
    ck_assert_str_eq(accelsel_last_error()->field, "missing");
    o = (accelsel_rank_options)ACCELSEL_RANK_OPTIONS_INIT;
    o.pareto_fronts = 2;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 1, 1, &o), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "opts->pareto_fronts is 2") != NULL);
    ck_assert_str_eq(accelsel_last_error()->field, "pareto_fronts");
    o = (accelsel_rank_options)ACCELSEL_RANK_OPTIONS_INIT;
    o.ties = 3;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 1, 1, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "ties");
    o = (accelsel_rank_options)ACCELSEL_RANK_OPTIONS_INIT;
    o.shared_ranks = 2;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 1, 1, &o), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "shared_ranks");
    crit[0].weight = -1;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, 1, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_str_eq(accelsel_last_error()->field, "criteria");
    crit[0].weight = 1;
    ck_assert_ptr_null(r);
    ck_assert_int_eq(accelsel_dataset_new(&empty, 0), 0);
    ck_assert_int_eq(accelsel_ranking_compute(&r, empty, crit, 1, 1, NULL), ACCELSEL_EEMPTY);
    ck_assert(strstr(accelsel_last_error()->message, "no rows") != NULL);
    ck_assert_int_eq(accelsel_rank_options_init(&o, 0), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_rank_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_uint_eq(accelsel_rank_options_size(), sizeof(accelsel_rank_options));
    ck_assert_uint_eq(accelsel_sensitivity_options_size(), sizeof(accelsel_sensitivity_options));
    /* NULL handles read as empty. */
    ck_assert_ptr_null(accelsel_ranking_scores(NULL));
    ck_assert_uint_eq(accelsel_ranking_rows(NULL), 0);
    ck_assert_int_eq(accelsel_ranking_method(NULL), ACCELSEL_EINVAL);
    ck_assert(isnan(accelsel_sensitivity_tau_mean(NULL)));
    accelsel_ranking_free(NULL);
    accelsel_sensitivity_free(NULL);
    accelsel_dataset_free(empty);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(sensitivity_bad_input)
{
    static const char *const names[] = {"x"};
    const double cols[] = {1, NAN};
    accelsel_dataset *ds = numeric_ds(names, 1, cols, 2);
    accelsel_criterion crit[] = {{"x", 1, B}};
    accelsel_ranking *one = rank_ok(ds, crit, 1, ACCELSEL_RANK_TOPSIS);
    accelsel_sensitivity *s = (accelsel_sensitivity *)1;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s, one, NULL, NULL, NULL), ACCELSEL_EDATA);
    ck_assert_ptr_null(s);
    ck_assert(strstr(accelsel_last_error()->message, "1 ranked row") != NULL);
    ck_assert_int_eq(accelsel_sensitivity_compute(&s, NULL, NULL, NULL, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_sensitivity_compute(NULL, one, NULL, NULL, NULL), ACCELSEL_EINVAL);
    accelsel_sensitivity_options o = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    o.n_samples = 0;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s, one, &o, NULL, NULL), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "n_samples") != NULL);
    const double bad_x[] = {1.0, -0.1, NAN};
    for (size_t i = 0; i < 3; i++) {
        o = (accelsel_sensitivity_options)ACCELSEL_SENSITIVITY_OPTIONS_INIT;
        o.perturbation = bad_x[i];
        ck_assert_int_eq(accelsel_sensitivity_compute(&s, one, &o, NULL, NULL), ACCELSEL_EINVAL);
        ck_assert(strstr(accelsel_last_error()->message, "perturbation") != NULL);
    }
    o = (accelsel_sensitivity_options)ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    o.version = 9;
    ck_assert_int_eq(accelsel_sensitivity_compute(&s, one, &o, NULL, NULL), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_sensitivity_options_init(&o, 9), ACCELSEL_EVERSION);
    accelsel_ranking_free(one);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(criteria_parse_valid)
{
    accelsel_criterion *c = NULL;
    size_t n = 0;
    ck_assert_int_eq(accelsel_criteria_parse(&c, &n, " time_min : 2.5 : cost ,\tns:thr:1e-1:benefit"),
                     0);
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(c[0].column, "time_min");
    ck_assert_double_eq(c[0].weight, 2.5);
    ck_assert_int_eq(c[0].direction, C);
    ck_assert_str_eq(c[1].column, "ns:thr");
    ck_assert_double_eq(c[1].weight, 0.1);
    ck_assert_int_eq(c[1].direction, B);
    accelsel_free(c);
}
END_TEST

static const struct {
    const char *text;
    int status;
    uint32_t column;
    const char *fragment;
} bad_criteria[] = {
    {"", ACCELSEL_EPARSE, 1, "no criteria"},
    {"  ", ACCELSEL_EPARSE, 1, "no criteria"},
    {"a:1", ACCELSEL_EPARSE, 1, "criterion 'a:1' is not COLUMN:WEIGHT:benefit|cost"},
    {"a:x:cost", ACCELSEL_EPARSE, 3, "weight 'x' is not a number"},
    {"a::cost", ACCELSEL_EPARSE, 3, "weight '' is not a number"},
    {"a:1:up", ACCELSEL_EPARSE, 5, "direction 'up' is not benefit or cost"},
    {"a:1:Cost", ACCELSEL_EPARSE, 5, "direction 'Cost'"},
    {"a:1:cost,,b:1:cost", ACCELSEL_EPARSE, 10, "empty criterion"},
    {"a:1:cost,", ACCELSEL_EPARSE, 10, "empty criterion"},
    {" :1:cost", ACCELSEL_EPARSE, 2, "empty column name"},
    {"a:-1:cost", ACCELSEL_EINVAL, 3, "weight '-1' is negative"},
    {"a:1e999:cost", ACCELSEL_ERANGE, 3, "out of range"},
    {"a:nan:cost", ACCELSEL_EPARSE, 3, "not a number"},
    /* Found by fuzzing: "inf" was accepted as a weight (criteria must be finite). */
    {"a:inf:cost", ACCELSEL_EINVAL, 3, "weight 'inf' is infinite"},
    {"a: Infinity :benefit", ACCELSEL_EINVAL, 4, "weight 'Infinity' is infinite"},
    {":\x03\xdd:05555555n55555:i55555555555555nf:55n:inf:cost", ACCELSEL_EINVAL, 42,
     "weight 'inf' is infinite"},
};

START_TEST(criteria_parse_malformed)
{
    accelsel_criterion *c = (accelsel_criterion *)1;
    size_t n = 5;
    ck_assert_int_eq(accelsel_criteria_parse(&c, &n, bad_criteria[_i].text), bad_criteria[_i].status);
    ck_assert_ptr_null(c);
    ck_assert_uint_eq(n, 0);
    const accelsel_error *e = accelsel_last_error();
    ck_assert_str_eq(e->source, "<criteria>");
    ck_assert_uint_eq(e->line, 1);
    ck_assert_uint_eq(e->column, bad_criteria[_i].column);
    ck_assert_msg(strstr(e->message, bad_criteria[_i].fragment) != NULL, "message '%s' lacks '%s'",
                  e->message, bad_criteria[_i].fragment);
}
END_TEST

START_TEST(criteria_parse_null_and_method_names)
{
    accelsel_criterion *c;
    size_t n;
    ck_assert_int_eq(accelsel_criteria_parse(NULL, &n, "a:1:cost"), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_criteria_parse(&c, NULL, "a:1:cost"), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_criteria_parse(&c, &n, NULL), ACCELSEL_EINVAL);
    ck_assert(strstr(accelsel_last_error()->message, "'text'") != NULL);
    const char *names[] = {"topsis", "wsum", "pareto"};
    const int ids[] = {ACCELSEL_RANK_TOPSIS, ACCELSEL_RANK_WSUM, ACCELSEL_RANK_PARETO};
    for (size_t i = 0; i < 3; i++) {
        int m = 0;
        ck_assert_int_eq(accelsel_rank_method_from_name(names[i], &m), 0);
        ck_assert_int_eq(m, ids[i]);
        ck_assert_str_eq(accelsel_rank_method_name(ids[i]), names[i]);
    }
    int m = -1;
    ck_assert_int_eq(accelsel_rank_method_from_name("TOPSIS", &m), ACCELSEL_ENOTFOUND);
    ck_assert(strstr(accelsel_last_error()->message, "'TOPSIS'") != NULL);
    ck_assert_int_eq(m, -1);
    ck_assert_ptr_null(accelsel_rank_method_name(0));
    ck_assert_ptr_null(accelsel_rank_method_name(4));
}
END_TEST

/* Everything a caller does, for the allocation-failure sweep: build a
 * dataset, parse criteria, rank with each method and run a sensitivity
 * analysis on two threads. Returns the first failure's status. */
static int whole_scenario(void *ctx)
{
    static const char *const names[] = {"t", "thr"};
    const double t[] = {10, 20, 15, NAN, 12}, thr[] = {100, 300, 250, 90, 120};
    accelsel_dataset *ds = NULL;
    accelsel_criterion *c = NULL;
    size_t n;
    int rc = accelsel_dataset_new(&ds, 5);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(ds, names[0], t, 5);
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(ds, names[1], thr, 5);
    if (rc == 0)
        rc = accelsel_criteria_parse(&c, &n, "t:2:cost,thr:1:benefit");
    for (int method = 1; rc == 0 && method <= 3; method++) {
        accelsel_ranking *r = NULL;
        accelsel_sensitivity *s = NULL;
        accelsel_sensitivity_options o = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
        accelsel_rank_options ro = ACCELSEL_RANK_OPTIONS_INIT;
        o.n_samples = 10;
        o.n_threads = 2;
        ro.pareto_fronts = method == ACCELSEL_RANK_TOPSIS;
        rc = accelsel_ranking_compute(&r, ds, c, n, method, &ro);
        if (rc == 0)
            rc = accelsel_sensitivity_compute(&s, r, &o, NULL, NULL);
        accelsel_sensitivity_free(s);
        accelsel_ranking_free(r);
    }
    double tau;
    if (rc == 0)
        rc = accelsel_kendall_tau_b(t, thr, 3, &tau);
    accelsel_free(c);
    accelsel_dataset_free(ds);
    return rc;
}

START_TEST(allocation_failures_leak_nothing)
{
    testutil_alloc_sweep(whole_scenario, NULL, 20);
}
END_TEST

/* Found by the hostile-inputs review: each criterion's column was compared
 * with every earlier one, so N criteria took O(N^2) time (200000: about
 * 2 x 10^10 comparisons, minutes). Linear now; the case's 10 s timeout fails
 * the quadratic version. Row 1 beats row 0 on every benefit criterion, so
 * TOPSIS puts it at the ideal (score 1) and row 0 at the anti-ideal (0). */
START_TEST(many_criteria_resolve_in_linear_time)
{
    enum { N = 200000 };
    accelsel_dataset *ds = NULL;
    accelsel_criterion *crit = calloc(N + 1, sizeof *crit);
    char (*names)[16] = calloc(N, sizeof *names);
    ck_assert(crit != NULL && names != NULL);
    ck_assert_int_eq(accelsel_dataset_new(&ds, 2), 0);
    const double rows[2] = {1.0, 2.0};
    for (size_t j = 0; j < N; j++) {
        snprintf(names[j], sizeof names[j], "c%zu", j);
        ck_assert_int_eq(accelsel_dataset_add_numeric(ds, names[j], rows, 2), 0);
        crit[j] = (accelsel_criterion){names[j], 1.0, B};
    }
    accelsel_ranking *r = rank_ok(ds, crit, N, ACCELSEL_RANK_TOPSIS);
    ck_assert_uint_eq(accelsel_ranking_order(r)[0], 1);
    ck_assert_double_eq_tol(accelsel_ranking_scores(r)[1], 1.0, 1e-12);
    ck_assert_double_eq_tol(accelsel_ranking_scores(r)[0], 0.0, 1e-12);
    accelsel_ranking_free(r);
    crit[N] = crit[0];
    r = (accelsel_ranking *)&r;
    ck_assert_int_eq(accelsel_ranking_compute(&r, ds, crit, N + 1, ACCELSEL_RANK_TOPSIS, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_ptr_null(r);
    ck_assert_str_eq(accelsel_last_error()->message,
                     "criteria[200000].column: column 'c0' is already criteria[0]");
    accelsel_dataset_free(ds);
    free(names);
    free(crit);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("rank");
    TCase *tc = tcase_create("rank");
    tcase_add_test(tc, topsis_matches_hwang_yoon_fighter_aircraft);
    tcase_add_test(tc, topsis_matches_tzeng_huang);
    tcase_add_test(tc, wsum_by_hand);
    tcase_add_test(tc, pareto_fronts_by_hand);
    tcase_add_test(tc, pareto_fronts_equal_brute_force_on_random_data);
    tcase_add_test(tc, pareto_fast_ties_by_hand);
    tcase_add_test(tc, ties_keep_row_order_when_no_tied_row_dominates);
    tcase_add_test(tc, tied_row_dominated_by_another_tied_row_goes_after_it);
    tcase_add_test(tc, tie_break_internals);
    tcase_add_test(tc, tie_rules_and_shared_ranks_by_hand);
    tcase_add_test(tc, rank_options_version_1_is_read_up_to_its_fields);
    tcase_add_test(tc, constant_criteria_do_not_divide_by_zero);
    tcase_add_test(tc, missing_values_exclude_or_fail);
    tcase_add_loop_test(tc, kendall_tau_b_matches_scipy, 0, sizeof tau_cases / sizeof tau_cases[0]);
    tcase_add_test(tc, kendall_tau_b_matches_definition);
    tcase_add_test(tc, kendall_tau_b_bad_input);
    tcase_add_test(tc, sensitivity_matches_analytic_flip_probability);
    tcase_add_test(tc, sensitivity_is_the_same_whatever_the_threads);
    tcase_add_test(tc, sensitivity_progress_and_cancel);
    tcase_add_loop_test(tc, ranking_bad_input, 0, sizeof bad_rank / sizeof bad_rank[0]);
    tcase_add_test(tc, ranking_bad_arguments_and_options);
    tcase_add_test(tc, sensitivity_bad_input);
    tcase_add_test(tc, criteria_parse_valid);
    tcase_add_loop_test(tc, criteria_parse_malformed, 0, sizeof bad_criteria / sizeof bad_criteria[0]);
    tcase_add_test(tc, criteria_parse_null_and_method_names);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    TCase *linear = tcase_create("linear");
    tcase_set_timeout(linear, 10);
    tcase_add_test(linear, many_criteria_resolve_in_linear_time);
    suite_add_tcase(s, linear);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
