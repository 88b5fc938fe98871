/* Predicted what-if rows appended to a dataset in the built-in format, with
 * a `predicted` column (0 measured, 1 predicted), so that the selection
 * method ranks them beside measured rows. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "data/table.h"
#include "perf/append.h"
#include "perf/cells.h"
#include "perf/llm_bench.h"
#include "perf/rows.h"

typedef struct newrow {
    accelsel_prediction res;
    accelsel_plan plan; /* a transformer's; ACCELSEL_PLAN_AUTO fields otherwise */
    const char *device;
    const char *benchmark; /* the MLPerf benchmark the network is, else NULL */
    const char *precision; /* a transformer's; NULL otherwise */
    char system[160];
} newrow;

/* The MLPerf benchmark network @p net is, as the `benchmark` column names
 * it: "resnet" for the zoo's ResNet-50, an LLM benchmark for the zoo
 * workload of its name (gpt3, llama2_70b_lora, llama31_405b); else NULL. */
static const char *benchmark_of(const accelsel_network *net)
{
    const char *name = net != NULL ? accelsel_network_name(net) : NULL;
    if (name != NULL && strcmp(name, "resnet50") == 0)
        return "resnet";
    int b = asel_llm_bench_find(name);
    return b >= 0 ? asel_llm_benches[b].name : NULL;
}

/* A plan size as a cell: NaN where the row has no plan. */
static double size_cell(uint32_t v)
{
    return v > 0 ? (double)v : NAN;
}

/* The value of numeric column @p name for a predicted row; NaN if none. */
static double new_number(const char *name, const newrow *r)
{
    const accelsel_prediction *x = &r->res;
    const struct { const char *name; double v; } map[] = {
        { "total_accelerators", x->count }, { "number_of_nodes", x->nodes },
        { "accelerators_per_node", x->per_node }, { "global_batch_size", x->global_batch },
        { "epochs_mean", x->epochs }, { "time_to_train_min", x->time_to_train_s / 60.0 },
        { "throughput_img_s", x->throughput_samples_s }, { "predicted", 1 },
        { "tensor_parallel", size_cell(r->plan.tp) }, { "pipeline_parallel", size_cell(r->plan.pp) },
        { "context_parallel", size_cell(r->plan.cp) }, { "data_parallel", size_cell(r->plan.dp) },
        { "micro_batch_size", size_cell(r->plan.micro_batch) },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(name, map[i].name) == 0)
            return map[i].v;
    return NAN;
}

static const char *new_string(const char *name, const newrow *r)
{
    const struct { const char *name; const char *v; } map[] = {
        { "accelerator_model_name", r->device }, { "accelerator_family", r->device },
        { "division", "closed" }, { "division_norm", "closed" }, { "round", "predicted" },
        { "submitter", "accelsel" }, { "system_name", r->system },
        { "benchmark", r->benchmark }, { "precision", r->precision },
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(name, map[i].name) == 0)
            return map[i].v;
    return NULL;
}

static int copy_column(accelsel_dataset *out, const accelsel_dataset *ds, size_t c,
                       const newrow *rows, size_t n)
{
    size_t old = accelsel_dataset_rows(ds), total = old + n;
    const char *name = accelsel_dataset_column_name(ds, c);
    int rc;
    if (accelsel_dataset_column_type(ds, c) == ACCELSEL_COLUMN_NUMERIC) {
        double *v = asel_calloc(total ? total : 1, sizeof *v);
        if (v == NULL)
            return asel_enomem();
        for (size_t i = 0; i < old; i++)
            v[i] = accelsel_dataset_number(ds, i, c);
        for (size_t i = 0; i < n; i++)
            v[old + i] = new_number(name, &rows[i]);
        rc = accelsel_dataset_add_numeric(out, name, v, total);
        asel_free(v);
        return rc;
    }
    const char **s = asel_calloc(total ? total : 1, sizeof *s);
    if (s == NULL)
        return asel_enomem();
    for (size_t i = 0; i < old; i++)
        s[i] = accelsel_dataset_string(ds, i, c);
    for (size_t i = 0; i < n; i++)
        s[old + i] = new_string(name, &rows[i]);
    rc = accelsel_dataset_add_categorical(out, name, s, total);
    asel_free(s);
    return rc;
}

/* Cell @p i of the dataset's `predicted` column @p c as 0 or 1 in *v, read
 * as the predictor reads every configuration cell (asel_perf_read_cell():
 * any column type, blanks around it trimmed); else ACCELSEL_EINVAL naming
 * the row where the file has it ("line 3 of rows.csv") and the value:
 * missing, the text ('yes', which made the column text), or the number. */
static int old_mark(const accelsel_dataset *ds, size_t c, size_t i, double *v)
{
    asel_perf_cell x;
    int rc = asel_perf_read_cell(ds, i, c, &x);
    if (rc != 0)
        return rc;
    *v = x.v;
    if (x.present && (x.v == 0 || x.v == 1))
        return 0;
    char at[256];
    asel_ds_row_place(ds, i, at, sizeof at);
    if (!x.present)
        return asel_error(ACCELSEL_EINVAL, "%s: column 'predicted' is missing, not 0 or 1", at);
    if (isnan(x.v))
        return asel_error(ACCELSEL_EINVAL, "%s: column 'predicted' is '%.*s%s', not 0 or 1", at,
                          ASEL_QUOTE_MAX, x.text, asel_ellipsis(x.text));
    return asel_error(ACCELSEL_EINVAL, "%s: column 'predicted' is %g, not 0 or 1", at, x.v);
}

/* The `predicted` column: the old values (0 or 1) or 0, then 1 per new row. */
static int predicted_column(accelsel_dataset *out, const accelsel_dataset *ds, size_t n)
{
    size_t old = accelsel_dataset_rows(ds), c = asel_perf_column(ds, "predicted");
    int have = c != SIZE_MAX;
    double *v = asel_calloc(old + n ? old + n : 1, sizeof *v);
    if (v == NULL)
        return asel_enomem();
    int rc = 0;
    for (size_t i = 0; have && i < old && rc == 0; i++)
        rc = old_mark(ds, c, i, &v[i]);
    for (size_t i = 0; i < n; i++)
        v[old + i] = 1;
    if (rc == 0)
        rc = accelsel_dataset_add_numeric(out, "predicted", v, old + n);
    asel_free(v);
    return rc;
}

const accelsel_predict_request *asel_perf_request_at(const accelsel_predict_request *reqs,
                                                     size_t i)
{
    return (const accelsel_predict_request *)((const char *)reqs +
                                              i * asel_perf_request_size(reqs->version));
}

int asel_perf_check_requests(const accelsel_predict_request *reqs, size_t n)
{
    if (n > 0 && asel_perf_request_size(reqs->version) == 0)
        return asel_error(ACCELSEL_EVERSION, "request 0: unknown predict request version %u",
                          reqs->version);
    for (size_t i = 1; i < n; i++) {
        const accelsel_predict_request *q = asel_perf_request_at(reqs, i);
        if (q->version != reqs->version)
            return asel_error(ACCELSEL_EVERSION, "request %zu: version %u, but the array's "
                              "first request has version %u", i, q->version, reqs->version);
    }
    return 0;
}

/* Rows @p rows of the @p n requests @p reqs; @p what names them in messages
 * ("request", "one-node reference"). */
static int predict_all(const accelsel_predictor *p, const accelsel_predict_request *reqs,
                       size_t n, newrow *rows, const char *what)
{
    int status = asel_perf_check_requests(reqs, n);
    for (size_t i = 0; status == 0 && i < n; i++) {
        rows[i].res = (accelsel_prediction){ .version = ACCELSEL_PREDICTION_VERSION };
        int rc = asel_perf_what_if(p, asel_perf_request_at(reqs, i), &rows[i].res, &rows[i].plan);
        if (rc < 0) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
            return asel_error(rc, "%s %zu: %s", what, i, msg);
        }
        rows[i].device = accelsel_catalog_device(p->cat, (size_t)rows[i].res.device_index)->name;
        rows[i].benchmark = benchmark_of(asel_perf_request_at(reqs, i)->network);
        if (rows[i].plan.tp != ACCELSEL_PLAN_AUTO)
            rows[i].precision = accelsel_precision_name(rows[i].res.precision);
        snprintf(rows[i].system, sizeof rows[i].system, "predicted %u x %s", rows[i].res.count,
                 rows[i].device);
    }
    return status;
}

/* The rows of the requests and of their one-node references (unless
 * @p opts says none): *rows, *n_rows of them; freed with asel_free(). */
static int predict_rows(const accelsel_predictor *p, const accelsel_predict_request *reqs,
                        size_t n, const accelsel_append_options *opts, newrow **rows,
                        size_t *n_rows)
{
    accelsel_predict_request *refs = NULL;
    size_t k = 0;
    int rc = opts->one_node_references ? accelsel_predictor_references(&refs, &k, p, reqs, n) : 0;
    *rows = rc == 0 ? asel_calloc(n + k ? n + k : 1, sizeof **rows) : NULL;
    if (rc == 0 && *rows == NULL)
        rc = asel_enomem();
    if (rc == 0)
        rc = predict_all(p, reqs, n, *rows, "request");
    if (rc == 0)
        rc = predict_all(p, refs, k, *rows + n, "one-node reference");
    asel_free(refs);
    if (rc != 0) {
        asel_free(*rows);
        *rows = NULL;
    }
    *n_rows = n + k;
    return rc;
}

static int check_options(const accelsel_append_options *o)
{
    if (o->version != ACCELSEL_APPEND_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_append_options: unknown version %u",
                          o->version);
    if (o->one_node_references > 1)
        return asel_error_field(ACCELSEL_EINVAL, "one_node_references",
                                "is %u, not 0 or 1", (unsigned)o->one_node_references);
    return 0;
}

ACCELSEL_API int accelsel_append_options_init(accelsel_append_options *opts, unsigned int version)
{
    if (opts == NULL)
        return asel_error_field(ACCELSEL_EINVAL, "opts",
                                "accelsel_append_options_init: invalid argument 'opts'");
    if (version != ACCELSEL_APPEND_OPTIONS_VERSION)
        return asel_error(ACCELSEL_EVERSION, "accelsel_append_options_init: unknown version %u",
                          version);
    *opts = (accelsel_append_options)ACCELSEL_APPEND_OPTIONS_INIT;
    return 0;
}

ACCELSEL_API size_t accelsel_append_options_size(void)
{
    return sizeof(accelsel_append_options);
}

/* The rows of @p ds, then @p rows. */
static int build(accelsel_dataset **out, const accelsel_dataset *ds, const newrow *rows,
                 size_t n)
{
    size_t cols = accelsel_dataset_cols(ds), pc = asel_perf_column(ds, "predicted");
    int rc = accelsel_dataset_new(out, accelsel_dataset_rows(ds) + n);
    for (size_t c = 0; rc == 0 && c < cols; c++)
        if (c != pc)
            rc = copy_column(*out, ds, c, rows, n);
    if (rc == 0)
        rc = predicted_column(*out, ds, n);
    if (rc < 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    return rc;
}

ACCELSEL_API int accelsel_predictor_append_predictions_v2(accelsel_dataset **out,
                                                          const accelsel_predictor *p,
                                                          const accelsel_dataset *ds,
                                                          const accelsel_predict_request *reqs,
                                                          size_t n,
                                                          const accelsel_append_options *opts)
{
    if (out != NULL)
        *out = NULL;
    const char *bad = out == NULL ? "out" : p == NULL ? "p" : ds == NULL ? "ds"
                      : reqs == NULL && n > 0 ? "reqs" : NULL;
    if (bad != NULL)
        return asel_error_field(ACCELSEL_EINVAL, bad,
                                "accelsel_predictor_append_predictions_v2: invalid argument '%s'",
                                bad);
    const accelsel_append_options defaults = ACCELSEL_APPEND_OPTIONS_INIT;
    const accelsel_append_options *o = opts != NULL ? opts : &defaults;
    int rc = check_options(o);
    newrow *rows = NULL;
    size_t m = 0;
    if (rc == 0)
        rc = predict_rows(p, reqs, n, o, &rows, &m);
    if (rc == 0)
        rc = build(out, ds, rows, m);
    asel_free(rows);
    return rc;
}

ACCELSEL_API int accelsel_predictor_append_predictions(accelsel_dataset **out,
                                                       const accelsel_predictor *p,
                                                       const accelsel_dataset *ds,
                                                       const accelsel_predict_request *reqs,
                                                       size_t n)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || ds == NULL || (reqs == NULL && n > 0))
        return asel_einval("accelsel_predictor_append_predictions",
                           out == NULL ? "out" : p == NULL ? "p" : ds == NULL ? "ds" : "reqs");
    accelsel_append_options o = ACCELSEL_APPEND_OPTIONS_INIT;
    o.one_node_references = 0;
    return accelsel_predictor_append_predictions_v2(out, p, ds, reqs, n, &o);
}
