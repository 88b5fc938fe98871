"""Parse MLPerf log lines, in every format the rounds used, into events.

An event is (key, value, metadata, seconds). The formats:

- v0.5:  `:::MLPv0.5.0 resnet 1543785258.92 (file.py:12) key: value`, the value
  JSON or bare text, no metadata;
- v0.6:  `:::MLL 1558420845.819 key: {"value": ..., "metadata": {...}}`;
- Alibaba's v0.6: `MLPerf: resnet [06/13/19 00:30:56], key: value`, one-second
  timestamps and values such as `{"value": 74.31600%, "epoch": 71}`;
- v0.7 on: `:::MLLOG {"time_ms": ..., "key": ..., "value": ..., "metadata": ...}`
  (one v0.7 submitter writes `time_s`), anywhere in a line, so that rank
  prefixes such as `0: ` or `[1,0]<stdout>:` do not matter.

Lines that are not log lines, or whose JSON is broken (a line cut by a
crash, two ranks writing at once), are skipped and counted.
"""
import ast
import datetime
import json
import re
from collections import namedtuple

Event = namedtuple('Event', 'key value meta t')

_MLLOG = ':::MLLOG'
_MLL = re.compile(r':::MLL\s+([-+0-9.eE]+)\s+([A-Za-z0-9_.]+):?\s*(.*)$')
_V05 = re.compile(r':::MLPv0\.5\.0\s+\S+\s+([-+0-9.eE]+)\s+\(.*?\)\s+([A-Za-z0-9_.]+)\s*(?::\s*(.*))?$')
_ALI = re.compile(r'MLPerf:\s+\S+\s+\[(\d\d)/(\d\d)/(\d\d) (\d\d):(\d\d):(\d\d)\],\s*([A-Za-z0-9_.]+)'
                  r'(?::\s*(.*))?$')
_DECODER = json.JSONDecoder()


def _json_or_text(text):
    text = text.strip()
    if text == '':
        return None
    try:
        return json.loads(text)
    except ValueError:
        return _lenient(text)


def _lenient(text):
    """Values that are not JSON: Alibaba's `{"value": 74.31600%, "epoch": 71}`
    (a percentage becomes a fraction) and v0.6 MiniGo's Python-literal
    metadata (`{"value": null, "metadata": {'lineno': 49}}`); anything else
    stays text."""
    fixed = re.sub(r'(-?[0-9.]+)%', lambda m: repr(float(m.group(1)) / 100.0), text)
    try:
        return json.loads(fixed)
    except ValueError:
        pass
    literal = re.sub(r'\bnull\b', 'None', re.sub(r'\btrue\b', 'True', re.sub(r'\bfalse\b', 'False', fixed)))
    try:
        return ast.literal_eval(literal)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return text


def _mllog(line, at):
    start = line.find('{', at)
    if start < 0:
        return None
    try:
        obj, _ = _DECODER.raw_decode(line, start)
    except ValueError:
        return None
    if not isinstance(obj, dict) or 'key' not in obj:
        return None
    if 'time_ms' in obj:
        t = float(obj['time_ms']) / 1000.0
    elif 'time_s' in obj:
        t = float(obj['time_s'])
    else:
        return None
    meta = obj.get('metadata')
    return Event(str(obj['key']), obj.get('value'), meta if isinstance(meta, dict) else {}, t)


def _mll(m):
    value = _json_or_text(m.group(3))
    meta = {}
    if isinstance(value, dict) and ('value' in value or 'metadata' in value):
        meta = value.get('metadata') if isinstance(value.get('metadata'), dict) else {}
        value = value.get('value')
    return Event(m.group(2), value, meta, float(m.group(1)))


def _v05(m):
    return Event(m.group(2), _json_or_text(m.group(3) or ''), {}, float(m.group(1)))


def _alibaba(m):
    mon, day, year, hh, mm, ss = (int(g) for g in m.group(1, 2, 3, 4, 5, 6))
    t = datetime.datetime(2000 + year, mon, day, hh, mm, ss,
                          tzinfo=datetime.timezone.utc).timestamp()
    return Event(m.group(7), _json_or_text(m.group(8) or ''), {}, t)


def parse_line(line):
    """The event of one line, or None."""
    at = line.find(_MLLOG)
    if at >= 0:
        return _mllog(line, at + len(_MLLOG))
    if ':::MLL' in line:
        m = _MLL.search(line)
        return _mll(m) if m else None
    if ':::MLPv0.5.0' in line:
        m = _V05.search(line)
        return _v05(m) if m else None
    if 'MLPerf:' in line:
        m = _ALI.search(line)
        return _alibaba(m) if m else None
    return None


def log_format(data):
    """The name of the format of a log's first log line, or '' if none."""
    for marker, name in ((b':::MLLOG', 'mllog'), (b':::MLL ', 'mll-v0.6'),
                         (b':::MLPv0.5.0', 'mlp-v0.5'), (b'MLPerf: ', 'alibaba-v0.6')):
        if marker in data:
            return name
    return ''


def parse(data):
    """(events, lines that looked like log lines but did not parse)."""
    text = data.decode('utf-8', 'replace')
    events, bad = [], 0
    for line in text.splitlines():
        if 'MLL' not in line and 'MLP' not in line:
            continue
        try:
            ev = parse_line(line)
        except (ValueError, OverflowError, TypeError):
            ev = None
        if ev is None:
            if ':::MLL' in line or ':::MLP' in line:
                bad += 1
            continue
        events.append(ev)
    return events, bad
