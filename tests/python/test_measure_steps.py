"""tools/measure-steps, run as its documentation says: the parameter-count
check refuses a network whose PyTorch model differs from the zoo's, and the
rows it writes load with the library's step loader (through the binding).

Needs torch and torchvision (Debian's python3-torch, python3-torchvision,
which tools/install-deps installs for the tests stage): without them the
tool fails, and so does this test."""
import csv
import json
import os
import subprocess
import sys
import tempfile
import unittest

import accelsel

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
TOOL = os.path.join(ROOT, 'tools', 'measure-steps')
CLI = os.environ.get('ACCELSEL_CLI', os.path.join(ROOT, 'build', 'examples', 'accelsel'))
DEVICE = 'epyc-genoa-vm-2vcpu'
# The smallest run: one network, one thread, batch 4, one timed step.
QUICK = ['--device', DEVICE, '--networks', 'small-cnn', '--batches', '4', '--threads', '1',
         '--steps', '1', '--warmup', '0', '--allow-few-steps']


def tool(*args):
    return subprocess.run([sys.executable, TOOL, *args], capture_output=True, text=True,
                          timeout=300)


class MeasureStepsTest(unittest.TestCase):
    def test_torch_is_there(self):
        # Not a skip: a stage that runs this test must have installed torch.
        import torch  # noqa: F401
        import torchvision  # noqa: F401

    def test_parameter_count_mismatch_is_refused(self):
        # A stand-in for the CLI whose zoo says small-cnn has one parameter
        # more than its definition (504,394: 4 convs and 2 linears with
        # biases, counted in docs/network-format.md).
        with tempfile.TemporaryDirectory() as d:
            fake = os.path.join(d, 'accelsel')
            with open(fake, 'w') as f:
                f.write('#!/bin/sh\necho \'[{"name": "small-cnn", "params": 504395}]\'\n')
            os.chmod(fake, 0o755)
            out = os.path.join(d, 'rows.csv')
            r = tool(*QUICK, '--accelsel', fake, '--output', out)
            self.assertNotEqual(r.returncode, 0)
            self.assertIn('504394', r.stderr)
            self.assertIn('504395', r.stderr)
            self.assertIn('small-cnn', r.stderr)
            self.assertFalse(os.path.exists(out))

    def test_rows_load_with_the_library(self):
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'rows.csv')
            r = tool(*QUICK, '--accelsel', CLI, '--output', out)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(out, newline='') as f:
                rows = list(csv.DictReader(f))
            self.assertEqual(len(rows), 1)
            self.assertEqual(rows[0]['network'], 'small-cnn')
            # One timed step is below the format's minimum of 5: refused at
            # the steps_timed cell unless the loader is told otherwise.
            with self.assertRaises(accelsel.AccelselError) as e:
                accelsel.load_steps(out)
            self.assertEqual(e.exception.status, 'ACCELSEL_ERANGE')
            self.assertEqual(e.exception.line, 2)
            self.assertIn('steps_timed', e.exception.message)
            ds = accelsel.load_steps(out, min_steps_timed=1)
            self.assertEqual(len(ds), 1)
            got = {c: ds.column(c)[0] for c in ('network', 'device', 'threads', 'batch',
                                                 'image_size', 'precision', 'steps_timed')}
            self.assertEqual(got, {'network': 'small-cnn', 'device': DEVICE, 'threads': 1,
                                   'batch': 4, 'image_size': 32, 'precision': 'fp32',
                                   'steps_timed': 1})
            tmin, tmed = ds.column('step_min_s')[0], ds.column('step_median_s')[0]
            self.assertGreater(tmin, 0)
            self.assertEqual(tmin, tmed)  # one step: its own minimum and median
            self.assertTrue(ds.column('framework_version')[0])
            self.assertRegex(ds.column('measured_at')[0], r'^\d{4}-\d\d-\d\dT')
            ds.close()

    def test_too_few_steps_need_the_option(self):
        r = tool('--device', DEVICE, '--networks', 'small-cnn', '--steps', '3')
        self.assertEqual(r.returncode, 2)
        self.assertIn('--steps must be >= 5', r.stderr)

    def test_unknown_network_is_a_usage_error(self):
        r = tool('--device', DEVICE, '--networks', 'bert-base')
        self.assertEqual(r.returncode, 2)
        self.assertIn("cannot build network 'bert-base'", r.stderr)


if __name__ == '__main__':
    unittest.main()
