"""accelsel place: its decision against the rule worked out here from
`accelsel predict --format json` of each partition (the cluster file's
partitions idle: the earliest completion is the shortest run; the time
limit is run / (1 - p90 / 100)), the same job by options and by --spec,
the JSON's fields, and the errors: a usage error names the option, a
library refusal the option that feeds the blamed field, a cluster file's
error its line and column."""
import json
import os
import subprocess
import tempfile
import textwrap
import unittest

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
CLUSTER = textwrap.dedent('''\
    version: 1
    now: 600
    partitions:
      - {name: v100, device: v100-sxm2-32gb, nodes: 2, per_node: 8}
      - {name: a100, device: a100-sxm4-80gb, nodes: 1, per_node: 8}
      - {name: h100, device: h100-sxm5-80gb, nodes: 1, per_node: 8,
         free: 0, busy: [{count: 8, until: 4200}]}
    ''')
DEVICES = {'v100': 'v100-sxm2-32gb', 'a100': 'a100-sxm4-80gb', 'h100': 'h100-sxm5-80gb'}


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=300)


class PlaceTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.cluster = os.path.join(cls.tmp.name, 'cluster.yaml')
        with open(cls.cluster, 'w') as f:
            f.write(CLUSTER)

    def place(self, *args):
        r = run('place', '--cluster', self.cluster, '--format', 'json', *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        return json.loads(r.stdout)

    def test_the_earliest_completion_by_hand(self):
        """8 accelerators, 10 epochs of ResNet-50 at 2,048: the H100s are
        busy until 4,200 s (now 600), the others free now."""
        out = self.place('--network', 'resnet50', '--epochs', '10', '--batch', '2048',
                         '--min', '8', '--max', '8')
        runs = {}
        for part, device in DEVICES.items():
            r = run('predict', '--format', 'json', '--network', 'resnet50', '--device', device,
                    '--count', '8', '--epochs', '10', '--batch', '2048')
            p = json.loads(r.stdout)
            start = 4200 if part == 'h100' else 600
            runs[part] = (start + p['time_to_train_min'] * 60, p['time_to_train_min'] * 60,
                          p['error_band']['p90_pct'], start)
        order = sorted(runs, key=lambda k: runs[k][0])
        c = out['choice']
        self.assertEqual(c['partition'], order[0])
        done, run_s, p90, start = runs[order[0]]
        self.assertEqual(c['start_s'], start)
        self.assertAlmostEqual(c['run_s'], run_s, delta=1e-9 * run_s)
        self.assertAlmostEqual(c['completion_s'], done, delta=1e-9 * done)
        self.assertAlmostEqual(c['time_limit_s'], run_s / (1 - p90 / 100), delta=1e-9 * run_s)
        self.assertEqual([a['partition'] for a in out['alternatives']], order[1:])
        self.assertEqual((c['count'], c['nodes'], c['per_node']), (8, 1, 8))

    def test_spec_and_options_agree(self):
        a = self.place('--network', 'bert-base', '--samples', '2e6', '--device-batch', '32',
                       '--max', '4', '--policy', 'min-accelerator-hours', '--margin', 'median')
        b = self.place('--spec', 'network=bert-base,samples=2e6,device_batch=32,max=4',
                       '--policy', 'min-accelerator-hours', '--margin', 'median')
        self.assertEqual(a, b)
        self.assertEqual((a['policy'], a['margin']), ('min-accelerator-hours', 'median'))
        self.assertLessEqual(a['choice']['count'], 4)

    def test_errors(self):
        r = run('place', '--cluster', self.cluster, '--network', 'resnet50', '--min', '0')
        self.assertEqual(r.returncode, 2)
        self.assertIn('--min', r.stderr)
        r = run('place', '--cluster', self.cluster, '--network', 'resnet50', '--spec', 'x')
        self.assertEqual(r.returncode, 2)
        self.assertIn('not both', r.stderr)
        r = run('place', '--network', 'resnet50')
        self.assertEqual(r.returncode, 2)
        self.assertIn('--cluster', r.stderr)
        r = run('place', '--cluster', self.cluster, '--network', 'resnet50', '--min', '64')
        self.assertEqual(r.returncode, 1)
        self.assertIn('--min: min_count 64 is more than any allowed partition has', r.stderr)
        r = run('place', '--cluster', self.cluster, '--spec', 'network=resnet50,min=2.5')
        self.assertEqual(r.returncode, 1)
        # 'network=resnet50,min=' is 21 bytes: the value at column 22
        self.assertIn("--spec: column 22: '2.5' is not a whole number", r.stderr)
        r = run('place', '--cluster', self.cluster, '--network', 'resnet50',
                '--partitions', 'a100,h200')
        self.assertEqual(r.returncode, 1)
        self.assertIn("--partitions: no partition 'h200'", r.stderr)
        bad = os.path.join(self.tmp.name, 'bad.yaml')
        with open(bad, 'w') as f:
            f.write('version: 1\npartitions:\n  - {name: a, device: g10, nodes: 1, per_node: 4}\n')
        r = run('place', '--cluster', bad, '--network', 'resnet50')
        self.assertEqual(r.returncode, 1)
        self.assertIn(bad + ":3:23: no device 'g10'", r.stderr)


if __name__ == '__main__':
    unittest.main()
