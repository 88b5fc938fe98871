"""accelsel cross: each benchmark's speed against a reference system of the
round, checked against the same rule worked out here with Python's csv module
on data/mlperf_training.csv (the built-in table of every benchmark): the kept
rows, the systems, the fastest row per benchmark, the reference of each
round, both speeds; then the table, the figure and the refusals."""
import collections
import csv
import io
import json
import os
import subprocess
import tempfile
import unittest

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
ALL = os.path.join(ROOT, 'data', 'mlperf_training.csv')


def run(*args):
    return subprocess.run([CLI, 'cross', *args], capture_output=True, text=True, timeout=600)


def expected(least=2):
    """{(round, submitter, system, accelerators, benchmark): (speed, per accelerator)}."""
    with open(ALL, newline='', encoding='utf-8') as f:
        rows = list(csv.DictReader(f))
    kept = [r for r in rows if r['division_norm'] == 'closed' and not r['same_runs_as']
            and r['time_to_train_min'] and float(r['time_to_train_min']) > 0
            and r['total_accelerators'] and float(r['total_accelerators']) > 0]
    systems = collections.OrderedDict()  # in order of first appearance
    for r in kept:
        key = (r['round'], r['submitter'], r['system_name'], float(r['total_accelerators']))
        best = systems.setdefault(key, {})
        t = float(r['time_to_train_min'])
        if r['benchmark'] not in best or t < best[r['benchmark']]:
            best[r['benchmark']] = t
    reference = {}
    for key, best in systems.items():  # most benchmarks, then fewest accelerators, then first
        ref = reference.get(key[0])
        if ref is None or (len(best), -key[3]) > (len(systems[ref]), -ref[3]):
            reference[key[0]] = key
    out = {}
    for key, best in systems.items():
        ref = reference[key[0]]
        if len(best) < least and key != ref:
            continue
        for bench, t in best.items():
            t_ref = systems[ref].get(bench)
            speed = t_ref / t if t_ref else None
            out[key + (bench,)] = (speed, speed * ref[3] / key[3] if t_ref else None)
    return out, reference


class CrossTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.want, cls.reference = expected()

    def rows(self, *args):
        r = run('--format', 'csv', *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        return list(csv.DictReader(io.StringIO(r.stdout)))

    def test_every_speed_as_worked_out_from_the_file(self):
        got = self.rows()
        self.assertEqual(len(got), len(self.want))
        for row in got:
            key = (row['round'], row['submitter'], row['system_name'],
                   float(row['accelerators']), row['benchmark'])
            self.assertIn(key, self.want)
            speed, per_acc = self.want[key]
            ref = self.reference[row['round']]
            self.assertEqual(row['reference_system'], ref[2], key)
            self.assertEqual(float(row['reference_accelerators']), ref[3], key)
            for column, value in (('speed_vs_reference', speed),
                                  ('speed_per_accelerator_vs_reference', per_acc)):
                if value is None:
                    self.assertEqual(row[column], '', (key, column))
                else:
                    self.assertAlmostEqual(float(row[column]) / value, 1, 12, (key, column))

    def test_least_benchmarks_and_a_named_reference(self):
        want, _ = expected(least=4)
        self.assertEqual(len(self.rows('--min-benchmarks', '4')), len(want))
        # v4.1 at 8 accelerators, against the H200 node ESC_N8_E11: Nyx (8 x B200)
        got = self.rows('--where', 'round=v4.1', '--where', 'total_accelerators=8',
                        '--reference', 'ESC_N8_E11')
        self.assertEqual({r['reference_system'] for r in got}, {'ESC_N8_E11'})
        with open(ALL, newline='', encoding='utf-8') as f:
            t = {(r['system_name'], r['benchmark']): float(r['time_to_train_min'])
                 for r in csv.DictReader(f) if r['round'] == 'v4.1'
                 and r['system_name'] in ('ESC_N8_E11', 'Nyx (1x NVIDIA DGX B200)')}
        nyx = {r['benchmark']: float(r['speed_per_accelerator_vs_reference']) for r in got
               if r['system_name'] == 'Nyx (1x NVIDIA DGX B200)'}
        for bench in ('bert', 'llama2_70b_lora'):
            self.assertAlmostEqual(nyx[bench], t[('ESC_N8_E11', bench)] /
                                   t[('Nyx (1x NVIDIA DGX B200)', bench)], 12)

    def test_table_has_a_block_per_round(self):
        r = run('--where', 'round=v4.1', '--where', 'total_accelerators=8',
                '--reference', 'ESC_N8_E11', '--per', 'system')
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertTrue(lines[0].startswith('v4.1: reference ESC_N8_E11 (8 accelerators); '
                                            'speed of the whole system'), lines[0])
        head = lines[1].split()
        self.assertEqual(head[:4], ['system', 'accelerator', 'family', 'accel.'])
        nyx = next(l for l in lines if l.strip().startswith('Nyx'))
        cells = dict(zip(head[4:], nyx.split()[-len(head[4:]):]))
        self.assertEqual(cells['llama2_70b_lora'], '2.02')
        blocks = run()
        self.assertEqual(sum(l.startswith('v') and ': reference ' in l
                             for l in blocks.stdout.splitlines()), len(self.reference))

    def test_figure(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'cross.svg')
            r = run('--where', 'round=v3.1', '--plot', path, '--base', 'resnet')
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(path, encoding='utf-8') as f:
                svg = f.read()
            self.assertTrue(svg.startswith('<?xml') or svg.startswith('<svg'), svg[:40])
            self.assertIn('bert against resnet (', svg)
            self.assertIn('y = x', svg)

    def test_refusals(self):
        r = run('--base', 'resnet')
        self.assertEqual(r.returncode, 2)
        self.assertIn('--base goes with --plot', r.stderr)
        with tempfile.TemporaryDirectory() as d:
            r = run('--plot', os.path.join(d, 'x.svg'), '--base', 'nope')
            self.assertEqual(r.returncode, 2)
            self.assertIn("--base 'nope' is not a benchmark", r.stderr)
        r = run('--reference', 'ESC_N8_E1')
        self.assertEqual(r.returncode, 1)
        self.assertTrue(r.stderr.startswith("accelsel: cross: --reference: no system "
                                            "'ESC_N8_E1' (closest: 'ESC_N8_E11')"), r.stderr)
        # 99 benchmarks: each round's reference alone
        r = run('--where', 'round=v0.5', '--min-benchmarks', '99', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        got = json.loads(r.stdout)
        ref = self.reference['v0.5']
        self.assertEqual({g['system_name'] for g in got}, {ref[2]})
        self.assertEqual(len(got), sum(1 for k in self.want if k[:4] == ref))


if __name__ == '__main__':
    unittest.main()
