"""Network binding and `accelsel network` CLI: zoo parameter totals against the
published figures (torchvision, Hugging Face), per-layer arrays, YAML round trip,
errors, and the CLI's JSON and YAML reports checked against the binding."""
import json
import os
import subprocess
import tempfile
import unittest

import accelsel
from accelsel import AccelselError, Network

ROOT = os.environ.get('ACCELSEL_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))

# Published parameter counts (torchvision / Hugging Face model cards) and forward
# MACs per sample (convs + linear) from the same model cards, with the unit of
# the last published digit: figures are accepted within 0.5% or half that unit.
PUBLISHED = {
    'resnet18': (11689512, 1.81e9, 0.01e9),
    'resnet50': (25557032, 4.09e9, 0.01e9),
    'vgg16': (138357544, 15.47e9, 0.01e9),
    'mobilenetv2': (3504872, 0.30e9, 0.01e9),
    'resnet18-cifar': (11173962, 0.56e9, 0.01e9),
    'resnet50-cifar': (23520842, 1.30e9, 0.01e9),
    'bert-base': (109482240, 11.2e9, 0.1e9),
    'gpt2-small': (124439808, None, None),
}

SMALL = """
name: tiny
inputs:
  - {name: image, shape: [3, 16, 16]}
layers:
  - {name: conv, kind: conv2d, inputs: [image], out_channels: 8, kernel: 3, padding: 1, bias: false}
  - {name: bn, kind: batchnorm, inputs: [conv]}
  - {name: relu, kind: activation, inputs: [bn], function: relu}
  - {name: pool, kind: pool, inputs: [relu], mode: avg, global: true}
  - {name: flat, kind: flatten, inputs: [pool]}
  - {name: fc, kind: linear, inputs: [flat], out_features: 4}
"""


def near_published(ours, published, unit):
    return abs(ours - published) <= max(0.005 * published, unit / 2)


class ZooTotals(unittest.TestCase):
    def test_published_parameters_and_macs(self):
        for name, (params, macs, unit) in PUBLISHED.items():
            with self.subTest(name), Network.zoo(name) as net:
                totals = net.totals
                self.assertEqual(totals['params'], params)
                self.assertEqual(sum(net.per_layer('params')), params)
                if macs is not None:
                    self.assertTrue(near_published(totals['macs'], macs, unit), totals['macs'])

    def test_zoo_models_listed(self):
        names = [n for n, _ in Network.zoo_models()]
        for want in ('small-cnn', 'resnet18-32', 'resnet50-32', 'bert-base-512', 'two-tower',
                     'multi-task', 'casia-surf'):
            self.assertIn(want, names)
        self.assertEqual(len(names), len(set(names)))
        with self.assertRaises(AccelselError) as cm:
            Network.zoo('resnet-18')
        self.assertEqual(cm.exception.status, 'ACCELSEL_ENOTFOUND')


class Recipe(unittest.TestCase):
    """docs/network-format.md, "Training recipes": the published samples."""

    def test_zoo_recipes(self):
        want = {'small-cnn': (50000, 10, None), 'vgg16': (1281167, 90, None),
                'mobilenetv2': (1281167, 300, None), 'resnet50': (1281167, None, None),
                'bert-base': (6400000, None, 256000000), 'gpt2-small': (None, None, None)}
        for name, (epoch_samples, epochs, total) in want.items():
            with self.subTest(name), Network.zoo(name) as net:
                r = net.recipe
                self.assertEqual((r['epoch_samples'], r['epochs'], r['total_samples']),
                                 (epoch_samples, epochs, total))
                self.assertEqual(r['source'] is None, name == 'gpt2-small')
        with Network.zoo('resnet18') as net:
            self.assertIn('ImageNet', net.recipe['dataset'])
        with Network.zoo('llama31_405b') as net:
            self.assertEqual((net.recipe['total_samples'], net.recipe['global_batch']),
                             (276480, 1152))

    def test_a_file_carries_none(self):
        with Network.zoo('small-cnn') as zoo, Network.from_yaml(zoo.to_yaml()) as net:
            self.assertEqual(net.recipe, dict.fromkeys(
                ('epoch_samples', 'epochs', 'total_samples', 'dataset', 'source',
                 'global_batch')))


class PerLayer(unittest.TestCase):
    def setUp(self):
        self.net = Network.from_yaml(SMALL)

    def tearDown(self):
        self.net.close()

    def test_arrays_by_hand(self):
        net = self.net
        self.assertEqual(len(net), 7)
        self.assertEqual(net.per_layer('name'), ['image', 'conv', 'bn', 'relu', 'pool', 'flat', 'fc'])
        # conv: 8*3*9 = 216 weights; bn: 16; fc: 8*4 + 4 = 36.
        self.assertEqual(net.per_layer('params'), [0, 216, 16, 0, 0, 0, 36])
        # conv MACs: 16*16 outputs * 8 channels * 27 = 55296; fc 32.
        self.assertEqual(net.per_layer('macs'), [0, 55296, 0, 0, 0, 0, 32])
        # Elementwise: bn and relu one per element (2048), global pool 8 * 256 inputs,
        # fc bias 4.
        self.assertEqual(net.per_layer('elementwise_flops'), [0, 0, 2048, 2048, 2048, 0, 4])
        self.assertEqual(net.per_layer('shape')[4], (8, 1, 1))
        self.assertEqual(net.per_layer('global')[4], 1)
        conv = net.layer('conv')
        self.assertEqual(conv['kind'], 'conv2d')
        self.assertEqual(conv['input_bytes'], 3 * 16 * 16 * 4)
        self.assertEqual(conv['weight_bytes'], 216 * 4)
        self.assertAlmostEqual(conv['intensity'], 2 * 55296 / ((768 + 2048 + 216) * 4))
        self.assertEqual(net.layer(3)['op'], 'relu')
        self.assertEqual(net.inputs('fc'), [net.index('flat')])
        self.assertEqual(net.successors('image'), [1])
        self.assertEqual(net.topo_order(), list(range(7)))
        self.assertEqual(net.outputs(), [6])
        with self.assertRaises(KeyError):
            net.per_layer('nonsense')
        with self.assertRaises(IndexError):
            net.layer(7)

    def test_half_precision_bytes(self):
        with Network.from_yaml(SMALL, bytes_per_element=2) as half:
            self.assertEqual(half.bytes_per_element, 2)
            self.assertEqual(half.totals['weight_bytes'], 2 * self.net.totals['params'])

    def test_yaml_round_trip(self):
        text = self.net.to_yaml()
        with Network.from_yaml(text) as again:
            self.assertEqual(again.to_yaml(), text)
            self.assertEqual(again.layers(), self.net.layers())
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'tiny.yaml')
            self.net.to_yaml(path)
            with Network.load(path) as loaded:
                self.assertEqual(loaded.totals, self.net.totals)

    def test_errors_carry_position(self):
        with self.assertRaises(AccelselError) as cm:
            Network.from_yaml(SMALL.replace('out_features: 4', 'out_features: 0'))
        self.assertEqual(cm.exception.status, 'ACCELSEL_EPARSE')
        self.assertEqual(cm.exception.line, 11)
        self.assertIn("'out_features' = 0", cm.exception.message)
        with self.assertRaises(AccelselError) as cm:
            Network.from_yaml(SMALL, bytes_per_element=0)
        self.assertEqual(cm.exception.status, 'ACCELSEL_EINVAL')


class Transformers(unittest.TestCase):
    """Networks from a transformer's sizes: the zoo LLMs against their
    configurations (Hugging Face's config.json of each model), a
    config.json read from a file and from text with its parameters counted
    here by hand, the training sequence, and bad sizes with their line."""

    def test_zoo_sizes(self):
        # meta-llama/Llama-2-70b-hf config.json, and its published 68.98 billion parameters.
        with Network.zoo('llama2-70b') as net:
            t = net.transformer
            self.assertEqual({k: t[k] for k in ('family', 'layers', 'hidden', 'heads', 'kv_heads',
                                                'head_dim', 'ffn', 'vocab', 'sequence')},
                             {'family': 'decoder', 'layers': 80, 'hidden': 8192, 'heads': 64,
                              'kv_heads': 8, 'head_dim': 128, 'ffn': 28672, 'vocab': 32000,
                              'sequence': 4096})
            self.assertEqual((t['gated'], t['rmsnorm'], t['tied_embeddings'], t['bias']),
                             (True, True, False, False))
            self.assertEqual(t['activation'], 'silu')
            self.assertTrue(near_published(net.totals['params'], 68.98e9, 0.01e9))
        with Network.zoo('bert-large') as net:
            self.assertEqual(net.transformer['family'], 'encoder')
        with Network.zoo('resnet50') as net:
            self.assertIsNone(net.transformer)

    def test_config_file_by_hand(self):
        """examples/config-tiny-llama.json: 4 blocks of width 256, 8 heads of
        32, 2 key-value heads (width 64), a gated FFN of 688, 32,000 tokens,
        untied. A block: 2 x 256^2 + 2 x 256 x 64 (attention) + 3 x 256 x 688
        (FFN) + 2 x 256 (norms) = 692,736; with both tables of 32,000 x 256
        and the final norm: 19,155,200."""
        path = os.path.join(ROOT, 'examples', 'config-tiny-llama.json')
        block = 2 * 256 ** 2 + 2 * 256 * 64 + 3 * 256 * 688 + 2 * 256
        with Network.load_hf(path) as net:
            self.assertEqual(net.name, 'tiny-llama')
            self.assertEqual(net.totals['params'], 4 * block + 2 * 32000 * 256 + 256)
            self.assertEqual(net.transformer['sequence'], 512)  # max_position_embeddings
            self.assertEqual(net.transformer['kv_heads'], 2)
            with open(path) as f, Network.from_hf(f.read(), sequence=128) as short:
                self.assertEqual(short.transformer['sequence'], 128)
                self.assertEqual(short.totals['params'], net.totals['params'])
        with Network.zoo('llama31-8b', sequence=2048) as net:
            self.assertEqual(net.transformer['sequence'], 2048)
        with self.assertRaises(AccelselError) as cm:
            Network.zoo('resnet50', sequence=2048)
        self.assertEqual(cm.exception.status, 'ACCELSEL_EINVAL')
        with self.assertRaises(TypeError):
            Network.zoo('llama31-8b', sequence=2048.0)

    def test_bad_sizes_name_the_key_and_line(self):
        text = ('{"model_type": "llama", "hidden_size": 96, "num_hidden_layers": 2,\n'
                ' "num_attention_heads": 8, "intermediate_size": 8, "vocab_size": 10,\n'
                ' "max_position_embeddings": 16,\n "num_key_value_heads": 3}')
        with self.assertRaises(accelsel.ParseError) as cm:
            Network.from_hf(text)
        self.assertEqual(cm.exception.line, 4)
        self.assertIn("'num_key_value_heads' = 3 does not divide 'num_attention_heads' = 8",
                      cm.exception.message)
        with self.assertRaises(accelsel.ParseError) as cm:
            Network.from_hf('{"model_type": "lama"}')
        self.assertIn("closest: 'llama'", cm.exception.message)


CLI = os.environ.get('ACCELSEL_CLI')


@unittest.skipUnless(CLI, 'ACCELSEL_CLI not set')
class Cli(unittest.TestCase):
    def run_cli(self, *args, check=True):
        r = subprocess.run([CLI, 'network'] + list(args), capture_output=True, text=True)
        if check:
            self.assertEqual(r.returncode, 0, r.stderr)
        return r

    def test_show_json_matches_binding(self):
        report = json.loads(self.run_cli('show', 'resnet50', '--format', 'json').stdout)
        with Network.zoo('resnet50') as net:
            self.assertEqual(report['totals']['params'], 25557032)
            self.assertEqual([l['name'] for l in report['layers']], net.per_layer('name'))
            self.assertEqual([l['flops'] for l in report['layers']], net.per_layer('flops'))
            self.assertEqual([l['intensity'] for l in report['layers']], net.per_layer('intensity'))
            self.assertEqual(report['layers'][1]['shape'], [64, 112, 112])

    def test_list_and_yaml(self):
        listing = json.loads(self.run_cli('list', '--format', 'json').stdout)
        self.assertEqual([m['name'] for m in listing], [n for n, _ in Network.zoo_models()])
        out = self.run_cli('show', 'small-cnn', '--format', 'yaml', '--bytes-per-element', '2').stdout
        self.assertIn('  params: 504394\n', out)
        self.assertIn('  bytes_per_element: 2\n', out)
        table = self.run_cli('show', 'small-cnn').stdout
        self.assertIn('conv1', table)
        self.assertIn('504394 parameters', table)

    def test_validate_reports_errors(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'bad.yaml')
            with open(path, 'w') as f:
                f.write(SMALL.replace('inputs: [flat]', 'inputs: [nope]'))
            r = self.run_cli('validate', path, check=False)
            self.assertEqual(r.returncode, 1)
            self.assertIn("%s:11:" % path, r.stderr)
            self.assertIn("unknown input 'nope'", r.stderr)
            with open(path, 'w') as f:
                f.write(SMALL)
            self.assertIn('tiny: 7 layers', self.run_cli('validate', path).stdout)
        self.assertEqual(self.run_cli('show', check=False).returncode, 2)

    def test_huge_layer_bytes_and_overflow(self):
        """A linear layer of 2^31 - 1 by 2^31 - 1 at fp32: input and output
        (2^31 - 1) x 4 = 8589934588 bytes each, (2^31 - 1) x 2^31 x 4 =
        18446744065119617024 weight bytes; their sum, 18446744082299486200,
        is past 2^64 and once printed wrapped as 8589934584. A second such
        layer takes the network's weight bytes past 2^64: the error names
        it, at its line and column."""
        one = ('name: big\ninputs:\n  - {name: x, shape: [2147483647]}\nlayers:\n'
               '  - {name: fc, kind: linear, inputs: [x], out_features: 2147483647}\n')
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'big.yaml')
            with open(path, 'w') as f:
                f.write(one)
            out = self.run_cli('validate', path).stdout
            fc = next(l for l in out.splitlines() if l.startswith('fc '))
            self.assertEqual(fc.split()[-2], '18446744082299486200', fc)
            with open(path, 'w') as f:
                f.write(one + '  - {name: fc2, kind: linear, inputs: [fc], out_features: 2147483647}\n')
            r = self.run_cli('validate', path, check=False)
            self.assertEqual(r.returncode, 1)
            self.assertIn(path + ":6:5: network weight bytes overflow 64 bits at layer 'fc2'", r.stderr)

    def test_bad_file_named_once(self):
        """The library's message starts with path:line:column; the CLI does not
        put the path in front of it again."""
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'broken-net.yaml')
            with open(path, 'w') as f:
                f.write('a: [1\n')
            r = self.run_cli('validate', path, check=False)
            self.assertEqual(r.returncode, 1, r.stderr)
            self.assertIn(path + ':2:1:', r.stderr)
            self.assertEqual(r.stderr.count(path), 1, r.stderr)
            # show takes a zoo name: the library's message quotes it
            r = self.run_cli('show', path, check=False)
            self.assertEqual(r.returncode, 1, r.stderr)
            self.assertIn("no zoo network named '%s'" % path, r.stderr)
            self.assertEqual(r.stderr.count(path), 1, r.stderr)


if __name__ == '__main__':
    unittest.main()
