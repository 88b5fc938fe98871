"""Variable importance and PCA (accelsel/importance.h)."""
from __future__ import annotations

import ctypes
import typing

from . import _ctypes_gen as _c
from ._convert import (Matrix, Names, Numbers, _bool_option, _choice_option, _codes, _dec, _dp, _enc,
                       _int_option, _list_option, _matrix, _name_list, _names, _rows, _store, _sz, _text,
                       _vector, _vp, _vpp)
from ._handle import _callback, _fn, _Handle, _raising
from .dataset import Dataset

__all__ = ['Pca', 'Importance']

_ImportanceOptions = _c.accelsel_importance_options
# The groups of measures that `measures` turns on (ACCELSEL_IMPORTANCE_*).
_IMPORTANCE_BITS = {m: _c.CONSTANTS['ACCELSEL_IMPORTANCE_' + m.upper()]
                    for m in ('correlation', 'pca', 'forest', 'mutual_info')}
_PERMUTATION_ROWS = _codes('ACCELSEL_PERMUTATION_')
_MISSING_POLICY = _codes('ACCELSEL_MISSING_')

_measure_name = _fn('accelsel_importance_measure_name', ctypes.c_char_p, [ctypes.c_int], check=False)
# The per-feature measures by the library's names, in the order of their codes.
_MEASURES = {_measure_name(c).decode(): c for c in range(1, _c.ACCELSEL_MEASURE_COUNT + 1)}
_imp_options_init = _fn('accelsel_importance_options_init', ctypes.c_int,
                        [ctypes.POINTER(_ImportanceOptions), ctypes.c_uint])
_pca_fit = _fn('accelsel_pca_fit', ctypes.c_int, [_vpp, _dp, _sz, _sz, _sz])
_pca_n_components = _fn('accelsel_pca_n_components', _sz, ['Pca'], check=False)
_pca_n_features = _fn('accelsel_pca_n_features', _sz, ['Pca'], check=False)
_pca_variance = _fn('accelsel_pca_explained_variance', _dp, ['Pca'], check=False)
_pca_ratio = _fn('accelsel_pca_explained_variance_ratio', _dp, ['Pca'], check=False)
_pca_total = _fn('accelsel_pca_total_variance', ctypes.c_double, ['Pca'], check=False)
_pca_components = _fn('accelsel_pca_components', _dp, ['Pca'], check=False)
_pca_loadings = _fn('accelsel_pca_loadings', _dp, ['Pca'], check=False)
_pca_mean = _fn('accelsel_pca_mean', _dp, ['Pca'], check=False)
_pca_transform = _fn('accelsel_pca_transform', ctypes.c_int, ['Pca', _dp, _sz, _sz, _dp, _sz])
_pca_free = _fn('accelsel_pca_free', None, [_vp], check=False)
_imp_compute = _fn('accelsel_importance_compute', ctypes.c_int,
                   [_vpp, 'Dataset', ctypes.POINTER(ctypes.c_char_p), _sz, ctypes.c_char_p,
                    ctypes.POINTER(_ImportanceOptions)])
_imp_compute_matrix = _fn('accelsel_importance_compute_matrix', ctypes.c_int,
                          [_vpp, _dp, _sz, _sz, _dp, ctypes.POINTER(ctypes.c_char_p),
                           ctypes.POINTER(ctypes.c_uint8), ctypes.POINTER(_ImportanceOptions)])
_imp_n_features = _fn('accelsel_importance_n_features', _sz, ['Importance'], check=False)
_imp_rows = _fn('accelsel_importance_rows', _sz, ['Importance'], check=False)
_imp_feature_name = _fn('accelsel_importance_feature_name', ctypes.c_char_p, ['Importance', _sz], check=False)
_imp_feature_index = _fn('accelsel_importance_feature_index', ctypes.c_int,
                         ['Importance', ctypes.c_char_p, ctypes.POINTER(_sz)])
_imp_target_name = _fn('accelsel_importance_target_name', ctypes.c_char_p, ['Importance'], check=False)
_imp_values = _fn('accelsel_importance_values', _dp, ['Importance', ctypes.c_int], check=False)
_imp_correlation = _fn('accelsel_importance_correlation', _dp, ['Importance', ctypes.c_int], check=False)
_imp_pca = _fn('accelsel_importance_pca', _vp, ['Importance'], check=False)
_imp_oob_r2 = _fn('accelsel_importance_oob_r2', ctypes.c_double, ['Importance'], check=False)
_imp_predict = _fn('accelsel_importance_predict', ctypes.c_int, ['Importance', _dp, _sz, _sz, _dp, _sz])
_imp_predict_dataset = _fn('accelsel_importance_predict_dataset', ctypes.c_int,
                           ['Importance', 'Dataset', _dp, _sz, ctypes.POINTER(_sz), ctypes.POINTER(_sz)])
_imp_to_dataset = _fn('accelsel_importance_to_dataset', ctypes.c_int, [_vpp, 'Importance'])
_imp_free = _fn('accelsel_importance_free', None, [_vp], check=False)


class Pca(_Handle):
    """PCA of a matrix (rows x cols): centred, not scaled; components signed as
    scikit-learn 1.2's svd_flip. n_components 0 keeps min(rows, cols)."""
    _free = _pca_free

    def __init__(self, matrix: Matrix, n_components: int = 0) -> None:
        """Fit the PCA of matrix."""
        n_components = _int_option(n_components, 'Pca: n_components', _sz, 0)
        flat, n, k = _matrix(matrix)
        out = _vp()
        _pca_fit(ctypes.byref(out), flat, n, k, n_components)
        super().__init__(out.value)

    @property
    def n_components(self) -> int:
        """The number of components kept."""
        return _pca_n_components(self)

    @property
    def n_features(self) -> int:
        """The number of columns of the matrix fitted."""
        return _pca_n_features(self)

    def _list(self, getter, n):
        with self._held():
            p = getter(self)
            return [p[i] for i in range(n)]

    @property
    def explained_variance(self) -> list[float]:
        """The variance of each component."""
        return self._list(_pca_variance, self.n_components)

    @property
    def explained_variance_ratio(self) -> list[float]:
        """Each component's share of the total variance."""
        return self._list(_pca_ratio, self.n_components)

    @property
    def total_variance(self) -> float:
        """The total variance of the matrix."""
        return _pca_total(self)

    @property
    def mean(self) -> list[float]:
        """The mean of each column (the centre)."""
        return self._list(_pca_mean, self.n_features)

    @property
    def components(self) -> list[list[float]]:
        """n_components rows of n_features (unit length)."""
        with self._held():
            return _rows(_pca_components(self), self.n_components, self.n_features)

    @property
    def loadings(self) -> list[list[float]]:
        """Components scaled by the square root of their variance."""
        with self._held():
            return _rows(_pca_loadings(self), self.n_components, self.n_features)

    def transform(self, matrix: Matrix) -> list[list[float]]:
        """Scores of the rows of matrix, a list of n_components-long rows."""
        flat, n, k = _matrix(matrix, cols=self.n_features)
        out = (ctypes.c_double * max(n * self.n_components, 1))()
        _pca_transform(self, flat, n, k, out, n * self.n_components)
        return _rows(out, n, self.n_components)


def _importance_options(measures, progress, **kw):
    opts = _ImportanceOptions()
    _imp_options_init(ctypes.byref(opts), _c.ACCELSEL_IMPORTANCE_OPTIONS_VERSION)
    if measures is not None and not (isinstance(measures, str) and measures == 'all'):
        bits = 0
        for m in _names(measures, "measures (or 'all')"):
            bits |= _choice_option(m, 'measures', _IMPORTANCE_BITS)
        opts.measures = bits
    for key, table in (('permutation_rows', _PERMUTATION_ROWS), ('missing', _MISSING_POLICY)):
        if kw[key] is not None:
            kw[key] = _choice_option(kw[key], 'Importance: %s' % key, table)
    _store(opts, 'Importance', **kw)
    opts.progress, raised = _callback(_c.accelsel_importance_progress_fn, progress)
    return opts, raised


class Importance(_Handle):
    """Which features drive a numeric target: Pearson and Spearman correlation,
    a PCA of the standardised features, a random forest's permutation and
    impurity importance, and mutual information (scikit-learn's estimators).

    Build with Importance.from_dataset() or Importance.from_matrix(). Options:
    measures ('all' or a subset of 'correlation', 'pca', 'forest', 'mutual_info'),
    n_trees, max_depth (0 = unlimited), min_samples_leaf, n_repeats,
    max_features (fraction; 0 = 1/3), permutation_rows ('oob' or 'train'),
    mi_neighbors, seed, n_threads (0 = all cores), missing ('drop' or 'impute',
    datasets only), progress (callable(fraction) returning True to cancel).
    Numbers take numbers, names a str (a TypeError otherwise); measures is a
    list (one str but 'all' is a TypeError); None: the default of any
    option, the library's (ACCELSEL_IMPORTANCE_OPTIONS_INIT,
    accelsel_importance_options_init(): today every measure, 100 trees,
    max_depth 0, min_samples_leaf 1, n_repeats 5, max_features 1/3, 'oob',
    mi_neighbors 3, seed 0, all cores, 'drop')."""
    _free = _imp_free
    MEASURES = tuple(_MEASURES)

    @classmethod
    def _run(cls, call, args, measures=None, n_trees=None, max_depth=None, min_samples_leaf=None,
             n_repeats=None, max_features=None, permutation_rows=None, mi_neighbors=None, seed=None,
             n_threads=None, missing=None, progress=None):
        opts, raised = _importance_options(
            measures, progress, n_trees=n_trees, max_depth=max_depth, min_samples_leaf=min_samples_leaf,
            n_repeats=n_repeats, max_features=max_features, permutation_rows=permutation_rows,
            mi_neighbors=mi_neighbors, seed=seed, n_threads=n_threads, missing=missing)
        return _raising(raised, cls._make, call, *args, ctypes.byref(opts))

    @classmethod
    def from_dataset(cls, dataset: Dataset, features: Names, target: str,
                     **options: typing.Any) -> Importance:
        """Importance of the Dataset columns `features` for the numeric column
        `target` (rows with a missing target are dropped; categorical columns
        are one-hot encoded, numeric ones z-scored)."""
        names, n = _name_list(features, 'features')
        return cls._run(_imp_compute, (dataset, names, n, _text(target, 'target')), **options)

    @classmethod
    def from_matrix(cls, matrix: Matrix, target: Numbers, names: Names | None = None,
                    discrete: typing.Iterable[bool] | None = None, **options: typing.Any) -> Importance:
        """Importance of the columns of `matrix` for the vector `target`.
        names: a list of column names (default x0, x1, ...); discrete: a list
        of one bool per column (True for a discrete feature in mutual
        information; numpy's bool_ too, a number or str is a TypeError)."""
        flat, n, k = _matrix(matrix)
        y, ny = _vector(target, 'target (one value per matrix row)', n=n)
        c_names = c_disc = None
        if names is not None:
            c_names, n_names = _name_list(names, 'names')
            if n_names != k:
                raise ValueError('names (one per matrix column) must have %d values, not %d'
                                 % (k, n_names))
        if discrete is not None:
            what = 'discrete (one flag per matrix column)'
            flags = _list_option(discrete, what, 'bools')
            if len(flags) != k:
                raise ValueError('%s must have %d values, not %d' % (what, k, len(flags)))
            c_disc = _vector([int(_bool_option(v, 'discrete')) for v in flags], what, n=k,
                             ctype=ctypes.c_uint8)[0]
        return cls._run(_imp_compute_matrix, (flat, n, k, y, c_names, c_disc), **options)

    @property
    def features(self) -> list[str]:
        """The feature names (one-hot columns named 'column=value')."""
        return [_dec(_imp_feature_name(self, j)) for j in range(_imp_n_features(self))]

    @property
    def target(self) -> str:
        """The target's name."""
        return _dec(_imp_target_name(self))

    @property
    def rows(self) -> int:
        """Rows used, after dropping missing values."""
        return _imp_rows(self)

    @property
    def measures(self) -> list[str]:
        """Names of the per-feature measures computed."""
        return [m for m, code in _MEASURES.items() if _imp_values(self, code)]

    def values(self, measure: str) -> list[float]:
        """All features' values of a measure ('pearson', 'spearman', 'permutation',
        'permutation_sd', 'impurity', 'mutual_info'), in feature order."""
        code = _choice_option(measure, 'measure', _MEASURES)
        with self._held():
            p = _imp_values(self, code)
            if not p:
                raise ValueError('measure %r was not computed' % measure)
            return [p[j] for j in range(_imp_n_features(self))]

    def value(self, measure: str, feature: str) -> float:
        """One feature's value of a measure."""
        j = _sz()
        _imp_feature_index(self, _enc(feature), ctypes.byref(j))
        return self.values(measure)[j.value]

    def table(self) -> dict[str, dict[str, float]]:
        """{feature: {measure: value}} for every computed measure."""
        cols = {m: self.values(m) for m in self.measures}
        return {f: {m: cols[m][j] for m in cols} for j, f in enumerate(self.features)}

    def correlation(self, method: str = 'pearson') -> list[list[float]]:
        """The (features + target) square correlation matrix, target last."""
        method = _choice_option(method, 'method', ('pearson', 'spearman'), 'pearson')
        with self._held():
            p = _imp_correlation(self, _MEASURES[method])
            if not p:
                raise ValueError('correlations were not computed')
            q = _imp_n_features(self) + 1
            return _rows(p, q, q)

    @property
    def pca(self) -> Pca | None:
        """The PCA of the standardised features (a Pca valid while this object lives), or None."""
        ptr = _imp_pca(self)
        return Pca._borrowed(ptr, self) if ptr else None

    @property
    def oob_r2(self) -> float:
        """The forest's out-of-bag R^2 (NaN without the forest)."""
        return _imp_oob_r2(self)

    def predict(self, matrix: Matrix) -> list[float]:
        """Forest predictions for rows in feature space."""
        flat, n, k = _matrix(matrix, cols=_imp_n_features(self))
        out = (ctypes.c_double * max(n, 1))()
        _imp_predict(self, flat, n, k, out, n)
        return list(out[:n])

    def predict_dataset(self, dataset: Dataset) -> tuple[list[float], list[int]]:
        """Forest predictions for a Dataset's rows: (predictions, dataset row of each)."""
        n = len(dataset)
        out, rows, n_out = (ctypes.c_double * max(n, 1))(), (_sz * max(n, 1))(), _sz()
        _imp_predict_dataset(self, dataset, out, n, ctypes.byref(n_out), rows)
        return list(out[:n_out.value]), list(rows[:n_out.value])

    def to_dataset(self) -> Dataset:
        """A Dataset with a 'feature' column and one column per computed measure."""
        return Dataset._make(_imp_to_dataset, self)
