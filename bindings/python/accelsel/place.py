"""Placement of training jobs on a cluster (accelsel/place.h, docs/placement.md)."""
from __future__ import annotations

import collections.abc
import ctypes
import typing

from . import _ctypes_gen as _c
from ._convert import (Path, Text, _buf, _choice_option, _dec, _int_option, _real_option,
                       _store, _text, _text_option, _vp, _vpp, _sz)
from ._handle import _fn, _handle_of, _Handle, _reading, _ReadersWriter, _returned_text, _writing
from .catalog import PRECISIONS, Catalog
from .network import Network
from .predict import Predictor, _precision_code, _stack_code

__all__ = ['Cluster', 'parse_job', 'POLICIES', 'MARGINS']

_u32 = ctypes.c_uint32
_Busy = _c.accelsel_busy
_Spec = _c.accelsel_partition_spec
_Job = _c.accelsel_job_spec
_Options = _c.accelsel_place_options
_Decision = _c.accelsel_decision

_cl_new = _fn('accelsel_place_cluster_new', ctypes.c_int, [_vpp, 'Catalog'])
_cl_load_file = _fn('accelsel_place_cluster_load_file', ctypes.c_int,
                    [_vpp, 'Catalog', ctypes.c_char_p])
_cl_load_buffer = _fn('accelsel_place_cluster_load_buffer', ctypes.c_int,
                      [_vpp, 'Catalog', ctypes.c_char_p, _sz])
_cl_save_file = _fn('accelsel_place_cluster_save_file', ctypes.c_int, ['Cluster', ctypes.c_char_p])
_cl_save_buffer = _fn('accelsel_place_cluster_save_buffer', ctypes.c_int,
                      ['Cluster', ctypes.POINTER(_vp), ctypes.POINTER(_sz)])
_cl_free = _fn('accelsel_place_cluster_free', None, [_vp], check=False)
_cl_spec_init = _fn('accelsel_partition_spec_init', ctypes.c_int,
                    [ctypes.POINTER(_Spec), ctypes.c_uint])
_cl_add = _fn('accelsel_place_cluster_add', ctypes.c_int, ['Cluster', ctypes.POINTER(_Spec)])
_cl_set_now = _fn('accelsel_place_cluster_set_now', ctypes.c_int, ['Cluster', ctypes.c_double])
_cl_set_state = _fn('accelsel_place_cluster_set_state', ctypes.c_int,
                    ['Cluster', _sz, _u32, ctypes.POINTER(_Busy), _sz])
_cl_take = _fn('accelsel_place_cluster_take', ctypes.c_int,
               ['Cluster', _sz, _u32, ctypes.c_double, ctypes.c_double])
_cl_partitions = _fn('accelsel_place_cluster_partitions', _sz, ['Cluster'], check=False)
_cl_partition = _fn('accelsel_place_cluster_partition', ctypes.POINTER(_c.accelsel_partition_info),
                    ['Cluster', _sz], check=False)
_cl_now = _fn('accelsel_place_cluster_now', ctypes.c_double, ['Cluster'], check=False)
_cl_find = _fn('accelsel_place_cluster_find', ctypes.c_int, ['Cluster', ctypes.c_char_p,
                                                             ctypes.POINTER(_sz)])
_job_init = _fn('accelsel_job_spec_init', ctypes.c_int, [ctypes.POINTER(_Job), ctypes.c_uint])
_job_parse = _fn('accelsel_job_spec_parse', ctypes.c_int,
                 [ctypes.POINTER(_Job), ctypes.POINTER(_vp), ctypes.c_char_p])
_job_new = _fn('accelsel_place_job_new', ctypes.c_int,
               [_vpp, 'Predictor', 'Cluster', ctypes.POINTER(_Job)])
_job_free = _fn('accelsel_place_job_free', None, [_vp], check=False)
_opt_init = _fn('accelsel_place_options_init', ctypes.c_int,
                [ctypes.POINTER(_Options), ctypes.c_uint])
_decide = _fn('accelsel_place_decide', ctypes.c_int,
              [ctypes.POINTER(_Decision), _vp, ctypes.POINTER(_Options)])
_policy_name = _fn('accelsel_place_policy_name', ctypes.c_char_p, [_u32], check=False)
_margin_name = _fn('accelsel_place_margin_name', ctypes.c_char_p, [_u32], check=False)
_group_name = _fn('accelsel_error_group_name', ctypes.c_char_p, [_u32], check=False)
_free = _fn('accelsel_free', None, [_vp], check=False)

# The library's names of the policies and margins, in the order of their codes.
POLICIES = tuple(_policy_name(k).decode() for k in range(_c.ACCELSEL_POLICY_COUNT))
MARGINS = tuple(_margin_name(k).decode() for k in range(_c.ACCELSEL_MARGIN_COUNT))

# A busy group: (count, until), (count, from, until) or a dict of those keys.
Busy = typing.Union[typing.Sequence[float], typing.Mapping[str, float]]


class Cluster(_Handle):
    """A cluster for placement: partitions and their state (include/accelsel/place.h).

    Cluster(catalog): an empty cluster over catalog (which it uses until it
    is freed; see _Handle), filled with add(), set_now(), set_state() and
    take(); Cluster.load(catalog, path) and Cluster.loads(catalog, text)
    read a cluster file (docs/placement.md). place() decides where a job
    runs. A partition is named by its name or its index. Threads: any
    number of place() calls may run on one Cluster at once; the calls that
    change it wait for them and run alone."""
    _free = _cl_free

    def __init__(self, catalog: Catalog) -> None:
        """An empty cluster (no partitions, clock at 0) over catalog."""
        self._open(_cl_new, catalog)

    def _open(self, make, catalog, *args):
        catalog = _handle_of(catalog, Catalog, 'catalog')
        self._rw = _ReadersWriter()
        out = _vp()
        make(ctypes.byref(out), catalog, *args)
        _Handle.__init__(self, out.value, borrows=(catalog,))

    @classmethod
    def load(cls, catalog: Catalog, path: Path) -> Cluster:
        """A cluster file (YAML: docs/placement.md, "Cluster files")."""
        self = cls.__new__(cls)
        self._open(_cl_load_file, catalog, _text(path, 'path'))
        return self

    @classmethod
    def loads(cls, catalog: Catalog, text: Text) -> Cluster:
        """A cluster from the YAML text of a cluster file (str or bytes)."""
        data = _buf(text)
        self = cls.__new__(cls)
        self._open(_cl_load_buffer, catalog, data, len(data))
        return self

    @_reading
    def save(self, path: Path | None = None) -> str | None:
        """The cluster as YAML: written to path, or returned as a str."""
        if path is not None:
            _cl_save_file(self, _text(path, 'path'))
            return None
        return _returned_text(_cl_save_buffer, self)

    @_writing
    def add(self, name: str, device: str | None = None, system: str | None = None,
            nodes: int | None = None, per_node: int | None = None, intra_link: str | None = None,
            inter_link: str | None = None, host_cpu: str | None = None) -> None:
        """Append a partition, all of its accelerators free: a catalog device
        or a system (not both), nodes and accelerators per node (a system's
        by default), optional links and host CPU (the predictor's defaults)."""
        s = _Spec()
        _cl_spec_init(ctypes.byref(s), _c.ACCELSEL_PARTITION_SPEC_VERSION)
        s.name = _text(name, 'add: name')
        for key, value in (('device', device), ('system', system), ('intra_link', intra_link),
                           ('inter_link', inter_link), ('host_cpu', host_cpu)):
            setattr(s, key, _text_option(value, 'add: ' + key))
        _store(s, 'add', nodes=nodes, per_node=per_node)
        _cl_add(self, ctypes.byref(s))

    @property
    def now(self) -> float:
        """The clock of the state, seconds."""
        return _cl_now(self)

    @_writing
    def set_now(self, now: float) -> None:
        """Set the clock; groups whose from has come count as in use."""
        _cl_set_now(self, _real_option(now, 'set_now: now'))

    def _index(self, partition):
        if isinstance(partition, str):
            i = _sz()
            _cl_find(self, _text(partition, 'partition'), ctypes.byref(i))
            return i.value
        return _int_option(partition, 'partition', _sz)

    @_writing
    def set_state(self, partition: int | str, free: int,
                  busy: typing.Iterable[Busy] | None = None) -> None:
        """The state of a partition at the clock: free accelerators and busy
        groups, each (count, until), (count, from, until) or a dict of those
        keys (from 0: in use now; later: held); the rest of it is down."""
        groups = [_busy(g) for g in (busy if busy is not None else [])]
        arr = (_Busy * max(len(groups), 1))(*groups)
        _cl_set_state(self, self._index(partition), _int_option(free, 'set_state: free', _u32),
                      arr, len(groups))

    @_writing
    def take(self, partition: int | str, count: int, start: float, until: float) -> None:
        """Hold count accelerators of a partition from start until until: a
        placed job's (its placement's start_s and completion_s)."""
        _cl_take(self, self._index(partition), _int_option(count, 'take: count', _u32),
                 _real_option(start, 'take: start'), _real_option(until, 'take: until'))

    @_reading
    def find(self, name: str) -> int:
        """The index of the partition called name (exactly)."""
        return self._index(_text(name, 'name').decode())

    @property
    @_reading
    def partitions(self) -> list[dict[str, typing.Any]]:
        """Every partition as a dict: name, device, system (None for a device),
        nodes, per_node, total, free, busy (a list of dicts: count, from,
        until), intra_link, inter_link, host_cpu (None: the defaults)."""
        with self._held():
            cat, = self._borrows
            out = []
            for i in range(_cl_partitions(self)):
                p = _cl_partition(self, i).contents
                out.append({
                    'name': _dec(p.name), 'device': cat._entry_name('device', p.device),
                    'system': cat._entry_name('system', p.system), 'nodes': p.nodes,
                    'per_node': p.per_node, 'total': p.total, 'free': p.free,
                    'busy': [_busy_dict(p.busy[k]) for k in range(p.n_busy)],
                    'intra_link': cat._entry_name('link', p.intra_link),
                    'inter_link': cat._entry_name('link', p.inter_link),
                    'host_cpu': cat._entry_name('device', p.host_cpu)})
            return out


    def place(self, predictor: Predictor, network: Network | str,
              global_batch: float | None = None, per_device_batch: float | None = None,
              epochs: float | None = None, total_samples: float | None = None,
              precision: str | None = None, stack: str | None = None,
              min_count: int | None = None, max_count: int | None = None,
              deadline: float | None = None,
              partitions: str | typing.Iterable[str] | None = None, policy: str | None = None,
              margin: str | None = None) -> dict[str, typing.Any]:
        """Where a training job runs on the cluster's state: a dict with the
        policy, the choice (partition name, count, nodes, per_node,
        precision, start_s, run_s, completion_s, time_limit_s, margin_pct,
        error_group, deadline_met, accelerator_hours, throughput_samples_s)
        and up to two alternatives of that form on other partitions. The
        job's keywords are accelsel_job_spec's (None: the library's default;
        partitions a list of names or a comma-separated str); policy one of
        POLICIES, margin one of MARGINS. The predictor must use the
        cluster's catalog."""
        s = _Job()
        _job_init(ctypes.byref(s), _c.ACCELSEL_JOB_SPEC_VERSION)
        _store(s, 'place', global_batch=global_batch, per_device_batch=per_device_batch,
               epochs=epochs, total_samples=total_samples, min_count=min_count,
               max_count=max_count, deadline=deadline, precision=_precision_code(precision),
               stack=_stack_code(stack))
        if partitions is not None and not isinstance(partitions, (str, bytes)):
            partitions = ','.join(_text(p, 'place: partitions').decode() for p in partitions)
        s.partitions = _text_option(partitions, 'place: partitions')
        o = _Options()
        _opt_init(ctypes.byref(o), _c.ACCELSEL_PLACE_OPTIONS_VERSION)
        if policy is not None:
            o.policy = POLICIES.index(_choice_option(policy, 'place: policy', POLICIES))
        if margin is not None:
            o.margin = MARGINS.index(_choice_option(margin, 'place: margin', MARGINS))
        net = _handle_of(Network.zoo(network) if isinstance(network, str) else network, Network,
                         'network')
        predictor = _handle_of(predictor, Predictor, 'predictor')
        d = _Decision()
        d.version = _c.ACCELSEL_DECISION_VERSION
        job = _vp()
        with net._held() as ptr, predictor._rw.shared(), self._rw.shared(), self._held():
            s.network = ptr
            try:
                _job_new(ctypes.byref(job), predictor, self, ctypes.byref(s))
                _decide(ctypes.byref(d), job, ctypes.byref(o))
            finally:
                _job_free(job)
            return {'policy': POLICIES[d.policy], 'choice': _placement(self, d.choice),
                    'alternatives': [_placement(self, d.alternatives[k])
                                     for k in range(d.n_alternatives)]}


def _busy(group):
    """An accelsel_busy of (count, until), (count, from, until) or a dict."""
    if isinstance(group, collections.abc.Mapping):
        unknown = set(group) - {'count', 'from', 'until'}
        if unknown:
            raise TypeError('a busy group has count, from and until, not %s'
                            % ', '.join(sorted(map(str, unknown))))
        count, start, until = group.get('count'), group.get('from', 0), group.get('until')
    elif isinstance(group, collections.abc.Sequence) and not isinstance(group, (str, bytes)) \
            and len(group) in (2, 3):
        count, start, until = (group[0], 0, group[1]) if len(group) == 2 else tuple(group)
    else:
        raise TypeError('a busy group is (count, until), (count, from, until) or a dict, not %r'
                        % (group,))
    if count is None or until is None:
        raise TypeError('a busy group needs its count and until')
    g = _Busy()
    g.count = _int_option(count, 'busy: count', _u32)
    g.from_ = _real_option(start, 'busy: from')
    g.until = _real_option(until, 'busy: until')
    return g


def _busy_dict(g):
    return {'count': g.count, 'from': g.from_, 'until': g.until}


# The job's fields: keyword -> (field of accelsel_job_spec, kind).
_JOB = {'global_batch': 'global_batch', 'per_device_batch': 'per_device_batch', 'epochs': 'epochs',
        'total_samples': 'total_samples', 'min_count': 'min_count', 'max_count': 'max_count',
        'deadline': 'deadline'}


def parse_job(text: str) -> dict[str, typing.Any]:
    """The job of a text form KEY=VALUE,... (what a Slurm job's comment
    carries after accelsel:; docs/placement.md): a dict of place()'s
    keywords, network always, the others the text sets."""
    s = _Job()
    _job_init(ctypes.byref(s), _c.ACCELSEL_JOB_SPEC_VERSION)
    name = _vp()
    try:
        _job_parse(ctypes.byref(s), ctypes.byref(name), _text(text, 'text'))
        out: dict[str, typing.Any] = {'network': ctypes.string_at(name.value).decode('utf-8')}
    finally:
        _free(name)
    for key, field in _JOB.items():
        if getattr(s, field) > 0:
            out[key] = getattr(s, field)
    if s.precision != _c.ACCELSEL_PRECISION_AUTO:
        out['precision'] = PRECISIONS[s.precision]
    if s.stack != _c.ACCELSEL_STACK_TUNED:
        out['stack'] = ('tuned', 'eager')[s.stack]
    return out


def _placement(cluster, p):
    return {'partition': _cl_partition(cluster, p.partition).contents.name.decode('utf-8'),
            'count': p.count, 'nodes': p.nodes, 'per_node': p.per_node,
            'precision': PRECISIONS[p.precision], 'start_s': p.start_s, 'run_s': p.run_s,
            'completion_s': p.completion_s, 'time_limit_s': p.time_limit_s,
            'margin_pct': p.margin_pct, 'error_group': _group_name(p.error_group).decode(),
            'deadline_met': bool(p.deadline_met), 'accelerator_hours': p.accelerator_hours,
            'throughput_samples_s': p.throughput_samples_s}
