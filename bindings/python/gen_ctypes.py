#!/usr/bin/env python3
"""Write the binding's ctypes module from libaccelsel's public headers.

usage: gen_ctypes.py OUTPUT HEADER...

OUTPUT (accelsel/_ctypes_gen.py) holds every public struct of the headers as
a ctypes.Structure named as in C (accelsel_csv_options), every callback
typedef as a ctypes.CFUNCTYPE, every integer #define as a constant
(ACCELSEL_EPARSE = -4), CONSTANTS (the same, in header order) and
SIZE_FUNCTIONS (struct name -> its accelsel_*_size(), which the binding
checks at import). Meson runs it at build time (bindings/python/accelsel/
meson.build), setup.py when pip builds the package; nothing else writes it.

The public headers follow one style: constants are #defines, structs
`typedef struct accelsel_x { ... } accelsel_x;`, handles
`typedef struct accelsel_x accelsel_x;`, callbacks
`typedef RET (*accelsel_x_fn)(PARAMS);`. A construct outside that style (an
enum, a field type it does not know) stops the generator with the header's
name rather than writing a wrong layout. tests/python/test_binding.py reads
the headers through this module's parser too (one parser of the headers).
"""
import collections
import keyword
import os
import re
import sys

# C scalar types and their ctypes.
SCALARS = {
    'int': 'c_int', 'unsigned int': 'c_uint', 'size_t': 'c_size_t', 'double': 'c_double',
    'char': 'c_char', 'uint8_t': 'c_uint8', 'int32_t': 'c_int32', 'uint32_t': 'c_uint32',
    'int64_t': 'c_int64', 'uint64_t': 'c_uint64',
}

# One field of a struct: its C base type (const and stars removed), the
# number of stars, the array length (a number or a macro; None for no
# array), and for a function pointer declared in place, its return and
# parameter declarations (None otherwise).
Field = collections.namedtuple('Field', 'name base stars count function')
Function = collections.namedtuple('Function', 'ret params')

_DECL = re.compile(r'ACCELSEL_API\s+([^;{]*?)\b(accelsel_\w+)\s*\(((?:[^()]|\([^()]*\)\s*\([^()]*\))*)\)\s*;')
_STRUCT = re.compile(r'typedef\s+struct\s+(accelsel_\w+)\s*\{(.*?)\}\s*\1\s*;', re.S)
_HANDLE = re.compile(r'typedef\s+struct\s+(accelsel_\w+)\s+\1\s*;')
_CALLBACK = re.compile(r'typedef\s+([^;()]*?)\(\s*\*\s*(accelsel_\w+)\s*\)\s*\(([^()]*)\)\s*;')
_POINTER_TO_FUNCTION = re.compile(r'(.*?)\(\s*\*\s*(\w+)\s*\)\s*\((.*)\)', re.S)
_INTEGER = re.compile(r'\(?\s*(-?(?:0[xX][0-9a-fA-F]+|\d+))[uU]?\s*\)?')


class HeaderError(Exception):
    """A header holds what the generator does not translate."""


class Headers:
    """What the public headers declare, parsed from their text (comments
    removed, continued lines joined), each file in the order given.

    macros: {name: int} of the integer #defines (a macro defined as another
    integer macro included), in header order; structs: {name: [Field]} in
    header order; handles: the opaque handle types; callbacks: {typedef
    name: Function}; prototypes: {function name: Function}; origin: {struct
    or callback name: the header's file name}."""

    def __init__(self, paths):
        self.macros = {}
        self.structs = {}
        self.handles = set()
        self.callbacks = {}
        self.prototypes = {}
        self.origin = {}
        for path in paths:
            with open(path, encoding='utf-8') as f:
                self._read(os.path.basename(path), f.read())

    def _read(self, name, text):
        text = re.sub(r'/\*.*?\*/|//[^\n]*', ' ', text, flags=re.S).replace('\\\n', ' ')
        if re.search(r'\benum\b', text):
            raise HeaderError('%s: an enum; the public headers define their constants with '
                              '#define, which this generator reads' % name)
        for m in re.finditer(r'^\s*#\s*define\s+(ACCELSEL_\w+)[ \t]+(.+?)\s*$', text, re.M):
            value = m.group(2)
            number = _INTEGER.fullmatch(value)
            if number:
                self.macros[m.group(1)] = int(number.group(1), 0)
            elif value in self.macros:
                self.macros[m.group(1)] = self.macros[value]
        self.handles.update(_HANDLE.findall(text))
        for m in _CALLBACK.finditer(text):
            self.callbacks[m.group(2)] = Function(_squeeze(m.group(1)), _params(m.group(3)))
            self.origin[m.group(2)] = name
        for m in _STRUCT.finditer(text):
            self.structs[m.group(1)] = [f for decl in m.group(2).split(';') if decl.strip()
                                        for f in _fields(decl)]
            self.origin[m.group(1)] = name
        for m in _DECL.finditer(text):
            self.prototypes[m.group(2)] = Function(_squeeze(m.group(1)), _params(m.group(3)))


def _squeeze(text):
    return ' '.join(text.split())


def _params(text):
    """A parameter list as declarations; () and (void) as none."""
    text = text.strip()
    if text in ('', 'void'):
        return []
    return [_squeeze(p) for p in re.split(r',(?![^()]*\))', text)]


def _fields(decl):
    """The fields of one declaration ('uint32_t a, b', 'double x[N]',
    'void *(*f)(size_t n, void *p)')."""
    decl = _squeeze(decl)
    pf = _POINTER_TO_FUNCTION.fullmatch(decl)
    if pf:
        return [Field(pf.group(2), None, 0, None, Function(_squeeze(pf.group(1)), _params(pf.group(3))))]
    first, *more = [d.strip() for d in decl.split(',')]
    m = re.fullmatch(r'(.*?)(\w+)\s*(?:\[(\w+)\])?', first)
    base, stars = _base(m.group(1))
    fields = [Field(m.group(2), base, stars, m.group(3), None)]
    # Each further declarator has its own stars and array length ('*b', 'c[N]').
    for d in more:
        dm = re.fullmatch(r'([*\s]*)(\w+)\s*(?:\[(\w+)\])?', d)
        fields.append(Field(dm.group(2), base, dm.group(1).count('*'), dm.group(3), None))
    return fields


def _base(decl):
    """(base type, number of stars) of a declaration without its name."""
    return ' '.join(decl.replace('*', ' ').replace('const', ' ').split()), decl.count('*')


class _Writer:
    """The Python text of each C type the headers use, as ctypes spells it."""

    def __init__(self, headers):
        self.h = headers

    def scalar(self, base, where):
        if base not in SCALARS:
            raise HeaderError('%s: type %r is not one the generator knows' % (where, base))
        return 'ctypes.' + SCALARS[base]

    def type(self, base, stars, where):
        """A declaration's type: base with stars."""
        if stars == 0:
            if base in self.h.structs:
                return base
            if base in self.h.callbacks:
                return base
            return self.scalar(base, where)
        if base == 'void' and stars == 1:
            return 'ctypes.c_void_p'
        if base in self.h.handles:
            # A handle is an opaque pointer; a pointer to one is an out parameter.
            return 'ctypes.c_void_p' if stars == 1 else 'ctypes.POINTER(ctypes.c_void_p)'
        if base == 'char':
            inner = 'ctypes.c_char_p'
        elif base in self.h.structs:
            inner = 'ctypes.POINTER(%s)' % base
        else:
            inner = 'ctypes.POINTER(%s)' % self.scalar(base, where)
        for _ in range(stars - 1):
            inner = 'ctypes.POINTER(%s)' % inner
        return inner

    def declaration(self, decl, where):
        """The type of a declaration: a return type, or a parameter with its name."""
        base, stars = _base(unnamed(decl))
        return 'None' if (base, stars) == ('void', 0) else self.type(base, stars, where)

    def function(self, f, where):
        return 'ctypes.CFUNCTYPE(%s)' % ', '.join(
            [self.declaration(f.ret, where)] + [self.declaration(p, where) for p in f.params])

    def field(self, struct, f):
        where = '%s.%s' % (struct, f.name)
        if f.function is not None:
            t = self.function(f.function, where)
        else:
            t = self.type(f.base, f.stars, where)
        if f.count is not None:
            count = int(f.count) if f.count.isdigit() else self.h.macros.get(f.count)
            if count is None:
                raise HeaderError('%s: array length %s is no integer macro' % (where, f.count))
            t = '%s * %d' % (t, count)
        return '(%r, %s)' % (python_name(f.name), t)


def unnamed(decl):
    """A parameter declaration without its name ('const char *name' -> 'const
    char *'); a return type as it is."""
    if decl.rstrip().endswith('*') or len(decl.replace('unsigned ', 'unsigned_').split()) == 1:
        return decl
    return re.sub(r'\w+\s*$', '', decl)


def python_name(field):
    """A field's name in Python: C's, with '_' after a Python keyword ('global_')."""
    return field + '_' if keyword.iskeyword(field) else field


def _struct_order(headers):
    """Structs in header order, each after the structs it holds or points to."""
    done, order = set(), []

    def visit(name):
        if name not in done:
            done.add(name)
            for f in headers.structs[name]:
                if f.base in headers.structs:
                    visit(f.base)
            order.append(name)
    for name in headers.structs:
        visit(name)
    return order


def render(headers):
    """The text of the generated module."""
    w = _Writer(headers)
    out = ['"""ctypes declarations of libaccelsel\'s public headers (include/accelsel/*.h).',
           '',
           'Generated by bindings/python/gen_ctypes.py at build time: do not edit."""',
           'import ctypes', '', '# Integer constants (#define), in header order.']
    out += ['%s = %d' % item for item in headers.macros.items()]
    out += ['', 'CONSTANTS = {'] + ['    %r: %s,' % (n, n) for n in headers.macros] + ['}', '',
                                                                                  '# Callback types.']
    out += ['%s = %s  # %s' % (name, w.function(f, name), headers.origin[name])
            for name, f in headers.callbacks.items()]
    for name in _struct_order(headers):
        out += ['', '', 'class %s(ctypes.Structure):' % name,
                '    """%s of accelsel/%s."""' % (name, headers.origin[name]),
                '    _fields_ = [']
        out += ['        %s,' % w.field(name, f) for f in headers.structs[name]]
        out += ['    ]']
    sized = ['%s_size' % s for s in headers.structs if '%s_size' % s in headers.prototypes
             and not headers.prototypes['%s_size' % s].params]
    out += ['', '', '# Each struct with an accelsel_*_size() function: the binding checks',
            '# ctypes.sizeof() against it at import.',
            'SIZE_FUNCTIONS = {'] + ['    %s: %r,' % (f[:-len('_size')], f) for f in sized] + ['}', '']
    return '\n'.join(out)


def main(argv):
    if len(argv) < 3:
        sys.exit('usage: gen_ctypes.py OUTPUT HEADER...')
    try:
        text = render(Headers(sorted(argv[2:], key=os.path.basename)))
    except HeaderError as e:
        sys.exit('gen_ctypes.py: %s' % e)
    tmp = argv[1] + '.tmp'
    with open(tmp, 'w', encoding='utf-8') as f:
        f.write(text)
    os.replace(tmp, argv[1])


if __name__ == '__main__':
    main(sys.argv)
