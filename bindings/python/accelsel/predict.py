"""The training-time predictor (accelsel/predict.h)."""
from __future__ import annotations

import collections.abc
import contextlib
import ctypes
import typing

from . import _ctypes_gen as _c
from ._convert import (Names, Path, Text, _bool_option, _buf, _choice_option, _codes, _dec, _int_option,
                       _list_option, _names, _real, _real_option, _set_bool, _store, _sz, _text,
                       _text_option, _vector, _vp, _vpp)
from ._handle import _fn, _Handle, _handle_of, _reading, _ReadersWriter, _returned_text, _writing
from .catalog import PRECISIONS, Catalog
from .dataset import Dataset
from .network import Network

__all__ = ['Predictor', 'CalibrationReport', 'PRECISION_AUTO', 'STACKS']

_dbl = ctypes.c_double
_PredictRequest = _c.accelsel_predict_request
PRECISION_AUTO = _c.ACCELSEL_PRECISION_AUTO
_PREDICTION_DOUBLES = ('step_s', 'epoch_s', 'time_to_train_s', 'throughput_samples_s',
                       'per_device_batch', 'global_batch', 'epochs')
_BREAKDOWN = ('compute_s', 'memory_s', 'communication_s', 'exposed_communication_s',
              'overhead_s', 'transfer_s', 'input_s')
_LAYER_TIMES = ('forward_s', 'backward_s', 'update_s', 'compute_s', 'memory_s', 'overhead_s')
_BOUNDS = {v: k for k, v in _codes('ACCELSEL_BOUND_').items()}


_pr_options_init = _fn('accelsel_predictor_options_init', ctypes.c_int,
                       [ctypes.POINTER(_c.accelsel_predictor_options), ctypes.c_uint])
_pr_new = _fn('accelsel_predictor_new', ctypes.c_int,
              [_vpp, 'Catalog', ctypes.POINTER(_c.accelsel_predictor_options)])
_pr_load_file = _fn('accelsel_predictor_load_params_file', ctypes.c_int,
                    [_vpp, 'Catalog', ctypes.c_char_p, ctypes.POINTER(_c.accelsel_predictor_options)])
_pr_load_buffer = _fn('accelsel_predictor_load_params_buffer', ctypes.c_int,
                      [_vpp, 'Catalog', ctypes.c_char_p, _sz, ctypes.POINTER(_c.accelsel_predictor_options)])
_pr_save_file = _fn('accelsel_predictor_save_params_file', ctypes.c_int, ['Predictor', ctypes.c_char_p])
_pr_save_buffer = _fn('accelsel_predictor_save_params_buffer', ctypes.c_int,
                      ['Predictor', ctypes.POINTER(_vp), ctypes.POINTER(_sz)])
_pr_free = _fn('accelsel_predictor_free', None, [_vp], check=False)
_pr_request_init = _fn('accelsel_predict_request_init', ctypes.c_int,
                       [ctypes.POINTER(_PredictRequest), ctypes.c_uint])
_pr_prediction_init = _fn('accelsel_prediction_init', ctypes.c_int,
                          [ctypes.POINTER(_c.accelsel_prediction), ctypes.c_uint])
_pr_predict = _fn('accelsel_predictor_predict', ctypes.c_int,
                  ['Predictor', ctypes.POINTER(_PredictRequest), ctypes.POINTER(_c.accelsel_prediction)])
_pr_predict_layers = _fn('accelsel_predictor_predict_layers', ctypes.c_int,
                         ['Predictor', ctypes.POINTER(_PredictRequest),
                          ctypes.POINTER(_c.accelsel_layer_prediction), _sz, ctypes.POINTER(_sz)])
_pr_epochs = _fn('accelsel_predictor_epochs', ctypes.c_int, ['Predictor', _dbl, ctypes.POINTER(_dbl)])
_pr_ds_options_init = _fn('accelsel_predict_dataset_options_init', ctypes.c_int,
                          [ctypes.POINTER(_c.accelsel_predict_dataset_options), ctypes.c_uint])
_pr_predict_dataset = _fn('accelsel_predictor_predict_dataset', ctypes.c_int,
                          [_vpp, 'Predictor', 'Dataset', ctypes.POINTER(_c.accelsel_predict_dataset_options)])
_pr_append_options_init = _fn('accelsel_append_options_init', ctypes.c_int,
                              [ctypes.POINTER(_c.accelsel_append_options), ctypes.c_uint])
# The _v2 call: the requested rows and then their one-node references, as
# `accelsel rank --with-predictions` appends them (the version-1 call
# appends the requested rows alone, which one_node_references=False asks
# the _v2 call for).
_pr_append = _fn('accelsel_predictor_append_predictions_v2', ctypes.c_int,
                 [_vpp, 'Predictor', 'Dataset', ctypes.POINTER(_PredictRequest), _sz,
                  ctypes.POINTER(_c.accelsel_append_options)])
_pr_sweep = _fn('accelsel_predictor_sweep', ctypes.c_int,
                ['Predictor', ctypes.POINTER(_PredictRequest), ctypes.POINTER(ctypes.c_uint32), _sz, _dbl,
                 ctypes.POINTER(_c.accelsel_sweep_point), ctypes.POINTER(_sz)])
_pr_cal_options_init = _fn('accelsel_calibrate_options_init', ctypes.c_int,
                           [ctypes.POINTER(_c.accelsel_calibrate_options), ctypes.c_uint])
_pr_calibrate = _fn('accelsel_predictor_calibrate', ctypes.c_int,
                    [_vpp, 'Predictor', 'Dataset', ctypes.POINTER(_c.accelsel_calibrate_options)])
_pr_evaluate = _fn('accelsel_predictor_evaluate', ctypes.c_int,
                   [_vpp, 'Predictor', 'Dataset', ctypes.POINTER(_c.accelsel_calibrate_options)])
_pr_report_summary = _fn('accelsel_calibration_report_summary', ctypes.c_int,
                         ['CalibrationReport', ctypes.c_int, ctypes.c_char_p,
                          ctypes.POINTER(_c.accelsel_error_summary)])
_pr_report_table = _fn('accelsel_calibration_report_table', _vp, ['CalibrationReport'], check=False)
_pr_report_free = _fn('accelsel_calibration_report_free', None, [_vp], check=False)
_pr_set_bands = _fn('accelsel_predictor_set_error_bands', ctypes.c_int, ['Predictor', 'Dataset'])
_pr_calibrate_steps = _fn('accelsel_predictor_calibrate_steps', ctypes.c_int, ['Predictor', 'Dataset'])
_pr_predict_steps = _fn('accelsel_predictor_predict_steps', ctypes.c_int, [_vpp, 'Predictor', 'Dataset'])
_pr_evaluate_steps = _fn('accelsel_predictor_evaluate_steps', ctypes.c_int,
                         [_vpp, 'Predictor', 'Dataset'])
_pr_plan_parse = _fn('accelsel_plan_parse', ctypes.c_int, [ctypes.POINTER(_c.accelsel_plan), ctypes.c_char_p])
_pr_predict_plan = _fn('accelsel_predictor_predict_plan', ctypes.c_int,
                       ['Predictor', ctypes.POINTER(_PredictRequest), ctypes.POINTER(_c.accelsel_plan),
                        ctypes.POINTER(_c.accelsel_plan_prediction), _sz, ctypes.POINTER(_sz)])
_pr_sweep_plan = _fn('accelsel_predictor_sweep_plan', ctypes.c_int,
                     ['Predictor', ctypes.POINTER(_PredictRequest), ctypes.POINTER(_c.accelsel_plan),
                      ctypes.POINTER(ctypes.c_uint32), _sz, _dbl, ctypes.POINTER(_c.accelsel_sweep_point),
                      ctypes.POINTER(_c.accelsel_plan_prediction), ctypes.POINTER(_sz)])
_pr_calibrate_plans = _fn('accelsel_predictor_calibrate_plans', ctypes.c_int,
                          [_vpp, 'Predictor', 'Dataset', ctypes.POINTER(_c.accelsel_calibrate_options)])
_pr_evaluate_plans = _fn('accelsel_predictor_evaluate_plans', ctypes.c_int,
                         [_vpp, 'Predictor', 'Dataset', ctypes.POINTER(_c.accelsel_calibrate_options)])
_sharding_name = _fn('accelsel_sharding_name', ctypes.c_char_p, [ctypes.c_uint32], check=False)
_recompute_name = _fn('accelsel_recompute_name', ctypes.c_char_p, [ctypes.c_uint32], check=False)
_stack_name = _fn('accelsel_stack_name', ctypes.c_char_p, [ctypes.c_int32], check=False)
_name_of = {k: _fn('accelsel_%s_name' % k, ctypes.c_char_p, [ctypes.c_uint32], check=False)
            for k in ('recipe_source', 'correction_source', 'error_group')}
# The stacks by the library's names, in the order of their codes (from ACCELSEL_STACK_TUNED, 0).
STACKS = tuple(_stack_name(k).decode() for k in range(_c.ACCELSEL_STACK_COUNT))

# A plan prediction's figures as Predictor.predict(plan=...) groups them (the
# keys of `accelsel predict --plan --format json`).
_PLAN_TOP = ('step_s', 'time_to_train_s', 'throughput_samples_s', 'tokens_s', 'mfu', 'micro_batches',
             'correction', 'nodes', 'per_node', 'evaluation_s')
_PLAN_BREAKDOWN = ('compute_s', 'recompute_s', 'memory_s', 'overhead_s', 'bubble_s', 'optimizer_s')
_PLAN_MEMORY = (('weights', 'weight_bytes'), ('gradients', 'gradient_bytes'),
                ('optimizer_states', 'optimizer_bytes'), ('activations', 'activation_bytes'),
                ('needed', 'memory_needed_bytes'), ('available', 'memory_available_bytes'))

# A configuration: the keyword arguments of Predictor.predict() as a dict.
Config = typing.Mapping[str, typing.Any]


def _stack_code(stack):
    """The ACCELSEL_STACK_* code of a stack name ('tuned' when None)."""
    if stack is None:
        return _c.ACCELSEL_STACK_TUNED
    if not isinstance(stack, str):
        raise TypeError('predict: stack must be a str (one of %s), not %s'
                        % (', '.join(STACKS), type(stack).__name__))
    if stack not in STACKS:
        raise ValueError('predict: unknown stack %r (known: %s)' % (stack, ', '.join(STACKS)))
    return STACKS.index(stack)


def _precision_code(precision):
    """The ACCELSEL_PRECISION_* code of a precision name ('auto' when None)."""
    if precision is None or precision == 'auto':
        return PRECISION_AUTO
    if not isinstance(precision, str):
        return precision  # a code, checked as an integer by _store
    if precision not in PRECISIONS:
        raise ValueError('precision %r is not auto or one of %s' % (precision, ', '.join(PRECISIONS)))
    return PRECISIONS.index(precision)


def _predictor_options(calibrate_builtin=None, physical=None, max_yaml_nodes=None):
    """None: ACCELSEL_PREDICTOR_OPTIONS_INIT's (no calibration now, not
    physical, the library's YAML node limit)."""
    o = _c.accelsel_predictor_options()
    _pr_options_init(ctypes.byref(o), _c.ACCELSEL_PREDICTOR_OPTIONS_VERSION)
    _store(o, 'Predictor', max_yaml_nodes=max_yaml_nodes)
    _set_bool(o, 'calibrate_builtin', calibrate_builtin, 'Predictor: calibrate_builtin')
    _set_bool(o, 'physical', physical, 'Predictor: physical')
    return o


def _calibrate_options(holdout_rounds=None, huber_delta=None, shrink_rows=None, corrections=None,
                       n_threads=None):
    """holdout_rounds: 'R1,R2' (str or bytes) or a list of round names. None:
    ACCELSEL_CALIBRATE_OPTIONS_INIT's (no rounds held out, huber_delta 0.1,
    shrink_rows 1, corrections fitted, all cores)."""
    o = _c.accelsel_calibrate_options()
    _pr_cal_options_init(ctypes.byref(o), _c.ACCELSEL_CALIBRATE_OPTIONS_VERSION)
    if isinstance(holdout_rounds, (str, bytes, bytearray)):
        o.holdout_rounds = _text(holdout_rounds, 'calibrate: holdout_rounds')
    elif holdout_rounds is not None:
        o.holdout_rounds = b','.join(_text(r, 'a round in calibrate: holdout_rounds')
                                     for r in _names(holdout_rounds, 'calibrate: holdout_rounds'))
    _store(o, 'calibrate', huber_delta=huber_delta, shrink_rows=shrink_rows, n_threads=n_threads)
    _set_bool(o, 'no_corrections', corrections, 'calibrate: corrections', negate=True)
    return o


def _plan_of(plan, what):
    """The accelsel_plan of a plan spec (a str, see Predictor.predict)."""
    if not isinstance(plan, str):
        raise TypeError('%s: plan must be a str (a plan spec or \'auto\'), not %s'
                        % (what, type(plan).__name__))
    fixed = _c.accelsel_plan()
    _pr_plan_parse(ctypes.byref(fixed), _text(plan, what + ': plan'))
    return fixed


def _plan_dict(p):
    """One accelsel_plan_prediction as Predictor.predict(plan=...) gives it."""
    pl = p.plan
    d = {'plan': {'tp': pl.tp, 'pp': pl.pp, 'dp': pl.dp, 'cp': pl.cp, 'micro_batch': pl.micro_batch,
                  'interleave': pl.interleave,
                  'sequence_parallel': pl.sequence_parallel == _c.ACCELSEL_PLAN_ON,
                  'sharding': _dec(_sharding_name(pl.sharding)),
                  'recompute': _dec(_recompute_name(pl.recompute))}}
    d.update({f: getattr(p, f) for f in _PLAN_TOP})
    d['time_to_train_min'] = p.time_to_train_s / 60.0
    d['communication'] = {k: {'s': getattr(p, k + '_s'), 'exposed_s': getattr(p, k + '_exposed_s')}
                          for k in ('tp', 'cp', 'pp', 'dp')}
    d['breakdown'] = {f: getattr(p, f) for f in _PLAN_BREAKDOWN}
    d['memory'] = {k: getattr(p, f) for k, f in _PLAN_MEMORY}
    return d


class CalibrationReport(_Handle):
    """What a calibration found: errors of the predicted time to train per
    accelerator family, on the rows fitted ('fit') and held out ('holdout')."""
    _free = _pr_report_free
    _SETS = _codes('ACCELSEL_CALIBRATION_')

    def summary(self, set: str = 'fit', family: str | None = None) -> dict[str, float]:
        """{'rows', 'median_ape', 'p90_ape'} of a family (None: all rows) in a set;
        NaN figures when the set has no rows."""
        code = _choice_option(set, 'summary: set', self._SETS, 'fit')
        s = _c.accelsel_error_summary(version=_c.ACCELSEL_ERROR_SUMMARY_VERSION)
        _pr_report_summary(self, code, _text_option(family, 'summary: family'), ctypes.byref(s))
        return {'rows': s.rows, 'median_ape': s.median_ape, 'p90_ape': s.p90_ape}

    def table(self) -> dict[str, list[typing.Any]]:
        """The report as a dict of columns: set, family, rows, median_ape, p90_ape."""
        return Dataset._borrowed(_pr_report_table(self), self).to_dict()


class Predictor(_Handle):
    """The training-time predictor (include/accelsel/predict.h, docs/predictor.md).

    Predictor(catalog=None, calibrate_builtin=None, physical=None): the fit
    on the built-in MLPerf rows shipped with the library (with
    calibrate_builtin, that fit made now against this catalog; with physical,
    the compiled-in starting values, no corrections and no error bands) over a
    catalog (the built-in one when None). The predictor
    uses the catalog until it is freed: closing the Catalog before then ends
    that object's use at once and frees the catalog after the predictor (see
    _Handle). Predictor.load(path) / from_params(text) read saved parameters.

    Configurations are keyword arguments: device or system, count, nodes,
    per_node, intra_link, inter_link, host_cpu, host_cores_per_node, batch
    (global), precision ('auto', 'fp32', ...), epochs, epoch_samples, samples
    (in all, instead of epochs), sample_bytes, correction (False: the physical
    model alone), threads (a CPU device: the cores that run the step), stack
    ('tuned', the default, or 'eager': see STACKS). network is a Network or a
    zoo name. Every key is checked for its type before any default applies:
    names take a str, count, nodes, per_node, host_cores_per_node and
    threads an integer (not a bool), batch, epochs, epoch_samples, samples
    and sample_bytes a real number, correction (as calibrate_builtin and
    physical) a bool; anything else is a TypeError naming the key. None
    alone means the default (as the key left out), the library's
    (ACCELSEL_PREDICT_REQUEST_INIT, ACCELSEL_PREDICTOR_OPTIONS_INIT: not
    calibrate_builtin, not physical, corrections applied, the tuned stack):
    0, '', False or [] are never read as "not given".

    Threads: any number of threads may predict with one Predictor at once;
    calibrate() waits for the calls in progress to end and holds new ones
    back while it runs (the C predictor must not be read while it changes)."""
    _free = _pr_free
    _CONFIG = ('device', 'system', 'count', 'nodes', 'per_node', 'intra_link', 'inter_link',
               'host_cpu', 'host_cores_per_node', 'batch', 'precision', 'epochs',
               'epoch_samples', 'samples', 'sample_bytes', 'correction', 'threads', 'stack')

    def __init__(self, catalog: Catalog | None = None, calibrate_builtin: bool | None = None,
                 physical: bool | None = None) -> None:
        """The shipped fit over catalog (see the class)."""
        self._open(_pr_new, catalog,
                   ctypes.byref(_predictor_options(calibrate_builtin, physical)))

    def _open(self, make, catalog, *args):
        """Make the predictor with make(out, catalog, *args) over catalog (the
        built-in one when None), which it borrows until it is freed."""
        catalog = catalog if catalog is not None else Catalog.builtin()
        self._rw = _ReadersWriter()
        out = _vp()
        make(ctypes.byref(out), catalog, *args)
        _Handle.__init__(self, out.value, borrows=(catalog,))

    @classmethod
    def load(cls, path: Path, catalog: Catalog | None = None) -> Predictor:
        """Parameters from a YAML file written by save()."""
        self = cls.__new__(cls)
        self._open(_pr_load_file, catalog, _text(path, 'path'), ctypes.byref(_predictor_options()))
        return self

    @classmethod
    def from_params(cls, text: Text, catalog: Catalog | None = None) -> Predictor:
        """Parameters from YAML text (str or bytes); a file: load()."""
        data = _buf(text)
        self = cls.__new__(cls)
        self._open(_pr_load_buffer, catalog, data, len(data), ctypes.byref(_predictor_options()))
        return self

    @property
    def catalog(self) -> Catalog:
        """The catalog the predictor uses, usable while the predictor is open
        (also once the Catalog given to it is closed)."""
        catalog, = self._borrows
        return Catalog._borrowed(catalog._ptr, self)

    @_reading
    def save(self, path: Path | None = None) -> str | None:
        """The parameters as YAML: written to path, or returned as a str."""
        if path is not None:
            _pr_save_file(self, _text(path, 'path'))
            return None
        return _returned_text(_pr_save_buffer, self)

    @contextlib.contextmanager
    def _requests(self, network, configs):
        """The requests of configs (dicts, see the class) on network, for the
        with-block, which holds the network as _Call holds an argument: the
        C request borrows it for the call, and per-layer names point into it."""
        net = _handle_of(Network.zoo(network) if isinstance(network, str) else network, Network, 'network')
        with net._held() as ptr:
            yield [self._request(ptr, c) for c in configs]

    # The request's field of each configuration key that is a number.
    _NUMBERS = {'count': 'count', 'nodes': 'nodes', 'per_node': 'per_node',
                'host_cores_per_node': 'host_cores_per_node', 'threads': 'threads',
                'batch': 'global_batch', 'epochs': 'epochs', 'epoch_samples': 'epoch_samples',
                'samples': 'total_samples', 'sample_bytes': 'sample_bytes'}

    def _request(self, network, config):
        """The request of one configuration on the network pointer (see _requests
        and the class: every key through its option rule, None its default)."""
        if not isinstance(config, collections.abc.Mapping):
            raise TypeError('a configuration must be a dict of the keys of Predictor, not %s'
                            % type(config).__name__)
        unknown = set(config) - set(self._CONFIG)
        if unknown:
            raise TypeError('unknown configuration keys: %s' % ', '.join(sorted(map(str, unknown))))
        r = _PredictRequest()
        _pr_request_init(ctypes.byref(r), _c.ACCELSEL_PREDICT_REQUEST_VERSION)
        r.network = network
        for key in ('device', 'system', 'intra_link', 'inter_link', 'host_cpu'):
            setattr(r, key, _text_option(config.get(key), 'predict: ' + key))
        types = dict(_PredictRequest._fields_)
        for key, field in self._NUMBERS.items():
            value = config.get(key)
            if value is None:
                continue  # the request's default
            what = 'predict: ' + key
            setattr(r, field, _real_option(value, what) if types[field] is _dbl
                    else _int_option(value, what, types[field]))
        _store(r, 'predict', precision=_precision_code(config.get('precision')),
               stack=_stack_code(config.get('stack')))
        _set_bool(r, 'no_correction', config.get('correction'), 'predict: correction', negate=True)
        return r

    @_reading
    def predict(self, network: Network | str, plan: str | None = None,
                **config: typing.Any) -> dict[str, typing.Any]:
        """One configuration: a dict with step_s, epoch_s, time_to_train_s,
        time_to_train_min, throughput_samples_s, per_device_batch, global_batch,
        epochs, precision (name), count, nodes, per_node, device (name), the
        breakdown per step ('breakdown': compute_s, memory_s, communication_s,
        exposed_communication_s, overhead_s, transfer_s, input_s),
        memory_needed_bytes, memory_available_bytes, correction, where the
        correction, epochs and samples per epoch came from (correction_source:
        'none', 'device', 'device-count', 'other-workload', 'disabled' or
        'other-stack';
        epochs_source, epoch_samples_source: 'request', 'network', 'fit' or
        'assumed') and the held-out error band ('error_band': group 'a', 'b',
        'c', 'steps' or 'none', median_pct, p90_pct; NaN figures for 'none').

        With plan, a transformer's training under a parallel plan (network
        built from a transformer's sizes: a zoo LLM, load_hf(), a YAML
        'transformer' section): plan is a str as `accelsel predict --plan`
        takes it (accelsel_plan_parse(): 'auto', or KEY=VALUE terms such as
        'tp=8,pp=4,dp=...,mbs=1,recompute=selective', keys left out
        searched), batch is the global batch in sequences (None: one per
        device) and precision may be 'fp8'. The fastest plan that fits
        memory, as `accelsel predict --plan --format json` gives it: a dict
        with 'plan' (tp, pp, dp, cp, micro_batch, interleave,
        sequence_parallel (a bool), sharding ('none', 'zero1', 'zero2',
        'zero3'), recompute ('none', 'selective', 'full')), step_s,
        time_to_train_s, time_to_train_min, throughput_samples_s, tokens_s,
        mfu, micro_batches, 'communication' ({'tp', 'cp', 'pp', 'dp'}: each
        {'s', 'exposed_s'}), 'breakdown' (compute_s, recompute_s, memory_s,
        overhead_s, bubble_s, optimizer_s), 'memory' (bytes: weights,
        gradients, optimizer_states, activations, needed, available) and
        'next_best', the second fastest plan's dict (without 'next_best'),
        None when no other plan fits; 'correction' is the plan correction
        calibrate_plans() learned for the device, included in the times. No
        plan fitting memory is an InfeasibleError with the bytes of the
        closest plan by kind."""
        if plan is not None:
            return self._predict_plan(network, plan, config)
        res = _c.accelsel_prediction()
        _pr_prediction_init(ctypes.byref(res), _c.ACCELSEL_PREDICTION_VERSION)
        with self._requests(network, [config]) as (req,):
            _pr_predict(self, ctypes.byref(req), ctypes.byref(res))
        d = {f: getattr(res, f) for f in _PREDICTION_DOUBLES}
        d['time_to_train_min'] = res.time_to_train_s / 60.0
        d.update({f: getattr(res, f) for f in ('count', 'nodes', 'per_node', 'memory_needed_bytes',
                                                'memory_available_bytes', 'correction')})
        d['precision'] = PRECISIONS[res.precision]
        d['device'] = self.catalog._entry_name('device', res.device_index)
        d['breakdown'] = {f: getattr(res, f) for f in _BREAKDOWN}
        for key, kind in (('correction_source', 'correction_source'),
                          ('epochs_source', 'recipe_source'),
                          ('epoch_samples_source', 'recipe_source')):
            d[key] = _name_of[kind](getattr(res, key)).decode()
        d['error_band'] = {'group': _name_of['error_group'](res.error_group).decode(),
                           'median_pct': res.error_median_pct, 'p90_pct': res.error_p90_pct}
        return d

    def _predict_plan(self, network, plan, config):
        """predict(network, plan=SPEC, **config): see predict()."""
        fixed = _plan_of(plan, 'predict')
        out = (_c.accelsel_plan_prediction * 2)()
        for o in out:
            o.version = _c.ACCELSEL_PLAN_PREDICTION_VERSION
        n = _sz()
        with self._requests(network, [config]) as (req,):
            _pr_predict_plan(self, ctypes.byref(req), ctypes.byref(fixed), out, 2, ctypes.byref(n))
        best = _plan_dict(out[0])
        best['next_best'] = _plan_dict(out[1]) if n.value > 1 else None
        return best

    @_reading
    def layers(self, network: Network | str, **config: typing.Any) -> list[dict[str, typing.Any]]:
        """The per-layer table: one dict per layer (name, forward_s, backward_s,
        update_s, compute_s, memory_s, overhead_s, bound)."""
        n = _sz()
        with self._requests(network, [config]) as (req,):
            _pr_predict_layers(self, ctypes.byref(req), None, 0, ctypes.byref(n))
            rows = (_c.accelsel_layer_prediction * max(n.value, 1))()
            _pr_predict_layers(self, ctypes.byref(req), rows, n.value, ctypes.byref(n))
            return [dict({'name': _dec(r.name), 'bound': _BOUNDS.get(r.bound)},
                         **{f: getattr(r, f) for f in _LAYER_TIMES}) for r in rows[:n.value]]

    @_reading
    def epochs(self, global_batch: float) -> float:
        """Epochs to converge at a global batch, by the relation fitted on MLPerf."""
        e = _dbl()
        _pr_epochs(self, _real(global_batch, 'global_batch'), ctypes.byref(e))
        return e.value

    @_reading
    def predict_dataset(self, dataset: Dataset, n_threads: int | None = None,
                        correction: bool | None = None) -> Dataset:
        """Every row of a dataset in the built-in format, predicted from its
        configuration columns: a new Dataset with the predicted columns added.
        None: the library's default (ACCELSEL_PREDICT_DATASET_OPTIONS_INIT:
        all cores, corrections applied)."""
        o = _c.accelsel_predict_dataset_options()
        _pr_ds_options_init(ctypes.byref(o), _c.ACCELSEL_PREDICT_DATASET_OPTIONS_VERSION)
        _store(o, 'predict_dataset', n_threads=n_threads)
        _set_bool(o, 'no_correction', correction, 'predict_dataset: correction', negate=True)
        return Dataset._make(_pr_predict_dataset, self, dataset, ctypes.byref(o))

    @_reading
    def append_predictions(self, dataset: Dataset, network: Network | str,
                           configs: typing.Iterable[Config],
                           one_node_references: bool | None = None) -> Dataset:
        """A new Dataset: the rows of dataset, then one predicted row per
        configuration dict (see the class), then, with one_node_references,
        the configurations' one-node references, every new row with a
        'predicted' column of 1 (0 on the rows of dataset).

        A row's efficiency E' is measured against the row of its device with
        the fewest accelerators in its round, and every predicted row is in
        round 'predicted'. So each catalog system, and each device asked for
        without a system, whose smallest configuration spans several nodes
        and none of whose configurations is one node, gets one more row: that
        configuration at one node (a device: count = the accelerators per
        node of its prediction; a batch it sets scaled to the same samples per
        device), as `accelsel rank --with-predictions` appends it
        (accelsel_predictor_references(), docs/predictor.md).

        configs is a list of dicts (see _list_option): one dict alone is a
        TypeError. one_node_references is a bool; None: the library's
        default, ACCELSEL_APPEND_OPTIONS_INIT (True: the references are
        appended); False appends the requested rows alone."""
        configs = _list_option(configs, 'configs', 'configuration dicts')
        o = _c.accelsel_append_options()
        _pr_append_options_init(ctypes.byref(o), _c.ACCELSEL_APPEND_OPTIONS_VERSION)
        if one_node_references is not None:
            o.one_node_references = _bool_option(one_node_references,
                                                 'append_predictions: one_node_references')
        with self._requests(network, configs) as reqs:
            arr = (_PredictRequest * max(len(reqs), 1))(*reqs)
            return Dataset._make(_pr_append, self, dataset, arr, len(reqs), ctypes.byref(o))

    @_reading
    def sweep(self, network: Network | str, counts: typing.Iterable[int], threshold: float = 0.8,
              plan: str | None = None, **config: typing.Any) -> tuple[list[dict[str, typing.Any]], int]:
        """The configuration at each accelerator count: (points, sweet) with
        points a list of dicts (count, time_to_train_s, step_s,
        throughput_samples_s, speedup, efficiency) and sweet the index of the
        largest count whose efficiency stays at or above threshold. counts is
        a list of integers (a str or a dict is a TypeError); threshold a
        number (None: 0.8). With plan (a spec as predict() takes it), a
        transformer with its fastest plan searched at each count
        (accelsel_predictor_sweep_plan(): batch, when given, fixed at every
        count, else one sequence per device; samples or the network's recipe
        to train), each point with 'plan', the dict predict(plan=...) gives
        (without 'next_best')."""
        arr, n = _vector(counts, 'counts', ctype=ctypes.c_uint32, of='integers')
        threshold = _real_option(threshold, 'sweep: threshold', 0.8)
        fixed = _plan_of(plan, 'sweep') if plan is not None else None
        pts = (_c.accelsel_sweep_point * max(n, 1))()
        plans = (_c.accelsel_plan_prediction * max(n, 1))()
        for o in plans:
            o.version = _c.ACCELSEL_PLAN_PREDICTION_VERSION
        sweet = _sz()
        with self._requests(network, [config]) as (req,):
            if fixed is None:
                _pr_sweep(self, ctypes.byref(req), arr, n, threshold, pts, ctypes.byref(sweet))
            else:
                _pr_sweep_plan(self, ctypes.byref(req), ctypes.byref(fixed), arr, n, threshold, pts,
                               plans, ctypes.byref(sweet))
        points = [{f: getattr(p, f) for f, _ in p._fields_} for p in pts[:n]]
        if fixed is not None:
            for point, p in zip(points, plans):
                point['plan'] = _plan_dict(p)
        return points, sweet.value

    @_writing
    def calibrate(self, dataset: Dataset, holdout_rounds: str | Names | None = None,
                  huber_delta: float | None = None, shrink_rows: float | None = None,
                  corrections: bool | None = None, n_threads: int | None = None) -> CalibrationReport:
        """Fit the parameters on a dataset's rows (the predictor changes) and
        return the CalibrationReport."""
        o = _calibrate_options(holdout_rounds, huber_delta, shrink_rows, corrections, n_threads)
        return CalibrationReport._make(_pr_calibrate, self, dataset, ctypes.byref(o))

    @_writing
    def calibrate_plans(self, dataset: Dataset, holdout_rounds: str | Names | None = None,
                        huber_delta: float | None = None, shrink_rows: float | None = None,
                        corrections: bool | None = None,
                        n_threads: int | None = None) -> CalibrationReport:
        """Fit the parallel plans' parameters and corrections on the rows of
        MLPerf's LLM benchmarks in a dataset (accelsel_predictor_calibrate_plans();
        the predictor changes, its ResNet-50 fit does not) and return the
        CalibrationReport."""
        o = _calibrate_options(holdout_rounds, huber_delta, shrink_rows, corrections, n_threads)
        return CalibrationReport._make(_pr_calibrate_plans, self, dataset, ctypes.byref(o))

    @_reading
    def evaluate_plans(self, dataset: Dataset, holdout_rounds: str | Names | None = None,
                       huber_delta: float | None = None, shrink_rows: float | None = None,
                       corrections: bool | None = None, n_threads: int | None = None) -> Dataset:
        """The held-out protocols of the plan fit on the LLM rows, per
        benchmark, beside the lookup and linear scaling, as a Dataset
        (accelsel_predictor_evaluate_plans(); holdout_rounds None: the
        latest round of the rows)."""
        o = _calibrate_options(holdout_rounds, huber_delta, shrink_rows, corrections, n_threads)
        return Dataset._make(_pr_evaluate_plans, self, dataset, ctypes.byref(o))

    @_reading
    def evaluate(self, dataset: Dataset, holdout_rounds: str | Names | None = None,
                 huber_delta: float | None = None, shrink_rows: float | None = None,
                 corrections: bool | None = None, n_threads: int | None = None) -> Dataset:
        """The held-out protocols (rounds, leave-one-round-out,
        leave-one-family-out) beside the naive peer, as a Dataset."""
        o = _calibrate_options(holdout_rounds, huber_delta, shrink_rows, corrections, n_threads)
        return Dataset._make(_pr_evaluate, self, dataset, ctypes.byref(o))

    @_writing
    def set_error_bands(self, evaluation: Dataset) -> None:
        """Take the error bands of the groups an evaluation table has rows of
        (a, b, c from evaluate() of the rows this predictor was calibrated on;
        steps from evaluate_steps()); the others stay. save() keeps them."""
        _pr_set_bands(self, _handle_of(evaluation, Dataset, 'evaluation'))

    @_writing
    def calibrate_steps(self, steps: Dataset) -> None:
        """Fit the eager stack's parameters on step measurements (a Dataset of
        load_steps() or builtin_steps()); the predictor changes."""
        _pr_calibrate_steps(self, _handle_of(steps, Dataset, 'steps'))

    @_reading
    def predict_steps(self, steps: Dataset) -> Dataset:
        """Every step row predicted, as a Dataset: network, device, stack,
        threads, batch, measured_step_s, predicted_step_s, ape."""
        return Dataset._make(_pr_predict_steps, self, _handle_of(steps, Dataset, 'steps'))

    @_reading
    def evaluate_steps(self, steps: Dataset) -> Dataset:
        """Leave one network out on step rows, as a Dataset: per network and
        'all', rows, start_median_ape, model_median_ape, model_p90_ape,
        model_worst_times."""
        return Dataset._make(_pr_evaluate_steps, self, _handle_of(steps, Dataset, 'steps'))


