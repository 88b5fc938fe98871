/* Whether a prediction is one: every time finite and positive, or
 * ACCELSEL_ERANGE saying which part of the step and which figures made it
 * infinite or zero. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "perf/predictor_impl.h"

/* The links the all-reduce crosses, each with its bandwidth and latency (a
 * link of 1e-300 B/s, or of 1.7e308 s), after @p len bytes of @p buf. */
static void name_links(const asel_perf_config *c, char *buf, size_t n, int len)
{
    if (c->per_node > 1 && len >= 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, " link '%s' (bw_bytes_s %g, latency_s %g)",
                        c->intra_name ? c->intra_name : "?", c->intra_bw, c->intra_lat);
    if (c->nodes > 1 && len >= 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "%s link '%s' (bw_bytes_s %g, latency_s %g)",
                 c->per_node > 1 ? " and" : "", c->inter_name ? c->inter_name : "?",
                 c->inter_bw, c->inter_lat);
}

/* The largest term of the step and the figures behind it into @p buf: what
 * a step, epoch or training beyond the doubles comes from (a peak or a
 * memory bandwidth of 5e-324, a link of 1e-300 B/s). */
static void largest_term(const asel_perf_config *c, const accelsel_network *net,
                         const accelsel_prediction *res, char *buf, size_t n)
{
    const accelsel_device_info *d = c->dev;
    const double t[] = { res->compute_s, res->memory_s, res->exposed_communication_s,
                         res->transfer_s, res->input_s };
    size_t k = 0;
    for (size_t i = 1; i < sizeof t / sizeof t[0]; i++)
        if (t[i] > t[k])
            k = i;
    double bytes = asel_perf_sample_bytes(c, net);
    if (k == 0)
        snprintf(buf, n, "the compute term, of '%s' peak_flops.%s %g", d->name,
                 accelsel_precision_name(c->precision), d->peak_flops[c->precision]);
    else if (k == 1)
        snprintf(buf, n, "the memory term, of '%s' memory_bw_bytes_s %g", d->name,
                 d->memory_bw_bytes_s);
    else if (k == 2)
        name_links(c, buf, n, snprintf(buf, n, "the gradient all-reduce over"));
    else if (k == 3)
        snprintf(buf, n, "the host-to-device copy of %g samples of %g bytes over link '%s' "
                 "(bw_bytes_s %g)", c->per_device_batch, bytes,
                 c->host_name ? c->host_name : "?", c->host_bw);
    else
        snprintf(buf, n, "the input pipeline of %g samples of %g bytes on %g host cores",
                 c->per_device_batch * c->per_node, bytes, c->host_cores);
}

/* Why a prediction is infinite or zero, for its message: a step of no work,
 * else the step's largest term with its figures, and where the step itself
 * is finite the steps per epoch and the epochs that multiply it. */
static void blame(const asel_perf_config *c, const accelsel_network *net,
                  const accelsel_prediction *res, char *buf, size_t n)
{
    if (!(res->step_s > 0)) {
        snprintf(buf, n, "the step is 0: a network with no work");
        return;
    }
    int len = snprintf(buf, n, "the largest part of the step is ");
    if (len < 0 || (size_t)len >= n)
        return;
    largest_term(c, net, res, buf + len, n - (size_t)len);
    len = (int)strlen(buf);
    if (isfinite(res->step_s) && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "; times %g steps an epoch and %g epochs",
                 ceil(c->epoch_samples / c->global_batch), res->epochs);
}

/* Figures at the ends of the double range (a sample of 1e308 bytes, a
 * link of 1e308 s latency) or a network that does no work can make a step,
 * an epoch or the training infinite or free; none of them is a prediction
 * (0 epochs x an infinite epoch had hidden as one step). */
int asel_perf_check_result(const asel_perf_config *c, const accelsel_network *net,
                           const accelsel_prediction *res)
{
    int ok = 1;
    const double t[] = { res->step_s, res->epoch_s, res->time_to_train_s,
                         res->throughput_samples_s };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        ok &= isfinite(t[i]) && t[i] > 0;
    if (ok)
        return 0;
    char why[384];
    blame(c, net, res, why, sizeof why);
    return asel_error(ACCELSEL_ERANGE,
                      "'%s': a step of %g s, an epoch of %g s and %g s to train are not a "
                      "finite, positive prediction: %s", c->dev->name, res->step_s, res->epoch_s,
                      res->time_to_train_s, why);
}
