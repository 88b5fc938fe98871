"""`pip install bindings/python`: the package accelsel/, with the module
_ctypes_gen.py that gen_ctypes.py writes from the public headers of the
source tree this directory is in (../../include/accelsel/*.h), as Meson
does. pyproject.toml holds the rest."""
import glob
import importlib.util
import os

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))
INCLUDE = os.path.join(HERE, '..', '..', 'include', 'accelsel')


class BuildPy(build_py):
    """The package's modules, and _ctypes_gen.py written from the headers."""

    def run(self):
        super().run()
        headers = sorted(glob.glob(os.path.join(INCLUDE, '*.h')))
        if not headers:
            raise SystemExit('no public headers in %s: build from a libaccelsel source tree '
                             '(pip install bindings/python)' % os.path.normpath(INCLUDE))
        spec = importlib.util.spec_from_file_location('gen_ctypes', os.path.join(HERE, 'gen_ctypes.py'))
        gen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(gen)
        gen.main(['gen_ctypes.py', os.path.join(self.build_lib, 'accelsel', '_ctypes_gen.py')] + headers)


setup(cmdclass={'build_py': BuildPy})
