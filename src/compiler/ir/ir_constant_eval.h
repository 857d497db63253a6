/* SPDX-License-Identifier: MIT */

/*
 * Evaluation of one ALU opcode on constant operands.  Generated from the
 * opcode table (ir_opcodes.py) by ir_opcodes_gen.py; the constant folder
 * and the interpreter both use it, so both compute exactly the same thing.
 */
#ifndef IR_CONSTANT_EVAL_H
#define IR_CONSTANT_EVAL_H

#include <math.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "util/u_half.h"

/** The float controls a result is computed under. */
struct ir_eval_mode {
   /** Rounding of float results and of f2f16. */
   enum ir_round_mode round;
   /** Whether 16- and 32-bit denormal results become (signed) zero. */
   enum ir_denorm_mode denorm;
};

/**
 * Computes @p op on @p num_components components.  src[i][c] is component
 * c of input i after its swizzle (for fixed-size inputs, components 0 to
 * the input size); src_bit_size[i] is input i's bit size.  Returns false
 * if the opcode does not accept these bit sizes.
 *
 * Round-toward-zero results of float32/float64 arithmetic need the
 * caller to set the floating-point environment (fesetround); float16
 * results and f2f16_rtz round as @p mode says without it.
 */
bool ir_eval_alu_op(enum ir_op op, unsigned num_components,
                    unsigned dst_bit_size, const unsigned *src_bit_size,
                    const union ir_const_value *const *src,
                    union ir_const_value *dst, const struct ir_eval_mode *mode);

static inline uint16_t
ir_eval_f16(float x, enum ir_round_mode round, const struct ir_eval_mode *m)
{
   uint16_t h =
      u_float_to_half(x, round == IR_ROUND_TOWARD_ZERO ? U_ROUND_TOWARD_ZERO
                                                       : U_ROUND_NEAREST_EVEN);
   if (m->denorm == IR_DENORM_FLUSH_TO_ZERO && (h & 0x7c00) == 0)
      h &= 0x8000;
   return h;
}

static inline float
ir_eval_f32(float x, const struct ir_eval_mode *m)
{
   if (m->denorm == IR_DENORM_FLUSH_TO_ZERO && fpclassify(x) == FP_SUBNORMAL)
      return copysignf(0.0f, x);
   return x;
}

#endif
