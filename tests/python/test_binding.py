"""The Python binding's core and Dataset, checked against Python's own csv module."""
import csv
import io
import math
import os
import tempfile
import unittest

import accelsel

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
MLPERF = os.path.join(ROOT, 'data', 'mlperf_training_resnet.csv')


def reference_rows():
    with open(MLPERF, newline='', encoding='utf-8') as f:
        return list(csv.DictReader(f))


class CoreTest(unittest.TestCase):
    def test_version_is_a_triple_with_expected_major(self):
        v = accelsel.version()
        self.assertEqual(len(v), 3)
        self.assertEqual(v[0], accelsel.EXPECTED_MAJOR)

    def test_error_carries_status_message_and_position(self):
        with self.assertRaises(accelsel.AccelselError) as cm:
            accelsel.Dataset.from_csv_text('a,b\n1,2\n3\n')
        e = cm.exception
        self.assertEqual(e.status, 'ACCELSEL_EPARSE')
        self.assertEqual(e.line, 3)
        self.assertIn('<buffer>:3:', e.message)

    def test_missing_file_is_eio_naming_path(self):
        with self.assertRaises(accelsel.AccelselError) as cm:
            accelsel.Dataset.from_csv('/no/such/dir/x.csv')
        self.assertEqual(cm.exception.status, 'ACCELSEL_EIO')
        self.assertIn('/no/such/dir/x.csv', cm.exception.message)
        self.assertIn('No such file', cm.exception.message)


class DatasetTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ref = reference_rows()
        cls.ds = accelsel.Dataset.builtin()

    @classmethod
    def tearDownClass(cls):
        cls.ds.close()

    def test_builtin_shape_and_names_match_the_csv(self):
        self.assertIn('mlperf-training-resnet', accelsel.Dataset.builtin_names())
        self.assertEqual(self.ds.shape, (len(self.ref), len(self.ref[0])))
        self.assertEqual(self.ds.columns, list(self.ref[0].keys()))

    def test_numeric_column_values_and_missing(self):
        self.assertEqual(self.ds.column_type('time_to_train_min'), 'numeric')
        got = self.ds.column('time_to_train_min')
        for row, value in zip(self.ref, got):
            if row['time_to_train_min'] == '':
                self.assertIsNone(value)
            else:
                self.assertEqual(value, float(row['time_to_train_min']))

    def test_categorical_column_values(self):
        self.assertEqual(self.ds.column_type('accelerator_model_name'), 'categorical')
        got = self.ds.column('accelerator_model_name')
        missing = {'', 'na', 'n/a', 'nan'}
        want = [None if r['accelerator_model_name'].lower() in missing else r['accelerator_model_name']
                for r in self.ref]
        self.assertEqual(got, want)

    def test_filters_agree_with_python(self):
        v30 = self.ds.where('round=v3.0')
        self.assertEqual(len(v30), sum(r['round'] == 'v3.0' for r in self.ref))
        big = self.ds.where('total_accelerators=64..')
        want = sum(r['total_accelerators'] != '' and float(r['total_accelerators']) >= 64 for r in self.ref)
        self.assertEqual(len(big), want)
        mid = self.ds.between('total_accelerators', 8, 16)
        want = sum(r['total_accelerators'] != '' and 8 <= float(r['total_accelerators']) <= 16 for r in self.ref)
        self.assertEqual(len(mid), want)
        with self.assertRaises(accelsel.AccelselError) as cm:
            self.ds.where('totl_accelerators=1..2')
        self.assertEqual(cm.exception.status, 'ACCELSEL_ENOTFOUND')
        self.assertIn('total_accelerators', cm.exception.message)

    def test_matrix_and_select_rows(self):
        sub = self.ds.select_rows([5, 0, 5])
        m = sub.matrix(['total_accelerators', 'time_to_train_min'])
        for out, src in zip(m, [5, 0, 5]):
            self.assertEqual(out[0], float(self.ref[src]['total_accelerators']))
            self.assertEqual(out[1], float(self.ref[src]['time_to_train_min']))

    def test_csv_round_trip_is_exact(self):
        text = self.ds.to_csv()
        again = accelsel.Dataset.from_csv_text(text)
        self.assertEqual(again.to_dict(), self.ds.to_dict())
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'out.csv')
            self.ds.to_csv(path)
            self.assertEqual(accelsel.Dataset.from_csv(path).to_dict(), self.ds.to_dict())

    def test_from_columns_and_context_manager(self):
        with accelsel.Dataset.from_columns({'x': [1.5, None, 3], 'k': ['a', None, 'b']}) as ds:
            self.assertEqual(ds.column('x'), [1.5, None, 3.0])
            self.assertEqual(ds.column('k'), ['a', None, 'b'])
            self.assertTrue(ds.is_missing(1, 'x'))
        with self.assertRaisesRegex(Exception, 'Dataset is closed'):
            ds.column('x')

    def test_forced_categorical_keeps_codes(self):
        ds = accelsel.Dataset.from_csv_text('code,v\n0042,1\n0007,2\n', categorical=['code'])
        self.assertEqual(ds.column('code'), ['0042', '0007'])
        self.assertEqual(ds.column_type('v'), 'numeric')


if __name__ == '__main__':
    unittest.main()
