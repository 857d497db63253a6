/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_metadata.c: block, instruction and def numbering,
 * ir_metadata_require()/preserve(), and dominance (immediate dominators,
 * dominator-tree children, ir_block_dominates()) for straight code, an if
 * diamond, loops with break and continue, returns and unreachable blocks;
 * ir_block_dominates() is also compared with a walk up the imm_dom chain
 * for every pair of blocks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <limits.h>

#include "ir_core_test_helpers.h"

/* The reference: @p a dominates @p b iff it is on b's imm_dom chain. */
static bool
dominates_by_chain(const struct ir_block *a, const struct ir_block *b)
{
   for (; b; b = b->imm_dom) {
      if (a == b)
         return true;
   }
   return false;
}

static void
check_all_pairs(struct ir_function *fn)
{
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   unsigned n = test_blocks(fn, bl);
   for (unsigned i = 0; i <= n; i++) {
      for (unsigned j = 0; j <= n; j++) {
         if (bl[j]->dom_pre == UINT_MAX)
            continue; /* unreachable: checked by the tests */
         assert_int_equal(ir_block_dominates(bl[i], bl[j]),
                          dominates_by_chain(bl[i], bl[j]));
      }
   }
}

static void
straight_line(void **state)
{
   struct fixture *f = *state;
   ir_imm_float(&f->b, 1.0f);
   ir_metadata_require(f->fn, IR_METADATA_DOMINANCE);
   struct ir_block *b0 = ir_start_block(f->fn), *end = f->fn->end_block;
   assert_true(f->fn->valid_metadata & IR_METADATA_DOMINANCE);
   assert_true(f->fn->valid_metadata & IR_METADATA_BLOCK_INDEX);
   assert_int_equal(f->fn->num_blocks, 1);
   assert_int_equal(b0->index, 0);
   assert_int_equal(end->index, 1);
   assert_null(b0->imm_dom);
   assert_ptr_equal(end->imm_dom, b0);
   assert_int_equal(b0->num_dom_children, 1);
   assert_ptr_equal(b0->dom_children[0], end);
   assert_int_equal(end->num_dom_children, 0);
   assert_true(ir_block_dominates(b0, end));
   assert_false(ir_block_dominates(end, b0));
   assert_true(ir_block_dominates(b0, b0));
   assert_true(ir_block_dominates(end, end));
}

static void
if_diamond(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_pop_if(&f->b, nif);
   ir_calc_dominance(f->fn);

   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 4);
   for (unsigned i = 0; i <= 4; i++)
      assert_int_equal(bl[i]->index, i);
   assert_null(bl[0]->imm_dom);
   assert_ptr_equal(bl[1]->imm_dom, bl[0]);
   assert_ptr_equal(bl[2]->imm_dom, bl[0]);
   assert_ptr_equal(bl[3]->imm_dom, bl[0]);
   assert_ptr_equal(bl[4]->imm_dom, bl[3]);
   /* Children in block order. */
   assert_int_equal(bl[0]->num_dom_children, 3);
   assert_ptr_equal(bl[0]->dom_children[0], bl[1]);
   assert_ptr_equal(bl[0]->dom_children[1], bl[2]);
   assert_ptr_equal(bl[0]->dom_children[2], bl[3]);
   assert_int_equal(bl[1]->num_dom_children, 0);

   assert_true(ir_block_dominates(bl[0], bl[3]));
   assert_false(ir_block_dominates(bl[1], bl[3]));
   assert_false(ir_block_dominates(bl[2], bl[3]));
   assert_false(ir_block_dominates(bl[1], bl[2]));
   assert_true(ir_block_dominates(bl[3], bl[4]));
   assert_false(ir_block_dominates(bl[3], bl[1]));
   check_all_pairs(f->fn);
   check_function(f->fn);
}

/*
 *   b0
 *   loop {
 *     b1
 *     if c { b2: break } else { b3 }
 *     b4
 *     if c { b5: continue } else { b6 }
 *     b7
 *   }
 *   b8
 */
static void
loop_break_continue(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_loop *loop = ir_push_loop(&f->b);
   struct ir_if *i1 = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_pop_if(&f->b, i1);
   struct ir_if *i2 = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_CONTINUE);
   ir_pop_if(&f->b, i2);
   ir_pop_loop(&f->b, loop);
   ir_metadata_require(f->fn, IR_METADATA_DOMINANCE);

   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 9);
   const int idom[10] = { -1, 0, 1, 1, 3, 4, 4, 6, 2, 8 };
   for (unsigned i = 0; i < 10; i++) {
      if (idom[i] < 0)
         assert_null(bl[i]->imm_dom);
      else
         assert_ptr_equal(bl[i]->imm_dom, bl[idom[i]]);
   }
   /* The header dominates the whole body, the latch only itself. */
   for (unsigned i = 1; i <= 7; i++)
      assert_true(ir_block_dominates(bl[1], bl[i]));
   assert_false(ir_block_dominates(bl[7], bl[1]));
   assert_false(ir_block_dominates(bl[4], bl[8]));
   assert_true(ir_block_dominates(bl[2], bl[8]));
   assert_true(ir_block_dominates(bl[2], f->fn->end_block));
   assert_false(ir_block_dominates(bl[3], bl[8]));
   check_all_pairs(f->fn);
   check_function(f->fn);
}

static void
return_in_if(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_RETURN);
   ir_pop_if(&f->b, nif);
   ir_calc_dominance(f->fn);

   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 4);
   assert_ptr_equal(bl[3]->imm_dom, bl[2]); /* only reached from else */
   assert_ptr_equal(bl[4]->imm_dom, bl[0]); /* end: two paths */
   assert_true(ir_block_dominates(bl[2], bl[3]));
   assert_false(ir_block_dominates(bl[3], bl[4]));
   check_all_pairs(f->fn);
   check_function(f->fn);
}

static void
unreachable_blocks(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_RETURN);
   ir_push_else(&f->b, nif);
   ir_jump(&f->b, IR_JUMP_RETURN);
   ir_pop_if(&f->b, nif);
   ir_calc_dominance(f->fn);

   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 4);
   struct ir_block *merge = bl[3];
   CHECK_NO_PREDS(merge);
   assert_null(merge->imm_dom);
   assert_int_equal(merge->num_dom_children, 0);
   assert_int_equal(merge->dom_pre, UINT_MAX);
   assert_int_equal(merge->dom_post, 0);
   /* Everything dominates it (no path reaches it), it dominates
    * nothing reachable. */
   assert_true(ir_block_dominates(bl[0], merge));
   assert_true(ir_block_dominates(bl[1], merge));
   assert_false(ir_block_dominates(merge, bl[0]));
   assert_false(ir_block_dominates(merge, f->fn->end_block));
   /* The end block is reached from both returns, not from the merge. */
   CHECK_PREDS(f->fn->end_block, bl[1], bl[2], merge);
   assert_ptr_equal(f->fn->end_block->imm_dom, bl[0]);
   assert_int_equal(bl[0]->num_dom_children, 3);
   check_all_pairs(f->fn);
   check_function(f->fn);
}

/* A loop nest with an if, checked against the imm_dom chains only. */
static void
nested_loops_all_pairs(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_loop *outer = ir_push_loop(&f->b);
   struct ir_if *a = ir_push_if(&f->b, c);
   struct ir_loop *inner = ir_push_loop(&f->b);
   struct ir_if *b = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_push_else(&f->b, b);
   ir_jump(&f->b, IR_JUMP_CONTINUE);
   ir_pop_if(&f->b, b);
   ir_pop_loop(&f->b, inner);
   ir_push_else(&f->b, a);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_pop_if(&f->b, a);
   ir_pop_loop(&f->b, outer);
   ir_calc_dominance(f->fn);

   struct ir_block *inner_head = ir_loop_first_block(inner);
   struct ir_block *after_inner = ir_cf_as_block(ir_cf_node_next(&inner->cf));
   struct ir_block *outer_head = ir_loop_first_block(outer);
   struct ir_block *after_outer = ir_cf_as_block(ir_cf_node_next(&outer->cf));
   assert_ptr_equal(inner_head->imm_dom, ir_if_first_then_block(a));
   assert_ptr_equal(after_inner->imm_dom, ir_if_first_then_block(b));
   assert_ptr_equal(after_outer->imm_dom, ir_if_first_else_block(a));
   assert_true(ir_block_dominates(outer_head, after_inner));
   assert_false(ir_block_dominates(inner_head, after_outer));
   check_all_pairs(f->fn);
   check_function(f->fn);
}

static void
metadata_require_preserve(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   assert_int_equal(f->fn->valid_metadata, IR_METADATA_NONE);
   ir_metadata_require(f->fn, IR_METADATA_BLOCK_INDEX |
                                 IR_METADATA_INSTR_INDEX |
                                 IR_METADATA_DOMINANCE);
   unsigned all3 =
      IR_METADATA_BLOCK_INDEX | IR_METADATA_INSTR_INDEX | IR_METADATA_DOMINANCE;
   assert_int_equal(f->fn->valid_metadata, all3);
   ir_metadata_preserve(f->fn, IR_METADATA_BLOCK_INDEX);
   assert_int_equal(f->fn->valid_metadata, IR_METADATA_BLOCK_INDEX);
   ir_metadata_require(f->fn, IR_METADATA_DOMINANCE);
   assert_int_equal(f->fn->valid_metadata,
                    IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);

   /* Control-flow edits invalidate everything. */
   struct ir_if *nif = ir_push_if(&f->b, c);
   assert_int_equal(f->fn->valid_metadata, IR_METADATA_NONE);
   ir_pop_if(&f->b, nif);
   ir_metadata_require(f->fn, IR_METADATA_ALL & ~IR_METADATA_DIVERGENCE);
   assert_true(f->fn->valid_metadata & IR_METADATA_DOMINANCE);
   assert_true(f->fn->valid_metadata & IR_METADATA_LIVENESS);
   assert_true(f->fn->valid_metadata & IR_METADATA_LOOP_ANALYSIS);
   assert_int_equal(f->fn->num_blocks, 4);
   ir_metadata_preserve(f->fn, IR_METADATA_ALL);
   assert_true(f->fn->valid_metadata & IR_METADATA_DOMINANCE);
   ir_metadata_preserve(f->fn, IR_METADATA_NONE);
   assert_int_equal(f->fn->valid_metadata, IR_METADATA_NONE);
}

static void
index_instrs_and_blocks(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_loop *loop = ir_push_loop(&f->b);
   struct ir_def *x = ir_imm_float(&f->b, 1.0f);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_push_else(&f->b, nif);
   struct ir_def *y = ir_imm_float(&f->b, 2.0f);
   ir_pop_if(&f->b, nif);
   ir_pop_loop(&f->b, loop);
   struct ir_def *z = ir_imm_float(&f->b, 3.0f);

   ir_index_blocks(f->fn);
   ir_index_instrs(f->fn);
   assert_int_equal(f->fn->num_blocks, 6);
   assert_int_equal(f->fn->end_block->index, 6);
   assert_int_equal(ir_loop_first_block(loop)->index, 1);
   assert_int_equal(ir_if_first_then_block(nif)->index, 2);
   assert_int_equal(ir_if_first_else_block(nif)->index, 3);
   assert_int_equal(ir_loop_last_block(loop)->index, 4);
   assert_int_equal(z->parent->block->index, 5);
   assert_int_equal(f->fn->num_instrs, 5);
   assert_int_equal(c->parent->index, 0);
   assert_int_equal(x->parent->index, 1);
   assert_int_equal(
      ir_block_last_jump(ir_if_first_then_block(nif))->instr.index, 2);
   assert_int_equal(y->parent->index, 3);
   assert_int_equal(z->parent->index, 4);
}

static void
index_defs(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   struct ir_def *b = ir_imm_float(&f->b, 2.0f);
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   struct ir_def *t = ALU2(&f->b, FADD, a, a);
   ir_pop_if(&f->b, nif);
   struct ir_def *u = ALU2(&f->b, FMUL, a, a);
   /* A def made but never inserted, and one removed. */
   ir_undef_create(f->fn, 1, 32);
   ir_instr_remove(b->parent);
   assert_int_equal(f->fn->num_defs, 6);

   /* Pretend liveness was valid: renumbering makes it stale. */
   f->fn->valid_metadata |= IR_METADATA_LIVENESS;
   ir_index_defs(f->fn);
   assert_int_equal(f->fn->num_defs, 4);
   assert_int_equal(a->index, 0);
   assert_int_equal(c->index, 1);
   assert_int_equal(t->index, 2);
   assert_int_equal(u->index, 3);
   assert_false(f->fn->valid_metadata & IR_METADATA_LIVENESS);

   /* Already dense: nothing changes, nothing is invalidated. */
   f->fn->valid_metadata |= IR_METADATA_LIVENESS;
   ir_index_defs(f->fn);
   assert_int_equal(f->fn->num_defs, 4);
   assert_true(f->fn->valid_metadata & IR_METADATA_LIVENESS);
   /* New defs continue after the dense range. */
   assert_int_equal(ir_imm_float(&f->b, 0.0f)->index, 4);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      FIXTURE_TEST(straight_line),
      FIXTURE_TEST(if_diamond),
      FIXTURE_TEST(loop_break_continue),
      FIXTURE_TEST(return_in_if),
      FIXTURE_TEST(unreachable_blocks),
      FIXTURE_TEST(nested_loops_all_pairs),
      FIXTURE_TEST(metadata_require_preserve),
      FIXTURE_TEST(index_instrs_and_blocks),
      FIXTURE_TEST(index_defs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
