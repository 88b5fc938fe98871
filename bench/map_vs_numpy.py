#!/usr/bin/env python3
"""The mapper's evaluation rate beside the same evaluation in Python + numpy.

Runs bench_map --dump (the cost tables of resnet50 on adaptive-8 and 4096
random candidates with their objective values as libaccelsel computes them),
then evaluates the same candidates with a plain Python port of the table walk
(lib/map/walk.c: effective group and strategy, fastest member alone, slowest
member's compute when split,
collective on the group's link, transfers from the host and between groups,
slot timelines, output to the host), vectorised with numpy over the
candidates, checks that every value matches, and prints both rates and the
ratio. Then runs bench_map evals for libaccelsel's own rate in the same run.
Never passes or fails on time.

usage: map_vs_numpy.py [BENCH_MAP] [--threads N]
  BENCH_MAP defaults to build/bench/bench_map.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

NONE, BATCH, STRATEGIES = 0, 1, 5


def load(folder):
    meta = json.load(open(os.path.join(folder, 'problem.json')))
    shape = (meta['layers'], STRATEGIES, meta['gmax'], meta['units'], meta['classes'])
    tab = {k: np.fromfile(os.path.join(folder, k + '.f64')).reshape(shape)
           for k in ('comp', 'coll_bytes', 'coll_steps', 'in_frac')}
    n, S, L = meta['candidates'], meta['slots'], meta['layers']
    cand = {
        'design': np.fromfile(os.path.join(folder, 'design.u32'), dtype=np.uint32).reshape(n, S),
        'group': np.fromfile(os.path.join(folder, 'group.u64'), dtype=np.uint64).reshape(n, L),
        'strat': np.fromfile(os.path.join(folder, 'strat.i8'), dtype=np.int8).reshape(n, L),
        'values': np.fromfile(os.path.join(folder, 'values.f64')),
    }
    return meta, tab, cand


def popcount(x, slots=8):
    n = np.zeros(x.shape, dtype=np.int64)
    for s in range(slots):
        n += ((x >> np.uint64(s)) & np.uint64(1)).astype(np.int64)
    return n


def lowest_bit(x):
    return x & (~x + np.uint64(1))


def lowest_index(x, S):
    out = np.full(x.shape, S, dtype=np.int64)
    for s in reversed(range(S)):
        out = np.where((x >> np.uint64(s)) & np.uint64(1), s, out)
    return out


def walk(meta, tab, design, group, strat):
    """Latency of every candidate (rows), as lib/map/walk.c computes it for a
    problem with uniform links whose slots never stream (checked)."""
    assert meta['uniform'] and meta['never_stream']
    P, S, L = design.shape[0], meta['slots'], meta['layers']
    pool_off = np.array(meta['pool_off'], dtype=np.int64)
    pool_unit = np.array(meta['pool_unit'], dtype=np.int64)
    unit = pool_unit[pool_off[:S][None, :] + design.astype(np.int64)]          # P x S
    cls = np.array(meta['slot_class'], dtype=np.int64)
    ubytes = np.array(meta['unit_bytes'])
    applies = np.array(meta['applies'], dtype=bool).reshape(L, STRATEGIES)
    hbw, hlat = np.array(meta['host_bw']), np.array(meta['host_lat'])
    bw, lat, batch = meta['link_bw'], meta['link_lat'], meta['batch']
    in_off, in_idx = meta['in_off'], meta['in_idx']
    rows = np.arange(P)
    end = np.zeros((P, L))
    eg_all = np.zeros((P, L), dtype=np.uint64)
    es_all = np.zeros((P, L), dtype=np.int64)
    free = np.zeros((P, S))
    latency = np.zeros(P)
    for l in (int(v) for v in meta['topo']):
        if meta['is_input'][l]:
            continue
        grp, st = group[:, l], strat[:, l].astype(np.int64)
        ok = (st > NONE) & (st < STRATEGIES)
        app = np.where(ok, applies[l, np.clip(st, 0, STRATEGIES - 1)], False)
        single = ~app | (popcount(grp, S) <= 1)
        # alone, a layer runs on the member that computes it fastest (lowest on ties)
        best, pick = np.full(P, np.inf), lowest_bit(grp)
        for s in range(S):
            member = ((grp >> np.uint64(s)) & np.uint64(1)).astype(bool)
            t = np.where(member, tab['comp'][l, NONE, 0, unit[:, s], cls[s]], np.inf)
            pick = np.where(t < best, np.uint64(1 << s), pick)
            best = np.minimum(best, t)
        eg = np.where(single, pick, grp)
        es = np.where(single, NONE, st)
        eg_all[:, l], es_all[:, l] = eg, es
        gsz = popcount(eg, S)
        comp, cb = np.zeros(P), np.zeros(P)
        steps, frac = np.zeros(P), np.ones(P)
        for s in range(S):
            member = ((eg >> np.uint64(s)) & np.uint64(1)).astype(bool)
            idx = (l, es, gsz - 1, unit[:, s], cls[s])
            comp = np.where(member, np.maximum(comp, tab['comp'][idx]), comp)
            cb = np.where(member, np.maximum(cb, tab['coll_bytes'][idx]), cb)
            steps = np.where(member, tab['coll_steps'][idx], steps)
            frac = np.where(member, tab['in_frac'][idx], frac)
        coll = np.where(gsz > 1, np.where(cb > 0, steps * lat + cb / bw, 0.0), 0.0)
        first = lowest_index(eg, S)
        host, between, ready = np.zeros(P), np.zeros(P), np.zeros(P)
        for k in range(in_off[l], in_off[l + 1]):
            q = int(in_idx[k])
            if meta['is_input'][q]:
                nbytes = meta['out_elems'][q] * batch * ubytes[unit[rows, first]] * frac
                worst = np.zeros(P)
                for s in range(S):
                    member = ((eg >> np.uint64(s)) & np.uint64(1)).astype(bool)
                    worst = np.where(member, np.maximum(worst, hlat[s] + nbytes / hbw[s]), worst)
                host += worst
                continue
            ready = np.maximum(ready, end[:, q])
            gq, esq = eg_all[:, q], es_all[:, q]
            recv = eg & ~gq
            spread = (esq == BATCH) & ~((gq == eg) & (es == BATCH))
            recv = np.where(spread, eg, recv)
            nbytes = meta['out_elems'][q] * batch * ubytes[unit[rows, lowest_index(gq, S)]] * frac
            moves = (recv != 0) & (((recv & ~gq) != 0) | (popcount(gq, S) > 1))
            between += np.where(moves & (nbytes > 0), lat + nbytes / bw, 0.0)
        for s in range(S):
            member = ((eg >> np.uint64(s)) & np.uint64(1)).astype(bool)
            ready = np.where(member, np.maximum(ready, free[:, s]), ready)
        done = ready + host + between + comp + coll
        for s in range(S):
            member = ((eg >> np.uint64(s)) & np.uint64(1)).astype(bool)
            free[:, s] = np.where(member, done, free[:, s])
        end[:, l] = done
        if meta['is_output'][l]:
            nbytes = meta['out_elems'][l] * batch * ubytes[unit[rows, first]]
            x = hlat[first] + nbytes / hbw[first]
            free[rows, first] += x
            done = done + x
        latency = np.maximum(latency, done)
    return latency


def main():
    args = sys.argv[1:]
    threads = '0'
    if '--threads' in args:
        i = args.index('--threads')
        threads = args[i + 1]
        del args[i:i + 2]
    bench = args[0] if args else os.path.join('build', 'bench', 'bench_map')
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([bench, '--dump', folder], check=True, stdout=subprocess.DEVNULL)
        meta, tab, cand = load(folder)
        n = meta['candidates']
        walk(meta, tab, cand['design'][:8], cand['group'][:8], cand['strat'][:8])  # warm up
        t0 = time.perf_counter()
        values = walk(meta, tab, cand['design'], cand['group'], cand['strat'])
        seconds = time.perf_counter() - t0
    diff = np.max(np.abs(values - cand['values']) / cand['values'])
    layers = sum(1 for v in meta['is_input'] if not v)
    print('numpy: %d candidates of resnet50 on adaptive-8 in %.3f s: %.3g evaluations/s, '
          '%.3g layer-cost table evaluations/s; largest relative difference from libaccelsel %.2g'
          % (n, seconds, n / seconds, n * layers / seconds, diff))
    out = subprocess.run([bench, 'evals', '--threads', threads], check=True,
                         capture_output=True, text=True).stdout
    print(out, end='')
    rates = [float(line.split(': ')[2].split(' ')[0]) for line in out.splitlines()
             if line.startswith('evals:')]
    for r in rates:
        print('ratio: libaccelsel %.3g evaluations/s = %.0f x numpy' % (r, r / (n / seconds)))


if __name__ == '__main__':
    main()
