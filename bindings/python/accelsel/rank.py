"""Multi-criteria ranking (TOPSIS, weighted sum, Pareto fronts) and its
sensitivity to the weights (accelsel/rank.h)."""
from __future__ import annotations

import ctypes
import typing

from . import _ctypes_gen as _c
from . import _lib
from ._convert import (Numbers, Progress, _choice_option, _codes, _dec, _dp, _enc, _list_option, _real,
                       _set_bool, _set_choice, _store, _sz, _szp, _text, _text_option, _vector, _vp, _vpp)
from ._handle import _callback, _fn, _Handle, _holding, _raising
from .dataset import Dataset

__all__ = ['Ranking', 'Sensitivity', 'parse_criteria', 'kendall_tau_b']

_Criterion = _c.accelsel_criterion
_RankOptions = _c.accelsel_rank_options
_SensitivityOptions = _c.accelsel_sensitivity_options
_DIRECTIONS = _codes('ACCELSEL_CRITERION_')
_DIRECTION_NAMES = {v: k for k, v in _DIRECTIONS.items()}
_MISSING = _codes('ACCELSEL_RANK_MISSING_')
# accelsel_sensitivity_compute()'s progress parameter: int (*)(double, void *).
_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_double, ctypes.c_void_p)

_criteria_parse = _fn('accelsel_criteria_parse', ctypes.c_int,
                      [ctypes.POINTER(ctypes.POINTER(_Criterion)), _szp, ctypes.c_char_p])
_rank_method_from_name = _fn('accelsel_rank_method_from_name', ctypes.c_int,
                             [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)])
_rank_method_name = _fn('accelsel_rank_method_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_rank_options_init = _fn('accelsel_rank_options_init', ctypes.c_int,
                         [ctypes.POINTER(_RankOptions), ctypes.c_uint])
_sens_options_init = _fn('accelsel_sensitivity_options_init', ctypes.c_int,
                         [ctypes.POINTER(_SensitivityOptions), ctypes.c_uint])
_ranking_compute = _fn('accelsel_ranking_compute', ctypes.c_int,
                       [_vpp, 'Dataset', ctypes.POINTER(_Criterion), _sz, ctypes.c_int,
                        ctypes.POINTER(_RankOptions)])
_ranking_method = _fn('accelsel_ranking_method', ctypes.c_int, ['Ranking'])
_ranking_rows = _fn('accelsel_ranking_rows', _sz, ['Ranking'], check=False)
_ranking_ranked = _fn('accelsel_ranking_ranked_count', _sz, ['Ranking'], check=False)
_ranking_excluded = _fn('accelsel_ranking_excluded_count', _sz, ['Ranking'], check=False)
_ranking_front_count = _fn('accelsel_ranking_front_count', _sz, ['Ranking'], check=False)
_ranking_scores = _fn('accelsel_ranking_scores', _dp, ['Ranking'], check=False)
_ranking_ranks = _fn('accelsel_ranking_ranks', _szp, ['Ranking'], check=False)
_ranking_order = _fn('accelsel_ranking_order', _szp, ['Ranking'], check=False)
_ranking_fronts = _fn('accelsel_ranking_fronts', _szp, ['Ranking'], check=False)
_ranking_criterion_count = _fn('accelsel_ranking_criterion_count', _sz, ['Ranking'], check=False)
_ranking_weights = _fn('accelsel_ranking_weights', _dp, ['Ranking'], check=False)
_ranking_free = _fn('accelsel_ranking_free', None, [_vp], check=False)
_kendall = _fn('accelsel_kendall_tau_b', ctypes.c_int, [_dp, _dp, _sz, _dp])
_sens_compute = _fn('accelsel_sensitivity_compute', ctypes.c_int,
                    [_vpp, 'Ranking', ctypes.POINTER(_SensitivityOptions), _PROGRESS, ctypes.c_void_p])
_sens_samples = _fn('accelsel_sensitivity_samples', _sz, ['_SensitivityResult'], check=False)
_sens_tau_mean = _fn('accelsel_sensitivity_tau_mean', ctypes.c_double, ['_SensitivityResult'], check=False)
_sens_tau_min = _fn('accelsel_sensitivity_tau_min', ctypes.c_double, ['_SensitivityResult'], check=False)
_sens_top1 = _fn('accelsel_sensitivity_top1_fraction', ctypes.c_double, ['_SensitivityResult'], check=False)
_sens_perturbation = _fn('accelsel_sensitivity_perturbation', ctypes.c_double, ['_SensitivityResult'],
                         check=False)
_sens_taus = _fn('accelsel_sensitivity_taus', _dp, ['_SensitivityResult'], check=False)
_sens_free = _fn('accelsel_sensitivity_free', None, [_vp], check=False)

# Criteria as Python takes them: 'COL:WEIGHT:benefit|cost,...' or (column, weight, direction) tuples.
Criteria = typing.Union[str, bytes, typing.Iterable[typing.Tuple[str, float, str]]]


def parse_criteria(text: str | bytes) -> list[tuple[str, float, str]]:
    """Parse 'COL:WEIGHT:benefit|cost,...' into [(column, weight, 'benefit' or 'cost')]."""
    ptr, n = ctypes.POINTER(_Criterion)(), _sz()
    _criteria_parse(ctypes.byref(ptr), ctypes.byref(n), _enc(text))
    try:
        return [(_dec(ptr[i].column), ptr[i].weight, _DIRECTION_NAMES[ptr[i].direction])
                for i in range(n.value)]
    finally:
        _lib.free(ptr)


def kendall_tau_b(x: Numbers, y: Numbers) -> float:
    """Kendall's tau-b of two equally long sequences of numbers (ties corrected)."""
    x, n = _vector(x, 'x')
    y, _ = _vector(y, 'y (as long as x)', n=n)
    out = ctypes.c_double()
    _kendall(x, y, n, ctypes.byref(out))
    return out.value


def _criteria_array(criteria):
    """Criteria as text (str or bytes) or as a list of (column, weight,
    'benefit'|'cost') tuples -> ctypes array (see _list_option)."""
    if isinstance(criteria, (str, bytes, bytearray)):
        criteria = parse_criteria(criteria)
    items = []
    for i, c in enumerate(_list_option(criteria, 'criteria', '(column, weight, direction) tuples')):
        what = 'criteria[%d]' % i
        c = _list_option(c, what, 'three values (column, weight, direction)')
        if len(c) != 3:
            raise ValueError('%s must be (column, weight, direction), not %d values' % (what, len(c)))
        column, weight, direction = c
        items.append(_Criterion(_text(column, what + ': column'), _real(weight, what + ': weight'),
                                _choice_option(direction, what + ': direction', _DIRECTIONS)))
    return (_Criterion * len(items))(*items)


class Sensitivity:
    """How stable a ranking is under perturbed weights: tau_mean, tau_min,
    top1_fraction and the per-sample taus (Kendall's tau-b against the base)."""

    def __init__(self, tau_mean: float, tau_min: float, top1_fraction: float, taus: list[float],
                 perturbation: float | None = None) -> None:
        """The figures; perturbation: the relative half-width the weights were drawn with."""
        self.tau_mean, self.tau_min, self.top1_fraction, self.taus = tau_mean, tau_min, top1_fraction, taus
        self.perturbation = perturbation

    def __repr__(self) -> str:
        return 'Sensitivity(tau_mean=%.4f, tau_min=%.4f, top1_fraction=%.4f, samples=%d)' % (
            self.tau_mean, self.tau_min, self.top1_fraction, len(self.taus))


class Ranking(_Handle):
    """The rows of a Dataset ranked by criteria with 'topsis', 'wsum' or 'pareto'.

    criteria: 'COL:WEIGHT:benefit|cost,...' or a list of (column, weight, direction).
    missing: 'exclude' (rows with a missing criterion get rank 0 and score NaN)
    or 'error'. fronts: True to compute every row's Pareto front whatever the
    method (O(N^2)); otherwise only 'pareto' has them and `fronts` is None
    (a bool: any other value is a TypeError). None for missing or fronts:
    the library's default (ACCELSEL_RANK_OPTIONS_INIT: 'exclude', no
    fronts). Lists are indexed by dataset row; order lists rows best first."""
    _free = _ranking_free

    def __init__(self, dataset: Dataset, criteria: Criteria, method: str = 'topsis',
                 missing: str | None = None, fronts: bool | None = None) -> None:
        """Rank the rows of dataset (see the class)."""
        m = ctypes.c_int()
        _rank_method_from_name(_text_option(method, 'Ranking: method', 'topsis'), ctypes.byref(m))
        opts = _RankOptions()
        _rank_options_init(ctypes.byref(opts), _c.ACCELSEL_RANK_OPTIONS_VERSION)
        _set_choice(opts, 'missing', missing, 'Ranking: missing', _MISSING)
        _set_bool(opts, 'pareto_fronts', fronts, 'Ranking: fronts')
        arr = _criteria_array(criteria)
        out = _vp()
        _ranking_compute(ctypes.byref(out), dataset, arr, len(arr), m.value, ctypes.byref(opts))
        super().__init__(out.value)

    @property
    def method(self) -> str:
        """'topsis', 'wsum' or 'pareto'."""
        return _rank_method_name(_ranking_method(self)).decode()

    def __len__(self) -> int:
        return _ranking_rows(self)

    @property
    def ranked_count(self) -> int:
        """Rows ranked (those without a missing criterion)."""
        return _ranking_ranked(self)

    @property
    def excluded_count(self) -> int:
        """Rows left out for a missing criterion."""
        return _ranking_excluded(self)

    @property
    def front_count(self) -> int:
        """The number of Pareto fronts (0 when none were computed)."""
        return _ranking_front_count(self)

    def _array(self, getter, count):
        """Copy of an array the ranking owns (None when the library has none)."""
        with self._held():
            p = getter(self)
            return [p[i] for i in range(count(self))] if p else None

    @property
    def scores(self) -> list[float]:
        """Each row's score (NaN for a row left out)."""
        return self._array(_ranking_scores, _ranking_rows)

    @property
    def ranks(self) -> list[int]:
        """Each row's rank from 1 (0 for a row left out)."""
        return self._array(_ranking_ranks, _ranking_rows)

    @property
    def fronts(self) -> list[int] | None:
        """Each row's Pareto front from 1, or None when they were not computed."""
        return self._array(_ranking_fronts, _ranking_rows)

    @property
    def order(self) -> list[int]:
        """The rows ranked, best first."""
        return self._array(_ranking_order, _ranking_ranked) or []

    @property
    def weights(self) -> list[float]:
        """The criteria's weights, normalised to sum to 1."""
        return self._array(_ranking_weights, _ranking_criterion_count) or []

    def sensitivity(self, n_samples: int | None = None, perturbation: float | None = None,
                    seed: int | None = None, n_threads: int | None = None,
                    progress: Progress | None = None) -> Sensitivity:
        """Re-rank under n_samples weight vectors perturbed by +-perturbation
        (relative, uniform, renormalised). None: the library's default
        (ACCELSEL_SENSITIVITY_OPTIONS_INIT, accelsel_sensitivity_options_init():
        today 1000 samples, perturbation 0.2, seed 42, all cores; the
        result's perturbation says the one used). progress(fraction) may
        return True to cancel (CanceledError, ACCELSEL_ECANCELED). Returns a
        Sensitivity."""
        opts = _SensitivityOptions()
        _sens_options_init(ctypes.byref(opts), _c.ACCELSEL_SENSITIVITY_OPTIONS_VERSION)
        _store(opts, 'sensitivity()', perturbation=perturbation, n_samples=n_samples, seed=seed,
               n_threads=n_threads)
        cb, raised = _callback(_PROGRESS, progress)
        with _raising(raised, _SensitivityResult._make, _sens_compute, self, ctypes.byref(opts), cb,
                      None) as result:
            return result.read()


class _SensitivityResult(_Handle):
    """A library sensitivity result: a Ranking's own, or one inside a Selection."""
    _free = _sens_free

    @_holding
    def read(self):
        """The figures as a Sensitivity."""
        p = _sens_taus(self)
        taus = [p[i] for i in range(_sens_samples(self))]
        return Sensitivity(_sens_tau_mean(self), _sens_tau_min(self), _sens_top1(self), taus,
                           _sens_perturbation(self))
