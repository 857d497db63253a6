/* SPDX-License-Identifier: MIT */

/*
 * Prototypes of the IR's passes and the options through which a driver
 * chooses its lowerings.
 *
 * Every pass is `bool ir_opt_x(struct ir_shader *)` or
 * `bool ir_lower_x(struct ir_shader *, ...)`: it returns whether it changed
 * anything, marks the metadata it did not preserve as invalid, and leaves
 * dead instructions for ir_opt_dce() unless removing them is its job.
 * Each pass's file starts with its contract: the algorithm, what it
 * requires and what it preserves.
 */
#ifndef IR_PASSES_H
#define IR_PASSES_H

#include "compiler/ir/ir.h"

enum ir_lower_derivative_flags {
   /** ddx/ddy become ddx_fine/ddy_fine (the driver's usual derivative is
    * the fine one). */
   IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_FINE = 1 << 0,
   /** ddx/ddy become ddx_coarse/ddy_coarse. */
   IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_COARSE = 1 << 1,
   /** The driver has no fine derivative: *_fine become coarse (an
    * approximation: a driver setting this must not expose
    * GL_ARB_derivative_control's fine functions as exact). */
   IR_LOWER_DERIVATIVE_FINE = 1 << 2,
   /** The driver has no coarse derivative: *_coarse become fine (exact:
    * a fine derivative is a valid coarse one). */
   IR_LOWER_DERIVATIVE_COARSE = 1 << 3,
};

/** Lowerings and limits a driver asks for (one struct per driver). */
struct ir_compiler_options {
   /** Split every ALU operation into scalar ones (scalar SIMD backends). */
   bool scalarize_alu;
   /** Merge scalar operations back into vec4 ones (vec4 backends). */
   bool vectorize_alu;
   /** a / b becomes a * rcp(b). */
   bool lower_fdiv;
   /** fmod becomes a - b * floor(a / b). */
   bool lower_fmod;
   /** ...and uses ffma for the multiply-subtract (targets with FMA). */
   bool has_ffma;
   /** fsat becomes fmin(fmax(x, 0), 1). */
   bool lower_fsat;
   /** fpow becomes exp2(b * log2(a)). */
   bool lower_fpow;
   /** Integer division and modulo become float reciprocal sequences. */
   bool lower_idiv;
   /** flrp becomes a + c * (b - a) (or with ffma). */
   bool lower_flrp;
   /** ffma becomes fmul + fadd (targets without FMA). */
   bool lower_ffma;
   /** Booleans become 32-bit integers (0 / ~0). */
   bool lower_bool_to_int32;
   /** Booleans become floats (0.0 / 1.0) (targets without integers). */
   bool lower_bool_to_float;
   /** Unsupported derivative forms, as a mask of
    * IR_LOWER_DERIVATIVE_* (driver hooks decide the replacement). */
   unsigned lower_derivatives;
   /** if-to-select: at most this many instructions per side are
    * speculated (0 disables the pass). */
   unsigned max_select_cost;
   /** Loops of at most this many iterations times instructions are
    * unrolled. */
   unsigned max_unroll_instructions;
};

/* Optimisations. */
bool ir_opt_constant_fold(struct ir_shader *s);
bool ir_opt_copy_prop(struct ir_shader *s);
bool ir_opt_dce(struct ir_shader *s);
bool ir_opt_gvn(struct ir_shader *s);
bool ir_opt_algebraic(struct ir_shader *s);
bool ir_opt_dead_cf(struct ir_shader *s);
bool ir_opt_if_to_select(struct ir_shader *s, unsigned max_cost);
bool ir_opt_loop_unroll(struct ir_shader *s, unsigned max_instructions);
bool ir_opt_vectorize(struct ir_shader *s);

/* Lowerings. */
bool ir_lower_vars_to_ssa(struct ir_shader *s);
bool ir_lower_split_vars(struct ir_shader *s);
bool ir_lower_flatten_arrays(struct ir_shader *s);
bool ir_lower_alu_to_scalar(struct ir_shader *s);
bool ir_lower_alu(struct ir_shader *s, const struct ir_compiler_options *o);
bool ir_lower_bool_to_int32(struct ir_shader *s);
bool ir_lower_bool_to_float(struct ir_shader *s);
bool ir_lower_idiv(struct ir_shader *s);
bool ir_lower_derivatives(struct ir_shader *s,
                          const struct ir_compiler_options *o);
bool ir_lower_io(struct ir_shader *s);
bool ir_lower_uniforms(struct ir_shader *s);
bool ir_convert_from_ssa(struct ir_shader *s);
bool ir_lower_parallel_copies(struct ir_shader *s);

/** Runs the default optimisation loop (fold, copy-prop, algebraic, gvn,
 * dce, dead-cf, select, unroll) to a fixed point, validating after each
 * pass in debug builds. */
void ir_optimize(struct ir_shader *s, const struct ir_compiler_options *o);

#endif
