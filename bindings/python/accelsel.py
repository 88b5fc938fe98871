"""libaccelsel for Python: a ctypes binding, standard library only.

The shared library is found through the ACCELSEL_LIBRARY environment variable
(that path only), else in the build tree next to this file (build/), else in
the prefix this file was installed into (PREFIX/lib/<multiarch>, lib64, lib),
else through the dynamic loader (libaccelsel.so.1) and
ctypes.util.find_library("accelsel"); an ImportError lists what was tried. Every failing call raises AccelselError,
which carries the status name and the library's detail message.

Options and list parameters keep one rule (see _bool_option and the helpers
after it): every option is checked for its type before any default applies
(a yes/no option takes a bool, a number option a number, never a bool for an
integer, a name a str; a TypeError naming the option otherwise) and None
alone means its default; a parameter that takes a list takes a list, tuple
or other ordered iterable, never one str, bytes or a dict read as its
letters, bytes or keys (_list_option).
"""
# --- core (maintained with include/accelsel/common.h) ---
import collections.abc
import ctypes
import ctypes.util
import contextlib
import difflib
import functools
import glob
import math
import numbers
import operator
import os
import sys
import sysconfig
import threading

__all__ = ['AccelselError', 'version', 'Dataset']

EXPECTED_MAJOR = 0


def _library_candidates():
    """Where libaccelsel may be, in the order tried (see _load_library)."""
    here = os.path.dirname(os.path.abspath(__file__))
    # A source checkout: bindings/python/ next to build/.
    for rel in ('../../build/libaccelsel.so.1', '../../build/libaccelsel.so'):
        yield os.path.normpath(os.path.join(here, rel))
    # An install: PREFIX/lib/pythonX.Y/site-packages/accelsel.py (or
    # PREFIX/lib/python3/dist-packages) beside PREFIX/lib[/<multiarch>|64].
    prefix = os.path.normpath(os.path.join(here, '..', '..', '..'))
    multiarch = sysconfig.get_config_var('MULTIARCH')
    libdirs = ['lib/' + multiarch] if multiarch else []
    libdirs += sorted(os.path.dirname(p)[len(prefix) + 1:]
                      for p in glob.glob(os.path.join(prefix, 'lib', '*', 'libaccelsel.so.1')))
    for d in dict.fromkeys(libdirs + ['lib64', 'lib']):
        yield os.path.join(prefix, d, 'libaccelsel.so.1')
    # The dynamic loader's own search (LD_LIBRARY_PATH, ld.so.cache, /usr/lib).
    yield 'libaccelsel.so.1'


def _load_library():
    """The library: ACCELSEL_LIBRARY if set (and nothing else), else the first
    candidate that loads; the ImportError lists every place tried and why."""
    env = os.environ.get('ACCELSEL_LIBRARY')
    candidates = [env] if env else list(_library_candidates())
    if not env:
        found = ctypes.util.find_library('accelsel')
        if found:
            candidates.append(found)
    tried = []
    for path in candidates:
        if os.sep in path and not os.path.exists(path):
            tried.append('%s (no such file)' % path)
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append('%s (%s)' % (path, e))
    raise ImportError('libaccelsel not found; tried:\n  ' + '\n  '.join(tried) +
                      ('' if env else '\nset ACCELSEL_LIBRARY to the path of libaccelsel.so.1, or '
                       'install the library where the dynamic loader finds it'))


_lib = _load_library()


class _Error(ctypes.Structure):
    _fields_ = [('code', ctypes.c_int), ('message', ctypes.c_char_p), ('source', ctypes.c_char_p),
                ('line', ctypes.c_uint32), ('column', ctypes.c_uint32), ('field', ctypes.c_char_p)]


_lib.accelsel_last_error.restype = ctypes.POINTER(_Error)
_lib.accelsel_last_error.argtypes = []
_lib.accelsel_status_name.restype = ctypes.c_char_p
_lib.accelsel_status_name.argtypes = [ctypes.c_int]
_lib.accelsel_strerror.restype = ctypes.c_char_p
_lib.accelsel_strerror.argtypes = [ctypes.c_int]
_lib.accelsel_version.restype = ctypes.c_char_p
_lib.accelsel_version.argtypes = [ctypes.POINTER(ctypes.c_int)] * 3
_lib.accelsel_free.restype = None
_lib.accelsel_free.argtypes = [ctypes.c_void_p]


class AccelselError(Exception):
    """A libaccelsel call failed.

    Attributes: code (negative status), status (its name, e.g. 'ACCELSEL_EPARSE'),
    message (the library's detail), source, line, column (parse errors), field
    (the options or request member at fault as the C header names it, e.g.
    'features' or 'global_batch'; None when no one field is). str() reads
    'STATUS: field: message'.
    AccelselError(code, message) is an error the binding finds itself before
    calling the library (an unknown name it looks up), with the status the
    library gives for the same fault."""

    def __init__(self, code, message=None):
        err = _lib.accelsel_last_error().contents
        self.code = code
        self.status = _lib.accelsel_status_name(code).decode()
        # The thread's last error belongs to some earlier call when the
        # binding raises on its own.
        same = err.code == code and message is None
        self.message = (err.message or b'').decode('utf-8', 'replace') if same else (message or '')
        if not self.message:
            self.message = _lib.accelsel_strerror(code).decode()
        self.source = err.source.decode('utf-8', 'replace') if same and err.source else None
        self.line = err.line if same else 0
        self.column = err.column if same else 0
        self.field = err.field.decode('utf-8', 'replace') if same and err.field else None
        where = self.field + ': ' if self.field else ''
        super().__init__('%s: %s%s' % (self.status, where, self.message))


def _check(result, func, args):
    """errcheck hook: negative int results become AccelselError."""
    if result < 0:
        raise AccelselError(result)
    return result


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


def _handle_of(value, cls, what):
    """value when it is a handle of class cls (a borrowed one included), else a
    TypeError naming what: C would take any other pointer, or an int, for a cls."""
    if isinstance(value, cls):
        return value
    raise TypeError('%s must be a %s, not %s' % (what, cls.__name__, type(value).__name__))


class _Call:
    """A library function as the binding calls it: integer arguments are range
    checked, a handle parameter takes only a handle of its class (_handle_of),
    and every handle among the arguments is held for the length of the call,
    so that close() from another thread or from a progress callback cannot
    free it under the running call (see _Handle)."""
    __slots__ = ('f', 'ints', 'handles')

    def __init__(self, f, handles):
        self.f = f
        self.ints = [(i, t) for i, t in enumerate(f.argtypes) if t in _INT_RANGES]
        self.handles = handles

    def __call__(self, *args):
        args = list(args)
        for i, t in self.ints:
            if i < len(args):
                args[i] = _int_in_range(args[i], t, 'argument %d of %s' % (i + 1, self.f.__name__))
        for i, name in self.handles:
            if i < len(args):
                _handle_of(args[i], globals()[name], 'argument %d of %s' % (i + 1, self.f.__name__))
        held = []
        try:
            for i, a in enumerate(args):
                if isinstance(a, _Handle):
                    # The pointer taken with the hold: _as_parameter_ would
                    # raise once another thread's close() marks the handle.
                    args[i] = a._acquire()
                    held.append(a)
            return self.f(*args)
        finally:
            for h in reversed(held):
                h._release()


def _fn(name, restype, argtypes, check=True):
    """Declare a library function with its types; check=True raises on negative
    status. A handle parameter is declared by the name of its handle class (a
    str: the classes come after the functions they call); C gets its pointer."""
    f = getattr(_lib, name)
    f.restype = restype
    f.argtypes = [ctypes.c_void_p if isinstance(t, str) else t for t in argtypes]
    if check:
        f.errcheck = _check
    return _Call(f, [(i, t) for i, t in enumerate(argtypes) if isinstance(t, str)])


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
    return None if b is None else b.decode('utf-8')


def version():
    """The library's version as (major, minor, patch)."""
    a, b, c = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    _lib.accelsel_version(ctypes.byref(a), ctypes.byref(b), ctypes.byref(c))
    return (a.value, b.value, c.value)


if version()[0] != EXPECTED_MAJOR:
    raise ImportError('libaccelsel major version %d, this binding needs %d' % (version()[0], EXPECTED_MAJOR))


class _Handle:
    """Owns one library handle; freed by close(), a with-block or garbage collection.

    Thread safety and lifetime: every call made through _fn holds the handles
    among its arguments (_acquire/_release count the calls in progress under a
    lock). close() is idempotent and may be called from any thread or from a
    progress callback: it marks the handle closed at once, so that any later
    use raises ValueError, and frees it then, or, when calls are still running
    on it, as the last of them returns. A borrowed handle (one with an _owner,
    such as a model's Features; made by _borrowed) lives inside its owner: it
    holds the owner during calls, is never freed itself, and is closed with its
    owner. A handle whose C object uses others for its whole life (a Predictor
    its Catalog) holds them (borrows) as a call does, from when it is made
    until its object is freed: closing one of them meanwhile marks it closed
    at once and frees it after the last handle that uses it."""
    _free = None
    _owner = None
    _borrows = ()

    def __init__(self, ptr, owner=None, borrows=()):
        self._lock = threading.Lock()
        self._uses = 0
        self._closed = False
        self._ptr = ptr
        if owner is not None:
            self._owner = owner
        held = []
        try:
            for h in borrows:
                h._acquire()
                held.append(h)
        finally:
            # On a failed hold, close() (at the latest from __del__) frees ptr
            # and releases what was held.
            self._borrows = tuple(held)

    @classmethod
    def _borrowed(cls, ptr, owner):
        """A cls for ptr, an object that owner owns (a borrowed handle), made
        without cls.__init__, which would make a new object."""
        h = cls.__new__(cls)
        _Handle.__init__(h, ptr, owner)
        return h

    def _handle_name(self):
        return type(self).__name__.lstrip('_')

    def _acquire(self):
        """Count one more use (ValueError once closed) and return the pointer."""
        owner = self._owner
        if owner is not None:
            owner._acquire()
        try:
            with self._lock:
                if self._closed or not self._ptr:
                    raise ValueError('%s is closed' % self._handle_name())
                self._uses += 1
                return self._ptr
        except BaseException:
            if owner is not None:
                owner._release()
            raise

    def _release(self):
        with self._lock:
            self._uses -= 1
            ptr = self._take() if self._closed and self._uses == 0 else None
        if ptr:
            self._free_ptr(ptr)
        if self._owner is not None:
            self._owner._release()

    def _take(self):
        """The pointer to free (None for a borrowed handle); the handle forgets it."""
        ptr, self._ptr = self._ptr, None
        return ptr if self._owner is None else None

    def _free_ptr(self, ptr):
        """Free through the raw ctypes function (no handle to hold, and it works
        while the interpreter shuts down and module globals are gone), then let
        go of the handles the object used (borrows)."""
        free = type(self)._free
        getattr(free, 'f', free)(ptr)
        for h in self._borrows:
            h._release()

    @contextlib.contextmanager
    def _held(self):
        """Hold the handle while Python reads memory that the handle owns."""
        ptr = self._acquire()
        try:
            yield ptr
        finally:
            self._release()

    def close(self):
        lock = self.__dict__.get('_lock')
        if lock is None:  # __init__ never ran (a constructor raised first)
            return
        with lock:
            self._closed = True
            ptr = self._take() if self._uses == 0 else None
        if ptr:
            self._free_ptr(ptr)

    @property
    def closed(self):
        owner = self._owner
        return bool(self.__dict__.get('_closed', True) or not self._ptr or (owner is not None and owner.closed))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    @property
    def _as_parameter_(self):
        if self.closed:
            raise ValueError('%s is closed' % self._handle_name())
        return self._ptr


def _holding(method):
    """A method that reads memory its handle owns, run with the handle held."""
    @functools.wraps(method)
    def run(self, *args, **kw):
        with self._held():
            return method(self, *args, **kw)
    return run


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


# --- dataset ---
_vp = ctypes.c_void_p
_sz = ctypes.c_size_t
_NUMERIC = 1  # ACCELSEL_COLUMN_NUMERIC


class CsvOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('delimiter', ctypes.c_uint32),
                ('max_field_len', ctypes.c_uint64),
                ('categorical', ctypes.POINTER(ctypes.c_char_p)), ('n_categorical', ctypes.c_uint64),
                ('n_threads', ctypes.c_uint32),
                ('missing', ctypes.POINTER(ctypes.c_char_p)), ('n_missing', ctypes.c_uint64)]


_csv_options_init = _fn('accelsel_csv_options_init', ctypes.c_int, [ctypes.POINTER(CsvOptions), ctypes.c_uint])
_csv_options_size = _fn('accelsel_csv_options_size', _sz, [], check=False)
if _csv_options_size() != ctypes.sizeof(CsvOptions):
    raise ImportError('accelsel_csv_options layout differs from this binding')
_ds_load_csv = _fn('accelsel_dataset_load_csv', ctypes.c_int, [ctypes.POINTER(_vp), ctypes.c_char_p, ctypes.POINTER(CsvOptions)])
_ds_load_buf = _fn('accelsel_dataset_load_csv_buffer', ctypes.c_int, [ctypes.POINTER(_vp), ctypes.c_char_p, _sz, ctypes.POINTER(CsvOptions)])
_ds_load_builtin = _fn('accelsel_dataset_load_builtin', ctypes.c_int, [ctypes.POINTER(_vp), ctypes.c_char_p])
_ds_builtin_name = _fn('accelsel_dataset_builtin_name', ctypes.c_char_p, [_sz], check=False)
_ds_new = _fn('accelsel_dataset_new', ctypes.c_int, [ctypes.POINTER(_vp), _sz])
_ds_add_numeric = _fn('accelsel_dataset_add_numeric', ctypes.c_int, ['Dataset', ctypes.c_char_p, ctypes.POINTER(ctypes.c_double), _sz])
_ds_add_categorical = _fn('accelsel_dataset_add_categorical', ctypes.c_int, ['Dataset', ctypes.c_char_p, ctypes.POINTER(ctypes.c_char_p), _sz])
_ds_rows = _fn('accelsel_dataset_rows', _sz, ['Dataset'], check=False)
_ds_cols = _fn('accelsel_dataset_cols', _sz, ['Dataset'], check=False)
_ds_row_line = _fn('accelsel_dataset_row_line', ctypes.c_uint64, ['Dataset', _sz], check=False)
_ds_column_name = _fn('accelsel_dataset_column_name', ctypes.c_char_p, ['Dataset', _sz], check=False)
_ds_column_index = _fn('accelsel_dataset_column_index', ctypes.c_int, ['Dataset', ctypes.c_char_p, ctypes.POINTER(_sz)])
_ds_column_type = _fn('accelsel_dataset_column_type', ctypes.c_int, ['Dataset', _sz])
_ds_numeric = _fn('accelsel_dataset_numeric', ctypes.POINTER(ctypes.c_double), ['Dataset', _sz], check=False)
_ds_string = _fn('accelsel_dataset_string', ctypes.c_char_p, ['Dataset', _sz, _sz], check=False)
_ds_is_missing = _fn('accelsel_dataset_is_missing', ctypes.c_int, ['Dataset', _sz, _sz])
_ds_filter_equal = _fn('accelsel_dataset_filter_equal', ctypes.c_int, [ctypes.POINTER(_vp), 'Dataset', ctypes.c_char_p, ctypes.c_char_p])
_ds_filter_range = _fn('accelsel_dataset_filter_range', ctypes.c_int, [ctypes.POINTER(_vp), 'Dataset', ctypes.c_char_p, ctypes.c_double, ctypes.c_double])
_ds_filter_expr = _fn('accelsel_dataset_filter_expr', ctypes.c_int, [ctypes.POINTER(_vp), 'Dataset', ctypes.c_char_p])
_ds_select_rows = _fn('accelsel_dataset_select_rows', ctypes.c_int, [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(_sz), _sz])
_ds_to_matrix = _fn('accelsel_dataset_to_matrix', ctypes.c_int, ['Dataset', ctypes.POINTER(_sz), _sz, ctypes.POINTER(ctypes.c_double), _sz])
_ds_save_csv = _fn('accelsel_dataset_save_csv', ctypes.c_int, ['Dataset', ctypes.c_char_p])
_ds_save_csv_buffer = _fn('accelsel_dataset_save_csv_buffer', ctypes.c_int, ['Dataset', ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(_sz)])
_ds_free = _fn('accelsel_dataset_free', None, [_vp], check=False)


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


def _csv_options(delimiter, categorical, missing):
    opts = CsvOptions()
    _csv_options_init(ctypes.byref(opts), 1)
    if delimiter is not None:  # None: ACCELSEL_CSV_OPTIONS_INIT's, a comma
        if not isinstance(delimiter, str):
            raise TypeError('delimiter must be a str (one character), not %s' % type(delimiter).__name__)
        if len(delimiter) != 1:
            raise ValueError('delimiter must be one character, not %r' % (delimiter,))
        opts.delimiter = ord(delimiter)
    keep_c, opts.categorical, opts.n_categorical = _strings(categorical, 'categorical')
    keep_m, opts.missing, opts.n_missing = _strings(missing, 'missing')
    return opts, (keep_c, keep_m)


class Dataset(_Handle):
    """A table of typed columns (numeric: float, missing as None; categorical: str or None)."""
    _free = _ds_free

    @classmethod
    def _make(cls, call, *args):
        out = _vp()
        call(ctypes.byref(out), *args)
        return cls(out.value)

    @classmethod
    def from_csv(cls, path, delimiter=None, categorical=None, missing=None):
        """Read a CSV file (RFC 4180). delimiter: one character; None: the
        library's default (ACCELSEL_CSV_OPTIONS_INIT, a comma). categorical:
        a list of the columns kept as text; missing: a list of extra
        spellings of a missing value (besides '', NA, N/A, NaN); None: none.
        One str where a list belongs is a TypeError (see _list_option)."""
        opts, keep = _csv_options(delimiter, categorical, missing)
        return cls._make(_ds_load_csv, _text(path, 'path'), ctypes.byref(opts))

    @classmethod
    def from_csv_text(cls, text, delimiter=None, categorical=None, missing=None):
        """Read CSV from a str or bytes (options as from_csv)."""
        data = _buf(text)
        opts, keep = _csv_options(delimiter, categorical, missing)
        return cls._make(_ds_load_buf, data, len(data), ctypes.byref(opts))

    @classmethod
    def builtin(cls, name='mlperf-training-resnet'):
        """A dataset compiled into the library (None: the default name)."""
        return cls._make(_ds_load_builtin, _text_option(name, 'name', 'mlperf-training-resnet'))

    @staticmethod
    def builtin_names():
        names, i = [], 0
        while _ds_builtin_name(i) is not None:
            names.append(_ds_builtin_name(i).decode())
            i += 1
        return names

    @classmethod
    def from_columns(cls, columns):
        """Build from a dict {name: list}; lists of numbers (None = missing) become
        numeric columns, anything else categorical (see add_column). A column
        given one str (or a dict) is a TypeError (see _list_option), never a
        column of its letters."""
        if not isinstance(columns, collections.abc.Mapping):
            raise TypeError('columns must be a dict {name: list of values}, not %s'
                            % type(columns).__name__)
        items = [(name, _list_option(values, 'column %r' % (name,), 'values'))
                 for name, values in columns.items()]
        n = len(items[0][1]) if items else 0
        for name, values in items:
            if len(values) != n:
                raise ValueError('column %r has %d values, the first column %d' % (name, len(values), n))
        ds = cls._make(_ds_new, n)
        for name, values in items:
            ds.add_column(name, values)
        return ds

    def add_column(self, name, values):
        """Append or replace a column: numeric (float, NaN for None) if every value
        is a real number (int, float, numpy's) or None and one is not None, else
        categorical (each value as text). A bool is not a number here: a column
        of them is categorical ('True', 'False'). values is a list (see
        _list_option): one str is a TypeError, never a column of its letters."""
        if self._owner is not None:
            raise ValueError('this Dataset belongs to a %s and is read-only; add columns to a '
                             'copy, ds.select_rows(range(len(ds)))' % self._owner._handle_name())
        values = _list_option(values, 'values of column %r' % (name,), 'values')
        rows = _ds_rows(self)
        if len(values) != rows:
            raise ValueError('column %r must have %d values (one per row), not %d' % (name, rows, len(values)))
        if all(v is None or (isinstance(v, numbers.Real) and not isinstance(v, bool)) for v in values) \
                and any(v is not None for v in values):
            arr = (ctypes.c_double * len(values))(*[math.nan if v is None else float(v) for v in values])
            _ds_add_numeric(self, _enc(name), arr, len(values))
        else:
            arr = (ctypes.c_char_p * max(len(values), 1))(
                *[None if v is None else _text(v if isinstance(v, (str, bytes, bytearray)) else str(v),
                                               'value %d of column %r' % (i, name))
                  for i, v in enumerate(values)])
            _ds_add_categorical(self, _enc(name), arr, len(values))

    @property
    def shape(self):
        return (_ds_rows(self), _ds_cols(self))

    def __len__(self):
        return _ds_rows(self)

    @property
    def columns(self):
        return [_dec(_ds_column_name(self, i)) for i in range(_ds_cols(self))]

    def column_index(self, name):
        out = _sz()
        _ds_column_index(self, _enc(name), ctypes.byref(out))
        return out.value

    def column_type(self, name):
        """'numeric' or 'categorical'."""
        return 'numeric' if _ds_column_type(self, self.column_index(name)) == _NUMERIC else 'categorical'

    def column(self, name):
        """The values of one column as a list (None for missing)."""
        col = self.column_index(name)
        with self._held():
            n = _ds_rows(self)
            if _ds_column_type(self, col) == _NUMERIC:
                ptr = _ds_numeric(self, col)
                return [None if math.isnan(ptr[i]) else ptr[i] for i in range(n)]
            return [_dec(_ds_string(self, r, col)) for r in range(n)]

    def is_missing(self, row, name):
        return bool(_ds_is_missing(self, row, self.column_index(name)))

    @property
    def lines(self):
        """Each row's line in the CSV it was read from (the header is line 1),
        kept through filters and derived metrics; None for rows not read from
        CSV (built in memory, or appended)."""
        with self._held():
            return [_ds_row_line(self, r) or None for r in range(_ds_rows(self))]

    def where(self, expr):
        """Rows matching 'COL=VALUE' or 'COL=MIN..MAX' (a new Dataset)."""
        return Dataset._make(_ds_filter_expr, self, _enc(expr))

    def equal(self, column, value):
        if value is None:
            raise TypeError('value is None: missing cells are found with is_missing()')
        value = value if isinstance(value, (str, bytes, bytearray)) else str(value)
        return Dataset._make(_ds_filter_equal, self, _enc(column), _text(value, 'value'))

    def between(self, column, lo=-math.inf, hi=math.inf):
        """Rows whose numeric column lies in [lo, hi] (None: unbounded on that side)."""
        return Dataset._make(_ds_filter_range, self, _enc(column), _real_option(lo, 'lo', -math.inf),
                             _real_option(hi, 'hi', math.inf))

    def select_rows(self, rows):
        arr, n = _vector(rows, 'rows', ctype=_sz)
        return Dataset._make(_ds_select_rows, self, arr, n)

    def matrix(self, columns):
        """Numeric columns as a list of row lists (NaN for missing)."""
        idx = [self.column_index(c) for c in _names(columns, 'columns')]
        n, k = _ds_rows(self), len(idx)
        buf = (ctypes.c_double * max(n * k, 1))()
        _ds_to_matrix(self, (_sz * k)(*idx), k, buf, n * k)
        return [list(buf[r * k:(r + 1) * k]) for r in range(n)]

    def to_csv(self, path=None):
        """Write CSV to path, or return it as a str when path is None."""
        if path is not None:
            _ds_save_csv(self, _text(path, 'path'))
            return None
        ptr, n = ctypes.c_void_p(), _sz()
        _ds_save_csv_buffer(self, ctypes.byref(ptr), ctypes.byref(n))
        try:
            return ctypes.string_at(ptr, n.value).decode('utf-8')
        finally:
            _lib.accelsel_free(ptr)

    def to_dict(self):
        return {c: self.column(c) for c in self.columns}

    def select_columns(self, columns):
        """A new Dataset with these columns (names), in this order."""
        idx = [self.column_index(c) for c in _names(columns, 'columns')]
        return Dataset._make(_ds_select_columns, self, (_sz * len(idx))(*idx), len(idx))

    def derive(self, time=None, accelerators=None, nodes=None, per_node=None, epochs=None,
               groups=None, images_per_epoch=None, reference_row=None):
        """A new Dataset with the derived columns of accelsel/derive.h (accelerators,
        throughput_img_s_derived, throughput_per_accelerator, speedup, efficiency,
        accelerator_hours, reference_row). Column names default to MLPerf's; groups=None
        means ('round', 'accelerator_model_name'), groups=() one group of all rows
        (a list of names: one str is a TypeError). None: the default of any
        option, the library's (ACCELSEL_DERIVE_OPTIONS_INIT: images_per_epoch
        1281167, ImageNet-1k's training set; reference_row -1, one reference
        per group)."""
        opts = DeriveOptions()
        _derive_options_init(ctypes.byref(opts), 1)
        keep = [_text_option(v, k) for k, v in (('time', time), ('accelerators', accelerators),
                                                 ('nodes', nodes), ('per_node', per_node),
                                                 ('epochs', epochs))]
        opts.time_column, opts.accelerators_column, opts.nodes_column, opts.per_node_column, \
            opts.epochs_column = keep
        if groups is not None:
            names, opts.group_columns, opts.n_group_columns = _strings(groups, 'groups')
        _store(opts, 'derive()', images_per_epoch=images_per_epoch, reference_row=reference_row)
        return Dataset._make(_ds_derive, self, ctypes.byref(opts))


class DeriveOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('time_column', ctypes.c_char_p),
                ('accelerators_column', ctypes.c_char_p), ('nodes_column', ctypes.c_char_p),
                ('per_node_column', ctypes.c_char_p), ('epochs_column', ctypes.c_char_p),
                ('group_columns', ctypes.POINTER(ctypes.c_char_p)), ('n_group_columns', ctypes.c_uint64),
                ('images_per_epoch', ctypes.c_double), ('reference_row', ctypes.c_int64)]


_derive_options_init = _fn('accelsel_derive_options_init', ctypes.c_int, [ctypes.POINTER(DeriveOptions), ctypes.c_uint])
if _fn('accelsel_derive_options_size', _sz, [], check=False)() != ctypes.sizeof(DeriveOptions):
    raise ImportError('accelsel_derive_options layout differs from this binding')
_ds_derive = _fn('accelsel_dataset_derive', ctypes.c_int, [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(DeriveOptions)])
_ds_select_columns = _fn('accelsel_dataset_select_columns', ctypes.c_int, [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(_sz), _sz])

# --- features and clustering ---
__all__ += ['Features', 'ClusterModel', 'ClusterSelection', 'silhouette', 'calinski_harabasz',
            'davies_bouldin', 'elbow', 'select_k']
_TRANSFORMS = {'default': 0, 'none': 1, 'log10': 2, 'zscore': 3, 'minmax': 4, 'log10_zscore': 5,
               'onehot': 6}
_TRANSFORM_NAMES = {v: k for k, v in _TRANSFORMS.items()}
_FEATURE_MISSING = {'drop': 1, 'impute': 2}
_cl_algorithm_name = _fn('accelsel_cluster_algorithm_name', ctypes.c_char_p, [ctypes.c_uint32], check=False)
_kselect_name = _fn('accelsel_kselect_name', ctypes.c_char_p, [ctypes.c_int], check=False)
# The names of the algorithms and of the criteria for k, the library's
# (ACCELSEL_CLUSTER_* and ACCELSEL_KSELECT_* count from 1).
_ALGORITHMS = {_cl_algorithm_name(c).decode(): c for c in range(1, 16) if _cl_algorithm_name(c)}
_CRITERIA = {_kselect_name(c).decode(): c for c in range(1, 16) if _kselect_name(c)}
_SCORES = {'inertia': 1, 'silhouette': 2, 'calinski_harabasz': 3, 'davies_bouldin': 4, 'gap': 5,
           'gap_se': 6}
_CL_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_double, ctypes.c_void_p)
_cl_dp = ctypes.POINTER(ctypes.c_double)
_cl_u32p = ctypes.POINTER(ctypes.c_uint32)
_cl_szp = ctypes.POINTER(_sz)


class _FeaturesOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('missing', ctypes.c_uint32)]


class ClusterOptions(ctypes.Structure):
    """Mirror of accelsel_cluster_options (checked against the library's size)."""
    _fields_ = [('version', ctypes.c_uint), ('algorithm', ctypes.c_uint32), ('k', ctypes.c_uint32),
                ('n_init', ctypes.c_uint32), ('max_iter', ctypes.c_uint32), ('tol', ctypes.c_double),
                ('seed', ctypes.c_uint64), ('n_threads', ctypes.c_uint32), ('init', _cl_dp),
                ('indices', ctypes.c_uint32), ('silhouette_max', ctypes.c_uint64),
                ('gap_references', ctypes.c_uint32), ('profiles', ctypes.c_uint32),
                ('progress', _CL_PROGRESS),
                ('payload', ctypes.c_void_p)]


_feat_options_init = _fn('accelsel_features_options_init', ctypes.c_int,
                         [ctypes.POINTER(_FeaturesOptions), ctypes.c_uint])
_cl_options_init = _fn('accelsel_cluster_options_init', ctypes.c_int,
                       [ctypes.POINTER(ClusterOptions), ctypes.c_uint])
if _fn('accelsel_features_options_size', _sz, [], check=False)() != ctypes.sizeof(_FeaturesOptions) or \
        _fn('accelsel_cluster_options_size', _sz, [], check=False)() != ctypes.sizeof(ClusterOptions):
    raise ImportError('accelsel_features_options or accelsel_cluster_options layout differs from this binding')
_feat_fit = _fn('accelsel_features_fit', ctypes.c_int,
                [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_int),
                 _sz, ctypes.POINTER(_FeaturesOptions)])
_feat_dim = _fn('accelsel_features_dim', _sz, ['Features'], check=False)
_feat_name = _fn('accelsel_features_name', ctypes.c_char_p, ['Features', _sz], check=False)
_feat_n_inputs = _fn('accelsel_features_n_inputs', _sz, ['Features'], check=False)
_feat_input_name = _fn('accelsel_features_input_name', ctypes.c_char_p, ['Features', _sz], check=False)
_feat_input_transform = _fn('accelsel_features_input_transform', ctypes.c_int, ['Features', _sz])
_feat_missing = _fn('accelsel_features_missing_policy', ctypes.c_int, ['Features'])
_feat_scaling = _fn('accelsel_features_scaling', ctypes.c_int, ['Features', _sz, _cl_dp, _cl_dp])
_feat_transform = _fn('accelsel_features_transform', ctypes.c_int,
                      ['Features', 'Dataset', _cl_dp, _sz, _cl_szp, _cl_szp])
_feat_inverse = _fn('accelsel_features_inverse', ctypes.c_int, ['Features', _cl_dp, _sz, _cl_dp, _sz])
_feat_free = _fn('accelsel_features_free', None, [_vp], check=False)
_cl_fit = _fn('accelsel_cluster_fit', ctypes.c_int, [ctypes.POINTER(_vp), _cl_dp, _sz, _sz,
                                                     ctypes.POINTER(ClusterOptions)])
_cl_fit_dataset = _fn('accelsel_cluster_fit_dataset', ctypes.c_int,
                      [ctypes.POINTER(_vp), 'Dataset', 'Features', ctypes.POINTER(ClusterOptions)])
_cl_algorithm = _fn('accelsel_cluster_model_algorithm', ctypes.c_int, ['ClusterModel'])
_cl_k = _fn('accelsel_cluster_model_k', _sz, ['ClusterModel'], check=False)
_cl_n_rows = _fn('accelsel_cluster_model_n_rows', _sz, ['ClusterModel'], check=False)
_cl_dim = _fn('accelsel_cluster_model_dim', _sz, ['ClusterModel'], check=False)
_cl_labels = _fn('accelsel_cluster_model_labels', _cl_u32p, ['ClusterModel'], check=False)
_cl_row_index = _fn('accelsel_cluster_model_row_index', _cl_szp, ['ClusterModel'], check=False)
_cl_centroids = _fn('accelsel_cluster_model_centroids', _cl_dp, ['ClusterModel'], check=False)
_cl_centroids_orig = _fn('accelsel_cluster_model_centroids_original', _cl_dp, ['ClusterModel'], check=False)
_cl_features = _fn('accelsel_cluster_model_features', _vp, ['ClusterModel'], check=False)
_cl_n_iter = _fn('accelsel_cluster_model_n_iter', ctypes.c_uint32, ['ClusterModel'], check=False)
_cl_n_merges = _fn('accelsel_cluster_model_n_merges', _sz, ['ClusterModel'], check=False)
_cl_merge = _fn('accelsel_cluster_model_merge', ctypes.c_int, ['ClusterModel', _sz, _cl_szp, _cl_szp, _cl_dp, _cl_szp])
_cl_profiles = _fn('accelsel_cluster_model_profiles', _vp, ['ClusterModel'], check=False)
_cl_predict = _fn('accelsel_cluster_model_predict', ctypes.c_int, ['ClusterModel', _cl_dp, _sz, _sz, _cl_u32p])
_cl_predict_dataset = _fn('accelsel_cluster_model_predict_dataset', ctypes.c_int,
                          ['ClusterModel', 'Dataset', _cl_u32p, _sz, _cl_szp, _cl_szp])
_cl_save_buffer = _fn('accelsel_cluster_model_save_yaml_buffer', ctypes.c_int,
                      ['ClusterModel', ctypes.POINTER(ctypes.c_void_p), _cl_szp])
_cl_save = _fn('accelsel_cluster_model_save_yaml', ctypes.c_int, ['ClusterModel', ctypes.c_char_p])
_cl_load_buffer = _fn('accelsel_cluster_model_load_yaml_buffer', ctypes.c_int,
                      [ctypes.POINTER(_vp), ctypes.c_char_p, _sz])
_cl_load = _fn('accelsel_cluster_model_load_yaml', ctypes.c_int, [ctypes.POINTER(_vp), ctypes.c_char_p])
_cl_free = _fn('accelsel_cluster_model_free', None, [_vp], check=False)
_cl_value = {name: _fn('accelsel_cluster_model_' + name, ctypes.c_double, ['ClusterModel'], check=False)
             for name in ('inertia', 'silhouette', 'calinski_harabasz', 'davies_bouldin')}
_cl_silhouette = _fn('accelsel_cluster_silhouette', ctypes.c_int,
                     [_cl_dp, _sz, _sz, _cl_u32p, ctypes.POINTER(ClusterOptions), _cl_dp])
_cl_ch = _fn('accelsel_cluster_calinski_harabasz', ctypes.c_int, [_cl_dp, _sz, _sz, _cl_u32p, _cl_dp])
_cl_db = _fn('accelsel_cluster_davies_bouldin', ctypes.c_int, [_cl_dp, _sz, _sz, _cl_u32p, _cl_dp])
_cl_elbow = _fn('accelsel_cluster_elbow', ctypes.c_int, [_cl_dp, _cl_dp, _sz, _cl_szp])
_cl_select = _fn('accelsel_cluster_select_k', ctypes.c_int,
                 [ctypes.POINTER(_vp), _cl_dp, _sz, _sz, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_int,
                  ctypes.POINTER(ClusterOptions)])
_sel_count = _fn('accelsel_cluster_selection_count', _sz, ['ClusterSelection'], check=False)
_sel_k = _fn('accelsel_cluster_selection_k', ctypes.c_uint32, ['ClusterSelection', _sz], check=False)
_sel_score = _fn('accelsel_cluster_selection_score', ctypes.c_double, ['ClusterSelection', _sz, ctypes.c_int],
                 check=False)
_sel_best = _fn('accelsel_cluster_selection_best_k', ctypes.c_uint32, ['ClusterSelection'], check=False)
_sel_free = _fn('accelsel_cluster_selection_free', None, [_vp], check=False)


def _cl_labels_in(labels, n):
    """Cluster labels as uint32, exactly one per matrix row."""
    return _vector(labels, 'labels (one per matrix row)', n=n, ctype=ctypes.c_uint32)[0]


def _cl_rows(ptr, n, k):
    return [list(ptr[i * k:(i + 1) * k]) for i in range(n)]


class Features(_Handle):
    """A fitted transform from dataset columns to a standardised matrix.

    columns: a list of column names; transforms: None (z-score numeric,
    one-hot categorical) or a list of one name per column among 'default',
    'none', 'log10', 'zscore', 'minmax', 'log10_zscore', 'onehot'; missing:
    'drop' or 'impute'. One str where a list belongs is a TypeError."""
    _free = _feat_free

    @classmethod
    def fit(cls, dataset, columns, transforms=None, missing=None):
        """missing: None for the library's default (ACCELSEL_FEATURES_OPTIONS_INIT:
        'drop')."""
        opts = _FeaturesOptions()
        _feat_options_init(ctypes.byref(opts), 1)
        _set_choice(opts, 'missing', missing, 'missing', _FEATURE_MISSING)
        names, n_columns = _name_list(columns, 'columns')
        codes = None
        if transforms is not None:
            transforms = _names(transforms, 'transforms')
            if len(transforms) != n_columns:
                raise ValueError('transforms must have %d names (one per column), not %d'
                                 % (n_columns, len(transforms)))
            codes = (ctypes.c_int * n_columns)(*[_choice_option(t, 'transforms', _TRANSFORMS)
                                                 for t in transforms])
        out = _vp()
        _feat_fit(ctypes.byref(out), dataset, names, codes, n_columns, ctypes.byref(opts))
        return cls(out.value)

    @property
    def dim(self):
        return _feat_dim(self)

    @property
    def names(self):
        """Output column names, e.g. 'log10(n)' or 'family=A100'."""
        return [_dec(_feat_name(self, j)) for j in range(self.dim)]

    @property
    def inputs(self):
        """[(input column, transform name)] as fitted (defaults resolved)."""
        return [(_dec(_feat_input_name(self, i)), _TRANSFORM_NAMES[_feat_input_transform(self, i)])
                for i in range(_feat_n_inputs(self))]

    @property
    def missing(self):
        return 'drop' if _feat_missing(self) == 1 else 'impute'

    def scaling(self, j):
        """(center, scale) of output column j: out = (t(x) - center) / scale."""
        if not 0 <= j < self.dim:
            raise IndexError('output column %d of %d' % (j, self.dim))
        c, s = ctypes.c_double(), ctypes.c_double()
        _feat_scaling(self, j, ctypes.byref(c), ctypes.byref(s))
        return c.value, s.value

    def transform(self, dataset):
        """(rows, row_index): the matrix as a list of rows, and the dataset row of each."""
        n, dim = len(dataset), self.dim
        buf = (ctypes.c_double * max(n * dim, 1))()
        idx = (_sz * max(n, 1))()
        used = _sz()
        _feat_transform(self, dataset, buf, n * dim, ctypes.byref(used), idx)
        return _cl_rows(buf, used.value, dim), list(idx[:used.value])

    def inverse(self, rows):
        """Rows of the feature space in original units, one value per input (NaN for categorical)."""
        flat, n, k = _matrix(rows, 'rows of the feature space', cols=self.dim)
        ni = _feat_n_inputs(self)
        out = (ctypes.c_double * max(n * ni, 1))()
        _feat_inverse(self, flat, n, out, n * ni)
        return _cl_rows(out, n, ni)


def _cl_options(progress=None, init=None, algorithm=None, indices=None, profiles=None, dim=None,
                what='cluster options', **kw):
    """(ClusterOptions, objects to keep alive, list that receives a callback's exception).
    dim: the data's column count, which init must match (k rows of dim values).
    Every option through the option rules (None: the library's default, as
    accelsel_cluster_options_init() sets it)."""
    opts = ClusterOptions()
    _cl_options_init(ctypes.byref(opts), 1)
    _set_choice(opts, 'algorithm', algorithm, '%s: algorithm' % what, _ALGORITHMS)
    _set_bool(opts, 'indices', indices, '%s: indices' % what)
    _set_bool(opts, 'profiles', profiles, '%s: profiles' % what)
    _store(opts, what, **kw)
    keep = []
    if init is not None:
        if dim is None:
            raise TypeError('init needs the data (k rows of one value per column)')
        flat, n, k = _matrix(init, 'init', cols=dim, rows=opts.k)
        keep.append(flat)
        opts.init = ctypes.cast(flat, _cl_dp)
    raised = []

    def call(fraction, payload):
        try:
            return 1 if progress(fraction) else 0
        except BaseException as e:  # re-raised by the caller: an exception must not cross C
            raised.append(e)
            return 1
    opts.progress = _CL_PROGRESS(call) if progress is not None else _CL_PROGRESS()
    keep.append(opts.progress)
    return opts, keep, raised


def _cl_call(fn, opts, raised, *args):
    try:
        fn(*args)
    except AccelselError:
        if raised:
            raise raised[0]
        raise


class ClusterModel(_Handle):
    """A fitted clustering (k-means or Ward). Fit with ClusterModel.fit(matrix, ...)
    or ClusterModel.fit_dataset(dataset, features, ...); options: k, algorithm
    ('kmeans' or 'ward'), n_init, max_iter, tol, seed, n_threads, init (k rows of
    initial centres), indices (compute silhouette/CH/DB), profiles (per-column
    statistics in the profiles; False keeps cluster and size), silhouette_max,
    progress (callable(fraction) returning True to cancel). indices and
    profiles take a bool, the numbers a number (a TypeError otherwise);
    None: the default of any option, the library's
    (ACCELSEL_CLUSTER_OPTIONS_INIT, accelsel_cluster_options_init(): today
    k 5, 'kmeans', n_init 10, max_iter 300, tol 1e-4, seed 0, all cores,
    indices and profiles True, silhouette_max 100000)."""
    _free = _cl_free

    @classmethod
    def fit(cls, matrix, k=None, **kw):
        flat, n, d = _matrix(matrix)
        opts, keep, raised = _cl_options(k=k, dim=d, what='ClusterModel.fit()', **kw)
        out = _vp()
        _cl_call(_cl_fit, opts, raised, ctypes.byref(out), flat, n, d, ctypes.byref(opts))
        return cls(out.value)

    @classmethod
    def fit_dataset(cls, dataset, features, k=None, **kw):
        dim = _feat_dim(features) if isinstance(features, Features) else None
        opts, keep, raised = _cl_options(k=k, dim=dim, what='ClusterModel.fit_dataset()', **kw)
        out = _vp()
        _cl_call(_cl_fit_dataset, opts, raised, ctypes.byref(out), dataset, features, ctypes.byref(opts))
        return cls(out.value)

    @classmethod
    def from_yaml(cls, path):
        out = _vp()
        _cl_load(ctypes.byref(out), _text(path, 'path'))
        return cls(out.value)

    @classmethod
    def from_yaml_text(cls, text):
        data = _buf(text)
        out = _vp()
        _cl_load_buffer(ctypes.byref(out), data, len(data))
        return cls(out.value)

    def to_yaml(self, path=None):
        """Write YAML to path, or return it as a str when path is None."""
        if path is not None:
            _cl_save(self, _text(path, 'path'))
            return None
        ptr, n = ctypes.c_void_p(), _sz()
        _cl_save_buffer(self, ctypes.byref(ptr), ctypes.byref(n))
        try:
            return ctypes.string_at(ptr, n.value).decode('utf-8')
        finally:
            _lib.accelsel_free(ptr)

    @property
    def algorithm(self):
        return 'kmeans' if _cl_algorithm(self) == 1 else 'ward'

    @property
    def k(self):
        return _cl_k(self)

    @property
    def n_rows(self):
        return _cl_n_rows(self)

    @property
    def dim(self):
        return _cl_dim(self)

    @property
    def labels(self):
        with self._held():
            return _cl_labels(self)[:self.n_rows]

    @property
    def row_index(self):
        """Dataset row of each label (dataset fits), or None."""
        with self._held():
            p = _cl_row_index(self)
            return p[:self.n_rows] if p else None

    @property
    def centroids(self):
        with self._held():
            return _cl_rows(_cl_centroids(self), self.k, self.dim)

    @property
    def centroids_original(self):
        with self._held():
            f = self.features
            width = _feat_n_inputs(f) if f is not None else self.dim
            return _cl_rows(_cl_centroids_orig(self), self.k, width)

    @property
    def features(self):
        p = _cl_features(self)
        return Features._borrowed(p, self) if p else None

    @property
    def n_iter(self):
        return _cl_n_iter(self)

    @property
    def inertia(self):
        return _cl_value['inertia'](self)

    @property
    def silhouette(self):
        return _cl_value['silhouette'](self)

    @property
    def calinski_harabasz(self):
        return _cl_value['calinski_harabasz'](self)

    @property
    def davies_bouldin(self):
        return _cl_value['davies_bouldin'](self)

    @property
    def merges(self):
        """Ward tree as SciPy linkage rows [a, b, height, size]; [] for k-means."""
        out = []
        a, b, h, s = _sz(), _sz(), ctypes.c_double(), _sz()
        for i in range(_cl_n_merges(self)):
            _cl_merge(self, i, ctypes.byref(a), ctypes.byref(b), ctypes.byref(h), ctypes.byref(s))
            out.append([a.value, b.value, h.value, s.value])
        return out

    @property
    def profiles(self):
        """One row per cluster (cluster, size, C_median/C_min/C_max, modes) as a Dataset."""
        return Dataset._borrowed(_cl_profiles(self), self)

    def predict(self, matrix):
        flat, n, d = _matrix(matrix, cols=self.dim)
        out = (ctypes.c_uint32 * max(n, 1))()
        _cl_predict(self, flat, n, d, out)
        return list(out[:n])

    def predict_dataset(self, dataset):
        """(labels, row_index) for the rows of a dataset through the model's features."""
        n = len(dataset)
        out = (ctypes.c_uint32 * max(n, 1))()
        idx = (_sz * max(n, 1))()
        used = _sz()
        _cl_predict_dataset(self, dataset, out, n, ctypes.byref(used), idx)
        return list(out[:used.value]), list(idx[:used.value])


def silhouette(matrix, labels, n_threads=None, silhouette_max=None, seed=None):
    """Mean silhouette (exact up to silhouette_max rows, else on a seeded sample).
    None: the library's default (ACCELSEL_CLUSTER_OPTIONS_INIT: all cores,
    100000 rows, seed 0)."""
    flat, n, d = _matrix(matrix)
    opts, keep, raised = _cl_options(n_threads=n_threads, silhouette_max=silhouette_max, seed=seed,
                                     what='silhouette()')
    out = ctypes.c_double()
    _cl_silhouette(flat, n, d, _cl_labels_in(labels, n), ctypes.byref(opts), ctypes.byref(out))
    return out.value


def calinski_harabasz(matrix, labels):
    flat, n, d = _matrix(matrix)
    out = ctypes.c_double()
    _cl_ch(flat, n, d, _cl_labels_in(labels, n), ctypes.byref(out))
    return out.value


def davies_bouldin(matrix, labels):
    flat, n, d = _matrix(matrix)
    out = ctypes.c_double()
    _cl_db(flat, n, d, _cl_labels_in(labels, n), ctypes.byref(out))
    return out.value


def elbow(ks, values):
    """Index of the elbow of values against ks (farthest point from the chord)."""
    ks, n = _vector(ks, 'ks')
    values, _ = _vector(values, 'values (one per k)', n=n)
    out = _sz()
    _cl_elbow(ks, values, n, ctypes.byref(out))
    return out.value


class ClusterSelection(_Handle):
    """Every k tried with its scores, and the chosen k (best_k)."""
    _free = _sel_free

    @property
    def best_k(self):
        return _sel_best(self)

    @property
    def table(self):
        """[{'k': k, 'inertia': ..., 'silhouette': ..., ...}] for every k tried."""
        rows = []
        for i in range(_sel_count(self)):
            row = {'k': _sel_k(self, i)}
            row.update({name: _sel_score(self, i, code) for name, code in _SCORES.items()})
            rows.append(row)
        return rows


def select_k(matrix, k_min, k_max, criterion='silhouette', **kw):
    """Fit every k in [k_min, k_max] and choose by 'silhouette', 'ch', 'db', 'elbow' or 'gap'."""
    code = _choice_option(criterion, 'select_k(): criterion', _CRITERIA, 'silhouette')
    k_min = _int_option(k_min, 'select_k(): k_min', ctypes.c_uint32)
    k_max = _int_option(k_max, 'select_k(): k_max', ctypes.c_uint32)
    flat, n, d = _matrix(matrix)
    opts, keep, raised = _cl_options(dim=d, what='select_k()', **kw)
    out = _vp()
    _cl_call(_cl_select, opts, raised, ctypes.byref(out), flat, n, d, k_min, k_max, code,
             ctypes.byref(opts))
    return ClusterSelection(out.value)

# --- importance ---
__all__ += ['Pca', 'Importance', 'ImportanceOptions']
_IMPORTANCE_BITS = {'correlation': 0x1, 'pca': 0x2, 'forest': 0x4, 'mutual_info': 0x8}
_MEASURES = {'pearson': 1, 'spearman': 2, 'permutation': 3, 'permutation_sd': 4,
             'impurity': 5, 'mutual_info': 6}
_PERMUTATION_ROWS = {'oob': 0, 'train': 1}
_MISSING_POLICY = {'drop': 1, 'impute': 2}
_IMP_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_double, ctypes.c_void_p)
_imp_dbl_p = ctypes.POINTER(ctypes.c_double)


class ImportanceOptions(ctypes.Structure):
    """Mirror of accelsel_importance_options (checked against the library's size)."""
    _fields_ = [('version', ctypes.c_uint), ('measures', ctypes.c_uint32), ('n_trees', ctypes.c_uint32),
                ('max_depth', ctypes.c_uint32), ('min_samples_leaf', ctypes.c_uint32),
                ('n_repeats', ctypes.c_uint32), ('max_features', ctypes.c_double),
                ('permutation_rows', ctypes.c_uint32), ('mi_neighbors', ctypes.c_uint32),
                ('seed', ctypes.c_uint64), ('n_threads', ctypes.c_uint32), ('missing', ctypes.c_uint32),
                ('progress', _IMP_PROGRESS), ('payload', ctypes.c_void_p)]


_imp_options_init = _fn('accelsel_importance_options_init', ctypes.c_int,
                        [ctypes.POINTER(ImportanceOptions), ctypes.c_uint])
_imp_options_size = _fn('accelsel_importance_options_size', _sz, [], check=False)
if _imp_options_size() != ctypes.sizeof(ImportanceOptions):
    raise ImportError('accelsel_importance_options layout differs from this binding')
_pca_fit = _fn('accelsel_pca_fit', ctypes.c_int, [ctypes.POINTER(_vp), _imp_dbl_p, _sz, _sz, _sz])
_pca_n_components = _fn('accelsel_pca_n_components', _sz, ['Pca'], check=False)
_pca_n_features = _fn('accelsel_pca_n_features', _sz, ['Pca'], check=False)
_pca_variance = _fn('accelsel_pca_explained_variance', _imp_dbl_p, ['Pca'], check=False)
_pca_ratio = _fn('accelsel_pca_explained_variance_ratio', _imp_dbl_p, ['Pca'], check=False)
_pca_total = _fn('accelsel_pca_total_variance', ctypes.c_double, ['Pca'], check=False)
_pca_components = _fn('accelsel_pca_components', _imp_dbl_p, ['Pca'], check=False)
_pca_loadings = _fn('accelsel_pca_loadings', _imp_dbl_p, ['Pca'], check=False)
_pca_mean = _fn('accelsel_pca_mean', _imp_dbl_p, ['Pca'], check=False)
_pca_transform = _fn('accelsel_pca_transform', ctypes.c_int, ['Pca', _imp_dbl_p, _sz, _sz, _imp_dbl_p, _sz])
_pca_free = _fn('accelsel_pca_free', None, [_vp], check=False)
_imp_compute = _fn('accelsel_importance_compute', ctypes.c_int,
                   [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(ctypes.c_char_p), _sz, ctypes.c_char_p,
                    ctypes.POINTER(ImportanceOptions)])
_imp_compute_matrix = _fn('accelsel_importance_compute_matrix', ctypes.c_int,
                          [ctypes.POINTER(_vp), _imp_dbl_p, _sz, _sz, _imp_dbl_p,
                           ctypes.POINTER(ctypes.c_char_p), ctypes.POINTER(ctypes.c_uint8),
                           ctypes.POINTER(ImportanceOptions)])
_imp_n_features = _fn('accelsel_importance_n_features', _sz, ['Importance'], check=False)
_imp_rows = _fn('accelsel_importance_rows', _sz, ['Importance'], check=False)
_imp_feature_name = _fn('accelsel_importance_feature_name', ctypes.c_char_p, ['Importance', _sz], check=False)
_imp_feature_index = _fn('accelsel_importance_feature_index', ctypes.c_int,
                         ['Importance', ctypes.c_char_p, ctypes.POINTER(_sz)])
_imp_target_name = _fn('accelsel_importance_target_name', ctypes.c_char_p, ['Importance'], check=False)
_imp_measures = _fn('accelsel_importance_measures', ctypes.c_uint32, ['Importance'], check=False)
_imp_values = _fn('accelsel_importance_values', _imp_dbl_p, ['Importance', ctypes.c_int], check=False)
_imp_correlation = _fn('accelsel_importance_correlation', _imp_dbl_p, ['Importance', ctypes.c_int], check=False)
_imp_pca = _fn('accelsel_importance_pca', _vp, ['Importance'], check=False)
_imp_oob_r2 = _fn('accelsel_importance_oob_r2', ctypes.c_double, ['Importance'], check=False)
_imp_predict = _fn('accelsel_importance_predict', ctypes.c_int, ['Importance', _imp_dbl_p, _sz, _sz, _imp_dbl_p, _sz])
_imp_predict_dataset = _fn('accelsel_importance_predict_dataset', ctypes.c_int,
                           ['Importance', 'Dataset', _imp_dbl_p, _sz, ctypes.POINTER(_sz), ctypes.POINTER(_sz)])
_imp_to_dataset = _fn('accelsel_importance_to_dataset', ctypes.c_int, [ctypes.POINTER(_vp), 'Importance'])
_imp_free = _fn('accelsel_importance_free', None, [_vp], check=False)


def _unflatten(ptr, n, k):
    return [[ptr[i * k + j] for j in range(k)] for i in range(n)]


class Pca(_Handle):
    """PCA of a matrix (rows x cols): centred, not scaled; components signed as
    scikit-learn 1.2's svd_flip. n_components 0 keeps min(rows, cols)."""
    _free = _pca_free

    def __init__(self, matrix, n_components=0):
        n_components = _int_option(n_components, 'Pca: n_components', _sz, 0)
        flat, n, k = _matrix(matrix)
        out = _vp()
        _pca_fit(ctypes.byref(out), flat, n, k, n_components)
        super().__init__(out.value)

    @property
    def n_components(self):
        return _pca_n_components(self)

    @property
    def n_features(self):
        return _pca_n_features(self)

    def _list(self, getter, n):
        with self._held():
            p = getter(self)
            return [p[i] for i in range(n)]

    @property
    def explained_variance(self):
        return self._list(_pca_variance, self.n_components)

    @property
    def explained_variance_ratio(self):
        return self._list(_pca_ratio, self.n_components)

    @property
    def total_variance(self):
        return _pca_total(self)

    @property
    def mean(self):
        return self._list(_pca_mean, self.n_features)

    @property
    def components(self):
        """n_components rows of n_features (unit length)."""
        with self._held():
            return _unflatten(_pca_components(self), self.n_components, self.n_features)

    @property
    def loadings(self):
        """Components scaled by the square root of their variance."""
        with self._held():
            return _unflatten(_pca_loadings(self), self.n_components, self.n_features)

    def transform(self, matrix):
        """Scores of the rows of matrix, a list of n_components-long rows."""
        flat, n, k = _matrix(matrix, cols=self.n_features)
        out = (ctypes.c_double * max(n * self.n_components, 1))()
        _pca_transform(self, flat, n, k, out, n * self.n_components)
        return _unflatten(out, n, self.n_components)


def _importance_options(measures, progress, **kw):
    opts = ImportanceOptions()
    _imp_options_init(ctypes.byref(opts), 1)
    if measures is not None and not (isinstance(measures, str) and measures == 'all'):
        bits = 0
        for m in _names(measures, "measures (or 'all')"):
            bits |= _choice_option(m, 'measures', _IMPORTANCE_BITS)
        opts.measures = bits
    for key, table in (('permutation_rows', _PERMUTATION_ROWS), ('missing', _MISSING_POLICY)):
        if kw[key] is not None:
            kw[key] = _choice_option(kw[key], 'Importance: %s' % key, table)
    _store(opts, 'Importance', **kw)
    raised = []

    def call(fraction, payload):
        try:
            return 1 if progress(fraction) else 0
        except BaseException as e:  # re-raised by the caller: an exception must not cross C
            raised.append(e)
            return 1
    opts.progress = _IMP_PROGRESS(call) if progress is not None else _IMP_PROGRESS()
    return opts, raised


class Importance(_Handle):
    """Which features drive a numeric target: Pearson and Spearman correlation,
    a PCA of the standardised features, a random forest's permutation and
    impurity importance, and mutual information (scikit-learn's estimators).

    Build with Importance.from_dataset() or Importance.from_matrix(). Options:
    measures ('all' or a subset of 'correlation', 'pca', 'forest', 'mutual_info'),
    n_trees, max_depth (0 = unlimited), min_samples_leaf, n_repeats,
    max_features (fraction; 0 = 1/3), permutation_rows ('oob' or 'train'),
    mi_neighbors, seed, n_threads (0 = all cores), missing ('drop' or 'impute',
    datasets only), progress (callable(fraction) returning True to cancel).
    Numbers take numbers, names a str (a TypeError otherwise); measures is a
    list (one str but 'all' is a TypeError); None: the default of any
    option, the library's (ACCELSEL_IMPORTANCE_OPTIONS_INIT,
    accelsel_importance_options_init(): today every measure, 100 trees,
    max_depth 0, min_samples_leaf 1, n_repeats 5, max_features 1/3, 'oob',
    mi_neighbors 3, seed 0, all cores, 'drop')."""
    _free = _imp_free
    MEASURES = tuple(_MEASURES)

    @classmethod
    def _run(cls, call, args, measures=None, n_trees=None, max_depth=None, min_samples_leaf=None,
             n_repeats=None, max_features=None, permutation_rows=None, mi_neighbors=None, seed=None,
             n_threads=None, missing=None, progress=None):
        opts, raised = _importance_options(
            measures, progress, n_trees=n_trees, max_depth=max_depth, min_samples_leaf=min_samples_leaf,
            n_repeats=n_repeats, max_features=max_features, permutation_rows=permutation_rows,
            mi_neighbors=mi_neighbors, seed=seed, n_threads=n_threads, missing=missing)
        out = _vp()
        try:
            call(ctypes.byref(out), *args, ctypes.byref(opts))
        except AccelselError:
            if raised:
                raise raised[0]
            raise
        return cls(out.value)

    @classmethod
    def from_dataset(cls, dataset, features, target, **options):
        """Importance of the Dataset columns `features` for the numeric column
        `target` (rows with a missing target are dropped; categorical columns
        are one-hot encoded, numeric ones z-scored)."""
        names, n = _name_list(features, 'features')
        return cls._run(_imp_compute, (dataset, names, n, _text(target, 'target')), **options)

    @classmethod
    def from_matrix(cls, matrix, target, names=None, discrete=None, **options):
        """Importance of the columns of `matrix` for the vector `target`.
        names: a list of column names (default x0, x1, ...); discrete: a list
        of one bool per column (True for a discrete feature in mutual
        information; numpy's bool_ too, a number or str is a TypeError)."""
        flat, n, k = _matrix(matrix)
        y, ny = _vector(target, 'target (one value per matrix row)', n=n)
        c_names = c_disc = None
        if names is not None:
            c_names, n_names = _name_list(names, 'names')
            if n_names != k:
                raise ValueError('names (one per matrix column) must have %d values, not %d'
                                 % (k, n_names))
        if discrete is not None:
            what = 'discrete (one flag per matrix column)'
            flags = _list_option(discrete, what, 'bools')
            if len(flags) != k:
                raise ValueError('%s must have %d values, not %d' % (what, k, len(flags)))
            c_disc = _vector([int(_bool_option(v, 'discrete')) for v in flags], what, n=k,
                             ctype=ctypes.c_uint8)[0]
        return cls._run(_imp_compute_matrix, (flat, n, k, y, c_names, c_disc), **options)

    @property
    def features(self):
        return [_dec(_imp_feature_name(self, j)) for j in range(_imp_n_features(self))]

    @property
    def target(self):
        return _dec(_imp_target_name(self))

    @property
    def rows(self):
        """Rows used, after dropping missing values."""
        return _imp_rows(self)

    @property
    def measures(self):
        """Names of the per-feature measures computed."""
        return [m for m, code in _MEASURES.items() if _imp_values(self, code)]

    def values(self, measure):
        """All features' values of a measure ('pearson', 'spearman', 'permutation',
        'permutation_sd', 'impurity', 'mutual_info'), in feature order."""
        code = _choice_option(measure, 'measure', _MEASURES)
        with self._held():
            p = _imp_values(self, code)
            if not p:
                raise ValueError('measure %r was not computed' % measure)
            return [p[j] for j in range(_imp_n_features(self))]

    def value(self, measure, feature):
        j = _sz()
        _imp_feature_index(self, _enc(feature), ctypes.byref(j))
        return self.values(measure)[j.value]

    def table(self):
        """{feature: {measure: value}} for every computed measure."""
        cols = {m: self.values(m) for m in self.measures}
        return {f: {m: cols[m][j] for m in cols} for j, f in enumerate(self.features)}

    def correlation(self, method='pearson'):
        """The (features + target) square correlation matrix, target last."""
        method = _choice_option(method, 'method', ('pearson', 'spearman'), 'pearson')
        with self._held():
            p = _imp_correlation(self, _MEASURES[method])
            if not p:
                raise ValueError('correlations were not computed')
            q = _imp_n_features(self) + 1
            return _unflatten(p, q, q)

    @property
    def pca(self):
        """The PCA of the standardised features (a Pca valid while this object lives), or None."""
        ptr = _imp_pca(self)
        return Pca._borrowed(ptr, self) if ptr else None

    @property
    def oob_r2(self):
        return _imp_oob_r2(self)

    def predict(self, matrix):
        """Forest predictions for rows in feature space."""
        flat, n, k = _matrix(matrix, cols=_imp_n_features(self))
        out = (ctypes.c_double * max(n, 1))()
        _imp_predict(self, flat, n, k, out, n)
        return list(out[:n])

    def predict_dataset(self, dataset):
        """Forest predictions for a Dataset's rows: (predictions, dataset row of each)."""
        n = len(dataset)
        out, rows, n_out = (ctypes.c_double * max(n, 1))(), (_sz * max(n, 1))(), _sz()
        _imp_predict_dataset(self, dataset, out, n, ctypes.byref(n_out), rows)
        return list(out[:n_out.value]), list(rows[:n_out.value])

    def to_dataset(self):
        """A Dataset with a 'feature' column and one column per computed measure."""
        return Dataset._make(_imp_to_dataset, self)


# --- ranking ---
__all__ += ['Ranking', 'Sensitivity', 'parse_criteria', 'kendall_tau_b']
BENEFIT, COST = 1, 2
_DIRECTIONS = {'benefit': BENEFIT, 'cost': COST}
_MISSING = {'exclude': 0, 'error': 1}


class _Criterion(ctypes.Structure):
    _fields_ = [('column', ctypes.c_char_p), ('weight', ctypes.c_double), ('direction', ctypes.c_int32)]


class RankOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('missing', ctypes.c_uint32), ('pareto_fronts', ctypes.c_uint32),
                ('ties', ctypes.c_uint32), ('shared_ranks', ctypes.c_uint32)]


class SensitivityOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('n_samples', ctypes.c_uint32), ('n_threads', ctypes.c_uint32),
                ('seed', ctypes.c_uint64), ('perturbation', ctypes.c_double)]


_PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_double, ctypes.c_void_p)
_sz_p = ctypes.POINTER(_sz)
_dbl_p = ctypes.POINTER(ctypes.c_double)
_criteria_parse = _fn('accelsel_criteria_parse', ctypes.c_int,
                      [ctypes.POINTER(ctypes.POINTER(_Criterion)), _sz_p, ctypes.c_char_p])
_rank_method_from_name = _fn('accelsel_rank_method_from_name', ctypes.c_int,
                             [ctypes.c_char_p, ctypes.POINTER(ctypes.c_int)])
_rank_method_name = _fn('accelsel_rank_method_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_rank_options_init = _fn('accelsel_rank_options_init', ctypes.c_int, [ctypes.POINTER(RankOptions), ctypes.c_uint])
_rank_options_size = _fn('accelsel_rank_options_size', _sz, [], check=False)
_sens_options_init = _fn('accelsel_sensitivity_options_init', ctypes.c_int,
                         [ctypes.POINTER(SensitivityOptions), ctypes.c_uint])
_sens_options_size = _fn('accelsel_sensitivity_options_size', _sz, [], check=False)
if _rank_options_size() != ctypes.sizeof(RankOptions) or _sens_options_size() != ctypes.sizeof(SensitivityOptions):
    raise ImportError('accelsel ranking options layout differs from this binding')
_ranking_compute = _fn('accelsel_ranking_compute', ctypes.c_int,
                       [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(_Criterion), _sz, ctypes.c_int,
                        ctypes.POINTER(RankOptions)])
_ranking_method = _fn('accelsel_ranking_method', ctypes.c_int, ['Ranking'])
_ranking_rows = _fn('accelsel_ranking_rows', _sz, ['Ranking'], check=False)
_ranking_ranked = _fn('accelsel_ranking_ranked_count', _sz, ['Ranking'], check=False)
_ranking_excluded = _fn('accelsel_ranking_excluded_count', _sz, ['Ranking'], check=False)
_ranking_front_count = _fn('accelsel_ranking_front_count', _sz, ['Ranking'], check=False)
_ranking_scores = _fn('accelsel_ranking_scores', _dbl_p, ['Ranking'], check=False)
_ranking_ranks = _fn('accelsel_ranking_ranks', _sz_p, ['Ranking'], check=False)
_ranking_order = _fn('accelsel_ranking_order', _sz_p, ['Ranking'], check=False)
_ranking_fronts = _fn('accelsel_ranking_fronts', _sz_p, ['Ranking'], check=False)
_ranking_criterion_count = _fn('accelsel_ranking_criterion_count', _sz, ['Ranking'], check=False)
_ranking_weights = _fn('accelsel_ranking_weights', _dbl_p, ['Ranking'], check=False)
_ranking_free = _fn('accelsel_ranking_free', None, [_vp], check=False)
_kendall = _fn('accelsel_kendall_tau_b', ctypes.c_int, [_dbl_p, _dbl_p, _sz, _dbl_p])
_sens_compute = _fn('accelsel_sensitivity_compute', ctypes.c_int,
                    [ctypes.POINTER(_vp), 'Ranking', ctypes.POINTER(SensitivityOptions), _PROGRESS, ctypes.c_void_p])
_sens_samples = _fn('accelsel_sensitivity_samples', _sz, ['_SensitivityResult'], check=False)
_sens_tau_mean = _fn('accelsel_sensitivity_tau_mean', ctypes.c_double, ['_SensitivityResult'], check=False)
_sens_tau_min = _fn('accelsel_sensitivity_tau_min', ctypes.c_double, ['_SensitivityResult'], check=False)
_sens_top1 = _fn('accelsel_sensitivity_top1_fraction', ctypes.c_double, ['_SensitivityResult'], check=False)
_sens_perturbation = _fn('accelsel_sensitivity_perturbation', ctypes.c_double, ['_SensitivityResult'],
                         check=False)
_sens_taus = _fn('accelsel_sensitivity_taus', _dbl_p, ['_SensitivityResult'], check=False)
_sens_free = _fn('accelsel_sensitivity_free', None, [_vp], check=False)


def parse_criteria(text):
    """Parse 'COL:WEIGHT:benefit|cost,...' into [(column, weight, 'benefit' or 'cost')]."""
    ptr, n = ctypes.POINTER(_Criterion)(), _sz()
    _criteria_parse(ctypes.byref(ptr), ctypes.byref(n), _enc(text))
    try:
        return [(_dec(ptr[i].column), ptr[i].weight, 'benefit' if ptr[i].direction == BENEFIT else 'cost')
                for i in range(n.value)]
    finally:
        _lib.accelsel_free(ptr)


def kendall_tau_b(x, y):
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

    def __init__(self, tau_mean, tau_min, top1_fraction, taus, perturbation=None):
        self.tau_mean, self.tau_min, self.top1_fraction, self.taus = tau_mean, tau_min, top1_fraction, taus
        self.perturbation = perturbation  # the relative half-width the weights were drawn with

    def __repr__(self):
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

    def __init__(self, dataset, criteria, method='topsis', missing=None, fronts=None):
        m = ctypes.c_int()
        _rank_method_from_name(_text_option(method, 'Ranking: method', 'topsis'), ctypes.byref(m))
        opts = RankOptions()
        _rank_options_init(ctypes.byref(opts), 1)
        _set_choice(opts, 'missing', missing, 'Ranking: missing', _MISSING)
        _set_bool(opts, 'pareto_fronts', fronts, 'Ranking: fronts')
        arr = _criteria_array(criteria)
        out = _vp()
        _ranking_compute(ctypes.byref(out), dataset, arr, len(arr), m.value, ctypes.byref(opts))
        super().__init__(out.value)

    @property
    def method(self):
        return _rank_method_name(_ranking_method(self)).decode()

    def __len__(self):
        return _ranking_rows(self)

    @property
    def ranked_count(self):
        return _ranking_ranked(self)

    @property
    def excluded_count(self):
        return _ranking_excluded(self)

    @property
    def front_count(self):
        return _ranking_front_count(self)

    def _array(self, getter, count):
        """Copy of an array the ranking owns (None when the library has none)."""
        with self._held():
            p = getter(self)
            return [p[i] for i in range(count(self))] if p else None

    @property
    def scores(self):
        return self._array(_ranking_scores, _ranking_rows)

    @property
    def ranks(self):
        return self._array(_ranking_ranks, _ranking_rows)

    @property
    def fronts(self):
        return self._array(_ranking_fronts, _ranking_rows)

    @property
    def order(self):
        return self._array(_ranking_order, _ranking_ranked) or []

    @property
    def weights(self):
        return self._array(_ranking_weights, _ranking_criterion_count) or []

    def sensitivity(self, n_samples=None, perturbation=None, seed=None, n_threads=None, progress=None):
        """Re-rank under n_samples weight vectors perturbed by +-perturbation
        (relative, uniform, renormalised). None: the library's default
        (ACCELSEL_SENSITIVITY_OPTIONS_INIT, accelsel_sensitivity_options_init():
        today 1000 samples, perturbation 0.2, seed 42, all cores; the
        result's perturbation says the one used). progress(fraction) may
        return True to cancel (AccelselError ACCELSEL_ECANCELED). Returns a
        Sensitivity."""
        opts = SensitivityOptions()
        _sens_options_init(ctypes.byref(opts), 1)
        _store(opts, 'sensitivity()', perturbation=perturbation, n_samples=n_samples, seed=seed,
               n_threads=n_threads)
        raised = []

        def call(fraction, payload):
            try:
                return 1 if progress(fraction) else 0
            except BaseException as e:  # re-raised below: an exception must not cross C
                raised.append(e)
                return 1
        cb = _PROGRESS(call) if progress is not None else _PROGRESS()
        out = _vp()
        try:
            _sens_compute(ctypes.byref(out), self, ctypes.byref(opts), cb, None)
        except AccelselError:
            if raised:
                raise raised[0]
            raise
        with _SensitivityResult(out.value) as result:
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

# --- catalog ---
__all__ += ['Catalog', 'PRECISIONS']

_precision_name = _fn('accelsel_precision_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_device_kind_name = _fn('accelsel_device_kind_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_dataflow_name = _fn('accelsel_dataflow_name', ctypes.c_char_p, [ctypes.c_int], check=False)
# The library's names, in the order of their codes (precisions from 0, the
# kinds of device and the dataflows from 1); the per-precision arrays of the
# structs below have one cell per precision (their sizes are checked).
PRECISIONS = tuple(_precision_name(c).decode() for c in range(64) if _precision_name(c))
_NP = len(PRECISIONS)
_cstr_arr = ctypes.POINTER(ctypes.c_char_p)


class _Provenance(ctypes.Structure):
    _fields_ = [('source', ctypes.c_char_p), ('n_figure_sources', ctypes.c_size_t),
                ('figure_keys', _cstr_arr), ('figure_sources', _cstr_arr),
                ('n_derived', ctypes.c_size_t), ('derived', _cstr_arr)]


def _named(extra):
    """Fields every entry struct starts with: version, name, aliases."""
    return [('version', ctypes.c_uint), ('name', ctypes.c_char_p), ('n_aliases', ctypes.c_size_t),
            ('aliases', _cstr_arr)] + extra


class _DeviceInfo(ctypes.Structure):
    _fields_ = _named([('vendor', ctypes.c_char_p), ('kind', ctypes.c_int32),
                       ('architecture', ctypes.c_char_p), ('release_year', ctypes.c_int32),
                       ('peak_flops', ctypes.c_double * _NP), ('memory_bytes', ctypes.c_double),
                       ('memory_bw_bytes_s', ctypes.c_double), ('onchip_bytes', ctypes.c_double),
                       ('tdp_w', ctypes.c_double), ('price_usd', ctypes.c_double),
                       ('cores', ctypes.c_int32), ('clock_hz', ctypes.c_double),
                       ('flops_per_cycle', ctypes.c_double * _NP), ('notes', ctypes.c_char_p),
                       ('provenance', _Provenance), ('host_link', ctypes.c_int64)])


class _DesignInfo(ctypes.Structure):
    _fields_ = _named([('dataflow', ctypes.c_int32), ('platform', ctypes.c_char_p),
                       ('precision', ctypes.c_char_p), ('precision_bits', ctypes.c_int32)] +
                      [(k, ctypes.c_uint32) for k in ('tm', 'tn', 'tr', 'tc', 'pe_rows', 'pe_cols')] +
                      [('macs', ctypes.c_uint64), ('dsp', ctypes.c_uint64)] +
                      [(k, ctypes.c_double) for k in ('clock_hz', 'peak_ops', 'measured_ops',
                                                      'buffer_bytes', 'offchip_bytes',
                                                      'offchip_bw_bytes_s')] +
                      [('notes', ctypes.c_char_p), ('provenance', _Provenance)])


class _LinkInfo(ctypes.Structure):
    _fields_ = _named([('technology', ctypes.c_char_p), ('bw_bytes_s', ctypes.c_double),
                       ('latency_s', ctypes.c_double), ('notes', ctypes.c_char_p),
                       ('provenance', _Provenance)])


class _SystemInfo(ctypes.Structure):
    _fields_ = _named([('nodes', ctypes.c_uint32), ('devices_per_node', ctypes.c_uint32),
                       ('device', ctypes.c_int64), ('host_cpu', ctypes.c_int64),
                       ('host_cpus_per_node', ctypes.c_uint32), ('intra_node_link', ctypes.c_int64),
                       ('inter_node_link', ctypes.c_int64),
                       ('inter_node_links_per_node', ctypes.c_uint32), ('host_link', ctypes.c_int64),
                       ('topology', ctypes.c_char_p), ('n_slots', ctypes.c_size_t),
                       ('notes', ctypes.c_char_p), ('provenance', _Provenance)])


class _SlotInfo(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('device', ctypes.c_int64),
                ('n_designs', ctypes.c_size_t), ('designs', ctypes.POINTER(ctypes.c_size_t)),
                ('platform', ctypes.c_char_p), ('memory_bytes', ctypes.c_double),
                ('memory_bw_bytes_s', ctypes.c_double), ('host_link', ctypes.c_int64)]


for _struct, _size_fn in ((_DeviceInfo, 'accelsel_device_info_size'),
                          (_DesignInfo, 'accelsel_design_info_size'),
                          (_LinkInfo, 'accelsel_link_info_size'),
                          (_SystemInfo, 'accelsel_system_info_size'),
                          (_SlotInfo, 'accelsel_slot_info_size')):
    if _fn(_size_fn, ctypes.c_size_t, [], check=False)() != ctypes.sizeof(_struct):
        raise ImportError('%s: struct layout differs from this binding' % _size_fn)

_cvp = ctypes.c_void_p
_csz = ctypes.c_size_t
_cat_load_file = _fn('accelsel_catalog_load_file', ctypes.c_int, [ctypes.POINTER(_cvp), ctypes.c_char_p])
_cat_load_buffer = _fn('accelsel_catalog_load_buffer', ctypes.c_int,
                       [ctypes.POINTER(_cvp), ctypes.c_char_p, _csz])
_cat_load_builtin = _fn('accelsel_catalog_load_builtin', ctypes.c_int, [ctypes.POINTER(_cvp)])
_cat_save_file = _fn('accelsel_catalog_save_file', ctypes.c_int, ['Catalog', ctypes.c_char_p])
_cat_save_buffer = _fn('accelsel_catalog_save_buffer', ctypes.c_int,
                       ['Catalog', ctypes.POINTER(_cvp), ctypes.POINTER(_csz)])
_cat_merge = _fn('accelsel_catalog_merge', ctypes.c_int, [ctypes.POINTER(_cvp), 'Catalog', 'Catalog', ctypes.c_uint])
_cat_select = _fn('accelsel_catalog_select', ctypes.c_int,
                  [ctypes.POINTER(_cvp), 'Catalog', _cstr_arr, _csz])
_cat_free = _fn('accelsel_catalog_free', None, [_cvp], check=False)
_cat_slot = _fn('accelsel_catalog_system_slot', ctypes.POINTER(_SlotInfo), ['Catalog', _csz, _csz], check=False)
_cat_system_link = _fn('accelsel_catalog_system_link', ctypes.c_int,
                       ['Catalog', _csz, _csz, _csz, ctypes.POINTER(_csz)], check=False)
_cat_lists = {}
for _list, _struct in (('device', _DeviceInfo), ('design', _DesignInfo), ('link', _LinkInfo),
                       ('system', _SystemInfo)):
    _cat_lists[_list] = (
        _fn('accelsel_catalog_%s_count' % _list, _csz, ['Catalog'], check=False),
        _fn('accelsel_catalog_%s' % _list, ctypes.POINTER(_struct), ['Catalog', _csz], check=False),
        _fn('accelsel_catalog_find_%s' % _list, ctypes.c_int, ['Catalog', ctypes.c_char_p, ctypes.POINTER(_csz)]))
_KINDS = {c: _device_kind_name(c).decode() for c in range(1, 64) if _device_kind_name(c)}
_DATAFLOWS = {c: _dataflow_name(c).decode() for c in range(1, 64) if _dataflow_name(c)}


def _num(v):
    """A figure: None when unknown (NaN or 0)."""
    return None if v == 0 or math.isnan(v) else v


def _strs(arr, n):
    return [arr[i].decode() for i in range(n)]


def _precisions(arr):
    return {p: arr[i] for i, p in enumerate(PRECISIONS) if not math.isnan(arr[i])}


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
    def _make(cls, call, *args):
        out = _cvp()
        call(ctypes.byref(out), *args)
        return cls(out.value)

    @classmethod
    def builtin(cls):
        """The catalog compiled into the library."""
        return cls._make(_cat_load_builtin)

    @classmethod
    def load(cls, path):
        """Read a catalog YAML file."""
        return cls._make(_cat_load_file, _text(path, 'path'))

    @classmethod
    def from_string(cls, text):
        """Read catalog YAML from a str or bytes."""
        data = _buf(text)
        return cls._make(_cat_load_buffer, data, len(data))

    def save(self, path):
        _cat_save_file(self, _text(path, 'path'))

    def to_string(self):
        """The catalog as YAML text (reads back to an equal catalog)."""
        out, n = _cvp(), _csz()
        _cat_save_buffer(self, ctypes.byref(out), ctypes.byref(n))
        try:
            return ctypes.string_at(out.value, n.value).decode('utf-8')
        finally:
            _lib.accelsel_free(out)

    def merge(self, other, override=False):
        """A new catalog with this one's entries and then other's. A name used in
        both is an error unless override is true: then other's entry of the same
        name replaces this one's (override is a bool: any other value is a
        TypeError)."""
        return Catalog._make(_cat_merge, self, other,
                             int(_bool_option(override, 'merge: override', False)))

    def select(self, names):
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
        i = _csz()
        _cat_lists[kind][2](self, _enc(name), ctypes.byref(i))
        return i.value

    @_holding
    def _entry_name(self, kind, i):
        return None if i < 0 else self._info(kind, i).name.decode()

    def find(self, kind, name):
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
               'host_link': self._entry_name('link', d.host_link)}
        for k in ('memory_bytes', 'memory_bw_bytes_s', 'onchip_bytes', 'tdp_w', 'price_usd', 'clock_hz'):
            out[k] = _num(getattr(d, k))
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
        out.update(_provenance(d.provenance))
        return out

    def device(self, name):
        """The device called name (or an alias, or an index) as a dict."""
        return self._device(self._index('device', name))

    def design(self, name):
        return self._design(self._index('design', name))

    def link(self, name):
        return self._link(self._index('link', name))

    def system(self, name):
        return self._system(self._index('system', name))

    def devices(self):
        return [self._device(i) for i in range(self._count('device'))]

    def designs(self):
        return [self._design(i) for i in range(self._count('design'))]

    def links(self):
        return [self._link(i) for i in range(self._count('link'))]

    def systems(self):
        return [self._system(i) for i in range(self._count('system'))]

    @_holding
    def slot(self, system, k):
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

    def system_link(self, system, a, b):
        """Name of the direct link from slot a to slot b, or None if there is none."""
        s, out = self._index('system', system), _csz()
        rc = _cat_system_link(self, s, a, b, ctypes.byref(out))
        if rc == -5:  # ACCELSEL_ENOTFOUND: no direct link
            return None
        _check(rc, None, None)
        return self._entry_name('link', out.value)

    def __len__(self):
        return sum(self._count(k) for k in _cat_lists)


# --- network ---
__all__ += ['Network', 'LayerInfo', 'NetworkTotals', 'NetworkOptions']
_NETWORK_MAX_DIMS = 4
_u64 = ctypes.c_uint64
_u32 = ctypes.c_uint32


class LayerInfo(ctypes.Structure):
    """Mirror of accelsel_layer_info (checked against the library's size)."""
    _fields_ = ([('version', ctypes.c_uint), ('kind', ctypes.c_int32), ('name', ctypes.c_char_p),
                 ('kind_name', ctypes.c_char_p), ('op', ctypes.c_char_p), ('rank', _u32),
                 ('n_inputs', _u32), ('shape', _u64 * _NETWORK_MAX_DIMS)]
                + [(f, _u64) for f in ('params', 'macs', 'elementwise_flops', 'flops', 'input_elements',
                                       'output_elements', 'weight_elements', 'input_bytes',
                                       'output_bytes', 'weight_bytes')]
                + [('intensity', ctypes.c_double)]
                + [(f, _u64) for f in ('in_channels', 'out_channels', 'in_h', 'in_w', 'out_h', 'out_w',
                                       'kernel_h', 'kernel_w', 'stride_h', 'stride_w', 'pad_h', 'pad_w',
                                       'dilation_h', 'dilation_w', 'groups')]
                + [(f, _u32) for f in ('depthwise', 'global_', 'has_bias', 'transpose_b')]
                + [(f, _u64) for f in ('gemm_batch', 'gemm_m', 'gemm_n', 'gemm_k', 'sequence',
                                       'model_dim', 'heads', 'head_dim', 'vocab', 'axis', 'start', 'size')]
                + [('weights_from', ctypes.c_int64)])


class NetworkTotals(ctypes.Structure):
    """Mirror of accelsel_network_totals."""
    _fields_ = [('version', ctypes.c_uint)] + [(f, _u64) for f in (
        'layers', 'inputs', 'outputs', 'params', 'macs', 'elementwise_flops', 'flops',
        'weight_bytes', 'activation_bytes')]


class _NetworkRecipe(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('epoch_samples', ctypes.c_double),
                ('epochs', ctypes.c_double), ('total_samples', ctypes.c_double),
                ('dataset', ctypes.c_char_p), ('source', ctypes.c_char_p)]


class NetworkOptions(ctypes.Structure):
    """Mirror of accelsel_network_options."""
    _fields_ = [('version', ctypes.c_uint), ('bytes_per_element', _u32), ('max_yaml_nodes', _u64)]


for _name, _struct in (('accelsel_layer_info_size', LayerInfo),
                       ('accelsel_network_totals_size', NetworkTotals),
                       ('accelsel_network_options_size', NetworkOptions)):
    if _fn(_name, _sz, [], check=False)() != ctypes.sizeof(_struct):
        raise ImportError('%s differs from this binding' % _name)
_szp = ctypes.POINTER(_sz)
_net_options_init = _fn('accelsel_network_options_init', ctypes.c_int,
                        [ctypes.POINTER(NetworkOptions), ctypes.c_uint])
_net_load_file = _fn('accelsel_network_load_file', ctypes.c_int,
                     [ctypes.POINTER(_vp), ctypes.c_char_p, ctypes.POINTER(NetworkOptions)])
_net_load_buffer = _fn('accelsel_network_load_buffer', ctypes.c_int,
                       [ctypes.POINTER(_vp), ctypes.c_char_p, _sz, ctypes.POINTER(NetworkOptions)])
_net_load_zoo = _fn('accelsel_network_load_zoo', ctypes.c_int,
                    [ctypes.POINTER(_vp), ctypes.c_char_p, ctypes.POINTER(NetworkOptions)])
_net_zoo_name = _fn('accelsel_network_zoo_name', ctypes.c_char_p, [_sz], check=False)
_net_zoo_description = _fn('accelsel_network_zoo_description', ctypes.c_char_p, [_sz], check=False)
_net_save_file = _fn('accelsel_network_save_file', ctypes.c_int, ['Network', ctypes.c_char_p])
_net_save_buffer = _fn('accelsel_network_save_buffer', ctypes.c_int,
                       ['Network', ctypes.POINTER(ctypes.c_void_p), _szp])
_net_name = _fn('accelsel_network_name', ctypes.c_char_p, ['Network'], check=False)
_net_bpe = _fn('accelsel_network_bytes_per_element', _u32, ['Network'], check=False)
_net_layer_count = _fn('accelsel_network_layer_count', _sz, ['Network'], check=False)
_net_input_count = _fn('accelsel_network_input_count', _sz, ['Network'], check=False)
_net_layer = _fn('accelsel_network_layer', ctypes.POINTER(LayerInfo), ['Network', _sz], check=False)
_net_layer_index = _fn('accelsel_network_layer_index', ctypes.c_int, ['Network', ctypes.c_char_p, _szp])
_net_layer_inputs = _fn('accelsel_network_layer_inputs', ctypes.c_int,
                        ['Network', _sz, ctypes.POINTER(_szp), _szp])
_net_layer_outputs = _fn('accelsel_network_layer_outputs', ctypes.c_int,
                         ['Network', _sz, ctypes.POINTER(_szp), _szp])
_net_topo_order = _fn('accelsel_network_topo_order', ctypes.c_int, ['Network', ctypes.POINTER(_szp), _szp])
_net_outputs = _fn('accelsel_network_outputs', ctypes.c_int, ['Network', ctypes.POINTER(_szp), _szp])
_net_totals = _fn('accelsel_network_get_totals', ctypes.POINTER(NetworkTotals), ['Network'], check=False)
_net_recipe = _fn('accelsel_network_get_recipe', ctypes.POINTER(_NetworkRecipe), ['Network'], check=False)
_net_free = _fn('accelsel_network_free', None, [_vp], check=False)

# Figures of a layer that Network.layer() and Network.per_layer() expose by name.
_LAYER_FIELDS = [f for f, _ in LayerInfo._fields_
                 if f not in ('version', 'kind', 'name', 'kind_name', 'op', 'rank', 'shape')]


def _net_options(bytes_per_element):
    opts = NetworkOptions()
    _net_options_init(ctypes.byref(opts), 1)
    _store(opts, 'Network', bytes_per_element=bytes_per_element)
    return opts


def _index_list(call, net, *args):
    """The index array that call returns, copied while the network is held."""
    ptr, n = _szp(), _sz()
    with net._held():
        call(net, *args, ctypes.byref(ptr), ctypes.byref(n))
        return [ptr[i] for i in range(n.value)]


class Network(_Handle):
    """A DNN as a DAG of layers with per-sample shapes, parameters, MACs, FLOPs and
    bytes (see include/accelsel/network.h for the counting conventions).

    Layers are numbered from 0: the network inputs first, then the layers in file
    order. layer(i) gives a dict of one layer's figures; per_layer(field) gives
    one figure for every layer as a list. bytes_per_element (zoo(), load(),
    from_yaml()): None for the library's default (ACCELSEL_NETWORK_OPTIONS_INIT:
    4, fp32)."""
    _free = _net_free

    @classmethod
    def _make(cls, call, *args):
        out = _vp()
        call(ctypes.byref(out), *args)
        return cls(out.value)

    @classmethod
    def zoo(cls, name, bytes_per_element=None):
        """A model of the compiled-in zoo, e.g. 'resnet50' (see zoo_models())."""
        return cls._make(_net_load_zoo, _enc(name), ctypes.byref(_net_options(bytes_per_element)))

    @classmethod
    def load(cls, path, bytes_per_element=None):
        """Read a network YAML file (docs/network-format.md)."""
        opts = _net_options(bytes_per_element)
        return cls._make(_net_load_file, _text(path, 'path'), ctypes.byref(opts))

    @classmethod
    def from_yaml(cls, text, bytes_per_element=None):
        """Read a network from YAML text (str or bytes)."""
        data = _buf(text)
        opts = _net_options(bytes_per_element)
        return cls._make(_net_load_buffer, data, len(data), ctypes.byref(opts))

    @staticmethod
    def zoo_models():
        """[(name, description)] of the zoo."""
        models, i = [], 0
        while _net_zoo_name(i) is not None:
            models.append((_net_zoo_name(i).decode(), _net_zoo_description(i).decode()))
            i += 1
        return models

    @property
    def name(self):
        return _dec(_net_name(self))

    @property
    def bytes_per_element(self):
        return _net_bpe(self)

    def __len__(self):
        return _net_layer_count(self)

    @property
    def input_count(self):
        return _net_input_count(self)

    def index(self, name):
        """Index of the layer called name (AccelselError ACCELSEL_ENOTFOUND if none)."""
        out = _sz()
        _net_layer_index(self, _enc(name), ctypes.byref(out))
        return out.value

    def _layer_index(self, i):
        """A layer given by index or name as an index in range (IndexError otherwise)."""
        if isinstance(i, (str, bytes)):
            return self.index(i)
        i = _whole(i, 'a layer (an int index or a name)')
        if not 0 <= i < len(self):
            raise IndexError('layer %d of %d' % (i, len(self)))
        return i

    def _info(self, i):
        return _net_layer(self, self._layer_index(i)).contents

    @_holding
    def layer(self, i):
        """Layer i (an index or a name) as a dict: name, kind, op, shape and every
        figure of accelsel_layer_info ('global_' is reported as 'global')."""
        info = self._info(i)
        d = {'name': _dec(info.name), 'kind': _dec(info.kind_name), 'op': _dec(info.op),
             'shape': tuple(info.shape[:info.rank])}
        for f in _LAYER_FIELDS:
            d['global' if f == 'global_' else f] = getattr(info, f)
        return d

    def layers(self):
        return [self.layer(i) for i in range(len(self))]

    def per_layer(self, field):
        """One figure ('params', 'flops', 'intensity', 'name', 'shape', ...) for every layer."""
        if field in ('name', 'kind', 'op', 'shape'):
            return [self.layer(i)[field] for i in range(len(self))]
        attr = 'global_' if field == 'global' else field
        if attr not in _LAYER_FIELDS:
            raise KeyError(field)
        with self._held():
            return [getattr(_net_layer(self, i).contents, attr) for i in range(len(self))]

    def inputs(self, i):
        """Indices of the layers that layer i reads, in its listed order."""
        return _index_list(_net_layer_inputs, self, self._layer_index(i))

    def successors(self, i):
        """Indices of the layers that read layer i, ascending."""
        return _index_list(_net_layer_outputs, self, self._layer_index(i))

    def topo_order(self):
        return _index_list(_net_topo_order, self)

    def outputs(self):
        """Indices of the layers nothing reads."""
        return _index_list(_net_outputs, self)

    @property
    @_holding
    def totals(self):
        t = _net_totals(self).contents
        return {f: getattr(t, f) for f, _ in NetworkTotals._fields_ if f != 'version'}

    @property
    @_holding
    def recipe(self):
        """The training recipe the network carries (docs/network-format.md,
        "Training recipes"; accelsel_network_get_recipe()), which the predictor
        reads: {'epoch_samples', 'epochs', 'total_samples', 'dataset',
        'source'}, None for each figure or text not given."""
        r = _net_recipe(self).contents
        d = {f: getattr(r, f) or None for f in ('epoch_samples', 'epochs', 'total_samples')}
        d.update({f: _dec(getattr(r, f)) for f in ('dataset', 'source')})
        return d

    def to_yaml(self, path=None):
        """The network in its canonical YAML form: written to path, or returned as a str."""
        if path is not None:
            _net_save_file(self, _text(path, 'path'))
            return None
        ptr, n = ctypes.c_void_p(), _sz()
        _net_save_buffer(self, ctypes.byref(ptr), ctypes.byref(n))
        try:
            return ctypes.string_at(ptr, n.value).decode('utf-8')
        finally:
            _lib.accelsel_free(ptr)

# --- select (maintained with include/accelsel/select.h) ---
class SelectionOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('features', ctypes.c_char_p),
                ('variables', ctypes.c_char_p), ('target', ctypes.c_char_p),
                ('criteria', ctypes.c_char_p), ('where', ctypes.POINTER(ctypes.c_char_p)),
                ('n_where', ctypes.c_uint64), ('k', ctypes.c_uint32), ('k_min', ctypes.c_uint32),
                ('k_max', ctypes.c_uint32), ('k_by', ctypes.c_int32), ('algorithm', ctypes.c_uint32),
                ('method', ctypes.c_int32), ('seed', ctypes.c_uint64), ('rows', ctypes.c_int32)]


_selopt_init = _fn('accelsel_selection_options_init', ctypes.c_int,
                   [ctypes.POINTER(SelectionOptions), ctypes.c_uint])
_selopt_size = _fn('accelsel_selection_options_size', _sz, [], check=False)
_select_run = _fn('accelsel_selection_run', ctypes.c_int,
                  [ctypes.POINTER(_vp), 'Dataset', ctypes.POINTER(SelectionOptions)])
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
_K_BY = _CRITERIA
_ROW_POLICY = {'kept': 1, 'all': 2}
_NO_GROUP = 0xFFFFFFFF


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

    def __init__(self, dataset, features=None, variables=None, target=None, criteria=None,
                 where=None, k=None, k_range=None, k_by=None, algorithm=None,
                 method=None, seed=None, rows=None):
        o = SelectionOptions()
        _selopt_init(ctypes.byref(o), 1)
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
    def defaults():
        """What None means for each option, read from the library: the column
        lists from accelsel_selection_default() (ACCELSEL_SELECTION_DEFAULT_*,
        which fit the MLPerf table), the rest from
        accelsel_selection_options_init(). where: none."""
        o = SelectionOptions()
        _selopt_init(ctypes.byref(o), 1)
        name = lambda table, code: next(n for n, c in table.items() if c == code)
        d = {f: _dec(_select_default(f.encode())) for f in ('features', 'variables', 'target', 'criteria')}
        d.update({'where': [], 'k': o.k, 'k_range': (o.k_min, o.k_max), 'k_by': name(_K_BY, o.k_by),
                  'algorithm': name(_ALGORITHMS, o.algorithm),
                  'method': _rank_method_name(o.method).decode(), 'seed': o.seed,
                  'rows': name(_ROW_POLICY, o.rows)})
        return d

    @property
    def rows_in(self):
        return _select_rows_in(self)

    @property
    def dataset(self):
        """The rows the method worked on, with derived columns (owned by this selection)."""
        return Dataset._borrowed(_select_dataset(self), self)

    @property
    def filters(self):
        """The filters of rows='kept' that applied, in order, as English
        phrases ('time to train > 0', 'accelerators > 0', 'closed division',
        'unique logs'; each where its column exists); [] for rows='all'."""
        return [_dec(_select_filter(self, i)) for i in range(_select_filter_count(self))]

    @property
    def notes(self):
        return [_dec(_select_note(self, i)) for i in range(_select_note_count(self))]

    @property
    @_holding
    def importance(self):
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
    def k(self):
        return ClusterModel._borrowed(_select_model(self), self).k

    @property
    def k_range(self):
        return (_select_k_min(self), _select_k_max(self))

    @property
    def k_reason(self):
        return _dec(_select_k_reason(self))

    @property
    @_holding
    def k_scores(self):
        """One dict per k tried (k and every score, None where undefined); [] when k was given."""
        ptr = _select_k_choice(self)
        if not ptr:
            return []
        return [{name: _nan_none(v) for name, v in row.items()}
                for row in ClusterSelection._borrowed(ptr, self).table]

    @property
    @_holding
    def labels(self):
        """The group (from 1) of every row of `dataset`, None where it was not clustered."""
        g = _select_groups(self)
        return [None if g[i] == _NO_GROUP else g[i] + 1 for i in range(len(self.dataset))]

    @property
    @_holding
    def groups(self):
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
    def ranking(self, top=None):
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
    def sensitivity(self):
        """None for fewer than 2 groups or Pareto fronts, else the weight-sensitivity figures."""
        ptr = _select_sensitivity(self)
        if not ptr:
            return None
        s = _SensitivityResult._borrowed(ptr, self).read()
        return {'samples': len(s.taus), 'top1_fraction': s.top1_fraction,
                'tau_mean': s.tau_mean, 'tau_min': s.tau_min, 'perturbation': s.perturbation}

    @property
    def recommendation(self):
        return _dec(_select_recommendation(self))


__all__ += ['Selection']



# --- predictor (maintained with include/accelsel/predict.h) ---
__all__ += ['Predictor', 'CalibrationReport', 'PRECISION_AUTO']

PRECISION_AUTO = -1
_dbl = ctypes.c_double


class _PredictorOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('max_yaml_nodes', ctypes.c_uint64),
                ('calibrate_builtin', ctypes.c_uint32), ('physical', ctypes.c_uint32)]


class _PredictRequest(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('network', _vp), ('device', ctypes.c_char_p),
                ('system', ctypes.c_char_p), ('count', ctypes.c_uint32), ('nodes', ctypes.c_uint32),
                ('per_node', ctypes.c_uint32), ('intra_link', ctypes.c_char_p),
                ('inter_link', ctypes.c_char_p), ('host_cpu', ctypes.c_char_p),
                ('host_cores_per_node', ctypes.c_uint32), ('global_batch', _dbl),
                ('precision', ctypes.c_int32), ('epochs', _dbl), ('epoch_samples', _dbl),
                ('total_samples', _dbl), ('sample_bytes', _dbl), ('no_correction', ctypes.c_uint32),
                ('threads', ctypes.c_uint32), ('stack', ctypes.c_int32)]


_PREDICTION_DOUBLES = ('step_s', 'epoch_s', 'time_to_train_s', 'throughput_samples_s',
                       'per_device_batch', 'global_batch', 'epochs')
_BREAKDOWN = ('compute_s', 'memory_s', 'communication_s', 'exposed_communication_s',
              'overhead_s', 'transfer_s', 'input_s')


class _Prediction(ctypes.Structure):
    _fields_ = ([('version', ctypes.c_uint)] + [(f, _dbl) for f in _PREDICTION_DOUBLES] +
                [('precision', ctypes.c_int32), ('count', ctypes.c_uint32),
                 ('nodes', ctypes.c_uint32), ('per_node', ctypes.c_uint32)] +
                [(f, _dbl) for f in _BREAKDOWN + ('memory_needed_bytes', 'memory_available_bytes',
                                                  'correction')] +
                [('device_index', ctypes.c_int64), ('epochs_source', ctypes.c_uint32),
                 ('epoch_samples_source', ctypes.c_uint32), ('correction_source', ctypes.c_uint32),
                 ('error_group', ctypes.c_uint32), ('error_median_pct', _dbl),
                 ('error_p90_pct', _dbl)])


_LAYER_TIMES = ('forward_s', 'backward_s', 'update_s', 'compute_s', 'memory_s', 'overhead_s')


class _LayerPrediction(ctypes.Structure):
    _fields_ = ([('layer', _sz), ('name', ctypes.c_char_p)] + [(f, _dbl) for f in _LAYER_TIMES] +
                [('bound', ctypes.c_int32)])


class _PredictDatasetOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('n_threads', ctypes.c_uint32),
                ('no_correction', ctypes.c_uint32)]


class _SweepPoint(ctypes.Structure):
    _fields_ = [('count', ctypes.c_uint32)] + [(f, _dbl) for f in (
        'time_to_train_s', 'step_s', 'throughput_samples_s', 'speedup', 'efficiency')]


class _CalibrateOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('n_threads', ctypes.c_uint32),
                ('holdout_rounds', ctypes.c_char_p), ('huber_delta', _dbl), ('shrink_rows', _dbl),
                ('no_corrections', ctypes.c_uint32)]


class _ErrorSummary(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('rows', _sz), ('median_ape', _dbl), ('p90_ape', _dbl)]


class _AppendOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('one_node_references', ctypes.c_uint32)]


for _name, _struct in (('accelsel_predictor_options_size', _PredictorOptions),
                       ('accelsel_predict_request_size', _PredictRequest),
                       ('accelsel_prediction_size', _Prediction),
                       ('accelsel_layer_prediction_size', _LayerPrediction),
                       ('accelsel_predict_dataset_options_size', _PredictDatasetOptions),
                       ('accelsel_sweep_point_size', _SweepPoint),
                       ('accelsel_calibrate_options_size', _CalibrateOptions),
                       ('accelsel_error_summary_size', _ErrorSummary),
                       ('accelsel_append_options_size', _AppendOptions)):
    if _fn(_name, _sz, [], check=False)() != ctypes.sizeof(_struct):
        raise ImportError('%s differs from this binding' % _name)

_pp = ctypes.POINTER(_vp)
_pr_options_init = _fn('accelsel_predictor_options_init', ctypes.c_int,
                       [ctypes.POINTER(_PredictorOptions), ctypes.c_uint])
_pr_new = _fn('accelsel_predictor_new', ctypes.c_int,
              [_pp, 'Catalog', ctypes.POINTER(_PredictorOptions)])
_pr_load_file = _fn('accelsel_predictor_load_params_file', ctypes.c_int,
                    [_pp, 'Catalog', ctypes.c_char_p, ctypes.POINTER(_PredictorOptions)])
_pr_load_buffer = _fn('accelsel_predictor_load_params_buffer', ctypes.c_int,
                      [_pp, 'Catalog', ctypes.c_char_p, _sz, ctypes.POINTER(_PredictorOptions)])
_pr_save_file = _fn('accelsel_predictor_save_params_file', ctypes.c_int, ['Predictor', ctypes.c_char_p])
_pr_save_buffer = _fn('accelsel_predictor_save_params_buffer', ctypes.c_int,
                      ['Predictor', ctypes.POINTER(_vp), ctypes.POINTER(_sz)])
_pr_free = _fn('accelsel_predictor_free', None, [_vp], check=False)
_pr_request_init = _fn('accelsel_predict_request_init', ctypes.c_int,
                       [ctypes.POINTER(_PredictRequest), ctypes.c_uint])
_pr_prediction_init = _fn('accelsel_prediction_init', ctypes.c_int,
                          [ctypes.POINTER(_Prediction), ctypes.c_uint])
_pr_predict = _fn('accelsel_predictor_predict', ctypes.c_int,
                  ['Predictor', ctypes.POINTER(_PredictRequest), ctypes.POINTER(_Prediction)])
_pr_predict_layers = _fn('accelsel_predictor_predict_layers', ctypes.c_int,
                         ['Predictor', ctypes.POINTER(_PredictRequest), ctypes.POINTER(_LayerPrediction),
                          _sz, ctypes.POINTER(_sz)])
_pr_epochs = _fn('accelsel_predictor_epochs', ctypes.c_int, ['Predictor', _dbl, ctypes.POINTER(_dbl)])
_pr_ds_options_init = _fn('accelsel_predict_dataset_options_init', ctypes.c_int,
                          [ctypes.POINTER(_PredictDatasetOptions), ctypes.c_uint])
_pr_predict_dataset = _fn('accelsel_predictor_predict_dataset', ctypes.c_int,
                          [_pp, 'Predictor', 'Dataset', ctypes.POINTER(_PredictDatasetOptions)])
_pr_append_options_init = _fn('accelsel_append_options_init', ctypes.c_int,
                              [ctypes.POINTER(_AppendOptions), ctypes.c_uint])
# The _v2 call: the requested rows and then their one-node references, as
# `accelsel rank --with-predictions` appends them (the version-1 call
# appends the requested rows alone, which one_node_references=False asks
# the _v2 call for).
_pr_append = _fn('accelsel_predictor_append_predictions_v2', ctypes.c_int,
                 [_pp, 'Predictor', 'Dataset', ctypes.POINTER(_PredictRequest), _sz,
                  ctypes.POINTER(_AppendOptions)])
_pr_sweep = _fn('accelsel_predictor_sweep', ctypes.c_int,
                ['Predictor', ctypes.POINTER(_PredictRequest), ctypes.POINTER(ctypes.c_uint32), _sz, _dbl,
                 ctypes.POINTER(_SweepPoint), ctypes.POINTER(_sz)])
_pr_cal_options_init = _fn('accelsel_calibrate_options_init', ctypes.c_int,
                           [ctypes.POINTER(_CalibrateOptions), ctypes.c_uint])
_pr_calibrate = _fn('accelsel_predictor_calibrate', ctypes.c_int,
                    [_pp, 'Predictor', 'Dataset', ctypes.POINTER(_CalibrateOptions)])
_pr_evaluate = _fn('accelsel_predictor_evaluate', ctypes.c_int,
                   [_pp, 'Predictor', 'Dataset', ctypes.POINTER(_CalibrateOptions)])
_pr_report_summary = _fn('accelsel_calibration_report_summary', ctypes.c_int,
                         ['CalibrationReport', ctypes.c_int, ctypes.c_char_p, ctypes.POINTER(_ErrorSummary)])
_pr_report_table = _fn('accelsel_calibration_report_table', _vp, ['CalibrationReport'], check=False)
_pr_report_free = _fn('accelsel_calibration_report_free', None, [_vp], check=False)
_pr_set_bands = _fn('accelsel_predictor_set_error_bands', ctypes.c_int, ['Predictor', 'Dataset'])
_pr_calibrate_steps = _fn('accelsel_predictor_calibrate_steps', ctypes.c_int, ['Predictor', 'Dataset'])
_pr_predict_steps = _fn('accelsel_predictor_predict_steps', ctypes.c_int, [_pp, 'Predictor', 'Dataset'])
_pr_evaluate_steps = _fn('accelsel_predictor_evaluate_steps', ctypes.c_int,
                         [_pp, 'Predictor', 'Dataset'])
_stack_name = _fn('accelsel_stack_name', ctypes.c_char_p, [ctypes.c_int32], check=False)
STACKS = tuple(_stack_name(k).decode() for k in range(8) if _stack_name(k) is not None)
__all__ += ['STACKS']


def _stack_code(stack):
    """The ACCELSEL_STACK_* code of a stack name ('tuned' when None)."""
    if stack is None:
        return 0
    if not isinstance(stack, str):
        raise TypeError('predict: stack must be a str (one of %s), not %s'
                        % (', '.join(STACKS), type(stack).__name__))
    if stack not in STACKS:
        raise ValueError('predict: unknown stack %r (known: %s)' % (stack, ', '.join(STACKS)))
    return STACKS.index(stack)
_name_of = {k: _fn('accelsel_%s_name' % k, ctypes.c_char_p, [ctypes.c_uint32], check=False)
            for k in ('recipe_source', 'correction_source', 'error_group')}
_BOUNDS = {1: 'compute', 2: 'memory', 3: 'overhead'}
_PREDICTOR_OPTIONS_VERSION = 2
_PREDICT_REQUEST_VERSION = 2
_PREDICTION_VERSION = 2
_PREDICT_DATASET_OPTIONS_VERSION = 1
_CALIBRATE_OPTIONS_VERSION = 1
_APPEND_OPTIONS_VERSION = 1


def _precision_code(precision):
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
    o = _PredictorOptions()
    _pr_options_init(ctypes.byref(o), _PREDICTOR_OPTIONS_VERSION)
    _store(o, 'Predictor', max_yaml_nodes=max_yaml_nodes)
    _set_bool(o, 'calibrate_builtin', calibrate_builtin, 'Predictor: calibrate_builtin')
    _set_bool(o, 'physical', physical, 'Predictor: physical')
    return o


def _calibrate_options(holdout_rounds=None, huber_delta=None, shrink_rows=None, corrections=None,
                       n_threads=None):
    """holdout_rounds: 'R1,R2' (str or bytes) or a list of round names. None:
    ACCELSEL_CALIBRATE_OPTIONS_INIT's (no rounds held out, huber_delta 0.1,
    shrink_rows 1, corrections fitted, all cores)."""
    o = _CalibrateOptions()
    _pr_cal_options_init(ctypes.byref(o), _CALIBRATE_OPTIONS_VERSION)
    if isinstance(holdout_rounds, (str, bytes, bytearray)):
        o.holdout_rounds = _text(holdout_rounds, 'calibrate: holdout_rounds')
    elif holdout_rounds is not None:
        o.holdout_rounds = b','.join(_text(r, 'a round in calibrate: holdout_rounds')
                                     for r in _names(holdout_rounds, 'calibrate: holdout_rounds'))
    _store(o, 'calibrate', huber_delta=huber_delta, shrink_rows=shrink_rows, n_threads=n_threads)
    _set_bool(o, 'no_corrections', corrections, 'calibrate: corrections', negate=True)
    return o


class CalibrationReport(_Handle):
    """What a calibration found: errors of the predicted time to train per
    accelerator family, on the rows fitted ('fit') and held out ('holdout')."""
    _free = _pr_report_free
    _SETS = {'fit': 0, 'holdout': 1}

    def summary(self, set='fit', family=None):
        """{'rows', 'median_ape', 'p90_ape'} of a family (None: all rows) in a set;
        NaN figures when the set has no rows."""
        code = _choice_option(set, 'summary: set', self._SETS, 'fit')
        s = _ErrorSummary(version=1)
        _pr_report_summary(self, code, _text_option(family, 'summary: family'), ctypes.byref(s))
        return {'rows': s.rows, 'median_ape': s.median_ape, 'p90_ape': s.p90_ape}

    def table(self):
        """The report as a dict of columns: set, family, rows, median_ape, p90_ape."""
        return Dataset._borrowed(_pr_report_table(self), self).to_dict()


class _ReadersWriter:
    """Many readers at once or one writer alone, for a handle whose C API lets
    any number of threads read it but one thread alone change it (a Predictor:
    predictions read its parameters, calibration rewrites them). ctypes lets
    go of the GIL during every library call, so Python threads do overlap in
    C. Writers go first: a reader arriving while a writer waits waits behind
    it, else threads that keep predicting would keep calibration out for
    ever. Not reentrant: a reader that asks again while a writer waits would
    wait for itself (no Predictor method calls another while it holds)."""

    def __init__(self):
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._writing = False
        self._waiting_writers = 0

    @contextlib.contextmanager
    def shared(self):
        with self._cond:
            while self._writing or self._waiting_writers:
                self._cond.wait()
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                if self._readers == 0:
                    self._cond.notify_all()

    @contextlib.contextmanager
    def exclusive(self):
        with self._cond:
            self._waiting_writers += 1
            try:
                while self._writing or self._readers:
                    self._cond.wait()
            except BaseException:
                # Interrupted while waiting: readers held back for this
                # writer may go again.
                self._waiting_writers -= 1
                self._cond.notify_all()
                raise
            self._waiting_writers -= 1
            self._writing = True
        try:
            yield
        finally:
            with self._cond:
                self._writing = False
                self._cond.notify_all()


def _reading(method):
    """A Predictor method that reads the parameters: many may run at once."""
    @functools.wraps(method)
    def run(self, *args, **kw):
        with self._rw.shared():
            return method(self, *args, **kw)
    return run


def _writing(method):
    """A Predictor method that changes the parameters: runs alone (predict.h:
    "no other thread may use p during the call")."""
    @functools.wraps(method)
    def run(self, *args, **kw):
        with self._rw.exclusive():
            return method(self, *args, **kw)
    return run


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

    def __init__(self, catalog=None, calibrate_builtin=None, physical=None):
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
    def load(cls, path, catalog=None):
        """Parameters from a YAML file written by save()."""
        self = cls.__new__(cls)
        self._open(_pr_load_file, catalog, _text(path, 'path'), ctypes.byref(_predictor_options()))
        return self

    @classmethod
    def from_params(cls, text, catalog=None):
        """Parameters from YAML text (str or bytes); a file: load()."""
        data = _buf(text)
        self = cls.__new__(cls)
        self._open(_pr_load_buffer, catalog, data, len(data), ctypes.byref(_predictor_options()))
        return self

    @property
    def catalog(self):
        """The catalog the predictor uses, usable while the predictor is open
        (also once the Catalog given to it is closed)."""
        catalog, = self._borrows
        return Catalog._borrowed(catalog._ptr, self)

    @_reading
    def save(self, path=None):
        """The parameters as YAML: written to path, or returned as a str."""
        if path is not None:
            _pr_save_file(self, _text(path, 'path'))
            return None
        ptr, n = _vp(), _sz()
        _pr_save_buffer(self, ctypes.byref(ptr), ctypes.byref(n))
        try:
            return ctypes.string_at(ptr, n.value).decode('utf-8')
        finally:
            _lib.accelsel_free(ptr)

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
        _pr_request_init(ctypes.byref(r), _PREDICT_REQUEST_VERSION)
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
    def predict(self, network, **config):
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
        'c', 'steps' or 'none', median_pct, p90_pct; NaN figures for 'none')."""
        res = _Prediction()
        _pr_prediction_init(ctypes.byref(res), _PREDICTION_VERSION)
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

    @_reading
    def layers(self, network, **config):
        """The per-layer table: one dict per layer (name, forward_s, backward_s,
        update_s, compute_s, memory_s, overhead_s, bound)."""
        n = _sz()
        with self._requests(network, [config]) as (req,):
            _pr_predict_layers(self, ctypes.byref(req), None, 0, ctypes.byref(n))
            rows = (_LayerPrediction * max(n.value, 1))()
            _pr_predict_layers(self, ctypes.byref(req), rows, n.value, ctypes.byref(n))
            return [dict({'name': _dec(r.name), 'bound': _BOUNDS.get(r.bound)},
                         **{f: getattr(r, f) for f in _LAYER_TIMES}) for r in rows[:n.value]]

    @_reading
    def epochs(self, global_batch):
        """Epochs to converge at a global batch, by the relation fitted on MLPerf."""
        e = _dbl()
        _pr_epochs(self, _real(global_batch, 'global_batch'), ctypes.byref(e))
        return e.value

    @_reading
    def predict_dataset(self, dataset, n_threads=None, correction=None):
        """Every row of a dataset in the built-in format, predicted from its
        configuration columns: a new Dataset with the predicted columns added.
        None: the library's default (ACCELSEL_PREDICT_DATASET_OPTIONS_INIT:
        all cores, corrections applied)."""
        o = _PredictDatasetOptions()
        _pr_ds_options_init(ctypes.byref(o), _PREDICT_DATASET_OPTIONS_VERSION)
        _store(o, 'predict_dataset', n_threads=n_threads)
        _set_bool(o, 'no_correction', correction, 'predict_dataset: correction', negate=True)
        return Dataset._make(_pr_predict_dataset, self, dataset, ctypes.byref(o))

    @_reading
    def append_predictions(self, dataset, network, configs, one_node_references=None):
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
        o = _AppendOptions()
        _pr_append_options_init(ctypes.byref(o), _APPEND_OPTIONS_VERSION)
        if one_node_references is not None:
            o.one_node_references = _bool_option(one_node_references,
                                                 'append_predictions: one_node_references')
        with self._requests(network, configs) as reqs:
            arr = (_PredictRequest * max(len(reqs), 1))(*reqs)
            return Dataset._make(_pr_append, self, dataset, arr, len(reqs), ctypes.byref(o))

    @_reading
    def sweep(self, network, counts, threshold=0.8, **config):
        """The configuration at each accelerator count: (points, sweet) with
        points a list of dicts (count, time_to_train_s, step_s,
        throughput_samples_s, speedup, efficiency) and sweet the index of the
        largest count whose efficiency stays at or above threshold. counts is
        a list of integers (a str or a dict is a TypeError); threshold a
        number (None: 0.8)."""
        arr, n = _vector(counts, 'counts', ctype=ctypes.c_uint32, of='integers')
        threshold = _real_option(threshold, 'sweep: threshold', 0.8)
        pts = (_SweepPoint * max(n, 1))()
        sweet = _sz()
        with self._requests(network, [config]) as (req,):
            _pr_sweep(self, ctypes.byref(req), arr, n, threshold, pts, ctypes.byref(sweet))
        return ([{f: getattr(p, f) for f, _ in _SweepPoint._fields_} for p in pts[:n]],
                sweet.value)

    @_writing
    def calibrate(self, dataset, holdout_rounds=None, huber_delta=None, shrink_rows=None,
                  corrections=None, n_threads=None):
        """Fit the parameters on a dataset's rows (the predictor changes) and
        return the CalibrationReport."""
        o = _calibrate_options(holdout_rounds, huber_delta, shrink_rows, corrections, n_threads)
        out = _vp()
        _pr_calibrate(ctypes.byref(out), self, dataset, ctypes.byref(o))
        return CalibrationReport(out.value)

    @_reading
    def evaluate(self, dataset, holdout_rounds=None, huber_delta=None, shrink_rows=None,
                 corrections=None, n_threads=None):
        """The held-out protocols (rounds, leave-one-round-out,
        leave-one-family-out) beside the naive peer, as a Dataset."""
        o = _calibrate_options(holdout_rounds, huber_delta, shrink_rows, corrections, n_threads)
        return Dataset._make(_pr_evaluate, self, dataset, ctypes.byref(o))

    @_writing
    def set_error_bands(self, evaluation):
        """Take the error bands of the groups an evaluation table has rows of
        (a, b, c from evaluate() of the rows this predictor was calibrated on;
        steps from evaluate_steps()); the others stay. save() keeps them."""
        _pr_set_bands(self, _handle_of(evaluation, Dataset, 'evaluation'))

    @_writing
    def calibrate_steps(self, steps):
        """Fit the eager stack's parameters on step measurements (a Dataset of
        load_steps() or builtin_steps()); the predictor changes."""
        _pr_calibrate_steps(self, _handle_of(steps, Dataset, 'steps'))

    @_reading
    def predict_steps(self, steps):
        """Every step row predicted, as a Dataset: network, device, stack,
        threads, batch, measured_step_s, predicted_step_s, ape."""
        return Dataset._make(_pr_predict_steps, self, _handle_of(steps, Dataset, 'steps'))

    @_reading
    def evaluate_steps(self, steps):
        """Leave one network out on step rows, as a Dataset: per network and
        'all', rows, start_median_ape, model_median_ape, model_p90_ape,
        model_worst_times."""
        return Dataset._make(_pr_evaluate_steps, self, _handle_of(steps, Dataset, 'steps'))


# --- mapping (maintained with include/accelsel/map.h) ---
__all__ += ['MappingProblem', 'Mapping', 'MappingCanceled', 'STRATEGIES', 'mapping_methods']
_ECANCELED = -8
_ENOTFOUND = -5
_i32 = ctypes.c_int32
_map_progress_fn = ctypes.CFUNCTYPE(ctypes.c_int, _u32, ctypes.c_double, _u64, _vp)


class MappingProblemOptions(ctypes.Structure):
    """Mirror of accelsel_mapping_problem_options."""
    _fields_ = [('version', ctypes.c_uint), ('batch', _u32), ('objective', _i32),
                ('max_group_size', _u32)]


class MappingSlot(ctypes.Structure):
    """Mirror of accelsel_mapping_slot."""
    _fields_ = [('version', ctypes.c_uint), ('device', ctypes.c_char_p),
                ('designs', ctypes.POINTER(ctypes.c_char_p)), ('n_designs', _sz),
                ('memory_bytes', ctypes.c_double), ('memory_bw_bytes_s', ctypes.c_double),
                ('host_link', ctypes.c_char_p)]


class MappingSpec(ctypes.Structure):
    """Mirror of accelsel_mapping_spec."""
    _fields_ = [('version', ctypes.c_uint), ('n_slots', _sz), ('slot_design', ctypes.POINTER(_u32)),
                ('n_layers', _sz), ('layer_slots', ctypes.POINTER(_u64)),
                ('layer_strategy', ctypes.POINTER(_i32))]


class MappingSolveOptions(ctypes.Structure):
    """Mirror of accelsel_mapping_solve_options."""
    _fields_ = [('version', ctypes.c_uint), ('method', ctypes.c_char_p), ('seed', _u64),
                ('n_threads', _u32), ('generations', _u32), ('population', _u32),
                ('time_budget_s', ctypes.c_double), ('patience', _u32), ('exhaustive_limit', _u64),
                ('progress', _map_progress_fn), ('payload', _vp)]


class MappingLayerInfo(ctypes.Structure):
    """Mirror of accelsel_mapping_layer_info."""
    _fields_ = [('version', ctypes.c_uint), ('name', ctypes.c_char_p), ('slots', _u64),
                ('n_slots', _u32), ('design', ctypes.c_char_p), ('strategy', _i32)] + \
               [(f, ctypes.c_double) for f in ('start_s', 'end_s', 'compute_s', 'comm_in_s',
                                               'comm_within_s')]


class MappingBreakdown(ctypes.Structure):
    """Mirror of accelsel_mapping_breakdown."""
    _fields_ = [('version', ctypes.c_uint)] + \
               [(f, ctypes.c_double) for f in ('latency_s', 'period_s', 'objective_s', 'compute_s',
                                               'communication_s', 'comm_between_s', 'comm_within_s',
                                               'comm_host_s', 'idle_s')] + [('used_slots', _u32)]


for _name, _struct in (('accelsel_mapping_problem_options_size', MappingProblemOptions),
                       ('accelsel_mapping_slot_size', MappingSlot),
                       ('accelsel_mapping_spec_size', MappingSpec),
                       ('accelsel_mapping_solve_options_size', MappingSolveOptions),
                       ('accelsel_mapping_layer_info_size', MappingLayerInfo),
                       ('accelsel_mapping_breakdown_size', MappingBreakdown)):
    if _fn(_name, _sz, [], check=False)() != ctypes.sizeof(_struct):
        raise ImportError('%s differs from this binding' % _name)
_vpp = ctypes.POINTER(_vp)
_map_strategy_name = _fn('accelsel_strategy_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_map_strategy_from_name = _fn('accelsel_strategy_from_name', ctypes.c_int, [ctypes.c_char_p])
_map_objective_name = _fn('accelsel_objective_name', ctypes.c_char_p, [ctypes.c_int], check=False)
_map_problem_options_init = _fn('accelsel_mapping_problem_options_init', ctypes.c_int,
                                [ctypes.POINTER(MappingProblemOptions), ctypes.c_uint])
_map_problem_new = _fn('accelsel_mapping_problem_new', ctypes.c_int,
                       [_vpp, 'Catalog', ctypes.c_char_p, 'Network', ctypes.POINTER(MappingProblemOptions)])
_map_problem_new_slots = _fn('accelsel_mapping_problem_new_slots', ctypes.c_int,
                             [_vpp, 'Catalog', ctypes.POINTER(MappingSlot), _sz, ctypes.c_char_p, 'Network',
                              ctypes.POINTER(MappingProblemOptions)])
_map_problem_free = _fn('accelsel_mapping_problem_free', None, [_vp], check=False)
_map_problem_slot_count = _fn('accelsel_mapping_problem_slot_count', _sz, ['MappingProblem'], check=False)
_map_problem_layer_count = _fn('accelsel_mapping_problem_layer_count', _sz, ['MappingProblem'], check=False)
_map_problem_layer_name = _fn('accelsel_mapping_problem_layer_name', ctypes.c_char_p, ['MappingProblem', _sz],
                              check=False)
_map_problem_pool_count = _fn('accelsel_mapping_problem_pool_count', _sz, ['MappingProblem', _sz], check=False)
_map_problem_pool_design = _fn('accelsel_mapping_problem_pool_design', ctypes.c_char_p,
                               ['MappingProblem', _sz, _sz], check=False)
_map_problem_system = _fn('accelsel_mapping_problem_system', ctypes.c_char_p, ['MappingProblem'], check=False)
_map_problem_network = _fn('accelsel_mapping_problem_network', ctypes.c_char_p, ['MappingProblem'], check=False)
_map_problem_batch = _fn('accelsel_mapping_problem_batch', _u32, ['MappingProblem'], check=False)
_map_problem_objective = _fn('accelsel_mapping_problem_objective', ctypes.c_int, ['MappingProblem'])
_map_evaluate = _fn('accelsel_mapping_evaluate', ctypes.c_int,
                    [_vpp, 'MappingProblem', ctypes.POINTER(MappingSpec)])
_map_solve_options_init = _fn('accelsel_mapping_solve_options_init', ctypes.c_int,
                              [ctypes.POINTER(MappingSolveOptions), ctypes.c_uint])
_map_method_name = _fn('accelsel_mapping_method_name', ctypes.c_char_p, [_sz], check=False)
# On ACCELSEL_ECANCELED the out pointer still holds the best mapping so far.
_map_solve = _fn('accelsel_mapping_solve', ctypes.c_int,
                 [_vpp, 'MappingProblem', ctypes.POINTER(MappingSolveOptions)])
_map_free = _fn('accelsel_mapping_free', None, [_vp], check=False)
_map_objective_s = _fn('accelsel_mapping_objective_s', ctypes.c_double, ['Mapping'], check=False)
_map_objective = _fn('accelsel_mapping_objective', ctypes.c_int, ['Mapping'])
_map_breakdown = _fn('accelsel_mapping_get_breakdown', ctypes.POINTER(MappingBreakdown), ['Mapping'],
                     check=False)
_map_slot_count = _fn('accelsel_mapping_slot_count', _sz, ['Mapping'], check=False)
_map_slot_design = _fn('accelsel_mapping_slot_design', ctypes.c_char_p, ['Mapping', _sz], check=False)
_map_memory_bytes = _fn('accelsel_mapping_memory_bytes', ctypes.c_double, ['Mapping', _sz], check=False)
_map_layer_count = _fn('accelsel_mapping_layer_count', _sz, ['Mapping'], check=False)
_map_layer = _fn('accelsel_mapping_layer', ctypes.POINTER(MappingLayerInfo), ['Mapping', _sz], check=False)
_map_get_spec = _fn('accelsel_mapping_get_spec', ctypes.c_int, ['Mapping', ctypes.POINTER(MappingSpec)])
_map_method = _fn('accelsel_mapping_method', ctypes.c_char_p, ['Mapping'], check=False)
_map_generations = _fn('accelsel_mapping_generations', _u32, ['Mapping'], check=False)
_map_evaluations = _fn('accelsel_mapping_evaluations', _u64, ['Mapping'], check=False)
_map_seconds = _fn('accelsel_mapping_seconds', ctypes.c_double, ['Mapping'], check=False)
_map_history = _fn('accelsel_mapping_history', ctypes.c_int,
                   ['Mapping', ctypes.POINTER(ctypes.POINTER(ctypes.c_double)), _szp])
_map_save_file = _fn('accelsel_mapping_save_file', ctypes.c_int, ['Mapping', ctypes.c_char_p])
_map_save_buffer = _fn('accelsel_mapping_save_buffer', ctypes.c_int, ['Mapping', _vpp, _szp])
_map_load_file = _fn('accelsel_mapping_load_file', ctypes.c_int, [_vpp, 'MappingProblem', ctypes.c_char_p])
_map_load_buffer = _fn('accelsel_mapping_load_buffer', ctypes.c_int,
                       [_vpp, 'MappingProblem', ctypes.c_char_p, _sz])


def _map_names(getter):
    out, i = [], 0
    while getter(i) is not None:
        out.append(getter(i).decode())
        i += 1
    return out


STRATEGIES = tuple(_map_names(_map_strategy_name))


def mapping_methods():
    """Names of the solve methods: 'ga' first, then the baselines."""
    return _map_names(_map_method_name)


def _strategy_code(s):
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
        if not 0 <= s < 64:
            raise ValueError('%s: slot %r out of range 0..63' % (what, s))
        mask |= 1 << s
    return mask


class Mapping(_Handle):
    """A mapping and its evaluation (immutable): designs per slot, per layer its
    slot group, design, strategy and times, the breakdown and peak memory.
    Made by MappingProblem.solve(), .evaluate() or .load()."""
    _free = _map_free

    @property
    def objective_s(self):
        """The objective's value in seconds: latency, or the period for throughput."""
        return _map_objective_s(self)

    @property
    def objective(self):
        return _dec(_map_objective_name(_map_objective(self)))

    @property
    @_holding
    def breakdown(self):
        """latency_s, period_s, objective_s, compute_s, communication_s (comm_between_s +
        comm_within_s + comm_host_s), idle_s in slot-seconds, and used_slots."""
        b = _map_breakdown(self).contents
        return {f: getattr(b, f) for f, _ in MappingBreakdown._fields_ if f != 'version'}

    @property
    def latency_s(self):
        return self.breakdown['latency_s']

    @property
    def n_slots(self):
        return _map_slot_count(self)

    @property
    def designs(self):
        """Design (or fixed device) of every slot."""
        return [_dec(_map_slot_design(self, s)) for s in range(self.n_slots)]

    @property
    def memory_bytes(self):
        """Peak bytes resident per slot (0 for an unused slot)."""
        return [_map_memory_bytes(self, s) for s in range(self.n_slots)]

    def __len__(self):
        return _map_layer_count(self)

    @_holding
    def layer(self, i):
        """Layer i as a dict: name, slots (list), design, strategy (name), start_s,
        end_s, compute_s, comm_in_s, comm_within_s. Network inputs have no slots."""
        if not 0 <= i < len(self):
            raise IndexError('layer %d of %d' % (i, len(self)))
        l = _map_layer(self, i).contents
        return {'name': _dec(l.name), 'slots': [s for s in range(64) if l.slots >> s & 1],
                'design': _dec(l.design), 'strategy': _dec(_map_strategy_name(l.strategy)),
                'start_s': l.start_s, 'end_s': l.end_s, 'compute_s': l.compute_s,
                'comm_in_s': l.comm_in_s, 'comm_within_s': l.comm_within_s}

    def layers(self):
        return [self.layer(i) for i in range(len(self))]

    @_holding
    def spec(self):
        """(pool index per slot, slot mask per layer, strategy name per layer): what
        MappingProblem.evaluate() takes back."""
        sp = MappingSpec()
        _map_get_spec(self, ctypes.byref(sp))
        return ([sp.slot_design[i] for i in range(sp.n_slots)],
                [sp.layer_slots[i] for i in range(sp.n_layers)],
                [_dec(_map_strategy_name(sp.layer_strategy[i])) for i in range(sp.n_layers)])

    @property
    def method(self):
        return _dec(_map_method(self))

    @property
    def generations(self):
        return _map_generations(self)

    @property
    def evaluations(self):
        return _map_evaluations(self)

    @property
    def seconds(self):
        return _map_seconds(self)

    @property
    @_holding
    def history(self):
        """Best objective value of the GA's first population, after each generation and
        after its closing local search ([] for the baselines)."""
        ptr, n = ctypes.POINTER(ctypes.c_double)(), _sz()
        _map_history(self, ctypes.byref(ptr), ctypes.byref(n))
        return [ptr[i] for i in range(n.value)]

    def to_yaml(self, path=None):
        """Write the mapping's YAML to path, or return it as a str when path is None."""
        if path is not None:
            _map_save_file(self, _text(path, 'path'))
            return None
        ptr, n = _vp(), _sz()
        _map_save_buffer(self, ctypes.byref(ptr), ctypes.byref(n))
        try:
            return ctypes.string_at(ptr, n.value).decode('utf-8')
        finally:
            _lib.accelsel_free(ptr)


class MappingCanceled(AccelselError):
    """The progress callback stopped a solve (ACCELSEL_ECANCELED). mapping is the
    best Mapping found so far (or None), owned by the exception's holder."""

    def __init__(self, code, mapping):
        super().__init__(code)
        self.mapping = mapping


def _problem_options(batch, objective, max_group_size):
    opts = MappingProblemOptions()
    _map_problem_options_init(ctypes.byref(opts), 1)
    _set_choice(opts, 'objective', objective, 'MappingProblem: objective',
                {'latency': 0, 'throughput': 1})
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
    s = MappingSlot()
    s.version = 1
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

    def __init__(self, catalog, system, network, batch=None, objective=None, max_group_size=None):
        opts = _problem_options(batch, objective, max_group_size)
        with _owned_inputs(catalog, network) as (cat, net):
            out = _vp()
            _map_problem_new(ctypes.byref(out), cat, _text(system, 'system'), net, ctypes.byref(opts))
        super().__init__(out.value)

    @classmethod
    def from_slots(cls, catalog, slots, network, link=None, batch=None, objective=None,
                   max_group_size=None):
        """A problem on an explicit list of slots (dicts, see _slot_struct; one
        dict alone is a TypeError), every pair joined by catalog link `link`
        (None: no links)."""
        opts = _problem_options(batch, objective, max_group_size)
        slots = _list_option(slots, 'slots', 'slot dicts')
        keep = []
        arr = (MappingSlot * max(len(slots), 1))(*[_slot_struct(s, keep, 'slots[%d]' % i)
                                                   for i, s in enumerate(slots)])
        with _owned_inputs(catalog, network) as (cat, net):
            out = _vp()
            _map_problem_new_slots(ctypes.byref(out), cat, arr, len(slots), _text_option(link, 'link'), net,
                                   ctypes.byref(opts))
        self = cls.__new__(cls)
        _Handle.__init__(self, out.value)
        return self

    @property
    def n_slots(self):
        return _map_problem_slot_count(self)

    @property
    def layer_names(self):
        """Every layer (network inputs included), in network order."""
        return [_dec(_map_problem_layer_name(self, i)) for i in range(_map_problem_layer_count(self))]

    def pool(self, slot):
        """Designs slot may take (the device's name alone for a fixed slot)."""
        if not 0 <= slot < self.n_slots:
            raise IndexError('slot %d of %d' % (slot, self.n_slots))
        return [_dec(_map_problem_pool_design(self, slot, k))
                for k in range(_map_problem_pool_count(self, slot))]

    @property
    def system(self):
        return _dec(_map_problem_system(self))

    @property
    def network(self):
        return _dec(_map_problem_network(self))

    @property
    def batch(self):
        return _map_problem_batch(self)

    @property
    def objective(self):
        return _dec(_map_objective_name(_map_problem_objective(self)))

    def evaluate(self, designs, layer_slots, strategies):
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
        spec = MappingSpec(1, n_designs, sd, len(layer_slots), ls, st)
        out = _vp()
        _map_evaluate(ctypes.byref(out), self, ctypes.byref(spec))
        return Mapping(out.value)

    def _pool_index(self, slot, design):
        """Index of design (a name) in slot's pool; AccelselError
        ACCELSEL_ENOTFOUND naming both, with the nearest names, as the
        library's own lookups report an unknown name."""
        pool = self.pool(slot)
        if design in pool:
            return pool.index(design)
        near = difflib.get_close_matches(design, pool, n=3, cutoff=0.5)
        raise AccelselError(_ENOTFOUND, "slot %d has no design '%s' in its pool; %s: %s" % (
            slot, design, 'nearest' if near else 'its pool',
            ', '.join("'%s'" % d for d in (near or pool))))

    def solve(self, method=None, seed=None, n_threads=None, generations=None, population=None,
              time_budget=None, patience=None, exhaustive_limit=None, progress=None):
        """The best mapping `method` finds ('ga' or a baseline, see mapping_methods()).
        time_budget: seconds (0 or float('inf'): no limit), kept to about one
        generation. progress: callable(generation, best_s, evaluations) called
        with generation 0 every 64 walks while the GA's seeds and the baselines
        run, then once per generation, then during the closing local search
        after every slice of population x 6 walks; returning True stops the search, raising MappingCanceled with
        the best mapping so far. An exception raised by progress also stops it
        and is re-raised. Every option is checked for its type (integers,
        not a bool; time_budget a number): a TypeError naming it otherwise;
        None: the library's default (ACCELSEL_MAPPING_SOLVE_OPTIONS_INIT,
        accelsel_mapping_solve_options_init(): today 'ga', seed 0, all
        cores, 100 generations of 64, no time budget, patience 50,
        exhaustive_limit 2000000)."""
        opts = MappingSolveOptions()
        _map_solve_options_init(ctypes.byref(opts), 1)
        if method is not None:
            opts.method = _text_option(method, 'solve: method')
        if time_budget is not None:
            opts.time_budget_s = _real_option(time_budget, 'solve: time_budget')
        _store(opts, 'solve', seed=seed, n_threads=n_threads, generations=generations,
               population=population, patience=patience, exhaustive_limit=exhaustive_limit)
        raised = []

        def call(generation, best_s, evaluations, payload):
            try:
                return 1 if progress(generation, best_s, evaluations) else 0
            except BaseException as e:  # re-raised below: an exception must not cross C
                raised.append(e)
                return 1
        opts.progress = _map_progress_fn(call) if progress is not None else _map_progress_fn()
        out = _vp()
        try:
            _map_solve(ctypes.byref(out), self, ctypes.byref(opts))
        except AccelselError as e:
            mapping = Mapping(out.value) if out.value else None
            if raised or e.code != _ECANCELED:
                if mapping is not None:
                    mapping.close()
                if raised:
                    raise raised[0] from None
                raise
            raise MappingCanceled(e.code, mapping) from None
        return Mapping(out.value)

    def load(self, path):
        """Read a saved mapping and evaluate it on this problem."""
        out = _vp()
        _map_load_file(ctypes.byref(out), self, _text(path, 'path'))
        return Mapping(out.value)

    def from_yaml(self, text):
        """As load(), from YAML text (str or bytes)."""
        data = _buf(text)
        out = _vp()
        _map_load_buffer(ctypes.byref(out), self, data, len(data))
        return Mapping(out.value)


class _owned_inputs:
    """Context: (catalog, network) handles for a problem, opening the built-in
    catalog and a zoo network by name when asked, and closing what it opened."""

    def __init__(self, catalog, network):
        self._opened = []
        self.cat = catalog if catalog is not None else self._open(Catalog.builtin())
        self.net = network if not isinstance(network, str) else self._open(Network.zoo(network))

    def _open(self, handle):
        self._opened.append(handle)
        return handle

    def __enter__(self):
        return self.cat, self.net

    def __exit__(self, *exc):
        for h in self._opened:
            h.close()


# --- step measurements (include/accelsel/steps.h, docs/step-measurements.md) ---
__all__ += ['StepsOptions', 'load_steps', 'steps_from_string', 'builtin_steps']


class StepsOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('min_steps_timed', ctypes.c_uint32),
                ('max_field_len', ctypes.c_uint64)]


_steps_options_init = _fn('accelsel_steps_options_init', ctypes.c_int,
                          [ctypes.POINTER(StepsOptions), ctypes.c_uint])
_steps_options_size = _fn('accelsel_steps_options_size', _sz, [], check=False)
if _steps_options_size() != ctypes.sizeof(StepsOptions):
    raise ImportError('accelsel_steps_options layout differs from this binding')
_steps_load_file = _fn('accelsel_steps_load_file', ctypes.c_int,
                       [ctypes.POINTER(_vp), 'Catalog', ctypes.c_char_p, ctypes.POINTER(StepsOptions)])
_steps_load_buffer = _fn('accelsel_steps_load_buffer', ctypes.c_int,
                         [ctypes.POINTER(_vp), 'Catalog', ctypes.c_char_p, _sz,
                          ctypes.POINTER(StepsOptions)])
_steps_load_builtin = _fn('accelsel_steps_load_builtin', ctypes.c_int, [ctypes.POINTER(_vp), 'Catalog'])


def _steps_options(min_steps_timed):
    opts = StepsOptions()
    _steps_options_init(ctypes.byref(opts), 1)
    if min_steps_timed is not None:  # None: ACCELSEL_STEPS_OPTIONS_INIT's, ACCELSEL_STEPS_MIN_TIMED
        opts.min_steps_timed = _int_option(min_steps_timed, 'min_steps_timed', ctypes.c_uint32)
    return opts


def _steps_load(catalog, call, *args):
    """A Dataset of step rows, checked against catalog (None: the built-in one)."""
    with _owned_inputs(catalog, None) as (cat, _):
        return Dataset._make(call, cat, *args)


def load_steps(path, catalog=None, min_steps_timed=None):
    """Read a step-measurement CSV file, every row checked (see
    docs/step-measurements.md); min_steps_timed: the fewest timed steps a row
    may have (None or 0: the library's ACCELSEL_STEPS_MIN_TIMED, 5 today). A
    bad cell raises AccelselError with its line and column."""
    opts = _steps_options(min_steps_timed)
    return _steps_load(catalog, _steps_load_file, _text(path, 'path'), ctypes.byref(opts))


def steps_from_string(text, catalog=None, min_steps_timed=None):
    """As load_steps(), from a str or bytes; errors name '<buffer>'."""
    data = _buf(text)
    opts = _steps_options(min_steps_timed)
    return _steps_load(catalog, _steps_load_buffer, data, len(data), ctypes.byref(opts))


def builtin_steps(catalog=None):
    """The step measurements compiled into the library (data/steps/builtin.csv)."""
    return _steps_load(catalog, _steps_load_builtin)
