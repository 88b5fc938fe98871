"""One result log -> one run; the runs of a folder -> the score.

A run's time is run_stop - run_start: the first run_start in the log and the
first run_stop after it (logs written by several ranks repeat these lines).
A run converged when its run_stop says so (`metadata.status == "success"`;
v0.5 and Graphcore: `value.success` true); `aborted`, `abort`, `fail` and a
missing run_stop are non-converged. Logs that record no status (v0.5 NVIDIA,
v0.5 Transformer, v0.6 Alibaba) converged when their last eval_accuracy
meets the round's target.

The score is the olympic mean (rules.Benchmark): the sorted times of the
converged runs lose the `dropped` fastest and the `dropped` slowest, a
non-converged run counting as one of the slowest; more non-converged runs
than `dropped` make the result invalid.
"""
from . import mllog

SUCCESS = 'success'


class Run:
    """What one result log says."""

    def __init__(self, path, events, bad_lines, fmt, text=''):
        self.path, self.bad_lines, self.format = path, bad_lines, fmt
        self.text = text
        self.events = events
        self.start = self.stop = None
        self.status = None
        self.stop_event = None
        for ev in events:
            if ev.key == 'run_start' and self.start is None:
                self.start = ev.t
            elif ev.key == 'run_stop' and self.start is not None and ev.t >= self.start:
                self.stop, self.stop_event = ev.t, ev
                self.status = _status(ev)
                break
        self.evals = [ev for ev in events if ev.key == 'eval_accuracy']
        self.inferred = False

    def use_eval_result_time(self):
        """v0.5 and v0.6 MiniGo: the time is the eval_result's timestamp
        (seconds after run_start at which the first model that beat the
        target was made); such a run converged."""
        for ev in reversed(self.events):
            if ev.key == 'eval_result' and isinstance(ev.meta.get('timestamp'), (int, float)) \
                    and self.start is not None:
                self.stop = self.start + float(ev.meta['timestamp'])
                self.status = SUCCESS
                return

    @property
    def minutes(self):
        if self.start is None or self.stop is None:
            return None
        return (self.stop - self.start) / 60.0

    def first(self, *keys):
        """The value of the first event of any of keys, or None."""
        for ev in self.events:
            if ev.key in keys:
                return ev.value
        return None

    def last_eval(self):
        return self.evals[-1] if self.evals else None

    def epoch(self):
        """The epoch of the last evaluation (v0.5: value.epoch), else run_stop's."""
        ev = self.last_eval()
        if ev is not None:
            if 'epoch_num' in ev.meta:
                return ev.meta['epoch_num']
            if isinstance(ev.value, dict) and 'epoch' in ev.value:
                return ev.value['epoch']
        if self.stop_event is not None:
            return self.stop_event.meta.get('epoch_num')
        return None

    def samples_count(self):
        """samples_count of the last evaluation, else of run_stop (where logged)."""
        for ev in (self.last_eval(), self.stop_event):
            if ev is not None and isinstance(ev.meta.get('samples_count'), (int, float)):
                return ev.meta['samples_count']
        return None

    def converged(self):
        return self.status == SUCCESS


def _status(ev):
    status = ev.meta.get('status')
    if isinstance(status, str):
        return status.lower()
    if isinstance(ev.value, dict) and 'success' in ev.value:
        ok = ev.value['success']
        return SUCCESS if ok is True or str(ok).lower() == 'true' else 'fail'
    return None


def eval_value(value):
    """The quality figure of an eval_accuracy value: the number itself, v0.5's
    value.value, Mask R-CNN's box mAP (BBOX, first of a pair, or
    accuracy.BBOX)."""
    if isinstance(value, dict):
        if 'value' in value:
            return eval_value(value['value'])
        if 'accuracy' in value:
            return eval_value(value['accuracy'])
        for key in ('BBOX', 'bbox'):
            if key in value:
                return eval_value(value[key])
        return None
    if isinstance(value, list) and value:
        return eval_value(value[0])
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return None


def _second_value(value):
    """Mask R-CNN's mask mAP."""
    if isinstance(value, dict):
        for key in ('value', 'accuracy'):
            if key in value:
                return _second_value(value[key])
        for key in ('SEGM', 'segm'):
            if key in value:
                return eval_value(value[key])
        return None
    if isinstance(value, list) and len(value) > 1:
        return eval_value(value[1])
    return None


def meets(benchmark, rnd, value):
    """Whether an eval_accuracy value meets the round's target."""
    target = benchmark.target(rnd)
    first = eval_value(value)
    if first is None or target is None:
        return False
    if isinstance(target, tuple):
        second = _second_value(value)
        return second is not None and first >= target[0] and second >= target[1]
    return first >= target if benchmark.higher else first <= target


def read_run(path, data, eval_result_time=False):
    events, bad = mllog.parse(data)
    run = Run(path, events, bad, mllog.log_format(data), data.decode('utf-8', 'replace'))
    if eval_result_time:
        run.use_eval_result_time()
    return run


def infer_status(runs, benchmark, rnd):
    """Give runs without a logged status the status their last evaluation
    earns; returns how many were inferred."""
    n = 0
    for run in runs:
        if run.stop is not None and run.status is None:
            ev = run.last_eval()
            run.status = SUCCESS if ev is not None and meets(benchmark, rnd, ev.value) else 'fail'
            run.inferred = True
            n += 1
    return n


def olympic(converged, n_failed, dropped):
    """The runs an olympic score averages: the converged runs sorted by time,
    less `dropped` fastest and `dropped` slowest, the n_failed non-converged
    runs counting as slowest; None when more than `dropped` failed or
    nothing is left."""
    if n_failed > dropped:
        return None
    ranked = sorted(converged, key=lambda r: r.minutes)
    kept = ranked[dropped:len(ranked) - (dropped - n_failed)]
    return kept or None
