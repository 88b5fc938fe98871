"""Placement in the binding (accelsel.Cluster, Cluster.place, parse_job):
decisions against a search written here over Predictor.predict() of every
partition and count, starts worked out from the state by hand; a cluster
built in memory against the same cluster read from its file; the job text;
wrong types and refusals named; many threads placing on one cluster."""
import math
import os
import tempfile
import threading
import unittest

import accelsel

YAML = '''version: 1
now: 100
partitions:
  - {name: v100, device: v100-sxm2-32gb, nodes: 2, per_node: 4}
  - {name: h100, device: h100-sxm5-80gb, nodes: 1, per_node: 8, free: 2,
     busy: [{count: 4, until: 900}, {count: 2, from: 0, until: 2500}]}
'''


def start_by_hand(p, now, count):
    """With no holds: now if enough are free, else when the groups, by their
    times, have freed enough; None if never."""
    if count <= p['free']:
        return now
    have = p['free']
    for g in sorted(p['busy'], key=lambda g: g['until']):
        have += g['count']
        if have >= count:
            return max(g['until'], now)
    return None


class PlaceTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.cat = accelsel.Catalog.builtin()
        cls.pred = accelsel.Predictor(cls.cat)
        cls.cluster = accelsel.Cluster.loads(cls.cat, YAML)

    @classmethod
    def tearDownClass(cls):
        cls.cluster.close()
        cls.pred.close()
        cls.cat.close()

    def test_earliest_completion_by_search(self):
        job = {'network': 'resnet50', 'epochs': 3, 'per_device_batch': 128}
        best = None
        parts = self.cluster.partitions
        devices = {'v100': 'v100-sxm2-32gb', 'h100': 'h100-sxm5-80gb'}
        for p in parts:
            for n in range(1, p['total'] + 1):
                if n > p['per_node'] and n % p['per_node']:
                    continue
                start = start_by_hand(p, self.cluster.now, n)
                per_node = min(n, p['per_node'])
                r = self.pred.predict('resnet50', device=devices[p['name']], count=n,
                                      nodes=n // per_node, per_node=per_node, epochs=3,
                                      batch=128 * n)
                key = (start + r['time_to_train_s'], n * r['time_to_train_s'])
                if best is None or key < best[0]:
                    best = (key, p['name'], n, start, r)
        d = self.cluster.place(self.pred, **job)
        c = d['choice']
        self.assertEqual(d['policy'], 'earliest-completion')
        self.assertEqual((c['partition'], c['count']), (best[1], best[2]))
        self.assertEqual(c['start_s'], best[3])
        self.assertEqual(c['run_s'], best[4]['time_to_train_s'])
        p90 = best[4]['error_band']['p90_pct']
        self.assertAlmostEqual(c['time_limit_s'], c['run_s'] / (1 - p90 / 100),
                               delta=1e-12 * c['run_s'])
        self.assertEqual(len(d['alternatives']), 1)
        self.assertNotEqual(d['alternatives'][0]['partition'], c['partition'])

    def test_in_memory_is_the_file(self):
        with accelsel.Cluster(self.cat) as c:
            c.set_now(100)
            c.add('v100', device='v100-sxm2-32gb', nodes=2, per_node=4)
            c.add('h100', device='h100-sxm5-80gb', nodes=1, per_node=8)
            c.set_state('h100', 2, [(4, 900), {'count': 2, 'from': 0, 'until': 2500}])
            self.assertEqual(c.save(), self.cluster.save())
            self.assertEqual(c.find('h100'), 1)
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, 'c.yaml')
                c.save(path)
                with accelsel.Cluster.load(self.cat, path) as again:
                    self.assertEqual(again.partitions, c.partitions)
            # A hold: the v100s from 5000 on; the parts before it stay free.
            c.take('v100', 8, 5000, 9000)
            self.assertEqual(c.partitions[0]['busy'], [{'count': 8, 'from': 5000.0, 'until': 9000.0}])
            self.assertEqual(c.partitions[0]['free'], 8)

    def test_job_text(self):
        self.assertEqual(accelsel.parse_job('network=bert-base,samples=1e6,device_batch=64,'
                                            'precision=bf16,stack=eager,min=2,max=4,deadline=60'),
                         {'network': 'bert-base', 'total_samples': 1e6, 'per_device_batch': 64.0,
                          'precision': 'bf16', 'stack': 'eager', 'min_count': 2, 'max_count': 4,
                          'deadline': 60.0})
        with self.assertRaises(accelsel.ParseError) as cm:
            accelsel.parse_job('network=a,epocs=3')
        self.assertEqual(cm.exception.field, 'spec')
        self.assertIn("column 11: 'epocs'", str(cm.exception))

    def test_refusals_and_wrong_types(self):
        c, p = self.cluster, self.pred
        with self.assertRaises(accelsel.InfeasibleError):
            c.place(p, 'resnet50', per_device_batch=1e7)
        with self.assertRaises(accelsel.InvalidArgumentError) as cm:
            c.place(p, 'resnet50', min_count=64)
        self.assertEqual(cm.exception.field, 'min_count')
        with self.assertRaises(accelsel.NotFoundError) as cm:
            c.place(p, 'resnet50', partitions=['v100', 'h200'])
        self.assertEqual(cm.exception.field, 'partitions')
        with self.assertRaises(ValueError):
            c.place(p, 'resnet50', policy='fastest')
        with self.assertRaises(TypeError):
            c.place(p, 'resnet50', min_count=2.5)
        with self.assertRaises(TypeError):
            c.place(p, 'resnet50', epochs='3')
        with self.assertRaises(TypeError):
            c.place(self.cat, 'resnet50')
        with self.assertRaises(TypeError):
            c.set_state(0, 1, [(1, 2, 3, 4)])
        with self.assertRaises(OverflowError):
            c.set_state(0, -1)
        with self.assertRaises(accelsel.NotFoundError):
            c.set_state('a100', 1)
        with self.assertRaises(accelsel.InvalidArgumentError):
            c.set_state('v100', 9)
        with self.assertRaises(accelsel.ParseError) as cm:
            accelsel.Cluster.loads(self.cat, 'version: 1\npartitions:\n  - {name: a, device: g1}\n')
        # '  - {name: a, device: ' is 22 bytes: the value at column 23
        self.assertEqual((cm.exception.line, cm.exception.column), (3, 23))

    def test_threads_place_alike(self):
        want = self.cluster.place(self.pred, 'small-cnn', epochs=1, policy='min-accelerator-hours')
        got, errors = [], []

        def work():
            try:
                for _ in range(5):
                    got.append(self.cluster.place(self.pred, 'small-cnn', epochs=1,
                                                  policy='min-accelerator-hours'))
            except Exception as e:  # noqa: BLE001 - reported below
                errors.append(e)
        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])
        self.assertEqual(got, [want] * 20)
        self.assertFalse(math.isnan(want['choice']['run_s']))


if __name__ == '__main__':
    unittest.main()
