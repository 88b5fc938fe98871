/* The predictor on step rows: each row predicted, the eager stack fitted on
 * them, and its leave-one-network-out evaluation (docs/predictor.md,
 * "Software stacks"). */
#include <math.h>
#include <string.h>

#include "accelsel/steps.h"
#include "core/alloc.h"
#include "core/error.h"
#include "perf/calib.h"
#include "perf/steps_set.h"

ACCELSEL_API int accelsel_predictor_calibrate_steps(accelsel_predictor *p,
                                                    const accelsel_dataset *steps)
{
    if (p == NULL || steps == NULL)
        return asel_einval("accelsel_predictor_calibrate_steps", p == NULL ? "p" : "steps");
    asel_steps_set s;
    int rc = asel_steps_set_read(&s, p, steps);
    if (rc < 0)
        return rc;
    asel_perf_params par = p->par;
    if ((rc = asel_steps_fit(&par, &s, NULL)) == 0) {
        p->par = par;
        p->band[ACCELSEL_ERROR_GROUP_STEPS - 1] = (asel_perf_band){ NAN, NAN, 0, "" };
    }
    asel_steps_set_free(&s);
    return rc;
}

/* The per-row table of accelsel_predictor_predict_steps(). */
static int row_table(accelsel_dataset **out, const asel_steps_set *s, const double *pred)
{
    size_t n = s->n;
    const char **net = asel_calloc(n, sizeof *net), **dev = asel_calloc(n, sizeof *dev),
               **stack = asel_calloc(n, sizeof *stack);
    double *v = asel_calloc(5 * n, sizeof *v);
    int rc = net && dev && stack && v ? accelsel_dataset_new(out, n) : asel_enomem();
    for (size_t i = 0; rc == 0 && i < n; i++) {
        const asel_steps_row *r = &s->row[i];
        net[i] = accelsel_network_name(s->nets[r->net]);
        dev[i] = r->cfg.dev->name;
        stack[i] = accelsel_stack_name(r->cfg.stack);
        v[i] = r->cfg.threads;
        v[n + i] = r->cfg.per_device_batch;
        v[2 * n + i] = r->measured_s;
        v[3 * n + i] = pred[i];
        v[4 * n + i] = asel_perf_ape(pred[i], r->measured_s);
    }
    static const char *const num[] = { "threads", "batch", "measured_step_s", "predicted_step_s",
                                       "ape" };
    if (rc == 0 && (rc = accelsel_dataset_add_categorical(*out, "network", net, n)) == 0 &&
        (rc = accelsel_dataset_add_categorical(*out, "device", dev, n)) == 0)
        rc = accelsel_dataset_add_categorical(*out, "stack", stack, n);
    for (int k = 0; rc == 0 && k < 5; k++)
        rc = accelsel_dataset_add_numeric(*out, num[k], v + (size_t)k * n, n);
    asel_free(net), asel_free(dev), asel_free(stack), asel_free(v);
    return rc;
}

ACCELSEL_API int accelsel_predictor_predict_steps(accelsel_dataset **out,
                                                  const accelsel_predictor *p,
                                                  const accelsel_dataset *steps)
{
    if (out != NULL)
        *out = NULL;
    if (out == NULL || p == NULL || steps == NULL)
        return asel_einval("accelsel_predictor_predict_steps",
                           out == NULL ? "out" : p == NULL ? "p" : "steps");
    asel_steps_set s;
    int rc = asel_steps_set_read(&s, p, steps);
    if (rc < 0)
        return rc;
    double *pred = asel_calloc(s.n, sizeof *pred);
    rc = pred ? 0 : asel_enomem();
    for (size_t i = 0; rc == 0 && i < s.n; i++)
        pred[i] = asel_steps_predict(&p->par, &s, i);
    if (rc == 0 && (rc = row_table(out, &s, pred)) < 0) {
        accelsel_dataset_free(*out);
        *out = NULL;
    }
    asel_free(pred);
    asel_steps_set_free(&s);
    return rc;
}
