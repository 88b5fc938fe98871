"""Feature transforms: dataset columns to a standardised matrix (accelsel/features.h)."""
from __future__ import annotations

import ctypes
import typing

from . import _ctypes_gen as _c
from ._convert import (Matrix, Names, _choice_option, _codes, _dec, _dp, _matrix, _name_list, _names,
                       _rows, _set_choice, _sz, _szp, _vp)
from ._handle import _fn, _Handle

__all__ = ['Features']

_FeaturesOptions = _c.accelsel_features_options
# The names of the transforms and of the missing-value policies: the
# constants' names in lower case ('log10_zscore', 'drop').
_TRANSFORMS = _codes('ACCELSEL_TRANSFORM_')
_TRANSFORM_NAMES = {v: k for k, v in _TRANSFORMS.items()}
_MISSING = _codes('ACCELSEL_MISSING_')
_MISSING_NAMES = {v: k for k, v in _MISSING.items()}

_feat_options_init = _fn('accelsel_features_options_init', ctypes.c_int,
                         [ctypes.POINTER(_FeaturesOptions), ctypes.c_uint])
_feat_fit = _fn('accelsel_features_fit', ctypes.c_int,
                [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(ctypes.c_char_p),
                 ctypes.POINTER(ctypes.c_int), _sz, ctypes.POINTER(_FeaturesOptions)])
_feat_dim = _fn('accelsel_features_dim', _sz, ['Features'], check=False)
_feat_name = _fn('accelsel_features_name', ctypes.c_char_p, ['Features', _sz], check=False)
_feat_n_inputs = _fn('accelsel_features_n_inputs', _sz, ['Features'], check=False)
_feat_input_name = _fn('accelsel_features_input_name', ctypes.c_char_p, ['Features', _sz], check=False)
_feat_input_transform = _fn('accelsel_features_input_transform', ctypes.c_int, ['Features', _sz])
_feat_missing = _fn('accelsel_features_missing_policy', ctypes.c_int, ['Features'])
_feat_scaling = _fn('accelsel_features_scaling', ctypes.c_int, ['Features', _sz, _dp, _dp])
_feat_transform = _fn('accelsel_features_transform', ctypes.c_int,
                      ['Features', 'Dataset', _dp, _sz, _szp, _szp])
_feat_inverse = _fn('accelsel_features_inverse', ctypes.c_int, ['Features', _dp, _sz, _dp, _sz])
_feat_free = _fn('accelsel_features_free', None, [_vp], check=False)

if typing.TYPE_CHECKING:
    from .dataset import Dataset


class Features(_Handle):
    """A fitted transform from dataset columns to a standardised matrix.

    columns: a list of column names; transforms: None (z-score numeric,
    one-hot categorical) or a list of one name per column among 'default',
    'none', 'log10', 'zscore', 'minmax', 'log10_zscore', 'onehot'; missing:
    'drop' or 'impute'. One str where a list belongs is a TypeError."""
    _free = _feat_free

    @classmethod
    def fit(cls, dataset: Dataset, columns: Names, transforms: Names | None = None,
            missing: str | None = None) -> Features:
        """Fit the transform of columns on dataset. missing: None for the
        library's default (ACCELSEL_FEATURES_OPTIONS_INIT: 'drop')."""
        opts = _FeaturesOptions()
        _feat_options_init(ctypes.byref(opts), _c.ACCELSEL_FEATURES_OPTIONS_VERSION)
        _set_choice(opts, 'missing', missing, 'missing', _MISSING)
        names, n_columns = _name_list(columns, 'columns')
        codes = None
        if transforms is not None:
            transforms = _names(transforms, 'transforms')
            if len(transforms) != n_columns:
                raise ValueError('transforms must have %d names (one per column), not %d'
                                 % (n_columns, len(transforms)))
            codes = (ctypes.c_int * n_columns)(*[_choice_option(t, 'transforms', _TRANSFORMS)
                                                 for t in transforms])
        return cls._make(_feat_fit, dataset, names, codes, n_columns, ctypes.byref(opts))

    @property
    def dim(self) -> int:
        """The number of output columns."""
        return _feat_dim(self)

    @property
    def names(self) -> list[str]:
        """Output column names, e.g. 'log10(n)' or 'family=A100'."""
        return [_dec(_feat_name(self, j)) for j in range(self.dim)]

    @property
    def inputs(self) -> list[tuple[str, str]]:
        """[(input column, transform name)] as fitted (defaults resolved)."""
        return [(_dec(_feat_input_name(self, i)), _TRANSFORM_NAMES[_feat_input_transform(self, i)])
                for i in range(_feat_n_inputs(self))]

    @property
    def missing(self) -> str:
        """The missing-value policy: 'drop' or 'impute'."""
        return _MISSING_NAMES[_feat_missing(self)]

    def scaling(self, j: int) -> tuple[float, float]:
        """(center, scale) of output column j: out = (t(x) - center) / scale."""
        if not 0 <= j < self.dim:
            raise IndexError('output column %d of %d' % (j, self.dim))
        c, s = ctypes.c_double(), ctypes.c_double()
        _feat_scaling(self, j, ctypes.byref(c), ctypes.byref(s))
        return c.value, s.value

    def transform(self, dataset: Dataset) -> tuple[list[list[float]], list[int]]:
        """(rows, row_index): the matrix as a list of rows, and the dataset row of each."""
        n, dim = len(dataset), self.dim
        buf = (ctypes.c_double * max(n * dim, 1))()
        idx = (_sz * max(n, 1))()
        used = _sz()
        _feat_transform(self, dataset, buf, n * dim, ctypes.byref(used), idx)
        return _rows(buf, used.value, dim), list(idx[:used.value])

    def inverse(self, rows: Matrix) -> list[list[float]]:
        """Rows of the feature space in original units, one value per input (NaN for categorical)."""
        flat, n, k = _matrix(rows, 'rows of the feature space', cols=self.dim)
        ni = _feat_n_inputs(self)
        out = (ctypes.c_double * max(n * ni, 1))()
        _feat_inverse(self, flat, n, out, n * ni)
        return _rows(out, n, ni)
