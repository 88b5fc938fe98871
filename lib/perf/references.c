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
    if (rc == 0)
        rc = accelsel_predictor_predict(p, &out->q, &out->res);
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

/* The one-node reference of the requests of what @p v[i] is of, if its
 * first (its smallest, first on ties) spans several nodes and none is one
 * node: 1 with *ref set; 0 if none is needed. */
static int reference_of(const predicted *v, size_t n, size_t i, accelsel_predict_request *ref)
{
    size_t m = i;
    for (size_t j = 0; j < n; j++) {
        if (!same(v[j].of, v[i].of))
            continue;
        if (j < i || v[j].res.nodes == 1)
            return 0; /* an earlier request had the say, or one node is there */
        if (v[j].res.count < v[m].res.count)
            m = j;
    }
    if (v[m].res.nodes <= 1)
        return 0;
    const accelsel_prediction *r = &v[m].res;
    *ref = v[m].q;
    ref->nodes = 1;
    ref->count = ref->system != NULL ? 0 : r->per_node;
    if (ref->global_batch > 0) /* the same samples per device */
        ref->global_batch = fmax(r->per_node, round(ref->global_batch / r->count * r->per_node));
    return 1;
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
    accelsel_predict_request *refs = asel_calloc(n ? n : 1, sizeof *refs);
    int rc = v != NULL && refs != NULL ? predict_each(p, reqs, n, v) : asel_enomem();
    size_t k = 0;
    for (size_t i = 0; rc == 0 && i < n; i++)
        k += (size_t)reference_of(v, n, i, &refs[k]);
    asel_free(v);
    if (rc != 0) {
        asel_free(refs);
        return rc;
    }
    *out = refs;
    *n_out = k;
    return 0;
}
