/* accelsel_predictor_evaluate_steps(): leave one network out. The eager
 * parameters are fitted on the rows of every other network and predict
 * the rows of the one left out, so that no figure comes from a fit that
 * saw the network it scores. */
#include <math.h>
#include <string.h>

#include "accelsel/steps.h"
#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"
#include "perf/steps_set.h"

enum { N_START, N_MEDIAN, N_P90, N_WORST, N_NUM };

/* The held-out prediction of every row of network @p k into @p pred. */
static int fold(const accelsel_predictor *p, const asel_steps_set *s, size_t k,
                unsigned char *use, double *pred)
{
    for (size_t i = 0; i < s->n; i++)
        use[i] = s->row[i].net != k;
    asel_perf_params par = p->par;
    int rc = asel_steps_fit(&par, s, use);
    if (rc == ACCELSEL_EEMPTY) /* the other networks ran no eager row: the start predicts */
        rc = 0;
    for (size_t i = 0; rc == 0 && i < s->n; i++)
        if (!use[i])
            pred[i] = asel_steps_predict(&par, s, i);
    return rc;
}

/* The rows of network @p k (every row when k == SIZE_MAX) into @p idx; their count. */
static size_t rows_of(const asel_steps_set *s, size_t k, size_t *idx)
{
    size_t m = 0;
    for (size_t i = 0; i < s->n; i++)
        if (k == SIZE_MAX || s->row[i].net == k)
            idx[m++] = i;
    return m;
}

/* Median and p90 of the errors of @p pred on rows @p idx into *med, *p90. */
static void errors(const asel_steps_set *s, const size_t *idx, size_t m, const double *pred,
                   double *scratch, double *med, double *p90)
{
    for (size_t j = 0; j < m; j++)
        scratch[j] = asel_perf_ape(pred[idx[j]], s->row[idx[j]].measured_s);
    asel_perf_quantiles(scratch, m, med, p90);
}

/* The statistics of one table row (network @p k, or all): its row count. */
static size_t group_stats(const asel_steps_set *s, size_t k, const double *pred,
                          const double *start, double *scratch, size_t *idx, double *out)
{
    size_t m = rows_of(s, k, idx);
    double unused;
    errors(s, idx, m, start, scratch, &out[N_START], &unused);
    errors(s, idx, m, pred, scratch, &out[N_MEDIAN], &out[N_P90]);
    out[N_WORST] = 0;
    for (size_t j = 0; j < m; j++) {
        double p = pred[idx[j]], t = s->row[idx[j]].measured_s;
        out[N_WORST] = fmax(out[N_WORST], isfinite(p) && p > 0 ? fmax(p / t, t / p) : INFINITY);
    }
    return m;
}

static int table(accelsel_dataset **out, const asel_steps_set *s, const double *pred,
                 const double *start, double *scratch)
{
    size_t n = s->n_nets + 1;
    const char **proto = asel_calloc(n, sizeof *proto), **grp = asel_calloc(n, sizeof *grp),
               **net = asel_calloc(n, sizeof *net);
    double *v = asel_calloc((N_NUM + 1) * n, sizeof *v);
    size_t *idx = asel_calloc(s->n, sizeof *idx);
    int rc = proto && grp && net && v && idx ? accelsel_dataset_new(out, n) : asel_enomem();
    for (size_t g = 0; rc == 0 && g < n; g++) {
        size_t k = g < s->n_nets ? g : SIZE_MAX;
        double stats[N_NUM];
        v[g] = (double)group_stats(s, k, pred, start, scratch, idx, stats);
        for (int c = 0; c < N_NUM; c++)
            v[(size_t)(c + 1) * n + g] = stats[c];
        proto[g] = "leave-one-network-out";
        grp[g] = "steps";
        net[g] = k == SIZE_MAX ? "all" : accelsel_network_name(s->nets[k]);
    }
    static const char *const num[N_NUM + 1] = { "rows", "start_median_ape", "model_median_ape",
                                                "model_p90_ape", "model_worst_times" };
    if (rc == 0 && (rc = accelsel_dataset_add_categorical(*out, "protocol", proto, n)) == 0 &&
        (rc = accelsel_dataset_add_categorical(*out, "group", grp, n)) == 0)
        rc = accelsel_dataset_add_categorical(*out, "network", net, n);
    for (int c = 0; rc == 0 && c <= N_NUM; c++)
        rc = accelsel_dataset_add_numeric(*out, num[c], v + (size_t)c * n, n);
    asel_free(proto), asel_free(grp), asel_free(net), asel_free(v), asel_free(idx);
    return rc;
}

ACCELSEL_API int accelsel_predictor_evaluate_steps(accelsel_dataset **out,
                                                   const accelsel_predictor *p,
                                                   const accelsel_dataset *steps)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || steps == NULL)
        return asel_einval("accelsel_predictor_evaluate_steps",
                           out == NULL ? "out" : p == NULL ? "p" : "steps");
    asel_steps_set s;
    int rc = asel_steps_set_read(&s, p, steps);
    if (rc < 0)
        return rc;
    double *pred = asel_calloc(3 * s.n, sizeof *pred);
    unsigned char *use = asel_calloc(s.n, 1);
    rc = pred && use ? 0 : asel_enomem();
    for (size_t i = 0; rc == 0 && i < s.n; i++)
        pred[s.n + i] = asel_steps_predict(&p->par, &s, i);
    for (size_t k = 0; rc == 0 && k < s.n_nets; k++)
        rc = fold(p, &s, k, use, pred);
    if (rc == 0 && (rc = table(out, &s, pred, pred + s.n, pred + 2 * s.n)) < 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    asel_free(pred);
    asel_free(use);
    asel_steps_set_free(&s);
    return rc;
}
