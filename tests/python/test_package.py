"""The binding as a package: every public name documented and typed, no
ctypes struct among them, the build's package complete and its generated
module the one thing not in the source tree, every struct's size checked
at import, and the exceptions of each status (tests/meson.build runs it
on the package that bindings/python/accelsel/meson.build builds)."""
import ctypes
import inspect
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import accelsel

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
SOURCE = os.path.join(ROOT, 'bindings', 'python', 'accelsel')
PACKAGE = os.path.dirname(accelsel.__file__)


def public_members(cls):
    """(name, function) of the public methods and properties of cls defined
    by the package (inherited ones included, object's and Exception's not),
    and the __init__ that cls itself defines."""
    for name in sorted(set(dir(cls))):
        if name.startswith('_') and not (name == '__init__' and name in vars(cls)):
            continue
        owner = next(c for c in cls.__mro__ if name in vars(c))
        if not owner.__module__.startswith('accelsel'):
            continue
        f = vars(owner)[name]
        f = f.fget if isinstance(f, property) else f
        f = f.__func__ if isinstance(f, (classmethod, staticmethod)) else f
        if inspect.isfunction(f):
            yield name, f


def public_callables():
    """(qualified name, function) of every public function, method and property."""
    for name in accelsel.__all__:
        obj = getattr(accelsel, name)
        if inspect.isclass(obj):
            for attr, f in public_members(obj):
                yield '%s.%s' % (name, attr), f
        elif inspect.isfunction(obj):
            yield name, obj


class PublicApiTest(unittest.TestCase):
    def test_every_public_callable_has_a_docstring_and_type_hints(self):
        seen = 0
        for name, f in public_callables():
            seen += 1
            with self.subTest(callable=name):
                self.assertTrue((f.__doc__ or '').strip(), 'no docstring')
                params = list(inspect.signature(f).parameters.values())
                if params and params[0].name in ('self', 'cls'):
                    params = params[1:]
                for p in params:
                    self.assertIn(p.name, f.__annotations__, 'parameter %s has no type hint' % p.name)
                self.assertIn('return', f.__annotations__, 'no return type hint')
        self.assertGreater(seen, 200)

    def test_every_module_lists_its_public_names(self):
        """The package re-exports each domain module's __all__, every name of
        which is defined there; no public name is a ctypes type (users see
        Python objects)."""
        modules = [m for m in sorted(os.listdir(SOURCE)) if m.endswith('.py') and not m.startswith('_')]
        self.assertIn('dataset.py', modules)
        for m in modules:
            module = getattr(accelsel, m[:-3])
            with self.subTest(module=m):
                for name in module.__all__:
                    self.assertIs(getattr(accelsel, name), getattr(module, name))
                    self.assertIn(name, accelsel.__all__)
        for name in accelsel.__all__:
            obj = getattr(accelsel, name)
            with self.subTest(name=name):
                self.assertFalse(inspect.isclass(obj) and issubclass(obj, (ctypes.Structure, ctypes.Array,
                                                                          ctypes._SimpleCData)))
                self.assertNotIsInstance(obj, (ctypes.Structure, ctypes.Array, ctypes._SimpleCData))

    def test_results_are_python_objects(self):
        with accelsel.Network.zoo('small-cnn') as net, accelsel.Catalog.builtin() as cat:
            self.assertIs(type(net.layer(1)), dict)
            self.assertIs(type(net.totals['flops']), int)
            self.assertIs(type(cat.slot('dgx-a100', 0)), dict)
            self.assertIs(type(cat.device('h100-sxm5-80gb')['peak_flops']), dict)


class BuildTest(unittest.TestCase):
    def test_the_build_package_is_the_source_package_and_the_generated_module(self):
        """Meson's list of modules holds every file of the source package, and
        _ctypes_gen.py (written from the headers) is what the build adds: no
        hand-written copy of it lies in the source tree."""
        source = {f for f in os.listdir(SOURCE) if f.endswith('.py') or f == 'py.typed'}
        built = {f for f in os.listdir(PACKAGE) if f.endswith('.py') or f == 'py.typed'}
        self.assertIn('py.typed', source)
        self.assertNotIn('_ctypes_gen.py', source)
        self.assertEqual(built, source | {'_ctypes_gen.py'})
        for f in source:
            with self.subTest(module=f), open(os.path.join(SOURCE, f), 'rb') as a, \
                    open(os.path.join(PACKAGE, f), 'rb') as b:
                self.assertEqual(a.read(), b.read(), 'the build has an old copy: rebuild')

    def test_the_source_package_alone_says_what_it_lacks(self):
        with tempfile.TemporaryDirectory() as d:
            shutil.copytree(SOURCE, os.path.join(d, 'accelsel'))
            r = subprocess.run([sys.executable, '-c', 'import accelsel'], env=dict(os.environ, PYTHONPATH=d),
                               capture_output=True, text=True, cwd=d)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("has no _ctypes_gen.py, which the build writes from the public headers", r.stderr)

    def test_a_struct_of_another_size_stops_the_import(self):
        """Each struct with an accelsel_*_size() is checked at import, the
        selection's options included: a field more in the generated module
        than in the library is an ImportError that names the struct."""
        with tempfile.TemporaryDirectory() as d:
            copy = os.path.join(d, 'accelsel')
            shutil.copytree(PACKAGE, copy)
            gen = os.path.join(copy, '_ctypes_gen.py')
            with open(gen, encoding='utf-8') as f:
                text = f.read()
            last = "        ('rows', ctypes.c_int32),\n"
            start = text.index('class accelsel_selection_options(')
            at = text.index(last, start) + len(last)
            with open(gen, 'w', encoding='utf-8') as f:
                f.write(text[:at] + "        ('added', ctypes.c_double),\n" + text[at:])
            env = dict(os.environ, PYTHONPATH=d)
            r = subprocess.run([sys.executable, '-c', 'import accelsel'], env=env,
                               capture_output=True, text=True, cwd=d)
        self.assertNotEqual(r.returncode, 0)
        self.assertIn('ImportError: libaccelsel differs from this binding', r.stderr)
        size = accelsel._lib.cdll.accelsel_selection_options_size()
        self.assertIn('accelsel_selection_options: %d bytes in the library, %d in the headers'
                      % (size, size + 8), r.stderr)


class GeneratorTest(unittest.TestCase):
    """gen_ctypes.py stops, naming the header and what it does not translate,
    rather than writing a wrong layout."""

    def generate(self, header):
        """(the generator's result, the module it wrote or None) for one header."""
        with tempfile.TemporaryDirectory() as d:
            path, out = os.path.join(d, 'x.h'), os.path.join(d, 'out.py')
            with open(path, 'w', encoding='utf-8') as f:
                f.write(header)
            r = subprocess.run([sys.executable, os.path.join(ROOT, 'bindings', 'python', 'gen_ctypes.py'),
                                out, path], capture_output=True, text=True)
            if not os.path.exists(out):
                return r, None
            module = {}
            with open(out, encoding='utf-8') as f:
                exec(compile(f.read(), out, 'exec'), module)
            return r, module

    def test_an_unknown_field_type_stops_it(self):
        r, module = self.generate('typedef struct accelsel_x {\n    unsigned int version;\n    float f;\n'
                                  '} accelsel_x;\n')
        self.assertNotEqual(r.returncode, 0)
        self.assertIsNone(module)
        self.assertIn("accelsel_x.f: type 'float' is not one the generator knows", r.stderr)

    def test_an_enum_stops_it(self):
        r, module = self.generate('enum accelsel_kind { ACCELSEL_KIND_A = 1 };\n')
        self.assertNotEqual(r.returncode, 0)
        self.assertIsNone(module)
        self.assertIn('x.h: an enum', r.stderr)

    def test_a_struct_its_constants_and_callbacks(self):
        r, m = self.generate('#define ACCELSEL_N 3u\n#define ACCELSEL_M ACCELSEL_N\n#define ACCELSEL_E (-2)\n'
                             '#define ACCELSEL_S "text"\n'
                             'typedef int (*accelsel_cb_fn)(double f, void *p);\n'
                             'typedef struct accelsel_h accelsel_h;\n'
                             'typedef struct accelsel_x {\n    unsigned int version; /**< v */\n'
                             '    const char *const *names;\n    double a[ACCELSEL_M], b, *c;\n'
                             '    const accelsel_h *h;\n    accelsel_cb_fn cb;\n    uint32_t global;\n'
                             '} accelsel_x;\n'
                             'ACCELSEL_API size_t accelsel_x_size(void);\n')
        self.assertEqual((r.returncode, r.stderr), (0, ''))
        self.assertEqual(m['CONSTANTS'], {'ACCELSEL_N': 3, 'ACCELSEL_M': 3, 'ACCELSEL_E': -2})
        x = m['accelsel_x']
        self.assertEqual(x._fields_, [
            ('version', ctypes.c_uint), ('names', ctypes.POINTER(ctypes.c_char_p)),
            ('a', ctypes.c_double * 3), ('b', ctypes.c_double), ('c', ctypes.POINTER(ctypes.c_double)),
            ('h', ctypes.c_void_p),
            ('cb', ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_double, ctypes.c_void_p)),
            ('global_', ctypes.c_uint32)])
        # x86-64: 4 + 4 (padding) + 8 + 24 + 8 + 8 + 8 + 8 + 4 + 4 (padding).
        self.assertEqual(ctypes.sizeof(x), 80)
        self.assertEqual(m['SIZE_FUNCTIONS'], {x: 'accelsel_x_size'})


class ErrorTest(unittest.TestCase):
    def test_a_bad_csv_is_a_parse_error_with_line_and_column(self):
        # Row 3 (line 4: the header is line 1) has three cells for two
        # columns; its third starts at byte 5 of 'x,y,z'.
        with self.assertRaises(accelsel.ParseError) as cm:
            accelsel.Dataset.from_csv_text('a,b\n1,2\nx,y\n7,8,9\n')
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertIsInstance(e, accelsel.AccelselError)
        self.assertEqual((e.status, e.source, e.line), ('ACCELSEL_EPARSE', '<buffer>', 4))
        self.assertEqual(e.column, len('7,8,') + 1)

    def test_bad_yaml_is_a_parse_error_with_line_and_column(self):
        # An unknown key: line 4, whose key starts after 4 spaces.
        text = 'version: 1\ndevices:\n  - name: x\n    colour: red\n'
        with self.assertRaises(accelsel.ParseError) as cm:
            accelsel.Catalog.from_string(text)
        e = cm.exception
        self.assertIsInstance(e, ValueError)
        self.assertEqual((e.source, e.line, e.column), ('<buffer>', 4, 5))
        self.assertIn("'colour'", e.message)

    def test_an_unknown_device_is_a_lookup_error(self):
        with accelsel.Predictor() as p:
            with self.assertRaises(LookupError) as cm:
                p.predict('resnet50', device='no-such-device', count=8)
        self.assertIsInstance(cm.exception, accelsel.NotFoundError)
        self.assertEqual(cm.exception.status, 'ACCELSEL_ENOTFOUND')
        self.assertEqual(cm.exception.field, 'device')
        with accelsel.Catalog.builtin() as cat, self.assertRaises(LookupError):
            cat.device('h100-sxm6')

    def test_each_status_has_its_class(self):
        """The class of each ACCELSEL_E* status of common.h, chosen by the
        code alone, and the Python exception it also is."""
        bases = {'EINVAL': ValueError, 'ENOMEM': MemoryError, 'EIO': OSError, 'EPARSE': ValueError,
                 'ENOTFOUND': LookupError, 'ERANGE': ValueError, 'EINFEASIBLE': None, 'ECANCELED': None,
                 'EVERSION': None, 'ETYPE': TypeError, 'EEMPTY': ValueError, 'EDATA': ValueError}
        codes = {k[len('ACCELSEL_'):]: v for k, v in accelsel._ctypes_gen.CONSTANTS.items()
                 if k.startswith('ACCELSEL_E') and v < 0}
        self.assertEqual(set(codes), set(bases))
        classes = set()
        for status, code in codes.items():
            with self.subTest(status=status):
                e = accelsel._errors.error_of(code, 'the same message')
                self.assertIsNot(type(e), accelsel.AccelselError)
                classes.add(type(e))
                self.assertEqual(e.status, 'ACCELSEL_' + status)
                self.assertEqual(str(e), 'ACCELSEL_%s: the same message' % status)
                if bases[status] is not None:
                    self.assertIsInstance(e, bases[status])
        self.assertEqual(len(classes), len(codes))
        self.assertIs(type(accelsel._errors.error_of(-1000, 'unknown')), accelsel.AccelselError)
        self.assertTrue(issubclass(accelsel.MappingCanceled, accelsel.CanceledError))

    def test_io_error_is_an_os_error(self):
        with self.assertRaises(OSError) as cm:
            accelsel.Network.load('/no/such/dir/net.yaml')
        self.assertIsInstance(cm.exception, accelsel.InputOutputError)
        self.assertIn('/no/such/dir/net.yaml', str(cm.exception))


if __name__ == '__main__':
    unittest.main()
