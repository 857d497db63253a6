/* SPDX-License-Identifier: MIT */

/*
 * Analyses of a function that passes and backends query: SSA liveness
 * (ir_liveness.c), per-component liveness of the registers of non-SSA code
 * (ir_liveness.c) and loop trip counts (ir_loop_analyze.c).
 *
 * ir_metadata_require() computes SSA liveness (IR_METADATA_LIVENESS) and
 * loop analysis (IR_METADATA_LOOP_ANALYSIS) through the functions below;
 * register liveness is returned as a separate object, since it is used by
 * register allocation only.
 */
#ifndef IR_ANALYSIS_H
#define IR_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir.h"

/* ---------------------------------------------------------------------- */
/* SSA liveness                                                           */
/* ---------------------------------------------------------------------- */

/**
 * Computes ir_block::live_in and ::live_out of every block of @p fn
 * (including the end block, whose sets are empty): bitsets of
 * U_BITSET_WORDS(fn->num_defs) words indexed by def index, allocated in
 * the shader's arena.  Renumbers defs, blocks and instructions densely
 * first (ir_index_defs(), ir_index_blocks(), ir_index_instrs()).
 *
 * A def is live-in of a block if some path from the block's start reaches
 * a use without passing its definition.  Phis follow the usual rule: a
 * phi's def is defined at the top of its block (never live-in there) and
 * each phi source is a use at the end of the corresponding predecessor
 * (live-out of that predecessor, not live-in of the phi's block).  The
 * condition of an if is a use at the end of the block before the if.
 */
void ir_calc_liveness(struct ir_function *fn);

/** Whether @p def is live at the start of @p block (needs liveness). */
bool ir_def_is_live_in(const struct ir_block *block, const struct ir_def *def);
/** Whether @p def is live at the end of @p block, after its if condition
 * is read (needs liveness). */
bool ir_def_is_live_out(const struct ir_block *block, const struct ir_def *def);

/**
 * Whether @p def is live right after @p instr: defined at or before
 * @p instr and read later (by a later instruction of the block, the
 * condition of the following if, or anything after the block).  Needs
 * liveness and instruction indices (IR_METADATA_LIVENESS and
 * IR_METADATA_INSTR_INDEX, both computed by ir_calc_liveness()).
 */
bool ir_def_is_live_after_instr(const struct ir_function *fn,
                                const struct ir_def *def,
                                const struct ir_instr *instr);

/**
 * Called by ir_block_walk_liveness() for each instruction, last first.
 * @p live_after holds the defs live right after @p instr (a bitset of
 * U_BITSET_WORDS(fn->num_defs) words, only valid during the call).
 */
typedef void (*ir_live_instr_cb)(struct ir_instr *instr,
                                 const uint64_t *live_after, void *data);

/**
 * Walks @p block backward, calling @p cb with the set of defs live after
 * each instruction.  The walk starts from live_out plus the condition of
 * the following if; after each instruction its def is removed and its
 * sources (not a phi's) are added.  Phis are treated one at a time, so the
 * set after a phi still holds the defs of the phis after it that are used
 * later.  Returns false only if it cannot allocate its scratch set.
 * Needs liveness.
 */
bool ir_block_walk_liveness(struct ir_function *fn, struct ir_block *block,
                            ir_live_instr_cb cb, void *data);

/* ---------------------------------------------------------------------- */
/* Register liveness (non-SSA code: decl_reg / load_reg / store_reg)       */
/* ---------------------------------------------------------------------- */

/**
 * Which components of each register are live at the start and end of each
 * block.  Registers are numbered in program order of their decl_reg.  A
 * component is live when a path reaches a read of it (load_reg*) without
 * a write (store_reg with that bit in its write mask, or a parallel copy
 * into the register).  Writes to array registers (num_array_elems > 0) and
 * indirect writes do not kill, since they may write another element.
 */
struct ir_reg_liveness {
   struct ir_function *fn;
   unsigned num_regs;
   /** The decl_reg of each register number. */
   struct ir_intrinsic **regs;
   /** decl_reg def → register number + 1. */
   struct u_hash_table *reg_map;
   /** ir_block::index → rows of num_regs component masks. */
   unsigned num_blocks;
   uint8_t *live_in;
   uint8_t *live_out;
};

/**
 * Computes register liveness of @p fn in @p arena (NULL: the shader's
 * arena).  Renumbers blocks (ir_index_blocks()); the result refers to
 * blocks by index, so it is stale after blocks change.  NULL when out of
 * memory.
 */
struct ir_reg_liveness *ir_calc_reg_liveness(struct ir_function *fn,
                                             struct u_arena *arena);

/** Register number of the decl_reg defining @p reg, or -1. */
int ir_reg_liveness_reg_index(const struct ir_reg_liveness *rl,
                              const struct ir_def *reg);

/** Component mask of register @p reg (a decl_reg def) live at the start
 * of @p block. */
unsigned ir_reg_live_in_mask(const struct ir_reg_liveness *rl,
                             const struct ir_block *block,
                             const struct ir_def *reg);
/** Component mask of register @p reg live at the end of @p block. */
unsigned ir_reg_live_out_mask(const struct ir_reg_liveness *rl,
                              const struct ir_block *block,
                              const struct ir_def *reg);

/* ---------------------------------------------------------------------- */
/* Loop analysis                                                          */
/* ---------------------------------------------------------------------- */

/** Upper bound of the iterations ir_analyze_loops() simulates. */
#define IR_LOOP_MAX_SIMULATED_ITERATIONS (1 << 16)

/**
 * Fills ir_loop::info of every loop of @p fn.  trip_count is the number of
 * times the back edge is taken — the number of iterations that run to the
 * end of the body — when it is a compile-time constant, else -1; the loop
 * header then runs trip_count + 1 times, the last time leaving through the
 * break whose condition limiting_condition computes.  See ir_loop_analyze.c
 * for the loop forms recognised.
 */
void ir_analyze_loops(struct ir_function *fn);

#endif
