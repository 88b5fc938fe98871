"""libaccelsel for Python: a ctypes binding, standard library only.

Every name is importable from the package itself (`import accelsel`,
`accelsel.Dataset`). Handles (Dataset, ClusterModel, Predictor, ...) are
closed by close(), a with-block or garbage collection; what they give back
are Python objects: str, float, int, lists, dicts, other handles. A failing
call raises AccelselError, as the subclass of its status (ParseError, a
ValueError, with line and column; NotFoundError, a LookupError; ...), with
the library's message and the field at fault. Arguments are checked before C
sees them: a wrong type is a TypeError, an integer out of its C type's range
an OverflowError, a wrong shape a ValueError, each naming the argument.

The library is found through ACCELSEL_LIBRARY (that path only), else in the
build tree the package was built in, else in the prefix it was installed
into, else through the dynamic loader; the ImportError lists every place
tried (see _lib).

Layout. One module per public header: include/accelsel/X.h is accelsel/X.py
(dataset, features, cluster, importance, rank, catalog, network, select,
predict, map, steps, recommend, place), holding the header's handle classes and functions and
listing its public names in __all__, which this file re-exports. A new
domain (say accelsel/recommend.h) gets accelsel/recommend.py, a line below,
its tests in tests/python/ and its file in bindings/python/accelsel/
meson.build's list. Its structs and #define constants are not written by
hand: bindings/python/gen_ctypes.py writes every struct of the public
headers as a ctypes.Structure named as in C, every integer constant and
every callback type into _ctypes_gen (at build time, by Meson or by pip), so
the module uses _c.accelsel_recommend_options and
_c.ACCELSEL_RECOMMEND_OPTIONS_VERSION (`from . import _ctypes_gen as _c`),
and the struct's size is checked against accelsel_recommend_options_size()
at import. It declares its functions with _handle._fn (a handle parameter
by its class's name), converts arguments with _convert's helpers (one rule
for every option: docs/hostile-inputs.md, "Python binding"), and derives its
handle classes from _handle._Handle. Public methods have type hints and
docstrings (tests/python/test_package.py checks them).
"""
from ._lib import EXPECTED_MAJOR, version
from ._errors import (AccelselError, CanceledError, DataError, EmptyError, InfeasibleError,
                      InputOutputError, InvalidArgumentError, NotFoundError, OutOfMemoryError,
                      ParseError, RangeError, TypeMismatchError, VersionError)
from .dataset import *  # noqa: F401,F403
from .features import *  # noqa: F401,F403
from .cluster import *  # noqa: F401,F403
from .importance import *  # noqa: F401,F403
from .rank import *  # noqa: F401,F403
from .catalog import *  # noqa: F401,F403
from .network import *  # noqa: F401,F403
from .select import *  # noqa: F401,F403
from .predict import *  # noqa: F401,F403
from .map import *  # noqa: F401,F403
from .steps import *  # noqa: F401,F403
from .recommend import *  # noqa: F401,F403
from .place import *  # noqa: F401,F403
from . import (dataset, features, cluster, importance, rank, catalog, network, select, predict, map, steps,
               recommend, place)

__all__ = ['version', 'EXPECTED_MAJOR', 'AccelselError', 'InvalidArgumentError', 'OutOfMemoryError',
           'InputOutputError', 'ParseError', 'NotFoundError', 'RangeError', 'InfeasibleError',
           'CanceledError', 'VersionError', 'TypeMismatchError', 'EmptyError', 'DataError']
for _module in (dataset, features, cluster, importance, rank, catalog, network, select, predict, map, steps,
                recommend, place):
    __all__ += _module.__all__
del _module
