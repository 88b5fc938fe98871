/* Candidates from the catalog: each device or system at each count,
 * predicted for every network of the workload, and the one-node references
 * that their E' needs (accelsel_predictor_references()), as candidates that
 * only E' sees. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "recommend/recommend_impl.h"

/* A transformer's prediction under its fastest parallel plan: its time to
 * train (NaN without samples to train) and configuration into @p res. */
static int predict_plan(const asel_rec *w, const accelsel_predict_request *req,
                        accelsel_prediction *res)
{
    accelsel_plan_prediction best = {.version = ACCELSEL_PLAN_PREDICTION_VERSION};
    size_t n = 0;
    int rc = accelsel_predictor_predict_plan(w->pred, req, NULL, &best, 1, &n);
    if (rc != 0)
        return rc;
    res->time_to_train_s = best.time_to_train_s;
    res->step_s = best.step_s;
    res->count = best.count, res->nodes = best.nodes, res->per_node = best.per_node;
    res->error_median_pct = (double)NAN; /* no shipped evaluation covers plans */
    return 0;
}

/* Predict @p req: a transformer under its fastest plan, another network as
 * accelsel_predictor_predict() does. */
static int predict(const asel_rec *w, const accelsel_predict_request *req,
                   accelsel_prediction *res)
{
    if (accelsel_network_get_transformer(req->network) != NULL)
        return predict_plan(w, req, res);
    return accelsel_predictor_predict(w->pred, req, res);
}

int asel_rec_predict(asel_rec *w, size_t c, size_t net, const accelsel_predict_request *req,
                     int asked)
{
    accelsel_prediction res = ACCELSEL_PREDICTION_INIT;
    int rc = predict(w, req, &res);
    if (rc == 0 && isnan(res.time_to_train_s))
        rc = ACCELSEL_EDATA; /* nothing to train: no samples, epochs or recipe */
    if (rc == ACCELSEL_ENOMEM)
        return rc;
    if ((rc == ACCELSEL_EINVAL || rc == ACCELSEL_ENOTFOUND) && asked) {
        /* a request no configuration could meet, or a catalog without what
         * the device needs (a link, a host CPU) */
        char why[ASEL_MSG_MAX];
        snprintf(why, sizeof why, "%s", accelsel_last_error()->message);
        return asel_error_field(rc, rc == ACCELSEL_EINVAL ? "counts" : "catalog",
                                "accelsel_recommend: %s at %u%s: %s",
                                req->system != NULL ? req->system : req->device,
                                (unsigned)(req->system != NULL ? req->nodes : req->count),
                                req->system != NULL ? " nodes" : "", why);
    }
    if (rc != 0) {
        w->c[c].failed = 1;
        return 0;
    }
    w->time[c * w->n_net + net] = res.time_to_train_s / 60;
    w->err[c * w->n_net + net] = res.error_median_pct;
    return 0;
}

/* The candidate's name: "8 x DEVICE" or "SYSTEM x 4 nodes". */
static char *config_name(const accelsel_system_info *sys, const char *dev,
                         const accelsel_predict_request *req, int reference)
{
    char name[512];
    if (sys != NULL)
        snprintf(name, sizeof name, "%s x %u nodes%s", sys->name, (unsigned)req->nodes,
                 reference ? " (one-node reference)" : "");
    else
        snprintf(name, sizeof name, "%u x %s%s", (unsigned)req->count, dev,
                 reference ? " (one-node reference)" : "");
    return asel_strdup(name);
}

/* The configuration's layout: that of its prediction for the first network,
 * else what the request asks for. */
static void layout(const asel_rec *w, const accelsel_predict_request *req,
                   const accelsel_system_info *sys, asel_rec_cand *k)
{
    accelsel_prediction res = ACCELSEL_PREDICTION_INIT;
    if (predict(w, req, &res) == 0) {
        k->count = res.count, k->nodes = res.nodes, k->per_node = res.per_node;
        return;
    }
    k->nodes = sys != NULL ? req->nodes : NAN;
    k->per_node = sys != NULL ? sys->devices_per_node : NAN;
    k->count = sys != NULL ? (double)req->nodes * sys->devices_per_node : req->count;
}

/* Add the candidate of @p req (a request for the first network) and predict
 * every network of the workload on its configuration. */
static int add_config(asel_rec *w, const accelsel_predict_request *req, int reference)
{
    const accelsel_system_info *sys = NULL;
    size_t i;
    asel_rec_cand k = {.round = "predicted", .device = -1, .system = -1, .reference = reference};
    if (req->system != NULL && accelsel_catalog_find_system(w->cat, req->system, &i) == 0) {
        sys = accelsel_catalog_system(w->cat, i);
        k.system = (int64_t)i, k.device = sys->device;
    } else if (req->device != NULL && accelsel_catalog_find_device(w->cat, req->device, &i) == 0) {
        k.device = (int64_t)i;
    }
    k.model = k.device >= 0 ? accelsel_catalog_device(w->cat, (size_t)k.device)->name : "?";
    layout(w, req, sys, &k);
    if ((k.name = config_name(sys, k.model, req, reference)) == NULL)
        return asel_enomem();
    int rc = asel_rec_add(w, &k);
    for (size_t n = 0; rc == 0 && n < w->n_net; n++) {
        accelsel_predict_request q = *req;
        q.network = w->in->workload[n].network;
        q.epochs = w->in->workload[n].epochs;
        if (n > 0) /* a reference's batch is scaled to its count for the first network */
            q.global_batch = w->in->workload[n].global_batch;
        rc = asel_rec_predict(w, w->n - 1, n, &q, !reference);
    }
    return rc;
}

/* The names and counts asked for, or the defaults. */
typedef struct asked {
    const char **names;
    size_t n_names;
    char *default_names; /* owned copy the default names point into */
    uint32_t *counts;    /* owned when parsed from the default */
    const uint32_t *use_counts;
    size_t n_counts;
} asked;

static int defaults(const accelsel_recommend_inputs *in, asked *a)
{
    if (in->n_devices > 0) {
        a->names = (const char **)in->devices;
        a->n_names = (size_t)in->n_devices;
    } else {
        a->default_names = asel_strdup(ACCELSEL_RECOMMEND_DEFAULT_DEVICES);
        if (a->default_names == NULL)
            return asel_enomem();
        size_t n = 1;
        for (const char *p = a->default_names; *p; p++)
            n += *p == ',';
        if (asel_alloc_array(&a->names, n, sizeof *a->names) != 0)
            return ACCELSEL_ENOMEM;
        for (char *p = a->default_names, *tok = p; ; p++)
            if (*p == ',' || *p == '\0') {
                int end = *p == '\0';
                *p = '\0';
                a->names[a->n_names++] = tok;
                tok = p + 1;
                if (end)
                    break;
            }
    }
    if (in->n_counts > 0) {
        a->use_counts = in->counts;
        a->n_counts = (size_t)in->n_counts;
        return 0;
    }
    int rc = accelsel_predict_counts_parse(&a->counts, &a->n_counts,
                                           ACCELSEL_RECOMMEND_DEFAULT_COUNTS);
    a->use_counts = a->counts;
    return rc;
}

/* Every name is a system or a device of the catalog. */
static int check_names(const asel_rec *w, const asked *a, int *is_system)
{
    for (size_t i = 0; i < a->n_names; i++) {
        size_t k;
        is_system[i] = accelsel_catalog_find_system(w->cat, a->names[i], &k) == 0;
        if (!is_system[i] && accelsel_catalog_find_device(w->cat, a->names[i], &k) != 0) {
            char why[ASEL_MSG_MAX]; /* a copy: the new message is written where this one is */
            snprintf(why, sizeof why, "%s", accelsel_last_error()->message);
            return asel_error_field(ACCELSEL_ENOTFOUND, "devices", "%s", why);
        }
    }
    return 0;
}

static int add_all(asel_rec *w, const asked *a, const int *is_system)
{
    size_t n = a->n_names * a->n_counts, n_ref = 0;
    accelsel_predict_request *reqs = NULL, *refs = NULL;
    int rc = asel_alloc_array(&reqs, n ? n : 1, sizeof *reqs);
    for (size_t i = 0; rc == 0 && i < a->n_names; i++)
        for (size_t j = 0; j < a->n_counts; j++) {
            accelsel_predict_request *q = &reqs[i * a->n_counts + j];
            *q = (accelsel_predict_request)ACCELSEL_PREDICT_REQUEST_INIT;
            q->network = w->in->workload[0].network;
            q->global_batch = w->in->workload[0].global_batch;
            q->epochs = w->in->workload[0].epochs;
            if (is_system[i])
                q->system = a->names[i], q->nodes = a->use_counts[j];
            else
                q->device = a->names[i], q->count = a->use_counts[j];
        }
    size_t ok = 0;
    for (size_t i = 0; rc == 0 && i < n; i++) {
        rc = add_config(w, &reqs[i], 0);
        if (rc == 0 && !isnan(w->time[(w->n - 1) * w->n_net]))
            reqs[ok++] = reqs[i]; /* the references of those predicted */
    }
    if (rc == 0 && ok > 0)
        rc = accelsel_predictor_references(&refs, &n_ref, w->pred, reqs, ok);
    for (size_t i = 0; rc == 0 && i < n_ref; i++)
        rc = add_config(w, &refs[i], 1);
    accelsel_free(refs);
    asel_free(reqs);
    return rc;
}

int asel_rec_predicted(asel_rec *w)
{
    asked a = {0};
    int *is_system = NULL;
    int rc = defaults(w->in, &a);
    if (rc == 0)
        rc = asel_alloc_array(&is_system, a.n_names ? a.n_names : 1, sizeof *is_system);
    if (rc == 0)
        rc = check_names(w, &a, is_system);
    if (rc == 0)
        rc = add_all(w, &a, is_system);
    asel_free(is_system);
    if (a.default_names != NULL)
        asel_free((void *)a.names);
    asel_free(a.default_names);
    accelsel_free(a.counts);
    return rc;
}
