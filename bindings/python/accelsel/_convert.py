"""Argument checking and conversion: every value the binding hands to C goes
through one of these, so that one rule holds for every option of every call.

An option is checked for its type before any default applies (a yes/no
option takes a bool, a number option a number, never a bool for an integer,
a name a str; a TypeError naming the option otherwise), and None alone means
its default; a parameter that takes a list takes a list, tuple or other
ordered iterable, never one str, bytes or a dict read as its letters, bytes
or keys (_list_option). An integer for C is checked against its C type's
range (an OverflowError naming it), never wrapped as ctypes would.
"""
from __future__ import annotations

import collections.abc
import ctypes
import numbers
import operator
import os
import sys
import typing

from . import _ctypes_gen as _c


# Range of each integer type a library function takes: ctypes itself wraps an
# out-of-range Python int silently (2**64 becomes 0, -1 becomes SIZE_MAX).
_INT_RANGES = {}
for _t in (ctypes.c_int8, ctypes.c_int16, ctypes.c_int32, ctypes.c_int64, ctypes.c_int, ctypes.c_long,
           ctypes.c_longlong):
    _INT_RANGES[_t] = (-(1 << (8 * ctypes.sizeof(_t) - 1)), (1 << (8 * ctypes.sizeof(_t) - 1)) - 1)
for _t in (ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64, ctypes.c_uint, ctypes.c_ulong,
           ctypes.c_ulonglong, ctypes.c_size_t, ctypes.c_bool):
    _INT_RANGES[_t] = (0, (1 << (8 * ctypes.sizeof(_t))) - 1)


def _int_in_range(value, ctype, what):
    """value as an int (see _whole) when it fits ctype; OverflowError naming
    what and the range otherwise. The one check of every integer bound for C."""
    value = _whole(value, what)
    lo, hi = _INT_RANGES[ctype]
    if not lo <= value <= hi:
        raise OverflowError('%s: %d is out of range (%d..%d)' % (what, value, lo, hi))
    return value


def _text(s, what='string'):
    """A str (or UTF-8 bytes) as the UTF-8 bytes of a C string. A NUL would cut
    the string short in C, and bytes that are not UTF-8 would be stored as
    something else than what was given: both raise ValueError."""
    if isinstance(s, os.PathLike):
        s = os.fspath(s)
    if isinstance(s, str):
        b = s.encode('utf-8')
    elif isinstance(s, (bytes, bytearray)):
        b = bytes(s)
        try:
            b.decode('utf-8')
        except UnicodeDecodeError as e:
            raise ValueError('%s is not valid UTF-8: %s' % (what, e)) from None
    else:
        raise TypeError('%s must be str or bytes, not %s' % (what, type(s).__name__))
    if b'\0' in b:
        raise ValueError('%s holds a NUL character at offset %d' % (what, b.index(b'\0')))
    return b


def _enc(s):
    """A name, path or value for a C string (None stays None); see _text."""
    return None if s is None else _text(s)


def _buf(data):
    """Text handed to a loader with its length (str or bytes, NUL bytes and
    bytes that are not UTF-8 kept: the library reports them where they are,
    as ACCELSEL_EPARSE with line and column). The one convention of the text
    loaders (from_string, from_yaml_text, from_params, ...); a path goes to
    the loader of files (load, from_yaml of a ClusterModel) through _text."""
    if isinstance(data, str):
        return data.encode('utf-8')
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    if isinstance(data, os.PathLike):
        # Parsing the path's own text as YAML would give a puzzling error.
        raise TypeError('text must be str or bytes, not %s: to read a file, give its path '
                        'to the loader that takes one (load())' % type(data).__name__)
    raise TypeError('text must be str or bytes, not %s' % type(data).__name__)


def _whole(value, what):
    """value as an int: an int or any integer type (numpy's); a bool, float or
    str is a TypeError naming what, never truncated or parsed."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise TypeError('%s must be an int, not %s' % (what, type(value).__name__))


def _real(value, what):
    """value as a float: any real number, numpy's too; a bool or a str is a
    TypeError naming what, never parsed; an int beyond a double's range an
    OverflowError naming what."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError('%s must be a number, not %s' % (what, type(value).__name__))
    try:
        return float(value)
    except OverflowError:
        raise OverflowError('%s is out of the range of a double (+-1.8e308)' % what) from None


def _cell(value, what):
    """A data value as a float: any real number, a bool as 0 or 1; a str is a
    TypeError naming what, never parsed."""
    if not isinstance(value, numbers.Real):
        raise TypeError('%s must hold numbers, not %s' % (what, type(value).__name__))
    try:
        return float(value)
    except OverflowError:
        raise OverflowError('%s is out of the range of a double (+-1.8e308)' % what) from None


# --- options: one rule for every option of every call ---
# An option is checked for its type before any default applies, and None
# alone means "the default" (what leaving the option out gives): never the
# truth of the value, so that 'False', '', 0, [] are not taken as "no" or as
# "default". A yes/no option takes a bool (_bool_option), an integer option
# an integer in its C type's range (_int_option), a real option a real
# number (_real_option), a text option a str or bytes (_text_option, one of
# a fixed set: _choice_option), and a list a list (_list_option); anything
# else is a TypeError (an OverflowError out of range) naming the option.

def _is_bool(value):
    """True for a bool and for numpy's bool_ (which is not a bool subclass)."""
    if isinstance(value, bool):
        return True
    np = sys.modules.get('numpy')
    return np is not None and isinstance(value, np.bool_)


def _bool_option(value, what, default=None):
    """A yes/no option as a bool: True or False (numpy's bool_ too); None:
    default. A str ('False' is true), a number or a list is a TypeError
    naming what, never taken by its truth."""
    if value is None and default is not None:
        return default
    if not _is_bool(value):
        raise TypeError('%s must be True or False, not %r' % (what, value))
    return bool(value)


def _int_option(value, what, ctype, default=None):
    """An integer option as an int in the range of its C type ctype: an int
    or any integer type (numpy's, see _whole); None: default. A bool (True
    is no count), float or str is a TypeError naming what, a value outside
    ctype an OverflowError naming what (see _int_in_range)."""
    if value is None and default is not None:
        return default
    return _int_in_range(value, ctype, what)


def _real_option(value, what, default=None):
    """A real option as a float in a double's range: any real number (an
    int, a float, numpy's); None: default. A bool or str is a TypeError
    naming what, never parsed (see _real)."""
    if value is None and default is not None:
        return default
    return _real(value, what)


def _text_option(value, what, default=None):
    """A text option (a name, an expression) as the UTF-8 bytes of a C string,
    or None (C's NULL: the library's default) when both value and default
    are None; None: default. Anything but a str or bytes is a TypeError
    naming what (see _text)."""
    if value is None:
        value = default
    return None if value is None else _text(value, what)


def _choice_option(value, what, choices, default=None):
    """An option that is one of a fixed set of names: choices[value] when
    choices is a dict (the C code), else value; None: default. A value that
    is not a str is a TypeError naming what, an unknown name a ValueError
    that lists the names."""
    if value is None and default is not None:
        value = default
    names = ', '.join("'%s'" % c for c in choices)
    if not isinstance(value, str):
        raise TypeError('%s must be a str (one of %s), not %s' % (what, names, type(value).__name__))
    if value not in choices:
        raise ValueError('%s must be one of %s, not %r' % (what, names, value))
    return choices[value] if isinstance(choices, dict) else value


def _set_choice(struct, field, value, what, choices):
    """Set struct.field to the code of the name value among choices (see
    _choice_option); None leaves the field at what its options_init gave
    it, the library's default."""
    if value is not None:
        setattr(struct, field, _choice_option(value, what, choices))


def _set_bool(struct, field, value, what, negate=False):
    """Set the yes/no struct.field (0 or 1) from the bool value (see
    _bool_option), stored as its negation for a no_X field; None leaves the
    field at what its options_init gave it, the library's default."""
    if value is not None:
        b = _bool_option(value, what)
        setattr(struct, field, int(not b if negate else b))


def _not_a_list(values):
    """Why values, an iterable, is no list of items (None when it is one)."""
    if isinstance(values, (str, bytes, bytearray, memoryview)):
        text = bytes(values) if isinstance(values, memoryview) else values
        return 'one %s (%r)' % (type(values).__name__, text[:40])
    if isinstance(values, collections.abc.Mapping):
        return 'a %s (its keys would be taken)' % type(values).__name__
    if isinstance(values, (set, frozenset)):
        return 'a %s (it has no order)' % type(values).__name__
    return None


def _list_option(values, what, of='items', default=None, sets=False):
    """A list of items (names, numbers, configurations) as a new list: a list,
    a tuple or any other iterable (a range, a generator, a dict's keys or
    values, a numpy array, whose items come as Python numbers) but these,
    each a TypeError naming what: a str, bytes, bytearray or memoryview (one
    value, whose letters or byte values would be read as the items), a dict
    or other mapping (its keys), a set (no order; taken where order does not
    matter, when sets is true), or a value that is not iterable. None:
    default (a TypeError when default is None). of: what the items are, for
    the message. The one rule of every parameter that takes a list."""
    if values is None and default is not None:
        return list(default)
    why = _not_a_list(values)
    if why is None or (sets and isinstance(values, (set, frozenset))):
        if hasattr(values, 'tolist') and not isinstance(values, (list, tuple)):
            items = values.tolist()  # numpy: Python numbers, not numpy scalars
            if isinstance(items, list):
                return items
        try:
            it = iter(values)
        except TypeError:
            why = 'a %s' % type(values).__name__
        else:
            return list(it)
    raise TypeError('%s must be a list of %s, not %s' % (what, of, why))


def _store(struct, what, **values):
    """Set fields of an options struct, each through the option rule of its C
    type (_int_option, _real_option): an unknown name is a TypeError (as a
    misspelled keyword argument is), an integer field given a non-integer a
    TypeError, one out of its field's range an OverflowError (never wrapped).
    None leaves a field at the value its options_init gave it: the library's
    default, which is the default of the binding's keyword of the same name."""
    types = dict(struct._fields_)
    for key, value in values.items():
        if key not in types or key in ('version', 'progress', 'payload'):
            raise TypeError('%s got an unexpected keyword argument %r' % (what, key))
        if value is None:
            continue
        if types[key] in _INT_RANGES:
            value = _int_option(value, '%s: %s' % (what, key), types[key])
        elif types[key] is ctypes.c_double:
            value = _real_option(value, '%s: %s' % (what, key))
        setattr(struct, key, value)


def _dec(b):
    """A C string from the library as a str (NULL as None)."""
    return None if b is None else b.decode('utf-8')


def _rows(ptr, n, k):
    """n rows of k values of a row-major C array, as a list of lists."""
    return [list(ptr[i * k:(i + 1) * k]) for i in range(n)]


def _codes(prefix):
    """{name: value} of the header's constants PREFIX_NAME, name in lower
    case ('ACCELSEL_MISSING_' gives {'drop': 1, 'impute': 2}): the names of
    a choice whose library has no *_name() function."""
    return {k[len(prefix):].lower(): v for k, v in _c.CONSTANTS.items() if k.startswith(prefix)}


def _matrix(data, what='matrix', cols=None, rows=None):
    """(flat ctypes doubles, rows, cols) from a list of rows or a C-contiguous
    float64 buffer such as a 2-D numpy array (copied once, without Python
    floats). A str, bytes or dict is a TypeError (see _list_option), a row
    that is not a list of numbers a ValueError. cols/rows: the shape the
    callee needs; anything else is a ValueError that says what was
    expected, before C reads a byte of it."""
    try:
        view = memoryview(data)
    except TypeError:
        view = None
    if view is not None and view.ndim == 2 and view.format == 'd' and view.c_contiguous:
        n, k = view.shape
        flat = (ctypes.c_double * max(n * k, 1)).from_buffer_copy(view) if n * k else (ctypes.c_double * 1)()
    else:
        out = []
        for i, r in enumerate(_list_option(data, what, 'rows')):
            if _not_a_list(r) is not None or not hasattr(r, '__len__'):
                raise ValueError('%s must be a list of rows: row %d is %r' % (what, i, r))
            out.append(list(r))
        n, k = len(out), len(out[0]) if out else 0
        for i, r in enumerate(out):
            if len(r) != k:
                raise ValueError('%s rows differ in length: row 0 has %d values, row %d has %d'
                                 % (what, k, i, len(r)))
        flat = (ctypes.c_double * max(n * k, 1))(*[_cell(v, what) for r in out for v in r])
    if cols is not None and k != cols and n:
        raise ValueError('%s must have %d columns, not %d' % (what, cols, k))
    if rows is not None and n != rows:
        raise ValueError('%s must have %d rows, not %d' % (what, rows, n))
    return flat, n, k


def _vector(values, what='values', n=None, ctype=ctypes.c_double, of='numbers'):
    """A ctypes array of len(values) items (at least one cell) and that length;
    values a list of numbers (see _list_option: a str or a dict is a
    TypeError); n: the length the callee needs (ValueError otherwise).
    Integers are checked by _int_in_range, never converted; other values by
    _cell."""
    values = _list_option(values, what, of)
    if n is not None and len(values) != n:
        raise ValueError('%s must have %d values, not %d' % (what, n, len(values)))
    if ctype in _INT_RANGES:
        values = [_int_in_range(v, ctype, what) for v in values]
    else:
        values = [_cell(v, what) for v in values]
    return (ctype * max(len(values), 1))(*values), len(values)


def _names(values, what, default=None):
    """values, a list of names, as a list (see _list_option): one str or
    bytes is a TypeError, never split into its characters."""
    return _list_option(values, what, 'names', default)


def _name_list(values, what, default=None):
    """A list of names as a ctypes array of UTF-8 strings (at least one
    element, kept alive by the caller) and its length (see _names)."""
    names = [_text(v, 'a name in ' + what) for v in _names(values, what, default)]
    return (ctypes.c_char_p * max(len(names), 1))(*names), len(names)


def _strings(values, what):
    """A list of names (None: none) as a ctypes array (kept alive by the
    caller), its pointer (NULL when empty) and its length."""
    arr, n = _name_list(values, what, default=())
    return arr, ctypes.cast(arr, ctypes.POINTER(ctypes.c_char_p)) if n else None, n


# The ctypes spellings of the modules' declarations: a handle (void *), an
# out handle, size_t, size_t *, double *.
_vp = ctypes.c_void_p
_vpp = ctypes.POINTER(_vp)
_sz = ctypes.c_size_t
_szp = ctypes.POINTER(_sz)
_dp = ctypes.POINTER(ctypes.c_double)


# Types of the public signatures (a numpy array is taken where a sequence of
# numbers or of rows is).
Path = typing.Union[str, bytes, os.PathLike]
Text = typing.Union[str, bytes]
Names = typing.Iterable[str]
Numbers = typing.Iterable[float]
Matrix = typing.Iterable[typing.Iterable[float]]
Progress = typing.Callable[[float], typing.Any]
