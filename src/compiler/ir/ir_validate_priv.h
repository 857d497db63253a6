/* SPDX-License-Identifier: MIT */

/*
 * Internals shared by the two halves of the validator: ir_validate.c
 * (structure, CFG, dominance, SSA and use lists) and ir_validate_instr.c
 * (the rules of each instruction kind).  Not for use outside them.
 */
#ifndef IR_VALIDATE_PRIV_H
#define IR_VALIDATE_PRIV_H

#include <stdbool.h>

#include "compiler/ir/ir.h"
#include "util/u_dynarray.h"

struct u_set;

/** What the validator knows about one block of the function. */
struct ir_validate_block {
   struct ir_block *block;
   /** Position in program order: the printer's label bN. */
   unsigned label;
   /** The function's end block (not in the body). */
   bool is_end;
   /** The innermost loop around the block, or NULL. */
   struct ir_loop *loop;
   /** The if or loop right after the block in its list, or NULL. */
   struct ir_cf_node *next_node;
   struct ir_if *following_if;
   /** Where falling off the end of the block's list goes. */
   struct ir_block *list_end;
   /** First block of the innermost loop and the block after it. */
   struct ir_block *loop_first;
   struct ir_block *loop_next;
   /** The block's trailing jump, if any. */
   struct ir_jump *jump;

   /** Successors and predecessors implied by the structure. */
   struct ir_block *succ[2];
   struct ir_validate_block **preds;
   unsigned num_preds;
   /** Scratch for duplicate detection. */
   unsigned mark;

   /* Dominance over the implied CFG. */
   unsigned dfs;
   /** Reverse postorder number; -1 when unreachable from the start. */
   int rpo;
   struct ir_validate_block *idom;
   struct ir_validate_block *first_child, *next_sibling, *dom_iter;
   unsigned dom_pre, dom_post;
};

/** Where a def is defined. */
struct ir_validate_def {
   struct ir_validate_block *block;
   /** Position of the defining instruction in its block. */
   unsigned pos;
};

/** Validation state. */
struct ir_validate_ctx {
   struct ir_shader *shader;
   /** Scratch, freed at the end of ir_validate(). */
   struct u_arena *mem;
   struct u_set *shader_vars;

   /* The function being checked. */
   struct ir_function *fn;
   struct u_set *locals;
   struct u_hash_table *block_map; /**< ir_block → block_info */
   struct u_dynarray block_list;
   /** In program order; the end block last. */
   struct ir_validate_block **blocks;
   unsigned num_blocks;
   unsigned num_labels;
   unsigned mark;
   /** Def of each index (NULL if none) and where it is defined. */
   struct ir_def **def_by_index;
   struct ir_validate_def *defs;
   /** Every entry of every use list, and every source seen. */
   struct u_set *listed;
   struct u_set *srcs;

   /* Where the current check is, for the message. */
   struct ir_validate_block *where_block;
   const struct ir_if *where_if;
   struct ir_instr *where_instr;
   unsigned where_pos;
   bool instr_printable;

   bool failed;
   char *error;
};

/** Records the first failure (with the current location); returns false. */
bool ir_validate_fail(struct ir_validate_ctx *c, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
/** Walks a list checking its links; false (and a failure) if broken. */
bool ir_validate_check_list(struct ir_validate_ctx *c,
                            const struct u_list *head, const char *what);
struct ir_validate_block *ir_validate_block_info(struct ir_validate_ctx *c,
                                                 const struct ir_block *b);
const char *ir_validate_block_name(struct ir_validate_ctx *c,
                                   const struct ir_block *b);
/** NULL if @p def is not a def of the function being checked. */
struct ir_validate_def *ir_validate_def_info(struct ir_validate_ctx *c,
                                             const struct ir_def *def);
bool ir_validate_dominates(const struct ir_validate_block *a,
                           const struct ir_validate_block *b);

/** Checks a source of the current instruction, read at its position. */
bool ir_validate_check_src(struct ir_validate_ctx *c, struct ir_src *src,
                           const char *what);
/** Checks a source of the current instruction (a phi) read at the end of
 * @p pred. */
bool ir_validate_check_src_at_end(struct ir_validate_ctx *c, struct ir_src *src,
                                  const char *what,
                                  struct ir_validate_block *pred);

/** Whether a def size is valid: 1..4 components of 1, 8, 16, 32, 64 bits. */
static inline bool
ir_validate_def_size(unsigned bit_size, unsigned num_components)
{
   return num_components >= 1 && num_components <= IR_MAX_VEC &&
          (bit_size == 1 || bit_size == 8 || bit_size == 16 || bit_size == 32 ||
           bit_size == 64);
}

/** Whether ir_print_instr() can print @p instr without reading through
 * invalid pointers or indices. */
bool ir_validate_instr_printable(struct ir_validate_ctx *c,
                                 const struct ir_instr *instr);
/** The kind-specific rules (ir_validate_instr.c). */
bool ir_validate_instr(struct ir_validate_ctx *c, struct ir_instr *instr);

#endif
