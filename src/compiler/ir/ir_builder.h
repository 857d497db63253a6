/* SPDX-License-Identifier: MIT */

/*
 * Building IR: a cursor into a function and helpers that create an
 * instruction, insert it at the cursor and advance the cursor past it.
 * Every ALU opcode has a helper ir_<opcode>() generated from ir_opcodes.py
 * (ir_builder_opcodes.h); the destination takes its size from the
 * opcode's types and the sources:
 *   - components: the opcode's output size if fixed, else the largest
 *     component count among per-component sources (scalars are not
 *     broadcast: sources must match or be given with ir_swizzle());
 *   - bit size: the output type's if fixed; 1 for unsized booleans; else
 *     the bit size of the first unsized source of the same class (int and
 *     uint are one class); conversions take it as an argument.
 */
#ifndef IR_BUILDER_H
#define IR_BUILDER_H

#include "compiler/ir/ir.h"

struct ir_builder {
   struct ir_shader *shader;
   struct ir_function *fn;
   struct ir_cursor cursor;
   /** New ALU instructions are exact (GLSL precise). */
   bool exact;
};

/** A builder positioned at the end of @p fn's body. */
struct ir_builder ir_builder_at_end(struct ir_function *fn);
struct ir_builder ir_builder_at(struct ir_function *fn,
                                struct ir_cursor cursor);

/** Inserts @p instr at the cursor and moves the cursor after it. */
void ir_builder_insert(struct ir_builder *b, struct ir_instr *instr);

/* ALU.  Sources beyond the opcode's count are ignored (pass NULL). */
struct ir_def *ir_build_alu(struct ir_builder *b, enum ir_op op,
                            struct ir_def *s0, struct ir_def *s1,
                            struct ir_def *s2, struct ir_def *s3);
struct ir_def *ir_build_alu_sized(struct ir_builder *b, enum ir_op op,
                                  unsigned bit_size, struct ir_def *s0,
                                  struct ir_def *s1, struct ir_def *s2,
                                  struct ir_def *s3);
/** ALU with explicit swizzles (swz[i] may be NULL for identity). */
struct ir_def *ir_build_alu_swz(struct ir_builder *b, enum ir_op op,
                                unsigned num_components, unsigned bit_size,
                                struct ir_def *const *srcs,
                                const uint8_t (*const *swz)[IR_MAX_VEC]);

/* Constants and undefs. */
struct ir_def *ir_imm_float(struct ir_builder *b, float f);
struct ir_def *ir_imm_floatN(struct ir_builder *b, double f, unsigned bit_size);
struct ir_def *ir_imm_vec4(struct ir_builder *b, float x, float y, float z,
                           float w);
struct ir_def *ir_imm_int(struct ir_builder *b, int32_t i);
struct ir_def *ir_imm_uint(struct ir_builder *b, uint32_t u);
struct ir_def *ir_imm_intN(struct ir_builder *b, int64_t i, unsigned bit_size);
struct ir_def *ir_imm_bool(struct ir_builder *b, bool v);
struct ir_def *ir_build_imm(struct ir_builder *b, unsigned num_components,
                            unsigned bit_size,
                            const union ir_const_value *values);
struct ir_def *ir_undef(struct ir_builder *b, unsigned num_components,
                        unsigned bit_size);

/* Swizzles and vectors (built with mov and vecN). */
struct ir_def *ir_swizzle(struct ir_builder *b, struct ir_def *src,
                          const unsigned *swiz, unsigned num_components);
struct ir_def *ir_channel(struct ir_builder *b, struct ir_def *src, unsigned c);
struct ir_def *ir_vec(struct ir_builder *b, struct ir_def *const *comps,
                      unsigned num_components);
struct ir_def *ir_mov(struct ir_builder *b, struct ir_def *src);

/* Intrinsics: creates it with @p num_components, sources and indices set
 * by the caller through the returned instruction. */
struct ir_intrinsic *ir_build_intrinsic(struct ir_builder *b,
                                        enum ir_intrinsic_op op,
                                        unsigned num_components,
                                        unsigned bit_size,
                                        struct ir_def *const *srcs);

/* Variables. */
struct ir_def *ir_build_deref_var(struct ir_builder *b,
                                  struct ir_variable *var);
struct ir_def *ir_build_deref_array(struct ir_builder *b, struct ir_def *parent,
                                    struct ir_def *index);
struct ir_def *ir_build_deref_struct(struct ir_builder *b,
                                     struct ir_def *parent, unsigned field);
struct ir_def *ir_load_deref(struct ir_builder *b, struct ir_def *deref);
void ir_store_deref(struct ir_builder *b, struct ir_def *deref,
                    struct ir_def *value, unsigned write_mask);
struct ir_def *ir_load_var(struct ir_builder *b, struct ir_variable *var);
void ir_store_var(struct ir_builder *b, struct ir_variable *var,
                  struct ir_def *value, unsigned write_mask);

/* Control flow.  push_if/push_else/pop_if and push_loop/pop_loop nest;
 * after pop the cursor is in the block after the construct. */
struct ir_if *ir_push_if(struct ir_builder *b, struct ir_def *condition);
void ir_push_else(struct ir_builder *b, struct ir_if *nif);
void ir_pop_if(struct ir_builder *b, struct ir_if *nif);
struct ir_loop *ir_push_loop(struct ir_builder *b);
void ir_pop_loop(struct ir_builder *b, struct ir_loop *loop);
void ir_jump(struct ir_builder *b, enum ir_jump_kind kind);
/** A phi of the two sides of @p nif, in the block after it (call right
 * after ir_pop_if()). */
struct ir_def *ir_if_phi(struct ir_builder *b, struct ir_def *then_def,
                         struct ir_def *else_def);

#include "compiler/ir/ir_builder_opcodes.h"

#endif
