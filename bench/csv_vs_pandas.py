#!/usr/bin/python3
"""CSV load throughput: libaccelsel against pandas.read_csv on the same file.

usage: /usr/bin/python3 bench/csv_vs_pandas.py BENCH_CSV [FILE] [--rounds N]

Writes a numeric CSV of about 100 MB (8 float columns, 6 to 8 significant
digits; kept if FILE is given, else a temporary file), then for each of N
rounds (default 1) runs the bench_csv program built by meson (BENCH_CSV, e.g.
build/bench/bench_csv) on it with all cores and with one thread, and reads it
with pandas.read_csv in this process (best of 3 each), and prints the
throughputs and their ratio. With several rounds, alternating the two
readers, it ends with the median ratios: on a machine shared with other work
single rounds vary. Prints figures only; never fails on time.
"""
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

import pandas

TARGET_BYTES = 100_000_000
RUNS = 3
PRECISIONS = (None, 'round_trip')


def generate(path):
    """Same shape as bench_csv's own file: magnitudes 1e3, 1 and 1e-2."""
    rng = random.Random(42)
    scales = [1e3] * 4 + [1.0] * 2 + [1e-2] * 2
    written = 0
    with open(path, 'w', newline='') as f:
        f.write('a,b,c,d,e,f,g,h\n')
        while written < TARGET_BYTES:
            lines = []
            for _ in range(10000):
                lines.append(','.join('%.*g' % (rng.randint(6, 8), (rng.random() * 2 - 1) * s)
                                      for s in scales))
            block = '\n'.join(lines) + '\n'
            f.write(block)
            written += len(block)


def best_of(fn):
    best = float('inf')
    for _ in range(RUNS):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def one_round(bench, path, mb):
    """Ratios accelsel / pandas keyed by (precision, threads)."""
    ours = {}
    for threads in ('0', '1'):
        out = subprocess.run([bench, path, threads], capture_output=True, text=True,
                             check=True).stdout
        print(out, end='')
        ours[threads] = float(re.search(r'([0-9.]+) MB/s', out).group(1))
    ratios = {}
    for precision in PRECISIONS:
        t = best_of(lambda: pandas.read_csv(path, float_precision=precision))
        theirs = mb / t
        print('pandas %s read_csv (float_precision=%s): best of %d %.3f s, %.1f MB/s; '
              'accelsel / pandas = %.2f (all cores), %.2f (one thread)'
              % (pandas.__version__, precision, RUNS, t, theirs, ours['0'] / theirs,
                 ours['1'] / theirs), flush=True)
        for threads in ours:
            ratios[precision, threads] = ours[threads] / theirs
    return ratios


def main():
    args = sys.argv[1:]
    rounds = 1
    if '--rounds' in args:
        i = args.index('--rounds')
        rounds = int(args[i + 1])
        del args[i:i + 2]
    if not args or rounds < 1:
        sys.exit(__doc__)
    bench = args[0]
    path = args[1] if len(args) > 1 else tempfile.mkstemp(suffix='.csv')[1]
    try:
        generate(path)
        mb = os.path.getsize(path) / 1e6
        results = [one_round(bench, path, mb) for _ in range(rounds)]
        if rounds > 1:
            for precision in PRECISIONS:
                print('median of %d rounds, float_precision=%s: accelsel / pandas = %.2f '
                      '(all cores), %.2f (one thread)'
                      % (rounds, precision,
                         statistics.median(r[precision, '0'] for r in results),
                         statistics.median(r[precision, '1'] for r in results)))
    finally:
        if len(args) <= 1:
            os.remove(path)


if __name__ == '__main__':
    main()
