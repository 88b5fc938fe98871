"""MappingProblem and Mapping through the Python binding, checked against what
the catalog and the network say independently (slots, pools, layer names and
edges), against the library's documented identities (the breakdown, the
schedule respecting every edge), and against itself through a second route
(evaluate and YAML round trips, thread counts). A progress callback written in
Python cancels a solve."""
import ctypes
import os
import tempfile
import unittest

import accelsel as A

SYSTEM = 'adaptive-4'
NET = 'small-cnn'
FAST = dict(generations=12, population=16, n_threads=1)


class ProblemTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.cat = A.Catalog.builtin()
        cls.net = A.Network.zoo(NET)
        cls.p = A.MappingProblem(cls.cat, SYSTEM, cls.net, batch=4)

    @classmethod
    def tearDownClass(cls):
        for h in (cls.p, cls.net, cls.cat):
            h.close()

    def test_problem_describes_its_inputs(self):
        self.assertEqual(self.p.system, SYSTEM)
        self.assertEqual(self.p.network, NET)
        self.assertEqual(self.p.batch, 4)
        self.assertEqual(self.p.objective, 'latency')
        self.assertEqual(self.p.n_slots, self.cat.system(SYSTEM)['n_slots'])
        for s in range(self.p.n_slots):
            self.assertEqual(self.p.pool(s), self.cat.slot(SYSTEM, s)['designs'])
        self.assertEqual(self.p.layer_names, self.net.per_layer('name'))
        with self.assertRaises(IndexError):
            self.p.pool(self.p.n_slots)

    def test_network_and_catalog_may_be_closed_after_building(self):
        cat, net = A.Catalog.builtin(), A.Network.zoo(NET)
        p = A.MappingProblem(cat, SYSTEM, net)
        cat.close()
        net.close()
        m = p.solve(**FAST)
        self.assertGreater(m.objective_s, 0)
        p.close()
        self.assertGreater(m.objective_s, 0)  # a mapping outlives its problem

    def test_zoo_name_and_builtin_catalog_shortcuts(self):
        with A.MappingProblem(None, SYSTEM, NET, objective='throughput') as p:
            self.assertEqual(p.objective, 'throughput')
            self.assertEqual(p.layer_names, self.net.per_layer('name'))

    def test_explicit_slots(self):
        slots = [{'designs': ['zhang-fpga15', 'eyeriss'], 'memory_bytes': 2 ** 30,
                  'memory_bw_bytes_s': 12.8e9, 'host_link': 'pcie3-x16'},
                 {'device': 'a100-sxm4-40gb', 'host_link': 'pcie3-x16'}]
        with A.MappingProblem.from_slots(self.cat, slots, self.net, link='qsfp28-100gbe') as p:
            self.assertEqual(p.n_slots, 2)
            self.assertEqual(p.pool(0), ['zhang-fpga15', 'eyeriss'])
            self.assertEqual(p.pool(1), [self.cat.device('a100-sxm4-40gb')['name']])
            m = p.solve(**FAST)
            self.assertIn(m.designs[0], p.pool(0))
            self.assertEqual(m.designs[1], p.pool(1)[0])
        with self.assertRaises(ValueError):
            A.MappingProblem.from_slots(self.cat, [{'device': 'x', 'colour': 'red'}], self.net)
        with self.assertRaises(A.AccelselError) as cm:
            A.MappingProblem.from_slots(self.cat, [{'designs': ['no-such-design']}], self.net)
        self.assertEqual(cm.exception.status, 'ACCELSEL_ENOTFOUND')

    def test_explicit_slots_keep_the_catalog_rules(self):
        # What a catalog file refuses in a slot, from_slots refuses too: a
        # design twice in a pool (names resolve first: 'Eyeriss' is
        # 'eyeriss'), a memory that is not a whole number of bytes >= 1.
        good = {'designs': ['zhang-fpga15'], 'memory_bytes': 2 ** 30,
                'memory_bw_bytes_s': 12.8e9, 'host_link': 'pcie3-x16'}
        for change, words in (({'designs': ['eyeriss', 'Eyeriss']},
                               "slot 1: design 'Eyeriss' is twice in the pool"),
                              ({'memory_bytes': 0.5},
                               'slot 1: memory_bytes must be a whole number of bytes >= 1, '
                               'not 0.5'),
                              ({'memory_bytes': 5e-324},
                               'slot 1: memory_bytes must be a whole number of bytes >= 1, '
                               'not 5.0e-324')):
            with self.subTest(change=change):
                with self.assertRaises(A.AccelselError) as cm:
                    A.MappingProblem.from_slots(self.cat, [good, dict(good, **change)], self.net)
                self.assertEqual(cm.exception.status, 'ACCELSEL_EINVAL')
                self.assertIn(words, str(cm.exception))
        with A.MappingProblem.from_slots(self.cat, [good, dict(good, memory_bytes=2.0 ** 40)],
                                         self.net) as p:
            self.assertEqual(p.n_slots, 2)

    def test_solved_mapping_is_a_valid_schedule(self):
        m = self.p.solve(seed=3, **FAST)
        self.assertEqual(m.method, 'ga')
        self.assertEqual(len(m), len(self.net))
        self.assertEqual(m.n_slots, self.p.n_slots)
        names = self.net.per_layer('name')
        layers = m.layers()
        for i, l in enumerate(layers):
            self.assertEqual(l['name'], names[i])
            if not l['slots']:  # a network input: not computed
                self.assertEqual(self.net.inputs(i), [])
                continue
            self.assertLessEqual(l['start_s'], l['end_s'])
            self.assertIn(l['strategy'], A.STRATEGIES)
            # The group's first slot names the design.
            self.assertEqual(l['design'], m.designs[l['slots'][0]])
            for j in self.net.inputs(i):
                self.assertGreaterEqual(l['start_s'], layers[j]['end_s'] - 1e-15,
                                        '%s starts before its input %s ends' % (l['name'], names[j]))
        for s, d in enumerate(m.designs):
            self.assertIn(d, self.p.pool(s))
        self.assertLessEqual(max(l['end_s'] for l in layers), m.latency_s * (1 + 1e-12))
        used = {s for l in layers for s in l['slots']}
        for s in range(m.n_slots):
            if s not in used:
                self.assertEqual(m.memory_bytes[s], 0)
            else:
                self.assertGreater(m.memory_bytes[s], 0)

    def test_breakdown_adds_up(self):
        m = self.p.solve(seed=5, **FAST)
        b = m.breakdown
        self.assertEqual(b['objective_s'], m.objective_s)
        self.assertEqual(b['latency_s'], m.objective_s)  # latency objective
        self.assertAlmostEqual(b['communication_s'],
                               b['comm_between_s'] + b['comm_within_s'] + b['comm_host_s'],
                               delta=1e-12 * b['latency_s'] * b['used_slots'])
        # Slot-seconds over the slots used, as map.h states.
        total = b['compute_s'] + b['communication_s'] + b['idle_s']
        self.assertAlmostEqual(total, b['used_slots'] * b['latency_s'], delta=1e-9 * total)
        used = {s for l in m.layers() for s in l['slots']}
        self.assertEqual(b['used_slots'], len(used))

    def test_history_is_monotone_and_ends_at_the_result(self):
        m = self.p.solve(seed=2, **FAST)
        h = m.history
        # The initial population's, one per generation, and the closing
        # local search's (include/accelsel/map.h).
        self.assertEqual(len(h), m.generations + 2)
        self.assertTrue(all(b <= a for a, b in zip(h, h[1:])))
        self.assertEqual(h[-1], m.objective_s)
        self.assertGreaterEqual(m.evaluations, m.generations)

    def test_evaluate_of_a_solved_spec_reproduces_it(self):
        m = self.p.solve(seed=7, **FAST)
        designs, masks, strategies = m.spec()
        again = self.p.evaluate(designs, masks, strategies)
        self.assertEqual(again.objective_s, m.objective_s)
        self.assertEqual(again.method, 'evaluate')
        # Design names and slot lists are accepted as well as indices and masks.
        by_name = self.p.evaluate(m.designs, [l['slots'] for l in m.layers()], strategies)
        self.assertEqual(by_name.objective_s, m.objective_s)

    def test_yaml_round_trip_is_exact(self):
        m = self.p.solve(seed=11, **FAST)
        text = m.to_yaml()
        back = self.p.from_yaml(text)
        self.assertEqual(back.objective_s, m.objective_s)
        self.assertEqual(back.spec(), m.spec())
        self.assertEqual(back.to_yaml(), text)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'm.yaml')
            m.to_yaml(path)
            self.assertEqual(self.p.load(path).objective_s, m.objective_s)

    def test_same_seed_same_mapping_at_any_thread_count(self):
        runs = [self.p.solve(seed=42, generations=12, population=16, n_threads=t) for t in (1, 2, 3)]
        for r in runs[1:]:
            self.assertEqual(r.spec(), runs[0].spec())
            self.assertEqual(r.objective_s, runs[0].objective_s)

    def test_single_and_data_parallel_baselines_keep_their_shape(self):
        single = self.p.solve(method='single')
        groups = {tuple(l['slots']) for l in single.layers() if l['slots']}
        self.assertEqual(len(groups), 1)
        self.assertEqual(len(next(iter(groups))), 1)
        dp = self.p.solve(method='data-parallel')
        everyone = tuple(range(self.p.n_slots))
        self.assertEqual({tuple(l['slots']) for l in dp.layers() if l['slots']}, {everyone})
        self.assertEqual(len(set(dp.designs)), 1)

    def test_every_method_is_known(self):
        methods = A.mapping_methods()
        self.assertEqual(methods[0], 'ga')
        for name in ('computation-first', 'h2h', 'single', 'data-parallel', 'exhaustive'):
            self.assertIn(name, methods)


class CallbackTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.p = A.MappingProblem(None, SYSTEM, NET, batch=2)

    @classmethod
    def tearDownClass(cls):
        cls.p.close()

    def test_callback_sees_every_generation(self):
        seen = []
        m = self.p.solve(seed=1, progress=lambda g, best, n: seen.append((g, best, n)) and False,
                         **FAST)
        self.assertEqual([g for g, _, _ in seen][-1], m.generations)
        self.assertEqual(seen[-1][1], m.objective_s)
        self.assertTrue(all(b[1] <= a[1] for a, b in zip(seen, seen[1:])))
        self.assertTrue(all(b[2] >= a[2] for a, b in zip(seen, seen[1:])))

    def test_callback_that_cancels_leaves_the_best_so_far(self):
        seen = []

        def stop_at_third(generation, best_s, evaluations):
            if generation > 0:  # generation 0: reports from the seeding
                seen.append(best_s)
            return generation >= 3
        with self.assertRaises(A.MappingCanceled) as cm:
            self.p.solve(seed=1, generations=50, population=16, n_threads=1, progress=stop_at_third)
        e = cm.exception
        self.assertEqual(e.status, 'ACCELSEL_ECANCELED')
        self.assertIsInstance(e, A.AccelselError)
        self.assertIsNotNone(e.mapping)
        self.assertEqual(len(seen), 3)
        self.assertEqual(e.mapping.objective_s, seen[-1])
        designs, masks, strategies = e.mapping.spec()
        self.assertEqual(self.p.evaluate(designs, masks, strategies).objective_s, seen[-1])
        e.mapping.close()

    def test_exception_in_callback_stops_and_is_raised(self):
        def broken(generation, best_s, evaluations):
            raise KeyError('from the callback')
        with self.assertRaises(KeyError):
            self.p.solve(progress=broken, **FAST)


# Two slots of the Zhang et al. FPGA design; only slot 1 reaches the host;
# system pair-3 links 0-1 and 1-2 (no 0-2); oneway links 0 -> 1 only.
TOPOLOGY_CATALOG = """version: 1
links:
  - {name: l, technology: board, bw_bytes_s: 12.5e9, source: test}
  - {name: h, technology: pcie, bw_bytes_s: 15.754e9, source: test}
designs:
  - {name: zhang-fpga15, dataflow: tiled, platform: FPGA, precision: fp32, tm: 64, tn: 7,
     macs: 448, clock_hz: 100e6, buffer_bytes: 2373120, source: test}
systems:
  - name: one-host
    source: test
    slots:
      - {designs: [zhang-fpga15], memory_bytes: 1e9, memory_bw_bytes_s: 1e10}
      - {designs: [zhang-fpga15], memory_bytes: 1e9, memory_bw_bytes_s: 1e10, host_link: h}
    links: [{slots: [0, 1], link: l}]
  - name: pair-3
    host_link: h
    source: test
    slots:
      - &s {designs: [zhang-fpga15], memory_bytes: 1e9, memory_bw_bytes_s: 1e10}
      - *s
      - *s
    links: [{slots: [0, 1], link: l}, {slots: [1, 2], link: l}]
  - {name: oneway, host_link: h, source: test, slots: [*s, *s], link_matrix: [[~, l], [~, ~]]}
"""

# x [16, 32, 32] -> c1 (64 channels) -> c2 (64 channels), fp32.
CHAIN = """version: 1
name: chain
inputs: [{name: x, shape: [16, 32, 32]}]
layers:
  - {name: c1, kind: conv2d, inputs: [x], out_channels: 64, kernel: 3, padding: 1}
  - {name: c2, kind: conv2d, inputs: [c1], out_channels: 64, kernel: 3, padding: 1}
"""


class TopologyTest(unittest.TestCase):
    """Systems where not every pair of slots, or not every slot and the host,
    is linked both ways (the review of the layer mapping, findings 1, 2, 4, 5)."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cat_path, net_path = (os.path.join(cls.tmp.name, n) for n in ('cat.yaml', 'net.yaml'))
        with open(cat_path, 'w') as f:
            f.write(TOPOLOGY_CATALOG)
        with open(net_path, 'w') as f:
            f.write(CHAIN)
        cls.cat = A.Catalog.load(cat_path)
        cls.net = A.Network.load(net_path)

    @classmethod
    def tearDownClass(cls):
        cls.net.close()
        cls.cat.close()
        cls.tmp.cleanup()

    def refused(self, p, groups, strategies, *parts):
        with self.assertRaises(A.AccelselError) as cm:
            p.evaluate([0] * p.n_slots, groups, strategies)
        self.assertEqual(cm.exception.status, 'ACCELSEL_EINFEASIBLE')
        for part in parts:
            self.assertIn(part, cm.exception.message)

    def test_throughput_refuses_a_missing_host_link_and_the_ga_avoids_it(self):
        for objective in ('throughput', 'latency'):
            with A.MappingProblem(self.cat, 'one-host', self.net, objective=objective) as p:
                self.refused(p, [[0], [0], [0]], ['none'] * 3, "layer 'c1'", 'host')
                m = p.solve(seed=1, **FAST)
                self.assertGreater(m.objective_s, 0)
                layers = {l['name']: l for l in m.layers()}
                # The input arrives and the output leaves through slot 1 alone.
                self.assertEqual(layers['c1']['slots'], [1])
                self.assertIn(1, layers['c2']['slots'])
                b = m.breakdown
                self.assertLessEqual(b['period_s'], b['latency_s'])

    def test_a_collective_needs_its_pairs_linked_both_ways(self):
        with A.MappingProblem(self.cat, 'pair-3', self.net) as p:
            self.refused(p, [[0], [0, 2], [0]], ['none', 'output-channels', 'none'],
                         "layer 'c1'", 'slots 0 and 2')
        with A.MappingProblem(self.cat, 'oneway', self.net) as p:
            self.refused(p, [[0], [0, 1], [0]], ['none', 'output-channels', 'none'],
                         "layer 'c1'", 'slots 0 and 1')
            p.evaluate([0, 0], [[0], [0], [1]], ['none'] * 3)  # 0 -> 1 exists

    def test_a_full_copy_is_read_from_the_linked_member(self):
        # After c1's all-gather over {0, 1} slot 1 holds all of it and is
        # linked to slot 2: c2 receives 64 x 32 x 32 x 4 bytes at 12.5 GB/s.
        with A.MappingProblem(self.cat, 'pair-3', self.net) as p:
            m = p.evaluate([0, 0, 0], [[0], [0, 1], [2]], ['none', 'output-channels', 'none'])
            c2 = m.layers()[2]
            self.assertAlmostEqual(c2['comm_in_s'], 64 * 32 * 32 * 4 / 12.5e9, delta=1e-18)


class SlotList:
    """A slot list as numpy gives one: iterable, with a __len__, and an
    __index__ that refuses (numpy's does for any array that is not 0-d)."""

    def __init__(self, slots):
        self.slots = list(slots)

    def __iter__(self):
        return iter(self.slots)

    def __len__(self):
        return len(self.slots)

    def __index__(self):
        raise TypeError('only integer scalar arrays can be converted to a scalar index')


class InputsTest(unittest.TestCase):
    """evaluate() takes a group as any iterable of slot indices; from_yaml()
    takes text as the other text loaders do (a path goes to load())."""

    @classmethod
    def setUpClass(cls):
        cls.p = A.MappingProblem(None, SYSTEM, NET, batch=4)
        cls.m = cls.p.solve(seed=3, **FAST)
        cls.designs, cls.masks, cls.strategies = cls.m.spec()
        cls.lists = [[s for s in range(cls.p.n_slots) if mask >> s & 1] for mask in cls.masks]

    @classmethod
    def tearDownClass(cls):
        cls.m.close()
        cls.p.close()

    def check_same(self, m):
        self.assertEqual(m.objective_s, self.m.objective_s)
        self.assertEqual(m.spec(), self.m.spec())

    def test_groups_as_iterables_with_index(self):
        groups = [SlotList(g) for g in self.lists]
        self.check_same(self.p.evaluate(self.designs, groups, self.strategies))
        # tuples, and iterators of the groups and strategies themselves, too
        self.check_same(self.p.evaluate(self.designs, (tuple(g) for g in self.lists),
                                        iter(self.strategies)))

    def test_groups_as_numpy_arrays(self):
        try:
            import numpy as np
        except ImportError:
            self.skipTest('numpy not installed (test_groups_as_iterables_with_index stands in)')
        groups = [np.array(g, dtype=np.int64) for g in self.lists]
        self.check_same(self.p.evaluate(np.array(self.designs), groups, self.strategies))
        # an integer mask as a numpy scalar or a 0-d array stays a mask
        masks = [np.uint64(mask) if i % 2 else np.array(mask) for i, mask in enumerate(self.masks)]
        self.check_same(self.p.evaluate(self.designs, masks, self.strategies))

    def test_unknown_design_name_is_enotfound(self):
        names = list(self.m.designs)
        names[1] = 'nvdla'
        with self.assertRaises(A.AccelselError) as cm:
            self.p.evaluate(names, self.masks, self.strategies)
        e = cm.exception
        self.assertEqual((e.code, e.status), (-5, 'ACCELSEL_ENOTFOUND'))
        self.assertIn("'nvdla'", e.message)
        self.assertIn('slot 1', e.message)
        self.assertIn("'nvdla-full'", e.message)  # the nearest name in the slot's pool
        self.assertIn('nvdla-full', self.p.pool(1))

    def test_from_yaml_and_load(self):
        import pathlib
        text = self.m.to_yaml()
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'mapping.yaml')
            self.m.to_yaml(pathlib.Path(path))
            with open(path, encoding='utf-8') as f:
                self.assertEqual(f.read(), text)
            self.check_same(self.p.load(path))
            self.check_same(self.p.load(pathlib.Path(path)))
            with self.assertRaises(TypeError) as cm:
                self.p.from_yaml(pathlib.Path(path))
            self.assertIn('load()', str(cm.exception))
            with self.assertRaises(A.AccelselError) as cm:
                self.p.from_yaml(path)  # a str is text: a scalar, not a mapping
            self.assertEqual((cm.exception.status, cm.exception.line), ('ACCELSEL_EPARSE', 1))
        self.check_same(self.p.from_yaml(text))
        self.check_same(self.p.from_yaml(text.encode('utf-8')))
        lines = text.splitlines(keepends=True)
        for bad, what in ((''.join(lines[:2]) + '\0' + ''.join(lines[2:]), 'NUL'),
                          (''.join(lines[:2]).encode() + b'\xff' + ''.join(lines[2:]).encode(),
                           'bad UTF-8')):
            with self.subTest(what=what):
                with self.assertRaises(A.AccelselError) as cm:
                    self.p.from_yaml(bad)
                e = cm.exception
                self.assertEqual((e.status, e.line, e.column), ('ACCELSEL_EPARSE', 3, 1))
                self.assertEqual(e.source, '<buffer>')


class ErrorTest(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.p = A.MappingProblem(None, SYSTEM, NET)

    @classmethod
    def tearDownClass(cls):
        cls.p.close()

    def status(self, call, *args, **kw):
        with self.assertRaises(A.AccelselError) as cm:
            call(*args, **kw)
        return cm.exception

    def test_unknown_names(self):
        e = self.status(A.MappingProblem, None, 'no-such-system', NET)
        self.assertEqual(e.status, 'ACCELSEL_ENOTFOUND')
        self.assertIn('no-such-system', e.message)
        self.assertEqual(self.status(self.p.solve, method='annealing').status, 'ACCELSEL_ENOTFOUND')
        m = self.p.solve(method='single')
        designs, masks, strategies = m.spec()
        e = self.status(self.p.evaluate, designs, masks, ['diagonal'] * len(masks))
        self.assertEqual(e.status, 'ACCELSEL_ENOTFOUND')

    def test_bad_specs(self):
        designs, masks, strategies = self.p.solve(method='single').spec()
        self.assertEqual(self.status(self.p.evaluate, designs[:-1], masks, strategies).status,
                         'ACCELSEL_EINVAL')
        self.assertEqual(self.status(self.p.evaluate, designs, masks[:-1], strategies[:-1]).status,
                         'ACCELSEL_EINVAL')
        beyond = [1 << self.p.n_slots if m else m for m in masks]
        self.assertEqual(self.status(self.p.evaluate, designs, beyond, strategies).status,
                         'ACCELSEL_EINVAL')
        with self.assertRaises(ValueError):
            self.p.evaluate(designs, masks, strategies[:-1])
        with self.assertRaises(ValueError):
            self.p.evaluate(designs, [[64]] * len(masks), strategies)

    def test_bad_options(self):
        with self.assertRaises(ValueError):
            A.MappingProblem(None, SYSTEM, NET, objective='energy')
        self.assertEqual(self.status(A.MappingProblem, None, SYSTEM, NET, batch=0).status,
                         'ACCELSEL_EINVAL')
        self.assertEqual(self.status(self.p.solve, population=2).status, 'ACCELSEL_EINVAL')

    def test_exhaustive_refuses_a_large_instance_with_its_size(self):
        with A.MappingProblem(None, 'adaptive-8', 'resnet50') as big:
            e = self.status(big.solve, method='exhaustive', exhaustive_limit=1000)
        self.assertEqual(e.status, 'ACCELSEL_ERANGE')
        self.assertRegex(e.message, r'\d')

    def test_bad_mapping_text(self):
        self.assertEqual(self.status(self.p.from_yaml, 'version: 1\nno_such_key: 3\n').status,
                         'ACCELSEL_EPARSE')

    def test_closed_handles_are_refused(self):
        m = self.p.solve(method='single')
        m.close()
        with self.assertRaises((ValueError, ctypes.ArgumentError)):
            m.objective_s


if __name__ == '__main__':
    unittest.main()
