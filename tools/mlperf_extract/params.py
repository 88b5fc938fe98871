"""The parallelism and precision a submission names (LLM benchmarks).

Sources, in order of trust (parallelism_source says which gave the row):
1. `log`: the configuration NeMo prints into the result log
   (`tensor_model_parallel_size: 4`, ...), in the first converged run;
2. `config:<path>`: the launch configuration under
   `<submitter>/benchmarks/<benchmark>/implementations/` that the row ran:
   the one the log names, else the one in an implementation folder named
   after the system, matching the row's nodes x accelerators per node
   (`config_DGXH100_64x8x128x4x8_mbs2.sh`: 64 nodes of 8), or, for TPU
   slices, the script named after the slice (`v5p-1024.sh`); files it
   sources from its own folder are read too. When several candidates
   remain and disagree, none is used (the note says so).
The logged MLPerf keys add gradient_accumulation_steps and
max_sequence_length wherever a row logs them. data_parallel is the
accelerators over tensor x pipeline x context parallel sizes (a size the
source does not name counts as 1); on TPUs, the product of the data and
FSDP mesh sizes.
"""
import re

LLM = ('gpt3', 'llama2_70b_lora', 'llama31_405b')

# The cells this module fills, in the tables' order.
FIELDS = ('precision', 'tensor_parallel', 'pipeline_parallel', 'context_parallel',
          'sequence_parallel', 'data_parallel', 'micro_batch_size', 'sequence_length',
          'gradient_accumulation_steps', 'parallelism_source')

SYNONYMS = {
    'tensor_parallel': ('tp', 'tensor_model_parallel', 'tensor_model_parallel_size',
                        'tensor_parallel_size', 'tp_size', 'ici_tensor_parallelism'),
    'pipeline_parallel': ('pp', 'pipeline_model_parallel', 'pipeline_model_parallel_size',
                          'pipeline_parallel_size', 'pp_size'),
    'context_parallel': ('cp', 'context_parallel', 'context_parallel_size', 'cp_size'),
    'sequence_parallel': ('sp', 'sequence_parallel', 'seq_parallel'),
    'micro_batch_size': ('mbs', 'micro_batch_size', 'microbatch_size', 'micro_batch',
                         'train_micro_batch_size_per_gpu'),
    'sequence_length': ('seq_len', 'seq_length', 'encoder_seq_length', 'max_seq_length',
                        'max_sequence_length', 'max_target_length'),
    'fp8': ('fp8', 'fp8_enabled'),
    'quantization': ('quantization',),
    'precision': ('precision',),
    'ici_data': ('ici_data_parallelism',), 'ici_fsdp': ('ici_fsdp_parallelism',),
    'dcn_data': ('dcn_data_parallelism',), 'dcn_fsdp': ('dcn_fsdp_parallelism',),
}
_CANONICAL = {name: field for field, names in SYNONYMS.items() for name in names}

_ASSIGN = re.compile(r'(?:^|[\s;:="(])(?:export\s+)?"?\$?\{?([A-Za-z_][A-Za-z0-9_]*)'
                     r'(?::?[-=]|=)([^\s;#}"]+)')
_YAML = re.compile(r'^\s*(?:\d+:\s+)?([a-z_][a-z0-9_]*):\s*([^\s#]+)\s*$', re.M)  # "0: " = rank
_FLAG = re.compile(r'--([a-z][a-z0-9-]*)[= ]([^\s\\]+)')
_SOURCE = re.compile(r'source\s+(?:"?\$\([^)\n]*\)"?|"?\$\{?\w+\}?"?)/([A-Za-z0-9_./-]+\.sh)')
# Launch configurations named after their layout: NVIDIA's GPT-3
# `config_DGXH100_64x8x128x4x8_mbs2.sh` (nodes x GPUs x batch per data-parallel
# rank x TP x PP) and the Llama ones `config_GB200_18x4x1xtp1pp1cp8.sh`.
_NAME_GPT3 = re.compile(r'_\d+x\d+x\d+x(\d+)x(\d+)(?:_mbs(\d+))?')
_NAME_LLAMA = re.compile(r'tp(\d+)pp(\d+)cp(\d+)')


def _clean(value):
    return value.strip().rstrip('\\').strip('"\'').rstrip(',')


def scan(text, kind):
    """{field: raw value} that text gives. kind: 'yaml' (a configuration
    printed into a log: the first mention of a field, the model's section,
    wins) or 'shell' (a launch script: assignments, `${X:-v}` defaults,
    `--flag v`, `name=v` arguments; the last assignment wins, as in bash)."""
    found = {}
    if kind == 'yaml':
        pairs = [(m.group(1), m.group(2)) for m in _YAML.finditer(text)]
    else:
        text = re.sub(r'(?m)(^|\s)#.*$', r'\1', text)  # comments: "# ... since PP=1"
        pairs = [(m.start(), m.group(1), m.group(2)) for m in _ASSIGN.finditer(text)]
        pairs += [(m.start(), m.group(1).replace('-', '_'), m.group(2)) for m in _FLAG.finditer(text)]
        pairs = [(name, value) for _, name, value in sorted(pairs)][::-1]
    for name, value in pairs:
        field = _CANONICAL.get(name.lower())
        if field and field not in found:
            value = _clean(value)
            if value and not value.startswith('$'):
                found[field] = value
    return found


def _int(value):
    try:
        f = float(value)
    except (TypeError, ValueError):
        return None
    return int(f) if f.is_integer() else None


def _bool(value):
    v = str(value).strip().lower()
    if v in ('1', 'true', 'yes', 'on'):
        return 1
    if v in ('0', 'false', 'no', 'off'):
        return 0
    return None


def precision(found):
    """fp8, int8, bf16, fp16 or '' from what a source names."""
    if 'fp8' in found and _bool(found['fp8']) == 1:
        return 'fp8'
    if found.get('quantization', '').lower() == 'int8':
        return 'int8'
    p = found.get('precision', '').lower()
    if 'bf16' in p:
        return 'bf16'
    if '16' in p:
        return 'fp16'
    if 'fp8' in found and _bool(found['fp8']) == 0:
        return 'bf16'
    return ''


def resolve(found, total):
    """The row's parallelism cells from a source's fields."""
    cells = {}
    for field in ('tensor_parallel', 'pipeline_parallel', 'context_parallel', 'micro_batch_size',
                  'sequence_length'):
        v = _int(found.get(field))
        if v is not None and v > 0:
            cells[field] = v
    if 'sequence_parallel' in found and _bool(found['sequence_parallel']) is not None:
        cells['sequence_parallel'] = _bool(found['sequence_parallel'])
    mesh = [_int(found.get(k)) for k in ('ici_data', 'ici_fsdp', 'dcn_data', 'dcn_fsdp')]
    tp = cells.get('tensor_parallel', 1)
    if any(m is not None for m in mesh) and total:
        known = 1
        for m in mesh:
            if m is not None and m > 0:
                known *= m
        dp = known if -1 not in mesh else total // (tp * known)
        cells['data_parallel'] = dp
    elif total and ('tensor_parallel' in cells or 'pipeline_parallel' in cells):
        width = tp * cells.get('pipeline_parallel', 1) * cells.get('context_parallel', 1)
        if total % width == 0:
            cells['data_parallel'] = total // width
    p = precision(found)
    if p:
        cells['precision'] = p
    return cells


def from_name(name):
    """The fields a configuration's file name gives."""
    found = {}
    m = _NAME_LLAMA.search(name)
    if m:
        found.update(tensor_parallel=m.group(1), pipeline_parallel=m.group(2),
                     context_parallel=m.group(3))
    m = _NAME_GPT3.search(name)
    if m and not found:
        found.update(tensor_parallel=m.group(1), pipeline_parallel=m.group(2))
        if m.group(3):
            found['micro_batch_size'] = m.group(3)
    return found


def _device_token(row):
    """The accelerator as configuration names spell it (H100, GB200, MI300X...)."""
    fam = row['accelerator_family'].split()
    return fam[-1].upper() if fam and fam[0] in ('NVIDIA', 'AMD') else ''


def _system_tokens(row):
    return (int(row['number_of_nodes']) if row['number_of_nodes'].isdigit() else None,
            int(row['accelerators_per_node']) if row['accelerators_per_node'].isdigit() else None)


_NXG = re.compile(r'_(\d+)x(\d+)x')
_SLICE = re.compile(r'^((?:v\d+[a-z]*|trillium)-\d+)\.sh$')


def candidates(source, top, bench_dir):
    """Launch configurations of a benchmark: {path: (implementation folder, basename)}."""
    prefix = '%s/benchmarks/%s/implementations/' % (top, bench_dir)
    out = {}
    for path in source.files:
        if not path.startswith(prefix):
            continue
        rel = path[len(prefix):].split('/')
        if len(rel) > 3:
            continue
        name = rel[-1]
        if (name.startswith('config_') and name.endswith('.sh') and 'common' not in name
                and 'mounts' not in name and 'fp8' not in name) or _SLICE.match(name):
            out[path] = (rel[0], name)
    return out


def _read_config(source, path, depth=0):
    """A configuration's text with each file it sources (from its own folder,
    or its configs/ subfolder) put in place of the source line."""
    data = source.read(path)
    if data is None:
        return ''
    text = data.decode('utf-8', 'replace')
    folder = path.rsplit('/', 1)[0]

    def include(m):
        inc = folder + '/' + m.group(1)
        if inc not in source.files:  # copied into configs/ by some submitters
            inc = folder + '/configs/' + m.group(1).rsplit('/', 1)[-1]
        if inc not in source.files or inc == path or depth >= 3:
            return m.group(0)
        return _read_config(source, inc, depth + 1)
    return _SOURCE.sub(include, text)


def _config_fields(source, path):
    """The fields of a configuration: its text (with what it sources), then its name."""
    found = scan(_read_config(source, path), 'shell')
    for k, v in from_name(path.rsplit('/', 1)[1]).items():
        found.setdefault(k, v)
    return found


def choose(source, row, folder, log_text):
    """(path, note): the launch configuration of the row, or (None, why)."""
    top = folder.root.split('/')[0]
    found = candidates(source, top, folder.bench)
    if not found:
        return None, 'no launch configuration in the submission'
    named = [p for p, (_, name) in found.items() if name in log_text]
    if len(named) == 1:
        return named[0], None
    pool = {p: v for p, v in found.items() if v[0] == folder.system} or found
    nodes, per_node = _system_tokens(row)
    fits = []
    for path, (_impl, name) in pool.items():
        m = _NXG.search(name)
        s = _SLICE.match(name)
        if m and (int(m.group(1)), int(m.group(2))) == (nodes, per_node):
            fits.append(path)
        elif s and s.group(1) in folder.system:
            fits.append(path)
    if not fits:
        return None, 'no launch configuration for %s nodes x %s' % (nodes, per_node)
    token = _device_token(row)
    if len(fits) > 1 and token:
        named_device = [p for p in fits if token in found[p][1].upper()
                        and not (token == 'B200' and 'GB200' in found[p][1].upper())]
        fits = named_device or fits
    if len(fits) > 1:
        values = {tuple(sorted(_config_fields(source, p).items())) for p in fits}
        if len(values) > 1:
            return None, '%d launch configurations fit and disagree' % len(fits)
    return sorted(fits)[0], None


def extract(source, row, folder, runs):
    """(cells, note) of a row: parallelism_source and the named fields."""
    good = [r for r in runs if r.converged()] or runs
    log_text = good[0].text if good else ''
    cells = {}
    note = None
    found = scan(log_text, 'yaml') if log_text else {}
    src = 'log' if any(k in found for k in ('tensor_parallel', 'pipeline_parallel')) else ''
    if row['benchmark'] in LLM:
        path, note = choose(source, row, folder, log_text)
        if src:
            note = None  # the log said it all
        if path is not None:
            for k, v in _config_fields(source, path).items():
                found.setdefault(k, v)
            src = (src + '+' if src else '') + 'config:' + path
            note = None
    total = int(row['total_accelerators']) if row['total_accelerators'].isdigit() else 0
    if src:
        cells = resolve(found, total)
        cells['parallelism_source'] = src
    for key, field in (('gradient_accumulation_steps', 'gradient_accumulation_steps'),
                       ('max_sequence_length', 'sequence_length')):
        v = good[0].first(key) if good else None
        if isinstance(v, (int, float)) and not isinstance(v, bool) and field not in cells:
            cells[field] = int(v)
    check = _batch_check(cells, row['global_batch_size'])
    return cells, note or check


def _batch_check(cells, gbs):
    """A note when micro-batch x data parallel x accumulation is not the logged global batch."""
    keys = ('micro_batch_size', 'data_parallel', 'gradient_accumulation_steps')
    if not gbs or not all(k in cells for k in keys):
        return None
    product = cells['micro_batch_size'] * cells['data_parallel'] * cells['gradient_accumulation_steps']
    if product == _int(gbs):
        return None
    return ('micro_batch_size x data_parallel x gradient_accumulation_steps = %d, not the logged '
            'global_batch_size %s' % (product, gbs))
