#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of ir_opcodes_gen.py: deterministic output, the size-variable
rules that the constant evaluator depends on, and rejection of duplicate
names.  Prints TAP."""

import importlib.util
import os
import subprocess
import sys
import tempfile


def load(path):
    spec = importlib.util.spec_from_file_location('ir_opcodes_gen', path)
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
        same = all(open(os.path.join(a, f)).read() ==
                   open(os.path.join(b, f)).read()
                   for f in sorted(os.listdir(a)))
        check('output is deterministic', same and len(os.listdir(a)) == 5)

    ops = {o.name: o for o in gen.OPS}
    # fadd: one size variable shared by inputs and output.
    check('fadd has one size variable', ops['fadd'].vars == ['float'])
    # flt: float inputs, bool output: two variables.
    check('flt sizes inputs and output separately',
          ops['flt'].vars == ['float', 'bool'])
    # f2f: a width conversion gets its own output variable.
    check('f2f output has its own size', ops['f2f'].vars == ['float', 'float']
          and ops['f2f'].is_conversion)
    check('fadd is no conversion', not ops['fadd'].is_conversion)
    # bcsel: bool condition and a shared size for the selected values.
    check('bcsel size variables', ops['bcsel'].vars == ['bool', 'int'] and
          ops['bcsel'].out_var == 1)
    # ishl: the shift count is fixed at 32 bits.
    check('ishl count is fixed', ops['ishl'].in_var == [0, None])

    gen.OPS.append(gen.OPS[0])
    try:
        gen.check()
        check('duplicate names are rejected', False)
    except SystemExit as e:
        check('duplicate names are rejected', 'duplicate' in str(e))
    gen.OPS.pop()

    print(f'1..{len(results)}')
    for i, (name, ok) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {name}')
    return 0 if all(ok for _, ok in results) else 1


if __name__ == '__main__':
    sys.exit(main())
