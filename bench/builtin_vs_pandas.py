#!/usr/bin/python3
"""Load time of each built-in dataset against pandas.read_csv of the same CSV.

usage: /usr/bin/python3 bench/builtin_vs_pandas.py BENCH_BUILTIN [--runs N] [--rounds R]

Runs the bench_builtin program built by meson (BENCH_BUILTIN, e.g.
build-bench/bench/bench_builtin), which loads every built-in dataset N times
(default 20) and reports the best, and in this process reads the CSV that
each dataset is made of with pandas.read_csv, best of N: data/mlperf_training_resnet.csv
for mlperf-training-resnet, data/mlperf_training.csv for mlperf-training, and
the same file with its rows of one benchmark kept for mlperf-training-NAME
(what the library does: the embedded table is decoded, parsed and filtered).
pandas reads the file from the page cache; the library decompresses its
embedded copy. Prints figures only; never fails on time. With R rounds
(default 1) it ends with the median ratio per dataset.
"""
import json
import os
import statistics
import subprocess
import sys
import time

import pandas

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
# The spellings of a missing value that the built-in datasets add (builtin.c).
NA = ['-', 'core_count']


def best_of(fn, runs):
    best = float('inf')
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def pandas_load(name):
    """The function that reads dataset @p name's rows with pandas."""
    if name == 'mlperf-training-resnet':
        path = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')
        return lambda: pandas.read_csv(path, na_values=NA)
    path = os.path.join(ROOT, 'data', 'mlperf_training.csv')
    if name == 'mlperf-training':
        return lambda: pandas.read_csv(path, na_values=NA)
    bench = name[len('mlperf-training-'):]

    def load():
        df = pandas.read_csv(path, na_values=NA)
        return df[df['benchmark'] == bench]
    return load


def one_round(exe, runs):
    out = subprocess.run([exe, str(runs)], capture_output=True, text=True, check=True).stdout
    ratios = {}
    for line in out.splitlines():
        ours = json.loads(line)
        load = pandas_load(ours['bench'])
        rows = len(load())
        theirs = best_of(load, runs)
        ratios[ours['bench']] = theirs / ours['seconds']
        print('%-34s %5d rows %2d cols  accelsel %7.2f ms  pandas %s %7.2f ms (%d rows)  '
              'pandas / accelsel = %5.2f'
              % (ours['bench'], ours['n'], ours['d'], ours['seconds'] * 1e3, pandas.__version__,
                 theirs * 1e3, rows, ratios[ours['bench']]), flush=True)
    return ratios


def main():
    args = sys.argv[1:]
    opts = {'--runs': 20, '--rounds': 1}
    for flag in opts:
        if flag in args:
            i = args.index(flag)
            opts[flag] = int(args[i + 1])
            del args[i:i + 2]
    if len(args) != 1 or opts['--runs'] < 1 or opts['--rounds'] < 1:
        sys.exit(__doc__)
    results = [one_round(args[0], opts['--runs']) for _ in range(opts['--rounds'])]
    if len(results) > 1:
        for name in results[0]:
            print('median of %d rounds, %s: pandas / accelsel = %.2f'
                  % (len(results), name, statistics.median(r[name] for r in results)))


if __name__ == '__main__':
    main()
