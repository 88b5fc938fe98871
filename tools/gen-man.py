#!/usr/bin/env python3
"""Write the manual page accelsel(1) from the tool's own --help texts.

usage: gen-man.py ACCELSEL OUTPUT

The page has a NAME, a SYNOPSIS and a COMMANDS section with one subsection per
command that `accelsel --help` lists, each holding that command's --help text
verbatim, so the page can never disagree with the tool.
"""
import re
import subprocess
import sys


def help_text(tool, *args):
    out = subprocess.run([tool, *args, '--help'], check=True, capture_output=True, text=True)
    return out.stdout


def escape(line):
    # troff: a backslash starts an escape, and a line starting with . or '
    # would be read as a request.
    line = line.replace('\\', '\\e')
    if line.startswith(('.', "'")):
        line = '\\&' + line
    return line


def verbatim(text):
    body = '\n'.join(escape(l) for l in text.rstrip('\n').split('\n'))
    return '.nf\n.ft CR\n' + body + '\n.ft R\n.fi\n'


def main():
    tool, output = sys.argv[1], sys.argv[2]
    version = subprocess.run([tool, '--version'], check=True, capture_output=True,
                             text=True).stdout.split()[-1]
    top = help_text(tool)
    commands = re.findall(r'^  (\S+)\s+(.*)$', top.split('commands:', 1)[1], re.M)
    page = ['.TH ACCELSEL 1 "" "accelsel %s" "User Commands"' % version,
            '.SH NAME',
            'accelsel \\- choose accelerator hardware for deep-learning training',
            '.SH SYNOPSIS',
            verbatim(top.split('\n\n', 1)[0]),
            '.SH DESCRIPTION',
            verbatim(top.split('\n\n', 1)[1]),
            '.SH COMMANDS']
    for name, summary in commands:
        page.append('.SS %s' % escape(name))
        page.append(escape(summary))
        page.append('.PP')
        page.append(verbatim(help_text(tool, name)))
    page += ['.SH EXIT STATUS',
             '0 on success, 1 when the library reports an error, 2 for a usage error.',
             '.SH SEE ALSO',
             'The README of libaccelsel, and pkg-config(1) for building against the library.']
    with open(output, 'w', encoding='utf-8') as f:
        f.write('\n'.join(page) + '\n')


if __name__ == '__main__':
    main()
