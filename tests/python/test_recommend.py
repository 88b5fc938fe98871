"""Procurement through the binding (docs/recommend.md): Recommendation
against the command line's JSON for the same question, feasibility checked
from the result's own figures, nothing feasible as an answer, cloud prices
read (and refused at their cell), a table priced with vendor spellings,
the cost and energy options of derive() by hand, the catalog's prices with
their basis and date, and bad arguments named."""
import json
import math
import os
import subprocess
import unittest

import accelsel

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
HOURS_PER_YEAR = 8766.0
CLOUD_HEAD = ('provider,instance,accelerator,accelerators_per_instance,usd_per_accelerator_hour,'
              'region,date,source\n')


class RecommendationTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cat = accelsel.Catalog.builtin()
        cls.pred = accelsel.Predictor(cls.cat)
        cls.data = accelsel.Dataset.builtin()
        cls.rec = accelsel.Recommendation({'resnet50': 8, 'bert-base': 2}, predictor=cls.pred,
                                          catalog=cls.cat, measured=cls.data, budget_usd=400000,
                                          power_cap_kw=20)

    @classmethod
    def tearDownClass(cls):
        for h in (cls.rec, cls.data, cls.pred, cls.cat):
            h.close()

    def test_same_answer_as_the_command_line(self):
        r = subprocess.run([CLI, 'recommend', '--mix', 'resnet50:8,bert-base:2', '--budget', '400000',
                            '--power-cap', '20', '--format', 'json', '--top', '5'],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        cli = json.loads(r.stdout)
        self.assertEqual(len(self.rec), cli['feasible_count'])
        for mine, theirs in zip(self.rec.feasible(5), cli['feasible']):
            self.assertEqual(mine['name'], theirs['name'])
            self.assertEqual(mine['cost_per_run_usd'], theirs['cost_per_run_usd'])
            self.assertEqual(mine['energy_kwh'], theirs['energy_kwh'])
        names = self.rec.table.column('name')
        self.assertEqual([names[p] for p in self.rec.pareto], cli['pareto'])
        self.assertEqual(self.rec.price_stability, cli['price_stability'])
        for b in cli['baselines']:
            self.assertEqual(names[self.rec.baselines[b['rule']]], b['name'])

    def test_feasible_exactly_when_the_limits_hold(self):
        t = self.rec.table.to_dict()
        for i in range(len(t['name'])):
            keeps = (t['cost_per_run_usd'][i] is not None and t['wall_power_kw'][i] is not None
                     and t['wall_power_kw'][i] <= 20 and t['month_hours'][i] <= 730.5
                     and (t['acquire'][i] == 'rent' or t['capital_usd'][i] <= 400000))
            self.assertEqual(t['feasible'][i] == 1, keeps, t['name'][i])
        excluded = {e['row'] for e in self.rec.exclusions}
        self.assertEqual(excluded, {i for i in range(len(t['name'])) if t['feasible'][i] != 1})
        ranked = [row['rank'] for row in self.rec.feasible()]
        self.assertEqual(ranked, sorted(ranked))
        self.assertTrue(any('modelled from TDP' in n for n in self.rec.notes))
        self.assertIsNotNone(self.rec.sensitivity)
        self.assertEqual(self.rec.ranking.ranked_count, len(self.rec))

    def test_thread_count_does_not_change_the_answer(self):
        kw = dict(predictor=self.pred, measured=self.data, budget_usd=400000, seed=7)
        with accelsel.Recommendation({'resnet50': 1}, threads=1, **kw) as a, \
                accelsel.Recommendation({'resnet50': 1}, threads=4, **kw) as b:
            self.assertEqual(a.order, b.order)
            self.assertEqual(a.sensitivity, b.sensitivity)
            self.assertEqual(a.price_stability, b.price_stability)

    def test_nothing_feasible_is_an_answer(self):
        with accelsel.Recommendation([('resnet50', 8)], measured=self.data, candidates='measured',
                                     acquire='buy', budget_usd=1000) as r:
            self.assertEqual(len(r), 0)
            self.assertEqual(r.feasible(), [])
            self.assertEqual(r.binding_constraint, 'budget_usd')
            miss = r.closest_miss
            over = [e['value'] for e in r.exclusions if e['constraint'] == 'budget_usd']
            self.assertIn(min(over), [e['value'] for e in r.exclusions if e['row'] == miss])
            self.assertIsNone(r.break_even_months)
            self.assertEqual(r.baselines, {name: None for name in accelsel.BASELINES})

    def test_own_device_by_hand(self):
        quote = accelsel.Catalog.from_string(
            'version: 1\ndevices:\n  - name: quote-gpu\n    vendor: Me\n    kind: gpu\n'
            '    peak_flops: {fp32: 60e12, fp16: 400e12}\n    memory_bytes: 85899345920\n'
            '    memory_bw_bytes_s: 2e12\n    tdp_w: 500\n    price_usd: 20000\n'
            '    price_basis: estimate\n    price_date: 2030-01\n    source: a quote\n')
        with self.assertRaises(accelsel.NotFoundError) as e:  # alone it has no links
            with accelsel.Predictor(quote) as pred:
                accelsel.Recommendation({'resnet50': 4}, predictor=pred, catalog=quote,
                                        candidates='catalog', devices=['quote-gpu'], counts=[8])
        self.assertEqual(e.exception.field, 'catalog')
        self.assertIn('quote-gpu at 8: ', str(e.exception))
        own = self.cat.merge(quote)  # as --catalog merges it
        with quote, own, accelsel.Predictor(own) as pred, \
                accelsel.Recommendation({'resnet50': 4}, predictor=pred, catalog=own,
                                        candidates='catalog', devices=['quote-gpu'], counts=[8],
                                        acquire='buy', price_kwh=0.2, pue=1.5, years=4,
                                        utilisation=0.5, node_power_w=1000) as r:
            f = r.feasible()[0]
        self.assertEqual((f['count'], f['purchase_usd'], f['price_basis']), (8, 160000, 'estimate'))
        hours = f['time_to_train_min'] / 60
        energy = (500 * 8 + 1000) / 1000 * hours * 1.5
        self.assertAlmostEqual(f['energy_kwh'], energy, places=9)
        self.assertAlmostEqual(f['cost_per_run_usd'],
                               160000 * hours / (4 * HOURS_PER_YEAR * 0.5) + energy * 0.2, places=9)

    def test_bad_arguments_are_named(self):
        with self.assertRaises(accelsel.InvalidArgumentError) as e:
            accelsel.Recommendation({'resnet50': 1}, measured=self.data, budget_usd=-1)
        self.assertEqual(e.exception.field, 'budget_usd')
        with self.assertRaises(accelsel.InvalidArgumentError) as e:
            accelsel.Recommendation({'resnet50': 1}, candidates='catalog')
        self.assertEqual(e.exception.field, 'predictor')
        with self.assertRaises(accelsel.InvalidArgumentError) as e:
            accelsel.Recommendation({'resnet50': 0}, measured=self.data)
        self.assertEqual(e.exception.field, 'workload')
        with self.assertRaises(accelsel.NotFoundError) as e:
            accelsel.Recommendation({'resnet50': 1}, predictor=self.pred, devices=['h100x'])
        self.assertEqual(e.exception.field, 'devices')
        with self.assertRaises(ValueError):
            accelsel.Recommendation({'resnet50': 1}, measured=self.data, acquire='lease')
        with self.assertRaises(TypeError):
            accelsel.Recommendation({'resnet50': 1}, measured=self.data, budget_usd='lots')
        with self.assertRaises(TypeError):
            accelsel.Recommendation([('resnet50', 1, 2)], measured=self.data)
        with self.assertRaises(TypeError):
            accelsel.Recommendation({'resnet50': 1}, measured=self.data, fit_month=1)
        with self.assertRaises(TypeError):
            accelsel.Recommendation({'resnet50': 1}, predictor=self.data)


class LlmWorkloadTest(unittest.TestCase):
    """tokens are a share of a transformer's recipe, as --tokens counts them;
    the same answer as the command line; tokens with epochs, on a network of
    layers or on an MLPerf benchmark are refused."""

    def test_tokens_as_the_command_line_counts_them(self):
        kw = dict(candidates='catalog', devices=['h100-sxm5-80gb', 'b200'], counts=[64, 128])
        with accelsel.Predictor() as p, accelsel.Recommendation(
                [{'network': 'llama31-8b', 'runs_per_month': 2, 'tokens': 1e10}],
                predictor=p, **kw) as rec:
            r = subprocess.run([CLI, 'recommend', '--mix', 'llama31-8b:2', '--tokens', '1e10',
                                '--candidates', 'catalog', '--devices', 'h100-sxm5-80gb,b200',
                                '--counts', '64,128', '--format', 'json'],
                               capture_output=True, text=True, timeout=600)
            self.assertEqual(r.returncode, 0, r.stderr)
            cli = json.loads(r.stdout)
            self.assertEqual(len(rec), cli['feasible_count'])
            for mine, theirs in zip(rec.feasible(4), cli['feasible']):
                self.assertEqual(mine['name'], theirs['name'])
                self.assertEqual(mine['time_to_train_min'], theirs['time_to_train_min'])
            with accelsel.Network.zoo('llama31-8b') as net:
                epochs = 1e10 / (8192 * net.recipe['epoch_samples'])
            with accelsel.Recommendation(
                    [{'network': 'llama31-8b', 'runs_per_month': 2, 'epochs': epochs}],
                    predictor=p, **kw) as same:
                self.assertEqual(same.table.column('time_to_train_min'),
                                 rec.table.column('time_to_train_min'))

    def test_tokens_refused(self):
        with accelsel.Predictor() as p:
            for item, what in (({'tokens': 1e9, 'epochs': 1}, 'not both'),
                               ({'network': 'resnet50', 'tokens': 1e9}, 'no transformer'),
                               ({'network': 'llama31_405b', 'tokens': 1e9}, 'no samples per epoch')):
                w = {'network': 'llama31-8b', 'runs_per_month': 1, **item}
                with self.subTest(item=item), self.assertRaisesRegex(ValueError, what):
                    accelsel.Recommendation([w], predictor=p, candidates='catalog')


class PricesTest(unittest.TestCase):
    def test_cloud_prices_read_and_refused_at_the_cell(self):
        with accelsel.cloud_prices_from_string(CLOUD_HEAD + 'c,i,NVIDIA H100 SXM,8,2.5,r,2030,s\n') as ds:
            self.assertEqual(ds.column('device'), ['h100-sxm5-80gb'])
            self.assertEqual(ds.column('usd_per_accelerator_hour'), [2.5])
        with self.assertRaises(accelsel.ParseError) as e:
            accelsel.cloud_prices_from_string(CLOUD_HEAD + 'c,i,h100-sxm5-80gb,1,cheap,r,2030,s\n')
        self.assertEqual((e.exception.line, e.exception.column), (2, 22))
        with self.assertRaises(accelsel.DataError):
            accelsel.cloud_prices_from_string(CLOUD_HEAD + 'c,i,h100-sxm5-80gb,1,2,r,2030,s\n' * 2)
        with accelsel.builtin_cloud_prices() as ds:
            self.assertGreater(len(ds), 30)
            self.assertTrue(all(v > 0 for v in ds.column('usd_per_accelerator_hour')))

    def test_a_table_priced_and_derived_by_hand(self):
        quotes = accelsel.Dataset.from_columns({
            'accelerator': ['NVIDIA H100 80GB HBM3', 'Intel Gaudi 2', 'no such part'],
            'count': [8.0, 16.0, 4.0], 'time_to_train_min': [30.0, 60.0, 10.0]})
        with quotes, accelsel.builtin_cloud_prices() as cloud, \
                accelsel.add_prices(quotes, cloud=cloud, accelerator='accelerator',
                                    accelerators='count') as priced, \
                priced.derive(accelerators='count', groups=(), node_power_w=0, pue=1.5,
                              price_kwh=0.3, years=2, utilisation=1.0) as d:
            self.assertEqual(d.column('catalog_device'), ['h100-sxm5-80gb', 'gaudi2', None])
            self.assertEqual(d.column('accelerator_price_basis'), ['estimate', 'derived', None])
            energy = 700 * 8 / 1000 * 0.5 * 1.5
            self.assertAlmostEqual(d.column('energy_kwh')[0], energy, places=12)
            self.assertEqual(d.column('purchase_usd')[:2], [33625 * 8, 8125 * 16])
            buy = 33625 * 8 * 0.5 / (2 * HOURS_PER_YEAR) + energy * 0.3
            self.assertAlmostEqual(d.column('buy_per_run_usd')[0], buy, places=9)
            # no price and no power: missing, never 0
            for col in ('purchase_usd', 'buy_per_run_usd', 'rent_per_run_usd', 'energy_kwh'):
                self.assertIsNone(d.column(col)[2], col)
            # Intel's cloud rents 8 Gaudi 2 at 10.40 an hour: 1.30 each, 16 for an hour
            self.assertAlmostEqual(d.column('rent_per_run_usd')[1], 1.30 * 16 * 1.0, places=9)

    def test_catalog_prices_carry_basis_and_date(self):
        with accelsel.Catalog.builtin() as cat:
            h100 = cat.device('h100-sxm5-80gb')
            self.assertEqual((h100['price_usd'], h100['price_basis'], h100['price_date']),
                             (33625.0, 'estimate', '2023-05'))
            self.assertIn('price_usd', h100['sources'])
            t4 = cat.device('t4')
            self.assertEqual((t4['price_usd'], t4['price_basis'], t4['price_date']), (None, None, None))
            dgx = cat.system('dgx-h100')
            self.assertEqual((dgx['price_usd'], dgx['price_basis']), (269000.0, 'estimate'))


if __name__ == '__main__':
    unittest.main()
