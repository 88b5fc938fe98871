"""accelsel rank, driven as a user would, checked against values computed here
from data/mlperf_training_resnet.csv with Python's csv module and numpy: the
default filters, the derived metrics, the choice of k (the silhouette by
scikit-learn), the group sizes and medians, TOPSIS scores of groups and rows,
the SVG, and usage errors."""
import csv
import json
import math
import os
import statistics
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

import numpy as np

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
SVG = '{http://www.w3.org/2000/svg}'
IMAGENET = 1281167


def run(*args):
    return subprocess.run([CLI, 'rank', *args], capture_output=True, text=True, timeout=600)


def kept_rows():
    """The rows the default filters keep, in file order: a time to train
    above 0, more than 0 accelerators, closed division, same_runs_as empty."""
    with open(os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv'), newline='', encoding='utf-8') as f:
        rows = list(csv.DictReader(f))
    return [r for r in rows
            if r['time_to_train_min'] and float(r['time_to_train_min']) > 0
            and r['total_accelerators'] and float(r['total_accelerators']) > 0
            and r['division_norm'] == 'closed' and r['same_runs_as'] == '']


def efficiency(rows):
    """E' = (T_ref / T) / (N / N_ref) per (round, accelerator_model_name)
    group, the reference being the group's row with the fewest accelerators,
    then the fastest, then the first (Cortes, Juiz and Bermejo, 2025)."""
    ref = {}
    for i, r in enumerate(rows):
        g = (r['round'], r['accelerator_model_name'])
        key = (float(r['total_accelerators']), float(r['time_to_train_min']), i)
        ref[g] = min(ref.get(g, key), key)
    out = []
    for r in rows:
        n_ref, t_ref, _ = ref[(r['round'], r['accelerator_model_name'])]
        n, t = float(r['total_accelerators']), float(r['time_to_train_min'])
        out.append((t_ref / t) / (n / n_ref))
    return out


def feature_matrix(rows):
    """The default clustering features of each kept row, from the CSV:
    log10 of the accelerators, of the time to train and of the throughput
    per accelerator (epochs x ImageNet's samples over the time and the
    accelerators), and the efficiency E', each z-scored (population
    standard deviation, as StandardScaler)."""
    from sklearn.preprocessing import StandardScaler
    eff = efficiency(rows)
    x = []
    for r, e in zip(rows, eff):
        n, t = float(r['total_accelerators']), float(r['time_to_train_min'])
        thr = float(r['epochs_mean']) * IMAGENET / (t * 60) / n
        x.append([math.log10(n), math.log10(t), math.log10(thr), e])
    return StandardScaler().fit_transform(np.array(x))


def topsis(x, weights, benefit):
    """Textbook TOPSIS (Hwang and Yoon 1981): vector normalisation, weights,
    ideal and anti-ideal per direction, closeness D- / (D+ + D-)."""
    v = x / np.sqrt((x ** 2).sum(axis=0)) * np.asarray(weights)
    ideal = np.where(benefit, v.max(axis=0), v.min(axis=0))
    anti = np.where(benefit, v.min(axis=0), v.max(axis=0))
    dp = np.sqrt(((v - ideal) ** 2).sum(axis=1))
    dn = np.sqrt(((v - anti) ** 2).sum(axis=1))
    return dn / (dp + dn)


class DefaultRunTest(unittest.TestCase):
    """One JSON run with every configuration listed, shared by the tests."""

    @classmethod
    def setUpClass(cls):
        cls.kept = kept_rows()
        r = run('--format', 'json', '--top', '100000')
        assert r.returncode == 0, r.stderr
        cls.out = json.loads(r.stdout)

    def test_table_run_succeeds_with_every_section(self):
        r = run()
        self.assertEqual(r.returncode, 0, r.stderr)
        for heading in ('1. Variable importance', '2. Number of groups', '3. Groups',
                        '4. Ranking of the groups', '5. Top 10 of', 'Recommendation'):
            self.assertIn(heading, r.stdout)
        self.assertEqual(r.stderr, '')

    def test_json_has_the_documented_keys(self):
        self.assertEqual(list(self.out), ['settings', 'importance', 'k_selection', 'clusters',
                                          'cluster_ranking', 'top_configurations', 'dropped',
                                          'recommendation'])
        self.assertEqual(self.out['settings']['rows_in'], 343)  # data/README.md: 343 rows
        self.assertEqual(self.out['importance']['target'], 'log10(time_to_train_min)')
        self.assertIsInstance(self.out['recommendation'], str)

    def test_rows_are_priced_and_energy_said_to_be_modelled(self):
        self.assertTrue(any('modelled from TDP' in n for n in self.out['settings']['notes']))
        for row in self.out['top_configurations']:
            c = row['columns']
            self.assertEqual(c['system_name'], row['system_name'])
            self.assertIn('catalog_device', c)
            if c['accelerator_price_usd'] is None:
                self.assertIsNone(c['purchase_usd'])
            else:
                self.assertEqual(c['purchase_usd'],
                                 c['accelerator_price_usd'] * c['total_accelerators'])
        dropped = self.out['dropped']
        self.assertEqual(len(dropped) + len(self.kept), 343)

    def test_sizes_sum_to_the_rows_the_default_filters_keep(self):
        self.assertEqual(self.out['settings']['rows_kept'], len(self.kept))
        self.assertEqual(sum(c['size'] for c in self.out['clusters']), len(self.kept))

    def test_rows_are_the_kept_rows_with_independently_derived_metrics(self):
        rows = self.out['top_configurations']
        self.assertEqual(len(rows), len(self.kept))
        eff = efficiency(self.kept)
        for row in rows:
            ref = self.kept[row['row']]
            n, t = float(ref['total_accelerators']), float(ref['time_to_train_min'])
            self.assertEqual(row['system_name'], ref['system_name'])
            self.assertEqual(row['round'], ref['round'])
            self.assertEqual(row['time_to_train_min'], t)
            self.assertEqual(row['accelerators'], n)
            self.assertAlmostEqual(row['efficiency'], eff[row['row']], delta=1e-12)
            c = row['criteria']
            self.assertAlmostEqual(c['accelerator_hours'], n * t / 60, delta=1e-12 * n * t)
            thr = float(ref['epochs_mean']) * IMAGENET / (t * 60) / n
            self.assertAlmostEqual(c['throughput_per_accelerator'], thr, delta=1e-9 * thr)

    def test_chosen_k_has_the_best_silhouette_by_scikit_learn(self):
        # The silhouette of each k's grouping is computed here by
        # scikit-learn on the feature matrix built from the CSV (log10 of
        # the accelerators, the time and the throughput per accelerator, and
        # the efficiency, z-scored with the population deviation), not read
        # back from the scores the run printed; each k's groups come from a
        # run with --k k. The chosen k is scikit-learn's best.
        from sklearn.metrics import silhouette_score
        ks = self.out['k_selection']
        self.assertEqual(ks['criterion'], 'silhouette')
        self.assertEqual(self.out['settings']['features'],
                         ['log10(accelerators)', 'log10(time_to_train_min)',
                          'log10(throughput_per_accelerator)', 'efficiency'])
        x = feature_matrix(self.kept)
        printed = {c['k']: c['silhouette'] for c in ks['candidates']}
        self.assertEqual(sorted(printed), list(range(2, 11)))
        want = {}
        for k in range(2, 11):
            r = run('--k', str(k), '--format', 'json', '--top', '100000')
            self.assertEqual(r.returncode, 0, r.stderr)
            labels = np.zeros(len(self.kept), dtype=int)
            rows = json.loads(r.stdout)['top_configurations']
            self.assertEqual(sorted(row['row'] for row in rows), list(range(len(self.kept))))
            for row in rows:
                labels[row['row']] = row['group']
            self.assertEqual(len(set(labels)), k)
            want[k] = silhouette_score(x, labels, metric='euclidean')
            self.assertAlmostEqual(printed[k], want[k], delta=1e-9, msg='k = %d' % k)
        best = max(want, key=want.get)
        self.assertEqual(ks['k'], best)
        self.assertEqual(len(self.out['clusters']), best)
        self.assertIn('k = %d' % best, ks['reason'])

    def test_top_configuration_score_is_numpy_topsis_over_all_rows(self):
        crit = self.out['settings']['criteria']
        self.assertEqual([(c['column'], c['direction']) for c in crit],
                         [('time_to_train_min', 'cost'), ('efficiency', 'benefit'),
                          ('throughput_per_accelerator', 'benefit'), ('accelerator_hours', 'cost')])
        np.testing.assert_allclose([c['weight'] for c in crit], [0.4, 0.2, 0.2, 0.2], atol=1e-15)
        rows = self.out['top_configurations']
        x = np.array([[r['criteria'][c['column']] for c in crit] for r in rows])
        want = topsis(x, [0.4, 0.2, 0.2, 0.2], np.array([c['direction'] == 'benefit' for c in crit]))
        np.testing.assert_allclose([r['score'] for r in rows], want, rtol=0, atol=1e-12)
        self.assertEqual(int(np.argmax(want)), 0)
        self.assertEqual([r['rank'] for r in rows], list(range(1, len(rows) + 1)))

    def test_group_medians_and_ranking_follow_from_the_rows(self):
        rows = self.out['top_configurations']
        crit = self.out['settings']['criteria']
        for c in self.out['clusters']:
            members = [r for r in rows if r['group'] == c['group']]
            self.assertEqual(len(members), c['size'])
            for col in ('time_to_train_min', 'efficiency', 'accelerators'):
                self.assertAlmostEqual(c['median_' + col], statistics.median(r[col] for r in members),
                                       delta=1e-12 * abs(c['median_' + col]))
        ranked = self.out['cluster_ranking']['order']
        x = np.array([[g['criteria'][c['column'] + '_median'] for c in crit] for g in ranked])
        want = topsis(x, [c['weight'] for c in crit], np.array([c['direction'] == 'benefit' for c in crit]))
        np.testing.assert_allclose([g['score'] for g in ranked], want, atol=1e-12)
        self.assertTrue(all(a >= b for a, b in zip(want, want[1:])))
        self.assertIn('Group %d ranks first' % ranked[0]['group'], self.out['recommendation'])


class OptionsTest(unittest.TestCase):
    def test_k_5_gives_five_groups_and_the_same_run_twice(self):
        a = run('--k', '5', '--format', 'json')
        self.assertEqual(a.returncode, 0, a.stderr)
        out = json.loads(a.stdout)
        self.assertEqual(len(out['clusters']), 5)
        self.assertEqual(out['k_selection']['criterion'], 'given')
        self.assertEqual(sum(c['size'] for c in out['clusters']), len(kept_rows()))
        self.assertEqual(run('--k', '5', '--format', 'json').stdout, a.stdout)

    def test_k_range_and_other_criteria(self):
        for by, pick in (('ch', max), ('db', min)):
            with self.subTest(by=by):
                r = run('--k-range', '3..6', '--k-by', by, '--format', 'json')
                self.assertEqual(r.returncode, 0, r.stderr)
                ks = json.loads(r.stdout)['k_selection']
                key = 'calinski_harabasz' if by == 'ch' else 'davies_bouldin'
                self.assertEqual([c['k'] for c in ks['candidates']], [3, 4, 5, 6])
                self.assertEqual(ks['k'], pick(ks['candidates'], key=lambda c: c[key])['k'])

    def test_where_ward_and_pareto(self):
        r = run('--where', 'round=v3.1', '--algorithm', 'ward', '--method', 'pareto', '--k', '3',
                '--format', 'json', '--top', '1000')
        self.assertEqual(r.returncode, 0, r.stderr)
        out = json.loads(r.stdout)
        want = [x for x in kept_rows() if x['round'] == 'v3.1']
        self.assertEqual(out['settings']['rows_kept'], len(want))
        self.assertEqual(len(out['top_configurations']), len(want))
        self.assertEqual(out['settings']['algorithm'], 'ward')
        self.assertTrue(all(r['round'] == 'v3.1' for r in out['top_configurations']))
        # One round left: the round cannot explain anything and is left out.
        self.assertEqual(out['importance']['constant_variables'], ['round'])
        # Pareto scores are 1 / front: the first front scores 1.
        self.assertEqual(out['top_configurations'][0]['score'], 1.0)

    def test_csv_lists_the_top_configurations(self):
        r = run('--format', 'csv', '--top', '7')
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = list(csv.DictReader(r.stdout.splitlines()))
        self.assertEqual(len(rows), 7)
        self.assertEqual([int(x['rank']) for x in rows], list(range(1, 8)))
        self.assertIn('system_name', rows[0])
        self.assertIn('host_processor_model_name', rows[0])  # every column of the data

    def test_csv_of_any_table_keeps_its_text_columns(self):
        table = 'model,brand,price,speed\nA1,Acme,100,5\nB2,Zen,200,9\nC3,Acme,150,6\nD4,Zen,90,2\n'
        with tempfile.NamedTemporaryFile('w', suffix='.csv', delete=False) as f:
            f.write(table)
        try:
            r = run('--csv', f.name, '--features', 'price,speed', '--criteria',
                    'price:1:cost,speed:1:benefit', '--k', '2', '--format', 'csv')
        finally:
            os.unlink(f.name)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = list(csv.DictReader(r.stdout.splitlines()))
        given = {x['model']: x for x in csv.DictReader(table.splitlines())}
        self.assertEqual(len(rows), 4)
        for row in rows:
            self.assertEqual(row['brand'], given[row['model']]['brand'])
            self.assertEqual(float(row['price']), float(given[row['model']]['price']))

    def test_rows_of_any_table_are_named_by_their_lines(self):
        """After --where, a row of a table without system_name and without a
        text column of unique values (model B2 twice) is named by its line in
        the file (a quoted line break spans two), in the table, the JSON and
        the recommendation; TOPSIS on price (cost) and speed (benefit) by hand."""
        table = 'model,price,speed\n"A1\nnew",50,5\nB2,200,9\nC3,150,6\nB2,90,2\n'
        kept = {4: (200, 9), 5: (150, 6), 6: (90, 2)}  # line: figures; A1 spans lines 2-3
        cols = list(zip(*kept.values()))
        norms = [math.sqrt(sum(v * v for v in c)) for c in cols]
        z = {ln: [v / n for v, n in zip(f, norms)] for ln, f in kept.items()}
        best = [min(v[0] for v in z.values()), max(v[1] for v in z.values())]
        worst = [max(v[0] for v in z.values()), min(v[1] for v in z.values())]
        score = {ln: math.dist(v, worst) / (math.dist(v, worst) + math.dist(v, best))
                 for ln, v in z.items()}
        order = sorted(score, key=lambda ln: -score[ln])
        with tempfile.NamedTemporaryFile('w', suffix='.csv', delete=False) as f:
            f.write(table)
        try:
            args = ('--csv', f.name, '--features', 'price,speed', '--criteria',
                    'price:1:cost,speed:1:benefit', '--k', '2', '--where', 'price=90..200')
            t, j = run(*args), run(*args, '--format', 'json')
        finally:
            os.unlink(f.name)
        self.assertEqual(t.returncode, 0, t.stderr)
        self.assertEqual(j.returncode, 0, j.stderr)
        rows = json.loads(j.stdout)['top_configurations']
        self.assertEqual([r['line'] for r in rows], order)
        for r in rows:
            self.assertAlmostEqual(r['score'], score[r['line']], places=12)
        top, left_out = t.stdout.split('Rows not ranked')
        listed = [ln.split()[-1] for ln in top.splitlines() if ln.rstrip().split()[-2:-1] == ['line']]
        self.assertEqual(listed, [str(ln) for ln in order])
        self.assertIn('--where (1): line 2', left_out)  # A1, price 50
        self.assertIn('The best single row is on line %d:' % order[0], ' '.join(t.stdout.split()))

    def test_plot_has_one_circle_per_kept_row_in_the_scatter(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'rank.svg')
            r = run('--plot', path, '--format', 'json')
            self.assertEqual(r.returncode, 0, r.stderr)
            root = ET.parse(path).getroot()
        self.assertEqual(root.tag, SVG + 'svg')
        # Panels are 480 px wide side by side: the scatter is the left one; the
        # legend's markers are not data.
        legend = {id(c) for g in root.iter(SVG + 'g') if g.get('class') == 'legend'
                  for c in g.iter(SVG + 'circle')}
        circles = [c for c in root.iter(SVG + 'circle')
                   if float(c.get('cx')) < 480 and id(c) not in legend]
        self.assertEqual(len(circles), len(kept_rows()))
        lines = list(root.iter(SVG + 'polyline'))
        families = {x['accelerator_family'] for x in kept_rows() if x['accelerator_family']}
        self.assertEqual(len(lines), len(families))

    def test_help_documents_the_defaults(self):
        r = run('--help')
        self.assertEqual(r.returncode, 0)
        for text in ('closed division', 'same_runs_as', 'log10(throughput_per_accelerator)',
                     'time_to_train_min:2:cost', 'silhouette', '2..10', 'default 42'):
            self.assertIn(text, r.stdout)


class ErrorTest(unittest.TestCase):
    def test_bad_options_are_usage_errors(self):
        cases = [
            (['--bogus'], "unknown option '--bogus'"),
            (['--k'], '--k needs a value'),
            (['--k', '0'], "--k '0'"),
            (['--k', 'three'], "--k 'three'"),
            (['--k-range', '6..2'], "--k-range '6..2'"),
            (['--k-range', '2-6'], "--k-range '2-6'"),
            (['--k-by', 'votes'], "--k-by 'votes'"),
            (['--k', '3', '--k-range', '2..4'], 'cannot be combined'),
            (['--algorithm', 'dbscan'], "--algorithm 'dbscan'"),
            (['--method', 'best'], "--method 'best'"),
            (['--format', 'yaml'], "--format 'yaml'"),
            (['--top', '0'], "--top '0'"),
            (['--seed', '-1'], "--seed '-1'"),
            (['--criteria', 'time_to_train_min:1:fast'], "direction 'fast'"),
            (['--features', 'a,,b'], 'empty column name'),
        ]
        for args, fragment in cases:
            with self.subTest(args=args):
                r = run(*args)
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn(fragment, r.stderr)
                self.assertEqual(r.stdout, '')

    def test_unknown_criteria_column_is_a_library_error(self):
        r = run('--criteria', 'time_to_train_min:1:cost,no_such_column:1:benefit')
        self.assertEqual(r.returncode, 1)
        self.assertIn('ACCELSEL_ENOTFOUND', r.stderr)
        self.assertIn('no_such_column', r.stderr)

    def test_other_library_errors(self):
        cases = [
            (['--features', 'no_such_feature'], 'ACCELSEL_ENOTFOUND'),
            (['--target', 'no_such_target'], 'ACCELSEL_ENOTFOUND'),
            (['--csv', '/nonexistent/file.csv'], 'ACCELSEL_EIO'),
            (['--where', 'round=v9.9'], 'ACCELSEL_EEMPTY'),
            (['--k', '100000'], 'ACCELSEL_EINVAL'),
        ]
        for args, status in cases:
            with self.subTest(args=args):
                r = run(*args)
                self.assertEqual(r.returncode, 1, r.stderr)
                self.assertIn(status, r.stderr)


class RowLinesTest(unittest.TestCase):
    """Rows keep their file lines for the library's messages when a column
    is renamed NAME_input for the group profiles."""

    def test_a_renamed_column_keeps_the_lines(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'named.csv')
            with open(path, 'w') as f:
                f.write('cluster,x,y\na,5,2\nb,1,2.5\nc,8,9\nd,8.5,9.5\ne,4,4\nf,6,5\n')
            r = run('--csv', path, '--features', 'x,y', '--criteria', 'x:1:cost', '--k', '2',
                    '--format', 'json')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("column 'cluster' is named 'cluster_input'", r.stderr)
            # b (x = 1) is the best row, on line 3 of the file
            self.assertIn('The best single row is on line 3: x 1,',
                          json.loads(r.stdout)['recommendation'])


class PredictedColumnTest(unittest.TestCase):
    """--with-predictions on a file that has a `predicted` column: a cell
    other than 0 or 1 is named by its line in the file and its value."""

    def rows_with(self, d, *cells):
        with open(os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv'), newline='') as f:
            rows = list(csv.DictReader(f))[:len(cells)]
        for row, cell in zip(rows, cells):
            row['predicted'] = cell
        path = os.path.join(d, 'rows.csv')
        with open(path, 'w', newline='') as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
        return path

    def test_each_bad_cell_names_its_line_and_value(self):
        with tempfile.TemporaryDirectory() as d:
            for cells, message in ((('', '0'), "line 2 of %s: column 'predicted' is missing"),
                                   (('0', 'yes'), "line 3 of %s: column 'predicted' is 'yes'"),
                                   (('0', '1', '2'), "line 4 of %s: column 'predicted' is 2"),
                                   (('1', '0.5'), "line 3 of %s: column 'predicted' is 0.5")):
                with self.subTest(cells=cells):
                    path = self.rows_with(d, *cells)
                    r = run('--csv', path, '--with-predictions', 't4:8')
                    self.assertEqual(r.returncode, 1, r.stderr)
                    self.assertIn((message % path) + ', not 0 or 1 (ACCELSEL_EINVAL)', r.stderr)
                    self.assertEqual(r.stdout, '')

    def test_zeros_and_ones_are_kept(self):
        with tempfile.TemporaryDirectory() as d:
            path = self.rows_with(d, '0', ' 1', '0 ')  # a text column, blanks trimmed
            r = run('--csv', path, '--rows', 'all', '--with-predictions', 't4:8,16', '--k', '2',
                    '--format', 'csv', '--top', '10')
            self.assertEqual(r.returncode, 0, r.stderr)
            marks = sorted(row['predicted'] for row in csv.DictReader(r.stdout.splitlines()))
            self.assertEqual(marks, ['0', '0', '1', '1', '1'])



class PlotFamiliesTest(unittest.TestCase):
    """rank --plot: past the palette's 7 colours (and past 10 families) every
    family of the scaling panel keeps a (colour, marker) pair and a (colour,
    dash) line of its own."""

    def test_every_family_is_distinct(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'rank.svg')
            r = run('--plot', path)
            self.assertEqual(r.returncode, 0, r.stderr)
            root = ET.parse(path).getroot()
        legends = [g for g in root.iter(SVG + 'g') if g.get('class') == 'legend']
        scaling = legends[-1]
        items = list(scaling)
        pairs = [(items[i].tag, items[i].get('fill')) for i in range(0, len(items), 2)]
        names = [items[i + 1].text for i in range(0, len(items), 2)]
        families = {r['accelerator_family'] for r in kept_rows() if r['accelerator_family']}
        self.assertGreater(len(families), 10)
        self.assertEqual(set(names), families)
        self.assertEqual(len(set(pairs)), len(pairs))
        lines = [(l.get('stroke'), l.get('stroke-dasharray')) for l in root.iter(SVG + 'polyline')]
        self.assertEqual(len(set(lines)), len(families))


class QuotesTableTest(unittest.TestCase):
    """A buyer's own quotes, tried as a new user would: rows named by the
    first text column of unique values (offer), JSON and CSV rows carrying
    the table's own columns, every row left out counted and explained in
    each format, and vendor spellings of the accelerators resolved as the
    catalog's names are."""

    QUOTES = ('offer,vendor,accelerator,count,price_usd,power_kw,time_to_train_min\n'
              'Q-101,"Acme Systems, 3-year warranty",NVIDIA H100 80GB HBM3,8,310000,10.2,28.5\n'
              'Q-102,Bolt Compute,NVIDIA A100-SXM4-80GB,16,260000,9.1,35.0\n'
              'Q-103,Bolt Compute,AMD Instinct MI300X,8,180000,10.8,31.0\n'
              'Q-104,Cobalt IT,Intel Gaudi 2,8,,7.5,44.0\n'
              'Q-105,Cobalt IT,NVIDIA L40S,16,190000,6.9,\n'
              'Q-106,Delta,NVIDIA H100 80GB HBM3,16,600000,,16.0\n')
    ARGS = ('--features', 'time_to_train_min,price_usd', '--criteria',
            'time_to_train_min:1:cost,price_usd:1:cost', '--k', '2')
    DROPPED = {'Q-105': (6, 'no time_to_train_min'),
               'Q-104': (5, 'not ranked: no value of price_usd')}

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.tmp.name, 'quotes.csv')
        with open(cls.path, 'w') as f:
            f.write(cls.QUOTES)
        cls.own = list(csv.DictReader(io_text(cls.QUOTES)))

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def rank(self, *extra):
        r = run('--csv', self.path, *self.ARGS, *extra)
        self.assertEqual(r.returncode, 0, r.stderr)
        return r

    def test_json_rows_are_named_and_carry_the_table(self):
        out = json.loads(self.rank('--format', 'json').stdout)
        self.assertEqual(out['settings']['name_column'], 'offer')
        rows = out['top_configurations']
        self.assertEqual(sorted(r['name'] for r in rows), ['Q-101', 'Q-102', 'Q-103', 'Q-106'])
        own = {q['offer']: q for q in self.own}
        resolved = {'NVIDIA H100 80GB HBM3': 'h100-sxm5-80gb',
                    'NVIDIA A100-SXM4-80GB': 'a100-sxm4-80gb', 'AMD Instinct MI300X': 'mi300x'}
        for r in rows:
            for key in ('system_name', 'round', 'accelerators'):
                self.assertNotIn(key, r)  # the table has no such column
            cols, q = r['columns'], own[r['name']]
            self.assertEqual(cols['vendor'], q['vendor'])
            self.assertEqual(cols['accelerator'], q['accelerator'])
            self.assertEqual(cols['count'], float(q['count']))
            self.assertEqual(cols['price_usd'], float(q['price_usd']))
            self.assertEqual(cols['catalog_device'], resolved[q['accelerator']])
        got = {d['name']: (d['line'], d['reason']) for d in out['dropped']}
        self.assertEqual(got, self.DROPPED)

    def test_table_names_rows_and_lists_those_left_out(self):
        text = self.rank().stdout
        top = text[text.index('5. Top'):text.index('Rows not ranked')]
        for offer in ('Q-101', 'Q-102', 'Q-103', 'Q-106'):
            self.assertIn(offer, top)
        self.assertNotIn('line ', top)
        tail = text[text.index('Rows not ranked'):]
        self.assertIn('Rows not ranked: 2 of 6 (4 ranked)', tail)
        self.assertIn('no time_to_train_min (1): Q-105 (line 6)', tail)
        self.assertIn('not ranked: no value of price_usd (1): Q-104 (line 5)', tail)

    def test_csv_carries_the_table_and_stderr_the_rows_left_out(self):
        r = self.rank('--format', 'csv')
        rows = list(csv.DictReader(io_text(r.stdout)))
        self.assertEqual(len(rows), 4)
        for col in ('offer', 'vendor', 'accelerator', 'count', 'power_kw', 'catalog_device'):
            self.assertIn(col, rows[0])
        self.assertIn('Acme Systems, 3-year warranty', [x['vendor'] for x in rows])
        self.assertIn('2 of 6 rows not ranked', r.stderr)
        for offer, (line, why) in self.DROPPED.items():
            self.assertIn('%s (line %d): %s' % (offer, line, why), r.stderr)

    def test_name_column_chosen_or_refused(self):
        out = json.loads(self.rank('--format', 'json', '--name-column', 'vendor').stdout)
        self.assertIn('Acme Systems, 3-year warranty',
                      [r['name'] for r in out['top_configurations']])
        for bad, says in (('price_usd', 'holds numbers'), ('offers', "closest: 'offer'")):
            r = run('--csv', self.path, *self.ARGS, '--name-column', bad)
            self.assertEqual(r.returncode, 1, r.stderr)
            self.assertTrue(r.stderr.startswith('accelsel: rank: --name-column: '), r.stderr)
            self.assertIn(says, r.stderr)


def io_text(text):
    import io
    return io.StringIO(text)


if __name__ == '__main__':
    unittest.main()
