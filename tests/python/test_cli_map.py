"""accelsel map, driven as a user would: the JSON keys of the issue, the
--compare latencies against the library's own (baselines solved and the GA's
printed mapping evaluated through the binding) and the reductions from those, --evaluate of
a saved mapping, the same seed at one and two threads, YAML output, the SVG
figures parsed as XML, and the exit statuses of refused usage and of library
errors (with nothing written to a refused file name)."""
import json
import os
import pty
import signal
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

from terminal import run_on_terminal

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
SVG = '{http://www.w3.org/2000/svg}'
PROBLEM = ['--network', 'small-cnn', '--system', 'adaptive-4', '--batch', '2']
BASE = PROBLEM + ['--generations', '12', '--population', '16']
LAYER_KEYS = {'name', 'slots', 'design', 'strategy', 'start_s', 'end_s'}


def run(*args):
    return subprocess.run([CLI, 'map', *args], capture_output=True, text=True, timeout=600)


def run_json(*args):
    r = run(*args, '--format', 'json')
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


class OutputTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.saved = os.path.join(cls.tmp.name, 'mapping.yaml')
        cls.gantt = os.path.join(cls.tmp.name, 'gantt.svg')
        cls.plot = os.path.join(cls.tmp.name, 'plot.svg')
        cls.out = run_json(*BASE, '--seed', '9', '--threads', '1', '--compare', '--save', cls.saved,
                           '--gantt', cls.gantt, '--plot', cls.plot)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_json_keys(self):
        o = self.out
        for k in ('latency_s', 'objective', 'designs', 'layers', 'breakdown', 'memory_bytes',
                  'generations', 'evaluations', 'seconds', 'results', 'reduction'):
            self.assertIn(k, o)
        self.assertEqual(o['objective'], 'latency')
        self.assertEqual(len(o['designs']), 4)
        self.assertEqual(len(o['memory_bytes']), 4)
        self.assertEqual(set(o['breakdown']), {'compute_s', 'communication_s', 'idle_s'})
        self.assertTrue(o['layers'])
        for l in o['layers']:
            self.assertTrue(LAYER_KEYS <= set(l), l)
            self.assertTrue(l['slots'])
            self.assertTrue(all(0 <= s < 4 for s in l['slots']))
            self.assertEqual(l['design'], o['designs'][l['slots'][0]])
            self.assertLessEqual(l['start_s'], l['end_s'])
        self.assertLessEqual(max(l['end_s'] for l in o['layers']), o['latency_s'] * (1 + 1e-12))
        self.assertEqual(o['generations'], 12)
        self.assertGreaterEqual(o['evaluations'], 12)

    def test_compare_latencies_are_the_librarys_and_reductions_follow(self):
        # Every latency --compare prints is checked against the library
        # through the Python binding, not against the CLI's other numbers:
        # each baseline solved on the same problem, and the GA's printed
        # mapping (designs, groups, strategies) evaluated. The reductions are
        # then (baseline - GA) / baseline of those values.
        import accelsel
        o = self.out
        results = {r['method']: r['latency_s'] for r in o['results']}
        by_name = {l['name']: l for l in o['layers']}
        with accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn', batch=2) as p:
            names = p.layer_names
            self.assertEqual(names[0], 'image')  # the network's input: not in the JSON
            self.assertEqual(sorted(by_name), sorted(names[1:]))
            groups = [by_name[n]['slots'] if n in by_name else [] for n in names]
            strategies = [by_name[n]['strategy'] if n in by_name else 'none' for n in names]
            with p.evaluate(o['designs'], groups, strategies) as m:
                ga = m.latency_s
            want = {}
            for method in ('computation-first', 'h2h', 'single', 'data-parallel'):
                with p.solve(method=method, n_threads=1) as m:
                    want[method] = m.latency_s
        self.assertEqual(results['ga'], ga)
        self.assertEqual(o['latency_s'], ga)
        for method, base in want.items():
            self.assertEqual(results[method], base, method)
            self.assertAlmostEqual(o['reduction'][method], (base - ga) / base, delta=1e-12)
            self.assertGreaterEqual(base, ga, method)  # the GA starts from the baselines
        # exhaustive is refused on 4 slots of 15 layers; its reduction is null
        self.assertIsNone(results['exhaustive'])
        self.assertIsNone(o['reduction']['exhaustive'])
        self.assertEqual(set(o['reduction']), set(want) | {'exhaustive'})

    def test_evaluate_of_the_saved_mapping_reproduces_the_latency(self):
        again = run_json('--network', 'small-cnn', '--system', 'adaptive-4', '--batch', '2',
                         '--evaluate', self.saved)
        self.assertEqual(again['latency_s'], self.out['latency_s'])
        self.assertEqual(again['designs'], self.out['designs'])
        self.assertEqual(again['layers'], self.out['layers'])

    def test_svg_files_are_well_formed(self):
        for path in (self.gantt, self.plot):
            root = ET.parse(path).getroot()
            self.assertEqual(root.tag, SVG + 'svg')
        texts = [t.text for t in ET.parse(self.gantt).getroot().iter(SVG + 'text')]
        # One legend entry per strategy used, and a row label per slot.
        for strategy in {l['strategy'] for l in self.out['layers']}:
            self.assertIn(strategy, texts)
        for s, d in enumerate(self.out['designs']):
            self.assertIn('slot %d: %s' % (s, d), texts)
        # Convergence: the GA's line and one per baseline that ran, each in the legend.
        plot = ET.parse(self.plot).getroot()
        ran = [r['method'] for r in self.out['results'] if r['method'] != 'ga' and r['latency_s'] is not None]
        self.assertEqual(len(list(plot.iter(SVG + 'polyline'))), 1 + len(ran))
        legend = [t.text.split(':')[0] for t in plot.iter(SVG + 'text')]
        for name in ['genetic algorithm'] + ran:
            self.assertIn(name, legend)
        bars = list(ET.parse(self.gantt).getroot().iter(SVG + 'rect'))
        n_bars = sum(len(l['slots']) for l in self.out['layers'])
        self.assertEqual(sum(1 for b in bars if b.find(SVG + 'title') is not None), n_bars)


class SeedTest(unittest.TestCase):

    def test_same_seed_same_mapping_with_one_and_two_threads(self):
        one = run_json(*BASE, '--seed', '5', '--threads', '1')
        two = run_json(*BASE, '--seed', '5', '--threads', '2')
        self.assertEqual(one['layers'], two['layers'])
        self.assertEqual(one['designs'], two['designs'])
        self.assertEqual(one['latency_s'], two['latency_s'])

    def test_yaml_and_table_formats(self):
        r = run(*BASE, '--format', 'yaml')
        self.assertEqual(r.returncode, 0, r.stderr)
        keys = [line.split(':')[0] for line in r.stdout.splitlines() if line and line[0] != ' ']
        for k in ('latency_s', 'objective', 'designs', 'layers', 'breakdown', 'memory_bytes'):
            self.assertIn(k, keys)
        r = run(*PROBLEM, '--baseline', 'single')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('single', r.stdout)
        self.assertEqual(r.stderr, '')  # stderr is not a terminal: no progress bar

    def test_catalog_and_network_files_give_the_builtin_answer(self):
        import accelsel
        with tempfile.TemporaryDirectory() as d:
            cat, net = os.path.join(d, 'catalog.yaml'), os.path.join(d, 'net.yaml')
            with accelsel.Catalog.builtin() as c:
                c.save(cat)
            with accelsel.Network.zoo('small-cnn') as n:
                n.to_yaml(net)
            args = ['--system', 'adaptive-4', '--batch', '2', '--generations', '12',
                    '--population', '16', '--seed', '4']
            builtin = run_json('--network', 'small-cnn', *args)
            files = run_json('--network', net, '--catalog', cat, *args)
        self.assertEqual(files['latency_s'], builtin['latency_s'])
        self.assertEqual(files['layers'], builtin['layers'])

    def test_throughput_objective(self):
        o = run_json(*BASE, '--objective', 'throughput')
        self.assertEqual(o['objective'], 'throughput')


class NumbersTest(unittest.TestCase):
    """Integral figures are written as integers (100, not 1e+02, which PyYAML
    reads as a string and JSON as a float), and YAML reads every number as
    JSON does."""

    def test_integers_in_json_and_yaml(self):
        import accelsel
        import yaml
        with tempfile.TemporaryDirectory() as d:
            saved = os.path.join(d, 'm.yaml')
            args = ['--network', 'small-cnn', '--system', 'adaptive-4', '--batch', '100',
                    '--generations', '3', '--population', '8', '--seed', '2', '--threads', '1']
            r = run(*args, '--format', 'json', '--save', saved)
            self.assertEqual(r.returncode, 0, r.stderr)
            y = run(*args, '--format', 'yaml')
            self.assertEqual(y.returncode, 0, y.stderr)
            with accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn', batch=100) as p, \
                    p.load(saved) as m:
                want_memory = [int(b) for b in m.memory_bytes]
                self.assertEqual([float(b) for b in want_memory], list(m.memory_bytes))
        for o in (json.loads(r.stdout), yaml.safe_load(r.stdout), yaml.safe_load(y.stdout)):
            for key, want in (('batch', 100), ('generations', 3)):
                self.assertIs(type(o[key]), int, (key, o[key]))
                self.assertEqual(o[key], want)
            self.assertIs(type(o['evaluations']), int)
            self.assertEqual(o['memory_bytes'], want_memory)
            self.assertTrue(all(type(b) is int for b in o['memory_bytes']), o['memory_bytes'])
        # the run times differ; every other figure reads the same in both
        j, yy = json.loads(r.stdout), yaml.safe_load(y.stdout)
        del j['seconds'], yy['seconds']
        self.assertEqual(yy, j)


class PathOnceTest(unittest.TestCase):
    """A library message that names the file already: the CLI does not put
    the path in front of it again."""

    def test_bad_files_are_named_once(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, 'bad-input.yaml')
            with open(bad, 'w') as f:
                f.write('a: [1\n')
            for args in (['--network', bad, '--system', 'adaptive-4'],
                         ['--network', 'small-cnn', '--system', 'adaptive-4', '--catalog', bad],
                         ['--network', 'small-cnn', '--system', 'adaptive-4', '--evaluate', bad]):
                with self.subTest(args=args):
                    r = run(*args)
                    self.assertEqual(r.returncode, 1, r.stderr)
                    self.assertIn('ACCELSEL_EPARSE', r.stderr)
                    self.assertEqual(r.stderr.count(bad), 1, r.stderr)
                    self.assertIn(bad + ':2:1:', r.stderr)  # where, from the library


def run_with_terminal_stderr(*args):
    """accelsel map with stderr on a pseudo-terminal: (status, stdout, terminal text)."""
    return run_on_terminal([CLI, 'map', *args])


class ProgressTest(unittest.TestCase):

    def test_bar_on_a_terminal_for_tables_only(self):
        rc, out, err = run_with_terminal_stderr(*BASE)
        self.assertEqual(rc, 0, err)
        self.assertIn('map [', err)
        self.assertIn('generation', err)
        self.assertNotIn('map [', out)
        for fmt in ('json', 'yaml'):
            rc, out, err = run_with_terminal_stderr(*BASE, '--format', fmt)
            self.assertEqual(rc, 0, err)
            self.assertEqual(err, '')
        json.loads(run_with_terminal_stderr(*BASE, '--format', 'json')[1])

    def test_interrupt_reports_the_best_mapping_so_far(self):
        master, slave = pty.openpty()
        p = subprocess.Popen([CLI, 'map', '--network', 'small-cnn', '--system', 'adaptive-4',
                              '--generations', '1000000', '--patience', '1000000',
                              '--population', '8', '--threads', '1'],
                             stdout=subprocess.PIPE, stderr=slave, text=True)
        os.close(slave)
        seen = b''
        while b'generation' not in seen:  # the bar shows the handler is in place
            seen += os.read(master, 4096)
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=600)
        rest = b''
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:
                break
            if not chunk:
                break
            rest += chunk
        os.close(master)
        self.assertEqual(p.returncode, 1)
        self.assertIn('interrupted', rest.decode())
        self.assertIn('small-cnn on adaptive-4', out)
        self.assertIn('conv1', out)


class ErrorTest(unittest.TestCase):

    def assert_usage(self, args, option):
        r = run(*args)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(option, r.stderr)
        self.assertEqual(r.stdout, '')

    def test_usage_errors_exit_2_naming_the_option(self):
        self.assert_usage(['--system', 'adaptive-4'], '--network')
        self.assert_usage(['--network', 'vgg16'], '--system')
        self.assert_usage(BASE + ['--batch', '0'], '--batch')
        self.assert_usage(BASE + ['--objective', 'energy'], '--objective')
        self.assert_usage(BASE + ['--threads', 'many'], '--threads')
        self.assert_usage(BASE + ['--time-budget', '-1'], '--time-budget')
        self.assert_usage(BASE + ['--format', 'csv'], '--format')
        self.assert_usage(BASE + ['--frobnicate'], '--frobnicate')
        self.assert_usage(BASE + ['--seed'], '--seed')
        self.assert_usage(BASE + ['--compare', '--baseline', 'h2h'], '--baseline')
        r = run(*PROBLEM, '--baseline', 'annealing')
        self.assertEqual(r.returncode, 2)
        self.assertIn("--baseline must be one of computation-first, h2h, single, data-parallel, "
                      "exhaustive, not 'annealing'", r.stderr)

    def test_every_out_of_range_number_is_a_usage_error(self):
        # The library refuses a population below 4: the command line refuses
        # it first, as a usage error naming the option (it exited 1).
        for option, value in (('--population', '2'), ('--population', '3'),
                              ('--population', '100001'), ('--generations', '0'),
                              ('--patience', '0'), ('--threads', '1025'), ('--batch', '0'),
                              ('--time-budget', '0'), ('--time-budget', 'nan'),
                              ('--time-budget', '1e999'), ('--time-budget', '-inf')):
            with self.subTest(option=option, value=value):
                self.assert_usage(BASE + [option, value], option)
        self.assertEqual(run(*PROBLEM, '--population', '4', '--generations', '2').returncode, 0)

    def test_an_infinite_time_budget_is_no_limit(self):
        # The library takes time_budget_s = inf as no limit; so does the
        # command line: the same mapping as without a budget.
        plain = run_json(*BASE, '--seed', '2', '--threads', '1')
        endless = run_json(*BASE, '--seed', '2', '--threads', '1', '--time-budget', 'inf')
        self.assertEqual(endless['layers'], plain['layers'])
        self.assertEqual(endless['latency_s'], plain['latency_s'])
        self.assertIn('inf', run('--help').stdout)

    def test_an_option_given_twice_takes_its_last_value(self):
        # As in the other commands (predict, rank, ...): the last value counts.
        o = run_json('--network', 'vgg16', '--system', 'adaptive-8', '--batch', '3',
                     *BASE)
        self.assertEqual((o['network'], o['system'], o['batch']), ('small-cnn', 'adaptive-4', 2))
        r = subprocess.run([CLI, 'predict', '--network', 'vgg16', '--network', 'small-cnn',
                            '--device', 'a100-sxm4-40gb', '--format', 'json'],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('small-cnn', r.stdout)
        self.assertNotIn('vgg16', r.stdout)

    def test_options_of_the_search_are_refused_without_one(self):
        with tempfile.TemporaryDirectory() as d:
            saved = os.path.join(d, 'm.yaml')
            self.assertEqual(run(*PROBLEM, '--baseline', 'h2h', '--save', saved).returncode, 0)
            for option, value in (('--seed', '3'), ('--threads', '2'), ('--generations', '5'),
                                  ('--population', '8'), ('--patience', '2')):
                for other in (['--baseline', 'h2h'], ['--evaluate', saved]):
                    with self.subTest(option=option, other=other[0]):
                        r = run(*PROBLEM, *other, option, value)
                        self.assertEqual(r.returncode, 2)
                        self.assertIn("map: %s steers the GA's search: not with %s"
                                      % (option, other[0]), r.stderr)
                        self.assertEqual(r.stdout, '')
            # A time budget bounds any search, a baseline's too, but an
            # evaluation is none.
            r = run(*PROBLEM, '--evaluate', saved, '--time-budget', '1')
            self.assertEqual(r.returncode, 2)
            self.assertIn('map: --time-budget bounds a search: not with --evaluate', r.stderr)
            self.assertEqual(r.stdout, '')
            self.assertEqual(run(*PROBLEM, '--baseline', 'h2h', '--time-budget', '1').returncode, 0)

    def test_the_time_budget_bounds_baselines_and_compare(self):
        # h2h under throughput on a chain of 1000 convolutions on the 16
        # slots of dgx-2h walks most of its tries to the end (every move
        # shifts the timeline), about 0.2 s a pass of 16 tries per layer:
        # a budget of 0.02 s stops it within its first pass, with the best
        # mapping so far, worse than h2h's own. --compare gives each
        # baseline the budget (it ran them unbounded).
        lines = ['name: chain', 'inputs: [{name: c0, shape: [16, 16, 16]}]', 'layers:']
        lines += ['  - {name: c%d, kind: conv2d, inputs: [c%d], out_channels: 16, kernel: 3, '
                  'padding: 1}' % (i, i - 1) for i in range(1, 1001)]
        with tempfile.TemporaryDirectory() as d:
            chain = os.path.join(d, 'chain.yaml')
            with open(chain, 'w') as f:
                f.write('\n'.join(lines) + '\n')
            problem = ['--network', chain, '--system', 'dgx-2h', '--objective', 'throughput']
            whole = run_json(*problem, '--baseline', 'h2h')
            cut = run_json(*problem, '--baseline', 'h2h', '--time-budget', '0.02')
            self.assertLess(cut['evaluations'], 1 + 16 * 1000)
            self.assertGreater(cut['objective_s'], whole['objective_s'])
            o = run_json(*problem, '--compare', '--time-budget', '0.02', '--generations', '2',
                         '--population', '4', '--threads', '1')
        h2h = [r for r in o['results'] if r['method'] == 'h2h'][0]
        self.assertGreater(h2h['objective_s'], whole['objective_s'])

    def test_compare_heads_the_objective(self):
        # Under throughput the compared figure is the period between
        # batches: the table heads it so, as its summary line names it.
        for objective, head, other in (('latency', 'latency (ms)', 'period (ms)'),
                                       ('throughput', 'period (ms)', 'latency (ms)')):
            with self.subTest(objective=objective):
                r = run(*BASE, '--objective', objective, '--compare', '--threads', '1')
                self.assertEqual(r.returncode, 0, r.stderr)
                table = r.stdout[r.stdout.index('\nmethod'):]
                self.assertIn(head, table.splitlines()[1])
                self.assertNotIn(other, table)
                o = run_json(*BASE, '--objective', objective, '--compare', '--threads', '1')
                ga = o['results'][0]
                self.assertEqual(ga['objective_s'], o['objective_s'])
                # the table lists the objective, in ms to 4 decimals
                self.assertRegex(table, r'\nga +%.4f +-\n' % (ga['objective_s'] * 1e3))

    def test_refused_file_names_are_not_written(self):
        with tempfile.TemporaryDirectory() as d:
            for option in ('--gantt', '--plot'):
                path = os.path.join(d, 'figure.png')
                self.assert_usage(BASE + [option, path], option)
                self.assertFalse(os.path.exists(path))
            save = os.path.join(d, 'never.yaml')
            self.assert_usage(BASE + ['--save', save, '--plot', os.path.join(d, 'x.txt')], '--plot')
            self.assertFalse(os.path.exists(save))

    def test_library_errors_exit_1_with_the_message(self):
        r = run('--network', 'small-cnn', '--system', 'no-such-system')
        self.assertEqual(r.returncode, 1)
        self.assertIn('no-such-system', r.stderr)
        self.assertIn('ACCELSEL_ENOTFOUND', r.stderr)
        r = run('--network', 'no-such-net', '--system', 'adaptive-4')
        self.assertEqual(r.returncode, 1)
        self.assertIn('no-such-net', r.stderr)

    def test_a_failed_run_writes_no_file(self):
        with tempfile.TemporaryDirectory() as d:
            paths = [os.path.join(d, n) for n in ('m.yaml', 'g.svg', 'p.svg')]
            r = run('--network', 'small-cnn', '--system', 'no-such-system', '--save', paths[0],
                    '--gantt', paths[1], '--plot', paths[2])
            self.assertEqual(r.returncode, 1)
            self.assertFalse(any(os.path.exists(p) for p in paths))

    def test_evaluate_of_a_broken_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'bad.yaml')
            with open(path, 'w') as f:
                f.write('version: 1\nno_such_key: 3\n')
            r = run('--network', 'small-cnn', '--system', 'adaptive-4', '--evaluate', path)
            self.assertEqual(r.returncode, 1)
            self.assertIn('ACCELSEL_EPARSE', r.stderr)

    def test_help(self):
        r = run('--help')
        self.assertEqual(r.returncode, 0)
        for option in ('--network', '--system', '--compare', '--gantt', '--plot', '--evaluate'):
            self.assertIn(option, r.stdout)


class PlotReadingTest(unittest.TestCase):
    """The convergence plot speaks ms as the CLI does, and each line, a
    baseline lying on another included, can be told apart; the Gantt legend
    lists the strategies of the layers drawn."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.plot = os.path.join(cls.tmp.name, 'plot.svg')
        cls.gantt = os.path.join(cls.tmp.name, 'gantt.svg')
        cls.out = run_json('--network', 'two-tower', '--system', 'adaptive-4', '--seed', '3',
                           '--generations', '6', '--population', '8', '--threads', '1',
                           '--compare', '--plot', cls.plot, '--gantt', cls.gantt)
        cls.root = ET.parse(cls.plot).getroot()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_axis_in_ms(self):
        texts = [t for t in self.root.iter(SVG + 'text')]
        self.assertIn('latency (ms)', [t.text for t in texts])
        ticks = [float(t.text) for t in texts if t.get('text-anchor') == 'end'
                 and t.text.replace('.', '', 1).isdigit()]
        values = [r['latency_s'] * 1e3 for r in self.out['results'] if r['latency_s'] is not None]
        self.assertTrue(ticks)
        self.assertLessEqual(min(ticks), max(values))
        self.assertGreaterEqual(max(ticks), min(values))
        legend = [t.text for t in self.root.find('.//%sg[@class="legend"]' % SVG).iter(SVG + 'text')]
        for r in self.out['results']:
            if r['latency_s'] is None:
                continue
            name = 'genetic algorithm' if r['method'] == 'ga' else r['method']
            self.assertIn('%s: %.4f ms' % (name, r['latency_s'] * 1e3), legend)

    def test_lines_are_distinct(self):
        lines = list(self.root.iter(SVG + 'polyline'))
        self.assertGreaterEqual(len(lines), 4)
        styles = [(l.get('stroke'), l.get('stroke-dasharray')) for l in lines]
        self.assertEqual(len(set(styles)), len(styles))
        # lines that coincide (single and data-parallel often do) differ in dash
        by_points = {}
        for l in lines:
            by_points.setdefault(l.get('points'), []).append(l.get('stroke-dasharray'))
        for dashes in by_points.values():
            self.assertEqual(len(set(dashes)), len(dashes))

    def test_gantt_legend_is_the_strategies_drawn(self):
        root = ET.parse(self.gantt).getroot()
        drawn = {b.find(SVG + 'title').text.split(' (')[1].split(' on ')[0]
                 for b in root.iter(SVG + 'rect') if b.find(SVG + 'title') is not None
                 and float(b.get('width')) > 0}
        legend_y = max(float(t.get('y')) for t in root.iter(SVG + 'text'))
        legend = [t.text for t in root.iter(SVG + 'text') if t.get('text-anchor') is None]
        self.assertEqual(sorted(legend), sorted(drawn))
        self.assertEqual(drawn, {l['strategy'] for l in self.out['layers']
                                 if l['end_s'] > l['start_s']})
        self.assertGreater(legend_y, 0)


if __name__ == '__main__':
    unittest.main()
