#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Compiles a table of algebraic rules into the C tables that
ir_opt_algebraic.c matches.

    ir_algebraic_gen.py RULES.py OUTPUT.h

RULES.py defines RULES, a list of (pattern, replacement[, condition])
tuples in the notation documented at the top of ir_opt_algebraic.py.  The
output is a header included by ir_opt_algebraic.c, after the definitions of
the node and rule structs and of the predicates and conditions the rules
name.  It holds:

  algebraic_nodes[]     every pattern and replacement node;
  algebraic_rules[]     per rule: its pattern and replacement roots, its
                        variable and commutative-node counts, whether it is
                        inexact, its condition and its text;
  algebraic_by_op[]     per opcode, the range of algebraic_rule_list[]
                        holding the rules whose pattern root is that opcode,
                        in table order;
  algebraic_preds[], algebraic_conds[]  the named C functions, index 0
                        meaning "none".

Malformed rules (unknown opcode or variable form, wrong source count,
literal of the wrong type, unbound replacement variable, nesting through a
horizontal opcode...) stop the build with a message naming the rule.
Output is deterministic: it depends only on the table's order.
"""

import importlib.util
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ir_opcodes  # noqa: E402
import ir_opcodes_gen  # noqa: E402

MAX_VARS = 8
MAX_COMM = 6
MAX_REPLACE_NODES = 16
VALID_BITS = {'float': (16, 32, 64), 'int': (1, 8, 16, 32, 64),
              'uint': (1, 8, 16, 32, 64), 'bool': (1, 32)}

OPS = {o.name: o for o in ir_opcodes_gen.OPS}
VAR_RE = re.compile(
    r'(#?)([a-z_][a-z0-9_]*)(?:@(\d+))?(?:\(([a-z_][a-z0-9_]*)\))?')
OP_RE = re.compile(r'(~?)([a-z0-9_]+)(?:@(\d+))?')
IDENT_RE = re.compile(r'[a-z_][a-z0-9_]*')


class RuleError(Exception):
    """A malformed rule; the message says what is wrong."""


def literal_kind(base):
    """Which Python literal an operand of type @p base takes."""
    return {'float': 'float', 'int': 'int', 'uint': 'int',
            'bool': 'bool'}[base]


class Var:
    def __init__(self, name, const_only, bits, pred):
        self.name = name
        self.const_only = const_only or pred is not None
        self.bits = bits
        self.pred = pred
        self.index = None

    def text(self):
        return ('#' if self.const_only and not self.pred else '') + \
            self.name + (f'@{self.bits}' if self.bits else '') + \
            (f'({self.pred})' if self.pred else '')


class Const:
    def __init__(self, value, kind):
        self.value = value
        self.kind = kind

    def text(self):
        if self.kind == 'bool':
            return 'true' if self.value else 'false'
        return repr(self.value)


class Expr:
    def __init__(self, op, inexact, bits, srcs):
        self.op = op
        self.inexact = inexact
        self.bits = bits
        self.srcs = srcs
        self.comm = None

    def text(self):
        name = ('~' if self.inexact else '') + self.op.name + \
            (f'@{self.bits}' if self.bits else '')
        return f'{name}({", ".join(s.text() for s in self.srcs)})'


def parse_bits(text, what):
    if text is None:
        return 0
    bits = int(text)
    if bits not in (1, 8, 16, 32, 64):
        raise RuleError(f'{what}: {bits} is not a bit size')
    return bits


def parse_literal(value, kind, what):
    if isinstance(value, bool):
        if kind != 'bool':
            raise RuleError(f'{what}: {value} where a {kind} literal is '
                            f'needed')
        return Const(value, kind)
    if isinstance(value, int):
        if kind != 'int':
            raise RuleError(f'{what}: integer literal {value} where a {kind} '
                            f'literal is needed (write 1.0, not 1)'
                            if kind == 'float' else
                            f'{what}: integer literal {value} where a {kind} '
                            f'literal is needed')
        if not -(1 << 63) <= value < (1 << 64):
            raise RuleError(f'{what}: {value} does not fit in 64 bits')
        return Const(value, kind)
    if isinstance(value, float):
        if kind != 'float':
            raise RuleError(f'{what}: float literal {value!r} where a {kind} '
                            f'literal is needed')
        if math.isnan(value):
            raise RuleError(f'{what}: NaN literals never match')
        return Const(value, kind)
    raise RuleError(f'{what}: {value!r} is no source (variable string, '
                    f'literal or tuple)')


def parse_op(name, what):
    if not isinstance(name, str):
        raise RuleError(f'{what}: {name!r} is no opcode name')
    m = OP_RE.fullmatch(name)
    if not m or m.group(2) not in OPS:
        raise RuleError(f'{what}: unknown opcode "{name}"')
    op = OPS[m.group(2)]
    bits = parse_bits(m.group(3), what)
    base, fixed = op.out
    if bits and fixed and bits != fixed:
        raise RuleError(f'{what}: {op.name} always has {fixed} bits, not '
                        f'{bits}')
    if bits and bits not in VALID_BITS[base]:
        raise RuleError(f'{what}: {bits} bits is no {base} size')
    return op, m.group(1) == '~', bits


class Rule:
    def __init__(self, index, entry):
        self.index = index
        self.where = f'rule {index}'
        if not isinstance(entry, tuple) or len(entry) not in (2, 3):
            raise RuleError(f'{self.where}: {entry!r}: a rule is '
                            f'(pattern, replacement[, condition])')
        self.where = f'rule {index} {entry[0]!r}'
        self.cond = entry[2] if len(entry) == 3 else None
        if self.cond is not None and (not isinstance(self.cond, str) or
                                      not IDENT_RE.fullmatch(self.cond)):
            raise RuleError(f'{self.where}: condition {self.cond!r} is no '
                            f'C function name')
        self.vars = {}
        self.var_bits = {}
        self.inexact = False
        self.comm_nodes = []
        if not isinstance(entry[0], tuple):
            raise RuleError(f'{self.where}: the pattern must be an opcode '
                            f'tuple')
        self.search = self.parse_search(entry[0])
        self.replace = self.parse_replace(entry[1], self.search.op.out[0],
                                          root=True)

    def parse_search(self, pat):
        if not isinstance(pat, tuple) or not pat:
            raise RuleError(f'{self.where}: {pat!r} is no pattern')
        op, inexact, bits = parse_op(pat[0], self.where)
        self.inexact |= inexact
        srcs = pat[1:]
        if len(srcs) != len(op.ins):
            raise RuleError(f'{self.where}: {op.name} takes {len(op.ins)} '
                            f'sources, not {len(srcs)}')
        nodes = []
        for j, src in enumerate(srcs):
            base, _ = op.ins[j]
            what = f'{self.where}: source {j} of {op.name}'
            if isinstance(src, tuple):
                child = self.parse_search(src)
                if op.in_sizes[j] or child.op.out_size:
                    raise RuleError(f'{what}: nested patterns only go '
                                    f'through per-component opcodes')
                nodes.append(child)
            elif isinstance(src, str):
                nodes.append(self.parse_search_var(src, what))
            else:
                nodes.append(parse_literal(src, literal_kind(base), what))
        node = Expr(op, inexact, bits, nodes)
        if (op.props & ir_opcodes.COMMUTATIVE and len(nodes) >= 2 and
                nodes[0].text() != nodes[1].text()):
            node.comm = len(self.comm_nodes)
            self.comm_nodes.append(node)
            if len(self.comm_nodes) > MAX_COMM:
                raise RuleError(f'{self.where}: more than {MAX_COMM} '
                                f'commutative opcodes')
        return node

    def parse_search_var(self, text, what):
        m = VAR_RE.fullmatch(text)
        if not m:
            raise RuleError(f'{what}: "{text}" is no variable (name, #name, '
                            f'name@bits, name(predicate))')
        bits = parse_bits(m.group(3), what)
        var = Var(m.group(2), m.group(1) == '#', bits, m.group(4))
        if var.name not in self.vars:
            self.vars[var.name] = len(self.vars)
            if len(self.vars) > MAX_VARS:
                raise RuleError(f'{self.where}: more than {MAX_VARS} '
                                f'variables')
        if bits:
            if self.var_bits.setdefault(var.name, bits) != bits:
                raise RuleError(f'{what}: variable {var.name} has '
                                f'{self.var_bits[var.name]} bits elsewhere')
        var.index = self.vars[var.name]
        return var

    def parse_replace(self, rep, kind_base, root=False):
        what = f'{self.where}: replacement'
        if isinstance(rep, tuple):
            if not rep:
                raise RuleError(f'{what}: empty tuple')
            op, inexact, bits = parse_op(rep[0], what)
            if inexact:
                raise RuleError(f'{what}: "~" only marks patterns')
            srcs = rep[1:]
            if len(srcs) != len(op.ins):
                raise RuleError(f'{what}: {op.name} takes {len(op.ins)} '
                                f'sources, not {len(srcs)}')
            if op.is_conversion and not root and not bits:
                raise RuleError(f'{what}: the nested conversion {op.name} '
                                f'needs a bit size ({op.name}@N)')
            nodes = [self.parse_replace(s, op.ins[j][0])
                     for j, s in enumerate(srcs)]
            return Expr(op, False, bits, nodes)
        if isinstance(rep, str):
            if not IDENT_RE.fullmatch(rep):
                raise RuleError(f'{what}: "{rep}": replacement variables are '
                                f'plain names')
            if rep not in self.vars:
                raise RuleError(f'{what}: variable "{rep}" is not bound by '
                                f'the pattern')
            var = Var(rep, False, 0, None)
            var.index = self.vars[rep]
            return var
        return parse_literal(rep, literal_kind(kind_base), what)

    def text(self):
        t = f'{self.search.text()} -> {self.replace.text()}'
        return t + (f' [{self.cond}]' if self.cond else '')


def parse_rules(entries):
    """The Rule objects of a table; raises RuleError on the first bad one."""
    if not isinstance(entries, list):
        raise RuleError('RULES must be a list')
    return [Rule(i, e) for i, e in enumerate(entries)]


def c_float(v):
    if math.isinf(v):
        return '-INFINITY' if v < 0 else 'INFINITY'
    return float.hex(v)


class Emitter:
    def __init__(self, rules):
        self.rules = rules
        self.nodes = []
        self.preds = []
        self.conds = []

    def name_index(self, table, name):
        if name is None:
            return 0
        if name not in table:
            table.append(name)
        return table.index(name) + 1

    def emit(self, node):
        """Appends @p node (sources first) and returns its index."""
        if isinstance(node, Expr):
            srcs = [self.emit(s) for s in node.srcs]
            fields = [f'.kind = ALGEBRAIC_EXPR',
                      f'.op = {node.op.enum}',
                      f'.num_srcs = {len(srcs)}',
                      '.srcs = { ' + ', '.join(map(str, srcs)) + ' }']
            if node.bits:
                fields.append(f'.bit_size = {node.bits}')
            if node.comm is not None:
                fields.append(f'.comm = {node.comm + 1}')
            if node.inexact:
                fields.append('.inexact = true')
        elif isinstance(node, Var):
            fields = ['.kind = ALGEBRAIC_VAR', f'.var = {node.index}']
            if node.bits:
                fields.append(f'.bit_size = {node.bits}')
            if node.const_only:
                fields.append('.const_only = true')
            if node.pred:
                pred = self.name_index(self.preds, node.pred)
                fields.append(f'.pred = {pred}')
        else:
            kind = {'float': 'IR_ALU_FLOAT', 'int': 'IR_ALU_INT',
                    'bool': 'IR_ALU_BOOL'}[node.kind]
            fields = ['.kind = ALGEBRAIC_CONST', f'.const_type = {kind}']
            if node.kind == 'float':
                fields.append(f'.f = {c_float(node.value)}')
            else:
                v = int(node.value)
                if v >= 1 << 63:
                    v -= 1 << 64
                fields.append(f'.i = {v}' if v != -(1 << 63)
                              else '.i = INT64_MIN')
        self.nodes.append('   { ' + ', '.join(fields) + ' },')
        return len(self.nodes) - 1

    def generate(self, source):
        rules_c = []
        for r in self.rules:
            search = self.emit(r.search)
            first = len(self.nodes)
            replace = self.emit(r.replace)
            count = len(self.nodes) - first
            if count > MAX_REPLACE_NODES:
                raise RuleError(f'{r.where}: more than {MAX_REPLACE_NODES} '
                                f'replacement nodes')
            text = r.text().replace('\\', '\\\\').replace('"', '\\"')
            fields = [f'.search = {search}', f'.replace = {replace}',
                      f'.replace_first = {first}',
                      f'.num_vars = {len(r.vars)}',
                      f'.num_comm = {len(r.comm_nodes)}']
            if r.inexact:
                fields.append('.inexact = true')
            if r.cond:
                fields.append(f'.cond = {self.name_index(self.conds, r.cond)}')
            fields.append(f'.text = "{text}"')
            rules_c.append('   { ' + ', '.join(fields) + ' },')
        by_op = {}
        for r in self.rules:
            by_op.setdefault(r.search.op.name, []).append(r.index)
        rule_list, ranges = [], []
        for o in ir_opcodes_gen.OPS:
            if o.name in by_op:
                ranges.append(f'   [{o.enum}] = {{ {len(rule_list)}, '
                              f'{len(by_op[o.name])} }},')
                rule_list += by_op[o.name]
        out = [f'/* Generated by ir_algebraic_gen.py from {source}. '
               'Do not edit. */', '',
               f'#define ALGEBRAIC_NUM_RULES {len(self.rules)}', '',
               'static const struct algebraic_node algebraic_nodes[] = {']
        out += self.nodes
        out += ['};', '',
                'static const struct algebraic_rule '
                'algebraic_rules[ALGEBRAIC_NUM_RULES] = {']
        out += rules_c
        out += ['};', '',
                'static const uint16_t algebraic_rule_list[] = {']
        out += [f'   {i},' for i in rule_list]
        out += ['};', '',
                'static const struct algebraic_range '
                'algebraic_by_op[IR_OP_COUNT] = {']
        out += ranges
        out += ['};', '',
                'static const algebraic_pred_fn algebraic_preds[] = {',
                '   NULL,']
        out += [f'   {p},' for p in self.preds]
        out += ['};', '',
                'static const algebraic_cond_fn algebraic_conds[] = {',
                '   NULL,']
        out += [f'   {c},' for c in self.conds]
        out += ['};', '']
        return '\n'.join(out)


def load_rules(path):
    spec = importlib.util.spec_from_file_location('algebraic_rules', path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    if not hasattr(mod, 'RULES'):
        raise RuleError(f'{path} defines no RULES')
    return mod.RULES


def generate(rules_path):
    """The header text for the table in @p rules_path (raises RuleError)."""
    rules = parse_rules(load_rules(rules_path))
    return Emitter(rules).generate(os.path.basename(rules_path))


def main(argv):
    if len(argv) == 2 and argv[1] in ('-h', '--help'):
        print(__doc__.strip())
        return 0
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        text = generate(argv[1])
    except RuleError as e:
        print(f'ir_algebraic_gen: {argv[1]}: {e}', file=sys.stderr)
        return 1
    with open(argv[2], 'w') as f:
        f.write(text)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
