"""The scheduler example (examples/scheduler/): its schedule read back from
the --schedule CSV and checked against the cluster file and the trace by
rules written here, not by the program: no job starts before it arrives, no
partition runs more accelerators than it has at any moment, first-fit and
the requested-count schedulers run every job at its count and the flexible
and lookahead ones at that to twice it; the figures it prints (average and
99th-percentile JCT, makespan, utilisation, deadline misses, runs past
their time limit, and the change of the average JCT against first-fit over
the seeds) are computed again from that CSV; the output does not depend on the number of
worker threads; and the shipped trace is what tools/gen-trace writes."""
import csv
import math
import os
import re
import subprocess
import sys
import tempfile
import unittest

import yaml

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', '.')
SCHEDULER = os.environ.get('ACCELSEL_SCHEDULER', 'scheduler')
TRACE = os.path.join(ROOT, 'examples', 'scheduler', 'trace.csv')
CLUSTER = os.path.join(ROOT, 'examples', 'scheduler', 'cluster.yaml')
JOBS = 80
SEEDS = (5, 6)
KINDS = ['first-fit', 'place-fifo', 'place-flexible', 'place-lookahead', 'place-smallest']


def run(threads, schedule):
    r = subprocess.run([SCHEDULER, '--trace', TRACE, '--cluster', CLUSTER, '--jobs', str(JOBS),
                        '--seeds', str(len(SEEDS)), '--first-seed', str(SEEDS[0]), '--threads', str(threads),
                        '--schedule', schedule], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return r.stdout


def quantile(values, q):
    """numpy's 'linear' (Hyndman and Fan type 7)."""
    s = sorted(values)
    h = q * (len(s) - 1)
    lo = math.floor(h)
    return s[lo] + (h - lo) * (s[min(lo + 1, len(s) - 1)] - s[lo])


class SchedulerTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.csv1 = os.path.join(cls.tmp.name, 'one.csv')
        cls.csv4 = os.path.join(cls.tmp.name, 'four.csv')
        cls.out1 = run(1, cls.csv1)
        cls.out4 = run(4, cls.csv4)
        with open(TRACE) as f:
            cls.trace = list(csv.DictReader(f))[:JOBS]
        with open(CLUSTER) as f:
            cls.parts = {p['name']: p['nodes'] * p['per_node']
                         for p in yaml.safe_load(f)['partitions']}
        with open(cls.csv1) as f:
            rows = list(csv.DictReader(f))
        cls.by_seed = {}
        for r in rows:
            cls.by_seed.setdefault(int(r['seed']), {}).setdefault(r['scheduler'], []).append(r)
        cls.runs = cls.by_seed[SEEDS[-1]]

    def test_same_at_any_thread_count(self):
        strip = lambda out: out.split('\n', 1)[1]  # the first line names the threads
        self.assertEqual(strip(self.out1), strip(self.out4))
        with open(self.csv1) as a, open(self.csv4) as b:
            self.assertEqual(a.read(), b.read())

    def test_five_schedulers_every_job_every_seed(self):
        self.assertEqual(sorted(self.by_seed), list(SEEDS))
        for runs in self.by_seed.values():
            self.assertEqual(sorted(runs), KINDS)
            for rows in runs.values():
                self.assertEqual([int(r['job']) for r in rows], list(range(JOBS)))
                self.assertTrue(all(r['partition'] for r in rows))  # every job ran

    def test_schedule_keeps_the_rules(self):
        for name, rows in self.runs.items():
            events = []
            for r, job in zip(rows, self.trace):
                start, end, count = float(r['start_s']), float(r['end_s']), int(r['count'])
                self.assertGreaterEqual(start, float(job['arrival_s']), (name, r))
                self.assertGreater(end, start)
                asked = int(job['count'])
                if name in ('place-flexible', 'place-lookahead'):
                    self.assertTrue(asked <= count <= 2 * asked, (name, r))
                else:
                    self.assertEqual(count, asked, (name, r))
                events += [(end, -count, r['partition']), (start, count, r['partition'])]
            used = dict.fromkeys(self.parts, 0)
            for _, delta, part in sorted(events):  # ends before starts at one time
                used[part] += delta
                self.assertLessEqual(used[part], self.parts[part], name)

    def test_printed_figures_from_the_schedule(self):
        """The last seed's rows of the table, from the CSV and the trace."""
        table = [l.split() for l in self.out1.splitlines() if l.split()[:1] == ['6']]
        self.assertEqual(len(table), len(KINDS))
        total = sum(self.parts.values())
        for line in table:
            rows = self.runs[line[1]]
            jct = [float(r['end_s']) - float(j['arrival_s']) for r, j in zip(rows, self.trace)]
            first = min(float(j['arrival_s']) for j in self.trace)
            last = max(float(r['end_s']) for r in rows)
            busy = sum(int(r['count']) * (float(r['end_s']) - float(r['start_s'])) for r in rows)
            dl = [(r, j) for r, j in zip(rows, self.trace) if j['deadline_s']]
            misses = sum(float(r['end_s']) > float(j['deadline_s']) for r, j in dl)
            over = sum(float(r['end_s']) > float(r['limit_end_s']) for r in rows)
            self.assertAlmostEqual(float(line[2]), sum(jct) / len(jct) / 3600, delta=0.006)
            self.assertAlmostEqual(float(line[3]), quantile(jct, 0.99) / 3600, delta=0.006)
            self.assertAlmostEqual(float(line[4]), (last - first) / 3600, delta=0.006)
            self.assertAlmostEqual(float(line[5]), 100 * busy / (total * (last - first)),
                                   delta=0.06)
            self.assertEqual(line[6], '%d/%d' % (misses, len(dl)))
            self.assertEqual(int(line[7]), 0 if line[1] == 'first-fit' else over)
            if line[1] == 'first-fit':
                self.assertTrue(all(r['limit_end_s'] == 'inf' for r in rows))

    def test_change_against_first_fit_over_the_seeds(self):
        """Each seed's average JCT from its CSV rows; the printed mean, least
        and greatest change against first-fit from those."""
        def avg(rows):
            return sum(float(r['end_s']) - float(j['arrival_s'])
                       for r, j in zip(rows, self.trace)) / len(rows)
        line = re.compile(r'average JCT, (\S+) against first-fit: (\S+) % \(mean of ' +
                          str(len(SEEDS)) + r' seeds; from (\S+) % to (\S+) %\)$')
        printed = {m[1]: tuple(float(x) for x in m.groups()[1:])
                   for m in map(line.match, self.out1.splitlines()) if m}
        self.assertEqual(sorted(printed), [k for k in KINDS if k != 'first-fit'])
        for kind, (mean, lo, hi) in printed.items():
            change = [100 * (avg(runs[kind]) / avg(runs['first-fit']) - 1)
                      for runs in self.by_seed.values()]
            self.assertAlmostEqual(mean, sum(change) / len(change), delta=0.051)
            self.assertAlmostEqual(lo, min(change), delta=0.051)
            self.assertAlmostEqual(hi, max(change), delta=0.051)

    def test_shipped_trace_is_the_generators(self):
        r = subprocess.run([sys.executable, os.path.join(ROOT, 'tools', 'gen-trace')],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(ROOT, 'examples', 'scheduler', 'trace.csv')) as f:
            self.assertEqual(r.stdout, f.read())


if __name__ == '__main__':
    unittest.main()
