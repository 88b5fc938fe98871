"""Finding and loading libaccelsel.so.1, and what the rest of the binding
needs of it before any domain module: the error and version functions, the
check of its major version and of every struct's size.

The library is found through the ACCELSEL_LIBRARY environment variable (that
path only), else in the build tree this package was built in
(BUILD/bindings/python/accelsel/), else in the prefix the package was
installed into (PREFIX/lib/<multiarch>, lib64, lib), else through the dynamic
loader (libaccelsel.so.1) and ctypes.util.find_library("accelsel"); the
ImportError lists every place tried and why.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import glob
import importlib.util
import os
import sysconfig

try:
    from . import _ctypes_gen as _c
except ImportError:
    if importlib.util.find_spec(__package__ + '._ctypes_gen') is not None:
        raise
    raise ImportError('%s has no _ctypes_gen.py, which the build writes from the public headers: '
                      'import the package the build writes (PYTHONPATH=BUILD/bindings/python), '
                      'or install it (meson install, pip install bindings/python)'
                      % os.path.dirname(os.path.abspath(__file__))) from None

# The major version of the headers the structs were generated from: the
# library must have the same.
EXPECTED_MAJOR = _c.ACCELSEL_VERSION_MAJOR


def _candidates():
    """Where libaccelsel may be, in the order tried (see load())."""
    here = os.path.dirname(os.path.abspath(__file__))
    # A build tree: BUILD/bindings/python/accelsel/ beside BUILD/libaccelsel.so.1.
    yield os.path.normpath(os.path.join(here, '..', '..', '..', 'libaccelsel.so.1'))
    # An install: PREFIX/lib/pythonX.Y/site-packages/accelsel/ (or
    # PREFIX/lib/python3/dist-packages/accelsel/) beside PREFIX/lib[/<multiarch>|64].
    prefix = os.path.normpath(os.path.join(here, '..', '..', '..', '..'))
    multiarch = sysconfig.get_config_var('MULTIARCH')
    libdirs = ['lib/' + multiarch] if multiarch else []
    libdirs += sorted(os.path.dirname(p)[len(prefix) + 1:]
                      for p in glob.glob(os.path.join(prefix, 'lib', '*', 'libaccelsel.so.1')))
    for d in dict.fromkeys(libdirs + ['lib64', 'lib']):
        yield os.path.join(prefix, d, 'libaccelsel.so.1')
    # The dynamic loader's own search (LD_LIBRARY_PATH, ld.so.cache, /usr/lib).
    yield 'libaccelsel.so.1'


def load():
    """The library: ACCELSEL_LIBRARY if set (and nothing else), else the first
    candidate that loads; the ImportError lists every place tried and why."""
    env = os.environ.get('ACCELSEL_LIBRARY')
    candidates = [env] if env else list(dict.fromkeys(_candidates()))
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


cdll = load()


def _declare(name, restype, argtypes):
    f = getattr(cdll, name)
    f.restype, f.argtypes = restype, argtypes
    return f


last_error = _declare('accelsel_last_error', ctypes.POINTER(_c.accelsel_error), [])
status_name = _declare('accelsel_status_name', ctypes.c_char_p, [ctypes.c_int])
strerror = _declare('accelsel_strerror', ctypes.c_char_p, [ctypes.c_int])
free = _declare('accelsel_free', None, [ctypes.c_void_p])
_version = _declare('accelsel_version', ctypes.c_char_p, [ctypes.POINTER(ctypes.c_int)] * 3)


def version() -> tuple[int, int, int]:
    """The library's version as (major, minor, patch)."""
    a, b, c = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    _version(ctypes.byref(a), ctypes.byref(b), ctypes.byref(c))
    return (a.value, b.value, c.value)


def _check_layout():
    """ImportError unless the library is of the headers' major version and
    each generated struct has the size the library's accelsel_*_size() gives."""
    if version()[0] != EXPECTED_MAJOR:
        raise ImportError('libaccelsel major version %d, this binding needs %d'
                          % (version()[0], EXPECTED_MAJOR))
    wrong = []
    for struct, name in _c.SIZE_FUNCTIONS.items():
        size = _declare(name, ctypes.c_size_t, [])()
        if size != ctypes.sizeof(struct):
            wrong.append('%s: %d bytes in the library, %d in the headers the binding was '
                         'generated from' % (struct.__name__, size, ctypes.sizeof(struct)))
    if wrong:
        raise ImportError('libaccelsel differs from this binding:\n  ' + '\n  '.join(wrong))


_check_layout()
