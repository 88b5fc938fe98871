#!/usr/bin/env python3
"""The shared library exports exactly the functions the public headers declare
with ACCELSEL_API, all prefixed accelsel_, all listed in lib/accelsel.sym; and
every one of them has its API contract tested in tests/test_api*.c; and the
library holds no writable data besides the three pieces of state DESIGN.md
allows (the allocator, the thread-local error, the once-made C locale), and
imports nothing that prints or ends the process.

usage: check_symbols.py LIBACCELSEL.so SOURCE_ROOT
"""
import glob
import os
import re
import subprocess
import sys


def exported(lib):
    out = subprocess.run(['nm', '-D', '--defined-only', lib], check=True, capture_output=True,
                         text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in 'TtDdBbRrVvWwi':
            names.add(parts[2].split('@')[0])
    # Version node names appear as absolute symbols.
    return {n for n in names if not n.startswith('ACCELSEL_')}


def declared(root):
    decl = re.compile(r'ACCELSEL_API\b[^;{]*?\b(accelsel_[A-Za-z0-9_]+)\s*\(', re.S)
    names = set()
    for path in glob.glob(os.path.join(root, 'include', 'accelsel', '*.h')):
        names.update(decl.findall(open(path).read()))
    return names


def listed(root):
    text = open(os.path.join(root, 'lib', 'accelsel.sym')).read()
    return set(re.findall(r'\b(accelsel_[A-Za-z0-9_]+)\s*;', text))


def contract_tested(root):
    """Functions named in tests/test_api*.c outside comments."""
    text = ''.join(open(path).read()
                   for path in sorted(glob.glob(os.path.join(root, 'tests', 'test_api*.c'))))
    text = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S)
    return set(re.findall(r'\b(accelsel_[A-Za-z0-9_]+)\b', text))


# Writable objects allowed in the library: the allocator configuration
# (alloc.c), the thread-local error (error.c), the once-initialised C locale
# (numparse.c), and what the C runtime adds.
ALLOWED_STATE = {'active', 'tls_error', 'c_locale', 'c_locale_once',
                 'completed', '__dso_handle', '__TMC_END__'}


def writable_objects(lib):
    """Names of data objects in writable sections (None if the library has no symbol table)."""
    out = subprocess.run(['objdump', '-t', lib], check=True, capture_output=True, text=True).stdout
    if 'no symbols' in out:
        return None
    names = set()
    for line in out.splitlines():
        parts = line.split()
        section = next((p for p in parts[1:] if p.startswith('.') or p == '*UND*'), '')
        tls = section.startswith(('.tdata', '.tbss'))
        writable = re.match(r'\.(data|bss)', section) and not section.startswith('.data.rel.ro')
        # Sanitizer builds add their own bookkeeping objects.
        instrumentation = bool(parts) and parts[-1].startswith(('__odr_asan', '__asan', '__ubsan', '__sancov'))
        if (tls or (writable and ' O ' in line.replace('\t', ' '))) and len(parts) >= 4 \
                and not instrumentation:
            names.add(parts[-1].split('.')[0])
    return names


# The library never prints and never ends the process (assert's handler aside:
# internal invariants only).
FORBIDDEN_IMPORTS = {'printf', 'vprintf', 'fprintf', 'vfprintf', 'dprintf', 'puts', 'putchar',
                     'perror', 'stdout', 'stderr', 'exit', '_exit', '_Exit', 'quick_exit',
                     'abort', 'system'}


def imported(lib):
    out = subprocess.run(['nm', '-D', '--undefined-only', lib], check=True, capture_output=True,
                         text=True).stdout
    return {line.split()[-1].split('@')[0] for line in out.splitlines() if line.strip()}


def main():
    lib, root = sys.argv[1], sys.argv[2]
    exp, dec, lst = exported(lib), declared(root), listed(root)
    problems = []
    bad = sorted(n for n in exp if not n.startswith('accelsel_'))
    if bad:
        problems.append('exported without the accelsel_ prefix: ' + ', '.join(bad))
    if exp - dec:
        problems.append('exported but not declared ACCELSEL_API in include/: ' + ', '.join(sorted(exp - dec)))
    if dec - exp:
        problems.append('declared but not exported (missing definition or version script): ' + ', '.join(sorted(dec - exp)))
    if dec != lst:
        problems.append('lib/accelsel.sym differs from the headers (run tools/gen-symbols.py): '
                        + ', '.join(sorted(dec ^ lst)))
    untested = dec - contract_tested(root)
    if untested:
        problems.append('declared but without a contract test in tests/test_api*.c: '
                        + ', '.join(sorted(untested)))
    bad_imports = imported(lib) & FORBIDDEN_IMPORTS
    if bad_imports:
        problems.append('the library imports functions that print or exit: '
                        + ', '.join(sorted(bad_imports)))
    state = writable_objects(lib)
    if state is not None and state - ALLOWED_STATE:
        problems.append('writable global or static data in the library (make it const or per call): '
                        + ', '.join(sorted(state - ALLOWED_STATE)))
    for p in problems:
        print(p)
    print('%d exported symbols checked' % len(exp))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
