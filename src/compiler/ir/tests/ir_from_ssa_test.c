/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_convert_from_ssa(): golden texts for an if diamond (both
 * sides coalesced), a loop counter, the swap problem, the lost-copy
 * problem, one value feeding two phis of a block, constant and undef
 * sources and a shader without phis; then randomly generated shaders with
 * nested loops, loop-carried permutations and if merges, run in the
 * interpreter before and after out-of-SSA plus
 * ir_lower_parallel_copies().  The lowered shaders are also run after
 * "registerizing" them the way a backend would see them: every use of a
 * value stored in a register, and of every load_reg, reads the register
 * again right before the use.  That run only matches if coalesced values
 * never interfere, which is the pass's promise to backends.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "ir_backend_test_util.h"
#include "util/u_arena.h"
#include "util/u_strbuf.h"
#include "compiler/ir/ir_builder.h"

static void
if_diamond_coalesced(void **state)
{
   /* Both sources die at the merge: one register, no copy. */
   BT_CHECK_PASS(*state, ir_convert_from_ssa,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32x2 = load_input %0\n"
                 "    %2:1 = flt %1.x, %1.y\n"
                 "  if %2 {\n"
                 "    b1:\n"
                 "      %3:32 = fadd %1.x, %1.y\n"
                 "  } else {\n"
                 "    b2:\n"
                 "      %4:32 = fmul %1.x, %1.y\n"
                 "  }\n"
                 "  b3:\n"
                 "    %5:32 = phi b1: %3, b2: %4\n"
                 "    store_output %5, %0 write_mask=1\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %1:32 = load_const 0\n"
                 "    %2:32x2 = load_input %1\n"
                 "    %3:1 = flt %2, %2.y\n"
                 "  if %3 {\n"
                 "    b1:\n"
                 "      %4:32 = fadd %2, %2.y\n"
                 "      store_reg %4, %0 write_mask=1\n"
                 "  } else {\n"
                 "    b2:\n"
                 "      %5:32 = fmul %2, %2.y\n"
                 "      store_reg %5, %0 write_mask=1\n"
                 "  }\n"
                 "  b3:\n"
                 "    %6:32 = load_reg %0\n"
                 "    store_output %6, %1 write_mask=1\n"
                 "}\n");
}

static const char *const counter_loop = "shader fragment\n"
                                        "fn main {\n"
                                        "  b0:\n"
                                        "    %0:32 = load_const 0\n"
                                        "    %1:32 = load_const 1\n"
                                        "    %2:32 = load_input %0\n"
                                        "  loop {\n"
                                        "    b1:\n"
                                        "      %3:32 = phi b0: %0, b4: %5\n"
                                        "      %4:1 = uge %3, %2\n"
                                        "    if %4 {\n"
                                        "      b2:\n"
                                        "        break\n"
                                        "    } else {\n"
                                        "      b3:\n"
                                        "    }\n"
                                        "    b4:\n"
                                        "      %5:32 = iadd %3, %1\n"
                                        "  }\n"
                                        "  b5:\n"
                                        "    store_output %3, %0 write_mask=1\n"
                                        "}\n";

static void
loop_counter(void **state)
{
   /* The increment shares the counter's register; the constant start is
    * copied before the loop.  The counter is read after the loop through
    * the header's load. */
   BT_CHECK_PASS(*state, ir_convert_from_ssa, counter_loop,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %1:32 = load_const 0\n"
                 "    %2:32 = load_const 1\n"
                 "    %3:32 = load_input %1\n"
                 "    parallel_copy %0 <- %1\n"
                 "  loop {\n"
                 "    b1:\n"
                 "      %4:32 = load_reg %0\n"
                 "      %5:1 = uge %4, %3\n"
                 "    if %5 {\n"
                 "      b2:\n"
                 "        break\n"
                 "    } else {\n"
                 "      b3:\n"
                 "    }\n"
                 "    b4:\n"
                 "      %6:32 = iadd %4, %2\n"
                 "      store_reg %6, %0 write_mask=1\n"
                 "  }\n"
                 "  b5:\n"
                 "    store_output %4, %1 write_mask=1\n"
                 "}\n");
}

static const char *const swap_loop = "shader fragment\n"
                                     "fn main {\n"
                                     "  b0:\n"
                                     "    %0:32 = load_const 0\n"
                                     "    %1:32 = load_const 1\n"
                                     "    %2:32x3 = load_input %0\n"
                                     "    %3:32 = mov %2.x\n"
                                     "    %4:32 = mov %2.y\n"
                                     "  loop {\n"
                                     "    b1:\n"
                                     "      %5:32 = phi b0: %3, b4: %6\n"
                                     "      %6:32 = phi b0: %4, b4: %5\n"
                                     "      %7:32 = phi b0: %0, b4: %9\n"
                                     "      %8:1 = uge %7, %2.z\n"
                                     "    if %8 {\n"
                                     "      b2:\n"
                                     "        break\n"
                                     "    } else {\n"
                                     "      b3:\n"
                                     "    }\n"
                                     "    b4:\n"
                                     "      %9:32 = iadd %7, %1\n"
                                     "  }\n"
                                     "  b5:\n"
                                     "    %10:32x2 = vec2 %5, %6\n"
                                     "    store_output %10, %0 write_mask=3\n"
                                     "}\n";

static void
swap_problem(void **state)
{
   /* a, b = b, a every iteration: the two phis interfere, so the back
    * edge copies register to register, in parallel. */
   BT_CHECK_PASS(*state, ir_convert_from_ssa, swap_loop,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %1:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %2:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %3:32 = load_const 0\n"
                 "    %4:32 = load_const 1\n"
                 "    %5:32x3 = load_input %3\n"
                 "    %6:32 = mov %5\n"
                 "    store_reg %6, %0 write_mask=1\n"
                 "    %7:32 = mov %5.y\n"
                 "    store_reg %7, %1 write_mask=1\n"
                 "    parallel_copy %2 <- %3\n"
                 "  loop {\n"
                 "    b1:\n"
                 "      %8:32 = load_reg %0\n"
                 "      %9:32 = load_reg %1\n"
                 "      %10:32 = load_reg %2\n"
                 "      %11:1 = uge %10, %5.z\n"
                 "    if %11 {\n"
                 "      b2:\n"
                 "        break\n"
                 "    } else {\n"
                 "      b3:\n"
                 "    }\n"
                 "    b4:\n"
                 "      %12:32 = iadd %10, %4\n"
                 "      store_reg %12, %2 write_mask=1\n"
                 "      %13:32 = load_reg %1\n"
                 "      %14:32 = load_reg %0\n"
                 "      parallel_copy %0 <- %13, %1 <- %14\n"
                 "  }\n"
                 "  b5:\n"
                 "    %15:32x2 = vec2 %8, %9\n"
                 "    store_output %15, %3 write_mask=3\n"
                 "}\n");
}

static void
lost_copy_problem(void **state)
{
   /* x2 = x1 + 1 is computed before the exit test, and x1 is read after
    * the loop: x1 and x2 interfere, so x2 is copied on the back edge
    * instead of sharing the register. */
   BT_CHECK_PASS(*state, ir_convert_from_ssa,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32 = load_const 1\n"
                 "    %2:32 = load_input %0\n"
                 "  loop {\n"
                 "    b1:\n"
                 "      %3:32 = phi b0: %0, b4: %4\n"
                 "      %4:32 = iadd %3, %1\n"
                 "      %5:1 = uge %4, %2\n"
                 "    if %5 {\n"
                 "      b2:\n"
                 "        break\n"
                 "    } else {\n"
                 "      b3:\n"
                 "    }\n"
                 "    b4:\n"
                 "  }\n"
                 "  b5:\n"
                 "    store_output %3, %0 write_mask=1\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %1:32 = load_const 0\n"
                 "    %2:32 = load_const 1\n"
                 "    %3:32 = load_input %1\n"
                 "    parallel_copy %0 <- %1\n"
                 "  loop {\n"
                 "    b1:\n"
                 "      %4:32 = load_reg %0\n"
                 "      %5:32 = iadd %4, %2\n"
                 "      %6:1 = uge %5, %3\n"
                 "    if %6 {\n"
                 "      b2:\n"
                 "        break\n"
                 "    } else {\n"
                 "      b3:\n"
                 "    }\n"
                 "    b4:\n"
                 "      parallel_copy %0 <- %5\n"
                 "  }\n"
                 "  b5:\n"
                 "    store_output %4, %1 write_mask=1\n"
                 "}\n");
}

static void
one_value_two_phis(void **state)
{
   /* %3 feeds both phis: it joins the first one's register, and the
    * second phi copies it from there.  Constants are copied, undefs are
    * not. */
   BT_CHECK_PASS(*state, ir_convert_from_ssa,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32x2 = load_input %0\n"
                 "    %2:1 = ilt %1.x, %1.y\n"
                 "  if %2 {\n"
                 "    b1:\n"
                 "      %3:32 = iadd %1.x, %1.y\n"
                 "  } else {\n"
                 "    b2:\n"
                 "      %4:32 = undef\n"
                 "      %5:32 = load_const 5\n"
                 "  }\n"
                 "  b3:\n"
                 "    %6:32 = phi b1: %3, b2: %4\n"
                 "    %7:32 = phi b1: %3, b2: %5\n"
                 "    %8:32x2 = vec2 %6, %7\n"
                 "    store_output %8, %0 write_mask=3\n"
                 "}\n",
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %1:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %2:32 = load_const 0\n"
                 "    %3:32x2 = load_input %2\n"
                 "    %4:1 = ilt %3, %3.y\n"
                 "  if %4 {\n"
                 "    b1:\n"
                 "      %5:32 = iadd %3, %3.y\n"
                 "      store_reg %5, %0 write_mask=1\n"
                 "      %6:32 = load_reg %0\n"
                 "      parallel_copy %1 <- %6\n"
                 "  } else {\n"
                 "    b2:\n"
                 "      %7:32 = undef\n"
                 "      %8:32 = load_const 5\n"
                 "      parallel_copy %1 <- %8\n"
                 "  }\n"
                 "  b3:\n"
                 "    %9:32 = load_reg %0\n"
                 "    %10:32 = load_reg %1\n"
                 "    %11:32x2 = vec2 %9, %10\n"
                 "    store_output %11, %2 write_mask=3\n"
                 "}\n");
}

static const char *const continue_loop =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x2 = load_input %0\n"
   "    %3:32 = mov %2.x\n"
   "    %4:32 = mov %2.y\n"
   "  loop {\n"
   "    b1:\n"
   "      %5:32 = phi b0: %0, b4: %8, b6: %9\n"
   "      %6:32 = phi b0: %3, b4: %7, b6: %6\n"
   "      %10:1 = uge %5, %4\n"
   "    if %10 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b7:\n"
   "      %7:32 = iadd %6, %5\n"
   "      %11:1 = ilt %7, %4\n"
   "    if %11 {\n"
   "      b4:\n"
   "        %8:32 = iadd %5, %1\n"
   "        continue\n"
   "    } else {\n"
   "      b5:\n"
   "    }\n"
   "    b6:\n"
   "      %9:32 = iadd %5, %1\n"
   "  }\n"
   "  b8:\n"
   "    store_output %6, %0 write_mask=1\n"
   "}\n";

static void
continue_edges(void **state)
{
   /* Three predecessors of the header.  On the continue edge the phi %6
    * takes %7, which interferes with it (%6 flows unchanged around the
    * other back edge and out of the loop): a copy on that edge only. */
   BT_CHECK_PASS(*state, ir_convert_from_ssa, continue_loop,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %1:32 = decl_reg num_components=1 bit_size=32\n"
                 "    %2:32 = load_const 0\n"
                 "    %3:32 = load_const 1\n"
                 "    %4:32x2 = load_input %2\n"
                 "    %5:32 = mov %4\n"
                 "    store_reg %5, %1 write_mask=1\n"
                 "    %6:32 = mov %4.y\n"
                 "    parallel_copy %0 <- %2\n"
                 "  loop {\n"
                 "    b1:\n"
                 "      %7:32 = load_reg %0\n"
                 "      %8:32 = load_reg %1\n"
                 "      %9:1 = uge %7, %6\n"
                 "    if %9 {\n"
                 "      b2:\n"
                 "        break\n"
                 "    } else {\n"
                 "      b3:\n"
                 "    }\n"
                 "    b4:\n"
                 "      %10:32 = iadd %8, %7\n"
                 "      %11:1 = ilt %10, %6\n"
                 "    if %11 {\n"
                 "      b5:\n"
                 "        %12:32 = iadd %7, %3\n"
                 "        store_reg %12, %0 write_mask=1\n"
                 "        parallel_copy %1 <- %10\n"
                 "        continue\n"
                 "    } else {\n"
                 "      b6:\n"
                 "    }\n"
                 "    b7:\n"
                 "      %13:32 = iadd %7, %3\n"
                 "      store_reg %13, %0 write_mask=1\n"
                 "  }\n"
                 "  b8:\n"
                 "    store_output %8, %2 write_mask=1\n"
                 "}\n");
}

static void
no_phis(void **state)
{
   BT_CHECK_PASS(*state, ir_convert_from_ssa,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32 = load_input %0\n"
                 "    store_output %1, %0 write_mask=1\n"
                 "}\n",
                 NULL);
}

/* ---------------------------------------------------------------------- */
/* Registerizing: what a backend that coalesces load_regs sees            */
/* ---------------------------------------------------------------------- */

static struct ir_def *
fresh_load(struct ir_builder *b, struct ir_def *reg, const struct ir_def *like)
{
   struct ir_intrinsic *ld = ir_build_intrinsic(
      b, IR_INTRINSIC_LOAD_REG, like->num_components, like->bit_size, &reg);
   assert_non_null(ld);
   return &ld->def;
}

/* Makes every use of @p def (but @p keep) read @p reg right before it. */
static void
reread_uses(struct ir_function *fn, struct ir_def *def, struct ir_def *reg,
            struct ir_instr *keep)
{
   ir_foreach_use_safe (def, src) {
      struct ir_cursor at;
      if (src->is_if_condition) {
         at = ir_before_cf_node(&src->parent_if->cf);
      } else {
         if (src->parent_instr == keep)
            continue;
         at = ir_before_instr(src->parent_instr);
      }
      struct ir_builder b = ir_builder_at(fn, at);
      struct ir_def *ld = fresh_load(&b, reg, def);
      if (src->is_if_condition)
         ir_if_set_condition(src->parent_if, ld);
      else
         ir_instr_set_src(src->parent_instr, src, ld);
   }
}

static void
registerize(struct ir_shader *s)
{
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   /* Collect first: the rewrite adds load_regs. */
   struct ir_intrinsic *work[4096];
   unsigned n = 0;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
         if (intr && (intr->op == IR_INTRINSIC_LOAD_REG ||
                      intr->op == IR_INTRINSIC_STORE_REG)) {
            assert_true(n < 4096);
            work[n++] = intr;
         }
      }
   }
   for (unsigned i = 0; i < n; i++) {
      struct ir_intrinsic *intr = work[i];
      if (intr->op == IR_INTRINSIC_LOAD_REG) {
         reread_uses(fn, &intr->def, intr->src[0].def, NULL);
         continue;
      }
      /* A value stored right after its definition lives in the register
       * (from_ssa's coalesced web members). */
      struct ir_def *v = intr->src[0].def;
      struct ir_intrinsic *vi = ir_def_as_intrinsic(v);
      if (v->parent->link.next == &intr->instr.link &&
          !(vi && vi->op == IR_INTRINSIC_LOAD_REG))
         reread_uses(fn, v, intr->src[1].def, &intr->instr);
   }
   bt_validate(s, "registerize");
}

/* ---------------------------------------------------------------------- */
/* Random shaders                                                         */
/* ---------------------------------------------------------------------- */

struct gen {
   struct u_arena *mem;
   struct u_strbuf *out;
   uint64_t rng;
   unsigned next_def;
   unsigned next_label;
   unsigned cur;
   unsigned *visible;
   unsigned num_visible;
   unsigned budget;
   unsigned zero, one;
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
   unsigned n = g->num_visible;
   unsigned back = rnd(g, 3) == 0 ? rnd(g, n) : rnd(g, n < 6 ? n : 6);
   return g->visible[n - 1 - back];
}

static unsigned
push_def(struct gen *g, unsigned d)
{
   g->visible[g->num_visible++] = d;
   return d;
}

static void
new_block(struct gen *g)
{
   g->cur = g->next_label++;
   u_strbuf_appendf(g->out, "b%u:\n", g->cur);
}

static void
emit_code(struct gen *g, unsigned n)
{
   static const char *const ops[] = { "iadd", "imul", "ixor", "isub" };
   for (unsigned i = 0; i < n; i++) {
      unsigned a = pick(g), b = pick(g);
      unsigned d = push_def(g, g->next_def++);
      u_strbuf_appendf(g->out, "%%%u:32 = %s %%%u, %%%u\n", d, ops[rnd(g, 4)],
                       a, b);
   }
}

static void emit_region(struct gen *g, unsigned depth);

static void
emit_if(struct gen *g, unsigned depth)
{
   unsigned c = g->next_def++;
   u_strbuf_appendf(g->out, "%%%u:1 = ilt %%%u, %%%u\n", c, pick(g), pick(g));
   u_strbuf_appendf(g->out, "if %%%u {\n", c);
   unsigned mark = g->num_visible;
   unsigned nphis = 1 + rnd(g, 3);
   unsigned then_v[3], else_v[3];
   bool is_undef[3] = { false, false, false };
   new_block(g);
   emit_region(g, depth + 1);
   for (unsigned i = 0; i < nphis; i++)
      then_v[i] = pick(g);
   unsigned then_last = g->cur;
   g->num_visible = mark;
   u_strbuf_append(g->out, "} else {\n");
   new_block(g);
   emit_region(g, depth + 1);
   for (unsigned i = 0; i < nphis; i++) {
      else_v[i] = pick(g);
      if (rnd(g, 6) == 0) {
         /* An undef: the register keeps whatever it held, which is a
          * fine value for an undef but not the interpreter's 0, so the
          * phi is not used further. */
         is_undef[i] = true;
         else_v[i] = g->next_def++;
         u_strbuf_appendf(g->out, "%%%u:32 = undef\n", else_v[i]);
      }
   }
   if (nphis > 1 && rnd(g, 3) == 0)
      then_v[1] = then_v[0];
   unsigned else_last = g->cur;
   g->num_visible = mark;
   u_strbuf_append(g->out, "}\n");
   new_block(g);
   for (unsigned i = 0; i < nphis; i++) {
      unsigned phi = g->next_def++;
      if (!is_undef[i])
         push_def(g, phi);
      u_strbuf_appendf(g->out, "%%%u:32 = phi b%u: %%%u, b%u: %%%u\n", phi,
                       then_last, then_v[i], else_last, else_v[i]);
   }
}

static void
emit_loop(struct gen *g, unsigned depth)
{
   unsigned pre = g->cur;
   unsigned nvals = 1 + rnd(g, 4);
   unsigned init[5], phis[5], next[5];
   for (unsigned i = 0; i < nvals; i++)
      init[i] = pick(g);
   unsigned limit = g->next_def++;
   u_strbuf_appendf(g->out, "%%%u:32 = load_const %u\n", limit, 1 + rnd(g, 3));
   u_strbuf_append(g->out, "loop {\n");
   unsigned mark = g->num_visible;
   new_block(g);
   unsigned header = g->cur;
   unsigned counter = g->next_def++, counter_next = g->next_def++;
   for (unsigned i = 0; i < nvals; i++)
      phis[i] = push_def(g, g->next_def++);
   push_def(g, counter);

   /* The rest goes to a side buffer: the phis name the latch block and
    * the back-edge values, known only at the end of the body. */
   struct u_strbuf *outer = g->out, body;
   u_strbuf_init(&body, g->mem);
   g->out = &body;
   unsigned c = g->next_def++;
   bool test_first = rnd(g, 2);
   if (!test_first) {
      /* The lost-copy shape: the increment before the exit test. */
      u_strbuf_appendf(g->out, "%%%u:32 = iadd %%%u, %%%u\n", counter_next,
                       counter, g->one);
      u_strbuf_appendf(g->out, "%%%u:1 = uge %%%u, %%%u\n", c, counter_next,
                       limit);
   } else {
      u_strbuf_appendf(g->out, "%%%u:1 = uge %%%u, %%%u\n", c, counter, limit);
   }
   u_strbuf_appendf(g->out, "if %%%u {\n", c);
   new_block(g);
   u_strbuf_append(g->out, "break\n} else {\n");
   new_block(g);
   u_strbuf_append(g->out, "}\n");
   new_block(g);
   emit_region(g, depth + 1);

   /* Sometimes a continue in the middle of the body: a third predecessor
    * of the header, with its own values. */
   bool has_continue = rnd(g, 3) == 0;
   unsigned cont_block = 0, cont_counter = 0, cont[5];
   if (has_continue) {
      unsigned cc = g->next_def++;
      u_strbuf_appendf(g->out, "%%%u:1 = ilt %%%u, %%%u\n", cc, pick(g),
                       pick(g));
      u_strbuf_appendf(g->out, "if %%%u {\n", cc);
      new_block(g);
      cont_block = g->cur;
      cont_counter = g->next_def++;
      u_strbuf_appendf(g->out, "%%%u:32 = iadd %%%u, %%%u\n", cont_counter,
                       counter, g->one);
      for (unsigned i = 0; i < nvals; i++)
         cont[i] = rnd(g, 2) ? phis[rnd(g, nvals)] : pick(g);
      u_strbuf_append(g->out, "continue\n} else {\n");
      new_block(g);
      u_strbuf_append(g->out, "}\n");
      new_block(g);
      emit_code(g, 1 + rnd(g, 3));
   }
   if (test_first)
      u_strbuf_appendf(g->out, "%%%u:32 = iadd %%%u, %%%u\n", counter_next,
                       counter, g->one);
   /* Back-edge values: often another phi (permutations, swaps). */
   for (unsigned i = 0; i < nvals; i++)
      next[i] = rnd(g, 2) ? phis[rnd(g, nvals)] : pick(g);
   u_strbuf_append(g->out, "}\n");
   g->out = outer;
   /* Phi sources: before the loop, the continue block, the latch. */
   u_strbuf_appendf(g->out, "%%%u:32 = phi b%u: %%%u, b%u: %%%u", counter, pre,
                    g->zero, g->cur, counter_next);
   if (has_continue)
      u_strbuf_appendf(g->out, ", b%u: %%%u", cont_block, cont_counter);
   u_strbuf_append(g->out, "\n");
   for (unsigned i = 0; i < nvals; i++) {
      u_strbuf_appendf(g->out, "%%%u:32 = phi b%u: %%%u, b%u: %%%u", phis[i],
                       pre, init[i], g->cur, next[i]);
      if (has_continue)
         u_strbuf_appendf(g->out, ", b%u: %%%u", cont_block, cont[i]);
      u_strbuf_append(g->out, "\n");
   }
   u_strbuf_append(g->out, body.str);
   (void)header;

   g->num_visible = mark;
   for (unsigned i = 0; i < nvals; i++)
      push_def(g, phis[i]);
   if (!test_first)
      push_def(g, counter_next);
   new_block(g);
}

static void
emit_region(struct gen *g, unsigned depth)
{
   unsigned parts = 1 + rnd(g, 3);
   for (unsigned p = 0; p < parts; p++) {
      emit_code(g, 1 + rnd(g, 4));
      if (g->next_def >= g->budget || depth >= 3)
         continue;
      if (rnd(g, 2))
         emit_if(g, depth);
      else
         emit_loop(g, depth);
   }
}

static char *
generate(struct u_arena *mem, uint64_t seed)
{
   struct u_strbuf *text = u_arena_zalloc(mem, sizeof(*text));
   u_strbuf_init(text, mem);
   struct gen g = { .mem = mem, .out = text, .rng = seed, .budget = 250 };
   g.visible = u_arena_alloc_array(mem, 4096, sizeof(unsigned));
   u_strbuf_append(g.out, "shader fragment\nfn main {\n");
   new_block(&g);
   g.zero = g.next_def++;
   g.one = g.next_def++;
   u_strbuf_appendf(g.out, "%%%u:32 = load_const 0\n", g.zero);
   u_strbuf_appendf(g.out, "%%%u:32 = load_const 1\n", g.one);
   unsigned in = g.next_def++;
   u_strbuf_appendf(g.out, "%%%u:32x4 = load_input %%%u\n", in, g.zero);
   for (unsigned c = 0; c < 4; c++) {
      unsigned d = push_def(&g, g.next_def++);
      u_strbuf_appendf(g.out, "%%%u:32 = mov %%%u.%c\n", d, in, "xyzw"[c]);
   }
   emit_region(&g, 0);
   for (unsigned slot = 0; slot < 2; slot++) {
      unsigned v = g.next_def++, off = g.next_def++;
      u_strbuf_appendf(g.out, "%%%u:32x4 = vec4 %%%u, %%%u, %%%u, %%%u\n", v,
                       pick(&g), pick(&g), pick(&g), pick(&g));
      u_strbuf_appendf(g.out, "%%%u:32 = load_const %u\n", off, slot);
      u_strbuf_appendf(g.out, "store_output %%%u, %%%u write_mask=15\n", v,
                       off);
   }
   u_strbuf_append(g.out, "}\n");
   assert_false(text->oom);
   return text->str;
}

/* Runs the shader in SSA form, lowered, and lowered and registerized, on
 * inputs from @p seed (masked with @p input_mask), and compares. */
static void
run_three_ways(void **state, const char *text, uint64_t seed,
               uint32_t input_mask)
{
   struct ir_shader *ssa = IR_PARSE(*state, text);
   bt_validate(ssa, "generated");
   struct ir_shader *lowered = IR_PARSE(*state, text);
   assert_true(ir_convert_from_ssa(lowered));
   bt_validate(lowered, "ir_convert_from_ssa");
   assert_true(ir_lower_parallel_copies(lowered));
   bt_validate(lowered, "ir_lower_parallel_copies");
   struct ir_shader *reg = IR_PARSE(*state, text);
   ir_convert_from_ssa(reg);
   ir_lower_parallel_copies(reg);
   registerize(reg);

   struct bt_io *io[3];
   for (unsigned k = 0; k < 3; k++) {
      io[k] = calloc(1, sizeof(*io[k]));
      uint64_t r = seed * 0x9e3779b97f4a7c15ull + 1;
      for (unsigned l = 0; l < BT_WIDTH; l++) {
         for (unsigned c = 0; c < 4; c++) {
            r ^= r << 13;
            r ^= r >> 7;
            r ^= r << 17;
            *bt_in(io[k], 0, c, l) = (uint32_t)r & input_mask;
         }
      }
   }
   bt_run(ssa, io[0]);
   bt_run(lowered, io[1]);
   bt_run(reg, io[2]);
   for (unsigned k = 1; k < 3; k++) {
      if (memcmp(io[0]->out, io[k]->out, sizeof(io[0]->out)) != 0) {
         char *t = ir_shader_to_string(k == 1 ? lowered : reg, *state);
         fprintf(stderr, "%s\n---\n%s\n", text, t);
         fail_msg("seed %llu: the %s shader computes something else",
                  (unsigned long long)seed,
                  k == 1 ? "lowered" : "registerized");
      }
   }
   for (unsigned k = 0; k < 3; k++)
      free(io[k]);
}

static void
small_loops_three_ways(void **state)
{
   run_three_ways(state, swap_loop, 1, 7);
   run_three_ways(state, counter_loop, 2, 7);
   run_three_ways(state, continue_loop, 3, 7);
}

static void
random_shaders(void **state)
{
   unsigned phis = 0, continues = 0;
   for (uint64_t seed = 1; seed <= 300; seed++) {
      struct u_arena *mem = u_arena_create(*state);
      void *sub = mem;
      char *text = generate(mem, seed * 0x2545f4914f6cdd1dull);
      for (const char *p = text; (p = strstr(p, "phi")); p++)
         phis++;
      for (const char *p = text; (p = strstr(p, "continue")); p++)
         continues++;
      run_three_ways(&sub, text, seed, ~0u);
      u_arena_destroy(mem);
   }
   assert_true(phis > 1000);
   assert_true(continues > 50);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(if_diamond_coalesced),
      cmocka_unit_test(loop_counter),
      cmocka_unit_test(swap_problem),
      cmocka_unit_test(lost_copy_problem),
      cmocka_unit_test(one_value_two_phis),
      cmocka_unit_test(continue_edges),
      cmocka_unit_test(no_phis),
      cmocka_unit_test(small_loops_three_ways),
      cmocka_unit_test(random_shaders),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
