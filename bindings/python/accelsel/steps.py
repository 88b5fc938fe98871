"""Measured training steps: files of step times checked row by row
(accelsel/steps.h, docs/step-measurements.md)."""
from __future__ import annotations

import ctypes

from . import _ctypes_gen as _c
from ._convert import Path, Text, _buf, _int_option, _text, _vpp
from .catalog import Catalog, _catalog_or_builtin
from .dataset import Dataset
from ._handle import _fn

__all__ = ['load_steps', 'steps_from_string', 'builtin_steps']

_StepsOptions = _c.accelsel_steps_options
_steps_options_init = _fn('accelsel_steps_options_init', ctypes.c_int,
                          [ctypes.POINTER(_StepsOptions), ctypes.c_uint])
_steps_load_file = _fn('accelsel_steps_load_file', ctypes.c_int,
                       [_vpp, 'Catalog', ctypes.c_char_p, ctypes.POINTER(_StepsOptions)])
_steps_load_buffer = _fn('accelsel_steps_load_buffer', ctypes.c_int,
                         [_vpp, 'Catalog', ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(_StepsOptions)])
_steps_load_builtin = _fn('accelsel_steps_load_builtin', ctypes.c_int, [_vpp, 'Catalog'])


def _steps_options(min_steps_timed):
    opts = _StepsOptions()
    _steps_options_init(ctypes.byref(opts), _c.ACCELSEL_STEPS_OPTIONS_VERSION)
    if min_steps_timed is not None:  # None: ACCELSEL_STEPS_OPTIONS_INIT's, ACCELSEL_STEPS_MIN_TIMED
        opts.min_steps_timed = _int_option(min_steps_timed, 'min_steps_timed', ctypes.c_uint32)
    return opts


def _steps_load(catalog, call, *args):
    """A Dataset of step rows, checked against catalog (None: the built-in one)."""
    with _catalog_or_builtin(catalog) as cat:
        return Dataset._make(call, cat, *args)


def load_steps(path: Path, catalog: Catalog | None = None, min_steps_timed: int | None = None) -> Dataset:
    """Read a step-measurement CSV file, every row checked (see
    docs/step-measurements.md); min_steps_timed: the fewest timed steps a row
    may have (None or 0: the library's ACCELSEL_STEPS_MIN_TIMED, 5 today). A
    bad cell raises ParseError (an AccelselError) with its line and column."""
    opts = _steps_options(min_steps_timed)
    return _steps_load(catalog, _steps_load_file, _text(path, 'path'), ctypes.byref(opts))


def steps_from_string(text: Text, catalog: Catalog | None = None,
                      min_steps_timed: int | None = None) -> Dataset:
    """As load_steps(), from a str or bytes; errors name '<buffer>'."""
    data = _buf(text)
    opts = _steps_options(min_steps_timed)
    return _steps_load(catalog, _steps_load_buffer, data, len(data), ctypes.byref(opts))


def builtin_steps(catalog: Catalog | None = None) -> Dataset:
    """The step measurements compiled into the library (data/steps/builtin.csv)."""
    return _steps_load(catalog, _steps_load_builtin)
