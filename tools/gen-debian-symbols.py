#!/usr/bin/env python3
"""Write debian/libaccelsel1.symbols from the version script lib/accelsel.sym.

usage: gen-debian-symbols.py lib/accelsel.sym > debian/libaccelsel1.symbols

Each node ACCELSEL_X.Y of the script is the release X.Y.0 that introduced its
symbols; every symbol is listed with its node, and the node name itself too
(as dpkg-gensymbols sees it), so that a dependency on any function is a
dependency on the release that added it.
"""
import re
import sys

SONAME = 'libaccelsel.so.1'
PACKAGE = 'libaccelsel1'


def nodes(text):
    """(node name, [symbols]) for each node, in the script's order."""
    text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
    for name, body in re.findall(r'([\w.]+)\s*\{(.*?)\}', text, flags=re.S):
        body = body.split('local:')[0].replace('global:', '')
        yield name, [s.strip() for s in body.split(';') if s.strip()]


def release(node):
    m = re.fullmatch(r'ACCELSEL_(\d+)\.(\d+)', node)
    if not m:
        sys.exit('gen-debian-symbols: node %r is not ACCELSEL_X.Y' % node)
    return '%s.%s.0' % m.groups()


def main():
    with open(sys.argv[1], encoding='utf-8') as f:
        text = f.read()
    print('%s %s #MINVER#' % (SONAME, PACKAGE))
    for node, symbols in nodes(text):
        print(' %s@%s %s' % (node, node, release(node)))
        for s in sorted(symbols):
            print(' %s@%s %s' % (s, node, release(node)))


if __name__ == '__main__':
    main()
