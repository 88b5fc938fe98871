#!/usr/bin/env python3
"""libaccelsel clustering beside scikit-learn on the same data, in one run.

Runs bench_cluster (k-means with given initial centres, exactly 20 Lloyd
iterations, tol 0, k = 8, on n x 16 uniform points for n = 10^4 .. 10^6; the
silhouette of 20,000 x 16 points), which writes its data with --dump, then
times scikit-learn's KMeans(algorithm="lloyd", n_init=1, max_iter=20, tol=0)
and silhouette_score on the same arrays, and prints the figures with ratios.
Never passes or fails on time.

usage: cluster_vs_sklearn.py [BENCH_CLUSTER] [--threads N] [--max-n N]
  BENCH_CLUSTER defaults to build/bench/bench_cluster.

bench_cluster limits OpenBLAS to one thread and uses its own threads
(--threads, 0 = all cores); scikit-learn uses its OpenMP threads (all cores)
as it does by default. The environment may set OPENBLAS_CORETYPE and
OPENBLAS_L2_SIZE; they are removed for the scikit-learn measurement only.
"""
import json
import os
import subprocess
import sys
import tempfile

SKLEARN_SIDE = r'''
import json, sys, time
import numpy as np
from sklearn.cluster import KMeans
from sklearn.metrics import silhouette_score
folder, sizes = sys.argv[1], [int(s) for s in sys.argv[2].split(',')]
for n in sizes:
    x = np.fromfile('%s/kmeans_%d.f64' % (folder, n)).reshape(n, 16)
    init = np.fromfile('%s/kmeans_%d_init.f64' % (folder, n)).reshape(8, 16)
    t0 = time.perf_counter()
    km = KMeans(8, init=init, n_init=1, max_iter=20, tol=0, algorithm='lloyd').fit(x)
    t = time.perf_counter() - t0
    print(json.dumps({'bench': 'kmeans', 'n': n, 'seconds': t, 'n_iter': int(km.n_iter_),
                      'inertia': float(km.inertia_)}), flush=True)
x = np.fromfile('%s/silhouette.f64' % folder).reshape(-1, 16)
labels = np.fromfile('%s/silhouette_labels.u32' % folder, dtype=np.uint32)
t0 = time.perf_counter()
s = silhouette_score(x, labels)
print(json.dumps({'bench': 'silhouette', 'n': len(x), 'seconds': time.perf_counter() - t0,
                  'silhouette': float(s)}), flush=True)
'''


def run_json_lines(cmd, env):
    out = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.startswith('{')]


def main():
    args = sys.argv[1:]
    exe = args.pop(0) if args and not args[0].startswith('--') else 'build/bench/bench_cluster'
    passthrough = args
    with tempfile.TemporaryDirectory() as tmp:
        ours = run_json_lines([exe, '--dump', tmp] + passthrough, dict(os.environ))
        sizes = [r['n'] for r in ours if r['bench'] == 'kmeans']
        env = {k: v for k, v in os.environ.items() if k not in ('OPENBLAS_CORETYPE', 'OPENBLAS_L2_SIZE')}
        theirs = run_json_lines(['/usr/bin/python3', '-c', SKLEARN_SIDE, tmp, ','.join(map(str, sizes))], env)
    report(ours, theirs)


def report(ours, theirs):
    peer = {(r['bench'], r['n']): r for r in theirs}
    print('k-means, k = 8, d = 16, given initial centres, 20 Lloyd iterations (tol 0)')
    print('%9s %12s %12s %8s %10s %14s %16s' % ('n', 'accelsel s', 'sklearn s', 'ratio', 'iters',
                                                'inertia diff', 'memory / input'))
    for r in ours:
        if r['bench'] != 'kmeans':
            continue
        p = peer[('kmeans', r['n'])]
        memory = (r['input_bytes'] + r['peak_alloc_bytes']) / (r['input_bytes'] + r['centroid_bytes'])
        print('%9d %12.4f %12.4f %8.3f %5d/%-4d %14.2e %16.4f' % (
            r['n'], r['seconds'], p['seconds'], r['seconds'] / p['seconds'], r['n_iter'], p['n_iter'],
            abs(r['inertia'] - p['inertia']) / p['inertia'], memory))
    print('  memory / input = (input + peak library allocation) / (input + centroids);'
          ' peak library allocation of the largest run: %.1f MB' %
          (max(r['peak_alloc_bytes'] for r in ours if r['bench'] == 'kmeans') / 1e6))
    for r in ours:
        if r['bench'] == 'silhouette':
            p = peer[('silhouette', r['n'])]
            print('silhouette, n = %d, d = 16: accelsel %.4f s, sklearn %.4f s, ratio %.3f, difference %.1e' % (
                r['n'], r['seconds'], p['seconds'], r['seconds'] / p['seconds'],
                abs(r['silhouette'] - p['silhouette'])))


if __name__ == '__main__':
    main()
