/* SPDX-License-Identifier: MIT */

/*
 * Internals shared by the core files of the IR (ir.c, ir_cf*.c): keeping
 * the control-flow graph (successors, predecessors, phi predecessors) in
 * step with the structured tree.  Not for passes: they edit control flow
 * through ir_instr_insert()/ir_instr_remove() (jumps) and the ir_cf_*()
 * functions of ir.h, which call these.
 */
#ifndef IR_CF_PRIV_H
#define IR_CF_PRIV_H

#include "compiler/ir/ir.h"

/**
 * Sets the successors of @p block to @p s0 and @p s1 (either may be NULL).
 * Edges that disappear are removed from the old successor's predecessors
 * together with the old successor's phi sources naming @p block; new edges
 * are added to the new successor's predecessors; edges kept are untouched
 * (so their phi sources stay).
 */
void ir_block_set_succs(struct ir_function *fn, struct ir_block *block,
                        struct ir_block *s0, struct ir_block *s1);

/**
 * Recomputes the successors of @p block from its position in the tree
 * (its trailing jump, the node after it, or its parent) and sets them with
 * ir_block_set_succs().  The block must be inside @p fn's body.
 */
void ir_block_update_succs(struct ir_function *fn, struct ir_block *block);

/** An if or loop with empty lists (ir_if_create()/ir_loop_create() give
 * each list a block); NULL when out of memory. */
struct ir_if *ir_if_alloc(struct ir_function *fn);
struct ir_loop *ir_loop_alloc(struct ir_function *fn);

/** Marks the CFG-dependent metadata of @p fn invalid after an edit. */
void ir_cf_invalidate(struct ir_function *fn);

/** Unlinks every source of @p instr from its def's use list (the sources
 * keep pointing at their defs, so a later ir_instr_insert() relinks them). */
void ir_instr_unlink_srcs(struct ir_instr *instr);

#endif
