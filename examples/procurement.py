#!/usr/bin/env python3
"""A buyer's question through the Python binding only: "We train ResNet-50
eight times a month and BERT twice; we have 400,000 USD and 20 kW: what do
we buy, or do we rent?"

    procurement.py [PLOT.svg]

Prints a one-page report (the first choices, the Pareto front of time
against cost, the rules of thumb under the same constraints, the break-even
of buying against renting, what the figures assume) and draws cost per run
against time to train, log-log, into PLOT.svg (default procurement.svg).
Candidates: the built-in MLPerf rows and the default catalog devices at 8
to 512 accelerators, predicted. The plot is written here with the standard
library (the binding does not draw)."""
import math
import sys

import accelsel

WORKLOAD = {'resnet50': 8, 'bert-base': 2}
BUDGET_USD, POWER_CAP_KW = 400000, 20


def report(rec):
    print('Procurement: ResNet-50 x 8 and BERT-base x 2 a month, %d USD, %d kW\n'
          % (BUDGET_USD, POWER_CAP_KW))
    if len(rec) == 0:
        names = rec.table.column('name')
        miss = rec.closest_miss
        print('Nothing is feasible. Binding constraint: %s; closest miss: %s'
              % (rec.binding_constraint, names[miss] if miss is not None else '-'))
        return
    top = rec.feasible()
    print('%d feasible configurations; the first five:' % len(top))
    print('  %-44s %-9s %4s %10s %9s %9s %6s' % ('configuration', 'source', 'way', 'min/run',
                                                  'USD/run', 'kWh/run', 'unc.%'))
    for f in top[:5]:
        unc = f['uncertainty_pct']
        print('  %-44.44s %-9s %4s %10.2f %9.2f %9.2f %6s'
              % (f['name'], f['source'], f['acquire'], f['time_to_train_min'], f['cost_per_run_usd'],
                 f['energy_kwh'], '-' if unc is None else '%.1f' % unc))
    names = rec.table.column('name')
    cost = rec.table.column('cost_per_run_usd')
    print('\nPareto front of time against cost (%d): %s'
          % (len(rec.pareto), '; '.join(names[r] for r in rec.pareto)))
    print('\nRules of thumb under the same constraints:')
    first = top[0]['cost_per_run_usd']
    for rule, row in rec.baselines.items():
        if row is not None:
            print('  %-18s %-44.44s %9.2f USD/run; the first choice saves %.1f%%'
                  % (rule, names[row], cost[row], 100 * (1 - first / cost[row])))
    months = rec.break_even_months
    print('\nBreak-even of buying against renting: %s'
          % ('unknown (a price is missing)' if months is None else '%.1f months' % months))
    print('Prices moved by +-20%%: the first choice stays first in %.0f%% of draws'
          % (100 * rec.price_stability))
    for note in rec.notes:
        print('Note: %s' % note)


def plot(rec, path):
    """Feasible configurations, the Pareto front joined and the first choice,
    log-log, as a small SVG."""
    t = rec.table
    time, cost = t.column('time_to_train_min'), t.column('cost_per_run_usd')
    pts = [(time[r], cost[r]) for r in rec.order]
    if not pts:
        return
    w, h, m = 640, 420, 60
    lx = [math.log10(p[0]) for p in pts]
    ly = [math.log10(p[1]) for p in pts]
    x0, x1 = math.floor(min(lx)), math.ceil(max(lx)) or 1
    y0, y1 = math.floor(min(ly)), math.ceil(max(ly)) or 1
    x1, y1 = max(x1, x0 + 1), max(y1, y0 + 1)

    def xy(p):
        return (m + (math.log10(p[0]) - x0) / (x1 - x0) * (w - 2 * m),
                h - m - (math.log10(p[1]) - y0) / (y1 - y0) * (h - 2 * m))
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">' % (w, h),
           '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="24" font-size="14">Cost per run against time to train (log-log)</text>' % m]
    for k in range(x0, x1 + 1):
        x = xy((10 ** k, 10 ** y0))[0]
        out.append('<text x="%.1f" y="%d" font-size="10" text-anchor="middle">%g</text>'
                   % (x, h - m + 16, 10 ** k))
    for k in range(y0, y1 + 1):
        y = xy((10 ** x0, 10 ** k))[1]
        out.append('<text x="%d" y="%.1f" font-size="10" text-anchor="end">%g</text>' % (m - 6, y, 10 ** k))
    for p in pts:
        out.append('<circle cx="%.1f" cy="%.1f" r="2.5" fill="#0072B2"/>' % xy(p))
    front = [xy((time[r], cost[r])) for r in rec.pareto]
    out.append('<polyline fill="none" stroke="#D55E00" stroke-width="1.8" points="%s"/>'
               % ' '.join('%.1f,%.1f' % q for q in front))
    out.append('<circle cx="%.1f" cy="%.1f" r="5" fill="none" stroke="black"/>' % xy(pts[0]))
    out.append('<text x="%d" y="%d" font-size="11">time to train (min)</text>' % (w // 2 - 50, h - 20))
    out.append('</svg>\n')
    with open(path, 'w') as f:
        f.write('\n'.join(out))
    print('\nPlot: %s' % path)


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else 'procurement.svg'
    with accelsel.Catalog.builtin() as cat, accelsel.Predictor(cat) as pred, \
            accelsel.Dataset.builtin() as mlperf, \
            accelsel.Recommendation(WORKLOAD, predictor=pred, catalog=cat, measured=mlperf,
                                    budget_usd=BUDGET_USD, power_cap_kw=POWER_CAP_KW) as rec:
        report(rec)
        plot(rec, path)


if __name__ == '__main__':
    main()
