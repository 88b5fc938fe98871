"""Mapping a DNN's layers onto a system's slots (accelsel/map.h)."""
from __future__ import annotations

import contextlib
import ctypes
import difflib
import math
import typing

from . import _ctypes_gen as _c
from ._convert import (Path, Text, _buf, _codes, _dec, _enc, _int_in_range, _list_option, _name_list,
                       _real_option, _set_choice, _store, _sz, _szp, _text, _text_option, _vector, _vp,
                       _vpp, _whole)
from ._errors import AccelselError, CanceledError, error_of
from ._handle import _callback, _fn, _Handle, _holding, _returned_text
from .catalog import Catalog, _catalog_or_builtin
from .network import Network

__all__ = ['MappingProblem', 'Mapping', 'MappingCanceled', 'STRATEGIES', 'mapping_methods']

_u32 = ctypes.c_uint32
_u64 = ctypes.c_uint64
_i32 = ctypes.c_int32
_ProblemOptionsP = ctypes.POINTER(_c.accelsel_mapping_problem_options)
_SpecP = ctypes.POINTER(_c.accelsel_mapping_spec)
_map_strategy_name = _fn('accelsel_strategy_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_map_strategy_from_name = _fn('accelsel_strategy_from_name', ctypes.c_int, [ctypes.c_char_p])
_map_objective_name = _fn('accelsel_objective_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_map_problem_options_init = _fn('accelsel_mapping_problem_options_init', ctypes.c_int,
                                [_ProblemOptionsP, ctypes.c_uint])
_map_problem_new = _fn('accelsel_mapping_problem_new', ctypes.c_int,
                       [_vpp, 'Catalog', ctypes.c_char_p, 'Network', _ProblemOptionsP])
_map_problem_new_slots = _fn('accelsel_mapping_problem_new_slots', ctypes.c_int,
                             [_vpp, 'Catalog', ctypes.POINTER(_c.accelsel_mapping_slot), _sz, ctypes.c_char_p,
                              'Network', _ProblemOptionsP])
_map_problem_free = _fn('accelsel_mapping_problem_free', None, [_vp], check=False)
_map_problem_slot_count = _fn('accelsel_mapping_problem_slot_count', _sz, ['MappingProblem'], check=False)
_map_problem_layer_count = _fn('accelsel_mapping_problem_layer_count', _sz, ['MappingProblem'], check=False)
_map_problem_layer_name = _fn('accelsel_mapping_problem_layer_name', ctypes.c_char_p, ['MappingProblem', _sz],
                              check=False)
_map_problem_pool_count = _fn('accelsel_mapping_problem_pool_count', _sz, ['MappingProblem', _sz],
                              check=False)
_map_problem_pool_design = _fn('accelsel_mapping_problem_pool_design', ctypes.c_char_p,
                               ['MappingProblem', _sz, _sz], check=False)
_map_problem_system = _fn('accelsel_mapping_problem_system', ctypes.c_char_p, ['MappingProblem'], check=False)
_map_problem_network = _fn('accelsel_mapping_problem_network', ctypes.c_char_p, ['MappingProblem'],
                           check=False)
_map_problem_batch = _fn('accelsel_mapping_problem_batch', ctypes.c_uint32, ['MappingProblem'], check=False)
_map_problem_objective = _fn('accelsel_mapping_problem_objective', ctypes.c_int, ['MappingProblem'])
_map_evaluate = _fn('accelsel_mapping_evaluate', ctypes.c_int,
                    [_vpp, 'MappingProblem', _SpecP])
_map_solve_options_init = _fn('accelsel_mapping_solve_options_init', ctypes.c_int,
                              [ctypes.POINTER(_c.accelsel_mapping_solve_options), ctypes.c_uint])
_map_method_name = _fn('accelsel_mapping_method_name', ctypes.c_char_p, [_sz], check=False)
# On ACCELSEL_ECANCELED the out pointer still holds the best mapping so far.
_map_solve = _fn('accelsel_mapping_solve', ctypes.c_int,
                 [_vpp, 'MappingProblem', ctypes.POINTER(_c.accelsel_mapping_solve_options)])
_map_free = _fn('accelsel_mapping_free', None, [_vp], check=False)
_map_objective_s = _fn('accelsel_mapping_objective_s', ctypes.c_double, ['Mapping'], check=False)
_map_objective = _fn('accelsel_mapping_objective', ctypes.c_int, ['Mapping'])
_map_breakdown = _fn('accelsel_mapping_get_breakdown', ctypes.POINTER(_c.accelsel_mapping_breakdown),
                     ['Mapping'],
                     check=False)
_map_slot_count = _fn('accelsel_mapping_slot_count', _sz, ['Mapping'], check=False)
_map_slot_design = _fn('accelsel_mapping_slot_design', ctypes.c_char_p, ['Mapping', _sz], check=False)
_map_memory_bytes = _fn('accelsel_mapping_memory_bytes', ctypes.c_double, ['Mapping', _sz], check=False)
_map_layer_count = _fn('accelsel_mapping_layer_count', _sz, ['Mapping'], check=False)
_map_layer = _fn('accelsel_mapping_layer', ctypes.POINTER(_c.accelsel_mapping_layer_info), ['Mapping', _sz],
                 check=False)
_map_get_spec = _fn('accelsel_mapping_get_spec', ctypes.c_int, ['Mapping', _SpecP])
_map_method = _fn('accelsel_mapping_method', ctypes.c_char_p, ['Mapping'], check=False)
_map_generations = _fn('accelsel_mapping_generations', ctypes.c_uint32, ['Mapping'], check=False)
_map_evaluations = _fn('accelsel_mapping_evaluations', ctypes.c_uint64, ['Mapping'], check=False)
_map_seconds = _fn('accelsel_mapping_seconds', ctypes.c_double, ['Mapping'], check=False)
_map_history = _fn('accelsel_mapping_history', ctypes.c_int,
                   ['Mapping', ctypes.POINTER(ctypes.POINTER(ctypes.c_double)), _szp])
_map_save_file = _fn('accelsel_mapping_save_file', ctypes.c_int, ['Mapping', ctypes.c_char_p])
_map_save_buffer = _fn('accelsel_mapping_save_buffer', ctypes.c_int, ['Mapping', _vpp, _szp])
_map_load_file = _fn('accelsel_mapping_load_file', ctypes.c_int, [_vpp, 'MappingProblem', ctypes.c_char_p])
_map_load_buffer = _fn('accelsel_mapping_load_buffer', ctypes.c_int,
                       [_vpp, 'MappingProblem', ctypes.c_char_p, _sz])


def _map_names(getter):
    """The names getter(0), getter(1), ... gives until NULL."""
    out, i = [], 0
    while getter(i) is not None:
        out.append(getter(i).decode())
        i += 1
    return out


STRATEGIES = tuple(_map_names(_map_strategy_name))
_OBJECTIVES = _codes('ACCELSEL_OBJECTIVE_')
_MAX_SLOTS = _c.ACCELSEL_MAPPING_MAX_SLOTS

# A slot of MappingProblem.from_slots(): {'device': NAME} or {'designs': [...], ...}.
Slot = typing.Mapping[str, typing.Any]
# A mapping's layer as Mapping.layer() gives it.
Layer = typing.Dict[str, typing.Any]


def mapping_methods() -> list[str]:
    """Names of the solve methods: 'ga' first, then the baselines."""
    return _map_names(_map_method_name)


def _strategy_code(s):
    """The ACCELSEL_STRATEGY_* code of a strategy name (a code as it is)."""
    return _map_strategy_from_name(_enc(s)) if isinstance(s, (str, bytes)) else s


def _slot_mask(slots, what='a group'):
    """A group as a mask: a list of slot indices (a list, a tuple, a range, a
    set, a numpy array; see _list_option: a str, bytes or dict is a
    TypeError naming what), or else an integer mask (range checked).
    Iterability is asked first: a numpy array has __index__ too, which
    raises unless the array is 0-d (and a 0-d array, like an int, cannot be
    iterated)."""
    try:
        iter(slots)
    except TypeError:
        return _int_in_range(slots, _u64, what + ', a group mask')
    mask = 0
    for s in _list_option(slots, what, 'slot indices (or a mask)', sets=True):
        s = _whole(s, what + ': a slot')
        if not 0 <= s < _MAX_SLOTS:
            raise ValueError('%s: slot %r out of range 0..%d' % (what, s, _MAX_SLOTS - 1))
        mask |= 1 << s
    return mask


class Mapping(_Handle):
    """A mapping and its evaluation (immutable): designs per slot, per layer its
    slot group, design, strategy and times, the breakdown and peak memory.
    Made by MappingProblem.solve(), .evaluate() or .load()."""
    _free = _map_free

    @property
    def objective_s(self) -> float:
        """The objective's value in seconds: latency, or the period for throughput."""
        return _map_objective_s(self)

    @property
    def objective(self) -> str:
        """'latency' or 'throughput'."""
        return _dec(_map_objective_name(_map_objective(self)))

    @property
    @_holding
    def breakdown(self) -> dict[str, float]:
        """latency_s, period_s, objective_s, compute_s, communication_s (comm_between_s +
        comm_within_s + comm_host_s), idle_s in slot-seconds, and used_slots."""
        b = _map_breakdown(self).contents
        return {f: getattr(b, f) for f, _ in b._fields_ if f != 'version'}

    @property
    def latency_s(self) -> float:
        """The latency of one batch, in seconds."""
        return self.breakdown['latency_s']

    @property
    def n_slots(self) -> int:
        """The number of slots of the system."""
        return _map_slot_count(self)

    @property
    def designs(self) -> list[str]:
        """Design (or fixed device) of every slot."""
        return [_dec(_map_slot_design(self, s)) for s in range(self.n_slots)]

    @property
    def memory_bytes(self) -> list[float]:
        """Peak bytes resident per slot (0 for an unused slot)."""
        return [_map_memory_bytes(self, s) for s in range(self.n_slots)]

    def __len__(self) -> int:
        return _map_layer_count(self)

    @_holding
    def layer(self, i: int) -> Layer:
        """Layer i as a dict: name, slots (list), design, strategy (name), start_s,
        end_s, compute_s, comm_in_s, comm_within_s. Network inputs have no slots."""
        if not 0 <= i < len(self):
            raise IndexError('layer %d of %d' % (i, len(self)))
        l = _map_layer(self, i).contents
        return {'name': _dec(l.name), 'slots': [s for s in range(_MAX_SLOTS) if l.slots >> s & 1],
                'design': _dec(l.design), 'strategy': _dec(_map_strategy_name(l.strategy)),
                'start_s': l.start_s, 'end_s': l.end_s, 'compute_s': l.compute_s,
                'comm_in_s': l.comm_in_s, 'comm_within_s': l.comm_within_s}

    def layers(self) -> list[Layer]:
        """Every layer as layer() gives it, in network order."""
        return [self.layer(i) for i in range(len(self))]

    @_holding
    def spec(self) -> tuple[list[int], list[int], list[str]]:
        """(pool index per slot, slot mask per layer, strategy name per layer): what
        MappingProblem.evaluate() takes back."""
        sp = _c.accelsel_mapping_spec()
        _map_get_spec(self, ctypes.byref(sp))
        return ([sp.slot_design[i] for i in range(sp.n_slots)],
                [sp.layer_slots[i] for i in range(sp.n_layers)],
                [_dec(_map_strategy_name(sp.layer_strategy[i])) for i in range(sp.n_layers)])

    @property
    def method(self) -> str:
        """The method that found the mapping ('ga', a baseline, or 'evaluated')."""
        return _dec(_map_method(self))

    @property
    def generations(self) -> int:
        """The GA's generations run (0 for the baselines)."""
        return _map_generations(self)

    @property
    def evaluations(self) -> int:
        """The mappings evaluated during the search."""
        return _map_evaluations(self)

    @property
    def seconds(self) -> float:
        """The search's wall time, in seconds."""
        return _map_seconds(self)

    @property
    @_holding
    def history(self) -> list[float]:
        """Best objective value of the GA's first population, after each generation and
        after its closing local search ([] for the baselines)."""
        ptr, n = ctypes.POINTER(ctypes.c_double)(), _sz()
        _map_history(self, ctypes.byref(ptr), ctypes.byref(n))
        return [ptr[i] for i in range(n.value)]

    def to_yaml(self, path: Path | None = None) -> str | None:
        """Write the mapping's YAML to path, or return it as a str when path is None."""
        if path is not None:
            _map_save_file(self, _text(path, 'path'))
            return None
        return _returned_text(_map_save_buffer, self)


class MappingCanceled(CanceledError):
    """The progress callback stopped a solve (ACCELSEL_ECANCELED). mapping is the
    best Mapping found so far (or None), owned by the exception's holder."""

    def __init__(self, code: int, mapping: Mapping | None) -> None:
        """The error of status code, with the best mapping so far."""
        super().__init__(code)
        self.mapping = mapping


def _problem_options(batch, objective, max_group_size):
    opts = _c.accelsel_mapping_problem_options()
    _map_problem_options_init(ctypes.byref(opts), _c.ACCELSEL_MAPPING_PROBLEM_OPTIONS_VERSION)
    _set_choice(opts, 'objective', objective, 'MappingProblem: objective', _OBJECTIVES)
    _store(opts, 'MappingProblem', batch=batch, max_group_size=max_group_size)
    return opts


def _slot_struct(slot, keep, what='a slot'):
    """A dict {'device': NAME} or {'designs': [...], 'memory_bytes', 'memory_bw_bytes_s',
    'host_link'} as a MappingSlot; arrays kept alive in keep. designs is a
    list of names (one str is a TypeError); None for any key: its default
    (no device, no designs, the figures of the designs' catalog entries).
    what: the slot in messages ('slots[2]')."""
    if not isinstance(slot, dict):
        raise TypeError('%s: a slot must be a dict, not %s' % (what, type(slot).__name__))
    unknown = set(slot) - {'device', 'designs', 'memory_bytes', 'memory_bw_bytes_s', 'host_link'}
    if unknown:
        raise ValueError('%s: unknown slot keys: %s' % (what, ', '.join(sorted(map(str, unknown)))))
    s = _c.accelsel_mapping_slot()
    s.version = _c.ACCELSEL_MAPPING_SLOT_VERSION
    s.device = _text_option(slot.get('device'), what + ': device')
    arr, s.n_designs = _name_list(slot.get('designs'), what + ': designs', default=())
    keep.append(arr)
    s.designs = arr if s.n_designs else None
    s.memory_bytes = _real_option(slot.get('memory_bytes'), what + ': memory_bytes', math.nan)
    s.memory_bw_bytes_s = _real_option(slot.get('memory_bw_bytes_s'), what + ': memory_bw_bytes_s',
                                       math.nan)
    s.host_link = _text_option(slot.get('host_link'), what + ': host_link')
    return s


class MappingProblem(_Handle):
    """A layer-mapping problem: network, batch and objective on a system's slots.

    MappingProblem(catalog, system, network, batch=None, objective=None,
    max_group_size=None): catalog a Catalog (None = the built-in one), network a
    Network or a zoo name. batch and max_group_size take integers (not a
    bool), objective 'latency' or 'throughput' (a TypeError otherwise);
    None: the library's default (ACCELSEL_MAPPING_PROBLEM_OPTIONS_INIT:
    batch 1, 'latency', max_group_size 0, every slot). Read-only once built; solve() and evaluate() may run
    from several threads at once. The catalog and network may be closed after."""
    _free = _map_problem_free

    def __init__(self, catalog: Catalog | None, system: str, network: Network | str,
                 batch: int | None = None, objective: str | None = None,
                 max_group_size: int | None = None) -> None:
        """The problem of network on catalog's system (see the class)."""
        opts = _problem_options(batch, objective, max_group_size)
        with _owned_inputs(catalog, network) as (cat, net):
            out = _vp()
            _map_problem_new(ctypes.byref(out), cat, _text(system, 'system'), net, ctypes.byref(opts))
        super().__init__(out.value)

    @classmethod
    def from_slots(cls, catalog: Catalog | None, slots: typing.Iterable[Slot], network: Network | str,
                   link: str | None = None, batch: int | None = None, objective: str | None = None,
                   max_group_size: int | None = None) -> MappingProblem:
        """A problem on an explicit list of slots (dicts, see _slot_struct; one
        dict alone is a TypeError), every pair joined by catalog link `link`
        (None: no links)."""
        opts = _problem_options(batch, objective, max_group_size)
        slots = _list_option(slots, 'slots', 'slot dicts')
        keep = []
        arr = (_c.accelsel_mapping_slot * max(len(slots), 1))(
            *[_slot_struct(s, keep, 'slots[%d]' % i) for i, s in enumerate(slots)])
        with _owned_inputs(catalog, network) as (cat, net):
            out = _vp()
            _map_problem_new_slots(ctypes.byref(out), cat, arr, len(slots), _text_option(link, 'link'), net,
                                   ctypes.byref(opts))
        self = cls.__new__(cls)
        _Handle.__init__(self, out.value)
        return self

    @property
    def n_slots(self) -> int:
        """The number of slots."""
        return _map_problem_slot_count(self)

    @property
    def layer_names(self) -> list[str]:
        """Every layer (network inputs included), in network order."""
        return [_dec(_map_problem_layer_name(self, i)) for i in range(_map_problem_layer_count(self))]

    def pool(self, slot: int) -> list[str]:
        """Designs slot may take (the device's name alone for a fixed slot)."""
        if not 0 <= slot < self.n_slots:
            raise IndexError('slot %d of %d' % (slot, self.n_slots))
        return [_dec(_map_problem_pool_design(self, slot, k))
                for k in range(_map_problem_pool_count(self, slot))]

    @property
    def system(self) -> str:
        """The system's name ('' for explicit slots)."""
        return _dec(_map_problem_system(self))

    @property
    def network(self) -> str:
        """The network's name."""
        return _dec(_map_problem_network(self))

    @property
    def batch(self) -> int:
        """The batch of one pass through the network."""
        return _map_problem_batch(self)

    @property
    def objective(self) -> str:
        """'latency' or 'throughput'."""
        return _dec(_map_objective_name(_map_problem_objective(self)))

    def evaluate(self, designs: typing.Iterable[int | str],
                 layer_slots: typing.Iterable[typing.Iterable[int] | int],
                 strategies: typing.Iterable[str | int]) -> Mapping:
        """Evaluate a mapping: designs, a list of one design per slot (pool index
        or name); layer_slots, a list of the group of every layer (a list or
        set of slots, or a mask; ignored for network inputs); strategies, a
        list of every layer's strategy (name or ACCELSEL_STRATEGY_* number).
        One str, bytes or a dict where a list belongs is a TypeError naming
        the parameter (see _list_option), never read as its letters or keys."""
        designs = [self._pool_index(s, d) if isinstance(d, str) else d
                   for s, d in enumerate(_list_option(designs, 'designs', 'pool indices or names'))]
        sd, n_designs = _vector(designs, 'designs', ctype=_u32)
        layer_slots = _list_option(layer_slots, 'layer_slots', 'groups (slot lists or masks)')
        strategies = _list_option(strategies, 'strategies', 'names or codes')
        ls = (_u64 * max(len(layer_slots), 1))(*[_slot_mask(g, 'layer_slots[%d]' % i)
                                                 for i, g in enumerate(layer_slots)])
        st, _ = _vector([_strategy_code(s) for s in strategies], 'strategies', ctype=_i32)
        if len(layer_slots) != len(strategies):
            raise ValueError('%d groups for %d strategies' % (len(layer_slots), len(strategies)))
        spec = _c.accelsel_mapping_spec(_c.ACCELSEL_MAPPING_SPEC_VERSION, n_designs, sd, len(layer_slots),
                                        ls, st)
        return Mapping._make(_map_evaluate, self, ctypes.byref(spec))

    def _pool_index(self, slot, design):
        """Index of design (a name) in slot's pool; NotFoundError
        (ACCELSEL_ENOTFOUND) naming both, with the nearest names, as the
        library's own lookups report an unknown name."""
        pool = self.pool(slot)
        if design in pool:
            return pool.index(design)
        near = difflib.get_close_matches(design, pool, n=3, cutoff=0.5)
        raise error_of(_c.ACCELSEL_ENOTFOUND, "slot %d has no design '%s' in its pool; %s: %s" % (
            slot, design, 'nearest' if near else 'its pool',
            ', '.join("'%s'" % d for d in (near or pool))))

    def solve(self, method: str | None = None, seed: int | None = None, n_threads: int | None = None,
              generations: int | None = None, population: int | None = None,
              time_budget: float | None = None, patience: int | None = None,
              exhaustive_limit: int | None = None,
              progress: typing.Callable[[int, float, int], typing.Any] | None = None) -> Mapping:
        """The best mapping `method` finds ('ga' or a baseline, see mapping_methods()).
        time_budget: seconds (0 or float('inf'): no limit), kept to about one
        generation. progress: callable(generation, best_s, evaluations) called
        with generation 0 every 64 walks while the GA's seeds and the baselines
        run, then once per generation, then during the closing local search
        after every slice of population x 6 walks; returning True stops the
        search, raising MappingCanceled with the best mapping so far. An
        exception raised by progress also stops it and is re-raised. Every
        option is checked for its type (integers, not a bool; time_budget a
        number): a TypeError naming it otherwise;
        None: the library's default (ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT,
        accelsel_mapping_solve_options_init(): today 'ga', seed 0, all
        cores, 100 generations of 64, no time budget, patience 50,
        exhaustive_limit 2000000)."""
        opts = _c.accelsel_mapping_solve_options()
        _map_solve_options_init(ctypes.byref(opts), _c.ACCELSEL_MAPPING_SOLVE_OPTIONS_VERSION)
        if method is not None:
            opts.method = _text_option(method, 'solve: method')
        if time_budget is not None:
            opts.time_budget_s = _real_option(time_budget, 'solve: time_budget')
        _store(opts, 'solve', seed=seed, n_threads=n_threads, generations=generations,
               population=population, patience=patience, exhaustive_limit=exhaustive_limit)
        opts.progress, raised = _callback(_c.accelsel_mapping_progress_fn, progress)
        out = _vp()
        try:
            _map_solve(ctypes.byref(out), self, ctypes.byref(opts))
        except AccelselError as e:
            mapping = Mapping(out.value) if out.value else None
            if raised or e.code != _c.ACCELSEL_ECANCELED:
                if mapping is not None:
                    mapping.close()
                if raised:
                    raise raised[0] from None
                raise
            raise MappingCanceled(e.code, mapping) from None
        return Mapping(out.value)

    def load(self, path: Path) -> Mapping:
        """Read a saved mapping and evaluate it on this problem."""
        return Mapping._make(_map_load_file, self, _text(path, 'path'))

    def from_yaml(self, text: Text) -> Mapping:
        """As load(), from YAML text (str or bytes)."""
        data = _buf(text)
        return Mapping._make(_map_load_buffer, self, data, len(data))


@contextlib.contextmanager
def _owned_inputs(catalog, network):
    """(catalog, network) handles for a problem: the built-in catalog when
    catalog is None and the zoo's network when network is a name, opened
    and closed around the with-block."""
    with _catalog_or_builtin(catalog) as cat:
        if not isinstance(network, str):
            yield cat, network
            return
        with Network.zoo(network) as net:
            yield cat, net
