"""examples/procurement.c and examples/procurement.py answer the same
question: each exits 0, prints a one-page report whose first choice, Pareto
front and rules of thumb are the command line's for the same question, and
writes a plot that parses as SVG with the Pareto front drawn."""
import json
import os
import subprocess
import sys
import tempfile
import unittest
import xml.etree.ElementTree as ET

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
C_EXAMPLE = os.environ.get('ACCELSEL_PROCUREMENT_EXAMPLE', 'procurement')
SOURCE = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
SVG = '{http://www.w3.org/2000/svg}'


class ProcurementExamplesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        r = subprocess.run([CLI, 'recommend', '--mix', 'resnet50:8,bert-base:2', '--budget', '400000',
                            '--power-cap', '20', '--format', 'json'],
                           capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        cls.cli = json.loads(r.stdout)

    def check(self, command):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'plot.svg')
            r = subprocess.run(command + [path], capture_output=True, text=True, timeout=600)
            self.assertEqual(r.returncode, 0, r.stderr)
            root = ET.parse(path).getroot()
        self.assertEqual(len(list(root.iter(SVG + 'polyline'))), 1)  # the Pareto front
        out = r.stdout
        self.assertIn('%d feasible configurations' % self.cli['feasible_count'], out)
        first = self.cli['feasible'][0]['name']
        self.assertIn(first[:44], out.split('the first five:')[1].splitlines()[2])
        self.assertIn('; '.join(self.cli['pareto']), ' '.join(out.split()))
        for b in self.cli['baselines']:
            self.assertIn('the first choice saves %.1f%%' % b['recommendation_saves_pct'], out)
        self.assertIn('energy is modelled from TDP', out)
        return out

    def test_c_example(self):
        self.check([C_EXAMPLE])

    def test_python_example(self):
        self.check([sys.executable, os.path.join(SOURCE, 'examples', 'procurement.py')])


if __name__ == '__main__':
    unittest.main()
