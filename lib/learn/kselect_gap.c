/* The gap statistic (Tibshirani, Walther and Hastie 2001), with uniform
 * references in the data's bounding box, and the selection's accessors. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/rng.h"
#include "learn/cluster_impl.h"
#include "learn/kselect.h"

/* Reference streams start here so that they never share a stream with a
 * k-means++ seeding (which uses streams 0 .. n_init - 1). */
#define GAP_STREAM (UINT64_C(1) << 32)

static void reference(const double *x, size_t n, size_t d, uint64_t seed, uint32_t b, double *lo,
                      double *hi, double *ref)
{
    for (size_t c = 0; c < d; c++) {
        lo[c] = hi[c] = x[c];
        for (size_t i = 1; i < n; i++) {
            double v = x[i * d + c];
            lo[c] = v < lo[c] ? v : lo[c];
            hi[c] = v > hi[c] ? v : hi[c];
        }
    }
    asel_rng rng;
    asel_rng_stream(&rng, seed, GAP_STREAM + b);
    for (size_t i = 0; i < n; i++)
        for (size_t c = 0; c < d; c++)
            ref[i * d + c] = lo[c] + (hi[c] - lo[c]) * asel_rng_uniform(&rng);
}

/* log W*_k of reference @p b for every k into logw[b * count + i]. */
static int fit_reference(accelsel_cluster_selection *s, const double *ref, size_t n, size_t d,
                         const accelsel_cluster_options *o, uint32_t b, double *logw)
{
    for (size_t i = 0; i < s->count; i++) {
        accelsel_cluster_options ok = *o;
        ok.k = s->k_min + (uint32_t)i;
        ok.indices = 0;
        ok.progress = NULL;
        ok.seed = o->seed + 1 + b;
        accelsel_cluster_model *m = NULL;
        int rc = asel_cluster_fit_matrix(&m, ref, n, d, &ok);
        if (rc != 0)
            return rc;
        logw[b * s->count + i] = log(m->inertia);
        accelsel_cluster_model_free(m);
    }
    return 0;
}

static void summarise(accelsel_cluster_selection *s, const double *logw, uint32_t refs)
{
    for (size_t i = 0; i < s->count; i++) {
        double mean = 0, ss = 0;
        for (uint32_t b = 0; b < refs; b++)
            mean += logw[b * s->count + i];
        mean /= refs;
        for (uint32_t b = 0; b < refs; b++)
            ss += (logw[b * s->count + i] - mean) * (logw[b * s->count + i] - mean);
        double *sc = s->scores + i * ASEL_N_SCORES;
        sc[ACCELSEL_SCORE_GAP - 1] = mean - log(sc[ACCELSEL_SCORE_INERTIA - 1]);
        sc[ACCELSEL_SCORE_GAP_SE - 1] = sqrt(ss / refs) * sqrt(1.0 + 1.0 / refs);
    }
}

int asel_gap_fill(accelsel_cluster_selection *s, const double *x, size_t n, size_t d,
                  const accelsel_cluster_options *o, const asel_cl_progress *p)
{
    uint32_t refs = o->gap_references;
    double *logw = NULL, *ref = NULL, *lo = NULL, *hi = NULL;
    int rc;
    if ((rc = asel_alloc_array(&logw, (size_t)refs * s->count, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&ref, n * d, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&lo, d, sizeof(double))) != 0 ||
        (rc = asel_alloc_array(&hi, d, sizeof(double))) != 0)
        goto done;
    for (uint32_t b = 0; rc == 0 && b < refs; b++) {
        reference(x, n, d, o->seed, b, lo, hi, ref);
        rc = fit_reference(s, ref, n, d, o, b, logw);
        if (rc == 0)
            rc = asel_cl_progress_report(p, (double)(b + 1) / refs);
    }
    if (rc == 0)
        summarise(s, logw, refs);
done:
    asel_free(logw);
    asel_free(ref);
    asel_free(lo);
    asel_free(hi);
    return rc;
}

int asel_gap_choice(const accelsel_cluster_selection *s)
{
    const double *sc = s->scores;
    size_t best = 0;
    for (size_t i = 0; i + 1 < s->count; i++) {
        const double *a = sc + i * ASEL_N_SCORES, *b = a + ASEL_N_SCORES;
        if (a[ACCELSEL_SCORE_GAP - 1] >= b[ACCELSEL_SCORE_GAP - 1] - b[ACCELSEL_SCORE_GAP_SE - 1])
            return (int)i;
    }
    for (size_t i = 1; i < s->count; i++)
        if (sc[i * ASEL_N_SCORES + ACCELSEL_SCORE_GAP - 1] >
            sc[best * ASEL_N_SCORES + ACCELSEL_SCORE_GAP - 1])
            best = i;
    return (int)best;
}

ACCELSEL_API size_t accelsel_cluster_selection_count(const accelsel_cluster_selection *s)
{
    return s ? s->count : 0;
}

ACCELSEL_API uint32_t accelsel_cluster_selection_k(const accelsel_cluster_selection *s, size_t i)
{
    return s && i < s->count ? s->k_min + (uint32_t)i : 0;
}

ACCELSEL_API double accelsel_cluster_selection_score(const accelsel_cluster_selection *s, size_t i,
                                                     int which)
{
    if (s == NULL || i >= s->count || which < ACCELSEL_SCORE_INERTIA || which > ASEL_N_SCORES)
        return NAN;
    return s->scores[i * ASEL_N_SCORES + (size_t)which - 1];
}

ACCELSEL_API uint32_t accelsel_cluster_selection_best_k(const accelsel_cluster_selection *s)
{
    return s ? s->best : 0;
}

ACCELSEL_API int accelsel_cluster_selection_criterion(const accelsel_cluster_selection *s)
{
    return s ? s->criterion : asel_einval("accelsel_cluster_selection_criterion", "s");
}

ACCELSEL_API void accelsel_cluster_selection_free(accelsel_cluster_selection *s)
{
    if (s == NULL)
        return;
    asel_free(s->scores);
    asel_free(s);
}
