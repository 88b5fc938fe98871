"""The CLI's outputs never mislead: rank on a table with no MLPerf column,
ties shown as ties, group profiles with counts, distinct series in plots, the
same row policy in data and rank, exit statuses naming the option at fault,
empty filters said, JSON on failed validation, names matched alike, plots
refused under a non-.svg name, a readable default for data. Every expected
value is computed here from the inputs (csv module, numpy)."""
import collections
import csv
import io
import json
import os
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

import numpy as np

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
SVG = '{http://www.w3.org/2000/svg}'
QUOTES = 'vendor,price,speed,power\nA,250,16,12\nB,200,16,8\nC,300,32,16\nD,275,32,8\n' \
         'E,225,16,16\nF,210,8,10\nG,520,64,30\nH,480,60,25\n'


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)


def topsis(x, w, benefit):
    """Textbook TOPSIS closeness of the rows of x."""
    v = x / np.sqrt((x ** 2).sum(axis=0)) * (np.asarray(w) / np.sum(w))
    best = np.where(benefit, v.max(axis=0), v.min(axis=0))
    worst = np.where(benefit, v.min(axis=0), v.max(axis=0))
    dp = np.sqrt(((v - best) ** 2).sum(axis=1))
    dm = np.sqrt(((v - worst) ** 2).sum(axis=1))
    return dm / (dp + dm)


def kept_rows():
    with open(os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv'), newline='',
              encoding='utf-8') as f:
        rows = list(csv.DictReader(f))
    return [r for r in rows
            if r['time_to_train_min'] and float(r['time_to_train_min']) > 0
            and r['total_accelerators'] and float(r['total_accelerators']) > 0
            and r['division_norm'] == 'closed' and r['same_runs_as'] == '']


class AnyTableTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.csv = os.path.join(cls.dir.name, 'quotes.csv')
        with open(cls.csv, 'w') as f:
            f.write(QUOTES)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def test_ranks_a_buyers_table(self):
        r = run('rank', '--csv', self.csv, '--features', 'price,speed', '--criteria',
                'price:0.5:cost,speed:0.3:benefit,power:0.2:cost', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        out = json.loads(r.stdout)
        notes = ' '.join(out['settings']['notes'])
        self.assertIn('derived metrics skipped', notes)
        self.assertIn('variable importance skipped', notes)
        self.assertIn('k range clamped to 2..7', notes)
        self.assertIsNone(out['importance'])
        rows = list(csv.DictReader(io.StringIO(QUOTES)))
        x = np.array([[float(q[c]) for c in ('price', 'speed', 'power')] for q in rows])
        want = topsis(x, [0.5, 0.3, 0.2], np.array([False, True, False]))
        got = {t['row']: t['score'] for t in out['top_configurations']}
        for row, score in got.items():
            self.assertAlmostEqual(score, want[row], places=12)
        table = run('rank', '--csv', self.csv, '--features', 'price,speed', '--criteria',
                    'price:0.5:cost,speed:0.3:benefit,power:0.2:cost')
        self.assertEqual(table.returncode, 0, table.stderr)
        self.assertIn('Note: variable importance skipped', table.stdout)
        self.assertNotIn('nan', table.stdout)

    def test_defaults_that_do_not_apply_are_usage_errors(self):
        r = run('rank', '--csv', self.csv)
        self.assertEqual(r.returncode, 2)
        self.assertIn('--features', r.stderr)
        r = run('rank', '--csv', self.csv, '--features', 'price,speed')
        self.assertEqual(r.returncode, 2)
        self.assertIn('--criteria', r.stderr)

    def test_target_gives_importance(self):
        r = run('rank', '--csv', self.csv, '--features', 'price,speed', '--criteria',
                'price:1:cost', '--target', 'price', '--variables', 'speed,power', '--k', '2',
                '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)['importance']['target'], 'price')


class TiesTest(unittest.TestCase):
    def test_pareto_ties_share_a_rank_and_are_ordered_by_topsis(self):
        r = run('rank', '--method', 'pareto', '--format', 'json', '--top', '1000')
        self.assertEqual(r.returncode, 0, r.stderr)
        out = json.loads(r.stdout)
        rows = out['top_configurations']
        crit = out['settings']['criteria']
        x = np.array([[t['criteria'][c['column']] for c in crit] for t in rows])
        closeness = topsis(x, [c['weight'] for c in crit],
                           np.array([c['direction'] == 'benefit' for c in crit]))
        scores = [t['score'] for t in rows]
        for i, t in enumerate(rows):
            self.assertEqual(t['rank'], 1 + sum(s > t['score'] for s in scores))
            if i and scores[i - 1] == t['score']:
                self.assertGreaterEqual(closeness[i - 1], closeness[i])
        self.assertGreater(sum(t['rank'] == 1 for t in rows), 1)
        table = run('rank', '--method', 'pareto').stdout
        self.assertIn('  1=', table)
        self.assertIn('= marks a tie', table)
        self.assertNotIn('Weights moved', table)
        self.assertIn('share the best score', table)


class ProfileTest(unittest.TestCase):
    def test_group_profiles_count_the_most_common_values(self):
        out = json.loads(run('rank', '--k', '5', '--format', 'json', '--top', '1000').stdout)
        kept = kept_rows()
        members = collections.defaultdict(list)
        for t in out['top_configurations']:
            members[t['group']].append(kept[t['row']])
        clusters = {c['group']: c for c in out['clusters']}
        table = run('rank', '--k', '5').stdout
        section = table.split('\n3. Groups')[1].split('\n4. ')[0]
        lines = [l for l in section.splitlines() if l.strip()[:1].isdigit()]
        self.assertEqual(len(lines), 5)
        for line in lines:
            group = int(line.split()[0])
            rows = members[group]
            for column in ('accelerator_family', 'host_processor_model_name'):
                counts = collections.Counter(r[column] for r in rows if r[column])
                value, count = counts.most_common(1)[0]
                cell = '%s %d/%d' % (value, count, len(rows))
                if list(counts.values()).count(count) > 1:
                    cell += ' (tie)'
                self.assertIn(cell, line)
                missing = sum(1 for r in rows if not r[column])
                if missing:
                    self.assertIn('%d missing' % missing, line)
                    cell += ', %d missing' % missing
                key = 'accelerator_family_count' if column == 'accelerator_family' \
                    else 'host_cpu_count'
                self.assertEqual(clusters[group][key], cell)


class PlotTest(unittest.TestCase):
    def test_series_are_distinct_and_only_svg_names_are_written(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'rank.svg')
            self.assertEqual(run('rank', '--plot', path).returncode, 0)
            root = ET.parse(path).getroot()
            png = os.path.join(d, 'rank.png')
            r = run('rank', '--plot', png)
            self.assertEqual(r.returncode, 2)
            self.assertIn('--plot', r.stderr)
            self.assertFalse(os.path.exists(png))
        lines = list(root.iter(SVG + 'polyline'))
        styles = {(l.get('stroke'), l.get('stroke-dasharray')) for l in lines}
        families = {r['accelerator_family'] for r in kept_rows() if r['accelerator_family']}
        self.assertEqual(len(lines), len(families))
        self.assertEqual(len(styles), len(lines))
        for legend in (g for g in root.iter(SVG + 'g') if g.get('class') == 'legend'):
            marks = [(m.tag, m.get('fill')) for m in legend if m.tag != SVG + 'text']
            self.assertEqual(len(set(marks)), len(marks))


class ConsistencyTest(unittest.TestCase):
    def test_data_rows_kept_gives_the_efficiency_rank_uses(self):
        data = json.loads(run('data', '--rows', 'kept', '--derive', '--format', 'json').stdout)
        rank = json.loads(run('rank', '--format', 'json', '--top', '1000').stdout)
        self.assertEqual(len(data), rank['settings']['rows_kept'])
        for t in rank['top_configurations']:
            self.assertEqual(data[t['row']]['system_name'], t['system_name'])
            self.assertAlmostEqual(data[t['row']]['efficiency'], t['efficiency'], places=12)
        help_text = run('data', '--help').stdout
        self.assertIn('--rows', help_text)
        self.assertIn('kept', run('rank', '--help').stdout)

    def test_cluster_and_rank_state_their_defaults(self):
        self.assertIn('numbered from 0', run('cluster').stdout)
        self.assertIn('numbered from 1', run('rank').stdout)


class ExitStatusTest(unittest.TestCase):
    def test_malformed_where_is_a_usage_error_everywhere(self):
        for cmd in ('data', 'rank', 'cluster'):
            with self.subTest(cmd=cmd):
                r = run(cmd, '--where', 'round')
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn('--where', r.stderr)

    def test_empty_filter_is_said(self):
        r = run('data', '--where', 'round=v9')
        self.assertEqual(r.returncode, 0)
        self.assertIn('no row matches', r.stderr)
        r = run('rank', '--where', 'round=v9')
        self.assertEqual(r.returncode, 1)
        self.assertIn('--where', r.stderr)
        self.assertNotIn('--variables', r.stderr)

    def test_validate_json_on_failure(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, 'bad.yaml')
            with open(bad, 'w') as f:
                f.write('version: 1\nitems: [\n')
            for cmd in ('catalog', 'network'):
                with self.subTest(cmd=cmd):
                    r = run(cmd, 'validate', bad, '--format', 'json')
                    self.assertEqual(r.returncode, 1)
                    out = json.loads(r.stdout)
                    self.assertEqual(out['valid'], False)
                    self.assertEqual(out['status'], 'ACCELSEL_EPARSE')
                    self.assertEqual(out['line'], 3)
                    self.assertIn('message', out)


class NamesTest(unittest.TestCase):
    def test_names_match_ignoring_case(self):
        self.assertEqual(run('network', 'show', 'ResNet50').stdout,
                         run('network', 'show', 'resnet50').stdout)
        r = run('catalog', 'show', 'NVIDIA H100', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        members = json.loads(r.stdout)['members']
        self.assertGreater(len(members), 1)
        for m in members:
            self.assertEqual(run('catalog', 'show', m).returncode, 0)


class DataColumnsTest(unittest.TestCase):
    def test_readable_default_and_all(self):
        with open(os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv'), encoding='utf-8') as f:
            header = next(csv.reader(f))
        default = run('data').stdout.splitlines()[0].split()
        self.assertEqual(default, ['round', 'submitter', 'system_name', 'accelerator_family',
                                   'total_accelerators', 'time_to_train_min'])
        every = json.loads(run('data', '--columns', 'all', '--format', 'json').stdout)
        self.assertEqual(list(every[0]), header)


if __name__ == '__main__':
    unittest.main()
