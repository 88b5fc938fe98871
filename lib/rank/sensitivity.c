/* Weight sensitivity: re-score a ranking under randomly perturbed weights and
 * compare each result with the base by Kendall's tau-b and by its top row.
 * Sample s draws from random stream (seed, s) and writes only slot s, so the
 * results do not depend on the number of threads. */
#include <math.h>

#include "core/alloc.h"
#include "core/error.h"
#include "core/pool.h"
#include "core/rng.h"
#include "rank/rank_impl.h"

#define FN "accelsel_sensitivity_compute"
/* Progress is reported this many times over a run. */
#define PROGRESS_STEPS 20

struct accelsel_sensitivity {
    size_t n;
    double *taus;
    double tau_mean, tau_min, top1;
    double perturbation;
};

typedef struct sens_ctx {
    const accelsel_ranking *r;
    const double *base;   /* m base scores of the ranked rows */
    const double *ties;   /* the matrix that breaks ties (asel_rank_tie_matrix()) */
    size_t base_best;
    int base_constant;
    uint64_t seed;
    double x;             /* perturbation half-width */
    size_t first;         /* first sample of the current batch */
    double *taus;
    unsigned char *top1;
    double *dwork;        /* per worker: m scores, k weights, 2k TOPSIS scratch */
    size_t *iwork;        /* per worker: 2m for the tau sort */
} sens_ctx;

static int constant(const double *v, size_t m)
{
    for (size_t i = 1; i < m; i++)
        if (v[i] != v[0])
            return 0;
    return 1;
}

static void perturb(const double *w, size_t k, double x, asel_rng *rng, double *out)
{
    double sum = 0.0;
    for (size_t j = 0; j < k; j++) {
        out[j] = w[j] * (1.0 + x * (2.0 * asel_rng_uniform(rng) - 1.0));
        sum += out[j];
    }
    for (size_t j = 0; j < k; j++)
        out[j] /= sum;
}

static int sample_task(void *vctx, size_t index, size_t worker)
{
    const sens_ctx *c = vctx;
    size_t m = c->r->n_ranked, k = c->r->n_used, s = c->first + index;
    double *score = c->dwork + worker * (m + 3 * k);
    double *w = score + m;
    size_t *perm = c->iwork + worker * 2 * m;
    asel_rng rng;
    asel_rng_stream(&rng, c->seed, s);
    perturb(c->r->used_w, k, c->x, &rng, w);
    asel_rank_score(c->r, w, w + k, score);
    double tau;
    if (asel_tau_b(c->base, score, m, perm, perm + m, &tau) != 0)
        tau = c->base_constant && constant(score, m) ? 1.0 : 0.0;
    c->taus[s] = tau;
    c->top1[s] = asel_rank_best(score, c->ties, m, k) == c->base_best;
    return 0;
}

static int check_args(const accelsel_ranking *base, const accelsel_sensitivity_options *o)
{
    if (base == NULL)
        return asel_einval(FN, "base");
    if (o->version != ACCELSEL_SENSITIVITY_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", FN ": unknown opts->version %u",
                                o->version);
    if (o->n_samples == 0)
        return asel_error_field(ACCELSEL_EINVAL, "n_samples", FN ": opts->n_samples is 0");
    if (!(o->perturbation >= 0.0 && o->perturbation < 1.0))
        return asel_error_field(ACCELSEL_EINVAL, "perturbation", FN ": opts->perturbation is %g, "
                                "not in [0, 1)", o->perturbation);
    if (base->n_ranked < 2)
        return asel_error(ACCELSEL_EDATA, FN ": the ranking has %zu ranked row(s), needs 2",
                          base->n_ranked);
    return 0;
}

/* Run the samples in batches, reporting progress between them. */
static int run_samples(sens_ctx *c, size_t n, size_t workers,
                       int (*progress)(double, void *), void *payload)
{
    size_t batch = progress == NULL ? n : (n + PROGRESS_STEPS - 1) / PROGRESS_STEPS;
    for (c->first = 0; c->first < n; c->first += batch) {
        size_t count = n - c->first < batch ? n - c->first : batch;
        int rc = asel_pool_run(workers, count, sample_task, c);
        if (rc != 0)
            return rc;
        if (progress != NULL && progress((double)(c->first + count) / (double)n, payload) != 0)
            return asel_error(ACCELSEL_ECANCELED, FN ": canceled by the progress callback");
    }
    return 0;
}

static void summarise(accelsel_sensitivity *s, const unsigned char *top1)
{
    double sum = 0.0, lo = INFINITY;
    size_t kept = 0;
    for (size_t i = 0; i < s->n; i++) {
        sum += s->taus[i];
        lo = fmin(lo, s->taus[i]);
        kept += top1[i];
    }
    s->tau_mean = sum / (double)s->n;
    s->tau_min = lo;
    s->top1 = (double)kept / (double)s->n;
}

/* The base ranking's scores by ranked position, then the run. */
static int compute(accelsel_sensitivity *s, const accelsel_ranking *r,
                   const accelsel_sensitivity_options *o, int (*progress)(double, void *),
                   void *payload)
{
    size_t m = r->n_ranked, k = r->n_used, n = s->n;
    size_t workers = asel_pool_threads(o->n_threads, n);
    double *base = NULL;
    sens_ctx c = {.r = r, .ties = asel_rank_tie_matrix(r), .seed = o->seed,
                  .x = o->perturbation, .taus = s->taus};
    int rc = asel_alloc_array(&base, m, sizeof *base);
    if (rc == 0)
        rc = asel_alloc_array(&c.top1, n, 1);
    if (rc == 0)
        rc = asel_alloc_array(&c.dwork, workers, (m + 3 * k) * sizeof *c.dwork);
    if (rc == 0)
        rc = asel_alloc_array(&c.iwork, workers, 2 * m * sizeof *c.iwork);
    if (rc == 0) {
        for (size_t i = 0; i < m; i++)
            base[i] = r->scores[r->rows[i]];
        c.base = base;
        c.base_best = asel_rank_best(base, c.ties, m, k);
        c.base_constant = constant(base, m);
        rc = run_samples(&c, n, workers, progress, payload);
    }
    if (rc == 0)
        summarise(s, c.top1);
    asel_free(base);
    asel_free(c.top1);
    asel_free(c.dwork);
    asel_free(c.iwork);
    return rc;
}

ACCELSEL_API int accelsel_sensitivity_compute(accelsel_sensitivity **out,
                                              const accelsel_ranking *base,
                                              const accelsel_sensitivity_options *opts,
                                              int (*progress)(double fraction, void *payload),
                                              void *payload)
{
    if (out == NULL)
        return asel_einval(FN, "out");
    *out = NULL;
    accelsel_sensitivity_options defaults = ACCELSEL_SENSITIVITY_OPTIONS_INIT;
    const accelsel_sensitivity_options *o = opts != NULL ? opts : &defaults;
    int rc = check_args(base, o);
    if (rc != 0)
        return rc;
    accelsel_sensitivity *s = asel_calloc(1, sizeof *s);
    if (s == NULL)
        return asel_enomem();
    s->n = o->n_samples;
    s->perturbation = o->perturbation;
    rc = asel_alloc_array(&s->taus, s->n, sizeof *s->taus);
    if (rc == 0)
        rc = compute(s, base, o, progress, payload);
    if (rc != 0) {
        accelsel_sensitivity_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

ACCELSEL_API size_t accelsel_sensitivity_samples(const accelsel_sensitivity *s)
{
    return s == NULL ? 0 : s->n;
}

ACCELSEL_API double accelsel_sensitivity_perturbation(const accelsel_sensitivity *s)
{
    return s == NULL ? NAN : s->perturbation;
}

ACCELSEL_API double accelsel_sensitivity_tau_mean(const accelsel_sensitivity *s)
{
    return s == NULL ? NAN : s->tau_mean;
}

ACCELSEL_API double accelsel_sensitivity_tau_min(const accelsel_sensitivity *s)
{
    return s == NULL ? NAN : s->tau_min;
}

ACCELSEL_API double accelsel_sensitivity_top1_fraction(const accelsel_sensitivity *s)
{
    return s == NULL ? NAN : s->top1;
}

ACCELSEL_API const double *accelsel_sensitivity_taus(const accelsel_sensitivity *s)
{
    return s == NULL ? NULL : s->taus;
}

ACCELSEL_API void accelsel_sensitivity_free(accelsel_sensitivity *s)
{
    if (s == NULL)
        return;
    asel_free(s->taus);
    asel_free(s);
}
