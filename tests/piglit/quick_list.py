#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prints, as a list for piglit.py, the tests of Debian's Piglit quick
profile whose names start with one of the given prefixes.

    python3 tests/piglit/quick_list.py 'spec@!opengl 1.0@' 'spec@arb_vertex_buffer_object@'

Each line is what piglit.py runs: a shader_test path, or bin/NAME ARGS.
"""

import argparse
import ast
import gzip
import os
import shlex
import sys
import xml.etree.ElementTree as ET

from piglit_common import find_piglit


def tests_of(piglit, prefixes):
    path = os.path.join(piglit, 'tests', 'quick_gl.xml.gz')
    with gzip.open(path) as f:
        root = ET.parse(f).getroot()
    for test in root.iter('Test'):
        name = test.get('name')
        if not any(name.startswith(p) for p in prefixes):
            continue
        command = None
        for opt in test.iter('option'):
            if opt.get('name') == 'command':
                command = ast.literal_eval(opt.get('value'))
        if not command:
            continue
        if test.get('type') == 'shader' or command[0].startswith('shader_runner'):
            files = [a for a in command if a.endswith('.shader_test')]
            if files:
                yield name, files[0]
            continue
        yield name, 'bin/' + ' '.join(shlex.quote(a) for a in command)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--piglit', default=None)
    ap.add_argument('--names', action='store_true',
                    help='print the profile name before each command')
    ap.add_argument('prefix', nargs='+')
    args = ap.parse_args()
    piglit = args.piglit or find_piglit()
    for name, line in tests_of(piglit, args.prefix):
        print(f'{name}\t{line}' if args.names else line)
    return 0


if __name__ == '__main__':
    sys.exit(main())
