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

/* Why a prediction is infinite or zero, for its message: the step's
 * largest term with its figures; where the step itself is finite, the
 * steps per epoch and the epochs that multiply it, and where only the
 * throughput is out of range, the batch over that step. */
static void blame(const asel_perf_config *c, const accelsel_network *net,
                  const accelsel_prediction *res, int only_throughput, char *buf, size_t n)
{
    int len = only_throughput ? snprintf(buf, n, "a global batch of %.0f samples in a step of "
                                         "%g s; ", c->global_batch, res->step_s)
                              : 0;
    if (len >= 0 && (size_t)len < n)
        len += snprintf(buf + len, n - (size_t)len, "%s part of the step is ",
                        res->step_s > 0 ? "the largest" : "the step rounds to 0 s: its largest");
    if (len < 0 || (size_t)len >= n)
        return;
    largest_term(c, net, res, buf + len, n - (size_t)len);
    len = (int)strlen(buf);
    if (!only_throughput && isfinite(res->step_s) && res->step_s > 0 && (size_t)len < n)
        snprintf(buf + len, n - (size_t)len, "; times %g steps an epoch and %g epochs",
                 ceil(c->epoch_samples / c->global_batch), res->epochs);
}

/* The figures of @p res that are not finite and positive, as a message
 * lists them ("a step of inf s, an epoch of inf s and ..."), into @p buf;
 * their count, and in *only_throughput whether the throughput alone is. */
static int out_of_range(const accelsel_prediction *res, char *buf, size_t n, int *only_throughput)
{
    const struct { const char *pre, *post; double v; } f[] = {
        { "a step of ", " s", res->step_s }, { "an epoch of ", " s", res->epoch_s },
        { "", " s to train", res->time_to_train_s },
        { "a throughput of ", " samples/s", res->throughput_samples_s },
    };
    enum { N = sizeof f / sizeof f[0] };
    int bad[N], nbad = 0;
    for (int i = 0; i < N; i++)
        if (!(isfinite(f[i].v) && f[i].v > 0))
            bad[nbad++] = i;
    size_t len = 0;
    buf[0] = '\0';
    for (int k = 0; k < nbad && len < n; k++) {
        const char *sep = k == 0 ? "" : k == nbad - 1 ? " and " : ", ";
        int m = snprintf(buf + len, n - len, "%s%s%g%s", sep, f[bad[k]].pre, f[bad[k]].v,
                         f[bad[k]].post);
        len += m > 0 ? (size_t)m : 0;
    }
    *only_throughput = nbad == 1 && bad[0] == N - 1;
    return nbad;
}

/* A network that does no work on the device (a flatten alone: no FLOPs,
 * no bytes, no weights) predicts no training, whatever copying its input
 * costs: its step would be the copy alone, or 0 with a throughput of inf. */
static int no_work(const asel_perf_config *c, const accelsel_network *net,
                   const accelsel_prediction *res)
{
    const char *name = accelsel_network_name(net) ? accelsel_network_name(net) : "";
    return asel_error(ACCELSEL_ERANGE,
                      "'%s': network '%.*s%s' does no work on the device (its forward, backward "
                      "and update passes take 0 s), so a step of %g s is no prediction of "
                      "training", c->dev->name, ASEL_QUOTE_MAX, name, asel_ellipsis(name),
                      res->step_s);
}

/* Figures at the ends of the double range (a sample of 1e308 bytes, a
 * link of 1e308 s latency) or a network that does no work can make a step,
 * an epoch, the training or the throughput infinite or 0; none of them is
 * a prediction (0 epochs x an infinite epoch had hidden as one step). The
 * message names only the figures out of range: where a step of 1e-307 s on
 * 2^30 devices gives a throughput of inf, calling the step, epoch and
 * training "not finite" blamed three figures that are. */
int asel_perf_check_result(const asel_perf_config *c, const accelsel_network *net,
                           const accelsel_prediction *res)
{
    if (res->compute_s == 0 && res->memory_s == 0 && res->overhead_s == 0)
        return no_work(c, net, res);
    char bad[256], why[384];
    int only_throughput;
    int nbad = out_of_range(res, bad, sizeof bad, &only_throughput);
    if (nbad == 0)
        return 0;
    blame(c, net, res, only_throughput, why, sizeof why);
    return asel_error(ACCELSEL_ERANGE, "'%s': %s %s not a finite, positive prediction: %s",
                      c->dev->name, bad, nbad == 1 ? "is" : "are", why);
}
