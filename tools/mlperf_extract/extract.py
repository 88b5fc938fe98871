"""Every row of a round, and the folders left out with the reason."""
from . import folders, mllog, rules
from .rows import LeftOut, build


class Skipped:
    """A folder that gives no row."""

    def __init__(self, rnd, path, reason):
        self.round, self.path, self.reason = rnd, path, reason

    def __str__(self):
        return '%s %s: %s' % (self.round, self.path, self.reason)


def _loose_folders(source, loose):
    """Folders for logs that sit directly in results/<system>/, one per
    benchmark their submission_benchmark names."""
    out = []
    for (root, system), names in sorted(loose.items()):
        by_bench = {}
        for name in names:
            path = '%s/results/%s/%s' % (root, system, name)
            data = source.read(path)
            if data is None:
                continue
            bench = next((ev.value for ev in mllog.parse(data)[0]
                          if ev.key == 'submission_benchmark' and isinstance(ev.value, str)), None)
            if bench is not None:
                by_bench.setdefault(bench, []).append(name)
        for bench, logs in sorted(by_bench.items()):
            out.append(folders.Folder(root, system, bench, '%s/results/%s' % (root, system),
                                      sorted(logs), []))
    return out


def round_rows(source, rnd, benchmarks=None, include=()):
    """(rows, skipped) of one round, rows in results-path order.

    benchmarks: the canonical names to keep (None: all). include: pairs
    (round, benchmark) kept although held back by default."""
    found, loose = folders.find(source)
    rows, skipped = [], []
    for folder in sorted(found + _loose_folders(source, loose), key=lambda f: f.path):
        bench = rules.canonical(folder.bench, rnd)
        if bench is None:
            if folder.logs:
                skipped.append(Skipped(rnd, folder.path, "unknown benchmark '%s'" % folder.bench))
            continue
        if benchmarks is not None and bench not in benchmarks:
            continue
        if (rnd, bench) in rules.HELD_BACK and (rnd, bench) not in include:
            skipped.append(Skipped(rnd, folder.path, 'held back (%s %s is kept out of the tables '
                                   'and of every fit)' % (bench, rnd)))
            continue
        if not folder.logs:
            skipped.append(Skipped(rnd, folder.path, 'no result logs'))
            continue
        logs = [(name, source.read(folder.path + '/' + name)) for name in folder.logs]
        try:
            rows.append(build(source, rnd, folder, bench, logs))
        except LeftOut as e:
            skipped.append(Skipped(rnd, folder.path, str(e)))
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, ArithmeticError,
                RecursionError) as e:
            # Input no rule foresaw: the folder is left out, the run goes on.
            skipped.append(Skipped(rnd, folder.path, 'unreadable (%s: %s)' % (type(e).__name__, e)))
    return rows, skipped


def mark_repeats(all_rows):
    """same_runs_as: a row whose run start times (to the second) equal those
    of an earlier row names that row (`round results_path`)."""
    first = {}
    for row, starts in all_rows:
        if not starts:
            continue
        key = (row['benchmark'], starts)
        if key in first:
            row['same_runs_as'] = first[key]
        else:
            first[key] = '%s %s' % (row['round'], row['results_path'])
