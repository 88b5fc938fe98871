"""rank --with-predictions and the library call that every front end makes
(accelsel_predictor_append_predictions_v2() on the requests of
accelsel_predict_spec_requests()) give the same predicted rows, one-node
references included, and each predicted row's efficiency E' is (T_ref / T)
/ (N / N_ref) against the library's row of its device with the fewest
accelerators. The library is called through ctypes alone, so that the test
does not depend on the binding's wrappers."""
import csv
import ctypes
import io
import json
import os
import subprocess
import unittest

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
LIB = ctypes.CDLL(os.environ.get('ACCELSEL_LIBRARY', 'libaccelsel.so.1'))
SPEC = 'h200-sxm-141gb:16,64;dgx-h100:32;t4:8'
VP = ctypes.c_void_p


class PredictorOptions(ctypes.Structure):
    _fields_ = [('version', ctypes.c_uint), ('max_yaml_nodes', ctypes.c_uint64),
                ('calibrate_builtin', ctypes.c_uint32), ('physical', ctypes.c_uint32)]


def fn(name, *argtypes, restype=ctypes.c_int):
    f = getattr(LIB, name)
    f.argtypes, f.restype = list(argtypes), restype
    return f


def ok(rc):
    assert rc == 0, 'status %d' % rc


def library_rows():
    """(system_name, accelerators, time_to_train_min) of the predicted rows."""
    cat, net, pred, ds, out, spec = VP(), VP(), VP(), VP(), VP(), VP()
    reqs, n = VP(), ctypes.c_size_t()
    ok(fn('accelsel_catalog_load_builtin', ctypes.POINTER(VP))(ctypes.byref(cat)))
    ok(fn('accelsel_network_load_zoo', ctypes.POINTER(VP), ctypes.c_char_p, VP)(
        ctypes.byref(net), b'resnet50', None))
    assert fn('accelsel_predictor_options_size', restype=ctypes.c_size_t)() == \
        ctypes.sizeof(PredictorOptions)
    o = PredictorOptions()
    ok(fn('accelsel_predictor_options_init', ctypes.POINTER(PredictorOptions), ctypes.c_uint)(
        ctypes.byref(o), 2))
    o.calibrate_builtin = 1  # as the CLI's rank --with-predictions
    ok(fn('accelsel_predictor_new', ctypes.POINTER(VP), VP, ctypes.POINTER(PredictorOptions))(
        ctypes.byref(pred), cat, ctypes.byref(o)))
    ok(fn('accelsel_dataset_load_builtin', ctypes.POINTER(VP), ctypes.c_char_p)(
        ctypes.byref(ds), b'mlperf-training-resnet'))
    ok(fn('accelsel_predict_spec_parse', ctypes.POINTER(VP), ctypes.c_char_p)(
        ctypes.byref(spec), SPEC.encode()))
    ok(fn('accelsel_predict_spec_requests', ctypes.POINTER(VP), ctypes.POINTER(ctypes.c_size_t),
          VP, VP, VP)(ctypes.byref(reqs), ctypes.byref(n), spec, cat, net))
    ok(fn('accelsel_predictor_append_predictions_v2', ctypes.POINTER(VP), VP, VP, VP,
          ctypes.c_size_t, VP)(ctypes.byref(out), pred, ds, reqs, n, None))
    rows = fn('accelsel_dataset_rows', VP, restype=ctypes.c_size_t)
    col = fn('accelsel_dataset_column_index', VP, ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t))
    number = fn('accelsel_dataset_number', VP, ctypes.c_size_t, ctypes.c_size_t,
                restype=ctypes.c_double)
    string = fn('accelsel_dataset_string', VP, ctypes.c_size_t, ctypes.c_size_t,
                restype=ctypes.c_char_p)
    c = {}
    for name in ('system_name', 'total_accelerators', 'time_to_train_min'):
        c[name] = ctypes.c_size_t()
        ok(col(out, name.encode(), ctypes.byref(c[name])))
    got = [(string(out, r, c['system_name'].value).decode(),
            number(out, r, c['total_accelerators'].value),
            number(out, r, c['time_to_train_min'].value))
           for r in range(rows(ds), rows(out))]
    fn('accelsel_free', VP, restype=None)(reqs)
    fn('accelsel_predict_spec_free', VP, restype=None)(spec)
    for name, h in (('dataset', out), ('dataset', ds), ('predictor', pred),
                    ('network', net), ('catalog', cat)):
        fn('accelsel_%s_free' % name, VP, restype=None)(h)
    return got


class SameRowsTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        r = subprocess.run([CLI, 'rank', '--with-predictions', SPEC, '--k', '2', '--top',
                            '100000', '--format', 'csv'], capture_output=True, text=True,
                           timeout=600)
        assert r.returncode == 0, r.stderr
        cls.cli = [row for row in csv.DictReader(io.StringIO(r.stdout))
                   if row['round'] == 'predicted']
        cls.lib = library_rows()

    def test_the_same_rows_references_included(self):
        # 16 and 64 H200 (two and eight nodes: one node of 8 added), 32 DGX
        # H100 nodes (one node added), 8 T4 (one node already: none added)
        self.assertEqual(len(self.lib), 2 + 1 + 1 + 1 + 1)
        cli = sorted((r['system_name'], float(r['accelerators']), float(r['time_to_train_min']))
                     for r in self.cli)
        self.assertEqual(cli, sorted(self.lib))

    def test_efficiency_against_the_librarys_reference(self):
        # E' per device: against its row with the fewest accelerators
        device = {r['system_name']: r['accelerator_family'] for r in self.cli}
        ref = {}
        for name, count, minutes in self.lib:
            d = device[name]
            if d not in ref or count < ref[d][0]:
                ref[d] = (count, minutes)
        for r in self.cli:
            n_ref, t_ref = ref[r['accelerator_family']]
            want = (t_ref / float(r['time_to_train_min'])) / (float(r['accelerators']) / n_ref)
            self.assertAlmostEqual(float(r['efficiency']), want, places=12, msg=r['system_name'])
        self.assertIn(1.0, [float(r['efficiency']) for r in self.cli])


class LlmBenchmarkTest(unittest.TestCase):
    """On the rows of one LLM benchmark (--benchmark llama2_70b_lora), the
    predicted rows are that benchmark's zoo workload under its fastest plan:
    the time predict --plan auto gives, fp8 (the 8 bits of an H100), the
    benchmark and the plan's sizes in the rows' columns, no one-node
    reference, E' against the smallest predicted row."""

    def test_rows_of_the_benchmark_workload(self):
        r = subprocess.run([CLI, 'rank', '--benchmark', 'llama2_70b_lora', '--with-predictions',
                            'h100-sxm5-80gb:8,64', '--top', '100000', '--format', 'csv'],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        rows = [row for row in csv.DictReader(io.StringIO(r.stdout)) if row['round'] == 'predicted']
        self.assertEqual(sorted(float(x['total_accelerators']) for x in rows), [8, 64])
        times = {}
        for row in rows:
            n = int(float(row['total_accelerators']))
            p = subprocess.run([CLI, 'predict', '--network', 'llama2_70b_lora', '--device',
                                'h100-sxm5-80gb', '--count', str(n), '--plan', 'auto', '--format',
                                'json'], capture_output=True, text=True, timeout=600)
            self.assertEqual(p.returncode, 0, p.stderr)
            plan = json.loads(p.stdout)
            self.assertAlmostEqual(float(row['time_to_train_min']), plan['time_to_train_s'] / 60,
                                   delta=1e-9 * plan['time_to_train_s'])
            self.assertEqual(row['benchmark'], 'llama2_70b_lora')
            self.assertEqual(row['precision'], 'fp8')
            self.assertEqual(float(row['tensor_parallel']), plan['plan']['tp'])
            self.assertEqual(float(row['context_parallel']), plan['plan']['cp'])
            times[n] = float(row['time_to_train_min'])
        for row in rows:
            n = int(float(row['total_accelerators']))
            want = (times[8] / times[n]) / (n / 8)
            self.assertAlmostEqual(float(row['efficiency']), want, places=12)


if __name__ == '__main__':
    unittest.main()
