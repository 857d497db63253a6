/* SPDX-License-Identifier: MIT */

/*
 * The structured control-flow tree and the CFG that mirrors it.
 *
 * Tree invariants (see ir.h): a cf list (function body, then/else list,
 * loop body) starts and ends with a block and never holds two blocks in a
 * row; if and loop lists are never empty; a jump is only the last
 * instruction of a block.
 *
 * Successors follow from the tree, so they are recomputed from it rather
 * than patched by hand (compute_succs()):
 *   - a block ending in a jump: break -> the block after the innermost
 *     loop, continue -> the loop's first block, return -> fn->end_block;
 *   - a block followed by an if: succ[0] = first then block, succ[1] =
 *     first else block; followed by a loop: the loop's first block;
 *   - the last block of a list: then/else -> the block after the if, loop
 *     body -> the loop's first block, function body -> fn->end_block.
 * Predecessor arrays are updated with every change of a successor
 * (ir_block_set_succs()).  A removed edge also removes the phi sources
 * naming the old predecessor; when a block is split or merged, the block
 * that takes over the end of the old one takes over its outgoing edges
 * and the phi sources naming it (move_succs()).
 *
 * Every edit is built from two primitives:
 *   split_block(cursor): B -> B, N.  B keeps the instructions before the
 *     cursor, its identity and its predecessors (so loop headers, then
 *     blocks and break targets stay valid); N takes the rest and B's
 *     outgoing edges.  For a moment two blocks are adjacent.
 *   merge_blocks(P, N): P takes N's instructions and outgoing edges and N
 *     leaves the tree; N must have no predecessors (it is always the tail
 *     of a split or a block whose predecessors were cut).
 * ir_cf_node_insert() is split + insert + recompute successors;
 * ir_cf_node_remove() is cut edges + unlink + join; ir_cf_extract() is
 * two splits + unlink + join; ir_cf_reinsert() is split + link + two
 * merges + recompute.
 *
 * join_blocks(P, N) is merge_blocks() followed by recomputing P's
 * successors: once something is taken out between P and N, the joined
 * block ends where N ended, but N's edges are not always the ones the
 * tree now gives it.  When the range taken out ended in a jump, the split
 * at its end left the jump (and its edge) with the range and gave N no
 * edges at all, while the joined block now falls through (to the loop
 * header, the block after the if, or fn->end_block).  Such a new edge
 * gets no phi sources, as for a removed jump (ir.c): the caller adds them
 * to the phis of the joined block's successor.  Edges the joined block
 * had already keep their phi sources.
 *
 * Detached lists (struct ir_cf_list): the top-level nodes have no parent,
 * so the navigation functions return NULL at them and successors are not
 * recomputed inside them; their blocks keep the edges of jumps leaving
 * the list (so reinsertion into the same loop keeps the phi sources of
 * those edges), but not the fall-through edges at the list's two ends.
 * ir_cf_reinsert() recomputes every edge of the reinserted nodes;
 * ir_cf_delete() cuts them all.  A clone has only the edges between its
 * own blocks (ir_cf_clone.c).  The instructions of a detached list keep
 * their uses linked (defs outside keep those uses), so the function only
 * validates again once the list is reinserted or deleted (and, when the
 * range ended in a jump, the phis after the joined block have a source
 * for its new fall-through edge; reinserting the list where it was drops
 * that edge and the source again).  A range whose
 * start is before the phis of a block takes them along; their
 * predecessors then name blocks they no longer follow, which only the
 * caller can fix (rewrite or remove the phis before reinserting).
 *
 * Navigation (ir_cf_node_next(), ir_block_next(), ...) is in ir_cf_nav.c.
 */
#include <assert.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_cf_priv.h"

static struct u_arena *
fn_arena(const struct ir_function *fn)
{
   return fn->shader->arena;
}

void
ir_cf_invalidate(struct ir_function *fn)
{
   fn->valid_metadata = IR_METADATA_NONE;
}

/* ---------------------------------------------------------------------- */
/* Edges                                                                  */
/* ---------------------------------------------------------------------- */

static void
add_pred(struct ir_function *fn, struct ir_block *block, struct ir_block *pred)
{
   if (block->num_preds == block->preds_capacity) {
      unsigned cap = block->preds_capacity ? block->preds_capacity * 2 : 4;
      struct ir_block **preds = u_arena_realloc(
         fn_arena(fn), block->preds, block->preds_capacity * sizeof(*preds),
         cap * sizeof(*preds));
      /* Out of memory leaves the CFG short of an edge; nothing better can
       * be done without failing every edit. */
      assert(preds);
      if (!preds)
         return;
      block->preds = preds;
      block->preds_capacity = cap;
   }
   block->preds[block->num_preds++] = pred;
}

static void
remove_pred(struct ir_block *block, struct ir_block *pred)
{
   for (unsigned i = 0; i < block->num_preds; i++) {
      if (block->preds[i] == pred) {
         block->preds[i] = block->preds[--block->num_preds];
         return;
      }
   }
   assert(!"predecessor not found");
}

static void
replace_pred(struct ir_block *block, struct ir_block *old_pred,
             struct ir_block *new_pred)
{
   for (unsigned i = 0; i < block->num_preds; i++) {
      if (block->preds[i] == old_pred) {
         block->preds[i] = new_pred;
         return;
      }
   }
   assert(!"predecessor not found");
}

/* Phis are first in a block: both walks stop at the first other
 * instruction. */
static void
remove_phi_srcs(struct ir_block *block, struct ir_block *pred)
{
   ir_foreach_instr (block, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      u_list_foreach_safe (struct ir_phi_src, psrc, &phi->srcs, link) {
         if (psrc->pred == pred) {
            u_list_del(&psrc->src.use_link);
            psrc->src.def = NULL;
            u_list_del(&psrc->link);
         }
      }
   }
}

static void
rename_phi_preds(struct ir_block *block, struct ir_block *old_pred,
                 struct ir_block *new_pred)
{
   ir_foreach_instr (block, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      ir_foreach_phi_src (phi, psrc) {
         if (psrc->pred == old_pred)
            psrc->pred = new_pred;
      }
   }
}

void
ir_block_set_succs(struct ir_function *fn, struct ir_block *block,
                   struct ir_block *s0, struct ir_block *s1)
{
   struct ir_block *old0 = block->succ[0], *old1 = block->succ[1];
   struct ir_block *old[2] = { old0, old1 };
   struct ir_block *new[2] = { s0, s1 };

   for (unsigned i = 0; i < 2; i++) {
      struct ir_block *s = old[i];
      if (s && s != s0 && s != s1) {
         remove_pred(s, block);
         remove_phi_srcs(s, block);
      }
   }
   for (unsigned i = 0; i < 2; i++) {
      struct ir_block *s = new[i];
      if (s && s != old0 && s != old1)
         add_pred(fn, s, block);
   }
   block->succ[0] = s0;
   block->succ[1] = s1;
}

/* @p to (which has no successors) takes over @p from's outgoing edges. */
static void
move_succs(struct ir_block *from, struct ir_block *to)
{
   assert(!to->succ[0] && !to->succ[1]);
   for (unsigned i = 0; i < 2; i++) {
      struct ir_block *s = from->succ[i];
      if (s) {
         replace_pred(s, from, to);
         rename_phi_preds(s, from, to);
      }
      to->succ[i] = s;
      from->succ[i] = NULL;
   }
}

/* The block after an if or loop (NULL at the top of a detached list). */
static struct ir_block *
block_after(struct ir_cf_node *node)
{
   struct ir_cf_node *next = ir_cf_node_next(node);
   return next ? ir_cf_as_block(next) : NULL;
}

static void
compute_succs(struct ir_function *fn, struct ir_block *block,
              struct ir_block **s)
{
   s[0] = s[1] = NULL;
   if (block == fn->end_block)
      return;

   struct ir_jump *jump = ir_block_last_jump(block);
   if (jump) {
      if (jump->jump_kind == IR_JUMP_RETURN) {
         s[0] = fn->end_block;
         return;
      }
      struct ir_loop *loop = ir_cf_node_get_loop(&block->cf);
      if (!loop)
         return;
      if (jump->jump_kind == IR_JUMP_BREAK)
         s[0] = block_after(&loop->cf);
      else
         s[0] = ir_loop_first_block(loop);
      return;
   }

   struct ir_cf_node *next = ir_cf_node_next(&block->cf);
   if (next) {
      switch (next->kind) {
      case IR_CF_IF:
         s[0] = ir_if_first_then_block(ir_cf_as_if(next));
         s[1] = ir_if_first_else_block(ir_cf_as_if(next));
         return;
      case IR_CF_LOOP:
         s[0] = ir_loop_first_block(ir_cf_as_loop(next));
         return;
      default:
         /* Two blocks in a row exist only in the middle of an edit. */
         s[0] = ir_cf_as_block(next);
         return;
      }
   }

   struct ir_cf_node *parent = block->cf.parent;
   if (!parent)
      return;
   switch (parent->kind) {
   case IR_CF_IF:
      s[0] = block_after(parent);
      return;
   case IR_CF_LOOP:
      s[0] = ir_loop_first_block(ir_cf_as_loop(parent));
      return;
   case IR_CF_FUNCTION:
      s[0] = fn->end_block;
      return;
   case IR_CF_BLOCK:
      return;
   }
}

void
ir_block_update_succs(struct ir_function *fn, struct ir_block *block)
{
   struct ir_block *s[2];
   compute_succs(fn, block, s);
   ir_block_set_succs(fn, block, s[0], s[1]);
}

static void update_succs_list(struct ir_function *fn, struct u_list *list);

/* Recomputes the successors of every block in @p node. */
static void
update_succs_node(struct ir_function *fn, struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK:
      ir_block_update_succs(fn, ir_cf_as_block(node));
      break;
   case IR_CF_IF:
      update_succs_list(fn, &ir_cf_as_if(node)->then_list);
      update_succs_list(fn, &ir_cf_as_if(node)->else_list);
      break;
   case IR_CF_LOOP:
      update_succs_list(fn, &ir_cf_as_loop(node)->body);
      break;
   case IR_CF_FUNCTION:
      break;
   }
}

static void
update_succs_list(struct ir_function *fn, struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link)
      update_succs_node(fn, node);
}

/* ---------------------------------------------------------------------- */
/* Creation                                                               */
/* ---------------------------------------------------------------------- */

struct ir_block *
ir_block_create(struct ir_function *fn)
{
   struct ir_block *block = u_arena_zalloc(fn_arena(fn), sizeof(*block));
   if (!block)
      return NULL;
   block->cf.kind = IR_CF_BLOCK;
   u_list_init(&block->cf.link);
   u_list_init(&block->instrs);
   return block;
}

static bool
add_empty_block(struct ir_function *fn, struct ir_cf_node *parent,
                struct u_list *list)
{
   struct ir_block *block = ir_block_create(fn);
   if (!block)
      return false;
   block->cf.parent = parent;
   u_list_add_tail(list, &block->cf.link);
   return true;
}

struct ir_if *
ir_if_alloc(struct ir_function *fn)
{
   struct ir_if *nif = u_arena_zalloc(fn_arena(fn), sizeof(*nif));
   if (!nif)
      return NULL;
   nif->cf.kind = IR_CF_IF;
   u_list_init(&nif->cf.link);
   u_list_init(&nif->condition.use_link);
   nif->condition.parent_if = nif;
   nif->condition.is_if_condition = true;
   u_list_init(&nif->then_list);
   u_list_init(&nif->else_list);
   return nif;
}

struct ir_loop *
ir_loop_alloc(struct ir_function *fn)
{
   struct ir_loop *loop = u_arena_zalloc(fn_arena(fn), sizeof(*loop));
   if (!loop)
      return NULL;
   loop->cf.kind = IR_CF_LOOP;
   u_list_init(&loop->cf.link);
   u_list_init(&loop->body);
   loop->info.trip_count = -1;
   return loop;
}

struct ir_if *
ir_if_create(struct ir_function *fn)
{
   struct ir_if *nif = ir_if_alloc(fn);
   if (!nif || !add_empty_block(fn, &nif->cf, &nif->then_list) ||
       !add_empty_block(fn, &nif->cf, &nif->else_list))
      return NULL;
   return nif;
}

struct ir_loop *
ir_loop_create(struct ir_function *fn)
{
   struct ir_loop *loop = ir_loop_alloc(fn);
   if (!loop || !add_empty_block(fn, &loop->cf, &loop->body))
      return NULL;
   return loop;
}

/* ---------------------------------------------------------------------- */
/* Split and merge                                                        */
/* ---------------------------------------------------------------------- */

static struct ir_block *
cursor_block(struct ir_cursor c)
{
   if (c.option == IR_CURSOR_BEFORE_BLOCK || c.option == IR_CURSOR_AFTER_BLOCK)
      return c.block;
   return c.instr->block;
}

/* The link after which the cursor inserts. */
static struct u_list *
cursor_link(struct ir_cursor c)
{
   switch (c.option) {
   case IR_CURSOR_BEFORE_BLOCK:
      return &c.block->instrs;
   case IR_CURSOR_AFTER_BLOCK:
      return c.block->instrs.prev;
   case IR_CURSOR_BEFORE_INSTR:
      return c.instr->link.prev;
   case IR_CURSOR_AFTER_INSTR:
   default:
      return &c.instr->link;
   }
}

/* Splits the block at @p c; returns the new block after it (NULL when out
 * of memory, with nothing changed). */
static struct ir_block *
split_block(struct ir_function *fn, struct ir_cursor c)
{
   struct ir_block *b = cursor_block(c);
   struct ir_block *n = ir_block_create(fn);
   if (!n)
      return NULL;
   n->cf.parent = b->cf.parent;
   u_list_add_after(&b->cf.link, &n->cf.link);

   struct u_list *l = cursor_link(c)->next;
   bool jump_stays = l == &b->instrs && ir_block_last_jump(b);
   while (l != &b->instrs) {
      struct u_list *next = l->next;
      u_list_del(l);
      u_list_add_tail(&n->instrs, l);
      u_container_of(l, struct ir_instr, link)->block = n;
      l = next;
   }
   if (!jump_stays)
      move_succs(b, n);
   return n;
}

#ifndef NDEBUG
/* Whether the instruction right after @p c is a phi (splitting there would
 * separate the phis from their block's predecessors). */
static bool
cursor_before_phi(struct ir_cursor c)
{
   struct ir_block *b = cursor_block(c);
   struct u_list *l = cursor_link(c)->next;
   return l != &b->instrs &&
          u_container_of(l, struct ir_instr, link)->kind == IR_INSTR_PHI;
}

static bool
block_has_phis(struct ir_block *b)
{
   return !u_list_is_empty(&b->instrs) &&
          u_list_first(&b->instrs, struct ir_instr, link)->kind == IR_INSTR_PHI;
}

static bool
block_has_non_phis(struct ir_block *b)
{
   return !u_list_is_empty(&b->instrs) &&
          u_list_last(&b->instrs, struct ir_instr, link)->kind != IR_INSTR_PHI;
}
#endif

/* @p p absorbs the block @p n that follows it; see the file comment. */
static void
merge_blocks(struct ir_function *fn, struct ir_block *p, struct ir_block *n)
{
   assert(p->cf.link.next == &n->cf.link);
   assert(n->num_preds == 0);
   if (ir_block_last_jump(p)) {
      /* Whatever followed the jump would be unreachable. */
      assert(u_list_is_empty(&n->instrs));
      ir_block_set_succs(fn, n, NULL, NULL);
   } else {
      assert(!p->succ[0] && !p->succ[1]);
      /* Phis stay first. */
      assert(!block_has_phis(n) || !block_has_non_phis(p));
      u_list_foreach_safe (struct ir_instr, instr, &n->instrs, link) {
         u_list_del(&instr->link);
         u_list_add_tail(&p->instrs, &instr->link);
         instr->block = p;
      }
      move_succs(n, p);
   }
   u_list_del(&n->cf.link);
   n->cf.parent = NULL;
}

/* Joins the blocks on both sides of what was just taken out of the tree;
 * see the file comment. */
static void
join_blocks(struct ir_function *fn, struct ir_block *p, struct ir_block *n)
{
   merge_blocks(fn, p, n);
   ir_block_update_succs(fn, p);
}

/* ---------------------------------------------------------------------- */
/* Inserting and removing nodes                                           */
/* ---------------------------------------------------------------------- */

/* Gives empty lists of @p node a block and makes @p node the parent of
 * its children. */
static bool
prepare_list(struct ir_function *fn, struct ir_cf_node *node,
             struct u_list *list)
{
   if (u_list_is_empty(list) && !add_empty_block(fn, node, list))
      return false;
   u_list_foreach (struct ir_cf_node, child, list, link)
      child->parent = node;
   return true;
}

void
ir_cf_node_insert(struct ir_cursor cursor, struct ir_cf_node *node)
{
   assert(node->kind == IR_CF_IF || node->kind == IR_CF_LOOP);
   struct ir_block *before = cursor_block(cursor);
   struct ir_function *fn = ir_cf_node_get_function(&before->cf);
   assert(fn && !cursor_before_phi(cursor));

   if (node->kind == IR_CF_IF) {
      struct ir_if *nif = ir_cf_as_if(node);
      if (!prepare_list(fn, node, &nif->then_list) ||
          !prepare_list(fn, node, &nif->else_list))
         return;
   } else if (!prepare_list(fn, node, &ir_cf_as_loop(node)->body)) {
      return;
   }

   struct ir_block *after = split_block(fn, cursor);
   if (!after)
      return;
   node->parent = before->cf.parent;
   u_list_add_after(&before->cf.link, &node->link);

   ir_block_update_succs(fn, before);
   update_succs_node(fn, node);
   ir_block_update_succs(fn, after);
   ir_cf_invalidate(fn);
}

static void cut_edges_list(struct ir_function *fn, struct u_list *list);

/* Removes every edge leaving a block of @p node. */
static void
cut_edges_node(struct ir_function *fn, struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK:
      ir_block_set_succs(fn, ir_cf_as_block(node), NULL, NULL);
      break;
   case IR_CF_IF:
      cut_edges_list(fn, &ir_cf_as_if(node)->then_list);
      cut_edges_list(fn, &ir_cf_as_if(node)->else_list);
      break;
   case IR_CF_LOOP:
      cut_edges_list(fn, &ir_cf_as_loop(node)->body);
      break;
   case IR_CF_FUNCTION:
      break;
   }
}

static void
cut_edges_list(struct ir_function *fn, struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link)
      cut_edges_node(fn, node);
}

static void drop_uses_list(struct u_list *list);

/* Unlinks every use made by an instruction or condition of @p node. */
static void
drop_uses_node(struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK:
      ir_foreach_instr (ir_cf_as_block(node), instr)
         ir_instr_unlink_srcs(instr);
      break;
   case IR_CF_IF:
      u_list_del(&ir_cf_as_if(node)->condition.use_link);
      drop_uses_list(&ir_cf_as_if(node)->then_list);
      drop_uses_list(&ir_cf_as_if(node)->else_list);
      break;
   case IR_CF_LOOP:
      drop_uses_list(&ir_cf_as_loop(node)->body);
      break;
   case IR_CF_FUNCTION:
      break;
   }
}

static void
drop_uses_list(struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link)
      drop_uses_node(node);
}

#ifndef NDEBUG
static void check_unused_list(struct u_list *list);

/* Asserts that nothing outside uses a def of @p node (call after
 * drop_uses_node()). */
static void
check_unused_node(struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK:
      ir_foreach_instr (ir_cf_as_block(node), instr) {
         struct ir_def *def = ir_instr_def(instr);
         assert(!def || !ir_def_has_uses(def));
      }
      break;
   case IR_CF_IF:
      check_unused_list(&ir_cf_as_if(node)->then_list);
      check_unused_list(&ir_cf_as_if(node)->else_list);
      break;
   case IR_CF_LOOP:
      check_unused_list(&ir_cf_as_loop(node)->body);
      break;
   case IR_CF_FUNCTION:
      break;
   }
}

static void
check_unused_list(struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link)
      check_unused_node(node);
}
#endif

static void
delete_node(struct ir_function *fn, struct ir_cf_node *node)
{
   cut_edges_node(fn, node);
   drop_uses_node(node);
#ifndef NDEBUG
   check_unused_node(node);
#endif
}

void
ir_cf_node_remove(struct ir_cf_node *node)
{
   assert(node->kind == IR_CF_IF || node->kind == IR_CF_LOOP);
   struct ir_function *fn = ir_cf_node_get_function(node);
   struct ir_block *prev = ir_cf_as_block(ir_cf_node_prev(node));
   struct ir_block *next = ir_cf_as_block(ir_cf_node_next(node));
   assert(fn && prev && next);

   delete_node(fn, node);
   if (!ir_block_last_jump(prev))
      ir_block_set_succs(fn, prev, NULL, NULL);
   u_list_del(&node->link);
   node->parent = NULL;
   join_blocks(fn, prev, next);
   ir_cf_invalidate(fn);
}

/* ---------------------------------------------------------------------- */
/* Extract, reinsert, delete                                              */
/* ---------------------------------------------------------------------- */

void
ir_cf_extract(struct ir_cf_list *out, struct ir_cursor begin,
              struct ir_cursor end)
{
   struct ir_block *begin_block = cursor_block(begin);
   struct ir_block *end_block = cursor_block(end);
   struct ir_function *fn = ir_cf_node_get_function(&begin_block->cf);
   assert(fn && begin_block->cf.parent == end_block->cf.parent);
   out->fn = fn;
   u_list_init(&out->list);
   if (begin_block == end_block && cursor_link(begin) == cursor_link(end))
      return;

   /* The end first, so that the begin cursor still names its block. */
   struct ir_block *after = split_block(fn, end);
   if (!after)
      return;
   struct ir_block *first = split_block(fn, begin);
   if (!first)
      return;
   struct ir_block *last = begin_block == end_block ? first : end_block;

   struct ir_cf_node *node = &first->cf;
   while (true) {
      struct ir_cf_node *next = ir_cf_node_next(node);
      u_list_del(&node->link);
      node->parent = NULL;
      u_list_add_tail(&out->list, &node->link);
      if (node == &last->cf)
         break;
      node = next;
   }
   join_blocks(fn, begin_block, after);
   ir_cf_invalidate(fn);
}

void
ir_cf_reinsert(struct ir_cf_list *list, struct ir_cursor cursor)
{
   if (u_list_is_empty(&list->list))
      return;
   struct ir_block *before = cursor_block(cursor);
   struct ir_function *fn = ir_cf_node_get_function(&before->cf);
   assert(fn && !cursor_before_phi(cursor));
   struct ir_block *after = split_block(fn, cursor);
   if (!after)
      return;

   struct ir_block *first =
      ir_cf_as_block(u_list_first(&list->list, struct ir_cf_node, link));
   struct ir_block *last =
      ir_cf_as_block(u_list_last(&list->list, struct ir_cf_node, link));
   struct u_list *where = &before->cf.link;
   u_list_foreach_safe (struct ir_cf_node, node, &list->list, link) {
      u_list_del(&node->link);
      node->parent = before->cf.parent;
      u_list_add_after(where, &node->link);
      where = &node->link;
   }

   merge_blocks(fn, before, first);
   if (last == first)
      last = before;
   merge_blocks(fn, last, after);

   for (struct ir_cf_node *node = &before->cf;; node = ir_cf_node_next(node)) {
      update_succs_node(fn, node);
      if (node == &last->cf)
         break;
   }
   ir_cf_invalidate(fn);
}

void
ir_cf_delete(struct ir_cf_list *list)
{
   u_list_foreach (struct ir_cf_node, node, &list->list, link)
      cut_edges_node(list->fn, node);
   drop_uses_list(&list->list);
#ifndef NDEBUG
   check_unused_list(&list->list);
#endif
   u_list_init(&list->list);
}
