/* SPDX-License-Identifier: MIT */

/*
 * ALU operations of the interpreter: moves, float arithmetic, the choice
 * of a handler for each instruction, and the generic handler.
 *
 * The generic handler calls ir_eval_alu_op() once per lane; it covers
 * every opcode and bit size the constant evaluator accepts, so the
 * specialised handlers (here and in ir_exec_alu_int.c) are only an
 * optimisation of the common cases, each required to give the same bits
 * (checked opcode by opcode by the differential test).
 */
#include <math.h>

#include "compiler/ir/ir_eval_helpers.h"
#include "compiler/ir/ir_exec_alu.h"

/* ---------------------------------------------------------------------- */
/* Moves                                                                  */
/* ---------------------------------------------------------------------- */

static void
copy_lanes(struct ir_exec_state *st, uint32_t dst, uint32_t src)
{
   exec_v4u *restrict d = (exec_v4u *)exec_row(st, dst);
   const exec_v4u *restrict s = (const exec_v4u *)exec_row(st, src);
   for (unsigned q = st->qlo; q < st->qhi; q++)
      d[q] = s[q];
}

EXEC_ALU_FN(alu_mov)
{
   unsigned wpc = exec_wpc(op->bit_size);
   for (unsigned c = 0; c < op->num_components; c++) {
      for (unsigned w = 0; w < wpc; w++)
         copy_lanes(st, op->dst + c * wpc + w, op->src[0][c] + w);
   }
   return op + 1;
}

/* vec2/3/4: component c is source c's only component. */
EXEC_ALU_FN(alu_vec)
{
   unsigned wpc = exec_wpc(op->bit_size);
   for (unsigned c = 0; c < op->num_components; c++) {
      for (unsigned w = 0; w < wpc; w++)
         copy_lanes(st, op->dst + c * wpc + w, op->src[c][0] + w);
   }
   return op + 1;
}

/* ---------------------------------------------------------------------- */
/* 32-bit floats                                                          */
/* ---------------------------------------------------------------------- */

static inline exec_v4f
v_splat(float f)
{
   return (exec_v4f){ f, f, f, f };
}

static inline exec_v4u
v_sel(exec_v4u mask, exec_v4u x, exec_v4u y)
{
   return (mask & x) | (~mask & y);
}

/* ir_fsat_f(): a > 0 ? (a < 1 ? a : 1) : 0. */
static inline exec_v4u
v_fsat(exec_v4f a)
{
   exec_v4u gt0 = (exec_v4u)(a > v_splat(0.0f));
   exec_v4u lt1 = (exec_v4u)(a < v_splat(1.0f));
   return gt0 & v_sel(lt1, (exec_v4u)a, (exec_v4u)v_splat(1.0f));
}

EXEC_V1F(alu_fneg32, exec_v4f, -a)
EXEC_V1F(alu_fabs32, exec_v4u, a & 0x7fffffffu)
EXEC_V1F(alu_fsat32, exec_v4f, v_fsat(a))
EXEC_S1F(alu_fsign32, exec_f32, ir_fsign(a))
EXEC_S1F(alu_ffloor32, exec_f32, floorf(a))
EXEC_S1F(alu_fceil32, exec_f32, ceilf(a))
EXEC_S1F(alu_ftrunc32, exec_f32, truncf(a))
EXEC_S1F(alu_fround_even32, exec_f32, nearbyintf(a))
EXEC_S1F(alu_ffract32, exec_f32, ir_ffract_f(a))
EXEC_V1F(alu_frcp32, exec_v4f, v_splat(1.0f) / a)
EXEC_S1F(alu_frsq32, exec_f32, 1.0f / sqrtf(a))
EXEC_S1F(alu_fsqrt32, exec_f32, sqrtf(a))
EXEC_S1F(alu_fexp232, exec_f32, exp2f(a))
EXEC_S1F(alu_flog232, exec_f32, log2f(a))
EXEC_S1F(alu_fsin32, exec_f32, sinf(a))
EXEC_S1F(alu_fcos32, exec_f32, cosf(a))

EXEC_V2F(alu_fadd32, exec_v4f, exec_v4f, a + b)
EXEC_V2F(alu_fsub32, exec_v4f, exec_v4f, a - b)
EXEC_V2F(alu_fmul32, exec_v4f, exec_v4f, a *b)
EXEC_V2F(alu_fdiv32, exec_v4f, exec_v4f, a / b)
EXEC_S2F(alu_fmod32, exec_f32, exec_f32, a - b * floorf(a / b))
EXEC_S2F(alu_frem32, exec_f32, exec_f32, fmodf(a, b))
EXEC_S2F(alu_fpow32, exec_f32, exec_f32, powf(a, b))
EXEC_S2F(alu_fmin32, exec_f32, exec_f32, ir_fmin_f(a, b))
EXEC_S2F(alu_fmax32, exec_f32, exec_f32, ir_fmax_f(a, b))
EXEC_S2F(alu_ldexp32, exec_f32, exec_i32, ir_ldexp(a, (int64_t)b))
EXEC_S3F(alu_ffma32, exec_f32, exec_f32, exec_f32, fmaf(a, b, c))

#if defined(__x86_64__) && defined(__GNUC__)
/* x86-64 has no FMA instruction in its baseline, so fmaf() is a library
 * call per lane; on CPUs that have one, these variants inline it (the
 * result is the same single rounding). */
static inline const struct exec_op *
ffma32_inline(struct ir_exec_state *st, const struct exec_op *op, bool ftz)
{
   for (unsigned c = 0; c < op->num_components; c++) {
      exec_f32 *restrict d = (exec_f32 *)exec_row(st, op->dst + c);
      const exec_f32 *restrict pa =
         (const exec_f32 *)exec_row(st, op->src[0][c]);
      const exec_f32 *restrict pb =
         (const exec_f32 *)exec_row(st, op->src[1][c]);
      const exec_f32 *restrict pc =
         (const exec_f32 *)exec_row(st, op->src[2][c]);
      for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
         float r = __builtin_fmaf(pa[l], pb[l], pc[l]);
         d[l] = ftz ? exec_ftz_f32(r) : r;
      }
   }
   return op + 1;
}

__attribute__((target("fma"))) static const struct exec_op *
alu_ffma32_hw(struct ir_exec_state *st, const struct exec_op *op)
{
   return ffma32_inline(st, op, false);
}

__attribute__((target("fma"))) static const struct exec_op *
alu_ffma32_hw_ftz(struct ir_exec_state *st, const struct exec_op *op)
{
   return ffma32_inline(st, op, true);
}

static exec_fn
select_ffma32(bool ftz)
{
   if (__builtin_cpu_supports("fma"))
      return ftz ? alu_ffma32_hw_ftz : alu_ffma32_hw;
   return ftz ? alu_ffma32_ftz : alu_ffma32;
}
#else
static exec_fn
select_ffma32(bool ftz)
{
   return ftz ? alu_ffma32_ftz : alu_ffma32;
}
#endif
EXEC_S3F(alu_flrp32, exec_f32, exec_f32, exec_f32, a *(1.0f - c) + b * c)
EXEC_V3F(alu_fcsel32, exec_v4f, exec_v4u, exec_v4u,
         v_sel((exec_v4u)(a != v_splat(0.0f)), b, c))

EXEC_V2B(alu_flt32, exec_v4f, exec_v4f, a < b)
EXEC_V2B(alu_fge32, exec_v4f, exec_v4f, a >= b)
EXEC_V2B(alu_feq32, exec_v4f, exec_v4f, a == b)
EXEC_V2B(alu_fneu32, exec_v4f, exec_v4f, a != b)
EXEC_V2(alu_slt32, exec_v4f, exec_v4f, (exec_v4u)(a < b) & 0x3f800000u)
EXEC_V2(alu_sge32, exec_v4f, exec_v4f, (exec_v4u)(a >= b) & 0x3f800000u)
EXEC_V2(alu_seq32, exec_v4f, exec_v4f, (exec_v4u)(a == b) & 0x3f800000u)
EXEC_V2(alu_sne32, exec_v4f, exec_v4f, (exec_v4u)(a != b) & 0x3f800000u)

/* fdotN: ((s0[0] * s1[0] + s0[1] * s1[1]) + s0[2] * s1[2]) + ..., in the
 * constant evaluator's order. */
static inline const struct exec_op *
fdot32(struct ir_exec_state *st, const struct exec_op *op, bool ftz)
{
   unsigned n = op->src_comps[0];
   const exec_v4f *a[4], *b[4];
   for (unsigned k = 0; k < n; k++) {
      a[k] = (const exec_v4f *)exec_row(st, op->src[0][k]);
      b[k] = (const exec_v4f *)exec_row(st, op->src[1][k]);
   }
   exec_v4u *d = (exec_v4u *)exec_row(st, op->dst);
   for (unsigned q = st->qlo; q < st->qhi; q++) {
      exec_v4f r = a[0][q] * b[0][q];
      for (unsigned k = 1; k < n; k++)
         r = r + a[k][q] * b[k][q];
      d[q] = ftz ? exec_ftz_v4((exec_v4u)r) : (exec_v4u)r;
   }
   return op + 1;
}

EXEC_ALU_FN(alu_fdot32)
{
   return fdot32(st, op, false);
}

EXEC_ALU_FN(alu_fdot32_ftz)
{
   return fdot32(st, op, true);
}

/* ---------------------------------------------------------------------- */
/* 64-bit floats                                                          */
/* ---------------------------------------------------------------------- */

EXEC_D1(alu_fneg64, -a)
EXEC_D1(alu_fabs64, fabs(a))
EXEC_D2(alu_fadd64, a + b)
EXEC_D2(alu_fsub64, a - b)
EXEC_D2(alu_fmul64, a *b)
EXEC_D2(alu_fdiv64, a / b)
EXEC_D2(alu_fmin64, ir_fmin_d(a, b))
EXEC_D2(alu_fmax64, ir_fmax_d(a, b))
EXEC_D3(alu_ffma64, fma(a, b, c))
EXEC_D2B(alu_flt64, a < b)
EXEC_D2B(alu_fge64, a >= b)
EXEC_D2B(alu_feq64, a == b)
EXEC_D2B(alu_fneu64, a != b)

/* ---------------------------------------------------------------------- */
/* Any opcode: the constant evaluator, lane by lane                       */
/* ---------------------------------------------------------------------- */

static void
read_const(union ir_const_value *v, unsigned bits, const uint32_t *lo,
           const uint32_t *hi, size_t l)
{
   switch (bits) {
   case 1:
      v->u64 = 0;
      v->b = (lo[l] & 1) != 0;
      break;
   case 8:
      v->u64 = 0;
      v->u8 = (uint8_t)lo[l];
      break;
   case 16:
      v->u64 = 0;
      v->u16 = (uint16_t)lo[l];
      break;
   case 32:
      v->u64 = 0;
      v->u32 = lo[l];
      break;
   default:
      v->u64 = lo[l] | (uint64_t)hi[l] << 32;
      break;
   }
}

static void
write_const(const union ir_const_value *v, unsigned bits, uint32_t *lo,
            uint32_t *hi, size_t l)
{
   switch (bits) {
   case 1:
      lo[l] = v->b ? 1 : 0;
      break;
   case 8:
      lo[l] = v->u8;
      break;
   case 16:
      lo[l] = v->u16;
      break;
   case 32:
      lo[l] = v->u32;
      break;
   default:
      lo[l] = (uint32_t)v->u64;
      hi[l] = (uint32_t)(v->u64 >> 32);
      break;
   }
}

const struct exec_op *
exec_op_alu_generic(struct ir_exec_state *st, const struct exec_op *op)
{
   const struct ir_eval_mode *mode = &st->prog->mode;
   unsigned n = op->num_components;
   unsigned bits[4] = { 0 };
   const uint32_t *src_lo[4][4], *src_hi[4][4];
   uint32_t *dst_lo[4], *dst_hi[4];
   union ir_const_value values[4][4], result[4];
   const union ir_const_value *srcs[4] = { values[0], values[1], values[2],
                                           values[3] };

   for (unsigned i = 0; i < op->num_srcs; i++) {
      bits[i] = op->src_bits[i];
      for (unsigned c = 0; c < op->src_comps[i]; c++) {
         src_lo[i][c] = exec_row(st, op->src[i][c]);
         src_hi[i][c] =
            bits[i] == 64 ? exec_row(st, op->src[i][c] + 1) : src_lo[i][c];
      }
   }
   unsigned wpc = exec_wpc(op->bit_size);
   for (unsigned c = 0; c < n; c++) {
      dst_lo[c] = exec_row(st, op->dst + c * wpc);
      dst_hi[c] = wpc == 2 ? exec_row(st, op->dst + c * wpc + 1) : dst_lo[c];
   }

   for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
      for (unsigned i = 0; i < op->num_srcs; i++) {
         for (unsigned c = 0; c < op->src_comps[i]; c++)
            read_const(&values[i][c], bits[i], src_lo[i][c], src_hi[i][c], l);
      }
      /* The decoder checked that the sizes are accepted. */
      ir_eval_alu_op((enum ir_op)op->alu_op, n, op->bit_size, bits, srcs,
                     result, mode);
      for (unsigned c = 0; c < n; c++)
         write_const(&result[c], op->bit_size, dst_lo[c], dst_hi[c], l);
   }
   return op + 1;
}

/* ---------------------------------------------------------------------- */
/* Choice of the handler                                                  */
/* ---------------------------------------------------------------------- */

static exec_fn
select_f32(enum ir_op op, bool ftz)
{
#define F(name) (ftz ? name##_ftz : name)
   switch (op) {
   case IR_OP_FNEG:
      return F(alu_fneg32);
   case IR_OP_FABS:
      return F(alu_fabs32);
   case IR_OP_FSAT:
      return F(alu_fsat32);
   case IR_OP_FSIGN:
      return F(alu_fsign32);
   case IR_OP_FFLOOR:
      return F(alu_ffloor32);
   case IR_OP_FCEIL:
      return F(alu_fceil32);
   case IR_OP_FTRUNC:
      return F(alu_ftrunc32);
   case IR_OP_FROUND_EVEN:
      return F(alu_fround_even32);
   case IR_OP_FFRACT:
      return F(alu_ffract32);
   case IR_OP_FRCP:
      return F(alu_frcp32);
   case IR_OP_FRSQ:
      return F(alu_frsq32);
   case IR_OP_FSQRT:
      return F(alu_fsqrt32);
   case IR_OP_FEXP2:
      return F(alu_fexp232);
   case IR_OP_FLOG2:
      return F(alu_flog232);
   case IR_OP_FSIN:
      return F(alu_fsin32);
   case IR_OP_FCOS:
      return F(alu_fcos32);
   case IR_OP_FADD:
      return F(alu_fadd32);
   case IR_OP_FSUB:
      return F(alu_fsub32);
   case IR_OP_FMUL:
      return F(alu_fmul32);
   case IR_OP_FDIV:
      return F(alu_fdiv32);
   case IR_OP_FMOD:
      return F(alu_fmod32);
   case IR_OP_FREM:
      return F(alu_frem32);
   case IR_OP_FPOW:
      return F(alu_fpow32);
   case IR_OP_FMIN:
      return F(alu_fmin32);
   case IR_OP_FMAX:
      return F(alu_fmax32);
   case IR_OP_LDEXP:
      return F(alu_ldexp32);
   case IR_OP_FFMA:
      return select_ffma32(ftz);
   case IR_OP_FLRP:
      return F(alu_flrp32);
   case IR_OP_FCSEL:
      return F(alu_fcsel32);
   case IR_OP_FDOT2:
   case IR_OP_FDOT3:
   case IR_OP_FDOT4:
      return F(alu_fdot32);
   case IR_OP_FLT:
      return alu_flt32_b32;
   case IR_OP_FGE:
      return alu_fge32_b32;
   case IR_OP_FEQ:
      return alu_feq32_b32;
   case IR_OP_FNEU:
      return alu_fneu32_b32;
   case IR_OP_SLT:
      return alu_slt32;
   case IR_OP_SGE:
      return alu_sge32;
   case IR_OP_SEQ:
      return alu_seq32;
   case IR_OP_SNE:
      return alu_sne32;
   default:
      return NULL;
   }
#undef F
}

static exec_fn
select_f64(enum ir_op op)
{
   switch (op) {
   case IR_OP_FNEG:
      return alu_fneg64;
   case IR_OP_FABS:
      return alu_fabs64;
   case IR_OP_FADD:
      return alu_fadd64;
   case IR_OP_FSUB:
      return alu_fsub64;
   case IR_OP_FMUL:
      return alu_fmul64;
   case IR_OP_FDIV:
      return alu_fdiv64;
   case IR_OP_FMIN:
      return alu_fmin64;
   case IR_OP_FMAX:
      return alu_fmax64;
   case IR_OP_FFMA:
      return alu_ffma64;
   default:
      return NULL;
   }
}

/** Float comparisons to a 1-bit boolean, or from 64-bit floats. */
static exec_fn
select_fcmp(const struct ir_alu *alu)
{
   unsigned s0 = exec_alu_src_bits(alu, 0), s1 = exec_alu_src_bits(alu, 1);
   unsigned d = alu->def.bit_size;
   if (s0 != s1 || (d != 1 && d != 32))
      return NULL;
   if (s0 == 32 && d == 1) {
      switch (alu->op) {
      case IR_OP_FLT:
         return alu_flt32_b1;
      case IR_OP_FGE:
         return alu_fge32_b1;
      case IR_OP_FEQ:
         return alu_feq32_b1;
      case IR_OP_FNEU:
         return alu_fneu32_b1;
      default:
         return NULL;
      }
   }
   if (s0 == 64) {
      switch (alu->op) {
      case IR_OP_FLT:
         return alu_flt64;
      case IR_OP_FGE:
         return alu_fge64;
      case IR_OP_FEQ:
         return alu_feq64;
      case IR_OP_FNEU:
         return alu_fneu64;
      default:
         return NULL;
      }
   }
   return NULL;
}

exec_fn
exec_alu_select(const struct ir_alu *alu, const struct ir_eval_mode *mode)
{
   switch (alu->op) {
   case IR_OP_MOV:
      return alu_mov;
   case IR_OP_VEC2:
   case IR_OP_VEC3:
   case IR_OP_VEC4:
      return alu_vec;
   default:
      break;
   }
   exec_fn fn = NULL;
   if (exec_alu_all_bits(alu, 32))
      fn = select_f32(alu->op, mode->denorm == IR_DENORM_FLUSH_TO_ZERO);
   else if (exec_alu_all_bits(alu, 64))
      fn = select_f64(alu->op);
   if (!fn)
      fn = select_fcmp(alu);
   if (!fn)
      fn = exec_alu_select_int(alu, mode);
   return fn ? fn : exec_op_alu_generic;
}
