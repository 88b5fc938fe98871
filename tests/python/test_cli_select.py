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

    def test_each_selection_field_is_blamed_on_its_option(self):
        # The library names the field; rank names the option, not the field.
        base = ('rank', '--csv', self.csv)
        fit = ('--features', 'price,speed', '--criteria', 'price:1:cost,speed:1:benefit')
        cases = [
            (('--features', 'price,nope', '--criteria', 'price:1:cost'), '--features'),
            (fit + ('--variables', 'nope', '--target', 'power'), '--variables'),
            (fit + ('--target', 'nope'), '--target'),
            (('--features', 'price,speed', '--criteria', 'nope:1:cost'), '--criteria'),
            (fit + ('--where', 'vendor=Z'), '--where'),
            (fit + ('--k-range', '8..9'), '--k-range'),  # 8 rows: at most 7 groups
            (fit + ('--k', '9'), '--k'),
        ]
        for args, option in cases:
            with self.subTest(option=option):
                r = run(*base, *args)
                self.assertNotEqual(r.returncode, 0)
                self.assertIn('rank: %s: ' % option, r.stderr)
                field = option.lstrip('-').replace('-range', '_min').replace('-', '_')
                self.assertNotIn(': %s: ' % field, r.stderr)

    def test_target_gives_importance(self):
        r = run('rank', '--csv', self.csv, '--features', 'price,speed', '--criteria',
                'price:1:cost', '--target', 'price', '--variables', 'speed,power', '--k', '2',
                '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)['importance']['target'], 'price')

    def write(self, name, text):
        path = os.path.join(self.dir.name, name)
        with open(path, 'w', newline='') as f:
            f.write(text)
        return path

    def test_repeated_rows_clamp_k_to_the_distinct_rows(self):
        from sklearn import metrics
        from sklearn.cluster import KMeans
        rows = [(999, 3.2), (1299, 3.8), (1999, 4.1)] * 4
        path = self.write('repeated.csv', 'price,speed\n' + ''.join('%g,%g\n' % r for r in rows))
        args = ('rank', '--csv', path, '--features', 'price,speed', '--criteria',
                'price:1:cost,speed:1:benefit')
        r = run(*args, '--top', '12', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        out = json.loads(r.stdout)
        m = len(set(rows))
        self.assertIn('k range clamped to 2..%d: %d rows were clustered, %d of them distinct'
                      % (m - 1, len(rows), m), out['settings']['notes'])
        [cand] = out['k_selection']['candidates']
        x = np.array(rows, dtype=float)
        z = (x - x.mean(axis=0)) / x.std(axis=0)
        labels = np.zeros(len(rows), dtype=int)
        for t in out['top_configurations']:
            labels[t['row']] = t['group']
        want = KMeans(n_clusters=2, n_init=10, random_state=0).fit(z).labels_
        self.assertEqual(metrics.adjusted_rand_score(labels, want), 1.0)
        # Exact distances: sklearn's default (a dot-product expansion) puts
        # repeated rows about 1e-8 apart instead of 0.
        dist = np.sqrt(((z[:, None, :] - z[None, :, :]) ** 2).sum(axis=2))
        self.assertAlmostEqual(cand['silhouette'],
                               metrics.silhouette_score(dist, labels, metric='precomputed'),
                               places=12)
        self.assertAlmostEqual(cand['calinski_harabasz'],
                               metrics.calinski_harabasz_score(z, labels), places=9)
        self.assertAlmostEqual(cand['davies_bouldin'], metrics.davies_bouldin_score(z, labels),
                               places=12)
        # k given above the distinct rows fails, blamed on --k, not on --k-by.
        r = run(*args, '--k', '4')
        self.assertEqual(r.returncode, 1)
        self.assertIn('rank: --k: k = 4 exceeds the %d distinct rows' % m, r.stderr)
        # Two distinct rows leave no k to choose: the error says to give --k.
        path = self.write('dups.csv', 'x,y\n1,2\n1,2\n1,2\n3,4\n3,4\n')
        args = ('rank', '--csv', path, '--features', 'x,y', '--criteria', 'x:1:cost,y:1:benefit')
        r = run(*args)
        self.assertEqual(r.returncode, 1)
        self.assertIn('rank: --k: 2 distinct clustered rows (of 5 rows)', r.stderr)
        self.assertEqual(run(*args, '--k', '2').returncode, 0)

    def test_mistyped_target_fails_without_the_default_variables(self):
        for target, status in (('nope', 'ACCELSEL_ENOTFOUND'),
                               ('log10(nope)', 'ACCELSEL_ENOTFOUND'),
                               ('vendor', 'ACCELSEL_ETYPE'), ('log10(vendor)', 'ACCELSEL_ETYPE')):
            with self.subTest(target=target):
                r = run('rank', '--csv', self.csv, '--features', 'price,speed', '--criteria',
                        'price:1:cost', '--target', target, '--k', '2')
                self.assertEqual(r.returncode, 1, r.stdout)
                self.assertIn('rank: --target:', r.stderr)
                self.assertIn("'%s'" % target.replace('log10(', '').rstrip(')'), r.stderr)
                self.assertIn(status, r.stderr)

    def test_medians_of_values_near_the_largest_double(self):
        from fractions import Fraction
        path = self.write('huge.csv', 'x,y\n1e308,1\n-1e308,2\n1.5e308,3\n0,4\n')
        r = run('cluster', '--csv', path, '--features', 'x,y', '--k', '2', '--format', 'csv')
        self.assertEqual(r.returncode, 0, r.stderr)
        profiles = list(csv.DictReader(io.StringIO(r.stdout)))
        self.assertEqual(sorted(p['size'] for p in profiles), ['2', '2'])
        for p in profiles:  # two rows each: the median is the mean of min and max
            want = float((Fraction(float(p['x_min'])) + Fraction(float(p['x_max']))) / 2)
            self.assertAlmostEqual(float(p['x_median']) / want, 1.0, places=15)
        r = run('rank', '--csv', path, '--features', 'x,y', '--criteria', 'x:1:cost,y:1:benefit',
                '--k', '2', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        medians = sorted(c['criteria_medians']['x'] for c in json.loads(r.stdout)['clusters'])
        self.assertEqual(medians, sorted(float(p['x_median']) for p in profiles))

    def test_one_column_missing_values_round_trip(self):
        try:
            import pandas as pd
        except ImportError:
            self.skipTest('pandas is not installed')
        for text, want in (('v\n1\n\n3\nNA\n5\n', [1.0, None, 3.0, None, 5.0]),
                           ('k\na\n\nb\n', ['a', None, 'b'])):
            with self.subTest(text=text):
                r = run('data', '--csv', self.write('one.csv', text), '--format', 'csv')
                self.assertEqual(r.returncode, 0, r.stderr)
                rows = list(csv.reader(io.StringIO(r.stdout)))
                self.assertEqual(rows[1:], [['' if w is None else '%g' % w if isinstance(w, float)
                                             else w] for w in want])
                got = pd.read_csv(io.StringIO(r.stdout)).iloc[:, 0].tolist()
                self.assertEqual([None if g != g else g for g in got], want)
                back = run('data', '--csv', self.write('back.csv', r.stdout), '--format', 'json')
                self.assertEqual(back.returncode, 0, back.stderr)
                self.assertEqual([list(o.values())[0] for o in json.loads(back.stdout)], want)


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
        for k in ('5', '8'):  # 8 groups hold ties of the most common value
            with self.subTest(k=k):
                self.check_most_common_values(k)

    def check_most_common_values(self, k):
        out = json.loads(run('rank', '--k', k, '--format', 'json', '--top', '1000').stdout)
        kept = kept_rows()
        members = collections.defaultdict(list)
        for t in out['top_configurations']:
            members[t['group']].append(kept[t['row']])
        clusters = {c['group']: c for c in out['clusters']}
        with open(os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv'), newline='',
                  encoding='utf-8') as f:
            every = list(csv.DictReader(f))
        table = run('rank', '--k', k).stdout
        section = table.split('\n3. Groups')[1].split('\n4. ')[0]
        lines = [l for l in section.splitlines() if l.strip()[:1].isdigit()]
        self.assertEqual(len(lines), int(k))
        for line in lines:
            group = int(line.split()[0])
            rows = members[group]
            for column in ('accelerator_family', 'host_processor_model_name'):
                counts = collections.Counter(r[column] for r in rows if r[column])
                count = max(counts.values())
                # One tie rule: of the values as common, the one the data
                # holds first (the order of the CSV file).
                first = [r[column] for r in every]
                value = min((v for v in counts if counts[v] == count), key=first.index)
                cell = '%s %d/%d' % (value, count, len(rows))
                if list(counts.values()).count(count) > 1:
                    cell += ' (tie)'
                self.assertIn(cell, line)
                profile_key = 'accelerator_family' if column == 'accelerator_family' \
                    else 'host_cpu'
                self.assertEqual(clusters[group][profile_key], value)
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

    def test_where_adds_to_the_built_in_filter_in_cluster_as_in_rank(self):
        with open(os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv'), newline='',
                  encoding='utf-8') as f:
            rows = list(csv.DictReader(f))
        want = sum(1 for r in rows if r['round'] == 'v3.0' and r['total_accelerators']
                   and float(r['total_accelerators']) >= 1 and r['time_to_train_min']
                   and r['throughput_img_s'])
        r = run('cluster', '--where', 'round=v3.0', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)['n_rows'], want)


class ExitStatusTest(unittest.TestCase):
    def test_malformed_where_is_a_usage_error_everywhere(self):
        for cmd in ('data', 'rank', 'cluster'):
            for expr in ('round', 'total_accelerators=64..8'):
                with self.subTest(cmd=cmd, expr=expr):
                    r = run(cmd, '--where', expr)
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


def write(directory, name, text):
    path = os.path.join(directory, name)
    with open(path, 'w', encoding='utf-8') as f:
        f.write(text)
    return path


def profile_modes(rows, labels, column):
    """The most common value of @p column per cluster label, ties to the value
    seen first (as the library's profiles)."""
    out = {}
    for label in set(labels):
        values = [r[column] for r, l in zip(rows, labels) if l == label]
        counts = collections.Counter(values)
        best = max(counts.values())
        out[label] = next(v for v in values if counts[v] == best)
    return out


class ScalingPanelTest(unittest.TestCase):
    def scatter_only(self, path, rows):
        root = ET.parse(path).getroot()
        frames = [r for r in root.iter(SVG + 'rect') if r.get('fill') == 'none']
        self.assertEqual(len(frames), 1)  # one panel
        legend = {id(c) for g in root.iter(SVG + 'g') if g.get('class') == 'legend'
                  for c in g.iter(SVG + 'circle')}
        self.assertEqual(len([c for c in root.iter(SVG + 'circle') if id(c) not in legend]), rows)
        self.assertEqual(list(root.iter(SVG + 'polyline')), [])

    def test_a_table_without_families_is_drawn_without_the_scaling_panel(self):
        with tempfile.TemporaryDirectory() as d:
            five = write(d, 'five.csv', 'a,b\n1,2\n3,4\n5,7\n8,1\n2,9\n')
            quotes = write(d, 'quotes.csv', QUOTES)
            svg = os.path.join(d, 'r.svg')
            for args, rows in ((['--csv', five, '--features', 'a,b', '--criteria', 'a:1:cost'], 5),
                               (['--csv', quotes, '--features', 'price,speed', '--criteria',
                                 'price:0.6:cost,speed:0.4:benefit'], 8)):
                with self.subTest(csv=args[1]):
                    r = run('rank', *args, '--plot', svg)
                    self.assertEqual(r.returncode, 0, r.stderr)
                    self.assertIn('--plot: no scaling panel: no row has accelerator_family',
                                  r.stderr)
                    self.scatter_only(svg, rows)


class ColumnNamesTest(unittest.TestCase):
    """Columns the tool makes keep their names; input columns of those names
    are renamed NAME_input, with a note."""
    TEXT = 'x,y,size,cluster\n1,2,big,p\n3,4,small,q\n5,6,big,q\n7,8,small,p\n9,1,big,p\n'

    def test_cluster_profile_keeps_the_input_text_columns(self):
        with tempfile.TemporaryDirectory() as d:
            path = write(d, 's.csv', self.TEXT)
            r = run('cluster', '--csv', path, '--features', 'x,y', '--k', '2', '--format', 'json')
            self.assertEqual(r.returncode, 0, r.stderr)
            for name in ('size', 'cluster'):
                self.assertIn("cluster: the input's column '%s' is named '%s_input' here: the "
                              "command makes a column '%s' of its own" % (name, name, name),
                              r.stderr)
            out = json.loads(r.stdout)
            rows = list(csv.DictReader(io.StringIO(self.TEXT)))
            labels = dict(zip(out['rows'], out['labels']))
            labels = [labels[i] for i in range(len(rows))]
            profiles = {p['cluster']: p for p in out['profiles']}
            for column in ('size', 'cluster'):
                modes = profile_modes(rows, labels, column)
                for label, p in profiles.items():
                    self.assertEqual(p[column + '_input'], modes[label])
            for label, p in profiles.items():
                self.assertEqual(p['size'], labels.count(label))
            # The options name the renamed column so.
            r = run('cluster', '--csv', path, '--features', 'x,size_input', '--k', '2',
                    '--format', 'json')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(json.loads(r.stdout)['inputs'], ['x', 'size_input'])
            self.assertIn('renamed NAME_input', run('cluster', '--help').stdout)

    def test_rank_groups_a_table_with_those_columns(self):
        with tempfile.TemporaryDirectory() as d:
            path = write(d, 's.csv', self.TEXT)
            r = run('rank', '--csv', path, '--features', 'x,y', '--criteria', 'x:1:cost', '--k',
                    '2', '--format', 'json')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("rank: the input's column 'size' is named 'size_input' here", r.stderr)
            out = json.loads(r.stdout)
            self.assertEqual(sum(c['size'] for c in out['clusters']), 5)
            self.assertIn('renamed NAME_input', run('rank', '--help').stdout)

    def test_rank_csv_keeps_a_data_column_named_score(self):
        table = 'system_name,score,price\na,1,5\nb,2,3\nc,3,4\nd,5,1\n'
        with tempfile.TemporaryDirectory() as d:
            path = write(d, 'q.csv', table)
            args = ('rank', '--csv', path, '--features', 'score,price', '--criteria',
                    'score:1:benefit,price:1:cost', '--k', '2')
            r = run(*args, '--format', 'csv')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("rank: the input's column 'score' is named 'score_input' here",
                          r.stderr)
            rows = list(csv.DictReader(io.StringIO(r.stdout)))
            self.assertEqual(list(rows[0]), ['rank', 'score', 'group', 'group_rank',
                                             'system_name', 'score_input', 'price'])
            data = {q['system_name']: q for q in csv.DictReader(io.StringIO(table))}
            x = np.array([[float(q['score']), float(q['price'])] for q in data.values()])
            want = dict(zip(data, topsis(x, [1, 1], np.array([True, False]))))
            for row in rows:
                self.assertEqual(row['score_input'], data[row['system_name']]['score'])
                self.assertAlmostEqual(float(row['score']), want[row['system_name']], places=12)
            out = json.loads(run(*args, '--format', 'json').stdout)
            for t in out['top_configurations']:
                self.assertEqual(t['criteria']['score'], float(data[t['system_name']]['score']))


ESC_NETWORK = ('version: 1\nname: "evil\\e[2Jnet"\ninputs:\n  - {name: x, shape: [3, 8, 8]}\n'
               'layers:\n  - {name: "c\\e]0;pwned\\aX\\nY", kind: conv2d, inputs: [x], '
               'out_channels: 4, kernel: 3}\n')
ESC_CATALOG = ('version: 1\ndevices:\n  - name: "gpu\\e[2Jx"\n    aliases: ["my\\e[31mgpu"]\n'
               '    vendor: "Me\\e[31m"\n    kind: gpu\n    peak_flops: {fp32: 10e12, fp16: 40e12}\n'
               '    memory_bytes: 8589934592\n    memory_bw_bytes_s: 400e9\n'
               '    source: "my\\e[0m own figures"\n    notes: "line one\\nline two"\n')


class EscapingTest(unittest.TestCase):
    """Control characters of input files reach no terminal: every table shows
    them as the escapes of accelsel data."""

    def assert_escaped(self, r, *escaped):
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn('\x1b', r.stdout)
        self.assertNotIn('\x07', r.stdout)
        for text in escaped:
            self.assertIn(text, r.stdout)

    def test_map_and_predict_tables(self):
        with tempfile.TemporaryDirectory() as d:
            net = write(d, 'esc.yaml', ESC_NETWORK)
            self.assert_escaped(run('map', '--network', net, '--system', 'adaptive-4',
                                    '--generations', '2'),
                                'evil\\x1b[2Jnet on adaptive-4', 'c\\x1b]0;pwned\\x07X\\nY')
            self.assert_escaped(run('predict', '--network', net, '--device', 't4', '--layers'),
                                'network          evil\\x1b[2Jnet', 'c\\x1b]0;pwned\\x07X\\nY')

    def test_rank_and_cluster_tables(self):
        with tempfile.TemporaryDirectory() as d:
            path = write(d, 'e.csv', 'system_name,price,speed\x1b[31m\n'
                                     '"a\x1b[2Jb",1,2\nc,3,4\nd,5,1\ne,2,2\n')
            self.assert_escaped(run('rank', '--csv', path, '--features', 'price',
                                    '--criteria', 'price:1:cost', '--k', '2'), '  a\\x1b[2Jb\n')
            self.assert_escaped(run('cluster', '--csv', path, '--features', 'price,speed\x1b[31m',
                                    '--k', '2'), 'speed\\x1b[31m')

    def test_catalog_show(self):
        with tempfile.TemporaryDirectory() as d:
            cat = write(d, 'c.yaml', ESC_CATALOG)
            self.assert_escaped(run('catalog', 'show', 'gpu\x1b[2Jx', '--catalog', cat),
                                'device: gpu\\x1b[2Jx\n', 'aliases: my\\x1b[31mgpu\n',
                                'vendor: Me\\x1b[31m\n', 'source: my\\x1b[0m own figures\n',
                                'notes: line one\\nline two\n')


class InitFileTest(unittest.TestCase):
    def test_errors_name_the_init_file(self):
        with tempfile.TemporaryDirectory() as d:
            data = write(d, 'xy.csv', 'x,y\n1,2\n3,4\n5,6\n7,8\n9,1\n')
            for text, message in (
                    ('x\n1\n5\n', "no column 'y'"),
                    ('x,y\n1,a\n5,6\n', "column 'y' was numeric when fitted"),
                    ('x,y\n', 'no rows left'),
                    ('x,y\n1,\n5,6\n', 'data row 1 (after the header) misses a feature; 1 of '
                                       'its 2 rows do')):
                with self.subTest(init=text):
                    init = write(d, 'init.csv', text)
                    r = run('cluster', '--csv', data, '--features', 'x,y', '--init', init)
                    self.assertEqual(r.returncode, 1, r.stderr)
                    self.assertIn('accelsel: cluster: --init %s: ' % init, r.stderr)
                    self.assertIn(message, r.stderr)
                    self.assertEqual(r.stdout, '')
            init = write(d, 'init.csv', 'x,y\n1,2\n8,8\n')
            out = json.loads(run('cluster', '--csv', data, '--features', 'x,y', '--init', init,
                                 '--format', 'json').stdout)
            self.assertEqual(out['k'], 2)


class IgnoredOptionsTest(unittest.TestCase):
    """An option that would do nothing is a usage error naming it."""

    def test_refused(self):
        with tempfile.TemporaryDirectory() as d:
            valid = write(d, 'c.yaml', 'version: 1\n')
            for args, message in (
                    (['data', '--na', '-'], 'data: --na goes with --csv'),
                    (['rank', '--na', '-'], 'rank: --na goes with --csv'),
                    (['cluster', '--na', '-'], 'cluster: --na goes with --csv'),
                    (['cluster', '--k', '3', '--criterion', 'gap'],
                     'cluster: --criterion chooses k: it goes with --k A..B'),
                    (['catalog', 'validate', valid, '--type', 'devices'],
                     'catalog: --type is for list'),
                    (['network', 'list', '--bytes-per-element', '2'],
                     'network list: --bytes-per-element goes with show and validate')):
                with self.subTest(args=args):
                    r = run(*args)
                    self.assertEqual(r.returncode, 2, r.stderr)
                    self.assertIn(message, r.stderr)
                    self.assertEqual(r.stdout, '')

    def test_a_bound_no_double_holds_is_a_usage_error(self):
        for cmd in ('data', 'rank', 'cluster'):
            with self.subTest(cmd=cmd):
                r = run(cmd, '--where', 'total_accelerators=1e999..')
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn('--where', r.stderr)
                self.assertIn("range bound '1e999' overflows a double", r.stderr)

    def test_special_files_are_refused_by_map(self):
        with tempfile.TemporaryDirectory() as d:
            fifo = os.path.join(d, 'fifo.yaml')
            os.mkfifo(fifo)
            base = ['map', '--network', 'small-cnn', '--system', 'adaptive-4']
            for args in (['map', '--network', fifo, '--system', 'adaptive-4'],
                         base + ['--catalog', fifo], base + ['--evaluate', fifo]):
                with self.subTest(args=args):
                    r = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=60)
                    self.assertEqual(r.returncode, 1, r.stderr)
                    self.assertIn("'%s' is not a regular file" % fifo, r.stderr)


class ReadmeTest(unittest.TestCase):
    def read(self):
        with open(os.path.join(ROOT, 'README.md'), encoding='utf-8') as f:
            return ' '.join(f.read().split())

    def test_importance_figure_is_what_rank_prints(self):
        out = json.loads(run('rank', '--format', 'json').stdout)
        h100 = [f['permutation'] for f in out['importance']['features']
                if f['feature'] == 'accelerator_family=NVIDIA H100'][0]
        self.assertIn('Next come the H100 family (%.3f)' % h100, self.read())

    def test_network_size_limit_is_the_one_applied(self):
        """Each size is at most 2^31 - 1; counts may exceed it (checked in 64 bits)."""
        net = ('version: 1\nname: big\ninputs:\n  - {name: x, shape: [%s]}\nlayers:\n'
               '  - {name: r, kind: activation, function: relu, inputs: [x]}\n')
        with tempfile.TemporaryDirectory() as d:
            wide = write(d, 'wide.yaml', net % '65536, 65536, 65536')
            r = run('network', 'validate', wide, '--format', 'json')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(json.loads(r.stdout)['totals']['activation_bytes'], 2 * 4 * 2 ** 48)
            r = run('network', 'validate', write(d, 'big.yaml', net % '2147483648'))
            self.assertEqual(r.returncode, 1)
            self.assertIn("'shape' = 2147483648 is outside [1, 2147483647]", r.stderr)
            r = run('network', 'validate', write(d, 'huge.yaml', net % ', '.join(['2147483647'] * 4)))
            self.assertEqual(r.returncode, 1)
            self.assertIn('ACCELSEL_ERANGE', r.stderr)
        self.assertIn('each size in a network file (a tensor dimension, a channel count) is at '
                      'most 2^31 - 1, and element, FLOP and byte counts are checked in 64 bits',
                      self.read())


if __name__ == '__main__':
    unittest.main()
