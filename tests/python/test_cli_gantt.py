"""accelsel map --gantt, drawn by the library's SVG writer, read back as a
person reads the chart: one bar per layer on each slot of its group, on the
row of that slot; bars placed and sized in proportion to the layer's start
and duration; one colour per strategy; a legend of exactly the strategies
of the bars one sees; names from files escaped (markup) or dropped (control
characters) so that the document stays XML. The expectations come from the
mapping printed as JSON by the same run, not from the drawing."""
import json
import os
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
SVG = '{http://www.w3.org/2000/svg}'

# A layer name with markup and a control character, in a network file.
ODD_NETWORK = '''version: 1
name: odd
inputs:
  - {name: image, shape: [3, 32, 32]}
layers:
  - {name: "c<1>&\\x01x", kind: conv2d, inputs: [image], out_channels: 16, kernel: 3, padding: 1}
  - {name: relu, kind: activation, inputs: ["c<1>&\\x01x"], function: relu}
  - {name: flat, kind: flatten, inputs: [relu]}
  - {name: fc, kind: linear, inputs: [flat], out_features: 10}
'''


def gantt(tmp, *problem):
    path = os.path.join(tmp, 'gantt.svg')
    r = subprocess.run([CLI, 'map', *problem, '--format', 'json', '--gantt', path],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout), ET.parse(path).getroot()


def bars(root):
    return [b for b in root.iter(SVG + 'rect') if b.get('class') == 'bar']


def row_of(bar, rows):
    """The slot whose label lies within the bar's height."""
    top, bottom = float(bar.get('y')), float(bar.get('y')) + float(bar.get('height'))
    inside = [s for s, y in rows.items() if top <= y <= bottom]
    assert len(inside) == 1, (bar.attrib, rows)
    return inside[0]


class GanttTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.out, cls.root = gantt(cls.tmp.name, '--network', 'small-cnn', '--system',
                                  'adaptive-4', '--batch', '2', '--generations', '12',
                                  '--population', '16')
        texts = list(cls.root.iter(SVG + 'text'))
        cls.rows = {int(t.text.split(':')[0][5:]): float(t.get('y')) for t in texts
                    if t.text.startswith('slot ')}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_a_row_per_slot_and_a_bar_per_layer_on_each_of_its_slots(self):
        self.assertEqual(sorted(self.rows), list(range(len(self.out['designs']))))
        got = {}
        for b in bars(self.root):
            name = b.find(SVG + 'title').text.split(' (')[0]
            got.setdefault(name, []).append(row_of(b, self.rows))
        want = {l['name']: sorted(l['slots']) for l in self.out['layers'] if l['slots']}
        self.assertEqual({k: sorted(v) for k, v in got.items()}, want)

    def test_bars_are_in_proportion_to_time(self):
        layers = {l['name']: l for l in self.out['layers']}
        points = []
        for b in bars(self.root):
            l = layers[b.find(SVG + 'title').text.split(' (')[0]]
            points.append((l['start_s'], l['end_s'], float(b.get('x')), float(b.get('width'))))
        # x = x0 + k * start, width = k * duration, one x0 and k for all bars
        first = min(points)
        last = max(points)
        k = (last[2] - first[2]) / (last[0] - first[0])
        x0 = first[2] - k * first[0]
        self.assertGreater(k, 0)
        for start, end, x, w in points:
            self.assertAlmostEqual(x, x0 + k * start, delta=0.01)
            self.assertAlmostEqual(w, k * (end - start), delta=0.01)

    def test_legend_is_the_strategies_drawn_each_in_its_colour(self):
        legend = self.root.find('.//%sg[@class="legend"]' % SVG)
        names = [t.text for t in legend.iter(SVG + 'text')]
        swatches = [r.get('fill') for r in legend.iter(SVG + 'rect')]
        seen = [l['strategy'] for l in self.out['layers']
                if l['slots'] and l['end_s'] > l['start_s']]
        self.assertEqual(sorted(names), sorted(set(seen)))
        self.assertEqual(len(set(swatches)), len(swatches))
        colour = dict(zip(names, swatches))
        for b in bars(self.root):
            strategy = b.find(SVG + 'title').text.split(' (')[1].split(' on ')[0]
            if float(b.get('width')) > 0:
                self.assertEqual(b.get('fill'), colour[strategy])

    def test_axis_and_title(self):
        texts = [t.text for t in self.root.iter(SVG + 'text')]
        self.assertIn('small-cnn on adaptive-4, batch 2', texts)
        self.assertTrue(any(t in texts for t in ('time (s)', 'time (ms)', 'time (us)')))
        self.assertIn('0', texts)  # the axis starts at 0


class EscapingTest(unittest.TestCase):

    def test_names_from_files_stay_xml(self):
        with tempfile.TemporaryDirectory() as tmp:
            net = os.path.join(tmp, 'odd.yaml')
            with open(net, 'w') as f:
                f.write(ODD_NETWORK)
            out, root = gantt(tmp, '--network', net, '--system', 'adaptive-4',
                              '--generations', '2')
            titles = [b.find(SVG + 'title').text for b in bars(root)]
            odd = [t for t in titles if t.startswith('c<1>&')]
            self.assertTrue(odd)
            self.assertTrue(all(t.startswith('c<1>&x (') for t in odd))  # \x01 dropped
            self.assertIn('c<1>&\x01x', [l['name'] for l in out['layers']])


if __name__ == '__main__':
    unittest.main()
