/* accelsel_ranking_compute(): checks, then columns -> oriented matrix ->
 * Pareto fronts (when asked for, or for the Pareto method) -> method
 * normalisation and scores -> order and ranks. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "rank/rank_impl.h"

#define FN "accelsel_ranking_compute"

/* @p opts as a struct of this version: a version-1 struct ends before ties. */
static int read_opts(const accelsel_rank_options *opts, accelsel_rank_options *o)
{
    *o = (accelsel_rank_options)ACCELSEL_RANK_OPTIONS_INIT;
    if (opts == NULL)
        return 0;
    if (opts->version != 1 && opts->version != ACCELSEL_RANK_OPTIONS_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "version", FN ": unknown opts->version %u",
                                opts->version);
    memcpy(o, opts, opts->version == 1 ? offsetof(accelsel_rank_options, ties) : sizeof *o);
    if (o->missing != ACCELSEL_RANK_MISSING_EXCLUDE && o->missing != ACCELSEL_RANK_MISSING_ERROR)
        return asel_error_field(ACCELSEL_EINVAL, "missing", FN ": opts->missing is %u, not a "
                                "ACCELSEL_RANK_MISSING_ policy", (unsigned)o->missing);
    if (o->pareto_fronts > 1)
        return asel_error_field(ACCELSEL_EINVAL, "pareto_fronts", FN ": opts->pareto_fronts is "
                                "%u, not 0 or 1", (unsigned)o->pareto_fronts);
    if (o->ties > ACCELSEL_RANK_TIES_TOPSIS)
        return asel_error_field(ACCELSEL_EINVAL, "ties", FN ": opts->ties is %u, not a "
                                "ACCELSEL_RANK_TIES_ rule", (unsigned)o->ties);
    if (o->shared_ranks > 1)
        return asel_error_field(ACCELSEL_EINVAL, "shared_ranks", FN ": opts->shared_ranks is "
                                "%u, not 0 or 1", (unsigned)o->shared_ranks);
    return 0;
}

static int check_args(const accelsel_dataset *ds, const accelsel_criterion *criteria, size_t n,
                      int method, const accelsel_rank_options *opts, accelsel_rank_options *o)
{
    if (ds == NULL)
        return asel_einval(FN, "ds");
    if (criteria == NULL)
        return asel_einval(FN, "criteria");
    if (n == 0)
        return asel_error_field(ACCELSEL_EINVAL, "n_criteria", FN ": n_criteria is 0");
    if (accelsel_rank_method_name(method) == NULL)
        return asel_error_field(ACCELSEL_EINVAL, "method", FN ": method %d is not "
                                "ACCELSEL_RANK_TOPSIS, _WSUM or _PARETO", method);
    int rc = read_opts(opts, o);
    if (rc == 0)
        rc = asel_rank_check_criteria(criteria, n);
    if (rc != 0)
        return rc;
    if (accelsel_dataset_rows(ds) == 0)
        return asel_error(ACCELSEL_EEMPTY, FN ": the dataset has no rows");
    return 0;
}

/* Resolve the columns, keep the used criteria and gather the matrix. */
static int load(accelsel_ranking *r, const accelsel_dataset *ds, const accelsel_criterion *c,
                uint32_t missing)
{
    size_t n = r->n_crit, k = r->n_used;
    size_t *cols = NULL;
    asel_rank_column *used = NULL;
    int rc = asel_alloc_array(&cols, n, sizeof *cols);
    if (rc == 0)
        rc = asel_alloc_array(&used, k, sizeof *used);
    if (rc == 0)
        rc = asel_rank_resolve(ds, c, n, cols);
    if (rc == 0) {
        for (size_t i = 0, u = 0; i < n; i++) {
            if (c[i].weight == 0.0)
                continue;
            used[u] = (asel_rank_column){accelsel_dataset_numeric(ds, cols[i]), c[i].column,
                                         c[i].direction == ACCELSEL_CRITERION_COST ? -1.0 : 1.0};
            r->used_w[u++] = r->weights[i];
        }
        rc = asel_rank_gather(r, ds, used, k, missing);
    }
    asel_free(cols);
    asel_free(used);
    return rc;
}

void asel_rank_score(const accelsel_ranking *r, const double *w, double *scratch, double *score)
{
    size_t m = r->n_ranked, k = r->n_used;
    if (r->method == ACCELSEL_RANK_TOPSIS)
        asel_topsis_score(r->norm, m, k, w, scratch, score);
    else if (r->method == ACCELSEL_RANK_WSUM)
        asel_wsum_score(r->norm, m, k, w, score);
    else
        for (size_t i = 0; i < m; i++)
            score[i] = 1.0 / (double)r->fronts[r->rows[i]];
}

const double *asel_rank_tie_matrix(const accelsel_ranking *r)
{
    return r->method == ACCELSEL_RANK_PARETO || r->ties != ACCELSEL_RANK_TIES_DOMINANCE ? NULL
                                                                                      : r->norm;
}

/* The TOPSIS closeness of the ranked rows on the oriented matrix, before the
 * method normalises it in place: the secondary criterion of
 * ACCELSEL_RANK_TIES_TOPSIS, @p second (m values). */
static int topsis_second(const accelsel_ranking *r, double *second)
{
    size_t m = r->n_ranked, k = r->n_used;
    double *x = NULL, *scratch = NULL;
    if (asel_alloc_array(&x, m * k > 0 ? m * k : 1, sizeof *x) != 0 ||
        asel_alloc_array(&scratch, 2 * k, sizeof *scratch) != 0) {
        asel_free(x);
        return ACCELSEL_ENOMEM;
    }
    memcpy(x, r->norm, m * k * sizeof *x);
    asel_topsis_normalise(x, m, k);
    asel_topsis_score(x, m, k, r->used_w, scratch, second);
    asel_free(x);
    asel_free(scratch);
    return 0;
}

/* Fronts of every ranked row, on the oriented matrix before normalisation;
 * scratch: m entries. */
static int all_fronts(accelsel_ranking *r, size_t *front)
{
    size_t m = r->n_ranked;
    int rc = asel_pareto_fronts_fast(r->norm, r->n_used, m, front, &r->n_fronts);
    for (size_t i = 0; rc == 0 && i < m; i++)
        r->fronts[r->rows[i]] = front[i];
    return rc;
}

/* Fronts if asked for, scores, order and ranks; scratch: 4m size_t and
 * 2m + 2k doubles. */
static int rank_rows(accelsel_ranking *r, int shared, size_t *iscratch, double *dscratch)
{
    size_t m = r->n_ranked, k = r->n_used;
    double *score = dscratch, *second = dscratch + m;
    if (r->fronts != NULL && all_fronts(r, iscratch) != 0)
        return ACCELSEL_ENOMEM;
    if (r->ties == ACCELSEL_RANK_TIES_TOPSIS && topsis_second(r, second) != 0)
        return ACCELSEL_ENOMEM;
    if (r->method == ACCELSEL_RANK_TOPSIS)
        asel_topsis_normalise(r->norm, m, k);
    else if (r->method == ACCELSEL_RANK_WSUM)
        asel_wsum_normalise(r->norm, m, k);
    asel_rank_score(r, r->used_w, dscratch + 2 * m, score);
    if (r->ties == ACCELSEL_RANK_TIES_TOPSIS)
        asel_rank_order_second(score, second, m, r->order, iscratch);
    else
        asel_rank_order(score, asel_rank_tie_matrix(r), m, k, r->order, iscratch);
    for (size_t i = 0; i < r->n_rows; i++)
        r->scores[i] = NAN;
    for (size_t i = 0, prev = 0; i < m; i++) {
        size_t row = r->rows[r->order[i]];
        r->scores[row] = score[r->order[i]];
        int tie = shared && i > 0 && r->scores[row] == r->scores[prev];
        r->ranks[row] = tie ? r->ranks[prev] : i + 1;
        r->order[i] = prev = row;
    }
    return 0;
}

static int build(accelsel_ranking *r, const accelsel_dataset *ds, const accelsel_criterion *c,
                 const accelsel_rank_options *o, int want_fronts)
{
    if (asel_alloc_array(&r->weights, r->n_crit, sizeof *r->weights) != 0)
        return ACCELSEL_ENOMEM;
    r->n_used = asel_rank_weights(c, r->n_crit, r->weights);
    if (asel_alloc_array(&r->used_w, r->n_used, sizeof *r->used_w) != 0)
        return ACCELSEL_ENOMEM;
    int rc = load(r, ds, c, o->missing);
    if (rc != 0)
        return rc;
    size_t m = r->n_ranked;
    size_t *iscratch = NULL;
    double *dscratch = NULL;
    if ((want_fronts && asel_alloc_array(&r->fronts, r->n_rows, sizeof *r->fronts) != 0) ||
        asel_alloc_array(&r->scores, r->n_rows, sizeof *r->scores) != 0 ||
        asel_alloc_array(&r->ranks, r->n_rows, sizeof *r->ranks) != 0 ||
        asel_alloc_array(&r->order, m, sizeof *r->order) != 0 ||
        asel_alloc_array(&iscratch, 4 * m, sizeof *iscratch) != 0 ||
        asel_alloc_array(&dscratch, 2 * m + 2 * r->n_used, sizeof *dscratch) != 0)
        rc = ACCELSEL_ENOMEM;
    else
        rc = rank_rows(r, o->shared_ranks, iscratch, dscratch);
    asel_free(iscratch);
    asel_free(dscratch);
    return rc;
}

ACCELSEL_API int accelsel_ranking_compute(accelsel_ranking **out, const accelsel_dataset *ds,
                                          const accelsel_criterion *criteria, size_t n_criteria,
                                          int method, const accelsel_rank_options *opts)
{
    if (out == NULL)
        return asel_einval(FN, "out");
    *out = NULL;
    accelsel_rank_options o;
    int rc = check_args(ds, criteria, n_criteria, method, opts, &o);
    if (rc != 0)
        return rc;
    accelsel_ranking *r = asel_calloc(1, sizeof *r);
    if (r == NULL)
        return asel_enomem();
    r->method = method;
    r->n_rows = accelsel_dataset_rows(ds);
    r->n_crit = n_criteria;
    r->ties = o.ties;
    rc = build(r, ds, criteria, &o, method == ACCELSEL_RANK_PARETO || o.pareto_fronts);
    if (rc != 0) {
        accelsel_ranking_free(r);
        return rc;
    }
    *out = r;
    return 0;
}

ACCELSEL_API void accelsel_ranking_free(accelsel_ranking *r)
{
    if (r == NULL)
        return;
    asel_free(r->weights);
    asel_free(r->used_w);
    asel_free(r->norm);
    asel_free(r->rows);
    asel_free(r->scores);
    asel_free(r->ranks);
    asel_free(r->fronts);
    asel_free(r->order);
    asel_free(r);
}
