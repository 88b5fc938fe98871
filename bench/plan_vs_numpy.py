#!/usr/bin/python3
"""The plan search against the same exhaustive search in numpy.

usage: /usr/bin/python3 bench/plan_vs_numpy.py BENCH_PLAN [NETWORK DEVICE COUNT BATCH]

Runs the bench_plan program built by meson (e.g. build/bench/bench_plan)
for libaccelsel's time (the fastest of five searches, one thread) and, with
--dump, for what its search is made of: the transformer's sizes, the
resolved device and links, the parameters, and its best plan. Then, in
this process, searches every plan the library searches with numpy, the
model of lib/perf/plan_model.c written out in array form (docs/predictor.md,
"Parallel plans"): every factorisation of the count into tp x pp x cp x dp
that divides the model, every micro-batch, interleave, sequence parallelism
and sharding as one array of candidates per (tp, pp, cp), each with the
least recomputation that fits memory; checks that it finds the library's
best plan and step, and prints both times and their ratio (the fastest of
three numpy runs). numpy evaluates every candidate at each recomputation,
where the library stops at the first that fits. Default: Llama 3.1 405B on
16,384 B200s, 2,048 sequences a step. Never fails on time; exits 1 when the
two searches disagree.
"""
import json
import subprocess
import sys
import time

import numpy as np

OFF, ON = 1, 2
NONE, OPTIMIZER, GRADIENTS, PARAMETERS = 1, 2, 3, 4
R_NONE, R_SELECTIVE, R_FULL = 1, 2, 3
ADAM_BYTES, ADAM_STATE = 28.0, 12.0


def divisors(n, limit):
    return [x for x in range(1, int(min(n, limit)) + 1) if n % x == 0]


def ring(nbytes, p, bw, lat):
    p = np.asarray(p, dtype=float)
    t = 2.0 * (p - 1) / p * nbytes / bw + 2.0 * (p - 1) * lat
    return np.where((p <= 1) | (nbytes <= 0), 0.0, t)


def allreduce(d, nbytes, n, stride):
    """lib/perf/plan_model.c allreduce() over lib/perf/collective.c."""
    c, ce = d['cfg'], d['q']['plan_comm_eff']
    ib, il, xb, xl = c['intra_bw'] * ce, c['intra_lat'], c['inter_bw'] * ce, c['inter_lat']
    n = np.asarray(n, dtype=float)
    in_node = np.maximum(1.0, np.minimum(n, c['domain'] / stride))
    nodes = n / in_node
    hier = ring(nbytes, in_node, ib, il) + ring(nbytes / in_node, nodes, xb, xl)
    t = np.where(nodes <= 1, ring(nbytes, in_node, ib, il),
                 np.where(in_node <= 1, ring(nbytes, nodes, xb, xl), hier))
    return np.where(n <= 1, 0.0, t)


def candidates(d):
    """Every plan the search tries, in its order, as columns (r aside)."""
    t, count, gbs = d['t'], d['cfg']['count'], d['env']['gbs']
    cols = {k: [] for k in ('tp', 'pp', 'cp', 'dp', 'b', 'v', 'sp', 'z')}
    for tp in divisors(count, t['heads']):
        for pp in divisors(count / tp, t['layers']):
            for cp in divisors(count / tp / pp, 64):
                dp = count / tp / pp / cp
                if gbs % dp:
                    continue
                b = np.array(divisors(gbs / dp, 64))
                v = np.array(divisors(t['layers'], 16 if pp > 1 else 1))
                sp = np.array([OFF] if tp == 1 else [OFF, ON])
                z = np.array([NONE] if dp * cp == 1 else [NONE, OPTIMIZER, GRADIENTS, PARAMETERS])
                grid = np.meshgrid(b, v, sp, z, indexing='ij')
                m = grid[0].size
                for k, x in (('tp', tp), ('pp', pp), ('cp', cp), ('dp', dp)):
                    cols[k].append(np.full(m, float(x)))
                for k, g in zip(('b', 'v', 'sp', 'z'), grid):
                    cols[k].append(g.ravel().astype(float))
    return {k: np.concatenate(v) for k, v in cols.items()}


def check(d, c):
    """asel_plan_check(): the plans that divide the model and the batch."""
    t, gbs = d['t'], d['env']['gbs']
    L, chunks, per_dp = t['layers'], c['pp'] * c['v'], gbs / c['dp']
    ok = (t['heads'] % c['tp'] == 0) & (t['kv_heads'] % c['tp'] == 0)
    ok &= (L % chunks == 0) | (((L + 2) % chunks == 0) & (chunks >= 2) & ((L + 2) / chunks >= 2))
    ok &= (c['cp'] == 1) | (t['sequence'] % (2 * c['cp']) == 0)
    ok &= (per_dp % c['b'] == 0) & (per_dp >= 1)
    ok &= (c['v'] == 1) | ((per_dp / c['b']) % c['pp'] == 0)
    return ok


def activations(d, c, recompute):
    """asel_plan_block_activations() with fused attention."""
    t, ab = d['t'], d['env']['act_bytes']
    sig = np.where(c['sp'] == ON, c['tp'], 1.0)
    tok, h, tp = c['b'] * t['sequence'] / c['cp'], t['hidden'], c['tp']
    kvd, a = t['kv_heads'] * t['head_dim'], t['heads']
    f = t['ffn'] * (t['top_k'] if t['experts'] > 0 else 1)
    drop = 1.0 if t['dropout'] else 0.0
    attn = ab * tok * h / sig + ab * tok * (h + kvd) / tp + ab * tok * kvd / tp + \
        ab * tok * h / tp + drop * tok * h / sig
    ffn = ab * tok * h / sig + (4 if t['gated'] else 2) * ab * tok * f / tp + drop * tok * h / sig
    kept = attn + ffn + 2 * ab * tok * h / sig + 4 * a * tok / tp
    return np.where(recompute == R_FULL, ab * tok * h / sig, kept)


def evaluate(d, c, r):
    """asel_plan_evaluate(): (step, fits) of every plan of c at recomputation r."""
    t, e, q, cfg = d['t'], d['env'], d['q'], d['cfg']
    peak, apk, bw, ab, ovh = e['peak'], e['attn_peak'], e['bw'], e['act_bytes'], q['overhead_s']
    tp, pp, cp, dp, b, v, z = c['tp'], c['pp'], c['cp'], c['dp'], c['b'], c['v'], c['z']
    sig = np.where(c['sp'] == ON, tp, 1.0)
    s, h, L = t['sequence'], t['hidden'], t['layers']
    kvd, g = t['kv_heads'] * t['head_dim'], 3 if t['gated'] else 2
    f = t['ffn'] * (t['top_k'] if t['experts'] > 0 else 1)
    tok, full = b * s / cp, r == R_FULL

    def pass_time(flops, aflops, wbytes, ebytes, kernels):
        return np.maximum(flops / peak + aflops / apk, wbytes / bw) + ebytes / bw + kernels * ovh

    gemm = 2 * tok * (2 * h * h + 2 * h * kvd + g * h * f) / tp + 2 * tok * h * t['experts']
    lora = 2 * tok * t['lora_rank'] * (4 * h + 2 * kvd)
    attn = 4 * tok * s * h / tp * (0.5 if t['decoder'] else 1.0)
    elem = ab * tok * (10 * h / sig + (5 if t['gated'] else 2) * f / tp) * (1 - q['fusion'])
    wbytes, kernels = e['block_params'] / tp * ab, (12 if t['gated'] else 10) + (cp - 1)
    wgrad = 0 if t['lora_rank'] > 0 else gemm
    fwd = pass_time(gemm + lora, attn, wbytes, elem, kernels)
    bwd = pass_time(gemm + wgrad + 2 * lora, 2.5 * attn, 2 * wbytes, 2 * elem, kernels)
    rec = pass_time(gemm + lora, attn, wbytes, elem, kernels) if full else 0.0
    bt_attn, bt_gemm = 3.5 * attn / apk, ((2 + full) * (gemm + lora) + wgrad + lora) / peak
    rows, width = tok, t['vocab']  # a decoder's output layer
    hgemm = 2 * rows * h * width / tp
    hwgrad = hgemm if e['trained_head'] > 0 else 0
    logits, hwb = rows * width / tp * 4, e['head_params'] / tp * ab
    head = pass_time(hgemm, 0, hwb, logits, 2) + pass_time(hgemm + hwgrad, 0, 2 * hwb, 2 * logits, 2)
    ebytes = tok * h * ab
    embed = pass_time(0, 0, 0, ebytes, 1) + pass_time(0, 0, 0, 2 * ebytes, 1)
    plus2 = L % (pp * v) != 0
    blocks = np.where(plus2, (L + 2) / pp, L / pp)
    edge = np.where((pp > 1) & plus2, blocks - 1, blocks)
    act = b * s / cp * h * ab
    tp1 = allreduce(d, act, tp, 1)
    cp1 = np.where(cp > 1, allreduce(d, 2 * act / h * kvd / tp * cp, cp, tp) / 2, 0.0)
    tp_exp = np.maximum(0, (6 if full else 4) * tp1 - q['plan_tp_overlap'] * bt_gemm)
    cp_exp = np.maximum(0, (4 if full else 3) * cp1 - bt_attn)
    per_block = fwd + bwd + rec + tp_exp + cp_exp
    stage = np.where(pp > 1, np.maximum(blocks * per_block, edge * per_block + np.maximum(head, embed)),
                     blocks * per_block + head + embed)
    across = tp * cp * dp >= cfg['domain']
    pbw = np.where(across, cfg['inter_bw'], cfg['intra_bw']) * q['plan_comm_eff']
    plat = np.where(across, cfg['inter_lat'], cfg['intra_lat'])
    p2p = np.where(pp > 1, 2.0 * v * (b * s / cp * h * ab / sig / pbw + plat), 0.0)
    mb = stage + p2p
    m = e['gbs'] / (dp * b)

    def stage_params(trained):
        blk = e['trained_block'] if trained else e['block_params']
        inn = e['trained_embed'] if trained else e['embed_params']
        out = e['trained_head'] if trained else e['head_params']
        return (blocks * blk + np.where(pp == 1, inn + out, max(inn, out))) / tp

    n = dp * cp
    ar = allreduce(d, stage_params(True) * ab, n, tp)
    half, gather = ar / 2, allreduce(d, stage_params(False) * ab, n, tp) / 2
    per_mb = np.select([z == NONE, z == OPTIMIZER, z == GRADIENTS], [0.0, 0.0, half], 2 * gather + half)
    per_step = np.select([z == NONE, z == OPTIMIZER, z == GRADIENTS], [ar, ar, half], 0.0)
    fw, bw_ = blocks * fwd, blocks * bwd
    w = q['overlap'] * np.where(z == PARAMETERS, fw + bw_, bw_)
    dp_exp = np.where(z == OPTIMIZER,
                      np.maximum(0, half - w) + np.maximum(0, half - q['overlap'] * fw),
                      (m - 1) * np.maximum(0, per_mb - w) + np.maximum(0, per_mb + per_step - w))
    trained = stage_params(True) / np.where(z >= OPTIMIZER, dp * cp, 1.0)
    optimizer = trained * ADAM_BYTES / bw + ovh
    step = m * mb + (pp - 1) / v * mb + dp_exp + optimizer + q['plan_step_s']
    return step, memory(d, c, r, m, blocks, edge) <= cfg['memory_bytes']


def memory(d, c, r, m, blocks, edge):
    """The memory() of lib/perf/plan_model.c: the larger of the first and last stage."""
    t, e = d['t'], d['env']
    tp, pp, cp, dp, b, v, z = c['tp'], c['pp'], c['cp'], c['dp'], c['b'], c['v'], c['z']
    ab, fb = e['act_bytes'], e['frozen_bytes']
    per_block = activations(d, c, np.full(tp.shape, r))
    spare = activations(d, c, np.full(tp.shape, R_NONE)) if r == R_FULL else 0.0
    inflight = np.minimum(m, pp) * np.where(v > 1, 1 + (pp - 1) / (pp * v), 1.0)
    logits = 4 * b * t['sequence'] / cp * t['vocab'] / tp if t['decoder'] else 0.0
    shards = dp * cp

    def state(extra, trained_extra):
        every = (edge * e['block_params'] + extra) / tp
        trained = (edge * e['trained_block'] + trained_extra) / tp
        w = (trained * ab + (every - trained) * fb) / np.where(z >= PARAMETERS, shards, 1.0)
        g = trained * ab / np.where(z >= GRADIENTS, shards, 1.0)
        o = trained * (8 if ab >= 4 else ADAM_STATE) / np.where(z >= OPTIMIZER, shards, 1.0)
        return w + g + o

    one = pp == 1
    first_act = per_block * edge * inflight + spare
    first = state(e['embed_params'] + np.where(one, e['head_params'], 0.0),
                  e['trained_embed'] + np.where(one, e['trained_head'], 0.0)) + first_act
    last = np.where(one, first + logits,
                    state(e['head_params'], e['trained_head']) + per_block * edge + spare + logits)
    return np.maximum(first, last)


def search(d):
    """The fastest plan: for each candidate, the least recomputation that fits."""
    c = candidates(d)
    c = {k: x[check(d, c)] for k, x in c.items()}
    best_step = np.full(c['tp'].size, np.inf)
    chosen = np.zeros(c['tp'].size)
    for r in (R_NONE, R_SELECTIVE, R_FULL):
        step, fits = evaluate(d, c, r)
        take = fits & (chosen == 0)
        best_step = np.where(take, step, best_step)
        chosen = np.where(take, r, chosen)
    i = int(np.argmin(best_step))
    plan = {k: int(c[k][i]) for k in ('tp', 'pp', 'cp', 'dp', 'b', 'v', 'sp', 'z')}
    plan['recompute'] = int(chosen[i])
    return plan, float(best_step[i]), c['tp'].size


def main():
    bench, args = sys.argv[1], sys.argv[2:]
    c_out = subprocess.run([bench] + args, check=True, capture_output=True, text=True).stdout
    print(c_out, end='')
    c_seconds = json.loads(c_out)['seconds']
    d = json.loads(subprocess.run([bench, '--dump'] + args, check=True, capture_output=True,
                                  text=True).stdout)
    best = 1e300
    for _ in range(3):
        t0 = time.perf_counter()
        with np.errstate(divide='ignore', invalid='ignore'):  # the branches np.where drops
            plan, step, n = search(d)
        best = min(best, time.perf_counter() - t0)
    want = d['best']
    same = (plan['tp'], plan['pp'], plan['cp'], plan['dp'], plan['b'], plan['v'], plan['sp'],
            plan['z'], plan['recompute']) == (want['tp'], want['pp'], want['cp'], want['dp'],
                                              want['mbs'], want['vp'], want['sp'], want['zero'],
                                              want['recompute'])
    agree = same and abs(step / want['step_s'] - 1) < 1e-9
    print(json.dumps({'bench': 'plan_vs_numpy', 'candidates': n, 'numpy_seconds': round(best, 6),
                      'libaccelsel_seconds': c_seconds, 'numpy_over_libaccelsel':
                      round(best / c_seconds, 2), 'same_best_plan_and_step': agree,
                      'numpy_plan': plan, 'numpy_step_s': step}))
    if not agree:
        print('plan_vs_numpy: the numpy search disagrees with the library (%s, %.9g s)'
              % (json.dumps(want), want['step_s']), file=sys.stderr)
        sys.exit(1)


if __name__ == '__main__':
    main()
