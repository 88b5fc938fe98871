"""The binding's step-measurement loaders (docs/step-measurements.md): rows
read back, a bad cell's status, line and column, the shipped rows."""
import os
import tempfile
import unittest

import accelsel

HEADER = ('network,device,threads,batch,image_size,precision,framework,framework_version,'
          'steps_timed,step_min_s,step_median_s,measured_at\n')
ROW = 'small-cnn,cpu2,2,32,32,fp32,pytorch-eager,2.1,5,0.04,0.05,2025-06-01\n'
CATALOG = ('version: 1\ndevices:\n'
           '  - {name: cpu2, vendor: v, kind: cpu, cores: 2, clock_hz: 2.0e9, source: s}\n')


class StepsTest(unittest.TestCase):
    def setUp(self):
        self.cat = accelsel.Catalog.from_string(CATALOG)

    def tearDown(self):
        self.cat.close()

    def test_rows_read_back(self):
        with accelsel.steps_from_string(HEADER + ROW, self.cat) as ds:
            self.assertEqual(len(ds), 1)
            self.assertEqual(ds.column('framework_version'), ['2.1'])  # text, not 2.1
            self.assertEqual(ds.column('threads'), [2.0])
            self.assertEqual(ds.column('step_median_s'), [0.05])

    def test_threads_above_the_cores_at_the_cell(self):
        # "small-cnn,cpu2," is 15 bytes: threads starts at byte 16 of line 2.
        with self.assertRaises(accelsel.AccelselError) as e:
            accelsel.steps_from_string(HEADER + ROW.replace(',2,32,', ',3,32,', 1), self.cat)
        self.assertEqual(e.exception.status, 'ACCELSEL_ERANGE')
        self.assertEqual((e.exception.source, e.exception.line, e.exception.column),
                         ('<buffer>', 2, 16))
        self.assertIn('more than the 2 cores', e.exception.message)

    def test_min_steps_timed_option(self):
        text = HEADER + ROW.replace(',2.1,5,', ',2.1,2,')
        with self.assertRaises(accelsel.AccelselError):
            accelsel.steps_from_string(text, self.cat)
        with accelsel.steps_from_string(text, self.cat, min_steps_timed=2) as ds:
            self.assertEqual(ds.column('steps_timed'), [2.0])
        with self.assertRaises(OverflowError):
            accelsel.steps_from_string(text, self.cat, min_steps_timed=-1)

    def test_file_and_builtin(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'steps.csv')
            with open(path, 'w') as f:
                f.write(HEADER + ROW.replace('cpu2', 'cpu3'))
            with self.assertRaises(accelsel.AccelselError) as e:
                accelsel.load_steps(path, self.cat)
            self.assertEqual(e.exception.status, 'ACCELSEL_ENOTFOUND')
            self.assertEqual((e.exception.source, e.exception.column), (path, 11))
        with accelsel.builtin_steps() as ds:  # the built-in catalog
            self.assertGreater(len(ds), 0)
            self.assertTrue(all(ds.column('framework_version')))


if __name__ == '__main__':
    unittest.main()
