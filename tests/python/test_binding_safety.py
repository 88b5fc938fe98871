"""The binding's safety rules (docs/hostile-inputs.md, "Python binding"):
shapes checked before C reads an array, handles that cannot be freed under a
running call or under a handle that uses them for life, borrowed handles tied
to their owner, handle parameters that take only their class, close()
idempotent and thread-safe, strings without NUL and in UTF-8, unknown options
refused, integers of any integer type checked against their C type. Run
under the sanitized library by tools/run-tests (stage binding-asan), where a
missed check is a crash."""
import ctypes
import json
import math
import os
import re
import subprocess
import tempfile
import threading
import unittest
from unittest import mock

import accelsel

try:
    import yaml
except ImportError:  # PyYAML comes with the system interpreter the suite uses
    yaml = None
try:
    import numpy
except ImportError:  # numpy comes with python3-sklearn in the system interpreter
    numpy = None

CLI = os.environ.get('ACCELSEL_CLI')
# Every character a writer must escape: C0 controls but NUL, DEL, the C1
# controls and the two line separators a YAML reader takes as line breaks.
CONTROLS = ''.join(chr(c) for c in list(range(1, 32)) + [0x7f] + list(range(0x80, 0xa0)) + [0x2028, 0x2029])


def grid(n, d=2):
    """n rows of d distinct values: (i, 2i, ...) plus a jitter, i.e. known data."""
    return [[float(i * (j + 1)) + 0.25 * (i % 3) for j in range(d)] for i in range(n)]


def small_dataset():
    return accelsel.Dataset.from_columns({'n': [1.0, 2, 4, 8, 16, 32], 't': [90.0, 50, 26, 15, 9, 6],
                                          'g': ['a', 'b', 'a', 'b', 'a', 'b']})


def closing(handle, real, before):
    """real, made to close handle before it runs (before=True) or after, as
    another thread may close it in the middle of a method; and the list of
    whether handle was still unfreed each time (it must be, while held)."""
    alive = []

    def call(*args):
        if before:
            handle.close()
        result = real(*args)
        if not before:
            handle.close()
        alive.append(handle._ptr is not None)
        return result
    return call, alive


H100 = {'device': 'h100-sxm5-80gb', 'count': 8}


class ShapeTest(unittest.TestCase):
    """Every array is checked against the shape the C function reads."""

    def test_init_with_too_few_rows_or_columns(self):
        data = grid(4)
        with self.assertRaisesRegex(ValueError, 'init must have 3 rows, not 1'):
            accelsel.ClusterModel.fit(data, k=3, init=[[0.0, 0.0]])
        with self.assertRaisesRegex(ValueError, 'init must have 2 columns, not 1'):
            accelsel.ClusterModel.fit(data, k=2, init=[[0.0], [1.0]])

    def test_init_of_the_right_shape_is_used(self):
        # Two well separated groups started at their own centres stay there.
        data = [[0.0, 0.0], [0.0, 1.0], [10.0, 0.0], [10.0, 1.0]]
        with accelsel.ClusterModel.fit(data, k=2, init=[[0.0, 0.5], [10.0, 0.5]], n_threads=1) as m:
            self.assertEqual(m.labels, [0, 0, 1, 1])

    def test_inverse_needs_one_value_per_feature(self):
        ds = small_dataset()
        with accelsel.Features.fit(ds, ['n', 't']) as f:
            with self.assertRaisesRegex(ValueError, 'must have 2 columns, not 1'):
                f.inverse([[0.0]] * 8)
            # z-scores of 0 are the column means, in original units
            back = f.inverse([[0.0, 0.0]])
            self.assertAlmostEqual(back[0][0], sum([1.0, 2, 4, 8, 16, 32]) / 6)
        ds.close()

    def test_indices_need_one_label_per_row(self):
        data = grid(40)
        for fn in (accelsel.silhouette, accelsel.calinski_harabasz, accelsel.davies_bouldin):
            with self.subTest(fn=fn.__name__):
                with self.assertRaisesRegex(ValueError, 'must have 40 values, not 10'):
                    fn(data, [0, 1] * 5)
                with self.assertRaisesRegex(ValueError, 'must have 40 values, not 41'):
                    fn(data, [0, 1] * 20 + [0])

    def test_labels_out_of_uint32_range(self):
        with self.assertRaises(OverflowError):
            accelsel.calinski_harabasz(grid(4), [0, 1, 0, 2 ** 32])
        with self.assertRaises(OverflowError):
            accelsel.calinski_harabasz(grid(4), [0, 1, 0, -1])

    def test_elbow_needs_one_value_per_k(self):
        with self.assertRaisesRegex(ValueError, r'values \(one per k\) must have 40 values, not 5'):
            accelsel.elbow(list(range(1, 41)), [5.0, 4, 3, 2, 1])
        # farthest point from the chord of (1,10) (2,3) (3,2) (4,1.5): k = 2, index 1
        self.assertEqual(accelsel.elbow([1, 2, 3, 4], [10.0, 3, 2, 1.5]), 1)

    def test_predict_and_transform_check_columns(self):
        with accelsel.ClusterModel.fit(grid(6), k=2, n_threads=1) as m:
            with self.assertRaisesRegex(ValueError, 'must have 2 columns, not 3'):
                m.predict(grid(2, 3))
        with accelsel.Pca(grid(5, 3)) as p:
            with self.assertRaisesRegex(ValueError, 'must have 3 columns, not 2'):
                p.transform(grid(2, 2))
        with accelsel.Importance.from_matrix(grid(8), [float(i) for i in range(8)], n_trees=2,
                                             n_threads=1, measures=['forest']) as imp:
            with self.assertRaisesRegex(ValueError, 'must have 2 columns, not 1'):
                imp.predict([[1.0]])

    def test_from_matrix_names_and_flags_per_column(self):
        with self.assertRaisesRegex(ValueError, r'names \(one per matrix column\) must have 2 values, not 1'):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), names=['a'])
        with self.assertRaisesRegex(ValueError, r'discrete .* must have 2 values, not 3'):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), discrete=[1, 0, 1])
        with self.assertRaisesRegex(ValueError, r'target .* must have 8 values, not 7'):
            accelsel.Importance.from_matrix(grid(8), list(range(7)))

    def test_ragged_rows_and_columns(self):
        with self.assertRaisesRegex(ValueError, 'row 0 has 2 values, row 2 has 1'):
            accelsel.ClusterModel.fit([[0.0, 1], [1, 2], [3]], k=2)
        with self.assertRaisesRegex(ValueError, 'list of rows'):
            accelsel.Pca([1.0, 2.0, 3.0])
        with self.assertRaisesRegex(ValueError, "column 't' has 2 values, the first column 3"):
            accelsel.Dataset.from_columns({'n': [1.0, 2, 3], 't': [1.0, 2]})
        with accelsel.Dataset.from_columns({'n': [1.0, 2, 3]}) as ds:
            with self.assertRaisesRegex(ValueError, 'must have 3 values'):
                ds.add_column('m', [1.0] * 30)
        with self.assertRaisesRegex(ValueError, 'y .* must have 3 values, not 2'):
            accelsel.kendall_tau_b([1, 2, 3], [1, 2])


class LifetimeTest(unittest.TestCase):
    """Borrowed handles and handles in use by a call outlive nothing they need."""

    def test_borrowed_features_raise_after_owner_closed(self):
        ds = small_dataset()
        feats = accelsel.Features.fit(ds, ['n', 't'])
        model = accelsel.ClusterModel.fit_dataset(ds, feats, k=2, n_threads=1)
        f = model.features
        self.assertEqual(f.names, ['n', 't'])
        prof = model.profiles
        self.assertEqual(len(prof), 2)
        model.close()
        with self.assertRaisesRegex(ValueError, 'closed'):
            f.names
        with self.assertRaisesRegex(ValueError, 'closed'):
            len(prof)
        self.assertTrue(f.closed)
        f.close()  # closing a borrowed handle frees nothing
        feats.close()
        ds.close()

    def test_borrowed_handle_keeps_owner_alive(self):
        ds = small_dataset()
        feats = accelsel.Features.fit(ds, ['n', 't'])
        f = accelsel.ClusterModel.fit_dataset(ds, feats, k=2, n_threads=1).features
        # the model has no other reference: the borrowed features keep it alive
        self.assertEqual(f.dim, 2)
        imp_pca = accelsel.Importance.from_matrix(grid(8), [float(i) for i in range(8)], n_trees=2,
                                                  n_threads=1, measures=['pca']).pca
        self.assertEqual(imp_pca.n_features, 2)
        feats.close()
        ds.close()

    def test_close_from_progress_callback_is_deferred(self):
        ds = accelsel.Dataset.from_columns({'x': [float(i % 7) for i in range(60)],
                                            'y': [float(i % 5) for i in range(60)]})
        feats = accelsel.Features.fit(ds, ['x', 'y'])
        seen = []

        def progress(fraction):
            ds.close()
            feats.close()
            seen.append(fraction)
            return False
        model = accelsel.ClusterModel.fit_dataset(ds, feats, k=3, n_threads=1, progress=progress)
        self.assertTrue(seen)
        self.assertEqual(model.n_rows, 60)   # the fit ran to its end on the live dataset
        self.assertTrue(ds.closed and feats.closed)
        self.assertIsNone(ds._ptr)            # freed when the call returned
        with self.assertRaisesRegex(ValueError, 'Dataset is closed'):
            len(ds)
        model.close()

    def test_close_from_another_thread_is_deferred_until_the_call_returns(self):
        rows = 3000
        ds = accelsel.Dataset.from_columns({'x': [float(i % 97) for i in range(rows)],
                                            'y': [float(i % 89) for i in range(rows)]})
        feats = accelsel.Features.fit(ds, ['x', 'y'])
        started = threading.Event()
        closer = threading.Thread(target=lambda: (started.wait(), ds.close()))
        closer.start()

        def progress(fraction):
            started.set()
            return False
        with accelsel.ClusterModel.fit_dataset(ds, feats, k=4, n_threads=1, n_init=4,
                                               progress=progress) as model:
            self.assertEqual(model.n_rows, rows)
        closer.join()
        self.assertTrue(ds.closed)
        feats.close()

    def test_a_close_just_after_a_call_took_its_hold_waits_for_the_call(self):
        # The call once converted the handle after holding it: a close() in
        # between made ctypes raise ArgumentError instead of running the call.
        ds = small_dataset()
        take = ds._acquire

        def acquire():
            ptr = take()
            ds.close()  # another thread, just then
            return ptr
        ds._acquire = acquire
        self.assertEqual(len(ds), 6)
        self.assertIsNone(ds._ptr)
        with self.assertRaisesRegex(ValueError, 'Dataset is closed'):
            len(ds)

    def test_predictor_keeps_a_closed_catalog_until_it_is_freed(self):
        # The C predictor borrows its catalog for life: close() of the Catalog
        # once freed it under the predictor, and the next predict read freed memory.
        params = accelsel.Predictor().save()
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'params.yaml')
            with open(path, 'w', encoding='utf-8') as f:
                f.write(params)
            makers = {'new': accelsel.Predictor,
                      'load': lambda cat: accelsel.Predictor.load(path, cat),
                      'from_params': lambda cat: accelsel.Predictor.from_params(params, cat)}
            for how, make in makers.items():
                with self.subTest(made_by=how):
                    with accelsel.Catalog.builtin() as cat:
                        p = make(cat)
                    self.assertTrue(cat.closed)
                    with self.assertRaisesRegex(ValueError, 'Catalog is closed'):
                        len(cat)
                    self.assertEqual(p.predict('resnet50', **H100)['device'], 'h100-sxm5-80gb')
                    self.assertEqual(p.catalog.device('h100-sxm5-80gb')['vendor'], 'NVIDIA')
                    self.assertIsNotNone(cat._ptr)
                    p.close()
                    self.assertIsNone(cat._ptr)  # freed with its last user
                    with self.assertRaisesRegex(ValueError, 'Predictor is closed'):
                        p.catalog.devices()

    def test_the_network_of_a_request_is_held_for_the_call(self):
        # The request struct points to the network: a close() from another
        # thread during the call once freed it under the library.
        with accelsel.Predictor() as p, small_dataset() as ds:
            calls = {'_pr_predict': lambda net: p.predict(net, **H100)['time_to_train_s'],
                     '_pr_predict_layers': lambda net: p.layers(net, **H100)[1]['name'],
                     '_pr_sweep': lambda net: p.sweep(net, [1, 8], device='h100-sxm5-80gb')[0][1]['count'],
                     '_pr_append': lambda net: len(p.append_predictions(ds, net, [H100]))}
            for name, run in calls.items():
                with self.subTest(call=name):
                    with accelsel.Network.zoo('resnet50') as net:
                        expected = run(net)
                    net = accelsel.Network.zoo('resnet50')
                    call, alive = closing(net, getattr(accelsel.predict, name), before=True)
                    with mock.patch.object(accelsel.predict, name, call):
                        self.assertEqual(run(net), expected)
                    self.assertTrue(alive and all(alive))
                    self.assertIsNone(net._ptr)  # freed once the call returned

    def test_results_inside_a_selection_are_read_with_the_selection_held(self):
        # Each property reads a borrowed result of the selection through more
        # calls: a close() after the first once freed the result under them.
        # Held, the selection outlives the read, which stops at its next call.
        with accelsel.Dataset.builtin() as builtin:
            ds = builtin.select_rows(range(0, len(builtin), 3))
        reads = {'_select_importance': lambda s: s.importance, '_select_k_choice': lambda s: s.k_scores,
                 '_select_groups': lambda s: s.labels, '_select_group_ranking': lambda s: s.groups,
                 '_select_row_ranking': lambda s: s.ranking(5),
                 '_select_sensitivity': lambda s: s.sensitivity}
        for name, read in reads.items():
            with self.subTest(read=name):
                s = accelsel.Selection(ds, variables='log10(accelerators)')
                call, alive = closing(s, getattr(accelsel.select, name), before=False)
                with mock.patch.object(accelsel.select, name, call), \
                        self.assertRaisesRegex(ValueError, 'Selection is closed'):
                    read(s)
                self.assertEqual(alive, [True])
                self.assertIsNone(s._ptr)  # freed as the read let go
        ds.close()

    def test_mapping_and_catalog_entries_are_read_with_their_owner_held(self):
        problem = accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn')
        reads = {'_map_layer': lambda m: m.layer(1), '_map_breakdown': lambda m: m.breakdown,
                 '_map_get_spec': lambda m: m.spec(), '_map_history': lambda m: m.history}
        for name, read in reads.items():
            with self.subTest(read=name):
                with problem.solve(generations=2, population=4, n_threads=1) as m:
                    expected = read(m)
                m = problem.solve(generations=2, population=4, n_threads=1)
                call, alive = closing(m, getattr(accelsel.map, name), before=False)
                with mock.patch.object(accelsel.map, name, call):
                    self.assertEqual(read(m), expected)
                self.assertEqual(alive, [True])
                self.assertIsNone(m._ptr)
        problem.close()
        cat = accelsel.Catalog.builtin()
        count, entry, find = accelsel.catalog._cat_lists['link']
        call, alive = closing(cat, entry, before=False)
        with mock.patch.dict(accelsel.catalog._cat_lists, link=(count, call, find)):
            self.assertEqual(cat.system_link('dgx-a100', 0, 1), 'nvlink3')
        self.assertEqual(alive, [True])
        self.assertIsNone(cat._ptr)


class HandleTypeTest(unittest.TestCase):
    """A handle parameter takes only a handle of its class: C would read any
    other object (or an int taken for an address) as one, and crash."""

    def test_wrong_handles_raise_type_error(self):
        cat, net, ds = accelsel.Catalog.builtin(), accelsel.Network.zoo('small-cnn'), small_dataset()
        crit = 't:1:cost'
        calls = {'Ranking(Catalog)': lambda: accelsel.Ranking(cat, crit),
                 'Ranking(int)': lambda: accelsel.Ranking(4096, crit),
                 'Ranking(None)': lambda: accelsel.Ranking(None, crit),
                 'Predictor(Dataset)': lambda: accelsel.Predictor(catalog=ds),
                 'Predictor.load(Network)': lambda: accelsel.Predictor.load('/nonexistent', net),
                 'Predictor.from_params(int)': lambda: accelsel.Predictor.from_params('', 64),
                 'predict(Dataset)': lambda: accelsel.Predictor().predict(ds, **H100),
                 'sweep(int)': lambda: accelsel.Predictor().sweep(4096, [1], **H100),
                 'append_predictions(Catalog)':
                     lambda: accelsel.Predictor().append_predictions(cat, net, [H100]),
                 'Features.fit(Network)': lambda: accelsel.Features.fit(net, ['n']),
                 'Selection(Catalog)': lambda: accelsel.Selection(cat),
                 'MappingProblem(Dataset)': lambda: accelsel.MappingProblem(ds, 'adaptive-4', 'small-cnn'),
                 'MappingProblem(network=Catalog)': lambda: accelsel.MappingProblem(None, 'adaptive-4', cat),
                 'Importance.from_dataset(Network)':
                     lambda: accelsel.Importance.from_dataset(net, ['n'], 't'),
                 'Catalog.merge(Network)': lambda: cat.merge(net),
                 'Catalog.merge(int)': lambda: cat.merge(4096)}
        for name, call in calls.items():
            with self.subTest(call=name), self.assertRaisesRegex(TypeError, 'must be a'):
                call()
        # The handles are untouched and still work.
        self.assertEqual(len(accelsel.Ranking(ds, crit)), 6)
        self.assertEqual(len(cat.merge(cat.select(['h100-sxm5-80gb']), override=True)), len(cat))
        for h in (cat, net, ds):
            h.close()

    def test_a_handle_inside_another_is_of_its_class(self):
        with small_dataset() as ds, accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2) as s:
            self.assertEqual(accelsel.Ranking(s.dataset, 't:1:cost').ranked_count, 6)
            with self.assertRaisesRegex(TypeError, 'must be a Dataset, not Selection'):
                accelsel.Ranking(s, 't:1:cost')


class CloseTest(unittest.TestCase):
    def test_close_is_idempotent_and_frees_once_under_threads(self):
        frees = []
        lock = threading.Lock()

        class Counting(accelsel.Dataset):
            @staticmethod
            def _free(ptr):
                with lock:
                    frees.append(ptr)
        for _ in range(20):
            ds = small_dataset()
            ptr = ds._ptr
            ds.__class__ = Counting
            barrier = threading.Barrier(8)
            threads = [threading.Thread(target=lambda: (barrier.wait(), ds.close(), ds.close()))
                       for _ in range(8)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertEqual(frees, [ptr])
            accelsel.dataset._ds_free(ptr)
            frees.clear()

    def test_real_close_from_many_threads(self):
        for _ in range(20):
            ds = small_dataset()
            barrier = threading.Barrier(6)
            threads = [threading.Thread(target=lambda: (barrier.wait(), ds.close())) for _ in range(6)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertTrue(ds.closed)


class StringTest(unittest.TestCase):
    def test_nul_in_a_string_raises(self):
        with small_dataset() as ds:
            with self.assertRaisesRegex(ValueError, 'NUL character at offset 3'):
                ds.where('n=1\0junk')
            with self.assertRaisesRegex(ValueError, 'NUL'):
                ds.column('n\0x')
            with self.assertRaisesRegex(ValueError, 'NUL'):
                ds.add_column('c', ['a', 'b\0c', 'd', 'e', 'f', 'g'])
        with self.assertRaisesRegex(ValueError, 'NUL'):
            accelsel.Dataset.from_csv('/tmp/x\0y.csv')
        with self.assertRaisesRegex(ValueError, 'NUL'):
            accelsel.Network.zoo('small-cnn\0')

    def test_bytes_are_decoded_as_utf8_or_raise(self):
        with small_dataset() as ds:
            ds.add_column('c', [b'\xc3\xa9', 'b', 'a', 'b', 'a', 'b'])
            self.assertEqual(ds.column('c')[0], '\u00e9')
            with self.assertRaisesRegex(ValueError, 'not valid UTF-8'):
                ds.add_column('d', [b'\xff', 'b', 'a', 'b', 'a', 'b'])
            self.assertEqual(len(ds.equal(b'g', b'a')), 3)

    def test_one_name_where_a_list_of_names_belongs_raises(self):
        """A str is a sequence of characters: each would be read as a name
        (the pool 'eyeriss' as the designs 'e', 'y', ...)."""
        with small_dataset() as ds, accelsel.Catalog.builtin() as cat, \
                accelsel.Network.zoo('small-cnn') as net:
            calls = {
                'designs': lambda: accelsel.MappingProblem.from_slots(
                    cat, [{'designs': 'eyeriss'}], net),
                'columns': lambda: accelsel.Features.fit(ds, 'nt'),
                'features': lambda: accelsel.Importance.from_dataset(ds, 'ng', 't'),
                'names': lambda: accelsel.Importance.from_matrix(grid(8), list(range(8)),
                                                                 names='ab'),
                'groups': lambda: ds.derive(time='t', accelerators='n', groups='g'),
                'categorical': lambda: accelsel.Dataset.from_csv('/nonexistent.csv',
                                                                 categorical='g'),
            }
            for what, call in calls.items():
                with self.subTest(what=what):
                    with self.assertRaisesRegex(TypeError, '%s must be a list of names' % what):
                        call()
            with self.assertRaisesRegex(TypeError, 'a slot must be a dict'):
                accelsel.MappingProblem.from_slots(cat, ['h100-sxm5-80gb'], net)

    def test_text_buffers_may_hold_nul_and_the_library_reports_it(self):
        with self.assertRaises(accelsel.AccelselError):
            accelsel.Dataset.from_csv_text(b'a,b\n1,2\0\n')


class OptionTest(unittest.TestCase):
    def test_unknown_keyword_options_raise(self):
        with self.assertRaisesRegex(TypeError, "unexpected keyword argument 'n_inits'"):
            accelsel.ClusterModel.fit(grid(6), k=2, n_inits=3)
        with self.assertRaisesRegex(TypeError, "unexpected keyword argument 'seeds'"):
            accelsel.select_k(grid(6), 1, 2, seeds=1)
        with self.assertRaises(TypeError):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), n_tree=3)

    def test_integers_out_of_range_raise(self):
        with self.assertRaisesRegex(OverflowError, 'n_threads'):
            accelsel.ClusterModel.fit(grid(6), k=2, n_threads=-1)
        with self.assertRaisesRegex(OverflowError, 'k'):
            accelsel.ClusterModel.fit(grid(6), k=2 ** 32 + 2)
        with self.assertRaises(OverflowError):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), n_trees=2 ** 32)
        with accelsel.Network.zoo('small-cnn') as net:
            for bad in (2 ** 64, 2 ** 64 + 1, -1, len(net)):
                with self.subTest(index=bad), self.assertRaises(IndexError):
                    net.successors(bad)
            with self.assertRaises(OverflowError):
                accelsel.network._net_layer_outputs(net, 2 ** 64, ctypes.byref(accelsel.network._szp()),
                                                    ctypes.byref(ctypes.c_size_t()))
        with small_dataset() as ds:
            with self.assertRaises(OverflowError):
                ds.select_rows([0, 2 ** 64])
            with self.assertRaises(OverflowError):
                ds.select_rows([-1])
            with self.assertRaises(OverflowError):
                ds.derive(reference_row=2 ** 63)

    def test_bool_and_float_counts_are_not_ints(self):
        with self.assertRaises(TypeError):
            accelsel.ClusterModel.fit(grid(6), k=2, n_init=2.5)

    def test_selection_integers_are_checked_not_wrapped(self):
        # k=2**32 + 3 once became k=3.
        with small_dataset() as ds:
            for key, bad in (('k', 2 ** 32 + 3), ('k_range', (2, 2 ** 32)), ('k_range', (-1, 3)),
                             ('seed', -1), ('seed', 2 ** 64)):
                with self.subTest(key=key, value=bad), self.assertRaises(OverflowError):
                    accelsel.Selection(ds, features='n,t', criteria='t:1:cost', **{key: bad})
            with self.assertRaises(TypeError):
                accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2.5)
            with accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=IndexOnly(3)) as s:
                self.assertEqual(s.k, 3)

    def test_other_integer_types_are_range_checked_too(self):
        # An integer that is not an int (numpy's) once skipped the range
        # check, and ctypes wrapped it: -1 reached C as 2**64 - 1.
        with self.assertRaisesRegex(OverflowError, '-1 is out of range'):
            accelsel.Pca(grid(5, 3), n_components=IndexOnly(-1))
        with accelsel.Pca(grid(5, 3), n_components=IndexOnly(2)) as p:
            self.assertEqual(p.n_components, 2)
        with small_dataset() as ds:
            with self.assertRaisesRegex(OverflowError, '-1 is out of range'):
                ds.is_missing(IndexOnly(-1), 'n')
            self.assertFalse(ds.is_missing(IndexOnly(5), 'n'))
            with self.assertRaises(TypeError):
                ds.is_missing(True, 'n')
        with accelsel.Catalog.builtin() as cat:
            self.assertEqual(cat.device(IndexOnly(0)), cat.device(0))
            with self.assertRaises(IndexError):
                cat.device(IndexOnly(-1))
        with accelsel.Network.zoo('small-cnn') as net:
            self.assertEqual(net.layer(IndexOnly(1)), net.layer(1))

    @unittest.skipIf(numpy is None, 'needs numpy')
    def test_numpy_integers(self):
        with self.assertRaises(OverflowError):
            accelsel.Pca(grid(5, 3), n_components=numpy.int64(-1))
        with small_dataset() as ds:
            with self.assertRaises(OverflowError):
                ds.is_missing(numpy.int64(-1), 'n')
            self.assertEqual(ds.select_rows(numpy.array([5, 0])).column('n'), [32.0, 1.0])


class DatasetValueTest(unittest.TestCase):
    def test_rows_are_whole_numbers(self):
        # [0.9, 1.9] once selected rows 0 and 1, and '3' row 3.
        with small_dataset() as ds:
            for bad in ([0.9, 1.9], ['3'], [True]):
                with self.subTest(rows=bad), self.assertRaisesRegex(TypeError, 'rows must be an int'):
                    ds.select_rows(bad)
            self.assertEqual(ds.select_rows([IndexOnly(1)]).column('n'), [2.0])

    @unittest.skipIf(numpy is None, 'needs numpy')
    def test_numpy_numbers_make_numeric_columns(self):
        columns = {'i': numpy.array([1, 2, 3]), 'f': numpy.array([0.5, 1.5, 2.5], dtype=numpy.float32),
                   'b': numpy.array([True, False, True]), 'py': [True, False, None]}
        with accelsel.Dataset.from_columns(columns) as ds:
            self.assertEqual([ds.column_type(c) for c in columns],
                             ['numeric', 'numeric', 'categorical', 'categorical'])
            self.assertEqual(ds.column('i'), [1.0, 2.0, 3.0])
            self.assertEqual(ds.column('f'), [0.5, 1.5, 2.5])
            self.assertEqual(ds.column('b'), ['True', 'False', 'True'])
            self.assertEqual(ds.column('py'), ['True', 'False', None])


class ReadOnlyAndNumberTest(unittest.TestCase):
    def test_a_dataset_inside_a_model_or_selection_is_read_only(self):
        """add_column on a model's profiles freed memory the model still
        read (a use after free under another thread's to_yaml)."""
        with accelsel.ClusterModel.fit(grid(9), k=3, seed=1) as m:
            before = m.to_yaml()
            with self.assertRaisesRegex(ValueError, 'belongs to a ClusterModel and is read-only'):
                m.profiles.add_column('size', ['a', 'b', 'c'])
            self.assertEqual(m.to_yaml(), before)
            copy = m.profiles.select_rows(range(len(m.profiles)))
            copy.add_column('label', ['a', 'b', 'c'])  # a copy is the caller's own
            self.assertEqual(copy.column('label'), ['a', 'b', 'c'])
        with small_dataset() as ds, \
                accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2) as s:
            with self.assertRaisesRegex(ValueError, 'belongs to a Selection and is read-only'):
                s.dataset.add_column('a', ['x'] * len(s.dataset))

    def test_one_column_name_is_not_a_list_of_letters(self):
        with accelsel.Dataset.from_columns({'a': [1.0, 2.0], 'b': [3.0, 4.0],
                                            'ab': [5.0, 6.0]}) as ds:
            for call in (lambda: ds.select_columns('ab'), lambda: ds.matrix('ab')):
                with self.assertRaisesRegex(TypeError, 'columns must be a list of names'):
                    call()
            self.assertEqual(ds.matrix(['ab']), [[5.0], [6.0]])
        with self.assertRaisesRegex(TypeError, 'measures'):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), measures='pca')

    def test_numbers_are_not_parsed_from_text(self):
        """'64' was read as a batch of 64, 'False' as a true correction."""
        with small_dataset() as ds:
            with self.assertRaisesRegex(TypeError, 'lo must be a number, not str'):
                ds.between('t', 'a', 5)
            with self.assertRaisesRegex(TypeError, 'is_missing'):
                ds.equal('g', None)
        with accelsel.Predictor() as p:
            with self.assertRaisesRegex(TypeError, 'batch must be a number'):
                p.predict('resnet50', batch='64', **H100)
            with self.assertRaisesRegex(TypeError, 'correction must be True or False'):
                p.predict('resnet50', correction='False', **H100)
            with self.assertRaisesRegex(TypeError, 'global_batch must be a number'):
                p.epochs('4096')
        with self.assertRaisesRegex(TypeError, 'tol must be a number'):
            accelsel.ClusterModel.fit(grid(6), k=2, tol='1e-4')
        with self.assertRaisesRegex(TypeError, 'max_features must be a number'):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), max_features='0.5')
        with self.assertRaisesRegex(TypeError, 'must hold numbers, not str'):
            accelsel.ClusterModel.fit([[1.0, 2.0], ['3', 4.0]], k=1)

    def test_ranking_top_is_a_count(self):
        with small_dataset() as ds, \
                accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2) as s:
            self.assertEqual(len(s.ranking(top=2)), 2)
            for bad, error in ((-1, OverflowError), (True, TypeError), (1.5, TypeError)):
                with self.subTest(top=bad), self.assertRaises(error):
                    s.ranking(top=bad)


class ResultTest(unittest.TestCase):
    def test_cluster_selection_table_has_every_k_and_score(self):
        data = [[0.0, 0], [0.1, 0], [0, 0.1], [5, 5], [5.1, 5], [5, 5.1], [9, 0], [9.1, 0], [9, 0.1]]
        with accelsel.select_k(data, 2, 4, criterion='ch', n_threads=1) as sel:
            table = sel.table
            self.assertEqual([row['k'] for row in table], [2, 3, 4])
            self.assertEqual(set(table[0]), {'k', 'inertia', 'silhouette', 'calinski_harabasz',
                                             'davies_bouldin', 'gap', 'gap_se'})
            best = max(table, key=lambda row: row['calinski_harabasz'])
            self.assertEqual(best['k'], sel.best_k)

    def test_predictor_integers_are_checked_not_wrapped(self):
        # A negative count once wrapped to 4294967295 accelerators, 2**32 + 8
        # to 8 and 1.5 to 1, each giving a prediction for another question.
        with accelsel.Predictor() as p:
            h100 = {'device': 'h100-sxm5-80gb'}
            for key, bad in (('count', -1), ('count', 2 ** 32 + 8), ('nodes', -2),
                             ('host_cores_per_node', -1), ('precision', 2 ** 40)):
                with self.subTest(key=key, value=bad), self.assertRaisesRegex(OverflowError, key):
                    p.predict('resnet50', **dict(h100, **{key: bad}))
            for bad in (1.5, '8', True):
                with self.subTest(count=bad), self.assertRaisesRegex(TypeError, 'count'):
                    p.predict('resnet50', count=bad, **h100)
            self.assertEqual(p.predict('resnet50', count=IndexOnly(16), **h100)['count'], 16)
            with self.assertRaises(OverflowError):
                p.sweep('resnet50', [8, -16], **h100)
            with self.assertRaises(TypeError):
                p.sweep('resnet50', [8, 16.5], **h100)
            self.assertEqual(p.sweep('resnet50', [IndexOnly(8), 16], **h100)[0][0]['count'], 8)
            with small_dataset() as ds, self.assertRaisesRegex(OverflowError, 'n_threads'):
                p.predict_dataset(ds, n_threads=-1)
            with small_dataset() as ds, self.assertRaisesRegex(OverflowError, 'n_threads'):
                p.calibrate(ds, n_threads=-1)

    def test_mapping_integers_are_checked_not_wrapped(self):
        for key, bad in (('batch', -1), ('max_group_size', -3)):
            with self.subTest(key=key), self.assertRaisesRegex(OverflowError, key):
                accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn', **{key: bad})
        with self.assertRaisesRegex(TypeError, 'batch'):
            accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn', batch=2.5)
        with accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn') as problem:
            # generations=-1 once wrapped to 4294967295 generations: a search without end.
            for key, bad in (('generations', -1), ('seed', -1), ('population', 2 ** 32)):
                with self.subTest(key=key), self.assertRaisesRegex(OverflowError, key):
                    problem.solve(**{key: bad})
            with self.assertRaisesRegex(TypeError, 'population'):
                problem.solve(population=1.5)
            with problem.solve(method='computation-first') as best:
                designs, groups, strategies = best.spec()
                # The spec evaluates back to the same latency, also with
                # integer types other than int.
                with problem.evaluate([IndexOnly(d) for d in designs], [IndexOnly(g) for g in groups],
                                      strategies) as again:
                    self.assertEqual(again.latency_s, best.latency_s)
            for bad in ([-1] + designs[1:], [2 ** 32] + designs[1:]):
                with self.assertRaisesRegex(OverflowError, 'designs'):
                    problem.evaluate(bad, groups, strategies)
            with self.assertRaisesRegex(OverflowError, 'group mask'):
                problem.evaluate(designs, [-1] + groups[1:], strategies)
            with self.assertRaisesRegex(OverflowError, 'strategies'):
                problem.evaluate(designs, groups, [2 ** 31] + strategies[1:])
            with self.assertRaisesRegex(TypeError, 'design'):
                problem.evaluate([0.5] + designs[1:], groups, strategies)


class IndexOnly:
    """An integer type other than int (as numpy's are): usable through __index__."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        return self.value


@unittest.skipIf(CLI is None or not os.path.exists('/dev/zero'), 'needs ACCELSEL_CLI and /dev/zero')
class CliSpecialFileTest(unittest.TestCase):
    """The CLI refuses a device or pipe as an input file unless asked; asked,
    the library stops reading at the first NUL of a text format."""

    def run_cli(self, *args, allow=False):
        env = dict(os.environ)
        env.pop('ACCELSEL_ALLOW_SPECIAL_FILES', None)
        if allow:
            env['ACCELSEL_ALLOW_SPECIAL_FILES'] = '1'
        return subprocess.run([CLI] + list(args), capture_output=True, env=env, timeout=60)

    def test_dev_zero_is_refused_then_read_to_its_first_nul(self):
        for args in (('data', '--csv', '/dev/zero'), ('network', 'validate', '/dev/zero'),
                     ('catalog', 'validate', '/dev/zero')):
            with self.subTest(args=args):
                out = self.run_cli(*args)
                self.assertNotEqual(out.returncode, 0)
                self.assertIn(b"'/dev/zero' is not a regular file", out.stderr)
                out = self.run_cli(*args, allow=True)
                self.assertNotEqual(out.returncode, 0)
                self.assertIn(b'/dev/zero:1:1:', out.stderr)


def yaml_quoted(s):
    """s as a YAML double-quoted scalar, written by Python's json (JSON strings are YAML)."""
    return json.dumps(s)


@unittest.skipIf(yaml is None, 'PyYAML is not installed')
class WriterEscapingTest(unittest.TestCase):
    """YAML and JSON writers escape what their formats require: names holding
    every control character read back equal through PyYAML and json."""

    def network_text(self):
        self.name = 'in' + CONTROLS
        self.net_name = 'net' + CONTROLS
        return ('name: %s\ninputs:\n  - {name: %s, shape: [3]}\nlayers:\n'
                '  - {name: r, kind: activation, function: relu, inputs: [%s]}\n'
                % (yaml_quoted(self.net_name), yaml_quoted(self.name), yaml_quoted(self.name)))

    def test_library_network_yaml(self):
        with accelsel.Network.from_yaml(self.network_text()) as net:
            doc = yaml.safe_load(net.to_yaml())
        self.assertEqual(doc['name'], self.net_name)
        self.assertEqual(doc['inputs'][0]['name'], self.name)

    def test_library_catalog_yaml(self):
        text = 'version: 1\ndevices:\n  - {name: %s, vendor: %s, kind: gpu, source: %s}\n' % (
            yaml_quoted('g' + CONTROLS), yaml_quoted('v' + CONTROLS), yaml_quoted('s' + CONTROLS))
        with accelsel.Catalog.from_string(text) as cat:
            dev = yaml.safe_load(cat.to_string())['devices'][0]
        self.assertEqual((dev['name'], dev['vendor'], dev['source']),
                         ('g' + CONTROLS, 'v' + CONTROLS, 's' + CONTROLS))

    def test_library_cluster_model_yaml(self):
        a, b = 'a' + CONTROLS, 'b' + CONTROLS
        with accelsel.Dataset.from_columns({a: [1.0, 2, 10, 11], b: [0.0, 1, 0, 1]}) as ds, \
                accelsel.Features.fit(ds, [a, b]) as f, \
                accelsel.ClusterModel.fit_dataset(ds, f, k=2, n_threads=1) as m:
            text = m.to_yaml()
        yaml.safe_load(text)  # raises on a character YAML forbids raw
        with accelsel.ClusterModel.from_yaml_text(text) as back:
            self.assertEqual([name for name, _ in back.features.inputs], [a, b])

    @unittest.skipIf(CLI is None, 'ACCELSEL_CLI is not set')
    def test_cli_network_yaml_and_json(self):
        with tempfile.NamedTemporaryFile('w', suffix='.yaml', delete=False, encoding='utf-8') as f:
            f.write(self.network_text())
        try:
            for fmt, parse in (('yaml', yaml.safe_load), ('json', json.loads)):
                out = subprocess.run([CLI, 'network', 'validate', f.name, '--format', fmt],
                                     capture_output=True, check=True).stdout.decode('utf-8')
                doc = parse(out)
                self.assertEqual(doc['name'], self.net_name, fmt)
                self.assertEqual(doc['layers'][0]['name'], self.name, fmt)
            table = subprocess.run([CLI, 'network', 'validate', f.name, '--format', 'table'],
                                   capture_output=True, check=True).stdout.decode('utf-8')
            # heading, two layers, a blank line, the summary and the training
            # recipe (a file's network has none): six lines
            self.assertEqual(table.count('\n'), 6)
            for c in CONTROLS:
                if c != '\n':
                    self.assertNotIn(c, table)
        finally:
            os.unlink(f.name)

    @unittest.skipIf(CLI is None, 'ACCELSEL_CLI is not set')
    def test_cli_catalog_table_escapes_controls(self):
        text = 'version: 1\ndevices:\n  - {name: %s, vendor: %s, kind: gpu, source: s}\n' % (
            yaml_quoted('g' + CONTROLS), yaml_quoted('\x1b[2J'))
        with tempfile.NamedTemporaryFile('w', suffix='.yaml', delete=False, encoding='utf-8') as f:
            f.write(text)
        try:
            table = subprocess.run([CLI, 'catalog', 'list', '--type', 'devices', '--catalog', f.name],
                                   capture_output=True, check=True).stdout.decode('utf-8')
        finally:
            os.unlink(f.name)
        # The file merges over the built-in catalog: its one device is the
        # line that starts with its name, 'g' and an escaped control.
        ours = [l for l in table.splitlines() if l.startswith('g\\')]
        self.assertEqual(len(ours), 1, table[:2000])
        for c in CONTROLS:
            if c != '\n':
                self.assertNotIn(c, table)
        self.assertIn('\\x1b[2J', table)

    @unittest.skipIf(CLI is None, 'ACCELSEL_CLI is not set')
    def test_cli_table_escapes_controls(self):
        name = 'c\x1b[31mred\nx'
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 't.csv')
            with accelsel.Dataset.from_columns({name: ['v\x1b]0;title\x07', 'w\u009b2J'],
                                                'n': [1.0, 2.0]}) as ds:
                ds.to_csv(path)
            table = subprocess.run([CLI, 'data', '--csv', path, '--format', 'table'],
                                   capture_output=True, check=True).stdout.decode('utf-8')
            data = json.loads(subprocess.run([CLI, 'data', '--csv', path, '--format', 'json'],
                                             capture_output=True, check=True).stdout)
        self.assertEqual(table.count('\n'), 3)  # header and two rows: no line broken
        for c in CONTROLS:
            if c != '\n':
                self.assertNotIn(c, table)
        self.assertIn('c\\x1b[31mred\\nx', table)
        self.assertIn('w\\x9b2J', table)
        self.assertEqual([row[name] for row in data], ['v\x1b]0;title\x07', 'w\u009b2J'])


OMIT = object()  # an option left out


def given(base, kw):
    """base updated with kw, without the options that kw leaves out (OMIT)."""
    merged = dict(base, **kw)
    return {k: v for k, v in merged.items() if v is not OMIT}


def omitting(call):
    """Mark call as one that takes OMIT for an option left out (see options())."""
    call.omitting = True
    return call


def leaving_out(call):
    """call(**kw) with the options that kw leaves out (OMIT) left out."""
    return lambda **kw: call(**given({}, kw))


def outcome(call, **kw):
    """What call(**kw) gives, as text that compares equal for equal results
    (NaN included): its result, or the status of the library's error. An
    error of the binding's own checks propagates."""
    try:
        return repr(call(**kw))
    except accelsel.AccelselError as e:
        return e.status


def naming(option):
    """The regex of a message that names the option (e.g. 'predict: count
    must be an int, not bool')."""
    return r'(^|[ :(])%s must be' % re.escape(option)


def numpy_float(x):
    return numpy.float64(x) if numpy is not None else x


# Values of another type than the option's: each once slipped through as
# its truth ('False' true, '' and [] "not given") or was parsed.
WRONG = {
    'bool': ('False', 'True', '', 'no', 0, 1, [], numpy_float(0.0)),
    'int': (True, False, '', '8', 8.0, 2.5, [], [8], numpy_float(8.0)),
    'real': (True, False, '', '64', b'1', [], [1.0]),
    'text': (1, 0, True, False, [], ['x'], 2.5),
}


class OptionRuleTest(unittest.TestCase):
    """Issue 24, item 2: every option goes through its type check before any
    default applies (a yes/no option a bool, an integer option an integer
    and never a bool, a real option a number, a name a str), a TypeError
    naming it otherwise; None alone means the default."""

    @classmethod
    def setUpClass(cls):
        cls.p = accelsel.Predictor()
        cls.ds = small_dataset()
        with accelsel.Dataset.builtin() as ds:
            cls.mlperf = ds.select_rows(range(0, len(ds), 20))
        cls.cat = accelsel.Catalog.builtin()
        cls.net = accelsel.Network.zoo('small-cnn')
        cls.problem = accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn')
        cls.ranking = accelsel.Ranking(cls.ds, 't:1:cost,n:1:benefit')

    @classmethod
    def tearDownClass(cls):
        for h in (cls.p, cls.ds, cls.mlperf, cls.cat, cls.net, cls.problem, cls.ranking):
            h.close()

    def options(self):
        """(option, kind, call(**{option: value}), a valid value, whether None
        is a default): every option of every call, once."""
        p, ds, cat, net = self.p, self.ds, self.cat, self.net

        @omitting
        def predict(**kw):
            return p.predict('resnet50', **given({'device': 'h100-sxm5-80gb'}, kw))['time_to_train_s']

        @omitting
        def cluster(**kw):
            with accelsel.ClusterModel.fit(grid(9), **given({'k': 3, 'seed': 1, 'n_threads': 1}, kw)) as m:
                return m.labels, m.silhouette, m.profiles.columns

        @omitting
        def select_k(**kw):
            with accelsel.select_k(grid(9), **given({'k_min': 2, 'k_max': 3, 'n_threads': 1}, kw)) as s:
                return s.best_k, s.table

        @omitting
        def importance(**kw):
            with accelsel.Importance.from_matrix(grid(8), list(range(8)),
                                                 **given({'n_trees': 2, 'n_threads': 1}, kw)) as imp:
                return imp.table()

        @omitting
        def solve(**kw):
            with self.problem.solve(**given({'method': 'single'}, kw)) as m:
                return m.latency_s, m.method

        @omitting
        def problem(**kw):
            with accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn', **given({}, kw)) as pr:
                return pr.batch, pr.objective

        @omitting
        def selection(**kw):
            with accelsel.Selection(ds, **given({'features': 'n,t', 'criteria': 't:1:cost', 'k': 2},
                                                kw)) as s:
                return s.labels, s.recommendation, s.k_range

        @omitting
        def calibrate(**kw):
            with accelsel.Predictor() as fresh:
                return fresh.calibrate(self.mlperf, **given({'n_threads': 1}, kw)).table()

        @omitting
        def slot(**kw):
            with accelsel.MappingProblem.from_slots(cat, [given({'designs': ['eyeriss']}, kw)], net) as pr:
                return pr.pool(0)

        @omitting
        def derive(**kw):
            return ds.derive(time='t', accelerators='n', groups=(), **given({}, kw)).to_dict()

        steps = lambda **kw: accelsel.load_steps('/nonexistent/steps.csv', **kw)
        table = [
            # yes/no options
            ('calibrate_builtin', 'bool', lambda **kw: accelsel.Predictor(**kw).save(), False, True),
            ('physical', 'bool', lambda **kw: accelsel.Predictor(**kw).save(), True, True),
            ('correction', 'bool', predict, False, True),
            ('correction', 'bool', lambda **kw: p.predict_dataset(self.mlperf, **kw).to_dict(), False, True),
            ('corrections', 'bool', calibrate, False, True),
            ('corrections', 'bool', lambda **kw: p.evaluate(self.ds, **kw), True, True),
            ('indices', 'bool', cluster, False, True),
            ('profiles', 'bool', cluster, False, True),
            ('indices', 'bool', select_k, True, True),
            ('fronts', 'bool', lambda **kw: accelsel.Ranking(ds, 't:1:cost', **kw).fronts, True, True),
            ('override', 'bool', lambda **kw: len(cat.merge(cat.select(['h100-sxm5-80gb']), **kw)),
             True, True),
            ('one_node_references', 'bool',
             lambda **kw: len(p.append_predictions(ds, 'resnet50', [dict(H100, count=16)], **kw)), False, True),
            # integer options
            ('count', 'int', predict, 8, True),
            ('nodes', 'int', predict, 2, True),
            ('per_node', 'int', predict, 4, True),
            ('host_cores_per_node', 'int', predict, 32, True),
            ('threads', 'int', lambda **kw: p.predict('resnet50', device='core-i7-11700', **kw)['step_s'],
             4, True),
            ('k', 'int', cluster, 2, True),
            ('n_init', 'int', cluster, 2, True),
            ('max_iter', 'int', cluster, 50, True),
            ('seed', 'int', cluster, 3, True),
            ('n_threads', 'int', cluster, 2, True),
            ('silhouette_max', 'int', cluster, 5, True),
            ('gap_references', 'int', select_k, 3, True),
            ('k_min', 'int', select_k, 2, False),
            ('k_max', 'int', select_k, 4, False),
            ('n_threads', 'int', lambda **kw: accelsel.silhouette(grid(6), [0, 1] * 3, **kw), 1, True),
            ('silhouette_max', 'int', lambda **kw: accelsel.silhouette(grid(6), [0, 1] * 3, **kw), 4, True),
            ('seed', 'int', lambda **kw: accelsel.silhouette(grid(6), [0, 1] * 3, **kw), 2, True),
            ('n_components', 'int', lambda **kw: accelsel.Pca(grid(5, 3), **kw).n_components, 2, True),
            ('n_trees', 'int', importance, 3, True),
            ('max_depth', 'int', importance, 2, True),
            ('min_samples_leaf', 'int', importance, 2, True),
            ('n_repeats', 'int', importance, 2, True),
            ('mi_neighbors', 'int', importance, 2, True),
            ('seed', 'int', importance, 1, True),
            ('n_threads', 'int', importance, 1, True),
            ('n_samples', 'int', lambda **kw: repr(self.ranking.sensitivity(**kw)), 10, True),
            ('seed', 'int', lambda **kw: repr(self.ranking.sensitivity(n_samples=10, **kw)), 1, True),
            ('n_threads', 'int', lambda **kw: repr(self.ranking.sensitivity(n_samples=10, **kw)), 1, True),
            ('batch', 'int', problem, 2, True),
            ('max_group_size', 'int', problem, 2, True),
            ('seed', 'int', solve, 1, True),
            ('n_threads', 'int', solve, 1, True),
            ('generations', 'int', solve, 1, True),
            ('population', 'int', solve, 8, True),
            ('patience', 'int', solve, 1, True),
            ('exhaustive_limit', 'int', solve, 10, True),
            ('k', 'int', selection, 3, True),
            ('seed', 'int', selection, 1, True),
            ('top', 'int', lambda **kw: accelsel.Selection(ds, features='n,t', criteria='t:1:cost',
                                                           k=2).ranking(**kw), 2, True),
            ('bytes_per_element', 'int', lambda **kw: len(accelsel.Network.zoo('small-cnn', **kw).to_yaml()),
             2, True),
            ('reference_row', 'int', derive, 0, True),
            ('n_threads', 'int', lambda **kw: p.predict_dataset(self.mlperf, **kw).to_dict(), 1, True),
            ('n_threads', 'int', calibrate, 2, True),
            ('min_steps_timed', 'int', steps, 3, True),
            # real options
            ('batch', 'real', predict, 512, True),
            ('epochs', 'real', predict, 30.5, True),
            ('epoch_samples', 'real', predict, 1e6, True),
            ('samples', 'real', predict, 1e7, True),
            ('sample_bytes', 'real', predict, 1e5, True),
            ('threshold', 'real', lambda **kw: p.sweep('resnet50', [1, 8], device='h100-sxm5-80gb', **kw),
             0.5, True),
            ('global_batch', 'real', lambda **kw: p.epochs(**kw), 4096, False),
            ('huber_delta', 'real', calibrate, 2, True),
            ('shrink_rows', 'real', calibrate, 4.0, True),
            ('tol', 'real', cluster, 1e-3, True),
            ('max_features', 'real', importance, 0.5, True),
            ('perturbation', 'real', lambda **kw: repr(self.ranking.sensitivity(n_samples=10, **kw)),
             0.1, True),
            ('time_budget', 'real', solve, 10, True),
            ('images_per_epoch', 'real', derive, 1000, True),
            ('lo', 'real', lambda **kw: ds.between('t', **kw).column('t'), 10, True),
            ('hi', 'real', lambda **kw: ds.between('t', **kw).column('t'), 10, True),
            ('memory_bytes', 'real', slot, 2 ** 30, True),
            ('memory_bw_bytes_s', 'real', slot, 1e10, True),
            # names and names among a fixed set
            ('device', 'text', predict, 'a100-sxm4-40gb', True),
            ('system', 'text', predict, 'dgx-h100', True),
            ('intra_link', 'text', predict, 'nvlink4', True),
            ('inter_link', 'text', predict, 'ib-ndr-400', True),
            ('host_cpu', 'text', predict, 'xeon-8480', True),
            ('stack', 'text', predict, 'eager', True),
            ('objective', 'text', problem, 'throughput', True),
            ('method', 'text', lambda **kw: self.problem.solve(generations=1, population=8, n_threads=1,
                                                               **kw).method, 'h2h', True),
            ('k_by', 'text', selection, 'ch', True),
            ('rows', 'text', selection, 'all', True),
            ('algorithm', 'text', selection, 'ward', True),
            ('method', 'text', selection, 'wsum', True),
            ('target', 'text', selection, 't', True),
            ('algorithm', 'text', cluster, 'ward', True),
            ('criterion', 'text', select_k, 'ch', True),
            ('missing', 'text', lambda **kw: accelsel.Features.fit(ds, ['n', 't'], **kw).missing, 'impute',
             True),
            ('permutation_rows', 'text', importance, 'train', True),
            ('missing', 'text', importance, 'drop', True),
            ('missing', 'text', lambda **kw: accelsel.Ranking(ds, 't:1:cost', **kw).ranks, 'error', True),
            ('method', 'text', lambda **kw: accelsel.Ranking(ds, 't:1:cost', **kw).ranks, 'wsum', True),
            ('set', 'text', lambda **kw: calibrate_report(self.mlperf).summary(**kw), 'holdout', True),
            ('name', 'text', lambda **kw: len(accelsel.Dataset.builtin(**kw)), 'mlperf-training-resnet',
             True),
            ('delimiter', 'text', lambda **kw: accelsel.Dataset.from_csv_text('a;b\n1;2\n', **kw).columns,
             ';', True),
        ]
        return [(option, kind, call if getattr(call, 'omitting', False) else omitting(leaving_out(call)),
                 valid, default) for option, kind, call, valid, default in table]

    def test_a_value_of_another_type_is_a_type_error_naming_the_option(self):
        for option, kind, call, valid, default in self.options():
            for bad in WRONG[kind]:
                with self.subTest(option=option, kind=kind, value=bad), \
                        self.assertRaisesRegex(TypeError, naming(option)):
                    call(**{option: bad})

    def test_none_alone_means_the_default(self):
        for option, kind, call, valid, default in self.options():
            with self.subTest(option=option, kind=kind):
                if default:
                    self.assertEqual(outcome(call, **{option: None}), outcome(call, **{option: OMIT}))
                else:
                    with self.assertRaisesRegex(TypeError, naming(option)):
                        call(**{option: None})

    def test_a_valid_value_is_taken(self):
        for option, kind, call, valid, default in self.options():
            with self.subTest(option=option, kind=kind, value=valid):
                outcome(call, **{option: valid})  # no TypeError, ValueError or OverflowError

    def test_the_value_and_not_its_truth_decides(self):
        """The cases of the issue, each with what it once did."""
        with self.assertRaisesRegex(TypeError, "calibrate_builtin must be True or False, not 'False'"):
            accelsel.Predictor(calibrate_builtin='False')  # calibrated
        for key, bad in (('batch', ''), ('count', False), ('epochs', []), ('samples', ''),
                         ('per_node', False), ('count', True), ('nodes', True)):
            with self.subTest(key=key, value=bad), self.assertRaisesRegex(TypeError, naming(key)):
                self.p.predict('resnet50', device='h100-sxm5-80gb', **{key: bad})  # the default
        # The bools that are taken do what they say.
        self.assertEqual(self.p.predict('resnet50', correction=False, **H100)['correction'], 1.0)
        with accelsel.ClusterModel.fit(grid(9), k=3, seed=1, indices=False, profiles=False) as m:
            self.assertTrue(math.isnan(m.silhouette))
            self.assertEqual(m.profiles.columns, ['cluster', 'size'])
        with accelsel.ClusterModel.fit(grid(9), k=3, seed=1, indices=True) as m:
            self.assertFalse(math.isnan(m.silhouette))
        self.assertIsNone(accelsel.Ranking(self.ds, 't:1:cost', fronts=False).fronts)
        self.assertEqual(len(accelsel.Ranking(self.ds, 't:1:cost', fronts=True).fronts), len(self.ds))
        with self.assertRaises(accelsel.AccelselError):
            self.cat.merge(self.cat.select(['h100-sxm5-80gb']), override=False)
        # 0 is a count (the library's "not given"), not a wrong type.
        self.assertEqual(self.p.predict('resnet50', count=0, **{'device': 'h100-sxm5-80gb'})['count'], 1)

    def test_flags_of_a_list_are_bools(self):
        with self.assertRaisesRegex(TypeError, naming('discrete')):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), discrete=['False', 'x'])
        with self.assertRaisesRegex(TypeError, naming('discrete')):
            accelsel.Importance.from_matrix(grid(8), list(range(8)), discrete=[1, 0])
        with accelsel.Importance.from_matrix(grid(8), list(range(8)), discrete=[False, True],
                                             measures=['mutual_info'], n_threads=1) as imp:
            self.assertEqual(len(imp.values('mutual_info')), 2)

    def test_numbers_beyond_a_double_are_an_overflow_naming_the_option(self):
        with self.assertRaisesRegex(OverflowError, 'batch is out of the range of a double'):
            self.p.predict('resnet50', batch=10 ** 400, **H100)
        with self.assertRaisesRegex(OverflowError, 'tol'):
            accelsel.ClusterModel.fit(grid(6), k=2, tol=10 ** 400)

    @unittest.skipIf(numpy is None, 'needs numpy')
    def test_numpy_scalars_are_taken(self):
        h100 = {'device': 'h100-sxm5-80gb'}
        self.assertEqual(self.p.predict('resnet50', count=numpy.int64(8), batch=numpy.float32(512), **h100),
                         self.p.predict('resnet50', count=8, batch=512.0, **h100))
        self.assertEqual(self.p.predict('resnet50', correction=numpy.bool_(False), **h100)['correction'],
                         1.0)
        with accelsel.ClusterModel.fit(grid(9), k=numpy.uint8(3), seed=1,
                                       indices=numpy.bool_(False)) as m:
            self.assertEqual(m.k, 3)
            self.assertTrue(math.isnan(m.silhouette))
        with self.assertRaisesRegex(TypeError, naming('count')):
            self.p.predict('resnet50', count=numpy.float64(8), **h100)
        with accelsel.Importance.from_matrix(grid(8), list(range(8)), discrete=numpy.array([True, False]),
                                             measures=['mutual_info'], n_threads=1) as imp:
            self.assertEqual(len(imp.values('mutual_info')), 2)


def calibrate_report(ds):
    with accelsel.Predictor() as p:
        return p.calibrate(ds, n_threads=1)


# Values that are no list: one text (read as its letters or byte values),
# a mapping (its keys), a set (no order), a value that is not iterable.
NOT_LISTS = ('ab', b'ab', bytearray(b'ab'), {'a': 1, 'b': 2}, {'a', 'b'}, 5)
TEXTS = ('ab', b'ab', bytearray(b'ab'))


class ListRuleTest(unittest.TestCase):
    """Issue 24, item 3: one rule decides "a list of X" for every parameter
    that takes a list of names, numbers or configurations: a list, a tuple or
    another ordered iterable; one str or bytes, a dict, a set or a scalar is
    a TypeError naming the parameter, never read as letters, byte values or
    keys."""

    @classmethod
    def setUpClass(cls):
        cls.p = accelsel.Predictor()
        cls.ds = small_dataset()
        with accelsel.Dataset.builtin() as ds:
            cls.mlperf = ds.select_rows(range(0, len(ds), 20))
        cls.cat = accelsel.Catalog.builtin()
        cls.net = accelsel.Network.zoo('small-cnn')
        cls.problem = accelsel.MappingProblem(None, 'adaptive-4', 'small-cnn')
        with cls.problem.solve(method='computation-first') as m:
            cls.spec = m.spec()

    @classmethod
    def tearDownClass(cls):
        for h in (cls.p, cls.ds, cls.mlperf, cls.cat, cls.net, cls.problem):
            h.close()

    def parameters(self):
        """(parameter as messages name it, call(value), a valid list, the values
        that are no list here, whether None is its default): every parameter
        that takes a list."""
        p, ds, cat, net = self.p, self.ds, self.cat, self.net
        designs, groups, strategies = self.spec
        evaluate = self.problem.evaluate
        no_set = tuple(v for v in NOT_LISTS if not isinstance(v, set))
        no_text = tuple(v for v in NOT_LISTS if v not in TEXTS)
        csv = 'n,g\n1,a\n2,b\n'
        return [
            ('designs', lambda v: evaluate(v, groups, strategies).latency_s, designs, NOT_LISTS, False),
            ('layer_slots', lambda v: evaluate(designs, v, strategies).latency_s, groups, NOT_LISTS, False),
            ('layer_slots[1]', lambda v: evaluate(designs, [groups[0], v] + groups[2:], strategies).latency_s,
             [s for s in range(64) if groups[1] >> s & 1], tuple(v for v in no_set if v != 5), False),
            ('strategies', lambda v: evaluate(designs, groups, v).latency_s, strategies, NOT_LISTS, False),
            ('slots', lambda v: accelsel.MappingProblem.from_slots(cat, v, net).n_slots,
             [{'designs': ['eyeriss']}], NOT_LISTS, False),
            ('slots[0]: designs', lambda v: accelsel.MappingProblem.from_slots(cat, [{'designs': v}], net).n_slots,
             ['eyeriss'], NOT_LISTS, True),
            ('configs', lambda v: len(p.append_predictions(self.mlperf, 'resnet50', v)),
             [H100, dict(H100, count=16)], NOT_LISTS, False),
            ('counts', lambda v: p.sweep('resnet50', v, device='h100-sxm5-80gb'), [1, 8], NOT_LISTS, False),
            ('Selection: where', lambda v: accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2,
                                                                where=v).labels,
             ['n=1..8'], no_text, True),
            ('Selection: k_range', lambda v: accelsel.Selection(ds, features='n,t', criteria='t:1:cost',
                                                                  k_range=v).k_range,
             (2, 3), NOT_LISTS, True),
            ('calibrate: holdout_rounds', lambda v: accelsel.Predictor().calibrate(
                self.mlperf, holdout_rounds=v, n_threads=1).table(), ['v1.0'], no_text, True),
            ('criteria', lambda v: accelsel.Ranking(ds, v).ranks, [('t', 1, 'cost')], no_text, False),
            ('criteria[0]', lambda v: accelsel.Ranking(ds, [v]).ranks, ('t', 1, 'cost'),
             ('abc', b'abc', {'t': 1, 'n': 2, 'g': 3}, {'t', 1, 'cost'}, 5), False),
            ('categorical', lambda v: accelsel.Dataset.from_csv_text(csv, categorical=v).to_dict(), ['n'],
             NOT_LISTS, True),
            ('missing', lambda v: accelsel.Dataset.from_csv_text(csv, missing=v).to_dict(), ['b'],
             NOT_LISTS, True),
            ('rows', lambda v: ds.select_rows(v).column('n'), [5, 0], NOT_LISTS, False),
            ('columns', lambda v: ds.matrix(v), ['n', 't'], NOT_LISTS, False),
            ('columns', lambda v: ds.select_columns(v).columns, ['t', 'n'], NOT_LISTS, False),
            ('columns', lambda v: accelsel.Features.fit(ds, v).names, ['n', 't'], NOT_LISTS, False),
            ('transforms', lambda v: accelsel.Features.fit(ds, ['n', 't'], transforms=v).inputs,
             ['log10', 'none'], NOT_LISTS, True),
            ('groups', lambda v: ds.derive(time='t', accelerators='n', groups=v).to_dict(), ['g'],
             NOT_LISTS, True),
            ("column 'c'", lambda v: accelsel.Dataset.from_columns({'c': v}).column('c'), ['x', 'y'],
             NOT_LISTS, False),
            ("values of column 'c'", lambda v: ds.select_rows(range(2)).add_column('c', v), ['x', 'y'],
             NOT_LISTS, False),
            ('features', lambda v: accelsel.Importance.from_dataset(ds, v, 't', n_trees=2, n_threads=1).features,
             ['n', 'g'], NOT_LISTS, False),
            ('names', lambda v: accelsel.Importance.from_matrix(grid(8), list(range(8)), names=v, n_trees=2,
                                                                n_threads=1).features,
             ['a', 'b'], NOT_LISTS, True),
            ('discrete (one flag per matrix column)',
             lambda v: accelsel.Importance.from_matrix(grid(8), list(range(8)), discrete=v, n_trees=2,
                                                       n_threads=1).features,
             [False, True], NOT_LISTS, True),
            ('target (one value per matrix row)',
             lambda v: accelsel.Importance.from_matrix(grid(2), v, n_trees=2, n_threads=1).rows,
             [1.0, 2.0], NOT_LISTS, False),
            ("measures (or 'all')", lambda v: accelsel.Importance.from_matrix(
                grid(8), list(range(8)), measures=v, n_trees=2, n_threads=1).measures,
             ['correlation'], tuple(v for v in NOT_LISTS if v != 'ab') + ('pca',), True),
            ('names', lambda v: len(cat.select(v)), ['h100-sxm5-80gb'], NOT_LISTS, False),
            ('x', lambda v: accelsel.kendall_tau_b(v, [1, 2]), [2, 1], NOT_LISTS, False),
            ('y (as long as x)', lambda v: accelsel.kendall_tau_b([1, 2], v), [2, 1], NOT_LISTS, False),
            ('ks', lambda v: accelsel.elbow(v, [10.0, 3, 2, 1.5]), [1, 2, 3, 4], NOT_LISTS, False),
            ('values (one per k)', lambda v: accelsel.elbow([1, 2, 3, 4], v), [10.0, 3, 2, 1.5],
             NOT_LISTS, False),
            ('labels (one per matrix row)', lambda v: accelsel.silhouette(grid(4), v), [0, 1, 0, 1],
             NOT_LISTS, False),
            ('matrix', lambda v: accelsel.ClusterModel.fit(v, k=1).k, grid(3), NOT_LISTS, False),
            ('matrix', lambda v: accelsel.Pca(v).n_components, grid(3), NOT_LISTS, False),
            ('init', lambda v: accelsel.ClusterModel.fit(grid(4), k=2, init=v).k, [[0.0, 0.0], [3.0, 6.0]],
             NOT_LISTS, True),
        ]

    def test_no_list_is_a_type_error_naming_the_parameter(self):
        for parameter, call, valid, refused, default in self.parameters():
            for bad in refused:
                with self.subTest(parameter=parameter, value=bad), \
                        self.assertRaisesRegex(TypeError, '%s must be a list' % re.escape(parameter)):
                    call(bad)

    def test_lists_tuples_and_other_ordered_iterables_are_taken(self):
        for parameter, call, valid, refused, default in self.parameters():
            with self.subTest(parameter=parameter):
                want = outcome(call, v=list(valid))
                self.assertEqual(outcome(call, v=tuple(valid)), want)
                self.assertEqual(outcome(call, v=(x for x in valid)), want)

    def test_none_is_the_default_where_there_is_one(self):
        for parameter, call, valid, refused, default in self.parameters():
            with self.subTest(parameter=parameter):
                if default:
                    outcome(call, v=None)  # no TypeError
                else:
                    with self.assertRaisesRegex(TypeError, re.escape(parameter)):
                        call(None)

    def test_none_gives_what_leaving_the_parameter_out_gives(self):
        ds, csv = self.ds, 'n,g\n1,a\n2,b\n'
        pairs = {
            'categorical': (lambda: accelsel.Dataset.from_csv_text(csv, categorical=None).to_dict(),
                            lambda: accelsel.Dataset.from_csv_text(csv).to_dict()),
            'transforms': (lambda: accelsel.Features.fit(ds, ['n', 'g'], transforms=None).inputs,
                           lambda: accelsel.Features.fit(ds, ['n', 'g']).inputs),
            'where': (lambda: accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2,
                                                 where=None).labels,
                      lambda: accelsel.Selection(ds, features='n,t', criteria='t:1:cost', k=2).labels),
            'k_range': (lambda: accelsel.Selection(ds, features='n,t', criteria='t:1:cost',
                                                   k_range=None).k_range,
                        lambda: accelsel.Selection(ds, features='n,t', criteria='t:1:cost').k_range),
            'holdout_rounds': (lambda: accelsel.Predictor().calibrate(self.mlperf, holdout_rounds=None,
                                                                      n_threads=1).table(),
                               lambda: accelsel.Predictor().calibrate(self.mlperf, n_threads=1).table()),
            'names': (lambda: accelsel.Importance.from_matrix(grid(8), list(range(8)), names=None,
                                                              discrete=None, n_trees=2, n_threads=1).table(),
                      lambda: accelsel.Importance.from_matrix(grid(8), list(range(8)), n_trees=2,
                                                              n_threads=1).table()),
            'designs': (lambda: accelsel.MappingProblem.from_slots(
                            self.cat, [{'device': 'h100-sxm5-80gb', 'designs': None}], self.net).pool(0),
                        lambda: accelsel.MappingProblem.from_slots(
                            self.cat, [{'device': 'h100-sxm5-80gb'}], self.net).pool(0)),
        }
        for parameter, (with_none, left_out) in pairs.items():
            with self.subTest(parameter=parameter):
                self.assertEqual(outcome(with_none), outcome(left_out))

    def test_the_cases_of_the_issue(self):
        designs, groups, strategies = self.spec
        with self.assertRaisesRegex(TypeError, r"designs must be a list .* not one str \('xilinx-dpu-b4096'\)"):
            self.problem.evaluate('xilinx-dpu-b4096', groups, strategies)  # design 'x'
        with self.assertRaisesRegex(TypeError, r"strategies must be a list .* not one str \('none'\)"):
            self.problem.evaluate(designs, groups, 'none')  # strategy 'n'
        for bad in (bytes([0, 1]), {0: 'a', 1: 'b'}):  # slots 0 and 1
            with self.subTest(group=bad), self.assertRaisesRegex(TypeError, r'layer_slots\[1\] must be a list'):
                self.problem.evaluate(designs, [groups[0], bad] + groups[2:], strategies)
        with self.assertRaisesRegex(TypeError, 'configs must be a list .* not a dict'):
            self.p.append_predictions(self.mlperf, 'resnet50', H100)  # keys' letters
        # One filter expression is taken as str and as bytes alike.
        with accelsel.Selection(self.ds, features='n,t', criteria='t:1:cost', k=2, where=b'n=1..8') as a, \
                accelsel.Selection(self.ds, features='n,t', criteria='t:1:cost', k=2, where='n=1..8') as b:
            self.assertEqual((len(a.dataset), a.labels), (len(b.dataset), b.labels))
            self.assertEqual(a.dataset.column('n'), [1.0, 2.0, 4.0, 8.0])

    def test_a_group_may_be_a_set_a_mask_or_a_range(self):
        designs, groups, strategies = self.spec
        want = self.problem.evaluate(designs, groups, strategies).latency_s
        for form in (lambda m: {s for s in range(64) if m >> s & 1},
                     lambda m: range(64) if m == 2 ** 64 - 1 else [s for s in range(64) if m >> s & 1],
                     lambda m: m):
            self.assertEqual(self.problem.evaluate(designs, [form(g) for g in groups], strategies).latency_s,
                             want)

    @unittest.skipIf(numpy is None, 'needs numpy')
    def test_numpy_arrays_are_lists(self):
        designs, groups, strategies = self.spec
        want = self.problem.evaluate(designs, groups, strategies).latency_s
        self.assertEqual(self.problem.evaluate(numpy.array(designs), numpy.array(groups, dtype=numpy.uint64),
                                               numpy.array(strategies)).latency_s, want)
        self.assertEqual(self.ds.select_rows(numpy.array([5, 0])).column('n'), [32.0, 1.0])
        self.assertEqual(self.ds.select_columns(numpy.array(['t', 'n'])).columns, ['t', 'n'])
        with self.assertRaisesRegex(TypeError, 'rows must be a list'):
            self.ds.select_rows(numpy.int64(1))


if __name__ == '__main__':
    unittest.main()
