"""Ranking through the Python binding, checked against independent numpy
implementations of TOPSIS and the weighted sum, a naive Pareto sort and
scipy's Kendall tau, on synthetic data and on the real MLPerf results."""
import csv
import math
import os
import unittest

import numpy as np
from scipy.stats import kendalltau

import accelsel

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
MLPERF = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')


def numpy_topsis(x, weights, benefit):
    """Textbook TOPSIS (Hwang and Yoon 1981): vector normalisation, weights,
    ideal/anti-ideal per direction, closeness D- / (D+ + D-)."""
    w = np.asarray(weights, float) / np.sum(weights)
    v = x / np.sqrt((x ** 2).sum(axis=0)) * w
    ideal = np.where(benefit, v.max(axis=0), v.min(axis=0))
    anti = np.where(benefit, v.min(axis=0), v.max(axis=0))
    dp = np.sqrt(((v - ideal) ** 2).sum(axis=1))
    dn = np.sqrt(((v - anti) ** 2).sum(axis=1))
    return dn / (dp + dn)


def numpy_wsum(x, weights, benefit):
    w = np.asarray(weights, float) / np.sum(weights)
    lo, hi = x.min(axis=0), x.max(axis=0)
    n = np.where(benefit, (x - lo) / (hi - lo), (hi - x) / (hi - lo))
    return n @ w


def naive_fronts(x, benefit):
    """Peel non-dominated sets one by one, O(N^3): an independent Pareto sort."""
    y = np.where(benefit, x, -x)
    left, front, f = list(range(len(y))), [0] * len(y), 1
    while left:
        rest = y[left]
        layer = [i for i in left
                 if not np.any(np.all(rest >= y[i], axis=1) & np.any(rest > y[i], axis=1))]
        for i in layer:
            front[i] = f
        left = [i for i in left if front[i] == 0]
        f += 1
    return front


def synthetic(seed=3, n=40):
    rng = np.random.default_rng(seed)
    x = np.column_stack([rng.uniform(5, 60, n), rng.integers(1, 9, n) * 100.0,
                         rng.uniform(200, 700, n), rng.integers(1, 6, n).astype(float)])
    names = ['time', 'thr', 'power', 'score']
    return x, names


class RankingTest(unittest.TestCase):
    def setUp(self):
        self.x, self.names = synthetic()
        self.ds = accelsel.Dataset.from_columns({n: list(self.x[:, j]) for j, n in enumerate(self.names)})
        self.crit = [('time', 3, 'cost'), ('thr', 2, 'benefit'), ('power', 1, 'cost'), ('score', 1, 'benefit')]
        self.benefit = np.array([False, True, False, True])
        self.weights = [3, 2, 1, 1]

    def tearDown(self):
        self.ds.close()

    def check_order(self, r, scores):
        # Best first: higher score, then lower row. (Tied rows are first
        # ordered by dominance among themselves; no two synthetic rows tie
        # under TOPSIS or the weighted sum, and rows of one Pareto front
        # never dominate each other.)
        want = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
        self.assertEqual(r.order, want)
        self.assertEqual([r.ranks[i] for i in want], list(range(1, len(want) + 1)))

    def test_topsis_matches_numpy(self):
        with accelsel.Ranking(self.ds, self.crit, 'topsis') as r:
            want = numpy_topsis(self.x, self.weights, self.benefit)
            np.testing.assert_allclose(r.scores, want, rtol=0, atol=1e-12)
            self.assertEqual(r.method, 'topsis')
            self.assertIsNone(r.fronts)
            self.assertEqual(r.front_count, 0)
            self.check_order(r, list(want))
            np.testing.assert_allclose(r.weights, np.array(self.weights) / 7.0, atol=1e-15)
        with accelsel.Ranking(self.ds, self.crit, 'topsis', fronts=True) as r:
            self.assertEqual(r.fronts, naive_fronts(self.x, self.benefit))
            self.check_order(r, list(want))

    def test_wsum_matches_numpy_and_text_criteria(self):
        text = 'time:3:cost, thr:2:benefit, power:1:cost, score:1:benefit'
        with accelsel.Ranking(self.ds, text, 'wsum') as r:
            want = numpy_wsum(self.x, self.weights, self.benefit)
            np.testing.assert_allclose(r.scores, want, rtol=0, atol=1e-12)
            self.check_order(r, r.scores)

    def test_pareto_matches_naive_sort(self):
        with accelsel.Ranking(self.ds, self.crit, 'pareto') as r:
            fronts = naive_fronts(self.x, self.benefit)
            self.assertEqual(r.fronts, fronts)
            self.assertEqual(r.front_count, max(fronts))
            self.assertEqual(r.scores, [1.0 / f for f in fronts])
            self.check_order(r, r.scores)

    def test_missing_rows_are_excluded(self):
        cols = {n: list(self.x[:, j]) for j, n in enumerate(self.names)}
        cols['time'][4] = None
        cols['thr'][9] = None
        with accelsel.Dataset.from_columns(cols) as ds, accelsel.Ranking(ds, self.crit) as r:
            self.assertEqual(r.excluded_count, 2)
            self.assertEqual(r.ranked_count, 38)
            self.assertEqual((r.ranks[4], r.ranks[9]), (0, 0))
            self.assertTrue(math.isnan(r.scores[4]))
            keep = [i for i in range(40) if i not in (4, 9)]
            want = numpy_topsis(self.x[keep], self.weights, self.benefit)
            np.testing.assert_allclose([r.scores[i] for i in keep], want, atol=1e-12)
            with self.assertRaises(accelsel.AccelselError) as cm:
                accelsel.Ranking(ds, self.crit, missing='error')
            self.assertEqual(cm.exception.status, 'ACCELSEL_EDATA')
            self.assertIn("column 'time', dataset row 4", cm.exception.message)

    def test_bad_input_raises_with_status_and_name(self):
        cases = [
            ([('nosuch', 1, 'cost')], 'topsis', 'ACCELSEL_ENOTFOUND', 'nosuch'),
            ([('time', -1, 'cost')], 'topsis', 'ACCELSEL_EINVAL', 'criteria[0].weight'),
            ([('time', 0, 'cost'), ('thr', 0, 'benefit')], 'wsum', 'ACCELSEL_EINVAL', 'every weight is zero'),
            ([('time', float('nan'), 'cost')], 'wsum', 'ACCELSEL_EINVAL', 'NaN'),
            ([('time', 1, 'cost')], 'best', 'ACCELSEL_ENOTFOUND', "'best'"),
            ('time:1:cheap', 'topsis', 'ACCELSEL_EPARSE', "direction 'cheap'"),
        ]
        for crit, method, status, fragment in cases:
            with self.subTest(crit=crit, method=method):
                with self.assertRaises(accelsel.AccelselError) as cm:
                    accelsel.Ranking(self.ds, crit, method)
                self.assertEqual(cm.exception.status, status)
                self.assertIn(fragment, cm.exception.message)
        with accelsel.Dataset.from_columns({'gpu': ['a', 'b'], 'x': [1, 2]}) as ds:
            with self.assertRaises(accelsel.AccelselError) as cm:
                accelsel.Ranking(ds, 'gpu:1:benefit')
            self.assertEqual(cm.exception.status, 'ACCELSEL_ETYPE')
            self.assertIn("'gpu'", cm.exception.message)

    def test_parse_criteria(self):
        self.assertEqual(accelsel.parse_criteria(' a : 2 : cost,b:0.5:benefit'),
                         [('a', 2.0, 'cost'), ('b', 0.5, 'benefit')])
        with self.assertRaises(accelsel.AccelselError) as cm:
            accelsel.parse_criteria('a:x:cost')
        self.assertEqual((cm.exception.status, cm.exception.column), ('ACCELSEL_EPARSE', 3))


class KendallTest(unittest.TestCase):
    def test_matches_scipy_with_ties(self):
        rng = np.random.default_rng(11)
        for n in (2, 5, 50, 400):
            x = rng.integers(0, 7, n).astype(float)
            y = x + rng.integers(-3, 4, n)
            x[0], x[-1] = 0.0, 6.0  # never constant
            y[0], y[-1] = -5.0, 20.0
            with self.subTest(n=n):
                self.assertAlmostEqual(accelsel.kendall_tau_b(x, y), kendalltau(x, y).statistic, places=12)

    def test_constant_sample_is_edata(self):
        with self.assertRaises(accelsel.AccelselError) as cm:
            accelsel.kendall_tau_b([1, 2, 3], [5, 5, 5])
        self.assertEqual(cm.exception.status, 'ACCELSEL_EDATA')


class SensitivityTest(unittest.TestCase):
    def setUp(self):
        x, names = synthetic(5, 30)
        self.ds = accelsel.Dataset.from_columns({n: list(x[:, j]) for j, n in enumerate(names)})
        self.r = accelsel.Ranking(self.ds, 'time:2:cost,thr:1:benefit,power:1:cost', 'wsum')

    def tearDown(self):
        self.r.close()
        self.ds.close()

    def test_same_result_whatever_the_threads(self):
        a = self.r.sensitivity(n_samples=200, seed=9, n_threads=1)
        b = self.r.sensitivity(n_samples=200, seed=9, n_threads=3)
        self.assertEqual(a.taus, b.taus)
        self.assertEqual(a.top1_fraction, b.top1_fraction)
        self.assertAlmostEqual(a.tau_mean, sum(a.taus) / 200, places=12)
        self.assertEqual(a.tau_min, min(a.taus))

    def test_no_perturbation_keeps_the_ranking(self):
        s = self.r.sensitivity(n_samples=5, perturbation=0.0)
        self.assertEqual(s.taus, [1.0] * 5)
        self.assertEqual(s.top1_fraction, 1.0)
        self.assertEqual(s.perturbation, 0.0)
        self.assertEqual(self.r.sensitivity(n_samples=5, perturbation=0.35).perturbation, 0.35)

    def test_progress_cancel_and_exceptions(self):
        seen = []
        self.r.sensitivity(n_samples=40, progress=seen.append)
        self.assertEqual(len(seen), 20)
        self.assertEqual(seen[-1], 1.0)
        with self.assertRaises(accelsel.AccelselError) as cm:
            self.r.sensitivity(n_samples=40, progress=lambda f: f >= 0.5)
        self.assertEqual(cm.exception.status, 'ACCELSEL_ECANCELED')

        def boom(f):
            raise KeyError('from the callback')
        with self.assertRaises(KeyError):
            self.r.sensitivity(n_samples=40, progress=boom)


class MlperfTest(unittest.TestCase):
    """Real data: closed-division ResNet-50 results with time to train and
    accelerator count; the library's TOPSIS must equal numpy's on the rows
    that have both values."""

    def test_topsis_on_mlperf_matches_numpy(self):
        with open(MLPERF, newline='', encoding='utf-8') as f:
            rows = list(csv.DictReader(f))
        keep = [i for i, r in enumerate(rows) if r['time_to_train_min'] and r['total_accelerators']]
        x = np.array([[float(rows[i]['time_to_train_min']), float(rows[i]['total_accelerators'])] for i in keep])
        with accelsel.Dataset.from_csv(MLPERF) as ds, \
                accelsel.Ranking(ds, 'time_to_train_min:2:cost,total_accelerators:1:cost', fronts=True) as r:
            self.assertEqual(r.ranked_count, len(keep))
            self.assertEqual(r.excluded_count, len(rows) - len(keep))
            want = numpy_topsis(x, [2, 1], np.array([False, False]))
            np.testing.assert_allclose([r.scores[i] for i in keep], want, atol=1e-12)
            fronts = dict(zip(keep, naive_fronts(x, np.array([False, False]))))
            self.assertEqual(r.fronts, [fronts.get(i, 0) for i in range(len(rows))])


if __name__ == '__main__':
    unittest.main()
