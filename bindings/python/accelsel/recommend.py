"""Procurement: what to buy or rent for a workload (accelsel/recommend.h,
docs/recommend.md), cloud prices, and the prices of a table's rows."""
from __future__ import annotations

import collections.abc
import contextlib
import ctypes
import math
import numbers
import typing

from . import _ctypes_gen as _c
from ._convert import (Names, Path, Text, _bool_option, _buf, _dec, _int_option, _list_option,
                       _name_list, _real_option, _set_choice, _store, _sz, _text, _text_option, _vp,
                       _vpp)
from ._handle import _fn, _Handle, _handle_of, _holding
from .catalog import Catalog, _catalog_or_builtin
from .dataset import Dataset
from .network import Network
from .predict import Predictor
from .rank import _rank_method_from_name, _SensitivityResult, Ranking

__all__ = ['Recommendation', 'load_cloud_prices', 'cloud_prices_from_string', 'builtin_cloud_prices',
           'add_prices', 'BASELINES', 'DEFAULT_DEVICES', 'DEFAULT_COUNTS']

_Inputs = _c.accelsel_recommend_inputs
_Options = _c.accelsel_recommend_options
_PricesOptions = _c.accelsel_prices_options
_Item = _c.accelsel_workload_item

_cloud_load_file = _fn('accelsel_cloud_prices_load_file', ctypes.c_int, [_vpp, 'Catalog', ctypes.c_char_p])
_cloud_load_buffer = _fn('accelsel_cloud_prices_load_buffer', ctypes.c_int,
                         [_vpp, 'Catalog', ctypes.c_char_p, _sz])
_cloud_load_builtin = _fn('accelsel_cloud_prices_load_builtin', ctypes.c_int, [_vpp, 'Catalog'])
_prices_options_init = _fn('accelsel_prices_options_init', ctypes.c_int,
                           [ctypes.POINTER(_PricesOptions), ctypes.c_uint])
_add_prices = _fn('accelsel_dataset_add_prices', ctypes.c_int,
                  [_vpp, 'Dataset', 'Catalog', _vp, ctypes.POINTER(_PricesOptions)])
_inputs_init = _fn('accelsel_recommend_inputs_init', ctypes.c_int, [ctypes.POINTER(_Inputs), ctypes.c_uint])
_options_init = _fn('accelsel_recommend_options_init', ctypes.c_int,
                    [ctypes.POINTER(_Options), ctypes.c_uint])
_recommend = _fn('accelsel_recommend', ctypes.c_int,
                 [_vpp, ctypes.POINTER(_Inputs), ctypes.POINTER(_Options)])
_rec_free = _fn('accelsel_recommendation_free', None, [_vp], check=False)
_rec_table = _fn('accelsel_recommendation_table', _vp, ['Recommendation'], check=False)
_rec_count = _fn('accelsel_recommendation_count', _sz, ['Recommendation'], check=False)
_rec_order = _fn('accelsel_recommendation_order', ctypes.POINTER(_sz), ['Recommendation'], check=False)
_rec_ranking = _fn('accelsel_recommendation_ranking', _vp, ['Recommendation'], check=False)
_rec_sensitivity = _fn('accelsel_recommendation_sensitivity', _vp, ['Recommendation'], check=False)
_rec_pareto = _fn('accelsel_recommendation_pareto', ctypes.POINTER(_sz),
                  ['Recommendation', ctypes.POINTER(_sz)], check=False)
_rec_exclusions = _fn('accelsel_recommendation_exclusions', ctypes.POINTER(_c.accelsel_exclusion),
                      ['Recommendation', ctypes.POINTER(_sz)], check=False)
_rec_binding = _fn('accelsel_recommendation_binding_constraint', ctypes.c_char_p, ['Recommendation'],
                   check=False)
_rec_closest = _fn('accelsel_recommendation_closest_miss', ctypes.c_int64, ['Recommendation'], check=False)
_rec_break_even = _fn('accelsel_recommendation_break_even_months', ctypes.c_double, ['Recommendation'],
                      check=False)
_rec_baseline = _fn('accelsel_recommendation_baseline', ctypes.c_int64, ['Recommendation', ctypes.c_int],
                    check=False)
_rec_stability = _fn('accelsel_recommendation_price_stability', ctypes.c_double, ['Recommendation'],
                     check=False)
_rec_note_count = _fn('accelsel_recommendation_note_count', _sz, ['Recommendation'], check=False)
_rec_note = _fn('accelsel_recommendation_note', ctypes.c_char_p, ['Recommendation', _sz], check=False)
_baseline_name = _fn('accelsel_baseline_name', ctypes.c_char_p, [ctypes.c_int], check=False)

# The rules of thumb by the library's names, in the order of their codes.
BASELINES = tuple(_dec(_baseline_name(b)) for b in range(_c.ACCELSEL_BASELINE_COUNT))
# What None means for devices and counts (ACCELSEL_RECOMMEND_DEFAULT_*).
DEFAULT_DEVICES = ('h100-sxm5-80gb', 'h200-sxm-141gb', 'a100-sxm4-80gb', 'l40s', 'mi300x', 'gaudi2')
DEFAULT_COUNTS = (8, 16, 32, 64, 128, 256, 512)
_CANDIDATES = {'measured': _c.ACCELSEL_CANDIDATES_MEASURED, 'catalog': _c.ACCELSEL_CANDIDATES_CATALOG,
               'all': _c.ACCELSEL_CANDIDATES_ALL}
_ACQUIRE = {'buy': _c.ACCELSEL_ACQUIRE_BUY, 'rent': _c.ACCELSEL_ACQUIRE_RENT,
            'either': _c.ACCELSEL_ACQUIRE_EITHER}


def _nan_none(v):
    return None if math.isnan(v) else v


def load_cloud_prices(path: Path, catalog: Catalog | None = None) -> Dataset:
    """Read cloud prices (the columns of data/prices/cloud.csv: provider,
    instance, accelerator, accelerators_per_instance,
    usd_per_accelerator_hour, region, date, source), every row checked; the
    accelerators are looked up in catalog (None: the built-in one) and the
    table gains a column device. A bad cell raises ParseError (or
    RangeError, NotFoundError, DataError) with its line and column."""
    with _catalog_or_builtin(catalog) as cat:
        return Dataset._make(_cloud_load_file, cat, _text(path, 'path'))


def cloud_prices_from_string(text: Text, catalog: Catalog | None = None) -> Dataset:
    """As load_cloud_prices(), from a str or bytes; errors name '<buffer>'."""
    data = _buf(text)
    with _catalog_or_builtin(catalog) as cat:
        return Dataset._make(_cloud_load_buffer, cat, data, len(data))


def builtin_cloud_prices(catalog: Catalog | None = None) -> Dataset:
    """The cloud prices compiled into the library (data/prices/cloud.csv)."""
    with _catalog_or_builtin(catalog) as cat:
        return Dataset._make(_cloud_load_builtin, cat)


def add_prices(dataset: Dataset, catalog: Catalog | None = None, cloud: Dataset | None = None,
               accelerator: str | None = None, accelerators: str | None = None) -> Dataset:
    """A copy of dataset with each row's accelerator priced: catalog_device,
    accelerator_tdp_w, accelerator_price_usd, accelerator_price_basis, and,
    from the cloud prices (None: none), rent_usd_per_accelerator_hour and
    rent_instance of the instances that hold the row's accelerators most
    cheaply; missing where there is no price, never 0. accelerator: the
    column of accelerator names (None: accelerator_model_name; vendor
    spellings resolve as catalog names do); accelerators: the column of
    their counts (None: total_accelerators). Then Dataset.derive() adds the
    energy and costs of a run."""
    opts = _PricesOptions()
    _prices_options_init(ctypes.byref(opts), _c.ACCELSEL_PRICES_OPTIONS_VERSION)
    opts.accelerator_column = _text_option(accelerator, 'add_prices: accelerator')
    opts.accelerators_column = _text_option(accelerators, 'add_prices: accelerators')
    with contextlib.ExitStack() as stack:
        cat = stack.enter_context(_catalog_or_builtin(catalog))
        cloud_ptr = None
        if cloud is not None:
            cloud_ptr = stack.enter_context(_handle_of(cloud, Dataset, 'cloud')._held())
        return Dataset._make(_add_prices, dataset, cat, cloud_ptr, ctypes.byref(opts))


def _workload_items(workload):
    """[(network, runs, batch, epochs, tokens)] of workload: a dict {network:
    runs}, or a list of (network, runs) pairs or of dicts with the keys
    network, runs_per_month, batch, epochs and tokens; a network is a Network
    or a zoo name."""
    if isinstance(workload, collections.abc.Mapping):
        workload = list(workload.items())
    items = []
    for i, w in enumerate(_list_option(workload, 'Recommendation: workload', 'networks and runs')):
        what = 'Recommendation: workload[%d]' % i
        if isinstance(w, collections.abc.Mapping):
            unknown = set(w) - {'network', 'runs_per_month', 'batch', 'epochs', 'tokens'}
            if unknown:
                raise TypeError('%s: unknown keys %s' % (what, ', '.join(sorted(map(str, unknown)))))
            net, runs, batch, epochs, tokens = (w.get('network'), w.get('runs_per_month'),
                                                w.get('batch'), w.get('epochs'), w.get('tokens'))
        elif isinstance(w, (tuple, list)) and len(w) == 2:
            (net, runs), batch, epochs, tokens = w, None, None, None
        else:
            raise TypeError('%s must be (network, runs) or a dict, not %r' % (what, w))
        if not isinstance(net, (str, Network)):
            raise TypeError('%s: network must be a Network or a zoo name, not %s'
                            % (what, type(net).__name__))
        if runs is None:
            raise TypeError('%s: runs_per_month is required' % what)
        if tokens is not None and epochs is not None:
            raise ValueError('%s: give epochs or tokens, not both' % what)
        items.append((net, _real_option(runs, what + ': runs_per_month'),
                      _real_option(batch, what + ': batch', 0.0),
                      _real_option(epochs, what + ': epochs', 0.0),
                      _real_option(tokens, what + ': tokens', 0.0)))
    return items


def _token_epochs(net, tokens, what):
    """tokens to train a transformer as epochs of its recipe: tokens /
    (sequence x samples per epoch), as `accelsel recommend --tokens` counts
    them."""
    t = net.transformer
    if t is None:
        raise ValueError('%s: tokens: %s is no transformer' % (what, net.name))
    per_epoch = net.recipe['epoch_samples']
    if not per_epoch:
        raise ValueError('%s: tokens: %s has no samples per epoch to count tokens in '
                         "(MLPerf's benchmarks train to their target)" % (what, net.name))
    return tokens / (t['sequence'] * per_epoch)


class Recommendation(_Handle):
    """What to buy or rent for a workload (accelsel_recommend, docs/recommend.md).

    workload: {network: runs_per_month}, or a list of (network, runs) or of
    dicts (network, runs_per_month, batch, epochs, tokens); a network is a
    Network or a zoo name. A transformer is predicted under its fastest
    parallel plan, batch counting sequences (default its recipe's, else one
    a device), trained for tokens (counted against its recipe's samples per
    epoch) or epochs, else its recipe; the zoo's gpt3, llama2_70b_lora and
    llama31_405b are MLPerf's benchmarks, trained to their targets with
    their evaluations. Candidates come from measured (a Dataset of rows in the
    built-in MLPerf format, e.g. Dataset.builtin(); None: none) and from
    the catalog's devices at counts (names and increasing counts; None:
    DEFAULT_DEVICES and DEFAULT_COUNTS), predicted by predictor (required
    for catalog candidates: the library refuses them without one).
    candidates: 'measured', 'catalog' or 'all'; acquire: 'buy', 'rent' or
    'either'. Constraints (None: none): budget_usd, monthly_budget_usd,
    power_cap_kw (at the wall), max_accelerators, min_efficiency,
    deadline_min; fit_month (the month's runs within a month; None: True).
    Cost parameters: node_power_w, pue, years, utilisation, price_kwh.
    Weights: weight_time, weight_cost, weight_energy, weight_purchase.
    method: 'topsis', 'wsum' or 'pareto'. sensitivity_samples,
    price_samples, price_perturbation, seed, threads. None: the library's
    default for every option (ACCELSEL_RECOMMEND_OPTIONS_INIT: candidates
    'all', acquire 'either', weights 1, 2, 0.5, 0.5, TOPSIS, 1000 weight
    draws, 200 price draws of +-20%, seed 42; the cost parameters of
    Dataset.derive()). Nothing feasible is a Recommendation with no ranked
    row: see binding_constraint and closest_miss. Rows are rows of
    `table`; the same seed gives the same result at any thread count."""
    _free = _rec_free

    def __init__(self, workload: typing.Any, predictor: Predictor | None = None,
                 catalog: Catalog | None = None, measured: Dataset | None = None,
                 cloud_prices: Dataset | None = None, devices: Names | None = None,
                 counts: typing.Iterable[int] | None = None, candidates: str | None = None,
                 acquire: str | None = None, budget_usd: float | None = None,
                 monthly_budget_usd: float | None = None, power_cap_kw: float | None = None,
                 max_accelerators: int | None = None, min_efficiency: float | None = None,
                 deadline_min: float | None = None, fit_month: bool | None = None,
                 node_power_w: float | None = None, pue: float | None = None,
                 years: float | None = None, utilisation: float | None = None,
                 price_kwh: float | None = None, weight_time: float | None = None,
                 weight_cost: float | None = None, weight_energy: float | None = None,
                 weight_purchase: float | None = None, method: str | None = None,
                 sensitivity_samples: int | None = None, price_samples: int | None = None,
                 price_perturbation: float | None = None, seed: int | None = None,
                 threads: int | None = None) -> None:
        """Recommend (see the class)."""
        o = _Options()
        _options_init(ctypes.byref(o), _c.ACCELSEL_RECOMMEND_OPTIONS_VERSION)
        _set_choice(o, 'candidates', candidates, 'Recommendation: candidates', _CANDIDATES)
        _set_choice(o, 'acquire', acquire, 'Recommendation: acquire', _ACQUIRE)
        if method is not None:
            m = ctypes.c_int()
            _rank_method_from_name(_text_option(method, 'Recommendation: method'), ctypes.byref(m))
            o.method = m.value
        if fit_month is not None:
            o.fit_month = int(_bool_option(fit_month, 'Recommendation: fit_month'))
        _store(o, 'Recommendation', budget_usd=budget_usd, monthly_budget_usd=monthly_budget_usd,
               power_cap_kw=power_cap_kw, max_accelerators=max_accelerators,
               min_efficiency=min_efficiency, deadline_min=deadline_min, node_power_w=node_power_w,
               pue=pue, years=years, utilisation=utilisation, price_kwh=price_kwh,
               weight_time=weight_time, weight_cost=weight_cost, weight_energy=weight_energy,
               weight_purchase=weight_purchase, sensitivity_samples=sensitivity_samples,
               price_samples=price_samples, price_perturbation=price_perturbation, seed=seed,
               n_threads=threads)
        items = _workload_items(workload)
        with contextlib.ExitStack() as stack:
            out = _vp()
            i = self._inputs(stack, items, predictor, catalog, measured, cloud_prices, devices, counts)
            _recommend(ctypes.byref(out), ctypes.byref(i), ctypes.byref(o))
        super().__init__(out.value)

    @staticmethod
    def _inputs(stack, items, predictor, catalog, measured, cloud_prices, devices, counts):
        """The C inputs, every handle they point to held (and zoo networks
        made and closed) by stack for the call."""
        i = _Inputs()
        _inputs_init(ctypes.byref(i), _c.ACCELSEL_RECOMMEND_INPUTS_VERSION)
        work = (_Item * len(items))() if items else None
        for k, (net, runs, batch, epochs, tokens) in enumerate(items):
            if isinstance(net, str):
                net = stack.enter_context(Network.zoo(net))
            if tokens:
                epochs = _token_epochs(net, tokens, 'Recommendation: workload[%d]' % k)
            work[k].network = stack.enter_context(net._held())
            work[k].runs_per_month, work[k].global_batch, work[k].epochs = runs, batch, epochs
        i.workload, i.n_workload = work, len(items)
        stack.callback(lambda: work)  # keep the array alive through the call
        for field, value, cls in (('catalog', catalog, Catalog), ('predictor', predictor, Predictor),
                                  ('measured', measured, Dataset), ('cloud_prices', cloud_prices, Dataset)):
            if value is not None:
                h = _handle_of(value, cls, 'Recommendation: ' + field)
                if cls is Predictor:
                    stack.enter_context(h._rw.shared())
                setattr(i, field, stack.enter_context(h._held()))
        if devices is not None:
            arr, n = _name_list(devices, 'Recommendation: devices')
            stack.callback(lambda: arr)
            i.devices, i.n_devices = arr, n
        if counts is not None:
            values = [_int_option(c, 'Recommendation: counts[%d]' % k, ctypes.c_uint32)
                      for k, c in enumerate(_list_option(counts, 'Recommendation: counts', 'ints'))]
            arr = (ctypes.c_uint32 * max(len(values), 1))(*values)
            stack.callback(lambda: arr)
            i.counts, i.n_counts = arr, len(values)
        return i

    @property
    def table(self) -> Dataset:
        """Every candidate with its figures (columns of
        accelsel_recommendation_table(): name, accelerator, count, nodes,
        source, time_to_train_min, energy_kwh, purchase_usd,
        cost_per_run_usd, rent_per_run_usd, instance, feasible, constraint,
        score, rank, pareto, uncertainty_pct, ...), owned by this result."""
        return Dataset._borrowed(_rec_table(self), self)

    @_holding
    def _rows(self, rows):
        table = self.table.to_dict()
        return [dict({'row': r}, **{c: v[r] for c, v in table.items()}) for r in rows]

    @property
    @_holding
    def order(self) -> list[int]:
        """The feasible rows of `table`, best first."""
        p = _rec_order(self)
        return [p[k] for k in range(_rec_count(self))]

    def feasible(self, top: int | None = None) -> list[dict[str, typing.Any]]:
        """The ranked configurations best first (the first top of them), each a
        dict of its row of `table` (None where a figure is missing) and row."""
        order = self.order
        if top is not None:
            order = order[:_int_option(top, 'feasible: top', _sz)]
        return self._rows(order)

    def __len__(self) -> int:
        """The number of feasible configurations."""
        return _rec_count(self)

    @property
    def ranking(self) -> Ranking:
        """The ranking of the feasible rows (its rows in table order), owned by this result."""
        return Ranking._borrowed(_rec_ranking(self), self)

    @property
    @_holding
    def sensitivity(self) -> dict[str, float] | None:
        """The weight sensitivity of the ranking; None when not computed."""
        ptr = _rec_sensitivity(self)
        if not ptr:
            return None
        s = _SensitivityResult._borrowed(ptr, self).read()
        return {'samples': len(s.taus), 'top1_fraction': s.top1_fraction, 'tau_mean': s.tau_mean,
                'tau_min': s.tau_min, 'perturbation': s.perturbation}

    @property
    @_holding
    def pareto(self) -> list[int]:
        """The Pareto front of time against cost per run: rows, faster first."""
        n = _sz()
        p = _rec_pareto(self, ctypes.byref(n))
        return [p[k] for k in range(n.value)]

    @property
    @_holding
    def exclusions(self) -> list[dict[str, typing.Any]]:
        """Every constraint an excluded configuration breaks: row, name,
        constraint, value and limit (None for missing data)."""
        n = _sz()
        p = _rec_exclusions(self, ctypes.byref(n))
        names = self.table.column('name')
        return [{'row': p[k].row, 'name': names[p[k].row], 'constraint': _dec(p[k].constraint),
                 'value': _nan_none(p[k].value), 'limit': _nan_none(p[k].limit)}
                for k in range(n.value)]

    @property
    def binding_constraint(self) -> str | None:
        """When nothing is feasible, the constraint that excludes the closest miss."""
        return _dec(_rec_binding(self))

    @property
    def closest_miss(self) -> int | None:
        """When nothing is feasible, the row broken by the least; else None."""
        r = _rec_closest(self)
        return None if r < 0 else r

    @property
    def break_even_months(self) -> float | None:
        """Months after which buying the first choice costs less than renting
        it (math.inf: never); None when unknown."""
        return _nan_none(_rec_break_even(self))

    @property
    def baselines(self) -> dict[str, int | None]:
        """The row each rule of thumb (BASELINES) picks among the feasible ones."""
        out = {}
        for b, name in enumerate(BASELINES):
            r = _rec_baseline(self, b)
            out[name] = None if r < 0 else r
        return out

    @property
    def price_stability(self) -> float | None:
        """The fraction of price draws whose first choice stays; None when none."""
        return _nan_none(_rec_stability(self))

    @property
    def notes(self) -> list[str]:
        """What the figures assume (energy modelled from TDP, ...)."""
        return [_dec(_rec_note(self, k)) for k in range(_rec_note_count(self))]
