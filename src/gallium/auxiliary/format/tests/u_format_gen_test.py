#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of u_format_gen.py: deterministic output, --help, and rejection of
inconsistent format descriptions.  Prints TAP."""

import copy
import importlib.util
import os
import subprocess
import sys
import tempfile


def load(path):
    spec = importlib.util.spec_from_file_location('u_format_gen', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    gen_path = sys.argv[1]
    gen = load(gen_path)
    results = []

    def check(name, ok):
        results.append((name, bool(ok)))

    with tempfile.TemporaryDirectory() as a, \
            tempfile.TemporaryDirectory() as b:
        subprocess.run([sys.executable, gen_path, a], check=True)
        subprocess.run([sys.executable, gen_path, b], check=True)
        names = sorted(os.listdir(a))
        same = names == sorted(os.listdir(b)) and all(
            open(os.path.join(a, f)).read() == open(os.path.join(b, f)).read()
            for f in names)
        check('output is deterministic', same and
              names == ['u_format_table.c', 'u_format_table.h'])

    r = subprocess.run([sys.executable, gen_path, '--help'],
                       capture_output=True, text=True)
    check('--help prints usage', r.returncode == 0 and 'OUTDIR' in r.stdout)
    r = subprocess.run([sys.executable, gen_path], capture_output=True)
    check('missing OUTDIR is an error', r.returncode == 2)

    gen.check()
    check('formats.py passes its checks', True)
    check('enum order follows formats.py',
          gen.FORMATS[0].name == 'R8_UNORM' and
          len({f.name for f in gen.FORMATS}) == len(gen.FORMATS))

    def rejects(name, mutate, message):
        saved = gen.FORMATS
        gen.FORMATS = copy.deepcopy(saved)
        mutate(gen.FORMATS)
        try:
            gen.check()
            check(name, False)
        except SystemExit as e:
            check(name, message in str(e))
        gen.FORMATS = saved

    def by_name(fs, n):
        return next(f for f in fs if f.name == n)

    rejects('duplicate names are rejected',
            lambda fs: fs.append(fs[0]), 'duplicate')
    rejects('block size must match channel bits',
            lambda fs: setattr(by_name(fs, 'R8G8_UNORM'), 'block_bits', 24),
            'block bits')
    rejects('swizzle must name existing channels',
            lambda fs: setattr(by_name(fs, 'R8_UNORM'), 'swizzle', 'xy01'),
            'missing channel')
    def widen_g(fs):
        f = by_name(fs, 'R8G8_UNORM')
        f.channels[1].size = 16
        f.block_bits = 24

    rejects('array channels share one size', widen_g, 'array channels')
    rejects('64-bit channels are array floats only',
            lambda fs: setattr(by_name(fs, 'R64G64_FLOAT').channels[1],
                               'type', 'UNORM'),
            'over 32 bits')
    rejects('integer and normalised channels do not mix',
            lambda fs: setattr(by_name(fs, 'R8G8_UINT').channels[1],
                               'type', 'UNORM'),
            'integer channels')
    rejects('stencil must be uint8',
            lambda fs: setattr(
                by_name(fs, 'Z24_UNORM_S8_UINT').channels[1], 'type',
                'UNORM'),
            'stencil')

    print(f'1..{len(results)}')
    for i, (name, ok) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {name}')
    return 0 if all(ok for _, ok in results) else 1


if __name__ == '__main__':
    sys.exit(main())
