"""Importance and PCA against scikit-learn, numpy and pandas on the same data.

PCA, correlations and mutual information follow the reference estimators
exactly (up to rounding, or up to the 1e-10 tie-breaking jitter that
scikit-learn's mutual information adds; see each test). The random forest is
an independent implementation of the same algorithm, so it is compared with
scikit-learn's forest statistically.
"""
import os
import unittest

import numpy as np
import pandas as pd
from sklearn.decomposition import PCA
from sklearn.ensemble import RandomForestRegressor
from sklearn.feature_selection import mutual_info_regression
from sklearn.preprocessing import StandardScaler

import accelsel

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
CSV = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')
FEATURES = ['number_of_nodes', 'accelerators_per_node', 'total_accelerators', 'host_processors_per_node',
            'global_batch_size', 'epochs_mean', 'eval_accuracy_mean', 'throughput_img_s']
TARGET = 'time_to_train_min'


def mlperf_frame():
    """The MLPerf numeric features and target, rows complete in all of them,
    read by pandas (independently of the library's CSV reader)."""
    return pd.read_csv(CSV)[FEATURES + [TARGET]].dropna()


def friedman1(n, seed):
    """Friedman's regression problem #1 (Friedman 1991): 10 uniform features,
    the target depends on the first 5 only."""
    rng = np.random.default_rng(seed)
    x = rng.uniform(size=(n, 10))
    y = (10 * np.sin(np.pi * x[:, 0] * x[:, 1]) + 20 * (x[:, 2] - 0.5) ** 2 + 10 * x[:, 3] + 5 * x[:, 4]
         + rng.normal(size=n))
    return x, y


class PcaMatchesScikitLearn(unittest.TestCase):
    def check(self, x, components=True):
        ours = accelsel.Pca(x)
        sk = PCA().fit(x)
        self.assertEqual(ours.n_components, min(x.shape))
        # Both diagonalise the same covariance: the ratios agree to rounding
        # (about 1e-15 here); 1e-9 is the tolerance asked of the library.
        np.testing.assert_allclose(ours.explained_variance_ratio, sk.explained_variance_ratio_, rtol=0, atol=1e-9)
        np.testing.assert_allclose(ours.explained_variance, sk.explained_variance_, rtol=1e-9, atol=1e-12)
        if components:
            # Same svd_flip sign convention, so components agree with their signs.
            np.testing.assert_allclose(ours.components, sk.components_, rtol=0, atol=1e-8)
            np.testing.assert_allclose(ours.transform(x), sk.transform(x), rtol=0, atol=1e-8)
        return ours, sk

    def test_mlperf_standardised(self):
        z = StandardScaler().fit_transform(mlperf_frame()[FEATURES].to_numpy())
        ours, sk = self.check(z, components=False)
        # Axes are only defined up to rotation where eigenvalues nearly tie;
        # compare those with a clear gap to both neighbours (> 1% of the total).
        ev = sk.explained_variance_ratio_
        for k in range(len(ev)):
            gaps = [abs(ev[k] - ev[j]) for j in (k - 1, k + 1) if 0 <= j < len(ev)]
            if min(gaps) > 0.01:
                np.testing.assert_allclose(ours.components[k], sk.components_[k], atol=1e-7)

    def test_random_data(self):
        rng = np.random.default_rng(5)
        x = rng.normal(size=(120, 7)) @ rng.normal(size=(7, 7)) * np.array([1, 10, 100, 1, 0.1, 5, 2])
        self.check(x + 1000.0)

    def test_wide_matrix_keeps_rows_components(self):
        rng = np.random.default_rng(6)
        x = rng.normal(size=(5, 9))
        ours = accelsel.Pca(x)
        self.assertEqual(ours.n_components, 5)
        sk = PCA().fit(x)
        np.testing.assert_allclose(ours.explained_variance_ratio[:4], sk.explained_variance_ratio_[:4], atol=1e-9)

    def test_importance_pca_is_a_pca_of_standardised_features(self):
        ds = accelsel.Dataset.from_csv(CSV)
        imp = accelsel.Importance.from_dataset(ds, FEATURES, TARGET, measures=('pca',))
        frame = mlperf_frame()
        self.assertEqual(imp.rows, len(frame))
        sk = PCA().fit(StandardScaler().fit_transform(frame[FEATURES].to_numpy()))
        np.testing.assert_allclose(imp.pca.explained_variance_ratio, sk.explained_variance_ratio_, atol=1e-9)
        # Unit sample variance per column: the eigenvalues sum to the number of columns.
        self.assertAlmostEqual(imp.pca.total_variance, len(FEATURES), places=12)


class CorrelationsMatchPandas(unittest.TestCase):
    def test_mlperf(self):
        ds = accelsel.Dataset.from_csv(CSV)
        imp = accelsel.Importance.from_dataset(ds, FEATURES, TARGET, measures=('correlation',))
        frame = mlperf_frame()
        # The features are z-scored first, which leaves correlations unchanged.
        np.testing.assert_allclose(imp.correlation('pearson'), frame.corr().to_numpy(), rtol=0, atol=1e-12)
        np.testing.assert_allclose(imp.correlation('spearman'), frame.corr(method='spearman').to_numpy(),
                                   rtol=0, atol=1e-12)
        np.testing.assert_allclose(imp.values('pearson'), np.corrcoef(frame.to_numpy().T)[-1, :-1], atol=1e-12)

    def test_random_with_ties(self):
        rng = np.random.default_rng(11)
        x = np.round(rng.normal(size=(200, 4)), 1)  # many ties, averaged in Spearman ranks
        y = x[:, 0] - 2 * x[:, 2] ** 2 + np.round(rng.normal(size=200), 1)
        imp = accelsel.Importance.from_matrix(x, y, measures=('correlation',))
        frame = pd.DataFrame(np.column_stack([x, y]))
        np.testing.assert_allclose(imp.correlation('pearson'), np.corrcoef(frame.to_numpy().T), atol=1e-12)
        np.testing.assert_allclose(imp.correlation('spearman'), frame.corr(method='spearman').to_numpy(),
                                   atol=1e-12)


class MutualInformationMatchesScikitLearn(unittest.TestCase):
    """Both add a Gaussian jitter of 1e-10 x max(1, mean |x|) to continuous
    values before the k-NN counts, from different generators. The estimate is
    a step function of the data, so on data where no distance lies within a
    few 1e-10 of a neighbour radius the jitter changes nothing and the two
    agree to rounding (~1e-14). We measure that sensitivity with
    scikit-learn's own jitter: over several random_state values its results
    differ by `spread`, and we require agreement within spread + 1e-9."""

    def sk_runs(self, x, y, discrete, seeds=range(8)):
        return np.array([mutual_info_regression(x, y, discrete_features=discrete, n_neighbors=3, random_state=s)
                         for s in seeds])

    def check(self, x, y, discrete_mask):
        ours = accelsel.Importance.from_matrix(x, y, discrete=discrete_mask, measures=('mutual_info',),
                                               n_threads=2, seed=3)
        runs = self.sk_runs(x, y, np.array(discrete_mask))
        spread = runs.max(axis=0) - runs.min(axis=0)
        diff = np.abs(np.array(ours.values('mutual_info')) - runs[0])
        self.assertTrue(np.all(diff <= spread + 1e-9), 'diff %s spread %s' % (diff, spread))
        return diff, spread

    def test_continuous_without_ties(self):
        x, y = friedman1(400, 1)
        diff, spread = self.check(x, y, [False] * 10)
        # Tie-free data: the jitter is irrelevant and the values agree to rounding.
        self.assertLess(spread.max(), 1e-12)

    def test_discrete_features_ross_estimator(self):
        rng = np.random.default_rng(2)
        d = rng.integers(0, 3, size=(300, 2)).astype(float)
        c = rng.normal(size=(300, 2))
        x = np.column_stack([d, c])
        y = 0.8 * d[:, 0] + c[:, 0] + 0.5 * rng.normal(size=300)
        diff, spread = self.check(x, y, [True, True, False, False])
        self.assertLess(spread.max(), 1e-12)

    def test_mlperf_with_ties(self):
        """Integer-valued counts tie a lot, so the jitter decides neighbours
        and the estimate is random; ours is one more draw of that estimate and
        must lie within 4 standard deviations of scikit-learn's draws."""
        frame = mlperf_frame()
        x, y = frame[FEATURES].to_numpy(), frame[TARGET].to_numpy()
        ours = np.array(accelsel.Importance.from_matrix(x, y, measures=('mutual_info',)).values('mutual_info'))
        runs = self.sk_runs(x, y, False, seeds=range(30))
        mean, sd = runs.mean(axis=0), runs.std(axis=0)
        self.assertTrue(np.all(np.abs(ours - mean) <= 4 * sd + 1e-9), 'ours %s mean %s sd %s' % (ours, mean, sd))


class ForestAgreesWithScikitLearn(unittest.TestCase):
    """The same algorithm with independent random numbers: compared with the
    spread of scikit-learn's own forests over seeds."""

    def test_friedman1(self):
        x, y = friedman1(500, 4)
        ours = accelsel.Importance.from_matrix(x, y, measures=('forest',), n_trees=200, max_features=1 / 3,
                                               seed=1, n_repeats=3)
        sk = [RandomForestRegressor(n_estimators=200, max_features=1 / 3, oob_score=True, random_state=s).fit(x, y)
              for s in range(5)]
        oob = np.array([f.oob_score_ for f in sk])
        imp = np.array([f.feature_importances_ for f in sk])
        self.assertLessEqual(abs(ours.oob_r2 - oob.mean()), 5 * oob.std() + 0.005)
        np.testing.assert_array_less(np.abs(np.array(ours.values('impurity')) - imp.mean(axis=0)),
                                     5 * imp.std(axis=0) + 0.005)
        # Permutation importance: the five informative features first, x3 (10 x)
        # the strongest, the five noise features near zero.
        perm = np.array(ours.values('permutation'))
        self.assertEqual(set(np.argsort(-perm)[:5]), {0, 1, 2, 3, 4})
        self.assertEqual(int(np.argmax(perm)), 3)
        self.assertLess(np.abs(perm[5:]).max(), 0.01)

    def test_predict(self):
        x, y = friedman1(300, 8)
        imp = accelsel.Importance.from_matrix(x, y, measures=('forest',), n_trees=50)
        pred = np.array(imp.predict(x[:20]))
        # On its own training rows a forest of fully grown trees is close to the target.
        self.assertLess(np.sqrt(np.mean((pred - y[:20]) ** 2)), 0.5 * y.std())


class BindingBehaviour(unittest.TestCase):
    def test_errors_name_the_problem(self):
        ds = accelsel.Dataset.from_columns({'x': [1.0, 2.0, 3.0, 4.0], 'k': ['a', 'b', 'a', 'b'],
                                            'y': [1.0, 3.0, 2.0, 5.0]})
        with self.assertRaises(accelsel.AccelselError) as e:
            accelsel.Importance.from_dataset(ds, ['x'], 'nosuch')
        self.assertEqual(e.exception.status, 'ACCELSEL_ENOTFOUND')
        self.assertIn('nosuch', e.exception.message)
        with self.assertRaises(accelsel.AccelselError) as e:
            accelsel.Importance.from_dataset(ds, ['x'], 'k')
        self.assertEqual(e.exception.status, 'ACCELSEL_ETYPE')
        with self.assertRaises(accelsel.AccelselError) as e:
            accelsel.Importance.from_matrix([[1.0], [1.0], [1.0], [1.0]], [1, 2, 3, 4])
        self.assertEqual(e.exception.status, 'ACCELSEL_EDATA')
        self.assertIn("'x0' is constant", e.exception.message)
        with self.assertRaises(ValueError):
            accelsel.Importance.from_matrix([[1.0], [2.0]], [1, 2], measures=('nope',))

    def test_progress_can_cancel_and_exceptions_pass_through(self):
        x, y = friedman1(100, 3)
        seen = []
        imp = accelsel.Importance.from_matrix(x, y, n_trees=10, progress=lambda f: seen.append(f) and False)
        self.assertTrue(seen and seen == sorted(seen))
        with self.assertRaises(accelsel.AccelselError) as e:
            accelsel.Importance.from_matrix(x, y, n_trees=10, progress=lambda f: True)
        self.assertEqual(e.exception.status, 'ACCELSEL_ECANCELED')

        def boom(f):
            raise KeyError('stop')
        with self.assertRaises(KeyError):
            accelsel.Importance.from_matrix(x, y, n_trees=10, progress=boom)
        imp.close()

    def test_table_and_dataset_export(self):
        ds = accelsel.Dataset.from_csv(CSV)
        with accelsel.Importance.from_dataset(ds, ['total_accelerators', 'accelerator_family'], TARGET,
                                              n_trees=20, n_threads=2) as imp:
            table = imp.to_dataset()
            self.assertEqual(table.columns[0], 'feature')
            self.assertEqual(table.column('feature'), imp.features)
            self.assertEqual(set(table.columns[1:]), set(imp.measures))
            self.assertIn('accelerator_family=NVIDIA A100', imp.table())
            pred, rows = imp.predict_dataset(ds)
            self.assertEqual(len(pred), len(rows))
            self.assertTrue(all(np.isfinite(pred)))


if __name__ == '__main__':
    unittest.main()
