#!/usr/bin/env python3
"""Every #include of lib/, include/, examples/ and bindings/ follows the
arrows of DESIGN.md ("Arrows point down only"), and every lib/X/meson.build
compiles files of lib/X alone. A failure names the file, the line and the
forbidden arrow. The checker first runs its own cases (an allowed include
passes, each kind of forbidden include fails), so that a pass means something.

usage: check_layering.py SOURCE_ROOT
"""
import os
import re
import sys

# Which modules each module of lib/ may include from, as DESIGN.md draws it.
# Not transitive: map uses perf, and perf uses data, but map does not use data.
# Nothing lists map, recommend or place: only front ends use them.
USES = {
    'core': set(),
    'data': {'core'},
    'learn': {'data', 'core'},
    'rank': {'data', 'core'},
    'hw': {'core'},
    'dnn': {'core'},
    'perf': {'hw', 'dnn', 'data', 'core'},
    'map': {'perf', 'dnn', 'hw', 'core'},
    'select': {'learn', 'rank', 'data', 'core'},
    'recommend': {'select', 'perf', 'rank', 'learn', 'data', 'hw', 'dnn', 'core'},
    'place': {'perf', 'hw', 'dnn', 'core'},
}

# The module each public header belongs to. accelsel.h includes them all, so
# it is the front ends' header, like examples/ and bindings/.
UMBRELLA = 'accelsel.h'
PUBLIC = {
    'common.h': 'core',
    'plot.h': 'core',
    'dataset.h': 'data',
    'derive.h': 'data',
    'features.h': 'learn',
    'cluster.h': 'learn',
    'importance.h': 'learn',
    'rank.h': 'rank',
    'select.h': 'select',
    'catalog.h': 'hw',
    'network.h': 'dnn',
    'predict.h': 'perf',
    'steps.h': 'perf',
    'map.h': 'map',
    'recommend.h': 'recommend',
    'place.h': 'place',
}

SCANNED = ('lib', 'include', 'examples', 'bindings')
FRONT_ENDS = ('examples', 'bindings')
SOURCE_SUFFIXES = ('.c', '.h', '.cc', '.cpp', '.hh', '.hpp', '.inc')
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*(?:<([^>\n]*)>|"([^"\n]*)"|(\S.*))?', re.M)


def blank_comments(text):
    """@p text with comments replaced by spaces, newlines kept (so line numbers stay)."""
    def blank(m):
        s = m.group(0)
        return s if s[0] in '"\'' else re.sub(r'[^\n]', ' ', s)
    return re.sub(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*', blank, text,
                  flags=re.S)


def unit_of(path):
    """What @p path (relative to the root) is: ('lib', module), ('public', header),
    ('front', top directory) or ('other', top directory)."""
    parts = path.split('/')
    if parts[0] == 'lib' and len(parts) > 2:
        return ('lib', parts[1])
    if parts[0] == 'include':
        return ('public', parts[-1])
    if parts[0] in FRONT_ENDS:
        return ('front', parts[0])
    return ('other', parts[0])


def resolve(path, target, angle, files):
    """The file (relative to the root) that @p path's include of @p target names,
    as the build's include path (the file's own directory for quotes, then
    include/ and lib/) finds it; None for a header from outside the tree."""
    bases = ([] if angle else [os.path.dirname(path)]) + ['include', 'lib']
    for base in bases:
        cand = os.path.normpath(os.path.join(base, target))
        if cand in files:
            return cand
    return None


def target_unit(resolved):
    kind, name = unit_of(resolved)
    if kind == 'public':
        return 'public', name, (None if name == UMBRELLA else PUBLIC.get(name))
    return kind, name, name if kind == 'lib' else None


def judge(path, resolved):
    """None if @p path may include @p resolved, else the reason."""
    src_kind, src = unit_of(path)
    kind, name, module = target_unit(resolved)
    if kind == 'public' and name != UMBRELLA and module is None:
        return 'public header %s has no module in check_layering.py\'s table' % name
    if src_kind == 'front':
        if kind == 'public' or (kind == src_kind and name == src):
            return None
        return '%s/ uses the public API alone, not %s' % (src, resolved)
    if src_kind == 'public':
        if kind != 'public':
            return 'public headers include only public headers, not %s' % resolved
        if src == UMBRELLA:
            return None
        src_module = PUBLIC[src]
    else:
        src_module = src
        if kind not in ('lib', 'public'):
            return 'lib/ includes nothing from %s/ (%s)' % (name, resolved)
    if kind == 'public' and name == UMBRELLA:
        return '%s -> every module (%s): only front ends include it' % (src_module, UMBRELLA)
    if module == src_module or module in USES[src_module]:
        return None
    uses = ', '.join(sorted(USES[src_module])) or 'nothing'
    return '%s -> %s (%s): %s uses only %s' % (src_module, module, resolved, src_module, uses)


def check_file(path, text, files):
    """Messages for the forbidden includes of one file."""
    src_kind, src = unit_of(path)
    if src_kind == 'lib' and src not in USES:
        return ['%s: lib/%s is not a module of DESIGN.md\'s arrows' % (path, src)]
    if src_kind == 'public' and src != UMBRELLA and src not in PUBLIC:
        return ['%s: public header %s has no module in check_layering.py\'s table' % (path, src)]
    errors = []
    clean = blank_comments(text)
    for m in INCLUDE.finditer(clean):
        line = clean.count('\n', 0, m.start()) + 1
        angle, quoted, other = m.groups()
        if other is not None or (angle is None and quoted is None):
            errors.append('%s:%d: an #include the checker cannot follow' % (path, line))
            continue
        resolved = resolve(path, angle or quoted, angle is not None, files)
        if resolved is None:
            if quoted is not None or angle.startswith('accelsel/'):
                errors.append('%s:%d: %s is no file of the tree' % (path, line, angle or quoted))
            continue
        why = judge(path, resolved)
        if why:
            errors.append('%s:%d: %s' % (path, line, why))
    return errors


def check_meson(path, text):
    """A lib/X/meson.build names source files of lib/X only."""
    here = os.path.dirname(path)
    errors = []
    clean = re.sub(r'#[^\n]*', lambda m: ' ' * len(m.group(0)), text)
    for m in re.finditer(r"'([^'\n]*)'", clean):
        name = m.group(1)
        if not name.endswith(SOURCE_SUFFIXES):
            continue
        where = os.path.normpath(os.path.join(here, name))
        if not where.startswith(here + '/'):
            line = clean.count('\n', 0, m.start()) + 1
            errors.append('%s:%d: %s compiles %s, a file of another module: list it in %s'
                          % (path, line, here, where, os.path.dirname(where) + '/meson.build'))
    return errors


def check_tree(texts, files):
    """Every message for the scanned files @p texts ({path: text}) of a tree of @p files."""
    errors = []
    for path in sorted(texts):
        parts = path.split('/')
        if parts[0] == 'lib' and len(parts) == 3 and parts[2] == 'meson.build':
            errors += check_meson(path, texts[path])
        elif path.endswith(SOURCE_SUFFIXES):
            errors += check_file(path, texts[path], files)
    return errors


def read_tree(root):
    files, texts = set(), {}
    for top in SCANNED + ('tests',):
        for d, subdirs, names in os.walk(os.path.join(root, top)):
            subdirs[:] = [s for s in subdirs if not s.startswith(('.', '__'))]
            for n in names:
                rel = os.path.relpath(os.path.join(d, n), root)
                files.add(rel)
                if top in SCANNED and (rel.endswith(SOURCE_SUFFIXES) or n == 'meson.build'):
                    with open(os.path.join(d, n), encoding='utf-8', errors='replace') as f:
                        texts[rel] = f.read()
    return texts, files


# Self-check: (tree, the fragments each expected message holds). A tree maps
# paths to texts; every path is a file, so includes resolve against the tree.
CASES = [
    ('allowed arrows, a system header, a commented-out include', {
        'lib/perf/a.c': '#include <stdio.h>\n#include "core/alloc.h"\n#include "hw/load.h"\n'
                        '#include "accelsel/predict.h"\n#include "perf/b.h"\n'
                        '/* once:\n#include "map/map_impl.h"\n */\n',
        'lib/perf/b.h': '', 'lib/core/alloc.h': '', 'lib/hw/load.h': '',
        'lib/map/map_impl.h': '', 'include/accelsel/predict.h': '#include <accelsel/catalog.h>\n',
        'include/accelsel/catalog.h': '#include <accelsel/common.h>\n',
        'include/accelsel/common.h': '', 'include/accelsel/map.h': '',
        'include/accelsel/accelsel.h': '#include <accelsel/map.h>\n',
        'examples/cli/x.c': '#include <accelsel/accelsel.h>\n#include "cli.h"\n',
        'examples/cli/cli.h': '', 'lib/data/meson.build': "files('a.c', 'b.h')\n",
    }, []),
    ('perf knows map through its public header', {
        'lib/perf/a.c': '#include <stdint.h>\n#include "accelsel/map.h"\n',
        'include/accelsel/map.h': '',
    }, [['lib/perf/a.c:2:', 'perf -> map']]),
    ('perf knows map through an internal header', {
        'lib/perf/a.c': '#include "map/map_impl.h"\n', 'lib/map/map_impl.h': '',
    }, [['lib/perf/a.c:1:', 'perf -> map']]),
    ('rank knows learn', {
        'lib/rank/a.c': '#include "learn/kmeans.h"\n', 'lib/learn/kmeans.h': '',
    }, [['lib/rank/a.c:1:', 'rank -> learn']]),
    ('the arrows are not transitive', {
        'lib/map/a.c': '#include "perf/x.h"\n#include "data/table.h"\n',
        'lib/perf/x.h': '', 'lib/data/table.h': '',
    }, [['lib/map/a.c:2:', 'map -> data']]),
    ('an arrow up to a module nobody uses', {
        'lib/core/a.c': '#include "data/table.h"\n#include "place/p.h"\n',
        'lib/data/table.h': '', 'lib/place/p.h': '',
    }, [['lib/core/a.c:1:', 'core -> data'], ['lib/core/a.c:2:', 'core -> place']]),
    ('lib/ includes from tests/, examples/ and bindings/', {
        'lib/data/a.c': '#include "../../tests/helpers.h"\n#include "../../examples/cli/cli.h"\n'
                        '#  include "../../bindings/lua/m.h"\n',
        'tests/helpers.h': '', 'examples/cli/cli.h': '', 'bindings/lua/m.h': '',
    }, [['lib/data/a.c:1:', 'tests/'], ['lib/data/a.c:2:', 'examples/'],
        ['lib/data/a.c:3:', 'bindings/']]),
    ('lib/ includes the umbrella header', {
        'lib/select/a.c': '#include <accelsel/accelsel.h>\n', 'include/accelsel/accelsel.h': '',
    }, [['lib/select/a.c:1:', 'only front ends']]),
    ('a public header includes an internal one, and one of a module above it', {
        'include/accelsel/predict.h': '#include "perf/params.h"\n#include <accelsel/map.h>\n',
        'include/accelsel/map.h': '', 'lib/perf/params.h': '',
    }, [['include/accelsel/predict.h:1:', 'only public headers'],
        ['include/accelsel/predict.h:2:', 'perf -> map']]),
    ('front ends reach into lib/', {
        'examples/cli/x.c': '#include "core/alloc.h"\n#include "../../lib/data/table.h"\n',
        'bindings/lua/m.c': '#include "map/map_impl.h"\n#include "../../tests/t.h"\n',
        'lib/core/alloc.h': '', 'lib/data/table.h': '', 'lib/map/map_impl.h': '', 'tests/t.h': '',
    }, [['bindings/lua/m.c:1:', 'public API alone'], ['bindings/lua/m.c:2:', 'public API alone'],
        ['examples/cli/x.c:1:', 'public API alone'], ['examples/cli/x.c:2:', 'public API alone']]),
    ('unknown module, unknown public header, includes that do not resolve', {
        'lib/extra/a.c': '#include "core/alloc.h"\n', 'lib/core/alloc.h': '',
        'include/accelsel/extra.h': '#include <accelsel/common.h>\n',
        'include/accelsel/common.h': '',
        'lib/hw/a.c': '#include "nowhere.h"\n#include <accelsel/nowhere.h>\n#include HEADER\n',
    }, [['include/accelsel/extra.h:', 'no module'], ['lib/extra/a.c:', 'not a module'],
        ['lib/hw/a.c:1:', 'nowhere.h is no file'], ['lib/hw/a.c:2:', 'accelsel/nowhere.h'],
        ['lib/hw/a.c:3:', 'cannot follow']]),
    ('a module compiles another module\'s file', {
        'lib/data/meson.build': "# '../core/old.c' was here\nlib_sources += files(\n"
                                "  '../core/csv_tok.c',\n  'a.c',\n)\n",
    }, [['lib/data/meson.build:3:', 'lib/core/csv_tok.c']]),
]


def self_check():
    """Messages for the cases whose result is not the expected one."""
    failures = []
    for title, tree, expected in CASES:
        got = check_tree(tree, set(tree))
        ok = len(got) == len(expected) and all(
            all(frag in msg for frag in frags) for msg, frags in zip(sorted(got), expected))
        if not ok:
            failures.append('self-check "%s": expected %s, got %s' % (title, expected, got))
    return failures


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    failures = self_check()
    if failures:
        print('\n'.join(failures + ['the checker itself is wrong: the tree was not checked']))
        return 1
    failures = check_tree(*read_tree(sys.argv[1]))
    for msg in failures:
        print(msg)
    if failures:
        print('%d forbidden include(s) or build line(s); DESIGN.md\'s arrows: %s'
              % (len(failures), '; '.join('%s uses %s' % (m, ', '.join(sorted(u)) or 'nothing')
                                          for m, u in USES.items())))
        return 1
    print('layering: %d cases of the checker and the tree pass' % len(CASES))
    return 0


if __name__ == '__main__':
    sys.exit(main())
