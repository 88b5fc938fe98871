/* Importance: correlations, PCA, random forest, mutual information, and the
 * dataset-level API. Expected values are worked out by hand in the comments
 * (or are published constants); none is a copy of this library's output. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/dataset.h"
#include "accelsel/importance.h"
#include "core/rng.h"
#include "learn/correlation.h"
#include "learn/forest.h"
#include "learn/mutual_info.h"
#include "testutil.h"

#define TOL 1e-12

static void expect_error(int rc, int code, const char *fragment)
{
    ck_assert_msg(rc == code, "got %s, expected %s (%s)", accelsel_status_name(rc),
                  accelsel_status_name(code), accelsel_last_error()->message);
    ck_assert_msg(strstr(accelsel_last_error()->message, fragment) != NULL,
                  "message '%s' lacks '%s'", accelsel_last_error()->message, fragment);
}

/* ---- correlation ------------------------------------------------------ */

/* x = 1..5, y = 2 4 5 4 5. Means 3 and 4; deviations dx = -2 -1 0 1 2,
 * dy = -2 0 1 0 1: Sxy = 4 + 2 = 6, Sxx = 10, Syy = 6, so
 * r = 6 / sqrt(60) = 0.7745966692414834.
 * Ranks of y with ties averaged: 1, 2.5, 4.5, 2.5, 4.5 (mean 3); deviations
 * -2 -0.5 1.5 -0.5 1.5: Sxy = 4 + 0.5 - 0.5 + 3 = 7, Syy = 9, so
 * rho = 7 / sqrt(90) = 0.7378647873726218. z = 5 4 3 2 1 is x reversed:
 * r(x, z) = -1, r(z, y) = -0.7745966692414834. */
static const double five_x[5] = {1, 2, 3, 4, 5};
static const double five_y[5] = {2, 4, 5, 4, 5};
static const double five_z[5] = {5, 4, 3, 2, 1};
#define R_XY 0.7745966692414834
#define RHO_XY 0.7378647873726218

START_TEST(average_ranks_by_hand)
{
    double r[5];
    ck_assert_int_eq(asel_rank_average(five_y, 5, 1, r), 0);
    const double expect[5] = {1, 2.5, 4.5, 2.5, 4.5};
    for (int i = 0; i < 5; i++)
        ck_assert_double_eq(r[i], expect[i]);
}
END_TEST

START_TEST(correlation_five_points_by_hand)
{
    double m[15], x[10];
    for (int i = 0; i < 5; i++) {
        m[3 * i] = five_x[i];
        m[3 * i + 1] = five_z[i];
        m[3 * i + 2] = five_y[i];
        x[2 * i] = five_x[i];
        x[2 * i + 1] = five_z[i];
    }
    double p[9], s[9];
    ck_assert_int_eq(asel_pearson_matrix(m, 5, 3, p), 0);
    ck_assert_int_eq(asel_spearman_matrix(m, 5, 3, s), 0);
    ck_assert_double_eq(p[0], 1.0);
    ck_assert_double_eq_tol(p[1], -1.0, TOL);
    ck_assert_double_eq_tol(p[2], R_XY, TOL);
    ck_assert_double_eq_tol(p[5], -R_XY, TOL);
    ck_assert_double_eq_tol(p[6], R_XY, TOL); /* symmetric */
    ck_assert_double_eq_tol(s[2], RHO_XY, TOL);
    ck_assert_double_eq_tol(s[5], -RHO_XY, TOL);

    /* The same through the public API, the target last. */
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.measures = ACCELSEL_IMPORTANCE_CORRELATION;
    accelsel_importance *imp = NULL;
    const char *names[2] = {"x", "z"};
    ck_assert_int_eq(accelsel_importance_compute_matrix(&imp, x, 5, 2, five_y, names, NULL, &o), 0);
    ck_assert_double_eq_tol(accelsel_importance_value(imp, ACCELSEL_MEASURE_PEARSON, 0), R_XY, TOL);
    ck_assert_double_eq_tol(accelsel_importance_value(imp, ACCELSEL_MEASURE_SPEARMAN, 1), -RHO_XY, TOL);
    double v = 0;
    ck_assert_int_eq(accelsel_importance_value_by_name(imp, ACCELSEL_MEASURE_SPEARMAN, "x", &v), 0);
    ck_assert_double_eq_tol(v, RHO_XY, TOL);
    const double *c = accelsel_importance_correlation(imp, ACCELSEL_MEASURE_PEARSON);
    ck_assert_double_eq_tol(c[0 * 3 + 1], -1.0, TOL);
    ck_assert_ptr_null(accelsel_importance_values(imp, ACCELSEL_MEASURE_IMPURITY));
    ck_assert_ptr_null(accelsel_importance_pca(imp));
    ck_assert(isnan(accelsel_importance_oob_r2(imp)));
    expect_error(accelsel_importance_value_by_name(imp, ACCELSEL_MEASURE_MUTUAL_INFO, "x", &v),
                 ACCELSEL_ENOTFOUND, "mutual_info");
    expect_error(accelsel_importance_value_by_name(imp, ACCELSEL_MEASURE_PEARSON, "w", &v),
                 ACCELSEL_ENOTFOUND, "'w'");
    ck_assert_uint_eq(accelsel_importance_measures(imp), ACCELSEL_IMPORTANCE_CORRELATION);
    accelsel_importance_free(imp);
}
END_TEST

/* ---- PCA ----------------------------------------------------------------- */

/* Points (0,0) (1,1) (2,1) (3,4): mean (1.5, 1.5), deviations
 * dx = -1.5 -0.5 0.5 1.5, dy = -1.5 -0.5 -0.5 2.5, so Sxx = 5, Syy = 9,
 * Sxy = 6 and the covariance is [[5, 6], [6, 9]] / 3. The eigenvalues of
 * [[5, 6], [6, 9]] are 7 +- sqrt(4 + 36) = 7 +- 2 sqrt(10), so the explained
 * variances are (7 +- 2 sqrt(10)) / 3 and the ratios (7 +- 2 sqrt(10)) / 14.
 * The first axis is along (6, 2 + 2 sqrt(10)), the second along
 * (2 + 2 sqrt(10), -6). Signs: on the first axis row 3 has the largest
 * |score| (1.5 * 0.585 + 2.5 * 0.811 = 2.91) and it is positive; on the
 * second, row 2 (0.5 * 0.811 + 0.5 * 0.585 = 0.70), positive too. */
static const double pca_pts[8] = {0, 0, 1, 1, 2, 1, 3, 4};

START_TEST(pca_two_by_two_by_hand)
{
    accelsel_pca *p = NULL;
    ck_assert_int_eq(accelsel_pca_fit(&p, pca_pts, 4, 2, 0), 0);
    ck_assert_uint_eq(accelsel_pca_n_components(p), 2);
    ck_assert_uint_eq(accelsel_pca_n_features(p), 2);
    double s = sqrt(10.0), norm = sqrt(36.0 + (2 + 2 * s) * (2 + 2 * s));
    const double *ev = accelsel_pca_explained_variance(p);
    const double *ratio = accelsel_pca_explained_variance_ratio(p);
    ck_assert_double_eq_tol(ev[0], (7 + 2 * s) / 3, TOL);
    ck_assert_double_eq_tol(ev[1], (7 - 2 * s) / 3, TOL);
    ck_assert_double_eq_tol(ratio[0], (7 + 2 * s) / 14, TOL);
    ck_assert_double_eq_tol(ratio[1], (7 - 2 * s) / 14, TOL);
    ck_assert_double_eq_tol(accelsel_pca_total_variance(p), 14.0 / 3, TOL);
    const double *c = accelsel_pca_components(p);
    ck_assert_double_eq_tol(c[0], 6 / norm, TOL);
    ck_assert_double_eq_tol(c[1], (2 + 2 * s) / norm, TOL);
    ck_assert_double_eq_tol(c[2], (2 + 2 * s) / norm, TOL);
    ck_assert_double_eq_tol(c[3], -6 / norm, TOL);
    const double *l = accelsel_pca_loadings(p);
    ck_assert_double_eq_tol(l[1], (2 + 2 * s) / norm * sqrt((7 + 2 * s) / 3), TOL);
    ck_assert_double_eq_tol(accelsel_pca_mean(p)[0], 1.5, TOL);
    /* Scores of row 3, deviation (1.5, 2.5). */
    double scores[8];
    ck_assert_int_eq(accelsel_pca_transform(p, pca_pts, 4, 2, scores, 8), 0);
    ck_assert_double_eq_tol(scores[6], (1.5 * 6 + 2.5 * (2 + 2 * s)) / norm, TOL);
    ck_assert_double_eq_tol(scores[7], (1.5 * (2 + 2 * s) - 2.5 * 6) / norm, TOL);
    expect_error(accelsel_pca_transform(p, pca_pts, 4, 2, scores, 7), ACCELSEL_EINVAL, "capacity");
    expect_error(accelsel_pca_transform(p, pca_pts, 4, 3, scores, 8), ACCELSEL_EINVAL, "cols");
    accelsel_pca_free(p);

    /* One component only: the first of the above. */
    ck_assert_int_eq(accelsel_pca_fit(&p, pca_pts, 4, 2, 1), 0);
    ck_assert_uint_eq(accelsel_pca_n_components(p), 1);
    ck_assert_double_eq_tol(accelsel_pca_explained_variance_ratio(p)[0], (7 + 2 * s) / 14, TOL);
    accelsel_pca_free(p);
}
END_TEST

START_TEST(pca_bad_input)
{
    accelsel_pca *p = (accelsel_pca *)1;
    expect_error(accelsel_pca_fit(NULL, pca_pts, 4, 2, 0), ACCELSEL_EINVAL, "out");
    expect_error(accelsel_pca_fit(&p, NULL, 4, 2, 0), ACCELSEL_EINVAL, "matrix");
    ck_assert_ptr_null(p);
    expect_error(accelsel_pca_fit(&p, pca_pts, 1, 2, 0), ACCELSEL_EEMPTY, "2 rows");
    expect_error(accelsel_pca_fit(&p, pca_pts, 4, 2, 3), ACCELSEL_EINVAL, "n_components");
    double bad[8] = {0, 0, 1, NAN, 2, 1, 3, 4};
    expect_error(accelsel_pca_fit(&p, bad, 4, 2, 0), ACCELSEL_EDATA, "row 1, column 1");
    bad[3] = INFINITY;
    expect_error(accelsel_pca_fit(&p, bad, 4, 2, 0), ACCELSEL_EDATA, "not finite");
    const double flat[6] = {1, 2, 1, 2, 1, 2};
    expect_error(accelsel_pca_fit(&p, flat, 3, 2, 0), ACCELSEL_EDATA, "constant");
    ck_assert_ptr_null(p);
    ck_assert_uint_eq(accelsel_pca_n_components(NULL), 0);
    ck_assert_ptr_null(accelsel_pca_components(NULL));
    ck_assert(isnan(accelsel_pca_total_variance(NULL)));
    expect_error(accelsel_pca_transform(NULL, pca_pts, 4, 2, bad, 8), ACCELSEL_EINVAL, "pca");
    accelsel_pca_free(NULL);
}
END_TEST

/* ---- trees and forest ------------------------------------------------------ */

static asel_forest_params one_tree(size_t min_leaf)
{
    asel_forest_params p = {1, 0, min_leaf, 1, 0, 1};
    return p;
}

/* x = 1 2 3 4, y = 1 1 5 5: the best split is between 2 and 3 (threshold
 * 2.5), leaving pure leaves of means 1 and 5. The root's impurity is the
 * variance 4 over weight 4; the leaves have none: decrease 4 x 4 = 16. */
START_TEST(tree_split_by_hand)
{
    const double x[4] = {1, 2, 3, 4}, y[4] = {1, 1, 5, 5};
    const uint32_t w[4] = {1, 1, 1, 1};
    asel_forest_params pr = one_tree(1);
    asel_rng rng;
    asel_rng_seed(&rng, 1);
    asel_tree t = {NULL, 0, 0};
    double dec[1] = {0};
    ck_assert_int_eq(asel_tree_grow(&t, x, y, 4, 1, w, &pr, &rng, dec), 0);
    ck_assert_uint_eq(t.n_nodes, 3);
    ck_assert_double_eq(t.nodes[0].threshold, 2.5);
    ck_assert_double_eq(dec[0], 16.0);
    const double q[4] = {-10, 2.5, 2.6, 99};
    ck_assert_double_eq(asel_tree_predict(&t, &q[0]), 1.0);
    ck_assert_double_eq(asel_tree_predict(&t, &q[1]), 1.0);
    ck_assert_double_eq(asel_tree_predict(&t, &q[2]), 5.0);
    ck_assert_double_eq(asel_tree_predict(&t, &q[3]), 5.0);
    asel_tree_free(&t);
}
END_TEST

/* y = 0 0 0 10: unconstrained, the best first split isolates the 10
 * (threshold 3.5, squared error 0). With min_samples_leaf 2 only the 2 | 2
 * split is allowed (threshold 2.5, leaf means 0 and 5), and the leaves of
 * two rows cannot be split again. Bootstrap weights count: row 3 drawn
 * twice makes the right leaf's mean (0 + 2 x 10) / 3. */
START_TEST(tree_min_samples_leaf_and_weights)
{
    const double x[4] = {1, 2, 3, 4}, y[4] = {0, 0, 0, 10};
    uint32_t w[4] = {1, 1, 1, 1};
    asel_rng rng;
    asel_rng_seed(&rng, 1);
    double dec[1] = {0};
    asel_forest_params pr = one_tree(1);
    asel_tree t = {NULL, 0, 0};
    ck_assert_int_eq(asel_tree_grow(&t, x, y, 4, 1, w, &pr, &rng, dec), 0);
    ck_assert_double_eq(t.nodes[0].threshold, 3.5);
    asel_tree_free(&t);

    pr = one_tree(2);
    w[3] = 2;
    ck_assert_int_eq(asel_tree_grow(&t, x, y, 4, 1, w, &pr, &rng, dec), 0);
    ck_assert_uint_eq(t.n_nodes, 3);
    ck_assert_double_eq(t.nodes[0].threshold, 2.5);
    const double q = 4;
    ck_assert_double_eq_tol(asel_tree_predict(&t, &q), 20.0 / 3, TOL);
    asel_tree_free(&t);
}
END_TEST

#define SYN_N 400
#define SYN_P 6

/* Six uniform features; only x1 and x4 drive the target:
 * y = 4 x1 + 3 sin(pi x4) + N(0, 0.1^2). */
static void synthetic(double *x, double *y)
{
    asel_rng r;
    asel_rng_seed(&r, 2024);
    for (size_t i = 0; i < SYN_N; i++) {
        for (size_t j = 0; j < SYN_P; j++)
            x[i * SYN_P + j] = asel_rng_uniform(&r);
        y[i] = 4 * x[i * SYN_P + 1] + 3 * sin(3.14159265358979323846 * x[i * SYN_P + 4]) +
               0.1 * asel_rng_normal(&r);
    }
}

/* Indices of the two largest values. */
static void top_two(const double *v, size_t n, size_t *a, size_t *b)
{
    *a = v[0] >= v[1] ? 0 : 1;
    *b = 1 - *a;
    for (size_t j = 2; j < n; j++) {
        if (v[j] > v[*a]) {
            *b = *a;
            *a = j;
        } else if (v[j] > v[*b]) {
            *b = j;
        }
    }
}

static int is_driver(size_t j)
{
    return j == 1 || j == 4;
}

START_TEST(forest_finds_the_two_drivers)
{
    static double x[SYN_N * SYN_P], y[SYN_N];
    synthetic(x, y);
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.measures = ACCELSEL_IMPORTANCE_FOREST | ACCELSEL_IMPORTANCE_MUTUAL_INFO;
    o.seed = 7;
    o.n_trees = 60;
    for (uint32_t rows = ACCELSEL_PERMUTATION_OOB; rows <= ACCELSEL_PERMUTATION_TRAIN; rows++) {
        o.permutation_rows = rows;
        accelsel_importance *imp = NULL;
        ck_assert_int_eq(accelsel_importance_compute_matrix(&imp, x, SYN_N, SYN_P, y, NULL, NULL, &o), 0);
        const int measures[3] = {ACCELSEL_MEASURE_PERMUTATION, ACCELSEL_MEASURE_IMPURITY,
                                 ACCELSEL_MEASURE_MUTUAL_INFO};
        for (int m = 0; m < 3; m++) {
            const double *v = accelsel_importance_values(imp, measures[m]);
            size_t a, b;
            top_two(v, SYN_P, &a, &b);
            ck_assert_msg(is_driver(a) && is_driver(b), "measure %d ranks x%zu, x%zu first",
                          measures[m], a, b);
            /* A feature the target ignores loses (almost) nothing when shuffled. */
            for (size_t j = 0; measures[m] == ACCELSEL_MEASURE_PERMUTATION && j < SYN_P; j++)
                if (!is_driver(j))
                    ck_assert_double_lt(v[j], 0.1 * v[b]);
        }
        /* Impurity importances are shares of the total decrease. */
        double sum = 0;
        for (size_t j = 0; j < SYN_P; j++)
            sum += accelsel_importance_value(imp, ACCELSEL_MEASURE_IMPURITY, j);
        ck_assert_double_eq_tol(sum, 1.0, 1e-12);
        /* The target is a smooth function of x plus 0.1 noise of variance
         * 0.01 against var(y) about 2.3: a forest explains most of it. */
        ck_assert_double_gt(accelsel_importance_oob_r2(imp), 0.8);
        ck_assert_str_eq(accelsel_importance_feature_name(imp, 4), "x4");
        accelsel_importance_free(imp);
    }
}
END_TEST

START_TEST(forest_predicts_a_step)
{
    /* y is 1 for x < 0.5 and 3 above: every tree splits near 0.5, so far
     * from the step the prediction is exact. */
    double x[40], y[40];
    for (int i = 0; i < 40; i++) {
        x[i] = i / 40.0;
        y[i] = x[i] < 0.5 ? 1.0 : 3.0;
    }
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.measures = ACCELSEL_IMPORTANCE_FOREST;
    o.n_trees = 20;
    accelsel_importance *imp = NULL;
    ck_assert_int_eq(accelsel_importance_compute_matrix(&imp, x, 40, 1, y, NULL, NULL, &o), 0);
    const double q[2] = {0.1, 0.9};
    double pred[2];
    ck_assert_int_eq(accelsel_importance_predict(imp, q, 2, 1, pred, 2), 0);
    ck_assert_double_eq(pred[0], 1.0);
    ck_assert_double_eq(pred[1], 3.0);
    expect_error(accelsel_importance_predict(imp, q, 2, 2, pred, 2), ACCELSEL_EINVAL, "cols");
    expect_error(accelsel_importance_predict(imp, q, 2, 1, pred, 1), ACCELSEL_EINVAL, "capacity");
    ck_assert_double_eq(accelsel_importance_value(imp, ACCELSEL_MEASURE_IMPURITY, 0), 1.0);
    accelsel_importance_free(imp);
}
END_TEST

START_TEST(same_results_whatever_the_threads)
{
    static double x[SYN_N * SYN_P], y[SYN_N];
    synthetic(x, y);
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_trees = 24;
    o.n_repeats = 3;
    o.seed = 99;
    accelsel_importance *imp[2] = {NULL, NULL};
    const uint32_t threads[2] = {1, 8};
    for (int k = 0; k < 2; k++) {
        o.n_threads = threads[k];
        ck_assert_int_eq(accelsel_importance_compute_matrix(&imp[k], x, SYN_N, SYN_P, y, NULL, NULL, &o), 0);
    }
    for (int m = 1; m <= ACCELSEL_MEASURE_COUNT; m++)
        ck_assert_mem_eq(accelsel_importance_values(imp[0], m), accelsel_importance_values(imp[1], m),
                         SYN_P * sizeof(double));
    double a = accelsel_importance_oob_r2(imp[0]), b = accelsel_importance_oob_r2(imp[1]);
    ck_assert_mem_eq(&a, &b, sizeof a);
    /* A different seed gives a different forest. */
    o.seed = 100;
    accelsel_importance *other = NULL;
    ck_assert_int_eq(accelsel_importance_compute_matrix(&other, x, SYN_N, SYN_P, y, NULL, NULL, &o), 0);
    ck_assert(memcmp(accelsel_importance_values(imp[0], ACCELSEL_MEASURE_IMPURITY),
                     accelsel_importance_values(other, ACCELSEL_MEASURE_IMPURITY),
                     SYN_P * sizeof(double)) != 0);
    accelsel_importance_free(other);
    accelsel_importance_free(imp[0]);
    accelsel_importance_free(imp[1]);
}
END_TEST

/* ---- mutual information -------------------------------------------------- */

START_TEST(digamma_published_values)
{
    /* Abramowitz and Stegun 6.3.2-6.3.4: psi(1) = -gamma,
     * psi(1/2) = -gamma - 2 ln 2, psi(n) = -gamma + sum_{k<n} 1/k. */
    const double g = 0.57721566490153286061;
    ck_assert_double_eq_tol(asel_digamma(1.0), -g, 1e-15);
    ck_assert_double_eq_tol(asel_digamma(0.5), -g - 2 * log(2.0), 1e-14);
    ck_assert_double_eq_tol(asel_digamma(4.0), -g + 1 + 0.5 + 1.0 / 3, 1e-15);
    double h = 0;
    for (int k = 1; k < 1000; k++)
        h += 1.0 / k;
    ck_assert_double_eq_tol(asel_digamma(1000.0), -g + h, 1e-12);
}
END_TEST

/* KSG with k = 1 on four points, worked by hand (counts include the point):
 * - on the diagonal (0,0) (1,1) (2,2) (3,3) every nearest neighbour is at
 *   max-norm distance 1 and no other point is strictly closer in x or in y:
 *   all counts 1, I = psi(4) + psi(1) - psi(1) - psi(1) = 1 + 1/2 + 1/3;
 * - for (0,0) (1,2) (2,1) (3,3) the distances to the nearest neighbour are
 *   2, 1, 1, 2; within them the marginal counts are 2, 1, 1, 2 in x and the
 *   same in y, so I = psi(4) + psi(1) - 2 (psi(2) + psi(1)) / 2
 *   = psi(4) - psi(2) = 1/2 + 1/3. */
START_TEST(ksg_by_hand)
{
    const double x[4] = {0, 1, 2, 3}, y1[4] = {0, 1, 2, 3}, y2[4] = {0, 2, 1, 3};
    double mi;
    ck_assert_int_eq(asel_mi_ksg(x, 1, y1, 4, 1, &mi), 0);
    ck_assert_double_eq_tol(mi, 1 + 0.5 + 1.0 / 3, TOL);
    ck_assert_int_eq(asel_mi_ksg(x, 1, y2, 4, 1, &mi), 0);
    ck_assert_double_eq_tol(mi, 0.5 + 1.0 / 3, TOL);
}
END_TEST

/* Ross's estimator with k = 1: labels 0 0 1 1 and values 0 1 10 12, plus a
 * point labelled 2 (value 5) which is alone and left out. Each point's
 * neighbour in its label is at 1, 1, 2, 2; no other kept point is strictly
 * closer, so m = 1 for all, N = 4, N_L = 2, k = 1:
 * I = psi(4) + psi(1) - psi(2) - psi(1) = 1/2 + 1/3. */
START_TEST(mixed_by_hand)
{
    const double d[5] = {0, 0, 1, 1, 2}, c[5] = {0, 1, 10, 12, 5};
    double mi;
    ck_assert_int_eq(asel_mi_mixed(d, 1, c, 5, 1, &mi), 0);
    ck_assert_double_eq_tol(mi, 0.5 + 1.0 / 3, TOL);
    /* Every label alone: nothing to estimate from. */
    const double lone[3] = {0, 1, 2};
    ck_assert_int_eq(asel_mi_mixed(lone, 1, c, 3, 1, &mi), 0);
    ck_assert_double_eq(mi, 0.0);
}
END_TEST

/* ---- units ----------------------------------------------------------- */

/* Every measure is free of the columns' units. x = 1 2 4 8 16 32 and
 * y = 1 2 3 4 5 7: means 10.5 and 11/3, deviations -9.5 -8.5 -6.5 -2.5 5.5
 * 21.5 and (-8 -5 -2 1 4 10) / 3, so Sxx = 703.5, Syy = 210 / 9 = 70 / 3,
 * Sxy = (76 + 42.5 + 13 - 2.5 + 22 + 215) / 3 = 122 and
 * r = 122 / sqrt(703.5 * 70 / 3). The standardised PCA of (x, y) is that of
 * the correlation matrix [[1, r], [r, 1]]: explained variances 1 + r and
 * 1 - r. x times 1e200 or 1e-170 once gave sums of squares that overflowed
 * or vanished: Pearson 0 or NaN, "every column is constant", a NaN forest
 * R^2. (No x is a midpoint of two others, so that no row falls on a tree's
 * threshold, where rounding the scaled values could send it either way.) */
static const double unit_x[6] = {1, 2, 4, 8, 16, 32}, unit_y[6] = {1, 2, 3, 4, 5, 7};
#define R_UNIT (122.0 / sqrt(703.5 * 70.0 / 3.0))

static accelsel_importance *every_measure(const double *x, size_t p, const double *y)
{
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_trees = 20;
    accelsel_importance *imp = NULL;
    ck_assert_int_eq(accelsel_importance_compute_matrix(&imp, x, 6, p, y, NULL, NULL, &o), 0);
    return imp;
}

static void same_value(double got, double want, const char *what)
{
    ck_assert_msg(fabs(got - want) <= 1e-12 * fabs(want), "%s: %.17g, not %.17g", what, got, want);
}

/* Every measure of feature 0, and the OOB R^2, agree to 1e-12 relative. */
static void same_measures(const accelsel_importance *a, const accelsel_importance *b)
{
    for (int m = ACCELSEL_MEASURE_PEARSON; m <= ACCELSEL_MEASURE_COUNT; m++)
        same_value(accelsel_importance_value(a, m, 0), accelsel_importance_value(b, m, 0),
                   accelsel_importance_measure_name(m));
    same_value(accelsel_importance_oob_r2(a), accelsel_importance_oob_r2(b), "OOB R^2");
}

START_TEST(measures_do_not_depend_on_units)
{
    const double scales[2] = {1e200, 1e-170};
    double xy[12], x[6];
    for (int i = 0; i < 6; i++) {
        xy[2 * i] = unit_x[i];
        xy[2 * i + 1] = unit_y[i];
    }
    accelsel_importance *plain_feature = every_measure(xy, 2, unit_y),
                        *plain_target = every_measure(unit_y, 1, unit_x);
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 6; i++)
            x[i] = xy[2 * i] = unit_x[i] * scales[k];
        /* x as a feature, beside y, with y the target. */
        accelsel_importance *imp = every_measure(xy, 2, unit_y);
        same_value(accelsel_importance_value(imp, ACCELSEL_MEASURE_PEARSON, 0), R_UNIT, "Pearson");
        const double *ev = accelsel_pca_explained_variance(accelsel_importance_pca(imp));
        same_value(ev[0], 1 + R_UNIT, "first explained variance");
        same_value(ev[1], 1 - R_UNIT, "second explained variance");
        same_measures(imp, plain_feature);
        accelsel_importance_free(imp);
        /* x as the target of y. */
        imp = every_measure(unit_y, 1, x);
        same_value(accelsel_importance_value(imp, ACCELSEL_MEASURE_PEARSON, 0), R_UNIT, "Pearson");
        same_measures(imp, plain_target);
        accelsel_importance_free(imp);
    }
    accelsel_importance_free(plain_feature);
    accelsel_importance_free(plain_target);
}
END_TEST

/* ---- dataset API -------------------------------------------------------- */

/* Columns: x, z (as above), y the target with a sixth row missing, a
 * categorical "kind" and a constant "flat". */
static accelsel_dataset *small_dataset(void)
{
    accelsel_dataset *ds = NULL;
    const double x[6] = {1, 2, 3, 4, 5, 6}, z[6] = {5, 4, 3, 2, 1, 0};
    const double y[6] = {2, 4, 5, 4, 5, NAN}, flat[6] = {7, 7, 7, 7, 7, 7};
    const double inf[6] = {1, 2, INFINITY, 4, 5, 6}, none[6] = {NAN, NAN, NAN, NAN, NAN, NAN};
    const char *kind[6] = {"a", "b", "a", "b", "a", "b"};
    if (accelsel_dataset_new(&ds, 6) != 0 || accelsel_dataset_add_numeric(ds, "x", x, 6) != 0 ||
        accelsel_dataset_add_numeric(ds, "z", z, 6) != 0 ||
        accelsel_dataset_add_numeric(ds, "y", y, 6) != 0 ||
        accelsel_dataset_add_categorical(ds, "kind", kind, 6) != 0 ||
        accelsel_dataset_add_numeric(ds, "flat", flat, 6) != 0 ||
        accelsel_dataset_add_numeric(ds, "inf", inf, 6) != 0 ||
        accelsel_dataset_add_numeric(ds, "none", none, 6) != 0) {
        accelsel_dataset_free(ds);
        return NULL;
    }
    return ds;
}

START_TEST(dataset_drops_missing_target_and_names_features)
{
    accelsel_dataset *ds = small_dataset();
    ck_assert_ptr_nonnull(ds);
    const char *cols[3] = {"x", "z", "kind"};
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.mi_neighbors = 2;
    o.n_trees = 10;
    accelsel_importance *imp = NULL;
    ck_assert_int_eq(accelsel_importance_compute(&imp, ds, cols, 3, "y", &o), 0);
    /* Row 6 has no target; the rest are the five points worked above, and a
     * z-score does not change a correlation. */
    ck_assert_uint_eq(accelsel_importance_rows(imp), 5);
    ck_assert_uint_eq(accelsel_importance_n_features(imp), 4);
    ck_assert_str_eq(accelsel_importance_feature_name(imp, 2), "kind=a");
    ck_assert_str_eq(accelsel_importance_target_name(imp), "y");
    ck_assert_ptr_nonnull(accelsel_importance_features(imp));
    size_t j = 9;
    ck_assert_int_eq(accelsel_importance_feature_index(imp, "kind=b", &j), 0);
    ck_assert_uint_eq(j, 3);
    ck_assert_double_eq_tol(accelsel_importance_value(imp, ACCELSEL_MEASURE_PEARSON, 0), R_XY, TOL);
    ck_assert_double_eq_tol(accelsel_importance_value(imp, ACCELSEL_MEASURE_SPEARMAN, 1), -RHO_XY, TOL);
    /* kind=a on rows 1 3 5 (y 2 5 5) against kind=b (y 4 4): point-biserial
     * r = (mean_a - mean_b) sqrt(p q) / sd_pop(y) with mean_a = 4,
     * mean_b = 4: exactly 0. */
    ck_assert_double_eq_tol(accelsel_importance_value(imp, ACCELSEL_MEASURE_PEARSON, 2), 0.0, TOL);
    /* PCA of 4 standardised features over 5 rows: x and z are collinear,
     * kind=a and kind=b are too, so two components carry everything. */
    const accelsel_pca *p = accelsel_importance_pca(imp);
    ck_assert_uint_eq(accelsel_pca_n_components(p), 4);
    ck_assert_double_eq_tol(accelsel_pca_total_variance(p), 4.0, TOL);
    const double *ratio = accelsel_pca_explained_variance_ratio(p);
    ck_assert_double_eq_tol(ratio[0] + ratio[1], 1.0, 1e-12);

    double pred[6];
    size_t n_out = 0, rows[6];
    ck_assert_int_eq(accelsel_importance_predict_dataset(imp, ds, pred, 6, &n_out, rows), 0);
    ck_assert_uint_eq(n_out, 6); /* the target is not needed to predict */
    for (size_t i = 0; i < n_out; i++)
        ck_assert(pred[i] >= 2.0 && pred[i] <= 5.0); /* means of observed targets */

    accelsel_dataset *table = NULL;
    ck_assert_int_eq(accelsel_importance_to_dataset(&table, imp), 0);
    ck_assert_uint_eq(accelsel_dataset_rows(table), 4);
    ck_assert_uint_eq(accelsel_dataset_cols(table), 1 + ACCELSEL_MEASURE_COUNT);
    ck_assert_str_eq(accelsel_dataset_string(table, 2, 0), "kind=a");
    size_t col;
    ck_assert_int_eq(accelsel_dataset_column_index(table, "pearson", &col), 0);
    ck_assert_double_eq_tol(accelsel_dataset_number(table, 0, col), R_XY, TOL);
    accelsel_dataset_free(table);
    accelsel_importance_free(imp);
    accelsel_dataset_free(ds);
}
END_TEST

typedef struct bad_case {
    const char *cols[3];
    size_t n;
    const char *target;
    int code;
    const char *fragment;
} bad_case;

static const bad_case bad_inputs[] = {
    {{"x", "nosuch"}, 2, "y", ACCELSEL_ENOTFOUND, "nosuch"},
    {{"x"}, 1, "nosuch_target", ACCELSEL_ENOTFOUND, "nosuch_target"},
    {{"x"}, 1, "kind", ACCELSEL_ETYPE, "'kind'"},
    {{"x", "flat"}, 2, "y", ACCELSEL_EDATA, "flat"},
    {{"x", "inf"}, 2, "y", ACCELSEL_EDATA, "inf"},
    {{"x"}, 1, "inf", ACCELSEL_EDATA, "target 'inf'"},
    {{"x"}, 1, "flat", ACCELSEL_EDATA, "target 'flat'"},
    {{"x"}, 1, "none", ACCELSEL_EEMPTY, "'none'"},
    {{"x", "none"}, 2, "y", ACCELSEL_EEMPTY, ""},
    {{"x", "y"}, 2, "y", ACCELSEL_EINVAL, "also a feature"},
};

START_TEST(dataset_bad_input)
{
    const bad_case *c = &bad_inputs[_i];
    accelsel_dataset *ds = small_dataset();
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_trees = 5;
    o.mi_neighbors = 2;
    accelsel_importance *imp = (accelsel_importance *)1;
    expect_error(accelsel_importance_compute(&imp, ds, c->cols, c->n, c->target, &o), c->code,
                 c->fragment);
    ck_assert_ptr_null(imp);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(matrix_bad_input_and_options)
{
    double x[10], y[5];
    for (int i = 0; i < 5; i++) {
        x[2 * i] = five_x[i];
        x[2 * i + 1] = five_z[i] * five_z[i];
        y[i] = five_y[i];
    }
    accelsel_importance *imp = (accelsel_importance *)1;
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_trees = 4;
    o.mi_neighbors = 2;
    expect_error(accelsel_importance_compute_matrix(NULL, x, 5, 2, y, NULL, NULL, &o), ACCELSEL_EINVAL, "out");
    expect_error(accelsel_importance_compute_matrix(&imp, NULL, 5, 2, y, NULL, NULL, &o), ACCELSEL_EINVAL, "matrix");
    ck_assert_ptr_null(imp);
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, NULL, NULL, NULL, &o), ACCELSEL_EINVAL, "target");
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 0, y, NULL, NULL, &o), ACCELSEL_EINVAL, "cols");
    const char *dup[2] = {"a", "a"}, *empty[2] = {"a", ""};
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, dup, NULL, &o), ACCELSEL_EINVAL, "'a' is repeated");
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, empty, NULL, &o), ACCELSEL_EINVAL, "name 1");
    expect_error(accelsel_importance_compute_matrix(&imp, x, 1, 2, y, NULL, NULL, &o), ACCELSEL_EEMPTY, "1 rows");
    /* mi_neighbors 2 needs 3 rows. */
    expect_error(accelsel_importance_compute_matrix(&imp, x, 2, 2, y, NULL, NULL, &o), ACCELSEL_EEMPTY, "3 needed");
    x[3] = NAN;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &o), ACCELSEL_EDATA, "'x1' has the non-finite value nan at row 1");
    x[3] = 16;
    y[4] = -INFINITY;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &o), ACCELSEL_EDATA, "target 'target'");
    y[4] = 5;

    accelsel_importance_options bad = o;
    bad.n_trees = 0;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'n_trees'");
    bad = o;
    bad.min_samples_leaf = 0;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'min_samples_leaf'");
    bad = o;
    bad.max_features = 1.5;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'max_features'");
    ck_assert_str_eq(accelsel_last_error()->field, "max_features");
    /* Breiman's default for regression, a third of the features, is the INIT's. */
    ck_assert_double_eq(o.max_features, 1.0 / 3.0);
    bad = o;
    bad.n_repeats = 0;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'n_repeats'");
    bad = o;
    bad.mi_neighbors = 0;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'mi_neighbors'");
    bad = o;
    bad.measures = 0x10;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'measures'");
    bad = o;
    bad.permutation_rows = 2;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'permutation_rows'");
    bad = o;
    bad.missing = 0;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EINVAL, "'missing'");
    bad = o;
    bad.version = 99;
    expect_error(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &bad), ACCELSEL_EVERSION, "99");
    ck_assert_ptr_null(imp);
    ck_assert_int_eq(accelsel_importance_compute_matrix(&imp, x, 5, 2, y, NULL, NULL, &o), 0);
    accelsel_importance_free(imp);
}
END_TEST

START_TEST(dataset_null_arguments)
{
    accelsel_dataset *ds = small_dataset();
    const char *cols[1] = {"x"};
    accelsel_importance *imp = NULL;
    expect_error(accelsel_importance_compute(NULL, ds, cols, 1, "y", NULL), ACCELSEL_EINVAL, "out");
    expect_error(accelsel_importance_compute(&imp, NULL, cols, 1, "y", NULL), ACCELSEL_EINVAL, "ds");
    expect_error(accelsel_importance_compute(&imp, ds, NULL, 1, "y", NULL), ACCELSEL_EINVAL, "feature_columns");
    expect_error(accelsel_importance_compute(&imp, ds, cols, 1, NULL, NULL), ACCELSEL_EINVAL, "target_column");
    expect_error(accelsel_importance_compute(&imp, ds, cols, 0, "y", NULL), ACCELSEL_EINVAL, "no feature");
    expect_error(accelsel_importance_compute_features(&imp, ds, NULL, "y", NULL), ACCELSEL_EINVAL, "features");
    ck_assert_uint_eq(accelsel_importance_n_features(NULL), 0);
    ck_assert_ptr_null(accelsel_importance_feature_name(NULL, 0));
    ck_assert_ptr_null(accelsel_importance_values(NULL, 1));
    ck_assert(isnan(accelsel_importance_value(NULL, 1, 0)));
    ck_assert_ptr_null(accelsel_importance_measure_name(0));
    ck_assert_str_eq(accelsel_importance_measure_name(ACCELSEL_MEASURE_MUTUAL_INFO), "mutual_info");
    expect_error(accelsel_importance_to_dataset(NULL, NULL), ACCELSEL_EINVAL, "out");
    accelsel_importance_free(NULL);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(compute_with_a_fitted_transform)
{
    accelsel_dataset *ds = small_dataset();
    const char *cols[2] = {"x", "z"};
    const int transforms[2] = {ACCELSEL_TRANSFORM_LOG10, ACCELSEL_TRANSFORM_NONE};
    accelsel_features *f = NULL;
    /* z has a 0 in row 6, whose target is missing: fit on rows 1-5 only. */
    accelsel_dataset *sub = NULL;
    const size_t rows[5] = {0, 1, 2, 3, 4};
    ck_assert_int_eq(accelsel_dataset_select_rows(&sub, ds, rows, 5), 0);
    ck_assert_int_eq(accelsel_features_fit(&f, sub, cols, transforms, 2, NULL), 0);
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.measures = ACCELSEL_IMPORTANCE_CORRELATION;
    accelsel_importance *imp = NULL;
    ck_assert_int_eq(accelsel_importance_compute_features(&imp, ds, f, "y", &o), 0);
    /* Spearman depends on ranks only: log10 keeps them. */
    ck_assert_double_eq_tol(accelsel_importance_value(imp, ACCELSEL_MEASURE_SPEARMAN, 0), RHO_XY, TOL);
    ck_assert_str_eq(accelsel_importance_feature_name(imp, 0), "log10(x)");
    accelsel_importance_free(imp);
    expect_error(accelsel_importance_compute_features(&imp, ds, f, "x", &o), ACCELSEL_EINVAL, "also a feature");
    accelsel_features_free(f);
    accelsel_dataset_free(sub);
    accelsel_dataset_free(ds);
}
END_TEST

START_TEST(options_init_and_size)
{
    accelsel_importance_options o;
    memset(&o, 0xff, sizeof o);
    ck_assert_int_eq(accelsel_importance_options_init(&o, ACCELSEL_IMPORTANCE_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.n_trees, 100);
    ck_assert_uint_eq(o.measures, ACCELSEL_IMPORTANCE_ALL);
    ck_assert_uint_eq(o.mi_neighbors, 3);
    ck_assert(o.progress == NULL);
    expect_error(accelsel_importance_options_init(&o, 2), ACCELSEL_EVERSION, "version 2");
    expect_error(accelsel_importance_options_init(NULL, 1), ACCELSEL_EINVAL, "opts");
    ck_assert_uint_eq(accelsel_importance_options_size(), sizeof(accelsel_importance_options));
}
END_TEST

/* ---- progress, cancel, allocation failure ----------------------------- */

typedef struct progress_log {
    int calls, stop_after;
    double last;
    int decreasing;
} progress_log;

static int on_progress(double fraction, void *payload)
{
    progress_log *log = payload;
    if (fraction < log->last || fraction > 1.0 + 1e-12)
        log->decreasing = 1;
    log->last = fraction;
    return ++log->calls >= log->stop_after;
}

START_TEST(progress_and_cancel)
{
    static double x[SYN_N * SYN_P], y[SYN_N];
    synthetic(x, y);
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_trees = 8;
    o.n_repeats = 2;
    o.n_threads = 2;
    progress_log log = {0, 1000000, 0.0, 0};
    o.progress = on_progress;
    o.payload = &log;
    accelsel_importance *imp = NULL;
    ck_assert_int_eq(accelsel_importance_compute_matrix(&imp, x, SYN_N, SYN_P, y, NULL, NULL, &o), 0);
    ck_assert_int_gt(log.calls, 1);
    ck_assert_int_eq(log.decreasing, 0);
    accelsel_importance_free(imp);
    for (int stop = 1; stop <= 3; stop++) {
        log = (progress_log){0, stop, 0.0, 0};
        imp = (accelsel_importance *)1;
        expect_error(accelsel_importance_compute_matrix(&imp, x, SYN_N, SYN_P, y, NULL, NULL, &o),
                     ACCELSEL_ECANCELED, "canceled");
        ck_assert_ptr_null(imp);
        ck_assert_int_eq(log.calls, stop);
    }
}
END_TEST

static int small_scenario(void *ctx)
{
    accelsel_dataset *ds = small_dataset();
    if (ds == NULL)
        return ACCELSEL_ENOMEM;
    const char *cols[3] = {"x", "z", "kind"};
    accelsel_importance_options o = ACCELSEL_IMPORTANCE_OPTIONS_INIT;
    o.n_trees = 3;
    o.n_repeats = 2;
    o.mi_neighbors = 2;
    o.n_threads = 1;
    accelsel_importance *imp = NULL;
    accelsel_dataset *table = NULL;
    int rc = accelsel_importance_compute(&imp, ds, cols, 3, "y", &o);
    if (rc == 0)
        rc = accelsel_importance_to_dataset(&table, imp);
    double pred[6];
    size_t n_out;
    if (rc == 0)
        rc = accelsel_importance_predict_dataset(imp, ds, pred, 6, &n_out, NULL);
    accelsel_pca *p = NULL;
    if (rc == 0)
        rc = accelsel_pca_fit(&p, pca_pts, 4, 2, 0);
    accelsel_pca_free(p);
    accelsel_dataset_free(table);
    accelsel_importance_free(imp);
    accelsel_dataset_free(ds);
    return rc;
}

START_TEST(allocation_failures_leak_nothing)
{
    testutil_alloc_sweep(small_scenario, NULL, 50);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("importance");
    TCase *tc = tcase_create("importance");
    tcase_add_test(tc, average_ranks_by_hand);
    tcase_add_test(tc, correlation_five_points_by_hand);
    tcase_add_test(tc, pca_two_by_two_by_hand);
    tcase_add_test(tc, pca_bad_input);
    tcase_add_test(tc, tree_split_by_hand);
    tcase_add_test(tc, tree_min_samples_leaf_and_weights);
    tcase_add_test(tc, forest_finds_the_two_drivers);
    tcase_add_test(tc, forest_predicts_a_step);
    tcase_add_test(tc, same_results_whatever_the_threads);
    tcase_add_test(tc, digamma_published_values);
    tcase_add_test(tc, ksg_by_hand);
    tcase_add_test(tc, mixed_by_hand);
    tcase_add_test(tc, measures_do_not_depend_on_units);
    tcase_add_test(tc, dataset_drops_missing_target_and_names_features);
    tcase_add_loop_test(tc, dataset_bad_input, 0, sizeof bad_inputs / sizeof bad_inputs[0]);
    tcase_add_test(tc, matrix_bad_input_and_options);
    tcase_add_test(tc, dataset_null_arguments);
    tcase_add_test(tc, compute_with_a_fitted_transform);
    tcase_add_test(tc, options_init_and_size);
    tcase_add_test(tc, progress_and_cancel);
    tcase_add_test(tc, allocation_failures_leak_nothing);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
