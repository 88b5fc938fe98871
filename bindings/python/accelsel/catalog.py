"""The hardware catalog: devices, accelerator designs, links and systems
(accelsel/catalog.h)."""
from __future__ import annotations

import contextlib
import ctypes
import math
import typing

from . import _ctypes_gen as _c
from ._convert import (Names, Path, Text, _bool_option, _buf, _choice_option, _dec, _enc, _name_list,
                       _sz, _szp, _text, _vp, _vpp, _whole)
from ._errors import error_of
from ._handle import _fn, _Handle, _holding, _returned_text

__all__ = ['Catalog', 'PRECISIONS']

_precision_name = _fn('accelsel_precision_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_device_kind_name = _fn('accelsel_device_kind_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_dataflow_name = _fn('accelsel_dataflow_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_price_basis_name = _fn('accelsel_price_basis_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_sale_name = _fn('accelsel_sale_name', ctypes.c_char_p, [ctypes.c_int], check=False)
# The library's names, in the order of their codes (precisions from 0, the
# kinds of device and the dataflows from 1).
PRECISIONS = tuple(_precision_name(c).decode() for c in range(_c.ACCELSEL_PRECISION_COUNT))
_KINDS = {c: _device_kind_name(c).decode() for c in range(1, 64) if _device_kind_name(c)}
_DATAFLOWS = {c: _dataflow_name(c).decode() for c in range(1, 64) if _dataflow_name(c)}

_cat_load_file = _fn('accelsel_catalog_load_file', ctypes.c_int, [_vpp, ctypes.c_char_p])
_cat_load_buffer = _fn('accelsel_catalog_load_buffer', ctypes.c_int, [_vpp, ctypes.c_char_p, _sz])
_cat_load_builtin = _fn('accelsel_catalog_load_builtin', ctypes.c_int, [_vpp])
_cat_save_file = _fn('accelsel_catalog_save_file', ctypes.c_int, ['Catalog', ctypes.c_char_p])
_cat_save_buffer = _fn('accelsel_catalog_save_buffer', ctypes.c_int, ['Catalog', _vpp, _szp])
_cat_merge = _fn('accelsel_catalog_merge', ctypes.c_int, [_vpp, 'Catalog', 'Catalog', ctypes.c_uint])
_cat_select = _fn('accelsel_catalog_select', ctypes.c_int,
                  [_vpp, 'Catalog', ctypes.POINTER(ctypes.c_char_p), _sz])
_cat_free = _fn('accelsel_catalog_free', None, [_vp], check=False)
_cat_slot = _fn('accelsel_catalog_system_slot', ctypes.POINTER(_c.accelsel_slot_info),
                ['Catalog', _sz, _sz], check=False)
# Not checked: ACCELSEL_ENOTFOUND means "no direct link" (system_link()).
_cat_system_link = _fn('accelsel_catalog_system_link', ctypes.c_int, ['Catalog', _sz, _sz, _sz, _szp],
                       check=False)
# For each kind of entry: its count, its struct by index, its index by name.
_cat_lists = {kind: (_fn('accelsel_catalog_%s_count' % kind, _sz, ['Catalog'], check=False),
                     _fn('accelsel_catalog_%s' % kind, ctypes.POINTER(struct), ['Catalog', _sz], check=False),
                     _fn('accelsel_catalog_find_%s' % kind, ctypes.c_int, ['Catalog', ctypes.c_char_p, _szp]))
              for kind, struct in (('device', _c.accelsel_device_info), ('design', _c.accelsel_design_info),
                                   ('link', _c.accelsel_link_info), ('system', _c.accelsel_system_info))}

# An entry as Catalog gives it: names, SI figures (None when unknown), provenance.
Entry = typing.Dict[str, typing.Any]


def _num(v):
    """A figure: None when unknown (NaN or 0)."""
    return None if v == 0 or math.isnan(v) else v


def _strs(arr, n):
    return [arr[i].decode() for i in range(n)]


def _precisions(arr):
    return {p: arr[i] for i, p in enumerate(PRECISIONS) if not math.isnan(arr[i])}


def _price(d):
    """price_usd with its basis ('list', 'estimate' or 'derived') and date
    (ISO 8601), each None when there is no price."""
    basis = None if d.price_basis == _c.ACCELSEL_PRICE_NONE else _dec(_price_basis_name(d.price_basis))
    return {'price_usd': _num(d.price_usd), 'price_basis': basis, 'price_date': _dec(d.price_date)}


def _provenance(p):
    return {'source': _dec(p.source),
            'sources': dict(zip(_strs(p.figure_keys, p.n_figure_sources),
                                _strs(p.figure_sources, p.n_figure_sources))),
            'derived': _strs(p.derived, p.n_derived)}


class Catalog(_Handle):
    """A hardware catalog: devices, accelerator designs, links and systems.

    Entries come back as dicts with SI figures (bytes, bytes/s, FLOP/s, W, Hz,
    s, USD); an unknown figure is None or absent from the per-precision dicts.
    Names are looked up ignoring ASCII case, aliases included."""
    _free = _cat_free

    @classmethod
    def builtin(cls) -> Catalog:
        """The catalog compiled into the library."""
        return cls._make(_cat_load_builtin)

    @classmethod
    def load(cls, path: Path) -> Catalog:
        """Read a catalog YAML file."""
        return cls._make(_cat_load_file, _text(path, 'path'))

    @classmethod
    def from_string(cls, text: Text) -> Catalog:
        """Read catalog YAML from a str or bytes."""
        data = _buf(text)
        return cls._make(_cat_load_buffer, data, len(data))

    def save(self, path: Path) -> None:
        """Write the catalog as YAML to path."""
        _cat_save_file(self, _text(path, 'path'))

    def to_string(self) -> str:
        """The catalog as YAML text (reads back to an equal catalog)."""
        return _returned_text(_cat_save_buffer, self)

    def merge(self, other: Catalog, override: bool = False) -> Catalog:
        """A new catalog with this one's entries and then other's. A name used in
        both is an error unless override is true: then other's entry of the same
        name replaces this one's (override is a bool: any other value is a
        TypeError)."""
        flags = _c.ACCELSEL_MERGE_OVERRIDE if _bool_option(override, 'merge: override', False) else 0
        return Catalog._make(_cat_merge, self, other, flags)

    def select(self, names: Names) -> Catalog:
        """A new catalog with the named entries and what the named systems use."""
        arr, n = _name_list(names, 'names')
        return Catalog._make(_cat_select, self, arr, n)

    def _count(self, kind):
        return _cat_lists[kind][0](self)

    def _info(self, kind, i):
        """Entry i: the struct inside the catalog, to read while the catalog is held."""
        p = _cat_lists[kind][1](self, i)
        if not p:
            raise IndexError('%s index %d out of range' % (kind, i))
        return p.contents

    def _index(self, kind, name):
        if hasattr(name, '__index__'):
            i = _whole(name, '%s index' % kind)
            if not 0 <= i < self._count(kind):
                raise IndexError('%s index %d out of range' % (kind, i))
            return i
        i = _sz()
        _cat_lists[kind][2](self, _enc(name), ctypes.byref(i))
        return i.value

    @_holding
    def _entry_name(self, kind, i):
        return None if i < 0 else self._info(kind, i).name.decode()

    def find(self, kind: str, name: str) -> int:
        """Index of the 'device', 'design', 'link' or 'system' called name (or an alias)."""
        return self._index(_choice_option(kind, 'kind', tuple(_cat_lists)), name)

    @_holding
    def _device(self, i):
        d = self._info('device', i)
        out = {'name': d.name.decode(), 'aliases': _strs(d.aliases, d.n_aliases),
               'vendor': d.vendor.decode(), 'kind': _KINDS[d.kind],
               'architecture': _dec(d.architecture), 'release_year': _num(d.release_year),
               'peak_flops': _precisions(d.peak_flops), 'cores': _num(d.cores),
               'flops_per_cycle': _precisions(d.flops_per_cycle), 'notes': _dec(d.notes),
               'host_link': self._entry_name('link', d.host_link),
               'sale': _sale_name(d.sale).decode(),
               'scale_up_link': self._entry_name('link', d.scale_up_link),
               'scale_up_domain': _num(d.scale_up_domain)}
        for k in ('memory_bytes', 'memory_bw_bytes_s', 'onchip_bytes', 'tdp_w', 'clock_hz'):
            out[k] = _num(getattr(d, k))
        out.update(_price(d))
        out.update(_provenance(d.provenance))
        return out

    @_holding
    def _design(self, i):
        d = self._info('design', i)
        out = {'name': d.name.decode(), 'aliases': _strs(d.aliases, d.n_aliases),
               'dataflow': _DATAFLOWS[d.dataflow], 'platform': _dec(d.platform),
               'precision': d.precision.decode(), 'precision_bits': d.precision_bits,
               'notes': _dec(d.notes)}
        for k in ('tm', 'tn', 'tr', 'tc', 'pe_rows', 'pe_cols', 'macs', 'dsp', 'clock_hz', 'peak_ops',
                  'measured_ops', 'buffer_bytes', 'offchip_bytes', 'offchip_bw_bytes_s'):
            out[k] = _num(getattr(d, k))
        out.update(_provenance(d.provenance))
        return out

    @_holding
    def _link(self, i):
        d = self._info('link', i)
        out = {'name': d.name.decode(), 'aliases': _strs(d.aliases, d.n_aliases),
               'technology': d.technology.decode(), 'bw_bytes_s': d.bw_bytes_s,
               'latency_s': _num(d.latency_s), 'notes': _dec(d.notes)}
        out.update(_provenance(d.provenance))
        return out

    @_holding
    def _system(self, i):
        d = self._info('system', i)
        out = {'name': d.name.decode(), 'aliases': _strs(d.aliases, d.n_aliases),
               'nodes': _num(d.nodes), 'devices_per_node': _num(d.devices_per_node),
               'device': self._entry_name('device', d.device), 'host_cpu': self._entry_name('device', d.host_cpu),
               'host_cpus_per_node': _num(d.host_cpus_per_node),
               'intra_node_link': self._entry_name('link', d.intra_node_link),
               'inter_node_link': self._entry_name('link', d.inter_node_link),
               'inter_node_links_per_node': _num(d.inter_node_links_per_node),
               'host_link': self._entry_name('link', d.host_link), 'topology': _dec(d.topology),
               'n_slots': d.n_slots, 'notes': _dec(d.notes)}
        out.update(_price(d))
        out.update(_provenance(d.provenance))
        return out

    def device(self, name: str | int) -> Entry:
        """The device called name (or an alias, or an index) as a dict."""
        return self._device(self._index('device', name))

    def design(self, name: str | int) -> Entry:
        """The design called name (or an alias, or an index) as a dict."""
        return self._design(self._index('design', name))

    def link(self, name: str | int) -> Entry:
        """The link called name (or an alias, or an index) as a dict."""
        return self._link(self._index('link', name))

    def system(self, name: str | int) -> Entry:
        """The system called name (or an alias, or an index) as a dict."""
        return self._system(self._index('system', name))

    def devices(self) -> list[Entry]:
        """Every device, as dicts."""
        return [self._device(i) for i in range(self._count('device'))]

    def designs(self) -> list[Entry]:
        """Every design, as dicts."""
        return [self._design(i) for i in range(self._count('design'))]

    def links(self) -> list[Entry]:
        """Every link, as dicts."""
        return [self._link(i) for i in range(self._count('link'))]

    def systems(self) -> list[Entry]:
        """Every system, as dicts."""
        return [self._system(i) for i in range(self._count('system'))]

    @_holding
    def slot(self, system: str | int, k: int) -> Entry:
        """Slot k of a system: its fixed device or design pool, memory and host link."""
        s = self._index('system', system)
        p = _cat_slot(self, s, k)
        if not p:
            raise IndexError('slot %d out of range' % k)
        d = p.contents
        return {'device': self._entry_name('device', d.device),
                'designs': [self._entry_name('design', d.designs[j]) for j in range(d.n_designs)],
                'platform': _dec(d.platform), 'memory_bytes': _num(d.memory_bytes),
                'memory_bw_bytes_s': _num(d.memory_bw_bytes_s), 'host_link': self._entry_name('link', d.host_link)}

    def system_link(self, system: str | int, a: int, b: int) -> str | None:
        """Name of the direct link from slot a to slot b, or None if there is none."""
        s, out = self._index('system', system), _sz()
        rc = _cat_system_link(self, s, a, b, ctypes.byref(out))
        if rc == _c.ACCELSEL_ENOTFOUND:  # no direct link
            return None
        if rc < 0:
            raise error_of(rc)
        return self._entry_name('link', out.value)

    def __len__(self) -> int:
        return sum(self._count(k) for k in _cat_lists)


@contextlib.contextmanager
def _catalog_or_builtin(catalog):
    """catalog, or the built-in catalog when None, opened and closed around
    the with-block."""
    if catalog is not None:
        yield catalog
        return
    with Catalog.builtin() as builtin:
        yield builtin
