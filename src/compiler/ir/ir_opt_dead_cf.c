/* SPDX-License-Identifier: MIT */

/*
 * Dead control-flow removal: simplifies ifs and loops whose outcome is
 * known and deletes code that cannot run.
 *
 * Algorithm: a walk over each cf list, children before their parent (so
 * an if sees its sides already simplified), applying:
 *
 *  1. Unreachable code.  What follows a block ending in a jump in the same
 *     list can never run; neither can the block after an if or loop when
 *     it has no predecessors (both sides of the if end in jumps, or the
 *     loop has no break).  Everything from there to the end of the list is
 *     extracted and deleted; the list keeps its (now empty) last block.
 *  2. Constant conditions.  `if true/false` becomes its taken side: the
 *     phis after the if take the value the taken side brings, the taken
 *     side is moved in front of the if, and the if (with the other side)
 *     is deleted.  If the taken side ends in a jump, the code after the if
 *     is unreachable and goes with it.
 *  3. Loops that run once: when the body's last block ends in the loop's
 *     only break and no continue targets the loop (`loop { ...; break }`),
 *     the header phis take their value from before the loop, the phis
 *     after it the value from the break, the break is dropped and the body
 *     moved in front of the loop, which is then removed.
 *  4. Useless ifs and loops: no instruction inside has a side effect, no
 *     jump leaves it (a return, or a break/continue of an enclosing loop),
 *     and no def inside is used outside except by phis after it that are
 *     themselves unused.  Those phis and the node are removed; empty ifs
 *     are the simplest case.  A loop must also have a break (the block
 *     after it a predecessor), and neither kind may contain a loop
 *     without one: a loop that cannot exit is kept, since removing it
 *     would make a hanging shader terminate.  (A loop with a break whose
 *     condition never holds is not detected, and is removed like any
 *     loop without effects.)
 *
 * Whenever code is deleted, its defs may still be used where nothing can
 * reach: in unreachable blocks outside the deleted region, or by a phi
 * source naming an unreachable predecessor (the loop header phi fed by an
 * unreachable last block of the body).  Those uses are rewritten to an
 * undef of the same size at the start of the function, which dominates
 * everything.  A reachable use cannot exist: a reachable block is not
 * dominated by an unreachable def.
 *
 * Counterexample for folding the if before fixing its phis:
 *
 *    if true { b1: %1 = ... } else { b2: %2 = ... }
 *    b3: %3 = phi b1: %1, b2: %2
 *
 * moving b1's code up and deleting the if first would drop both phi
 * sources with their edges, leaving %3 with nothing to take; the phi is
 * resolved to %1 while the edges still exist.
 *
 * All edits go through the core control-flow API (ir_cf_extract,
 * ir_cf_reinsert, ir_cf_delete, ir_cf_node_remove), which keeps the
 * predecessors, successors and phi sources in step.
 *
 * Requires: nothing.  Preserves: nothing when it makes progress (blocks
 * and edges change).
 */
#include <stdbool.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"

/* ---------------------------------------------------------------------- */
/* Helpers                                                                */
/* ---------------------------------------------------------------------- */

static struct ir_def *
new_undef(struct ir_function *fn, const struct ir_def *like)
{
   struct ir_undef *u =
      ir_undef_create(fn, like->num_components, like->bit_size);
   if (!u)
      return NULL;
   ir_instr_insert(ir_before_block(ir_start_block(fn)), &u->instr);
   return &u->def;
}

/* Whether @p node sits inside @p ancestor (or is it). */
static bool
cf_is_inside(const struct ir_cf_node *node, const struct ir_cf_node *ancestor)
{
   for (; node; node = node->parent) {
      if (node == ancestor)
         return true;
   }
   return false;
}

/* The cf node where a use is read: its instruction's block or its if. */
static struct ir_cf_node *
use_cf_node(const struct ir_src *use)
{
   if (use->is_if_condition)
      return &use->parent_if->cf;
   return use->parent_instr->block ? &use->parent_instr->block->cf : NULL;
}

/* Replaces every phi of @p block with its source from @p pred (an undef
 * when @p pred is NULL or names no source). */
static void
resolve_phis(struct ir_function *fn, struct ir_block *block,
             struct ir_block *pred)
{
   ir_foreach_instr_safe (block, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      struct ir_def *value = NULL;
      ir_foreach_phi_src (phi, psrc) {
         if (pred && psrc->pred == pred)
            value = psrc->src.def;
      }
      if (!value || value == &phi->def) {
         if (ir_def_has_uses(&phi->def))
            value = new_undef(fn, &phi->def);
      }
      if (value)
         ir_def_rewrite_uses(&phi->def, value);
      if (!ir_def_has_uses(&phi->def))
         ir_instr_remove(instr);
   }
}

/* Removes the phis of @p block, which must have no uses. */
static void
remove_unused_phis(struct ir_block *block)
{
   ir_foreach_instr_safe (block, instr) {
      if (instr->kind != IR_INSTR_PHI)
         break;
      ir_instr_remove(instr);
   }
}

static bool
phis_unused(struct ir_block *block)
{
   ir_foreach_instr (block, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      if (ir_def_has_uses(&phi->def))
         return false;
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Deleting a region                                                      */
/* ---------------------------------------------------------------------- */

static void patch_list(struct ir_function *fn, struct u_list *list);

/* Uses of @p block's defs by code still in the function get undefs. */
static void
patch_block(struct ir_function *fn, struct ir_block *block)
{
   ir_foreach_instr (block, instr) {
      struct ir_def *def = ir_instr_def(instr);
      if (!def)
         continue;
      struct ir_def *undef = NULL;
      ir_foreach_use_safe (def, use) {
         struct ir_cf_node *where = use_cf_node(use);
         /* A detached node has no function above it. */
         if (!where || !ir_cf_node_get_function(where))
            continue;
         if (!undef)
            undef = new_undef(fn, def);
         if (undef)
            ir_src_set(use, undef);
      }
   }
}

static void
patch_list(struct ir_function *fn, struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK:
         patch_block(fn, ir_cf_as_block(node));
         break;
      case IR_CF_IF:
         patch_list(fn, &ir_cf_as_if(node)->then_list);
         patch_list(fn, &ir_cf_as_if(node)->else_list);
         break;
      case IR_CF_LOOP:
         patch_list(fn, &ir_cf_as_loop(node)->body);
         break;
      case IR_CF_FUNCTION:
         break;
      }
   }
}

/* Deletes the code between two cursors of one cf list. */
static void
delete_region(struct ir_function *fn, struct ir_cursor begin,
              struct ir_cursor end)
{
   struct ir_cf_list list;
   ir_cf_extract(&list, begin, end);
   patch_list(fn, &list.list);
   ir_cf_delete(&list);
}

static struct ir_block *
last_block_of_list(struct ir_cf_node *node)
{
   struct ir_cf_node *last = node;
   for (struct ir_cf_node *n = node; n; n = ir_cf_node_next(n))
      last = n;
   return ir_cf_as_block(last);
}

/*
 * Deletes the code from @p begin to the end of the cf list holding it.
 *
 * The block that stays at the end of the list must keep the fall-through
 * edge the tree gives it (to the loop header, the block after the if, the
 * end block).  ir_cf_extract() moves the outgoing edges of the list's old
 * last block to it, but when that block ends in a jump the edge is the
 * jump's and leaves with it, so the joined block would have no successor.
 * So the jump is removed first: the old last block then falls through,
 * and the phis of its successor get an undef for the new edge (the
 * caller's part, as for any edge a jump removal adds).
 */
static void
delete_to_end_of_list(struct ir_function *fn, struct ir_cursor begin,
                      struct ir_block *last)
{
   struct ir_jump *jump = ir_block_last_jump(last);
   if (jump) {
      ir_instr_remove(&jump->instr);
      struct ir_block *succ = last->succ[0];
      if (succ) {
         ir_foreach_instr (succ, instr) {
            struct ir_phi *phi = ir_instr_as_phi(instr);
            if (!phi)
               break;
            bool has_src = false;
            ir_foreach_phi_src (phi, psrc)
               has_src |= psrc->pred == last;
            struct ir_def *undef = has_src ? NULL : new_undef(fn, &phi->def);
            if (undef)
               ir_phi_add_src(phi, last, undef);
         }
      }
   }
   delete_region(fn, begin, ir_after_block(last));
}

/* Rule 1: deletes what follows @p block when nothing can reach it. */
static bool
remove_unreachable(struct ir_function *fn, struct ir_block *block)
{
   struct ir_cf_node *next = ir_cf_node_next(&block->cf);
   if (ir_block_last_jump(block)) {
      if (!next)
         return false;
      delete_to_end_of_list(fn, ir_after_block(block),
                            last_block_of_list(next));
      return true;
   }

   struct ir_cf_node *prev = ir_cf_node_prev(&block->cf);
   if (!prev || block->num_preds)
      return false;
   if (!next && u_list_is_empty(&block->instrs))
      return false;
   delete_to_end_of_list(fn, ir_before_block(block),
                         last_block_of_list(&block->cf));
   return true;
}

/* ---------------------------------------------------------------------- */
/* Side effects and escaping jumps                                        */
/* ---------------------------------------------------------------------- */

struct scan {
   /* The node examined. */
   struct ir_cf_node *node;
   /* Jumps of a loop node to its own exit and header. */
   unsigned breaks, continues;
   /* Something inside has a side effect or may never end. */
   bool side_effects;
   /* A jump leaves the node, or a def is used outside it. */
   bool escapes;
};

static bool
instr_has_side_effects(const struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_PARALLEL_COPY:
      return true;
   case IR_INSTR_INTRINSIC:
      return !(ir_intrinsic_infos[ir_instr_as_intrinsic(instr)->op].flags &
               IR_INTRINSIC_CAN_ELIMINATE);
   default:
      return false;
   }
}

/* Whether a use of a def inside the scanned node is outside it (phis of
 * the block after the node count as inside when they are unused, since
 * they go with it). */
static bool
use_is_outside(const struct scan *sc, const struct ir_src *use)
{
   struct ir_cf_node *where = use_cf_node(use);
   if (!where || cf_is_inside(where, sc->node))
      return false;
   if (!use->is_if_condition && use->parent_instr->kind == IR_INSTR_PHI &&
       where == ir_cf_node_next(sc->node) &&
       !ir_def_has_uses(ir_instr_def(use->parent_instr)))
      return false;
   return true;
}

static void scan_list(struct scan *sc, struct u_list *list,
                      unsigned loop_depth);

static void
scan_block(struct scan *sc, struct ir_block *block, unsigned loop_depth)
{
   ir_foreach_instr (block, instr) {
      sc->side_effects |= instr_has_side_effects(instr);
      struct ir_jump *jump = ir_instr_as_jump(instr);
      if (jump) {
         /* loop_depth counts loops inside the node: their jumps stay in. */
         if (jump->jump_kind == IR_JUMP_RETURN)
            sc->escapes = true;
         else if (loop_depth == 0 && sc->node->kind != IR_CF_LOOP)
            sc->escapes = true;
         else if (loop_depth == 0 && jump->jump_kind == IR_JUMP_BREAK)
            sc->breaks++;
         else if (loop_depth == 0)
            sc->continues++;
      }
      struct ir_def *def = ir_instr_def(instr);
      if (def && !sc->escapes) {
         ir_foreach_use (def, use) {
            if (use_is_outside(sc, use)) {
               sc->escapes = true;
               break;
            }
         }
      }
   }
}

static void
scan_list(struct scan *sc, struct u_list *list, unsigned loop_depth)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK:
         scan_block(sc, ir_cf_as_block(node), loop_depth);
         break;
      case IR_CF_IF:
         scan_list(sc, &ir_cf_as_if(node)->then_list, loop_depth);
         scan_list(sc, &ir_cf_as_if(node)->else_list, loop_depth);
         break;
      case IR_CF_LOOP: {
         /* A loop that cannot exit keeps its container: removing it would
          * make a hanging shader terminate. */
         struct ir_block *after = ir_cf_as_block(ir_cf_node_next(node));
         if (after && after->num_preds == 0)
            sc->side_effects = true;
         scan_list(sc, &ir_cf_as_loop(node)->body, loop_depth + 1);
         break;
      }
      case IR_CF_FUNCTION:
         break;
      }
   }
}

static struct scan
scan_node(struct ir_cf_node *node)
{
   struct scan sc = { .node = node };
   if (node->kind == IR_CF_IF) {
      scan_list(&sc, &ir_cf_as_if(node)->then_list, 0);
      scan_list(&sc, &ir_cf_as_if(node)->else_list, 0);
   } else {
      scan_list(&sc, &ir_cf_as_loop(node)->body, 0);
   }
   return sc;
}

/* ---------------------------------------------------------------------- */
/* Ifs                                                                    */
/* ---------------------------------------------------------------------- */

static bool
const_condition(const struct ir_if *nif, bool *value)
{
   const struct ir_def *cond = nif->condition.def;
   const struct ir_load_const *lc = cond ? ir_def_as_load_const(cond) : NULL;
   if (!lc)
      return false;
   switch (cond->bit_size) {
   case 1:
      *value = lc->value[0].b;
      return true;
   case 8:
      *value = lc->value[0].u8 != 0;
      return true;
   case 16:
      *value = lc->value[0].u16 != 0;
      return true;
   case 32:
      *value = lc->value[0].u32 != 0;
      return true;
   default:
      *value = lc->value[0].u64 != 0;
      return true;
   }
}

/* Rule 2. */
static void
fold_constant_if(struct ir_function *fn, struct ir_if *nif, bool taken)
{
   struct ir_block *next = ir_cf_as_block(ir_cf_node_next(&nif->cf));
   struct ir_block *first =
      taken ? ir_if_first_then_block(nif) : ir_if_first_else_block(nif);
   struct ir_block *last =
      taken ? ir_if_last_then_block(nif) : ir_if_last_else_block(nif);

   /* If the taken side ends in a jump, the block after the if is
    * unreachable and deleted below, phis and all. */
   if (!ir_block_last_jump(last))
      resolve_phis(fn, next, last);

   struct ir_cf_list side;
   ir_cf_extract(&side, ir_before_block(first), ir_after_block(last));
   ir_cf_reinsert(&side, ir_before_cf_node(&nif->cf));

   struct ir_block *before = ir_cf_as_block(ir_cf_node_prev(&nif->cf));
   if (ir_block_last_jump(before)) {
      delete_to_end_of_list(fn, ir_after_block(before),
                            last_block_of_list(&next->cf));
   } else {
      delete_region(fn, ir_after_block(before), ir_before_block(next));
   }
}

static bool
opt_if(struct ir_function *fn, struct ir_if *nif)
{
   bool taken;
   if (const_condition(nif, &taken)) {
      fold_constant_if(fn, nif, taken);
      return true;
   }

   struct scan sc = scan_node(&nif->cf);
   if (sc.side_effects || sc.escapes)
      return false;
   struct ir_block *next = ir_cf_as_block(ir_cf_node_next(&nif->cf));
   if (!phis_unused(next))
      return false;
   remove_unused_phis(next);
   ir_cf_node_remove(&nif->cf);
   return true;
}

/* ---------------------------------------------------------------------- */
/* Loops                                                                  */
/* ---------------------------------------------------------------------- */

/* Rule 3. */
static bool
unwrap_loop_once(struct ir_function *fn, struct ir_loop *loop,
                 const struct scan *sc)
{
   struct ir_block *header = ir_loop_first_block(loop);
   struct ir_block *last = ir_loop_last_block(loop);
   struct ir_jump *jump = ir_block_last_jump(last);
   if (!jump || jump->jump_kind != IR_JUMP_BREAK || sc->breaks != 1 ||
       sc->continues != 0)
      return false;

   struct ir_block *before = ir_cf_as_block(ir_cf_node_prev(&loop->cf));
   struct ir_block *after = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   resolve_phis(fn, header, before);
   resolve_phis(fn, after, last);
   ir_instr_remove(&jump->instr);

   struct ir_cf_list body;
   ir_cf_extract(&body, ir_before_block(header), ir_after_block(last));
   ir_cf_reinsert(&body, ir_before_cf_node(&loop->cf));
   ir_cf_node_remove(&loop->cf);
   return true;
}

static bool
opt_loop(struct ir_function *fn, struct ir_loop *loop)
{
   struct scan sc = scan_node(&loop->cf);
   if (unwrap_loop_once(fn, loop, &sc))
      return true;

   struct ir_block *after = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   if (sc.side_effects || sc.escapes || after->num_preds == 0 ||
       !phis_unused(after))
      return false;
   remove_unused_phis(after);
   ir_cf_node_remove(&loop->cf);
   return true;
}

/* ---------------------------------------------------------------------- */
/* The walk                                                               */
/* ---------------------------------------------------------------------- */

static bool
dead_cf_list(struct ir_function *fn, struct u_list *list)
{
   bool progress = false;
   struct ir_cf_node *node = u_list_is_empty(list)
                                ? NULL
                                : u_list_first(list, struct ir_cf_node, link);
   while (node) {
      switch (node->kind) {
      case IR_CF_BLOCK:
         progress |= remove_unreachable(fn, ir_cf_as_block(node));
         node = ir_cf_node_next(node);
         break;
      case IR_CF_IF: {
         struct ir_if *nif = ir_cf_as_if(node);
         struct ir_cf_node *prev = ir_cf_node_prev(node);
         progress |= dead_cf_list(fn, &nif->then_list);
         progress |= dead_cf_list(fn, &nif->else_list);
         if (opt_if(fn, nif)) {
            progress = true;
            /* The block before survives every edit: look again from it. */
            node = prev;
         } else {
            node = ir_cf_node_next(node);
         }
         break;
      }
      case IR_CF_LOOP: {
         struct ir_loop *loop = ir_cf_as_loop(node);
         struct ir_cf_node *prev = ir_cf_node_prev(node);
         progress |= dead_cf_list(fn, &loop->body);
         if (opt_loop(fn, loop)) {
            progress = true;
            node = prev;
         } else {
            node = ir_cf_node_next(node);
         }
         break;
      }
      case IR_CF_FUNCTION:
         node = NULL;
         break;
      }
   }
   return progress;
}

bool
ir_opt_dead_cf(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_function (s, fn) {
      /* Removing a node can make an earlier one useless (its def was used
       * only by the removed one), so walk again until nothing changes;
       * every round deletes something, so this ends. */
      bool fn_progress = false;
      while (dead_cf_list(fn, &fn->body))
         fn_progress = true;
      if (fn_progress) {
         ir_metadata_preserve(fn, IR_METADATA_NONE);
         progress = true;
      }
   }
   return progress;
}
