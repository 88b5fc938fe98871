/* A training step on one device: forward, backward (backward_ratio x the
 * forward terms: input and weight gradients) and the optimizer update of
 * each layer's weights, each pass as max(compute, memory) + overhead. */
#include <math.h>
#include <string.h>

#include "core/alloc.h"
#include "core/error.h"
#include "perf/layer_cost.h"
#include "perf/eager.h"
#include "perf/step.h"

/* Add one pass's terms to the split by what bounds it. */
static void add_pass(asel_perf_step *s, const asel_layer_time *t)
{
    if (t->compute_s >= t->memory_s)
        s->compute_s += t->compute_s;
    else
        s->memory_s += t->memory_s;
    s->overhead_s += t->overhead_s;
}

static int bound_of(const asel_layer_time *t)
{
    if (t->overhead_s >= fmax(t->compute_s, t->memory_s))
        return ACCELSEL_BOUND_OVERHEAD;
    return t->compute_s >= t->memory_s ? ACCELSEL_BOUND_COMPUTE : ACCELSEL_BOUND_MEMORY;
}

/* Weights in fp32 (master copy), gradients and the momentum buffer in fp32,
 * a low-precision copy of the weights for mixed precision, and the outputs
 * kept for the backward pass. Activation and add layers run in place (as
 * frameworks run ReLU and residual sums), so their outputs are not kept apart. */
double asel_perf_kept_elements(const accelsel_network *net)
{
    double act = 0;
    size_t n = accelsel_network_layer_count(net);
    for (size_t i = 0; i < n; i++) {
        const accelsel_layer_info *l = accelsel_network_layer(net, i);
        if (l->kind != ACCELSEL_LAYER_ACTIVATION && l->kind != ACCELSEL_LAYER_ADD &&
            l->kind != ACCELSEL_LAYER_FLATTEN)
            act += (double)l->output_elements;
    }
    return act;
}

double asel_perf_step_memory(const accelsel_network *net, double kept, double batch, double eb)
{
    double params = (double)accelsel_network_get_totals(net)->params;
    return params * (12.0 + (eb < 4 ? eb : 0)) + kept * batch * eb;
}

static int is_epilogue(const accelsel_layer_info *l)
{
    return l->kind == ACCELSEL_LAYER_BATCHNORM || l->kind == ACCELSEL_LAYER_ADD ||
           (l->kind == ACCELSEL_LAYER_ACTIVATION && l->op && strcmp(l->op, "softmax") != 0);
}

/* An epilogue layer (batch norm, activation, residual sum) whose first input
 * chains back through epilogues to a GEMM can run inside that GEMM's kernel,
 * as cuDNN, oneDNN and XLA fuse them. A layer's answer is its first input's
 * (or 1 if that input is the GEMM), so one pass in topological order settles
 * every layer: walking each chain back again from every layer took time
 * quadratic in its length (10,000 ReLUs in a row: about a second for each
 * precision AUTO tries). */
int asel_perf_fusable_layers(const accelsel_network *net, unsigned char **out)
{
    size_t n = accelsel_network_layer_count(net), n_order = 0;
    const size_t *order = NULL;
    unsigned char *f = asel_calloc(n ? n : 1, 1);
    *out = NULL;
    if (f == NULL)
        return asel_enomem();
    if (n > 0 && accelsel_network_topo_order(net, &order, &n_order) != 0)
        n_order = 0; /* a loaded network always has one */
    for (size_t k = 0; k < n_order; k++) {
        size_t i = order[k], m;
        const size_t *in;
        if (!is_epilogue(accelsel_network_layer(net, i)) ||
            accelsel_network_layer_inputs(net, i, &in, &m) != 0 || m == 0)
            continue;
        f[i] = asel_perf_is_gemm(accelsel_network_layer(net, in[0])->kind) || f[in[0]];
    }
    *out = f;
    return 0;
}

/* The step of asel_perf_device_step(), which is this with no bound. With
 * @p bound finite, stops once forward + backward + update so far exceed it
 * (every term is at least 0 and a rounded sum of larger terms is never
 * smaller, so the whole step would exceed it too) and returns 1; else 0. */
static int device_step(const asel_perf_params *par, const accelsel_device_info *dev,
                       const accelsel_network *net, const unsigned char *fusable, double batch,
                       int precision, int stack, double bound, asel_perf_step *out,
                       accelsel_layer_prediction *rows, size_t cap)
{
    asel_perf_params eager;
    const asel_perf_params *lp = par;
    if (stack == ACCELSEL_STACK_EAGER) {
        asel_perf_eager_params(par, &eager);
        lp = &eager;
    }
    const asel_perf_kind_params *q = &lp->kind[asel_perf_kind_of(dev->kind)];
    double r = par->backward_ratio;
    double upd_bw = dev->memory_bw_bytes_s * q->memory_eff;
    *out = (asel_perf_step){ 0 };
    size_t n = accelsel_network_layer_count(net);
    for (size_t i = 0; i < n; i++) {
        const accelsel_layer_info *l = accelsel_network_layer(net, i);
        asel_layer_time t, f, b, u = { 0, 0, 0, 0 };
        asel_perf_layer_terms(lp, dev, l, batch, precision, &t);
        if (stack == ACCELSEL_STACK_EAGER) {
            asel_perf_eager_passes(par, dev, l, batch, precision, &t, &f, &b);
        } else {
            f = t;
            if (q->fusion > 0 && fusable[i]) {
                f.memory_s *= 1 - q->fusion;
                f.overhead_s *= 1 - q->fusion;
                f.time_s = fmax(f.compute_s, f.memory_s) + f.overhead_s;
            }
            b = (asel_layer_time){ r * f.compute_s, r * f.memory_s, r * f.overhead_s, 0 };
            b.time_s = fmax(b.compute_s, b.memory_s) + b.overhead_s;
        }
        if (l->params > 0) {
            u.memory_s = (double)l->params * par->update_bytes / upd_bw;
            u.overhead_s = q->overhead_s;
            u.time_s = u.memory_s + u.overhead_s;
        }
        add_pass(out, &f);
        add_pass(out, &b);
        add_pass(out, &u);
        out->forward_s += f.time_s;
        out->backward_s += b.time_s;
        out->update_s += u.time_s;
        if (i < cap)
            rows[i] = (accelsel_layer_prediction){
                .layer = i, .name = l->name, .forward_s = f.time_s, .backward_s = b.time_s,
                .update_s = u.time_s, .compute_s = f.compute_s + b.compute_s,
                .memory_s = f.memory_s + b.memory_s + u.memory_s,
                .overhead_s = f.overhead_s + b.overhead_s + u.overhead_s,
                .bound = l->kind == ACCELSEL_LAYER_INPUT ? 0 : bound_of(&f) };
        if ((i & 15) == 15 && out->forward_s + out->backward_s + out->update_s > bound) {
            out->device_s = out->forward_s + out->backward_s + out->update_s;
            return 1;
        }
    }
    out->device_s = out->forward_s + out->backward_s + out->update_s;
    out->memory_needed = asel_perf_step_memory(net, asel_perf_kept_elements(net), batch,
                                               asel_perf_precision_bytes(precision));
    return out->device_s > bound;
}

void asel_perf_device_step(const asel_perf_params *par, const accelsel_device_info *dev,
                           const accelsel_network *net, const unsigned char *fusable,
                           double batch, int precision, int stack, asel_perf_step *out,
                           accelsel_layer_prediction *rows, size_t cap)
{
    device_step(par, dev, net, fusable, batch, precision, stack, INFINITY, out, rows, cap);
}

int asel_perf_device_time(const asel_perf_params *par, const accelsel_device_info *dev,
                          const accelsel_network *net, const unsigned char *fusable,
                          double batch, int precision, int stack, double bound,
                          double *device_s)
{
    asel_perf_step s;
    int over = device_step(par, dev, net, fusable, batch, precision, stack, bound, &s, NULL, 0);
    *device_s = s.device_s;
    return over;
}

int asel_perf_params_monotone(const asel_perf_params *par, const accelsel_device_info *dev)
{
    const asel_perf_kind_params *q = &par->kind[asel_perf_kind_of(dev->kind)];
    return isfinite(q->compute_eff) && q->compute_eff > 0 && isfinite(q->memory_eff) &&
           q->memory_eff > 0 && isfinite(q->cache_ratio) && q->cache_ratio >= 1 &&
           isfinite(q->overhead_s) && q->overhead_s >= 0 && isfinite(q->fusion) &&
           q->fusion < 1 && isfinite(par->backward_ratio) && par->backward_ratio > 0 &&
           isfinite(par->update_bytes) && par->update_bytes >= 0 && asel_perf_eager_monotone(q);
}

/* The power of two j >= 1 with a's GEMM tile exactly j times b's, or 0.
 * j > 1 only where both tiles pad (round_up() pads at tiles above 1 only),
 * and only within the magnitudes of asel_perf_precision_dominates(). */
static double tile_ratio(const asel_perf_kind_params *q, const accelsel_device_info *dev,
                         int a, int b)
{
    double ta = asel_perf_tile_n(q, dev, a), tb = asel_perf_tile_n(q, dev, b);
    if (ta == tb)
        return 1; /* the same padding: no magnitude matters */
    int blocks_ok = (q->block_m <= 0 || (q->block_m >= 1 && q->block_m <= 0x1p32)) &&
                    (q->block_n <= 0 || (q->block_n >= 1 && q->block_n <= 0x1p32));
    if (!(tb > 1 && ta > tb && ta <= 0x1p32 && q->tile_m <= 0x1p32 && blocks_ok))
        return 0;
    int e;
    double j = ta / tb;
    return frexp(j, &e) == 0.5 && j * tb == ta ? j : 0;
}

/* Why j times the tile at j times the rate is no slower, bit for bit: with
 * ta = j tb, fl(n / ta) = fl(n / tb) / j, so a's padded columns are
 * fl(ceil(y / j) ta) <= j fl(ceil(y) tb) = j x b's (y = fl(n / tb)), and
 * min(a's, block_n) <= j min(b's, block_n). A product of rounded factors
 * with one factor at most j times b's is at most j times b's product,
 * since scaling by a power of two is exact while nothing overflows or goes
 * subnormal: every factor is 0 or at least 1, and with layer counts below
 * 2^64, a batch of at most 2^53, cores below 2^31 and tiles and blocks of
 * at most 2^32 the products stay below 2^450. The compute term, fl(2 macs /
 * rate), then has a numerator at most j times b's over a rate at least j
 * times b's: no larger. Rates as the layer model forms them, under either
 * stack's efficiency. */
static int rates_scale(const asel_perf_kind_params *q, const accelsel_device_info *dev, int a,
                       int b, double j)
{
    const double eff[] = { q->compute_eff, q->eager_compute_eff };
    for (size_t i = 0; i < sizeof eff / sizeof eff[0]; i++)
        if (!(dev->peak_flops[a] * eff[i] >= j * (dev->peak_flops[b] * eff[i])))
            return 0;
    return 1;
}

int asel_perf_precision_dominates(const asel_perf_params *par, const accelsel_device_info *dev,
                                  int a, int b)
{
    const asel_perf_kind_params *q = &par->kind[asel_perf_kind_of(dev->kind)];
    double j = tile_ratio(q, dev, a, b);
    /* The eager stack subtracts the elementwise time from the compute term
       (asel_perf_eager_passes()): monotone in the GEMM time only when both
       precisions take the same elementwise time, so the vector peaks are equal. */
    return asel_perf_params_monotone(par, dev) && j >= 1 && rates_scale(q, dev, a, b, j) &&
           asel_perf_vector_peak(dev, a) == asel_perf_vector_peak(dev, b) &&
           asel_perf_precision_bytes(a) <= asel_perf_precision_bytes(b);
}
