"""The exceptions of the binding: AccelselError, and one subclass per status
of the library, which also derives from the Python exception that the fault
is (a parse error is a ValueError, an unknown name a LookupError), chosen by
the status code alone, never by the message's text."""
from __future__ import annotations

from . import _ctypes_gen as _c
from . import _lib


class AccelselError(Exception):
    """A libaccelsel call failed.

    Attributes: code (negative status), status (its name, e.g. 'ACCELSEL_EPARSE'),
    message (the library's detail), source, line, column (parse errors), field
    (the options or request member at fault as the C header names it, e.g.
    'features' or 'global_batch'; None when no one field is). str() reads
    'STATUS: field: message'.

    The binding raises the subclass of the status (ParseError for
    ACCELSEL_EPARSE, ...; AccelselError itself for a status it does not
    know), made by error_of()."""

    def __init__(self, code: int, message: str | None = None) -> None:
        """The error of status code: the calling thread's last failure, or
        with message, one the binding finds itself before calling the library
        (an unknown name it looks up), with the status the library gives for
        the same fault."""
        err = _lib.last_error().contents
        self.code = code
        self.status = _lib.status_name(code).decode()
        # The thread's last error belongs to some earlier call when the
        # binding raises on its own.
        same = err.code == code and message is None
        self.message = (err.message or b'').decode('utf-8', 'replace') if same else (message or '')
        if not self.message:
            self.message = _lib.strerror(code).decode()
        self.source = err.source.decode('utf-8', 'replace') if same and err.source else None
        self.line = err.line if same else 0
        self.column = err.column if same else 0
        self.field = err.field.decode('utf-8', 'replace') if same and err.field else None
        where = self.field + ': ' if self.field else ''
        text = '%s: %s%s' % (self.status, where, self.message)
        super().__init__(text)
        # OSError.__init__ leaves args alone in a subclass with an __init__ of its own.
        self.args = (text,)


class InvalidArgumentError(AccelselError, ValueError):
    """ACCELSEL_EINVAL: an argument or option is out of range or inconsistent."""


class OutOfMemoryError(AccelselError, MemoryError):
    """ACCELSEL_ENOMEM: memory ran out; nothing was changed or leaked."""


class InputOutputError(AccelselError, OSError):
    """ACCELSEL_EIO: a file could not be read or written (message names it)."""


class ParseError(AccelselError, ValueError):
    """ACCELSEL_EPARSE: malformed text; source, line and column say where
    (line and column from 1)."""


class NotFoundError(AccelselError, LookupError):
    """ACCELSEL_ENOTFOUND: a named column, device, model or entry does not
    exist (the message suggests close names)."""


class RangeError(AccelselError, ValueError):
    """ACCELSEL_ERANGE: a number does not fit its type or allowed range."""


class InfeasibleError(AccelselError):
    """ACCELSEL_EINFEASIBLE: the problem has no solution under its constraints."""


class CanceledError(AccelselError):
    """ACCELSEL_ECANCELED: a progress callback asked to stop."""


class VersionError(AccelselError):
    """ACCELSEL_EVERSION: an options struct or file of a version the library
    does not know."""


class TypeMismatchError(AccelselError, TypeError):
    """ACCELSEL_ETYPE: a column or value has the wrong type (a categorical
    column used as a numeric one)."""


class EmptyError(AccelselError, ValueError):
    """ACCELSEL_EEMPTY: no rows or items are left to work on."""


class DataError(AccelselError, ValueError):
    """ACCELSEL_EDATA: data unusable as asked (non-finite values, zero
    variance, too few distinct points)."""


_BY_STATUS = {
    _c.ACCELSEL_EINVAL: InvalidArgumentError, _c.ACCELSEL_ENOMEM: OutOfMemoryError,
    _c.ACCELSEL_EIO: InputOutputError, _c.ACCELSEL_EPARSE: ParseError,
    _c.ACCELSEL_ENOTFOUND: NotFoundError, _c.ACCELSEL_ERANGE: RangeError,
    _c.ACCELSEL_EINFEASIBLE: InfeasibleError, _c.ACCELSEL_ECANCELED: CanceledError,
    _c.ACCELSEL_EVERSION: VersionError, _c.ACCELSEL_ETYPE: TypeMismatchError,
    _c.ACCELSEL_EEMPTY: EmptyError, _c.ACCELSEL_EDATA: DataError,
}


def error_of(code, message=None):
    """The AccelselError of status code, as its status's subclass (see
    AccelselError for message)."""
    return _BY_STATUS.get(code, AccelselError)(code, message)


def check(result, func=None, args=None):
    """errcheck hook: negative int results raise the AccelselError of their status."""
    if result < 0:
        raise error_of(result)
    return result
