"""Build the rows of one round: a results folder -> one row, or a reason to
leave it out. A row is whole or absent, never half."""
import json
import re

from . import families, params, power, rules, scoring, systems

IMAGENET = 1281167  # images per epoch that throughput_img_s counts (ResNet-50)

# Alibaba v0.7 names its system files by node count, its results folders by
# GPU count; each pair below has nodes x accelerators equal to the folder's count.
ALIBABA_V07 = {'a100-8': 'n1_A100.json', 'v100-256': 'n32_pai_eflops.json',
               'v100-512': 'n64_pai_eflops.json', 'v100-1280': 'n160_pai_eflops.json'}


class LeftOut(Exception):
    """This folder gives no row; the message says why."""


def fmt(x, digits):
    """A number as the tables write it: rounded, without a trailing .0."""
    if x is None:
        return ''
    x = round(float(x), digits)
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return repr(x)


def _int(text):
    """The whole number a raw description field gives, or None."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return int(text)
    m = re.fullmatch(r'\s*(\d+)(\.0+)?\s*', str(text or ''))
    return int(m.group(1)) if m else None


def availability(status):
    s = status.lower()
    if 'preview' in s:
        return 'preview'
    if 'research' in s or 'rdi' in s:
        return 'research'
    if any(w in s for w in ('available', 'onprem', 'on-prem', 'on prem', 'cloud')):
        return 'available'
    return ''


def division_norm(division):
    d = division.strip().lower()
    return 'closed' if d in ('closed', 'close') else d


def system_id(rnd, root, system):
    """The results folder name; in v0.5 the path below the org folder."""
    if rnd == 'v0.5':
        return '/'.join(root.split('/')[2:] + [system])
    return system


def submitter_dir(rnd, root):
    return root.split('/')[1] if rnd == 'v0.5' else root.split('/')[0]


def find_description(source, rnd, root, system, results_folder):
    """(schema, path, description, notes); raises LeftOut when there is none."""
    top = root.split('/')[0] if rnd != 'v0.5' else root
    candidates = [('%s/systems/%s.json' % (top, system), None),
                  ('%s/results/%s/entry.json' % (root, system), None)]
    if rnd == 'v0.7' and top == 'Alibaba' and system in ALIBABA_V07:
        candidates.append(('%s/systems/%s' % (top, ALIBABA_V07[system]),
                           'system file matched by accelerator count '
                           '(no file named after the results folder)'))
    for path, note in candidates:
        if path in source.files:
            try:
                schema, desc = systems.read(source, path, results_folder)
            except systems.SystemError_ as e:
                raise LeftOut('system description unreadable: %s' % e)
            return schema, path, desc, [note] if note else []
    raise LeftOut('no system description (looked for %s)' % ', '.join(p for p, _ in candidates))


def _runs_text(n):
    return '%d run%s' % (n, '' if n == 1 else 's')


def _drop_text(d):
    return 'dropped fastest and slowest' if d == 1 else 'dropped %d fastest and %d slowest' % (d, d)


def _accelerators(fam, rnd, desc):
    """(total_accelerators, note or None)."""
    nodes, per_node = _int(desc.get('number_of_nodes')), _int(desc.get('accelerators_per_node'))
    if fam == 'none (CPU only)':
        return 0, None
    if rnd == 'v0.5' and fam.startswith('Google TPU') and nodes != 1:
        return per_node, ("v0.5 TPU entry: num_accelerators is the pod's TPU core count and "
                          'num_nodes counts host VMs, so total_accelerators = num_accelerators '
                          '(cores, not chips)')
    if rnd == 'v0.5' and fam.startswith('Google TPU'):
        return per_node, None
    if nodes is None or per_node is None:
        return None, None
    return nodes * per_node, None


# Placeholders that v0.6 and v0.7 descriptions left in num_cores, kept as
# the ResNet table keeps them (the built-in datasets read them as missing).
CORE_PLACEHOLDERS = ('', '-', 'core_count')


def _is_number(text):
    try:
        float(text)
    except ValueError:
        return False
    return True


def core_count(cell):
    """(cell, note or None): a number or a placeholder stays; other text,
    such as a count per node of a system whose nodes differ ("Node1: 128,
    Node2: 64"), is no one count: the cell is left empty and the note keeps
    the text."""
    if cell in CORE_PLACEHOLDERS or _is_number(cell):
        return cell, None
    return '', 'host_processor_core_count %r is not one count (left empty)' % cell


def describe(source, rnd, folder, bench_name):
    """The row's system and identity cells (a dict), and the notes so far."""
    bench = rules.BENCHMARKS[bench_name]
    schema, desc_path, desc, notes = find_description(source, rnd, folder.root, folder.system,
                                                      folder.path)
    row = {'round': rnd}
    for key in systems.FIELDS:
        row[key] = systems.raw(desc.get(key))
    row['host_processor_core_count'], note = core_count(row['host_processor_core_count'])
    if note:
        notes.append(note)
    fam = families.family(row['accelerator_model_name'], row['system_name'])
    total, note = _accelerators(fam, rnd, desc)
    row.update({
        'division_norm': division_norm(row['division']),
        'availability': availability(row['status']),
        'system_id': system_id(rnd, folder.root, folder.system),
        'submitter_dir': submitter_dir(rnd, folder.root),
        'accelerator_family': fam,
        'total_accelerators': '' if total is None else str(total),
        'system_json_schema': schema, 'system_json_path': desc_path,
        'results_path': folder.path,
        'benchmark': bench_name, 'model': bench.model,
        'quality_target': bench.target_text(rnd),
        'runs_required': str(bench.runs(rnd)),
        'power_results': 'yes' if any(p.startswith('power/') for p in folder.subfiles) else '',
    })
    return row, desc, notes, note


def _mean(values):
    return sum(values) / len(values)


def _common(values):
    """The value most runs logged (the first of equals), or None."""
    values = [v for v in values if v is not None]
    if not values:
        return None
    return max(values, key=lambda v: (values.count(v), -values.index(v)))


def score(row, runs, n_absent, bench, rnd, scaling):
    """Fill the run cells of row; returns (notes, kept runs). scaling: the
    RCP scaling factor of the folder's scaling.json, or None."""
    notes = []
    n_logs = int(row['n_runs'])
    if n_absent:
        notes.append('%d result log(s) listed but absent from snapshot (files >= 4 MiB)' % n_absent)
        row['scoring_note'] = 'not scored: result logs absent from snapshot'
        return notes, []
    inferred = scoring.infer_status(runs, bench, rnd)
    if inferred:
        t = bench.target(rnd)
        notes.append('%d run(s) without logged status: success inferred from final eval_accuracy '
                     '%s %s' % (inferred, '>=' if bench.higher else '<=', t))
    for run in runs:
        if run.start is None:
            notes.append('%s: no run_start' % run.path.split('/')[-1])
        elif run.stop is None:
            notes.append('%s: no run_stop' % run.path.split('/')[-1])
    good = [r for r in runs if r.converged() and r.minutes is not None]
    first = bench.first_converged.get(rnd)
    if first:
        good = sorted(good, key=lambda r: r.start)[:first]
    failed = len(runs) - len(good) if not first else 0
    row['n_runs_success'] = str(len([r for r in runs if r.converged()]))
    ranked = sorted(good, key=lambda r: r.minutes)
    d = bench.dropped
    kept = scoring.olympic(good, failed, d)
    if kept is None:
        row['scoring_note'] = ('not scored: %d non-converged run(s), at most %d allowed' % (failed, d)
                               if failed > d else 'not scored: too few converged runs')
        return notes, []
    minutes = [r.minutes for r in kept]
    row['time_to_train_min'] = fmt(_mean(minutes), 4)
    row['time_to_train_min_scaled'] = fmt(_mean(minutes) * (scaling or 1.0), 4)
    row['run_times_min'] = ';'.join(fmt(r.minutes, 4) for r in ranked)
    n = len(good) if first else n_logs
    text = 'olympic mean of %s (%s)' % (_runs_text(n), _drop_text(d))
    if first:
        text = 'first %d converged runs; ' % first + text
    if failed:
        text += '; %d non-converged run%s counted as slowest' % (failed, '' if failed == 1 else 's')
    required = bench.runs(rnd)
    if n_logs != required and not first:
        text += '; the rules require %d runs' % required
    row['scoring_note'] = text
    return notes, kept


def _gbs(run):
    v = run.first('global_batch_size')
    if isinstance(v, dict):
        v = v.get('value')
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def measures(row, runs, kept, bench, rnd):
    """Fill the cells measured by the converged runs; returns notes."""
    notes = []
    good = [r for r in runs if r.converged()]
    epochs = [r.epoch() for r in good]
    epochs = [e for e in epochs if isinstance(e, (int, float)) and not isinstance(e, bool)]
    row['epochs_mean'] = fmt(_mean(epochs), 2) if epochs else ''
    evals = [scoring.eval_value(r.last_eval().value) for r in good if r.last_eval() is not None]
    evals = [v for v in evals if v is not None]
    row['eval_accuracy_mean'] = fmt(_mean(evals), 5) if evals else ''
    samples = [r.samples_count() for r in good]
    samples = [s for s in samples if s is not None]
    row['samples_to_converge_mean'] = fmt(_mean(samples), 1) if samples else ''
    gbs_good = [_gbs(r) for r in good]
    gbs = _common(gbs_good)
    row['global_batch_size'] = fmt(gbs, 6) if gbs is not None else ''
    if gbs is None and rnd == 'v0.5' and any(r.first('input_batch_size') is not None for r in runs):
        notes.append('v0.5 logs record only input_batch_size (per-device or per-node for some '
                     'submitters); global_batch_size left blank')
    other = sorted({_gbs(r) for r in runs if not r.converged()} - {gbs, None})
    if gbs is not None and other:
        notes.append('non-converged run(s) logged global_batch_size %s' % ', '.join(fmt(v, 6) for v in other))
    logged = _common([r.first('train_samples', 'preproc_num_train_examples') for r in good])
    if isinstance(logged, dict):
        logged = logged.get('value')
    row['train_samples_logged'] = fmt(logged, 6) if isinstance(logged, (int, float)) else ''
    row['throughput_img_s'] = ''
    if bench.name == 'resnet' and kept:
        ep = [r.epoch() for r in kept]
        if all(isinstance(e, (int, float)) for e in ep):
            seconds = _mean([r.minutes * 60.0 for r in kept])
            row['throughput_img_s'] = fmt(_mean(ep) * IMAGENET / seconds, 1)
        if isinstance(logged, (int, float)) and logged != IMAGENET:
            notes.append('log records train_samples=%s; throughput_img_s still uses %d images per '
                         'epoch' % (fmt(logged, 6), IMAGENET))
    return notes


_IMAGE = re.compile(r'\b((?:nvcr\.io|docker\.io|gcr\.io|ghcr\.io|[a-z0-9-]+\.pkg\.dev)/[A-Za-z0-9_./-]+:[A-Za-z0-9_.-]+)')
_NGC = re.compile(r'(?:\bngc[ _-]?|\bNGC\s+(?:[A-Za-z]+\s+)?|\bRelease )(\d\d\.\d\d)', re.I)


def container(row, desc, runs):
    """The container a row ran in: an image its logs name, else the NGC
    release its description or folder names (`NGC 24.04`), else ''."""
    for run in runs[:1]:
        m = _IMAGE.search(run.text)
        if m:
            return m.group(1)
    for text in (row['framework'], systems.raw(desc.get('framework_name')), row['system_id']):
        m = _NGC.search(text)
        if m:
            return 'NGC ' + m.group(1)
    return ''


def fill_params(source, row, folder, runs):
    """The parallelism cells; returns notes."""
    for key in params.FIELDS:
        row[key] = ''
    if not runs:
        return []
    cells, note = params.extract(source, row, folder, runs)
    for key, value in cells.items():
        row[key] = str(value)
    return ['parallelism: %s' % note] if note else []


def fill_energy(source, row, folder, kept):
    """measured_energy_kwh, measured_energy_scope, measured_energy_runs of a power submission; returns notes."""
    row['measured_energy_kwh'] = row['measured_energy_scope'] = row['measured_energy_runs'] = ''
    if row['power_results'] != 'yes' or not kept:
        return []
    joules, scopes = [], set()
    for run in kept:
        got, scope = power.run_energy(source, folder.path, run.path, run.minutes * 60.0)
        if got is None:
            return ['energy not computed: %s: %s' % (run.path, scope)]
        joules.append(got)
        scopes.add(scope)
    if len(scopes) > 1:
        return ['energy not computed: runs measured different scopes (%s)' % ', '.join(sorted(scopes))]
    row['measured_energy_kwh'] = fmt(_mean(joules) / power.JOULES_PER_KWH, 4)
    row['measured_energy_scope'] = scopes.pop()
    row['measured_energy_runs'] = str(len(joules))
    return []


def rcp_scaling(source, folder):
    """The factor of the folder's scaling.json (the review's RCP
    normalisation, from v2.0 on), or None."""
    path = folder.path + '/scaling.json'
    if not source.present(path):
        return None
    try:
        value = json.loads(source.read(path).decode('utf-8', 'replace'))['scaling_factor']
    except (ValueError, KeyError, TypeError):
        return None
    return float(value) if isinstance(value, (int, float)) and value > 0 else None


def clear_caches_note(runs, desc):
    """v0.5 multi-node logs: the nodes and ranks the first log shows, when they
    contradict the (shared) entry.json."""
    if not runs:
        return None
    nodes = _int(desc.get('number_of_nodes'))
    clears = sum(1 for ev in runs[0].events if ev.key == 'run_clear_caches')
    seeds = sum(1 for ev in runs[0].events if ev.key == 'run_set_random_seed')
    if clears > 1 and nodes is not None and nodes > 1 and clears != nodes:
        return ('first log shows run_clear_caches from %d nodes and %d run_set_random_seed ranks, '
                'but the shared entry.json says %d nodes; total_accelerators follows entry.json'
                % (clears, seeds, nodes))
    return None


def build(source, rnd, folder, bench_name, logs):
    """(row, run start seconds, log lines that did not parse) of one folder;
    logs: [(name, bytes or None)]. Raises LeftOut."""
    bench = rules.BENCHMARKS[bench_name]
    row, desc, notes, acc_note = describe(source, rnd, folder, bench_name)
    present = [(name, data) for name, data in logs if data is not None]
    runs = [scoring.read_run(name, data, rnd in bench.eval_result_time) for name, data in present]
    if present and not any(r.events for r in runs):
        raise LeftOut('no log parses (%d file(s) without MLPerf log lines)' % len(present))
    row['n_runs'] = str(len(logs))
    for key in ('n_runs_success', 'time_to_train_min', 'run_times_min', 'global_batch_size',
                'epochs_mean', 'eval_accuracy_mean', 'throughput_img_s', 'train_samples_logged',
                'samples_to_converge_mean'):
        row[key] = ''
    scaling = rcp_scaling(source, folder)
    row['rcp_scaling_factor'] = fmt(scaling, 6) if scaling is not None else (
        '1' if rules.ROUNDS.index(rnd) >= rules.ROUNDS.index(rules.FIRST_SCALING) else '')
    row['time_to_train_min_scaled'] = ''
    score_notes, kept = score(row, runs, len(logs) - len(present), bench, rnd, scaling)
    notes += score_notes
    if runs and len(present) == len(logs):
        notes += measures(row, runs, kept, bench, rnd)
    if acc_note:
        notes.append(acc_note)
    row['container'] = container(row, desc, runs)
    notes += fill_params(source, row, folder, runs)
    notes += fill_energy(source, row, folder, kept)
    if rnd == 'v0.5':
        note = clear_caches_note(runs, desc)
        if note:
            notes.append(note)
    row['notes'] = '; '.join(notes)
    row['same_runs_as'] = ''
    starts = tuple(sorted(int(r.start) for r in runs if r.start is not None))
    return row, starts, sum(r.bad_lines for r in runs)
