/* A resolved configuration to a prediction: device step, all-reduce with
 * overlap, input pipeline and host-to-device transfer, epochs. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/layer_cost.h"
#include "perf/predictor_impl.h"

double asel_perf_epochs(const asel_perf_params *par, double b)
{
    return par->epochs_e0 * pow(fmax(1.0, b / par->epochs_b0), par->epochs_alpha);
}

/* Bytes per sample from host memory: the network's input elements at one
 * byte each (decoded 8-bit images) unless the request says. */
static double sample_bytes(const asel_perf_config *c, const accelsel_network *net)
{
    if (c->sample_bytes > 0)
        return c->sample_bytes;
    double b = 0;
    size_t n = accelsel_network_input_count(net);
    for (size_t i = 0; i < n; i++)
        b += (double)accelsel_network_layer(net, i)->output_elements;
    return b;
}

static void communicate(const asel_perf_params *par, const asel_perf_config *c,
                        const accelsel_network *net, const asel_perf_step *s,
                        accelsel_prediction *res)
{
    const asel_perf_kind_params *q = &par->kind[asel_perf_kind_of(c->dev->kind)];
    asel_perf_links l = { c->intra_bw * q->comm_eff, c->intra_lat, c->inter_bw * q->comm_eff,
                          c->inter_lat };
    double bytes = (double)accelsel_network_get_totals(net)->params *
                   asel_perf_precision_bytes(c->precision);
    res->communication_s = asel_perf_allreduce(bytes, c->nodes, c->per_node, &l);
    res->exposed_communication_s = fmax(0.0, res->communication_s - q->overlap * s->backward_s);
}

/* The bytes of the sample that host_rate counts: an ImageNet image decoded
 * and cropped to 224 x 224 x 3 at 8 bits. */
#define HOST_RATE_SAMPLE_BYTES 150528.0

/* The input pipeline runs beside the device (prefetching); its work per
 * sample (decode, crop, augment) grows with the sample's pixels, so a 32 x 32
 * image costs a 49th of an ImageNet one. The copy to the device happens at
 * the start of each step, as a plain training loop does. */
static void feed(const asel_perf_params *par, const asel_perf_config *c,
                 const accelsel_network *net, accelsel_prediction *res)
{
    const asel_perf_kind_params *q = &par->kind[asel_perf_kind_of(c->dev->kind)];
    double bytes = sample_bytes(c, net);
    double per_node = c->per_device_batch * c->per_node;
    res->input_s = c->host_cores > 0
                       ? per_node * (bytes / HOST_RATE_SAMPLE_BYTES) / (c->host_cores * q->host_rate)
                       : 0;
    res->transfer_s = c->host_bw > 0 ? c->per_device_batch * bytes / c->host_bw : 0;
}

/* @p bytes as a message shows it: every digit while a double counts bytes
 * exactly (up to 2^53), else four significant ones (1e300 bytes in whole
 * digits ran past the message's length). */
static const char *bytes_text(double bytes, char buf[32])
{
    snprintf(buf, 32, bytes <= ASEL_PERF_BATCH_MAX ? "%.0f" : "%.4g", bytes);
    return buf;
}

static int check_memory(const asel_perf_config *c, double needed, accelsel_prediction *res)
{
    res->memory_needed_bytes = needed;
    res->memory_available_bytes = c->dev->memory_bytes;
    char need[32], have[32];
    if (isfinite(c->dev->memory_bytes) && needed > c->dev->memory_bytes)
        return asel_error(ACCELSEL_EINFEASIBLE,
                          "'%s' at %g samples per device needs %s bytes of memory, the device "
                          "has %s", c->dev->name, c->per_device_batch, bytes_text(needed, need),
                          bytes_text(c->dev->memory_bytes, have));
    return 0;
}

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
    double bytes = sample_bytes(c, net);
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
static int check_result(const asel_perf_config *c, const accelsel_network *net,
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

int asel_perf_run(const asel_perf_params *par, double corr, const asel_perf_config *c,
                  const accelsel_network *net, accelsel_prediction *res,
                  accelsel_layer_prediction *rows, size_t cap)
{
    asel_perf_step s;
    unsigned char *fusable;
    int rc = asel_perf_fusable_layers(net, &fusable);
    if (rc < 0)
        return rc;
    asel_perf_device_step(par, c->dev, net, fusable, c->per_device_batch, c->precision, &s, rows,
                          cap);
    asel_free(fusable);
    return asel_perf_run_step(par, corr, c, net, &s, res);
}

int asel_perf_run_step(const asel_perf_params *par, double corr, const asel_perf_config *c,
                       const accelsel_network *net, const asel_perf_step *s,
                       accelsel_prediction *res)
{
    int rc = check_memory(c, s->memory_needed, res);
    if (rc < 0)
        return rc;
    communicate(par, c, net, s, res);
    feed(par, c, net, res);
    double device = s->device_s + res->exposed_communication_s + res->transfer_s;
    res->step_s = fmax(device, res->input_s) * corr;
    res->compute_s = s->compute_s;
    res->memory_s = s->memory_s;
    res->overhead_s = s->overhead_s;
    res->correction = corr;
    res->precision = c->precision;
    res->count = (uint32_t)c->count;
    res->nodes = (uint32_t)c->nodes;
    res->per_node = (uint32_t)c->per_node;
    res->global_batch = c->global_batch;
    res->per_device_batch = c->per_device_batch;
    res->device_index = (int64_t)c->dev_index;
    res->throughput_samples_s = c->global_batch / res->step_s;
    if (c->total_samples > 0)
        res->epochs = c->total_samples / c->epoch_samples;
    else
        res->epochs = c->epochs > 0 ? c->epochs : asel_perf_epochs(par, c->global_batch);
    res->epoch_s = ceil(c->epoch_samples / c->global_batch) * res->step_s;
    /* Training on fewer samples than one global batch still runs a step. */
    res->time_to_train_s = fmax(res->epochs * res->epoch_s, res->step_s);
    return check_result(c, net, res);
}
