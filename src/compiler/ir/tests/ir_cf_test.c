/* SPDX-License-Identifier: MIT */

/*
 * Tests of the control-flow tree (ir_cf.c): the block structure that ifs
 * and loops create, the successors and predecessors of every block for
 * the usual shapes, jumps added and removed, and the editing functions
 * (node insert/remove, extract/reinsert/delete, clone).  Each test checks
 * the exact edges, then check_function() for the invariants.  The last
 * cases parse their input (ir_parse) and extract ranges that end in a
 * jump, where the block left at the join must fall through.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "ir_core_test_helpers.h"
#include "ir_test_helpers.h"
#include "util/u_hash.h"

static void
straight_line(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   ALU2(&f->b, FADD, a, a);

   struct ir_block *blocks[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, blocks), 1);
   struct ir_block *b0 = blocks[0];
   assert_ptr_equal(b0, ir_start_block(f->fn));
   assert_int_equal(num_instrs(b0), 2);
   check_succs(b0, f->fn->end_block, NULL);
   CHECK_NO_PREDS(b0);
   CHECK_PREDS(f->fn->end_block, b0);
   assert_null(ir_block_next(f->fn, b0));
   check_function(f->fn);
}

static void
if_else(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_imm_float(&f->b, 1.0f);
   ir_push_else(&f->b, nif);
   ir_imm_float(&f->b, 2.0f);
   ir_pop_if(&f->b, nif);
   ir_imm_float(&f->b, 3.0f);

   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 4);
   /* body: b0, if { b1 } else { b2 }, b3 */
   assert_int_equal(u_list_length(&f->fn->body), 3);
   assert_ptr_equal(ir_cf_node_next(&bl[0]->cf), &nif->cf);
   assert_ptr_equal(ir_if_first_then_block(nif), bl[1]);
   assert_ptr_equal(ir_if_last_then_block(nif), bl[1]);
   assert_ptr_equal(ir_if_first_else_block(nif), bl[2]);
   assert_ptr_equal(ir_cf_node_next(&nif->cf), &bl[3]->cf);
   assert_ptr_equal(bl[1]->cf.parent, &nif->cf);
   assert_ptr_equal(bl[3]->cf.parent, &f->fn->cf);
   assert_ptr_equal(ir_block_get_following_if(bl[0]), nif);
   assert_null(ir_block_get_following_if(bl[3]));
   assert_int_equal(num_instrs(bl[0]), 1);
   assert_int_equal(num_instrs(bl[1]), 1);
   assert_int_equal(num_instrs(bl[2]), 1);
   assert_int_equal(num_instrs(bl[3]), 1);

   check_succs(bl[0], bl[1], bl[2]);
   check_succs(bl[1], bl[3], NULL);
   check_succs(bl[2], bl[3], NULL);
   check_succs(bl[3], f->fn->end_block, NULL);
   CHECK_NO_PREDS(bl[0]);
   CHECK_PREDS(bl[1], bl[0]);
   CHECK_PREDS(bl[2], bl[0]);
   CHECK_PREDS(bl[3], bl[1], bl[2]);
   CHECK_PREDS(f->fn->end_block, bl[3]);
   assert_ptr_equal(nif->condition.def, c);
   assert_int_equal(num_uses(c), 1);
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
static struct ir_loop *
build_loop_break_continue(struct fixture *f)
{
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_loop *loop = ir_push_loop(&f->b);
   ir_imm_float(&f->b, 1.0f);
   struct ir_if *i1 = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_push_else(&f->b, i1);
   ir_pop_if(&f->b, i1);
   struct ir_if *i2 = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_CONTINUE);
   ir_push_else(&f->b, i2);
   ir_pop_if(&f->b, i2);
   ir_pop_loop(&f->b, loop);
   return loop;
}

static void
loop_break_continue(void **state)
{
   struct fixture *f = *state;
   struct ir_loop *loop = build_loop_break_continue(f);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 9);
   struct ir_block *end = f->fn->end_block;

   assert_ptr_equal(ir_loop_first_block(loop), bl[1]);
   assert_ptr_equal(ir_loop_last_block(loop), bl[7]);
   assert_ptr_equal(ir_block_get_following_loop(bl[0]), loop);
   assert_ptr_equal(ir_cf_node_get_loop(&bl[2]->cf), loop);
   assert_ptr_equal(ir_cf_node_get_loop(&bl[7]->cf), loop);
   assert_null(ir_cf_node_get_loop(&bl[8]->cf));
   assert_null(ir_cf_node_get_loop(&loop->cf));
   assert_ptr_equal(ir_cf_node_get_function(&bl[5]->cf), f->fn);
   assert_int_equal(ir_block_last_jump(bl[2])->jump_kind, IR_JUMP_BREAK);
   assert_int_equal(ir_block_last_jump(bl[5])->jump_kind, IR_JUMP_CONTINUE);
   assert_null(ir_block_last_jump(bl[1]));

   check_succs(bl[0], bl[1], NULL);
   check_succs(bl[1], bl[2], bl[3]);
   check_succs(bl[2], bl[8], NULL);
   check_succs(bl[3], bl[4], NULL);
   check_succs(bl[4], bl[5], bl[6]);
   check_succs(bl[5], bl[1], NULL);
   check_succs(bl[6], bl[7], NULL);
   check_succs(bl[7], bl[1], NULL);
   check_succs(bl[8], end, NULL);
   CHECK_PREDS(bl[1], bl[0], bl[5], bl[7]);
   CHECK_PREDS(bl[4], bl[3]);
   CHECK_PREDS(bl[7], bl[6]);
   CHECK_PREDS(bl[8], bl[2]);
   CHECK_PREDS(end, bl[8]);
   check_function(f->fn);
}

static void
return_in_if(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, false);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_jump(&f->b, IR_JUMP_RETURN);
   ir_pop_if(&f->b, nif);
   ir_imm_int(&f->b, 7);

   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 4);
   struct ir_block *end = f->fn->end_block;
   check_succs(bl[0], bl[1], bl[2]);
   check_succs(bl[1], end, NULL);
   check_succs(bl[2], bl[3], NULL);
   check_succs(bl[3], end, NULL);
   CHECK_PREDS(bl[3], bl[2]);
   CHECK_PREDS(end, bl[1], bl[3]);
   check_function(f->fn);
}

/* Program order: then list before else list, loop bodies inline, nested
 * lists recursively. */
static void
block_next_order(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *outer = ir_push_if(&f->b, c);
   struct ir_loop *loop = ir_push_loop(&f->b);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_pop_loop(&f->b, loop);
   ir_push_else(&f->b, outer);
   struct ir_if *inner = ir_push_if(&f->b, c);
   ir_pop_if(&f->b, inner);
   ir_pop_if(&f->b, outer);

   /* b0 if { b1 loop { b2 } b3 } else { b4 if { b5 } else { b6 } b7 } b8 */
   struct ir_block *expected[] = {
      ir_start_block(f->fn),
      ir_if_first_then_block(outer),
      ir_loop_first_block(loop),
      ir_if_last_then_block(outer),
      ir_if_first_else_block(outer),
      ir_if_first_then_block(inner),
      ir_if_first_else_block(inner),
      ir_if_last_else_block(outer),
      ir_cf_as_block(ir_cf_node_next(&outer->cf)),
   };
   struct ir_block *b = NULL;
   for (unsigned i = 0; i < 9; i++) {
      b = ir_block_next(f->fn, b);
      assert_ptr_equal(b, expected[i]);
   }
   assert_null(ir_block_next(f->fn, b));
   assert_ptr_equal(ir_cf_node_as_first_block(&outer->cf), expected[1]);
   assert_ptr_equal(ir_cf_node_as_last_block(&outer->cf), expected[7]);
   assert_ptr_equal(ir_cf_node_as_first_block(&f->fn->cf), expected[0]);
   assert_ptr_equal(ir_cf_node_as_last_block(&f->fn->cf), expected[8]);
   check_succs(expected[2], expected[3], NULL);
   check_function(f->fn);
}

/* b0; if c { b1 } else { b2 }; b3: phi(b1: x, b2: y) */
static struct ir_phi *
build_diamond_phi(struct fixture *f, struct ir_if **nif_out, struct ir_def **x,
                  struct ir_def **y)
{
   struct ir_def *c = ir_imm_bool(&f->b, true);
   *x = ir_imm_float(&f->b, 1.0f);
   *y = ir_imm_float(&f->b, 2.0f);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_push_else(&f->b, nif);
   ir_pop_if(&f->b, nif);
   struct ir_def *phi = ir_if_phi(&f->b, *x, *y);
   *nif_out = nif;
   return ir_instr_as_phi(phi->parent);
}

static void
jump_insert_remove(void **state)
{
   struct fixture *f = *state;
   struct ir_if *nif;
   struct ir_def *x, *y;
   struct ir_phi *phi = build_diamond_phi(f, &nif, &x, &y);
   struct ir_block *then_b = ir_if_first_then_block(nif);
   struct ir_block *else_b = ir_if_first_else_block(nif);
   struct ir_block *merge = phi->instr.block;
   check_function(f->fn);
   assert_int_equal(num_uses(x), 1);

   struct ir_jump *ret = ir_jump_create(f->fn, IR_JUMP_RETURN);
   ir_instr_insert(ir_after_block(then_b), &ret->instr);
   check_succs(then_b, f->fn->end_block, NULL);
   CHECK_PREDS(merge, else_b);
   CHECK_PREDS(f->fn->end_block, merge, then_b);
   /* The phi lost the source of the edge that went away. */
   assert_int_equal(u_list_length(&phi->srcs), 1);
   assert_ptr_equal(u_list_first(&phi->srcs, struct ir_phi_src, link)->pred,
                    else_b);
   assert_int_equal(num_uses(x), 0);
   check_function(f->fn);

   /* Removing the jump restores the fall-through edge; the phi source is
    * the caller's to add. */
   ir_instr_remove(&ret->instr);
   check_succs(then_b, merge, NULL);
   CHECK_PREDS(merge, else_b, then_b);
   CHECK_PREDS(f->fn->end_block, merge);
   assert_int_equal(u_list_length(&phi->srcs), 1);
   ir_phi_add_src(phi, then_b, x);
   check_function(f->fn);
}

static void
break_insert_in_nested_if(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_loop *loop = ir_push_loop(&f->b);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_pop_if(&f->b, nif);
   ir_pop_loop(&f->b, loop);
   struct ir_block *after = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   struct ir_block *then_b = ir_if_first_then_block(nif);
   struct ir_block *merge = ir_loop_last_block(loop);
   CHECK_NO_PREDS(after);

   struct ir_jump *brk = ir_jump_create(f->fn, IR_JUMP_BREAK);
   ir_instr_insert(ir_after_block(then_b), &brk->instr);
   check_succs(then_b, after, NULL);
   CHECK_PREDS(after, then_b);
   CHECK_PREDS(merge, ir_if_first_else_block(nif));

   struct ir_jump *cont = ir_jump_create(f->fn, IR_JUMP_CONTINUE);
   ir_instr_insert(ir_after_block(ir_if_first_else_block(nif)), &cont->instr);
   CHECK_NO_PREDS(merge);
   CHECK_PREDS(ir_loop_first_block(loop), ir_start_block(f->fn), merge,
               ir_if_first_else_block(nif));
   check_function(f->fn);
}

/* An if built apart, with instructions already in its lists, gets its
 * edges (including its jumps') when inserted. */
static void
insert_prefilled_node(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_def *k = ir_imm_float(&f->b, 4.0f);
   struct ir_loop *loop = ir_push_loop(&f->b);
   ir_pop_loop(&f->b, loop);

   struct ir_if *nif = ir_if_create(f->fn);
   ir_if_set_condition(nif, c);
   struct ir_alu *neg = ir_alu_create(f->fn, IR_OP_FNEG);
   neg->def.num_components = 1;
   neg->def.bit_size = 32;
   ir_instr_set_src(&neg->instr, &neg->src[0].src, k);
   ir_instr_insert(ir_after_block(ir_if_first_then_block(nif)), &neg->instr);
   struct ir_jump *brk = ir_jump_create(f->fn, IR_JUMP_BREAK);
   ir_instr_insert(ir_after_block(ir_if_first_else_block(nif)), &brk->instr);
   /* Not in the function yet: no edges. */
   check_succs(ir_if_first_else_block(nif), NULL, NULL);

   struct ir_block *header = ir_loop_first_block(loop);
   ir_cf_node_insert(ir_after_block(header), &nif->cf);
   struct ir_block *then_b = ir_if_first_then_block(nif);
   struct ir_block *else_b = ir_if_first_else_block(nif);
   struct ir_block *merge = ir_loop_last_block(loop);
   struct ir_block *after = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   assert_ptr_equal(ir_cf_node_next(&header->cf), &nif->cf);
   assert_ptr_equal(nif->cf.parent, &loop->cf);
   check_succs(header, then_b, else_b);
   check_succs(then_b, merge, NULL);
   check_succs(else_b, after, NULL);
   check_succs(merge, header, NULL);
   CHECK_PREDS(header, ir_start_block(f->fn), merge);
   CHECK_PREDS(after, else_b);
   assert_ptr_equal(neg->instr.block, then_b);
   assert_int_equal(num_uses(k), 1);
   check_function(f->fn);
}

/* Inserting after an if whose merge block has phis keeps the phis in
 * that block; instructions after the cursor move past the new node. */
static void
insert_after_if_with_phis(void **state)
{
   struct fixture *f = *state;
   struct ir_if *nif;
   struct ir_def *x, *y;
   struct ir_phi *phi = build_diamond_phi(f, &nif, &x, &y);
   struct ir_def *use = ALU2(&f->b, FADD, &phi->def, &phi->def);
   struct ir_block *merge = phi->instr.block;

   struct ir_loop *loop = ir_loop_create(f->fn);
   ir_cf_node_insert(ir_after_cf_node(&nif->cf), &loop->cf);
   assert_ptr_equal(phi->instr.block, merge);
   assert_int_equal(num_instrs(merge), 1);
   struct ir_block *after = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   assert_ptr_equal(use->parent->block, after);
   check_succs(merge, ir_loop_first_block(loop), NULL);
   check_succs(ir_loop_first_block(loop), ir_loop_first_block(loop), NULL);
   CHECK_NO_PREDS(after);
   check_succs(after, f->fn->end_block, NULL);
   CHECK_PREDS(merge, ir_if_first_then_block(nif), ir_if_first_else_block(nif));
   check_function(f->fn);
}

/* b0: a, c; if c { b1: t = a + a } else { b2 }; b3: u = a * a */
static void
node_remove_if(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ALU2(&f->b, FADD, a, a);
   ir_pop_if(&f->b, nif);
   struct ir_def *u = ALU2(&f->b, FMUL, a, a);
   assert_int_equal(num_uses(a), 4);
   assert_int_equal(num_uses(c), 1);

   ir_cf_node_remove(&nif->cf);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 1);
   assert_int_equal(u_list_length(&f->fn->body), 1);
   assert_int_equal(num_instrs(bl[0]), 3);
   assert_ptr_equal(nth_instr(bl[0], 2), u->parent);
   assert_ptr_equal(u->parent->block, bl[0]);
   assert_int_equal(num_uses(a), 2);
   assert_int_equal(num_uses(c), 0);
   check_succs(bl[0], f->fn->end_block, NULL);
   CHECK_PREDS(f->fn->end_block, bl[0]);
   check_function(f->fn);
}

static void
node_remove_inside_loop(void **state)
{
   struct fixture *f = *state;
   struct ir_loop *loop = build_loop_break_continue(f);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   test_blocks(f->fn, bl);
   /* Remove the second if (with the continue): b4 and b7 merge. */
   struct ir_if *i2 = ir_block_get_following_if(bl[4]);
   ir_cf_node_remove(&i2->cf);

   struct ir_block *nb[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, nb), 6);
   assert_ptr_equal(nb[4], bl[4]);
   assert_ptr_equal(ir_loop_last_block(loop), bl[4]);
   check_succs(bl[4], bl[1], NULL);
   CHECK_PREDS(bl[1], bl[0], bl[4]);
   CHECK_PREDS(bl[4], bl[3]);
   check_function(f->fn);

   /* Removing the loop leaves one block. */
   ir_cf_node_remove(&loop->cf);
   assert_int_equal(test_blocks(f->fn, nb), 1);
   check_succs(nb[0], f->fn->end_block, NULL);
   CHECK_PREDS(f->fn->end_block, nb[0]);
   check_function(f->fn);
}

/*
 *   b0: a, c
 *   if c { b1: t = a + a } else { b2 }
 *   b3: u = a * a
 *   loop { b4 }
 *   b5
 */
static void
extract_reinsert_if(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   struct ir_def *t = ALU2(&f->b, FADD, a, a);
   ir_pop_if(&f->b, nif);
   struct ir_def *u = ALU2(&f->b, FMUL, a, a);
   struct ir_loop *loop = ir_push_loop(&f->b);
   ir_pop_loop(&f->b, loop);
   struct ir_block *b0 = ir_start_block(f->fn);
   struct ir_block *b4 = ir_loop_first_block(loop);
   struct ir_block *b5 = ir_cf_as_block(ir_cf_node_next(&loop->cf));

   struct ir_cf_list list;
   ir_cf_extract(&list, ir_before_cf_node(&nif->cf),
                 ir_after_cf_node(&nif->cf));
   /* Left: b0 (a, c, u), loop { b4 }, b5. */
   assert_ptr_equal(list.fn, f->fn);
   assert_int_equal(u_list_length(&f->fn->body), 3);
   assert_int_equal(num_instrs(b0), 3);
   assert_ptr_equal(u->parent->block, b0);
   check_succs(b0, b4, NULL);
   CHECK_PREDS(b4, b0, b4);
   check_cfg(f->fn);
   /* Taken: an empty block, the if, an empty block. */
   assert_int_equal(u_list_length(&list.list), 3);
   struct ir_block *x = u_list_first(&list.list, struct ir_block, cf.link);
   struct ir_block *y = u_list_last(&list.list, struct ir_block, cf.link);
   assert_null(x->cf.parent);
   assert_int_equal(num_instrs(x), 0);
   assert_int_equal(num_instrs(y), 0);
   check_succs(x, ir_if_first_then_block(nif), ir_if_first_else_block(nif));
   CHECK_NO_PREDS(x);
   check_succs(y, NULL, NULL);
   CHECK_PREDS(y, ir_if_first_then_block(nif), ir_if_first_else_block(nif));
   assert_ptr_equal(t->parent->block, ir_if_first_then_block(nif));

   /* Into the loop. */
   ir_cf_reinsert(&list, ir_after_block(b4));
   assert_true(u_list_is_empty(&list.list));
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 6);
   assert_ptr_equal(bl[0], b0);
   assert_ptr_equal(bl[1], b4);
   assert_ptr_equal(bl[2], ir_if_first_then_block(nif));
   assert_ptr_equal(bl[3], ir_if_first_else_block(nif));
   assert_ptr_equal(bl[4], y);
   assert_ptr_equal(bl[5], b5);
   assert_ptr_equal(nif->cf.parent, &loop->cf);
   assert_ptr_equal(ir_loop_last_block(loop), y);
   check_succs(b0, b4, NULL);
   check_succs(b4, bl[2], bl[3]);
   check_succs(bl[2], y, NULL);
   check_succs(y, b4, NULL);
   CHECK_PREDS(b4, b0, y);
   CHECK_NO_PREDS(b5);
   check_function(f->fn);
}

/* Instructions of one block moved into the then side of an if. */
static void
extract_instrs_reinsert(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_def *a = ir_imm_float(&f->b, 1.0f);
   struct ir_def *m = ALU2(&f->b, FMUL, a, a);
   struct ir_def *n = ALU2(&f->b, FADD, m, a);
   struct ir_def *z = ir_imm_float(&f->b, 0.0f);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ir_pop_if(&f->b, nif);
   struct ir_block *b0 = ir_start_block(f->fn);

   struct ir_cf_list list;
   ir_cf_extract(&list, ir_before_instr(m->parent), ir_after_instr(n->parent));
   assert_int_equal(u_list_length(&list.list), 1);
   struct ir_block *x = u_list_first(&list.list, struct ir_block, cf.link);
   assert_int_equal(num_instrs(x), 2);
   assert_int_equal(num_instrs(b0), 3);
   assert_ptr_equal(last_instr(b0), z->parent);
   check_succs(b0, ir_if_first_then_block(nif), ir_if_first_else_block(nif));

   ir_cf_reinsert(&list, ir_after_block(ir_if_first_then_block(nif)));
   struct ir_block *then_b = ir_if_first_then_block(nif);
   assert_int_equal(num_instrs(then_b), 2);
   assert_ptr_equal(m->parent->block, then_b);
   assert_ptr_equal(n->parent->block, then_b);
   assert_ptr_equal(first_instr(then_b), m->parent);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 4);
   check_succs(then_b, bl[3], NULL);
   CHECK_PREDS(bl[3], then_b, bl[2]);
   check_function(f->fn);
}

/* A range from the middle of one block to the middle of another, across
 * an if; then deleted. */
static void
extract_across_if_delete(void **state)
{
   struct fixture *f = *state;
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_def *i1 = ir_imm_float(&f->b, 1.0f);
   struct ir_def *i2 = ALU2(&f->b, FADD, i1, i1);
   struct ir_if *nif = ir_push_if(&f->b, c);
   ALU2(&f->b, FMUL, i2, i1);
   ir_pop_if(&f->b, nif);
   struct ir_def *i3 = ALU2(&f->b, FSUB, i2, i1);
   struct ir_def *i4 = ALU2(&f->b, FADD, i1, i1);
   assert_int_equal(num_uses(i1), 6);

   struct ir_cf_list list;
   ir_cf_extract(&list, ir_after_instr(i1->parent), ir_after_instr(i3->parent));
   assert_int_equal(u_list_length(&list.list), 3);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 1);
   assert_int_equal(num_instrs(bl[0]), 3);
   assert_ptr_equal(last_instr(bl[0]), i4->parent);
   struct ir_block *x = u_list_first(&list.list, struct ir_block, cf.link);
   struct ir_block *y = u_list_last(&list.list, struct ir_block, cf.link);
   assert_ptr_equal(first_instr(x), i2->parent);
   assert_ptr_equal(first_instr(y), i3->parent);
   check_succs(bl[0], f->fn->end_block, NULL);
   CHECK_PREDS(f->fn->end_block, bl[0]);

   ir_cf_delete(&list);
   assert_true(u_list_is_empty(&list.list));
   assert_int_equal(num_uses(i1), 2);
   assert_int_equal(num_uses(c), 0);
   check_function(f->fn);
}

/*
 *   b0: a, one, lim, a2
 *   loop {
 *     b1: p = phi(b0: a, b4: n); cnd = fge p, lim
 *     if cnd { b2: break } else { b3 }
 *     b4: n = fadd p, one
 *   }
 *   b5
 */
static void
clone_loop_with_phi(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 0.0f);
   struct ir_def *one = ir_imm_float(&f->b, 1.0f);
   struct ir_def *lim = ir_imm_float(&f->b, 10.0f);
   struct ir_def *a2 = ir_imm_float(&f->b, 5.0f);
   struct ir_block *b0 = ir_start_block(f->fn);
   struct ir_loop *loop = ir_push_loop(&f->b);
   struct ir_phi *p = ir_phi_create(f->fn);
   p->def.num_components = 1;
   p->def.bit_size = 32;
   ir_phi_add_src(p, b0, a);
   ir_builder_insert(&f->b, &p->instr);
   struct ir_def *cnd = ALU2(&f->b, FGE, &p->def, lim);
   struct ir_if *nif = ir_push_if(&f->b, cnd);
   ir_jump(&f->b, IR_JUMP_BREAK);
   ir_pop_if(&f->b, nif);
   struct ir_def *n = ALU2(&f->b, FADD, &p->def, one);
   ir_phi_add_src(p, ir_loop_last_block(loop), n);
   ir_pop_loop(&f->b, loop);
   check_function(f->fn);

   struct ir_cf_list list, copy;
   ir_cf_extract(&list, ir_before_cf_node(&loop->cf),
                 ir_after_cf_node(&loop->cf));
   struct u_hash_table *remap = u_hash_table_create_pointer(NULL);
   u_hash_table_insert(remap, a, a2);
   ir_cf_list_clone(&copy, &list, NULL, remap);

   /* The copy: X', loop' { b1' if' { b2' } else { b3' } b4' }, b5'. */
   assert_int_equal(u_list_length(&copy.list), 3);
   struct ir_block *x2 = u_list_first(&copy.list, struct ir_block, cf.link);
   struct ir_block *b5c = u_list_last(&copy.list, struct ir_block, cf.link);
   struct ir_loop *loop2 =
      ir_cf_as_loop(u_container_of(x2->cf.link.next, struct ir_cf_node, link));
   assert_non_null(loop2);
   assert_ptr_not_equal(loop2, loop);
   struct ir_block *h2 = ir_loop_first_block(loop2);
   struct ir_block *l2 = ir_loop_last_block(loop2);
   struct ir_if *nif2 = ir_block_get_following_if(h2);
   assert_non_null(nif2);
   assert_ptr_equal(nif2->cf.parent, &loop2->cf);

   struct ir_phi *p2 = ir_instr_as_phi(first_instr(h2));
   assert_non_null(p2);
   assert_ptr_not_equal(p2, p);
   struct ir_alu *cnd2 = ir_instr_as_alu(nth_instr(h2, 1));
   struct ir_alu *n2 = ir_instr_as_alu(first_instr(l2));
   assert_int_equal(cnd2->op, IR_OP_FGE);
   assert_int_equal(n2->op, IR_OP_FADD);
   assert_ptr_equal(cnd2->src[0].src.def, &p2->def);
   assert_ptr_equal(cnd2->src[1].src.def, lim);
   assert_ptr_equal(n2->src[0].src.def, &p2->def);
   assert_ptr_equal(n2->src[1].src.def, one);
   assert_ptr_equal(nif2->condition.def, &cnd2->def);
   assert_int_equal(u_list_length(&p2->srcs), 2);
   ir_foreach_phi_src (p2, psrc) {
      if (psrc->pred == x2)
         assert_ptr_equal(psrc->src.def, a2); /* seeded by the caller */
      else if (psrc->pred == l2)
         assert_ptr_equal(psrc->src.def, &n2->def); /* later in order */
      else
         fail_msg("phi source from an unexpected block");
   }
   assert_ptr_equal(u_hash_table_search(remap, n)->data, &n2->def);
   assert_ptr_equal(u_hash_table_search(remap, ir_start_block(f->fn)), NULL);
   assert_int_not_equal(n2->def.index, n->index);
   assert_int_equal(n2->def.num_components, 1);
   assert_int_equal(n2->def.bit_size, 32);
   /* Edges inside the copy only. */
   check_succs(x2, h2, NULL);
   check_succs(h2, ir_if_first_then_block(nif2), ir_if_first_else_block(nif2));
   check_succs(ir_if_first_then_block(nif2), b5c, NULL);
   check_succs(l2, h2, NULL);
   check_succs(b5c, NULL, NULL);
   CHECK_PREDS(h2, x2, l2);
   /* The original is unchanged. */
   assert_ptr_equal(nif->condition.def, cnd);
   assert_int_equal(num_uses(&p->def), 2);
   assert_int_equal(num_uses(lim), 2);
   assert_int_equal(num_uses(a2), 1);

   /* Both back: the original where it was, the copy after it. */
   ir_cf_reinsert(&list, ir_after_block(b0));
   ir_cf_reinsert(&copy, ir_after_cf_node(&loop->cf));
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 11);
   struct ir_block *b5 = ir_cf_as_block(ir_cf_node_next(&loop->cf));
   assert_ptr_equal(ir_cf_node_next(&b5->cf), &loop2->cf);
   check_succs(b0, ir_loop_first_block(loop), NULL);
   check_succs(b5, h2, NULL);
   check_succs(ir_if_first_then_block(nif), b5, NULL);
   check_succs(ir_if_first_then_block(nif2), b5c, NULL);
   check_succs(b5c, f->fn->end_block, NULL);
   CHECK_PREDS(ir_loop_first_block(loop), b0, ir_loop_last_block(loop));
   CHECK_PREDS(h2, b5, l2);
   /* The phi sources followed their edges through the merges. */
   ir_foreach_phi_src (p, psrc)
      assert_true(psrc->pred == b0 || psrc->pred == ir_loop_last_block(loop));
   ir_foreach_phi_src (p2, psrc)
      assert_true(psrc->pred == b5 || psrc->pred == l2);
   check_function(f->fn);
   u_hash_table_destroy(remap, NULL);
}

/* Cloning without a table; deleting the copy drops its uses. */
static void
clone_then_delete(void **state)
{
   struct fixture *f = *state;
   struct ir_def *a = ir_imm_float(&f->b, 3.0f);
   struct ir_def *c = ir_imm_bool(&f->b, true);
   struct ir_if *nif = ir_push_if(&f->b, c);
   struct ir_def *t = ALU2(&f->b, FADD, a, a);
   ir_push_else(&f->b, nif);
   struct ir_def *e = ALU1(&f->b, FNEG, a);
   ir_pop_if(&f->b, nif);
   struct ir_def *phi = ir_if_phi(&f->b, t, e);
   ALU2(&f->b, FMUL, phi, a);
   unsigned defs = f->fn->num_defs;

   struct ir_cf_list list, copy;
   ir_cf_extract(&list, ir_before_cf_node(&nif->cf),
                 ir_after_instr(phi->parent));
   ir_cf_list_clone(&copy, &list, NULL, NULL);
   assert_int_equal(f->fn->num_defs, defs + 3);
   assert_int_equal(num_uses(a), 7);
   assert_int_equal(num_uses(c), 2);
   ir_cf_delete(&copy);
   assert_int_equal(num_uses(a), 4);
   assert_int_equal(num_uses(c), 1);
   /* The copy's merge block had the phi; deleting cut its edges. */
   ir_cf_reinsert(&list, ir_after_instr(c->parent));
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(f->fn, bl), 4);
   assert_ptr_equal(first_instr(bl[3]), phi->parent);
   check_function(f->fn);
}

/* The function "main" of a parsed shader. */
static struct ir_function *
parsed_main(struct ir_shader *s)
{
   assert_non_null(s);
   struct ir_function *fn =
      u_list_first(&s->functions, struct ir_function, cf.link);
   assert_non_null(fn);
   return fn;
}

/*
 * A range whose last block ends in a jump: the split at its end leaves an
 * empty block without edges, and the block that remains at the join must
 * still get the fall-through edge the tree gives it (here back to the
 * loop header).
 */
static void
extract_block_ending_in_continue(void **state)
{
   (void)state;
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *s = IR_PARSE(mem, "shader fragment\n"
                                       "fn main {\n"
                                       "  b0:\n"
                                       "    %0:1 = load_const true\n"
                                       "  loop {\n"
                                       "    b1:\n"
                                       "      %2:32 = load_const 2\n"
                                       "    if %0 {\n"
                                       "      b2:\n"
                                       "        break\n"
                                       "    } else {\n"
                                       "      b3:\n"
                                       "    }\n"
                                       "    b4:\n"
                                       "      %1:32 = load_const 1\n"
                                       "      continue\n"
                                       "  }\n"
                                       "  b5:\n"
                                       "}\n");
   struct ir_function *fn = parsed_main(s);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(fn, bl), 6);
   struct ir_block *b1 = bl[1], *b4 = bl[4];
   CHECK_PREDS(b1, bl[0], b4);
   check_function(fn);

   struct ir_cf_list list;
   ir_cf_extract(&list, ir_before_block(b4), ir_after_block(b4));
   assert_int_equal(u_list_length(&list.list), 1);
   struct ir_block *x = u_list_first(&list.list, struct ir_block, cf.link);
   assert_int_equal(num_instrs(x), 2);
   /* The block left at the join falls through to the header; the taken
    * block keeps its continue edge while detached. */
   assert_int_equal(num_instrs(b4), 0);
   assert_ptr_equal(ir_loop_last_block(ir_cf_node_get_loop(&b1->cf)), b4);
   check_succs(b4, b1, NULL);
   check_succs(x, b1, NULL);
   CHECK_PREDS(b1, bl[0], b4, x);
   check_succs(bl[3], b4, NULL);
   CHECK_PREDS(b4, bl[3]);

   ir_cf_delete(&list);
   check_succs(x, NULL, NULL);
   CHECK_PREDS(b1, bl[0], b4);
   check_function(fn);
   IR_ASSERT_TEXT(s, "shader fragment\n"
                     "fn main {\n"
                     "  b0:\n"
                     "    %0:1 = load_const true\n"
                     "  loop {\n"
                     "    b1:\n"
                     "      %1:32 = load_const 2\n"
                     "    if %0 {\n"
                     "      b2:\n"
                     "        break\n"
                     "    } else {\n"
                     "      b3:\n"
                     "    }\n"
                     "    b4:\n"
                     "  }\n"
                     "  b5:\n"
                     "}\n");
   u_arena_destroy(mem);
}

static const char loop_continue_text[] = "shader fragment\n"
                                         "fn main {\n"
                                         "  b0:\n"
                                         "    %0:32 = load_const 0\n"
                                         "    %1:32 = load_const 1\n"
                                         "    %2:1 = load_const true\n"
                                         "  loop {\n"
                                         "    b1:\n"
                                         "      %3:32 = phi b0: %0, b7: %4\n"
                                         "      %4:32 = iadd %3, %1\n"
                                         "    if %2 {\n"
                                         "      b2:\n"
                                         "        break\n"
                                         "    } else {\n"
                                         "      b3:\n"
                                         "    }\n"
                                         "    b4:\n"
                                         "      %5:32 = iadd %4, %1\n"
                                         "    if %2 {\n"
                                         "      b5:\n"
                                         "        %6:32 = iadd %5, %5\n"
                                         "    } else {\n"
                                         "      b6:\n"
                                         "    }\n"
                                         "    b7:\n"
                                         "      continue\n"
                                         "  }\n"
                                         "  b8:\n"
                                         "}\n";

/*
 * A range from the middle of a block, across an if, to a continue at the
 * end of the loop body.  Reinserted where it was, the original edges and
 * the header phi's sources come back; deleted, the joined block falls
 * through to the header with a new edge whose phi source the caller adds.
 */
static void
extract_range_ending_in_continue(void **state)
{
   (void)state;
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *s = IR_PARSE(mem, loop_continue_text);
   struct ir_function *fn = parsed_main(s);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(fn, bl), 9);
   struct ir_block *b1 = bl[1], *b4 = bl[4], *b7 = bl[7];
   struct ir_phi *phi = ir_instr_as_phi(first_instr(b1));
   assert_non_null(phi);
   struct ir_def *d4 = ir_instr_def(nth_instr(b1, 1));
   struct ir_instr *i5 = first_instr(b4);
   struct ir_if *nif = ir_block_get_following_if(b4);
   check_function(fn);

   struct ir_cf_list list;
   ir_cf_extract(&list, ir_after_instr(i5), ir_after_block(b7));
   assert_int_equal(u_list_length(&list.list), 3);
   assert_ptr_equal(u_list_last(&list.list, struct ir_block, cf.link), b7);
   assert_int_equal(u_list_length(&fn->body), 3);
   assert_ptr_equal(ir_loop_last_block(ir_cf_node_get_loop(&b4->cf)), b4);
   assert_int_equal(num_instrs(b4), 1);
   check_succs(b4, b1, NULL);
   check_succs(b7, b1, NULL);
   CHECK_PREDS(b1, bl[0], b4, b7);
   /* The continue's phi source went out with it; b4's is still missing. */
   assert_int_equal(u_list_length(&phi->srcs), 2);

   /* Back where it was: the edge of b4 to the header goes away again. */
   ir_cf_reinsert(&list, ir_after_block(b4));
   struct ir_block *nb[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(fn, nb), 9);
   assert_ptr_equal(nb[4], b4);
   assert_ptr_equal(nb[7], b7);
   assert_ptr_equal(ir_block_get_following_if(b4), nif);
   check_succs(b4, ir_if_first_then_block(nif), ir_if_first_else_block(nif));
   CHECK_PREDS(b1, bl[0], b7);
   check_function(fn);
   IR_ASSERT_TEXT(s, loop_continue_text);

   /* Deleted: the caller gives the header phi a source for b4. */
   ir_cf_extract(&list, ir_after_instr(i5), ir_after_block(b7));
   ir_cf_delete(&list);
   assert_int_equal(test_blocks(fn, nb), 6);
   check_succs(b4, b1, NULL);
   CHECK_PREDS(b1, bl[0], b4);
   assert_int_equal(u_list_length(&phi->srcs), 1);
   assert_false(ir_validate(s, NULL));
   ir_phi_add_src(phi, b4, d4);
   check_function(fn);
   IR_ASSERT_TEXT(s, "shader fragment\n"
                     "fn main {\n"
                     "  b0:\n"
                     "    %0:32 = load_const 0\n"
                     "    %1:32 = load_const 1\n"
                     "    %2:1 = load_const true\n"
                     "  loop {\n"
                     "    b1:\n"
                     "      %3:32 = phi b0: %0, b4: %4\n"
                     "      %4:32 = iadd %3, %1\n"
                     "    if %2 {\n"
                     "      b2:\n"
                     "        break\n"
                     "    } else {\n"
                     "      b3:\n"
                     "    }\n"
                     "    b4:\n"
                     "      %5:32 = iadd %4, %1\n"
                     "  }\n"
                     "  b5:\n"
                     "}\n");
   u_arena_destroy(mem);
}

/*
 * Only the return of a then block: the block now falls through to the
 * block after the if, whose phi gets its source from the caller.
 */
static void
extract_return(void **state)
{
   (void)state;
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *s = IR_PARSE(mem, "shader fragment\n"
                                       "fn main {\n"
                                       "  b0:\n"
                                       "    %0:1 = load_const true\n"
                                       "    %1:32 = load_const 1\n"
                                       "  if %0 {\n"
                                       "    b1:\n"
                                       "      %2:32 = iadd %1, %1\n"
                                       "      return\n"
                                       "  } else {\n"
                                       "    b2:\n"
                                       "      %3:32 = imul %1, %1\n"
                                       "  }\n"
                                       "  b3:\n"
                                       "    %4:32 = phi b2: %3\n"
                                       "    %5:32 = iadd %4, %1\n"
                                       "}\n");
   struct ir_function *fn = parsed_main(s);
   struct ir_block *bl[MAX_TEST_BLOCKS + 1];
   assert_int_equal(test_blocks(fn, bl), 4);
   struct ir_block *b1 = bl[1], *b2 = bl[2], *b3 = bl[3];
   struct ir_block *end = fn->end_block;
   CHECK_PREDS(end, b1, b3);
   CHECK_PREDS(b3, b2);
   check_function(fn);

   struct ir_cf_list list;
   struct ir_jump *ret = ir_block_last_jump(b1);
   ir_cf_extract(&list, ir_before_instr(&ret->instr), ir_after_block(b1));
   struct ir_block *x = u_list_first(&list.list, struct ir_block, cf.link);
   assert_ptr_equal(first_instr(x), &ret->instr);
   assert_null(ir_block_last_jump(b1));
   assert_int_equal(num_instrs(b1), 1);
   check_succs(b1, b3, NULL);
   check_succs(x, end, NULL);
   CHECK_PREDS(b3, b2, b1);

   ir_cf_delete(&list);
   CHECK_PREDS(end, b3);
   CHECK_PREDS(b3, b2, b1);
   assert_false(ir_validate(s, NULL));
   struct ir_phi *phi = ir_instr_as_phi(first_instr(b3));
   ir_phi_add_src(phi, b1, ir_instr_def(first_instr(b1)));
   check_function(fn);
   IR_ASSERT_TEXT(s, "shader fragment\n"
                     "fn main {\n"
                     "  b0:\n"
                     "    %0:1 = load_const true\n"
                     "    %1:32 = load_const 1\n"
                     "  if %0 {\n"
                     "    b1:\n"
                     "      %2:32 = iadd %1, %1\n"
                     "  } else {\n"
                     "    b2:\n"
                     "      %3:32 = imul %1, %1\n"
                     "  }\n"
                     "  b3:\n"
                     "    %4:32 = phi b1: %2, b2: %3\n"
                     "    %5:32 = iadd %4, %1\n"
                     "}\n");
   u_arena_destroy(mem);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      FIXTURE_TEST(straight_line),
      FIXTURE_TEST(if_else),
      FIXTURE_TEST(loop_break_continue),
      FIXTURE_TEST(return_in_if),
      FIXTURE_TEST(block_next_order),
      FIXTURE_TEST(jump_insert_remove),
      FIXTURE_TEST(break_insert_in_nested_if),
      FIXTURE_TEST(insert_prefilled_node),
      FIXTURE_TEST(insert_after_if_with_phis),
      FIXTURE_TEST(node_remove_if),
      FIXTURE_TEST(node_remove_inside_loop),
      FIXTURE_TEST(extract_reinsert_if),
      FIXTURE_TEST(extract_instrs_reinsert),
      FIXTURE_TEST(extract_across_if_delete),
      FIXTURE_TEST(clone_loop_with_phi),
      FIXTURE_TEST(clone_then_delete),
      cmocka_unit_test(extract_block_ending_in_continue),
      cmocka_unit_test(extract_range_ending_in_continue),
      cmocka_unit_test(extract_return),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
