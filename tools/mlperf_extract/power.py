"""Energy of power submissions (v4.0 on), per the power rules
(training_policies, power_measurement.adoc, "Scoring").

A run's power logs are `power/<result log name>/node_*.txt` (one per node)
and `sw_*.txt` (interconnect). A node's energy is its mean power over its
readings (each reading weighted by the time since the previous one, from
power_measurement_start to the last reading) times the run's time to
train, times `conversion_eff` where the log gives one (AC measured, DC
derived), as mlcommons/logging's result summarizer computes it; a switch
file adds either its measured readings the same way or its
`interconnect_power_est` (watts) times the time to train. The row's energy
is the mean over the runs of its olympic score (the same runs the time
uses), in kWh.
"""
from . import mllog

JOULES_PER_KWH = 3.6e6


def _mean_power(events):
    """(time-weighted mean watts, conversion factor) of one file's readings, or None."""
    conv = 1.0
    start = None
    prev = None
    energy = 0.0
    for ev in sorted(events, key=lambda e: e.t):
        if ev.key == 'conversion_eff' and isinstance(ev.value, (int, float)):
            conv = float(ev.value)
        elif ev.key == 'power_measurement_start' and start is None:
            start = prev = ev.t
        elif ev.key == 'power_reading' and prev is not None and isinstance(ev.value, (int, float)) \
                and not isinstance(ev.value, bool):
            energy += float(ev.value) * (ev.t - prev)
            prev = ev.t
    if start is None or prev is None or prev <= start:
        return None
    return energy / (prev - start), conv


def _estimate(events):
    for ev in events:
        if ev.key == 'interconnect_power_est' and isinstance(ev.value, (int, float)):
            return float(ev.value)
    return None


def run_energy(source, folder_path, log_name, seconds):
    """(joules, scope) of one run, or (None, reason)."""
    base = '%s/power/%s/' % (folder_path, log_name.rsplit('.', 1)[0])
    files = sorted(p for p in source.files if p.startswith(base) and '/' not in p[len(base):])
    nodes = [p for p in files if p[len(base):].startswith('node_')]
    switches = [p for p in files if p[len(base):].startswith('sw_')]
    if not nodes:
        return None, 'no node power logs'
    total = 0.0
    for path in nodes:
        data = source.read(path)
        if data is None:
            return None, 'power log absent from snapshot'
        got = _mean_power(mllog.parse(data)[0])
        if got is None:
            return None, '%s: no readings after power_measurement_start' % path[len(base):]
        total += got[0] * got[1] * seconds
    scope = 'nodes'
    for path in switches:
        data = source.read(path)
        if data is None:
            return None, 'power log absent from snapshot'
        events = mllog.parse(data)[0]
        est = _estimate(events)
        if est is not None:
            total += est * seconds
            scope = 'nodes+interconnect (estimated)'
            continue
        got = _mean_power(events)
        if got is None:
            return None, '%s: no readings' % path[len(base):]
        total += got[0] * got[1] * seconds
        scope = 'nodes+interconnect (measured)'
    return total, scope
