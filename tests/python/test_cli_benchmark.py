"""accelsel data --list and --benchmark NAME on data, rank, cluster and
predict --from-csv: the built-in table of each MLPerf Training benchmark,
and a file's rows of one benchmark. The row counts are checked against
data/mlperf_training.csv read by Python's csv module, and the file cases
against a small table written here."""
import collections
import csv
import json
import os
import subprocess
import tempfile
import unittest

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
ALL = os.path.join(ROOT, 'data', 'mlperf_training.csv')
RESNET = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)


def rows_of(path):
    with open(path, newline='', encoding='utf-8') as f:
        return list(csv.DictReader(f))


def ok(test, r):
    test.assertEqual(r.returncode, 0, r.stderr)
    return r.stdout


# A table of two benchmarks, with a benchmark value that only differs in case.
SMALL = ('benchmark,system_name,total_accelerators,time_to_train_min\n'
         'gpt3,a,512,60\n'
         'bert,b,8,20\n'
         'gpt3,c,1024,32\n'
         'GPT3,d,64,400\n')


class ListTest(unittest.TestCase):
    def test_list_names_every_builtin_with_its_rows(self):
        listed = json.loads(ok(self, run('data', '--list', '--format', 'json')))
        per = collections.Counter(r['benchmark'] for r in rows_of(ALL))
        self.assertEqual(len(listed), 1 + len(per))  # ResNet-50's table, all, one per other
        self.assertEqual(listed[0]['name'], 'mlperf-training-resnet')
        self.assertEqual((listed[0]['rows'], listed[0]['columns']), (343, 38))
        self.assertEqual(listed[1]['name'], 'mlperf-training')
        self.assertEqual((listed[1]['benchmark'], listed[1]['rows']), ('all', sum(per.values())))
        for entry in listed[2:]:
            self.assertEqual(entry['name'], 'mlperf-training-' + entry['benchmark'])
            self.assertEqual(entry['rows'], per[entry['benchmark']], entry['name'])
            self.assertEqual(entry['columns'], 59)
            self.assertTrue(entry['description'])
        self.assertEqual({e['benchmark'] for e in listed[2:]}, set(per) - {'resnet'})
        self.assertEqual(per['resnet'], 343)  # v0.5 to v3.1, as the ResNet table

    def test_list_as_a_table_and_as_csv(self):
        table = ok(self, run('data', '--list')).splitlines()
        self.assertTrue(table[0].split()[:4] == ['name', 'benchmark', 'rows', 'columns'], table[0])
        self.assertTrue(any(line.split()[:3] == ['mlperf-training-gpt3', 'gpt3', '42']
                            for line in table), table)
        listed = list(csv.DictReader(ok(self, run('data', '--list', '--format', 'csv'))
                                     .splitlines()))
        self.assertEqual(listed[1]['name'], 'mlperf-training')

    def test_list_takes_only_format(self):
        for extra in (['--csv', ALL], ['--benchmark', 'gpt3'], ['--derive'],
                      ['--where', 'round=v4.0'], ['--columns', 'round'], ['--rows', 'kept']):
            r = run('data', '--list', *extra)
            self.assertEqual(r.returncode, 2, (extra, r.stderr))
            self.assertIn('--list', r.stderr)


class DataBenchmarkTest(unittest.TestCase):
    def test_each_builtin_benchmark_is_its_rows_of_the_file(self):
        by_bench = collections.defaultdict(list)
        for row in rows_of(ALL):
            by_bench[row['benchmark']].append(row)
        for bench in ('gpt3', 'llama2_70b_lora', 'llama31_405b', 'bert', 'minigo'):
            with self.subTest(bench=bench):
                got = json.loads(ok(self, run('data', '--benchmark', bench, '--format', 'json')))
                want = by_bench[bench]
                self.assertEqual(len(got), len(want))
                self.assertEqual([g['system_name'] for g in got],
                                 [w['system_name'] for w in want])
                self.assertEqual([g['round'] for g in got], [w['round'] for w in want])
                self.assertEqual({g['benchmark'] for g in got}, {bench})

    def test_resnet_is_the_table_without_the_option(self):
        for fmt in ('table', 'csv', 'json'):
            self.assertEqual(ok(self, run('data', '--benchmark', 'resnet', '--format', fmt)),
                             ok(self, run('data', '--format', fmt)), fmt)

    def test_all_shows_the_benchmark_column(self):
        lines = ok(self, run('data', '--benchmark', 'all')).splitlines()
        self.assertEqual(lines[0].split()[:2], ['benchmark', 'round'])
        self.assertEqual(len(lines), 1 + len(rows_of(ALL)))
        # one benchmark: the column says nothing, and is left out
        head = ok(self, run('data', '--benchmark', 'gpt3')).splitlines()[0]
        self.assertEqual(head.split()[0], 'round')
        # a column missing on every row is left out too: no throughput on GPT-3 rows
        head = ok(self, run('data', '--benchmark', 'gpt3', '--derive')).splitlines()[0]
        self.assertIn('efficiency', head)
        self.assertNotIn('throughput_per_accelerator', head)
        head = ok(self, run('data', '--derive')).splitlines()[0]
        self.assertIn('throughput_per_accelerator', head)

    def test_unknown_builtin_names_the_option_and_the_known(self):
        r = run('data', '--benchmark', 'gpt-3')
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertTrue(r.stderr.startswith("accelsel: data: --benchmark: no MLPerf Training "
                                            "benchmark 'gpt-3' (closest: 'gpt3'"), r.stderr)
        self.assertIn('llama31_405b', r.stderr)
        self.assertIn('ACCELSEL_ENOTFOUND', r.stderr)

    def test_rows_of_a_file(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'small.csv')
            with open(path, 'w') as f:
                f.write(SMALL)
            got = json.loads(ok(self, run('data', '--csv', path, '--benchmark', 'gpt3',
                                          '--format', 'json')))
            self.assertEqual([g['system_name'] for g in got], ['a', 'c'])  # exact: not GPT3
            got = json.loads(ok(self, run('data', '--csv', path, '--benchmark', 'all',
                                          '--format', 'json')))
            self.assertEqual(len(got), 4)
            r = run('data', '--csv', path, '--benchmark', 'dlrm')
            self.assertEqual(r.returncode, 1)
            self.assertEqual(r.stdout, '')
            self.assertTrue(r.stderr.startswith('accelsel: data: --benchmark: no row of '), r.stderr)
            self.assertIn("'dlrm' (its rows are of gpt3, bert, GPT3)", r.stderr)
            # a file without the column
            r = run('data', '--csv', RESNET, '--benchmark', 'resnet')
            self.assertEqual(r.returncode, 1)
            self.assertIn("has no text column 'benchmark'", r.stderr)
            # the file's own rows of a benchmark, as the built-in table of it
            got = json.loads(ok(self, run('data', '--csv', ALL, '--na=-,core_count',
                                          '--benchmark', 'rgat', '--format', 'json')))
            want = json.loads(ok(self, run('data', '--benchmark', 'rgat', '--format', 'json')))
            self.assertEqual(got, want)


class RankClusterBenchmarkTest(unittest.TestCase):
    def test_rank_on_another_benchmark_leaves_out_throughput(self):
        out = json.loads(ok(self, run('rank', '--benchmark', 'gpt3', '--format', 'json')))
        s = out['settings']
        self.assertEqual(s['source'], 'built-in mlperf-training-gpt3')
        self.assertEqual(s['rows_in'], 42)
        self.assertEqual(s['features'], ['log10(accelerators)', 'log10(time_to_train_min)',
                                         'efficiency'])
        self.assertEqual([(c['column'], c['direction']) for c in s['criteria']],
                         [('time_to_train_min', 'cost'), ('efficiency', 'benefit'),
                          ('accelerator_hours', 'cost')])
        self.assertTrue(any('other than ResNet-50' in n for n in s['notes']), s['notes'])
        table = ok(self, run('rank', '--benchmark', 'gpt3'))
        self.assertIn('rows of the built-in MLPerf data mlperf-training-gpt3', table)
        self.assertNotIn('img/s/acc.', table)
        self.assertNotIn('images/s', table)

    def test_rank_with_energy_for_the_power_rows(self):
        out = json.loads(ok(self, run('rank', '--benchmark', 'llama2_70b_lora',
                                      '--where', 'measured_energy_kwh=0..', '--format', 'json')))
        crit = [c['column'] for c in out['settings']['criteria']]
        self.assertEqual(crit[-1], 'measured_energy_kwh')
        self.assertEqual(out['settings']['rows_kept'], 5)

    def test_rank_resnet_is_the_default(self):
        self.assertEqual(ok(self, run('rank', '--benchmark', 'resnet', '--format', 'csv')),
                         ok(self, run('rank', '--format', 'csv')))

    def test_rank_on_a_files_rows(self):
        r = run('rank', '--csv', ALL, '--na=-,core_count', '--benchmark', 'gpt3', '--format',
                'json')
        out = json.loads(ok(self, r))
        self.assertEqual(out['settings']['source'], ALL)
        self.assertEqual(out['settings']['benchmark'], 'gpt3')
        self.assertEqual(out['settings']['rows_in'], 42)

    def test_cluster_on_another_benchmark(self):
        r = run('cluster', '--benchmark', 'llama31_405b', '--k', '2', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('the default features are log10(total_accelerators),'
                      'log10(time_to_train_min)', r.stderr)
        out = json.loads(r.stdout)
        self.assertEqual(len(out['labels']), 14)
        # features given: no note
        r = run('cluster', '--benchmark', 'llama31_405b', '--k', '2',
                '--features', 'log10(total_accelerators)')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, '')


class ReadmeFindingsTest(unittest.TestCase):
    """The figures of README.md's "Every MLPerf Training benchmark" and "Speed
    across benchmarks" are what the commands print."""

    @classmethod
    def setUpClass(cls):
        with open(os.path.join(ROOT, 'README.md'), encoding='utf-8') as f:
            cls.readme = ' '.join(f.read().split())

    def has(self, text):
        self.assertTrue(text in self.readme, 'README.md lacks %r' % text)

    def rank(self, *args):
        return json.loads(ok(self, run('rank', '--format', 'json', *args)))

    def test_groups_and_best_configurations(self):
        for bench in ('gpt3', 'llama2_70b_lora', 'llama31_405b', 'bert'):
            with self.subTest(bench=bench):
                out = self.rank('--benchmark', bench)
                self.has('R^2 %.3f' % out['importance']['oob_r2'])
                first = out['cluster_ranking']['order'][0]['score']
                self.has('%.3f' % first)
                top = out['top_configurations'][0]
                self.has('%s (%s' % (top['system_name'], top['round']))
                self.has('%.2f min, E\' %.2f' % (top['time_to_train_min'], top['efficiency']))
                sil = out['k_selection']['candidates'][out['k_selection']['k'] - 2]['silhouette']
                self.has('k = %d (%.3f' % (out['k_selection']['k'], sil))

    def test_energy_ranking(self):
        out = self.rank('--benchmark', 'llama2_70b_lora', '--where', 'measured_energy_kwh=0..')
        self.assertEqual(out['settings']['rows_kept'], 5)
        top = out['top_configurations'][0]
        self.has('5.03 min, 4.59 kWh, score %.3f' % top['score'])

    def test_cross_table(self):
        r = ok(self, run('cross', '--where', 'round=v4.1', '--where', 'total_accelerators=8',
                         '--format', 'json'))
        nyx = {g['benchmark']: g['speed_per_accelerator_vs_reference'] for g in json.loads(r)
               if g['system_name'] == 'Nyx (1x NVIDIA DGX B200)'}
        self.has('| | 1.35 | Llama 2 70B LoRA 2.02, DLRM-DCNv2 1.52')
        self.assertEqual(('%.2f' % nyx['bert'], '%.2f' % nyx['llama2_70b_lora']),
                         ('1.35', '2.02'))


class PredictBenchmarkTest(unittest.TestCase):
    def test_builtin_rows_of_a_benchmark(self):
        r = run('predict', '--from-csv', 'builtin', '--benchmark', 'llama31_405b', '--format',
                'json')
        rows = json.loads(ok(self, r))
        self.assertEqual(len(rows), 14)
        for row in rows:  # the predictor models ResNet-50 only
            self.assertIsNone(row['predicted_time_to_train_min'])
            self.assertIn("benchmark 'llama31_405b'", row['prediction_note'])

    def test_builtin_is_the_resnet_table(self):
        self.assertEqual(ok(self, run('predict', '--from-csv', 'builtin')),
                         ok(self, run('predict', '--from-csv', RESNET, '--na=-,core_count')))
        self.assertEqual(ok(self, run('predict', '--from-csv', 'builtin', '--benchmark', 'resnet')),
                         ok(self, run('predict', '--from-csv', 'builtin')))

    def test_benchmark_goes_with_from_csv(self):
        for args in (['--network', 'resnet50', '--device', 'h100', '--benchmark', 'gpt3'],
                     ['--calibrate', '--benchmark', 'resnet']):
            r = run('predict', *args)
            self.assertEqual(r.returncode, 2, (args, r.stderr))
            self.assertIn('--benchmark goes with --from-csv', r.stderr)
        r = run('predict', '--from-csv', 'builtin', '--na', 'x')
        self.assertEqual(r.returncode, 2, r.stderr)


if __name__ == '__main__':
    unittest.main()
