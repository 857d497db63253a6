/* SPDX-License-Identifier: MIT */

/*
 * Checks shared by the tests of the IR core (ir_core_test, ir_cf_test,
 * ir_builder_test, ir_dominance_test).  check_function() verifies, after
 * an edit, what every edit must keep: successors and predecessors agree,
 * every block of the function sits where the tree says, phis name exactly
 * their block's predecessors, every source is on its def's use list, and
 * ir_validate() (written independently, in ir_validate.c) accepts the
 * shader.  Include after <cmocka.h>.
 *
 * ir_builder.h declares ir_mov() and includes the generated
 * ir_builder_opcodes.h, which defines it again as a static inline; the
 * two cannot be in one file, so the tests leave the generated helpers out
 * and call ir_build_alu() (ALU2() below).
 */
#ifndef IR_CORE_TEST_HELPERS_H
#define IR_CORE_TEST_HELPERS_H

#include <stdlib.h>

#include "compiler/ir/ir_builder.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

#define ALU1(b, op, x)    ir_build_alu((b), IR_OP_##op, (x), NULL, NULL, NULL)
#define ALU2(b, op, x, y) ir_build_alu((b), IR_OP_##op, (x), (y), NULL, NULL)

#define MAX_TEST_BLOCKS 64

/* The blocks of @p fn in program order, then its end block; returns the
 * number of body blocks. */
static inline unsigned
test_blocks(struct ir_function *fn, struct ir_block **out)
{
   unsigned n = 0;
   ir_foreach_block (fn, b) {
      assert_true(n < MAX_TEST_BLOCKS);
      out[n++] = b;
   }
   out[n] = fn->end_block;
   return n;
}

static inline unsigned
count_pred(const struct ir_block *b, const struct ir_block *pred)
{
   unsigned n = 0;
   for (unsigned i = 0; i < b->num_preds; i++)
      n += b->preds[i] == pred;
   return n;
}

/* The predecessors of @p b are exactly @p preds, in any order. */
static inline void
check_preds_array(const struct ir_block *b, struct ir_block *const *preds,
                  unsigned n)
{
   assert_int_equal(b->num_preds, n);
   for (unsigned i = 0; i < n; i++)
      assert_int_equal(count_pred(b, preds[i]), 1);
}
#define CHECK_PREDS(b, ...)                                         \
   check_preds_array((b), (struct ir_block *[]){ __VA_ARGS__ },     \
                     sizeof((struct ir_block *[]){ __VA_ARGS__ }) / \
                        sizeof(struct ir_block *))
#define CHECK_NO_PREDS(b) assert_int_equal((b)->num_preds, 0)

static inline void
check_succs(const struct ir_block *b, const struct ir_block *s0,
            const struct ir_block *s1)
{
   assert_ptr_equal(b->succ[0], s0);
   assert_ptr_equal(b->succ[1], s1);
}

static inline bool
src_is_use(const struct ir_src *src)
{
   ir_foreach_use (src->def, use) {
      if (use == src)
         return true;
   }
   return false;
}

static inline bool
check_src_cb(struct ir_src *src, void *data)
{
   struct ir_instr *instr = data;
   if (src->def) {
      assert_false(src->is_if_condition);
      assert_ptr_equal(src->parent_instr, instr);
      assert_true(src_is_use(src));
   }
   return true;
}

static inline bool
in_blocks(struct ir_block *const *blocks, unsigned n, const struct ir_block *b)
{
   for (unsigned i = 0; i <= n; i++) {
      if (blocks[i] == b)
         return true;
   }
   return false;
}

static inline void
check_phis(struct ir_block *b)
{
   bool phis_done = false;
   ir_foreach_instr (b, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi) {
         phis_done = true;
         continue;
      }
      assert_false(phis_done);
      unsigned n = 0;
      ir_foreach_phi_src (phi, psrc) {
         assert_int_equal(count_pred(b, psrc->pred), 1);
         n++;
      }
      assert_int_equal(n, b->num_preds);
   }
}

/* The validator (ir_validate.c) agrees that the shader is valid. */
static inline void
check_valid(struct ir_shader *shader)
{
   ir_test_assert_valid(shader, NULL, __FILE__, __LINE__);
}

/* Everything check_function() promises for one function, without the
 * validator (usable while an extracted ir_cf_list is out: its
 * instructions still count as uses). */
static inline void
check_cfg(struct ir_function *fn)
{
   struct ir_block *blocks[MAX_TEST_BLOCKS + 1];
   unsigned n = test_blocks(fn, blocks);
   assert_true(u_list_is_empty(&fn->end_block->instrs));
   for (unsigned i = 0; i <= n; i++) {
      struct ir_block *b = blocks[i];
      for (unsigned s = 0; s < 2; s++) {
         if (b->succ[s]) {
            assert_true(in_blocks(blocks, n, b->succ[s]));
            assert_int_equal(count_pred(b->succ[s], b), 1);
         }
      }
      assert_true(b->succ[0] || !b->succ[1]);
      for (unsigned p = 0; p < b->num_preds; p++) {
         struct ir_block *pred = b->preds[p];
         assert_true(in_blocks(blocks, n, pred));
         assert_true(pred->succ[0] == b || pred->succ[1] == b);
      }
      check_phis(b);
      ir_foreach_instr (b, instr) {
         assert_ptr_equal(instr->block, b);
         if (instr->kind == IR_INSTR_JUMP)
            assert_ptr_equal(instr->link.next, &b->instrs);
         ir_instr_foreach_src(instr, check_src_cb, instr);
         struct ir_def *def = ir_instr_def(instr);
         if (def) {
            ir_foreach_use (def, use) {
               assert_ptr_equal(use->def, def);
               if (use->is_if_condition)
                  assert_ptr_equal(use->parent_if->condition.def, def);
               else
                  assert_non_null(use->parent_instr->block);
            }
         }
      }
      struct ir_if *nif = ir_block_get_following_if(b);
      if (nif) {
         assert_true(nif->condition.is_if_condition);
         assert_ptr_equal(nif->condition.parent_if, nif);
         assert_true(src_is_use(&nif->condition));
      }
   }
}

/* check_cfg(), then the validator's view of the whole shader. */
static inline void
check_function(struct ir_function *fn)
{
   check_cfg(fn);
   check_valid(fn->shader);
}

/* Number of uses of @p def. */
static inline unsigned
num_uses(const struct ir_def *def)
{
   return u_list_length(&def->uses);
}

/* Number of instructions of @p b. */
static inline unsigned
num_instrs(const struct ir_block *b)
{
   return u_list_length(&b->instrs);
}

static inline struct ir_instr *
first_instr(struct ir_block *b)
{
   return u_list_first(&b->instrs, struct ir_instr, link);
}

static inline struct ir_instr *
last_instr(struct ir_block *b)
{
   return u_list_last(&b->instrs, struct ir_instr, link);
}

/* The @p i-th instruction of @p b (0 first). */
static inline struct ir_instr *
nth_instr(struct ir_block *b, unsigned i)
{
   unsigned n = 0;
   ir_foreach_instr (b, instr) {
      if (n++ == i)
         return instr;
   }
   fail_msg("block has no instruction %u", i);
   return NULL;
}

/* A shader with one function "main" and a builder at its end. */
struct fixture {
   struct ir_shader *shader;
   struct ir_function *fn;
   struct ir_builder b;
};

static inline int
fixture_setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   if (!f)
      return -1;
   f->shader = ir_shader_create(NULL, IR_STAGE_FRAGMENT);
   if (!f->shader)
      return -1;
   f->fn = ir_function_create(f->shader, "main");
   if (!f->fn)
      return -1;
   f->b = ir_builder_at_end(f->fn);
   *state = f;
   return 0;
}

static inline int
fixture_teardown(void **state)
{
   struct fixture *f = *state;
   ir_shader_destroy(f->shader);
   free(f);
   return 0;
}

#define FIXTURE_TEST(t) \
   cmocka_unit_test_setup_teardown(t, fixture_setup, fixture_teardown)

#endif
