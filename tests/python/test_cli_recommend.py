"""accelsel recommend, read as a buyer reads it: the JSON keys the
documentation promises; every configuration feasible exactly when its
figures (the CSV of every candidate) keep every limit, checked here from
those figures; the baselines' savings from their costs; nothing feasible is
an answer (exit 0) with the binding constraint and the closest miss; costs
and energy of one's own device and one's own cloud prices by hand; the plot
as a drawing (log-log, a joined Pareto front, the limits as lines); bad
input named by option or by line."""
import csv
import io
import json
import math
import os
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ET

CLI = os.environ.get('ACCELSEL_CLI', 'accelsel')
SVG = '{http://www.w3.org/2000/svg}'
MIX = ['--mix', 'resnet50:8,bert-base:2']
HOURS_PER_YEAR = 8766.0

FEASIBLE_KEYS = {'name', 'accelerator', 'count', 'nodes', 'source', 'time_to_train_min',
                 'energy_kwh', 'purchase_usd', 'cost_per_run_usd', 'rent_per_run_usd',
                 'instance', 'score', 'uncertainty_pct'}

# A device of one's own: the figures the predictor needs, a TDP and a quote.
OWN_CATALOG = ('version: 1\ndevices:\n  - name: quote-gpu\n    vendor: Me\n    kind: gpu\n'
               '    peak_flops: {fp32: 60e12, fp16: 400e12}\n    memory_bytes: 85899345920\n'
               '    memory_bw_bytes_s: 2e12\n    tdp_w: 500\n    release_year: 2030\n'
               '    price_usd: 20000\n    price_basis: estimate\n    price_date: 2030-01\n'
               '    source: a quote\n')
CLOUD_HEAD = ('provider,instance,accelerator,accelerators_per_instance,'
              'usd_per_accelerator_hour,region,date,source\n')


def run(*args):
    return subprocess.run([CLI, 'recommend', *args], capture_output=True, text=True, timeout=600)


def ok(*args):
    r = run(*args)
    assert r.returncode == 0, r.stderr
    return r


def as_json(*args):
    return json.loads(ok(*args, '--format', 'json').stdout)


def rows(*args):
    return list(csv.DictReader(io.StringIO(ok(*args, '--format', 'csv').stdout)))


def num(v):
    return float(v) if v not in ('', 'NA', None) else math.nan


class Keys(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.out = as_json(*MIX, '--budget', '400000', '--power-cap', '20', '--top', '1000')

    def test_top_level_keys(self):
        for key in ('feasible', 'pareto', 'excluded', 'binding_constraint', 'closest_miss',
                    'break_even_months', 'baselines', 'notes', 'workload'):
            self.assertIn(key, self.out)
        self.assertEqual(self.out['workload'], [{'network': 'resnet50', 'runs_per_month': 8},
                                                {'network': 'bert-base', 'runs_per_month': 2}])

    def test_feasible_objects_ranked(self):
        feasible = self.out['feasible']
        self.assertGreater(len(feasible), 10)
        self.assertEqual(len(feasible), self.out['feasible_count'])
        for i, f in enumerate(feasible):
            self.assertLessEqual(FEASIBLE_KEYS, set(f), f)
            self.assertEqual(f['rank'], i + 1)
            self.assertIn(f['source'], ('measured', 'predicted', 'mixed'))
            if f['source'] == 'measured':
                self.assertIsNone(f['uncertainty_pct'])
        scores = [f['score'] for f in feasible]
        self.assertEqual(scores, sorted(scores, reverse=True))
        # both kinds of candidate are there
        self.assertTrue({'predicted', 'mixed'} & {f['source'] for f in feasible})

    def test_excluded_say_by_how_much(self):
        for e in self.out['excluded']:
            self.assertEqual(set(e), {'name', 'constraint', 'value', 'limit'})
            if e['constraint'] in ('budget_usd', 'power_cap_kw'):
                self.assertGreater(e['value'], e['limit'])
            elif e['constraint'] in ('price', 'power', 'prediction'):
                self.assertIsNone(e['value'])

    def test_pareto_is_front_of_time_and_cost(self):
        feasible = {f['name']: f for f in self.out['feasible']}
        front = self.out['pareto']
        self.assertTrue(front)
        pts = [(f['time_to_train_min'], f['cost_per_run_usd']) for f in feasible.values()]
        for name in front:
            t, c = feasible[name]['time_to_train_min'], feasible[name]['cost_per_run_usd']
            self.assertFalse(any(a <= t and b <= c and (a < t or b < c) for a, b in pts), name)
        times = [feasible[n]['time_to_train_min'] for n in front]
        self.assertEqual(times, sorted(times))

    def test_baselines_and_savings(self):
        first = self.out['feasible'][0]['cost_per_run_usd']
        rules = [b['rule'] for b in self.out['baselines']]
        self.assertEqual(rules, ['latest', 'cheapest-hour', 'most-accelerators'])
        for b in self.out['baselines']:
            self.assertAlmostEqual(b['recommendation_saves_pct'],
                                   100 * (1 - first / b['cost_per_run_usd']), places=9)
        one = as_json(*MIX, '--budget', '400000', '--baseline', 'cheapest-hour')
        self.assertEqual([b['rule'] for b in one['baselines']], ['cheapest-hour'])

    def test_energy_is_said_to_be_modelled(self):
        self.assertTrue(any('modelled from TDP' in n for n in self.out['notes']))
        table = ok(*MIX).stdout
        self.assertIn('energy is modelled from TDP', table)

    def test_same_seed_same_answer(self):
        a = ok(*MIX, '--budget', '400000', '--format', 'json').stdout
        b = ok(*MIX, '--budget', '400000', '--format', 'json').stdout
        self.assertEqual(a, b)


class Constraints(unittest.TestCase):
    """Feasible exactly when the candidate's own figures keep every limit."""

    def check(self, limits, acquire):
        args = [*MIX, *limits, acquire]
        table = rows(*args)
        opts = dict(zip(limits[::2], map(float, limits[1::2])))
        for r in table:
            way = r['acquire']
            cost_ok = not math.isnan(num(r['cost_per_run_usd']))
            # a price, a time and a power (a TDP: TPUs have none) are needed
            keeps = cost_ok and not math.isnan(num(r['time_to_train_min'])) \
                and not math.isnan(num(r['wall_power_kw']))
            if '--budget' in opts and way == 'buy':
                keeps &= num(r['capital_usd']) <= opts['--budget']
            if '--monthly-budget' in opts:
                keeps &= num(r['monthly_usd']) <= opts['--monthly-budget']
            if '--power-cap' in opts:
                keeps &= num(r['wall_power_kw']) <= opts['--power-cap']
            if '--deadline' in opts:
                keeps &= num(r['time_max_min']) <= opts['--deadline']
            if '--max-accelerators' in opts:
                keeps &= num(r['count']) <= opts['--max-accelerators']
            keeps &= num(r['month_hours']) <= 730.5
            self.assertEqual(int(num(r['feasible'])), int(keeps), r['name'])
        return table

    def test_buying(self):
        t = self.check(['--budget', '400000', '--power-cap', '20', '--deadline', '60'], '--buy')
        self.assertTrue(any(r['feasible'] == '1' for r in t))
        self.assertTrue(all(r['acquire'] == 'buy' for r in t))

    def test_renting(self):
        self.check(['--monthly-budget', '500', '--max-accelerators', '64'], '--rent')

    def test_either(self):
        self.check(['--budget', '300000', '--monthly-budget', '2000', '--power-cap', '15'],
                   '--buy-or-rent')

    def test_a_limit_at_a_candidate_keeps_it(self):
        # the first choice's own purchase price as the budget: still feasible
        first = as_json(*MIX, '--buy')['feasible'][0]
        again = as_json(*MIX, '--buy', '--budget', repr(first['purchase_usd']), '--top', '1000')
        self.assertIn(first['name'], [f['name'] for f in again['feasible']])


class NothingFeasible(unittest.TestCase):
    def test_an_answer_with_the_binding_constraint(self):
        r = run(*MIX, '--buy', '--budget', '1000', '--format', 'json')
        self.assertEqual(r.returncode, 0, r.stderr)
        out = json.loads(r.stdout)
        self.assertEqual(out['feasible'], [])
        self.assertEqual(out['binding_constraint'], 'budget_usd')
        miss = out['closest_miss']
        self.assertIsNotNone(miss)
        # the closest miss breaks the budget by the least
        over = [e['value'] for e in out['excluded'] if e['constraint'] == 'budget_usd']
        mine = [e for e in out['excluded'] if e['name'] == miss['name']]
        self.assertEqual(min(over), max(e['value'] for e in mine
                                        if e['constraint'] == 'budget_usd'))
        table = run(*MIX, '--buy', '--budget', '1000')
        self.assertEqual(table.returncode, 0)
        self.assertIn('budget_usd', table.stdout)


class OwnPrices(unittest.TestCase):
    """One's own device, and one's own cloud prices, by hand."""

    def test_own_device_bought(self):
        with tempfile.TemporaryDirectory() as d:
            cat = os.path.join(d, 'cat.yaml')
            with open(cat, 'w') as f:
                f.write(OWN_CATALOG)
            out = as_json('--network', 'resnet50', '--runs', '4', '--catalog', cat,
                          '--candidates', 'catalog', '--devices', 'quote-gpu', '--counts', '8',
                          '--buy', '--price-kwh', '0.2', '--pue', '1.5', '--years', '4',
                          '--utilisation', '0.5', '--node-power', '1000')
        f = out['feasible'][0]
        self.assertEqual((f['accelerator'], f['count'], f['nodes']), ('quote-gpu', 8, 1))
        self.assertEqual(f['purchase_usd'], 160000)
        hours = f['time_to_train_min'] / 60
        energy = (500 * 8 + 1000) / 1000 * hours * 1.5
        self.assertAlmostEqual(f['energy_kwh'], energy, places=9)
        cost = 160000 * hours / (4 * HOURS_PER_YEAR * 0.5) + energy * 0.2
        self.assertAlmostEqual(f['cost_per_run_usd'], cost, places=9)
        self.assertEqual(f['price_basis'], 'estimate')

    def test_own_cloud_prices_rented(self):
        with tempfile.TemporaryDirectory() as d:
            prices = os.path.join(d, 'prices.csv')
            with open(prices, 'w') as f:
                f.write(CLOUD_HEAD +
                        'c,big,h100-sxm5-80gb,8,2.5,r,2030-01-02,me\n'
                        'c,small,h100-sxm5-80gb,1,3,r,2030-01-02,me\n')
            out = as_json('--network', 'resnet50', '--cloud-prices', prices, '--rent',
                          '--candidates', 'catalog', '--devices', 'h100-sxm5-80gb',
                          '--counts', '4,8', '--top', '10')
        by_count = {f['count']: f for f in out['feasible']}
        # 8: one instance of 8 at 2.5; 4: four of 1 at 3 (cheaper than half of an 8)
        for count, rate, inst in ((8, 2.5, 'c big, r'), (4, 3, 'c small, r')):
            f = by_count[count]
            self.assertEqual(f['instance'], inst)
            self.assertAlmostEqual(f['rent_per_run_usd'],
                                   rate * count * f['time_to_train_min'] / 60, places=9)
            self.assertIsNone(f['purchase_usd'] if False else None)

    def test_bad_cloud_prices_name_the_line(self):
        with tempfile.TemporaryDirectory() as d:
            cases = {
                'missing': ('provider,instance,accelerator,usd_per_accelerator_hour,region,'
                            'date,source\nc,i,h100-sxm5-80gb,2,r,2030,s\n',
                            ":1:1: missing required column 'accelerators_per_instance'"),
                'duplicate': (CLOUD_HEAD + 'c,i,h100-sxm5-80gb,1,2,r,2030,s\n'
                              'c,i,h100-sxm5-80gb,1,3,r,2030,s\n', 'already on line 2'),
                'text': (CLOUD_HEAD + 'c,i,h100-sxm5-80gb,1,cheap,r,2030,s\n',
                         ":2:22: column 'usd_per_accelerator_hour': 'cheap' is not a number"),
            }
            for name, (text, message) in cases.items():
                path = os.path.join(d, name + '.csv')
                with open(path, 'w') as f:
                    f.write(text)
                r = run('--network', 'resnet50', '--cloud-prices', path)
                self.assertEqual(r.returncode, 1, (name, r.stderr))
                self.assertIn(path, r.stderr)
                self.assertIn(message, r.stderr)


class BadInput(unittest.TestCase):
    def usage(self, option, *args):
        r = run(*args)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(option, r.stderr)

    def refused(self, option, *args):
        r = run(*args)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertTrue(r.stderr.startswith('accelsel: recommend: %s: ' % option), r.stderr)
        return r.stderr

    def test_bad_values(self):
        for option, value in (('--budget', '0'), ('--budget', '-5'), ('--budget', 'inf'),
                              ('--power-cap', 'nan'), ('--years', '0'),
                              ('--utilisation', '1.5'), ('--pue', '0.9'),
                              ('--price-kwh', '-1')):
            with self.subTest(option=option, value=value):
                self.usage(option, '--network', 'resnet50', option, value)
        self.usage('--criteria', '--network', 'resnet50', '--criteria', 'time:-1')
        self.usage('--mix', '--mix', 'resnet50')
        self.usage('--baseline', '--network', 'resnet50', '--baseline', 'newest')
        self.usage('--network', '--network', 'resnet50', '--mix', 'resnet50:1')

    def test_library_refusals_name_the_option(self):
        self.refused('--mix', '--mix', 'resnet50:0,bert-base:0')
        err = self.refused('--devices', '--network', 'resnet50', '--devices', 'h100-sxmx')
        self.assertIn('nearest', err)
        self.refused('--counts', '--network', 'resnet50', '--batch', '64', '--candidates',
                     'catalog', '--devices', 'h100-sxm5-80gb', '--counts', '128')
        self.refused('--criteria', '--network', 'resnet50', '--criteria', 'time:0')
        r = run('--network', 'resnet5')
        self.assertEqual(r.returncode, 1)
        self.assertIn("closest: 'resnet50'", r.stderr)


class LlmWorkloads(unittest.TestCase):
    """A transformer's time is its fastest plan's (as predict --plan auto finds
    it on the same configuration); MLPerf's benchmarks are workloads with
    their batch and evaluations; --tokens is a share of a recipe."""

    def plan_minutes(self, network, count, *extra):
        r = subprocess.run([CLI, 'predict', '--network', network, '--device', 'h100-sxm5-80gb',
                            '--count', str(count), '--plan', 'auto', '--format', 'json', *extra],
                           capture_output=True, text=True, timeout=600)
        self.assertEqual(r.returncode, 0, r.stderr)
        d = json.loads(r.stdout)
        return d['time_to_train_s'] / 60, d

    def test_mlperf_benchmark_as_its_fastest_plan(self):
        got = rows('--network', 'llama2_70b_lora', '--candidates', 'catalog', '--devices',
                   'h100-sxm5-80gb', '--counts', '8,16')
        self.assertEqual([r['name'] for r in got],
                         ['8 x h100-sxm5-80gb', '16 x h100-sxm5-80gb'])
        for r in got[:2]:
            want, plan = self.plan_minutes('llama2_70b_lora', int(num(r['count'])))
            self.assertAlmostEqual(num(r['time_to_train_min']), want, delta=1e-9 * want)
            self.assertEqual(num(r['nodes']), plan['nodes'])
            self.assertGreater(plan['evaluation_s'], 0)
            self.assertTrue(math.isnan(num(r['uncertainty_pct'])))

    def test_tokens_are_a_share_of_the_recipe(self):
        got = rows('--network', 'llama31-8b', '--tokens', '1e10', '--candidates', 'catalog',
                   '--devices', 'h100-sxm5-80gb', '--counts', '64')
        # 1e10 tokens are 1,220,703.125 sequences of 8,192: predict --samples rounds to steps
        want, _ = self.plan_minutes('llama31-8b', 64, '--samples', str(1e10 / 8192))
        self.assertAlmostEqual(num(got[0]['time_to_train_min']), want, delta=1e-9 * want)

    def test_tokens_refused_where_there_is_no_epoch(self):
        r = run('--network', 'gpt3', '--tokens', '1e9')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn('--tokens: gpt3 has no samples per epoch', r.stderr)


class Plot(unittest.TestCase):
    def test_the_drawing(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, 'r.svg')
            out = as_json(*MIX, '--deadline', '120', '--monthly-budget', '400', '--plot', path)
            root = ET.parse(path).getroot()
        text = ' '.join(t.text or '' for t in root.iter(SVG + 'text'))
        for label in ('measured', 'predicted', 'excluded', 'Pareto front', 'first choice',
                      'deadline', 'monthly budget'):
            self.assertIn(label, text)
        # log-log: the tick labels of each axis are powers of ten
        ticks = [t.text for t in root.iter(SVG + 'text') if (t.text or '').isdigit()]
        self.assertTrue(ticks and all(set(t[1:]) <= {'0'} and t[0] == '1' for t in ticks), ticks)
        self.assertEqual(len(list(root.iter(SVG + 'polyline'))), 1)
        self.assertGreaterEqual(len(out['pareto']), 2)
        rules = [e for e in root.iter(SVG + 'line') if e.get('class') == 'rule']
        self.assertEqual(len(rules), 2 + 2)  # drawn, and in the legend


class DataDerive(unittest.TestCase):
    """accelsel data --derive prices the built-in rows and adds their energy
    and costs: checked here from the catalog's TDP and price and from
    data/prices/cloud.csv read by this test."""

    @classmethod
    def setUpClass(cls):
        r = subprocess.run([CLI, 'data', '--derive', '--format', 'csv'], capture_output=True,
                           text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        cls.rows = list(csv.DictReader(io.StringIO(r.stdout)))
        cls.stderr = r.stderr
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, '..', '..', 'data', 'prices', 'cloud.csv'),
                  newline='') as f:
            cls.cloud = list(csv.DictReader(f))

    def rent_rate(self, device, n):
        best = math.inf
        for c in self.cloud:
            if c['accelerator'] != device:
                continue
            per, rate = int(c['accelerators_per_instance']), float(c['usd_per_accelerator_hour'])
            cost = math.ceil(n / per) * per * rate / n
            best = min(best, cost)
        return best

    def test_h100_rows_by_hand(self):
        rows = [r for r in self.rows if r['catalog_device'] == 'h100-sxm5-80gb'
                and num(r['time_to_train_min']) > 0]
        self.assertGreater(len(rows), 5)
        for r in rows:
            n, nodes = num(r['total_accelerators']), num(r['number_of_nodes'])
            hours = num(r['time_to_train_min']) / 60
            self.assertEqual(num(r['accelerator_tdp_w']), 700)
            self.assertEqual(num(r['purchase_usd']), 33625 * n)
            energy = (700 * n + 700 * nodes) / 1000 * hours * 1.2
            self.assertAlmostEqual(num(r['energy_kwh']), energy, delta=1e-9 * energy)
            buy = 33625 * n * hours / (5 * HOURS_PER_YEAR * 0.8) + energy * 0.1
            self.assertAlmostEqual(num(r['buy_per_run_usd']), buy, delta=1e-9 * buy)
            rent = self.rent_rate('h100-sxm5-80gb', n) * n * hours
            self.assertAlmostEqual(num(r['rent_per_run_usd']), rent, delta=1e-9 * rent)

    def test_a_missing_price_is_missing_never_zero(self):
        # the DGX-2H's GPU is neither priced nor rented; a TPU v3 is rented, never sold
        neither = [r for r in self.rows if r['catalog_device'] == 'v100-sxm3-32gb-h']
        rented = [r for r in self.rows if r['catalog_device'] == 'tpu-v3'
                  and num(r['time_to_train_min']) > 0]
        self.assertTrue(neither and rented)
        for r in neither:
            for col in ('accelerator_price_usd', 'purchase_usd', 'buy_per_run_usd',
                        'rent_per_run_usd'):
                self.assertEqual(r[col], '', col)
        for r in rented:
            for col in ('accelerator_price_usd', 'purchase_usd', 'buy_per_run_usd'):
                self.assertEqual(r[col], '', col)
            n, hours = num(r['total_accelerators']), num(r['time_to_train_min']) / 60
            rent = self.rent_rate('tpu-v3', n) * n * hours
            self.assertAlmostEqual(num(r['rent_per_run_usd']), rent, delta=1e-9 * rent)
        for r in self.rows:
            for col in ('purchase_usd', 'buy_per_run_usd', 'rent_per_run_usd', 'energy_kwh'):
                self.assertNotEqual(num(r[col]), 0, (r['system_name'], col))

    def test_vendor_spellings_resolve_and_energy_is_said_to_be_modelled(self):
        named = {r['accelerator_model_name']: r['catalog_device'] for r in self.rows}
        self.assertEqual(named['NVIDIA H100-SXM5-80GB'], 'h100-sxm5-80gb')
        self.assertIn('energy_kwh is modelled from TDP', self.stderr)


if __name__ == '__main__':
    unittest.main()
