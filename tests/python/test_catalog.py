"""The Catalog class of the Python binding and `accelsel catalog`, checked
against datasheet figures, the MLPerf CSV read with Python's csv module, and
round trips through YAML text."""
import csv
import json
import os
import subprocess
import tempfile
import unittest

import accelsel

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))

SMALL = """version: 1
links:
  - {name: qsfp, technology: board, bw_bytes_s: 12.5e9, source: DS962}
devices:
  - {name: gpu-a, aliases: [GPU A], vendor: V, kind: gpu, memory_bytes: 8e9,
     peak_flops: {fp16: 100e12}, source: sheet}
designs:
  - {name: t, dataflow: tiled, precision: int8, macs: 1024, clock_hz: 200e6, source: paper}
systems:
  - name: pair
    slots: [{designs: [t], memory_bytes: 4e9}, {device: gpu-a}]
    links: [{slots: [0, 1], link: qsfp}]
    source: made up for the test
"""


def run(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)


def mlperf_rows(name='mlperf_training_resnet.csv'):
    with open(os.path.join(ROOT, 'data', name), newline='', encoding='utf-8') as f:
        return list(csv.DictReader(f))


class CatalogTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cat = accelsel.Catalog.builtin()

    @classmethod
    def tearDownClass(cls):
        cls.cat.close()

    def test_datasheet_figures(self):
        # NVIDIA A100 datasheet: 19.5 FP32 and 312 FP16 TFLOP/s, 1,555 GB/s, 400 W.
        a100 = self.cat.device('NVIDIA A100-SXM4-40GB')
        self.assertEqual(a100['name'], 'a100-sxm4-40gb')
        self.assertEqual(a100['peak_flops']['fp32'], 19.5e12)
        self.assertEqual(a100['peak_flops']['fp16'], 312e12)
        self.assertEqual(a100['memory_bw_bytes_s'], 1555e9)
        self.assertEqual(a100['tdp_w'], 400)
        self.assertEqual(a100['memory_bytes'], 40 * 2**30)
        # Cloud TPU v4 documentation: 275 TFLOPS bf16, 32 GiB at 1200 GBps.
        tpu = self.cat.device('TPU-v4')
        self.assertEqual((tpu['peak_flops']['bf16'], tpu['memory_bytes'], tpu['memory_bw_bytes_s']),
                         (275e12, 32 * 2**30, 1200e9))
        self.assertIsNone(tpu['tdp_w'])  # Google publishes measured power, not a TDP

    def test_cpu_peak_is_cores_times_clock_times_flops_per_cycle(self):
        cpu = self.cat.device('AMD EPYC 7763 64-Core Processor')
        expected = cpu['cores'] * cpu['clock_hz'] * cpu['flops_per_cycle']['fp64']
        self.assertAlmostEqual(cpu['peak_flops']['fp64'], 64 * 2.45e9 * 16, delta=1)
        self.assertAlmostEqual(cpu['peak_flops']['fp64'], expected, delta=1)
        self.assertIn('peak_flops.fp64', cpu['derived'])

    def test_every_mlperf_accelerator_spelling(self):
        rows = mlperf_rows()
        names = sorted({r['accelerator_model_name'] for r in rows})
        self.assertEqual(len(names), 67)
        unresolved = []
        for n in names:
            try:
                self.cat.find('device', n)
            except accelsel.AccelselError as e:
                self.assertEqual(e.status, 'ACCELSEL_ENOTFOUND')
                unresolved.append(n)
        # "N/A" and "NA" mark CPU-only rows; "TPU" alone names a whole family.
        self.assertEqual(unresolved, ['N/A', 'NA', 'TPU'])

    def test_mlperf_row_coverage(self):
        rows = mlperf_rows()
        hits = 0
        for r in rows:
            cpu_only = r['accelerator_family'] == 'none (CPU only)'
            name = r['host_processor_model_name'] if cpu_only else r['accelerator_model_name']
            try:
                dev = self.cat.device(name)
            except accelsel.AccelselError:
                continue
            hits += 1
            if cpu_only:
                self.assertEqual(dev['kind'], 'cpu')
        self.assertGreaterEqual(hits / len(rows), 0.95)

    def test_every_benchmark_row_coverage(self):
        # Every benchmark of every round (data/mlperf_training.csv): the same
        # rule, 1,990 of 2,037 rows. What stays unresolved names no single
        # device: "TPU" alone (TPU v4 rows of v0.7 and v1.0) and two CPUs
        # known only by code name.
        rows = mlperf_rows('mlperf_training.csv')
        hits, unresolved = 0, set()
        for r in rows:
            cpu_only = r['accelerator_family'] == 'none (CPU only)'
            name = r['host_processor_model_name'] if cpu_only else r['accelerator_model_name']
            try:
                self.cat.device(name)
                hits += 1
            except accelsel.AccelselError:
                unresolved.add(name)
        self.assertEqual(hits, 1990)
        self.assertGreaterEqual(hits / len(rows), 0.95)
        self.assertEqual(unresolved, {
            'TPU', 'Intel(R) Xeon(R) code named Sapphire Rapids',
            'Pre-released Intel\u00ae Xeon Scalable processor codenamed Cooper Lake-6'})

    def test_unknown_name_suggests(self):
        with self.assertRaises(accelsel.AccelselError) as ctx:
            self.cat.device('H100 SXM5 81GB')
        self.assertEqual(ctx.exception.status, 'ACCELSEL_ENOTFOUND')
        self.assertIn("'H100 SXM5 80GB'", ctx.exception.message)

    def test_typed_names(self):
        # Spellings from product pages resolve through the library's normal form.
        self.assertEqual(self.cat.device('NVIDIA GeForce RTX 4090 24GB')['name'], 'rtx-4090')
        self.assertEqual(self.cat.device('Intel Gaudi 2')['name'], 'gaudi2')
        self.assertEqual(self.cat.device('NVIDIA H100 SXM 80GB')['name'], 'h100-sxm5-80gb')
        with self.assertRaises(accelsel.AccelselError) as ctx:
            self.cat.device('h100')
        self.assertEqual(ctx.exception.status, 'ACCELSEL_ENOTFOUND')
        self.assertIn("it names 4 devices: 'h100-sxm5-80gb', 'h100-sxm5-96gb', "
                      "'h100-pcie-80gb', 'h100-nvl-94gb'", ctx.exception.message)

    def test_round_trip(self):
        text = self.cat.to_string()
        with accelsel.Catalog.from_string(text) as again:
            self.assertEqual(again.to_string(), text)
            self.assertEqual(again.devices(), self.cat.devices())
            self.assertEqual(again.systems(), self.cat.systems())
            self.assertEqual(again.designs(), self.cat.designs())

    def test_file_round_trip(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'small.yaml')
            with accelsel.Catalog.from_string(SMALL) as small:
                small.save(path)
                with accelsel.Catalog.load(path) as again:
                    self.assertEqual(again.to_string(), small.to_string())

    def test_adaptive_systems(self):
        for name, n in (('adaptive-4', 4), ('adaptive-8', 8)):
            sysinfo = self.cat.system(name)
            self.assertEqual(sysinfo['n_slots'], n)
            for k in range(n):
                slot = self.cat.slot(name, k)
                self.assertIsNone(slot['device'])
                flows = {self.cat.design(d)['dataflow'] for d in slot['designs']}
                self.assertEqual(flows, {'tiled', 'weight-stationary', 'output-stationary',
                                         'row-stationary'})
                self.assertIsNone(self.cat.system_link(name, k, k))
                self.assertEqual(self.cat.system_link(name, k, (k + 1) % n), 'qsfp28-100gbe')
        # Alveo U280 (DS962): 8 GB HBM2 at 460 GB/s.
        self.assertEqual(self.cat.slot('adaptive-8', 7)['memory_bw_bytes_s'], 460e9)

    def test_small_catalog_slots(self):
        with accelsel.Catalog.from_string(SMALL) as c:
            self.assertEqual(len(c), 4)
            self.assertEqual(c.slot('pair', 1)['memory_bytes'], 8e9)  # the device's
            self.assertEqual(c.slot('pair', 0)['memory_bytes'], 4e9)  # its own
            self.assertEqual(c.system_link('pair', 1, 0), 'qsfp')
            # 2 x 1024 MACs x 200 MHz = 409.6 GOP/s, computed by the library.
            self.assertAlmostEqual(c.design('t')['peak_ops'], 409.6e9, delta=1)
            with self.assertRaises(IndexError):
                c.slot('pair', 2)

    def test_merge_and_select(self):
        with accelsel.Catalog.from_string(SMALL) as a:
            with self.assertRaises(accelsel.AccelselError) as ctx:
                a.merge(a)
            self.assertEqual(ctx.exception.status, 'ACCELSEL_EINVAL')
            self.assertIn("'gpu-a'", ctx.exception.message)
            with a.merge(a, override=True) as m:
                self.assertEqual(m.to_string(), a.to_string())
        with self.cat.select(['dgx-h100']) as sel:
            names = sorted(d['name'] for d in sel.devices())
            self.assertEqual(names, ['h100-sxm5-80gb', 'xeon-platinum-8480c'])
            self.assertEqual(len(sel.links()), 3)

    def test_malformed_input_reports_line(self):
        bad = SMALL.replace('vendor: V,', 'vendor: V, colour: red,')
        with self.assertRaises(accelsel.AccelselError) as ctx:
            accelsel.Catalog.from_string(bad)
        e = ctx.exception
        self.assertEqual(e.status, 'ACCELSEL_EPARSE')
        self.assertEqual(e.line, 5)
        self.assertIn("unknown key 'colour'", e.message)

    def test_closed_catalog_is_rejected(self):
        c = accelsel.Catalog.from_string(SMALL)
        c.close()
        with self.assertRaisesRegex(Exception, 'Catalog is closed'):
            c.devices()


class CatalogDocsTest(unittest.TestCase):
    def test_format_document_example_loads(self):
        with open(os.path.join(ROOT, 'docs', 'catalog-format.md'), encoding='utf-8') as f:
            text = f.read()
        block = text.split('```yaml\n', 1)[1].split('```', 1)[0]
        with accelsel.Catalog.from_string(block) as cat:
            # EPYC 7742: 64 cores x 2.25 GHz x 16 = 2.304 TFLOP/s FP64, as the comment says.
            self.assertAlmostEqual(cat.device('epyc-7742')['peak_flops']['fp64'], 2.304e12, delta=1)
            self.assertAlmostEqual(cat.design('zhang-fpga15')['peak_ops'], 89.6e9, delta=1)
            self.assertEqual(cat.slot('two-fpgas', 1)['memory_bw_bytes_s'], 1555e9)


class CatalogCliTest(unittest.TestCase):
    def test_list_json_matches_binding(self):
        r = run('catalog', 'list', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        doc = json.loads(r.stdout)
        with accelsel.Catalog.builtin() as cat:
            self.assertEqual([d['name'] for d in doc['devices']], [d['name'] for d in cat.devices()])
            self.assertEqual(len(doc['systems']), len(cat.systems()))
            h100 = next(d for d in doc['devices'] if d['name'] == 'h100-sxm5-80gb')
            self.assertEqual(h100['memory_bw_bytes_s'], 3.35e12)
            # the price report tells "not sold" apart from "no price found", as the binding says
            devices = cat.devices()
            prices = doc['prices']
            gpus = [d for d in devices if d['kind'] != 'cpu' and d['price_usd'] is None]
            self.assertEqual(prices['accelerators_not_sold'],
                             [d['name'] for d in gpus if d['sale'] == 'rent-only'])
            self.assertEqual(prices['accelerators_without_price'],
                             [d['name'] for d in gpus if d['sale'] != 'rent-only'])
            self.assertIn('tpu-v4', prices['accelerators_not_sold'])
            self.assertNotIn('tpu-v4', prices['accelerators_without_price'])
            self.assertEqual(next(d for d in doc['devices'] if d['name'] == 'tpu-v4')['sale'],
                             'rent-only')
            self.assertTrue(all(d['price_usd'] is None for d in devices if d['sale'] == 'rent-only'))

    def test_show_table_and_yaml(self):
        r = run('catalog', 'show', 'Tesla V100-SXM2-16GB')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('device: v100-sxm2-16gb', r.stdout)
        self.assertIn('peak fp32: 15.7 TFLOP/s', r.stdout)
        self.assertNotIn('sale:', r.stdout)  # sold, the default, goes unsaid
        r = run('catalog', 'show', 'tpu-v4')
        self.assertIn('  sale: rent-only\n', r.stdout)
        r = run('catalog', 'show', 'dgx-a100', '--format', 'yaml')
        self.assertEqual(r.returncode, 0, r.stderr)
        with accelsel.Catalog.from_string(r.stdout) as part:
            self.assertEqual(part.system('dgx-a100')['device'], 'a100-sxm4-40gb')

    def test_validate_and_custom_catalog(self):
        with tempfile.TemporaryDirectory() as d:
            good, bad = os.path.join(d, 'good.yaml'), os.path.join(d, 'bad.yaml')
            with open(good, 'w') as f:
                f.write(SMALL)
            with open(bad, 'w') as f:
                f.write(SMALL.replace('bw_bytes_s: 12.5e9', 'bw_bytes_s: 0'))
            r = run('catalog', 'validate', good)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn('1 devices, 1 designs, 1 links, 1 systems', r.stdout)
            r = run('catalog', 'validate', bad)
            self.assertEqual(r.returncode, 1)
            self.assertIn('bad.yaml:3:', r.stderr)
            self.assertIn("'bw_bytes_s' must be positive", r.stderr)
            r = run('catalog', 'list', '--type', 'devices', '--catalog', good)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn('gpu-a', r.stdout)

    def test_json_integers(self):
        """Integral figures are JSON integers (42949672960, not 4.294967296e+10),
        unknown ones null, and YAML reads the text as JSON does."""
        import yaml
        r = run('catalog', 'show', 'a100-sxm4-40gb', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        with accelsel.Catalog.builtin() as cat:
            want = cat.device('a100-sxm4-40gb')
        for doc in (json.loads(r.stdout), yaml.safe_load(r.stdout)):
            dev = doc['device']
            self.assertEqual(dev['memory_bytes'], 40 * 2**30)
            self.assertEqual(dev['memory_bytes'], want['memory_bytes'])
            self.assertIs(type(dev['memory_bytes']), int)
            self.assertIs(type(dev['release_year']), int)
            self.assertEqual(dev['peak_flops']['fp16'], 312 * 10**12)
            self.assertIs(type(dev['peak_flops']['fp16']), int)
            self.assertIsNone(dev['peak_flops']['fp8'])
        self.assertEqual(yaml.safe_load(r.stdout), json.loads(r.stdout))

    def test_show_prints_integers_and_readable_bytes(self):
        """Whole figures print in full (nodes 2^30, not 1.07374e+09) and byte
        counts in the largest binary unit: 2^60 bytes is 1 EiB, 1536 bytes
        1.5 KiB, 8e9 bytes 7.45058 GiB (8e9 / 2^30 to six digits)."""
        text = """version: 1
devices:
  - {name: big, vendor: V, kind: gpu, memory_bytes: 1152921504606846976,
     onchip_bytes: 1536, tdp_w: 1234567, source: s}
designs:
  - {name: wide, dataflow: tiled, precision: int8, macs: 1099511627776, source: s}
systems:
  - {name: many, device: big, nodes: 1073741824, devices_per_node: 1, source: s}
"""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'big.yaml')
            with open(path, 'w') as f:
                f.write(text)
            r = run('catalog', 'show', 'many', '--catalog', path)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn('  nodes: 1073741824\n', r.stdout)
            r = run('catalog', 'show', 'big', '--catalog', path)
            self.assertEqual(r.returncode, 0, r.stderr)
            for line in ('  memory: 1 EiB\n', '  on-chip memory: 1.5 KiB\n', '  TDP: 1234567 W\n'):
                self.assertIn(line, r.stdout)
            r = run('catalog', 'show', 'wide', '--catalog', path)
            self.assertIn('  MAC units: 1099511627776\n', r.stdout)
            r = run('catalog', 'list', '--catalog', path)
            self.assertEqual(r.returncode, 0, r.stderr)
            for line in r.stdout.splitlines():
                if line.split()[:1] in (['big'], ['wide'], ['many']):
                    self.assertNotIn('e+', line)
            big = next(l for l in r.stdout.splitlines() if l.startswith('big '))
            self.assertTrue(big.split()[-3:-2] == ['EiB'] and big.split()[-4] == '1', big)
            wide = next(l for l in r.stdout.splitlines() if l.startswith('wide '))
            self.assertIn(' 1099511627776 ', wide)
            with open(path, 'w') as f:
                f.write(SMALL)
            r = run('catalog', 'show', 'gpu-a', '--catalog', path)
            self.assertIn('  memory: 7.45058 GiB\n', r.stdout)

    def test_fractional_byte_count_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'frac.yaml')
            with open(path, 'w') as f:
                f.write(SMALL.replace('memory_bytes: 8e9', 'memory_bytes: 0.5'))
            r = run('catalog', 'validate', path)
            self.assertEqual(r.returncode, 1)
            # line 5, the value after "  - {name: gpu-a, aliases: [GPU A], vendor: V, kind: gpu, memory_bytes: "
            self.assertIn(path + ':5:73:', r.stderr)
            self.assertIn("'memory_bytes' must be a whole number of bytes >= 1, not 0.5", r.stderr)

    def test_bad_file_named_once(self):
        with tempfile.TemporaryDirectory() as d:
            bad = os.path.join(d, 'broken-catalog.yaml')
            with open(bad, 'w') as f:
                f.write('a: [1\n')
            for args in (['list', '--catalog', bad], ['show', 'gpu-a', '--catalog', bad],
                         ['validate', bad]):
                with self.subTest(args=args):
                    r = run('catalog', *args)
                    self.assertEqual(r.returncode, 1, r.stderr)
                    self.assertIn(bad + ':2:1:', r.stderr)
                    self.assertEqual(r.stderr.count(bad), 1, r.stderr)

    def test_usage_errors(self):
        self.assertEqual(run('catalog').returncode, 2)
        self.assertEqual(run('catalog', 'show').returncode, 2)
        self.assertEqual(run('catalog', 'list', '--format', 'csv').returncode, 2)
        r = run('catalog', 'show', 'no-such-device')
        self.assertEqual(r.returncode, 1)
        self.assertIn('ACCELSEL_ENOTFOUND', r.stderr)



class CatalogMeaningTest(unittest.TestCase):
    """--catalog FILE is the built-in catalog with FILE merged over it in every
    command (map, catalog list and show, predict), and the copy that predict
    --help suggests (catalog show NAME --format yaml, renamed) loads with its
    aliases, which still find the built-in entry."""

    WORKSTATION = os.path.join(ROOT, 'examples', 'catalog-workstation.yaml')

    def test_map_merges_over_builtin(self):
        r = run('map', '--catalog', self.WORKSTATION, '--network', 'two-tower', '--system',
                'adaptive-4', '--generations', '2', '--population', '4', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout)['system'], 'adaptive-4')
        r = run('map', '--catalog', self.WORKSTATION, '--network', 'small-cnn', '--system',
                'workstation', '--baseline', 'single', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_catalog_list_and_show_merge_over_builtin(self):
        r = run('catalog', 'list', '--type', 'systems', '--catalog', self.WORKSTATION)
        self.assertEqual(r.returncode, 0, r.stderr)
        names = [l.split()[0] for l in r.stdout.splitlines()[2:] if l.strip()]
        self.assertIn('workstation', names)
        self.assertIn('dgx-a100', names)
        r = run('catalog', 'show', 'dgx-a100', '--catalog', self.WORKSTATION)
        self.assertEqual(r.returncode, 0, r.stderr)
        # validate still reads the file alone
        r = run('catalog', 'validate', self.WORKSTATION, '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn('dgx-a100', r.stdout)

    def test_renamed_copy_keeps_working(self):
        r = run('catalog', 'show', 'h100-sxm5-80gb', '--format', 'yaml')
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn('NVIDIA H100 SXM', r.stdout)  # the copy has the aliases
        text = r.stdout.replace('name: h100-sxm5-80gb', 'name: my-h100')
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'mine.yaml')
            with open(path, 'w') as f:
                f.write(text)
            for cmd in (['catalog', 'show', 'my-h100'],
                        ['predict', '--network', 'resnet50', '--device', 'my-h100']):
                with self.subTest(cmd=cmd):
                    r = run(*cmd, '--catalog', path)
                    self.assertEqual(r.returncode, 0, r.stderr)
            r = run('catalog', 'show', 'NVIDIA H100 SXM', '--catalog', path)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn('device: h100-sxm5-80gb\n', r.stdout)
            r = run('catalog', 'show', 'my-h100', '--catalog', path, '--format', 'json')
            self.assertNotIn('NVIDIA H100 SXM', r.stdout)
            # a copy whose name is an alias of a built-in entry still clashes
            with open(path, 'w') as f:
                f.write('version: 1\ndevices:\n  - {name: NVIDIA H100 SXM, vendor: V, kind: gpu,'
                        ' source: s}\n')
            r = run('catalog', 'show', 'h100-sxm5-80gb', '--catalog', path)
            self.assertEqual(r.returncode, 1)
            self.assertIn('clashes with', r.stderr)

    def test_replacing_copy_keeps_name(self):
        r = run('catalog', 'show', 'rtx-3050', '--format', 'yaml')
        text = r.stdout.replace('tdp_w: 130', 'tdp_w: 115')
        self.assertNotEqual(text, r.stdout)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'mine.yaml')
            with open(path, 'w') as f:
                f.write(text)
            r = run('catalog', 'show', 'NVIDIA GeForce RTX 3050', '--catalog', path)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn('TDP: 115 W', r.stdout)


if __name__ == '__main__':
    unittest.main()
