"""tools/mlperf-extract on the fixture snapshots of tests/fixtures/mlperf/:
one small folder per log format (v0.5 `:::MLPv0.5.0`, v0.6 `:::MLL` with
Python-literal metadata, Alibaba's `MLPerf:` lines, `:::MLLOG` JSON behind
rank prefixes), the three system-description schemas, and the bad inputs the
extractor must survive. Every expected figure is worked out by hand from the
times written into the fixtures (the comments show the arithmetic).

Standard library and git only: the extractor needs nothing else."""
import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
TOOL = os.path.join(ROOT, 'tools', 'mlperf-extract')
FIXTURES = os.path.join(ROOT, 'tests', 'fixtures', 'mlperf')
sys.path.insert(0, os.path.join(ROOT, 'tools'))

from mlperf_extract import table  # noqa: E402


def extract(*args, snapshots=FIXTURES):
    """(rows by (round, results_path), stderr, exit status) of one run."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 'out.csv')
        r = subprocess.run([sys.executable, TOOL, '--snapshots', snapshots, '--output', out, *args],
                           capture_output=True, text=True, timeout=300)
        rows = {}
        if os.path.exists(out):
            with open(out, newline='') as f:
                text = f.read()
            rows = {(row['round'], row['results_path']): row
                    for row in csv.DictReader(io.StringIO(text))}
        return rows, r.stderr, r.returncode


def mllog(t_ms, key, value=None, **meta):
    return ':::MLLOG ' + json.dumps({'time_ms': t_ms, 'key': key, 'value': value,
                                     'metadata': meta}) + '\n'


class FixtureRows(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.rows, cls.err, cls.rc = extract()

    def row(self, rnd, path):
        self.assertIn((rnd, path), self.rows, self.err)
        return self.rows[(rnd, path)]

    def test_runs_and_writes_every_column(self):
        self.assertEqual(self.rc, 0, self.err)
        for row in self.rows.values():
            self.assertEqual(list(row), list(table.COLUMNS))
            for key in ('round', 'submitter', 'system_name', 'benchmark', 'total_accelerators',
                        'results_path', 'scoring_note', 'system_json_path'):
                self.assertNotEqual(row[key], '', (key, row['results_path']))

    def test_v05_lines_and_entry_json(self):
        r = self.row('v0.5', 'v0.5.0/acme/sub1/results/box8/resnet')
        self.assertEqual((r['submitter'], r['system_json_schema'], r['system_id']),
                         ('Acme Corp.', 'legacy_entry_json', 'sub1/box8'))
        self.assertEqual((r['total_accelerators'], r['host_processor_core_count']), ('8', '40'))
        self.assertEqual(r['run_times_min'], '100;102;104;106;110')
        self.assertEqual(r['time_to_train_min'], '104')  # (102 + 104 + 106) / 3
        self.assertEqual(r['epochs_mean'], '62')  # (60 + 61 + 62 + 63 + 64) / 5
        self.assertEqual(r['eval_accuracy_mean'], '0.753')
        # the scored runs' mean epoch (61 + 62 + 63) / 3 = 62 epochs of 1,281,167
        # images in 104 minutes: 79,432,354 / 6,240 s = 12,729.54
        self.assertEqual(r['throughput_img_s'], '12729.5')
        self.assertEqual(r['global_batch_size'], '')
        self.assertIn('only input_batch_size', r['notes'])
        self.assertEqual(r['quality_target'], 'top-1 accuracy >= 0.749')

    def test_status_from_the_target(self):
        # No status logged: v0.5 SSD's target is mAP 0.212; run 4 ends at 0.200.
        r = self.row('v0.5', 'v0.5.0/acme/sub1/results/box8/ssd')
        self.assertEqual(r['n_runs_success'], '4')
        self.assertEqual(r['time_to_train_min'], '52')  # 50 dropped, the failed run is the slowest
        self.assertIn('1 non-converged run counted as slowest', r['scoring_note'])
        self.assertIn('5 run(s) without logged status: success inferred from final eval_accuracy '
                      '>= 0.212', r['notes'])

    def test_v06_mll_lines_and_legacy_lines_description(self):
        r = self.row('v0.6', 'Vendor/results/dgx1_pytorch/gnmt')
        self.assertEqual((r['system_json_schema'], r['submitter'], r['status']),
                         ('legacy_mll_lines', 'Vendor', 'onprem'))
        self.assertEqual((r['system_name'], r['total_accelerators']), ('DGX-1 with V100', '8'))
        # runs of 10..19 min, the 19 min one aborted: drop 10, mean of 11..18
        self.assertEqual(r['time_to_train_min'], '14.5')
        self.assertEqual((r['n_runs'], r['n_runs_success'], r['global_batch_size']), ('10', '9', '1024'))
        self.assertEqual(r['container'], 'NGC 19.05')

    def test_alibaba_lines(self):
        r = self.row('v0.6', 'Ali/results/v100x4/resnet')
        self.assertEqual(r['submitter'], 'Ali')  # from a submission.json that is not JSON
        self.assertEqual(r['time_to_train_min'], '32')  # (31 + 32 + 33) / 3, one-second stamps
        self.assertEqual(r['eval_accuracy_mean'], '0.7597')  # 75.95..75.99 %, as fractions
        self.assertIn('inferred from final eval_accuracy >= 0.759', r['notes'])

    def test_mllog_behind_rank_prefixes_and_flat_description(self):
        r = self.row('v1.0', 'Corp/results/srv8/bert')
        self.assertEqual((r['division'], r['division_norm']), ('closed', 'closed'))  # "divison"
        self.assertEqual(r['time_to_train_min'], '24.5')  # 20..28 converged, 29 has no run_stop
        self.assertEqual(r['notes'], 'result_9.txt: no run_stop')
        self.assertEqual((r['global_batch_size'], r['train_samples_logged']), ('448', '1000000'))
        self.assertEqual(r['samples_to_converge_mean'], '2040000')  # 2,000,000 + 10,000 x mean(0..8)
        self.assertIn('(1 log lines that did not parse)', self.err)

    def test_too_many_non_converged_runs(self):
        r = self.row('v1.0', 'Corp/results/srv8/rnnt')
        self.assertEqual(r['scoring_note'], 'not scored: 2 non-converged run(s), at most 1 allowed')
        self.assertEqual(r['time_to_train_min'], '')

    def test_logs_absent_from_the_snapshot(self):
        r = self.row('v1.0', 'Corp/results/srv8/ssd')
        self.assertEqual(r['scoring_note'], 'not scored: result logs absent from snapshot')
        self.assertEqual(r['n_runs'], '5')

    def test_what_is_left_out_and_why(self):
        for path in ('Corp/results/srv8/resnet50', 'Corp/results/ghost/ssd',
                     'Corp/results/broken/ssd', 'Corp/results/srv8/maskrcnn'):
            self.assertNotIn(('v1.0', path), self.rows)
        self.assertIn("v1.0 Corp/results/srv8/resnet50: unknown benchmark 'resnet50'", self.err)
        self.assertIn('v1.0 Corp/results/ghost/ssd: no system description', self.err)
        self.assertIn('v1.0 Corp/results/broken/ssd: system description unreadable', self.err)
        self.assertIn('v1.0 Corp/results/srv8/maskrcnn: no log parses', self.err)
        self.assertIn('v4.0 Vendor/results/node8x2/resnet: held back', self.err)

    def test_llama_parallelism_from_its_launch_configuration(self):
        r = self.row('v4.0', 'Vendor/results/node8x2/llama2_70b_lora')
        # config_DGXH100_2x8x4xtp4pp1cp2.sh fits 2 nodes x 8; its own TP=4 and
        # MBS=1 follow the sourced config_common.sh's TP=8, MBS=2 and win; the
        # "TP=2" of a comment is no setting; CP comes from its ${CP:-2} default.
        self.assertTrue(r['parallelism_source'].endswith('config_DGXH100_2x8x4xtp4pp1cp2.sh'))
        got = [r[k] for k in ('tensor_parallel', 'pipeline_parallel', 'context_parallel',
                              'data_parallel', 'micro_batch_size', 'precision')]
        self.assertEqual(got, ['4', '1', '2', '2', '1', 'fp8'])  # 16 / (4 x 1 x 2) = 2
        # 1 x 2 x 1 is not the logged global batch of 4: said, not hidden
        self.assertIn('= 2, not the logged global_batch_size 4', r['notes'])
        self.assertEqual(r['rcp_scaling_factor'], '1.05')
        self.assertEqual(r['time_to_train_min'], '14.5')  # mean of 11..18
        self.assertEqual(r['time_to_train_min_scaled'], '15.225')  # 14.5 x 1.05

    def test_gpt3_parallelism_from_the_log(self):
        r = self.row('v4.0', 'Vendor/results/node8x2/gpt3')
        self.assertEqual(r['parallelism_source'], 'log')
        got = [r[k] for k in ('tensor_parallel', 'pipeline_parallel', 'sequence_parallel',
                              'data_parallel', 'micro_batch_size', 'sequence_length',
                              'gradient_accumulation_steps', 'precision')]
        self.assertEqual(got, ['8', '2', '1', '1', '1', '2048', '8', 'bf16'])
        self.assertNotIn('parallelism', r['notes'])  # 1 x 1 x 8 = the logged 8
        self.assertEqual((r['time_to_train_min'], r['runs_required']), ('110', '3'))  # the median of 3

    def test_energy_of_a_power_submission(self):
        r = self.row('v4.0', 'Vendor/results/node8x2/ssd')
        self.assertEqual(r['benchmark'], 'retinanet')  # "ssd" names RetinaNet from v2.0 on
        # runs of 2..6 min keep 3, 4 and 5; each draws 1000 W + 0.95 x 1000 W
        # (AC measured, DC derived) + the switch's 100 W estimate:
        # 2050 W x mean(180, 240, 300) s = 492,000 J = 0.13667 kWh
        self.assertEqual((r['measured_energy_kwh'], r['measured_energy_runs']), ('0.1367', '3'))
        self.assertEqual(r['measured_energy_scope'], 'nodes+interconnect (estimated)')
        self.assertEqual(r['power_results'], 'yes')


class Options(unittest.TestCase):
    def test_resnet_v40_when_asked(self):
        rows, err, rc = extract('--rounds', 'v4.0', '--include-resnet-v4.0')
        self.assertEqual(rc, 0, err)
        self.assertEqual(rows[('v4.0', 'Vendor/results/node8x2/resnet')]['time_to_train_min'], '14')

    def test_later_rounds_refused(self):
        with tempfile.TemporaryDirectory() as d:
            r = subprocess.run([sys.executable, TOOL, '--round', 'v5.1=' + d, '--output',
                                os.path.join(d, 'x.csv')], capture_output=True, text=True)
            self.assertEqual(r.returncode, 2)
            self.assertIn('held back', r.stderr)
            self.assertFalse(os.path.exists(os.path.join(d, 'x.csv')))

    def test_unknown_benchmark_option(self):
        _rows, err, rc = extract('--benchmarks', 'gpt4')
        self.assertEqual(rc, 2)
        self.assertIn("unknown benchmark 'gpt4'", err)
        self.assertIn('llama2_70b_lora', err)

    def test_check_mode(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'out.csv')
            base = [sys.executable, TOOL, '--snapshots', FIXTURES, '--rounds', 'v0.5', '--output', out]
            self.assertEqual(subprocess.run(base, capture_output=True).returncode, 0)
            self.assertEqual(subprocess.run(base + ['--check'], capture_output=True).returncode, 0)
            with open(out, 'a') as f:
                f.write('x\r\n')
            r = subprocess.run(base + ['--check'], capture_output=True, text=True)
            self.assertEqual(r.returncode, 1)
            self.assertIn('DIFFERS', r.stderr)


class Cells(unittest.TestCase):
    def test_core_count_is_one_number_or_a_placeholder(self):
        from mlperf_extract import rows
        for cell in ('64', '56.0', '', '-', 'core_count'):  # kept as the ResNet table keeps them
            self.assertEqual(rows.core_count(cell), (cell, None))
        cell, note = rows.core_count('Node1: 128, Node2: 64')
        self.assertEqual(cell, '')
        self.assertEqual(note, "host_processor_core_count 'Node1: 128, Node2: 64' is not one "
                               "count (left empty)")


class Snapshots(unittest.TestCase):
    def test_git_directory_reads_as_the_folder(self):
        # The same round as a git repository, read with git and no work tree.
        with tempfile.TemporaryDirectory() as d:
            work = os.path.join(d, 'work')
            shutil.copytree(os.path.join(FIXTURES, 'training_results_v4.0'), work)
            git = ['git', '-C', work, '-c', 'user.name=t', '-c', 'user.email=t@example.com']
            subprocess.run(git[:3] + ['init', '-q'], check=True)
            subprocess.run(git + ['add', '-A'], check=True)
            subprocess.run(git + ['commit', '-q', '-m', 'x'], check=True)
            bare = os.path.join(d, 'training_results_v4.0')
            subprocess.run(['git', 'clone', '-q', '--bare', work, bare], check=True)
            from_git, err, rc = extract('--rounds', 'v4.0', snapshots=d)
            self.assertEqual(rc, 0, err)
            from_folder, _, _ = extract('--rounds', 'v4.0')
            self.assertEqual(from_git, from_folder)
            self.assertEqual(len(from_git), 3)


class Counts(unittest.TestCase):
    """Rules that need many runs, written here rather than as 140 files."""

    def write_round(self, d, rnd, folder, logs, desc):
        base = os.path.join(d, 'training_results_' + rnd, 'Lab')
        os.makedirs(os.path.join(base, 'results', 'box', folder))
        os.makedirs(os.path.join(base, 'systems'))
        with open(os.path.join(base, 'systems', 'box.json'), 'w') as f:
            json.dump(desc, f)
        for name, text in logs.items():
            with open(os.path.join(base, 'results', 'box', folder, name), 'w') as f:
                f.write(text)

    DESC = {'submitter': 'Lab', 'division': 'closed', 'status': 'available', 'system_name': 'Box',
            'number_of_nodes': '1', 'accelerators_per_node': '8',
            'accelerator_model_name': 'NVIDIA A100-SXM4-80GB', 'framework': 'PyTorch'}

    def test_unet3d_drops_four_a_side(self):
        # 40 runs of 1..40 min, those of 38, 39 and 40 min aborted: the 4
        # fastest (1..4) go, and 4 - 3 = 1 more slowest converged (37):
        # the mean of 5..36 is 20.5.
        logs = {}
        for i in range(40):
            start = 10**12 + i * 10**8
            status = 'aborted' if i >= 37 else 'success'
            logs['result_%d.txt' % i] = (mllog(start, 'run_start') +
                                         mllog(start + (i + 1) * 60000, 'run_stop', status=status))
        with tempfile.TemporaryDirectory() as d:
            self.write_round(d, 'v2.0', 'unet3d', logs, self.DESC)
            rows, err, rc = extract(snapshots=d)
        r = rows[('v2.0', 'Lab/results/box/unet3d')]
        self.assertEqual(r['time_to_train_min'], '20.5', err)
        self.assertEqual(r['scoring_note'], 'olympic mean of 40 runs (dropped 4 fastest and 4 slowest); '
                                            '3 non-converged runs counted as slowest')

    def test_unet3d_five_failures_are_too_many(self):
        logs = {}
        for i in range(40):
            start = 10**12 + i * 10**8
            status = 'aborted' if i < 5 else 'success'
            logs['result_%d.txt' % i] = (mllog(start, 'run_start') +
                                         mllog(start + (i + 1) * 60000, 'run_stop', status=status))
        with tempfile.TemporaryDirectory() as d:
            self.write_round(d, 'v2.0', 'unet3d', logs, self.DESC)
            rows, err, rc = extract(snapshots=d)
        r = rows[('v2.0', 'Lab/results/box/unet3d')]
        self.assertEqual(r['scoring_note'], 'not scored: 5 non-converged run(s), at most 4 allowed')

    def test_ncf_first_fifty_converged(self):
        # v0.5 NCF: 100 runs, run i takes i + 1 minutes and fails when i is a
        # multiple of 3. The first 50 that converge are those of 0..74 (25
        # blocks of 3, 2 converged each); their minutes sum to
        # (1 + ... + 75) - (1 + 4 + ... + 73) = 2850 - 925 = 1925; dropping
        # the fastest (2) and the slowest (75) leaves 1848 / 48 = 38.5.
        logs = {}
        for i in range(100):
            start = 1.5e9 + i * 10000
            ok = 'true' if i % 3 else 'false'
            logs['result_%d.txt' % i] = (
                ':::MLPv0.5.0 ncf %.3f (ncf.py:1) run_start\n' % start +
                ':::MLPv0.5.0 ncf %.3f (ncf.py:9) run_stop: {"success": %s}\n' % (start + (i + 1) * 60, ok))
        with tempfile.TemporaryDirectory() as d:
            base = os.path.join(d, 'training_results_v0.5', 'v0.5.0', 'lab', 'ncf_sub')
            os.makedirs(os.path.join(base, 'results', 'box', 'ncf'))
            with open(os.path.join(base, 'submission.json'), 'w') as f:
                f.write('{"org": "Lab"}')
            with open(os.path.join(base, 'results', 'box', 'entry.json'), 'w') as f:
                json.dump({'division': 'closed', 'status': 'onprem', 'hardware': 'Box',
                           'framework': 'PyTorch', 'nodes': [{'num_nodes': 1, 'accelerator': 'V100',
                                                              'num_accelerators': 8}]}, f)
            for name, text in logs.items():
                with open(os.path.join(base, 'results', 'box', 'ncf', name), 'w') as f:
                    f.write(text)
            rows, err, rc = extract(snapshots=d)
        r = rows[('v0.5', 'v0.5.0/lab/ncf_sub/results/box/ncf')]
        self.assertEqual(r['time_to_train_min'], '38.5', err)
        self.assertEqual(r['n_runs_success'], '66')
        self.assertTrue(r['scoring_note'].startswith('first 50 converged runs; olympic mean of 50 runs'))

    def test_hostile_inputs_leave_rows_out_whole(self):
        # Garbage of every kind in one round: the run finishes, nothing half-made.
        with tempfile.TemporaryDirectory() as d:
            base = os.path.join(d, 'training_results_v3.0', 'Bad')
            cases = {
                'nodes': ({'submitter': 'Bad', 'system_name': 'x', 'accelerator_model_name': 'H100',
                           'number_of_nodes': 'many', 'accelerators_per_node': '8'},
                          mllog(10**12, 'run_start') + mllog(10**12 + 60000, 'run_stop', status='success')),
                'binary': ({'submitter': 'Bad', 'system_name': 'y'}, '\x00\xff:::MLLOG {{{{\n' * 50),
                'list': ([1, 2, 3], mllog(10**12, 'run_start')),
                'weird': ({'submitter': 'Bad', 'system_name': 'z', 'number_of_nodes': 1,
                           'accelerators_per_node': 8, 'accelerator_model_name': 'H100'},
                          ':::MLLOG {"time_ms": "soon", "key": "run_start", "value": null}\n' +
                          ':::MLLOG {"time_ms": 5, "key": "run_stop", "metadata": [1]}\n' +
                          ':::MLLOG {"time_ms": 1e400, "key": "eval_accuracy", "value": {"a": []}}\n'),
            }
            for name, (desc, log) in cases.items():
                os.makedirs(os.path.join(base, 'results', name, 'bert'))
                os.makedirs(os.path.join(base, 'systems'), exist_ok=True)
                with open(os.path.join(base, 'systems', name + '.json'), 'w') as f:
                    json.dump(desc, f)
                with open(os.path.join(base, 'results', name, 'bert', 'result_0.txt'), 'w',
                          errors='surrogateescape') as f:
                    f.write(log)
            rows, err, rc = extract(snapshots=d)
            self.assertEqual(rc, 0, err)
            for row in rows.values():
                self.assertEqual(list(row), list(table.COLUMNS))
            self.assertEqual(rows[('v3.0', 'Bad/results/nodes/bert')]['total_accelerators'], '')
            self.assertNotIn(('v3.0', 'Bad/results/binary/bert'), rows)
            self.assertIn('Bad/results/list/bert: system description unreadable', err)
            self.assertEqual(rows[('v3.0', 'Bad/results/weird/bert')]['time_to_train_min'], '')


if __name__ == '__main__':
    unittest.main()
