"""The Python binding's core and Dataset, checked against Python's own csv module;
its declarations, struct mirrors and handle classes checked against the C headers."""
import csv
import ctypes
import glob
import importlib.util
import io
import math
import os
import re
import tempfile
import unittest

import accelsel

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
MLPERF = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')


def reference_rows():
    with open(MLPERF, newline='', encoding='utf-8') as f:
        return list(csv.DictReader(f))


class CoreTest(unittest.TestCase):
    def test_version_is_a_triple_with_expected_major(self):
        v = accelsel.version()
        self.assertEqual(len(v), 3)
        self.assertEqual(v[0], accelsel.EXPECTED_MAJOR)

    def test_error_carries_status_message_and_position(self):
        with self.assertRaises(accelsel.AccelselError) as cm:
            accelsel.Dataset.from_csv_text('a,b\n1,2\n3\n')
        e = cm.exception
        self.assertEqual(e.status, 'ACCELSEL_EPARSE')
        self.assertEqual(e.line, 3)
        self.assertIn('<buffer>:3:', e.message)

    def test_missing_file_is_eio_naming_path(self):
        with self.assertRaises(accelsel.AccelselError) as cm:
            accelsel.Dataset.from_csv('/no/such/dir/x.csv')
        self.assertEqual(cm.exception.status, 'ACCELSEL_EIO')
        self.assertIn('/no/such/dir/x.csv', cm.exception.message)
        self.assertIn('No such file', cm.exception.message)


# The headers as the binding's generator reads them (one parser of the headers).
_spec = importlib.util.spec_from_file_location(
    'gen_ctypes', os.path.join(ROOT, 'bindings', 'python', 'gen_ctypes.py'))
gen_ctypes = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gen_ctypes)
HEADERS = gen_ctypes.Headers(sorted(glob.glob(os.path.join(ROOT, 'include', 'accelsel', '*.h'))))


def header_prototypes():
    """name -> (return type, [parameter declarations]) of every public function."""
    return HEADERS.prototypes


# C scalar types -> (integer?, size, signed); double separately.
_SCALARS = {'int': (4, True), 'unsigned int': (4, False), 'size_t': (ctypes.sizeof(ctypes.c_size_t), False),
            'uint8_t': (1, False), 'uint32_t': (4, False), 'int32_t': (4, True),
            'int64_t': (8, True), 'uint64_t': (8, False)}


def c_kind(decl):
    """What a C declaration ('const double *x', 'size_t n', 'int (*progress)(...)') must map to."""
    if '(*' in decl:
        return ('function',)
    decl = re.sub(r'\bconst\b', ' ', decl)
    base = decl if decl.rstrip().endswith('*') else re.sub(r'\w+\s*$', '', decl)
    stars = base.count('*')
    base = ' '.join(base.replace('*', ' ').split())
    if stars == 0:
        return ('void',) if base == 'void' else ('double',) if base == 'double' else ('int',) + _SCALARS[base]
    if stars == 1 and base == 'double':
        return ('pointer', ('double',))
    if stars == 1 and base in _SCALARS:
        return ('pointer', ('int',) + _SCALARS[base])
    return ('pointer', None)  # strings, handles, structs, out-pointers: any pointer type


def ctypes_kind(t):
    if t is None:
        return ('void',)
    if t in (ctypes.c_void_p, ctypes.c_char_p):
        return ('pointer', None)
    if isinstance(t, type) and issubclass(t, ctypes._Pointer):
        return ('pointer', ctypes_kind(t._type_))
    if isinstance(t, type) and issubclass(t, ctypes._CFuncPtr):
        return ('function',)
    if t is ctypes.c_double:
        return ('double',)
    if isinstance(t, type) and issubclass(t, ctypes._SimpleCData) and t._type_ in 'bBhHiIlLqQ':
        return ('int', ctypes.sizeof(t), t(-1).value == -1)
    return ('other', t)


def same_kind(c, py):
    if c[0] == 'pointer' and py[0] == 'pointer':
        return c[1] is None or py[1] == c[1]
    return c == py


def resolve_kind(field):
    """A struct field's C kind (a gen_ctypes.Field), comparable with mirror_kind()."""
    if field.function is not None or field.base.endswith('_fn'):
        one = ('function',)
    elif field.stars:
        one = ('pointer',)
    elif field.base == 'double':
        one = ('double',)
    elif field.base == 'char':
        one = ('int', 1, True)
    elif field.base.startswith('accelsel_'):
        one = ('struct', field.base)
    else:
        one = ('int',) + _SCALARS[field.base]
    count = field.count
    return one if count is None else ('array', one, int(HEADERS.macros.get(count, count)))


def mirror_kind(t):
    if isinstance(t, type) and issubclass(t, ctypes.Array):
        return ('array', mirror_kind(t._type_), t._length_)
    if isinstance(t, type) and issubclass(t, ctypes.Structure):
        return ('struct', t.__name__)
    k = ctypes_kind(t)
    return ('pointer',) if k[0] == 'pointer' else k


# Functions declared without the errcheck hook, and why.
_UNCHECKED_STATUS = {
    'accelsel_catalog_system_link': 'ACCELSEL_ENOTFOUND means "no direct link"; the caller checks the rest',
}


def declared_functions():
    """Library functions the binding has declared (looked up on the CDLL)."""
    return {name: f for name, f in vars(accelsel._lib.cdll).items() if name.startswith('accelsel_')}


class ContractTest(unittest.TestCase):
    """The binding declares what the headers declare, mirrors the C structs at
    their C sizes, and wraps every handle in a closable class."""

    def test_declarations_match_the_headers(self):
        protos = header_prototypes()
        declared = declared_functions()
        self.assertGreater(len(declared), 150)
        for name, f in sorted(declared.items()):
            with self.subTest(function=name):
                self.assertIn(name, protos, 'not declared in include/accelsel')
                ret, params = protos[name]
                self.assertIsNotNone(f.argtypes, 'argtypes not declared')
                self.assertEqual(len(f.argtypes), len(params))
                for i, (py, c) in enumerate(zip(f.argtypes, params)):
                    self.assertTrue(same_kind(c_kind(c), ctypes_kind(py)),
                                    'argument %d (%s) declared %r' % (i, c, py))
                self.assertTrue(same_kind(c_kind(ret + ' r'), ctypes_kind(f.restype)),
                                'returns %s, restype %r' % (ret, f.restype))

    def test_negative_statuses_raise(self):
        protos = header_prototypes()
        for name, f in sorted(declared_functions().items()):
            if protos[name][0] != 'int' or name in _UNCHECKED_STATUS:
                continue
            with self.subTest(function=name):
                self.assertIs(f.errcheck, accelsel._errors.check)
        with self.assertRaises(accelsel.AccelselError) as cm:
            accelsel.Dataset.builtin('no-such-table')
        self.assertEqual(cm.exception.status, 'ACCELSEL_ENOTFOUND')
        self.assertEqual(cm.exception.code, -5)

    def test_generated_structs_have_the_c_sizes(self):
        """Every struct with a size function, against the library's size."""
        sized = {m.group(1) for name, (_, params) in header_prototypes().items()
                 for m in [re.fullmatch(r'(accelsel_\w+)_size', name)] if m and not params}
        self.assertGreater(len(sized), 30)
        for name in sorted(sized):
            with self.subTest(struct=name):
                struct = getattr(accelsel._ctypes_gen, name)
                size = getattr(accelsel._lib.cdll, name + '_size')
                size.restype, size.argtypes = ctypes.c_size_t, []
                self.assertEqual(ctypes.sizeof(struct), size())
                self.assertEqual(accelsel._ctypes_gen.SIZE_FUNCTIONS[struct], name + '_size')

    def test_generated_structs_have_the_c_fields(self):
        """Every public struct, field by field, in order, with the C kinds:
        sizes alone miss swapped fields."""
        self.assertGreater(len(HEADERS.structs), 35)
        for name, fields in HEADERS.structs.items():
            with self.subTest(struct=name):
                struct = getattr(accelsel._ctypes_gen, name)
                self.assertEqual([f.name for f in fields], [f[0].rstrip('_') for f in struct._fields_])
                for field, (_, py) in zip(fields, struct._fields_):
                    self.assertEqual(mirror_kind(py), resolve_kind(field), 'field %s' % field.name)

    def test_generated_constants_are_the_headers(self):
        """Each integer #define, by its value in the header's text."""
        text = ''
        for path in glob.glob(os.path.join(ROOT, 'include', 'accelsel', '*.h')):
            with open(path, encoding='utf-8') as f:
                text += f.read()
        self.assertEqual(accelsel._ctypes_gen.ACCELSEL_EPARSE, -4)
        self.assertEqual(accelsel._ctypes_gen.ACCELSEL_IMPORTANCE_ALL, 0xf)
        self.assertEqual(accelsel._ctypes_gen.ACCELSEL_MAPPING_MAX_SLOTS, 64)  # an alias
        for name, value in accelsel._ctypes_gen.CONSTANTS.items():
            with self.subTest(constant=name):
                m = re.search(r'#define %s\s+\(?(-?\w+?)u?\)?\s' % name, text)
                self.assertIsNotNone(m)
                literal = m.group(1)
                want = accelsel._ctypes_gen.CONSTANTS[literal] if literal.startswith('ACCELSEL_') \
                    else int(literal, 0)
                self.assertEqual(value, want)
        self.assertNotIn('ACCELSEL_VERSION_NUMBER', accelsel._ctypes_gen.CONSTANTS)  # an expression
        self.assertEqual(accelsel.EXPECTED_MAJOR, accelsel._ctypes_gen.ACCELSEL_VERSION_MAJOR)

    def handles(self):
        """One open instance of every handle class, with the objects they came from."""
        ds = accelsel.Dataset.from_columns({'n': [1.0, 2, 4, 8, 16, 32], 't': [90.0, 50, 26, 15, 9, 6],
                                            'p': [300.0, 600, 1300, 2500, 5200, 9900]})
        feats = accelsel.Features.fit(ds, ['n', 't'])
        problem = accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn')
        ranking = accelsel.Ranking(ds, 't:1:cost,p:1:cost')
        sensitivity = ctypes.c_void_p()  # made inside Ranking.sensitivity() and read there
        accelsel.rank._sens_compute(ctypes.byref(sensitivity), ranking, None, accelsel.rank._PROGRESS(), None)
        return [ds, feats, accelsel.ClusterModel.fit_dataset(ds, feats, k=2, n_threads=1),
                accelsel.select_k([[1.0, 0], [1.1, 0], [5, 5], [5.1, 5]], 1, 2, criterion='ch'),
                accelsel.Pca([[1.0, 2], [2, 3.5], [3, 7], [4, 8]]),
                accelsel.Importance.from_matrix([[1.0, 0], [2, 1], [3, 0], [4, 1], [5, 0], [6, 1]],
                                                [1.0, 2, 3, 4, 5, 6], n_trees=3, n_threads=1),
                ranking, accelsel.rank._SensitivityResult(sensitivity.value), accelsel.Catalog.builtin(),
                accelsel.Network.zoo('small-cnn'),
                accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2),
                problem, problem.solve(method='single'), accelsel.Predictor(),
                accelsel.Predictor().calibrate(accelsel.Dataset.builtin()),
                accelsel.Recommendation({'resnet50': 1}, measured=accelsel.Dataset.builtin(),
                                        candidates='measured', price_samples=0),
                accelsel.Cluster(accelsel.Catalog.builtin())]

    def test_every_handle_class_closes_and_is_a_context_manager(self):
        made = self.handles()

        def subclasses(cls):
            for sub in cls.__subclasses__():
                yield sub
                yield from subclasses(sub)
        self.assertEqual(set(subclasses(accelsel._handle._Handle)), {type(h) for h in made},
                         'a handle class without a test instance')
        for h in made:
            with self.subTest(handle=type(h).__name__):
                for method in ('close', '__enter__', '__exit__', '__del__'):
                    self.assertTrue(callable(getattr(h, method)))
                self.assertIsNotNone(type(h)._free)
                with h as same:
                    self.assertIs(same, h)
                self.assertIsNone(h._ptr)
                h.close()  # a second close does nothing
                with self.assertRaises(ValueError):
                    h._as_parameter_


class BenchmarkDataTest(unittest.TestCase):
    """The built-in datasets of every MLPerf Training benchmark, their
    descriptions, the selection's defaults on them and the speed across
    benchmarks, against data/mlperf_training.csv read with the csv module."""

    @classmethod
    def setUpClass(cls):
        with open(os.path.join(ROOT, 'data', 'mlperf_training.csv'), newline='',
                  encoding='utf-8') as f:
            cls.rows = list(csv.DictReader(f))

    def test_each_benchmark_and_the_descriptions(self):
        names = accelsel.Dataset.builtin_names()
        described = accelsel.Dataset.builtin_descriptions()
        self.assertEqual(list(described), names)
        self.assertTrue(all(described.values()))
        benches = sorted({r['benchmark'] for r in self.rows} - {'resnet'})
        self.assertEqual(sorted(n[len('mlperf-training-'):] for n in names[2:]), benches)
        for bench in ('gpt3', 'llama31_405b', 'rgat'):
            with accelsel.Dataset.benchmark(bench) as ds:
                want = [r['system_name'] for r in self.rows if r['benchmark'] == bench]
                self.assertEqual(ds.column('system_name'), want)
        with accelsel.Dataset.benchmark('all') as ds:
            self.assertEqual(len(ds), len(self.rows))
        with accelsel.Dataset.benchmark('resnet') as ds, accelsel.Dataset.builtin() as rn:
            self.assertEqual(ds.shape, rn.shape)
        with self.assertRaises(accelsel.NotFoundError) as e:
            accelsel.Dataset.benchmark('gpt-3')
        self.assertIn("closest: 'gpt3'", str(e.exception))
        with self.assertRaises(TypeError):
            accelsel.Dataset.benchmark(3)

    def test_selection_defaults_on_another_benchmark(self):
        other = accelsel.Selection.defaults()['other_benchmark']
        self.assertEqual(other, {
            'benchmark_features': 'log10(accelerators),log10(time_to_train_min),efficiency',
            'benchmark_criteria': 'time_to_train_min:2:cost,efficiency:1:benefit,'
                                  'accelerator_hours:1:cost',
            'energy_criterion': 'measured_energy_kwh:1:cost'})
        with accelsel.Dataset.benchmark('llama2_70b_lora') as ds, \
                accelsel.Selection(ds, k=2, target='', where='measured_energy_kwh=0..') as s:
            self.assertTrue(any('measured_energy_kwh joins the criteria' in n for n in s.notes), s.notes)

    def test_cross_benchmark(self):
        # v4.1, 8 accelerators, against ESC_N8_E11: the ratio of the times, by hand
        t = {(r['system_name'], r['benchmark']): float(r['time_to_train_min']) for r in self.rows
             if r['round'] == 'v4.1' and r['division_norm'] == 'closed'
             and r['system_name'] in ('ESC_N8_E11', 'Nyx (1x NVIDIA DGX B200)')}
        with accelsel.Dataset.benchmark('all') as ds, ds.where('round=v4.1') as v41, \
                v41.where('total_accelerators=8') as nodes, \
                nodes.where('division_norm=closed') as closed, \
                closed.cross_benchmark(reference='ESC_N8_E11', min_benchmarks=3) as cx:
            got = {(n, b): v for n, b, v in zip(cx.column('system_name'), cx.column('benchmark'),
                                                 cx.column('speed_per_accelerator_vs_reference'))}
            self.assertAlmostEqual(got[('Nyx (1x NVIDIA DGX B200)', 'llama2_70b_lora')],
                                   t[('ESC_N8_E11', 'llama2_70b_lora')]
                                   / t[('Nyx (1x NVIDIA DGX B200)', 'llama2_70b_lora')], 12)
            self.assertTrue(all(v >= 3 for v in cx.column('benchmarks')))
        with self.assertRaises(accelsel.NotFoundError):
            with accelsel.Dataset.benchmark('gpt3') as ds:
                ds.cross_benchmark(reference='no such system')
        with self.assertRaises(OverflowError):
            with accelsel.Dataset.benchmark('gpt3') as ds:
                ds.cross_benchmark(min_benchmarks=-1)


class DatasetTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ref = reference_rows()
        cls.ds = accelsel.Dataset.builtin()

    @classmethod
    def tearDownClass(cls):
        cls.ds.close()

    def test_builtin_shape_and_names_match_the_csv(self):
        self.assertIn('mlperf-training-resnet', accelsel.Dataset.builtin_names())
        self.assertEqual(self.ds.shape, (len(self.ref), len(self.ref[0])))
        self.assertEqual(self.ds.columns, list(self.ref[0].keys()))

    def test_numeric_column_values_and_missing(self):
        self.assertEqual(self.ds.column_type('time_to_train_min'), 'numeric')
        got = self.ds.column('time_to_train_min')
        for row, value in zip(self.ref, got):
            if row['time_to_train_min'] == '':
                self.assertIsNone(value)
            else:
                self.assertEqual(value, float(row['time_to_train_min']))

    def test_categorical_column_values(self):
        self.assertEqual(self.ds.column_type('accelerator_model_name'), 'categorical')
        got = self.ds.column('accelerator_model_name')
        missing = {'', 'na', 'n/a', 'nan'}
        want = [None if r['accelerator_model_name'].lower() in missing else r['accelerator_model_name']
                for r in self.ref]
        self.assertEqual(got, want)

    def test_filters_agree_with_python(self):
        v30 = self.ds.where('round=v3.0')
        self.assertEqual(len(v30), sum(r['round'] == 'v3.0' for r in self.ref))
        big = self.ds.where('total_accelerators=64..')
        want = sum(r['total_accelerators'] != '' and float(r['total_accelerators']) >= 64 for r in self.ref)
        self.assertEqual(len(big), want)
        mid = self.ds.between('total_accelerators', 8, 16)
        want = sum(r['total_accelerators'] != '' and 8 <= float(r['total_accelerators']) <= 16 for r in self.ref)
        self.assertEqual(len(mid), want)
        with self.assertRaises(accelsel.AccelselError) as cm:
            self.ds.where('totl_accelerators=1..2')
        self.assertEqual(cm.exception.status, 'ACCELSEL_ENOTFOUND')
        self.assertIn('total_accelerators', cm.exception.message)

    def test_lines_are_the_files_lines(self):
        """Each row's line is where its record starts in the file (Python's csv
        module: one past where the previous record ended), through filters."""
        text = 'name,n\na,1\n"b\nb\nb",2\nc,3\n"d\n",4\ne,5\n'
        reader = csv.reader(io.StringIO(text))
        next(reader)
        want, start = [], 2
        for _ in reader:
            want.append(start)
            start = reader.line_num + 1
        self.assertEqual(want, [2, 3, 6, 7, 9])
        with accelsel.Dataset.from_csv_text(text) as ds:
            self.assertEqual(ds.lines, want)
            with ds.where('n=3..') as some:
                self.assertEqual(some.lines, want[2:])
        with accelsel.Dataset.from_columns({'n': [1.0, 2.0]}) as mem:
            self.assertEqual(mem.lines, [None, None])

    def test_matrix_and_select_rows(self):
        sub = self.ds.select_rows([5, 0, 5])
        m = sub.matrix(['total_accelerators', 'time_to_train_min'])
        for out, src in zip(m, [5, 0, 5]):
            self.assertEqual(out[0], float(self.ref[src]['total_accelerators']))
            self.assertEqual(out[1], float(self.ref[src]['time_to_train_min']))

    def test_csv_round_trip_is_exact(self):
        text = self.ds.to_csv()
        again = accelsel.Dataset.from_csv_text(text)
        self.assertEqual(again.to_dict(), self.ds.to_dict())
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'out.csv')
            self.ds.to_csv(path)
            self.assertEqual(accelsel.Dataset.from_csv(path).to_dict(), self.ds.to_dict())

    def test_from_columns_and_context_manager(self):
        with accelsel.Dataset.from_columns({'x': [1.5, None, 3], 'k': ['a', None, 'b']}) as ds:
            self.assertEqual(ds.column('x'), [1.5, None, 3.0])
            self.assertEqual(ds.column('k'), ['a', None, 'b'])
            self.assertTrue(ds.is_missing(1, 'x'))
        with self.assertRaisesRegex(Exception, 'Dataset is closed'):
            ds.column('x')

    def test_forced_categorical_keeps_codes(self):
        ds = accelsel.Dataset.from_csv_text('code,v\n0042,1\n0007,2\n', categorical=['code'])
        self.assertEqual(ds.column('code'), ['0042', '0007'])
        self.assertEqual(ds.column_type('v'), 'numeric')


def init_struct(struct, init):
    """An options struct as its accelsel_*_init() fills it (version 1)."""
    o = struct()
    init(ctypes.byref(o), 1)
    return o


def public_callables():
    """(qualified name, function) of every public function, class and method."""
    import inspect
    for name in accelsel.__all__:
        obj = getattr(accelsel, name)
        if inspect.isclass(obj):
            for attr, f in vars(obj).items():
                if attr.startswith('_') and attr != '__init__':
                    continue
                f = f.__func__ if isinstance(f, (classmethod, staticmethod)) else f
                if inspect.isfunction(f):
                    yield '%s.%s' % (name, attr), f
        elif inspect.isfunction(obj):
            yield name, obj


class DefaultsTest(unittest.TestCase):
    """Defaults live in the library: a keyword left out (None) takes what the
    options' INIT gives, which is what the headers document (the numbers
    below are copied from the header comments, so that a changed INIT fails
    here until the binding's docstrings are read again)."""

    # Keywords whose default is the binding's own because the C call takes
    # the value as an argument with no default of the library's, and why.
    OWN = {
        ('Dataset.builtin', 'name'): 'accelsel_dataset_load_builtin() needs a name',
        ('Dataset.between', 'lo'): 'unbounded: -inf, the filter\'s own meaning',
        ('Dataset.between', 'hi'): 'unbounded: +inf, the filter\'s own meaning',
        ('select_k', 'criterion'): 'an argument of accelsel_cluster_select_k()',
        ('Pca.__init__', 'n_components'): 'accelsel_pca_fit()\'s 0: keep min(rows, cols)',
        ('Importance.correlation', 'method'): 'an argument of accelsel_importance_correlation()',
        ('Ranking.__init__', 'method'): 'an argument of accelsel_ranking_compute()',
        ('Catalog.merge', 'override'): 'a flag of accelsel_catalog_merge(): none given',
        ('CalibrationReport.summary', 'set'): 'an argument of accelsel_calibration_report_summary()',
        ('Predictor.sweep', 'threshold'): 'an argument of accelsel_predictor_sweep() ("e.g. 0.8")',
    }

    def test_no_other_literal_default_in_a_public_signature(self):
        import inspect
        found = set()
        for name, f in public_callables():
            for p in inspect.signature(f).parameters.values():
                if p.default is not inspect.Parameter.empty and p.default is not None \
                        and p.name != 'borrows':
                    found.add((name, p.name))
        self.assertEqual(found, set(self.OWN))

    def test_selection(self):
        o = init_struct(accelsel._ctypes_gen.accelsel_selection_options, accelsel.select._selopt_init)
        # select.h: k_min "default 2", k_max "default 10", seed "default 42".
        self.assertEqual((o.k, o.k_min, o.k_max, o.seed), (0, 2, 10, 42))
        d = accelsel.Selection.defaults()
        self.assertEqual((d['k'], d['k_range'], d['seed']), (o.k, (o.k_min, o.k_max), o.seed))
        self.assertEqual((d['k_by'], d['algorithm'], d['method'], d['rows']),
                         ('silhouette', 'kmeans', 'topsis', 'kept'))
        self.assertEqual(d['target'], 'log10(time_to_train_min)')  # ACCELSEL_SELECTION_DEFAULT_TARGET
        self.assertEqual(d['criteria'], 'time_to_train_min:2:cost,efficiency:1:benefit,'
                                        'throughput_per_accelerator:1:benefit,accelerator_hours:1:cost')
        # Left out, the range tried is the library's (20 distinct rows: no clamping).
        cols = {'a': [float(i) for i in range(20)], 'b': [float(i * i % 7) for i in range(20)]}
        with accelsel.Dataset.from_columns(cols) as ds:
            run = lambda **kw: accelsel.Selection(ds, features='a,b', criteria='a:1:cost,b:1:benefit',
                                                  rows='all', **kw)
            with run() as s, run(seed=42) as s42, run(seed=7) as s7:
                self.assertEqual(s.k_range, (2, 10))
                self.assertEqual(s.sensitivity, s42.sensitivity)
                self.assertNotEqual(s.sensitivity, s7.sensitivity)

    def test_sensitivity(self):
        o = init_struct(accelsel._ctypes_gen.accelsel_sensitivity_options, accelsel.rank._sens_options_init)
        # rank.h: n_samples "default 1000", seed "default 42", perturbation "default 0.2".
        self.assertEqual((o.n_samples, o.seed, o.perturbation, o.n_threads), (1000, 42, 0.2, 0))
        cols = {'t': [90.0, 50, 26, 15, 9, 6, 30, 12], 'p': [300.0, 600, 1300, 2500, 5200, 9900, 700, 4000],
                'w': [5.0, 3, 8, 1, 9, 2, 7, 4]}
        with accelsel.Dataset.from_columns(cols) as ds, \
                accelsel.Ranking(ds, 't:1:cost,p:1:benefit,w:1:cost') as r:
            s = r.sensitivity()
            self.assertEqual(len(s.taus), o.n_samples)
            self.assertEqual(s.perturbation, o.perturbation)
            self.assertEqual(s.taus, r.sensitivity(seed=42).taus)
            self.assertNotEqual(s.taus, r.sensitivity(seed=43).taus)

    def test_cluster_network_csv_derive_steps(self):
        c = init_struct(accelsel._ctypes_gen.accelsel_cluster_options, accelsel.cluster._cl_options_init)
        self.assertEqual((c.k, c.n_init, c.max_iter, c.silhouette_max), (5, 10, 300, 100000))  # cluster.h
        grid = [[float(i), float(i % 3)] for i in range(12)]
        with accelsel.ClusterModel.fit(grid, n_threads=1) as m:
            self.assertEqual(m.k, c.k)
        n = init_struct(accelsel._ctypes_gen.accelsel_network_options, accelsel.network._net_options_init)
        self.assertEqual(n.bytes_per_element, 4)  # network.h: ACCELSEL_NETWORK_OPTIONS_INIT
        with accelsel.Network.zoo('small-cnn') as net:
            self.assertEqual(net.bytes_per_element, n.bytes_per_element)
        csv_o = init_struct(accelsel._ctypes_gen.accelsel_csv_options, accelsel.dataset._csv_options_init)
        self.assertEqual(csv_o.delimiter, ord(','))
        with accelsel.Dataset.from_csv_text('a,b\n1,2\n') as ds:
            self.assertEqual(ds.columns, ['a', 'b'])
        dv = init_struct(accelsel._ctypes_gen.accelsel_derive_options, accelsel.dataset._derive_options_init)
        self.assertEqual((dv.images_per_epoch, dv.reference_row), (1281167.0, -1))  # derive.h
        st = init_struct(accelsel._ctypes_gen.accelsel_steps_options, accelsel.steps._steps_options_init)
        self.assertEqual(st.min_steps_timed, 5)  # steps.h: ACCELSEL_STEPS_MIN_TIMED
        sv = init_struct(accelsel._ctypes_gen.accelsel_mapping_solve_options,
                         accelsel.map._map_solve_options_init)
        self.assertEqual((sv.generations, sv.population, sv.patience, sv.exhaustive_limit),
                         (100, 64, 50, 2000000))  # map.h
        pb = init_struct(accelsel._ctypes_gen.accelsel_mapping_problem_options,
                         accelsel.map._map_problem_options_init)
        self.assertEqual((pb.batch, pb.objective, pb.max_group_size), (1, 0, 0))  # map.h
        with accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn') as problem:
            self.assertEqual((problem.batch, problem.objective), (pb.batch, 'latency'))

    def test_names_are_the_librarys(self):
        # catalog.h and cluster.h list the names in the order of their codes.
        self.assertEqual(accelsel.PRECISIONS, ('fp64', 'fp32', 'tf32', 'fp16', 'bf16', 'fp8', 'int8'))
        self.assertEqual(accelsel.cluster._ALGORITHMS, {'kmeans': 1, 'ward': 2})
        self.assertEqual(list(accelsel.cluster._CRITERIA), ['silhouette', 'ch', 'db', 'elbow', 'gap'])


if __name__ == '__main__':
    unittest.main()
