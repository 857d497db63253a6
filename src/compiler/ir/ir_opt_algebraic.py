# SPDX-License-Identifier: MIT
"""The algebraic rules of ir_opt_algebraic(), as data.

ir_algebraic_gen.py compiles RULES into the tables that ir_opt_algebraic.c
matches against every ALU instruction.  A rule is a tuple

    (pattern, replacement)  or  (pattern, replacement, condition)

Patterns
--------
A pattern is a tuple ('opname', src, ...) with exactly as many sources as
the opcode has inputs.  A source is

  'a'        a variable: matches any value (an SSA def read through a
             swizzle).  A variable used twice must match the same def
             through the same swizzle.
  '#a'       a variable that matches only a load_const.
  'a@32'     a variable whose def has this bit size.
  'a(pred)'  a variable that matches only a load_const for which the C
             predicate `pred` of ir_opt_algebraic.c holds (implies '#').
             Forms combine: '#a@32(is_not_zero)'.
  1, -1      an integer literal: matches a load_const whose components read
             are all equal to it, at the source's bit size (an integer
             input needs an integer literal; -1 is all ones).
  0.0, -0.0  a float literal: matches a load_const whose components read
             all compare equal to it as floats of the source's bit size
             and have its sign (so 0.0 and -0.0 are different literals).
             A float input needs a float literal.
  True       a boolean literal, for boolean inputs (bcsel's condition).
  ( ... )    a nested pattern: matches the ALU instruction defining the
             source.  Only per-component opcodes nest into per-component
             inputs, so swizzles compose component by component.

An opname may carry a bit size ('u2u@32': the instruction's def has 32
bits) and a leading '~' ('~fmul'), which makes the whole rule inexact.

Exactness
---------
A rule without '~' is exact: the replacement gives the same bits as the
pattern for every input, NaN, infinities, signed zeros and denormals
included, under every rounding mode (the differential test in
tests/ir_opt_algebraic_test.c runs every exact rule on such inputs).  NaN
payloads are not preserved: the IR does not define them.  Exact rules also
apply to `exact` instructions.

An inexact rule ('~' anywhere in its pattern) may change NaNs, infinities or
the sign of zero.  It never applies when any instruction it matches is
`exact`, nor when the shader must preserve those values
(ir_algebraic_options.preserve_float_specials).

Denormals: with info.denorm = flush, every float operation flushes
denormal results to zero, but a value passed along unchanged (a variable
in the replacement) keeps its denormal.  Rules that would then differ carry
the condition 'denorm_preserve'.

Replacements
------------
A replacement is a variable bound by the pattern, a literal or a tuple
('opname', src, ...) built with the builder.  The replacement's root has
the replaced def's bit size and component count; a literal at the root
takes the type of the replaced opcode's output, a nested literal the type
of the input it feeds and the bit size of that input's operand class.
Nested conversions need a bit size ('u2u@16').

Conditions
----------
A condition names a C function of ir_opt_algebraic.c that takes the pass
state (shader and options) and says whether the rule may apply.

Order
-----
Rules are tried in table order; the first that matches wins.  Every
replacement must be "simpler" than its pattern so that the pass reaches a
fixed point: no rule may undo another.

Each rule whose exactness is not obvious carries a one-line justification.
"""

RULES = []


def rule(pattern, replacement, condition=None):
    RULES.append((pattern, replacement, condition) if condition
                 else (pattern, replacement))


a, b, c = 'a', 'b', 'c'
# One-bit booleans: 0 or 1, nothing else.  A 32-bit boolean input reads any
# nonzero word as true, so rules that pass a boolean on as a value, or
# invert it bitwise, only hold for one-bit booleans.
A1, B1 = 'a@1', 'b@1'
DP = 'denorm_preserve'
ZEROS = (0.0, -0.0)

# --- Float addition -------------------------------------------------------
# x + -0 is x for every x: -0 + -0 is -0 and +0 + -0 is +0.
rule(('fadd', a, -0.0), a, DP)
# -0 + +0 is +0.
rule(('~fadd', a, 0.0), a)
# x - +0 is x + -0.
rule(('fsub', a, 0.0), a, DP)
# -0 - x is -0 + (-x), which is -x for +-0 too.
rule(('fsub', -0.0, a), ('fneg', a))
# +0 - +0 is +0, not -0.
rule(('~fsub', 0.0, a), ('fneg', a))
# inf - inf is NaN.
rule(('~fsub', a, a), 0.0)
rule(('~fadd', a, ('fneg', a)), 0.0)
# IEEE 754 defines a - b as a + (-b).
rule(('fadd', a, ('fneg', b)), ('fsub', a, b), DP)
rule(('fsub', a, ('fneg', b)), ('fadd', a, b), DP)

# --- Float multiplication and division ------------------------------------
rule(('fmul', a, 1.0), a, DP)
# Multiplying by -1 only flips the sign (and flushes like fneg does).
rule(('fmul', a, -1.0), ('fneg', a))
# inf * 0 is NaN and -x * 0 is -0.
rule(('~fmul', a, 0.0), 0.0)
rule(('~fmul', a, -0.0), -0.0)
# (-a)(-b) is ab exactly.
rule(('fmul', ('fneg', a), ('fneg', b)), ('fmul', a, b), DP)
# b2f values are +0 or 1, whose products are +0 or 1.
rule(('fmul', ('b2f', A1), ('b2f', B1)), ('b2f', ('iand', a, b)))
rule(('fdiv', a, 1.0), a, DP)
rule(('fdiv', a, -1.0), ('fneg', a))
# frcp is defined as 1 / x.
rule(('fdiv', 1.0, a), ('frcp', a))

# --- Negation and absolute value ------------------------------------------
rule(('fneg', ('fneg', a)), a, DP)
rule(('fabs', ('fabs', a)), ('fabs', a))
rule(('fabs', ('fneg', a)), ('fabs', a))
rule(('fabs', ('b2f', a)), ('b2f', a))
rule(('ineg', ('ineg', a)), a)
rule(('iabs', ('iabs', a)), ('iabs', a))
# -INT_MIN wraps to INT_MIN, whose iabs is INT_MIN as well.
rule(('iabs', ('ineg', a)), ('iabs', a))
rule(('iabs', ('b2i', a)), ('b2i', a))

# --- Float comparisons ----------------------------------------------------
# Negating both sides swaps an order and keeps (in)equality; NaN stays
# unordered.
rule(('flt', ('fneg', a), ('fneg', b)), ('flt', b, a), DP)
rule(('fge', ('fneg', a), ('fneg', b)), ('fge', b, a), DP)
rule(('feq', ('fneg', a), ('fneg', b)), ('feq', a, b), DP)
rule(('fneu', ('fneg', a), ('fneg', b)), ('fneu', a, b), DP)
for z in ZEROS:
    # Comparisons do not see the sign of zero, so both literals work.
    rule(('feq', ('fneg', a), z), ('feq', a, z), DP)
    rule(('fneu', ('fneg', a), z), ('fneu', a, z), DP)
    rule(('feq', ('fabs', a), z), ('feq', a, z), DP)
    rule(('fneu', ('fabs', a), z), ('fneu', a, z), DP)
    # |x| < 0 never holds, NaN included.
    rule(('flt', ('fabs', a), z), False)
    # |x| >= 0 holds unless x is NaN.
    rule(('fge', ('fabs', a), z), ('feq', a, a))
    # -|x| >= 0 only for +-0.
    rule(('fge', ('fneg', ('fabs', a)), z), ('feq', a, z), DP)
# x < x is false even for NaN; x >= x fails only for NaN, like x == x.
rule(('flt', a, a), False)
rule(('fge', a, a), ('feq', a, a))
# !(a < b) is true for NaN, a >= b is not.
rule(('~inot', ('flt', a, b)), ('fge', a, b))
rule(('~inot', ('fge', a, b)), ('flt', a, b))
# fneu is the unordered complement of feq.
rule(('inot', ('feq', a, b)), ('fneu', a, b))
rule(('inot', ('fneu', a, b)), ('feq', a, b))

# --- Min, max, saturate ---------------------------------------------------
# minNum(x, x) is x, NaN included.
rule(('fmin', a, a), a, DP)
rule(('fmax', a, a), a, DP)
for op in ('imin', 'imax', 'umin', 'umax'):
    rule((op, a, a), a)
rule(('imin', a, ('imax', a, b)), a)
rule(('imax', a, ('imin', a, b)), a)
rule(('umin', a, ('umax', a, b)), a)
rule(('umax', a, ('umin', a, b)), a)
rule(('umin', a, 0), 0)
rule(('umax', a, 0), a)
rule(('umin', a, -1), a)
rule(('umax', a, -1), -1)
rule(('fsat', ('fsat', a)), ('fsat', a))
# fsat(NaN) and fsat(-0) are +0; fmax(-0, 0) may be -0.
rule(('~fmin', ('fmax', a, 0.0), 1.0), ('fsat', a))
rule(('~fmax', ('fmin', a, 1.0), 0.0), ('fsat', a))
# -|x| is never above 0, and fsat(NaN) is +0.
rule(('fsat', ('fneg', ('fabs', a))), 0.0)
rule(('fsat', ('b2f', a)), ('b2f', a))
# The product of [+0, 1] and [+0, 1] is in [+0, 1] (and never NaN).
rule(('fsat', ('fmul', ('fsat', a), '#b(is_zero_to_one)')),
     ('fmul', ('fsat', a), b))

# --- Rounding -------------------------------------------------------------
for op in ('ffloor', 'fceil', 'ftrunc', 'fround_even'):
    rule((op, (op, a)), (op, a))

# --- Fused multiply-add and interpolation ---------------------------------
# fma(a, 1, b) rounds a + b once, like fadd.
rule(('ffma', a, 1.0, b), ('fadd', a, b))
rule(('ffma', a, -1.0, b), ('fsub', b, a))
# Adding -0 to the exact product keeps it, a -0 product included.
rule(('ffma', a, b, -0.0), ('fmul', a, b))
# A -0 product plus +0 is +0.
rule(('~ffma', a, b, 0.0), ('fmul', a, b))
# inf * 0 is NaN; +0 + -0 is +0.
rule(('~ffma', a, 0.0, b), b)
rule(('~flrp', a, b, 0.0), a)
rule(('~flrp', a, b, 1.0), b)
rule(('~flrp', a, a, b), a)

# --- Dot products ---------------------------------------------------------
# A zero factor drops a term; an infinite or NaN factor would not vanish.
rule(('~fdot2', a, 0.0), 0.0)
rule(('~fdot3', a, 0.0), 0.0)
rule(('~fdot4', a, 0.0), 0.0)
rule(('~fdot4', a, '#b(is_last_comp_zero)'), ('fdot3', a, b))
rule(('~fdot3', a, '#b(is_last_comp_zero)'), ('fdot2', a, b))
rule(('~fdot2', a, '#b(is_last_comp_zero)'), ('fmul', a, b))

# --- Powers, roots, exponentials ------------------------------------------
# pow(x, +-0) is 1 even for a quiet NaN (C11 F.10.4.4), but the C library
# gives NaN for a signalling one.
rule(('~fpow', a, 0.0), 1.0)
rule(('~fpow', a, -0.0), 1.0)
# pow(x, 1) is x in exact arithmetic, but pow is not correctly rounded
# everywhere (the C library's powf(1.5, 1) rounded toward zero is below
# 1.5); the same goes for pow(x, 2) = x * x.
rule(('~fpow', a, 1.0), a)
rule(('~fpow', a, 2.0), ('fmul', a, a))
# pow(-0, 0.5) is +0 and pow(-inf, 0.5) is +inf; sqrt gives -0 and NaN.
rule(('~fpow', a, 0.5), ('fsqrt', a))
rule(('~fpow', 2.0, a), ('fexp2', a))
rule(('~fexp2', ('flog2', a)), a)
rule(('~flog2', ('fexp2', a)), a)
# Hardware rsq and rcp are approximations.
rule(('~frcp', ('fsqrt', a)), ('frsq', a))
rule(('~frcp', ('frsq', a)), ('fsqrt', a))
rule(('~frcp', ('frcp', a)), a)
rule(('~fmul', ('fsqrt', a), ('fsqrt', a)), a)
rule(('~fsqrt', ('fmul', a, a)), ('fabs', a))
# 0 * rsq(0) is NaN.
rule(('~fmul', a, ('frsq', a)), ('fsqrt', a))

# --- Integer arithmetic ---------------------------------------------------
rule(('iadd', a, 0), a)
rule(('isub', a, 0), a)
rule(('isub', a, a), 0)
rule(('isub', 0, a), ('ineg', a))
rule(('iadd', a, ('ineg', a)), 0)
rule(('iadd', a, ('ineg', b)), ('isub', a, b))
rule(('isub', a, ('ineg', b)), ('iadd', a, b))
rule(('imul', a, 1), a)
rule(('imul', a, 0), 0)
rule(('imul', a, -1), ('ineg', a))
# Products wrap, so multiplying by 2^k is shifting by k.
rule(('imul', a, '#b(is_pos_power_of_two)'), ('ishl', a, ('find_lsb', b)))
rule(('imul', ('b2i', A1), ('b2i', B1)), ('b2i', ('iand', a, b)))
rule(('udiv', a, 1), a)
rule(('udiv', a, '#b(is_pos_power_of_two)'), ('ushr', a, ('find_lsb', b)))
rule(('umod', a, 1), 0)
rule(('umod', a, '#b(is_pos_power_of_two)'), ('iand', a, ('isub', b, 1)))
rule(('idiv', a, 1), a)
# The IR defines INT_MIN / -1 as INT_MIN, which is also -INT_MIN.
rule(('idiv', a, -1), ('ineg', a))
rule(('irem', a, 1), 0)
rule(('irem', a, -1), 0)
rule(('imod', a, 1), 0)
rule(('imod', a, -1), 0)

# --- Bitwise operations and shifts ----------------------------------------
rule(('iand', a, 0), 0)
rule(('iand', a, -1), a)
rule(('iand', a, a), a)
rule(('iand', a, ('inot', a)), 0)
rule(('ior', a, 0), a)
rule(('ior', a, -1), -1)
rule(('ior', a, a), a)
rule(('ior', a, ('inot', a)), -1)
rule(('ixor', a, 0), a)
rule(('ixor', a, a), 0)
rule(('ixor', a, -1), ('inot', a))
rule(('inot', ('inot', a)), a)
for op in ('ishl', 'ishr', 'ushr'):
    rule((op, a, 0), a)
    rule((op, 0, a), 0)
rule(('ishr', -1, a), -1)

# --- Integer comparisons --------------------------------------------------
for op, value in (('ieq', True), ('ine', False), ('ilt', False),
                  ('ige', True), ('ult', False), ('uge', True)):
    rule((op, a, a), value)
for op, inverse in (('ilt', 'ige'), ('ige', 'ilt'), ('ult', 'uge'),
                    ('uge', 'ult'), ('ieq', 'ine'), ('ine', 'ieq')):
    rule(('inot', (op, a, b)), (inverse, a, b))

# --- Selection ------------------------------------------------------------
rule(('bcsel', a, b, b), b)
rule(('bcsel', True, a, b), a)
rule(('bcsel', False, a, b), b)
# inot of a 32-bit boolean 1 is still true.
rule(('bcsel', ('inot', A1), b, c), ('bcsel', a, c, b))
# On one-bit values, selecting 1 or 0 on a condition is the condition, and
# selecting the condition itself is an or / an and.
rule(('bcsel@1', A1, -1, 0), a)
rule(('bcsel@1', A1, 0, -1), ('inot', a))
rule(('bcsel', A1, a, b), ('ior', a, b))
rule(('bcsel', A1, b, a), ('iand', a, b))

# --- Booleans converted and compared --------------------------------------
for z in ZEROS:
    rule(('fneu', ('b2f', A1), z), a)
    rule(('feq', ('b2f', A1), z), ('inot', a))
    rule(('flt', z, ('b2f', A1)), a)
    rule(('fge', z, ('b2f', A1)), ('inot', a))
rule(('feq', ('b2f', A1), 1.0), a)
rule(('fneu', ('b2f', A1), 1.0), ('inot', a))
rule(('ine', ('b2i', A1), 0), a)
rule(('ieq', ('b2i', A1), 0), ('inot', a))
rule(('ilt', 0, ('b2i', A1)), a)
rule(('f2b', ('b2f', A1)), a)
rule(('i2b', ('b2i', A1)), a)
# Products of a nonzero constant: inexact, since they may underflow to 0.
rule(('~fneu', ('fmul', a, '#b(is_not_zero)'), 0.0), ('fneu', a, 0.0))
rule(('~feq', ('fmul', a, '#b(is_not_zero)'), 0.0), ('feq', a, 0.0))

# --- Conversions ----------------------------------------------------------
# A conversion to its own size copies (the pass checks the sizes match).
rule(('u2u', a), a)
rule(('i2i', a), a)
rule(('b2b', A1), a)
rule(('f2f', a), a, DP)
# Zero- or sign-extending and then converting again is converting once:
# the low bits are kept and the extension is the same.  (An outer
# conversion to the inner one's size is the rule above.)
INT_SIZES = (8, 16, 32, 64)
for op in ('u2u', 'i2i'):
    for s0 in INT_SIZES:
        for s1 in (s for s in INT_SIZES if s > s0):
            for s2 in (s for s in INT_SIZES if s != s1):
                inner = (f'{op}@{s1}', f'a@{s0}')
                rule((f'{op}@{s2}', inner), a if s2 == s0 else (op, a))
# Truncating an extension back to the original size, whichever extension.
for op, inner_op in (('i2i', 'u2u'), ('u2u', 'i2i')):
    for s0 in INT_SIZES:
        for s1 in (s for s in INT_SIZES if s > s0):
            rule((f'{op}@{s0}', (f'{inner_op}@{s1}', f'a@{s0}')), a)
# Widening a float is exact, so widening twice is widening once.
rule(('f2f@64', ('f2f@32', 'a@16')), ('f2f', a))
# Widening and narrowing back gives the value back (flush mode would flush
# a denormal on the way back).
rule(('f2f@16', ('f2f@32', 'a@16')), a, DP)
rule(('f2f@16', ('f2f@64', 'a@16')), a, DP)
rule(('f2f@32', ('f2f@64', 'a@32')), a, DP)
rule(('f2f@32', ('f2f@64', 'a@16')), ('f2f', a))
