/* SPDX-License-Identifier: MIT */

/*
 * Small helpers shared by the ALU lowering passes (ir_lower_alu.c,
 * ir_lower_idiv.c, ir_lower_bool.c, ir_lower_alu_to_scalar.c,
 * ir_opt_vectorize.c): building ALU instructions whose sources are
 * (def, swizzle) pairs, so that a lowering can read the sources of the
 * instruction it replaces exactly as that instruction did, without
 * materialising swizzles with movs.
 *
 * An operand is a def and the component read for each component of the
 * instruction being built; a scalar constant used by a vector operation
 * is "splatted" with the swizzle .xxxx rather than built as a vector.
 *
 * Private to those files: not part of the IR's API.

 */
#ifndef IR_LOWER_UTIL_H
#define IR_LOWER_UTIL_H

#include <assert.h>
#include <string.h>

#include "compiler/ir/ir_builder.h"

/** A source of an ALU instruction being built. */
struct ir_lower_operand {
   struct ir_def *def;
   uint8_t swizzle[IR_MAX_VEC];
};

/** Source @p i of @p alu, read as @p alu reads it. */
static inline struct ir_lower_operand
ir_lower_src(const struct ir_alu *alu, unsigned i)
{
   struct ir_lower_operand o;
   o.def = alu->src[i].src.def;
   memcpy(o.swizzle, alu->src[i].swizzle, IR_MAX_VEC);
   return o;
}

/** All of @p def, component c for component c. */
static inline struct ir_lower_operand
ir_lower_def(struct ir_def *def)
{
   struct ir_lower_operand o = { def, { 0, 1, 2, 3 } };
   return o;
}

/** Component @p c of @p def for every component. */
static inline struct ir_lower_operand
ir_lower_splat(struct ir_def *def, unsigned c)
{
   struct ir_lower_operand o = { def, { 0 } };
   for (unsigned i = 0; i < IR_MAX_VEC; i++)
      o.swizzle[i] = (uint8_t)c;
   return o;
}

/** Component @p c of operand @p o (as a scalar operand). */
static inline struct ir_lower_operand
ir_lower_chan(struct ir_lower_operand o, unsigned c)
{
   return ir_lower_splat(o.def, o.swizzle[c]);
}

/**
 * Builds @p op with @p num_components components of @p bit_size bits
 * (0: the builder's rule for the opcode) on the operands @p srcs (as many
 * as the opcode has inputs).
 */
static inline struct ir_def *
ir_lower_build(struct ir_builder *b, enum ir_op op, unsigned num_components,
               unsigned bit_size, const struct ir_lower_operand *srcs)
{
   unsigned n = ir_op_infos[op].num_inputs;
   struct ir_def *defs[4] = { NULL, NULL, NULL, NULL };
   const uint8_t(*swz[4])[IR_MAX_VEC] = { NULL, NULL, NULL, NULL };
   assert(n <= 4);
   for (unsigned i = 0; i < n; i++) {
      defs[i] = srcs[i].def;
      swz[i] = &srcs[i].swizzle;
   }
   return ir_build_alu_swz(b, op, num_components, bit_size, defs, swz);
}

static inline struct ir_def *
ir_lower_build1(struct ir_builder *b, enum ir_op op, unsigned num_components,
                unsigned bit_size, struct ir_lower_operand s0)
{
   return ir_lower_build(b, op, num_components, bit_size, &s0);
}

static inline struct ir_def *
ir_lower_build2(struct ir_builder *b, enum ir_op op, unsigned num_components,
                unsigned bit_size, struct ir_lower_operand s0,
                struct ir_lower_operand s1)
{
   struct ir_lower_operand s[2] = { s0, s1 };
   return ir_lower_build(b, op, num_components, bit_size, s);
}

static inline struct ir_def *
ir_lower_build3(struct ir_builder *b, enum ir_op op, unsigned num_components,
                unsigned bit_size, struct ir_lower_operand s0,
                struct ir_lower_operand s1, struct ir_lower_operand s2)
{
   struct ir_lower_operand s[3] = { s0, s1, s2 };
   return ir_lower_build(b, op, num_components, bit_size, s);
}

/** A scalar float constant of @p bit_size bits, as a splat operand. */
static inline struct ir_lower_operand
ir_lower_imm_float(struct ir_builder *b, double value, unsigned bit_size)
{
   return ir_lower_splat(ir_imm_floatN(b, value, bit_size), 0);
}

/** A scalar integer constant of @p bit_size bits, as a splat operand. */
static inline struct ir_lower_operand
ir_lower_imm_int(struct ir_builder *b, int64_t value, unsigned bit_size)
{
   return ir_lower_splat(ir_imm_intN(b, value, bit_size), 0);
}

/** Replaces @p alu by @p def: rewrites its uses and removes it. */
static inline void
ir_lower_replace(struct ir_alu *alu, struct ir_def *def)
{
   ir_def_rewrite_uses(&alu->def, def);
   ir_instr_remove(&alu->instr);
}

#endif
