/* SPDX-License-Identifier: MIT */

/*
 * If-to-select ("peephole select"): a small if whose two sides only
 * compute values is replaced by computing both sides unconditionally and
 * selecting the results with bcsel.
 *
 *    if %c {                            %t = fadd %a, %b
 *      b1:  %t = fadd %a, %b            %e = fmul %a, %b
 *    } else {                  ==>      %r = bcsel %c.xxxx, %t, %e
 *      b2:  %e = fmul %a, %b
 *    }
 *    b3:  %r = phi b1: %t, b2: %e
 *
 * Conditions, checked for each if: each side is a single block (no nested
 * control flow) that ends without a jump and holds only ALU, load_const
 * and undef instructions; the number of ALU instructions on each side is
 * at most max_cost (constants and undefs are free: they are folded or
 * shared by later passes).  Intrinsics and texture instructions are never
 * speculated, even pure-looking ones: a load of mutable memory may read
 * something else when hoisted, a derivative or an implicit-LOD tex reads
 * lanes that the if may have switched off, and side effects must not
 * happen in lanes that did not take the side.  ALU opcodes have no side
 * effects and no traps (integer division by zero gives 0), so running
 * both sides is safe.
 *
 * Transformation: the instructions of the then side, then those of the
 * else side, are moved before the if (ir_cf_extract / ir_cf_reinsert, so
 * uses stay linked); each phi of the block after the if becomes
 * bcsel(condition, then-value, else-value) — or the value itself when
 * both sides give the same def — and the now empty if is removed, which
 * joins the blocks around it.  The walk is in post-order of the cf tree,
 * so once an inner if is flattened its parent may be flattened in the same
 * run; a second run makes no progress.
 *
 * The obvious check "the sides have no side effects" is not enough: a
 * side that ends in a jump has no phi source for its value but changes
 * control flow, and must stay:
 *
 *    loop {
 *      ...
 *      if %c { b1: break } else { b2: }
 *    }
 *
 * max_cost == 0 disables the pass (ir_compiler_options::max_select_cost).
 *
 * Requires: SSA.  Invalidates: the CFG and every analysis (blocks are
 * merged).  The speculated instructions whose value no phi used are left
 * for ir_opt_dce().
 */

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"

/* The only node of @p list when it is a single block, else NULL. */
static struct ir_block *
single_block(struct u_list *list)
{
   struct ir_cf_node *first = u_list_first(list, struct ir_cf_node, link);
   if (list->next != list->prev)
      return NULL;
   return ir_cf_as_block(first);
}

/* Whether @p block may run unconditionally, with at most @p max_cost ALU
 * instructions. */
static bool
side_is_speculatable(struct ir_block *block, unsigned max_cost)
{
   unsigned cost = 0;
   ir_foreach_instr (block, instr) {
      switch (instr->kind) {
      case IR_INSTR_ALU:
         if (++cost > max_cost)
            return false;
         break;
      case IR_INSTR_LOAD_CONST:
      case IR_INSTR_UNDEF:
         break;
      default:
         return false;
      }
   }
   return true;
}

/* Moves every instruction of @p side to the end of the block before
 * @p nif. */
static void
hoist_side(struct ir_if *nif, struct ir_block *side)
{
   if (u_list_is_empty(&side->instrs))
      return;
   struct ir_cf_list moved;
   ir_cf_extract(&moved, ir_before_block(side), ir_after_block(side));
   ir_cf_reinsert(&moved, ir_before_cf_node(&nif->cf));
}

/* The source of @p phi coming from @p pred. */
static struct ir_def *
phi_src_from(struct ir_phi *phi, struct ir_block *pred)
{
   ir_foreach_phi_src (phi, psrc) {
      if (psrc->pred == pred)
         return psrc->src.def;
   }
   return NULL;
}

static bool
try_select(struct ir_function *fn, struct ir_if *nif, unsigned max_cost)
{
   struct ir_block *then_block = single_block(&nif->then_list);
   struct ir_block *else_block = single_block(&nif->else_list);
   if (!then_block || !else_block || ir_block_last_jump(then_block) ||
       ir_block_last_jump(else_block) ||
       !side_is_speculatable(then_block, max_cost) ||
       !side_is_speculatable(else_block, max_cost))
      return false;

   struct ir_block *merge = ir_cf_as_block(ir_cf_node_next(&nif->cf));
   ir_foreach_instr (merge, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      /* Anything but one source per side is a broken invariant; leave
       * such an if alone rather than guess. */
      if (!phi_src_from(phi, then_block) || !phi_src_from(phi, else_block))
         return false;
   }

   hoist_side(nif, then_block);
   hoist_side(nif, else_block);

   struct ir_def *cond = nif->condition.def;
   struct ir_builder b = ir_builder_at(fn, ir_after_phis(merge));
   ir_foreach_instr_safe (merge, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      struct ir_def *t = phi_src_from(phi, then_block);
      struct ir_def *e = phi_src_from(phi, else_block);
      struct ir_def *value = t;
      if (t != e) {
         static const uint8_t splat[IR_MAX_VEC] = { 0, 0, 0, 0 };
         struct ir_def *srcs[3] = { cond, t, e };
         const uint8_t(*swz[3])[IR_MAX_VEC] = { &splat, NULL, NULL };
         value = ir_build_alu_swz(&b, IR_OP_BCSEL, phi->def.num_components,
                                  phi->def.bit_size, srcs, swz);
      }
      ir_def_rewrite_uses(&phi->def, value);
      ir_instr_remove(&phi->instr);
   }

   ir_cf_node_remove(&nif->cf);
   return true;
}

static bool
visit_list(struct ir_function *fn, struct u_list *list, unsigned max_cost)
{
   bool progress = false;
   for (struct u_list *l = list->next; l != list; l = l->next) {
      struct ir_cf_node *node = u_container_of(l, struct ir_cf_node, link);
      if (node->kind == IR_CF_LOOP) {
         progress |= visit_list(fn, &ir_cf_as_loop(node)->body, max_cost);
      } else if (node->kind == IR_CF_IF) {
         struct ir_if *nif = ir_cf_as_if(node);
         progress |= visit_list(fn, &nif->then_list, max_cost);
         progress |= visit_list(fn, &nif->else_list, max_cost);
         /* The block before the if survives its removal (it absorbs the
          * block after it), so the walk resumes there. */
         struct u_list *prev = l->prev;
         if (try_select(fn, nif, max_cost)) {
            progress = true;
            l = prev;
         }
      }
   }
   return progress;
}

bool
ir_opt_if_to_select(struct ir_shader *s, unsigned max_cost)
{
   if (max_cost == 0)
      return false;
   bool progress = false;
   ir_foreach_function (s, fn) {
      if (visit_list(fn, &fn->body, max_cost)) {
         progress = true;
         ir_metadata_preserve(fn, IR_METADATA_NONE);
      }
   }
   return progress;
}
