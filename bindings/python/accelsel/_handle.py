"""Handles and the calls that use them: _Handle owns one library handle
(close(), a with-block, garbage collection), _fn declares a library function
as the binding calls it (checked status, range-checked integers, handle
arguments held for the call), and _ReadersWriter is the lock of a handle
that C lets many threads read but one alone change."""
from __future__ import annotations

import contextlib
import ctypes
import functools
import threading
import typing

from . import _errors, _lib
from ._convert import _INT_RANGES, _int_in_range

_H = typing.TypeVar('_H', bound='_Handle')

# Every handle class by name, for _fn's declarations (see _Handle.__init_subclass__).
_CLASSES = {}


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
                _handle_of(args[i], _CLASSES[name], 'argument %d of %s' % (i + 1, self.f.__name__))
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
    str: the classes come after the functions they call, see _CLASSES); C
    gets its pointer."""
    f = getattr(_lib.cdll, name)
    f.restype = restype
    f.argtypes = [ctypes.c_void_p if isinstance(t, str) else t for t in argtypes]
    if check:
        f.errcheck = _errors.check
    return _Call(f, [(i, t) for i, t in enumerate(argtypes) if isinstance(t, str)])


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

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        _CLASSES[cls.__name__] = cls

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
    def _make(cls, call, *args):
        """A new cls from call(&out, *args), a library constructor."""
        out = ctypes.c_void_p()
        call(ctypes.byref(out), *args)
        return cls(out.value)

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

    def close(self) -> None:
        """Free the handle (at once, or as the last call using it returns);
        any later use raises ValueError. Idempotent, from any thread."""
        lock = self.__dict__.get('_lock')
        if lock is None:  # __init__ never ran (a constructor raised first)
            return
        with lock:
            self._closed = True
            ptr = self._take() if self._uses == 0 else None
        if ptr:
            self._free_ptr(ptr)

    @property
    def closed(self) -> bool:
        """True once close() was called (on this handle or on its owner)."""
        owner = self._owner
        return bool(self.__dict__.get('_closed', True) or not self._ptr or (owner is not None and owner.closed))

    def __enter__(self: _H) -> _H:
        return self

    def __exit__(self, *exc: object) -> None:
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


def _returned_text(call, *args):
    """The text a library function writes to a buffer it allocates (its last
    two parameters: the buffer and its length), as a str; the buffer is freed."""
    ptr, n = ctypes.c_void_p(), ctypes.c_size_t()
    call(*args, ctypes.byref(ptr), ctypes.byref(n))
    try:
        return ctypes.string_at(ptr, n.value).decode('utf-8')
    finally:
        _lib.free(ptr)


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


def _callback(cfunctype, progress):
    """(the C callback of progress, a list that receives what it raises). The
    callback passes C's arguments but the last (the payload) to progress,
    and a true result stops the call (the library returns ACCELSEL_ECANCELED);
    an exception stops it too and is kept, for _raising() to raise: it must
    not cross C. None: no callback (C's NULL)."""
    raised = []
    if progress is None:
        return cfunctype(), raised

    def call(*args):
        try:
            return 1 if progress(*args[:-1]) else 0
        except BaseException as e:
            raised.append(e)
            return 1
    return cfunctype(call), raised


def _raising(raised, call, *args):
    """call(*args), re-raising what the progress callback raised (see
    _callback) instead of the ACCELSEL_ECANCELED it led to."""
    try:
        return call(*args)
    except _errors.AccelselError:
        if raised:
            raise raised[0] from None
        raise
