"""Find the results folders of a repository: one candidate row per
(submitter, system, benchmark folder).

From v0.6 on a folder is `<submitter>/results/<system>/<benchmark>/`; in v0.5
it is `v0.5.0/<org>/<submission>[/<entry>]/results/<system>/<benchmark>/`. Logs
sitting directly in `results/<system>/` (Alibaba, v0.7) form a folder per
benchmark their `submission_benchmark` names.
"""
import re
from collections import namedtuple

Folder = namedtuple('Folder', 'root system bench path logs subfiles')

_RESULT = re.compile(r'^result[^/]*\.(txt|log)$')
_TEXT = re.compile(r'^[^/]*\.(txt|log)$')


def pick_logs(names):
    """The files of a folder that are result logs: `result*.txt` or
    `result*.log`, or, when there are none, every `*.txt` and `*.log`."""
    logs = sorted(n for n in names if _RESULT.match(n))
    return logs or sorted(n for n in names if _TEXT.match(n))


def find(source):
    """(folders, loose): folders with their logs; loose maps a system folder
    to the log-like files directly in it (sorted by path)."""
    direct = {}   # (root, system, bench) -> [names]
    deeper = {}   # (root, system, bench) -> [relative paths below the benchmark folder]
    loose = {}
    for path in source.files:
        parts = path.split('/')
        if 'results' not in parts[:-1]:
            continue
        i = parts.index('results')
        if i == 0 or len(parts) < i + 3:
            continue
        root, system = '/'.join(parts[:i]), parts[i + 1]
        if len(parts) == i + 3:
            if _TEXT.match(parts[-1]):
                loose.setdefault((root, system), []).append(parts[-1])
            continue
        key = (root, system, parts[i + 2])
        if len(parts) == i + 4:
            direct.setdefault(key, []).append(parts[-1])
        else:
            deeper.setdefault(key, []).append('/'.join(parts[i + 3:]))
    folders = []
    for key in sorted(set(direct) | set(deeper)):
        root, system, bench = key
        path = '%s/results/%s/%s' % key
        folders.append(Folder(root, system, bench, path, pick_logs(direct.get(key, [])),
                              sorted(deeper.get(key, []))))
    return folders, {k: sorted(v) for k, v in loose.items()}
