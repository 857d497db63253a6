#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of ir_algebraic_gen.py: the notation's parts are understood,
malformed rules are rejected with a message naming the problem, and the
output for the real table (ir_opt_algebraic.py) is deterministic.
Prints TAP.

    ir_algebraic_gen_test.py ir_algebraic_gen.py ir_opt_algebraic.py
"""

import importlib.util
import os
import subprocess
import sys
import tempfile


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main():
    gen_path, table_path = sys.argv[1], sys.argv[2]
    gen = load('ir_algebraic_gen', gen_path)
    results = []

    def check(name, ok):
        results.append((name, bool(ok)))

    def rejects(name, rule, words):
        """@p rule must be rejected with a message holding @p words."""
        try:
            gen.parse_rules([rule])
            check(f'rejects {name}', False)
        except gen.RuleError as e:
            msg = str(e)
            ok = all(w in msg for w in words) and msg.startswith('rule 0')
            if not ok:
                print(f'# message was: {msg}')
            check(f'rejects {name}', ok)

    # --- The notation ------------------------------------------------------
    r = gen.parse_rules([(('~fmul', '#a@16(is_not_zero)', 1.0),
                          ('fneg', 'a'), 'cond')])[0]
    v = r.search.srcs[0]
    check('variable forms combine',
          v.name == 'a' and v.const_only and v.bits == 16 and
          v.pred == 'is_not_zero')
    check('~ makes the rule inexact', r.inexact and r.search.inexact)
    check('condition kept', r.cond == 'cond')
    check('float literal typed by its input',
          isinstance(r.search.srcs[1], gen.Const) and
          r.search.srcs[1].kind == 'float')
    check('commutative root gets a commutation slot', r.search.comm == 0)
    r = gen.parse_rules([(('fmul', 'a', 'a'), 'a')])[0]
    check('identical commutative sources need no swap', r.search.comm is None)
    r = gen.parse_rules([(('fadd', 'a', -0.0), 'a'),
                         (('fadd', 'a', 0.0), 'a')])
    check('-0.0 and 0.0 stay different literals',
          str(r[0].search.srcs[1].value) == '-0.0' and
          str(r[1].search.srcs[1].value) == '0.0')
    r = gen.parse_rules([(('bcsel', True, 'a', 'b'), 'a')])[0]
    check('bool literal for the bcsel condition',
          r.search.srcs[0].kind == 'bool')
    r = gen.parse_rules([(('u2u@64', ('u2u@32', 'a@16')), ('u2u', 'a'))])[0]
    check('opcode bit sizes', r.search.bits == 64 and
          r.search.srcs[0].bits == 32)
    check('rule text', r.text() == 'u2u@64(u2u@32(a@16)) -> u2u(a)')

    # --- Malformed rules ---------------------------------------------------
    rejects('unknown opcode', (('fadx', 'a', 'b'), 'a'), ['unknown opcode',
                                                          'fadx'])
    rejects('too few sources', (('fadd', 'a'), 'a'), ['fadd takes 2',
                                                      'not 1'])
    rejects('too many sources', (('fneg', 'a', 'b'), 'a'), ['fneg takes 1'])
    rejects('wrong source count in the replacement',
            (('fneg', 'a'), ('fadd', 'a')), ['replacement', 'fadd takes 2'])
    rejects('unbound replacement variable', (('fneg', 'a'), 'b'),
            ['"b"', 'not bound'])
    rejects('unbound nested replacement variable',
            (('fneg', 'a'), ('fadd', 'a', 'c')), ['"c"', 'not bound'])
    rejects('integer literal for a float input', (('fmul', 'a', 1), 'a'),
            ['integer literal', 'float'])
    rejects('float literal for an integer input', (('imul', 'a', 1.0), 'a'),
            ['float literal', 'int'])
    rejects('NaN literal', (('fadd', 'a', float('nan')), 'a'), ['NaN'])
    rejects('bad bit size', (('fneg', 'a@7'), 'a'), ['7', 'bit size'])
    rejects('float opcode at 8 bits', (('fneg@8', 'a'), 'a'), ['8 bits'])
    rejects('conflicting variable sizes',
            (('fadd', 'a@16', ('fneg', 'a@32')), 'a'), ['variable a'])
    rejects('nesting through a horizontal opcode',
            (('fdot2', ('fneg', 'a'), 'b'), 'a'), ['per-component'])
    rejects('nesting a horizontal opcode',
            (('fneg', ('fdot2', 'a', 'b')), 'a'), ['per-component'])
    rejects('~ in a replacement', (('fneg', 'a'), ('~fabs', 'a')),
            ['only marks patterns'])
    rejects('constraints on a replacement variable',
            (('fneg', 'a'), '#a'), ['plain names'])
    rejects('nested conversion without a size',
            (('fneg', 'a'), ('f2f', ('f2f', 'a'))), ['needs a bit size'])
    rejects('bad variable syntax', (('fneg', 'A!'), 'A!'), ['no variable'])
    rejects('bad condition', (('fneg', 'a'), 'a', 'not a name'),
            ['condition'])
    rejects('not a tuple', ['fneg', 'a'], ['(pattern, replacement'])
    rejects('variable as the pattern root', ('a', 'a'), ['opcode tuple'])

    # --- The real table and the command line ------------------------------
    rules = gen.parse_rules(gen.load_rules(table_path))
    check('the table parses', len(rules) >= 60)
    check('the table has exact and inexact rules',
          any(r.inexact for r in rules) and not all(r.inexact for r in rules))
    with tempfile.TemporaryDirectory() as d:
        outs = [os.path.join(d, 'a.h'), os.path.join(d, 'b.h')]
        ok = all(subprocess.run([sys.executable, gen_path, table_path, o])
                 .returncode == 0 for o in outs)
        texts = [open(o).read() for o in outs] if ok else ['', 'x']
        check('output is deterministic', ok and texts[0] == texts[1])
        check('output names every rule',
              texts[0].count('.text = ') == len(rules))
        bad = os.path.join(d, 'bad.py')
        with open(bad, 'w') as f:
            f.write("RULES = [(('fadd', 'a', 'b'), 'c')]\n")
        p = subprocess.run([sys.executable, gen_path, bad,
                            os.path.join(d, 'c.h')],
                           capture_output=True, text=True)
        check('a bad table fails the build with a message',
              p.returncode == 1 and 'not bound' in p.stderr and
              not os.path.exists(os.path.join(d, 'c.h')))
    p = subprocess.run([sys.executable, gen_path, '--help'],
                       capture_output=True, text=True)
    check('--help', p.returncode == 0 and 'RULES.py' in p.stdout)

    print(f'1..{len(results)}')
    for i, (name, ok) in enumerate(results, 1):
        print(f'{"ok" if ok else "not ok"} {i} - {name}')
    return 0 if all(ok for _, ok in results) else 1


if __name__ == '__main__':
    sys.exit(main())
