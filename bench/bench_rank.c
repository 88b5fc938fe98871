/* Ranking figures: time per method on N rows, the Pareto fronts of two and
 * three criteria by sort and sweep or divide and conquer against the
 * pairwise algorithm, Kendall's tau-b in O(n log n) against the O(n^2)
 * definition measured in the same run, and weight sensitivity on 1 thread
 * against all cores. Prints figures; never fails on time. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "accelsel/dataset.h"
#include "accelsel/rank.h"
#include "rank/rank_impl.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* N rows of four criteria in conflict: fast systems cost more. */
static accelsel_dataset *make_dataset(size_t n)
{
    static const char *const names[] = {"time", "thr", "power", "price"};
    double *col = malloc(n * sizeof *col);
    accelsel_dataset *ds = NULL;
    if (col == NULL || accelsel_dataset_new(&ds, n) != 0)
        exit(1);
    srand(1);
    for (int j = 0; j < 4; j++) {
        for (size_t i = 0; i < n; i++) {
            double speed = (double)rand() / RAND_MAX;
            col[i] = j == 0 ? 100.0 / (1 + 9 * speed) : (1 + 9 * speed) * (0.5 + (double)rand() / RAND_MAX);
        }
        if (accelsel_dataset_add_numeric(ds, names[j], col, n) != 0)
            exit(1);
    }
    free(col);
    return ds;
}

static const accelsel_criterion crit[] = {
    {"time", 3, ACCELSEL_CRITERION_COST}, {"thr", 2, ACCELSEL_CRITERION_BENEFIT},
    {"power", 1, ACCELSEL_CRITERION_COST}, {"price", 1, ACCELSEL_CRITERION_COST}};

/* One ranking; fronts = 1 asks for every row's Pareto front as well. */
static double time_rank(const accelsel_dataset *ds, int method, uint32_t fronts, size_t *n_fronts)
{
    accelsel_rank_options o = ACCELSEL_RANK_OPTIONS_INIT;
    o.pareto_fronts = fronts;
    accelsel_ranking *r = NULL;
    double t0 = now();
    if (accelsel_ranking_compute(&r, ds, crit, 4, method, &o) != 0)
        exit(1);
    double dt = now() - t0;
    *n_fronts = accelsel_ranking_front_count(r);
    accelsel_ranking_free(r);
    return dt;
}

/* Each method, then TOPSIS asked for all fronts: the peer that shows what
 * computing fronts for tie-breaking alone used to cost. */
static void bench_methods(size_t n)
{
    accelsel_dataset *ds = make_dataset(n);
    double topsis = 0.0;
    for (int m = ACCELSEL_RANK_TOPSIS; m <= ACCELSEL_RANK_PARETO; m++) {
        size_t nf;
        double dt = time_rank(ds, m, 0, &nf);
        topsis = m == ACCELSEL_RANK_TOPSIS ? dt : topsis;
        printf("rank %-6s N=%-6zu %9.3f ms  (%zu Pareto fronts)\n", accelsel_rank_method_name(m), n,
               1e3 * dt, nf);
    }
    size_t nf;
    double with = time_rank(ds, ACCELSEL_RANK_TOPSIS, 1, &nf);
    printf("rank topsis+fronts N=%-6zu %9.3f ms  (%zu Pareto fronts), %.0fx the time of topsis\n", n,
           1e3 * with, nf, with / topsis);
    accelsel_dataset_free(ds);
}

/* n rows of k oriented criteria (larger is better) in conflict: a row good
 * on one is bad on the others, so there are many fronts. */
static double *conflicting_rows(size_t n, size_t k)
{
    double *x = malloc(n * k * sizeof *x);
    if (x == NULL)
        exit(1);
    for (size_t i = 0; i < n; i++) {
        double speed = (double)rand() / RAND_MAX;
        x[i * k] = speed;
        for (size_t j = 1; j < k; j++)
            x[i * k + j] = -(1 + 9 * speed) * (0.5 + (double)rand() / RAND_MAX);
    }
    return x;
}

/* The fronts of the sweep (k = 2) or divide and conquer (k = 3) against the
 * pairwise algorithm on the same rows; above 10^4 rows the pairwise time is
 * the 10^4 time scaled by (n / 10^4)^2, and said to be. */
static void bench_pareto(size_t n, size_t k, double *pairwise_1e4)
{
    double *x = conflicting_rows(n, k);
    size_t *fast = malloc(3 * n * sizeof *fast), *slow = fast + n, nf = 0;
    if (fast == NULL)
        exit(1);
    double t0 = now();
    if (asel_pareto_fronts_fast(x, k, n, fast, &nf) != 0)
        exit(1);
    double t_fast = now() - t0;
    if (n <= 10000) {
        size_t *scratch = malloc(2 * n * sizeof *scratch);
        if (scratch == NULL)
            exit(1);
        t0 = now();
        size_t nf_slow = asel_pareto_fronts(x, k, NULL, n, slow, scratch, scratch + n);
        double t_slow = now() - t0;
        size_t differ = nf_slow != nf;
        for (size_t i = 0; i < n; i++)
            differ += fast[i] != slow[i];
        if (n == 10000)
            *pairwise_1e4 = t_slow;
        printf("pareto K=%zu N=%-7zu fast %9.3f ms, pairwise %10.3f ms, ratio %7.1fx, %zu fronts, "
               "%zu differences\n",
               k, n, 1e3 * t_fast, 1e3 * t_slow, t_slow / t_fast, nf, differ);
        free(scratch);
    } else {
        double est = *pairwise_1e4 * ((double)n / 1e4) * ((double)n / 1e4);
        printf("pareto K=%zu N=%-7zu fast %9.3f ms, pairwise ~%9.0f ms (estimated: the 10^4 time "
               "x (N / 10^4)^2), ratio ~%.0fx, %zu fronts\n",
               k, n, 1e3 * t_fast, 1e3 * est, est / t_fast, nf);
    }
    free(fast);
    free(x);
}

static double tau_by_definition(const double *x, const double *y, size_t n)
{
    double s = 0, tx = 0, ty = 0, all = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double a = (x[i] > x[j]) - (x[i] < x[j]), b = (y[i] > y[j]) - (y[i] < y[j]);
            s += a * b;
            tx += a == 0;
            ty += b == 0;
            all++;
        }
    return s / sqrt((all - tx) * (all - ty));
}

static void bench_tau(size_t n)
{
    double *x = malloc(2 * n * sizeof *x), *y = x + n;
    if (x == NULL)
        exit(1);
    for (size_t i = 0; i < n; i++) {
        x[i] = rand() % 1000;
        y[i] = x[i] + rand() % 300;
    }
    double fast, slow, t0 = now();
    if (accelsel_kendall_tau_b(x, y, n, &fast) != 0)
        exit(1);
    double t1 = now();
    slow = tau_by_definition(x, y, n);
    double t2 = now();
    printf("tau-b  n=%-6zu merge sort %8.3f ms, definition %9.3f ms, ratio %6.1fx, |diff| %.1e\n", n,
           1e3 * (t1 - t0), 1e3 * (t2 - t1), (t2 - t1) / (t1 - t0), fabs(fast - slow));
    free(x);
}

static void bench_sensitivity(size_t n, uint32_t samples)
{
    accelsel_dataset *ds = make_dataset(n);
    accelsel_ranking *r = NULL;
    if (accelsel_ranking_compute(&r, ds, crit, 4, ACCELSEL_RANK_TOPSIS, NULL) != 0)
        exit(1);
    accelsel_sensitivity_options o = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    o.n_samples = samples;
    double t[2];
    for (int k = 0; k < 2; k++) {
        accelsel_sensitivity *s = NULL;
        o.n_threads = k == 0 ? 1 : 0;
        double t0 = now();
        if (accelsel_sensitivity_compute(&s, r, &o, NULL, NULL) != 0)
            exit(1);
        t[k] = now() - t0;
        printf("sensitivity TOPSIS N=%zu, %u samples, %s: %8.1f ms; tau mean %.4f min %.4f top-1 %.3f\n",
               n, samples, k == 0 ? "1 thread" : "all cores", 1e3 * t[k],
               accelsel_sensitivity_tau_mean(s), accelsel_sensitivity_tau_min(s),
               accelsel_sensitivity_top1_fraction(s));
        accelsel_sensitivity_free(s);
    }
    printf("sensitivity speed-up all cores / 1 thread: %.2fx\n", t[0] / t[1]);
    accelsel_ranking_free(r);
    accelsel_dataset_free(ds);
}

int main(void)
{
    bench_methods(1000);
    bench_methods(10000);
    for (size_t k = 2; k <= 3; k++) {
        double pairwise_1e4 = 0;
        bench_pareto(1000, k, &pairwise_1e4);
        bench_pareto(10000, k, &pairwise_1e4);
        bench_pareto(1000000, k, &pairwise_1e4);
    }
    bench_tau(1000);
    bench_tau(10000);
    bench_sensitivity(1000, 1000);
    return 0;
}
