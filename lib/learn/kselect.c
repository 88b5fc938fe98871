/* Choosing k: fit every k of a range, record its indices, pick by a criterion. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "learn/cluster_impl.h"
#include "learn/cluster_quality.h"
#include "learn/kselect.h"

#define FN "accelsel_cluster_select_k"

static int check_range(uint32_t k_min, uint32_t k_max, size_t n, int criterion)
{
    if (k_min < 1 || k_max < k_min)
        return asel_error(ACCELSEL_EINVAL, FN ": k range [%u, %u] is empty or starts below 1",
                          k_min, k_max);
    if (k_max > n)
        return asel_error(ACCELSEL_EINVAL, FN ": k_max = %u exceeds the %zu rows", k_max, n);
    if (criterion < ACCELSEL_KSELECT_SILHOUETTE || criterion > ACCELSEL_KSELECT_GAP)
        return asel_error(ACCELSEL_EINVAL, FN ": unknown criterion %d", criterion);
    if (criterion == ACCELSEL_KSELECT_ELBOW && k_max - k_min < 2)
        return asel_error(ACCELSEL_EINVAL,
                          FN ": the elbow needs at least 3 values of k; k_max = %u", k_max);
    if (criterion <= ACCELSEL_KSELECT_DB && k_max < 2)
        return asel_error(ACCELSEL_EINVAL, FN ": k_max = %u: the indices need k >= 2", k_max);
    return 0;
}

static int check_args(accelsel_cluster_selection **out, const double *x, size_t n, size_t d,
                      const accelsel_cluster_options *opts, accelsel_cluster_options *o)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || x == NULL)
        return asel_einval(FN, out == NULL ? "out" : "x");
    if (d == 0)
        return asel_error(ACCELSEL_EINVAL, FN ": d is 0");
    if (n == 0)
        return asel_error(ACCELSEL_EEMPTY, FN ": no rows to cluster");
    int rc = asel_cluster_resolve(FN, opts, o);
    if (rc == 0 && o->init != NULL)
        rc = asel_error(ACCELSEL_EINVAL, FN ": init must be NULL: each k seeds its own centres");
    return rc;
}

/* Fit every k on the data; scores go into s. */
static int fit_all(accelsel_cluster_selection *s, const double *x, size_t n, size_t d,
                   const accelsel_cluster_options *o, const asel_cl_progress *p)
{
    for (size_t i = 0; i < s->count; i++) {
        accelsel_cluster_options ok = *o;
        ok.k = s->k_min + (uint32_t)i;
        ok.progress = NULL;
        accelsel_cluster_model *m = NULL;
        int rc = asel_cluster_fit_matrix(&m, x, n, d, &ok);
        if (rc != 0)
            return rc;
        double *sc = s->scores + i * ASEL_N_SCORES;
        sc[ACCELSEL_SCORE_INERTIA - 1] = m->inertia;
        sc[ACCELSEL_SCORE_SILHOUETTE - 1] = m->silhouette;
        sc[ACCELSEL_SCORE_CH - 1] = m->ch;
        sc[ACCELSEL_SCORE_DB - 1] = m->db;
        accelsel_cluster_model_free(m);
        if ((rc = asel_cl_progress_report(p, (double)(i + 1) / (double)s->count)) != 0)
            return rc;
    }
    return 0;
}

/* The k with the best defined value of score @p which (ties to the lower k). */
static int best_index(const accelsel_cluster_selection *s, int which, int lower_is_better)
{
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < s->count; i++) {
        double v = s->scores[i * ASEL_N_SCORES + which - 1];
        if (isnan(v))
            continue;
        double b = best == SIZE_MAX ? 0 : s->scores[best * ASEL_N_SCORES + which - 1];
        if (best == SIZE_MAX || (lower_is_better ? v < b : v > b))
            best = i;
    }
    if (best == SIZE_MAX)
        return asel_error(ACCELSEL_EDATA, FN ": no k in the range has a defined index");
    return (int)best;
}

static int elbow_index(const accelsel_cluster_selection *s)
{
    double *k = NULL, *w = NULL;
    size_t idx = 0;
    int rc = asel_alloc_array(&k, s->count, sizeof *k);
    if (rc == 0)
        rc = asel_alloc_array(&w, s->count, sizeof *w);
    for (size_t i = 0; rc == 0 && i < s->count; i++) {
        k[i] = (double)(s->k_min + i);
        w[i] = s->scores[i * ASEL_N_SCORES + ACCELSEL_SCORE_INERTIA - 1];
    }
    if (rc == 0)
        rc = accelsel_cluster_elbow(k, w, s->count, &idx);
    asel_free(k);
    asel_free(w);
    return rc != 0 ? rc : (int)idx;
}

static int choose(accelsel_cluster_selection *s)
{
    int i;
    switch (s->criterion) {
    case ACCELSEL_KSELECT_SILHOUETTE: i = best_index(s, ACCELSEL_SCORE_SILHOUETTE, 0); break;
    case ACCELSEL_KSELECT_CH: i = best_index(s, ACCELSEL_SCORE_CH, 0); break;
    case ACCELSEL_KSELECT_DB: i = best_index(s, ACCELSEL_SCORE_DB, 1); break;
    case ACCELSEL_KSELECT_ELBOW: i = elbow_index(s); break;
    default: i = asel_gap_choice(s); break;
    }
    if (i < 0)
        return i;
    s->best = s->k_min + (uint32_t)i;
    return 0;
}

ACCELSEL_API int accelsel_cluster_select_k(accelsel_cluster_selection **out, const double *x,
                                           size_t n, size_t d, uint32_t k_min, uint32_t k_max,
                                           int criterion, const accelsel_cluster_options *opts)
{
    accelsel_cluster_options o;
    int rc = check_args(out, x, n, d, opts, &o);
    if (rc == 0)
        rc = check_range(k_min, k_max, n, criterion);
    if (rc == 0)
        rc = asel_check_finite(FN, ACCELSEL_EDATA, x, n, d);
    accelsel_cluster_selection *s = NULL;
    if (rc == 0 && (rc = asel_alloc_array(&s, 1, sizeof *s)) == 0) {
        *s = (accelsel_cluster_selection){
            .criterion = criterion, .k_min = k_min, .count = (size_t)(k_max - k_min) + 1};
        rc = asel_alloc_array(&s->scores, s->count * ASEL_N_SCORES, sizeof(double));
    }
    for (size_t i = 0; rc == 0 && i < s->count * ASEL_N_SCORES; i++)
        s->scores[i] = NAN;
    asel_cl_progress all = asel_cluster_progress(&o);
    double split = criterion == ACCELSEL_KSELECT_GAP ? 1.0 / (1.0 + o.gap_references) : 1.0;
    asel_cl_progress p1 = asel_cl_progress_sub(&all, 0, split),
                     p2 = asel_cl_progress_sub(&all, split, 1);
    if (rc == 0)
        rc = fit_all(s, x, n, d, &o, &p1);
    if (rc == 0 && criterion == ACCELSEL_KSELECT_GAP)
        rc = asel_gap_fill(s, x, n, d, &o, &p2);
    if (rc == 0)
        rc = choose(s);
    if (rc != 0)
        accelsel_cluster_selection_free(s);
    else
        *out = s;
    return rc;
}
