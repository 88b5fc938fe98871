/* The one-node references of a list of what-if requests. A row's
 * efficiency E' is against the row of its device with the fewest
 * accelerators in its round (round "predicted" for every predicted row):
 * without its one-node configuration, a lone 32-node system would be its
 * own reference, E' = 1, and rank beside the best single nodes. */
#include <math.h>
#include <stdio.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/append.h"
#include "perf/predictor_impl.h"

/* What a request is of: a catalog system (by index) or a device. */
typedef struct of_what {
    int system;
    size_t index;
} of_what;

typedef struct predicted {
    accelsel_predict_request q; /* read as a current request */
    accelsel_prediction res;
    of_what of;
} predicted;

static int predict_one(const accelsel_predictor *p, const accelsel_predict_request *req,
                       size_t i, predicted *out)
{
    int rc = asel_perf_request_read(req, &out->q);
    out->res = (accelsel_prediction){ .version = ACCELSEL_PREDICTION_VERSION };
    accelsel_plan plan;
    if (rc == 0)
        rc = asel_perf_what_if(p, &out->q, &out->res, &plan);
    if (rc < 0) {
        char msg[ASEL_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
        return asel_error(rc, "request %zu: %s", i, msg);
    }
    out->of.system = out->q.system != NULL;
    out->of.index = (size_t)out->res.device_index;
    if (out->of.system)
        accelsel_catalog_find_system(p->cat, out->q.system, &out->of.index);
    return 0;
}

static int same(of_what a, of_what b)
{
    return a.system == b.system && a.index == b.index;
}

/* The requests of one system or device: its smallest (the first on ties)
 * and whether one of them is one node. */
typedef struct of_rows {
    of_what of;
    size_t smallest;
    int has_one_node;
} of_rows;

/* The systems and devices of @p v in order of first appearance, in @p k
 * (room for @p n); their number. Linear in the requests times the names,
 * which the catalog bounds. */
static size_t group_rows(const predicted *v, size_t n, of_rows *k)
{
    size_t nk = 0;
    for (size_t i = 0; i < n; i++) {
        size_t g = 0;
        while (g < nk && !same(k[g].of, v[i].of))
            g++;
        if (g == nk)
            k[nk++] = (of_rows){ v[i].of, i, 0 };
        if (v[i].res.count < v[k[g].smallest].res.count)
            k[g].smallest = i;
        k[g].has_one_node |= v[i].res.nodes == 1;
    }
    return nk;
}

/* The one-node reference of request @p m, the smallest of its system or
 * device: a copy at one node, a global batch it sets scaled to the same
 * samples per device. */
static accelsel_predict_request reference_of(const predicted *m)
{
    const accelsel_prediction *r = &m->res;
    accelsel_predict_request ref = m->q;
    ref.nodes = 1;
    ref.count = ref.system != NULL ? 0 : r->per_node;
    if (ref.global_batch > 0)
        ref.global_batch = fmax(r->per_node, round(ref.global_batch / r->count * r->per_node));
    return ref;
}

/* The requests of @p reqs predicted, in @p v (@p n of them). */
static int predict_each(const accelsel_predictor *p, const accelsel_predict_request *reqs,
                        size_t n, predicted *v)
{
    int rc = asel_perf_check_requests(reqs, n);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = predict_one(p, asel_perf_request_at(reqs, i), i, &v[i]);
    return rc;
}

ACCELSEL_API int accelsel_predictor_references(accelsel_predict_request **out, size_t *n_out,
                                               const accelsel_predictor *p,
                                               const accelsel_predict_request *reqs, size_t n)
{
    if (out != NULL)
        *out = NULL;
    if (n_out != NULL)
        *n_out = 0;
    const char *bad = out == NULL ? "out" : n_out == NULL ? "n_out" : p == NULL ? "p"
                      : reqs == NULL && n > 0 ? "reqs" : NULL;
    if (bad != NULL)
        return asel_error_field(ACCELSEL_EINVAL, bad,
                                "accelsel_predictor_references: invalid argument '%s'", bad);
    predicted *v = asel_calloc(n ? n : 1, sizeof *v);
    of_rows *rows = asel_calloc(n ? n : 1, sizeof *rows);
    accelsel_predict_request *refs = asel_calloc(n ? n : 1, sizeof *refs);
    int rc = v && rows && refs ? predict_each(p, reqs, n, v) : asel_enomem();
    size_t k = 0, nk = rc == 0 ? group_rows(v, n, rows) : 0;
    /* A transformer large enough for parallel plans seldom fits one node:
     * its smallest predicted row is its reference. */
    for (size_t g = 0; g < nk; g++) {
        const predicted *m = &v[rows[g].smallest];
        if (!rows[g].has_one_node && m->res.nodes > 1 &&
            accelsel_network_get_transformer(m->q.network) == NULL)
            refs[k++] = reference_of(m);
    }
    asel_free(rows);
    asel_free(v);
    if (rc != 0) {
        asel_free(refs);
        return rc;
    }
    *out = refs;
    *n_out = k;
    return 0;
}
