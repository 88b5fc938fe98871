"""The whole selection method in one call (accelsel/select.h)."""
from __future__ import annotations

import ctypes
import math
import typing

from . import _ctypes_gen as _c
from ._convert import (Names, _codes, _dec, _int_option, _list_option, _set_choice, _store, _sz, _text,
                       _text_option, _vp, _vpp)
from ._handle import _fn, _Handle, _holding
from .cluster import _ALGORITHMS, _CRITERIA, ClusterModel, ClusterSelection
from .dataset import Dataset
from .importance import _MEASURES, Importance
from .rank import _rank_method_from_name, _rank_method_name, _SensitivityResult, Ranking

__all__ = ['Selection']

_SelectionOptions = _c.accelsel_selection_options
_K_BY = _CRITERIA
_ROW_POLICY = _codes('ACCELSEL_SELECTION_ROWS_')
# accelsel_selection_row_labels()' UINT32_MAX: a row that was not clustered.
_NO_GROUP = ctypes.c_uint32(-1).value

_selopt_init = _fn('accelsel_selection_options_init', ctypes.c_int,
                   [ctypes.POINTER(_SelectionOptions), ctypes.c_uint])
_select_run = _fn('accelsel_selection_run', ctypes.c_int,
                  [_vpp, 'Dataset', ctypes.POINTER(_SelectionOptions)])
_select_free = _fn('accelsel_selection_free', None, [_vp], check=False)
_select_rows_in = _fn('accelsel_selection_rows_in', _sz, ['Selection'], check=False)
_select_dataset = _fn('accelsel_selection_dataset', _vp, ['Selection'], check=False)
_select_note_count = _fn('accelsel_selection_note_count', _sz, ['Selection'], check=False)
_select_note = _fn('accelsel_selection_note', ctypes.c_char_p, ['Selection', _sz], check=False)
_select_importance = _fn('accelsel_selection_importance', _vp, ['Selection'], check=False)
_select_target = _fn('accelsel_selection_target', ctypes.c_char_p, ['Selection'], check=False)
_select_constant_count = _fn('accelsel_selection_constant_count', _sz, ['Selection'], check=False)
_select_constant = _fn('accelsel_selection_constant', ctypes.c_char_p, ['Selection', _sz], check=False)
_select_k_choice = _fn('accelsel_selection_k_choice', _vp, ['Selection'], check=False)
_select_k_min = _fn('accelsel_selection_k_min', ctypes.c_uint32, ['Selection'], check=False)
_select_k_max = _fn('accelsel_selection_k_max', ctypes.c_uint32, ['Selection'], check=False)
_select_model = _fn('accelsel_selection_model', _vp, ['Selection'], check=False)
_select_groups = _fn('accelsel_selection_row_labels', ctypes.POINTER(ctypes.c_uint32), ['Selection'],
                     check=False)
_select_group_ranking = _fn('accelsel_selection_group_ranking', _vp, ['Selection'], check=False)
_select_row_ranking = _fn('accelsel_selection_row_ranking', _vp, ['Selection'], check=False)
_select_group_at = _fn('accelsel_selection_group_at', ctypes.c_uint32, ['Selection', _sz], check=False)
_select_group_rank = _fn('accelsel_selection_group_rank', _sz, ['Selection', ctypes.c_uint32], check=False)
_select_row_order = _fn('accelsel_selection_row_order', ctypes.POINTER(_sz), ['Selection'],
                        check=False)
_select_row_rank = _fn('accelsel_selection_row_rank', _sz, ['Selection', _sz], check=False)
_select_sensitivity = _fn('accelsel_selection_sensitivity', _vp, ['Selection'], check=False)
_select_filter_count = _fn('accelsel_selection_filter_count', _sz, ['Selection'], check=False)
_select_filter = _fn('accelsel_selection_filter', ctypes.c_char_p, ['Selection', _sz], check=False)
_select_importance_order = _fn('accelsel_selection_importance_order', ctypes.POINTER(_sz), ['Selection'],
                               check=False)
_select_k_reason = _fn('accelsel_selection_k_reason', ctypes.c_char_p, ['Selection'], check=False)
_select_recommendation = _fn('accelsel_selection_recommendation', ctypes.c_char_p, ['Selection'],
                             check=False)
_select_default = _fn('accelsel_selection_default', ctypes.c_char_p, [ctypes.c_char_p], check=False)


def _nan_none(v):
    return None if math.isnan(v) else v


class Selection(_Handle):
    """The whole selection method in one call on a Dataset (accelsel_selection_run):
    rows kept, derived metrics, variable importance, the choice of k, groups, the
    ranking of groups and rows, weight sensitivity and the recommendation.

    Column lists are 'a,log10(b)' strings; None takes the library's default
    (which fits the MLPerf table; on another table skipped steps are listed
    in `notes`). target='' skips importance. where: one filter expression
    (a str or bytes) or a list of them (see _list_option: a dict or a set is
    a TypeError); None: none. k: None or 0 chooses k in k_range. k_range:
    (k_min, k_max). Every option is checked for its type (a TypeError naming
    it otherwise); None: the library's default, from
    accelsel_selection_options_init() (ACCELSEL_SELECTION_OPTIONS_INIT:
    today k_range (2, 10), k_by 'silhouette', algorithm 'kmeans', method
    'topsis', seed 42, rows 'kept') and, for the column lists,
    accelsel_selection_default(): Selection.defaults() lists them. Groups are
    numbered from 1, as the CLI shows them; rows are indices into
    `dataset`."""
    _free = _select_free

    def __init__(self, dataset: Dataset, features: str | None = None, variables: str | None = None,
                 target: str | None = None, criteria: str | None = None,
                 where: str | Names | None = None, k: int | None = None,
                 k_range: tuple[int, int] | None = None, k_by: str | None = None,
                 algorithm: str | None = None, method: str | None = None, seed: int | None = None,
                 rows: str | None = None) -> None:
        """Run the selection method on dataset (see the class)."""
        o = _SelectionOptions()
        _selopt_init(ctypes.byref(o), _c.ACCELSEL_SELECTION_OPTIONS_VERSION)
        _set_choice(o, 'k_by', k_by, 'Selection: k_by', _K_BY)
        _set_choice(o, 'rows', rows, 'Selection: rows', _ROW_POLICY)
        _set_choice(o, 'algorithm', algorithm, 'Selection: algorithm', _ALGORITHMS)
        if method is not None:
            m = ctypes.c_int()
            _rank_method_from_name(_text_option(method, 'Selection: method'), ctypes.byref(m))
            o.method = m.value
        if isinstance(where, (str, bytes, bytearray)):
            where = [where]
        where = [_text(w, 'Selection: where[%d]' % i)
                 for i, w in enumerate(_list_option(where, 'Selection: where', 'expressions', ()))]
        self._keep = (ctypes.c_char_p * max(len(where), 1))(*where)
        o.features, o.variables, o.target, o.criteria = (
            _text_option(v, 'Selection: ' + k) for k, v in (('features', features),
                                                            ('variables', variables),
                                                            ('target', target),
                                                            ('criteria', criteria)))
        o.where, o.n_where = self._keep, len(where)
        if k_range is not None:
            k_range = _list_option(k_range, 'Selection: k_range', 'two ints (k_min, k_max)')
            if len(k_range) != 2:
                raise ValueError('Selection: k_range must be (k_min, k_max), not %d values' % len(k_range))
            o.k_min, o.k_max = (_int_option(v, 'Selection: k_range[%d]' % i, ctypes.c_uint32)
                                for i, v in enumerate(k_range))
        _store(o, 'Selection', k=k, seed=seed)
        out = _vp()
        _select_run(ctypes.byref(out), dataset, ctypes.byref(o))
        super().__init__(out.value)

    @staticmethod
    def defaults() -> dict[str, typing.Any]:
        """What None means for each option, read from the library: the column
        lists from accelsel_selection_default() (ACCELSEL_SELECTION_DEFAULT_*,
        which fit the MLPerf ResNet-50 table; 'other_benchmark': the features
        and criteria that replace them on the rows of another MLPerf
        benchmark, and the energy criterion added when every row has
        measured_energy_kwh), the rest from accelsel_selection_options_init(). where:
        none."""
        o = _SelectionOptions()
        _selopt_init(ctypes.byref(o), _c.ACCELSEL_SELECTION_OPTIONS_VERSION)
        name = lambda table, code: next(n for n, c in table.items() if c == code)
        d = {f: _dec(_select_default(f.encode())) for f in ('features', 'variables', 'target', 'criteria')}
        # on the rows of an MLPerf benchmark other than ResNet-50 (select.h)
        d['other_benchmark'] = {f: _dec(_select_default(f.encode()))
                                for f in ('benchmark_features', 'benchmark_criteria',
                                          'energy_criterion')}
        d.update({'where': [], 'k': o.k, 'k_range': (o.k_min, o.k_max), 'k_by': name(_K_BY, o.k_by),
                  'algorithm': name(_ALGORITHMS, o.algorithm),
                  'method': _rank_method_name(o.method).decode(), 'seed': o.seed,
                  'rows': name(_ROW_POLICY, o.rows)})
        return d

    @property
    def rows_in(self) -> int:
        """The rows of the dataset given."""
        return _select_rows_in(self)

    @property
    def dataset(self) -> Dataset:
        """The rows the method worked on, with derived columns (owned by this selection)."""
        return Dataset._borrowed(_select_dataset(self), self)

    @property
    def filters(self) -> list[str]:
        """The filters of rows='kept' that applied, in order, as English
        phrases ('time to train > 0', 'accelerators > 0', 'closed division',
        'unique logs'; each where its column exists); [] for rows='all'."""
        return [_dec(_select_filter(self, i)) for i in range(_select_filter_count(self))]

    @property
    def notes(self) -> list[str]:
        """What the run skipped or changed, and why (one sentence each)."""
        return [_dec(_select_note(self, i)) for i in range(_select_note_count(self))]

    @property
    @_holding
    def importance(self) -> dict[str, typing.Any] | None:
        """None when skipped, else {'target', 'oob_r2', 'constant', 'features': [...]} with
        features best first by permutation importance (the library's order,
        accelsel_selection_importance_order(): larger first, NaN last, then
        by feature index), each a dict of every measure."""
        ptr = _select_importance(self)
        if not ptr:
            return None
        imp = Importance._borrowed(ptr, self)
        feats = [dict({'feature': f}, **{m: _nan_none(v[m]) if m in v else None for m in _MEASURES})
                 for f, v in imp.table().items()]
        order = _select_importance_order(self)
        feats = [feats[order[i]] for i in range(len(feats))]
        return {'target': _dec(_select_target(self)), 'oob_r2': imp.oob_r2,
                'constant': [_dec(_select_constant(self, i))
                             for i in range(_select_constant_count(self))],
                'features': feats}

    @property
    def k(self) -> int:
        """The number of groups."""
        return ClusterModel._borrowed(_select_model(self), self).k

    @property
    def k_range(self) -> tuple[int, int]:
        """(k_min, k_max) tried, after clamping to the rows."""
        return (_select_k_min(self), _select_k_max(self))

    @property
    def k_reason(self) -> str:
        """Why k is what it is, in one sentence."""
        return _dec(_select_k_reason(self))

    @property
    @_holding
    def k_scores(self) -> list[dict[str, float | None]]:
        """One dict per k tried (k and every score, None where undefined); [] when k was given."""
        ptr = _select_k_choice(self)
        if not ptr:
            return []
        return [{name: _nan_none(v) for name, v in row.items()}
                for row in ClusterSelection._borrowed(ptr, self).table]

    @property
    @_holding
    def labels(self) -> list[int | None]:
        """The group (from 1) of every row of `dataset`, None where it was not clustered."""
        g = _select_groups(self)
        return [None if g[i] == _NO_GROUP else g[i] + 1 for i in range(len(self.dataset))]

    @property
    @_holding
    def groups(self) -> list[dict[str, typing.Any]]:
        """The groups best first: rank (tied groups share one), group, score, size
        and the profile's medians."""
        table = ClusterModel._borrowed(_select_model(self), self).profiles.to_dict()
        ranking = Ranking._borrowed(_select_group_ranking(self), self)
        scores = ranking.scores
        out = []
        for i, row in enumerate(ranking.order):
            medians = {c[:-len('_median')]: table[c][row] for c in table if c.endswith('_median')}
            group = _select_group_at(self, i)
            out.append({'rank': _select_group_rank(self, group), 'group': group + 1,
                        'score': scores[row], 'size': int(table['size'][row]),
                        'medians': medians})
        return out

    @_holding
    def ranking(self, top: int | None = None) -> list[dict[str, typing.Any]]:
        """The rows best first: rank (tied rows share one, as in the CLI), row,
        group (from 1, or None) and score."""
        ranking = Ranking._borrowed(_select_row_ranking(self), self)
        scores, labels, ranked = ranking.scores, self.labels, ranking.ranked_count
        order = _select_row_order(self)
        n = ranked if top is None else min(_int_option(top, 'ranking: top', _sz), ranked)
        return [{'rank': _select_row_rank(self, order[i]), 'row': order[i],
                 'group': labels[order[i]], 'score': scores[order[i]]} for i in range(n)]

    @property
    @_holding
    def sensitivity(self) -> dict[str, float] | None:
        """None for fewer than 2 groups or Pareto fronts, else the weight-sensitivity figures."""
        ptr = _select_sensitivity(self)
        if not ptr:
            return None
        s = _SensitivityResult._borrowed(ptr, self).read()
        return {'samples': len(s.taus), 'top1_fraction': s.top1_fraction,
                'tau_mean': s.tau_mean, 'tau_min': s.tau_min, 'perturbation': s.perturbation}

    @property
    def recommendation(self) -> str:
        """The recommendation, in English."""
        return _dec(_select_recommendation(self))
