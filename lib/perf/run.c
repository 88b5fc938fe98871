/* A resolved configuration to a prediction: device step, all-reduce with
 * overlap, input pipeline and host-to-device transfer, epochs. */
#include <math.h>
#include <stdio.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/layer_cost.h"
#include "perf/predictor_impl.h"
#include "perf/step_cache.h"

double asel_perf_epochs(const asel_perf_params *par, double b)
{
    return par->epochs_e0 * pow(fmax(1.0, b / par->epochs_b0), par->epochs_alpha);
}

double asel_perf_sample_bytes(const asel_perf_config *c, const accelsel_network *net)
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
    double bytes = asel_perf_sample_bytes(c, net);
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

int asel_perf_run(const asel_perf_params *par, double corr, const asel_perf_config *c,
                  const accelsel_network *net, accelsel_prediction *res,
                  accelsel_layer_prediction *rows, size_t cap)
{
    asel_perf_step s;
    unsigned char *fusable;
    int rc = asel_perf_fusable_layers(net, &fusable);
    if (rc < 0)
        return rc;
    asel_perf_device_step(par, c->dev, net, fusable, c->per_device_batch, c->precision, c->stack,
                          &s, rows, cap);
    asel_free(fusable);
    return asel_perf_run_step(par, corr, c, net, &s, res);
}

int asel_perf_run_cached(const asel_perf_params *par, double corr, const asel_perf_config *c,
                         asel_perf_step_cache *cache, accelsel_prediction *res)
{
    /* The memory a step needs costs no step: a batch that does not fit
     * fails before the layer walk, with the message of asel_perf_run(). */
    double need = asel_perf_step_memory(cache->net, cache->kept, c->per_device_batch,
                                        asel_perf_precision_bytes(c->precision));
    if (need > c->dev->memory_bytes)
        return check_memory(c, need, res);
    const asel_perf_step *s;
    int rc = asel_perf_step_cache_get(cache, par, c, &s);
    return rc < 0 ? rc : asel_perf_run_step(par, corr, c, cache->net, s, res);
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
    return asel_perf_check_result(c, net, res);
}
