#!/usr/bin/python3
"""Predictor speed: libaccelsel's layer model against the same roofline in numpy.

usage: /usr/bin/python3 bench/predict_vs_numpy.py BENCH_PREDICT

Runs the bench_predict program built by meson (e.g. build/bench/bench_predict)
for its figures (layer evaluations per second on one thread, prediction of the
343 built-in rows, a calibration on them), then, in this process, evaluates
the plain roofline of the same ResNet-50 layers (the table bench_predict
--layers prints) with numpy: max(FLOPs / (peak x eff), bytes / (bw x eff)) +
overhead, vectorised over layers and batches (numpy's best case), and row by
row for 343 rows (the shape of a --from-csv run). The numpy roofline leaves out
tile quantisation and the working-set rule, so it does less work per layer.
Prints figures and ratios; never fails on time.
"""
import csv
import io
import re
import subprocess
import sys
import time

import numpy as np

PEAK, VEC, BW = 312e12, 19.5e12, 2039e9  # A100 SXM4 80 GB: fp16 tensor, fp32, HBM2e
EFF_C, EFF_M, OVERHEAD = 0.6, 0.7, 5e-6


def layers(bench):
    out = subprocess.run([bench, '--layers'], check=True, capture_output=True, text=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    return {k: np.array([float(r[k]) for r in rows]) for k in rows[0]}


def roofline(t, batch):
    """Layer times for each batch (rows) and layer (columns)."""
    b = np.asarray(batch, dtype=float)[:, None]
    compute = 2 * t['macs'] * b / (PEAK * EFF_C) + t['elementwise_flops'] * b / (VEC * EFF_C)
    bytes_ = (t['input_elements'] + t['output_elements']) * b * 2 + t['weight_elements'] * 2
    return np.maximum(compute, bytes_ / (BW * EFF_M)) + OVERHEAD


def rate(fn, evals_per_call):
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < 0.5:
        fn()
        n += 1
    return n * evals_per_call / (time.perf_counter() - t0)


def main():
    bench = sys.argv[1]
    t = layers(bench)
    nl = len(t['macs'])
    c_out = subprocess.run([bench], check=True, capture_output=True, text=True).stdout
    print(c_out, end='')
    c_rate = float(re.search(r'second \(1 thread\): (\S+)', c_out).group(1))
    c_rows = float(re.search(r'rows: (\S+) s', c_out).group(1))
    batches = np.full(1000, 256.0)
    vec = rate(lambda: roofline(t, batches).sum(), 1000 * nl)
    one = rate(lambda: roofline(t, batches[:1]).sum(), nl)
    t0 = time.perf_counter()
    for _ in range(343):
        roofline(t, batches[:1]).sum()
    py_rows = time.perf_counter() - t0
    print(f'numpy roofline, vectorised over 1000 batches x {nl} layers: {vec:.3g} evaluations/s '
          f'(libaccelsel / numpy: {c_rate / vec:.2f})')
    print(f'numpy roofline, one network at a time: {one:.3g} evaluations/s '
          f'(libaccelsel / numpy: {c_rate / one:.1f})')
    print(f'numpy roofline, 343 rows one by one: {py_rows:.4f} s '
          f'(numpy / libaccelsel: {py_rows / c_rows:.1f})')


if __name__ == '__main__':
    main()
