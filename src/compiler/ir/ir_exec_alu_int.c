/* SPDX-License-Identifier: MIT */

/*
 * ALU operations of the interpreter on integers and booleans, and the
 * common conversions (see ir_exec_alu.h).
 *
 * 32-bit integer arithmetic wraps like the constant evaluator's 64-bit
 * computation truncated to 32 bits, so it is done on uint32_t; division
 * and shifts follow ir_eval_helpers.h (x / 0 = 0, INT_MIN / -1 = INT_MIN,
 * shift counts modulo 32).  Booleans are words of 0 or 1 (1-bit) or 0 or
 * ~0 (32-bit); a boolean source is true when its word is not zero.
 */
#include <math.h>

#include "compiler/ir/ir_eval_helpers.h"
#include "compiler/ir/ir_exec_alu.h"

static inline exec_v4u
v_sel(exec_v4u mask, exec_v4u x, exec_v4u y)
{
   return (mask & x) | (~mask & y);
}

static inline exec_v4u
v_splat(uint32_t v)
{
   return (exec_v4u){ v, v, v, v };
}

/* ---------------------------------------------------------------------- */
/* 32-bit integers                                                        */
/* ---------------------------------------------------------------------- */

EXEC_V1(alu_ineg32, exec_v4u, v_splat(0) - a)
EXEC_V1(alu_iabs32, exec_v4i,
        v_sel((exec_v4u)(a < 0), v_splat(0) - (exec_v4u)a, (exec_v4u)a))
EXEC_V1(alu_isign32, exec_v4i, (a < 0) - (a > 0))
EXEC_V1(alu_inot32, exec_v4u, ~a)
EXEC_V1(alu_inot1, exec_v4u, ~a & 1u)
EXEC_V2(alu_iadd32, exec_v4u, exec_v4u, a + b)
EXEC_V2(alu_isub32, exec_v4u, exec_v4u, a - b)
EXEC_V2(alu_imul32, exec_v4u, exec_v4u, a *b)
EXEC_S2(alu_imul_high32, exec_i32, exec_i32, exec_i32,
        (int32_t)(((int64_t)a * b) >> 32))
EXEC_S2(alu_umul_high32, exec_u32, exec_u32, exec_u32,
        (uint32_t)(((uint64_t)a * b) >> 32))

static inline uint32_t
idiv32(int32_t a, int32_t b)
{
   if (b == 0)
      return 0;
   if (b == -1)
      return 0u - (uint32_t)a;
   return (uint32_t)(a / b);
}

static inline int32_t
irem32(int32_t a, int32_t b)
{
   if (b == 0 || b == -1)
      return 0;
   return a % b;
}

static inline int32_t
imod32(int32_t a, int32_t b)
{
   int32_t r = irem32(a, b);
   return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

EXEC_S2(alu_idiv32, exec_i32, exec_i32, exec_u32, idiv32(a, b))
EXEC_S2(alu_udiv32, exec_u32, exec_u32, exec_u32, b ? a / b : 0)
EXEC_S2(alu_irem32, exec_i32, exec_i32, exec_i32, irem32(a, b))
EXEC_S2(alu_imod32, exec_i32, exec_i32, exec_i32, imod32(a, b))
EXEC_S2(alu_umod32, exec_u32, exec_u32, exec_u32, b ? a % b : 0)
EXEC_V2(alu_imin32, exec_v4i, exec_v4i,
        v_sel((exec_v4u)(a < b), (exec_v4u)a, (exec_v4u)b))
EXEC_V2(alu_imax32, exec_v4i, exec_v4i,
        v_sel((exec_v4u)(a > b), (exec_v4u)a, (exec_v4u)b))
EXEC_V2(alu_umin32, exec_v4u, exec_v4u, v_sel((exec_v4u)(a < b), a, b))
EXEC_V2(alu_umax32, exec_v4u, exec_v4u, v_sel((exec_v4u)(a > b), a, b))
EXEC_V2(alu_iand, exec_v4u, exec_v4u, a &b)
EXEC_V2(alu_ior, exec_v4u, exec_v4u, a | b)
EXEC_V2(alu_ixor, exec_v4u, exec_v4u, a ^ b)
EXEC_V2(alu_ishl32, exec_v4u, exec_v4u, a << (b & 31u))
EXEC_V2(alu_ishr32, exec_v4i, exec_v4u, a >> (exec_v4i)(b & 31u))
EXEC_V2(alu_ushr32, exec_v4u, exec_v4u, a >> (b & 31u))
EXEC_V2(alu_uadd_carry32, exec_v4u, exec_v4u, (exec_v4u)((a + b) < a) & 1u)
EXEC_V2(alu_usub_borrow32, exec_v4u, exec_v4u, (exec_v4u)(a < b) & 1u)

EXEC_V2B(alu_ilt32, exec_v4i, exec_v4i, a < b)
EXEC_V2B(alu_ige32, exec_v4i, exec_v4i, a >= b)
EXEC_V2B(alu_ieq32, exec_v4u, exec_v4u, a == b)
EXEC_V2B(alu_ine32, exec_v4u, exec_v4u, a != b)
EXEC_V2B(alu_ult32, exec_v4u, exec_v4u, a < b)
EXEC_V2B(alu_uge32, exec_v4u, exec_v4u, a >= b)

/* bcsel on words (values of up to 32 bits) and on 64-bit values. */
EXEC_V3(alu_bcsel, exec_v4u, exec_v4u, exec_v4u,
        v_sel((exec_v4u)(a != 0), b, c))

EXEC_ALU_FN(alu_bcsel64)
{
   for (unsigned c = 0; c < op->num_components; c++) {
      const uint32_t *cond = exec_row(st, op->src[0][c]);
      for (unsigned w = 0; w < 2; w++) {
         uint32_t *d = exec_row(st, op->dst + 2 * c + w);
         const uint32_t *x = exec_row(st, op->src[1][c] + w);
         const uint32_t *y = exec_row(st, op->src[2][c] + w);
         for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++)
            d[l] = cond[l] ? x[l] : y[l];
      }
   }
   return op + 1;
}

static inline uint32_t
reverse32(uint32_t v)
{
   v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
   v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
   v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
   v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
   return (v >> 16) | (v << 16);
}

static inline int32_t
ufind_msb32(uint32_t a)
{
   return a ? 31 - __builtin_clz(a) : -1;
}

static inline int32_t
ifind_msb32(int32_t a)
{
   uint32_t v = a < 0 ? ~(uint32_t)a : (uint32_t)a;
   return v ? 31 - __builtin_clz(v) : -1;
}

EXEC_S1(alu_bitfield_reverse32, exec_u32, exec_u32, reverse32(a))
EXEC_S1(alu_bit_count32, exec_u32, exec_u32, (uint32_t)__builtin_popcount(a))
EXEC_S1(alu_ufind_msb32, exec_u32, exec_i32, ufind_msb32(a))
EXEC_S1(alu_ifind_msb32, exec_i32, exec_i32, ifind_msb32(a))
EXEC_S1(alu_find_lsb32, exec_u32, exec_i32, a ? __builtin_ctz(a) : -1)
EXEC_S3(alu_ubfe32, exec_u32, exec_i32, exec_i32, exec_u32,
        (uint32_t)ir_ubfe(a, b, c))
EXEC_S3(alu_ibfe32, exec_i32, exec_i32, exec_i32, exec_u32,
        (uint32_t)ir_ibfe(a, b, c))

EXEC_ALU_FN(alu_bfi32)
{
   for (unsigned c = 0; c < op->num_components; c++) {
      uint32_t *d = exec_row(st, op->dst + c);
      const uint32_t *base = exec_row(st, op->src[0][c]);
      const uint32_t *insert = exec_row(st, op->src[1][c]);
      const exec_i32 *off = (const exec_i32 *)exec_row(st, op->src[2][c]);
      const exec_i32 *count = (const exec_i32 *)exec_row(st, op->src[3][c]);
      for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++)
         d[l] = (uint32_t)ir_bfi(base[l], insert[l], off[l], count[l]);
   }
   return op + 1;
}

/* ---------------------------------------------------------------------- */
/* Conversions                                                            */
/* ---------------------------------------------------------------------- */

EXEC_S1(alu_f2i32_f32, exec_f32, exec_i32, (int32_t)ir_f2i(a, 32))
EXEC_S1(alu_f2u32_f32, exec_f32, exec_u32, (uint32_t)ir_f2u(a, 32))
EXEC_S1(alu_i2f32_i32, exec_i32, exec_f32, (float)(int64_t)a)
EXEC_S1(alu_u2f32_u32, exec_u32, exec_f32, (float)(uint64_t)a)
EXEC_S1(alu_f2f32_f16, exec_u32, exec_f32, u_half_to_float((uint16_t)a))
EXEC_V1(alu_b2f32, exec_v4u, (exec_v4u)(a != 0) & 0x3f800000u)
EXEC_V1(alu_b2i32, exec_v4u, (exec_v4u)(a != 0) & 1u)
EXEC_V1(alu_i2b1, exec_v4u, (exec_v4u)(a != 0) & 1u)
EXEC_V1(alu_i2b32, exec_v4u, (exec_v4u)(a != 0))
EXEC_V1(alu_f2b1, exec_v4f, (exec_v4u)(a != (exec_v4f){ 0, 0, 0, 0 }) & 1u)
EXEC_V1(alu_f2b32, exec_v4f, (exec_v4u)(a != (exec_v4f){ 0, 0, 0, 0 }))
EXEC_S1(alu_i2i32_i16, exec_u32, exec_u32, (uint32_t)(int32_t)(int16_t)a)
EXEC_S1(alu_i2i32_i8, exec_u32, exec_u32, (uint32_t)(int32_t)(int8_t)a)
EXEC_V1(alu_trunc16, exec_v4u, a & 0xffffu)
EXEC_V1(alu_trunc8, exec_v4u, a & 0xffu)

static inline const struct exec_op *
f2f16(struct ir_exec_state *st, const struct exec_op *op,
      enum ir_round_mode round)
{
   const struct ir_eval_mode *mode = &st->prog->mode;
   for (unsigned c = 0; c < op->num_components; c++) {
      uint32_t *d = exec_row(st, op->dst + c);
      const exec_f32 *a = (const exec_f32 *)exec_row(st, op->src[0][c]);
      for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++)
         d[l] = ir_eval_f16(a[l], round, mode);
   }
   return op + 1;
}

EXEC_ALU_FN(alu_f2f16_f32)
{
   return f2f16(st, op, st->prog->mode.round);
}

EXEC_ALU_FN(alu_f2f16_rtne_f32)
{
   return f2f16(st, op, IR_ROUND_NEAREST_EVEN);
}

EXEC_ALU_FN(alu_f2f16_rtz_f32)
{
   return f2f16(st, op, IR_ROUND_TOWARD_ZERO);
}

/* Between 32 and 64 bits: 64-bit values in a low and a high row. */
static inline const struct exec_op *
convert_to_64(struct ir_exec_state *st, const struct exec_op *op, int kind)
{
   for (unsigned c = 0; c < op->num_components; c++) {
      uint32_t *lo = exec_row(st, op->dst + 2 * c);
      uint32_t *hi = exec_row(st, op->dst + 2 * c + 1);
      const uint32_t *a = exec_row(st, op->src[0][c]);
      for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
         float f;
         memcpy(&f, &a[l], sizeof(f));
         switch (kind) {
         case 0: /* f2f */
            exec_st_f64(lo, hi, l, (double)f);
            break;
         case 1: /* i2f */
            exec_st_f64(lo, hi, l, (double)(int64_t)(int32_t)a[l]);
            break;
         case 2: /* u2f */
            exec_st_f64(lo, hi, l, (double)(uint64_t)a[l]);
            break;
         case 3: /* i2i */
            lo[l] = a[l];
            hi[l] = (a[l] & 0x80000000u) ? 0xffffffffu : 0;
            break;
         default: /* u2u */
            lo[l] = a[l];
            hi[l] = 0;
            break;
         }
      }
   }
   return op + 1;
}

EXEC_ALU_FN(alu_f2f64_f32)
{
   return convert_to_64(st, op, 0);
}

EXEC_ALU_FN(alu_i2f64_i32)
{
   return convert_to_64(st, op, 1);
}

EXEC_ALU_FN(alu_u2f64_u32)
{
   return convert_to_64(st, op, 2);
}

EXEC_ALU_FN(alu_i2i64_i32)
{
   return convert_to_64(st, op, 3);
}

EXEC_ALU_FN(alu_u2u64_u32)
{
   return convert_to_64(st, op, 4);
}

static inline const struct exec_op *
convert_from_f64(struct ir_exec_state *st, const struct exec_op *op, int kind,
                 bool ftz)
{
   for (unsigned c = 0; c < op->num_components; c++) {
      uint32_t *d = exec_row(st, op->dst + c);
      const uint32_t *lo = exec_row(st, op->src[0][c]);
      const uint32_t *hi = exec_row(st, op->src[0][c] + 1);
      for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
         double a = exec_ld_f64(lo, hi, l);
         if (kind == 0) {
            float f = (float)a;
            if (ftz)
               f = exec_ftz_f32(f);
            memcpy(&d[l], &f, sizeof(f));
         } else if (kind == 1) {
            d[l] = (uint32_t)ir_f2i(a, 32);
         } else {
            d[l] = (uint32_t)ir_f2u(a, 32);
         }
      }
   }
   return op + 1;
}

EXEC_ALU_FN(alu_f2f32_f64)
{
   return convert_from_f64(st, op, 0, false);
}

EXEC_ALU_FN(alu_f2f32_f64_ftz)
{
   return convert_from_f64(st, op, 0, true);
}

EXEC_ALU_FN(alu_f2i32_f64)
{
   return convert_from_f64(st, op, 1, false);
}

EXEC_ALU_FN(alu_f2u32_f64)
{
   return convert_from_f64(st, op, 2, false);
}

/* ---------------------------------------------------------------------- */
/* Choice of the handler                                                  */
/* ---------------------------------------------------------------------- */

static exec_fn
select_i32(enum ir_op op)
{
   switch (op) {
   case IR_OP_INEG:
      return alu_ineg32;
   case IR_OP_IABS:
      return alu_iabs32;
   case IR_OP_ISIGN:
      return alu_isign32;
   case IR_OP_INOT:
      return alu_inot32;
   case IR_OP_IADD:
      return alu_iadd32;
   case IR_OP_ISUB:
      return alu_isub32;
   case IR_OP_IMUL:
      return alu_imul32;
   case IR_OP_IMUL_HIGH:
      return alu_imul_high32;
   case IR_OP_UMUL_HIGH:
      return alu_umul_high32;
   case IR_OP_IDIV:
      return alu_idiv32;
   case IR_OP_UDIV:
      return alu_udiv32;
   case IR_OP_IREM:
      return alu_irem32;
   case IR_OP_IMOD:
      return alu_imod32;
   case IR_OP_UMOD:
      return alu_umod32;
   case IR_OP_IMIN:
      return alu_imin32;
   case IR_OP_IMAX:
      return alu_imax32;
   case IR_OP_UMIN:
      return alu_umin32;
   case IR_OP_UMAX:
      return alu_umax32;
   case IR_OP_IAND:
      return alu_iand;
   case IR_OP_IOR:
      return alu_ior;
   case IR_OP_IXOR:
      return alu_ixor;
   case IR_OP_ISHL:
      return alu_ishl32;
   case IR_OP_ISHR:
      return alu_ishr32;
   case IR_OP_USHR:
      return alu_ushr32;
   case IR_OP_UADD_CARRY:
      return alu_uadd_carry32;
   case IR_OP_USUB_BORROW:
      return alu_usub_borrow32;
   case IR_OP_ILT:
      return alu_ilt32_b32;
   case IR_OP_IGE:
      return alu_ige32_b32;
   case IR_OP_IEQ:
      return alu_ieq32_b32;
   case IR_OP_INE:
      return alu_ine32_b32;
   case IR_OP_ULT:
      return alu_ult32_b32;
   case IR_OP_UGE:
      return alu_uge32_b32;
   case IR_OP_BCSEL:
      return alu_bcsel;
   case IR_OP_BITFIELD_REVERSE:
      return alu_bitfield_reverse32;
   case IR_OP_BIT_COUNT:
      return alu_bit_count32;
   case IR_OP_UFIND_MSB:
      return alu_ufind_msb32;
   case IR_OP_IFIND_MSB:
      return alu_ifind_msb32;
   case IR_OP_FIND_LSB:
      return alu_find_lsb32;
   case IR_OP_UBITFIELD_EXTRACT:
      return alu_ubfe32;
   case IR_OP_IBITFIELD_EXTRACT:
      return alu_ibfe32;
   case IR_OP_BITFIELD_INSERT:
      return alu_bfi32;
   case IR_OP_F2I:
      return alu_f2i32_f32;
   case IR_OP_F2U:
      return alu_f2u32_f32;
   case IR_OP_I2F:
      return alu_i2f32_i32;
   case IR_OP_U2F:
      return alu_u2f32_u32;
   case IR_OP_I2I:
   case IR_OP_U2U:
   case IR_OP_B2B:
      return NULL; /* a move: left to the generic code, never emitted */
   case IR_OP_B2F:
      return alu_b2f32;
   case IR_OP_B2I:
      return alu_b2i32;
   case IR_OP_F2B:
      return alu_f2b32;
   case IR_OP_I2B:
      return alu_i2b32;
   default:
      return NULL;
   }
}

/** Operations with mixed sizes: 1-bit booleans, conversions. */
static exec_fn
select_mixed(const struct ir_alu *alu, const struct ir_eval_mode *mode)
{
   unsigned d = alu->def.bit_size;
   unsigned s0 = exec_alu_src_bits(alu, 0);
   unsigned s1 = exec_alu_src_bits(alu, 1);
   unsigned s2 = exec_alu_src_bits(alu, 2);
   bool ftz = mode->denorm == IR_DENORM_FLUSH_TO_ZERO;

   switch (alu->op) {
   case IR_OP_IAND:
   case IR_OP_IOR:
   case IR_OP_IXOR:
      /* Zero-extended words of equal size stay zero-extended. */
      if (d != 64 && exec_alu_all_bits(alu, d))
         return alu->op == IR_OP_IAND  ? alu_iand
                : alu->op == IR_OP_IOR ? alu_ior
                                       : alu_ixor;
      return NULL;
   case IR_OP_INOT:
      return d == 1 && s0 == 1 ? alu_inot1 : NULL;
   case IR_OP_BCSEL:
      if ((s0 != 1 && s0 != 32) || s1 != d || s2 != d)
         return NULL;
      return d == 64 ? alu_bcsel64 : alu_bcsel;
   case IR_OP_ILT:
   case IR_OP_IGE:
   case IR_OP_IEQ:
   case IR_OP_INE:
   case IR_OP_ULT:
   case IR_OP_UGE:
      if (d != 1 || s0 != 32 || s1 != 32)
         return NULL;
      switch (alu->op) {
      case IR_OP_ILT:
         return alu_ilt32_b1;
      case IR_OP_IGE:
         return alu_ige32_b1;
      case IR_OP_IEQ:
         return alu_ieq32_b1;
      case IR_OP_INE:
         return alu_ine32_b1;
      case IR_OP_ULT:
         return alu_ult32_b1;
      default:
         return alu_uge32_b1;
      }
   case IR_OP_B2F:
      return d == 32 && s0 == 1 ? alu_b2f32 : NULL;
   case IR_OP_B2I:
      return d == 32 && s0 == 1 ? alu_b2i32 : NULL;
   case IR_OP_B2B:
      if (d == 32 && s0 == 1)
         return alu_i2b32;
      return d == 1 && s0 == 32 ? alu_i2b1 : NULL;
   case IR_OP_F2B:
      return d == 1 && s0 == 32 ? alu_f2b1 : NULL;
   case IR_OP_I2B:
      return d == 1 && s0 == 32 ? alu_i2b1 : NULL;
   case IR_OP_F2F:
      if (d == 32 && s0 == 16)
         return alu_f2f32_f16;
      if (d == 16 && s0 == 32)
         return alu_f2f16_f32;
      if (d == 64 && s0 == 32)
         return alu_f2f64_f32;
      if (d == 32 && s0 == 64)
         return ftz ? alu_f2f32_f64_ftz : alu_f2f32_f64;
      return NULL;
   case IR_OP_F2F16_RTNE:
      return s0 == 32 ? alu_f2f16_rtne_f32 : NULL;
   case IR_OP_F2F16_RTZ:
      return s0 == 32 ? alu_f2f16_rtz_f32 : NULL;
   case IR_OP_F2I:
      return d == 32 && s0 == 64 ? alu_f2i32_f64 : NULL;
   case IR_OP_F2U:
      return d == 32 && s0 == 64 ? alu_f2u32_f64 : NULL;
   case IR_OP_I2F:
      return d == 64 && s0 == 32 ? alu_i2f64_i32 : NULL;
   case IR_OP_U2F:
      return d == 64 && s0 == 32 ? alu_u2f64_u32 : NULL;
   case IR_OP_I2I:
      if (d == 32 && s0 == 16)
         return alu_i2i32_i16;
      if (d == 32 && s0 == 8)
         return alu_i2i32_i8;
      if (d == 64 && s0 == 32)
         return alu_i2i64_i32;
      if (d == 16 && s0 == 32)
         return alu_trunc16;
      if (d == 8 && (s0 == 32 || s0 == 16))
         return alu_trunc8;
      return NULL;
   case IR_OP_U2U:
      if (d == 64 && s0 == 32)
         return alu_u2u64_u32;
      if (d == 16 && s0 == 32)
         return alu_trunc16;
      if (d == 8 && (s0 == 32 || s0 == 16))
         return alu_trunc8;
      return NULL;
   default:
      return NULL;
   }
}

exec_fn
exec_alu_select_int(const struct ir_alu *alu, const struct ir_eval_mode *mode)
{
   if (exec_alu_all_bits(alu, 32)) {
      exec_fn fn = select_i32(alu->op);
      if (fn)
         return fn;
   }
   return select_mixed(alu, mode);
}
