"""Clustering against scikit-learn 1.2 and SciPy on the same data: k-means
(same initial centres), Ward, the silhouette, Calinski-Harabasz and
Davies-Bouldin indices and the feature scaling, through the Python binding and
through the CLI's JSON output. Data: Gaussian blobs and the built-in MLPerf
Training ResNet-50 results."""
import json
import os
import subprocess
import tempfile
import unittest

import numpy as np
from scipy.cluster.hierarchy import ward as scipy_ward
from scipy.spatial.distance import cdist
from sklearn import metrics
from sklearn.cluster import AgglomerativeClustering, KMeans
from sklearn.datasets import make_blobs
from sklearn.preprocessing import StandardScaler

import accelsel

TOL = 1e-9
MLPERF_FEATURES = ['total_accelerators', 'time_to_train_min', 'throughput_img_s']


def blobs():
    x, _ = make_blobs(n_samples=3000, n_features=6, centers=7, cluster_std=2.5, random_state=11)
    return x


def mlperf_matrix(transform):
    """The accelerated systems' three headline figures, complete rows only."""
    ds = accelsel.Dataset.builtin().where('total_accelerators=1..')
    f = accelsel.Features.fit(ds, MLPERF_FEATURES, [transform] * 3)
    rows, _ = f.transform(ds)
    return np.array(rows)


def same_partition(a, b):
    """Labels equal up to renumbering: a one-to-one map between the two."""
    pairs = set(zip(a, b))
    return len(pairs) == len(set(a)) == len(set(b))


class KMeansTest(unittest.TestCase):
    def check_kmeans(self, x, init_rows):
        init = x[init_rows]
        ref = KMeans(len(init_rows), init=init, n_init=1, algorithm='lloyd').fit(x)
        m = accelsel.ClusterModel.fit(x, k=len(init_rows), init=init)
        np.testing.assert_array_equal(np.array(m.labels), ref.labels_)
        scale = np.abs(x).max()
        np.testing.assert_allclose(m.centroids, ref.cluster_centers_, rtol=TOL, atol=TOL * scale)
        self.assertLessEqual(abs(m.inertia - ref.inertia_), TOL * ref.inertia_)
        self.assertEqual(m.n_iter, ref.n_iter_)
        return m, ref

    def test_blobs_same_initial_centres(self):
        x = blobs()
        self.check_kmeans(x, [5, 400, 800, 1200, 1600, 2000, 2400])

    def test_mlperf_standardised_log_features(self):
        self.check_kmeans(mlperf_matrix('log10_zscore'), [0, 50, 100, 150, 200])

    def test_mlperf_raw_units(self):
        # Throughputs up to ~10^7 next to counts ~10: the distances must not
        # lose the small features to cancellation.
        self.check_kmeans(mlperf_matrix('none'), [0, 50, 100, 150, 200])

    def test_empty_cluster_relocation_matches(self):
        # Two initial centres far outside the data: their clusters start empty.
        x = blobs()[:500, :2]
        init = np.vstack([x[:3], [[1e3, 1e3], [-1e3, 1e3]]])
        ref = KMeans(5, init=init, n_init=1, algorithm='lloyd').fit(x)
        m = accelsel.ClusterModel.fit(x, k=5, init=init)
        np.testing.assert_array_equal(np.array(m.labels), ref.labels_)
        np.testing.assert_allclose(m.centroids, ref.cluster_centers_, rtol=TOL, atol=TOL)

    def test_kmeans_plus_plus_restarts_reach_sklearns_optimum(self):
        # Different random streams, same method: on well separated blobs both
        # find the same partition.
        x, _ = make_blobs(n_samples=2000, n_features=4, centers=5, cluster_std=1.0, random_state=3)
        ref = KMeans(5, n_init=10, random_state=0).fit(x)
        m = accelsel.ClusterModel.fit(x, k=5, n_init=10, seed=1)
        self.assertTrue(same_partition(list(m.labels), list(ref.labels_)))
        self.assertLessEqual(abs(m.inertia - ref.inertia_), TOL * ref.inertia_)


class IndicesTest(unittest.TestCase):
    def check_indices(self, x, labels, exact_distances):
        self.assertLessEqual(abs(accelsel.silhouette(x, labels) - metrics.silhouette_score(x, labels)), TOL)
        if exact_distances:
            # With duplicate rows sklearn's GEMM distances carry ~1e-8
            # residues where the true distance is 0; on exact distances the
            # two agree to rounding.
            exact = metrics.silhouette_score(cdist(x, x), labels, metric='precomputed')
            self.assertLessEqual(abs(accelsel.silhouette(x, labels) - exact), 1e-14)
        ch = metrics.calinski_harabasz_score(x, labels)
        self.assertLessEqual(abs(accelsel.calinski_harabasz(x, labels) - ch), TOL * ch)
        self.assertLessEqual(abs(accelsel.davies_bouldin(x, labels) - metrics.davies_bouldin_score(x, labels)), TOL)

    def test_blobs(self):
        x = blobs()
        labels = KMeans(7, n_init=3, random_state=0).fit(x).labels_
        self.check_indices(x, labels, False)

    def test_mlperf_with_duplicate_rows(self):
        x = mlperf_matrix('log10_zscore')
        self.assertLess(len(np.unique(x, axis=0)), len(x))
        labels = KMeans(5, n_init=3, random_state=0).fit(x).labels_
        self.check_indices(x, labels, True)

    def test_model_records_the_same_indices(self):
        x = blobs()
        m = accelsel.ClusterModel.fit(x, k=7, seed=4, n_threads=3)
        lab = np.array(m.labels)
        self.assertLessEqual(abs(m.silhouette - metrics.silhouette_score(x, lab)), TOL)
        self.assertLessEqual(abs(m.davies_bouldin - metrics.davies_bouldin_score(x, lab)), TOL)
        ch = metrics.calinski_harabasz_score(x, lab)
        self.assertLessEqual(abs(m.calinski_harabasz - ch), TOL * ch)

    def test_sampled_silhouette_is_the_silhouette_of_a_sample(self):
        x = blobs()
        labels = KMeans(7, n_init=3, random_state=0).fit(x).labels_
        est = accelsel.silhouette(x, labels, silhouette_max=1000, seed=9)
        self.assertLessEqual(abs(est - metrics.silhouette_score(x, labels)), 0.05)
        self.assertEqual(est, accelsel.silhouette(x, labels, silhouette_max=1000, seed=9, n_threads=1))
        self.assertNotEqual(est, accelsel.silhouette(x, labels, silhouette_max=1000, seed=10))


class WardTest(unittest.TestCase):
    def check_ward(self, x, k, same_tree):
        ref = AgglomerativeClustering(k, linkage='ward').fit(x)
        m = accelsel.ClusterModel.fit(x, k=k, algorithm='ward')
        self.assertTrue(same_partition(list(m.labels), list(ref.labels_)))
        z = scipy_ward(x)
        merges = np.array(m.merges)
        np.testing.assert_allclose(merges[:, 2], z[:, 2], rtol=TOL, atol=TOL)
        if same_tree:
            np.testing.assert_array_equal(merges[:, :2], z[:, :2])
            np.testing.assert_array_equal(merges[:, 3], z[:, 3])

    def test_blobs(self):
        self.check_ward(blobs()[:1500], 7, True)

    def test_mlperf(self):
        # Duplicate rows merge at height 0 in an order left to the
        # algorithm, so only the heights and the cut are compared.
        self.check_ward(mlperf_matrix('log10_zscore'), 5, False)


class FeaturesTest(unittest.TestCase):
    def test_zscore_is_standard_scaler(self):
        ds = accelsel.Dataset.builtin().where('total_accelerators=1..')
        f = accelsel.Features.fit(ds, MLPERF_FEATURES)
        rows, index = f.transform(ds)
        raw = np.array([[ds.column(c)[i] for c in MLPERF_FEATURES] for i in index])
        np.testing.assert_allclose(rows, StandardScaler().fit_transform(raw), rtol=1e-12, atol=1e-12)
        logs = accelsel.Features.fit(ds, MLPERF_FEATURES, ['log10_zscore'] * 3)
        np.testing.assert_allclose(logs.transform(ds)[0], StandardScaler().fit_transform(np.log10(raw)),
                                   rtol=1e-12, atol=1e-12)
        self.assertEqual(logs.names[0], 'log10(total_accelerators)')

    def test_dataset_model_round_trip_and_profiles(self):
        ds = accelsel.Dataset.builtin().where('total_accelerators=1..')
        f = accelsel.Features.fit(ds, MLPERF_FEATURES + ['accelerator_family'],
                                  ['log10_zscore'] * 3 + ['onehot'])
        m = accelsel.ClusterModel.fit_dataset(ds, f, k=4, seed=2)
        back = accelsel.ClusterModel.from_yaml_text(m.to_yaml())
        self.assertEqual(back.to_yaml(), m.to_yaml())
        self.assertEqual(back.labels, m.labels)
        self.assertEqual(back.predict_dataset(ds), (m.labels, m.row_index))
        prof = m.profiles
        self.assertEqual(sum(prof.column('size')), m.n_rows)
        times = np.array(ds.column('time_to_train_min'))
        for j in range(4):
            members = [r for r, lab in zip(m.row_index, m.labels) if lab == j]
            self.assertEqual(prof.column('time_to_train_min_median')[j], np.median(times[members]))
        # Centroids in original units: geometric means of the members' values.
        acc = np.log10(np.array(ds.column('total_accelerators'), dtype=float))
        cen = np.array(m.centroids_original)
        for j in range(4):
            members = [r for r, lab in zip(m.row_index, m.labels) if lab == j]
            self.assertAlmostEqual(cen[j, 0] / 10 ** acc[members].mean(), 1.0, delta=1e-12)
            self.assertTrue(np.isnan(cen[j, 3]))


class CliTest(unittest.TestCase):
    def run_cli(self, *args):
        out = subprocess.run([os.environ['ACCELSEL_CLI'], 'cluster', *args, '--format', 'json'],
                             capture_output=True, text=True, check=True)
        return json.loads(out.stdout)

    def test_cli_json_matches_sklearn(self):
        x = blobs()[:, :3]
        with tempfile.TemporaryDirectory() as tmp:
            data, init = os.path.join(tmp, 'data.csv'), os.path.join(tmp, 'init.csv')
            np.savetxt(data, x, delimiter=',', header='a,b,c', comments='', fmt='%.17g')
            np.savetxt(init, x[[3, 300, 900, 1500, 2100]], delimiter=',', header='a,b,c', comments='',
                       fmt='%.17g')
            got = self.run_cli('--csv', data, '--features', 'a,b,c', '--init', init, '--standardize', 'no')
        ref = KMeans(5, init=x[[3, 300, 900, 1500, 2100]], n_init=1, algorithm='lloyd').fit(x)
        np.testing.assert_array_equal(got['labels'], ref.labels_)
        np.testing.assert_allclose(got['centroids'], ref.cluster_centers_, rtol=TOL, atol=TOL)
        self.assertLessEqual(abs(got['inertia'] - ref.inertia_), TOL * ref.inertia_)
        self.assertLessEqual(abs(got['silhouette'] - metrics.silhouette_score(x, ref.labels_)), TOL)
        ch = metrics.calinski_harabasz_score(x, ref.labels_)
        self.assertLessEqual(abs(got['calinski_harabasz'] - ch), TOL * ch)
        self.assertLessEqual(abs(got['davies_bouldin'] - metrics.davies_bouldin_score(x, ref.labels_)), TOL)

    def test_cli_ward_on_builtin_data(self):
        got = self.run_cli('--algorithm', 'ward', '--k', '5')
        x = mlperf_matrix('log10_zscore')
        ref = AgglomerativeClustering(5, linkage='ward').fit(x)
        self.assertTrue(same_partition(got['labels'], list(ref.labels_)))
        self.assertEqual(len(got['profiles']), 5)

    def test_cli_choice_of_k_reports_every_k(self):
        got = self.run_cli('--k', '2..6', '--criterion', 'silhouette', '--n-init', '3')
        table = got['selection']['table']
        self.assertEqual([row['k'] for row in table], [2, 3, 4, 5, 6])
        best = max(table, key=lambda row: row['silhouette'])
        self.assertEqual(got['selection']['best_k'], best['k'])
        self.assertEqual(got['k'], best['k'])


if __name__ == '__main__':
    unittest.main()
