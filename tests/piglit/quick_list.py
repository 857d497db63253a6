#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prints, as a list for piglit.py, the tests of Debian's Piglit quick
profile whose names start with one of the given prefixes.

    python3 tests/piglit/quick_list.py 'spec@!opengl 1.0@' 'spec@arb_vertex_buffer_object@'

Each line is what piglit.py runs: a shader_test path or bin/NAME ARGS;
with --window, window:bin/NAME ARGS for the tests the profile does not run
concurrently (Piglit's own runner gives those a window, without -fbo).
"""

import argparse
import ast
import gzip
import os
import shlex
import sys
import xml.etree.ElementTree as ET

from piglit_common import find_piglit


def tests_of(piglit, prefixes, window=False):
    path = os.path.join(piglit, 'tests', 'quick_gl.xml.gz')
    with gzip.open(path) as f:
        root = ET.parse(f).getroot()
    for test in root.iter('Test'):
        name = test.get('name')
        if not any(name.startswith(p) for p in prefixes):
            continue
        command = None
        concurrent = True
        for opt in test.iter('option'):
            if opt.get('name') == 'command':
                command = ast.literal_eval(opt.get('value'))
            elif opt.get('name') == 'run_concurrent':
                concurrent = opt.get('value') == 'True'
        if not command:
            continue
        if test.get('type') == 'shader' or command[0].startswith('shader_runner'):
            files = [a for a in command if a.endswith('.shader_test')]
            if files:
                yield name, files[0]
            continue
        line = 'bin/' + ' '.join(shlex.quote(a) for a in command)
        yield name, 'window:' + line if window and not concurrent else line


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--piglit', default=None)
    ap.add_argument('--names', action='store_true',
                    help='print the profile name before each command')
    ap.add_argument('--window', action='store_true',
                    help='mark the tests not run concurrently as window:')
    ap.add_argument('prefix', nargs='+')
    args = ap.parse_args()
    piglit = args.piglit or find_piglit()
    for name, line in tests_of(piglit, args.prefix, args.window):
        print(f'{name}\t{line}' if args.names else line)
    return 0


if __name__ == '__main__':
    sys.exit(main())
