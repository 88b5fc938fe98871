/* Step rows to resolved configurations: one zoo network per name, one
 * request per row (one device, the row's batch, threads and stack). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/rows.h"
#include "perf/steps.h"
#include "perf/steps_set.h"

enum { C_NETWORK, C_DEVICE, C_THREADS, C_BATCH, C_PRECISION, C_FRAMEWORK, C_MEDIAN, N_COLS };
static const char *const names[N_COLS] = { "network", "device", "threads", "batch",
                                           "precision", "framework", "step_median_s" };

static int find_columns(const accelsel_dataset *ds, size_t col[N_COLS])
{
    for (int k = 0; k < N_COLS; k++) {
        col[k] = asel_perf_column(ds, names[k]);
        if (col[k] == SIZE_MAX)
            return asel_error(ACCELSEL_ENOTFOUND, "the step table has no column '%s' (a table "
                              "of accelsel_steps_load_file() has)", names[k]);
        int numeric = k == C_THREADS || k == C_BATCH || k == C_MEDIAN;
        if (numeric != (accelsel_dataset_numeric(ds, col[k]) != NULL))
            return asel_error(ACCELSEL_EINVAL, "step column '%s' is not %s", names[k],
                              numeric ? "numeric" : "categorical");
    }
    return 0;
}

/* The set's network named @p name, loaded from the zoo on first use. */
static int network_of(asel_steps_set *s, const char *name, size_t *out)
{
    for (size_t i = 0; i < s->n_nets; i++)
        if (strcmp(accelsel_network_name(s->nets[i]), name) == 0)
            return (int)(*out = i, 0);
    size_t i = s->n_nets;
    int rc = accelsel_network_load_zoo(&s->nets[i], name, NULL);
    if (rc == 0 && (rc = asel_perf_fusable_layers(s->nets[i], &s->fusable[i])) < 0) {
        accelsel_network_free(s->nets[i]);
        s->nets[i] = NULL;
    }
    if (rc == 0)
        s->n_nets++, *out = i;
    return rc;
}

static int precision_of(const char *name)
{
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++)
        if (strcmp(name, accelsel_precision_name(p)) == 0)
            return p;
    return -1;
}

/* 0 if the row's cells are what a step row holds (the loader checks them;
 * a table made otherwise may hold anything), else ACCELSEL_EDATA. */
static int check_cells(const char *prec, const char *fw, double threads, double batch,
                       double step_s)
{
    int whole = threads >= 1 && threads <= UINT32_MAX && threads == floor(threads) &&
                batch >= 1 && batch <= ASEL_PERF_BATCH_MAX && batch == floor(batch);
    if (precision_of(prec) < 0 || asel_steps_stack(fw) < 0 || !whole ||
        !(step_s > 0 && isfinite(step_s)))
        return asel_error(ACCELSEL_EDATA, "precision '%s', framework '%s', %g threads, batch "
                          "%g or a step of %g s is not what a step row holds "
                          "(accelsel_steps_load_file() checks them)",
                          prec, fw, threads, batch, step_s);
    return 0;
}

/* Row @p i of @p ds into @p r; the row's errors as the resolver gives them. */
static int read_row(asel_steps_set *s, const accelsel_predictor *p, const accelsel_dataset *ds,
                    const size_t col[N_COLS], size_t i, asel_steps_row *r)
{
    const char *net = accelsel_dataset_string(ds, i, col[C_NETWORK]);
    const char *dev = accelsel_dataset_string(ds, i, col[C_DEVICE]);
    const char *prec = accelsel_dataset_string(ds, i, col[C_PRECISION]);
    const char *fw = accelsel_dataset_string(ds, i, col[C_FRAMEWORK]);
    if (net == NULL || dev == NULL || prec == NULL || fw == NULL)
        return asel_error(ACCELSEL_EDATA, "a required value is missing");
    double threads = accelsel_dataset_numeric(ds, col[C_THREADS])[i];
    double batch = accelsel_dataset_numeric(ds, col[C_BATCH])[i];
    r->measured_s = accelsel_dataset_numeric(ds, col[C_MEDIAN])[i];
    int rc = check_cells(prec, fw, threads, batch, r->measured_s);
    if (rc < 0 || (rc = network_of(s, net, &r->net)) < 0)
        return rc;
    accelsel_predict_request q = ACCELSEL_PREDICT_REQUEST_INIT;
    q.network = s->nets[r->net];
    q.device = dev;
    q.count = 1;
    q.global_batch = q.total_samples = batch;
    q.precision = precision_of(prec);
    q.stack = asel_steps_stack(fw);
    /* A CPU runs the step on its threads; another device's are the host's. */
    size_t d;
    if (accelsel_catalog_find_device(p->cat, dev, &d) == 0 &&
        accelsel_catalog_device(p->cat, d)->kind == ACCELSEL_DEVICE_CPU)
        q.threads = (uint32_t)threads;
    return asel_perf_resolve(p, &q, &r->cfg);
}

int asel_steps_set_read(asel_steps_set *out, const accelsel_predictor *p,
                        const accelsel_dataset *steps)
{
    size_t col[N_COLS], n = accelsel_dataset_rows(steps);
    *out = (asel_steps_set){ 0 };
    int rc = find_columns(steps, col);
    if (rc == 0 && n == 0)
        rc = asel_error(ACCELSEL_EEMPTY, "the step table has no rows");
    if (rc == 0 && (rc = asel_alloc_array(&out->row, n, sizeof *out->row)) == 0 &&
        (rc = asel_alloc_array(&out->nets, n, sizeof *out->nets)) == 0)
        rc = asel_alloc_array(&out->fusable, n, sizeof *out->fusable);
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if ((rc = read_row(out, p, steps, col, i, &out->row[i])) < 0 && rc != ACCELSEL_ENOMEM) {
            char msg[512];
            snprintf(msg, sizeof msg, "%s", accelsel_last_error()->message);
            rc = asel_error(rc, "step row %zu: %s", i + 1, msg);
        }
        out->n = i + 1;
    }
    if (rc < 0)
        asel_steps_set_free(out);
    return rc;
}

void asel_steps_set_free(asel_steps_set *s)
{
    for (size_t i = 0; i < s->n_nets; i++) {
        accelsel_network_free(s->nets[i]);
        asel_free(s->fusable[i]);
    }
    asel_free(s->nets);
    asel_free(s->fusable);
    asel_free(s->row);
    *s = (asel_steps_set){ 0 };
}

double asel_steps_predict(const asel_perf_params *par, const asel_steps_set *s, size_t i)
{
    const asel_steps_row *r = &s->row[i];
    asel_perf_step st;
    accelsel_prediction res = { .version = ACCELSEL_PREDICTION_VERSION };
    asel_perf_device_step(par, r->cfg.dev, s->nets[r->net], s->fusable[r->net],
                          r->cfg.per_device_batch, r->cfg.precision, r->cfg.stack, &st, NULL, 0);
    asel_error_record saved;
    asel_error_save(&saved);
    int rc = asel_perf_run_step(par, 1.0, &r->cfg, s->nets[r->net], &st, &res);
    asel_error_restore(&saved);
    return rc < 0 ? NAN : res.step_s;
}
