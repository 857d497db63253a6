/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_liveness.c: SSA liveness on straight-line code, an if
 * diamond with phis and a loop with values live around the back edge;
 * the per-instruction queries; register liveness with partial write
 * masks; and a generated shader of ~5000 defs in nested loops and ifs
 * whose every live-in/live-out bit is compared with a naive per-def
 * reference (walking predecessors back from each use).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_analysis.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"
#include "util/u_bitset.h"
#include "util/u_strbuf.h"

static struct ir_shader *
parse_valid(void **state, const char *text)
{
   return ir_test_parse_valid(*state, text, __FILE__, __LINE__);
}

static struct ir_function *
main_fn(struct ir_shader *s)
{
   return ir_shader_get_entrypoint(s);
}

static struct ir_block *
block_n(struct ir_shader *s, unsigned n)
{
   ir_foreach_block (main_fn(s), b) {
      if (b != main_fn(s)->end_block && n-- == 0)
         return b;
   }
   fail_msg("no block b%u", n);
   return NULL;
}

/* Def %N of a text whose defs are numbered densely in program order. */
static struct ir_def *
def_n(struct ir_shader *s, unsigned n)
{
   ir_foreach_block (main_fn(s), b) {
      ir_foreach_instr (b, instr) {
         struct ir_def *def = ir_instr_def(instr);
         if (def && n-- == 0)
            return def;
      }
   }
   fail_msg("no def %%%u", n);
   return NULL;
}

/* Which of the defs %0..%(n-1) are in @p set, as a bit mask. */
static uint64_t
set_mask(struct ir_shader *s, const uint64_t *set, unsigned n)
{
   uint64_t mask = 0;
   for (unsigned i = 0; i < n; i++) {
      if (u_bitset_test(set, def_n(s, i)->index))
         mask |= (uint64_t)1 << i;
   }
   return mask;
}

#define B(i) ((uint64_t)1 << (i))

/* ---------------------------------------------------------------------- */
/* SSA liveness on small shaders                                          */
/* ---------------------------------------------------------------------- */

struct walk_record {
   struct ir_shader *s;
   unsigned ndefs;
   unsigned count;
   uint64_t after[16];
   struct ir_instr *instr[16];
};

static void
record_live(struct ir_instr *instr, const uint64_t *live_after, void *data)
{
   struct walk_record *r = data;
   assert_true(r->count < 16);
   r->instr[r->count] = instr;
   r->after[r->count++] = set_mask(r->s, live_after, r->ndefs);
}

static void
straight_line(void **state)
{
   struct ir_shader *s = parse_valid(state, "shader compute\n"
                                            "fn main {\n"
                                            "  b0:\n"
                                            "    %0:32 = load_const 1\n"
                                            "    %1:32 = load_const 2\n"
                                            "    %2:32 = iadd %0, %1\n"
                                            "    %3:32 = imul %2, %0\n"
                                            "    %4:32 = iadd %3, %3\n"
                                            "}\n");
   struct ir_function *fn = main_fn(s);
   ir_calc_liveness(fn);
   assert_true(fn->valid_metadata & IR_METADATA_LIVENESS);
   struct ir_block *b0 = block_n(s, 0);
   assert_int_equal(set_mask(s, b0->live_in, 5), 0);
   assert_int_equal(set_mask(s, b0->live_out, 5), 0);

   struct walk_record r = { .s = s, .ndefs = 5 };
   assert_true(ir_block_walk_liveness(fn, b0, record_live, &r));
   assert_int_equal(r.count, 5);
   /* Backward: after %4, %3, %2, %1, %0. */
   assert_int_equal(r.after[0], 0);
   assert_int_equal(r.after[1], B(3));
   assert_int_equal(r.after[2], B(0) | B(2));
   assert_int_equal(r.after[3], B(0) | B(1));
   assert_int_equal(r.after[4], B(0));

   assert_true(
      ir_def_is_live_after_instr(fn, def_n(s, 0), def_n(s, 2)->parent));
   assert_false(
      ir_def_is_live_after_instr(fn, def_n(s, 0), def_n(s, 3)->parent));
   assert_false(
      ir_def_is_live_after_instr(fn, def_n(s, 1), def_n(s, 2)->parent));
   /* Not defined yet. */
   assert_false(
      ir_def_is_live_after_instr(fn, def_n(s, 3), def_n(s, 1)->parent));
   /* Defined, never used. */
   assert_false(
      ir_def_is_live_after_instr(fn, def_n(s, 4), def_n(s, 4)->parent));
}

static const char *const diamond_text = "shader compute\n"
                                        "fn main {\n"
                                        "  b0:\n"
                                        "    %0:32 = load_const 1\n"
                                        "    %1:32 = load_const 2\n"
                                        "    %2:1 = ilt %0, %1\n"
                                        "  if %2 {\n"
                                        "    b1:\n"
                                        "      %3:32 = iadd %0, %0\n"
                                        "  } else {\n"
                                        "    b2:\n"
                                        "      %4:32 = imul %1, %1\n"
                                        "  }\n"
                                        "  b3:\n"
                                        "    %5:32 = phi b1: %3, b2: %4\n"
                                        "    %6:32 = iadd %5, %0\n"
                                        "}\n";

static void
if_diamond_with_phi(void **state)
{
   struct ir_shader *s = parse_valid(state, diamond_text);
   struct ir_function *fn = main_fn(s);
   ir_calc_liveness(fn);
   struct ir_block *b0 = block_n(s, 0), *b1 = block_n(s, 1),
                   *b2 = block_n(s, 2), *b3 = block_n(s, 3);

   assert_int_equal(set_mask(s, b0->live_in, 7), 0);
   /* The condition is read at the end of b0, not in the successors. */
   assert_int_equal(set_mask(s, b0->live_out, 7), B(0) | B(1));
   assert_int_equal(set_mask(s, b1->live_in, 7), B(0));
   /* Phi sources are live-out of their predecessor only. */
   assert_int_equal(set_mask(s, b1->live_out, 7), B(0) | B(3));
   assert_int_equal(set_mask(s, b2->live_in, 7), B(0) | B(1));
   assert_int_equal(set_mask(s, b2->live_out, 7), B(0) | B(4));
   /* The phi's def is defined in b3, its sources are not live there. */
   assert_int_equal(set_mask(s, b3->live_in, 7), B(0));
   assert_int_equal(set_mask(s, b3->live_out, 7), 0);

   assert_true(
      ir_def_is_live_after_instr(fn, def_n(s, 2), def_n(s, 2)->parent));
   assert_true(ir_def_is_live_out(b1, def_n(s, 3)));
   assert_false(ir_def_is_live_in(b3, def_n(s, 3)));
   assert_false(ir_def_is_live_in(b3, def_n(s, 5)));

   /* The walk of b0 starts from live_out plus the if condition. */
   struct walk_record r = { .s = s, .ndefs = 7 };
   assert_true(ir_block_walk_liveness(fn, b0, record_live, &r));
   assert_int_equal(r.count, 3);
   assert_int_equal(r.after[0], B(0) | B(1) | B(2));
   /* The walk of b3 sees the phi first. */
   r.count = 0;
   assert_true(ir_block_walk_liveness(fn, b3, record_live, &r));
   assert_int_equal(r.after[0], 0);
   assert_int_equal(r.after[1], B(0) | B(5));
}

static void
loop_with_values_around_back_edge(void **state)
{
   struct ir_shader *s = parse_valid(state, "shader compute\n"
                                            "fn main {\n"
                                            "  b0:\n"
                                            "    %0:32 = load_const 0\n"
                                            "    %1:32 = load_const 10\n"
                                            "    %2:32 = load_const 1\n"
                                            "    %3:32 = load_const 7\n"
                                            "  loop {\n"
                                            "    b1:\n"
                                            "      %4:32 = phi b0: %0, b4: %6\n"
                                            "      %5:1 = ige %4, %1\n"
                                            "    if %5 {\n"
                                            "      b2:\n"
                                            "        break\n"
                                            "    } else {\n"
                                            "      b3:\n"
                                            "    }\n"
                                            "    b4:\n"
                                            "      %6:32 = iadd %4, %2\n"
                                            "  }\n"
                                            "  b5:\n"
                                            "    %7:32 = iadd %4, %3\n"
                                            "}\n");
   struct ir_function *fn = main_fn(s);
   ir_metadata_require(fn, IR_METADATA_LIVENESS);
   struct ir_block *b[6];
   for (unsigned i = 0; i < 6; i++)
      b[i] = block_n(s, i);

   assert_int_equal(set_mask(s, b[0]->live_out, 8), B(0) | B(1) | B(2) | B(3));
   /* %3 is used after the loop: live through every block of it. */
   assert_int_equal(set_mask(s, b[1]->live_in, 8), B(1) | B(2) | B(3));
   assert_int_equal(set_mask(s, b[1]->live_out, 8), B(1) | B(2) | B(3) | B(4));
   assert_int_equal(set_mask(s, b[2]->live_in, 8), B(3) | B(4));
   assert_int_equal(set_mask(s, b[2]->live_out, 8), B(3) | B(4));
   assert_int_equal(set_mask(s, b[3]->live_in, 8), B(1) | B(2) | B(3) | B(4));
   assert_int_equal(set_mask(s, b[4]->live_in, 8), B(1) | B(2) | B(3) | B(4));
   /* Around the back edge: the loop invariants and the phi's source. */
   assert_int_equal(set_mask(s, b[4]->live_out, 8), B(1) | B(2) | B(3) | B(6));
   assert_int_equal(set_mask(s, b[5]->live_in, 8), B(3) | B(4));
   assert_int_equal(set_mask(s, b[5]->live_out, 8), 0);
   assert_int_equal(set_mask(s, fn->end_block->live_in, 8), 0);
}

/* ---------------------------------------------------------------------- */
/* Registers                                                              */
/* ---------------------------------------------------------------------- */

static void
registers_with_partial_write_masks(void **state)
{
   struct ir_shader *s =
      parse_valid(state, "shader compute\n"
                         "fn main {\n"
                         "  b0:\n"
                         "    %0:32 = decl_reg num_components=4 bit_size=32\n"
                         "    %1:32 = decl_reg num_components=2 bit_size=32\n"
                         "    %2:32x4 = load_const (1, 2, 3, 4)\n"
                         "    %3:32x2 = load_const (5, 6)\n"
                         "    store_reg %2, %0 write_mask=3\n"
                         "    %4:1 = load_const true\n"
                         "  if %4 {\n"
                         "    b1:\n"
                         "      store_reg %2, %0 write_mask=12\n"
                         "      store_reg %3, %1 write_mask=3\n"
                         "  } else {\n"
                         "    b2:\n"
                         "      store_reg %2, %0 write_mask=4\n"
                         "  }\n"
                         "  b3:\n"
                         "    %5:32x4 = load_reg %0\n"
                         "    %6:32x2 = load_reg %1\n"
                         "}\n");
   struct ir_reg_liveness *rl = ir_calc_reg_liveness(main_fn(s), *state);
   assert_non_null(rl);
   assert_int_equal(rl->num_regs, 2);
   struct ir_def *r0 = def_n(s, 0), *r1 = def_n(s, 1);
   assert_int_equal(ir_reg_liveness_reg_index(rl, r0), 0);
   assert_int_equal(ir_reg_liveness_reg_index(rl, r1), 1);
   assert_int_equal(ir_reg_liveness_reg_index(rl, def_n(s, 2)), -1);

   struct ir_block *b0 = block_n(s, 0), *b1 = block_n(s, 1),
                   *b2 = block_n(s, 2), *b3 = block_n(s, 3);
   assert_int_equal(ir_reg_live_in_mask(rl, b3, r0), 0xf);
   assert_int_equal(ir_reg_live_in_mask(rl, b3, r1), 0x3);
   assert_int_equal(ir_reg_live_out_mask(rl, b3, r0), 0);
   assert_int_equal(ir_reg_live_out_mask(rl, b1, r0), 0xf);
   /* b1 writes zw of r0 and all of r1. */
   assert_int_equal(ir_reg_live_in_mask(rl, b1, r0), 0x3);
   assert_int_equal(ir_reg_live_in_mask(rl, b1, r1), 0);
   /* b2 writes z of r0 only. */
   assert_int_equal(ir_reg_live_in_mask(rl, b2, r0), 0xb);
   assert_int_equal(ir_reg_live_in_mask(rl, b2, r1), 0x3);
   assert_int_equal(ir_reg_live_out_mask(rl, b0, r0), 0xb);
   assert_int_equal(ir_reg_live_out_mask(rl, b0, r1), 0x3);
   /* b0 writes xy of r0; r1 is read uninitialised on the else path. */
   assert_int_equal(ir_reg_live_in_mask(rl, b0, r0), 0x8);
   assert_int_equal(ir_reg_live_in_mask(rl, b0, r1), 0x3);
}

static void
registers_in_loops_and_arrays(void **state)
{
   struct ir_shader *s =
      parse_valid(state, "shader compute\n"
                         "fn main {\n"
                         "  b0:\n"
                         "    %0:32 = decl_reg num_components=1 bit_size=32\n"
                         "    %1:32 = decl_reg num_components=1 bit_size=32 "
                         "num_array_elems=2\n"
                         "    %2:32 = load_const 0\n"
                         "    store_reg %2, %0 write_mask=1\n"
                         "    store_reg %2, %1 base=1 write_mask=1\n"
                         "  loop {\n"
                         "    b1:\n"
                         "      %3:32 = load_reg %0\n"
                         "      %4:1 = ige %3, %2\n"
                         "    if %4 {\n"
                         "      b2:\n"
                         "        break\n"
                         "    } else {\n"
                         "      b3:\n"
                         "    }\n"
                         "    b4:\n"
                         "      %5:32 = iadd %3, %3\n"
                         "      store_reg %5, %0 write_mask=1\n"
                         "  }\n"
                         "  b5:\n"
                         "    %6:32 = load_reg %1 base=0\n"
                         "}\n");
   struct ir_reg_liveness *rl = ir_calc_reg_liveness(main_fn(s), NULL);
   assert_non_null(rl);
   struct ir_def *r0 = def_n(s, 0), *r1 = def_n(s, 1);
   /* r0 is read at the top of the loop and written at the bottom. */
   assert_int_equal(ir_reg_live_in_mask(rl, block_n(s, 1), r0), 1);
   assert_int_equal(ir_reg_live_out_mask(rl, block_n(s, 4), r0), 1);
   assert_int_equal(ir_reg_live_in_mask(rl, block_n(s, 4), r0), 0);
   assert_int_equal(ir_reg_live_out_mask(rl, block_n(s, 2), r0), 0);
   assert_int_equal(ir_reg_live_in_mask(rl, block_n(s, 0), r0), 0);
   /* A store to one element of an array register kills nothing. */
   assert_int_equal(ir_reg_live_in_mask(rl, block_n(s, 0), r1), 1);
   assert_int_equal(ir_reg_live_in_mask(rl, block_n(s, 3), r1), 1);
}

/* ---------------------------------------------------------------------- */
/* A large generated shader against a naive reference                     */
/* ---------------------------------------------------------------------- */

struct gen {
   struct u_arena *mem;
   /** Where text goes (loops divert their body to emit the header last). */
   struct u_strbuf *out;
   uint64_t rng;
   unsigned next_def;
   unsigned next_label;
   /** Label of the block being written. */
   unsigned cur;
   /** Defs visible at this point (dominating it), as a stack. */
   unsigned *visible;
   unsigned num_visible;
   unsigned target_defs;
};

static unsigned
rnd(struct gen *g, unsigned n)
{
   g->rng ^= g->rng << 13;
   g->rng ^= g->rng >> 7;
   g->rng ^= g->rng << 17;
   return (unsigned)(g->rng % n);
}

static unsigned
pick(struct gen *g)
{
   /* Favour recent defs but reach far back as well. */
   unsigned n = g->num_visible;
   unsigned back = rnd(g, 4) == 0 ? rnd(g, n) : rnd(g, n < 8 ? n : 8);
   return g->visible[n - 1 - back];
}

static unsigned
new_def(struct gen *g)
{
   g->visible[g->num_visible++] = g->next_def;
   return g->next_def++;
}

static void
emit_code(struct gen *g, unsigned n)
{
   static const char *const ops[] = { "iadd", "imul", "ixor", "isub" };
   for (unsigned i = 0; i < n; i++) {
      unsigned a = pick(g), b = pick(g);
      unsigned d = new_def(g);
      u_strbuf_appendf(g->out, "%%%u:32 = %s %%%u, %%%u\n", d, ops[rnd(g, 4)],
                       a, b);
   }
}

static void
new_block(struct gen *g)
{
   g->cur = g->next_label++;
   u_strbuf_appendf(g->out, "b%u:\n", g->cur);
}

static void emit_region(struct gen *g, unsigned depth);

static void
emit_if(struct gen *g, unsigned depth)
{
   unsigned c = g->next_def++;
   u_strbuf_appendf(g->out, "%%%u:1 = ilt %%%u, %%%u\n", c, pick(g), pick(g));
   u_strbuf_appendf(g->out, "if %%%u {\n", c);
   unsigned mark = g->num_visible;
   new_block(g);
   emit_region(g, depth + 1);
   unsigned then_val = pick(g), then_last = g->cur;
   g->num_visible = mark;
   u_strbuf_append(g->out, "} else {\n");
   new_block(g);
   emit_region(g, depth + 1);
   unsigned else_val = pick(g), else_last = g->cur;
   g->num_visible = mark;
   u_strbuf_append(g->out, "}\n");
   new_block(g);
   unsigned phi = new_def(g);
   u_strbuf_appendf(g->out, "%%%u:32 = phi b%u: %%%u, b%u: %%%u\n", phi,
                    then_last, then_val, else_last, else_val);
}

static void
emit_loop(struct gen *g, unsigned depth)
{
   unsigned pre = g->cur, init = pick(g), limit = pick(g), step = pick(g);
   u_strbuf_append(g->out, "loop {\n");
   unsigned mark = g->num_visible;
   new_block(g);
   unsigned phi = new_def(g);
   unsigned next = g->next_def++; /* the back-edge value, defined last */

   /* The rest of the loop goes to a side buffer: the phi names the body's
    * last block, known only once the body is written. */
   struct u_strbuf *outer = g->out, body;
   u_strbuf_init(&body, g->mem);
   g->out = &body;
   unsigned c = g->next_def++;
   u_strbuf_appendf(g->out, "%%%u:1 = ige %%%u, %%%u\n", c, phi, limit);
   u_strbuf_appendf(g->out, "if %%%u {\n", c);
   new_block(g);
   u_strbuf_append(g->out, "break\n} else {\n");
   new_block(g);
   u_strbuf_append(g->out, "}\n");
   new_block(g);
   emit_region(g, depth + 1);
   u_strbuf_appendf(g->out, "%%%u:32 = iadd %%%u, %%%u\n", next, phi, step);
   u_strbuf_append(g->out, "}\n");
   g->out = outer;
   u_strbuf_appendf(g->out, "%%%u:32 = phi b%u: %%%u, b%u: %%%u\n", phi, pre,
                    init, g->cur, next);
   u_strbuf_append(g->out, body.str);

   g->num_visible = mark;
   /* The header's phi dominates the exit. */
   g->visible[g->num_visible++] = phi;
   new_block(g);
}

static void
emit_region(struct gen *g, unsigned depth)
{
   unsigned parts = 1 + rnd(g, 3);
   for (unsigned p = 0; p < parts; p++) {
      emit_code(g, 2 + rnd(g, 12));
      if (g->next_def >= g->target_defs || depth >= 4)
         continue;
      if (rnd(g, 2))
         emit_if(g, depth);
      else
         emit_loop(g, depth);
   }
}

/* Naive liveness of one def: walk predecessors back from each use. */
static void
reference_liveness(struct ir_function *fn, struct ir_def *def, bool *live_in,
                   bool *live_out, struct ir_block **stack)
{
   struct ir_block *dblock = def->parent->block;
   unsigned sp = 0;
   ir_foreach_use (def, src) {
      struct ir_block *ub;
      if (src->is_if_condition) {
         ub = ir_cf_as_block(ir_cf_node_prev(&src->parent_if->cf));
         if (ub == dblock)
            continue;
      } else if (src->parent_instr->kind == IR_INSTR_PHI) {
         struct ir_phi_src *ps = u_container_of(src, struct ir_phi_src, src);
         live_out[ps->pred->index] = true;
         if (ps->pred == dblock || live_in[ps->pred->index])
            continue;
         ub = ps->pred;
      } else {
         ub = src->parent_instr->block;
         if (ub == dblock)
            continue;
      }
      if (!live_in[ub->index]) {
         live_in[ub->index] = true;
         stack[sp++] = ub;
      }
   }
   while (sp) {
      struct ir_block *b = stack[--sp];
      for (unsigned p = 0; p < b->num_preds; p++) {
         struct ir_block *pb = b->preds[p];
         live_out[pb->index] = true;
         if (pb != dblock && !live_in[pb->index]) {
            live_in[pb->index] = true;
            stack[sp++] = pb;
         }
      }
   }
   (void)fn;
}

struct walk_check {
   struct ir_function *fn;
   uint64_t *before;
   unsigned words;
   unsigned checked;
};

static bool
set_bit(struct ir_src *src, void *data)
{
   u_bitset_set(data, src->def->index);
   return true;
}

static void
check_walk(struct ir_instr *instr, const uint64_t *live_after, void *data)
{
   struct walk_check *w = data;
   /* The query agrees with the walk for the defs this instruction touches. */
   struct ir_def *def = ir_instr_def(instr);
   if (def) {
      assert_int_equal(ir_def_is_live_after_instr(w->fn, def, instr),
                       u_bitset_test(live_after, def->index));
      w->checked++;
   }
   if (instr->kind != IR_INSTR_PHI) {
      struct ir_alu *alu = ir_instr_as_alu(instr);
      for (unsigned i = 0; alu && i < ir_op_infos[alu->op].num_inputs; i++) {
         struct ir_def *sd = alu->src[i].src.def;
         assert_int_equal(ir_def_is_live_after_instr(w->fn, sd, instr),
                          u_bitset_test(live_after, sd->index));
         w->checked++;
      }
   }
   /* Live before = live after - def + sources; kept for the block start. */
   u_bitset_copy(w->before, live_after, w->words);
   if (def)
      u_bitset_clear(w->before, def->index);
   if (instr->kind != IR_INSTR_PHI)
      ir_instr_foreach_src(instr, set_bit, w->before);
}

static void
generated_large_shader(void **state)
{
   struct u_strbuf text;
   u_strbuf_init(&text, *state);
   struct gen g = { .mem = *state,
                    .out = &text,
                    .rng = 0x9e3779b97f4a7c15ull,
                    .target_defs = 5000 };
   g.visible = u_arena_alloc_array(*state, 100000, sizeof(unsigned));
   u_strbuf_append(g.out, "shader compute\nfn main {\n");
   new_block(&g);
   for (unsigned i = 0; i < 4; i++) {
      unsigned d = new_def(&g);
      u_strbuf_appendf(g.out, "%%%u:32 = load_const %u\n", d, i * 3 + 1);
   }
   while (g.next_def < g.target_defs)
      emit_region(&g, 0);
   u_strbuf_append(g.out, "}\n");
   assert_false(text.oom);

   struct ir_shader *s = parse_valid(state, text.str);
   struct ir_function *fn = main_fn(s);
   ir_calc_liveness(fn);
   assert_true(fn->num_defs >= 5000);

   unsigned nb = fn->num_blocks + 1;
   bool *live_in = u_arena_alloc_array(*state, nb, sizeof(bool));
   bool *live_out = u_arena_alloc_array(*state, nb, sizeof(bool));
   struct ir_block **stack = u_arena_alloc_array(*state, nb, sizeof(*stack));
   unsigned loops = 0, live_bits = 0;
   ir_foreach_block (fn, b) {
      loops += ir_block_get_following_loop(b) != NULL;
      ir_foreach_instr (b, instr) {
         struct ir_def *def = ir_instr_def(instr);
         if (!def)
            continue;
         memset(live_in, 0, nb * sizeof(bool));
         memset(live_out, 0, nb * sizeof(bool));
         reference_liveness(fn, def, live_in, live_out, stack);
         ir_foreach_block (fn, x) {
            if (ir_def_is_live_in(x, def) != live_in[x->index] ||
                ir_def_is_live_out(x, def) != live_out[x->index])
               fail_msg("def %u in b%u: block b%u live-in %d/%d live-out "
                        "%d/%d (computed/reference)",
                        def->index, b->index, x->index,
                        ir_def_is_live_in(x, def), live_in[x->index],
                        ir_def_is_live_out(x, def), live_out[x->index]);
            live_bits += live_in[x->index];
         }
      }
   }
   assert_true(loops >= 20);
   assert_true(live_bits > 10000);

   /* Backward walks agree with the queries and end at live_in. */
   struct walk_check w = { .fn = fn, .words = U_BITSET_WORDS(fn->num_defs) };
   w.before = u_arena_zalloc_array(*state, w.words + 1, sizeof(uint64_t));
   ir_foreach_block (fn, b) {
      if (u_list_is_empty(&b->instrs))
         continue;
      assert_true(ir_block_walk_liveness(fn, b, check_walk, &w));
      assert_true(u_bitset_equal(w.before, b->live_in, w.words));
   }
   assert_true(w.checked > 10000);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(straight_line),
      cmocka_unit_test(if_diamond_with_phi),
      cmocka_unit_test(loop_with_values_around_back_edge),
      cmocka_unit_test(registers_with_partial_write_masks),
      cmocka_unit_test(registers_in_loops_and_arrays),
      cmocka_unit_test(generated_large_shader),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
