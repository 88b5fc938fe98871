/* Clustering: k-means, Ward and the quality indices on cases worked by hand,
 * k-means++ on separated groups, the choice of k, profiles, determinism
 * across thread counts, YAML round trips, bad input, cancellation and
 * allocation failures. (Agreement with scikit-learn on larger data is in
 * tests/python/test_sklearn_cluster.py.) */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accelsel/cluster.h"
#include "accelsel/select.h"
#include "core/rng.h"
#include "learn/kmeans.h"
#include "testutil.h"

static accelsel_cluster_model *fit_ok(const double *x, size_t n, size_t d,
                                      const accelsel_cluster_options *o)
{
    accelsel_cluster_model *m = NULL;
    int rc = accelsel_cluster_fit(&m, x, n, d, o);
    ck_assert_msg(rc == 0, "fit: %s", accelsel_last_error()->message);
    return m;
}

static accelsel_dataset *csv(const char *text)
{
    accelsel_dataset *ds = NULL;
    int rc = accelsel_dataset_load_csv_buffer(&ds, text, strlen(text), NULL);
    ck_assert_msg(rc == 0, "csv: %s", accelsel_last_error()->message);
    return ds;
}

static void assert_labels(const uint32_t *got, const uint32_t *want, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(got[i] == want[i], "row %zu: label %u, want %u", i, got[i], want[i]);
}

/* Points 1 2 3 10 11 12 from centres 1 and 2. Iteration 1: 1 | 2 3 10 11 12,
 * centres 1 and 38/5. Iteration 2: 1 2 3 | 10 11 12, centres 2 and 11.
 * Iteration 3: no label changes: stop. Inertia (1 + 0 + 1) + (1 + 0 + 1) = 4. */
START_TEST(kmeans_1d_by_hand)
{
    const double x[] = {1, 2, 3, 10, 11, 12}, init[] = {1, 2};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 2;
    o.init = init;
    accelsel_cluster_model *m = fit_ok(x, 6, 1, &o);
    const uint32_t want[] = {0, 0, 0, 1, 1, 1};
    assert_labels(accelsel_cluster_model_labels(m), want, 6);
    ck_assert_double_eq_tol(accelsel_cluster_model_centroids(m)[0], 2, 1e-15);
    ck_assert_double_eq_tol(accelsel_cluster_model_centroids(m)[1], 11, 1e-15);
    ck_assert_double_eq_tol(accelsel_cluster_model_inertia(m), 4, 1e-12);
    ck_assert_uint_eq(accelsel_cluster_model_n_iter(m), 3);
    ck_assert_int_eq(accelsel_cluster_model_algorithm(m), ACCELSEL_CLUSTER_KMEANS);
    ck_assert_uint_eq(accelsel_cluster_model_n_merges(m), 0);
    ck_assert_int_eq(accelsel_cluster_model_merge(m, 0, NULL, NULL, NULL, NULL), ACCELSEL_EINVAL);
    const double more[] = {0, 6.4, 6.6, 100};
    uint32_t lab[4];
    ck_assert_int_eq(accelsel_cluster_model_predict(m, more, 4, 1, lab), 0);
    const uint32_t want_more[] = {0, 0, 1, 1};
    assert_labels(lab, want_more, 4);
    accelsel_cluster_model_free(m);
}
END_TEST

/* Points 0 1 10 from centres 0 1 100: iteration 1 gives labels 0 1 1 and
 * leaves centre 2 empty; the row farthest from its centre (10, at squared
 * distance 81 from 1) moves there: centres 0 1 10. Iteration 2 relabels
 * 10 to cluster 2 with no centre shift (<= tol): stop after 2 iterations,
 * then the final assignment gives labels 0 1 2 and inertia 0. */
START_TEST(kmeans_empty_cluster_takes_farthest_row)
{
    const double x[] = {0, 1, 10}, init[] = {0, 1, 100};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 3;
    o.init = init;
    o.indices = 0;
    accelsel_cluster_model *m = fit_ok(x, 3, 1, &o);
    const uint32_t want[] = {0, 1, 2};
    assert_labels(accelsel_cluster_model_labels(m), want, 3);
    ck_assert_double_eq(accelsel_cluster_model_centroids(m)[2], 10);
    ck_assert_double_eq(accelsel_cluster_model_inertia(m), 0);
    ck_assert_uint_eq(accelsel_cluster_model_n_iter(m), 2);
    ck_assert(isnan(accelsel_cluster_model_silhouette(m)));
    accelsel_cluster_model_free(m);
}
END_TEST

/* Three groups of three points, 100 apart. Any k-means++ restart that puts
 * one centre in each group reaches the optimum: each group is {c-1, c, c+1}
 * in one coordinate, inertia 3 x 2 = 6. */
START_TEST(kmeans_plus_plus_finds_separated_groups)
{
    const double y[] = {-1, 0, 0, 0, 1, 0, 99, 0, 100, 0, 101, 0, 199, 0, 200, 0, 201, 0};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 3;
    o.seed = 12345;
    accelsel_cluster_model *m = fit_ok(y, 9, 2, &o);
    ck_assert_double_eq_tol(accelsel_cluster_model_inertia(m), 6, 1e-9);
    const uint32_t *l = accelsel_cluster_model_labels(m);
    for (size_t g = 0; g < 3; g++)
        ck_assert(l[3 * g] == l[3 * g + 1] && l[3 * g] == l[3 * g + 2]);
    ck_assert(l[0] != l[3] && l[3] != l[6] && l[0] != l[6]);
    accelsel_cluster_model_free(m);
}
END_TEST

/* Points 0 1 4 10. Ward merges 0 and 1 at |0 - 1| = 1; then {0,1} (centroid
 * 0.5) and 4 at sqrt(2 x 2 x 1 / 3) x 3.5 = 4.0414519; then {0,1,4}
 * (centroid 5/3) and 10 at sqrt(2 x 3 x 1 / 4) x (10 - 5/3) = 10.2062073.
 * In SciPy's ids: (0, 1), (2, 4), (3, 5). Cut in two: 0 0 0 1. */
START_TEST(ward_merge_heights_by_hand)
{
    const double x[] = {0, 1, 4, 10};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.algorithm = ACCELSEL_CLUSTER_WARD;
    o.k = 2;
    accelsel_cluster_model *m = fit_ok(x, 4, 1, &o);
    ck_assert_uint_eq(accelsel_cluster_model_n_merges(m), 3);
    const size_t want_ab[3][2] = {{0, 1}, {2, 4}, {3, 5}};
    const double want_h[] = {1, 4.04145188432738, 10.206207261596575};
    for (size_t i = 0; i < 3; i++) {
        size_t a, b, size;
        double h;
        ck_assert_int_eq(accelsel_cluster_model_merge(m, i, &a, &b, &h, &size), 0);
        ck_assert_uint_eq(a, want_ab[i][0]);
        ck_assert_uint_eq(b, want_ab[i][1]);
        ck_assert_uint_eq(size, i + 2);
        ck_assert_double_eq_tol(h, want_h[i], 1e-12);
    }
    ck_assert_int_eq(accelsel_cluster_model_merge(m, 3, NULL, NULL, NULL, NULL), ACCELSEL_EINVAL);
    const uint32_t want[] = {0, 0, 0, 1};
    assert_labels(accelsel_cluster_model_labels(m), want, 4);
    ck_assert_double_eq_tol(accelsel_cluster_model_centroids(m)[0], 5.0 / 3, 1e-15);
    /* Matrix profiles name the columns x0, x1, ...: medians 1 and 10. */
    const accelsel_dataset *p = accelsel_cluster_model_profiles(m);
    ck_assert_str_eq(accelsel_dataset_column_name(p, 2), "x0_median");
    ck_assert_double_eq(accelsel_dataset_number(p, 0, 2), 1);
    ck_assert_double_eq(accelsel_dataset_number(p, 1, 2), 10);
    /* Inertia: (0 - 5/3)^2 + (1 - 5/3)^2 + (4 - 5/3)^2 = 26/3. */
    ck_assert_double_eq_tol(accelsel_cluster_model_inertia(m), 26.0 / 3, 1e-12);
    ck_assert_int_eq(accelsel_cluster_model_algorithm(m), ACCELSEL_CLUSTER_WARD);
    accelsel_cluster_model_free(m);
}
END_TEST

/* Points 0 1 4 5 in clusters {0,1} {4,5}. Silhouette: a = 1 for every
 * point; b = 4.5, 3.5, 3.5, 4.5; s = 7/9, 5/7, 5/7, 7/9; mean 47/63.
 * CH: means 0.5 and 4.5 around 2.5: between 2 x 4 + 2 x 4 = 16, within
 * 4 x 0.25 = 1; 16 x (4 - 2) / (1 x (2 - 1)) = 32. DB: scatter 0.5 each,
 * centroids 4 apart: (0.5 + 0.5) / 4 = 0.25. */
START_TEST(indices_by_hand)
{
    const double x[] = {0, 1, 4, 5};
    const uint32_t l[] = {0, 0, 1, 1};
    double v;
    ck_assert_int_eq(accelsel_cluster_silhouette(x, 4, 1, l, NULL, &v), 0);
    ck_assert_double_eq_tol(v, 47.0 / 63, 1e-15);
    ck_assert_int_eq(accelsel_cluster_calinski_harabasz(x, 4, 1, l, &v), 0);
    ck_assert_double_eq_tol(v, 32, 1e-12);
    ck_assert_int_eq(accelsel_cluster_davies_bouldin(x, 4, 1, l, &v), 0);
    ck_assert_double_eq_tol(v, 0.25, 1e-15);
    /* A row alone in its cluster scores 0. {0} {1, 4, 5}: row 0: s = 0;
     * row 1: a = (3 + 4)/2 = 3.5, b = 1, s = -5/7; row 4: a = (3 + 1)/2 = 2,
     * b = 4, s = 0.5; row 5: a = (4 + 1)/2 = 2.5, b = 5, s = 0.5.
     * Mean (0 - 5/7 + 0.5 + 0.5) / 4 = 1/14. */
    const uint32_t l2[] = {0, 1, 1, 1};
    ck_assert_int_eq(accelsel_cluster_silhouette(x, 4, 1, l2, NULL, &v), 0);
    ck_assert_double_eq_tol(v, 1.0 / 14, 1e-15);
    /* Identical rows: distance exactly 0, not the GEMM rounding residue:
     * rows 0 and 1 get a = 0, b = sqrt(48), s = 1; row 2 is alone: mean 2/3. */
    const double dup[] = {3, 3, 3, 3, 3, 3, 7, 7, 7};
    const uint32_t ld[] = {0, 0, 1};
    ck_assert_int_eq(accelsel_cluster_silhouette(dup, 3, 3, ld, NULL, &v), 0);
    ck_assert_double_eq_tol(v, 2.0 / 3, 1e-15);
}
END_TEST

/* Inertia 100 40 20 15 12 for k = 1..5, scaled to [0, 1]: u = 0 .25 .5 .75 1,
 * v = 1 .318 .091 .034 0. Distance to the chord u + v = 1:
 * |u + v - 1| / sqrt 2 = 0, .305, .289, .153, 0: the elbow is k = 2. */
START_TEST(elbow_by_hand)
{
    const double k[] = {1, 2, 3, 4, 5}, w[] = {100, 40, 20, 15, 12};
    size_t idx = 99;
    ck_assert_int_eq(accelsel_cluster_elbow(k, w, 5, &idx), 0);
    ck_assert_uint_eq(idx, 1);
    ck_assert_int_eq(accelsel_cluster_elbow(k, w, 2, &idx), ACCELSEL_EINVAL);
    const double kbad[] = {1, 3, 2};
    ck_assert_int_eq(accelsel_cluster_elbow(kbad, w, 3, &idx), ACCELSEL_EINVAL);
    const double wbad[] = {1, NAN, 2};
    ck_assert_int_eq(accelsel_cluster_elbow(k, wbad, 3, &idx), ACCELSEL_EDATA);
    ck_assert_int_eq(accelsel_cluster_elbow(NULL, w, 3, &idx), ACCELSEL_EINVAL);
}
END_TEST

/* k = -1e308 0 1e308 and inertias 1e308 -1e308 -1e308: each range is 2e308,
 * beyond the largest double, and every distance was NaN, so no index was
 * written, with success returned. Scaled to [0, 1] the points are (0, 1),
 * (.5, 0), (1, 0): distances to the chord u + v = 1 are 0, .5 / sqrt 2, 0,
 * and the elbow is the middle point. */
START_TEST(elbow_of_values_near_the_largest_double)
{
    const double k[] = {-1e308, 0, 1e308}, w[] = {1e308, -1e308, -1e308};
    size_t idx = 99;
    ck_assert_int_eq(accelsel_cluster_elbow(k, w, 3, &idx), 0);
    ck_assert_uint_eq(idx, 1);
}
END_TEST

/* Gaussian blobs from the library's generator (test data only). */
static double *blobs(size_t n, size_t d, size_t groups, double spread, uint64_t seed)
{
    double *x = malloc(n * d * sizeof *x);
    asel_rng r;
    asel_rng_seed(&r, seed);
    for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < d; c++)
            x[i * d + c] = (double)((i % groups) * 10 * ((c + i % groups) % 3)) +
                           spread * asel_rng_normal(&r);
    return x;
}

/* Three groups 1-D, far apart: every criterion must find k = 3. */
START_TEST(select_k_finds_three_groups)
{
    double *x = blobs(300, 2, 3, 0.5, 7);
    const int crit[] = {ACCELSEL_KSELECT_SILHOUETTE, ACCELSEL_KSELECT_CH, ACCELSEL_KSELECT_DB,
                        ACCELSEL_KSELECT_ELBOW, ACCELSEL_KSELECT_GAP};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.n_init = 3;
    for (int c = 0; c < 5; c++) {
        accelsel_cluster_selection *s = NULL;
        int rc = accelsel_cluster_select_k(&s, x, 300, 2, 1, 6, crit[c], &o);
        ck_assert_msg(rc == 0, "select: %s", accelsel_last_error()->message);
        ck_assert_msg(accelsel_cluster_selection_best_k(s) == 3, "criterion %d chose %u", crit[c],
                      accelsel_cluster_selection_best_k(s));
        ck_assert_uint_eq(accelsel_cluster_selection_count(s), 6);
        ck_assert_uint_eq(accelsel_cluster_selection_k(s, 2), 3);
        ck_assert_uint_eq(accelsel_cluster_selection_k(s, 6), 0);
        ck_assert_int_eq(accelsel_cluster_selection_criterion(s), crit[c]);
        ck_assert(isnan(accelsel_cluster_selection_score(s, 0, ACCELSEL_SCORE_SILHOUETTE)));
        ck_assert(!isnan(accelsel_cluster_selection_score(s, 1, ACCELSEL_SCORE_DB)));
        ck_assert(accelsel_cluster_selection_score(s, 2, ACCELSEL_SCORE_INERTIA) <
                  accelsel_cluster_selection_score(s, 1, ACCELSEL_SCORE_INERTIA));
        ck_assert(isnan(accelsel_cluster_selection_score(s, 0, 99)));
        if (crit[c] == ACCELSEL_KSELECT_GAP)
            ck_assert(accelsel_cluster_selection_score(s, 2, ACCELSEL_SCORE_GAP_SE) > 0);
        else
            ck_assert(isnan(accelsel_cluster_selection_score(s, 2, ACCELSEL_SCORE_GAP)));
        accelsel_cluster_selection_free(s);
    }
    free(x);
}
END_TEST

/* silhouette_max = 2, the least allowed, samples two rows: one cluster or
 * two singletons, where the silhouette is undefined. That was
 * ACCELSEL_EDATA, failing every fit above two rows; it is NaN, while CH
 * and DB, taken on all the rows, are defined. Rows 1 2 3 | 10 11 12:
 * CH = between 2 x 3 x 4.5^2 = 121.5 over within 2 + 2 = 4, times
 * (6 - 2) / (2 - 1): 121.5. DB: scatters 2/3, centroids 9 apart: 4/27.
 * For k = 3 every best split, such as {1 2} {3} {10 11 12}, has within
 * 0.5 + 2 = 2.5 and between 2 x 25 + 12.25 + 3 x 20.25 = 123: CH =
 * 123 x 3 / (2.5 x 2) = 73.8, so CH chooses k = 2. */
START_TEST(silhouette_of_a_two_row_sample_is_undefined)
{
    const double x[] = {1, 2, 3, 10, 11, 12};
    const uint32_t l[] = {0, 0, 0, 1, 1, 1};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 2;
    o.silhouette_max = 2;
    accelsel_cluster_model *m = fit_ok(x, 6, 1, &o);
    const uint32_t *got = accelsel_cluster_model_labels(m);
    for (size_t i = 0; i < 6; i++)
        ck_assert_uint_eq(got[i], got[0] ^ l[i]); /* the two groups, in either order */
    ck_assert(isnan(accelsel_cluster_model_silhouette(m)));
    ck_assert_double_eq_tol(accelsel_cluster_model_calinski_harabasz(m), 121.5, 1e-12);
    ck_assert_double_eq_tol(accelsel_cluster_model_davies_bouldin(m), 4.0 / 27, 1e-15);
    accelsel_cluster_model_free(m);
    double v = 0;
    ck_assert_int_eq(accelsel_cluster_silhouette(x, 6, 1, l, &o, &v), 0);
    ck_assert(isnan(v));
    accelsel_cluster_selection *s = NULL;
    int rc = accelsel_cluster_select_k(&s, x, 6, 1, 2, 3, ACCELSEL_KSELECT_CH, &o);
    ck_assert_msg(rc == 0, "select: %s", accelsel_last_error()->message);
    ck_assert_uint_eq(accelsel_cluster_selection_best_k(s), 2);
    ck_assert_double_eq_tol(accelsel_cluster_selection_score(s, 1, ACCELSEL_SCORE_CH), 73.8, 1e-12);
    ck_assert(isnan(accelsel_cluster_selection_score(s, 1, ACCELSEL_SCORE_SILHOUETTE)));
    accelsel_cluster_selection_free(s);
    /* No k has a silhouette to choose by. */
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 6, 1, 2, 3, ACCELSEL_KSELECT_SILHOUETTE, &o),
                     ACCELSEL_EDATA);
    ck_assert_ptr_null(s);
}
END_TEST

/* The same seed gives bit-identical results on 1 and on 16 threads. */
START_TEST(same_results_on_1_and_16_threads)
{
    size_t n = testutil_reps(20000), d = 4;
    double *x = blobs(n, d, 5, 3.0, 99);
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 5;
    o.n_init = 3;
    o.seed = 2024;
    o.silhouette_max = 5000; /* the sampled silhouette too */
    o.n_threads = 1;
    accelsel_cluster_model *a = fit_ok(x, n, d, &o);
    o.n_threads = 16;
    accelsel_cluster_model *b = fit_ok(x, n, d, &o);
    ck_assert_mem_eq(accelsel_cluster_model_labels(a), accelsel_cluster_model_labels(b),
                     n * sizeof(uint32_t));
    ck_assert_mem_eq(accelsel_cluster_model_centroids(a), accelsel_cluster_model_centroids(b),
                     5 * d * sizeof(double));
    ck_assert(accelsel_cluster_model_inertia(a) == accelsel_cluster_model_inertia(b));
    ck_assert(accelsel_cluster_model_silhouette(a) == accelsel_cluster_model_silhouette(b));
    ck_assert(accelsel_cluster_model_davies_bouldin(a) == accelsel_cluster_model_davies_bouldin(b));
    accelsel_cluster_model_free(a);
    accelsel_cluster_model_free(b);
    free(x);
}
END_TEST

static const char systems_csv[] = "sys,acc,time,fam\n"
                                  "a,1,100,A\n"
                                  "b,2,90,A\n"
                                  "c,1,110,B\n"
                                  "d,64,10,B\n"
                                  "e,128,5,B\n"
                                  "f,64,12,\n";

static accelsel_cluster_model *systems_model(accelsel_dataset **ds_out, int algorithm)
{
    accelsel_dataset *ds = csv(systems_csv);
    static const char *const cols[] = {"acc", "time"};
    const int tr[] = {ACCELSEL_TRANSFORM_LOG10_ZSCORE, ACCELSEL_TRANSFORM_LOG10_ZSCORE};
    accelsel_features *f = NULL;
    ck_assert_int_eq(accelsel_features_fit(&f, ds, cols, tr, 2, NULL), 0);
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.algorithm = (uint32_t)algorithm;
    o.k = 2;
    accelsel_cluster_model *m = NULL;
    int rc = accelsel_cluster_fit_dataset(&m, ds, f, &o);
    ck_assert_msg(rc == 0, "fit: %s", accelsel_last_error()->message);
    accelsel_features_free(f);
    *ds_out = ds;
    return m;
}

/* Small systems a b c against large d e f. Profiles by hand: cluster 0 has
 * acc 1 2 1 (median 1), time 100 90 110, fam A A B (mode A), sys all
 * different (mode: the first level, a); cluster 1 has acc 64 128 64, time 10
 * 5 12, fam B B - (mode B). Centroids in original units are geometric means:
 * 2^(1/3), (100 x 90 x 110)^(1/3); (64 x 128 x 64)^(1/3), 600^(1/3). */
START_TEST(profiles_and_original_units)
{
    accelsel_dataset *ds = NULL;
    accelsel_cluster_model *m = systems_model(&ds, ACCELSEL_CLUSTER_WARD);
    const uint32_t want[] = {0, 0, 0, 1, 1, 1};
    assert_labels(accelsel_cluster_model_labels(m), want, 6);
    ck_assert_uint_eq(accelsel_cluster_model_row_index(m)[5], 5);
    const double *co = accelsel_cluster_model_centroids_original(m);
    const double want_co[] = {1.2599210498948732, 99.6655493412596, 80.63494719327186,
                              8.434326653017491};
    for (int i = 0; i < 4; i++)
        ck_assert_double_eq_tol(co[i], want_co[i], 1e-9 * want_co[i]);
    const accelsel_dataset *p = accelsel_cluster_model_profiles(m);
    ck_assert_uint_eq(accelsel_dataset_rows(p), 2);
    static const char *const names[] = {"cluster", "size",     "sys",      "acc_median",
                                        "acc_min", "acc_max",  "time_median", "time_min",
                                        "time_max", "fam"};
    ck_assert_uint_eq(accelsel_dataset_cols(p), 10);
    for (size_t c = 0; c < 10; c++)
        ck_assert_str_eq(accelsel_dataset_column_name(p, c), names[c]);
    const double want_num[2][8] = {{0, 3, 1, 1, 2, 100, 90, 110}, {1, 3, 64, 64, 128, 10, 5, 12}};
    const size_t num_cols[] = {0, 1, 3, 4, 5, 6, 7, 8};
    for (size_t r = 0; r < 2; r++)
        for (size_t j = 0; j < 8; j++)
            ck_assert_double_eq(accelsel_dataset_number(p, r, num_cols[j]), want_num[r][j]);
    ck_assert_str_eq(accelsel_dataset_string(p, 0, 2), "a");
    ck_assert_str_eq(accelsel_dataset_string(p, 0, 9), "A");
    ck_assert_str_eq(accelsel_dataset_string(p, 1, 2), "d");
    ck_assert_str_eq(accelsel_dataset_string(p, 1, 9), "B");
    /* New rows through the model's features. */
    accelsel_dataset *other = csv("time,acc\n95,2\n8,100\n,5\n");
    uint32_t lab[3];
    size_t n = 0, idx[3];
    ck_assert_int_eq(accelsel_cluster_model_predict_dataset(m, other, lab, 3, &n, idx), 0);
    ck_assert_uint_eq(n, 2);
    ck_assert_uint_eq(lab[0], 0);
    ck_assert_uint_eq(lab[1], 1);
    ck_assert_uint_eq(idx[1], 1);
    ck_assert_int_eq(accelsel_cluster_model_predict_dataset(m, other, lab, 2, &n, idx),
                     ACCELSEL_EINVAL);
    accelsel_dataset_free(other);
    accelsel_cluster_model_free(m);
    accelsel_dataset_free(ds);
    /* Without full profiles: cluster and size only. */
    const double x[] = {0, 1, 10, 11, 12};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 2;
    o.profiles = 0;
    m = fit_ok(x, 5, 1, &o);
    p = accelsel_cluster_model_profiles(m);
    ck_assert_uint_eq(accelsel_dataset_cols(p), 2);
    ck_assert_double_eq(accelsel_dataset_number(p, 0, 1) + accelsel_dataset_number(p, 1, 1), 5);
    accelsel_cluster_model_free(m);
}
END_TEST

/* The value of profile column @p name in the profile row whose x_min is @p x_min. */
static double profile_at(const accelsel_dataset *p, double x_min, const char *name)
{
    size_t lo, c;
    ck_assert_int_eq(accelsel_dataset_column_index(p, "x_min", &lo), 0);
    ck_assert_int_eq(accelsel_dataset_column_index(p, name, &c), 0);
    for (size_t r = 0; r < accelsel_dataset_rows(p); r++)
        if (accelsel_dataset_number(p, r, lo) == x_min)
            return accelsel_dataset_number(p, r, c);
    ck_abort_msg("no profile row with x_min %g", x_min);
    return NAN;
}

/* Medians of values near the largest double are finite, though the sum of
 * the middle two overflows. Profiles: the two rows of positive x (and y 1, 2)
 * and the two of negative x (y 8, 9) are the groups, so the medians are
 * 1.25e308 and 1.5, -1.25e308 and 8.5 by hand. Imputation: the median of
 * 1e308 and 1.5e308 fills the gap. */
START_TEST(medians_near_the_largest_double)
{
    accelsel_dataset *ds = csv("x,y\n1e308,1\n-1e308,8\n1.5e308,2\n-1.5e308,9\n");
    static const char *const cols[] = {"x", "y"};
    accelsel_features *f = NULL;
    ck_assert_int_eq(accelsel_features_fit(&f, ds, cols, NULL, 2, NULL), 0);
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.algorithm = ACCELSEL_CLUSTER_WARD;
    o.k = 2;
    accelsel_cluster_model *m = NULL;
    ck_assert_int_eq(accelsel_cluster_fit_dataset(&m, ds, f, &o), 0);
    const accelsel_dataset *p = accelsel_cluster_model_profiles(m);
    ck_assert_double_eq_tol(profile_at(p, 1e308, "x_median"), 1.25e308, 1.25e308 * 1e-15);
    ck_assert_double_eq(profile_at(p, 1e308, "y_median"), 1.5);
    ck_assert_double_eq_tol(profile_at(p, -1.5e308, "x_median"), -1.25e308, 1.25e308 * 1e-15);
    ck_assert_double_eq(profile_at(p, -1.5e308, "y_median"), 8.5);
    accelsel_cluster_model_free(m);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);

    ds = csv("x\n1e308\n\n1.5e308\n");
    const int none = ACCELSEL_TRANSFORM_NONE;
    accelsel_features_options fo = ACCELSEL_FEATURES_OPTIONS_INIT;
    fo.missing = ACCELSEL_MISSING_IMPUTE;
    int rc = accelsel_features_fit(&f, ds, cols, &none, 1, &fo);
    ck_assert_msg(rc == 0, "fit: %s", accelsel_last_error()->message);
    double x[3];
    size_t n = 0;
    ck_assert_int_eq(accelsel_features_transform(f, ds, x, 3, &n, NULL), 0);
    ck_assert_uint_eq(n, 3);
    ck_assert_double_eq_tol(x[1], 1.25e308, 1.25e308 * 1e-15);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
}
END_TEST

/* asel_km_check_distinct(x, n, d, k) on rows counted by hand: 0 when k
 * distinct rows exist, else EDATA with the full count in the message. */
static void check_distinct(const double *x, size_t n, size_t d, size_t k, const char *fragment)
{
    int rc = asel_km_check_distinct(x, n, d, k);
    if (fragment == NULL) {
        ck_assert_msg(rc == 0, "k = %zu: %s", k, accelsel_last_error()->message);
        return;
    }
    ck_assert_int_eq(rc, ACCELSEL_EDATA);
    ck_assert_str_eq(accelsel_last_error()->message, fragment);
}

static size_t distinct_rows(const double *x, size_t n, size_t d)
{
    size_t count = 0;
    ck_assert_int_eq(asel_km_distinct_rows(x, n, d, &count), 0);
    return count;
}

/* Duplicates first and the third distinct row last: (1, 2) four times,
 * (3, 4) twice, (5, 6) once are 3 rows. Rows that differ only in their last
 * value differ. -0 equals 0, so (0, 1), (-0, 1), (0, -0), (-0, 0) are 2
 * rows; every NaN equals every NaN and no number, so (NaN, 1), (-NaN, 1),
 * (1, NaN), (1, 1) are 3. */
START_TEST(distinct_rows_by_hand)
{
    const double dup[] = {1, 2, 1, 2, 1, 2, 1, 2, 3, 4, 3, 4, 5, 6};
    check_distinct(dup, 7, 2, 3, NULL);
    check_distinct(dup, 7, 2, 4, "k = 4 exceeds the 3 distinct rows of the data");
    check_distinct(dup, 6, 2, 3, "k = 3 exceeds the 2 distinct rows of the data");
    ck_assert_uint_eq(distinct_rows(dup, 7, 2), 3);
    const double last[] = {1, 2, 3, 1, 2, 4};
    check_distinct(last, 2, 3, 2, NULL);
    ck_assert_uint_eq(distinct_rows(last, 2, 3), 2);
    const double zeros[] = {0, 1, -0.0, 1, 0, -0.0, -0.0, 0};
    check_distinct(zeros, 4, 2, 2, NULL);
    check_distinct(zeros, 4, 2, 3, "k = 3 exceeds the 2 distinct rows of the data");
    ck_assert_uint_eq(distinct_rows(zeros, 4, 2), 2);
    const double nans[] = {NAN, 1, -NAN, 1, 1, NAN, 1, 1};
    check_distinct(nans, 4, 2, 3, NULL);
    check_distinct(nans, 4, 2, 4, "k = 4 exceeds the 3 distinct rows of the data");
    ck_assert_uint_eq(distinct_rows(nans, 4, 2), 3);
    ck_assert_uint_eq(distinct_rows(nans, 0, 2), 0);
}
END_TEST

/* Many rows: i % 37 for i < 20,000 (one column) has 37 distinct values, the
 * 37th first seen at row 36; rows (i, i / 2) are all distinct. The check of
 * k = 8 on 200,000 distinct rows stops after 8 of them: it allocates one
 * table for 8 rows (16 slots), never one per row, as the full count must. */
START_TEST(distinct_rows_at_scale)
{
    enum { N = 20000, BIG = 200000 };
    double *x = malloc(2 * BIG * sizeof *x);
    ck_assert_ptr_nonnull(x);
    for (size_t i = 0; i < N; i++)
        x[i] = (double)(i % 37);
    ck_assert_uint_eq(distinct_rows(x, N, 1), 37);
    check_distinct(x, N, 1, 37, NULL);
    check_distinct(x, N, 1, 38, "k = 38 exceeds the 37 distinct rows of the data");
    for (size_t i = 0; i < BIG; i++)
        x[2 * i] = (double)i, x[2 * i + 1] = 0.5 * (double)i;
    ck_assert_uint_eq(distinct_rows(x, BIG, 2), BIG);
    testutil_alloc_fail_at(0);
    check_distinct(x, BIG, 2, 8, NULL);
    size_t allocs = testutil_alloc_count(), peak = testutil_alloc_peak_bytes();
    testutil_alloc_reset();
    ck_assert_uint_eq(allocs, 1);
    ck_assert_msg(peak <= 16 * sizeof(size_t), "peak %zu bytes for k = 8", peak);
    free(x);
}
END_TEST

/* The selection's k range is still clamped to the distinct clustered rows
 * minus 1: (100, 1) three times, (200, 2) twice, (300, 3) and (400, 4) are
 * 7 rows and 4 distinct ones, so k runs over 2..3. */
START_TEST(selection_k_range_counts_distinct_rows)
{
    const double price[] = {100, 200, 300, 400, 100, 200, 100};
    const double speed[] = {1, 2, 3, 4, 1, 2, 1};
    accelsel_dataset *ds = NULL;
    ck_assert_int_eq(accelsel_dataset_new(&ds, 7), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "price", price, 7), 0);
    ck_assert_int_eq(accelsel_dataset_add_numeric(ds, "speed", speed, 7), 0);
    accelsel_selection_options o = ACCELSEL_SELECTION_OPTIONS_INIT;
    o.features = "price,speed";
    o.criteria = "price:1:cost,speed:1:benefit";
    accelsel_selection *s = NULL;
    int rc = accelsel_selection_run(&s, ds, &o);
    ck_assert_msg(rc == 0, "run: %s", accelsel_last_error()->message);
    ck_assert_uint_eq(accelsel_selection_k_min(s), 2);
    ck_assert_uint_eq(accelsel_selection_k_max(s), 3);
    int noted = 0;
    for (size_t i = 0; i < accelsel_selection_note_count(s); i++)
        noted |= strcmp(accelsel_selection_note(s, i),
                        "k range clamped to 2..3: 7 rows were clustered, 4 of them distinct") == 0;
    ck_assert(noted);
    accelsel_selection_free(s);
    accelsel_dataset_free(ds);
}
END_TEST

static char *save_text(const accelsel_cluster_model *m)
{
    char *text = NULL;
    size_t len = 0;
    ck_assert_int_eq(accelsel_cluster_model_save_yaml_buffer(m, &text, &len), 0);
    ck_assert_uint_eq(strlen(text), len);
    return text;
}

static void assert_same_model(const accelsel_cluster_model *a, const accelsel_cluster_model *b)
{
    size_t n = accelsel_cluster_model_n_rows(a), k = accelsel_cluster_model_k(a);
    size_t d = accelsel_cluster_model_dim(a);
    ck_assert_uint_eq(n, accelsel_cluster_model_n_rows(b));
    ck_assert_uint_eq(k, accelsel_cluster_model_k(b));
    ck_assert_uint_eq(d, accelsel_cluster_model_dim(b));
    ck_assert_mem_eq(accelsel_cluster_model_labels(a), accelsel_cluster_model_labels(b),
                     n * sizeof(uint32_t));
    ck_assert_mem_eq(accelsel_cluster_model_centroids(a), accelsel_cluster_model_centroids(b),
                     k * d * sizeof(double));
    double va[4] = {accelsel_cluster_model_inertia(a), accelsel_cluster_model_silhouette(a),
                    accelsel_cluster_model_calinski_harabasz(a),
                    accelsel_cluster_model_davies_bouldin(a)};
    double vb[4] = {accelsel_cluster_model_inertia(b), accelsel_cluster_model_silhouette(b),
                    accelsel_cluster_model_calinski_harabasz(b),
                    accelsel_cluster_model_davies_bouldin(b)};
    ck_assert_mem_eq(va, vb, sizeof va);
    ck_assert_uint_eq(accelsel_cluster_model_n_merges(a), accelsel_cluster_model_n_merges(b));
}

/* Save, load and save again: the same text and bit-identical values; a loaded
 * dataset model still predicts new rows. */
START_TEST(yaml_round_trip)
{
    accelsel_dataset *ds = NULL;
    for (int alg = ACCELSEL_CLUSTER_KMEANS; alg <= ACCELSEL_CLUSTER_WARD; alg++) {
        accelsel_cluster_model *m = systems_model(&ds, alg), *back = NULL;
        char *text = save_text(m);
        int rc = accelsel_cluster_model_load_yaml_buffer(&back, text, strlen(text));
        ck_assert_msg(rc == 0, "load: %s", accelsel_last_error()->message);
        char *again = save_text(back);
        ck_assert_str_eq(text, again);
        assert_same_model(m, back);
        uint32_t la[6], lb[6];
        size_t na, nb;
        ck_assert_int_eq(accelsel_cluster_model_predict_dataset(m, ds, la, 6, &na, NULL), 0);
        ck_assert_int_eq(accelsel_cluster_model_predict_dataset(back, ds, lb, 6, &nb, NULL), 0);
        ck_assert_mem_eq(la, lb, sizeof la);
        ck_assert_ptr_nonnull(accelsel_cluster_model_features(back));
        accelsel_free(text);
        accelsel_free(again);
        accelsel_cluster_model_free(back);
        accelsel_cluster_model_free(m);
        accelsel_dataset_free(ds);
    }
    /* A matrix model with irrational values, through a file. */
    double *x = blobs(200, 3, 4, 1.7, 5);
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 4;
    accelsel_cluster_model *m = fit_ok(x, 200, 3, &o), *back = NULL;
    const char *path = "test_cluster_roundtrip.yaml";
    ck_assert_int_eq(accelsel_cluster_model_save_yaml(m, path), 0);
    ck_assert_int_eq(accelsel_cluster_model_load_yaml(&back, path), 0);
    assert_same_model(m, back);
    ck_assert_ptr_null(accelsel_cluster_model_features(back));
    accelsel_cluster_model_free(back);
    remove(path);
    ck_assert_int_eq(accelsel_cluster_model_load_yaml(&back, path), ACCELSEL_EIO);
    ck_assert_ptr_null(back);
    accelsel_cluster_model_free(m);
    free(x);
}
END_TEST

typedef struct bad_load {
    const char *yaml;
    int status;
    const char *fragment;
} bad_load;

#define HEAD "format: accelsel-cluster-model\nversion: 1\nalgorithm: kmeans\nk: 1\ndim: 1\n"
#define BODY "n_iter: 1\ninertia: 0\nsilhouette: nan\ncalinski_harabasz: nan\n" \
             "davies_bouldin: nan\ncentroids:\n  - [1]\ncentroids_original:\n  - [1]\n"
#define TAIL "profiles:\n  - name: cluster\n    type: numeric\n    values: [0]\n"
/* A model of two features: its inputs start on line 19. */
#define FEAT "format: accelsel-cluster-model\nversion: 1\nalgorithm: kmeans\nk: 1\ndim: 2\n" \
             "n_rows: 1\nn_iter: 1\ninertia: 0\nsilhouette: nan\ncalinski_harabasz: nan\n" \
             "davies_bouldin: nan\ncentroids:\n  - [1, 2]\nlabels: [0]\nrow_index: [0]\n" \
             "features:\n  missing: drop\n  inputs:\n"
#define NUM(name) "    - {name: " name ", transform: none, impute: 1, center: 0, scale: 1}\n"

/* The scores on lines 8 to 11, one centroid on line 13 (its value at column 6). */
#define SCORED(inertia, silhouette, db, centroid) \
    "format: accelsel-cluster-model\nversion: 1\nalgorithm: kmeans\nk: 1\ndim: 1\nn_rows: 2\n" \
    "n_iter: 1\ninertia: " inertia "\nsilhouette: " silhouette "\ncalinski_harabasz: inf\n" \
    "davies_bouldin: " db "\ncentroids:\n  - [" centroid "]\ncentroids_original:\n  - [1]\n" \
    "labels: [0, 0]\n" TAIL
/* A Ward tree of 3 rows: its two merges on lines 18 and 19. */
#define WARD(first, second) \
    "format: accelsel-cluster-model\nversion: 1\nalgorithm: ward\nk: 1\ndim: 1\nn_rows: 3\n" \
    BODY "labels: [0, 0, 0]\nmerges:\n  - " first "\n  - " second "\n" TAIL

static const bad_load bad_loads[] = {
    {HEAD "n_rows: 1\n" BODY "labels: [0]\n" TAIL, 0, ""},
    {HEAD "n_rows: 1\n" BODY "labels: [0]\n" TAIL "extra: 1\n", ACCELSEL_EPARSE, "extra"},
    {"format: accelsel-cluster-model\nversion: 2\n", ACCELSEL_EVERSION, "version 2"},
    {"format: something\nversion: 1\n", ACCELSEL_EPARSE, "not a cluster model"},
    {HEAD "n_rows: 1\n" BODY "labels: [1]\n" TAIL, ACCELSEL_EPARSE, "labels"},
    {HEAD "n_rows: 2\n" BODY "labels: [0]\n" TAIL, ACCELSEL_EPARSE,
     "'labels' has 1 values; expected 2"},
    {HEAD "n_rows: 1\n" BODY "labels: [0]\nmerges: []\n" TAIL, ACCELSEL_EPARSE, "Ward models only"},
    {HEAD "n_rows: 1\n" BODY "labels: [0]\nrow_index: [0]\n" TAIL, ACCELSEL_EPARSE,
     "come together"},
    {HEAD "n_rows: 1\n" BODY "labels: [0]\n", ACCELSEL_EPARSE, "missing required key 'profiles'"},
    {HEAD "n_rows: 1\n" BODY "labels: [x]\n" TAIL, ACCELSEL_EPARSE, "must be an integer"},
    {"[1, 2", ACCELSEL_EPARSE, "<buffer>:"},
    {FEAT NUM("a") NUM("b") "centroids_original:\n  - [1, 2]\n" TAIL, 0, ""},
    /* Found by fuzzing: a transform naming one input twice, or a level twice,
     * loaded although no fit makes one, and one with the same name as a
     * numeric and a one-hot input could transform no dataset (ACCELSEL_ETYPE
     * for any). An empty name, which no column has, loaded too. */
    {FEAT NUM("a") NUM("a") "centroids_original:\n  - [1, 2]\n" TAIL, ACCELSEL_EPARSE,
     "<buffer>:20:7: input 'a' appears twice (first at line 19)"},
    {FEAT NUM("a") "    - {name: a, transform: onehot, impute_level: 0, levels: [x]}\n"
          "centroids_original:\n  - [1, nan]\n" TAIL, ACCELSEL_EPARSE, "input 'a' appears twice"},
    {FEAT "    - {name: f, transform: onehot, impute_level: 0, levels: [x, \"y\", x]}\n"
          "centroids_original:\n  - [nan]\n" TAIL, ACCELSEL_EPARSE,
     "<buffer>:19:70: level 'x' appears twice (first at line 19)"},
    {FEAT NUM("\"\"") NUM("b") "centroids_original:\n  - [1, 2]\n" TAIL, ACCELSEL_EPARSE,
     "<buffer>:19:14: input 'name' is empty"},
    /* A profile column without a name loaded as ACCELSEL_EINVAL, not EPARSE. */
    {HEAD "n_rows: 1\n" BODY "labels: [0]\nprofiles:\n"
          "  - {name: \"\", type: numeric, values: [0]}\n",
     ACCELSEL_EPARSE, "<buffer>:18:12: profile column 'name' is empty"},
    {HEAD "n_rows: 1\n" BODY "labels: [0]\n" TAIL
          "  - {name: cluster, type: categorical, values: [x]}\n",
     ACCELSEL_EPARSE, "<buffer>:21:5: profile column 'cluster' appears twice"},
    /* Values no fit makes loaded: centroids beyond the bound on values to
     * cluster, sqrt(DBL_MAX / (2 rows x 1 column)) / 2 = sqrt(8.99e307) / 2
     * = 4.74e153, a silhouette outside [-1, 1], a negative inertia or index.
     * (CH and DB are ratios that can be infinite.) */
    {SCORED("0", "nan", "nan", "4.7e153"), 0, ""},
    {SCORED("0", "nan", "nan", "-1e154"), ACCELSEL_EPARSE,
     "<buffer>:13:6: 'centroids' value -1e154 is beyond 4.74e+153"},
    {SCORED("0", "1", "inf", "1"), 0, ""},
    {SCORED("0", "7", "nan", "1"), ACCELSEL_EPARSE,
     "<buffer>:9:13: 'silhouette' = 7 is outside [-1, 1]"},
    {SCORED("-5", "nan", "nan", "1"), ACCELSEL_EPARSE,
     "<buffer>:8:10: 'inertia' = -5 is outside [0, inf]"},
    {SCORED("0", "nan", "-inf", "1"), ACCELSEL_EPARSE,
     "<buffer>:11:17: 'davies_bouldin' = -inf is outside [0, inf]"},
    /* Merges that make no tree, in SciPy's ids (3 is merge 0's cluster). */
    {WARD("[0, 1, 1, 2]", "[2, 3, 2, 3]"), 0, ""},
    {WARD("[0, 0, 1, 2]", "[2, 3, 2, 3]"), ACCELSEL_EPARSE,
     "<buffer>:18:9: merge 0 joins cluster 0 with itself"},
    {WARD("[0, 1, 1, 2]", "[3, 3, 2, 2]"), ACCELSEL_EPARSE,
     "<buffer>:19:9: merge 1 joins cluster 3 with itself"},
    {WARD("[0, 1, 1, 2]", "[1, 3, 2, 3]"), ACCELSEL_EPARSE,
     "<buffer>:19:6: merge 1: cluster 1 was merged before"},
    {WARD("[0, 1, nan, 2]", "[2, 3, 2, 3]"), ACCELSEL_EPARSE,
     "<buffer>:18:12: merge 0: height nan must be finite and at least 0"},
    {WARD("[0, 1, -1, 2]", "[2, 3, 2, 3]"), ACCELSEL_EPARSE,
     "<buffer>:18:12: merge 0: height -1 must be finite and at least 0"},
    {WARD("[0, 1, 1, 2]", "[2, 3, 0.5, 3]"), ACCELSEL_EPARSE,
     "<buffer>:19:12: merge 1: height 0.5 must be finite and at least 1"},
    {WARD("[0, 1, 1, 3]", "[2, 3, 2, 3]"), ACCELSEL_EPARSE,
     "<buffer>:18:15: merge 0: size 3 is not 2, the rows of clusters 0 and 1 together"},
    {WARD("[0, 1, 1, 2]", "[2, 3, 2, 2]"), ACCELSEL_EPARSE,
     "<buffer>:19:15: merge 1: size 2 is not 3"},
    /* Found by fuzzing: libyaml's reader errors were reported at line 0. */
    {"\xba", ACCELSEL_EPARSE, "<buffer>:1:1: invalid leading UTF-8 octet at byte 0"},
};

START_TEST(load_bad_input)
{
    const bad_load *b = &bad_loads[_i];
    accelsel_cluster_model *m = (accelsel_cluster_model *)1;
    int rc = accelsel_cluster_model_load_yaml_buffer(&m, b->yaml, strlen(b->yaml));
    ck_assert_msg(rc == b->status, "case %d: got %s (%s)", _i, accelsel_status_name(rc),
                  accelsel_last_error()->message);
    if (rc == 0) {
        ck_assert_uint_eq(accelsel_cluster_model_k(m), 1);
        accelsel_cluster_model_free(m);
        return;
    }
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(accelsel_last_error()->message, b->fragment) != NULL,
                  "case %d: message '%s' lacks '%s'", _i, accelsel_last_error()->message,
                  b->fragment);
    ck_assert_uint_gt(accelsel_last_error()->line, 0);
}
END_TEST

/* Found while fuzzing: each profile column was looked up among the earlier
 * ones with the closest name computed on every miss, so 20000 columns took
 * about 40 s. Linear now; the test case's 10 s timeout fails the old code. */
START_TEST(many_profile_columns_load_in_linear_time)
{
    enum { N = 20000 };
    static const char head[] = HEAD "n_rows: 1\n" BODY "labels: [0]\n" TAIL;
    size_t cap = sizeof head + 64 * (size_t)N, len = sizeof head - 1;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    memcpy(text, head, len);
    for (int i = 0; i < N; i++)
        len += (size_t)snprintf(text + len, cap - len,
                                "  - {name: p%d, type: numeric, values: [%d]}\n", i, i);
    accelsel_cluster_model *m = NULL;
    ck_assert_int_eq(accelsel_cluster_model_load_yaml_buffer(&m, text, len), 0);
    const accelsel_dataset *p = accelsel_cluster_model_profiles(m);
    ck_assert_uint_eq(accelsel_dataset_cols(p), N + 1);
    ck_assert(accelsel_dataset_number(p, 0, N) == N - 1);
    accelsel_cluster_model_free(m);
    free(text);
}
END_TEST

typedef struct bad_fit {
    uint32_t k, n_init, max_iter, algorithm, version;
    double tol, init0, x2;
    size_t n, d;
    int status;
    const char *fragment;
} bad_fit;

static const bad_fit bad_fits[] = {
    {0, 1, 9, 1, 1, 0, 0, 4, 4, 1, ACCELSEL_EINVAL, "k = 0 must be >= 1"},
    {5, 1, 9, 1, 1, 0, 0, 4, 4, 1, ACCELSEL_EINVAL, "k = 5 exceeds the 4 rows"},
    {4, 1, 9, 1, 1, 0, 0, 1, 4, 1, ACCELSEL_EDATA, "k = 4 exceeds the 3 distinct rows"},
    {4, 1, 9, 2, 1, 0, 0, 1, 4, 1, ACCELSEL_EDATA, "distinct rows"},
    {2, 1, 9, 1, 1, 0, 0, NAN, 4, 1, ACCELSEL_EDATA, "row 2 column 0 is NaN"},
    {2, 1, 9, 1, 1, 0, 0, INFINITY, 4, 1, ACCELSEL_EDATA, "row 2 column 0 is infinite"},
    {2, 1, 9, 1, 1, 0, NAN, 4, 4, 1, ACCELSEL_EINVAL, "init: row 0 column 0 is NaN"},
    {2, 1, 9, 1, 1, 0, 0, 4, 0, 1, ACCELSEL_EEMPTY, "no rows"},
    {2, 1, 9, 1, 1, 0, 0, 4, 4, 0, ACCELSEL_EINVAL, "d is 0"},
    {2, 0, 9, 1, 1, 0, 0, 4, 4, 1, ACCELSEL_EINVAL, "n_init is 0"},
    {2, 1, 0, 1, 1, 0, 0, 4, 4, 1, ACCELSEL_EINVAL, "max_iter is 0"},
    {2, 1, 9, 1, 1, -1, 0, 4, 4, 1, ACCELSEL_EINVAL, "tol = -1"},
    {2, 1, 9, 1, 1, INFINITY, 0, 4, 4, 1, ACCELSEL_EINVAL, "tol = inf"},
    {2, 1, 9, 7, 1, 0, 0, 4, 4, 1, ACCELSEL_EINVAL, "unknown algorithm 7"},
    {2, 1, 9, 1, 3, 0, 0, 4, 4, 1, ACCELSEL_EVERSION, "unknown options version 3"},
};

START_TEST(fit_bad_input)
{
    const bad_fit *b = &bad_fits[_i];
    double x[] = {0, 1, b->x2, 2}, init[] = {b->init0, 4, 8, 9};
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = b->k;
    o.n_init = b->n_init;
    o.max_iter = b->max_iter;
    o.algorithm = b->algorithm;
    o.version = b->version;
    o.tol = b->tol;
    o.init = b->init0 != 0 ? init : NULL;
    accelsel_cluster_model *m = (accelsel_cluster_model *)1;
    int rc = accelsel_cluster_fit(&m, x, b->n, b->d, &o);
    ck_assert_msg(rc == b->status, "case %d: got %s (%s)", _i, accelsel_status_name(rc),
                  accelsel_last_error()->message);
    ck_assert_ptr_null(m);
    ck_assert_msg(strstr(accelsel_last_error()->message, b->fragment) != NULL,
                  "case %d: message '%s' lacks '%s'", _i, accelsel_last_error()->message,
                  b->fragment);
}
END_TEST

START_TEST(other_bad_arguments)
{
    const double x[] = {0, 1, 4, 5};
    const uint32_t l[] = {0, 0, 1, 1}, one[] = {0, 0, 0, 0}, big[] = {0, 4, 1, 1};
    double v;
    accelsel_cluster_model *m = NULL;
    accelsel_cluster_selection *s = (accelsel_cluster_selection *)1;
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    ck_assert_int_eq(accelsel_cluster_fit(NULL, x, 4, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_fit(&m, NULL, 4, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_silhouette(x, 4, 1, one, NULL, &v), ACCELSEL_EDATA);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "1 clusters with rows"));
    ck_assert_int_eq(accelsel_cluster_calinski_harabasz(x, 4, 1, big, &v), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "label 4 of row 1"));
    ck_assert_int_eq(accelsel_cluster_davies_bouldin(x, 0, 1, l, &v), ACCELSEL_EEMPTY);
    ck_assert_int_eq(accelsel_cluster_davies_bouldin(x, 4, 1, l, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_silhouette(x, 4, 1, NULL, NULL, &v), ACCELSEL_EINVAL);
    o.silhouette_max = 1;
    ck_assert_int_eq(accelsel_cluster_silhouette(x, 4, 1, l, &o, &v), ACCELSEL_EINVAL);
    o = (accelsel_cluster_options)ACCELSEL_CLUSTER_OPTIONS_INIT;
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 0, 2, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(s);
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 3, 2, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 1, 5, 1, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "k_max = 5"));
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 1, 3, 9, NULL), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 1, 2, ACCELSEL_KSELECT_ELBOW, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 1, 1, ACCELSEL_KSELECT_CH, NULL),
                     ACCELSEL_EINVAL);
    o.init = x;
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 1, 2, ACCELSEL_KSELECT_GAP, &o),
                     ACCELSEL_EINVAL);
    o.gap_references = 0;
    o.init = NULL;
    ck_assert_int_eq(accelsel_cluster_select_k(&s, x, 4, 1, 1, 2, ACCELSEL_KSELECT_GAP, &o),
                     ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_options_init(&o, 2), ACCELSEL_EVERSION);
    ck_assert_int_eq(accelsel_cluster_options_init(NULL, 1), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_options_init(&o, ACCELSEL_CLUSTER_OPTIONS_VERSION), 0);
    ck_assert_uint_eq(o.k, 5);
    ck_assert_uint_eq(accelsel_cluster_options_size(), sizeof o);
    o.k = 2;
    m = fit_ok(x, 4, 1, &o);
    uint32_t lab[4];
    ck_assert_int_eq(accelsel_cluster_model_predict(m, x, 2, 2, lab), ACCELSEL_EINVAL);
    ck_assert_int_eq(accelsel_cluster_model_predict(m, x, 0, 1, lab), ACCELSEL_EEMPTY);
    accelsel_dataset *ds = csv("a\n1\n");
    size_t n;
    ck_assert_int_eq(accelsel_cluster_model_predict_dataset(m, ds, lab, 4, &n, NULL),
                     ACCELSEL_EINVAL);
    ck_assert_ptr_nonnull(strstr(accelsel_last_error()->message, "no features"));
    accelsel_cluster_model *m2 = (accelsel_cluster_model *)1;
    ck_assert_int_eq(accelsel_cluster_fit_dataset(&m2, ds, NULL, NULL), ACCELSEL_EINVAL);
    ck_assert_ptr_null(m2);
    accelsel_dataset_free(ds);
    ck_assert_int_eq(accelsel_cluster_model_save_yaml_buffer(m, NULL, NULL), ACCELSEL_EINVAL);
    accelsel_cluster_model_free(m);
    ck_assert_uint_eq(accelsel_cluster_model_k(NULL), 0);
    ck_assert(isnan(accelsel_cluster_model_inertia(NULL)));
    ck_assert_ptr_null(accelsel_cluster_model_profiles(NULL));
    ck_assert_int_eq(accelsel_cluster_model_algorithm(NULL), ACCELSEL_EINVAL);
    ck_assert_uint_eq(accelsel_cluster_selection_best_k(NULL), 0);
    accelsel_cluster_model_free(NULL);
    accelsel_cluster_selection_free(NULL);
}
END_TEST

static int calls;

static int stop_at_second(double fraction, void *payload)
{
    ck_assert(fraction >= 0 && fraction <= 1);
    *(double *)payload = fraction;
    return ++calls >= 2;
}

static int count_calls(double fraction, void *payload)
{
    double *last = payload;
    ck_assert_msg(fraction >= *last, "progress went back from %g to %g", *last, fraction);
    *last = fraction;
    calls++;
    return 0;
}

START_TEST(progress_and_cancel)
{
    double *x = blobs(3000, 3, 4, 2.0, 3), last = 0;
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.k = 4;
    o.progress = count_calls;
    o.payload = &last;
    calls = 0;
    accelsel_cluster_model *m = fit_ok(x, 3000, 3, &o);
    ck_assert_int_gt(calls, 10);
    ck_assert_double_eq(last, 1.0);
    accelsel_cluster_model_free(m);
    for (int alg = ACCELSEL_CLUSTER_KMEANS; alg <= ACCELSEL_CLUSTER_WARD; alg++) {
        o.algorithm = (uint32_t)alg;
        o.progress = stop_at_second;
        calls = 0;
        m = (accelsel_cluster_model *)1;
        ck_assert_int_eq(accelsel_cluster_fit(&m, x, 3000, 3, &o), ACCELSEL_ECANCELED);
        ck_assert_ptr_null(m);
        ck_assert_int_eq(calls, 2);
    }
    free(x);
}
END_TEST

/* Fit (k-means or Ward, with indices), save, load: every allocation failure
 * gives ACCELSEL_ENOMEM and leaks nothing. */
static int scenario(void *ctx)
{
    int algorithm = *(const int *)ctx;
    accelsel_dataset *ds = NULL;
    accelsel_features *f = NULL;
    accelsel_cluster_model *m = NULL, *back = NULL;
    static const char *const cols[] = {"acc", "time", "fam"};
    accelsel_features_options fo = ACCELSEL_FEATURES_OPTIONS_INIT;
    fo.missing = ACCELSEL_MISSING_IMPUTE;
    accelsel_cluster_options o = ACCELSEL_CLUSTER_OPTIONS_INIT;
    o.algorithm = (uint32_t)algorithm;
    o.k = 2;
    o.n_init = 2;
    o.n_threads = 2;
    char *text = NULL;
    size_t len = 0;
    int rc = accelsel_dataset_load_csv_buffer(&ds, systems_csv, strlen(systems_csv), NULL);
    if (rc == 0)
        rc = accelsel_features_fit(&f, ds, cols, NULL, 3, &fo);
    if (rc == 0)
        rc = accelsel_cluster_fit_dataset(&m, ds, f, &o);
    if (rc == 0)
        rc = accelsel_cluster_model_save_yaml_buffer(m, &text, &len);
    if (rc == 0)
        rc = accelsel_cluster_model_load_yaml_buffer(&back, text, len);
    accelsel_free(text);
    accelsel_cluster_model_free(back);
    accelsel_cluster_model_free(m);
    accelsel_features_free(f);
    accelsel_dataset_free(ds);
    return rc;
}

/* The names a fitted model's YAML and the command line use, each
 * read back to its value; anything else is ENOTFOUND listing them. */
START_TEST(algorithm_and_criterion_names)
{
    static const char *const kselect[] = {"silhouette", "ch", "db", "elbow", "gap"};
    for (int c = ACCELSEL_KSELECT_SILHOUETTE; c <= ACCELSEL_KSELECT_GAP; c++) {
        int back = 0;
        ck_assert_str_eq(accelsel_kselect_name(c), kselect[c - 1]);
        ck_assert_int_eq(accelsel_kselect_from_name(kselect[c - 1], &back), 0);
        ck_assert_int_eq(back, c);
    }
    static const char *const scores[] = {"inertia",        "silhouette", "calinski_harabasz",
                                         "davies_bouldin", "gap",        "gap_se"};
    for (int w = ACCELSEL_SCORE_INERTIA; w <= ACCELSEL_SCORE_GAP_SE; w++)
        ck_assert_str_eq(accelsel_cluster_score_name(w), scores[w - 1]);
    ck_assert_ptr_null(accelsel_cluster_score_name(0));
    ck_assert_ptr_null(accelsel_cluster_score_name(ACCELSEL_SCORE_GAP_SE + 1));
    uint32_t a = 0;
    ck_assert_str_eq(accelsel_cluster_algorithm_name(ACCELSEL_CLUSTER_KMEANS), "kmeans");
    ck_assert_str_eq(accelsel_cluster_algorithm_name(ACCELSEL_CLUSTER_WARD), "ward");
    ck_assert_int_eq(accelsel_cluster_algorithm_from_name("ward", &a), 0);
    ck_assert_uint_eq(a, ACCELSEL_CLUSTER_WARD);
    ck_assert_int_eq(accelsel_cluster_algorithm_from_name("Ward", &a), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->message,
                     "unknown clustering algorithm 'Ward' (kmeans, ward)");
    int c = 0;
    ck_assert_int_eq(accelsel_kselect_from_name("", &c), ACCELSEL_ENOTFOUND);
    ck_assert_str_eq(accelsel_last_error()->message,
                     "unknown criterion for k '' (silhouette, ch, db, elbow, gap)");
}
END_TEST

START_TEST(allocation_failures)
{
    int alg = _i + 1;
    testutil_alloc_sweep(scenario, &alg, 50);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("cluster");
    TCase *tc = tcase_create("cluster");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, kmeans_1d_by_hand);
    tcase_add_test(tc, kmeans_empty_cluster_takes_farthest_row);
    tcase_add_test(tc, kmeans_plus_plus_finds_separated_groups);
    tcase_add_test(tc, ward_merge_heights_by_hand);
    tcase_add_test(tc, indices_by_hand);
    tcase_add_test(tc, elbow_by_hand);
    tcase_add_test(tc, elbow_of_values_near_the_largest_double);
    tcase_add_test(tc, select_k_finds_three_groups);
    tcase_add_test(tc, silhouette_of_a_two_row_sample_is_undefined);
    tcase_add_test(tc, same_results_on_1_and_16_threads);
    tcase_add_test(tc, profiles_and_original_units);
    tcase_add_test(tc, medians_near_the_largest_double);
    tcase_add_test(tc, distinct_rows_by_hand);
    tcase_add_test(tc, distinct_rows_at_scale);
    tcase_add_test(tc, selection_k_range_counts_distinct_rows);
    tcase_add_test(tc, yaml_round_trip);
    tcase_add_loop_test(tc, load_bad_input, 0, sizeof bad_loads / sizeof bad_loads[0]);
    tcase_add_loop_test(tc, fit_bad_input, 0, sizeof bad_fits / sizeof bad_fits[0]);
    tcase_add_test(tc, other_bad_arguments);
    tcase_add_test(tc, progress_and_cancel);
    tcase_add_test(tc, algorithm_and_criterion_names);
    tcase_add_loop_test(tc, allocation_failures, 0, 2);
    suite_add_tcase(s, tc);
    TCase *linear = tcase_create("linear time");
    tcase_set_timeout(linear, 10);
    tcase_add_test(linear, many_profile_columns_load_in_linear_time);
    suite_add_tcase(s, linear);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
