/* SPDX-License-Identifier: MIT */

/*
 * Metadata of a function: which analyses are up to date
 * (ir_function::valid_metadata), block, instruction and def numbering, and
 * dominance.
 *
 * Numbering follows program order (ir_block_next(): a block, then the then
 * list, the else list, loop bodies inline).  The end block is numbered
 * after every block of the body: its index is num_blocks, so arrays of
 * num_blocks + 1 entries cover it.
 *
 * Dominance: the iterative algorithm of Cooper, Harvey and Kennedy ("A
 * Simple, Fast Dominance Algorithm", 2001).  Blocks are numbered in
 * postorder of a depth-first walk of the successors from the start block;
 * then, until nothing changes, each block in reverse postorder takes as
 * immediate dominator the intersection of its processed predecessors'
 * dominators, where intersect(a, b) climbs the dominator tree from the one
 * with the lower postorder number until both meet.  Structured control
 * flow converges in two or three passes.  Afterwards the dominator tree is
 * numbered in pre- and postorder (one counter for both), so that
 * ir_block_dominates() is two comparisons.
 *
 * Unreachable blocks (after a jump, or the end block of a function that
 * never returns) have no immediate dominator, no children, dom_pre =
 * UINT_MAX and dom_post = 0, so every block dominates them (vacuously:
 * there is no path to them) and they dominate no reachable block.  The
 * start block's imm_dom is NULL as well: it is the root.
 */
#include <assert.h>
#include <limits.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_analysis.h"

void
ir_metadata_require(struct ir_function *fn, unsigned required)
{
   unsigned missing = required & ~fn->valid_metadata;
   if (missing & IR_METADATA_BLOCK_INDEX)
      ir_index_blocks(fn);
   if (missing & IR_METADATA_INSTR_INDEX)
      ir_index_instrs(fn);
   if (missing & IR_METADATA_DOMINANCE)
      ir_calc_dominance(fn);
   if (missing & IR_METADATA_LIVENESS) {
      ir_calc_liveness(fn);
      fn->valid_metadata |= IR_METADATA_LIVENESS;
   }
   if (missing & IR_METADATA_LOOP_ANALYSIS) {
      ir_analyze_loops(fn);
      fn->valid_metadata |= IR_METADATA_LOOP_ANALYSIS;
   }
   /* IR_METADATA_DIVERGENCE has no analysis yet: it stays invalid, and
    * every def keeps divergent = true. */
}

void
ir_metadata_preserve(struct ir_function *fn, unsigned preserved)
{
   fn->valid_metadata &= preserved;
}

void
ir_index_blocks(struct ir_function *fn)
{
   unsigned index = 0;
   ir_foreach_block (fn, block)
      block->index = index++;
   fn->num_blocks = index;
   fn->end_block->index = index;
   fn->valid_metadata |= IR_METADATA_BLOCK_INDEX;
}

void
ir_index_instrs(struct ir_function *fn)
{
   unsigned index = 0;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr)
         instr->index = index++;
   }
   fn->num_instrs = index;
   fn->valid_metadata |= IR_METADATA_INSTR_INDEX;
}

void
ir_index_defs(struct ir_function *fn)
{
   unsigned index = 0;
   bool changed = false;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_def *def = ir_instr_def(instr);
         if (!def)
            continue;
         changed |= def->index != index;
         def->index = index++;
      }
   }
   changed |= fn->num_defs != index;
   fn->num_defs = index;
   /* Liveness sets are indexed by def. */
   if (changed)
      fn->valid_metadata &= ~IR_METADATA_LIVENESS;
}

/* ---------------------------------------------------------------------- */
/* Dominance                                                              */
/* ---------------------------------------------------------------------- */

struct dom_state {
   /* Every block by index (the end block last). */
   struct ir_block **blocks;
   unsigned num_blocks;
   /* Postorder number of each reachable block, by block index; UINT_MAX
    * for unreachable ones. */
   unsigned *post;
   /* Immediate dominator by block index (the start block: itself while
    * computing); NULL until known. */
   struct ir_block **idom;
   /* Reachable blocks in postorder. */
   struct ir_block **postorder;
   unsigned num_reachable;
};

/* Whether @p b is a block of the function being analysed (predecessor
 * arrays of a function being edited may name detached blocks). */
static bool
is_known(const struct dom_state *s, const struct ir_block *b)
{
   return b->index < s->num_blocks && s->blocks[b->index] == b;
}

static void
number_postorder(struct dom_state *s, struct ir_block *start,
                 struct u_arena *scratch)
{
   struct frame {
      struct ir_block *block;
      unsigned next_succ;
   } *stack = u_arena_alloc_array(scratch, s->num_blocks, sizeof(*stack));
   bool *visited = u_arena_zalloc_array(scratch, s->num_blocks, 1);
   assert(stack && visited);
   if (!stack || !visited)
      return;

   unsigned sp = 0, counter = 0;
   stack[sp++] = (struct frame){ start, 0 };
   visited[start->index] = true;
   while (sp) {
      struct frame *top = &stack[sp - 1];
      if (top->next_succ < 2) {
         struct ir_block *succ = top->block->succ[top->next_succ++];
         if (succ && is_known(s, succ) && !visited[succ->index]) {
            visited[succ->index] = true;
            stack[sp++] = (struct frame){ succ, 0 };
         }
         continue;
      }
      s->post[top->block->index] = counter;
      s->postorder[counter++] = top->block;
      sp--;
   }
   s->num_reachable = counter;
}

static struct ir_block *
intersect(const struct dom_state *s, struct ir_block *a, struct ir_block *b)
{
   while (a != b) {
      while (s->post[a->index] < s->post[b->index])
         a = s->idom[a->index];
      while (s->post[b->index] < s->post[a->index])
         b = s->idom[b->index];
   }
   return a;
}

static void
compute_idoms(struct dom_state *s, struct ir_block *start)
{
   s->idom[start->index] = start;
   bool changed = true;
   while (changed) {
      changed = false;
      /* Reverse postorder; the start block is last in postorder. */
      for (unsigned i = s->num_reachable - 1; i-- > 0;) {
         struct ir_block *b = s->postorder[i];
         struct ir_block *new_idom = NULL;
         for (unsigned p = 0; p < b->num_preds; p++) {
            struct ir_block *pred = b->preds[p];
            if (!is_known(s, pred) || !s->idom[pred->index])
               continue;
            new_idom = new_idom ? intersect(s, pred, new_idom) : pred;
         }
         if (new_idom && s->idom[b->index] != new_idom) {
            s->idom[b->index] = new_idom;
            changed = true;
         }
      }
   }
}

/* Fills dom_children (one array for the whole function) and numbers the
 * tree without recursion. */
static void
build_tree(struct dom_state *s, struct ir_function *fn, struct ir_block *start,
           struct u_arena *scratch)
{
   for (unsigned i = 0; i < s->num_blocks; i++) {
      struct ir_block *b = s->blocks[i];
      if (b != start && s->idom[i]) {
         b->imm_dom = s->idom[i];
         b->imm_dom->num_dom_children++;
      }
   }
   struct ir_block **children = NULL;
   if (s->num_reachable > 1) {
      children = u_arena_alloc_array(fn->shader->arena, s->num_reachable - 1,
                                     sizeof(*children));
      assert(children);
      if (!children)
         return;
   }
   unsigned used = 0;
   for (unsigned i = 0; i < s->num_blocks; i++) {
      struct ir_block *b = s->blocks[i];
      b->dom_children = b->num_dom_children ? children + used : NULL;
      used += b->num_dom_children;
      b->num_dom_children = 0;
   }
   for (unsigned i = 0; i < s->num_blocks; i++) {
      struct ir_block *b = s->blocks[i];
      if (b->imm_dom)
         b->imm_dom->dom_children[b->imm_dom->num_dom_children++] = b;
   }

   struct frame {
      struct ir_block *block;
      unsigned next_child;
   } *stack = u_arena_alloc_array(scratch, s->num_blocks, sizeof(*stack));
   assert(stack);
   if (!stack)
      return;
   unsigned sp = 0, counter = 0;
   start->dom_pre = counter++;
   stack[sp++] = (struct frame){ start, 0 };
   while (sp) {
      struct frame *top = &stack[sp - 1];
      if (top->next_child < top->block->num_dom_children) {
         struct ir_block *child = top->block->dom_children[top->next_child++];
         child->dom_pre = counter++;
         stack[sp++] = (struct frame){ child, 0 };
         continue;
      }
      top->block->dom_post = counter++;
      sp--;
   }
}

void
ir_calc_dominance(struct ir_function *fn)
{
   if (!(fn->valid_metadata & IR_METADATA_BLOCK_INDEX))
      ir_index_blocks(fn);
   struct ir_block *start = ir_start_block(fn);

   struct u_arena *scratch = u_arena_create(fn->shader->arena);
   if (!scratch)
      return;
   struct dom_state s = { .num_blocks = fn->num_blocks + 1 };
   s.blocks = u_arena_alloc_array(scratch, s.num_blocks, sizeof(*s.blocks));
   s.post = u_arena_alloc_array(scratch, s.num_blocks, sizeof(*s.post));
   s.idom = u_arena_zalloc_array(scratch, s.num_blocks, sizeof(*s.idom));
   s.postorder =
      u_arena_alloc_array(scratch, s.num_blocks, sizeof(*s.postorder));
   if (!s.blocks || !s.post || !s.idom || !s.postorder) {
      u_arena_destroy(scratch);
      return;
   }

   ir_foreach_block (fn, block)
      s.blocks[block->index] = block;
   s.blocks[fn->end_block->index] = fn->end_block;
   for (unsigned i = 0; i < s.num_blocks; i++) {
      struct ir_block *b = s.blocks[i];
      b->imm_dom = NULL;
      b->dom_children = NULL;
      b->num_dom_children = 0;
      b->dom_pre = UINT_MAX;
      b->dom_post = 0;
      s.post[i] = UINT_MAX;
   }

   number_postorder(&s, start, scratch);
   compute_idoms(&s, start);
   build_tree(&s, fn, start, scratch);
   u_arena_destroy(scratch);
   fn->valid_metadata |= IR_METADATA_DOMINANCE;
}

bool
ir_block_dominates(const struct ir_block *parent, const struct ir_block *child)
{
   return parent->dom_pre <= child->dom_pre &&
          child->dom_post <= parent->dom_post;
}
