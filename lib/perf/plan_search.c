/* accelsel_predictor_predict_plan(): a plan's fixed fields checked, the
 * others searched over every factorisation of the accelerator count and
 * every choice that divides the model and the batch, the fastest plans
 * that fit memory kept in order. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/error.h"
#include "perf/layer_cost.h"
#include "perf/llm_bench.h"
#include "perf/plan_model.h"

int asel_plan_check(const asel_plan_env *e, const accelsel_plan *pl)
{
    const accelsel_transformer_info *t = e->t;
    double count = e->cfg->count, blocks = (double)t->layers, chunks = (double)pl->pp * pl->interleave;
    double deg = (double)pl->tp * pl->pp * pl->cp * pl->dp, per_dp = e->gbs / pl->dp;
    if (deg != count)
        return asel_error_field(ACCELSEL_EINVAL, "plan", "tp %u x pp %u x cp %u x dp %u = %.0f, "
                                "not the %.0f accelerators", pl->tp, pl->pp, pl->cp, pl->dp, deg,
                                count);
    if (t->heads % pl->tp != 0 || t->kv_heads % pl->tp != 0)
        return asel_error_field(ACCELSEL_EINVAL, "plan", "tp %u does not divide the %llu heads "
                                "and %llu key-value heads", pl->tp,
                                (unsigned long long)t->heads, (unsigned long long)t->kv_heads);
    if (fmod(blocks, chunks) != 0 && (fmod(blocks + 2, chunks) != 0 || chunks < 2 ||
                                      (blocks + 2) / chunks < 2))
        return asel_error_field(ACCELSEL_EINVAL, "plan", "pp %u x vp %u = %.0f chunks divide "
                                "neither the %.0f blocks nor the blocks + 2 (embedding and "
                                "output layer)", pl->pp, pl->interleave, chunks, blocks);
    if (fmod((double)t->sequence, 2.0 * pl->cp) != 0 && pl->cp > 1)
        return asel_error_field(ACCELSEL_EINVAL, "plan", "2 cp = %u does not divide the sequence "
                                "of %llu", 2 * pl->cp, (unsigned long long)t->sequence);
    if (fmod(per_dp, pl->micro_batch) != 0 || per_dp < 1)
        return asel_error_field(ACCELSEL_EINVAL, "plan", "the global batch of %.0f sequences "
                                "does not divide into dp %u x micro-batches of %u", e->gbs,
                                pl->dp, pl->micro_batch);
    if (pl->interleave > 1 && fmod(per_dp / pl->micro_batch, pl->pp) != 0)
        return asel_error_field(ACCELSEL_EINVAL, "plan", "interleaving needs the %.0f "
                                "micro-batches to be a multiple of pp %u",
                                per_dp / pl->micro_batch, pl->pp);
    if (pl->sequence_parallel == ACCELSEL_PLAN_ON && pl->tp == 1)
        return asel_error_field(ACCELSEL_EINVAL, "plan", "sequence parallelism needs tp > 1");
    return 0;
}

/* The search's state: the plans kept, best first, and what bound. */
typedef struct search {
    const asel_plan_env *e;
    accelsel_plan_prediction *out;
    size_t cap, n;
    accelsel_plan_prediction closest; /* least memory among plans that did not fit */
    int divided;                      /* some plan divided model and batch */
} search;

static void keep(search *s, const accelsel_plan_prediction *p)
{
    size_t at = s->n < s->cap ? s->n : s->cap;
    while (at > 0 && p->step_s < s->out[at - 1].step_s)
        at--;
    if (at >= s->cap)
        return;
    size_t last = s->n < s->cap ? s->n : s->cap - 1;
    memmove(&s->out[at + 1], &s->out[at], (last - at) * sizeof *s->out);
    s->out[at] = *p;
    if (s->n < s->cap)
        s->n++;
}

/* Recomputation in order of memory: once one fits, more only costs time. */
static void try_recompute(search *s, accelsel_plan pl, uint32_t fixed)
{
    for (uint32_t r = ACCELSEL_RECOMPUTE_NONE; r <= ACCELSEL_RECOMPUTE_FULL; r++) {
        if (fixed && r != fixed)
            continue;
        pl.recompute = r;
        if (asel_plan_check(s->e, &pl) != 0)
            return;
        s->divided = 1;
        accelsel_plan_prediction p = { .version = ACCELSEL_PLAN_PREDICTION_VERSION };
        if (asel_plan_evaluate(s->e, &pl, &p) == 0) {
            keep(s, &p);
            return;
        }
        if (s->closest.version == 0 || p.memory_needed_bytes < s->closest.memory_needed_bytes)
            s->closest = p;
    }
}

/* The values of a field: the fixed one, or each divisor of @p n (up to @p max). */
static uint32_t next_divisor(uint32_t fixed, double n, uint32_t d, double max)
{
    if (fixed)
        return d == 0 ? fixed : 0;
    for (uint32_t x = d + 1; x <= n && x <= max; x++)
        if (fmod(n, x) == 0)
            return x;
    return 0;
}

static void search_all(search *s, const accelsel_plan *f)
{
    const asel_plan_env *e = s->e;
    const accelsel_transformer_info *t = e->t;
    double count = e->cfg->count, gbs = e->gbs;
    for (uint32_t tp = 0; (tp = next_divisor(f->tp, count, tp, (double)t->heads)) != 0;)
        for (uint32_t pp = 0; (pp = next_divisor(f->pp, count / tp, pp, (double)t->layers)) != 0;)
            for (uint32_t cp = 0; (cp = next_divisor(f->cp, count / tp / pp, cp, 64)) != 0;) {
                double dp = count / tp / pp / cp;
                if (f->dp && f->dp != dp)
                    continue;
                if (fmod(gbs, dp) != 0)
                    continue;
                for (uint32_t b = 0; (b = next_divisor(f->micro_batch, gbs / dp, b, 64)) != 0;)
                    for (uint32_t v = 0;
                         (v = next_divisor(f->interleave, (double)t->layers, v, pp > 1 ? 16 : 1)) != 0;)
                        for (uint32_t sp = ACCELSEL_PLAN_OFF; sp <= ACCELSEL_PLAN_ON; sp++) {
                            if ((f->sequence_parallel && sp != f->sequence_parallel) ||
                                (sp == ACCELSEL_PLAN_ON && tp == 1))
                                continue;
                            for (uint32_t z = ACCELSEL_SHARDING_NONE; z <= ACCELSEL_SHARDING_PARAMETERS; z++) {
                                if ((f->sharding && z != f->sharding) ||
                                    (z > ACCELSEL_SHARDING_NONE && dp * cp == 1 && !f->sharding))
                                    continue;
                                accelsel_plan pl = { ACCELSEL_PLAN_VERSION, tp, pp, (uint32_t)dp, cp,
                                                     b, v, sp, z, 0 };
                                try_recompute(s, pl, f->recompute);
                            }
                        }
            }
}

static int none_fits(const search *s)
{
    const accelsel_plan_prediction *c = &s->closest;
    if (!s->divided)
        return asel_error(ACCELSEL_EINFEASIBLE, "no plan of %.0f accelerators divides the model "
                          "and the global batch of %.0f sequences: tp must divide the %llu heads "
                          "and %llu key-value heads, pp x vp the %llu blocks (or + 2), dp the "
                          "global batch", s->e->cfg->count, s->e->gbs,
                          (unsigned long long)s->e->t->heads, (unsigned long long)s->e->t->kv_heads,
                          (unsigned long long)s->e->t->layers);
    return asel_error(ACCELSEL_EINFEASIBLE, "no plan fits memory: the closest, tp %u pp %u cp %u dp "
                      "%u mbs %u %s recompute %s, needs %.4g bytes on '%s' (weights %.4g, "
                      "gradients %.4g, optimizer states %.4g, activations %.4g), which has %.4g",
                      c->plan.tp, c->plan.pp, c->plan.cp, c->plan.dp, c->plan.micro_batch,
                      accelsel_sharding_name(c->plan.sharding),
                      accelsel_recompute_name(c->plan.recompute), c->memory_needed_bytes,
                      s->e->cfg->dev->name, c->weight_bytes, c->gradient_bytes,
                      c->optimizer_bytes, c->activation_bytes, c->memory_available_bytes);
}

int asel_plan_search(const asel_plan_env *e, const accelsel_plan *fixed,
                     accelsel_plan_prediction *out, size_t capacity, size_t *n)
{
    *n = 0;
    int complete = fixed->tp && fixed->pp && fixed->cp && fixed->dp && fixed->micro_batch &&
                   fixed->interleave && fixed->sequence_parallel && fixed->sharding &&
                   fixed->recompute;
    int rc = complete ? asel_plan_check(e, fixed) : 0;
    if (rc < 0)
        return rc;
    search s = { e, out, capacity, 0, { 0 }, 0 };
    search_all(&s, fixed);
    if (s.n == 0)
        return none_fits(&s);
    *n = s.n;
    return 0;
}

/* Every field of @p pl that is given must be in its range. */
static int check_fields(const accelsel_plan *pl)
{
    if (pl->version != ACCELSEL_PLAN_VERSION)
        return asel_error_field(ACCELSEL_EVERSION, "plan", "unknown plan version %u", pl->version);
    if (pl->sequence_parallel > ACCELSEL_PLAN_ON || pl->sharding > ACCELSEL_SHARDING_PARAMETERS ||
        pl->recompute > ACCELSEL_RECOMPUTE_FULL)
        return asel_error_field(ACCELSEL_EINVAL, "plan", "sequence_parallel %u, sharding %u or "
                                "recompute %u is no ACCELSEL_* value", pl->sequence_parallel,
                                pl->sharding, pl->recompute);
    return 0;
}

int asel_plan_resolve(const accelsel_predictor *p, const accelsel_predict_request *req,
                      asel_perf_config *c, double *gbs)
{
    accelsel_predict_request r;
    int rc = asel_perf_request_read(req, &r);
    if (rc < 0)
        return rc;
    double given = r.global_batch;
    r.global_batch = 0;
    if ((rc = asel_perf_resolve(p, &r, c)) < 0)
        return rc;
    if (req->precision == ACCELSEL_PRECISION_AUTO) {
        /* 16 bits; MLPerf's LLM benchmarks in the 8 bits the device has, as
         * their results train (fp8 on GPUs, AQT's int8 on TPUs) */
        static const int order[] = { ACCELSEL_PRECISION_FP8, ACCELSEL_PRECISION_INT8,
                                     ACCELSEL_PRECISION_BF16, ACCELSEL_PRECISION_FP16,
                                     ACCELSEL_PRECISION_FP32 };
        size_t first = asel_llm_bench_find(accelsel_network_name(req->network)) >= 0 ? 0 : 2;
        for (size_t i = first; i < sizeof order / sizeof order[0]; i++)
            if (asel_perf_check_device(c->dev, order[i]) == 0) {
                c->precision = order[i];
                break;
            }
    }
    if (!(given == floor(given) && given >= 0 && given <= ASEL_PERF_BATCH_MAX))
        return asel_error_field(ACCELSEL_EINVAL, "global_batch", "global_batch %g is not a whole "
                                "number of sequences up to 2^53", given);
    /* none given: the recipe's (MLPerf's), else a sequence a device */
    const accelsel_network_recipe *rec = accelsel_network_get_recipe(req->network);
    *gbs = given > 0 ? given : rec != NULL && rec->global_batch >= 1 ? rec->global_batch : c->count;
    c->global_batch = *gbs;
    return 0;
}

/* The plan corrections' factor @p f on prediction @p o, and its time to
 * train of @p steps steps and @p eval_s seconds of evaluations. */
static void correct(accelsel_plan_prediction *o, double f, double steps, double eval_s)
{
    o->correction = f;
    o->step_s *= f;
    o->throughput_samples_s /= f;
    o->tokens_s /= f;
    o->mfu /= f;
    o->evaluation_s = eval_s * f;
    o->time_to_train_s = steps * o->step_s + o->evaluation_s;
}

/* The evaluations of a network named as an MLPerf LLM benchmark (a zoo
 * workload such as "llama31_405b") over @p steps steps of @p gbs
 * sequences under plan @p pl: seconds, 0 for other networks. */
static double evaluations_s(const asel_plan_env *e, const accelsel_network *net,
                            const accelsel_plan *pl, double steps, double gbs)
{
    int b = asel_llm_bench_find(accelsel_network_name(net));
    if (b < 0 || !(steps > 0))
        return 0;
    const asel_llm_bench *k = &asel_llm_benches[b];
    return asel_llm_bench_evaluations(k, steps, gbs) * asel_plan_forward_s(e, pl, k->eval_sequences);
}

ACCELSEL_API int accelsel_predictor_predict_plan(const accelsel_predictor *p,
                                                 const accelsel_predict_request *req,
                                                 const accelsel_plan *plan,
                                                 accelsel_plan_prediction *out, size_t capacity,
                                                 size_t *n)
{
    static const char fn[] = "accelsel_predictor_predict_plan";
    if (p == NULL || req == NULL || out == NULL || n == NULL || capacity == 0)
        return asel_einval(fn, p == NULL ? "p" : req == NULL ? "req" : out == NULL ? "out"
                               : n == NULL ? "n" : "capacity");
    *n = 0;
    for (size_t i = 0; i < capacity; i++)
        if (out[i].version != ACCELSEL_PLAN_PREDICTION_VERSION)
            return asel_error_field(ACCELSEL_EVERSION, "out", "unknown plan prediction version %u",
                                    out[i].version);
    accelsel_plan fixed = ACCELSEL_PLAN_INIT;
    int rc = plan != NULL ? check_fields(plan) : 0;
    if (rc < 0)
        return rc;
    if (plan != NULL)
        fixed = *plan;
    if (req->network == NULL)
        return asel_einval(fn, "req->network");
    const accelsel_transformer_info *t = accelsel_network_get_transformer(req->network);
    if (t == NULL)
        return asel_error_field(ACCELSEL_EINVAL, "network", "network '%s' is not built from a "
                                "transformer's sizes (a config.json, a YAML 'transformer' "
                                "section or a zoo LLM): a parallel plan needs its blocks",
                                accelsel_network_name(req->network));
    asel_perf_config c;
    double gbs = 0;
    if ((rc = asel_plan_resolve(p, req, &c, &gbs)) < 0)
        return rc;
    asel_plan_env e;
    asel_plan_env_init(&e, &p->par, &c, t, gbs);
    size_t found = 0;
    if ((rc = asel_plan_search(&e, &fixed, out, capacity, &found)) < 0)
        return rc;
    double f = 1;
    if (!c.no_correction &&
        (rc = asel_perf_corr_get(&p->plan_corr, c.dev_index, c.count, c.dev->name, &f)) < 0)
        return rc;
    /* The training: the request's samples or epochs, else the recipe's. */
    const accelsel_network_recipe *r = accelsel_network_get_recipe(req->network);
    double total = c.total_samples > 0 ? c.total_samples
                   : c.epochs <= 0     ? r->total_samples
                   : c.epoch_samples_source != ACCELSEL_RECIPE_ASSUMED ? c.epochs * c.epoch_samples
                                       : NAN; /* ImageNet's epoch is no transformer's */
    double steps = total > 0 ? ceil(total / gbs) : NAN;
    for (size_t i = 0; i < found; i++) {
        correct(&out[i], f, steps, evaluations_s(&e, req->network, &out[i].plan, steps, gbs));
        out[i].count = (uint32_t)c.count;
        out[i].nodes = (uint32_t)c.nodes;
        out[i].per_node = (uint32_t)c.per_node;
    }
    *n = found;
    return 0;
}
