/* Candidates from measured rows: the rows the selection keeps, each a
 * configuration whose time a network of the workload takes is the row's
 * time when the row measured that network, else predicted on the row's
 * device and counts. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "accelsel/select.h"
#include "core/alloc.h"
#include "core/error.h"
#include "perf/rows.h"
#include "recommend/recommend_impl.h"

typedef struct rows {
    const accelsel_dataset *ds;
    size_t time, total, nodes, per_node, model, family, round, name, benchmark; /* SIZE_MAX: absent */
} rows;

static size_t col(const accelsel_dataset *ds, const char *name)
{
    size_t c;
    return accelsel_dataset_column_index(ds, name, &c) == 0 ? c : SIZE_MAX;
}

static double num(const rows *r, size_t row, size_t c)
{
    return c != SIZE_MAX ? accelsel_dataset_number(r->ds, row, c) : NAN;
}

static const char *str(const rows *r, size_t row, size_t c)
{
    return c != SIZE_MAX ? accelsel_dataset_string(r->ds, row, c) : NULL;
}

/* Whether row @p row measured network @p net: a table without a benchmark
 * measures ResNet-50 (the zoo's "resnet50"), a benchmark cell the network of
 * its name or, ResNet-50's names, "resnet50". */
static int measures(const rows *r, size_t row, const accelsel_network *net)
{
    const char *b = str(r, row, r->benchmark), *name = accelsel_network_name(net);
    if (b != NULL && strcasecmp(b, name) == 0)
        return 1;
    return asel_perf_is_resnet(b) && strcmp(name, "resnet50") == 0;
}

/* The request that predicts the row's configuration: its device, count and,
 * where they divide it, nodes. */
static void request(const asel_rec *w, const asel_rec_cand *c, size_t net,
                    accelsel_predict_request *q)
{
    *q = (accelsel_predict_request)ACCELSEL_PREDICT_REQUEST_INIT;
    q->network = w->in->workload[net].network;
    q->device = accelsel_catalog_device(w->cat, (size_t)c->device)->name;
    q->count = (uint32_t)c->count;
    if (c->nodes >= 1 && fmod(c->count, c->nodes) == 0)
        q->nodes = (uint32_t)c->nodes;
    q->global_batch = w->in->workload[net].global_batch;
    q->epochs = w->in->workload[net].epochs;
}

static int row_times(asel_rec *w, const rows *r, size_t row, size_t c)
{
    asel_rec_cand *k = &w->c[c];
    for (size_t i = 0; i < w->n_net; i++) {
        if (measures(r, row, w->in->workload[i].network)) {
            w->time[c * w->n_net + i] = num(r, row, r->time);
            w->meas[c * w->n_net + i] = 1;
            k->measured++;
            continue;
        }
        if (k->device < 0 || w->pred == NULL) {
            k->failed = 1;
            continue;
        }
        accelsel_predict_request q;
        request(w, k, i, &q);
        int rc = asel_rec_predict(w, c, i, &q, 0);
        if (rc != 0)
            return rc;
    }
    return 0;
}

static int add_row(asel_rec *w, const rows *r, size_t row)
{
    double total = num(r, row, r->total), nodes = num(r, row, r->nodes);
    if (isnan(total))
        total = nodes * num(r, row, r->per_node);
    if (!(total >= 1 && total <= 4294967295.0 && total == floor(total)))
        return 0; /* not a configuration: nothing to buy */
    const char *model = str(r, row, r->model), *round = str(r, row, r->round),
               *system = str(r, row, r->name);
    char name[512];
    if (system != NULL)
        snprintf(name, sizeof name, "%s (%s)", system, round != NULL ? round : "-");
    else
        snprintf(name, sizeof name, "line %llu",
                 (unsigned long long)accelsel_dataset_row_line(r->ds, row));
    size_t dev;
    asel_rec_cand k = {.model = model, .round = round != NULL ? round : "-", .system = -1,
                       .count = total, .nodes = nodes >= 1 ? nodes : NAN,
                       .per_node = num(r, row, r->per_node)};
    const char *known = asel_perf_row_accelerator(w->cat, model, str(r, row, r->family));
    k.device = known != NULL && accelsel_catalog_find_device(w->cat, known, &dev) == 0
                   ? (int64_t)dev : -1;
    if ((k.name = asel_strdup(name)) == NULL)
        return asel_enomem();
    int rc = asel_rec_add(w, &k);
    return rc != 0 ? rc : row_times(w, r, row, w->n - 1);
}

int asel_rec_measured(asel_rec *w, accelsel_dataset **kept)
{
    int rc = accelsel_selection_keep_rows(kept, w->in->measured, ACCELSEL_SELECTION_ROWS_KEPT);
    if (rc != 0)
        return rc;
    rows r = {.ds = *kept};
    r.time = col(*kept, "time_to_train_min");
    r.total = col(*kept, "total_accelerators");
    r.nodes = col(*kept, "number_of_nodes");
    r.per_node = col(*kept, "accelerators_per_node");
    r.model = col(*kept, "accelerator_model_name");
    r.family = col(*kept, "accelerator_family");
    r.round = col(*kept, "round");
    r.name = col(*kept, "system_name");
    r.benchmark = col(*kept, "benchmark");
    if (r.time == SIZE_MAX)
        return asel_error_field(ACCELSEL_ENOTFOUND, "measured",
                                "accelsel_recommend: the measured rows have no time_to_train_min");
    for (size_t row = 0; rc == 0 && row < accelsel_dataset_rows(*kept); row++)
        rc = add_row(w, &r, row);
    return rc;
}
