/* SPDX-License-Identifier: MIT */

/*
 * Full unrolling of loops with a constant trip count.
 *
 * A loop is unrolled when ir_analyze_loops() knows its trip count T (the
 * number of back edges taken; IR_METADATA_LOOP_ANALYSIS),
 * T * (instructions in the loop) <= max_instructions, and it has the shape
 * a front end gives a counted loop: its only exit is one `break` ending
 * the then- or else-list of an if placed directly in the body (the
 * "terminator"), there is no `continue` but possibly one ending the last
 * block of the body, and no `return` anywhere inside.  The terminator may
 * be at the top of the body (`for`, `while`) or at the bottom
 * (`do-while`): the body reads
 *
 *    loop {
 *      PRE           (header phis, ..., the terminator's condition)
 *      if %c { BRK; break } else { CONT }
 *      POST
 *    }
 *
 * and runs PRE, CONT, POST T times, then PRE and BRK once more and leaves
 * (the analysis guarantees that the break is not taken before iteration T
 * and is taken then).  A loop with T = 0 becomes PRE and BRK: a loop
 * known not to repeat disappears.  So does `loop { BODY; break }` (an
 * unconditional break ending the body, and no other jump): it becomes
 * BODY.
 *
 * Algorithm:
 *  1. Phis of the exit block and of the block after the terminator have a
 *     single predecessor (the break block, the continue side); they are
 *     replaced by their source.
 *  2. Each header phi is replaced by a placeholder (an undef before the
 *     loop) that stands for "the value of this phi in the current
 *     iteration"; its two sources (from before the loop and from the back
 *     edge) are kept aside.  The continue ending the body, if any, is
 *     dropped (the end of the body goes to the same place).
 *  3. CONT is moved to the start of POST; PRE, POST and BRK are extracted
 *     as detached lists (ir_cf_extract), leaving an empty loop.
 *  4. For each iteration i < T, PRE then POST are cloned before the loop
 *     (ir_cf_list_clone) with a remap table that maps each placeholder to
 *     its value in iteration i (the entry value for i = 0, else the clone
 *     of the back-edge source made in iteration i - 1); then PRE and BRK
 *     once more.  Uses after the loop of values of PRE and BRK (the only
 *     ones that dominate the exit) are rewritten to their last clones.
 *  5. The empty loop, the templates and the placeholders are removed.
 *
 * Why the header phis cannot simply be cloned and resolved afterwards:
 * a phi's back-edge source may be another header phi,
 *
 *    b1: %a = phi b0: %x, b3: %b
 *        %b = phi b0: %y, b3: %a     (a swap)
 *
 * and resolving the phis of a copy one at a time would read a value
 * already replaced; the placeholders give every phi of an iteration the
 * values of the previous iteration at once.
 *
 * Loops are handled innermost first; after each unroll the analysis is
 * recomputed, since a loop's count may become known once the loops around
 * it are unrolled.
 *
 * Requires: SSA; computes loop analysis.  Invalidates: the CFG and every
 * analysis.  Constant folding and copy propagation clean up the copies.
 */
#include <assert.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_analysis.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"

/* What the checks found out about a loop to unroll. */
struct unroll_shape {
   struct ir_loop *loop;
   struct ir_if *terminator;
   /** The list ending in the break, and the other one. */
   struct u_list *break_list;
   struct u_list *cont_list;
};

/* ---------------------------------------------------------------------- */
/* Checks                                                                 */
/* ---------------------------------------------------------------------- */

struct jump_count {
   unsigned breaks;
   unsigned continues;
   unsigned returns;
   unsigned instrs;
};

/* Counts the jumps of the loop whose body is being walked (@p depth 0)
 * and the instructions. */
static void
count_list(struct u_list *list, unsigned depth, struct jump_count *jc)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK: {
         struct ir_block *b = ir_cf_as_block(node);
         ir_foreach_instr (b, instr)
            jc->instrs++;
         struct ir_jump *j = ir_block_last_jump(b);
         if (!j)
            break;
         if (j->jump_kind == IR_JUMP_RETURN)
            jc->returns++;
         else if (depth == 0 && j->jump_kind == IR_JUMP_BREAK)
            jc->breaks++;
         else if (depth == 0)
            jc->continues++;
         break;
      }
      case IR_CF_IF:
         count_list(&ir_cf_as_if(node)->then_list, depth, jc);
         count_list(&ir_cf_as_if(node)->else_list, depth, jc);
         break;
      case IR_CF_LOOP:
         count_list(&ir_cf_as_loop(node)->body, depth + 1, jc);
         break;
      default:
         break;
      }
   }
}

static struct ir_block *
list_last_block(struct u_list *list)
{
   return ir_cf_as_block(u_list_last(list, struct ir_cf_node, link));
}

static bool
ends_in_break(struct u_list *list)
{
   struct ir_jump *j = ir_block_last_jump(list_last_block(list));
   return j && j->jump_kind == IR_JUMP_BREAK;
}

/* Whether every header phi has one source from before the loop and one
 * from the end of the body, and the header no other predecessor. */
static bool
header_is_simple(struct ir_loop *loop, struct ir_block *pre,
                 struct ir_block *last)
{
   struct ir_block *header = ir_loop_first_block(loop);
   if (header->num_preds != 2)
      return false;
   ir_foreach_instr (header, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      unsigned from_pre = 0, from_last = 0, other = 0;
      ir_foreach_phi_src (phi, psrc) {
         if (psrc->pred == pre)
            from_pre++;
         else if (psrc->pred == last)
            from_last++;
         else
            other++;
      }
      if (from_pre != 1 || from_last != 1 || other)
         return false;
   }
   return true;
}

static bool
loop_is_unrollable(struct ir_loop *loop, unsigned max_instructions,
                   struct unroll_shape *shape)
{
   int trips = loop->info.trip_count;
   if (trips < 0)
      return false;

   struct jump_count jc = { 0 };
   count_list(&loop->body, 0, &jc);
   if (jc.breaks != 1 || jc.returns)
      return false;
   struct ir_block *last = ir_loop_last_block(loop);
   struct ir_jump *last_jump = ir_block_last_jump(last);
   bool ends_in_continue =
      last_jump && last_jump->jump_kind == IR_JUMP_CONTINUE;
   if (jc.continues != (ends_in_continue ? 1u : 0u))
      return false;
   if ((uint64_t)trips * jc.instrs > max_instructions)
      return false;

   shape->loop = loop;
   shape->terminator = NULL;
   u_list_foreach (struct ir_cf_node, node, &loop->body, link) {
      struct ir_if *nif = ir_cf_as_if(node);
      if (!nif)
         continue;
      if (ends_in_break(&nif->then_list)) {
         shape->break_list = &nif->then_list;
         shape->cont_list = &nif->else_list;
      } else if (ends_in_break(&nif->else_list)) {
         shape->break_list = &nif->else_list;
         shape->cont_list = &nif->then_list;
      } else {
         continue;
      }
      shape->terminator = nif;
   }
   struct ir_cf_node *prev = ir_cf_node_prev(&loop->cf);
   struct ir_block *pre = prev ? ir_cf_as_block(prev) : NULL;
   if (!pre || ir_block_last_jump(pre))
      return false;
   if (!shape->terminator) {
      /* `loop { ...; break }`: the body runs once. */
      return last_jump && last_jump->jump_kind == IR_JUMP_BREAK;
   }
   return header_is_simple(loop, pre, last);
}

/* The first unrollable loop of @p list, innermost first. */
static bool
find_loop(struct u_list *list, unsigned max_instructions,
          struct unroll_shape *shape)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      if (node->kind == IR_CF_IF) {
         struct ir_if *nif = ir_cf_as_if(node);
         if (find_loop(&nif->then_list, max_instructions, shape) ||
             find_loop(&nif->else_list, max_instructions, shape))
            return true;
      } else if (node->kind == IR_CF_LOOP) {
         struct ir_loop *loop = ir_cf_as_loop(node);
         if (find_loop(&loop->body, max_instructions, shape) ||
             loop_is_unrollable(loop, max_instructions, shape))
            return true;
      }
   }
   return false;
}

/* ---------------------------------------------------------------------- */
/* Unrolling                                                              */
/* ---------------------------------------------------------------------- */

/* A header phi replaced by a placeholder. */
struct header_value {
   struct ir_def *placeholder;
   struct ir_def *entry;
   struct ir_def *back;
   /** Its value in the iteration being cloned. */
   struct ir_def *current;
};

/* Replaces the phis of @p block, which has a single predecessor, by their
 * source. */
static void
remove_single_source_phis(struct ir_block *block)
{
   ir_foreach_instr_safe (block, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      struct ir_phi_src *psrc =
         u_list_first(&phi->srcs, struct ir_phi_src, link);
      assert(phi->srcs.next == phi->srcs.prev);
      ir_def_rewrite_uses(&phi->def, psrc->src.def);
      ir_instr_remove(&phi->instr);
   }
}

/* Step 2: header phis → placeholders before the loop. */
static bool
replace_header_phis(struct ir_function *fn, struct ir_loop *loop,
                    struct ir_block *pre, struct u_dynarray *values)
{
   struct ir_block *header = ir_loop_first_block(loop);
   struct ir_builder b = ir_builder_at(fn, ir_after_block(pre));
   ir_foreach_instr (header, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      struct header_value hv = { 0 };
      hv.placeholder = ir_undef(&b, phi->def.num_components, phi->def.bit_size);
      if (!hv.placeholder ||
          !u_dynarray_append(values, struct header_value, hv))
         return false;
      ir_def_rewrite_uses(&phi->def, hv.placeholder);
   }
   /* The sources are read once every phi is replaced: a back-edge source
    * may be another header phi. */
   struct header_value *hv = values->data;
   ir_foreach_instr_safe (header, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      ir_foreach_phi_src (phi, psrc) {
         if (psrc->pred == pre)
            hv->entry = psrc->src.def;
         else
            hv->back = psrc->src.def;
      }
      hv->current = hv->entry;
      hv++;
      ir_instr_remove(&phi->instr);
   }
   return true;
}

static struct ir_def *
remapped(struct u_hash_table *remap, struct ir_def *def)
{
   struct u_hash_entry *e = u_hash_table_search(remap, def);
   return e ? e->data : def;
}

/* Clones @p list before @p loop through @p remap. */
static void
clone_before(struct ir_loop *loop, struct ir_cf_list *list,
             struct u_hash_table *remap)
{
   struct ir_cf_list copy;
   ir_cf_list_clone(&copy, list, NULL, remap);
   ir_cf_reinsert(&copy, ir_before_cf_node(&loop->cf));
}

/* A remap table for one iteration: placeholders → current values. */
static struct u_hash_table *
iteration_table(struct u_arena *mem, struct u_dynarray *values)
{
   struct u_hash_table *remap = u_hash_table_create_pointer(mem);
   if (!remap)
      return NULL;
   u_dynarray_foreach (values, struct header_value, hv) {
      if (!u_hash_table_insert(remap, hv->placeholder, hv->current))
         return NULL;
   }
   return remap;
}

/* Rewrites every use of the defs of @p list to their clones in @p remap. */
static void
rewrite_list_uses(struct u_list *list, struct u_hash_table *remap)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK:
         ir_foreach_instr (ir_cf_as_block(node), instr) {
            struct ir_def *def = ir_instr_def(instr);
            if (def)
               ir_def_rewrite_uses(def, remapped(remap, def));
         }
         break;
      case IR_CF_IF:
         rewrite_list_uses(&ir_cf_as_if(node)->then_list, remap);
         rewrite_list_uses(&ir_cf_as_if(node)->else_list, remap);
         break;
      case IR_CF_LOOP:
         rewrite_list_uses(&ir_cf_as_loop(node)->body, remap);
         break;
      default:
         break;
      }
   }
}

/* `loop { BODY; break }` becomes BODY. */
static void
unroll_once(struct ir_loop *loop)
{
   struct ir_block *exit = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   struct ir_block *last = ir_loop_last_block(loop);
   remove_single_source_phis(exit);
   remove_single_source_phis(ir_loop_first_block(loop));
   struct ir_cf_list body;
   ir_cf_extract(&body, ir_before_block(ir_loop_first_block(loop)),
                 ir_before_instr(&ir_block_last_jump(last)->instr));
   ir_cf_reinsert(&body, ir_before_cf_node(&loop->cf));
   ir_cf_node_remove(&loop->cf);
}

static bool
unroll(struct ir_function *fn, struct unroll_shape *shape, struct u_arena *mem)
{
   struct ir_loop *loop = shape->loop;
   struct ir_if *nif = shape->terminator;
   struct ir_block *pre = ir_cf_as_block(ir_cf_node_prev(&loop->cf));
   struct ir_block *exit = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   unsigned trips = (unsigned)loop->info.trip_count;

   /* 1 and 2. */
   remove_single_source_phis(exit);
   remove_single_source_phis(ir_cf_as_block(ir_cf_node_next(&nif->cf)));
   struct u_dynarray values;
   u_dynarray_init(&values, mem);
   if (!replace_header_phis(fn, loop, pre, &values))
      return false;
   struct ir_jump *cont = ir_block_last_jump(ir_loop_last_block(loop));
   if (cont)
      ir_instr_remove(&cont->instr);

   /* 3: CONT to the start of POST, then the three templates. */
   struct ir_cf_list cont_list, post, brk, head;
   ir_cf_extract(&cont_list,
                 ir_before_block(ir_cf_as_block(
                    u_list_first(shape->cont_list, struct ir_cf_node, link))),
                 ir_after_block(list_last_block(shape->cont_list)));
   ir_cf_reinsert(&cont_list, ir_after_cf_node(&nif->cf));
   ir_cf_extract(&post, ir_after_cf_node(&nif->cf),
                 ir_after_block(ir_loop_last_block(loop)));
   struct ir_block *brk_last = list_last_block(shape->break_list);
   ir_cf_extract(&brk,
                 ir_before_block(ir_cf_as_block(
                    u_list_first(shape->break_list, struct ir_cf_node, link))),
                 ir_before_instr(&ir_block_last_jump(brk_last)->instr));
   ir_cf_extract(&head, ir_before_block(ir_loop_first_block(loop)),
                 ir_after_block(ir_cf_as_block(ir_cf_node_prev(&nif->cf))));

   /* 4. */
   struct u_hash_table *remap = NULL;
   for (unsigned i = 0; i <= trips; i++) {
      remap = iteration_table(mem, &values);
      if (!remap)
         return false;
      clone_before(loop, &head, remap);
      if (i == trips) {
         clone_before(loop, &brk, remap);
         break;
      }
      clone_before(loop, &post, remap);
      u_dynarray_foreach (&values, struct header_value, hv)
         hv->current = remapped(remap, hv->back);
   }
   rewrite_list_uses(&head.list, remap);
   rewrite_list_uses(&brk.list, remap);
   u_dynarray_foreach (&values, struct header_value, hv)
      ir_def_rewrite_uses(hv->placeholder, hv->current);

   /* 5: the lists that read the head's values go first. */
   ir_cf_node_remove(&loop->cf);
   ir_cf_delete(&post);
   ir_cf_delete(&brk);
   ir_cf_delete(&head);
   u_dynarray_foreach (&values, struct header_value, hv)
      ir_instr_remove(hv->placeholder->parent);
   return true;
}

bool
ir_opt_loop_unroll(struct ir_shader *s, unsigned max_instructions)
{
   bool progress = false;
   ir_foreach_function (s, fn) {
      while (true) {
         ir_metadata_require(fn, IR_METADATA_LOOP_ANALYSIS);
         struct unroll_shape shape;
         if (!find_loop(&fn->body, max_instructions, &shape))
            break;
         if (!shape.terminator) {
            unroll_once(shape.loop);
         } else {
            struct u_arena *mem = u_arena_create(s->arena);
            bool ok = mem && unroll(fn, &shape, mem);
            u_arena_destroy(mem);
            if (!ok)
               return progress;
         }
         progress = true;
         ir_metadata_preserve(fn, IR_METADATA_NONE);
      }
   }
   return progress;
}
