# SPDX-License-Identifier: MIT
"""The ALU opcodes of the IR, declared once.

Each opcode has a name, an output type and size, input types and sizes,
algebraic properties, a C expression giving its value (used both by the
constant folder and by the interpreter's kernels) and a line of
documentation.

Sizes: 0 means "per component": the instruction has as many components as
its destination and the expression is evaluated once per component, with
`a`, `b`, `c`, `d` naming that component of each input.  A non-zero size
fixes the number of components (horizontal operations such as fdot3 or
vec4); their `fold` is a C statement block reading `s0[i]`.. and writing
`dst[i]`.

Types: 'float', 'int', 'uint', 'bool' are unsized: any bit size the type
allows, chosen by the instruction's destination (or its first source, for
comparisons); a trailing number ('float32', 'bool1', 'uint16') fixes it.
Inside expressions, 16-bit floats are computed as `float` and rounded back;
booleans are C `bool` whatever their bit size.

The file is read by ir_opcodes_gen.py; it is data and has no behaviour.
"""

COMMUTATIVE = 1
ASSOCIATIVE = 2

OPCODES = []


def op(name, out_type, out_size, in_types, in_sizes, fold, props=0, doc=''):
    assert len(in_types) == len(in_sizes)
    OPCODES.append(dict(name=name, out_type=out_type, out_size=out_size,
                        in_types=list(in_types), in_sizes=list(in_sizes),
                        fold=fold, props=props, doc=doc))


def unop(name, out_t, in_t, fold, doc=''):
    op(name, out_t, 0, [in_t], [0], fold, 0, doc)


def binop(name, out_t, in_t, fold, props=0, doc=''):
    op(name, out_t, 0, [in_t, in_t], [0, 0], fold, props, doc)


def triop(name, out_t, in_t, fold, props=0, doc=''):
    op(name, out_t, 0, [in_t] * 3, [0] * 3, fold, props, doc)


CA = COMMUTATIVE | ASSOCIATIVE

# --- Moves and vector construction -------------------------------------
unop('mov', 'uint', 'uint', 'a', 'copy (with swizzle); any bit size')
for n in (2, 3, 4):
    op(f'vec{n}', 'uint', n, ['uint'] * n, [1] * n,
       '{ ' + ' '.join(f'dst[{i}] = s{i}[0];' for i in range(n)) + ' }',
       doc=f'build a {n}-component vector from scalars')

# --- Float arithmetic -----------------------------------------------------
unop('fneg', 'float', 'float', '-a')
unop('fabs', 'float', 'float', 'fabs(a)')
unop('fsat', 'float', 'float', 'ir_fsat(a)', 'clamp to [0, 1]; NaN gives 0')
unop('fsign', 'float', 'float', 'ir_fsign(a)', '-1, 0 or 1 (keeps -0, NaN)')
unop('ffloor', 'float', 'float', 'floor(a)')
unop('fceil', 'float', 'float', 'ceil(a)')
unop('ftrunc', 'float', 'float', 'trunc(a)')
unop('fround_even', 'float', 'float', 'nearbyint(a)',
     'round half to even')
unop('ffract', 'float', 'float', 'ir_ffract(a)', 'a - floor(a)')
unop('frcp', 'float', 'float', '1.0f / a')
unop('frsq', 'float', 'float', '1.0f / sqrt(a)')
unop('fsqrt', 'float', 'float', 'sqrt(a)')
unop('fexp2', 'float', 'float', 'exp2(a)')
unop('flog2', 'float', 'float', 'log2(a)')
unop('fsin', 'float', 'float', 'sin(a)')
unop('fcos', 'float', 'float', 'cos(a)')
binop('fadd', 'float', 'float', 'a + b', CA)
binop('fsub', 'float', 'float', 'a - b')
binop('fmul', 'float', 'float', 'a * b', CA)
binop('fdiv', 'float', 'float', 'a / b')
binop('fmod', 'float', 'float', 'a - b * floor(a / b)',
      doc='GLSL mod(): x - y * floor(x / y); lowered by lower_fmod')
binop('frem', 'float', 'float', 'fmod(a, b)',
      doc='C fmod(): sign of the dividend')
binop('fpow', 'float', 'float', 'pow(a, b)')
binop('fmin', 'float', 'float', 'ir_fmin(a, b)', CA,
      'IEEE minNum: a NaN operand loses; -0 < +0')
binop('fmax', 'float', 'float', 'ir_fmax(a, b)', CA,
      'IEEE maxNum: a NaN operand loses; -0 < +0')
op('ldexp', 'float', 0, ['float', 'int32'], [0, 0], 'ir_ldexp(a, b)',
   doc='a * 2^b, flushing like the destination')
triop('ffma', 'float', 'float', 'fma(a, b, c)', COMMUTATIVE,
      'fused multiply-add, one rounding')
triop('flrp', 'float', 'float', 'a * (1.0f - c) + b * c', 0, 'mix(a, b, c)')
op('fdot2', 'float', 1, ['float', 'float'], [2, 2],
   '{ dst[0] = s0[0] * s1[0] + s0[1] * s1[1]; }', COMMUTATIVE)
op('fdot3', 'float', 1, ['float', 'float'], [3, 3],
   '{ dst[0] = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2]; }',
   COMMUTATIVE)
op('fdot4', 'float', 1, ['float', 'float'], [4, 4],
   '{ dst[0] = s0[0] * s1[0] + s0[1] * s1[1] + s0[2] * s1[2]'
   ' + s0[3] * s1[3]; }', COMMUTATIVE)

# --- Integer arithmetic ---------------------------------------------------
unop('ineg', 'int', 'int', 'ir_ineg(a)', 'two\'s complement, wraps')
unop('iabs', 'int', 'int', 'ir_iabs(a)', 'INT_MIN stays INT_MIN')
unop('isign', 'int', 'int', '(a > 0) - (a < 0)')
unop('inot', 'uint', 'uint', '~a', 'bitwise not (logical not on bool)')
binop('iadd', 'int', 'int', 'ir_iadd(a, b)', CA, 'wraps')
binop('isub', 'int', 'int', 'ir_isub(a, b)', 0, 'wraps')
binop('imul', 'int', 'int', 'ir_imul(a, b)', CA, 'low half, wraps')
binop('imul_high', 'int', 'int', 'ir_imul_high(a, b, BITS)', COMMUTATIVE,
      'high half of the signed product')
binop('umul_high', 'uint', 'uint', 'ir_umul_high(a, b, BITS)', COMMUTATIVE,
      'high half of the unsigned product')
binop('idiv', 'int', 'int', 'ir_idiv(a, b)', 0,
      'truncating; x / 0 = 0, INT_MIN / -1 = INT_MIN')
binop('udiv', 'uint', 'uint', 'ir_udiv(a, b)', 0, 'x / 0 = 0')
binop('irem', 'int', 'int', 'ir_irem(a, b)', 0,
      'sign of the dividend; x % 0 = 0')
binop('imod', 'int', 'int', 'ir_imod(a, b)', 0,
      'sign of the divisor; x mod 0 = 0')
binop('umod', 'uint', 'uint', 'ir_umod(a, b)', 0, 'x % 0 = 0')
binop('imin', 'int', 'int', 'a < b ? a : b', CA)
binop('imax', 'int', 'int', 'a > b ? a : b', CA)
binop('umin', 'uint', 'uint', 'a < b ? a : b', CA)
binop('umax', 'uint', 'uint', 'a > b ? a : b', CA)
binop('iand', 'uint', 'uint', 'a & b', CA, 'also logical and on bool')
binop('ior', 'uint', 'uint', 'a | b', CA, 'also logical or on bool')
binop('ixor', 'uint', 'uint', 'a ^ b', CA, 'also logical xor on bool')
op('ishl', 'int', 0, ['int', 'uint32'], [0, 0], 'ir_ishl(a, b, BITS)',
   doc='shift count taken modulo the bit size')
op('ishr', 'int', 0, ['int', 'uint32'], [0, 0], 'ir_ishr(a, b, BITS)',
   doc='arithmetic; count modulo the bit size')
op('ushr', 'uint', 0, ['uint', 'uint32'], [0, 0], 'ir_ushr(a, b, BITS)',
   doc='logical; count modulo the bit size')
op('uadd_carry', 'uint', 0, ['uint', 'uint'], [0, 0], 'ir_uadd_carry(a, b, BITS)',
   COMMUTATIVE, 'carry out of a + b, as 0 or 1')
op('usub_borrow', 'uint', 0, ['uint', 'uint'], [0, 0], 'a < b',
   doc='borrow of a - b, as 0 or 1')
unop('bitfield_reverse', 'uint32', 'uint32', 'ir_bitfield_reverse(a)')
unop('bit_count', 'uint32', 'uint', 'ir_bit_count(a)')
unop('ufind_msb', 'int32', 'uint', 'ir_ufind_msb(a, BITS)',
     'index of the highest set bit, -1 for 0')
unop('ifind_msb', 'int32', 'int', 'ir_ifind_msb(a, BITS)',
     'highest bit differing from the sign bit, -1 for 0 and -1')
unop('find_lsb', 'int32', 'int', 'ir_find_lsb(a)',
     'index of the lowest set bit, -1 for 0')
op('ubitfield_extract', 'uint32', 0, ['uint32', 'int32', 'int32'], [0] * 3,
   'ir_ubfe(a, b, c)', doc='bits [b, b + c) zero-extended')
op('ibitfield_extract', 'int32', 0, ['int32', 'int32', 'int32'], [0] * 3,
   'ir_ibfe(a, b, c)', doc='bits [b, b + c) sign-extended')
op('bitfield_insert', 'uint32', 0, ['uint32', 'uint32', 'int32', 'int32'],
   [0] * 4, 'ir_bfi(a, b, c, d)', doc='insert the low d bits of b at c')

# --- Comparisons (bool result of any bool bit size) -----------------------
binop('flt', 'bool', 'float', 'a < b', doc='false on NaN')
binop('fge', 'bool', 'float', 'a >= b', doc='false on NaN')
binop('feq', 'bool', 'float', 'a == b', COMMUTATIVE, 'false on NaN')
binop('fneu', 'bool', 'float', 'a != b', COMMUTATIVE,
      'unordered not-equal: true on NaN')
binop('ilt', 'bool', 'int', 'a < b')
binop('ige', 'bool', 'int', 'a >= b')
binop('ieq', 'bool', 'uint', 'a == b', COMMUTATIVE)
binop('ine', 'bool', 'uint', 'a != b', COMMUTATIVE)
binop('ult', 'bool', 'uint', 'a < b')
binop('uge', 'bool', 'uint', 'a >= b')
for n in (2, 3, 4):
    srcs = ' && '.join(f's0[{i}] == s1[{i}]' for i in range(n))
    op(f'ball_fequal{n}', 'bool', 1, ['float', 'float'], [n, n],
       f'{{ dst[0] = {srcs}; }}', COMMUTATIVE)
    op(f'ball_iequal{n}', 'bool', 1, ['uint', 'uint'], [n, n],
       f'{{ dst[0] = {srcs}; }}', COMMUTATIVE)
    srcs = ' || '.join(f's0[{i}] != s1[{i}]' for i in range(n))
    op(f'bany_fnequal{n}', 'bool', 1, ['float', 'float'], [n, n],
       f'{{ dst[0] = {srcs}; }}', COMMUTATIVE)
    op(f'bany_inequal{n}', 'bool', 1, ['uint', 'uint'], [n, n],
       f'{{ dst[0] = {srcs}; }}', COMMUTATIVE)

# Float-valued booleans (0.0 / 1.0) for targets without booleans.
binop('slt', 'float', 'float', 'a < b ? 1.0f : 0.0f', doc='1.0 if a < b')
binop('sge', 'float', 'float', 'a >= b ? 1.0f : 0.0f')
binop('seq', 'float', 'float', 'a == b ? 1.0f : 0.0f', COMMUTATIVE)
binop('sne', 'float', 'float', 'a != b ? 1.0f : 0.0f', COMMUTATIVE)

# --- Selection ------------------------------------------------------------
op('bcsel', 'uint', 0, ['bool', 'uint', 'uint'], [0, 0, 0], 'a ? b : c',
   doc='per-component select on a boolean')
op('fcsel', 'float', 0, ['float', 'float', 'float'], [0, 0, 0],
   'a != 0.0f ? b : c', doc='select on a float-valued boolean')

# --- Conversions ----------------------------------------------------------
# The destination's bit size picks the width; f2f16 rounds with the
# shader's default mode, the suffixed forms with their own.
unop('f2f', 'float', 'float', 'a', 'float width change, default rounding')
unop('f2f16_rtne', 'float16', 'float', 'a', 'to 16 bits, to nearest even')
unop('f2f16_rtz', 'float16', 'float', 'a', 'to 16 bits, toward zero')
unop('f2i', 'int', 'float', 'ir_f2i(a, BITS)',
     'truncate; saturates, NaN gives 0')
unop('f2u', 'uint', 'float', 'ir_f2u(a, BITS)',
     'truncate; saturates, NaN and negative give 0')
unop('i2f', 'float', 'int', 'a')
unop('u2f', 'float', 'uint', 'a')
unop('i2i', 'int', 'int', 'a', 'sign-extend or truncate')
unop('u2u', 'uint', 'uint', 'a', 'zero-extend or truncate')
unop('b2f', 'float', 'bool', 'a ? 1.0f : 0.0f')
unop('b2i', 'int', 'bool', 'a ? 1 : 0')
unop('b2b', 'bool', 'bool', 'a', 'bool width change')
unop('f2b', 'bool', 'float', 'a != 0.0f', 'true unless +-0 (NaN is true)')
unop('i2b', 'bool', 'int', 'a != 0')

# --- Packing (GLSL 4.60 8.4) ----------------------------------------------
op('pack_half_2x16', 'uint32', 1, ['float32'], [2],
   '{ dst[0] = ir_pack_half_2x16(s0[0], s0[1]); }')
op('unpack_half_2x16', 'float32', 2, ['uint32'], [1],
   '{ ir_unpack_half_2x16(s0[0], &dst[0], &dst[1]); }')
op('pack_unorm_2x16', 'uint32', 1, ['float32'], [2],
   '{ dst[0] = ir_pack_unorm_2x16(s0[0], s0[1]); }')
op('pack_snorm_2x16', 'uint32', 1, ['float32'], [2],
   '{ dst[0] = ir_pack_snorm_2x16(s0[0], s0[1]); }')
op('unpack_unorm_2x16', 'float32', 2, ['uint32'], [1],
   '{ ir_unpack_unorm_2x16(s0[0], &dst[0], &dst[1]); }')
op('unpack_snorm_2x16', 'float32', 2, ['uint32'], [1],
   '{ ir_unpack_snorm_2x16(s0[0], &dst[0], &dst[1]); }')
op('pack_unorm_4x8', 'uint32', 1, ['float32'], [4],
   '{ dst[0] = ir_pack_unorm_4x8(s0); }')
op('pack_snorm_4x8', 'uint32', 1, ['float32'], [4],
   '{ dst[0] = ir_pack_snorm_4x8(s0); }')
op('unpack_unorm_4x8', 'float32', 4, ['uint32'], [1],
   '{ ir_unpack_unorm_4x8(s0[0], dst); }')
op('unpack_snorm_4x8', 'float32', 4, ['uint32'], [1],
   '{ ir_unpack_snorm_4x8(s0[0], dst); }')
