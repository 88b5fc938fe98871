"""data/mlperf_training.csv, the table of every MLPerf Training benchmark,
against the ResNet-50 table it grew from and against data/README.md.

Read with Python's csv module: nothing here loads the library."""
import csv
import collections
import os
import re
import unittest

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
DATA = os.path.join(ROOT, 'data')
ROUNDS = ['v0.5', 'v0.6', 'v0.7', 'v1.0', 'v1.1', 'v2.0', 'v2.1', 'v3.0', 'v3.1', 'v4.0', 'v4.1',
          'v5.0']
NUMBER = re.compile(r'^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$')
# Spellings of a missing value the built-in loaders accept besides the empty cell.
MISSING = {'', '-', 'core_count'}


def read(name):
    with open(os.path.join(DATA, name), newline='', encoding='utf-8') as f:
        reader = csv.reader(f)
        header = next(reader)
        return header, [dict(zip(header, r)) for r in reader]


class Identity(unittest.TestCase):
    """The ResNet-50 rows of v0.5 to v3.1 are the ResNet table, cell for cell."""

    def test_resnet_rows_are_the_resnet_table(self):
        old_header, old = read('mlperf_training_resnet.csv')
        header, rows = read('mlperf_training.csv')
        self.assertEqual(header[:len(old_header)], old_header)
        resnet = [r for r in rows if r['benchmark'] == 'resnet'
                  and ROUNDS.index(r['round']) <= ROUNDS.index('v3.1')]
        self.assertEqual(len(resnet), 343)
        for a, b in zip(old, resnet):
            self.assertEqual(a, {k: b[k] for k in old_header})

    def test_same_line_format(self):
        with open(os.path.join(DATA, 'mlperf_training.csv'), 'rb') as f:
            text = f.read()
        self.assertTrue(text.endswith(b'\r\n'))
        self.assertEqual(text.count(b'\n'), text.count(b'\r\n'))


class Table(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.header, cls.rows = read('mlperf_training.csv')

    def test_held_back_rows_are_absent(self):
        rounds = {r['round'] for r in self.rows}
        self.assertEqual(rounds, set(ROUNDS))
        self.assertFalse([r for r in self.rows if r['benchmark'] == 'resnet' and r['round'] == 'v4.0'])

    def test_rows_per_benchmark_and_round_as_documented(self):
        # The table of data/README.md, "Rows per benchmark and round".
        with open(os.path.join(DATA, 'README.md'), encoding='utf-8') as f:
            text = f.read()
        section = text.split('## Rows per benchmark and round')[1].split('\n\n')[1]
        documented = {}
        for line in section.splitlines()[2:]:
            cells = [c.strip() for c in line.strip('|').split('|')]
            for rnd, cell in zip(ROUNDS, cells[1:13]):
                if cell:
                    documented[(cells[0], rnd)] = int(cell)
            self.assertEqual(int(cells[13]), sum(1 for r in self.rows if r['benchmark'] == cells[0]))
        counted = collections.Counter((r['benchmark'], r['round']) for r in self.rows)
        self.assertEqual(documented, dict(counted))

    def test_numeric_columns_hold_numbers(self):
        numeric = ['total_accelerators', 'n_runs', 'n_runs_success', 'time_to_train_min',
                   'global_batch_size', 'epochs_mean', 'eval_accuracy_mean', 'throughput_img_s',
                   'runs_required', 'samples_to_converge_mean', 'rcp_scaling_factor',
                   'time_to_train_min_scaled', 'tensor_parallel', 'pipeline_parallel',
                   'context_parallel', 'sequence_parallel', 'data_parallel', 'micro_batch_size',
                   'sequence_length', 'gradient_accumulation_steps', 'measured_energy_kwh', 'measured_energy_runs',
                   'number_of_nodes', 'accelerators_per_node', 'host_processor_core_count']
        for col in numeric:
            bad = {r[col] for r in self.rows if r[col] not in MISSING and not NUMBER.match(r[col])}
            self.assertEqual(bad, set(), col)

    def test_scores_follow_their_run_times(self):
        # An olympic mean lies within the run times it was taken from, and the
        # scaled time is the time times the factor.
        for r in self.rows:
            if not r['time_to_train_min']:
                continue
            times = [float(t) for t in r['run_times_min'].split(';')]
            t = float(r['time_to_train_min'])
            self.assertTrue(min(times) <= t <= max(times), r['results_path'])
            factor = float(r['rcp_scaling_factor'] or 1)
            self.assertAlmostEqual(float(r['time_to_train_min_scaled']), t * factor,
                                   delta=1e-4 * max(1, t * factor))

    def test_parallelism_adds_up(self):
        # data_parallel x tensor x pipeline x context = the accelerators, where
        # the row has them all (a size not named counts as 1).
        for r in self.rows:
            if r['data_parallel'] and r['tensor_parallel']:
                width = 1
                for k in ('data_parallel', 'tensor_parallel', 'pipeline_parallel', 'context_parallel'):
                    width *= int(r[k] or 1)
                self.assertEqual(width, int(r['total_accelerators']), r['results_path'])


if __name__ == '__main__':
    unittest.main()
