"""accelsel predict (and rank --with-predictions), driven as a user would:
the JSON keys of the issue, values against the binding's Predictor and
against relations recomputed here, --from-csv reading configuration columns
only (result columns removed, predictions unchanged), input order, notes and
the error summary, calibration saved and reused, the sweep and its sweet spot,
seed 001, the SVGs, and exit statuses 0, 1, 2. The step rows (--from-steps,
--calibrate --steps) and one configuration under --threads and --stack,
against the binding's step calls."""
import csv
import io
import json
import os
import statistics
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

import yaml

from accelsel import Dataset, Network, Predictor, builtin_steps

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
CSV = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')
NA = '--na=-,core_count'  # reads the CSV as the built-in data is read
RESULT_COLUMNS = ('time_to_train_min', 'run_times_min', 'throughput_img_s', 'epochs_mean',
                  'eval_accuracy_mean')
PREDICTED_COLUMNS = ['predicted_time_to_train_min', 'predicted_epochs',
                     'predicted_throughput_img_s', 'prediction_note']


def run(*args, command='predict'):
    return subprocess.run([CLI, command, *args], capture_output=True, text=True, timeout=600)


def ok(*args, **kw):
    p = run(*args, **kw)
    if p.returncode != 0:
        raise AssertionError('exit %d: %s' % (p.returncode, p.stderr))
    return p


_calibrated = []


def calibrated():
    """The binding's predictor fitted on the built-in rows, fitted once: each
    fit takes seconds, many times that under a sanitizer."""
    if not _calibrated:
        _calibrated.append(Predictor(calibrate_builtin=True))
    return _calibrated[0]


def read_csv(text):
    return list(csv.DictReader(io.StringIO(text)))


def percentile(values, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    s = sorted(values)
    at = q * (len(s) - 1)
    lo = int(at)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (at - lo) * (s[hi] - s[lo])


class OneConfiguration(unittest.TestCase):
    def test_json_keys_and_values(self):
        out = json.loads(ok('--network', 'resnet50', '--device', 'h200-sxm-141gb', '--count', '16',
                            '--format', 'json').stdout)
        for key in ('time_to_train_min', 'epochs', 'step_s', 'epoch_s', 'throughput_samples_s',
                    'per_device_batch', 'precision', 'breakdown'):
            self.assertIn(key, out)
        self.assertEqual(set(out['breakdown']) >= {'compute_s', 'memory_s', 'communication_s',
                                                   'exposed_communication_s', 'overhead_s',
                                                   'transfer_s'}, True)
        self.assertNotIn('layers', out)
        ref = Predictor().predict('resnet50', device='h200-sxm-141gb', count=16)
        self.assertEqual(out['time_to_train_min'], ref['time_to_train_min'])
        self.assertEqual(out['step_s'], ref['step_s'])
        self.assertEqual(out['precision'], ref['precision'])
        self.assertEqual(out['breakdown']['communication_s'], ref['breakdown']['communication_s'])
        self.assertAlmostEqual(out['time_to_train_min'], out['epochs'] * out['epoch_s'] / 60)
        self.assertAlmostEqual(out['per_device_batch'], out['global_batch'] / 16)

    def test_options_reach_the_request(self):
        out = json.loads(ok('--network', 'resnet50', '--device', 'a100-sxm4-80gb', '--nodes', '2',
                            '--per-node', '4', '--batch', '1024', '--precision', 'bf16',
                            '--epochs', '40', '--format', 'json').stdout)
        self.assertEqual((out['count'], out['nodes'], out['per_node']), (8, 2, 4))
        self.assertEqual((out['epochs'], out['precision'], out['per_device_batch']), (40, 'bf16', 128))
        ref = Predictor().predict('resnet50', device='a100-sxm4-80gb', nodes=2, per_node=4,
                                  batch=1024, precision='bf16', epochs=40)
        self.assertEqual(out['time_to_train_min'], ref['time_to_train_min'])
        sys_out = json.loads(ok('--network', 'resnet50', '--system', 'dgx-h100', '--nodes', '32',
                                '--format', 'json').stdout)
        self.assertEqual((sys_out['count'], sys_out['device']), (256, 'h100-sxm5-80gb'))

    def test_calibrated(self):
        out = json.loads(ok('--network', 'resnet50', '--device', 'a100-sxm4-80gb', '--count', '64',
                            '--calibrated', '--format', 'json').stdout)
        ref = calibrated().predict('resnet50', device='a100-sxm4-80gb', count=64)
        self.assertEqual(out['time_to_train_min'], ref['time_to_train_min'])
        self.assertEqual(out['correction'], ref['correction'])

    def test_layers_and_table(self):
        out = json.loads(ok('--network', 'resnet18', '--device', 't4', '--layers', '--format',
                            'json').stdout)
        rows = Predictor().layers('resnet18', device='t4')
        self.assertEqual([l['name'] for l in out['layers']], [r['name'] for r in rows])
        self.assertEqual([l['forward_s'] for l in out['layers']], [r['forward_s'] for r in rows])
        table = ok('--network', 'resnet18', '--device', 't4', '--breakdown', '--layers').stdout
        for text in ('time to train', 'exposed_communication_s', 'backward_s', 'layer1.0.conv1'):
            self.assertIn(text, table)

    def test_network_file_and_own_catalog(self):
        with tempfile.TemporaryDirectory() as d:
            net = os.path.join(d, 'net.yaml')
            Network.zoo('small-cnn').to_yaml(net)
            cat = os.path.join(d, 'cat.yaml')
            with open(cat, 'w') as f:
                f.write('version: 1\ndevices:\n  - name: my-gpu\n    vendor: Me\n    kind: gpu\n'
                        '    peak_flops: {fp32: 10e12, fp16: 40e12}\n    memory_bytes: 8589934592\n'
                        '    memory_bw_bytes_s: 400e9\n    source: my own figures\n')
            out = json.loads(ok('--network', net, '--device', 'my-gpu', '--catalog', cat,
                                '--format', 'json').stdout)
            self.assertEqual(out['device'], 'my-gpu')
            self.assertEqual(run('--network', net, '--device', 'my-gpu').returncode, 1)


class FromCsv(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.full = ok('--from-csv', CSV, NA)
        cls.rows = read_csv(cls.full.stdout)
        with open(CSV, newline='', encoding='utf-8') as f:
            cls.inputs = list(csv.DictReader(f))

    def test_columns_and_order(self):
        self.assertEqual(len(self.rows), len(self.inputs))
        self.assertEqual(list(self.rows[0])[:len(self.inputs[0])], list(self.inputs[0]))
        self.assertEqual(list(self.rows[0])[len(self.inputs[0]):], PREDICTED_COLUMNS + ['abs_pct_error'])
        self.assertEqual([r['system_name'] for r in self.rows], [r['system_name'] for r in self.inputs])

    def test_result_columns_are_not_read(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'config_only.csv')
            keep = [c for c in self.inputs[0] if c not in RESULT_COLUMNS]
            with open(path, 'w', newline='', encoding='utf-8') as f:
                w = csv.DictWriter(f, keep, extrasaction='ignore')
                w.writeheader()
                w.writerows(self.inputs)
            p = ok('--from-csv', path, NA)
        rows = read_csv(p.stdout)
        self.assertNotIn('abs_pct_error', rows[0])
        self.assertEqual(p.stderr, '')
        for col in PREDICTED_COLUMNS:
            self.assertEqual([r[col] for r in rows], [r[col] for r in self.rows], col)

    def test_errors_recomputed(self):
        errs = []
        for r in self.rows:
            if r['predicted_time_to_train_min'] and r['time_to_train_min']:
                m, q = float(r['time_to_train_min']), float(r['predicted_time_to_train_min'])
                e = float(r['abs_pct_error'])
                self.assertAlmostEqual(e, 100 * abs(q - m) / m, delta=1e-9 * max(e, 1))
                errs.append(e)
            elif not r['predicted_time_to_train_min']:
                self.assertTrue(r['prediction_note'])
        self.assertIn('median %.2f %%, p90 %.2f %%' % (statistics.median(errs), percentile(errs, 0.9)),
                      self.full.stderr)
        self.assertIn('%d of %d rows' % (len(errs), len(self.rows)), self.full.stderr)

    def test_against_the_binding(self):
        ds = Dataset.from_csv(CSV, missing=['-', 'core_count'])
        ref = Predictor().predict_dataset(ds).column('predicted_time_to_train_min')
        got = [float(r['predicted_time_to_train_min']) if r['predicted_time_to_train_min'] else None
               for r in self.rows]
        self.assertEqual(got, ref)

    def test_unpredictable_row_is_a_note(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'rows.csv')
            with open(path, 'w') as f:
                f.write('accelerator_model_name,total_accelerators,number_of_nodes,'
                        'accelerators_per_node,global_batch_size,round\n'
                        'NVIDIA H100-SXM5-80GB,8,1,8,2048,v3.0\n'
                        'Quantum Abacus 9000,8,1,8,2048,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,,1,8,2048,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,8,1,8,4,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,-8,1,8,2048,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,8.5,1,8,2048,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,1e12,1,8,2048,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,"1,024",1,8,2048,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,16,3,,4096,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,8,1,8,2048,v3.0 closed\n'
                        'NVIDIA H100-SXM5-80GB,8,1,8,-2048,v3.0\n'
                        'NVIDIA H100-SXM5-80GB,,1,,2048,v3.0\n')
            p = ok('--from-csv', path, '--format', 'json')
        rows = json.loads(p.stdout)
        self.assertEqual(len(rows), 12)
        self.assertEqual(rows[7]['prediction_note'], "accelerator count '1,024' is not a number")
        # 1 node of 8 per node: 8 in all, the layout of row 0
        self.assertIsNone(rows[2]['prediction_note'])
        self.assertEqual(rows[2]['predicted_time_to_train_min'], rows[0]['predicted_time_to_train_min'])
        self.assertIn('global batch 4 is smaller than the 8 devices', rows[3]['prediction_note'])
        # columns that disagree: predicted, and the note says how
        self.assertEqual(rows[8]['prediction_note'], 'total_accelerators 16 and number_of_nodes 3 '
                         'disagree: predicted as 2 nodes of 8')
        self.assertGreater(rows[8]['predicted_time_to_train_min'], 0)
        for row, note in ((rows[9], "round 'v3.0 closed' is not a round name (vX.Y or X.Y)"),
                          (rows[10], 'global_batch_size -2048 is not a positive whole number'),
                          (rows[11], 'missing accelerator count')):
            self.assertEqual(row['prediction_note'], note)
            self.assertIsNone(row['predicted_time_to_train_min'])
        for row, count in zip(rows[4:7], ('-8', '8.5', '1e+12')):
            self.assertEqual(row['prediction_note'],
                             'accelerator count %s is not a whole number from 1 to 4294967295' % count)
            self.assertIsNone(row['predicted_time_to_train_min'])
        self.assertIsNone(rows[0]['prediction_note'])
        self.assertGreater(rows[0]['predicted_time_to_train_min'], 0)
        self.assertIn('Quantum Abacus 9000', rows[1]['prediction_note'])
        self.assertIsNone(rows[1]['predicted_time_to_train_min'])

    def test_errors_at_the_ends_of_the_doubles(self):
        """A measured 1e308 min is 100 % off (100 x (p - m) overflowed to
        inf), one of 1e-300 some 1e303 %: the summary shows three digits,
        not 300 of "%.2f"; a measured 5e-324 is infinitely off (null in
        JSON, and the summary's p90 is inf)."""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'rows.csv')
            with open(path, 'w') as f:
                f.write('accelerator_model_name,total_accelerators,global_batch_size,'
                        'time_to_train_min\n'
                        'a100-sxm4-40gb,8,2048,1e308\n'
                        'a100-sxm4-40gb,8,2048,1e-300\n'
                        'a100-sxm4-40gb,8,2048,1e-300\n')
            p = ok('--from-csv', path, '--format', 'json')
            rows = json.loads(p.stdout)
            q = rows[1]['predicted_time_to_train_min']
            self.assertEqual(rows[0]['abs_pct_error'], 100)
            self.assertAlmostEqual(rows[1]['abs_pct_error'], 100 * q / 1e-300, delta=1e-12 * 1e302 * q)
            self.assertIn('3 of 3 rows predicted with a measured time to train: absolute error '
                          'median %.3g %%, p90 %.3g %%' % (100 * q / 1e-300, 100 * q / 1e-300),
                          p.stderr)
            with open(path, 'a') as f:
                f.write('a100-sxm4-40gb,8,2048,5e-324\n')
            p = ok('--from-csv', path, '--format', 'json')
            self.assertIsNone(json.loads(p.stdout)[3]['abs_pct_error'])
            self.assertIn('4 of 4 rows', p.stderr)
            self.assertIn('p90 inf %', p.stderr)

    def test_no_row_predicted(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'rows.csv')
            with open(path, 'w') as f:
                f.write('accelerator_model_name,total_accelerators,time_to_train_min\n'
                        'Quantum Abacus 9000,8,12.5\n')
            p = ok('--from-csv', path)
        self.assertEqual(read_csv(p.stdout)[0]['abs_pct_error'], '')
        self.assertIn('none of 1 rows predicted with a measured time to train', p.stderr)
        self.assertNotIn('nan', p.stderr)

    def test_plot(self):
        with tempfile.TemporaryDirectory() as d:
            svg = os.path.join(d, 'rows.svg')
            ok('--from-csv', CSV, NA, '--plot', svg)
            root = ET.parse(svg).getroot()
        self.assertTrue(root.tag.endswith('svg'))
        text = ' '.join(t.text or '' for t in root.iter() if t.tag.endswith('text'))
        for label in ('NVIDIA A100', 'y = x', 'measured (min)'):
            self.assertIn(label, text)


class Calibrate(unittest.TestCase):
    def test_save_and_reuse(self):
        with tempfile.TemporaryDirectory() as d:
            params = os.path.join(d, 'params.yaml')
            p = ok('--calibrate', '--holdout-rounds', 'v3.0,v3.1', '--save', params,
                   '--format', 'json')
            out = json.loads(p.stdout)
            ref = Predictor(physical=True)  # --calibrate starts from the compiled-in values
            rep = ref.calibrate(Dataset.builtin(), holdout_rounds='v3.0,v3.1')
            for row in out['calibration']:
                s = rep.summary(row['set'], None if row['family'] == 'overall' else row['family'])
                self.assertEqual(row['rows'], s['rows'])
                self.assertAlmostEqual(row['median_ape'], s['median_ape'])
            with open(params) as f:
                self.assertEqual(f.read(), ref.save())
            rows = read_csv(ok('--from-csv', CSV, NA, '--params', params).stdout)
        got = [float(r['predicted_time_to_train_min']) if r['predicted_time_to_train_min'] else None
               for r in rows]
        self.assertEqual(got, ref.predict_dataset(Dataset.from_csv(CSV, missing=['-', 'core_count']))
                         .column('predicted_time_to_train_min'))

    def test_evaluate_on_few_rows(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'few.csv')
            with open(CSV, newline='', encoding='utf-8') as f:
                rows = [r for r in csv.DictReader(f) if r['round'] in ('v2.1', 'v3.0')
                        and r['accelerator_family'] in ('NVIDIA A100', 'NVIDIA H100')]
            with open(path, 'w', newline='', encoding='utf-8') as f:
                w = csv.DictWriter(f, list(rows[0]))
                w.writeheader()
                w.writerows(rows)
            out = json.loads(ok('--calibrate', '--csv', path, NA, '--evaluate', '--holdout-rounds',
                                'v3.0', '--format', 'json').stdout)
        protocols = {r['protocol'] for r in out['evaluation']}
        self.assertEqual(protocols, {'rounds', 'leave-one-round-out', 'leave-one-family-out'})
        for r in out['evaluation']:
            if r['group'] == 'all':
                parts = [q['rows'] for q in out['evaluation']
                         if q['protocol'] == r['protocol'] and q['group'] in 'abc']
                self.assertEqual(r['rows'], sum(parts))


class SweepCli(unittest.TestCase):
    def test_sweep(self):
        out = json.loads(ok('--network', 'resnet50', '--device', 'h200-sxm-141gb', '--sweep',
                            '1,2,4,...,1024', '--threshold', '0.9', '--format', 'json').stdout)
        counts = [q['count'] for q in out['points']]
        self.assertEqual(counts, [2 ** k for k in range(11)])
        t0 = out['points'][0]['time_to_train_min']
        for q in out['points']:
            self.assertAlmostEqual(q['speedup'], t0 / q['time_to_train_min'])
            self.assertAlmostEqual(q['efficiency'], t0 / q['time_to_train_min'] / q['count'])
        best = max(q['count'] for q in out['points'] if q['efficiency'] >= 0.9)
        self.assertEqual(out['sweet_spot'], best)
        self.assertEqual(out['threshold'], 0.9)
        pts, sweet = Predictor().sweep('resnet50', counts, threshold=0.9, device='h200-sxm-141gb')
        self.assertEqual(out['sweet_spot'], pts[sweet]['count'])

    def test_sweep_csv_table_and_plot(self):
        rows = read_csv(ok('--network', 'resnet50', '--system', 'dgx-h100', '--sweep',
                           '8,16,32,...,256', '--format', 'csv').stdout)
        self.assertEqual([int(r['count']) for r in rows], [8, 16, 32, 64, 128, 256])
        self.assertEqual(sum(int(r['sweet_spot']) for r in rows), 1)
        table = ok('--network', 'resnet50', '--device', 'h100-sxm5-80gb', '--sweep', '1,2,3,...,6').stdout
        self.assertIn('sweet spot:', table)
        self.assertEqual(len([l for l in table.splitlines() if l.strip()[:1].isdigit()]), 6)
        with tempfile.TemporaryDirectory() as d:
            svg = os.path.join(d, 'sweep.svg')
            ok('--network', 'resnet50', '--device', 'h100-sxm5-80gb', '--sweep', '1,2,4,8', '--plot', svg)
            ET.parse(svg)

    def counts(self, sweep):
        rows = read_csv(ok('--network', 'resnet50', '--device', 'h100-sxm5-80gb', '--sweep', sweep,
                           '--format', 'csv').stdout)
        return [int(r['count']) for r in rows]

    def test_two_terms_make_an_arithmetic_series(self):
        self.assertEqual(self.counts('10,20,...,50'), [10, 20, 30, 40, 50])
        self.assertEqual(self.counts('1,2,...,8'), list(range(1, 9)))
        self.assertEqual(self.counts('8,16,...,64'), list(range(8, 65, 8)))

    def test_three_terms_choose_arithmetic_or_geometric(self):
        self.assertEqual(self.counts('2,4,6,...,12'), [2, 4, 6, 8, 10, 12])
        self.assertEqual(self.counts('3,9,27,...,243'), [3, 9, 27, 81, 243])
        # The end of one series is the first term of the next.
        self.assertEqual(self.counts('1,2,...,4,8,16,...,64'), [1, 2, 3, 4, 8, 16, 32, 64])
        self.assertEqual(self.counts('1,2,...,4,8,...,20'), [1, 2, 3, 4, 8, 12, 16, 20])
        self.assertEqual(self.counts('3,4,8,16,...,64'), [3, 4, 8, 16, 32, 64])
        help_text = ' '.join(ok('--help').stdout.split())
        self.assertIn('after two counts the series is arithmetic (10,20,...,50', help_text)
        self.assertIn('their last three must have a constant difference (arithmetic) or a '
                      'constant whole ratio (geometric: 1,2,4,...,1024)', help_text)

    def test_series_that_cannot_be_read_are_usage_errors(self):
        for sweep, message in (
                ('10,25,...,50', "the end 50 is not on the series before '...', which goes from 40 to 55"),
                ('1,2,4,...,1000', 'the end 1000 is not on the series'),
                ('1,3,4,...,9', '1,3,4 before \'...\' have neither a constant difference nor a constant '
                                'whole ratio'),
                ('1,...,8', "'...' needs two terms before it"),
                ('1,2,...,8,...,16', "'...' needs two terms before it"),
                ('1,2,...', "'...' needs an end term after it"),
                ('1,2,...,...,8', "'...' twice in a row"),
                ('1,2,...,2', "'...' must end above 2, not at 2"),
                ('1,2,...,100000', 'more than 4096 counts')):
            with self.subTest(sweep=sweep):
                p = run('--network', 'resnet50', '--device', 'h100-sxm5-80gb', '--sweep', sweep)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertRegex(p.stderr, r'predict: --sweep: column \d+: ')
                self.assertIn(message, p.stderr)
                self.assertEqual(p.stdout, '')


class PlansCli(unittest.TestCase):
    """--sweep with --plan is the binding's sweep(plan=...); --calibrate
    --plans fits the plans on a file's LLM rows, with --evaluate their
    held-out tables."""

    def test_sweep_with_plan(self):
        args = ['--network', 'llama31-8b', '--device', 'h100-sxm5-80gb', '--sweep', '8,16,32',
                '--plan', 'auto', '--batch', '64', '--samples', '64000']
        out = json.loads(ok(*args, '--format', 'json').stdout)
        pts, sweet = Predictor().sweep('llama31-8b', [8, 16, 32], plan='auto', batch=64,
                                       samples=64000, device='h100-sxm5-80gb')
        self.assertEqual(out['sweet_spot'], pts[sweet]['count'])
        for q, x in zip(out['points'], pts):
            self.assertEqual(q['plan'], x['plan']['plan'])
            self.assertAlmostEqual(q['time_to_train_min'], x['time_to_train_s'] / 60)
        table = ok(*args).stdout
        self.assertIn('plan', table.splitlines()[0])
        self.assertIn('tp', table.splitlines()[1])
        p = run('--network', 'resnet50', '--device', 'h100-sxm5-80gb', '--plan', 'auto', '--layers')
        self.assertEqual(p.returncode, 2)

    def test_calibrate_plans(self):
        csv = ('round,division,benchmark,accelerator_model_name,accelerator_family,'
               'total_accelerators,number_of_nodes,global_batch_size,time_to_train_min,'
               'samples_to_converge_mean,tensor_parallel,data_parallel,precision\n'
               'v4.0,closed,llama2_70b_lora,NVIDIA H100-SXM5-80GB,NVIDIA H100,8,1,8,29,3072,4,2,fp8\n'
               'v4.1,closed,llama2_70b_lora,NVIDIA H100-SXM5-80GB,NVIDIA H100,8,1,8,27,3110,4,2,fp8\n'
               'v5.0,closed,llama2_70b_lora,NVIDIA H100-SXM5-80GB,NVIDIA H100,64,8,8,4.3,3150,4,8,fp8\n')
        with tempfile.TemporaryDirectory() as d:
            path, params = os.path.join(d, 'llm.csv'), os.path.join(d, 'p.yaml')
            with open(path, 'w') as f:
                f.write(csv)
            out = json.loads(ok('--calibrate', '--plans', path, '--evaluate', '--save', params,
                                '--format', 'json').stdout)
            self.assertIn('plan_calibration', out)
            self.assertIn('plan_evaluation', out)
            self.assertEqual(set(out['plan_evaluation'][0]), {
                'benchmark', 'protocol', 'group', 'rows', 'searched_rows', 'model_median_ape',
                'model_p90_ape', 'physical_median_ape', 'physical_p90_ape', 'peer_rows',
                'peer_median_ape', 'peer_p90_ape', 'linear_rows', 'linear_median_ape',
                'linear_p90_ape', 'predicted_share'})
            with open(params) as f:
                self.assertIn('plan_corrections:', f.read())
            table = ok('--calibrate', '--plans', path).stdout
            self.assertIn('Parallel plans on the LLM rows', table)
        p = run('--plans', 'x.csv', '--network', 'resnet50', '--device', 'h100-sxm5-80gb')
        self.assertEqual(p.returncode, 2)
        self.assertIn('--plans goes with --calibrate', p.stderr)


class Seed001(unittest.TestCase):
    def test_json(self):
        out = json.loads(ok('--seed001', '--format', 'json').stdout)
        self.assertEqual([m['network'] for m in out['models']], ['small-cnn', 'resnet18-32', 'resnet50-32'])
        self.assertEqual([m['paper_speedup'] for m in out['models']], [2.0, 7.0, 40.6])
        for m in out['models']:
            self.assertAlmostEqual(m['speedup'], m['cpu_s'] / m['gpu_s'])
            self.assertTrue(set(m) >= {'network', 'gpu_s', 'cpu_s', 'speedup', 'paper_speedup'})
        s = [m['speedup'] for m in out['models']]
        self.assertEqual(out['same_ordering'], s[0] < s[1] < s[2])
        self.assertEqual((out['gpu'], out['cpu'], out['batch'], out['precision']),
                         ('rtx-3050', 'core-i5-12400', 128, 'fp32'))
        self.assertIn('Intel', out['cpu_reason'])
        self.assertEqual(out['stack'], 'eager')
        # The same experiment through the binding: 10 epochs of 50,000 images
        # under the eager stack, the shipped fit with the CPU's eager stack
        # refitted for each network on the step rows of the other networks,
        # the GPU fed by the desktop CPU.
        with builtin_steps() as steps:
            names = steps.column('network')
            for m in out['models']:
                p = Predictor()
                with steps.select_rows([i for i, n in enumerate(names) if n != m['network']]) as o:
                    self.assertLess(len(o), len(steps))  # the network has step rows
                    p.calibrate_steps(o)
                run = dict(count=1, batch=128, precision='fp32', epochs=10, epoch_samples=50000,
                           stack='eager')
                g = p.predict(m['network'], device='rtx-3050', host_cpu='core-i5-12400', **run)
                c = p.predict(m['network'], device='core-i5-12400', **run)
                self.assertEqual((m['gpu_s'], m['cpu_s']),
                                 (g['time_to_train_s'], c['time_to_train_s']))

    def test_table_and_variant(self):
        table = ok('--seed001').stdout
        for text in ('core-i5-12400', 'batch 128', 'rtx-3050', 'paper_speedup', '40.6'):
            self.assertIn(text, table)
        out = json.loads(ok('--seed001', '--variant', 'cifar', '--batch', '64', '--format', 'json').stdout)
        self.assertEqual([m['network'] for m in out['models']], ['small-cnn', 'resnet18-cifar', 'resnet50-cifar'])
        self.assertEqual(out['batch'], 64)


class JsonNumbers(unittest.TestCase):
    """Integral figures are integers in the JSON (1000, not 1e+03, which JSON
    reads as a float and YAML as a string); the text reads the same as YAML."""

    def check_ints(self, text, want):
        for doc in (json.loads(text), yaml.safe_load(text)):
            for key, value in want.items():
                self.assertIs(type(doc[key]), int, (key, doc[key]))
                self.assertEqual(doc[key], value)
        self.assertEqual(yaml.safe_load(text), json.loads(text))

    def test_one_configuration(self):
        from accelsel import Catalog
        with Catalog.builtin() as cat:
            memory = cat.device('a100-sxm4-40gb')['memory_bytes']
        self.assertEqual(memory, 40 * 2**30)
        out = ok('--network', 'resnet50', '--device', 'a100-sxm4-40gb', '--count', '8',
                 '--batch', '1000', '--format', 'json').stdout
        self.check_ints(out, {'count': 8, 'global_batch': 1000, 'per_device_batch': 125,
                              'memory_available_bytes': memory})

    def test_exponent_forms_read_as_numbers(self):
        """Figures like 2e-05 (a layer's overhead) are written 2.0e-05: YAML 1.1
        reads an exponent form without a '.' as a string."""
        out = ok('--network', 'resnet50', '--device', 't4', '--layers', '--format', 'json',
                 '--physical').stdout
        rows = Predictor(physical=True).layers('resnet50', device='t4')
        self.assertIn(2e-05, [r['overhead_s'] for r in rows])
        for doc in (json.loads(out), yaml.safe_load(out)):
            for key in ('overhead_s', 'forward_s', 'memory_s'):
                self.assertEqual([l[key] for l in doc['layers']], [r[key] for r in rows])
        self.assertEqual(yaml.safe_load(out), json.loads(out))

    def test_seed001(self):
        out = ok('--seed001', '--format', 'json').stdout
        self.check_ints(out, {'batch': 128, 'epochs': 10, 'samples_per_epoch': 50000})


class PathOnce(unittest.TestCase):
    """The library's message names the file (path:line:column); the CLI does
    not put the path in front of it again."""

    def test_bad_files(self):
        with tempfile.TemporaryDirectory() as d:
            yml, csv_path = os.path.join(d, 'broken-file.yaml'), os.path.join(d, 'broken-file.csv')
            with open(yml, 'w') as f:
                f.write('a: [1\n')
            with open(csv_path, 'w') as f:
                f.write('a,b\n1,"x\n')
            base = ['--network', 'resnet50', '--device', 't4']
            for args, where in ((base + ['--params', yml], yml + ':2:1:'),
                                (base + ['--catalog', yml], yml + ':2:1:'),
                                (['--network', yml, '--device', 't4'], yml + ':2:1:'),
                                (['--from-csv', csv_path], csv_path + ':2:3:'),
                                (['--from-csv', os.path.join(d, 'missing.csv')],
                                 "'%s'" % os.path.join(d, 'missing.csv'))):
                with self.subTest(args=args):
                    p = run(*args)
                    self.assertEqual(p.returncode, 1, p.stderr)
                    self.assertIn(where, p.stderr)
                    self.assertEqual(p.stderr.count(os.path.join(d, '')), 1, p.stderr)


class ExitStatus(unittest.TestCase):
    def usage(self, args, option):
        p = run(*args)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn(option, p.stderr)
        self.assertEqual(p.stdout, '')

    def test_usage_errors_name_the_option(self):
        base = ['--network', 'resnet50', '--device', 'h100-sxm5-80gb']
        self.usage(base + ['--gpus', '8'], '--gpus')
        self.usage(base + ['--count', '0'], '--count')
        self.usage(base + ['--count', '4294967296'],
                   "predict: --count '4294967296' is not a whole number from 1 to 4294967295")
        self.usage(base + ['--samples', '5e-324'],
                   "predict: --samples '5e-324' is not a number of samples from 1 to 1e+18")
        self.usage(base + ['--epoch-samples', '0.5'],
                   "predict: --epoch-samples '0.5' is not a number of samples from 1 to 1e+15")
        self.usage(base + ['--batch', '-5'], '--batch')
        self.usage(base + ['--precision', 'fp12'], '--precision')
        self.usage(base + ['--format', 'csv'], '--format')
        self.usage(base + ['--epochs', '3', '--samples', '100'], '--samples')
        self.usage(base + ['--sweep', '4,2'], '--sweep')
        self.usage(base + ['--sweep', '1,2', '--threshold', '1.5'], '--threshold')
        self.usage(base + ['--count'], '--count')
        self.usage(['--device', 'h100-sxm5-80gb'], '--network')
        self.usage(['--network', 'resnet50'], '--device')
        self.usage(['--from-csv', CSV, '--calibrate'], '--calibrate')
        self.usage(['--seed001', '--network', 'resnet50'], '--seed001')
        self.usage(['--variant', 'cifar'] + base, '--variant')
        self.usage(base + ['--calibrated', '--params', 'p.yaml'], '--calibrated')
        self.usage(['--from-csv', CSV] + base, '--from-csv')
        self.usage(['--calibrate', '--batch', '256'], '--batch')
        self.usage(base + ['--na', '-'], '--na')
        self.usage(base + ['--threshold', '0.5'], 'predict: --threshold goes with --sweep')
        self.usage(base + ['--variant', 'imagenet-stem'], 'predict: --variant goes with --seed001')
        with tempfile.TemporaryDirectory() as d:
            png = os.path.join(d, 's.png')
            self.usage(base + ['--sweep', '1,2', '--plot', png],
                       "predict: --plot '%s' does not end in .svg" % png)
            self.assertFalse(os.path.exists(png))

    def test_special_files_are_refused(self):
        """A FIFO nobody writes would block the read forever: refused at once."""
        base = ['--network', 'resnet50', '--device', 'h100-sxm5-80gb']
        with tempfile.TemporaryDirectory() as d:
            fifo = os.path.join(d, 'fifo.yaml')
            os.mkfifo(fifo)
            for args in (['--network', fifo, '--device', 'h100-sxm5-80gb'],
                         base + ['--catalog', fifo], base + ['--params', fifo]):
                with self.subTest(args=args):
                    p = subprocess.run([CLI, 'predict', *args], capture_output=True, text=True,
                                       timeout=60)
                    self.assertEqual(p.returncode, 1, p.stderr)
                    self.assertIn("'%s' is not a regular file" % fifo, p.stderr)
                    self.assertEqual(p.stdout, '')

    def test_library_errors(self):
        for args, status in ((['--network', 'resnet50', '--device', 'h2000'], 'ACCELSEL_ENOTFOUND'),
                             (['--network', 'resnet999', '--device', 'h100-sxm5-80gb'], 'ACCELSEL_ENOTFOUND'),
                             (['--network', 'resnet50', '--device', 'rtx-3050', '--batch', '65536'],
                              'ACCELSEL_EINFEASIBLE'),
                             (['--network', 'resnet50', '--device', 'h100-sxm5-80gb', '--count', '10',
                               '--nodes', '3'], 'ACCELSEL_EINVAL'),
                             (['--network', 'resnet50', '--device', 'v100-sxm2-16gb', '--precision',
                               'fp8'], 'ACCELSEL_EINVAL'),
                             (['--from-csv', '/nonexistent.csv'], 'ACCELSEL_EIO'),
                             (['--params', '/nonexistent.yaml', '--network', 'resnet50', '--device',
                               't4'], 'ACCELSEL_EIO')):
            p = run(*args)
            self.assertEqual(p.returncode, 1, (args, p.stderr))
            self.assertIn(status, p.stderr)
            self.assertEqual(p.stdout, '')

    def test_help(self):
        p = ok('--help')
        for option in ('--from-csv', '--calibrate', '--sweep', '--seed001', '--plot', '--catalog',
                       '--from-steps', '--steps', '--threads', '--stack'):
            self.assertIn(option, p.stdout)


VM = 'epyc-genoa-vm-2vcpu'  # the built-in step rows' CPU, 2 cores
STEPS_CSV = os.path.join(ROOT, 'data', 'steps', 'builtin.csv')
STEP_COLUMNS = ['network', 'device', 'stack', 'threads', 'batch', 'measured_step_s',
                'predicted_step_s', 'ape']


class StepsCli(unittest.TestCase):
    """accelsel predict --from-steps FILE|builtin [--evaluate] and
    --calibrate --steps, and --threads / --stack on one configuration."""

    @classmethod
    def setUpClass(cls):
        cls.steps = builtin_steps()
        cls.ref = Predictor().predict_steps(cls.steps)

    @classmethod
    def tearDownClass(cls):
        cls.ref.close()
        cls.steps.close()

    def assert_rows_are(self, rows, ref):
        self.assertEqual(len(rows), len(ref))
        for col in STEP_COLUMNS:
            want = ref.column(col)
            got = [r[col] for r in rows]
            if ref.column_type(col) == 'numeric':
                for g, w in zip(got, want):
                    self.assertAlmostEqual(float(g), w, delta=1e-12 * abs(w), msg=col)
            else:
                self.assertEqual(got, want, col)

    def test_from_steps_csv_and_the_error_summary(self):
        p = ok('--from-steps', 'builtin', '--format', 'csv')
        rows = read_csv(p.stdout)
        self.assertEqual(list(rows[0]), STEP_COLUMNS)
        self.assert_rows_are(rows, self.ref)
        for r in rows:  # ape from the two time columns, here
            m, pr = float(r['measured_step_s']), float(r['predicted_step_s'])
            self.assertAlmostEqual(float(r['ape']), 100 * abs(pr / m - 1), delta=1e-9)
        # The rows' measured times are the file's medians, in its order.
        with open(STEPS_CSV, newline='', encoding='utf-8') as f:
            file_rows = list(csv.DictReader(f))
        self.assertEqual([float(r['measured_step_s']) for r in rows],
                         [float(r['step_median_s']) for r in file_rows])
        ape = [float(r['ape']) for r in rows]
        self.assertIn('accelsel: predict: %d step rows: absolute error median %.2f %%, p90 %.2f %%'
                      % (len(rows), statistics.median(ape), percentile(ape, 0.9)), p.stderr)

    def test_from_steps_table_json_and_file(self):
        table = ok('--from-steps', 'builtin').stdout
        self.assertEqual(table.splitlines()[0].split(), STEP_COLUMNS)
        self.assertEqual(len(table.splitlines()), 1 + len(self.ref))
        rows = json.loads(ok('--from-steps', 'builtin', '--format', 'json').stdout)
        self.assert_rows_are(rows, self.ref)
        # The shipped file itself gives the same rows.
        self.assertEqual(ok('--from-steps', STEPS_CSV, '--format', 'csv').stdout,
                         ok('--from-steps', 'builtin', '--format', 'csv').stdout)

    def test_from_steps_evaluate(self):
        out = read_csv(ok('--from-steps', 'builtin', '--evaluate', '--format', 'csv').stdout)
        nets = list(dict.fromkeys(self.steps.column('network')))
        self.assertEqual([r['network'] for r in out], nets + ['all'])
        self.assertEqual(float(out[-1]['rows']), len(self.steps))
        self.assertEqual(sum(float(r['rows']) for r in out[:-1]), len(self.steps))
        # start = the predictor's parameters: the median of --from-steps' errors.
        ape = self.ref.column('ape')
        self.assertAlmostEqual(float(out[-1]['start_median_ape']), statistics.median(ape),
                               delta=1e-9)
        with Predictor().evaluate_steps(self.steps) as ev:
            for r, want in zip(out, ev.column('model_median_ape')):
                self.assertAlmostEqual(float(r['model_median_ape']), want, delta=1e-9 * want)
        table = ok('--from-steps', 'builtin', '--evaluate').stdout
        self.assertIn('Leave one network out', table)
        self.assertIn('leave-one-network-out', table)

    def test_calibrate_with_steps(self):
        """--calibrate --steps: the MLPerf fit, then the eager stack's on the
        steps, as the binding makes them; the saved parameters predict the
        steps as that predictor does."""
        with tempfile.TemporaryDirectory() as d:
            params = os.path.join(d, 'p.yaml')
            ok('--calibrate', '--steps', 'builtin', '--save', params, '--format', 'csv')
            ref = Predictor(physical=True)
            ref.calibrate(Dataset.builtin())
            ref.calibrate_steps(self.steps)
            rows = read_csv(ok('--params', params, '--from-steps', 'builtin', '--format',
                               'csv').stdout)
            with ref.predict_steps(self.steps) as want:
                self.assert_rows_are(rows, want)
            # The fit moved the eager stack: not the compiled-in values' rows.
            with Predictor(physical=True).predict_steps(self.steps) as start:
                self.assertNotEqual([float(r['predicted_step_s']) for r in rows],
                                    start.column('predicted_step_s'))
            p = ok('--calibrate', '--steps', 'builtin', '--evaluate')
            self.assertIn('Step measurements, leave one network out', p.stdout)

    def test_one_configuration_threads_and_stack(self):
        args = ['--network', 'small-cnn', '--device', VM, '--batch', '32', '--format', 'json']
        ref = Predictor()
        for extra, config in (([], {}), (['--threads', '1'], {'threads': 1}),
                              (['--stack', 'eager'], {'stack': 'eager'}),
                              (['--threads', '1', '--stack', 'eager'], {'threads': 1, 'stack': 'eager'}),
                              (['--stack', 'tuned', '--threads', '2'], {'threads': 2})):
            with self.subTest(extra=extra):
                out = json.loads(ok(*args, *extra).stdout)
                want = ref.predict('small-cnn', device=VM, batch=32, **config)
                self.assertEqual(out['step_s'], want['step_s'])
                self.assertEqual(out['correction_source'], want['correction_source'])
                self.assertEqual(out['error_band']['group'], want['error_band']['group'])
                if config.get('stack') == 'eager':
                    self.assertEqual(out['error_band']['group'], 'steps')
        one = json.loads(ok(*args, '--threads', '1').stdout)['step_s']
        both = json.loads(ok(*args, '--threads', '2').stdout)['step_s']
        self.assertGreater(one, both)

    def test_usage_errors(self):
        one = ['--network', 'small-cnn', '--device', VM]
        for args, option in ((['--from-csv', CSV, '--threads', '1'], '--threads'),
                             (['--from-csv', CSV, '--stack', 'eager'], '--stack'),
                             (['--steps', 'builtin'] + one, '--steps'),
                             (['--steps', 'builtin', '--from-steps', 'builtin'], '--steps'),
                             (one + ['--stack', 'bogus'], "--stack 'bogus'"),
                             (one + ['--stack', 'Eager'], '--stack'),
                             (one + ['--threads', '-1'], '--threads'),
                             (one + ['--threads', 'two'], '--threads'),
                             (['--from-steps', 'builtin', '--stack', 'eager'], '--stack'),
                             (['--from-steps', 'builtin', '--threads', '1'], '--threads'),
                             (['--from-steps', 'builtin', '--batch', '8'], '--batch'),
                             (['--from-steps', 'builtin', '--from-csv', CSV], '--from-steps'),
                             (['--from-steps', 'builtin', '--calibrate'], '--from-steps'),
                             (['--from-steps', 'builtin', '--save', 'p.yaml'], '--save'),
                             (['--from-steps', 'builtin', '--format', 'svg'], '--format'),
                             (['--from-steps', 'builtin'] + one, '--from-steps'),
                             (['--seed001', '--threads', '1'], '--seed001'),
                             (['--seed001', '--stack', 'eager'], '--seed001'),
                             (['--calibrate', '--threads', '1'], '--threads'),
                             (one + ['--evaluate'], '--evaluate')):
            with self.subTest(args=args):
                p = run(*args)
                self.assertEqual(p.returncode, 2, p.stderr)
                self.assertIn(option, p.stderr)
                self.assertEqual(p.stdout, '')

    def test_library_errors(self):
        for args, status in ((['--network', 'small-cnn', '--device', VM, '--threads', '3'],
                              'ACCELSEL_ERANGE'),
                             (['--network', 'small-cnn', '--device', 'h100-sxm5-80gb', '--threads',
                               '1'], 'ACCELSEL_EINVAL'),
                             (['--from-steps', '/nonexistent.csv'], 'ACCELSEL_EIO'),
                             (['--calibrate', '--steps', '/nonexistent.csv'], 'ACCELSEL_EIO'),
                             (['--from-steps', CSV], 'ACCELSEL_EPARSE')):
            with self.subTest(args=args):
                p = run(*args)
                self.assertEqual(p.returncode, 1, (args, p.stderr))
                self.assertIn(status, p.stderr)
                self.assertEqual(p.stdout, '')
        p = run('--network', 'small-cnn', '--device', VM, '--threads', '3')
        self.assertIn('3 threads', p.stderr)
        self.assertIn(VM, p.stderr)


def kept_measured_rows():
    """The built-in rows rank's default filters keep: a time to train above 0,
    more than 0 accelerators, closed division, same_runs_as empty."""
    with open(CSV, newline='', encoding='utf-8') as f:
        return [r for r in csv.DictReader(f)
                if r['time_to_train_min'] and float(r['time_to_train_min']) > 0
                and r['total_accelerators'] and float(r['total_accelerators']) > 0
                and r['division_norm'] == 'closed' and r['same_runs_as'] == '']


class RankWithPredictions(unittest.TestCase):
    SPEC = 'h200-sxm-141gb:8,16,64,512;dgx-h100:32'
    NAMES = ['predicted %d x h200-sxm-141gb' % c for c in (8, 16, 64, 512)] + \
        ['predicted 256 x h100-sxm5-80gb', 'predicted 8 x h100-sxm5-80gb']

    def test_marked_and_ranked(self):
        rows = read_csv(ok('--with-predictions', self.SPEC, '--k', '2', '--top', '100000',
                           '--format', 'csv', command='rank').stdout)
        predicted = [r for r in rows if r['round'] == 'predicted']
        self.assertEqual(len(rows) - len(predicted), len(kept_measured_rows()))
        self.assertEqual(sorted(r['system_name'] for r in predicted), sorted(self.NAMES))
        self.assertEqual([int(r['rank']) for r in rows], list(range(1, len(rows) + 1)))
        ref = calibrated().predict('resnet50', device='h200-sxm-141gb', count=16)
        got = [r for r in predicted if r['system_name'] == self.NAMES[1]][0]
        self.assertAlmostEqual(float(got['time_to_train_min']), ref['time_to_train_min'])
        self.assertEqual(float(got['accelerators']), 16)

    def test_a_system_above_one_node_is_measured_against_one_node(self):
        p = ok('--with-predictions', 'dgx-h100:32', '--k', '2', '--top', '100000',
               '--format', 'csv', command='rank')
        self.assertIn("also predicts one node of 'dgx-h100' (8 accelerators)", p.stderr)
        rows = {r['system_name']: r for r in read_csv(p.stdout) if r['round'] == 'predicted'}
        self.assertEqual(sorted(rows), ['predicted 256 x h100-sxm5-80gb',
                                        'predicted 8 x h100-sxm5-80gb'])
        one = calibrated().predict('resnet50', system='dgx-h100', nodes=1)['time_to_train_min']
        pod = calibrated().predict('resnet50', system='dgx-h100', nodes=32)['time_to_train_min']
        # E' = (T_ref / T) / (N / N_ref), the reference one node of 8.
        self.assertAlmostEqual(float(rows['predicted 256 x h100-sxm5-80gb']['efficiency']),
                               one / pod / (256 / 8), places=9)
        self.assertEqual(float(rows['predicted 8 x h100-sxm5-80gb']['efficiency']), 1)

    def test_marked_in_the_table(self):
        table = ok('--with-predictions', self.SPEC, '--k', '2', '--top', '100000',
                   command='rank').stdout
        for name in self.NAMES:
            self.assertIn(name, table)
        self.assertIn(' predicted ', table)  # the round column

    def test_bad_spec(self):
        p = run('--with-predictions', 'h200-sxm-141gb', command='rank')
        self.assertEqual(p.returncode, 2)
        self.assertIn('--with-predictions', p.stderr)
        for counts in ('', '16,8', '0'):
            p = run('--with-predictions', 'h200-sxm-141gb:' + counts, command='rank')
            self.assertEqual(p.returncode, 2)
            self.assertIn("rank: --with-predictions, the counts of 'h200-sxm-141gb'", p.stderr)
            self.assertNotIn('--sweep', p.stderr)
        p = run('--with-predictions', 'h2000:8', command='rank')
        self.assertEqual(p.returncode, 1)
        self.assertIn('ACCELSEL_ENOTFOUND', p.stderr)
        # Read with the spec, before the predictor is calibrated (seconds).
        self.assertIn("accelsel: rank: --with-predictions: no device 'h2000'; nearest: 'H200'",
                      p.stderr)



class IdentityLine(unittest.TestCase):
    """predict --from-csv --plot draws y = x as one thin dashed line, not as
    markers that hide the points on it and read as a family of their own."""

    def test_identity_is_a_line(self):
        with tempfile.TemporaryDirectory() as d:
            svg = os.path.join(d, 'rows.svg')
            p = ok('--from-csv', CSV, NA, '--plot', svg, '--format', 'csv')
            root = ET.parse(svg).getroot()
        rows = list(csv.DictReader(io.StringIO(p.stdout)))

        def positive(v):
            try:
                return float(v) > 0
            except ValueError:
                return False
        shown = sum(1 for r in rows if positive(r['time_to_train_min'])
                    and positive(r['predicted_time_to_train_min']))
        self.assertGreater(shown, 100)
        ns = '{http://www.w3.org/2000/svg}'
        legend = root.find('.//%sg[@class="legend"]' % ns)
        in_legend = set(legend.iter())
        marks = [e for e in root.iter() if e not in in_legend
                 and e.tag in (ns + 'circle', ns + 'polygon', ns + 'rect')
                 and e.get('fill') not in ('none', 'white')]
        self.assertEqual(len(marks), shown)  # one marker per row, none for the identity
        lines = [e for e in root.iter(ns + 'line') if e.get('class') == 'identity']
        self.assertEqual(len(lines), 1)
        self.assertEqual(lines[0].get('stroke-width'), '1')
        self.assertTrue(lines[0].get('stroke-dasharray'))
        labels = [t.text for t in legend.iter(ns + 'text')]
        self.assertEqual(labels[-1], 'y = x')
        self.assertNotIn('predicted = measured', labels)
        families = {r['accelerator_family'] for r in rows if r['accelerator_family']}
        self.assertEqual(set(labels[:-1]) - {'unknown family'}, families)


if __name__ == '__main__':
    unittest.main()
