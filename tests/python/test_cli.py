"""The accelsel command-line tool, driven as a user would."""
import csv
import io
import json
import os
import re
import subprocess
import tempfile
import unittest

from terminal import run_on_terminal

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)


def reference_rows():
    with open(os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv'), newline='', encoding='utf-8') as f:
        return list(csv.DictReader(f))



class CliTest(unittest.TestCase):
    def test_help_and_version(self):
        r = run('--help')
        self.assertEqual(r.returncode, 0)
        self.assertIn('data', r.stdout)
        r = run('--version')
        self.assertEqual(r.returncode, 0)
        self.assertRegex(r.stdout, r'^accelsel \d+\.\d+\.\d+\n$')

    def test_unknown_command_is_usage_error(self):
        r = run('frobnicate')
        self.assertEqual(r.returncode, 2)
        self.assertIn('frobnicate', r.stderr)

    def test_data_json_is_valid_and_complete(self):
        r = run('data', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = json.loads(r.stdout)
        ref = reference_rows()
        self.assertEqual(len(rows), len(ref))
        self.assertEqual(rows[0]['system_name'], ref[0]['system_name'])
        self.assertEqual(rows[0]['time_to_train_min'], float(ref[0]['time_to_train_min']))

    def test_derive_a_table_without_round_or_model(self):
        """As rank derives any table: one reference for all rows, the one
        with the fewest accelerators (4, 100 min), so E' = (100 / T) / (N / 4)."""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'systems.csv')
            with open(path, 'w') as f:
                f.write('system,total_accelerators,time_to_train_min,epochs_mean\n'
                        's1,8,40,40\ns2,16,22,40\ns4,4,100,35\ns5,32,15,35\n')
            r = run('data', '--csv', path, '--derive', '--format', 'json')
            self.assertEqual(r.returncode, 0, r.stderr)
            got = {row['system']: row['efficiency'] for row in json.loads(r.stdout)}
            want = {'s1': 100 / 40 / 2, 's2': 100 / 22 / 4, 's4': 1, 's5': 100 / 15 / 8}
            for name, e in want.items():
                self.assertAlmostEqual(got[name], e, places=12)

    def test_data_where_and_derive(self):
        r = run('data', '--derive', '--where', 'round=v3.0', '--where', 'total_accelerators=8..8',
                '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = json.loads(r.stdout)
        ref = [x for x in reference_rows() if x['round'] == 'v3.0' and x['total_accelerators'] == '8']
        self.assertEqual(len(rows), len(ref))
        for row in rows:
            self.assertIn('speedup', row)
            if row['time_to_train_min'] is not None and row['epochs_mean'] is not None:
                want = row['epochs_mean'] * 1281167 / (row['time_to_train_min'] * 60)
                self.assertAlmostEqual(row['throughput_img_s_derived'], want, delta=want * 1e-12)

    def test_data_table_aligns_columns(self):
        r = run('data', '--where', 'round=v0.5', '--columns', 'round,submitter,total_accelerators')
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(len(lines), 1 + sum(x['round'] == 'v0.5' for x in reference_rows()))
        # Numbers are right-aligned under their header, so every line ends at the same column.
        widths = {len(line) for line in lines}
        self.assertEqual(len(widths), 1, lines)

    def test_a_cell_cut_to_fit_says_so(self):
        with tempfile.NamedTemporaryFile('w', suffix='.csv', delete=False) as f:
            f.write('name,x\n%s,1\nb,2\n' % ('a' * 600))
        try:
            r = run('data', '--csv', f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(r.returncode, 0, r.stderr)
        long_row = r.stdout.splitlines()[1]
        cell = long_row.split()[0]
        self.assertTrue(cell.endswith('...'), cell[-20:])
        self.assertEqual(cell, 'a' * (len(cell) - 3) + '...')
        self.assertLess(len(cell), 600)

    def test_no_rows_says_why(self):
        with tempfile.NamedTemporaryFile('w', suffix='.csv', delete=False) as f:
            f.write('a,b\n')
        try:
            r = run('data', '--csv', f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('the input has no rows', r.stderr)
        r = run('data', '--where', 'round=v9.9')
        self.assertIn('no row matches the filters', r.stderr)

    def test_data_csv_round_trips_through_python_csv(self):
        r = run('data', '--format', 'csv')
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = list(csv.DictReader(r.stdout.splitlines()))
        self.assertEqual(len(rows), len(reference_rows()))

    def test_na_reads_the_csv_as_the_builtin_data(self):
        path = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')
        plain = json.loads(run('data', '--csv', path, '--format', 'json').stdout)
        self.assertIsInstance(plain[1]['host_processor_core_count'], str)  # '0'-like text column
        r = run('data', '--csv', path, '--na=-,core_count', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout), json.loads(run('data', '--format', 'json').stdout))
        ref = reference_rows()
        got = json.loads(r.stdout)
        for want, row in zip(ref, got):
            cores = want['host_processor_core_count']
            if cores in ('', '-', 'core_count'):
                self.assertIsNone(row['host_processor_core_count'])
            else:
                self.assertEqual(row['host_processor_core_count'], float(cores))

    def test_bad_input_reports_location(self):
        path = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'accelsel_cli_bad.csv')
        with open(path, 'w') as f:
            f.write('a,b\n1,2\n3,4,5\n')
        r = run('data', '--csv', path)
        self.assertEqual(r.returncode, 1)
        self.assertIn(path + ':3:', r.stderr)
        self.assertIn('ACCELSEL_EPARSE', r.stderr)
        r = run('data', '--where', 'nonexistent=1')
        self.assertEqual(r.returncode, 1)
        self.assertIn('ACCELSEL_ENOTFOUND', r.stderr)
        r = run('data', '--format', 'xml')
        self.assertEqual(r.returncode, 2)


    def test_bad_csv_path_said_once(self):
        """The library's message starts with path:line:column: the CLI does
        not put the path in front of it again."""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'broken-table.csv')
            with open(path, 'w') as f:
                f.write('a,b\n1,2\n3,4,5\n')
            for command in ('data', 'rank', 'cluster'):
                with self.subTest(command=command):
                    r = run(command, '--csv', path)
                    self.assertEqual(r.returncode, 1, r.stderr)
                    self.assertIn(path + ':3:', r.stderr)
                    self.assertEqual(r.stderr.count(path), 1, r.stderr)
            missing = os.path.join(d, 'missing.csv')
            r = run('data', '--csv', missing)
            self.assertEqual(r.returncode, 1, r.stderr)
            self.assertIn('ACCELSEL_EIO', r.stderr)
            self.assertEqual(r.stderr.count(missing), 1, r.stderr)


class ProgressTest(unittest.TestCase):
    K_RANGE = ('cluster', '--features', 'log10(total_accelerators),log10(time_to_train_min)',
               '--k', '2..6', '--criterion', 'gap')

    def test_choosing_k_shows_a_bar_on_a_terminal_only(self):
        rc, out, err = run_on_terminal([CLI, *self.K_RANGE])
        self.assertEqual(rc, 0, err)
        self.assertIn('choosing k [', err)
        self.assertNotIn('choosing k', out)
        rc, out, err = run_on_terminal([CLI, *self.K_RANGE, '--format', 'json'])
        self.assertEqual(rc, 0, err)
        self.assertEqual(err, '')
        json.loads(out)
        piped = run(*self.K_RANGE)  # stderr not a terminal: no bar either
        self.assertEqual(piped.returncode, 0, piped.stderr)
        self.assertNotIn('choosing k', piped.stderr)


class StdoutTest(unittest.TestCase):
    """Results that do not reach stdout are a failure, said on stderr; the
    reason, unless stdio dropped it with the output of a failed write."""
    COMMANDS = (['data', '--format', 'csv'], ['data'], ['catalog', 'list'], ['network', 'list'],
                ['cluster', '--k', '2'], ['rank', '--k', '2', '--top', '3'],
                ['predict', '--network', 'resnet50', '--device', 't4'],
                ['map', '--network', 'small-cnn', '--system', 'adaptive-4', '--baseline', 'h2h'])

    @unittest.skipUnless(os.path.exists('/dev/full'), 'needs /dev/full')
    def test_a_full_disk_fails(self):
        for args in self.COMMANDS:
            with self.subTest(args=args), open('/dev/full', 'w') as full:
                r = subprocess.run([CLI, *args], stdout=full, stderr=subprocess.PIPE, text=True,
                                   timeout=600)
                self.assertEqual(r.returncode, 1, r.stderr)
                self.assertRegex(r.stderr, r'^accelsel: cannot write to stdout: '
                                           r'(No space left on device|an earlier write failed)\n$')
        with open('/dev/full', 'w') as full:  # a short output is still buffered at the end
            r = subprocess.run([CLI, '--version'], stdout=full, stderr=subprocess.PIPE, text=True)
        self.assertEqual(r.stderr, 'accelsel: cannot write to stdout: No space left on device\n')

    def test_a_closed_stdout_fails(self):
        for args in self.COMMANDS:
            with self.subTest(args=args):
                r = subprocess.run([CLI, *args], stderr=subprocess.PIPE, text=True, timeout=600,
                                   preexec_fn=lambda: os.close(1))
                self.assertEqual(r.returncode, 1, r.stderr)
                self.assertRegex(r.stderr, r'^accelsel: cannot write to stdout: '
                                           r'(Bad file descriptor|an earlier write failed)\n$')
        r = subprocess.run([CLI, '--version'], stderr=subprocess.PIPE, text=True,
                           preexec_fn=lambda: os.close(1))
        self.assertEqual(r.stderr, 'accelsel: cannot write to stdout: Bad file descriptor\n')


def write(d, name, text):
    path = os.path.join(d, name)
    with open(path, 'w', newline='') as f:
        f.write(text)
    return path


# A table small enough that any run on it is quick.
TINY = 'name,x,y\na,1,2\nb,1.5,2.5\nc,8,9\nd,8.5,9.5\ne,4,4\nf,5,5\n'


class NumberRuleTest(unittest.TestCase):
    """Every numeric option of every command reads a number as the CSV
    reader reads a cell: decimal with optional sign, fraction and exponent,
    the whole text; no blanks, hexadecimal or digit separators."""
    REFUSED = ('0x1p8', ' 8', '8 ', '1_0', '0x10', '1e999')

    def options(self, d):
        tiny = write(d, 'tiny.csv', TINY)
        rank = ('rank', '--csv', tiny, '--features', 'x,y', '--criteria', 'x:1:cost')
        cluster = ('cluster', '--csv', tiny, '--features', 'x,y')
        one = ('predict', '--network', 'small-cnn', '--device', 't4')
        mapper = ('map', '--network', 'small-cnn', '--system', 'adaptive-4')
        # (the command with {} where the value goes, the option, a value in
        # exponent form that the option takes)
        return (
            (one + ('--count', '{}'), '--count', '1e3'),
            (one + ('--nodes', '{}', '--per-node', '8'), '--nodes', '1e1'),
            (one + ('--nodes', '2', '--per-node', '{}'), '--per-node', '4e0'),
            (one + ('--batch', '{}'), '--batch', '1.6e1'),
            (one + ('--epochs', '{}'), '--epochs', '1e1'),
            (one + ('--samples', '{}'), '--samples', '1e6'),
            (one + ('--epoch-samples', '{}'), '--epoch-samples', '5e4'),
            (('predict', '--network', 'small-cnn', '--device', 'core-i7-11700', '--threads', '{}'),
             '--threads', '4e0'),
            (one + ('--sweep', '1,2,{}'), '--sweep', '1e3'),
            (one + ('--sweep', '1,2,4', '--threshold', '{}'), '--threshold', '5e-1'),
            (rank + ('--k', '{}'), '--k', '2e0'),
            (rank + ('--k-range', '2..{}'), '--k-range', '3e0'),
            (rank + ('--seed', '{}'), '--seed', '1e3'),
            (rank + ('--top', '{}'), '--top', '1e3'),
            (('rank', '--top', '3', '--with-predictions', 't4:{}'), '--with-predictions', '8e0'),
            (cluster + ('--k', '{}'), '--k', '2e0'),
            (cluster + ('--k', '2..{}'), '--k', '3e0'),
            (cluster + ('--seed', '{}'), '--seed', '1e3'),
            (cluster + ('--n-init', '{}'), '--n-init', '2e0'),
            (cluster + ('--max-iter', '{}'), '--max-iter', '1e2'),
            (cluster + ('--tol', '{}'), '--tol', '1e-3'),
            (cluster + ('--threads', '{}'), '--threads', '2e0'),
            (('network', 'show', 'small-cnn', '--bytes-per-element', '{}'),
             '--bytes-per-element', '2e0'),
            (mapper + ('--generations', '2', '--batch', '{}'), '--batch', '1e1'),
            (mapper + ('--generations', '2', '--seed', '{}'), '--seed', '1e3'),
            (mapper + ('--generations', '2', '--threads', '{}'), '--threads', '2e0'),
            (mapper + ('--generations', '{}'), '--generations', '2e0'),
            (mapper + ('--generations', '2', '--population', '{}'), '--population', '8e0'),
            (mapper + ('--generations', '2', '--patience', '{}'), '--patience', '1e3'),
            (mapper + ('--generations', '2', '--time-budget', '{}'), '--time-budget', '1e3'),
        )

    def test_every_numeric_option_refuses_other_syntaxes(self):
        with tempfile.TemporaryDirectory() as d:
            for args, option, _ in self.options(d):
                for value in self.REFUSED:
                    with self.subTest(option=option, args=args[:2], value=value):
                        r = run(*(a.replace('{}', value) for a in args))
                        self.assertEqual(r.returncode, 2, r.stderr)
                        self.assertIn(option, r.stderr)
                        # the value itself, quoted, blanks and all
                        self.assertRegex(r.stderr, "'[^']*%s[^']*'" % re.escape(value))
                        self.assertEqual(r.stdout, '')

    def test_every_numeric_option_takes_the_exponent_form(self):
        with tempfile.TemporaryDirectory() as d:
            for args, option, value in self.options(d):
                with self.subTest(option=option, args=args[:2], value=value):
                    r = run(*(a.replace('{}', value) for a in args))
                    self.assertNotEqual(r.returncode, 2, r.stderr)
                    self.assertNotIn("'%s'" % value, r.stderr)

    def test_whole_numbers_in_any_spelling_are_the_same(self):
        base = ('predict', '--network', 'small-cnn', '--device', 't4', '--format', 'json')
        for value in ('16', '+16', '16.0', '1.6e1', '016'):
            with self.subTest(value=value):
                r = run(*base, '--count', value)
                self.assertEqual(r.returncode, 0, r.stderr)
                self.assertEqual(json.loads(r.stdout)['count'], 16)
        r = run(*base, '--count', '1.5')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("--count '1.5' is not a whole number", r.stderr)
        # beyond 2^53 only plain digits are exact: 2^64 - 1 is a seed, 1e19 is refused
        r = run('map', '--network', 'small-cnn', '--system', 'adaptive-4', '--generations', '1',
                '--seed', '18446744073709551615')
        self.assertEqual(r.returncode, 0, r.stderr)
        for seed in ('1e19', '18446744073709551616'):
            r = run('map', '--network', 'small-cnn', '--system', 'adaptive-4', '--seed', seed)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn("--seed must be an integer from 0 to 18446744073709551615, not '%s'"
                          % seed, r.stderr)


HELP_COMMANDS = (('data',), ('rank',), ('cluster',), ('catalog',), ('catalog', 'list'),
                 ('catalog', 'show'), ('catalog', 'show', 'h100-sxm5-80gb'),
                 ('catalog', 'validate'), ('catalog', 'validate', 'missing.yaml'),
                 ('network',), ('network', 'list'), ('network', 'show'),
                 ('network', 'show', 'resnet50'), ('network', 'validate'),
                 ('network', 'validate', 'missing.yaml'), ('predict',),
                 ('predict', '--from-csv', 'missing.csv'), ('predict', '--calibrate'),
                 ('predict', '--from-steps', 'builtin'), ('predict', '--sweep', '1,2'),
                 ('predict', '--seed001'), ('map',), ('map', '--network', 'small-cnn'))


class HelpTest(unittest.TestCase):
    """Every command and sub-command takes --help and -h anywhere: its usage
    on stdout, nothing on stderr, status 0, whatever else is on the line."""

    def test_every_command_and_subcommand(self):
        for args in HELP_COMMANDS:
            usage = run(args[0], '--help')
            self.assertTrue(usage.stdout.startswith('usage: accelsel %s' % args[0]), usage.stdout)
            for flag in ('--help', '-h'):
                for line in (args + (flag,), args[:1] + (flag,) + args[1:]):
                    with self.subTest(line=line):
                        r = run(*line)
                        self.assertEqual((r.returncode, r.stderr), (0, ''))
                        self.assertEqual(r.stdout, usage.stdout)

    def test_help_wins_over_a_bad_option(self):
        for args in (('catalog', 'list', '--frobnicate'), ('map', '--batch', 'x'),
                     ('data', '--format', 'yaml'), ('network', 'show', '--bytes-per-element', '9')):
            with self.subTest(args=args):
                r = run(*args, '-h')
                self.assertEqual((r.returncode, r.stderr), (0, ''))
                self.assertTrue(r.stdout.startswith('usage: accelsel %s' % args[0]))


def run_bytes(*args):
    """The outputs as bytes: text mode would turn a CR into a line end."""
    return subprocess.run([CLI, *args], capture_output=True, timeout=600)


class CsvEscapeTest(unittest.TestCase):
    """CSV output escapes the control characters of input cells as tables
    and JSON do (ESC, BEL and CR as \\x1b, \\x07 and \\r, a backslash
    doubled); --raw writes them as they are."""
    EVIL = 'a\x1b[2Jb\x07c\rd\\e'
    SHOWN = b'a\\x1b[2Jb\\x07c\\rd\\\\e'

    def assert_escaped(self, args, raw_too=True):
        r = run_bytes(*args)
        self.assertEqual(r.returncode, 0, r.stderr)
        for byte in (b'\x1b', b'\x07', b'\r'):
            self.assertNotIn(byte, r.stdout)
        self.assertIn(self.SHOWN, r.stdout)
        if raw_too:
            r = run_bytes(*args, '--raw')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn(self.EVIL.encode(), r.stdout)
            self.assertNotIn(self.SHOWN, r.stdout)
        return r

    def mlperf_rows(self, d):
        """The built-in rows, one system_name and the H100 family made evil."""
        rows = list(csv.DictReader(io.StringIO(run('data', '--format', 'csv').stdout)))
        rows[0]['system_name'] = self.EVIL
        for row in rows:
            if row['accelerator_family'] == 'NVIDIA H100':
                row['accelerator_family'] = 'NVIDIA H100 ' + self.EVIL
        path = os.path.join(d, 'evil.csv')
        with open(path, 'w', newline='') as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
        return path

    def test_every_csv_writer(self):
        with tempfile.TemporaryDirectory() as d:
            evil = write(d, 'e.csv', 'name,x,y\n"%s",1,2\n"%s",1.1,2.2\nc,3,4\nd,5,1\n'
                                     'e,2,2\nf,8,9\n' % (self.EVIL, self.EVIL))
            r = self.assert_escaped(('data', '--csv', evil, '--format', 'csv'))
            rows = list(csv.reader(io.StringIO(r.stdout.decode(), newline='')))
            self.assertEqual(rows[1][0], self.EVIL)  # --raw: the cell as it is
            self.assert_escaped(('rank', '--csv', evil, '--features', 'x,y', '--criteria',
                                 'x:1:cost', '--k', '2', '--format', 'csv'))
            self.assert_escaped(('cluster', '--csv', evil, '--features', 'x,y', '--k', '2',
                                 '--format', 'csv'))
            mlperf = self.mlperf_rows(d)
            self.assert_escaped(('predict', '--from-csv', mlperf))  # CSV by default
            self.assert_escaped(('predict', '--calibrate', '--csv', mlperf, '--format', 'csv'))

    def test_names_are_escaped_and_stay_distinct(self):
        with tempfile.TemporaryDirectory() as d:
            path = write(d, 'names.csv', 'a\x1b,"a\\x1b",b\n1,2,x\\y\n')
            r = run_bytes('data', '--csv', path, '--format', 'csv')
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout, b'a\\x1b,a\\\\x1b,b\n1,2,x\\\\y\n')

    def test_plain_output_is_unchanged(self):
        r = run_bytes('data', '--format', 'csv')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(run_bytes('data', '--format', 'csv', '--raw').stdout, r.stdout)

    def test_raw_goes_with_csv_only(self):
        for args in (('data',), ('data', '--format', 'json'), ('rank', '--format', 'json'),
                     ('cluster', '--k', '2'), ('predict', '--network', 'small-cnn', '--device',
                                               't4'),
                     ('predict', '--calibrate')):
            with self.subTest(args=args):
                r = run(*args, '--raw')
                self.assertEqual(r.returncode, 2, r.stderr)
                self.assertIn('--raw goes with CSV output (--format csv)', r.stderr)
                self.assertEqual(r.stdout, '')


class MapDefaultsTest(unittest.TestCase):
    def test_map_help_says_the_libraries_defaults(self):
        """100, 64 and 50, as accelsel_mapping_solve_options_init() sets them."""
        r = run('map', '--help')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn("the library's", r.stdout)
        self.assertIn('  --generations N         outer generations (default 100)\n', r.stdout)
        self.assertIn('  --population N          outer population, at least 4 (default 64)\n',
                      r.stdout)
        self.assertIn('without improvement\n                          (default 50)\n', r.stdout)


if __name__ == '__main__':
    unittest.main()
