"""Clustering (k-means, Ward), its quality indices and the choice of k
(accelsel/cluster.h)."""
from __future__ import annotations

import ctypes
import typing

from . import _ctypes_gen as _c
from ._convert import (Matrix, Numbers, Path, Text, _buf, _choice_option, _dp, _int_option, _matrix,
                       _rows, _set_bool, _set_choice, _store, _sz, _szp, _text, _vector, _vp, _vpp)
from ._handle import _callback, _fn, _Handle, _raising, _returned_text
from .dataset import Dataset
from .features import Features, _feat_dim, _feat_n_inputs

__all__ = ['ClusterModel', 'ClusterSelection', 'silhouette', 'calinski_harabasz', 'davies_bouldin',
           'elbow', 'select_k']

_u32p = ctypes.POINTER(ctypes.c_uint32)
_ClusterOptions = _c.accelsel_cluster_options
_cl_algorithm_name = _fn('accelsel_cluster_algorithm_name', ctypes.c_char_p, [ctypes.c_uint32], check=False)
_kselect_name = _fn('accelsel_kselect_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_score_name = _fn('accelsel_cluster_score_name', ctypes.c_char_p, [ctypes.c_int], check=False)


def _named_codes(name_of):
    """{name: code} of the codes (from 1) that the library's name_of() names."""
    return {name_of(c).decode(): c for c in range(1, 16) if name_of(c)}


# The names of the algorithms, of the criteria for k and of the scores, the library's.
_ALGORITHMS = _named_codes(_cl_algorithm_name)
_CRITERIA = _named_codes(_kselect_name)
_SCORES = _named_codes(_score_name)

_cl_options_init = _fn('accelsel_cluster_options_init', ctypes.c_int,
                       [ctypes.POINTER(_ClusterOptions), ctypes.c_uint])
_cl_fit = _fn('accelsel_cluster_fit', ctypes.c_int, [_vpp, _dp, _sz, _sz, ctypes.POINTER(_ClusterOptions)])
_cl_fit_dataset = _fn('accelsel_cluster_fit_dataset', ctypes.c_int,
                      [_vpp, 'Dataset', 'Features', ctypes.POINTER(_ClusterOptions)])
_cl_algorithm = _fn('accelsel_cluster_model_algorithm', ctypes.c_int, ['ClusterModel'])
_cl_k = _fn('accelsel_cluster_model_k', _sz, ['ClusterModel'], check=False)
_cl_n_rows = _fn('accelsel_cluster_model_n_rows', _sz, ['ClusterModel'], check=False)
_cl_dim = _fn('accelsel_cluster_model_dim', _sz, ['ClusterModel'], check=False)
_cl_labels = _fn('accelsel_cluster_model_labels', _u32p, ['ClusterModel'], check=False)
_cl_row_index = _fn('accelsel_cluster_model_row_index', _szp, ['ClusterModel'], check=False)
_cl_centroids = _fn('accelsel_cluster_model_centroids', _dp, ['ClusterModel'], check=False)
_cl_centroids_orig = _fn('accelsel_cluster_model_centroids_original', _dp, ['ClusterModel'], check=False)
_cl_features = _fn('accelsel_cluster_model_features', _vp, ['ClusterModel'], check=False)
_cl_n_iter = _fn('accelsel_cluster_model_n_iter', ctypes.c_uint32, ['ClusterModel'], check=False)
_cl_n_merges = _fn('accelsel_cluster_model_n_merges', _sz, ['ClusterModel'], check=False)
_cl_merge = _fn('accelsel_cluster_model_merge', ctypes.c_int, ['ClusterModel', _sz, _szp, _szp, _dp, _szp])
_cl_profiles = _fn('accelsel_cluster_model_profiles', _vp, ['ClusterModel'], check=False)
_cl_predict = _fn('accelsel_cluster_model_predict', ctypes.c_int, ['ClusterModel', _dp, _sz, _sz, _u32p])
_cl_predict_dataset = _fn('accelsel_cluster_model_predict_dataset', ctypes.c_int,
                          ['ClusterModel', 'Dataset', _u32p, _sz, _szp, _szp])
_cl_save_buffer = _fn('accelsel_cluster_model_save_yaml_buffer', ctypes.c_int,
                      ['ClusterModel', ctypes.POINTER(ctypes.c_void_p), _szp])
_cl_save = _fn('accelsel_cluster_model_save_yaml', ctypes.c_int, ['ClusterModel', ctypes.c_char_p])
_cl_load_buffer = _fn('accelsel_cluster_model_load_yaml_buffer', ctypes.c_int, [_vpp, ctypes.c_char_p, _sz])
_cl_load = _fn('accelsel_cluster_model_load_yaml', ctypes.c_int, [_vpp, ctypes.c_char_p])
_cl_free = _fn('accelsel_cluster_model_free', None, [_vp], check=False)
_cl_value = {name: _fn('accelsel_cluster_model_' + name, ctypes.c_double, ['ClusterModel'], check=False)
             for name in ('inertia', 'silhouette', 'calinski_harabasz', 'davies_bouldin')}
_cl_silhouette = _fn('accelsel_cluster_silhouette', ctypes.c_int,
                     [_dp, _sz, _sz, _u32p, ctypes.POINTER(_ClusterOptions), _dp])
_cl_ch = _fn('accelsel_cluster_calinski_harabasz', ctypes.c_int, [_dp, _sz, _sz, _u32p, _dp])
_cl_db = _fn('accelsel_cluster_davies_bouldin', ctypes.c_int, [_dp, _sz, _sz, _u32p, _dp])
_cl_elbow = _fn('accelsel_cluster_elbow', ctypes.c_int, [_dp, _dp, _sz, _szp])
_cl_select = _fn('accelsel_cluster_select_k', ctypes.c_int,
                 [_vpp, _dp, _sz, _sz, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_int,
                  ctypes.POINTER(_ClusterOptions)])
_sel_count = _fn('accelsel_cluster_selection_count', _sz, ['ClusterSelection'], check=False)
_sel_k = _fn('accelsel_cluster_selection_k', ctypes.c_uint32, ['ClusterSelection', _sz], check=False)
_sel_score = _fn('accelsel_cluster_selection_score', ctypes.c_double, ['ClusterSelection', _sz, ctypes.c_int],
                 check=False)
_sel_best = _fn('accelsel_cluster_selection_best_k', ctypes.c_uint32, ['ClusterSelection'], check=False)
_sel_free = _fn('accelsel_cluster_selection_free', None, [_vp], check=False)


def _cl_labels_in(labels, n):
    """Cluster labels as uint32, exactly one per matrix row."""
    return _vector(labels, 'labels (one per matrix row)', n=n, ctype=ctypes.c_uint32)[0]


def _cl_options(progress=None, init=None, algorithm=None, indices=None, profiles=None, dim=None,
                what='cluster options', **kw):
    """(the options struct, objects to keep alive, the list that receives a
    callback's exception). dim: the data's column count, which init must
    match (k rows of dim values). Every option through the option rules
    (None: the library's default, as accelsel_cluster_options_init() sets it)."""
    opts = _ClusterOptions()
    _cl_options_init(ctypes.byref(opts), _c.ACCELSEL_CLUSTER_OPTIONS_VERSION)
    _set_choice(opts, 'algorithm', algorithm, '%s: algorithm' % what, _ALGORITHMS)
    _set_bool(opts, 'indices', indices, '%s: indices' % what)
    _set_bool(opts, 'profiles', profiles, '%s: profiles' % what)
    _store(opts, what, **kw)
    keep = []
    if init is not None:
        if dim is None:
            raise TypeError('init needs the data (k rows of one value per column)')
        flat, n, k = _matrix(init, 'init', cols=dim, rows=opts.k)
        keep.append(flat)
        opts.init = ctypes.cast(flat, _dp)
    opts.progress, raised = _callback(_c.accelsel_cluster_progress_fn, progress)
    keep.append(opts.progress)
    return opts, keep, raised


class ClusterModel(_Handle):
    """A fitted clustering (k-means or Ward). Fit with ClusterModel.fit(matrix, ...)
    or ClusterModel.fit_dataset(dataset, features, ...); options: k, algorithm
    ('kmeans' or 'ward'), n_init, max_iter, tol, seed, n_threads, init (k rows of
    initial centres), indices (compute silhouette/CH/DB), profiles (per-column
    statistics in the profiles; False keeps cluster and size), silhouette_max,
    progress (callable(fraction) returning True to cancel). indices and
    profiles take a bool, the numbers a number (a TypeError otherwise);
    None: the default of any option, the library's
    (ACCELSEL_CLUSTER_OPTIONS_INIT, accelsel_cluster_options_init(): today
    k 5, 'kmeans', n_init 10, max_iter 300, tol 1e-4, seed 0, all cores,
    indices and profiles True, silhouette_max 100000)."""
    _free = _cl_free

    @classmethod
    def fit(cls, matrix: Matrix, k: int | None = None, **options: typing.Any) -> ClusterModel:
        """Cluster the rows of matrix (options: see the class)."""
        flat, n, d = _matrix(matrix)
        opts, keep, raised = _cl_options(k=k, dim=d, what='ClusterModel.fit()', **options)
        return _raising(raised, cls._make, _cl_fit, flat, n, d, ctypes.byref(opts))

    @classmethod
    def fit_dataset(cls, dataset: Dataset, features: Features, k: int | None = None,
                    **options: typing.Any) -> ClusterModel:
        """Cluster the rows of dataset through features (options: see the class)."""
        dim = _feat_dim(features) if isinstance(features, Features) else None
        opts, keep, raised = _cl_options(k=k, dim=dim, what='ClusterModel.fit_dataset()', **options)
        return _raising(raised, cls._make, _cl_fit_dataset, dataset, features, ctypes.byref(opts))

    @classmethod
    def from_yaml(cls, path: Path) -> ClusterModel:
        """Read a model that to_yaml() wrote to a file."""
        return cls._make(_cl_load, _text(path, 'path'))

    @classmethod
    def from_yaml_text(cls, text: Text) -> ClusterModel:
        """Read a model from YAML text (str or bytes)."""
        data = _buf(text)
        return cls._make(_cl_load_buffer, data, len(data))

    def to_yaml(self, path: Path | None = None) -> str | None:
        """Write YAML to path, or return it as a str when path is None."""
        if path is not None:
            _cl_save(self, _text(path, 'path'))
            return None
        return _returned_text(_cl_save_buffer, self)

    @property
    def algorithm(self) -> str:
        """'kmeans' or 'ward'."""
        return _cl_algorithm_name(_cl_algorithm(self)).decode()

    @property
    def k(self) -> int:
        """The number of clusters."""
        return _cl_k(self)

    @property
    def n_rows(self) -> int:
        """The number of rows clustered."""
        return _cl_n_rows(self)

    @property
    def dim(self) -> int:
        """The number of columns of the matrix clustered."""
        return _cl_dim(self)

    @property
    def labels(self) -> list[int]:
        """The cluster (from 0) of each row clustered."""
        with self._held():
            return _cl_labels(self)[:self.n_rows]

    @property
    def row_index(self) -> list[int] | None:
        """Dataset row of each label (dataset fits), or None."""
        with self._held():
            p = _cl_row_index(self)
            return p[:self.n_rows] if p else None

    @property
    def centroids(self) -> list[list[float]]:
        """The k centres, in the space clustered."""
        with self._held():
            return _rows(_cl_centroids(self), self.k, self.dim)

    @property
    def centroids_original(self) -> list[list[float]]:
        """The k centres in the inputs' own units (dataset fits; else as centroids)."""
        with self._held():
            f = self.features
            width = _feat_n_inputs(f) if f is not None else self.dim
            return _rows(_cl_centroids_orig(self), self.k, width)

    @property
    def features(self) -> Features | None:
        """The model's Features (dataset fits; valid while the model lives), or None."""
        p = _cl_features(self)
        return Features._borrowed(p, self) if p else None

    @property
    def n_iter(self) -> int:
        """Iterations of the best k-means run (0 for Ward)."""
        return _cl_n_iter(self)

    @property
    def inertia(self) -> float:
        """The sum of squared distances of the rows to their centres."""
        return _cl_value['inertia'](self)

    @property
    def silhouette(self) -> float:
        """The mean silhouette (NaN without indices)."""
        return _cl_value['silhouette'](self)

    @property
    def calinski_harabasz(self) -> float:
        """The Calinski-Harabasz index (NaN without indices)."""
        return _cl_value['calinski_harabasz'](self)

    @property
    def davies_bouldin(self) -> float:
        """The Davies-Bouldin index (NaN without indices)."""
        return _cl_value['davies_bouldin'](self)

    @property
    def merges(self) -> list[list[float]]:
        """Ward tree as SciPy linkage rows [a, b, height, size]; [] for k-means."""
        out = []
        a, b, h, s = _sz(), _sz(), ctypes.c_double(), _sz()
        for i in range(_cl_n_merges(self)):
            _cl_merge(self, i, ctypes.byref(a), ctypes.byref(b), ctypes.byref(h), ctypes.byref(s))
            out.append([a.value, b.value, h.value, s.value])
        return out

    @property
    def profiles(self) -> Dataset:
        """One row per cluster (cluster, size, C_median/C_min/C_max, modes) as a Dataset."""
        return Dataset._borrowed(_cl_profiles(self), self)

    def predict(self, matrix: Matrix) -> list[int]:
        """The nearest cluster of each row of matrix."""
        flat, n, d = _matrix(matrix, cols=self.dim)
        out = (ctypes.c_uint32 * max(n, 1))()
        _cl_predict(self, flat, n, d, out)
        return list(out[:n])

    def predict_dataset(self, dataset: Dataset) -> tuple[list[int], list[int]]:
        """(labels, row_index) for the rows of a dataset through the model's features."""
        n = len(dataset)
        out = (ctypes.c_uint32 * max(n, 1))()
        idx = (_sz * max(n, 1))()
        used = _sz()
        _cl_predict_dataset(self, dataset, out, n, ctypes.byref(used), idx)
        return list(out[:used.value]), list(idx[:used.value])


def silhouette(matrix: Matrix, labels: typing.Iterable[int], n_threads: int | None = None,
               silhouette_max: int | None = None, seed: int | None = None) -> float:
    """Mean silhouette (exact up to silhouette_max rows, else on a seeded sample).
    None: the library's default (ACCELSEL_CLUSTER_OPTIONS_INIT: all cores,
    100000 rows, seed 0)."""
    flat, n, d = _matrix(matrix)
    opts, keep, raised = _cl_options(n_threads=n_threads, silhouette_max=silhouette_max, seed=seed,
                                     what='silhouette()')
    out = ctypes.c_double()
    _cl_silhouette(flat, n, d, _cl_labels_in(labels, n), ctypes.byref(opts), ctypes.byref(out))
    return out.value


def calinski_harabasz(matrix: Matrix, labels: typing.Iterable[int]) -> float:
    """The Calinski-Harabasz index of a labelling of the rows of matrix."""
    flat, n, d = _matrix(matrix)
    out = ctypes.c_double()
    _cl_ch(flat, n, d, _cl_labels_in(labels, n), ctypes.byref(out))
    return out.value


def davies_bouldin(matrix: Matrix, labels: typing.Iterable[int]) -> float:
    """The Davies-Bouldin index of a labelling of the rows of matrix."""
    flat, n, d = _matrix(matrix)
    out = ctypes.c_double()
    _cl_db(flat, n, d, _cl_labels_in(labels, n), ctypes.byref(out))
    return out.value


def elbow(ks: Numbers, values: Numbers) -> int:
    """Index of the elbow of values against ks (farthest point from the chord)."""
    ks, n = _vector(ks, 'ks')
    values, _ = _vector(values, 'values (one per k)', n=n)
    out = _sz()
    _cl_elbow(ks, values, n, ctypes.byref(out))
    return out.value


class ClusterSelection(_Handle):
    """Every k tried with its scores, and the chosen k (best_k)."""
    _free = _sel_free

    @property
    def best_k(self) -> int:
        """The k chosen by the criterion."""
        return _sel_best(self)

    @property
    def table(self) -> list[dict[str, float]]:
        """[{'k': k, 'inertia': ..., 'silhouette': ..., ...}] for every k tried."""
        rows = []
        for i in range(_sel_count(self)):
            row = {'k': _sel_k(self, i)}
            row.update({name: _sel_score(self, i, code) for name, code in _SCORES.items()})
            rows.append(row)
        return rows


def select_k(matrix: Matrix, k_min: int, k_max: int, criterion: str = 'silhouette',
             **options: typing.Any) -> ClusterSelection:
    """Fit every k in [k_min, k_max] and choose by 'silhouette', 'ch', 'db',
    'elbow' or 'gap' (options: those of ClusterModel but k)."""
    code = _choice_option(criterion, 'select_k(): criterion', _CRITERIA, 'silhouette')
    k_min = _int_option(k_min, 'select_k(): k_min', ctypes.c_uint32)
    k_max = _int_option(k_max, 'select_k(): k_max', ctypes.c_uint32)
    flat, n, d = _matrix(matrix)
    opts, keep, raised = _cl_options(dim=d, what='select_k()', **options)
    return _raising(raised, ClusterSelection._make, _cl_select, flat, n, d, k_min, k_max, code,
                    ctypes.byref(opts))
