/* Reading MLPerf rows as configurations. Only configuration columns are
 * read for the prediction; time_to_train_min, epochs_mean, round, family,
 * division and same_runs_as are kept apart for calibration and reports. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/rows.h"
#include "perf/software.h"

typedef struct cols {
    size_t model, family, total, nodes, per_node, link, host, host_n, host_cores, batch;
    size_t time, epochs, round, division, same_runs, benchmark;
} cols;

size_t asel_perf_column(const accelsel_dataset *ds, const char *name)
{
    size_t n = accelsel_dataset_cols(ds);
    for (size_t c = 0; c < n; c++)
        if (strcmp(accelsel_dataset_column_name(ds, c), name) == 0)
            return c;
    return SIZE_MAX;
}

static size_t col(const accelsel_dataset *ds, const char *name)
{
    return asel_perf_column(ds, name);
}

static const char *str(const accelsel_dataset *ds, size_t r, size_t c)
{
    return c == SIZE_MAX ? NULL : accelsel_dataset_string(ds, r, c);
}

static double num(const accelsel_dataset *ds, size_t r, size_t c)
{
    if (c == SIZE_MAX)
        return NAN;
    if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC)
        return accelsel_dataset_number(ds, r, c);
    const char *s = accelsel_dataset_string(ds, r, c);
    char *end;
    double v = s ? strtod(s, &end) : NAN;
    return s && *end == '\0' && end != s ? v : NAN;
}

/* Whether a text column holds a value at the row (one that num() may not read). */
static int has_text(const accelsel_dataset *ds, size_t r, size_t c)
{
    const char *s = c == SIZE_MAX || accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC
                        ? NULL
                        : accelsel_dataset_string(ds, r, c);
    return s != NULL && s[0] != '\0';
}

static int positive(double v)
{
    return isfinite(v) && v > 0;
}

/* An accelerator count: a whole number from 1 to UINT32_MAX, else 0. */
static uint32_t whole_count(double v)
{
    return v >= 1 && v <= UINT32_MAX && v == floor(v) ? (uint32_t)v : 0;
}

/* The catalog device the row names: its accelerator, or the family alone
 * (some rounds name the accelerator only by family, "TPU" in v0.7). NULL
 * when the catalog has neither. */
static const char *accel_name(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                              const cols *c)
{
    size_t d;
    const char *model = str(ds, r, c->model), *fam = str(ds, r, c->family);
    if (model && accelsel_catalog_find_device(p->cat, model, &d) == 0)
        return model;
    return fam && accelsel_catalog_find_device(p->cat, fam, &d) == 0 ? fam : NULL;
}

/* MLPerf marks CPU-only systems with the family "none (CPU only)", an
 * accelerator name such as "NA" and no accelerators: the host CPU is then the
 * device, one per socket. A row whose count is missing or zero but whose
 * accelerator the catalog knows is an accelerator row with its count missing. */
static int cpu_row(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                   const cols *c)
{
    const char *fam = str(ds, r, c->family);
    double total = num(ds, r, c->total);
    if (fam && strcasestr(fam, "cpu") != NULL)
        return 1;
    return (isnan(total) || total == 0) && accel_name(p, ds, r, c) == NULL;
}

static void fill_cpu(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                     const cols *c, accelsel_predict_request *q)
{
    uint32_t nodes = whole_count(num(ds, r, c->nodes)), sockets = whole_count(num(ds, r, c->host_n));
    q->device = str(ds, r, c->host);
    size_t d;
    if (sockets == 0 && q->device && accelsel_catalog_find_device(p->cat, q->device, &d) == 0) {
        double cores = num(ds, r, c->host_cores), per = accelsel_catalog_device(p->cat, d)->cores;
        sockets = positive(cores) && per > 0 ? whole_count(fmax(1.0, round(cores / per))) : 1;
    }
    q->per_node = sockets > 0 ? sockets : 1;
    q->nodes = nodes > 0 ? nodes : 1;
}

static void fill_accel(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                       const cols *c, accelsel_predict_request *q)
{
    size_t d;
    uint32_t nodes = whole_count(num(ds, r, c->nodes));
    q->device = accel_name(p, ds, r, c);
    if (q->device == NULL) /* unknown: resolving it names the nearest devices */
        q->device = str(ds, r, c->model);
    q->count = whole_count(num(ds, r, c->total));
    if (nodes > 0 && q->count > 0 && q->count % nodes == 0)
        q->nodes = nodes;
    const char *link = str(ds, r, c->link);
    if (link && accelsel_catalog_find_link(p->cat, link, &d) == 0)
        q->intra_link = link;
    double cores = num(ds, r, c->host_cores), n = num(ds, r, c->host_n);
    if (positive(cores) && cores < 1e6)
        q->host_cores_per_node = (uint32_t)(cores * (positive(n) && n < 64 ? n : 1));
}

/* The row's note: @p why, or the message of the failure just recorded. */
static char *note_of(const char *why)
{
    return asel_strdup(why ? why : accelsel_last_error()->message);
}

/* Whether the row's benchmark, where a column names it, is ResNet-50: as
 * MLPerf's tables name it ("resnet", "ResNet") or its task
 * ("image_classification"). Rows of other benchmarks are not predicted as
 * ResNet-50. */
static int is_resnet(const char *benchmark)
{
    return benchmark == NULL || benchmark[0] == '\0' || strncasecmp(benchmark, "resnet", 6) == 0 ||
           strcasecmp(benchmark, "image_classification") == 0;
}

static int read_row(const accelsel_predictor *p, const accelsel_dataset *ds, size_t r,
                    const cols *c, const accelsel_network *net, asel_perf_row *out)
{
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = net;
    double batch = num(ds, r, c->batch);
    q.global_batch = positive(batch) ? batch : 0;
    int cpu = cpu_row(p, ds, r, c);
    if (cpu)
        fill_cpu(p, ds, r, c, &q);
    else
        fill_accel(p, ds, r, c, &q);
    const char *why = NULL, *benchmark = str(ds, r, c->benchmark);
    char bad_count[128], other[160];
    double total = num(ds, r, c->total);
    int rc = 0;
    if (!is_resnet(benchmark)) {
        snprintf(other, sizeof other, "benchmark '%.*s%s' is not ResNet-50, the network rows are "
                 "predicted as", ASEL_QUOTE_MAX, benchmark, asel_ellipsis(benchmark));
        why = other;
    } else if (q.device == NULL)
        why = "no accelerator or host processor name";
    else if (!cpu && q.count == 0 && (isnan(total) || total == 0) && !has_text(ds, r, c->total))
        why = "missing accelerator count";
    else if (!cpu && q.count == 0 && isnan(total)) {
        const char *t = str(ds, r, c->total);
        snprintf(bad_count, sizeof bad_count, "accelerator count '%.*s%s' is not a number",
                 ASEL_QUOTE_MAX, t, asel_ellipsis(t));
        why = bad_count;
    } else if (!cpu && q.count == 0) {
        snprintf(bad_count, sizeof bad_count,
                 "accelerator count %g is not a whole number from 1 to %u", total, UINT32_MAX);
        why = bad_count;
    } else if ((rc = asel_perf_resolve(p, &q, &out->cfg)) == ACCELSEL_ENOMEM)
        return rc;
    out->ok = why == NULL && rc == 0;
    if (!out->ok && (out->note = note_of(why)) == NULL)
        return asel_enomem();
    out->measured_min = num(ds, r, c->time);
    out->epochs_mean = num(ds, r, c->epochs);
    out->round = asel_perf_round_code(str(ds, r, c->round), NULL);
    out->family = str(ds, r, c->family) ? str(ds, r, c->family) : "";
    const char *div = str(ds, r, c->division);
    out->closed = div == NULL || strcmp(div, "closed") == 0;
    const char *same = str(ds, r, c->same_runs);
    out->repeat = same != NULL && same[0] != '\0';
    return 0;
}

int asel_perf_rows_read(asel_perf_rows *out, const accelsel_predictor *p,
                        const accelsel_dataset *ds)
{
    *out = (asel_perf_rows){ 0 };
    size_t need;
    int rc;
    if ((rc = accelsel_dataset_column_index(ds, "accelerator_model_name", &need)) < 0 ||
        (rc = accelsel_dataset_column_index(ds, "total_accelerators", &need)) < 0)
        return rc;
    cols c = { col(ds, "accelerator_model_name"), col(ds, "accelerator_family"),
               col(ds, "total_accelerators"), col(ds, "number_of_nodes"),
               col(ds, "accelerators_per_node"), col(ds, "accelerator_interconnect"),
               col(ds, "host_processor_model_name"), col(ds, "host_processors_per_node"),
               col(ds, "host_processor_core_count"), col(ds, "global_batch_size"),
               col(ds, "time_to_train_min"), col(ds, "epochs_mean"), col(ds, "round"),
               col(ds, "division"), col(ds, "same_runs_as"), col(ds, "benchmark") };
    size_t n = accelsel_dataset_rows(ds);
    if ((rc = accelsel_network_load_zoo(&out->net, "resnet50", NULL)) < 0)
        return rc;
    if ((rc = asel_alloc_array(&out->row, n ? n : 1, sizeof *out->row)) < 0) {
        asel_perf_rows_free(out);
        return rc;
    }
    memset(out->row, 0, (n ? n : 1) * sizeof *out->row);
    out->n = n;
    for (size_t r = 0; r < n; r++)
        if ((rc = read_row(p, ds, r, &c, out->net, &out->row[r])) < 0) {
            asel_perf_rows_free(out);
            return rc;
        }
    return 0;
}

void asel_perf_rows_free(asel_perf_rows *rows)
{
    for (size_t i = 0; rows->row && i < rows->n; i++)
        asel_free(rows->row[i].note);
    asel_free(rows->row);
    accelsel_network_free(rows->net);
    *rows = (asel_perf_rows){ 0 };
}

void asel_perf_row_step(const asel_perf_params *par, const asel_perf_row *r,
                        const accelsel_network *net, asel_perf_step *s)
{
    asel_perf_device_step(par, r->cfg.dev, net, r->cfg.per_device_batch, r->cfg.precision, s,
                          NULL, 0);
}

static int row_run_step(const asel_perf_params *par, double corr, const asel_perf_row *r,
                        const accelsel_network *net, const asel_perf_step *s,
                        accelsel_prediction *res)
{
    return asel_perf_run_step(par, corr * asel_perf_software_factor(par, r->round), &r->cfg, net,
                              s, res);
}

int asel_perf_row_run(const asel_perf_params *par, double corr, const asel_perf_row *r,
                      const accelsel_network *net, accelsel_prediction *res)
{
    asel_perf_step s;
    asel_perf_row_step(par, r, net, &s);
    return row_run_step(par, corr, r, net, &s, res);
}

double asel_perf_row_minutes_step(const asel_perf_params *par, double corr, const asel_perf_row *r,
                                  const accelsel_network *net, const asel_perf_step *s)
{
    accelsel_prediction res = { .version = ACCELSEL_PREDICTION_VERSION };
    if (row_run_step(par, corr, r, net, s, &res) < 0)
        return NAN;
    return res.time_to_train_s / 60.0;
}

double asel_perf_row_minutes(const asel_perf_params *par, double corr, const asel_perf_row *r,
                             const accelsel_network *net)
{
    asel_perf_step s;
    asel_perf_row_step(par, r, net, &s);
    return asel_perf_row_minutes_step(par, corr, r, net, &s);
}
