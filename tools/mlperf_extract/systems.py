"""System descriptions: find the one of a results folder and read it.

Three schemas occur (`system_json_schema`):
- systems_json: the flat JSON of v0.6 on (`divison` and `number of nodes`,
  misspelled by a few submitters, read as `division` and `number_of_nodes`);
- legacy_entry_json: v0.5's entry.json (also v0.6 Fujitsu and Alibaba), whose
  `nodes[0]` describes the nodes, and whose submitter is the `org` of the
  nearest submission.json;
- legacy_mll_lines: v0.6 NVIDIA, lines `key: {"value": ...}` whose `entry`
  value is a Python-literal dict in the v0.5 schema.
"""
import ast
import json
import re

# The raw fields every row carries, in the schema of systems_json.
FIELDS = ('submitter', 'division', 'status', 'system_name', 'number_of_nodes',
          'accelerator_model_name', 'accelerators_per_node', 'accelerator_memory_capacity',
          'accelerator_interconnect', 'host_processor_model_name', 'host_processors_per_node',
          'host_processor_core_count', 'host_memory_capacity', 'framework', 'legacy_interconnect')

_RENAMED = {'divison': 'division', 'number of nodes': 'number_of_nodes'}


class SystemError_(Exception):
    """A description that exists but cannot be read; the message says why."""


def raw(value):
    """A description value as the tables hold it: text, whitespace collapsed."""
    if value is None:
        return ''
    if isinstance(value, bool):
        return 'true' if value else 'false'
    if isinstance(value, (dict, list)):
        return ' '.join(json.dumps(value).split())
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return ' '.join(str(value).split())


def loads(text):
    """JSON, also with the trailing commas some descriptions have
    (`{"a": 1,}`); raises ValueError."""
    try:
        return json.loads(text)
    except ValueError:
        return json.loads(re.sub(r',(\s*[}\]])', r'\1', text))


def _flat(obj):
    out = {}
    for key, value in obj.items():
        out[_RENAMED.get(key, key)] = value
    return out


def _legacy(entry, org):
    """The v0.5 schema mapped onto the flat fields."""
    nodes = entry.get('nodes')
    if isinstance(nodes, str):
        nodes = [ast.literal_eval(nodes)]
    if not isinstance(nodes, list) or not nodes or not isinstance(nodes[0], dict):
        raise SystemError_('entry has no nodes[0]')
    node = nodes[0]
    return {
        'submitter': org, 'division': entry.get('division'), 'status': entry.get('status'),
        'system_name': entry.get('hardware'), 'number_of_nodes': node.get('num_nodes'),
        'accelerator_model_name': node.get('accelerator'),
        'accelerators_per_node': node.get('num_accelerators'),
        'host_processor_model_name': node.get('cpu'),
        'host_processor_core_count': node.get('num_cores'),
        'host_memory_capacity': node.get('sys_mem_size'),
        'framework': entry.get('framework'), 'legacy_interconnect': entry.get('interconnect'),
    }


def _mll_lines(text):
    values = {}
    for line in text.splitlines():
        m = re.match(r'\s*([A-Za-z_]+):\s*(\{.*\})\s*$', line)
        if not m:
            continue
        try:
            values[m.group(1)] = json.loads(m.group(2)).get('value')
        except (ValueError, AttributeError):
            continue
    if 'entry' not in values:
        raise SystemError_('no entry line')
    entry = ast.literal_eval(values['entry'])
    desc = _legacy(entry, values.get('org'))
    desc['division'] = values.get('division', desc['division'])
    desc['status'] = values.get('status', desc['status'])
    return desc


def org_of(source, folder):
    """The `org` of the submission.json nearest above folder (v0.5 layout)."""
    parts = folder.split('/')
    for n in range(len(parts), 0, -1):
        path = '/'.join(parts[:n]) + '/submission.json'
        data = source.read(path) if source.present(path) else None
        if data is None:
            continue
        text = data.decode('utf-8', 'replace')
        try:
            return json.loads(text).get('org')
        except ValueError:
            m = re.search(r'"org"\s*:\s*"([^"]*)"', text)  # Alibaba's has a stray value
            if m:
                return m.group(1)
    return None


def read(source, path, results_folder):
    """(schema, description dict) of the description at path.
    Raises SystemError_ for a description that does not parse."""
    data = source.read(path)
    if data is None:
        raise SystemError_('%s: listed but absent from the snapshot' % path)
    text = data.decode('utf-8', 'replace').lstrip('\ufeff')
    try:
        obj = loads(text)
    except ValueError as e:
        if re.search(r'^\s*entry:\s*\{', text, re.M):
            try:
                return 'legacy_mll_lines', _mll_lines(text)
            except (ValueError, SyntaxError, SystemError_) as e2:
                raise SystemError_('%s: %s' % (path, e2))
        raise SystemError_('%s: not JSON (%s)' % (path, e))
    if not isinstance(obj, dict):
        raise SystemError_('%s: not a JSON object' % path)
    if 'nodes' in obj and 'hardware' in obj and 'system_name' not in obj:
        try:
            return 'legacy_entry_json', _legacy(obj, org_of(source, results_folder))
        except (ValueError, SyntaxError, SystemError_) as e:
            raise SystemError_('%s: %s' % (path, e))
    return 'systems_json', _flat(obj)
