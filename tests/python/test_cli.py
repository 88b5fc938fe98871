"""The accelsel command-line tool, driven as a user would."""
import csv
import json
import os
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



if __name__ == '__main__':
    unittest.main()
