/* predictor:predict{...}: one prediction, its request and result as
 * tables with the names of include/accelsel/predict.h. */
#include <math.h>

#include "lua_accelsel.h"

static const char *const request_keys[] = {
    "network", "device", "system", "count", "nodes", "per_node", "intra_link", "inter_link",
    "host_cpu", "host_cores_per_node", "global_batch", "precision", "epochs", "epoch_samples",
    "total_samples", "sample_bytes", "threads", "stack", NULL
};

static void read_request(lua_State *L, int t, accelsel_predict_request *q)
{
    la_string(L, t, "device", &q->device);
    la_string(L, t, "system", &q->system);
    la_count(L, t, "count", &q->count);
    la_count(L, t, "nodes", &q->nodes);
    la_count(L, t, "per_node", &q->per_node);
    la_string(L, t, "intra_link", &q->intra_link);
    la_string(L, t, "inter_link", &q->inter_link);
    la_string(L, t, "host_cpu", &q->host_cpu);
    la_count(L, t, "host_cores_per_node", &q->host_cores_per_node);
    la_number(L, t, "global_batch", &q->global_batch);
    la_precision(L, t, "precision", &q->precision);
    la_number(L, t, "epochs", &q->epochs);
    la_number(L, t, "epoch_samples", &q->epoch_samples);
    la_number(L, t, "total_samples", &q->total_samples);
    la_number(L, t, "sample_bytes", &q->sample_bytes);
    la_count(L, t, "threads", &q->threads);
    la_stack(L, t, "stack", &q->stack);
}

static void push_prediction(lua_State *L, const accelsel_prediction *r,
                            const accelsel_catalog *cat)
{
    lua_createtable(L, 0, 20);
    la_set_number(L, "step_s", r->step_s);
    la_set_number(L, "epoch_s", r->epoch_s);
    la_set_number(L, "time_to_train_s", r->time_to_train_s);
    la_set_number(L, "throughput_samples_s", r->throughput_samples_s);
    la_set_number(L, "per_device_batch", r->per_device_batch);
    la_set_number(L, "global_batch", r->global_batch);
    la_set_number(L, "epochs", r->epochs);
    la_set_string(L, "precision", accelsel_precision_name(r->precision));
    la_set_number(L, "count", r->count);
    la_set_number(L, "nodes", r->nodes);
    la_set_number(L, "per_node", r->per_node);
    la_set_number(L, "memory_needed_bytes", r->memory_needed_bytes);
    la_set_number(L, "memory_available_bytes", r->memory_available_bytes);
    la_set_number(L, "correction", r->correction);
    la_set_string(L, "device", accelsel_catalog_device(cat, (size_t)r->device_index)->name);
    la_set_string(L, "error_group", accelsel_error_group_name(r->error_group));
    la_set_number(L, "error_median_pct", r->error_median_pct);
    la_set_number(L, "error_p90_pct", r->error_p90_pct);
}

/* predictor:predict(request): the prediction as a table. */
int la_predict(lua_State *L)
{
    const accelsel_predictor *p = la_check(L, 1, LA_PREDICTOR);
    la_check_keys(L, 2, "predict", request_keys);
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    read_request(L, 2, &q);
    q.network = la_network_field(L, 2);
    /* The predictor's catalog: its environment's first value. */
    lua_getfenv(L, 1);
    lua_rawgeti(L, -1, 1);
    const accelsel_catalog *cat = la_check(L, lua_gettop(L), LA_CATALOG);
    accelsel_prediction r = ACCELSEL_PREDICTION_INIT;
    int rc = accelsel_predictor_predict(p, &q, &r);
    if (rc < 0)
        return la_fail(L, rc);
    push_prediction(L, &r, cat);
    return 1;
}
