#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks that every C file under src/, tests/ and bench/ is formatted as
.clang-format says.  Prints TAP: one test case for the whole tree, with a
diagnostic line per badly formatted file."""

import os
import subprocess
import sys


def c_files(root):
    for top in ('src', 'tests', 'bench'):
        for folder, dirs, names in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(names):
                if name.endswith(('.c', '.h')):
                    yield os.path.join(folder, name)


def main():
    if len(sys.argv) != 3 or sys.argv[1] in ('-h', '--help'):
        print('usage: check_format.py CLANG-FORMAT SOURCE-ROOT')
        return 2
    clang_format, root = sys.argv[1], sys.argv[2]
    files = list(c_files(root))
    print('1..1')
    bad = []
    for path in files:
        r = subprocess.run([clang_format, '--dry-run', '-Werror',
                            '--style=file', path],
                           capture_output=True, text=True)
        if r.returncode != 0:
            bad.append(os.path.relpath(path, root))
            for line in r.stderr.splitlines()[:10]:
                print(f'# {line}')
    if bad:
        print(f'not ok 1 - {len(bad)} of {len(files)} files need '
              f'clang-format -i: {" ".join(bad)}')
        return 1
    print(f'ok 1 - {len(files)} files formatted')
    return 0


if __name__ == '__main__':
    sys.exit(main())
