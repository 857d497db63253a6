#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes one test shader per rule of an algebraic rule table, for the
differential test in ir_opt_algebraic_test.c.

    ir_algebraic_instances.py RULES.py ir_algebraic_gen.py OUTPUT.h

Each rule's pattern becomes a fragment shader computing it: variables are
loaded with load_input (each from its own pair of slots, read through a
rotated swizzle), '#' and predicate variables become load_consts that
satisfy the predicate, literals become scalar load_consts read through a
replicating swizzle, and the root's value goes to output slot 0.  Bit sizes
are inferred from the opcodes (unsized operands of one class share a size,
fixed ones are fixed, '@N' is obeyed, the rest is 32 bits and booleans 1
bit).  Besides that base instance, a rule gets:

  - a "swapped" instance with the root's first two sources swapped, if the
    root is commutative (the rule must fire on it too);
  - a "bool32" instance with free booleans at 32 bits, if that changes the
    shader (the rule may or may not apply; it must stay correct).

A pattern whose sizes contradict each other can never match: that is an
error here.  The output is a C header of `struct algebraic_instance`s.
"""

import importlib.util
import os
import sys

PRED_VALUES = {
    'is_pos_power_of_two': {'int': [2, 4, 8, 16]},
    'is_not_zero': {'float': [3.0, -0.5, 2.0, -7.0], 'int': [3, -5, 7, 9]},
    'is_zero_to_one': {'float': [0.5, 0.0, 1.0, 0.25]},
}
CONST_VALUES = {'float': [1.5, -3.0, 0.25, 7.0], 'int': [5, -3, 12, 1],
                'bool': [True, False, True, True]}
DEFAULT_BITS = {'float': 32, 'int': 32}


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


class Conflict(Exception):
    pass


class Slots:
    """Union-find of bit-size slots, each with a class and a fixed size."""

    def __init__(self):
        self.parent, self.bits, self.klass = [], [], []

    def new(self, klass=None, bits=0):
        self.parent.append(len(self.parent))
        self.bits.append(bits)
        self.klass.append(klass)
        return len(self.parent) - 1

    def find(self, x):
        while self.parent[x] != x:
            x = self.parent[x]
        return x

    def constrain(self, x, bits):
        x = self.find(x)
        if self.bits[x] and self.bits[x] != bits:
            raise Conflict(f'{self.bits[x]} and {bits} bits')
        self.bits[x] = bits

    def unify(self, x, y):
        x, y = self.find(x), self.find(y)
        if x == y:
            return
        if self.bits[y]:
            self.constrain(x, self.bits[y])
        self.klass[x] = self.klass[x] or self.klass[y]
        self.parent[y] = x

    def size(self, x, bool_bits):
        x = self.find(x)
        return self.bits[x] or (bool_bits if self.klass[x] == 'bool'
                                else DEFAULT_BITS[self.klass[x]])


def klass(base):
    return 'int' if base in ('int', 'uint') else base


def literal_text(value, kind, bits):
    if bits == 1:
        return 'true' if value else 'false'
    if kind == 'float':
        return repr(float(value))
    if kind == 'bool':
        return '-1' if value else '0'
    v = int(value) & ((1 << bits) - 1)
    return str(v - (1 << bits) if v >= 1 << (bits - 1) else v)


def def_text(num, bits, comps):
    return f'%{num}:{bits}' + (f'x{comps}' if comps > 1 else '')


def swizzle_text(swz, width):
    if list(swz[:width]) == list(range(width)):
        return ''
    return '.' + ''.join('xyzw'[c] for c in swz[:width])


class Instance:
    def __init__(self, gen, rule, bool_bits, swap):
        self.gen = gen
        self.rule = rule
        self.bool_bits = bool_bits
        self.swap = swap
        self.slots = Slots()
        self.node_slot = {}
        self.var_slot = {}
        self.var_kind = {}
        self.var_const = {}
        self.var_width = {}
        self.infer(rule.search, None)

    def infer(self, node, ctx):
        s = self.slots
        if isinstance(node, self.gen.Var):
            if node.name not in self.var_slot:
                self.var_slot[node.name] = s.new(ctx)
                self.var_kind[node.name] = ctx
            slot = self.var_slot[node.name]
            if node.bits:
                s.constrain(slot, node.bits)
            if node.const_only:
                self.var_const[node.name] = node.pred or '#'
        elif isinstance(node, self.gen.Const):
            slot = s.new(ctx)
        else:
            op = node.op
            size_vars = [s.new(k) for k in op.vars]
            for j, src in enumerate(node.srcs):
                base, fixed = op.ins[j]
                child = self.infer(src, klass(base))
                if fixed:
                    s.constrain(child, fixed)
                else:
                    s.unify(child, size_vars[op.in_var[j]])
            base, fixed = op.out
            slot = s.new(klass(base))
            if fixed:
                s.constrain(slot, fixed)
            else:
                s.unify(slot, size_vars[op.out_var])
            if node.bits:
                s.constrain(slot, node.bits)
        self.node_slot[id(node)] = slot
        return slot

    def bits(self, node):
        return self.slots.size(self.node_slot[id(node)], self.bool_bits)

    def const_values(self, name, width):
        kind = self.var_kind[name]
        pred = self.var_const[name]
        if pred == 'is_last_comp_zero':
            vals = [1.5, -2.0, 3.0][:width - 1] + [0.0]
            vals += [5.0] * (4 - len(vals))
            return vals if kind == 'float' else [int(v) for v in vals]
        if pred == '#':
            return CONST_VALUES[kind]
        if pred not in PRED_VALUES or kind not in PRED_VALUES[pred]:
            raise SystemExit(f'ir_algebraic_instances: no sample constant '
                             f'for predicate {pred} on {kind}')
        return PRED_VALUES[pred][kind]

    def emit(self):
        self.lines = ['shader fragment', 'fn main {', '  b0:',
                      '    %0:32 = load_const 0']
        self.next_def = 1
        self.var_def = {}
        self.inputs = []
        root = self.rule.search
        width = root.op.out_size or 4
        out = self.emit_node(root, width, root=True)
        self.lines.append(f'    store_output %{out}, %0 '
                          f'write_mask={(1 << width) - 1}')
        self.lines.append('}')
        self.out_bits = self.bits(root)
        self.out_kind = klass(root.op.out[0])
        self.out_components = width
        return '\n'.join(self.lines) + '\n'

    def new_def(self, text_after, bits, comps):
        num = self.next_def
        self.next_def += 1
        self.lines.append(f'    {def_text(num, bits, comps)} = {text_after}')
        return num

    def emit_var(self, node, width):
        """The def holding variable @p node and the swizzle to read it."""
        name = node.name
        bits = self.slots.size(self.var_slot[name], self.bool_bits)
        if name not in self.var_def:
            kind = self.var_kind[name]
            if name in self.var_const:
                vals = self.const_values(name, width)
                text = ', '.join(literal_text(v, kind, bits) for v in vals)
                num = self.new_def(f'load_const ({text})', bits, 4)
                swz = [0, 1, 2, 3]
            else:
                k = len(self.inputs)
                num = self.new_def(f'load_input %0 base={2 * k}'
                                   if k else 'load_input %0', bits, 4)
                self.inputs.append((2 * k, bits, kind))
                swz = [(i + k + 1) % 4 for i in range(4)]
            self.var_def[name] = (num, swz)
        return self.var_def[name]

    def emit_node(self, node, width, root=False):
        """Emits @p node read as @p width components; returns its def."""
        op = node.op
        srcs = []
        for j, src in enumerate(node.srcs):
            w = op.in_sizes[j] or width
            if isinstance(src, self.gen.Var):
                num, swz = self.emit_var(src, w)
                srcs.append(f'%{num}{swizzle_text(swz, w)}')
            elif isinstance(src, self.gen.Const):
                bits = self.bits(src)
                num = self.new_def(
                    f'load_const {literal_text(src.value, src.kind, bits)}',
                    bits, 1)
                srcs.append(f'%{num}' + ('.' + 'x' * w if w > 1 else ''))
            else:
                srcs.append(f'%{self.emit_node(src, w)}')
        if root and self.swap:
            srcs[0], srcs[1] = srcs[1], srcs[0]
        comps = op.out_size or width
        return self.new_def(f'{op.name} {", ".join(srcs)}', self.bits(node),
                            comps)


def c_string(text):
    lines = text.replace('\\', '\\\\').replace('"', '\\"').split('\n')
    if lines[-1] == '':
        lines = [line + '\\n' for line in lines[:-1]]
    return '\n      '.join(f'"{line}"' for line in lines)


def c_bool(v):
    return 'true' if v else 'false'


KINDS = {'float': 'ALGEBRAIC_FLOAT', 'int': 'ALGEBRAIC_INT',
         'bool': 'ALGEBRAIC_BOOL'}


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    gen = load('ir_algebraic_gen', argv[2])
    rules = gen.parse_rules(gen.load_rules(argv[1]))
    out = ['/* Generated by ir_algebraic_instances.py. Do not edit. */', '',
           f'#define ALGEBRAIC_TABLE_RULES {len(rules)}', '',
           'static const struct algebraic_instance algebraic_instances[] = {']
    for r in rules:
        variants = [(1, False, 'base')]
        root = r.search
        if root.comm is not None:
            variants.append((1, True, 'swapped'))
        variants.append((32, False, 'bool32'))
        texts = set()
        for bool_bits, swap, what in variants:
            try:
                inst = Instance(gen, r, bool_bits, swap)
                text = inst.emit()
            except Conflict as e:
                if what == 'bool32':
                    continue
                print(f'ir_algebraic_instances: {r.where}: can never match '
                      f'({e})', file=sys.stderr)
                return 1
            if text in texts:
                continue
            texts.add(text)
            name = f'rule {r.index} ({what}): {r.text()}'.replace('#', '$')
            inputs = ', '.join(f'{{ {b}, {bits}, {KINDS[k]} }}'
                               for b, bits, k in inst.inputs)
            out += ['   {',
                    f'      .rule = {r.index},',
                    f'      .name = {c_string(name)},',
                    f'      .text = {c_string(text)},',
                    f'      .inexact = {c_bool(r.inexact)},',
                    f'      .has_cond = {c_bool(r.cond)},',
                    f'      .must_fire = {c_bool(what != "bool32")},',
                    f'      .num_inputs = {len(inst.inputs)},',
                    f'      .inputs = {{ {inputs} }},',
                    f'      .out_bits = {inst.out_bits},',
                    f'      .out_kind = {KINDS[inst.out_kind]},',
                    f'      .out_components = {inst.out_components},',
                    '   },']
    out += ['};', '']
    with open(argv[3], 'w') as f:
        f.write('\n'.join(out))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
