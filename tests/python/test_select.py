"""accelsel.Selection: the selection method as one call from Python, on a table
with no MLPerf column (TOPSIS closeness of rows and of group medians against
the textbook formula computed here, notes for what was skipped, k clamped to
the rows, errors naming their field) and on the built-in data (the README's
findings)."""
import ctypes
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import unittest

import accelsel

QUOTES = {'vendor': ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'],
          'price': [250.0, 200, 300, 275, 225, 210, 520, 480],
          'speed': [16.0, 16, 32, 32, 16, 8, 64, 60],
          'power': [12.0, 8, 16, 8, 16, 10, 30, 25]}
CRITERIA = [('price', 0.5, 'cost'), ('speed', 0.3, 'benefit'), ('power', 0.2, 'cost')]
CRITERIA_TEXT = ','.join('%s:%g:%s' % c for c in CRITERIA)


def topsis(columns, criteria):
    """Closeness D- / (D+ + D-) by the textbook: vector normalisation, weights
    normalised to 1, distances to the ideal and anti-ideal rows."""
    total = sum(w for _, w, _ in criteria)
    weighted = []
    for name, w, direction in criteria:
        norm = math.sqrt(sum(x * x for x in columns[name]))
        v = [w / total * x / norm for x in columns[name]]
        best, worst = (min(v), max(v)) if direction == 'cost' else (max(v), min(v))
        weighted.append((v, best, worst))
    n = len(weighted[0][0])
    plus = [math.sqrt(sum((v[i] - b) ** 2 for v, b, _ in weighted)) for i in range(n)]
    minus = [math.sqrt(sum((v[i] - w) ** 2 for v, _, w in weighted)) for i in range(n)]
    return [m / (p + m) for p, m in zip(plus, minus)]


class AnyTableTest(unittest.TestCase):
    def setUp(self):
        self.ds = accelsel.Dataset.from_columns(QUOTES)

    def tearDown(self):
        self.ds.close()

    def test_layout(self):
        size = accelsel._lib.cdll.accelsel_selection_options_size
        self.assertEqual(ctypes.sizeof(accelsel._ctypes_gen.accelsel_selection_options), size())

    def test_skipped_steps_are_noted(self):
        with accelsel.Selection(self.ds, features='log10(price),speed',
                                criteria=CRITERIA_TEXT) as s:
            notes = ' '.join(s.notes)
            self.assertIn('derived metrics skipped', notes)
            self.assertIn('variable importance skipped', notes)
            self.assertIsNone(s.importance)
            self.assertEqual(s.k_range, (2, 7))  # 8 rows: at most 7 groups
            self.assertIn('k range clamped to 2..7', notes)
            self.assertEqual(s.rows_in, 8)
            self.assertEqual(len(s.dataset), 8)
            self.assertIn('ranks first', s.recommendation)

    def test_rows_by_textbook_topsis(self):
        want = topsis(QUOTES, CRITERIA)
        with accelsel.Selection(self.ds, features='price,speed', criteria=CRITERIA_TEXT) as s:
            ranked = s.ranking()
            self.assertEqual(len(ranked), 8)
            for r in ranked:
                self.assertAlmostEqual(r['score'], want[r['row']], places=12)
            self.assertEqual([r['row'] for r in ranked],
                             sorted(range(8), key=lambda i: -want[i]))
            self.assertEqual(len(s.ranking(top=3)), 3)

    def test_tied_rows_share_a_rank_in_row_order(self):
        # Rows 0, 1 and 4 are the same quote: one score, rank 1 for all
        # three (listed in row order), and the next row is 4th, as in the CLI.
        ties = {'name': list('ABCDEF'), 'cost': [10.0, 10, 20, 5, 10, 30],
                'speed': [5.0, 5, 9, 1, 5, 9]}
        crit = [('cost', 1.0, 'cost'), ('speed', 1.0, 'benefit')]
        want = topsis(ties, crit)
        with accelsel.Dataset.from_columns(ties) as ds, \
                accelsel.Selection(ds, features='cost,speed', criteria='cost:1:cost,speed:1:benefit',
                                   k=2) as s:
            ranked = s.ranking()
            order = sorted(range(6), key=lambda i: (-round(want[i], 12), i))
            self.assertEqual([r['row'] for r in ranked], order)
            self.assertEqual([r['rank'] for r in ranked],
                             [1 + sum(round(want[j], 12) > round(want[i], 12) for j in range(6))
                              for i in order])
            self.assertEqual([r['rank'] for r in ranked][:4], [1, 1, 1, 4])
            self.assertEqual(len(s.ranking(top=2)), 2)

    def test_groups_by_textbook_topsis_on_medians(self):
        with accelsel.Selection(self.ds, features='price,speed', criteria=CRITERIA_TEXT,
                                k=3) as s:
            labels = s.labels
            medians = {name: [statistics.median(v for v, g in zip(QUOTES[name], labels)
                                                if g == group) for group in (1, 2, 3)]
                       for name, _, _ in CRITERIA}
            want = topsis(medians, CRITERIA)
            groups = s.groups
            self.assertEqual(len(groups), 3)
            for g in groups:
                self.assertAlmostEqual(g['score'], want[g['group'] - 1], places=12)
                self.assertEqual(g['size'], labels.count(g['group']))
                self.assertAlmostEqual(g['medians']['price'], medians['price'][g['group'] - 1])
            self.assertEqual([g['rank'] for g in groups], [1, 2, 3])
            self.assertEqual(s.k_scores, [])
            self.assertEqual(s.k_reason, 'k = 3 was given')

    def test_target_gives_importance(self):
        with accelsel.Selection(self.ds, features='price,speed', criteria=CRITERIA_TEXT,
                                target='log10(price)', variables='speed,power', k=2) as s:
            imp = s.importance
            self.assertEqual(imp['target'], 'log10(price)')
            self.assertEqual(sorted(f['feature'] for f in imp['features']), ['power', 'speed'])

    def test_errors_name_the_field(self):
        cases = [({'criteria': CRITERIA_TEXT}, 'ACCELSEL_EINVAL', 'features'),
                 ({'features': 'price'}, 'ACCELSEL_EINVAL', 'criteria'),
                 ({'features': 'price', 'criteria': 'price:1:cheap'}, 'ACCELSEL_EPARSE',
                  'criteria'),
                 ({'features': 'price', 'criteria': CRITERIA_TEXT, 'where': 'vendor=Z'},
                  'ACCELSEL_EEMPTY', 'where')]
        for kw, status, field in cases:
            with self.subTest(kw=kw):
                with self.assertRaises(accelsel.AccelselError) as cm:
                    accelsel.Selection(self.ds, **kw)
                e = cm.exception
                self.assertEqual(e.status, status)
                self.assertEqual(e.field, field)
                self.assertFalse(e.message.startswith(field + ':'), e.message)
                self.assertTrue(str(e).startswith('%s: %s: ' % (status, field)), str(e))

    def test_rows_all_applies_no_filter(self):
        with accelsel.Selection(self.ds, features='price,speed', criteria=CRITERIA_TEXT, k=2,
                                rows='all') as s:
            self.assertEqual(s.filters, [])

    def test_sensitivity_says_its_perturbation(self):
        # select.h: the selection draws with ACCELSEL_SENSITIVITY_OPTIONS_INIT's
        # perturbation, +-20%.
        with accelsel.Selection(self.ds, features='price,speed', criteria=CRITERIA_TEXT, k=3) as s:
            self.assertEqual(s.sensitivity['perturbation'], 0.2)

    def test_pareto_has_no_sensitivity(self):
        with accelsel.Selection(self.ds, features='price,speed', criteria=CRITERIA_TEXT,
                                k=3, method='pareto') as s:
            self.assertIsNone(s.sensitivity)
            self.assertTrue(any('Pareto' in n for n in s.notes))


class BuiltinTest(unittest.TestCase):
    """The README's findings (Findings on the MLPerf data)."""

    def test_readme_findings(self):
        with accelsel.Dataset.builtin() as ds, accelsel.Selection(ds) as s:
            self.assertEqual((s.rows_in, len(s.dataset)), (343, 275))
            self.assertEqual(s.notes, [])
            self.assertEqual(s.k, 2)
            best = max(s.k_scores, key=lambda r: r['silhouette'])
            self.assertEqual(best['k'], 2)
            self.assertAlmostEqual(best['silhouette'], 0.557, delta=5e-4)
            self.assertAlmostEqual(s.importance['oob_r2'], 0.951, delta=5e-4)
            self.assertEqual(s.importance['features'][0]['feature'], 'log10(accelerators)')
            self.assertAlmostEqual(s.importance['features'][0]['permutation'], 1.71, delta=5e-3)
            scores = [g['score'] for g in s.groups]
            self.assertAlmostEqual(scores[0], 0.688, delta=5e-4)
            self.assertAlmostEqual(scores[1], 0.312, delta=5e-4)
            top = s.ranking(top=10)
            names = s.dataset.column('system_name')
            self.assertIn('ESC-N8-E11', names[top[0]['row']])
            self.assertAlmostEqual(top[0]['score'], 0.946, delta=5e-4)
            self.assertGreater(s.sensitivity['samples'], 0)
            # select.h, ACCELSEL_SELECTION_ROWS_KEPT: the four filters whose
            # columns the MLPerf table has, in order.
            self.assertEqual(s.filters, ['time to train > 0', 'accelerators > 0', 'closed division',
                                         'unique logs'])
            perm = [f['permutation'] for f in s.importance['features']]
            self.assertEqual(perm, sorted(perm, reverse=True))


class LibraryFindingTest(unittest.TestCase):
    """The binding says where it looked when it cannot load the library."""

    def test_import_error_lists_what_was_tried(self):
        with tempfile.TemporaryDirectory() as d:
            missing = os.path.join(d, 'libaccelsel.so.1')
            env = dict(os.environ, ACCELSEL_LIBRARY=missing)
            r = subprocess.run([sys.executable, '-c', 'import accelsel'], env=env,
                               capture_output=True, text=True, cwd=d)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn('ImportError', r.stderr)
            self.assertIn(missing + ' (no such file)', r.stderr)
            # A copy of the package alone, in a prefix with no library: every
            # candidate is listed, the loader's own search last.
            site = os.path.join(d, 'lib', 'python3', 'site-packages')
            shutil.copytree(os.path.dirname(accelsel.__file__), os.path.join(site, 'accelsel'))
            env = {k: v for k, v in os.environ.items()
                   if k not in ('ACCELSEL_LIBRARY', 'LD_LIBRARY_PATH', 'LD_PRELOAD')}
            env['PYTHONPATH'] = site
            r = subprocess.run([sys.executable, '-c', 'import accelsel'], env=env,
                               capture_output=True, text=True, cwd=d)
            if r.returncode == 0:
                self.skipTest('libaccelsel.so.1 is installed where the loader finds it')
            self.assertIn(os.path.join(d, 'lib', 'libaccelsel.so.1') + ' (no such file)', r.stderr)
            self.assertIn('libaccelsel.so.1 (', r.stderr)
            self.assertIn('ACCELSEL_LIBRARY', r.stderr)


if __name__ == '__main__':
    unittest.main()
