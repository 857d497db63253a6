/* SPDX-License-Identifier: MIT */

/*
 * Dead code elimination: removes every instruction whose result can never
 * affect a side effect or control flow.
 *
 * Algorithm: mark and sweep over the whole function at once.
 *  - Roots (live whatever their uses): instructions with side effects —
 *    intrinsics without IR_INTRINSIC_CAN_ELIMINATE (store_deref,
 *    store_output, discard, barriers, ...), jumps and parallel copies —
 *    and the condition of every if.
 *  - A worklist then marks the instruction defining each source of a live
 *    instruction (phi sources included), so liveness flows along use-def
 *    edges in any order and loops need no fixed-point iteration: a phi
 *    and the back-edge value feeding it are live together or dead
 *    together.
 *  - Registers of non-SSA code: a store_reg / store_reg_indirect is live
 *    only if its register is read by a live load_reg / load_reg_indirect.
 *    When the first live load of a register is found, the register's
 *    decl_reg and every store into it become live.  So a register that is
 *    only written (or read only by dead code) disappears with its stores
 *    and its decl_reg.  Parallel copies stay roots: they write several
 *    registers at once and only exist briefly, between out-of-SSA and
 *    ir_lower_parallel_copies().
 *  - Sweep: every unmarked instruction is removed.  Dead instructions may
 *    use each other in cycles (a dead loop phi and its increment), so the
 *    sources of all dead instructions are cleared first, then they are
 *    removed.
 *
 * Counterexample to the obvious "remove instructions without uses, until
 * nothing changes": it never removes a dead loop counter,
 *
 *    loop {
 *      %1 = phi b0: %0, b2: %2     (used by %2)
 *      %2 = iadd %1, %c            (used by %1)
 *      ...
 *
 * since each keeps the other used.  Marking from the roots does.
 *
 * Requires: nothing.  Preserves: the CFG (no jump is removed), block
 * indices, dominance.  Invalidates: instruction indices, liveness, loop
 * analysis.
 */
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"
#include "util/u_arena.h"

/* ir_instr::pass_flags bits. */
#define LIVE     1u
#define REG_READ 2u

struct dce_state {
   /* Live instructions whose sources are not marked yet; each instruction
    * enters at most once, so num_instrs entries suffice. */
   struct ir_instr **worklist;
   unsigned count;
};

static void
mark(struct dce_state *st, struct ir_instr *instr)
{
   if (instr->pass_flags & LIVE)
      return;
   instr->pass_flags |= LIVE;
   st->worklist[st->count++] = instr;
}

static bool
is_store_reg(const struct ir_intrinsic *intr)
{
   return intr->op == IR_INTRINSIC_STORE_REG ||
          intr->op == IR_INTRINSIC_STORE_REG_INDIRECT;
}

static bool
is_load_reg(const struct ir_intrinsic *intr)
{
   return intr->op == IR_INTRINSIC_LOAD_REG ||
          intr->op == IR_INTRINSIC_LOAD_REG_INDIRECT;
}

/* The decl_reg a register access names (source 1 of a store, 0 of a
 * load), or NULL if the handle does not come from one. */
static struct ir_intrinsic *
reg_decl(const struct ir_intrinsic *intr)
{
   const struct ir_src *handle =
      is_store_reg(intr) ? &intr->src[1] : &intr->src[0];
   struct ir_intrinsic *decl =
      handle->def ? ir_def_as_intrinsic(handle->def) : NULL;
   return decl && decl->op == IR_INTRINSIC_DECL_REG ? decl : NULL;
}

static bool
is_root(struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_JUMP:
   case IR_INSTR_PARALLEL_COPY:
      return true;
   case IR_INSTR_INTRINSIC: {
      struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      if (is_store_reg(intr))
         return !reg_decl(intr);
      return !(ir_intrinsic_infos[intr->op].flags & IR_INTRINSIC_CAN_ELIMINATE);
   }
   default:
      return false;
   }
}

/* The first live read of a register keeps its declaration and every
 * store into it. */
static void
mark_reg_read(struct dce_state *st, struct ir_intrinsic *decl)
{
   if (decl->instr.pass_flags & REG_READ)
      return;
   decl->instr.pass_flags |= REG_READ;
   mark(st, &decl->instr);
   ir_foreach_use (&decl->def, use) {
      if (use->is_if_condition)
         continue;
      struct ir_intrinsic *user = ir_instr_as_intrinsic(use->parent_instr);
      if (user && is_store_reg(user) && use == &user->src[1])
         mark(st, &user->instr);
   }
}

static bool
mark_src(struct ir_src *src, void *data)
{
   if (src->def)
      mark(data, src->def->parent);
   return true;
}

static bool
clear_src(struct ir_src *src, void *data)
{
   ir_src_set(src, NULL);
   return true;
}

static bool
dce_function(struct ir_function *fn)
{
   unsigned num_instrs = 0;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         instr->pass_flags = 0;
         num_instrs++;
      }
   }
   if (!num_instrs)
      return false;

   struct u_arena *scratch = u_arena_create(fn->shader->arena);
   if (!scratch)
      return false;
   struct dce_state st = { .count = 0 };
   st.worklist = u_arena_alloc_array(scratch, num_instrs, sizeof(*st.worklist));
   if (!st.worklist) {
      u_arena_destroy(scratch);
      return false;
   }

   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         if (is_root(instr))
            mark(&st, instr);
      }
      struct ir_if *nif = ir_block_get_following_if(block);
      if (nif && nif->condition.def)
         mark(&st, nif->condition.def->parent);
   }

   while (st.count) {
      struct ir_instr *instr = st.worklist[--st.count];
      struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      if (intr && is_load_reg(intr)) {
         struct ir_intrinsic *decl = reg_decl(intr);
         if (decl)
            mark_reg_read(&st, decl);
      }
      ir_instr_foreach_src(instr, mark_src, &st);
   }
   u_arena_destroy(scratch);

   /* Dead instructions only feed dead instructions: drop their sources
    * first, so that removing them in any order leaves no dangling use. */
   bool progress = false;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         if (!(instr->pass_flags & LIVE)) {
            ir_instr_foreach_src(instr, clear_src, NULL);
            progress = true;
         }
      }
   }
   if (!progress)
      return false;

   ir_foreach_block (fn, block) {
      ir_foreach_instr_safe (block, instr) {
         if (!(instr->pass_flags & LIVE))
            ir_instr_remove(instr);
      }
   }
   ir_metadata_preserve(fn, IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
   return true;
}

bool
ir_opt_dce(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_function (s, fn)
      progress |= dce_function(fn);
   return progress;
}
