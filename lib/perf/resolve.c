/* From a request to a configuration: names looked up, counts completed,
 * links and precision defaulted (docs/predictor.md, "Defaults"). */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/layer_cost.h"
#include "perf/params.h"
#include "perf/predictor_impl.h"
#include "perf/step.h"

/* The training precisions a request may default to, in the order that
 * breaks ties (fp8 and int8 only when asked for). */
static const int auto_order[] = { ACCELSEL_PRECISION_FP16, ACCELSEL_PRECISION_BF16,
                                  ACCELSEL_PRECISION_TF32, ACCELSEL_PRECISION_FP32 };

/* The precision of auto_order the device trains @p c's network fastest in,
 * one device's step at its batch, one that fits its memory before one that
 * does not. The peak alone misleads: a 4-byte format moves twice the bytes
 * and needs more memory. The compiled-in parameters judge, not the
 * predictor's, so that a calibration never changes its own rows'
 * precision.
 *
 * The rule, taken in auto_order, keeps the first candidate and replaces it
 * by one that fits where it did not, or fits alike and is strictly faster:
 * the first fastest of those that fit (or of all, if none fits). The memory
 * a step needs costs no step (asel_perf_step_memory()), so the candidates
 * outside that class go first; inside it, a candidate that an earlier one
 * dominates (asel_perf_precision_dominates(): never faster, and the earlier
 * wins ties) cannot win, so it goes too. On GPUs fp16 dominates bf16, tf32
 * and fp32, and on AMX CPUs bf16 dominates fp32 (tiles 16 times as wide at
 * 16 times the rate): one candidate is left and no step is computed at
 * all, which matters because a scheduler calls this in a hot loop and each
 * step timed here costs about as much as the prediction itself. Where more
 * are left (an fp16 slower than bf16 beside it), the steps are timed in
 * order, each stopping once it is slower than the best so far
 * (asel_perf_device_time()); the one that stops cannot win either. */
static int auto_precision(const accelsel_network *net, asel_perf_config *c)
{
    enum { N = sizeof auto_order / sizeof auto_order[0] };
    const asel_perf_params *par = asel_perf_params_default();
    const accelsel_device_info *dev = c->dev;
    int cand[N], fits[N], n = 0, rc, top = 0;
    for (size_t i = 0; i < N; i++) {
        int prec = auto_order[i];
        if (!(isfinite(dev->peak_flops[prec]) && dev->peak_flops[prec] > 0))
            continue;
        if ((rc = asel_perf_check_device(dev, prec)) < 0) /* a figure missing: EDATA */
            return rc;
        cand[n++] = prec;
    }
    if (n == 0) {
        rc = asel_perf_check_device(dev, ACCELSEL_PRECISION_FP32); /* no peak at all: EDATA */
        return rc < 0 && rc != ACCELSEL_EINVAL
                   ? rc
                   : asel_error(ACCELSEL_EINVAL,
                                "device '%s' trains in none of fp16, bf16, tf32 and fp32; fp8 "
                                "and int8 are used only when asked for", dev->name);
    }
    if (n == 1) {
        c->precision = cand[0];
        return 0;
    }
    double kept = asel_perf_kept_elements(net);
    for (int i = 0; i < n; i++) {
        double need = asel_perf_step_memory(net, kept, c->per_device_batch,
                                            asel_perf_precision_bytes(cand[i]));
        fits[i] = !(need > dev->memory_bytes);
        top |= fits[i];
    }
    int live[N], m = 0;
    for (int i = 0; i < n; i++) {
        int beaten = fits[i] != top;
        for (int j = 0; j < m && !beaten; j++)
            beaten = asel_perf_precision_dominates(par, dev, live[j], cand[i]);
        if (!beaten)
            live[m++] = cand[i];
    }
    if (m == 1) {
        c->precision = live[0];
        return 0;
    }
    unsigned char *fusable;
    if ((rc = asel_perf_fusable_layers(net, &fusable)) < 0)
        return rc;
    int monotone = asel_perf_params_monotone(par, dev), best = live[0];
    double best_s;
    asel_perf_device_time(par, dev, net, fusable, c->per_device_batch, best, c->stack, INFINITY,
                          &best_s);
    for (int i = 1; i < m; i++) {
        double s;
        if (asel_perf_device_time(par, dev, net, fusable, c->per_device_batch, live[i], c->stack,
                                  monotone ? best_s : INFINITY, &s) == 0 && s < best_s)
            best = live[i], best_s = s;
    }
    asel_free(fusable);
    c->precision = best;
    return 0;
}

static int find_link(const accelsel_catalog *cat, const char *name, const char **found,
                     double *bw, double *lat, double default_lat)
{
    size_t i;
    int rc = accelsel_catalog_find_link(cat, name, &i);
    if (rc < 0)
        return rc;
    const accelsel_link_info *l = accelsel_catalog_link(cat, i);
    *found = l->name;
    *bw = l->bw_bytes_s;
    *lat = isfinite(l->latency_s) ? l->latency_s : default_lat;
    return 0;
}

/* A link the catalog names, chosen by the device's generation when neither
 * request nor system gives one. NULL if the catalog has none of it. */
static const char *usual_intra(const accelsel_device_info *dev)
{
    int sxm = strcasestr(dev->name, "sxm") != NULL;
    int blackwell = dev->architecture != NULL && strstr(dev->architecture, "Blackwell") != NULL;
    int y = dev->release_year;
    if (dev->kind == ACCELSEL_DEVICE_GPU && sxm) /* Hopper still came out in 2024 (H200) */
        return blackwell ? "nvlink5" : y >= 2022 ? "nvlink4" : y >= 2020 ? "nvlink3" : "nvlink2";
    return y >= 2023 ? "pcie5-x16" : y >= 2020 ? "pcie4-x16" : "pcie3-x16";
}

static const char *usual_inter(const accelsel_device_info *dev)
{
    int y = dev->release_year;
    return y >= 2022 ? "ib-ndr" : y >= 2020 ? "ib-hdr" : "ib-edr";
}

static const char *usual_host(const accelsel_device_info *dev)
{
    int y = dev->release_year;
    return y >= 2023 ? "pcie5-x16" : y >= 2020 ? "pcie4-x16" : "pcie3-x16";
}

/* Fill count, nodes and per_node from any two (or one, or a system). */
static int complete_counts(asel_perf_config *c, double count, double nodes, double per_node)
{
    if (count > 0 && nodes > 0 && per_node > 0 && count != nodes * per_node)
        return asel_error_field(ACCELSEL_EINVAL, "count", "count %g is not nodes %g x per-node %g", count,
                          nodes, per_node);
    if (count <= 0 && nodes > 0 && per_node <= 0)
        return asel_error_field(ACCELSEL_EINVAL, "nodes", "%g nodes of how many devices? Give a count or a "
                          "per-node count too", nodes);
    if (count <= 0)
        count = nodes > 0 && per_node > 0 ? nodes * per_node : per_node > 0 ? per_node : 1;
    if (count > UINT32_MAX) /* nodes x per-node of two 32-bit counts */
        return asel_error_field(ACCELSEL_EINVAL, "count", "count %.0f (nodes %.0f x per-node %.0f) is above %u",
                          count, nodes, per_node, (unsigned)UINT32_MAX);
    if (nodes > 0 && per_node <= 0) {
        if (fmod(count, nodes) != 0)
            return asel_error_field(ACCELSEL_EINVAL, "count", "count %g does not divide into %g nodes", count,
                              nodes);
        per_node = count / nodes;
    }
    if (per_node <= 0) {
        per_node = count <= 8 ? count : 8;
        while (fmod(count, per_node) != 0)
            per_node--;
    }
    if (fmod(count, per_node) != 0)
        return asel_error_field(ACCELSEL_EINVAL, "count", "count %g does not divide into nodes of %g", count,
                          per_node);
    c->count = count;
    c->per_node = per_node;
    c->nodes = count / per_node;
    return 0;
}

/* A node of system @p sys holds its devices_per_node: a request may use
 * fewer of each (the sweep's partial nodes: 4 of a DGX's 8), never more
 * (2 nodes of 1,000 were predicted as a DGX). The per-node count is the
 * completed one, so that it holds whether the request gives it or a count
 * over nodes implies it. */
static int check_node_size(const accelsel_system_info *sys, const accelsel_predict_request *r,
                           const asel_perf_config *c)
{
    if (sys == NULL || sys->devices_per_node == 0 || c->per_node <= sys->devices_per_node)
        return 0;
    if (r->per_node > 0)
        return asel_error_field(ACCELSEL_EINVAL, "per_node", "per_node %u is more than the %u devices per node of "
                          "system '%s'", r->per_node, sys->devices_per_node, sys->name);
    return asel_error_field(ACCELSEL_EINVAL, "count", "count %u on %u nodes is %g devices per node, more than "
                      "the %u of system '%s'", r->count, r->nodes, c->per_node,
                      sys->devices_per_node, sys->name);
}

/* Samples count whole images: an epoch or a training of less than one
 * (5e-324) made an epoch of 0 s, or 0 epochs of an infinite one. 0 takes
 * the default. A step takes whole samples too: 8.5 on 8 devices is no
 * batch; beyond 2^53 every double is whole and that test says nothing (a
 * batch of 1e308 needed "inf bytes" of memory), so batches end there. */
static int check_samples(const accelsel_predict_request *r)
{
    const struct { const char *name; double v; } s[] = {
        { "epoch_samples", r->epoch_samples }, { "total_samples", r->total_samples },
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
        if (s[i].v > 0 && s[i].v < 1)
            return asel_error_field(ACCELSEL_EINVAL, s[i].name, "%s %g is less than one sample (0 for the "
                              "default)", s[i].name, s[i].v);
    if (r->global_batch != floor(r->global_batch))
        return asel_error_field(ACCELSEL_EINVAL, "global_batch", "global_batch %g is not a whole number of samples",
                          r->global_batch);
    if (r->global_batch > ASEL_PERF_BATCH_MAX)
        return asel_error_field(ACCELSEL_EINVAL, "global_batch", "global_batch %g is out of range: above 2^53 = %.0f "
                          "samples", r->global_batch, ASEL_PERF_BATCH_MAX);
    return 0;
}

static int check_sizes(const accelsel_predict_request *r)
{
    const struct { const char *name; double v; } s[] = {
        { "global_batch", r->global_batch }, { "epochs", r->epochs },
        { "epoch_samples", r->epoch_samples }, { "total_samples", r->total_samples },
        { "sample_bytes", r->sample_bytes },
    };
    for (size_t i = 0; i < sizeof s / sizeof s[0]; i++)
        if (!isfinite(s[i].v) || s[i].v < 0)
            return asel_error_field(ACCELSEL_EINVAL, s[i].name, "%s %g is negative or not finite", s[i].name,
                              s[i].v);
    return check_samples(r);
}

static int resolve_device(const accelsel_predictor *p, const accelsel_predict_request *r,
                          asel_perf_config *c, const accelsel_system_info **sys)
{
    size_t i;
    int rc;
    *sys = NULL;
    if ((r->device == NULL) == (r->system == NULL))
        return asel_error_field(ACCELSEL_EINVAL, "device", "give either a device or a system, not %s",
                          r->device ? "both" : "neither");
    if (r->system != NULL) {
        if ((rc = accelsel_catalog_find_system(p->cat, r->system, &i)) < 0)
            return asel_error_blame("system");
        *sys = accelsel_catalog_system(p->cat, i);
        if ((*sys)->device < 0)
            return asel_error_field(ACCELSEL_EINVAL, "system", "system '%s' is not a cluster of one device",
                              (*sys)->name);
        i = (size_t)(*sys)->device;
    } else if ((rc = accelsel_catalog_find_device(p->cat, r->device, &i)) < 0) {
        return asel_error_blame("device");
    }
    c->dev_index = i;
    c->dev = accelsel_catalog_device(p->cat, i);
    return 0;
}

/* The request's stack, and its threads on a CPU: the device's view with
 * that many cores, and their share of its peaks and memory bandwidth. */
static int resolve_threads(const accelsel_predict_request *r, asel_perf_config *c)
{
    if (r->stack < 0 || r->stack >= ACCELSEL_STACK_COUNT)
        return asel_error_field(ACCELSEL_EINVAL, "stack", "stack %d is not an ACCELSEL_STACK_* value", r->stack);
    c->stack = r->stack;
    const accelsel_device_info *d = c->dev;
    if (d->kind != ACCELSEL_DEVICE_CPU) {
        if (r->threads != 0)
            return asel_error_field(ACCELSEL_EINVAL, "threads", "%u threads: device '%s' is not a CPU (threads "
                              "count a CPU's cores)", r->threads, d->name);
        return 0;
    }
    c->threads = d->cores;
    if (r->threads == 0 || r->threads == (uint32_t)d->cores)
        return 0;
    if (d->cores <= 0)
        return asel_error(ACCELSEL_EDATA, "%u threads: device '%s' has no figure 'cores'",
                          r->threads, d->name);
    if (r->threads > (uint32_t)d->cores)
        return asel_error_field(ACCELSEL_ERANGE, "threads", "%u threads: device '%s' has %d cores", r->threads,
                          d->name, (int)d->cores);
    double share = (double)r->threads / d->cores;
    c->view = *d;
    c->view.cores = (int32_t)r->threads;
    for (int p = 0; p < ACCELSEL_PRECISION_COUNT; p++)
        c->view.peak_flops[p] *= share;
    c->view.memory_bw_bytes_s *= share;
    c->threads = r->threads;
    c->dev = &c->view;
    return 0;
}

static int resolve_links(const accelsel_predictor *p, const accelsel_predict_request *r,
                         const accelsel_system_info *sys, asel_perf_config *c)
{
    const accelsel_catalog *cat = p->cat;
    double lat = p->par.link_latency_s;
    const char *intra = r->intra_link, *inter = r->inter_link, *host = NULL;
    if (intra == NULL && sys && sys->intra_node_link >= 0)
        intra = accelsel_catalog_link(cat, (size_t)sys->intra_node_link)->name;
    if (inter == NULL && sys && sys->inter_node_link >= 0)
        inter = accelsel_catalog_link(cat, (size_t)sys->inter_node_link)->name;
    if (sys && sys->host_link >= 0)
        host = accelsel_catalog_link(cat, (size_t)sys->host_link)->name;
    /* The device's own bus (a card's PCIe generation and width) where the
     * system does not name one; a card without a GPU-to-GPU link (one whose
     * usual link inside a node is PCIe) reaches the others over it too. */
    if (host == NULL && c->dev->host_link >= 0)
        host = accelsel_catalog_link(cat, (size_t)c->dev->host_link)->name;
    if (intra == NULL && c->dev->host_link >= 0 && strncmp(usual_intra(c->dev), "pcie", 4) == 0)
        intra = host;
    /* A device that comes with a fabric of its own (a GB200's NVLink across
     * its rack, a TPU's inter-chip links across its pod) joins that many
     * devices on it, nodes or not; the parallel plans' collectives use it. */
    int own = 0;
    if (c->dev->scale_up_link >= 0) {
        /* a row or request may name that fabric itself ("NVLINK Gen5") */
        size_t k;
        own = intra == NULL || (accelsel_catalog_find_link(cat, intra, &k) == 0 &&
                                (int64_t)k == c->dev->scale_up_link);
        if (intra == NULL)
            intra = accelsel_catalog_link(cat, (size_t)c->dev->scale_up_link)->name;
    }
    c->domain = own && c->dev->scale_up_domain > c->per_node
                    ? fmin(c->count, (double)c->dev->scale_up_domain)
                    : c->per_node;
    /* A link the configuration never crosses need not be in the catalog,
     * unless the request names it. */
    int rc = 0;
    if ((c->per_node > 1 || r->intra_link) &&
        (rc = find_link(cat, intra ? intra : usual_intra(c->dev), &c->intra_name, &c->intra_bw,
                        &c->intra_lat, lat)) < 0)
        return r->intra_link ? asel_error_blame("intra_link") : rc;
    if ((c->nodes > 1 || r->inter_link) &&
        (rc = find_link(cat, inter ? inter : usual_inter(c->dev), &c->inter_name, &c->inter_bw,
                        &c->inter_lat, lat)) < 0)
        return r->inter_link ? asel_error_blame("inter_link") : rc;
    /* One network port per accelerator unless the system says otherwise. */
    if (sys && sys->inter_node_links_per_node > 0 && c->per_node > 0)
        c->inter_bw *= fmin(1.0, sys->inter_node_links_per_node / c->per_node);
    c->host_bw = 0;
    if (c->dev->kind != ACCELSEL_DEVICE_CPU) {
        double hl;
        if ((rc = find_link(cat, host ? host : usual_host(c->dev), &c->host_name, &c->host_bw,
                            &hl, lat)) < 0)
            return rc;
    }
    return 0;
}

static int resolve_host(const accelsel_predictor *p, const accelsel_predict_request *r,
                        const accelsel_system_info *sys, asel_perf_config *c)
{
    c->host_cores = r->host_cores_per_node;
    if (c->host_cores > 0)
        return 0;
    const accelsel_device_info *cpu = NULL;
    double sockets = 1;
    if (r->host_cpu != NULL) {
        size_t i;
        if (accelsel_catalog_find_device(p->cat, r->host_cpu, &i) < 0)
            return asel_error_blame("host_cpu");
        cpu = accelsel_catalog_device(p->cat, i);
    } else if (sys && sys->host_cpu >= 0) {
        cpu = accelsel_catalog_device(p->cat, (size_t)sys->host_cpu);
        sockets = sys->host_cpus_per_node > 0 ? sys->host_cpus_per_node : 1;
    }
    if (cpu && cpu->kind != ACCELSEL_DEVICE_CPU)
        return asel_error_field(ACCELSEL_EINVAL, "host_cpu", "host CPU '%s' is not a CPU", cpu->name);
    if (cpu && !(cpu->cores > 0))
        return asel_error(ACCELSEL_EDATA, "host CPU '%s' has no figure 'cores'", cpu->name);
    c->host_cores = cpu ? cpu->cores * sockets : 0;
    return 0;
}

/* Epochs and samples: the request's, else the network's recipe, else the
 * epochs relation (fitted on this network, or assumed from another) and
 * ImageNet-1k's samples (assumed). */
static void resolve_recipe(const accelsel_predictor *p, const accelsel_predict_request *r,
                           asel_perf_config *c)
{
    const accelsel_network_recipe *n = accelsel_network_get_recipe(r->network);
    c->same_workload = asel_perf_is_workload(&p->workload, r->network);
    c->epochs = r->epochs;
    c->total_samples = r->total_samples;
    c->epochs_source = ACCELSEL_RECIPE_FROM_REQUEST;
    if (r->epochs <= 0 && r->total_samples <= 0) {
        c->epochs = n->epochs;
        c->total_samples = n->total_samples;
        c->epochs_source = n->epochs > 0 || n->total_samples > 0 ? ACCELSEL_RECIPE_FROM_NETWORK
                           : c->same_workload                   ? ACCELSEL_RECIPE_FROM_FIT
                                                                : ACCELSEL_RECIPE_ASSUMED;
    }
    c->epoch_samples = r->epoch_samples;
    c->epoch_samples_source = ACCELSEL_RECIPE_FROM_REQUEST;
    if (r->epoch_samples <= 0) {
        c->epoch_samples = n->epoch_samples > 0 ? n->epoch_samples
                                                : ACCELSEL_PREDICT_IMAGENET_SAMPLES;
        c->epoch_samples_source = n->epoch_samples > 0 ? ACCELSEL_RECIPE_FROM_NETWORK
                                                       : ACCELSEL_RECIPE_ASSUMED;
    }
}

int asel_perf_resolve(const accelsel_predictor *p, const accelsel_predict_request *r,
                      asel_perf_config *c)
{
    const accelsel_system_info *sys;
    int rc;
    *c = (asel_perf_config){ 0 };
    if ((rc = check_sizes(r)) < 0 || (rc = resolve_device(p, r, c, &sys)) < 0 ||
        (rc = resolve_threads(r, c)) < 0)
        return rc;
    double nodes = r->nodes, per_node = r->per_node;
    if (sys && per_node == 0 && (r->count == 0 || r->nodes == 0))
        per_node = sys->devices_per_node;
    if (sys && nodes == 0 && r->count == 0)
        nodes = sys->nodes;
    if ((rc = complete_counts(c, r->count, nodes, per_node)) < 0 ||
        (rc = check_node_size(sys, r, c)) < 0)
        return rc;
    c->global_batch = r->global_batch > 0 ? r->global_batch : 256.0 * c->count;
    if (c->global_batch < c->count) /* data parallelism gives every device a sample */
        return asel_error_field(ACCELSEL_EINVAL, "global_batch", "global batch %g is smaller than the %g devices",
                          c->global_batch, c->count);
    /* The step waits for the busiest device: 64 samples on 33 devices give
     * some devices 2, and they take as long as at 32 devices. */
    c->per_device_batch = ceil(c->global_batch / c->count);
    if (r->precision == ACCELSEL_PRECISION_AUTO)
        rc = auto_precision(r->network, c);
    else if ((rc = asel_perf_check_device(c->dev, c->precision = r->precision)) ==
             ACCELSEL_EINVAL) /* not a precision, or not the device's: a missing figure is EDATA */
        rc = asel_error_blame("precision");
    if (rc < 0)
        return rc;
    if ((rc = resolve_links(p, r, sys, c)) < 0 || (rc = resolve_host(p, r, sys, c)) < 0)
        return rc;
    resolve_recipe(p, r, c);
    c->sample_bytes = r->sample_bytes;
    c->no_correction = r->no_correction != 0;
    return 0;
}
