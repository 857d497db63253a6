/* SPDX-License-Identifier: MIT */

/*
 * The generated constant evaluator (ir_constant_eval.c): each case checks
 * an opcode's documented edge cases (ir_opcodes.py doc lines), which the
 * interpreter and the constant folder both inherit.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "compiler/ir/ir_constant_eval.h"

static const struct ir_eval_mode rtne = { IR_ROUND_NEAREST_EVEN,
                                          IR_DENORM_PRESERVE };

/* Evaluates a per-component op on one component with sources of
 * @p src_bits and a destination of @p dst_bits. */
static union ir_const_value
eval1(enum ir_op op, unsigned dst_bits, unsigned src_bits,
      union ir_const_value a, union ir_const_value b, union ir_const_value c)
{
   const union ir_const_value *srcs[3] = { &a, &b, &c };
   unsigned sizes[3] = { src_bits, src_bits, src_bits };
   union ir_const_value r = { .u64 = 0xdeadbeefdeadbeefull };
   assert_true(ir_eval_alu_op(op, 1, dst_bits, sizes, srcs, &r, &rtne));
   return r;
}

static union ir_const_value
f32(float f)
{
   union ir_const_value v = { .u64 = 0 };
   v.f32 = f;
   return v;
}

static union ir_const_value
i32(int32_t i)
{
   union ir_const_value v = { .u64 = 0 };
   v.i32 = i;
   return v;
}

static void
float_arith(void **state)
{
   assert_true(eval1(IR_OP_FADD, 32, 32, f32(1.5f), f32(2.25f), f32(0)).f32 ==
               3.75f);
   assert_true(eval1(IR_OP_FMUL, 32, 32, f32(-2.0f), f32(0.5f), f32(0)).f32 ==
               -1.0f);
   assert_true(eval1(IR_OP_FFMA, 32, 32, f32(2.0f), f32(3.0f), f32(1.0f)).f32 ==
               7.0f);
   /* The result is stored with every other byte of the union cleared. */
   assert_int_equal(
      eval1(IR_OP_FADD, 32, 32, f32(1.0f), f32(1.0f), f32(0)).u64 >> 32, 0);
}

static void
fmin_fmax_nan_loses(void **state)
{
   float nan = nanf("");
   assert_true(eval1(IR_OP_FMIN, 32, 32, f32(nan), f32(3.0f), f32(0)).f32 ==
               3.0f);
   assert_true(eval1(IR_OP_FMAX, 32, 32, f32(2.0f), f32(nan), f32(0)).f32 ==
               2.0f);
}

static void
comparisons_with_nan(void **state)
{
   float nan = nanf("");
   assert_false(eval1(IR_OP_FLT, 1, 32, f32(nan), f32(1.0f), f32(0)).b);
   assert_false(eval1(IR_OP_FGE, 1, 32, f32(nan), f32(1.0f), f32(0)).b);
   assert_false(eval1(IR_OP_FEQ, 1, 32, f32(nan), f32(nan), f32(0)).b);
   assert_true(eval1(IR_OP_FNEU, 1, 32, f32(nan), f32(nan), f32(0)).b);
   /* 32-bit booleans are 0 or ~0. */
   assert_int_equal(eval1(IR_OP_FLT, 32, 32, f32(0.0f), f32(1.0f), f32(0)).u32,
                    0xffffffffu);
}

static void
integer_division_edges(void **state)
{
   assert_int_equal(eval1(IR_OP_IDIV, 32, 32, i32(7), i32(0), i32(0)).i32, 0);
   assert_int_equal(
      eval1(IR_OP_IDIV, 32, 32, i32(INT32_MIN), i32(-1), i32(0)).i32,
      INT32_MIN);
   assert_int_equal(eval1(IR_OP_IDIV, 32, 32, i32(-7), i32(2), i32(0)).i32, -3);
   assert_int_equal(eval1(IR_OP_IREM, 32, 32, i32(-7), i32(2), i32(0)).i32, -1);
   assert_int_equal(eval1(IR_OP_IMOD, 32, 32, i32(-7), i32(2), i32(0)).i32, 1);
   assert_int_equal(eval1(IR_OP_IMOD, 32, 32, i32(7), i32(-2), i32(0)).i32, -1);
   assert_int_equal(eval1(IR_OP_UMOD, 32, 32, i32(7), i32(0), i32(0)).u32, 0);
}

static void
integer_wraps(void **state)
{
   assert_int_equal(
      eval1(IR_OP_IADD, 32, 32, i32(INT32_MAX), i32(1), i32(0)).i32, INT32_MIN);
   assert_int_equal(
      eval1(IR_OP_IMUL, 32, 32, i32(0x10000), i32(0x10000), i32(0)).i32, 0);
   assert_int_equal(
      eval1(IR_OP_INEG, 32, 32, i32(INT32_MIN), i32(0), i32(0)).i32, INT32_MIN);
   assert_int_equal(
      eval1(IR_OP_UMUL_HIGH, 32, 32, i32(-1), i32(-1), i32(0)).u32,
      0xfffffffeu);
}

static void
shifts_take_count_modulo_size(void **state)
{
   assert_int_equal(eval1(IR_OP_ISHL, 32, 32, i32(1), i32(33), i32(0)).u32, 2);
   assert_int_equal(eval1(IR_OP_ISHR, 32, 32, i32(-8), i32(1), i32(0)).i32, -4);
   assert_int_equal(eval1(IR_OP_USHR, 32, 32, i32(-8), i32(1), i32(0)).u32,
                    0x7ffffffcu);
   union ir_const_value a = { .u64 = 0 }, r;
   a.u16 = 0x8001;
   r = eval1(IR_OP_ISHL, 16, 16, a, i32(17), i32(0));
   assert_int_equal(r.u16, 0x0002);
}

static void
float_to_int_saturates(void **state)
{
   assert_int_equal(eval1(IR_OP_F2I, 32, 32, f32(3e9f), f32(0), f32(0)).i32,
                    INT32_MAX);
   assert_int_equal(eval1(IR_OP_F2I, 32, 32, f32(-3e9f), f32(0), f32(0)).i32,
                    INT32_MIN);
   assert_int_equal(eval1(IR_OP_F2I, 32, 32, f32(nanf("")), f32(0), f32(0)).i32,
                    0);
   assert_int_equal(eval1(IR_OP_F2I, 32, 32, f32(-2.7f), f32(0), f32(0)).i32,
                    -2);
   assert_int_equal(eval1(IR_OP_F2U, 32, 32, f32(-1.0f), f32(0), f32(0)).u32,
                    0);
   assert_int_equal(eval1(IR_OP_F2U, 32, 32, f32(5e9f), f32(0), f32(0)).u32,
                    UINT32_MAX);
}

static void
f2f16_rounding_modes(void **state)
{
   /* 1 + 2^-11 + 2^-13 lies between the halves 1.0 and 1 + 2^-10, above
    * the midpoint: nearest-even rounds up, toward-zero down. */
   float v = 1.0f + ldexpf(1.0f, -11) + ldexpf(1.0f, -13);
   const union ir_const_value a = f32(v);
   const union ir_const_value *srcs[1] = { &a };
   unsigned sizes[1] = { 32 };
   union ir_const_value r;
   struct ir_eval_mode rtz = { IR_ROUND_TOWARD_ZERO, IR_DENORM_PRESERVE };

   assert_true(ir_eval_alu_op(IR_OP_F2F16_RTNE, 1, 16, sizes, srcs, &r, &rtz));
   assert_int_equal(r.u16, 0x3c01);
   assert_true(ir_eval_alu_op(IR_OP_F2F16_RTZ, 1, 16, sizes, srcs, &r, &rtne));
   assert_int_equal(r.u16, 0x3c00);
   /* Plain f2f follows the shader's mode. */
   assert_true(ir_eval_alu_op(IR_OP_F2F, 1, 16, sizes, srcs, &r, &rtne));
   assert_int_equal(r.u16, 0x3c01);
   assert_true(ir_eval_alu_op(IR_OP_F2F, 1, 16, sizes, srcs, &r, &rtz));
   assert_int_equal(r.u16, 0x3c00);
}

static void
denorm_flush(void **state)
{
   struct ir_eval_mode ftz = { IR_ROUND_NEAREST_EVEN, IR_DENORM_FLUSH_TO_ZERO };
   const union ir_const_value a = f32(-ldexpf(1.0f, -140));
   const union ir_const_value b = f32(1.0f);
   const union ir_const_value *srcs[2] = { &a, &b };
   unsigned sizes[2] = { 32, 32 };
   union ir_const_value r;
   assert_true(ir_eval_alu_op(IR_OP_FMUL, 1, 32, sizes, srcs, &r, &ftz));
   assert_int_equal(r.u32, 0x80000000u);
   assert_true(ir_eval_alu_op(IR_OP_FMUL, 1, 32, sizes, srcs, &r, &rtne));
   assert_true(r.f32 == -ldexpf(1.0f, -140));
}

static void
horizontal_ops(void **state)
{
   union ir_const_value a[4], b[4], r[4];
   for (unsigned i = 0; i < 4; i++) {
      a[i] = f32((float)i + 1.0f);
      b[i] = f32(2.0f);
   }
   const union ir_const_value *srcs[2] = { a, b };
   unsigned sizes[2] = { 32, 32 };
   assert_true(ir_eval_alu_op(IR_OP_FDOT3, 1, 32, sizes, srcs, r, &rtne));
   assert_true(r[0].f32 == 12.0f);
   assert_true(ir_eval_alu_op(IR_OP_FDOT4, 1, 32, sizes, srcs, r, &rtne));
   assert_true(r[0].f32 == 20.0f);
   assert_true(
      ir_eval_alu_op(IR_OP_BANY_FNEQUAL2, 1, 1, sizes, srcs, r, &rtne));
   assert_true(r[0].b);

   const union ir_const_value *vsrcs[4] = { &a[3], &a[2], &a[1], &a[0] };
   unsigned vsizes[4] = { 32, 32, 32, 32 };
   assert_true(ir_eval_alu_op(IR_OP_VEC4, 4, 32, vsizes, vsrcs, r, &rtne));
   assert_true(r[0].f32 == 4.0f && r[3].f32 == 1.0f);
}

static void
packing(void **state)
{
   union ir_const_value v[2] = { f32(1.0f), f32(-2.0f) }, r[4];
   const union ir_const_value *srcs[1] = { v };
   unsigned sizes[1] = { 32 };
   assert_true(
      ir_eval_alu_op(IR_OP_PACK_HALF_2X16, 1, 32, sizes, srcs, r, &rtne));
   assert_int_equal(r[0].u32, 0xc0003c00u);
   assert_true(
      ir_eval_alu_op(IR_OP_PACK_SNORM_2X16, 1, 32, sizes, srcs, r, &rtne));
   assert_int_equal(r[0].u32, 0x80017fffu);

   union ir_const_value p = { .u64 = 0 };
   p.u32 = 0xff00807fu;
   const union ir_const_value *psrc[1] = { &p };
   assert_true(
      ir_eval_alu_op(IR_OP_UNPACK_SNORM_4X8, 4, 32, sizes, psrc, r, &rtne));
   assert_true(r[0].f32 == 1.0f);           /* 0x7f */
   assert_true(r[1].f32 == -1.0f);          /* 0x80 clamps to -1 */
   assert_true(r[2].f32 == 0.0f);           /* 0x00 */
   assert_true(r[3].f32 == -1.0f / 127.0f); /* 0xff */
}

static void
bool_select_and_conversions(void **state)
{
   union ir_const_value t = { .u64 = 0 }, x = i32(5), y = i32(9), r;
   t.u32 = 0xffffffffu;
   const union ir_const_value *srcs[3] = { &t, &x, &y };
   unsigned sizes[3] = { 32, 32, 32 };
   assert_true(ir_eval_alu_op(IR_OP_BCSEL, 1, 32, sizes, srcs, &r, &rtne));
   assert_int_equal(r.i32, 5);
   t.b = false;
   t.u32 = 0;
   assert_true(ir_eval_alu_op(IR_OP_BCSEL, 1, 32, sizes, srcs, &r, &rtne));
   assert_int_equal(r.i32, 9);

   /* b2f of a 1-bit bool to 16 and 64 bits. */
   union ir_const_value b = { .u64 = 0 };
   b.b = true;
   const union ir_const_value *bs[1] = { &b };
   unsigned bsz[1] = { 1 };
   assert_true(ir_eval_alu_op(IR_OP_B2F, 1, 16, bsz, bs, &r, &rtne));
   assert_int_equal(r.u16, 0x3c00);
   assert_true(ir_eval_alu_op(IR_OP_B2F, 1, 64, bsz, bs, &r, &rtne));
   assert_true(r.f64 == 1.0);
}

static void
rejects_bad_bit_sizes(void **state)
{
   union ir_const_value a = f32(1.0f), r;
   const union ir_const_value *srcs[2] = { &a, &a };
   unsigned sizes[2] = { 8, 8 };
   /* No 8-bit floats. */
   assert_false(ir_eval_alu_op(IR_OP_FADD, 1, 8, sizes, srcs, &r, &rtne));
}

static void
bitfield_ops(void **state)
{
   assert_int_equal(
      eval1(IR_OP_BITFIELD_REVERSE, 32, 32, i32(1), i32(0), i32(0)).u32,
      0x80000000u);
   assert_int_equal(eval1(IR_OP_UFIND_MSB, 32, 32, i32(0), i32(0), i32(0)).i32,
                    -1);
   assert_int_equal(eval1(IR_OP_IFIND_MSB, 32, 32, i32(-1), i32(0), i32(0)).i32,
                    -1);
   assert_int_equal(eval1(IR_OP_IFIND_MSB, 32, 32, i32(-2), i32(0), i32(0)).i32,
                    0);
   assert_int_equal(
      eval1(IR_OP_FIND_LSB, 32, 32, i32(0x100), i32(0), i32(0)).i32, 8);
   assert_int_equal(
      eval1(IR_OP_IBITFIELD_EXTRACT, 32, 32, i32(0xf0), i32(4), i32(4)).i32,
      -1);
   assert_int_equal(
      eval1(IR_OP_UBITFIELD_EXTRACT, 32, 32, i32(0xf0), i32(4), i32(4)).u32,
      15);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(float_arith),
      cmocka_unit_test(fmin_fmax_nan_loses),
      cmocka_unit_test(comparisons_with_nan),
      cmocka_unit_test(integer_division_edges),
      cmocka_unit_test(integer_wraps),
      cmocka_unit_test(shifts_take_count_modulo_size),
      cmocka_unit_test(float_to_int_saturates),
      cmocka_unit_test(f2f16_rounding_modes),
      cmocka_unit_test(denorm_flush),
      cmocka_unit_test(horizontal_ops),
      cmocka_unit_test(packing),
      cmocka_unit_test(bool_select_and_conversions),
      cmocka_unit_test(rejects_bad_bit_sizes),
      cmocka_unit_test(bitfield_ops),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
