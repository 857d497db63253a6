/* SPDX-License-Identifier: MIT */

/*
 * Internals of the interpreter shared by its files: the decoded program,
 * the execution state and the operation handlers.
 *
 * Storage
 * -------
 * All per-lane storage of a state is one array of 32-bit words made of
 * "rows" of `width` words: row r, lane l is regs[r * width + l].  A 32-bit
 * (or smaller, zero-extended; booleans are 0 or 1) component of a value
 * takes one row; a 64-bit component takes two consecutive rows, the low
 * words then the high words, so that copies, masks and memory work on rows
 * whatever the bit size.  A value of n components takes n (or 2n)
 * consecutive rows.  Rows are assigned at decode time (ir_exec_decode*.c);
 * the handlers only see row numbers.
 *
 * Operations
 * ----------
 * A program is a flat array of struct exec_op; running it is
 *
 *    for (op = first; op; op = op->fn(state, op)) ;
 *
 * Each handler does its work for all running lanes and returns the next
 * operation (op + 1, a jump target, or NULL at the end).  ALU handlers
 * write every lane of the quads between qlo and qhi, running or not: a
 * lane that does not run never reads the value of that execution (SSA
 * dominance), and the decoder routes values that outlive a loop through a
 * masked copy so that lanes that left the loop keep theirs.  Stores to
 * memory, registers, phis and outputs are masked.
 */
#ifndef IR_EXEC_PRIV_H
#define IR_EXEC_PRIV_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "compiler/ir/ir_constant_eval.h"
#include "compiler/ir/ir_exec.h"

/** A row field that is not used. */
#define EXEC_NO_ROW 0xffffffffu
/** A per-lane element offset of a dynamic deref that is out of bounds. */
#define EXEC_OOB 0xffffffffu

struct exec_op;
typedef const struct exec_op *(*exec_fn)(struct ir_exec_state *st,
                                         const struct exec_op *op);

/* Words of the state accessed as other types (the register file is an
 * array of uint32_t; these may alias it). */
typedef uint32_t exec_u32;
typedef float exec_f32 __attribute__((may_alias));
typedef double exec_f64 __attribute__((may_alias));
typedef int32_t exec_i32 __attribute__((may_alias));
typedef uint64_t exec_u64 __attribute__((may_alias));
typedef int64_t exec_i64 __attribute__((may_alias));
/* One quad of 32-bit words. */
typedef float exec_v4f __attribute__((vector_size(16), may_alias));
typedef uint32_t exec_v4u __attribute__((vector_size(16), may_alias));
typedef int32_t exec_v4i __attribute__((vector_size(16), may_alias));

struct exec_op {
   exec_fn fn;
   /** Jump target (control flow), resolved from target_index. */
   const struct exec_op *target;
   /** Second target: where to go when no lane is left. */
   const struct exec_op *skip;
   /** Operation-specific data in the program's arena. */
   const void *data;
   uint32_t target_index;
   uint32_t skip_index;
   /** First row of the destination (component c at dst + c * wpc). */
   uint32_t dst;
   /** Row of component c of source i (after the swizzle). */
   uint32_t src[4][4];
   /** Operation-specific: stack slot, base, write mask, ... */
   uint32_t aux[4];
   /** enum ir_op of ALU operations. */
   uint16_t alu_op;
   uint8_t num_components;
   uint8_t bit_size;
   uint8_t num_srcs;
   uint8_t src_bits[4];
   /** Components read from each source. */
   uint8_t src_comps[4];
};

/** A masked copy of one row (phi copies). */
struct exec_copy {
   uint32_t src, dst;
};

struct exec_copy_list {
   unsigned num;
   /** Go through the scratch rows (a destination is also a source). */
   bool parallel;
   uint32_t scratch;
   struct exec_copy copies[];
};

/** Sources of a texture operation. */
struct exec_tex_data {
   const struct ir_tex *tex;
   uint8_t num_components[IR_TEX_SRC_COUNT];
   uint32_t rows[IR_TEX_SRC_COUNT][4];
};

/** A row filled with one word (constants, initializers). */
struct exec_row_init {
   uint32_t row;
   uint32_t value;
};

struct ir_exec_program {
   struct u_arena *arena;
   struct ir_shader *shader;
   struct exec_op *ops;
   unsigned num_ops;
   /** Total rows of a state. */
   unsigned num_rows;
   /** Rows [reset_begin, reset_end) are zeroed at the start of each run
    * (variables and registers), then var_inits are written. */
   unsigned reset_begin, reset_end;
   /** Written once when a state is created. */
   struct exec_row_init *const_inits;
   unsigned num_const_inits;
   /** Written at the start of each run, after the reset. */
   struct exec_row_init *var_inits;
   unsigned num_var_inits;
   /** Depth of the mask stack. */
   unsigned stack_size;
   struct ir_eval_mode mode;
};

struct ir_exec_state {
   const struct ir_exec_program *prog;
   const struct ir_exec_io *io;
   uint32_t *regs;
   unsigned width;
   /** Quads [qlo, qhi) hold every running lane. */
   unsigned qlo, qhi;
   /** Lanes running now. */
   uint64_t exec;
   /** Lanes of the run (active and helpers), and the active ones. */
   uint64_t started;
   uint64_t active;
   /** Helper lanes: given, demoted or killed. */
   uint64_t helper;
   /** Lanes that executed discard. */
   uint64_t killed;
   /** Lanes that executed demote. */
   uint64_t demoted;
   /** Lanes that executed return. */
   uint64_t returned;
   /** Lanes stopped for good because their quad has nothing to do. */
   uint64_t dead;
   uint64_t *stack;
   uint64_t loop_iterations;
   uint64_t loop_limit;
   bool failed;
   /** An empty io for runs without one. */
   struct ir_exec_io empty_io;
};

/** Rows (words) per component of a value of @p bit_size bits. */
static inline unsigned
exec_wpc(unsigned bit_size)
{
   return bit_size == 64 ? 2 : 1;
}

static inline uint32_t *
exec_row(const struct ir_exec_state *st, uint32_t row)
{
   return st->regs + (size_t)row * st->width;
}

/** Sets exec and the quad range. */
static inline void
exec_set_mask(struct ir_exec_state *st, uint64_t mask)
{
   st->exec = mask;
   if (!mask) {
      st->qlo = st->qhi = 0;
      return;
   }
   st->qlo = (unsigned)__builtin_ctzll(mask) / 4;
   st->qhi = (63 - (unsigned)__builtin_clzll(mask)) / 4 + 1;
}

/** Copies the words of lanes qlo * 4 to qhi * 4 (any alignment). */
static inline void
exec_copy_quads(const struct ir_exec_state *st, uint32_t *dst,
                const uint32_t *src)
{
   for (unsigned q = st->qlo; q < st->qhi; q++)
      memcpy(dst + 4 * q, src + 4 * q, 4 * sizeof(uint32_t));
}

/** Lanes that may have side effects (outputs, kill). */
static inline uint64_t
exec_live_mask(const struct ir_exec_state *st)
{
   return st->exec & ~st->helper;
}

/** A vector selecting the lanes of a quad of @p mask (4 bits). */
static inline exec_v4u
exec_quad_select(unsigned mask4)
{
   exec_v4u bits = { 1, 2, 4, 8 };
   exec_v4u m = { mask4, mask4, mask4, mask4 };
   return (exec_v4u)((m & bits) != 0);
}

/** Lanes among the running ones whose word in @p row is not zero. */
uint64_t exec_row_true_mask(const struct ir_exec_state *st, uint32_t row);

/** Stops quads that have no lane left that is neither a helper nor done;
 * called after lanes turn into helpers or return. */
void exec_update_dead(struct ir_exec_state *st);

/* Control flow and copies (ir_exec.c). */
const struct exec_op *exec_op_if(struct ir_exec_state *st,
                                 const struct exec_op *op);
const struct exec_op *exec_op_else(struct ir_exec_state *st,
                                   const struct exec_op *op);
const struct exec_op *exec_op_endif(struct ir_exec_state *st,
                                    const struct exec_op *op);
const struct exec_op *exec_op_loop_begin(struct ir_exec_state *st,
                                         const struct exec_op *op);
const struct exec_op *exec_op_loop_end(struct ir_exec_state *st,
                                       const struct exec_op *op);
const struct exec_op *exec_op_break(struct ir_exec_state *st,
                                    const struct exec_op *op);
const struct exec_op *exec_op_continue(struct ir_exec_state *st,
                                       const struct exec_op *op);
const struct exec_op *exec_op_return(struct ir_exec_state *st,
                                     const struct exec_op *op);
const struct exec_op *exec_op_end(struct ir_exec_state *st,
                                  const struct exec_op *op);
const struct exec_op *exec_op_phi_copy(struct ir_exec_state *st,
                                       const struct exec_op *op);
const struct exec_op *exec_op_masked_copy(struct ir_exec_state *st,
                                          const struct exec_op *op);

/** Copies row @p src to row @p dst in the running lanes. */
void exec_copy_row_masked(struct ir_exec_state *st, uint32_t dst, uint32_t src);

/* ALU (ir_exec_alu.c). */

/** The handler for @p alu with the given modes: a specialised loop for the
 * common cases, else exec_op_alu_generic. */
exec_fn exec_alu_select(const struct ir_alu *alu,
                        const struct ir_eval_mode *mode);
const struct exec_op *exec_op_alu_generic(struct ir_exec_state *st,
                                          const struct exec_op *op);

/* Intrinsics and textures (ir_exec_intrinsics.c). */

/** The handler of a derivative of @p bit_size bits. */
exec_fn exec_deriv_select(enum ir_intrinsic_op op, unsigned bit_size);

const struct exec_op *exec_op_load_input(struct ir_exec_state *st,
                                         const struct exec_op *op);
const struct exec_op *exec_op_load_output(struct ir_exec_state *st,
                                          const struct exec_op *op);
const struct exec_op *exec_op_store_output(struct ir_exec_state *st,
                                           const struct exec_op *op);
const struct exec_op *exec_op_load_uniform(struct ir_exec_state *st,
                                           const struct exec_op *op);
const struct exec_op *exec_op_load_ubo(struct ir_exec_state *st,
                                       const struct exec_op *op);
const struct exec_op *exec_op_sysval(struct ir_exec_state *st,
                                     const struct exec_op *op);
const struct exec_op *exec_op_is_helper(struct ir_exec_state *st,
                                        const struct exec_op *op);
const struct exec_op *exec_op_discard(struct ir_exec_state *st,
                                      const struct exec_op *op);
const struct exec_op *exec_op_demote(struct ir_exec_state *st,
                                     const struct exec_op *op);
const struct exec_op *exec_op_emit_vertex(struct ir_exec_state *st,
                                          const struct exec_op *op);
const struct exec_op *exec_op_end_primitive(struct ir_exec_state *st,
                                            const struct exec_op *op);
const struct exec_op *exec_op_tex(struct ir_exec_state *st,
                                  const struct exec_op *op);
const struct exec_op *exec_op_zero(struct ir_exec_state *st,
                                   const struct exec_op *op);

/* Per-lane memory: variables through derefs and registers
 * (ir_exec_memory.c). */
const struct exec_op *exec_op_deref_array(struct ir_exec_state *st,
                                          const struct exec_op *op);
const struct exec_op *exec_op_deref_offset(struct ir_exec_state *st,
                                           const struct exec_op *op);
const struct exec_op *exec_op_load_rows(struct ir_exec_state *st,
                                        const struct exec_op *op);
const struct exec_op *exec_op_store_rows(struct ir_exec_state *st,
                                         const struct exec_op *op);
const struct exec_op *exec_op_load_indirect(struct ir_exec_state *st,
                                            const struct exec_op *op);
const struct exec_op *exec_op_store_indirect(struct ir_exec_state *st,
                                             const struct exec_op *op);
const struct exec_op *exec_op_copy_rows(struct ir_exec_state *st,
                                        const struct exec_op *op);

/* Decoding (ir_exec_decode.c): fills @p prog from the shader's entry
 * point; false with *error set (in @p prog's arena) if unsupported. */
bool exec_decode(struct ir_exec_program *prog, char **error);

#endif
